// The C ABI over carc::Game (the reinforcement-learning calls are in carcassonne_rl.cpp;
// capi_internal.hpp holds what both share). A handle holds the game and its queue of unread events;
// error messages live with the calling thread (header, "Errors" and "Threads"), so a call
// on a const game never writes to it and one position may be searched from many threads.
// Every entry point that calls into C++ is one exception barrier (guarded / with_game),
// which also hands the body its function's name for the messages; the few that only do
// integer arithmetic cannot throw. Each call validates everything before it changes
// anything, so a failed call leaves the game as it was (carc::Game::place, deploy and play
// already promise that themselves).
#include "carcassonne/carcassonne.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "capi_internal.hpp"
#include "carcassonne/carcassonne.hpp"

using namespace carc::capi;  // the shared helpers (capi_internal.hpp)

// The header's numbers are the engine's: tests/test_capi_numbers.cpp checks each at compile time.

namespace {

// A move is played only with its own tile, `current`; this is the failure for a move of
// another. In the bonus phase `current` is the tile that draws, which stays unnamed (the
// face-down order is hidden).
int other_tile(const Call& c, int status, const carc::Game& game, const Unpacked& u, carc::TileType current) {
  if (game.phase() == carc::Phase::Decide)
    return c.fail(status, "the move is for tile %s, which is not the bonus tile that draws", carc::tile_name(u.tile).data());
  return c.fail(status, "the move is for tile %s but the current tile is %s", carc::tile_name(u.tile).data(),
                carc::tile_name(current).data());
}

// The move's tile is the tile in hand.
int check_move_tile(const Call& c, const carc_game& g, const Unpacked& u) {
  const carc::TileType current = g.game.current_tile();
  return u.tile == current ? CARC_OK : other_tile(c, CARC_EILLEGAL, g.game, u, current);
}

// Plays a whole turn; the move must be for the tile its turn places (move_start).
int play_move(const Call& c, carc_game& g, const Unpacked& u) {
  const carc::Phase phase = g.game.phase();
  const carc::TileType tile = carc::at_move_start(g.game, [](const carc::Game* at) { return at ? at->current_tile() : carc::kNoTile; });
  const bool at = tile != carc::kNoTile;
  if (!at && phase == carc::Phase::Decide && g.game.caller_draws())
    return c.fail(CARC_EPHASE, "%s: decide (carc_game_decide) and draw (carc_game_draw) first", phase_text(g.game).c_str());
  if (!at && phase == carc::Phase::Decide)
    return c.fail(CARC_EPHASE, "%s, and no move follows (no tile left fits anywhere): decide with carc_game_decide",
                  phase_text(g.game).c_str());
  if (!at) return c.fail(CARC_EPHASE, "a turn starts in the tile phase, but %s", phase_text(g.game).c_str());
  if (u.tile != tile) return other_tile(c, CARC_EILLEGAL, g.game, u, tile);
  carc::Verdict why;
  const carc::Status s = g.game.play(u.move, &g.events, &why);
  if (s != carc::Status::Ok)
    return c.fail(status_of(s), "%s: %s", carc::format_move(u.tile, u.move).c_str(), carc::describe(why).c_str());
  return check_queue(c, g);
}

// Checks a fixed-size array argument: not NULL, a capacity of at least `needed` (the
// message: "<name> holds 23 values but <what> 24").
int check_array(const Call& c, const void* buf, const char* name, int capacity, int needed, const char* what) {
  if (!buf) return c.fail(CARC_EINVAL, "%s is NULL", name);
  if (const int s = check_capacity(c, capacity)) return s;
  if (capacity < needed) return c.fail(CARC_ERANGE, "%s holds %d values but %s %d", name, capacity, what, needed);
  return CARC_OK;
}

int check_player(const Call& c, const carc_game& g, int player) {
  if (player < 0 || player >= g.game.players())
    return c.fail(CARC_EINVAL, "player %d is not 0..%d", player, g.game.players() - 1);
  return CARC_OK;
}

int check_tile(const Call& c, int tile) {
  if (tile < 0 || tile >= carc::kTileTypes) return c.fail(CARC_EINVAL, "tile %d is not 0..%d", tile, carc::kTileTypes - 1);
  return CARC_OK;
}

// A rotation in degrees; its quarter turns to *quarters.
int check_rotation(const Call& c, int rotation, int& quarters) {
  if (!degrees_to_quarters(rotation, quarters))
    return c.fail(CARC_EINVAL, "rotation %d is not 0, 90, 180 or 270 degrees", rotation);
  return CARC_OK;
}

int check_pixels(const Call& c, const char* name, int pixels) {
  if (pixels < CARC_MIN_TILE_PIXELS || pixels > CARC_MAX_TILE_PIXELS)
    return c.fail(CARC_EINVAL, "%s %d is not %d..%d", name, pixels, CARC_MIN_TILE_PIXELS, CARC_MAX_TILE_PIXELS);
  return CARC_OK;
}

// How many events a game's own history made, replayed as the game made it.
int history_events(const carc::Game& game) {
  int events = 0;
  carc::walk_history(game, {}, [&](const carc::HistoryStep&, const carc::Game&, carc::Events& ev) {
    events += ev.count + ev.dropped;
  });
  return events;
}

// Replaces the game with `back`, an earlier state of its own history, and keeps only the
// unread events that happened before it. Unread events are always the newest of the game's
// history, so counting the events of both histories says which of them to keep; the queue
// then holds no more than one game's events, as its capacity requires.
void go_back(carc_game& g, const carc::Game& back) {
  const int unread = g.events.count - g.next_event;
  const int first_unread = history_events(g.game) - unread;  // its place in the history
  const int keep = std::clamp(history_events(back) - first_unread, 0, unread);
  g.game = back;
  g.events.count = g.next_event + keep;
  if (keep == 0) {
    g.events.clear();
    g.next_event = 0;
  }
}

// The location of a feature to look at: one of the 14, never CARC_LOC_NONE.
int check_feature_location(const Call& c, int location) {
  if (location < 0 || location >= carc::kLocationCount)
    return c.fail(CARC_EINVAL, "location %d is not 0..%d", location, carc::kLocationCount - 1);
  return CARC_OK;
}

// Checks a (scores, capacity) pair: room for every player's score.
int check_scores(const Call& c, const carc_game& g, const int32_t* scores, int capacity) {
  if (!scores) return c.fail(CARC_EINVAL, "scores is NULL");
  if (const int s = check_capacity(c, capacity)) return s;
  if (capacity < g.game.players())
    return c.fail(CARC_ERANGE, "scores holds %d values but the game has %d players", capacity, g.game.players());
  return CARC_OK;
}

void write_scores(const carc_game& g, const std::array<int32_t, carc::kMaxPlayers>& s, int32_t* scores) {
  for (int p = 0; p < g.game.players(); ++p) scores[p] = s[static_cast<size_t>(p)];
}

// carc::location_name and carc::feature_kind_name return views of string literals, so
// their data is NUL-terminated and static, as the C names must be.
const char* c_name(std::string_view literal) { return literal.data(); }

// The names of the figure kinds `is` holds for, from the library's lists (as the bindings
// show them), for an error that says which kinds a call takes.
template <class Is>
std::string figure_names(Is is) {
  std::string names;
  for (int f = 0; f < carc::kFigureValues; ++f)
    if (is(f)) names += (names.empty() ? "" : ", ") + std::string(carc_figure_name(f));
  return names;
}

}  // namespace

