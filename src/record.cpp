// Game records: saving by walking the game's own history, loading by replaying it through
// the rules, so a loaded game is the very state the moves lead to.
#include "carcassonne/record.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>
#include <climits>
#include <span>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

#include "carcassonne/decision.hpp"
#include "carcassonne/expansions.hpp"
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

namespace {
// Whether a game's tiles all have one-letter ids (the base game's A..X): then a pile is
// written as letters, a space every ten; else as ids, a space between each.
bool one_letter_ids(const Options& o) { return mix_of(o) == 0; }

// The tiles of a pile as the record writes them.
std::string ids_of(std::span<const TileType> tiles, const Options& options) {
  std::string ids;
  const bool letters = one_letter_ids(options);
  for (size_t i = 0; i < tiles.size(); ++i) {
    if (i && (!letters || i % 10 == 0)) ids += ' ';
    ids += tile_name(tiles[i]);
  }
  return ids;
}

// The whole box less the start tile (or the spring), in type order: the pile a 'pile
// hidden' line means.
std::vector<TileType> box_pile(const Options& options) {
  std::vector<TileType> box;
  for (int t = 0; t < kTileTypes; ++t)
    for (int i = box_count(options, static_cast<TileType>(t)); i > 0; --i) box.push_back(static_cast<TileType>(t));
  return box;
}
}  // namespace

std::string save_record(const Game& whole, RecordForm form) {
  // A public record is the record of what the players know. A fixed-order game whose order
  // does not replay (Game::order_replays) is written as its public record with a last line
  // 'deal ...' giving the face-down tiles' order.
  const bool deal = form == RecordForm::Full && !whole.order_replays();
  const Game game = form == RecordForm::Public || deal ? whole.public_copy() : whole;
  std::string out;
  out += "# Carcassonne game record (see docs/records.md)\n";
  out += fmt::format("{} {}\n", kMagic, kRecordVersion);
  out += fmt::format("players {}\n", game.players());
  for (const OptionInfo& o : option_table())
    if (!o.expansion || game.options().*o.field) out += fmt::format("{} {}\n", o.name, on_off(game.options().*o.field));
  if (game.caller_draws()) {
    std::vector<TileType> pile(kMaxDeck);
    pile.resize(static_cast<size_t>(game.dealt_order(pile.data())));
    std::sort(pile.begin(), pile.end());
    out += pile == box_pile(game.options()) ? std::string("pile hidden\n")
                                            : fmt::format("pile hidden {}\n", pile.empty() ? "-" : ids_of(pile, game.options()));
  } else if (game.fixed_order()) {
    std::array<TileType, kMaxDeck> dealt{};
    const std::string letters = ids_of(std::span<const TileType>(dealt.data(), static_cast<size_t>(game.dealt_order(dealt.data()))),
                                       game.options());
    out += fmt::format("order {}\n", letters.empty() ? "-" : letters);
  } else {
    out += fmt::format("seed {}\n", game.seed());
  }

  // The history replayed step by step as load_record reads it gives each line its comment
  // (player, points scored, goods, the bonus tile); the events of end-game scoring go to the
  // summary at the end.
  std::string end_game;
  int turn = 0;
  bool bonus_turn = false;  // the replay's before the step
  walk_history(game, {}, [&](const HistoryStep& step, const Game& replay, Events& ev) {
    std::string noted;  // the step's events as a comment ("; city 8 to player 0")
    for (int i = 0; i < ev.count; ++i) {
      const Event& e = ev.items[i];
      if (e.type == Event::Type::Discard) continue;
      if (e.end_game) end_game += fmt::format("#   {}\n", describe(e));
      else noted += "; " + describe(e);
    }
    const std::string bonus = bonus_turn ? ", bonus tile" : "";
    switch (step.kind) {
      case HistoryStep::Kind::Draw: break;  // a move line says which tile
      case HistoryStep::Kind::Discard:
        append_line(out, fmt::format("discard {}", tile_name(step.tile)), "fits nowhere, leaves the game");
        break;
      case HistoryStep::Kind::SetAside:
        append_line(out, fmt::format("aside {}", tile_name(step.tile)), "a dragon tile, set aside: the dragon is not on the board");
        break;
      case HistoryStep::Kind::InHand:  // with a hidden pile nothing else says which tile is in hand
        if (game.caller_draws())
          append_line(out, fmt::format("draw {}", tile_name(step.tile)),
                      bonus_turn ? "the bonus tile, in hand, not placed yet" : "in hand, not placed yet");
        break;
      case HistoryStep::Kind::Undecided:
        append_line(out, format_move(step.tile, step.move) + " ?",
                    fmt::format("turn {}, player {}{}; figure not decided yet", turn + 1, step.player, bonus));
        break;
      case HistoryStep::Kind::Turn: {
        std::string text = format_move(step.tile, step.move);
        if (figure_action_text(step.move).empty()) text += " -";  // no figure action: said, not left out
        append_line(out, text, fmt::format("turn {}, player {}{}{}", ++turn, step.player, bonus, noted));
        break;
      }
      case HistoryStep::Kind::Decision:  // one the next line takes anyway needs no line
        // Its events say what it did where it has any (the ransom paid, the capture, the
        // dragon's step); else the choice is said.
        if (!step.implied)
          append_line(out, choice_text(step.choice), noted.empty() ? describe_choice(step.player, step.choice) : noted.substr(2));
        break;
    }
    bonus_turn = replay.bonus_turn();
  });

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
      out += fmt::format("# scores so far: {}; player {} to place {}{}\n", player_list(scores, game.players()),
                         game.current_player(), tile_name(game.current_tile()), game.bonus_turn() ? ", the bonus tile" : "");
      break;
    case Phase::PlaceMeeple:
      out += fmt::format("# scores so far: {}; player {} to decide the figure\n",
                         player_list(scores, game.players()), game.current_player());
      break;
    case Phase::Draw:
      out += fmt::format("# scores so far: {}; player {} to draw{}\n", player_list(scores, game.players()),
                         game.current_player(), game.bonus_turn() ? " the bonus tile" : "");
      break;
    case Phase::Decide:
      out += fmt::format("# scores so far: {}; player {} to {}\n", player_list(scores, game.players()), decider(game),
                         decision_prompt(game));
      break;
  }
  if (deal) {
    const auto rest = whole.draw_order().subspan(static_cast<size_t>(whole.drawn()));
    out += fmt::format("deal {}\n", rest.empty() ? "-" : ids_of(rest, whole.options()));
  }
  return out;
}

