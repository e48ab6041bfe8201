// The C ABI 0.2 calls for the expansions: tile ids, figure actions (the abbot and its
// recall), carc_game_check's reasons, the river's open end and recall events, each on the
// worked examples of docs/expansions.md, and each refusal with its status, its message and
// the game unchanged.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "capi_helpers.hpp"

using namespace capi_test;

namespace {

const char* const kAbbotOrder = "abbot on\norder U_G U U U U E E E\n";

std::vector<carc_move> figure_actions(const carc_game* g) {
  carc_move buf[CARC_MAX_FIGURE_ACTIONS];
  int n = -1;
  REQUIRE(carc_game_figure_actions(g, buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_OK);
  return std::vector<carc_move>(buf, buf + n);
}

}  // namespace

TEST_CASE("C API 0.2: tile ids, sets, figure names and reasons") {
  CHECK(std::string(carc_tile_name(0)) == "A");
  CHECK(std::string(carc_tile_name(23)) == "X");
  CHECK(carc_tile_from_name("E") == 4);
  CHECK(carc_tile_set(4) == CARC_SET_BASE);
  CHECK(carc_tile_set(tile_id("U_G")) == CARC_SET_ABBOT);
  CHECK(carc_tile_set(tile_id("RA")) == CARC_SET_RIVER);
  CHECK(carc_tile_set(tile_id("RL")) == CARC_SET_RIVER);
  for (int t = 0; t < CARC_TILE_TYPES; ++t) {
    INFO(t);
    REQUIRE(carc_tile_name(t) != nullptr);
    REQUIRE(carc_tile_from_name(carc_tile_name(t)) == t);
    REQUIRE(carc_tile_set(t) >= CARC_SET_BASE);
    REQUIRE(carc_tile_set(t) <= CARC_SET_ABBEY_AND_MAYOR);
  }
  CHECK(carc_tile_name(CARC_TILE_TYPES) == nullptr);
  CHECK(carc_tile_name(-1) == nullptr);
  CHECK(carc_tile_from_name("u_g") == CARC_EINVAL);  // case-sensitive
  CHECK(errmsg(nullptr) == "carc_tile_from_name: 'u_g' is not a tile id");
  CHECK(carc_tile_from_name("") == CARC_EINVAL);
  CHECK(carc_tile_from_name(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_tile_from_name: name is NULL");
  CHECK(carc_tile_set(CARC_TILE_TYPES) == CARC_EINVAL);
  CHECK(carc_tile_set(-1) == CARC_EINVAL);

  CHECK(std::string(carc_figure_name(CARC_FIGURE_MEEPLE)) == "meeple");
  CHECK(std::string(carc_figure_name(CARC_FIGURE_ABBOT)) == "abbot");
  CHECK(std::string(carc_figure_name(CARC_FIGURE_RECALL)) == "recall");
  CHECK(std::string(carc_figure_name(CARC_FIGURE_FAIRY)) == "fairy");  // actions only on another tile have names too
  CHECK(std::string(carc_figure_name(CARC_FIGURE_TOWER_PIECE)) == "tower piece");
  CHECK(carc_figure_name(CARC_FIGURE_BARN + 1) == nullptr);
  CHECK(carc_figure_name(-1) == nullptr);
  CHECK(std::string(carc_feature_name(CARC_FEATURE_GARDEN)) == "garden");
  CHECK(carc_feature_name(5) == nullptr);
  CHECK(std::string(carc_location_name(CARC_LOC_CF)) == "CF");
  CHECK(std::string(carc_location_name(CARC_LOC_TW)) == "TW");
  CHECK(carc_location_name(-1) == nullptr);
  for (int why = CARC_LEGAL; why <= CARC_WHY_RANSOM_COMMITS; ++why) {
    INFO(why);
    REQUIRE(carc_why_text(why) != nullptr);
    REQUIRE(*carc_why_text(why) != '\0');
  }
  CHECK(carc_why_text(CARC_WHY_RANSOM_COMMITS + 1) == nullptr);
  CHECK(carc_why_text(-1) == nullptr);
}

TEST_CASE("C API 0.2: figure supplies by kind") {
  GamePtr base = make(3, 1);
  for (int p = 0; p < 3; ++p) {
    CHECK(carc_game_figure_supply(base.get(), p, CARC_FIGURE_MEEPLE) == CARC_MEEPLES_PER_PLAYER);
    CHECK(carc_game_figure_supply(base.get(), p, CARC_FIGURE_ABBOT) == 0);  // the Abbot is off
    CHECK(carc_game_figure_supply(base.get(), p, CARC_FIGURE_LARGE) == 0);
    CHECK(carc_game_figure_supply(base.get(), p, CARC_FIGURE_PIG) == 0);
  }
  GamePtr abbot = position(kAbbotOrder, {});
  CHECK(carc_game_figure_supply(abbot.get(), 1, CARC_FIGURE_ABBOT) == 1);
  CHECK(carc_game_figure_supply(abbot.get(), 1, CARC_FIGURE_MEEPLE) == 7);

  GamePtr before = clone(abbot.get());
  CHECK(carc_game_figure_supply(abbot.get(), 2, CARC_FIGURE_ABBOT) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_figure_supply: player 2 is not 0..1");
  CHECK(carc_game_figure_supply(abbot.get(), 0, CARC_FIGURE_RECALL) == CARC_EINVAL);  // an action, not a figure
  CHECK(errmsg(nullptr) ==
        "carc_game_figure_supply: figure 7 is not a kind with a supply (meeple, large meeple, abbot, builder, pig, mayor, wagon, barn)");
  CHECK(carc_game_figure_supply(abbot.get(), 0, 5) == CARC_EINVAL);
  CHECK(carc_game_figure_supply(abbot.get(), 0, 12) == CARC_EINVAL);
  CHECK(carc_game_figure_supply(abbot.get(), 0, CARC_FIGURE_MAYOR) == 0);  // Abbey & Mayor is off
  CHECK(carc_game_figure_supply(abbot.get(), 0, -1) == CARC_EINVAL);
  CHECK(carc_game_figure_supply(nullptr, 0, 0) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_figure_supply: game is NULL");
  require_unchanged(abbot.get(), before.get());
}

TEST_CASE("C API 0.2: the abbot on a garden, never a meeple (Abbot example 1)") {
  GamePtr g = position(kAbbotOrder, {});
  const int ug = tile_id("U_G");
  CHECK(carc_game_current_tile(g.get()) == ug);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 A:C")) == CARC_LEGAL);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 C")) == CARC_WHY_GARDEN_ABBOT_ONLY);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 NNE")) == CARC_LEGAL);  // a farmer round the garden
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 A:N")) == CARC_WHY_ABBOT_CENTRE_ONLY);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 0")) == CARC_WHY_MISMATCH);
  CHECK(carc_game_check(g.get(), move_of("U_G 5,5 90")) == CARC_WHY_NO_NEIGHBOUR);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,0 90")) == CARC_WHY_OCCUPIED);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 recall")) == CARC_WHY_ABBOT_NOT_PLACED);
  CHECK(std::string(carc_why_text(CARC_WHY_GARDEN_ABBOT_ONLY)).size() > 10);

  // The figure actions of that placement before it is made, then after: the same list,
  // the meeples first (as carc_game_meeple_locations lists them), then the abbot.
  const carc_move place = carc_move_pack(ug, 0, 1, 90, CARC_FIGURE_MEEPLE, CARC_LOC_NONE);
  carc_move before_buf[CARC_MAX_FIGURE_ACTIONS];
  int n = -1;
  REQUIRE(carc_game_figure_actions_for(g.get(), place, before_buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_OK);
  REQUIRE(carc_game_place(g.get(), place) == CARC_OK);
  const std::vector<carc_move> actions = figure_actions(g.get());
  REQUIRE(static_cast<int>(actions.size()) == n);
  for (int i = 0; i < n; ++i) CHECK(actions[static_cast<size_t>(i)] == before_buf[i]);
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  int k = -1;
  REQUIRE(carc_game_meeple_locations(g.get(), locs, CARC_MAX_MEEPLE_LOCATIONS, &k) == CARC_OK);
  REQUIRE(n == k + 1);
  for (int i = 0; i < k; ++i)
    CHECK(actions[static_cast<size_t>(i)] == carc_move_pack(ug, 0, 1, 90, CARC_FIGURE_MEEPLE, locs[i]));
  CHECK(actions.back() == carc_move_pack(ug, 0, 1, 90, CARC_FIGURE_ABBOT, CARC_LOC_C));
  CHECK(carc_game_feature_kind(g.get(), 0, 1, CARC_LOC_C) == CARC_FEATURE_GARDEN);

  // In the figure phase carc_game_check judges the figure action on the tile just placed.
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 C")) == CARC_WHY_GARDEN_ABBOT_ONLY);
  CHECK(carc_game_check(g.get(), move_of("U_G 0,1 90 A:C")) == CARC_LEGAL);
  GamePtr before = clone(g.get());
  CHECK(carc_game_act(g.get(), CARC_FIGURE_MEEPLE, CARC_LOC_C) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_act: meeple at C: only an abbot may stand on a garden");
  require_unchanged(g.get(), before.get());

  REQUIRE(carc_game_act(g.get(), CARC_FIGURE_ABBOT, CARC_LOC_C) == CARC_OK);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_ABBOT) == 0);
  CHECK(carc_game_supply(g.get(), 0) == 7);  // the abbot is not one of the 7
  REQUIRE(carc_game_meeple_count(g.get()) == 1);
  int p, x, y, l, f;
  REQUIRE(carc_game_meeple(g.get(), 0, &p, &x, &y, &l, &f) == CARC_OK);
  CHECK((p == 0 && x == 0 && y == 1 && l == CARC_LOC_C && f == CARC_FIGURE_ABBOT));
  carc_move m = 0;
  REQUIRE(carc_game_turn_move(g.get(), 1, &m) == CARC_OK);
  CHECK(m == move_of("U_G 0,1 90 A:C"));
  char text[CARC_MOVE_TEXT_SIZE];
  CHECK(carc_move_format(m, text, sizeof text) == 14);
  CHECK(std::string(text) == "U_G 0,1 90 A:C");
  CHECK(save(g.get()).find("\nabbot on\n") != std::string::npos);
}

