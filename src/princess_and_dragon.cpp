// The Princess & Dragon (docs/expansions.md, "The Princess & the Dragon"): the dragon, the
// volcanoes that move it, dragon tiles set aside until the first volcano, and the flight.
#include <algorithm>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "princess_and_dragon.hpp"

#include "modules.hpp"

namespace carc {

using PrincessAndDragon = Module<Expansion::PrincessAndDragon>;

namespace {
using tiles::raw::Symbol;
Symbol symbol_of(TileType t) { return tiles::raw::kTiles[t].symbol; }
constexpr std::string_view kStepWords[4] = {"dragon N", "dragon E", "dragon S", "dragon W"};
constexpr std::string_view kStepSaid[4] = {"moves the dragon north", "moves the dragon east", "moves the dragon south",
                                           "moves the dragon west"};
constexpr uint8_t kBeside = 0xFF;
// A flight is under way: its steps are the decision waited for.
bool flying(const Game& g) { return g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Dragon; }
}  // namespace

bool Game::dragon_at(int& x, int& y) const {
  if (modules_.dragon.dragon == kBeside) return false;
  const PlacedTile& t = board_.tile(modules_.dragon.dragon);
  x = t.x;
  y = t.y;
  return true;
}

// A dragon tile drawn while the dragon is beside the board: set aside, not tried for fit.
bool PrincessAndDragon::set_aside(Game& g, TileType t, Events* events) {
  auto& d = g.modules_.dragon;
  if (!would_set_aside(g, t)) return false;
  const int draw = g.drawn_ - 1;
  d.aside_draws[draw >> 6] |= uint64_t{1} << (draw & 63);
  d.aside[d.naside++] = t;
  if (events) {
    Event e = Game::event_off_board(Event::Type::SetAside);
    e.discarded = t;
    e.winners = static_cast<uint8_t>(1u << g.current_);
    events->push(e);
  }
  return true;
}

// The set-aside tiles go back among the face-down tiles: with a fixed order on top, in the
// order they were set aside; with the engine's shuffle reshuffled with the rest from the
// generator where the first shuffle stopped; with caller draws simply face down again.
void PrincessAndDragon::land_back(Game& g) {
  auto& d = g.modules_.dragon;
  const int n = d.naside, first = g.drawn_, size = g.deck_size_;
  std::copy_backward(g.deck_.begin() + first, g.deck_.begin() + size, g.deck_.begin() + size + n);
  std::copy_n(d.aside.begin(), n, g.deck_.begin() + first);
  g.deck_size_ = static_cast<uint8_t>(size + n);
  d.back = static_cast<uint8_t>(n);
  d.back_at = static_cast<uint8_t>(first);
  TileType* pile = g.deck_.data() + first;
  const int count = size + n - first;
  if (g.caller_draws_) {
    std::sort(pile, pile + count);  // no river tile is face down once a volcano is placed
  } else if (!g.fixed_order_) {
    // The face-down tiles in pile order, then the set-aside ones: one list, shuffled.
    std::rotate(pile, pile + n, pile + count);
    Rng rng = g.dealt_rng();
    for (int i = count - 1; i > 0; --i) std::swap(pile[i], pile[rng.below(static_cast<uint32_t>(i + 1))]);
  }
}

void PrincessAndDragon::placed(Game& g, TileType t, Placement) {
  if (symbol_of(t) != Symbol::Volcano) return;
  auto& d = g.modules_.dragon;
  const bool first = d.dragon == kBeside;
  d.dragon = static_cast<uint8_t>(g.board_.tile_count() - 1);
  d.landed = first ? 2 : 1;
  if (first && d.naside > 0) {
    land_back(g);
    d.returned = true;
  }
}

int PrincessAndDragon::target(const Game& g, int dir) {
  const auto& d = g.modules_.dragon;
  const PlacedTile& at = g.board_.tile(d.dragon);
  const int i = g.board_.tile_index_at(at.x + Board::kDx[dir], at.y + Board::kDy[dir]);
  if (i < 0 || i == d.fairy) return -1;
  for (int k = 0; k <= d.steps; ++k)
    if (d.visited[static_cast<size_t>(k)] == i) return -1;
  return i;
}

bool PrincessAndDragon::option_place(const Game& g, const Choice& c, int& x, int& y, Location&) {
  if (c.kind != DecisionKind::Dragon || c.option >= 4 || g.modules_.dragon.dragon == 0xFF) return false;
  const int i = target(g, c.option);
  if (i < 0) return false;
  x = g.board_.tile(i).x;
  y = g.board_.tile(i).y;
  return true;
}

bool PrincessAndDragon::can_move(const Game& g) {
  for (int dir = 0; dir < 4; ++dir)
    if (target(g, dir) >= 0) return true;
  return false;
}

void PrincessAndDragon::end_flight(Game& g, Events* events) {
  g.decision_ = 0;
  if (events) {
    Event e = g.event_at(Event::Type::FlightEnds, g.modules_.dragon.dragon, Location::None);
    e.points = g.modules_.dragon.steps;
    e.tiles = g.modules_.dragon.steps < kMaxSteps ? 1 : 0;  // it stopped short: a dead end
    events->push(e);
  }
  g.end_placement(events);
}

// Before the placement's scoring: the volcano's landing said, then a dragon tile's flight.
bool PrincessAndDragon::hold_before_scoring(Game& g, Events* events) {
  auto& d = g.modules_.dragon;
  if (d.with && !fairy_with(g)) d.with = false;  // its meeple left in the figure action (a recall)
  if (d.landed) {
    const bool first = std::exchange(d.landed, uint8_t{0}) == 2;
    const bool returned = std::exchange(d.returned, false);
    if (events) {
      if (returned) {
        for (int i = 0; i < d.back; ++i) {
          Event e = Game::event_off_board(Event::Type::SetAsideBack);
          e.discarded = d.aside[static_cast<size_t>(i)];
          events->push(e);
        }
      }
      Event e = g.event_at(Event::Type::DragonLands, d.dragon, Location::None);
      e.tiles = first ? 1 : 0;
      events->push(e);
    }
  }
  const int placed = g.board_.tile_count() - 1;
  if (symbol_of(g.board_.tile(placed).type) != Symbol::Dragon) return false;
  d.placer = g.current_;
  d.steps = 0;
  d.visited[0] = d.dragon;
  if (!can_move(g)) {
    end_flight(g, events);
    return true;
  }
  g.phase_ = Phase::Decide;
  g.decision_ = static_cast<uint8_t>(DecisionKind::Dragon);
  return true;
}

int PrincessAndDragon::choices(const Game& g, Choice* out) {
  int n = 0;
  for (int dir = 0; dir < 4; ++dir)
    if (target(g, dir) >= 0) out[n++] = Choice{DecisionKind::Dragon, kNoTile, {}, {}, static_cast<uint8_t>(dir)};
  return n;
}

Verdict PrincessAndDragon::check_choice(const Game& g, const Choice& c) {
  return target(g, c.option) >= 0 ? Verdict{} : Verdict{Illegal::DragonCannotMove};
}

// Every figure on the tile goes home, reported by owner, then by location. Returns how many.
int PrincessAndDragon::eat(Game& g, int tile, Events* events) {
  // Left uninitialised: most steps eat nothing, and clearing room for every figure cost a
  // tenth of a Princess & Dragon playout.
  union Eaten {
    Eaten() {}
    Meeple items[kMaxMeeples];
  } eaten;
  int kept = 0, n = 0;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple m = g.meeples_[i];
    if (m.tile != tile) {
      g.meeples_[kept++] = m;
      continue;
    }
    if (kFigureWeight[static_cast<size_t>(m.kind)] > 0) g.features_.root_counters(g.features_.find(m.seg)).meeples--;
    g.release(m);
    eaten.items[n++] = m;
  }
  g.nmeeples_ = static_cast<uint8_t>(kept);
  each_module(g.mix_, [&](auto m) { n += decltype(m)::eaten_on(g, tile, eaten.items + n); });
  if (!events) return n;
  std::sort(eaten.items, eaten.items + n,
            [](const Meeple& a, const Meeple& b) { return std::tie(a.player, a.location) < std::tie(b.player, b.location); });
  for (int i = 0; i < n; ++i) {
    Event e = g.event_at(Event::Type::Eaten, tile, eaten.items[i].location);
    e.winners = static_cast<uint8_t>(1u << eaten.items[i].player);
    e.figure = eaten.items[i].kind;
    events->push(e);
  }
  return n;
}

