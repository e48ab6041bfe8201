// The projection of a turn's moves (Game::project_figure_options), which the bots' greedy
// value reads instead of ending a copy of the game after every move: wherever it answers,
// it gives exactly the scores end_now gives after each figure action and after none.
#include <catch2/catch.hpp>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"

using namespace carc;

// The search's trial placement (features only, taken back after), which tells the projection
// which features it joined: the projection must not tell a trial from a real placement.
namespace carc {
struct TestAccess {
  static bool plain(const Game& g) { return g.mix_ == 0; }
  static void place_features_only(Game& g, Placement p) { g.place_features_only(p); }
};
}  // namespace carc

namespace {

using Scores = std::array<int32_t, kMaxPlayers>;

Scores ended(Game g) {
  g.end_now();
  Scores s{};
  for (int p = 0; p < g.players(); ++p) s[p] = g.score(p);
  return s;
}

struct Tally {
  int projected = 0, refused = 0, trials = 0;
};

// Every placement of g's current tile: the projection against end_now after every action.
void check_every_placement(const Game& g, Tally& tally) {
  Game::EndPayouts before;
  g.end_payouts(before);
  Placement buf[kMaxPlacements];
  const int np = g.legal_placements(buf);
  for (int i = 0; i < np; ++i) {
    Game placed = g;
    placed.place(buf[i]);
    FigureChoice opts[kMaxFigureOptions];
    const int k = placed.figure_options(opts);
    Scores out[kMaxFigureOptions + 1];
    if (!placed.project_figure_options(before, opts, k, out)) {
      ++tally.refused;
      continue;
    }
    ++tally.projected;
    for (int j = 0; j < k; ++j) {
      Game after = placed;
      REQUIRE(after.act(opts[j].figure, opts[j].location) == Status::Ok);
      INFO("placement " << i << ", figure action " << j);
      REQUIRE(out[j] == ended(after));
    }
    REQUIRE(out[k] == ended(placed));
    if (!TestAccess::plain(g)) continue;
    Game trial = g;
    TestAccess::place_features_only(trial, buf[i]);
    Scores from_trial[kMaxFigureOptions + 1];
    REQUIRE(trial.project_figure_options(before, opts, k, from_trial));
    for (int j = 0; j <= k; ++j) REQUIRE(from_trial[j] == out[j]);
    ++tally.trials;
  }
}

}  // namespace

TEST_CASE("The projection of every move of a turn equals end_now after it, in every mix of options") {
  Tally base, traders;
  for (int i = 0; i < 160; ++i) {
    Game g = test::mixed_game(i);
    Rng rng(5000 + static_cast<uint64_t>(i));
    // Positions from the first turns to the last, checked every few actions.
    for (int a = 0; !g.over(); ++a) {
      if (g.phase() == Phase::PlaceTile && a % (7 + i % 5) == 0)
        check_every_placement(g, g.options().traders_and_builders || g.options().first_edition_farmers ? traders : base);
      test::random_action(g, rng);
    }
  }
  // The projection answers most placements of the games it serves (a recall, or a module
  // that is not projectable, takes end_now), and never with Traders & Builders or
  // first-edition farmers, whose scoring spans the board.
  CHECK(base.projected > 4 * base.refused);
  CHECK(base.trials > 1000);
  CHECK(traders.projected == 0);
  CHECK(traders.refused > 0);
}

TEST_CASE("Outside the figure action there is nothing to project") {
  Game g(3, 42);
  Game::EndPayouts before;
  g.end_payouts(before);
  Scores out[kMaxFigureOptions + 1];
  CHECK_FALSE(g.project_figure_options(before, nullptr, 0, out));  // PlaceTile: no tile placed yet
}
