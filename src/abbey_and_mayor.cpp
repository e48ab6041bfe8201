// Abbey & Mayor (docs/expansions.md, "Abbey & Mayor").
// - The abbey: before a turn part's draw, a player who still holds their abbey may put it
//   into a hole (an empty square with tiles on all four sides) instead; its edges close the
//   roads and cities that reach them (game.cpp's placement), it is a monastery, and its figure
//   step is the usual one. After the last land tile, one final abbey round: from the left of
//   the player whose turn took it, to that player.
// - The mayor: a city's follower whose strength is the city's shields (scoring.cpp).
// - The wagon: a follower on a road, city or monastery; when its feature scores, its owner may
//   move it at once onto an unoccupied, incomplete road, city or monastery on its square or
//   the 8 around (owners in turn order from the current player).
// - The barn: on a corner point where four tiles show only field; its field is scored for
//   the farmers at once (3 per completed city), farmers joined to it later score 1 per city,
//   and at the end each barn owner scores 4 per city.
#include "abbey_and_mayor.hpp"

#include <algorithm>

#include "carcassonne/notation.hpp"
#include "modules.hpp"
#include "traders.hpp"

namespace carc {

using AbbeyAndMayor = Module<Expansion::AbbeyAndMayor>;
using tiles::kOriented;

namespace {
constexpr uint16_t kMayorBit = 1u << static_cast<int>(Figure::Mayor);
constexpr uint16_t kWagonBit = 1u << static_cast<int>(Figure::Wagon);
constexpr uint16_t kBarnBit = 1u << static_cast<int>(Figure::Barn);

// The two slots of a tile's corner k (NW NE SE SW), in board orientation.
constexpr int kCornerSlots[4][2] = {{11, 0}, {2, 3}, {5, 6}, {8, 9}};
// The square of each of the four tiles around corner point (px, py), and the corner of that
// tile at the point: the tile NW of it shows its SE corner, and so on.
constexpr int kAround[4][3] = {{-1, -1, 2}, {0, -1, 3}, {0, 0, 0}, {-1, 0, 1}};
// The corner point of corner k of the tile at (x, y): its NW corner is (x, y).
constexpr int kPointDx[4] = {0, 1, 1, 0}, kPointDy[4] = {0, 0, 1, 1};

bool farmer(Figure f) { return f == Figure::Meeple || f == Figure::Large; }
}  // namespace

void AbbeyAndMayor::set_up(Game& g) {
  auto& s = g.modules_.abbey;
  s.abbeys = static_cast<uint8_t>((1u << g.players_) - 1);
  const uint16_t given = static_cast<uint16_t>(kMayorBit | kWagonBit | (g.options_.farmers ? kBarnBit : 0));
  for (int p = 0; p < g.players_; ++p) g.figures_[p] = static_cast<uint16_t>(g.figures_[p] | given);
}

bool Game::holds_abbey(int player) const {
  return player >= 0 && player < players_ && ((modules_.abbey.abbeys >> player) & 1);
}

bool Game::barn(int i, int& x, int& y, int& owner) const {
  const auto& s = modules_.abbey;
  if (i < 0 || i >= s.nbarns) return false;
  x = s.barns[static_cast<size_t>(i)].x;
  y = s.barns[static_cast<size_t>(i)].y;
  owner = s.barns[static_cast<size_t>(i)].owner;
  return true;
}

// ---------------------------------------------------------------- the abbey

bool AbbeyAndMayor::is_hole(const Game& g, int x, int y) {
  const OpenCell* o = g.board_.open_at(x, y);
  return o && o->enclosed();
}

int AbbeyAndMayor::holes(const Game& g, Placement* out) {
  int n = 0;
  for (int i = 0; i < g.board_.open_count(); ++i) {
    const OpenCell& o = g.board_.open(i);
    if (o.enclosed()) out[n++] = Placement{o.x, o.y, 0};
  }
  std::sort(out, out + n, [](const Placement& a, const Placement& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  return n;
}

bool AbbeyAndMayor::committed(const Game& g) {
  return has(Mix{g.mix_}, Expansion::Tower) && Module<Expansion::Tower>::paid_for_next_placement(g);
}

bool AbbeyAndMayor::any_hole(const Game& g) {
  for (int i = 0; i < g.board_.open_count(); ++i)
    if (g.board_.open(i).enclosed()) return true;
  return false;
}

// A turn part may begin with the abbey while the player holds it and a hole is open: in a
// normal turn while land tiles are left (after the last one the final round has the abbeys),
// and in a builder's bonus part, then even with none left.
bool AbbeyAndMayor::before_draw(Game& g, bool bonus, Events*) {
  auto& s = g.modules_.abbey;
  if (s.final_round || !((s.abbeys >> g.current_) & 1)) return false;
  if (!bonus && g.drawn_ >= g.deck_size_) return false;
  if (!any_hole(g)) return false;
  s.bonus = bonus;
  g.phase_ = Phase::Decide;
  g.decision_ = static_cast<uint8_t>(DecisionKind::Abbey);
  return true;
}

// The last land tile is gone: the final abbey round, one seat after another from the left of
// the player whose turn took it (who placed it, or drew it and it fit nowhere), to that player.
bool AbbeyAndMayor::hold_game_end(Game& g, Events* events) {
  auto& s = g.modules_.abbey;
  if (!s.final_round) {
    s.final_round = true;
    const bool discarded_last = g.drawn_ > 0 && g.discarded(g.drawn_ - 1);
    s.last = static_cast<uint8_t>(discarded_last || g.drawn_ == 0 ? g.current_ : (g.current_ + g.players_ - 1) % g.players_);
    if (g.drawn_ == 0) s.last = static_cast<uint8_t>(g.players_ - 1);
    s.seat = 0;
    if (events) {
      Event e = Game::event_off_board(Event::Type::FinalAbbeyRound);
      e.winners = static_cast<uint8_t>(1u << s.last);
      events->push(e);
    }
  }
  return next_seat(g, events);
}

// The next seat of the final round that holds an abbey and sees a hole decides; the others
// are skipped. False once every seat has had its turn.
bool AbbeyAndMayor::next_seat(Game& g, Events*) {
  auto& s = g.modules_.abbey;
  while (s.seat < g.players_) {
    const int p = (s.last + 1 + s.seat) % g.players_;
    ++s.seat;
    if (!((s.abbeys >> p) & 1) || !any_hole(g)) continue;
    g.current_ = static_cast<uint8_t>(p);
    // Each seat's decision is a turn of its own for the once-per-turn ransom (README D3).
    Module<Expansion::Tower>::turn_passes(g, nullptr);
    s.bonus = false;
    g.phase_ = Phase::Decide;
    g.decision_ = static_cast<uint8_t>(DecisionKind::Abbey);
    return true;
  }
  return false;
}

// The abbey goes down as a tile drawn from the player's hand: it joins the drawn tiles (so
// that the history sees it where it was placed) and the figure step follows.
void AbbeyAndMayor::place_abbey(Game& g, int x, int y, Events* events) {
  auto& s = g.modules_.abbey;
  s.abbeys = static_cast<uint8_t>(s.abbeys & ~(1u << g.current_));
  for (int i = g.deck_size_; i > g.drawn_; --i) g.deck_[i] = g.deck_[i - 1];
  g.deck_[g.drawn_] = tiles::kAbbey;
  // The dragon tiles that went back on top of the deck (Princess & Dragon) move down with it.
  auto& d = g.modules_.dragon;
  if (d.back && d.back_at >= g.drawn_) ++d.back_at;
  ++g.deck_size_;
  ++g.drawn_;
  g.decision_ = 0;
  g.phase_ = Phase::PlaceTile;
  g.apply_placement(Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), 0});
  if (!events) return;
  Event e = g.event_at(Event::Type::AbbeyPlaced, g.board_.tile_count() - 1, Location::C);
  e.winners = static_cast<uint8_t>(1u << g.current_);
  events->push(e);
}

// ---------------------------------------------------------------- the figures

Verdict AbbeyAndMayor::check_barn(const Game& g, Location loc) {
  const int k = corner_of(loc);
  if (k < 0) return Verdict{Illegal::BarnCorner};
  if (!g.options_.farmers) return Verdict{Illegal::FarmersOff};
  const PlacedTile& pt = g.board_.tile(g.board_.tile_count() - 1);
  const int px = pt.x + kPointDx[k], py = pt.y + kPointDy[k];
  // The four corner fields meet across the edges at the point: one field, found once.
  SegId seg = 0;
  for (const auto& a : kAround) {
    const int i = g.board_.tile_index_at(px + a[0], py + a[1]);
    if (i < 0) return Verdict{Illegal::BarnCorner};
    const PlacedTile& t = g.board_.tile(i);
    const auto& o = kOriented[t.type][t.rot];
    const uint8_t s1 = o.slot_seg[kCornerSlots[a[2]][0]], s2 = o.slot_seg[kCornerSlots[a[2]][1]];
    if (s1 == tiles::kNoSeg || s1 != s2 || tiles::kDefs[t.type].segs[s1].kind != FeatureKind::Field)
      return Verdict{Illegal::BarnCorner};
    seg = static_cast<SegId>(t.seg_base + s1);
  }
  if (has_barn(g, g.features_.find(seg))) return Verdict{Illegal::BarnFieldTaken};
  if (!(g.figures_[g.current_] & kBarnBit)) return Verdict{Illegal::NoSupply};
  return Verdict{};
}

bool AbbeyAndMayor::has_barn(const Game& g, SegId root) {
  const auto& s = g.modules_.abbey;
  for (int i = 0; i < s.nbarns; ++i)
    if (g.features_.find(s.barns[i].seg) == root) return true;
  return false;
}

// Mayors onto free cities, wagons onto free roads, cities and monasteries (by location), then
// the barn onto each legal corner (NW NE SE SW).
int AbbeyAndMayor::figure_options(const Game& g, FigureChoice* out) {
  const uint16_t held = g.figures_[g.current_];
  int n = 0;
  if (held & (kMayorBit | kWagonBit)) {
    Location free[kMaxMeepleOptions];
    const int k = g.free_locations(free);
    const PlacedTile& pt = g.board_.tile(g.board_.tile_count() - 1);
    const auto& o = kOriented[pt.type][pt.rot];
    const auto kind = [&](Location loc) { return tiles::kDefs[pt.type].segs[o.loc_seg[static_cast<int>(loc)]].kind; };
    if (held & kMayorBit)
      for (int i = 0; i < k; ++i)
        if (kind(free[i]) == FeatureKind::City) out[n++] = FigureChoice{Figure::Mayor, free[i]};
    if (held & kWagonBit)
      for (int i = 0; i < k; ++i)
        if (kind(free[i]) != FeatureKind::Field) out[n++] = FigureChoice{Figure::Wagon, free[i]};
  }
  if ((held & kBarnBit) && g.options_.farmers)
    for (const Location corner : kCorners)
      if (check_barn(g, corner)) out[n++] = FigureChoice{Figure::Barn, corner};
  return n;
}

bool AbbeyAndMayor::check_action(const Game& g, Figure f, Location loc, Verdict* v) {
  if (f != Figure::Barn) return false;
  *v = check_barn(g, loc);
  return true;
}

bool AbbeyAndMayor::check_deploy(const Game& g, Figure f, SegId root, Verdict* v) {
  const FeatureKind kind = g.features_.kind(root);
  if (f == Figure::Mayor && kind != FeatureKind::City) *v = Verdict{Illegal::MayorCityOnly};
  else if (f == Figure::Wagon && (kind == FeatureKind::Field || kind == FeatureKind::Garden)) *v = Verdict{Illegal::WagonFeature};
  else if (kind == FeatureKind::Field && has_barn(g, root)) *v = Verdict{Illegal::BarnField};
  else return false;
  return true;
}

// The barn onto its corner point: it occupies its field (no meeple may follow) but is no
// figure on a feature; placed now, its field scores for its farmers in this placement's scoring.
bool AbbeyAndMayor::act(Game& g, Figure f, Location loc, Events*) {
  if (f != Figure::Barn) return false;
  auto& s = g.modules_.abbey;
  const int k = corner_of(loc);
  const int i = g.board_.tile_count() - 1;
  PlacedTile& pt = g.board_.tile(i);
  const uint8_t local = kOriented[pt.type][pt.rot].slot_seg[kCornerSlots[k][0]];
  const SegId seg = static_cast<SegId>(pt.seg_base + local);
  s.barns[s.nbarns] = State::Barn{static_cast<int8_t>(pt.x + kPointDx[k]), static_cast<int8_t>(pt.y + kPointDy[k]), g.current_, seg};
  s.barn_placed = static_cast<int8_t>(s.nbarns++);
  g.features_.root_counters(g.features_.find(seg)).meeples++;
  g.figures_[g.current_] = static_cast<uint16_t>(g.figures_[g.current_] & ~kBarnBit);
  pt.meeple = loc;
  pt.figure = Figure::Barn;
  return true;
}

bool AbbeyAndMayor::spell_action(const Move& m, std::string* text) {
  if (m.elsewhere || m.figure != Figure::Barn) return false;
  const int k = corner_of(m.meeple);
  if (k < 0) return false;
  *text = fmt::format("N:{}", kCornerNames[static_cast<size_t>(k)]);
  return true;
}

bool AbbeyAndMayor::read_action(std::string_view word, FigureChoice* c) {
  if (!word.starts_with("N:")) return false;
  word.remove_prefix(2);
  *c = FigureChoice{Figure::Barn, Location::None};  // no corner: no action
  for (int k = 0; k < 4; ++k)
    if (word == kCornerNames[static_cast<size_t>(k)]) c->location = kCorners[static_cast<size_t>(k)];
  return true;
}

// ---------------------------------------------------------------- scoring

// The wagons on a feature about to score come home with it, and may move on afterwards.
void AbbeyAndMayor::completing(Game& g, SegId root) {
  auto& s = g.modules_.abbey;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (m.kind == Figure::Wagon && g.features_.find(m.seg) == root) s.wagons[s.nwagons++] = State::Wagon{m.player, m.tile};
  }
}

