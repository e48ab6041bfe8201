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

// Input text made safe to quote in a message (a record or a move may be anything, and
// messages end up in logs and terminals): printable UTF-8 is kept, every other byte (control
// bytes such as ESC, DEL, C1 controls, invalid UTF-8) and the backslash become \xHH, and
// text past `limit` bytes is left out and marked "...".
std::string echo(std::string_view text, size_t limit = 80);

}  // namespace carc
