// The chance model through the C ABI: caller-supplied draws, re-dealing, playouts that sample
// the unseen tiles, and public records.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "capi_helpers.hpp"
#include "carcassonne/carcassonne.h"

using namespace capi_test;

namespace {
GamePtr make_caller(int players, const char* tiles) {
  carc_game* g = nullptr;
  REQUIRE(carc_game_new_caller_draws(&g, players, tiles) == CARC_OK);
  return GamePtr(g, carc_game_free);
}

std::string save_public(const carc_game* g) { return save(g, carc_game_save_public); }

int tile_of(char letter) { return letter - 'A'; }
}  // namespace

TEST_CASE("C API chance: a caller-draws game waits in the draw phase and takes the drawn tile") {
  GamePtr g = make_caller(2, nullptr);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_DRAW);
  CHECK(carc_game_caller_draws(g.get()) == 1);
  CHECK(carc_game_tiles_remaining(g.get()) == 71);
  CHECK(carc_game_current_tile(g.get()) == CARC_EPHASE);
  CHECK(errmsg(nullptr) == "carc_game_current_tile: no tile is in hand: the next tile is still to be drawn");
  double p[CARC_TILE_TYPES];
  REQUIRE(carc_game_next_tile_probabilities(g.get(), p, CARC_TILE_TYPES) == CARC_OK);
  CHECK(p[tile_of('V')] == Approx(9.0 / 71));
  REQUIRE(carc_game_draw(g.get(), tile_of('E')) == CARC_OK);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE);
  CHECK(carc_game_current_tile(g.get()) == tile_of('E'));
  REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);
  CHECK(carc_game_score(g.get(), 0) == 4);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_DRAW);
  GamePtr seeded = make(2, 5);
  CHECK(carc_game_caller_draws(seeded.get()) == 0);
}

TEST_CASE("C API chance: options are refused once the caller has drawn a tile, the game unchanged") {
  GamePtr g = make_caller(2, nullptr);
  REQUIRE(carc_game_draw(g.get(), tile_of('A')) == CARC_OK);
  GamePtr before = clone(g.get());
  // Accepted, this was a River game whose pile held no river tile.
  CHECK(carc_game_set_option(g.get(), CARC_OPT_RIVER, 1) == CARC_EPHASE);
  CHECK(errmsg(nullptr) == "carc_game_set_option: options are set before the caller draws the first tile");
  CHECK(carc_game_set_option(g.get(), CARC_OPT_ABBOT, 1) == CARC_EPHASE);
  CHECK(carc_game_set_option(g.get(), CARC_OPT_FARMERS, 0) == CARC_EPHASE);
  require_unchanged(g.get(), before.get());
  CHECK(carc_game_option(g.get(), CARC_OPT_RIVER) == 0);
  // Before the first draw an option builds its whole box: the River's tiles are face down.
  GamePtr fresh = make_caller(2, nullptr);
  REQUIRE(carc_game_set_option(fresh.get(), CARC_OPT_RIVER, 1) == CARC_OK);
  CHECK(carc_game_tiles_remaining(fresh.get()) == 71 + 11);
}

TEST_CASE("C API chance: a bad draw is refused with a message and changes nothing") {
  GamePtr g = make_caller(2, "EU");
  GamePtr before = clone(g.get());
  CHECK(carc_game_draw(g.get(), tile_of('C')) == CARC_EILLEGAL);
  CHECK(errmsg(nullptr) == "carc_game_draw: C: no tile of that type is face down");
  CHECK(carc_game_draw(g.get(), CARC_TILE_TYPES) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_draw: tile type 143 is not 0..142");
  CHECK(carc_game_draw(g.get(), carc_tile_from_name("E_G")) == CARC_EILLEGAL);  // an expansion's tile, not in this box
  CHECK(errmsg(nullptr) == "carc_game_draw: E_G: no tile of that type is face down");
  CHECK(carc_game_draw(g.get(), -1) == CARC_EINVAL);
  CHECK(carc_game_draw(nullptr, 0) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());
  REQUIRE(carc_game_draw(g.get(), tile_of('E')) == CARC_OK);
  GamePtr placed = clone(g.get());
  CHECK(carc_game_draw(g.get(), tile_of('U')) == CARC_EPHASE);
  CHECK(errmsg(nullptr) == "carc_game_draw: a tile is drawn in the draw phase, but the tile is still to be placed");
  require_unchanged(g.get(), placed.get());
  GamePtr seeded = make(2, 5);
  CHECK(carc_game_draw(seeded.get(), tile_of('U')) == CARC_EPHASE);
  carc_game* bad = nullptr;
  CHECK(carc_game_new_caller_draws(&bad, 2, "CC") == CARC_EINVAL);
  CHECK(bad == nullptr);
  CHECK(carc_game_new_caller_draws(&bad, 0, nullptr) == CARC_EINVAL);
  CHECK(carc_game_new_caller_draws(nullptr, 2, nullptr) == CARC_EINVAL);
}

TEST_CASE("C API chance: a drawn tile that fits nowhere is a discard event, and the game asks again") {
  GamePtr g = make_caller(2, "EAACE");
  for (const char* m : {"E 0,-1 180", "A 1,0 90", "A -1,0 270"}) {
    REQUIRE(carc_game_draw(g.get(), tile_of(m[0])) == CARC_OK);
    REQUIRE(carc_game_play_text(g.get(), m) == CARC_OK);
  }
  drain_events(g.get());
  REQUIRE(carc_game_draw(g.get(), tile_of('C')) == CARC_OK);
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_DRAW);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_TYPE] == CARC_EVENT_DISCARD);
  CHECK(events[0][CARC_EV_DISCARDED] == tile_of('C'));
  CHECK(events[0][CARC_EV_TILE] == CARC_NO_TILE);
}

