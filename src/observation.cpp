// The observation tensor, written plane by plane from the board, the meeples and the pile.
#include "carcassonne/observation.hpp"

#include <algorithm>
#include <array>

#include "carcassonne/queries.hpp"

namespace carc::rl {

namespace {
// The first plane of each group (P = players): see the layout in observation.hpp.
constexpr int kEdgePlanes = 0, kMonasteryPlane = 12, kShieldPlane = 13, kMeeplePlanes = 14;
}  // namespace

ObservationShape observation_shape(int players, const Options& options) {
  ObservationShape s{kBasePlanes + players, 2 * kObservationReach + 1, 4 * players + kBaseScalars};
  if (options.inns_and_cathedrals) s.planes += kInnsPlanes, s.scalars += kInnsSeatScalars * players;
  if (options.traders_and_builders)
    s.planes += kTradersPlanes, s.scalars += kTradersSeatScalars * players + kTradersScalars;
  return s;
}

void observe(const Game& game, int observer, float* out) {
  const int P = game.players();
  const ObservationShape shape = observation_shape(game);
  const int R = kObservationReach, W = shape.side, area = W * W;
  const int kind_planes = kMeeplePlanes + P, open_plane = kind_planes + 4, fit_planes = open_plane + 1,
            placed_plane = fit_planes + 4, garden_plane = placed_plane + 1, abbot_plane = garden_plane + 1,
            river_plane = abbot_plane + 1;
  // The expansions' planes follow the base ones, each group only when its option is on.
  const bool inns = game.options().inns_and_cathedrals, traders = game.options().traders_and_builders;
  const int inn_plane = river_plane + 1, cathedral_plane = inn_plane + 1, large_plane = cathedral_plane + 1;
  const int goods_planes = inns ? large_plane + 1 : inn_plane, builder_plane = goods_planes + kGoodsKinds,
            pig_plane = builder_plane + 1;
  std::fill(out, out + shape.size(), 0.0f);
  auto inside = [](int x, int y) {
    return x >= -kObservationReach && x <= kObservationReach && y >= -kObservationReach && y <= kObservationReach;
  };
  auto cell = [&](int plane, int x, int y) -> float& { return out[plane * area + (y + R) * W + (x + R)]; };

  const Board& board = game.board();
  int outside = 0;
  for (int i = 0; i < board.tile_count(); ++i) {
    const PlacedTile& t = board.tile(i);
    if (!inside(t.x, t.y)) {
      ++outside;
      continue;
    }
    const uint8_t code = tiles::kOriented[t.type][t.rot].edge_code;
    for (int s = 0; s < 4; ++s) cell(kEdgePlanes + 3 * s + ((code >> (2 * s)) & 3) - 1, t.x, t.y) = 1.0f;
    const tiles::TileDef& def = tiles::kDefs[t.type];
    for (int k = 0; k < def.nsegs; ++k) {
      if (def.segs[k].kind == FeatureKind::Monastery) cell(kMonasteryPlane, t.x, t.y) = 1.0f;
      if (def.segs[k].kind == FeatureKind::City && def.segs[k].shields) cell(kShieldPlane, t.x, t.y) = 1.0f;
      if (def.segs[k].kind == FeatureKind::Garden) cell(garden_plane, t.x, t.y) = 1.0f;
      if (inns && (def.segs[k].marks & tiles::kInn)) cell(inn_plane, t.x, t.y) = 1.0f;
      if (inns && (def.segs[k].marks & tiles::kCathedral)) cell(cathedral_plane, t.x, t.y) = 1.0f;
      if (traders && def.segs[k].goods != Goods::None)
        cell(goods_planes + static_cast<int>(def.segs[k].goods) - 1, t.x, t.y) = 1.0f;
    }
    if (def.river) cell(river_plane, t.x, t.y) = 1.0f;  // river tiles, and they alone, show river edges
  }
  for (const Meeple& m : game.meeples()) {
    const PlacedTile& t = board.tile(m.tile);
    if (!inside(t.x, t.y)) continue;
    const uint8_t seg = tiles::kOriented[t.type][t.rot].loc_seg[static_cast<int>(m.location)];
    cell(kMeeplePlanes + (m.player - observer + P) % P, t.x, t.y) = 1.0f;
    const FeatureKind kind = tiles::kDefs[t.type].segs[seg].kind;
    if (kind != FeatureKind::Garden) cell(kind_planes + static_cast<int>(kind), t.x, t.y) = 1.0f;  // gardens: planes of their own
    if (m.kind == Figure::Abbot) cell(abbot_plane, t.x, t.y) = 1.0f;
    if (m.kind == Figure::Large) cell(large_plane, t.x, t.y) = 1.0f;
    if (m.kind == Figure::Builder) cell(builder_plane, t.x, t.y) = 1.0f;
    if (m.kind == Figure::Pig) cell(pig_plane, t.x, t.y) = 1.0f;
  }
  for (int i = 0; i < board.open_count(); ++i) {
    const OpenCell& o = board.open(i);
    if (inside(o.x, o.y)) cell(open_plane, o.x, o.y) = 1.0f;
  }
  if (game.phase() == Phase::PlaceTile) {
    Placement buf[kMaxPlacements];
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
  if (game.phase() != Phase::Bonus) s[static_cast<int>(game.phase())] = 1.0f;  // Bonus: a T&B scalar
  s += 4;
  if (game.current_tile() != kNoTile) s[game.current_tile()] = 1.0f;
  s += kTileTypes;
  std::array<int, kTileTypes> counts;
  remaining_tiles(game, counts);
  for (int t = 0; t < kTileTypes; ++t) s[t] = static_cast<float>(counts[t]);
  s[kTileTypes] = static_cast<float>(outside);
  s += kTileTypes + 1;
  for (int k = 0; k < P; ++k) s[k] = static_cast<float>(game.supply((observer + k) % P, Figure::Abbot));
  s += P;
  if (inns) {
    for (int k = 0; k < P; ++k) s[k] = static_cast<float>(game.supply((observer + k) % P, Figure::Large));
    s += P;
  }
  if (traders) {
    for (int k = 0; k < P; ++k) {
      const int p = (observer + k) % P;
      s[k] = static_cast<float>(game.supply(p, Figure::Builder));
      s[P + k] = static_cast<float>(game.supply(p, Figure::Pig));
      for (int g = 0; g < kGoodsKinds; ++g) s[2 * P + kGoodsKinds * k + g] = static_cast<float>(game.goods(p, static_cast<Goods>(g + 1)));
    }
    s += (2 + kGoodsKinds) * P;
    s[0] = game.phase() == Phase::Bonus ? 1.0f : 0.0f;
    s[1] = game.bonus_turn() ? 1.0f : 0.0f;
  }
}

}  // namespace carc::rl
