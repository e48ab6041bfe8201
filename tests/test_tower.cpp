// The Tower (the Tower's contract: "Worked examples", "Refusals", "Events"): every worked
// example, one test case each, its variants as sections. Base start tile D at (0,0), farmers
// on, two players unless stated, player 0 first; 10 tower pieces each (9 with 3 players).
// Every refusal an example names is asserted with its reason, and that it changes nothing.
// The main lines are whole moves (Game::play); the capture and ransom lines are decisions
// (parse_choice + decide), and undo takes each of them back alone. Each example ends with a
// record round trip. A tile after the example's last one keeps the game going (example 13
// alone plays its pile to the end).
#include "rules_helpers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/decision.hpp"
#include "carcassonne/history.hpp"
#include "carcassonne/record.hpp"

using namespace rules;

namespace {

Options tower() {
  Options o;
  o.tower = true;
  return o;
}

Options tower_with(bool Options::*expansion) {
  Options o = tower();
  o.*expansion = true;
  return o;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// --- the state ---

// Tower pieces in supply, player by player.
void check_pieces(const Game& g, const std::vector<int>& pieces) {
  for (size_t p = 0; p < pieces.size(); ++p) {
    INFO("player " << p);
    CHECK(g.tower_pieces(static_cast<int>(p)) == pieces[p]);
  }
}

// The foundation at (x, y): its height, and the owner (-1: open) and kind of its top figure.
void check_tower(const Game& g, int x, int y, int height, int top_owner = -1, Figure top_kind = Figure::Meeple) {
  INFO("tower at " << x << "," << y);
  int h = -1, owner = -2;
  Figure kind = Figure::Recall;
  REQUIRE(g.tower_at(x, y, h, owner, kind));
  CHECK(h == height);
  CHECK(owner == top_owner);
  if (top_owner >= 0) CHECK(kind == top_kind);
}

void check_no_foundation(const Game& g, int x, int y) {
  INFO("square " << x << "," << y);
  int h = -1, owner = -2;
  Figure kind = Figure::Recall;
  CHECK_FALSE(g.tower_at(x, y, h, owner, kind));
}

// Prisoners: `holder` holds `count` figures of `owner` of that kind; every other count is 0.
struct Held {
  int holder, owner;
  Figure kind;
  int count;
};

void check_prisoners(const Game& g, const std::vector<Held>& held) {
  for (int h = 0; h < g.players(); ++h)
    for (int o = 0; o < g.players(); ++o)
      for (Figure k : {Figure::Meeple, Figure::Large, Figure::Abbot}) {
        int want = 0;
        for (const Held& e : held)
          if (e.holder == h && e.owner == o && e.kind == k) want = e.count;
        INFO("player " << h << " holding player " << o << "'s " << figure_name(k));
        CHECK(g.prisoners(h, o, k) == want);
      }
}

// The owner of the figure on tile (x, y) at that (canonical) location, or -1 if none.
int owner_at(const Game& g, int x, int y, Location l) {
  const int i = g.board().tile_index_at(x, y);
  if (i < 0) return -1;
  for (const Meeple& m : g.meeples())
    if (m.tile == i && m.location == l) return m.player;
  return -1;
}

// --- decisions ---

// The capture decision that `player` takes now, with exactly these options in listing order.
void check_capture_options(const Game& g, int player, const std::vector<std::string>& expected) {
  check_options(g, DecisionKind::Capture, player, expected);
}

// No capture decision followed the tower piece: `next` places a tile now.
void check_no_capture(const Game& g, int next) {
  CHECK(decision_kind(g) != DecisionKind::Capture);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == next);
}

// The ransom lines of the placement decision `player` takes now: they come first, and no
// option after them is one.
std::vector<std::string> ransom_options(const Game& g, int player) {
  REQUIRE(g.phase() == Phase::PlaceTile);
  REQUIRE(decision_kind(g) == DecisionKind::Place);
  CHECK(g.current_player() == player);
  const std::vector<std::string> all = option_texts(g);
  std::vector<std::string> lead;
  size_t i = 0;
  for (; i < all.size() && starts_with(all[i], "ransom "); ++i) lead.push_back(all[i]);
  for (; i < all.size(); ++i) CHECK_FALSE(starts_with(all[i], "ransom"));
  CHECK(i > lead.size());  // the placements follow
  return lead;
}

// Applies a line of the pending decision, which must be legal; undo (one decision, one undo)
// gives back the game before it.
void decide_line(Game& g, std::string_view text, Events* events) {
  INFO("line '" << text << "'");
  const Game before = g;
  decide_text(g, text, events);
  std::string error;
  Game back(2, uint64_t{0});
  CHECK(undo(g, back, &error) == Status::Ok);
  INFO(error);
  CHECK(back == before);
}

// `player`'s capture line.
void capture(Game& g, int player, std::string_view text, Events* events = nullptr) {
  REQUIRE(g.phase() == Phase::Decide);
  REQUIRE(decision_kind(g) == DecisionKind::Capture);
  REQUIRE(decider(g) == player);
  decide_line(g, text, events);
}

// `player`'s ransom line: the same placement decision is pending after it, without ransoms.
void ransom(Game& g, int player, std::string_view text, Events* events = nullptr) {
  REQUIRE(decision_kind(g) == DecisionKind::Place);
  REQUIRE(g.current_player() == player);
  decide_line(g, text, events);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(decision_kind(g) == DecisionKind::Place);
  CHECK(g.current_player() == player);
  CHECK(ransom_options(g, player).empty());
}

// --- refusals: each with its reason, and nothing changes ---

// A line of the decision model refused for `reason`.
void check_refused_line(const Game& g, std::string_view text, Illegal reason) {
  INFO("line '" << text << "'");
  Choice c;
  std::string error;
  const bool parsed = parse_choice(g, text, c, &error);
  INFO(error);
  CHECK(parsed);  // the example goes on if not
  if (parsed) check_refused_choice(g, c, reason);
}

// A line that spells no option (an unknown word).
void check_unreadable_line(const Game& g, std::string_view text) {
  INFO("line '" << text << "'");
  Choice c;
  CHECK_FALSE(parse_choice(g, text, c));
}

// A whole move refused for `reason`.
void check_refused_move(const Game& g, std::string_view text, Illegal reason) {
  INFO("move '" << text << "'");
  TileType t = kNoTile;
  Move m;
  std::string error;
  const bool parsed = parse_move(text, t, m, &error);
  INFO(error);
  REQUIRE(parsed);
  if (g.phase() == Phase::PlaceTile) REQUIRE(tile_name(t) == tile_name(g.current_tile()));
  Game trial = g;
  Events ev;
  Verdict v;
  CHECK(trial.play(m, &ev, &v) != Status::Ok);
  INFO(describe(v));
  CHECK(v.reason == reason);
  CHECK(ev.count == 0);
  CHECK(trial == g);
}

// Move text that no move is written as.
void check_unreadable_move(std::string_view text) {
  INFO("move '" << text << "'");
  TileType t = kNoTile;
  Move m;
  CHECK_FALSE(parse_move(text, t, m));
}

// `pass` on a bonus tile, where no bonus decision is pending.
void check_refused_pass(const Game& g) {
  Game trial = g;
  Verdict v;
  CHECK(trial.pass(nullptr, &v) == Status::WrongPhase);
  CHECK(v.reason == Illegal::WrongPhase);
  CHECK(trial == g);
}

// --- events ---

std::vector<Event::Type> types_of(const Events& ev) {
  std::vector<Event::Type> v;
  for (int i = 0; i < ev.count; ++i) v.push_back(ev.items[i].type);
  return v;
}

using Types = std::vector<Event::Type>;
constexpr Event::Type kTowerPiece = Event::Type::TowerPiece;
constexpr Event::Type kTowerClosed = Event::Type::TowerClosed;
constexpr Event::Type kCapture = Event::Type::Capture;
constexpr Event::Type kExchange = Event::Type::Exchange;
constexpr Event::Type kRansom = Event::Type::Ransom;
constexpr Event::Type kHome = Event::Type::AloneHome;

Event only(const Events& ev, Event::Type type) {
  const std::vector<Event> found = events_of(ev, type);
  REQUIRE(found.size() == 1u);
  return found[0];
}

// tower_piece: the player, the tower, its new height, the pieces left.
void check_tower_piece(const Events& ev, int player, int x, int y, int height, int left) {
  const Event e = only(ev, kTowerPiece);
  CHECK(e.winners == players_mask({player}));
  CHECK(e.x == x);
  CHECK(e.y == y);
  CHECK(e.points == height);
  CHECK(static_cast<int>(e.tiles) == left);
}

// tower_closed: the player, the figure's kind, the tower.
void check_tower_closed(const Events& ev, int player, Figure kind, int x, int y) {
  const Event e = only(ev, kTowerClosed);
  CHECK(e.winners == players_mask({player}));
  CHECK(e.figure == kind);
  CHECK(e.x == x);
  CHECK(e.y == y);
  CHECK(e.location == Location::TW);
}

enum class To : uint8_t { Supply = 0, Prison = 1 };

// capture: captor, owner, kind, square, canonical location; to prison or to the supply.
void check_capture(const Events& ev, int captor, int owner, Figure kind, int x, int y, Location l, To to) {
  const Event e = only(ev, kCapture);
  CHECK(e.points == captor);
  CHECK(e.winners == players_mask({owner}));
  CHECK(e.figure == kind);
  CHECK(e.x == x);
  CHECK(e.y == y);
  CHECK(e.location == l);
  CHECK(static_cast<int>(e.tiles) == static_cast<int>(to));
}

// exchange: captor P, the other player Q, the kind back to Q, the kind back to P.
void check_exchange(const Events& ev, int p, int q, Figure to_q, Figure to_p) {
  const Event e = only(ev, kExchange);
  CHECK(e.points == p);
  CHECK(e.winners == players_mask({q}));
  CHECK(e.figure == to_q);
  CHECK(static_cast<int>(e.tiles) == static_cast<int>(to_p));
}

// ransom: payer, holder, kind; 3 points.
void check_ransom(const Events& ev, int payer, int holder, Figure kind) {
  const Event e = only(ev, kRansom);
  CHECK(e.winners == players_mask({payer}));
  CHECK(static_cast<int>(e.tiles) == holder);
  CHECK(e.figure == kind);
  CHECK(e.points == 3);
}

// special_home (AloneHome) with the cause capture (2).
void check_home(const Events& ev, int owner, Figure kind, int x, int y, Location l) {
  const Event e = only(ev, kHome);
  CHECK(e.winners == players_mask({owner}));
  CHECK(e.figure == kind);
  CHECK(e.x == x);
  CHECK(e.y == y);
  CHECK(e.location == l);
  CHECK(e.points == 2);
}

// The record's lines without their comments.
std::vector<std::string> record_lines(const Game& g) {
  const std::string text = save_record(g);
  std::vector<std::string> lines;
  size_t i = 0;
  while (i < text.size()) {
    size_t end = text.find('\n', i);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(i, std::min(end, text.find('#', i)) - i);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
    i = end + 1;
  }
  return lines;
}

bool has_line(const Game& g, std::string_view line) {
  for (const std::string& l : record_lines(g))
    if (l == line) return true;
  return false;
}

// Whether some line of the record begins with `word` and a space.
bool has_line_of(const Game& g, std::string_view word) {
  for (const std::string& l : record_lines(g))
    if (starts_with(l, std::string(word) + " ")) return true;
  return false;
}

// --- boards that several sections share ---

// Example 2's first turns: P0's knight on the city D+OQ; P1 closes it with OK and builds the
// first floor on OQ: the capture decision waits.
void knight_under_tower(Game& g) {
  play(g, "OQ 0,-1 180 E");
  Events ev;
  play(g, "OK 1,-1 270 T:0,-1", &ev);
  CHECK(types_of(ev) == Types{kTowerPiece});  // the city scores after the capture
  check_tower_piece(ev, 1, 0, -1, 1, 9);
}

// Examples 1, 7 and 10: P0's thief on the road D-U; P1 continues it with OO, builds the first
// floor there and captures the thief.
void thief_captured(Game& g) {
  play(g, "U 1,0 90 E");
  play(g, "OO 2,0 0 T:2,0");
  check_capture_options(g, 1, {"capture 1,0 E", "capture none"});
  capture(g, 1, "capture 1,0 E");
}

}  // namespace

