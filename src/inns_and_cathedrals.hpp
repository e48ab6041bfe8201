// The Inns & Cathedrals module (inns_and_cathedrals.cpp; docs/expansions.md, "Inns &
// Cathedrals").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::InnsAndCathedrals> : Hooks {
  static int figure_options(const Game& g, FigureChoice* out);
  // Its tiles carry the inn and cathedral marks (tiles::kInn, tiles::kCathedral) that the
  // feature values read (scoring.cpp); without it no feature has any.
  static constexpr bool kMarks = true;
};

}  // namespace carc
