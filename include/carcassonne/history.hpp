// Going back in a game: the state after any earlier turn, and undo of the last turn. Both
// replay the game's own history from the start (a game is a value that knows its moves),
// so nothing extra is stored and a loaded game can be rewound like any other.
#pragma once

#include <string>

#include "carcassonne/game.hpp"

namespace carc {

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
