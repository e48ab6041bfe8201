// Rewind and undo by replaying the game's history (walk_history: its draws, moves and
// decisions, in order) on a fresh game with the same players, options and draw pile (for
// caller draws, the same tiles supplied in the same order): the rules then redo every score,
// return and discard.
#include "carcassonne/history.hpp"

#include <fmt/format.h>

#include <array>
#include <span>
#include <stdexcept>

namespace carc {

namespace {
Status fail(Status s, std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return s;
}

// The move that placed tile i, its action on another tile included.
Move move_of(const Game& game, int i) {
  const PlacedTile& pt = game.board().tile(i);
  Move m{Placement{pt.x, pt.y, pt.rot}, pt.meeple, pt.figure};
  if (const int target = game.action_target(i); target >= 0) {
    m.elsewhere = true;
    m.x = game.board().tile(target).x;
    m.y = game.board().tile(target).y;
  }
  return m;
}
}  // namespace

Game restart(const Game& game) { return restart(game, game.options()); }

Game restart(const Game& game, const Options& options) {
  std::array<TileType, kMaxDeck> dealt{};
  const std::span<const TileType> pile(dealt.data(), static_cast<size_t>(game.dealt_order(dealt.data())));
  // A game whose order does not replay is replayed draw by draw (walk_history), as one with
  // caller draws is.
  if (game.caller_draws() || !game.order_replays()) return Game(game.players(), CallerDraws{}, pile, options);
  return game.fixed_order() ? Game(game.players(), pile, options) : Game(game.players(), game.seed(), options);
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
  move = move_of(game, turn);
  return Status::Ok;
}

Game walk_history(const Game& game, HistoryEnd end, const HistoryVisit& visit) {
  Game replay = restart(game);
  Events ev;
  int turns = 0, after = 0;  // whole turns replayed, decisions taken since the last
  auto step = [&](const HistoryStep& s) {
    if (visit) visit(s, replay, ev);
    ev.clear();
  };
  auto at_end = [&] { return turns == end.turns && after >= end.decisions; };
  // The decisions the game took where the replay waits; `implied_ok`: a step follows that
  // would take the implied option anyway.
  auto decide_recalled = [&](bool implied_ok) {
    Choice c, through;
    while (!at_end() && recalled_choice(game, replay, c)) {
      // An option that places a tile (the abbey) begins the next turn: a rewind to this
      // turn stops before it, as it stops before the next tile's placement.
      if (turns == end.turns && c.tile != kNoTile && c.kind != DecisionKind::Draw && c.kind != DecisionKind::Place) break;
      bool implied = implied_ok && implied_choice(replay, through) && through == c;
      const int player = decider(replay);
      if (decide(replay, c, &ev) != Status::Ok) throw std::logic_error("the game's own decision does not replay");
      // A decision that placed a tile (the abbey) is said by the turn that follows it.
      implied |= replay.phase() == Phase::PlaceMeeple;
      ++after;
      step(HistoryStep{HistoryStep::Kind::Decision, player, kNoTile, {}, c, implied});
    }
  };
  const Board& board = game.board();
  const auto order = game.drawn_tiles();
  int next_tile = 1;  // board index of the next placed tile (0 is the start tile)
  for (int d = 0; d < game.drawn(); ++d) {
    const TileType drawn = order[static_cast<size_t>(d)];
    const bool in_hand = !game.discarded(d) && !game.set_aside(d) && next_tile >= board.tile_count();
    // A seeded game draws the tile in hand itself when the decision before it is taken:
    // then no later step says that decision.
    decide_recalled(!in_hand || game.caller_draws());
    if (at_end()) break;
    while (replay.phase() == Phase::Draw && replay.drawn() <= d) {
      if (replay.draw(order[static_cast<size_t>(replay.drawn())], &ev) != Status::Ok)
        throw std::logic_error("the game's own draws do not replay");
      step(HistoryStep{HistoryStep::Kind::Draw, replay.current_player(), order[static_cast<size_t>(replay.drawn() - 1)]});
    }
    if (game.discarded(d)) {
      step(HistoryStep{HistoryStep::Kind::Discard, replay.current_player(), drawn});
      continue;
    }
    if (game.set_aside(d)) {
      step(HistoryStep{HistoryStep::Kind::SetAside, replay.current_player(), drawn});
      continue;
    }
    // The options of the placement decision that come before the placement (a ransom).
    decide_recalled(false);
    if (at_end()) break;
    if (in_hand) {
      step(HistoryStep{HistoryStep::Kind::InHand, replay.current_player(), drawn});
      break;
    }
    const PlacedTile& pt = board.tile(next_tile);
    const Move m = move_of(game, next_tile++);
    if (next_tile == board.tile_count() && game.phase() == Phase::PlaceMeeple) {
      step(HistoryStep{HistoryStep::Kind::Undecided, replay.current_player(), pt.type, Move{m.at, Location::None}});
      break;
    }
    if (turns == end.turns) break;
    const int player = replay.current_player();
    Verdict v;
    // A tile a decision placed (the abbey) waits for its figure action alone.
    const Status played = replay.phase() == Phase::PlaceMeeple
                              ? replay.act(FigureChoice{m.figure, m.meeple, m.elsewhere, m.x, m.y}, &ev, &v)
                              : replay.play(m, &ev, &v);
    if (played != Status::Ok)
      throw std::logic_error(fmt::format("turn {} does not replay: {}", turns + 1, describe(v)));
    ++turns;
    after = 0;
    step(HistoryStep{HistoryStep::Kind::Turn, player, pt.type, m});
  }
  decide_recalled(false);
  // A fixed-order game replayed draw by draw gets its order back from where the replay
  // stands. (Stopped before the first volcano, whose tiles then came off in an order no deal
  // gives, it stays a game with caller draws.)
  // The abbeys the game placed later came from the players' hands, never from the pile.
  if (game.fixed_order() && replay.caller_draws()) {
    std::array<TileType, kMaxDraws> rest{};
    size_t n = 0;
    for (const TileType t : game.draw_order().subspan(static_cast<size_t>(replay.drawn())))
      if (!tiles::raw::kTiles[t].per_player) rest[n++] = t;
    (void)replay.deal(std::span<const TileType>(rest.data(), n));
  }
  return replay;
}

namespace {
// The game after its first `turns` turns and the first `decisions` decisions after them; a
// history that does not replay is an engine defect, said as Status::Internal.
Status replay(const Game& game, int turns, int decisions, Game& out, std::string* error) {
  try {
    out = walk_history(game, HistoryEnd{turns, decisions});
  } catch (const std::logic_error& e) {
    return fail(Status::Internal, error, e.what());
  }
  return Status::Ok;
}
}  // namespace

Status rewind(const Game& game, int turns, Game& out, std::string* error) {
  const int played = turns_played(game);
  if (turns < 0 || turns > played)
    return fail(Status::InvalidArgument, error,
                fmt::format("cannot rewind to turn {}: {} turns have been played", turns, played));
  return replay(game, turns, INT_MAX, out, error);
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
  // A tile placed, its figure undecided: back to before the placement; but a tile that a
  // decision placed (the abbey) is there again after the rewind: it goes back with that
  // decision, below.
  if (game.phase() == Phase::PlaceMeeple) {
    Game before = game;
    if (const Status s = rewind(game, played, before, error); s != Status::Ok) return s;
    if (before.phase() != Phase::PlaceMeeple) {
      out = before;
      return Status::Ok;
    }
  }
  if (played == 0) return fail(Status::InvalidArgument, error, "no turn has been played yet: nothing to undo");
  // An expansion's decision is an action of its own: undone, its decider decides again. The
  // decisions after the last turn are counted on the history itself.
  int decisions = 0;
  walk_history(game, {}, [&](const HistoryStep& s, const Game&, Events&) {
    if (s.kind == HistoryStep::Kind::Turn) decisions = 0;
    if (s.kind == HistoryStep::Kind::Decision) ++decisions;
  });
  if (decisions > 0) return replay(game, played, decisions - 1, out, error);
  return rewind(game, played - 1, out, error);
}

}  // namespace carc
