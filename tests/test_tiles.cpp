// The tile set as docs/tiles.md lists it: counts, edges, segments, shields, symmetry.
#include <catch2/catch.hpp>

#include "carcassonne/carcassonne.hpp"

using namespace carc;

TEST_CASE("Tile set: 72 tiles in 24 types, 10 with a shield") {
  int total = 0, shields = 0;
  for (int t = 0; t < kBaseTypes; ++t) {
    const auto& d = tiles::kDefs[t];
    total += d.count;
    for (int i = 0; i < d.nsegs; ++i) shields += d.count * d.segs[i].shields;
  }
  CHECK(total == 72);
  CHECK(shields == 10);
  int segments = 0;
  for (int t = 0; t < kBaseTypes; ++t) segments += tiles::kDefs[t].count * tiles::kDefs[t].nsegs;
  CHECK(segments == 243);
}

TEST_CASE("Tile set: symmetric tiles have fewer distinct rotations") {
  auto distinct = [](char letter) { return std::popcount(tiles::kDefs[letter - 'A'].symmetry); };
  CHECK(distinct('B') == 1);
  CHECK(distinct('C') == 1);
  CHECK(distinct('X') == 1);
  CHECK(distinct('U') == 2);
  CHECK(distinct('H') == 2);
  CHECK(distinct('F') == 2);
  CHECK(distinct('G') == 2);
  CHECK(distinct('A') == 4);
  CHECK(distinct('D') == 4);
  CHECK(distinct('I') == 4);
  CHECK(tiles::canonical_rotation(tile_from_letter('U'), 2) == 0);
  CHECK(tiles::canonical_rotation(tile_from_letter('U'), 3) == 1);
  CHECK(tiles::canonical_rotation(tile_from_letter('X'), 3) == 0);
}

TEST_CASE("Rotation: turning 90 degrees moves the north edge to the east") {
  const auto& e = tiles::kOriented[tile_from_letter('E')][1];  // city cap
  CHECK(((e.edge_code >> 2) & 3) == static_cast<int>(Edge::City));
  CHECK((e.edge_code & 3) == static_cast<int>(Edge::Field));
  // The cap's city now sits on E; its field on the other half-edges.
  CHECK(e.loc_seg[static_cast<int>(Location::E)] != tiles::kNoSeg);
  CHECK(e.loc_seg[static_cast<int>(Location::N)] == tiles::kNoSeg);
  CHECK(e.loc_seg[static_cast<int>(Location::NNE)] != tiles::kNoSeg);
  CHECK(e.loc_seg[static_cast<int>(Location::ENE)] == tiles::kNoSeg);
}

TEST_CASE("Tile data: every edge slot belongs to the right kind of segment") {
  for (int t = 0; t < kTileTypes; ++t)
    for (int r = 0; r < 4; ++r) {
      const auto& o = tiles::kOriented[t][r];
      for (int s = 0; s < 4; ++s) {
        const Edge e = static_cast<Edge>((o.edge_code >> (2 * s)) & 3);
        INFO("tile " << tile_letter(static_cast<TileType>(t)) << " rot " << r << " side " << s);
        auto kind_at = [&](int slot) { return tiles::kDefs[t].segs[o.slot_seg[slot]].kind; };
        if (e == Edge::None) {  // an abbey edge: no feature reaches it
          CHECK(t == tiles::kAbbey);
          for (int k = 0; k < 3; ++k) CHECK(o.slot_seg[3 * s + k] == tiles::kNoSeg);
        } else if (e == Edge::City) {
          for (int k = 0; k < 3; ++k) REQUIRE(o.slot_seg[3 * s + k] != tiles::kNoSeg);
          for (int k = 0; k < 3; ++k) CHECK(kind_at(3 * s + k) == FeatureKind::City);
        } else {
          REQUIRE(o.slot_seg[3 * s] != tiles::kNoSeg);
          REQUIRE(o.slot_seg[3 * s + 2] != tiles::kNoSeg);
          CHECK(kind_at(3 * s) == FeatureKind::Field);
          CHECK(kind_at(3 * s + 2) == FeatureKind::Field);
          if (e == Edge::Road) {
            REQUIRE(o.slot_seg[3 * s + 1] != tiles::kNoSeg);
            CHECK(kind_at(3 * s + 1) == FeatureKind::Road);
          } else {
            CHECK(o.slot_seg[3 * s + 1] == tiles::kNoSeg);
          }
        }
      }
    }
}
