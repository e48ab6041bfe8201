// libFuzzer harness for the text readers: the input, as text, goes to the record loader
// (carc::load_record and carc_game_load) and, line by line, to the move-text parser
// (carc::parse_move and carc_move_parse).
//
// Checked: nothing crashes; a failed load leaves the target game as it was and names a
// line of the text with a reason; C and C++ agree on the status, the line and the game;
// a loaded game saves to a record that loads into the equal game (operator==) and saves
// to the same text again (save -> load -> save is a fixed point), and so does its public
// record (the Tower's capture and ransom lines included); a parsed move formats to text that
// parses to the same move, and C and C++ parse the same moves (actions on another tile,
// Princess & Dragon's and the Tower's -- T:, TM:, TL: --, included).
#include <carcassonne/carcassonne.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "carcassonne/carcassonne.hpp"
#include "printable.hpp"

namespace {

[[noreturn]] void violated(const char* what, int line, std::string_view text) {
  std::fprintf(stderr, "fuzz_text: invariant broken (fuzz_text.cpp:%d): %s\n--- input ---\n%.*s\n", line, what,
               static_cast<int>(text.size()), text.data());
  std::abort();
}

#define INVARIANT(cond, text)                     \
  do {                                            \
    if (!(cond)) violated(#cond, __LINE__, text); \
  } while (0)

// Lines the loader counts: split at '\n' (a last line without one counts too).
int line_count(std::string_view text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n + (text.empty() || text.back() != '\n' ? 1 : 0);
}

// The C packing of a parsed move: carc_move_pack's, and for an action on another tile
// (Princess & Dragon: the fairy, the princess, the portal; the Tower: a piece, a meeple or a
// large meeple onto a tower) its figure bits (the kind's fourth bit, a tower piece's, at 26),
// bit 25 and that tile's x and y in bits 40..55, which carc_move_pack does not take.
carc_move packed_move(carc::TileType tile, const carc::Move& m) {
  const int figure = m.elsewhere ? CARC_FIGURE_MEEPLE : static_cast<int>(m.figure);
  const int loc = m.elsewhere ? CARC_LOC_NONE : static_cast<int>(m.meeple);
  carc_move packed = carc_move_pack(tile, m.at.x, m.at.y, 90 * m.at.rot, figure, loc);
  if (packed == CARC_MOVE_INVALID || !m.elsewhere) return packed;
  packed &= ~(carc_move{0x7F} << 18);
  const auto kind = static_cast<carc_move>(m.figure);
  return packed | static_cast<carc_move>(m.meeple) << 18 | (kind & 7) << 22 | (kind >> 3 & 1) << 26 | carc_move{1} << 25 |
         static_cast<carc_move>(static_cast<uint8_t>(m.x)) << 40 | static_cast<carc_move>(static_cast<uint8_t>(m.y)) << 48;
}

void check_move_text(std::string_view text) {
  carc::TileType tile = carc::kNoTile;
  carc::Move move;
  std::string error;
  const bool ok = carc::parse_move(text, tile, move, &error);
  INVARIANT(ok == error.empty(), text);
  INVARIANT(printable(error), error);

  // The C parser reads a C string: the text up to its first NUL.
  const std::string c_text(text.substr(0, text.find('\0')));
  carc_move packed = CARC_MOVE_INVALID;
  const int s = carc_move_parse(c_text.c_str(), &packed);
  carc::TileType c_tile = carc::kNoTile;
  carc::Move c_move;
  const bool c_ok = carc::parse_move(c_text, c_tile, c_move);
  INVARIANT((s == CARC_OK) == c_ok && (s == CARC_OK || s == CARC_EINVAL), text);
  if (c_ok) {
    INVARIANT(packed == packed_move(c_tile, c_move), text);
    // The C text of the packed move is the C++ text, and parses back to the same move.
    char formatted[CARC_MOVE_TEXT_SIZE];
    const int n = carc_move_format(packed, formatted, sizeof formatted);
    INVARIANT(n > 0 && n < CARC_MOVE_TEXT_SIZE && formatted == carc::format_move(c_tile, c_move), text);
    carc_move back = CARC_MOVE_INVALID;
    INVARIANT(carc_move_parse(formatted, &back) == CARC_OK && back == packed, text);
  }
  if (!ok) return;

  const std::string formatted = carc::format_move(tile, move);
  carc::TileType tile2 = carc::kNoTile;
  carc::Move move2;
  INVARIANT(carc::parse_move(formatted, tile2, move2) && tile2 == tile && move2 == move, text);
  INVARIANT(carc::format_move(tile2, move2) == formatted, text);
}

void check_record(std::string_view text) {
  // A failed load leaves the target exactly as it was.
  const carc::Game sentinel(3, uint64_t{4711});
  carc::Game game = sentinel;
  carc::RecordError error;
  const carc::Status status = carc::load_record(text, game, &error);

  // The C loader reads a C string: the text up to its first NUL.
  const std::string c_text(text.substr(0, text.find('\0')));
  carc_game* c_game = nullptr;
  int c_line = -1;
  const int c_status = carc_game_load(&c_game, c_text.c_str(), &c_line);
  carc::Game cxx_of_c = sentinel;
  carc::RecordError c_error;
  const carc::Status c_expected = carc::load_record(c_text, cxx_of_c, &c_error);
  INVARIANT(c_status == static_cast<int>(c_expected), text);
  if (c_status == CARC_OK) {
    INVARIANT(c_game && c_line == 0, text);
    const int n = carc_game_save(c_game, nullptr, 0);
    std::string saved(static_cast<size_t>(n) + 1, '\0');
    INVARIANT(n > 0 && carc_game_save(c_game, saved.data(), saved.size()) == n, text);
    saved.resize(static_cast<size_t>(n));
    INVARIANT(saved == carc::save_record(cxx_of_c), text);
    carc_game_free(c_game);
  } else {
    INVARIANT(!c_game && c_line == c_error.line, text);
    // The message, whole, or cut on a character boundary to fit 255 bytes and marked "...".
    const std::string full = "carc_game_load: " + c_error.message(), msg = carc_game_errmsg(nullptr);
    INVARIANT(printable(full) && printable(msg), full);
    if (full.size() <= 255) {
      INVARIANT(msg == full, text);
    } else {
      INVARIANT(msg.size() <= 255 && msg.size() >= 249 && msg.substr(msg.size() - 3) == "...", msg);
      const std::string kept = msg.substr(0, msg.size() - 3);
      INVARIANT(full.rfind(kept, 0) == 0 && (static_cast<unsigned char>(full[kept.size()]) & 0xC0) != 0x80, msg);
    }
  }

  if (status != carc::Status::Ok) {
    INVARIANT(status == carc::Status::InvalidArgument || status == carc::Status::IllegalMove, text);
    INVARIANT(game == sentinel, text);
    INVARIANT(error.line >= 1 && error.line <= line_count(text) && !error.reason.empty(), text);
    INVARIANT(error.reason.size() < 1000, error.reason);  // quoted input is cut short
    return;
  }

  const std::string saved = carc::save_record(game);
  carc::Game reloaded = sentinel;
  carc::RecordError again;
  INVARIANT(carc::load_record(saved, reloaded, &again) == carc::Status::Ok, saved + "\n" + again.message());
  INVARIANT(reloaded == game, saved);
  INVARIANT(carc::save_record(reloaded) == saved, saved);

  // The public record (no order: 'pile hidden', the tiles drawn, set aside included, each
  // named) loads into a game with caller draws that saves the same public record.
  const std::string pub = carc::save_record(game, carc::RecordForm::Public);
  carc::Game from_public = sentinel;
  INVARIANT(carc::load_record(pub, from_public, &again) == carc::Status::Ok, pub + "\n" + again.message());
  INVARIANT(from_public.caller_draws() && carc::save_record(from_public, carc::RecordForm::Public) == pub, pub);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_record(text);
  // Each line as move text, and the whole input as one (a move is one line).
  size_t at = 0;
  while (at <= text.size()) {
    const size_t nl = std::min(text.find('\n', at), text.size());
    check_move_text(text.substr(at, nl - at));
    at = nl + 1;
  }
  if (text.find('\n') != std::string_view::npos) check_move_text(text);
  return 0;
}