extern "C" {

// ---------------------------------------------------------------- moves

carc_move carc_move_pack(int tile, int x, int y, int rotation, int figure, int location) {
  int quarters = 0;
  if (tile < 0 || tile >= carc::kTileTypes || x < -128 || x > 127 || y < -128 || y > 127 ||
      !degrees_to_quarters(rotation, quarters) || !valid_action(figure, location))
    return CARC_MOVE_INVALID;
  const carc_move m = pack(static_cast<carc::TileType>(tile),
                           carc::Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(quarters)},
                           static_cast<carc::Location>(location), static_cast<carc::Figure>(figure));
  // What unpack refuses of values in range (a turned abbey) is no move either.
  Unpacked u;
  return unpack(m, u) ? m : CARC_MOVE_INVALID;
}

int carc_move_unpack(carc_move move, int* tile, int* x, int* y, int* rotation, int* figure, int* location) {
  Unpacked u;
  if (!unpack(move, u))
    return Call{__func__}.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
  if (tile) *tile = u.tile;
  if (x) *x = u.move.at.x;
  if (y) *y = u.move.at.y;
  if (rotation) *rotation = 90 * u.move.at.rot;
  if (figure) *figure = static_cast<int>(u.move.figure);
  if (location) *location = static_cast<int>(u.move.meeple);
  return CARC_OK;
}

int carc_move_format(carc_move move, char* buf, size_t size) {
  return guarded(__func__, [&](const Call& c) -> int {
    Unpacked u;
    if (!unpack(move, u)) return c.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
    if (const int s = check_text(c, buf, size)) return s;
    return write_text(c, carc::format_move(u.tile, u.move), buf, size);
  });
}

int carc_move_parse(const char* text, carc_move* move) {
  return guarded(__func__, [&](const Call& c) -> int {
    if (!text) return c.fail(CARC_EINVAL, "text is NULL");
    if (!move) return c.fail(CARC_EINVAL, "move is NULL");
    carc::TileType tile;
    carc::Move m;
    std::string error;
    if (!carc::parse_move(text, tile, m, &error)) return c.fail(CARC_EINVAL, "%s", error.c_str());
    *move = pack(tile, m);
    return CARC_OK;
  });
}

const char* carc_location_name(int location) {
  if (!valid_location(location) && location != CARC_LOC_TW) return nullptr;
  return c_name(carc::location_name(static_cast<carc::Location>(location)));
}

const char* carc_feature_name(int kind) {
  if (kind < CARC_FEATURE_ROAD || kind > CARC_FEATURE_GARDEN) return nullptr;
  return c_name(carc::feature_kind_name(static_cast<carc::FeatureKind>(kind)));
}

const char* carc_figure_name(int figure) {
  if (reach_of(figure) == 0) return nullptr;
  return c_name(carc::figure_name(static_cast<carc::Figure>(figure)));
}

int carc_figure_reach(int figure) { return reach_of(figure); }

// Tile ids are views of the generated rows' string literals: NUL-terminated and static.
const char* carc_tile_name(int tile) {
  if (tile < 0 || tile >= carc::kTileTypes) return nullptr;
  return c_name(carc::tile_name(static_cast<carc::TileType>(tile)));
}

int carc_tile_from_name(const char* name) {
  return guarded(__func__, [&](const Call& c) -> int {
    if (!name) return c.fail(CARC_EINVAL, "name is NULL");
    const carc::TileType t = carc::tile_from_name(name);
    if (t == carc::kNoTile) return c.fail(CARC_EINVAL, "'%s' is not a tile id", carc::echo(name).c_str());
    return t;
  });
}

int carc_tile_set(int tile) {
  return guarded(__func__, [&](const Call& c) -> int {
    if (const int s = check_tile(c, tile)) return s;
    return static_cast<int>(carc::tiles::kDefs[static_cast<size_t>(tile)].set);
  });
}

const char* carc_why_text(int why) {
  if (why < CARC_LEGAL || why > CARC_WHY_RANSOM_COMMITS) return nullptr;
  return c_name(carc::reason_text(static_cast<carc::Illegal>(why)));
}

// ---------------------------------------------------------------- versions and errors

#define CARC_STR2(x) #x
#define CARC_STR(x) CARC_STR2(x)

int carc_version_number(void) { return CARC_VERSION_NUMBER; }

const char* carc_version_string(void) {
  return CARC_STR(CARC_VERSION_MAJOR) "." CARC_STR(CARC_VERSION_MINOR) "." CARC_STR(CARC_VERSION_PATCH);
}

const char* carc_errstr(int status) {
  switch (status) {
    case CARC_OK: return "ok";
    case CARC_EINVAL: return "invalid argument";
    case CARC_EILLEGAL: return "illegal move";
    case CARC_EPHASE: return "wrong phase";
    case CARC_ERANGE: return "buffer too small";
    case CARC_ENOMEM: return "out of memory";
    case CARC_EINTERNAL: return "internal error";
    default: return "unknown status";
  }
}

// The game is not consulted: messages live with the thread (header, "Errors").
const char* carc_game_errmsg(const carc_game*) { return t_error; }

// ---------------------------------------------------------------- games

int carc_game_new(carc_game** out, int players, uint64_t seed) {
  if (!out) return Call{__func__}.fail(CARC_EINVAL, "out is NULL");
  *out = nullptr;
  return guarded(__func__, [&](const Call&) -> int {
    *out = new carc_game(std::in_place, players, seed);
    return CARC_OK;
  });
}

namespace {
// The tiles of an order or a pile (notation.hpp's grammar; one run of letters is 0.1's form)
// into tiles. Returns the count, or a failed status.
int read_tiles(const Call& c, const char* text, carc::TileType (&tiles)[carc::kMaxDeck]) {
  carc::PileReader reader(text, carc::LetterRuns::WholeText);
  int n = 0;
  for (carc::TileType t; reader.next(t);) {
    if (n == carc::kMaxDeck) return c.fail(CARC_EINVAL, "a draw order holds at most %d tiles", carc::kMaxDeck);
    tiles[n++] = t;
  }
  if (!reader.bad().empty())
    return c.fail(CARC_EINVAL, "'%s' at offset %zu is not a tile id%s", carc::echo(reader.bad()).c_str(),
                  reader.bad_offset(), reader.hint());
  return n;
}
}  // namespace

int carc_game_new_with_order(carc_game** out, int players, const char* tiles) {
  if (!out) return Call{__func__}.fail(CARC_EINVAL, "out is NULL");
  *out = nullptr;
  if (!tiles) return Call{__func__}.fail(CARC_EINVAL, "tiles is NULL");
  return guarded(__func__, [&](const Call& c) -> int {
    carc::TileType order[carc::kMaxDeck];
    const int n = read_tiles(c, tiles, order);
    if (n < 0) return n;
    const std::span<const carc::TileType> tiles_read(order, static_cast<size_t>(n));
    *out = new carc_game(std::in_place, players, tiles_read, carc::expansions_of(tiles_read));
    return CARC_OK;
  });
}

