// The C ABI for Inns & Cathedrals and Traders & Builders: the worked examples of
// docs/expansions.md played through the C calls with their exact points, goods, supplies
// and events; the builder's bonus tile taken, passed on and played as one move; every
// refusal with its status, its message and the game unchanged.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "capi_helpers.hpp"

using namespace capi_test;

namespace {

int goods(const carc_game* g, int player, int kind) {
  int n = -1;
  REQUIRE(carc_game_goods(g, player, kind, &n) == CARC_OK);
  return n;
}

int score(const carc_game* g, int player) { return carc_game_score(g, player); }

const char* const kInns = "inns-and-cathedrals on\norder ";
const char* const kTraders = "traders-and-builders on\norder ";

}  // namespace

TEST_CASE("C API T&B: goods go to the player who completes the city (T&B example 1)") {
  GamePtr g = position(std::string(kTraders) + "TG E TF E E\n", {"TG 0,-1 180 S"});
  drain_events(g.get());
  CHECK(goods(g.get(), 1, CARC_GOODS_GRAIN) == 0);
  REQUIRE(carc_game_play_text(g.get(), "E 1,-1 270") == CARC_OK);  // player 1 completes it
  CHECK(score(g.get(), 0) == 6);
  CHECK(score(g.get(), 1) == 0);
  CHECK(goods(g.get(), 1, CARC_GOODS_GRAIN) == 1);
  CHECK(goods(g.get(), 1, CARC_GOODS_WINE) == 0);
  CHECK(goods(g.get(), 1, CARC_GOODS_CLOTH) == 0);
  CHECK(goods(g.get(), 0, CARC_GOODS_GRAIN) == 0);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 2);  // the city's score, then its goods
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_SCORE);
  CHECK(events[0][CARC_EV_FEATURE] == CARC_FEATURE_CITY);
  CHECK(events[0][CARC_EV_POINTS] == 6);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
  CHECK(events[0][CARC_EV_TILES] == 3);
  const auto& e = events[1];
  CHECK(e[CARC_EV_TYPE] == CARC_EVENT_GOODS);
  CHECK(e[CARC_EV_FEATURE] == CARC_FEATURE_CITY);
  CHECK(e[CARC_EV_WINNERS] == 2);  // player 1, who placed the E
  CHECK(e[CARC_EV_TILE] == tile_id("E"));
  CHECK((e[CARC_EV_X] == 1 && e[CARC_EV_Y] == -1));
  CHECK(e[CARC_EV_LOCATION] == CARC_LOC_W);  // the city's location on the E at 270 degrees
  CHECK(e[CARC_EV_POINTS] == 0);
  CHECK(e[CARC_EV_DISCARDED] == CARC_NO_TILE);
  CHECK((e[CARC_EV_GOODS] == 0 && e[CARC_EV_GOODS + 1] == 1 && e[CARC_EV_GOODS + 2] == 0));
}

TEST_CASE("C API T&B: a goods tie at the end gives both 10 (T&B example 2)") {
  GamePtr g = position(std::string(kTraders) + "TG E TF E E\n",
                       {"TG 0,-1 180 S", "E 1,-1 270", "TF 0,1 270", "E 0,2 0"});
  drain_events(g.get());
  REQUIRE(carc_game_play_text(g.get(), "E -1,1 90") == CARC_OK);  // completes the TF city, the last tile
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  CHECK(goods(g.get(), 0, CARC_GOODS_GRAIN) == 1);
  CHECK(goods(g.get(), 1, CARC_GOODS_GRAIN) == 1);
  CHECK(score(g.get(), 0) == 16);
  CHECK(score(g.get(), 1) == 10);
  int32_t banked[CARC_MAX_PLAYERS];
  REQUIRE(carc_game_banked_scores(g.get(), banked, CARC_MAX_PLAYERS) == CARC_OK);
  CHECK((banked[0] == 6 && banked[1] == 0));
  CHECK(carc_game_winners(g.get()) == 1);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 2);  // the city has no knight: goods, then the one goods bonus
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_GOODS);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
  CHECK((events[0][CARC_EV_X] == -1 && events[0][CARC_EV_Y] == 1));
  CHECK(events[0][CARC_EV_GOODS + 1] == 1);
  const auto& bonus = events[1];
  CHECK(bonus[CARC_EV_TYPE] == CARC_EVENT_GOODS_BONUS);
  CHECK(bonus[CARC_EV_POINTS] == 10);
  CHECK(bonus[CARC_EV_WINNERS] == 3);
  CHECK(bonus[CARC_EV_END_GAME] == 1);
  CHECK(bonus[CARC_EV_TILE] == CARC_NO_TILE);
  CHECK((bonus[CARC_EV_GOODS] == 0 && bonus[CARC_EV_GOODS + 1] == 1 && bonus[CARC_EV_GOODS + 2] == 0));
}

