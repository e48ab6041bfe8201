// The generated tile rows (carcassonne/tile_data.hpp, from data/tiles/*.json).
#include <catch2/catch.hpp>

#include "carcassonne/carcassonne.hpp"

using namespace carc;
using namespace carc::tiles;

namespace {

constexpr bool same_segment(const Segment& a, const Segment& b) {
  return a.kind == b.kind && a.slots == b.slots && a.edges == b.edges && a.shields == b.shields &&
         a.touches == b.touches;
}

constexpr bool same_def(const TileDef& a, const TileDef& b) {
  if (a.letter != b.letter || a.count != b.count || a.edges != b.edges || a.nsegs != b.nsegs ||
      a.symmetry != b.symmetry)
    return false;
  for (int i = 0; i < kMaxSegs; ++i)
    if (!same_segment(a.segs[i], b.segs[i])) return false;
  return true;
}

// Every base row, made into a TileDef, is the TileDef of the hand-typed table.
constexpr bool generated_base_is_hand_table() {
  for (int t = 0; t < kTileTypes; ++t)
    if (!same_def(make_def(raw::kTiles[t]), make_def(hand::kTiles[t]))) return false;
  return true;
}
static_assert(generated_base_is_hand_table(), "the generated base rows give the hand table's TileDefs");

}  // namespace

TEST_CASE("tile data: the generated base rows give the hand table's TileDefs", "[tiles]") {
  for (int t = 0; t < kTileTypes; ++t) {
    INFO("tile " << tile_letter(static_cast<TileType>(t)));
    CHECK(same_def(make_def(raw::kTiles[t]), make_def(hand::kTiles[t])));
  }
}
