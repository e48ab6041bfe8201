// Bot strength and speed: seeded games between the library's bots (carcassonne/bots.hpp),
// with a table of time per move and win rate per level.
//   strength [--games2 N] [--iterations N] [--games4 N] [--ms N] [--iterations4 N] [--threads T]
//            [--seed S] [--expansions]
//   strength --quick      a few tiny games that check every move is legal (ctest smoke test)
// --expansions plays every game with the River, the Abbot, Inns & Cathedrals and Traders &
// Builders (the bots decide the builder's bonus tiles too; those decisions count as moves).
// Two-player games: MCTS at N iterations a move against greedy, seats alternating. Four-player
// games: one MCTS player at N milliseconds a move (or, with --iterations4, N iterations: a
// measure that the machine's load does not change) against three greedy ones, its seat
// rotating. A win is the highest score alone; ties are counted apart. The win rate comes
// with its 95% confidence interval (Wilson's score interval); the margin is a seat's final
// score less the best other seat's, on average (it separates players with fewer games).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "carcassonne/carcassonne.hpp"

namespace {

using namespace carc;
using Clock = std::chrono::steady_clock;

struct Tally {
  int games = 0, wins = 0, ties = 0;
  long moves = 0;
  double seconds = 0;
  long points = 0;
  long margin = 0;  // summed over its seats: the score less the best other seat's
};

struct Seat {
  BotOptions bot;
  Tally* tally;
};

// Plays one game; each seat's moves are timed into its tally. False on any illegal move or
// bot error (printed).
bool play_game(int players, uint64_t seed, Options rules, std::vector<Seat>& seats) {
  Game game(players, seed, rules);
  Rng seeds(seed * 7919 + 1);
  while (!game.over()) {
    Seat& s = seats[static_cast<size_t>(game.current_player())];
    BotOptions o = s.bot;
    o.seed = seeds.next();
    const Game before = game;
    if (game.phase() == Phase::Decide) {
      bool take = true;
      std::string error;
      const auto t0 = Clock::now();
      const Status st = choose_bonus(game, o, take, &error);
      s.tally->seconds += std::chrono::duration<double>(Clock::now() - t0).count();
      ++s.tally->moves;
      if (st != Status::Ok || !(game == before)) {
        fmt::print(stderr, "game {} seed {}: {} bot failed the bonus decision: {}\n", players, seed,
                   bot_level_name(o.level), error);
        return false;
      }
      if (take) game.take_bonus();
      else game.pass();
      continue;
    }
    Move m;
    std::string error;
    const auto t0 = Clock::now();
    const Status st = choose_move(game, o, m, &error);
    s.tally->seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    ++s.tally->moves;
    if (st != Status::Ok || !(game == before)) {
      fmt::print(stderr, "game {} seed {}: {} bot failed: {}\n", players, seed, bot_level_name(o.level), error);
      return false;
    }
    Verdict why;
    if (game.play(m, nullptr, &why) != Status::Ok) {
      fmt::print(stderr, "game {} seed {}: {} bot chose an illegal move: {}\n", players, seed, bot_level_name(o.level),
                 describe(why));
      return false;
    }
  }
  int top = -1;
  for (int p = 0; p < players; ++p) top = std::max(top, game.score(p));
  // Each tally counts a game once (the greedy players share one): a win when only its
  // seats have the top score, a tie when another tally's seat has it too.
  std::vector<Tally*> tallies, at_top;
  for (int p = 0; p < players; ++p) {
    Tally* t = seats[static_cast<size_t>(p)].tally;
    t->points += game.score(p);
    int best_other = 0;  // alone, the margin is the score
    for (int q = 0; q < players; ++q)
      if (q != p) best_other = std::max(best_other, game.score(q));
    t->margin += game.score(p) - best_other;
    if (std::find(tallies.begin(), tallies.end(), t) == tallies.end()) tallies.push_back(t);
    if (game.score(p) == top && std::find(at_top.begin(), at_top.end(), t) == at_top.end()) at_top.push_back(t);
  }
  for (Tally* t : tallies) ++t->games;
  for (Tally* t : at_top) (at_top.size() == 1 ? t->wins : t->ties) += 1;
  return true;
}

// Wilson's 95% score interval for `wins` of `games`, in percent: honest for small samples
// and for rates near 0 or 100%, where the normal approximation is not.
std::string interval(int wins, int games) {
  if (games == 0) return "-";
  const double z = 1.96, n = games, p = wins / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return fmt::format("{:.1f}-{:.1f}%", 100 * (centre - half), 100 * (centre + half));
}

void row(const char* who, const Tally& t, int seats_per_game) {
  const double seats = static_cast<double>(t.games) * seats_per_game;
  fmt::print("  {:<28} {:>6} {:>10.2f} {:>8.1f}% {:>13} {:>7.1f}% {:>9.1f} {:>+9.1f}\n", who, t.games,
             t.moves ? 1000 * t.seconds / static_cast<double>(t.moves) : 0.0, t.games ? 100.0 * t.wins / t.games : 0.0,
             interval(t.wins, t.games), t.games ? 100.0 * t.ties / t.games : 0.0, t.games ? t.points / seats : 0.0,
             t.games ? t.margin / seats : 0.0);
}

void header() {
  fmt::print("  {:<28} {:>6} {:>10} {:>9} {:>13} {:>8} {:>9} {:>9}\n", "player", "games", "ms/move", "wins",
             "95% interval", "ties", "points", "margin");
}

int usage() {
  fmt::print(stderr,
             "usage: strength [--games2 N] [--iterations N] [--games4 N] [--ms N] [--iterations4 N] [--threads T]\n"
             "                [--seed S] [--expansions]\n"
             "       strength --quick\n");
  return 2;
}

// Every expansion on (--expansions).
Options all_expansions() {
  Options o;
  o.river = o.abbot = o.inns_and_cathedrals = o.traders_and_builders = true;
  return o;
}

// A few tiny games over every level and rule option mix, the expansions' too: legality only.
int quick() {
  int failures = 0;
  constexpr int kGames = 9;
  for (int i = 0; i < kGames; ++i) {
    const int players = 1 + i % 6;
    Options rules = i >= 6 ? all_expansions() : Options{};
    rules.farmers = i % 2 == 0;
    rules.first_edition_small_city = i % 3 == 1;
    rules.first_edition_farmers = i % 4 == 2;
    std::vector<Tally> tallies(static_cast<size_t>(players));
    std::vector<Seat> seats;
    for (int p = 0; p < players; ++p) {
      BotOptions o;
      o.level = static_cast<BotLevel>((p + i) % 3);
      o.iterations = 8;
      o.threads = 1 + p % 2;
      seats.push_back(Seat{o, &tallies[static_cast<size_t>(p)]});
    }
    failures += !play_game(players, 100 + static_cast<uint64_t>(i), rules, seats);
  }
  fmt::print("strength --quick: {} games, {} failed\n", kGames, failures);
  return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  int games2 = 200, iterations = 1000, games4 = 20, ms = 100, iterations4 = 0, threads = 1;
  uint64_t first_seed = 1;
  Options rules;
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (!std::strcmp(a, "--quick")) return quick();
    if (!std::strcmp(a, "--expansions")) {
      rules = all_expansions();
      continue;
    }
    if (i + 1 >= argc) return usage();
    const long v = std::strtol(argv[++i], nullptr, 10);
    if (!std::strcmp(a, "--games2")) games2 = static_cast<int>(v);
    else if (!std::strcmp(a, "--iterations")) iterations = static_cast<int>(v);
    else if (!std::strcmp(a, "--games4")) games4 = static_cast<int>(v);
    else if (!std::strcmp(a, "--ms")) ms = static_cast<int>(v);
    else if (!std::strcmp(a, "--iterations4")) iterations4 = static_cast<int>(v);
    else if (!std::strcmp(a, "--threads")) threads = static_cast<int>(v);
    else if (!std::strcmp(a, "--seed")) first_seed = static_cast<uint64_t>(v);
    else return usage();
  }
  if (games2 < 0 || games4 < 0 || iterations < 1 || ms < 1 || iterations4 < 0 || threads < 1 || threads > kMaxBotThreads) return usage();

