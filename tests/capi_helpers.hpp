// Helpers for the C ABI tests: games as owned handles, and everything a game shows
// through the ABI as one comparable text, so "the game is unchanged" is one assertion.
#pragma once

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "carcassonne/carcassonne.h"

namespace capi_test {

using GamePtr = std::unique_ptr<carc_game, decltype(&carc_game_free)>;

inline GamePtr make(int players, uint64_t seed) {
  carc_game* g = nullptr;
  REQUIRE(carc_game_new(&g, players, seed) == CARC_OK);
  return GamePtr(g, carc_game_free);
}

inline GamePtr make_order(int players, const char* tiles) {
  carc_game* g = nullptr;
  REQUIRE(carc_game_new_with_order(&g, players, tiles) == CARC_OK);
  return GamePtr(g, carc_game_free);
}

inline GamePtr clone(const carc_game* src) {
  carc_game* g = nullptr;
  REQUIRE(carc_game_clone(&g, src) == CARC_OK);
  return GamePtr(g, carc_game_free);
}

inline std::string errmsg(const carc_game* g) { return carc_game_errmsg(g); }

// The game's record through carc_game_save (or another call that writes text the same
// way, such as carc_game_save_public), sized by a first call.
inline std::string save(const carc_game* g, int (*write)(const carc_game*, char*, size_t) = carc_game_save) {
  const int n = write(g, nullptr, 0);
  REQUIRE(n > 0);
  std::string text(static_cast<size_t>(n) + 1, '?');
  REQUIRE(write(g, text.data(), text.size()) == n);
  text.resize(static_cast<size_t>(n));
  return text;
}

// A game loaded from a record that must load.
inline GamePtr load(const std::string& text) {
  carc_game* g = nullptr;
  int line = -1;
  const int s = carc_game_load(&g, text.c_str(), &line);
  INFO(carc_game_errmsg(nullptr) << "\n" << text);
  REQUIRE(s == CARC_OK);
  REQUIRE(line == 0);
  return GamePtr(g, carc_game_free);
}

// The tile type with this id, which must exist.
inline int tile_id(const char* name) {
  const int t = carc_tile_from_name(name);
  REQUIRE(t >= 0);
  return t;
}

// A two-player game from a record header (options and a draw order) and some whole turns,
// each of which must be legal.
inline GamePtr position(const std::string& header, const std::vector<const char*>& moves) {
  GamePtr g = load("carcassonne-record 1\nplayers 2\n" + header);
  for (const char* m : moves) {
    INFO(m);
    REQUIRE(carc_game_play_text(g.get(), m) == CARC_OK);
  }
  return g;
}

// Everything the C ABI shows of a game, as text (events excluded: reading them consumes).
inline std::string snapshot(const carc_game* g) {
  std::string s;
  auto add = [&](const char* what, long v) { s += fmt::format("{}={} ", what, v); };
  const int players = carc_game_players(g);
  add("players", players);
  add("player", carc_game_current_player(g));
  add("phase", carc_game_phase(g));
  add("tile", carc_game_current_tile(g));
  add("winners", carc_game_winners(g));
  add("bonus_turn", carc_game_bonus_turn(g));
  for (int o = CARC_OPT_FARMERS; o <= CARC_OPT_TRADERS_AND_BUILDERS; ++o) add("option", carc_game_option(g, o));
  for (int p = 0; p < players; ++p) {
    add("score", carc_game_score(g, p));
    add("supply", carc_game_supply(g, p));
    for (int f = CARC_FIGURE_LARGE; f <= CARC_FIGURE_PIG; ++f) add("figures", carc_game_figure_supply(g, p, f));
    for (int k = CARC_GOODS_WINE; k <= CARC_GOODS_CLOTH; ++k) {
      int n = -1;
      REQUIRE(carc_game_goods(g, p, k, &n) == CARC_OK);
      add("goods", n);
    }
  }
  int32_t scores[CARC_MAX_PLAYERS];
  REQUIRE(carc_game_projected_scores(g, scores, CARC_MAX_PLAYERS) == CARC_OK);
  for (int p = 0; p < players; ++p) add("projected", scores[p]);
  add("remaining", carc_game_tiles_remaining(g));
  int32_t counts[CARC_TILE_TYPES];
  REQUIRE(carc_game_tiles_remaining_by_type(g, counts, CARC_TILE_TYPES) == CARC_OK);
  for (int32_t c : counts) add("r", c);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int n = -1;
  add("placements_status", carc_game_placements(g, moves, CARC_MAX_PLACEMENTS, &n));
  for (int i = 0; i < n; ++i) add("m", static_cast<long>(moves[i]));
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  add("locations_status", carc_game_meeple_locations(g, locs, CARC_MAX_MEEPLE_LOCATIONS, &n));
  for (int i = 0; i < n; ++i) add("l", locs[i]);
  carc_move actions[CARC_MAX_FIGURE_ACTIONS];
  add("actions_status", carc_game_figure_actions(g, actions, CARC_MAX_FIGURE_ACTIONS, &n));
  for (int i = 0; i < n; ++i) add("a", static_cast<long>(actions[i]));
  const int tiles = carc_game_tile_count(g);
  for (int i = 0; i < tiles; ++i) {
    int x, y, t, r;
    REQUIRE(carc_game_tile(g, i, &x, &y, &t, &r) == CARC_OK);
    s += fmt::format("T{},{}:{}/{} ", x, y, t, r);
  }
  const int meeples = carc_game_meeple_count(g);
  for (int i = 0; i < meeples; ++i) {
    int p, x, y, l, f;
    REQUIRE(carc_game_meeple(g, i, &p, &x, &y, &l, &f) == CARC_OK);
    s += fmt::format("M{}@{},{}:{}/{} ", p, x, y, l, f);
  }
  int32_t cells[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
  REQUIRE(carc_game_frontier(g, cells, CARC_MAX_FRONTIER, &n) == CARC_OK);
  for (int i = 0; i < n; ++i) {
    const int32_t* c = cells + CARC_CELL_FIELDS * i;
    s += fmt::format("F{},{}:{}/{} ", c[CARC_CELL_X], c[CARC_CELL_Y], c[CARC_CELL_DEAD], c[CARC_CELL_RIVER]);
  }
  int rx = 0, ry = 0, rside = 0;
  add("river", carc_game_river_end(g, &rx, &ry, &rside));
  s += fmt::format("R{},{}:{} ", rx, ry, rside);
  add("turns", carc_game_turns_played(g));
  s += '\n';
  s += save(g);  // the record: the seed or order and every move
  return s;
}

using EventFields = std::array<int32_t, CARC_EVENT_FIELDS>;

inline std::vector<EventFields> drain_events(carc_game* g) {
  std::vector<EventFields> out;
  EventFields f{};
  int r;
  while ((r = carc_game_poll_event(g, f.data(), CARC_EVENT_FIELDS)) == 1) out.push_back(f);
  REQUIRE(r == 0);
  return out;
}

// The game shows the same as `before` and, played out with the same seed, ends the same:
// hidden state (the draw pile, queued events) is unchanged too.
inline void require_unchanged(const carc_game* g, const carc_game* before) {
  REQUIRE(snapshot(g) == snapshot(before));
  GamePtr a = clone(g), b = clone(before);
  REQUIRE(carc_game_playout(a.get(), 99, 0) == CARC_OK);
  REQUIRE(carc_game_playout(b.get(), 99, 0) == CARC_OK);
  REQUIRE(snapshot(a.get()) == snapshot(b.get()));
  REQUIRE(drain_events(a.get()) == drain_events(b.get()));
}

inline carc_move move_of(const char* text) {
  carc_move m = CARC_MOVE_INVALID;
  REQUIRE(carc_move_parse(text, &m) == CARC_OK);
  return m;
}

}  // namespace capi_test
