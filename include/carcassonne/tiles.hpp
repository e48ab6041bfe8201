// The engine's tables of every tile type of every set (rotations, edge fitting, segments,
// figure locations), derived from their rows, which the build generates from data/tiles/*.json
// (tile_data.hpp). All tables are constexpr: no start-up, no globals.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>
#include <utility>

#include "carcassonne/tile_data.hpp"

namespace carc {

// Sides in clockwise order. A rotated tile's edge on side d is the canonical edge on
// side (d - rotation).
enum Side : uint8_t { North = 0, East = 1, South = 2, West = 3 };

// Edge terrain. Field, road and city are 2-bit codes so that four sides pack into one byte
// (0 means "no edge": an open cell side without a neighbour). The river is a fifth kind that
// never enters those codes: a river edge is coded as field there (the fields beside it meet
// across it as beside a road) and kept in a separate river mask (Oriented::river).
enum class Edge : uint8_t { None = 0, Field = 1, Road = 2, City = 3, River = 4 };

enum class FeatureKind : uint8_t { Road = 0, City = 1, Monastery = 2, Field = 3, Garden = 4 };

// Feature locations on a tile in board orientation, in the canonical listing order of
// docs/tiles.md (C N E S W, the 8 half-edges clockwise from north, then the inner field CF).
// C is the monastery or the garden; C and CF do not move when a tile turns.
enum class Location : uint8_t {
  C = 0, N, E, S, W, NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW, CF,
  TW = 14,    // the top of a tower (The Tower): a place for a figure, no feature, never a deployment location
  None = 15,  // "no figure"
};
inline constexpr int kLocationCount = 14;

// A tile type is an index into the tile rows (tile_data.hpp), all sets together: the base
// types A..X are 0..23, then the garden copies, the river, Inns & Cathedrals and Traders &
// Builders. Its name comes from the rows, see tile_name() and tile_from_name().
using TileType = uint8_t;
inline constexpr int kTileTypes = tiles::raw::kTileRows;
inline constexpr int kBaseTypes = 24;  // A..X, the types of the base game
inline constexpr uint8_t kNoTile = 0xFF;
static_assert(kTileTypes < kNoTile, "tile types are bytes");

// The name of a tile type ("A", "E_G", "RA", ...), "?" for a value that names none.
std::string_view tile_name(TileType t);
// The tile type a name denotes (exact, case-sensitive), or kNoTile.
TileType tile_from_name(std::string_view name);
// The first letter of a tile's name: the whole name of a base tile type A..X.
inline char tile_letter(TileType t) { return tile_name(t)[0]; }

// Name of a location ("C", "N", ..., "NNW", "CF"); "-" for Location::None, "?" if invalid.
std::string_view location_name(Location loc);
// Parses a location name; returns false if the text names none.
bool parse_location(std::string_view text, Location& out);
std::string_view feature_kind_name(FeatureKind k);

namespace tiles {

// Each side of a tile has three slots, clockwise: first half, middle, second half.
// Slot s = side*3 + {0,1,2}: slot 0 is NNW, 1 is N, 2 is NNE, 3 is ENE, ... 11 is WNW.
// A quarter turn clockwise moves slot s to slot s+3. Across a shared edge, slot k of side
// d meets slot (2-k) of the neighbour's opposite side.
inline constexpr int kSlots = 12;
inline constexpr uint8_t kNoSeg = 0xF;
inline constexpr int kMaxSegs = 9;  // MB: a monastery, 4 roads and 4 fields

// Markers of a segment (Segment::marks).
enum : uint8_t { kInn = 1, kCathedral = 2 };

struct Segment {
  FeatureKind kind;
  uint16_t slots;    // canonical slot mask (12 bits); 0 for the centre and the inner field
  uint8_t edges;     // number of tile edges the road/city reaches (its open ends)
  uint8_t shields;   // cities only
  uint8_t touches;   // fields only: mask of the local segment indices of adjacent cities
  uint8_t marks;     // kInn (roads), kCathedral (cities)
  raw::Goods goods;  // cities: the goods symbol on this tile's part of the city
};

struct TileDef {
  raw::TileSet set;
  uint8_t count;
  std::array<Edge, 4> edges;  // canonical N E S W (river edges as Edge::River)
  uint8_t river;              // canonical mask of river edges (bit s for side s)
  uint8_t nsegs;
  // Local index of the monastery or garden (the feature at C), or kNoSeg; of the field at
  // CF, or kNoSeg. The centre, when there is one, is segment 0.
  uint8_t centre, inner;
  std::array<Segment, kMaxSegs> segs;  // centre first, then cities, roads, fields
  uint8_t symmetry;                    // mask of rotations that are distinct pictures
  TileType plain;                      // a garden copy's base letter; every other type itself
};

// Slot of each half-edge, in the order NNE ENE ESE SSE SSW WSW WNW NNW.
inline constexpr uint8_t kHalfSlot[8] = {2, 3, 5, 6, 8, 9, 11, 0};

constexpr uint16_t rotate_slots(uint16_t mask, int rot) {
  const int k = 3 * rot;
  return static_cast<uint16_t>(((mask << k) | (mask >> (kSlots - k))) & 0xFFF);
}
constexpr uint8_t rotate_sides(uint8_t mask, int rot) {
  return static_cast<uint8_t>(((mask << rot) | (mask >> (4 - rot))) & 0xF);
}

// An abbey edge (A) is no edge to fit: an abbey goes only into a hole, where every side has
// its tile already, and it faces any edge there.
constexpr Edge edge_of(char c) {
  return c == 'C' ? Edge::City : c == 'R' ? Edge::Road : c == 'F' ? Edge::Field : c == 'I' ? Edge::River : Edge::None;
}

// Two rotations of one tile show the same picture when every segment (kind, slots and
// markers) of one is a segment of the other, and the river runs the same way.
constexpr bool same_picture(const TileDef& d, int r1, int r2) {
  if (rotate_sides(d.river, r1) != rotate_sides(d.river, r2)) return false;
  for (int i = 0; i < d.nsegs; ++i) {
    bool found = false;
    for (int j = 0; j < d.nsegs && !found; ++j)
      found = d.segs[j].kind == d.segs[i].kind && d.segs[j].shields == d.segs[i].shields &&
              d.segs[j].marks == d.segs[i].marks && d.segs[j].goods == d.segs[i].goods &&
              rotate_slots(d.segs[j].slots, r1) == rotate_slots(d.segs[i].slots, r2);
    if (!found) return false;
  }
  return true;
}

// The engine's definition of a tile type from its row (tile_data.hpp): the monastery or
// garden first, then cities, roads, fields, as slot masks. Rivers are no segments: only
// their edges matter (they split fields like roads and are never occupied or scored).
constexpr TileDef make_def(const raw::Tile& r) {
  TileDef d{};
  d.set = r.set;
  d.count = r.count;
  for (int s = 0; s < 4; ++s) {
    d.edges[s] = edge_of(r.edges[s]);
    if (d.edges[s] == Edge::River) d.river = static_cast<uint8_t>(d.river | (1u << s));
  }
  d.centre = d.inner = kNoSeg;
  int n = 0;
  if (r.monastery || r.garden) {
    d.centre = 0;
    d.segs[n++] = Segment{r.monastery ? FeatureKind::Monastery : FeatureKind::Garden, 0, 0, 0, 0, 0, raw::Goods::None};
  }
  const int city_base = n;
  auto edge_slots = [](uint8_t edges, bool whole) {
    uint16_t m = 0;
    for (int s = 0; s < 4; ++s)
      if (edges & (1 << s)) m |= static_cast<uint16_t>(whole ? (7u << (3 * s)) : (2u << (3 * s)));
    return m;
  };
  auto popcount4 = [](uint8_t e) { return static_cast<uint8_t>((e & 1) + ((e >> 1) & 1) + ((e >> 2) & 1) + ((e >> 3) & 1)); };
  for (int i = 0; i < r.ncities; ++i) {
    const raw::City& c = r.cities[i];
    d.segs[n++] = Segment{FeatureKind::City, edge_slots(c.edges, true), popcount4(c.edges), c.shields,
                          0, static_cast<uint8_t>(c.cathedral ? kCathedral : 0), c.goods};
  }
  for (int i = 0; i < r.nroads; ++i)
    d.segs[n++] = Segment{FeatureKind::Road, edge_slots(r.roads[i].edges, false), popcount4(r.roads[i].edges), 0, 0,
                          static_cast<uint8_t>(r.roads[i].inn ? kInn : 0), raw::Goods::None};
  for (int i = 0; i < r.nfields; ++i) {
    uint16_t m = 0;
    for (int h = 0; h < 8; ++h)
      if (r.fields[i].halves & (1 << h)) m |= static_cast<uint16_t>(1u << kHalfSlot[h]);
    uint8_t touches = 0;
    for (int c = 0; c < r.ncities; ++c)
      if (r.fields[i].touches & (1 << c)) touches |= static_cast<uint8_t>(1u << (city_base + c));
    if (r.fields[i].halves & raw::CF) d.inner = static_cast<uint8_t>(n);
    d.segs[n++] = Segment{FeatureKind::Field, m, 0, 0, touches, 0, raw::Goods::None};
  }
  d.nsegs = static_cast<uint8_t>(n);
  // A rotation is a distinct picture unless an earlier rotation shows the same picture.
  d.symmetry = 0;
  for (int rot = 0; rot < 4; ++rot) {
    bool dup = false;
    for (int prev = 0; prev < rot; ++prev) dup = dup || same_picture(d, prev, rot);
    if (!dup) d.symmetry |= static_cast<uint8_t>(1u << rot);
  }
  return d;
}

constexpr std::array<TileDef, kTileTypes> make_defs() {
  std::array<TileDef, kTileTypes> a{};
  for (int t = 0; t < kTileTypes; ++t) {
    a[t] = make_def(raw::kTiles[t]);
    const int plain = raw::kTiles[t].garden_copy_of.empty() ? t : raw::find_tile(raw::kTiles[t].garden_copy_of);
    a[t].plain = static_cast<TileType>(plain);
  }
  return a;
}
inline constexpr std::array<TileDef, kTileTypes> kDefs = make_defs();

// The row order the engine relies on: the base types A..X are 0..23 in order (records and
// the C ABI name them so), each tile has at most kMaxSegs segments, and a garden copy shows
// its letter's edges (so that it fits wherever its letter fits).
constexpr bool rows_fit_the_engine() {
  if (raw::first_row(raw::TileSet::Base) != 0 || raw::rows_of(raw::TileSet::Base) != kBaseTypes) return false;
  if (raw::find_tile("A") != 0 || raw::find_tile("X") != kBaseTypes - 1) return false;
  for (int t = 0; t < kTileTypes; ++t) {
    if (raw::kTiles[t].nroads + raw::kTiles[t].ncities + raw::kTiles[t].nfields + 1 > kMaxSegs + 1) return false;
    if (kDefs[t].nsegs > kMaxSegs) return false;
    if (kDefs[kDefs[t].plain].edges != kDefs[t].edges || kDefs[kDefs[t].plain].symmetry != kDefs[t].symmetry) return false;
    // River tiles, and they alone, carry river edges (what the fit table leaves out).
    if ((kDefs[t].set == raw::TileSet::River) != (kDefs[t].river != 0)) return false;
  }
  return true;
}
static_assert(rows_fit_the_engine(), "rows 0..23 are A..X; garden copies fit like their letter");

inline constexpr TileType kSpring = static_cast<TileType>(raw::find_tile("RA"));  // the river's first tile
inline constexpr TileType kLake = static_cast<TileType>(raw::find_tile("RL"));    // the river's last tile
inline constexpr TileType kAbbey = static_cast<TileType>(raw::find_tile("MA"));   // Abbey & Mayor: the abbey tile

// Everything about one tile type in one rotation, in board orientation.
struct alignas(8) Oriented {  // 40 bytes: a row index the compiler computes in two steps
  uint8_t edge_code;                     // 2 bits per side (side d at bits 2d), Edge values; river as field
  uint8_t river;                         // river edges, bit d for side d
  std::array<uint8_t, kSlots> slot_seg;  // local segment at each slot, kNoSeg if none
  std::array<uint8_t, kLocationCount> loc_seg;  // local segment named by each location
  // Meeple choices: the first location of each segment a meeple may take (every segment but
  // a garden, which only an abbot takes).
  uint8_t nchoices;
  std::array<Location, kMaxSegs> choices;
};

constexpr Oriented make_oriented(const TileDef& d, int rot) {
  Oriented o{};
  for (int s = 0; s < 4; ++s) {
    const Edge e = d.edges[(s - rot + 4) % 4];
    o.edge_code |= static_cast<uint8_t>(static_cast<uint8_t>(e == Edge::River ? Edge::Field : e) << (2 * s));
  }
  o.river = rotate_sides(d.river, rot);
  for (int i = 0; i < kSlots; ++i) o.slot_seg[i] = kNoSeg;
  for (int i = 0; i < d.nsegs; ++i) {
    const uint16_t m = rotate_slots(d.segs[i].slots, rot);
    for (int sl = 0; sl < kSlots; ++sl)
      if (m & (1u << sl)) o.slot_seg[sl] = static_cast<uint8_t>(i);
  }
  for (int l = 0; l < kLocationCount; ++l) o.loc_seg[l] = kNoSeg;
  o.loc_seg[static_cast<int>(Location::C)] = d.centre;
  o.loc_seg[static_cast<int>(Location::CF)] = d.inner;
  for (int s = 0; s < 4; ++s) {
    const uint8_t seg = o.slot_seg[3 * s + 1];
    if (seg != kNoSeg && d.segs[seg].kind != FeatureKind::Field) o.loc_seg[1 + s] = seg;
  }
  for (int h = 0; h < 8; ++h) {
    const uint8_t seg = o.slot_seg[kHalfSlot[h]];
    if (seg != kNoSeg && d.segs[seg].kind == FeatureKind::Field) o.loc_seg[5 + h] = seg;
  }
  uint16_t seen = 0;
  for (int l = 0; l < kLocationCount; ++l) {
    const uint8_t seg = o.loc_seg[l];
    if (seg == kNoSeg || (seen & (1u << seg)) || d.segs[seg].kind == FeatureKind::Garden) continue;
    seen = static_cast<uint16_t>(seen | (1u << seg));
    o.choices[o.nchoices++] = static_cast<Location>(l);
  }
  return o;
}

constexpr std::array<std::array<Oriented, 4>, kTileTypes> make_oriented_all() {
  std::array<std::array<Oriented, 4>, kTileTypes> a{};
  for (int t = 0; t < kTileTypes; ++t)
    for (int r = 0; r < 4; ++r) a[t][r] = make_oriented(kDefs[t], r);
  return a;
}
inline constexpr std::array<std::array<Oriented, 4>, kTileTypes> kOriented = make_oriented_all();

// kFit[t][req]: mask of the distinct rotations of type t that satisfy an open cell's
// requirement byte (2 bits per side, Edge values, Edge::None = unconstrained). An open cell
// always touches a tile, so requirement 0 names none and fits nothing. River tiles go only
// where the river module puts them (river.cpp), so their rows fit nothing either.
// A rotation fits when it shows the wanted edge on every constrained side, i.e. when
// (req ^ code) is zero on the sides req constrains: whole bytes at a time, because a
// side-by-side loop takes clang past its constexpr step limit.
// One row per constant (kFitRow<t>): clang's constexpr step limit counts each constant's
// evaluation on its own, and the whole table at once is past it with 113 tile types.
constexpr std::array<uint8_t, 256> make_fit_row(int t) {
  std::array<uint8_t, 256> f{};
  if (kDefs[t].river) return f;
  int code[4] = {};
  for (int r = 0; r < 4; ++r) code[r] = kOriented[t][r].edge_code;
  for (int req = 1; req < 256; ++req) {
    const int constrained = ((req | req >> 1) & 0x55) * 3;  // both bits of each side with a requirement
    uint8_t m = 0;
    for (int r = 0; r < 4; ++r)
      if ((kDefs[t].symmetry >> r & 1) && ((req ^ code[r]) & constrained) == 0) m |= static_cast<uint8_t>(1u << r);
    f[req] = m;
  }
  return f;
}
template <int T>
inline constexpr std::array<uint8_t, 256> kFitRow = make_fit_row(T);
template <size_t... T>
constexpr std::array<std::array<uint8_t, 256>, kTileTypes> make_fit(std::index_sequence<T...>) {
  return {kFitRow<static_cast<int>(T)>...};
}
inline constexpr std::array<std::array<uint8_t, 256>, kTileTypes> kFit = make_fit(std::make_index_sequence<kTileTypes>{});

// kNthRotation[mask][k]: the k-th rotation in a mask of rotations (0 past the last).
inline constexpr std::array<std::array<uint8_t, 4>, 16> kNthRotation = [] {
  std::array<std::array<uint8_t, 4>, 16> nth{};
  for (int mask = 0; mask < 16; ++mask)
    for (int r = 0, k = 0; r < 4; ++r)
      if (mask >> r & 1) nth[mask][k++] = static_cast<uint8_t>(r);
  return nth;
}();

// kFitCount[t][req]: how many rotations kFit[t][req] holds. A popcount, not a loop over the
// four bits: with 84 types the loop passes clang's constexpr step limit (clang builds and
// the WebAssembly build then fail to compile this header).
// One row per constant, as kFitRow: with 143 types the whole table at once passes clang's
// constexpr step limit.
constexpr std::array<uint8_t, 256> make_fit_count_row(int t) {
  std::array<uint8_t, 256> c{};
  for (int req = 1; req < 256; ++req) c[req] = static_cast<uint8_t>(std::popcount(unsigned{kFit[t][req]}));
  return c;
}
template <int T>
inline constexpr std::array<uint8_t, 256> kFitCountRow = make_fit_count_row(T);
template <size_t... T>
constexpr std::array<std::array<uint8_t, 256>, kTileTypes> make_fit_count(std::index_sequence<T...>) {
  return {kFitCountRow<static_cast<int>(T)>...};
}
inline constexpr std::array<std::array<uint8_t, 256>, kTileTypes> kFitCount = make_fit_count(std::make_index_sequence<kTileTypes>{});

// kCountedAs[t]: the base type whose placement count the board keeps for t: t itself, a
// garden copy's letter, or the first base type with as many placements as t on every open
// cell (the same edges round the tile and as many distinct pictures: 72 of the other sets'
// 111 types, whose counts need no walk over the open cells then); 0xFF for the rest. Not
// the river's tiles, which go only where the river says. One constant per type, as kFitRow.
constexpr uint8_t counted_as(int t) {
  if (kDefs[t].plain < kBaseTypes) return kDefs[t].plain;
  if (kDefs[t].set == raw::TileSet::River) return 0xFF;
  for (int b = 0; b < kBaseTypes; ++b)
    if (kFitCount[t] == kFitCount[b]) return static_cast<uint8_t>(b);
  return 0xFF;
}
template <int T>
inline constexpr uint8_t kCountedAsOf = counted_as(T);
template <size_t... T>
constexpr std::array<uint8_t, kTileTypes> make_counted_as(std::index_sequence<T...>) {
  return {kCountedAsOf<static_cast<int>(T)>...};
}
inline constexpr std::array<uint8_t, kTileTypes> kCountedAs = make_counted_as(std::make_index_sequence<kTileTypes>{});

// The same table for the base types by requirement first: the counts of all of them at
// once, so that the board can keep each type's placement count as one requirement changes.
// 16-bit entries, like the counts they are added to, so that the update is a few vector
// adds. (They serve the types counted as a base type, kCountedAs; the others count by walking
// the open cells: see Board::placement_count.)
inline constexpr std::array<std::array<uint16_t, kBaseTypes>, 256> kFitCountByReq = [] {
  std::array<std::array<uint16_t, kBaseTypes>, 256> c{};
  for (int t = 0; t < kBaseTypes; ++t)
    for (int req = 0; req < 256; ++req) c[req][t] = kFitCount[t][req];
  return c;
}();

// kCanonical[t][rot]: the smallest rotation that shows the same picture as rot.
inline constexpr std::array<std::array<uint8_t, 4>, kTileTypes> kCanonical = [] {
  std::array<std::array<uint8_t, 4>, kTileTypes> c{};
  for (int t = 0; t < kTileTypes; ++t)
    for (int rot = 0; rot < 4; ++rot) {
      int r = 0;
      while (r < rot && !same_picture(kDefs[t], r, rot)) ++r;
      c[t][rot] = static_cast<uint8_t>(r);
    }
  return c;
}();

// Smallest rotation that shows the same picture as `rot` (0..3).
constexpr int canonical_rotation(TileType t, int rot) { return kCanonical[t][rot]; }

// Tiles of a set in the box (the garden copies are among the base game's 72).
constexpr int tiles_in_set(raw::TileSet set) {
  int n = 0;
  for (const TileDef& d : kDefs) n += d.set == set ? d.count : 0;
  return n;
}

}  // namespace tiles

// The most tiles one game puts on the board: everything on, the river's 12 replacing the
// start tile (docs/expansions.md).
inline constexpr int kTotalTiles = tiles::tiles_in_set(tiles::raw::TileSet::Base) +
                                   tiles::tiles_in_set(tiles::raw::TileSet::River) - 1 +
                                   tiles::tiles_in_set(tiles::raw::TileSet::InnsAndCathedrals) +
                                   tiles::tiles_in_set(tiles::raw::TileSet::TradersAndBuilders) +
                                   tiles::tiles_in_set(tiles::raw::TileSet::PrincessAndDragon) +
                                   tiles::tiles_in_set(tiles::raw::TileSet::Tower) +
                                   tiles::tiles_in_set(tiles::raw::TileSet::AbbeyAndMayor);
inline constexpr int kBaseTiles = tiles::tiles_in_set(tiles::raw::TileSet::Base);  // 72
inline constexpr TileType kStartTile = static_cast<TileType>(tiles::raw::find_tile("D"));
static_assert(kStartTile == 3, "the start tile is D");
static_assert(kTotalTiles == 191 && kBaseTiles == 72, "the box holds what docs/expansions.md says");

namespace tiles {
// Bounds over a whole game, for the arrays sized by them: tiles with a monastery or garden,
// and segments. Both count every row of every set, the garden copies on top of their
// letters' full counts, so they are upper bounds.
inline constexpr int kMaxCentreTiles = [] {
  int n = 0;
  for (const auto& d : kDefs) n += d.centre != kNoSeg ? d.count : 0;
  return n;
}();
inline constexpr int kTotalSegments = [] {
  int n = 0;
  for (const auto& d : kDefs) n += d.count * d.nsegs;
  return n;
}();
}  // namespace tiles
}  // namespace carc
