// Undo and rewind: replaying a game's own history gives back exactly the earlier states.
#include <catch2/catch.hpp>

#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"
#include "random_play.hpp"

using namespace carc;

TEST_CASE("Undo restores the exact state before the last turn, and before a placement") {
  for (int i = 0; i < 24; ++i) {
    Game g = test::varied_game(i);
    Rng rng(static_cast<uint64_t>(100 + i));
    INFO("game " << i);
    while (!g.over()) {
      const Game before_turn = g;
      test::random_placement(g, rng);
      const Game placed = g;
      Game out = g;
      REQUIRE(undo(placed, out) == Status::Ok);
      CHECK(out == before_turn);
      test::random_meeple(g, rng);
      REQUIRE(undo(g, out) == Status::Ok);
      CHECK(out == before_turn);
    }
  }
}

TEST_CASE("Undo: the undone player places the same tile again, and meeples and points come back") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);  // worked example 1
  CHECK(g.score(0) == 4);
  Game out = g;
  REQUIRE(undo(g, out) == Status::Ok);
  CHECK(out.score(0) == 0);
  CHECK(out.current_player() == 0);
  CHECK(out.current_tile() == tile_from_letter('E'));
  CHECK(out.board().tile_count() == 1);
}

TEST_CASE("Undo with no turn played fails and leaves the target untouched") {
  const Game g(2, uint64_t{9});
  Game out(4, uint64_t{1});
  const Game before = out;
  std::string why;
  CHECK(undo(g, out, &why) == Status::InvalidArgument);
  CHECK(why == "no turn has been played yet: nothing to undo");
  CHECK(out == before);
}

TEST_CASE("Rewind to turn k gives the game as it was after k turns") {
  Game g(4, uint64_t{31});
  Rng rng(31);
  std::vector<Game> states{g};
  while (!g.over()) {
    test::random_turn(g, rng);
    if (!g.over()) states.push_back(g);
  }
  REQUIRE(turns_played(g) == g.board().tile_count() - 1);
  for (int k = 0; k < static_cast<int>(states.size()); ++k) {
    Game out = g;
    REQUIRE(rewind(g, k, out) == Status::Ok);
    CHECK(out == states[k]);
  }
  Game out = g;
  std::string why;
  CHECK(rewind(g, turns_played(g) + 1, out, &why) == Status::InvalidArgument);
  CHECK(why == "cannot rewind to turn " + std::to_string(turns_played(g) + 1) + ": " +
                   std::to_string(turns_played(g)) + " turns have been played");
  CHECK(out == g);
}

TEST_CASE("Turn moves read back the moves as played, meeple included") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);
  TileType t = kNoTile;
  Move m;
  REQUIRE(turn_move(g, 1, t, m) == Status::Ok);
  CHECK(t == tile_from_letter('E'));
  CHECK(m == Move{Placement{0, -1, 2}, Location::S});
  CHECK(turn_move(g, 2, t, m) == Status::InvalidArgument);
}

TEST_CASE("Rewind and undo through bonus tiles and passes: every turn of random Traders & Builders games") {
  int bonus_states = 0, taken = 0, passes = 0;
  for (int i = 0; i < 48; ++i) {
    // Every mix with Traders & Builders: seeded, fixed order and caller draws.
    const int mix = 8 + i % 8 + 16 * (i / 8);
    Game g = test::mixed_game(mix);
    REQUIRE(g.options().traders_and_builders);
    Rng rng(static_cast<uint64_t>(700 + i));
    INFO("game " << i << " options mix " << mix);
    std::vector<Game> at_turn;  // at_turn[k]: the game after k turns, waiting for the next tile
    Game before_place = g;      // before the last placement
    Game before_decision = g;   // in the bonus phase before the last take or pass
    bool decided_last = false;  // the last action was a bonus decision (its tile not placed yet)
    while (true) {
      const int placed = g.board().tile_count() - 1;
      Game out = g;
      if (g.phase() == Phase::PlaceMeeple || g.phase() == Phase::Decide) {
        REQUIRE(undo(g, out) == Status::Ok);
        CHECK(out == before_place);
      } else if (placed > 0) {
        REQUIRE(undo(g, out) == Status::Ok);
        CHECK(out == (decided_last ? before_decision : before_place));
      }
      if (g.phase() == Phase::PlaceTile) {
        if (static_cast<int>(at_turn.size()) == placed) at_turn.push_back(g);
        before_place = g;
        taken += g.bonus_turn();
      }
      if (g.over()) break;
      if (g.phase() == Phase::Decide) {
        ++bonus_states;
        before_decision = g;
        REQUIRE(rewind(g, placed, out) == Status::Ok);
        CHECK(out == g);  // undecided: rewinding to now stays in the bonus phase
      }
      const Phase phase = g.phase();
      test::random_action(g, rng);
      if (phase == Phase::Decide) decided_last = true;
      else if (phase != Phase::Draw) decided_last = false;
      passes += phase == Phase::Decide && g.declined(placed);
    }
    const int played = turns_played(g);
    REQUIRE(played == g.board().tile_count() - 1);
    REQUIRE(static_cast<int>(at_turn.size()) == played);
    for (int k = 0; k < played; ++k) {
      INFO("turn " << k);
      Game out = g;
      REQUIRE(rewind(g, k, out) == Status::Ok);
      CHECK(out == at_turn[k]);
      TileType t = kNoTile;
      Move m;
      REQUIRE(turn_move(g, k + 1, t, m) == Status::Ok);
      const PlacedTile& pt = g.board().tile(k + 1);
      CHECK(t == pt.type);
      CHECK(m == Move{Placement{pt.x, pt.y, pt.rot}, pt.meeple, pt.figure});
    }
    Game out = g;
    REQUIRE(rewind(g, played, out) == Status::Ok);
    CHECK(out == g);
  }
  CHECK(bonus_states > 0);
  CHECK(taken > 0);
  CHECK(passes > 0);
}