TEST_CASE("The Tower example 1: first floor, capture next to it", "[tower][example]") {
  Game g = new_game(2, "U OO U", tower());
  check_pieces(g, {10, 10});
  check_no_foundation(g, 0, 0);
  play(g, "U 1,0 90 E");  // P0's thief
  check_meeples(g, {6, 7});
  // Refused instead of P1's line.
  check_refused_move(g, "OO 2,0 0 T:1,0", Illegal::NoTower);       // no foundation at 1,0
  check_refused_move(g, "OO 2,0 0 TM:2,0", Illegal::TowerTooLow);  // no tower at 2,0 yet: a bare foundation
  check_unreadable_move("OO 2,0 0 TW");                            // TW is no deployment location
  const Game placing = g;
  Events ev;
  play(g, "OO 2,0 0 T:2,0", &ev);
  CHECK(types_of(ev) == Types{kTowerPiece});
  check_tower_piece(ev, 1, 2, 0, 1, 9);
  check_pieces(g, {10, 9});
  check_tower(g, 2, 0, 1);
  check_no_foundation(g, 1, 0);
  // Reach 2,0 1,0 3,0 2,-1 2,1.
  check_capture_options(g, 1, {"capture 1,0 E", "capture none"});
  {
    Game back(2, uint64_t{0});
    REQUIRE(undo(g, back) == Status::Ok);  // the main line is undone as a whole turn
    CHECK(back == placing);
  }
  // Refused while the capture is due.
  check_refused_move(g, "U 3,0 90", Illegal::WrongPhase);
  check_refused_line(g, "ransom 0 meeple", Illegal::WrongPhase);
  ev.clear();
  capture(g, 1, "capture 1,0 E", &ev);
  CHECK(types_of(ev) == Types{kCapture});
  check_capture(ev, 1, 0, Figure::Meeple, 1, 0, Location::E, To::Prison);
  check_scores(g, {0, 0});
  check_meeples(g, {6, 7});
  check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
  CHECK(g.meeples().empty());
  // P0's placement: no ransom line; refused ransoms.
  CHECK(g.current_player() == 0);
  CHECK(ransom_options(g, 0).empty());
  check_refused_line(g, "ransom 1 meeple", Illegal::RansomPoints);  // 0 points
  check_unreadable_line(g, "ransom 1 knight");                     // unknown kind
  check_refused_line(g, "ransom 1 large", Illegal::NotInGame);     // no large meeple in this game
  CHECK(has_line(g, "tower on"));
  CHECK(has_line(g, "OO 2,0 0 T:2,0"));
  CHECK(has_line(g, "capture 1,0 E"));
  check_round_trip(g);
}

