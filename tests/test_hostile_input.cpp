// Hostile input through the C++ API: every bad argument or call in the wrong phase gets its
// status and verdict, and the game is exactly as it was before the call.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "observable.hpp"
#include "random_play.hpp"
#include "rules_helpers.hpp"

using namespace carc;
using carc::testing::observable_state;

namespace {

// A game advanced by `turns` random turns (fewer if it ends first).
Game advanced(int players, uint64_t seed, int turns, Options opt = {}) {
  Game g(players, seed, opt);
  Rng rng(seed);
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];
  for (int t = 0; t < turns && !g.over(); ++t) {
    const int n = g.legal_placements(buf);
    REQUIRE(g.place(buf[rng.below(n)]) == Status::Ok);
    const int k = g.meeple_options(opts);
    const uint32_t pick = rng.below(k + 1);
    REQUIRE(g.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick]) == Status::Ok);
  }
  return g;
}

// The same game with its current tile placed at the first legal placement.
Game tile_placed(Game g) {
  Placement buf[kMaxPlacements];
  REQUIRE(g.legal_placements(buf) > 0);
  REQUIRE(g.place(buf[0]) == Status::Ok);
  return g;
}

Game finished(int players, uint64_t seed) {
  Game g(players, seed);
  Rng rng(seed);
  g.playout(rng);
  REQUIRE(g.over());
  return g;
}

// Every int8 coordinate, so that all far cells aliasing a used board index are tried.
std::vector<Placement> all_cells() {
  std::vector<Placement> v;
  for (int y = -128; y <= 127; ++y)
    for (int x = -128; x <= 127; ++x) v.push_back(Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0});
  return v;
}

Placement at(int x, int y, int rot = 0) {
  return Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(rot)};
}

}  // namespace

TEST_CASE("Hostile input: player counts outside 1..6 are rejected", "[hostile]") {
  const TileType order[] = {tile_from_letter('E')};
  for (int p : {0, -1, 7, 8, 100, INT_MIN, INT_MAX}) {
    INFO("players " << p);
    CHECK_THROWS_AS(Game(p, 1), std::invalid_argument);
    CHECK_THROWS_AS(Game(p, std::span<const TileType>(order)), std::invalid_argument);
  }
  CHECK(Game(1, 1).players() == 1);
  CHECK(Game(6, 1).players() == 6);
}

TEST_CASE("Hostile input: draw orders with bad tile types, too many of a type or too many tiles are rejected",
          "[hostile]") {
  const std::vector<std::vector<TileType>> bad = {
      {24},
      {kNoTile},
      {0, 1, 200},
      {3, 3, 3, 3},   // D: the box holds 4 and the start tile is one of them
      std::vector<TileType>(9, tile_from_letter('U')),  // 8 in the box
      std::vector<TileType>(2, tile_from_letter('C')),  // 1 in the box
  };
  for (const auto& order : bad) {
    INFO("order of " << order.size() << " tiles starting " << int(order[0]));
    CHECK_THROWS_AS(Game(2, std::span<const TileType>(order)), std::invalid_argument);
  }
  // The whole box after the start tile is the longest order; one more tile is too many.
  std::vector<TileType> box;
  for (int t = 0; t < kBaseTypes; ++t)
    for (int i = (t == kStartTile) ? 1 : 0; i < tiles::kDefs[t].count; ++i) box.push_back(static_cast<TileType>(t));
  REQUIRE(box.size() == 71);
  CHECK(Game(2, std::span<const TileType>(box)).tiles_in_pile() == 70);
  box.push_back(tile_from_letter('E'));
  CHECK_THROWS_AS(Game(2, std::span<const TileType>(box)), std::invalid_argument);
  // An empty order is a game that ends before it starts.
  CHECK(Game(2, std::span<const TileType>()).over());
}

TEST_CASE("Hostile input: placements far away or aliasing a used board cell are refused", "[hostile]") {
  Game g(2, 7);
  const std::string before = observable_state(g);
  // (90,-1), (-90,1) and (46,45) share board index 0 with the start tile at (0,0); (91,-1)
  // shares the index of the open cell (1,0).
  for (Placement p : {at(90, -1), at(-90, 1), at(46, 45), at(-46, -45), at(91, -1), at(47, 45), at(127, 127),
                      at(-128, -128), at(127, -128), at(-128, 127), at(73, 0), at(0, -73)}) {
    INFO("placement " << int(p.x) << "," << int(p.y));
    for (int rot = 0; rot < 4; ++rot) {
      p.rot = static_cast<uint8_t>(rot);
      Verdict why;
      CHECK(g.check_placement(p).reason == Illegal::NoNeighbour);
      CHECK(g.place(p, &why) == Status::IllegalMove);
      CHECK(why.reason == Illegal::NoNeighbour);
      CHECK(g.play(Move{p, Location::None}, nullptr, &why) == Status::IllegalMove);
      CHECK(why.reason == Illegal::NoNeighbour);
      CHECK(g.play(Move{p, Location::C}) == Status::IllegalMove);
    }
  }
  CHECK(g.place(at(0, 0)) == Status::IllegalMove);
  CHECK(g.check_placement(at(0, 0)).reason == Illegal::Occupied);
  CHECK(observable_state(g) == before);
}

TEST_CASE("Hostile input: every int8 cell of a mid-game board gets the right verdict", "[hostile]") {
  for (uint64_t seed : {3u, 11u}) {
    Game g = advanced(3, seed, 40);
    REQUIRE(g.phase() == Phase::PlaceTile);
    const std::string before = observable_state(g);
    const TileType t = g.current_tile();
    Placement buf[kMaxPlacements];
    const int n = g.legal_placements(buf);
    auto listed = [&](Placement p) {
      p.rot = static_cast<uint8_t>(tiles::canonical_rotation(t, p.rot));
      for (int i = 0; i < n; ++i)
        if (buf[i] == p) return true;
      return false;
    };
    // Where the tiles are, from the list of placed tiles rather than the board's cells.
    std::vector<bool> tile_at(256 * 256);
    auto has_tile = [&](int x, int y) {
      return x >= -128 && x <= 127 && y >= -128 && y <= 127 && tile_at[(y + 128) * 256 + x + 128];
    };
    for (int i = 0; i < g.board().tile_count(); ++i)
      tile_at[(g.board().tile(i).y + 128) * 256 + g.board().tile(i).x + 128] = true;
    int legal = 0;
    for (Placement p : all_cells()) {
      const bool occupied = has_tile(p.x, p.y);
      const bool open = !occupied && (has_tile(p.x, p.y - 1) || has_tile(p.x + 1, p.y) || has_tile(p.x, p.y + 1) ||
                                      has_tile(p.x - 1, p.y));
      for (int rot = 0; rot < 4; ++rot) {
        p.rot = static_cast<uint8_t>(rot);
        const Verdict v = g.check_placement(p);
        if (occupied) {
          REQUIRE(v.reason == Illegal::Occupied);
        } else if (!open) {
          REQUIRE(v.reason == Illegal::NoNeighbour);
        } else {
          REQUIRE((v.reason == Illegal::None || v.reason == Illegal::Mismatch));
          REQUIRE(bool(v) == listed(p));
          legal += bool(v);
        }
      }
    }
    CHECK(legal >= n);  // every listed placement, plus the other rotations of symmetric pictures
    CHECK(observable_state(g) == before);
  }
}

TEST_CASE("Hostile input: rotations outside 0..3 are refused", "[hostile]") {
  Game g(2, 5);
  Placement buf[kMaxPlacements];
  REQUIRE(g.legal_placements(buf) > 0);
  const std::string before = observable_state(g);
  for (int rot : {4, 5, 128, 255}) {
    INFO("rotation " << rot);
    Placement p = buf[0];
    p.rot = static_cast<uint8_t>(rot);
    Verdict why;
    CHECK(g.check_placement(p).reason == Illegal::BadRotation);
    CHECK(g.check_fit(g.current_tile(), p).reason == Illegal::BadRotation);
    CHECK(g.place(p, &why) == Status::IllegalMove);
    CHECK(why.reason == Illegal::BadRotation);
    CHECK(g.play(Move{p, Location::None}, nullptr, &why) == Status::IllegalMove);
    CHECK(why.reason == Illegal::BadRotation);
  }
  CHECK(observable_state(g) == before);
}