void AbbeyAndMayor::score_barn_field(Game& g, SegId root, int per_city, Event::Type type, Events* events) {
  Game::PlayerCounts weight{};
  Meeple first{};
  bool any = false;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    if (!farmer(m.kind) || g.features_.find(m.seg) != root) continue;
    if (!any) first = m;
    any = true;
    weight[m.player] = static_cast<uint8_t>(weight[m.player] + kFigureWeight[static_cast<size_t>(m.kind)]);
  }
  if (!any) return;
  FeatureSize size{FeatureKind::Field};
  size.cities = g.completed_cities_touching(root);
  const int before = events ? events->count : 0;
  const uint8_t winners = g.pay_majority(FeatureKind::Field, per_city * size.cities, 0, weight, first, events);
  if (events && winners && events->count > before) {  // the score is the barn's kind of scoring
    Event& e = events->items[static_cast<size_t>(events->count - 1)];
    e.type = type;
    e.tiles = static_cast<uint8_t>(size.cities);
  }
  each_module(mix_of(g.options_), [&](auto m) { decltype(m)::field_scored(g, root, winners, size, weight, first, events); });
  // The farmers and the pigs go home.
  int kept = 0;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple m = g.meeples_[i];
    const bool home = (farmer(m.kind) || m.kind == Figure::Pig) && g.features_.find(m.seg) == root;
    if (!home) {
      g.meeples_[kept++] = m;
      continue;
    }
    if (kFigureWeight[static_cast<size_t>(m.kind)] > 0) g.features_.root_counters(root).meeples--;
    g.release(m);
    if (events) {
      Event e = g.event_at(Event::Type::BarnHome, m.tile, m.location);
      e.winners = static_cast<uint8_t>(1u << m.player);
      e.figure = m.kind;
      events->push(e);
    }
  }
  g.nmeeples_ = static_cast<uint8_t>(kept);
  each_module(mix_of(g.options_), [&](auto m) { decltype(m)::completed(g, root, events); });
}

