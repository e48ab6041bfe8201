// The Abbey & Mayor module (abbey_and_mayor.cpp; docs/expansions.md, "Abbey & Mayor"): each
// player's abbey tile, placed into a hole instead of a draw and in a final abbey round after
// the last land tile; the mayor, whose strength is its city's shields; the wagon, which its
// owner moves on after its feature scores; the barn on a corner point, which scores its field
// for the farmers at once and for the barn's owner at the end.
#pragma once

#include <fmt/format.h>

#include <string>

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::AbbeyAndMayor> : Hooks {
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::AbbeyAndMayor;
  using State = Game::AbbeyState;
  // The barn stands on a corner of the tile just placed, named in a figure action by the
  // half-edge location beside that corner on the north or south edge (NNW for the north-west
  // corner, NNE, SSE, SSW), spelled by the corner ("N:NW").
  static constexpr std::array<FigureKind, 3> kFigures{{
      {Figure::Mayor, "mayor", "M:", Reach::Feature, 'M', 1, "mayor"},
      {Figure::Wagon, "wagon", "W:", Reach::Feature, 'W', 1, "wagon"},
      {Figure::Barn, "barn", "N:", Reach::Corner, 'N', 2, "barn", "M-10,10 L-10,-3 L0,-11 L10,-3 L10,10 Z", "1.15", false},
  }};
  static constexpr std::array<Location, 4> kCorners = {Location::NNW, Location::NNE, Location::SSE, Location::SSW};
  static constexpr std::array<std::string_view, 4> kCornerNames = {"NW", "NE", "SE", "SW"};
  // The corner (0..3: NW NE SE SW) a barn's location names, or -1.
  static int corner_of(Location loc) {
    for (int k = 0; k < 4; ++k)
      if (kCorners[static_cast<size_t>(k)] == loc) return k;
    return -1;
  }

  static void set_up(Game& g);
  // --- the abbey before a draw, and the final abbey round ---
  static bool before_draw(Game& g, bool bonus, Events* events);
  static bool hold_game_end(Game& g, Events* events);
  // Whether (x, y) is a hole an abbey may fill: empty, tiles on all four sides, and not the
  // square the river's open end points into.
  static bool is_hole(const Game& g, int x, int y);
  static bool any_hole(const Game& g);

  // --- the figures ---
  static int figure_options(const Game& g, FigureChoice* out);
  static bool check_action(const Game& g, Figure f, Location loc, Verdict* v);
  static bool check_deploy(const Game& g, Figure f, SegId root, Verdict* v);
  static bool act(Game& g, Figure f, Location loc, Events* events);
  static bool spell_action(const Move& m, std::string* text);
  static bool read_action(std::string_view word, FigureChoice* c);
  // The barn scores across the board, the wagon moves: the projections cannot follow them.
  static constexpr bool kProjectable = false;

  // --- scoring ---
  static void completing(Game& g, SegId root);
  static bool hold_after_scoring(Game& g, Events* events);
  static void game_end(Game& g, Events* events);
  // Whether a field (by root) holds a barn.
  static bool has_barn(const Game& g, SegId root);

  // --- the decisions: before a draw (0 draw, 1 pass the bonus part, 2 an abbey, 3 decline
  // in the final round, 4 take the bonus part's tile) and the wagon's move (0 move, 1 stay) ---
  static constexpr uint8_t kDraw = 0, kPass = 1, kPlace = 2, kDecline = 3, kTake = 4;
  static constexpr uint8_t kMove = 0, kStay = 1;
  static constexpr bool decides(DecisionKind k) { return k == DecisionKind::Abbey || k == DecisionKind::Wagon; }
  // The abbey's decision is a placement decision: The Tower's ransoms come first (README D2, D3).
  static constexpr bool places_tile(DecisionKind k) { return k == DecisionKind::Abbey; }
  static constexpr int options(DecisionKind k) { return k == DecisionKind::Abbey ? 5 : 2; }
  static int decider(const Game& g);
  static int choices(const Game& g, Choice* out);
  static Verdict check_choice(const Game& g, const Choice& c);
  static void decide(Game& g, const Choice& c, Events* events);
  static void random_decision(Game& g, Rng& rng, Events* events);
  static bool implied(const Game& g, Choice* c);
  static bool recalled(const Game& game, const Game& replay, Choice* c);
  static std::string_view choice_word(const Choice& c);
  static std::string choice_line(const Choice& c);
  static std::string_view line_word(DecisionKind k) { return k == DecisionKind::Abbey ? "abbey" : "wagon"; }
  static bool parse_word(DecisionKind k, std::string_view text, Choice* c);
  static std::string_view subject(DecisionKind k) {
    return k == DecisionKind::Abbey ? "the abbey or the draw" : "a returned wagon's move";
  }
  static std::string_view due_when(DecisionKind k) {
    return k == DecisionKind::Abbey ? "a player who holds an abbey decides before each draw while a hole is open, and in the final abbey round"
                                    : "a wagon sent home by a scoring may move on when an unoccupied, incomplete feature is on or beside its square";
  }
  static std::string_view verb(const Choice& c) { return c.option == kPass || c.option == kDecline ? "declines" : "answers"; }
  static std::string_view choice_said(const Choice& c);
  static std::string_view prompt(DecisionKind k) {
    return k == DecisionKind::Abbey ? "place the abbey into a hole or draw" : "move the wagon or keep it home";
  }
  static bool option_place(const Game& g, const Choice& c, int& x, int& y, Location& loc);

  // RL: the abbey's square (location C) and a wagon's target (square and location) are taken
  // on a cell; the other options have their decision slots by number.
  static constexpr int kCellKinds = 2;
  static constexpr int kActionSlots = 5 + 2;  // options(Abbey) + options(Wagon)
  static int cell_kind(const Choice& c) {
    if (c.kind == DecisionKind::Abbey && c.option == kPlace) return 0;
    return c.kind == DecisionKind::Wagon && c.option == kMove ? 1 : -1;
  }
  static void cell_of(const Choice& c, int8_t& x, int8_t& y, Location& loc) {
    x = c.at.x;
    y = c.at.y;
    loc = c.kind == DecisionKind::Abbey ? Location::C : c.figure.location;
  }
  static bool cell_choice(int k, int8_t x, int8_t y, Location loc, Choice* c) {
    if (k == 0 && loc == Location::C) *c = Choice{DecisionKind::Abbey, tiles::kAbbey, Placement{x, y, 0}, {}, kPlace};
    else if (k == 1) *c = Choice{DecisionKind::Wagon, kNoTile, Placement{x, y, 0}, FigureChoice{Figure::Wagon, loc}, kMove};
    else return false;
    return true;
  }
  // Observation: a plane of the barns (on the square whose NW corner holds one); per seat the
  // abbey, mayor, wagon and barn in hand; whether the abbey or a wagon's decision is due,
  // whether the final abbey round has begun, and whether the observer decides now.
  static constexpr Observed kObserved{rl::kAbbeyPlanes, rl::kAbbeySeatScalars, rl::kAbbeyScalars};
  static void observe_board(const Game& g, const Planes& planes) {
    const auto& s = g.modules_.abbey;
    for (int i = 0; i < s.nbarns; ++i)
      if (planes.inside(s.barns[i].x, s.barns[i].y)) planes.at(0, s.barns[i].x, s.barns[i].y) = 1.0f;
  }
  static void observe_scalars(const Game& g, int observer, float* out) {
    const int P = g.players_;
    for (int k = 0; k < P; ++k) {
      const int p = (observer + k) % P;
      out[k] = g.holds_abbey(p) ? 1.0f : 0.0f;
      out[P + k] = static_cast<float>(g.supply(p, Figure::Mayor));
      out[2 * P + k] = static_cast<float>(g.supply(p, Figure::Wagon));
      out[3 * P + k] = static_cast<float>(g.supply(p, Figure::Barn));
    }
    const bool deciding = g.phase_ == Phase::Decide;
    out[4 * P] = deciding && DecisionKind{g.decision_} == DecisionKind::Abbey ? 1.0f : 0.0f;
    out[4 * P + 1] = deciding && DecisionKind{g.decision_} == DecisionKind::Wagon ? 1.0f : 0.0f;
    out[4 * P + 2] = g.modules_.abbey.final_round ? 1.0f : 0.0f;
    out[4 * P + 3] = deciding && decider(g) == observer ? 1.0f : 0.0f;
  }

  // Pictures: the barns on their corner points; a legend line of abbeys and barns.
  template <class F>
  static void corner_figures(const Game& g, F&& figure) {
    const auto& s = g.modules_.abbey;
    for (int i = 0; i < s.nbarns; ++i) figure(s.barns[i].x, s.barns[i].y, s.barns[i].owner, Figure::Barn);
  }
  template <class F>
  static void legend(const Game& g, F&& line) {
    std::string text = "abbeys:";
    for (int p = 0; p < g.players(); ++p) text += fmt::format("{} {}: {}", p ? "," : "", p, (g.modules_.abbey.abbeys >> p) & 1);
    text += "; barns:";
    const auto& s = g.modules_.abbey;
    if (s.nbarns == 0) text += " none";
    for (int i = 0; i < s.nbarns; ++i) text += fmt::format("{} player {} at point {},{}", i ? "," : "", s.barns[i].owner, s.barns[i].x, s.barns[i].y);
    line("abbey-legend", text);
  }

 private:
  // A wagon's targets: (x, y, location) by x, y, location.
  struct Target {
    int8_t x, y;
    Location location;
  };
  static constexpr int kMaxTargets = 9 * tiles::kMaxSegs;
  static int targets(const Game& g, const State::Wagon& w, Target* out);
  static int holes(const Game& g, Placement* out);
  // Whether a ransom paid at this decision (The Tower) commits the player to the abbey.
  static bool committed(const Game& g);
  static Verdict check_barn(const Game& g, Location corner);
  // Whether the wagons' decisions go on (one is held), else the placement's end goes on.
  static bool next_wagon(Game& g, Events* events);
  static bool next_seat(Game& g, Events* events);
  static void place_abbey(Game& g, int x, int y, Events* events);
  // A field scored for its farmers by a barn (per_city points for each completed city it
  // touches), its farmers and pigs then sent home.
  static void score_barn_field(Game& g, SegId root, int per_city, Event::Type type, Events* events);
};

}  // namespace carc
