// Inns & Cathedrals (docs/expansions.md, "Inns & Cathedrals"): every worked example, then
// the box and the rules around the large meeple. Base start tile D at (0,0), player 0 first.
#include "rules_helpers.hpp"

#include <algorithm>

#include "carcassonne/scoring.hpp"

using namespace rules;

namespace {

Options inns() {
  Options o;
  o.inns_and_cathedrals = true;
  return o;
}

}  // namespace

TEST_CASE("Inns & Cathedrals example 1: an inn road completed", "[inns][example]") {
  Game g = new_game(2, "IB A A", inns());
  play(g, "IB 1,0 0 E");  // player 0's thief on the road D-IB, with an inn
  play(g, "A 2,0 90");    // player 1: the road ends at this monastery
  Events ev;
  play(g, "A -1,0 270", &ev);  // player 0: and at this one
  const Event e = only_score(ev, FeatureKind::Road);
  CHECK(e.points == 8);
  CHECK(e.tiles == 4);
  CHECK(e.winners == players_mask({0}));
  CHECK_FALSE(e.end_game);
  CHECK(g.score(0) == 8);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);

  // Without the inn (a plain straight road instead of IB): 4.
  Game plain = new_game(2, "U A A", inns());
  play_all(plain, {"U 1,0 90 E", "A 2,0 90", "A -1,0 270"});
  CHECK(plain.score(0) == 4);
}

TEST_CASE("Inns & Cathedrals example 2: an inn road incomplete at the end", "[inns][example]") {
  Game g = new_game(2, "IB A", inns());
  play(g, "IB 1,0 0 E");
  Events ev;
  play(g, "A 2,0 90", &ev);
  REQUIRE(g.over());
  const Event e = only_score(ev, FeatureKind::Road);  // 3 tiles, open to the west
  CHECK(e.end_game);
  CHECK(e.points == 0);
  CHECK(e.tiles == 3);
  CHECK(g.score(0) == 0);

  // With a U instead of the IB: 3.
  Game plain = new_game(2, "U A", inns());
  play_all(plain, {"U 1,0 90 E", "A 2,0 90"});
  REQUIRE(plain.over());
  CHECK(plain.score(0) == 3);
}

TEST_CASE("Inns & Cathedrals example 3: a cathedral city completed", "[inns][example]") {
  Game g = new_game(2, "IK E E E", inns());
  play_all(g, {"IK 0,-1 0 N", "E 0,-2 180", "E 1,-1 270"});
  Events ev;
  play(g, "E -1,-1 90", &ev);  // player 1 closes it; player 0's knight holds it
  const Event e = only_score(ev, FeatureKind::City);
  CHECK_FALSE(e.end_game);
  CHECK(e.points == 15);  // IK, D and three caps, no shield: 3 x 5
  CHECK(e.tiles == 5);
  CHECK(e.winners == players_mask({0}));
  CHECK(g.score(0) == 15);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);

  // The same city without the cathedral is worth 10; the engine's table says so too.
  FeatureSize city{FeatureKind::City, 5, 0, 0, 0, 0};
  CHECK(value_completed(city, inns()) == 10);
  city.marks = tiles::kCathedral;
  CHECK(value_completed(city, inns()) == 15);
}

TEST_CASE("Inns & Cathedrals example 4: a cathedral city incomplete at the end", "[inns][example]") {
  Game g = new_game(2, "IK E E", inns());
  play_all(g, {"IK 0,-1 0 N", "E 0,-2 180"});
  Events ev;
  play(g, "E 1,-1 270", &ev);
  REQUIRE(g.over());
  const Event e = only_score(ev, FeatureKind::City);  // 4 tiles, open to the west
  CHECK(e.end_game);
  CHECK(e.points == 0);
  CHECK(e.tiles == 4);
  CHECK(g.score(0) == 0);

  FeatureSize city{FeatureKind::City, 4, 0, 0, 0, 0};
  CHECK(value_at_end(city, inns()) == 4);  // without the cathedral
  city.marks = tiles::kCathedral;
  CHECK(value_at_end(city, inns()) == 0);
}

