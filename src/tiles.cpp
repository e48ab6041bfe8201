// Names of locations and feature kinds (the tile tables themselves are constexpr data in
// tiles.hpp).
#include "carcassonne/tiles.hpp"

namespace carc {

namespace {
// Each tile type's name, as a string the table owns: the letter of its definition.
constexpr std::array<std::array<char, 2>, kTileTypes> kTileNames = [] {
  std::array<std::array<char, 2>, kTileTypes> n{};
  for (int t = 0; t < kTileTypes; ++t) n[t] = {tiles::kDefs[t].letter, '\0'};
  return n;
}();

constexpr std::string_view kLocationNames[kLocationCount] = {"C",   "N",   "E",   "S",   "W",   "NNE", "ENE",
                                                             "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"};
}

std::string_view tile_name(TileType t) {
  return t < kTileTypes ? std::string_view(kTileNames[t].data(), 1) : std::string_view("?");
}

TileType tile_from_name(std::string_view name) {
  for (int t = 0; t < kTileTypes; ++t)
    if (name == tile_name(static_cast<TileType>(t))) return static_cast<TileType>(t);
  return kNoTile;
}

std::string_view location_name(Location loc) {
  const int i = static_cast<int>(loc);
  if (loc == Location::None) return "-";
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
  }
  return "?";
}

}  // namespace carc