void PrincessAndDragon::step(Game& g, int dir, Events* events) {
  auto& d = g.modules_.dragon;
  const int to = target(g, dir);
  const int decider_now = decider(g);
  d.log[d.nlog >> 5] |= static_cast<uint64_t>(dir) << (2 * (d.nlog & 31));
  ++d.nlog;
  ++d.steps;
  d.dragon = static_cast<uint8_t>(to);
  d.visited[d.steps] = static_cast<uint8_t>(to);
  if (events) {
    Event e = g.event_at(Event::Type::DragonStep, to, Location::None);
    e.points = d.steps;
    e.winners = static_cast<uint8_t>(1u << decider_now);
    events->push(e);
  }
  // Only a figure that left can leave a builder or pig alone.
  if (eat(g, to, events) > 0) each_module(g.mix_, [&](auto m) { decltype(m)::figures_left(g, 0, events); });
  if (d.steps == kMaxSteps || !can_move(g)) end_flight(g, events);
}

void PrincessAndDragon::random_decision(Game& g, Rng& rng, Events* events) {
  Choice c[4];
  const int n = choices(g, c);
  step(g, c[rng.below(static_cast<uint32_t>(n))].option, events);
}

bool PrincessAndDragon::recalled(const Game& game, const Game& replay, Choice* c) {
  const int k = replay.modules_.dragon.nlog;
  if (game.modules_.dragon.nlog <= k) return false;
  const auto dir = static_cast<uint8_t>((game.modules_.dragon.log[static_cast<size_t>(k >> 5)] >> (2 * (k & 31))) & 3);
  *c = Choice{DecisionKind::Dragon, kNoTile, {}, {}, dir};
  return true;
}

