// The River module (river.cpp; docs/expansions.md, "The River").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::River> : Hooks {
  static constexpr TileType kStartTile = tiles::kSpring;
  static void set_up(Game& g);
  static bool places(TileType t) { return tiles::is_river(t); }
  static Verdict check_fit(const Game& g, TileType t, Placement p);
  static int placements(const Game& g, TileType t, Placement* out);
  static Placement random_placement(const Game& g, TileType t, Rng& rng);
  static bool check_blocked(const Game& g, TileType t, Placement p, Verdict* v);
  static void placed(Game& g, TileType t, Placement p) {
    if (tiles::kOriented[t][p.rot].river) moved_on(g, t, p);
  }
  static bool check_draw(const Game& g, TileType t, Verdict* v);

 private:
  static void moved_on(Game& g, TileType t, Placement p);
};

}  // namespace carc
