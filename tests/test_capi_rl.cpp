// The reinforcement-learning calls of the C ABI: integer actions, masks, observations and
// batches; bad input (NULL pointers, bad actions, wrong phase, short buffers) gets its
// status and a message, and changes nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "capi_helpers.hpp"
#include "carcassonne/carcassonne.h"

using namespace capi_test;

namespace {

using BatchPtr = std::unique_ptr<carc_batch, decltype(&carc_batch_free)>;

BatchPtr make_batch(int games, int players, uint64_t seed) {
  carc_batch* b = nullptr;
  REQUIRE(carc_batch_new(&b, games, players, seed) == CARC_OK);
  return BatchPtr(b, carc_batch_free);
}

std::vector<int32_t> legal_of(const carc_game* g) {
  std::vector<int32_t> out(CARC_RL_MAX_LEGAL);
  int n = -1;
  REQUIRE(carc_rl_legal_actions(g, out.data(), CARC_RL_MAX_LEGAL, &n) == CARC_OK);
  out.resize(static_cast<size_t>(n));
  return out;
}

std::vector<int32_t> space_of(const carc_game* g) {
  std::vector<int32_t> f(CARC_RL_SPACE_FIELDS);
  REQUIRE(carc_rl_action_space(g, f.data(), CARC_RL_SPACE_FIELDS) == CARC_OK);
  return f;
}

int obs_size(const carc_game* g) {
  int32_t f[CARC_RL_SHAPE_FIELDS];
  REQUIRE(carc_rl_observation_shape(g, f, CARC_RL_SHAPE_FIELDS) == CARC_OK);
  return f[CARC_RL_OBS_SIZE];
}

// Everything a batch shows of its games (copied out one by one).
std::string batch_snapshot(const carc_batch* b) {
  std::string s;
  GamePtr g = make(1, 0);
  for (int i = 0; i < carc_batch_size(b); ++i) {
    REQUIRE(carc_batch_game(b, i, g.get()) == CARC_OK);
    s += snapshot(g.get());
  }
  return s;
}

// The outputs of one batch step.
struct Out {
  int games, players;
  std::vector<int32_t> rewards, to_play, legal, counts;
  std::vector<uint8_t> done, masks;
  std::vector<float> obs;
  int obs_stride;
  Out(int games_, int players_, int actions, int obs_stride_)
      : games(games_), players(players_), rewards(static_cast<size_t>(games * players)), to_play(static_cast<size_t>(games)),
        legal(static_cast<size_t>(games * CARC_RL_MAX_LEGAL)), counts(static_cast<size_t>(games)),
        done(static_cast<size_t>(games)), masks(static_cast<size_t>(games) * static_cast<size_t>(actions)),
        obs(static_cast<size_t>(games * obs_stride_)), obs_stride(obs_stride_) {}
  int step(carc_batch* b, const int32_t* actions, int flags, bool masks_too = false) {
    return carc_batch_step(b, actions, flags, rewards.data(), done.data(), to_play.data(), legal.data(), counts.data(),
                           CARC_RL_MAX_LEGAL, masks_too ? masks.data() : nullptr,
                           static_cast<int>(masks.size() / static_cast<size_t>(games)), obs.data(), obs_stride);
  }
  std::vector<int32_t> legal_at(int i) const {
    auto first = legal.begin() + i * CARC_RL_MAX_LEGAL;
    return std::vector<int32_t>(first, first + counts[static_cast<size_t>(i)]);
  }
};

}  // namespace

