// Separate games are independent values: many games played at once on several threads
// end exactly as the same games played one after another, and one game shared read-only
// between threads may be queried and copied by all of them. Built as its own runner
// (carc_thread_tests) so that the ThreadSanitizer build compiles only this.
#include <catch2/catch.hpp>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "observable.hpp"

using namespace carc;
using carc::testing::observable_state;

namespace {

constexpr int kThreads = 4;

struct Job {
  int players;
  uint64_t seed;
  Options options;
};

std::vector<Job> jobs(int n) {
  std::vector<Job> v;
  for (int i = 0; i < n; ++i) {
    Options o;
    o.farmers = i % 2 == 0;
    o.first_edition_small_city = i % 3 == 1;
    o.first_edition_farmers = i % 5 == 2;
    v.push_back(Job{1 + i % kMaxPlayers, 5000u + static_cast<uint64_t>(i), o});
  }
  return v;
}

// Every event in order, then the final state.
std::string record(Game& g, Rng& rng) {
  Events ev;
  std::string s;
  while (!g.over()) {
    ev.clear();
    Placement buf[kMaxPlacements];
    Location opts[kMaxMeepleOptions];
    const int n = g.legal_placements(buf);
    const Placement p = buf[rng.below(static_cast<uint32_t>(n))];
    g.place(p);
    const int k = g.meeple_options(opts);
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    g.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick], &ev);
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      s += std::to_string(int(e.type)) + ' ' + std::to_string(int(e.feature)) + ' ' + std::to_string(e.points) + ' ' +
           std::to_string(int(e.winners)) + ' ' + std::to_string(int(e.tile)) + '\n';
    }
  }
  return s + observable_state(g);
}

std::string play_job(const Job& j) {
  Game g(j.players, j.seed, j.options);
  Rng rng(j.seed * 31 + 7);
  return record(g, rng);
}

// Runs f(i) for i in 0..n-1 on kThreads threads that take the next index as they finish.
template <class F>
void parallel_for(int n, F f) {
  std::atomic<int> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < kThreads; ++t)
    pool.emplace_back([&] {
      for (int i = next++; i < n; i = next++) f(i);
    });
  for (std::thread& th : pool) th.join();
}

}  // namespace

TEST_CASE("Threads: independent games on several threads end as when played one by one", "[threads]") {
  const std::vector<Job> all = jobs(120);
  std::vector<std::string> alone(all.size()), together(all.size());
  for (size_t i = 0; i < all.size(); ++i) alone[i] = play_job(all[i]);
  parallel_for(static_cast<int>(all.size()), [&](int i) { together[i] = play_job(all[i]); });
  for (size_t i = 0; i < all.size(); ++i) {
    INFO("game " << i << " seed " << all[i].seed);
    CHECK(together[i] == alone[i]);
  }
}

TEST_CASE("Threads: one game shared read-only may be queried and copied by every thread", "[threads]") {
  Game shared(4, 77);
  Rng setup(77);
  for (int t = 0; t < 30 && !shared.over(); ++t) {
    Placement buf[kMaxPlacements];
    const int n = shared.legal_placements(buf);
    shared.place(buf[setup.below(static_cast<uint32_t>(n))]);
    shared.deploy(Location::None);
  }
  REQUIRE(shared.phase() == Phase::PlaceTile);
  const Game& view = shared;
  const std::string before = observable_state(view);

  constexpr int kBranches = 48;
  std::vector<std::string> alone(kBranches), together(kBranches), seen(kBranches);
  for (int i = 0; i < kBranches; ++i) {
    Game g = view;
    Rng rng(900 + i);
    alone[i] = record(g, rng);
  }
  parallel_for(kBranches, [&](int i) {
    seen[i] = observable_state(view);  // every const query, while other threads copy
    Game g = view;
    Rng rng(900 + i);
    together[i] = record(g, rng);
  });
  for (int i = 0; i < kBranches; ++i) {
    INFO("branch " << i);
    CHECK(seen[i] == before);
    CHECK(together[i] == alone[i]);
  }
  CHECK(observable_state(view) == before);
}
