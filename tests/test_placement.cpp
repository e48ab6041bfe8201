// Placing the tile (docs/rules.md "A turn", step 1): where a tile may go and why not.
// The start tile D at (0,0) shows city N, road E, field S, road W.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <tuple>

#include "rules_helpers.hpp"

using namespace rules;

namespace {
using Spot = std::tuple<int, int, int>;  // x, y, rotation in quarter turns

std::set<Spot> placements(const Game& g, char letter) {
  Placement buf[kMaxPlacements];
  const int n = g.placements_for(tile_from_letter(letter), buf);
  std::set<Spot> s;
  for (int i = 0; i < n; ++i) s.insert({buf[i].x, buf[i].y, buf[i].rot});
  CHECK(s.size() == static_cast<size_t>(n));  // each placement listed once
  return s;
}

// Everything a refused action must leave as it was.
struct Snapshot {
  int tiles, open, drawn, player;
  Phase phase;
  TileType tile;
  explicit Snapshot(const Game& g)
      : tiles(g.board().tile_count()), open(g.board().open_count()), drawn(g.drawn()),
        player(g.current_player()), phase(g.phase()), tile(g.current_tile()) {}
  bool operator==(const Snapshot&) const = default;
};
}  // namespace

TEST_CASE("Placement: the tile must touch a placed tile edge to edge; a corner is not enough") {
  Game g = new_game(2, "B U");
  for (auto [x, y] : {std::pair{1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {0, 2}, {5, 5}})
    for (int r = 0; r < 4; ++r) CHECK(g.check_placement(at(x, y, 90 * r)).reason == Illegal::NoNeighbour);
  CHECK(g.check_placement(at(0, 1, 0)));  // the monastery below the start tile's field
  const Snapshot before(g);
  Verdict why;
  CHECK(g.place(at(1, 1, 0), &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::NoNeighbour);
  CHECK(Snapshot(g) == before);
}

TEST_CASE("Placement: every touching edge must match, not just one of them") {
  Game g = new_game(2, "U E E");
  play(g, "U 1,0 90");    // field on its north edge
  play(g, "E 0,-1 180");  // cap on the start's city, field on its east edge
  // The cell (1,-1) touches two field edges: south and west.
  CHECK(g.check_placement(at(1, -1, 0)));  // cap facing north: field S and W
  const Verdict v = g.check_placement(at(1, -1, 270));  // city W, field S
  CHECK(v.reason == Illegal::Mismatch);
  CHECK(v.side == West);
  CHECK(v.want == Edge::Field);
  CHECK(v.have == Edge::City);
  const Verdict u = g.check_placement(at(1, -1, 180));  // city S, field W
  CHECK(u.reason == Illegal::Mismatch);
  CHECK(u.side == South);
  CHECK(u.want == Edge::Field);
  CHECK(u.have == Edge::City);
  CHECK(describe(u) == "the south edge is city but the neighbour there shows field");
}

TEST_CASE("Placement: a road must meet a road, a city a city, a field a field") {
  Game g = new_game(2, "U");
  // U turned 0 shows road N and S, field E and W.
  CHECK(g.check_placement(at(0, 1, 0)).reason == Illegal::Mismatch);   // road onto field
  CHECK(g.check_placement(at(0, -1, 0)).reason == Illegal::Mismatch);  // road onto city
  CHECK(g.check_placement(at(1, 0, 0)).reason == Illegal::Mismatch);   // field onto road
  CHECK(g.check_placement(at(1, 0, 90)));
  CHECK(g.check_placement(at(0, 1, 90)));  // field onto field
}

TEST_CASE("Placement: a cell that holds a tile is occupied") {
  Game g = new_game(2, "U U");
  for (int r = 0; r < 4; ++r) CHECK(g.check_placement(at(0, 0, 90 * r)).reason == Illegal::Occupied);
  play(g, "U 1,0 90");
  CHECK(g.check_placement(at(1, 0, 90)).reason == Illegal::Occupied);
  const Snapshot before(g);
  CHECK(g.place(at(1, 0, 90)) == Status::IllegalMove);
  CHECK(Snapshot(g) == before);
}

TEST_CASE("Placement: a rotation is 0, 90, 180 or 270 degrees") {
  Game g = new_game(2, "U");
  Placement p = at(1, 0, 90);
  p.rot = 4;
  CHECK(g.check_placement(p).reason == Illegal::BadRotation);
  const Snapshot before(g);
  Verdict why;
  CHECK(g.place(p, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::BadRotation);
  CHECK(Snapshot(g) == before);
  TileType t;
  Move m;
  CHECK_FALSE(parse_move("U 1,0 45", t, m));
  CHECK_FALSE(parse_move("U 1,0 360", t, m));
  CHECK_FALSE(parse_move("U 1,0 -90", t, m));
  REQUIRE(parse_move("U 1,0 270", t, m));
  CHECK(m.at.rot == 3);
}

TEST_CASE("Placement: only in the place-tile phase of a turn") {
  Game g = new_game(2, "U E");
  place(g, "U 1,0 90");
  CHECK(g.phase() == Phase::PlaceMeeple);
  CHECK(g.check_placement(at(-1, 0, 90)).reason == Illegal::WrongPhase);
  Placement buf[kMaxPlacements];
  CHECK(g.legal_placements(buf) == 0);
  const Snapshot before(g);
  CHECK(g.place(at(-1, 0, 90)) == Status::WrongPhase);
  CHECK(g.play(Move{at(-1, 0, 90), Location::None}) == Status::WrongPhase);
  CHECK(Snapshot(g) == before);
  REQUIRE(g.deploy(Location::None) == Status::Ok);
  play(g, "E 0,-1 180");
  REQUIRE(g.over());
  CHECK(g.check_placement(at(-1, 0, 0)).reason == Illegal::WrongPhase);
  CHECK(g.place(at(0, 1, 0)) == Status::WrongPhase);
  CHECK(g.legal_placements(buf) == 0);
  CHECK(g.current_tile() == kNoTile);
}

TEST_CASE("Placement: legal placements on the start tile, worked out by hand") {
  Game g = new_game(2, "U");
  // Open cells: (0,-1) needs city S; (1,0) road W; (0,1) field N; (-1,0) road E.
  // U (road N-S) turned 90 has road E-W, fields N and S: it fits the three non-city cells.
  CHECK(placements(g, 'U') == std::set<Spot>{{1, 0, 1}, {0, 1, 1}, {-1, 0, 1}});
  CHECK(placements(g, 'X') == std::set<Spot>{{1, 0, 0}, {-1, 0, 0}});
  CHECK(placements(g, 'B') == std::set<Spot>{{0, 1, 0}});
  CHECK(placements(g, 'C') == std::set<Spot>{{0, -1, 0}});
  // A cap: onto the city turned 180, or below the start tile with its city N (0) excluded.
  CHECK(placements(g, 'E') == std::set<Spot>{{0, -1, 2}, {0, 1, 1}, {0, 1, 2}, {0, 1, 3}});
  // D (city N, road E-W, field S): road W for (1,0) and road E for (-1,0) at 0 and 180;
  // field N for (0,1) and city S for (0,-1) only at 180.
  CHECK(placements(g, 'D') == std::set<Spot>{{1, 0, 0}, {1, 0, 2}, {-1, 0, 0}, {-1, 0, 2}, {0, 1, 2}, {0, -1, 2}});
}

TEST_CASE("Placement: placements that show the same picture are listed once, smallest rotation") {
  Game g = new_game(2, "U");
  // U at 90 and 270 is the same picture; only 90 (rotation 1) is listed, 270 is legal too.
  const auto s = placements(g, 'U');
  CHECK(s.count({1, 0, 1}) == 1);
  CHECK(s.count({1, 0, 3}) == 0);
  CHECK(g.check_placement(at(1, 0, 270)));
  Game a = g, b = g;
  place(a, "U 1,0 90");
  place(b, "U 1,0 270");
  CHECK(meeple_options(a) == meeple_options(b));
  CHECK(a.board().tile(1).rot == b.board().tile(1).rot);
  // Every tile: the listed rotations are exactly the distinct pictures that fit.
  for (char c = 'A'; c <= 'X'; ++c) {
    INFO("tile " << c);
    for (const auto& [x, y, r] : placements(g, c)) CHECK(tiles::canonical_rotation(tile_from_letter(c), r) == r);
  }
  CHECK(placements(g, 'X').size() == 2);  // X has one picture
}
