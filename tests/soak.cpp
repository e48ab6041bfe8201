// Invariant soak: plays many seeded random games (1-6 players, every rule option and every
// mix of the expansions -- river, abbot, Inns & Cathedrals, Traders & Builders -- shuffled
// and fixed draw orders) and after every step recomputes the whole game from the board
// alone -- the box, features by flood fill over tile segments across shared edges, open
// cells, the river's open end, legal placements and figure choices by edge and feature
// checks, scores, goods and bonus tiles from the features -- and compares it with the
// engine's incremental state; it also saves the game's record after every placement and
// every turn and checks that loading it gives back exactly the same game. The first difference
// stops the run with the game's seed and turn.
//
//   soak [--games N] [--seed S]    plays games S, S+1, ..., S+N-1 (default 1000 from 1)
//
// Game k is played from seed k alone, so `soak --games 1 --seed k` replays a failure.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <set>
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
// The slot each location names (C, the monastery or garden, and CF, an inner field, have none).
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

// Two rotations show the same picture when their slot-to-kind maps (and shields, inns,
// cathedrals and goods) agree.
bool same_picture(TileType t, int r1, int r2) {
  const View& a = views()[t][r1];
  const View& b = views()[t][r2];
  const auto& segs = tiles::kDefs[t].segs;
  if (a.edge != b.edge) return false;  // the river is an edge, no segment
  for (int c = 0; c < 12; ++c) {
    if ((a.seg_at[c] < 0) != (b.seg_at[c] < 0)) return false;
    if (a.seg_at[c] < 0) continue;
    const auto& x = segs[a.seg_at[c]];
    const auto& y = segs[b.seg_at[c]];
    if (x.kind != y.kind || x.shields != y.shields || x.marks != y.marks || x.goods != y.goods) return false;
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

// Local segment a location names on a placed tile: C the monastery or garden, CF the inner
// field, N E S W the road or city at the middle of that edge, a half-edge the field there.
int segment_at(TileType t, int rot, int loc) {
  if (loc < 0 || loc >= kLocationCount) return -1;
  const tiles::TileDef& d = tiles::kDefs[t];
  const auto& segs = d.segs;
  if (loc == 0) return d.centre != tiles::kNoSeg ? d.centre : -1;
  if (kLocationSlot[loc] < 0) return d.inner != tiles::kNoSeg ? d.inner : -1;  // CF
  const int s = views()[t][rot].seg_at[kLocationSlot[loc]];
  if (s < 0) return -1;
  const bool field = segs[s].kind == FeatureKind::Field;
  return (loc >= 5) == field ? s : -1;
}

// ------------------------------------------------------------------ the board from scratch

// Tile index at each int8 coordinate, filled from the board's tile list and cleared after
// use, so lookups never go through the engine's cell indexing.
struct Grid {
  std::vector<int16_t> cell = std::vector<int16_t>(256 * 256, -1);  // board indices reach 154
  std::vector<int> used;
  std::vector<uint32_t> mark = std::vector<uint32_t>(256 * 256, 0);  // == stamp: in the current cell list
  uint32_t stamp = 0;
  int16_t& at(int x, int y) { return cell[(y + 128) * 256 + (x + 128)]; }
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

// What a figure weighs in a majority (docs/expansions.md): the large meeple 2, the builder
// and the pig nothing; the mayor its city's shields (Abbey & Mayor), the wagon 1. The barn
// stands on a corner point, never on a feature.
constexpr int kFigureStrength[kFigureValues] = {1, 2, 1, 0, 0, 0, 0, 0, 0, -1, 1, 0};
constexpr int kSoakKinds = 8;
constexpr Figure kKinds[kSoakKinds] = {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder,
                                       Figure::Pig,    Figure::Mayor, Figure::Wagon, Figure::Barn};

struct Component {
  FeatureKind kind;
  std::bitset<kTotalTiles> tiles;
  int segments = 0;
  int shields = 0;
  int open = 0;                               // road/city tile edges without a neighbour
  int monastery_neighbours = 0;               // monastery or garden: tiles around its tile
  int centre_tile = -1;                       // monastery or garden: its tile
  bool inn = false, cathedral = false;
  std::array<int, kGoodsKinds> goods{};       // goods symbols on its tiles (cities)
  std::array<int, kMaxPlayers> meeples{};     // majority strength per player (a mayor: the shields)
  int meeple_total = 0;                       // figures that occupy it (the engine's counter; a mayor too)
  std::array<int, kMaxPlayers> builders{}, pigs{}, mayors{};
  std::array<int, kMaxPlayers> followers{};   // figures that occupy it per player (a mayor of no strength too)
  bool complete() const {
    if (kind == FeatureKind::Monastery || kind == FeatureKind::Garden) return monastery_neighbours == 8;
    if (kind == FeatureKind::Field) return false;
    return open == 0;
  }
  void add_figure(int player, Figure f) {
    const int strength = f == Figure::Mayor ? shields : kFigureStrength[static_cast<int>(f)];
    meeples[player] += strength;
    meeple_total += f == Figure::Mayor || strength > 0;
    followers[player] += f == Figure::Mayor || strength > 0;
    if (f == Figure::Builder) builders[player]++;
    if (f == Figure::Pig) pigs[player]++;
    if (f == Figure::Mayor) mayors[player]++;
  }
  bool holds_figures() const {
    int n = meeple_total;
    for (int p = 0; p < kMaxPlayers; ++p) n += builders[p] + pigs[p];
    return n > 0;
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

// The river's open end, followed from the spring over the river tiles on the board: the
// cell the river flows into, the side it enters by, how the tile before bent (0 straight,
// 1 right, 2 left). Closed once the lake is placed; with the lake discarded the end stays
// open, and blocked, for good.
struct River {
  bool open = false;
  int x = 0, y = 0, entry = 0, bend = 0;
} river;

int bend_of(int entry, int exit) {
  const int travel = (entry + 2) % 4;
  if (exit == travel) return 0;
  return exit == (travel + 1) % 4 ? 1 : 2;
}

River follow_river(const Game& g) {
  River r;
  if (!g.options().river) return r;
  const Board& b = g.board();
  int i = 0, entry = -1, x = 0, y = 0;
  while (true) {
    const View& v = views()[b.tile(i).type][b.tile(i).rot];
    int exit = -1;
    for (int d = 0; d < 4; ++d)
      if (v.edge[d] == Edge::River && d != entry) exit = d;
    if (exit < 0) return r;  // the lake: the river is done
    r.bend = entry < 0 ? 0 : bend_of(entry, exit);
    x += kDx[exit];
    y += kDy[exit];
    const int k = grid.get(x, y);
    if (k < 0 || tiles::kDefs[b.tile(k).type].set != tiles::raw::TileSet::River) {
      EXPECT(k < 0, "the river runs into land at {},{}", x, y);
      r.open = true;
      r.x = x;
      r.y = y;
      r.entry = (exit + 2) % 4;
      return r;
    }
    i = k;
    entry = (exit + 2) % 4;
  }
}

int neighbours8(int x, int y) {
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) n += (dx || dy) && grid.get(x + dx, y + dy) >= 0;
  return n;
}

// Recomputes every feature of the game by flood fill and compares it with the engine's
// features, then checks meeples and conservation. Leaves the grid filled for the caller.
// Whether the placement waits for a decision before its scoring (a tower's capture, the
// dragon's flight).
bool before_scoring(const Game& g) {
  return decision_kind(g) == DecisionKind::Dragon || decision_kind(g) == DecisionKind::Capture;
}

Analysis analyse(const Game& g) {
  const Board& b = g.board();
  const Features& f = g.features();
  Analysis a;
  a.ntiles = b.tile_count();
  grid.clear();
  river = River{};
  int nseg = 0;
  for (int i = 0; i < a.ntiles; ++i) {
    const PlacedTile& pt = b.tile(i);
    EXPECT(pt.type < kTileTypes && pt.rot < 4, "tile {} has type {} rotation {}", i, int(pt.type), int(pt.rot));
    EXPECT(pt.rot == canonical(pt.type, pt.rot), "tile {} is stored with rotation {}, not the smallest of its picture",
           i, int(pt.rot));
    EXPECT(grid.get(pt.x, pt.y) < 0, "tiles {} and {} both lie at {},{}", grid.get(pt.x, pt.y), i, pt.x, pt.y);
    grid.at(pt.x, pt.y) = static_cast<int16_t>(i);
    grid.used.push_back((pt.y + 128) * 256 + pt.x + 128);
    a.seg_base[i] = nseg;
    EXPECT(pt.seg_base == nseg, "tile {} starts at segment {}, expected {}", i, pt.seg_base, nseg);
    nseg += tiles::kDefs[pt.type].nsegs;
    a.tile_of.resize(nseg, i);
  }
  const TileType start = g.options().river ? tiles::kSpring : kStartTile;
  EXPECT(b.tile(0).x == 0 && b.tile(0).y == 0 && b.tile(0).type == start && b.tile(0).rot == 0,
         "the start tile is not {} at 0,0 rotation 0", tile_name(start));
  EXPECT(f.count() == nseg, "features hold {} segments, tiles {}", f.count(), nseg);
  river = follow_river(g);

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
      c.inn |= (seg.marks & tiles::kInn) != 0;
      c.cathedral |= (seg.marks & tiles::kCathedral) != 0;
      if (seg.goods != tiles::raw::Goods::None) c.goods[static_cast<int>(seg.goods) - 1]++;
      if (seg.kind == FeatureKind::Monastery || seg.kind == FeatureKind::Garden) {
        c.monastery_neighbours = neighbours8(pt.x, pt.y);
        c.centre_tile = i;
      }
      const View& v = views()[pt.type][pt.rot];
      for (int d = 0; d < 4; ++d) {
        const int k = grid.get(pt.x + kDx[d], pt.y + kDy[d]);
        // An abbey (Abbey & Mayor) faces any edge and closes the road or city it meets.
        const bool abbey = k >= 0 && (pt.type == tiles::kAbbey || b.tile(k).type == tiles::kAbbey);
        if (k >= 0 && !abbey) {
          const PlacedTile& nt = b.tile(k);
          const View& w = views()[nt.type][nt.rot];
          EXPECT(v.edge[d] == w.edge[(d + 2) % 4], "tiles {} and {} meet with different edges", i, k);
        }
        if (abbey) {
          const int other = b.tile(k).type == tiles::kAbbey ? k : i;
          const PlacedTile& at = b.tile(other);
          EXPECT(grid.get(at.x + 1, at.y) >= 0 && grid.get(at.x - 1, at.y) >= 0 &&
                     grid.get(at.x, at.y + 1) >= 0 && grid.get(at.x, at.y - 1) >= 0,
                 "the abbey at {},{} is not in a hole", at.x, at.y);
          continue;
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

  // Figures: where they stand, how many per feature, and conservation by kind.
  std::array<std::array<int, kFigureValues>, kMaxPlayers> on_board{};
  std::bitset<kTotalTiles> tile_has_meeple, moved_wagon_on;
  // A figure put on another tile (the portal) is recorded by the tile whose action it was;
  // such a tile may hold several.
  std::bitset<kTotalTiles> targeted;
  for (int i = 0; i < a.ntiles; ++i)
    if (g.action_target(i) >= 0) targeted.set(static_cast<size_t>(g.action_target(i)));
  auto by_portal = [&](const Meeple& m) {
    for (int i = 0; i < a.ntiles; ++i)
      if (g.action_target(i) == m.tile && b.tile(i).meeple == m.location && b.tile(i).figure == m.kind) return true;
    return false;
  };
  for (const Meeple& m : g.meeples()) {
    EXPECT(m.player < g.players() && m.tile < a.ntiles && m.seg < nseg, "meeple of player {} on tile {} segment {}",
           m.player, m.tile, m.seg);
    const PlacedTile& pt = b.tile(m.tile);
    // A wagon its owner moved on after a scoring (Abbey & Mayor) stands on another tile than
    // the one it was deployed with, which records its own figure action.
    const bool moved_wagon = m.kind == Figure::Wagon && !(pt.meeple == m.location && pt.figure == Figure::Wagon);
    EXPECT(!tile_has_meeple.test(m.tile) || targeted.test(m.tile) || moved_wagon || moved_wagon_on.test(m.tile), "two meeples on tile {}",
           m.tile);
    tile_has_meeple.set(m.tile);
    if (moved_wagon) moved_wagon_on.set(m.tile);
    const bool portal = by_portal(m) || moved_wagon;
    EXPECT(pt.meeple == m.location || portal, "tile {} records meeple {}, the meeple says {}", m.tile,
           location_name(pt.meeple), location_name(m.location));
    const int c = a.comp_at(m.tile, static_cast<int>(m.location), b);
    EXPECT(c >= 0, "meeple at {} names no feature of tile {}", location_name(m.location), m.tile);
    EXPECT(a.comp_of[m.seg] == c, "meeple segment {} is not in the feature at its location", m.seg);
    EXPECT(g.options().farmers || a.comps[c].kind != FeatureKind::Field, "a farmer with farmers off");
    const int kind = static_cast<int>(m.kind);
    EXPECT((kind < kFigureKinds || m.kind == Figure::Mayor || m.kind == Figure::Wagon) && has_figure(g.options(), m.kind),
           "a {} on the board of a game without it", figure_name(m.kind));
    const FeatureKind fk = a.comps[c].kind;
    EXPECT(pt.figure == m.kind || portal, "tile {} records a {}, the figure is a {}", m.tile, figure_name(pt.figure),
           figure_name(m.kind));
    switch (m.kind) {
      case Figure::Abbot: EXPECT(fk == FeatureKind::Monastery || fk == FeatureKind::Garden, "an abbot on a {}",
                                 feature_kind_name(fk)); break;
      case Figure::Builder: EXPECT(fk == FeatureKind::Road || fk == FeatureKind::City, "a builder on a {}",
                                   feature_kind_name(fk)); break;
      case Figure::Pig: EXPECT(fk == FeatureKind::Field, "a pig on a {}", feature_kind_name(fk)); break;
      case Figure::Mayor: EXPECT(fk == FeatureKind::City, "a mayor on a {}", feature_kind_name(fk)); break;
      case Figure::Wagon: EXPECT(fk == FeatureKind::Road || fk == FeatureKind::City || fk == FeatureKind::Monastery,
                                 "a wagon on a {}", feature_kind_name(fk)); break;
      default: EXPECT(fk != FeatureKind::Garden, "a {} on a garden", figure_name(m.kind)); break;
    }
    a.comps[c].add_figure(m.player, m.kind);
    on_board[m.player][kind]++;
  }
  // The Tower: figures on tower tops, and prisoners (held by another player).
  for (int i = 0; i < b.tile_count(); ++i) {
    int height = 0, owner = -1;
    Figure top{};
    if (g.tower_at(b.tile(i).x, b.tile(i).y, height, owner, top) && owner >= 0) {
      EXPECT(height > 0 && (top == Figure::Meeple || top == Figure::Large), "a {} on a tower of height {}", figure_name(top), height);
      on_board[owner][static_cast<int>(top)]++;
    }
  }
  for (int p = 0; p < g.players(); ++p)
    for (int q = 0; q < g.players(); ++q)
      for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Mayor, Figure::Wagon}) {
        EXPECT(p != q || g.prisoners(p, q, f) == 0, "player {} holds their own {}", p, figure_name(f));
        on_board[q][static_cast<int>(f)] += g.prisoners(p, q, f);
      }
  // Abbey & Mayor: the barns on their corner points, each on a point where four tiles show only
  // field, no two in one field; the abbeys on the board and in the players' hands.
  int bx = 0, by = 0, owner = -1;
  std::vector<int> barn_fields;
  for (int i = 0; g.barn(i, bx, by, owner); ++i) {
    EXPECT(g.options().abbey_and_mayor && g.options().farmers && owner >= 0 && owner < g.players(), "a barn of player {}", owner);
    on_board[owner][static_cast<int>(Figure::Barn)]++;
    int field = -1;
    // the four squares around point (bx, by) (the NW corner of square bx, by) and each one's slots at it
    constexpr int kAround[4][4] = {{-1, -1, 5, 6}, {0, -1, 8, 9}, {0, 0, 11, 0}, {-1, 0, 2, 3}};
    for (const auto& q : kAround) {
      const int t = grid.get(bx + q[0], by + q[1]);
      EXPECT(t >= 0, "the barn at point {},{} lacks the tile at {},{}", bx, by, bx + q[0], by + q[1]);
      const View& v = views()[b.tile(t).type][b.tile(t).rot];
      const int s1 = v.seg_at[q[2]], s2 = v.seg_at[q[3]];
      EXPECT(s1 >= 0 && s1 == s2 && tiles::kDefs[b.tile(t).type].segs[s1].kind == FeatureKind::Field,
             "the barn at point {},{} touches no field alone on tile {}", bx, by, t);
      const int c = a.comp_of[a.seg_base[t] + s1];
      EXPECT(field < 0 || field == c, "the barn at point {},{} touches two fields", bx, by);
      field = c;
    }
    barn_fields.push_back(field);
    a.comps[static_cast<size_t>(field)].meeple_total++;  // a barn occupies its field (no farmer may join it)
  }
  // No farmer or pig stays in a barn's field once a placement has scored (a barn's scorings
  // send them home): between turns none is there.
  if (g.phase() == Phase::PlaceTile || g.phase() == Phase::Draw)
    for (const Meeple& m : g.meeples())
      EXPECT(std::find(barn_fields.begin(), barn_fields.end(), a.comp_of[m.seg]) == barn_fields.end(), "a {} of player {} in a barn's field",
             figure_name(m.kind), m.player);
  if (g.options().abbey_and_mayor) {
    int abbeys = 0;
    for (int i = 0; i < a.ntiles; ++i) abbeys += b.tile(i).type == tiles::kAbbey;
    for (int p = 0; p < g.players(); ++p) abbeys += g.holds_abbey(p);
    EXPECT(abbeys == g.players(), "{} abbeys on the board and in hand, {} players", abbeys, g.players());
  }
  for (int p = 0; p < g.players(); ++p)
    for (const Figure f : kKinds) {
      const int k = static_cast<int>(f);
      const int owned = f == Figure::Meeple                          ? kMeeplesPerPlayer
                        : f == Figure::Barn && !g.options().farmers ? 0
                        : has_figure(g.options(), f)                ? 1
                                                                    : 0;
      EXPECT(on_board[p][k] + g.supply(p, f) == owned, "player {}: {} {}s on the board, on towers or prisoners, {} in supply, of {}", p,
             on_board[p][k], figure_name(f), g.supply(p, f), owned);
    }
  // A builder stands only with one of its owner's meeples; a pig likewise on a field.
  for (const Component& c : a.comps)
    for (int p = 0; p < g.players(); ++p)
      EXPECT((c.builders[p] + c.pigs[p] == 0 || c.followers[p] > 0) && c.builders[p] <= 1 && c.pigs[p] <= 1,
             "player {}'s builder or pig stands on a {} without their meeple", p, feature_kind_name(c.kind));

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
    // Between placing and scoring (the tower's capture and the dragon's flight included) a
    // completed feature may still hold its figures.
    EXPECT(!mine.holds_figures() || !mine.complete() || g.phase() == Phase::PlaceMeeple || before_scoring(g),
           "a figure stays on a completed {} (segment {})", name, r);
  }

  // Tiles: the board holds the start tile and the drawn tiles that were not discarded, in
  // order; the rest are in hand or in the pile.
  const auto order = g.draw_order();
  const int in_hand = g.phase() == Phase::PlaceTile ? 1 : 0;
  // Goods: the players' tokens come from completed cities' symbols, 20 at most.
  for (int k = 0; k < kGoodsKinds; ++k) {
    int taken = 0, symbols = 0;
    for (int p = 0; p < g.players(); ++p) taken += g.goods(p, static_cast<Goods>(k + 1));
    for (const Component& c : a.comps)
      if (c.kind == FeatureKind::City && c.complete()) symbols += c.goods[k];
    EXPECT(g.options().traders_and_builders || taken == 0, "goods without Traders & Builders");
    // The city completed by the tile just placed gives its goods at the end of the turn.
    EXPECT(taken <= symbols && taken <= 20, "{} goods of kind {} taken, {} symbols on completed cities", taken, k,
           symbols);
    EXPECT(!g.options().traders_and_builders || g.phase() == Phase::PlaceMeeple || before_scoring(g) || taken == symbols,
           "{} goods of kind {} taken, {} symbols on completed cities", taken, k, symbols);
  }
  // A dragon tile set aside (Princess & Dragon) is a draw that neither lands nor leaves; the
  // copies that went back at the first volcano are draws of their own.
  int aside = 0;
  for (int d = 0; d < g.drawn(); ++d) aside += g.set_aside(d);
  EXPECT(a.ntiles + g.discard_count() + aside + in_hand + g.tiles_in_pile() == 1 + static_cast<int>(order.size()),
         "{} placed + {} discarded + {} set aside + {} in hand + {} in the pile is not 1 + {}", a.ntiles,
         g.discard_count(), aside, in_hand, g.tiles_in_pile(), order.size());
  int next_tile = 1;
  for (int d = 0; d < g.drawn(); ++d) {
    if (g.discarded(d) || g.set_aside(d)) continue;
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

// Whether tile t fits at (x, y) turned rot, from the neighbours' edges; a river tile only at
// the river's open end, continuing it without bending the way the tile before bent; no land
// tile at the open end (it would have to show a river edge where the river enters).
Fit fit(TileType t, int x, int y, int rot, const Board& b) {
  Fit r{false, {}};
  if (rot > 3) {
    r.verdict.reason = Illegal::BadRotation;
    return r;
  }
  const View& v = views()[t][rot];
  const bool at_end = river.open && x == river.x && y == river.y;
  if (tiles::kDefs[t].set == tiles::raw::TileSet::River && !at_end) {
    r.verdict.reason = grid.get(x, y) >= 0 ? Illegal::Occupied : Illegal::RiverMustContinue;
    return r;
  }
  if (grid.get(x, y) >= 0) {
    r.verdict.reason = Illegal::Occupied;
    return r;
  }
  if (tiles::kDefs[t].set != tiles::raw::TileSet::River && at_end) {
    r.verdict = Verdict{Illegal::Mismatch, static_cast<Side>(river.entry), Edge::River, v.edge[river.entry]};
    return r;
  }
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
  if (tiles::kDefs[t].set == tiles::raw::TileSet::River && r.verdict.reason == Illegal::None) {
    int exit = -1;
    for (int d = 0; d < 4; ++d)
      if (v.edge[d] == Edge::River && d != river.entry) exit = d;
    if (exit >= 0 && bend_of(river.entry, exit) != 0 && bend_of(river.entry, exit) == river.bend)
      r.verdict = Verdict{Illegal::RiverUTurn};
  }
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
  const int blocked = river.open ? 1 : 0;  // the river's open end is no open cell
  EXPECT(b.open_count() == static_cast<int>(cells.size()) - blocked, "the engine has {} open cells, the board {}",
         b.open_count(), cells.size() - blocked);
  EXPECT(!river.open || b.blocked_at(river.x, river.y), "the river's open end {},{} is not blocked", river.x, river.y);
  for (int i = 0; i < b.open_count(); ++i) {
    const OpenCell& o = b.open(i);
    EXPECT(grid.mark_at(o.x, o.y) == grid.stamp, "open cell {},{} is not an empty cell beside a tile", o.x, o.y);
    EXPECT(!river.open || o.x != river.x || o.y != river.y, "the river's open end is an open cell");
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
    else if (a.comps[c].kind == FeatureKind::Garden)
      want.reason = g.options().abbot ? Illegal::GardenAbbotOnly : Illegal::NoSuchFeature;
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

// Every figure action on the tile just placed (every kind, every location byte 0..15): the
// verdict by the rules of docs/expansions.md, and the listing: meeples, large meeples, the
// abbot, the recall, builders, pigs, each kind's features once by their first location.
void check_figure_options(const Game& g, const Analysis& a) {
  const Board& b = g.board();
  const int last = b.tile_count() - 1;
  const PlacedTile& pt = b.tile(last);
  const int player = g.current_player();
  const Options& o = g.options();
  // The player's abbot on the board, and whether its monastery or garden is complete.
  int abbot_comp = -1;
  for (const Meeple& m : g.meeples())
    if (m.player == player && m.kind == Figure::Abbot) abbot_comp = a.comp_of[m.seg];
  std::vector<FigureChoice> expected;
  for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Recall, Figure::Builder, Figure::Pig}) {
    std::vector<int> offered;
    for (int l = 0; l < 16; ++l) {
      const int c = l < kLocationCount ? a.comp_at(last, l, b) : -1;
      const Component* comp = c >= 0 ? &a.comps[c] : nullptr;
      const bool supply = f != Figure::Recall && g.supply(player, f) > 0;
      Illegal want = Illegal::None;
      if (f == Figure::Meeple && l == static_cast<int>(Location::None)) {
        want = Illegal::None;  // no figure: always allowed
      } else if (!has_figure(o, f)) {
        want = Illegal::NotInGame;
      } else if (f == Figure::Abbot) {
        if (l != 0 || !comp || (comp->kind != FeatureKind::Monastery && comp->kind != FeatureKind::Garden))
          want = Illegal::AbbotCentreOnly;
        else if (!supply) want = Illegal::NoSupply;
      } else if (f == Figure::Recall) {
        if (l != static_cast<int>(Location::None)) want = Illegal::RecallLocation;
        else if (abbot_comp < 0) want = Illegal::AbbotNotPlaced;
        else if (a.comps[abbot_comp].complete()) want = Illegal::AbbotComplete;
      } else if (!comp) {
        want = Illegal::NoSuchFeature;
      } else if (comp->kind == FeatureKind::Garden) {
        want = o.abbot ? Illegal::GardenAbbotOnly : Illegal::NoSuchFeature;
      } else if (f == Figure::Builder) {
        if (comp->kind != FeatureKind::Road && comp->kind != FeatureKind::City) want = Illegal::BuilderRoadOrCity;
        else if (!supply) want = Illegal::NoSupply;
        else if (comp->meeples[player] == 0) want = Illegal::BuilderNeedsMeeple;
        else if (comp->complete()) want = Illegal::BuilderComplete;
      } else if (f == Figure::Pig) {
        if (comp->kind != FeatureKind::Field) want = Illegal::PigFieldOnly;
        else if (!o.farmers) want = Illegal::FarmersOff;
        else if (!supply) want = Illegal::NoSupply;
        else if (comp->meeples[player] == 0) want = Illegal::PigNeedsFarmer;
      } else {  // meeple, large meeple
        if (comp->kind == FeatureKind::Field && !o.farmers) want = Illegal::FarmersOff;
        else if (comp->meeple_total > 0) want = Illegal::FeatureOccupied;
        else if (!supply) want = Illegal::NoSupply;
      }
      const Verdict got = g.check_figure(f, static_cast<Location>(l));
      EXPECT(got.reason == want, "{} at {} on {}: the engine says '{}', the rules say '{}'", figure_name(f), l,
             tile_name(pt.type), describe(got), reason_text(want));
      if (want != Illegal::None || (l == static_cast<int>(Location::None) && f == Figure::Meeple)) continue;
      const int key = f == Figure::Recall ? -1 : c;
      if (std::find(offered.begin(), offered.end(), key) != offered.end()) continue;
      offered.push_back(key);
      expected.push_back(FigureChoice{f, static_cast<Location>(l)});
    }
  }
  FigureChoice opts[kMaxFigureOptions];
  const int k = g.figure_options(opts);
  EXPECT(k == static_cast<int>(expected.size()) && std::equal(opts, opts + k, expected.begin()),
         "figure options on {}: {} listed, {} expected", tile_name(pt.type), k, expected.size());
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

// Points of a completed feature (docs/rules.md, docs/expansions.md).
int completed_points(const Component& f, const Options& o) {
  const int n = static_cast<int>(f.tiles.count());
  switch (f.kind) {
    case FeatureKind::Road: return f.inn ? 2 * n : n;
    case FeatureKind::City:
      if (f.cathedral) return 3 * (n + f.shields);
      return (o.first_edition_small_city && n == 2) ? n + f.shields : 2 * (n + f.shields);
    default: return 9;  // monastery, garden
  }
}

// A turn's events (end-game scoring aside): exactly the completed features with figures that
// weigh (with the figure just deployed) scored once each by the rules' points, the recalled
// abbot's points, the goods of each city the tile completed to the player, and a bonus tile
// event when one is due.
void check_turn_scores(const Game& g, const Events& ev, const Analysis& a, int player, int recalled, bool bonus) {
  const Board& b = g.board();
  const int last_tile = a.ntiles - 1;
  std::vector<int> scored, goods_cities;
  int recalls = 0, bonuses = 0;
  for (int i = 0; i < ev.count; ++i) {
    const Event& e = ev.items[i];
    if (e.type == Event::Type::Bonus) {
      ++bonuses;
      EXPECT(e.winners == 1u << player, "a bonus event for players {:b}", e.winners);
      continue;
    }
    if (e.type == Event::Type::Goods) {
      const int c = event_component(e, a, b);
      EXPECT(a.comps[c].kind == FeatureKind::City && a.comps[c].complete() && a.comps[c].tiles.test(last_tile),
             "goods from a {} the tile did not complete", feature_kind_name(a.comps[c].kind));
      EXPECT(e.winners == 1u << player, "goods to players {:b}, not to the player who completed the city", e.winners);
      for (int k = 0; k < kGoodsKinds; ++k)
        EXPECT(e.goods[k] == a.comps[c].goods[k], "a city with {} goods of kind {} gave {}", a.comps[c].goods[k], k,
               e.goods[k]);
      EXPECT(std::find(goods_cities.begin(), goods_cities.end(), c) == goods_cities.end(), "a city's goods twice");
      goods_cities.push_back(c);
      continue;
    }
    if (e.type == Event::Type::Recall) {
      ++recalls;
      const int c = event_component(e, a, b);
      EXPECT(c == recalled, "a recall names another feature than the abbot's");
      EXPECT(e.points == 1 + a.comps[c].monastery_neighbours, "a recalled abbot scored {}, not 1 + {}", e.points,
             a.comps[c].monastery_neighbours);
      check_winners(e, a.comps[c].meeples, g.players(), "recall");
      continue;
    }
    if (e.type != Event::Type::Score || e.end_game) continue;
    const int c = event_component(e, a, b);
    const Component& f = a.comps[c];
    EXPECT(f.kind == e.feature && f.complete(), "a {} event during the game for an incomplete {}",
           feature_kind_name(e.feature), feature_kind_name(f.kind));
    EXPECT(std::find(scored.begin(), scored.end(), c) == scored.end(), "a {} scored twice in one turn",
           feature_kind_name(f.kind));
    scored.push_back(c);
    const int n = static_cast<int>(f.tiles.count());
    const int points = completed_points(f, g.options());
    EXPECT(e.points == points, "a completed {} of {} tiles and {} shields scored {}, not {}",
           feature_kind_name(f.kind), n, f.shields, e.points, points);
    if (f.kind == FeatureKind::Road || f.kind == FeatureKind::City)
      EXPECT(e.tiles == n, "event tiles {}, feature tiles {}", e.tiles, n);
    check_winners(e, f.meeples, g.players(), "completed feature");
  }
  int due = 0, due_goods = 0;
  for (size_t c = 0; c < a.comps.size(); ++c) {
    const Component& f = a.comps[c];
    due += f.complete() && f.meeple_total > 0 && static_cast<int>(c) != recalled;
    due_goods += g.options().traders_and_builders && f.kind == FeatureKind::City && f.complete() &&
                 f.tiles.test(last_tile) && (f.goods[0] + f.goods[1] + f.goods[2]) > 0;
  }
  EXPECT(due == static_cast<int>(scored.size()), "{} completed features hold meeples, {} scored", due, scored.size());
  EXPECT(due_goods == static_cast<int>(goods_cities.size()), "{} cities with goods completed, {} goods events",
         due_goods, goods_cities.size());
  EXPECT(recalls == (recalled >= 0), "{} recall events", recalls);
  EXPECT(bonuses == bonus, "{} bonus events, {} due", bonuses, int(bonus));
}

// End-game scoring of the final board: every feature that still holds meeples, by the
// end-game points (an inn's road and a cathedral's city nothing); with first-edition farmers,
// each completed city with farmers nearby; the pigs' extra point per city to a field's
// winners whose pig is in it; the 10 points of each goods majority.
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
  std::vector<std::string> farmer_events, pig_events, goods_events;
  // Bit p set for the winners of a majority of weights.
  const auto winners_of = [&](const std::array<int, kMaxPlayers>& w) {
    int most = 0, winners = 0;
    for (int p = 0; p < g.players(); ++p) most = std::max(most, w[p]);
    for (int p = 0; p < g.players(); ++p) winners |= (most > 0 && w[p] == most) << p;
    return winners;
  };
  for (int i = 0; i < ev.count; ++i) {
    const Event& e = ev.items[i];
    if (e.type == Event::Type::GoodsBonus) {
      goods_events.push_back(fmt::format("{} {} {}", e.points, e.winners, fmt::join(e.goods, ",")));
      continue;
    }
    if (e.type == Event::Type::Pig) {
      EXPECT(g.options().traders_and_builders && e.end_game, "a pig event without Traders & Builders");
      pig_events.push_back(fmt::format("{} {} {}", e.points, e.winners, fmt::join(e.meeples, ",")));
      continue;
    }
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
      case FeatureKind::Road: points = f.inn ? 0 : n; break;
      case FeatureKind::City: points = f.cathedral ? 0 : n + f.shields; break;
      case FeatureKind::Monastery:
      case FeatureKind::Garden: points = 1 + f.monastery_neighbours; break;
      case FeatureKind::Field: points = 3 * static_cast<int>(touched_cities(c).size()); break;
    }
    EXPECT(e.points == points, "at the end a {} of {} tiles scored {}, not {}", feature_kind_name(f.kind), n,
           e.points, points);
    check_winners(e, f.meeples, g.players(), "end-game feature");
  }
  int due = 0;
  std::vector<std::string> expected_pigs;
  for (const Component& f : a.comps) {
    due += f.meeple_total > 0 && !(first_farmers && f.kind == FeatureKind::Field);
    if (first_farmers || f.kind != FeatureKind::Field || f.meeple_total == 0) continue;
    int pigs = 0;
    for (int p = 0; p < g.players(); ++p) pigs |= (f.pigs[p] > 0) << p;
    const int cities = static_cast<int>(touched_cities(static_cast<int>(&f - a.comps.data())).size());
    const int winners = winners_of(f.meeples) & pigs;
    if (winners && cities)
      expected_pigs.push_back(fmt::format("{} {} {}", cities, winners, fmt::join(f.meeples, ",")));
  }
  EXPECT(due == static_cast<int>(scored.size()), "{} features hold meeples at the end, {} scored", due,
         scored.size());

  // The goods majorities: 10 to each player with the most tokens of a kind.
  std::vector<std::string> expected_goods;
  if (g.options().traders_and_builders)
    for (int k = 0; k < kGoodsKinds; ++k) {
      std::array<int, kMaxPlayers> held{};
      for (int p = 0; p < g.players(); ++p) held[p] = g.goods(p, static_cast<Goods>(k + 1));
      const int winners = winners_of(held);
      if (!winners) continue;
      std::array<int, kGoodsKinds> count{};
      count[k] = *std::max_element(held.begin(), held.end());
      expected_goods.push_back(fmt::format("10 {} {}", winners, fmt::join(count, ",")));
    }
  std::sort(goods_events.begin(), goods_events.end());
  std::sort(expected_goods.begin(), expected_goods.end());
  EXPECT(goods_events == expected_goods, "goods majorities:\n    {}\n  expected:\n    {}",
         fmt::join(goods_events, "\n    "), fmt::join(expected_goods, "\n    "));

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
      const int winners = winners_of(farmers);
      expected.push_back(fmt::format("4 {} {} {}", a.comps[city].tiles.count(), winners, fmt::join(farmers, ",")));
      int pigs = 0;  // 5 instead of 4 to the winners with their pig in one of the fields
      for (int field : fields_of_city[city])
        for (int p = 0; p < g.players(); ++p) pigs |= (a.comps[field].pigs[p] > 0) << p;
      if (winners & pigs) expected_pigs.push_back(fmt::format("1 {} {}", winners & pigs, fmt::join(farmers, ",")));
    }
  }
  // Pig events as "points winners weights": 1 per city a field touches, 1 per first-edition city.
  std::sort(pig_events.begin(), pig_events.end());
  std::sort(expected_pigs.begin(), expected_pigs.end());
  EXPECT(pig_events == expected_pigs, "pig events:\n    {}\n  expected:\n    {}", fmt::join(pig_events, "\n    "),
         fmt::join(expected_pigs, "\n    "));
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
                        static_cast<int>(g.meeples().size()), g.bonus_turn()};
  for (int p = 0; p < g.players(); ++p) {
    v.push_back(g.score(p));
    for (const Figure f : kKinds) v.push_back(g.supply(p, f));
    for (int k = 1; k <= kGoodsKinds; ++k) v.push_back(g.goods(p, static_cast<Goods>(k)));
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
      if (ev.items[i].type != Event::Type::Discard && (ev.items[i].winners >> p & 1)) points += ev.items[i].points;
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
  long games = 0, turns = 0, discards = 0, events = 0, bonuses = 0, dragon_games = 0, flights = 0, captures = 0, ransoms = 0;
  long abbey_games = 0, abbey_decisions = 0, abbeys_placed = 0, final_seats = 0, wagon_decisions = 0, wagons_moved = 0,
       mayor_cities = 0, barns = 0;
};

// ------------------------------------------------------------------ Abbey & Mayor

// The holes an abbey may fill, from the grid alone: empty squares with a tile on each of
// their four sides, but not the square the river's open end points into.
std::vector<std::pair<int, int>> model_holes(const Board& b) {
  std::vector<std::pair<int, int>> holes;
  for (int i = 0; i < b.tile_count(); ++i)
    for (int d = 0; d < 4; ++d) {
      const int x = b.tile(i).x + kDx[d], y = b.tile(i).y + kDy[d];
      if (grid.get(x, y) >= 0 || (river.open && river.x == x && river.y == y)) continue;
      bool closed = true;
      for (int e = 0; e < 4; ++e) closed &= grid.get(x + kDx[e], y + kDy[e]) >= 0;
      if (closed) holes.emplace_back(x, y);
    }
  std::sort(holes.begin(), holes.end());
  holes.erase(std::unique(holes.begin(), holes.end()), holes.end());
  return holes;
}

// The abbey decision's options against the model: The Tower's ransoms first (none once one is
// paid here: `committed`); its squares are exactly the holes; besides them, in the final round
// only 'abbey pass', else the draw, or in a bonus part 'pass' (and 'take' while land tiles are
// left); nothing else once a ransom paid here commits to the abbey.
void check_abbey_options(const Game& g, const Choice* list, int n, bool final_round, bool committed) {
  std::vector<std::pair<int, int>> squares;
  std::vector<int> others;
  int i = 0;
  for (; i < n && list[i].kind == DecisionKind::Place; ++i)
    EXPECT(g.options().tower && !committed && list[i].option == 1 && g.score(g.current_player()) >= points::kRansom &&
               g.prisoners(list[i].figure.x, g.current_player(), list[i].figure.figure) > 0,
           "'{}' before an abbey", choice_text(list[i]));
  for (; i < n; ++i) {
    EXPECT(list[i].kind == DecisionKind::Abbey, "a {} option in an abbey decision", choice_text(list[i]));
    if (list[i].option == 2) squares.emplace_back(list[i].at.x, list[i].at.y);
    else others.push_back(list[i].option);
  }
  std::sort(squares.begin(), squares.end());
  const auto holes = model_holes(g.board());
  EXPECT(squares == holes && !holes.empty(), "the abbey may go onto {} squares, the model has {} holes", squares.size(), holes.size());
  const bool left = g.tiles_in_pile() > 0;
  if (committed) {
    EXPECT(others.empty(), "{} options besides the abbey after a ransom that commits to it", others.size());
    return;
  }
  const bool fits = final_round ? others == std::vector<int>{3}
                                : others == std::vector<int>{0} || others == std::vector<int>{1} || others == std::vector<int>{4, 1};
  EXPECT(fits && (others[0] != 0 || left) && (others[0] != 4 || left), "the abbey decision's other options are wrong ({}, final round {})",
         others.size(), final_round);
}

// A returned wagon's targets from the model: each unoccupied, incomplete road, city and
// monastery with a part on the wagon's square or the 8 around it (not the dragon's square),
// once per square.
std::vector<std::array<int, 3>> model_wagon_targets(const Game& g, const Analysis& a, int wx, int wy) {
  std::vector<std::array<int, 3>> out;
  int dx = 0, dy = 0;
  const bool dragon = g.dragon_at(dx, dy);
  for (int x = wx - 1; x <= wx + 1; ++x)
    for (int y = wy - 1; y <= wy + 1; ++y) {
      const int t = grid.get(x, y);
      if (t < 0 || (dragon && dx == x && dy == y)) continue;
      for (int loc = 0; loc < kLocationCount; ++loc) {
        const int c = a.comp_at(t, loc, g.board());
        if (c < 0) continue;
        const Component& k = a.comps[static_cast<size_t>(c)];
        if (k.kind != FeatureKind::Road && k.kind != FeatureKind::City && k.kind != FeatureKind::Monastery) continue;
        if (k.complete() || k.holds_figures()) continue;
        out.push_back({x, y, c});
      }
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void check_wagon_options(const Game& g, const Analysis& a, const Choice* list, int n, int wx, int wy) {
  std::vector<std::array<int, 3>> listed;
  int stay = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT(list[i].kind == DecisionKind::Wagon, "a {} option in a wagon decision", choice_text(list[i]));
    if (list[i].option == 1) {
      ++stay;
      continue;
    }
    const int t = grid.get(list[i].at.x, list[i].at.y);
    EXPECT(t >= 0 && list[i].figure.figure == Figure::Wagon, "the wagon option {} names no tile", choice_text(list[i]));
    listed.push_back({list[i].at.x, list[i].at.y, a.comp_at(t, static_cast<int>(list[i].figure.location), g.board())});
  }
  const size_t named = listed.size();
  std::sort(listed.begin(), listed.end());
  listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
  const auto want = model_wagon_targets(g, a, wx, wy);
  EXPECT(stay == 1 && named == listed.size() && listed == want && !want.empty(),
         "the wagon from {},{} has {} targets listed ({} named), the model {}", wx, wy, listed.size(), named, want.size());
}

// The Tower's capture decision, listed by the rules after `built` (the figure action that put
// a piece on the tower): every meeple, large meeple and abbot on a tile in the tower's row or
// column within its height, and every figure on a tower top there, each once, or once per
// kind of the captor's figures its owner holds when those are two or more kinds; and none.
void check_capture_options(const Game& g, const Choice& built) {
  EXPECT(built.kind == DecisionKind::Figure && built.figure.figure == Figure::TowerPiece, "a capture after {}", choice_text(built));
  int height = 0, owner = -1;
  Figure top{};
  EXPECT(g.tower_at(built.figure.x, built.figure.y, height, owner, top) && owner < 0, "no open tower at {},{}", built.figure.x,
         built.figure.y);
  const int me = g.current_player();
  const auto in_reach = [&](int x, int y) {
    return (x == built.figure.x && std::abs(y - built.figure.y) <= height) || (y == built.figure.y && std::abs(x - built.figure.x) <= height);
  };
  const auto options_for = [&](int whose) {
    if (whose == me) return 1;
    int kinds = 0;
    for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Mayor, Figure::Wagon})
      kinds += g.prisoners(whose, me, f) > 0;
    return kinds >= 2 ? kinds : 1;
  };
  std::multiset<std::pair<int, int>> want;  // the squares of the options, "none" as (999, 999)
  want.insert({999, 999});
  for (const Meeple& m : g.meeples()) {
    const PlacedTile& t = g.board().tile(m.tile);
    // Capturable: meeples, large meeples, abbots, and with Abbey & Mayor mayors and wagons.
    if ((m.kind == Figure::Meeple || m.kind == Figure::Large || m.kind == Figure::Abbot || m.kind == Figure::Mayor ||
         m.kind == Figure::Wagon) && in_reach(t.x, t.y))
      for (int k = options_for(m.player); k > 0; --k) want.insert({t.x, t.y});
  }
  for (int i = 0; i < g.board().tile_count(); ++i) {
    const PlacedTile& t = g.board().tile(i);
    int other_height = 0, on_top = -1;
    if (g.tower_at(t.x, t.y, other_height, on_top, top) && on_top >= 0 && in_reach(t.x, t.y))
      for (int k = options_for(on_top); k > 0; --k) want.insert({t.x, t.y});
  }
  Choice list[kMaxChoices];
  const int n = list_choices(g, list);
  std::multiset<std::pair<int, int>> got;
  std::string listed;
  for (int i = 0; i < n; ++i) {
    got.insert(list[i].option == 1 ? std::pair{999, 999} : std::pair{int{list[i].figure.x}, int{list[i].figure.y}});
    listed += fmt::format(" '{}'", choice_text(list[i]));
  }
  EXPECT(got == want && want.size() >= 2, "{} capture options listed ({}), the rules give {} (tower at {},{} of height {})", got.size(),
         listed, want.size(), built.figure.x, built.figure.y, height);
}

// The box of a game with these options, from the tile sets: the base game (its garden tiles
// as the Abbot's copies of their letters), the river, Inns & Cathedrals, Traders & Builders;
// less the tile on the table (the start tile, or the spring, which sends the start tile back
// to the box).
std::array<int, kTileTypes> model_box(const Options& o) {
  std::array<int, kTileTypes> box{};
  using tiles::raw::TileSet;
  for (int t = 0; t < kTileTypes; ++t) {
    const tiles::TileDef& d = tiles::kDefs[t];
    const bool in = d.set == TileSet::Base || (d.set == TileSet::Abbot && o.abbot) ||
                    (d.set == TileSet::River && o.river) || (d.set == TileSet::InnsAndCathedrals && o.inns_and_cathedrals) ||
                    (d.set == TileSet::TradersAndBuilders && o.traders_and_builders) ||
                    (d.set == TileSet::PrincessAndDragon && o.princess_and_dragon) || (d.set == TileSet::Tower && o.tower) ||
                    (d.set == TileSet::AbbeyAndMayor && o.abbey_and_mayor && t != tiles::kAbbey);  // the abbeys are in hand
    if (in) box[t] += d.count;
    if (d.set == TileSet::Abbot && o.abbot) box[d.plain] -= d.count;  // a garden copy replaces its letter
  }
  box[kStartTile]--;  // on the table, or with the river back in the box (the land stack has D x3)
  if (o.river) box[tiles::kSpring]--;
  return box;
}

// The box against the engine's: box_count, and a shuffled pile holding exactly the box.
void check_box(const Game& g) {
  const auto box = model_box(g.options());
  std::array<int, kTileTypes> pile{};
  for (const TileType t : g.draw_order()) pile[t]++;
  for (int t = 0; t < kTileTypes; ++t) {
    EXPECT(box[t] >= 0 && box_count(g.options(), static_cast<TileType>(t)) == box[t],
           "the box holds {} of {}, the engine says {}", box[t], tile_name(static_cast<TileType>(t)),
           box_count(g.options(), static_cast<TileType>(t)));
    EXPECT(g.fixed_order() || pile[t] == box[t], "the pile holds {} of {}, the box {}", pile[t],
           tile_name(static_cast<TileType>(t)), box[t]);
  }
}

// The player's builder, placed before the tile just placed, is on a feature of that tile.
bool builder_extended(const Analysis& a, const Game& g, int player) {
  const int last = a.ntiles - 1;
  for (const Meeple& m : g.meeples())
    if (m.kind == Figure::Builder && m.player == player && m.tile != last &&
        a.comps[a.comp_of[m.seg]].tiles.test(last))
      return true;
  return false;
}

void play_game(uint64_t seed, Totals& totals) {
  Rng rng(seed);
  const int players = 1 + static_cast<int>(rng.below(kMaxPlayers));
  Options opt;
  opt.farmers = rng.below(4) != 0;
  opt.first_edition_small_city = rng.below(2) != 0;
  opt.first_edition_farmers = rng.below(2) != 0;
  const bool fixed = rng.below(6) == 0;
  // Each expansion in half the games: a quarter of them base games, a few with all four.
  opt.river = rng.below(2) != 0;
  opt.abbot = rng.below(2) != 0;
  opt.inns_and_cathedrals = rng.below(2) != 0;
  opt.traders_and_builders = rng.below(2) != 0;
  std::vector<TileType> order;
  if (fixed) {  // a random part of the box in random order: short games, more discards
    const auto box = model_box(opt);
    std::vector<TileType> rivers;
    for (int t = 0; t < kTileTypes; ++t)
      for (int i = 0; i < box[t]; ++i) (tiles::kDefs[t].set == tiles::raw::TileSet::River ? rivers : order).push_back(static_cast<TileType>(t));
    for (auto* v : {&rivers, &order})
      for (int i = static_cast<int>(v->size()) - 1; i > 0; --i)
        std::swap((*v)[i], (*v)[rng.below(static_cast<uint32_t>(i + 1))]);
    // The river first, the lake last of it.
    const auto lake = std::find(rivers.begin(), rivers.end(), tiles::kLake);
    if (lake != rivers.end()) std::rotate(lake, lake + 1, rivers.end());
    order.insert(order.begin(), rivers.begin(), rivers.end());
    order.resize(rng.below(static_cast<uint32_t>(order.size() + 1)));
  }
  where = Where{seed, 0,
                fmt::format("{} players, farmers {}, first-edition small city {}, first-edition farmers {}, river {}, "
                            "abbot {}, inns and cathedrals {}, traders and builders {}, {}",
                            players, opt.farmers, opt.first_edition_small_city, opt.first_edition_farmers, opt.river,
                            opt.abbot, opt.inns_and_cathedrals, opt.traders_and_builders,
                            fixed ? fmt::format("fixed order of {} tiles", order.size()) : "shuffled"),
                "set-up"};
  Game g = fixed ? Game(players, std::span<const TileType>(order), opt) : Game(players, seed, opt);
  check_box(g);
  check_record(g);
  const int meeple_percent = static_cast<int>(rng.below(101));  // how eagerly this game deploys
  const int playout_turn = static_cast<int>(rng.below(100));

  std::array<long, kMaxPlayers> from_events{};
  Events ev, ev2;
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];
  FigureChoice figs[kMaxFigureOptions];
  // Tiles discarded while drawing the first tile fit nowhere beside the start tile.
  analyse(g);
  for (int d = 0; d < g.drawn(); ++d)
    if (g.discarded(d)) check_discard(g.draw_order()[d], g.board());
  if (g.over()) check_end_scores(g, ev, analyse(g));
  int bonus_player = -1;  // who waits for a bonus decision
  while (!g.over()) {
    if (g.phase() == Phase::Decide) {
      // The builder's bonus tile: the same player takes it (the next turn is theirs, its tile
      // a bonus tile) or passes on it (the next player's turn).
      where.step = "bonus decision";
      EXPECT(g.current_player() == bonus_player && g.current_tile() == kNoTile && g.legal_placements(buf) == 0 &&
                 g.figure_options(figs) == 0 && !g.bonus_turn() && g.tiles_in_pile() > 0,
             "the Bonus phase is not the bonus decision of player {}", bonus_player);
      Game other = g;
      const int last = g.board().tile_count() - 1;
      const int discards = g.discard_count();
      ev.clear();
      const bool take = rng.below(2) != 0;
      EXPECT((take ? g.take_bonus(&ev) : g.pass(&ev)) == Status::Ok, "the bonus decision is refused");
      EXPECT(other.play(Move{Placement{127, 127, 0}, Location::None}) != Status::Ok && other.phase() == Phase::Decide,
             "play() with an illegal move changed the Bonus phase");
      EXPECT(g.declined(last) == !take && g.phase() != Phase::Decide && g.phase() != Phase::PlaceMeeple,
             "after the bonus decision: declined {}, phase {}", g.declined(last), int(g.phase()));
      if (!g.over()) {
        EXPECT(g.bonus_turn() == take && g.current_player() == (take ? bonus_player : (bonus_player + 1) % players),
               "after {} the bonus tile, player {} is to play (bonus turn {})", take ? "taking" : "passing on",
               g.current_player(), g.bonus_turn());
      }
      int discarded = 0;
      for (int i = 0; i < ev.count; ++i) {
        const Event& e = ev.items[i];
        if (e.type == Event::Type::Discard) {
          ++discarded;
          check_discard(e.discarded, g.board());
        }
        for (int q = 0; q < players; ++q)
          if (e.type != Event::Type::Discard && (e.winners >> q & 1)) from_events[q] += e.points;
      }
      EXPECT(g.discard_count() == discards + discarded, "discards while drawing the bonus tile");
      const Analysis after = analyse(g);
      if (g.over()) check_end_scores(g, ev, after);
      check_record(g);
      for (int q = 0; q < players; ++q) EXPECT(g.score(q) == from_events[q], "player {}'s score after the bonus", q);
      continue;
    }
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
    const bool bonus_tile = g.bonus_turn();
    const bool tiles_left = g.tiles_in_pile() > 0;
    std::array<int, kMaxPlayers> before{};
    for (int q = 0; q < players; ++q) before[q] = g.score(q);

    // The copy places and acts step by step; the original plays the same move whole.
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
    check_figure_options(stepwise, a);
    // A figure action: a meeple as meeple_options lists them in base games, any of
    // figure_options with the expansions.
    FigureChoice choice{Figure::Meeple, Location::None};
    const bool expansions = opt.abbot || opt.inns_and_cathedrals || opt.traders_and_builders;
    const int k = expansions ? stepwise.figure_options(figs) : stepwise.meeple_options(opts);
    if (k > 0 && static_cast<int>(rng.below(100)) < meeple_percent) {
      const int i = static_cast<int>(rng.below(static_cast<uint32_t>(k)));
      choice = expansions ? figs[i] : FigureChoice{Figure::Meeple, opts[i]};
    }
    const bool bonus = opt.traders_and_builders && !bonus_tile && tiles_left && builder_extended(a, stepwise, player);
    int recalled = -1;
    if (choice.figure == Figure::Recall) {
      for (const Meeple& m : stepwise.meeples())
        if (m.player == player && m.kind == Figure::Abbot) recalled = a.comp_of[m.seg];
    } else if (choice.location != Location::None) {  // the figure counts for this turn's scoring
      a.comps[a.comp_at(a.ntiles - 1, static_cast<int>(choice.location), stepwise.board())].add_figure(player,
                                                                                                      choice.figure);
    }
    const Move move{p, choice.location, choice.figure};
    ev.clear();
    ev2.clear();
    EXPECT(stepwise.act(choice.figure, choice.location, &ev2, &why) == Status::Ok, "legal {} at {} refused: {}",
           figure_name(choice.figure), location_name(choice.location), describe(why));
    EXPECT(g.play(move, &ev, &why) == Status::Ok, "legal move {} refused by play(): {}", format_move(t, move),
           describe(why));
    where.step = fmt::format("after {}", format_move(t, move));
    // The whole observable state every few turns and at the end (writing it out is the
    // slowest part of the soak), the parts that change every turn always.
    if (where.turn % 4 == 0 || g.over())
      EXPECT(observable_state(stepwise) == observable_state(g), "place()+act() and play() differ");
    EXPECT(summary(stepwise) == summary(g) && stepwise == g, "place()+act() and play() differ");
    EXPECT(event_text(ev) == event_text(ev2), "place()+act() and play() report different events");
    EXPECT((g.phase() == Phase::Decide) == bonus, "the Bonus phase {} after the turn, the builder says {}",
           g.phase() == Phase::Decide, bonus);
    EXPECT(g.phase() == Phase::PlaceTile || g.phase() == Phase::Decide || g.phase() == Phase::GameOver,
           "phase {} after a turn", int(g.phase()));
    if (g.phase() == Phase::Decide) {
      bonus_player = player;
      EXPECT(g.current_player() == player, "the bonus decision is not the builder's owner's");
      totals.bonuses++;
    } else if (!g.over()) {
      EXPECT(g.current_player() == (player + 1) % players, "player {} after player {}'s turn", g.current_player(),
             player);
    }

    // Scores: this turn's events, then the end of the game if it came.
    int discards = 0;
    for (int i = 0; i < ev.count; ++i) discards += ev.items[i].type == Event::Type::Discard;
    EXPECT(g.discard_count() == stepwise_discards + discards, "{} discard events, {} more discarded draws", discards,
           g.discard_count() - stepwise_discards);
    Events turn_events;
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (!(e.end_game || e.type == Event::Type::GoodsBonus || e.type == Event::Type::Pig)) turn_events.push(e);
    }
    const Board& b = g.board();
    const Analysis after = analyse(g);
    check_record(g);
    check_turn_scores(g, turn_events, a, player, recalled, bonus);
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
                 g.meeple_options(opts) == 0 && g.figure_options(figs) == 0,
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
  // Banked points are what the game gave before its end: never more than the final score.
  for (int q = 0; q < players; ++q)
    EXPECT(g.banked_score(q) <= g.score(q), "player {} banked {} of a final {}", q, g.banked_score(q), g.score(q));
  totals.games++;
}

