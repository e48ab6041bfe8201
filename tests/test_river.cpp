// The River (docs/expansions.md, "The River"): every worked example, then the set-up, the
// draw order and whole games.
#include "rules_helpers.hpp"

using namespace rules;

namespace {

Options river() {
  Options o;
  o.river = true;
  return o;
}

// The reference layout L1 of the worked examples: bends left, right, left, right.
constexpr std::string_view kL1Order = "RD RG RK RE RC RJ RB RI RH RD RL";
const std::initializer_list<std::string_view> kL1 = {"RD 0,1 0",   "RG 0,2 90",  "RK 1,2 90", "RE 2,2 0",
                                                     "RC 2,3 90",  "RJ 2,4 270", "RB 3,4 0",  "RI 4,4 90",
                                                     "RH 4,5 90",  "RD 4,6 0",   "RL 4,7 0"};

}  // namespace

TEST_CASE("River set-up: the spring at the centre, the start tile out, the lake last", "[river]") {
  Game g(2, 42, river());
  REQUIRE(g.board().tile_count() == 1);
  CHECK(g.board().tile(0).type == tiles::kSpring);
  CHECK(g.board().tile(0).rot == 0);
  CHECK(g.tiles_in_pile() + 1 == 12 - 1 + 71);  // 10 river tiles and the lake, then 71 land tiles
  const auto order = g.draw_order();
  REQUIRE(order.size() == 82u);
  for (size_t i = 0; i < 11; ++i) CHECK(tiles::kDefs[order[i]].set == tiles::raw::TileSet::River);
  CHECK(order[10] == tiles::kLake);
  for (size_t i = 11; i < order.size(); ++i) CHECK_FALSE(tiles::kDefs[order[i]].set == tiles::raw::TileSet::River);
  CHECK(std::count(order.begin(), order.end(), kStartTile) == 3);  // D x3: the fourth goes back in the box
  CHECK(g.river_phase());
}

TEST_CASE("River example 1: continue the river", "[river][example]") {
  Game g = new_game(2, "RD RG", river());
  Placement legal[kMaxPlacements];
  REQUIRE(g.legal_placements(legal) == 1);  // rotation 180 is the same picture, listed once
  CHECK(legal[0] == at(0, 1, 0));
  CHECK(refusal(g, "RD 0,1 90") == Illegal::Mismatch);  // field against the spring's river
  const Verdict v = g.check_placement(at(0, 1, 90));
  CHECK(v.side == North);
  CHECK(v.want == Edge::River);
  CHECK(v.have == Edge::Field);
  // Every touching edge matches, but it does not continue the river.
  CHECK(refusal(g, "RD -1,0 0") == Illegal::RiverMustContinue);
  play(g, "RD 0,1 0");
}

TEST_CASE("River example 2: no U-turn", "[river][example]") {
  Game g = new_game(2, "RD RG RI", river());
  play_all(g, {"RD 0,1 0", "RG 0,2 90"});  // a left bend: the river now flows east
  CHECK(refusal(g, "RI 1,2 180") == Illegal::RiverUTurn);  // a second left bend directly after the first
  CHECK(refusal(g, "RI 1,2 90") == Illegal::None);         // a right bend
  Placement legal[kMaxPlacements];
  REQUIRE(g.legal_placements(legal) == 1);
  CHECK(legal[0] == at(1, 2, 90));
}

TEST_CASE("River example 3: a straight between two same-way bends", "[river][example]") {
  Game g = new_game(2, "RD RG RK RJ", river());
  play_all(g, {"RD 0,1 0", "RG 0,2 90", "RK 1,2 90"});
  CHECK(refusal(g, "RJ 2,2 180") == Illegal::None);  // left again, with a straight between
  play(g, "RJ 2,2 180");
}

TEST_CASE("River example 4: a complete river, then the land tiles", "[river][example]") {
  Game g = new_game(2, std::string(kL1Order) + " A", river());
  for (std::string_view m : kL1) {
    INFO(m);
    CHECK(refusal(g, m) == Illegal::None);
    play(g, m);
  }
  int x = 0, y = 0;
  Side entry = North;
  CHECK_FALSE(g.river_open(x, y, entry));  // no open end
  CHECK_FALSE(g.river_phase());
  CHECK(g.current_player() == 1);
  CHECK(g.current_tile() == tile_from_letter('A'));
  CHECK(g.board().tile_count() == 12);
}

TEST_CASE("River: a whole base + River game places 83 tiles", "[river][example]") {
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    Game g(2, seed, river());
    Rng rng(seed);
    Events ev;
    g.playout(rng, &ev, Future::AsDealt);
    REQUIRE(g.over());
    CHECK(g.board().tile_count() + g.discard_count() == 83);
  }
}

