// What a feature is worth. The points of every rule live here, once: the game's scoring and
// the front-end queries (inspect_feature) both ask these functions.
#pragma once

#include "carcassonne/options.hpp"
#include "carcassonne/tiles.hpp"

namespace carc {

namespace points {
inline constexpr int kRoadTile = 1;               // a road, complete or not
inline constexpr int kCityTile = 2;               // a completed city
inline constexpr int kCityShield = 2;
inline constexpr int kCityTileAtEnd = 1;          // an incomplete city at the end
inline constexpr int kCityShieldAtEnd = 1;
inline constexpr int kSmallCityTiles = 2;         // first-edition small city: this many tiles...
inline constexpr int kSmallCityTile = 1;          // ...score this per tile
inline constexpr int kSmallCityShield = 1;        // ...and this per shield
inline constexpr int kMonasteryComplete = 9;      // the tile and its 8 neighbours
inline constexpr int kMonasteryAtEnd = 1;         // the tile, plus one per placed neighbour
inline constexpr int kFieldCity = 3;              // per completed city a field touches
inline constexpr int kFirstEditionFieldCity = 4;  // per completed city, to its farmer majority
inline constexpr int kGardenComplete = 9;         // a garden scores like a monastery
inline constexpr int kGardenAtEnd = 1;
inline constexpr int kInnRoadTile = 2;            // a completed road with an inn (0 if incomplete at the end)
inline constexpr int kCathedralCityTile = 3;      // a completed city with a cathedral (0 if incomplete at the end)
inline constexpr int kCathedralCityShield = 3;
inline constexpr int kPigFieldCity = 4;           // per completed city, to a field's winner whose pig is in it
inline constexpr int kFirstEditionPigCity = 5;    // first-edition farmers: the city's winner with a pig beside it
inline constexpr int kGoodsMajority = 10;         // at the end, per kind of goods, to the players with the most
inline constexpr int kFairyTurn = 1;      // Princess & Dragon: the fairy beside your meeple as your turn begins
inline constexpr int kFairyFeature = 3;   // and when a feature holding that meeple is scored
inline constexpr int kRansom = 3;         // The Tower: a prisoner bought back, from the payer to the holder
// Abbey & Mayor: per completed city a barn's field touches, to its farmer majority when the
// barn is placed (a pig in it: +1, as kPigFieldCity), to the farmer majority joined to it
// later (likewise), and at the end to each barn owner.
inline constexpr int kBarnPlacedCity = 3;
inline constexpr int kBarnConnectedCity = 1;
inline constexpr int kBarnFinalCity = 4;
}  // namespace points

// The size of a feature, as far as its points depend on it.
struct FeatureSize {
  FeatureKind kind = FeatureKind::Road;
  int tiles = 0;       // distinct tiles (roads, cities)
  int shields = 0;     // cities
  int neighbours = 0;  // monasteries and gardens: placed tiles among the 8 around it
  int cities = 0;      // fields: distinct completed cities it touches
  int marks = 0;       // tiles::kInn (roads), tiles::kCathedral (cities)
};

// Points for the feature completed now (fields never complete: their end value).
int value_completed(const FeatureSize& f, const Options& options);
// Points for the feature in end-game scoring, as it stands.
int value_at_end(const FeatureSize& f, const Options& options);

}  // namespace carc
