// The board: placed tiles by coordinate and the open cells around them, each open cell
// with the edges a tile must show to fit there.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "carcassonne/tiles.hpp"

namespace carc {

// The figures of a player (docs/expansions.md). Recall is no figure: it stands where a
// figure kind would, for the action that brings the abbot home (a move's figure action).
// Fairy and Princess are actions too (Princess & Dragon): the fairy moved next to a meeple,
// a knight removed by the princess.
// TowerPiece: The Tower's piece, built onto a foundation anywhere (an action, not a figure on a feature).
// Abbey & Mayor: the mayor and the wagon are figures on features; the barn stands on a corner
// point between four tiles (named on the tile just placed by a half-edge location, see
// abbey_and_mayor.hpp) and is kept apart from the figures on features.
enum class Figure : uint8_t { Meeple = 0, Large = 1, Abbot = 2, Builder = 3, Pig = 4, Fairy = 5, Princess = 6, Recall = 7, TowerPiece = 8,
                              Mayor = 9, Wagon = 10, Barn = 11 };
inline constexpr int kFigureKinds = 5;   // Meeple..Pig
inline constexpr int kFigureValues = 12;  // every Figure value: what a table by figure holds

// A tile on the board, in placement order (index 0 is the start tile or the spring).
struct PlacedTile {
  int8_t x, y;
  TileType type;
  uint8_t rot;        // 0..3 quarter turns clockwise
  uint16_t seg_base;  // first segment id of this tile in Features
  Location meeple;    // where this turn's figure went, Location::None if none
  Figure figure;      // which figure went there (or Recall: this turn recalled the abbot)
  friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

// An empty cell next to at least one tile. `req` holds 2 bits per side (Edge values):
// the edge a tile must show on that side, Edge::None where there is no neighbour.
struct OpenCell {
  uint16_t cell;
  int8_t x, y;
  uint8_t req;
  // Whether a tile is on each of its four sides (each side's 2 bits of req non-zero): a
  // hole, where an abbey may go.
  bool enclosed() const { return ((req | req >> 1) & 0x55) == 0x55; }
  friend bool operator==(const OpenCell&, const OpenCell&) = default;
};

// The smallest rectangle of cells that holds every cell added to it (and (0, 0)).
struct Extent {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  void add(int x, int y) {
    x0 = x < x0 ? x : x0;
    x1 = x > x1 ? x : x1;
    y0 = y < y0 ? y : y0;
    y1 = y > y1 ? y : y1;
  }
};

// A fixed 8192-cell board indexed by (127*y + x) mod 8192. Any two cells at most 126 steps
// apart (|dx| + |dy|) get distinct indices (tests/test_limits.cpp checks the stride), so
// the board never collides while its tiles lie at most 124 steps apart, open cells included;
// each cell also records the coordinates it holds, so far-away queries that alias a used
// index are told apart. A box of up to 125 tiles can reach no farther; with a larger box
// (limit_span), a cell that would put a tile more than 124 steps from another is not open
// (too_far): a game reaches that only with 125 tiles in one line.
// A cell can also be blocked: the river's open end, where only the next river tile may go
// (river.cpp). A blocked cell is no open cell, so land tiles never see it.
class Board {
 public:
  static constexpr int kCells = 8192;
  static constexpr int kStride = 127;
  static constexpr int kMaxOpen = 2 * kTotalTiles + 4;
  // The most steps (|dx| + |dy|) between two tiles: what keeps the cells apart.
  static constexpr int kMaxSpan = 124;
  static constexpr int kReach = kTotalTiles < kMaxSpan + 1 ? kTotalTiles : kMaxSpan + 1;  // no tile lies farther from (0,0)
  static constexpr int kDelta[4] = {-kStride, 1, kStride, -1};  // N E S W
  static constexpr int kDx[4] = {0, 1, 0, -1};
  static constexpr int kDy[4] = {-1, 0, 1, 0};
  // Cell offsets of the 3x3 block around a cell, row by row (dy, then dx, from -1 to 1).
  static constexpr int kBlock[9] = {-kStride - 1, -kStride, -kStride + 1, -1, 0, 1, kStride - 1, kStride, kStride + 1};

  // An empty board. The cells are cleared 256 bytes at a time by sixteen 16-byte stores (a
  // memset of this size is a string instruction that costs a playout more; memsets of 64,
  // 128 or 256 bytes at a time cost more instructions than these stores).
  Board() { clear_cells(); }