// After the placement's scoring: the barn placed now scores its field, then each barn field
// on the tile that now holds farmers (joined to it by this tile); then the wagons that came
// home decide, owners from the current player on.
bool AbbeyAndMayor::hold_after_scoring(Game& g, Events* events) {
  auto& s = g.modules_.abbey;
  if (s.barn_placed >= 0) {
    const SegId root = g.features_.find(s.barns[static_cast<size_t>(s.barn_placed)].seg);
    s.barn_placed = -1;
    score_barn_field(g, root, points::kBarnPlacedCity, Event::Type::BarnPlaced, events);
  }
  if (s.nbarns) {
    const PlacedTile& pt = g.board_.tile(g.board_.tile_count() - 1);
    for (int i = 0; i < tiles::kDefs[pt.type].nsegs; ++i) {
      if (tiles::kDefs[pt.type].segs[i].kind != FeatureKind::Field) continue;
      const SegId root = g.features_.find(static_cast<SegId>(pt.seg_base + i));
      if (has_barn(g, root)) score_barn_field(g, root, points::kBarnConnectedCity, Event::Type::BarnConnected, events);
    }
  }
  if (s.nwagons == 0) return false;
  // Owners from the current player on (an insertion sort: at most one wagon per player, and
  // no buffer to allocate in a playout).
  const auto seat = [&](const State::Wagon& w) { return (w.owner - g.current_ + g.players_) % g.players_; };
  for (int i = 1; i < s.nwagons; ++i)
    for (int j = i; j > 0 && seat(s.wagons[j]) < seat(s.wagons[j - 1]); --j) std::swap(s.wagons[j], s.wagons[j - 1]);
  s.next_wagon = 0;
  return next_wagon(g, events);
}

