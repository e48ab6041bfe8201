// The C ABI's reinforcement-learning calls: integer actions and observations of one game
// (carc::rl, actions.hpp and observation.hpp), and batches of games stepped by one call.
// The same exception barrier and messages as carcassonne_c.cpp (capi_internal.hpp). A
// batch step checks every argument and every action before it changes any game, so a
// failed step leaves the whole batch as it was.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "capi_internal.hpp"
#include "carcassonne/actions.hpp"
#include "carcassonne/bots.hpp"
#include "carcassonne/notation.hpp"
#include "carcassonne/observation.hpp"

using namespace carc::capi;  // the shared helpers (capi_internal.hpp)

static_assert(CARC_RL_MAX_LEGAL == carc::rl::kMaxLegalActions);
static_assert(CARC_RL_CHANCE_OUTCOMES == carc::rl::kChanceOutcomes);
static_assert(CARC_RL_MAX_OBSERVATION == carc::rl::kMaxObservation);
static_assert(CARC_RL_MAX_LEGAL == CARC_MAX_CHOICES && CARC_RL_CHANCE_OUTCOMES == CARC_TILE_TYPES);

struct carc_batch {
  std::vector<carc::Game> games;
  std::vector<uint64_t> seeds;  // the seed each game started from
  int players = 0;
  carc::Options options;
  uint64_t next_seed = 0;  // for the next auto-reset
  bool stepped = false;    // a step with actions has run: options are fixed
  // Set while a call runs on the batch. A batch is one thread's at a time: a call that
  // finds it set comes from a caller breaking that rule and is refused, instead of running
  // on games that change under it (a step that checked an action against a game restarted
  // before the action was applied could leave it torn).
  mutable std::atomic<bool> busy{false};
};

namespace {

constexpr int kMaxBatch = 65536;

// The fields of an action space or observation shape into a caller's array.
int write_fields(const Call& c, int32_t* fields, int capacity, const int32_t* values, int n) {
  if (!fields) return c.fail(CARC_EINVAL, "fields is NULL");
  if (const int s = check_capacity(c, capacity)) return s;
  if (capacity < n) return c.fail(CARC_ERANGE, "fields holds %d values but there are %d", capacity, n);
  std::copy(values, values + n, fields);
  return CARC_OK;
}

// The message for a refused action; `what` names it ("action 12" or "game 3: action 12").
int refuse(const Call& c, const carc::Game& g, carc::Status s, const carc::Verdict& why, const char* what) {
  switch (s) {
    case carc::Status::InvalidArgument:
      return g.phase() == carc::Phase::Draw
                 ? c.fail(CARC_EINVAL, "%s is not a tile type (0..%d) of the draw", what, CARC_RL_CHANCE_OUTCOMES - 1)
                 : c.fail(CARC_EINVAL, "%s is not 0..%d", what, carc::rl::action_space(g).size() - 1);
    case carc::Status::WrongPhase:
      return c.fail(CARC_EPHASE, "%s is not an action of this decision: %s", what, phase_text(g).c_str());
    case carc::Status::IllegalMove: return c.fail(CARC_EILLEGAL, "%s: %s", what, carc::describe(why).c_str());
    default: return c.fail(status_of(s), "%s: %s", what, carc_errstr(status_of(s)));
  }
}

int check_batch_index(const Call& c, const carc_batch& b, int index) {
  if (index < 0 || index >= static_cast<int>(b.games.size()))
    return c.fail(CARC_EINVAL, "index %d is not 0..%d", index, static_cast<int>(b.games.size()) - 1);
  return CARC_OK;
}

// The barrier for a call on a batch: body(call, *b) for a non-NULL b.
template <class Batch, class Body>
int with_batch(Batch* b, const char* fn, Body&& body) noexcept {
  if (!b) return Call{fn}.fail(CARC_EINVAL, "batch is NULL");
  if (b->busy.exchange(true, std::memory_order_acquire))
    return Call{fn}.fail(CARC_EPHASE, "another call on this batch is running (a batch is one thread's at a time)");
  const int status = guarded(fn, [&](const Call& c) -> int { return body(c, *b); });
  b->busy.store(false, std::memory_order_release);
  return status;
}

// Writes the legal-action mask of a game: n bytes, n the action count (or the chance
// outcomes in the draw phase), after the caller checked the capacity.
void write_mask(const carc::Game& g, uint8_t* mask, int n) {
  int32_t legal[carc::rl::kMaxLegalActions];
  const int k = carc::rl::legal_actions_unordered(g, legal);
  std::memset(mask, 0, static_cast<size_t>(n));
  for (int i = 0; i < k; ++i) mask[legal[i]] = 1;
}

int mask_size(const carc::Game& g) {
  return g.phase() == carc::Phase::Draw ? CARC_RL_CHANCE_OUTCOMES : carc::rl::action_space(g).size();
}

}  // namespace

