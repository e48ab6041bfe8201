// The C++ twin of examples/c_random_game.c and examples/python_random_game.py: the same
// seeded game with the same choices, played on carc::Game directly, printed the same way.
// The tests compare the three outputs line by line.
//   reference_game SEED PLAYERS              the transcript
//   reference_game playout SEED PLAYERS ROLL the result of Game(PLAYERS, SEED).playout(Rng(ROLL))
//   reference_game record SEED PLAYERS ROLL TURNS [placed]
//                                            the record of that playout as dealt, stopped after TURNS
//                                            turns (-1: none), the next tile placed if asked
//   reference_game resave                    the record read from stdin, loaded and saved
//                                            again; a bad record prints its message, exit 1
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>

#include "carcassonne/carcassonne.hpp"

using namespace carc;

namespace {

uint32_t pick(uint64_t& state, uint32_t n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<uint32_t>(state >> 33) % n;
}

std::string players_of(int mask) {
  std::string s;
  for (int p = 0; p < kMaxPlayers; ++p)
    if (mask >> p & 1) s += fmt::format("{}P{}", s.empty() ? "" : ",", p);
  return s;
}

void print_result(const Game& game) {
  std::string scores;
  for (int p = 0; p < game.players(); ++p) scores += fmt::format(" {}", game.score(p));
  fmt::print("scores{}; winners {}\n", scores, players_of(game.leaders()));
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 6 || argc == 7) && std::strcmp(argv[1], "record") == 0) {
    Game game(std::atoi(argv[3]), std::strtoull(argv[2], nullptr, 10));
    Rng rng(std::strtoull(argv[4], nullptr, 10));
    const int turns = std::atoi(argv[5]);
    Placement buf[kMaxPlacements];
    Location opts[kMaxMeepleOptions];
    for (int t = 0; !game.over() && t != turns; ++t) {  // the choices Game::playout makes
      game.place(buf[rng.below(static_cast<uint32_t>(game.legal_placements(buf)))]);
      const int k = game.meeple_options(opts);
      const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
      game.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick]);
    }
    if (argc == 7 && !game.over()) game.place(buf[rng.below(static_cast<uint32_t>(game.legal_placements(buf)))]);
    fmt::print("{}", save_record(game));
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "resave") == 0) {
    const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    Game game(kMinPlayers, uint64_t{0});
    RecordError error;
    if (load_record(text, game, &error) != Status::Ok) {
      fmt::print("{}\n", error.message());
      return 1;
    }
    fmt::print("{}", save_record(game));
    return 0;
  }
  if (argc == 5 && std::strcmp(argv[1], "playout") == 0) {
    Game game(std::atoi(argv[3]), std::strtoull(argv[2], nullptr, 10));
    Rng rng(std::strtoull(argv[4], nullptr, 10));
    game.playout(rng);
    print_result(game);
    fmt::print("tiles {} meeples {}\n", game.board().tile_count(), game.meeples().size());
    return 0;
  }
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const int players = argc > 2 ? std::atoi(argv[2]) : 2;
  uint64_t rng = seed;
  Game game(players, seed);
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];
  Events events;
  fmt::print("seed {}, {} players\n", seed, players);
  while (!game.over()) {
    const int player = game.current_player();
    const TileType tile = game.current_tile();
    const Placement at = buf[pick(rng, static_cast<uint32_t>(game.legal_placements(buf)))];
    game.place(at);
    const int k = game.meeple_options(opts);
    const uint32_t choice = pick(rng, static_cast<uint32_t>(k + 1));
    const Location loc = choice < static_cast<uint32_t>(k) ? opts[choice] : Location::None;
    events.clear();
    game.deploy(loc, &events);
    fmt::print("P{} {}\n", player, format_move(tile, Move{at, loc}));
    for (int i = 0; i < events.count; ++i) {
      const Event& e = events.items[i];
      if (e.type == Event::Type::Discard) {
        fmt::print("  discard {}\n", tile_name(e.discarded));
        continue;
      }
      std::string meeples;
      for (int p = 0; p < players; ++p) meeples += fmt::format(" {}", e.meeples[p]);
      fmt::print("  {} {} {} -> {} (meeples{})\n", e.end_game ? "final" : "score", feature_kind_name(e.feature),
                 e.points, players_of(e.winners), meeples);
    }
  }
  print_result(game);
}
