// Going back in a game: the state after any earlier turn, and undo of the last turn. Both
// replay the game's own history from the start (a game is a value that knows its moves),
// so nothing extra is stored and a loaded game can be rewound like any other.
#pragma once

#include <climits>
#include <functional>
#include <string>

#include "carcassonne/decision.hpp"
#include "carcassonne/game.hpp"

namespace carc {

// One step of a game's history, as walk_history replays them in order.
struct HistoryStep {
  enum class Kind : uint8_t {
    Draw,       // the caller said which tile was drawn (a game with caller draws): tile
    Discard,    // a drawn tile fit nowhere and left the game (replayed with its draw): tile
    SetAside,   // a drawn tile was set aside (a dragon tile while the dragon was beside the board): tile
    Turn,       // a tile placed with its figure action: tile, move
    Undecided,  // the last tile placed, its figure action not decided yet (not replayed): tile, move.at
    InHand,     // the tile in hand, drawn and not placed yet: tile
    Decision,   // an expansion's decision: choice, and whether the step after it takes it anyway
                // (implied_choice: the bonus tile taken before a tile is drawn or placed)
  };
  Kind kind = Kind::Turn;
  int player = 0;  // who took it: the decider, the player whose turn it is
  TileType tile = kNoTile;
  Move move{};
  Choice choice{};
  bool implied = false;
};

// Where walk_history stops: after `turns` whole turns, the draws after them, and the first
// `decisions` of the decisions taken after the last of them.
struct HistoryEnd {
  int turns = INT_MAX;
  int decisions = INT_MAX;
};

// The one replay of a game's history that rewind, undo, records and the C ABI's event
// history share: from restart(game) up to `end`, each step as the game took it (its draws,
// moves and decisions, recalled_choice saying which option), calling visit (if given) after
// each with the replay as it is then and the events the step made. Returns the replay.
using HistoryVisit = std::function<void(const HistoryStep&, const Game& replay, Events& events)>;
Game walk_history(const Game& game, HistoryEnd end = {}, const HistoryVisit& visit = nullptr);

// A new game with the same players, options and draw pile (seed, fixed order, or caller
// draws of the same tiles) as `game`, before the first move.
Game restart(const Game& game);
// The same with other rule options (which the draw pile does not depend on).
Game restart(const Game& game, const Options& options);

// Writes to `out` the same game with other rule options, which is only possible before the
// first tile is placed, and with caller draws before the first draw (a tile drawn came from
// the old options' box): the set-up with the same pile. WrongPhase afterwards.
Status with_options(const Game& game, const Options& options, Game& out, std::string* error = nullptr);

// Whole turns played so far (tiles placed after the start tile, a builder's bonus tile
// counting as a turn of its own); a tile placed whose meeple is not decided yet does not count.
int turns_played(const Game& game);

// The move of turn `turn` (1-based, up to turns_played) and the tile it placed.
Status turn_move(const Game& game, int turn, TileType& tile, Move& move, std::string* error = nullptr);

// Writes to `out` the state after the first `turns` turns (0..turns_played): the next tile
// drawn, waiting to be placed; after a turn that earned the builder's bonus tile, the bonus
// passed on or taken as the game did, or Phase::Decide if the game has not decided yet. On
// failure `out` is untouched and *error says why.
Status rewind(const Game& game, int turns, Game& out, std::string* error = nullptr);

// Writes to `out` the state before the last action: with a tile placed and its meeple
// undecided, the state before that placement; after the builder's bonus tile was taken or
// passed on (and before the bonus tile is placed), the state before that decision
// (Phase::Decide); otherwise the state before the last whole turn (its player to place the
// same tile again). One decision, one undo. Fails when no turn has been played.
Status undo(const Game& game, Game& out, std::string* error = nullptr);

}  // namespace carc
