// Small core rules the C ABI relies on: a full Events list counts what it drops, tile
// letters are uppercase only, and the packed placement list is legal_placements as move
// bits, written exactly.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace carc;

TEST_CASE("Events: a list reused without clear() counts the events it had no room for") {
  Events ev;
  Event e{};
  e.type = Event::Type::Discard;
  for (int i = 0; i < Events::kCapacity; ++i) ev.push(e);
  CHECK(ev.count == Events::kCapacity);
  CHECK(ev.dropped == 0);
  ev.push(e);
  ev.push(e);
  CHECK(ev.count == Events::kCapacity);
  CHECK(ev.dropped == 2);
  ev.clear();
  CHECK(ev.count == 0);
  CHECK(ev.dropped == 0);
  // Whole games played into one list without clearing: nothing is lost without a count.
  Events all;
  int made = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    Game g(2, seed);
    Rng rng(seed);
    Events one;
    g.playout(rng, &one);
    Game h(2, seed);
    Rng again(seed);
    h.playout(again, &all);
    made += one.count;
  }
  REQUIRE(made > Events::kCapacity);
  CHECK(all.count + all.dropped == made);
  // The same with every expansion on: goods, pig, bonus and recall events are counted too.
  Events every;
  made = 0;
  std::array<int, 7> kinds{};
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Game g(4, seed, test::all_options(seed % 2 == 0));
    Rng rng(seed);
    Events one;
    g.playout(rng, &one);
    Game h(4, seed, test::all_options(seed % 2 == 0));
    Rng again(seed);
    h.playout(again, &every);
    made += one.count;
    for (int i = 0; i < one.count; ++i) kinds[static_cast<int>(one.items[i].type)]++;
  }
  REQUIRE(made > Events::kCapacity);
  CHECK(every.count + every.dropped == made);
  for (const Event::Type t : {Event::Type::Score, Event::Type::Recall, Event::Type::Goods, Event::Type::GoodsBonus,
                              Event::Type::Pig, Event::Type::Bonus}) {
    INFO("event type " << static_cast<int>(t));
    CHECK(kinds[static_cast<int>(t)] > 0);
  }
}

TEST_CASE("Tile letters are uppercase A..X only") {
  for (char c = 'A'; c <= 'X'; ++c) CHECK(tile_from_letter(c) == static_cast<TileType>(c - 'A'));
  for (const char c : {'a', 'e', 'x', 'Y', 'Z', 'y', '@', '[', '`', '0', ' ', '\0', '\x80', '\xff'}) {
    INFO(static_cast<int>(c));
    CHECK(tile_from_letter(c) == kNoTile);
  }
  TileType t;
  Move m;
  std::string why;
  CHECK_FALSE(parse_move("e 0,-1 180", t, m, &why));
  CHECK(why == "'e' is not a tile id (A..X, E_G, RA, ...; docs/tiles.md) (tile ids are uppercase)");
  CHECK_FALSE(parse_move("E +1,0 0", t, m, &why));
  CHECK(why == "'+1,0' is not a coordinate pair like 0,-1");
  CHECK(parse_move("E -1,0 0", t, m, &why));
}

TEST_CASE("packed_placements is legal_placements as move bits and writes nothing past the list") {
  constexpr uint32_t kSentinel = 0xDEADBEEF;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Game g(1 + static_cast<int>(seed % 6), seed);
    Rng rng(seed);
    while (!g.over()) {
      Placement expect[kMaxPlacements];
      const int n = g.legal_placements(expect);
      const uint64_t bits = static_cast<uint64_t>(g.current_tile()) << 32 | 15u << 18;
      std::vector<uint64_t> packed(static_cast<size_t>(n) + 8, kSentinel);
      REQUIRE(g.packed_placements(packed.data(), bits) == n);
      for (int i = 0; i < n; ++i) {
        const Placement& p = expect[i];
        REQUIRE(packed[static_cast<size_t>(i)] == (bits | static_cast<uint8_t>(p.x) |
                                                   static_cast<uint64_t>(static_cast<uint8_t>(p.y)) << 8 |
                                                   static_cast<uint64_t>(p.rot) << 16));
      }
      for (size_t i = static_cast<size_t>(n); i < packed.size(); ++i) REQUIRE(packed[i] == kSentinel);
      REQUIRE(g.place(expect[rng.below(static_cast<uint32_t>(n))]) == Status::Ok);
      uint64_t none = kSentinel;
      CHECK(g.packed_placements(&none, bits) == 0);  // the meeple phase: no placements
      CHECK(none == kSentinel);
      REQUIRE(g.deploy(Location::None) == Status::Ok);
    }
  }
}

TEST_CASE("restart with other options: the same players and draw pile, before the first move") {
  Game g(3, uint64_t{42});
  Options o;
  o.farmers = false;
  o.first_edition_small_city = true;
  const Game r = restart(g, o);
  CHECK(r.players() == 3);
  CHECK(r.seed() == 42);
  CHECK(r.options().farmers == false);
  CHECK(r.options().first_edition_small_city);
  CHECK(r.current_tile() == g.current_tile());
  CHECK(restart(g) == g);
}
