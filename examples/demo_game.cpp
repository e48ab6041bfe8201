// Plays one seeded random game and prints every turn.
#include <fmt/format.h>

#include <cstdlib>

#include "carcassonne/carcassonne.hpp"

int main(int argc, char** argv) {
  using namespace carc;
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const int players = argc > 2 ? std::atoi(argv[2]) : 2;
  Game game(players, seed);
  Rng rng(seed);
  Placement buf[kMaxPlacements];
  Location opts[kMaxMeepleOptions];
  Events ev;
  while (!game.over()) {
    const int player = game.current_player();
    const TileType t = game.current_tile();
    const int n = game.legal_placements(buf);
    const Placement p = buf[rng.below(n)];
    game.place(p);
    const int k = game.meeple_options(opts);
    const uint32_t pick = rng.below(k + 1);
    const Location loc = pick == static_cast<uint32_t>(k) ? Location::None : opts[pick];
    ev.clear();
    game.deploy(loc, &ev);
    fmt::print("P{} {}\n", player, format_move(t, Move{p, loc}));
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::Discard)
        fmt::print("   {} fits nowhere: discarded\n", tile_letter(e.tile));
      else
        fmt::print("   {} {} pts to mask {}\n", feature_kind_name(e.feature), e.points, e.winners);
    }
  }
  for (int p = 0; p < players; ++p) fmt::print("player {}: {}\n", p, game.score(p));
}