TEST_CASE("Hostile input: check_fit with a tile type outside A..X says so", "[hostile]") {
  Game g(2, 5);
  const std::string before = observable_state(g);
  Placement buf[kMaxPlacements];
  for (int t : {kTileTypes, kTileTypes + 1, 200, 254, 255}) {
    INFO("tile type " << t);
    CHECK(g.check_fit(static_cast<TileType>(t), at(1, 0)).reason == Illegal::NoSuchTile);
    CHECK(g.placements_for(static_cast<TileType>(t), buf) == 0);
  }
  CHECK(describe(Verdict{Illegal::NoSuchTile}) == "no tile type has that number");
  CHECK(observable_state(g) == before);
}

TEST_CASE("Hostile input: meeple locations outside the 13 locations are refused", "[hostile]") {
  Game g = tile_placed(Game(2, 9));
  const std::string before = observable_state(g);
  for (int loc : {13, 14, 16, 100, 200, 254, 255}) {
    INFO("location " << loc);
    Verdict why;
    CHECK(g.check_meeple(static_cast<Location>(loc)).reason == Illegal::NoSuchFeature);
    CHECK(g.deploy(static_cast<Location>(loc), nullptr, &why) == Status::IllegalMove);
    CHECK(why.reason == Illegal::NoSuchFeature);
  }
  CHECK(observable_state(g) == before);
}

TEST_CASE("Hostile input: calls in the wrong phase are refused", "[hostile]") {
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];

  SECTION("placing a tile: no meeple yet") {
    Game g(2, 13);
    const std::string before = observable_state(g);
    Verdict why;
    CHECK(g.check_meeple(Location::None).reason == Illegal::WrongPhase);
    CHECK(g.deploy(Location::None, nullptr, &why) == Status::WrongPhase);
    CHECK(why.reason == Illegal::WrongPhase);
    CHECK(g.deploy(Location::C) == Status::WrongPhase);
    CHECK(g.meeple_options(opts) == 0);
    CHECK(observable_state(g) == before);
  }
  SECTION("deploying a meeple: no second tile") {
    Game g = tile_placed(Game(2, 13));
    const std::string before = observable_state(g);
    Placement p = at(g.board().open(0).x, g.board().open(0).y);
    Verdict why;
    CHECK(g.legal_placements(buf) == 0);
    for (int rot = 0; rot < 4; ++rot) {
      p.rot = static_cast<uint8_t>(rot);
      CHECK(g.check_placement(p).reason == Illegal::WrongPhase);
      CHECK(g.place(p, &why) == Status::WrongPhase);
      CHECK(why.reason == Illegal::WrongPhase);
      CHECK(g.play(Move{p, Location::None}, nullptr, &why) == Status::WrongPhase);
      CHECK(why.reason == Illegal::WrongPhase);
    }
    CHECK(observable_state(g) == before);
  }
  SECTION("game over: nothing more") {
    Game g = finished(3, 17);
    const std::string before = observable_state(g);
    Verdict why;
    CHECK(g.current_tile() == kNoTile);
    CHECK(g.legal_placements(buf) == 0);
    CHECK(g.meeple_options(opts) == 0);
    CHECK(g.check_placement(at(1, 0)).reason == Illegal::WrongPhase);
    CHECK(g.place(at(1, 0), &why) == Status::WrongPhase);
    CHECK(why.reason == Illegal::WrongPhase);
    CHECK(g.deploy(Location::None, nullptr, &why) == Status::WrongPhase);
    CHECK(g.play(Move{at(1, 0), Location::None}, nullptr, &why) == Status::WrongPhase);
    Rng rng(1);
    g.playout(rng);
    CHECK(observable_state(g) == before);
  }
}

// Every placement of several games tried with every meeple value: play() must either do
// exactly what place() + deploy() do, or refuse with the same verdict as check_meeple()
// after the placement and leave the game untouched.
TEST_CASE("Hostile input: play() with a bad meeple leaves the game unchanged", "[hostile]") {
  int seen[16] = {};
  std::vector<int> locations;
  for (int l = 0; l <= 15; ++l) locations.push_back(l);
  for (int l : {16, 200, 255}) locations.push_back(l);
  for (int game = 0; game < 4; ++game) {
    Options opt;
    opt.farmers = game % 3 != 0;
    Game g(1 + game % 3, 100 + game, opt);
    Rng rng(game);
    Placement buf[kMaxPlacements];
    Location opts[kMaxMeepleOptions];
    while (!g.over()) {
      const std::string before = observable_state(g);
      const int n = g.legal_placements(buf);
      for (int i = 0; i < n; i += 1 + n / 2) {
        Game placed = g;
        REQUIRE(placed.place(buf[i]) == Status::Ok);
        for (int l : locations) {
          const Location loc = static_cast<Location>(l);
          const Verdict expected = placed.check_meeple(loc);
          seen[static_cast<int>(expected.reason)]++;
          Game trial = g;
          Verdict why;
          Events ev;
          const Status st = trial.play(Move{buf[i], loc}, &ev, &why);
          CHECK(why.reason == expected.reason);
          if (expected) {
            CHECK(st == Status::Ok);
            Game stepwise = placed;
            Events ev2;
            REQUIRE(stepwise.deploy(loc, &ev2) == Status::Ok);
            CHECK(observable_state(trial) == observable_state(stepwise));
            CHECK(ev.count == ev2.count);
          } else {
            CHECK(st == Status::IllegalMove);
            CHECK(observable_state(trial) == before);
          }
        }
      }
      // Go on with a random turn that takes a meeple whenever it can, to run supplies dry.
      REQUIRE(g.place(buf[rng.below(n)]) == Status::Ok);
      const int k = g.meeple_options(opts);
      REQUIRE(g.deploy(k ? opts[rng.below(k)] : Location::None) == Status::Ok);
    }
  }
  // The sweep met every reason a meeple can be refused for.
  CHECK(seen[static_cast<int>(Illegal::None)] > 0);
  CHECK(seen[static_cast<int>(Illegal::NoSuchFeature)] > 0);
  CHECK(seen[static_cast<int>(Illegal::FeatureOccupied)] > 0);
  CHECK(seen[static_cast<int>(Illegal::NoSupply)] > 0);
  CHECK(seen[static_cast<int>(Illegal::FarmersOff)] > 0);
}

// ---------------------------------------------------------------- the expansions' calls

namespace {

// Random steps of a game with these options until `stop` says so (or the game ends).
template <class Stop>
Game played_until(int players, uint64_t seed, Options opt, bool caller_draws, Stop stop, int figure_percent = 80) {
  Game g = caller_draws ? Game(players, CallerDraws{}, opt) : Game(players, seed, opt);
  Rng rng(seed);
  while (!g.over() && !stop(g)) test::random_step(g, rng, nullptr, figure_percent);
  return g;
}

// A game of these options waiting for a bonus decision, from the first seed that gets there.
Game in_bonus(Options opt, bool caller_draws = false) {
  for (uint64_t seed = 1; seed < 200; ++seed) {
    Game g = played_until(2, seed, opt, caller_draws, [](const Game& x) { return x.phase() == Phase::Decide; });
    if (g.phase() == Phase::Decide) return g;
  }
  FAIL("no game reached a bonus decision");
  return Game(2, uint64_t{1});
}

// What check_figure must say for a builder, pig or large meeple on a location of the tile
// just placed, from the rules of docs/expansions.md in their documented order.
Illegal expected_figure_verdict(const Game& g, Figure f, int loc) {
  if (!has_figure(g.options(), f)) return Illegal::NotInGame;
  if (loc >= kLocationCount) return Illegal::NoSuchFeature;
  const PlacedTile& pt = g.board().tile(g.board().tile_count() - 1);
  const uint8_t local = tiles::kOriented[pt.type][pt.rot].loc_seg[loc];
  if (local == tiles::kNoSeg) return Illegal::NoSuchFeature;
  const Features& fs = g.features();
  const SegId root = fs.find(static_cast<SegId>(pt.seg_base + local));
  const FeatureKind kind = fs.kind(root);
  if (kind == FeatureKind::Garden) return g.options().abbot ? Illegal::GardenAbbotOnly : Illegal::NoSuchFeature;
  bool own = false;  // one of the player's meeples or large meeples is on the feature
  for (const Meeple& m : g.meeples())
    own |= m.player == g.current_player() && (m.kind == Figure::Meeple || m.kind == Figure::Large) &&
           fs.find(m.seg) == root;
  const bool supply = g.supply(g.current_player(), f) > 0;
  switch (f) {
    case Figure::Builder:
      if (kind != FeatureKind::Road && kind != FeatureKind::City) return Illegal::BuilderRoadOrCity;
      if (!supply) return Illegal::NoSupply;
      if (!own) return Illegal::BuilderNeedsMeeple;
      if (fs.root_counters(root).open == 0) return Illegal::BuilderComplete;
      return Illegal::None;
    case Figure::Pig:
      if (kind != FeatureKind::Field) return Illegal::PigFieldOnly;
      if (!g.options().farmers) return Illegal::FarmersOff;
      if (!supply) return Illegal::NoSupply;
      if (!own) return Illegal::PigNeedsFarmer;
      return Illegal::None;
    default:  // the large meeple: where a meeple may go
      if (kind == FeatureKind::Field && !g.options().farmers) return Illegal::FarmersOff;
      if (fs.root_counters(root).meeples > 0) return Illegal::FeatureOccupied;
      if (!supply) return Illegal::NoSupply;
      return Illegal::None;
  }
}

}  // namespace

