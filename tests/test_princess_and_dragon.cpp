// The Princess & the Dragon (docs/expansions.md, Princess & Dragon): every worked example,
// one test case each, its variants as sections. Base start tile D at (0,0), farmers on, two
// players unless stated, player 0 first. Examples 2, 17 and 18 are records; the others are
// played move by move, the dragon's flight one step (a decision) at a time.
#include "rules_helpers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/decision.hpp"
#include "carcassonne/queries.hpp"
#include "carcassonne/record.hpp"
#include "random_play.hpp"

using namespace rules;

namespace {

Options pd() {
  Options o;
  o.princess_and_dragon = true;
  return o;
}

int count_of(const Events& ev, Event::Type type) { return static_cast<int>(events_of(ev, type).size()); }


// One step of the dragon's flight, which `player` must be the one to decide.
void step(Game& g, int player, std::string_view text, Events* events = nullptr) {
  INFO("dragon step '" << text << "' by player " << player);
  REQUIRE(g.phase() == Phase::Decide);
  REQUIRE(decision_kind(g) == DecisionKind::Dragon);
  REQUIRE(decider(g) == player);
  decide_text(g, text, events);
}

using Owners = std::vector<uint8_t>;  // Event::winners of each Eaten event, in order

// One step, then the owners (bit masks) of the figures it ate.
Owners step_eats(Game& g, int player, std::string_view text) {
  Events ev;
  step(g, player, text, &ev);
  Owners owners;
  for (const Event& e : events_of(ev, Event::Type::Eaten)) owners.push_back(e.winners);
  return owners;
}

// Whether the flight waits for a step from `player` with exactly these options.
void check_step_options(const Game& g, int player, const std::vector<std::string>& expected) {
  check_options(g, DecisionKind::Dragon, player, expected);
}

// The flight is over: the game went on to the next turn (or ended).
void check_flight_over(const Game& g) {
  CHECK(g.phase() != Phase::Decide);
  CHECK(decision_kind(g) != DecisionKind::Dragon);
}

void check_dragon(const Game& g, int x, int y) {
  int dx = 99, dy = 99;
  REQUIRE(g.dragon_at(dx, dy));
  CHECK(dx == x);
  CHECK(dy == y);
}

void check_no_dragon(const Game& g) {
  int dx = 99, dy = 99;
  CHECK_FALSE(g.dragon_at(dx, dy));
}

void check_fairy(const Game& g, int x, int y, Location next_to) {
  int fx = 99, fy = 99;
  Location l = Location::C;
  REQUIRE(g.fairy_at(fx, fy, l));
  CHECK(fx == x);
  CHECK(fy == y);
  CHECK(l == next_to);
}

void check_no_fairy(const Game& g) {
  int fx = 99, fy = 99;
  Location l = Location::C;
  CHECK_FALSE(g.fairy_at(fx, fy, l));
}

void check_scores(const Game& g, int p0, int p1) {
  CHECK(g.score(0) == p0);
  CHECK(g.score(1) == p1);
}

void check_supplies(const Game& g, int p0, int p1) {
  CHECK(g.supply(0) == p0);
  CHECK(g.supply(1) == p1);
}

// The owner of the figure on tile (x, y) at that location, or -1 if none stands there.
int owner_at(const Game& g, int x, int y, Location l) {
  const int i = g.board().tile_index_at(x, y);
  if (i < 0) return -1;
  for (const Meeple& m : g.meeples())
    if (m.tile == i && m.location == l) return m.player;
  return -1;
}

// Whether a move is refused, whether at its spelling (no move is written so) or by the rules.
bool refused(const Game& g, std::string_view text) {
  TileType t = kNoTile;
  Move m;
  if (!parse_move(text, t, m)) return true;
  return refusal(g, text) != Illegal::None;
}

// --- records ---

std::string record_text(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

// The first n lines of a record.
std::vector<std::string> first_lines(const std::vector<std::string>& lines, size_t n) {
  REQUIRE(n <= lines.size());
  return std::vector<std::string>(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(n));
}

Game load_ok(const std::vector<std::string>& lines) { return rules::load_ok(record_text(lines)); }

// The message of a record's refusal; the game it was loaded into is untouched.
std::string load_refusal(const std::vector<std::string>& lines) {
  const std::string text = record_text(lines);
  Game g(2, uint64_t{0});
  const Game before = g;
  RecordError err;
  const Status s = load_record(text, g, &err);
  INFO(text);
  CHECK(s != Status::Ok);
  CHECK(g == before);
  return err.message();
}

// Example 3's first six turns: P0's thief (1,0), P1's knight (0,-1), the volcano (0,1),
// P1's farmer (-1,0), P0's monk (1,1), P1's monk (-1,1).
void flight_board(Game& g) {
  play(g, "U 1,0 90 E");
  play(g, "N 0,-1 90 E");
  play(g, "D2 0,1 0");
  play(g, "U -1,0 90 ESE");
  play(g, "B 1,1 0 C");
  play(g, "B -1,1 0 C");
  check_supplies(g, 5, 4);
  check_dragon(g, 0, 1);
}

}  // namespace

TEST_CASE("Princess & Dragon example 1: the volcano, the dragon enters, the fairy may move",
          "[princess][example]") {
  Game g = new_game(2, "U U DZ U U", pd());
  play(g, "U 1,0 90 E");     // P0's thief on the road D-U
  play(g, "U -1,0 90 NNE");  // P1's farmer in D's north field
  check_no_dragon(g);
  check_no_fairy(g);
  CHECK(refusal(g, "DZ 0,-1 180 S") != Illegal::None);  // no figure on a volcano tile
  Events ev;
  play(g, "DZ 0,-1 180 F:1,0:E", &ev);
  CHECK(count_of(ev, Event::Type::DragonLands) == 1);
  CHECK(count_of(ev, Event::Type::FairyMoves) == 1);
  CHECK(scores(ev).empty());  // DZ closes D's city: 2 tiles, no knight, nobody scores
  check_dragon(g, 0, -1);
  check_fairy(g, 1, 0, Location::E);
  check_scores(g, 0, 0);
  check_supplies(g, 6, 6);
  // A volcano is no dragon tile: no flight, P1 plays on.
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  ev.clear();
  play(g, "U 2,0 90", &ev);  // the turn passes to P0: the fairy's point
  const std::vector<Event> point = events_of(ev, Event::Type::FairyPoint);
  REQUIRE(point.size() == 1u);
  CHECK(point[0].winners == players_mask({0}));
  CHECK(point[0].points == 1);
  check_scores(g, 1, 0);
  CHECK(g.current_player() == 0);
  CHECK(g.phase() == Phase::PlaceTile);
}

TEST_CASE("Princess & Dragon example 2: a dragon tile before any volcano is set aside (a record)",
          "[princess][example][record]") {
  const std::vector<std::string> lines = {
      "carcassonne-record 1",
      "players 2",
      "princess-and-dragon on",
      "order DH U DZ",
      "aside DH            # P0's first draw; the dragon is not on the board: set aside, P0 draws again",
      "U 1,0 90 E          # turn 1, P0: thief",
      "DZ 0,-1 180 -       # turn 2, P1: first volcano, the dragon enters at (0,-1); DH goes back on top",
      "DH 2,0 90 -         # turn 3, P0 draws DH again; dragon symbol: flight",
      "dragon S            # step 1, P0: the only step, to (0,0), nothing there",
      "dragon E            # step 2, P1: the only step, to (1,0): eats P0's thief",
      "dragon E            # step 3, P0: the only step, to (2,0); from (2,0) no placed tile: flight over",
  };
  const TileType DH = tile_from_name("DH");
  const TileType DZ = tile_from_name("DZ");
  REQUIRE(DH != kNoTile);
  REQUIRE(DZ != kNoTile);

  SECTION("the record loads: dragon at (2,0), 0-0, supplies 7/7, the game is over") {
    const Game g = load_ok(lines);
    check_dragon(g, 2, 0);
    check_scores(g, 0, 0);
    check_supplies(g, 7, 7);
    CHECK(g.over());
    CHECK(g.meeples().empty());
    check_round_trip(g);
  }
  SECTION("while DH is aside, U is in hand and DZ is the only face-down tile") {
    const Game g = load_ok(first_lines(lines, 5));
    CHECK(g.current_player() == 0);
    CHECK(g.current_tile() == tile_from_letter('U'));
    CHECK(g.tiles_in_pile() == 1);
    CHECK(g.face_down(DZ) == 1);
    CHECK(g.face_down(DH) == 0);
    check_no_dragon(g);
  }
  SECTION("DZ brings DH back on top: P0 draws it next") {
    const Game g = load_ok(first_lines(lines, 7));
    check_dragon(g, 0, -1);
    CHECK(g.current_player() == 0);
    CHECK(g.current_tile() == DH);
    CHECK(g.tiles_in_pile() == 0);
  }
  SECTION("the same game move by move") {
    Game g = new_game(2, "DH U DZ", pd());
    CHECK(g.current_tile() == tile_from_letter('U'));  // DH was set aside, P0 drew again
    CHECK(g.face_down(DH) == 0);
    play(g, "U 1,0 90 E");
    Events ev;
    play(g, "DZ 0,-1 180", &ev);
    CHECK(count_of(ev, Event::Type::SetAsideBack) == 1);
    CHECK(count_of(ev, Event::Type::DragonLands) == 1);
    REQUIRE(g.current_tile() == DH);
    play(g, "DH 2,0 90");
    check_step_options(g, 0, {"dragon S"});
    CHECK(step_eats(g, 0, "dragon S").empty());
    check_step_options(g, 1, {"dragon E"});
    CHECK(step_eats(g, 1, "dragon E") == Owners{players_mask({0})});
    check_step_options(g, 0, {"dragon E"});
    CHECK(step_eats(g, 0, "dragon E").empty());
    check_flight_over(g);
    CHECK(g.over());
    check_dragon(g, 2, 0);
    check_scores(g, 0, 0);
    check_supplies(g, 7, 7);
  }
  SECTION("loading refuses DH placed, or DZ set aside, in place of line 5") {
    std::vector<std::string> bad = lines;
    bad[4] = "DH 2,0 90 -";
    CHECK(load_refusal(bad) ==
          "line 5: the draw order draws DH here while the dragon is not on the board: the record must say "
          "'aside DH' before this move");
    bad[4] = "aside DZ";
    CHECK(load_refusal(bad) == "line 5: the draw order draws DH here (draw 1), not DZ");
  }
  SECTION("loading refuses 'aside U' in place of line 6") {
    std::vector<std::string> bad = lines;
    bad[5] = "aside U";
    CHECK(load_refusal(bad) ==
          "line 6: U is not set aside: only dragon tiles are, while the dragon is not on the board");
  }
  SECTION("loading refuses 'aside DH' in place of line 8") {
    std::vector<std::string> bad = lines;
    bad[7] = "aside DH";
    CHECK(load_refusal(bad) == "line 8: DH is not set aside here: the dragon is on the board");
  }
}

TEST_CASE("Princess & Dragon example 3: the flight in full", "[princess][example]") {
  Game g = new_game(2, "U N D2 U B B DK U", pd());
  flight_board(g);
  play(g, "DK 1,-1 0 ENE");  // P0: its city joins P1's; a farmer north of the road
  check_supplies(g, 4, 4);
  // Six steps, decided by P0, P1, P0, P1, P0, P1.
  check_step_options(g, 0, {"dragon N", "dragon E", "dragon W"});
  CHECK(step_eats(g, 0, "dragon W") == Owners{players_mask({1})});  // P1's monk
  check_supplies(g, 4, 5);
  check_step_options(g, 1, {"dragon N"});
  CHECK(step_eats(g, 1, "dragon N") == Owners{players_mask({1})});  // P1's own farmer at (-1,0)
  check_supplies(g, 4, 6);
  check_step_options(g, 0, {"dragon E"});
  CHECK(step_eats(g, 0, "dragon E").empty());  // (0,0)
  check_supplies(g, 4, 6);
  check_step_options(g, 1, {"dragon N", "dragon E"});
  CHECK(step_eats(g, 1, "dragon E") == Owners{players_mask({0})});  // P0's thief
  check_supplies(g, 5, 6);
  check_step_options(g, 0, {"dragon N", "dragon S"});
  CHECK(step_eats(g, 0, "dragon N") == Owners{players_mask({0})});  // P0's own farmer
  check_supplies(g, 6, 6);
  check_step_options(g, 1, {"dragon W"});
  Events ev;
  step(g, 1, "dragon W", &ev);  // P1's own knight at (0,-1)
  const std::vector<Event> eaten = events_of(ev, Event::Type::Eaten);
  REQUIRE(eaten.size() == 1u);
  CHECK(eaten[0].winners == players_mask({1}));
  CHECK(eaten[0].x == 0);
  CHECK(eaten[0].y == -1);
  CHECK(eaten[0].location == Location::E);
  CHECK(count_of(ev, Event::Type::FlightEnds) == 1);
  CHECK(scores(ev).empty());
  // Six steps: the flight is over at (0,-1).
  check_flight_over(g);
  check_dragon(g, 0, -1);
  check_scores(g, 0, 0);
  check_supplies(g, 6, 7);
  REQUIRE(g.meeples().size() == 1u);
  CHECK(owner_at(g, 1, 1, Location::C) == 0);  // P0's monk
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
}

TEST_CASE("Princess & Dragon example 4: the fairy keeps the dragon out", "[princess][example]") {
  Game g = new_game(2, "U N D2 U B B DK E U", pd());
  flight_board(g);
  play(g, "DK 1,-1 0 F:1,0:E");  // no farmer; the fairy next to P0's thief
  check_supplies(g, 5, 4);
  check_fairy(g, 1, 0, Location::E);
  CHECK(step_eats(g, 0, "dragon W") == Owners{players_mask({1})});  // P1's monk
  check_supplies(g, 5, 5);
  check_step_options(g, 1, {"dragon N"});
  CHECK(step_eats(g, 1, "dragon N") == Owners{players_mask({1})});  // P1's farmer
  check_supplies(g, 5, 6);
  check_step_options(g, 0, {"dragon E"});
  CHECK(step_eats(g, 0, "dragon E").empty());  // (0,0)
  check_step_options(g, 1, {"dragon N"});  // (1,0) is the fairy's tile
  CHECK(step_eats(g, 1, "dragon N") == Owners{players_mask({1})});  // P1's knight
  check_supplies(g, 5, 7);
  check_step_options(g, 0, {"dragon E"});
  Events ev;
  step(g, 0, "dragon E", &ev);  // to (1,-1), empty now; then a dead end: no sixth step
  CHECK(count_of(ev, Event::Type::Eaten) == 0);
  CHECK(count_of(ev, Event::Type::FlightEnds) == 1);
  check_flight_over(g);
  check_dragon(g, 1, -1);
  check_supplies(g, 5, 7);
  REQUIRE(g.meeples().size() == 2u);
  CHECK(owner_at(g, 1, 0, Location::E) == 0);  // P0's thief
  CHECK(owner_at(g, 1, 1, Location::C) == 0);  // P0's monk
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  play(g, "E -1,-1 0");  // the turn passes to P0: +1
  check_scores(g, 1, 0);
  CHECK(g.current_player() == 0);
}

TEST_CASE("Princess & Dragon example 5: the dragon eats before the scoring", "[princess][example]") {
  Game g = new_game(2, "D2 U DJ U", pd());
  play(g, "D2 0,1 0");
  play(g, "U 1,0 90 E");    // P1's thief
  play(g, "DJ 0,-1 180 S");  // P0's knight; the city D+DJ is complete, but the flight comes first
  check_step_options(g, 0, {"dragon N"});
  CHECK(step_eats(g, 0, "dragon N").empty());  // (0,0)
  check_step_options(g, 1, {"dragon N", "dragon E"});

  SECTION("dragon N: the knight is eaten, nobody scores the city") {
    Events ev;
    step(g, 1, "dragon N", &ev);
    CHECK(events_of(ev, Event::Type::Eaten).size() == 1u);
    CHECK(events_of(ev, Event::Type::Eaten)[0].winners == players_mask({0}));
    CHECK(scores(ev).empty());
    check_flight_over(g);  // step 3: a dead end
    check_scores(g, 0, 0);
    check_supplies(g, 7, 6);
    check_dragon(g, 0, -1);
  }
  SECTION("dragon E: P1's own thief is eaten, the city scores 4 for P0") {
    Events ev;
    step(g, 1, "dragon E", &ev);
    CHECK(events_of(ev, Event::Type::Eaten).size() == 1u);
    CHECK(events_of(ev, Event::Type::Eaten)[0].winners == players_mask({1}));
    const Event city = only_score(ev, FeatureKind::City);
    CHECK(city.points == 4);
    CHECK(city.winners == players_mask({0}));
    check_flight_over(g);
    check_scores(g, 4, 0);
    check_supplies(g, 7, 7);
    check_dragon(g, 1, 0);
  }
  CHECK(g.current_player() == 1);
}

TEST_CASE("Princess & Dragon example 6: three players, who moves the dragon", "[princess][example]") {
  Game g = new_game(3, "U U U U D3 U U DG U", pd());
  play(g, "U 1,0 90 E");  // P0's thief
  play(g, "U 2,0 90");
  play(g, "U -1,0 90");
  play(g, "U 3,0 90");
  play(g, "D3 -2,0 90");  // P1: the volcano
  check_dragon(g, -2, 0);
  play(g, "U 4,0 90");
  play(g, "U 5,0 90");
  play(g, "DG 1,1 270 ESE");  // P1: the dragon tile below (1,0), a farmer
  CHECK(g.supply(0) == 6);
  CHECK(g.supply(1) == 6);
  CHECK(g.supply(2) == 7);
  // Steps by P1, P2, P0, P1, P2, P0.
  check_step_options(g, 1, {"dragon E"});
  CHECK(step_eats(g, 1, "dragon E").empty());
  check_step_options(g, 2, {"dragon E"});
  CHECK(step_eats(g, 2, "dragon E").empty());
  check_step_options(g, 0, {"dragon E"});
  CHECK(step_eats(g, 0, "dragon E") == Owners{players_mask({0})});  // P0's own thief at (1,0)
  CHECK(g.supply(0) == 7);
  CHECK(g.supply(1) == 6);
  CHECK(g.supply(2) == 7);
  check_step_options(g, 1, {"dragon E", "dragon S"});

  SECTION("dragon E: six steps, the flight ends at (4,0) although (5,0) is free") {
    CHECK(step_eats(g, 1, "dragon E").empty());
    check_step_options(g, 2, {"dragon E"});
    CHECK(step_eats(g, 2, "dragon E").empty());
    check_step_options(g, 0, {"dragon E"});
    CHECK(step_eats(g, 0, "dragon E").empty());
    check_flight_over(g);
    check_dragon(g, 4, 0);
    CHECK(g.supply(1) == 6);  // P1's farmer survives
    CHECK(owner_at(g, 1, 1, Location::ESE) == 1);
    CHECK(g.current_player() == 2);
    CHECK(g.phase() == Phase::PlaceTile);
  }
  SECTION("dragon S: P1's own farmer is eaten, a dead end after 4 steps") {
    CHECK(step_eats(g, 1, "dragon S") == Owners{players_mask({1})});
    check_flight_over(g);
    check_dragon(g, 1, 1);
    CHECK(g.supply(0) == 7);
    CHECK(g.supply(1) == 7);
    CHECK(g.supply(2) == 7);
    CHECK(g.current_player() == 2);
  }
}

TEST_CASE("Princess & Dragon example 7: the fairy, a point a turn, +3 on a tie, then alone",
          "[princess][example]") {
  Game g = new_game(2, "U V V V U A A E U", pd());
  play(g, "U 1,0 90 E");  // P0's thief
  play(g, "V 1,1 0 S");   // P1's thief on a separate road
  play(g, "V -1,0 270 F:1,0:E");
  check_fairy(g, 1, 0, Location::E);
  Events ev;
  play(g, "V -1,1 180", &ev);  // the turn passes to P0: +1
  CHECK(count_of(ev, Event::Type::FairyPoint) == 1);
  check_scores(g, 1, 0);
  play(g, "U 0,1 90");  // joins the two roads
  ev.clear();
  play(g, "A 2,0 90", &ev);  // the turn passes to P0: +1
  CHECK(count_of(ev, Event::Type::FairyPoint) == 1);
  check_scores(g, 2, 0);
  ev.clear();
  play(g, "A 1,2 180", &ev);  // completes the road: 8 tiles, one thief each
  const Event road = only_score(ev, FeatureKind::Road);
  CHECK(road.tiles == 8);
  CHECK(road.points == 8);
  CHECK(road.winners == players_mask({0, 1}));
  const std::vector<Event> bonus = events_of(ev, Event::Type::FairyBonus);
  REQUIRE(bonus.size() == 1u);
  CHECK(bonus[0].winners == players_mask({0}));
  CHECK(bonus[0].points == 3);
  check_scores(g, 13, 8);
  check_supplies(g, 7, 7);
  check_fairy(g, 1, 0, Location::None);  // alone on its tile
  ev.clear();
  play(g, "E 0,-1 180", &ev);  // the turn passes to P0 without a point
  CHECK(count_of(ev, Event::Type::FairyPoint) == 0);
  check_scores(g, 13, 8);
  CHECK(g.current_player() == 0);
}

TEST_CASE("Princess & Dragon example 8: the fairy at the end of the game", "[princess][example]") {
  Game g = new_game(2, "U U A A", pd());
  play(g, "U 1,0 90 ESE");  // P0's farmer in D's south field
  play(g, "U -1,0 90 E");   // P1's thief
  play(g, "A 2,0 90 F:1,0:ESE");
  check_fairy(g, 1, 0, Location::ESE);

  SECTION("P1 moves the fairy to its own thief, then completes the road") {
    Events ev;
    play(g, "A -2,0 270 F:-1,0:E", &ev);
    REQUIRE(g.over());
    const Event road = only_score(ev, FeatureKind::Road);
    CHECK(road.tiles == 5);
    CHECK(road.points == 5);
    CHECK(road.winners == players_mask({1}));
    const std::vector<Event> bonus = events_of(ev, Event::Type::FairyBonus);
    REQUIRE(bonus.size() == 1u);
    CHECK(bonus[0].winners == players_mask({1}));
    CHECK(bonus[0].points == 3);
    CHECK(count_of(ev, Event::Type::FairyPoint) == 0);
    check_fairy(g, -1, 0, Location::None);
    check_scores(g, 0, 8);  // P0's field touches only D's incomplete city
  }
  SECTION("no fairy move: no turn point at the end, +3 for a field worth 0") {
    Events ev;
    play(g, "A -2,0 270", &ev);
    REQUIRE(g.over());
    CHECK(only_score(ev, FeatureKind::Road).points == 5);
    CHECK(count_of(ev, Event::Type::FairyPoint) == 0);  // no tile face down: the turn does not pass
    const std::vector<Event> bonus = events_of(ev, Event::Type::FairyBonus);
    REQUIRE(bonus.size() == 1u);
    CHECK(bonus[0].winners == players_mask({0}));
    CHECK(bonus[0].points == 3);
    check_fairy(g, 1, 0, Location::ESE);
    check_scores(g, 3, 5);
  }
}

TEST_CASE("Princess & Dragon example 9: the princess removes a knight", "[princess][example]") {
  Game g = new_game(2, "U N DB U E U", pd());
  play(g, "U 1,0 90");
  play(g, "N 0,-1 90 E");  // P1's knight; the city D+N is open to the east
  CHECK(refusal(g, "DB 1,-1 0 N") == Illegal::FeatureOccupied);
  Events ev;
  play(g, "DB 1,-1 0 princess:0,-1:E", &ev);
  CHECK(count_of(ev, Event::Type::PrincessRemoves) == 1);
  check_supplies(g, 7, 7);  // P1's knight home, P0 deployed nothing
  CHECK(g.meeples().empty());
  play(g, "U 2,0 90");
  ev.clear();
  play(g, "E 1,-2 180 S", &ev);  // P0's knight in the city, unoccupied again, completing it
  const Event city = only_score(ev, FeatureKind::City);
  CHECK(city.tiles == 4);
  CHECK(city.points == 8);
  CHECK(city.winners == players_mask({0}));
  check_scores(g, 8, 0);
  check_supplies(g, 7, 7);
}

TEST_CASE("Princess & Dragon example 10: the princess on a city the tile completes", "[princess][example]") {
  Game g = new_game(2, "U N DF U", pd());
  play(g, "U 1,0 90");
  play(g, "N 0,-1 90 E");  // P1's knight

  SECTION("the knight is removed before the scoring: nobody scores") {
    Events ev;
    play(g, "DF 1,-1 270 princess:0,-1:E", &ev);
    CHECK(count_of(ev, Event::Type::PrincessRemoves) == 1);
    for (const Event& e : scores(ev)) CHECK(e.feature != FeatureKind::City);
    check_scores(g, 0, 0);
    check_supplies(g, 7, 7);
  }
  SECTION("without the removal P1 scores 6") {
    Events ev;
    play(g, "DF 1,-1 270", &ev);
    const Event city = only_score(ev, FeatureKind::City);
    CHECK(city.tiles == 3);
    CHECK(city.points == 6);
    CHECK(city.winners == players_mask({1}));
    check_scores(g, 0, 6);
    check_supplies(g, 7, 7);
  }
}

TEST_CASE("Move text through the magic portal: a meeple, large meeple, abbot, mayor or wagon, no builder, pig or barn",
          "[princess][notation]") {
  for (const std::string_view word : {"@1,1:C", "@1,1:L:C", "@1,1:A:C", "@1,1:M:N", "@1,1:W:C"}) {
    INFO(word);
    FigureChoice f;
    CHECK(parse_figure_action(word, f));
    CHECK(f.elsewhere);
  }
  for (const std::string_view word : {"@1,1:B:C", "@1,1:P:C", "@1,1:N:NW", "@1,1:recall"}) check_no_figure_action("DR -1,0 0", word);
}

TEST_CASE("Princess & Dragon example 11: the magic portal", "[princess][example]") {
  Game g = new_game(2, "E U D2 B DR U", pd());
  play(g, "E 0,-1 180");  // closes D's city, nobody
  play(g, "U 1,0 90 E");  // P1's thief
  play(g, "D2 0,1 0");    // the dragon at (0,1)
  play(g, "B 1,1 0");     // a monastery, no monk
  check_dragon(g, 0, 1);
  CHECK(refusal(g, "DR -1,0 0") == Illegal::None);
  CHECK(refusal(g, "DR -1,0 0 @0,-1:S") != Illegal::None);                      // that city is complete
  CHECK(refusal(g, "DR -1,0 0 @1,0:E") == Illegal::FeatureOccupied);           // P1's thief
  CHECK(refusal(g, "DR -1,0 0 @0,1:NNE") != Illegal::None);                    // the dragon's tile
  CHECK(refusal(g, "DR -1,0 0 @-1,0:S") != Illegal::None);                     // on this tile write S
  CHECK(refusal(g, "DR -1,0 0 S") == Illegal::None);
  {
    // No portal on U.
    Game u = new_game(2, "E U D2 B U", pd());
    play_all(u, {"E 0,-1 180", "U 1,0 90 E", "D2 0,1 0", "B 1,1 0"});
    CHECK(refusal(u, "U -1,0 90 @1,1:C") != Illegal::None);
  }
  {
    // The portal deployments, after DR's own, by tile x, then y, then location; no fairy move.
    Game listing = g;
    place(listing, "DR -1,0 0");
    REQUIRE(decision_kind(listing) == DecisionKind::Figure);
    const std::vector<std::string> all = option_texts(listing);
    INFO(Catch::Detail::stringify(all));
    bool last = false;
    CHECK(options_starting(all, "@", &last) ==
          std::vector<std::string>{"@0,-1:NNE", "@0,0:ENE", "@0,0:ESE", "@1,0:NNE", "@1,0:ESE", "@1,1:C",
                                   "@1,1:NNE"});
    CHECK(last);
    CHECK(options_starting(all, "F:").empty());
    CHECK(options_starting(all, "princess:").empty());
    REQUIRE_FALSE(all.empty());
    CHECK(all[0] == "-");
  }

  SECTION("a monk on the empty monastery at (1,1)") {
    Events ev;
    play(g, "DR -1,0 0 @1,1:C", &ev);
    CHECK(count_of(ev, Event::Type::Portal) == 1);
    CHECK(owner_at(g, 1, 1, Location::C) == 0);
    CHECK(g.supply(0) == 6);
  }
  SECTION("a farmer on D's south field: it reaches the dragon's tile, but stands on D") {
    play(g, "DR -1,0 0 @0,0:ESE");
    CHECK(owner_at(g, 0, 0, Location::ESE) == 0);
    CHECK(g.supply(0) == 6);
  }
}

TEST_CASE("Princess & Dragon example 12: monastery in a city", "[princess][example]") {
  Game g = new_game(2, "D2 B DO E E", pd());
  play(g, "D2 0,1 0");
  play(g, "B 0,2 0");
  play(g, "DO 0,-1 180 C");  // P0's monk in DO's monastery; DO's city joins D's
  check_step_options(g, 0, {"dragon N", "dragon S"});
  CHECK(step_eats(g, 0, "dragon S").empty());
  check_flight_over(g);  // a dead end after 1 step
  check_dragon(g, 0, 2);
  CHECK(g.current_player() == 1);
  play(g, "E -1,-1 90 E");  // P1's knight in the same city (the monk is not in it)
  check_supplies(g, 6, 6);
  Events ev;
  play(g, "E 1,-1 270", &ev);  // the last tile: the city D, DO, E, E completes
  REQUIRE(g.over());
  bool city_seen = false;
  for (const Event& e : scores(ev)) {
    if (e.feature == FeatureKind::City) {
      city_seen = true;
      CHECK(e.tiles == 4);
      CHECK(e.points == 8);
      CHECK(e.winners == players_mask({1}));
    }
    if (e.feature == FeatureKind::Monastery) {
      CHECK(e.end_game);
      CHECK(e.points == 4);  // 1 + (-1,-1), (1,-1), (0,0)
      CHECK(e.winners == players_mask({0}));
    }
  }
  CHECK(city_seen);
  check_scores(g, 4, 8);
}

TEST_CASE("Princess & Dragon example 13: the tunnel joins two fields", "[princess][example]") {
  SECTION("DQ joins the fields north and south of the road: 3-3") {
    Game g = new_game(2, "D2 U B E DQ", pd());
    play(g, "D2 0,1 0");
    play(g, "U -1,0 90 NNE");  // P1's farmer north of the road
    play(g, "B 0,2 0 NNE");    // P0's farmer south of the road
    play(g, "E 0,-1 180");     // closes D's city, nobody
    play(g, "DQ 1,0 90");      // the last tile
    check_step_options(g, 0, {"dragon N", "dragon S"});
    CHECK(step_eats(g, 0, "dragon N").empty());
    check_step_options(g, 1, {"dragon N", "dragon E", "dragon W"});
    Events ev;
    step(g, 1, "dragon E", &ev);
    CHECK(count_of(ev, Event::Type::Eaten) == 0);
    check_flight_over(g);  // a dead end after 2 steps, then the end of the game
    REQUIRE(g.over());
    check_dragon(g, 1, 0);
    const Event field = only_score(ev, FeatureKind::Field);
    CHECK(field.points == 3);
    CHECK(field.winners == players_mask({0, 1}));
    check_scores(g, 3, 3);
  }
  SECTION("had the game ended before DQ: P1 3 (north field), P0 0") {
    Game g = new_game(2, "D2 U B E", pd());
    play_all(g, {"D2 0,1 0", "U -1,0 90 NNE", "B 0,2 0 NNE", "E 0,-1 180"});
    REQUIRE(g.over());
    check_scores(g, 0, 3);
  }
}

TEST_CASE("Princess & Dragon example 14: Inns & Cathedrals, large meeple, fairy, princess",
          "[princess][example][inns]") {
  Options o = pd();
  o.inns_and_cathedrals = true;
  auto opening = [](Game& g) {
    play(g, "N 0,-1 90 E");  // P0's knight
    play(g, "U 1,0 90");
    play(g, "U 2,0 90");
    play(g, "E 2,-1 270 L:W");  // P1's large knight in a separate city facing west
    play(g, "U -1,0 90 F:0,-1:E");
    check_fairy(g, 0, -1, Location::E);
  };

  SECTION("P1 completes the city: the large knight wins, P0 gets the fairy's 3") {
    Game g = new_game(2, "N U U E U G U", o);
    opening(g);
    Events ev;
    play(g, "G 1,-1 0", &ev);
    const Event city = only_score(ev, FeatureKind::City);
    CHECK(city.tiles == 4);
    CHECK(city.points == 8);
    CHECK(city.winners == players_mask({1}));
    const std::vector<Event> bonus = events_of(ev, Event::Type::FairyBonus);
    REQUIRE(bonus.size() == 1u);
    CHECK(bonus[0].winners == players_mask({0}));
    CHECK(bonus[0].points == 3);
    CHECK(count_of(ev, Event::Type::FairyPoint) == 0);  // the fairy is alone when the turn passes
    check_scores(g, 3, 8);
    check_supplies(g, 7, 7);
    CHECK(g.supply(0, Figure::Large) == 1);
    CHECK(g.supply(1, Figure::Large) == 1);
    check_fairy(g, 0, -1, Location::None);
  }
  SECTION("P0's princess removes P1's large knight") {
    Game g = new_game(2, "N U U E U U DC U", o);
    opening(g);
    play(g, "U 3,0 90");  // the turn passes to P0: +1
    check_scores(g, 1, 0);
    REQUIRE(g.current_tile() == tile_from_name("DC"));
    {
      Game listing = g;
      place(listing, "DC 1,-1 0");
      REQUIRE(decision_kind(listing) == DecisionKind::Figure);
      const std::vector<std::string> all = option_texts(listing);
      INFO(Catch::Detail::stringify(all));
      bool last = false;
      CHECK(options_starting(all, "princess:", &last) ==
            std::vector<std::string>{"princess:0,-1:E", "princess:2,-1:W"});
      CHECK(last);  // after the on-tile actions
      CHECK(options_starting(all, "F:").empty());  // the fairy already stands next to P0's only meeple
    }
    Events ev;
    play(g, "DC 1,-1 0 princess:2,-1:W", &ev);
    CHECK(count_of(ev, Event::Type::PrincessRemoves) == 1);
    CHECK(scores(ev).empty());  // the city stays open to the north
    check_scores(g, 1, 0);
    CHECK(owner_at(g, 0, -1, Location::E) == 0);  // P0's knight stays
    check_fairy(g, 0, -1, Location::E);
    CHECK(g.supply(0) == 6);
    CHECK(g.supply(0, Figure::Large) == 1);
    CHECK(g.supply(1) == 7);
    CHECK(g.supply(1, Figure::Large) == 1);
  }
}

TEST_CASE("Princess & Dragon example 15: Traders & Builders, pig, large meeple, builder, bonus tile",
          "[princess][example][traders]") {
  Options o = pd();
  o.traders_and_builders = true;
  o.inns_and_cathedrals = true;
  auto opening = [](Game& g) {
    play(g, "U 1,0 90 E");       // P0's thief
    play(g, "D2 0,1 0");         // the dragon at (0,1)
    play(g, "U 2,0 90 B:E");     // P0's builder on the same road
    play(g, "U -1,0 90 L:ESE");  // P1's large farmer in D's south field
    play(g, "E 0,-1 180");
  };
  {
    // No builder through a portal.
    Game g = new_game(2, "U D2 U U E DR", o);
    opening(g);
    REQUIRE(g.current_tile() == tile_from_name("DR"));
    CHECK(refused(g, "DR -2,0 0 @2,0:B:E"));
  }
  Game g = new_game(2, "U D2 U U E B DH A U", o);
  opening(g);
  play(g, "B -1,1 0 P:NNE");  // P1's pig in that field
  CHECK(g.supply(0) == 6);
  CHECK(g.supply(0, Figure::Builder) == 0);
  CHECK(g.supply(1, Figure::Large) == 0);
  CHECK(g.supply(1, Figure::Pig) == 0);
  play(g, "DH 3,0 90");  // extends the builder's road: a bonus tile is due; then the flight
  check_step_options(g, 0, {"dragon N", "dragon W"});
  CHECK(step_eats(g, 0, "dragon W") == Owners{players_mask({1})});  // P1's pig
  check_step_options(g, 1, {"dragon N"});
  CHECK(step_eats(g, 1, "dragon N") == Owners{players_mask({1})});  // P1's large farmer
  check_step_options(g, 0, {"dragon E"});
  CHECK(step_eats(g, 0, "dragon E").empty());
  check_step_options(g, 1, {"dragon N", "dragon E"});
  Events ev;
  step(g, 1, "dragon E", &ev);  // P0's thief; P0's builder at (2,0) goes home
  const std::vector<Event> eaten = events_of(ev, Event::Type::Eaten);
  REQUIRE(eaten.size() == 1u);
  CHECK(eaten[0].winners == players_mask({0}));
  const std::vector<Event> alone = events_of(ev, Event::Type::AloneHome);
  REQUIRE(alone.size() == 1u);
  CHECK(alone[0].winners == players_mask({0}));
  CHECK(g.supply(0, Figure::Builder) == 1);
  check_step_options(g, 0, {"dragon E"});
  CHECK(step_eats(g, 0, "dragon E").empty());
  check_step_options(g, 1, {"dragon E"});
  ev.clear();
  step(g, 1, "dragon E", &ev);  // to (3,0): six steps
  CHECK(count_of(ev, Event::Type::Eaten) == 0);
  CHECK(count_of(ev, Event::Type::FlightEnds) == 1);
  CHECK(scores(ev).empty());
  check_dragon(g, 3, 0);
  check_scores(g, 0, 0);
  CHECK(g.meeples().empty());
  for (int p = 0; p < 2; ++p) {
    CHECK(g.supply(p) == 7);
    CHECK(g.supply(p, Figure::Large) == 1);
    CHECK(g.supply(p, Figure::Builder) == 1);
    CHECK(g.supply(p, Figure::Pig) == 1);
  }
  // The bonus tile is still due.
  REQUIRE(g.phase() == Phase::Decide);
  CHECK(decision_kind(g) == DecisionKind::Bonus);
  CHECK(g.current_player() == 0);
  ev.clear();
  play_bonus(g, "A 4,0 90 W", &ev);  // a thief again; the road stays open at its west end
  CHECK(scores(ev).empty());
  CHECK(g.supply(0) == 6);
  CHECK(g.current_player() == 1);
  CHECK(g.phase() == Phase::PlaceTile);
}

TEST_CASE("Princess & Dragon example 16: the Abbot, eaten abbot, fairy, recall", "[princess][example][abbot]") {
  Options o = pd();
  o.abbot = true;
  Game g = new_game(2, "U_G D3 U DH E U", o);
  play(g, "U_G 0,1 90 A:C");  // P0's abbot on the garden
  play(g, "D3 1,1 90");       // P1: the volcano east of it
  check_dragon(g, 1, 1);
  CHECK(g.supply(0, Figure::Abbot) == 0);

  SECTION("the dragon eats the abbot") {
    play(g, "U -1,1 90");
    play(g, "DH 2,1 90");  // P1
    check_step_options(g, 1, {"dragon E", "dragon W"});
    Events ev;
    step(g, 1, "dragon W", &ev);
    const std::vector<Event> eaten = events_of(ev, Event::Type::Eaten);
    REQUIRE(eaten.size() == 1u);
    CHECK(eaten[0].winners == players_mask({0}));
    CHECK(eaten[0].x == 0);
    CHECK(eaten[0].y == 1);
    CHECK(eaten[0].location == Location::C);
    CHECK(scores(ev).empty());
    CHECK(events_of(ev, Event::Type::Recall).empty());
    check_step_options(g, 0, {"dragon N", "dragon W"});
    CHECK(step_eats(g, 0, "dragon N").empty());
    check_flight_over(g);  // from (0,0) no tile qualifies: a dead end after 2 steps
    check_dragon(g, 0, 0);
    check_scores(g, 0, 0);
    CHECK(g.supply(0, Figure::Abbot) == 1);
    CHECK(g.current_player() == 0);
  }
  SECTION("the fairy keeps the dragon out; the recall earns no +3") {
    play(g, "U -1,1 90 F:0,1:C");  // the fairy next to the abbot
    check_fairy(g, 0, 1, Location::C);
    play(g, "DH 2,1 90");  // P1
    check_step_options(g, 1, {"dragon E"});  // (0,1) is the fairy's tile
    Events ev;
    step(g, 1, "dragon E", &ev);  // then a dead end after 1 step; the turn passes to P0: +1
    check_flight_over(g);
    check_dragon(g, 2, 1);
    CHECK(count_of(ev, Event::Type::FairyPoint) == 1);
    check_scores(g, 1, 0);
    CHECK(g.current_player() == 0);
    ev.clear();
    play(g, "E 0,-1 180 recall", &ev);
    const std::vector<Event> recall = events_of(ev, Event::Type::Recall);
    REQUIRE(recall.size() == 1u);
    CHECK(recall[0].points == 4);  // 1 + (0,0), (-1,1), (1,1)
    CHECK(recall[0].winners == players_mask({0}));
    CHECK(count_of(ev, Event::Type::FairyBonus) == 0);
    check_scores(g, 5, 0);
    CHECK(g.supply(0, Figure::Abbot) == 1);
    check_fairy(g, 0, 1, Location::None);
  }
}

TEST_CASE("Princess & Dragon example 17: set-aside tiles in a record, the bonus tile and the way back",
          "[princess][example][record][traders]") {
  const std::vector<std::string> lines = {
      "carcassonne-record 1",
      "players 2",
      "traders-and-builders on",
      "princess-and-dragon on",
      "order U E U A U DG U DH DZ A",
      "U 1,0 90 E          # turn 1, P0: thief",
      "E 0,-1 180 -        # turn 2, P1: closes D's city (2 tiles, nobody)",
      "U 2,0 90 B:E        # turn 3, P0: builder on the thief's road",
      "A 0,1 0 -           # turn 4, P1: monastery, its road leading south",
      "U 3,0 90 -          # turn 5, P0: extends the builder's road: a bonus tile is due",
      "aside DG            # P0 takes the bonus tile: DG, set aside; P0 draws again",
      "U -1,0 90 -         # P0's bonus tile",
      "aside DH            # turn 6, P1's draw: set aside; P1 draws again",
      "DZ 0,-2 0 -         # turn 6, P1: the first volcano, dragon at (0,-2); DG, DH go back on top",
      "DG 1,-1 180 -       # turn 7, P0: flight from (0,-2)",
      "dragon S            # step 1, P0: only S",
      "dragon S            # step 2, P1: E or S",
      "dragon W            # step 3, P0: E, S or W; then a dead end",
      "DH 0,2 0 -          # turn 8, P1: flight from (-1,0)",
      "dragon E            # step 1, P1: only E",
      "dragon N            # step 2, P0: N, E or S",
      "dragon N            # step 3, P1: N or E; then a dead end",
      "A 4,0 90 -          # turn 9, P0: the last tile; it extends the builder's road, no tile is left",
  };
  const TileType DG = tile_from_name("DG");
  const TileType DH = tile_from_name("DH");
  const TileType DZ = tile_from_name("DZ");
  const TileType A = tile_from_letter('A');

  SECTION("the record loads: final 6-0, P0's builder on the board") {
    const Game g = load_ok(lines);
    CHECK(g.over());
    check_scores(g, 6, 0);
    check_supplies(g, 6, 7);
    CHECK(g.supply(0, Figure::Builder) == 0);
    CHECK(owner_at(g, 1, 0, Location::E) == 0);  // the thief, not eaten
    check_dragon(g, 0, -2);
    check_round_trip(g);
  }
  SECTION("while DG and DH are aside, DZ is in hand and only A is face down") {
    const Game g = load_ok(first_lines(lines, 13));
    CHECK(g.current_player() == 1);
    CHECK(g.current_tile() == DZ);
    CHECK(g.tiles_in_pile() == 1);
    CHECK(g.face_down(A) == 1);
    CHECK(g.face_down(DG) == 0);
    CHECK(g.face_down(DH) == 0);
    check_no_dragon(g);
  }
  SECTION("DZ brings DG and DH back on top, in set-aside order") {
    const Game g = load_ok(first_lines(lines, 14));
    check_dragon(g, 0, -2);
    CHECK(g.current_player() == 0);
    CHECK(g.current_tile() == DG);
    CHECK(g.tiles_in_pile() == 2);
    CHECK(g.face_down(DH) == 1);
    CHECK(g.face_down(A) == 1);
  }
  SECTION("a record stopping inside a flight waits for the next step") {
    Game g = load_ok(first_lines(lines, 16));
    check_step_options(g, 1, {"dragon E", "dragon S"});
    step(g, 1, "dragon S");
    check_step_options(g, 0, {"dragon E", "dragon S", "dragon W"});
    CHECK(step_eats(g, 0, "dragon W").empty());
    check_flight_over(g);  // a dead end at (-1,0) after 3 steps
    check_dragon(g, -1, 0);
    CHECK(g.current_player() == 1);
    CHECK(g.current_tile() == DH);
  }
  SECTION("the first flight ends at (-1,0), the second at (0,-2); nothing is eaten") {
    const Game first = load_ok(first_lines(lines, 18));
    check_dragon(first, -1, 0);
    CHECK(first.current_tile() == DH);
    const Game second = load_ok(first_lines(lines, 20));
    check_step_options(second, 0, {"dragon N", "dragon E", "dragon S"});
    const Game before_last = load_ok(first_lines(lines, 22));
    check_dragon(before_last, 0, -2);
    check_scores(before_last, 0, 0);
    check_supplies(before_last, 6, 7);
    CHECK(before_last.supply(0, Figure::Builder) == 0);
    CHECK(before_last.current_player() == 0);
    CHECK(before_last.current_tile() == A);
    CHECK(before_last.tiles_in_pile() == 0);
  }
  SECTION("a pass after the aside that took the bonus tile is refused") {
    std::vector<std::string> bad = lines;
    bad.insert(bad.begin() + 11, "pass");
    CHECK(load_refusal(bad) ==
          "line 12: 'pass' declines the builder's bonus tile, but none is due here (a line whose tile extends "
          "the player's builder's road or city earns one)");
  }
  SECTION("without 'aside DH' the record is refused at the DZ line") {
    std::vector<std::string> bad = lines;
    bad.erase(bad.begin() + 12);
    CHECK(load_refusal(bad) ==
          "line 13: the draw order draws DH here while the dragon is not on the board: the record must say "
          "'aside DH' before this move");
  }
}

TEST_CASE("Princess & Dragon example 18: the fairy point as the turn passes, a pile that runs out",
          "[princess][example][record]") {
  const std::vector<std::string> lines = {
      "carcassonne-record 1",
      "players 2",
      "princess-and-dragon on",
      "order U E V B DG DH",
      "U 1,0 90 E          # turn 1, P0: thief",
      "E 0,-1 180 -        # turn 2, P1: closes D's city (2 tiles, nobody)",
      "V 2,0 0 F:1,0:E     # turn 3, P0: the fairy next to P0's thief",
      "B 0,1 0 -           # turn 4, P1; the turn passes to P0: fairy point, 1-0",
      "aside DG            # turn 5, P0's draw: set aside; P0 draws again",
      "aside DH            # set aside; no tile is left face down: the game ends",
  };
  const TileType DG = tile_from_name("DG");

  SECTION("the record loads: the point stays, final 7-0") {
    const Game g = load_ok(lines);
    CHECK(g.over());
    check_scores(g, 7, 0);
    check_fairy(g, 1, 0, Location::E);
    check_no_dragon(g);
    check_round_trip(g);
  }
  SECTION("the same game move by move: the point comes before the draws set tiles aside") {
    Game g = new_game(2, "U E V B DG DH", pd());
    play_all(g, {"U 1,0 90 E", "E 0,-1 180", "V 2,0 0 F:1,0:E"});
    Events ev;
    play(g, "B 0,1 0", &ev);
    REQUIRE(g.over());
    int point = -1, first_aside = -1;
    for (int i = 0; i < ev.count; ++i) {
      if (ev.items[i].type == Event::Type::FairyPoint && point < 0) point = i;
      if (ev.items[i].type == Event::Type::SetAside && first_aside < 0) first_aside = i;
    }
    CHECK(point >= 0);
    CHECK(point < first_aside);
    CHECK(count_of(ev, Event::Type::SetAside) == 2);
    const Event road = only_score(ev, FeatureKind::Road);
    CHECK(road.tiles == 3);
    CHECK(road.points == 3);
    CHECK(count_of(ev, Event::Type::FairyBonus) == 1);
    check_scores(g, 7, 0);
  }
  SECTION("both aside lines are required") {
    CHECK_THAT(load_refusal(first_lines(lines, 8)),
               Catch::Contains("the record ends, but the draw order draws DG next, which is set aside (the dragon "
                               "is not on the board): add 'aside DG'"));
  }
  SECTION("with nothing face down after line 8 the turn does not pass: no point, final 6-0") {
    std::vector<std::string> short_pile = first_lines(lines, 8);
    short_pile[3] = "order U E V B";
    const Game g = load_ok(short_pile);
    CHECK(g.over());
    check_scores(g, 6, 0);
  }

  // The same game as a public record, stopped between turns 4 and 5.
  const std::vector<std::string> pub = {
      "carcassonne-record 1", "players 2", "princess-and-dragon on", "pile hidden",
      "U 1,0 90 E",           "E 0,-1 180 -", "V 2,0 0 F:1,0:E", "B 0,1 0 -",
  };
  SECTION("the public record loads as the position after the turn passed") {
    const Game g = load_ok(pub);
    CHECK(g.caller_draws());
    CHECK(g.phase() == Phase::Draw);
    CHECK(g.current_player() == 0);
    CHECK(g.current_tile() == kNoTile);
    check_scores(g, 1, 0);
    CHECK(g.tiles_in_pile() == 97);
    CHECK(g.face_down(DG) == 2);
    std::array<double, kTileTypes> odds{};
    next_tile_probabilities(g, odds);
    CHECK(odds[DG] == Approx(2.0 / 97.0));  // dragon tiles count although the dragon is off the board
  }
  SECTION("a ninth line 'aside DG' leaves P0 to draw again") {
    std::vector<std::string> more = pub;
    more.push_back("aside DG");
    const Game g = load_ok(more);
    CHECK(g.phase() == Phase::Draw);
    CHECK(g.current_player() == 0);
    CHECK(g.tiles_in_pile() == 96);
    CHECK(g.face_down(DG) == 1);
    check_scores(g, 1, 0);
  }
  SECTION("a ninth line placing DG, or setting U aside, is refused") {
    std::vector<std::string> bad = pub;
    bad.push_back("DG 3,0 0 -");
    CHECK(load_refusal(bad) ==
          "line 9: DG is a dragon tile and the dragon is not on the board: the record must say 'aside DG'");
    bad.back() = "aside U";
    CHECK(load_refusal(bad) ==
          "line 9: U is not set aside: only dragon tiles are, while the dragon is not on the board");
  }
}

// --- where the rule texts leave the engine a choice, and the record format's promises ---

TEST_CASE("Princess & Dragon: a re-deal after the first volcano is saved with a 'deal' line and reloads as the same game",
          "[princess][record]") {
  // DH and DG are set aside; DZ brings them back on top: DH is drawn at once, DG lies on top.
  const Game start = new_game(2, "DH DG U DZ U U U U", pd());
  int redealt = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game g = start;
    Rng rng(seed);
    test::random_choice(g, rng);  // U
    test::random_choice(g, rng);  // no figure
    test::random_choice(g, rng);  // DZ, the first volcano
    test::random_choice(g, rng);
    REQUIRE(g.current_tile() == tile_from_name("DH"));
    REQUIRE(g.order_replays());  // an order still says it: DG is the next draw
    Game before = g;
    g.redeal(rng);
    if (g.draw_order()[g.drawn()] == tile_from_name("DG")) {
      CHECK(g.order_replays());  // DG stayed on top: the order form still replays
      check_round_trip(g);
      continue;
    }
    ++redealt;
    CHECK_FALSE(g.order_replays());
    const std::string text = save_record(g);
    INFO(text);
    CHECK(text.find("\npile hidden") != std::string::npos);
    const size_t deal = text.rfind("\ndeal ");
    REQUIRE(deal != std::string::npos);
    CHECK(text.find('\n', deal + 1) == text.size() - 1);  // the very last line
    check_round_trip(g);
    // Play on: the history replays draw by draw, the record keeps saying the game; undo goes
    // back to the last turn's start or the last decision (a figure action is its turn's).
    while (!g.over()) {
      if (g.phase() != Phase::PlaceMeeple) before = g;
      test::random_choice(g, rng);
      Game back(2, uint64_t{0});
      std::string error;
      REQUIRE(undo(g, back, &error) == Status::Ok);
      CHECK(back == before);
      check_round_trip(g);
    }
  }
  CHECK(redealt > 10);
}

