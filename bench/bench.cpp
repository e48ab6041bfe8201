// The benchmark: random playouts per second, the cost of the calls a search makes, the
// size of a game state and how playouts scale over threads. `bench --help` lists the modes.
//
// A playout is what carc::Game::playout does, from the seeded shuffle to end-game scoring:
// every turn enumerates all legal placements and picks one uniformly, then lists the legal
// meeple locations and picks uniformly among them plus "no meeple". With expansions on
// (--expansions, --option) it picks among every figure action and takes or passes on the
// builder's bonus tile with even odds (Game::playout's expansion path).
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#ifdef CARC_BENCH_CAPI
#include "carcassonne/carcassonne.h"
#endif

// ---------------------------------------------------------------- heap allocation count

// Every operator new of the program is counted, so the bench can show that playouts,
// enumeration and copies never touch the heap.
namespace {
std::atomic<uint64_t> g_allocations{0};
}

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

// Figures are timed on the CPU-time clock of the measuring thread, so that other processes
// on a shared machine do not count against the engine (on a quiet machine the two clocks
// agree); --wall switches to wall-clock time.
bool g_wall_clock = false;

double now() {
  if (g_wall_clock) return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double seconds_since(double t0) { return now() - t0; }

// Keeps the compiler from dropping work whose result nobody reads: the value's address
// escapes into an asm statement that may read all memory (passing the value itself would
// make a copy of a Game).
template <class T>
void keep(T const& value) {
  asm volatile("" : : "r"(&value) : "memory");
}

struct Config {
  int players = 2;
  bool farmers = true;
  bool capi = false;  // driven move by move through the C ABI instead of Game::playout
  bool sampled = false;  // the playout re-deals the face-down tiles first (Future::Sampled)
  unsigned expansions = 0;  // bit i: the option with id i is on (farmers as `farmers` says)
};

// Every expansion at once: the river, the abbot, Inns & Cathedrals, Traders & Builders.
constexpr unsigned kAllExpansions = [] {
  unsigned bits = 0;
  for (const carc::OptionInfo& o : carc::kOptionTable)
    if (o.expansion) bits |= 1u << o.id;
  return bits;
}();

// The options a playout plays with: farmers as said, each option of `bits` on.
carc::Options options_of(bool farmers, unsigned bits) {
  carc::Options opt;
  opt.farmers = farmers;
  for (const carc::OptionInfo& o : carc::kOptionTable)
    if ((bits >> o.id) & 1) opt.*o.field = true;
  return opt;
}

// "base", or the names of the options on, joined by '+'.
std::string options_text(unsigned bits) {
  std::string s;
  for (const carc::OptionInfo& o : carc::kOptionTable)
    if ((bits >> o.id) & 1) {
      if (!s.empty()) s += '+';
      s.append(o.name);
    }
  return s.empty() ? "base" : s;
}

// The final scores of a game mixed together with its seed, so that the work cannot be
// optimised away and so that runs can be compared.
uint64_t mix_scores(const carc::Game& game, uint64_t seed) {
  uint64_t h = seed;
  for (int p = 0; p < game.players(); ++p) {
    h = (h ^ static_cast<uint64_t>(game.score(p))) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  return h;
}

// One seeded playout from the shuffle to the end; returns mix_scores.
uint64_t one_playout(const Config& c, uint64_t seed) {
  carc::Options opt;
  opt.farmers = c.farmers;
  carc::Game game(c.players, seed, opt);
  carc::Rng rng(seed ^ 0x5DEECE66Dull);
  // The seed's own shuffle as dealt, unless the figure is for a re-dealt playout.
  game.playout(rng, nullptr, c.sampled ? carc::Future::Sampled : carc::Future::AsDealt);
  return mix_scores(game, seed);
}

// one_playout with rule options beyond farmers (kept apart so that the base playout's
// instruction count stays what it was).
uint64_t one_options_playout(const Config& c, uint64_t seed) {
  carc::Game game(c.players, seed, options_of(c.farmers, c.expansions));
  carc::Rng rng(seed ^ 0x5DEECE66Dull);
  game.playout(rng, nullptr, c.sampled ? carc::Future::Sampled : carc::Future::AsDealt);
  return mix_scores(game, seed);
}

#ifdef CARC_BENCH_CAPI
// A failed C call ends the benchmark: the figures would be meaningless.
int checked(int status, const carc_game* game, const char* what) {
  if (status < 0) {
    fmt::print(stderr, "{} failed: {}\n", what, carc_game_errmsg(game));
    std::exit(1);
  }
  return status;
}

// The same playout as one_playout, driven move by move through the C ABI as a client
// would: each turn lists the placements, places one, lists the meeple locations, deploys
// at one of them or none, and reads the events the turn made. The choices come from the
// same generator, so both drivers play the same games; the checksum is mixed from the
// points the events reported, so equal checksums also show that the events add up to
// the scores.
uint64_t one_capi_playout(const Config& c, uint64_t seed) {
  carc_game* game = nullptr;
  checked(carc_game_new(&game, c.players, seed), nullptr, "carc_game_new");
  if (!c.farmers) checked(carc_game_set_option(game, CARC_OPT_FARMERS, 0), game, "carc_game_set_option");
  carc::Rng rng(seed ^ 0x5DEECE66Dull);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locations[CARC_MAX_MEEPLE_LOCATIONS];
  int32_t event[CARC_EVENT_FIELDS];
  int32_t points[CARC_MAX_PLAYERS] = {};
  int n = 0, k = 0;
  while (checked(carc_game_phase(game), game, "carc_game_phase") != CARC_PHASE_GAME_OVER) {
    checked(carc_game_placements(game, moves, CARC_MAX_PLACEMENTS, &n), game, "carc_game_placements");
    checked(carc_game_place(game, moves[rng.below(static_cast<uint32_t>(n))]), game, "carc_game_place");
    checked(carc_game_meeple_locations(game, locations, CARC_MAX_MEEPLE_LOCATIONS, &k), game,
            "carc_game_meeple_locations");
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    checked(carc_game_deploy(game, pick == static_cast<uint32_t>(k) ? CARC_LOC_NONE : locations[pick]), game,
            "carc_game_deploy");
    while (checked(carc_game_poll_event(game, event, CARC_EVENT_FIELDS), game, "carc_game_poll_event") == 1) {
      if (event[CARC_EV_TYPE] != CARC_EVENT_SCORE) continue;
      for (int p = 0; p < c.players; ++p)
        if (event[CARC_EV_WINNERS] >> p & 1) points[p] += event[CARC_EV_POINTS];
    }
  }
  carc_game_free(game);
  uint64_t h = seed;
  for (int p = 0; p < c.players; ++p) {
    h = (h ^ static_cast<uint64_t>(points[p])) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  return h;
}
#endif

}  // namespace

// The function callgrind counts (`--toggle-collect=bench_playouts`): n playouts with
// seeds first..first+n-1 and nothing else, by Game::playout (as dealt, or sampled: after a
// re-deal) or (capi) through the C ABI; `expansions` has bit i set for each option id i on.
// Not static and never inlined, so it keeps its name.
extern "C" __attribute__((noinline)) uint64_t bench_playouts(int players, int farmers, uint64_t first, int n,
                                                                  int capi, int sampled, unsigned expansions) {
  const Config c{players, farmers != 0, capi != 0, sampled != 0, expansions};
  uint64_t sum = 0;
  if (expansions) {
    for (int i = 0; i < n; ++i) sum += one_options_playout(c, first + static_cast<uint64_t>(i));
    return sum;
  }
#ifdef CARC_BENCH_CAPI
  if (c.capi) {
    for (int i = 0; i < n; ++i) sum += one_capi_playout(c, first + static_cast<uint64_t>(i));
    return sum;
  }
#endif
  for (int i = 0; i < n; ++i) sum += one_playout(c, first + static_cast<uint64_t>(i));
  return sum;
}

// The search positions of `--mcts`: seed s dealt for the players and played at random to
// turn 10 + s mod 40, so that the positions spread over a game.
std::vector<carc::Game> search_positions(int players, int n) {
  std::vector<carc::Game> out;
  for (int s = 1; s <= n; ++s) {
    carc::Game g(players, static_cast<uint64_t>(s));
    carc::BotOptions random{carc::BotLevel::Random};
    for (int t = 0; t < 10 + s % 40 && !g.over(); ++t) {
      random.seed = static_cast<uint64_t>(s * 1000 + t);
      carc::Move m;
      carc::choose_move(g, random, m);
      g.play(m);
    }
    out.push_back(g);
  }
  return out;
}

// The function callgrind counts with `--mcts` (`--toggle-collect=bench_searches`): one MCTS
// move of `iterations` from each position, one thread. Not static and never inlined.
extern "C" __attribute__((noinline)) uint64_t bench_searches(const carc::Game* positions, int n, int iterations) {
  uint64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    carc::BotOptions o;
    o.iterations = iterations;
    o.seed = static_cast<uint64_t>(i + 1);
    carc::Move m;
    if (!positions[i].over() && carc::choose_move(positions[i], o, m) == carc::Status::Ok)
      sum = sum * 31 + (static_cast<uint64_t>(static_cast<uint8_t>(m.at.x)) << 16 | static_cast<uint8_t>(m.at.y) << 8 |
                        m.at.rot << 4 | static_cast<uint8_t>(m.meeple));
  }
  return sum;
}

namespace {

// Settings of a timed run.
struct Timing {
  double seconds = 1.0;  // at least this long per measurement
  int repeats = 3;       // measurements per figure; the best counts (the machine is shared)
};

// Playouts per second on this thread: batches until `seconds` have passed.
double playout_rate(const Config& c, double seconds, uint64_t first_seed) {
  uint64_t seed = first_seed;
  int64_t games = 0;
  uint64_t sum = 0;
  const double t0 = now();
  double t = 0;
  do {
    sum += bench_playouts(c.players, c.farmers, seed, 64, c.capi, c.sampled, c.expansions);
    seed += 64;
    games += 64;
    t = seconds_since(t0);
  } while (t < seconds);
  keep(sum);
  return static_cast<double>(games) / t;
}

double best_playout_rate(const Config& c, const Timing& tm) {
  double best = 0;
  for (int r = 0; r < tm.repeats; ++r) best = std::max(best, playout_rate(c, tm.seconds, 1 + 1000000ull * r));
  return best;
}

// Playouts per second over all threads together, one game per thread at a time: the sum
// of the threads' own rates, each on its own clock.
double threaded_rate(const Config& c, int threads, double seconds) {
  std::vector<double> rates(threads);
  std::vector<std::thread> pool;
  std::atomic<int> ready{0};
  for (int i = 0; i < threads; ++i)
    pool.emplace_back([&, i] {
      ready.fetch_add(1);
      while (ready.load() < threads) {
      }
      rates[i] = playout_rate(c, seconds, 1 + 1000000000ull * static_cast<uint64_t>(i));
    });
  for (auto& th : pool) th.join();
  double total = 0;
  for (double r : rates) total += r;
  return total;
}

// States a search meets: the positions of a few seeded random games, in one phase.
std::vector<carc::Game> sample_states(carc::Phase phase, int games) {
  std::vector<carc::Game> states;
  carc::Placement buf[carc::kMaxPlacements];
  carc::Location opts[carc::kMaxMeepleOptions];
  for (int g = 0; g < games; ++g) {
    carc::Game game(2, 7000 + static_cast<uint64_t>(g));
    carc::Rng rng(static_cast<uint64_t>(g));
    while (!game.over()) {
      if (phase == carc::Phase::PlaceTile) states.push_back(game);
      const int n = game.legal_placements(buf);
      game.place(buf[rng.below(static_cast<uint32_t>(n))]);
      // Random games soon run out of meeples, and a listing without one is free: sample
      // only turns where there is something to list.
      if (phase == carc::Phase::PlaceMeeple && game.supply(game.current_player()) > 0) states.push_back(game);
      const int k = game.meeple_options(opts);
      const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
      game.deploy(pick == static_cast<uint32_t>(k) ? carc::Location::None : opts[pick]);
    }
  }
  return states;
}

// Nanoseconds per call of f(state). The sample is taken in blocks of 64 states (about half
// a MiB, which stays in cache, as the state a search has just made would be); each block
// is walked `reps` times, calling f on one state after the other, so that the branch
// predictor does not learn one state's answers by heart.
template <class F>
double ns_per_call(const std::vector<carc::Game>& states, int reps, int rounds, F f) {
  constexpr size_t kBlock = 64;
  double best = 1e30;
  for (int r = 0; r < rounds; ++r) {
    uint64_t calls = 0;
    const double t0 = now();
    for (size_t b = 0; b < states.size(); b += kBlock) {
      const size_t e = std::min(states.size(), b + kBlock);
      for (int i = 0; i < reps; ++i)
        for (size_t k = b; k < e; ++k) {
          keep(f(states[k]));
          ++calls;
        }
    }
    best = std::min(best, seconds_since(t0) * 1e9 / static_cast<double>(calls));
  }
  return best;
}

double copy_ns(const std::vector<carc::Game>& states, int reps, int rounds) {
  // Two destinations in turn, so every copy writes the state the previous one did not.
  std::vector<carc::Game> dst(2, states.front());
  int turn = 0;
  return ns_per_call(states, reps, rounds, [&](const carc::Game& g) {
    carc::Game& d = dst[turn ^= 1];
    d = g;
    return &d;
  });
}

// Units per second of f(), called until `seconds` have passed; f returns the units it did.
template <class F>
double rate_of(double seconds, F f) {
  int64_t units = 0;
  const double t0 = now();
  double t = 0;
  do {
    units += f();
    t = seconds_since(t0);
  } while (t < seconds);
  return static_cast<double>(units) / t;
}

// Plays `turns` random turns (fewer if the game ends), the choices as in Game::playout.
void play_turns(carc::Game& game, carc::Rng& rng, int turns) {
  carc::Placement buf[carc::kMaxPlacements];
  carc::Location opts[carc::kMaxMeepleOptions];
  for (int t = 0; t < turns && !game.over(); ++t) {
    game.place(buf[rng.below(static_cast<uint32_t>(game.legal_placements(buf)))]);
    const int k = game.meeple_options(opts);
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    game.deploy(pick == static_cast<uint32_t>(k) ? carc::Location::None : opts[pick]);
  }
}

// Mid-game positions for rollouts: 2-player games after 35 of their 71 turns.
constexpr int kRolloutTurns = 35;
std::vector<carc::Game> rollout_positions(int count) {
  std::vector<carc::Game> positions;
  for (int i = 0; i < count; ++i) {
    carc::Game game(2, 500 + static_cast<uint64_t>(i));
    carc::Rng rng(static_cast<uint64_t>(i));
    play_turns(game, rng, kRolloutTurns);
    positions.push_back(game);
  }
  return positions;
}

// Rollouts per second in C++: copy the position, play it out, read the scores.
double cxx_rollout_rate(const std::vector<carc::Game>& positions, double seconds) {
  carc::Game work = positions.front();
  uint64_t seed = 1, sum = 0;
  size_t at = 0;
  const double r = rate_of(seconds, [&] {
    for (int k = 0; k < 64; ++k) {
      work = positions[at++ % positions.size()];
      carc::Rng rng(seed++);
      work.playout(rng);
      sum += static_cast<uint64_t>(work.score(0) - work.score(1));
    }
    return 64;
  });
  keep(sum);
  return r;
}

#ifdef CARC_BENCH_CAPI
using Handle = std::unique_ptr<carc_game, decltype(&carc_game_free)>;

Handle new_handle(int players, uint64_t seed) {
  carc_game* g = nullptr;
  checked(carc_game_new(&g, players, seed), nullptr, "carc_game_new");
  return Handle(g, carc_game_free);
}

// The same positions as rollout_positions, reached move by move through the C ABI (its
// placement list is the engine's, so the same choices make the same games); their
// events are read, as a client reaching them would have.
std::vector<Handle> capi_rollout_positions(int count) {
  std::vector<Handle> positions;
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locations[CARC_MAX_MEEPLE_LOCATIONS];
  int32_t event[CARC_EVENT_FIELDS];
  for (int i = 0; i < count; ++i) {
    Handle game = new_handle(2, 500 + static_cast<uint64_t>(i));
    carc::Rng rng(static_cast<uint64_t>(i));
    int n = 0, k = 0;
    for (int t = 0; t < kRolloutTurns && carc_game_phase(game.get()) != CARC_PHASE_GAME_OVER; ++t) {
      checked(carc_game_placements(game.get(), moves, CARC_MAX_PLACEMENTS, &n), game.get(), "carc_game_placements");
      checked(carc_game_place(game.get(), moves[rng.below(static_cast<uint32_t>(n))]), game.get(), "carc_game_place");
      checked(carc_game_meeple_locations(game.get(), locations, CARC_MAX_MEEPLE_LOCATIONS, &k), game.get(),
              "carc_game_meeple_locations");
      const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
      checked(carc_game_deploy(game.get(), pick == static_cast<uint32_t>(k) ? CARC_LOC_NONE : locations[pick]),
              game.get(), "carc_game_deploy");
    }
    while (checked(carc_game_poll_event(game.get(), event, CARC_EVENT_FIELDS), game.get(), "carc_game_poll_event") == 1) {
    }
    positions.push_back(std::move(game));
  }
  return positions;
}

// Rollouts per second through the C ABI, one call each: carc_game_copy of the position
// into a work handle, carc_game_playout, carc_game_scores. The playout's events stay
// queued unread: each copy replaces the queue with the position's (empty) one, and one
// game's events always fit it (carcassonne_c.cpp).
double capi_rollout_rate(const std::vector<Handle>& positions, double seconds) {
  Handle work = new_handle(2, 0);
  int32_t scores[CARC_MAX_PLAYERS];
  uint64_t seed = 1, sum = 0;
  size_t at = 0;
  const double r = rate_of(seconds, [&] {
    for (int k = 0; k < 64; ++k) {
      checked(carc_game_copy(work.get(), positions[at++ % positions.size()].get()), work.get(), "carc_game_copy");
      checked(carc_game_playout(work.get(), seed++, 0), work.get(), "carc_game_playout");
      checked(carc_game_scores(work.get(), scores, CARC_MAX_PLAYERS), work.get(), "carc_game_scores");
      sum += static_cast<uint64_t>(scores[0] - scores[1]);
    }
    return 64;
  });
  keep(sum);
  return r;
}

// The same with carc_game_rollouts, `batch` rollouts a call.
double capi_batch_rollout_rate(const std::vector<Handle>& positions, int batch, double seconds) {
  int64_t sums[CARC_MAX_PLAYERS];
  int32_t wins[CARC_MAX_PLAYERS];
  uint64_t seed = 1, sum = 0;
  size_t at = 0;
  const double r = rate_of(seconds, [&] {
    const carc_game* position = positions[at++ % positions.size()].get();
    checked(carc_game_rollouts(position, seed, batch, 0, sums, wins, CARC_MAX_PLAYERS), position, "carc_game_rollouts");
    seed += static_cast<uint64_t>(batch);
    sum += static_cast<uint64_t>(sums[0] - sums[1] + wins[0]);
    return batch;
  });
  keep(sum);
  return r;
}

// Heap allocations in the C calls of a turn, a copy, a playout and rollouts, on handles
// made beforehand (the library's operator new is this program's, so it is counted).
uint64_t capi_allocations() {
  const auto positions = capi_rollout_positions(2);
  Handle work = new_handle(2, 0);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locations[CARC_MAX_MEEPLE_LOCATIONS];
  int32_t event[CARC_EVENT_FIELDS];
  int32_t scores[CARC_MAX_PLAYERS];
  int64_t sums[CARC_MAX_PLAYERS];
  int32_t wins[CARC_MAX_PLAYERS];
  int n = 0, k = 0;
  const uint64_t before = g_allocations.load();
  for (const Handle& position : positions) {
    checked(carc_game_copy(work.get(), position.get()), work.get(), "carc_game_copy");
    for (int t = 0; t < 5; ++t) {
      checked(carc_game_placements(work.get(), moves, CARC_MAX_PLACEMENTS, &n), work.get(), "carc_game_placements");
      checked(carc_game_place(work.get(), moves[0]), work.get(), "carc_game_place");
      checked(carc_game_meeple_locations(work.get(), locations, CARC_MAX_MEEPLE_LOCATIONS, &k), work.get(),
              "carc_game_meeple_locations");
      checked(carc_game_deploy(work.get(), k ? locations[0] : CARC_LOC_NONE), work.get(), "carc_game_deploy");
      while (checked(carc_game_poll_event(work.get(), event, CARC_EVENT_FIELDS), work.get(), "carc_game_poll_event") == 1) {
      }
    }
    checked(carc_game_playout(work.get(), 1, 0), work.get(), "carc_game_playout");
    checked(carc_game_scores(work.get(), scores, CARC_MAX_PLAYERS), work.get(), "carc_game_scores");
    checked(carc_game_rollouts(position.get(), 1, 3, 0, sums, wins, CARC_MAX_PLAYERS), position.get(), "carc_game_rollouts");
  }
  return g_allocations.load() - before;
}
#endif

// Heap allocations during `n` playouts and during copies, enumerations and listings.
uint64_t allocations_in_hot_paths(int n) {
  const auto tile_states = sample_states(carc::Phase::PlaceTile, 1);
  const auto meeple_states = sample_states(carc::Phase::PlaceMeeple, 1);
  carc::Placement buf[carc::kMaxPlacements];
  carc::Location opts[carc::kMaxMeepleOptions];
  const uint64_t before = g_allocations.load();
  keep(bench_playouts(2, 1, 1, n, 0, 0, 0));
  keep(bench_playouts(4, 0, 1, n, 0, 0, 0));
  keep(bench_playouts(4, 1, 1, n, 0, 0, kAllExpansions));
  for (const carc::Game& g : tile_states) {
    carc::Game copy = g;
    keep(copy.legal_placements(buf));
    copy.place(buf[0]);
    keep(copy);
  }
  for (const carc::Game& g : meeple_states) {
    carc::Game copy = g;
    keep(copy.meeple_options(opts));
    copy.deploy(carc::Location::None);
    keep(copy);
  }
  uint64_t allocations = g_allocations.load() - before;
#ifdef CARC_BENCH_CAPI
  allocations += capi_allocations();
#endif
  return allocations;
}

// Prints figures as a table for people or as `name value unit` lines for scripts.
class Report {
 public:
  explicit Report(bool lines) : lines_(lines) {}
  void figure(std::string_view name, double value, std::string_view unit, std::string_view what) {
    if (lines_)
      fmt::print("{} {:.6g} {}\n", name, value, unit);
    else
      fmt::print("{:<52} {:>14.{}f} {}\n", what, value, unit == "x" ? 2 : 1, unit);
    std::fflush(stdout);
  }

 private:
  bool lines_;
};

// Runs the figures whose names contain `only` (all if empty).
void run_all(bool lines, const Timing& tm, std::string_view only) {
  Report out(lines);
  if (!lines) fmt::print("times: {}\n", g_wall_clock ? "wall clock" : "CPU time of the measuring thread (--wall: wall clock)");
  const auto want = [only](std::string_view name) { return only.empty() || name.find(only) != std::string_view::npos; };
  const Config two{2, true}, four{4, true}, two_off{2, false};
  const Config two_all{2, true, false, false, kAllExpansions}, four_all{4, true, false, false, kAllExpansions};
  if (want("playouts_2p")) {
    out.figure("playouts_2p", best_playout_rate(two, tm), "playouts/s", "random playouts, 2 players, farmers on");
  }
  if (want("playouts_4p")) {
    out.figure("playouts_4p", best_playout_rate(four, tm), "playouts/s", "random playouts, 4 players, farmers on");
  }
  if (want("playouts_2p_nofarmers")) {
    out.figure("playouts_2p_nofarmers", best_playout_rate(two_off, tm), "playouts/s",
               "random playouts, 2 players, farmers off");
  }
  if (want("playouts_2p_all_expansions")) {
    out.figure("playouts_2p_all_expansions", best_playout_rate(two_all, tm), "playouts/s",
               "random playouts, 2 players, every expansion on");
  }
  if (want("playouts_4p_all_expansions")) {
    out.figure("playouts_4p_all_expansions", best_playout_rate(four_all, tm), "playouts/s",
               "random playouts, 4 players, every expansion on");
  }

#ifdef CARC_BENCH_CAPI
  if (want("playouts_2p_capi")) {
    // Both drivers measured in turns, so that both see the same background load.
    const Config capi{2, true, true};
    double cxx = 0, c = 0;
    for (int r = 0; r < tm.repeats; ++r) {
      cxx = std::max(cxx, playout_rate(two, tm.seconds, 1 + 1000000ull * r));
      c = std::max(c, playout_rate(capi, tm.seconds, 1 + 1000000ull * r));
    }
    out.figure("playouts_2p_capi", c, "playouts/s", "random playouts, 2 players, C ABI move by move");
    out.figure("playouts_2p_capi_ratio", cxx / c, "x", "time per playout, C ABI move by move / C++");
  }
#endif

  if (want("rollouts")) {
    // Rollouts: from a mid-game position, play the rest at random and read the scores.
    const auto positions = rollout_positions(16);
    if (want("rollouts_cxx")) {
      double best = 0;
      for (int r = 0; r < tm.repeats; ++r) best = std::max(best, cxx_rollout_rate(positions, tm.seconds));
      out.figure("rollouts_cxx", best, "rollouts/s", "rollouts from mid-game, C++: copy + playout");
    }
#ifdef CARC_BENCH_CAPI
    const auto handles = capi_rollout_positions(16);
    if (want("rollouts_capi")) {
      double best = 0;
      for (int r = 0; r < tm.repeats; ++r) best = std::max(best, capi_rollout_rate(handles, tm.seconds));
      out.figure("rollouts_capi", best, "rollouts/s", "rollouts, C ABI: copy + playout + scores");
    }
    if (want("rollouts_capi_batch")) {
      double best = 0;
      for (int r = 0; r < tm.repeats; ++r) best = std::max(best, capi_batch_rollout_rate(handles, 64, tm.seconds));
      out.figure("rollouts_capi_batch", best, "rollouts/s", "rollouts, C ABI: carc_game_rollouts, 64 a call");
    }
#endif
  }

  const int reps = 64, rounds = std::max(1, tm.repeats);
  carc::Placement buf[carc::kMaxPlacements];
  carc::Location opts[carc::kMaxMeepleOptions];
  const auto tile_states = sample_states(carc::Phase::PlaceTile, 8);
  const auto meeple_states = sample_states(carc::Phase::PlaceMeeple, 8);
  if (want("legal_placements")) {
    out.figure("legal_placements", ns_per_call(tile_states, reps, rounds, [&](const carc::Game& g) {
                 return g.legal_placements(buf);
               }),
               "ns/call", "legal-placement enumeration");
  }
  if (want("meeple_options")) {
    out.figure("meeple_options", ns_per_call(meeple_states, reps, rounds, [&](const carc::Game& g) {
                 return g.meeple_options(opts);
               }),
               "ns/call", "meeple-option listing");
  }
  if (want("state_copy")) out.figure("state_copy", copy_ns(tile_states, reps, rounds), "ns/copy", "state copy");
  if (want("state_size")) out.figure("state_size", sizeof(carc::Game), "bytes", "size of a game state");
  if (want("heap_allocations")) {
    out.figure("heap_allocations", static_cast<double>(allocations_in_hot_paths(20)), "allocations",
               "heap allocations in playouts, copies, lists, C ABI");
  }

  if (want("threads") || want("thread_scaling")) {
    // One core and all cores measured in turns, so that both see the same background load.
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    double one = 0, all = 0;
    for (int r = 0; r < tm.repeats; ++r) {
      one = std::max(one, playout_rate(two, tm.seconds, 1 + 1000000ull * r));
      all = std::max(all, threaded_rate(two, threads, tm.seconds));
    }
    out.figure("threads", threads, "threads", "threads (one game per thread)");
    out.figure("playouts_2p_all_threads", all, "playouts/s", "random playouts, 2 players, all threads");
    out.figure("thread_scaling", all / one, "x", "all threads / one thread");
  }
}

// For CI: a few games of every kind, no timing. Fails if a hot path allocates or a
// playout does not end.
int run_quick() {
  const Config configs[] = {{2, true}, {4, true}, {2, false}, {2, true, false, false, kAllExpansions},
                            {6, true, false, false, kAllExpansions}};
  for (const Config& c : configs) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      carc::Game game(c.players, seed, options_of(c.farmers, c.expansions));
      carc::Rng rng(seed);
      game.playout(rng);
      if (!game.over()) {
        fmt::print("playout with seed {} did not end\n", seed);
        return 1;
      }
    }
  }
#ifdef CARC_BENCH_CAPI
  for (const Config& c : configs) {
    if (c.expansions) continue;  // the C ABI driver plays the base game's turns
    if (bench_playouts(c.players, c.farmers, 1, 3, 1, 0, 0) != bench_playouts(c.players, c.farmers, 1, 3, 0, 0, 0)) {
      fmt::print("the C ABI driver played other games than Game::playout, or its events miss points\n");
      return 1;
    }
  }
#endif
  const uint64_t allocs = allocations_in_hot_paths(3);
  fmt::print("quick run: 15 playouts, {} heap allocations in hot paths, sizeof(Game) = {}\n", allocs,
             sizeof(carc::Game));
  return allocs == 0 ? 0 : 1;
}

