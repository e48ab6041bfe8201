// The River module (river.cpp; docs/expansions.md, "The River").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::River> : Hooks {
  static constexpr bool is_river(TileType t) { return tiles::kDefs[t].set == tiles::raw::TileSet::River; }

  static constexpr TileType kStartTile = tiles::kSpring;
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::River;
  // The river tiles are drawn first, the lake last of them.
  static constexpr bool dealt_first(TileType t) { return is_river(t); }
  static void check_order(std::span<const TileType> order);
  static void set_up(Game& g);
  static bool places(TileType t) { return is_river(t); }
  static Verdict check_fit(const Game& g, TileType t, Placement p);
  static int placements(const Game& g, TileType t, Placement* out);
  static Placement random_placement(const Game& g, TileType t, Rng& rng);
  static bool check_blocked(const Game& g, TileType t, Placement p, Verdict* v);
  static void placed(Game& g, TileType t, Placement p) {
    if (tiles::kOriented[t][p.rot].river) moved_on(g, t, p);
  }
  static bool check_draw(const Game& g, TileType t, Verdict* v);
  // Its plane (a river tile) is part of the base layout.
  static constexpr Observed kObserved{1, 0, 0, true};
  static void observe_tile(const PlacedTile& t, const Planes& planes) {
    if (is_river(t.type)) planes.at(0, t.x, t.y) = 1.0f;
  }

 private:
  static void moved_on(Game& g, TileType t, Placement p);
  static bool next_is_river(const Game& g) { return g.drawn_ < g.deck_size_ && is_river(g.deck_[g.drawn_]); }
};

}  // namespace carc
