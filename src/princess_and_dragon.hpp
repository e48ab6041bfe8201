// The Princess & Dragon module (princess_and_dragon.cpp; docs/expansions.md, "The Princess &
// the Dragon"): volcanoes bring the dragon, dragon tiles drawn before it are set aside, and a
// dragon tile sends it on a flight of up to six steps, each decided by the next player in
// turn, eating the figures on every tile it enters, before the placement's scoring.
#pragma once

#include <fmt/format.h>

#include <string>

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::PrincessAndDragon> : Hooks {
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::PrincessAndDragon;
  static constexpr int kMaxSteps = 6;
  static constexpr int kMaxPortalOptions = 5 * Features::kMaxSegments;
  // The fairy's move and the princess's removal: actions on another tile ("F:1,0:E").
  static constexpr std::array<FigureKind, 2> kFigures{{
      {Figure::Fairy, "fairy", "F:", Reach::Elsewhere, 0, 0},
      {Figure::Princess, "princess", "princess:", Reach::Elsewhere, 0, 0},
  }};
  // The figures the magic portal deploys onto another tile (with Abbey & Mayor the mayor and
  // the wagon too), in the order its options list them.
  static constexpr std::array<Figure, 5> kPortalFigures{Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Mayor,
                                                        Figure::Wagon};
  // They, the fairy and the princess act on other tiles; the fairy also beside the figure on
  // a tower's top (with The Tower).
  static constexpr FigureSet kOtherTileFigures = set_of(kPortalFigures) | bit(Figure::Fairy) | bit(Figure::Princess);
  static constexpr FigureSet kTowerTopFigures = bit(Figure::Fairy);
  static int figure_options(const Game& g, FigureChoice* out);
  static bool check_elsewhere(const Game& g, const FigureChoice& c, Verdict* v);
  static bool act_elsewhere(Game& g, const FigureChoice& c, Events* events);
  static bool canonical_elsewhere(const Game& g, FigureChoice& c);
  static void turn_passes(Game& g, Events* events);
  static void completed(Game& g, SegId root, Events* events) { fairy_bonus(g, root, events); }
  static void end_scored(Game& g, SegId root, Events* events) {
    if (fairy_with(g)) fairy_bonus(g, root, events);
  }
  // Whether the follower the fairy was put next to still stands there (on the board or, with
  // The Tower, on a tower top).
  static bool fairy_with(const Game& g);

  static constexpr bool sets_aside(TileType t) { return tiles::raw::kTiles[t].symbol == tiles::raw::Symbol::Dragon; }
  static bool would_set_aside(const Game& g, TileType t) { return g.modules_.dragon.dragon == 0xFF && sets_aside(t); }
  static bool set_aside(Game& g, TileType t, Events* events);
  static bool was_set_aside(const Game& g, int draw) {
    return (g.modules_.dragon.aside_draws[static_cast<size_t>(draw >> 6)] >> (draw & 63)) & 1;
  }
  static std::span<const TileType> went_back(const Game& g, int* at) {
    *at = g.modules_.dragon.back_at;
    return {g.modules_.dragon.aside.data(), g.modules_.dragon.back};
  }
  static void placed(Game& g, TileType t, Placement p);
  static bool closed_to_figures(const Game& g) {
    return g.modules_.dragon.dragon == g.board_.tile_count() - 1;
  }
  static bool check_deploy(const Game& g, Figure, SegId, Verdict* v) {
    if (!closed_to_figures(g)) return false;
    *v = Verdict{Illegal::DragonTile};
    return true;
  }
  static bool hold_before_scoring(Game& g, Events* events);

  // The flight: a step north, east, south or west (options 0..3).
  static constexpr bool decides(DecisionKind k) { return k == DecisionKind::Dragon; }
  static constexpr int options(DecisionKind) { return 4; }
  static constexpr int kActionSlots = 4;
  static int decider(const Game& g) { return (g.modules_.dragon.placer + g.modules_.dragon.steps) % g.players_; }
  static int choices(const Game& g, Choice* out);
  static Verdict check_choice(const Game& g, const Choice& c);
  static void decide(Game& g, const Choice& c, Events* events) { step(g, c.option, events); }
  static void random_decision(Game& g, Rng& rng, Events* events);
  static bool recalled(const Game& game, const Game& replay, Choice* c);
  static std::string_view choice_word(const Choice& c);
  static std::string_view line_word(DecisionKind) { return "dragon"; }
  static std::string_view verb(const Choice&) { return "steers"; }
  static std::string_view due_when(DecisionKind) { return "a line whose tile shows a dragon starts a flight"; }
  static std::string pending(const Game& g) { return "the dragon's step " + std::to_string(g.modules_.dragon.steps + 1); }
  static std::string refusal(const Game& g, const Choice& c);
  static bool parse_word(DecisionKind k, std::string_view word, Choice* c);
  static std::string_view subject(DecisionKind) { return "a step of the dragon's flight"; }
  static std::string_view choice_said(const Choice& c);
  static std::string_view prompt(DecisionKind) { return "move the dragon one step"; }
  // A step is taken on the tile the dragon would enter.
  static bool option_place(const Game& g, const Choice& c, int& x, int& y, Location& loc);
  // The dragon eats across the board.
  static constexpr bool kProjectable = false;

  // Planes: the dragon, the fairy, the tiles of the flight under way; a seat scalar: the
  // fairy stands beside the seat's meeple; scalars: the dragon is on the board, dragon tiles
  // set aside, steps flown, a dragon step is due.
  static constexpr Observed kObserved{rl::kDragonPlanes, rl::kDragonSeatScalars, rl::kDragonScalars};
  static void observe_board(const Game& g, const Planes& planes);

  // Pictures: the dragon ('D') and the fairy ('F') over their tiles; a legend line.
  template <class F>
  static void pieces(const Game& g, F&& piece) {
    if (g.modules_.dragon.dragon != 0xFF) piece(g.modules_.dragon.dragon, "dragon", 'D');
    if (g.modules_.dragon.fairy != 0xFF) piece(g.modules_.dragon.fairy, "fairy", 'F');
  }
  template <class F>
  static void legend(const Game& g, F&& line) {
    int x = 0, y = 0;
    Location next_to;
    std::string text = g.dragon_at(x, y) ? fmt::format("dragon (D) at {},{}", x, y) : std::string("dragon beside the board");
    if (g.fairy_at(x, y, next_to))
      text += next_to == Location::None ? fmt::format("; fairy (F) at {},{}", x, y)
                                        : fmt::format("; fairy (F) at {},{} beside the meeple on {}", x, y, location_name(next_to));
    line("dragon-legend", text);
  }
  static void observe_scalars(const Game& g, int observer, float* s);

  // The figure kinds the magic portal carries onto another tile; move text reads "@x,y:" only
  // before these.
  static bool portal_figure(Figure f) {
    return f == Figure::Meeple || f == Figure::Large || f == Figure::Abbot || f == Figure::Mayor || f == Figure::Wagon;
  }

 private:
  // The tile one step from the dragon in direction d where it may go, or -1.
  static int target(const Game& g, int d);
  static bool can_move(const Game& g);
  static void step(Game& g, int d, Events* events);
  static int eat(Game& g, int tile, Events* events);
  static void land_back(Game& g);
  static void end_flight(Game& g, Events* events);
  static void fairy_bonus(Game& g, SegId root, Events* events);
  static bool moves_fairy(const Game& g, const Meeple& m);
  static bool fairy_to_tower(const Game& g, int tile, int owner);
  // The root of the city that shows the princess on the tile just placed, if it holds a knight.
  static bool princess_city(const Game& g, SegId& root);
  static bool removable(const Game& g, SegId city, const Meeple& m);
  // The magic portal's deployments (figure kind, then tile x, y, then the part's location).
  static int portal_options(const Game& g, FigureChoice* out);
};

}  // namespace carc
