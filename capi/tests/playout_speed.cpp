// How much the C ABI costs on the hot path: random playouts driven move by move through
// carc_game_placements / place / meeple_locations / deploy, against carc::Game::playout
// on the same games with the same choices. Prints both times and their ratio; with
// --max-ratio R it fails when the ABI is more than R times slower.
//   carc_playout_speed [games] [--max-ratio R]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "carcassonne/carcassonne.h"
#include "carcassonne/carcassonne.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

}  // namespace

int main(int argc, char** argv) {
  int games = 2000;
  double max_ratio = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--max-ratio") == 0 && i + 1 < argc)
      max_ratio = std::atof(argv[++i]);
    else
      games = std::atoi(argv[i]);
  }
  std::vector<carc::Game> starts;
  std::vector<carc_game*> handles(static_cast<size_t>(games));
  for (int i = 0; i < games; ++i) {
    starts.emplace_back(2, static_cast<uint64_t>(i));
    carc_game_new(&handles[static_cast<size_t>(i)], 2, static_cast<uint64_t>(i));
  }
  carc_game* work = nullptr;
  carc_game_new(&work, 2, 0);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  // Each game is timed alone, the two drivers back to back, and each keeps its best of
  // several rounds: a time slice lost to another process spoils one sample, not the result.
  std::vector<double> best_cxx(static_cast<size_t>(games), 1e9), best_c(static_cast<size_t>(games), 1e9);
  long check_cxx = 0, check_c = 0;
  for (int round = 0; round < 7; ++round) {
    check_cxx = check_c = 0;
    for (int i = 0; i < games; ++i) {
      const size_t at = static_cast<size_t>(i);
      auto t0 = Clock::now();
      carc::Game g = starts[at];
      carc::Rng rng(static_cast<uint64_t>(i));
      g.playout(rng);
      best_cxx[at] = std::min(best_cxx[at], seconds_since(t0));
      check_cxx += g.score(0) + g.score(1);

      t0 = Clock::now();
      carc_game_copy(work, handles[at]);
      carc::Rng crng(static_cast<uint64_t>(i));
      int n = 0, k = 0;
      while (carc_game_phase(work) != CARC_PHASE_GAME_OVER) {
        carc_game_placements(work, moves, CARC_MAX_PLACEMENTS, &n);
        carc_game_place(work, moves[crng.below(static_cast<uint32_t>(n))]);
        carc_game_meeple_locations(work, locs, CARC_MAX_MEEPLE_LOCATIONS, &k);
        const uint32_t pick = crng.below(static_cast<uint32_t>(k + 1));
        carc_game_deploy(work, pick == static_cast<uint32_t>(k) ? CARC_LOC_NONE : locs[pick]);
      }
      best_c[at] = std::min(best_c[at], seconds_since(t0));
      check_c += carc_game_score(work, 0) + carc_game_score(work, 1);
    }
  }
  double total_cxx = 0, total_c = 0;
  for (int i = 0; i < games; ++i) {
    total_cxx += best_cxx[static_cast<size_t>(i)];
    total_c += best_c[static_cast<size_t>(i)];
  }
  for (carc_game* h : handles) carc_game_free(h);
  carc_game_free(work);
  const double ratio = total_c / total_cxx;
  fmt::print("{} playouts: C++ Game::playout {:.2f} us/game, C ABI move by move {:.2f} us/game, ratio {:.2f}\n",
             games, 1e6 * total_cxx / games, 1e6 * total_c / games, ratio);
  if (check_c != check_cxx) {
    fmt::print("the two drivers played different games ({} vs {} points)\n", check_c, check_cxx);
    return 1;
  }
  if (max_ratio > 0 && ratio > max_ratio) {
    fmt::print("the C ABI is more than {:.2f} times slower\n", max_ratio);
    return 1;
  }
  return 0;
}
