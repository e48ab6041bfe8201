// What the C ABI's source files share (not installed, not API): the handle, the thread's
// message, the exception barrier, the move layout and the checks of list arguments.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "carcassonne/carcassonne.h"
#include "carcassonne/bots.hpp"
#include "carcassonne/decision.hpp"
#include "carcassonne/game.hpp"

struct carc_game {
  carc::Game game;
  // Unread events are items[next_event, events.count). The queue empties whenever it is
  // read to the end. It cannot overflow: a whole game makes at most 124 events during
  // play (each draw is a discard, or a placement whose scorings and recall each return a
  // figure deployed on an earlier turn), 20 goods events (each takes one of the 20 goods
  // symbols) and 62 bonus events (a bonus tile earns none), plus, at the end, one per
  // feature with figures (66), one per completed city for first-edition farmers (fewer than
  // 150 city segments), 6 pigs and 3 goods bonuses, and the queue only ever holds events
  // of its game's own history. events.dropped checks it.
  carc::Events events;
  int next_event = 0;

  explicit carc_game(const carc::Game& g) : game(g) {}
  // Builds the game in place (a new game per playout is common; a copy of it is not free).
  template <class... Args>
  explicit carc_game(std::in_place_t, Args&&... args) : game(std::forward<Args>(args)...) {}

  void assign(const carc_game& src) {
    game = src.game;
    events.clear();
    for (int i = src.next_event; i < src.events.count; ++i) events.push(src.events.items[i]);
    next_event = 0;
  }
};
// A whole game's events: before Princess & Dragon's, the discards, recalls, bonus tiles,
// completions with goods, end-game features, majorities; its own: a fairy point per turn,
// the tiles back, a landing or a flight (7 events) per tile of its own, a figure eaten or
// removed or the fairy moved per deployment, a builder or pig home per one deployed, a
// fairy bonus per turn and at the end.
static_assert(carc::Events::kCapacity >= (124 + 20 + 62 + 66 + 150 + 6 + 3) + carc::kMaxDeck + 12 + 30 * 7 +
                                             3 * carc::kMaxDeck + 1,
              "the event queue holds a whole game");

