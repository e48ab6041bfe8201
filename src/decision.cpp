// The decision model over the game's phases: each base phase is one kind of decision, answered
// by the call that phase has always had (draw, place, act), so a decision taken here and the
// same move taken there are the same game; in Phase::Decide, the module whose kind of
// decision is pending lists, checks, takes and spells its options.
#include "carcassonne/decision.hpp"

#include <fmt/format.h>

#include "carcassonne/notation.hpp"
#include "modules.hpp"

namespace carc {

namespace {
// Calls f(module) for the module whose decisions are of kind k; false if there is none.
template <class F>
bool with_module(DecisionKind k, F&& f) {
  return Modules::any(static_cast<Mix>(kMixes - 1), [&](auto m) { return decltype(m)::decides(k) && (f(m), true); });
}

// How many options an expansion's decision of kind k has (its option numbers are below).
int options_of(DecisionKind k) {
  int n = 0;
  with_module(k, [&](auto m) { n = decltype(m)::options(k); });
  return n;
}

// Whether a module answers the option: one of an expansion's decision, or a module's own
// option of the placement decision (the ransom: option 1; 0 is a placement).
bool has_place_options(const Game& game) {
  return any_module(mix_of(game.options()), [](auto m) { return decltype(m)::decides(DecisionKind::Place); });
}

bool module_option(const Choice& c) {
  return static_cast<int>(c.kind) >= kFirstExpansionKind || (c.kind == DecisionKind::Place && c.option != 0);
}

// Whether decisions of kind k are placement decisions: the base one, or a module's that
// places a tile (the abbey), where the modules' options of the placement decision come first.
bool placement_kind(DecisionKind k) {
  bool places = k == DecisionKind::Place;
  if (!places) with_module(k, [&](auto m) { places = decltype(m)::places_tile(k); });
  return places;
}

// What no phase's own call checks: that the choice answers the decision the game waits for
// (an expansion's, with one of its options), and that a placement is of the tile in hand
// (another tile is not what this decision is about). The phase's call checks the rest.
Verdict check_kind(const Game& game, const Choice& c) {
  if (!of_pending_kind(game, c) || c.kind == DecisionKind::None) return Verdict{Illegal::WrongPhase};
  if (static_cast<int>(c.kind) >= kDecisionKinds || (module_option(c) && c.option >= options_of(c.kind)))
    return Verdict{Illegal::WrongPhase};
  if (c.kind == DecisionKind::Place && c.tile != kNoTile && c.tile != game.current_tile()) return Verdict{Illegal::WrongPhase};
  return Verdict{};
}
}  // namespace

DecisionKind decision_kind(const Game& game) {
  switch (game.phase()) {
    case Phase::Draw: return DecisionKind::Draw;
    case Phase::PlaceTile: return DecisionKind::Place;
    case Phase::PlaceMeeple: return DecisionKind::Figure;
    case Phase::Decide: return static_cast<DecisionKind>(game.pending_decision());
    case Phase::GameOver: return DecisionKind::None;
  }
  return DecisionKind::None;
}

bool of_pending_kind(const Game& game, const Choice& c) {
  const DecisionKind pending = decision_kind(game);
  return c.kind == pending || (c.kind == DecisionKind::Place && c.option != 0 && placement_kind(pending));
}

int decider(const Game& game) {
  const DecisionKind k = decision_kind(game);
  switch (k) {
    case DecisionKind::None: return kNobody;
    case DecisionKind::Draw: return kChance;
    default: {
      int who = game.current_player();
      with_module(k, [&](auto m) { who = decltype(m)::decider(game); });
      return who;
    }
  }
}

int list_choices(const Game& game, Choice* out) {
  int n = 0;
  const DecisionKind k = decision_kind(game);
  switch (k) {
    case DecisionKind::None: break;
    case DecisionKind::Draw:
      for (int t = 0; t < kTileTypes; ++t) {
        const auto tile = static_cast<TileType>(t);
        if (game.check_draw(tile)) out[n++] = Choice{DecisionKind::Draw, tile};
      }
      break;
    case DecisionKind::Place: {
      n = place_options(game, out);
      PlacementBuffer at;
      const int k = game.legal_placements(at);
      for (int i = 0; i < k; ++i) out[n++] = Choice{DecisionKind::Place, game.current_tile(), at[i]};
      break;
    }
    case DecisionKind::Figure: {
      FigureBuffer opts;
      const int k = game.figure_options(opts);
      out[n++] = Choice{DecisionKind::Figure};
      for (int i = 0; i < k; ++i) out[n++] = Choice{DecisionKind::Figure, kNoTile, {}, opts[i]};
      break;
    }
    default:
      if (placement_kind(k)) n = place_options(game, out);
      with_module(k, [&](auto m) { n += decltype(m)::choices(game, out + n); });
  }
  return n;
}

Verdict check_choice(const Game& game, const Choice& c) {
  if (const Verdict v = check_kind(game, c); !v) return v;
  if (module_option(c)) {
    Verdict v{Illegal::WrongPhase};
    with_module(c.kind, [&](auto m) { v = decltype(m)::check_choice(game, c); });
    return v;
  }
  switch (c.kind) {
    case DecisionKind::Draw: return game.check_draw(c.tile);
    case DecisionKind::Place: return game.check_placement(c.at);
    case DecisionKind::Figure: return game.check_figure(c.figure);
    default: {
      Verdict v;
      with_module(c.kind, [&](auto m) { v = decltype(m)::check_choice(game, c); });
      return v;
    }
  }
}

bool choice_place(const Game& game, const Choice& c, int& x, int& y, Location& loc) {
  loc = Location::None;
  switch (c.kind) {
    case DecisionKind::None:
    case DecisionKind::Draw: return false;
    case DecisionKind::Place:
      x = c.at.x;
      y = c.at.y;
      return true;
    case DecisionKind::Figure: {
      const FigureChoice& f = c.figure;
      if (f.location != Location::None) {
        const Board& board = game.board();
        const PlacedTile& last = board.tile(board.tile_count() - 1);
        x = f.elsewhere ? f.x : last.x;
        y = f.elsewhere ? f.y : last.y;
        loc = f.location;
        return true;
      }
      break;  // no figure action, or one the module that has it places (the recall)
    }
    default: break;
  }
  return any_module(mix_of(game.options()), [&](auto m) { return decltype(m)::option_place(game, c, x, y, loc); });
}

bool implied_choice(const Game& game, Choice& c) {
  bool found = false;
  if (game.phase() == Phase::Decide)
    with_module(decision_kind(game), [&](auto m) { found = decltype(m)::implied(game, &c); });
  return found;
}

bool recalled_choice(const Game& game, const Game& replay, Choice& c) {
  bool found = false;
  if (replay.phase() == Phase::Decide || (replay.phase() == Phase::PlaceTile && has_place_options(replay)))
    with_module(decision_kind(replay), [&](auto m) { found = decltype(m)::recalled(game, replay, &c); });
  return found;
}

Status decide(Game& game, const Choice& c, Events* events, Verdict* why) {
  const Verdict v = check_kind(game, c);
  if (why) *why = v;
  if (!v) return Status::WrongPhase;
  if (module_option(c)) {
    const Verdict checked = check_choice(game, c);
    if (why) *why = checked;
    if (!checked) return Status::IllegalMove;
    with_module(c.kind, [&](auto m) { decltype(m)::decide(game, c, events); });
    return Status::Ok;
  }
  switch (c.kind) {  // each call checks the choice itself, and says why it refuses
    case DecisionKind::Draw: return game.draw(c.tile, events, why);
    case DecisionKind::Place: return game.place(c.at, why);
    case DecisionKind::Figure: return game.act(c.figure, events, why);
    case DecisionKind::None: break;
    default: {
      const Verdict checked = check_choice(game, c);
      if (why) *why = checked;
      if (!checked) return Status::IllegalMove;
      with_module(c.kind, [&](auto m) { decltype(m)::decide(game, c, events); });
      return Status::Ok;
    }
  }
  return Status::Internal;
}

std::string decision_prompt(const Game& game) {
  const DecisionKind k = decision_kind(game);
  switch (k) {
    case DecisionKind::None: return "";
    case DecisionKind::Draw: return "draw a tile";
    case DecisionKind::Place: return fmt::format("place {}", tile_name(game.current_tile()));
    case DecisionKind::Figure: return "deploy a figure or not";
    default: {
      std::string_view words;
      with_module(k, [&](auto m) { words = decltype(m)::prompt(k); });
      return std::string(words);
    }
  }
}

std::string choice_text(const Choice& c) {
  switch (c.kind) {
    case DecisionKind::Draw: return fmt::format("draw {}", tile_name(c.tile));
    case DecisionKind::Place:
      if (c.option != 0) {
        std::string line;
        with_module(c.kind, [&](auto m) { line = decltype(m)::choice_line(c); });
        return line;
      }
      return format_move(c.tile, Move{c.at});
    case DecisionKind::Figure: {
      const std::string word =
          figure_action_text(Move{{}, c.figure.location, c.figure.figure, c.figure.elsewhere, c.figure.x, c.figure.y});
      return word.empty() ? "-" : word;
    }
    case DecisionKind::None: break;
    default: {
      std::string line;
      with_module(c.kind, [&](auto m) {
        line = decltype(m)::choice_word(c);
        if (line.empty()) line = decltype(m)::choice_line(c);
      });
      return line;
    }
  }
  return "";
}

DecisionKind decision_of_word(std::string_view word, std::string* subject) {
  for (int i = kFirstExpansionKind - 2; i < kDecisionKinds; ++i) {  // Place (the ransom), then the expansions' kinds
    if (i == static_cast<int>(DecisionKind::Figure)) continue;
    const auto k = static_cast<DecisionKind>(i);
    Choice c;
    bool read = false;
    with_module(k, [&](auto m) {
      read = decltype(m)::parse_word(k, word, &c) || (!decltype(m)::line_word(k).empty() && word == decltype(m)::line_word(k));
      if (read && subject) *subject = decltype(m)::subject(k);
    });
    if (read) return k;
  }
  return DecisionKind::None;
}

std::string not_due_text(std::string_view text) {
  std::string message;
  for (int i = kFirstExpansionKind - 2; i < kDecisionKinds && message.empty(); ++i) {
    if (i == static_cast<int>(DecisionKind::Figure)) continue;
    const auto k = static_cast<DecisionKind>(i);
    with_module(k, [&](auto m) {
      using M = decltype(m);
      Choice c{k};
      if (!M::parse_word(k, text, &c) && (M::line_word(k).empty() || !text.starts_with(M::line_word(k)))) return;
      const std::string_view when = M::due_when(k);
      message = fmt::format("'{}' {} {}, but none is due here{}", text, M::verb(c), M::subject(k),
                            when.empty() ? std::string() : fmt::format(" ({})", when));
    });
  }
  return message;
}

std::string pending_subject(const Game& game) {
  std::string text;
  if (game.phase() == Phase::Decide)
    with_module(decision_kind(game), [&](auto m) {
      text = decltype(m)::pending(game);
      if (text.empty()) text = decltype(m)::subject(decision_kind(game));
    });
  return text;
}

std::string refusal_text(const Game& game, const Choice& c, const Verdict& v) {
  std::string text;
  if (module_option(c)) with_module(c.kind, [&](auto m) { text = decltype(m)::refusal(game, c); });
  return text.empty() ? describe(v) : text;
}

std::string describe_choice(int player, const Choice& c) {
  switch (c.kind) {
    case DecisionKind::None: return "";
    case DecisionKind::Draw: return fmt::format("{} is drawn", tile_name(c.tile));
    case DecisionKind::Place:
      return c.option != 0 ? fmt::format("player {} pays {}", player, choice_text(c))
                           : fmt::format("player {} places {}", player, choice_text(c));
    case DecisionKind::Figure:
      return c.figure.location == Location::None && c.figure.figure == Figure::Meeple
                 ? fmt::format("player {} deploys no figure", player)
                 : fmt::format("player {} deploys {}", player, choice_text(c));
    default: {
      std::string_view said;
      with_module(c.kind, [&](auto m) { said = decltype(m)::choice_said(c); });
      return fmt::format("player {} {}", player, said);
    }
  }
}

bool parse_choice(const Game& game, std::string_view text, Choice& c, std::string* error) {
  const auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return false;
  };
  Choice out{decision_kind(game)};
  // A line of a module's decision that is not the one pending and that begins with its own
  // word (a ransom while a capture is due, a capture when none is) is read, for decide to
  // refuse as the wrong phase.
  if (const DecisionKind k = decision_of_word(text.substr(0, text.find(' '))); k != DecisionKind::None && k != out.kind) {
    bool read = false;
    with_module(k, [&](auto m) {
      read = !decltype(m)::line_word(k).empty() && text.starts_with(decltype(m)::line_word(k)) &&
             decltype(m)::parse_word(k, text, &out);
    });
    if (read) {
      c = out;
      return true;
    }
  }
  switch (out.kind) {
    case DecisionKind::None: return fail("the game is over: there is nothing to decide");
    case DecisionKind::Draw: {
      constexpr std::string_view kDraw = "draw ";
      if (text.substr(0, kDraw.size()) != kDraw) return fail(fmt::format("a draw is written 'draw <tile>', not '{}'", echo(text)));
      out.tile = tile_from_name(text.substr(kDraw.size()));
      if (out.tile == kNoTile) return fail(fmt::format("'{}' names no tile", echo(text.substr(kDraw.size()))));
      break;
    }
    case DecisionKind::Place: {
      bool read = false;
      with_module(out.kind, [&](auto m) { read = decltype(m)::parse_word(out.kind, text, &out); });
      if (read) {
        out.tile = game.current_tile();
        break;
      }
      Move m;
      std::string why;
      if (!parse_move(text, out.tile, m, &why)) return fail(why);
      if (m.meeple != Location::None || m.figure != Figure::Meeple)
        return fail("a placement is written without its figure action, which is the next decision");
      out.at = m.at;
      break;
    }
    case DecisionKind::Figure:
      if (!parse_figure_action(text, out.figure))
        return fail(fmt::format("'{}' is no figure action", echo(text)));
      break;
    default: {
      bool read = false;
      with_module(out.kind, [&](auto m) { read = decltype(m)::parse_word(out.kind, text, &out); });
      if (!read) {
        ChoiceBuffer list;
        std::string words;
        for (int i = 0, n = list_choices(game, list); i < n; ++i) words += (i ? ", " : "") + choice_text(list[i]);
        return fail(fmt::format("'{}' is no option of this decision ({})", echo(text), words));
      }
    }
  }
  c = out;
  return true;
}