extern "C" {

// ---------------------------------------------------------------- one game

int carc_rl_action_space(const carc_game* game, int32_t* fields, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    const carc::rl::ActionSpace s = carc::rl::action_space(g.game);
    const int32_t v[CARC_RL_SPACE_FIELDS] = {s.reach, s.side, s.placements, s.figures, s.size(), s.elsewhere};
    // A 0.3 caller's five fields still do.
    return write_fields(c, fields, capacity, v, std::clamp(capacity, CARC_RL_ACTIONS + 1, static_cast<int>(CARC_RL_SPACE_FIELDS)));
  });
}

int carc_rl_figure_slot(const carc_game* game, int slot, int* figure, int* location) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    const auto slots = carc::rl::figure_slots(g.game.options());
    if (slot < 0 || slot >= static_cast<int>(slots.size()))
      return c.fail(CARC_EINVAL, "slot %d is not 0..%d", slot, static_cast<int>(slots.size()) - 1);
    if (figure) *figure = static_cast<int>(slots[static_cast<size_t>(slot)].figure);
    if (location) *location = static_cast<int>(slots[static_cast<size_t>(slot)].location);
    return CARC_OK;
  });
}

int carc_rl_legal_actions(const carc_game* game, int32_t* actions, int capacity, int* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, actions, capacity, count)) return s;
    int32_t legal[carc::rl::kMaxLegalActions];
    const int n = carc::rl::legal_actions(g.game, legal);
    *count = n;
    if (!actions) return CARC_OK;  // NULL with capacity 0 only counts
    if (capacity < n) return c.fail(CARC_ERANGE, "actions holds %d values but there are %d legal actions", capacity, n);
    std::copy(legal, legal + n, actions);
    return CARC_OK;
  });
}

int carc_rl_legal_mask(const carc_game* game, uint8_t* mask, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!mask) return c.fail(CARC_EINVAL, "mask is NULL");
    if (const int s = check_capacity(c, capacity)) return s;
    const int n = mask_size(g.game);
    if (capacity < n) return c.fail(CARC_ERANGE, "mask holds %d values but there are %d actions", capacity, n);
    write_mask(g.game, mask, n);
    return CARC_OK;
  });
}

int carc_rl_apply(carc_game* game, int32_t action) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    carc::Verdict why;
    const carc::Status s = carc::rl::apply_action(g.game, action, &g.events, &why);
    if (s != carc::Status::Ok) {
      char what[32];
      std::snprintf(what, sizeof what, "action %d", action);
      return refuse(c, g.game, s, why, what);
    }
    return check_queue(c, g);
  });
}

int carc_rl_bot_action(const carc_game* game, int level, int iterations, int milliseconds, int threads, uint64_t seed,
                       int32_t* action) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    carc::BotOptions options;
    if (const int s = bot_options(c, action, "action", level, iterations, milliseconds, threads, seed, options)) return s;
    const carc::rl::ActionSpace space = carc::rl::action_space(g.game);
    std::string error;
    carc::Status s;
    int a = -1;
    if (g.game.phase() == carc::Phase::Decide) {
      carc::Choice c;
      s = carc::choose_decision(g.game, options, c, &error);
      a = carc::rl::encode_decision(space, g.game.options(), c);
    } else {
      carc::Move m;
      s = carc::choose_move(g.game, options, m, &error);
      a = g.game.phase() == carc::Phase::PlaceMeeple
              ? carc::rl::encode_figure(space, g.game.options(), carc::rl::FigureSlot{m.figure, m.meeple, m.elsewhere, m.x, m.y})
              : carc::rl::encode_placement(space, m.at);
    }
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    if (a < 0) return c.fail(CARC_EINTERNAL, "internal error: the bot's choice has no action id");
    *action = a;
    return CARC_OK;
  });
}

