// Seeded random games checked after every turn for the conservation laws of the rules.
#include <catch2/catch.hpp>

#include "carcassonne/carcassonne.hpp"

using namespace carc;

TEST_CASE("Random games keep meeples, tiles and scores consistent") {
  for (int g = 0; g < 200; ++g) {
    const int players = 2 + g % 4;
    Options opt;
    opt.farmers = (g % 2) == 0;
    Game game(players, 1000 + g, opt);
    Rng rng(g);
    Events ev;
    std::array<int, kMaxPlayers> from_events{};
    std::array<int, kMaxPlayers> last{};
    Placement buf[kMaxPlacements];
    Location opts[kMaxMeepleOptions];
    while (!game.over()) {
      const int n = game.legal_placements(buf);
      REQUIRE(n > 0);
      REQUIRE(game.place(buf[rng.below(n)]) == Status::Ok);
      const int k = game.meeple_options(opts);
      const uint32_t pick = rng.below(k + 1);
      ev.clear();
      REQUIRE(game.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick], &ev) == Status::Ok);
      for (int i = 0; i < ev.count; ++i)
        if (ev.items[i].type == Event::Type::Score)
          for (int p = 0; p < players; ++p)
            if (ev.items[i].winners >> p & 1) from_events[p] += ev.items[i].points;
      std::array<int, kMaxPlayers> on_board{};
      for (const Meeple& m : game.meeples()) {
        on_board[m.player]++;
        const SegId r = game.features().find(m.seg);
        const auto& c = game.features().root_counters(r);
        if (c.kind == FeatureKind::Road || c.kind == FeatureKind::City) CHECK(c.open > 0);
      }
      for (int p = 0; p < players; ++p) {
        CHECK(on_board[p] + game.supply(p) == kMeeplesPerPlayer);
        CHECK(game.score(p) >= last[p]);
        last[p] = game.score(p);
      }
      const int in_hand = game.phase() == Phase::PlaceTile ? 1 : 0;
      CHECK(game.board().tile_count() + game.discard_count() + in_hand + game.tiles_in_pile() == 72);
    }
    for (int p = 0; p < players; ++p) CHECK(from_events[p] == game.score(p));
  }
}
