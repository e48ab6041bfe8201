// The C ABI under hostile input: NULL handles, NULL out pointers, values out of range,
// wrong phases and short buffers each get their documented status and a message, and
// leave the game exactly as it was. Also: moves through the ABI equal the C++ engine's.
#include <catch2/catch.hpp>

#include <array>
#include <climits>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "capi_helpers.hpp"
#include "carcassonne/carcassonne.h"
#include "carcassonne/carcassonne.hpp"

using namespace capi_test;

TEST_CASE("C API: the version macros match the library loaded") {
  CHECK(carc_version_number() == CARC_VERSION_NUMBER);
  CHECK(std::string(carc_version_string()) == std::to_string(CARC_VERSION_MAJOR) + "." +
                                                  std::to_string(CARC_VERSION_MINOR) + "." +
                                                  std::to_string(CARC_VERSION_PATCH));
}

TEST_CASE("C API: carc_constant lists the header's integer constants with their values") {
  // capi/python/tests/test_header_constants.py checks the list against the header, name by name.
  std::map<std::string, int64_t> all;
  const char* name = nullptr;
  int64_t value = 0;
  int32_t n = 0;
  while (carc_constant(n, &name, &value) == CARC_OK) {
    CHECK(all.emplace(name, value).second);
    ++n;
  }
  CHECK(errmsg(nullptr) == "carc_constant: index " + std::to_string(n) + " is past the last constant, " +
                               std::to_string(n - 1));
  CHECK(n > 150);
  CHECK(all.at("CARC_VERSION_NUMBER") == CARC_VERSION_NUMBER);
  CHECK(all.at("CARC_EINTERNAL") == CARC_EINTERNAL);
  CHECK(all.at("CARC_NO_TILE") == CARC_NO_TILE);
  CHECK(all.at("CARC_SVG_DEFAULT") == CARC_SVG_DEFAULT);
  CHECK(all.at("CARC_WHY_PIG_NEEDS_FARMER") == CARC_WHY_PIG_NEEDS_FARMER);
  CHECK(all.at("CARC_DECIDER_NOBODY") == CARC_DECIDER_NOBODY);
  CHECK(all.count("CARC_MOVE_INVALID") == 0);  // UINT64_MAX: no int64_t
  CHECK(carc_constant(0, nullptr, nullptr) == CARC_OK);
  CHECK(carc_constant(n, &name, &value) == CARC_ERANGE);
  CHECK(carc_constant(-1, &name, &value) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_constant: index -1 is negative");
}

TEST_CASE("C API: every status code has a description") {
  CHECK(std::string(carc_errstr(CARC_OK)) == "ok");
  CHECK(std::string(carc_errstr(CARC_EINVAL)) == "invalid argument");
  CHECK(std::string(carc_errstr(CARC_EILLEGAL)) == "illegal move");
  CHECK(std::string(carc_errstr(CARC_EPHASE)) == "wrong phase");
  CHECK(std::string(carc_errstr(CARC_ERANGE)) == "buffer too small");
  CHECK(std::string(carc_errstr(CARC_ENOMEM)) == "out of memory");
  CHECK(std::string(carc_errstr(CARC_EINTERNAL)) == "internal error");
  CHECK(std::string(carc_errstr(-99)) == "unknown status");
  CHECK(std::string(carc_errstr(7)) == "unknown status");
}

TEST_CASE("C API: a NULL game is CARC_EINVAL, reported on the calling thread") {
  carc_move m[4];
  int32_t f[CARC_EVENT_FIELDS];
  int n = 0, a = 0, b = 0, c = 0, d = 0;
  carc_game* out = nullptr;
  carc_game_free(nullptr);  // a no-op
  CHECK(carc_game_players(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_players: game is NULL");
  CHECK(carc_game_current_player(nullptr) == CARC_EINVAL);
  CHECK(carc_game_phase(nullptr) == CARC_EINVAL);
  CHECK(carc_game_current_tile(nullptr) == CARC_EINVAL);
  CHECK(carc_game_score(nullptr, 0) == CARC_EINVAL);
  CHECK(carc_game_supply(nullptr, 0) == CARC_EINVAL);
  CHECK(carc_game_tiles_remaining(nullptr) == CARC_EINVAL);
  CHECK(carc_game_tiles_remaining_by_type(nullptr, f, CARC_EVENT_FIELDS) == CARC_EINVAL);
  CHECK(carc_game_winners(nullptr) == CARC_EINVAL);
  CHECK(carc_game_set_option(nullptr, CARC_OPT_FARMERS, 0) == CARC_EINVAL);
  CHECK(carc_game_option(nullptr, CARC_OPT_FARMERS) == CARC_EINVAL);
  CHECK(carc_game_placements(nullptr, m, 4, &n) == CARC_EINVAL);
  CHECK(carc_game_place(nullptr, 0) == CARC_EINVAL);
  CHECK(carc_game_meeple_locations(nullptr, f, 4, &n) == CARC_EINVAL);
  CHECK(carc_game_deploy(nullptr, CARC_LOC_NONE) == CARC_EINVAL);
  CHECK(carc_game_skip(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_deploy: game is NULL");
  CHECK(carc_game_play(nullptr, 0) == CARC_EINVAL);
  CHECK(carc_game_play_text(nullptr, "E 0,-1 180 S") == CARC_EINVAL);
  CHECK(carc_game_playout(nullptr, 1, 0) == CARC_EINVAL);
  CHECK(carc_game_poll_event(nullptr, f, CARC_EVENT_FIELDS) == CARC_EINVAL);
  CHECK(carc_game_tile_count(nullptr) == CARC_EINVAL);
  CHECK(carc_game_tile(nullptr, 0, &a, &b, &c, &d) == CARC_EINVAL);
  CHECK(carc_game_tile_at(nullptr, 0, 0, &a, &b) == CARC_EINVAL);
  CHECK(carc_game_feature_kind(nullptr, 0, 0, CARC_LOC_N) == CARC_EINVAL);
  CHECK(carc_game_meeple_count(nullptr) == CARC_EINVAL);
  CHECK(carc_game_meeple(nullptr, 0, &a, &b, &c, &d, &d) == CARC_EINVAL);
  CHECK(carc_game_clone(&out, nullptr) == CARC_EINVAL);
  CHECK(out == nullptr);
  CHECK(carc_game_copy(nullptr, nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_copy: game is NULL");
}

TEST_CASE("C API: constructors reject bad player counts and draw orders with a message") {
  carc_game* g = reinterpret_cast<carc_game*>(&g);  // must come back NULL
  CHECK(carc_game_new(&g, 0, 1) == CARC_EINVAL);
  CHECK(g == nullptr);
  CHECK(errmsg(nullptr) == "carc_game_new: player count must be 1 to 6, not 0");
  CHECK(carc_game_new(&g, 7, 1) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_new: player count must be 1 to 6, not 7");
  CHECK(carc_game_new(nullptr, 2, 1) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_new: out is NULL");

  CHECK(carc_game_new_with_order(&g, 2, "DEFZ") == CARC_EINVAL);
  CHECK(g == nullptr);
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: 'DEFZ' at offset 0 is not a tile id");
  CHECK(carc_game_new_with_order(&g, 2, "C C") == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: the draw order holds more C tiles than the box (1)");
  CHECK(carc_game_new_with_order(&g, 2, "DDDD") == CARC_EINVAL);
  CHECK(errmsg(nullptr) ==
        "carc_game_new_with_order: the draw order holds more D tiles than the box (4, the start tile included)");
  CHECK(carc_game_new_with_order(&g, 2, std::string(72, 'V').c_str()) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: the draw order holds more V tiles than the box (9)");
  CHECK(carc_game_new_with_order(&g, 2, "E RA") == CARC_EINVAL);  // the spring is no tile of the order
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: tile RA is not in this game's box (it is placed at the start)");
  CHECK(carc_game_new_with_order(&g, 2, "EAAC KLMN") == CARC_EINVAL);  // separated words are ids
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: 'EAAC' at offset 0 is not a tile id");
  CHECK(carc_game_new_with_order(&g, 2, nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: tiles is NULL");
  CHECK(carc_game_new_with_order(&g, 9, "E") == CARC_EINVAL);
  CHECK(g == nullptr);

  CHECK(carc_game_new_with_order(&g, 2, "EuV") == CARC_EINVAL);  // uppercase only, as in records and move text
  CHECK(g == nullptr);
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: 'EuV' at offset 0 is not a tile id (tile ids are uppercase)");
  CHECK(carc_game_new_with_order(&g, 2, "E\x1b[2J") == CARC_EINVAL);  // a terminal escape is quoted escaped
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: 'E\\x1b[2J' at offset 0 is not a tile id");
  CHECK(carc_game_new_with_order(&g, 2, "E\xc3\xa9") == CARC_EINVAL);  // and each byte of a non-letter on its own
  CHECK(errmsg(nullptr) == "carc_game_new_with_order: 'E\xc3\xa9' at offset 0 is not a tile id");

  GamePtr ok = make_order(3, " E\tU\nV ");  // whitespace ignored
  CHECK(carc_game_current_tile(ok.get()) == 'E' - 'A');
  CHECK(carc_game_tiles_remaining(ok.get()) == 2);
  GamePtr empty = make_order(2, "");
  CHECK(carc_game_phase(empty.get()) == CARC_PHASE_GAME_OVER);
  CHECK(carc_game_winners(empty.get()) == 3);
}

TEST_CASE("C API: an order is tile ids separated by whitespace or commas, or one run of base letters") {
  // One run of letters is base letters, as in 0.1: "RD" is R then D (it was the river tile
  // RD, refused in a base game).
  GamePtr letters = make_order(2, "RD");
  CHECK(carc_game_current_tile(letters.get()) == tile_id("R"));
  CHECK(carc_game_tiles_remaining(letters.get()) == 1);
  CHECK(carc_game_option(letters.get(), CARC_OPT_RIVER) == 0);
  // Separated by whitespace or commas, the same as one run of letters.
  for (const char* text : {"E A A C", "E,A,A,C", " E, A\tA\nC ", "E,,A A,C,"}) {
    INFO(text);
    CHECK(snapshot(make_order(2, text).get()) == snapshot(make_order(2, "EAAC").get()));
  }
  // Separated, every word is one id, and an expansion's tiles switch the expansion on.
  GamePtr river = make_order(2, "RD,RL");
  CHECK(carc_game_option(river.get(), CARC_OPT_RIVER) == 1);
  CHECK(carc_game_current_tile(river.get()) == tile_id("RD"));
  GamePtr alone = make_order(2, " RD");  // one id with a separator: the river tile
  CHECK(carc_game_current_tile(alone.get()) == tile_id("RD"));
  GamePtr mixed = make_order(2, "U_G IK TG E");
  CHECK(carc_game_option(mixed.get(), CARC_OPT_ABBOT) == 1);
  CHECK(carc_game_option(mixed.get(), CARC_OPT_INNS_AND_CATHEDRALS) == 1);
  CHECK(carc_game_option(mixed.get(), CARC_OPT_TRADERS_AND_BUILDERS) == 1);
  CHECK(carc_game_option(mixed.get(), CARC_OPT_RIVER) == 0);
  CHECK(carc_game_current_tile(mixed.get()) == tile_id("U_G"));
  // Further options keep the order; one its tiles need cannot go off.
  REQUIRE(carc_game_set_option(mixed.get(), CARC_OPT_FARMERS, 0) == CARC_OK);
  CHECK(carc_game_tiles_remaining(mixed.get()) == 3);
  CHECK(carc_game_set_option(mixed.get(), CARC_OPT_ABBOT, 0) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_set_option: the game's tiles do not fit these options: tile U_G is not in this "
                           "game's box");
  CHECK(save(mixed.get()).find("order U_G IK TG E\n") != std::string::npos);
  // The caller's pile reads the same way.
  carc_game* pile = nullptr;
  REQUIRE(carc_game_new_caller_draws(&pile, 2, "RD RL,E") == CARC_OK);
  GamePtr table(pile, carc_game_free);
  CHECK(carc_game_option(table.get(), CARC_OPT_RIVER) == 1);
  CHECK(carc_game_tiles_remaining(table.get()) == 3);
  CHECK(carc_game_draw(table.get(), tile_id("RD")) == CARC_OK);
}

TEST_CASE("C API: NULL out pointers are CARC_EINVAL and change nothing") {
  GamePtr g = make(3, 5);
  GamePtr before = clone(g.get());
  carc_move m[CARC_MAX_PLACEMENTS];
  int32_t f[CARC_EVENT_FIELDS];
  int n = 0, a = 0, b = 0, c = 0;
  CHECK(carc_game_placements(g.get(), m, CARC_MAX_PLACEMENTS, nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_placements: count is NULL");
  CHECK(carc_game_placements(g.get(), nullptr, 5, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_placements: the buffer is NULL but its capacity is 5");
  CHECK(carc_game_tiles_remaining_by_type(g.get(), nullptr, 24) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_tiles_remaining_by_type: counts is NULL");
  CHECK(carc_game_poll_event(g.get(), nullptr, CARC_EVENT_FIELDS) == CARC_EINVAL);
  CHECK(carc_game_tile(g.get(), 0, &a, &b, &c, nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_tile: an out pointer is NULL");
  CHECK(carc_game_tile_at(g.get(), 0, 0, nullptr, &a) == CARC_EINVAL);
  CHECK(carc_game_meeple(g.get(), 0, nullptr, &a, &b, &c, &c) == CARC_EINVAL);
  CHECK(carc_game_meeple(g.get(), 0, &a, &a, &b, &c, nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_meeple: an out pointer is NULL");
  CHECK(carc_game_play_text(g.get(), nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: text is NULL");
  CHECK(carc_game_copy(g.get(), nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_copy: src is NULL");
  CHECK(carc_game_clone(nullptr, g.get()) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_clone: out is NULL");
  require_unchanged(g.get(), before.get());

  REQUIRE(carc_game_placements(g.get(), m, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
  REQUIRE(carc_game_place(g.get(), m[0]) == CARC_OK);
  before = clone(g.get());
  CHECK(carc_game_meeple_locations(g.get(), f, CARC_EVENT_FIELDS, nullptr) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_meeple_locations: count is NULL");
  CHECK(carc_game_meeple_locations(g.get(), nullptr, 3, &n) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API: out-of-range values are CARC_EINVAL and change nothing") {
  GamePtr g = make(2, 11);
  GamePtr before = clone(g.get());
  carc_move m[CARC_MAX_PLACEMENTS];
  int n = 0, a = 0, b = 0, c = 0, d = 0;
  CHECK(carc_game_score(g.get(), -1) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_score: player -1 is not 0..1");
  CHECK(carc_game_supply(g.get(), 2) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_supply: player 2 is not 0..1");
  CHECK(carc_game_set_option(g.get(), 99, 1) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_set_option: 99 is not an option (CARC_OPT_*)");
  CHECK(carc_game_set_option(g.get(), CARC_OPT_FARMERS, 2) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_set_option: value 2 is not 0 or 1");
  CHECK(carc_game_option(g.get(), 0) == CARC_EINVAL);
  CHECK(carc_game_place(g.get(), CARC_MOVE_INVALID) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_place: 0xffffffffffffffff is not a valid move");
  CHECK(carc_game_place(g.get(), uint64_t{CARC_TILE_TYPES} << 32) == CARC_EINVAL);  // tile type 113
  CHECK(carc_game_place(g.get(), 6u << 22 | 3u << 18) == CARC_EINVAL);               // figure kind 6
  CHECK(carc_game_play(g.get(), (14u << 18)) == CARC_EINVAL);                        // location 14
  CHECK(carc_game_placements(g.get(), m, -1, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_placements: capacity -1 is negative");
  CHECK(carc_game_tile(g.get(), 1, &a, &b, &c, &d) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_tile: index 1 is not 0..0");
  CHECK(carc_game_tile(g.get(), -1, &a, &b, &c, &d) == CARC_EINVAL);
  CHECK(carc_game_meeple(g.get(), 0, &a, &b, &c, &d, &d) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_meeple: index 0 is not below the 0 meeples");
  CHECK(carc_game_feature_kind(g.get(), 0, 0, 14) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_feature_kind: location 14 is not 0..13");
  CHECK(carc_game_feature_kind(g.get(), 0, 0, CARC_LOC_CF) == CARC_EINVAL);  // D has no inner field
  CHECK(errmsg(g.get()) == "carc_game_feature_kind: CF names no feature of the D at 0,0");
  CHECK(carc_game_feature_kind(g.get(), 5, 5, CARC_LOC_N) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_feature_kind: no tile at 5,5");
  CHECK(carc_game_feature_kind(g.get(), 0, 0, CARC_LOC_C) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_feature_kind: C names no feature of the D at 0,0");
  CHECK(carc_game_play_text(g.get(), "Z 0,-1 0") == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: 'Z' is not a tile id (A..X, E_G, RA, ...; docs/tiles.md)");
  CHECK(carc_game_play_text(g.get(), "E 0,-1 45") == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: '45' is not a rotation of 0, 90, 180 or 270");
  CHECK(carc_game_play_text(g.get(), "E 300,0 0") == CARC_EINVAL);
  CHECK(carc_game_play_text(g.get(), "E +1,0 0") == CARC_EINVAL);  // numbers are '-' and digits, as in record headers
  CHECK(errmsg(g.get()) == "carc_game_play_text: '+1,0' is not a coordinate pair like 0,-1");
  CHECK(carc_game_play_text(g.get(), "E +-1,0 0") == CARC_EINVAL);
  CHECK(carc_game_play_text(g.get(), "E 0,+0 0") == CARC_EINVAL);
  CHECK(carc_game_play_text(g.get(), "E 0,-1 +180") == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: '+180' is not a rotation of 0, 90, 180 or 270");
  CHECK(carc_game_play_text(g.get(), "e 0,-1 180") == CARC_EINVAL);  // tile ids are uppercase everywhere
  CHECK(errmsg(g.get()) ==
        "carc_game_play_text: 'e' is not a tile id (A..X, E_G, RA, ...; docs/tiles.md) (tile ids are uppercase)");
  CHECK(carc_game_play_text(g.get(), "E 0,-1 \x1b[2J") == CARC_EINVAL);  // quoted input is escaped
  CHECK(errmsg(g.get()) == "carc_game_play_text: '\\x1b[2J' is not a rotation of 0, 90, 180 or 270");
  require_unchanged(g.get(), before.get());

  REQUIRE(carc_game_placements(g.get(), m, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
  REQUIRE(carc_game_place(g.get(), m[0]) == CARC_OK);
  before = clone(g.get());
  CHECK(carc_game_deploy(g.get(), 14) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_deploy: location 14 is not 0..13 or CARC_LOC_NONE (15)");
  CHECK(carc_game_deploy(g.get(), -1) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API: calls in the wrong phase are CARC_EPHASE and change nothing") {
  GamePtr g = make_order(2, "EU");
  GamePtr before = clone(g.get());
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  carc_move m[CARC_MAX_PLACEMENTS];
  int n = 7;
  CHECK(carc_game_deploy(g.get(), CARC_LOC_N) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_deploy: figures are deployed in the figure phase, but the tile is still to be placed");
  CHECK(carc_game_skip(g.get()) == CARC_EPHASE);
  CHECK(carc_game_meeple_locations(g.get(), locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_EPHASE);
  CHECK(n == 0);
  CHECK(carc_game_winners(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_winners: the game is not over yet");
  require_unchanged(g.get(), before.get());

  REQUIRE(carc_game_place(g.get(), move_of("E 0,-1 180")) == CARC_OK);
  before = clone(g.get());
  CHECK(carc_game_placements(g.get(), m, CARC_MAX_PLACEMENTS, &n) == CARC_EPHASE);
  CHECK(errmsg(g.get()) ==
        "carc_game_placements: placements are listed in the tile phase, but the tile is placed and its figure "
                           "action is next");
  CHECK(carc_game_place(g.get(), move_of("E 1,0 0")) == CARC_EPHASE);
  CHECK(carc_game_play(g.get(), move_of("E 1,0 0")) == CARC_EPHASE);
  CHECK(carc_game_play_text(g.get(), "E 1,0 0") == CARC_EPHASE);
  CHECK(errmsg(g.get()) ==
        "carc_game_play_text: a turn starts in the tile phase, but the tile is placed and its figure action is "
                           "next");
  CHECK(carc_game_set_option(g.get(), CARC_OPT_FARMERS, 0) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_set_option: options are set before the first tile is placed");
  require_unchanged(g.get(), before.get());

  REQUIRE(carc_game_skip(g.get()) == CARC_OK);
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90") == CARC_OK);
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  before = clone(g.get());
  CHECK(carc_game_current_tile(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_current_tile: the game is over");
  CHECK(carc_game_play_text(g.get(), "U 2,0 90") == CARC_EPHASE);
  CHECK(carc_game_skip(g.get()) == CARC_EPHASE);
  CHECK(carc_game_placements(g.get(), m, CARC_MAX_PLACEMENTS, &n) == CARC_EPHASE);
  CHECK(carc_game_playout(g.get(), 3, 0) == CARC_OK);  // nothing left to play
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API: short buffers are CARC_ERANGE with the size needed, and write nothing") {
  GamePtr g = make_order(2, "VVU");
  GamePtr before = clone(g.get());
  carc_move m[CARC_MAX_PLACEMENTS];
  m[0] = 12345;
  int needed = -1;
  REQUIRE(carc_game_placements(g.get(), nullptr, 0, &needed) == CARC_OK);  // counting only
  REQUIRE(needed > 1);
  int n = -1;
  CHECK(carc_game_placements(g.get(), m, 1, &n) == CARC_ERANGE);
  CHECK(n == needed);
  CHECK(m[0] == 12345);
  CHECK(errmsg(g.get()) == "carc_game_placements: " + std::to_string(needed) + " placements but room for 1");
  CHECK(carc_game_placements(g.get(), m, needed, &n) == CARC_OK);
  CHECK(errmsg(g.get()) == "carc_game_placements: " + std::to_string(needed) + " placements but room for 1");  // kept
  int32_t counts[CARC_TILE_TYPES];
  CHECK(carc_game_tiles_remaining_by_type(g.get(), counts, CARC_TILE_TYPES - 1) == CARC_ERANGE);
  CHECK(errmsg(g.get()) == "carc_game_tiles_remaining_by_type: counts holds 142 values but needs 143");
  require_unchanged(g.get(), before.get());

  // An event stays queued when the fields do not fit.
  GamePtr e = make_order(2, "E");
  REQUIRE(carc_game_play_text(e.get(), "E 0,-1 180 S") == CARC_OK);
  int32_t f[CARC_EVENT_FIELDS + 4];
  CHECK(carc_game_poll_event(e.get(), f, CARC_EVENT_FIELDS_0_3 - 1) == CARC_ERANGE);
  CHECK(errmsg(e.get()) == "carc_game_poll_event: fields holds 19 values but an event needs 20");
  f[CARC_EVENT_FIELDS] = -7;
  CHECK(carc_game_poll_event(e.get(), f, CARC_EVENT_FIELDS + 4) == 1);
  CHECK(f[CARC_EVENT_FIELDS] == -7);  // only the fields this version knows are written
  CHECK(f[CARC_EV_TYPE] == CARC_EVENT_SCORE);

  // Meeple locations: a non-NULL buffer with no room.
  GamePtr k = make_order(2, "E");
  REQUIRE(carc_game_place(k.get(), move_of("E 0,-1 180")) == CARC_OK);
  int32_t locs[1];
  CHECK(carc_game_meeple_locations(k.get(), locs, 0, &n) == CARC_ERANGE);
  CHECK(n > 0);

  // Move text follows snprintf: truncated, NUL-terminated, the full length returned.
  char text[6];
  CHECK(carc_move_format(move_of("E 0,-1 180 S"), text, sizeof text) == 12);
  CHECK(std::string(text) == "E 0,-");
  CHECK(carc_move_format(move_of("E 0,-1 180 S"), nullptr, 0) == 12);
  CHECK(carc_move_format(move_of("E 0,-1 180 S"), nullptr, 4) == CARC_EINVAL);
}

TEST_CASE("C API: an illegal placement is CARC_EILLEGAL and says why") {
  GamePtr g = make_order(2, "EU");
  GamePtr before = clone(g.get());
  CHECK(carc_game_place(g.get(), move_of("E 0,-1 0")) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_place: E 0,-1 0: the south edge is field but the neighbour there shows city");
  CHECK(carc_game_place(g.get(), move_of("E 5,5 0")) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_place: E 5,5 0: the cell shares no edge with a placed tile");
  CHECK(carc_game_place(g.get(), move_of("E 0,0 0")) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_place: E 0,0 0: a tile is already placed there");
  CHECK(carc_game_place(g.get(), move_of("U 0,1 0")) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_place: the move is for tile U but the current tile is E");
  CHECK(carc_game_place(g.get(), move_of("E 0,-1 180 S")) == CARC_EINVAL);
  CHECK(carc_game_play_text(g.get(), "E 0,-1 0 N") == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) ==
        "carc_game_play_text: E 0,-1 0 N: the south edge is field but the neighbour there shows city");
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API: an illegal meeple is CARC_EILLEGAL and says why") {
  GamePtr g = make_order(2, "UU");
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90 E") == CARC_OK);  // a thief on the road
  GamePtr before = clone(g.get());
  CHECK(carc_game_play_text(g.get(), "U 2,0 90 W") == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: U 2,0 90 W: that feature already holds a meeple");
  CHECK(carc_game_play_text(g.get(), "U 2,0 90 C") == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_play_text: U 2,0 90 C: that location names no feature of the tile just placed");
  require_unchanged(g.get(), before.get());  // play tried the meeple on a copy

  REQUIRE(carc_game_place(g.get(), move_of("U 2,0 90")) == CARC_OK);
  before = clone(g.get());
  CHECK(carc_game_deploy(g.get(), CARC_LOC_E) == CARC_EILLEGAL);
  CHECK(errmsg(g.get()) == "carc_game_deploy: meeple at E: that feature already holds a meeple");
  require_unchanged(g.get(), before.get());
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  int n = 0;
  REQUIRE(carc_game_meeple_locations(g.get(), locs, CARC_MAX_MEEPLE_LOCATIONS, &n) == CARC_OK);
  CHECK(std::vector<int32_t>(locs, locs + n) == std::vector<int32_t>{CARC_LOC_NNE, CARC_LOC_ESE});  // the fields

  GamePtr off = make_order(2, "U");
  REQUIRE(carc_game_set_option(off.get(), CARC_OPT_FARMERS, 0) == CARC_OK);
  CHECK(carc_game_option(off.get(), CARC_OPT_FARMERS) == 0);
  before = clone(off.get());
  CHECK(carc_game_play_text(off.get(), "U 1,0 90 NNW") == CARC_EILLEGAL);
  CHECK(errmsg(off.get()) == "carc_game_play_text: U 1,0 90 NNW: farmers are switched off in this game");
  require_unchanged(off.get(), before.get());
}

TEST_CASE("C API: worked example 1, E 0,-1 180 S scores 4 points at once") {
  GamePtr g = make_order(2, "E");
  REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  const auto& e = events[0];
  CHECK(e[CARC_EV_TYPE] == CARC_EVENT_SCORE);
  CHECK(e[CARC_EV_FEATURE] == CARC_FEATURE_CITY);
  CHECK(e[CARC_EV_POINTS] == 4);
  CHECK(e[CARC_EV_WINNERS] == 1);
  CHECK(e[CARC_EV_END_GAME] == 0);
  CHECK(e[CARC_EV_TILE] == 'E' - 'A');
  CHECK(e[CARC_EV_X] == 0);
  CHECK(e[CARC_EV_Y] == -1);
  CHECK(e[CARC_EV_LOCATION] == CARC_LOC_S);
  CHECK(e[CARC_EV_TILES] == 2);
  CHECK(e[CARC_EV_MEEPLES] == 1);
  CHECK(e[CARC_EV_MEEPLES + 1] == 0);
  CHECK(carc_game_score(g.get(), 0) == 4);
  CHECK(carc_game_supply(g.get(), 0) == 7);  // the knight came home
  CHECK(carc_game_meeple_count(g.get()) == 0);
  CHECK(carc_game_winners(g.get()) == 1);
  int32_t more[CARC_EVENT_FIELDS];
  CHECK(carc_game_poll_event(g.get(), more, CARC_EVENT_FIELDS) == 0);
}

TEST_CASE("C API: rule options are set before the first tile only") {
  GamePtr g = make(2, 8);
  CHECK(carc_game_option(g.get(), CARC_OPT_FARMERS) == 1);
  CHECK(carc_game_option(g.get(), CARC_OPT_FIRST_EDITION_SMALL_CITY) == 0);
  CHECK(carc_game_option(g.get(), CARC_OPT_FIRST_EDITION_FARMERS) == 0);
  const int tile = carc_game_current_tile(g.get());
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_FIRST_EDITION_SMALL_CITY, 1) == CARC_OK);
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_FARMERS, 0) == CARC_OK);
  CHECK(carc_game_option(g.get(), CARC_OPT_FIRST_EDITION_SMALL_CITY) == 1);
  CHECK(carc_game_option(g.get(), CARC_OPT_FARMERS) == 0);
  CHECK(carc_game_current_tile(g.get()) == tile);  // the same draw pile

  // The same as the C++ game with those options from the start.
  carc::Options o;
  o.farmers = false;
  o.first_edition_small_city = true;
  carc::Game ref(2, 8, o);
  carc::Rng rng(4);
  ref.playout(rng, nullptr, carc::Future::AsDealt);
  REQUIRE(carc_game_playout(g.get(), 4, CARC_PLAYOUT_AS_DEALT) == CARC_OK);
  CHECK(carc_game_score(g.get(), 0) == ref.score(0));
  CHECK(carc_game_score(g.get(), 1) == ref.score(1));
}

TEST_CASE("C API: moves pack, unpack, format and parse") {
  for (int tile = 0; tile < CARC_TILE_TYPES; tile += 5)
    for (int x = -128; x <= 127; x += 51)
      for (int y = -128; y <= 127; y += 85)
        for (int rot = 0; rot < 4; ++rot)
          for (int loc : {CARC_LOC_C, CARC_LOC_S, CARC_LOC_NNW, CARC_LOC_NONE}) {
            if (tile == carc_tile_from_name("MA") && rot > 0) continue;  // 'abbey x,y': the abbey has no rotation
            const int fig = loc == CARC_LOC_C && tile % 2 ? CARC_FIGURE_ABBOT : CARC_FIGURE_MEEPLE;
            const carc_move m = carc_move_pack(tile, x, y, 90 * rot, fig, loc);
            REQUIRE(m != CARC_MOVE_INVALID);
            REQUIRE(m < (uint64_t{1} << 40));
            int t2, x2, y2, r2, f2, l2;
            REQUIRE(carc_move_unpack(m, &t2, &x2, &y2, &r2, &f2, &l2) == CARC_OK);
            REQUIRE((t2 == tile && x2 == x && y2 == y && r2 == 90 * rot && f2 == fig && l2 == loc));
            char text[CARC_MOVE_TEXT_SIZE];
            const int len = carc_move_format(m, text, sizeof text);
            REQUIRE((len > 0 && len < CARC_MOVE_TEXT_SIZE));
            carc_move back = 0;
            REQUIRE(carc_move_parse(text, &back) == CARC_OK);
            REQUIRE(back == m);
          }
  // The documented layout.
  CHECK(carc_move_pack(4, 0, -1, 180, CARC_FIGURE_MEEPLE, CARC_LOC_S) ==
        (0x00u | 0xFFu << 8 | 2u << 16 | 3u << 18 | uint64_t{4} << 32));
  CHECK(carc_move_pack(CARC_TILE_TYPES - 1, 1, 2, 270, CARC_FIGURE_ABBOT, CARC_LOC_C) ==
        (0x01u | 0x02u << 8 | 3u << 16 | 0u << 18 | 2u << 22 | uint64_t{CARC_TILE_TYPES - 1} << 32));
  CHECK(carc_move_pack(20, -1, 1, 90, CARC_FIGURE_RECALL, CARC_LOC_NONE) ==
        (0xFFu | 0x01u << 8 | 1u << 16 | 15u << 18 | 7u << 22 | uint64_t{20} << 32));
  CHECK(move_of("E 0,-1 180 S") == carc_move_pack(4, 0, -1, 180, CARC_FIGURE_MEEPLE, CARC_LOC_S));
  CHECK(move_of("E 0,-1 180 -") == carc_move_pack(4, 0, -1, 180, CARC_FIGURE_MEEPLE, CARC_LOC_NONE));
  CHECK(move_of("U -1,1 90 recall") == carc_move_pack(20, -1, 1, 90, CARC_FIGURE_RECALL, CARC_LOC_NONE));
  CHECK(move_of("U_G 0,1 90 A:C") ==
        carc_move_pack(carc_tile_from_name("U_G"), 0, 1, 90, CARC_FIGURE_ABBOT, CARC_LOC_C));
  CHECK(carc_move_pack(CARC_TILE_TYPES, 0, 0, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);
  CHECK(carc_move_pack(-1, 0, 0, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);
  CHECK(carc_move_pack(0, 128, 0, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);
  CHECK(carc_move_pack(0, 0, -129, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);
  CHECK(carc_move_pack(0, 0, 0, 2, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);   // quarter turns are no degrees
  CHECK(carc_move_pack(0, 0, 0, 360, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);
  CHECK(carc_move_pack(0, 0, 0, 0, CARC_FIGURE_MEEPLE, 14) == CARC_MOVE_INVALID);
  CHECK(carc_move_pack(0, 0, 0, 0, 5, CARC_LOC_C) == CARC_MOVE_INVALID);  // figure kinds 5 and 6 are none
  CHECK(carc_move_pack(0, 0, 0, 0, 8, CARC_LOC_C) == CARC_MOVE_INVALID);
  // The abbey has no rotation ('abbey x,y'): a turned one packs and unpacks as no move.
  const int abbey = carc_tile_from_name("MA");
  const carc_move placed_abbey = carc_move_pack(abbey, 1, -1, 0, CARC_FIGURE_MEEPLE, CARC_LOC_NONE);
  REQUIRE(placed_abbey != CARC_MOVE_INVALID);
  CHECK(move_of("abbey 1,-1") == placed_abbey);
  CHECK(carc_move_pack(abbey, 1, -1, 90, CARC_FIGURE_MEEPLE, CARC_LOC_NONE) == CARC_MOVE_INVALID);
  CHECK(carc_move_unpack(placed_abbey | 1u << 16, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == CARC_EINVAL);
  char abbey_text[CARC_MOVE_TEXT_SIZE];
  CHECK(carc_move_format(placed_abbey | 3u << 16, abbey_text, sizeof abbey_text) == CARC_EINVAL);
  CHECK(carc_move_unpack(uint64_t{1} << 27, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_move_unpack: 0x0000000008000000 is not a valid move");
  CHECK(carc_move_unpack(uint64_t{1} << 40, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == CARC_EINVAL);
  CHECK(carc_move_unpack(uint64_t{CARC_TILE_TYPES} << 32, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) ==
        CARC_EINVAL);
  CHECK(carc_move_unpack(CARC_MOVE_INVALID, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == CARC_EINVAL);
  CHECK(carc_move_unpack(carc_move_pack(1, 2, 3, 0, CARC_FIGURE_MEEPLE, CARC_LOC_C), nullptr, nullptr, nullptr, nullptr,
                         nullptr, nullptr) == CARC_OK);
  carc_move m = 5;
  CHECK(carc_move_parse("E 0,-1 180 S extra", &m) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_move_parse: unexpected 'extra' after the move");
  CHECK(m == 5);
  CHECK(carc_move_parse(nullptr, &m) == CARC_EINVAL);
  CHECK(carc_move_parse("E 0,-1 180", nullptr) == CARC_EINVAL);
  CHECK(carc_move_format(CARC_MOVE_INVALID, nullptr, 0) == CARC_EINVAL);
  for (int l = 0; l < carc::kLocationCount; ++l)
    CHECK(std::string(carc_location_name(l)) == carc::location_name(static_cast<carc::Location>(l)));
  CHECK(std::string(carc_location_name(CARC_LOC_NONE)) == "-");
  CHECK(std::string(carc_location_name(CARC_LOC_TW)) == "TW");
  CHECK(carc_location_name(16) == nullptr);
  CHECK(std::string(carc_feature_name(CARC_FEATURE_MONASTERY)) == "monastery");
  CHECK(carc_feature_name(5) == nullptr);
}

TEST_CASE("C API: a game driven move by move equals carc::Game::playout and carc_game_playout") {
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const int players = 1 + static_cast<int>(seed % 6);
    GamePtr g = make(players, seed);
    GamePtr rolled = clone(g.get());
    carc::Game ref(players, seed);
    carc::Rng ref_rng(seed * 7);
    ref.playout(ref_rng, nullptr, carc::Future::AsDealt);
    REQUIRE(carc_game_playout(rolled.get(), seed * 7, CARC_PLAYOUT_AS_DEALT) == CARC_OK);

    carc::Rng rng(seed * 7);  // the choices Game::playout makes
    carc_move moves[CARC_MAX_PLACEMENTS];
    int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
    int n = 0, k = 0;
    while (carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER) {
      REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
      REQUIRE(carc_game_place(g.get(), moves[rng.below(static_cast<uint32_t>(n))]) == CARC_OK);
      REQUIRE(carc_game_meeple_locations(g.get(), locs, CARC_MAX_MEEPLE_LOCATIONS, &k) == CARC_OK);
      const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
      REQUIRE(carc_game_deploy(g.get(), pick == static_cast<uint32_t>(k) ? CARC_LOC_NONE : locs[pick]) == CARC_OK);
    }
    REQUIRE(snapshot(g.get()) == snapshot(rolled.get()));
    REQUIRE(drain_events(g.get()) == drain_events(rolled.get()));
    for (int p = 0; p < players; ++p) CHECK(carc_game_score(g.get(), p) == ref.score(p));
    CHECK(carc_game_winners(g.get()) == ref.leaders());
    CHECK(carc_game_tile_count(g.get()) == ref.board().tile_count());
    CHECK(carc_game_meeple_count(g.get()) == static_cast<int>(ref.meeples().size()));
  }
}

TEST_CASE("C API: placements are the engine's list and fill exactly count slots, whatever the capacity") {
  // Every turn of random games: the list through the ABI equals carc::Game::legal_placements,
  // with each capacity from the exact count to the full size, and slots past the list keep
  // what the caller had there.
  constexpr carc_move kSentinel = 0xDEADBEEFu;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const int players = static_cast<int>(seed);
    GamePtr g = make(players, seed);
    carc::Game ref(players, seed);
    carc::Rng rng(seed);
    carc::Placement expect[carc::kMaxPlacements];
    carc::Location opts[carc::kMaxMeepleOptions];
    while (!ref.over()) {
      const int want = ref.legal_placements(expect);
      const int tile = ref.current_tile();
      for (int extra : {0, 1, 3, 4, 5, CARC_MAX_PLACEMENTS - want}) {
        if (want + extra > CARC_MAX_PLACEMENTS) continue;
        std::vector<carc_move> buf(static_cast<size_t>(CARC_MAX_PLACEMENTS), kSentinel);
        int n = -1;
        REQUIRE(carc_game_placements(g.get(), buf.data(), want + extra, &n) == CARC_OK);
        REQUIRE(n == want);
        for (int i = 0; i < n; ++i)
          REQUIRE(buf[static_cast<size_t>(i)] ==
                  carc_move_pack(tile, expect[i].x, expect[i].y, 90 * expect[i].rot, CARC_FIGURE_MEEPLE, CARC_LOC_NONE));
        for (size_t i = static_cast<size_t>(n); i < buf.size(); ++i) REQUIRE(buf[i] == kSentinel);
      }
      // A capacity overstated by the caller still gets only the list: a heap block of
      // exactly `want` moves (ASan sees any write past it), and one with sentinels after.
      if (want > 0) {
        const std::unique_ptr<carc_move[]> exact(new carc_move[static_cast<size_t>(want)]);
        int n = -1;
        REQUIRE(carc_game_placements(g.get(), exact.get(), CARC_MAX_PLACEMENTS, &n) == CARC_OK);
        REQUIRE(n == want);
        REQUIRE(exact[static_cast<size_t>(want - 1)] == carc_move_pack(tile, expect[want - 1].x, expect[want - 1].y,
                                                                         90 * expect[want - 1].rot, CARC_FIGURE_MEEPLE,
                                                                         CARC_LOC_NONE));
      }
      std::vector<carc_move> guarded(static_cast<size_t>(want) + 4, kSentinel);
      int n = -1;
      REQUIRE(carc_game_placements(g.get(), guarded.data(), CARC_MAX_PLACEMENTS, &n) == CARC_OK);
      for (size_t i = static_cast<size_t>(want); i < guarded.size(); ++i) REQUIRE(guarded[i] == kSentinel);
      const carc::Placement p = expect[rng.below(static_cast<uint32_t>(want))];
      REQUIRE(ref.place(p) == carc::Status::Ok);
      REQUIRE(carc_game_place(g.get(), carc_move_pack(tile, p.x, p.y, 90 * p.rot, CARC_FIGURE_MEEPLE, CARC_LOC_NONE)) ==
              CARC_OK);
      const int k = ref.meeple_options(opts);
      const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
      const carc::Location loc = pick == static_cast<uint32_t>(k) ? carc::Location::None : opts[pick];
      REQUIRE(ref.deploy(loc) == carc::Status::Ok);
      REQUIRE(carc_game_deploy(g.get(), static_cast<int>(loc)) == CARC_OK);
    }
    REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  }
}

// A game after `turns` random turns (with a tile placed and its meeple undecided if
// `mid_turn`), its events left unread.
GamePtr random_position(int players, uint64_t seed, int turns, bool mid_turn) {
  GamePtr g = make(players, seed);
  carc::Rng rng(seed);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  int n = 0, k = 0;
  for (int t = 0; t <= turns && carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER; ++t) {
    if (t == turns && !mid_turn) break;
    REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
    REQUIRE(carc_game_place(g.get(), moves[rng.below(static_cast<uint32_t>(n))]) == CARC_OK);
    if (t == turns) break;
    REQUIRE(carc_game_meeple_locations(g.get(), locs, CARC_MAX_MEEPLE_LOCATIONS, &k) == CARC_OK);
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    REQUIRE(carc_game_deploy(g.get(), pick == static_cast<uint32_t>(k) ? CARC_LOC_NONE : locs[pick]) == CARC_OK);
  }
  return g;
}

TEST_CASE("C API: rollouts add up the playouts with seeds seed + i on copies, and leave the game unchanged") {
  for (const bool mid_turn : {false, true}) {
    GamePtr g = random_position(3, 17, 20, mid_turn);
    REQUIRE(carc_game_phase(g.get()) == (mid_turn ? CARC_PHASE_PLACE_MEEPLE : CARC_PHASE_PLACE_TILE));
    GamePtr before = clone(g.get());
    const uint64_t seed = 1000;
    const int count = 25;
    int64_t want_sums[3] = {0, 0, 0};
    int32_t want_wins[3] = {0, 0, 0};
    for (int i = 0; i < count; ++i) {
      GamePtr copy = clone(g.get());
      REQUIRE(carc_game_playout(copy.get(), seed + static_cast<uint64_t>(i), 0) == CARC_OK);
      const int winners = carc_game_winners(copy.get());
      for (int p = 0; p < 3; ++p) {
        want_sums[p] += carc_game_score(copy.get(), p);
        want_wins[p] += winners >> p & 1;
      }
    }
    // Room for more than the players: only theirs are written.
    int64_t sums[CARC_MAX_PLAYERS] = {-1, -1, -1, -1, -1, -1};
    int32_t wins[CARC_MAX_PLAYERS] = {-1, -1, -1, -1, -1, -1};
    REQUIRE(carc_game_rollouts(g.get(), seed, count, 0, sums, wins, CARC_MAX_PLAYERS) == CARC_OK);
    for (int p = 0; p < 3; ++p) {
      CHECK(sums[p] == want_sums[p]);
      CHECK(wins[p] == want_wins[p]);
    }
    CHECK(sums[3] == -1);
    CHECK(wins[5] == -1);
    CHECK(wins[0] + wins[1] + wins[2] >= count);  // each rollout has a winner, ties count twice
    require_unchanged(g.get(), before.get());

    // Split into two batches with the seeds following on, the sums are the same.
    int64_t a_sums[3], b_sums[3];
    int32_t a_wins[3], b_wins[3];
    REQUIRE(carc_game_rollouts(g.get(), seed, 10, 0, a_sums, a_wins, 3) == CARC_OK);
    REQUIRE(carc_game_rollouts(g.get(), seed + 10, count - 10, 0, b_sums, b_wins, 3) == CARC_OK);
    for (int p = 0; p < 3; ++p) {
      CHECK(a_sums[p] + b_sums[p] == want_sums[p]);
      CHECK(a_wins[p] + b_wins[p] == want_wins[p]);
    }
  }
}

TEST_CASE("C API: rollouts count a tie as a win for each tied leader; no rollouts write zeros") {
  GamePtr over = make_order(3, "");  // over at once, everyone on 0 points
  REQUIRE(carc_game_phase(over.get()) == CARC_PHASE_GAME_OVER);
  int64_t sums[3] = {-1, -1, -1};
  int32_t wins[3] = {-1, -1, -1};
  REQUIRE(carc_game_rollouts(over.get(), 5, 4, 0, sums, wins, 3) == CARC_OK);
  for (int p = 0; p < 3; ++p) {
    CHECK(sums[p] == 0);
    CHECK(wins[p] == 4);
  }
  GamePtr g = make_order(2, "E");
  REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);  // 4 points to player 0, game over
  REQUIRE(carc_game_rollouts(g.get(), 5, 3, 0, sums, wins, 2) == CARC_OK);
  CHECK(sums[0] == 12);
  CHECK(sums[1] == 0);
  CHECK(wins[0] == 3);
  CHECK(wins[1] == 0);
  REQUIRE(carc_game_rollouts(g.get(), 5, 0, 0, sums, wins, 2) == CARC_OK);
  CHECK(sums[0] == 0);
  CHECK(wins[0] == 0);
}

TEST_CASE("C API: rollouts with a NULL game or out pointer, a negative count or short arrays fail and change nothing") {
  int64_t sums[CARC_MAX_PLAYERS] = {-1, -1, -1, -1, -1, -1};
  int32_t wins[CARC_MAX_PLAYERS] = {-1, -1, -1, -1, -1, -1};
  CHECK(carc_game_rollouts(nullptr, 1, 10, 0, sums, wins, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_rollouts: game is NULL");

  GamePtr g = random_position(4, 3, 12, false);
  GamePtr before = clone(g.get());
  CHECK(carc_game_rollouts(g.get(), 1, 10, 0, nullptr, wins, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_rollouts: score_sums is NULL");
  CHECK(carc_game_rollouts(g.get(), 1, 10, 0, sums, nullptr, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_rollouts: wins is NULL");
  CHECK(carc_game_rollouts(g.get(), 1, -1, 0, sums, wins, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_rollouts: count -1 is negative");
  CHECK(carc_game_rollouts(g.get(), 1, INT_MIN, 0, sums, wins, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(carc_game_rollouts(g.get(), 1, 10, 0, sums, wins, 3) == CARC_ERANGE);
  CHECK(errmsg(g.get()) == "carc_game_rollouts: the arrays hold 3 values but the game has 4 players");
  CHECK(carc_game_rollouts(g.get(), 1, 10, 0, sums, wins, -5) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_rollouts: capacity -5 is negative");
  CHECK(carc_game_rollouts(g.get(), 1, 10, 0, nullptr, nullptr, 0) == CARC_EINVAL);
  for (int p = 0; p < CARC_MAX_PLAYERS; ++p) {
    CHECK(sums[p] == -1);
    CHECK(wins[p] == -1);
  }
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API: events add up to the scores, and discards are reported") {
  // A seeded game in which some drawn tile fits nowhere.
  uint64_t seed = 0;
  for (uint64_t s = 1; s < 5000 && !seed; ++s) {
    carc::Game probe(2, s);
    carc::Rng rng(s);
    probe.playout(rng, nullptr, carc::Future::AsDealt);
    if (probe.discard_count() > 0) seed = s;
  }
  REQUIRE(seed != 0);
  GamePtr g = make(2, seed);
  REQUIRE(carc_game_playout(g.get(), seed, CARC_PLAYOUT_AS_DEALT) == CARC_OK);
  int points[2] = {0, 0}, discards = 0;
  for (const auto& e : drain_events(g.get())) {
    if (e[CARC_EV_TYPE] == CARC_EVENT_DISCARD) {
      ++discards;
      CHECK((e[CARC_EV_DISCARDED] >= 0 && e[CARC_EV_DISCARDED] < CARC_TILE_TYPES));
      CHECK(e[CARC_EV_TILE] == CARC_NO_TILE);
      continue;
    }
    for (int p = 0; p < 2; ++p)
      if (e[CARC_EV_WINNERS] >> p & 1) points[p] += e[CARC_EV_POINTS];
  }
  CHECK(discards > 0);
  CHECK(carc_game_tile_count(g.get()) + discards == 72);
  CHECK(points[0] == carc_game_score(g.get(), 0));
  CHECK(points[1] == carc_game_score(g.get(), 1));
}

TEST_CASE("C API: carc_event_text is the engine's describe() of each event, every kind met") {
  carc::Options all;
  all.river = all.abbot = all.inns_and_cathedrals = all.traders_and_builders = true;
  std::set<int> kinds;
  for (uint64_t seed = 1; seed <= 8 || (kinds.size() < 7 && seed <= 500); ++seed) {  // till a tile fits nowhere
    carc::Game ref(3, seed, all);
    carc::Rng rng(seed);
    carc::Events events;
    ref.playout(rng, &events, carc::Future::AsDealt);
    GamePtr g = make(3, seed);
    for (int option : {CARC_OPT_RIVER, CARC_OPT_ABBOT, CARC_OPT_INNS_AND_CATHEDRALS, CARC_OPT_TRADERS_AND_BUILDERS})
      REQUIRE(carc_game_set_option(g.get(), option, 1) == CARC_OK);
    REQUIRE(carc_game_playout(g.get(), seed, CARC_PLAYOUT_AS_DEALT) == CARC_OK);
    const std::vector<EventFields> polled = drain_events(g.get());
    REQUIRE(static_cast<int>(polled.size()) == events.count);
    for (int i = 0; i < events.count; ++i) {
      const std::string want = carc::describe(events.items[static_cast<size_t>(i)]);
      const int32_t* f = polled[static_cast<size_t>(i)].data();
      kinds.insert(f[CARC_EV_TYPE]);
      REQUIRE(carc_event_text(f, CARC_EVENT_FIELDS, nullptr, 0) == static_cast<int>(want.size()));
      std::vector<char> buf(want.size() + 1, 'x');
      REQUIRE(carc_event_text(f, CARC_EVENT_FIELDS + 3, buf.data(), buf.size()) == static_cast<int>(want.size()));
      CHECK(std::string(buf.data()) == want);
      char cut[5];
      CHECK(carc_event_text(f, CARC_EVENT_FIELDS, cut, sizeof cut) == static_cast<int>(want.size()));
      CHECK(std::string(cut) == want.substr(0, 4));
    }
  }
  CHECK(kinds == std::set<int>{CARC_EVENT_SCORE, CARC_EVENT_RECALL, CARC_EVENT_GOODS, CARC_EVENT_GOODS_BONUS,
                               CARC_EVENT_PIG, CARC_EVENT_BONUS, CARC_EVENT_DISCARD});
}

TEST_CASE("C API: carc_event_text refuses malformed fields with CARC_EINVAL and writes nothing") {
  std::array<int32_t, CARC_EVENT_FIELDS> score{};  // "city 8 to player 0"
  score[CARC_EV_TYPE] = CARC_EVENT_SCORE;
  score[CARC_EV_FEATURE] = CARC_FEATURE_CITY;
  score[CARC_EV_POINTS] = 8;
  score[CARC_EV_WINNERS] = 1;
  score[CARC_EV_TILE] = 4;
  score[CARC_EV_LOCATION] = CARC_LOC_N;
  score[CARC_EV_DISCARDED] = CARC_NO_TILE;
  char buf[64] = "unchanged";
  REQUIRE(carc_event_text(score.data(), CARC_EVENT_FIELDS, buf, sizeof buf) == 18);
  CHECK(std::string(buf) == "city 8 to player 0");
  std::strcpy(buf, "unchanged");
  const auto refused = [&](const std::array<int32_t, CARC_EVENT_FIELDS>& f, int count, const std::string& why) {
    CHECK(carc_event_text(f.data(), count, buf, sizeof buf) == CARC_EINVAL);
    CHECK(errmsg(nullptr) == "carc_event_text: " + why);
    CHECK(std::string(buf) == "unchanged");
  };
  refused(score, CARC_EVENT_FIELDS_0_3 - 1, "fields holds 19 values but an event has 20");
  // A 0.3 caller's 20 fields: the figure reads as the meeple.
  REQUIRE(carc_event_text(score.data(), CARC_EVENT_FIELDS_0_3, buf, sizeof buf) == 18);
  std::strcpy(buf, "unchanged");
  refused(score, -1, "fields holds -1 values but an event has 20");
  CHECK(carc_event_text(nullptr, CARC_EVENT_FIELDS, buf, sizeof buf) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_event_text: fields is NULL");
  CHECK(carc_event_text(score.data(), CARC_EVENT_FIELDS, nullptr, 4) == CARC_EINVAL);
  const auto with = [&](int index, int32_t value) {
    std::array<int32_t, CARC_EVENT_FIELDS> f = score;
    f[static_cast<size_t>(index)] = value;
    return f;
  };
  refused(with(CARC_EV_TYPE, 34), CARC_EVENT_FIELDS, "field 0 is 34, not 0..33");
  refused(with(CARC_EV_FEATURE, -1), CARC_EVENT_FIELDS, "field 1 is -1, not 0..4");
  refused(with(CARC_EV_POINTS, 40000), CARC_EVENT_FIELDS, "field 2 is 40000, not 0..32767");
  refused(with(CARC_EV_WINNERS, 64), CARC_EVENT_FIELDS, "field 3 is 64, not 0..63");
  refused(with(CARC_EV_WINNERS, 0), CARC_EVENT_FIELDS, "event type 0 names no player");
  refused(with(CARC_EV_X, 128), CARC_EVENT_FIELDS, "field 6 is 128, not -128..127");
  refused(with(CARC_EV_LOCATION, 16), CARC_EVENT_FIELDS, "field 8 is 16, not 0..15");
  refused(with(CARC_EV_MEEPLES + 5, 256), CARC_EVENT_FIELDS, "field 15 is 256, not 0..255");
  refused(with(CARC_EV_TYPE, CARC_EVENT_DISCARD), CARC_EVENT_FIELDS, "a discard names no discarded tile");
  std::array<int32_t, CARC_EVENT_FIELDS> goods = with(CARC_EV_TYPE, CARC_EVENT_GOODS);
  refused(goods, CARC_EVENT_FIELDS, "event type 3 names no goods");
  goods[CARC_EV_GOODS + 1] = 2;
  goods[CARC_EV_WINNERS] = 5;
  refused(goods, CARC_EVENT_FIELDS, "event type 3 names more than one player (0x5)");
  goods[CARC_EV_WINNERS] = 4;
  REQUIRE(carc_event_text(goods.data(), CARC_EVENT_FIELDS, buf, sizeof buf) > 0);
  CHECK(std::string(buf) == "player 2 takes 2 grain");
}

TEST_CASE("C API: clones and copies are independent games") {
  GamePtr g = make(3, 21);
  GamePtr c = clone(g.get());
  REQUIRE(carc_game_playout(c.get(), 1, 0) == CARC_OK);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE);
  CHECK(carc_game_tile_count(g.get()) == 1);

  // copy overwrites without allocating; unread events travel with the state
  GamePtr e = make_order(2, "E");
  REQUIRE(carc_game_play_text(e.get(), "E 0,-1 180 S") == CARC_OK);
  REQUIRE(carc_game_copy(c.get(), e.get()) == CARC_OK);
  CHECK(snapshot(c.get()) == snapshot(e.get()));
  CHECK(drain_events(c.get()) == drain_events(e.get()));
  CHECK(carc_game_copy(c.get(), c.get()) == CARC_OK);  // onto itself: nothing happens
  CHECK(carc_game_players(c.get()) == 2);
}

TEST_CASE("C API: the board, the meeples and the remaining tiles") {
  GamePtr g = make_order(2, "UUE");
  int32_t counts[CARC_TILE_TYPES];
  REQUIRE(carc_game_tiles_remaining_by_type(g.get(), counts, CARC_TILE_TYPES) == CARC_OK);
  CHECK(counts['U' - 'A'] == 1);
  CHECK(counts['E' - 'A'] == 1);
  CHECK(carc_game_tiles_remaining(g.get()) == 2);
  int t = -1, r = -1;
  CHECK(carc_game_tile_at(g.get(), 0, 0, &t, &r) == 1);
  CHECK((t == 'D' - 'A' && r == 0));
  CHECK(carc_game_tile_at(g.get(), 1, 0, &t, &r) == 0);
  CHECK(carc_game_tile_at(g.get(), 100000, -100000, &t, &r) == 0);

  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90 E") == CARC_OK);
  REQUIRE(carc_game_play_text(g.get(), "U 0,1 90 NNW") == CARC_OK);
  CHECK(carc_game_tile_at(g.get(), 1, 0, &t, &r) == 1);
  CHECK((t == 'U' - 'A' && r == 90));
  int x, y;
  CHECK(carc_game_tile(g.get(), 2, &x, &y, &t, &r) == CARC_OK);
  CHECK((x == 0 && y == 1 && t == 'U' - 'A' && r == 90));
  REQUIRE(carc_game_meeple_count(g.get()) == 2);
  int p, l, f;
  REQUIRE(carc_game_meeple(g.get(), 0, &p, &x, &y, &l, &f) == CARC_OK);
  CHECK((p == 0 && x == 1 && y == 0 && l == CARC_LOC_E && f == CARC_FIGURE_MEEPLE));
  CHECK(carc_game_feature_kind(g.get(), x, y, l) == CARC_FEATURE_ROAD);
  REQUIRE(carc_game_meeple(g.get(), 1, &p, &x, &y, &l, &f) == CARC_OK);
  CHECK((p == 1 && x == 0 && y == 1 && l == CARC_LOC_NNE && f == CARC_FIGURE_MEEPLE));  // the field's first location
  CHECK(carc_game_feature_kind(g.get(), x, y, l) == CARC_FEATURE_FIELD);
  CHECK(carc_game_supply(g.get(), 0) == 6);
  CHECK(carc_game_supply(g.get(), 1) == 6);
  CHECK(carc_game_current_player(g.get()) == 0);
  CHECK(carc_game_current_tile(g.get()) == 'E' - 'A');
  REQUIRE(carc_game_tiles_remaining_by_type(g.get(), counts, CARC_TILE_TYPES) == CARC_OK);
  CHECK(counts['U' - 'A'] == 0);
  CHECK(counts['E' - 'A'] == 0);  // the current tile is in hand, not in the pile
}

// ---------------------------------------------------------------- records, history, queries, pictures

TEST_CASE("C API records and queries: a NULL game is CARC_EINVAL, reported on the calling thread") {
  char text[8] = "x";
  double p[CARC_TILE_TYPES];
  int32_t v[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
  int n = -1;
  carc_move m = 5;
  CHECK(carc_game_save(nullptr, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_save: game is NULL");
  CHECK(std::string(text) == "x");
  CHECK(carc_game_turns_played(nullptr) == CARC_EINVAL);
  CHECK(carc_game_turn_move(nullptr, 1, &m) == CARC_EINVAL);
  CHECK(m == 5);
  CHECK(carc_game_undo(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_undo: game is NULL");
  CHECK(carc_game_rewind(nullptr, 0) == CARC_EINVAL);
  CHECK(carc_game_next_tile_probabilities(nullptr, p, CARC_TILE_TYPES) == CARC_EINVAL);
  CHECK(carc_game_frontier(nullptr, v, CARC_MAX_FRONTIER, &n) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_frontier: game is NULL");
  CHECK(carc_game_fitting_rotations(nullptr, 4, 0, -1) == CARC_EINVAL);
  CHECK(carc_game_scores(nullptr, v, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(carc_game_projected_scores(nullptr, v, CARC_MAX_PLAYERS) == CARC_EINVAL);
  CHECK(carc_game_inspect_feature(nullptr, 0, 0, CARC_LOC_N, v, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
  CHECK(carc_game_feature_tiles(nullptr, 0, 0, CARC_LOC_N, v, CARC_MAX_TILES, &n) == CARC_EINVAL);
  CHECK(carc_game_render_svg(nullptr, CARC_SVG_DEFAULT, 64, text, sizeof text) == CARC_EINVAL);
  CHECK(carc_game_render_text(nullptr, CARC_TEXT_DEFAULT, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_render_text: game is NULL");
  CHECK(n == -1);
  CHECK(std::string(text) == "x");
}

TEST_CASE("C API records and queries: NULL out pointers are CARC_EINVAL and change nothing") {
  GamePtr g = make(2, 17);  // over
  REQUIRE(carc_game_playout(g.get(), 0, 0) == CARC_OK);
  GamePtr h = make_order(3, "UV");  // a tile placed, its meeple undecided
  REQUIRE(carc_game_place(h.get(), move_of("U 1,0 90")) == CARC_OK);
  for (carc_game* game : {g.get(), h.get()}) {
    GamePtr before = clone(game);
    int n = -1;
    CHECK(carc_game_save(game, nullptr, 10) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_save: buf is NULL but size is 10");
    CHECK(carc_game_turn_move(game, 1, nullptr) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_turn_move: move is NULL");
    CHECK(carc_game_next_tile_probabilities(game, nullptr, CARC_TILE_TYPES) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_next_tile_probabilities: probabilities is NULL");
    CHECK(carc_game_frontier(game, nullptr, 3, &n) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_frontier: the buffer is NULL but its capacity is 3");
    int32_t v[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
    CHECK(carc_game_frontier(game, v, CARC_MAX_FRONTIER, nullptr) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_frontier: count is NULL");
    CHECK(carc_game_scores(game, nullptr, CARC_MAX_PLAYERS) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_scores: scores is NULL");
    CHECK(carc_game_projected_scores(game, nullptr, CARC_MAX_PLAYERS) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_projected_scores: scores is NULL");
    CHECK(carc_game_inspect_feature(game, 0, 0, CARC_LOC_N, nullptr, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_inspect_feature: fields is NULL");
    CHECK(carc_game_feature_tiles(game, 0, 0, CARC_LOC_N, v, CARC_MAX_TILES, nullptr) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_feature_tiles: count is NULL");
    CHECK(carc_game_feature_tiles(game, 0, 0, CARC_LOC_N, nullptr, 1, &n) == CARC_EINVAL);
    CHECK(carc_game_render_svg(game, CARC_SVG_DEFAULT, 64, nullptr, 1) == CARC_EINVAL);
    CHECK(errmsg(game) == "carc_game_render_svg: buf is NULL but size is 1");
    CHECK(carc_game_render_text(game, CARC_TEXT_DEFAULT, nullptr, 2) == CARC_EINVAL);
    require_unchanged(game, before.get());
  }

  // Loading: no out, no text. Nothing is created and the line is 0 (no line is at fault).
  carc_game* out = reinterpret_cast<carc_game*>(&out);
  int line = -1;
  CHECK(carc_game_load(nullptr, "carcassonne-record 1\nplayers 2\nseed 1\n", &line) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_load: out is NULL");
  CHECK(line == 0);
  CHECK(carc_game_load(&out, nullptr, &line) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_load: text is NULL");
  CHECK(out == nullptr);
  CHECK(line == 0);
  CHECK(carc_game_load(&out, "carcassonne-record 1\nplayers 2\nseed 1\n", nullptr) == CARC_OK);  // line may be NULL
  GamePtr loaded(out, carc_game_free);
  CHECK(carc_game_turns_played(loaded.get()) == 0);

  // The tile pictures have no game: their messages stay with the thread.
  CHECK(carc_tile_render_svg(0, 0, 64, nullptr, 5) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_tile_render_svg: buf is NULL but size is 5");
  CHECK(carc_tile_render_text(0, 0, nullptr, 5) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_tile_render_text: buf is NULL but size is 5");
}

TEST_CASE("C API records and queries: out-of-range values are CARC_EINVAL and change nothing") {
  GamePtr g = make_order(2, "UUE");
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90 E") == CARC_OK);
  GamePtr before = clone(g.get());
  carc_move m = 5;
  int32_t v[CARC_MAX_TILES];
  int n = -1;
  char text[16] = "x";
  CHECK(carc_game_turn_move(g.get(), 0, &m) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_turn_move: turn 0 is not among the 1 turns played");
  CHECK(carc_game_turn_move(g.get(), 2, &m) == CARC_EINVAL);
  CHECK(m == 5);
  CHECK(carc_game_rewind(g.get(), 2) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_rewind: cannot rewind to turn 2: 1 turns have been played");
  CHECK(carc_game_rewind(g.get(), -1) == CARC_EINVAL);
  CHECK(carc_game_fitting_rotations(g.get(), CARC_TILE_TYPES, 0, 1) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_fitting_rotations: tile 143 is not 0..142");
  CHECK(carc_game_fitting_rotations(g.get(), -1, 0, 1) == CARC_EINVAL);
  CHECK(carc_game_fitting_rotations(g.get(), 0, 1000000, -1000000) == 0);  // not an open cell: nothing fits
  CHECK(carc_game_fitting_rotations(g.get(), 0, 0, 0) == 0);               // a tile is there
  CHECK(carc_game_inspect_feature(g.get(), 0, 0, 14, v, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_inspect_feature: location 14 is not 0..13");
  CHECK(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_NONE, v, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
  CHECK(carc_game_inspect_feature(g.get(), 0, 0, -1, v, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
  CHECK(carc_game_inspect_feature(g.get(), 5, 5, CARC_LOC_N, v, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_inspect_feature: no tile is placed at 5,5");
  CHECK(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_C, v, CARC_FEATURE_INFO_FIELDS) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_inspect_feature: the D at 0,0 has no feature at C");
  CHECK(carc_game_inspect_feature(g.get(), INT32_MIN, INT32_MAX, CARC_LOC_N, v, CARC_FEATURE_INFO_FIELDS) ==
        CARC_EINVAL);
  CHECK(carc_game_feature_tiles(g.get(), 0, 0, 14, v, CARC_MAX_TILES, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_feature_tiles: location 14 is not 0..13");
  CHECK(carc_game_feature_tiles(g.get(), 1, 1, CARC_LOC_N, v, CARC_MAX_TILES, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_feature_tiles: no tile is placed at 1,1");
  CHECK(carc_game_feature_tiles(g.get(), 1, 0, CARC_LOC_N, v, -1, &n) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_feature_tiles: capacity -1 is negative");
  CHECK(carc_game_frontier(g.get(), v, -2, &n) == CARC_EINVAL);
  CHECK(carc_game_render_svg(g.get(), 32, 64, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_render_svg: flags 0x20 are not CARC_SVG_* bits");
  CHECK(carc_game_render_svg(g.get(), -1, 64, text, sizeof text) == CARC_EINVAL);
  CHECK(carc_game_render_svg(g.get(), CARC_SVG_DEFAULT, 0, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_render_svg: tile_pixels 0 is not 1..4096");
  CHECK(carc_game_render_svg(g.get(), CARC_SVG_DEFAULT, CARC_MAX_TILE_PIXELS + 1, text, sizeof text) == CARC_EINVAL);
  CHECK(carc_game_render_text(g.get(), 4, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_render_text: flags 0x4 are not CARC_TEXT_* bits");
  CHECK(n == -1);
  CHECK(std::string(text) == "x");
  require_unchanged(g.get(), before.get());

  CHECK(carc_tile_render_svg(CARC_TILE_TYPES, 0, 64, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_tile_render_svg: tile 143 is not 0..142");
  CHECK(carc_tile_render_svg(0, 1, 64, text, sizeof text) == CARC_EINVAL);  // degrees, not quarter turns
  CHECK(errmsg(nullptr) == "carc_tile_render_svg: rotation 1 is not 0, 90, 180 or 270 degrees");
  CHECK(carc_tile_render_svg(0, 360, 64, text, sizeof text) == CARC_EINVAL);
  CHECK(carc_tile_render_svg(0, 0, -3, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_tile_render_svg: pixels -3 is not 1..4096");
  CHECK(carc_tile_render_text(-1, 0, text, sizeof text) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_tile_render_text: tile -1 is not 0..142");
  CHECK(carc_tile_render_text(0, -1, text, sizeof text) == CARC_EINVAL);
  CHECK(std::string(text) == "x");
}

TEST_CASE("C API records and queries: undo with nothing to undo is CARC_EPHASE; queries work in every phase") {
  GamePtr g = make_order(2, "EU");
  GamePtr before = clone(g.get());
  CHECK(carc_game_undo(g.get()) == CARC_EPHASE);
  CHECK(errmsg(g.get()) == "carc_game_undo: no tile has been placed yet: there is nothing to undo");
  require_unchanged(g.get(), before.get());

  // An empty pile: over before any turn, and still nothing to undo.
  GamePtr empty = make_order(3, "");
  before = clone(empty.get());
  CHECK(carc_game_undo(empty.get()) == CARC_EPHASE);
  CHECK(carc_game_rewind(empty.get(), 0) == CARC_OK);
  require_unchanged(empty.get(), before.get());

  // In the meeple phase and once the game is over, every query answers.
  auto queries = [](carc_game* game, int turns, int projected0) {
    GamePtr was = clone(game);
    double p[CARC_TILE_TYPES];
    int32_t v[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
    int n = 0;
    CHECK(carc_game_next_tile_probabilities(game, p, CARC_TILE_TYPES) == CARC_OK);
    CHECK(carc_game_frontier(game, v, CARC_MAX_FRONTIER, &n) == CARC_OK);
    CHECK(n > 0);
    CHECK(carc_game_fitting_rotations(game, 'U' - 'A', -1, 0) == 0b0010);  // each picture once
    CHECK(carc_game_scores(game, v, 2) == CARC_OK);
    CHECK(carc_game_projected_scores(game, v, 2) == CARC_OK);
    CHECK(v[0] == projected0);
    CHECK(carc_game_inspect_feature(game, 0, -1, CARC_LOC_S, v, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
    CHECK(carc_game_feature_tiles(game, 0, -1, CARC_LOC_S, v, CARC_MAX_TILES, &n) == CARC_OK);
    CHECK(n == 2);
    CHECK(carc_game_render_svg(game, CARC_SVG_DEFAULT | CARC_SVG_LEGAL_CELLS | CARC_SVG_DEAD_CELLS, 32, nullptr, 0) >
          0);
    CHECK(carc_game_render_text(game, CARC_TEXT_COORDINATES | CARC_TEXT_LEGAL_CELLS, nullptr, 0) > 0);
    CHECK(carc_game_turns_played(game) == turns);
    require_unchanged(game, was.get());
  };
  REQUIRE(carc_game_place(g.get(), move_of("E 0,-1 180")) == CARC_OK);
  queries(g.get(), 0, 0);  // the E closes the city, but without a knight nobody scores it
  REQUIRE(carc_game_deploy(g.get(), CARC_LOC_S) == CARC_OK);
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90") == CARC_OK);
  REQUIRE(carc_game_phase(g.get()) == CARC_PHASE_GAME_OVER);
  queries(g.get(), 2, 4);
}

TEST_CASE("C API records and queries: short buffers are CARC_ERANGE and write nothing; text is cut like snprintf") {
  GamePtr g = make(3, 23);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int n = 0;
  for (int turn = 0; turn < 6; ++turn) {
    REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
    REQUIRE(carc_game_play(g.get(), moves[n / 2]) == CARC_OK);
  }
  GamePtr before = clone(g.get());

  double p[CARC_TILE_TYPES + 1];
  p[0] = -1;
  CHECK(carc_game_next_tile_probabilities(g.get(), p, CARC_TILE_TYPES - 1) == CARC_ERANGE);
  CHECK(errmsg(g.get()) == "carc_game_next_tile_probabilities: probabilities holds 142 values but needs 143");
  CHECK(p[0] == -1);

  int32_t v[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
  v[0] = -7;
  int needed = -1;
  REQUIRE(carc_game_frontier(g.get(), nullptr, 0, &needed) == CARC_OK);  // counting only
  REQUIRE(needed > 2);
  CHECK(carc_game_frontier(g.get(), v, needed - 1, &n) == CARC_ERANGE);
  CHECK(n == needed);
  CHECK(errmsg(g.get()) == fmt::format("carc_game_frontier: {} open cells but room for {}", needed, needed - 1));
  CHECK(v[0] == -7);
  CHECK(carc_game_frontier(g.get(), v, needed, &n) == CARC_OK);

  CHECK(carc_game_scores(g.get(), v, 2) == CARC_ERANGE);
  CHECK(errmsg(g.get()) == "carc_game_scores: scores holds 2 values but the game has 3 players");
  v[0] = -7;
  CHECK(carc_game_projected_scores(g.get(), v, 2) == CARC_ERANGE);
  CHECK(errmsg(g.get()) == "carc_game_projected_scores: scores holds 2 values but the game has 3 players");
  CHECK(v[0] == -7);

  CHECK(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_N, v, CARC_FEATURE_INFO_FIELDS - 1) == CARC_ERANGE);
  CHECK(errmsg(g.get()) == "carc_game_inspect_feature: fields holds 14 values but a feature needs 15");
  CHECK(v[0] == -7);
  v[CARC_FEATURE_INFO_FIELDS] = -9;
  CHECK(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_N, v, CARC_FEATURE_INFO_FIELDS + 3) == CARC_OK);
  CHECK(v[CARC_FEATURE_INFO_FIELDS] == -9);  // only the fields this version knows are written

  // A feature of two or more tiles, to list with too little room.
  int x = 0, y = 0, loc = -1, tiles = 0;
  for (int i = 0; i < carc_game_tile_count(g.get()) && tiles < 2; ++i) {
    int t, r;
    REQUIRE(carc_game_tile(g.get(), i, &x, &y, &t, &r) == CARC_OK);
    for (int l = 0; l < 13 && tiles < 2; ++l)
      if (carc_game_feature_tiles(g.get(), x, y, l, nullptr, 0, &tiles) == CARC_OK && tiles >= 2) loc = l;
  }
  REQUIRE(loc >= 0);
  v[0] = -7;
  CHECK(carc_game_feature_tiles(g.get(), x, y, loc, v, tiles - 1, &n) == CARC_ERANGE);
  CHECK(n == tiles);
  CHECK(errmsg(g.get()) == fmt::format("carc_game_feature_tiles: {} tiles but room for {}", tiles, tiles - 1));
  CHECK(v[0] == -7);

  // Text out: cut to fit, NUL-terminated, the whole length returned; size 0 writes nothing.
  const std::string record = save(g.get());
  std::vector<char> small(11, '@');
  CHECK(carc_game_save(g.get(), small.data(), 10) == static_cast<int>(record.size()));
  CHECK(std::string(small.data()) == record.substr(0, 9));
  CHECK(small[10] == '@');
  CHECK(carc_game_save(g.get(), small.data(), 0) == static_cast<int>(record.size()));
  CHECK(small[0] == record[0]);  // untouched by size 0
  char one = '@';
  CHECK(carc_game_save(g.get(), &one, 1) == static_cast<int>(record.size()));
  CHECK(one == '\0');
  std::vector<char> exact(record.size(), '@');  // one short of the NUL
  CHECK(carc_game_save(g.get(), exact.data(), exact.size()) == static_cast<int>(record.size()));
  CHECK(std::string(exact.data()) == record.substr(0, record.size() - 1));

  const int svg = carc_game_render_svg(g.get(), CARC_SVG_DEFAULT, 64, nullptr, 0);
  REQUIRE(svg > 100);
  CHECK(carc_game_render_svg(g.get(), CARC_SVG_DEFAULT, 64, small.data(), 6) == svg);
  CHECK(std::string(small.data()) == "<?xml");
  const int board = carc_game_render_text(g.get(), CARC_TEXT_DEFAULT, nullptr, 0);
  REQUIRE(board > 0);
  CHECK(carc_game_render_text(g.get(), CARC_TEXT_DEFAULT, small.data(), 3) == board);
  CHECK(std::string(small.data()).size() == 2);
  const int tile = carc_tile_render_text('E' - 'A', 0, nullptr, 0);
  CHECK(tile == 18);  // 3 lines of 5 characters and a newline
  CHECK(carc_tile_render_text('E' - 'A', 0, small.data(), 4) == tile);
  CHECK(std::string(small.data()).size() == 3);
  CHECK(carc_tile_render_svg('E' - 'A', 0, 64, small.data(), 2) > 100);
  CHECK(std::string(small.data()) == "<");
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C API records: a bad record creates nothing and names the line and the reason") {
  struct Bad {
    const char* text;
    int status;
    int line;
    const char* message;
  };
  const Bad bad[] = {
      {"", CARC_EINVAL, 1, "line 1: the record is empty: it must start with 'carcassonne-record 1'"},
      {"# just a comment\n\ncarcassonne-record 2\n", CARC_EINVAL, 3,
       "line 3: format version 2 is not supported (this engine reads version 1)"},
      {"carcassonne-record 1\nplayers 9\nseed 1\n", CARC_EINVAL, 2,
       "line 2: the number of players must be 1 to 6, not '9'"},
      {"carcassonne-record 1\nplayers 2\n", CARC_EINVAL, 2,
       "line 2: the header gives no seed ('seed N'), draw order ('order ...') or hidden pile ('pile hidden')"},
      {"carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 0 S\n", CARC_EILLEGAL, 4,
       "line 4: illegal move 'E 0,-1 0 S': the south edge is field but the neighbour there shows city"},
      {"carcassonne-record 1\nplayers 2\norder EU\nU 0,1 0\n", CARC_EILLEGAL, 4,
       "line 4: the draw order draws E here (draw 1), not U"},
      {"carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 180 ?\nU 1,0 90\n", CARC_EINVAL, 5,
       "line 5: the move on line 4 left its meeple undecided ('?'), so it must be the last"},
      {"carcassonne-record 1\nplayers 2\norder EAACEU\nE 0,-1 180 S\nA 1,0 90 C\nA -1,0 270 -\nE 0,-2 0 N\n",
       CARC_EILLEGAL, 7,
       "line 7: the draw order draws C here, which fits nowhere: the record must say 'discard C' before this move"},
  };
  for (const Bad& b : bad) {
    INFO(b.text);
    carc_game* out = reinterpret_cast<carc_game*>(&out);
    int line = -1;
    CHECK(carc_game_load(&out, b.text, &line) == b.status);
    CHECK(out == nullptr);
    CHECK(line == b.line);
    CHECK(errmsg(nullptr) == std::string("carc_game_load: ") + b.message);
    // The message is the C++ loader's, word for word.
    carc::Game target(2, uint64_t{5});
    const carc::Game untouched = target;
    carc::RecordError error;
    CHECK(static_cast<int>(carc::load_record(b.text, target, &error)) == b.status);
    CHECK(error.message() == b.message);
    CHECK(target == untouched);
  }
}

// ---------------------------------------------------------------- one rule for capacities and messages

TEST_CASE("C API: a negative capacity is CARC_EINVAL for every call that takes one, and changes nothing") {
  GamePtr g = make_order(3, "UEV");  // the tile phase
  GamePtr m = make_order(3, "UEV");  // the meeple phase, with an event queued
  REQUIRE(carc_game_play_text(m.get(), "U 1,0 90 E") == CARC_OK);
  REQUIRE(carc_game_play_text(m.get(), "E 0,-1 180 S") == CARC_OK);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int listed = 0;
  REQUIRE(carc_game_placements(m.get(), moves, CARC_MAX_PLACEMENTS, &listed) == CARC_OK);
  REQUIRE(carc_game_place(m.get(), moves[0]) == CARC_OK);
  GamePtr g_before = clone(g.get()), m_before = clone(m.get());
  int32_t v[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
  double p[CARC_TILE_TYPES];
  int64_t sums[CARC_MAX_PLAYERS];
  for (const int capacity : {-1, -5, INT_MIN}) {
    INFO("capacity " << capacity);
    const std::string negative = ": capacity " + std::to_string(capacity) + " is negative";
    int n = -7;
    CHECK(carc_game_placements(g.get(), moves, capacity, &n) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_placements" + negative);
    CHECK(carc_game_meeple_locations(m.get(), v, capacity, &n) == CARC_EINVAL);
    CHECK(errmsg(m.get()) == "carc_game_meeple_locations" + negative);
    CHECK(carc_game_frontier(g.get(), v, capacity, &n) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_frontier" + negative);
    CHECK(carc_game_feature_tiles(g.get(), 0, 0, CARC_LOC_N, v, capacity, &n) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_feature_tiles" + negative);
    CHECK(n == -7);
    CHECK(carc_game_tiles_remaining_by_type(g.get(), v, capacity) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_tiles_remaining_by_type" + negative);
    CHECK(carc_game_next_tile_probabilities(g.get(), p, capacity) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_next_tile_probabilities" + negative);
    CHECK(carc_game_scores(g.get(), v, capacity) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_scores" + negative);
    CHECK(carc_game_projected_scores(g.get(), v, capacity) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_projected_scores" + negative);
    CHECK(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_N, v, capacity) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_inspect_feature" + negative);
    CHECK(carc_game_poll_event(m.get(), v, capacity) == CARC_EINVAL);
    CHECK(errmsg(m.get()) == "carc_game_poll_event" + negative);
    CHECK(carc_game_rollouts(g.get(), 1, 2, 0, sums, v, capacity) == CARC_EINVAL);
    CHECK(errmsg(g.get()) == "carc_game_rollouts" + negative);
  }
  require_unchanged(g.get(), g_before.get());
  require_unchanged(m.get(), m_before.get());
}

TEST_CASE("C API: messages live with the calling thread; a successful call keeps the last one") {
  GamePtr a = make_order(2, "EU");
  GamePtr b = make_order(2, "EU");
  CHECK(carc_game_score(a.get(), 5) == CARC_EINVAL);
  const std::string failed = "carc_game_score: player 5 is not 0..1";
  CHECK(errmsg(a.get()) == failed);
  CHECK(errmsg(b.get()) == failed);  // whatever game it names: the thread's last failure
  CHECK(errmsg(nullptr) == failed);
  // Successful calls, read-only or not, leave it as it was.
  int32_t scores[2];
  CHECK(carc_game_scores(a.get(), scores, 2) == CARC_OK);
  CHECK(carc_game_save(a.get(), nullptr, 0) > 0);
  CHECK(carc_game_play_text(b.get(), "E 0,-1 180 S") == CARC_OK);
  carc_move mv = 0;
  CHECK(carc_move_parse("U 1,0 90", &mv) == CARC_OK);
  CHECK(errmsg(a.get()) == failed);
  // So does a successful constructor after a failed one: the message is of the last failure.
  carc_game* made = nullptr;
  CHECK(carc_game_new(&made, 0, 1) == CARC_EINVAL);
  CHECK(carc_game_new(&made, 2, 1) == CARC_OK);
  GamePtr keep(made, carc_game_free);
  CHECK(errmsg(nullptr) == "carc_game_new: player count must be 1 to 6, not 0");
  CHECK(errmsg(keep.get()) == "carc_game_new: player count must be 1 to 6, not 0");
  // Another thread's failures go to that thread's message, on the same game too.
  std::string there;
  std::thread other([&] {
    CHECK(carc_game_supply(a.get(), 9) == CARC_EINVAL);
    there = errmsg(a.get());
  });
  other.join();
  CHECK(there == "carc_game_supply: player 9 is not 0..1");
  CHECK(errmsg(a.get()) == "carc_game_new: player count must be 1 to 6, not 0");
}

namespace {

// Whether s is valid UTF-8 without control characters (C0, DEL, C1).
bool printable_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size() || c < 0x20 || c == 0x7F || c == 0xC0 || c == 0xC1) return false;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    if (c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) return false;  // C1 controls
    i += len;
  }
  return true;
}

}  // namespace

TEST_CASE("C API: long messages are cut on a character boundary; quoted input is escaped") {
  // Record lines of control bytes (4 characters each once escaped) then 'é' (2 bytes), so that
  // the message passes 255 bytes inside the run of 'é': with `pad` 0 and 1 the cut falls on
  // both halves of an 'é'.
  bool cut_inside_a_character = false;
  for (int pad = 0; pad <= 1; ++pad)
    for (int controls = 48; controls <= 54; ++controls) {
      std::string word = std::string(static_cast<size_t>(pad), 'x') + std::string(static_cast<size_t>(controls), '\x01');
      for (int i = 0; i < 40; ++i) word += "\xc3\xa9";
      const std::string record = "carcassonne-record 1\nplayers 2\norder E\nE 0,-1 180 " + word + "\n";
      carc_game* out = nullptr;
      int line = 0;
      REQUIRE(carc_game_load(&out, record.c_str(), &line) == CARC_EINVAL);
      CHECK(line == 4);
      carc::Game target(2, uint64_t{1});
      carc::RecordError error;
      REQUIRE(carc::load_record(record, target, &error) == carc::Status::InvalidArgument);
      const std::string full = "carc_game_load: " + error.message();
      const std::string msg = errmsg(nullptr);
      INFO("pad " << pad << " controls " << controls << "\n" << full << "\n" << msg);
      CHECK(full.find('\x01') == std::string::npos);  // escaped in the C++ message already
      CHECK(full.find("\\x01") != std::string::npos);
      CHECK(printable_utf8(full));
      CHECK(printable_utf8(msg));
      REQUIRE(full.size() > 255);
      CHECK(msg.size() <= 255);
      REQUIRE(msg.size() > 3);
      CHECK(msg.substr(msg.size() - 3) == "...");
      const std::string kept = msg.substr(0, msg.size() - 3);
      CHECK(full.compare(0, kept.size(), kept) == 0);  // a prefix of the whole message
      CHECK(kept.size() >= 252 - 3);                   // cut no more than a character short
      if ((static_cast<unsigned char>(full[252]) & 0xC0) == 0x80) cut_inside_a_character = true;
    }
  CHECK(cut_inside_a_character);

  // Escapes and invalid UTF-8 in a record reach the message escaped, not raw.
  carc_game* out = nullptr;
  CHECK(carc_game_load(&out, "\x1b]0;owned\x07\xff\n", nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) ==
        "carc_game_load: line 1: a record starts with 'carcassonne-record 1', not '\\x1b]0;owned\\x07\\xff'");
  CHECK(carc_game_load(&out, "carcassonne-record 1\nplayers 2\norder E\nE 0,-1 180 S\xc2\x9b" "31m\n", nullptr) ==
        CARC_EINVAL);  // a C1 control (CSI) as UTF-8
  CHECK(errmsg(nullptr) == "carc_game_load: line 4: 'E 0,-1 180 S\\xc2\\x9b31m' is not a move: 'S\\xc2\\x9b31m' is not "
                           "a figure action (a location C N E S W NNE ENE ESE SSE SSW WSW WNW NNW CF, or L:, A:, B:, "
                           "P: and a location, or recall)");
  CHECK(carc_game_load(&out, "carcassonne-record 1\nplayers 2\norder E\nE 0,-1 180 S\\\n", nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_load: line 4: 'E 0,-1 180 S\\x5c' is not a move: 'S\\x5c' is not "
                           "a figure action (a location C N E S W NNE ENE ESE SSE SSW WSW WNW NNW CF, or L:, A:, B:, "
                           "P: and a location, or recall)");
  // Printable UTF-8 stays as it is.
  carc_move mv = 0;
  CHECK(carc_move_parse("E 0,-1 180 Süd", &mv) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_move_parse: 'Süd' is not a figure action (a location C N E S W NNE ENE ESE SSE SSW "
                           "WSW WNW NNW CF, or L:, A:, B:, P: and a location, or recall)");
}
