// Game records: saving by walking the game's own history, loading by replaying it through
// the rules, so a loaded game is the very state the moves lead to.
#include "carcassonne/record.hpp"

#include <charconv>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

#include "carcassonne/history.hpp"
#include "carcassonne/notation.hpp"

namespace carc {

namespace {

constexpr std::string_view kMagic = "carcassonne-record";

const char* on_off(bool b) { return b ? "on" : "off"; }

std::string player_list(const std::array<int32_t, kMaxPlayers>& scores, int players) {
  std::string s;
  for (int p = 0; p < players; ++p) s += fmt::format("{}player {} {}", p ? ", " : "", p, scores[p]);
  return s;
}

void append_line(std::string& out, const std::string& text, const std::string& comment) {
  out += text;
  if (!comment.empty()) {
    if (text.size() < 18) out.append(18 - text.size(), ' ');
    out += "  # ";
    out += comment;
  }
  out += '\n';
}

}  // namespace

std::string RecordError::message() const { return fmt::format("line {}: {}", line, reason); }

std::string save_record(const Game& game) {
  std::string out;
  out += "# Carcassonne game record (see README.md, \"Game records\")\n";
  out += fmt::format("{} {}\n", kMagic, kRecordVersion);
  out += fmt::format("players {}\n", game.players());
  out += fmt::format("farmers {}\n", on_off(game.options().farmers));
  out += fmt::format("first-edition-small-city {}\n", on_off(game.options().first_edition_small_city));
  out += fmt::format("first-edition-farmers {}\n", on_off(game.options().first_edition_farmers));
  if (game.fixed_order()) {
    const auto order = game.draw_order();
    std::string letters;
    for (size_t i = 0; i < order.size(); ++i) {
      if (i && i % 10 == 0) letters += ' ';
      letters += tile_letter(order[i]);
    }
    out += fmt::format("order {}\n", letters.empty() ? "-" : letters);
  } else {
    out += fmt::format("seed {}\n", game.seed());
  }

  // Replaying alongside the walk gives each line its comment (player, points scored).
  Game replay = restart(game);
  Events ev;
  std::string end_game;
  const Board& board = game.board();
  int next_tile = 1;  // board index of the next placed tile to write (0 is the start tile)
  int turn = 0;
  for (int d = 0; d < game.drawn(); ++d) {
    const TileType drawn = game.draw_order()[d];
    if (game.discarded(d)) {
      append_line(out, fmt::format("discard {}", tile_letter(drawn)), "fits nowhere, leaves the game");
      continue;
    }
    if (next_tile >= board.tile_count()) break;  // the current tile: drawn, not placed yet
    const PlacedTile& pt = board.tile(next_tile++);
    const Move m{Placement{pt.x, pt.y, pt.rot}, pt.meeple};
    const int player = replay.current_player();
    ++turn;
    if (next_tile == board.tile_count() && game.phase() == Phase::PlaceMeeple) {
      append_line(out, format_move(pt.type, Move{m.at, Location::None}) + " ?",
                  fmt::format("turn {}, player {}; meeple not decided yet", turn, player));
      break;
    }
    ev.clear();
    replay.play(m, &ev);
    std::string comment = fmt::format("turn {}, player {}", turn, player);
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type != Event::Type::Score) continue;
      if (e.end_game)
        end_game += fmt::format("#   {}\n", describe(e));
      else
        comment += "; " + describe(e);
    }
    std::string text = format_move(pt.type, m);
    if (m.meeple == Location::None) text += " -";
    append_line(out, text, comment);
  }

  std::array<int32_t, kMaxPlayers> scores{};
  for (int p = 0; p < game.players(); ++p) scores[p] = game.score(p);
  switch (game.phase()) {
    case Phase::GameOver: {
      if (!end_game.empty()) out += "# end-game scoring:\n" + end_game;
      std::string winners;
      for (int p = 0; p < game.players(); ++p)
        if ((game.leaders() >> p) & 1) winners += fmt::format(" {}", p);
      out += fmt::format("# game over: {}; won by player{}\n", player_list(scores, game.players()), winners);
      break;
    }
    case Phase::PlaceTile:
      out += fmt::format("# scores so far: {}; player {} to place {}\n", player_list(scores, game.players()),
                         game.current_player(), tile_letter(game.current_tile()));
      break;
    case Phase::PlaceMeeple:
      out += fmt::format("# scores so far: {}; player {} to decide the meeple\n",
                         player_list(scores, game.players()), game.current_player());
      break;
    case Phase::Draw:
      out += fmt::format("# scores so far: {}; player {} to draw\n", player_list(scores, game.players()),
                         game.current_player());
      break;
  }
  return out;
}