TEST_CASE("C API 0.2: the garden completes and the abbot comes home (Abbot example 2)") {
  GamePtr g = position(kAbbotOrder, {"U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -1,1 90", "U 1,1 90", "E -1,2 180",
                                     "E 0,2 180"});
  drain_events(g.get());
  CHECK(carc_game_score(g.get(), 0) == 0);
  REQUIRE(carc_game_play_text(g.get(), "E 1,2 180") == CARC_OK);  // the 8th neighbour
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  const auto& e = events[0];
  CHECK(e[CARC_EV_TYPE] == CARC_EVENT_SCORE);
  CHECK(e[CARC_EV_FEATURE] == CARC_FEATURE_GARDEN);
  CHECK(e[CARC_EV_POINTS] == 9);
  CHECK(e[CARC_EV_WINNERS] == 1);
  CHECK(e[CARC_EV_TILE] == tile_id("U_G"));
  CHECK((e[CARC_EV_X] == 0 && e[CARC_EV_Y] == 1 && e[CARC_EV_LOCATION] == CARC_LOC_C));
  CHECK(e[CARC_EV_DISCARDED] == CARC_NO_TILE);
  CHECK(carc_game_score(g.get(), 0) == 9);
  CHECK(carc_game_figure_supply(g.get(), 0, CARC_FIGURE_ABBOT) == 1);
  CHECK(carc_game_meeple_count(g.get()) == 0);
}