TEST_CASE("Princess & Dragon: a 'deal' line must list the face-down tiles, and be the last line", "[princess][record]") {
  const std::vector<std::string> head = {"carcassonne-record 1", "players 2", "princess-and-dragon on",
                                         "pile hidden DH U DZ U U", "aside DH", "U 1,0 90 E", "DZ 0,-1 180 -"};
  auto with = [&](std::vector<std::string> tail) {
    std::vector<std::string> lines = head;
    lines.insert(lines.end(), tail.begin(), tail.end());
    return lines;
  };
  const Game g = load_ok(with({"deal DH U U"}));
  CHECK(g.fixed_order());
  CHECK_FALSE(g.caller_draws());
  CHECK(g.current_tile() == tile_from_name("DH"));
  CHECK(g.draw_order()[g.drawn()] == tile_from_letter('U'));
  CHECK(load_refusal(with({"deal DH U"})) == "line 8: the deal leaves out U, which is face down here");
  CHECK(load_refusal(with({"deal DH U U U"})) == "line 8: the deal lists U once too often: 2 face down here");
  CHECK(load_refusal(with({"deal DH U U", "U 2,0 0 -"})) == "line 9: the 'deal' on line 8 must be the last line");
  const std::vector<std::string> ordered = {"carcassonne-record 1", "players 2", "princess-and-dragon on", "order DH U DZ",
                                            "aside DH", "deal U DZ"};
  CHECK(load_refusal(ordered) == "line 6: a 'deal' line ends the full record of a game whose pile is hidden ('pile hidden')");
}

