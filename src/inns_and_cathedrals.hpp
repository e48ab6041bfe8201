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
  // Planes: an inn, a cathedral, a large meeple on the tile; per seat, the large meeple in
  // supply.
  static constexpr Observed kObserved{rl::kInnsPlanes, rl::kInnsSeatScalars, 0};
  static void observe_tile(const PlacedTile& t, const Planes& planes) {
    const tiles::TileDef& def = tiles::kDefs[t.type];
    for (int k = 0; k < def.nsegs; ++k) {
      if (def.segs[k].marks & tiles::kInn) planes.at(0, t.x, t.y) = 1.0f;
      if (def.segs[k].marks & tiles::kCathedral) planes.at(1, t.x, t.y) = 1.0f;
    }
  }
  static void observe_figure(const Meeple& m, const PlacedTile& t, const Planes& planes) {
    if (m.kind == Figure::Large) planes.at(2, t.x, t.y) = 1.0f;
  }
  static void observe_scalars(const Game& g, int observer, float* s) {
    for (int k = 0; k < g.players(); ++k) s[k] = static_cast<float>(g.supply((observer + k) % g.players(), Figure::Large));
  }
  // Its tiles carry the inn and cathedral marks (tiles::kInn, tiles::kCathedral) that the
  // feature values read (scoring.cpp); without it no feature has any.
  static constexpr bool kMarks = true;
  static void feature_info(const Game& g, SegId root, FeatureInfo& info) {
    const uint8_t marks = g.feature_marks(root);
    info.inn = info.kind == FeatureKind::Road && (marks & tiles::kInn);
    info.cathedral = info.kind == FeatureKind::City && (marks & tiles::kCathedral);
  }
};

}  // namespace carc