bool AbbeyAndMayor::next_wagon(Game& g, Events* events) {
  auto& s = g.modules_.abbey;
  Target t[kMaxTargets];
  while (s.next_wagon < s.nwagons) {
    const State::Wagon& w = s.wagons[s.next_wagon];
    const int n = targets(g, w, t);
    if (n > 0) {
      g.phase_ = Phase::Decide;
      g.decision_ = static_cast<uint8_t>(DecisionKind::Wagon);
      if (events) {
        Event e = g.event_at(Event::Type::WagonDue, w.tile, Location::None);
        e.winners = static_cast<uint8_t>(1u << w.owner);
        e.tiles = static_cast<uint8_t>(n);
        events->push(e);
      }
      return true;
    }
    ++s.next_wagon;  // no target: it stays home, nothing to decide
  }
  s.nwagons = s.next_wagon = 0;
  return false;
}

// Every unoccupied, incomplete road, city and monastery with a part on the wagon's square or
// the 8 around it (not the dragon's square), each (square, feature) once, by x, y, location.
int AbbeyAndMayor::targets(const Game& g, const State::Wagon& w, Target* out) {
  const PlacedTile& from = g.board_.tile(w.tile);
  const int dragon = has(mix_of(g.options_), Expansion::PrincessAndDragon) ? g.modules_.dragon.dragon : -1;
  int n = 0;
  for (int x = from.x - 1; x <= from.x + 1; ++x)
    for (int y = from.y - 1; y <= from.y + 1; ++y) {
      const int i = g.board_.tile_index_at(x, y);
      if (i < 0 || i == dragon) continue;
      const PlacedTile& t = g.board_.tile(i);
      const auto& o = kOriented[t.type][t.rot];
      SegId seen[tiles::kMaxSegs];
      int nseen = 0;
      for (int c = 0; c < o.nchoices; ++c) {
        const Location loc = o.choices[c];
        const SegId r = g.features_.find(static_cast<SegId>(t.seg_base + o.loc_seg[static_cast<int>(loc)]));
        if (std::find(seen, seen + nseen, r) != seen + nseen) continue;
        seen[nseen++] = r;
        const FeatureCounters& fc = g.features_.root_counters(r);
        if (fc.kind == FeatureKind::Field || fc.kind == FeatureKind::Garden || fc.meeples > 0) continue;
        const bool complete = fc.kind == FeatureKind::Monastery ? g.board_.neighbours8(t) == 8 : fc.open == 0;
        if (!complete) out[n++] = Target{static_cast<int8_t>(x), static_cast<int8_t>(y), loc};
      }
    }
  return n;
}

