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

// The bot's option for the decision the game waits for, of any kind (carc::choose_decision):
// in Phase::Decide an expansion's decision, whatever it is (the builder's bonus tile taken
// or passed on, a step of the dragon's flight). Take it with carc::decide.
inline carc::Choice choose_decision(Kind k, const carc::Game& g, carc::Rng& rng) {
  carc::BotOptions o;
  o.level = k;
  o.seed = rng.next();
  carc::Choice c;
  carc::choose_decision(g, o, c);
  return c;
}

// Who plays next with the bot: the player who decides what the game waits for
// (carc::decider), who need not be the one whose turn it is (the dragon's steps are the
// other players' in turn). g must not be over.
inline int mover(const carc::Game& g) { return carc::decider(g); }

// Plays the game's next decision with the bot of kind k, which should be mover(g)'s: a whole
// move in PlaceTile; in Phase::Decide the decision waiting, through the decision model
// (the bonus tile taken or passed on, a dragon's step). A decision leads to another
// decision or to the next move, which the caller plays with the next call, as its mover may
// be someone else.
inline void play_turn(Kind k, carc::Game& g, carc::Rng& rng, carc::Events* events = nullptr) {
  if (g.phase() == carc::Phase::Decide) {
    carc::decide(g, choose_decision(k, g, rng), events);
    return;
  }
  g.play(choose(k, g, rng), events);
}

}  // namespace bots
