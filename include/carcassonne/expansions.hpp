// The expansions the engine knows and how a mix of them is encoded: the one list that the
// set-up, the tables that vary by mix (the box of tiles, the action space, the figure slots)
// and the rules modules read. A new expansion is one enumerator, one row here and one option.
#pragma once

#include <array>
#include <cstdint>

#include "carcassonne/board.hpp"
#include "carcassonne/options.hpp"

namespace carc {

enum class Expansion : uint8_t { River = 0, Abbot = 1, InnsAndCathedrals = 2, TradersAndBuilders = 3,
                                 PrincessAndDragon = 4, Tower = 5, AbbeyAndMayor = 6 };
inline constexpr int kExpansions = 7;

// A mix of expansions: bit e set when Expansion e is on. Tables that vary by mix are indexed
// by it (kMixes entries).
using Mix = uint8_t;
inline constexpr int kMixes = 1 << kExpansions;
constexpr Mix bit(Expansion e) { return static_cast<Mix>(1u << static_cast<int>(e)); }
constexpr bool has(Mix m, Expansion e) { return (m & bit(e)) != 0; }

struct ExpansionInfo {
  Expansion id;
  bool Options::*option;    // the option that switches it on
  bool adds_tiles = false;  // it adds tiles to the box, so the board may reach farther
};

inline constexpr std::array<ExpansionInfo, kExpansions> kExpansionTable = {{
    {Expansion::River, &Options::river, true},
    {Expansion::Abbot, &Options::abbot},
    {Expansion::InnsAndCathedrals, &Options::inns_and_cathedrals, true},
    {Expansion::TradersAndBuilders, &Options::traders_and_builders, true},
    {Expansion::PrincessAndDragon, &Options::princess_and_dragon, true},
    {Expansion::Tower, &Options::tower, true},
    {Expansion::AbbeyAndMayor, &Options::abbey_and_mayor, true},
}};

// The mix a game with these options plays. Written out field by field (checked against the
// table below): it is read on the playout's path, where a loop over member pointers is not
// guaranteed to fold away.
constexpr Mix mix_of(const Options& o) {
  return static_cast<Mix>((o.river ? bit(Expansion::River) : 0) | (o.abbot ? bit(Expansion::Abbot) : 0) |
                          (o.inns_and_cathedrals ? bit(Expansion::InnsAndCathedrals) : 0) |
                          (o.traders_and_builders ? bit(Expansion::TradersAndBuilders) : 0) |
                          (o.princess_and_dragon ? bit(Expansion::PrincessAndDragon) : 0) |
                          (o.tower ? bit(Expansion::Tower) : 0) |
                          (o.abbey_and_mayor ? bit(Expansion::AbbeyAndMayor) : 0));
}

// The options that switch on exactly the mix m (the rule options at their defaults).
constexpr Options options_of(Mix m) {
  Options o;
  for (const ExpansionInfo& e : kExpansionTable) o.*e.option = has(m, e.id);
  return o;
}

// The expansions that add tiles to the box.
inline constexpr Mix kBiggerBoxMix = [] {
  Mix m = 0;
  for (const ExpansionInfo& e : kExpansionTable) m = static_cast<Mix>(m | (e.adds_tiles ? bit(e.id) : 0));
  return m;
}();

static_assert([] {
  for (int m = 0; m < kMixes; ++m)
    if (mix_of(options_of(static_cast<Mix>(m))) != m) return false;
  for (size_t i = 0; i < kExpansionTable.size(); ++i)
    if (static_cast<size_t>(kExpansionTable[i].id) != i) return false;
  return true;
}(), "mix_of must agree with the expansion table");

}  // namespace carc
