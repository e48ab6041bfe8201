// The Tower (docs/expansions.md, "The Tower"): towers, their captures, prisoners and ransom.
#include <algorithm>
#include <charconv>
#include <tuple>

#include <fmt/format.h>

#include "tower.hpp"

#include "carcassonne/notation.hpp"
#include "modules.hpp"

namespace carc {

using Tower = Module<Expansion::Tower>;
using State = Tower::State;

namespace {
// The move text of each figure onto a tower (Tower::kOntoTower): piece, meeple, large meeple.
constexpr std::array<std::string_view, Tower::kOntoTower.size()> kTowerWords = {"T:", "TM:", "TL:"};
}  // namespace

// ---------------------------------------------------------------- the state

int Game::tower_pieces(int player) const { return modules_.tower.pieces[static_cast<size_t>(player)]; }

bool Game::tower_at(int x, int y, int& height, int& top_owner, Figure& top_kind) const {
  const int k = Tower::tower_of(*this, board_.tile_index_at(x, y));
  if (k < 0) return false;
  const auto& t = modules_.tower;
  height = t.height[static_cast<size_t>(k)];
  top_owner = t.top_owner[static_cast<size_t>(k)];
  top_kind = t.top_kind[static_cast<size_t>(k)];
  return true;
}

bool tower_captures(Figure f) { return Tower::held_index(f) >= 0; }

int Game::prisoners(int holder, int owner, Figure kind) const {
  const int k = Tower::held_index(kind);
  if (k < 0 || k >= State::kHeldKinds || holder < 0 || owner < 0 || holder >= players_ || owner >= players_) return 0;
  return modules_.tower.held[static_cast<size_t>(holder)][static_cast<size_t>(owner)][static_cast<size_t>(k)];
}

int Tower::tower_of(const Game& g, int tile) {
  const auto& t = g.modules_.tower;
  for (int k = 0; k < t.count && tile >= 0; ++k)
    if (t.tile[static_cast<size_t>(k)] == tile) return k;
  return -1;
}

std::string_view Tower::kind_word(Figure f) {
  switch (f) {
    case Figure::Meeple: return "meeple";
    case Figure::Large: return "large";
    case Figure::Abbot: return "abbot";
    case Figure::Mayor: return "mayor";
    case Figure::Wagon: return "wagon";
    default: return "";
  }
}

void Tower::set_up(Game& g) {
  for (int p = 0; p < g.players_; ++p) g.modules_.tower.pieces[static_cast<size_t>(p)] = kPiecesPerPlayer[g.players_];
}

// The foundations are kept in the order of their squares (x, then y), which is the order of
// every listing: a new one is inserted (a few times a game) so that no listing sorts them.
void Tower::placed(Game& g, TileType t, Placement) {
  if (!has_foundation(t)) return;
  auto& s = g.modules_.tower;
  const PlacedTile& p = g.board_.tile(g.board_.tile_count() - 1);
  int k = s.count;
  for (; k > 0; --k) {
    const PlacedTile& before = g.board_.tile(s.tile[static_cast<size_t>(k - 1)]);
    if (std::tie(before.x, before.y) < std::tie(p.x, p.y)) break;
    const auto i = static_cast<size_t>(k);
    s.tile[i] = s.tile[i - 1];
    s.height[i] = s.height[i - 1];
    s.top_owner[i] = s.top_owner[i - 1];
    s.top_kind[i] = s.top_kind[i - 1];
  }
  s.tile[static_cast<size_t>(k)] = static_cast<uint8_t>(g.board_.tile_count() - 1);
  s.height[static_cast<size_t>(k)] = 0;
  s.top_owner[static_cast<size_t>(k)] = -1;
  s.top_kind[static_cast<size_t>(k)] = Figure::Meeple;
  ++s.count;
}

void Tower::to_supply(Game& g, int player, Figure f) {
  if (f == Figure::Meeple) g.supply_[static_cast<size_t>(player)]++;
  else g.figures_[static_cast<size_t>(player)] = static_cast<uint16_t>(g.figures_[static_cast<size_t>(player)] | (1u << static_cast<int>(f)));
}

int Tower::eaten_on(Game& g, int tile, Meeple* out) {
  auto& s = g.modules_.tower;
  const int k = tower_of(g, tile);
  if (k < 0 || s.top_owner[static_cast<size_t>(k)] < 0) return 0;
  const int owner = s.top_owner[static_cast<size_t>(k)];
  const Figure kind = s.top_kind[static_cast<size_t>(k)];
  s.top_owner[static_cast<size_t>(k)] = -1;
  to_supply(g, owner, kind);
  *out = Meeple{0, static_cast<uint8_t>(owner), static_cast<uint8_t>(tile), Location::TW, kind};
  return 1;
}

// ---------------------------------------------------------------- the figure action

// Pieces onto every open foundation or tower, then a meeple, then the large meeple onto every
// open tower of height 1 or more; each by x, then y.
int Tower::figure_options(const Game& g, FigureChoice* out) {
  const auto& s = g.modules_.tower;
  std::array<uint8_t, State::kFoundations> order;  // the open ones, by square (placed keeps them so)
  int open = 0;
  for (int k = 0; k < s.count; ++k)
    if (s.top_owner[static_cast<size_t>(k)] < 0) order[static_cast<size_t>(open++)] = static_cast<uint8_t>(k);
  int n = 0;
  for (const Figure f : kOntoTower) {
    if (f == Figure::TowerPiece ? s.pieces[g.current_] == 0 : !has_figure(Mix{g.mix_}, f) || g.supply(g.current_, f) == 0)
      continue;
    for (int i = 0; i < open; ++i) {
      const uint8_t k = order[static_cast<size_t>(i)];
      if (f != Figure::TowerPiece && s.height[k] == 0) continue;
      const PlacedTile& t = g.board_.tile(s.tile[k]);
      out[n++] = FigureChoice{f, Location::TW, true, t.x, t.y};
    }
  }
  return n;
}

bool Tower::check_elsewhere(const Game& g, const FigureChoice& c, Verdict* v) {
  if (c.location != Location::TW) return false;
  const auto& s = g.modules_.tower;
  const int k = tower_of(g, g.board_.tile_index_at(c.x, c.y));
  if (!(kTowerTopFigures & bit(c.figure))) *v = Verdict{Illegal::TowerFigure};
  else if (k < 0) *v = Verdict{Illegal::NoTower};
  else if (s.top_owner[static_cast<size_t>(k)] >= 0) *v = Verdict{Illegal::TowerClosed};
  else if (c.figure == Figure::TowerPiece) *v = Verdict{s.pieces[g.current_] > 0 ? Illegal::None : Illegal::NoTowerPiece};
  else if (s.height[static_cast<size_t>(k)] == 0) *v = Verdict{Illegal::TowerTooLow};
  else *v = Verdict{g.supply(g.current_, c.figure) > 0 ? Illegal::None : Illegal::NoSupply};
  return true;
}

bool Tower::act_elsewhere(Game& g, const FigureChoice& c, Events* events) {
  if (c.location != Location::TW) return false;
  auto& s = g.modules_.tower;
  const int tile = g.board_.tile_index_at(c.x, c.y);
  const auto k = static_cast<size_t>(tower_of(g, tile));
  Event e = g.event_at(c.figure == Figure::TowerPiece ? Event::Type::TowerPiece : Event::Type::TowerClosed, tile, Location::TW);
  e.winners = static_cast<uint8_t>(1u << g.current_);
  if (c.figure == Figure::TowerPiece) {
    ++s.height[k];
    --s.pieces[g.current_];
    s.building = static_cast<int8_t>(k);
    e.points = s.height[k];
    e.tiles = s.pieces[g.current_];
  } else {
    s.top_owner[k] = static_cast<int8_t>(g.current_);
    s.top_kind[k] = c.figure;
    if (c.figure == Figure::Meeple) g.supply_[g.current_]--;
    else g.figures_[g.current_] = static_cast<uint16_t>(g.figures_[g.current_] & ~(1u << static_cast<int>(c.figure)));
    e.figure = c.figure;
  }
  if (events) events->push(e);
  return true;
}

bool Tower::spell_action(const Move& m, std::string* text) {
  if (!m.elsewhere || m.meeple != Location::TW) return false;
  const auto w = std::find(kOntoTower.begin(), kOntoTower.end(), m.figure) - kOntoTower.begin();
  if (w == static_cast<std::ptrdiff_t>(kOntoTower.size())) return false;
  *text = fmt::format("{}{},{}", kTowerWords[static_cast<size_t>(w)], m.x, m.y);
  return true;
}

bool Tower::read_action(std::string_view word, FigureChoice* c) {
  for (size_t w = 0; w < kOntoTower.size(); ++w) {
    if (!word.starts_with(kTowerWords[w])) continue;
    FigureChoice out{kOntoTower[w], Location::TW, true};
    if (!parse_square(word.substr(kTowerWords[w].size()), out.x, out.y)) out.location = Location::None;
    *c = out;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- the capture

// Every capturable figure within the reach of the tower just built on, by x, y, location
// (TW last): meeples, large meeples, abbots, mayors and wagons on the board, and the figures on
// tower tops.
int Tower::targets(const Game& g, Target* out) {
  const auto& s = g.modules_.tower;
  if (s.building < 0) return 0;
  const PlacedTile& at = g.board_.tile(s.tile[static_cast<size_t>(s.building)]);
  const int reach = s.height[static_cast<size_t>(s.building)];
  const auto in_reach = [&](const PlacedTile& t) {
    return (t.x == at.x && std::abs(t.y - at.y) <= reach) || (t.y == at.y && std::abs(t.x - at.x) <= reach);
  };
  int n = 0;
  for (int i = 0; i < g.nmeeples_; ++i) {
    const Meeple& m = g.meeples_[i];
    const PlacedTile& t = g.board_.tile(m.tile);
    if (held_index(m.kind) < 0 || !in_reach(t)) continue;
    // The first location of the figure's tile segment names it.
    const auto& o = tiles::kOriented[t.type][t.rot];
    const uint8_t local = static_cast<uint8_t>(m.seg - t.seg_base);
    Location loc = m.location;
    for (int l = 0; l < kLocationCount; ++l)
      if (o.loc_seg[static_cast<size_t>(l)] == local) {
        loc = static_cast<Location>(l);
        break;
      }
    out[n++] = Target{t.x, t.y, loc, m.player, m.kind, i, -1};
  }
  for (int k = 0; k < s.count; ++k) {
    const PlacedTile& t = g.board_.tile(s.tile[static_cast<size_t>(k)]);
    if (s.top_owner[static_cast<size_t>(k)] < 0 || !in_reach(t)) continue;
    out[n++] = Target{t.x, t.y, Location::TW, static_cast<uint8_t>(s.top_owner[static_cast<size_t>(k)]),
                      s.top_kind[static_cast<size_t>(k)], -1, k};
  }
  std::sort(out, out + n, [](const Target& a, const Target& b) { return std::tie(a.x, a.y, a.location) < std::tie(b.x, b.y, b.location); });
  return n;
}

// The kinds of owner's figures that holder keeps prisoner.
int Tower::kinds_held(const Game& g, int holder, int owner) {
  int n = 0;
  for (const uint8_t c : g.modules_.tower.held[static_cast<size_t>(holder)][static_cast<size_t>(owner)]) n += c > 0;
  return n;
}

bool Tower::hold_after_action(Game& g, Events*) {
  if (g.modules_.tower.building < 0) return false;
  std::array<Target, kMaxMeeples + State::kFoundations> found;
  if (targets(g, found.data()) == 0) {
    g.modules_.tower.building = -1;
    return false;
  }
  g.phase_ = Phase::Decide;
  g.decision_ = static_cast<uint8_t>(DecisionKind::Capture);
  return true;
}

int Tower::choices(const Game& g, Choice* out) {
  std::array<Target, kMaxMeeples + State::kFoundations> found;
  const int k = targets(g, found.data());
  int n = 0;
  for (int i = 0; i < k; ++i) {
    const Target& t = found[static_cast<size_t>(i)];
    const FigureChoice at{Figure::Meeple, t.location, true, t.x, t.y};
    if (t.owner == g.current_ || kinds_held(g, t.owner, g.current_) < 2) {
      out[n++] = Choice{DecisionKind::Capture, kNoTile, {}, at, kCapture};
      continue;
    }
    for (int h = 0; h < State::kHeldKinds; ++h)
      if (g.modules_.tower.held[t.owner][g.current_][static_cast<size_t>(h)] > 0) {
        FigureChoice named = at;
        named.figure = kHeldFigures[h];
        out[n++] = Choice{DecisionKind::Capture, kNoTile, {}, named, kCaptureNaming};
      }
  }
  out[n++] = Choice{DecisionKind::Capture, kNoTile, {}, {}, kNone};
  return n;
}

// The target that a capture's square and location name: any location of the figure's tile
// segment, or TW for a tower top.
bool Tower::find_target(const Game& g, const Choice& c, Target* out) {
  const int tile = g.board_.tile_index_at(c.figure.x, c.figure.y);
  if (tile < 0) return false;
  const PlacedTile& pt = g.board_.tile(tile);
  const auto loc = static_cast<size_t>(c.figure.location);
  const uint8_t local = loc < kLocationCount ? tiles::kOriented[pt.type][pt.rot].loc_seg[loc] : tiles::kNoSeg;
  std::array<Target, kMaxMeeples + State::kFoundations> found;
  const int k = targets(g, found.data());
  for (int i = 0; i < k; ++i) {
    const Target& t = found[static_cast<size_t>(i)];
    if (t.x != pt.x || t.y != pt.y) continue;
    const bool same = t.location == Location::TW
                          ? c.figure.location == Location::TW
                          : local != tiles::kNoSeg && g.meeples_[t.meeple].seg == static_cast<SegId>(pt.seg_base + local);
    if (same) {
      *out = t;
      return true;
    }
  }
  return false;
}

Verdict Tower::check_choice(const Game& g, const Choice& c) {
  if (!has(Mix{g.mix_}, Expansion::Tower)) return Verdict{Illegal::NotInGame};
  if (c.kind == DecisionKind::Place) {  // a ransom
    const auto& s = g.modules_.tower;
    const int holder = c.figure.x, k = held_index(c.figure.figure);
    if (k >= State::kHeldKinds) return Verdict{Illegal::NotInGame};
    if (c.option != kRansom || k < 0 || !has_figure(Mix{g.mix_}, c.figure.figure)) return Verdict{Illegal::NotInGame};
    if (s.ransom_paid) return Verdict{Illegal::RansomPaid};
    if (holder < 0 || holder >= g.players_ || holder == g.current_ ||
        s.held[static_cast<size_t>(holder)][g.current_][static_cast<size_t>(k)] == 0)
      return Verdict{Illegal::RansomNotHeld};
    if (g.score_[g.current_] < points::kRansom) return Verdict{Illegal::RansomPoints};
    return Verdict{};
  }
  if (c.option == kNone) return Verdict{};
  Target t;
  if (!find_target(g, c, &t)) return Verdict{Illegal::NothingToCapture};
  const bool choose = t.owner != g.current_ && kinds_held(g, t.owner, g.current_) >= 2;
  if (choose != (c.option == kCaptureNaming)) return Verdict{Illegal::ExchangeKind};
  if (choose && (held_index(c.figure.figure) < 0 ||
                 g.modules_.tower.held[t.owner][g.current_][held_at(c.figure.figure)] == 0))
    return Verdict{Illegal::ExchangeKind};
  return Verdict{};
}

// Takes the figure off the board: home if the captor's own, else into the captor's prison;
// then a builder or pig left alone goes home, and the two players exchange if the owner
// held one of the captor's figures.
void Tower::capture(Game& g, const Choice& c, Events* events) {
  auto& s = g.modules_.tower;
  const int captor = g.current_;
  Target t;
  if (!find_target(g, c, &t)) return;
  int tile = 0;
  if (t.meeple >= 0) {
    const Meeple m = g.meeples_[static_cast<size_t>(t.meeple)];
    tile = m.tile;
    g.features_.root_counters(g.features_.find(m.seg)).meeples--;
    if (m.location == Location::C) g.forget_monk(m.tile);
    std::copy(g.meeples_.begin() + t.meeple + 1, g.meeples_.begin() + g.nmeeples_, g.meeples_.begin() + t.meeple);
    --g.nmeeples_;
  } else {
    tile = s.tile[static_cast<size_t>(t.tower)];
    s.top_owner[static_cast<size_t>(t.tower)] = -1;
  }
  const bool own = t.owner == captor;
  if (own) to_supply(g, captor, t.kind);
  else ++s.held[static_cast<size_t>(captor)][t.owner][held_at(t.kind)];
  if (events) {
    Event e = g.event_at(Event::Type::Capture, tile, t.location);
    e.winners = static_cast<uint8_t>(1u << t.owner);
    e.points = static_cast<int16_t>(captor);
    e.figure = t.kind;
    e.tiles = own ? 0 : 1;
    events->push(e);
  }
  each_module(g.mix_, [&](auto m) { decltype(m)::figures_left(g, 2, events); });
  if (own || kinds_held(g, t.owner, captor) == 0) return;
  // The exchange: the captured figure goes home, and one of the captor's comes back.
  auto& theirs = s.held[t.owner][static_cast<size_t>(captor)];
  Figure back = c.option == kCaptureNaming ? c.figure.figure : Figure::Meeple;
  if (c.option != kCaptureNaming)
    for (int h = 0; h < State::kHeldKinds; ++h)
      if (theirs[static_cast<size_t>(h)] > 0) back = kHeldFigures[h];
  --s.held[static_cast<size_t>(captor)][t.owner][held_at(t.kind)];
  to_supply(g, t.owner, t.kind);
  --theirs[held_at(back)];
  to_supply(g, captor, back);
  if (events) {
    Event e = Game::event_off_board(Event::Type::Exchange);
    e.points = static_cast<int16_t>(captor);
    e.winners = static_cast<uint8_t>(1u << t.owner);
    e.figure = t.kind;
    e.tiles = static_cast<uint8_t>(back);
    events->push(e);
  }
}

void Tower::ransom(Game& g, const Choice& c, Events* events) {
  auto& s = g.modules_.tower;
  const int payer = g.current_, holder = c.figure.x;
  g.score_[static_cast<size_t>(payer)] -= points::kRansom;
  g.score_[static_cast<size_t>(holder)] += points::kRansom;
  --s.held[static_cast<size_t>(holder)][static_cast<size_t>(payer)][held_at(c.figure.figure)];
  to_supply(g, payer, c.figure.figure);
  s.ransom_paid = true;
  s.ransoms[s.nransoms++] = State::Ransom{static_cast<uint8_t>(g.board_.tile_count()), static_cast<uint8_t>(holder), c.figure.figure};
  if (events) {
    Event e = Game::event_off_board(Event::Type::Ransom);
    e.winners = static_cast<uint8_t>(1u << payer);
    e.tiles = static_cast<uint8_t>(holder);
    e.figure = c.figure.figure;
    e.points = points::kRansom;
    events->push(e);
  }
}

void Tower::decide(Game& g, const Choice& c, Events* events) {
  if (c.kind == DecisionKind::Place) {
    ransom(g, c, events);
    return;
  }
  auto& s = g.modules_.tower;
  Location named = c.figure.location;  // the capture is kept under the canonical location of its figure
  if (Target t; c.option != kNone && find_target(g, c, &t)) named = t.location;
  s.captures[s.ncaptures++] = State::Capture{c.figure.x, c.figure.y, named, c.option, c.figure.figure};
  if (c.option != kNone) capture(g, c, events);
  s.building = -1;
  g.decision_ = 0;
  // The rest of the placement: the modules' holds before scoring (the dragon's flight), then
  // the scoring.
  if (any_module(g.mix_, [&](auto m) { return decltype(m)::hold_before_scoring(g, events); })) return;
  g.end_placement(events);
}

void Tower::random_decision(Game& g, Rng& rng, Events* events) {
  ChoiceBuffer list;
  const int n = choices(g, list);
  decide(g, list[rng.below(static_cast<uint32_t>(n))], events);
}

// A ransom or none, with even odds among them.
void Tower::random_place_option(Game& g, Rng& rng, Events* events) {
  PlaceOptionBuffer list;
  const int n = place_choices(g, list);
  if (n == 0) return;
  const uint32_t pick = rng.below(static_cast<uint32_t>(n + 1));
  if (pick < static_cast<uint32_t>(n)) ransom(g, list[pick], events);
}

int Tower::place_choices(const Game& g, Choice* out) {
  const auto& s = g.modules_.tower;
  if (s.ransom_paid || g.score_[g.current_] < points::kRansom) return 0;
  int n = 0;
  for (int h = 0; h < g.players_; ++h) {
    if (h == g.current_) continue;
    for (int k = 0; k < State::kHeldKinds; ++k)
      if (s.held[static_cast<size_t>(h)][g.current_][static_cast<size_t>(k)] > 0)
        out[n++] = Choice{DecisionKind::Place, g.current_tile(), {}, FigureChoice{kHeldFigures[k], Location::None, false, static_cast<int8_t>(h), 0}, kRansom};
  }
  return n;
}

bool Tower::recalled_ransom(const Game& game, const Game& replay, Choice* c) {
  const auto &s = game.modules_.tower, &r = replay.modules_.tower;
  if (r.nransoms >= s.nransoms || s.ransoms[r.nransoms].before != replay.board().tile_count()) return false;
  const State::Ransom& p = s.ransoms[r.nransoms];
  *c = Choice{DecisionKind::Place, replay.current_tile(), {}, FigureChoice{p.kind, Location::None, false, static_cast<int8_t>(p.holder), 0}, kRansom};
  return true;
}

bool Tower::recalled(const Game& game, const Game& replay, Choice* c) {
  const auto &s = game.modules_.tower, &r = replay.modules_.tower;
  if (replay.phase() == Phase::PlaceTile) return recalled_ransom(game, replay, c);
  if (r.ncaptures >= s.ncaptures) return false;
  const State::Capture& p = s.captures[r.ncaptures];
  *c = p.option == kNone ? Choice{DecisionKind::Capture, kNoTile, {}, {}, kNone}
                         : Choice{DecisionKind::Capture, kNoTile, {}, FigureChoice{p.back, p.location, true, p.x, p.y}, p.option};
  return true;
}

std::string Tower::choice_line(const Choice& c) {
  if (c.kind == DecisionKind::Place)
    return c.option == kRansom ? fmt::format("ransom {} {}", c.figure.x, kind_word(c.figure.figure)) : std::string();
  if (c.kind != DecisionKind::Capture) return {};
  if (c.option == kNone) return "capture none";
  std::string text = fmt::format("capture {},{} {}", c.figure.x, c.figure.y, location_name(c.figure.location));
  if (c.option == kCaptureNaming) text += fmt::format(" {}", kind_word(c.figure.figure));
  return text;
}

bool Tower::parse_word(DecisionKind k, std::string_view text, Choice* c) {
  std::array<std::string_view, 5> w{};
  size_t n = 0;
  while (!text.empty() && n < w.size()) {
    const size_t i = text.find(' ');
    if (i != 0) w[n++] = text.substr(0, i);
    text = i == std::string_view::npos ? std::string_view{} : text.substr(i + 1);
  }
  if (!text.empty()) return false;
  const auto kind_of = [](std::string_view word, Figure& f) {
    for (const Figure h : kHeldFigures)
      if (word == kind_word(h)) {
        f = h;
        return true;
      }
    return false;
  };
  if (k == DecisionKind::Place) {
    int holder = 0;
    Figure f{};
    const auto r = std::from_chars(w[1].data(), w[1].data() + w[1].size(), holder);
    if (n != 3 || w[0] != "ransom" || r.ec != std::errc() || r.ptr != w[1].data() + w[1].size() || w[1].empty() || holder < 0 ||
        holder >= kMaxPlayers || !kind_of(w[2], f))
      return false;
    *c = Choice{DecisionKind::Place, kNoTile, {}, FigureChoice{f, Location::None, false, static_cast<int8_t>(holder), 0}, kRansom};
    return true;
  }
  if (k != DecisionKind::Capture || w[0] != "capture") return false;
  if (n == 2 && w[1] == "none") {
    *c = Choice{DecisionKind::Capture, kNoTile, {}, {}, kNone};
    return true;
  }
  FigureChoice at{Figure::Meeple, Location::None, true};
  if ((n != 3 && n != 4) || !parse_square(w[1], at.x, at.y)) return false;
  if (w[2] == "TW") at.location = Location::TW;
  else if (!parse_location(w[2], at.location) || at.location == Location::None) return false;
  if (n == 4 && !kind_of(w[3], at.figure)) return false;
  *c = Choice{DecisionKind::Capture, kNoTile, {}, at, n == 4 ? kCaptureNaming : kCapture};
  return true;
}

// A capture is taken on the figure it captures; a ransom has no place on the board.
bool Tower::option_place(const Game&, const Choice& c, int& x, int& y, Location& loc) {
  if (c.kind != DecisionKind::Capture || c.option == kNone) return false;
  x = c.figure.x;
  y = c.figure.y;
  loc = c.figure.location;
  return true;
}

// ---------------------------------------------------------------- what a player observes

void Tower::observe_board(const Game& g, const Planes& planes) {
  const auto& s = g.modules_.tower;
  for (int k = 0; k < s.count; ++k) {
    const PlacedTile& t = g.board_.tile(s.tile[static_cast<size_t>(k)]);
    if (!planes.inside(t.x, t.y)) continue;
    planes.at(0, t.x, t.y) = static_cast<float>(s.height[static_cast<size_t>(k)]);
    planes.at(1, t.x, t.y) = s.top_owner[static_cast<size_t>(k)] >= 0 ? 1.0f : 0.0f;
  }
}

void Tower::observe_scalars(const Game& g, int observer, float* out) {
  const auto& s = g.modules_.tower;
  const int P = g.players_;
  for (int k = 0; k < P; ++k) {
    const auto p = static_cast<size_t>((observer + k) % P);
    int holds = 0, held = 0;
    for (size_t q = 0; q < static_cast<size_t>(P); ++q)
      for (int h = 0; h < State::kHeldKinds; ++h) {
        holds += s.held[p][q][static_cast<size_t>(h)];
        held += s.held[q][p][static_cast<size_t>(h)];
      }
    out[k] = static_cast<float>(s.pieces[p]);
    out[P + k] = static_cast<float>(holds);
    out[2 * P + k] = static_cast<float>(held);
  }
  out[3 * P] = g.phase() == Phase::Decide && decision_kind(g) == DecisionKind::Capture ? 1.0f : 0.0f;
  out[3 * P + 1] = s.ransom_paid ? 1.0f : 0.0f;
}

}  // namespace carc
