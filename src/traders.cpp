// Traders & Builders (docs/expansions.md, "Traders & Builders"): goods taken by the player who
// completes a city and the 10-point majorities at the end; the builder, which goes onto a road
// or city holding one of its owner's meeples and earns its owner a bonus tile whenever a
// later tile of theirs extends that feature (one bonus tile a turn, which may be declined);
// the pig, which goes onto a field holding one of its owner's farmers and makes that field
// worth 4 per completed city to its owner if they win it.
#include <algorithm>

#include "traders.hpp"

#include "modules.hpp"

namespace carc {

using TradersAndBuilders = Module<Expansion::TradersAndBuilders>;

namespace {
// The figure kinds that claim a road, city or field, weighing in its majority, as bits (a
// mask: this test runs for every builder and pig option; the abbot weighs but claims none).
constexpr unsigned kClaims = [] {
  unsigned m = 0;
  for (const FigureRow& r : kFigureRows)
    if (r.kind.reach == Reach::Feature && kFigureWeight[static_cast<size_t>(r.kind.figure)] > 0) m |= bit(r.kind.figure);
  return m;
}();

// One of the current player's figures with a claim on its feature (a meeple or the large
// meeple): the builder's "meeple", the pig's "farmer".
bool own_claim(const Game& g, const Meeple& m) {
  return m.player == g.current_player() && ((kClaims >> static_cast<unsigned>(m.kind)) & 1u);
}
}  // namespace

// Whether the feature holds one of the current player's meeples or large meeples (their
// "meeple" for the builder, their "farmer" for the pig): a figure that weighs in its
// majority.
bool TradersAndBuilders::holds_own_meeple(const Game& g, SegId root) {
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (own_claim(g, m) && g.features_.find(m.seg) == root) return true;
  }
  return false;
}

// The builder or the pig onto the feature with root `root` of the tile just placed (not a
// garden: check_figure refuses that first).
template <class Holds>
Verdict TradersAndBuilders::check(const Game& g, Figure f, SegId root, Holds&& holds) {
  const FeatureKind kind = g.features_.kind(root);
  if (f == Figure::Builder) {
    if (kind != FeatureKind::Road && kind != FeatureKind::City) return Verdict{Illegal::BuilderRoadOrCity};
    if (g.supply(g.current_, f) == 0) return Verdict{Illegal::NoSupply};
    if (!holds()) return Verdict{Illegal::BuilderNeedsMeeple};
    if (g.features_.root_counters(root).open == 0) return Verdict{Illegal::BuilderComplete};
    return Verdict{};
  }
  if (kind != FeatureKind::Field) return Verdict{Illegal::PigFieldOnly};
  if (!g.options_.farmers) return Verdict{Illegal::FarmersOff};
  if (g.supply(g.current_, f) == 0) return Verdict{Illegal::NoSupply};
  if (!holds()) return Verdict{Illegal::PigNeedsFarmer};
  return Verdict{};
}

Verdict TradersAndBuilders::check(const Game& g, Figure f, SegId root) {
  return check(g, f, root, [&] { return holds_own_meeple(g, root); });
}

// A garden is no feature for the builder or the pig: the core's rule for gardens decides.
bool TradersAndBuilders::check_deploy(const Game& g, Figure f, SegId root, Verdict* v) {
  if ((f != Figure::Builder && f != Figure::Pig) || g.features_.kind(root) == FeatureKind::Garden) return false;
  *v = check(g, f, root);
  return true;
}

// The builder's choices, then the pig's, on the tile just placed: each feature once, by its
// first location. Both need a feature holding one of the current player's meeples: the
// tile's features that hold any figure with a claim come first (often none: then there is
// nothing to list), and only then the current player's meeples, whose features those must
// be; check() decides the rest.
int TradersAndBuilders::figure_options(const Game& g, FigureChoice* out) {
  if (g.supply(g.current_, Figure::Builder) == 0 && (g.supply(g.current_, Figure::Pig) == 0 || !g.options_.farmers))
    return 0;
  const PlacedTile& pt = g.board_.tile(g.board_.tile_count() - 1);
  const auto& o = tiles::kOriented[pt.type][pt.rot];
  std::array<SegId, tiles::kMaxSegs> roots;  // the tile's claimed features, each once
  std::array<Location, tiles::kMaxSegs> locs;
  int nroots = 0;
  for (int i = 0; i < o.nchoices; ++i) {
    const Location loc = o.choices[i];
    const SegId r = g.features_.find(static_cast<SegId>(pt.seg_base + o.loc_seg[static_cast<int>(loc)]));
    if (g.features_.root_counters(r).meeples == 0) continue;
    bool listed = false;
    for (int j = 0; j < nroots; ++j) listed |= roots[static_cast<size_t>(j)] == r;
    if (listed) continue;
    roots[static_cast<size_t>(nroots)] = r;
    locs[static_cast<size_t>(nroots++)] = loc;
  }
  if (nroots == 0) return 0;
  unsigned own = 0;  // bit j: roots[j] holds one of the current player's meeples
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (!own_claim(g, m)) continue;
    const SegId r = g.features_.find(m.seg);
    for (int j = 0; j < nroots; ++j) own |= static_cast<unsigned>(roots[static_cast<size_t>(j)] == r) << j;
  }
  int n = 0;
  for (const Figure f : {Figure::Builder, Figure::Pig})
    for (int j = 0; j < nroots; ++j)
      if ((own >> j & 1u) && check(g, f, roots[static_cast<size_t>(j)], [] { return true; }))
        out[n++] = FigureChoice{f, locs[static_cast<size_t>(j)]};
  return n;
}

