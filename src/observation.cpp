// The observation tensor, written plane by plane from the board, the meeples and the pile.
#include "carcassonne/observation.hpp"

#include <algorithm>
#include <array>

#include "carcassonne/queries.hpp"
#include "modules.hpp"

namespace carc::rl {

namespace {
// The first plane of each group (P = players): see the layout in observation.hpp.
constexpr int kEdgePlanes = 0, kMonasteryPlane = 12, kShieldPlane = 13, kMeeplePlanes = 14;

// The modules' parts of the observation: the parts always there (in the base layout, after
// its core planes and scalars; written whatever the mix, as a garden printed on another
// expansion's tile is one), then those of the modules in the mix, each in module order.
// Calls f(module, first plane, first scalar); returns the end.
struct Extent {
  int planes, scalars;
};
template <class F>
Extent each_part(Mix mix, int players, F&& f) {
  constexpr Mix all = static_cast<Mix>(kMixes - 1);
  int always_planes = 0;
  Modules::each(all, [&](auto m) { always_planes += decltype(m)::kObserved.always ? decltype(m)::kObserved.planes : 0; });
  Extent at{kBasePlanes - always_planes + players, 3 * players + kBaseScalars};
  auto part = [&](auto m) {
    constexpr Observed o = decltype(m)::kObserved;
    f(m, at.planes, at.scalars);
    at.planes += o.planes;
    at.scalars += o.seat_scalars * players + o.scalars;
  };
  Modules::each(all, [&](auto m) {
    if (decltype(m)::kObserved.always) part(m);
  });
  Modules::each(mix, [&](auto m) {
    if (!decltype(m)::kObserved.always) part(m);
  });
  return at;
}
}  // namespace

ObservationShape observation_shape(int players, const Options& options) {
  const Extent end = each_part(mix_of(options), players, [](auto, int, int) {});
  return ObservationShape{end.planes, 2 * kObservationReach + 1, end.scalars};
}

void observe(const Game& game, int observer, float* out) {
  const int P = game.players();
  const ObservationShape shape = observation_shape(game);
  const int R = kObservationReach, W = shape.side, area = W * W;
  const int kind_planes = kMeeplePlanes + P, open_plane = kind_planes + 4, fit_planes = open_plane + 1,
            placed_plane = fit_planes + 4;
  std::fill(out, out + shape.size(), 0.0f);
  auto inside = [](int x, int y) {
    return x >= -kObservationReach && x <= kObservationReach && y >= -kObservationReach && y <= kObservationReach;
  };
  auto cell = [&](int plane, int x, int y) -> float& { return out[plane * area + (y + R) * W + (x + R)]; };
  const Mix mix = mix_of(game.options());

  const Board& board = game.board();
  int outside = 0;
  for (int i = 0; i < board.tile_count(); ++i) {
    const PlacedTile& t = board.tile(i);
    if (!inside(t.x, t.y)) {
      ++outside;
      continue;
    }
    const uint8_t code = tiles::kOriented[t.type][t.rot].edge_code;
    // An edge that matches any (the abbey's) is on none of the edge planes.
    for (int s = 0; s < 4; ++s)
      if (const int e = (code >> (2 * s)) & 3) cell(kEdgePlanes + 3 * s + e - 1, t.x, t.y) = 1.0f;
    const tiles::TileDef& def = tiles::kDefs[t.type];
    for (int k = 0; k < def.nsegs; ++k) {
      if (def.segs[k].kind == FeatureKind::Monastery) cell(kMonasteryPlane, t.x, t.y) = 1.0f;
      if (def.segs[k].kind == FeatureKind::City && def.segs[k].shields) cell(kShieldPlane, t.x, t.y) = 1.0f;
    }
  }
  for (const Meeple& m : game.meeples()) {
    const PlacedTile& t = board.tile(m.tile);
    if (!inside(t.x, t.y)) continue;
    const uint8_t seg = tiles::kOriented[t.type][t.rot].loc_seg[static_cast<int>(m.location)];
    cell(kMeeplePlanes + (m.player - observer + P) % P, t.x, t.y) = 1.0f;
    const FeatureKind kind = tiles::kDefs[t.type].segs[seg].kind;
    if (kind != FeatureKind::Garden) cell(kind_planes + static_cast<int>(kind), t.x, t.y) = 1.0f;  // gardens: planes of their own
  }
  for (int i = 0; i < board.open_count(); ++i) {
    const OpenCell& o = board.open(i);
    if (inside(o.x, o.y)) cell(open_plane, o.x, o.y) = 1.0f;
  }
  if (game.phase() == Phase::PlaceTile) {
    PlacementBuffer buf;
    const int n = game.legal_placements(buf);
    for (int i = 0; i < n; ++i)
      if (inside(buf[i].x, buf[i].y)) cell(fit_planes + buf[i].rot, buf[i].x, buf[i].y) = 1.0f;
  }
  if (game.phase() == Phase::PlaceMeeple) {
    const PlacedTile& t = board.tile(board.tile_count() - 1);
    if (inside(t.x, t.y)) cell(placed_plane, t.x, t.y) = 1.0f;
  }

  float* s = out + shape.planes * area;
  for (int k = 0; k < P; ++k) {
    const int p = (observer + k) % P;
    s[k] = static_cast<float>(game.score(p));
    s[P + k] = static_cast<float>(game.supply(p));
    s[2 * P + k] = !game.over() && game.current_player() == p ? 1.0f : 0.0f;
  }
  s += 3 * P;
  const int phase = static_cast<int>(game.phase());
  if (phase < 4) s[phase] = 1.0f;  // a module's own phase has a scalar of its module's
  s += 4;
  if (game.current_tile() != kNoTile) s[game.current_tile()] = 1.0f;
  s += kTileTypes;
  std::array<int, kTileTypes> counts;
  remaining_tiles(game, counts);
  for (int t = 0; t < kTileTypes; ++t) s[t] = static_cast<float>(counts[t]);
  s[kTileTypes] = static_cast<float>(outside);

  // The modules' planes and scalars.
  float* const scalars = out + shape.planes * area;
  each_part(mix, P, [&](auto m, int first_plane, int first_scalar) {
    using M = decltype(m);
    const Planes planes{out, first_plane, area, W, R};
    for (int i = 0; i < board.tile_count(); ++i)
      if (const PlacedTile& t = board.tile(i); inside(t.x, t.y)) M::observe_tile(t, planes);
    for (const Meeple& fig : game.meeples())
      if (const PlacedTile& t = board.tile(fig.tile); inside(t.x, t.y)) M::observe_figure(fig, t, planes);
    M::observe_board(game, planes);
    M::observe_scalars(game, observer, scalars + first_scalar);
  });
}

}  // namespace carc::rl