void usage(std::FILE* to) {
  fmt::print(to,
      "usage: bench [--lines] [--seconds S] [--repeats R] [--only TEXT] [--wall]\n"
      "         every figure (or those whose name contains TEXT), each the best of R runs\n"
      "         of at least S seconds; --lines prints one `name value unit` line per figure.\n"
      "         Times are CPU time of the measuring thread (other processes on a shared\n"
      "         machine do not count); --wall measures wall-clock time instead\n"
      "       bench --callgrind N [--players P] [--no-farmers] [--capi | --sampled]\n"
      "                           [--expansions | --option NAME ...]\n"
      "         N playouts with fixed seeds 1..N inside bench_playouts, for\n"
      "         bench/callgrind.sh (instructions per playout, start-up excluded);\n"
      "         --capi drives them move by move through the C ABI, --sampled re-deals each\n"
      "         game's face-down tiles first (Future::Sampled, what rollouts do);\n"
      "         --expansions turns every expansion of the option table on (river, abbot,\n"
      "         inns-and-cathedrals, traders-and-builders, princess-and-dragon, tower),\n"
      "         --option NAME one rule option of the records' names\n"
      "       bench --callgrind N --mcts I [--players P]\n"
      "         one MCTS move of I iterations from each of N positions (seeds 1..N played at\n"
      "         random to turn 10 + seed mod 40) inside bench_searches, for bench/callgrind.sh\n"
      "         (instructions per iteration)\n"
      "       bench --quick\n"
      "         a few games and the allocation check, no timing (CI smoke test)\n");
}