TEST_CASE("C API T&B: the builder's bonus tile, taken (T&B example 3)") {
  // Player 1's E tiles stay away from the road D-U-U.
  GamePtr g = position(std::string(kTraders) + "U E U E A A\n",
                       {"U 1,0 90 E", "E 0,-1 180", "U 2,0 90 B:E", "E 1,-1 0"});
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_BUILDER) == 0);
  CHECK(carc_game_figure_supply(g.get(), 1, CARC_FIGURE_BUILDER) == 1);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_PIG) == 1);
  CHECK(carc_game_supply(g.get(), 0) == 6);  // the builder is not one of the 7
  drain_events(g.get());
  REQUIRE(carc_game_play_text(g.get(), "A 3,0 90") == CARC_OK);  // extends the builder's road
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_DECIDE);
  CHECK(carc_game_current_player(g.get()) == 0);
  CHECK(carc_game_bonus_turn(g.get()) == 0);
  CHECK(carc_game_current_tile(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_current_tile: no tile is in hand: player 0 is to take the builder's bonus tile or pass");
  auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_BONUS);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
  CHECK(events[0][CARC_EV_TILE] == tile_id("A"));
  CHECK((events[0][CARC_EV_X] == 3 && events[0][CARC_EV_Y] == 0));
  CHECK(events[0][CARC_EV_DISCARDED] == CARC_NO_TILE);

  // The bonus phase lists and takes nothing else.
  carc_move moves[CARC_MAX_PLACEMENTS];
  int n = -1;
  CHECK(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_EPHASE);
  // A check answers what carc_game_play answers, which takes the bonus tile first.
  CHECK(carc_game_check(g.get(), move_of("A -1,0 270")) == CARC_LEGAL);
  CHECK(carc_game_check(g.get(), move_of("A 5,5 0")) == CARC_WHY_NO_NEIGHBOUR);
  CHECK(carc_game_check(g.get(), move_of("A -1,0 270 B:E")) == CARC_WHY_NO_SUPPLY);  // the builder is on the board
  CHECK(carc_game_check(g.get(), move_of("E -1,0 0")) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_check: the move is for tile E, which is not the bonus tile that draws");
  carc_move bot = 0;
  CHECK(carc_bot_choose(g.get(), CARC_BOT_RANDOM, 0, 0, 1, 1, &bot) == CARC_EPHASE);
  CHECK(errmsg(g.get()) ==
        "carc_bot_choose: the game waits for player 0 to take the builder's bonus tile or pass: carc_bot_decide answers it");
  // carc_bot_decide answers any decision: greedy takes the bonus tile, the first option.
  carc_choice options[CARC_MAX_CHOICES], pick = 0;
  int32_t count = 0;
  REQUIRE(carc_game_choices(g.get(), options, CARC_MAX_CHOICES, &count) == CARC_OK);
  REQUIRE(count == 2);
  CHECK(carc_bot_decide(g.get(), CARC_BOT_GREEDY, 0, 0, 1, 1, &pick) == CARC_OK);
  CHECK(pick == options[0]);
  char text[16];
  CHECK(carc_choice_format(pick, text, sizeof text) == 5);
  CHECK(std::string(text) == "bonus");
  CHECK(carc_bot_decide(g.get(), CARC_BOT_MCTS, 20, 0, 1, 3, &pick) == CARC_OK);
  CHECK((pick == options[0] || pick == options[1]));
  CHECK(carc_bot_decide(g.get(), CARC_BOT_MCTS, 0, 0, 1, 3, &pick) == CARC_EINVAL);
  CHECK(carc_bot_decide(g.get(), CARC_BOT_GREEDY, 0, 0, 1, 3, nullptr) == CARC_EINVAL);
  // A bad budget or thread count is a bad argument here as in every other phase.
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, 0, 0, 1, 1, &bot) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_bot_choose: an mcts bot needs a budget: iterations or milliseconds above 0");
  CHECK(carc_bot_choose(g.get(), CARC_BOT_RANDOM, -1, 0, 1, 1, &bot) == CARC_EINVAL);
  CHECK(carc_bot_choose(g.get(), CARC_BOT_GREEDY, 0, 0, 0, 1, &bot) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_bot_choose: bot threads must be 1 to 64");
  int32_t action = -7;
  CHECK(carc_rl_bot_action(g.get(), CARC_BOT_MCTS, 0, 0, 1, 1, &action) == CARC_EINVAL);
  CHECK(action == -7);

  // The bonus tile is face down, so nothing lists its placements, but those of any tile type
  // are there in every phase: the A's are the list the A in hand has once taken.
  carc_move for_a[CARC_MAX_PLACEMENTS];
  int n_for_a = -1;
  REQUIRE(carc_game_placements_for(g.get(), tile_id("A"), for_a, CARC_MAX_PLACEMENTS, &n_for_a) == CARC_OK);
  int counted = -1;
  CHECK(carc_game_placements_for(g.get(), tile_id("A"), nullptr, 0, &counted) == CARC_OK);
  CHECK(counted == n_for_a);
  CHECK(carc_game_placements_for(g.get(), CARC_TILE_TYPES, for_a, CARC_MAX_PLACEMENTS, &counted) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_placements_for: tile 143 is not 0..142");
  CHECK(carc_game_placements_for(g.get(), tile_id("A"), for_a, n_for_a - 1, &counted) == CARC_ERANGE);
  CHECK(counted == n_for_a);
  GamePtr taken = clone(g.get());
  REQUIRE(carc_game_take_bonus(taken.get()) == CARC_OK);
  int n_in_hand = -1;
  REQUIRE(carc_game_placements(taken.get(), moves, CARC_MAX_PLACEMENTS, &n_in_hand) == CARC_OK);
  CHECK(std::vector<carc_move>(for_a, for_a + n_for_a) == std::vector<carc_move>(moves, moves + n_in_hand));

  // carc_game_play takes the bonus tile and plays it in one call: the same as the two steps.
  GamePtr one_call = clone(g.get());
  REQUIRE(carc_game_play_text(one_call.get(), "A -1,0 270") == CARC_OK);

  REQUIRE(carc_game_take_bonus(g.get()) == CARC_OK);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE);
  CHECK(carc_game_current_player(g.get()) == 0);
  CHECK(carc_game_bonus_turn(g.get()) == 1);
  CHECK(carc_game_current_tile(g.get()) == tile_id("A"));
  CHECK(carc_game_take_bonus(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_take_bonus: not allowed in this phase of the turn: the tile is still to be placed");
  REQUIRE(carc_game_play_text(g.get(), "A -1,0 270") == CARC_OK);  // closes the west end too
  CHECK(snapshot(g.get()) == snapshot(one_call.get()));
  CHECK(drain_events(one_call.get()) == drain_events(g.get()) );

  // 5 tiles, 5 points; the thief and the builder come home; no third tile: the game is over.
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  CHECK(score(g.get(), 0) == 5);
  CHECK(score(g.get(), 1) == 0);
  CHECK(carc_game_supply(g.get(), 0) == 7);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_BUILDER) == 1);
  CHECK(carc_game_meeple_count(g.get()) == 0);
}

TEST_CASE("C API T&B: the builder's bonus tile, passed on, and the bonus phase's refusals") {
  GamePtr g = position(std::string(kTraders) + "U E U E A A\n",
                       {"U 1,0 90 E", "E 0,-1 180", "U 2,0 90 B:E", "E 1,-1 0", "A 3,0 90"});
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_DECIDE);
  drain_events(g.get());
  GamePtr before = clone(g.get());

  // Moves of the other phases, and bad handles: a clear status and message, nothing changes.
  CHECK(carc_game_place(g.get(), move_of("A -1,0 270")) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_place: tiles are placed in the tile phase, but player 0 is to take the builder's "
                           "bonus tile or pass");
  CHECK(carc_game_skip(g.get()) == CARC_EPHASE);
  CHECK(carc_game_draw(g.get(), tile_id("A")) == CARC_EPHASE);
  CHECK(carc_game_play_text(g.get(), "E -1,0 0") == CARC_EILLEGAL);  // not the tile the bonus draws
  CHECK(errmsg(g.get()) == "carc_game_play_text: the move is for tile E, which is not the bonus tile that draws");
  CHECK(carc_game_play_text(g.get(), "A 5,5 0") == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: A 5,5 0: the cell shares no edge with a placed tile");
  CHECK(carc_game_play_text(g.get(), "A -1,0 270 B:W") == CARC_EILLEGAL);  // the builder is on the board
  CHECK(carc_game_take_bonus(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_take_bonus: game is NULL");
  CHECK(carc_game_pass(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_pass: game is NULL");
  CHECK(carc_game_bonus_turn(nullptr) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());
  CHECK(drain_events(g.get()).empty());

  // Passing hands the turn to player 1, who draws the next tile as usual.
  GamePtr text = clone(g.get());
  REQUIRE(carc_game_pass(g.get()) == CARC_OK);
  REQUIRE(carc_game_play_text(text.get(), " pass\n") == CARC_OK);  // "pass" as move text
  CHECK(snapshot(g.get()) == snapshot(text.get()));
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE);
  CHECK(carc_game_current_player(g.get()) == 1);
  CHECK(carc_game_bonus_turn(g.get()) == 0);
  CHECK(carc_game_current_tile(g.get()) == tile_id("A"));
  CHECK(drain_events(g.get()).empty());
  CHECK(score(g.get(), 0) == 0);

  // Outside the bonus phase both refuse.
  before = clone(g.get());
  CHECK(carc_game_pass(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_pass: not allowed in this phase of the turn: the tile is still to be placed");
  CHECK(carc_game_play_text(g.get(), "pass") == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_play_text: not allowed in this phase of the turn: the tile is still to be placed");
  CHECK(carc_game_take_bonus(g.get()) == CARC_EPHASE);
  CHECK(carc_game_play_text(g.get(), "passes") == CARC_EINVAL);
  require_unchanged(g.get(), before.get());

  // Player 1 closes the road: player 0 scores the 5 tiles without a bonus of player 1's.
  REQUIRE(carc_game_play_text(g.get(), "A -1,0 270") == CARC_OK);
  CHECK(score(g.get(), 0) == 5);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  CHECK(carc_game_pass(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_pass: not allowed in this phase of the turn: the game is over");
}

TEST_CASE("C API T&B: a bonus tile with caller draws waits for the draw") {
  GamePtr g = position("traders-and-builders on\npile hidden U E U E A A\n", {});
  for (const char* m : {"U", "U 1,0 90 E", "E", "E 0,-1 180", "U", "U 2,0 90 B:E", "E", "E 1,-1 0", "A", "A 3,0 90"}) {
    INFO(m);
    if (std::string(m).size() == 1) REQUIRE(carc_game_draw(g.get(), tile_id(m)) == CARC_OK);
    else REQUIRE(carc_game_play_text(g.get(), m) == CARC_OK);
  }
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_DECIDE);
  GamePtr before = clone(g.get());
  CHECK(carc_game_play_text(g.get(), "A -1,0 270") == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_play_text: player 0 is to take the builder's bonus tile or pass: decide "
                           "(carc_game_decide) and draw (carc_game_draw) first");
  CHECK(carc_game_check(g.get(), move_of("A -1,0 270")) == CARC_WHY_WRONG_PHASE);  // as play: no tile drawn yet
  require_unchanged(g.get(), before.get());
  REQUIRE(carc_game_take_bonus(g.get()) == CARC_OK);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_DRAW);
  CHECK(carc_game_bonus_turn(g.get()) == 1);
  CHECK(carc_game_current_player(g.get()) == 0);
  REQUIRE(carc_game_draw(g.get(), tile_id("A")) == CARC_OK);
  REQUIRE(carc_game_play_text(g.get(), "A -1,0 270") == CARC_OK);
  CHECK(score(g.get(), 0) == 5);
}

TEST_CASE("C API T&B: the builder needs the player's meeple and an open feature (T&B examples 4, 5)") {
  GamePtr g = position(std::string(kTraders) + "U E U U\n", {"U 1,0 90 E", "E 0,-1 180", "U 2,0 90"});
  CHECK(carc_game_check(g.get(), move_of("U -1,0 90 B:W")) == CARC_WHY_BUILDER_NEEDS_MEEPLE);
  GamePtr before = clone(g.get());
  CHECK(carc_game_play_text(g.get(), "U -1,0 90 B:W") == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) ==
        "carc_game_play_text: U -1,0 90 B:W: the builder's road or city must hold one of the player's meeples");
  require_unchanged(g.get(), before.get());

  GamePtr five = position(std::string(kTraders) + "U A A\n", {"U 1,0 90 E", "A -1,0 270"});
  CHECK(carc_game_check(five.get(), move_of("A 2,0 90 B:W")) == CARC_WHY_BUILDER_COMPLETE);
  CHECK(carc_game_check(five.get(), move_of("A 2,0 90 B:C")) == CARC_WHY_BUILDER_ROAD_OR_CITY);
  REQUIRE(carc_game_place(five.get(), move_of("A 2,0 90")) == CARC_OK);
  before = clone(five.get());
  CHECK(carc_game_act(five.get(), CARC_FIGURE_BUILDER, CARC_LOC_W) == CARC_EILLEGAL);
  CHECK(errmsg(five.get()) == "carc_game_act: builder at W: the builder may not go onto a road or city that this tile "
                              "completes");
  require_unchanged(five.get(), before.get());
  REQUIRE(carc_game_skip(five.get()) == CARC_OK);
  CHECK(score(five.get(), 0) == 4);
}

TEST_CASE("C API T&B: the pig (T&B example 8) and its refusals (example 9)") {
  GamePtr g = position(std::string(kTraders) + "U V A E E E E\n",
                       {"U 0,1 90 NNE", "V 1,1 0 SSW", "A -1,1 270", "E 0,2 180", "E 0,3 0"});
  CHECK(carc_game_check(g.get(), move_of("E -1,2 180 P:NNE")) == CARC_LEGAL);
  CHECK(carc_game_check(g.get(), move_of("E -1,2 180 P:S")) == CARC_WHY_PIG_FIELD_ONLY);
  REQUIRE(carc_game_play_text(g.get(), "E -1,2 180 P:NNE") == CARC_OK);
  CHECK(carc_game_figure_supply(g.get(), 1, CARC_FIGURE_PIG) == 0);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_PIG) == 1);
  CHECK(carc_game_supply(g.get(), 1) == 6);
  // The pig weighs nothing in the majority.
  int32_t info[CARC_FEATURE_INFO_FIELDS];
  REQUIRE(carc_game_inspect_feature(g.get(), -1, 2, CARC_LOC_NNE, info, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK(info[CARC_FI_KIND] == CARC_FEATURE_FIELD);
  CHECK((info[CARC_FI_MEEPLES] == 1 && info[CARC_FI_MEEPLES + 1] == 1));
  CHECK(info[CARC_FI_MAJORITY] == 3);
  drain_events(g.get());
  REQUIRE(carc_game_play_text(g.get(), "E -1,3 0") == CARC_OK);  // city 2 complete, the last tile
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  CHECK(score(g.get(), 0) == 6);
  CHECK(score(g.get(), 1) == 8);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 2);  // the field, then the pig's extra points
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_SCORE);
  CHECK(events[0][CARC_EV_FEATURE] == CARC_FEATURE_FIELD);
  CHECK(events[0][CARC_EV_POINTS] == 6);
  CHECK(events[0][CARC_EV_WINNERS] == 3);
  const auto& pig = events[1];
  CHECK(pig[CARC_EV_TYPE] == CARC_EVENT_PIG);
  CHECK(pig[CARC_EV_FEATURE] == CARC_FEATURE_FIELD);
  CHECK(pig[CARC_EV_POINTS] == 2);  // 1 more per completed city
  CHECK(pig[CARC_EV_WINNERS] == 2);
  CHECK(pig[CARC_EV_END_GAME] == 1);
  CHECK(pig[CARC_EV_TILE] == events[0][CARC_EV_TILE]);
  CHECK((pig[CARC_EV_MEEPLES] == 1 && pig[CARC_EV_MEEPLES + 1] == 1));

  GamePtr nine = position(std::string(kTraders) + "U U\n", {"U 0,1 90 NNE"});
  CHECK(carc_game_check(nine.get(), move_of("U 1,1 90 P:WNW")) == CARC_WHY_PIG_NEEDS_FARMER);
  GamePtr before = clone(nine.get());
  CHECK(carc_game_play_text(nine.get(), "U 1,1 90 P:WNW") == CARC_EILLEGAL);
  CHECK(errmsg(nine.get()) == "carc_game_play_text: U 1,1 90 P:WNW: the pig's field must hold one of the player's farmers");
  require_unchanged(nine.get(), before.get());
}

TEST_CASE("C API T&B: carc_game_goods and the figure supplies refuse bad input") {
  GamePtr g = position(std::string(kTraders) + "TG E\n", {});
  int n = -7;
  CHECK(carc_game_goods(g.get(), 0, CARC_GOODS_WINE, &n) == CARC_OK);
  CHECK(n == 0);
  GamePtr before = clone(g.get());
  n = -7;
  CHECK(carc_game_goods(g.get(), 2, CARC_GOODS_WINE, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_goods: player 2 is not 0..1");
  CHECK(carc_game_goods(g.get(), -1, CARC_GOODS_WINE, &n) == CARC_EINVAL);
  CHECK(carc_game_goods(g.get(), 0, 0, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_goods: kind 0 is not a kind of goods (CARC_GOODS_WINE..CARC_GOODS_CLOTH)");
  CHECK(carc_game_goods(g.get(), 0, 4, &n) == CARC_EINVAL);
  CHECK(n == -7);
  CHECK(carc_game_goods(g.get(), 0, CARC_GOODS_CLOTH, nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_goods: count is NULL");
  CHECK(carc_game_goods(nullptr, 0, CARC_GOODS_CLOTH, &n) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_goods: game is NULL");
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_BUILDER) == 1);
  CHECK(carc_game_figure_supply(g.get(), 1, CARC_FIGURE_PIG) == 1);
  CHECK(carc_game_figure_supply(g.get(), 1, CARC_FIGURE_LARGE) == 0);  // Inns & Cathedrals is off
  require_unchanged(g.get(), before.get());

  GamePtr base = make(2, 3);  // without the expansion: no goods, no builder, no pig
  CHECK(goods(base.get(), 1, CARC_GOODS_GRAIN) == 0);
  CHECK(carc_game_figure_supply(base.get(), 0, CARC_FIGURE_BUILDER) == 0);
  CHECK(carc_game_bonus_turn(base.get()) == 0);
  const int t = carc_game_current_tile(base.get());
  REQUIRE(t >= 0);
}

TEST_CASE("C API I&C: a completed inn road scores 2 per tile (I&C example 1)") {
  GamePtr g = position(std::string(kInns) + "IB A A\n", {"IB 1,0 0 E", "A 2,0 90"});
  int32_t info[CARC_FEATURE_INFO_FIELDS];
  REQUIRE(carc_game_inspect_feature(g.get(), 1, 0, CARC_LOC_E, info, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK(info[CARC_FI_KIND] == CARC_FEATURE_ROAD);
  CHECK(info[CARC_FI_TILES] == 3);
  CHECK(info[CARC_FI_VALUE_COMPLETE] == 6);  // the inn: 2 per tile
  CHECK(info[CARC_FI_VALUE_END] == 0);       // and nothing if it is still open at the end
  drain_events(g.get());
  REQUIRE(carc_game_play_text(g.get(), "A -1,0 270") == CARC_OK);
  CHECK(score(g.get(), 0) == 8);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_SCORE);
  CHECK(events[0][CARC_EV_FEATURE] == CARC_FEATURE_ROAD);
  CHECK(events[0][CARC_EV_POINTS] == 8);
  CHECK(events[0][CARC_EV_TILES] == 4);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
  CHECK((events[0][CARC_EV_GOODS] == 0 && events[0][CARC_EV_GOODS + 1] == 0 && events[0][CARC_EV_GOODS + 2] == 0));
}

TEST_CASE("C API I&C: a completed cathedral city scores 3 per tile (I&C example 3)") {
  GamePtr g = position(std::string(kInns) + "IK E E E\n", {"IK 0,-1 0 N", "E 0,-2 180", "E 1,-1 270"});
  int32_t info[CARC_FEATURE_INFO_FIELDS];
  REQUIRE(carc_game_inspect_feature(g.get(), 0, -1, CARC_LOC_N, info, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK(info[CARC_FI_KIND] == CARC_FEATURE_CITY);
  CHECK(info[CARC_FI_TILES] == 4);
  CHECK(info[CARC_FI_OPEN_EDGES] == 1);
  CHECK(info[CARC_FI_VALUE_COMPLETE] == 12);
  CHECK(info[CARC_FI_VALUE_END] == 0);  // I&C example 4: an open cathedral city scores nothing
  int32_t projected[CARC_MAX_PLAYERS];
  REQUIRE(carc_game_projected_scores(g.get(), projected, CARC_MAX_PLAYERS) == CARC_OK);
  CHECK(projected[0] == 0);
  drain_events(g.get());
  REQUIRE(carc_game_play_text(g.get(), "E -1,-1 90") == CARC_OK);
  CHECK(score(g.get(), 0) == 15);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_FEATURE] == CARC_FEATURE_CITY);
  CHECK(events[0][CARC_EV_POINTS] == 15);
  CHECK(events[0][CARC_EV_TILES] == 5);
  CHECK(events[0][CARC_EV_TILE] == tile_id("IK"));
}

TEST_CASE("C API I&C: the large meeple weighs 2 (I&C example 5)") {
  GamePtr g = position(std::string(kInns) + "IK K N E E\n", {});
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_LARGE) == 1);
  CHECK(carc_game_check(g.get(), move_of("IK 0,-1 0 L:N")) == CARC_LEGAL);
  REQUIRE(carc_game_place(g.get(), move_of("IK 0,-1 0")) == CARC_OK);
  carc_move actions[CARC_MAX_FIGURE_ACTIONS];
  int n = -1;
  REQUIRE(carc_game_figure_actions(g.get(), actions, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_OK);
  REQUIRE(n == 2);  // the meeple, then the large meeple, on the one city
  CHECK(actions[0] == move_of("IK 0,-1 0 N"));
  CHECK(actions[1] == move_of("IK 0,-1 0 L:N"));
  REQUIRE(carc_game_act(g.get(), CARC_FIGURE_LARGE, CARC_LOC_N) == CARC_OK);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_LARGE) == 0);
  CHECK(carc_game_supply(g.get(), 0) == 7);
  int p, x, y, l, f;
  REQUIRE(carc_game_meeple(g.get(), 0, &p, &x, &y, &l, &f) == CARC_OK);
  CHECK((p == 0 && x == 0 && y == -1 && l == CARC_LOC_N && f == CARC_FIGURE_LARGE));
  carc_move turn = 0;
  REQUIRE(carc_game_turn_move(g.get(), 1, &turn) == CARC_OK);
  CHECK(turn == move_of("IK 0,-1 0 L:N"));
  for (const char* m : {"K 1,0 0 N", "N 1,-1 180", "E 0,-2 180"}) REQUIRE(carc_game_play_text(g.get(), m) == CARC_OK);
  int32_t info[CARC_FEATURE_INFO_FIELDS];
  REQUIRE(carc_game_inspect_feature(g.get(), 0, -1, CARC_LOC_N, info, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK((info[CARC_FI_MEEPLES] == 2 && info[CARC_FI_MEEPLES + 1] == 1));
  CHECK(info[CARC_FI_MAJORITY] == 1);
  drain_events(g.get());
  REQUIRE(carc_game_play_text(g.get(), "E -1,-1 90") == CARC_OK);
  CHECK(score(g.get(), 0) == 18);
  CHECK(score(g.get(), 1) == 0);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_POINTS] == 18);
  CHECK(events[0][CARC_EV_TILES] == 6);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
  CHECK((events[0][CARC_EV_MEEPLES] == 2 && events[0][CARC_EV_MEEPLES + 1] == 1));
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_LARGE) == 1);  // both figures return
  CHECK(carc_game_supply(g.get(), 1) == 7);
  CHECK(carc_game_meeple_count(g.get()) == 0);
}

TEST_CASE("C API: options inns-and-cathedrals and traders-and-builders by id, before the first placement") {
  GamePtr g = make(2, 17);
  CHECK(carc_game_option(g.get(), CARC_OPT_INNS_AND_CATHEDRALS) == 0);
  CHECK(carc_game_option(g.get(), CARC_OPT_TRADERS_AND_BUILDERS) == 0);
  CHECK(carc_game_tiles_remaining(g.get()) == 70);
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_INNS_AND_CATHEDRALS, 1) == CARC_OK);
  CHECK(carc_game_tiles_remaining(g.get()) == 70 + 18);
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_TRADERS_AND_BUILDERS, 1) == CARC_OK);
  CHECK(carc_game_tiles_remaining(g.get()) == 70 + 18 + 24);
  CHECK(carc_game_option(g.get(), CARC_OPT_INNS_AND_CATHEDRALS) == 1);
  CHECK(carc_game_option(g.get(), CARC_OPT_TRADERS_AND_BUILDERS) == 1);
  for (int p = 0; p < 2; ++p) {
    CHECK(carc_game_figure_supply(g.get(), p, CARC_FIGURE_LARGE) == 1);
    CHECK(carc_game_figure_supply(g.get(), p, CARC_FIGURE_BUILDER) == 1);
    CHECK(carc_game_figure_supply(g.get(), p, CARC_FIGURE_PIG) == 1);
  }
  int32_t counts[CARC_TILE_TYPES];
  REQUIRE(carc_game_tiles_remaining_by_type(g.get(), counts, CARC_TILE_TYPES) == CARC_OK);
  int inns = 0, traders = 0;
  for (int t = 0; t < CARC_TILE_TYPES; ++t) {
    if (carc_tile_set(t) == CARC_SET_INNS_AND_CATHEDRALS) inns += counts[t];
    if (carc_tile_set(t) == CARC_SET_TRADERS_AND_BUILDERS) traders += counts[t];
  }
  const int in_hand = carc_tile_set(carc_game_current_tile(g.get()));
  CHECK(inns + (in_hand == CARC_SET_INNS_AND_CATHEDRALS) == 18);
  CHECK(traders + (in_hand == CARC_SET_TRADERS_AND_BUILDERS) == 24);
  const std::string record = save(g.get());
  CHECK(record.find("\ninns-and-cathedrals on\ntraders-and-builders on\n") != std::string::npos);
  GamePtr again = load(record);
  CHECK(snapshot(again.get()) == snapshot(g.get()));
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_TRADERS_AND_BUILDERS, 0) == CARC_OK);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_BUILDER) == 0);
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_TRADERS_AND_BUILDERS, 1) == CARC_OK);

  // A whole random game with both plays to the end through the C calls, events and all.
  REQUIRE(carc_game_playout(g.get(), 5, 0) == CARC_OK);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  for (const auto& e : drain_events(g.get())) {
    REQUIRE(e[CARC_EV_TYPE] >= CARC_EVENT_SCORE);
    REQUIRE(e[CARC_EV_TYPE] <= CARC_EVENT_BONUS);
    REQUIRE((e[CARC_EV_TILE] == CARC_NO_TILE || (e[CARC_EV_TILE] >= 0 && e[CARC_EV_TILE] < CARC_TILE_TYPES)));
  }
  CHECK(carc_game_set_option(g.get(), CARC_OPT_INNS_AND_CATHEDRALS, 0) == CARC_EPHASE);
  CHECK(errmsg(g.get()).rfind("carc_game_set_option: ", 0) == 0);
  CHECK(carc_game_option(g.get(), 11) == CARC_EINVAL);
}

