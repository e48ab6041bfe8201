// Names of locations and feature kinds (the tile tables themselves are constexpr data in
// tiles.hpp).
#include "carcassonne/tiles.hpp"

namespace carc {

namespace {
constexpr std::string_view kLocationNames[kLocationCount] = {"C",   "N",   "E",   "S",   "W",   "NNE", "ENE",
                                                             "ESE", "SSE", "SSW", "WSW", "WNW", "NNW", "CF"};
}

// Names are the tile rows' ids (tile_data.hpp): a tile type is its row.
std::string_view tile_name(TileType t) { return t < kTileTypes ? tiles::raw::kTiles[t].id : std::string_view("?"); }

TileType tile_from_name(std::string_view name) {
  const int row = tiles::raw::find_tile(name);
  return row >= 0 ? static_cast<TileType>(row) : kNoTile;
}

std::string_view location_name(Location loc) {
  const int i = static_cast<int>(loc);
  if (loc == Location::None) return "-";
  if (loc == Location::TW) return "TW";
  return i < kLocationCount ? kLocationNames[i] : "?";
}

bool parse_location(std::string_view text, Location& out) {
  for (int i = 0; i < kLocationCount; ++i)
    if (text == kLocationNames[i]) {
      out = static_cast<Location>(i);
      return true;
    }
  if (text == "-") {
    out = Location::None;
    return true;
  }
  return false;
}

std::string_view feature_kind_name(FeatureKind k) {
  switch (k) {
    case FeatureKind::Road: return "road";
    case FeatureKind::City: return "city";
    case FeatureKind::Monastery: return "monastery";
    case FeatureKind::Field: return "field";
    case FeatureKind::Garden: return "garden";
  }
  return "?";
}

}  // namespace carc