namespace {
constexpr int kKindShift = 56, kOptionShift = 60, kTileShift = 32, kElsewhereBit = 25, kFigureHighBit = 26;

// A figure action's bits: its location, its kind (bits 22..24, and 26 for kinds above 7) and,
// on another tile, that tile's square. Also the payload of an expansion's options that name
// a figure on the board (a capture) or a player (a ransom: the holder in x).
uint64_t pack_figure(const FigureChoice& f) {
  const auto kind = static_cast<uint64_t>(f.figure);
  uint64_t id = static_cast<uint64_t>(static_cast<uint8_t>(f.location) & 15) << 18 | (kind & 7) << 22 | (kind >> 3 & 1) << kFigureHighBit |
                static_cast<uint64_t>(static_cast<uint8_t>(f.x)) << 40 | static_cast<uint64_t>(static_cast<uint8_t>(f.y)) << 48;
  if (f.elsewhere) id |= uint64_t{1} << kElsewhereBit;
  return id;
}
constexpr uint64_t kFigureBits = uint64_t{0x1FF} << 18 | uint64_t{1} << kElsewhereBit | uint64_t{1} << kFigureHighBit | uint64_t{0xFFFF} << 40;

FigureChoice unpack_figure(uint64_t id) {
  FigureChoice f{static_cast<Figure>(((id >> 22) & 7) | ((id >> kFigureHighBit) & 1) << 3), static_cast<Location>((id >> 18) & 15)};
  f.elsewhere = (id >> kElsewhereBit) & 1;
  f.x = static_cast<int8_t>((id >> 40) & 0xFF);
  f.y = static_cast<int8_t>((id >> 48) & 0xFF);
  return f;
}
}  // namespace