// ---------------------------------------------------------------- loading

namespace {

// A line with words, read in place: its words are views into the record's text. Only the
// first kKept words are kept (no valid line has more), but all of them are counted, so
// that a hostile line of millions of words costs no memory.
constexpr size_t kKept = 6;
static_assert(kKept > kMoveWords, "a move line's word too many is kept, so that it fails");
struct Line {
  int number = 0;
  std::string_view text;  // the line without its comment
  std::array<std::string_view, kKept> kept;
  size_t count = 0;        // words on the line
  std::string_view last;   // its last word
  std::string_view word(size_t i) const { return i < count && i < kKept ? kept[i] : std::string_view{}; }
};

// Thrown inside the loader only, caught at its boundary: a parse has many exits.
struct LoadFailure {
  Status status;
  int line;
  std::string reason;
};

[[noreturn]] void fail(Status s, int line, std::string reason) { throw LoadFailure{s, line, std::move(reason)}; }
[[noreturn]] void malformed(int line, std::string reason) { fail(Status::InvalidArgument, line, std::move(reason)); }

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Splits off the next word of `rest`; empty at the end.
std::string_view next_word(std::string_view& rest) {
  size_t i = 0;
  while (i < rest.size() && blank(rest[i])) ++i;
  size_t j = i;
  while (j < rest.size() && !blank(rest[j])) ++j;
  const std::string_view w = rest.substr(i, j - i);
  rest.remove_prefix(j);
  return w;
}

// Reads a record one line at a time, skipping blank and comment-only lines, and stops at
// max_lines: the numbers it reports fit in an int.
class LineReader {
 public:
  LineReader(std::string_view text, int max_lines) : rest_(text), max_lines_(max_lines) {
    if (rest_.starts_with("\xEF\xBB\xBF")) rest_.remove_prefix(3);  // a byte-order mark some editors write
  }