TEST_CASE("C API 0.2: recalling the abbot scores at once, as an event (Abbot examples 3, 4, 6)") {
  const std::vector<const char*> setup = {"U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -2,0 90"};
  GamePtr g = position("abbot on\norder U_G U U U E U\n", setup);
  drain_events(g.get());
  // Example 3: E 0,-1 180 recall, the garden with 3 neighbours: +4.
  GamePtr three = clone(g.get());
  REQUIRE(carc_game_play_text(three.get(), "E 0,-1 180 recall") == CARC_OK);
  auto events = drain_events(three.get());
  REQUIRE(events.size() == 1);  // D's city closes without a knight: no event
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_RECALL);
  CHECK(events[0][CARC_EV_FEATURE] == CARC_FEATURE_GARDEN);
  CHECK(events[0][CARC_EV_POINTS] == 4);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
  CHECK(events[0][CARC_EV_TILE] == tile_id("U_G"));
  CHECK((events[0][CARC_EV_X] == 0 && events[0][CARC_EV_Y] == 1 && events[0][CARC_EV_LOCATION] == CARC_LOC_C));
  CHECK(events[0][CARC_EV_MEEPLES] == 1);
  CHECK(events[0][CARC_EV_DISCARDED] == CARC_NO_TILE);
  CHECK(carc_game_score(three.get(), 0) == 4);
  CHECK(carc_game_figure_supply(three.get(), 0, CARC_FIGURE_ABBOT) == 1);
  CHECK(carc_game_meeple_count(three.get()) == 0);

  // The recall is listed last among the figure actions of the E, and is a whole move.
  GamePtr placed = clone(g.get());
  REQUIRE(carc_game_place(placed.get(), move_of("E 0,-1 180")) == CARC_OK);
  const std::vector<carc_move> actions = figure_actions(placed.get());
  REQUIRE(!actions.empty());
  CHECK(actions.back() == move_of("E 0,-1 180 recall"));
  REQUIRE(carc_game_act(placed.get(), CARC_FIGURE_RECALL, CARC_LOC_NONE) == CARC_OK);
  CHECK(carc_game_score(placed.get(), 0) == 4);

  // Example 4: the new U is a neighbour and counts: +5; no figure goes onto it.
  GamePtr four = position("abbot on\norder U_G U U U U E\n", setup);
  drain_events(four.get());
  REQUIRE(carc_game_play_text(four.get(), "U -1,1 90 recall") == CARC_OK);
  events = drain_events(four.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_RECALL);
  CHECK(events[0][CARC_EV_POINTS] == 5);
  CHECK(carc_game_score(four.get(), 0) == 5);
  CHECK(carc_game_meeple_count(four.get()) == 0);

  // Example 6: a turn that deploys the abbot cannot recall it (it is the same turn's action).
  GamePtr fresh = position(kAbbotOrder, {});
  REQUIRE(carc_game_place(fresh.get(), move_of("U_G 0,1 90")) == CARC_OK);
  CHECK(carc_game_check(fresh.get(), move_of("U_G 0,1 90 recall")) == CARC_WHY_ABBOT_NOT_PLACED);
  GamePtr before = clone(fresh.get());
  CHECK(carc_game_act(fresh.get(), CARC_FIGURE_RECALL, CARC_LOC_NONE) == CARC_EILLEGAL);
  CHECK(errmsg(fresh.get()) == "carc_game_act: recall at -: the player's abbot is not on the board");
  require_unchanged(fresh.get(), before.get());
}

