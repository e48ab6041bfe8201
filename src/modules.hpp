// The module list: every rules module, in the order the core calls their hooks. The order is
// that of the listings (a turn's figure actions come module by module: the large meeple,
// then the abbot and its recall, then the builder and the pig) and of the RL layout (the
// action slots; the observation's planes and scalars, those always there first), so a new
// module goes last.
#pragma once

#include <array>
#include <utility>

#include "abbey_and_mayor.hpp"
#include "abbot.hpp"
#include "inns_and_cathedrals.hpp"
#include "module.hpp"
#include "princess_and_dragon.hpp"
#include "river.hpp"
#include "tower.hpp"
#include "traders.hpp"

namespace carc {

template <Expansion... E>
struct ModuleList {
  // Calls f(Module<E>{}) for each module of the mix, in list order.
  template <class F>
  static constexpr void each(Mix mix, F&& f) {
    ((has(mix, E) ? void(f(Module<E>{})) : void()), ...);
  }
  // The same, stopping at the first call that returns true; whether one did.
  template <class F>
  static constexpr bool any(Mix mix, F&& f) {
    return ((has(mix, E) && f(Module<E>{})) || ...);
  }
  // The mix of the modules for which pred(Module<E>{}) holds.
  template <class Pred>
  static constexpr Mix where(Pred pred) {
    return static_cast<Mix>(((pred(Module<E>{}) ? bit(E) : 0) | ... | 0));
  }
};

using Modules = ModuleList<Expansion::InnsAndCathedrals, Expansion::Abbot, Expansion::River,
                           Expansion::TradersAndBuilders, Expansion::PrincessAndDragon, Expansion::Tower,
                           Expansion::AbbeyAndMayor>;

// A figure kind and the module that gives it.
struct FigureRow {
  Mix owner;  // the module's bit; 0 for the meeple, which every game has
  FigureKind kind;
};

template <Expansion... E>
constexpr auto figure_rows(ModuleList<E...>) {
  std::array<FigureRow, (1 + ... + Module<E>::kFigures.size())> rows{};
  size_t n = 0;
  rows[n++] = FigureRow{0, kMeepleKind};
  auto add = [&](Mix owner, const auto& kinds) {
    for (const FigureKind& k : kinds) rows[n++] = FigureRow{owner, k};
  };
  (add(bit(E), Module<E>::kFigures), ...);
  return rows;
}
// Every figure kind and action: the meeple, then each module's in list order (the order of
// the figure actions' listing and of the RL action slots).
inline constexpr auto kFigureRows = figure_rows(Modules{});

// The row of figure f (any value below 8); nullptr for a value that names no figure.
constexpr const FigureKind* find_figure_kind(Figure f) {
  for (const FigureRow& r : kFigureRows)
    if (r.kind.figure == f) return &r.kind;
  return nullptr;
}
// Whether a game of mix m has figures (or the action) f: the meeple always.
constexpr bool has_figure(Mix m, Figure f) {
  for (const FigureRow& r : kFigureRows)
    if (r.kind.figure == f) return r.owner == 0 || (m & r.owner) != 0;
  return false;
}
// What a mix gives each player beyond the meeple: figure kinds and actions, as bits (a
// table: every game's set-up asks).
inline constexpr std::array<FigureSet, kMixes> kMixFigures = [] {
  std::array<FigureSet, kMixes> t{};
  for (size_t m = 0; m < t.size(); ++m)
    for (const FigureRow& r : kFigureRows)
      if (r.owner & m) t[m] = static_cast<FigureSet>(t[m] | bit(r.kind.figure));
  return t;
}();
constexpr FigureSet figures_of(Mix m) { return kMixFigures[m & (kMixes - 1)]; }
// The union of a set of figures each module of mix m declares, pick(Module<E>{}).
template <class Pick>
constexpr FigureSet module_figures(Mix m, Pick pick) {
  FigureSet s = 0;
  Modules::each(m, [&](auto mod) { s = static_cast<FigureSet>(s | pick(mod)); });
  return s;
}
// The figures some module sends onto a part of another tile, and to a tower's top there.
inline constexpr FigureSet kOtherTileFigures =
    module_figures(kMixes - 1, [](auto mod) { return decltype(mod)::kOtherTileFigures; });
inline constexpr FigureSet kTowerTopFigures =
    module_figures(kMixes - 1, [](auto mod) { return decltype(mod)::kTowerTopFigures; });
// The modules that bring figures, whose scoring must weigh each figure by its kind.
inline constexpr Mix kFigureMix = Modules::where([](auto m) { return !decltype(m)::kFigures.empty(); });

// Calls f(module) for each module of the mix: `each_module(mix_, [&](auto m) { using M =
// decltype(m); M::hook(...); })`.
template <class F>
inline void each_module(Mix mix, F&& f) {
  Modules::each(mix, std::forward<F>(f));
}
template <class F>
inline bool any_module(Mix mix, F&& f) {
  return Modules::any(mix, std::forward<F>(f));
}
// Calls f(module) for the module whose own tiles include t (Hooks::places), whatever the
// game's mix: a river tile goes only where the river says, even in a game without it (it
// goes nowhere there). False if no module owns t.
template <class F>
inline bool with_tile_owner(TileType t, F&& f) {
  return Modules::any(static_cast<Mix>(kMixes - 1), [&](auto m) { return decltype(m)::places(t) && (f(m), true); });
}

// The modules' own options of the placement decision (Hooks::place_choices: the ransoms),
// which list_choices gives before the placements; out holds kMaxPlaceOptions (a
// PlaceOptionBuffer).
inline constexpr int kMaxPlaceOptions = kMaxPlayers * Module<Expansion::Tower>::State::kHeldKinds;
using PlaceOptionBuffer = ListBuffer<Choice, kMaxPlaceOptions>;
inline int place_options(const Game& game, Choice* out) {
  int n = 0;
  each_module(mix_of(game.options()), [&](auto m) { n += decltype(m)::place_choices(game, out + n); });
  return n;
}

// Whether a module places t (Hooks::places), whatever the game's mix.
inline bool owned_by_module(TileType t) {
  return Modules::any(static_cast<Mix>(kMixes - 1), [&](auto m) { return decltype(m)::places(t); });
}

}  // namespace carc
