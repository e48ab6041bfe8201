// Traders & Builders (docs/expansions.md, "Traders & Builders"): goods taken by the player who
// completes a city and the 10-point majorities at the end; the builder, which goes onto a road
// or city holding one of its owner's meeples and earns its owner a bonus tile whenever a
// later tile of theirs extends that feature (one bonus tile a turn, which may be declined);
// the pig, which goes onto a field holding one of its owner's farmers and makes that field
// worth 4 per completed city to its owner if they win it (scoring.cpp).
#include <algorithm>

#include "carcassonne/game.hpp"
#include "carcassonne/scoring.hpp"

namespace carc {

// Whether the feature holds one of the current player's meeples or large meeples (their
// "meeple" for the builder, their "farmer" for the pig).
bool Game::holds_own_meeple(SegId root) const {
  for (int i = 0; i < nmeeples_; ++i) {
    const Meeple& m = meeples_[i];
    if (m.player == current_ && (m.kind == Figure::Meeple || m.kind == Figure::Large) && features_.find(m.seg) == root)
      return true;
  }
  return false;
}

// The builder or the pig onto the feature with root `root` of the tile just placed (not a
// garden: check_figure refuses that first).
Verdict Game::traders_check(Figure f, SegId root) const {
  const FeatureKind kind = features_.kind(root);
  if (f == Figure::Builder) {
    if (kind != FeatureKind::Road && kind != FeatureKind::City) return Verdict{Illegal::BuilderRoadOrCity};
    if (supply(current_, f) == 0) return Verdict{Illegal::NoSupply};
    if (!holds_own_meeple(root)) return Verdict{Illegal::BuilderNeedsMeeple};
    if (features_.root_counters(root).open == 0) return Verdict{Illegal::BuilderComplete};
    return Verdict{};
  }
  if (kind != FeatureKind::Field) return Verdict{Illegal::PigFieldOnly};
  if (!options_.farmers) return Verdict{Illegal::FarmersOff};
  if (supply(current_, f) == 0) return Verdict{Illegal::NoSupply};
  if (!holds_own_meeple(root)) return Verdict{Illegal::PigNeedsFarmer};
  return Verdict{};
}

// Bit p set if player p's pig is on the field with root `root`.
uint8_t Game::pigs_on(SegId root) const {
  unsigned pigs = 0;
  for (int i = 0; i < nmeeples_; ++i)
    if (meeples_[i].kind == Figure::Pig && features_.find(meeples_[i].seg) == root) pigs |= 1u << meeples_[i].player;
  return static_cast<uint8_t>(pigs);
}

// The builder's choices, then the pig's, on the tile just placed: each feature once, by its
// first location.
int Game::traders_options(FigureChoice* out) const {
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const auto& o = tiles::kOriented[pt.type][pt.rot];
  int n = 0;
  for (const Figure f : {Figure::Builder, Figure::Pig}) {
    if (supply(current_, f) == 0) continue;
    SegId seen[tiles::kMaxSegs];
    int nseen = 0;
    for (int i = 0; i < o.nchoices; ++i) {
      const Location loc = o.choices[i];
      const SegId r = features_.find(static_cast<SegId>(pt.seg_base + o.loc_seg[static_cast<int>(loc)]));
      if (std::find(seen, seen + nseen, r) != seen + nseen) continue;
      seen[nseen++] = r;
      if (features_.kind(r) == FeatureKind::Garden) continue;
      if (traders_check(f, r)) out[n++] = FigureChoice{f, loc};
    }
  }
  return n;
}

// Whether the tile just placed extends a road or city that holds the current player's
// builder, which stood there before this tile came (not the one deployed on it now).
bool Game::builder_extended() const {
  const int last = board_.tile_count() - 1;
  for (int i = 0; i < nmeeples_; ++i) {
    const Meeple& m = meeples_[i];
    if (m.player != current_ || m.kind != Figure::Builder || m.tile == last) continue;
    const SegId root = features_.find(m.seg);
    const PlacedTile& pt = board_.tile(last);
    const tiles::TileDef& d = tiles::kDefs[pt.type];
    for (int s = 0; s < d.nsegs; ++s)
      if (features_.find(static_cast<SegId>(pt.seg_base + s)) == root) return true;
    return false;  // a player has one builder
  }
  return false;
}

// The goods of the city just completed go to the player who completed it (the current
// player), whoever holds the city: one token per goods symbol on its tiles.
void Game::take_goods(SegId city, Events* events) {
  std::array<uint8_t, kGoodsKinds> taken{};
  features_.for_each_segment(city, [&](SegId s) {
    const PlacedTile& pt = board_.tile(features_.tile_of(s));
    const Goods g = tiles::kDefs[pt.type].segs[s - pt.seg_base].goods;
    if (g != Goods::None) ++taken[static_cast<int>(g) - 1];
  });
  if (taken == std::array<uint8_t, kGoodsKinds>{}) return;
  for (int k = 0; k < kGoodsKinds; ++k) goods_[current_][k] = static_cast<uint8_t>(goods_[current_][k] + taken[k]);
  if (!events) return;
  Event e = event_at(Event::Type::Goods, board_.tile_count() - 1, first_location_of(city));
  e.feature = FeatureKind::City;
  e.winners = static_cast<uint8_t>(1u << current_);
  e.goods = taken;
  events->push(e);
}

// The end of a placement with Traders & Builders: scoring, goods, and whether the builder's
// bonus tile is due (then Phase::Bonus, while tiles are left; true). Whether the builder
// earned it is decided before scoring, which may send the builder home.
bool Game::traders_finish_turn(Events* events) {
  const bool earned = !bonus_turn_ && builder_extended();
  for (int i = 0; i < npending_; ++i) {
    const SegId r = pending_[i];
    score_completed(r, events);
    if (features_.kind(r) == FeatureKind::City) take_goods(r, events);
  }
  npending_ = 0;
  bonus_turn_ = false;
  if (earned && drawn_ < deck_size_) {
    phase_ = Phase::Bonus;
    if (events) {
      Event e = event_at(Event::Type::Bonus, board_.tile_count() - 1, Location::None);
      e.winners = static_cast<uint8_t>(1u << current_);
      events->push(e);
    }
    return true;
  }
  return false;
}

// End of the game: for each kind of goods, 10 to every player with the most tokens (at
// least one).
void Game::score_goods(Events* events) {
  for (int k = 0; k < kGoodsKinds; ++k) {
    int most = 0;
    for (int p = 0; p < players_; ++p) most = std::max(most, static_cast<int>(goods_[p][k]));
    if (most == 0) continue;
    uint8_t winners = 0;
    for (int p = 0; p < players_; ++p)
      if (goods_[p][k] == most) {
        winners = static_cast<uint8_t>(winners | 1u << p);
        score_[p] += points::kGoodsMajority;
      }
    if (!events) continue;
    Event e{};
    e.type = Event::Type::GoodsBonus;
    e.discarded = kNoTile;
    e.end_game = true;
    e.tile = kNoTile;
    e.location = Location::None;
    e.winners = winners;
    e.points = points::kGoodsMajority;
    e.goods[k] = static_cast<uint8_t>(most);
    events->push(e);
  }
}

}  // namespace carc
