// The library's bots (carcassonne/bots.hpp): legal moves only, the game untouched, clear
// errors, determinism for a seed and an iteration budget, and no sight of the face-down order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "carcassonne/carcassonne.hpp"

using namespace carc;

namespace {

BotOptions bot(BotLevel level, int iterations = 40, uint64_t seed = 1, int threads = 1) {
  BotOptions o;
  o.level = level;
  o.iterations = iterations;
  o.seed = seed;
  o.threads = threads;
  return o;
}

// A game after `turns` random turns (seeded), for positions away from the start.
Game after_random_turns(int players, uint64_t seed, int turns, Options rules = {}) {
  Game g(players, seed, rules);
  Rng rng(seed);
  BotOptions o = bot(BotLevel::Random);
  for (int i = 0; i < turns && !g.over(); ++i) {
    o.seed = rng.next();
    Move m;
    REQUIRE(choose_move(g, o, m) == Status::Ok);
    REQUIRE(g.play(m) == Status::Ok);
  }
  return g;
}

}  // namespace

TEST_CASE("Bots: every level plays only legal moves and never changes the game, for every option mix and 1-6 players") {
  for (int mix = 0; mix < 8; ++mix) {
    Options rules;
    rules.farmers = mix & 1;
    rules.first_edition_small_city = mix & 2;
    rules.first_edition_farmers = mix & 4;
    for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
      CAPTURE(mix, players);
      Game g(players, static_cast<uint64_t>(mix * 10 + players), rules);
      Rng seeds(static_cast<uint64_t>(players));
      // Mixed seats (MCTS on a tiny budget) keep the test fast; every level plays every game.
      while (!g.over()) {
        const BotLevel level = static_cast<BotLevel>((g.current_player() + mix + g.drawn()) % 3);
        const Game before = g;
        Move m;
        std::string error;
        REQUIRE(choose_move(g, bot(level, 6, seeds.next(), 1 + g.drawn() % 2), m, &error) == Status::Ok);
        REQUIRE(g == before);
        Verdict why;
        INFO(bot_level_name(level) << ": " << describe(why));
        REQUIRE(g.play(m, nullptr, &why) == Status::Ok);
      }
    }
  }
}

namespace {

// Plays a whole game by bots: seat p at level levels[p % 3], MCTS on `iterations`; the bonus
// decision by choose_bonus. Checks that every move and decision is legal and leaves the game
// as it was; counts what the bots did.
struct Played {
  int figures[kFigureKinds] = {}, recalls = 0, takes = 0, passes = 0;
};
Game play_game(int players, uint64_t seed, const Options& rules, const BotLevel* levels, int iterations, Played& seen) {
  Game g(players, seed, rules);
  Rng seeds(seed);
  while (!g.over()) {
    const BotLevel level = levels[g.current_player() % 3];
    const BotOptions o = bot(level, iterations, seeds.next(), 1 + g.drawn() % 2);
    const Game before = g;
    std::string error;
    if (g.phase() == Phase::Decide) {
      bool take = false;
      REQUIRE(choose_bonus(g, o, take, &error) == Status::Ok);
      REQUIRE(g == before);
      ++(take ? seen.takes : seen.passes);
      REQUIRE((take ? g.take_bonus() : g.pass()) == Status::Ok);
      continue;
    }
    Move m;
    INFO(bot_level_name(level) << ": " << error);
    REQUIRE(choose_move(g, o, m, &error) == Status::Ok);
    REQUIRE(g == before);
    if (m.figure == Figure::Recall) ++seen.recalls;
    else if (m.meeple != Location::None) ++seen.figures[static_cast<int>(m.figure)];
    Verdict why;
    INFO(describe(why));
    REQUIRE(g.play(m, nullptr, &why) == Status::Ok);
  }
  return g;
}

}  // namespace

TEST_CASE("Bots: every level plays whole games with every expansion on, 1-6 players, the bonus decision included") {
  Options all;
  all.river = all.abbot = all.inns_and_cathedrals = all.traders_and_builders = true;
  Played seen;
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    CAPTURE(players);
    const BotLevel levels[3] = {static_cast<BotLevel>(players % 3), static_cast<BotLevel>((players + 1) % 3),
                                static_cast<BotLevel>((players + 2) % 3)};
    play_game(players, 300 + static_cast<uint64_t>(players), all, levels, 4, seen);
  }
  CHECK(seen.figures[static_cast<int>(Figure::Large)] > 0);
  CHECK(seen.figures[static_cast<int>(Figure::Abbot)] > 0);
  CHECK(seen.figures[static_cast<int>(Figure::Builder)] > 0);
  CHECK(seen.figures[static_cast<int>(Figure::Pig)] > 0);
  CHECK(seen.takes > 0);
}