// At the end each barn's field pays its owners: 4 per completed city, once per owner.
void AbbeyAndMayor::game_end(Game& g, Events* events) {
  const auto& s = g.modules_.abbey;
  for (int i = 0; i < s.nbarns; ++i) {
    const SegId root = g.features_.find(s.barns[i].seg);
    bool first = true;
    for (int j = 0; j < i; ++j) first &= g.features_.find(s.barns[j].seg) != root;
    if (!first) continue;
    unsigned owners = 0;
    for (int j = i; j < s.nbarns; ++j)
      if (g.features_.find(s.barns[j].seg) == root) owners |= 1u << s.barns[j].owner;
    const int points = points::kBarnFinalCity * g.completed_cities_touching(root);
    for (int p = 0; p < g.players_; ++p)
      if ((owners >> p) & 1) g.score_[p] += points;
    if (!events || points == 0) continue;
    Event e = Game::event_off_board(Event::Type::BarnFinal);
    e.feature = FeatureKind::Field;
    e.end_game = true;
    e.x = s.barns[i].x;  // the corner point
    e.y = s.barns[i].y;
    e.winners = static_cast<uint8_t>(owners);
    e.points = static_cast<int16_t>(points);
    e.tiles = static_cast<uint8_t>(points / points::kBarnFinalCity);
    events->push(e);
  }
}