// Whether the tile just placed extends a road or city that holds the current player's
// builder, which stood there before this tile came (not the one deployed on it now).
bool TradersAndBuilders::builder_extended(const Game& g) {
  if (g.supply(g.current_, Figure::Builder) > 0) return false;  // not on the board
  const int last = g.board_.tile_count() - 1;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (m.player != g.current_ || m.kind != Figure::Builder || m.tile == last) continue;
    const SegId root = g.features_.find(m.seg);
    const PlacedTile& pt = g.board_.tile(last);
    const tiles::TileDef& d = tiles::kDefs[pt.type];
    // The tile's roads and cities come before its fields (a centre first, if it has one).
    for (int s = 0; s < d.nsegs && d.segs[s].kind != FeatureKind::Field; ++s)
      if ((d.segs[s].kind == FeatureKind::Road || d.segs[s].kind == FeatureKind::City) &&
          g.features_.find(static_cast<SegId>(pt.seg_base + s)) == root)
        return true;
    return false;  // a player has one builder
  }
  return false;
}

// The goods of a city the placement completed go to the player who completed it (the
// current player), whoever holds the city: one token per goods symbol on its tiles.
void TradersAndBuilders::take_goods(Game& g, SegId city, Events* events) {
  std::array<uint8_t, kGoodsKinds> taken{};
  g.features_.for_each_segment(city, [&](SegId s) {
    const PlacedTile& pt = g.board_.tile(g.features_.tile_of(s));
    const Goods goods = tiles::kDefs[pt.type].segs[s - pt.seg_base].goods;
    if (goods != Goods::None) ++taken[static_cast<int>(goods) - 1];
  });
  if (taken == std::array<uint8_t, kGoodsKinds>{}) return;
  auto& goods = g.modules_.traders.goods[g.current_];
  for (int k = 0; k < kGoodsKinds; ++k) goods[k] = static_cast<uint8_t>(goods[k] + taken[k]);
  if (!events) return;
  Event e = g.event_at(Event::Type::Goods, g.board_.tile_count() - 1, g.first_location_of(city));
  e.feature = FeatureKind::City;
  e.winners = static_cast<uint8_t>(1u << g.current_);
  e.goods = taken;
  events->push(e);
}

void TradersAndBuilders::bonus_due(Game& g, Events* events) {
  g.phase_ = Phase::Decide;
  g.decision_ = static_cast<uint8_t>(DecisionKind::Bonus);
  announce(g, events);
}

void TradersAndBuilders::announce(Game& g, Events* events) {
  if (!events) return;
  Event e = g.event_at(Event::Type::Bonus, g.board_.tile_count() - 1, Location::None);
  e.winners = static_cast<uint8_t>(1u << g.current_);
  events->push(e);
}

// The same player draws and places the bonus tile, which earns no other.
void TradersAndBuilders::take(Game& g, Events* events) {
  g.decision_ = 0;
  g.modules_.traders.bonus_turn = true;
  g.draw_again(events);
}

// The turn passes; the record says the tile placed last declined its bonus tile.
void TradersAndBuilders::pass(Game& g, Events* events) {
  g.decision_ = 0;
  const int i = g.board_.tile_count() - 1;
  g.modules_.traders.declined[i >> 6] |= uint64_t{1} << (i & 63);
  g.pass_turn(events);
}

// The pigs' extra points on a field just scored: to each winner in `winners` (those whose pig
// is in it).
void TradersAndBuilders::pay_pigs(Game& g, uint8_t winners, int points, const std::array<uint8_t, kMaxPlayers>& weight,
                                  const Meeple& first, Events* events) {
  if (winners == 0 || points == 0) return;
  for (int p = 0; p < g.players_; ++p)
    if ((winners >> p) & 1) g.score_[p] += points;
  if (!events) return;
  Event e = g.event_at(Event::Type::Pig, first.tile, first.location);
  e.feature = FeatureKind::Field;
  e.end_game = true;
  e.winners = winners;
  e.points = static_cast<int16_t>(points);
  e.meeples = weight;
  events->push(e);
}

// A field's winner with their pig in it scores 4 per completed city instead of 3.
void TradersAndBuilders::field_scored(Game& g, SegId root, uint8_t winners, const FeatureSize& size,
                                      const std::array<uint8_t, kMaxPlayers>& weight, const Meeple& first, Events* events) {
  const uint8_t pigs = pigs_in(g, [root](SegId r) { return r == root; });
  pay_pigs(g, static_cast<uint8_t>(winners & pigs), (points::kPigFieldCity - points::kFieldCity) * size.cities, weight, first,
           events);
}

