// Two small players for the examples: the random one, and a greedy one that looks one
// move ahead with the projected-score query.
#pragma once

#include <algorithm>
#include <string_view>

#include "carcassonne/carcassonne.hpp"

namespace bots {

using namespace carc;

enum class Kind { Random, Greedy };

// "random" or "greedy"; false for anything else.
inline bool parse_kind(std::string_view name, Kind& out) {
  if (name == "random") out = Kind::Random;
  else if (name == "greedy") out = Kind::Greedy;
  else return false;
  return true;
}

inline std::string_view kind_name(Kind k) { return k == Kind::Random ? "random" : "greedy"; }

// A placement uniformly among the legal ones, then a meeple uniformly among the legal
// locations and none (as Game::playout plays).
inline Move random_move(const Game& g, Rng& rng) {
  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  const Placement p = buf[rng.below(static_cast<uint32_t>(n))];
  Game after = g;
  after.place(p);
  Location opts[kMaxMeepleOptions];
  const int k = after.meeple_options(opts);
  const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
  return Move{p, pick == static_cast<uint32_t>(k) ? Location::None : opts[pick]};
}

// The placement and meeple whose result has the best projected score difference: the
// mover's final score if the game ended right after the move, less the best opponent's.
// Equal differences prefer keeping the meeple, then a random one of the best.
inline Move greedy_move(const Game& g, Rng& rng) {
  const int me = g.current_player();
  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  Move best{};
  long best_value = 0;
  int ties = 0;
  for (int i = 0; i < n; ++i) {
    Game placed = g;
    placed.place(buf[i]);
    Location opts[kMaxMeepleOptions + 1];
    const int k = placed.meeple_options(opts);
    opts[k] = Location::None;
    for (int j = 0; j <= k; ++j) {
      Game after = placed;
      after.deploy(opts[j]);
      const auto s = after.final_scores_now();
      int rival = -1 << 30;
      for (int p = 0; p < g.players(); ++p)
        if (p != me) rival = std::max(rival, static_cast<int>(s[p]));
      if (g.players() == 1) rival = 0;
      const long value = 4L * (s[me] - rival) - (opts[j] == Location::None ? 0 : 1);
      if (ties == 0 || value > best_value) {
        best = Move{buf[i], opts[j]};
        best_value = value;
        ties = 1;
      } else if (value == best_value && rng.below(static_cast<uint32_t>(++ties)) == 0) {
        best = Move{buf[i], opts[j]};
      }
    }
  }
  return best;
}

inline Move choose(Kind k, const Game& g, Rng& rng) { return k == Kind::Random ? random_move(g, rng) : greedy_move(g, rng); }

}  // namespace bots
