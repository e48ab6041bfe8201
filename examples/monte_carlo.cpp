// A flat Monte-Carlo player: every legal move (placement and meeple) is tried on a copy and
// rolled out at random ROLLOUTS times; the move with the best mean score difference is
// played. Each rollout first re-deals the face-down tiles (Game::playout does by default),
// so the player searches what it may know; --peek rolls out the real pile instead, which
// shows what seeing the future is worth. Plays GAMES two-player games against the greedy
// example player, seats alternating.
#include <fmt/format.h>

#include <string_view>

#include "args.hpp"
#include "bots.hpp"
#include "carcassonne/carcassonne.hpp"

constexpr args::Usage kUsage{"monte_carlo",
                             "usage: monte_carlo [GAMES] [ROLLOUTS] [--peek]\n"
                             "  plays GAMES seeded two-player games, flat Monte-Carlo against greedy, seats alternating\n"
                             "  GAMES     1 to 100000 (default 20)\n"
                             "  ROLLOUTS  random playouts per candidate move, 1 to 100000 (default 20)\n"
                             "  --peek    roll out the real face-down pile instead of a fresh re-deal\n"};

namespace {
using namespace carc;

Move monte_carlo_move(const Game& g, int rollouts, Future future, Rng& rng) {
  const int me = g.current_player();
  Placement buf[kMaxPlacements];
  const int n = g.legal_placements(buf);
  Move best{};
  double best_value = -1e300;
  for (int i = 0; i < n; ++i) {
    Game placed = g;
    placed.place(buf[i]);
    Location opts[kMaxMeepleOptions + 1];
    const int k = placed.meeple_options(opts);
    opts[k] = Location::None;
    for (int j = 0; j <= k; ++j) {
      Game after = placed;
      after.deploy(opts[j]);
      long sum = 0;
      for (int r = 0; r < rollouts; ++r) {
        Game work = after;
        work.playout(rng, nullptr, future);
        sum += work.score(me) - work.score(1 - me);
      }
      const double value = static_cast<double>(sum) / rollouts;
      if (value > best_value) {
        best_value = value;
        best = Move{buf[i], opts[j]};
      }
    }
  }
  return best;
}
}  // namespace

int main(int argc, char** argv) {
  if (args::help(kUsage, argc, argv)) return 0;
  bool peek = false;
  std::string_view numbers[2];
  int nnumbers = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--peek") peek = true;
    else if (nnumbers < 2) numbers[nnumbers++] = a;
    else args::refuse(kUsage, fmt::format("unexpected argument '{}'", a));
  }
  const int games = nnumbers > 0 ? static_cast<int>(args::number(kUsage, "GAMES", numbers[0], 1, 100000)) : 20;
  const int rollouts = nnumbers > 1 ? static_cast<int>(args::number(kUsage, "ROLLOUTS", numbers[1], 1, 100000)) : 20;
  const Future future = peek ? Future::AsDealt : Future::Sampled;

  int wins = 0, ties = 0;
  long total[2] = {0, 0};
  for (int i = 0; i < games; ++i) {
    const uint64_t seed = 1 + static_cast<uint64_t>(i);
    const int mc_seat = i % 2;
    Game game(2, seed);
    Rng rng(seed ^ 0x5eedu);
    while (!game.over()) {
      const Move m = game.current_player() == mc_seat ? monte_carlo_move(game, rollouts, future, rng)
                                                      : bots::choose(bots::Kind::Greedy, game, rng);
      game.play(m);
    }
    const int mine = game.score(mc_seat), theirs = game.score(1 - mc_seat);
    total[0] += mine;
    total[1] += theirs;
    wins += mine > theirs;
    ties += mine == theirs;
  }
  fmt::print("{} games, {} rollouts a candidate move, rollouts {}\n", games, rollouts,
             peek ? "of the real pile (--peek: sees the future)" : "re-dealt (sees only what a player knows)");
  fmt::print("monte carlo wins {:5.1f}%  ties {:4.1f}%  average score {:6.1f} to greedy's {:6.1f}\n",
             100.0 * wins / games, 100.0 * ties / games, static_cast<double>(total[0]) / games,
             static_cast<double>(total[1]) / games);
}