int carc_game_new_caller_draws(carc_game** out, int players, const char* tiles) {
  if (!out) return Call{__func__}.fail(CARC_EINVAL, "out is NULL");
  *out = nullptr;
  return guarded(__func__, [&](const Call& c) -> int {
    if (!tiles) {
      *out = new carc_game(std::in_place, players, carc::CallerDraws{});
      return CARC_OK;
    }
    carc::TileType pile[carc::kMaxDeck];
    const int n = read_tiles(c, tiles, pile);
    if (n < 0) return n;
    const std::span<const carc::TileType> tiles_read(pile, static_cast<size_t>(n));
    *out = new carc_game(std::in_place, players, carc::CallerDraws{}, tiles_read, carc::expansions_of(tiles_read));
    return CARC_OK;
  });
}

int carc_game_clone(carc_game** out, const carc_game* game) {
  if (!out) return Call{__func__}.fail(CARC_EINVAL, "out is NULL");
  *out = nullptr;
  return with_game(game, __func__, [&](const Call&, const carc_game& g) -> int {
    carc_game* copy = new carc_game(g.game);
    copy->assign(g);
    *out = copy;
    return CARC_OK;
  });
}

int carc_game_copy(carc_game* dst, const carc_game* src) {
  return with_game(dst, __func__, [&](const Call& c, carc_game& g) -> int {
    if (!src) return c.fail(CARC_EINVAL, "src is NULL");
    if (src != &g) g.assign(*src);
    return CARC_OK;
  });
}

void carc_game_free(carc_game* game) { delete game; }

int carc_game_set_option(carc_game* game, int option, int value) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    if (value != 0 && value != 1) return c.fail(CARC_EINVAL, "value %d is not 0 or 1", value);
    const carc::OptionInfo* info = carc::find_option(option);
    if (!info) return c.fail(CARC_EINVAL, "%d is not an option (CARC_OPT_*)", option);
    carc::Options o = g.game.options();
    o.*info->field = value == 1;
    std::string error;
    const carc::Status s = carc::with_options(g.game, o, g.game, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    return CARC_OK;
  });
}

int carc_game_option(const carc_game* game, int option) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    const carc::OptionInfo* info = carc::find_option(option);
    if (!info) return c.fail(CARC_EINVAL, "%d is not an option (CARC_OPT_*)", option);
    return g.game.options().*info->field ? 1 : 0;
  });
}

// ---------------------------------------------------------------- the state

int carc_game_players(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return g.game.players(); });
}

int carc_game_current_player(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return g.game.current_player(); });
}

int carc_game_phase(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return static_cast<int>(g.game.phase()); });
}

int carc_game_current_tile(const carc_game* game) {
  return with_game(game, __func__, [](const Call& c, const carc_game& g) -> int {
    if (g.game.over()) return c.fail(CARC_EPHASE, "the game is over");
    if (g.game.phase() == carc::Phase::Draw || g.game.phase() == carc::Phase::Decide)
      return c.fail(CARC_EPHASE, "no tile is in hand: %s", phase_text(g.game).c_str());
    return static_cast<int>(g.game.current_tile());
  });
}

int carc_game_score(const carc_game* game, int player) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_player(c, g, player)) return s;
    return g.game.score(player);
  });
}

int carc_game_supply(const carc_game* game, int player) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_player(c, g, player)) return s;
    return g.game.supply(player);
  });
}

int carc_game_figure_supply(const carc_game* game, int player, int figure) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_player(c, g, player)) return s;
    if (!supply_figure(figure))
      return c.fail(CARC_EINVAL, "figure %d is not a kind with a supply (%s)", figure, figure_names(supply_figure).c_str());
    return g.game.supply(player, static_cast<carc::Figure>(figure));
  });
}

int carc_game_goods(const carc_game* game, int player, int kind, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!count) return c.fail(CARC_EINVAL, "count is NULL");
    if (const int s = check_player(c, g, player)) return s;
    if (kind < CARC_GOODS_WINE || kind > CARC_GOODS_CLOTH)
      return c.fail(CARC_EINVAL, "kind %d is not a kind of goods (CARC_GOODS_WINE..CARC_GOODS_CLOTH)", kind);
    *count = g.game.goods(player, static_cast<carc::Goods>(kind));
    return CARC_OK;
  });
}

int carc_game_tower_pieces(const carc_game* game, int player) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_player(c, g, player)) return s;
    return g.game.tower_pieces(player);
  });
}

int carc_game_tower_at(const carc_game* game, int x, int y, int* height, int* owner, int* figure) {
  return with_game(game, __func__, [&](const Call&, const carc_game& g) -> int {
    int h = 0, o = -1;
    carc::Figure f = carc::Figure::Meeple;
    if (!g.game.tower_at(x, y, h, o, f)) return 0;
    if (height) *height = h;
    if (owner) *owner = o;
    if (figure) *figure = static_cast<int>(f);
    return 1;
  });
}

int carc_game_holds_abbey(const carc_game* game, int player) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_player(c, g, player)) return s;
    return g.game.holds_abbey(player) ? 1 : 0;
  });
}

int carc_game_barn(const carc_game* game, int index, int* x, int* y, int* owner) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (index < 0) return c.fail(CARC_EINVAL, "barn index %d is negative", index);
    int bx = 0, by = 0, o = 0;
    if (!g.game.barn(index, bx, by, o)) return 0;
    if (x) *x = bx;
    if (y) *y = by;
    if (owner) *owner = o;
    return 1;
  });
}

int carc_game_prisoners(const carc_game* game, int holder, int owner, int figure) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_player(c, g, holder)) return s;
    if (const int s = check_player(c, g, owner)) return s;
    const auto captured = [](int f) { return reach_of(f) != 0 && carc::tower_captures(static_cast<carc::Figure>(f)); };
    if (!captured(figure))
      return c.fail(CARC_EINVAL, "figure %d is not a kind a tower captures (%s)", figure, figure_names(captured).c_str());
    return g.game.prisoners(holder, owner, static_cast<carc::Figure>(figure));
  });
}

int carc_game_bonus_turn(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return g.game.bonus_turn() ? 1 : 0; });
}

int carc_game_tiles_remaining(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return g.game.tiles_in_pile(); });
}

int carc_game_tiles_remaining_by_type(const carc_game* game, int32_t* counts, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_array(c, counts, "counts", capacity, carc::kTileTypes, "needs")) return s;
    std::array<int, carc::kTileTypes> remaining;
    carc::remaining_tiles(g.game, remaining);
    for (int t = 0; t < carc::kTileTypes; ++t) counts[t] = remaining[static_cast<size_t>(t)];
    return CARC_OK;
  });
}

int carc_game_winners(const carc_game* game) {
  return with_game(game, __func__, [](const Call& c, const carc_game& g) -> int {
    if (!g.game.over()) return c.fail(CARC_EPHASE, "the game is not over yet");
    return static_cast<int>(g.game.leaders());
  });
}

// ---------------------------------------------------------------- a turn

