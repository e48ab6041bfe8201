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

}  // namespace bots