// A game with Princess & Dragon or The Tower (and each other expansion, Abbey & Mayor included, in half of them), every decision
// taken through the decision model: the dragon's steps are decisions of other players, and
// figure actions reach other tiles, which the turn-by-turn model above does not know. After
// every decision: the features against the flood fill and the figures' conservation
// (analyse), scores equal to the events and never falling, no figure on the dragon's tile,
// the fairy beside its owner's figure (on a tower top too), the full record reloading into the same game and the
// public one into the same public state; undo gives back the last turn's start or decision.
// Abbey & Mayor: abbeys held and on the board make one a player (each in a hole: its edges
// close what they meet), mayors, wagons and barns conserved (a barn on a point where four
// tiles show one field, occupying it, no farmer left in it between turns), each abbey
// decision's squares the model's holes and its other options those of its moment, the final
// round's seats in order from the left of the player who took the last land tile (skipping
// who holds no abbey or sees no hole, none left at the end), each wagon decision its returned
// wagon's owner's, owners from the current player on, with the model's targets exactly, and
// each city scored after a figure action won by the strengths with the mayor's = its shields.
// A re-deal now and then, after the first volcano too, whose records end with 'deal'.
void play_decision_game(uint64_t seed, Totals& totals) {
  Rng rng(seed ^ 0x5EED'D7A6'0000'0000ull);
  const int players = 1 + static_cast<int>(rng.below(kMaxPlayers));
  Options opt;
  opt.farmers = rng.below(4) != 0;
  opt.river = rng.below(2) != 0;
  opt.abbot = rng.below(2) != 0;
  opt.inns_and_cathedrals = rng.below(2) != 0;
  opt.traders_and_builders = rng.below(2) != 0;
  opt.princess_and_dragon = rng.below(4) != 0;  // and The Tower in the other quarter and in half of these
  opt.tower = !opt.princess_and_dragon || rng.below(2) != 0;
  opt.abbey_and_mayor = rng.below(2) != 0;
  const int kind = static_cast<int>(rng.below(3));  // seeded, caller draws, re-dealt along the way
  where = Where{seed, 0,
                fmt::format("Princess & Dragon {}, the Tower {}, Abbey & Mayor {}, {} players, farmers {}, river {}, abbot {}, "
                            "inns and cathedrals {}, traders and builders {}, {}",
                            opt.princess_and_dragon, opt.tower, opt.abbey_and_mayor, players, opt.farmers, opt.river, opt.abbot, opt.inns_and_cathedrals,
                            opt.traders_and_builders,
                            kind == 0 ? "seeded" : kind == 1 ? "caller draws" : "re-dealt"),
                "set-up"};
  Game g = kind == 1 ? Game(players, CallerDraws{}, opt) : Game(players, seed, opt);
  check_box(g);
  std::array<long, kMaxPlayers> from_events{};
  Game last = g;  // the state undo goes back to: a turn's start or a decision
  Events ev;
  Choice list[kMaxChoices];
  // Abbey & Mayor: the abbeys still held (by the AbbeyPlaced events), the final round's last
  // seat (-1 before it) and seats gone, the wagons sent home by the scoring under way
  // (owner, tile) and the rank (from the current player) of the last owner asked.
  unsigned held = (1u << players) - 1;
  int final_last = -1, seats = 0;
  std::vector<std::pair<int, int>> home;
  int wagon_rank = -1;
  bool committed = false;  // a ransom (The Tower) was just paid at the abbey decision: the same seat places it
  Analysis prev = analyse(g);
  const auto wagons_on = [](const Game& x) {
    std::vector<std::pair<int, int>> w;
    for (const Meeple& m : x.meeples())
      if (m.kind == Figure::Wagon) w.emplace_back(m.player, m.tile);
    return w;
  };
  // The next seat of the final round that holds an abbey and sees a hole (-1: none left).
  const auto next_seat = [&](const Game& x) {
    while (seats < players) {
      const int p = (final_last + 1 + seats) % players;
      ++seats;
      if ((held >> p & 1) && !model_holes(x.board()).empty()) return p;
    }
    return -1;
  };
  for (int step = 0; !g.over(); ++step) {
    where.step = fmt::format("decision {}", step);
    if (g.phase() != Phase::PlaceMeeple) {
      if (kind == 2 && rng.below(40) == 0) g.redeal(rng);
      last = g;
    }
    const std::array<int32_t, kMaxPlayers> before = current_scores(g);
    const int n = list_choices(g, list);
    EXPECT(n > 0, "no option in phase {}", int(g.phase()));
    const DecisionKind pending = decision_kind(g);
    if (pending == DecisionKind::Abbey) {
      totals.abbey_decisions += !committed;
      EXPECT(opt.abbey_and_mayor && decider(g) == g.current_player() && (held >> g.current_player() & 1),
             "an abbey decision for player {}, who holds no abbey", decider(g));
      check_abbey_options(g, list, n, final_last >= 0, committed);
      if (final_last >= 0 && !committed) {
        totals.final_seats++;
        const int p = next_seat(g);
        EXPECT(decider(g) == p, "seat {} of the final abbey round is player {}'s, the rules say player {}'s", seats, decider(g), p);
      }
    }
    // The abbey decision's last option (the draw, 'pass', 'abbey pass') three times in four, so
    // that abbeys are left for the final round.
    const Choice c = pending == DecisionKind::Abbey && rng.below(4) != 0 ? list[n - 1] : list[rng.below(static_cast<uint32_t>(n))];
    auto wagons_before = wagons_on(g);
    // a wagon deployed now may come home from the feature it completes at once
    if (c.kind == DecisionKind::Figure && c.figure.figure == Figure::Wagon && !c.figure.elsewhere)
      wagons_before.emplace_back(g.current_player(), g.board().tile_count() - 1);
    const int mover = g.current_player();
    ev.clear();
    EXPECT(decide(g, c, &ev) == Status::Ok, "the listed option {} is refused", choice_text(c));
    committed = pending == DecisionKind::Abbey && c.kind == DecisionKind::Place;
    where.step = fmt::format("after decision {} ({})", step, choice_text(c));
    where.turn = g.board().tile_count() - 1;
    int paid = -1;  // the payer of a ransom (The Tower): 3 points to the holder
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::Ransom) {
        paid = std::countr_zero(static_cast<unsigned>(e.winners));
        EXPECT(e.points == points::kRansom && e.tiles != paid && before[static_cast<size_t>(paid)] >= points::kRansom,
               "a ransom of {} by player {} to player {}", e.points, paid, e.tiles);
        from_events[static_cast<size_t>(paid)] -= e.points;
        from_events[e.tiles] += e.points;
        totals.ransoms++;
        continue;
      }
      totals.captures += e.type == Event::Type::Capture;
      for (int q = 0; q < players; ++q)
        if (e.points > 0 && (e.winners >> q & 1) && e.type != Event::Type::DragonStep &&
            e.type != Event::Type::FlightEnds && e.type != Event::Type::AloneHome && e.type != Event::Type::TowerPiece &&
            e.type != Event::Type::Capture && e.type != Event::Type::Exchange)
          from_events[q] += e.points;
    }
    totals.events += ev.count;
    if (decision_kind(g) == DecisionKind::Capture) check_capture_options(g, c);
    // Abbey & Mayor: a city's majority with the mayor's strength (its shields), from the figures
    // before this figure action and the one it put down (not an action on another tile, nor a
    // tower piece: a scoring after a capture or a dragon's flight is another decision's).
    if (opt.abbey_and_mayor && c.kind == DecisionKind::Figure && !c.figure.elsewhere &&
        c.figure.figure != Figure::TowerPiece)
      for (int i = 0; i < ev.count; ++i) {
        const Event& e = ev.items[i];
        if (e.type != Event::Type::Score || e.end_game || e.feature != FeatureKind::City) continue;
        const int comp = event_component(e, prev, g.board());
        const Component& city = prev.comps[static_cast<size_t>(comp)];
        std::array<int, kMaxPlayers> strength = city.meeples;
        int mayors = 0;
        for (int q = 0; q < players; ++q) mayors += city.mayors[q];
        if (c.figure.location != Location::None && prev.comp_at(prev.ntiles - 1, static_cast<int>(c.figure.location), g.board()) == comp) {
          strength[static_cast<size_t>(mover)] += c.figure.figure == Figure::Mayor ? city.shields : kFigureStrength[static_cast<int>(c.figure.figure)];
          mayors += c.figure.figure == Figure::Mayor;
        }
        const int most = *std::max_element(strength.begin(), strength.begin() + players);
        unsigned winners = 0;
        for (int q = 0; q < players; ++q) winners |= (most > 0 && strength[q] == most ? 1u : 0u) << q;
        EXPECT(e.winners == winners, "a city with {} mayors ({} shields) scores to {:#x}, the strengths give {:#x}", mayors, city.shields,
               e.winners, winners);
        for (int q = 0; q < players; ++q)
          EXPECT(e.meeples[q] == strength[q], "player {}'s strength in a city with {} mayors is {}, the event says {}", q, mayors,
                 strength[q], e.meeples[q]);
        totals.mayor_cities += mayors > 0;
      }
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::FinalAbbeyRound) {
        EXPECT(final_last < 0, "a second final abbey round");
        final_last = std::countr_zero(static_cast<unsigned>(e.winners));
        seats = 0;
      }
      if (e.type == Event::Type::AbbeyPlaced) {
        EXPECT(c.kind == DecisionKind::Abbey && (held >> mover & 1), "player {} placed an abbey not held", mover);
        held &= ~(1u << mover);
        totals.abbeys_placed++;
      }
      totals.wagons_moved += e.type == Event::Type::WagonMoved;
    }
    if (opt.abbey_and_mayor)
      for (int q = 0; q < players; ++q) EXPECT(g.holds_abbey(q) == ((held >> q & 1) != 0), "player {}'s abbey held: {}", q, g.holds_abbey(q));
    for (int q = 0; q < players; ++q) {
      EXPECT(g.score(q) >= before[q] || q == paid, "player {}'s score dropped from {} to {}", q, before[q], g.score(q));
      EXPECT(g.score(q) == from_events[q], "player {} has {} points, the events give {}", q, g.score(q), from_events[q]);
    }
    prev = analyse(g);
    if (decision_kind(g) == DecisionKind::Wagon) {
      // The wagons this scoring sent home: those on the board before it and gone after.
      if (pending != DecisionKind::Wagon) {
        const auto after = wagons_on(g);
        home.clear();
        for (const auto& w : wagons_before)
          if (std::find(after.begin(), after.end(), w) == after.end()) home.push_back(w);
        wagon_rank = -1;
      }
      const Event* due = nullptr;
      for (int i = 0; i < ev.count; ++i)
        if (ev.items[i].type == Event::Type::WagonDue) due = &ev.items[i];
      EXPECT(due != nullptr, "a wagon decision without its event");
      const int owner = std::countr_zero(static_cast<unsigned>(due->winners));
      const int tile = grid.get(due->x, due->y);
      const auto it = std::find(home.begin(), home.end(), std::pair<int, int>{owner, tile});
      EXPECT(it != home.end(), "player {}'s wagon from {},{} decides, but no such wagon came home", owner, due->x, due->y);
      home.erase(it);
      EXPECT(decider(g) == owner && g.supply(owner, Figure::Wagon) == 1, "the wagon of player {} is decided by player {}", owner, decider(g));
      const int rank = (owner - g.current_player() + players) % players;
      EXPECT(rank > wagon_rank, "player {}'s wagon decides after a wagon of rank {}", owner, wagon_rank);
      wagon_rank = rank;
      ChoiceBuffer wagon;
      const int k = list_choices(g, wagon);
      check_wagon_options(g, prev, wagon, k, due->x, due->y);
      totals.wagon_decisions++;
    }
    totals.barns += c.kind == DecisionKind::Figure && c.figure.figure == Figure::Barn;
    int x = 0, y = 0;
    if (g.dragon_at(x, y)) {
      const int tile = g.board().tile_index_at(x, y);
      for (const Meeple& m : g.meeples())
        EXPECT(m.tile != tile || decision_kind(g) == DecisionKind::Dragon, "a {} stands on the dragon's tile",
               figure_name(m.kind));
    }
    Location next_to;
    if (g.fairy_at(x, y, next_to) && next_to != Location::None) {
      bool found = false;
      for (const Meeple& m : g.meeples())
        found |= m.tile == g.board().tile_index_at(x, y) && m.location == next_to;
      int height = 0, top_owner = -1;
      Figure top{};
      if (next_to == Location::TW) found = g.tower_at(x, y, height, top_owner, top) && top_owner >= 0;
      EXPECT(found, "the fairy at {},{} stands beside no figure at {}", x, y, location_name(next_to));
    }
    if (step % 3 == 0 || g.over()) {  // the records every few decisions: the slowest check
      check_record(g);
      const std::string text = save_record(g, RecordForm::Public);
      Game loaded(kMinPlayers, uint64_t{0});
      RecordError error;
      EXPECT(load_record(text, loaded, &error) == Status::Ok, "the public record does not load: {}\n{}",
             error.message(), text);
      EXPECT(same_public_state(loaded, g), "the public record is another game:\n{}", text);
    }
    // (With caller draws the draws are no decisions undo takes back.)
    if (step % 5 == 0 && kind != 1 && g.phase() != Phase::PlaceMeeple && g.board().tile_count() > 1) {
      Game back(kMinPlayers, uint64_t{0});
      std::string error;
      EXPECT(undo(g, back, &error) == Status::Ok, "undo refused: {}", error);
      EXPECT(back == last, "undo is not the game before");
    }
    totals.turns += c.kind == DecisionKind::Place;
    totals.flights += c.kind == DecisionKind::Dragon;
  }
  where.step = "at the end";
  for (int q = 0; q < players; ++q)
    EXPECT(g.banked_score(q) <= g.score(q), "player {} banked {} of a final {}", q, g.banked_score(q), g.score(q));
  if (opt.abbey_and_mayor) {
    // The final round ran to its last seat: nobody left held an abbey and saw a hole.
    EXPECT(final_last >= 0, "an Abbey & Mayor game over without its final abbey round");
    const int p = next_seat(g);
    EXPECT(p < 0, "the game ended before player {}'s seat of the final abbey round", p);
    totals.abbey_games++;
  }
  totals.games++;
  totals.dragon_games++;
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
    if (i % 8 == 0) play_decision_game(seed + static_cast<uint64_t>(i), totals);
    if ((i + 1) % 100000 == 0) fmt::print("{} games ok\n", i + 1);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print("soak: {} games from seed {} ({} decision by decision with Princess & Dragon or The Tower: {} dragon "
             "steps, {} captures, {} ransoms; {} with Abbey & Mayor: {} abbey decisions, {} abbeys placed, {} final-round seats, "
             "{} wagon decisions, {} wagons moved, {} cities scored with a mayor, {} barns placed), {} turns, {} events, {} discards, {} bonus tiles earned: every invariant held ({:.1f} s)\n",
             totals.games, seed, totals.dragon_games, totals.flights, totals.captures, totals.ransoms, totals.abbey_games,
             totals.abbey_decisions, totals.abbeys_placed, totals.final_seats, totals.wagon_decisions, totals.wagons_moved,
             totals.mayor_cities, totals.barns, totals.turns, totals.events, totals.discards, totals.bonuses, secs);
  return 0;
}
