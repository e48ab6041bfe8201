// Deploying a meeple (docs/rules.md "A turn", step 2, and "Farmers"): where one may go,
// and the listing of the choices (docs/tiles.md: each feature once, by its first location in the order
// C N E S W NNE ENE ESE SSE SSW WSW WNW NNW, after the tile has joined its neighbours).
#include <catch2/catch.hpp>

#include "rules_helpers.hpp"

using namespace rules;
using Strings = std::vector<std::string>;

TEST_CASE("Meeple: only onto the tile just placed") {
  Game g = new_game(2, "U E");
  place(g, "U 1,0 90");  // road E-W, fields N and S
  // Locations name features of the new tile only: U has no city, no monastery, nothing
  // on its north or south edge; the start tile's city is out of reach.
  CHECK(g.check_meeple(loc("N")).reason == Illegal::NoSuchFeature);
  CHECK(g.check_meeple(loc("C")).reason == Illegal::NoSuchFeature);
  CHECK(g.check_meeple(loc("S")).reason == Illegal::NoSuchFeature);
  CHECK(g.check_meeple(static_cast<Location>(kLocationCount)).reason == Illegal::NoSuchFeature);
  CHECK(g.deploy(loc("N")) == Status::IllegalMove);
  CHECK(g.phase() == Phase::PlaceMeeple);  // refused: still this player's meeple step
  CHECK(g.supply(0) == 7);
  CHECK(g.check_meeple(loc("W")));  // the road, by any of its locations
  CHECK(g.check_meeple(loc("WNW")));
}

TEST_CASE("Meeple: at most one per turn, and only after the tile is placed") {
  Game g = new_game(2, "U U");
  CHECK(g.check_meeple(loc("E")).reason == Illegal::WrongPhase);
  CHECK(g.deploy(loc("E")) == Status::WrongPhase);
  Location buf[kMaxMeepleOptions];
  CHECK(g.meeple_options(buf) == 0);
  place(g, "U 1,0 90");
  REQUIRE(g.deploy(loc("E")) == Status::Ok);
  // The turn is over: a second meeple is refused, and the player's supply is 6.
  CHECK(g.deploy(loc("NNE")) == Status::WrongPhase);
  CHECK(g.supply(0) == 6);
  CHECK(g.meeples().size() == 1);
  CHECK(g.current_player() == 1);
}

TEST_CASE("Meeple: not onto a connected feature that holds any meeple, however far away") {
  Game g = new_game(2, "U U U U U U");
  play(g, "U 1,0 90 E");  // red thief on the start tile's road
  play_all(g, {"U 2,0 90", "U 3,0 90", "U 4,0 90"});
  place(g, "U 5,0 90");  // red again, four tiles east of the thief: the own thief counts too
  CHECK(g.check_meeple(loc("E")).reason == Illegal::FeatureOccupied);
  CHECK(g.check_meeple(loc("NNE")));  // the fields are free
  CHECK(meeple_options(g) == Strings{"NNE", "ESE"});
  REQUIRE(g.deploy(loc("NNE")) == Status::Ok);  // red farmer north of the road
  // Blue, west of the start tile: the road holds red's thief, the northern field (through
  // the start tile's field by its city) red's farmer six tiles away.
  place(g, "U -1,0 90");
  CHECK(g.check_meeple(loc("W")).reason == Illegal::FeatureOccupied);
  CHECK(g.check_meeple(loc("NNE")).reason == Illegal::FeatureOccupied);
  CHECK(meeple_options(g) == Strings{"ESE"});
  Verdict why;
  CHECK(g.deploy(loc("W"), nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::FeatureOccupied);
  CHECK(g.supply(1) == 7);
  CHECK(g.supply(0) == 5);
}

TEST_CASE("Meeple: an empty supply offers no options") {
  Game g = new_game(1, "B B B B A A U U V");
  play_all(g, {"B 0,1 0 C", "B 1,1 0 C", "B -1,1 0 C", "B 2,1 0 C", "A 3,1 0 C", "A -2,1 0 C", "U 1,0 90 E"});
  REQUIRE(g.supply(0) == 0);
  place(g, "U -1,0 90");
  CHECK(meeple_options(g).empty());
  CHECK(g.check_meeple(loc("NNE")).reason == Illegal::NoSupply);  // a free field
  CHECK(g.deploy(loc("NNE")) == Status::IllegalMove);
  CHECK(g.deploy(Location::None) == Status::Ok);  // running out never stops the game
  CHECK(g.phase() == Phase::PlaceTile);
}

TEST_CASE("Meeple: with farmers off, fields offer no option and score nothing") {
  Options off;
  off.farmers = false;
  Game g = new_game(2, "E E", off);
  place(g, "E 0,1 180");
  CHECK(meeple_options(g) == Strings{"S"});
  CHECK(g.check_meeple(loc("NNE")).reason == Illegal::FarmersOff);
  Verdict why;
  CHECK(g.play(move_of(g, "E 0,1 180 NNE"), nullptr, &why) == Status::WrongPhase);
  REQUIRE(g.deploy(loc("NNE"), nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::FarmersOff);
  REQUIRE(g.deploy(Location::None) == Status::Ok);
  // Example 5 without farmers: only the knight that closes the city scores.
  Events ev;
  play(g, "E 0,2 0 N", &ev);
  REQUIRE(g.over());
  for (const Event& e : scores(ev)) CHECK(e.feature != FeatureKind::Field);
  CHECK(g.score(0) == 0);
  CHECK(g.score(1) == 4);
}

TEST_CASE("Meeple: deploying onto a feature the tile completes scores it at once") {
  Game g = new_game(2, "A A U");
  play(g, "A 0,1 0");
  Events ev;
  play(g, "A 0,2 180 N", &ev);  // blue's thief on the road this tile closes
  CHECK(g.score(1) == 2);
  CHECK(g.supply(1) == 7);
  CHECK(g.meeples().empty());
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].winners == players_mask({1}));
}