TEST_CASE("C API 0.2: no recall of a completed garden (Abbot example 5)") {
  // Seven neighbours, then a U away from the garden, so that player 0 draws the last E.
  GamePtr g = position("abbot on\norder U_G U U U U E E U E\n", {"U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -1,1 90",
                                                                "U 1,1 90", "E -1,2 180", "E 0,2 180", "U -2,0 90"});
  REQUIRE(carc_game_current_player(g.get()) == 0);
  CHECK(carc_game_check(g.get(), move_of("E 1,2 180 recall")) == CARC_WHY_ABBOT_COMPLETE);
  GamePtr before = clone(g.get());
  CHECK(carc_game_play_text(g.get(), "E 1,2 180 recall") == CARC_EILLEGAL);
  require_unchanged(g.get(), before.get());
  REQUIRE(carc_game_place(g.get(), move_of("E 1,2 180")) == CARC_OK);
  for (carc_move m : figure_actions(g.get())) {
    int figure = -1;
    REQUIRE(carc_move_unpack(m, nullptr, nullptr, nullptr, nullptr, &figure, nullptr) == CARC_OK);
    CHECK(figure != CARC_FIGURE_RECALL);  // not listed either
  }
}

TEST_CASE("C API 0.2: the abbot on a monastery without meeples, and not in a game without the Abbot") {
  // Abbot example 8's first part; and with the Abbot off, no abbot at all.
  GamePtr g = position("abbot on\norder B\n", {});
  CHECK(carc_game_check(g.get(), move_of("B 0,1 0 A:C")) == CARC_LEGAL);
  CHECK(carc_game_check(g.get(), move_of("B 0,1 0 C")) == CARC_LEGAL);
  GamePtr off = make_order(2, "B");
  CHECK(carc_game_check(off.get(), move_of("B 0,1 0 A:C")) == CARC_WHY_NOT_IN_GAME);
  CHECK(carc_game_check(off.get(), move_of("B 0,1 0 L:C")) == CARC_WHY_NOT_IN_GAME);
  CHECK(carc_game_check(off.get(), move_of("B 0,1 0 recall")) == CARC_WHY_NOT_IN_GAME);
  GamePtr before = clone(off.get());
  CHECK(carc_game_play_text(off.get(), "B 0,1 0 A:C") == CARC_EILLEGAL);
  require_unchanged(off.get(), before.get());
  REQUIRE(carc_game_place(off.get(), move_of("B 0,1 0")) == CARC_OK);
  for (carc_move m : figure_actions(off.get())) {
    int figure = -1;
    REQUIRE(carc_move_unpack(m, nullptr, nullptr, nullptr, nullptr, &figure, nullptr) == CARC_OK);
    CHECK(figure == CARC_FIGURE_MEEPLE);
  }
  REQUIRE(carc_game_act(off.get(), CARC_FIGURE_MEEPLE, CARC_LOC_C) == CARC_OK);  // a monk, as carc_game_deploy
  CHECK(carc_game_supply(off.get(), 0) == 6);
}

