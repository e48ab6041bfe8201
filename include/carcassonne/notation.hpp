// Move text, as written in records, tests and docs: `<tile> <x>,<y> <rotation> [<figure action>]`,
// for example `E 0,-1 180 S`, `U_G 0,1 90 A:C`, `U -1,1 90 recall` (docs/tiles.md).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "carcassonne/game.hpp"

namespace carc {

// "E 0,-1 180 S"; the figure action is left out when the move has none.
std::string format_move(TileType tile, const Move& m);
// The figure action's word: "S", "L:N", "A:C", "recall", ""; for none; on another tile
// "F:1,0:E" (an action kind's word, the tile, the location) or "@1,1:C", "@2,0:L:E" (a
// figure through the magic portal).
std::string figure_action_text(const Move& m);
// Parses a figure action's word ("" and "-" are none); false if it names none.
bool parse_figure_action(std::string_view word, Figure& figure, Location& location);
bool parse_figure_action(std::string_view word, FigureChoice& action);
// Parses a square "x,y" (each -128..127, plain decimal), as an action on another tile names it.
bool parse_square(std::string_view text, int8_t& x, int8_t& y);

// Parses move text. A trailing "-" means no figure action, like no word at all. On failure
// returns false and, if error is given, says what is wrong.
bool parse_move(std::string_view text, TileType& tile, Move& move, std::string* error = nullptr);
// The words of move text: tile, place, rotation and the figure action (or none).
inline constexpr size_t kMoveWords = 4;
// parse_move on move text already split into words (a record's line, read in place); a
// word past kMoveWords fails.
bool parse_move_words(std::span<const std::string_view> words, TileType& tile, Move& move,
                      std::string* error = nullptr);

// The text of a pile of tiles (a draw order, a face-down pile): tile ids separated by
// whitespace or commas ("RA RD RL", "E,A,A,C"). Base tiles may also be written as runs of
// letters A..X, one tile each (0.1's "EAAC"), where that cannot be mistaken for ids:
enum class LetterRuns : uint8_t {
  WholeText,  // a text without a single separator ("EAAC"; so "RD" is R then D, " RD" the river tile)
  EveryWord,  // any word (a record of a base game, which writes its pile as runs of ten)
  Never,      // nowhere: every word is one id
};

// Reads a pile's tiles one at a time from the text, in place (no copy of the text, however
// long), so that the caller checks each tile as it comes.
class PileReader {
 public:
  PileReader(std::string_view text, LetterRuns runs);
  // The next tile to t; false at the end of the text, or at a word that names no tile.
  bool next(TileType& t);
  // The word that names no tile (empty if every word names tiles) and its offset in the text.
  std::string_view bad() const { return bad_; }
  size_t bad_offset() const { return static_cast<size_t>(bad_.data() - text_.data()); }
  // " (tile ids are uppercase)" when the bad word in capitals would name tiles, else "".
  const char* hint() const;

 private:
  bool run(std::string_view word) const;  // read letter by letter
  std::string_view text_, rest_, letters_, bad_;
  bool runs_;  // EveryWord, or WholeText on a text that is one run
};

// Input text made safe to quote in a message (a record or a move may be anything, and
// messages end up in logs and terminals): printable UTF-8 is kept, every other byte (control
// bytes such as ESC, DEL, C1 controls, invalid UTF-8) and the backslash become \xHH, and
// text past `limit` bytes is left out and marked "...".
std::string echo(std::string_view text, size_t limit = 80);

}  // namespace carc