TEST_CASE("River example 5: knights on river tiles, closed by a land tile", "[river][example]") {
  Game g = new_game(2, std::string(kL1Order) + " I", river());
  const std::vector<std::string_view> l1(kL1);
  for (size_t i = 0; i < l1.size(); ++i) {
    std::string m(l1[i]);
    if (i == 4) m += " E";  // RC 2,3 90 E: a knight on RC's east city (player 0's 5th placement)
    if (i == 6) m += " N";  // RB 3,4 0 N: a knight on RB's city
    play(g, m);
  }
  REQUIRE(g.current_player() == 1);
  CHECK(fit_refusal(g, "E", 3, 3, 270) == Illegal::Mismatch);  // its south edge is field, RB's north is city
  CHECK(g.supply(0) == 5);
  Events ev;
  play(g, "I 3,3 270", &ev);
  const auto s = scores(ev);
  REQUIRE(s.size() == 2);
  for (const Event& e : s) {
    CHECK(e.feature == FeatureKind::City);
    CHECK(e.points == 4);
    CHECK(e.winners == players_mask({0}));
  }
  CHECK(g.score(0) == 8);
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0) == 7);
}

TEST_CASE("River example 6: a road over the river", "[river][example]") {
  Game g = new_game(2, std::string(kL1Order) + " A L", river());
  const std::vector<std::string_view> l1(kL1);
  for (size_t i = 0; i < l1.size(); ++i) {
    if (i == 2) {
      CHECK(refusal(g, "RK 1,2 90 W") == Illegal::NoSuchFeature);  // W names the river
      play(g, "RK 1,2 90 N");  // a thief on the road that crosses the river north to south
    } else {
      play(g, l1[i]);
    }
  }
  play(g, "A 1,1 0");
  Events ev;
  play(g, "L 1,3 90", &ev);
  CHECK(g.score(0) == 3);
  bool road = false, city = false;
  for (const Event& e : scores(ev)) {
    if (e.feature == FeatureKind::Road) {
      road = true;
      CHECK(e.points == 3);
      CHECK(e.tiles == 3);
      CHECK(e.winners == players_mask({0}));
    }
    city = city || e.feature == FeatureKind::City;
  }
  CHECK(road);
  CHECK_FALSE(city);  // RC's west city completes with L, without a knight: no event, 0 points
  FeatureInfo info;
  REQUIRE(inspect_feature(g, 2, 3, Location::W, info) == Status::Ok);
  CHECK(info.completed);
  CHECK(info.tiles == 2);
}

TEST_CASE("River example 7: the lake's monastery", "[river][example]") {
  Game g = new_game(2, kL1Order, river());
  const std::vector<std::string_view> l1(kL1);
  for (size_t i = 0; i + 1 < l1.size(); ++i) play(g, l1[i]);
  play(g, "RL 4,7 0 C");  // a monk on the lake's monastery
  REQUIRE(g.over());      // nothing follows the river in this order: the game ends at once
  CHECK(g.score(0) == 2);  // 1 + RD at (4,6), its only neighbour
}

TEST_CASE("River example 8: a river tile that fits nowhere", "[river][example]") {
  Game g = new_game(2, "RG RK RJ RD RE RC RD RH RB RI RL", river());
  play_all(g, {"RG 0,1 90", "RK 1,1 90", "RJ 2,1 180", "RD 2,0 0", "RE 2,-1 0", "RC 1,-1 0"});
  int x = 0, y = 0;
  Side entry = North;
  REQUIRE(g.river_open(x, y, entry));
  CHECK(x == 0);
  CHECK(y == -1);
  CHECK(entry == East);
  // Player 0 drew RD next: it fits nowhere, leaves the game, and player 0 draws again.
  CHECK(g.current_player() == 0);
  CHECK(g.current_tile() == tile_from_name("RH"));
  CHECK(g.discard_count() == 1);
  CHECK(g.discarded(6));
  CHECK(refusal(g, "RH 0,-1 0") == Illegal::None);  // its south road joins the spring's road
  play(g, "RH 0,-1 0");
}

TEST_CASE("River example 8: the discard is an event", "[river][example]") {
  Game g = new_game(2, "RG RK RJ RD RE RC RD RH RL", river());
  play_all(g, {"RG 0,1 90", "RK 1,1 90", "RJ 2,1 180", "RD 2,0 0", "RE 2,-1 0"});
  Events ev;
  play(g, "RC 1,-1 0", &ev);
  REQUIRE(discards(ev) == 1);
  for (int i = 0; i < ev.count; ++i)
    if (ev.items[i].type == Event::Type::Discard) {
      CHECK(ev.items[i].discarded == tile_from_name("RD"));
      CHECK(ev.items[i].tile == kNoTile);
    }
}

