// The Traders & Builders module (traders.cpp; docs/expansions.md, "Traders & Builders").
#pragma once

#include <fmt/format.h>

#include <string>
#include <utility>

#include "module.hpp"

namespace carc {

template <>
struct Module<Expansion::TradersAndBuilders> : Hooks {
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::TradersAndBuilders;
  // The builder scores nothing itself but earns bonus tiles, so the greedy bot gains by
  // spending it; the pig's worth is in the projection. Both stand in their pictures: a
  // figure with a square hat, and a pig with an ear, a snout and legs.
  static constexpr std::string_view kBuilderShape =
      "M-6,-13 L6,-13 L6,-8 L3,-8 L3,-6 C6,-5 8,-2 8,2 L6,10 L-6,10 L-8,2 C-8,-2 -6,-5 -3,-6 L-3,-8 L-6,-8 Z";
  static constexpr std::string_view kPigShape =
      "M-10,-1 C-10,-7 -3,-9 3,-8 L5,-12 L7,-7 C9,-6 10,-4 10,-2 L13,-2 L13,2 L10,2 C9,5 7,6 6,6 L6,10 L3,10 L3,7 "
      "L-4,7 L-4,10 L-7,10 L-7,6 C-9,5 -10,2 -10,-1 Z";
  static constexpr std::array<FigureKind, 2> kFigures{{
      {Figure::Builder, "builder", "B:", Reach::Feature, 'B', -2, "builder", kBuilderShape, "1.15", false},
      {Figure::Pig, "pig", "P:", Reach::Feature, 'P', 1, "pig", kPigShape, "1.15", false},
  }};
  static int figure_options(const Game& g, FigureChoice* out);
  // Planes: the goods (3), a builder, a pig on the tile; per seat the builder, the pig in
  // supply and the goods tokens; then the bonus phase and whether the tile in hand is a
  // bonus tile.
  static constexpr Observed kObserved{rl::kTradersPlanes, rl::kTradersSeatScalars, rl::kTradersScalars};
  static void observe_tile(const PlacedTile& t, const Planes& planes) {
    const tiles::TileDef& def = tiles::kDefs[t.type];
    for (int k = 0; k < def.nsegs; ++k)
      if (def.segs[k].goods != Goods::None) planes.at(static_cast<int>(def.segs[k].goods) - 1, t.x, t.y) = 1.0f;
  }
  static void observe_figure(const Meeple& m, const PlacedTile& t, const Planes& planes) {
    if (m.kind == Figure::Builder) planes.at(kGoodsKinds, t.x, t.y) = 1.0f;
    if (m.kind == Figure::Pig) planes.at(kGoodsKinds + 1, t.x, t.y) = 1.0f;
  }
  static void observe_scalars(const Game& g, int observer, float* s);
  static bool check_deploy(const Game& g, Figure f, SegId root, Verdict* v);
  // Whether the builder earned a bonus tile is decided before scoring, which may send the
  // builder home (as may the flight after it, and the princess before it: then `earned`
  // kept it); a bonus tile never earns another.
  static void before_scoring(Game& g) {
    auto& t = g.modules_.traders;
    t.bonus_due = !t.bonus_turn && (std::exchange(t.earned, false) || builder_extended(g));
  }
  static void completed(Game& g, SegId root, Events* events) {
    if (g.features_.kind(root) == FeatureKind::City) take_goods(g, root, events);
  }
  // The bonus part, if earned: the game waits in Phase::Decide for the player to take or pass
  // the bonus tile if tiles are left, or for a decision another module holds the part for
  // before its draw (the abbey, which may be the bonus part even with no tile left).
  static bool after_scoring(Game& g, Events* events) {
    const bool earned = g.modules_.traders.bonus_due;
    g.modules_.traders.bonus_due = false;
    g.modules_.traders.bonus_turn = false;
    if (!earned) return false;
    if (g.hold_before_draw(true, events)) {
      announce(g, events);
      return true;
    }
    if (g.drawn_ >= g.deck_size_) return false;
    bonus_due(g, events);
    return true;
  }
  // The bonus tile: take it (option 0, "bonus") or pass (option 1, "pass"), both always open;
  // the option is its RL slot (take, then pass: the last two action ids).
  static constexpr bool decides(DecisionKind k) { return k == DecisionKind::Bonus; }
  static constexpr int options(DecisionKind) { return 2; }
  static constexpr int kActionSlots = 2;  // take, pass (rl::encode_bonus)
  static constexpr Choice kTake{DecisionKind::Bonus, kNoTile, {}, {Figure::Meeple, Location::None}, 0};
  static constexpr Choice kPass{DecisionKind::Bonus, kNoTile, {}, {Figure::Meeple, Location::None}, 1};
  static int choices(const Game&, Choice* out) {
    out[0] = kTake;
    out[1] = kPass;
    return 2;
  }
  static void decide(Game& g, const Choice& c, Events* events) { c == kTake ? take(g, events) : pass(g, events); }
  static void random_decision(Game& g, Rng& rng, Events* events) { rng.below(2) ? take(g, events) : pass(g, events); }
  static bool implied(const Game&, Choice* c) {
    *c = kTake;
    return true;
  }
  // Passed on if the game says so; taken if a later tile is placed, or the bonus tile is in
  // hand (or was drawn and discarded).
  static bool recalled(const Game& game, const Game& replay, Choice* c) {
    const int earned_by = replay.board().tile_count() - 1;
    if (game.declined(earned_by)) *c = kPass;
    else if (game.board().tile_count() > replay.board().tile_count() || (game.bonus_turn() && game.phase() != Phase::Decide))
      *c = kTake;
    else return false;
    return true;
  }
  static std::string_view choice_word(const Choice& c) {
    return c.kind != DecisionKind::Bonus ? "" : c == kTake ? "bonus" : "pass";
  }
  static std::string_view subject(DecisionKind) { return "the builder's bonus tile"; }
  static std::string_view verb(const Choice& c) { return c == kTake ? "takes" : "declines"; }
  static std::string_view due_when(DecisionKind) { return "a line whose tile extends the player's builder's road or city earns one"; }
  static std::string_view choice_said(const Choice& c) { return c == kTake ? "takes the bonus tile" : "passes on the bonus tile"; }
  static std::string_view prompt(DecisionKind) { return "take the builder's bonus tile or pass"; }
  static void feature_info(const Game& g, SegId root, FeatureInfo& info);
  // A line of goods tokens per player: wine, grain, cloth.
  template <class F>
  static void legend(const Game& g, F&& line) {
    std::string text = "goods (wine grain cloth):";
    for (int p = 0; p < g.players(); ++p)
      text += fmt::format("{} {}: {} {} {}", p ? "," : "", p, g.goods(p, Goods::Wine), g.goods(p, Goods::Grain),
                          g.goods(p, Goods::Cloth));
    line("goods-legend", text);
  }
  static bool parse_word(DecisionKind k, std::string_view word, Choice* c) {
    if (k != DecisionKind::Bonus || (word != "bonus" && word != "pass")) return false;
    *c = word == "bonus" ? kTake : kPass;
    return true;
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
  // A builder or pig whose owner has no meeple left in its feature goes home.
  static void figures_left(Game& g, int cause, Events* events);
  // Goods are won across the board and the builder's bonus changes whole turns.
  static constexpr bool kProjectable = false;

 private:
  static Verdict check(const Game& g, Figure f, SegId root);
  // The rule, with `holds()` saying whether the feature holds one of the current player's
  // meeples: figure_options finds those features once for all its candidates.
  template <class Holds>
  static Verdict check(const Game& g, Figure f, SegId root, Holds&& holds);
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
  static void announce(Game& g, Events* events);
  static void take(Game& g, Events* events);
  static void pass(Game& g, Events* events);
  static void pay_pigs(Game& g, uint8_t winners, int points, const std::array<uint8_t, kMaxPlayers>& weight,
                       const Meeple& first, Events* events);
};

}  // namespace carc
