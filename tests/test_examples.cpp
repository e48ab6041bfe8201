// The worked examples 1-17 of docs/rules.md, one test case each. Every game starts from the
// start tile D at (0,0) (city N, road E-W, field S); coordinates are x east, y south, and
// "T x,y r" puts tile T there turned r degrees clockwise. Player 0 is red, player 1 blue.
#include <catch2/catch.hpp>

#include "rules_helpers.hpp"

using namespace rules;
using Strings = std::vector<std::string>;

TEST_CASE("Example 1: a city cap joined to the start tile's city completes at once for 4") {
  Game g = new_game(2, "E U");
  // E turned 180 shows its city on the south edge, facing the start tile's city.
  place(g, "E 0,-1 180");
  CHECK(meeple_options(g) == Strings{"S", "NNE"});
  Events ev;
  REQUIRE(g.deploy(loc("S"), &ev) == Status::Ok);
  CHECK(g.score(0) == 4);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);  // the knight came back
  CHECK(g.meeples().empty());
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].feature == FeatureKind::City);
  CHECK_FALSE(s[0].end_game);
  CHECK(s[0].points == 4);
  CHECK(s[0].tiles == 2);
  CHECK(s[0].winners == players_mask({0}));
  CHECK(s[0].meeples[0] == 1);
  CHECK_FALSE(g.over());
  CHECK(g.current_player() == 1);
}

TEST_CASE("Example 2: closing a city another player's knight holds: no knight, owner scores 4") {
  Game g = new_game(2, "E E U");
  play(g, "E 0,1 180 S");  // red knight on a cap whose city opens south
  CHECK(g.supply(0) == 6);
  // Blue closes it with a cap facing north.
  Game trial = g;
  const Move with_knight = move_of(g, "E 0,2 0 N");
  Verdict why;
  CHECK(trial.play(with_knight, nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::FeatureOccupied);
  CHECK(trial.phase() == Phase::PlaceTile);  // the refused move changed nothing
  CHECK(trial.board().tile_count() == 2);

  place(g, "E 0,2 0");
  CHECK(g.check_meeple(loc("N")).reason == Illegal::FeatureOccupied);
  CHECK(meeple_options(g) == Strings{"ENE"});  // only the new cap's own field
  Events ev;
  REQUIRE(g.deploy(Location::None, &ev) == Status::Ok);
  CHECK(g.score(0) == 4);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);
  CHECK(g.supply(1) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].points == 4);
  CHECK(s[0].winners == players_mask({0}));
}

TEST_CASE("Example 3: two monasteries with roads facing each other complete a 2-tile road for 2") {
  Game g = new_game(2, "A A U");
  play(g, "A 0,1 0 S");  // red thief on the road that leaves the monastery southwards
  Events ev;
  play(g, "A 0,2 180 C", &ev);  // blue's monastery faces it; blue deploys a monk
  CHECK(g.score(0) == 2);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);
  CHECK(g.supply(1) == 6);  // the monk stays: its monastery is far from complete
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].feature == FeatureKind::Road);
  CHECK(s[0].points == 2);
  CHECK(s[0].tiles == 2);
}

TEST_CASE("Example 4: the 8th neighbour of a monastery scores the monk 9 and returns it") {
  Game g = new_game(2, "B U U E E E E E A");
  play(g, "B 0,1 0 C");  // red monk below the start tile
  // Neighbours of (0,1): the start tile, then 7 more around it.
  play_all(g, {"U 1,0 90", "U -1,0 90", "E -1,1 270", "E 1,1 90", "E -1,2 270", "E 0,2 180"});
  CHECK(g.board().neighbours8(0, 1) == 7);
  CHECK(g.board().neighbours8(g.board().tile(g.board().tile_index_at(0, 1))) == 7);  // the same, by its tile
  CHECK(g.score(0) == 0);
  CHECK(g.supply(0) == 6);
  Events ev;
  play(g, "E 1,2 90", &ev);  // placed by blue: who completes it does not matter
  CHECK(g.score(0) == 9);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].feature == FeatureKind::Monastery);
  CHECK(s[0].points == 9);
  CHECK_FALSE(s[0].end_game);
  CHECK_FALSE(g.over());
}

