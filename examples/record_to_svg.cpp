// Turns a game record into an SVG picture of the board, at the end or after any turn.
//   record_to_svg RECORD [--game N] [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]
// Without -o the SVG goes to standard output. RECORD may be a self-play file (JSON lines,
// docs/selfplay.md): then --game N picks the line of game N (default: the first line).
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <climits>
#include <cstdio>
#include <array>
#include <string>
#include <string_view>

#include "args.hpp"
#include "carcassonne/carcassonne.hpp"

constexpr args::Usage kUsage{"record_to_svg",
                             "usage: record_to_svg RECORD [--game N] [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]\n"
                             "  draws the board of a game record as SVG (to standard output without -o)\n"
                             "  RECORD       a record file, or a self-play file of JSON lines (games.jsonl)\n"
                             "  --game N     in a self-play file, the line of game N (default: the first)\n"
                             "  --turn N     the board after turn N instead of at the end\n"
                             "  --legal      outline the cells where the tile to play fits\n"
                             "  --dead       cross out the open cells no tile still to come can fill\n"
                             "  --no-legend  leave out the players' colours, scores and supplies\n"
                             "  -o OUT.svg   write the picture to OUT.svg\n"};

namespace {
// The value of a top-level field of one JSON line as json.dumps writes it: a string's text
// (its escapes read, \\uXXXX as UTF-8) or a number's digits; false if the line has none.
bool json_field(std::string_view line, std::string_view key, std::string& out) {
  const std::string quoted = fmt::format("\"{}\":", key);
  size_t at = line.find(quoted);
  if (at == std::string_view::npos) return false;
  at += quoted.size();
  while (at < line.size() && line[at] == ' ') ++at;
  out.clear();
  if (at < line.size() && line[at] != '"') {  // a number
    while (at < line.size() && (std::isdigit(static_cast<unsigned char>(line[at])) || line[at] == '-')) out += line[at++];
    return !out.empty();
  }
  for (++at; at < line.size(); ++at) {
    const char c = line[at];
    if (c == '"') return true;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++at == line.size()) return false;
    switch (line[at]) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'u': {
        if (at + 4 >= line.size()) return false;
        unsigned cp = 0;
        if (std::from_chars(line.data() + at + 1, line.data() + at + 5, cp, 16).ptr != line.data() + at + 5) return false;
        at += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && at + 6 < line.size() && line[at + 1] == '\\' && line[at + 2] == 'u') {
          unsigned low = 0;
          std::from_chars(line.data() + at + 3, line.data() + at + 7, low, 16);
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          at += 6;
        }
        if (cp < 0x80) out += static_cast<char>(cp);
        else if (cp < 0x800) out += {static_cast<char>(0xC0 | cp >> 6), static_cast<char>(0x80 | (cp & 63))};
        else if (cp < 0x10000)
          out += {static_cast<char>(0xE0 | cp >> 12), static_cast<char>(0x80 | ((cp >> 6) & 63)), static_cast<char>(0x80 | (cp & 63))};
        else
          out += {static_cast<char>(0xF0 | cp >> 18), static_cast<char>(0x80 | ((cp >> 12) & 63)),
                  static_cast<char>(0x80 | ((cp >> 6) & 63)), static_cast<char>(0x80 | (cp & 63))};
        break;
      }
      default: out += line[at];  // \" \\ \/
    }
  }
  return false;
}

// The players' names of a self-play line: its "seats" (["greedy", "mcts"]), for the legend.
void seat_names(std::string_view line, std::array<std::string, 6>& names) {
  const size_t open = line.find("\"seats\": [");
  if (open == std::string_view::npos) return;
  const size_t close = line.find(']', open);
  std::string_view seats = line.substr(open + 10, close == std::string_view::npos ? 0 : close - open - 10);
  for (std::string& name : names) {
    const size_t a = seats.find('"');
    const size_t b = a == std::string_view::npos ? a : seats.find('"', a + 1);
    if (b == std::string_view::npos) return;
    name = std::string(seats.substr(a + 1, b - a - 1));
    seats.remove_prefix(b + 1);
  }
}

// The record of game `game` (-1: the first line) in a self-play file, and its players' names;
// false with *why.
bool jsonl_record(const std::string& path, const std::string& text, long game, std::string& record,
                  std::array<std::string, 6>& names, std::string* why) {
  size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    std::string n;
    if (!json_field(line, "game", n) || !json_field(line, "record", record)) {
      *why = fmt::format("{}:{}: not a self-play line (no \"game\" and \"record\" fields)", path, number);
      return false;
    }
    if (game < 0 || n == std::to_string(game)) {
      seat_names(line, names);
      return true;
    }
  }
  *why = game < 0 ? fmt::format("{}: no game in the file", path) : fmt::format("{}: no line of game {}", path, game);
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  using namespace carc;
  if (args::help(kUsage, argc, argv)) return 0;
  std::string input, output;
  int turn = -1;
  long game_number = -1;
  SvgOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--turn" || a == "--game" || a == "-o") && i + 1 == argc) args::refuse(kUsage, a + " needs a value");
    if (a == "--turn") turn = static_cast<int>(args::number(kUsage, "--turn", argv[++i], 0, INT_MAX));
    else if (a == "--game") game_number = static_cast<long>(args::number(kUsage, "--game", argv[++i], 0, LONG_MAX));
    else if (a == "--legal") options.legal_cells = true;
    else if (a == "--dead") options.dead_cells = true;
    else if (a == "--no-legend") options.legend = false;
    else if (a == "-o") output = argv[++i];
    else if (!a.empty() && a[0] == '-') args::refuse(kUsage, "unknown option '" + a + "'");
    else if (input.empty()) input = a;
    else args::refuse(kUsage, "unexpected argument '" + a + "'");
  }
  if (input.empty()) args::refuse(kUsage, "no RECORD given");
  std::string text, why;
  if (!args::read_file(input, text, &why)) {
    fmt::print(stderr, "{}\n", why);
    return 1;
  }
  // A self-play file's lines are JSON objects; a record's first line never starts with '{'.
  const size_t first = text.find_first_not_of(" \t\r\n");
  const bool jsonl = first != std::string::npos && text[first] == '{';
  if (game_number >= 0 && !jsonl) args::refuse(kUsage, fmt::format("--game picks a line of a self-play file, and {} is a record", input));
  if (jsonl) {
    std::string record;
    if (!jsonl_record(input, text, game_number, record, options.player_names, &why)) {
      fmt::print(stderr, "{}\n", why);
      return 1;
    }
    text = std::move(record);
  }

  Game game(2, uint64_t{0});
  RecordError err;
  if (load_record(text, game, &err) != Status::Ok) {
    fmt::print(stderr, "{}:{}\n", input, err.message());
    return 1;
  }
  if (turn >= 0) {
    if (rewind(game, turn, game, &why) != Status::Ok) {
      fmt::print(stderr, "{}\n", why);
      return 1;
    }
  }
  const std::string svg = render_svg(game, options);
  if (output.empty()) {
    std::fwrite(svg.data(), 1, svg.size(), stdout);
  } else {
    if (!args::write_file(output, svg, &why)) {
      fmt::print(stderr, "{}\n", why);
      return 1;
    }
  }
  return 0;
}