int carc_rl_action_to_move(const carc_game* game, int32_t action, carc_move* move) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!move) return c.fail(CARC_EINVAL, "move is NULL");
    const carc::rl::ActionSpace space = carc::rl::action_space(g.game);
    carc::rl::Action a;
    if (!carc::rl::decode(space, g.game.options(), action, a))
      return c.fail(CARC_EINVAL, "action %d is not 0..%d", action, space.size() - 1);
    const carc::Phase phase = g.game.phase();
    if (a.kind == carc::rl::Action::Kind::Placement) {
      if (phase != carc::Phase::PlaceTile)
        return c.fail(CARC_EPHASE, "a placement names the tile in hand, but %s", phase_text(g.game).c_str());
      *move = pack(g.game.current_tile(), a.at, carc::Location::None);
      return CARC_OK;
    }
    if (phase != carc::Phase::PlaceMeeple)
      return c.fail(CARC_EPHASE, "a figure goes on the tile just placed, but %s", phase_text(g.game).c_str());
    const carc::PlacedTile& t = g.game.board().tile(g.game.board().tile_count() - 1);
    *move = pack(t.type, carc::Placement{t.x, t.y, t.rot}, a.slot);
    return CARC_OK;
  });
}

int carc_rl_action_to_choice(const carc_game* game, int32_t action, carc_choice* choice) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!choice) return c.fail(CARC_EINVAL, "choice is NULL");
    carc::Choice ch;
    if (carc::rl::action_choice(g.game, action, ch)) {
      *choice = carc::pack_choice(ch);
      return CARC_OK;
    }
    if (g.game.phase() == carc::Phase::Draw)
      return c.fail(CARC_EINVAL, "in a draw the actions are tile types 0..%d, not %d", CARC_RL_CHANCE_OUTCOMES - 1, action);
    const carc::rl::ActionSpace space = carc::rl::action_space(g.game);
    if (action < 0 || action >= space.size()) return c.fail(CARC_EINVAL, "action %d is not 0..%d", action, space.size() - 1);
    return c.fail(CARC_EPHASE, "action %d is not an option of this decision: %s", action, phase_text(g.game).c_str());
  });
}

int carc_rl_move_to_action(const carc_game* game, carc_move move, int32_t* action) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!action) return c.fail(CARC_EINVAL, "action is NULL");
    Unpacked u;
    if (!unpack(move, u))
      return c.fail(CARC_EINVAL, "0x%010llx is not a valid move", static_cast<unsigned long long>(move));
    const carc::Phase phase = g.game.phase();
    if (phase != carc::Phase::PlaceTile && phase != carc::Phase::PlaceMeeple)
      return c.fail(CARC_EPHASE, "only the tile and meeple phases take moves, but %s", phase_text(g.game).c_str());
    if (u.tile != g.game.current_tile())
      return c.fail(CARC_EINVAL, "the move is for tile %s but the current tile is %s", carc::tile_name(u.tile).data(),
                    carc::tile_name(g.game.current_tile()).data());
    const carc::rl::ActionSpace space = carc::rl::action_space(g.game);
    const int a = phase == carc::Phase::PlaceTile
                      ? carc::rl::encode_placement(space, u.move.at)
                      : carc::rl::encode_figure(space, g.game.options(),
                                                carc::rl::FigureSlot{u.move.figure, u.move.meeple, u.move.elsewhere, u.move.x, u.move.y});
    if (a < 0) return c.fail(CARC_EINVAL, "%s has no action id", carc::format_move(u.tile, u.move).c_str());
    *action = a;
    return CARC_OK;
  });
}