// ---------------------------------------------------------------- the fairy

bool Game::fairy_at(int& x, int& y, Location& next_to) const {
  const auto& d = modules_.dragon;
  if (d.fairy == kBeside) return false;
  x = board_.tile(d.fairy).x;
  y = board_.tile(d.fairy).y;
  next_to = PrincessAndDragon::fairy_with(*this) ? d.fairy_loc : Location::None;
  return true;
}

bool PrincessAndDragon::fairy_with(const Game& g) {
  const auto& d = g.modules_.dragon;
  if (!d.with) return false;
  if (d.fairy_loc == Location::TW) {
    const PlacedTile& t = g.board_.tile(d.fairy);
    int height = 0, owner = -1;
    Figure kind{};
    return g.tower_at(t.x, t.y, height, owner, kind) && owner == d.fairy_owner;
  }
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (m.tile == d.fairy && m.seg == d.fairy_seg && m.player == d.fairy_owner) return true;
  }
  return false;
}

// Whether the current player may move the fairy next to m: one of their meeples (a figure
// that counts in a majority), not the one it stands next to (m itself shows that it is
// still there, so fairy_with's walk is not needed).
bool PrincessAndDragon::moves_fairy(const Game& g, const Meeple& m) {
  if (m.player != g.current_ || kFigureWeight[static_cast<size_t>(m.kind)] == 0) return false;
  const auto& d = g.modules_.dragon;
  return !(m.tile == d.fairy && m.seg == d.fairy_seg && m.player == d.fairy_owner && d.with && d.fairy_loc != Location::TW);
}

// D7: the current player's figure on the tower top of `tile` (The Tower; `owner` the top's
// owner), unless the fairy stands beside it.
bool PrincessAndDragon::fairy_to_tower(const Game& g, int tile, int owner) {
  const auto& d = g.modules_.dragon;
  return owner == g.current_ && !(tile == d.fairy && owner == d.fairy_owner && d.with && d.fairy_loc == Location::TW);
}

bool PrincessAndDragon::princess_city(const Game& g, SegId& root) {
  const PlacedTile& pt = g.board_.tile(g.board_.tile_count() - 1);
  const tiles::raw::Tile& raw = tiles::raw::kTiles[pt.type];
  if (raw.symbol != Symbol::Princess) return false;
  const int first_city = tiles::kDefs[pt.type].centre != tiles::kNoSeg ? 1 : 0;
  for (int c = 0; c < raw.ncities; ++c)
    if (raw.cities[c].princess) {
      root = g.features_.find(static_cast<SegId>(pt.seg_base + first_city + c));
      return g.features_.root_counters(root).meeples > 0;
    }
  return false;
}

// A knight (meeple or large meeple) of any player in the princess's city.
bool PrincessAndDragon::removable(const Game& g, SegId city, const Meeple& m) {
  return (m.kind == Figure::Meeple || m.kind == Figure::Large) && g.features_.find(m.seg) == city;
}