int carc_game_placements(const carc_game* game, carc_move* moves, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, moves, capacity, count)) return s;
    if (g.game.phase() != carc::Phase::PlaceTile) {
      *count = 0;
      return c.fail(CARC_EPHASE, "placements are listed in the tile phase, but %s", phase_text(g.game).c_str());
    }
    const carc::TileType tile = g.game.current_tile();
    const carc_move bits = pack(tile, carc::Placement{}, carc::Location::None);
    // The core writes exactly the moves, straight into the caller's buffer: at once into one
    // that holds any list (what clients pass), else after the board's count says they fit.
    if (moves && capacity >= carc::kMaxPlacements) {
      *count = g.game.packed_placements(moves, bits);
      return CARC_OK;
    }
    const int n = g.game.placement_count(tile);
    *count = n;
    if (!moves) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d placements but room for %d", n, capacity);
    g.game.packed_placements(moves, bits);
    return CARC_OK;
  });
}

int carc_game_placements_for(const carc_game* game, int tile, carc_move* moves, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, moves, capacity, count)) return s;
    if (const int s = check_tile(c, tile)) return s;
    const auto t = static_cast<carc::TileType>(tile);
    carc::PlacementBuffer buf;
    const int n = g.game.placements_for(t, buf);
    *count = n;
    if (!moves) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d placements but room for %d", n, capacity);
    for (int i = 0; i < n; ++i) moves[i] = pack(t, buf[i], carc::Location::None);
    return CARC_OK;
  });
}

int carc_game_place(carc_game* game, carc_move move) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    // What clients mostly send, a legal placement as listed, is placed at once; anything
    // else goes through the checks below, which say what is wrong (place changes nothing
    // when it fails).
    if (g.game.phase() == carc::Phase::PlaceTile && listed_placement(move, g.game.current_tile()) &&
        g.game.place(placement_of(move)) == carc::Status::Ok)
      return CARC_OK;
    Unpacked u;
    if (!unpack(move, u)) return c.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
    if (!bare(u.move))
      return c.fail(CARC_EINVAL, "the move carries a figure action; take it with carc_game_act or play the whole turn "
                                 "with carc_game_play");
    if (g.game.phase() != carc::Phase::PlaceTile)
      return c.fail(CARC_EPHASE, "tiles are placed in the tile phase, but %s", phase_text(g.game).c_str());
    if (const int s = check_move_tile(c, g, u)) return s;
    carc::Verdict why;
    const carc::Status s = g.game.place(u.move.at, &why);
    if (s != carc::Status::Ok)
      return c.fail(status_of(s), "%s: %s", carc::format_move(u.tile, u.move).c_str(), carc::describe(why).c_str());
    return CARC_OK;
  });
}

int carc_game_meeple_locations(const carc_game* game, int32_t* locations, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, locations, capacity, count)) return s;
    if (g.game.phase() != carc::Phase::PlaceMeeple) {
      *count = 0;
      return c.fail(CARC_EPHASE, "meeple locations are listed in the meeple phase, but %s", phase_text(g.game).c_str());
    }
    carc::Location buf[carc::kMaxMeepleOptions];
    const int n = g.game.meeple_options(buf);
    *count = n;
    if (!locations) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d locations but room for %d", n, capacity);
    for (int i = 0; i < n; ++i) locations[i] = static_cast<int32_t>(buf[i]);
    return CARC_OK;
  });
}

int carc_game_meeple_locations_for(const carc_game* game, carc_move move, int32_t* locations, int capacity,
                                   int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, locations, capacity, count)) return s;
    *count = 0;
    Unpacked u;
    if (!unpack(move, u)) return c.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
    if (g.game.phase() != carc::Phase::PlaceTile)
      return c.fail(CARC_EPHASE, "a placement is tried in the tile phase, but %s", phase_text(g.game).c_str());
    if (const int s = check_move_tile(c, g, u)) return s;
    carc::Location buf[carc::kMaxMeepleOptions];
    carc::Verdict why;
    const int n = g.game.meeple_options_for(u.move.at, buf, &why);
    if (!why)
      return c.fail(CARC_EILLEGAL, "%s: %s", carc::format_move(u.tile, u.move).c_str(), carc::describe(why).c_str());
    *count = n;
    if (!locations) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d locations but room for %d", n, capacity);
    for (int i = 0; i < n; ++i) locations[i] = static_cast<int32_t>(buf[i]);
    return CARC_OK;
  });
}

namespace {
// The figure action on the tile just placed, for carc_game_deploy and carc_game_act.
int act(const Call& c, carc_game& g, int figure, int location) {
  if (!valid_action(figure, location))
    return c.fail(CARC_EINVAL, "figure %d at location %d is no figure action (CARC_FIGURE_*, CARC_LOC_*)", figure, location);
  carc::Verdict why;
  const carc::Status s = g.game.act(static_cast<carc::Figure>(figure), static_cast<carc::Location>(location), &g.events, &why);
  if (s == carc::Status::WrongPhase)
    return c.fail(CARC_EPHASE, "figures are deployed in the figure phase, but %s", phase_text(g.game).c_str());
  if (s != carc::Status::Ok)
    return c.fail(status_of(s), "%s at %s: %s", carc_figure_name(figure), carc_location_name(location),
                  carc::describe(why).c_str());
  return check_queue(c, g);
}

// Writes figure actions as moves of the tile just placed (or to be placed at `at`).
int write_actions(const Call& c, carc::TileType tile, carc::Placement at, const carc::FigureChoice* choices, int n,
                  carc_move* moves, int capacity, int* count) {
  *count = n;
  if (!moves) return CARC_OK;
  if (n > capacity) return c.fail(CARC_ERANGE, "%d figure actions but room for %d", n, capacity);
  for (int i = 0; i < n; ++i) moves[i] = pack(tile, at, choices[i]);
  return CARC_OK;
}
}  // namespace

int carc_game_deploy(carc_game* game, int location) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    if (!valid_location(location))
      return c.fail(CARC_EINVAL, "location %d is not 0..13 or CARC_LOC_NONE (15)", location);
    return act(c, g, CARC_FIGURE_MEEPLE, location);
  });
}

int carc_game_act(carc_game* game, int figure, int location) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int { return act(c, g, figure, location); });
}

int carc_game_skip(carc_game* game) { return carc_game_deploy(game, CARC_LOC_NONE); }

int carc_game_figure_actions(const carc_game* game, carc_move* moves, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, moves, capacity, count)) return s;
    *count = 0;
    if (g.game.phase() != carc::Phase::PlaceMeeple)
      return c.fail(CARC_EPHASE, "figure actions are listed in the figure phase, but %s", phase_text(g.game).c_str());
    carc::FigureBuffer buf;
    const int n = g.game.figure_options(buf);
    const carc::PlacedTile& pt = g.game.board().tile(g.game.board().tile_count() - 1);
    return write_actions(c, pt.type, carc::Placement{pt.x, pt.y, pt.rot}, buf, n, moves, capacity, count);
  });
}

int carc_game_figure_actions_for(const carc_game* game, carc_move move, carc_move* moves, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, moves, capacity, count)) return s;
    *count = 0;
    Unpacked u;
    if (!unpack(move, u)) return c.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
    if (g.game.phase() != carc::Phase::PlaceTile)
      return c.fail(CARC_EPHASE, "a placement is tried in the tile phase, but %s", phase_text(g.game).c_str());
    if (const int s = check_move_tile(c, g, u)) return s;
    carc::FigureBuffer buf;
    carc::Verdict why;
    const int n = g.game.figure_options_for(u.move.at, buf, &why);
    if (!why)
      return c.fail(CARC_EILLEGAL, "%s: %s", carc::format_move(u.tile, u.move).c_str(), carc::describe(why).c_str());
    const carc::Placement at{u.move.at.x, u.move.at.y, static_cast<uint8_t>(carc::tiles::canonical_rotation(u.tile, u.move.at.rot))};
    return write_actions(c, u.tile, at, buf, n, moves, capacity, count);
  });
}