TEST_CASE("Princess & Dragon: only the first volcano brings set-aside tiles back", "[princess]") {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Game g = new_game(2, "DH U DZ U DY U U", pd());
    Rng rng(seed);
    Events ev;
    int back = 0, landings = 0;
    while (!g.over()) {
      ev.clear();
      test::random_choice(g, rng, &ev);
      back += count_of(ev, Event::Type::SetAsideBack);
      landings += count_of(ev, Event::Type::DragonLands);
    }
    CHECK(back == 1);
    CHECK(landings == 2);
  }
}

TEST_CASE("Princess & Dragon: a fairy move names the meeple by any location of its feature on that tile",
          "[princess][notation]") {
  Game g = new_game(2, "U U A A", pd());
  play(g, "U 1,0 90 E");  // P0's thief on the road of (1,0)
  play(g, "U -1,0 90");
  FeatureInfo thief;
  REQUIRE(inspect_feature(g, 1, 0, Location::E, thief) == Status::Ok);
  int same = 0;
  for (int l = 0; l < kLocationCount; ++l) {
    const Location loc = static_cast<Location>(l);
    const std::string text = fmt::format("A 2,0 90 F:1,0:{}", location_name(loc));
    INFO(text);
    FeatureInfo here;
    const bool part = inspect_feature(g, 1, 0, loc, here) == Status::Ok && here.kind == thief.kind &&
                      here.tile_indices == thief.tile_indices && here.meeples == thief.meeples;
    if (!part) {
      CHECK(refused(g, text));
      continue;
    }
    ++same;
    Game t = g;
    play(t, text);
    check_fairy(t, 1, 0, Location::E);
    CHECK(save_record(t).find("F:1,0:E ") != std::string::npos);  // written as listed
  }
  CHECK(same >= 2);  // E and W name the road
}