TEST_CASE("The Tower example 2: capture before scoring", "[tower][example]") {
  Game g = new_game(2, "OQ OK U V U U", tower());
  knight_under_tower(g);
  check_tower(g, 0, -1, 1);
  check_tower(g, 1, -1, 0);
  check_capture_options(g, 1, {"capture 0,-1 E", "capture none"});
  check_scores(g, {0, 0});  // the completed city has not scored yet
  CHECK(owner_at(g, 0, -1, Location::E) == 0);
  Events ev;
  SECTION("(a) capture 0,-1 E: the city completes with no knight, nobody scores") {
    capture(g, 1, "capture 0,-1 E", &ev);
    CHECK(types_of(ev) == Types{kCapture});
    check_capture(ev, 1, 0, Figure::Meeple, 0, -1, Location::E, To::Prison);
    check_scores(g, {0, 0});
    check_meeples(g, {6, 7});
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
    check_pieces(g, {10, 9});
    CHECK(g.meeples().empty());
  }
  SECTION("(b) capture none: P0 scores 6, the knight returns") {
    capture(g, 1, "capture none", &ev);
    CHECK(types_of(ev) == Types{Event::Type::Score});  // only the scoring events
    const Event city = only_score(ev, FeatureKind::City);
    CHECK(city.points == 6);
    CHECK(city.winners == players_mask({0}));
    check_scores(g, {6, 0});
    check_meeples(g, {7, 7});
    check_prisoners(g, {});
    CHECK(has_line(g, "capture none"));
  }
  check_round_trip(g);
}

TEST_CASE("The Tower example 3: automatic exchange", "[tower][example]") {
  Game g = new_game(2, "OQ OK U V U U", tower());
  knight_under_tower(g);
  capture(g, 1, "capture 0,-1 E");  // 2(a)
  play(g, "U -1,0 90 E");            // P0's thief
  play(g, "V 1,0 0 SSW");            // P1's farmer on D's southern field
  check_meeples(g, {5, 6});
  Events ev;
  play(g, "U -2,0 90 T:1,-1", &ev);  // first floor on OK, whose reach includes 1,0
  check_tower_piece(ev, 0, 1, -1, 1, 9);
  check_pieces(g, {9, 9});
  check_tower(g, 0, -1, 1);
  check_tower(g, 1, -1, 1);
  check_capture_options(g, 0, {"capture 1,0 SSW", "capture none"});
  ev.clear();
  capture(g, 0, "capture 1,0 SSW", &ev);
  CHECK(types_of(ev) == Types{kCapture, kExchange});
  check_capture(ev, 0, 1, Figure::Meeple, 1, 0, Location::SSW, To::Prison);
  check_exchange(ev, 0, 1, Figure::Meeple, Figure::Meeple);
  check_meeples(g, {6, 7});
  check_prisoners(g, {});
  check_scores(g, {0, 0});
  CHECK_FALSE(has_line_of(g, "exchange"));  // the exchange has no line of its own
  REQUIRE(g.meeples().size() == 1u);
  CHECK(owner_at(g, -1, 0, Location::E) == 0);
  check_round_trip(g);
}

TEST_CASE("The Tower example 4: reach crosses an empty square", "[tower][example]") {
  Game g = new_game(2, "E B U OJ U B U", tower());
  play(g, "E 0,-1 180");  // closes D's city, no knight
  play(g, "B 0,1 0");
  play(g, "U 1,1 0 N");  // P0's thief; 1,0 stays empty
  Events ev;
  play(g, "OJ 1,-1 0 T:1,-1", &ev);  // reach 1,-1 0,-1 2,-1 1,-2 1,0: no figure
  CHECK(types_of(ev) == Types{kTowerPiece});
  check_tower_piece(ev, 1, 1, -1, 1, 9);
  check_no_capture(g, 0);  // no capture decision and no line
  check_refused_line(g, "capture none", Illegal::WrongPhase);  // no capture is due
  check_pieces(g, {10, 9});
  play(g, "U -1,0 90");
  play(g, "B -1,1 0 T:1,-1");  // height 2: the reach now includes 1,1 beyond the empty 1,0
  check_tower(g, 1, -1, 2);
  check_capture_options(g, 1, {"capture 1,1 N", "capture none"});
  capture(g, 1, "capture 1,1 N");
  check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
  check_meeples(g, {6, 7});
  check_pieces(g, {10, 8});
  check_round_trip(g);
}

TEST_CASE("The Tower example 5: reach over another tower; several options; one's own figure", "[tower][example]") {
  Game g = new_game(2, "OO OH U U E U", tower());
  play(g, "OO 1,0 0 T:1,0");  // first floor, nothing in reach
  check_no_capture(g, 1);
  check_pieces(g, {9, 10});
  play(g, "OH 2,0 0 T:2,0");  // the same
  check_no_capture(g, 0);
  check_pieces(g, {9, 9});
  check_tower(g, 1, 0, 1);
  check_tower(g, 2, 0, 1);
  play(g, "U 3,0 90 E");   // P0's thief on the road leaving OH east
  play(g, "U -1,0 90 E");  // P1's thief on the road -1,0 ... OH's west arm
  play(g, "E 1,-1 180 T:1,0");  // closes OO's city (nobody); OO's tower grows to 2
  check_pieces(g, {8, 9});
  check_tower(g, 1, 0, 2);
  check_scores(g, {0, 0});
  check_capture_options(g, 0, {"capture -1,0 E", "capture 3,0 E", "capture none"});
  Events ev;
  SECTION("(a) capture -1,0 E: P1's thief is P0's prisoner") {
    capture(g, 0, "capture -1,0 E", &ev);
    check_capture(ev, 0, 1, Figure::Meeple, -1, 0, Location::E, To::Prison);
    check_prisoners(g, {{0, 1, Figure::Meeple, 1}});
    check_meeples(g, {6, 6});
  }
  SECTION("(b) capture 3,0 E: P0's own thief goes home") {
    capture(g, 0, "capture 3,0 E", &ev);
    CHECK(types_of(ev) == Types{kCapture});
    check_capture(ev, 0, 0, Figure::Meeple, 3, 0, Location::E, To::Supply);
    check_prisoners(g, {});
    check_meeples(g, {7, 6});
  }
  check_scores(g, {0, 0});
  check_round_trip(g);
}

