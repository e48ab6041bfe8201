// The C ABI's decision calls: a whole game taken choice by choice through them, with every
// expansion and with caller draws, is the game the C++ decision model plays; refusals
// change nothing.
#include "capi_helpers.hpp"
#include "carcassonne/carcassonne.hpp"

using namespace capi_test;

namespace {
GamePtr make_with(int players, uint64_t seed, std::initializer_list<int> options, bool caller_draws = false) {
  carc_game* g = nullptr;
  if (caller_draws) REQUIRE(carc_game_new_caller_draws(&g, players, nullptr) == CARC_OK);
  else REQUIRE(carc_game_new(&g, players, seed) == CARC_OK);
  for (const int o : options) REQUIRE(carc_game_set_option(g, o, 1) == CARC_OK);
  return GamePtr(g, carc_game_free);
}
}  // namespace

TEST_CASE("C ABI: a game taken choice by choice is the C++ decision model's game") {
  const std::initializer_list<int> all = {CARC_OPT_RIVER, CARC_OPT_ABBOT, CARC_OPT_INNS_AND_CATHEDRALS,
                                          CARC_OPT_TRADERS_AND_BUILDERS};
  for (const bool caller_draws : {false, true}) {
    GamePtr g = make_with(3, 11, all, caller_draws);
    carc::Options o;
    o.river = o.abbot = o.inns_and_cathedrals = o.traders_and_builders = true;
    carc::Game mirror = caller_draws ? carc::Game(3, carc::CallerDraws{}, o) : carc::Game(3, 11, o);
    carc::Rng rng(3);
    std::vector<carc_choice> choices(CARC_MAX_CHOICES);
    carc::Choice want[carc::kMaxChoices];
    int steps = 0;
    int32_t kind = -1, decider = 0;
    for (;;) {
      REQUIRE(carc_game_decision(g.get(), &kind, &decider) == CARC_OK);
      CHECK(kind == static_cast<int>(carc::decision_kind(mirror)));
      CHECK(decider == carc::decider(mirror));
      if (kind == CARC_DECISION_NONE) break;
      int32_t n = -1, counted = -1;
      REQUIRE(carc_game_choices(g.get(), nullptr, 0, &counted) == CARC_OK);
      REQUIRE(carc_game_choices(g.get(), choices.data(), CARC_MAX_CHOICES, &n) == CARC_OK);
      REQUIRE(n == counted);
      REQUIRE(n == carc::list_choices(mirror, want));
      for (int i = 0; i < n; ++i) {
        REQUIRE(choices[static_cast<size_t>(i)] == carc::pack_choice(want[i]));
        CHECK(carc_game_check_choice(g.get(), choices[static_cast<size_t>(i)]) == CARC_LEGAL);
      }
      const int pick = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
      char text[CARC_CHOICE_TEXT_SIZE];
      REQUIRE(carc_choice_format(choices[static_cast<size_t>(pick)], text, sizeof text) > 0);
      carc_choice read = 0;
      REQUIRE(carc_game_parse_choice(g.get(), text, &read) == CARC_OK);
      REQUIRE(read == choices[static_cast<size_t>(pick)]);
      REQUIRE(carc_game_decide(g.get(), read) == CARC_OK);
      REQUIRE(carc::decide(mirror, want[pick]) == carc::Status::Ok);
      ++steps;
    }
    CHECK(decider == CARC_DECIDER_NOBODY);
    for (int p = 0; p < 3; ++p) CHECK(carc_game_score(g.get(), p) == mirror.score(p));
    CHECK(steps > 150);
  }
}

TEST_CASE("C ABI: refused choices leave the game unchanged") {
  GamePtr g = make(2, 5);
  const GamePtr before = clone(g.get());
  int32_t n = -1;
  REQUIRE(carc_game_choices(g.get(), nullptr, 0, &n) == CARC_OK);
  REQUIRE(n > 1);
  std::vector<carc_choice> small(1);
  CHECK(carc_game_choices(g.get(), small.data(), 1, &n) == CARC_ERANGE);
  CHECK(carc_game_choices(g.get(), nullptr, 5, &n) == CARC_EINVAL);
  CHECK(carc_game_choices(g.get(), small.data(), 1, nullptr) == CARC_EINVAL);
  CHECK(carc_game_decision(nullptr, nullptr, nullptr) == CARC_EINVAL);
  // A figure action while the tile is to be placed, the bonus decision, stray bits.
  const carc_choice none = uint64_t{CARC_DECISION_FIGURE} << 56 | uint64_t{CARC_LOC_NONE} << 18;
  CHECK(carc_game_check_choice(g.get(), none) == CARC_WHY_WRONG_PHASE);
  CHECK(carc_game_decide(g.get(), none) == CARC_EPHASE);
  CHECK(carc_game_decide(g.get(), uint64_t{CARC_DECISION_BONUS} << 56) == CARC_EPHASE);
  CHECK(carc_game_decide(g.get(), uint64_t{CARC_DECISION_PLACE} << 56 | uint64_t{1} << 45) == CARC_EINVAL);
  CHECK(carc_game_decide(g.get(), 0) == CARC_EINVAL);
  CHECK(errmsg(g.get()) == "carc_game_decide: 0x0000000000000000 is not a valid choice");
  // The start tile's cell is taken.
  std::vector<carc_choice> list(static_cast<size_t>(n));
  REQUIRE(carc_game_choices(g.get(), list.data(), n, &n) == CARC_OK);
  const carc_choice taken = list[0] & ~uint64_t{0xFFFF};  // x = y = 0
  CHECK(carc_game_check_choice(g.get(), taken) == CARC_WHY_OCCUPIED);
  CHECK(carc_game_decide(g.get(), taken) == CARC_EILLEGAL);
  carc_choice parsed = 7;
  CHECK(carc_game_parse_choice(g.get(), "pass", &parsed) == CARC_EINVAL);
  CHECK(parsed == 7);
  CHECK(carc_game_parse_choice(g.get(), nullptr, &parsed) == CARC_EINVAL);
  require_unchanged(g.get(), before.get());
}

