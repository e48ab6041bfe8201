// Move text: formatting and strict parsing.
#include "carcassonne/notation.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <fmt/format.h>

#include "modules.hpp"

namespace carc {

// A figure action's word is its kind's word (figure_kind): before a location ("L:N"; none
// for a meeple), or alone for an action without a figure ("recall").
std::string figure_action_text(const Move& m) {
  if (std::string text; any_module(static_cast<Mix>(kMixes - 1), [&](auto mod) { return decltype(mod)::spell_action(m, &text); }))
    return text;
  const FigureKind* k = find_figure_kind(m.figure);
  if (!k) return "";
  if (m.elsewhere)
    return k->reach == Reach::Elsewhere ? fmt::format("{}{},{}:{}", k->word, m.x, m.y, location_name(m.meeple))
                                        : fmt::format("@{},{}:{}{}", m.x, m.y, k->word, location_name(m.meeple));
  if (k->reach == Reach::Nowhere) return std::string(k->word);
  if (m.meeple == Location::None) return "";
  return std::string(k->word) + std::string(location_name(m.meeple));
}

std::string format_move(TileType tile, const Move& m) {
  // The abbey (Abbey & Mayor) has no rotation to say and its own word.
  std::string s = tile == tiles::kAbbey ? fmt::format("abbey {},{}", m.at.x, m.at.y)
                                        : fmt::format("{} {},{} {}", tile_name(tile), m.at.x, m.at.y, 90 * m.at.rot);
  const std::string action = figure_action_text(m);
  if (!action.empty()) {
    s += ' ';
    s += action;
  }
  return s;
}

namespace {
bool parse_int(std::string_view w, int& out);

// "x,y:" at the start of w, taken off it.
bool take_tile(std::string_view& w, int8_t& x, int8_t& y) {
  const size_t colon = w.find(':');
  if (colon == std::string_view::npos || !parse_square(w.substr(0, colon), x, y)) return false;
  w.remove_prefix(colon + 1);
  return true;
}
}  // namespace

bool parse_square(std::string_view text, int8_t& x, int8_t& y) {
  const size_t comma = text.find(',');
  int a = 0, b = 0;
  if (comma == std::string_view::npos || !parse_int(text.substr(0, comma), a) || !parse_int(text.substr(comma + 1), b))
    return false;
  if (a < -128 || a > 127 || b < -128 || b > 127) return false;
  x = static_cast<int8_t>(a);
  y = static_cast<int8_t>(b);
  return true;
}

bool parse_figure_action(std::string_view w, FigureChoice& action) {
  FigureChoice out;
  if (any_module(static_cast<Mix>(kMixes - 1), [&](auto m) { return decltype(m)::read_action(w, &out); })) {
    if (out.location == Location::None) return false;  // the module's word, but no action
    action = out;
    return true;
  }
  if (!w.empty() && w[0] == '@') {  // a figure onto another tile: "@x,y:" and the figure's own word
    w.remove_prefix(1);
    out.elsewhere = true;
    if (!take_tile(w, out.x, out.y) || !parse_figure_action(w, out.figure, out.location) || out.location == Location::None)
      return false;
    if (!Module<Expansion::PrincessAndDragon>::portal_figure(out.figure)) return false;  // a builder, pig or barn goes on no other tile
    action = out;
    return true;
  }
  for (const FigureRow& r : kFigureRows)
    if (r.kind.reach == Reach::Elsewhere && w.starts_with(r.kind.word)) {
      w.remove_prefix(r.kind.word.size());
      out = FigureChoice{r.kind.figure, Location::None, true};
      if (!take_tile(w, out.x, out.y)) return false;
      // Beside a figure on a tower top (The Tower), the one place off the tile's features.
      if (w == location_name(Location::TW)) out.location = Location::TW;
      else if (!parse_location(w, out.location) || out.location == Location::None) return false;
      action = out;
      return true;
    }
  if (!parse_figure_action(w, out.figure, out.location)) return false;
  action = out;
  return true;
}

bool parse_figure_action(std::string_view w, Figure& figure, Location& loc) {
  figure = Figure::Meeple;
  loc = Location::None;
  if (w.empty() || w == "-") return true;
  for (const FigureRow& r : kFigureRows) {
    if (r.kind.word.empty() || r.kind.reach == Reach::Elsewhere) continue;
    if (r.kind.reach == Reach::Nowhere ? w == r.kind.word : w.starts_with(r.kind.word)) {
      // A corner is no location: its module reads the whole word ("N:NW"), or nothing does.
      if (r.kind.reach == Reach::Corner) return false;
      figure = r.kind.figure;
      if (r.kind.reach == Reach::Nowhere) return true;
      w.remove_prefix(r.kind.word.size());
      break;
    }
  }
  return parse_location(w, loc) && loc != Location::None;
}

namespace {
// The length of the UTF-8 sequence starting at s[i] if it is a valid one of a printable
// character (no C0 or C1 control, no DEL), else 0.
size_t printable_utf8(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const auto cont = [&](size_t k) { return i + k < s.size() && (b(k) & 0xC0) == 0x80; };
  const unsigned c = b(0);
  if (c < 0x80) return c >= 0x20 && c != 0x7F ? 1 : 0;
  if (c >= 0xC2 && c <= 0xDF) return cont(1) && !(c == 0xC2 && b(1) < 0xA0) ? 2 : 0;  // C2 80..9F: C1 controls
  if (c >= 0xE0 && c <= 0xEF) {
    if (!cont(1) || !cont(2)) return 0;
    if ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) >= 0xA0)) return 0;  // overlong, surrogates
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if ((c == 0xF0 && b(1) < 0x90) || (c == 0xF4 && b(1) >= 0x90)) return 0;  // overlong, past U+10FFFF
    return 4;
  }
  return 0;
}
}  // namespace