TEST_CASE("Example 5: the last tile completes a city; a farmer touching it scores 3 at the end") {
  Game g = new_game(2, "E E");
  // Red: a cap turned south below the start tile, farmer on its field (which runs on into
  // the start tile's southern field and borders the cap's city).
  play(g, "E 0,1 180 NNE");
  CHECK(g.supply(0) == 6);
  Events ev;
  play(g, "E 0,2 0 N", &ev);  // blue closes the city with the last tile, knight on it
  REQUIRE(g.over());
  CHECK(g.score(1) == 4);  // 2-tile city
  CHECK(g.score(0) == 3);  // field touching one completed city
  CHECK(g.supply(0) == 6);  // farmers never return
  CHECK(g.supply(1) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 2);
  CHECK(s[0].feature == FeatureKind::City);
  CHECK_FALSE(s[0].end_game);
  CHECK(s[1].feature == FeatureKind::Field);
  CHECK(s[1].end_game);
  CHECK(s[1].points == 3);
  CHECK(s[1].winners == players_mask({0}));
  CHECK(g.leaders() == players_mask({1}));
}

namespace {
// Red and blue knights on caps left and right of (0,-1), the start tile's city below it.
void three_cities(Game& g) {
  play_all(g, {"U 1,0 90", "U -1,0 90", "E 1,-1 270 W", "E -1,-1 90 E"});
}
}  // namespace

TEST_CASE("Example 6: a tile joins three cities, red and blue each score the full 8") {
  Game g = new_game(2, "U U E E R B");
  three_cities(g);
  CHECK(g.supply(0) == 6);
  CHECK(g.supply(1) == 6);
  // R turned 180 shows city on E, S and W: it joins both caps and the start tile's city.
  place(g, "R 0,-1 180");
  CHECK(g.check_meeple(loc("S")).reason == Illegal::FeatureOccupied);
  CHECK(g.check_meeple(loc("E")).reason == Illegal::FeatureOccupied);
  CHECK(g.check_meeple(loc("W")).reason == Illegal::FeatureOccupied);
  CHECK(meeple_options(g) == Strings{"NNE"});
  Events ev;
  REQUIRE(g.deploy(Location::None, &ev) == Status::Ok);
  CHECK(g.score(0) == 8);  // 4 tiles
  CHECK(g.score(1) == 8);
  CHECK(g.supply(0) == 7);
  CHECK(g.supply(1) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].points == 8);
  CHECK(s[0].tiles == 4);
  CHECK(s[0].winners == players_mask({0, 1}));
  CHECK(s[0].meeples[0] == 1);
  CHECK(s[0].meeples[1] == 1);
}

TEST_CASE("Example 7: majority: red 2 knights, blue 1: red scores 10, blue 0, all return") {
  Game g = new_game(2, "U U E U E E R N B");
  play_all(g, {"U 1,0 90", "U 2,0 90",
               "E 1,-1 90 E",    // red knight: cap opening east
               "U 3,0 90",
               "E 3,-1 270 W",   // red knight: cap opening west
               "E 1,-2 90 E",    // blue knight: cap opening east, above red's first
               "R 2,-1 0"});     // joins red's two cities, still open to the north
  CHECK(g.supply(0) == 5);
  CHECK(g.supply(1) == 6);
  CHECK(g.score(0) == 0);
  // A corner city (N turned 180: city S and W) joins blue's city and closes everything.
  place(g, "N 2,-2 180");
  CHECK(g.check_meeple(loc("S")).reason == Illegal::FeatureOccupied);
  Events ev;
  REQUIRE(g.deploy(Location::None, &ev) == Status::Ok);
  CHECK(g.score(0) == 10);  // 5 tiles, no shield
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);
  CHECK(g.supply(1) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].tiles == 5);
  CHECK(s[0].winners == players_mask({0}));
  CHECK(s[0].meeples[0] == 2);
  CHECK(s[0].meeples[1] == 1);
}

