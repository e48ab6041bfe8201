// Game records: a line-based text that saves any game, finished or not, and loads back into
// the identical state. The format is documented in docs/records.md.
#pragma once

#include <string>
#include <string_view>

#include "carcassonne/game.hpp"

namespace carc {

inline constexpr int kRecordVersion = 1;

// Where and why a record failed to load.
struct RecordError {
  int line = 0;        // 1-based line of the record that is wrong
  std::string reason;  // what is wrong with it
  // "line 7: <reason>".
  std::string message() const;
};

// What a record tells. A full record can replay the game's future too: it names the seed or
// the draw order. A public record tells only what the players know: the tiles drawn so far,
// the moves, and which tiles are face down (header 'pile hidden'); it loads into a game
// whose draws the caller supplies (CallerDraws). A game with caller draws always saves as
// a public record: there is no order to tell.
enum class RecordForm : uint8_t { Full = 0, Public = 1 };

// The record of a game: header, then one line per drawn tile (placed or discarded), in
// order, with comments giving turns, players, points and the scores. Never fails.
std::string save_record(const Game& game, RecordForm form = RecordForm::Full);

// Replays a record into `out`. On failure `out` is untouched, *error (if given) names the
// line and the reason, and the status is InvalidArgument (malformed text) or IllegalMove
// (a move the rules forbid, or a tile that is not the one the seed or order draws, or for
// a public record a tile that is not face down). The
// text is read one line at a time and the first error stops it, so memory does not grow
// with the text; a record of more than INT_MAX lines is refused at line INT_MAX. Quoted
// input in the reason is escaped and cut short (see echo in notation.hpp).
Status load_record(std::string_view text, Game& out, RecordError* error = nullptr);

namespace detail {
// load_record with a lower line limit than INT_MAX, so that tests can reach it.
Status load_record(std::string_view text, Game& out, RecordError* error, int max_lines);
}  // namespace detail

}  // namespace carc
