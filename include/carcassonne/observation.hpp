// The observation tensor for reinforcement learning: what one player sees (never the order
// of the face-down tiles), as floats in a fixed shape per configuration, written into the
// caller's buffer without allocating. Layout: `planes` planes of side x side cells, plane
// by plane, row (y) by row, column (x) by column, over the window |x|, |y| <= reach
// centred on the start tile; then `scalars` values. Seats are relative to the observer:
// seat k is player (observer + k) mod players, so seat 0 is the observer.
//
// Planes (P = players; 1 or 0 unless said otherwise):
//   0..11        the placed tile's edge on side N E S W (3 planes a side: field, road, city;
//                a river edge is a field edge here, as the fields meet across it)
//   12           the tile has a monastery          13  the tile has a city with a shield
//   14..14+P-1   a figure (meeple or abbot) of seat k stands on the tile
//   14+P..17+P   a figure stands on the tile's road, city, monastery, field (its kind)
//   18+P         an open cell (empty, next to a tile)
//   19+P..22+P   the tile in hand fits here in rotation 0..3 (its legal placements, each
//                distinct picture once; tile phase only)
//   23+P         the tile just placed (meeple phase only)
//   24+P         the tile has a garden (the Abbot)      25+P  an abbot stands on the tile
//   26+P         the tile is a river tile (the River)
// Scalars, in order:
//   P  scores by seat            P  meeples in supply by seat
//   P  1 for the seat to move    4  phase: place tile, place meeple, game over, draw
//   T  the tile in hand (or just placed) by type, one-hot (T = kTileTypes, 113)
//   T  face-down tiles by type (the tile in hand not included)
//   1  tiles on the board outside the window (not drawn in the planes)
//   P  abbots in supply by seat (0 without the Abbot)
// With Inns & Cathedrals (I&C), after those planes and those scalars in their own order:
//   planes   the tile has an inn on a road      the tile has a cathedral
//            a large meeple stands on the tile
//   scalars  P  large meeples in supply by seat
// With Traders & Builders (T&B), after those of I&C (if on) in their own order:
//   planes   the tile shows wine, grain, cloth (3 planes: the goods symbol of its city part)
//            a builder stands on the tile       a pig stands on the tile
//   scalars  P builders in supply by seat        P pigs in supply by seat
//            3P goods tokens by seat (wine, grain, cloth of seat 0, then of seat 1, ...)
//            1  the bonus phase (take or pass on the builder's bonus tile)
//            1  the tile in hand is a bonus tile (no bonus tile follows it)
// With Princess & Dragon (P&D), after those of T&B (if on):
//   planes   the dragon is on the tile       the fairy is on the tile
//            the dragon's flight under way has entered the tile (its start included)
//   scalars  P  the fairy stands beside a meeple of the seat
//            1  the dragon is on the board   1  dragon tiles set aside (waiting for it)
//            1  steps flown in the flight under way   1  a dragon step is due (that decision)
// With The Tower, after those of P&D (if on):
//   planes   the tile's tower height (a count; 0 without a foundation)
//            a figure stands on the tile's tower top
//   scalars  P  tower pieces in supply by seat   P  prisoners the seat holds
//            P  the seat's figures held by others
//            1  a capture is due (that decision)   1  a ransom was paid this turn
// A figure on the tile is also counted in the seat planes and the feature-kind planes above,
// whatever its kind (a figure on a tower top only in the tower's planes). Sizes: planes =
// 27 + P (+3 I&C) (+5 T&B) (+3 P&D) (+2 Tower); scalars = 4P + 5 + 2T (+P I&C) (+5P + 2
// T&B) (+P + 4 P&D) (+3P + 2 Tower).
#pragma once

#include "carcassonne/game.hpp"

namespace carc::rl {

// The observation window: cells with |x|, |y| <= kObservationReach (25 x 25). Random play
// leaves it in about 1 game of 300 (and reach 10 in 1 of 12); the last scalar counts the
// tiles outside.
inline constexpr int kObservationReach = 12;

// The planes and scalars that do not depend on the player count (layout above).
inline constexpr int kBasePlanes = 27;
inline constexpr int kBaseScalars = 4 + 2 * kTileTypes + 1;
// What Inns & Cathedrals and Traders & Builders add (scalars: per seat, then fixed).
inline constexpr int kInnsPlanes = 3, kInnsSeatScalars = 1;
inline constexpr int kTradersPlanes = 5, kTradersSeatScalars = 2 + kGoodsKinds, kTradersScalars = 2;
inline constexpr int kDragonPlanes = 3, kDragonSeatScalars = 1, kDragonScalars = 4;
inline constexpr int kTowerPlanes = 2, kTowerSeatScalars = 3, kTowerScalars = 2;
inline constexpr int kAbbeyPlanes = 1, kAbbeySeatScalars = 4, kAbbeyScalars = 4;

struct ObservationShape {
  int planes = 0;   // kBasePlanes + players, plus the expansions' planes
  int side = 0;     // 2 * kObservationReach + 1
  int scalars = 0;  // 4 * players + kBaseScalars, plus the expansions' scalars
  int size() const { return planes * side * side + scalars; }
};
ObservationShape observation_shape(int players, const Options& options);
inline ObservationShape observation_shape(const Game& game) {
  return observation_shape(game.players(), game.options());
}
// A buffer of this many floats holds any observation.
inline constexpr int kMaxObservation =
    (kBasePlanes + kMaxPlayers + kInnsPlanes + kTradersPlanes + kDragonPlanes + kTowerPlanes + kAbbeyPlanes) *
        (2 * kObservationReach + 1) * (2 * kObservationReach + 1) +
    (4 + kInnsSeatScalars + kTradersSeatScalars + kDragonSeatScalars + kTowerSeatScalars + kAbbeySeatScalars) * kMaxPlayers +
    kBaseScalars + kTradersScalars + kDragonScalars + kTowerScalars + kAbbeyScalars;

// Writes what `observer` (0..players-1) sees of the game to out (observation_shape(game).size()
// floats), as the layout above says.
void observe(const Game& game, int observer, float* out);

}  // namespace carc::rl
