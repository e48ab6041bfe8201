// Scoring: completed features during the game, incomplete features and fields at the end,
// majority with full points for ties (a large meeple weighs 2), figures going home.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>

#include "carcassonne/expansions.hpp"
#include "carcassonne/game.hpp"
#include "carcassonne/scoring.hpp"
#include "modules.hpp"

namespace carc {

using tiles::kDefs;
using tiles::kOriented;

int value_completed(const FeatureSize& f, const Options& options) {
  switch (f.kind) {
    case FeatureKind::Road: return (f.marks & tiles::kInn ? points::kInnRoadTile : points::kRoadTile) * f.tiles;
    case FeatureKind::City:
      if (f.marks & tiles::kCathedral)
        return points::kCathedralCityTile * f.tiles + points::kCathedralCityShield * f.shields;
      if (options.first_edition_small_city && f.tiles == points::kSmallCityTiles)
        return points::kSmallCityTile * f.tiles + points::kSmallCityShield * f.shields;
      return points::kCityTile * f.tiles + points::kCityShield * f.shields;
    case FeatureKind::Monastery: return points::kMonasteryComplete;
    case FeatureKind::Garden: return points::kGardenComplete;
    case FeatureKind::Field: return value_at_end(f, options);
  }
  return 0;
}

int value_at_end(const FeatureSize& f, const Options& options) {
  switch (f.kind) {
    case FeatureKind::Road: return f.marks & tiles::kInn ? 0 : points::kRoadTile * f.tiles;
    case FeatureKind::City:
      if (f.marks & tiles::kCathedral) return 0;
      return points::kCityTileAtEnd * f.tiles + points::kCityShieldAtEnd * f.shields;
    case FeatureKind::Monastery: return points::kMonasteryAtEnd + f.neighbours;
    case FeatureKind::Garden: return points::kGardenAtEnd + f.neighbours;
    case FeatureKind::Field:
      if (!options.farmers) return 0;
      return (options.first_edition_farmers ? points::kFirstEditionFieldCity : points::kFieldCity) * f.cities;
  }
  return 0;
}

namespace {
// A set of small integers below N (tile indices, segment ids). It counts its members as
// they come (std::popcount is a library call on a baseline x86-64 build).
template <int N>
struct SmallSet {
  std::array<uint64_t, (N + 63) / 64> bits{};
  int count = 0;
  bool insert(unsigned v) {
    const uint64_t m = uint64_t{1} << (v & 63);
    const bool fresh = !(bits[v >> 6] & m);
    bits[v >> 6] |= m;
    count += fresh;
    return fresh;
  }
  int size() const { return count; }
  bool contains(unsigned v) const { return (bits[v >> 6] >> (v & 63)) & 1; }
};
using TileSet = SmallSet<kTotalTiles>;
using SegmentSet = SmallSet<Features::kMaxSegments>;
}  // namespace

int Game::feature_tiles(SegId root) const {
  TileSet seen;
  features_.for_each_segment(root, [&](SegId s) { seen.insert(features_.tile_of(s)); });
  return seen.size();
}

int Game::feature_marks(SegId root) const {
  constexpr Mix kMarked = Modules::where([](auto m) { return decltype(m)::kMarks; });
  if (!(mix_ & kMarked)) return 0;  // only those modules' tiles carry marks
  int marks = 0;
  features_.for_each_segment(root, [&](SegId s) {
    const PlacedTile& pt = board_.tile(features_.tile_of(s));
    marks |= kDefs[pt.type].segs[s - pt.seg_base].marks;
  });
  return marks;
}

int Game::completed_cities_touching(SegId field_root) const {
  SegmentSet cities;
  features_.for_each_segment(field_root, [&](SegId s) {
    const PlacedTile& pt = board_.tile(features_.tile_of(s));
    unsigned touches = kDefs[pt.type].segs[s - pt.seg_base].touches;
    while (touches) {
      const int local = std::countr_zero(touches);
      touches &= touches - 1;
      const SegId c = features_.find(static_cast<SegId>(pt.seg_base + local));
      if (features_.root_counters(c).open == 0) cities.insert(c);
    }
  });
  return cities.size();
}

// An event about placed tile `tile` (its type and cell) and a location on it; the rest zero,
// no tile discarded.
Event Game::event_off_board(Event::Type type) {
  Event e{};
  e.type = type;
  e.discarded = kNoTile;
  e.tile = kNoTile;
  e.location = Location::None;
  return e;
}

Event Game::event_at(Event::Type type, int tile, Location loc) const {
  Event e{};
  e.type = type;
  e.discarded = kNoTile;
  const PlacedTile& pt = board_.tile(tile);
  e.tile = pt.type;
  e.x = pt.x;
  e.y = pt.y;
  e.location = loc;
  return e;
}

namespace {
// Of the first `players` seats, those with the most weight on a feature (bit p for player
// p); none if no figure there weighs anything (builders, pigs).
uint8_t majority(const std::array<uint8_t, kMaxPlayers>& weight, int players) {
  int most = 0;
  for (int p = 0; p < players; ++p) most = std::max(most, static_cast<int>(weight[p]));
  if (most == 0) return 0;
  unsigned winners = 0;
  for (int p = 0; p < players; ++p) winners |= static_cast<unsigned>(weight[p] == most) << p;
  return static_cast<uint8_t>(winners);
}

// Adds points to each winner's total.
void award(uint8_t winners, int points, int32_t* total, int players) {
  for (int p = 0; p < players; ++p) total[p] += (winners >> p) & 1 ? points : 0;
}

// f(root of a field) for each field segment beside a segment of the city whose root is
// given: a field as often as its segments touch the city's (callers keep a set).
template <class F>
void for_each_field_touching(const Features& features, const Board& board, SegId city, F&& f) {
  features.for_each_segment(city, [&](SegId c) {
    const PlacedTile& pt = board.tile(features.tile_of(c));
    const auto& def = kDefs[pt.type];
    const int local_city = c - pt.seg_base;
    for (int i = 0; i < def.nsegs; ++i)
      if (def.segs[i].kind == FeatureKind::Field && (def.segs[i].touches >> local_city) & 1)
        f(features.find(static_cast<SegId>(pt.seg_base + i)));
  });
}
}  // namespace

// Gives `points` to every player with the most weight on a feature (meeples[p] is player
// p's: meeples 1, large meeples 2) and reports it; `first` is the feature's first figure,
// which names it. Returns the winners. Inline, with the report out of line: a search ends
// scratch games by the million, without events.
inline uint8_t Game::pay(FeatureKind kind, int points, int tiles, bool end_game, const PlayerCounts& meeples,
                         const Meeple& first, Events* events) {
  const uint8_t winners = majority(meeples, players_);
  if (winners == 0) return 0;
  award(winners, points, score_.data(), players_);
  if (events) report_score(kind, points, tiles, end_game, winners, meeples, first, events);
  return winners;
}

uint8_t Game::pay_majority(FeatureKind kind, int points, int tiles, const PlayerCounts& meeples, const Meeple& first,
                           Events* events) {
  return pay(kind, points, tiles, false, meeples, first, events);
}

void Game::report_score(FeatureKind kind, int points, int tiles, bool end_game, uint8_t winners,
                        const PlayerCounts& meeples, const Meeple& first, Events* events) const {
  Event e = event_at(Event::Type::Score, first.tile, first.location);
  e.feature = kind;
  e.end_game = end_game;
  e.winners = winners;
  e.points = static_cast<int16_t>(points);
  e.tiles = static_cast<uint8_t>(tiles);
  e.meeples = meeples;
  events->push(e);
}

// A figure comes home: to the supply (meeples counted, the others one each).
void Game::release(const Meeple& m) {
  if (m.kind == Figure::Meeple) supply_[m.player]++;
  else figures_[m.player] = static_cast<uint16_t>(figures_[m.player] | (1u << static_cast<int>(m.kind)));
  if (m.location == Location::C) forget_monk(m.tile);
}

void Game::forget_monk(uint8_t tile) {
  for (int i = 0; i < nmonks_; ++i)
    if (monks_[i] == tile) {
      monks_[i] = monks_[--nmonks_];
      return;
    }
}

// A feature completed during the game scores if it holds meeples, which go home.
void Game::score_completed(SegId root, Events* events) {
  const FeatureCounters& c = features_.root_counters(root);
  if (c.meeples == 0 || c.kind == FeatureKind::Field) return;  // fields never complete
  FeatureSize size{c.kind, 0, c.shields};
  if (c.kind == FeatureKind::Road || c.kind == FeatureKind::City) {
    size.tiles = feature_tiles(root);
    size.marks = feature_marks(root);
  }
  const int points = value_completed(size, options_), tiles = size.tiles;
  // Whether a meeple stands on the feature is a coin toss for the branch predictor, so the
  // loop counts and compacts without branching on it.
  PlayerCounts meeples{};
  Meeple first{};
  bool located = false;
  int kept = 0;
  // Without the expansions' figures every figure is a meeple of weight 1: the loop is
  // written once and compiled twice, so that the base game pays nothing for them.
  const auto walk = [&](auto figures) {
    for (int i = 0; i < nmeeples_; ++i) {
      const Meeple m = meeples_[i];
      const bool on = features_.find(m.seg) == root;
      if (on & !located) {
        first = m;
        located = true;
      }
      if constexpr (figures) {
        const int kind = static_cast<int>(m.kind);
        meeples[m.player] = static_cast<uint8_t>(meeples[m.player] + (on ? figure_strength(m.kind, c.shields) : 0));
        supply_[m.player] = static_cast<uint8_t>(supply_[m.player] + (on & (m.kind == Figure::Meeple)));
        figures_[m.player] = static_cast<uint16_t>((figures_[m.player] | (static_cast<unsigned>(on) << kind)) & ~1u);
      } else {
        meeples[m.player] = static_cast<uint8_t>(meeples[m.player] + on);
        supply_[m.player] = static_cast<uint8_t>(supply_[m.player] + on);
      }
      if (on & (m.location == Location::C)) forget_monk(m.tile);
      meeples_[kept] = m;
      kept += !on;
    }
  };
  if (mix_ & kFigureMix) walk(std::true_type{});
  else walk(std::false_type{});
  nmeeples_ = static_cast<uint8_t>(kept);
  features_.root_counters(root).meeples = 0;
  pay(c.kind, points, tiles, false, meeples, first, events);
}

// The figures by feature: each feature that holds any (its root, in the order of its
// first figure: feature[f], first[f]) and each player's weight on it; returns the count.
inline int Game::group_figures(SegId* feature, uint8_t* first, PlayerCounts* weight) const {
  // A small open-addressed table from root to feature finds a figure's feature in a probe
  // or two (a search over the features found so far was a tenth of a search's time).
  constexpr unsigned kTable = 128, kEmpty = 0xFF;
  static_assert(kMaxMeeples < kTable && kMaxMeeples < kEmpty);  // a free slot always, mostly more than half
  uint8_t feature_at[kTable];
  std::memset(feature_at, kEmpty, sizeof feature_at);
  int n = 0;
  // At most kMaxMeeples figures, even in a torn state: more could fill the table, and the
  // probe below would look for a free slot forever.
  const int figures = std::min<int>(nmeeples_, kMaxMeeples);
  for (int i = 0; i < figures; ++i) {
    const SegId r = features_.find(meeples_[i].seg);
    unsigned h = r % kTable;
    while (feature_at[h] != kEmpty && feature[feature_at[h]] != r) h = (h + 1) % kTable;
    int f = feature_at[h];
    if (f == kEmpty) {
      f = n++;
      feature_at[h] = static_cast<uint8_t>(f);
      feature[f] = r;
      first[f] = static_cast<uint8_t>(i);
      weight[f] = {};
    }
    weight[f][meeples_[i].player] = static_cast<uint8_t>(weight[f][meeples_[i].player] +
                                                         figure_strength(meeples_[i].kind, features_.root_counters(r).shields));
  }
  return n;
}

// The feature's size as end-game scoring measures it (cities touched, for a field).
inline FeatureSize Game::end_size(SegId r) const {
  const FeatureCounters& c = features_.root_counters(r);
  FeatureSize size{c.kind, 0, c.shields};
  switch (c.kind) {
    case FeatureKind::Road:
    case FeatureKind::City:
      size.tiles = feature_tiles(r);
      size.marks = feature_marks(r);
      break;
    case FeatureKind::Monastery:
    case FeatureKind::Garden: {
      const PlacedTile& pt = board_.tile(features_.tile_of(r));
      size.neighbours = board_.neighbours8(pt);
      break;
    }
    case FeatureKind::Field: size.cities = completed_cities_touching(r); break;
  }
  return size;
}

void Game::score_end(Events* events) {
  // The figures (which all stay) by feature: the features that hold any, in the order of
  // their first figure, and each player's weight on each.
  SegId feature[kMaxMeeples];
  uint8_t first[kMaxMeeples];
  PlayerCounts weight[kMaxMeeples];
  const int nfeatures = group_figures(feature, first, weight);
  const Mix mix = mix_;  // read once: events alias everything
  for (int f = 0; f < nfeatures; ++f) {
    const SegId r = feature[f];
    const FeatureKind kind = features_.kind(r);
    if (kind != FeatureKind::Field || !options_.first_edition_farmers) {  // else scored per city below
      const FeatureSize size = end_size(r);
      const uint8_t winners = pay(kind, value_at_end(size, options_), size.tiles, true, weight[f], meeples_[first[f]], events);
      if (kind == FeatureKind::Field)
        each_module(mix, [&](auto m) { decltype(m)::field_scored(*this, r, winners, size, weight[f], meeples_[first[f]], events); });
    }
    if (mix) each_module(mix, [&](auto m) { decltype(m)::end_scored(*this, r, events); });
  }
  if (options_.farmers && options_.first_edition_farmers) score_first_edition_farmers(events);
  each_module(mix, [&](auto m) { decltype(m)::game_end(*this, events); });
}

void Game::end_now(Events* events) {
  if (phase_ == Phase::PlaceMeeple) score_pending(events);
  if (phase_ == Phase::GameOver) return;
  phase_ = Phase::GameOver;
  banked_ = score_;
  score_end(events);
}

std::array<int32_t, kMaxPlayers> Game::final_scores_now(Events* events) const {
  Game g = *this;
  g.end_now(events);
  return g.score_;
}

// ---------------------------------------------------------------- projections for bots

void Game::end_payouts(EndPayouts& out) const {
  uint8_t first[kMaxMeeples];
  out.count = group_figures(out.root.data(), first, out.weight.data());
  out.total = {};
  for (int f = 0; f < out.count; ++f) {
    out.points[f] = {};
    out.centre[f] = 0xFF;
    award(majority(out.weight[f], players_), value_at_end(end_size(out.root[f]), options_), out.points[f].data(), players_);
    for (int p = 0; p < kMaxPlayers; ++p) out.total[p] += out.points[f][p];
  }
  for (int i = 0; i < nmeeples_; ++i)
    if (meeples_[i].location == Location::C) {
      const SegId r = features_.find(meeples_[i].seg);
      for (int f = 0; f < out.count; ++f)
        if (out.root[f] == r) out.centre[f] = meeples_[i].tile;
    }
  std::memset(out.index.data(), 0, out.index.size());
  out.ncentres = 0;
  for (int f = 0; f < out.count; ++f) {
    out.index[out.root[f]] = static_cast<uint8_t>(f + 1);
    if (out.centre[f] != 0xFF) out.centres[static_cast<size_t>(out.ncentres++)] = static_cast<uint8_t>(f);
  }
}

bool Game::project_figure_options(const EndPayouts& before, const FigureChoice* opts, int k,
                                  std::array<int32_t, kMaxPlayers>* out) const {
  // Traders' goods and first-edition farmers score over the whole board, and a recall
  // scores an abbot anywhere.
  constexpr Mix kUnprojectable = Modules::where([](auto m) { return !decltype(m)::kProjectable; });
  if (phase_ != Phase::PlaceMeeple || (mix_ & kUnprojectable) || options_.first_edition_farmers) return false;
  for (int i = 0; i < k; ++i)
    if (any_module(mix_, [&](auto m) { return !decltype(m)::projects(opts[i]); })) return false;

  // A tile changes what a feature with figures pays only where it joined it (into one of its
  // own features), where the feature is a field touching a city it completed (farmers on),
  // or a monastery or garden with a figure in the 3x3 block around it: each of those (in the
  // position's end payouts, `before`) pays again as the feature it is part of now; every
  // other pays what it paid before. The features paying again are kept by root, each with
  // every player's weight on it as the bytes of one word (a weight is one feature's figures:
  // no byte carries), so they are cleared, added up and tested for "no figure" as one.
  static_assert(sizeof(PlayerCounts) <= sizeof(uint64_t));
  const auto word = [](const PlayerCounts& w) {
    uint64_t v = 0;
    std::memcpy(&v, w.data(), sizeof w);
    return v;
  };
  const auto counts = [](uint64_t v) {
    PlayerCounts w;
    std::memcpy(w.data(), &v, sizeof w);
    return w;
  };
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const int nsegs = kDefs[pt.type].nsegs;
  SegId own[tiles::kMaxSegs];  // each of the tile's segments' feature (a new one's or one it joined)
  for (int s = 0; s < nsegs; ++s) own[s] = features_.find(static_cast<SegId>(pt.seg_base + s));
  SegId paying[kMaxMeeples];  // the features paying again, by root
  uint64_t weight[kMaxMeeples];
  int np = 0;
  std::array<int32_t, kMaxPlayers> base = score_;
  for (int p = 0; p < kMaxPlayers; ++p) base[p] += before.total[p];
  const auto paying_index = [&](SegId r) {  // np if r pays as before
    int t = 0;
    while (t < np && paying[t] != r) ++t;
    return t;
  };
  std::array<uint64_t, (kMaxMeeples + 63) / 64> taken{};
  // Feature f of `before` pays again as the one it is part of now, instead of as before.
  const auto take = [&](int f) {
    if ((taken[static_cast<size_t>(f >> 6)] >> (f & 63)) & 1) return;
    taken[static_cast<size_t>(f >> 6)] |= uint64_t{1} << (f & 63);
    const SegId r = features_.find(before.root[f]);
    const int t = paying_index(r);
    if (t == np) {
      paying[np] = r;
      weight[np++] = 0;
    }
    weight[t] += word(before.weight[f]);
    for (int p = 0; p < kMaxPlayers; ++p) base[p] -= before.points[f][p];
  };
  const auto take_root = [&](SegId root) {  // the feature of `before` with that root, if any
    if (const int f = before.index[root] - 1; f >= 0) take(f);
  };
  const SegId* joined = nullptr;
  if (const int njoined = features_.trial_joins(&joined); njoined >= 0) {
    // A search's trial placement says which roots it joined.
    for (int i = 0; i < njoined; ++i) take_root(joined[i]);
  } else {
    for (int f = 0; f < before.count; ++f) {
      const SegId r = features_.find(before.root[f]);
      for (int s = 0; s < nsegs; ++s)
        if (own[s] == r) {
          take(f);
          break;
        }
    }
  }
  for (int i = 0; i < npending_ && options_.farmers; ++i)
    if (features_.kind(pending_[i]) == FeatureKind::City)
      for_each_field_touching(features_, board_, pending_[i], take_root);  // a root as before: joined ones are taken
  for (int c = 0; c < before.ncentres; ++c) {
    const int f = before.centres[static_cast<size_t>(c)];
    const PlacedTile& mt = board_.tile(before.centre[static_cast<size_t>(f)]);
    if (mt.x - pt.x + 1u <= 2u && mt.y - pt.y + 1u <= 2u) take(f);
  }
  // A feature is worth its completed value if the tile completed it (what scores before the
  // end), else its value at the end.
  const auto worth = [&](SegId r) {
    bool done = false;
    for (int i = 0; i < npending_; ++i) done |= pending_[i] == r;
    const FeatureSize size = end_size(r);
    return done ? value_completed(size, options_) : value_at_end(size, options_);
  };
  int value[kMaxMeeples];
  for (int t = 0; t < np; ++t) {
    if (weight[t] == 0) continue;
    value[t] = worth(paying[t]);
    award(majority(counts(weight[t]), players_), value[t], base.data(), players_);
  }
  const auto& oriented = kOriented[pt.type][pt.rot];
  for (int i = 0; i < k; ++i) {
    out[i] = base;
    const int weight_of = kFigureWeight[static_cast<int>(opts[i].figure)];
    if (opts[i].location == Location::None || weight_of == 0) continue;
    const SegId r = own[oriented.loc_seg[static_cast<int>(opts[i].location)]];
    const int t = paying_index(r);
    // A feature no figure holds (as every meeple, large meeple and abbot option's): all its
    // worth to the figure's owner. Else its payout with the figure instead of without.
    if (t == np || weight[t] == 0) {
      out[i][current_] += worth(r);
      continue;
    }
    PlayerCounts with = counts(weight[t]);
    with[current_] = static_cast<uint8_t>(with[current_] + weight_of);
    award(majority(counts(weight[t]), players_), -value[t], out[i].data(), players_);
    award(majority(with, players_), value[t], out[i].data(), players_);
  }
  out[k] = base;
  return true;
}

// First edition: each completed city gives 4 points to the players with the most farmers
// over all the fields that touch it (5 to those of them with their pig in one of the fields).
void Game::score_first_edition_farmers(Events* events) {
  SegmentSet cities_done;
  for (int s = 0; s < features_.count(); ++s) {
    if (features_.kind(static_cast<SegId>(s)) != FeatureKind::City) continue;
    const SegId city = features_.find(static_cast<SegId>(s));
    if (features_.root_counters(city).open != 0 || !cities_done.insert(city)) continue;
    // Fields touching this city: walk the city's segments, then the fields on each tile.
    SegmentSet fields;
    for_each_field_touching(features_, board_, city, [&](SegId r) { fields.insert(r); });

    PlayerCounts farmers{};
    Meeple first{};
    bool any = false;
    for (int i = 0; i < nmeeples_; ++i) {
      const Meeple& m = meeples_[i];
      const SegId r = features_.find(m.seg);
      if (features_.kind(r) != FeatureKind::Field) continue;
      if (!fields.contains(r)) continue;
      if (!any) first = m;
      any = true;
      farmers[m.player] = static_cast<uint8_t>(farmers[m.player] + kFigureWeight[static_cast<int>(m.kind)]);
    }
    if (!any) continue;
    const uint8_t winners = pay(FeatureKind::Field, points::kFirstEditionFieldCity, feature_tiles(city), true, farmers, first, events);
    const auto in_fields = [&](SegId r) { return fields.contains(r); };
    each_module(mix_, [&](auto m) { decltype(m)::city_farmers_paid(*this, in_fields, winners, farmers, first, events); });
  }
}

}  // namespace carc
