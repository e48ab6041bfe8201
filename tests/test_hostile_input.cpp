// Hostile input through the C++ API: every bad argument or call in the wrong phase gets its
// status and verdict, and the game is exactly as it was before the call.
#include <catch2/catch.hpp>

#include <climits>
#include <stdexcept>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "observable.hpp"

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
  for (int t : {kTileTypes, kTileTypes + 1, 100, 254, 255}) {
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
