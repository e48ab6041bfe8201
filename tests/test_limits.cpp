// The limits of a game (docs/guarantees.md, "Limits"): the largest game there is -- every
// option on, 6 players, all 154 draws -- runs to the end, and every counter's largest
// possible value fits the type that holds it. The bounds come from the tile data at compile
// time (static_assert); random largest games measure each counter and stay within them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace carc;

namespace {

// Sums over the tile rows a game can hold: every set but the Abbot's garden copies, which
// replace base tiles of the same letter (as kMaxFeatureEdges counts).
template <class F>
constexpr int over_box(F per_tile) {
  int n = 0;
  for (const tiles::TileDef& d : tiles::kDefs)
    if (d.set != tiles::raw::TileSet::Abbot) n += d.count * per_tile(d);
  return n;
}
constexpr int segments_of(const tiles::TileDef& d, FeatureKind kind) {
  int n = 0;
  for (int i = 0; i < d.nsegs; ++i) n += d.segs[i].kind == kind;
  return n;
}

// Goods symbols in the box (Traders & Builders): 20 tokens at most to share out.
constexpr int kGoodsSymbols = over_box([](const tiles::TileDef& d) {
  int n = 0;
  for (int i = 0; i < d.nsegs; ++i) n += d.segs[i].goods != tiles::raw::Goods::None;
  return n;
});
static_assert(kGoodsSymbols == 20, "Traders & Builders has 20 goods symbols");
static_assert(kGoodsSymbols <= std::numeric_limits<uint8_t>::max(), "a player's goods of one kind fit a byte");

// The most a feature can be worth: a city over every tile with a city and every shield, at
// the cathedral's 3 + 3; a road over every road tile at the inn's 2; a field touching every
// city at the first-edition pig's 5; a monastery or garden 9.
constexpr int kCityTiles = over_box([](const tiles::TileDef& d) { return segments_of(d, FeatureKind::City) > 0; });
constexpr int kRoadTiles = over_box([](const tiles::TileDef& d) { return segments_of(d, FeatureKind::Road) > 0; });
constexpr int kCities = over_box([](const tiles::TileDef& d) { return segments_of(d, FeatureKind::City); });
constexpr int kShields = over_box([](const tiles::TileDef& d) {
  int n = 0;
  for (int i = 0; i < d.nsegs; ++i) n += d.segs[i].shields;
  return n;
});
constexpr int kMaxFeatureWorth =
    std::max({points::kCathedralCityTile * kCityTiles + points::kCathedralCityShield * kShields,
              points::kInnRoadTile * kRoadTiles, points::kFirstEditionPigCity * kCities, 9});
static_assert(kMaxFeatureWorth <= std::numeric_limits<int16_t>::max(), "an event's points fit int16");
// A player's score: at most every feature's worth (each segment a feature of its own at
// most), the three goods majorities and every ransom (one per tower piece in the box at most:
// a prisoner is a capture's).
constexpr long kMaxScore = static_cast<long>(Features::kMaxSegments) * kMaxFeatureWorth +
                           3L * points::kGoodsMajority + static_cast<long>(points::kRansom) * kTowerPiecesInBox;
static_assert(kMaxScore <= std::numeric_limits<int32_t>::max(), "scores fit int32");

// Tiles: 191 on the board at most (the river's 12 replace the start tile; an abbey per player,
// 6), 190 drawn (a placed abbey joins the drawn tiles); the deck's counters and a figure's
// tile index are bytes.
static_assert(kTotalTiles == 191 && kMaxDeck == 190, "the largest box is 185 tiles and 6 abbeys");
static_assert(kMaxDeck <= std::numeric_limits<uint8_t>::max(), "drawn and deck counters fit a byte");
static_assert(kTotalTiles <= std::numeric_limits<uint8_t>::max(), "Meeple::tile fits a byte");
static_assert(Board::kMaxOpen <= std::numeric_limits<uint16_t>::max(), "open cells are counted in 16 bits");

// Segments: ids are 16 bits; open edges of one feature a byte.
static_assert(Features::kMaxSegments == tiles::kTotalSegments && Features::kMaxSegments < 0xFFFF,
              "segment ids fit SegId");
static_assert(std::numeric_limits<SegId>::max() >= Features::kMaxSegments, "SegId is wide enough");
static_assert(kMaxFeatureEdges <= std::numeric_limits<uint8_t>::max(), "open edges fit FeatureCounters::open");

// Figures: 7 meeples and one of each expansion figure on a feature per player (large meeple,
// abbot, builder, pig, mayor, wagon), 6 players.
static_assert(kFiguresPerPlayer == 13 && kMaxMeeples == 78, "78 figures at most on the board");
static_assert(kMaxMeeples <= std::numeric_limits<uint8_t>::max(), "figures on the board and on a feature fit a byte");

// Events: the most one call can produce. A turn's end: the features the tile completes (its
// roads and cities, at most 4, and 9 monasteries or gardens) each with a score and goods, a
// recall, a bonus tile; then every remaining tile discarded; then end-game scoring: every
// feature holding a figure that weighs (at most one per figure), a first-edition farmer
// event per city, a pig event per city (first edition) or per pig, three goods majorities.
// Princess & Dragon adds (a draw set aside counts among the draws): the set-aside tiles
// back, the landing, a step, every figure eaten and the builders and pigs sent home, the
// flight's end, a princess's removal or a portal, the fairy's point and two bonuses.
constexpr int kMostCompleted = 4 + 9;
constexpr int kMostDragonEvents = 12 + 1 + 1 + kMaxMeeples + 2 * kMaxPlayers + 1 + 1 + 1 + 2;
constexpr int kMostEventsPerCall = 2 * kMostCompleted + 2 + kMaxDeck + kMaxMeeples + kCities +
                                   std::max(kCities, kMaxPlayers) + kGoodsKinds + kMostDragonEvents;
static_assert(kMostEventsPerCall <= Events::kCapacity, "one call's events fit an Events list");

// The counters a game reaches, measured.
struct Peaks {
  int events = 0, points = 0, score = 0, figures = 0, goods_taken = 0, goods_kind = 0, open_edges = 0, open_cells = 0,
      segments = 0, feature_figures = 0;
  void see(const Game& g, const Events& ev) {
    events = std::max(events, ev.count + ev.dropped);
    for (int i = 0; i < ev.count; ++i) points = std::max<int>(points, ev.items[i].points);
    int goods = 0;
    for (int p = 0; p < g.players(); ++p) {
      score = std::max(score, g.score(p));
      for (const Goods k : {Goods::Wine, Goods::Grain, Goods::Cloth}) {
        goods += g.goods(p, k);
        goods_kind = std::max(goods_kind, g.goods(p, k));
      }
    }
    goods_taken = std::max(goods_taken, goods);
    figures = std::max(figures, static_cast<int>(g.meeples().size()));
    open_cells = std::max(open_cells, g.board().open_count());
    segments = std::max(segments, g.features().count());
    for (int s = 0; s < g.features().count(); ++s) {
      if (g.features().find(static_cast<SegId>(s)) != s) continue;
      const FeatureCounters& c = g.features().root_counters(static_cast<SegId>(s));
      open_edges = std::max<int>(open_edges, c.open);
      feature_figures = std::max<int>(feature_figures, c.meeples);
    }
  }
};

}  // namespace

