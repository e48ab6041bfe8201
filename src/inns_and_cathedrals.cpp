// Inns & Cathedrals (docs/expansions.md, "Inns & Cathedrals"): the large meeple, which goes
// wherever a meeple may and weighs 2 in every majority (kFigureWeight); inns and cathedrals
// are marks of its tiles' roads and cities, which double the feature's worth when it is
// completed and make it worth nothing at the end (the values in scoring.hpp).
#include "inns_and_cathedrals.hpp"

namespace carc {

int Module<Expansion::InnsAndCathedrals>::figure_options(const Game& g, FigureChoice* out) {
  if (!g.supply(g.current_, Figure::Large)) return 0;
  Location locs[kMaxMeepleOptions];
  const int k = g.free_locations(locs);
  for (int i = 0; i < k; ++i) out[i] = FigureChoice{Figure::Large, locs[i]};
  return k;
}

}  // namespace carc