TEST_CASE("Hostile input: take_bonus and pass outside the Bonus phase are refused", "[hostile]") {
  const Options tb = test::options_mix(1u << 6);
  std::vector<Game> games = {
      Game(2, uint64_t{5}, tb),                                                                // PlaceTile
      tile_placed(Game(2, uint64_t{5}, tb)),                                                   // PlaceMeeple
      played_until(3, 6, tb, false, [](const Game&) { return false; }),                        // GameOver
      Game(2, CallerDraws{}, tb),                                                              // Draw
      Game(2, uint64_t{5}),                                                                    // T&B off
      played_until(2, 7, test::all_options(), false, [](const Game&) { return false; }),       // over, all on
  };
  std::array<int, 5> phases{};
  for (const Game& before : games) {
    INFO("phase " << int(before.phase()));
    phases[static_cast<int>(before.phase())]++;
    Game g = before;
    Events ev;
    Verdict why;
    CHECK(g.take_bonus(&ev, &why) == Status::WrongPhase);
    CHECK(why.reason == Illegal::WrongPhase);
    why = Verdict{};
    CHECK(g.pass(&ev, &why) == Status::WrongPhase);
    CHECK(why.reason == Illegal::WrongPhase);
    CHECK(ev.count == 0);
    CHECK(g == before);
    CHECK_FALSE(g.bonus_turn());
  }
  CHECK(phases == std::array<int, 5>{2, 1, 2, 1, 0});
}

TEST_CASE("Hostile input: in the Bonus phase only take_bonus, pass and play are accepted", "[hostile]") {
  for (const bool caller : {false, true}) {
    INFO("caller draws " << caller);
    const Game before = in_bonus(test::four_expansions(), caller);
    Game g = before;
    Placement buf[kMaxPlacements];
    FigureChoice figs[kMaxFigureOptions];
    Location opts[kMaxMeepleOptions];
    Events ev;
    Verdict why;
    CHECK(g.current_tile() == kNoTile);
    CHECK(g.legal_placements(buf) == 0);
    CHECK(g.figure_options(figs) == 0);
    CHECK(g.meeple_options(opts) == 0);
    const OpenCell cell = g.board().open(0);
    for (int rot = 0; rot < 4; ++rot) {
      const Placement p = at(cell.x, cell.y, rot);
      CHECK(g.check_placement(p).reason == Illegal::WrongPhase);
      CHECK(g.place(p, &why) == Status::WrongPhase);
      CHECK(why.reason == Illegal::WrongPhase);
    }
    for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig, Figure::Recall}) {
      CHECK(g.check_figure(f, Location::None).reason == Illegal::WrongPhase);
      CHECK(g.act(f, Location::N, &ev, &why) == Status::WrongPhase);
      CHECK(why.reason == Illegal::WrongPhase);
    }
    CHECK(g.deploy(Location::None, &ev, &why) == Status::WrongPhase);
    for (int t = 0; t < kTileTypes; ++t) {
      CHECK(g.draw(static_cast<TileType>(t), &ev, &why) == Status::WrongPhase);
      CHECK(why.reason == Illegal::WrongPhase);
    }
    // play() takes the bonus tile first in a game that draws it itself; a caller-draw game
    // waits for the draw.
    const Status bad = g.play(Move{at(cell.x, cell.y, 7), Location::None}, &ev, &why);
    if (caller) {
      CHECK(bad == Status::WrongPhase);
    } else {
      CHECK(bad == Status::IllegalMove);
      CHECK(why.reason == Illegal::BadRotation);
      // an illegal figure on a legal placement: the bonus tile's draw is undone too
      Game taken = before;
      REQUIRE(taken.take_bonus() == Status::Ok);
      REQUIRE(taken.legal_placements(buf) > 0);
      CHECK(g.play(Move{buf[0], static_cast<Location>(200), Figure::Builder}, &ev, &why) == Status::IllegalMove);
      CHECK(g.play(Move{buf[0], Location::C, Figure::Pig}, &ev, &why) == Status::IllegalMove);
    }
    CHECK(ev.count == 0);
    CHECK(g == before);
    CHECK(g.phase() == Phase::Decide);
  }
}

TEST_CASE("Hostile input: builder, pig and large meeple on every wrong feature", "[hostile]") {
  std::array<int, 64> seen{};
  const std::vector<int> locations = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 200, 255};
  for (unsigned mix = 0; mix < 24; ++mix) {
    // Traders & Builders with or without farmers, abbot and I&C; then a few without T&B.
    Options opt = test::options_mix((mix & 7) | (mix < 20 ? 1u << 6 : 0u));
    opt.abbot = mix % 3 == 0;
    opt.inns_and_cathedrals = mix % 2 == 0;
    Game g(2 + static_cast<int>(mix % 3), 300 + mix, opt);
    Rng rng(mix);
    int checked = 0;
    while (!g.over() && checked < 40) {
      if (g.phase() != Phase::PlaceMeeple) {
        test::random_step(g, rng, nullptr, 85);
        continue;
      }
      ++checked;
      for (const Figure f : {Figure::Builder, Figure::Pig, Figure::Large}) {
        for (const int l : locations) {
          const Location loc = static_cast<Location>(l);
          const Illegal want = expected_figure_verdict(g, f, l);
          INFO(figure_name(f) << " at " << l << " on " << tile_name(g.board().tile(g.board().tile_count() - 1).type));
          CHECK(g.check_figure(f, loc).reason == want);
          seen[static_cast<int>(want)]++;
          Game trial = g;
          Events ev;
          Verdict why;
          const Status st = trial.act(f, loc, &ev, &why);
          CHECK(why.reason == want);
          if (want == Illegal::None) {
            CHECK(st == Status::Ok);
            // the figure went onto the tile (it may have come home at once, with its feature complete)
            const PlacedTile& placed = trial.board().tile(g.board().tile_count() - 1);
            CHECK(placed.figure == f);
            CHECK(placed.meeple != Location::None);
          } else {
            CHECK(st == Status::IllegalMove);
            CHECK(ev.count == 0);
            CHECK(trial == g);
          }
        }
      }
      test::random_step(g, rng, nullptr, 85);
    }
  }
  for (const Illegal r : {Illegal::None, Illegal::NotInGame, Illegal::NoSuchFeature, Illegal::GardenAbbotOnly,
                          Illegal::FarmersOff, Illegal::FeatureOccupied, Illegal::NoSupply, Illegal::BuilderRoadOrCity,
                          Illegal::BuilderNeedsMeeple, Illegal::BuilderComplete, Illegal::PigFieldOnly,
                          Illegal::PigNeedsFarmer}) {
    INFO(reason_text(r));
    CHECK(seen[static_cast<int>(r)] > 0);
  }
}

TEST_CASE("Hostile input: goods of no kind and of seats beyond the players are none", "[hostile]") {
  // Goods::None and players past players() (below kMaxPlayers) read as 0; the accessor does
  // not check the player against kMaxPlayers (as score() does not).
  const Game g = played_until(2, 11, test::four_expansions(), false, [](const Game&) { return false; });
  int total = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    CHECK(g.goods(p, Goods::None) == 0);
    for (const Goods k : {Goods::Wine, Goods::Grain, Goods::Cloth}) {
      if (p >= g.players()) CHECK(g.goods(p, k) == 0);
      total += g.goods(p, k);
    }
  }
  CHECK(total > 0);
  CHECK(total <= 20);
  const Game base = played_until(2, 11, Options{}, false, [](const Game&) { return false; });
  for (int p = 0; p < kMaxPlayers; ++p)
    for (const Goods k : {Goods::None, Goods::Wine, Goods::Grain, Goods::Cloth}) CHECK(base.goods(p, k) == 0);
}