TEST_CASE("The largest game runs: every option, 6 players, every tile drawn") {
  for (const bool first_edition : {false, true}) {
    Options opt = test::all_options(first_edition);
    opt.abbey_and_mayor = true;
    Peaks peaks;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      Game g(kMaxPlayers, seed, opt);
      REQUIRE(g.tiles_in_pile() + g.drawn() == kMaxDeck - kMaxPlayers);  // the abbeys are in the players' hands
      Rng rng(seed);
      Events ev;
      while (!g.over()) {
        ev.clear();
        test::random_step(g, rng, &ev, 90);  // figures out eagerly: the board fills up
        peaks.see(g, ev);
        if (!g.over() && g.phase() != Phase::Decide) {
          ev.clear();
          g.final_scores_now(&ev);
          peaks.see(g, ev);
        }
      }
      int aside = 0;  // dragon tiles set aside are drawn again (Princess & Dragon)
      for (int d = 0; d < g.drawn(); ++d) aside += g.set_aside(d);
      int abbeys = 0;  // placed abbeys join the drawn tiles (Abbey & Mayor)
      for (int i = 0; i < g.board().tile_count(); ++i) abbeys += g.board().tile(i).type == tiles::kAbbey;
      CHECK(g.drawn() - aside - abbeys == kMaxDeck - kMaxPlayers);
      CHECK(g.board().tile_count() + g.discard_count() == kTotalTiles - kMaxPlayers + abbeys);
      int taken = 0;
      for (int p = 0; p < g.players(); ++p)
        for (const Goods k : {Goods::Wine, Goods::Grain, Goods::Cloth}) taken += g.goods(p, k);
      CHECK(taken <= kGoodsSymbols);
    }
    INFO("first-edition rules " << first_edition << ": events per call " << peaks.events << ", event points "
                                << peaks.points << ", score " << peaks.score << ", figures " << peaks.figures
                                << ", goods " << peaks.goods_taken << ", open edges " << peaks.open_edges
                                << ", open cells " << peaks.open_cells << ", segments " << peaks.segments);
    CHECK(peaks.events > 0);
    CHECK(peaks.events <= kMostEventsPerCall);
    CHECK(peaks.points <= kMaxFeatureWorth);
    CHECK(peaks.score <= kMaxScore);
    CHECK(peaks.figures <= kMaxMeeples);
    CHECK(peaks.figures > 6 * kMeeplesPerPlayer / 2);  // eager play puts most figures out
    CHECK(peaks.goods_taken <= kGoodsSymbols);
    CHECK(peaks.goods_kind <= kGoodsSymbols);
    CHECK(peaks.open_edges <= kMaxFeatureEdges);
    CHECK(peaks.open_cells <= Board::kMaxOpen);
    CHECK(peaks.segments <= Features::kMaxSegments);
    CHECK(peaks.feature_figures <= kMaxMeeples);
  }
}

