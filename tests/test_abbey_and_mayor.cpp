// Abbey & Mayor (the contract's "Worked examples"): every worked example, one test case each,
// its variants as sections. Base start tile D at (0,0), farmers on, two players unless stated,
// player 0 first; each player holds 7 meeples, an abbey, a mayor, a wagon and a barn. A line
// is a record line: a tile line (a whole move), 'abbey x,y [figure action]' (the abbey
// decision, then the figure step), or an expansion decision ('wagon 0,0 N', 'abbey pass',
// 'pass'). Every refusal an example names is asserted with its reason and changes nothing.
// Each example ends with a record round trip. A tile after the example's last one keeps the
// game going, unless the example plays its stack to the end.
#include "rules_helpers.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/decision.hpp"
#include "carcassonne/history.hpp"
#include "carcassonne/record.hpp"
#include "carcassonne/svg.hpp"
#include "carcassonne/text_render.hpp"

using namespace rules;

namespace {

Options am(bool farmers = true) {
  Options o;
  o.abbey_and_mayor = true;
  o.farmers = farmers;
  return o;
}

Options am_with(bool Options::*expansion) {
  Options o = am();
  o.*expansion = true;
  return o;
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> w;
  size_t i = 0;
  while (i < text.size()) {
    const size_t j = std::min(text.find(' ', i), text.size());
    if (j > i) w.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return w;
}

// Takes one record line, which must be legal.
void line(Game& g, std::string_view text, Events* events = nullptr) {
  INFO("line '" << text << "'");
  const std::vector<std::string_view> w = words_of(text);
  REQUIRE(!w.empty());
  if (w[0] == "abbey" && w.size() >= 2 && w[1] != "pass") {
    decide_text(g, std::string(w[0]) + " " + std::string(w[1]), events);
    REQUIRE(g.phase() == Phase::PlaceMeeple);
    REQUIRE(g.current_tile() == tiles::kAbbey);
    FigureChoice f;
    if (w.size() == 3) REQUIRE(parse_figure_action(w[2], f));
    Verdict v;
    const Status s = g.act(f, events, &v);
    INFO(describe(v));
    REQUIRE(s == Status::Ok);
    return;
  }
  if (tile_from_name(w[0]) != kNoTile) {
    if (Choice c; g.phase() == Phase::Decide && implied_choice(g, c)) REQUIRE(decide(g, c, events) == Status::Ok);
    play(g, text, events);
    return;
  }
  decide_text(g, text, events);
}

void lines(Game& g, std::initializer_list<std::string_view> texts, Events* events = nullptr) {
  for (const std::string_view t : texts) line(g, t, events);
}

// The decision before the draw is due to `player`, with these abbey squares (and the draw).
void check_abbey_due(const Game& g, int player, const std::vector<std::string>& options) {
  check_options(g, DecisionKind::Abbey, player, options);
}

// The abbey decision's option at (x, y) is refused for `reason` and changes nothing.
void check_abbey_refused(const Game& g, int x, int y, Illegal reason) {
  Choice c{DecisionKind::Abbey, tiles::kAbbey, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0}, {}, 2};
  check_refused_choice(g, c, reason);
}

// A whole move refused for `reason`, the game unchanged.
void check_move_refused(const Game& g, std::string_view text, Illegal reason) {
  INFO("move '" << text << "'");
  Game trial = g;
  if (Choice c; trial.phase() == Phase::Decide && implied_choice(trial, c)) REQUIRE(decide(trial, c) == Status::Ok);
  CHECK(refusal(trial, text) == reason);
}

// Not placing the abbey is no decision where no hole is open: an 'abbey' line is not due.
void check_no_abbey_decision(const Game& g) {
  CHECK(g.phase() != Phase::Decide);
  Choice c;
  std::string error;
  if (parse_choice(g, "abbey 1,-1", c, &error)) CHECK(check_choice(g, c).reason == Illegal::WrongPhase);
}

const std::initializer_list<std::string_view> kExample1 = {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N",
                                                           "N 2,-2 180", "N 1,-2 90"};

}  // namespace

TEST_CASE("Abbey & Mayor set-up: 12 land tiles in the pile, an abbey, a mayor, a wagon and (farmers on) a barn each") {
  int tiles = 0;
  for (int t = 0; t < kTileTypes; ++t) tiles += box_count(am(), static_cast<TileType>(t));
  CHECK(tiles == 71 + 12);
  CHECK(box_count(am(), tiles::kAbbey) == 0);
  for (int players = 1; players <= kMaxPlayers; ++players) {
    const Game g(players, uint64_t{3}, am());
    for (int p = 0; p < players; ++p) {
      CHECK(g.holds_abbey(p));
      CHECK(g.supply(p, Figure::Mayor) == 1);
      CHECK(g.supply(p, Figure::Wagon) == 1);
      CHECK(g.supply(p, Figure::Barn) == 1);
    }
    CHECK_FALSE(g.holds_abbey(players));
  }
  const Game off(3, uint64_t{3}, am(false));
  for (int p = 0; p < 3; ++p) CHECK(off.supply(p, Figure::Barn) == 0);
  const Game base(2, uint64_t{3});
  CHECK_FALSE(base.holds_abbey(0));
  CHECK(base.supply(0, Figure::Mayor) == 0);
}