TEST_CASE("Princess & Dragon: the fairy's bonus at the end of the game is end-game scoring", "[princess]") {
  Game g = new_game(2, "U U A A", pd());
  play(g, "U 1,0 90 ESE");
  play(g, "U -1,0 90 E");
  play(g, "A 2,0 90 F:1,0:ESE");
  Events ev;
  play(g, "A -2,0 270", &ev);
  const std::vector<Event> bonus = events_of(ev, Event::Type::FairyBonus);
  REQUIRE(bonus.size() == 1u);
  CHECK(bonus[0].end_game);
  const std::string text = save_record(g);
  INFO(text);
  const size_t end = text.find("# end-game scoring:");
  REQUIRE(end != std::string::npos);
  CHECK(text.find("fairy", end) != std::string::npos);
}

TEST_CASE("Princess & Dragon pictures: the dragon, the fairy and the tiles' symbols", "[princess][svg][text]") {
  Game g = new_game(2, "U U DZ U U", pd());
  play(g, "U 1,0 90 E");
  play(g, "U -1,0 90 NNE");
  play(g, "DZ 0,-1 180 F:1,0:E");  // the dragon enters at (0,-1); the fairy beside P0's thief at (1,0)
  const std::string svg = render_svg(g);
  CHECK(svg.find("data-piece=\"dragon\" data-x=\"0\" data-y=\"-1\"") != std::string::npos);
  CHECK(svg.find("data-piece=\"fairy\" data-x=\"1\" data-y=\"0\"") != std::string::npos);
  CHECK(svg.find("data-symbol=\"volcano\"") != std::string::npos);
  CHECK(svg.find("dragon (D) at 0,-1; fairy (F) at 1,0 beside the meeple on E") != std::string::npos);
  CHECK(render_tile_svg(tile_from_name("DZ"), 0).find("data-symbol=\"volcano\"") != std::string::npos);
  CHECK(render_tile_svg(tile_from_letter('U'), 0).find("data-symbol") == std::string::npos);
  // Text: the volcano's mark 'v' under the dragon's 'D', the fairy's 'F' right of the middle.
  TextOptions plain;
  plain.coordinates = false;
  const std::string text = render_text(g, plain);
  INFO(text);
  CHECK(text.find('D') != std::string::npos);
  CHECK(text.find('F') != std::string::npos);
  CHECK(render_text(new_game(2, "DZ U", pd())).find('v') == std::string::npos);  // nothing placed yet
  Game volcano = new_game(2, "DZ U", pd());
  play(volcano, "DZ 0,-1 180");
  CHECK(render_text(volcano, plain).find('D') != std::string::npos);  // the dragon over the volcano's 'v'
}

