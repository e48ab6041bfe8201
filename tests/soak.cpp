// Invariant soak: plays many seeded random games (1-6 players, every rule option, shuffled
// and fixed draw orders) and after every step recomputes the whole game from the board
// alone -- features by flood fill over tile segments across shared edges, open cells,
// legal placements and meeple choices by edge checks, scores from the features -- and
// compares it with the engine's incremental state; it also saves the game's record after
// every placement and every turn and checks that loading it gives back exactly the same
// game. The first difference stops the run with the game's seed and turn.
//
//   soak [--games N] [--seed S]    plays games S, S+1, ..., S+N-1 (default 1000 from 1)
//
// Game k is played from seed k alone, so `soak --games 1 --seed k` replays a failure.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "../examples/args.hpp"
#include "carcassonne/carcassonne.hpp"
#include "observable.hpp"

using namespace carc;
using carc::testing::observable_state;

namespace {

// ------------------------------------------------------------------ failing loudly

struct Where {
  uint64_t seed = 0;
  int turn = 0;
  std::string setup;
  std::string step;
} where;

[[noreturn]] void fail(const std::string& what) {
  fmt::print(stderr, "soak FAILED: game seed {} ({}), turn {}, {}:\n  {}\nreplay: soak --games 1 --seed {}\n",
             where.seed, where.setup, where.turn, where.step, what, where.seed);
  std::exit(1);
}

#define EXPECT(cond, ...)                                                        \
  do {                                                                           \
    if (!(cond)) fail(fmt::format("{} [{}]", fmt::format(__VA_ARGS__), #cond)); \
  } while (0)

// ------------------------------------------------------------------ tile geometry from the tile data

// Edge slots as in docs/tiles.md: side*3 + {first half, middle, second half}, clockwise from
// the north edge's west half. Across a shared edge, slot k of side d meets slot 2-k of the
// neighbour's opposite side.
constexpr int kDx[4] = {0, 1, 0, -1};
constexpr int kDy[4] = {-1, 0, 1, 0};
// The slot each location names (C, the monastery, and CF, an inner field no base tile has, have none).
constexpr int kLocationSlot[kLocationCount] = {-1, 1, 4, 7, 10, 2, 3, 5, 6, 8, 9, 11, 0, -1};

// A tile type turned `rot` quarter turns clockwise, in board orientation.
struct View {
  std::array<int8_t, 12> seg_at;  // local segment at each slot, -1 if none
  std::array<Edge, 4> edge;       // N E S W
};

View make_view(TileType t, int rot) {
  const tiles::TileDef& d = tiles::kDefs[t];
  View v{};
  v.seg_at.fill(-1);
  for (int j = 0; j < d.nsegs; ++j)
    for (int c = 0; c < 12; ++c)
      if (d.segs[j].slots >> c & 1) v.seg_at[(c + 3 * rot) % 12] = static_cast<int8_t>(j);
  for (int s = 0; s < 4; ++s) v.edge[s] = d.edges[(s - rot + 4) % 4];
  return v;
}

const std::array<std::array<View, 4>, kTileTypes>& views() {
  static const auto table = [] {
    std::array<std::array<View, 4>, kTileTypes> a{};
    for (int t = 0; t < kTileTypes; ++t)
      for (int r = 0; r < 4; ++r) a[t][r] = make_view(static_cast<TileType>(t), r);
    return a;
  }();
  return table;
}

// Two rotations show the same picture when their slot-to-kind maps (and shields) agree.
bool same_picture(TileType t, int r1, int r2) {
  const View& a = views()[t][r1];
  const View& b = views()[t][r2];
  const auto& segs = tiles::kDefs[t].segs;
  for (int c = 0; c < 12; ++c) {
    if ((a.seg_at[c] < 0) != (b.seg_at[c] < 0)) return false;
    if (a.seg_at[c] < 0) continue;
    const auto& x = segs[a.seg_at[c]];
    const auto& y = segs[b.seg_at[c]];
    if (x.kind != y.kind || x.shields != y.shields) return false;
  }
  // Same slots per kind, and the same grouping of slots into segments.
  for (int c = 0; c < 12; ++c)
    for (int e = 0; e < 12; ++e)
      if (a.seg_at[c] >= 0 && a.seg_at[e] >= 0 && (a.seg_at[c] == a.seg_at[e]) != (b.seg_at[c] == b.seg_at[e]))
        return false;
  return true;
}

int canonical(TileType t, int rot) {
  static const auto table = [] {
    std::array<std::array<int8_t, 4>, kTileTypes> a{};
    for (int u = 0; u < kTileTypes; ++u)
      for (int r = 0; r < 4; ++r) {
        a[u][r] = static_cast<int8_t>(r);
        for (int q = r - 1; q >= 0; --q)
          if (same_picture(static_cast<TileType>(u), q, r)) a[u][r] = static_cast<int8_t>(q);
      }
    return a;
  }();
  return table[t][rot];
}

// Local segment a location names on a placed tile: C the monastery, N E S W the road or
// city at the middle of that edge, a half-edge the field there.
int segment_at(TileType t, int rot, int loc) {
  if (loc < 0 || loc >= kLocationCount) return -1;
  const auto& segs = tiles::kDefs[t].segs;
  if (loc == 0) return (tiles::kDefs[t].nsegs > 0 && segs[0].kind == FeatureKind::Monastery) ? 0 : -1;
  if (kLocationSlot[loc] < 0) return -1;  // CF
  const int s = views()[t][rot].seg_at[kLocationSlot[loc]];
  if (s < 0) return -1;
  const bool field = segs[s].kind == FeatureKind::Field;
  return (loc >= 5) == field ? s : -1;
}

// ------------------------------------------------------------------ the board from scratch

// Tile index at each int8 coordinate, filled from the board's tile list and cleared after
// use, so lookups never go through the engine's cell indexing.
struct Grid {
  std::vector<int8_t> cell = std::vector<int8_t>(256 * 256, -1);
  std::vector<int> used;
  std::vector<uint32_t> mark = std::vector<uint32_t>(256 * 256, 0);  // == stamp: in the current cell list
  uint32_t stamp = 0;
  int8_t& at(int x, int y) { return cell[(y + 128) * 256 + (x + 128)]; }
  uint32_t& mark_at(int x, int y) { return mark[(y + 128) * 256 + (x + 128)]; }
  int get(int x, int y) const {
    if (x < -128 || x > 127 || y < -128 || y > 127) return -1;
    return cell[(y + 128) * 256 + (x + 128)];
  }
  void clear() {
    for (int i : used) cell[i] = -1;
    used.clear();
  }
};

struct Component {
  FeatureKind kind;
  std::bitset<kTotalTiles> tiles;
  int segments = 0;
  int shields = 0;
  int open = 0;                               // road/city tile edges without a neighbour
  int monastery_neighbours = 0;
  std::array<int, kMaxPlayers> meeples{};     // per player
  int meeple_total = 0;
  bool complete() const {
    if (kind == FeatureKind::Monastery) return monastery_neighbours == 8;
    if (kind == FeatureKind::Field) return false;
    return open == 0;
  }
};

struct Analysis {
  int ntiles = 0;
  std::array<int, kTotalTiles> seg_base{};  // segment ids are given out tile by tile
  std::vector<int> tile_of;                 // per segment id
  std::vector<int> comp_of;                 // per segment id
  std::vector<Component> comps;
  int comp_at(int tile, int loc, const Board& b) const {
    const PlacedTile& pt = b.tile(tile);
    const int s = segment_at(pt.type, pt.rot, loc);
    return s < 0 ? -1 : comp_of[seg_base[tile] + s];
  }
};

Grid grid;

int neighbours8(int x, int y) {
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) n += (dx || dy) && grid.get(x + dx, y + dy) >= 0;
  return n;
}

// Recomputes every feature of the game by flood fill and compares it with the engine's
// features, then checks meeples and conservation. Leaves the grid filled for the caller.
Analysis analyse(const Game& g) {
  const Board& b = g.board();
  const Features& f = g.features();
  Analysis a;
  a.ntiles = b.tile_count();
  grid.clear();
  int nseg = 0;
  for (int i = 0; i < a.ntiles; ++i) {
    const PlacedTile& pt = b.tile(i);
    EXPECT(pt.type < kTileTypes && pt.rot < 4, "tile {} has type {} rotation {}", i, int(pt.type), int(pt.rot));
    EXPECT(pt.rot == canonical(pt.type, pt.rot), "tile {} is stored with rotation {}, not the smallest of its picture",
           i, int(pt.rot));
    EXPECT(grid.get(pt.x, pt.y) < 0, "tiles {} and {} both lie at {},{}", grid.get(pt.x, pt.y), i, pt.x, pt.y);
    grid.at(pt.x, pt.y) = static_cast<int8_t>(i);
    grid.used.push_back((pt.y + 128) * 256 + pt.x + 128);
    a.seg_base[i] = nseg;
    EXPECT(pt.seg_base == nseg, "tile {} starts at segment {}, expected {}", i, pt.seg_base, nseg);
    nseg += tiles::kDefs[pt.type].nsegs;
    a.tile_of.resize(nseg, i);
  }
  EXPECT(b.tile(0).x == 0 && b.tile(0).y == 0 && b.tile(0).type == kStartTile && b.tile(0).rot == 0,
         "the start tile is not D at 0,0 rotation 0");
  EXPECT(f.count() == nseg, "features hold {} segments, tiles {}", f.count(), nseg);

  for (int s = 0; s < nseg; ++s)
    EXPECT(f.tile_of(static_cast<SegId>(s)) == a.tile_of[s], "segment {} says tile {}, it is tile {}'s", s,
           f.tile_of(static_cast<SegId>(s)), a.tile_of[s]);

  // Every shared edge matches, and the flood fill crosses it slot by slot.
  a.comp_of.assign(nseg, -1);
  std::vector<int> stack;
  for (int start = 0; start < nseg; ++start) {
    if (a.comp_of[start] >= 0) continue;
    const int id = static_cast<int>(a.comps.size());
    a.comps.emplace_back();
    Component& c = a.comps.back();
    stack.assign(1, start);
    a.comp_of[start] = id;
    bool first = true;
    while (!stack.empty()) {
      const int s = stack.back();
      stack.pop_back();
      const int i = a.tile_of[s];
      const PlacedTile& pt = b.tile(i);
      const int j = s - a.seg_base[i];
      const tiles::Segment& seg = tiles::kDefs[pt.type].segs[j];
      if (first) c.kind = seg.kind;
      first = false;
      EXPECT(seg.kind == c.kind, "segment {} ({}) joins a {}", s, feature_kind_name(seg.kind),
             feature_kind_name(c.kind));
      c.segments++;
      c.tiles.set(i);
      c.shields += seg.shields;
      if (seg.kind == FeatureKind::Monastery) c.monastery_neighbours = neighbours8(pt.x, pt.y);
      const View& v = views()[pt.type][pt.rot];
      for (int d = 0; d < 4; ++d) {
        const int k = grid.get(pt.x + kDx[d], pt.y + kDy[d]);
        if (k >= 0) {
          const PlacedTile& nt = b.tile(k);
          const View& w = views()[nt.type][nt.rot];
          EXPECT(v.edge[d] == w.edge[(d + 2) % 4], "tiles {} and {} meet with different edges", i, k);
        }
        if ((seg.kind == FeatureKind::Road || seg.kind == FeatureKind::City) && v.seg_at[3 * d + 1] == j && k < 0)
          c.open++;
        for (int m = 0; m < 3; ++m) {
          if (v.seg_at[3 * d + m] != j || k < 0) continue;
          const PlacedTile& nt = b.tile(k);
          const int other = views()[nt.type][nt.rot].seg_at[3 * ((d + 2) % 4) + 2 - m];
          EXPECT(other >= 0, "slot {} of tile {} meets nothing on tile {}", 3 * d + m, i, k);
          const int n = a.seg_base[k] + other;
          if (a.comp_of[n] < 0) {
            a.comp_of[n] = id;
            stack.push_back(n);
          }
          EXPECT(a.comp_of[n] == id, "flood fill met segment {} twice", n);
        }
      }
    }
  }

  // Meeples: where they stand, how many per feature, and conservation.
  std::array<int, kMaxPlayers> on_board{};
  std::bitset<kTotalTiles> tile_has_meeple;
  for (const Meeple& m : g.meeples()) {
    EXPECT(m.player < g.players() && m.tile < a.ntiles && m.seg < nseg, "meeple of player {} on tile {} segment {}",
           m.player, m.tile, m.seg);
    EXPECT(!tile_has_meeple.test(m.tile), "two meeples on tile {}", m.tile);
    tile_has_meeple.set(m.tile);
    const PlacedTile& pt = b.tile(m.tile);
    EXPECT(pt.meeple == m.location, "tile {} records meeple {}, the meeple says {}", m.tile,
           location_name(pt.meeple), location_name(m.location));
    const int c = a.comp_at(m.tile, static_cast<int>(m.location), b);
    EXPECT(c >= 0, "meeple at {} names no feature of tile {}", location_name(m.location), m.tile);
    EXPECT(a.comp_of[m.seg] == c, "meeple segment {} is not in the feature at its location", m.seg);
    EXPECT(g.options().farmers || a.comps[c].kind != FeatureKind::Field, "a farmer with farmers off");
    a.comps[c].meeples[m.player]++;
    a.comps[c].meeple_total++;
    on_board[m.player]++;
  }
  for (int p = 0; p < g.players(); ++p)
    EXPECT(on_board[p] + g.supply(p) == kMeeplesPerPlayer, "player {}: {} meeples on the board, {} in supply", p,
           on_board[p], g.supply(p));

  // The engine's features, one by one: same segments, tiles, counters and meeples.
  std::vector<int> root_of_comp(a.comps.size(), -1), first_of_comp(a.comps.size(), -1);
  std::vector<int> segments_of_root(nseg, 0);
  for (int s = 0; s < nseg; ++s) {
    const int r = f.find(static_cast<SegId>(s));
    const int c = a.comp_of[s];
    if (root_of_comp[c] < 0) root_of_comp[c] = r, first_of_comp[c] = s;
    EXPECT(root_of_comp[c] == r, "segments {} and {} are one {}, but the engine has them under roots {} and {}",
           first_of_comp[c], s, feature_kind_name(a.comps[c].kind), root_of_comp[c], r);
    segments_of_root[r]++;
  }
  for (size_t c = 0; c < a.comps.size(); ++c) {
    const Component& mine = a.comps[c];
    const int r = root_of_comp[c];
    const FeatureCounters& k = f.root_counters(static_cast<SegId>(r));
    const std::string_view name = feature_kind_name(mine.kind);
    EXPECT(segments_of_root[r] == mine.segments, "the {} at segment {} has {} segments, the engine {}", name, r,
           mine.segments, segments_of_root[r]);
    EXPECT(k.kind == mine.kind, "the {} at segment {} is a {} in the engine", name, r, feature_kind_name(k.kind));
    EXPECT(k.shields == mine.shields, "the {} at segment {} has {} shields, the engine {}", name, r, mine.shields,
           k.shields);
    EXPECT(k.open == mine.open, "the {} at segment {} has {} open edges, the engine {}", name, r, mine.open, k.open);
    EXPECT(k.meeples == mine.meeple_total, "the {} at segment {} holds {} meeples, the engine {}", name, r,
           mine.meeple_total, k.meeples);
    // The engine's list of the feature's segments: each once, nothing else.
    std::bitset<kTotalTiles> tiles;
    int walked = 0;
    int s = r;
    do {
      EXPECT(a.comp_of[s] == static_cast<int>(c), "the segment list of {} {} reaches segment {}", name, r, s);
      tiles.set(f.tile_of(static_cast<SegId>(s)));
      s = f.next(static_cast<SegId>(s));
    } while (s != r && ++walked <= nseg);
    EXPECT(walked + 1 == mine.segments, "the segment list of {} {} has {} entries, not {}", name, r, walked + 1,
           mine.segments);
    EXPECT(tiles == mine.tiles, "the {} at segment {} covers {} tiles, the engine {}", name, r, mine.tiles.count(),
           tiles.count());
    // Between placing and scoring a completed feature may still hold its meeples.
    EXPECT(mine.meeple_total == 0 || !mine.complete() || g.phase() == Phase::PlaceMeeple,
           "a meeple stays on a completed {} (segment {})", name, r);
  }

  // Tiles: the board holds the start tile and the drawn tiles that were not discarded, in
  // order; the rest are in hand or in the pile.
  const auto order = g.draw_order();
  const int in_hand = g.phase() == Phase::PlaceTile ? 1 : 0;
  EXPECT(a.ntiles + g.discard_count() + in_hand + g.tiles_in_pile() == 1 + static_cast<int>(order.size()),
         "{} placed + {} discarded + {} in hand + {} in the pile is not 1 + {}", a.ntiles, g.discard_count(),
         in_hand, g.tiles_in_pile(), order.size());
  int next_tile = 1;
  for (int d = 0; d < g.drawn(); ++d) {
    if (g.discarded(d)) continue;
    if (d == g.drawn() - 1 && in_hand) {
      EXPECT(g.current_tile() == order[d], "the tile in hand is {}, the draw order says {}",
             tile_letter(g.current_tile()), tile_letter(order[d]));
      continue;
    }
    EXPECT(next_tile < a.ntiles && b.tile(next_tile).type == order[d], "draw {} ({}) is not tile {} on the board",
           d, tile_letter(order[d]), next_tile);
    ++next_tile;
  }
  EXPECT(next_tile == a.ntiles, "{} tiles on the board, {} placed draws", a.ntiles, next_tile);
  return a;
}

// ------------------------------------------------------------------ placements

struct Fit {
  bool ok;
  Verdict verdict;  // what the engine must say
};

// Whether tile t fits at (x, y) turned rot, from the neighbours' edges.
Fit fit(TileType t, int x, int y, int rot, const Board& b) {
  Fit r{false, {}};
  if (rot > 3) {
    r.verdict.reason = Illegal::BadRotation;
    return r;
  }
  if (grid.get(x, y) >= 0) {
    r.verdict.reason = Illegal::Occupied;
    return r;
  }
  const View& v = views()[t][rot];
  bool touches = false;
  for (int d = 0; d < 4; ++d) {
    const int k = grid.get(x + kDx[d], y + kDy[d]);
    if (k < 0) continue;
    touches = true;
    const PlacedTile& nt = b.tile(k);
    const Edge want = views()[nt.type][nt.rot].edge[(d + 2) % 4];
    if (want != v.edge[d] && r.verdict.reason == Illegal::None)
      r.verdict = Verdict{Illegal::Mismatch, static_cast<Side>(d), want, v.edge[d]};
  }
  if (!touches) r.verdict = Verdict{Illegal::NoNeighbour};
  r.ok = r.verdict.reason == Illegal::None;
  return r;
}

bool same_verdict(const Verdict& a, const Verdict& b) {
  if (a.reason != b.reason) return false;
  return a.reason != Illegal::Mismatch || (a.side == b.side && a.want == b.want && a.have == b.have);
}

// The empty cells beside tiles; grid.mark_at() says stamp for exactly these until the
// next call.
std::vector<std::pair<int, int>> empty_neighbour_cells(const Board& b) {
  std::vector<std::pair<int, int>> cells;
  ++grid.stamp;
  for (int i = 0; i < b.tile_count(); ++i)
    for (int d = 0; d < 4; ++d) {
      const int x = b.tile(i).x + kDx[d], y = b.tile(i).y + kDy[d];
      if (grid.get(x, y) < 0 && grid.mark_at(x, y) != grid.stamp) {
        grid.mark_at(x, y) = grid.stamp;
        cells.emplace_back(x, y);
      }
    }
  return cells;
}

int key(Placement p) { return (p.x + 128) << 16 | (p.y + 128) << 8 | p.rot; }

// Every legal placement fits and every fitting placement is listed (once, by its smallest
// rotation); the engine's open cells are exactly the empty cells beside tiles; a sample of
// other cells and rotations gets the right verdict.
void check_placements(const Game& g, Rng& rng) {
  const Board& b = g.board();
  const TileType t = g.current_tile();
  const auto cells = empty_neighbour_cells(b);
  EXPECT(b.open_count() == static_cast<int>(cells.size()), "the engine has {} open cells, the board {}",
         b.open_count(), cells.size());
  for (int i = 0; i < b.open_count(); ++i) {
    const OpenCell& o = b.open(i);
    EXPECT(grid.mark_at(o.x, o.y) == grid.stamp, "open cell {},{} is not an empty cell beside a tile", o.x, o.y);
    for (int d = 0; d < 4; ++d) {
      const int k = grid.get(o.x + kDx[d], o.y + kDy[d]);
      const Edge want = k < 0 ? Edge::None : views()[b.tile(k).type][b.tile(k).rot].edge[(d + 2) % 4];
      EXPECT(((o.req >> (2 * d)) & 3) == static_cast<int>(want), "open cell {},{} requires the wrong edge on side {}",
             o.x, o.y, d);
    }
  }

  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  EXPECT(n > 0, "tile {} in hand fits nowhere", tile_letter(t));
  std::vector<int> expected;
  for (const auto& [x, y] : cells)
    for (int r = 0; r < 4; ++r) {
      const Placement p{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(r)};
      const Fit want = fit(t, x, y, r, b);
      const Verdict got = g.check_placement(p);
      EXPECT(same_verdict(want.verdict, got), "{} at {},{} rotation {}: the engine says '{}', the edges say '{}'",
             tile_letter(t), x, y, r, describe(got), describe(want.verdict));
      if (want.ok && canonical(t, r) == r) expected.push_back(key(p));
    }
  std::vector<int> listed(n);
  for (int i = 0; i < n; ++i) listed[i] = key(buf[i]);
  std::sort(listed.begin(), listed.end());
  std::sort(expected.begin(), expected.end());
  if (listed != expected) {
    for (int i = 0; i < n; ++i)
      EXPECT(std::binary_search(expected.begin(), expected.end(), key(buf[i])),
             "listed placement {},{} rotation {} does not fit or is not the smallest rotation", buf[i].x, buf[i].y,
             buf[i].rot);
    fail(fmt::format("{} legal placements listed ({} distinct), {} fit", n,
                     std::unique(listed.begin(), listed.end()) - listed.begin(), expected.size()));
  }

  // A sample of cells anywhere on the int8 plane and near the tiles, any rotation byte.
  int lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
  for (int i = 0; i < b.tile_count(); ++i) {
    lo_x = std::min<int>(lo_x, b.tile(i).x), hi_x = std::max<int>(hi_x, b.tile(i).x);
    lo_y = std::min<int>(lo_y, b.tile(i).y), hi_y = std::max<int>(hi_y, b.tile(i).y);
  }
  for (int i = 0; i < 24; ++i) {
    int x, y;
    if (i < 8) {
      x = static_cast<int>(rng.below(256)) - 128;
      y = static_cast<int>(rng.below(256)) - 128;
    } else {
      x = lo_x - 2 + static_cast<int>(rng.below(static_cast<uint32_t>(hi_x - lo_x + 5)));
      y = lo_y - 2 + static_cast<int>(rng.below(static_cast<uint32_t>(hi_y - lo_y + 5)));
    }
    const int r = i % 6 == 5 ? static_cast<int>(rng.below(256)) : static_cast<int>(rng.below(4));
    const Placement p{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(r)};
    const Fit want = fit(t, x, y, r, b);
    const Verdict got = g.check_placement(p);
    EXPECT(same_verdict(want.verdict, got), "{} at {},{} rotation {}: the engine says '{}', the edges say '{}'",
           tile_letter(t), x, y, r, describe(got), describe(want.verdict));
  }
}

// Meeple choices on the tile just placed: exactly the features of the tile that hold no
// meeple (fields only with farmers), each once by its first location.
void check_meeple_options(const Game& g, const Analysis& a) {
  const Board& b = g.board();
  const int last = b.tile_count() - 1;
  const PlacedTile& pt = b.tile(last);
  const bool supply = g.supply(g.current_player()) > 0;
  std::vector<int> offered_comps;
  std::vector<Location> expected;
  for (int l = 0; l < kLocationCount; ++l) {
    const int c = a.comp_at(last, l, b);
    Verdict want;
    if (c < 0)
      want.reason = Illegal::NoSuchFeature;
    else if (a.comps[c].kind == FeatureKind::Field && !g.options().farmers)
      want.reason = Illegal::FarmersOff;
    else if (a.comps[c].meeple_total > 0)
      want.reason = Illegal::FeatureOccupied;
    else if (!supply)
      want.reason = Illegal::NoSupply;
    const Verdict got = g.check_meeple(static_cast<Location>(l));
    EXPECT(got.reason == want.reason, "meeple at {} on {}: the engine says '{}', the features say '{}'",
           location_name(static_cast<Location>(l)), tile_letter(pt.type), describe(got), describe(want));
    if (want && std::find(offered_comps.begin(), offered_comps.end(), c) == offered_comps.end()) {
      offered_comps.push_back(c);
      expected.push_back(static_cast<Location>(l));
    }
  }
  Location opts[kMaxMeepleOptions];
  const int k = g.meeple_options(opts);
  EXPECT(k == static_cast<int>(expected.size()) && std::equal(opts, opts + k, expected.begin()),
         "meeple options on {}: {} listed, {} expected", tile_letter(pt.type), k, expected.size());
}

// ------------------------------------------------------------------ scores

void check_winners(const Event& e, const std::array<int, kMaxPlayers>& meeples, int players, const char* what) {
  int most = 0;
  for (int p = 0; p < players; ++p) most = std::max(most, meeples[p]);
  uint8_t winners = 0;
  for (int p = 0; p < players; ++p)
    if (meeples[p] == most) winners = static_cast<uint8_t>(winners | 1u << p);
  EXPECT(most > 0, "{}: scored with no meeple", what);
  for (int p = 0; p < kMaxPlayers; ++p)
    EXPECT(e.meeples[p] == (p < players ? meeples[p] : 0), "{}: player {} has {} meeples, the event says {}", what, p,
           p < players ? meeples[p] : 0, e.meeples[p]);
  EXPECT(e.winners == winners, "{}: winners {:b}, expected {:b}", what, e.winners, winners);
}

// The feature a score event names by a tile and a location.
int event_component(const Event& e, const Analysis& a, const Board& b) {
  const int i = grid.get(e.x, e.y);
  EXPECT(i >= 0, "a score event names {},{}, where there is no tile", e.x, e.y);
  EXPECT(b.tile(i).type == e.tile, "a score event names tile {} at {},{}, which holds {}", tile_letter(e.tile), e.x,
         e.y, tile_letter(b.tile(i).type));
  const int c = a.comp_at(i, static_cast<int>(e.location), b);
  EXPECT(c >= 0, "a score event names {} on {},{}, no feature", location_name(e.location), e.x, e.y);
  return c;
}

// Completed features scored during a turn: exactly the completed features with meeples
// (with the meeple just deployed), each once, by the rules' points.
void check_turn_scores(const Game& g, const Events& ev, const Analysis& a) {
  const Board& b = g.board();
  std::vector<int> scored;
  for (int i = 0; i < ev.count; ++i) {
    const Event& e = ev.items[i];
    if (e.type != Event::Type::Score || e.end_game) continue;
    const int c = event_component(e, a, b);
    const Component& f = a.comps[c];
    EXPECT(f.kind == e.feature && f.complete(), "a {} event during the game for an incomplete {}",
           feature_kind_name(e.feature), feature_kind_name(f.kind));
    EXPECT(std::find(scored.begin(), scored.end(), c) == scored.end(), "a {} scored twice in one turn",
           feature_kind_name(f.kind));
    scored.push_back(c);
    const int n = static_cast<int>(f.tiles.count());
    int points = 9;
    if (f.kind == FeatureKind::Road) points = n;
    if (f.kind == FeatureKind::City)
      points = (g.options().first_edition_small_city && n == 2) ? n + f.shields : 2 * (n + f.shields);
    EXPECT(e.points == points, "a completed {} of {} tiles and {} shields scored {}, not {}",
           feature_kind_name(f.kind), n, f.shields, e.points, points);
    if (f.kind != FeatureKind::Monastery) EXPECT(e.tiles == n, "event tiles {}, feature tiles {}", e.tiles, n);
    check_winners(e, f.meeples, g.players(), "completed feature");
  }
  int due = 0;
  for (const Component& f : a.comps) due += f.complete() && f.meeple_total > 0;
  EXPECT(due == static_cast<int>(scored.size()), "{} completed features hold meeples, {} scored", due, scored.size());
}

// End-game scoring of the final board: every feature that still holds meeples, by the
// end-game points; with first-edition farmers, each completed city with farmers nearby.
void check_end_scores(const Game& g, const Events& ev, const Analysis& a) {
  const Board& b = g.board();
  const bool first_farmers = g.options().first_edition_farmers;
  // Completed cities a field touches: the tile data's "touches" of each field segment.
  auto touched_cities = [&](int comp) {
    std::vector<int> cities;
    for (int s = 0; s < static_cast<int>(a.comp_of.size()); ++s) {
      if (a.comp_of[s] != comp) continue;
      const int i = a.tile_of[s];
      const PlacedTile& pt = b.tile(i);
      const unsigned touches = tiles::kDefs[pt.type].segs[s - a.seg_base[i]].touches;
      for (int j = 0; j < 8; ++j) {
        if (!(touches >> j & 1)) continue;
        const int c = a.comp_of[a.seg_base[i] + j];
        if (a.comps[c].complete() && std::find(cities.begin(), cities.end(), c) == cities.end())
          cities.push_back(c);
      }
    }
    return cities;
  };

  std::vector<int> scored;
  std::vector<std::string> farmer_events;
  for (int i = 0; i < ev.count; ++i) {
    const Event& e = ev.items[i];
    if (e.type != Event::Type::Score || !e.end_game) continue;
    if (first_farmers && e.feature == FeatureKind::Field) {
      farmer_events.push_back(fmt::format("{} {} {} {}", e.points, e.tiles, e.winners, fmt::join(e.meeples, ",")));
      continue;
    }
    const int c = event_component(e, a, b);
    const Component& f = a.comps[c];
    EXPECT(f.kind == e.feature, "an end-game {} event names a {}", feature_kind_name(e.feature),
           feature_kind_name(f.kind));
    EXPECT(std::find(scored.begin(), scored.end(), c) == scored.end(), "a {} scored twice at the end",
           feature_kind_name(f.kind));
    scored.push_back(c);
    const int n = static_cast<int>(f.tiles.count());
    int points = 0;
    switch (f.kind) {
      case FeatureKind::Road: points = n; break;
      case FeatureKind::City: points = n + f.shields; break;
      case FeatureKind::Monastery:
      case FeatureKind::Garden: points = 1 + f.monastery_neighbours; break;
      case FeatureKind::Field: points = 3 * static_cast<int>(touched_cities(c).size()); break;
    }
    EXPECT(e.points == points, "at the end a {} of {} tiles scored {}, not {}", feature_kind_name(f.kind), n,
           e.points, points);
    check_winners(e, f.meeples, g.players(), "end-game feature");
  }
  int due = 0;
  for (const Component& f : a.comps) due += f.meeple_total > 0 && !(first_farmers && f.kind == FeatureKind::Field);
  EXPECT(due == static_cast<int>(scored.size()), "{} features hold meeples at the end, {} scored", due,
         scored.size());

  std::vector<std::string> expected;
  if (first_farmers && g.options().farmers) {
    std::vector<std::vector<int>> fields_of_city(a.comps.size());
    for (size_t c = 0; c < a.comps.size(); ++c)
      if (a.comps[c].kind == FeatureKind::Field)
        for (int city : touched_cities(static_cast<int>(c))) fields_of_city[city].push_back(static_cast<int>(c));
    for (size_t city = 0; city < a.comps.size(); ++city) {
      std::array<int, kMaxPlayers> farmers{};
      int any = 0;
      for (int field : fields_of_city[city]) {
        any += a.comps[field].meeple_total;
        for (int p = 0; p < kMaxPlayers; ++p) farmers[p] += a.comps[field].meeples[p];
      }
      if (!any) continue;
      int most = 0;
      for (int p = 0; p < kMaxPlayers; ++p) most = std::max(most, farmers[p]);
      int winners = 0;
      for (int p = 0; p < g.players(); ++p) winners |= (farmers[p] == most) << p;
      expected.push_back(fmt::format("4 {} {} {}", a.comps[city].tiles.count(), winners, fmt::join(farmers, ",")));
    }
  }
  std::sort(expected.begin(), expected.end());
  std::sort(farmer_events.begin(), farmer_events.end());
  EXPECT(expected == farmer_events, "first-edition farmer events:\n    {}\n  expected:\n    {}",
         fmt::join(farmer_events, "\n    "), fmt::join(expected, "\n    "));
}

// A tile the engine discarded fits nowhere on the board.
void check_discard(TileType t, const Board& b) {
  for (const auto& [x, y] : empty_neighbour_cells(b))
    for (int r = 0; r < 4; ++r)
      EXPECT(!fit(t, x, y, r, b).ok, "discarded {} fits at {},{} rotation {}", tile_letter(t), x, y, r);
}

std::string event_text(const Events& ev) {
  std::string s;
  for (int i = 0; i < ev.count; ++i) {
    const Event& e = ev.items[i];
    s += fmt::format("{} {} {} {} {},{} {} {} {} {} [{}]\n", int(e.type), int(e.feature), int(e.end_game),
                     int(e.tile), e.x, e.y, location_name(e.location), e.winners, e.points, e.tiles,
                     fmt::join(e.meeples, ","));
  }
  return s;
}

// What changes every turn, cheap to compare.
std::vector<int> summary(const Game& g) {
  std::vector<int> v = {int(g.phase()), g.current_player(), int(g.current_tile()), g.drawn(), g.discard_count(),
                        g.board().tile_count(), g.board().open_count(), g.features().count(),
                        static_cast<int>(g.meeples().size())};
  for (int p = 0; p < g.players(); ++p) {
    v.push_back(g.score(p));
    v.push_back(g.supply(p));
  }
  return v;
}

// The engine's own random playout from this position ends in a consistent game: every
// feature, meeple and end-game score checked as above, and its events add up to the scores.
void check_playout(const Game& g, uint64_t seed) {
  const std::string step = where.step;
  where.step = "in a playout from here";
  Game fork = g;
  Rng rng(seed ^ 0x5eed);
  Events ev;
  fork.playout(rng, &ev);
  EXPECT(fork.over(), "the playout did not finish the game");
  EXPECT(ev.count < Events::kCapacity, "a playout filled the event list ({} events)", ev.count);
  const Analysis a = analyse(fork);
  check_end_scores(fork, ev, a);
  for (int p = 0; p < g.players(); ++p) {
    long points = g.score(p);
    for (int i = 0; i < ev.count; ++i)
      if (ev.items[i].type == Event::Type::Score && (ev.items[i].winners >> p & 1)) points += ev.items[i].points;
    EXPECT(fork.score(p) == points, "player {} ends the playout with {} points, the events give {}", p,
           fork.score(p), points);
  }
  analyse(g);  // the grid holds the game's own board again
  where.step = step;
}

// ------------------------------------------------------------------ records

// The game's record loads back into exactly this game: every member equal (operator==),
// so the loaded game also saves the same record again.
void check_record(const Game& g) {
  const std::string text = save_record(g);
  Game loaded(kMinPlayers, uint64_t{0});
  RecordError error;
  EXPECT(load_record(text, loaded, &error) == Status::Ok, "the game's record does not load: {}\n{}",
         error.message(), text);
  EXPECT(loaded == g, "the reloaded record is not the same game:\n{}", text);
}

// ------------------------------------------------------------------ one game

struct Totals {
  long games = 0, turns = 0, discards = 0, events = 0;
};

void play_game(uint64_t seed, Totals& totals) {
  Rng rng(seed);
  const int players = 1 + static_cast<int>(rng.below(kMaxPlayers));
  Options opt;
  opt.farmers = rng.below(4) != 0;
  opt.first_edition_small_city = rng.below(2) != 0;
  opt.first_edition_farmers = rng.below(2) != 0;
  const bool fixed = rng.below(6) == 0;
  std::vector<TileType> order;
  if (fixed) {  // a random part of the box in random order: short games, more discards
    for (int t = 0; t < kBaseTypes; ++t)
      for (int i = (t == kStartTile) ? 1 : 0; i < tiles::kDefs[t].count; ++i) order.push_back(static_cast<TileType>(t));
    for (int i = static_cast<int>(order.size()) - 1; i > 0; --i)
      std::swap(order[i], order[rng.below(static_cast<uint32_t>(i + 1))]);
    order.resize(rng.below(static_cast<uint32_t>(order.size() + 1)));
  }
  where = Where{seed, 0,
                fmt::format("{} players, farmers {}, first-edition small city {}, first-edition farmers {}, {}",
                            players, opt.farmers, opt.first_edition_small_city, opt.first_edition_farmers,
                            fixed ? fmt::format("fixed order of {} tiles", order.size()) : "shuffled"),
                "set-up"};
  Game g = fixed ? Game(players, std::span<const TileType>(order), opt) : Game(players, seed, opt);
  check_record(g);
  const int meeple_percent = static_cast<int>(rng.below(101));  // how eagerly this game deploys
  const int playout_turn = static_cast<int>(rng.below(72));

  std::array<long, kMaxPlayers> from_events{};
  Events ev, ev2;
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];
  // Tiles discarded while drawing the first tile fit nowhere beside the start tile.
  analyse(g);
  for (int d = 0; d < g.drawn(); ++d)
    if (g.discarded(d)) check_discard(g.draw_order()[d], g.board());
  if (g.over()) check_end_scores(g, ev, analyse(g));
  while (!g.over()) {
    ++where.turn;
    where.step = "before placing";
    EXPECT(g.phase() == Phase::PlaceTile, "phase {} between turns", int(g.phase()));
    check_placements(g, rng);  // the grid holds this board since the last analyse(g)

    const int n = g.legal_placements(buf);
    const TileType t = g.current_tile();
    Placement p = buf[rng.below(static_cast<uint32_t>(n))];
    const int listed_rot = p.rot;
    p.rot = static_cast<uint8_t>(rng.below(4));  // any rotation showing the same picture
    while (canonical(t, p.rot) != listed_rot) p.rot = static_cast<uint8_t>((p.rot + 1) % 4);
    const int player = g.current_player();
    std::array<int, kMaxPlayers> before{};
    for (int q = 0; q < players; ++q) before[q] = g.score(q);

    // The copy places and deploys step by step; the original plays the same move whole.
    Game stepwise = g;
    const int stepwise_discards = g.discard_count();
    if (where.turn % 8 == 1)
      EXPECT(observable_state(stepwise) == observable_state(g), "a copy differs from the original");
    Verdict why;
    EXPECT(stepwise.place(p, &why) == Status::Ok, "legal placement {},{} rotation {} refused: {}", p.x, p.y, p.rot,
           describe(why));
    where.step = "after placing";
    const PlacedTile& pt = stepwise.board().tile(stepwise.board().tile_count() - 1);
    EXPECT(pt.x == p.x && pt.y == p.y && pt.type == t && pt.rot == listed_rot, "the placed tile is not the one placed");
    EXPECT(stepwise.current_player() == player && stepwise.phase() == Phase::PlaceMeeple, "placing changed turn");
    Analysis a = analyse(stepwise);
    check_record(stepwise);  // mid-turn: the record's last line ends in '?'
    check_meeple_options(stepwise, a);
    const int k = stepwise.meeple_options(opts);
    const bool deploy = k > 0 && static_cast<int>(rng.below(100)) < meeple_percent;
    const Location loc = deploy ? opts[rng.below(static_cast<uint32_t>(k))] : Location::None;
    if (loc != Location::None) {  // the meeple counts for this turn's scoring
      Component& c = a.comps[a.comp_at(stepwise.board().tile_count() - 1, static_cast<int>(loc), stepwise.board())];
      c.meeples[player]++;
      c.meeple_total++;
    }
    ev.clear();
    ev2.clear();
    EXPECT(stepwise.deploy(loc, &ev2, &why) == Status::Ok, "legal meeple {} refused: {}", location_name(loc),
           describe(why));
    EXPECT(g.play(Move{p, loc}, &ev, &why) == Status::Ok, "legal move {} refused by play(): {}",
           format_move(t, Move{p, loc}), describe(why));
    where.step = fmt::format("after {}", format_move(t, Move{p, loc}));
    // The whole observable state every few turns and at the end (writing it out is the
    // slowest part of the soak), the parts that change every turn always.
    if (where.turn % 4 == 0 || g.over())
      EXPECT(observable_state(stepwise) == observable_state(g), "place()+deploy() and play() differ");
    EXPECT(summary(stepwise) == summary(g), "place()+deploy() and play() differ");
    EXPECT(event_text(ev) == event_text(ev2), "place()+deploy() and play() report different events");

    // Scores: this turn's events, then the end of the game if it came.
    int discards = 0;
    for (int i = 0; i < ev.count; ++i) discards += ev.items[i].type == Event::Type::Discard;
    EXPECT(g.discard_count() == stepwise_discards + discards, "{} discard events, {} more discarded draws", discards,
           g.discard_count() - stepwise_discards);
    Events turn_events;
    for (int i = 0; i < ev.count; ++i)
      if (!(ev.items[i].type == Event::Type::Score && ev.items[i].end_game)) turn_events.push(ev.items[i]);
    const Board& b = g.board();
    const Analysis after = analyse(g);
    check_record(g);
    check_turn_scores(g, turn_events, a);
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::Discard) {
        check_discard(e.discarded, b);
        totals.discards++;
      } else {
        for (int q = 0; q < players; ++q)
          if (e.winners >> q & 1) from_events[q] += e.points;
        EXPECT(e.points >= 0 && (e.winners >> players) == 0, "event points {} winners {:b}", e.points, e.winners);
      }
    }
    totals.events += ev.count;
    if (g.over()) {
      where.step = "at the end";
      check_end_scores(g, ev, after);
      EXPECT(g.tiles_in_pile() == 0 && g.current_tile() == kNoTile && g.legal_placements(buf) == 0 &&
                 g.meeple_options(opts) == 0,
             "the game is over but still offers moves");
    }
    for (int q = 0; q < players; ++q) {
      EXPECT(g.score(q) >= before[q], "player {}'s score dropped from {} to {}", q, before[q], g.score(q));
      EXPECT(g.score(q) == from_events[q], "player {} has {} points, the events give {}", q, g.score(q),
             from_events[q]);
    }
    totals.turns++;
    if (where.turn == playout_turn && !g.over()) check_playout(g, seed);
  }
  totals.games++;
}

}  // namespace

int main(int argc, char** argv) {
  constexpr args::Usage usage{"soak",
                              "usage: soak [--games N] [--seed S]\n"
                              "  plays games S, S+1, ..., S+N-1 (default 1000 from 1), checking every invariant\n"};
  if (args::help(usage, argc, argv)) return 0;
  long games = 1000;
  uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg != "--games" && arg != "--seed") args::refuse(usage, fmt::format("unexpected argument '{}'", arg));
    if (i + 1 == argc) args::refuse(usage, fmt::format("{} needs a value", arg));
    if (arg == "--games") games = static_cast<long>(args::number(usage, "--games", argv[++i], 1, 1'000'000'000'000));
    else seed = args::number(usage, "--seed", argv[++i], 0, UINT64_MAX);
  }
  const auto t0 = std::chrono::steady_clock::now();
  Totals totals;
  for (long i = 0; i < games; ++i) {
    play_game(seed + static_cast<uint64_t>(i), totals);
    if ((i + 1) % 100000 == 0) fmt::print("{} games ok\n", i + 1);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print("soak: {} games from seed {}, {} turns, {} events, {} discards: every invariant held ({:.1f} s)\n",
             totals.games, seed, totals.turns, totals.events, totals.discards, secs);
  return 0;
}
