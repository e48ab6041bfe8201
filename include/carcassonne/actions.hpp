// Integer actions for reinforcement learning, in OpenSpiel's shape: for each game
// configuration a fixed range of action ids, the legal ones of a position (sorted), and
// applying one. A turn is two decisions, as the engine's phases are:
//   placement actions  0 .. placements-1: cell * 4 + rotation, where the cell indexes a
//                      square window of side 2*reach+1 centred on the start tile,
//                      cell = (y + reach) * side + (x + reach);
//   figure actions     placements + slot: slot 0 is "no figure", then one slot per
//                      (figure kind, location) of figure_slots() (large meeple, abbot,
//                      recall, builder, pig as the options have them);
//   decision actions   placements + figures + slot: the expansions' decisions (Phase::Decide),
//                      each module of the mix in list order, its kinds in order, each kind's
//                      options by number (Traders & Builders: + 0 "take the bonus tile",
//                      + 1 "pass on it"; Princess & Dragon: + 0..3 a dragon step N E S W);
//   actions elsewhere  placements + figures + decisions + (cell * kinds + k) * 14 + location:
//                      a figure action on another tile than the one just placed (Princess &
//                      Dragon: the portal's meeple, large meeple or abbot, the fairy, the
//                      princess), the cell as for placements, k the figure kind's index among
//                      the mix's `kinds` such kinds (Figure order), the location 0..13.
// The draw of a game with caller draws is a chance node; its outcomes are the tile types
// (0..kTileTypes-1), a space of their own. Everything that depends on the figure kinds or
// the locations is in figure_slots() (actions.cpp); the engine's figure_options and act
// list and take them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>

#include "carcassonne/decision.hpp"
#include "carcassonne/game.hpp"

namespace carc::rl {

// One figure action: a figure of this kind on this location of the tile just placed, as the
// core names it (FigureChoice): (Meeple, None) is no figure, (Recall, None) the recall.
using FigureSlot = FigureChoice;

// The figure actions of a configuration in action order, the order figure_options lists
// them in: "no figure" first, then the meeple on each of the 14 locations (C N E S W NNE ..
// NNW CF), with Inns & Cathedrals the large meeple on each location, with the Abbot the
// abbot on C and the recall, with Traders & Builders the builder on each location and the
// pig on each location. Fixed per configuration: a slot that the rules forbid in a position
// (a field with farmers off, a builder on a field) is just never legal.
std::span<const FigureSlot> figure_slots(const Options& options);

// The action space of a configuration.
struct ActionSpace {
  int reach = 0;       // placement cells have |x|, |y| <= reach (the box's tiles: 72, or 125 with the river)
  int side = 0;        // 2 * reach + 1
  int placements = 0;  // side * side * 4: placement actions are 0 .. placements-1
  int figures = 0;     // figure actions are placements .. placements+figures-1
  int decisions = 0;   // the expansions' decision slots (2 with Traders & Builders: take, pass), else 0
  int elsewhere = 0;   // figure actions on other tiles: side * side * kinds * 14 (0 without such kinds)
  int size() const { return placements + figures + decisions + elsewhere; }
};
ActionSpace action_space(int players, const Options& options);
inline ActionSpace action_space(const Game& game) { return action_space(game.players(), game.options()); }

// Chance outcomes: the tile types.
inline constexpr int kChanceOutcomes = kTileTypes;
// The most figure slots of any configuration: none, 14 each for meeple, large meeple,
// builder, pig, mayor, wagon and barn, the abbot and the recall.
inline constexpr int kMaxFigureSlots = 1 + 7 * kLocationCount + 2;
// A buffer of this many always holds the legal actions of one decision.
inline constexpr int kMaxLegalActions = std::max(kMaxPlacements, 1 + kMaxFigureOptions);
static_assert(kMaxLegalActions >= kChanceOutcomes && kMaxLegalActions >= kMaxChoices);

// An action id taken apart: a placement, a figure slot, or an option of an expansion's decision.
struct Action {
  enum class Kind : uint8_t { Placement = 0, Figure = 1, Decision = 2 };
  Kind kind = Kind::Placement;
  Placement at;    // Kind::Placement
  FigureSlot slot; // Kind::Figure
  Choice choice;   // Kind::Decision: its kind and option
  friend bool operator==(const Action&, const Action&) = default;
};

// The action id of a placement, or -1 if it lies outside the window or its rotation is not 0..3.
int encode_placement(const ActionSpace& space, Placement p);
// The action id of a figure slot (on another tile too: slot.elsewhere), or -1 if the
// configuration has no such slot.
int encode_figure(const ActionSpace& space, const Options& options, FigureSlot slot);
// The action id of an option of an expansion's decision (list_choices), or -1 if the
// configuration has no such decision.
int encode_decision(const ActionSpace& space, const Options& options, const Choice& c);
// The action id of taking (or passing on) the bonus tile, or -1 without Traders & Builders.
int encode_bonus(const ActionSpace& space, const Options& options, bool take);
// Takes an action id apart; false if it is outside 0..space.size()-1.
bool decode(const ActionSpace& space, const Options& options, int action, Action& out);

// The option of the current decision that an action id (in Draw, a tile type) stands for,
// as the decision model names it (list_choices, choice_text); false (out untouched) for an
// id outside the space or of another decision. Legality is check_action's.
bool action_choice(const Game& game, int action, Choice& out);

// Writes the legal actions of the current decision to out (room for kMaxLegalActions),
// ascending, and returns their count: the placements of legal_placements (PlaceTile), the
// figure slots of figure_options and "no figure" (PlaceMeeple), the options of list_choices
// (Decide: take and pass the bonus tile), the
// tile types that may be drawn (Draw, a chance node: outcomes, not action ids; what
// Game::check_draw allows), nothing once the game is over.
int legal_actions(const Game& game, int32_t* out);
// The same actions in the engine's order (placements by open cell, not sorted): what a
// batch step writes, since sorting costs more than listing.
int legal_actions_unordered(const Game& game, int32_t* out);

// Whether an action id (in Draw, a tile type) is one the current decision may take: Ok, or
// what apply_action would return, with *why for a move the rules forbid. Changes nothing.
Status check_action(const Game& game, int action, Verdict* why = nullptr);

// Applies an action id of the current decision (in Draw, a tile type): place, deploy, take
// or pass on the bonus tile, or draw. Like the engine, it also takes an action that shows the same as a listed one (U
// at rotation 2 for U at 0, a meeple on E of a city listed by N), which legal_actions
// leaves out. On failure nothing changes: InvalidArgument for an id outside the space (or a
// tile type outside 0..kTileTypes-1 in Draw), WrongPhase for an action of the other decision or
// a game that is over, IllegalMove with *why for one the rules forbid.
Status apply_action(Game& game, int action, Events* events = nullptr, Verdict* why = nullptr);
// apply_action for an action that check_action has just accepted on this same game (a
// batch checks every game before it changes any): the same change, not checked again.
void apply_checked(Game& game, int action, Events* events = nullptr);

}  // namespace carc::rl
