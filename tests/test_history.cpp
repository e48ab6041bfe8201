// Undo and rewind: replaying a game's own history gives back exactly the earlier states.
#include <catch2/catch.hpp>

#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace carc;

TEST_CASE("Undo restores the exact state before the last turn, and before a placement") {
  for (int i = 0; i < 24; ++i) {
    Game g = test::varied_game(i);
    Rng rng(static_cast<uint64_t>(100 + i));
    INFO("game " << i);
    while (!g.over()) {
      const Game before_turn = g;
      test::random_placement(g, rng);
      const Game placed = g;
      Game out = g;
      REQUIRE(undo(placed, out) == Status::Ok);
      CHECK(out == before_turn);
      test::random_meeple(g, rng);
      REQUIRE(undo(g, out) == Status::Ok);
      CHECK(out == before_turn);
    }
  }
}

TEST_CASE("Undo: the undone player places the same tile again, and meeples and points come back") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);  // worked example 1
  CHECK(g.score(0) == 4);
  Game out = g;
  REQUIRE(undo(g, out) == Status::Ok);
  CHECK(out.score(0) == 0);
  CHECK(out.current_player() == 0);
  CHECK(out.current_tile() == tile_from_letter('E'));
  CHECK(out.board().tile_count() == 1);
}

TEST_CASE("Undo with no turn played fails and leaves the target untouched") {
  const Game g(2, uint64_t{9});
  Game out(4, uint64_t{1});
  const Game before = out;
  std::string why;
  CHECK(undo(g, out, &why) == Status::InvalidArgument);
  CHECK(why == "no turn has been played yet: nothing to undo");
  CHECK(out == before);
}

TEST_CASE("Rewind to turn k gives the game as it was after k turns") {
  Game g(4, uint64_t{31});
  Rng rng(31);
  std::vector<Game> states{g};
  while (!g.over()) {
    test::random_turn(g, rng);
    if (!g.over()) states.push_back(g);
  }
  REQUIRE(turns_played(g) == g.board().tile_count() - 1);
  for (int k = 0; k < static_cast<int>(states.size()); ++k) {
    Game out = g;
    REQUIRE(rewind(g, k, out) == Status::Ok);
    CHECK(out == states[k]);
  }
  Game out = g;
  std::string why;
  CHECK(rewind(g, turns_played(g) + 1, out, &why) == Status::InvalidArgument);
  CHECK(why == "cannot rewind to turn " + std::to_string(turns_played(g) + 1) + ": " +
                   std::to_string(turns_played(g)) + " turns have been played");
  CHECK(out == g);
}

TEST_CASE("Turn moves read back the moves as played, meeple included") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);
  TileType t = kNoTile;
  Move m;
  REQUIRE(turn_move(g, 1, t, m) == Status::Ok);
  CHECK(t == tile_from_letter('E'));
  CHECK(m == Move{Placement{0, -1, 2}, Location::S});
  CHECK(turn_move(g, 2, t, m) == Status::InvalidArgument);
}
