// Questions a front end asks through the C ABI about a turn: the points banked before
// end-game scoring, the tiles that left the game, and the meeple locations of a placement
// before it is made.
#include <catch2/catch.hpp>

#include "capi_helpers.hpp"
#include "carcassonne/carcassonne.h"

using namespace capi_test;

TEST_CASE("C API: banked scores stay queryable after end-game scoring") {
  GamePtr g = make_order(2, "EU");
  REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);
  int32_t banked[CARC_MAX_PLAYERS] = {}, scores[CARC_MAX_PLAYERS] = {};
  REQUIRE(carc_game_banked_scores(g.get(), banked, 2) == CARC_OK);
  CHECK((banked[0] == 4 && banked[1] == 0));
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90 E") == CARC_OK);
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  REQUIRE(carc_game_scores(g.get(), scores, 2) == CARC_OK);
  REQUIRE(carc_game_banked_scores(g.get(), banked, 2) == CARC_OK);
  CHECK((scores[0] == 4 && scores[1] == 2));  // the road D-U scores 2 at the end
  CHECK((banked[0] == 4 && banked[1] == 0));
  CHECK(carc_game_banked_scores(g.get(), banked, 1) == CARC_ERANGE);
  CHECK(carc_game_banked_scores(g.get(), nullptr, 2) == CARC_EINVAL);
  CHECK(carc_game_banked_scores(g.get(), banked, -1) == CARC_EINVAL);
  CHECK(carc_game_banked_scores(nullptr, banked, 2) == CARC_EINVAL);
}

TEST_CASE("C API: the discarded tiles are a query, not only an event") {
  GamePtr g = make_order(2, "EAACE");
  int32_t tiles[CARC_MAX_TILES];
  int n = -1;
  REQUIRE(carc_game_discards(g.get(), tiles, CARC_MAX_TILES, &n) == CARC_OK);
  CHECK(n == 0);
  for (const char* m : {"E 0,-1 180", "A 1,0 90", "A -1,0 270"}) REQUIRE(carc_game_play_text(g.get(), m) == CARC_OK);
  REQUIRE(carc_game_discards(g.get(), tiles, CARC_MAX_TILES, &n) == CARC_OK);
  REQUIRE(n == 1);
  CHECK(tiles[0] == 'C' - 'A');
  REQUIRE(carc_game_discards(g.get(), nullptr, 0, &n) == CARC_OK);  // the size alone
  CHECK(n == 1);
  CHECK(carc_game_discards(g.get(), tiles, 0, &n) == CARC_ERANGE);
  CHECK(n == 1);
  CHECK(carc_game_discards(g.get(), tiles, -2, &n) == CARC_EINVAL);
  CHECK(carc_game_discards(g.get(), tiles, 4, nullptr) == CARC_EINVAL);
}