TEST_CASE("Princess & Dragon pictures: the portal's deployments and the dragon's steps are targets on their tiles",
          "[princess][svg]") {
  // The targets of the picture, as "text at x,y".
  auto targets = [](const Game& g) {
    SvgOptions opt;
    opt.targets = true;
    const std::string svg = render_svg(g, opt);
    std::vector<std::string> out;
    for (size_t at = svg.find("<g class=\"target\""); at != std::string::npos; at = svg.find("<g class=\"target\"", at + 1)) {
      auto attr = [&](std::string_view name) {
        const size_t b = svg.find(fmt::format(" {}=\"", name), at) + name.size() + 3;
        return svg.substr(b, svg.find('"', b) - b);
      };
      out.push_back(fmt::format("{} at {},{}", attr("data-text"), attr("data-x"), attr("data-y")));
    }
    return out;
  };
  Game g = new_game(2, "E U D2 B DR U", pd());
  play_all(g, {"E 0,-1 180", "U 1,0 90 E", "D2 0,1 0", "B 1,1 0"});
  place(g, "DR -1,0 0");
  const std::vector<std::string> portal = targets(g);
  for (const char* want : {"@0,-1:NNE at 0,-1", "@1,1:C at 1,1", "@1,0:ESE at 1,0", "S at -1,0"})
    CHECK(std::find(portal.begin(), portal.end(), want) != portal.end());
  CHECK(static_cast<int>(portal.size()) == static_cast<int>(option_texts(g).size()) - 1);  // all but "-"

  Game flight = new_game(2, "U N D2 U B B DK U", pd());
  flight_board(flight);
  play(flight, "DK 1,-1 0 ENE");
  REQUIRE(decision_kind(flight) == DecisionKind::Dragon);
  int x = 0, y = 0;
  REQUIRE(flight.dragon_at(x, y));
  CHECK(targets(flight) == std::vector<std::string>{fmt::format("dragon N at {},{}", x, y - 1),
                                                    fmt::format("dragon E at {},{}", x + 1, y),
                                                    fmt::format("dragon W at {},{}", x - 1, y)});
}