int carc_rl_observation_shape(const carc_game* game, int32_t* fields, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    const carc::rl::ObservationShape s = carc::rl::observation_shape(g.game);
    const int32_t v[CARC_RL_SHAPE_FIELDS] = {s.planes, s.side, s.scalars, s.size()};
    return write_fields(c, fields, capacity, v, CARC_RL_SHAPE_FIELDS);
  });
}

int carc_rl_observe(const carc_game* game, int player, float* observation, int capacity) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (player < 0 || player >= g.game.players())
      return c.fail(CARC_EINVAL, "player %d is not 0..%d", player, g.game.players() - 1);
    if (!observation) return c.fail(CARC_EINVAL, "observation is NULL");
    if (const int s = check_capacity(c, capacity)) return s;
    const int n = carc::rl::observation_shape(g.game).size();
    if (capacity < n) return c.fail(CARC_ERANGE, "observation holds %d values but needs %d", capacity, n);
    carc::rl::observe(g.game, player, observation);
    return CARC_OK;
  });
}

// ---------------------------------------------------------------- batches

int carc_batch_new(carc_batch** out, int games, int players, uint64_t seed) {
  if (!out) return Call{__func__}.fail(CARC_EINVAL, "out is NULL");
  *out = nullptr;
  return guarded(__func__, [&](const Call& c) -> int {
    if (games < 1 || games > kMaxBatch) return c.fail(CARC_EINVAL, "games %d is not 1..%d", games, kMaxBatch);
    if (players < CARC_MIN_PLAYERS || players > CARC_MAX_PLAYERS)
      return c.fail(CARC_EINVAL, "players %d is not %d..%d", players, CARC_MIN_PLAYERS, CARC_MAX_PLAYERS);
    auto b = std::make_unique<carc_batch>();
    b->players = players;
    b->games.reserve(static_cast<size_t>(games));
    for (int i = 0; i < games; ++i) {
      b->seeds.push_back(seed + static_cast<uint64_t>(i));
      b->games.emplace_back(players, b->seeds.back());
    }
    b->next_seed = seed + static_cast<uint64_t>(games);
    *out = b.release();
    return CARC_OK;
  });
}

void carc_batch_free(carc_batch* batch) { delete batch; }

int carc_batch_set_option(carc_batch* batch, int option, int value) {
  return with_batch(batch, __func__, [&](const Call& c, carc_batch& b) -> int {
    if (value != 0 && value != 1) return c.fail(CARC_EINVAL, "value %d is not 0 or 1", value);
    const carc::OptionInfo* info = carc::find_option(option);
    if (!info) return c.fail(CARC_EINVAL, "%d is not an option (CARC_OPT_*)", option);
    if (b.stepped) return c.fail(CARC_EPHASE, "options are set before the first step with actions");
    carc::Options o = b.options;
    o.*info->field = value == 1;
    std::vector<carc::Game> games;
    games.reserve(b.games.size());
    for (uint64_t s : b.seeds) games.emplace_back(b.players, s, o);
    b.games = std::move(games);
    b.options = o;
    return CARC_OK;
  });
}

int carc_batch_size(const carc_batch* batch) {
  return with_batch(batch, __func__, [&](const Call&, const carc_batch& b) -> int { return static_cast<int>(b.games.size()); });
}

int carc_batch_game(const carc_batch* batch, int index, carc_game* dst) {
  return with_batch(batch, __func__, [&](const Call& c, const carc_batch& b) -> int {
    if (!dst) return c.fail(CARC_EINVAL, "dst is NULL");
    if (const int s = check_batch_index(c, b, index)) return s;
    dst->game = b.games[static_cast<size_t>(index)];
    dst->events.clear();
    dst->next_event = 0;
    return CARC_OK;
  });
}