TEST_CASE("C API T&B: one decision, one undo: undo after taking the bonus tile gives the choice back") {
  for (const bool caller_draws : {false, true}) {
    INFO(caller_draws);
    GamePtr g = caller_draws ? position("traders-and-builders on\npile hidden U E U E A A\n", {})
                             : position(std::string(kTraders) + "U E U E A A\n", {});
    for (const char* m : {"U", "U 1,0 90 E", "E", "E 0,-1 180", "U", "U 2,0 90 B:E", "E", "E 1,-1 0", "A", "A 3,0 90"}) {
      if (std::string(m).size() > 1) REQUIRE(carc_game_play_text(g.get(), m) == CARC_OK);
      else if (caller_draws) REQUIRE(carc_game_draw(g.get(), tile_id(m)) == CARC_OK);
    }
    REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_DECIDE);
    GamePtr bonus = clone(g.get());  // the bonus event unread
    REQUIRE(carc_game_take_bonus(g.get()) == CARC_OK);
    if (caller_draws) REQUIRE(carc_game_draw(g.get(), tile_id("A")) == CARC_OK);
    REQUIRE(carc_game_current_tile(g.get()) == tile_id("A"));
    // Undone, the take alone goes (it took back the turn that earned the bonus, too).
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);
    CHECK(carc_game_phase(g.get()) == CARC_PHASE_DECIDE);
    CHECK(carc_game_turns_played(g.get()) == 5);
    CHECK(carc_game_current_player(g.get()) == 0);
    CHECK(snapshot(g.get()) == snapshot(bonus.get()));
    CHECK(drain_events(g.get()) == drain_events(bonus.get()));  // the bonus event, still unread
    // Taken and placed: undo takes back the bonus tile's turn, then the take.
    REQUIRE(carc_game_take_bonus(g.get()) == CARC_OK);
    if (caller_draws) REQUIRE(carc_game_draw(g.get(), tile_id("A")) == CARC_OK);
    GamePtr in_hand = clone(g.get());
    REQUIRE(carc_game_play_text(g.get(), "A -1,0 270") == CARC_OK);
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);
    CHECK(snapshot(g.get()) == snapshot(in_hand.get()));
    CHECK(drain_events(g.get()).empty());
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);
    CHECK(carc_game_phase(g.get()) == CARC_PHASE_DECIDE);
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);  // then the turn that earned it
    CHECK(carc_game_turns_played(g.get()) == 4);
    CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE);
    CHECK(carc_game_current_tile(g.get()) == tile_id("A"));
  }
}