TEST_CASE("C API rl: the action space and the observation shape of a game") {
  GamePtr g = make(2, 42);
  const std::vector<int32_t> f = space_of(g.get());
  CHECK(f[CARC_RL_REACH] == 72);
  CHECK(f[CARC_RL_SIDE] == 145);
  CHECK(f[CARC_RL_PLACEMENTS] == 145 * 145 * 4);
  CHECK(f[CARC_RL_FIGURES] == 15);
  CHECK(f[CARC_RL_ACTIONS] == 145 * 145 * 4 + 15);
  int32_t shape[CARC_RL_SHAPE_FIELDS];
  REQUIRE(carc_rl_observation_shape(g.get(), shape, CARC_RL_SHAPE_FIELDS) == CARC_OK);
  CHECK(shape[CARC_RL_PLANES] == 29);
  CHECK(shape[CARC_RL_OBS_SIDE] == 25);
  CHECK(shape[CARC_RL_SCALARS] == 4 * 2 + 291);
  CHECK(shape[CARC_RL_OBS_SIZE] == 29 * 25 * 25 + 299);
  int figure = -1, location = -1;
  REQUIRE(carc_rl_figure_slot(g.get(), 0, &figure, &location) == CARC_OK);
  CHECK((figure == CARC_FIGURE_MEEPLE && location == CARC_LOC_NONE));  // no figure
  REQUIRE(carc_rl_figure_slot(g.get(), 13, &figure, &location) == CARC_OK);
  CHECK((figure == CARC_FIGURE_MEEPLE && location == CARC_LOC_NNW));
  REQUIRE(carc_rl_figure_slot(g.get(), 14, &figure, &location) == CARC_OK);
  CHECK((figure == CARC_FIGURE_MEEPLE && location == CARC_LOC_CF));
  CHECK(carc_rl_figure_slot(g.get(), 15, &figure, nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_figure_slot: slot 15 is not 0..14");
  // The Abbot adds the abbot on C and the recall; the River widens the window to 125.
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_ABBOT, 1) == CARC_OK);
  CHECK(space_of(g.get())[CARC_RL_FIGURES] == 17);
  REQUIRE(carc_rl_figure_slot(g.get(), 15, &figure, &location) == CARC_OK);
  CHECK((figure == CARC_FIGURE_ABBOT && location == CARC_LOC_C));
  REQUIRE(carc_rl_figure_slot(g.get(), 16, &figure, &location) == CARC_OK);
  CHECK((figure == CARC_FIGURE_RECALL && location == CARC_LOC_NONE));
  REQUIRE(carc_game_set_option(g.get(), CARC_OPT_RIVER, 1) == CARC_OK);
  CHECK(space_of(g.get())[CARC_RL_REACH] == 125);
  CHECK(space_of(g.get())[CARC_RL_ACTIONS] == 251 * 251 * 4 + 17);
  CHECK(carc_rl_action_space(g.get(), shape, 4) == CARC_ERANGE);
  CHECK(errmsg(nullptr) == "carc_rl_action_space: fields holds 4 values but there are 5");
  CHECK(carc_rl_observation_shape(g.get(), shape, 3) == CARC_ERANGE);
  CHECK(carc_rl_observation_shape(g.get(), nullptr, 4) == CARC_EINVAL);
}