TEST_CASE("Inns & Cathedrals example 5: the large meeple's majority", "[inns][example]") {
  Game g = new_game(2, "IK K N E E", inns());
  play(g, "IK 0,-1 0 L:N");  // player 0's large meeple
  CHECK(g.supply(0, Figure::Large) == 0);
  CHECK(g.supply(0) == 7);  // the large meeple is not one of the seven
  play(g, "K 1,0 0 N");      // player 1: a knight on a separate city north of K
  play(g, "N 1,-1 180");     // player 0 joins the two cities
  play(g, "E 0,-2 180");     // player 1
  Events ev;
  play(g, "E -1,-1 90", &ev);  // player 0 completes the 6-tile cathedral city
  const Event e = only_score(ev, FeatureKind::City);
  CHECK(e.points == 18);
  CHECK(e.tiles == 6);
  CHECK(e.winners == players_mask({0}));
  CHECK(e.meeples[0] == 2);
  CHECK(e.meeples[1] == 1);
  CHECK(g.score(0) == 18);
  CHECK(g.score(1) == 0);
  // Both figures come home.
  CHECK(g.supply(0, Figure::Large) == 1);
  CHECK(g.supply(1) == 7);
}

TEST_CASE("Inns & Cathedrals example 6: a large meeple ties two knights", "[inns][example]") {
  Game g = new_game(2, "IK K N J N E", inns());
  play_all(g, {"IK 0,-1 0 L:N", "K 1,0 0 N", "N 1,-1 180"});
  play(g, "J -1,0 0 N");  // player 1: a second knight, on a separate city
  play(g, "N -1,-1 90");  // player 0 joins it
  Events ev;
  play(g, "E 0,-2 180", &ev);  // player 1 completes the 7-tile cathedral city
  const Event e = only_score(ev, FeatureKind::City);
  CHECK(e.points == 21);
  CHECK(e.tiles == 7);
  CHECK(e.winners == players_mask({0, 1}));
  CHECK(e.meeples[0] == 2);
  CHECK(e.meeples[1] == 2);
  CHECK(g.score(0) == 21);
  CHECK(g.score(1) == 21);
  CHECK(g.supply(0, Figure::Large) == 1);
  CHECK(g.supply(1) == 7);
}

TEST_CASE("Inns & Cathedrals example 7: a large farmer", "[inns][example]") {
  Game g = new_game(2, "U V A E E", inns());
  play(g, "U 0,1 90 L:NNE");  // player 0: large farmer on D's southern field + U's northern field
  play(g, "V 1,1 0 SSW");     // player 1: farmer on the separate field south of the road
  play(g, "A -1,1 270");      // player 0: the road ends at the monastery, the fields join round it
  play(g, "E 0,2 180");       // player 1
  Events ev;
  play(g, "E 0,3 0", &ev);  // player 0 completes that 2-tile city, no knight; the last tile
  REQUIRE(g.over());
  const Event e = only_score(ev, FeatureKind::Field);
  CHECK(e.end_game);
  CHECK(e.points == 3);  // one completed city
  CHECK(e.winners == players_mask({0}));
  CHECK(e.meeples[0] == 2);
  CHECK(e.meeples[1] == 1);
  CHECK(g.score(0) == 3);
  CHECK(g.score(1) == 0);
}

TEST_CASE("Inns & Cathedrals example 8: the inn on a junction tile", "[inns][example]") {
  SECTION("the east arm has the inn") {
    Game g = new_game(2, "IC A", inns());
    play(g, "IC 0,1 0 E");
    Events ev;
    play(g, "A 1,1 90", &ev);
    const Event e = only_score(ev, FeatureKind::Road);
    CHECK_FALSE(e.end_game);
    CHECK(e.points == 4);  // 2 tiles x 2
    CHECK(e.tiles == 2);
    CHECK(g.score(0) == 4);
  }
  SECTION("the west arm has none") {
    Game g = new_game(2, "IC A", inns());
    play(g, "IC 0,1 0 W");
    Events ev;
    play(g, "A -1,1 270", &ev);
    const Event e = only_score(ev, FeatureKind::Road);
    CHECK_FALSE(e.end_game);
    CHECK(e.points == 2);
    CHECK(g.score(0) == 2);
  }
}

TEST_CASE("Inns & Cathedrals example 9: the inner field", "[inns][example]") {
  for (const char* move : {"IH 0,-1 0 CF", "IH 0,-1 0 L:CF"}) {
    INFO(move);
    Game g = new_game(2, "IH", inns());
    Events ev;
    play(g, move, &ev);  // IH's south city and D's city complete at once, without a knight
    REQUIRE(g.over());
    FeatureInfo city;
    REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
    CHECK(city.completed);
    CHECK(city.tiles == 2);
    CHECK(scores(ev).size() == 1u);  // the city scored nobody: no event for it
    const Event e = only_score(ev, FeatureKind::Field);
    CHECK(e.end_game);
    CHECK(e.points == 3);  // one completed city touched; the other three are open
    CHECK(e.winners == players_mask({0}));
    CHECK(g.score(0) == 3);
  }
}