// ---------------------------------------------------------------- Princess & Dragon

namespace {

Options pd_options() {
  Options o;
  o.princess_and_dragon = true;
  return o;
}

Move move_text(const Game& g, std::string_view text) {
  TileType t = kNoTile;
  Move m;
  REQUIRE(parse_move(text, t, m));
  REQUIRE(t == g.current_tile());
  return m;
}

void play_text(Game& g, std::string_view text) {
  INFO(text);
  REQUIRE(g.play(move_text(g, text)) == Status::Ok);
}

// A game of these tiles after these moves; the last text, if given, only places its tile.
Game pd_position(int players, std::initializer_list<std::string_view> order, std::initializer_list<std::string_view> moves,
                 std::string_view place = {}) {
  std::vector<TileType> tiles;
  for (const std::string_view id : order) tiles.push_back(tile_from_name(id));
  Game g(players, std::span<const TileType>(tiles), pd_options());
  for (const std::string_view m : moves) play_text(g, m);
  if (!place.empty()) REQUIRE(g.place(move_text(g, place).at) == Status::Ok);
  return g;
}

// The figure action is refused for `want`, by check_figure and by act, and changes nothing.
void refuse_figure(const Game& g, const FigureChoice& c, Illegal want) {
  INFO("figure " << int(c.figure) << " location " << int(c.location) << (c.elsewhere ? " elsewhere " : " ") << int(c.x)
                 << "," << int(c.y) << ": " << reason_text(want));
  const std::string before = observable_state(g);
  CHECK(g.check_figure(c).reason == want);
  Game trial = g;
  Events ev;
  Verdict why;
  CHECK(trial.act(c, &ev, &why) == Status::IllegalMove);
  CHECK(why.reason == want);
  CHECK(ev.count == 0);
  CHECK(trial == g);
  CHECK(observable_state(trial) == before);
}

// Any refusal at all (the reason is not pinned), changing nothing.
void refuse_any(const Game& g, const FigureChoice& c) {
  INFO("figure " << int(c.figure) << " location " << int(c.location) << (c.elsewhere ? " elsewhere " : " ") << int(c.x)
                 << "," << int(c.y));
  CHECK_FALSE(g.check_figure(c));
  Game trial = g;
  Events ev;
  Verdict why;
  CHECK(trial.act(c, &ev, &why) != Status::Ok);
  CHECK(why.reason != Illegal::None);
  CHECK(ev.count == 0);
  CHECK(trial == g);
}

Choice dragon_step(int option) {
  Choice c;
  c.kind = DecisionKind::Dragon;
  c.option = static_cast<uint8_t>(option);
  return c;
}

// The choice is refused for `want` by check_choice and decide, changing nothing.
void refuse_choice(const Game& g, const Choice& c, Illegal want) {
  INFO("choice kind " << int(c.kind) << " option " << int(c.option));
  rules::check_refused_choice(g, c, want);
}

FigureChoice at_tile(Figure f, int x, int y, Location l) {
  return FigureChoice{f, l, true, static_cast<int8_t>(x), static_cast<int8_t>(y)};
}

}  // namespace

TEST_CASE("Hostile input: Princess & Dragon's figure actions on the wrong tile or feature are refused", "[hostile][princess]") {
  SECTION("the volcano just placed takes no figure; the fairy only next to one's own meeple") {
    // Example 1: P0's thief at (1,0) E, P1's farmer at (-1,0) NNE; DZ just placed at (0,-1).
    const Game g = pd_position(2, {"U", "U", "DZ", "U", "U"}, {"U 1,0 90 E", "U -1,0 90 NNE"}, "DZ 0,-1 180 -");
    for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig})
      for (int l = 0; l < 13; ++l) {
        const FigureChoice c{f, static_cast<Location>(l)};
        if (has_figure(g.options(), f) && g.board().tile(g.board().tile_count() - 1).type == tile_from_name("DZ") &&
            tiles::kOriented[tile_from_name("DZ")][2].loc_seg[l] != tiles::kNoSeg && f == Figure::Meeple)
          refuse_figure(g, c, Illegal::DragonTile);
        else
          refuse_any(g, c);
      }
    refuse_figure(g, at_tile(Figure::Fairy, -1, 0, Location::NNE), Illegal::FairyNeedsMeeple);  // P1's farmer
    refuse_figure(g, at_tile(Figure::Fairy, 0, 0, Location::N), Illegal::FairyNeedsMeeple);     // nobody there
    refuse_figure(g, at_tile(Figure::Fairy, 1, 0, Location::N), Illegal::FairyNeedsMeeple);     // the thief's tile, a field
    refuse_figure(g, at_tile(Figure::Princess, 1, 0, Location::E), Illegal::NoKnightToRemove);  // no princess tile
    // The fairy next to the thief is the one legal action elsewhere; then not again.
    Game moved = g;
    REQUIRE(moved.act(at_tile(Figure::Fairy, 1, 0, Location::E)) == Status::Ok);
    // the fairy and its figure values without `elsewhere`: no such action on the tile itself
    for (const Figure f : {Figure::Fairy, Figure::Princess})
      for (int l = 0; l < 256; ++l) refuse_any(g, FigureChoice{f, static_cast<Location>(l)});
  }
  SECTION("the princess removes only a knight of the city her tile extends") {
    // Example 9: P1's knight at (0,-1) E; DB just placed at (1,-1).
    const Game g = pd_position(2, {"U", "N", "DB", "U", "E", "U"}, {"U 1,0 90", "N 0,-1 90 E"}, "DB 1,-1 0 -");
    refuse_figure(g, at_tile(Figure::Princess, 0, 0, Location::N), Illegal::NoKnightToRemove);  // the city, no knight there
    refuse_figure(g, at_tile(Figure::Princess, 1, 0, Location::N), Illegal::NoKnightToRemove);
    refuse_figure(g, at_tile(Figure::Princess, 0, -1, Location::W), Illegal::NoKnightToRemove);  // the knight's tile, a field
    CHECK(g.check_figure(at_tile(Figure::Princess, 0, -1, Location::E)));
  }
  SECTION("the portal onto a complete, occupied or dragon's feature, or from a tile with no portal") {
    // Example 11: the dragon at (0,1), P1's thief at (1,0) E, D's city complete; DR at (-1,0).
    const Game g = pd_position(2, {"E", "U", "D2", "B", "DR", "U"}, {"E 0,-1 180", "U 1,0 90 E", "D2 0,1 0", "B 1,1 0"},
                               "DR -1,0 0 -");
    refuse_figure(g, at_tile(Figure::Meeple, 0, -1, Location::S), Illegal::PortalTarget);     // complete
    refuse_figure(g, at_tile(Figure::Meeple, 1, 0, Location::E), Illegal::FeatureOccupied);   // P1's thief
    refuse_figure(g, at_tile(Figure::Meeple, 0, 1, Location::NNE), Illegal::DragonTile);      // the dragon's tile
    refuse_figure(g, at_tile(Figure::Meeple, -1, 0, Location::S), Illegal::PortalTarget);     // the tile just placed
    refuse_figure(g, at_tile(Figure::Meeple, 0, 0, Location::C), Illegal::NoSuchFeature);     // D has no centre
    refuse_figure(g, at_tile(Figure::Builder, 1, 1, Location::C), Illegal::NotInGame);        // no builder in this game
    CHECK(g.check_figure(at_tile(Figure::Meeple, 1, 1, Location::C)));
    const Game u = pd_position(2, {"E", "U", "D2", "B", "U"}, {"E 0,-1 180", "U 1,0 90 E", "D2 0,1 0", "B 1,1 0"},
                               "U -1,0 90 -");
    refuse_figure(u, at_tile(Figure::Meeple, 1, 1, Location::C), Illegal::PortalTarget);  // U has no portal
    // Far outside the board and every location byte: refused, nothing changes.
    for (const int x : {-128, -127, -100, 100, 127})
      for (const int y : {-128, -127, 0, 127})
        for (int f = 0; f < 8; ++f)
          for (int l = 0; l < 256; l += 17) refuse_any(g, at_tile(static_cast<Figure>(f), x, y, static_cast<Location>(l)));
    for (int i = 0; i < g.board().tile_count(); ++i)
      for (int f = 0; f < 8; ++f)
        for (int l = 13; l < 256; ++l)
          refuse_any(g, at_tile(static_cast<Figure>(f), g.board().tile(i).x, g.board().tile(i).y, static_cast<Location>(l)));
  }
}