std::string echo(std::string_view text, size_t limit) {
  std::string out;
  size_t i = 0;
  while (i < text.size() && i < limit) {
    const size_t len = printable_utf8(text, i);
    if (len == 0 || text[i] == '\\') {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
      ++i;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  if (i < text.size()) out += "...";
  return out;
}

namespace {
bool fail(std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}

// Splits off the next run of non-blank characters.
std::string_view next_word(std::string_view& text) {
  size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  size_t j = i;
  while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
  const std::string_view w = text.substr(i, j - i);
  text.remove_prefix(j);
  return w;
}

// A plain decimal number: an optional '-' and digits, no '+' (as the record header reads them).
bool parse_int(std::string_view w, int& out) {
  const auto r = std::from_chars(w.data(), w.data() + w.size(), out);
  return r.ec == std::errc() && r.ptr == w.data() + w.size() && !w.empty();
}
}  // namespace

bool parse_move(std::string_view text, TileType& tile, Move& move, std::string* error) {
  std::array<std::string_view, kMoveWords + 1> words;  // one more: a word too many fails
  size_t n = 0;
  for (std::string_view w = next_word(text); !w.empty() && n < words.size(); w = next_word(text)) words[n++] = w;
  return parse_move_words(std::span<const std::string_view>(words.data(), n), tile, move, error);
}

bool parse_move_words(std::span<const std::string_view> words, TileType& tile, Move& move, std::string* error) {
  // The abbey (Abbey & Mayor) is placed as 'abbey x,y' and its figure action: no rotation.
  const bool abbey = !words.empty() && words[0] == "abbey";
  auto word = [&](size_t i) {
    if (abbey && i >= 2) --i;
    return i < words.size() ? words[i] : std::string_view{};
  };
  const std::string_view name = word(0);
  const TileType t = abbey ? tiles::kAbbey : tile_from_name(name);
  if (t == kNoTile)
    return fail(error, fmt::format("'{}' is not a tile id (A..X, E_G, RA, ...; docs/tiles.md){}", echo(name),
                                   name.size() == 1 && name[0] >= 'a' && name[0] <= 'x' ? " (tile ids are uppercase)" : ""));
  const std::string_view coords = word(1);
  const size_t comma = coords.find(',');
  int x = 0, y = 0;
  if (comma == std::string_view::npos || !parse_int(coords.substr(0, comma), x) ||
      !parse_int(coords.substr(comma + 1), y))
    return fail(error, fmt::format("'{}' is not a coordinate pair like 0,-1", echo(coords)));
  if (x < -128 || x > 127 || y < -128 || y > 127)
    return fail(error, fmt::format("coordinates {},{} are outside -128..127", x, y));
  const std::string_view rot_word = word(2);
  int degrees = 0;
  if (!abbey && (!parse_int(rot_word, degrees) || degrees < 0 || degrees > 270 || degrees % 90 != 0))
    return fail(error, fmt::format("'{}' is not a rotation of 0, 90, 180 or 270", echo(rot_word)));
  // Every turn of the abbey is the same picture: one spelling of each placement.
  if (t == tiles::kAbbey && degrees != 0)
    return fail(error, fmt::format("the abbey has no rotation: 'abbey {},{}' (or '{} {},{} 0')", x, y, echo(name), x, y));
  FigureChoice action;
  const std::string_view loc_word = word(3);
  if (!parse_figure_action(loc_word, action))
    return fail(error, fmt::format("'{}' is not a figure action (a location C N E S W NNE ENE ESE SSE SSW WSW WNW NNW "
                                   "CF, or L:, A:, B:, P: and a location, or recall)",
                                   echo(loc_word)));
  const size_t most = abbey ? kMoveWords - 1 : kMoveWords;
  if (words.size() > most) return fail(error, fmt::format("unexpected '{}' after the move", echo(words[most])));
  tile = t;
  move = Move{Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(degrees / 90)}, action.location,
              action.figure, action.elsewhere, action.x, action.y};
  return true;
}

namespace {
bool separator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','; }
bool base_letter(char c) { return c >= 'A' && c <= 'X'; }
}  // namespace

PileReader::PileReader(std::string_view text, LetterRuns runs) : text_(text), rest_(text) {
  runs_ = runs == LetterRuns::EveryWord ||
          (runs == LetterRuns::WholeText && std::none_of(text.begin(), text.end(), separator));
}

bool PileReader::run(std::string_view word) const {
  return runs_ && std::all_of(word.begin(), word.end(), base_letter);
}

bool PileReader::next(TileType& t) {
  if (letters_.empty()) {
    while (!rest_.empty() && separator(rest_.front())) rest_.remove_prefix(1);
    size_t n = 0;
    while (n < rest_.size() && !separator(rest_[n])) ++n;
    const std::string_view word = rest_.substr(0, n);
    rest_.remove_prefix(n);
    if (word.empty()) return false;
    if (!run(word)) {
      t = tile_from_name(word);
      if (t == kNoTile) bad_ = word;
      return t != kNoTile;
    }
    letters_ = word;
  }
  t = tile_from_letter(letters_.front());
  letters_.remove_prefix(1);
  return true;
}

const char* PileReader::hint() const {
  if (bad_.empty() || bad_.size() > static_cast<size_t>(kMaxDeck)) return "";  // no run is longer
  std::string upper(bad_);
  for (char& c : upper) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  return run(upper) || tile_from_name(upper) != kNoTile ? " (tile ids are uppercase)" : "";
}

}  // namespace carc