// A meeple, the large meeple, the abbot, the mayor or the wagon onto an unoccupied, incomplete
// feature of another tile (not the dragon's), one option per part of that tile that may take
// the figure.
int PrincessAndDragon::portal_options(const Game& g, FigureChoice* out) {
  const int placed = g.board_.tile_count() - 1;
  if (symbol_of(g.board_.tile(placed).type) != Symbol::Portal) return 0;
  // Each part of each tile, by its first location, found once: which of the figures it takes
  // (bit 0 a meeple or the large meeple, bit 1 the abbot, bit 2 the mayor, bit 3 the wagon).
  constexpr unsigned kNeeds[kPortalFigures.size()] = {1u, 1u, 2u, 4u, 8u};
  unsigned wanted = 0;
  for (size_t k = 0; k < kPortalFigures.size(); ++k)
    if (has_figure(Mix{g.mix_}, kPortalFigures[k]) && g.supply(g.current_, kPortalFigures[k]) > 0) wanted |= 1u << k;
  if (!wanted) return 0;
  struct Part {
    uint8_t tile, location, takes;
  };
  std::array<Part, Features::kMaxSegments> parts;  // each a segment of its own
  int nparts = 0;
  g.board_.tiles_by_position([&](int tile) {
    if (tile == placed || tile == g.modules_.dragon.dragon) return;
    const PlacedTile& pt = g.board_.tile(tile);
    const auto& o = tiles::kOriented[pt.type][pt.rot];
    // The tile's parts by their first locations: its meeple choices, after a garden (at C).
    const uint8_t centre = o.loc_seg[static_cast<size_t>(Location::C)];
    const bool garden = centre != tiles::kNoSeg && tiles::kDefs[pt.type].segs[centre].kind == FeatureKind::Garden;
    for (int i = garden ? -1 : 0; i < o.nchoices; ++i) {
      const Location l = i < 0 ? Location::C : o.choices[static_cast<size_t>(i)];
      const uint8_t local = o.loc_seg[static_cast<size_t>(l)];
      const SegId root = g.features_.find(static_cast<SegId>(pt.seg_base + local));
      const FeatureCounters& c = g.features_.root_counters(root);
      if (c.meeples > 0) continue;
      unsigned takes = 0;  // as kNeeds
      switch (c.kind) {
        case FeatureKind::Road: takes = c.open > 0 ? 1u | 8u : 0u; break;
        case FeatureKind::City: takes = c.open > 0 ? 1u | 4u | 8u : 0u; break;
        case FeatureKind::Field: takes = g.options_.farmers ? 1u : 0u; break;
        case FeatureKind::Monastery: takes = g.board_.neighbours8(pt) < 8 ? 1u | 2u | 8u : 0u; break;
        case FeatureKind::Garden: takes = g.board_.neighbours8(pt) < 8 ? 2u : 0u; break;
      }
      if (takes) parts[static_cast<size_t>(nparts++)] = Part{static_cast<uint8_t>(tile), static_cast<uint8_t>(l), static_cast<uint8_t>(takes)};
    }
  });
  int n = 0;
  for (size_t k = 0; k < kPortalFigures.size(); ++k) {
    if (!((wanted >> k) & 1)) continue;
    const unsigned need = kNeeds[k];
    for (int i = 0; i < nparts; ++i) {
      const Part& p = parts[static_cast<size_t>(i)];
      if (!(p.takes & need)) continue;
      const PlacedTile& pt = g.board_.tile(p.tile);
      out[n++] = FigureChoice{kPortalFigures[k], static_cast<Location>(p.location), true, pt.x, pt.y};
    }
  }
  return n;
}

