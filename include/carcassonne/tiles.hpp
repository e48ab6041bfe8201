// The engine's tables of the 24 base tile types (rotations, edge fitting, segments, meeple
// locations), derived from their rows, which the build generates from data/tiles/base.json
// (tile_data.hpp). All tables are constexpr: no start-up, no globals.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "carcassonne/tile_data.hpp"

namespace carc {

// Sides in clockwise order. A rotated tile's edge on side d is the canonical edge on
// side (d - rotation).
enum Side : uint8_t { North = 0, East = 1, South = 2, West = 3 };

// Edge terrain. Codes are 2-bit so that four sides pack into one byte; 0 means "no edge"
// (an open cell side without a neighbour).
enum class Edge : uint8_t { None = 0, Field = 1, Road = 2, City = 3 };

enum class FeatureKind : uint8_t { Road = 0, City = 1, Monastery = 2, Field = 3 };

// Feature locations on a tile in board orientation, in the canonical listing order of
// docs/tiles.md (C N E S W, then the 8 half-edges clockwise from north).
enum class Location : uint8_t {
  C = 0, N, E, S, W, NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW,
  None = 15,  // "no meeple"
};
inline constexpr int kLocationCount = 13;

// A tile type is an index into the tile table; its name (the base letters "A".."X") comes
// from the table, see tile_name() and tile_from_name().
using TileType = uint8_t;
inline constexpr int kTileTypes = 24;
inline constexpr int kTotalTiles = 72;
inline constexpr TileType kStartTile = 3;  // D
inline constexpr uint8_t kNoTile = 0xFF;

// The name of a tile type ("A".."X"), "?" for a value that names none.
std::string_view tile_name(TileType t);
// The tile type a name denotes (exact, case-sensitive), or kNoTile.
TileType tile_from_name(std::string_view name);
// The one-letter name of a base tile type (the form the version 1 record and move text use).
inline char tile_letter(TileType t) { return tile_name(t)[0]; }

// Name of a location ("C", "N", ..., "NNW"); "-" for Location::None, "?" if invalid.
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
inline constexpr int kMaxSegs = 8;  // X: 4 roads + 4 fields

struct Segment {
  FeatureKind kind;
  uint16_t slots;    // canonical slot mask (12 bits); 0 for the monastery
  uint8_t edges;     // number of tile edges the road/city reaches (its open ends)
  uint8_t shields;   // cities only
  uint8_t touches;   // fields only: mask of the local segment indices of adjacent cities
};

struct TileDef {
  char letter;
  uint8_t count;
  std::array<Edge, 4> edges;  // canonical N E S W
  uint8_t nsegs;
  std::array<Segment, kMaxSegs> segs;  // monastery first, then cities, roads, fields
  uint8_t symmetry;                    // mask of rotations that are distinct pictures
};

// Slot of each half-edge, in the order NNE ENE ESE SSE SSW WSW WNW NNW.
inline constexpr uint8_t kHalfSlot[8] = {2, 3, 5, 6, 8, 9, 11, 0};

constexpr uint16_t rotate_slots(uint16_t mask, int rot) {
  const int k = 3 * rot;
  return static_cast<uint16_t>(((mask << k) | (mask >> (kSlots - k))) & 0xFFF);
}

constexpr Edge edge_of(char c) {
  return c == 'C' ? Edge::City : c == 'R' ? Edge::Road : c == 'F' ? Edge::Field : Edge::None;
}

// Two rotations of one tile show the same picture when every segment (kind, slots,
// shields) of one is a segment of the other.
constexpr bool same_picture(const TileDef& d, int r1, int r2) {
  for (int i = 0; i < d.nsegs; ++i) {
    bool found = false;
    for (int j = 0; j < d.nsegs && !found; ++j)
      found = d.segs[j].kind == d.segs[i].kind && d.segs[j].shields == d.segs[i].shields &&
              rotate_slots(d.segs[j].slots, r1) == rotate_slots(d.segs[i].slots, r2);
    if (!found) return false;
  }
  return true;
}

// The engine's definition of a base tile type from its row (tile_data.hpp): monastery
// first, then cities, roads, fields, as slot masks. The base rows hold nothing else (see
// base_rows_fit_the_engine below).
constexpr TileDef make_def(const raw::Tile& r) {
  TileDef d{};
  d.letter = r.id[0];
  d.count = r.count;
  for (int s = 0; s < 4; ++s) d.edges[s] = edge_of(r.edges[s]);
  int n = 0;
  if (r.monastery) d.segs[n++] = Segment{FeatureKind::Monastery, 0, 0, 0, 0};
  const int city_base = n;
  auto edge_slots = [](uint8_t edges, bool whole) {
    uint16_t m = 0;
    for (int s = 0; s < 4; ++s)
      if (edges & (1 << s)) m |= static_cast<uint16_t>(whole ? (7u << (3 * s)) : (2u << (3 * s)));
    return m;
  };
  auto popcount4 = [](uint8_t e) { return static_cast<uint8_t>((e & 1) + ((e >> 1) & 1) + ((e >> 2) & 1) + ((e >> 3) & 1)); };
  for (int i = 0; i < r.ncities; ++i)
    d.segs[n++] = Segment{FeatureKind::City, edge_slots(r.cities[i].edges, true),
                          popcount4(r.cities[i].edges), r.cities[i].shields, 0};
  for (int i = 0; i < r.nroads; ++i)
    d.segs[n++] = Segment{FeatureKind::Road, edge_slots(r.roads[i].edges, false), popcount4(r.roads[i].edges), 0, 0};
  for (int i = 0; i < r.nfields; ++i) {
    uint16_t m = 0;
    for (int h = 0; h < 8; ++h)
      if (r.fields[i].halves & (1 << h)) m |= static_cast<uint16_t>(1u << kHalfSlot[h]);
    uint8_t touches = 0;
    for (int c = 0; c < r.ncities; ++c)
      if (r.fields[i].touches & (1 << c)) touches |= static_cast<uint8_t>(1u << (city_base + c));
    d.segs[n++] = Segment{FeatureKind::Field, m, 0, 0, touches};
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

// The engine plays the base set: rows 0..23 are the types A..X in order (the TileType
// index, which records and the C ABI rely on), with only what TileDef holds: no river,
// inner field, garden, cathedral, goods or inn.
constexpr bool base_rows_fit_the_engine() {
  if (raw::first_row(raw::TileSet::Base) != 0 || raw::rows_of(raw::TileSet::Base) != kTileTypes) return false;
  if (raw::find_tile("A") != 0 || raw::find_tile("X") != kTileTypes - 1) return false;
  for (int t = 0; t < kTileTypes; ++t) {
    const raw::Tile& r = raw::kTiles[t];
    if (r.id.size() != 1 || (t > 0 && r.id <= raw::kTiles[t - 1].id)) return false;  // one letter each, ascending
    if (r.garden || r.nrivers != 0 || r.edges.find('I') != std::string_view::npos) return false;
    for (int i = 0; i < r.ncities; ++i)
      if (r.cities[i].cathedral || r.cities[i].goods != raw::Goods::None) return false;
    for (int i = 0; i < r.nroads; ++i)
      if (r.roads[i].inn) return false;
    for (int i = 0; i < r.nfields; ++i)
      if (r.fields[i].halves & raw::CF) return false;
  }
  return true;
}
static_assert(base_rows_fit_the_engine(), "rows 0..23 are the base types A..X, with base features only");
static_assert(raw::find_tile("D") == kStartTile, "the start tile is D");

constexpr std::array<TileDef, kTileTypes> make_defs() {
  std::array<TileDef, kTileTypes> a{};
  for (int t = 0; t < kTileTypes; ++t) a[t] = make_def(raw::kTiles[t]);
  return a;
}
inline constexpr std::array<TileDef, kTileTypes> kDefs = make_defs();

// Everything about one tile type in one rotation, in board orientation.
struct Oriented {
  uint8_t edge_code;                     // 2 bits per side (side d at bits 2d), Edge values
  std::array<uint8_t, kSlots> slot_seg;  // local segment at each slot, kNoSeg if none
  std::array<uint8_t, kLocationCount> loc_seg;  // local segment named by each location
  uint8_t nchoices;                      // meeple choices: first location of each segment
  std::array<Location, kMaxSegs + 1> choices;
};

constexpr Oriented make_oriented(const TileDef& d, int rot) {
  Oriented o{};
  for (int s = 0; s < 4; ++s)
    o.edge_code |= static_cast<uint8_t>(static_cast<uint8_t>(d.edges[(s - rot + 4) % 4]) << (2 * s));
  for (int i = 0; i < kSlots; ++i) o.slot_seg[i] = kNoSeg;
  for (int i = 0; i < d.nsegs; ++i) {
    const uint16_t m = rotate_slots(d.segs[i].slots, rot);
    for (int sl = 0; sl < kSlots; ++sl)
      if (m & (1u << sl)) o.slot_seg[sl] = static_cast<uint8_t>(i);
  }
  for (int l = 0; l < kLocationCount; ++l) o.loc_seg[l] = kNoSeg;
  if (d.nsegs > 0 && d.segs[0].kind == FeatureKind::Monastery) o.loc_seg[0] = 0;
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
    if (seg == kNoSeg || (seen & (1u << seg))) continue;
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
// requirement byte (2 bits per side, Edge values, Edge::None = unconstrained).
// A rotation fits when it shows the wanted edge on every constrained side, i.e. when
// (req ^ code) is zero on the sides req constrains: whole bytes at a time, because a
// side-by-side loop takes clang past its constexpr step limit.
constexpr std::array<std::array<uint8_t, 256>, kTileTypes> make_fit() {
  std::array<std::array<uint8_t, 256>, kTileTypes> f{};
  for (int t = 0; t < kTileTypes; ++t) {
    int code[4] = {};
    for (int r = 0; r < 4; ++r) code[r] = kOriented[t][r].edge_code;
    for (int req = 0; req < 256; ++req) {
      const int constrained = ((req | req >> 1) & 0x55) * 3;  // both bits of each side with a requirement
      uint8_t m = 0;
      for (int r = 0; r < 4; ++r)
        if ((kDefs[t].symmetry >> r & 1) && ((req ^ code[r]) & constrained) == 0) m |= static_cast<uint8_t>(1u << r);
      f[t][req] = m;
    }
  }
  return f;
}
inline constexpr std::array<std::array<uint8_t, 256>, kTileTypes> kFit = make_fit();

// kNthRotation[mask][k]: the k-th rotation in a mask of rotations (0 past the last).
inline constexpr std::array<std::array<uint8_t, 4>, 16> kNthRotation = [] {
  std::array<std::array<uint8_t, 4>, 16> nth{};
  for (int mask = 0; mask < 16; ++mask)
    for (int r = 0, k = 0; r < 4; ++r)
      if (mask >> r & 1) nth[mask][k++] = static_cast<uint8_t>(r);
  return nth;
}();

// kFitCount[t][req]: how many rotations kFit[t][req] holds. An open cell always touches a
// tile, so requirement 0 never names one: it counts nothing and stands for "no open cell".
inline constexpr std::array<std::array<uint8_t, 256>, kTileTypes> kFitCount = [] {
  std::array<std::array<uint8_t, 256>, kTileTypes> c{};
  for (int t = 0; t < kTileTypes; ++t)
    for (int req = 1; req < 256; ++req)
      for (int r = 0; r < 4; ++r) c[t][req] = static_cast<uint8_t>(c[t][req] + ((kFit[t][req] >> r) & 1));
  return c;
}();

// The same table by requirement first: the counts of all tile types at once, so that the
// board can keep each type's placement count as one requirement changes. 16-bit entries,
// like the counts they are added to, so that the update is a few vector adds.
inline constexpr std::array<std::array<uint16_t, kTileTypes>, 256> kFitCountByReq = [] {
  std::array<std::array<uint16_t, kTileTypes>, 256> c{};
  for (int t = 0; t < kTileTypes; ++t)
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

inline constexpr int kMonasteryTiles = [] {
  int n = 0;
  for (const auto& d : kDefs) n += d.segs[0].kind == FeatureKind::Monastery ? d.count : 0;
  return n;
}();

inline constexpr int kTotalSegments = [] {
  int n = 0;
  for (const auto& d : kDefs) n += d.count * d.nsegs;
  return n;
}();

}  // namespace tiles
}  // namespace carc
