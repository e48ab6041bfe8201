// Random games for the tests: a legal random turn, a random step of any phase (every
// expansion's figures, the builder's bonus tile, caller draws), and varied games (players,
// options, seeded or fixed draw order) stopped at a chosen point.
#pragma once

#include <algorithm>
#include <array>

#include "carcassonne/carcassonne.hpp"

namespace carc::test {

// Takes an option of the pending decision, each equally likely (any kind, the decision model's).
inline void random_choice(Game& g, Rng& rng, Events* events = nullptr) {
  static thread_local Choice opts[kMaxChoices];
  const int n = list_choices(g, opts);
  decide(g, opts[rng.below(static_cast<uint32_t>(n))], events);
}

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

// The four expansions of the first releases with every rule option (the mix the older
// pinned tests were written for).
inline Options four_expansions(bool first_edition = false) {
  Options opt;
  opt.first_edition_small_city = opt.first_edition_farmers = first_edition;
  opt.river = opt.abbot = opt.inns_and_cathedrals = opt.traders_and_builders = true;
  return opt;
}

// Every rule option at once: farmers, the first-edition rules if asked, and every expansion.
inline Options all_options(bool first_edition = false) {
  Options opt;
  opt.first_edition_small_city = opt.first_edition_farmers = first_edition;
  opt.river = opt.abbot = opt.inns_and_cathedrals = opt.traders_and_builders = opt.princess_and_dragon = opt.tower = true;
  opt.abbey_and_mayor = true;
  return opt;
}

// Random options for game number i: each expansion and rule option on or off by i's bits.
inline Options options_mix(unsigned i) {
  Options opt;
  opt.farmers = (i & 1) == 0;
  opt.first_edition_small_city = (i >> 1) & 1;
  opt.first_edition_farmers = (i >> 2) & 1;
  opt.river = (i >> 3) & 1;
  opt.abbot = (i >> 4) & 1;
  opt.inns_and_cathedrals = (i >> 5) & 1;
  opt.traders_and_builders = (i >> 6) & 1;
  opt.princess_and_dragon = (i >> 7) & 1;
  opt.tower = (i >> 8) & 1;
  opt.abbey_and_mayor = (i >> 9) & 1;
  return opt;
}

// Draws a random face-down tile the rules allow now (Phase::Draw), each tile equally likely.
inline void random_draw(Game& g, Rng& rng, Events* events = nullptr) {
  std::array<TileType, kMaxDeck> pile{};
  int n = 0;
  for (int t = 0; t < kTileTypes; ++t)
    for (int k = g.face_down(static_cast<TileType>(t)); k > 0; --k) pile[n++] = static_cast<TileType>(t);
  for (int i = n - 1; i > 0; --i) std::swap(pile[i], pile[rng.below(static_cast<uint32_t>(i + 1))]);
  for (int i = 0; i < n; ++i)  // the river's draws refuse some tiles (RiverFirst, LakeLast)
    if (g.draw(pile[i], events) == Status::Ok) return;
}

// One random step of whatever the phase asks: a placement, a figure action (one of
// figure_options with `figure_percent` odds, else none), the bonus tile taken or passed on,
// or a draw. Nothing when the game is over.
inline void random_step(Game& g, Rng& rng, Events* events = nullptr, int figure_percent = 50) {
  switch (g.phase()) {
    case Phase::PlaceTile:
      if (g.options().tower && rng.below(4) == 0) {  // now and then a ransom (The Tower), listed before the placements
        ChoiceBuffer list;
        if (list_choices(g, list) > 0 && list[0].option != 0) {
          decide(g, list[0], events);
          break;
        }
      }
      random_placement(g, rng);
      break;
    case Phase::PlaceMeeple: {
      FigureChoice opts[kMaxFigureOptions];
      const int k = g.figure_options(opts);
      if (k > 0 && static_cast<int>(rng.below(100)) < figure_percent) {
        // act(FigureChoice): an action on another tile (the fairy, the princess, the portal)
        // keeps its target
        g.act(opts[rng.below(static_cast<uint32_t>(k))], events);
      } else {
        g.act(Figure::Meeple, Location::None, events);
      }
      break;
    }
    case Phase::Decide:
      if (decision_kind(g) != DecisionKind::Bonus) {
        random_choice(g, rng, events);
        break;
      }
      if (rng.below(2)) g.take_bonus(events);
      else g.pass(events);
      break;
    case Phase::Draw: random_draw(g, rng, events); break;
    case Phase::GameOver: break;
  }
}

}  // namespace carc::test