TEST_CASE("The Tower example 6: a figure on a tower; capturing it reopens the tower", "[tower][example]") {
  Game g = new_game(2, "OO U OK U U", tower());
  play(g, "OO 1,0 0 T:1,0");
  Events ev;
  play(g, "U 2,0 90 TM:1,0", &ev);  // P1's meeple on top of the tower at 1,0
  CHECK(types_of(ev) == Types{kTowerClosed});
  check_tower_closed(ev, 1, Figure::Meeple, 1, 0);
  check_tower(g, 1, 0, 1, 1, Figure::Meeple);
  check_meeples(g, {7, 6});
  // The contract writes the two refusals on the closed tower with a U ("U 3,0 90 T:1,0",
  // "U 3,0 90 TM:1,0"), but P0 holds OK here: they are asserted with OK at its square.
  check_refused_move(g, "OK 1,-1 180 T:1,0", Illegal::TowerClosed);
  check_refused_move(g, "OK 1,-1 180 TM:1,0", Illegal::TowerClosed);
  check_refused_move(g, "OK 1,-1 180 TM:1,-1", Illegal::TowerTooLow);  // a bare foundation
  play(g, "OK 1,-1 180 T:1,-1");  // closes OO's city (nobody); first floor on OK
  check_pieces(g, {8, 10});
  check_tower(g, 1, -1, 1);
  check_capture_options(g, 0, {"capture 1,0 TW", "capture none"});
  ev.clear();
  capture(g, 0, "capture 1,0 TW", &ev);
  check_capture(ev, 0, 1, Figure::Meeple, 1, 0, Location::TW, To::Prison);
  check_prisoners(g, {{0, 1, Figure::Meeple, 1}});
  check_tower(g, 1, 0, 1);  // open again
  check_scores(g, {0, 0});
  ev.clear();
  play(g, "U 3,0 90 T:1,0", &ev);  // legal: height 2, nothing in reach
  check_tower_piece(ev, 1, 1, 0, 2, 9);
  check_tower(g, 1, 0, 2);
  check_no_capture(g, 0);
  check_pieces(g, {8, 9});
  check_round_trip(g);
}

TEST_CASE("The Tower example 7: ransom: 3 points, never below 0, once per turn", "[tower][example]") {
  Game g = new_game(2, "U OO U OK OQ U E U U U U V", tower());
  thief_captured(g);
  play(g, "U 3,0 90 E");
  play(g, "OK 2,-1 180 T:2,0");  // closes OO's city, nobody; height 2
  check_tower(g, 2, 0, 2);
  check_capture_options(g, 1, {"capture 3,0 E", "capture none"});
  capture(g, 1, "capture 3,0 E");
  check_prisoners(g, {{1, 0, Figure::Meeple, 2}});
  check_meeples(g, {5, 7});
  play(g, "OQ 0,-1 180 E");  // P0's knight
  check_meeples(g, {4, 7});
  play(g, "U -1,0 90");
  check_refused_line(g, "ransom 1 meeple", Illegal::RansomPoints);  // 0 points
  CHECK(ransom_options(g, 0).empty());
  play(g, "E 1,-1 270");  // closes D+OQ+E: P0 scores 6, the knight returns
  check_scores(g, {6, 0});
  check_meeples(g, {5, 7});
  play(g, "U -2,0 90");
  CHECK(ransom_options(g, 0) == std::vector<std::string>{"ransom 1 meeple"});  // one line for two meeples
  Events ev;
  ransom(g, 0, "ransom 1 meeple", &ev);
  CHECK(types_of(ev) == Types{kRansom});
  check_ransom(ev, 0, 1, Figure::Meeple);
  check_scores(g, {3, 3});
  check_meeples(g, {6, 7});
  check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
  check_refused_line(g, "ransom 1 meeple", Illegal::RansomPaid);  // one per turn
  play(g, "U 4,0 90 E");  // the freed meeple at once
  check_meeples(g, {5, 7});
  play(g, "U -3,0 90");
  ransom(g, 0, "ransom 1 meeple");  // a new turn
  check_scores(g, {0, 6});
  check_meeples(g, {6, 7});
  check_prisoners(g, {});
  play(g, "U 5,0 90");
  CHECK(has_line(g, "ransom 1 meeple"));
  check_round_trip(g);
}

TEST_CASE("The Tower example 8: Traders & Builders: builder (and pig) not capturable, sent home with the last meeple",
          "[tower][example]") {
  const Options o = tower_with(&Options::traders_and_builders);
  SECTION("the builder") {
    Game g = new_game(2, "U U U OO B B U", o);
    play(g, "U 1,0 90 E");  // P0's thief
    play(g, "U -1,0 90");
    play(g, "U 2,0 90 B:E");  // P0's builder, recorded at 2,0 E
    Events ev;
    play(g, "OO 3,0 0 T:3,0", &ev);  // reach includes 2,0, which holds only the builder
    check_no_capture(g, 0);          // no line, and no bonus: P1's tile
    CHECK(events_of(ev, Event::Type::Bonus).empty());
    play(g, "B 0,1 0");
    play(g, "B 1,1 0 T:3,0");  // height 2
    check_tower(g, 3, 0, 2);
    check_capture_options(g, 1, {"capture 1,0 E", "capture none"});
    check_refused_line(g, "capture 2,0 E", Illegal::NothingToCapture);  // only P0's builder there
    ev.clear();
    capture(g, 1, "capture 1,0 E", &ev);
    CHECK(types_of(ev) == Types{kCapture, kHome});
    check_capture(ev, 1, 0, Figure::Meeple, 1, 0, Location::E, To::Prison);
    check_home(ev, 0, Figure::Builder, 2, 0, Location::E);
    check_meeples(g, {6, 7});
    CHECK(g.supply(0, Figure::Builder) == 1);
    CHECK(g.supply(0, Figure::Pig) == 1);
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
    CHECK(g.meeples().empty());
    check_round_trip(g);
  }
  SECTION("the pig") {
    Game g = new_game(2, "U U U OK U", o);
    play(g, "U 1,0 90 NNE");  // P0's farmer on D's northern field
    play(g, "U -1,0 90");
    play(g, "U 2,0 90 P:NNE");  // P0's pig there
    play(g, "OK 1,-1 0 T:1,-1");
    check_capture_options(g, 1, {"capture 1,0 NNE", "capture none"});
    Events ev;
    capture(g, 1, "capture 1,0 NNE", &ev);
    CHECK(types_of(ev) == Types{kCapture, kHome});
    check_capture(ev, 1, 0, Figure::Meeple, 1, 0, Location::NNE, To::Prison);
    check_home(ev, 0, Figure::Pig, 2, 0, Location::NNE);
    check_meeples(g, {6, 7});
    CHECK(g.supply(0, Figure::Pig) == 1);
    CHECK(g.meeples().empty());
    check_round_trip(g);
  }
}