int carc_batch_restart(carc_batch* batch, int index, uint64_t seed) {
  return with_batch(batch, __func__, [&](const Call& c, carc_batch& b) -> int {
    if (const int s = check_batch_index(c, b, index)) return s;
    b.games[static_cast<size_t>(index)] = carc::Game(b.players, seed, b.options);
    b.seeds[static_cast<size_t>(index)] = seed;
    return CARC_OK;
  });
}

int carc_batch_step(carc_batch* batch, const int32_t* actions, int flags, int32_t* rewards, uint8_t* done,
                    int32_t* to_play, int32_t* legal, int32_t* legal_counts, int legal_stride, uint8_t* masks,
                    int mask_stride, float* observations, int observation_stride) {
  return with_batch(batch, __func__, [&](const Call& c, carc_batch& b) -> int {
    if ((flags & ~(CARC_BATCH_AUTO_RESET | CARC_BATCH_SORTED)) != 0) return c.fail(CARC_EINVAL, "flags 0x%x has unknown bits", flags);
    if (!rewards) return c.fail(CARC_EINVAL, "rewards is NULL");
    if (!done) return c.fail(CARC_EINVAL, "done is NULL");
    if (legal && !legal_counts) return c.fail(CARC_EINVAL, "legal is given but legal_counts is NULL");
    if (legal && legal_stride < CARC_RL_MAX_LEGAL)
      return c.fail(CARC_ERANGE, "legal_stride %d is below CARC_RL_MAX_LEGAL (%d)", legal_stride, CARC_RL_MAX_LEGAL);
    const int actions_count = carc::rl::action_space(b.players, b.options).size();
    if (masks && mask_stride < actions_count)
      return c.fail(CARC_ERANGE, "mask_stride %d is below the %d actions", mask_stride, actions_count);
    const int obs_size = carc::rl::observation_shape(b.players, b.options).size();
    if (observations && observation_stride < obs_size)
      return c.fail(CARC_ERANGE, "observation_stride %d is below the observation's %d floats", observation_stride,
                    obs_size);
    const int n = static_cast<int>(b.games.size());
    if (actions) {
      for (int i = 0; i < n; ++i) {
        const carc::Game& g = b.games[static_cast<size_t>(i)];
        if (g.over()) continue;
        carc::Verdict why;
        const carc::Status s = carc::rl::check_action(g, actions[i], &why);
        if (s != carc::Status::Ok) {
          char what[48];
          std::snprintf(what, sizeof what, "game %d: action %d", i, actions[i]);
          return refuse(c, g, s, why, what);
        }
      }
      b.stepped = true;
    }
    const int P = b.players;
    const auto list = (flags & CARC_BATCH_SORTED) ? carc::rl::legal_actions : carc::rl::legal_actions_unordered;
    for (int i = 0; i < n; ++i) {
      carc::Game& g = b.games[static_cast<size_t>(i)];
      const size_t at = static_cast<size_t>(i);
      int32_t* reward = rewards + at * static_cast<size_t>(P);
      for (int p = 0; p < P; ++p) reward[p] = 0;
      if (actions && !g.over()) {
        for (int p = 0; p < P; ++p) reward[p] = -g.score(p);
        carc::rl::apply_checked(g, actions[i]);  // checked above, before any game changed
        for (int p = 0; p < P; ++p) reward[p] += g.score(p);
      }
      done[i] = g.over() ? 1 : 0;
      if (g.over() && (flags & CARC_BATCH_AUTO_RESET)) {
        b.seeds[at] = b.next_seed++;
        g = carc::Game(P, b.seeds[at], b.options);
      }
      // Who decides: an expansion's decision may be another player's than the turn's.
      const int decider = g.over() ? -1 : carc::decider(g);
      if (to_play) to_play[i] = decider;
      if (legal) legal_counts[i] = list(g, legal + at * static_cast<size_t>(legal_stride));
      if (masks) write_mask(g, masks + at * static_cast<size_t>(mask_stride), actions_count);
      if (observations)
        carc::rl::observe(g, g.over() ? 0 : decider,
                          observations + at * static_cast<size_t>(observation_stride));
    }
    return CARC_OK;
  });
}

}  // extern "C"
