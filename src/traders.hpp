// The Traders & Builders module (traders.cpp; docs/expansions.md, "Traders & Builders").
#pragma once

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::TradersAndBuilders> : Hooks {
  static int figure_options(const Game& g, FigureChoice* out);
  static bool check_deploy(const Game& g, Figure f, SegId root, Verdict* v);
  // Whether the builder earned a bonus tile is decided before scoring, which may send the
  // builder home; a bonus tile never earns another.
  static void before_scoring(Game& g) { g.bonus_due_ = !g.bonus_turn_ && builder_extended(g); }
  static void completed(Game& g, SegId root, Events* events) {
    if (g.features_.kind(root) == FeatureKind::City) take_goods(g, root, events);
  }
  // The bonus tile, if earned and tiles are left: the game waits in Phase::Bonus for the
  // player to take or pass it.
  static bool after_scoring(Game& g, Events* events) {
    const bool due = g.bonus_due_ && g.drawn_ < g.deck_size_;
    g.bonus_due_ = false;
    g.bonus_turn_ = false;
    if (due) bonus_due(g, events);
    return due;
  }
  static void field_scored(Game& g, SegId root, uint8_t winners, const FeatureSize& size,
                           const std::array<uint8_t, kMaxPlayers>& weight, const Meeple& first, Events* events);
  // First edition: the city's winners with their pig in one of its fields score 5, not 4.
  template <class InFields>
  static void city_farmers_paid(Game& g, InFields in_fields, uint8_t winners, const std::array<uint8_t, kMaxPlayers>& weight,
                                const Meeple& first, Events* events) {
    pay_pigs(g, static_cast<uint8_t>(winners & pigs_in(g, in_fields)),
             points::kFirstEditionPigCity - points::kFirstEditionFieldCity, weight, first, events);
  }
  static void game_end(Game& g, Events* events);
  // Goods are won across the board and the builder's bonus changes whole turns.
  static constexpr bool kProjectable = false;

 private:
  static Verdict check(const Game& g, Figure f, SegId root);
  static bool holds_own_meeple(const Game& g, SegId root);
  // Bit p set if player p's pig stands on a field whose root in_field(root) accepts.
  template <class InField>
  static uint8_t pigs_in(const Game& g, InField in_field) {
    unsigned pigs = 0;
    for (int i = 0; i < g.nmeeples_; ++i)
      if (g.meeples_[i].kind == Figure::Pig && in_field(g.features_.find(g.meeples_[i].seg)))
        pigs |= 1u << g.meeples_[i].player;
    return static_cast<uint8_t>(pigs);
  }
  static bool builder_extended(const Game& g);
  static void take_goods(Game& g, SegId city, Events* events);
  static void bonus_due(Game& g, Events* events);
  static void pay_pigs(Game& g, uint8_t winners, int points, const std::array<uint8_t, kMaxPlayers>& weight,
                       const Meeple& first, Events* events);
};

}  // namespace carc