// ---------------------------------------------------------------- loading

namespace {

struct Line {
  int number;
  std::vector<std::string_view> words;
};

// Thrown inside the loader only, caught at its boundary: a parse has many exits.
struct LoadFailure {
  Status status;
  int line;
  std::string reason;
};

[[noreturn]] void fail(Status s, int line, std::string reason) { throw LoadFailure{s, line, std::move(reason)}; }
[[noreturn]] void malformed(int line, std::string reason) { fail(Status::InvalidArgument, line, std::move(reason)); }

std::vector<Line> split_lines(std::string_view text, int& last_line) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark some editors write
  std::vector<Line> lines;
  int number = 0;
  while (!text.empty()) {
    ++number;
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    const size_t hash = line.find('#');
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    Line l{number, {}};
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
      if (j > i) l.words.push_back(line.substr(i, j - i));
      i = j;
    }
    if (!l.words.empty()) lines.push_back(std::move(l));
  }
  last_line = number == 0 ? 1 : number;
  return lines;
}

std::string joined(const std::vector<std::string_view>& words, size_t from = 0) {
  std::string s;
  for (size_t i = from; i < words.size(); ++i) {
    if (i > from) s += ' ';
    s += words[i];
  }
  return s;
}

bool parse_on_off(std::string_view w, bool& out) {
  if (w == "on") out = true;
  else if (w == "off") out = false;
  else return false;
  return true;
}

bool is_move_word(std::string_view w) { return w.size() == 1 && w[0] >= 'A' && w[0] <= 'X'; }

struct Header {
  int players = 0;
  Options options;
  bool has_seed = false, has_order = false;
  uint64_t seed = 0;
  std::vector<TileType> order;
};