TEST_CASE("C ABI: choice text, snprintf style") {
  const carc_choice take = uint64_t{CARC_DECISION_BONUS} << 56;
  CHECK(carc_choice_format(take | uint64_t{1} << 60, nullptr, 0) == 4);  // pass
  char buf[3];
  CHECK(carc_choice_format(take | uint64_t{1} << 60, buf, sizeof buf) == 4);
  CHECK(std::string(buf) == "pa");
  CHECK(carc_choice_format(take, buf, sizeof buf) == 5);
  CHECK(carc_choice_format(~uint64_t{0}, buf, sizeof buf) == CARC_EINVAL);
}

TEST_CASE("C ABI: the abbey's and the wagon's choice ids name their square (A&M examples 1 and 6)") {
  // The ids of carc_game_choices carry x, y in the placement bits (carcassonne.h); their text,
  // check and decide read them back.
  auto texts = [](const carc_game* g, std::vector<carc_choice>& ids) {
    int32_t n = 0;
    ids.resize(CARC_MAX_CHOICES);
    REQUIRE(carc_game_choices(g, ids.data(), CARC_MAX_CHOICES, &n) == CARC_OK);
    ids.resize(static_cast<size_t>(n));
    std::vector<std::string> out;
    for (const carc_choice id : ids) {
      char buf[CARC_CHOICE_TEXT_SIZE];
      REQUIRE(carc_choice_format(id, buf, sizeof buf) >= 0);
      out.emplace_back(buf);
    }
    return out;
  };
  std::vector<carc_choice> ids;
  GamePtr abbey = position("abbey-and-mayor on\norder D P U N N N V E\n",
                           {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180", "N 1,-2 90"});
  CHECK(texts(abbey.get(), ids) == std::vector<std::string>{"abbey 1,-1", "take"});
  CHECK((ids[0] & 0xFFFF) == (1u | 0xFFu << 8));  // x 1, y -1
  carc_choice parsed = 0;
  REQUIRE(carc_game_parse_choice(abbey.get(), "abbey 1,-1", &parsed) == CARC_OK);
  CHECK(parsed == ids[0]);
  CHECK(carc_game_check_choice(abbey.get(), ids[0]) == CARC_LEGAL);
  CHECK(carc_game_check_choice(abbey.get(), ids[0] & ~carc_choice{0xFFFF}) == CARC_WHY_OCCUPIED);  // (0,0), the start tile
  REQUIRE(carc_game_decide(abbey.get(), ids[0]) == CARC_OK);
  CHECK(carc_game_phase(abbey.get()) == CARC_PHASE_PLACE_MEEPLE);
  int x = 0, y = 0, type = -1, rotation = -1;
  REQUIRE(carc_game_tile(abbey.get(), carc_game_tile_count(abbey.get()) - 1, &x, &y, &type, &rotation) == CARC_OK);
  CHECK((x == 1 && y == -1 && type == tile_id("MA")));

  GamePtr wagon = position("abbey-and-mayor on\norder U A B A B E V\n", {"U 1,0 90 W:E", "A -1,0 270", "B 0,1 0 C", "A 2,0 90"});
  CHECK(texts(wagon.get(), ids) == std::vector<std::string>{"wagon 0,0 N", "wagon 2,0 C", "wagon stay"});
  REQUIRE(carc_game_decide(wagon.get(), ids[1]) == CARC_OK);
  int32_t kind = -1;
  REQUIRE(carc_game_decision(wagon.get(), &kind, nullptr) == CARC_OK);
  CHECK(kind == CARC_DECISION_PLACE);
  CHECK(carc_game_meeple_count(wagon.get()) == 2);  // the wagon at (2,0) C and the monk at (0,1)
}

// Found by fuzz_capi (seed fuzz/corpus/capi/abbey-and-mayor-deep): carc_game_choices listed
// the abbey decision without its square (0x2700000000000000, spelled 'abbey 0,0'), which
// carc_game_decide refused (a tile is already placed there). A&M example 1's position, loaded
// from a record: the hole at (1,-1) and the draw.
TEST_CASE("C ABI: the abbey decision's listed square is the hole, and deciding it places the abbey", "[capi][abbey]") {
  const char* record =
      "carcassonne-record 1\nplayers 2\nfarmers on\nfirst-edition-small-city off\nfirst-edition-farmers off\n"
      "abbey-and-mayor on\norder D P U N N N V E\nD 1,0 0 N\nP 0,-1 180 E\nU 2,0 90\nN 2,-1 270 N\nN 2,-2 180\nN 1,-2 90\n";
  carc_game* g = nullptr;
  int line = -1;
  REQUIRE(carc_game_load(&g, record, &line) == CARC_OK);
  int32_t kind = -1, decider = -1;
  REQUIRE(carc_game_decision(g, &kind, &decider) == CARC_OK);
  REQUIRE(kind == CARC_DECISION_ABBEY);
  carc_choice list[8];
  int32_t n = 0;
  REQUIRE(carc_game_choices(g, list, 8, &n) == CARC_OK);
  REQUIRE(n == 2);
  char text[32];
  REQUIRE(carc_choice_format(list[0], text, sizeof text) >= 0);
  CHECK(std::string(text) == "abbey 1,-1");
  CHECK(carc_game_decide(g, list[0]) == CARC_OK);
  carc_game_free(g);
}

TEST_CASE("C ABI: with The Tower a ransom leads the abbey decision and commits to the abbey (README D2)", "[capi][abbey]") {
  // Player 1 holds one of player 0's meeples (the capture at turn 4); player 0, with 3 points,
  // may buy it back before the abbey.
  const char* record =
      "carcassonne-record 1\nplayers 2\nfarmers on\nfirst-edition-small-city off\nfirst-edition-farmers off\n"
      "tower on\nabbey-and-mayor on\nseed 2\nT 1,0 90 W\nOF -1,0 90 T:-1,0\nJ -1,-1 90 SSW\nB -1,-2 0 T:-1,0\n"
      "capture -1,-1 SSW\nM -2,-2 180 S\nQ -2,-3 0 T:-1,0\ncapture none\nI 2,0 0 T:-1,0\ncapture 1,0 W\n"
      "MC -3,-2 90 N\nS 1,1 90 T:-1,0\nJ -1,1 180 -\nE 2,-1 180 S\nF 1,2 90 T:-1,0\nV -2,0 270 ESE\n"
      "N -3,-1 270 T:-1,0\ncapture none\n";
  carc_game* raw = nullptr;
  int line = -1;
  REQUIRE(carc_game_load(&raw, record, &line) == CARC_OK);
  GamePtr g(raw, carc_game_free);
  CHECK(carc_game_prisoners(g.get(), 1, 0, CARC_FIGURE_MEEPLE) == 1);
  CHECK(carc_game_prisoners(g.get(), 1, 0, CARC_FIGURE_MAYOR) == 0);
  CHECK(carc_game_prisoners(g.get(), 1, 0, CARC_FIGURE_WAGON) == 0);
  CHECK(carc_game_prisoners(g.get(), 1, 0, CARC_FIGURE_BARN) == CARC_EINVAL);
  CHECK(std::string(carc_game_errmsg(g.get())) ==
        "carc_game_prisoners: figure 11 is not a kind a tower captures (meeple, large meeple, abbot, mayor, wagon)");
  CHECK(carc_game_prisoners(g.get(), 1, 0, -1) == CARC_EINVAL);
  carc_choice list[8];
  int32_t n = 0;
  REQUIRE(carc_game_choices(g.get(), list, 8, &n) == CARC_OK);
  std::vector<std::string> texts;
  for (int i = 0; i < n; ++i) {
    char text[32];
    REQUIRE(carc_choice_format(list[i], text, sizeof text) >= 0);
    texts.emplace_back(text);
  }
  REQUIRE(texts == std::vector<std::string>{"ransom 1 meeple", "abbey -2,-1", "take"});
  REQUIRE(carc_game_decide(g.get(), list[0]) == CARC_OK);
  CHECK(carc_game_prisoners(g.get(), 1, 0, CARC_FIGURE_MEEPLE) == 0);
  CHECK(carc_game_score(g.get(), 0) == 1);
  const GamePtr before = clone(g.get());
  CHECK(carc_game_check_choice(g.get(), list[2]) == CARC_WHY_RANSOM_COMMITS);
  CHECK(carc_game_decide(g.get(), list[2]) == CARC_EILLEGAL);
  require_unchanged(g.get(), before.get());
  REQUIRE(carc_game_choices(g.get(), list, 8, &n) == CARC_OK);
  REQUIRE(n == 1);
  CHECK(carc_game_decide(g.get(), list[0]) == CARC_OK);
}
