// Rewind and undo by replaying the placed tiles, in order, on a fresh game with the same
// players, options and draw pile (for caller draws, the same tiles supplied in the same
// order): the rules then redo every score, return and discard.
#include "carcassonne/history.hpp"

#include <fmt/format.h>

namespace carc {

namespace {
Status fail(Status s, std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return s;
}

// A game with caller draws waits for each tile: tell g the tiles `game` drew, discards
// included, up to where `game` is (seeded and fixed-order games draw by themselves).
void redraw(Game& g, const Game& game) {
  const auto drawn = game.drawn_tiles();
  while (g.phase() == Phase::Draw && g.drawn() < game.drawn()) g.draw(drawn[static_cast<size_t>(g.drawn())]);
}
}  // namespace

Game restart(const Game& game) { return restart(game, game.options()); }

Game restart(const Game& game, const Options& options) {
  if (game.caller_draws()) return Game(game.players(), CallerDraws{}, game.draw_order(), options);
  return game.fixed_order() ? Game(game.players(), game.draw_order(), options)
                            : Game(game.players(), game.seed(), options);
}

int turns_played(const Game& game) {
  return game.board().tile_count() - 1 - (game.phase() == Phase::PlaceMeeple ? 1 : 0);
}

Status turn_move(const Game& game, int turn, TileType& tile, Move& move, std::string* error) {
  const int played = turns_played(game);
  if (turn < 1 || turn > played)
    return fail(Status::InvalidArgument, error, fmt::format("turn {} is not among the {} turns played", turn, played));
  const PlacedTile& pt = game.board().tile(turn);
  tile = pt.type;
  move = Move{Placement{pt.x, pt.y, pt.rot}, pt.meeple, pt.figure};
  return Status::Ok;
}

namespace {
// The game after its first `turns` placements, each followed by the bonus decision `game`
// made after it (passed on, or taken when more tiles were placed) unless `decide_last` is
// false for the last one; then a game in Phase::Decide stays there.
Status replay(const Game& game, int turns, bool decide_last, Game& out, std::string* error) {
  Game g = restart(game);
  const int placed = game.board().tile_count() - 1;
  for (int t = 1; t <= turns; ++t) {
    redraw(g, game);
    const PlacedTile& pt = game.board().tile(t);
    Verdict v;
    if (g.play(Move{Placement{pt.x, pt.y, pt.rot}, pt.meeple, pt.figure}, nullptr, &v) != Status::Ok)
      return fail(Status::Internal, error, fmt::format("turn {} does not replay: {}", t, describe(v)));
    if (g.phase() != Phase::Decide || (t == turns && !decide_last)) continue;
    if (game.declined(t)) g.pass();
    else if (t < placed || (game.bonus_turn() && game.phase() != Phase::Decide)) g.take_bonus();
  }
  redraw(g, game);
  out = g;
  return Status::Ok;
}
}  // namespace

Status rewind(const Game& game, int turns, Game& out, std::string* error) {
  const int played = turns_played(game);
  if (turns < 0 || turns > played)
    return fail(Status::InvalidArgument, error,
                fmt::format("cannot rewind to turn {}: {} turns have been played", turns, played));
  return replay(game, turns, true, out, error);
}

Status with_options(const Game& game, const Options& options, Game& out, std::string* error) {
  if (game.board().tile_count() != 1)
    return fail(Status::WrongPhase, error, "options are set before the first tile is placed");
  // A tile the caller drew came from the old options' box by their rules (the river's
  // first): the new options could not have drawn it, and their tiles would be missing.
  if (game.caller_draws() && game.drawn() > 0)
    return fail(Status::WrongPhase, error, "options are set before the caller draws the first tile");
  // A pile that is the whole box becomes the whole box of the new options (the river and the
  // abbot change what the box holds); a pile of the caller's must fit the new box.
  const bool whole_box = game.caller_draws() && [&] {
    for (int t = 0; t < kTileTypes; ++t)
      if (game.face_down(static_cast<TileType>(t)) != box_count(game.options(), static_cast<TileType>(t))) return false;
    return true;
  }();
  try {
    out = whole_box ? Game(game.players(), CallerDraws{}, options) : restart(game, options);
  } catch (const std::invalid_argument& e) {
    return fail(Status::InvalidArgument, error, std::string("the game's tiles do not fit these options: ") + e.what());
  }
  return Status::Ok;
}

Status undo(const Game& game, Game& out, std::string* error) {
  const int played = turns_played(game);
  if (game.phase() == Phase::PlaceMeeple) return rewind(game, played, out, error);
  if (played == 0) return fail(Status::InvalidArgument, error, "no turn has been played yet: nothing to undo");
  // Taking or passing on the bonus tile is an action of its own: undone, the player decides
  // again. A bonus tile taken and not yet placed (drawn, or waiting for the caller's draw,
  // or the game ended by its discards) is the game's bonus turn.
  if (game.declined(played) || game.bonus_turn()) return replay(game, played, false, out, error);
  return rewind(game, played - 1, out, error);
}

}  // namespace carc