TEST_CASE("River example 9: river and abbot", "[river][abbot][example]") {
  Options o = river();
  o.abbot = true;
  Game g = new_game(2, kL1Order, o);
  const std::vector<std::string_view> l1(kL1);
  for (size_t i = 0; i < 5; ++i) play(g, l1[i]);
  REQUIRE(g.current_player() == 1);
  play(g, "RJ 2,4 270 A:C");  // the abbot on RJ's garden
  CHECK(g.supply(1, Figure::Abbot) == 0);
  CHECK(g.final_scores_now()[1] == 2);  // 1 + RC, its only neighbour
  play(g, "RB 3,4 0");
  CHECK(g.final_scores_now()[1] == 3);  // 1 + 2
  // With the abbot off the same move is refused: there is no abbot.
  Game plain = new_game(2, kL1Order, river());
  for (size_t i = 0; i < 5; ++i) play(plain, l1[i]);
  CHECK(refusal(plain, "RJ 2,4 270 A:C") == Illegal::NotInGame);
  CHECK(refusal(plain, "RJ 2,4 270 C") == Illegal::NoSuchFeature);  // a garden without the abbot is decoration
}

TEST_CASE("River example 10: the spring's fields", "[river][example]") {
  Game g = new_game(2, std::string(kL1Order) + " V", river());
  play_all(g, kL1);
  CHECK(refusal(g, "V 1,0 0 WNW") == Illegal::None);
  play(g, "V 1,0 0 WNW");
  // V's large field and the spring's north-east corner are one field; V's small field lies
  // on the spring's south-east corner; road and river keep the spring's three fields apart.
  CHECK(feature_at(g, 1, 0, "WNW") == feature_at(g, 0, 0, "NNE"));
  CHECK(feature_at(g, 1, 0, "WSW") == feature_at(g, 0, 0, "SSE"));
  CHECK(feature_at(g, 0, 0, "NNE") != feature_at(g, 0, 0, "SSE"));
  CHECK(feature_at(g, 0, 0, "SSE") != feature_at(g, 0, 0, "WSW"));
  CHECK(feature_at(g, 0, 0, "NNE") != feature_at(g, 0, 0, "WSW"));
}

TEST_CASE("River: land tiles never go against the river's open end", "[river]") {
  // The lake fits nowhere here, so the river stays open for good; the land tiles follow.
  Game g = new_game(2, "RG RK RJ RD RE RC RL U", river());
  play_all(g, {"RG 0,1 90", "RK 1,1 90", "RJ 2,1 180", "RD 2,0 0", "RE 2,-1 0", "RC 1,-1 0"});
  int x = 0, y = 0;
  Side entry = North;
  REQUIRE(g.river_open(x, y, entry));
  CHECK_FALSE(g.river_phase());
  CHECK(g.current_tile() == tile_from_letter('U'));
  CHECK(g.discarded(6));  // the lake
  for (int r = 0; r < 4; ++r) CHECK(g.check_placement(at(x, y, 90 * r)).reason == Illegal::Mismatch);
  Placement legal[kMaxPlacements];
  const int n = g.legal_placements(legal);
  for (int i = 0; i < n; ++i) CHECK_FALSE((legal[i].x == x && legal[i].y == y));
}

TEST_CASE("River: draws with the river come from the river stack, the lake last", "[river][chance]") {
  Game g(2, CallerDraws{}, river());
  REQUIRE(g.phase() == Phase::Draw);
  Verdict why;
  CHECK(g.draw(tile_from_letter('E'), nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::RiverFirst);
  CHECK(g.draw(tiles::kLake, nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::LakeLast);
  CHECK(g.draw(tile_from_name("RD")) == Status::Ok);
  CHECK(g.current_tile() == tile_from_name("RD"));
  // The odds of the next draw: the river's face-down tiles, the lake not yet.
  std::array<double, kTileTypes> p{};
  next_tile_probabilities(g, p);
  CHECK(p[tiles::kLake] == 0.0);
  CHECK(p[tile_from_letter('E')] == 0.0);
  CHECK(p[tile_from_name("RD")] == Approx(1.0 / 9));
}

TEST_CASE("River: an order puts the river tiles first and the lake last of them", "[river][chance]") {
  CHECK_THROWS_AS(Game(2, tiles_of("RD E RG"), river()), std::invalid_argument);
  CHECK_THROWS_AS(Game(2, tiles_of("RL RD"), river()), std::invalid_argument);
  CHECK_THROWS_AS(Game(2, tiles_of("RA"), river()), std::invalid_argument);  // the spring is placed at set-up
  CHECK_THROWS_AS(Game(2, tiles_of("RD")), std::invalid_argument);           // no river in this box
  CHECK_NOTHROW(Game(2, tiles_of("RD RL E"), river()));
}

TEST_CASE("River: a re-deal keeps the river first and the lake last", "[river][chance]") {
  Game g(3, 9, river());
  Rng rng(5);
  for (int k = 0; k < 20; ++k) {
    Game copy = g;
    copy.redeal(rng);
    const auto order = copy.draw_order();
    for (size_t i = 0; i < 11; ++i) REQUIRE(tiles::kDefs[order[i]].set == tiles::raw::TileSet::River);
    REQUIRE(order[10] == tiles::kLake);
    REQUIRE(same_public_state(copy, g));
  }
}
