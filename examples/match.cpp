// Plays N seeded two-player games between two kinds of player, each kind sitting first in
// half of them, and prints win rates and average scores.
//   match [GAMES] [PLAYER_A] [PLAYER_B] [FIRST_SEED]     e.g. match 100 greedy random
#include <fmt/format.h>

#include <cstdlib>

#include "bots.hpp"
#include "carcassonne/carcassonne.hpp"

int main(int argc, char** argv) {
  using namespace carc;
  const int games = argc > 1 ? std::atoi(argv[1]) : 100;
  bots::Kind kind[2] = {bots::Kind::Greedy, bots::Kind::Random};
  for (int i = 0; i < 2 && i + 2 < argc; ++i)
    if (!bots::parse_kind(argv[i + 2], kind[i])) {
      fmt::print(stderr, "'{}' is not a player kind (random, greedy)\n", argv[i + 2]);
      return 2;
    }
  const uint64_t first_seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  if (games < 1) {
    fmt::print(stderr, "usage: match [GAMES] [random|greedy] [random|greedy] [FIRST_SEED]\n");
    return 2;
  }

  int wins[2] = {0, 0}, ties = 0;
  long total[2] = {0, 0};
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = first_seed + static_cast<uint64_t>(i);
    const int a_seat = i % 2;  // A sits first in even games
    Game game(2, seed);
    Rng rng(seed ^ 0x5eedu);
    while (!game.over()) {
      const int who = game.current_player() == a_seat ? 0 : 1;
      game.play(bots::choose(kind[who], game, rng));
    }
    const int score[2] = {game.score(a_seat), game.score(1 - a_seat)};
    total[0] += score[0];
    total[1] += score[1];
    if (score[0] > score[1]) ++wins[0];
    else if (score[1] > score[0]) ++wins[1];
    else ++ties;
  }
  fmt::print("{} games, seeds {}..{}, seats alternating\n", games, first_seed, first_seed + static_cast<uint64_t>(games) - 1);
  for (int k = 0; k < 2; ++k)
    fmt::print("{} {:<7} wins {:5.1f}%  average score {:6.1f}\n", k == 0 ? "A" : "B", bots::kind_name(kind[k]),
               100.0 * wins[k] / games, static_cast<double>(total[k]) / games);
  fmt::print("  ties    {:5.1f}%\n", 100.0 * ties / games);
}