  bool ok = true;
  BotOptions greedy;
  greedy.level = BotLevel::Greedy;

  if (games2 > 0) {
    Tally mcts_t, greedy_t;
    BotOptions mcts;
    mcts.iterations = iterations;
    mcts.threads = threads;
    for (int g = 0; g < games2 && ok; ++g) {
      std::vector<Seat> seats = {{mcts, &mcts_t}, {greedy, &greedy_t}};
      if (g % 2) std::swap(seats[0], seats[1]);
      ok = play_game(2, first_seed + static_cast<uint64_t>(g), rules, seats);
    }
    fmt::print("two players{}, seeds {}.., seats alternating, {} thread(s)\n", rules.river ? ", every expansion" : "",
               first_seed, threads);
    header();
    row(fmt::format("mcts {} iterations", iterations).c_str(), mcts_t, 1);
    row("greedy", greedy_t, 1);
  }
  if (games4 > 0 && ok) {
    Tally mcts_t, greedy_t;
    BotOptions mcts;
    mcts.iterations = iterations4;
    mcts.milliseconds = iterations4 ? 0 : ms;
    mcts.threads = threads;
    for (int g = 0; g < games4 && ok; ++g) {
      std::vector<Seat> seats(4, Seat{greedy, &greedy_t});
      seats[static_cast<size_t>(g % 4)] = Seat{mcts, &mcts_t};
      ok = play_game(4, first_seed + 100000 + static_cast<uint64_t>(g), rules, seats);
    }
    fmt::print("four players, one mcts against three greedy, seeds {}.., its seat rotating, {} thread(s)\n",
               first_seed + 100000, threads);
    header();
    row((iterations4 ? fmt::format("mcts {} iterations", iterations4) : fmt::format("mcts {} ms", ms)).c_str(), mcts_t, 1);
    row("greedy (any of three)", greedy_t, 3);
  }
  return ok ? 0 : 1;
}
