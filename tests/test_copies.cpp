// A game state is a value: copies made by construction or by assignment over any other
// game (the board and feature copies take only the parts in use) are the same game and
// play on exactly as the original does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <utility>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"

using namespace carc;

namespace {

// Plays `actions` random actions (every phase) on g from rng.
void advance(Game& g, Rng& rng, int actions) {
  for (int i = 0; i < actions && !g.over(); ++i) test::random_action(g, rng);
}

// Plays a and b to the end with equal random numbers, requiring them equal throughout.
void require_same_future(Game a, Game b, uint64_t seed) {
  Rng ra(seed), rb(seed);
  while (!a.over()) {
    test::random_action(a, ra);
    test::random_action(b, rb);
    REQUIRE(a == b);
  }
  REQUIRE(b.over());
  for (int p = 0; p < a.players(); ++p) REQUIRE(a.score(p) == b.score(p));
}

}  // namespace

TEST_CASE("A game assigned over another game, larger or smaller, is the same game and plays on the same") {
  for (int i = 0; i < 96; ++i) {
    Game source = test::mixed_game(i), target = test::mixed_game(i + 37);
    Rng rng(900 + static_cast<uint64_t>(i));
    advance(source, rng, 20 + i % 60);
    advance(target, rng, (i * 7) % 150);  // from an empty board to a finished game
    target = source;
    REQUIRE(target == source);
    require_same_future(source, target, 77 + static_cast<uint64_t>(i));
  }
}

TEST_CASE("A position assigned over its own continuation is the position again (what a search does)") {
  for (int i = 0; i < 64; ++i) {
    Game position = test::mixed_game(i);
    Rng rng(300 + static_cast<uint64_t>(i));
    advance(position, rng, i % 90);
    Game later = position;
    for (int k = 0; k < 4; ++k) {
      advance(later, rng, 1 + (i * 5 + k * 11) % 40);
      later = position;
      REQUIRE(later == position);
    }
    require_same_future(position, later, 55 + static_cast<uint64_t>(i));
  }
}

TEST_CASE("A copied game is the same game and plays on the same, and assigning a game to itself changes nothing") {
  for (int i = 0; i < 48; ++i) {
    Game source = test::mixed_game(i);
    Rng rng(400 + static_cast<uint64_t>(i));
    advance(source, rng, 10 + i * 3);
    const Game copy(source);
    REQUIRE(copy == source);
    Game& same = source;
    source = same;
    REQUIRE(source == copy);
    require_same_future(source, copy, 13 + static_cast<uint64_t>(i));
  }
}

TEST_CASE("A tile placed on a board for its features only tags its cell as a placement does, and taken back leaves the board as it was") {
  for (int i = 0; i < 40; ++i) {
    Game position(2 + i % 4, 500 + static_cast<uint64_t>(i));
    Rng rng(600 + static_cast<uint64_t>(i));
    advance(position, rng, i * 3);
    while (!position.over() && position.phase() != Phase::PlaceTile) test::random_action(position, rng);
    if (position.over()) continue;
    Placement at[kMaxPlacements];
    const int n = position.legal_placements(at);
    for (int k = 0; k < n; ++k) {
      Game placed = position;
      REQUIRE(placed.place(at[k]) == Status::Ok);
      const PlacedTile& tile = placed.board().tile(placed.board().tile_count() - 1);
      Board board = position.board();
      int neighbours[4], expected[4];
      board.place_tile_only(tile.x, tile.y, tile.type, tile.rot, tile.seg_base, neighbours);
      REQUIRE(board.tile_count() == placed.board().tile_count());
      REQUIRE(board.tile_index_at(tile.x, tile.y) == placed.board().tile_index_at(tile.x, tile.y));
      for (int s = 0; s < 4; ++s) {
        expected[s] = placed.board().tile_index_at(tile.x + Board::kDx[s], tile.y + Board::kDy[s]);
        CHECK(neighbours[s] == expected[s]);
      }
      board.unplace_tile_only(position.board(), tile.x, tile.y);
      REQUIRE(board == position.board());
    }
  }
}

TEST_CASE("A feature is found from any of its segments as its oldest segment, the root joins keep") {
  for (int i = 0; i < 32; ++i) {
    Game g = test::mixed_game(i * 3);  // seeded games of every mix
    Rng rng(900 + static_cast<uint64_t>(i));
    for (int part = 0; part < 4 && !g.over(); ++part) {
      advance(g, rng, 40);
      const Features& f = g.features();
      for (int s = 0; s < f.count(); ++s) {
        int oldest = s;
        f.for_each_segment(static_cast<SegId>(s), [&](SegId t) { oldest = std::min<int>(oldest, t); });
        REQUIRE(f.find(static_cast<SegId>(s)) == oldest);
      }
    }
  }
}

TEST_CASE("Joins noted for a trial placement find the roots plain joins do, and taken back leave the features as they were") {
  for (int i = 0; i < 40; ++i) {
    Game position(2 + i % 4, 700 + static_cast<uint64_t>(i));
    Rng rng(800 + static_cast<uint64_t>(i));
    advance(position, rng, 10 + i * 3);
    const Features& before = position.features();
    if (before.count() < 2) continue;
    // A tile's worth of joins (12 at most), and past it (more than unplace notes one by one).
    for (const int joins : {3, 12, 20}) {
      Features noted = before, plain = before;
      noted.begin_trial();
      for (int j = 0; j < joins; ++j) {
        const auto a = static_cast<SegId>(rng.below(static_cast<uint32_t>(before.count())));
        const auto b = static_cast<SegId>(rng.below(static_cast<uint32_t>(before.count())));
        REQUIRE(noted.unite_noted(a, b) == plain.unite(a, b));
      }
      for (int s = 0; s < before.count(); ++s) {
        REQUIRE(std::as_const(noted).find(static_cast<SegId>(s)) == std::as_const(plain).find(static_cast<SegId>(s)));
        REQUIRE(noted.root_counters(std::as_const(noted).find(static_cast<SegId>(s))) ==
                plain.root_counters(std::as_const(plain).find(static_cast<SegId>(s))));
      }
      noted.unplace(before);
      REQUIRE(noted == before);
    }
  }
}