int PrincessAndDragon::figure_options(const Game& g, FigureChoice* out) {
  int n = portal_options(g, out);
  out += n;
  // Fairy moves, then princess removals, each by tile x, then y, then location. Each list
  // is of one figure, so a choice is its key (those three as one unsigned); the lists are
  // short and made every turn, so the keys are sorted by insertion (std::sort comparing
  // the three fields cost several times more).
  std::array<uint32_t, kMaxMeeples + kTotalTiles> keys;  // a figure on the board or a tower top each
  int nkeys = 0;
  const auto add = [&](int tile, Location loc) {
    const PlacedTile& t = g.board_.tile(tile);
    keys[static_cast<size_t>(nkeys++)] = static_cast<uint32_t>(static_cast<uint8_t>(t.x) ^ 0x80u) << 16 |
                                         static_cast<uint32_t>(static_cast<uint8_t>(t.y) ^ 0x80u) << 8 |
                                         static_cast<uint32_t>(loc);
  };
  const auto emit = [&](Figure f) {
    for (int i = 1; i < nkeys; ++i) {
      const uint32_t k = keys[static_cast<size_t>(i)];
      int j = i;
      for (; j > 0 && keys[static_cast<size_t>(j - 1)] > k; --j) keys[static_cast<size_t>(j)] = keys[static_cast<size_t>(j - 1)];
      keys[static_cast<size_t>(j)] = k;
    }
    for (int i = 0; i < nkeys; ++i) {
      const uint32_t k = keys[static_cast<size_t>(i)];
      *out++ = FigureChoice{f, static_cast<Location>(k & 0xFFu), true, static_cast<int8_t>((k >> 16) ^ 0x80u),
                            static_cast<int8_t>(((k >> 8) & 0xFFu) ^ 0x80u)};
    }
    n += nkeys;
    nkeys = 0;
  };
  for (int i = 0; i < g.nmeeples_; ++i)
    if (moves_fairy(g, g.meeples_[i])) add(g.meeples_[i].tile, g.meeples_[i].location);
  each_module(g.mix_, [&](auto mod) {
    decltype(mod)::towers(g, [&](int tile, int, int owner, Figure) {
      if (fairy_to_tower(g, tile, owner)) add(tile, Location::TW);
    });
  });
  emit(Figure::Fairy);
  if (SegId city; princess_city(g, city))
    for (int i = 0; i < g.nmeeples_; ++i)
      if (removable(g, city, g.meeples_[i])) add(g.meeples_[i].tile, g.meeples_[i].location);
  emit(Figure::Princess);
  return n;
}

// A portal's deployment names the part of the other tile by any of its locations, a fairy
// move or a princess's removal the meeple by any location of its feature on that tile.
bool PrincessAndDragon::canonical_elsewhere(const Game& g, FigureChoice& c) {
  if (c.location == Location::TW) return c.figure == Figure::Fairy;  // else a tower top (The Tower)
  const int tile = g.board_.tile_index_at(c.x, c.y);
  if (tile < 0 || static_cast<int>(c.location) >= kLocationCount) return true;
  const PlacedTile& pt = g.board_.tile(tile);
  const auto& o = tiles::kOriented[pt.type][pt.rot];
  const uint8_t local = o.loc_seg[static_cast<size_t>(c.location)];
  if (local == tiles::kNoSeg) return true;
  if (c.figure == Figure::Fairy || c.figure == Figure::Princess) {
    const SegId seg = static_cast<SegId>(pt.seg_base + local), root = g.features_.find(seg);
    const Meeple* found = nullptr;
    for (int i = 0; i < g.nmeeples_; ++i) {
      const Meeple& m = g.meeples_[i];
      if (m.tile != tile || g.features_.find(m.seg) != root || (c.figure == Figure::Fairy && m.player != g.current_)) continue;
      if (!found || m.seg == seg) found = &m;
    }
    if (found) c.location = found->location;
    return true;
  }
  for (int l = 0; l < kLocationCount; ++l)
    if (o.loc_seg[static_cast<size_t>(l)] == local) {
      c.location = static_cast<Location>(l);
      break;
    }
  return true;
}

