// Set-up and the course of a game (docs/rules.md "Set-up", "A turn", "The end of the
// game"): players, meeples, the draw pile, turn order and the end.
#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

#include "rules_helpers.hpp"

using namespace rules;

TEST_CASE("Set-up: the start tile is a D at (0,0) turned 0, and player 0 begins") {
  Game g(3, uint64_t{7});
  REQUIRE(g.board().tile_count() == 1);
  const PlacedTile& s = g.board().tile(0);
  CHECK(s.type == tile_from_letter('D'));
  CHECK(s.x == 0);
  CHECK(s.y == 0);
  CHECK(s.rot == 0);
  CHECK(g.current_player() == 0);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.drawn() == 1);
  for (int p = 0; p < 3; ++p) {
    CHECK(g.supply(p) == 7);  // 8 meeples, one of them the score marker
    CHECK(g.score(p) == 0);
  }
}

TEST_CASE("Set-up: 1 to 6 players are accepted, 0 and 7 are not") {
  for (int n : {1, 2, 5, 6}) {
    CHECK_NOTHROW(Game(n, uint64_t{1}));
    CHECK_NOTHROW(new_game(n, "U"));
  }
  for (int n : {0, 7, -1}) {
    CHECK_THROWS_AS(Game(n, uint64_t{1}), std::invalid_argument);
    CHECK_THROWS_AS(new_game(n, "U"), std::invalid_argument);
  }
}

TEST_CASE("Set-up: a fixed draw order holds only tiles of the box") {
  CHECK_NOTHROW(new_game(2, "DDD"));                               // with the start tile: 4
  CHECK_THROWS_AS(new_game(2, "DDDD"), std::invalid_argument);     // a fifth D
  CHECK_THROWS_AS(new_game(2, "CC"), std::invalid_argument);       // one C in the box
  const std::vector<TileType> bad{static_cast<TileType>(kTileTypes)};
  CHECK_THROWS_AS(Game(2, bad, Options{}), std::invalid_argument);
  CHECK_NOTHROW(new_game(2, ""));
  CHECK(new_game(2, "").over());  // no tile to draw: over at once
}

TEST_CASE("Set-up: the seeded shuffle is deterministic and holds the 71 other tiles") {
  const Game a(2, uint64_t{12345}), b(4, uint64_t{12345}), c(2, uint64_t{12346});
  const auto oa = a.draw_order(), ob = b.draw_order(), oc = c.draw_order();
  REQUIRE(oa.size() == 71);
  CHECK(std::equal(oa.begin(), oa.end(), ob.begin(), ob.end()));
  CHECK_FALSE(std::equal(oa.begin(), oa.end(), oc.begin(), oc.end()));
  std::array<int, kTileTypes> count{};
  for (TileType t : oa) count[t]++;
  for (int t = 0; t < kTileTypes; ++t)
    CHECK(count[t] == (t < kBaseTypes ? tiles::kDefs[t].count - (t == kStartTile ? 1 : 0) : 0));
  // Different seeds give different orders (not one fixed order for all).
  int distinct_first = 0;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    const Game g(2, seed);
    const Game h(2, seed);
    CHECK(std::equal(g.draw_order().begin(), g.draw_order().end(), h.draw_order().begin(), h.draw_order().end()));
    distinct_first += !std::equal(g.draw_order().begin(), g.draw_order().end(), oa.begin(), oa.end());
  }
  CHECK(distinct_first == 20);
  // Same seed, same choices: the same game.
  Game x(3, uint64_t{99}), y(3, uint64_t{99});
  Rng rx(5), ry(5);
  x.playout(rx);
  y.playout(ry);
  for (int p = 0; p < 3; ++p) CHECK(x.score(p) == y.score(p));
  CHECK(x.board().tile_count() == y.board().tile_count());
}

TEST_CASE("Turns: play goes round the players in order") {
  Game g = new_game(3, "U U U U");
  for (int turn = 0; turn < 4; ++turn) {
    CHECK(g.current_player() == turn % 3);
    Placement buf[kMaxPlacements];
    REQUIRE(g.legal_placements(buf) > 0);
    REQUIRE(g.play(Move{buf[0], Location::None}) == Status::Ok);
  }
  CHECK(g.over());
}

TEST_CASE("End: the game ends when the last tile has been placed") {
  Game g = new_game(2, "U E");
  play(g, "U 1,0 90");
  CHECK_FALSE(g.over());
  CHECK(g.tiles_in_pile() == 0);  // E is in hand
  play(g, "E 0,-1 180");
  CHECK(g.over());
  CHECK(g.phase() == Phase::GameOver);
  CHECK(g.current_tile() == kNoTile);
  Placement buf[kMaxPlacements];
  CHECK(g.legal_placements(buf) == 0);
  Location opts[kMaxMeepleOptions];
  CHECK(g.meeple_options(opts) == 0);
  CHECK(g.deploy(Location::None) == Status::WrongPhase);
}

TEST_CASE("End: the game ends when the last drawn tile fits nowhere, with end-game scoring") {
  Game g = new_game(2, "E A A C");
  play(g, "E 0,-1 180 NNE");  // red farmer by the city this cap completes
  play(g, "A 1,0 90");
  Events ev;
  play(g, "A -1,0 270", &ev);  // every open edge is field now: C fits nowhere
  REQUIRE(g.over());
  CHECK(g.discarded(3));
  CHECK(g.discard_count() == 1);
  CHECK(g.board().tile_count() == 4);
  REQUIRE(ev.count == 2);
  CHECK(ev.items[0].type == Event::Type::Discard);
  CHECK(ev.items[0].discarded == tile_from_letter('C'));
  CHECK(ev.items[1].type == Event::Type::Score);
  CHECK(ev.items[1].end_game);
  CHECK(g.score(0) == 3);
}
