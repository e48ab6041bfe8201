// Scoring (docs/rules.md "Completed features", "The end of the game", "Rule options").
#include <catch2/catch.hpp>

#include "rules_helpers.hpp"

using namespace rules;

TEST_CASE("Scoring: a completed feature without a meeple scores nothing") {
  Game g = new_game(2, "E A A U");
  Events ev;
  play_all(g, {"E 0,-1 180",  // city of 2 tiles completes
               "A 1,0 90", "A -1,0 270"},  // the start tile's road completes between them
           &ev);
  CHECK(scores(ev).empty());
  CHECK(g.score(0) == 0);
  CHECK(g.score(1) == 0);
}

TEST_CASE("Scoring: majority counts at the end too, and tied players each score in full") {
  Game g = new_game(2, "A U A E");
  play(g, "A 0,1 0 NNE");  // red farmer: the monastery's field, joined to the start's south field
  place(g, "U 1,0 90");
  // The south field is red's; the north field (by the start tile's city) is free.
  CHECK(meeple_options(g) == std::vector<std::string>{"E", "NNE"});
  REQUIRE(g.deploy(loc("NNE")) == Status::Ok);  // blue farmer
  play(g, "A 2,0 90");    // the road ends at a monastery: both fields join around its end
  play(g, "E 0,-1 180");  // completes the start tile's city, which the joined field touches
  REQUIRE(g.over());
  CHECK(g.score(0) == 3);
  CHECK(g.score(1) == 3);
  CHECK(g.leaders() == players_mask({0, 1}));
}

TEST_CASE("Scoring: a tile counts once when a city passes it twice (an H closed into one city)") {
  Game g = new_game(2, "G N N N M H");
  play(g, "G 0,1 0 E");  // red knight on a city E-W below the start tile
  play_all(g, {"N 1,1 180", "N -1,1 90", "N 1,2 270", "M -1,2 0"});
  CHECK(g.score(0) == 0);
  play(g, "H 0,2 90");  // both cities of the H join the ring: G, 4 corners, H
  CHECK(g.score(0) == 2 * 6 + 2);
  CHECK(g.supply(0) == 7);
}

TEST_CASE("Scoring: a tile counts once when a road loop passes it twice (a loop through a crossing)") {
  Game g = new_game(2, "W V V V");
  play(g, "W 0,1 0 E");  // red thief on the crossing's east arm
  play_all(g, {"V 1,1 0", "V 1,2 90"});
  CHECK(g.score(0) == 0);
  Events ev;
  play(g, "V 0,2 180", &ev);  // the loop comes back into the crossing's south arm
  CHECK(g.score(0) == 4);    // W and three curves
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].tiles == 4);
}

TEST_CASE("Scoring: at the end an incomplete city scores 1 per tile and 1 per shield") {
  Game g = new_game(2, "F U");
  play(g, "F 0,-1 90 N");  // city N-S with a shield on the start's city, open north
  Events ev;
  play(g, "U 1,0 90", &ev);
  REQUIRE(g.over());
  CHECK(g.score(0) == 2 + 1);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].end_game);
  CHECK(s[0].feature == FeatureKind::City);
}

TEST_CASE("Scoring: an incomplete city gives a field nothing, nor do the field's tiles") {
  Game g = new_game(2, "U U U E");
  play(g, "U 1,0 90 NNE");  // red farmer on the start tile's north field, by its city
  play_all(g, {"U 2,0 90", "U 3,0 90", "E 2,-1 0"});  // a longer field and an open cap
  REQUIRE(g.over());
  CHECK(g.score(0) == 0);
}

TEST_CASE("Scoring: first-edition small city: a 2-tile city scores 2, larger cities as usual") {
  Options first;
  first.first_edition_small_city = true;
  Game two = new_game(2, "E U", first);
  play(two, "E 0,-1 180 S");
  CHECK(two.score(0) == 2);
  CHECK(two.supply(0) == 7);
  Game three = new_game(2, "F E U", first);
  play_all(three, {"F 0,-1 90 N", "E 0,-2 180"});
  CHECK(three.score(0) == 8);
  Game usual = new_game(2, "E U");
  play(usual, "E 0,-1 180 S");
  CHECK(usual.score(0) == 4);
}

TEST_CASE("Scoring: first-edition farmers: 4 per completed city to the majority over its fields") {
  // City X: start tile + F turned 90 + cap. Four separate fields touch it: the start tile's
  // north field (red farmer, through U), F's east field (blue), F's west field (blue,
  // through a cap at (-1,-1)) and the top cap's field (nobody).
  const char* order = "U F E E";
  auto play_game = [&](Options o) {
    Game g = new_game(2, order, o);
    play_all(g, {"U 1,0 90 NNE", "F 0,-1 90 ENE", "E 0,-2 180", "E -1,-1 270 NNE"});
    REQUIRE(g.over());
    return g;
  };
  SECTION("third edition: 3 per field for each completed city it touches") {
    const Game g = play_game(Options{});
    CHECK(g.score(0) == 3);
    CHECK(g.score(1) == 3 + 3);
  }
  SECTION("first edition: X goes to blue, 2 farmers against 1") {
    Options o;
    o.first_edition_farmers = true;
    const Game g = play_game(o);
    CHECK(g.score(0) == 0);
    CHECK(g.score(1) == 4);
  }
}
