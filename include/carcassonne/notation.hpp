// Move text, as written in records, tests and docs: `<letter> <x>,<y> <rotation> [<location>]`,
// for example `E 0,-1 180 S` (docs/tiles.md).
#pragma once

#include <string>
#include <string_view>

#include "carcassonne/game.hpp"

namespace carc {

// "E 0,-1 180 S"; the location is left out when the move has no meeple.
std::string format_move(TileType tile, const Move& m);

// Parses move text. A trailing "-" means no meeple, like no location at all. On failure
// returns false and, if error is given, says what is wrong.
bool parse_move(std::string_view text, TileType& tile, Move& move, std::string* error = nullptr);

}  // namespace carc