TEST_CASE("The Tower example 9: Traders & Builders: a tower action on each tile of a double turn",
          "[tower][example]") {
  Game g = new_game(2, "U U U B OO OJ U", tower_with(&Options::traders_and_builders));
  play(g, "U 1,0 90 E");
  play(g, "U -1,0 90");
  play(g, "U 2,0 90 B:E");
  play(g, "B 0,1 0 C");  // P1's monk
  Events ev;
  play(g, "OO 3,0 0 T:3,0", &ev);  // extends P0's builder road: a bonus tile is due
  check_tower_piece(ev, 0, 3, 0, 1, 9);
  CHECK(events_of(ev, Event::Type::Bonus).size() == 1u);
  CHECK(decision_kind(g) == DecisionKind::Bonus);  // nothing capturable in reach: no line
  check_pieces(g, {9, 10});
  play_bonus(g, "OJ 1,1 0 T:1,1");  // its own figure step
  check_pieces(g, {8, 10});
  check_tower(g, 1, 1, 1);
  check_capture_options(g, 0, {"capture 0,1 C", "capture 1,0 E", "capture none"});
  capture(g, 0, "capture 0,1 C");
  check_prisoners(g, {{0, 1, Figure::Meeple, 1}});
  check_meeples(g, {6, 6});
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  check_round_trip(g);
}

TEST_CASE("The Tower example 10: Inns & Cathedrals: large meeple; the exchange with a choice", "[tower][example]") {
  const Options o = tower_with(&Options::inns_and_cathedrals);
  SECTION("P1 holds two kinds of P0's: P0 chooses the large meeple") {
    Game g = new_game(2, "U OO U OK U OQ E U U", o);
    thief_captured(g);
    play(g, "U 3,0 90 L:E");
    play(g, "OK 2,-1 180 T:2,0");  // height 2
    check_capture_options(g, 1, {"capture 3,0 E", "capture none"});
    capture(g, 1, "capture 3,0 E");
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}, {1, 0, Figure::Large, 1}});
    check_meeples(g, {6, 7});
    CHECK(g.supply(0, Figure::Large) == 0);
    play(g, "U -1,0 90");
    play(g, "OQ 0,-1 180 E");  // P1's knight
    check_meeples(g, {6, 6});
    play(g, "E 1,-1 270 T:0,-1");  // closes the city D+OQ+E and builds on OQ
    check_capture_options(g, 0, {"capture 0,-1 E meeple", "capture 0,-1 E large", "capture none"});
    check_refused_line(g, "capture 0,-1 E", Illegal::ExchangeKind);        // P1 holds two kinds
    check_refused_line(g, "capture 0,-1 E abbot", Illegal::ExchangeKind);  // P1 holds no abbot of P0's
    Events ev;
    capture(g, 0, "capture 0,-1 E large", &ev);
    CHECK(types_of(ev) == Types{kCapture, kExchange});  // the city has no knight: no score
    check_capture(ev, 0, 1, Figure::Meeple, 0, -1, Location::E, To::Prison);
    check_exchange(ev, 0, 1, Figure::Meeple, Figure::Large);
    check_meeples(g, {6, 7});
    CHECK(g.supply(0, Figure::Large) == 1);
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
    check_scores(g, {0, 0});
    ev.clear();
    play(g, "U 4,0 90 TL:2,0", &ev);  // P1's large meeple on top of the tower at 2,0
    check_tower_closed(ev, 1, Figure::Large, 2, 0);
    check_tower(g, 2, 0, 2, 1, Figure::Large);
    CHECK(g.supply(1, Figure::Large) == 0);
    check_pieces(g, {9, 8});
    CHECK(has_line(g, "capture 0,-1 E large"));
    check_round_trip(g);
  }
  SECTION("without a choice") {
    Game g = new_game(2, "U OO U OQ E U", o);
    thief_captured(g);
    play(g, "U -1,0 90");
    play(g, "OQ 0,-1 180 E");
    play(g, "E 1,-1 270 T:0,-1");
    check_capture_options(g, 0, {"capture 0,-1 E", "capture none"});
    check_refused_line(g, "capture 0,-1 E meeple", Illegal::ExchangeKind);  // nothing to choose
    Events ev;
    capture(g, 0, "capture 0,-1 E", &ev);
    CHECK(types_of(ev) == Types{kCapture, kExchange});
    check_exchange(ev, 0, 1, Figure::Meeple, Figure::Meeple);
    check_prisoners(g, {});
    check_meeples(g, {7, 7});
    check_scores(g, {0, 0});
    check_round_trip(g);
  }
}

TEST_CASE("The Tower example 11: The Abbot", "[tower][example]") {
  Game g = new_game(2, "B OJ E U B U", tower_with(&Options::abbot));
  play(g, "B 0,1 0 A:C");  // P0's abbot on the monastery
  play(g, "OJ 1,1 0 T:1,1");
  check_capture_options(g, 1, {"capture 0,1 C", "capture none"});
  Events ev;
  capture(g, 1, "capture 0,1 C", &ev);
  check_capture(ev, 1, 0, Figure::Abbot, 0, 1, Location::C, To::Prison);
  check_prisoners(g, {{1, 0, Figure::Abbot, 1}});
  check_meeples(g, {7, 7});
  CHECK(g.supply(0, Figure::Abbot) == 0);
  play(g, "E 0,-1 180 S");  // 4 points
  check_scores(g, {4, 0});
  play(g, "U -1,0 90");
  CHECK(ransom_options(g, 0) == std::vector<std::string>{"ransom 1 abbot"});
  check_refused_line(g, "ransom 1 meeple", Illegal::RansomNotHeld);  // P1 holds no meeple of P0's
  ev.clear();
  ransom(g, 0, "ransom 1 abbot", &ev);
  check_ransom(ev, 0, 1, Figure::Abbot);
  check_scores(g, {1, 3});
  CHECK(g.supply(0, Figure::Abbot) == 1);
  check_prisoners(g, {});
  play(g, "B -1,1 0 A:C");  // deployed again at once
  CHECK(g.supply(0, Figure::Abbot) == 0);
  CHECK(owner_at(g, -1, 1, Location::C) == 0);
  check_unreadable_move("E 0,-1 180 TA:1,1");  // no such token: the abbot never goes on a tower
  check_round_trip(g);
}

