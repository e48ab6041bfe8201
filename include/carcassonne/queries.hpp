// Front-end queries: the questions a player's screen answers. Each is a pure function of
// the game (it changes nothing) and writes plain values.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "carcassonne/game.hpp"

namespace carc {

// Tiles left to draw, by type (the current tile not included); returns their total.
int remaining_tiles(const Game& game, std::array<int, kTileTypes>& counts);

// Chance of each type being the next tile drawn: its share of the tiles left to draw, as a
// player sees a face-down pile (also for a fixed order). All zero when none is left.
void next_tile_probabilities(const Game& game, std::array<double, kTileTypes>& probability);

// An empty cell next to the placed tiles.
struct FrontierCell {
  int8_t x = 0, y = 0;
  uint8_t req = 0;    // edges a tile must show there: 2 bits per side (N at bit 0), Edge values
  uint8_t river = 0;  // the river's open end: bit s for the side the river enters by (req 0)
  bool dead = false;  // no tile still to come (the current one included) fits in any rotation
};

// Writes the open cells and the river's open end, by row then column, to out (room for
// Board::kMaxOpen + 1); returns their count. A dead land cell stays dead: neighbours only
// add to what a tile must match.
int frontier(const Game& game, FrontierCell* out);

// Bit r set for each rotation r (r quarter turns) in which tile t fits on (x, y), each
// distinct picture once with its smallest rotation, as legal placements list them (U fits
// at 0, not also at 180). 0 if (x, y) is not an open cell or t is not a tile type.
uint8_t fitting_rotations(const Game& game, TileType t, int x, int y);

// The tiles that fit nowhere and left the game, in draw order; writes them to out (room for
// kMaxDeck) and returns their count.
int discarded_tiles(const Game& game, TileType* out);

// Points banked so far, per player (0 for seats beyond players()).
std::array<int32_t, kMaxPlayers> current_scores(const Game& game);
// The final scores if the game ended now (Game::final_scores_now).
std::array<int32_t, kMaxPlayers> projected_scores(const Game& game);

// Everything about one connected feature.
struct FeatureInfo {
  FeatureKind kind = FeatureKind::Road;
  bool completed = false;  // roads, cities: no open end; monastery, garden: 8 neighbours; fields never
  int tiles = 0;           // distinct tiles it covers
  std::array<uint8_t, kTotalTiles> tile_indices{};  // their board indices, ascending
  int shields = 0;         // cities
  int open_edges = 0;      // roads, cities: edges still waiting for a neighbour
  int cities = 0;          // fields: distinct completed cities it touches
  std::array<int, kMaxPlayers> meeples{};  // majority weight on it, per player (a large meeple 2)
  uint8_t majority = 0;    // bit p: the players who would score it; 0 without meeples
  int value_complete = 0;  // points on completion at its present size, an inn or cathedral
                           // counted (fields: value_end)
  int value_end = 0;       // points from end-game scoring as it stands (0 for a completed
                           // road, city or monastery: those score on completion; 0 for a
                           // road with an inn or a city with a cathedral)
  bool inn = false;        // roads: an inn on it (Inns & Cathedrals)
  bool cathedral = false;  // cities: a cathedral in it (Inns & Cathedrals)
  std::array<int, kGoodsKinds> goods{};  // cities: goods symbols on its tiles (wine, grain, cloth)
  uint8_t builders = 0;    // bit p: player p's builder is on it (Traders & Builders)
  uint8_t pigs = 0;        // bit p: player p's pig is on it; a field's winner with their pig
                           // gets 4 per completed city (value_end is the 3 of the others)
};

// Inspects the feature at location loc of the tile at (x, y). On failure (no tile there,
// no feature at that location) `out` is untouched and *error says why.
Status inspect_feature(const Game& game, int x, int y, Location loc, FeatureInfo& out,
                       std::string* error = nullptr);

}  // namespace carc