// Reads the header lines; returns the index of the first move line.
size_t read_header(const std::vector<Line>& lines, int last_line, Header& h) {
  if (lines.empty()) malformed(1, fmt::format("the record is empty: it must start with '{} {}'", kMagic, kRecordVersion));
  const Line& first = lines[0];
  if (first.words[0] != kMagic)
    malformed(first.number, fmt::format("a record starts with '{} {}', not '{}'", kMagic, kRecordVersion, joined(first.words)));
  int version = 0;
  const std::string_view vw = first.words.size() == 2 ? first.words[1] : std::string_view{};
  const auto vr = std::from_chars(vw.data(), vw.data() + vw.size(), version);
  if (vr.ec != std::errc() || vr.ptr != vw.data() + vw.size() || vw.empty())
    malformed(first.number, fmt::format("expected '{} {}' (the format version)", kMagic, kRecordVersion));
  if (version != kRecordVersion)
    malformed(first.number, fmt::format("format version {} is not supported (this engine reads version {})", version, kRecordVersion));

  bool seen_players = false, seen_farmers = false, seen_small = false, seen_ed1 = false;
  size_t i = 1;
  for (; i < lines.size(); ++i) {
    const Line& l = lines[i];
    const std::string_view key = l.words[0];
    if (is_move_word(key) || key == "discard") break;
    auto once = [&](bool& seen) {
      if (seen) malformed(l.number, fmt::format("'{}' is given twice", key));
      seen = true;
    };
    auto one_value = [&]() {
      if (l.words.size() != 2) malformed(l.number, fmt::format("'{}' takes exactly one value", key));
      return l.words[1];
    };
    auto on_off_value = [&](bool& out) {
      if (!parse_on_off(one_value(), out)) malformed(l.number, fmt::format("'{}' must be 'on' or 'off', not '{}'", key, l.words[1]));
    };
    if (key == "players") {
      once(seen_players);
      const std::string_view w = one_value();
      const auto r = std::from_chars(w.data(), w.data() + w.size(), h.players);
      if (r.ec != std::errc() || r.ptr != w.data() + w.size() || h.players < kMinPlayers || h.players > kMaxPlayers)
        malformed(l.number, fmt::format("the number of players must be {} to {}, not '{}'", kMinPlayers, kMaxPlayers, w));
    } else if (key == "farmers") {
      once(seen_farmers);
      on_off_value(h.options.farmers);
    } else if (key == "first-edition-small-city") {
      once(seen_small);
      on_off_value(h.options.first_edition_small_city);
    } else if (key == "first-edition-farmers") {
      once(seen_ed1);
      on_off_value(h.options.first_edition_farmers);
    } else if (key == "seed") {
      once(h.has_seed);
      if (h.has_order) malformed(l.number, "a record has a seed or a draw order, not both");
      const std::string_view w = one_value();
      const auto r = std::from_chars(w.data(), w.data() + w.size(), h.seed);
      if (r.ec != std::errc() || r.ptr != w.data() + w.size())
        malformed(l.number, fmt::format("the seed must be a whole number from 0 to 18446744073709551615, not '{}'", w));
    } else if (key == "order") {
      once(h.has_order);
      if (h.has_seed) malformed(l.number, "a record has a seed or a draw order, not both");
      if (l.words.size() == 1) malformed(l.number, "the draw order is missing (write 'order -' for an empty pile)");
      const bool empty = l.words.size() == 2 && l.words[1] == "-";
      std::array<int, kTileTypes> used{};
      used[kStartTile] = 1;
      for (size_t w = 1; w < l.words.size() && !empty; ++w)
        for (const char c : l.words[w]) {
          if (c < 'A' || c > 'X') malformed(l.number, fmt::format("'{}' in the draw order is not a tile letter A..X", c));
          const TileType t = tile_from_letter(c);
          if (++used[t] > tiles::kDefs[t].count)
            malformed(l.number, fmt::format("the draw order holds more {} tiles than the box ({}{})", c,
                                            tiles::kDefs[t].count, t == kStartTile ? ", the start tile included" : ""));
          h.order.push_back(t);
        }
    } else {
      malformed(l.number, fmt::format("'{}' is neither a header line (players, farmers, first-edition-small-city, "
                                      "first-edition-farmers, seed, order) nor a move",
                                      key));
    }
  }
  const int at = i < lines.size() ? lines[i].number : last_line;
  if (!seen_players) malformed(at, "the header does not say how many players play ('players N')");
  if (!h.has_seed && !h.has_order) malformed(at, "the header gives neither a seed ('seed N') nor a draw order ('order ...')");
  return i;
}

std::string draw_source(const Game& g) { return g.fixed_order() ? "the draw order" : "the seed's shuffle"; }

}  // namespace

