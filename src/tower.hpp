// The Tower module (tower.cpp; docs/expansions.md, "The Tower"): tower pieces built onto
// foundations anywhere on the board, figures on tower tops, the capture that follows a piece
// (its reach is the tower's height in the four straight lines), prisoners exchanged one for
// one, and the ransom bought back before a placement.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::Tower> : Hooks {
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::Tower;
  using State = Game::TowerState;
  // A piece onto a foundation ("T:x,y"); the meeple and the large meeple go on top of a
  // tower as actions elsewhere at location TW ("TM:x,y", "TL:x,y").
  static constexpr std::array<FigureKind, 1> kFigures{{
      {Figure::TowerPiece, "tower piece", "T:", Reach::Elsewhere, 0, 0},
  }};
  // What goes onto an open tower, in the order the options list them (a piece onto a
  // foundation too).
  static constexpr std::array<Figure, 3> kOntoTower{Figure::TowerPiece, Figure::Meeple, Figure::Large};
  static constexpr FigureSet kTowerTopFigures = set_of(kOntoTower);
  // RL: the capture of a figure (and naming the meeple, the large meeple or the abbot to
  // come back) is taken on a cell and location, TW included; "capture none" and the ransoms
  // (payer's holder h, kind k: 1 + 3h + k) are fixed slots.
  static constexpr int kCellKinds = 1 + State::kHeldKinds;
  static constexpr int kCellLocations = kLocationCount + 1;
  static int cell_kind(const Choice& c) {
    if (c.kind != DecisionKind::Capture || c.option == kNone) return -1;
    return c.option == kCapture ? 0 : held_index(c.figure.figure) < 0 ? -1 : 1 + held_index(c.figure.figure);
  }
  static bool cell_choice(int k, int8_t x, int8_t y, Location loc, Choice* c) {
    if (k < 0 || k >= kCellKinds) return false;
    *c = Choice{DecisionKind::Capture, kNoTile, {}, FigureChoice{k == 0 ? Figure::Meeple : kHeldFigures[k - 1], loc, true, x, y},
                k == 0 ? kCapture : kCaptureNaming};
    return true;
  }
  static constexpr bool kOwnSlots = true;
  static constexpr int kActionSlots = 1 + kMaxPlayers * State::kHeldKinds;
  static int action_slot(const Choice& c) {
    if (c.kind == DecisionKind::Capture) return c.option == kNone ? 0 : -1;
    const int k = held_index(c.figure.figure);
    if (c.kind != DecisionKind::Place || c.option != kRansom || k < 0 || c.figure.x < 0 || c.figure.x >= kMaxPlayers) return -1;
    return 1 + State::kHeldKinds * c.figure.x + k;
  }
  static bool slot_choice(int slot, Choice* c) {
    if (slot == 0) *c = Choice{DecisionKind::Capture, kNoTile, {}, {}, kNone};
    else if (slot > 0 && slot < kActionSlots)
      *c = Choice{DecisionKind::Place, kNoTile, {}, FigureChoice{kHeldFigures[(slot - 1) % State::kHeldKinds], Location::None, false,
                                                                 static_cast<int8_t>((slot - 1) / State::kHeldKinds), 0}, kRansom};
    else return false;
    return true;
  }
  // Tower pieces each, by player count (1..6).
  static constexpr std::array<uint8_t, kMaxPlayers + 1> kPiecesPerPlayer = {0, 10, 10, 9, 7, 6, 5};
  static_assert([] {
    for (int p = 1; p <= kMaxPlayers; ++p)
      if (p * kPiecesPerPlayer[static_cast<size_t>(p)] > kTowerPiecesInBox) return false;
    return true;
  }(), "the box's pieces suffice for every player count");

  static bool has_foundation(TileType t) { return tiles::raw::kTiles[t].tower; }
  static void set_up(Game& g);
  static void placed(Game& g, TileType t, Placement);
  static int figure_options(const Game& g, FigureChoice* out);
  static bool check_elsewhere(const Game& g, const FigureChoice& c, Verdict* v);
  static bool act_elsewhere(Game& g, const FigureChoice& c, Events* events);
  static bool spell_action(const Move& m, std::string* text);
  static bool read_action(std::string_view word, FigureChoice* c);
  // The capture after a piece, before anything is scored: held for the decision when a
  // capturable figure is in reach.
  static bool hold_after_action(Game& g, Events* events);
  static void turn_passes(Game& g, Events*) { g.modules_.tower.ransom_paid = false; }
  // The dragon eats the figure on a tower top (the tower stays, open again).
  static int eaten_on(Game& g, int tile, Meeple* out);
  // A figure on a tower top and the tower's pieces are not scored: the end scoring's
  // projections still hold, but captures change features across the board.
  static constexpr bool kProjectable = false;
  static bool projects(const FigureChoice& c) { return !c.elsewhere; }

  // The capture (options: 0 a figure, 1 none, 2 a figure naming the kind that comes back)
  // and the ransom (option 1 of the placement decision; option 0 is a placement).
  static constexpr bool decides(DecisionKind k) { return k == DecisionKind::Capture || k == DecisionKind::Place; }
  static constexpr int options(DecisionKind k) { return k == DecisionKind::Capture ? 3 : 2; }
  static constexpr uint8_t kCapture = 0, kNone = 1, kCaptureNaming = 2, kRansom = 1;
  static int choices(const Game& g, Choice* out);
  static int place_choices(const Game& g, Choice* out);
  static Verdict check_choice(const Game& g, const Choice& c);
  static void decide(Game& g, const Choice& c, Events* events);
  static void random_decision(Game& g, Rng& rng, Events* events);
  static void random_place_option(Game& g, Rng& rng, Events* events);
  static bool recalled(const Game& game, const Game& replay, Choice* c);
  // The ransom `game` paid before the placement where `replay` waits (a placement decision,
  // the abbey's included); false if it paid none there.
  static bool recalled_ransom(const Game& game, const Game& replay, Choice* c);
  // Whether a ransom was paid for the placement that comes next (it commits the decision
  // before the draw to the abbey: README D2).
  static bool paid_for_next_placement(const Game& g) {
    const auto& s = g.modules_.tower;
    return s.nransoms > 0 && s.ransoms[s.nransoms - 1u].before == g.board_.tile_count();
  }
  static std::string choice_line(const Choice& c);
  static std::string_view line_word(DecisionKind k) { return k == DecisionKind::Capture ? "capture" : "ransom"; }
  static bool parse_word(DecisionKind k, std::string_view text, Choice* c);
  static std::string_view subject(DecisionKind k) { return k == DecisionKind::Capture ? "a tower's capture" : "a ransom"; }
  static std::string_view due_when(DecisionKind k) {
    return k == DecisionKind::Capture ? "a line that builds a tower piece within reach of a figure earns one"
                                      : "a ransom is paid right before the payer's placement";
  }
  static std::string_view prompt(DecisionKind) { return "capture a figure within the tower's reach or none"; }
  static std::string_view choice_said(const Choice& c) { return c.option == kNone ? "captures nothing" : "captures a figure"; }
  static bool option_place(const Game& g, const Choice& c, int& x, int& y, Location& loc);

  static constexpr Observed kObserved{rl::kTowerPlanes, rl::kTowerSeatScalars, rl::kTowerScalars};
  static void observe_board(const Game& g, const Planes& planes);
  static void observe_scalars(const Game& g, int observer, float* s);

  // Pictures: each tower with its height and the figure on top; a legend line of pieces and
  // prisoners.
  template <class F>
  static void towers(const Game& g, F&& tower) {
    const auto& s = g.modules_.tower;
    for (size_t k = 0; k < s.count; ++k)
      if (s.height[k] > 0) tower(static_cast<int>(s.tile[k]), static_cast<int>(s.height[k]), static_cast<int>(s.top_owner[k]), s.top_kind[k]);
  }
  template <class F>
  static void legend(const Game& g, F&& line) {
    std::string text = "tower pieces:";
    std::string held;
    for (int p = 0; p < g.players(); ++p) {
      text += fmt::format("{} {}: {}", p ? "," : "", p, g.tower_pieces(p));
      for (int q = 0; q < g.players(); ++q)
        for (const Figure f : kHeldFigures)
          if (const int n = g.prisoners(p, q, f)) held += fmt::format("{} {} holds {} of {}'s {}", held.empty() ? "" : ";", p, n, q, figure_name(f));
    }
    line("tower-legend", text + "; prisoners:" + (held.empty() ? std::string(" none") : held));
  }

  // The tower at board index `tile`, or -1.
  static int tower_of(const Game& g, int tile);
  // The kinds a tower captures, as indices into State::held (their Figure values), else -1.
  static constexpr Figure kHeldFigures[State::kHeldKinds] = {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Mayor,
                                                             Figure::Wagon};
  static int held_index(Figure f) {
    for (int k = 0; k < State::kHeldKinds; ++k)
      if (kHeldFigures[k] == f) return k;
    return -1;
  }
  // held_index of a kind already found capturable, as an index into State::held.
  static size_t held_at(Figure f) { return static_cast<size_t>(std::max(0, held_index(f))); }
  static std::string_view kind_word(Figure f);

 private:
  // A figure the tower just built on may capture: where it stands and whose it is; `meeple`
  // its index among the game's figures, or -1 for a tower top (tower: its index).
  struct Target {
    int8_t x, y;
    Location location;
    uint8_t owner;
    Figure kind;
    int meeple, tower;
  };
  static int targets(const Game& g, Target* out);
  static bool find_target(const Game& g, const Choice& c, Target* t);
  static int kinds_held(const Game& g, int holder, int owner);
  static void to_supply(Game& g, int player, Figure f);
  static void capture(Game& g, const Choice& c, Events* events);
  static void ransom(Game& g, const Choice& c, Events* events);
};

}  // namespace carc
