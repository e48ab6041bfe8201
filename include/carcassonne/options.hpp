// Rule options of a game, and the one table that names them: records, the C ABI and the
// Python binding find an option by its id or name here, so a new option is one new field
// and one new row.
#pragma once

#include <array>
#include <span>
#include <string_view>

namespace carc {

struct Options {
  bool farmers = true;                    // farmers may be deployed and fields score
  bool first_edition_small_city = false;  // a completed 2-tile city scores 1/tile + 1/shield
  bool first_edition_farmers = false;     // 4 per completed city to its farmer majority
  // Expansions (docs/expansions.md), each a rules module of its own.
  bool river = false;                 // the river is laid first, from the spring at (0,0)
  bool abbot = false;                 // gardens on 8 base tiles, one abbot per player
  bool inns_and_cathedrals = false;   // 18 tiles with inns and cathedrals, one large meeple each
  bool traders_and_builders = false;  // 24 tiles with goods, a builder and a pig each
  bool princess_and_dragon = false;   // 30 tiles; the dragon, the fairy, the princess, magic portals
  bool tower = false;                 // 18 tiles with tower foundations; tower pieces, captures, ransom
  bool abbey_and_mayor = false;       // 12 tiles; an abbey tile, a mayor, a wagon and a barn each
  friend bool operator==(const Options&, const Options&) = default;
};

// One rule option: its id (the C ABI's CARC_OPT_* value, fixed once released), its name in
// records, the field it sets and a phrase for messages and docs.
struct OptionInfo {
  int id;
  std::string_view name;
  bool Options::*field;
  std::string_view what;
  bool expansion = false;  // an expansion (off by default; records write it only when on)
};

inline constexpr std::array<OptionInfo, 10> kOptionTable = {{
    {1, "farmers", &Options::farmers, "farmers may be deployed and fields score"},
    {2, "first-edition-small-city", &Options::first_edition_small_city,
     "a completed 2-tile city scores 1 per tile and shield"},
    {3, "first-edition-farmers", &Options::first_edition_farmers,
     "each completed city gives 4 to the players with the most farmers beside it"},
    {4, "river", &Options::river, "the River: 12 river tiles are laid first, from the spring", true},
    {5, "abbot", &Options::abbot, "the Abbot: gardens on 8 base tiles and one abbot per player", true},
    {6, "inns-and-cathedrals", &Options::inns_and_cathedrals,
     "Inns & Cathedrals: 18 tiles with inns and cathedrals, one large meeple per player", true},
    {7, "traders-and-builders", &Options::traders_and_builders,
     "Traders & Builders: 24 tiles with goods, one builder and one pig per player", true},
    {8, "princess-and-dragon", &Options::princess_and_dragon,
     "The Princess & the Dragon: 30 tiles, the dragon and the fairy, princesses and magic portals", true},
    {9, "tower", &Options::tower,
     "The Tower: 18 tiles with tower foundations, tower pieces per player, captures and ransom", true},
    {10, "abbey-and-mayor", &Options::abbey_and_mayor,
     "Abbey & Mayor: 12 tiles; an abbey tile, a mayor, a wagon and (farmers on) a barn per player", true},
}};

// Every option, in id order.
constexpr std::span<const OptionInfo> option_table() { return kOptionTable; }
// The option with this id or name, or nullptr.
constexpr const OptionInfo* find_option(int id) {
  for (const OptionInfo& o : kOptionTable)
    if (o.id == id) return &o;
  return nullptr;
}
constexpr const OptionInfo* find_option(std::string_view name) {
  for (const OptionInfo& o : kOptionTable)
    if (o.name == name) return &o;
  return nullptr;
}

}  // namespace carc
