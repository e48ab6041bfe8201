// Computer opponents: a move for the current player from a random, a greedy or a Monte-Carlo
// tree search player. Every bot sees only what a player knows (the public state; the
// face-down tiles without their order) and leaves the game untouched.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "carcassonne/decision.hpp"
#include "carcassonne/game.hpp"

namespace carc {

// How a bot plays. The values are fixed (the C ABI passes them through).
enum class BotLevel : uint8_t {
  Random = 0,  // a placement uniformly among the legal ones, then a figure action or none uniformly
  Greedy = 1,  // the move with the best projected score difference if the game ended after it
  Mcts = 2,    // determinized Monte-Carlo tree search: the face-down pile re-dealt per iteration
};

inline constexpr int kMaxBotThreads = 64;

struct BotOptions {
  BotLevel level = BotLevel::Mcts;
  // MCTS budget: iterations (0: no limit) and milliseconds of wall-clock time (0: no limit);
  // at least one must be set; with both, the search stops at whichever comes first. A
  // search bounded by iterations alone is deterministic for a seed, threads included.
  int iterations = 1000;
  int milliseconds = 0;
  // MCTS threads: each searches its own tree on its own share of the iterations (a fixed
  // split); the root statistics are merged in thread order. 1..kMaxBotThreads.
  int threads = 1;
  uint64_t seed = 0;  // all of a bot's random choices come from this seed
};

// Writes a legal move for the current player to out. In PlaceTile it is a whole turn; in
// PlaceMeeple it is the placement as played with the bot's figure action (play it with
// game.act(out.figure, out.meeple)). Every figure action of figure_options is considered
// (the expansions' figures, the abbot, the recall). Errors: WrongPhase in Draw, in Decide
// (choose_decision decides there) or when the game is over, InvalidArgument for a bad level,
// budget or thread count, OutOfMemory; on error out is untouched and *error (if given) says
// why. The game is never changed.
Status choose_move(const Game& game, const BotOptions& options, Move& out, std::string* error = nullptr);

// The bot's option for the decision the game waits for, of any kind (take it with decide):
// in PlaceTile and PlaceMeeple the placement or the figure action of choose_move's move (in
// PlaceTile first, with The Tower, a ransom: the random bot pays one at even odds, the others
// when no meeple is left in supply); an expansion's decision (Phase::Decide) random uniformly, greedy by the decider's projected
// margin after each option (ties: the earliest listed), MCTS by playouts of each option on
// the same re-deals (one thread, the budget as for a move). Errors as for choose_move; out is
// untouched on error.
Status choose_decision(const Game& game, const BotOptions& options, Choice& out, std::string* error = nullptr);

// In Phase::Decide, whether the bot takes the builder's bonus tile (take_bonus) or passes:
// choose_decision's option (random at even odds, greedy always takes). Errors as for
// choose_move, WrongPhase in any other phase; take is untouched on error.
Status choose_bonus(const Game& game, const BotOptions& options, bool& take, std::string* error = nullptr);

// InvalidArgument (and *error) for a bad level, budget or thread count, else Ok: what
// choose_move and choose_bonus check first, before the phase.
Status check_bot_options(const BotOptions& options, std::string* error = nullptr);

// Every legal move of the current player, placements (as legal_placements lists them) times
// figure actions (figure_options, then none); in PlaceMeeple, the placed tile's figure
// actions. Writes at most `capacity` moves and returns how many there are, so
// legal_moves(game, nullptr, 0) sizes a buffer.
int legal_moves(const Game& game, Move* out, int capacity);
// No position has more moves than this; with the portal's options it is millions, so size
// buffers by the count rather than by this bound.
inline constexpr int kMaxMoves = kMaxPlacements * (kMaxFigureOptions + 1);

// "random", "greedy" or "mcts".
std::string_view bot_level_name(BotLevel level);
// The level for one of those names; false (out untouched) for anything else.
bool parse_bot_level(std::string_view name, BotLevel& out);

}  // namespace carc