// All of TEXT as a number from LO to HI (from_chars: no sign, no spaces, nothing after).
template <class T>
bool parse_number(std::string_view text, T lo, T hi, T& out) {
  T value{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || !(value >= lo && value <= hi)) return false;
  out = value;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool lines = false, farmers = true;
  std::string_view only;
  int callgrind = 0, players = 2, capi = 0, sampled = 0, mcts = 0;
  unsigned expansions = 0;
  Timing tm;
  // A usage error: what is wrong, then the usage, on stderr; exit status 2.
  const auto refuse = [](std::string_view why) {
    fmt::print(stderr, "bench: {}\n", why);
    usage(stderr);
    return 2;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const bool has_value = i + 1 < argc;
    const std::string_view value = has_value ? argv[i + 1] : "";
    if (a == "--help" || a == "-h") {
      usage(stdout);
      return 0;
    } else if (a == "--lines") {
      lines = true;
    } else if (a == "--only" && has_value) {
      only = argv[++i];
    } else if (a == "--wall") {
      g_wall_clock = true;
    } else if (a == "--quick") {
      return run_quick();
    } else if (a == "--seconds" && has_value) {
      if (!parse_number(value, 0.001, 3600.0, tm.seconds)) return refuse("--seconds must be from 0.001 to 3600");
      ++i;
    } else if (a == "--repeats" && has_value) {
      if (!parse_number(value, 1, 1000, tm.repeats)) return refuse("--repeats must be a whole number from 1 to 1000");
      ++i;
    } else if (a == "--callgrind" && has_value) {
      if (!parse_number(value, 1, 1000000, callgrind)) return refuse("--callgrind must be a whole number from 1 to 1000000");
      ++i;
    } else if (a == "--mcts" && has_value) {
      if (!parse_number(value, 1, 1000000, mcts)) return refuse("--mcts must be a whole number from 1 to 1000000");
      ++i;
    } else if (a == "--players" && has_value) {
      if (!parse_number(value, carc::kMinPlayers, carc::kMaxPlayers, players)) return refuse("--players must be 1 to 6");
      ++i;
    } else if (a == "--no-farmers") {
      farmers = false;
    } else if (a == "--expansions") {
      expansions |= kAllExpansions;
    } else if (a == "--option" && has_value) {
      const carc::OptionInfo* o = carc::find_option(value);
      if (!o || o->id == 1) return refuse(fmt::format("--option: no rule option '{}' (farmers: --no-farmers)", value));
      expansions |= 1u << o->id;
      ++i;
#ifdef CARC_BENCH_CAPI
    } else if (a == "--sampled") {
      sampled = 1;
    } else if (a == "--capi") {
      capi = 1;
#endif
    } else {
      return refuse(fmt::format("unexpected argument '{}'", a));
    }
  }
  if (mcts && !callgrind) return refuse("--mcts counts searches for --callgrind N");
  if (callgrind && mcts) {
    if (capi || sampled || expansions || !farmers) return refuse("--mcts searches the base game with farmers");
    const std::vector<carc::Game> positions = search_positions(players, callgrind);
    const uint64_t check = bench_searches(positions.data(), callgrind, mcts);
    fmt::print("searches {} iterations {} players {} checksum {:016x}\n", callgrind, mcts, players, check);
    return 0;
  }
  if (callgrind) {
    if (capi && expansions) return refuse("--capi plays the base game only");
    const uint64_t check = bench_playouts(players, farmers, 1, callgrind, capi, sampled, expansions);
    fmt::print("playouts {} players {} farmers {} options {}{} checksum {:016x}\n", callgrind, players,
               farmers ? "on" : "off", options_text(expansions), capi ? " through the C ABI" : "", check);
    return 0;
  }
  run_all(lines, tm, only);
  return 0;
}