int carc_game_check(const carc_game* game, carc_move move) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    Unpacked u;
    if (!unpack(move, u)) return c.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
    if (g.game.phase() == carc::Phase::PlaceMeeple) {
      const carc::PlacedTile& pt = g.game.board().tile(g.game.board().tile_count() - 1);
      if (u.tile != pt.type)
        return c.fail(CARC_EINVAL, "the move is for tile %s but the tile just placed is %s", carc::tile_name(u.tile).data(),
                      carc::tile_name(pt.type).data());
      return static_cast<int>(
          g.game.check_figure(carc::FigureChoice{u.move.figure, u.move.meeple, u.move.elsewhere, u.move.x, u.move.y}).reason);
    }
    // A whole turn, judged where carc_game_play would play it.
    return carc::at_move_start(g.game, [&](const carc::Game* at) {
      if (!at) return static_cast<int>(CARC_WHY_WRONG_PHASE);
      if (u.tile != at->current_tile()) return other_tile(c, CARC_EINVAL, g.game, u, at->current_tile());
      return static_cast<int>(at->check_move(u.move).reason);
    });
  });
}

int carc_game_play(carc_game* game, carc_move move) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    Unpacked u;
    if (!unpack(move, u)) return c.fail(CARC_EINVAL, "0x%016llx is not a valid move", static_cast<unsigned long long>(move));
    return play_move(c, g, u);
  });
}

namespace {
bool space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

// Declines the builder's bonus tile (carc_game_pass, and "pass" as move text).
int pass_bonus(const Call& c, carc_game& g) {
  carc::Verdict why;
  if (g.game.pass(&g.events, &why) != carc::Status::Ok)
    return c.fail(CARC_EPHASE, "%s: %s", carc::describe(why).c_str(), phase_text(g.game).c_str());
  return check_queue(c, g);
}
}  // namespace

int carc_game_play_text(carc_game* game, const char* text) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    if (!text) return c.fail(CARC_EINVAL, "text is NULL");
    Unpacked u;
    std::string error;
    std::string_view word(text);
    while (!word.empty() && space(word.front())) word.remove_prefix(1);
    while (!word.empty() && space(word.back())) word.remove_suffix(1);
    if (word == "pass") return pass_bonus(c, g);
    if (!carc::parse_move(text, u.tile, u.move, &error)) return c.fail(CARC_EINVAL, "%s", error.c_str());
    return play_move(c, g, u);
  });
}

int carc_game_take_bonus(carc_game* game) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    carc::Verdict why;
    if (g.game.take_bonus(&g.events, &why) != carc::Status::Ok)
      return c.fail(CARC_EPHASE, "%s: %s", carc::describe(why).c_str(), phase_text(g.game).c_str());
    return check_queue(c, g);
  });
}

int carc_game_pass(carc_game* game) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int { return pass_bonus(c, g); });
}

namespace {
// The future a playout flag asks for; a failed status for unknown flag bits.
int future_of(const Call& c, int flags, carc::Future& out) {
  if (flags & ~CARC_PLAYOUT_AS_DEALT) return c.fail(CARC_EINVAL, "unknown flag bits 0x%x (CARC_PLAYOUT_*)", flags);
  out = flags & CARC_PLAYOUT_AS_DEALT ? carc::Future::AsDealt : carc::Future::Sampled;
  return CARC_OK;
}
}  // namespace

int carc_game_playout(carc_game* game, uint64_t seed, int flags) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    carc::Future future = carc::Future::Sampled;
    if (const int s = future_of(c, flags, future)) return s;
    carc::Rng rng(seed);
    g.game.playout(rng, &g.events, future);
    return check_queue(c, g);
  });
}

int carc_game_rollouts(const carc_game* game, uint64_t seed, int count, int flags, int64_t* score_sums, int32_t* wins,
                       int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    carc::Future future = carc::Future::Sampled;
    if (const int s = future_of(c, flags, future)) return s;
    if (count < 0) return c.fail(CARC_EINVAL, "count %d is negative", count);
    if (!score_sums) return c.fail(CARC_EINVAL, "score_sums is NULL");
    if (!wins) return c.fail(CARC_EINVAL, "wins is NULL");
    if (const int s = check_capacity(c, capacity)) return s;
    const int players = g.game.players();
    if (capacity < players)
      return c.fail(CARC_ERANGE, "the arrays hold %d values but the game has %d players", capacity, players);
    std::array<int64_t, carc::kMaxPlayers> sums{};
    std::array<int32_t, carc::kMaxPlayers> won{};
    carc::Game work = g.game;
    for (int i = 0; i < count; ++i) {
      if (i > 0) work = g.game;
      carc::Rng rng(seed + static_cast<uint64_t>(i));
      work.playout(rng, nullptr, future);  // no events: nobody reads them
      const unsigned leaders = work.leaders();
      for (int p = 0; p < players; ++p) {
        sums[static_cast<size_t>(p)] += work.score(p);
        won[static_cast<size_t>(p)] += static_cast<int32_t>(leaders >> p & 1);
      }
    }
    for (int p = 0; p < players; ++p) {
      score_sums[p] = sums[static_cast<size_t>(p)];
      wins[p] = won[static_cast<size_t>(p)];
    }
    return CARC_OK;
  });
}

// ---------------------------------------------------------------- computer opponents

int carc_bot_choose(const carc_game* game, int level, int iterations, int milliseconds, int threads, uint64_t seed,
                    carc_move* move) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    carc::BotOptions options;
    if (const int s = bot_options(c, move, "move", level, iterations, milliseconds, threads, seed, options)) return s;
    std::string error;
    // The budget is an argument: a bad one is CARC_EINVAL in every phase, the bonus phase too.
    if (carc::check_bot_options(options, &error) != carc::Status::Ok) return c.fail(CARC_EINVAL, "%s", error.c_str());
    if (g.game.phase() == carc::Phase::Decide)
      return c.fail(CARC_EPHASE, "the game waits for player %d to %s: carc_bot_decide answers it", carc::decider(g.game),
                    carc::decision_prompt(g.game).c_str());
    carc::Move m;
    const carc::Status s = carc::choose_move(g.game, options, m, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    *move = pack(g.game.current_tile(), m);
    return CARC_OK;
  });
}

// ---------------------------------------------------------------- chance

int carc_game_draw(carc_game* game, int tile) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    if (tile < 0 || tile >= carc::kTileTypes) return c.fail(CARC_EINVAL, "tile type %d is not 0..%d", tile, carc::kTileTypes - 1);
    const auto t = static_cast<carc::TileType>(tile);
    if (g.game.phase() != carc::Phase::Draw)
      return c.fail(CARC_EPHASE, "a tile is drawn in the draw phase, but %s", phase_text(g.game).c_str());
    carc::Verdict why;
    if (g.game.draw(t, &g.events, &why) != carc::Status::Ok)
      return c.fail(CARC_EILLEGAL, "%s: %s", carc::tile_name(t).data(), carc::describe(why).c_str());
    return check_queue(c, g);
  });
}