TEST_CASE("Hostile input: dragon steps to a visited tile, off the board, onto the fairy or out of turn are refused",
          "[hostile][princess]") {
  // Example 4: the flight from (0,1) goes W, N, E to (0,0); the fairy at (1,0).
  Game g = pd_position(2, {"U", "N", "D2", "U", "B", "B", "DK", "E", "U"},
                       {"U 1,0 90 E", "N 0,-1 90 E", "D2 0,1 0", "U -1,0 90 ESE", "B 1,1 0 C", "B -1,1 0 C", "DK 1,-1 0 F:1,0:E"});
  REQUIRE(decision_kind(g) == DecisionKind::Dragon);
  // step 1 from (0,1): south is off the board
  refuse_choice(g, dragon_step(2), Illegal::DragonCannotMove);
  for (int o = 4; o < 256; ++o) {
    INFO("option " << o);
    CHECK_FALSE(check_choice(g, dragon_step(o)));
    Game trial = g;
    CHECK(decide(trial, dragon_step(o)) != Status::Ok);
    CHECK(trial == g);
  }
  // a dragon decision answered by another kind of option
  Choice bonus;
  bonus.kind = DecisionKind::Bonus;
  refuse_choice(g, bonus, Illegal::WrongPhase);
  Verdict why;
  CHECK(g.take_bonus(nullptr, &why) == Status::WrongPhase);
  CHECK(g.pass(nullptr, &why) == Status::WrongPhase);
  for (const char* s : {"W", "N", "E"}) {
    Choice c;
    REQUIRE(parse_choice(g, std::string("dragon ") + s, c));
    REQUIRE(decide(g, c) == Status::Ok);
  }
  REQUIRE(decision_kind(g) == DecisionKind::Dragon);
  refuse_choice(g, dragon_step(1), Illegal::DragonCannotMove);  // east: the fairy's tile
  refuse_choice(g, dragon_step(2), Illegal::DragonCannotMove);  // south: (0,1), where it started
  refuse_choice(g, dragon_step(3), Illegal::DragonCannotMove);  // west: visited
  CHECK(check_choice(g, dragon_step(0)));
  // No flight: a dragon step in the other phases.
  Game place = pd_position(2, {"U", "U", "DZ", "U", "U"}, {"U 1,0 90 E"});
  for (int o = 0; o < 4; ++o) refuse_choice(place, dragon_step(o), Illegal::WrongPhase);
  REQUIRE(place.place(move_text(place, "U -1,0 90").at) == Status::Ok);
  for (int o = 0; o < 4; ++o) refuse_choice(place, dragon_step(o), Illegal::WrongPhase);
}

// ---------------------------------------------------------------- The Tower

namespace {

Options tower_options(bool inns = false) {
  Options o;
  o.tower = true;
  o.inns_and_cathedrals = inns;
  return o;
}

// A tower game of these tiles after these moves (each a whole turn or a decision's line).
Game tower_position(int players, std::string_view order, std::initializer_list<std::string_view> lines, bool inns = false) {
  Game g = rules::new_game(players, order, tower_options(inns));
  for (const std::string_view line : lines) {
    if (line.starts_with("capture") || line.starts_with("ransom")) {
      rules::decide_text(g, line);
    } else {
      play_text(g, line);
    }
  }
  return g;
}

Choice capture(int x, int y, Location loc, uint8_t option = 0, Figure back = Figure::Meeple) {
  return Choice{DecisionKind::Capture, kNoTile, {}, FigureChoice{back, loc, true, static_cast<int8_t>(x), static_cast<int8_t>(y)}, option};
}

Choice ransom(const Game& g, int holder, Figure kind) {
  return Choice{DecisionKind::Place, g.current_tile(), {}, FigureChoice{kind, Location::None, false, static_cast<int8_t>(holder), 0}, 1};
}

}  // namespace

TEST_CASE("Hostile input: The Tower's actions on every cell, figure and location get the right verdict", "[hostile][tower]") {
  // P0's tower of height 1 at (1,0) closed by P1's meeple; P0 holds OK, placed at (1,-1) (a
  // bare foundation); (2,0) is a U without foundation.
  Game g = tower_position(2, "OO U OK U", {"OO 1,0 0 T:1,0", "U 2,0 90 TM:1,0"});
  REQUIRE(g.place(move_text(g, "OK 1,-1 180").at) == Status::Ok);
  for (int y = -128; y < 128; ++y)
    for (int x = -128; x < 128; ++x) {
      const int tile = g.board().tile_index_at(x, y);
      const FigureChoice piece = at_tile(Figure::TowerPiece, x, y, Location::TW);
      const Illegal want = tile < 0 || (x == 0 && y == 0) || (x == 2 && y == 0) ? Illegal::NoTower
                           : x == 1 && y == 0                                   ? Illegal::TowerClosed
                                                                                : Illegal::None;
      if (want == Illegal::None) CHECK(g.check_figure(piece));
      else if (std::abs(x) + std::abs(y) < 6 || (x + y) % 61 == 0) refuse_figure(g, piece, want);
      else CHECK(g.check_figure(piece).reason == want);
    }
  refuse_figure(g, at_tile(Figure::Meeple, 1, -1, Location::TW), Illegal::TowerTooLow);  // a bare foundation
  refuse_figure(g, at_tile(Figure::Meeple, 1, 0, Location::TW), Illegal::TowerClosed);
  refuse_figure(g, at_tile(Figure::Large, 1, -1, Location::TW), Illegal::NotInGame);  // no Inns & Cathedrals
  for (const Figure f : {Figure::Abbot, Figure::Builder, Figure::Pig, Figure::Fairy, Figure::Princess, Figure::Recall})
    refuse_any(g, at_tile(f, 1, -1, Location::TW));  // not in this game, or never onto a tower
  // A tower piece names the tower top, nothing else; TW never names a feature of the tile.
  for (int l = 0; l < 16; ++l)
    if (l != static_cast<int>(Location::TW)) refuse_any(g, at_tile(Figure::TowerPiece, 1, -1, static_cast<Location>(l)));
  refuse_any(g, FigureChoice{Figure::Meeple, Location::TW});
  refuse_any(g, FigureChoice{Figure::TowerPiece, Location::TW});
}

TEST_CASE("Hostile input: a figure other than a meeple or the large meeple onto a tower is refused", "[hostile][tower]") {
  Options o = tower_options(true);
  o.abbot = true;
  Game g = rules::new_game(2, "OO U U", o);
  play_text(g, "OO 1,0 0 T:1,0");
  REQUIRE(g.place(move_text(g, "U 2,0 90").at) == Status::Ok);
  refuse_figure(g, at_tile(Figure::Abbot, 1, 0, Location::TW), Illegal::TowerFigure);
  CHECK(g.check_figure(at_tile(Figure::Large, 1, 0, Location::TW)));
  // A tower action's text names the tower's square and nothing else: no location after it.
  for (const std::string_view word : {"T:1,0:NNW", "T:1,0:TW", "TM:1,0:N", "TL:1,0:C", "T:1", "TM:", "T:1,0,"}) {
    INFO(word);
    FigureChoice f;
    CHECK_FALSE(parse_figure_action(word, f));
  }
  FigureChoice f;
  CHECK((parse_figure_action("TL:1,0", f) && f == at_tile(Figure::Large, 1, 0, Location::TW)));
}

TEST_CASE("Hostile input: the fairy beside a tower top only next to the mover's own figure there", "[hostile][tower][princess]") {
  // P1's meeple on the tower at (1,0); P1 then places U at (4,0): the fairy may go beside it
  // (README D7), onto no other cell's top.
  Options o = tower_options();
  o.princess_and_dragon = true;
  Game g = rules::new_game(2, "OO U U U OK", o);
  for (const std::string_view line : {"OO 1,0 0 T:1,0", "U 2,0 90 TM:1,0", "U 3,0 90"}) play_text(g, line);
  REQUIRE(g.place(move_text(g, "U 4,0 90").at) == Status::Ok);
  for (int y = -128; y < 128; ++y)
    for (int x = -128; x < 128; ++x) {
      const FigureChoice fairy = at_tile(Figure::Fairy, x, y, Location::TW);
      if (x == 1 && y == 0) CHECK(g.check_figure(fairy));
      else if (std::abs(x) + std::abs(y) < 6 || (x + y) % 61 == 0) refuse_figure(g, fairy, Illegal::FairyNeedsMeeple);
      else CHECK(g.check_figure(fairy).reason == Illegal::FairyNeedsMeeple);
    }
  Game after = g;
  REQUIRE(after.act(at_tile(Figure::Fairy, 1, 0, Location::TW)) == Status::Ok);
  // P0's turn: not P0's figure (P1's again: the fairy stands there already; tests/test_tower.cpp).
  REQUIRE(after.place(move_text(after, "OK 1,-1 180").at) == Status::Ok);
  refuse_figure(after, at_tile(Figure::Fairy, 1, 0, Location::TW), Illegal::FairyNeedsMeeple);
}

