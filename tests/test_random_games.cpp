// Seeded random games checked after every turn for the conservation laws of the rules, and
// the core fuzz: random calls, legal or not, on games of every option mix.
#include <catch2/catch.hpp>

#include <array>
#include <bit>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace carc;

TEST_CASE("Random games keep meeples, tiles and scores consistent") {
  for (int g = 0; g < 200; ++g) {
    const int players = 2 + g % 4;
    Options opt;
    opt.farmers = (g % 2) == 0;
    Game game(players, 1000 + g, opt);
    Rng rng(g);
    Events ev;
    std::array<int, kMaxPlayers> from_events{};
    std::array<int, kMaxPlayers> last{};
    Placement buf[kMaxPlacements];
    Location opts[kMaxMeepleOptions];
    while (!game.over()) {
      const int n = game.legal_placements(buf);
      REQUIRE(n > 0);
      REQUIRE(game.place(buf[rng.below(n)]) == Status::Ok);
      const int k = game.meeple_options(opts);
      const uint32_t pick = rng.below(k + 1);
      ev.clear();
      REQUIRE(game.deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick], &ev) == Status::Ok);
      for (int i = 0; i < ev.count; ++i)
        if (ev.items[i].type == Event::Type::Score)
          for (int p = 0; p < players; ++p)
            if (ev.items[i].winners >> p & 1) from_events[p] += ev.items[i].points;
      std::array<int, kMaxPlayers> on_board{};
      for (const Meeple& m : game.meeples()) {
        on_board[m.player]++;
        const SegId r = game.features().find(m.seg);
        const auto& c = game.features().root_counters(r);
        if (c.kind == FeatureKind::Road || c.kind == FeatureKind::City) CHECK(c.open > 0);
      }
      for (int p = 0; p < players; ++p) {
        CHECK(on_board[p] + game.supply(p) == kMeeplesPerPlayer);
        CHECK(game.score(p) >= last[p]);
        last[p] = game.score(p);
      }
      const int in_hand = game.phase() == Phase::PlaceTile ? 1 : 0;
      CHECK(game.board().tile_count() + game.discard_count() + in_hand + game.tiles_in_pile() == 72);
    }
    for (int p = 0; p < players; ++p) CHECK(from_events[p] == game.score(p));
  }
}

// ---------------------------------------------------------------- the core fuzz