TEST_CASE("Bots: greedy and MCTS use the expansions' figures and the abbot, and greedy always takes the bonus tile") {
  Options all;
  all.abbot = all.inns_and_cathedrals = all.traders_and_builders = true;
  for (BotLevel level : {BotLevel::Greedy, BotLevel::Mcts}) {
    CAPTURE(bot_level_name(level));
    const BotLevel levels[3] = {level, level, level};
    Played seen;
    for (uint64_t seed = 1; seed <= (level == BotLevel::Greedy ? 4u : 1u); ++seed) play_game(2, seed, all, levels, 8, seen);
    CHECK(seen.figures[static_cast<int>(Figure::Large)] > 0);
    CHECK(seen.figures[static_cast<int>(Figure::Abbot)] > 0);
    CHECK(seen.figures[static_cast<int>(Figure::Builder)] > 0);
    if (level == BotLevel::Greedy) {
      CHECK(seen.figures[static_cast<int>(Figure::Pig)] > 0);
      CHECK(seen.takes > 0);
      CHECK(seen.passes == 0);
    }
  }
}

TEST_CASE("Bots: the bonus decision is refused outside the bonus phase, a move inside it; MCTS decides it deterministically") {
  Options traders;
  traders.traders_and_builders = true;
  bool take = true;
  std::string error;
  const Game start(2, 5, traders);
  CHECK(choose_bonus(start, bot(BotLevel::Greedy), take, &error) == Status::WrongPhase);
  CHECK(error.find("bonus") != std::string::npos);
  // Random games until one stops for the bonus decision.
  for (uint64_t seed = 1; seed < 300; ++seed) {
    Game g(2, seed, traders);
    Rng rng(seed);
    while (!g.over() && g.phase() != Phase::Decide) {
      Move m;
      REQUIRE(choose_move(g, bot(BotLevel::Random, 1, rng.next()), m) == Status::Ok);
      REQUIRE(g.play(m) == Status::Ok);
    }
    if (g.over()) continue;
    Move m;
    CHECK(choose_move(g, bot(BotLevel::Greedy), m, &error) == Status::WrongPhase);
    CHECK(error.find("choose_bonus") != std::string::npos);
    REQUIRE(choose_bonus(g, bot(BotLevel::Greedy), take) == Status::Ok);
    CHECK(take);
    bool a = false, b = true;
    REQUIRE(choose_bonus(g, bot(BotLevel::Mcts, 60, 7), a) == Status::Ok);
    REQUIRE(choose_bonus(g, bot(BotLevel::Mcts, 60, 7), b) == Status::Ok);
    CHECK(a == b);
    // It sees only the public state: another order of the face-down tiles decides the same.
    Game other = g;
    Rng shuffle(seed + 1);
    other.redeal(shuffle);
    REQUIRE(same_public_state(g, other));
    REQUIRE(choose_bonus(other, bot(BotLevel::Mcts, 60, 7), b) == Status::Ok);
    CHECK(a == b);
    // A public copy (caller draws: taking waits for the draw) is decided too.
    CHECK(choose_bonus(g.public_copy(), bot(BotLevel::Mcts, 20, 3), b) == Status::Ok);
    return;
  }
  FAIL("no random game reached the bonus phase");
}

TEST_CASE("Bots: MCTS with every expansion is deterministic for a seed and an iteration budget, also with 2 threads") {
  Options all;
  all.river = all.abbot = all.inns_and_cathedrals = all.traders_and_builders = true;
  const BotLevel levels[3] = {BotLevel::Mcts, BotLevel::Mcts, BotLevel::Mcts};
  for (int players : {2, 4}) {
    CAPTURE(players);
    Played x, y;
    CHECK(play_game(players, 60 + static_cast<uint64_t>(players), all, levels, 3, x) ==
          play_game(players, 60 + static_cast<uint64_t>(players), all, levels, 3, y));
  }
}