TEST_CASE("Hostile input: captures of empty squares, other segments, bad kinds and bad options are refused",
          "[hostile][tower]") {
  // Example 10's position: P1 holds P0's meeple and large meeple; P0 builds on OQ, within
  // reach of P1's knight.
  Game g = tower_position(2, "U OO U OK U OQ E", {"U 1,0 90 E", "OO 2,0 0 T:2,0", "capture 1,0 E", "U 3,0 90 L:E",
                                                    "OK 2,-1 180 T:2,0", "capture 3,0 E", "U -1,0 90", "OQ 0,-1 180 E",
                                                    "E 1,-1 270 T:0,-1"},
                          true);
  REQUIRE(decision_kind(g) == DecisionKind::Capture);
  CHECK(check_choice(g, capture(0, -1, Location::E, 2, Figure::Large)));
  refuse_choice(g, capture(0, -1, Location::E), Illegal::ExchangeKind);                  // two kinds held: name one
  refuse_choice(g, capture(0, -1, Location::E, 2, Figure::Abbot), Illegal::ExchangeKind);  // not held (no abbot)
  refuse_choice(g, capture(0, -1, Location::E, 2, Figure::Builder), Illegal::ExchangeKind);
  for (int o = 3; o < 256; o += 7) refuse_choice(g, capture(0, -1, Location::E, static_cast<uint8_t>(o)), Illegal::WrongPhase);
  // Every square and location but those of the knight's segment on OQ (0,-1).
  const PlacedTile& oq = g.board().tile(g.board().tile_index_at(0, -1));
  const auto& seg_of = tiles::kOriented[oq.type][oq.rot].loc_seg;
  for (int y = -4; y <= 4; ++y)
    for (int x = -4; x <= 4; ++x)
      for (int l = 0; l < 16; ++l) {
        const bool knight = x == 0 && y == -1 && l < kLocationCount && seg_of[static_cast<size_t>(l)] == seg_of[static_cast<size_t>(Location::E)];
        if (knight) CHECK(check_choice(g, capture(x, y, static_cast<Location>(l), 2, Figure::Meeple)));
        else refuse_choice(g, capture(x, y, static_cast<Location>(l), 2, Figure::Large), Illegal::NothingToCapture);
      }
  // A capture where none is due.
  Game place = tower_position(2, "U OO U", {"U 1,0 90 E"});
  refuse_choice(place, capture(1, 0, Location::E), Illegal::WrongPhase);
  refuse_choice(place, capture(0, 0, Location::None, 1), Illegal::WrongPhase);
}

TEST_CASE("Hostile input: ransoms of unheld kinds, to oneself, twice, without points or at the wrong time are refused",
          "[hostile][tower]") {
  // Example 7's position after P0's first ransom: P1 held two P0 meeples, holds one.
  Game g = tower_position(2, "U OO U OK OQ U E U U U U", {"U 1,0 90 E", "OO 2,0 0 T:2,0", "capture 1,0 E", "U 3,0 90 E",
                                                            "OK 2,-1 180 T:2,0", "capture 3,0 E", "OQ 0,-1 180 E",
                                                            "U -1,0 90", "E 1,-1 270", "U -2,0 90"});
  REQUIRE(g.phase() == Phase::PlaceTile);
  CHECK(check_choice(g, ransom(g, 1, Figure::Meeple)));
  refuse_choice(g, ransom(g, 0, Figure::Meeple), Illegal::RansomNotHeld);  // to oneself
  for (int h = 2; h < 128; h += 5) refuse_choice(g, ransom(g, h, Figure::Meeple), Illegal::RansomNotHeld);
  refuse_choice(g, ransom(g, -1, Figure::Meeple), Illegal::RansomNotHeld);
  for (const Figure f : {Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig, Figure::Fairy, Figure::Recall, Figure::TowerPiece})
    refuse_choice(g, ransom(g, 1, f), Illegal::NotInGame);
  for (int o = 2; o < 256; o += 9) {
    Choice c = ransom(g, 1, Figure::Meeple);
    c.option = static_cast<uint8_t>(o);
    refuse_choice(g, c, Illegal::WrongPhase);
  }
  Choice other_tile = ransom(g, 1, Figure::Meeple);
  other_tile.tile = tile_from_name("A");
  refuse_choice(g, other_tile, Illegal::WrongPhase);
  REQUIRE(decide(g, ransom(g, 1, Figure::Meeple)) == Status::Ok);
  refuse_choice(g, ransom(g, 1, Figure::Meeple), Illegal::RansomPaid);  // once per turn
  // Fewer than 3 points: P0 in example 7 before the city scored.
  Game poor = tower_position(2, "U OO U OK OQ U E", {"U 1,0 90 E", "OO 2,0 0 T:2,0", "capture 1,0 E", "U 3,0 90 E",
                                                      "OK 2,-1 180 T:2,0", "capture 3,0 E", "OQ 0,-1 180 E", "U -1,0 90"});
  refuse_choice(poor, ransom(poor, 1, Figure::Meeple), Illegal::RansomPoints);
  // In the figure phase, and once the game is over.
  REQUIRE(g.place(move_text(g, "U 4,0 90").at) == Status::Ok);
  refuse_choice(g, ransom(g, 1, Figure::Meeple), Illegal::WrongPhase);
}

// ---------------------------------------------------------------- Abbey & Mayor

namespace {

Options am_options(bool farmers = true) {
  Options o;
  o.abbey_and_mayor = true;
  o.farmers = farmers;
  return o;
}

// Takes one record line of an Abbey & Mayor game (tests/test_abbey_and_mayor.cpp): a whole
// move, 'abbey x,y [figure action]', or a decision's line ('wagon 0,0 N', 'abbey pass', 'pass').
void am_line(Game& g, std::string_view text) {
  INFO("line '" << text << "'");
  if (Choice c; g.phase() == Phase::Decide && tile_from_name(text.substr(0, text.find(' '))) != kNoTile) {
    REQUIRE(implied_choice(g, c));  // the draw, implied by the tile's line
    REQUIRE(decide(g, c) == Status::Ok);
  }
  if (tile_from_name(text.substr(0, text.find(' '))) != kNoTile) {
    rules::play(g, text);
    return;
  }
  const size_t figure = text.starts_with("abbey ") && !text.starts_with("abbey pass") ? text.find(' ', 6) : std::string_view::npos;
  rules::decide_text(g, text.substr(0, figure));
  if (!text.starts_with("abbey ") || text.starts_with("abbey pass")) return;
  FigureChoice f;
  if (figure != std::string_view::npos) REQUIRE(parse_figure_action(text.substr(figure + 1), f));
  REQUIRE(g.act(f) == Status::Ok);
}

Game am_position(int players, std::string_view order, std::initializer_list<std::string_view> lines, Options o = am_options()) {
  Game g = rules::new_game(players, order, o);
  for (const std::string_view line : lines) am_line(g, line);
  return g;
}

Choice abbey_at(int x, int y) {
  return Choice{DecisionKind::Abbey, tiles::kAbbey, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0}, {}, 2};
}

Choice abbey_option(int option) { return Choice{DecisionKind::Abbey, kNoTile, {}, {}, static_cast<uint8_t>(option)}; }

Choice wagon_to(int x, int y, Location loc) {
  return Choice{DecisionKind::Wagon, kNoTile, Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0}, FigureChoice{Figure::Wagon, loc}, 0};
}

// A&M example 1's opening: (1,-1) is the only hole, player 0 decides before the draw.
const std::initializer_list<std::string_view> kHoleOpening = {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N",
                                                               "N 2,-2 180", "N 1,-2 90"};

}  // namespace