int carc_game_redeal(carc_game* game, uint64_t seed) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    carc::Rng rng(seed);
    g.game.redeal(rng, &g.events);
    return check_queue(c, g);
  });
}

int carc_game_caller_draws(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return g.game.caller_draws() ? 1 : 0; });
}

// ---------------------------------------------------------------- events

int carc_game_poll_event(carc_game* game, int32_t* fields, int capacity) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    if (const int s = check_array(c, fields, "fields", capacity, CARC_EVENT_FIELDS_0_3, "an event needs")) return s;
    if (g.next_event >= g.events.count) return 0;
    const carc::Event& e = g.events.items[g.next_event++];
    // Straight into the caller's fields: built on the stack and copied, the copy's wide loads
    // waited for the narrow stores (a store-forwarding stall per event).
    if (e.type == carc::Event::Type::Discard) {
      for (int i = 0; i < CARC_EVENT_FIELDS_0_3; ++i) fields[i] = 0;
      fields[CARC_EV_TYPE] = static_cast<int32_t>(e.type);
      fields[CARC_EV_TILE] = CARC_NO_TILE;
      fields[CARC_EV_DISCARDED] = e.discarded;
    } else {
      fields[CARC_EV_TYPE] = static_cast<int32_t>(e.type);
      fields[CARC_EV_FEATURE] = static_cast<int32_t>(e.feature);
      fields[CARC_EV_POINTS] = e.points;
      fields[CARC_EV_WINNERS] = e.winners;
      fields[CARC_EV_END_GAME] = e.end_game ? 1 : 0;
      fields[CARC_EV_TILE] = e.tile == carc::kNoTile ? CARC_NO_TILE : e.tile;
      fields[CARC_EV_X] = e.x;
      fields[CARC_EV_Y] = e.y;
      fields[CARC_EV_LOCATION] = static_cast<int32_t>(e.location);
      fields[CARC_EV_TILES] = e.tiles;
      for (int p = 0; p < CARC_MAX_PLAYERS; ++p) fields[CARC_EV_MEEPLES + p] = e.meeples[static_cast<size_t>(p)];
      fields[CARC_EV_DISCARDED] = carc::Event::names_tile_type(e.type) ? e.discarded : CARC_NO_TILE;
      for (int k = 0; k < carc::kGoodsKinds; ++k) fields[CARC_EV_GOODS + k] = e.goods[static_cast<size_t>(k)];
    }
    if (capacity > CARC_EV_FIGURE) fields[CARC_EV_FIGURE] = static_cast<int32_t>(e.figure);  // a 0.3 caller's 20 fields end before it
    if (g.next_event == g.events.count) {
      g.events.clear();
      g.next_event = 0;
    }
    return 1;
  });
}

int carc_event_text(const int32_t* fields, int32_t count, char* buf, size_t size) {
  return guarded(__func__, [&](const Call& c) -> int {
    if (!fields) return c.fail(CARC_EINVAL, "fields is NULL");
    if (count < CARC_EVENT_FIELDS_0_3)
      return c.fail(CARC_EINVAL, "fields holds %d values but an event has %d", static_cast<int>(count), CARC_EVENT_FIELDS_0_3);
    std::array<int32_t, CARC_EVENT_FIELDS> all{};  // a 0.3 caller's fields end before the figure
    std::copy(fields, fields + std::min<int32_t>(count, CARC_EVENT_FIELDS), all.begin());
    fields = all.data();
    if (const int s = check_text(c, buf, size)) return s;
    // Each field within what the engine's Event holds, so that it converts back exactly.
    struct Range {
      int lo, hi;
    };
    std::array<Range, CARC_EVENT_FIELDS> ranges{};
    ranges[CARC_EV_TYPE] = {CARC_EVENT_SCORE, CARC_EVENT_BARN_HOME};
    ranges[CARC_EV_FEATURE] = {CARC_FEATURE_ROAD, CARC_FEATURE_GARDEN};
    ranges[CARC_EV_POINTS] = {0, INT16_MAX};
    ranges[CARC_EV_WINNERS] = {0, (1 << CARC_MAX_PLAYERS) - 1};
    ranges[CARC_EV_END_GAME] = {0, 1};
    ranges[CARC_EV_TILE] = ranges[CARC_EV_DISCARDED] = {CARC_NO_TILE, CARC_TILE_TYPES - 1};
    ranges[CARC_EV_X] = ranges[CARC_EV_Y] = {INT8_MIN, INT8_MAX};
    ranges[CARC_EV_LOCATION] = {0, CARC_LOC_NONE};  // every value a location: C .. CF, TW (a tower top), none
    ranges[CARC_EV_TILES] = {0, UINT8_MAX};
    for (int p = 0; p < CARC_MAX_PLAYERS; ++p) ranges[CARC_EV_MEEPLES + p] = {0, UINT8_MAX};
    for (int k = 0; k < carc::kGoodsKinds; ++k) ranges[CARC_EV_GOODS + k] = {0, UINT8_MAX};
    ranges[CARC_EV_FIGURE] = {CARC_FIGURE_MEEPLE, CARC_FIGURE_PRINCESS};
    for (int i = 0; i < CARC_EVENT_FIELDS; ++i)
      if (fields[i] < ranges[i].lo || fields[i] > ranges[i].hi)
        return c.fail(CARC_EINVAL, "field %d is %d, not %d..%d", i, static_cast<int>(fields[i]), ranges[i].lo, ranges[i].hi);
    const int type = fields[CARC_EV_TYPE], winners = fields[CARC_EV_WINNERS];
    const int goods = fields[CARC_EV_GOODS] + fields[CARC_EV_GOODS + 1] + fields[CARC_EV_GOODS + 2];
    if (type == CARC_EVENT_DISCARD && fields[CARC_EV_DISCARDED] == CARC_NO_TILE)
      return c.fail(CARC_EINVAL, "a discard names no discarded tile");
    if (winners == 0 && carc::Event::names_player(static_cast<carc::Event::Type>(type)))
      return c.fail(CARC_EINVAL, "event type %d names no player", type);
    if ((type == CARC_EVENT_GOODS || type == CARC_EVENT_BONUS) && (winners & (winners - 1)) != 0)
      return c.fail(CARC_EINVAL, "event type %d names more than one player (0x%x)", type, winners);
    if ((type == CARC_EVENT_GOODS || type == CARC_EVENT_GOODS_BONUS) && goods == 0)
      return c.fail(CARC_EINVAL, "event type %d names no goods", type);
    carc::Event e{};
    e.type = static_cast<carc::Event::Type>(type);
    e.feature = static_cast<carc::FeatureKind>(fields[CARC_EV_FEATURE]);
    e.end_game = fields[CARC_EV_END_GAME] == 1;
    e.discarded = fields[CARC_EV_DISCARDED] == CARC_NO_TILE ? carc::kNoTile : static_cast<carc::TileType>(fields[CARC_EV_DISCARDED]);
    e.tile = fields[CARC_EV_TILE] == CARC_NO_TILE ? carc::kNoTile : static_cast<carc::TileType>(fields[CARC_EV_TILE]);
    e.x = static_cast<int8_t>(fields[CARC_EV_X]);
    e.y = static_cast<int8_t>(fields[CARC_EV_Y]);
    e.location = static_cast<carc::Location>(fields[CARC_EV_LOCATION]);
    e.winners = static_cast<uint8_t>(winners);
    e.points = static_cast<int16_t>(fields[CARC_EV_POINTS]);
    e.tiles = static_cast<uint8_t>(fields[CARC_EV_TILES]);
    for (int p = 0; p < CARC_MAX_PLAYERS; ++p) e.meeples[static_cast<size_t>(p)] = static_cast<uint8_t>(fields[CARC_EV_MEEPLES + p]);
    for (int k = 0; k < carc::kGoodsKinds; ++k) e.goods[static_cast<size_t>(k)] = static_cast<uint8_t>(fields[CARC_EV_GOODS + k]);
    e.figure = static_cast<carc::Figure>(fields[CARC_EV_FIGURE]);
    return write_text(c, carc::describe(e), buf, size);
  });
}