TEST_CASE("Bots: the move list is placements times meeple choices, each legal") {
  const Game g = after_random_turns(3, 7, 12);
  std::vector<Move> moves(static_cast<size_t>(legal_moves(g, nullptr, 0)));
  const int n = legal_moves(g, moves.data(), static_cast<int>(moves.size()));
  Placement buf[kMaxPlacements];
  const int np = g.legal_placements(buf);
  CHECK(n >= np);
  for (int i = 0; i < n; ++i) {
    Game t = g;
    REQUIRE(t.play(moves[static_cast<size_t>(i)]) == Status::Ok);
  }
  Move small[2];
  CHECK(legal_moves(g, small, 2) == n);  // the count comes back even when the buffer is short
}

TEST_CASE("Bots: in PlaceMeeple the bot returns the placement as played and a legal meeple") {
  Game g = after_random_turns(2, 11, 9);
  Placement buf[kMaxPlacements];
  REQUIRE(g.legal_placements(buf) > 0);
  REQUIRE(g.place(buf[0]) == Status::Ok);
  for (BotLevel level : {BotLevel::Random, BotLevel::Greedy, BotLevel::Mcts}) {
    Move m;
    REQUIRE(choose_move(g, bot(level), m) == Status::Ok);
    CHECK(m.at == buf[0]);
    Game t = g;
    CHECK(t.deploy(m.meeple) == Status::Ok);
  }
}

TEST_CASE("Bots: no move to choose in Draw or when over, and bad levels, budgets and thread counts are refused") {
  Move out{Placement{3, 4, 1}, Location::C};
  const Move untouched = out;
  std::string error;
  const Game waiting(2, CallerDraws{});
  REQUIRE(waiting.phase() == Phase::Draw);
  CHECK(choose_move(waiting, bot(BotLevel::Greedy), out, &error) == Status::WrongPhase);
  CHECK(error.find("drawn") != std::string::npos);

  Game over(2, 3);
  Rng rng(3);
  over.playout(rng);
  CHECK(choose_move(over, bot(BotLevel::Random), out, &error) == Status::WrongPhase);

  const Game g(2, 5);
  BotOptions o = bot(BotLevel::Mcts);
  o.level = static_cast<BotLevel>(7);
  CHECK(choose_move(g, o, out, &error) == Status::InvalidArgument);
  CHECK(error.find("level") != std::string::npos);
  o = bot(BotLevel::Mcts, 0);
  CHECK(choose_move(g, o, out, &error) == Status::InvalidArgument);
  CHECK(error.find("budget") != std::string::npos);
  o = bot(BotLevel::Mcts, -5);
  CHECK(choose_move(g, o, out, &error) == Status::InvalidArgument);
  o = bot(BotLevel::Mcts);
  o.milliseconds = -1;
  CHECK(choose_move(g, o, out, &error) == Status::InvalidArgument);
  o = bot(BotLevel::Greedy, 10, 1, 0);
  CHECK(choose_move(g, o, out, &error) == Status::InvalidArgument);
  CHECK(error.find("threads") != std::string::npos);
  o = bot(BotLevel::Greedy, 10, 1, kMaxBotThreads + 1);
  CHECK(choose_move(g, o, out, &error) == Status::InvalidArgument);
  CHECK(out == untouched);
}

TEST_CASE("Bots: MCTS with a seed and an iteration budget is deterministic, also with 2 threads") {
  const Game g = after_random_turns(2, 21, 10);
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    Move a, b;
    REQUIRE(choose_move(g, bot(BotLevel::Mcts, 300, 99, threads), a) == Status::Ok);
    REQUIRE(choose_move(g, bot(BotLevel::Mcts, 300, 99, threads), b) == Status::Ok);
    CHECK(a == b);
  }
  // Across a whole game too: two runs with the same seeds play the same game.
  auto play = [] {
    Game game(2, 8);
    Rng seeds(8);
    while (!game.over()) {
      Move m;
      REQUIRE(choose_move(game, bot(BotLevel::Mcts, 30, seeds.next(), 2), m) == Status::Ok);
      REQUIRE(game.play(m) == Status::Ok);
    }
    return game;
  };
  CHECK(play() == play());
}

