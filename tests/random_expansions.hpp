// Random games with the expansions for the record, history and picture tests: any legal
// action in any phase (figure actions of every kind, the builder's bonus tile taken or
// passed on, caller draws that follow the river's rules), and games with every mix of
// options, seeded, in a fixed order or drawn by the caller.
#pragma once

#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

namespace carc::test {

// One random legal action of the game's phase: a placement, a figure action or none, the
// bonus tile taken or passed on, a face-down tile drawn. Nothing when the game is over.
inline void random_action(Game& g, Rng& rng, Events* events = nullptr) {
  switch (g.phase()) {
    case Phase::PlaceTile: {
      Placement buf[kMaxPlacements];
      const int n = g.legal_placements(buf);
      g.place(buf[rng.below(static_cast<uint32_t>(n))]);
      return;
    }
    case Phase::PlaceMeeple: {
      FigureChoice opts[kMaxFigureOptions];
      const int k = g.figure_options(opts);
      const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
      if (pick == static_cast<uint32_t>(k)) g.deploy(Location::None, events);
      else g.act(opts[pick].figure, opts[pick].location, events);
      return;
    }
    case Phase::Decide:
      if (decision_kind(g) != DecisionKind::Bonus) {
        random_choice(g, rng, events);
        break;
      }
      if (rng.below(3) == 0) g.pass(events);  // mostly taken: bonus tiles are what is tested
      else g.take_bonus(events);
      return;
    case Phase::Draw: {
      // A uniform face-down tile among those the rules let come next (river first, lake last).
      std::vector<TileType> down;
      for (int t = 0; t < kTileTypes; ++t)
        for (int i = g.face_down(static_cast<TileType>(t)); i > 0; --i) down.push_back(static_cast<TileType>(t));
      while (!down.empty()) {
        const size_t at = rng.below(static_cast<uint32_t>(down.size()));
        if (g.draw(down[at], events) == Status::Ok) return;
        down.erase(down.begin() + static_cast<std::ptrdiff_t>(at));
      }
      return;
    }
    case Phase::GameOver: return;
  }
}

// The options of mix i: bits 0..3 switch river, abbot, Inns & Cathedrals, Traders &
// Builders (every one of the 16 mixes in turn), then farmers and the first-edition rules.
// The tests over these games model the turn of those four (the bonus tile the only decision
// of Phase::Decide); Princess & Dragon, The Tower and Abbey & Mayor, whose decisions come
// anywhere in a turn, are played in every mix by random_play.hpp's options_mix
// (test_random_games.cpp, test_actions.cpp, test_limits.cpp), the soak and the fuzzers.
inline Options mixed_options(int i) {
  Options o;
  o.river = i & 1;
  o.abbot = (i >> 1) & 1;
  o.inns_and_cathedrals = (i >> 2) & 1;
  o.traders_and_builders = (i >> 3) & 1;
  o.farmers = (i / 16) % 3 != 2;
  o.first_edition_small_city = (i / 16) % 5 == 1;
  o.first_edition_farmers = (i / 16) % 3 == 1;
  return o;
}

// Game i of a series over every mix of options: 2 to 5 players; seeded, a fixed order
// (the whole pile or cut short) or caller draws, in turn.
inline Game mixed_game(int i) {
  const Options o = mixed_options(i);
  const int players = 2 + (i / 3) % 4;
  const uint64_t seed = 5000 + static_cast<uint64_t>(i);
  switch (i % 3) {
    case 0: return Game(players, seed, o);
    case 1: {
      const Game shuffled(players, seed, o);
      const auto order = shuffled.draw_order();
      return Game(players, order.first(i % 2 ? order.size() : order.size() / 3), o);
    }
    default: return Game(players, CallerDraws{}, o);
  }
}

}  // namespace carc::test