// ---------------------------------------------------------------- the decisions

int AbbeyAndMayor::decider(const Game& g) {
  const auto& s = g.modules_.abbey;
  if (DecisionKind{g.decision_} == DecisionKind::Wagon) return s.wagons[s.next_wagon].owner;
  return g.current_;
}

int AbbeyAndMayor::choices(const Game& g, Choice* out) {
  const auto& s = g.modules_.abbey;
  int n = 0;
  if (DecisionKind{g.decision_} == DecisionKind::Wagon) {
    Target t[kMaxTargets];
    const int k = targets(g, s.wagons[s.next_wagon], t);
    for (int i = 0; i < k; ++i)
      out[n++] = Choice{DecisionKind::Wagon, kNoTile, Placement{t[i].x, t[i].y, 0}, FigureChoice{Figure::Wagon, t[i].location}, kMove};
    out[n++] = Choice{DecisionKind::Wagon, kNoTile, {}, {}, kStay};
    return n;
  }
  ListBuffer<Placement, Board::kMaxOpen> at;
  const int k = holes(g, at);
  for (int i = 0; i < k; ++i) out[n++] = Choice{DecisionKind::Abbey, tiles::kAbbey, at[i], {}, kPlace};
  if (committed(g)) return n;
  if (s.final_round) {
    out[n++] = Choice{DecisionKind::Abbey, kNoTile, {}, {}, kDecline};
    return n;
  }
  if (g.drawn_ < g.deck_size_) out[n++] = Choice{DecisionKind::Abbey, kNoTile, {}, {}, s.bonus ? kTake : kDraw};
  if (s.bonus) out[n++] = Choice{DecisionKind::Abbey, kNoTile, {}, {}, kPass};
  return n;
}

Verdict AbbeyAndMayor::check_choice(const Game& g, const Choice& c) {
  const auto& s = g.modules_.abbey;
  if (c.kind == DecisionKind::Wagon) {
    if (c.option == kStay) return Verdict{};
    Target t[kMaxTargets];
    const int k = targets(g, s.wagons[s.next_wagon], t);
    for (int i = 0; i < k; ++i)
      if (t[i].x == c.at.x && t[i].y == c.at.y && t[i].location == c.figure.location) return Verdict{};
    return Verdict{Illegal::WagonTarget};
  }
  if (c.option == kPlace) {
    if (!((s.abbeys >> g.current_) & 1)) return Verdict{Illegal::NoAbbey};
    if (g.board_.blocked_at(c.at.x, c.at.y)) return Verdict{Illegal::AbbeyRiverEnd};
    if (g.board_.tile_index_at(c.at.x, c.at.y) >= 0) return Verdict{Illegal::Occupied};
    return is_hole(g, c.at.x, c.at.y) ? Verdict{} : Verdict{Illegal::NotAHole};
  }
  if (committed(g)) return Verdict{Illegal::RansomCommits};
  switch (c.option) {
    case kDecline: return s.final_round ? Verdict{} : Verdict{Illegal::WrongPhase};
    case kDraw: return !s.final_round && !s.bonus && g.drawn_ < g.deck_size_ ? Verdict{} : Verdict{Illegal::WrongPhase};
    case kTake: return s.bonus && g.drawn_ < g.deck_size_ ? Verdict{} : Verdict{Illegal::WrongPhase};
    case kPass: return s.bonus ? Verdict{} : Verdict{Illegal::WrongPhase};
    default: return Verdict{Illegal::WrongPhase};
  }
}