TEST_CASE("Undo of a bonus decision, a pass or a take, gives the choice back; undo in the bonus phase takes back the tile") {
  Options o;
  o.traders_and_builders = true;
  const auto order = std::vector<TileType>{tile_from_letter('U'), tile_from_letter('E'), tile_from_letter('U'),
                                           tile_from_letter('B'), tile_from_letter('A'), tile_from_letter('A')};
  Game g(2, order, o);
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{0, -1, 2}}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{2, 0, 1}, Location::E, Figure::Builder}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{0, 1, 0}}) == Status::Ok);
  const Game before = g;
  REQUIRE(g.play(Move{Placement{3, 0, 1}}) == Status::Ok);
  REQUIRE(g.phase() == Phase::Decide);
  const Game bonus = g;
  Game out = g;
  REQUIRE(undo(bonus, out) == Status::Ok);
  CHECK(out == before);
  REQUIRE(g.pass() == Status::Ok);
  CHECK(g.current_player() == 1);
  REQUIRE(undo(g, out) == Status::Ok);
  CHECK(out == bonus);
  CHECK(turns_played(g) == 5);
  REQUIRE(rewind(g, 5, out) == Status::Ok);
  CHECK(out == g);  // the pass replayed
  Game took = bonus;
  REQUIRE(took.take_bonus() == Status::Ok);
  REQUIRE(rewind(took, 5, out) == Status::Ok);
  CHECK(out == took);  // taken, the bonus tile in hand
  // One decision, one undo: taking the bonus tile is undone alone, as a pass is.
  REQUIRE(undo(took, out) == Status::Ok);
  CHECK(out == bonus);
  // The bonus tile placed, undo takes back its turn (the tile in hand again), then the take.
  Game placed = took;
  REQUIRE(placed.play(Move{Placement{-1, 0, 3}}) == Status::Ok);
  REQUIRE(undo(placed, out) == Status::Ok);
  CHECK(out == took);
  const Game in_hand = out;
  REQUIRE(undo(in_hand, out) == Status::Ok);
  CHECK(out == bonus);
}

TEST_CASE("Restart and with_options keep the pile with the new options") {
  Options tb;
  tb.traders_and_builders = true;
  tb.inns_and_cathedrals = true;
  const Game seeded(3, uint64_t{12}, tb);
  CHECK(restart(seeded) == seeded);
  Game out = seeded;
  REQUIRE(with_options(Game(3, uint64_t{12}), tb, out) == Status::Ok);
  CHECK(out == seeded);  // a seeded game deals the new box from its seed
  CHECK(out.draw_order().size() == 71 + 18 + 24);
  // Caller draws of the whole box become the whole box of the new options.
  REQUIRE(with_options(Game(2, CallerDraws{}), tb, out) == Status::Ok);
  CHECK(out == Game(2, CallerDraws{}, tb));
  // A fixed order with an expansion's tile does not fit the base box.
  const Game fixed(2, std::vector<TileType>{tile_from_name("TG"), tile_from_letter('E')}, tb);
  std::string why;
  CHECK(with_options(fixed, Options{}, out, &why) == Status::InvalidArgument);
  CHECK_THAT(why, Catch::Contains("the game's tiles do not fit these options"));
  CHECK(out == Game(2, CallerDraws{}, tb));
  Game played = seeded;
  Rng rng(4);
  test::random_action(played, rng);
  CHECK(with_options(played, Options{}, out, &why) == Status::WrongPhase);
}

// After an abbey (Abbey & Mayor) and its figure step, undo gives the abbey decision back ("one
// decision, one undo"; with the abbey placed and its figure undecided, the state before that
// placement). It once gave the placed abbey again and again. Found by tests/soak.cpp (seed 17).
TEST_CASE("Undo after an abbey and its figure step gives the abbey decision back", "[history][abbey]") {
  Options o;
  o.abbey_and_mayor = true;
  std::vector<TileType> order;
  for (const char* id : {"D", "P", "U", "N", "N", "N", "V", "E"}) order.push_back(tile_from_name(id));
  Game g(2, std::span<const TileType>(order), o);
  for (const char* text : {"D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180", "N 1,-2 90"}) {
    TileType t = kNoTile;
    Move m;
    REQUIRE(parse_move(text, t, m));
    REQUIRE(g.play(m) == Status::Ok);
  }
  REQUIRE(decision_kind(g) == DecisionKind::Abbey);
  const Game at_decision = g;
  Choice c;
  REQUIRE(parse_choice(g, "abbey 1,-1", c));
  REQUIRE(decide(g, c) == Status::Ok);
  REQUIRE(g.act(Figure::Meeple, Location::C) == Status::Ok);
  REQUIRE(g.phase() == Phase::PlaceTile);
  Game back(2, uint64_t{0});
  REQUIRE(undo(g, back) == Status::Ok);
  CHECK(back.phase() == Phase::Decide);  // the engine: Phase::PlaceMeeple, the abbey on the board
  CHECK(back == at_decision);
}
