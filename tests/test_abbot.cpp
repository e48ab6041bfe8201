// The Abbot (docs/expansions.md, "The Abbot"): every worked example, then the box and whole
// games. Base start tile D at (0,0), player 0 first.
#include "rules_helpers.hpp"

using namespace rules;

namespace {

Options abbot() {
  Options o;
  o.abbot = true;
  return o;
}

// The garden's neighbours of examples 2, 3, 5 and 7 (with D, the start tile).
const std::initializer_list<std::string_view> kAround = {"U -1,0 90", "U 1,0 90", "U -1,1 90", "U 1,1 90"};

}  // namespace

TEST_CASE("Abbot: the box holds 8 garden copies among the 72 base tiles", "[abbot]") {
  Game g(2, 3, abbot());
  const auto order = g.draw_order();
  REQUIRE(order.size() == 71u);
  int gardens = 0;
  for (TileType t : order) gardens += tiles::kDefs[t].set == tiles::raw::TileSet::Abbot;
  CHECK(gardens == 8);
  CHECK(std::count(order.begin(), order.end(), tile_from_letter('E')) == 4);
  CHECK(std::count(order.begin(), order.end(), tile_from_name("E_G")) == 1);
  for (int p = 0; p < 2; ++p) {
    CHECK(g.supply(p) == 7);
    CHECK(g.supply(p, Figure::Abbot) == 1);
  }
  Game plain(2, 3);
  CHECK(plain.supply(0, Figure::Abbot) == 0);
  for (TileType t : plain.draw_order()) CHECK(tiles::kDefs[t].set == tiles::raw::TileSet::Base);
}

TEST_CASE("Abbot example 1: an abbot on a garden, never a meeple", "[abbot][example]") {
  Game g = new_game(2, "U_G", abbot());
  CHECK(refusal(g, "U_G 0,1 90 A:C") == Illegal::None);
  CHECK(refusal(g, "U_G 0,1 90 C") == Illegal::GardenAbbotOnly);
  CHECK(refusal(g, "U_G 0,1 90 NNE") == Illegal::None);  // a farmer on the field round the garden
  CHECK(refusal(g, "U_G 0,1 90 A:N") == Illegal::AbbotCentreOnly);
  // The figure actions the tile offers: meeples on the road and both fields, the abbot.
  REQUIRE(g.place(at(0, 1, 90)) == Status::Ok);
  FigureChoice c[kMaxFigureOptions];
  const int n = g.figure_options(c);
  REQUIRE(n == 4);
  CHECK(c[3] == FigureChoice{Figure::Abbot, Location::C});
  for (int i = 0; i < 3; ++i) CHECK(c[i].figure == Figure::Meeple);
}

TEST_CASE("Abbot example 2: the garden completes", "[abbot][example]") {
  Game g = new_game(2, "U_G U U U U E E E", abbot());
  play(g, "U_G 0,1 90 A:C");
  play_all(g, kAround);
  play_all(g, {"E -1,2 180", "E 0,2 180"});
  CHECK(g.score(0) == 0);
  Events ev;
  play(g, "E 1,2 180", &ev);  // the 8th neighbour, placed by player 1
  CHECK(g.score(0) == 9);
  CHECK(g.supply(0, Figure::Abbot) == 1);
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].feature == FeatureKind::Garden);
  CHECK(s[0].points == 9);
  CHECK(s[0].winners == players_mask({0}));
  CHECK(s[0].x == 0);
  CHECK(s[0].y == 1);
  CHECK(s[0].location == Location::C);
  CHECK(g.meeples().empty());
}

TEST_CASE("Abbot example 3: recall, not adjacent", "[abbot][example]") {
  Game g = new_game(2, "U_G U U U E", abbot());
  play_all(g, {"U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -2,0 90"});
  Events ev;
  play(g, "E 0,-1 180 recall", &ev);
  CHECK(g.score(0) == 4);  // 1 + D and the two U beside it
  CHECK(g.score(1) == 0);
  CHECK(g.supply(0, Figure::Abbot) == 1);
  REQUIRE(ev.count == 1);  // the recall; D's city closes with E, without a knight: 0 points, no event
  CHECK(ev.items[0].type == Event::Type::Recall);
  CHECK(ev.items[0].feature == FeatureKind::Garden);
  CHECK(ev.items[0].points == 4);
  CHECK(ev.items[0].winners == players_mask({0}));
  FeatureInfo city;
  REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
  CHECK(city.completed);
  CHECK(city.tiles == 2);
}

