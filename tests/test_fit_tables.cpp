// The tables behind placement counting agree with fitting a tile side by side.
#include <catch2/catch.hpp>

#include "carcassonne/carcassonne.hpp"

using namespace carc;

TEST_CASE("Fit table: a distinct rotation fits exactly when every constrained side shows the required edge") {
  for (int t = 0; t < kTileTypes; ++t)
    for (int req = 0; req < 256; ++req)
      for (int r = 0; r < 4; ++r) {
        // Requirement 0 names no open cell and river tiles go only where the river module
        // puts them: neither fits anything.
        bool fits = ((tiles::kDefs[t].symmetry >> r) & 1) && req != 0 && tiles::kDefs[t].set != tiles::raw::TileSet::River;
        for (int s = 0; s < 4; ++s) {
          const int want = (req >> (2 * s)) & 3;
          const int have = (tiles::kOriented[t][r].edge_code >> (2 * s)) & 3;
          if (want != 0 && want != have) fits = false;
        }
        INFO("tile " << tile_letter(static_cast<TileType>(t)) << " requirement " << req << " rotation " << r);
        REQUIRE(((tiles::kFit[t][req] >> r) & 1) == (fits ? 1 : 0));
      }
}

TEST_CASE("Fit counts: each entry counts the rotations of its fit mask, by tile and by requirement") {
  for (int t = 0; t < kTileTypes; ++t)
    for (int req = 1; req < 256; ++req) {
      REQUIRE(tiles::kFitCount[t][req] == std::popcount(tiles::kFit[t][req]));
      if (t < kBaseTypes) REQUIRE(tiles::kFitCountByReq[req][t] == tiles::kFitCount[t][req]);
    }
  // Requirement 0 never names an open cell and counts nothing.
  for (int t = 0; t < kBaseTypes; ++t) CHECK(tiles::kFitCountByReq[0][t] == 0);
}

TEST_CASE("Counted as: a type whose placements the board keeps as a base type's fits every requirement as often") {
  int kept = 0;
  for (int t = 0; t < kTileTypes; ++t) {
    const uint8_t b = tiles::kCountedAs[t];
    INFO("tile " << tile_letter(static_cast<TileType>(t)));
    if (t < kBaseTypes) REQUIRE(b == t);
    if (tiles::kDefs[t].set == tiles::raw::TileSet::River) REQUIRE(b == 0xFF);  // the river places its own
    if (b == 0xFF) continue;
    ++kept;
    REQUIRE(b < kBaseTypes);
    for (int req = 0; req < 256; ++req) REQUIRE(tiles::kFitCount[t][req] == tiles::kFitCount[b][req]);
  }
  CHECK(kept == kBaseTypes + 8 + 72);  // the base types, the Abbot's 8 garden copies and 72 of the other sets' 111
}

TEST_CASE("Nth rotation: the k-th set bit of a rotation mask") {
  CHECK(tiles::kNthRotation[0b1010][0] == 1);
  CHECK(tiles::kNthRotation[0b1010][1] == 3);
  CHECK(tiles::kNthRotation[0b0001][0] == 0);
  CHECK(tiles::kNthRotation[0b1111][3] == 3);
}
