// Small core rules the C ABI relies on: a full Events list counts what it drops, tile
// letters are uppercase only, and the packed placement list is legal_placements as move
// bits, written exactly.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

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
  for (uint64_t seed = 1; seed <= 120; ++seed) {
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
  // The same with every expansion on: goods, pig, bonus, recall and the dragon's events are counted too.
  Events every;
  made = 0;
  std::array<int, 64> kinds{};  // by Event::Type (34 types with Abbey & Mayor)
  constexpr Event::Type kWanted[] = {Event::Type::Score,     Event::Type::Recall,     Event::Type::Goods,
                                   Event::Type::GoodsBonus, Event::Type::Pig,       Event::Type::Bonus,
                                   Event::Type::SetAside,  Event::Type::DragonStep, Event::Type::Eaten,
                                   Event::Type::FairyPoint};
  const auto all_seen = [&] {
    return std::all_of(std::begin(kWanted), std::end(kWanted), [&](Event::Type t) { return kinds[static_cast<int>(t)] > 0; });
  };
  // Builder's bonus turns are rare in random play (a few in a hundred games): play on until each kind came.
  for (uint64_t seed = 1; seed <= 400 && !(seed > 30 && all_seen()); ++seed) {
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
  for (const Event::Type t : kWanted) {
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

namespace {
// The tile ids a pile's text names, joined by spaces; "bad <word> at <offset><hint>" at a word
// that names no tile.
std::string pile(std::string_view text, LetterRuns runs) {
  PileReader reader(text, runs);
  std::string ids;
  for (TileType t; reader.next(t);) {
    if (!ids.empty()) ids += ' ';
    ids += tile_name(t);
  }
  if (!reader.bad().empty())
    ids += fmt::format("{}bad {} at {}{}", ids.empty() ? "" : " ", reader.bad(), reader.bad_offset(), reader.hint());
  return ids;
}
}  // namespace

TEST_CASE("A pile's text: ids separated by whitespace or commas; runs of base letters only where they cannot be ids") {
  // The constructors' grammar: a text without a separator may be one run of base letters.
  CHECK(pile("RD", LetterRuns::WholeText) == "R D");  // 0.1's meaning, not the river tile RD
  CHECK(pile("EAAC", LetterRuns::WholeText) == "E A A C");
  CHECK(pile(" RD", LetterRuns::WholeText) == "RD");
  CHECK(pile("RD,", LetterRuns::WholeText) == "RD");
  CHECK(pile("E,A A\tRD\r\n,,IK", LetterRuns::WholeText) == "E A A RD IK");
  CHECK(pile("EAAC KLMN", LetterRuns::WholeText) == "bad EAAC at 0");
  CHECK(pile("U_G", LetterRuns::WholeText) == "U_G");  // one id, no separator: not all letters
  CHECK(pile("EuV", LetterRuns::WholeText) == "bad EuV at 0 (tile ids are uppercase)");
  CHECK(pile("E rd", LetterRuns::WholeText) == "E bad rd at 2 (tile ids are uppercase)");
  CHECK(pile("E Z", LetterRuns::WholeText) == "E bad Z at 2");
  CHECK(pile("", LetterRuns::WholeText).empty());
  CHECK(pile(" , ", LetterRuns::WholeText).empty());
  // A base game's record: any word of letters is a run (it writes runs of ten).
  CHECK(pile("EAACKLMNOP QRD", LetterRuns::EveryWord) == "E A A C K L M N O P Q R D");
  CHECK(pile("E,A u", LetterRuns::EveryWord) == "E A bad u at 4 (tile ids are uppercase)");
  // A record with an expansion: every word is one id.
  CHECK(pile("RD RL E_G", LetterRuns::Never) == "RD RL E_G");
  CHECK(pile("RD EA", LetterRuns::Never) == "RD bad EA at 3");
}

TEST_CASE("expansions_of: the expansions whose boxes hold the tiles, the other options as defaults") {
  const std::vector<TileType> base = {tile_from_letter('E'), tile_from_letter('D')};
  CHECK(expansions_of(base) == Options{});
  Options want;
  want.river = want.abbot = want.inns_and_cathedrals = want.traders_and_builders = true;
  const std::vector<TileType> all = {tile_from_name("RD"), tile_from_name("E_G"), tile_from_name("IK"), tile_from_name("TG")};
  CHECK(expansions_of(all) == want);
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
