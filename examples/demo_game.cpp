// Plays one seeded game and prints every turn (tile, placement, meeple, points scored),
// the end-game scoring, the board as text and the final scores.
//   demo_game [--option NAME ...] [SEED] [PLAYERS] [random|greedy|mcts ...]
//   (one kind per player, default random)
#include <fmt/format.h>

#include <string>
#include <vector>

#include "args.hpp"
#include "bots.hpp"
#include "carcassonne/carcassonne.hpp"

constexpr args::Usage kUsage{"demo_game",
                             "usage: demo_game [--option NAME[=on|off] ...] [SEED] [PLAYERS] [random|greedy|mcts ...]\n"
                             "  plays one seeded game and prints every turn, the board and the scores\n"
                             "  --option NAME  a rule option or expansion, repeatable: river, abbot,\n"
                             "           inns-and-cathedrals, traders-and-builders,\n"
                             "           princess-and-dragon, farmers=off, ...\n"
                             "  SEED     the game's seed, 0 to 18446744073709551615 (default 1)\n"
                             "  PLAYERS  1 to 6 (default 2)\n"
                             "  then one kind per player, in seat order (default random)\n"};

int main(int argc, char** argv) {
  using namespace carc;
  if (args::help(kUsage, argc, argv)) return 0;
  const Options options = args::options(kUsage, argc, argv);
  const uint64_t seed = argc > 1 ? args::number(kUsage, "SEED", argv[1], 0, UINT64_MAX) : 1;
  const int players = argc > 2 ? static_cast<int>(args::number(kUsage, "PLAYERS", argv[2], kMinPlayers, kMaxPlayers)) : 2;
  if (argc - 3 > players) args::refuse(kUsage, fmt::format("{} player kinds for {} players", argc - 3, players));
  std::vector<bots::Kind> kinds(static_cast<size_t>(players), bots::Kind::Random);
  for (int i = 3; i < argc; ++i)
    if (!bots::parse_kind(argv[i], kinds[static_cast<size_t>(i - 3)]))
      args::refuse(kUsage, fmt::format("'{}' is not a player kind (random, greedy, mcts)", argv[i]));

  Game game(players, seed, options);
  Rng rng(seed);
  Events ev;
  fmt::print("seed {}, {} players:", seed, players);
  for (int p = 0; p < players; ++p) fmt::print(" {}={}", p, bots::kind_name(kinds[static_cast<size_t>(p)]));
  fmt::print("\n");
  // The events of a call worth showing: an end-game feature that pays nobody anything is left out.
  const auto listed = [&](std::string& scored, std::string& after) {
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::Score && e.points == 0) continue;
      if (e.type == Event::Type::Score && !e.end_game) scored += (scored.empty() ? "" : ", ") + describe(e);
      else after += fmt::format("     {}\n", describe(e));
    }
  };
  std::vector<Choice> options_now(static_cast<size_t>(kMaxChoices));
  for (int turn = 1; !game.over(); ++turn) {
    std::string scored, after;
    if (game.phase() == Phase::Decide) {
      // An expansion's decision, answered through the decision model whatever it is: the
      // builder's bonus tile (Traders & Builders), a step of the dragon's flight (Princess &
      // Dragon), decided by a player who need not be the one whose turn it is.
      const int decider = bots::mover(game);
      const int n = list_choices(game, options_now.data());
      const Choice c = bots::choose_decision(kinds[static_cast<size_t>(decider)], game, rng);
      std::string listed_options;
      for (int i = 0; i < n; ++i) listed_options += (i ? ", " : "") + choice_text(options_now[static_cast<size_t>(i)]);
      ev.clear();
      decide(game, c, &ev);
      listed(scored, after);
      // "player 1 moves the dragon north" as "P1 moves the dragon north", with the options.
      std::string said = describe_choice(decider, c);
      said.erase(0, fmt::format("player {} ", decider).size());
      const std::string line = fmt::format("P{} {} ({})", decider, said, listed_options);
      if (scored.empty()) fmt::print("     {}\n{}", line, after);
      else fmt::print("     {:<21}  {}\n{}", line, scored, after);
      --turn;  // the decision takes no turn number of its own
      continue;
    }
    const int player = game.current_player();
    const bots::Kind kind = kinds[static_cast<size_t>(player)];
    const TileType tile = game.current_tile();
    const Move m = bots::choose(kind, game, rng);
    ev.clear();
    game.play(m, &ev);
    listed(scored, after);
    const bool none = m.figure == Figure::Meeple && m.meeple == Location::None;  // no figure action
    const std::string move = format_move(tile, m) + (none ? " -" : "");
    if (scored.empty()) fmt::print("{:>3}. P{} {}\n{}", turn, player, move, after);
    else fmt::print("{:>3}. P{} {:<16}  {}\n{}", turn, player, move, scored, after);
  }
  fmt::print("\n{}\n", render_text(game));
  for (int p = 0; p < players; ++p)
    fmt::print("player {}: {}{}\n", p, game.score(p), (game.leaders() >> p) & 1 ? "  (winner)" : "");
}