TEST_CASE("Meeple: a monk on a monastery placed into a full ring scores 9 at once") {
  Game g = new_game(2, "U U E E E E E B");
  // All 8 neighbours of (0,1) first, the monastery last.
  play_all(g, {"U 1,0 90", "U -1,0 90", "E -1,1 270", "E 1,1 90", "E -1,2 270", "E 1,2 90", "E 0,2 180"});
  REQUIRE(g.board().neighbours8(0, 1) == 8);
  place(g, "B 0,1 0");
  CHECK(meeple_options(g) == std::vector<std::string>{"C", "NNE"});
  Events ev;
  REQUIRE(g.deploy(loc("C"), &ev) == Status::Ok);
  CHECK(g.score(1) == 9);
  CHECK(g.supply(1) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].feature == FeatureKind::Monastery);
  CHECK_FALSE(s[0].end_game);
}

TEST_CASE("Meeple: farmers never return, not even when their field's city completes") {
  Game g = new_game(2, "E E U");
  play(g, "E 0,1 180 NNE");  // red farmer beside the cap's city
  play(g, "E 0,2 0 N");      // blue closes the city with a knight: 4, knight back
  CHECK(g.score(1) == 4);
  CHECK(g.supply(1) == 7);
  CHECK(g.supply(0) == 6);
  CHECK(g.meeples().size() == 1);
  play(g, "U 1,0 90");
  REQUIRE(g.over());
  CHECK(g.score(0) == 3);
  CHECK(g.supply(0) == 6);
}

TEST_CASE("Meeple options: each feature once, by its first location in the canonical order") {
  SECTION("a cap on the start tile's city") {
    Game g = new_game(2, "E");
    place(g, "E 0,-1 180");
    CHECK(meeple_options(g) == Strings{"S", "NNE"});
  }
  SECTION("a monastery with its road") {
    Game g = new_game(2, "A");
    place(g, "A 1,0 90");  // road W onto the start tile's road
    CHECK(meeple_options(g) == Strings{"C", "W", "NNE"});
  }
  SECTION("a crossing with a city: L turned 180 on the start tile's city") {
    Game g = new_game(2, "L");
    place(g, "L 0,-1 180");
    // Roads N, E, W end at the junction; city S; fields {NNE,ENE}, {ESE,WSW} by the city,
    // {WNW,NNW}.
    CHECK(meeple_options(g) == Strings{"N", "E", "S", "W", "NNE", "ESE", "WNW"});
  }
  SECTION("a 4-way crossing") {
    Game g = new_game(2, "X");
    place(g, "X 1,0 0");
    CHECK(meeple_options(g) == Strings{"N", "E", "S", "W", "NNE", "ESE", "SSW", "WNW"});
  }
  SECTION("a straight road whose two fields stay apart") {
    Game g = new_game(2, "U");
    place(g, "U 1,0 90");
    CHECK(meeple_options(g) == Strings{"E", "NNE", "ESE"});
  }
  SECTION("a U whose two fields join around its road's end") {
    Game g = new_game(2, "A U");
    play(g, "A 0,1 0");  // its road ends at the monastery, the field goes around the end
    place(g, "U 0,2 0");
    CHECK(meeple_options(g) == Strings{"N", "NNE"});
    CHECK(g.check_meeple(loc("SSW")));  // names the same field
  }
  SECTION("an H that closes both its cities into one") {
    // A ring of city below the start tile: G (city E-W) at (0,1), corners around, and the
    // H turned 90 (cities E and W) in the gap at (0,2) joins both ends.
    Game g = new_game(2, "G N N N M H");
    play_all(g, {"G 0,1 0", "N 1,1 180", "N -1,1 90", "N 1,2 270", "M -1,2 0"});
    place(g, "H 0,2 90");
    CHECK(meeple_options(g) == Strings{"E", "NNE"});
    CHECK(g.check_meeple(loc("W")));  // names the same city
    Events ev;
    REQUIRE(g.deploy(loc("W"), &ev) == Status::Ok);
    // 6 tiles, the H counted once, 1 shield: 2 x 6 + 2 = 14, scored at once.
    CHECK(g.score(1) == 14);
    const auto s = scores(ev);
    REQUIRE(s.size() == 1);
    CHECK(s[0].tiles == 6);
    CHECK(s[0].location == Location::E);  // the meeple is named by the first location
  }
}