namespace {

// Goods symbols of one kind on the cities completed so far.
int goods_on_completed_cities(const Game& g, Goods kind) {
  int n = 0;
  const Features& f = g.features();
  for (int s = 0; s < f.count(); ++s) {
    const SegId r = f.find(static_cast<SegId>(s));
    if (f.kind(r) != FeatureKind::City || f.root_counters(r).open != 0) continue;
    const PlacedTile& pt = g.board().tile(f.tile_of(static_cast<SegId>(s)));
    n += tiles::kDefs[pt.type].segs[s - pt.seg_base].goods == kind;
  }
  return n;
}

// Points the events gave each player: only the events whose `points` are points to their
// winners (a dragon step's `points` is its number, a flight's end its steps, AloneHome's
// what sent the figure home; Goods, Bonus, SetAside, Eaten ... name a player, not a payee).
bool pays(Event::Type t) {
  switch (t) {
    case Event::Type::Score:
    case Event::Type::Recall:
    case Event::Type::GoodsBonus:
    case Event::Type::Pig:
    case Event::Type::FairyPoint:
    case Event::Type::FairyBonus:
    case Event::Type::BarnPlaced:
    case Event::Type::BarnConnected:
    case Event::Type::BarnFinal: return true;
    default: return false;
  }
}

// Events whose `winners` or `discarded` disagree with what Event::names_player and
// names_tile_type say of their type (which the C ABI copies by); `met` gets bit t for type t.
int misnamed(const Events& ev, uint64_t& met) {
  int n = 0;
  for (int i = 0; i < ev.count; ++i) {
    const Event& e = ev.items[i];
    met |= uint64_t{1} << static_cast<int>(e.type);
    n += (e.winners != 0) != Event::names_player(e.type) || (e.discarded != kNoTile) != Event::names_tile_type(e.type);
  }
  return n;
}

void add_points(const Events& ev, std::array<long, kMaxPlayers>& points) {
  for (int i = 0; i < ev.count; ++i)
    if (const Event& e = ev.items[i]; e.type == Event::Type::Ransom) {  // the payer to the holder
      points[static_cast<size_t>(std::countr_zero(static_cast<unsigned>(e.winners)))] -= e.points;
      points[e.tiles] += e.points;
    }
  for (int i = 0; i < ev.count; ++i)
    for (int p = 0; p < kMaxPlayers; ++p)
      if (pays(ev.items[i].type) && (ev.items[i].winners >> p & 1)) points[p] += ev.items[i].points;
}

// The conservation laws of a game with any options: every figure of every kind is in its
// owner's supply, on the board (a tower top included) or another player's prisoner, goods
// come only from completed cities, scores are the events' points.
void check_conserved(const Game& g, const std::array<long, kMaxPlayers>& points) {
  for (int p = 0; p < g.players(); ++p) {
    for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig, Figure::Mayor,
                           Figure::Wagon, Figure::Barn}) {
      int on_board = 0;
      for (const Meeple& m : g.meeples()) on_board += m.player == p && m.kind == f;
      int bx = 0, by = 0, owner = -1;  // the barns stand on corner points, not in meeples()
      for (int i = 0; f == Figure::Barn && g.barn(i, bx, by, owner); ++i) on_board += owner == p;
      for (int i = 0; i < g.board().tile_count(); ++i) {
        int height = 0, owner = -1;
        Figure kind{};
        if (g.tower_at(g.board().tile(i).x, g.board().tile(i).y, height, owner, kind)) on_board += owner == p && kind == f;
      }
      for (int q = 0; q < g.players(); ++q) on_board += g.prisoners(q, p, f);
      // the barn only when farmers are played
      const int owned = f == Figure::Meeple                          ? kMeeplesPerPlayer
                        : f == Figure::Barn && !g.options().farmers ? 0
                        : has_figure(g.options(), f)                ? 1
                                                                    : 0;
      INFO("player " << p << " " << figure_name(f));
      CHECK(on_board + g.supply(p, f) == owned);
    }
    CHECK(g.score(p) == points[p]);
    CHECK(g.banked_score(p) <= g.score(p));
  }
  for (const Goods k : {Goods::Wine, Goods::Grain, Goods::Cloth}) {
    int taken = 0;
    for (int p = 0; p < g.players(); ++p) taken += g.goods(p, k);
    CHECK(taken <= goods_on_completed_cities(g, k));
  }
  const int in_hand = g.phase() == Phase::PlaceTile || g.phase() == Phase::PlaceMeeple;
  const int placed_now = g.phase() == Phase::PlaceMeeple;  // on the board and in hand
  // A draw that set a dragon tile aside (Princess & Dragon) placed nothing: the tile is aside,
  // or went back among the face-down tiles to be drawn again as another draw.
  int aside = 0;
  for (int d = 0; d < g.drawn(); ++d) aside += g.set_aside(d);
  CHECK(g.board().tile_count() - placed_now + g.discard_count() + aside + in_hand + g.tiles_in_pile() ==
        1 + static_cast<int>(g.draw_order().size()));
}

// Whether the tile just placed joins a road or city holding the current player's builder
// placed on an earlier tile.
bool extends_own_builder(const Game& g) {
  const int last = g.board().tile_count() - 1;
  const PlacedTile& pt = g.board().tile(last);
  for (const Meeple& m : g.meeples()) {
    if (m.kind != Figure::Builder || m.player != g.current_player() || m.tile == last) continue;
    const SegId root = g.features().find(m.seg);
    for (int s = 0; s < tiles::kDefs[pt.type].nsegs; ++s)
      if (g.features().find(static_cast<SegId>(pt.seg_base + s)) == root) return true;
  }
  return false;
}