TEST_CASE("The largest box is what the limits assume") {
  Options opt = test::all_options();
  opt.abbey_and_mayor = true;
  int tiles = 0;
  for (int t = 0; t < kTileTypes; ++t) tiles += box_count(opt, static_cast<TileType>(t));
  CHECK(tiles == kMaxDeck - kMaxPlayers);  // the spring is on the table already, the abbeys in hand
  CHECK(tiles::kTotalSegments >= Features::kMaxSegments);
  // Each player has every figure kind once, meeples seven times.
  const Game g(kMaxPlayers, uint64_t{1}, opt);
  for (int p = 0; p < kMaxPlayers; ++p) {
    int figures = 0;
    for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig, Figure::Mayor, Figure::Wagon})
      figures += g.supply(p, f);
    CHECK(figures == kFiguresPerPlayer);
  }
}

TEST_CASE("Largest games with caller draws never overflow an event list") {
  // The caller's draws (draw() discards and ends the game too) in largest games: no call
  // drops an event, and none produces more than the bound.
  int most = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Game g(kMaxPlayers, CallerDraws{}, test::all_options(seed % 2 == 0));
    Rng rng(seed);
    Events ev;
    while (!g.over()) {
      ev.clear();
      test::random_step(g, rng, &ev, 70);
      REQUIRE(ev.dropped == 0);
      most = std::max(most, ev.count);
    }
  }
  CHECK(most <= kMostEventsPerCall);
}

// The board's cells are a fixed array that a larger box than any today's could make two cells
// share (docs/guarantees.md, "Limits"): no two tiles lie more than Board::kMaxSpan steps apart.
TEST_CASE("Board: cells up to 126 steps apart never share an index", "[limits]") {
  const uint16_t origin = Board::cell_of(0, 0);
  int pairs = 0;
  for (int dx = -126; dx <= 126; ++dx)
    for (int dy = -(126 - std::abs(dx)); dy <= 126 - std::abs(dx); ++dy) {
      if (dx == 0 && dy == 0) continue;
      ++pairs;
      if (Board::cell_of(dx, dy) == origin) FAIL("cell (" << dx << "," << dy << ") shares (0,0)'s index");
    }
  CHECK(pairs == 2 * 126 * 127);
}