uint64_t pack_choice(const Choice& c) {
  uint64_t id = static_cast<uint64_t>(c.kind) << kKindShift;
  switch (c.kind) {
    case DecisionKind::Draw: id |= static_cast<uint64_t>(c.tile) << kTileShift; break;
    case DecisionKind::Place:
      if (c.option != 0) {
        id |= pack_figure(c.figure) | static_cast<uint64_t>(c.tile) << kTileShift | static_cast<uint64_t>(c.option & 15) << kOptionShift;
        break;
      }
      id |= static_cast<uint64_t>(static_cast<uint8_t>(c.at.x)) | static_cast<uint64_t>(static_cast<uint8_t>(c.at.y)) << 8 |
            static_cast<uint64_t>(c.at.rot & 3) << 16 | static_cast<uint64_t>(c.tile) << kTileShift;
      break;
    case DecisionKind::Figure: id |= pack_figure(c.figure); break;
    case DecisionKind::None: break;
    default:  // options without a figure, square or tile (the bonus tile, a dragon step) keep their bits free
      if (c.figure != FigureChoice{}) id |= pack_figure(c.figure);
      // A square (the abbey's hole, a wagon's target) and a tile (the abbey) as a placement has them.
      id |= static_cast<uint64_t>(static_cast<uint8_t>(c.at.x)) | static_cast<uint64_t>(static_cast<uint8_t>(c.at.y)) << 8 |
            static_cast<uint64_t>(c.at.rot & 3) << 16;
      if (c.tile != kNoTile) id |= static_cast<uint64_t>(c.tile) << kTileShift;
      id |= static_cast<uint64_t>(c.option & 15) << kOptionShift;
      break;
  }
  return id;
}

