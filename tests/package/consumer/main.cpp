// Plays a seeded game to the end with the installed C++ library.
#include <carcassonne/carcassonne.hpp>

#include <cstdio>

int main() {
  carc::Game game(2, 7);
  carc::Rng rng(1);
  game.playout(rng);
  std::printf("C++ consumer: %d tiles, scores %d %d\n", game.board().tile_count(), game.score(0), game.score(1));
  return game.over() ? 0 : 1;
}
