// Separate games are independent values: many games played at once on several threads
// end exactly as the same games played one after another, and one game shared read-only
// between threads may be queried and copied by all of them, in C++ and through the C ABI
// (whose const calls never write the game, failing or not). Built as its own runner
// (carc_thread_tests) so that the ThreadSanitizer build compiles only this.
#include <catch2/catch.hpp>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "carcassonne/carcassonne.h"
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

// ---------------------------------------------------------------- the C ABI

namespace {

using CGame = std::unique_ptr<carc_game, decltype(&carc_game_free)>;

// A game after `turns` turns of the first listed placement and no meeple, then (if
// `placed`) its next tile placed too.
CGame c_position(int players, uint64_t seed, int turns, bool placed) {
  carc_game* g = nullptr;
  REQUIRE(carc_game_new(&g, players, seed) == CARC_OK);
  CGame game(g, carc_game_free);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int n = 0;
  for (int t = 0; t < turns + (placed ? 1 : 0); ++t) {
    REQUIRE(carc_game_placements(g, moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
    REQUIRE(carc_game_place(g, moves[n / 2]) == CARC_OK);
    if (t < turns) REQUIRE(carc_game_skip(g) == CARC_OK);
  }
  return game;
}

// What every call that takes a const game answers on g, as text: rollouts seeded by i,
// listings, the record, pictures, scores, feature inspection, and calls that fail (their
// message is the calling thread's).
std::string c_answers(const carc_game* g, int i) {
  std::string s;
  auto add = [&](long v) { s += std::to_string(v) + ' '; };
  int64_t sums[CARC_MAX_PLAYERS] = {};
  int32_t wins[CARC_MAX_PLAYERS] = {};
  add(carc_game_rollouts(g, 1000 + static_cast<uint64_t>(i), 3, 0, sums, wins, CARC_MAX_PLAYERS));
  for (int p = 0; p < CARC_MAX_PLAYERS; ++p) add(static_cast<long>(sums[p])), add(wins[p]);
  carc_move moves[CARC_MAX_PLACEMENTS];
  int n = 0;
  add(carc_game_placements(g, moves, CARC_MAX_PLACEMENTS, &n));
  for (int k = 0; k < n; ++k) add(static_cast<long>(moves[k]));
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS] = {};
  add(carc_game_meeple_locations(g, locs, CARC_MAX_MEEPLE_LOCATIONS, &n));
  for (int k = 0; k < n; ++k) add(locs[k]);
  carc_move actions[CARC_MAX_FIGURE_ACTIONS] = {};
  add(carc_game_figure_actions(g, actions, CARC_MAX_FIGURE_ACTIONS, &n));
  for (int k = 0; k < n; ++k) add(static_cast<long>(actions[k]));
  s += carc_game_errmsg(g);  // the failure of one of the two listings, by phase
  std::string text(static_cast<size_t>(carc_game_save(g, nullptr, 0)) + 1, '\0');
  add(carc_game_save(g, text.data(), text.size()));
  s += text;
  text.assign(static_cast<size_t>(carc_game_render_svg(g, CARC_SVG_DEFAULT | CARC_SVG_LEGAL_CELLS, 32, nullptr, 0)) + 1,
              '\0');
  add(carc_game_render_svg(g, CARC_SVG_DEFAULT | CARC_SVG_LEGAL_CELLS, 32, text.data(), text.size()));
  s += text;
  text.assign(static_cast<size_t>(carc_game_render_text(g, CARC_TEXT_DEFAULT, nullptr, 0)) + 1, '\0');
  add(carc_game_render_text(g, CARC_TEXT_DEFAULT, text.data(), text.size()));
  s += text;
  int32_t v[CARC_MAX_FRONTIER * CARC_CELL_FIELDS] = {};  // a failed call leaves it as it was
  add(carc_game_scores(g, v, CARC_MAX_PLAYERS));
  for (int p = 0; p < carc_game_players(g); ++p) add(v[p]);
  add(carc_game_projected_scores(g, v, CARC_MAX_PLAYERS));
  for (int p = 0; p < carc_game_players(g); ++p) add(v[p]);
  for (int t = 0; t < carc_game_tile_count(g); ++t) {
    int x, y, tile, rot;
    add(carc_game_tile(g, t, &x, &y, &tile, &rot));
    for (int loc = CARC_LOC_C; loc <= CARC_LOC_NNW; ++loc) {
      add(carc_game_inspect_feature(g, x, y, loc, v, CARC_FEATURE_INFO_FIELDS));
      for (int f = 0; f < CARC_FEATURE_INFO_FIELDS; ++f) add(v[f]);
    }
  }
  add(carc_game_frontier(g, v, CARC_MAX_FRONTIER, &n));
  for (int k = 0; k < n * CARC_CELL_FIELDS; ++k) add(v[k]);
  double p[CARC_TILE_TYPES];
  add(carc_game_next_tile_probabilities(g, p, CARC_TILE_TYPES));
  for (double d : p) s += std::to_string(d) + ' ';
  add(carc_game_score(g, 9));  // fails: the message is this thread's
  s += carc_game_errmsg(g);
  carc_move bot = 0;  // a bot asked on the shared game (two search threads of its own)
  add(carc_bot_choose(g, CARC_BOT_MCTS, 20, 0, 2, static_cast<uint64_t>(i), &bot));
  add(static_cast<long>(bot));
  add(carc_game_banked_scores(g, v, CARC_MAX_PLAYERS));
  add(carc_game_discards(g, v, CARC_MAX_FRONTIER, &n));
  carc_game* copy = nullptr;  // a copy played on is this thread's own game
  add(carc_game_clone(&copy, g));
  CGame own(copy, carc_game_free);
  add(carc_game_playout(copy, static_cast<uint64_t>(i), 0));
  add(carc_game_score(copy, 0));
  return s;
}

}  // namespace

TEST_CASE("Threads: through the C ABI, const calls on one shared game from every thread answer as alone", "[threads]") {
  // Root-parallel search: rollouts, listings, the record, pictures, scores and inspection
  // of one position at once, failing calls included, in both phases of a turn.
  for (const bool placed : {false, true}) {
    const CGame shared = c_position(4, 77, 30, placed);
    const carc_game* view = shared.get();
    constexpr int kBranches = 24;
    std::vector<std::string> alone(kBranches), together(kBranches);
    for (int i = 0; i < kBranches; ++i) alone[i] = c_answers(view, i);
    parallel_for(kBranches, [&](int i) { together[i] = c_answers(view, i); });
    for (int i = 0; i < kBranches; ++i) {
      INFO("placed " << placed << " branch " << i);
      CHECK(together[i] == alone[i]);
    }
    CHECK(c_answers(view, 0) == alone[0]);  // and the game is as it was
  }
}

namespace {

// Whether the last call on this thread was refused for running while another call ran on
// its batch.
bool refused_as_busy(int status) {
  return status == CARC_EPHASE && std::string(carc_game_errmsg(nullptr)).find("another call on this batch is running") !=
                                      std::string::npos;
}

std::string saved(const carc_game* g) {
  std::string text(static_cast<size_t>(carc_game_save(g, nullptr, 0)) + 1, '\0');
  carc_game_save(g, text.data(), text.size());
  text.pop_back();
  return text;
}

}  // namespace

TEST_CASE("Threads: a call on a batch while another runs on it is refused, never run on a batch changing under it",
          "[threads]") {
  // Issue 29: one thread stepping a batch and another restarting its games and copying
  // them out left copies that did not load, then a step that never returned. The library
  // now refuses the call that comes second (CARC_EPHASE, nothing changed); each thread here
  // makes a fixed number of calls, and every call either runs alone or is refused.
  constexpr int kGames = 64, kCalls = 2000;
  carc_batch* b = nullptr;
  REQUIRE(carc_batch_new(&b, kGames, 2, 5) == CARC_OK);
  const std::unique_ptr<carc_batch, decltype(&carc_batch_free)> batch(b, carc_batch_free);
  std::vector<int32_t> legal(static_cast<size_t>(kGames) * CARC_RL_MAX_LEGAL), counts(kGames), rewards(2 * kGames);
  std::vector<int32_t> actions(kGames);
  std::vector<uint8_t> done(kGames);
  auto step = [&](const int32_t* with) {
    return carc_batch_step(b, with, CARC_BATCH_AUTO_RESET, rewards.data(), done.data(), nullptr, legal.data(),
                           counts.data(), CARC_RL_MAX_LEGAL, nullptr, 0, nullptr, 0);
  };
  REQUIRE(step(nullptr) == CARC_OK);
  std::atomic<int> refused{0}, ready{0};
  auto start_together = [&] {
    for (++ready; ready < 2;) std::this_thread::yield();
  };
  std::string stepper_failure, copier_failure;
  std::thread stepper([&] {
    start_together();
    for (int k = 0; k < kCalls; ++k) {
      for (int i = 0; i < kGames; ++i) actions[i] = legal[static_cast<size_t>(i) * CARC_RL_MAX_LEGAL + k % counts[i]];
      int s = step(actions.data());
      // An action picked before a restart of its game may be refused as illegal or of
      // another phase: the step changed nothing and the buffers are listed again.
      if (s == CARC_EILLEGAL || (s == CARC_EPHASE && !refused_as_busy(s)))
        while ((s = step(nullptr)) != CARC_OK && refused_as_busy(s)) ++refused;
      if (refused_as_busy(s)) ++refused;
      else if (s != CARC_OK) stepper_failure = carc_game_errmsg(nullptr);
    }
  });
  std::thread copier([&] {
    carc_game* g = nullptr;
    carc_game_new(&g, 2, 0);
    start_together();
    for (int k = 0; k < kCalls; ++k) {
      const int index = (k * 7) % kGames;
      const int restarted = carc_batch_restart(b, index, 1000u + static_cast<uint64_t>(k));
      const int copied = carc_batch_game(b, (index + 1) % kGames, g);
      for (const int s : {restarted, copied}) {
        if (refused_as_busy(s)) ++refused;
        else if (s != CARC_OK) copier_failure = carc_game_errmsg(nullptr);
      }
      if (copied != CARC_OK) continue;
      carc_game* loaded = nullptr;  // a copy is a whole game: its record loads to the same game
      if (carc_game_load(&loaded, saved(g).c_str(), nullptr) != CARC_OK || saved(loaded) != saved(g))
        copier_failure = "a copy's record does not load to the same game";
      carc_game_free(loaded);
    }
    carc_game_free(g);
  });
  stepper.join();
  copier.join();
  CHECK(stepper_failure == "");
  CHECK(copier_failure == "");
  INFO(refused << " calls refused");
  REQUIRE(step(nullptr) == CARC_OK);  // the batch is free again
}