// ---------------------------------------------------------------- the board

int carc_game_tile_count(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return g.game.board().tile_count(); });
}

int carc_game_tile(const carc_game* game, int index, int* x, int* y, int* tile, int* rotation) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!x || !y || !tile || !rotation) return c.fail(CARC_EINVAL, "an out pointer is NULL");
    const int n = g.game.board().tile_count();
    if (index < 0 || index >= n) return c.fail(CARC_EINVAL, "index %d is not 0..%d", index, n - 1);
    const carc::PlacedTile& t = g.game.board().tile(index);
    *x = t.x;
    *y = t.y;
    *tile = t.type;
    *rotation = 90 * t.rot;
    return CARC_OK;
  });
}

int carc_game_tile_at(const carc_game* game, int x, int y, int* tile, int* rotation) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!tile || !rotation) return c.fail(CARC_EINVAL, "an out pointer is NULL");
    const int i = g.game.board().tile_index_at(x, y);
    if (i < 0) return 0;
    const carc::PlacedTile& t = g.game.board().tile(i);
    *tile = t.type;
    *rotation = 90 * t.rot;
    return 1;
  });
}

int carc_game_feature_kind(const carc_game* game, int x, int y, int location) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_feature_location(c, location)) return s;
    const int i = g.game.board().tile_index_at(x, y);
    if (i < 0) return c.fail(CARC_EINVAL, "no tile at %d,%d", x, y);
    const carc::PlacedTile& t = g.game.board().tile(i);
    const uint8_t seg = carc::tiles::kOriented[t.type][t.rot].loc_seg[location];
    if (seg == carc::tiles::kNoSeg)
      return c.fail(CARC_EINVAL, "%s names no feature of the %s at %d,%d", carc_location_name(location),
                    carc::tile_name(t.type).data(), x, y);
    return static_cast<int>(carc::tiles::kDefs[t.type].segs[seg].kind);
  });
}

int carc_game_meeple_count(const carc_game* game) {
  return with_game(game, __func__,
                   [](const Call&, const carc_game& g) -> int { return static_cast<int>(g.game.meeples().size()); });
}

int carc_game_meeple(const carc_game* game, int index, int* player, int* x, int* y, int* location, int* figure) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!player || !x || !y || !location || !figure) return c.fail(CARC_EINVAL, "an out pointer is NULL");
    const auto meeples = g.game.meeples();
    const int n = static_cast<int>(meeples.size());
    if (index < 0 || index >= n) return c.fail(CARC_EINVAL, "index %d is not below the %d meeples", index, n);
    const carc::Meeple& m = meeples[static_cast<size_t>(index)];
    const carc::PlacedTile& t = g.game.board().tile(m.tile);
    *player = m.player;
    *x = t.x;
    *y = t.y;
    *location = static_cast<int>(m.location);
    *figure = static_cast<int>(m.kind);
    return CARC_OK;
  });
}

int carc_game_river_end(const carc_game* game, int* x, int* y, int* side) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!x || !y || !side) return c.fail(CARC_EINVAL, "an out pointer is NULL");
    int ex = 0, ey = 0;
    carc::Side entry = carc::North;
    if (!g.game.river_open(ex, ey, entry)) return 0;
    *x = ex;
    *y = ey;
    *side = static_cast<int>(entry);
    return 1;
  });
}

// ---------------------------------------------------------------- records and history

int carc_game_save(const carc_game* game, char* buf, size_t size) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_text(c, buf, size)) return s;
    return write_text(c, carc::save_record(g.game), buf, size);
  });
}

int carc_game_save_public(const carc_game* game, char* buf, size_t size) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_text(c, buf, size)) return s;
    return write_text(c, carc::save_record(g.game, carc::RecordForm::Public), buf, size);
  });
}

int carc_game_load(carc_game** out, const char* text, int* line) {
  if (line) *line = 0;
  if (!out) return Call{__func__}.fail(CARC_EINVAL, "out is NULL");
  *out = nullptr;
  if (!text) return Call{__func__}.fail(CARC_EINVAL, "text is NULL");
  return guarded(__func__, [&](const Call& c) -> int {
    carc::Game game(carc::kMinPlayers, 0);  // overwritten by a successful load
    carc::RecordError error;
    const carc::Status s = carc::load_record(text, game, &error);
    if (s != carc::Status::Ok) {
      if (line) *line = error.line;  // the loader refuses records of more than INT_MAX lines
      return c.fail(status_of(s), "%s", error.message().c_str());
    }
    *out = new carc_game(game);
    return CARC_OK;
  });
}

int carc_game_turns_played(const carc_game* game) {
  return with_game(game, __func__, [](const Call&, const carc_game& g) -> int { return carc::turns_played(g.game); });
}

int carc_game_turn_move(const carc_game* game, int turn, carc_move* move) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!move) return c.fail(CARC_EINVAL, "move is NULL");
    carc::TileType tile;
    carc::Move m;
    std::string error;
    const carc::Status s = carc::turn_move(g.game, turn, tile, m, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    *move = pack(tile, m);
    return CARC_OK;
  });
}

int carc_game_undo(carc_game* game) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    if (g.game.board().tile_count() == 1)
      return c.fail(CARC_EPHASE, "no tile has been placed yet: there is nothing to undo");
    carc::Game back = g.game;
    std::string error;
    const carc::Status s = carc::undo(g.game, back, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    go_back(g, back);
    return CARC_OK;
  });
}

int carc_game_rewind(carc_game* game, int turns) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    carc::Game back = g.game;
    std::string error;
    const carc::Status s = carc::rewind(g.game, turns, back, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    go_back(g, back);
    return CARC_OK;
  });
}

// ---------------------------------------------------------------- front-end queries

int carc_game_next_tile_probabilities(const carc_game* game, double* probabilities, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_array(c, probabilities, "probabilities", capacity, carc::kTileTypes, "needs")) return s;
    std::array<double, carc::kTileTypes> p;
    carc::next_tile_probabilities(g.game, p);
    for (int t = 0; t < carc::kTileTypes; ++t) probabilities[t] = p[static_cast<size_t>(t)];
    return CARC_OK;
  });
}