  // The next line that has words; false at the end of the text.
  bool next(Line& l) {
    while (!rest_.empty()) {
      if (number_ == max_lines_) malformed(max_lines_, fmt::format("a record has at most {} lines", max_lines_));
      ++number_;
      const size_t nl = rest_.find('\n');
      std::string_view line = rest_.substr(0, nl);
      rest_.remove_prefix(nl == std::string_view::npos ? rest_.size() : nl + 1);
      line = line.substr(0, line.find('#'));
      l.number = number_;
      l.text = line;
      l.count = 0;
      for (std::string_view w = next_word(line); !w.empty(); w = next_word(line)) {
        if (l.count < kKept) l.kept[l.count] = w;
        ++l.count;
        l.last = w;
      }
      if (l.count > 0) return true;
    }
    return false;
  }

  // The number of the last line read: of the last line of the text once next() is false
  // (1 for an empty text).
  int last_line() const { return number_ == 0 ? 1 : number_; }

 private:
  std::string_view rest_;
  int number_ = 0;  // never above max_lines_, so never past INT_MAX
  int max_lines_;
};

// The line's words joined by single spaces, made safe to quote (echo) and cut short: no
// more of a word is copied than echo shows (80 bytes, and a UTF-8 character more, so that
// echo shows the last one whole and marks the cut).
std::string joined(const Line& l) {
  constexpr size_t kShown = 84;
  std::string s;
  std::string_view rest = l.text;
  for (std::string_view w = next_word(rest); !w.empty() && s.size() < kShown; w = next_word(rest)) {
    if (!s.empty()) s += ' ';
    s += w.substr(0, kShown - std::min(s.size(), kShown));
  }
  return echo(s);
}

bool parse_on_off(std::string_view w, bool& out) {
  if (w == "on") out = true;
  else if (w == "off") out = false;
  else return false;
  return true;
}

bool is_move_word(std::string_view w) { return tile_from_name(w) != kNoTile; }

// Tile ids are uppercase; a word that is a lowercase one gets a hint.
const char* letter_hint(std::string_view w) {
  std::string upper(w.substr(0, 8));
  for (char& c : upper) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c == 'g' ? 'G' : c;
  return !w.empty() && w.size() <= 8 && tile_from_name(upper) != kNoTile ? " (tile ids are uppercase)" : "";
}

struct Header {
  int players = 0;
  Options options;
  bool has_seed = false, has_order = false, hidden = false;
  uint64_t seed = 0;
  // The draw order, or the hidden pile's tiles: read once the header is complete (the
  // options say how its tiles are written), from the words after `tiles_at`'s key.
  std::vector<TileType> order;
  Line tiles_line;
  size_t tiles_skip = 0;  // words before the tiles: 1 for order, 2 for pile hidden
  std::string_view what;
};

// Reads a pile's tiles into `to` from `rest` (notation.hpp's grammar; a game of base tiles
// writes runs of letters). At most the box of each, so what is kept is at most the box
// however long the line.
void read_tiles(const Line& l, std::string_view rest, std::string_view what, const Options& options,
                std::vector<TileType>& to) {
  std::array<int, kTileTypes> used{};
  PileReader reader(rest, one_letter_ids(options) ? LetterRuns::EveryWord : LetterRuns::Never);
  for (TileType t; reader.next(t);) {
    const int in_box = box_count(options, t);
    if (++used[t] > in_box)
      malformed(l.number, in_box == 0 ? fmt::format("{} holds {}, which is not in this game's box", what, tile_name(t))
                                      : fmt::format("{} holds more {} tiles than the box ({}{})", what, tile_name(t),
                                                    in_box + (t == kStartTile), t == kStartTile ? ", the start tile included" : ""));
    to.push_back(t);
  }
  if (!reader.bad().empty())
    malformed(l.number, fmt::format("'{}' in {} is not a tile id{}", echo(reader.bad()), what, reader.hint()));
}

// What a record says of where its tiles come from (for messages).
std::string_view pile_lines = "seed N, order ..., pile hidden";

// Reads the header, from the first line (in l, have) on. Returns with l holding the first
// move line if have is still true.
void read_header(LineReader& reader, Line& l, bool& have, Header& h) {
  if (!have) malformed(1, fmt::format("the record is empty: it must start with '{} {}'", kMagic, kRecordVersion));
  if (l.word(0) != kMagic)
    malformed(l.number, fmt::format("a record starts with '{} {}', not '{}'", kMagic, kRecordVersion, joined(l)));
  int version = 0;
  const std::string_view vw = l.count == 2 ? l.word(1) : std::string_view{};
  const auto vr = std::from_chars(vw.data(), vw.data() + vw.size(), version);
  if (vr.ec != std::errc() || vr.ptr != vw.data() + vw.size() || vw.empty())
    malformed(l.number, fmt::format("expected '{} {}' (the format version)", kMagic, kRecordVersion));
  if (version != kRecordVersion)
    malformed(l.number, fmt::format("format version {} is not supported (this engine reads version {})", version, kRecordVersion));

  bool seen_players = false;
  std::array<bool, kOptionTable.size()> seen_option{};
  for (have = reader.next(l); have; have = reader.next(l)) {
    const std::string_view key = l.word(0);
    if (is_move_word(key) || key == "discard" || key == "draw" || key == "aside" || decision_of_word(key) != DecisionKind::None)
      break;
    auto once = [&](bool& seen) {
      if (seen) malformed(l.number, fmt::format("'{}' is given twice", key));
      seen = true;
    };
    auto one_value = [&]() {
      if (l.count != 2) malformed(l.number, fmt::format("'{}' takes exactly one value", key));
      return l.word(1);
    };
    auto on_off_value = [&](bool& out) {
      if (!parse_on_off(one_value(), out))
        malformed(l.number, fmt::format("'{}' must be 'on' or 'off', not '{}'", key, echo(l.word(1))));
    };
    if (key == "players") {
      once(seen_players);
      const std::string_view w = one_value();
      const auto r = std::from_chars(w.data(), w.data() + w.size(), h.players);
      if (r.ec != std::errc() || r.ptr != w.data() + w.size() || h.players < kMinPlayers || h.players > kMaxPlayers)
        malformed(l.number, fmt::format("the number of players must be {} to {}, not '{}'", kMinPlayers, kMaxPlayers, echo(w)));
    } else if (const OptionInfo* o = find_option(key)) {
      once(seen_option[static_cast<size_t>(o - kOptionTable.data())]);
      on_off_value(h.options.*o->field);
    } else if (key == "seed") {
      once(h.has_seed);
      if (h.has_order || h.hidden) malformed(l.number, fmt::format("a record has one of {}", pile_lines));
      const std::string_view w = one_value();
      const auto r = std::from_chars(w.data(), w.data() + w.size(), h.seed);
      if (r.ec != std::errc() || r.ptr != w.data() + w.size())
        malformed(l.number, fmt::format("the seed must be a whole number from 0 to 18446744073709551615, not '{}'", echo(w)));
    } else if (key == "order") {
      once(h.has_order);
      if (h.has_seed || h.hidden) malformed(l.number, fmt::format("a record has one of {}", pile_lines));
      if (l.count == 1) malformed(l.number, "the draw order is missing (write 'order -' for an empty pile)");
      if (l.count == 2 && l.word(1) == "-") continue;
      h.tiles_line = l;
      h.tiles_skip = 1;
      h.what = "the draw order";
    } else if (key == "pile") {
      once(h.hidden);
      if (h.has_seed || h.has_order) malformed(l.number, fmt::format("a record has one of {}", pile_lines));
      if (l.word(1) != "hidden")
        malformed(l.number, "the pile line is 'pile hidden', then the pile's tiles if it is not the whole box");
      if (l.count == 3 && l.word(2) == "-") continue;  // an empty pile
      h.tiles_line = l;
      h.tiles_skip = 2;
      h.what = "the pile";
    } else {
      std::string keys = "players";
      for (const OptionInfo& o : option_table()) keys += fmt::format(", {}", o.name);
      malformed(l.number, fmt::format("'{}' is neither a header line ({}, seed, order, pile) nor a move{}", echo(key),
                                      keys, letter_hint(key)));
    }
  }
  const int at = have ? l.number : reader.last_line();
  if (!seen_players) malformed(at, "the header does not say how many players play ('players N')");
  if (!h.has_seed && !h.has_order && !h.hidden)
    malformed(at, "the header gives no seed ('seed N'), draw order ('order ...') or hidden pile ('pile hidden')");
  if (h.tiles_skip) {
    std::string_view rest = h.tiles_line.text;
    for (size_t i = 0; i < h.tiles_skip; ++i) next_word(rest);
    if (h.hidden && rest.find_first_not_of(" \t\r") == std::string_view::npos) h.order = box_pile(h.options);
    else read_tiles(h.tiles_line, rest, h.what, h.options, h.order);
  }
}

std::string draw_source(const Game& g) { return g.fixed_order() ? "the draw order" : "the seed's shuffle"; }

}  // namespace