// A random call of the core API, legal or not: what a fuzzer would send.
Status random_call(Game& g, Rng& rng, Events* ev) {
  Placement buf[kMaxPlacements];
  FigureChoice figs[kMaxFigureOptions];
  const auto any_location = [&] { return static_cast<Location>(rng.below(4) == 0 ? rng.below(256) : rng.below(16)); };
  const auto any_figure = [&] {
    constexpr Figure kinds[] = {Figure::Meeple, Figure::Large,    Figure::Abbot,  Figure::Builder,   Figure::Pig,
                                Figure::Fairy,  Figure::Princess, Figure::Recall, Figure::TowerPiece};
    return kinds[rng.below(9)];
  };
  // A placed tile's cell, or now and then any int8 cell: where an action on another tile goes.
  const auto any_target = [&](FigureChoice& c) {
    c.elsewhere = true;
    if (rng.below(5) == 0) {
      c.x = static_cast<int8_t>(rng.below(256) - 128);
      c.y = static_cast<int8_t>(rng.below(256) - 128);
      return;
    }
    const PlacedTile& pt = g.board().tile(static_cast<int>(rng.below(static_cast<uint32_t>(g.board().tile_count()))));
    c.x = pt.x;
    c.y = pt.y;
  };
  const auto near_cell = [&] {
    const OpenCell& o = g.board().open(static_cast<int>(rng.below(static_cast<uint32_t>(g.board().open_count()))));
    return Placement{o.x, o.y, static_cast<uint8_t>(rng.below(5))};
  };
  switch (rng.below(13)) {
    case 0: return g.take_bonus(ev);
    case 1: return g.pass(ev);
    case 2: {
      const int n = g.legal_placements(buf);
      return g.place(n ? buf[rng.below(static_cast<uint32_t>(n))] : near_cell());
    }
    case 3: return g.place(near_cell());
    case 4: {
      const int k = g.figure_options(figs);
      if (k && rng.below(3)) return g.act(figs[rng.below(static_cast<uint32_t>(k))], ev);
      return g.act(any_figure(), any_location(), ev);
    }
    case 9: {  // an action on another tile: listed ones (the fairy, the princess, the portal) or any
      const int k = g.figure_options(figs);
      int elsewhere = 0;
      for (int i = 0; i < k; ++i)
        if (figs[i].elsewhere) figs[elsewhere++] = figs[i];
      if (elsewhere && rng.below(2)) return g.act(figs[rng.below(static_cast<uint32_t>(elsewhere))], ev);
      FigureChoice c{any_figure(), any_location()};
      any_target(c);
      return g.act(c, ev);
    }
    case 10: {  // any dragon step, in any phase (Phase::Decide with DecisionKind::Dragon takes 0..3)
      Choice c;
      c.kind = DecisionKind::Dragon;
      c.option = static_cast<uint8_t>(rng.below(6));
      return decide(g, c, ev);
    }
    case 11: {  // any capture or ransom, in any phase: listed ones, or any square, location and kind
      ChoiceBuffer list;
      const int n = rng.below(2) ? list_choices(g, list) : 0;
      if (n && list[0].kind != DecisionKind::Draw && rng.below(2)) return decide(g, list[rng.below(static_cast<uint32_t>(n))], ev);
      Choice c;
      c.kind = rng.below(2) ? DecisionKind::Capture : DecisionKind::Place;
      c.option = static_cast<uint8_t>(rng.below(4));
      c.figure = FigureChoice{any_figure(), any_location()};
      any_target(c.figure);
      if (c.kind == DecisionKind::Place) c.figure.x = static_cast<int8_t>(rng.below(8));
      return decide(g, c, ev);
    }
    case 5: return g.deploy(any_location(), ev);
    case 6: return g.draw(static_cast<TileType>(rng.below(kTileTypes + 2)), ev);
    case 7: {
      int n = g.legal_placements(buf);
      if (g.phase() == Phase::Decide && !g.caller_draws()) {
        Game taken = g;
        taken.take_bonus();
        n = taken.legal_placements(buf);
      }
      const Placement p = n && rng.below(4) ? buf[rng.below(static_cast<uint32_t>(n))] : near_cell();
      return g.play(Move{p, rng.below(2) ? Location::None : any_location(), rng.below(2) ? Figure::Meeple : any_figure()}, ev);
    }
    default: test::random_step(g, rng, ev, 60); return Status::Ok;
  }
}

}  // namespace