int carc_game_frontier(const carc_game* game, int32_t* cells, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, cells, capacity, count)) return s;
    carc::FrontierCell buf[carc::Board::kMaxOpen + 1];
    const int n = carc::frontier(g.game, buf);
    *count = n;
    if (!cells) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d open cells but room for %d", n, capacity);
    for (int i = 0; i < n; ++i) {
      int32_t* cell = cells + static_cast<ptrdiff_t>(i) * CARC_CELL_FIELDS;
      cell[CARC_CELL_X] = buf[i].x;
      cell[CARC_CELL_Y] = buf[i].y;
      cell[CARC_CELL_DEAD] = buf[i].dead ? 1 : 0;
      cell[CARC_CELL_RIVER] = buf[i].river;
    }
    return CARC_OK;
  });
}

int carc_game_fitting_rotations(const carc_game* game, int tile, int x, int y) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_tile(c, tile)) return s;
    return carc::fitting_rotations(g.game, static_cast<carc::TileType>(tile), x, y);
  });
}

int carc_game_scores(const carc_game* game, int32_t* scores, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_scores(c, g, scores, capacity)) return s;
    write_scores(g, carc::current_scores(g.game), scores);
    return CARC_OK;
  });
}

int carc_game_banked_scores(const carc_game* game, int32_t* scores, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_scores(c, g, scores, capacity)) return s;
    std::array<int32_t, carc::kMaxPlayers> banked{};
    for (int p = 0; p < g.game.players(); ++p) banked[static_cast<size_t>(p)] = g.game.banked_score(p);
    write_scores(g, banked, scores);
    return CARC_OK;
  });
}

int carc_game_discards(const carc_game* game, int32_t* tiles, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, tiles, capacity, count)) return s;
    carc::TileType buf[carc::kMaxDeck];
    const int n = carc::discarded_tiles(g.game, buf);
    *count = n;
    if (!tiles) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d discards but room for %d", n, capacity);
    for (int i = 0; i < n; ++i) tiles[i] = buf[i];
    return CARC_OK;
  });
}

int carc_game_projected_scores(const carc_game* game, int32_t* scores, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_scores(c, g, scores, capacity)) return s;
    write_scores(g, carc::projected_scores(g.game), scores);
    return CARC_OK;
  });
}

int carc_game_inspect_feature(const carc_game* game, int x, int y, int location, int32_t* fields, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_array(c, fields, "fields", capacity, CARC_FEATURE_INFO_FIELDS, "a feature needs")) return s;
    if (const int s = check_feature_location(c, location)) return s;
    carc::FeatureInfo info;
    std::string error;
    const carc::Status s = carc::inspect_feature(g.game, x, y, static_cast<carc::Location>(location), info, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    int32_t f[CARC_FEATURE_INFO_FIELDS] = {};
    f[CARC_FI_KIND] = static_cast<int32_t>(info.kind);
    f[CARC_FI_COMPLETED] = info.completed ? 1 : 0;
    f[CARC_FI_TILES] = info.tiles;
    f[CARC_FI_SHIELDS] = info.shields;
    f[CARC_FI_OPEN_EDGES] = info.open_edges;
    f[CARC_FI_CITIES] = info.cities;
    f[CARC_FI_MAJORITY] = info.majority;
    f[CARC_FI_VALUE_COMPLETE] = info.value_complete;
    f[CARC_FI_VALUE_END] = info.value_end;
    for (int p = 0; p < CARC_MAX_PLAYERS; ++p) f[CARC_FI_MEEPLES + p] = info.meeples[static_cast<size_t>(p)];
    for (int i = 0; i < CARC_FEATURE_INFO_FIELDS; ++i) fields[i] = f[i];
    return CARC_OK;
  });
}

int carc_game_feature_tiles(const carc_game* game, int x, int y, int location, int32_t* indices, int capacity,
                            int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, indices, capacity, count)) return s;
    if (const int s = check_feature_location(c, location)) return s;
    carc::FeatureInfo info;
    std::string error;
    const carc::Status s = carc::inspect_feature(g.game, x, y, static_cast<carc::Location>(location), info, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    *count = info.tiles;
    if (!indices) return CARC_OK;
    if (info.tiles > capacity) return c.fail(CARC_ERANGE, "%d tiles but room for %d", info.tiles, capacity);
    for (int i = 0; i < info.tiles; ++i) indices[i] = info.tile_indices[static_cast<size_t>(i)];
    return CARC_OK;
  });
}

// ---------------------------------------------------------------- pictures

int carc_game_render_svg(const carc_game* game, int flags, int tile_pixels, char* buf, size_t size) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    constexpr int known = CARC_SVG_COORDINATES | CARC_SVG_LEGAL_CELLS | CARC_SVG_DEAD_CELLS | CARC_SVG_LEGEND | CARC_SVG_TARGETS;
    if (flags & ~known) return c.fail(CARC_EINVAL, "flags 0x%x are not CARC_SVG_* bits", static_cast<unsigned>(flags));
    if (const int s = check_pixels(c, "tile_pixels", tile_pixels)) return s;
    if (const int s = check_text(c, buf, size)) return s;
    carc::SvgOptions o;
    o.tile_pixels = tile_pixels;
    o.coordinates = flags & CARC_SVG_COORDINATES;
    o.legal_cells = flags & CARC_SVG_LEGAL_CELLS;
    o.dead_cells = flags & CARC_SVG_DEAD_CELLS;
    o.legend = flags & CARC_SVG_LEGEND;
    o.targets = flags & CARC_SVG_TARGETS;
    return write_text(c, carc::render_svg(g.game, o), buf, size);
  });
}

int carc_game_render_text(const carc_game* game, int flags, char* buf, size_t size) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    constexpr int known = CARC_TEXT_COORDINATES | CARC_TEXT_LEGAL_CELLS;
    if (flags & ~known) return c.fail(CARC_EINVAL, "flags 0x%x are not CARC_TEXT_* bits", static_cast<unsigned>(flags));
    if (const int s = check_text(c, buf, size)) return s;
    carc::TextOptions o;
    o.coordinates = flags & CARC_TEXT_COORDINATES;
    o.legal_cells = flags & CARC_TEXT_LEGAL_CELLS;
    return write_text(c, carc::render_text(g.game, o), buf, size);
  });
}

int carc_tile_render_svg(int tile, int rotation, int pixels, char* buf, size_t size) {
  return guarded(__func__, [&](const Call& c) -> int {
    int quarters = 0;
    if (const int s = check_tile(c, tile)) return s;
    if (const int s = check_rotation(c, rotation, quarters)) return s;
    if (const int s = check_pixels(c, "pixels", pixels)) return s;
    if (const int s = check_text(c, buf, size)) return s;
    return write_text(c, carc::render_tile_svg(static_cast<carc::TileType>(tile), quarters, pixels), buf, size);
  });
}

int carc_tile_render_text(int tile, int rotation, char* buf, size_t size) {
  return guarded(__func__, [&](const Call& c) -> int {
    int quarters = 0;
    if (const int s = check_tile(c, tile)) return s;
    if (const int s = check_rotation(c, rotation, quarters)) return s;
    if (const int s = check_text(c, buf, size)) return s;
    return write_text(c, carc::render_tile_text(static_cast<carc::TileType>(tile), quarters), buf, size);
  });
}

}  // extern "C"