namespace carc::capi {

// The calling thread's message: the last failed call on this thread wrote it.
inline thread_local char t_error[256];

#if defined(__GNUC__) || defined(__clang__)
#define CARC_PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CARC_PRINTF_LIKE(fmt, args)
#endif

// Writes "fn: message" to the thread's message. A message too long for it is cut on a
// UTF-8 character boundary and ends in "...". Quoted input in messages is escaped where it
// is quoted (carc::echo), so the message is printable UTF-8.
inline void set_error(const char* fn, const char* fmt, va_list ap) {
  char full[2 * sizeof t_error];  // enough to see where the cut falls
  int n = std::snprintf(full, sizeof full, "%s: ", fn);
  if (n < 0 || static_cast<size_t>(n) >= sizeof full) n = 0;
  std::vsnprintf(full + n, sizeof full - static_cast<size_t>(n), fmt, ap);
  size_t len = std::strlen(full);
  const bool cut = len >= sizeof t_error;
  if (cut) {
    len = sizeof t_error - 4;  // room for "..." and the NUL
    while (len > 0 && (static_cast<unsigned char>(full[len]) & 0xC0) == 0x80) --len;  // full[len] starts a character
  }
  std::memcpy(t_error, full, len);
  if (cut) std::memcpy(t_error + len, "...", 3), len += 3;
  t_error[len] = '\0';
}

// One C call: its name, for the messages it leaves.
struct Call {
  const char* fn;
  // Leaves "fn: message" with the calling thread and returns status.
  CARC_PRINTF_LIKE(3, 4) int fail(int status, const char* fmt, ...) const {
    va_list ap;
    va_start(ap, fmt);
    set_error(fn, fmt, ap);
    va_end(ap);
    return status;
  }
};

// The exception barrier: no C++ exception crosses the C ABI. Runs body(call).
template <class Body>
inline int guarded(const char* fn, Body&& body) noexcept {
  const Call c{fn};
  try {
    return body(c);
  } catch (const std::bad_alloc&) {
    return c.fail(CARC_ENOMEM, "out of memory");
  } catch (const std::invalid_argument& e) {
    return c.fail(CARC_EINVAL, "%s", e.what());
  } catch (const std::exception& e) {
    return c.fail(CARC_EINTERNAL, "internal error: %s", e.what());
  } catch (...) {
    return c.fail(CARC_EINTERNAL, "internal error: unknown exception");
  }
}

// The barrier for a call on a game: body(call, *g) for a non-NULL g.
template <class Game, class Body>
inline int with_game(Game* g, const char* fn, Body&& body) noexcept {
  if (!g) return Call{fn}.fail(CARC_EINVAL, "game is NULL");
  return guarded(fn, [&](const Call& c) -> int { return body(c, *g); });
}

// ---------------------------------------------------------------- moves

struct Unpacked {
  carc::TileType tile;
  carc::Move move;
};

inline bool valid_location(int loc) { return (loc >= 0 && loc < carc::kLocationCount) || loc == CARC_LOC_NONE; }
// carc_figure_reach: the CARC_REACH_* bits of a figure kind, 0 for a number that names none.
static_assert(CARC_REACH_PLACED_TILE == carc::kReachPlacedTile && CARC_REACH_OTHER_TILE == carc::kReachOtherTile &&
              CARC_REACH_TOWER_TOP == carc::kReachTowerTop);
inline int reach_of(int figure) {
  return figure >= 0 && figure < carc::kFigureValues ? carc::figure_reach(static_cast<carc::Figure>(figure)) : 0;
}
// A figure kind players have in supply: one that goes onto the tile just placed, but the
// recall (an action).
inline bool supply_figure(int figure) { return figure != CARC_FIGURE_RECALL && (reach_of(figure) & CARC_REACH_PLACED_TILE); }
// Whether a figure action has a shape some game takes: where the figure may go
// (carc_figure_reach: the tile just placed, a part of another tile, a tower's top there) and
// a location it may name there. A recall names no location; every other figure kind one, but
// a meeple may name none (none) on the tile just placed.
inline bool valid_action(int figure, int loc, bool elsewhere = false) {
  const int reach = reach_of(figure);
  if (loc == CARC_LOC_TW) return elsewhere && (reach & CARC_REACH_TOWER_TOP);
  if (!valid_location(loc)) return false;
  if (elsewhere) return (reach & CARC_REACH_OTHER_TILE) && loc != CARC_LOC_NONE;
  if (!(reach & CARC_REACH_PLACED_TILE)) return false;
  // The barn names its corner by the half-edge beside it on the north or south edge.
  if (figure == CARC_FIGURE_BARN)
    return loc == CARC_LOC_NNW || loc == CARC_LOC_NNE || loc == CARC_LOC_SSE || loc == CARC_LOC_SSW;
  if (figure == CARC_FIGURE_RECALL) return loc == CARC_LOC_NONE;
  return figure == CARC_FIGURE_MEEPLE || loc != CARC_LOC_NONE;
}

inline carc_move pack(carc::TileType tile, carc::Placement p, carc::Location loc,
                      carc::Figure figure = carc::Figure::Meeple) {
  return static_cast<uint64_t>(static_cast<uint8_t>(p.x)) | static_cast<uint64_t>(static_cast<uint8_t>(p.y)) << 8 |
         static_cast<uint64_t>(p.rot) << 16 | static_cast<uint64_t>(loc) << 18 | (static_cast<uint64_t>(figure) & 7) << 22 |
         (static_cast<uint64_t>(figure) >> 3) << 26 | static_cast<uint64_t>(tile) << 32;
}
// A figure action on another tile (Princess & Dragon): bit 25, its x and y in bits 40..55.
inline carc_move pack(carc::TileType tile, carc::Placement p, const carc::FigureChoice& a) {
  carc_move m = pack(tile, p, a.location, a.figure);
  if (a.elsewhere)
    m |= uint64_t{1} << 25 | static_cast<uint64_t>(static_cast<uint8_t>(a.x)) << 40 |
         static_cast<uint64_t>(static_cast<uint8_t>(a.y)) << 48;
  return m;
}
inline carc_move pack(carc::TileType tile, const carc::Move& m) {
  return pack(tile, m.at, carc::FigureChoice{m.figure, m.meeple, m.elsewhere, m.x, m.y});
}

// The bits a move may use: placement and action 0..26, tile 32..39, another tile's x, y 40..55.
inline constexpr uint64_t kMoveBits = 0x00FF'FFFF'07FF'FFFFull;

// A move's placement.
inline carc::Placement placement_of(carc_move m) {
  return carc::Placement{static_cast<int8_t>(m & 0xFF), static_cast<int8_t>((m >> 8) & 0xFF),
                         static_cast<uint8_t>((m >> 16) & 3)};
}

inline bool unpack(carc_move m, Unpacked& u) {
  const uint64_t tile = (m >> 32) & 0xFF, loc = (m >> 18) & 15, figure = ((m >> 22) & 7) | ((m >> 26) & 1) << 3;
  const bool elsewhere = (m >> 25) & 1;
  if ((m & ~kMoveBits) != 0 || tile >= carc::kTileTypes ||
      !valid_action(static_cast<int>(figure), static_cast<int>(loc), elsewhere) || (!elsewhere && (m >> 40) != 0))
    return false;
  // The abbey's turns are one picture, spelt without a rotation ('abbey x,y'): rotation 0 only.
  if (tile == carc::tiles::kAbbey && placement_of(m).rot != 0) return false;
  u.tile = static_cast<carc::TileType>(tile);
  u.move = carc::Move{placement_of(m), static_cast<carc::Location>(loc), static_cast<carc::Figure>(figure), elsewhere,
                      static_cast<int8_t>((m >> 40) & 0xFF), static_cast<int8_t>((m >> 48) & 0xFF)};
  return true;
}

// A move as carc_game_placements lists it for tile t: x, y, rotation and t, no figure
// action. One compare, so that carc_game_place takes such a move straight to the engine and
// its full checks run only to say what is wrong with another.
inline bool listed_placement(carc_move m, carc::TileType t) {
  return (m & ~uint64_t{0x3FFFF}) == pack(t, carc::Placement{}, carc::Location::None);
}

// A move with no figure action.
inline bool bare(const carc::Move& m) { return m.meeple == carc::Location::None && m.figure == carc::Figure::Meeple; }

// Rotations cross the ABI as degrees.
inline bool degrees_to_quarters(int degrees, int& quarters) {
  if (degrees < 0 || degrees > 270 || degrees % 90 != 0) return false;
  quarters = degrees / 90;
  return true;
}

// Every call that takes a capacity: a negative one is CARC_EINVAL.
inline int check_capacity(const Call& c, int capacity) {
  if (capacity < 0) return c.fail(CARC_EINVAL, "capacity %d is negative", capacity);
  return CARC_OK;
}

// Checks the usual (buffer, capacity, count) triple of the list calls.
inline int check_list(const Call& c, const void* buf, int capacity, const int* count) {
  if (!count) return c.fail(CARC_EINVAL, "count is NULL");
  if (const int s = check_capacity(c, capacity)) return s;
  if (!buf && capacity > 0) return c.fail(CARC_EINVAL, "the buffer is NULL but its capacity is %d", capacity);
  return CARC_OK;
}

inline std::string phase_text(const carc::Game& game) {
  switch (game.phase()) {
    case carc::Phase::PlaceTile: return "the tile is still to be placed";
    case carc::Phase::PlaceMeeple: return "the tile is placed and its figure action is next";
    case carc::Phase::GameOver: return "the game is over";
    case carc::Phase::Draw: return "the next tile is still to be drawn";
    case carc::Phase::Decide:
      return "player " + std::to_string(carc::decider(game)) + " is to " + carc::decision_prompt(game);
  }
  return "unknown phase";
}

// A bot call's output pointer, level and budget: CARC_EINVAL for a NULL `out` or a level that
// is none, else *options to pass on (the budget is choose_move's and choose_decision's to check).
inline int bot_options(const Call& c, const void* out, const char* out_name, int level, int iterations,
                       int milliseconds, int threads, uint64_t seed, carc::BotOptions& options) {
  if (!out) return c.fail(CARC_EINVAL, "%s is NULL", out_name);
  if (level < CARC_BOT_RANDOM || level > CARC_BOT_MCTS)
    return c.fail(CARC_EINVAL, "level %d is not a CARC_BOT_* level (0..2)", level);
  options = carc::BotOptions{static_cast<carc::BotLevel>(level), iterations, milliseconds, threads, seed};
  return CARC_OK;
}

inline int status_of(carc::Status s) { return static_cast<int>(s); }

// The caller's text buffer, checked before any work is done.
inline int check_text(const Call& c, const char* buf, size_t size) {
  if (!buf && size > 0) return c.fail(CARC_EINVAL, "buf is NULL but size is %zu", size);
  return CARC_OK;
}

// Writes text the snprintf way ("Text out" in the header), after check_text.
inline int write_text(const Call& c, const std::string& text, char* buf, size_t size) {
  if (text.size() > static_cast<size_t>(INT_MAX)) return c.fail(CARC_EINTERNAL, "the text is too long to count in an int");
  if (size > 0) {
    const size_t n = std::min(size - 1, text.size());
    std::memcpy(buf, text.data(), n);
    buf[n] = '\0';
  }
  return static_cast<int>(text.size());
}

// After a call that queued events: the queue never drops one (see carc_game).
inline int check_queue(const Call& c, const carc_game& g) {
  if (g.events.dropped) return c.fail(CARC_EINTERNAL, "internal error: the event queue dropped %d events", g.events.dropped);
  return CARC_OK;
}

}  // namespace carc::capi