Status load_record(std::string_view text, Game& out, RecordError* error) {
  try {
    int last_line = 1;
    const std::vector<Line> lines = split_lines(text, last_line);
    Header h;
    size_t i = read_header(lines, last_line, h);
    Game game = h.has_order ? Game(h.players, h.order, h.options) : Game(h.players, h.seed, h.options);

    int accounted = 0;     // draws that the record's lines have accounted for so far
    int undecided_at = 0;  // line of a move whose meeple is '?'
    // Draws the engine has made that only a 'discard' line may account for.
    auto discards_owed = [&] { return game.drawn() - (game.over() ? 0 : 1) - accounted; };
    for (; i < lines.size(); ++i) {
      const Line& l = lines[i];
      const std::string_view key = l.words[0];
      if (!is_move_word(key) && key != "discard") {
        if (key == "players" || key == "farmers" || key == "seed" || key == "order" || key.starts_with("first-edition"))
          malformed(l.number, fmt::format("header line '{}' after the first move", key));
        malformed(l.number, fmt::format("'{}' is not a move ('E 0,-1 180 S') or a discard ('discard C')", joined(l.words)));
      }
      if (undecided_at)
        malformed(l.number, fmt::format("the move on line {} left its meeple undecided ('?'), so it must be the last", undecided_at));
      if (key == "discard") {
        if (l.words.size() != 2 || !is_move_word(l.words[1]))
          malformed(l.number, fmt::format("a discard is 'discard <tile letter A..X>', not '{}'", joined(l.words)));
        const TileType t = tile_from_letter(l.words[1][0]);
        if (accounted >= game.drawn()) fail(Status::IllegalMove, l.number, "the game is over: no tile is left to draw");
        const TileType drawn = game.draw_order()[accounted];
        if (drawn != t)
          fail(Status::IllegalMove, l.number,
               fmt::format("{} draws {} here (draw {}), not {}", draw_source(game), tile_letter(drawn), accounted + 1, l.words[1]));
        if (!game.discarded(accounted))
          fail(Status::IllegalMove, l.number,
               fmt::format("{} fits on the board here, so it must be placed, not discarded", l.words[1]));
        ++accounted;
        continue;
      }
      // A move line; a trailing '?' places the tile and leaves the meeple undecided.
      const bool undecided = l.words.back() == "?";
      std::string move_text = joined(l.words);
      if (undecided) move_text.resize(move_text.size() - 2);
      TileType t = kNoTile;
      Move m;
      std::string why;
      if (!parse_move(move_text, t, m, &why)) malformed(l.number, fmt::format("'{}' is not a move: {}", joined(l.words), why));
      if (undecided && m.meeple != Location::None)
        malformed(l.number, "a move has one meeple word: a location, '-' or '?'");
      if (discards_owed() > 0) {
        const char letter = tile_letter(game.draw_order()[accounted]);
        fail(Status::IllegalMove, l.number,
             fmt::format("{} draws {} here, which fits nowhere: the record must say 'discard {}' before this move",
                         draw_source(game), letter, letter));
      }
      if (game.over()) fail(Status::IllegalMove, l.number, "the game is over: no tile is left to place");
      if (t != game.current_tile())
        fail(Status::IllegalMove, l.number,
             fmt::format("{} draws {} here (draw {}), not {}", draw_source(game), tile_letter(game.current_tile()),
                         accounted + 1, tile_letter(t)));
      Verdict v;
      const Status s = undecided ? game.place(m.at, &v) : game.play(m, nullptr, &v);
      if (s != Status::Ok) fail(Status::IllegalMove, l.number, fmt::format("illegal move '{}': {}", joined(l.words), describe(v)));
      ++accounted;
      if (undecided) undecided_at = l.number;
    }
    if (!undecided_at && discards_owed() > 0) {
      const char letter = tile_letter(game.draw_order()[accounted]);
      fail(Status::IllegalMove, last_line,
           fmt::format("the record ends, but {} draws {} next, which fits nowhere: add 'discard {}'", draw_source(game),
                       letter, letter));
    }
    out = game;
    return Status::Ok;
  } catch (const LoadFailure& f) {
    if (error) *error = RecordError{f.line, f.reason};
    return f.status;
  } catch (const std::invalid_argument& e) {  // the header checks above should make this unreachable
    if (error) *error = RecordError{1, e.what()};
    return Status::InvalidArgument;
  }
}

}  // namespace carc
