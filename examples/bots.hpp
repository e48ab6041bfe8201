// The examples' players by name, over the library's bots (carcassonne/bots.hpp): each move
// takes its bot seed from the example's own generator, so a seeded game replays exactly.
#pragma once

#include <string_view>

#include "carcassonne/carcassonne.hpp"

namespace bots {

using Kind = carc::BotLevel;

// "random", "greedy" or "mcts"; false for anything else.
inline bool parse_kind(std::string_view name, Kind& out) { return carc::parse_bot_level(name, out); }

inline std::string_view kind_name(Kind k) { return carc::bot_level_name(k); }

// The bot's move (MCTS at its default budget, 1000 iterations); g must be in PlaceTile.
inline carc::Move choose(Kind k, const carc::Game& g, carc::Rng& rng) {
  carc::BotOptions o;
  o.level = k;
  o.seed = rng.next();
  carc::Move m;
  carc::choose_move(g, o, m);
  return m;
}

// In the builder's bonus phase (Traders & Builders): whether the bot takes the bonus tile.
inline bool choose_bonus(Kind k, const carc::Game& g, carc::Rng& rng) {
  carc::BotOptions o;
  o.level = k;
  o.seed = rng.next();
  bool take = true;
  carc::choose_bonus(g, o, take);
  return take;
}

// Plays the current player's decision with the bot: a whole move, or the bonus tile taken
// (and then its move) or passed on.
inline void play_turn(Kind k, carc::Game& g, carc::Rng& rng, carc::Events* events = nullptr) {
  if (g.phase() == carc::Phase::Decide) {
    if (!choose_bonus(k, g, rng)) {
      g.pass(events);
      return;
    }
    g.take_bonus(events);
    if (g.phase() != carc::Phase::PlaceTile) return;  // the game ended: no tile fit
  }
  g.play(choose(k, g, rng), events);
}

}  // namespace bots