TEST_CASE("Random calls on games of every option mix: refusals change nothing, the rules' laws hold") {
  int bonuses = 0, taken = 0, passed = 0, refused = 0, finished = 0;
  std::array<int, 5> phases{};
  int steps = 0, elsewhere = 0, mixes_with_dragon = 0, mixes_with_abbey = 0, misnamed_events = 0, captures = 0;
  int abbeys = 0, wagons = 0, others_wagons = 0;
  uint64_t met = 0;  // bit t: an event of type t
  // 512 games: game * 37 + 5 takes every value mod 512 once, so every mix of the nine options
  // (the seven, Princess & Dragon bit 7, The Tower bit 8) is played once, and Abbey & Mayor
  // (bit 9) in every other game.
  for (unsigned game = 0; game < 512; ++game) {
    const Options opt = test::options_mix((game * 37 + 5) % 512 | (game & 1) << 9);
    mixes_with_dragon += opt.princess_and_dragon;
    mixes_with_abbey += opt.abbey_and_mayor;
    const int players = 1 + static_cast<int>(game % kMaxPlayers);
    Game g = game % 5 == 4 ? Game(players, CallerDraws{}, opt) : Game(players, 4000 + game, opt);
    Rng rng(game);
    std::array<long, kMaxPlayers> points{};
    bool bonus_tile = false;  // the tile in play is a bonus tile
    int extended = -1;        // whether the last figure action extended its player's builder (-1: unknown)
    for (int calls = 0; !g.over() && calls < 3000; ++calls) {
      const Game before = g;
      Events ev;
      const Phase was = g.phase();
      const DecisionKind was_kind = decision_kind(g);
      const int player = g.current_player();
      const int extends = was == Phase::PlaceMeeple ? extends_own_builder(g) : -1;
      const int placed = g.board().tile_count();
      const Status st = random_call(g, rng, &ev);
      if (st != Status::Ok) {
        ++refused;
        INFO("game " << game << " call " << calls);
        REQUIRE(g == before);
        REQUIRE(ev.count == 0);
        continue;
      }
      if (was == Phase::PlaceMeeple || was == Phase::PlaceTile) extended = extends;
      if (was == Phase::PlaceMeeple && g.board().tile_count() == placed) elsewhere += g.action_target(placed - 1) >= 0;
      add_points(ev, points);
      misnamed_events += misnamed(ev, met);
      phases[static_cast<int>(g.phase())]++;
      if (was_kind == DecisionKind::Dragon) {
        ++steps;
        CHECK(opt.princess_and_dragon);
      }
      if (was_kind == DecisionKind::Bonus) {
        // Taken: the same player's bonus tile; passed (or played whole by play()): done.
        const bool took = g.bonus_turn();
        took ? ++taken : ++passed;
        if (took && !g.over()) {
          CHECK(g.current_player() == player);
          CHECK(g.bonus_turn());
        }
      }
      if (g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Abbey) {
        // before a turn part's draw, or a seat of the final abbey round: the current player's,
        // who still holds an abbey and sees a hole
        INFO("game " << game << " call " << calls);
        ++abbeys;
        CHECK(opt.abbey_and_mayor);
        CHECK(decider(g) == g.current_player());
        CHECK(g.holds_abbey(g.current_player()));
        CHECK(g.current_tile() == kNoTile);
      } else if (g.phase() == Phase::Decide) {
        INFO("game " << game << " call " << calls);
        CHECK(g.current_player() == player);
        CHECK(g.current_tile() == kNoTile);
        if (decision_kind(g) == DecisionKind::Wagon) {
          // a wagon sent home by this turn's scoring: its owner decides, in the placer's turn
          ++wagons;
          others_wagons += decider(g) != player;
          CHECK(opt.abbey_and_mayor);
          CHECK(decider(g) >= 0);
          CHECK(decider(g) < players);
        } else if (decision_kind(g) == DecisionKind::Dragon) {
          // a step of the flight: the placer's turn still, decided by any player
          CHECK(opt.princess_and_dragon);
          CHECK(decider(g) >= 0);
          CHECK(decider(g) < players);
        } else if (decision_kind(g) == DecisionKind::Capture) {
          ++captures;  // after a tower piece, before the scoring: the builder's decision
          CHECK(opt.tower);
          CHECK(decider(g) == player);
        } else {
          REQUIRE(decision_kind(g) == DecisionKind::Bonus);
          ++bonuses;
          CHECK(was_kind != DecisionKind::Bonus);
          CHECK(extended != 0);  // the builder's owner extended its feature (before any flight)
          CHECK_FALSE(bonus_tile);  // never two bonus tiles in a row
          CHECK(g.tiles_in_pile() > 0);
        }
      }
      bonus_tile = g.bonus_turn();
      if (calls % 7 == 0 || g.over() || g.phase() == Phase::Decide) check_conserved(g, points);
    }
    if (g.over()) {
      ++finished;
      check_conserved(g, points);
    }
  }
  CHECK(bonuses > 20);
  CHECK(taken > 10);
  CHECK(passed > 10);
  CHECK(refused > 1000);
  CHECK(finished > 100);
  CHECK(mixes_with_dragon == 256);
  CHECK(mixes_with_abbey == 256);
  CHECK(abbeys > 100);       // abbey decisions due (Abbey & Mayor, bit 9 of the mix)
  CHECK(wagons > 20);        // wagon decisions due
  CHECK(others_wagons > 0);  // some decided by a player whose turn it is not
  CHECK(steps > 1000);     // dragon steps taken (7157 with these seeds)
  CHECK(elsewhere > 1000); // fairy moves, princess removals and portal deployments
  for (int ph = 0; ph < 5; ++ph) CHECK(phases[ph] > 0);
  CHECK(misnamed_events == 0);
  CHECK(captures > 100);  // capture decisions due (The Tower, bit 8 of the mix)
  for (const Event::Type t : {Event::Type::Discard, Event::Type::SetAside, Event::Type::SetAsideBack, Event::Type::DragonLands,
                              Event::Type::FlightEnds, Event::Type::Score, Event::Type::TowerPiece, Event::Type::TowerClosed,
                              Event::Type::Capture, Event::Type::Exchange, Event::Type::Ransom, Event::Type::AbbeyPlaced,
                              Event::Type::AbbeyDeclined, Event::Type::FinalAbbeyRound, Event::Type::WagonDue,
                              Event::Type::WagonMoved, Event::Type::WagonStayed, Event::Type::BarnPlaced})
    CHECK((met >> static_cast<int>(t) & 1) == 1u);
}