bool unpack_choice(uint64_t id, Choice& c) {
  Choice out{static_cast<DecisionKind>((id >> kKindShift) & 15)};
  uint64_t used = uint64_t{15} << kKindShift;
  switch (out.kind) {
    case DecisionKind::Draw:
      out.tile = static_cast<TileType>((id >> kTileShift) & 0xFF);
      used |= uint64_t{0xFF} << kTileShift;
      if (out.tile >= kTileTypes) return false;
      break;
    case DecisionKind::Place:
      out.tile = static_cast<TileType>((id >> kTileShift) & 0xFF);
      out.option = static_cast<uint8_t>((id >> kOptionShift) & 15);
      used |= uint64_t{0xFF} << kTileShift | uint64_t{15} << kOptionShift;
      // A module's option may name no tile (a ransom read where no tile is in hand).
      if ((out.tile >= kTileTypes && (out.option == 0 || out.tile != kNoTile)) ||
          out.option >= options_of(out.kind) + (options_of(out.kind) == 0))
        return false;
      if (out.option != 0) {
        out.figure = unpack_figure(id);
        used |= kFigureBits;
        break;
      }
      out.at = Placement{static_cast<int8_t>(id & 0xFF), static_cast<int8_t>((id >> 8) & 0xFF),
                         static_cast<uint8_t>((id >> 16) & 3)};
      used |= 0x3FFFFu;
      break;
    case DecisionKind::Figure:
      out.figure = unpack_figure(id);
      used |= uint64_t{0x1FF} << 18 | uint64_t{1} << kElsewhereBit | uint64_t{1} << kFigureHighBit;
      if (out.figure.elsewhere) used |= uint64_t{0xFFFF} << 40;
      else out.figure.x = out.figure.y = 0;
      break;
    case DecisionKind::None: return false;
    default:
      out.option = static_cast<uint8_t>((id >> kOptionShift) & 15);
      if (id & kFigureBits) out.figure = unpack_figure(id);
      out.at = Placement{static_cast<int8_t>(id & 0xFF), static_cast<int8_t>((id >> 8) & 0xFF), static_cast<uint8_t>((id >> 16) & 3)};
      if (const auto tile = static_cast<TileType>((id >> kTileShift) & 0xFF); tile != 0) {
        if (tile >= kTileTypes) return false;
        out.tile = tile;
      }
      used |= uint64_t{15} << kOptionShift | kFigureBits | 0x3FFFFu | uint64_t{0xFF} << kTileShift;
      if (static_cast<int>(out.kind) < kDecisionKinds && out.option >= options_of(out.kind)) return false;
  }
  if (static_cast<int>(out.kind) >= kDecisionKinds || (id & ~used) != 0) return false;
  c = out;
  return true;
}

}  // namespace carc
