// The Abbot module (abbot.cpp; docs/expansions.md, "The Abbot").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::Abbot> : Hooks {
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::Abbot;
  // The abbot goes only onto the centre; the recall is an action without a figure, which the
  // projection cannot weigh (its points come now instead of at the end).
  static constexpr std::array<FigureKind, 2> kFigures{{
      {Figure::Abbot, "abbot", "A:", Reach::Centre, 0, 1, "abbot"},
      {Figure::Recall, "recall", "recall", Reach::Nowhere, 0, 1},
  }};
  static int figure_options(const Game& g, FigureChoice* out);
  // Its planes (a garden, an abbot on the tile) and its seat scalar (the abbot in supply) are
  // part of the base layout.
  static constexpr Observed kObserved{2, 1, 0, true};
  static void observe_tile(const PlacedTile& t, const Planes& planes) {
    const tiles::TileDef& def = tiles::kDefs[t.type];
    if (def.centre != tiles::kNoSeg && def.segs[def.centre].kind == FeatureKind::Garden) planes.at(0, t.x, t.y) = 1.0f;
  }
  static void observe_figure(const Meeple& m, const PlacedTile& t, const Planes& planes) {
    if (m.kind == Figure::Abbot) planes.at(1, t.x, t.y) = 1.0f;
  }
  static void observe_scalars(const Game& g, int observer, float* s) {
    for (int k = 0; k < g.players(); ++k) s[k] = static_cast<float>(g.supply((observer + k) % g.players(), Figure::Abbot));
  }
  static bool check_action(const Game& g, Figure f, Location loc, Verdict* v);
  static bool check_deploy(const Game& g, Figure f, SegId root, Verdict* v);
  static bool act(Game& g, Figure f, Location loc, Events* events);
  // A recall scores an abbot anywhere on the board, which the projection does not follow.
  static bool projects(const FigureChoice& c) { return c.figure != Figure::Recall; }
  // A recall is taken where the player's abbot stands.
  static bool option_place(const Game& g, const Choice& c, int& x, int& y, Location& loc);

 private:
  static Verdict check(const Game& g, Figure f, Location loc);
  static void recall(Game& g, Events* events);
};

}  // namespace carc