TEST_CASE("Inns & Cathedrals: the box adds 18 tiles and one large meeple per player", "[inns]") {
  Game g(2, 5, inns());
  const auto order = g.draw_order();
  REQUIRE(order.size() == 71u + 18u);
  int added = 0, inn_tiles = 0, cathedral_tiles = 0;
  for (TileType t : order) {
    const tiles::TileDef& d = tiles::kDefs[t];
    if (d.set != tiles::raw::TileSet::InnsAndCathedrals) continue;
    ++added;
    bool inn = false, cathedral = false;
    for (int i = 0; i < d.nsegs; ++i) {
      inn = inn || (d.segs[i].kind == FeatureKind::Road && (d.segs[i].marks & tiles::kInn));
      cathedral = cathedral || (d.segs[i].kind == FeatureKind::City && (d.segs[i].marks & tiles::kCathedral));
    }
    inn_tiles += inn;
    cathedral_tiles += cathedral;
  }
  CHECK(added == 18);
  CHECK(inn_tiles == 6);
  CHECK(cathedral_tiles == 2);
  CHECK(std::count(order.begin(), order.end(), tile_from_name("IK")) == 2);
  for (int p = 0; p < 2; ++p) {
    CHECK(g.supply(p) == 7);
    CHECK(g.supply(p, Figure::Large) == 1);
  }
  // Without the option: no large meeple, no expansion tile, and L: names a figure not in the game.
  Game plain(2, 5);
  CHECK(plain.supply(0, Figure::Large) == 0);
  CHECK(plain.draw_order().size() == 71u);
  CHECK_THROWS_AS(Game(2, tiles_of("IB"), Options{}), std::invalid_argument);
  Game base = new_game(2, "U");
  CHECK(refusal(base, "U 1,0 90 L:E") == Illegal::NotInGame);
  // Six players, each with a large meeple.
  Game six(6, 5, inns());
  for (int p = 0; p < 6; ++p) CHECK(six.supply(p, Figure::Large) == 1);
  const OptionInfo* row = find_option("inns-and-cathedrals");
  REQUIRE(row != nullptr);
  CHECK(row->id == 6);
  CHECK(row->field == &Options::inns_and_cathedrals);
}

TEST_CASE("Inns & Cathedrals: the large meeple never goes on a garden", "[inns][abbot]") {
  Options o = inns();
  o.abbot = true;
  Game g = new_game(2, "IB", o);
  CHECK(refusal(g, "IB 1,0 0 L:C") == Illegal::GardenAbbotOnly);
  CHECK(refusal(g, "IB 1,0 0 C") == Illegal::GardenAbbotOnly);
  CHECK(refusal(g, "IB 1,0 0 A:C") == Illegal::None);
  CHECK(refusal(g, "IB 1,0 0 L:E") == Illegal::None);
  CHECK(refusal(g, "IB 1,0 0 L:NNE") == Illegal::None);  // a large farmer beside the garden
}

TEST_CASE("Inns & Cathedrals: the large meeple follows the meeple's rules", "[inns]") {
  Game g = new_game(2, "U U A", inns());
  play(g, "U 1,0 90 L:E");  // player 0's large thief on the road D-U
  CHECK(refusal(g, "U 2,0 90 L:E") == Illegal::FeatureOccupied);  // player 1's: the road is taken
  CHECK(refusal(g, "U 2,0 90 E") == Illegal::FeatureOccupied);
  play(g, "U 2,0 90");
  CHECK(refusal(g, "A 3,0 90 L:C") == Illegal::NoSupply);  // player 0's is on the road
  CHECK(refusal(g, "A 3,0 90 C") == Illegal::None);
  Options off = inns();
  off.farmers = false;
  Game f = new_game(2, "U", off);
  CHECK(refusal(f, "U 1,0 90 L:NNE") == Illegal::FarmersOff);
  CHECK(refusal(f, "U 1,0 90 L:E") == Illegal::None);
}

TEST_CASE("Inns & Cathedrals: two inns on one road count once", "[inns]") {
  Game g = new_game(2, "IB IA A A", inns());
  play(g, "IB 1,0 0 E");  // player 0's thief; an inn
  play(g, "IA 2,0 0");    // player 1: a second inn, the road turns south
  play(g, "A 2,1 180");   // player 0: the road ends at this monastery
  Events ev;
  play(g, "A -1,0 270", &ev);  // player 1 closes the west end
  const Event e = only_score(ev, FeatureKind::Road);
  CHECK(e.tiles == 5);
  CHECK(e.points == 10);  // 2 per tile, whatever the number of inns
  CHECK(g.score(0) == 10);
}
