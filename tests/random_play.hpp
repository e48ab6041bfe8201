// Random games for the tests: a legal random turn, and varied games (players, options,
// seeded or fixed draw order) stopped at a chosen point.
#pragma once

#include "carcassonne/carcassonne.hpp"

namespace carc::test {

// Places the current tile somewhere legal (PlaceTile phase only).
inline void random_placement(Game& g, Rng& rng) {
  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  g.place(buf[rng.below(static_cast<uint32_t>(n))]);
}

// Decides the meeple (or none) for the tile just placed.
inline void random_meeple(Game& g, Rng& rng, Events* events = nullptr) {
  Location opts[kMaxMeepleOptions];
  const int k = g.meeple_options(opts);
  const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
  g.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick], events);
}

// One whole random turn.
inline void random_turn(Game& g, Rng& rng, Events* events = nullptr) {
  if (g.phase() == Phase::PlaceTile) random_placement(g, rng);
  random_meeple(g, rng, events);
}

// Game number i of a varied series: 2 to 5 players, farmers and first-edition options
// switched by i, a seeded pile or a fixed order (full, or cut short like a puzzle's).
inline Game varied_game(int i) {
  const int players = 2 + i % 4;
  Options opt;
  opt.farmers = (i / 4) % 2 == 0;
  opt.first_edition_small_city = i % 5 == 1;
  opt.first_edition_farmers = i % 7 == 3;
  if ((i / 8) % 2 == 0) return Game(players, 7000 + static_cast<uint64_t>(i), opt);
  const Game shuffled(players, 9000 + static_cast<uint64_t>(i), opt);
  const auto order = shuffled.draw_order();
  const size_t length = i % 3 == 0 ? order.size() / (2 + i % 5) : order.size();
  return Game(players, order.first(length), opt);
}

}  // namespace carc::test