TEST_CASE("The Tower example 12: three players: an exchange pairs only the two players concerned",
          "[tower][example]") {
  Game g = new_game(3, "U B OO OJ U", tower());
  check_pieces(g, {9, 9, 9});
  play(g, "U 1,0 90 E");
  play(g, "B 0,1 0 C");
  play(g, "OO 2,0 0 T:2,0");
  check_capture_options(g, 2, {"capture 1,0 E", "capture none"});
  capture(g, 2, "capture 1,0 E");
  check_prisoners(g, {{2, 0, Figure::Meeple, 1}});
  check_pieces(g, {9, 9, 8});
  play(g, "OJ 1,1 0 T:1,1");
  check_capture_options(g, 0, {"capture 0,1 C", "capture none"});
  Events ev;
  capture(g, 0, "capture 0,1 C", &ev);
  CHECK(types_of(ev) == Types{kCapture});  // P1 holds nothing of P0's: no exchange
  check_capture(ev, 0, 1, Figure::Meeple, 0, 1, Location::C, To::Prison);
  check_prisoners(g, {{0, 1, Figure::Meeple, 1}, {2, 0, Figure::Meeple, 1}});
  check_pieces(g, {8, 9, 8});
  check_meeples(g, {6, 6, 7});
  check_round_trip(g);
}

TEST_CASE("The Tower example 13: end of the game", "[tower][example]") {
  Game g = new_game(2, "E U U OK U U", tower());  // exactly the six tiles of the example
  play(g, "E 0,-1 180");    // closes D's city, nobody
  play(g, "U -1,0 90");
  play(g, "U 1,0 90 NNE");  // P0's farmer on D's northern field, which touches that city
  play(g, "OK 1,-1 0 T:1,-1");
  check_capture_options(g, 1, {"capture 1,0 NNE", "capture none"});
  int p0 = 0;
  SECTION("capture 1,0 NNE: the field has no farmer") {
    capture(g, 1, "capture 1,0 NNE");
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
    p0 = 5;
  }
  SECTION("capture none: the farmer stays, the field gives P0 3") {
    capture(g, 1, "capture none");
    p0 = 8;
  }
  play(g, "U 2,0 90 E");  // P0's thief on the road
  Events ev;
  play(g, "U -2,0 90 TM:1,-1", &ev);  // P1's meeple on the tower
  check_tower_closed(ev, 1, Figure::Meeple, 1, -1);
  REQUIRE(g.over());
  // The road -2,0 ... 2,0 (5 tiles, open) gives P0 5; the tower meeple and the prisoner nothing.
  check_scores(g, {p0, 0});
  check_refused_line(g, "ransom 1 meeple", Illegal::WrongPhase);  // no placement is pending
  check_round_trip(g);
}

TEST_CASE("The Tower example 14: Traders & Builders: one's own capture leaves one's builder alone",
          "[tower][example]") {
  Game g = new_game(2, "U U U OO U U U", tower_with(&Options::traders_and_builders));
  play(g, "U 1,0 90 E");  // P0's thief
  play(g, "U -1,0 90");
  play(g, "U 2,0 90 B:E");  // P0's builder
  play(g, "OO 3,0 0 T:3,0");  // reach 2,0 holds only the builder: no line
  check_no_capture(g, 0);
  Events ev;
  play(g, "U 4,0 90 T:3,0", &ev);  // extends P0's builder road: a bonus tile is due
  check_tower_piece(ev, 0, 3, 0, 2, 9);
  check_pieces(g, {9, 9});
  check_capture_options(g, 0, {"capture 1,0 E", "capture none"});
  check_refused_pass(g);
  check_refused_line(g, "ransom 1 meeple", Illegal::WrongPhase);
  ev.clear();
  capture(g, 0, "capture 1,0 E", &ev);
  check_capture(ev, 0, 0, Figure::Meeple, 1, 0, Location::E, To::Supply);
  check_home(ev, 0, Figure::Builder, 2, 0, Location::E);
  const Types order = types_of(ev);  // the capture, then the builder home
  REQUIRE(order.size() >= 2u);
  CHECK(order[0] == kCapture);
  CHECK(order[1] == kHome);
  check_meeples(g, {7, 7});
  CHECK(g.supply(0, Figure::Builder) == 1);
  CHECK(g.supply(0, Figure::Pig) == 1);
  CHECK(g.meeples().empty());
  // The bonus tile is still due.
  REQUIRE(g.phase() == Phase::Decide);
  REQUIRE(decision_kind(g) == DecisionKind::Bonus);
  CHECK(decider(g) == 0);
  REQUIRE(g.take_bonus() == Status::Ok);
  check_refused_move(g, "U 5,0 90 B:E", Illegal::BuilderNeedsMeeple);
  play(g, "U 5,0 90 E");  // the thief back at once
  check_meeples(g, {6, 7});
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  check_round_trip(g);
}

TEST_CASE("The Tower example 15: Traders & Builders: a ransom before the bonus tile", "[tower][example]") {
  Game g = new_game(2, "E U U OO U B U B U U U", tower_with(&Options::traders_and_builders));
  play(g, "E 0,-1 180 S");  // 4 points
  play(g, "U -1,0 90");
  play(g, "U 1,0 90 E");
  play(g, "OO 2,0 0 T:2,0");
  check_capture_options(g, 1, {"capture 1,0 E", "capture none"});
  capture(g, 1, "capture 1,0 E");
  check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
  check_meeples(g, {6, 7});
  play(g, "U -2,0 90 E");  // P0's thief on the road -2,0 ... 2,0
  check_meeples(g, {5, 7});
  play(g, "B 0,1 0");
  play(g, "U 3,0 90 B:E");  // P0's builder
  play(g, "B 1,1 0");
  play(g, "U 4,0 90");  // extends the builder's road: a bonus tile is due
  REQUIRE(decision_kind(g) == DecisionKind::Bonus);
  check_scores(g, {4, 0});
  // Take-or-pass comes before the draw, the ransom after it.
  REQUIRE(g.take_bonus() == Status::Ok);
  REQUIRE(g.bonus_turn());
  CHECK(ransom_options(g, 0) == std::vector<std::string>{"ransom 1 meeple"});  // 4 points >= 3
  Events ev;
  ransom(g, 0, "ransom 1 meeple", &ev);
  check_ransom(ev, 0, 1, Figure::Meeple);
  check_scores(g, {1, 3});
  check_meeples(g, {6, 7});
  check_prisoners(g, {});
  check_refused_pass(g);  // the ransom took the bonus tile
  check_refused_line(g, "ransom 1 meeple", Illegal::RansomPaid);
  play(g, "U 5,0 90 NNE");  // the freed meeple as a farmer
  check_meeples(g, {5, 7});
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_player() == 1);
  check_round_trip(g);
}