TEST_CASE("Hostile input: the abbey into every int8 square but the hole is refused: occupied or not a hole",
          "[hostile][abbey]") {
  const Game g = am_position(2, "D P U N N N V E", kHoleOpening);
  REQUIRE(decision_kind(g) == DecisionKind::Abbey);
  REQUIRE(decider(g) == 0);
  // The squares the opening filled, from its lines (the start tile at 0,0).
  const std::vector<std::pair<int, int>> placed = {{0, 0}, {1, 0}, {0, -1}, {2, 0}, {2, -1}, {2, -2}, {1, -2}};
  int refused = 0;
  for (int y = -128; y < 128; ++y)
    for (int x = -128; x < 128; ++x) {
      const bool taken = std::find(placed.begin(), placed.end(), std::pair<int, int>{x, y}) != placed.end();
      const Illegal want = x == 1 && y == -1 ? Illegal::None : taken ? Illegal::Occupied : Illegal::NotAHole;
      if (want == Illegal::None) CHECK(check_choice(g, abbey_at(x, y)));
      else if (std::abs(x) + std::abs(y) < 5 || (x + y) % 61 == 0) refuse_choice(g, abbey_at(x, y), want);
      else CHECK(check_choice(g, abbey_at(x, y)).reason == want);
      refused += want != Illegal::None;
    }
  CHECK(refused == 256 * 256 - 1);
  // Not the final round, not a bonus part: no 'abbey pass', no 'pass', no 'take' of a bonus
  // tile (the draw is option 0), and no option beyond the five.
  refuse_choice(g, abbey_option(3), Illegal::WrongPhase);  // 'abbey pass'
  refuse_choice(g, abbey_option(1), Illegal::WrongPhase);  // 'pass'
  refuse_choice(g, abbey_option(4), Illegal::WrongPhase);  // a bonus part's 'take'
  CHECK(check_choice(g, abbey_option(0)));
  for (int o = 5; o < 256; o += 5) refuse_choice(g, abbey_option(o), Illegal::WrongPhase);
  // Another kind while the abbey decision is due: a wagon's move, a draw, a placement.
  refuse_choice(g, wagon_to(1, 0, Location::N), Illegal::WrongPhase);
  refuse_choice(g, Choice{DecisionKind::Wagon, kNoTile, {}, {}, 1}, Illegal::WrongPhase);
}