TEST_CASE("Abbot example 4: recall, adjacent", "[abbot][example]") {
  Game g = new_game(2, "U_G U U U U", abbot());
  play_all(g, {"U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -2,0 90"});
  play(g, "U -1,1 90 recall");
  CHECK(g.score(0) == 5);  // the new U is a neighbour and counts
  const int i = g.board().tile_index_at(-1, 1);
  REQUIRE(i >= 0);
  CHECK(g.board().tile(i).meeple == Location::None);  // no figure goes onto that U
  CHECK(g.board().tile(i).figure == Figure::Recall);
}

TEST_CASE("Abbot example 5: no recall of a completed garden", "[abbot][example]") {
  Game g = new_game(1, "U_G U U U U E E E", abbot());
  play(g, "U_G 0,1 90 A:C");
  play_all(g, kAround);
  play_all(g, {"E -1,2 180", "E 0,2 180"});
  CHECK(refusal(g, "E 1,2 180 recall") == Illegal::AbbotComplete);
  play(g, "E 1,2 180");
  CHECK(g.score(0) == 9);
}

TEST_CASE("Abbot example 6: deploy and recall are exclusive", "[abbot][example]") {
  Game g = new_game(2, "U_G U U U U", abbot());
  // A turn that deploys the abbot cannot recall it: there is none on the board yet.
  CHECK(refusal(g, "U_G 0,1 90 recall") == Illegal::AbbotNotPlaced);
  TileType t;
  Move m;
  CHECK_FALSE(parse_move("U -1,1 90 recall NNE", t, m));  // one figure action per tile
  play_all(g, {"U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -2,0 90"});
  play(g, "U -1,1 90 recall");
  CHECK(g.meeples().empty());  // not even a farmer
}

TEST_CASE("Abbot example 7: end of the game", "[abbot][example]") {
  Game g = new_game(2, "U_G U U U U", abbot());
  play(g, "U_G 0,1 90 A:C");
  Events ev;
  for (std::string_view m : kAround) play(g, m, &ev);
  REQUIRE(g.over());
  CHECK(g.score(0) == 6);  // 1 + D and the four U
  const auto s = scores(ev);
  REQUIRE(s.size() == 1);
  CHECK(s[0].feature == FeatureKind::Garden);
  CHECK(s[0].end_game);
  CHECK(s[0].points == 6);
}

TEST_CASE("Abbot example 8: the abbot on a monastery, without meeples", "[abbot][example]") {
  // Player 0 (alone) spends all seven meeples, then draws a monastery: the box's four B are
  // taken by monks, so the abbot goes onto an A.
  Game g = new_game(1, "B B B B U U U A", abbot());
  play_all(g, {"B 0,1 0 C", "B 0,2 0 C", "B 0,3 0 C", "B 0,4 0 C", "U -1,0 90 W", "U 1,0 90 NNE", "U 2,0 90 SSW"});
  REQUIRE(g.supply(0) == 0);
  CHECK(refusal(g, "A 1,1 0 C") == Illegal::NoSupply);
  CHECK(refusal(g, "A 1,1 0 A:C") == Illegal::None);
  Events ev;
  play(g, "A 1,1 0 A:C", &ev);
  REQUIRE(g.over());
  // At the end: D, the U at (1,0) and (2,0), the B at (0,1) and (0,2) are its neighbours: 1 + 5.
  bool abbot_scored = false;
  for (const Event& e : scores(ev))
    if (e.x == 1 && e.y == 1) {
      abbot_scored = true;
      CHECK(e.feature == FeatureKind::Monastery);
      CHECK(e.points == 6);
    }
  CHECK(abbot_scored);
}

TEST_CASE("Abbot: garden copies play as their letter with the abbot off", "[abbot]") {
  CHECK_THROWS_AS(Game(2, tiles_of("U_G")), std::invalid_argument);  // not in the box without the abbot
  Game g = new_game(2, "U U", {});
  CHECK(refusal(g, "U 0,1 90 A:C") == Illegal::NotInGame);
  CHECK(refusal(g, "U 0,1 90 recall") == Illegal::NotInGame);
}

TEST_CASE("Abbot: random games with the abbot end with every figure accounted for", "[abbot]") {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Options o = abbot();
    o.river = seed % 2 == 0;
    Game g(1 + static_cast<int>(seed % 6), seed, o);
    Rng rng(seed);
    Events ev;
    g.playout(rng, &ev);
    REQUIRE(g.over());
    for (int p = 0; p < g.players(); ++p) {
      int on_board = 0, abbots = 0;
      for (const Meeple& m : g.meeples()) {
        on_board += m.player == p && m.kind == Figure::Meeple;
        abbots += m.player == p && m.kind == Figure::Abbot;
      }
      CHECK(g.supply(p) + on_board == 7);
      CHECK(g.supply(p, Figure::Abbot) + abbots == 1);
    }
  }
}