void AbbeyAndMayor::decide(Game& g, const Choice& c, Events* events) {
  auto& s = g.modules_.abbey;
  using TB = Module<Expansion::TradersAndBuilders>;
  if (c.kind == DecisionKind::Wagon) {
    const State::Wagon w = s.wagons[s.next_wagon];
    uint16_t logged = 0;
    if (c.option == kMove) {
      const int tile = g.board_.tile_index_at(c.at.x, c.at.y);
      g.put_figure_at(tile, Figure::Wagon, c.figure.location, w.owner);
      logged = static_cast<uint16_t>((tile + 1) << 4 | static_cast<int>(c.figure.location));
    }
    if (s.moves.n < State::Moves::kMax) s.moves.move[s.moves.n++] = logged;
    if (events) {
      Event e = c.option == kMove ? g.event_at(Event::Type::WagonMoved, g.board_.tile_index_at(c.at.x, c.at.y), c.figure.location)
                                  : g.event_at(Event::Type::WagonStayed, w.tile, Location::None);
      e.winners = static_cast<uint8_t>(1u << w.owner);
      events->push(e);
    }
    ++s.next_wagon;
    g.decision_ = 0;
    if (!next_wagon(g, events)) g.end_scored(events);
    return;
  }
  switch (c.option) {
    case kPlace: place_abbey(g, c.at.x, c.at.y, events); return;
    case kTake: TB::decide(g, TB::kTake, events); return;
    case kPass: TB::decide(g, TB::kPass, events); return;
    case kDraw:
      g.decision_ = 0;
      g.draw_again(events);
      return;
    case kDecline:
      s.declined = static_cast<uint8_t>(s.declined | 1u << g.current_);
      g.decision_ = 0;
      if (events) {
        Event e = Game::event_off_board(Event::Type::AbbeyDeclined);
        e.winners = static_cast<uint8_t>(1u << g.current_);
        events->push(e);
      }
      g.draw_again(events);  // the next seat, or the final scoring
      return;
    default: return;
  }
}

// Uniform among the options, The Tower's ransoms before an abbey included.
void AbbeyAndMayor::random_decision(Game& g, Rng& rng, Events* events) {
  ChoiceBuffer list;
  const int n = list_choices(g, list);
  (void)carc::decide(g, list[rng.below(static_cast<uint32_t>(n))], events);
}

// A tile line answers the decision before the draw: the tile was drawn.
bool AbbeyAndMayor::implied(const Game& g, Choice* c) {
  const auto& s = g.modules_.abbey;
  if (DecisionKind{g.decision_} != DecisionKind::Abbey || s.final_round || g.drawn_ >= g.deck_size_ || committed(g)) return false;
  *c = Choice{DecisionKind::Abbey, kNoTile, {}, {}, s.bonus ? kTake : kDraw};
  return true;
}

bool AbbeyAndMayor::recalled(const Game& game, const Game& replay, Choice* c) {
  const auto& was = game.modules_.abbey;
  const auto& now = replay.modules_.abbey;
  if (DecisionKind{replay.decision_} == DecisionKind::Wagon) {
    if (now.moves.n >= was.moves.n) return false;
    const uint16_t m = was.moves.move[now.moves.n];
    if (m == 0) *c = Choice{DecisionKind::Wagon, kNoTile, {}, {}, kStay};
    else {
      const PlacedTile& t = game.board_.tile((m >> 4) - 1);
      *c = Choice{DecisionKind::Wagon, kNoTile, Placement{t.x, t.y, 0}, FigureChoice{Figure::Wagon, static_cast<Location>(m & 15)}, kMove};
    }
    return true;
  }
  const int k = replay.drawn_;
  const bool abbey_next = game.drawn_ > k && game.deck_[k] == tiles::kAbbey;
  // Whether the game waits at this very decision itself.
  const bool here = game.phase_ == Phase::Decide && DecisionKind{game.decision_} == DecisionKind::Abbey &&
                    game.drawn_ == replay.drawn_ && game.board_.tile_count() == replay.board_.tile_count();
  // A ransom paid before the abbey (The Tower, README D2 and D3), which the abbey followed or
  // the game waits to place.
  const auto ransom = [&] {
    return (abbey_next || here) && has(Mix{game.mix_}, Expansion::Tower) && Module<Expansion::Tower>::recalled_ransom(game, replay, c);
  };
  if (now.final_round) {
    if ((was.declined >> replay.current_) & 1) *c = Choice{DecisionKind::Abbey, kNoTile, {}, {}, kDecline};
    else if (ransom()) {
    } else if (abbey_next) {
      const PlacedTile& t = game.board_.tile(replay.board_.tile_count());
      *c = Choice{DecisionKind::Abbey, tiles::kAbbey, Placement{t.x, t.y, 0}, {}, kPlace};
    } else return false;
    return true;
  }
  // A bonus part passed on draws nothing: the abbey that follows it in the deck is another's.
  if (now.bonus && game.declined(replay.board_.tile_count() - 1)) {
    *c = Choice{DecisionKind::Abbey, kNoTile, {}, {}, kPass};
    return true;
  }
  if (ransom()) return true;
  if (abbey_next) {
    const PlacedTile& t = game.board_.tile(replay.board_.tile_count());
    *c = Choice{DecisionKind::Abbey, tiles::kAbbey, Placement{t.x, t.y, 0}, {}, kPlace};
    return true;
  }
  // The game drew instead, unless it waits at this very decision itself.
  if (here || (game.drawn_ == k && game.phase_ != Phase::Draw)) return false;
  *c = Choice{DecisionKind::Abbey, kNoTile, {}, {}, now.bonus ? kTake : kDraw};
  return true;
}

