// The module list: every rules module, in the order the core calls their hooks. The order is
// that of the listings (a turn's figure actions come module by module: the large meeple,
// then the abbot and its recall, then the builder and the pig), so a new module goes where
// its actions are listed.
#pragma once

#include <utility>

#include "abbot.hpp"
#include "inns_and_cathedrals.hpp"
#include "module.hpp"
#include "river.hpp"
#include "traders.hpp"

namespace carc {

template <Expansion... E>
struct ModuleList {
  // Calls f(Module<E>{}) for each module of the mix, in list order.
  template <class F>
  static void each(Mix mix, F&& f) {
    ((has(mix, E) ? void(f(Module<E>{})) : void()), ...);
  }
  // The same, stopping at the first call that returns true; whether one did.
  template <class F>
  static bool any(Mix mix, F&& f) {
    return ((has(mix, E) && f(Module<E>{})) || ...);
  }
  // The mix of the modules for which pred(Module<E>{}) holds.
  template <class Pred>
  static constexpr Mix where(Pred pred) {
    return static_cast<Mix>(((pred(Module<E>{}) ? bit(E) : 0) | ... | 0));
  }
};

using Modules = ModuleList<Expansion::River, Expansion::InnsAndCathedrals, Expansion::Abbot,
                           Expansion::TradersAndBuilders>;

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

}  // namespace carc