  // Copies are what a search makes most, so they copy only what means something: the
  // tags of the rows around the tiles (every tag in use, tiles, open cells and the blocked
  // cell, lies next to a tile; all others are 0) and the used part of the tile and
  // open-cell lists, not all 10 KB.
  Board(const Board& o) {
    clear_cells();
    copy_used(o);
  }
  // Only the cells in use here that o's will not overwrite are cleared: a search assigns a
  // position to a copy of itself a tile or a few later, whose cells take in the position's.
  Board& operator=(const Board& o) {
    if (this != &o) {
      if (ntiles_ != 0) clear_except(used_range(extent()), o.ntiles_ != 0 ? used_range(o.extent()) : Range{});
      copy_used(o);
    }
    return *this;
  }

  // Same tiles, open cells and counts; the unused parts of the arrays are not compared.
  friend bool operator==(const Board& a, const Board& b) {
    if (a.ntiles_ != b.ntiles_ || a.nopen_ != b.nopen_ || a.fit_count_ != b.fit_count_ || a.nblocked_ != b.nblocked_ ||
        (a.nblocked_ && (a.blocked_x_ != b.blocked_x_ || a.blocked_y_ != b.blocked_y_)))
      return false;
    for (int i = 0; i < a.ntiles_; ++i)
      if (!(a.tiles_[i] == b.tiles_[i])) return false;
    for (int i = 0; i < a.nopen_; ++i)
      if (!(a.open_[i] == b.open_[i])) return false;
    return a.cells_ == b.cells_;
  }

  static uint16_t cell_of(int x, int y) { return static_cast<uint16_t>((y * kStride + x) & (kCells - 1)); }
  static uint16_t step(uint16_t cell, int side) {
    return static_cast<uint16_t>((cell + kDelta[side]) & (kCells - 1));
  }
  static bool in_reach(int x, int y) { return x >= -kReach && x <= kReach && y >= -kReach && y <= kReach; }
  // The cell at offset b of the 3x3 block around a cell (kBlock).
  static uint16_t block_cell(uint16_t cell, int b) { return static_cast<uint16_t>((cell + kBlock[b]) & (kCells - 1)); }

  int tile_count() const { return ntiles_; }
  const PlacedTile& tile(int i) const { return tiles_[i]; }
  PlacedTile& tile(int i) { return tiles_[i]; }

  // Index of the tile at a cell, or -1 if the cell holds no tile.
  int tile_index_at_cell(uint16_t cell) const {
    const uint8_t v = cells_[cell];
    return has_tile(v) ? v - 1 : -1;
  }
  // Index of the tile at (x, y), or -1.
  int tile_index_at(int x, int y) const {
    if (!in_reach(x, y)) return -1;
    const int i = tile_index_at_cell(cell_of(x, y));
    return (i >= 0 && tiles_[i].x == x && tiles_[i].y == y) ? i : -1;
  }
  // The open cell at (x, y), or nullptr.
  const OpenCell* open_at(int x, int y) const {
    if (!in_reach(x, y)) return nullptr;
    const uint16_t c = cell_of(x, y);
    const uint8_t v = cells_[c];
    if (v < kOpenTag || v == kBlocked) return nullptr;
    const OpenCell& o = open_[open_index(v, c)];
    return (o.x == x && o.y == y) ? &o : nullptr;
  }
  // Whether (x, y) is the blocked cell (there is at most one: the river's open end).
  bool blocked_at(int x, int y) const { return nblocked_ && blocked_x_ == x && blocked_y_ == y; }
  // Blocks an empty or open cell (the river's new open end); unblocks the old one.
  void block(int x, int y) {
    unblock();
    const uint16_t c = cell_of(x, y);
    if (cells_[c] >= kOpenTag && cells_[c] != kBlocked) {
      const int o = open_index(cells_[c], c);
      recount(open_[o].req, 0);
      remove_open(o);
    }
    cells_[c] = kBlocked;
    blocked_x_ = static_cast<int8_t>(x);
    blocked_y_ = static_cast<int8_t>(y);
    nblocked_ = 1;
  }
  // Lifts the block (the cell becomes empty; placing a tile there lifts it too).
  void unblock() {
    if (!nblocked_) return;
    const uint16_t c = cell_of(blocked_x_, blocked_y_);
    if (cells_[c] == kBlocked) cells_[c] = 0;
    nblocked_ = 0;
  }