TEST_CASE("Example 8: a completed city of 3 tiles with 1 shield scores 3x2 + 2 = 8") {
  Game g = new_game(2, "F E U");
  play(g, "F 0,-1 90 N");  // F turned 90: city N-S with a shield, on the start's city
  Events ev;
  play(g, "E 0,-2 180", &ev);
  CHECK(g.score(0) == 8);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].tiles == 3);
  CHECK(s[0].points == 8);
}

TEST_CASE("Example 9: end of game: incomplete city 3 + road 1 + monastery with 3 neighbours 4 = 8") {
  Game g = new_game(2, "A G B U N");
  Events ev;
  play_all(g, {"A 0,1 0 S",     // red thief: the road runs south into nothing (1 tile)
               "G 0,-1 90",     // city N-S on the start's city, no shield
               "B 1,1 0 C",     // red monk
               "U 1,0 90",      // the monk's third neighbour
               "N 0,-2 90 E"},  // red knight: city S and E, open to the east; last tile
           &ev);
  REQUIRE(g.over());
  CHECK(g.score(0) == 8);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 4);  // end-game scoring returns nothing
  int city = 0, road = 0, monastery = 0;
  for (const Event& e : scores(ev)) {
    CHECK(e.end_game);
    CHECK(e.winners == players_mask({0}));
    if (e.feature == FeatureKind::City) city += e.points;
    if (e.feature == FeatureKind::Road) road += e.points;
    if (e.feature == FeatureKind::Monastery) monastery += e.points;
  }
  CHECK(city == 3);
  CHECK(road == 1);
  CHECK(monastery == 4);
}

TEST_CASE("Example 10: a field touching two completed cities (one twice) and an open one scores 6") {
  Game g = new_game(2, "V E B E E E");
  // Red farmer on the big field of a curve east of the start: it joins the start tile's
  // northern field, which borders the start tile's city.
  place(g, "V 1,0 0");
  CHECK(meeple_options(g) == Strings{"S", "NNE", "SSW"});
  REQUIRE(g.deploy(loc("NNE")) == Status::Ok);
  play_all(g, {"E 0,-1 180",   // closes city X (start + cap); the cap's field borders X too
               "B 1,-1 0",     // joins the cap's field to the farmer's field: X touched twice
               "E 2,-1 90",    // city Y opens east, its field joins the farmer's field
               "E 3,-1 270",   // closes Y
               "E 1,-2 0"});   // city Z, open, on the farmer's field; last tile
  REQUIRE(g.over());
  CHECK(g.score(0) == 6);
  CHECK(g.score(1) == 0);
}

TEST_CASE("Example 11: with no meeple in supply, completing the own city skips deployment, 4 and 1 back") {
  Game g = new_game(1, "E B B B B A A E U");
  play_all(g, {"E 0,1 180 S", "B 1,1 0 C", "B -1,1 0 C", "B 2,1 0 C", "B -2,1 0 C", "A 3,1 0 C", "A -3,1 0 C"});
  REQUIRE(g.supply(0) == 0);
  place(g, "E 0,2 0");  // closes the knight's city
  CHECK(meeple_options(g).empty());
  CHECK(g.check_meeple(loc("ENE")).reason == Illegal::NoSupply);  // its field is free
  CHECK(g.check_meeple(loc("N")).reason == Illegal::FeatureOccupied);
  REQUIRE(g.deploy(Location::None) == Status::Ok);
  CHECK(g.score(0) == 4);
  CHECK(g.supply(0) == 1);
  CHECK_FALSE(g.over());
}