bool PrincessAndDragon::check_elsewhere(const Game& g, const FigureChoice& c, Verdict* v) {
  if (c.location == Location::TW && c.figure != Figure::Fairy) return false;  // a tower top (The Tower)
  if (portal_figure(c.figure)) {
    ListBuffer<FigureChoice, kMaxPortalOptions> opts;
    const int n = portal_options(g, opts);
    if (std::find(opts.items, opts.items + n, c) != opts.items + n) {
      *v = Verdict{};
      return true;
    }
    // Why not, as the rules say it: the dragon's tile, no such part, an occupied feature;
    // else not through a portal (no portal tile, this tile, a complete feature, another kind).
    *v = Verdict{Illegal::PortalTarget};
    const int tile = g.board_.tile_index_at(c.x, c.y), placed = g.board_.tile_count() - 1;
    if (tile < 0 || tile == placed || symbol_of(g.board_.tile(placed).type) != Symbol::Portal) return true;
    if (tile == g.modules_.dragon.dragon) {
      *v = Verdict{Illegal::DragonTile};
      return true;
    }
    const PlacedTile& pt = g.board_.tile(tile);
    const uint8_t local = static_cast<int>(c.location) < kLocationCount
                              ? tiles::kOriented[pt.type][pt.rot].loc_seg[static_cast<size_t>(c.location)]
                              : tiles::kNoSeg;
    if (local == tiles::kNoSeg) *v = Verdict{Illegal::NoSuchFeature};
    else if (g.features_.root_counters(g.features_.find(static_cast<SegId>(pt.seg_base + local))).meeples > 0)
      *v = Verdict{Illegal::FeatureOccupied};
    else if (g.supply(g.current_, c.figure) == 0) *v = Verdict{Illegal::NoSupply};
    return true;
  }
  if (c.figure == Figure::Princess) {
    *v = Verdict{Illegal::NoKnightToRemove};
    const int tile = g.board_.tile_index_at(c.x, c.y);
    if (SegId city; tile >= 0 && princess_city(g, city))
      for (int i = 0; i < g.nmeeples_; ++i)
        if (g.meeples_[i].tile == tile && g.meeples_[i].location == c.location && removable(g, city, g.meeples_[i])) *v = Verdict{};
    return true;
  }
  if (c.figure != Figure::Fairy) return false;
  const int tile = g.board_.tile_index_at(c.x, c.y);
  *v = Verdict{Illegal::FairyNeedsMeeple};
  if (c.location == Location::TW) {
    int height = 0, owner = -1;
    Figure kind{};
    if (g.tower_at(c.x, c.y, height, owner, kind) && fairy_to_tower(g, tile, owner)) *v = Verdict{};
    return true;
  }
  for (int i = 0; i < g.nmeeples_ && tile >= 0; ++i) {
    const Meeple& m = g.meeples_[i];
    if (m.tile == tile && m.location == c.location && moves_fairy(g, m)) *v = Verdict{};
  }
  return true;
}

bool PrincessAndDragon::act_elsewhere(Game& g, const FigureChoice& c, Events* events) {
  if (c.location == Location::TW && c.figure != Figure::Fairy) return false;  // a tower top (The Tower)
  if (portal_figure(c.figure)) {
    const int tile = g.board_.tile_index_at(c.x, c.y);
    g.put_figure_at(tile, c.figure, c.location);
    if (tile == g.modules_.dragon.fairy && g.modules_.dragon.with && !fairy_with(g)) g.modules_.dragon.with = false;
    if (events) {
      Event e = g.event_at(Event::Type::Portal, tile, c.location);
      e.winners = static_cast<uint8_t>(1u << g.current_);
      e.figure = c.figure;
      events->push(e);
    }
    return true;
  }
  if (c.figure == Figure::Princess) {
    const int tile = g.board_.tile_index_at(c.x, c.y);
    for (int i = 0; i < g.nmeeples_; ++i) {
      const Meeple m = g.meeples_[i];
      if (m.tile != tile || m.location != c.location) continue;
      g.features_.root_counters(g.features_.find(m.seg)).meeples--;
      g.release(m);
      std::copy(g.meeples_.begin() + i + 1, g.meeples_.begin() + g.nmeeples_, g.meeples_.begin() + i);
      --g.nmeeples_;
      if (events) {
        Event e = g.event_at(Event::Type::PrincessRemoves, tile, m.location);
        e.winners = static_cast<uint8_t>(1u << m.player);
        e.figure = m.kind;
        events->push(e);
      }
      break;
    }
    each_module(g.mix_, [&](auto m) { decltype(m)::figures_left(g, 1, events); });
    return true;
  }
  if (c.figure != Figure::Fairy) return false;
  auto& d = g.modules_.dragon;
  const int tile = g.board_.tile_index_at(c.x, c.y);
  d.fairy = static_cast<uint8_t>(tile);
  d.fairy_loc = c.location;
  d.fairy_owner = static_cast<uint8_t>(g.current_);
  d.with = true;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (m.tile == tile && m.location == c.location) d.fairy_seg = m.seg;
  }
  if (events) {
    Event e = g.event_at(Event::Type::FairyMoves, tile, c.location);
    e.winners = static_cast<uint8_t>(1u << g.current_);
    events->push(e);
  }
  return true;
}