TEST_CASE("Hostile input: no abbey decision is taken where none is due", "[hostile][abbey]") {
  // Before the hole is closed on its fourth side: a tile is to be placed, nobody decides.
  Game g = am_position(2, "D P U N N N V E", {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180"});
  REQUIRE(g.phase() == Phase::PlaceTile);
  for (const Choice& c : {abbey_at(1, -1), abbey_option(0), abbey_option(1), abbey_option(3), abbey_option(4)})
    refuse_choice(g, c, Illegal::WrongPhase);
  // After the abbey went down: its figure step, then player 1's turn with no hole left.
  Game after = am_position(2, "D P U N N N V E", kHoleOpening);
  am_line(after, "abbey 1,-1");
  REQUIRE(after.phase() == Phase::PlaceTile);
  CHECK_FALSE(after.holds_abbey(0));
  for (const Choice& c : {abbey_at(1, -1), abbey_option(0), abbey_option(3)}) refuse_choice(after, c, Illegal::WrongPhase);
}

TEST_CASE("Hostile input: no abbey onto the square the river's open end points into", "[hostile][abbey]") {
  // A&M example 18: the abbey decision during the river phase; the river's open end at RC (1,-1).
  Options o = am_options();
  o.river = true;
  const Game g = am_position(2, "RG RK RJ RD RE RC RH RB RD RI RL E",
                             {"RG 0,1 90", "RK 1,1 90", "RJ 2,1 180", "RD 2,0 0", "RE 2,-1 0", "RC 1,-1 0 S"}, o);
  REQUIRE(decision_kind(g) == DecisionKind::Abbey);
  CHECK(check_choice(g, abbey_at(1, 0)));
  int blocked = 0;
  for (int y = -3; y <= 3; ++y)
    for (int x = -3; x <= 3; ++x)
      if (g.board().blocked_at(x, y)) {
        ++blocked;
        refuse_choice(g, abbey_at(x, y), Illegal::AbbeyRiverEnd);
      }
  CHECK(blocked == 1);
}

TEST_CASE("Hostile input: the final abbey round takes only an abbey or 'abbey pass'; a bonus part only 'pass' or the abbey",
          "[hostile][abbey]") {
  // A&M example 3: the final round after the last land tile, seat 0.
  const Game g = am_position(3, "D P U N N N", {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270", "N 2,-2 180 S", "N 1,-2 90"});
  REQUIRE(decision_kind(g) == DecisionKind::Abbey);
  CHECK(check_choice(g, abbey_option(3)));
  CHECK(check_choice(g, abbey_at(1, -1)));
  for (const int option : {0, 1, 4}) refuse_choice(g, abbey_option(option), Illegal::WrongPhase);  // no draw, no bonus
  refuse_choice(g, abbey_at(1, 0), Illegal::Occupied);
  refuse_choice(g, abbey_at(3, 0), Illegal::NotAHole);
  // A&M example 20: the last land tile earned player 1 a bonus part: 'pass' or the abbey.
  Options tb = am_options();
  tb.traders_and_builders = true;
  const Game bonus = am_position(2, "D P U N N N U U U U",
                                 {"D 1,0 0 N", "P 0,-1 180 N", "U 2,0 90", "N 2,-1 270", "N 2,-2 180", "N 1,-2 90", "U 3,0 90",
                                  "U 0,-2 0 B:N", "U 4,0 90", "U 0,-3 0"},
                                 tb);
  REQUIRE(decision_kind(bonus) == DecisionKind::Abbey);
  REQUIRE(decider(bonus) == 1);
  CHECK(check_choice(bonus, abbey_option(1)));
  CHECK(check_choice(bonus, abbey_at(1, -1)));
  refuse_choice(bonus, abbey_option(3), Illegal::WrongPhase);  // 'abbey pass' is the final round's
  refuse_choice(bonus, abbey_option(0), Illegal::WrongPhase);  // a bonus part draws by 'take'
  refuse_choice(bonus, abbey_option(4), Illegal::WrongPhase);  // and no land tile is left to take
}

TEST_CASE("Hostile input: the mayor off a city, the wagon onto a field or garden are refused", "[hostile][abbey]") {
  // U placed at (1,0): a road (E, W) between two fields.
  Game g = am_position(2, "U A B A B E V", {});
  REQUIRE(g.place(move_text(g, "U 1,0 90").at) == Status::Ok);
  for (const Location l : {Location::E, Location::W}) {
    refuse_figure(g, FigureChoice{Figure::Mayor, l}, Illegal::MayorCityOnly);
    CHECK(g.check_figure(FigureChoice{Figure::Wagon, l}));
  }
  for (const Location l : {Location::NNE, Location::NNW, Location::SSE, Location::SSW, Location::ENE, Location::WSW}) {
    refuse_figure(g, FigureChoice{Figure::Mayor, l}, Illegal::MayorCityOnly);
    refuse_figure(g, FigureChoice{Figure::Wagon, l}, Illegal::WagonFeature);
  }
  // A monastery takes the wagon, not the mayor.
  Game abbey = am_position(2, "D P U N N N V E", kHoleOpening);
  rules::decide_text(abbey, "abbey 1,-1");
  refuse_figure(abbey, FigureChoice{Figure::Mayor, Location::C}, Illegal::MayorCityOnly);
  CHECK(abbey.check_figure(FigureChoice{Figure::Wagon, Location::C}));
  // A garden (the abbot's tiles): no wagon, no mayor; the rule of every figure but the abbot
  // says so first.
  Options abbot = am_options();
  abbot.abbot = true;
  Game garden = am_position(2, "N_G A", {}, abbot);
  REQUIRE(garden.place(move_text(garden, "N_G 0,-1 180").at) == Status::Ok);
  CHECK(garden.check_figure(FigureChoice{Figure::Abbot, Location::C}));  // the garden, the abbot's
  refuse_figure(garden, FigureChoice{Figure::Wagon, Location::C}, Illegal::GardenAbbotOnly);
  refuse_figure(garden, FigureChoice{Figure::Mayor, Location::C}, Illegal::GardenAbbotOnly);
}

TEST_CASE("Hostile input: barns on bad corners, in taken fields, without farmers, and meeples on a barn field",
          "[hostile][abbey]") {
  // A&M example 10: B at (1,-1) has no tiles at its south corners.
  Game g = am_position(2, "U E B B U A U U A B E B V", {"U 1,0 90", "E 0,-1 180"});
  REQUIRE(g.place(move_text(g, "B 1,-1 0").at) == Status::Ok);
  for (const Location l : {Location::NNW, Location::NNE, Location::SSE, Location::SSW})
    refuse_figure(g, FigureChoice{Figure::Barn, l}, Illegal::BarnCorner);
  // A barn names one of the four corner locations, nothing else.
  for (int l = 0; l < 256; ++l) {
    const auto loc = static_cast<Location>(l);
    if (loc == Location::NNW || loc == Location::NNE || loc == Location::SSE || loc == Location::SSW || loc == Location::None) continue;
    if (l < 16 || l % 17 == 0) refuse_any(g, FigureChoice{Figure::Barn, loc});
    else CHECK_FALSE(g.check_figure(FigureChoice{Figure::Barn, loc}));
  }
  // Nor does its text: 'N:' and a corner (NW NE SE SW), never a location.
  for (const std::string_view word : {"N:E", "N:NNW", "N:C", "N:", "N:SW2", "@1,0:N:NW"}) rules::check_no_figure_action("U 1,0 90", word);
  // Player 0's barn at (2,0) N:NW; then the same field is taken for player 1's at (3,0) N:NW.
  Game taken = am_position(2, "U E B B U A U U A B E B V", {"U 1,0 90", "E 0,-1 180", "B 1,-1 0", "B 2,-1 0", "U 2,0 90 N:NW", "A 3,-1 180", "U -1,0 90"});
  REQUIRE(taken.place(move_text(taken, "U 3,0 90").at) == Status::Ok);
  refuse_figure(taken, FigureChoice{Figure::Barn, Location::NNW}, Illegal::BarnFieldTaken);
  // Player 0 placed their barn: no second one, even on a free corner (example 10's B at (2,1)).
  Game spent = am_position(2, "U E B B U A U U A B E B V",
                           {"U 1,0 90", "E 0,-1 180", "B 1,-1 0", "B 2,-1 0", "U 2,0 90 N:NW", "A 3,-1 180", "U -1,0 90", "U 3,0 90",
                            "A 1,1 0", "B 3,1 0"});
  REQUIRE(spent.current_player() == 0);
  REQUIRE(spent.place(move_text(spent, "E 0,1 180").at) == Status::Ok);
  // Its north-east corner point (1,1) has four tiles showing field there: no barn left; the
  // other three corners lack a tile.
  refuse_figure(spent, FigureChoice{Figure::Barn, Location::NNE}, Illegal::NoSupply);
  for (const Location l : {Location::NNW, Location::SSE, Location::SSW}) refuse_figure(spent, FigureChoice{Figure::Barn, l}, Illegal::BarnCorner);
  // Farmers off: no barn anywhere (A&M example 10b).
  Game off = am_position(2, "U E B B U A", {"U 1,0 90", "E 0,-1 180", "B 1,-1 0", "B 2,-1 0"}, am_options(false));
  REQUIRE(off.place(move_text(off, "U 2,0 90").at) == Status::Ok);
  refuse_figure(off, FigureChoice{Figure::Barn, Location::NNW}, Illegal::FarmersOff);
  // A&M example 9: a farmer onto the barn's field.
  Game field = am_position(2, "E E E E E B MI", {"E 0,-1 180", "E 0,-2 0 ENE", "E 0,-3 180", "E 1,-2 0", "E 1,-1 90 N:NW"});
  REQUIRE(field.place(move_text(field, "B 2,-2 0").at) == Status::Ok);
  refuse_figure(field, FigureChoice{Figure::Meeple, Location::NNE}, Illegal::BarnField);
  CHECK(field.check_figure(FigureChoice{Figure::Meeple, Location::C}));
}

TEST_CASE("Hostile input: ransoms before an abbey that are no ransom of the payer's, and anything but the abbey after one",
          "[hostile][abbey][tower]") {
  // Seed 2 with The Tower: player 1 holds one of player 0's meeples; player 0 (3 points) may
  // place the abbey at (-2,-1) or draw, and may buy the meeple back first (README D2).
  Game g = rules::load_ok(
      "carcassonne-record 1\nplayers 2\ntower on\nabbey-and-mayor on\nseed 2\nT 1,0 90 W\nOF -1,0 90 T:-1,0\n"
      "J -1,-1 90 SSW\nB -1,-2 0 T:-1,0\ncapture -1,-1 SSW\nM -2,-2 180 S\nQ -2,-3 0 T:-1,0\ncapture none\n"
      "I 2,0 0 T:-1,0\ncapture 1,0 W\nMC -3,-2 90 N\nS 1,1 90 T:-1,0\nJ -1,1 180 -\nE 2,-1 180 S\nF 1,2 90 T:-1,0\n"
      "V -2,0 270 ESE\nN -3,-1 270 T:-1,0\ncapture none\n");
  REQUIRE(decision_kind(g) == DecisionKind::Abbey);
  CHECK(check_choice(g, ransom(g, 1, Figure::Meeple)));
  refuse_choice(g, ransom(g, 0, Figure::Meeple), Illegal::RansomNotHeld);  // to oneself
  for (const Figure f : {Figure::Mayor, Figure::Wagon}) refuse_choice(g, ransom(g, 1, f), Illegal::RansomNotHeld);
  for (const Figure f : {Figure::Large, Figure::Abbot, Figure::Barn, Figure::TowerPiece}) refuse_choice(g, ransom(g, 1, f), Illegal::NotInGame);
  Choice with_tile = ransom(g, 1, Figure::Meeple);
  with_tile.tile = tile_from_name("A");  // no tile is in hand before the draw
  refuse_choice(g, with_tile, Illegal::WrongPhase);
  refuse_choice(g, Choice{DecisionKind::Place, kNoTile, Placement{-2, -1, 0}}, Illegal::WrongPhase);  // a placement
  REQUIRE(decide(g, ransom(g, 1, Figure::Meeple)) == Status::Ok);
  refuse_choice(g, ransom(g, 1, Figure::Meeple), Illegal::RansomPaid);
  for (const uint8_t option : {0, 1, 3, 4}) refuse_choice(g, Choice{DecisionKind::Abbey, kNoTile, {}, {}, option}, Illegal::RansomCommits);
  refuse_choice(g, Choice{DecisionKind::Abbey, tiles::kAbbey, Placement{0, 0, 0}, {}, 2}, Illegal::Occupied);
  CHECK(check_choice(g, Choice{DecisionKind::Abbey, tiles::kAbbey, Placement{-2, -1, 0}, {}, 2}));
}

TEST_CASE("Hostile input: the wagon's move to every square and location but its targets is refused", "[hostile][abbey]") {
  // A&M example 6: player 0's wagon came home from (1,0); its targets are D's road at (0,0)
  // and the monastery at (2,0).
  const Game g = am_position(2, "U A B A B E V", {"U 1,0 90 W:E", "A -1,0 270", "B 0,1 0 C", "A 2,0 90"});
  REQUIRE(decision_kind(g) == DecisionKind::Wagon);
  REQUIRE(decider(g) == 0);
  CHECK(check_choice(g, wagon_to(0, 0, Location::N)));
  CHECK(check_choice(g, wagon_to(2, 0, Location::C)));
  CHECK(check_choice(g, Choice{DecisionKind::Wagon, kNoTile, {}, {}, 1}));  // 'wagon stay'
  for (int y = -4; y <= 4; ++y)
    for (int x = -4; x <= 4; ++x)
      for (int l = 0; l < 16; ++l) {
        const auto loc = static_cast<Location>(l);
        if ((x == 0 && y == 0 && loc == Location::N) || (x == 2 && y == 0 && loc == Location::C)) continue;
        refuse_choice(g, wagon_to(x, y, loc), Illegal::WagonTarget);
      }
  for (int o = 2; o < 256; o += 7) {
    Choice c = wagon_to(0, 0, Location::N);
    c.option = static_cast<uint8_t>(o);
    refuse_choice(g, c, Illegal::WrongPhase);
  }
  // An abbey's option while the wagon's decision is due.
  refuse_choice(g, abbey_option(0), Illegal::WrongPhase);
  // No wagon decision in a placement.
  Game next = g;
  am_line(next, "wagon 0,0 N");
  REQUIRE(next.phase() == Phase::PlaceTile);
  refuse_choice(next, wagon_to(2, 0, Location::C), Illegal::WrongPhase);
  refuse_choice(next, Choice{DecisionKind::Wagon, kNoTile, {}, {}, 1}, Illegal::WrongPhase);
}