TEST_CASE("Example 12: a hole with two neighbours must match both; the tile turned 180 is rejected") {
  Game g = new_game(2, "V N D");
  play(g, "V 1,0 90");   // curve: road W (onto the start's road) and N
  play(g, "N 0,-1 90");  // corner city: S (onto the start's city) and E
  // The hole (1,-1) needs road on its south edge and city on its west edge.
  CHECK(g.check_placement(at(1, -1, 270)));  // D: road N-S, city W
  const Verdict v = g.check_placement(at(1, -1, 90));
  CHECK(v.reason == Illegal::Mismatch);
  CHECK(v.side == West);
  CHECK(v.want == Edge::City);
  CHECK(v.have == Edge::Field);
  CHECK(describe(v) == "the west edge is field but the neighbour there shows city");
  Verdict why;
  CHECK(g.play(move_of(g, "D 1,-1 90"), nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::Mismatch);
  CHECK(g.current_tile() == tile_from_letter('D'));
  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  int in_hole = 0;
  for (int i = 0; i < n; ++i)
    if (buf[i].x == 1 && buf[i].y == -1) {
      ++in_hole;
      CHECK(buf[i].rot == 3);
    }
  CHECK(in_hole == 1);
  play(g, "D 1,-1 270");
}

TEST_CASE("Example 13: a tile that fits nowhere leaves the game and the same player draws again") {
  Game g = new_game(2, "E A A C E");
  play(g, "E 0,-1 180");  // the start tile's city is capped
  play(g, "A 1,0 90");    // monastery roads close both ends of the start tile's road
  Events ev;
  play(g, "A -1,0 270", &ev);
  // Every open edge is now field.
  for (int i = 0; i < g.board().open_count(); ++i) {
    const uint8_t req = g.board().open(i).req;
    for (int s = 0; s < 4; ++s) {
      const int e = (req >> (2 * s)) & 3;
      CHECK((e == 0 || e == static_cast<int>(Edge::Field)));
    }
  }
  Placement buf[kMaxPlacements];
  CHECK(g.placements_for(tile_from_letter('C'), buf) == 0);
  CHECK(discards(ev) == 1);
  CHECK(ev.items[ev.count - 1].type == Event::Type::Discard);
  CHECK(ev.items[ev.count - 1].discarded == tile_from_letter('C'));
  CHECK(g.discarded(3));
  CHECK(g.discard_count() == 1);
  // Blue (still blue's turn) holds the next tile, a cap, which fits and must be placed.
  CHECK(g.current_player() == 1);
  CHECK(g.current_tile() == tile_from_letter('E'));
  CHECK_FALSE(g.discarded(4));
  CHECK(g.legal_placements(buf) > 0);
  CHECK(g.place(at(5, 5, 0)) == Status::IllegalMove);  // no way to get rid of it
  CHECK(g.current_tile() == tile_from_letter('E'));
  CHECK(g.tiles_in_pile() == 0);
  CHECK(g.board().tile_count() + g.discard_count() + 1 + g.tiles_in_pile() == 6);
}

TEST_CASE("Example 14: last turn: a knight completing a 3-tile 1-shield city scores 8; a farmer only 3") {
  Game g = new_game(2, "F E");
  play(g, "F 0,-1 90");  // city N-S with a shield on the start's city, nobody on it
  Game knight = g, farmer = g;
  play(knight, "E 0,-2 180 S");
  REQUIRE(knight.over());
  CHECK(knight.score(1) == 8);
  CHECK(knight.supply(1) == 7);
  play(farmer, "E 0,-2 180 NNE");  // the completed city scores nobody now
  REQUIRE(farmer.over());
  CHECK(farmer.score(1) == 3);
  CHECK(farmer.supply(1) == 6);
  CHECK(farmer.score(0) == 0);
}

TEST_CASE("Example 15: last tile a monastery with 3 neighbours: monk 4; farmer by one city touched twice 3") {
  Game g = new_game(2, "E U B");
  play(g, "E 0,-1 180");  // completed city X: start + cap
  play(g, "U 1,0 90");    // its northern field continues the start tile's field by X
  Game monk = g, farmer = g;
  play(monk, "B 1,-1 0 C");  // neighbours: the cap, the start tile, the road
  REQUIRE(monk.over());
  CHECK(monk.score(0) == 4);
  // The monastery's field touches X through the cap and through the start tile.
  play(farmer, "B 1,-1 0 NNE");
  REQUIRE(farmer.over());
  CHECK(farmer.score(0) == 3);
}

TEST_CASE("Example 16: a road loop completes without ends; a crossing's arms are separate roads") {
  SECTION("a loop of four curves") {
    Game g = new_game(2, "V V V V");
    place(g, "V 0,1 270");
    CHECK(meeple_options(g) == Strings{"E", "NNE", "ESE"});
    REQUIRE(g.deploy(loc("E")) == Status::Ok);
    play_all(g, {"V 1,1 0", "V 0,2 180"});
    CHECK(g.score(0) == 0);
    Events ev;
    play(g, "V 1,2 90", &ev);
    CHECK(g.score(0) == 4);
    CHECK(g.supply(0) == 7);
    const auto s = scores(ev);
    REQUIRE(s.size() == 1);
    CHECK(s[0].feature == FeatureKind::Road);
    CHECK(s[0].tiles == 4);
  }
  SECTION("a 3-way crossing") {
    Game g = new_game(2, "W X U");
    play(g, "W -1,0 0 S");  // red thief on the crossing's southern arm
    place(g, "X 1,0 0");
    // The eastern arm of W runs through the start tile into X: not occupied by red.
    CHECK(meeple_options(g) == Strings{"N", "E", "S", "W", "NNE", "ESE", "SSW", "WNW"});
    Events ev;
    REQUIRE(g.deploy(loc("W"), &ev) == Status::Ok);
    // That road ends at both crossings: W, start, X.
    CHECK(g.score(1) == 3);
    CHECK(g.score(0) == 0);
    CHECK(g.supply(0) == 6);
    CHECK(g.supply(1) == 7);
  }
}

TEST_CASE("Example 17: totals over 50 keep counting (58 beats 48); tied highest totals all win") {
  SECTION("58 beats 48") {
    // North: a 3x3 city above (0,-1) with 6 shields, red and blue knights joined in it:
    // 9 tiles + 6 shields = 30 each. South: six monasteries in a 5x4 block, three with red
    // monks and two with blue monks (9 each); red also has a thief on a 1-tile road.
    Game g = new_game(2, "D U U M M S S N N Q T C U U U U W U A B B B A B V V V V E E E E E");
    play_all(g, {"D 0,-1 180", "U -1,-1 90", "U 1,-1 90",
                 "M 1,-2 270 N",  // blue knight: right column
                 "M -1,-2 0 N",   // red knight: left column
                 "S 1,-3 270", "S -1,-3 90", "N 1,-4 180", "N -1,-4 90", "Q 0,-2 0", "T 0,-4 180"});
    CHECK(g.score(0) == 0);
    play(g, "C 0,-3 0");
    CHECK(g.score(0) == 30);
    CHECK(g.score(1) == 30);
    CHECK(g.leaders() == players_mask({0, 1}));
    play_all(g, {"U 0,1 90", "U -1,1 90", "U 1,1 90", "U 2,1 90",
                 "W 3,1 0 S",  // red thief: the crossing's southern arm, 1 tile, open
                 "U -2,1 90",
                 "A -1,2 90 C", "B -1,3 0 C", "B 0,2 0 C", "B 0,3 0 C", "A 1,2 270 C", "B 1,3 0",
                 "V -2,2 270", "V -2,3 90", "V 2,2 0", "V 2,3 180",
                 "E -2,4 270", "E -1,4 180", "E 0,4 180", "E 1,4 180", "E 2,4 90"});
    REQUIRE(g.over());
    CHECK(g.score(0) == 30 + 3 * 9 + 1);
    CHECK(g.score(1) == 30 + 2 * 9);
    CHECK(g.score(0) == 58);
    CHECK(g.score(1) == 48);
    CHECK(g.leaders() == players_mask({0}));
    CHECK(g.supply(0) == 6);
    CHECK(g.supply(1) == 7);
  }
  SECTION("a tie for the highest total") {
    // Example 6 with a third player who never scores, ending with the last tile.
    Game g = new_game(3, "U U U E E R");
    play_all(g, {"U 1,0 90", "U -1,0 90", "U 2,0 90", "E 1,-1 270 W", "E -1,-1 90 E", "R 0,-1 180"});
    REQUIRE(g.over());
    CHECK(g.score(0) == 8);
    CHECK(g.score(1) == 8);
    CHECK(g.score(2) == 0);
    CHECK(g.leaders() == players_mask({0, 1}));
  }
}