namespace detail {

Status load_record(std::string_view text, Game& out, RecordError* error, int max_lines) {
  try {
    LineReader reader(text, max_lines);
    Line l;
    bool have = reader.next(l);
    Header h;
    read_header(reader, l, have, h);
    Game game = h.hidden      ? Game(h.players, CallerDraws{}, h.order, h.options)
                : h.has_order ? Game(h.players, h.order, h.options)
                              : Game(h.players, h.seed, h.options);

    int accounted = 0;     // draws that the record's lines have accounted for so far
    int undecided_at = 0;  // line of a move whose meeple is '?'
    int in_hand_at = 0;    // line of a hidden pile's 'draw' of the tile in hand
    int deal_at = 0;       // line of the 'deal' that ends a full record of a hidden pile
    // A hidden pile's option of the placement decision (a ransom), said before the line that
    // draws the tile it precedes: taken once that line has drawn it.
    std::string early;
    int early_at = 0;
    auto decide_line = [&](const std::string& text, int line) {
      Choice c;
      if (!parse_choice(game, text, c)) malformed(line, fmt::format("'{}' is not a line of its own", text));
      Verdict v;
      if (decide(game, c, nullptr, &v) != Status::Ok) fail(Status::IllegalMove, line, refusal_text(game, c, v));
    };
    auto take_early = [&] {
      if (early_at) decide_line(early, std::exchange(early_at, 0));
    };
    // A hidden pile's draw, said by a line: it must be face down, and fit or be discarded
    // as the line says.
    // Why t, drawn now, is not set aside.
    auto not_aside = [&](TileType t) {
      return game.sets_aside(t, true) ? fmt::format("{} is not set aside here: the dragon is on the board", tile_name(t))
                                      : fmt::format("{} is not set aside: only dragon tiles are, while the dragon is not on the board", tile_name(t));
    };
    auto supply = [&](TileType t, bool discard, bool aside = false) {
      if (game.phase() != Phase::Draw)
        fail(Status::IllegalMove, l.number,
             game.over() ? "the game is over: no tile is left to draw" : "the tile in hand must be placed first");
      const std::string_view name = tile_name(t);
      if (game.face_down(t) == 0) fail(Status::IllegalMove, l.number, fmt::format("no {} is face down here", name));
      if (game.sets_aside(t) != aside)
        fail(Status::IllegalMove, l.number,
             aside ? not_aside(t) : fmt::format("{} is a dragon tile and the dragon is not on the board: the record must say 'aside {}'", name, name));
      if (aside) {
        game.draw(t);
        return;
      }
      Game trial = game;
      Verdict v;
      if (trial.draw(t, nullptr, &v) != Status::Ok)
        fail(Status::IllegalMove, l.number, fmt::format("{} cannot be drawn here: {}", name, describe(v)));
      const bool fits = game.fits_anywhere(t);
      if (discard && fits)
        fail(Status::IllegalMove, l.number, fmt::format("{} fits on the board here, so it must be placed, not discarded", name));
      if (!discard && !fits)
        fail(Status::IllegalMove, l.number,
             fmt::format("{} fits nowhere here: the record must say 'discard {}' for it", name, name));
      game.draw(t);
    };
    // Draws the engine has made that only a 'discard' line may account for (all of them but
    // the tile in hand; in the bonus phase no tile is in hand).
    auto discards_owed = [&] {
      const bool holding = game.phase() == Phase::PlaceTile || game.phase() == Phase::PlaceMeeple;
      return game.drawn() - (holding ? 1 : 0) - accounted;
    };
    for (; have; have = reader.next(l)) {
      const std::string_view key = l.word(0);
      if (deal_at) malformed(l.number, fmt::format("the 'deal' on line {} must be the last line", deal_at));
      if (key == "deal") {
        if (!h.hidden)
          malformed(l.number, "a 'deal' line ends the full record of a game whose pile is hidden ('pile hidden')");
        std::string_view rest = l.text;
        next_word(rest);
        std::vector<TileType> order;
        if (l.count != 2 || l.word(1) != "-") read_tiles(l, rest, "the deal", h.options, order);
        if (l.count < 2) malformed(l.number, "a deal is 'deal' and the face-down tiles in draw order, or 'deal -'");
        if (game.deal(order) != Status::Ok) {  // which tile is too many, or missing
          std::array<int, kTileTypes> listed{};
          for (const TileType t : order)
            if (++listed[t] > game.face_down(t))
              fail(Status::IllegalMove, l.number,
                   fmt::format("the deal lists {} once too often: {} face down here", tile_name(t), game.face_down(t)));
          for (int t = 0; t < kTileTypes; ++t)
            if (listed[t] < game.face_down(static_cast<TileType>(t)))
              fail(Status::IllegalMove, l.number,
                   fmt::format("the deal leaves out {}, which is face down here", tile_name(static_cast<TileType>(t))));
        }
        deal_at = l.number;
        continue;
      }
      std::string subject;
      const DecisionKind answers = decision_of_word(key, &subject);
      if (in_hand_at && !(answers == DecisionKind::Place && !early_at))
        malformed(l.number, fmt::format("the draw of the tile in hand on line {} must be the last line", in_hand_at));
      // A ransom said where the decision before the draw may place a tile itself (the abbey),
      // followed by that decision's own line: it was paid there (README D2).
      if (early_at && answers != DecisionKind::None && answers == decision_kind(game)) take_early();
      if (early_at && (answers != DecisionKind::None || key == "discard" || key == "aside"))
        malformed(l.number, fmt::format("'{}' on line {} must come right before its placement", early, early_at));
      if (!is_move_word(key) && key != "discard" && key != "draw" && key != "aside" && answers == DecisionKind::None) {
        if (key == "players" || key == "seed" || key == "order" || key == "pile" || find_option(key))
          malformed(l.number, fmt::format("header line '{}' after the first move", echo(key)));
        malformed(l.number, fmt::format("'{}' is not a move ('E 0,-1 180 S') or a discard ('discard C'){}", joined(l),
                                        letter_hint(key)));
      }
      if (undecided_at)
        malformed(l.number, fmt::format("the move on line {} left its meeple undecided ('?'), so it must be the last", undecided_at));
      // An option of the placement decision that is a line of its own (a ransom): the
      // decision before it that a move implies is taken (the bonus tile).
      if (answers == DecisionKind::Place) {
        const std::string text = joined(l);
        // Where the decision before the draw places a tile itself (the abbey), the ransom is
        // that decision's if its own line follows, else the next drawn tile's (README D2).
        if (Choice c; game.phase() == Phase::Decide && decision_kind(game) != DecisionKind::Place && parse_choice(game, text, c) &&
                      of_pending_kind(game, c)) {
          early = text;
          early_at = l.number;
          continue;
        }
        if (Choice c; implied_choice(game, c)) decide(game, c);
        if (h.hidden && game.phase() == Phase::Draw) {
          early = text;
          early_at = l.number;
          continue;
        }
        if (decision_kind(game) != answers) fail(Status::IllegalMove, l.number, not_due_text(text));
        decide_line(text, l.number);
        continue;
      }
      // An expansion's decision: a line of its own, where that decision waits.
      if (answers != DecisionKind::None) {
        std::string text = l.count == 1 ? std::string(key) : joined(l);
        Choice c;
        // A word two decisions share ('pass': the builder's bonus tile, or the bonus part
        // that may be the abbey) answers the one pending.
        const bool pending_reads = parse_choice(game, text, c) && c.kind == decision_kind(game);
        if (decision_kind(game) != answers && !pending_reads) {
          // A line that spells no option of its kind ('pass x') is malformed, due or not.
          const std::string not_due = not_due_text(text);
          if (not_due.empty()) malformed(l.number, fmt::format("'{}' is a line of its own, not '{}'", echo(key), echo(text)));
          fail(Status::IllegalMove, l.number, not_due);
        }
        // An option that places a tile (the abbey) is followed by its figure action, as a move
        // line ends with one: a figure action, '-' for none, '?' for not decided yet.
        std::string_view action;
        if (!parse_choice(game, text, c) && l.count == 3 && l.count <= kKept) {
          action = l.word(2);
          text = fmt::format("{} {}", key, l.word(1));
          if (!parse_choice(game, text, c)) action = {};
        }
        if (action.empty() && !parse_choice(game, text, c))
          malformed(l.number, fmt::format("'{}' is a line of its own, not '{}'", echo(key), echo(text)));
        Verdict v;
        if (decide(game, c, nullptr, &v) != Status::Ok) fail(Status::IllegalMove, l.number, refusal_text(game, c, v));
        if (game.phase() != Phase::PlaceMeeple) {
          if (!action.empty()) malformed(l.number, fmt::format("'{}' places no tile, so it takes no figure action", text));
          continue;
        }
        ++accounted;  // the tile it placed joined the drawn ones
        if (action.empty())
          malformed(l.number, fmt::format("'{}' places a tile: its figure action follows on the line ('-' for none)", text));
        if (action == "?") {
          undecided_at = l.number;
          continue;
        }
        FigureChoice f;
        if (action != "-" && !parse_figure_action(action, f))
          malformed(l.number, fmt::format("'{}' is no figure action", echo(action)));
        if (game.act(f, nullptr, &v) != Status::Ok)
          fail(Status::IllegalMove, l.number, fmt::format("illegal figure action '{}': {}", echo(action), describe(v)));
        continue;
      }
      // Any other line where a decision waits takes the option a move implies (the bonus
      // tile, taken); a decision that no move implies needs its own line.
      if (Choice c; implied_choice(game, c)) decide(game, c);
      else if (game.phase() == Phase::Decide)
        fail(Status::IllegalMove, l.number, fmt::format("{} is player {}'s to decide", pending_subject(game), decider(game)));
      // A drawn tile that is not placed: set aside (a dragon tile before the dragon) or
      // discarded (it fits nowhere).
      if (key == "aside" || key == "discard") {
        const bool aside = key == "aside";
        if (l.count != 2 || !is_move_word(l.word(1)))
          malformed(l.number, fmt::format("{} is '{} <tile id>', not '{}'", aside ? "a set-aside tile" : "a discard", key, joined(l)));
        const TileType t = tile_from_name(l.word(1));
        if (h.hidden) {
          supply(t, !aside, aside);
          ++accounted;
          continue;
        }
        if (accounted >= game.drawn()) fail(Status::IllegalMove, l.number, "the game is over: no tile is left to draw");
        const TileType drawn = game.draw_order()[accounted];
        if (drawn != t)
          fail(Status::IllegalMove, l.number,
               fmt::format("{} draws {} here (draw {}), not {}", draw_source(game), tile_name(drawn), accounted + 1, l.word(1)));
        if (aside && !game.set_aside(accounted)) fail(Status::IllegalMove, l.number, not_aside(t));
        if (!aside && game.set_aside(accounted))
          fail(Status::IllegalMove, l.number, fmt::format("{} is set aside here (the dragon is not on the board): the record must say 'aside {}'", l.word(1), l.word(1)));
        if (!aside && !game.discarded(accounted))
          fail(Status::IllegalMove, l.number,
               fmt::format("{} fits on the board here, so it must be placed, not discarded", l.word(1)));
        ++accounted;
        continue;
      }
      if (key == "draw") {
        if (!h.hidden) malformed(l.number, "a 'draw' line belongs to a record whose pile is hidden ('pile hidden')");
        if (l.count != 2 || !is_move_word(l.word(1)))
          malformed(l.number, fmt::format("a draw is 'draw <tile id>', not '{}'", joined(l)));
        supply(tile_from_name(l.word(1)), false);
        ++accounted;
        in_hand_at = l.number;
        take_early();
        continue;
      }
      // A move line; a trailing '?' places the tile and leaves the meeple undecided. The move
      // is parsed from the words kept, in place (a copy of a 50 MB line costs that much
      // again); a line longer than a move keeps a word too many, which fails.
      const bool undecided = l.last == "?";
      const size_t words = std::min(undecided ? l.count - 1 : l.count, kKept);
      TileType t = kNoTile;
      Move m;
      std::string why;
      if (!parse_move_words(std::span<const std::string_view>(l.kept.data(), words), t, m, &why)) malformed(l.number, fmt::format("'{}' is not a move: {}", joined(l), why));
      if (undecided && (m.meeple != Location::None || m.figure != Figure::Meeple))
        malformed(l.number, "a move has one figure word: a figure action, '-' or '?'");
      if (h.hidden) supply(t, false);
      take_early();
      if (!h.hidden && discards_owed() > 0) {
        const std::string_view letter = tile_name(game.draw_order()[accounted]);
        if (game.set_aside(accounted))
          fail(Status::IllegalMove, l.number,
               fmt::format("{} draws {} here while the dragon is not on the board: the record must say 'aside {}' before this move",
                           draw_source(game), letter, letter));
        fail(Status::IllegalMove, l.number,
             fmt::format("{} draws {} here, which fits nowhere: the record must say 'discard {}' before this move",
                         draw_source(game), letter, letter));
      }
      if (game.over()) fail(Status::IllegalMove, l.number, "the game is over: no tile is left to place");
      if (t != game.current_tile())
        fail(Status::IllegalMove, l.number,
             fmt::format("{} draws {} here (draw {}), not {}", draw_source(game), tile_name(game.current_tile()),
                         accounted + 1, tile_name(t)));
      Verdict v;
      const Status s = undecided ? game.place(m.at, &v) : game.play(m, nullptr, &v);
      if (s != Status::Ok) fail(Status::IllegalMove, l.number, fmt::format("illegal move '{}': {}", joined(l), describe(v)));
      ++accounted;
      if (undecided) undecided_at = l.number;
    }
    // A record that ends where a ransom commits to the abbey: the game waits for its line.
    if (early_at && game.phase() == Phase::Decide) take_early();
    if (early_at) malformed(early_at, fmt::format("'{}' must come right before its placement", early));
    if (!h.hidden && !undecided_at && discards_owed() > 0) {
      const std::string_view letter = tile_name(game.draw_order()[accounted]);
      if (game.set_aside(accounted))
        fail(Status::IllegalMove, reader.last_line(),
             fmt::format("the record ends, but {} draws {} next, which is set aside (the dragon is not on the board): add 'aside {}'",
                         draw_source(game), letter, letter));
      fail(Status::IllegalMove, reader.last_line(),
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

}  // namespace detail

Status load_record(std::string_view text, Game& out, RecordError* error) {
  return detail::load_record(text, out, error, INT_MAX);
}

}  // namespace carc
