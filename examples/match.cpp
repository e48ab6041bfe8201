// Plays N seeded two-player games between two kinds of player, each kind sitting first in
// half of them, and prints win rates and average scores.
//   match [--option NAME ...] [GAMES] [PLAYER_A] [PLAYER_B] [FIRST_SEED]     e.g. match 100 greedy random
#include <fmt/format.h>

#include "args.hpp"
#include "bots.hpp"
#include "carcassonne/carcassonne.hpp"

constexpr args::Usage kUsage{"match",
                             "usage: match [--option NAME[=on|off] ...] [GAMES] [random|greedy|mcts] [random|greedy|mcts] [FIRST_SEED]\n"
                             "  plays GAMES seeded two-player games, A against B, seats alternating\n"
                             "  --option NAME  a rule option or expansion, repeatable: river, abbot,\n"
                             "              inns-and-cathedrals, traders-and-builders,\n"
                             "              princess-and-dragon, farmers=off, ...\n"
                             "  GAMES       1 to 1000000 (default 100)\n"
                             "  A, B        the two kinds of player (default greedy random; mcts: 1,000 iterations a move)\n"
                             "  FIRST_SEED  the first game's seed, the others follow (default 1)\n"};

int main(int argc, char** argv) {
  using namespace carc;
  if (args::help(kUsage, argc, argv)) return 0;
  const Options options = args::options(kUsage, argc, argv);
  if (argc > 5) args::refuse(kUsage, fmt::format("unexpected argument '{}'", argv[5]));
  const int games = argc > 1 ? static_cast<int>(args::number(kUsage, "GAMES", argv[1], 1, 1000000)) : 100;
  bots::Kind kind[2] = {bots::Kind::Greedy, bots::Kind::Random};
  for (int i = 0; i < 2 && i + 2 < argc; ++i)
    if (!bots::parse_kind(argv[i + 2], kind[i]))
      args::refuse(kUsage, fmt::format("'{}' is not a player kind (random, greedy, mcts)", argv[i + 2]));
  // The last game's seed, FIRST_SEED + GAMES - 1, must be a seed too.
  const uint64_t last_first = UINT64_MAX - static_cast<uint64_t>(games - 1);
  const uint64_t first_seed = argc > 4 ? args::number(kUsage, "FIRST_SEED", argv[4], 0, last_first) : 1;

  int wins[2] = {0, 0}, ties = 0;
  long total[2] = {0, 0};
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = first_seed + static_cast<uint64_t>(i);
    const int a_seat = i % 2;  // A sits first in even games
    Game game(2, seed, options);
    Rng rng(seed ^ 0x5eedu);
    while (!game.over()) {
      const int who = bots::mover(game) == a_seat ? 0 : 1;  // a dragon's step may be the other player's
      bots::play_turn(kind[who], game, rng);
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