TEST_CASE("Abbey & Mayor tiles: the roundabout MM is one road, complete when all three arms are closed") {
  // MM at (1,0) turned so its arms point W (to D's road), N and S; each arm closed in turn.
  Game g = new_game(2, "MM A A E", am());
  line(g, "MM 1,0 90 W");  // arms E W N at 90; the W arm joins D's road, which is open at D's west end
  const SegId road = feature_at(g, 1, 0, "W");
  CHECK(g.features().root_counters(road).open == 3);
  line(g, "A 2,0 90");    // closes the east arm at a monastery
  line(g, "A 1,-1 0");    // closes the north arm
  CHECK(g.features().root_counters(feature_at(g, 1, 0, "W")).open == 1);  // D's west end is still open
  check_scores(g, {0, 0});
}

TEST_CASE("Move text: the abbey is placed without a rotation ('abbey x,y', or its id MA and 0)") {
  carc::TileType t = carc::kNoTile;
  carc::Move m;
  REQUIRE(carc::parse_move("abbey 1,-1 C", t, m));
  CHECK(t == carc::tiles::kAbbey);
  CHECK(m.at == carc::Placement{1, -1, 0});
  CHECK(carc::format_move(t, m) == "abbey 1,-1 C");
  carc::Move same;
  REQUIRE(carc::parse_move("MA 1,-1 0 C", t, same));
  CHECK(same == m);
  for (const char* turned : {"MA 1,-1 90", "MA 1,-1 180 C", "MA 1,-1 270"}) {
    INFO(turned);
    std::string error;
    CHECK_FALSE(carc::parse_move(turned, t, m, &error));
    CHECK(error.find("the abbey has no rotation") == 0);
  }
}

TEST_CASE("A&M example 1: an abbey closes three cities; a monk on the abbey") {
  Game g = new_game(2, "D P U N N N V E", am());
  lines(g, kExample1);
  // (1,-1) is now a hole, the only one: player 0 decides before the draw.
  check_abbey_due(g, 0, {"abbey 1,-1", "take"});
  Events ev;
  line(g, "abbey 1,-1 C", &ev);
  check_scores(g, {2, 10});
  check_meeples(g, {6, 7});
  CHECK_FALSE(g.holds_abbey(0));
  CHECK(g.holds_abbey(1));
  const std::vector<Event> cities = scores(ev);
  REQUIRE(cities.size() == 3u);
  std::vector<int> points;
  for (const Event& e : cities) points.push_back(e.points);
  std::sort(points.begin(), points.end());
  CHECK(points == std::vector<int>{2, 4, 6});
  CHECK(events_of(ev, Event::Type::AbbeyPlaced).size() == 1u);
  CHECK(g.board().neighbours8(1, -1) == 7);
  ev.clear();
  line(g, "V 0,-2 0", &ev);  // the 8th neighbour
  check_scores(g, {11, 10});
  check_meeples(g, {7, 7});
  CHECK(only_score(ev, FeatureKind::Monastery).points == 9);
  check_round_trip(g);
}

