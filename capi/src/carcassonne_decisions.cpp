// The C ABI's decision calls: carc::decider, list_choices, check_choice, decide, the bot's choice and the
// choices' text and ids (decision.hpp), each behind the exception barrier.
#include "capi_internal.hpp"
#include "carcassonne/bots.hpp"
#include "carcassonne/decision.hpp"

using namespace carc::capi;

static_assert(CARC_DECISION_NONE == static_cast<int>(carc::DecisionKind::None) &&
              CARC_DECISION_DRAW == static_cast<int>(carc::DecisionKind::Draw) &&
              CARC_DECISION_PLACE == static_cast<int>(carc::DecisionKind::Place) &&
              CARC_DECISION_FIGURE == static_cast<int>(carc::DecisionKind::Figure) &&
              CARC_DECISION_BONUS == static_cast<int>(carc::DecisionKind::Bonus) &&
              CARC_DECISION_DRAGON == static_cast<int>(carc::DecisionKind::Dragon) &&
              CARC_DECISION_CAPTURE == static_cast<int>(carc::DecisionKind::Capture) &&
              CARC_DECISION_ABBEY == static_cast<int>(carc::DecisionKind::Abbey) &&
              CARC_DECISION_WAGON == static_cast<int>(carc::DecisionKind::Wagon));
static_assert(CARC_DECIDER_CHANCE == carc::kChance && CARC_DECIDER_NOBODY == carc::kNobody);
static_assert(CARC_MAX_CHOICES == carc::kMaxChoices);

namespace {
int unpack_checked(const Call& c, carc_choice id, carc::Choice& out) {
  if (!carc::unpack_choice(id, out))
    return c.fail(CARC_EINVAL, "0x%016llx is not a valid choice", static_cast<unsigned long long>(id));
  return CARC_OK;
}
}  // namespace

int carc_game_decision(const carc_game* game, int32_t* kind, int32_t* decider) {
  return with_game(game, __func__, [&](const Call&, const carc_game& g) -> int {
    if (kind) *kind = static_cast<int32_t>(carc::decision_kind(g.game));
    if (decider) *decider = carc::decider(g.game);
    return CARC_OK;
  });
}

int carc_game_choices(const carc_game* game, carc_choice* out, int32_t capacity, int32_t* count) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (const int s = check_list(c, out, capacity, count)) return s;
    carc::ChoiceBuffer list;
    const int n = carc::list_choices(g.game, list);
    *count = n;
    if (!out) return CARC_OK;
    if (n > capacity) return c.fail(CARC_ERANGE, "%d choices but room for %d", n, capacity);
    for (int i = 0; i < n; ++i) out[i] = carc::pack_choice(list[i]);
    return CARC_OK;
  });
}

int carc_game_check_choice(const carc_game* game, carc_choice choice) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    carc::Choice ch;
    if (const int s = unpack_checked(c, choice, ch)) return s;
    return static_cast<int>(carc::check_choice(g.game, ch).reason);
  });
}

int carc_game_decide(carc_game* game, carc_choice choice) {
  return with_game(game, __func__, [&](const Call& c, carc_game& g) -> int {
    carc::Choice ch;
    if (const int s = unpack_checked(c, choice, ch)) return s;
    carc::Verdict why;
    const carc::Status s = carc::decide(g.game, ch, &g.events, &why);
    if (s != carc::Status::Ok)
      return c.fail(status_of(s), "%s: %s", carc::choice_text(ch).c_str(), carc::describe(why).c_str());
    return check_queue(c, g);
  });
}

int carc_choice_format(carc_choice choice, char* buf, size_t size) {
  return guarded(__func__, [&](const Call& c) -> int {
    if (const int s = check_text(c, buf, size)) return s;
    carc::Choice ch;
    if (const int s = unpack_checked(c, choice, ch)) return s;
    return write_text(c, carc::choice_text(ch), buf, size);
  });
}

int carc_game_parse_choice(const carc_game* game, const char* text, carc_choice* choice) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    if (!text) return c.fail(CARC_EINVAL, "text is NULL");
    if (!choice) return c.fail(CARC_EINVAL, "choice is NULL");
    carc::Choice ch;
    std::string error;
    if (!carc::parse_choice(g.game, text, ch, &error)) return c.fail(CARC_EINVAL, "%s", error.c_str());
    *choice = carc::pack_choice(ch);
    return CARC_OK;
  });
}

int carc_bot_decide(const carc_game* game, int level, int iterations, int milliseconds, int threads, uint64_t seed,
                    carc_choice* choice) {
  return with_game(game, __func__, [&](const Call& c, const carc_game& g) -> int {
    carc::BotOptions options;
    if (const int s = bot_options(c, choice, "choice", level, iterations, milliseconds, threads, seed, options)) return s;
    std::string error;
    carc::Choice ch;
    const carc::Status s = carc::choose_decision(g.game, options, ch, &error);
    if (s != carc::Status::Ok) return c.fail(status_of(s), "%s", error.c_str());
    *choice = carc::pack_choice(ch);
    return CARC_OK;
  });
}