TEST_CASE("C API rl: NULL handles and NULL out pointers are CARC_EINVAL") {
  int32_t buf[CARC_RL_SPACE_FIELDS];
  int n = 0, figure = 0;
  uint8_t mask[4];
  float obs[4];
  carc_move m = 0;
  int32_t a = 0;
  CHECK(carc_rl_action_space(nullptr, buf, CARC_RL_SPACE_FIELDS) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_action_space: game is NULL");
  CHECK(carc_rl_figure_slot(nullptr, 0, &figure, nullptr) == CARC_EINVAL);
  CHECK(carc_rl_legal_actions(nullptr, buf, 5, &n) == CARC_EINVAL);
  CHECK(carc_rl_legal_mask(nullptr, mask, 4) == CARC_EINVAL);
  CHECK(carc_rl_apply(nullptr, 0) == CARC_EINVAL);
  CHECK(carc_rl_action_to_move(nullptr, 0, &m) == CARC_EINVAL);
  CHECK(carc_rl_move_to_action(nullptr, 0, &a) == CARC_EINVAL);
  CHECK(carc_rl_observation_shape(nullptr, buf, 4) == CARC_EINVAL);
  CHECK(carc_rl_observe(nullptr, 0, obs, 4) == CARC_EINVAL);
  GamePtr g = make(2, 1);
  CHECK(carc_rl_legal_actions(g.get(), buf, 5, nullptr) == CARC_EINVAL);
  CHECK(carc_rl_legal_actions(g.get(), nullptr, 5, &n) == CARC_EINVAL);
  CHECK(carc_rl_legal_actions(g.get(), buf, -1, &n) == CARC_EINVAL);
  CHECK(carc_rl_legal_mask(g.get(), nullptr, 4) == CARC_EINVAL);
  CHECK(carc_rl_action_to_move(g.get(), 0, nullptr) == CARC_EINVAL);
  CHECK(carc_rl_move_to_action(g.get(), 0, nullptr) == CARC_EINVAL);
  CHECK(carc_rl_observe(g.get(), 0, nullptr, 4) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_observe: observation is NULL");
  carc_batch* b = reinterpret_cast<carc_batch*>(1);
  CHECK(carc_batch_new(nullptr, 1, 2, 0) == CARC_EINVAL);
  CHECK(carc_batch_new(&b, 0, 2, 0) == CARC_EINVAL);
  CHECK(b == nullptr);
  CHECK(errmsg(nullptr) == "carc_batch_new: games 0 is not 1..65536");
  CHECK(carc_batch_new(&b, 2, 7, 0) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_batch_new: players 7 is not 1..6");
  carc_batch_free(nullptr);
  CHECK(carc_batch_size(nullptr) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_batch_size: batch is NULL");
  CHECK(carc_batch_set_option(nullptr, CARC_OPT_FARMERS, 0) == CARC_EINVAL);
  CHECK(carc_batch_game(nullptr, 0, g.get()) == CARC_EINVAL);
  CHECK(carc_batch_restart(nullptr, 0, 1) == CARC_EINVAL);
  int32_t rewards[2];
  uint8_t done[1];
  CHECK(carc_batch_step(nullptr, nullptr, 0, rewards, done, nullptr, nullptr, nullptr, 0, nullptr, 0, nullptr, 0) ==
        CARC_EINVAL);
}

TEST_CASE("C API rl: legal actions are the engine's listing, through whole games") {
  // Seed 47: a tile fits nowhere; then the River, the Abbot and both.
  const struct {
    uint64_t seed;
    bool river, abbot;
  } kGames[] = {{3, false, false}, {47, false, false}, {5, true, false}, {6, false, true}, {8, true, true}, {9, true, true}};
  for (const auto& game : kGames) {
    const uint64_t seed = game.seed;
    GamePtr g = make(3, seed);
    REQUIRE(carc_game_set_option(g.get(), CARC_OPT_RIVER, game.river) == CARC_OK);
    REQUIRE(carc_game_set_option(g.get(), CARC_OPT_ABBOT, game.abbot) == CARC_OK);
    const int32_t placements = space_of(g.get())[CARC_RL_PLACEMENTS];
    const int32_t actions = space_of(g.get())[CARC_RL_ACTIONS];
    uint64_t pick = seed;
    while (carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER) {
      const std::vector<int32_t> legal = legal_of(g.get());
      std::vector<int32_t> expected;
      if (carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE) {
        carc_move moves[CARC_MAX_PLACEMENTS];
        int n = 0;
        REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
        for (int i = 0; i < n; ++i) {
          int32_t a = -1;
          REQUIRE(carc_rl_move_to_action(g.get(), moves[i], &a) == CARC_OK);
          carc_move back = 0;
          REQUIRE(carc_rl_action_to_move(g.get(), a, &back) == CARC_OK);
          REQUIRE(back == moves[i]);
          expected.push_back(a);
        }
      } else {
        carc_move moves[CARC_MAX_FIGURE_ACTIONS];
        int k = 0;
        REQUIRE(carc_game_figure_actions(g.get(), moves, CARC_MAX_FIGURE_ACTIONS, &k) == CARC_OK);
        expected.push_back(placements);  // no figure
        for (int i = 0; i < k; ++i) {
          int32_t a = -1;
          REQUIRE(carc_rl_move_to_action(g.get(), moves[i], &a) == CARC_OK);
          carc_move back = 0;
          REQUIRE(carc_rl_action_to_move(g.get(), a, &back) == CARC_OK);
          REQUIRE(back == moves[i]);
          expected.push_back(a);
        }
      }
      std::sort(expected.begin(), expected.end());
      REQUIRE(legal == expected);
      std::vector<uint8_t> mask(static_cast<size_t>(actions), 7);
      REQUIRE(carc_rl_legal_mask(g.get(), mask.data(), static_cast<int>(mask.size())) == CARC_OK);
      REQUIRE(std::count(mask.begin(), mask.end(), 1) == static_cast<long>(legal.size()));
      for (int32_t a : legal) REQUIRE(mask[static_cast<size_t>(a)] == 1);
      pick = pick * 6364136223846793005u + 1442695040888963407u;
      REQUIRE(carc_rl_apply(g.get(), legal[(pick >> 33) % legal.size()]) == CARC_OK);
    }
    CHECK(legal_of(g.get()).empty());
    carc_move m = 0;
    CHECK(carc_rl_action_to_move(g.get(), 0, &m) == CARC_EPHASE);
    int32_t a = 0;
    CHECK(carc_rl_move_to_action(g.get(), move_of("E 0,-1 180"), &a) == CARC_EPHASE);
  }
}

TEST_CASE("C API rl: bad actions, the wrong phase and short buffers are refused and change nothing") {
  GamePtr g = make_order(2, "EUV");
  GamePtr before = clone(g.get());
  const int32_t placements = space_of(g.get())[CARC_RL_PLACEMENTS];
  CHECK(carc_rl_apply(g.get(), -1) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_apply: action -1 is not 0..84114");
  CHECK(carc_rl_apply(g.get(), placements) == CARC_EPHASE);
  CHECK(errmsg(nullptr) ==
        "carc_rl_apply: action 84100 is not an action of this decision: the tile is still to be placed");
  CHECK(carc_rl_apply(g.get(), (72 * 145 + 72) * 4) == CARC_EILLEGAL);  // on the start tile
  CHECK(errmsg(nullptr).rfind("carc_rl_apply: action 42048: ", 0) == 0);
  int32_t small[2];
  int n = -1;
  CHECK(carc_rl_legal_actions(g.get(), small, 2, &n) == CARC_ERANGE);
  CHECK(n == 4);  // E fits north (its city south) and south (three rotations: its city not north)
  CHECK(errmsg(nullptr) == "carc_rl_legal_actions: actions holds 2 values but there are 4 legal actions");
  n = -1;
  CHECK(carc_rl_legal_actions(g.get(), nullptr, 0, &n) == CARC_OK);  // only counts
  CHECK(n == 4);
  uint8_t mask[16];
  CHECK(carc_rl_legal_mask(g.get(), mask, 16) == CARC_ERANGE);
  std::vector<float> obs(static_cast<size_t>(obs_size(g.get())));
  CHECK(carc_rl_observe(g.get(), 2, obs.data(), static_cast<int>(obs.size())) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_observe: player 2 is not 0..1");
  CHECK(carc_rl_observe(g.get(), 0, obs.data(), static_cast<int>(obs.size()) - 1) == CARC_ERANGE);
  carc_move m = 0;
  CHECK(carc_rl_action_to_move(g.get(), placements, &m) == CARC_EPHASE);
  int32_t a = 0;
  CHECK(carc_rl_move_to_action(g.get(), move_of("U 0,-1 0"), &a) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_move_to_action: the move is for tile U but the current tile is E");
  CHECK(carc_rl_move_to_action(g.get(), 0xFFFFFFFFu, &a) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());

  // The meeple phase: figure ids, and a placement id is the wrong phase.
  REQUIRE(carc_rl_move_to_action(g.get(), move_of("E 0,-1 180"), &a) == CARC_OK);
  REQUIRE(carc_rl_apply(g.get(), a) == CARC_OK);
  before = clone(g.get());
  CHECK(carc_rl_apply(g.get(), a) == CARC_EPHASE);
  CHECK(carc_rl_apply(g.get(), placements + 1 + CARC_LOC_C) == CARC_EILLEGAL);  // E has no monastery
  CHECK(carc_rl_action_to_move(g.get(), a, &m) == CARC_EPHASE);
  require_unchanged(g.get(), before.get());
  REQUIRE(carc_rl_move_to_action(g.get(), move_of("E 0,-1 180 S"), &a) == CARC_OK);
  CHECK(a == placements + 1 + CARC_LOC_S);
  REQUIRE(carc_rl_action_to_move(g.get(), a, &m) == CARC_OK);
  CHECK(m == move_of("E 0,-1 180 S"));
  REQUIRE(carc_rl_apply(g.get(), a) == CARC_OK);
  CHECK(carc_game_score(g.get(), 0) == 4);
}

TEST_CASE("C API rl: the draw of a caller-draws game is a chance node over the tile types") {
  carc_game* raw = nullptr;
  REQUIRE(carc_game_new_caller_draws(&raw, 2, "EEUV") == CARC_OK);
  GamePtr g(raw, carc_game_free);
  CHECK(legal_of(g.get()) == std::vector<int32_t>{'E' - 'A', 'U' - 'A', 'V' - 'A'});
  uint8_t mask[CARC_RL_CHANCE_OUTCOMES];
  REQUIRE(carc_rl_legal_mask(g.get(), mask, CARC_RL_CHANCE_OUTCOMES) == CARC_OK);
  CHECK(std::count(mask, mask + CARC_RL_CHANCE_OUTCOMES, 1) == 3);
  CHECK(mask['U' - 'A'] == 1);
  GamePtr before = clone(g.get());
  CHECK(carc_rl_apply(g.get(), CARC_TILE_TYPES) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_rl_apply: action 143 is not a tile type (0..142) of the draw");
  CHECK(carc_rl_apply(g.get(), 24) == CARC_EILLEGAL);  // a garden copy: not in this box
  CHECK(carc_rl_apply(g.get(), 0) == CARC_EILLEGAL);
  require_unchanged(g.get(), before.get());
  REQUIRE(carc_rl_apply(g.get(), 'U' - 'A') == CARC_OK);
  CHECK(carc_game_current_tile(g.get()) == 'U' - 'A');
}

TEST_CASE("C API rl: a batch plays the same games as single games given the same actions") {
  constexpr int games = 5, players = 3;
  BatchPtr b = make_batch(games, players, 100);
  GamePtr probe = make(players, 0);
  const int actions = space_of(probe.get())[CARC_RL_ACTIONS];
  const int osize = obs_size(probe.get());
  Out out(games, players, actions, osize);
  REQUIRE(out.step(b.get(), nullptr, CARC_BATCH_AUTO_RESET | CARC_BATCH_SORTED, true) == CARC_OK);
  std::vector<GamePtr> twins;
  std::vector<uint64_t> next_seed;
  for (int i = 0; i < games; ++i) twins.push_back(make(players, 100 + static_cast<uint64_t>(i)));
  uint64_t seed = 100 + games;  // the auto-reset seeds follow
  std::vector<std::vector<int32_t>> episode_rewards(games, std::vector<int32_t>(players));
  int finished = 0;
  uint64_t pick = 9;
  std::vector<int32_t> act(games);
  std::vector<float> expected_obs(static_cast<size_t>(osize));
  for (int step = 0; finished < 8; ++step) {
    for (int i = 0; i < games; ++i) {
      carc_game* t = twins[static_cast<size_t>(i)].get();
      REQUIRE(out.legal_at(i) == legal_of(t));
      REQUIRE(out.to_play[static_cast<size_t>(i)] == carc_game_current_player(t));
      std::vector<uint8_t> mask(static_cast<size_t>(actions));
      REQUIRE(carc_rl_legal_mask(t, mask.data(), actions) == CARC_OK);
      REQUIRE(std::equal(mask.begin(), mask.end(), out.masks.begin() + static_cast<long>(i) * actions));
      REQUIRE(carc_rl_observe(t, carc_game_current_player(t), expected_obs.data(), osize) == CARC_OK);
      REQUIRE(std::equal(expected_obs.begin(), expected_obs.end(), out.obs.begin() + static_cast<long>(i) * osize));
      const std::vector<int32_t> legal = out.legal_at(i);
      pick = pick * 6364136223846793005u + 1442695040888963407u;
      act[static_cast<size_t>(i)] = legal[(pick >> 33) % legal.size()];
    }
    REQUIRE(out.step(b.get(), act.data(), CARC_BATCH_AUTO_RESET | CARC_BATCH_SORTED, true) == CARC_OK);
    for (int i = 0; i < games; ++i) {
      carc_game* t = twins[static_cast<size_t>(i)].get();
      int32_t before[CARC_MAX_PLAYERS], after[CARC_MAX_PLAYERS];
      REQUIRE(carc_game_scores(t, before, CARC_MAX_PLAYERS) == CARC_OK);
      REQUIRE(carc_rl_apply(t, act[static_cast<size_t>(i)]) == CARC_OK);
      REQUIRE(carc_game_scores(t, after, CARC_MAX_PLAYERS) == CARC_OK);
      for (int p = 0; p < players; ++p) {
        REQUIRE(out.rewards[static_cast<size_t>(i * players + p)] == after[p] - before[p]);
        episode_rewards[static_cast<size_t>(i)][static_cast<size_t>(p)] += out.rewards[static_cast<size_t>(i * players + p)];
      }
      const bool over = carc_game_phase(t) == CARC_PHASE_GAME_OVER;
      REQUIRE(out.done[static_cast<size_t>(i)] == (over ? 1 : 0));
      if (over) {
        ++finished;
        for (int p = 0; p < players; ++p) REQUIRE(episode_rewards[static_cast<size_t>(i)][static_cast<size_t>(p)] == after[p]);
        episode_rewards[static_cast<size_t>(i)].assign(players, 0);
        twins[static_cast<size_t>(i)] = make(players, seed++);
      }
    }
  }
  // Each game of the batch is its twin.
  GamePtr copy = make(1, 0);
  for (int i = 0; i < games; ++i) {
    REQUIRE(carc_batch_game(b.get(), i, copy.get()) == CARC_OK);
    REQUIRE(snapshot(copy.get()) == snapshot(twins[static_cast<size_t>(i)].get()));
  }
}

TEST_CASE("C API rl: a batch step checks everything before it changes a game") {
  constexpr int games = 4, players = 2;
  BatchPtr b = make_batch(games, players, 7);
  GamePtr probe = make(players, 0);
  const int actions = space_of(probe.get())[CARC_RL_ACTIONS];
  const int osize = obs_size(probe.get());
  Out out(games, players, actions, osize);
  REQUIRE(out.step(b.get(), nullptr, 0) == CARC_OK);
  CHECK(std::all_of(out.done.begin(), out.done.end(), [](uint8_t d) { return d == 0; }));
  CHECK(std::all_of(out.rewards.begin(), out.rewards.end(), [](int32_t r) { return r == 0; }));
  std::vector<int32_t> act(games);
  for (int i = 0; i < games; ++i) act[static_cast<size_t>(i)] = out.legal_at(i)[0];
  const std::string before = batch_snapshot(b.get());

  std::vector<int32_t> bad = act;
  bad[2] = 0;  // a corner of the window: no neighbour
  CHECK(out.step(b.get(), bad.data(), 0) == CARC_EILLEGAL);
  CHECK(errmsg(nullptr) == "carc_batch_step: game 2: action 0: the cell shares no edge with a placed tile");
  bad[2] = actions;
  CHECK(out.step(b.get(), bad.data(), 0) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_batch_step: game 2: action 84115 is not 0..84114");
  bad[2] = actions - 1;  // a figure in the tile phase
  CHECK(out.step(b.get(), bad.data(), 0) == CARC_EPHASE);
  CHECK(out.step(b.get(), act.data(), 4) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_batch_step: flags 0x4 has unknown bits");
  CHECK(carc_batch_step(b.get(), act.data(), 0, nullptr, out.done.data(), nullptr, nullptr, nullptr, 0, nullptr, 0,
                        nullptr, 0) == CARC_EINVAL);
  CHECK(carc_batch_step(b.get(), act.data(), 0, out.rewards.data(), nullptr, nullptr, nullptr, nullptr, 0, nullptr, 0,
                        nullptr, 0) == CARC_EINVAL);
  CHECK(carc_batch_step(b.get(), act.data(), 0, out.rewards.data(), out.done.data(), nullptr, out.legal.data(), nullptr,
                        CARC_RL_MAX_LEGAL, nullptr, 0, nullptr, 0) == CARC_EINVAL);
  CHECK(carc_batch_step(b.get(), act.data(), 0, out.rewards.data(), out.done.data(), nullptr, out.legal.data(),
                        out.counts.data(), CARC_RL_MAX_LEGAL - 1, nullptr, 0, nullptr, 0) == CARC_ERANGE);
  CHECK(errmsg(nullptr) == "carc_batch_step: legal_stride 3916 is below CARC_RL_MAX_LEGAL (3917)");
  CHECK(carc_batch_step(b.get(), act.data(), 0, out.rewards.data(), out.done.data(), nullptr, nullptr, nullptr, 0,
                        out.masks.data(), actions - 1, nullptr, 0) == CARC_ERANGE);
  CHECK(carc_batch_step(b.get(), act.data(), 0, out.rewards.data(), out.done.data(), nullptr, nullptr, nullptr, 0,
                        nullptr, 0, out.obs.data(), osize - 1) == CARC_ERANGE);
  CHECK(batch_snapshot(b.get()) == before);
  CHECK(carc_batch_set_option(b.get(), CARC_OPT_FARMERS, 2) == CARC_EINVAL);
  CHECK(carc_batch_set_option(b.get(), 99, 1) == CARC_EINVAL);
  CHECK(carc_batch_game(b.get(), games, probe.get()) == CARC_EINVAL);
  CHECK(errmsg(nullptr) == "carc_batch_game: index 4 is not 0..3");
  CHECK(carc_batch_game(b.get(), 0, nullptr) == CARC_EINVAL);
  CHECK(carc_batch_restart(b.get(), -1, 1) == CARC_EINVAL);
  CHECK(batch_snapshot(b.get()) == before);

  // Options before the first step with actions, not after.
  REQUIRE(carc_batch_set_option(b.get(), CARC_OPT_FARMERS, 0) == CARC_OK);
  REQUIRE(carc_batch_game(b.get(), 1, probe.get()) == CARC_OK);
  CHECK(carc_game_option(probe.get(), CARC_OPT_FARMERS) == 0);
  REQUIRE(out.step(b.get(), nullptr, 0) == CARC_OK);
  for (int i = 0; i < games; ++i) act[static_cast<size_t>(i)] = out.legal_at(i)[0];
  REQUIRE(out.step(b.get(), act.data(), 0) == CARC_OK);
  CHECK(carc_batch_set_option(b.get(), CARC_OPT_FARMERS, 1) == CARC_EPHASE);
  CHECK(errmsg(nullptr) == "carc_batch_set_option: options are set before the first step with actions");
  CHECK(carc_batch_size(b.get()) == games);
}

TEST_CASE("C API rl: without auto-reset a finished game stays over and its actions are ignored") {
  BatchPtr b = make_batch(2, 1, 3);
  GamePtr probe = make(1, 0);
  Out out(2, 1, space_of(probe.get())[CARC_RL_ACTIONS], obs_size(probe.get()));
  REQUIRE(out.step(b.get(), nullptr, 0) == CARC_OK);
  std::vector<int32_t> act(2);
  int steps = 0;
  while (!(out.done[0] && out.done[1])) {
    for (int i = 0; i < 2; ++i) act[static_cast<size_t>(i)] = out.done[static_cast<size_t>(i)] ? -5 : out.legal_at(i).back();
    REQUIRE(out.step(b.get(), act.data(), 0) == CARC_OK);
    REQUIRE(++steps < 400);
  }
  CHECK(out.to_play[0] == -1);
  CHECK(out.counts[0] == 0);
  const std::string before = batch_snapshot(b.get());
  REQUIRE(out.step(b.get(), act.data(), 0) == CARC_OK);
  CHECK(out.rewards[0] == 0);
  CHECK(out.done[0] == 1);
  CHECK(batch_snapshot(b.get()) == before);
  // A restart with a seed is a new game from that seed.
  REQUIRE(carc_batch_restart(b.get(), 1, 77) == CARC_OK);
  REQUIRE(out.step(b.get(), nullptr, 0) == CARC_OK);
  CHECK(out.done[1] == 0);
  GamePtr copy = make(1, 0);
  REQUIRE(carc_batch_game(b.get(), 1, copy.get()) == CARC_OK);
  CHECK(snapshot(copy.get()) == snapshot(make(1, 77).get()));
}

namespace {

// A seeded game with these options on (CARC_OPT_* ids).
GamePtr make_with(int players, uint64_t seed, const std::vector<int>& options) {
  GamePtr g = make(players, seed);
  for (int o : options) REQUIRE(carc_game_set_option(g.get(), o, 1) == CARC_OK);
  return g;
}

}  // namespace

TEST_CASE("C API rl: batches with the expansions step the bonus phase as single games do") {
  const std::vector<std::vector<int>> mixes = {
      {CARC_OPT_TRADERS_AND_BUILDERS},
      {CARC_OPT_INNS_AND_CATHEDRALS},
      {CARC_OPT_RIVER, CARC_OPT_ABBOT, CARC_OPT_INNS_AND_CATHEDRALS, CARC_OPT_TRADERS_AND_BUILDERS}};
  int bonus_steps = 0;
  for (const std::vector<int>& mix : mixes) {
    constexpr int games = 3, players = 2;
    CAPTURE(mix.size());
    BatchPtr b = make_batch(games, players, 40);
    for (int o : mix) REQUIRE(carc_batch_set_option(b.get(), o, 1) == CARC_OK);
    GamePtr probe = make_with(players, 0, mix);
    const std::vector<int32_t> space = space_of(probe.get());
    const int actions = space[CARC_RL_ACTIONS];
    const bool traders = std::find(mix.begin(), mix.end(), CARC_OPT_TRADERS_AND_BUILDERS) != mix.end();
    CHECK(actions - space[CARC_RL_PLACEMENTS] - space[CARC_RL_FIGURES] == (traders ? 2 : 0));
    const int osize = obs_size(probe.get());
    Out out(games, players, actions, osize);
    REQUIRE(out.step(b.get(), nullptr, CARC_BATCH_SORTED, true) == CARC_OK);
    std::vector<GamePtr> twins;
    for (int i = 0; i < games; ++i) twins.push_back(make_with(players, 40 + static_cast<uint64_t>(i), mix));
    uint64_t pick = 3;
    std::vector<int32_t> act(games);
    std::vector<float> expected(static_cast<size_t>(osize));
    for (bool all_over = false; !all_over;) {
      for (int i = 0; i < games; ++i) {
        carc_game* t = twins[static_cast<size_t>(i)].get();
        REQUIRE(out.legal_at(i) == legal_of(t));
        const bool over = carc_game_phase(t) == CARC_PHASE_GAME_OVER;
        if (!over) {
          REQUIRE(out.to_play[static_cast<size_t>(i)] == carc_game_current_player(t));
          REQUIRE(carc_rl_observe(t, carc_game_current_player(t), expected.data(), osize) == CARC_OK);
          REQUIRE(std::equal(expected.begin(), expected.end(), out.obs.begin() + static_cast<long>(i) * osize));
        }
        if (carc_game_phase(t) == CARC_PHASE_DECIDE) {
          ++bonus_steps;
          const int take = space[CARC_RL_PLACEMENTS] + space[CARC_RL_FIGURES];
          REQUIRE(out.legal_at(i) == std::vector<int32_t>{take, take + 1});
          REQUIRE(out.masks[static_cast<size_t>(i * actions + take)] == 1);
          REQUIRE(out.masks[static_cast<size_t>(i * actions + take + 1)] == 1);
        }
        const std::vector<int32_t> legal = out.legal_at(i);
        pick = pick * 6364136223846793005u + 1442695040888963407u;
        act[static_cast<size_t>(i)] = legal.empty() ? 0 : legal[(pick >> 33) % legal.size()];
      }
      REQUIRE(out.step(b.get(), act.data(), CARC_BATCH_SORTED, true) == CARC_OK);
      all_over = true;
      for (int i = 0; i < games; ++i) {
        carc_game* t = twins[static_cast<size_t>(i)].get();
        if (carc_game_phase(t) != CARC_PHASE_GAME_OVER) REQUIRE(carc_rl_apply(t, act[static_cast<size_t>(i)]) == CARC_OK);
        all_over &= carc_game_phase(t) == CARC_PHASE_GAME_OVER;
      }
    }
    GamePtr copy = make(1, 0);
    for (int i = 0; i < games; ++i) {
      REQUIRE(carc_batch_game(b.get(), i, copy.get()) == CARC_OK);
      REQUIRE(snapshot(copy.get()) == snapshot(twins[static_cast<size_t>(i)].get()));
    }
  }
  CHECK(bonus_steps > 0);
}

TEST_CASE("C API rl: carc_rl_bot_action gives a legal action in every decision, the bonus one included") {
  GamePtr g = make_with(3, 12, {CARC_OPT_ABBOT, CARC_OPT_INNS_AND_CATHEDRALS, CARC_OPT_TRADERS_AND_BUILDERS});
  int32_t action = -7;
  CHECK(carc_rl_bot_action(g.get(), CARC_BOT_GREEDY, 0, 0, 1, 1, nullptr) == CARC_EINVAL);
  CHECK(carc_rl_bot_action(g.get(), 9, 0, 0, 1, 1, &action) == CARC_EINVAL);
  CHECK(errmsg(g.get()).find("level") != std::string::npos);
  CHECK(carc_rl_bot_action(g.get(), CARC_BOT_MCTS, 0, 0, 1, 1, &action) == CARC_EINVAL);  // no budget
  CHECK(carc_rl_bot_action(nullptr, CARC_BOT_GREEDY, 0, 0, 1, 1, &action) == CARC_EINVAL);
  CHECK(action == -7);
  int decisions = 0, bonus = 0;
  for (uint64_t seed = 1; carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER; ++seed) {
    const int level = static_cast<int>(seed % 3);
    GamePtr before = clone(g.get());
    REQUIRE(carc_rl_bot_action(g.get(), level, 4, 0, 1, seed, &action) == CARC_OK);
    require_unchanged(g.get(), before.get());
    const std::vector<int32_t> legal = legal_of(g.get());
    REQUIRE(std::find(legal.begin(), legal.end(), action) != legal.end());
    bonus += carc_game_phase(g.get()) == CARC_PHASE_DECIDE;
    REQUIRE(carc_rl_apply(g.get(), action) == CARC_OK);
    ++decisions;
  }
  CHECK(decisions > 100);
  CHECK(bonus > 0);
  CHECK(carc_rl_bot_action(g.get(), CARC_BOT_GREEDY, 0, 0, 1, 1, &action) == CARC_EPHASE);
  // Once over, an id outside the space is still a bad argument (checked before the phase).
  GamePtr over = clone(g.get());
  CHECK(carc_rl_apply(g.get(), -1) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_rl_apply: action -1 is not 0.." + std::to_string(space_of(g.get())[CARC_RL_ACTIONS] - 1));
  CHECK(carc_rl_apply(g.get(), 0) == CARC_EPHASE);
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, 0, 0, 1, 1, nullptr) == CARC_EINVAL);
  carc_move move = 0;
  CHECK(carc_bot_choose(g.get(), CARC_BOT_MCTS, 0, 0, 1, 1, &move) == CARC_EINVAL);
  require_unchanged(g.get(), over.get());
  carc_game* w = nullptr;
  REQUIRE(carc_game_new_caller_draws(&w, 2, nullptr) == CARC_OK);
  GamePtr waiting(w, carc_game_free);
  CHECK(carc_rl_bot_action(waiting.get(), CARC_BOT_RANDOM, 0, 0, 1, 1, &action) == CARC_EPHASE);
}