TEST_CASE("C API chance: a re-deal keeps the public state and changes the order of the face-down tiles") {
  GamePtr fresh = make(3, 8);
  const std::string pub = save_public(fresh.get());
  const std::string full = save(fresh.get());
  GamePtr dealt = clone(fresh.get());
  REQUIRE(carc_game_redeal(dealt.get(), 77) == CARC_OK);
  CHECK(save_public(dealt.get()) == pub);
  CHECK(save(dealt.get()) != full);  // the full record names the new order
  CHECK(carc_game_redeal(nullptr, 1) == CARC_EINVAL);
  // In the draw phase a re-deal draws at once.
  GamePtr caller = make_caller(2, nullptr);
  REQUIRE(carc_game_redeal(caller.get(), 3) == CARC_OK);
  CHECK(carc_game_phase(caller.get()) == CARC_PHASE_PLACE_TILE);
  CHECK(carc_game_caller_draws(caller.get()) == 0);
}

TEST_CASE("C API chance: playouts from one position with different seeds draw different futures") {
  GamePtr position = make(2, 21);
  GamePtr a = clone(position.get()), b = clone(position.get());
  REQUIRE(carc_game_playout(a.get(), 1, 0) == CARC_OK);
  REQUIRE(carc_game_playout(b.get(), 2, 0) == CARC_OK);
  std::vector<int> da, db;
  for (int i = 1; i < carc_game_tile_count(a.get()); ++i) {
    int x, y, t, r;
    REQUIRE(carc_game_tile(a.get(), i, &x, &y, &t, &r) == CARC_OK);
    da.push_back(t);
  }
  for (int i = 1; i < carc_game_tile_count(b.get()); ++i) {
    int x, y, t, r;
    REQUIRE(carc_game_tile(b.get(), i, &x, &y, &t, &r) == CARC_OK);
    db.push_back(t);
  }
  CHECK(da.front() == db.front());  // the tile in hand was public
  CHECK(da != db);
  // Rollouts sample too (as dealt they play the position's own pile: test_capi.cpp).
  int64_t s1[CARC_MAX_PLAYERS], s2[CARC_MAX_PLAYERS];
  int32_t w1[CARC_MAX_PLAYERS], w2[CARC_MAX_PLAYERS];
  REQUIRE(carc_game_rollouts(position.get(), 1, 20, 0, s1, w1, CARC_MAX_PLAYERS) == CARC_OK);
  REQUIRE(carc_game_rollouts(position.get(), 1, 20, CARC_PLAYOUT_AS_DEALT, s2, w2, CARC_MAX_PLAYERS) == CARC_OK);
  CHECK((s1[0] != s2[0] || s1[1] != s2[1]));
  CHECK(carc_game_playout(a.get(), 1, 2) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_game_playout: unknown flag bits 0x2 (CARC_PLAYOUT_*)");
  CHECK(carc_game_rollouts(position.get(), 1, 2, 4, s1, w1, CARC_MAX_PLAYERS) == CARC_EINVAL);
}

TEST_CASE("C API chance: the public record reveals no order and loads into a caller-draws game") {
  GamePtr g = make(2, 4);
  for (int t = 0; t < 6; ++t) {
    carc_move moves[CARC_MAX_PLACEMENTS];
    int n = 0;
    REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
    REQUIRE(carc_game_play(g.get(), moves[n / 2]) == CARC_OK);
  }
  const std::string text = save_public(g.get());
  CHECK(text.find("\nseed") == std::string::npos);
  CHECK(text.find("\norder") == std::string::npos);
  CHECK(text.find("\npile hidden\n") != std::string::npos);
  GamePtr loaded = load(text);
  CHECK(carc_game_caller_draws(loaded.get()) == 1);
  CHECK(carc_game_phase(loaded.get()) == CARC_PHASE_PLACE_TILE);
  CHECK(carc_game_current_tile(loaded.get()) == carc_game_current_tile(g.get()));
  CHECK(save(loaded.get()) == text);
  CHECK(save_public(loaded.get()) == text);
  for (int p = 0; p < 2; ++p) CHECK(carc_game_score(loaded.get(), p) == carc_game_score(g.get(), p));
  char small[4];
  CHECK(carc_game_save_public(nullptr, small, sizeof small) == CARC_EINVAL);
  CHECK(carc_game_save_public(g.get(), nullptr, 5) == CARC_EINVAL);
}