  int open_count() const { return nopen_; }
  const OpenCell& open(int i) const { return open_[i]; }
  // How many placements land tile type t has on this board (each distinct picture once):
  // the length of its legal placement list. The base types' counts are kept up to date as
  // open cells change, and serve every type that counts as one (tiles::kCountedAs); the
  // others' are counted.
  int placement_count(TileType t) const {
    const uint8_t counted = tiles::kCountedAs[t];
    if (counted < kBaseTypes) return base_placement_count(counted);
    int n = 0;
#pragma GCC unroll 4
    for (int i = 0; i < nopen_; ++i) n += tiles::kFitCount[t][open_[i].req];
    return n;
  }

  // Whether land tile type t has a placement: placement_count(t) > 0, by a walk that stops
  // at the first (Game::fits_anywhere reads a kept count first, where t has one).
  bool fits_somewhere(TileType t) const {
    for (int i = 0; i < nopen_; ++i)
      if (tiles::kFitCount[t][open_[i].req] > 0) return true;
    return false;
  }

  // The same for a base type A..X, kept up to date.
  int base_placement_count(TileType t) const { return fit_count_[t]; }

  // Puts a tile on (x, y), which must be empty, and updates the open cells. Returns its
  // index; neighbours[s], if given, gets the index of the tile on side s (N E S W) or -1.
  // Fitting is the caller's business.
  // Forced inline: out of line in the expansions' placement it costs a call per tile and the
  // neighbours' stores.
  [[gnu::always_inline]] int place(int x, int y, TileType t, int rot, uint16_t seg_base, int* neighbours = nullptr) {
    const uint16_t c = cell_of(x, y);
    const int idx = list_tile(x, y, t, rot, seg_base);
    const uint8_t here = cells_[c];
    FitDelta delta;
    if (here == kBlocked) {
      nblocked_ = 0;
    } else if (here >= kOpenTag) {
      const int o = open_index(here, c);
      delta.sub(open_[o].req);
      remove_open(o);
    }
    cells_[c] = static_cast<uint8_t>(idx + 1);
    const uint8_t code = tiles::kOriented[t][rot].edge_code;
    // Each side's edge moved to the opposite side: what the cell beyond it must show there.
    const uint8_t facing = static_cast<uint8_t>(code >> 4 | code << 4);
    // Unrolled, each side's shifts, offsets and neighbour slot are constants (GCC kept the
    // loop, whose variable shifts and table reads were 6% of a playout).
#pragma GCC unroll 4
    for (int s = 0; s < 4; ++s) {
      const uint16_t n = step(c, s);
      const uint8_t v = cells_[n];
      if (neighbours) neighbours[s] = has_tile(v) ? v - 1 : -1;
      if (has_tile(v)) continue;
      const int opp = (s + 2) & 3;
      const uint8_t need = static_cast<uint8_t>(facing & (3u << (2 * opp)));
      if (v == 0) {
        const int o = nopen_++;
        open_[o] = OpenCell{n, static_cast<int8_t>(x + kDx[s]), static_cast<int8_t>(y + kDy[s]), need};
        cells_[n] = open_tag(o);
        delta.add(need);
      } else if (v != kBlocked) {
        uint8_t& req = open_[open_index(v, n)].req;
        delta.sub(req);
        req |= need;
        delta.add(req);
      }
    }
    delta.into(fit_count_);
    return idx;
  }

  // place without the open cells: the tile and its neighbours only, for a look at the
  // features a placement makes. The open cells and their counts are wrong until
  // unplace_tile_only puts the board back.
  int place_tile_only(int x, int y, TileType t, int rot, uint16_t seg_base, int* neighbours) {
    const uint16_t c = cell_of(x, y);
    const int idx = list_tile(x, y, t, rot, seg_base);
    cells_[c] = static_cast<uint8_t>(idx + 1);
#pragma GCC unroll 4
    for (int s = 0; s < 4; ++s) {
      const uint8_t v = cells_[step(c, s)];
      neighbours[s] = has_tile(v) ? v - 1 : -1;
    }
    return idx;
  }
  // Makes this board, o with place_tile_only(x, y, ...) since and nothing else, o again.
  void unplace_tile_only(const Board& o, int x, int y) {
    cells_[cell_of(x, y)] = o.cells_[cell_of(x, y)];
    ntiles_ = o.ntiles_;
  }

  // After place(x, y, ...) on a board that may hold more than kMaxSpan + 1 tiles (a box that
  // large): closes the open cells that would put a tile more than kMaxSpan steps from
  // another. While every tile lies within kNear steps of (0,0) there are none. A separate
  // call, so that the games of smaller boxes pay nothing for it.
  void limit_span(int x, int y) {
    if (wide_ | (static_cast<unsigned>(std::abs(x) + std::abs(y)) > kNear)) [[unlikely]] widen();
  }