std::string_view AbbeyAndMayor::choice_word(const Choice& c) {
  if (c.kind == DecisionKind::Wagon) return c.option == kStay ? "wagon stay" : "";
  switch (c.option) {
    case kDraw: return "take";  // a tile from the stack ("draw" is the draw line of a record)
    case kTake: return "bonus";
    case kPass: return "pass";
    case kDecline: return "abbey pass";
    default: return "";
  }
}

std::string AbbeyAndMayor::choice_line(const Choice& c) {
  if (c.kind == DecisionKind::Wagon)
    return c.option == kMove ? fmt::format("wagon {},{} {}", c.at.x, c.at.y, location_name(c.figure.location)) : "wagon stay";
  if (c.option == kPlace) return fmt::format("abbey {},{}", c.at.x, c.at.y);
  return std::string(choice_word(c));
}

bool AbbeyAndMayor::parse_word(DecisionKind k, std::string_view text, Choice* c) {
  if (k == DecisionKind::Wagon) {
    if (text == "wagon stay") {
      *c = Choice{DecisionKind::Wagon, kNoTile, {}, {}, kStay};
      return true;
    }
    if (!text.starts_with("wagon ")) return false;
    text.remove_prefix(6);
    const size_t space = text.find(' ');
    Choice out{DecisionKind::Wagon, kNoTile, {}, FigureChoice{Figure::Wagon, Location::None}, kMove};
    if (space == std::string_view::npos || !parse_square(text.substr(0, space), out.at.x, out.at.y) ||
        !parse_location(text.substr(space + 1), out.figure.location) || out.figure.location == Location::None)
      return false;
    *c = out;
    return true;
  }
  if (k != DecisionKind::Abbey) return false;
  for (const uint8_t o : {kDraw, kTake, kPass, kDecline})
    if (text == choice_word(Choice{DecisionKind::Abbey, kNoTile, {}, {}, o})) {
      *c = Choice{DecisionKind::Abbey, kNoTile, {}, {}, o};
      return true;
    }
  if (!text.starts_with("abbey ")) return false;
  Choice out{DecisionKind::Abbey, tiles::kAbbey, {}, {}, kPlace};
  if (!parse_square(text.substr(6), out.at.x, out.at.y)) return false;
  *c = out;
  return true;
}

std::string_view AbbeyAndMayor::choice_said(const Choice& c) {
  if (c.kind == DecisionKind::Wagon) return c.option == kStay ? "keeps the wagon home" : "moves the wagon";
  switch (c.option) {
    case kPlace: return "places the abbey";
    case kDecline: return "declines the abbey";
    case kPass: return "passes on the bonus part";
    case kTake: return "takes the bonus tile";
    default: return "draws";
  }
}

bool AbbeyAndMayor::option_place(const Game& g, const Choice& c, int& x, int& y, Location& loc) {
  if (c.kind == DecisionKind::Abbey && c.option == kPlace) {
    x = c.at.x;
    y = c.at.y;
    loc = Location::None;
    return true;
  }
  if (c.kind == DecisionKind::Wagon && c.option == kMove) {
    x = c.at.x;
    y = c.at.y;
    loc = c.figure.location;
    return true;
  }
  if (c.kind == DecisionKind::Figure && c.figure.figure == Figure::Barn) {
    const PlacedTile& pt = g.board().tile(g.board().tile_count() - 1);
    x = pt.x;
    y = pt.y;
    loc = c.figure.location;
    return true;
  }
  return false;
}

}  // namespace carc