TEST_CASE("Board: no tile goes more than 124 steps from another", "[limits]") {
  // A straight road from the start tile eastwards, placed without the game's fit checks
  // (no box has a line this long), as a game whose box holds more than 125 tiles does; the base placement counts stay exact throughout.
  const TileType road = tile_from_letter('U');
  Board b;
  const auto place = [&](int x, int y, TileType t, int rot) {
    b.place(x, y, t, rot, 0);
    b.limit_span(x, y);
  };
  place(0, 0, kStartTile, 0);
  const auto counts_agree = [&] {
    for (int t = 0; t < kBaseTypes; ++t) {
      int n = 0;
      for (int i = 0; i < b.open_count(); ++i) n += tiles::kFitCount[t][b.open(i).req];
      if (n != b.base_placement_count(static_cast<TileType>(t))) return false;
    }
    return true;
  };
  for (int x = 1; x < Board::kMaxSpan; ++x) place(x, 0, road, 1);
  // 123 steps long: both ends may still grow by one, and the cells beside them are open.
  CHECK(b.open_at(-1, 0) != nullptr);
  CHECK(b.open_at(Board::kMaxSpan, 0) != nullptr);
  CHECK(b.open_at(0, 1) != nullptr);
  CHECK_FALSE(b.too_far(-1, 0));
  CHECK(counts_agree());
  // 124 steps: neither end may grow, nor may a cell beside the west end (125 steps from the
  // east end); the cells beside the rest of the row stay open.
  place(Board::kMaxSpan, 0, road, 1);
  CHECK(b.open_at(-1, 0) == nullptr);
  CHECK(b.open_at(Board::kMaxSpan + 1, 0) == nullptr);
  CHECK(b.open_at(0, 1) == nullptr);
  CHECK(b.open_at(Board::kMaxSpan, 1) == nullptr);
  CHECK(b.too_far(-1, 0));
  CHECK(b.too_far(Board::kMaxSpan + 1, 0));
  CHECK(b.too_far(0, 1));
  CHECK(b.too_far(Board::kMaxSpan, -1));
  CHECK(b.open_at(1, 1) != nullptr);
  CHECK(b.open_at(Board::kMaxSpan - 1, -1) != nullptr);
  CHECK_FALSE(b.too_far(1, 1));
  CHECK_FALSE(b.too_far(-5, 0));  // beside no tile: simply not open
  CHECK(counts_agree());
  // A copy keeps the limits.
  const Board copy = b;
  CHECK(copy == b);
  CHECK(copy.too_far(0, 1));
}

TEST_CASE("Board: tiles by position come in order of x, then y, each once", "[limits]") {
  // The order the magic portal lists other tiles' parts in: checked against a sort, in games
  // of every option, every few turns, and on the longest line the board holds.
  const auto agrees = [](const Board& b) {
    std::vector<int> walked, sorted;
    b.tiles_by_position([&](int i) { walked.push_back(i); });
    for (int i = 0; i < b.tile_count(); ++i) sorted.push_back(i);
    std::sort(sorted.begin(), sorted.end(), [&](int a, int c) {
      return std::pair(b.tile(a).x, b.tile(a).y) < std::pair(b.tile(c).x, b.tile(c).y);
    });
    return walked == sorted;
  };
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game g(2 + static_cast<int>(seed % 5), seed, test::all_options());
    Rng rng(seed);
    for (int step = 0; g.phase() != Phase::GameOver; ++step) {
      test::random_step(g, rng);
      if (step % 7 == 0 && !agrees(g.board())) FAIL("seed " << seed << " step " << step);
    }
    CHECK(agrees(g.board()));
  }
  Board b;
  b.place(0, 0, kStartTile, 0, 0);
  for (int x = 1; x <= Board::kMaxSpan; ++x) b.place(x, 0, tile_from_letter('U'), 1, 0);
  CHECK(agrees(b));
}