TEST_CASE("The Tower example 16: a tower top captured from two squares away", "[tower][example]") {
  Game g = new_game(2, "OO U OH U U U U", tower());
  play(g, "OO 1,0 0 T:1,0");
  play(g, "U 2,0 90 TM:1,0");  // P1's meeple closes that tower
  check_tower(g, 1, 0, 1, 1, Figure::Meeple);
  play(g, "OH 3,0 0 T:3,0");  // reach 2,0 ... 4,0 and 3,-1 ... 3,1: no figure
  check_no_capture(g, 1);
  check_pieces(g, {8, 10});
  play(g, "U -1,0 90");
  play(g, "U 4,0 90 T:3,0");  // height 2: reach 1,0 ... 5,0 and 3,-2 ... 3,2
  check_tower(g, 3, 0, 2);
  check_capture_options(g, 0, {"capture 1,0 TW", "capture none"});
  check_refused_line(g, "capture 1,0 E", Illegal::NothingToCapture);  // nothing on that segment
  Events ev;
  capture(g, 0, "capture 1,0 TW", &ev);
  check_capture(ev, 0, 1, Figure::Meeple, 1, 0, Location::TW, To::Prison);
  check_prisoners(g, {{0, 1, Figure::Meeple, 1}});
  check_meeples(g, {7, 6});
  check_pieces(g, {7, 10});
  check_tower(g, 1, 0, 1);  // open again
  play(g, "U -2,0 90 T:1,0");  // its second floor; nothing in reach
  check_no_capture(g, 0);
  check_tower(g, 1, 0, 2);
  check_tower(g, 3, 0, 2);
  check_pieces(g, {7, 9});
  check_round_trip(g);
}

TEST_CASE("The Tower example 17: three players: only the captured figure's owner exchanges", "[tower][example]") {
  Game g = new_game(3, "E B U U U U B OJ OK U U", tower());
  play(g, "E 0,-1 180 S");  // P0: 4 points
  play(g, "B 0,1 0 C");     // P1's monk
  play(g, "U 1,0 90");
  play(g, "U -1,0 90 E");   // P0's thief
  play(g, "U 2,0 90");
  play(g, "U -2,0 90");
  play(g, "B 1,1 0 C");  // P0's monk
  check_meeples(g, {5, 6, 7});
  play(g, "OJ -1,1 0 T:-1,1");
  check_capture_options(g, 1, {"capture -1,0 E", "capture 0,1 C", "capture none"});
  capture(g, 1, "capture -1,0 E");
  check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
  play(g, "OK 2,1 90 T:2,1");
  check_capture_options(g, 2, {"capture 1,1 C", "capture none"});
  capture(g, 2, "capture 1,1 C");
  check_prisoners(g, {{1, 0, Figure::Meeple, 1}, {2, 0, Figure::Meeple, 1}});
  check_pieces(g, {9, 8, 8});
  CHECK(ransom_options(g, 0) == std::vector<std::string>{"ransom 1 meeple", "ransom 2 meeple"});  // holder order
  play(g, "U 3,0 90 T:-1,1");  // height 2 at -1,1: reach -3,1 ... 1,1 and -1,-1 ... -1,3
  check_tower(g, -1, 1, 2);
  check_capture_options(g, 0, {"capture 0,1 C", "capture none"});
  Events ev;
  capture(g, 0, "capture 0,1 C", &ev);
  CHECK(types_of(ev) == Types{kCapture, kExchange});
  check_capture(ev, 0, 1, Figure::Meeple, 0, 1, Location::C, To::Prison);
  check_exchange(ev, 0, 1, Figure::Meeple, Figure::Meeple);
  check_prisoners(g, {{2, 0, Figure::Meeple, 1}});
  check_meeples(g, {6, 7, 7});
  check_pieces(g, {8, 8, 8});
  check_scores(g, {4, 0, 0});
  CHECK(g.meeples().empty());
  check_round_trip(g);
}

TEST_CASE("The Tower example 18: one player", "[tower][example]") {
  Game g = new_game(1, "U OO U U", tower());
  check_pieces(g, {10});
  play(g, "U 1,0 90 E");
  play(g, "OO 2,0 0 T:2,0");
  check_capture_options(g, 0, {"capture 1,0 E", "capture none"});
  Events ev;
  capture(g, 0, "capture 1,0 E", &ev);
  check_capture(ev, 0, 0, Figure::Meeple, 1, 0, Location::E, To::Supply);
  check_meeples(g, {7});
  check_prisoners(g, {});
  play(g, "U 3,0 90 T:2,0");  // height 2, nothing in reach
  check_no_capture(g, 0);
  check_tower(g, 2, 0, 2);
  check_pieces(g, {8});
  // No ransom to oneself (the player also has fewer than 3 points; the contract names this reason).
  check_refused_line(g, "ransom 0 meeple", Illegal::RansomNotHeld);
  check_round_trip(g);
}

TEST_CASE("The Tower example 19: no tower piece left", "[tower][example]") {
  Game g = new_game(2, "OO B U B U B U B U E U E U E U E U E OH A OG V", tower());
  play(g, "OO 1,0 0 T:1,0");
  check_no_capture(g, 1);
  for (int x = 0; x <= 9; ++x) {
    // P1: B x,1 for x = 0 ... 3, E x,1 180 for x = 4 ... 8, A 9,1.
    play(g, x <= 3 ? fmt::format("B {},1 0", x) : x <= 8 ? fmt::format("E {},1 180", x) : std::string("A 9,1 0"));
    if (x == 9) break;
    // P0: U x,0 90 for x = 2 ... 9, then OH 10,0, each with a piece on the tower at 1,0.
    play(g, x <= 7 ? fmt::format("U {},0 90 T:1,0", x + 2) : std::string("OH 10,0 0 T:1,0"));
    check_no_capture(g, 1);  // no figure on the board: never a capture decision
    check_tower(g, 1, 0, x + 2);
    check_pieces(g, {8 - x, 10});
  }
  check_pieces(g, {0, 10});
  check_tower(g, 1, 0, 10);
  check_tower(g, 10, 0, 0);
  CHECK(g.meeples().empty());
  check_refused_move(g, "OG 11,0 0 T:1,0", Illegal::NoTowerPiece);
  check_refused_move(g, "OG 11,0 0 T:11,0", Illegal::NoTowerPiece);
  check_refused_move(g, "OG 11,0 0 T:10,0", Illegal::NoTowerPiece);
  Events ev;
  play(g, "OG 11,0 0 TM:1,0", &ev);  // P0's meeple on top of the tower at 1,0
  check_tower_closed(ev, 0, Figure::Meeple, 1, 0);
  check_tower(g, 1, 0, 10, 0, Figure::Meeple);
  check_meeples(g, {6, 7});
  check_round_trip(g);
}

