// Move text, as written in records, tests and docs: `<tile> <x>,<y> <rotation> [<figure action>]`,
// for example `E 0,-1 180 S`, `U_G 0,1 90 A:C`, `U -1,1 90 recall` (docs/tiles.md).
#pragma once

#include <string>
#include <string_view>

#include "carcassonne/game.hpp"

namespace carc {

// "E 0,-1 180 S"; the figure action is left out when the move has none.
std::string format_move(TileType tile, const Move& m);
// The figure action's word: "S", "L:N", "A:C", "recall", ""; for none.
std::string figure_action_text(const Move& m);
// Parses a figure action's word ("" and "-" are none); false if it names none.
bool parse_figure_action(std::string_view word, Figure& figure, Location& location);

// Parses move text. A trailing "-" means no figure action, like no word at all. On failure
// returns false and, if error is given, says what is wrong.
bool parse_move(std::string_view text, TileType& tile, Move& move, std::string* error = nullptr);

// Input text made safe to quote in a message (a record or a move may be anything, and
// messages end up in logs and terminals): printable UTF-8 is kept, every other byte (control
// bytes such as ESC, DEL, C1 controls, invalid UTF-8) and the backslash become \xHH, and
// text past `limit` bytes is left out and marked "...".
std::string echo(std::string_view text, size_t limit = 80);

}  // namespace carc