TEST_CASE("C API 0.2: figure actions and carc_game_act refuse bad input and change nothing") {
  GamePtr g = position(kAbbotOrder, {});
  GamePtr before = clone(g.get());
  carc_move buf[CARC_MAX_FIGURE_ACTIONS];
  int n = -7;
  // In the tile phase: no tile just placed.
  CHECK(carc_game_figure_actions(g.get(), buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_EPHASE);
  CHECK(errmsg(g.get()) ==
        "carc_game_figure_actions: figure actions are listed in the figure phase, but the tile is still to be placed");
  CHECK(carc_game_act(g.get(), CARC_FIGURE_ABBOT, CARC_LOC_C) == CARC_EPHASE);
  const carc_move wrong = move_of("U_G 0,1 0");
  CHECK(carc_game_figure_actions_for(g.get(), wrong, buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_figure_actions_for: U_G 0,1 0: the north edge is road but the neighbour there shows "
                           "field");
  CHECK(carc_game_figure_actions_for(g.get(), move_of("E 0,-1 180"), buf, CARC_MAX_FIGURE_ACTIONS, &n) ==
        CARC_EILLEGAL);  // not the current tile
  CHECK(carc_game_figure_actions_for(g.get(), CARC_MOVE_INVALID, buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_EINVAL);
  const carc_move good = move_of("U_G 0,1 90");
  CHECK(carc_game_figure_actions_for(g.get(), good, buf, CARC_MAX_FIGURE_ACTIONS, nullptr) == CARC_EINVAL);
  CHECK(carc_game_figure_actions_for(g.get(), good, nullptr, 3, &n) == CARC_EINVAL);
  CHECK(carc_game_figure_actions_for(g.get(), good, buf, -1, &n) == CARC_EINVAL);
  n = -7;
  CHECK(carc_game_figure_actions_for(g.get(), good, buf, 1, &n) == CARC_ERANGE);
  const int want = n;
  CHECK(want > 1);
  CHECK(errmsg(g.get()) == "carc_game_figure_actions_for: " + std::to_string(want) + " figure actions but room for 1");
  n = -7;
  CHECK(carc_game_figure_actions_for(g.get(), good, nullptr, 0, &n) == CARC_OK);  // counts only
  CHECK(n == want);
  CHECK(carc_game_check(g.get(), CARC_MOVE_INVALID) == CARC_EINVAL);
  CHECK(carc_game_check(g.get(), move_of("E 0,-1 180")) == CARC_EINVAL);  // another tile
  CHECK(carc_game_check(nullptr, good) == CARC_EINVAL);
  CHECK(carc_game_figure_actions(nullptr, buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_EINVAL);
  CHECK(carc_game_figure_actions_for(nullptr, good, buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_EINVAL);
  CHECK(carc_game_act(nullptr, CARC_FIGURE_ABBOT, CARC_LOC_C) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());

  REQUIRE(carc_game_place(g.get(), good) == CARC_OK);
  before = clone(g.get());
  CHECK(carc_game_figure_actions_for(g.get(), good, buf, CARC_MAX_FIGURE_ACTIONS, &n) == CARC_EPHASE);
  CHECK(carc_game_figure_actions(g.get(), buf, CARC_MAX_FIGURE_ACTIONS, nullptr) == CARC_EINVAL);
  n = -7;
  CHECK(carc_game_figure_actions(g.get(), buf, want - 1, &n) == CARC_ERANGE);
  CHECK(n == want);
  CHECK(carc_game_act(g.get(), 5, CARC_LOC_C) == CARC_EINVAL);
  CHECK(carc_game_act(g.get(), CARC_FIGURE_ABBOT, CARC_LOC_NONE) == CARC_EINVAL);  // an abbot needs its place
  CHECK(carc_game_act(g.get(), CARC_FIGURE_RECALL, CARC_LOC_C) == CARC_EINVAL);    // a recall takes none
  CHECK(carc_game_act(g.get(), CARC_FIGURE_MEEPLE, 14) == CARC_EINVAL);
  CHECK(carc_game_act(g.get(), CARC_FIGURE_ABBOT, CARC_LOC_N) == CARC_EILLEGAL);
  CHECK(carc_game_act(g.get(), CARC_FIGURE_LARGE, CARC_LOC_N) == CARC_EILLEGAL);  // Inns & Cathedrals is off
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API 0.2: the river's open end and the river's reasons (River examples 1, 2)") {
  GamePtr g = position("river on\norder RD RG RI RK RL\n", {});
  int t = -1, r = -1;
  REQUIRE(carc_game_tile_at(g.get(), 0, 0, &t, &r) == 1);
  CHECK((t == tile_id("RA") && r == 0));  // the spring, not D
  int x = 9, y = 9, side = 9;
  REQUIRE(carc_game_river_end(g.get(), &x, &y, &side) == 1);
  CHECK((x == 0 && y == 1 && side == 0));  // below the spring, entered from the north
  int32_t cells[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
  int n = -1;
  REQUIRE(carc_game_frontier(g.get(), cells, CARC_MAX_FRONTIER, &n) == CARC_OK);
  int rivers = 0;
  for (int i = 0; i < n; ++i) {
    const int32_t* c = cells + CARC_CELL_FIELDS * i;
    if (c[CARC_CELL_RIVER] == 0) continue;
    ++rivers;
    CHECK((c[CARC_CELL_X] == 0 && c[CARC_CELL_Y] == 1 && c[CARC_CELL_RIVER] == 1));
  }
  CHECK(rivers == 1);

  // Example 1: RD goes only below the spring.
  carc_move moves[CARC_MAX_PLACEMENTS];
  REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
  REQUIRE(n == 1);
  CHECK(moves[0] == move_of("RD 0,1 0"));
  CHECK(carc_game_fitting_rotations(g.get(), tile_id("RD"), 0, 1) == 0b0001);
  CHECK(carc_game_fitting_rotations(g.get(), tile_id("RD"), -1, 0) == 0);
  CHECK(carc_game_check(g.get(), move_of("RD 0,1 90")) == CARC_WHY_MISMATCH);
  CHECK(carc_game_check(g.get(), move_of("RD -1,0 0")) == CARC_WHY_RIVER_CONTINUE);
  GamePtr before = clone(g.get());
  CHECK(carc_game_play_text(g.get(), "RD -1,0 0") == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == std::string("carc_game_play_text: RD -1,0 0: ") + carc_why_text(CARC_WHY_RIVER_CONTINUE));
  require_unchanged(g.get(), before.get());

  // Example 2: after a left bend, no second left bend.
  REQUIRE(carc_game_play_text(g.get(), "RD 0,1 0") == CARC_OK);
  REQUIRE(carc_game_river_end(g.get(), &x, &y, &side) == 1);
  CHECK((x == 0 && y == 2 && side == 0));
  REQUIRE(carc_game_play_text(g.get(), "RG 0,2 90") == CARC_OK);
  REQUIRE(carc_game_river_end(g.get(), &x, &y, &side) == 1);
  CHECK((x == 1 && y == 2 && side == 3));  // the river flows east: it enters (1,2) from the west
  CHECK(carc_game_check(g.get(), move_of("RI 1,2 180")) == CARC_WHY_RIVER_U_TURN);
  CHECK(carc_game_check(g.get(), move_of("RI 1,2 90")) == CARC_LEGAL);
  before = clone(g.get());
  CHECK(carc_game_place(g.get(), move_of("RI 1,2 180")) == CARC_EILLEGAL);
  require_unchanged(g.get(), before.get());

  // Refusals of carc_game_river_end, and no river without the option.
  CHECK(carc_game_river_end(g.get(), nullptr, &y, &side) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_river_end: an out pointer is NULL");
  CHECK(carc_game_river_end(g.get(), &x, &y, nullptr) == CARC_EINVAL);
  CHECK(carc_game_river_end(nullptr, &x, &y, &side) == CARC_EINVAL);
  GamePtr base = make(2, 3);
  CHECK(carc_game_river_end(base.get(), &x, &y, &side) == 0);
  CHECK(carc_game_check(base.get(), CARC_MOVE_INVALID) == CARC_EINVAL);
}

TEST_CASE("C API 0.2: a river game to the lake, then the land (River example 4)") {
  GamePtr g = position("river on\norder RD RG RK RE RC RJ RB RI RH RD RL E\n",
                       {"RD 0,1 0", "RG 0,2 90", "RK 1,2 90", "RE 2,2 0", "RC 2,3 90", "RJ 2,4 270", "RB 3,4 0",
                        "RI 4,4 90", "RH 4,5 90", "RD 4,6 0"});
  int x, y, side;
  REQUIRE(carc_game_river_end(g.get(), &x, &y, &side) == 1);
  CHECK((x == 4 && y == 7 && side == 0));
  REQUIRE(carc_game_play_text(g.get(), "RL 4,7 0") == CARC_OK);
  CHECK(carc_game_river_end(g.get(), &x, &y, &side) == 0);  // the lake closes the river
  CHECK(carc_game_current_tile(g.get()) == tile_id("E"));
  CHECK(carc_game_tile_count(g.get()) == 12);
  CHECK(save(g.get()).find("\nriver on\n") != std::string::npos);
}

TEST_CASE("C API 0.2: options river and abbot by id, before the first placement") {
  GamePtr g = make(2, 17);
  CHECK(carc_game_option(g.get(), CARC_OPT_RIVER) == 0);
  CHECK(carc_game_option(g.get(), CARC_OPT_ABBOT) == 0);
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_RIVER, 1) == CARC_OK);
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_ABBOT, 1) == CARC_OK);
  CHECK(carc_game_option(g.get(), CARC_OPT_RIVER) == 1);
  CHECK(carc_game_option(g.get(), CARC_OPT_ABBOT) == 1);
  CHECK(carc_tile_set(carc_game_current_tile(g.get())) == CARC_SET_RIVER);  // river tiles come first
  CHECK(carc_game_tiles_remaining(g.get()) == 10 + 71);                    // 11 river tiles (one in hand) and the land
  const std::string record = save(g.get());
  CHECK(record.find("\nriver on\nabbot on\n") != std::string::npos);
  GamePtr again = load(record);
  CHECK(snapshot(again.get()) == snapshot(g.get()));
  REQUIRE(carc_game_playout(g.get(), 5, 0) == CARC_OK);
  CHECK(carc_game_set_option(g.get(), CARC_OPT_RIVER, 0) == CARC_EPHASE);
  CHECK(carc_game_option(g.get(), 11) == CARC_EINVAL);
}