// End of the game: for each kind of goods, 10 to every player with the most tokens (at
// least one).
void TradersAndBuilders::game_end(Game& g, Events* events) {
  for (int k = 0; k < kGoodsKinds; ++k) {
    int most = 0;
    for (int p = 0; p < g.players_; ++p) most = std::max(most, static_cast<int>(g.modules_.traders.goods[p][k]));
    if (most == 0) continue;
    uint8_t winners = 0;
    for (int p = 0; p < g.players_; ++p)
      if (g.modules_.traders.goods[p][k] == most) {
        winners = static_cast<uint8_t>(winners | 1u << p);
        g.score_[p] += points::kGoodsMajority;
      }
    if (!events) continue;
    Event e = Game::event_off_board(Event::Type::GoodsBonus);
    e.end_game = true;
    e.winners = winners;
    e.points = points::kGoodsMajority;
    e.goods[k] = static_cast<uint8_t>(most);
    events->push(e);
  }
}

void TradersAndBuilders::observe_scalars(const Game& g, int observer, float* s) {
  const int P = g.players();
  for (int k = 0; k < P; ++k) {
    const int p = (observer + k) % P;
    s[k] = static_cast<float>(g.supply(p, Figure::Builder));
    s[P + k] = static_cast<float>(g.supply(p, Figure::Pig));
    for (int i = 0; i < kGoodsKinds; ++i) s[2 * P + kGoodsKinds * k + i] = static_cast<float>(g.goods(p, static_cast<Goods>(i + 1)));
  }
  s += (2 + kGoodsKinds) * P;
  s[0] = g.phase() == Phase::Decide ? 1.0f : 0.0f;
  s[1] = g.bonus_turn() ? 1.0f : 0.0f;
}

// A city's goods symbols, one per tile's part of it (as the completing player takes them);
// the players whose builder or pig stands on the feature.
void TradersAndBuilders::feature_info(const Game& g, SegId root, FeatureInfo& info) {
  const Features& f = g.features_;
  f.for_each_segment(root, [&](SegId s) {
    const PlacedTile& on_tile = g.board_.tile(f.tile_of(s));
    const Goods goods = tiles::kDefs[on_tile.type].segs[s - on_tile.seg_base].goods;
    if (goods != Goods::None) ++info.goods[static_cast<int>(goods) - 1];
  });
  for (const Meeple& m : g.meeples()) {
    if (f.find(m.seg) != root) continue;
    if (m.kind == Figure::Builder) info.builders = static_cast<uint8_t>(info.builders | (1u << m.player));
    if (m.kind == Figure::Pig) info.pigs = static_cast<uint8_t>(info.pigs | (1u << m.player));
  }
}

void TradersAndBuilders::figures_left(Game& g, int cause, Events* events) {
  // A figure action that sends the builder home leaves the bonus tile it earned due.
  if (g.phase_ == Phase::PlaceMeeple && !g.modules_.traders.bonus_turn && builder_extended(g)) g.modules_.traders.earned = true;
  int kept = 0;
  const int n = g.nmeeples_;
  std::array<Meeple, kMaxMeeples> home{};
  int nhome = 0;
  for (int i = 0; i < n; ++i) {
    const Meeple m = g.meeples_[i];
    bool alone = false;
    if (m.kind == Figure::Builder || m.kind == Figure::Pig) {
      const SegId root = g.features_.find(m.seg);
      alone = true;
      for (int j = 0; j < n && alone; ++j)
        if (g.meeples_[j].player == m.player && ((kClaims >> static_cast<unsigned>(g.meeples_[j].kind)) & 1u) &&
            g.features_.find(g.meeples_[j].seg) == root)
          alone = false;
    }
    if (alone) home[static_cast<size_t>(nhome++)] = m;
    else g.meeples_[kept++] = m;
  }
  g.nmeeples_ = static_cast<uint8_t>(kept);
  // Reported by owner, the builder before the pig.
  std::sort(home.begin(), home.begin() + nhome, [](const Meeple& a, const Meeple& b) {
    return a.player != b.player ? a.player < b.player : a.kind < b.kind;
  });
  for (int i = 0; i < nhome; ++i) {
    g.release(home[static_cast<size_t>(i)]);
    if (!events) continue;
    Event e = g.event_at(Event::Type::AloneHome, home[static_cast<size_t>(i)].tile, home[static_cast<size_t>(i)].location);
    e.winners = static_cast<uint8_t>(1u << home[static_cast<size_t>(i)].player);
    e.figure = home[static_cast<size_t>(i)].kind;
    e.points = static_cast<int16_t>(cause);
    events->push(e);
  }
}

// The Game calls that take and pass on the bonus tile: conveniences over the decision model.
Status Game::take_bonus(Events* events, Verdict* why) { return decide(*this, TradersAndBuilders::kTake, events, why); }

Status Game::pass(Events* events, Verdict* why) { return decide(*this, TradersAndBuilders::kPass, events, why); }

}  // namespace carc