TEST_CASE("Bots: MCTS with three or more players (greedy playout turns) is deterministic too, also with 2 threads") {
  for (int players : {3, 4, 6}) {
    const Game g = after_random_turns(players, 23, 9);
    for (int threads : {1, 2}) {
      CAPTURE(players, threads);
      Move a, b;
      REQUIRE(choose_move(g, bot(BotLevel::Mcts, 120, 17, threads), a) == Status::Ok);
      REQUIRE(choose_move(g, bot(BotLevel::Mcts, 120, 17, threads), b) == Status::Ok);
      CHECK(a == b);
      Game t = g;
      CHECK(t.play(a) == Status::Ok);
    }
  }
  // A whole four-player game played twice with the same seeds is the same game.
  auto play = [] {
    Game game(4, 9);
    Rng seeds(9);
    while (!game.over()) {
      Move m;
      REQUIRE(choose_move(game, bot(BotLevel::Mcts, 12, seeds.next()), m) == Status::Ok);
      REQUIRE(game.play(m) == Status::Ok);
    }
    return game;
  };
  CHECK(play() == play());
}

TEST_CASE("Bots: MCTS does not see the face-down order, with two players or four") {
  for (int players : {2, 4}) {
    CAPTURE(players);
    // Same public state, different face-down orders: the same move for the same seed.
    const Game g = after_random_turns(players, 31, 8);
    std::vector<TileType> order(g.draw_order().begin(), g.draw_order().end());
    std::vector<TileType> other = order;
    std::reverse(other.begin() + g.drawn(), other.end());
    REQUIRE(other != order);
    // Replay the same turns on a fixed-order game with the reversed pile.
    Game h(players, other);
    for (int i = 1; i < g.board().tile_count(); ++i) {
      const PlacedTile& t = g.board().tile(i);
      REQUIRE(h.play(Move{Placement{t.x, t.y, t.rot}, t.meeple}) == Status::Ok);
    }
    REQUIRE(same_public_state(g, h));
    REQUIRE(!(g == h));
    for (int threads : {1, 2}) {
      Move a, b;
      REQUIRE(choose_move(g, bot(BotLevel::Mcts, 200, 5, threads), a) == Status::Ok);
      REQUIRE(choose_move(h, bot(BotLevel::Mcts, 200, 5, threads), b) == Status::Ok);
      CHECK(a == b);
    }
  }
}

TEST_CASE("Bots: a millisecond budget stops the search and still gives a legal move") {
  const Game g = after_random_turns(4, 41, 6);
  BotOptions o = bot(BotLevel::Mcts, 0, 3, 2);
  o.milliseconds = 20;
  Move m;
  REQUIRE(choose_move(g, o, m) == Status::Ok);
  Game t = g;
  CHECK(t.play(m) == Status::Ok);
}

TEST_CASE("Greedy bot: closes the start tile's city with a knight for 4 points (worked example 1)") {
  const Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U')});
  Move m;
  REQUIRE(choose_move(g, bot(BotLevel::Greedy), m) == Status::Ok);
  CHECK(m == Move{Placement{0, -1, 2}, Location::S});
  Game t = g;
  REQUIRE(t.play(m) == Status::Ok);
  CHECK(t.score(0) == 4);
}

TEST_CASE("Greedy bot: beats the random bot in most of 20 seeded games") {
  int greedy_wins = 0;
  for (int i = 0; i < 20; ++i) {
    Game g(2, static_cast<uint64_t>(500 + i));
    Rng seeds(static_cast<uint64_t>(i));
    const int greedy_seat = i % 2;
    while (!g.over()) {
      Move m;
      const BotLevel level = g.current_player() == greedy_seat ? BotLevel::Greedy : BotLevel::Random;
      REQUIRE(choose_move(g, bot(level, 1, seeds.next()), m) == Status::Ok);
      REQUIRE(g.play(m) == Status::Ok);
    }
    greedy_wins += g.score(greedy_seat) > g.score(1 - greedy_seat);
  }
  CHECK(greedy_wins >= 18);
}

TEST_CASE("Bot level names") {
  BotLevel l = BotLevel::Random;
  CHECK(parse_bot_level("mcts", l));
  CHECK(l == BotLevel::Mcts);
  CHECK(bot_level_name(BotLevel::Greedy) == "greedy");
  CHECK_FALSE(parse_bot_level("expert", l));
  CHECK(l == BotLevel::Mcts);
}