TEST_CASE("A&M example 2: where an abbey may go") {
  Game g = new_game(2, "D P U N N N V E", am());
  lines(g, {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180"});
  // (1,-1) has three neighbours (the north one is missing): no hole, no abbey decision.
  check_no_abbey_decision(g);
  line(g, "N 1,-2 90");
  check_abbey_due(g, 0, {"abbey 1,-1", "take"});
  check_abbey_refused(g, 3, 0, Illegal::NotAHole);   // one neighbour
  check_abbey_refused(g, 1, 0, Illegal::Occupied);
  // No mayor on an abbey: the abbey goes down, the mayor's action is refused.
  {
    Game trial = g;
    decide_text(trial, "abbey 1,-1");
    CHECK(trial.check_figure(Figure::Mayor, Location::C).reason == Illegal::MayorCityOnly);
    CHECK(trial.check_figure(Figure::Barn, Location::NNW).reason == Illegal::BarnCorner);
    CHECK(trial.check_figure(Figure::Builder, Location::C).reason == Illegal::NotInGame);
    // The abbey's figure options: a monk or the wagon.
    FigureBuffer opts;
    const int n = trial.figure_options(opts);
    std::vector<std::string> texts;
    for (int i = 0; i < n; ++i) texts.push_back(choice_text(Choice{DecisionKind::Figure, kNoTile, {}, opts[i]}));
    CHECK(texts == std::vector<std::string>{"C", "W:C"});
  }
  line(g, "abbey 1,-1 W:C");
  check_scores(g, {2, 10});
  CHECK(g.supply(0, Figure::Wagon) == 0);
  CHECK_FALSE(g.holds_abbey(0));
  check_no_abbey_decision(g);  // player 1: no hole is left
  check_round_trip(g);
}

TEST_CASE("A&M example 3: the final abbey round, a seat skipped") {
  Game g = new_game(3, "D P U N N N", am());
  lines(g, {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270", "N 2,-2 180 S"});
  Events ev;
  line(g, "N 1,-2 90", &ev);  // the last land tile: the final round, seats 0, 1, 2
  const std::vector<Event> round = events_of(ev, Event::Type::FinalAbbeyRound);
  REQUIRE(round.size() == 1u);
  CHECK(round[0].winners == players_mask({2}));
  check_options(g, DecisionKind::Abbey, 0, {"abbey 1,-1", "abbey pass"});
  line(g, "abbey pass");
  check_options(g, DecisionKind::Abbey, 1, {"abbey 1,-1", "abbey pass"});
  line(g, "abbey 1,-1 C");
  // Player 2 still holds an abbey but no hole is left: skipped. The final scoring follows.
  REQUIRE(g.over());
  CHECK(g.holds_abbey(2));
  CHECK(g.banked_score(0) == 2);
  CHECK(g.banked_score(1) == 10);
  CHECK(g.banked_score(2) == 0);
  check_scores(g, {2, 18, 0});
  check_round_trip(g);
  // The record says the round's lines where the rules put them.
  const std::string text = save_record(g);
  CHECK(text.find("\nabbey pass") != std::string::npos);
  CHECK(text.find("\nabbey 1,-1 C") != std::string::npos);
}

TEST_CASE("A&M example 4: a mayor with two shields beats a knight") {
  SECTION("completed") {
    Game g = new_game(2, "MD K N E E A", am());
    lines(g, {"MD 0,-1 0 N", "K 1,0 0 M:N", "N 1,-1 180", "E 0,-2 180"});
    Events ev;
    line(g, "E -1,-1 90", &ev);
    const Event city = only_score(ev, FeatureKind::City);
    CHECK(city.points == 16);
    CHECK(city.tiles == 6);
    CHECK(city.winners == players_mask({1}));
    CHECK(city.meeples[0] == 1);
    CHECK(city.meeples[1] == 2);
    check_scores(g, {0, 16});
    check_meeples(g, {7, 7});
    CHECK(g.supply(1, Figure::Mayor) == 1);
    check_round_trip(g);
  }
  SECTION("4b: the game ends with the city open") {
    Game g = new_game(2, "MD K N E", am());
    lines(g, {"MD 0,-1 0 N", "K 1,0 0 M:N", "N 1,-1 180", "E 0,-2 180"});
    REQUIRE(g.over());
    check_scores(g, {0, 7});
    check_round_trip(g);
  }
}

TEST_CASE("A&M example 5: a mayor without shields has strength 0") {
  SECTION("a knight wins") {
    Game g = new_game(2, "N K N A", am());
    lines(g, {"N 0,-1 90 E", "K 1,0 0 M:N"});
    Events ev;
    line(g, "N 1,-1 180", &ev);
    const Event city = only_score(ev, FeatureKind::City);
    CHECK(city.points == 8);
    CHECK(city.winners == players_mask({0}));
    check_scores(g, {8, 0});
    CHECK(g.supply(1, Figure::Mayor) == 1);
  }
  SECTION("5b: only the mayor, nobody scores") {
    Game g = new_game(1, "E A", am());
    Events ev;
    line(g, "E 0,-1 180 M:S", &ev);
    CHECK(scores(ev).empty());
    check_scores(g, {0});
    CHECK(g.supply(0, Figure::Mayor) == 1);
    check_round_trip(g);
  }
}

TEST_CASE("A&M example 6: the owner moves the wagon after another player's tile") {
  Game g = new_game(2, "U A B A B E V", am());
  lines(g, {"U 1,0 90 W:E", "A -1,0 270", "B 0,1 0 C"});
  Events ev;
  line(g, "A 2,0 90", &ev);
  check_scores(g, {4, 0});
  CHECK(events_of(ev, Event::Type::WagonDue).size() == 1u);
  check_options(g, DecisionKind::Wagon, 0, {"wagon 0,0 N", "wagon 2,0 C", "wagon stay"});
  line(g, "wagon 0,0 N");
  CHECK(g.current_player() == 0);  // the next line is player 0's turn
  CHECK(g.supply(0, Figure::Wagon) == 0);
  line(g, "B 3,0 0");
  line(g, "E 0,-1 180", &ev);
  check_scores(g, {8, 0});
  check_options(g, DecisionKind::Wagon, 0, {"wagon -1,0 C", "wagon stay"});
  line(g, "wagon stay");
  CHECK(g.current_player() == 0);
  CHECK(g.supply(0, Figure::Wagon) == 1);
  check_round_trip(g);
}

TEST_CASE("A&M example 7: two wagons, the current player first") {
  Game g = new_game(2, "U A B V A W E", am());
  lines(g, {"U 1,0 90 W:E", "A -1,0 270", "B 1,1 0", "V 2,1 180 W:N", "A 3,1 90"});
  line(g, "W 2,0 0");
  check_scores(g, {4, 3});
  check_options(g, DecisionKind::Wagon, 1, {"wagon 1,1 C", "wagon 2,0 E", "wagon 3,1 C", "wagon stay"});
  line(g, "wagon 1,1 C");
  check_options(g, DecisionKind::Wagon, 0, {"wagon 0,0 N", "wagon 2,0 E", "wagon stay"});
  line(g, "wagon 2,0 E");
  check_scores(g, {4, 3});
  CHECK(g.supply(0, Figure::Wagon) == 0);
  CHECK(g.supply(1, Figure::Wagon) == 0);
  CHECK(g.current_player() == 0);
  CHECK(g.phase() == Phase::PlaceTile);
  check_round_trip(g);
}

TEST_CASE("A&M example 8: no target, no line") {
  SECTION("the only road is occupied, the city complete") {
    Game g = new_game(2, "U E U A", am());
    line(g, "U 1,0 90 E");
    Events ev;
    line(g, "E 0,-1 180 W:S", &ev);
    check_scores(g, {0, 4});
    CHECK(events_of(ev, Event::Type::WagonDue).empty());
    CHECK(g.phase() == Phase::PlaceTile);
    CHECK(g.current_player() == 0);
    CHECK(g.supply(1, Figure::Wagon) == 1);
    line(g, "U 2,0 90");
  }
  SECTION("8b: one target, still a line") {
    Game g = new_game(2, "E U A", am());
    line(g, "E 0,-1 180 W:S");
    check_scores(g, {4, 0});
    check_options(g, DecisionKind::Wagon, 0, {"wagon 0,0 E", "wagon stay"});
    line(g, "wagon stay");
    CHECK(g.current_player() == 1);
    check_round_trip(g);
  }
}

TEST_CASE("A&M example 9: a barn placed: 3 per city now, 4 per city at the end") {
  Game g = new_game(2, "E E E E E B MI", am());
  lines(g, {"E 0,-1 180", "E 0,-2 0 ENE", "E 0,-3 180", "E 1,-2 0"});
  Events ev;
  line(g, "E 1,-1 90 N:NW", &ev);
  const std::vector<Event> placed = events_of(ev, Event::Type::BarnPlaced);
  REQUIRE(placed.size() == 1u);
  CHECK(placed[0].points == 6);
  CHECK(placed[0].tiles == 2);
  CHECK(placed[0].winners == players_mask({1}));
  CHECK(events_of(ev, Event::Type::BarnHome).size() == 1u);
  check_scores(g, {0, 6});
  check_meeples(g, {7, 7});
  CHECK(g.supply(0, Figure::Barn) == 0);
  int x = 0, y = 0, owner = -1;
  REQUIRE(g.barn(0, x, y, owner));
  CHECK((x == 1 && y == -1 && owner == 0));
  check_move_refused(g, "B 2,-2 0 NNE", Illegal::BarnField);
  line(g, "B 2,-2 0 C");
  ev.clear();
  line(g, "MI 1,-3 270", &ev);  // the last land tile
  REQUIRE(g.over());
  check_scores(g, {12, 10});
  const std::vector<Event> final_barn = events_of(ev, Event::Type::BarnFinal);
  REQUIRE(final_barn.size() == 1u);
  CHECK(final_barn[0].points == 12);
  check_round_trip(g);
}

TEST_CASE("A&M pictures: the barn on its corner point, in the SVG and the text picture") {
  Game g = new_game(2, "E E E E E B MI", am());
  lines(g, {"E 0,-1 180", "E 0,-2 0 ENE", "E 0,-3 180", "E 1,-2 0", "E 1,-1 90 N:NW"});
  const std::string svg = render_svg(g);
  CHECK(svg.find("<g class=\"corner-figure\" data-x=\"1\" data-y=\"-1\"><path class=\"meeple barn\" data-player=\"0\" "
                 "data-figure=\"barn\"") != std::string::npos);
  // The point (1,-1) is the north-west corner of square (1,-1): its owner there, 'N' just west.
  TextOptions o;
  o.coordinates = false;
  const std::string text = render_text(g, o);
  std::vector<std::string> rows;
  for (size_t i = 0; i < text.size();) {
    const size_t j = text.find('\n', i);
    rows.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  // Squares x 0..1, y -3..0 (three rows each): square (1,-1)'s first row is row 6, its
  // first column 5.
  REQUIRE(rows.size() == 12u);
  CHECK(rows[6].substr(4, 2) == "N0");
}

TEST_CASE("A&M example 10: corners where a barn may not go; two corners into one field") {
  SECTION("farmers on") {
    Game g = new_game(2, "U E B B U A U U A B E B V", am());
    lines(g, {"U 1,0 90", "E 0,-1 180"});
    check_move_refused(g, "B 1,-1 0 N:SW", Illegal::BarnCorner);
    check_move_refused(g, "B 1,-1 0 N:SE", Illegal::BarnCorner);
    lines(g, {"B 1,-1 0", "B 2,-1 0", "U 2,0 90 N:NW"});
    CHECK(g.supply(0, Figure::Barn) == 0);
    lines(g, {"A 3,-1 180", "U -1,0 90"});
    check_move_refused(g, "U 3,0 90 N:NW", Illegal::BarnFieldTaken);
    lines(g, {"U 3,0 90", "A 1,1 0", "B 3,1 0", "E 0,1 180"});
    // Player 1's B at (2,1): exactly N:NW and N:NE, two moves into one field.
    Game placed = g;
    place(placed, "B 2,1 0");
    FigureBuffer opts;
    const int n = placed.figure_options(opts);
    std::vector<std::string> barns;
    for (int i = 0; i < n; ++i)
      if (opts[i].figure == Figure::Barn) barns.push_back(choice_text(Choice{DecisionKind::Figure, kNoTile, {}, opts[i]}));
    CHECK(barns == std::vector<std::string>{"N:NW", "N:NE"});
    CHECK(placed.check_figure(Figure::Barn, Location::SSW).reason == Illegal::BarnCorner);
    CHECK(placed.check_figure(Figure::Barn, Location::SSE).reason == Illegal::BarnCorner);
    line(g, "B 2,1 0 N:NE");
    int x = 0, y = 0, owner = -1;
    REQUIRE(g.barn(1, x, y, owner));
    CHECK((x == 3 && y == 1 && owner == 1));
    check_scores(g, {0, 0});
    CHECK(g.supply(1, Figure::Barn) == 0);
    check_round_trip(g);
  }
  SECTION("10b: farmers off, no barns") {
    Game g = new_game(2, "U E B B U A", am(false));
    CHECK(g.supply(0, Figure::Barn) == 0);
    CHECK(g.supply(1, Figure::Barn) == 0);
    lines(g, {"U 1,0 90", "E 0,-1 180", "B 1,-1 0", "B 2,-1 0"});
    check_move_refused(g, "U 2,0 90 N:NW", Illegal::FarmersOff);
    line(g, "U 2,0 90");
  }
}

TEST_CASE("A&M example 11: connection: two farmers meet a barn field") {
  Game g = new_game(2, "U B E A B B A E E B", am());
  lines(g, {"U 1,0 90 NNE", "B 0,1 0 NNE", "E 0,-1 180", "A 0,-2 180", "B -1,-2 0", "B -1,-1 0 N:NE", "A 2,0 90",
            "E 1,1 180", "E 1,2 0"});
  check_scores(g, {0, 0});
  Events ev;
  line(g, "B 1,-1 0", &ev);  // the last land tile
  const std::vector<Event> joined = events_of(ev, Event::Type::BarnConnected);
  REQUIRE(joined.size() == 1u);
  CHECK(joined[0].points == 2);
  CHECK(joined[0].winners == players_mask({0, 1}));
  REQUIRE(g.over());
  CHECK(g.banked_score(0) == 2);
  CHECK(g.banked_score(1) == 2);
  check_meeples(g, {7, 7});
  check_scores(g, {2, 10});
  check_round_trip(g);
}

TEST_CASE("A&M example 12: two barns in one field") {
  Game g = new_game(2, "U U B B B B A E", am());
  lines(g, {"U 1,0 90", "U 2,0 90", "B 1,-1 0", "B 1,1 0", "B 2,-1 0 N:SW", "B 2,1 0 N:NW", "A 3,0 90", "E 0,-1 180"});
  REQUIRE(g.over());
  check_scores(g, {4, 4});
  check_round_trip(g);
}

TEST_CASE("A&M example 13: Traders & Builders: pig and barn") {
  Game g = new_game(2, "E B B E E U MH V", am_with(&Options::traders_and_builders));
  lines(g, {"E 0,-1 180 NNE", "B 1,-1 0", "B 1,-2 0 P:NNE"});
  Events ev;
  line(g, "E 0,-2 0 N:SE", &ev);
  check_scores(g, {4, 0});
  check_meeples(g, {7, 7});
  CHECK(g.supply(0, Figure::Pig) == 1);
  lines(g, {"E 0,-3 180 NNE", "U 1,0 90", "MH 0,-4 180 P:NNE"});
  ev.clear();
  line(g, "V 1,-3 180", &ev);
  REQUIRE(g.over());
  check_scores(g, {8, 8});
  check_round_trip(g);
}

TEST_CASE("A&M example 14: Inns & Cathedrals: a mayor against a large meeple") {
  SECTION("a tie") {
    Game g = new_game(2, "MD K N E E A", am_with(&Options::inns_and_cathedrals));
    lines(g, {"MD 0,-1 0 L:N", "K 1,0 0 M:N", "N 1,-1 180", "E 0,-2 180", "E -1,-1 90"});
    check_scores(g, {16, 16});
  }
  SECTION("14b: a mayor in a cathedral city") {
    Game g = new_game(2, "IK K M E E A", am_with(&Options::inns_and_cathedrals));
    lines(g, {"IK 0,-1 0 N", "K 1,0 0 M:N", "M 1,-1 180", "E 0,-2 180", "E -1,-1 90"});
    check_scores(g, {21, 21});
    check_meeples(g, {7, 7});
    CHECK(g.supply(1, Figure::Mayor) == 1);
  }
  SECTION("14c: the cathedral city open at the end") {
    Game g = new_game(2, "IK K M E", am_with(&Options::inns_and_cathedrals));
    lines(g, {"IK 0,-1 0 N", "K 1,0 0 M:N", "M 1,-1 180", "E 0,-2 180"});
    REQUIRE(g.over());
    check_scores(g, {0, 0});
    check_round_trip(g);
  }
}

TEST_CASE("A&M example 15: the abbot on an abbey") {
  Game g = new_game(2, "D P U N N_G N V E", am_with(&Options::abbot));
  lines(g, {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N_G 2,-2 180", "N 1,-2 90"});
  line(g, "abbey 1,-1 A:C");
  check_scores(g, {2, 10});
  CHECK(g.supply(0, Figure::Abbot) == 0);
  line(g, "V 0,-2 0");
  check_scores(g, {11, 10});
  CHECK(g.supply(0, Figure::Abbot) == 1);
  check_round_trip(g);
}

TEST_CASE("A&M example 16: Traders & Builders: the abbey never extends") {
  Game g = new_game(2, "D P U N N N U U E", am_with(&Options::traders_and_builders));
  lines(g, {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180", "N 1,-2 90 B:E", "U 3,0 90"});
  check_abbey_due(g, 1, {"abbey 1,-1", "take"});
  line(g, "abbey 1,-1");
  check_scores(g, {2, 10});
  check_meeples(g, {7, 7});
  CHECK(g.supply(1, Figure::Builder) == 1);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 0);
  line(g, "U 4,0 90");
  check_round_trip(g);
}

TEST_CASE("A&M example 17: a wagon onto an abbey") {
  Game g = new_game(2, "U V V B B B X E", am());
  lines(g, {"U -1,0 90", "V 1,0 90 W:N", "V 1,-1 0", "B -1,-1 0", "B 1,-2 0", "B 0,-2 0"});
  check_abbey_due(g, 0, {"abbey 0,-1", "take"});
  line(g, "abbey 0,-1");
  check_scores(g, {0, 0});
  line(g, "X -2,0 0");
  check_scores(g, {0, 5});
  check_options(g, DecisionKind::Wagon, 1, {"wagon 0,-1 C", "wagon stay"});
  line(g, "wagon 0,-1 C");
  CHECK(g.current_player() == 0);
  check_round_trip(g);
}

TEST_CASE("A&M example 18: River: an abbey during the river phase") {
  Options o = am_with(&Options::river);
  Game g = new_game(2, "RG RK RJ RD RE RC RH RB RD RI RL E", o);
  lines(g, {"RG 0,1 90", "RK 1,1 90", "RJ 2,1 180", "RD 2,0 0", "RE 2,-1 0", "RC 1,-1 0 S"});
  CHECK(g.tiles_in_pile() == 6);
  check_abbey_due(g, 0, {"abbey 1,0", "take"});
  Events ev;
  line(g, "abbey 1,0", &ev);
  check_scores(g, {0, 2});
  check_meeples(g, {7, 7});
  // The river stack is untouched: player 1 draws its next tile, RH.
  CHECK(g.current_player() == 1);
  CHECK(tile_name(g.current_tile()) == "RH");
  CHECK(g.tiles_in_pile() == 5);
  ev.clear();
  line(g, "RH 0,-1 0", &ev);
  check_scores(g, {0, 2});
  check_round_trip(g);
}

TEST_CASE("A&M example 19: River: no abbey in front of the open river end") {
  Options o = am_with(&Options::river);
  Game g = new_game(2, "RB RD RI RK RH RJ RD RG RC RE RL E E", o);
  lines(g, {"RB 0,1 270", "RD 0,2 0", "RI 0,3 180", "RK -1,3 90", "RH -2,3 0", "RJ -3,3 270", "RD -3,2 0", "RG -3,1 180",
            "RC -2,1 0 S"});
  // The lake, drawn as player 0's turn begins, fits nowhere and leaves; player 0 draws a land tile.
  Events ev;
  line(g, "RE -1,1 0", &ev);
  CHECK(discards(ev) == 1);
  line(g, "E -2,2 0");
  check_scores(g, {4, 0});
  // (-1,2) is a hole, but the open river end points into it: no abbey there, and no other
  // hole, so no abbey decision.
  check_no_abbey_decision(g);
  CHECK(g.board().blocked_at(-1, 2));
  CHECK(fit_refusal(g, "E", -1, 2, 0) != Illegal::None);
}

TEST_CASE("A&M example 20: the last land tile earns a builder bonus; then the final abbey round") {
  const Options o = am_with(&Options::traders_and_builders);
  const std::initializer_list<std::string_view> opening = {"D 1,0 0 N", "P 0,-1 180 N", "U 2,0 90", "N 2,-1 270",
                                                           "N 2,-2 180", "N 1,-2 90", "U 3,0 90", "U 0,-2 0 B:N",
                                                           "U 4,0 90"};
  SECTION("the bonus part passed, the abbey in the final round") {
    Game g = new_game(2, "D P U N N N U U U U", o);
    for (const std::string_view t : opening) {
      if (g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Abbey) CHECK(option_texts(g).back() == "take");
      line(g, t);
    }
    line(g, "U 0,-3 0");  // the last land tile; it triggers player 1's builder
    check_options(g, DecisionKind::Abbey, 1, {"abbey 1,-1", "pass"});
    // A 'pass' line with a word more is no line of this decision's, nor of the bonus tile's.
    for (const char* bad : {"pass x", "pass `", "pass pass"}) {
      Game loaded = g;
      RecordError error;
      const std::string text = save_record(g) + bad + "\n";
      REQUIRE(load_record(text, loaded, &error) == Status::InvalidArgument);
      CHECK(error.reason == "'pass' is a line of its own, not '" + std::string(bad) + "'");
      CHECK(loaded == g);
    }
    line(g, "pass");
    check_options(g, DecisionKind::Abbey, 0, {"abbey 1,-1", "abbey pass"});
    line(g, "abbey pass");
    check_options(g, DecisionKind::Abbey, 1, {"abbey 1,-1", "abbey pass"});
    line(g, "abbey 1,-1 C");
    REQUIRE(g.over());
    CHECK(g.banked_score(0) == 2);
    CHECK(g.banked_score(1) == 9);
    check_scores(g, {2, 12});
    check_round_trip(g);
  }
  SECTION("20b: the abbey as the bonus part") {
    Game g = new_game(2, "D P U N N N U U U U", o);
    for (const std::string_view t : opening) line(g, t);
    line(g, "U 0,-3 0");
    line(g, "abbey 1,-1 C");
    REQUIRE(g.over());
    check_scores(g, {2, 12});
    check_round_trip(g);
  }
}

TEST_CASE("A&M in the RL layer: the abbey's square and a wagon's target are cell actions, the other options slots") {
  Game g = new_game(2, "D P U N N N V E", am());
  lines(g, kExample1);
  const rl::ActionSpace space = rl::action_space(g);
  ChoiceBuffer list;
  const int n = list_choices(g, list);
  REQUIRE(n == 2);
  for (int i = 0; i < n; ++i) {
    const int id = rl::encode_decision(space, g.options(), list[i]);
    REQUIRE(id >= 0);
    rl::Action back;
    REQUIRE(rl::decode(space, g.options(), id, back));
    CHECK(back.kind == rl::Action::Kind::Decision);
    CHECK(back.choice == list[i]);
  }
  CHECK(rl::encode_decision(space, g.options(), list[0]) >= space.placements + space.figures + space.decisions);  // a cell
  // The abbey placed: a monastery on the board, on no edge plane (its edges match any).
  {
    Game a = g;
    line(a, "abbey 1,-1 C");
    const rl::ObservationShape s = rl::observation_shape(a);
    std::vector<float> o(static_cast<size_t>(s.size()) + 2 * static_cast<size_t>(s.side * s.side), -1.0f);
    float* obs = o.data() + s.side * s.side;  // a plane's room on each side, to see nothing is written there
    rl::observe(a, 0, obs);
    CHECK(std::all_of(o.begin(), o.begin() + s.side * s.side, [](float v) { return v == -1.0f; }));
    CHECK(std::all_of(o.end() - s.side * s.side, o.end(), [](float v) { return v == -1.0f; }));
    const int at = (-1 + rl::kObservationReach) * s.side + (1 + rl::kObservationReach);
    // Planes 0..11: the edges, side by side and kind; plane 12: monasteries (docs/rl.md).
    for (int plane = 0; plane < 12; ++plane) CHECK(obs[plane * s.side * s.side + at] == 0.0f);
    CHECK(obs[12 * s.side * s.side + at] == 1.0f);
  }
  // The wagon's targets (example 6) likewise; the observer who decides is flagged.
  Game w = new_game(2, "U A B A B E V", am());
  lines(w, {"U 1,0 90 W:E", "A -1,0 270", "B 0,1 0 C", "A 2,0 90"});
  const int k = list_choices(w, list);
  REQUIRE(k == 3);
  for (int i = 0; i < k; ++i) {
    rl::Action back;
    REQUIRE(rl::decode(space, w.options(), rl::encode_decision(space, w.options(), list[i]), back));
    CHECK(back.choice == list[i]);
  }
  const rl::ObservationShape shape = rl::observation_shape(w);
  std::vector<float> obs(static_cast<size_t>(shape.size()));
  rl::observe(w, 0, obs.data());
  CHECK(obs.back() == 1.0f);  // player 0 decides the wagon's move (player 1's turn)
  rl::observe(w, 1, obs.data());
  CHECK(obs.back() == 0.0f);
}

TEST_CASE("A&M with The Tower: a mayor and a wagon can be captured and ransomed (kinds 'mayor', 'wagon')") {
  Options o = am_with(&Options::tower);
  // Player 0's mayor on K's city at (1,0); player 1 places a foundation tile beside it and
  // builds on it at once: the mayor is in reach.
  Game g = new_game(2, "K OA U U", o);
  line(g, "K 1,0 0 M:N");
  Placement at[kMaxPlacements];
  const int n = g.legal_placements(at);
  bool captured = false;
  for (int i = 0; i < n && !captured; ++i) {
    if (!((at[i].x == 1 && std::abs(at[i].y) == 1) || (at[i].y == 0 && at[i].x == 2))) continue;
    Game t = g;
    REQUIRE(t.place(at[i]) == Status::Ok);
    if (t.act(FigureChoice{Figure::TowerPiece, Location::TW, true, at[i].x, at[i].y}) != Status::Ok) continue;
    REQUIRE(t.phase() == Phase::Decide);
    const std::vector<std::string> options = option_texts(t);
    REQUIRE(std::find(options.begin(), options.end(), "capture 1,0 N") != options.end());
    decide_text(t, "capture 1,0 N");
    CHECK(t.prisoners(1, 0, Figure::Mayor) == 1);
    CHECK(t.supply(0, Figure::Mayor) == 0);
    captured = true;
  }
  CHECK(captured);
}

namespace {
// A game with Abbey & Mayor and The Tower at the first decision before the draw (or, with
// `final_round`, in the final abbey round) where the player may pay a ransom: random play
// from seeded games, tower pieces favoured (they make prisoners).
Game abbey_decision_with_ransom(bool final_round) {
  for (uint64_t seed = 1; seed < 5000; ++seed) {
    Game g(2, seed, am_with(&Options::tower));
    Rng rng(seed * 77 + 1);
    ChoiceBuffer list;
    while (!g.over()) {
      const int n = list_choices(g, list);
      if (decision_kind(g) == DecisionKind::Abbey && list[0].kind == DecisionKind::Place && (g.tiles_in_pile() == 0) == final_round)
        return g;
      int pick = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
      for (int i = 0; i < n; ++i)
        if (list[i].kind == DecisionKind::Figure && list[i].figure.figure == Figure::TowerPiece && rng.below(2)) pick = i;
      if (decision_kind(g) == DecisionKind::Abbey && rng.below(4)) pick = n - 1;  // abbeys left for the final round
      REQUIRE(decide(g, list[pick]) == Status::Ok);
    }
  }
  FAIL("no seeded game reaches a ransom before an abbey");
  return Game(2, uint64_t{0});
}

// The ransom options lead the list (all of them ransoms of the decider), the abbey lines
// follow; after the first ransom is paid, only the abbey lines are left, and every other
// option is refused for RansomCommits.
void check_ransom_commits(Game& g) {
  const std::vector<std::string> before = option_texts(g);
  std::vector<std::string> abbeys = options_starting(before, "abbey ");
  if (!abbeys.empty() && abbeys.back() == "abbey pass") abbeys.pop_back();
  REQUIRE(before[0].starts_with("ransom "));
  ChoiceBuffer list;
  const int n = list_choices(g, list);
  int ransoms = 0;
  while (ransoms < n && list[ransoms].kind == DecisionKind::Place) ++ransoms;
  CHECK(std::vector<std::string>(before.begin() + ransoms, before.begin() + ransoms + static_cast<long>(abbeys.size())) == abbeys);
  const int payer = g.current_player(), holder = list[0].figure.x;
  const Figure kind = list[0].figure.figure;
  const int paid = g.score(payer), got = g.score(holder), held = g.prisoners(holder, payer, kind), supply = g.supply(payer, kind);
  std::vector<Choice> others(list + ransoms + static_cast<long>(abbeys.size()), list + n);
  Events ev;
  REQUIRE(decide(g, list[0], &ev) == Status::Ok);
  REQUIRE(events_of(ev, Event::Type::Ransom).size() == 1u);
  CHECK(g.score(payer) == paid - points::kRansom);
  CHECK(g.score(holder) == got + points::kRansom);
  CHECK(g.prisoners(holder, payer, kind) == held - 1);
  CHECK(g.supply(payer, kind) == supply + 1);
  check_options(g, DecisionKind::Abbey, payer, abbeys);  // once per turn: no second ransom
  REQUIRE(!others.empty());
  for (const Choice& c : others) check_refused_choice(g, c, Illegal::RansomCommits);
  Choice implied;
  CHECK_FALSE(implied_choice(g, implied));
  check_round_trip(g);  // the record ends with the ransom: the game waits for the abbey
}
}  // namespace

TEST_CASE("A&M with The Tower (README D2): a ransom before the draw commits to the abbey") {
  Game g = abbey_decision_with_ransom(false);
  const std::vector<std::string> options = option_texts(g);
  const bool bonus = options.back() == "pass";  // a builder's bonus part: "bonus" draws
  CHECK((bonus || options.back() == "take"));
  SECTION("the ransom, then only the abbey") {
    check_ransom_commits(g);
    const std::vector<std::string> abbeys = option_texts(g);
    line(g, abbeys[0]);
    check_round_trip(g);
    const std::string text = save_record(g);
    INFO(text);
    const size_t ransom_line = text.find("\n" + options[0] + " ");  // then its comment
    REQUIRE(ransom_line != std::string::npos);
    CHECK(text.compare(text.find('\n', ransom_line + 1) + 1, abbeys[0].size(), abbeys[0]) == 0);
    // Undone, the abbey goes back, then the ransom: its decision is open again.
    Game back = g;
    REQUIRE(undo(g, back) == Status::Ok);
    CHECK(option_texts(back) == abbeys);
    Game first = g;
    REQUIRE(undo(back, first) == Status::Ok);
    CHECK(option_texts(first) == options);
  }
  SECTION("to ransom and draw, the player draws first: the ransom is then offered before the tile") {
    line(g, bonus ? "bonus" : "take");
    REQUIRE(g.phase() == Phase::PlaceTile);
    CHECK(option_texts(g)[0] == options[0]);
    decide_text(g, options[0]);
    check_round_trip(g);
  }
}

TEST_CASE("A&M with The Tower (README D3): a ransom in the final abbey round commits to the abbey") {
  Game g = abbey_decision_with_ransom(true);
  CHECK(option_texts(g).back() == "abbey pass");
  check_ransom_commits(g);
  const std::vector<std::string> abbeys = option_texts(g);
  line(g, abbeys[0]);
  check_round_trip(g);
}

TEST_CASE("A&M with Princess & Dragon: the portal carries the mayor onto a city and the wagon onto a road, city or monastery") {
  Options o = am_with(&Options::princess_and_dragon);
  // DR is a portal tile; the mayor and the wagon may go through it onto D's city and road.
  Game g = new_game(2, "DR U", o);
  Placement at[kMaxPlacements];
  const int n = g.legal_placements(at);
  REQUIRE(n > 0);
  Game t = g;
  REQUIRE(t.place(at[0]) == Status::Ok);
  FigureBuffer opts;
  const int k = t.figure_options(opts);
  std::vector<std::string> mayors, wagons;
  for (int i = 0; i < k; ++i) {
    if (!opts[i].elsewhere || opts[i].x != 0 || opts[i].y != 0) continue;
    const std::string text(location_name(opts[i].location));
    if (opts[i].figure == Figure::Mayor) mayors.push_back(text);
    if (opts[i].figure == Figure::Wagon) wagons.push_back(text);
  }
  CHECK(mayors == std::vector<std::string>{"N"});
  CHECK(wagons == std::vector<std::string>{"N", "E"});
  Move m{at[0], Location::N, Figure::Mayor, true, 0, 0};
  CHECK(figure_action_text(m) == "@0,0:M:N");
  REQUIRE(t.act(FigureChoice{Figure::Mayor, Location::N, true, 0, 0}) == Status::Ok);
  CHECK(t.supply(0, Figure::Mayor) == 0);
}