// 1 point to the player whose turn begins when the fairy stands next to one of their meeples.
void PrincessAndDragon::turn_passes(Game& g, Events* events) {
  const auto& d = g.modules_.dragon;
  if (d.fairy_owner != g.current_ || !fairy_with(g)) return;
  g.score_[g.current_] += points::kFairyTurn;
  if (events) {
    Event e = g.event_at(Event::Type::FairyPoint, d.fairy, d.fairy_loc);
    e.winners = static_cast<uint8_t>(1u << g.current_);
    e.points = points::kFairyTurn;
    events->push(e);
  }
}

// 3 points to the owner of the fairy's meeple when a feature holding it is scored, whatever
// the feature paid; its meeple has gone home if the feature was completed.
void PrincessAndDragon::fairy_bonus(Game& g, SegId root, Events* events) {
  auto& d = g.modules_.dragon;
  // A figure on a tower top never scores, so the fairy beside it earns no +3 (D7).
  if (!d.with || d.fairy_loc == Location::TW || g.features_.find(d.fairy_seg) != root) return;
  g.score_[d.fairy_owner] += points::kFairyFeature;
  if (events) {
    Event e = g.event_at(Event::Type::FairyBonus, d.fairy, d.fairy_loc);
    e.winners = static_cast<uint8_t>(1u << d.fairy_owner);
    e.points = points::kFairyFeature;
    e.end_game = g.phase_ == Phase::GameOver;  // from end_scored: the end-game summary's
    events->push(e);
  }
  if (g.phase_ != Phase::GameOver) d.with = false;  // completed: the meeple went home
}

std::string PrincessAndDragon::refusal(const Game& g, const Choice& c) {
  if (c.option >= 4) return {};
  const PlacedTile& at = g.board_.tile(g.modules_.dragon.dragon);
  const int x = at.x + Board::kDx[c.option], y = at.y + Board::kDy[c.option];
  const std::string_view dir = kStepWords[c.option].substr(7);
  const int i = g.board_.tile_index_at(x, y);
  if (i < 0) return fmt::format("the dragon cannot move {}: no tile is at ({},{})", dir, x, y);
  if (i == g.modules_.dragon.fairy) return fmt::format("the dragon cannot move {}: the fairy stands on ({},{})", dir, x, y);
  return fmt::format("the dragon cannot move {}: ({},{}) was visited in this flight", dir, x, y);
}

std::string_view PrincessAndDragon::choice_word(const Choice& c) {
  return c.kind == DecisionKind::Dragon && c.option < 4 ? kStepWords[c.option] : "";
}

std::string_view PrincessAndDragon::choice_said(const Choice& c) { return c.option < 4 ? kStepSaid[c.option] : ""; }

bool PrincessAndDragon::parse_word(DecisionKind k, std::string_view word, Choice* c) {
  if (k != DecisionKind::Dragon) return false;
  for (uint8_t dir = 0; dir < 4; ++dir)
    if (word == kStepWords[dir]) {
      *c = Choice{DecisionKind::Dragon, kNoTile, {}, {}, dir};
      return true;
    }
  return false;
}

}  // namespace carc

namespace carc {

void PrincessAndDragon::observe_board(const Game& g, const Planes& planes) {
  const auto& d = g.modules_.dragon;
  auto mark = [&](int k, int tile) {
    const PlacedTile& t = g.board_.tile(tile);
    if (planes.inside(t.x, t.y)) planes.at(k, t.x, t.y) = 1.0f;
  };
  if (d.dragon != kBeside) mark(0, d.dragon);
  if (d.fairy != kBeside) mark(1, d.fairy);
  if (flying(g))
    for (int k = 0; k <= d.steps; ++k) mark(2, d.visited[static_cast<size_t>(k)]);
}

void PrincessAndDragon::observe_scalars(const Game& g, int observer, float* s) {
  const auto& d = g.modules_.dragon;
  const int P = g.players_;
  if (fairy_with(g)) s[(d.fairy_owner - observer + P) % P] = 1.0f;
  s += P;
  s[0] = d.dragon != kBeside ? 1.0f : 0.0f;
  s[1] = static_cast<float>(d.naside - d.back);
  s[2] = flying(g) ? static_cast<float>(d.steps) : 0.0f;
  s[3] = flying(g) ? 1.0f : 0.0f;
}

}  // namespace carc
