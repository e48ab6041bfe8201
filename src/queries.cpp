// Front-end queries, answered from the board, the features and the draw pile.
#include "carcassonne/queries.hpp"

#include "carcassonne/scoring.hpp"
#include "modules.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace carc {

int remaining_tiles(const Game& game, std::array<int, kTileTypes>& counts) {
  counts.fill(0);
  const auto order = game.draw_order();
  for (int i = game.drawn(); i < static_cast<int>(order.size()); ++i) counts[order[i]]++;
  return game.tiles_in_pile();
}

void next_tile_probabilities(const Game& game, std::array<double, kTileTypes>& probability) {
  std::array<int, kTileTypes> counts;
  remaining_tiles(game, counts);
  // Only the tiles the modules let come next (while river tiles are face down, one of them,
  // the lake only as the last).
  int total = 0;
  for (int t = 0; t < kTileTypes; ++t) {
    if (counts[t] && !game.may_come_next(static_cast<TileType>(t))) counts[t] = 0;
    total += counts[t];
  }
  for (int t = 0; t < kTileTypes; ++t) probability[t] = total ? static_cast<double>(counts[t]) / total : 0.0;
}

int frontier(const Game& game, FrontierCell* out) {
  std::array<int, kTileTypes> counts;
  remaining_tiles(game, counts);
  if (game.phase() == Phase::PlaceTile) counts[game.current_tile()]++;
  const Board& b = game.board();
  int n = b.open_count();
  for (int i = 0; i < n; ++i) {
    const OpenCell& o = b.open(i);
    bool dead = true;
    for (int t = 0; t < kTileTypes && dead; ++t) dead = counts[t] == 0 || tiles::kFit[t][o.req] == 0;
    out[i] = FrontierCell{o.x, o.y, o.req, 0, dead};
  }
  // The river's open end: only river tiles go there (no other tile fits a blocked cell).
  int x = 0, y = 0;
  Side entry = North;
  if (game.river_open(x, y, entry)) {
    bool dead = true;
    for (int t = 0; t < kTileTypes && dead; ++t)
      dead = counts[t] == 0 || fitting_rotations(game, static_cast<TileType>(t), x, y) == 0;
    out[n++] = FrontierCell{static_cast<int8_t>(x), static_cast<int8_t>(y), 0, static_cast<uint8_t>(1u << entry), dead};
  }
  std::sort(out, out + n, [](const FrontierCell& a, const FrontierCell& c) {
    return a.y != c.y ? a.y < c.y : a.x < c.x;
  });
  return n;
}

uint8_t fitting_rotations(const Game& game, TileType t, int x, int y) {
  if (t >= kTileTypes) return 0;
  if (owned_by_module(t)) {  // placed where its module says (the river tiles)
    uint8_t m = 0;
    for (int r = 0; r < 4; ++r)
      if ((tiles::kDefs[t].symmetry >> r & 1) && game.check_fit(t, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(r)}))
        m = static_cast<uint8_t>(m | (1u << r));
    return m;
  }
  const OpenCell* o = game.board().open_at(x, y);
  if (!o) return 0;
  return tiles::kFit[t][o->req];  // each distinct picture once, as the placement list has it
}

int discarded_tiles(const Game& game, TileType* out) {
  int n = 0;
  for (int i = 0; i < game.drawn(); ++i)
    if (game.discarded(i)) out[n++] = game.drawn_tiles()[static_cast<size_t>(i)];
  return n;
}

std::array<int32_t, kMaxPlayers> current_scores(const Game& game) {
  std::array<int32_t, kMaxPlayers> s{};
  for (int p = 0; p < game.players(); ++p) s[p] = game.score(p);
  return s;
}

std::array<int32_t, kMaxPlayers> projected_scores(const Game& game) { return game.final_scores_now(); }

Status inspect_feature(const Game& game, int x, int y, Location loc, FeatureInfo& out, std::string* error) {
  const Board& b = game.board();
  const int index = b.tile_index_at(x, y);
  if (index < 0) {
    if (error) *error = fmt::format("no tile is placed at {},{}", x, y);
    return Status::InvalidArgument;
  }
  const PlacedTile& pt = b.tile(index);
  const uint8_t local = static_cast<int>(loc) < kLocationCount
                            ? tiles::kOriented[pt.type][pt.rot].loc_seg[static_cast<int>(loc)]
                            : tiles::kNoSeg;
  if (local == tiles::kNoSeg) {
    if (error)
      *error = fmt::format("the {} at {},{} has no feature at {}", tile_name(pt.type), x, y, location_name(loc));
    return Status::InvalidArgument;
  }
  const Features& f = game.features();
  const SegId root = f.find(static_cast<SegId>(pt.seg_base + local));
  const FeatureCounters& c = f.root_counters(root);

  FeatureInfo info;
  info.kind = c.kind;
  std::array<bool, kTotalTiles> on{};
  f.for_each_segment(root, [&](SegId s) { on[f.tile_of(s)] = true; });
  for (int i = 0; i < kTotalTiles; ++i)
    if (on[i]) info.tile_indices[info.tiles++] = static_cast<uint8_t>(i);
  for (const Meeple& m : game.meeples())
    if (f.find(m.seg) == root) info.meeples[m.player] += figure_strength(m.kind, f.root_counters(root).shields);
  const int most = *std::max_element(info.meeples.begin(), info.meeples.end());
  for (int p = 0; p < game.players() && most > 0; ++p)
    if (info.meeples[p] == most) info.majority = static_cast<uint8_t>(info.majority | (1u << p));

  FeatureSize size{c.kind, info.tiles, c.shields};
  size.marks = game.feature_marks(root);
  each_module(mix_of(game.options()), [&](auto m) { decltype(m)::feature_info(game, root, info); });
  switch (c.kind) {
    case FeatureKind::Road:
    case FeatureKind::City:
      info.open_edges = c.open;
      info.completed = c.open == 0;
      break;
    case FeatureKind::Monastery:
    case FeatureKind::Garden:
      size.tiles = 0;
      size.neighbours = b.neighbours8(pt);
      info.completed = size.neighbours == 8;
      break;
    case FeatureKind::Field:
      size.tiles = 0;
      size.cities = info.cities = game.completed_cities_touching(root);
      break;
  }
  if (c.kind == FeatureKind::City) info.shields = c.shields;
  info.value_complete = value_completed(size, game.options());
  // A completed road, city or monastery has scored already: nothing is left for the end.
  info.value_end = info.completed ? 0 : value_at_end(size, game.options());
  out = info;
  return Status::Ok;
}

}  // namespace carc