TEST_CASE("C API: the meeple locations of a placement, before it is made") {
  GamePtr g = make_order(2, "EU");
  GamePtr before = clone(g.get());
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  int n = -1;
  const carc_move cap = carc_move_pack('E' - 'A', 0, -1, 180, CARC_FIGURE_MEEPLE, CARC_LOC_NONE);
  REQUIRE(carc_game_meeple_locations_for(g.get(), cap, locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_OK);
  require_unchanged(g.get(), before.get());
  REQUIRE(n == 2);  // the city (closed by this cap) and the field around it
  CHECK(locs[0] == CARC_LOC_S);
  CHECK(locs[1] == CARC_LOC_NNE);
  // The same list as placing it and asking.
  GamePtr placed = clone(g.get());
  REQUIRE(carc_game_place(placed.get(), cap) == CARC_OK);
  int32_t after[CARC_MAX_MEEPLE_LOCATIONS];
  int m = -1;
  REQUIRE(carc_game_meeple_locations(placed.get(), after, CARC_MAX_MEEPLE_LOCATIONS, &m) == CARC_OK);
  REQUIRE(m == n);
  for (int i = 0; i < n; ++i) CHECK(after[i] == locs[i]);
  // Refusals: an illegal placement says why, another tile, the wrong phase, bad arguments.
  const carc_move wrong = carc_move_pack('E' - 'A', 0, -1, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE);
  CHECK(carc_game_meeple_locations_for(g.get(), wrong, locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_EILLEGAL);
  CHECK(errmsg(nullptr) ==
        "carc_game_meeple_locations_for: E 0,-1 0: the south edge is field but the neighbour there shows city");
  const carc_move other = carc_move_pack('U' - 'A', 0, 1, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE);
  CHECK(carc_game_meeple_locations_for(g.get(), other, locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_EILLEGAL);
  CHECK(carc_game_meeple_locations_for(placed.get(), cap, locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_EPHASE);
  CHECK(carc_game_meeple_locations_for(g.get(), CARC_MOVE_INVALID, locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_EINVAL);
  CHECK(carc_game_meeple_locations_for(g.get(), cap, locs, 1, &n) == CARC_ERANGE);
  CHECK(n == 2);
  CHECK(carc_game_meeple_locations_for(g.get(), cap, locs, -1, &n) == CARC_EINVAL);
  CHECK(carc_game_meeple_locations_for(g.get(), cap, locs, 8, nullptr) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API: a bot chooses a legal move and changes nothing; bad levels and budgets are refused") {
  GamePtr g = make(3, 17);
  GamePtr before = clone(g.get());
  for (int level : {CARC_BOT_RANDOM, CARC_BOT_GREEDY, CARC_BOT_MCTS}) {
    carc_move m = CARC_MOVE_INVALID;
    REQUIRE(carc_bot_choose(g.get(), level, 50, 0, 1, 7, &m) == CARC_OK);
    require_unchanged(g.get(), before.get());
    GamePtr trial = clone(g.get());
    CHECK(carc_game_play(trial.get(), m) == CARC_OK);
  }
  carc_move a = 0, b = 0;
  REQUIRE(carc_bot_choose(g.get(), CARC_BOT_MCTS, 60, 0, 1, 3, &a) == CARC_OK);
  REQUIRE(carc_bot_choose(g.get(), CARC_BOT_MCTS, 60, 0, 2, 3, &b) == CARC_OK);
  CHECK(a == b);  // an iteration budget gives the same move, whatever the threads
  GamePtr example = make_order(2, "EU");
  REQUIRE(carc_bot_choose(example.get(), CARC_BOT_GREEDY, 0, 0, 1, 1, &a) == CARC_OK);
  CHECK(a == move_of("E 0,-1 180 S"));
  carc_move m = 0;
  CHECK(carc_bot_choose(g.get(), 3, 10, 0, 1, 1, &m) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_bot_choose: level 3 is not a CARC_BOT_* level (0..2)");
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, 0, 0, 1, 1, &m) == CARC_EINVAL);
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, 10, 0, 0, 1, &m) == CARC_EINVAL);
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, 10, 0, CARC_MAX_BOT_THREADS + 1, 1, &m) == CARC_EINVAL);
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, -1, 0, 1, 1, &m) == CARC_EINVAL);
  CHECK(carc_bot_choose(g.get(), CARC_BOT_GREEDY, 0, 0, 1, 1, nullptr) == CARC_EINVAL);
  CHECK(carc_bot_choose(nullptr, CARC_BOT_GREEDY, 0, 0, 1, 1, &m) == CARC_EINVAL);
  GamePtr waiting = [] {
    carc_game* w = nullptr;
    REQUIRE(carc_game_new_caller_draws(&w, 2, nullptr) == CARC_OK);
    return GamePtr(w, carc_game_free);
  }();
  CHECK(carc_bot_choose(waiting.get(), CARC_BOT_GREEDY, 0, 0, 1, 1, &m) == CARC_EPHASE);
  require_unchanged(g.get(), before.get());
}
