// The Inns & Cathedrals module (inns_and_cathedrals.cpp; docs/expansions.md, "Inns &
// Cathedrals").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::InnsAndCathedrals> : Hooks {
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::InnsAndCathedrals;
  // The large meeple counts twice in a majority; the greedy bot keeps it for one that needs it.
  static constexpr std::array<FigureKind, 1> kFigures{{
      {Figure::Large, "large meeple", "L:", Reach::Feature, 'L', 2, "large", {}, "1.7"},
  }};
  static int figure_options(const Game& g, FigureChoice* out);
  // Its tiles carry the inn and cathedral marks (tiles::kInn, tiles::kCathedral) that the
  // feature values read (scoring.cpp); without it no feature has any.
  static constexpr bool kMarks = true;
};

}  // namespace carc
