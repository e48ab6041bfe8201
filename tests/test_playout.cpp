// Game::playout takes shortcuts (it counts placements instead of listing them); it must
// still play exactly the game that the public calls play with the same random numbers.
#include <catch2/catch.hpp>

#include <algorithm>

#include "carcassonne/carcassonne.hpp"

using namespace carc;

TEST_CASE("A playout plays the game that listing the moves plays with the same random numbers") {
  for (int g = 0; g < 60; ++g) {
    Options opt;
    opt.farmers = g % 3 != 0;
    const int players = 1 + g % 6;
    Game listed(players, 300 + g, opt);
    Game played = listed;
    Rng rng_listed(g), rng_played(g);
    Placement buf[kMaxPlacements];
    Location opts[kMaxMeepleOptions];
    while (!listed.over()) {
      const int n = listed.legal_placements(buf);
      REQUIRE(listed.place(buf[rng_listed.below(n)]) == Status::Ok);
      const int k = listed.meeple_options(opts);
      const uint32_t pick = rng_listed.below(k + 1);
      REQUIRE(listed.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick]) == Status::Ok);
    }
    played.playout(rng_played, nullptr, Future::AsDealt);
    REQUIRE(played.over());
    REQUIRE(played.board().tile_count() == listed.board().tile_count());
    for (int i = 0; i < listed.board().tile_count(); ++i) {
      const PlacedTile& a = listed.board().tile(i);
      const PlacedTile& b = played.board().tile(i);
      CHECK(a.x == b.x);
      CHECK(a.y == b.y);
      CHECK(a.type == b.type);
      CHECK(a.rot == b.rot);
      CHECK(a.meeple == b.meeple);
    }
    for (int p = 0; p < players; ++p) {
      CHECK(played.score(p) == listed.score(p));
      CHECK(played.supply(p) == listed.supply(p));
    }
    CHECK(played.discard_count() == listed.discard_count());
  }
}

TEST_CASE("A playout started after the tile is placed finishes the turn with a meeple choice") {
  Game a(2, 77), b(2, 77);
  Rng ra(5), rb(5);
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];
  const int n = a.legal_placements(buf);
  REQUIRE(a.place(buf[ra.below(n)]) == Status::Ok);
  REQUIRE(b.place(buf[rb.below(n)]) == Status::Ok);
  a.playout(ra, nullptr, Future::AsDealt);
  while (!b.over()) {
    if (b.phase() == Phase::PlaceTile) REQUIRE(b.place(buf[rb.below(b.legal_placements(buf))]) == Status::Ok);
    const int k = b.meeple_options(opts);
    const uint32_t pick = rb.below(k + 1);
    REQUIRE(b.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick]) == Status::Ok);
  }
  for (int p = 0; p < 2; ++p) CHECK(a.score(p) == b.score(p));
  CHECK(a.board().tile_count() == b.board().tile_count());
}

TEST_CASE("A sampled playout re-deals the face-down tiles from its generator, then plays as dealt") {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game sampled(2 + seed % 4, seed), dealt = sampled;
    Rng rs(seed), rd(seed);
    Events es, ed;
    sampled.playout(rs, &es);
    dealt.redeal(rd, &ed);
    dealt.playout(rd, &ed, Future::AsDealt);
    REQUIRE(sampled == dealt);
    REQUIRE(es.count == ed.count);
  }
}

TEST_CASE("Two playouts from one position with different seeds draw different futures") {
  const Game position(2, uint64_t{5});
  Game a = position, b = position;
  Rng ra(1), rb(2);
  a.playout(ra);
  b.playout(rb);
  const auto da = a.draw_order(), db = b.draw_order();
  CHECK(da[0] == db[0]);  // the tile in hand is public
  CHECK(!std::equal(da.begin(), da.end(), db.begin()));
  // As dealt, both play the position's own pile.
  Game c = position, d = position;
  c.playout(ra, nullptr, Future::AsDealt);
  d.playout(rb, nullptr, Future::AsDealt);
  CHECK(std::equal(c.draw_order().begin(), c.draw_order().end(), position.draw_order().begin()));
  CHECK(std::equal(d.draw_order().begin(), d.draw_order().end(), position.draw_order().begin()));
}

TEST_CASE("The board's placement count of every tile type is the length of its placement list") {
  Placement buf[kMaxPlacements];
  for (int g = 0; g < 20; ++g) {
    Game game(2, 900 + g);
    Rng rng(g);
    while (!game.over()) {
      for (int t = 0; t < kTileTypes; ++t)
        REQUIRE(game.board().placement_count(static_cast<TileType>(t)) ==
                game.placements_for(static_cast<TileType>(t), buf));
      REQUIRE(game.place(buf[rng.below(game.legal_placements(buf))]) == Status::Ok);
      REQUIRE(game.deploy(Location::None) == Status::Ok);
    }
  }
}