  // Whether (x, y) is an empty cell beside a tile where no tile may go, because it would lie
  // more than kMaxSpan steps from another tile.
  bool too_far(int x, int y) const {
    if (!wide_ || tile_index_at(x, y) >= 0 || open_at(x, y) || within_span(x, y)) return false;
    for (int s = 0; s < 4; ++s)
      if (tile_index_at(x + kDx[s], y + kDy[s]) >= 0) return true;
    return false;
  }

  // The rectangle the placed tiles cover. Every copy asks for it twice, so a copy keeps
  // what it found and later calls walk only the tiles placed since; placing pays nothing.
  Extent extent() const {
    Extent e = known_extent_;
    for (int i = known_tiles_; i < ntiles_; ++i) e.add(tiles_[i].x, tiles_[i].y);
    return e;
  }
  // Calls f(index) for each placed tile in order of x, then y: the tiles counted into their
  // columns, then each column put in order by insertion (a few tiles each). A walk over
  // every cell of the extent cost several times more once a game has a hundred tiles.
  template <class F>
  void tiles_by_position(F&& f) const {
    if (ntiles_ == 0) return;
    const Extent e = extent();
    const int x0 = e.x0, columns = e.x1 - e.x0 + 1;
    std::array<uint8_t, 2 * kReach + 2> next{};  // by column: its count, then where it starts
    for (int i = 0; i < ntiles_; ++i) ++next[static_cast<size_t>(tiles_[i].x - x0 + 1)];
    for (int c = 1; c <= columns; ++c) next[static_cast<size_t>(c)] = static_cast<uint8_t>(next[static_cast<size_t>(c)] + next[static_cast<size_t>(c - 1)]);
    std::array<uint8_t, kTotalTiles> order;
    for (int i = 0; i < ntiles_; ++i) order[next[static_cast<size_t>(tiles_[i].x - x0)]++] = static_cast<uint8_t>(i);
    // next[c] is now where column c ends (and c + 1 starts).
    for (int c = 0, begin = 0; c < columns; begin = next[static_cast<size_t>(c++)]) {
      const int end = next[static_cast<size_t>(c)];
      for (int i = begin + 1; i < end; ++i) {
        const uint8_t t = order[static_cast<size_t>(i)];
        int j = i;
        for (; j > begin && tiles_[order[static_cast<size_t>(j - 1)]].y > tiles_[t].y; --j) order[static_cast<size_t>(j)] = order[static_cast<size_t>(j - 1)];
        order[static_cast<size_t>(j)] = t;
      }
      for (int i = begin; i < end; ++i) f(order[static_cast<size_t>(i)]);
    }
  }
  // Keeps extent() as it is now, for a board that many copies will be made from (a search's
  // position): each copy would otherwise walk the tiles placed since it was last kept.
  void keep_extent() {
    known_extent_ = extent();
    known_tiles_ = ntiles_;
  }

  // Number of tiles on the 8 cells around (x, y).
  int neighbours8(int x, int y) const {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if ((dx || dy) && tile_index_at(x + dx, y + dy) >= 0) ++n;
    return n;
  }
  // The same around a cell that holds a tile: its neighbours are within reach, where
  // cells never collide, so no coordinate check is needed.
  int neighbours8_of_cell(uint16_t cell) const {
    int n = 0;
    for (int d : kAround) n += has_tile(cells_[(cell + d) & (kCells - 1)]);
    return n;
  }
  // The same around a placed tile (a monastery's or garden's neighbours).
  int neighbours8(const PlacedTile& t) const { return neighbours8_of_cell(cell_of(t.x, t.y)); }

 private:
  // Cell tags: 0 empty; 1..125 the tile index + 1; from kOpenTag the open cell index + kOpenTag
  // for the first kDirectOpen open cells, kSpilled for the others (found by a walk over the
  // end of the list: a board rarely has that many); kBlocked.
  static constexpr uint8_t kOpenTag = kTotalTiles + 1;
  static constexpr uint8_t kSpilled = 254;
  static constexpr uint8_t kBlocked = 255;
  static constexpr int kDirectOpen = kSpilled - kOpenTag;
  static constexpr int kAround[8] = {-kStride - 1, -kStride, -kStride + 1, -1, 1, kStride - 1, kStride, kStride + 1};
  // Whether a cell value names a tile (1..125); one unsigned compare.
  static bool has_tile(uint8_t v) { return static_cast<uint8_t>(v - 1) < kTotalTiles; }
  static constexpr int kNear = kMaxSpan / 2 - 1;  // steps from (0,0): two open cells stay within kMaxSpan + 2