TEST_CASE("The Tower example 20: the location written in a capture line", "[tower][example]") {
  SECTION("(a) another location of the figure's segment is accepted, written canonically") {
    Game g = new_game(2, "U OK U", tower());
    play(g, "U 1,0 90 WNW");  // a farmer on U's north field segment, recorded at 1,0 NNE
    CHECK(owner_at(g, 1, 0, Location::NNE) == 0);
    play(g, "OK 1,-1 0 T:1,-1");
    check_capture_options(g, 1, {"capture 1,0 NNE", "capture none"});
    check_refused_line(g, "capture 1,0 SSE", Illegal::NothingToCapture);  // the south field, another segment
    check_refused_line(g, "capture 1,0 E", Illegal::NothingToCapture);    // the road
    check_refused_line(g, "capture 1,0 TW", Illegal::NothingToCapture);
    check_unreadable_line(g, "capture 1,0 XYZ");  // unknown location
    Events ev;
    capture(g, 1, "capture 1,0 WNW", &ev);
    check_capture(ev, 1, 0, Figure::Meeple, 1, 0, Location::NNE, To::Prison);
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
    CHECK(has_line(g, "capture 1,0 NNE"));
    CHECK_FALSE(has_line(g, "capture 1,0 WNW"));
    check_round_trip(g);
  }
  SECTION("(b) another segment of the same tile is refused, although the same field now") {
    Game g = new_game(2, "OA A U", tower());
    play(g, "OA 1,0 90 ENE");  // a farmer on OA's north-east quarter, the segment {ENE}
    play(g, "A 2,0 90 T:1,0");  // A's field joins OA's quarters ENE and ESE into one field
    check_capture_options(g, 1, {"capture 1,0 ENE", "capture none"});
    check_refused_line(g, "capture 1,0 ESE", Illegal::NothingToCapture);
    Events ev;
    capture(g, 1, "capture 1,0 ENE", &ev);
    check_capture(ev, 1, 0, Figure::Meeple, 1, 0, Location::ENE, To::Prison);
    check_prisoners(g, {{1, 0, Figure::Meeple, 1}});
    check_round_trip(g);
  }
}

TEST_CASE("The Tower with Princess & Dragon: the dragon eats a figure on a tower top, and the tower opens again",
          "[tower][princess]") {
  // P0's meeple on the tower at (1,1); the volcano D2 at (0,1) brings the dragon beside it; P0's
  // dragon tile DK sends it east onto the tower's tile.
  Game g = new_game(2, "U OJ U D2 DK U", tower_with(&Options::princess_and_dragon));
  play_all(g, {"U 1,0 90", "OJ 1,1 0 T:1,1", "U 2,0 90 TM:1,1", "D2 0,1 0", "DK -1,1 0"});
  check_tower(g, 1, 1, 1, 0, Figure::Meeple);
  CHECK(g.supply(0) == 6);
  check_options(g, DecisionKind::Dragon, 0, {"dragon N", "dragon E", "dragon W"});
  Choice c;
  REQUIRE(parse_choice(g, "dragon E", c));
  Events ev;
  REQUIRE(decide(g, c, &ev) == Status::Ok);
  const std::vector<Event> eaten = events_of(ev, Event::Type::Eaten);
  REQUIRE(eaten.size() == 1u);
  CHECK(eaten[0].winners == players_mask({0}));
  CHECK(eaten[0].location == Location::TW);
  CHECK(eaten[0].figure == Figure::Meeple);
  CHECK((eaten[0].x == 1 && eaten[0].y == 1));
  check_tower(g, 1, 1, 1);  // open again, its piece still there
  CHECK(g.supply(0) == 7);
  check_round_trip(g);
}

TEST_CASE("The Tower with Princess & Dragon: the fairy next to a figure on a tower top earns the turn point, never the +3",
          "[tower][princess]") {
  // P1's meeple on the tower at (1,0); P1 then moves the fairy next to it (README D7).
  Game g = new_game(2, "OO U U U OK U U", tower_with(&Options::princess_and_dragon));
  play_all(g, {"OO 1,0 0 T:1,0", "U 2,0 90 TM:1,0"});
  check_tower(g, 1, 0, 1, 1, Figure::Meeple);
  check_refused_move(g, "U 3,0 90 F:1,0:TW", Illegal::FairyNeedsMeeple);  // not P0's figure
  play(g, "U 3,0 90");
  Game listing = g;
  place(listing, "U 4,0 90");
  CHECK(options_starting(option_texts(listing), "F:") == std::vector<std::string>{"F:1,0:TW"});
  Events ev;
  play(g, "U 4,0 90 F:1,0:TW", &ev);
  const std::vector<Event> moved = events_of(ev, Event::Type::FairyMoves);
  REQUIRE(moved.size() == 1u);
  CHECK(moved[0].location == Location::TW);
  CHECK((moved[0].x == 1 && moved[0].y == 0));
  int fx = 0, fy = 0;
  Location next_to = Location::None;
  REQUIRE(g.fairy_at(fx, fy, next_to));
  CHECK((fx == 1 && fy == 0 && next_to == Location::TW));
  check_scores(g, {0, 0});  // P0's turn begins: not the fairy's

  SECTION("the turn point when P1's turn begins; the figure never scores, so no +3 at the end") {
    ev.clear();
    play(g, "OK 1,-1 180 T:1,-1");  // closes OO's city (nobody); first floor on OK
    capture(g, 0, "capture none", &ev);
    const std::vector<Event> point = events_of(ev, Event::Type::FairyPoint);
    REQUIRE(point.size() == 1u);
    CHECK(point[0].winners == players_mask({1}));
    CHECK(point[0].points == 1);
    CHECK(point[0].location == Location::TW);
    check_scores(g, {0, 1});
    // Not again next to the same figure: the fairy already stands there.
    check_refused_move(g, "U 5,0 90 F:1,0:TW", Illegal::FairyNeedsMeeple);
    check_round_trip(g);
    ev.clear();
    play_all(g, {"U 5,0 90", "U 6,0 90"}, &ev);  // the last tile: the game ends
    REQUIRE(g.phase() == Phase::GameOver);
    CHECK(events_of(ev, Event::Type::FairyBonus).empty());
    CHECK(events_of(ev, Event::Type::FairyPoint).empty());  // P0's turn, then the end instead of P1's
    check_scores(g, {0, 1});
  }
  SECTION("a capture of that figure leaves the fairy alone: no turn point") {
    play(g, "OK 1,-1 180 T:1,-1");
    ev.clear();
    capture(g, 0, "capture 1,0 TW", &ev);
    CHECK(events_of(ev, Event::Type::FairyPoint).empty());
    REQUIRE(g.fairy_at(fx, fy, next_to));
    CHECK((fx == 1 && fy == 0 && next_to == Location::None));
    check_scores(g, {0, 0});
    check_round_trip(g);
  }
}
