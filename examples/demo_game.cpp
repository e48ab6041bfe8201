// Plays one seeded game and prints every turn (tile, placement, meeple, points scored),
// the end-game scoring, the board as text and the final scores.
//   demo_game [SEED] [PLAYERS] [random|greedy ...]   (one kind per player, default random)
#include <fmt/format.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "bots.hpp"
#include "carcassonne/carcassonne.hpp"

int main(int argc, char** argv) {
  using namespace carc;
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const int players = argc > 2 ? std::atoi(argv[2]) : 2;
  if (players < kMinPlayers || players > kMaxPlayers) {
    fmt::print(stderr, "players must be {} to {}\n", kMinPlayers, kMaxPlayers);
    return 2;
  }
  std::vector<bots::Kind> kinds(static_cast<size_t>(players), bots::Kind::Random);
  for (int i = 3; i < argc && i - 3 < players; ++i)
    if (!bots::parse_kind(argv[i], kinds[static_cast<size_t>(i - 3)])) {
      fmt::print(stderr, "'{}' is not a player kind (random, greedy)\n", argv[i]);
      return 2;
    }

  Game game(players, seed);
  Rng rng(seed);
  Events ev;
  fmt::print("seed {}, {} players:", seed, players);
  for (int p = 0; p < players; ++p) fmt::print(" {}={}", p, bots::kind_name(kinds[static_cast<size_t>(p)]));
  fmt::print("\n");
  for (int turn = 1; !game.over(); ++turn) {
    const int player = game.current_player();
    const TileType tile = game.current_tile();
    const Move m = bots::choose(kinds[static_cast<size_t>(player)], game, rng);
    ev.clear();
    game.play(m, &ev);
    std::string scored, after;
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::Score && !e.end_game) scored += (scored.empty() ? "" : ", ") + describe(e);
      else after += fmt::format("     {}\n", describe(e));
    }
    const std::string move = format_move(tile, m) + (m.meeple == Location::None ? " -" : "");
    if (scored.empty()) fmt::print("{:>3}. P{} {}\n{}", turn, player, move, after);
    else fmt::print("{:>3}. P{} {:<16}  {}\n{}", turn, player, move, scored, after);
  }
  fmt::print("\n{}\n", render_text(game));
  for (int p = 0; p < players; ++p)
    fmt::print("player {}: {}{}\n", p, game.score(p), (game.leaders() >> p) & 1 ? "  (winner)" : "");
}