TEST_CASE("C API: undo and rewind replay the caller's draws and the bonus decisions") {
  // A game with caller draws: undo replays the draws (it used to fail as an internal error).
  GamePtr table = position("pile hidden E U A\n", {});
  for (const char* step : {"E", "E 0,-1 180 S", "U", "U 0,1 90", "A"}) {
    INFO(step);
    if (std::string(step).size() == 1) REQUIRE(carc_game_draw(table.get(), tile_id(step)) == CARC_OK);
    else REQUIRE(carc_game_play_text(table.get(), step) == CARC_OK);
  }
  const auto events = drain_events(table.get());
  REQUIRE(events.size() == 1);  // the 2-tile city, scored when the E closed it
  REQUIRE(carc_game_play_text(table.get(), "A 1,0 90") == CARC_OK);
  REQUIRE(carc_game_undo(table.get()) == CARC_OK);
  CHECK(carc_game_turns_played(table.get()) == 2);
  CHECK(carc_game_current_tile(table.get()) == tile_id("A"));
  REQUIRE(carc_game_rewind(table.get(), 1) == CARC_OK);
  CHECK(carc_game_turns_played(table.get()) == 1);
  CHECK(score(table.get(), 0) == 4);
  CHECK(drain_events(table.get()).empty());

  // Traders & Builders: a pass and a bonus tile taken replay as the game took them.
  for (const bool take : {false, true}) {
    INFO(take);
    GamePtr g = position(std::string(kTraders) + "U E U E A A\n",
                         {"U 1,0 90 E", "E 0,-1 180", "U 2,0 90 B:E", "E 1,-1 0", "A 3,0 90"});
    drain_events(g.get());
    REQUIRE((take ? carc_game_take_bonus(g.get()) : carc_game_pass(g.get())) == CARC_OK);
    REQUIRE(carc_game_play_text(g.get(), "A -1,0 270") == CARC_OK);
    REQUIRE(drain_events(g.get()).size() == 1);  // the road: 5 to player 0
    CHECK(score(g.get(), 0) == 5);
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);
    CHECK(carc_game_turns_played(g.get()) == 5);
    CHECK(score(g.get(), 0) == 0);
    REQUIRE(carc_game_rewind(g.get(), 3) == CARC_OK);
    CHECK(carc_game_turns_played(g.get()) == 3);
    CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_BUILDER) == 0);
    CHECK(drain_events(g.get()).empty());
  }
}
