// The example players: the greedy one takes the points in front of it and beats random.
#include <catch2/catch.hpp>

#include <vector>

#include "../examples/bots.hpp"
#include "carcassonne/carcassonne.hpp"

using namespace carc;

TEST_CASE("Greedy player: closes the start tile's city with a knight for 4 points (worked example 1)") {
  const Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U')});
  Rng rng(1);
  const Move m = bots::greedy_move(g, rng);
  CHECK(m == Move{Placement{0, -1, 2}, Location::S});
}

TEST_CASE("Greedy player: beats the random player in most of 20 seeded games") {
  int greedy_wins = 0;
  for (int i = 0; i < 20; ++i) {
    Game g(2, static_cast<uint64_t>(500 + i));
    Rng rng(static_cast<uint64_t>(i));
    const int greedy_seat = i % 2;
    while (!g.over()) {
      const Move m = g.current_player() == greedy_seat ? bots::greedy_move(g, rng) : bots::random_move(g, rng);
      REQUIRE(g.play(m) == Status::Ok);
    }
    greedy_wins += g.score(greedy_seat) > g.score(1 - greedy_seat);
  }
  CHECK(greedy_wins >= 18);
}