  // The board has a tile past kNear steps of (0,0): from now on, the ranges of x + y and
  // x - y over the tiles (whose widths are the most steps between two tiles) are kept, and
  // each placement closes the open cells out of span.
  [[gnu::cold, gnu::noinline]] void widen() {
    if (!wide_) {
      wide_ = true;
      span_ = {127, -128, 127, -128};
      for (int i = 0; i + 1 < ntiles_; ++i) add_to_span(tiles_[i].x, tiles_[i].y);
    }
    add_to_span(tiles_[ntiles_ - 1].x, tiles_[ntiles_ - 1].y);
    trim_open();
  }
  void add_to_span(int x, int y) {
    span_[0] = static_cast<int8_t>(std::min<int>(span_[0], x + y));
    span_[1] = static_cast<int8_t>(std::max<int>(span_[1], x + y));
    span_[2] = static_cast<int8_t>(std::min<int>(span_[2], x - y));
    span_[3] = static_cast<int8_t>(std::max<int>(span_[3], x - y));
  }
  // Whether a tile at (x, y) would lie at most kMaxSpan steps from every tile.
  bool within_span(int x, int y) const {
    return std::max<int>(span_[1], x + y) - std::min<int>(span_[0], x + y) <= kMaxSpan &&
           std::max<int>(span_[3], x - y) - std::min<int>(span_[2], x - y) <= kMaxSpan;
  }
  // Closes the open cells that the last tile put out of span.
  void trim_open() {
    for (int o = nopen_ - 1; o >= 0; --o)
      if (!within_span(open_[o].x, open_[o].y)) {
        cells_[open_[o].cell] = 0;
        recount(open_[o].req, 0);
        remove_open(o);
      }
  }

  static uint8_t open_tag(int o) { return static_cast<uint8_t>(o < kDirectOpen ? o + kOpenTag : kSpilled); }
  int open_index(uint8_t v, uint16_t cell) const {
    if (v != kSpilled) return v - kOpenTag;
    int o = kDirectOpen;
    while (open_[o].cell != cell) ++o;
    return o;
  }

  // An open cell's requirement changes (0: the cell appears or disappears), outside a
  // placement (the river's block, a wide board's trim).
  void recount(uint8_t from, uint8_t to) {
    FitDelta delta;
    delta.sub(from);
    delta.add(to);
    delta.into(fit_count_);
  }

  // The change of the counts over one placement: each open cell's row in or out, added up
  // in a local that no cell store can alias (the counts themselves were reloaded and stored
  // after every byte of cells_ written), then into the counts once.
  struct FitDelta {
    using V = uint16_t __attribute__((vector_size(16)));
    static constexpr int kN = kBaseTypes / 8;
    static_assert(kBaseTypes % 8 == 0);
    V d[kN] = {};
    static V row(uint8_t req, int i) {
      V r;
      std::memcpy(&r, tiles::kFitCountByReq[req].data() + 8 * i, sizeof r);
      return r;
    }
    void add(uint8_t req) {
      for (int i = 0; i < kN; ++i) d[i] += row(req, i);
    }
    void sub(uint8_t req) {
      for (int i = 0; i < kN; ++i) d[i] -= row(req, i);
    }
    void into(std::array<uint16_t, kBaseTypes>& count) const {
      for (int i = 0; i < kN; ++i) {
        V c;
        std::memcpy(&c, count.data() + 8 * i, sizeof c);
        c += d[i];
        std::memcpy(count.data() + 8 * i, &c, sizeof c);
      }
    }
  };

  // The tile's entry in the list (place and place_tile_only tag its cell); returns its index.
  int list_tile(int x, int y, TileType t, int rot, uint16_t seg_base) {
    const int idx = ntiles_++;
    tiles_[idx] = PlacedTile{static_cast<int8_t>(x), static_cast<int8_t>(y), t, static_cast<uint8_t>(rot),
                             seg_base, Location::None, Figure::Meeple};
    return idx;
  }

  void remove_open(int o) {
    const int last = --nopen_;
    if (o != last) {
      open_[o] = open_[last];
      cells_[open_[o].cell] = open_tag(o);
    }
  }

