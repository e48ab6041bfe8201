// Every tile set of the project as constexpr data: one row per tile type, with everything
// its JSON file says. The rows are generated at build time from data/tiles/*.json
// (cmake/GenerateTiles.cmake writes carcassonne/tile_rows.hpp into the build tree); no JSON
// is read at run time. The engine's tables (tiles.hpp) are derived from the base rows; the
// other sets are data for the expansions.
#pragma once

#include <cstdint>
#include <string_view>

namespace carc::tiles::raw {

// Edge masks of cities, roads and rivers.
enum : uint8_t { N = 1, E = 2, S = 4, W = 8 };
// Field locations: the 8 half-edges clockwise from north, then the inner field CF (a field
// that touches no tile edge).
enum : uint16_t { NNE = 1, ENE = 2, ESE = 4, SSE = 8, SSW = 16, WSW = 32, WNW = 64, NNW = 128, CF = 256 };
inline constexpr uint16_t kHalfEdges = 0xFF;  // the 8 half-edge bits of a field mask

// The JSON file a row comes from; the rows follow this order.
enum class TileSet : uint8_t { Base, Abbot, River, InnsAndCathedrals, TradersAndBuilders, PrincessAndDragon, Tower,
                               AbbeyAndMayor };
inline constexpr int kTileSets = 8;

enum class Goods : uint8_t { None, Wine, Grain, Cloth };
// Where a road with one edge ends inside its tile (None: it runs through, edge to edge).
enum class RoadEnd : uint8_t { None, City, Monastery, Junction, Village, Volcano, Tower };
// The symbol a tile shows (The Princess & the Dragon): what its placement does beyond its features.
enum class Symbol : uint8_t { None, Volcano, Dragon, Portal, Princess };
// Where a river with one edge ends inside its tile.
enum class RiverEnd : uint8_t { None, Spring, Lake };

// The most features of each kind one tile of the data has (checked below).
inline constexpr int kMaxCities = 4;
inline constexpr int kMaxRoads = 4;
inline constexpr int kMaxRivers = 1;
inline constexpr int kMaxFields = 4;

struct City {
  uint8_t edges;  // edge mask
  uint8_t shields;
  bool cathedral;
  Goods goods;
  bool princess;  // the city shows the princess
};
struct Road {
  uint8_t edges;  // edge mask
  bool inn;
  RoadEnd end;
  bool branching;  // three or more arms that meet without ending (a roundabout): one road
  bool tunnel;     // it passes under a city (a picture's detail; no rule reads it)
};
struct River {
  uint8_t edges;  // edge mask
  RiverEnd end;
};
struct Field {
  uint16_t halves;  // field locations (NNE..NNW, CF)
  uint8_t touches;  // mask of the positions, in the tile's city list, of the cities it touches
};

struct Tile {
  std::string_view id;  // "A", "E_G", "RA", "IK", ...: unique across all sets
  TileSet set;
  uint8_t count;
  std::string_view edges;  // four of C R F I (city, road, field, river), in the order N E S W
  bool monastery;
  bool garden;
  bool tower;  // the tile has a tower foundation (The Tower)
  Symbol symbol;
  uint8_t ncities;
  City cities[kMaxCities];
  uint8_t nroads;
  Road roads[kMaxRoads];
  uint8_t nrivers;
  River rivers[kMaxRivers];
  uint8_t nfields;
  Field fields[kMaxFields];
  std::string_view garden_copy_of;  // the base id of a garden copy, "" for every other tile
  // Tiles each player holds this many of, outside the pile (the abbey; `count` is the most
  // players' number); 0 for the tiles of the pile. Only these show abbey edges (A).
  uint8_t per_player;
};

}  // namespace carc::tiles::raw

#include "carcassonne/tile_rows.hpp"  // kTileRows, kTiles

namespace carc::tiles::raw {

// Row index of the tile type with this id (exact, case-sensitive), or -1.
constexpr int find_tile(std::string_view id) {
  for (int i = 0; i < kTileRows; ++i)
    if (kTiles[i].id == id) return i;
  return -1;
}

// Index of the first row of a set (kTileRows if it has none).
constexpr int first_row(TileSet set) {
  int i = 0;
  while (i < kTileRows && kTiles[i].set != set) ++i;
  return i;
}

// Number of rows (tile types) of a set.
constexpr int rows_of(TileSet set) {
  int n = 0;
  for (const Tile& t : kTiles) n += t.set == set;
  return n;
}

namespace detail {
template <class F>
constexpr int max_over_rows(F f) {
  int m = 0;
  for (const Tile& t : kTiles) m = f(t) > m ? f(t) : m;
  return m;
}
// The sets come one after the other, in the order of TileSet.
constexpr bool sets_in_order() {
  for (int i = 1; i < kTileRows; ++i)
    if (kTiles[i].set < kTiles[i - 1].set) return false;
  return true;
}
}  // namespace detail

static_assert(detail::max_over_rows([](const Tile& t) { return int{t.ncities}; }) == kMaxCities,
              "kMaxCities is the most cities a tile of the data has");
static_assert(detail::max_over_rows([](const Tile& t) { return int{t.nroads}; }) == kMaxRoads,
              "kMaxRoads is the most roads a tile of the data has");
static_assert(detail::max_over_rows([](const Tile& t) { return int{t.nrivers}; }) == kMaxRivers,
              "kMaxRivers is the most rivers a tile of the data has");
static_assert(detail::max_over_rows([](const Tile& t) { return int{t.nfields}; }) == kMaxFields,
              "kMaxFields is the most fields a tile of the data has");
static_assert(detail::sets_in_order(), "rows come set by set: base, abbot, river, I&C, T&B");

}  // namespace carc::tiles::raw