TEST_CASE("Traders & Builders with Princess & Dragon: a bonus tile declined on the 129th tile or later changes nobody's goods",
          "[princess][traders]") {
  // A box of more than 128 tiles (every tile set but the river): the record of a declined bonus
  // tile is a bit per placed tile, which once had room for 128 and spilled into the goods.
  Options o;
  o.abbot = o.inns_and_cathedrals = o.traders_and_builders = o.princess_and_dragon = true;
  int late_declines = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game g(2, seed, o);
    Rng rng(seed);
    std::array<std::array<int, 3>, kMaxPlayers> taken{};
    while (!g.over()) {
      ChoiceBuffer choices;
      const int n = list_choices(g, choices);
      Choice c = choices[rng.below(static_cast<uint32_t>(n))];
      // The builder whenever it may go out, so that bonus tiles come often; each is declined.
      for (int i = 0; i < n; ++i)
        if (choices[i].kind == DecisionKind::Figure && choices[i].figure.figure == Figure::Builder) c = choices[i];
      if (c.kind == DecisionKind::Bonus) {
        c.option = 1;
        late_declines += g.board().tile_count() > 128;
      }
      Events ev;
      REQUIRE(decide(g, c, &ev) == Status::Ok);
      for (int i = 0; i < ev.count; ++i)
        if (ev.items[static_cast<size_t>(i)].type == Event::Type::Goods)
          for (int p = 0; p < g.players(); ++p)
            if (ev.items[static_cast<size_t>(i)].winners >> p & 1)
              for (int k = 0; k < 3; ++k) taken[static_cast<size_t>(p)][static_cast<size_t>(k)] += ev.items[static_cast<size_t>(i)].goods[static_cast<size_t>(k)];
    }
    for (int p = 0; p < g.players(); ++p) {
      INFO("seed " << seed << ", player " << p);
      CHECK(g.goods(p, Goods::Wine) == taken[static_cast<size_t>(p)][0]);
      CHECK(g.goods(p, Goods::Grain) == taken[static_cast<size_t>(p)][1]);
      CHECK(g.goods(p, Goods::Cloth) == taken[static_cast<size_t>(p)][2]);
    }
  }
  CHECK(late_declines > 0);  // the case was reached
}