  // Clang turned these stores back into a memset call (a string instruction that callgrind
  // counts byte by byte: 8,200 of its 65,500 instructions per base playout); the time is
  // the same natively and 1-2% less in WebAssembly without the call.
#if defined(__clang__)
  __attribute__((no_builtin("memset")))
#endif
  void clear_cells() {
    static_assert(kCells % 256 == 0);
    using Z = uint8_t __attribute__((vector_size(16)));
    const Z zero{};
    for (size_t i = 0; i < kCells; i += 256)
      for (size_t j = 0; j < 256; j += 16) std::memcpy(cells_.data() + i + j, &zero, sizeof zero);
  }
  // Calls f(start, len) for runs of cells that hold every tag that is not 0: the cells
  // from the first to the last of the tiles' rectangle (e, this board's extent()) grown by
  // one cell each way, rows being consecutive (one run, two if it wraps past the last
  // cell; a few small copies cost more than one of a kilobyte).
  template <class F>
  void for_each_used_run(const Extent& e, F&& f) const {
    if (ntiles_ == 0) return;
    const Range r = used_range(e);
    const int first = std::min(r.len, kCells - r.start);
    f(r.start, first);
    if (first < r.len) f(0, r.len - first);
  }
  // The cells of the runs above as one range of len cells from start, wrapping past the last
  // cell (len kCells: all of them).
  struct Range {
    int start = 0, len = 0;
  };
  static Range used_range(const Extent& e) {
    const int len = (e.y1 - e.y0 + 2) * kStride + (e.x1 - e.x0 + 3);
    return len >= kCells ? Range{0, kCells} : Range{cell_of(e.x0 - 1, e.y0 - 1), len};
  }
  // Clears the cells of `mine` outside `kept`. Relative to mine.start, kept covers [off, end),
  // and [0, end - kCells) too where it wraps round to mine's start.
  void clear_except(Range mine, Range kept) {
    if (kept.len >= kCells) return;
    const int off = (kept.start - mine.start) & (kCells - 1), end = off + kept.len;
    const auto clear = [&](int from, int to) {  // [from, to) relative to mine.start
      if (from >= to) return;
      const int start = (mine.start + from) & (kCells - 1), len = to - from, first = std::min(len, kCells - start);
      std::memset(cells_.data() + start, 0, static_cast<size_t>(first));
      if (first < len) std::memset(cells_.data(), 0, static_cast<size_t>(len - first));
    };
    clear(end > kCells ? end - kCells : 0, std::min(off, mine.len));
    clear(end, mine.len);
  }
  // Makes this board o, given that every tag outside o's runs in use is 0 here.
  void copy_used(const Board& o) {
    const Extent e = o.extent();
    o.for_each_used_run(e, [&](int start, int len) {
      std::memcpy(cells_.data() + start, o.cells_.data() + start, static_cast<size_t>(len));
    });
    std::copy_n(o.tiles_.begin(), o.ntiles_, tiles_.begin());
    std::copy_n(o.open_.begin(), o.nopen_, open_.begin());
    fit_count_ = o.fit_count_;
    ntiles_ = o.ntiles_;
    known_extent_ = e;
    known_tiles_ = o.ntiles_;
    nopen_ = o.nopen_;
    nblocked_ = o.nblocked_;
    wide_ = o.wide_;
    span_ = o.span_;
    blocked_x_ = o.blocked_x_;
    blocked_y_ = o.blocked_y_;
  }

  // tiles_ and open_ mean something only up to their counts, so they are not cleared.
  alignas(64) std::array<uint8_t, kCells> cells_;
  std::array<PlacedTile, kTotalTiles> tiles_;
  std::array<OpenCell, kMaxOpen> open_;
  std::array<uint16_t, kBaseTypes> fit_count_{};  // placement_count of each base type
  Extent known_extent_;       // extent() of the first known_tiles_ tiles
  uint8_t known_tiles_ = 0;
  uint8_t ntiles_ = 0;
  // A byte while the largest box keeps open cells below 256 (a wider count costs playouts).
  std::conditional_t<(kMaxOpen <= 255), uint8_t, uint16_t> nopen_ = 0;
  uint8_t nblocked_ = 0;
  bool wide_ = false;                  // a tile lies past kNear steps of (0,0)
  std::array<int8_t, 4> span_{};       // once wide_: least and most x + y, least and most x - y
  int8_t blocked_x_ = 0, blocked_y_ = 0;
};

static_assert(kTotalTiles + 1 < 254 && Board::kMaxOpen <= 65535 && kTotalTiles <= 255,
              "tile tags are bytes below the open tags, tile counts are bytes");

}  // namespace carc
