// Game flow: set-up, the draw pile, placing tiles, figure actions, passing the turn. The
// expansions' rules are modules in their own files (modules.hpp lists them); this file
// calls their hooks at the named points of the turn.
#include "carcassonne/game.hpp"

#include "carcassonne/expansions.hpp"
#include "modules.hpp"

#include <algorithm>
#include <bit>
#include <fmt/format.h>
#include <stdexcept>
#include <string>

namespace carc {

using tiles::kDefs;
using tiles::kOriented;

TileType tile_from_letter(char c) { return tile_from_name(std::string_view(&c, 1)); }

std::string_view figure_name(Figure f) {
  const FigureKind* k = find_figure_kind(f);
  return k ? k->name : "?";
}

bool has_figure(const Options& o, Figure f) { return has_figure(mix_of(o), f); }

constinit const std::array<uint8_t, kFigureValues> kFigureReach = [] {
  std::array<uint8_t, kFigureValues> t{};
  for (const FigureRow& r : kFigureRows) {
    const Figure f = r.kind.figure;
    t[static_cast<size_t>(f)] = static_cast<uint8_t>((r.kind.reach != Reach::Elsewhere ? kReachPlacedTile : 0) |
                                                     (kOtherTileFigures & bit(f) ? kReachOtherTile : 0) |
                                                     (kTowerTopFigures & bit(f) ? kReachTowerTop : 0));
  }
  return t;
}();

namespace {
// Whether a module of the mix brings tile set `set`.
constexpr bool set_in(Mix mix, tiles::raw::TileSet set) {
  return (mix & Modules::where([set](auto m) { return decltype(m)::kTiles == set; })) != 0;
}
// Whether t is some module's start tile (placed at the start, never in the box).
constexpr bool module_start(TileType t) {
  return Modules::where([t](auto m) { return decltype(m)::kStartTile == t; }) != 0;
}

// The box of each mix: how many tiles of each type it holds, less the start tile (or the
// module's that replaces it). A module's copy of a base tile (a garden) takes that tile's
// place. One pass per mix over the types (a compiler's constant evaluation has a step limit).
using BoxCounts = std::array<uint8_t, kTileTypes>;
constexpr std::array<BoxCounts, kMixes> kBoxCounts = [] {
  std::array<BoxCounts, kMixes> table{};
  for (int m = 0; m < kMixes; ++m) {
    const auto mix = static_cast<Mix>(m);
    std::array<bool, tiles::raw::kTileSets> sets{};
    for (int s = 0; s < tiles::raw::kTileSets; ++s) sets[static_cast<size_t>(s)] = set_in(mix, static_cast<tiles::raw::TileSet>(s));
    BoxCounts& box = table[static_cast<size_t>(m)];
    for (int t = 0; t < kTileTypes; ++t) {
      const tiles::TileDef& d = kDefs[static_cast<size_t>(t)];
      // The start tile takes one D; with another start tile (the spring) it goes back in the
      // box instead, so the land stack holds the same 71 base tiles either way.
      if (d.set == tiles::raw::TileSet::Base) box[static_cast<size_t>(t)] = static_cast<uint8_t>(box[static_cast<size_t>(t)] + d.count - (t == kStartTile ? 1 : 0));
      // Tiles held per player (the abbeys) are never in the pile.
      else if (sets[static_cast<size_t>(d.set)] && !module_start(static_cast<TileType>(t)) && !tiles::raw::kTiles[t].per_player)
        box[static_cast<size_t>(t)] = d.count;
      if (d.plain != t && sets[static_cast<size_t>(d.set)]) box[d.plain] = static_cast<uint8_t>(box[d.plain] - d.count);
    }
  }
  return table;
}();
constexpr int box_count(Mix mix, TileType t) { return t < kTileTypes ? kBoxCounts[mix & (kMixes - 1)][t] : 0; }
}  // namespace

int box_count(const Options& o, TileType t) { return box_count(mix_of(o), t); }

Options expansions_of(std::span<const TileType> tiles) {
  Options o;
  for (const TileType t : tiles)
    for (const OptionInfo& e : option_table()) {
      if (!e.expansion || box_count(o, t) > 0) continue;
      Options with = o;
      with.*e.field = true;
      if (box_count(with, t) > 0) o = with;
    }
  return o;
}

namespace {
// A module's stack (the river's tiles) is drawn first, in tile order (the lake last); the
// land tiles after it. Sorting a pile by this rank puts a face-down pile in that order.
constexpr std::array<bool, kTileTypes> kDealtFirst = [] {
  std::array<bool, kTileTypes> a{};
  for (int t = 0; t < kTileTypes; ++t)
    a[static_cast<size_t>(t)] = Modules::where([t](auto m) { return decltype(m)::dealt_first(static_cast<TileType>(t)); }) != 0;
  return a;
}();
constexpr bool dealt_first(TileType t) { return kDealtFirst[t]; }
int draw_rank(TileType t) { return dealt_first(t) ? t - kTileTypes : t; }
bool stack_first(TileType a, TileType b) { return draw_rank(a) < draw_rank(b); }
}  // namespace

void Game::init(int players, Options options) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw std::invalid_argument("player count must be 1 to 6, not " + std::to_string(players));
  players_ = static_cast<uint8_t>(players);
  options_ = options;
  mix_ = mix_of(options);
  // Bits 1..4 of figures_of: the kinds a player holds one of (Large..Pig); not the recall.
  const auto extra = static_cast<uint16_t>(figures_of(mix_) & ((1u << kFigureKinds) - 2u));
  for (int p = 0; p < players; ++p) {
    supply_[p] = kMeeplesPerPlayer;
    figures_[p] = extra;
  }
  TileType first = kStartTile;
  each_module(mix_, [&](auto m) {
    if (decltype(m)::kStartTile != kNoTile) first = decltype(m)::kStartTile;
  });
  const SegId base = features_.add_tile(first, 0);
  board_.place(0, 0, first, 0, base);
  each_module(mix_, [&](auto m) { decltype(m)::set_up(*this); });
}

namespace {
// The box of each mix of expansions without the start tile (or the spring), in draw rank
// order: the pile before the shuffle. The base game's is its 71 tiles in type order.
struct Box {
  std::array<TileType, kMaxDeck> tiles{};
  int size = 0;
};
constexpr std::array<Box, kMixes> kBoxes = [] {
  std::array<Box, kMixes> boxes{};
  for (int b = 0; b < kMixes; ++b)
    for (int rank = -kTileTypes; rank < kTileTypes; ++rank) {
      const TileType t = static_cast<TileType>(rank < 0 ? rank + kTileTypes : rank);
      if ((rank < 0) != dealt_first(t)) continue;
      for (int i = box_count(static_cast<Mix>(b), t); i > 0; --i) boxes[b].tiles[boxes[b].size++] = t;
    }
  return boxes;
}();
// The mixes whose box (with the start tile) holds more tiles than a board can line up
// (Board::limit_span): a bit per mix.
constexpr std::array<bool, kMixes> kWideMixes = [] {
  std::array<bool, kMixes> m{};
  for (int b = 0; b < kMixes; ++b) m[static_cast<size_t>(b)] = kBoxes[b].size + 1 > Board::kMaxSpan + 1;
  return m;
}();
}  // namespace

void Game::set_up_box(Options options, TileType* box, int& n) const {
  const Box& b = kBoxes[mix_of(options)];
  std::copy(b.tiles.begin(), b.tiles.end(), box);
  n = b.size;
}

Rng Game::dealt_rng() const {
  Rng rng(seed_);
  const Box& b = kBoxes[mix_];
  int stack = 0;
  while (stack < b.size && dealt_first(b.tiles[stack])) ++stack;
  for (int i = b.size - stack - 1; i > 0; --i) rng.below(static_cast<uint32_t>(i + 1));
  for (int i = stack - 2; i > 0; --i) rng.below(static_cast<uint32_t>(i + 1));
  return rng;
}

bool Game::sets_aside(TileType t, bool ever) const {
  return t < kTileTypes && any_module(mix_, [&](auto m) {
           return ever ? decltype(m)::sets_aside(t) : decltype(m)::would_set_aside(*this, t);
         });
}

namespace {
// The drawn tiles that went back into g's deck, from index `at`: a module's (went_back).
std::span<const TileType> went_back(const Game& g, Mix mix, int& at) {
  std::span<const TileType> back;
  at = 0;
  any_module(mix, [&](auto m) {
    back = decltype(m)::went_back(g, &at);
    return !back.empty();
  });
  return back;
}
}  // namespace

bool Game::order_replays() const {
  if (!fixed_order_) return true;
  int at = 0;
  const std::span<const TileType> back = went_back(*this, mix_, at);
  return std::equal(back.begin(), back.end(), deck_.begin() + at);
}

int Game::dealt_order(TileType* out) const {
  int at = 0;
  const std::span<const TileType> back = went_back(*this, mix_, at);
  // The deck holds each tile that went back twice (where it was drawn, and again): an order
  // leaves out the second, at its place on top; a pile without order the first of each, by
  // value. Either way at most kMaxDeck tiles are written.
  const bool by_value = caller_draws_ || !order_replays();
  std::array<uint8_t, kTileTypes> twice{};
  if (by_value)
    for (const TileType t : back) ++twice[t];
  const int back_end = at + static_cast<int>(back.size());
  int n = 0;
  for (int i = 0; i < deck_size_; ++i) {
    const TileType t = deck_[i];
    if (tiles::raw::kTiles[t].per_player) continue;  // an abbey, from a player's hand: never in the pile
    if (by_value ? twice[t] > 0 : i >= at && i < back_end) {
      if (by_value) --twice[t];
      continue;
    }
    out[n++] = t;
  }
  return n;
}

bool Game::set_aside(int draw_index) const {
  return any_module(mix_, [&](auto m) { return decltype(m)::was_set_aside(*this, draw_index); });
}

Game::Game(int players, uint64_t seed, Options options) {
  init(players, options);
  seed_ = seed;
  int n = 0;
  set_up_box(options, deck_.data(), n);
  // The land tiles are shuffled first, so that a base game deals as it always has; then
  // the stack dealt first above them (the river), its last tile staying last.
  int stack = 0;
  while (stack < n && dealt_first(deck_[stack])) ++stack;
  Rng rng(seed);
  TileType* land = deck_.data() + stack;
  for (int i = n - stack - 1; i > 0; --i) std::swap(land[i], land[rng.below(static_cast<uint32_t>(i + 1))]);
  for (int i = stack - 2; i > 0; --i) std::swap(deck_[i], deck_[rng.below(static_cast<uint32_t>(i + 1))]);
  deck_size_ = static_cast<uint8_t>(n);
  draw_next(nullptr);
}

Game::Game(int players, std::span<const TileType> order, Options options) {
  init(players, options);
  fixed_order_ = true;
  set_pile(order);
  check_box(order, true);
  draw_next(nullptr);
}

Game::Game(int players, CallerDraws, Options options) {
  init(players, options);
  caller_draws_ = true;
  int n = 0;
  set_up_box(options, deck_.data(), n);
  deck_size_ = static_cast<uint8_t>(n);
  draw_next(nullptr);
}

Game::Game(int players, CallerDraws, std::span<const TileType> pile, Options options) {
  init(players, options);
  caller_draws_ = true;
  set_pile(pile);
  check_box(pile, false);
  // The face-down tiles are kept in draw rank order (river first, then type order): they
  // have no order, and so two games that show the same are equal.
  std::stable_sort(deck_.begin(), deck_.begin() + deck_size_, stack_first);
  draw_next(nullptr);
}

void Game::set_pile(std::span<const TileType> tiles) {
  if (tiles.size() > static_cast<size_t>(kMaxDeck))
    throw std::invalid_argument("a draw order holds at most " + std::to_string(kMaxDeck) + " tiles");
  for (size_t i = 0; i < tiles.size(); ++i) deck_[i] = tiles[i];
  deck_size_ = static_cast<uint8_t>(tiles.size());
}

// The pile's tiles, checked against the box of the options (the start tile takes one D); an
// order also keeps the modules' rules for one (the river's tiles first, the lake last).
void Game::check_box(std::span<const TileType> tiles, bool ordered) const {
  std::array<int, kTileTypes> used{};
  for (const TileType t : tiles) {
    if (t >= kTileTypes) throw std::invalid_argument("tile type " + std::to_string(t) + " names no tile");
    const int in_box = box_count(options_, t);
    if (in_box == 0)
      throw std::invalid_argument(fmt::format("tile {} is not in this game's box{}", tile_name(t),
                                              module_start(t) ? " (it is placed at the start)" : ""));
    if (++used[t] > in_box)
      throw std::invalid_argument(std::string("the draw order holds more ") + std::string(tile_name(t)) +
                                  " tiles than the box (" + std::to_string(in_box + (t == kStartTile) ) +
                                  (t == kStartTile ? ", the start tile included)" : ")"));
  }
  if (ordered) each_module(mix_, [&](auto m) { decltype(m)::check_order(tiles); });
}

uint8_t Game::leaders() const {
  int best = score_[0];
  for (int p = 1; p < players_; ++p) best = std::max(best, static_cast<int>(score_[p]));
  uint8_t mask = 0;
  for (int p = 0; p < players_; ++p)
    if (score_[p] == best) mask |= static_cast<uint8_t>(1u << p);
  return mask;
}

int Game::discard_count() const {
  int n = 0;
  for (const uint64_t bits : discarded_) n += std::popcount(bits);
  return n;
}

int Game::face_down(TileType t) const {
  int n = 0;
  for (int i = drawn_; i < deck_size_; ++i) n += deck_[i] == t;
  return n;
}

// ---------------------------------------------------------------- placing the tile

Verdict Game::check_fit(TileType t, Placement p) const {
  Verdict v;
  if (t >= kTileTypes) {
    v.reason = Illegal::NoSuchTile;
    return v;
  }
  if (p.rot > 3) {
    v.reason = Illegal::BadRotation;
    return v;
  }
  if (with_tile_owner(t, [&](auto m) { v = decltype(m)::check_fit(*this, t, p); })) return v;
  const OpenCell* o = board_.open_at(p.x, p.y);
  if (!o) {
    if (board_.blocked_at(p.x, p.y) && any_module(mix_, [&](auto m) { return decltype(m)::check_blocked(*this, t, p, &v); }))
      return v;
    v.reason = board_.tile_index_at(p.x, p.y) >= 0 ? Illegal::Occupied
               : board_.too_far(p.x, p.y)           ? Illegal::TooFar
                                                    : Illegal::NoNeighbour;
    return v;
  }
  const uint8_t code = kOriented[t][p.rot].edge_code;
  // A legal placement (what clients mostly send) is told without a branch per side: it
  // shows the wanted edge on every side that has a neighbour (both bits of those sides).
  const unsigned constrained = ((o->req | o->req >> 1) & 0x55u) * 3u;
  if (((o->req ^ code) & constrained) == 0) return v;
  for (int s = 0; s < 4; ++s) {
    const int want = (o->req >> (2 * s)) & 3;
    const int have = (code >> (2 * s)) & 3;
    if (want != 0 && want != have) {
      v.reason = Illegal::Mismatch;
      v.side = static_cast<Side>(s);
      v.want = static_cast<Edge>(want);
      v.have = static_cast<Edge>(have);
      return v;
    }
  }
  return v;
}

Verdict Game::check_placement(Placement p) const {
  if (phase_ != Phase::PlaceTile) return Verdict{Illegal::WrongPhase};
  return check_fit(current_tile(), p);
}

int Game::placements_for(TileType t, Placement* out) const {
  if (t >= kTileTypes) return 0;
  int n = 0;
  if (with_tile_owner(t, [&](auto m) { n = decltype(m)::placements(*this, t, out); })) return n;
  const auto& fit = tiles::kFit[t];
  for (int i = 0, e = board_.open_count(); i < e; ++i) {
    const OpenCell& o = board_.open(i);
    unsigned m = fit[o.req];
    while (m) {
      const int r = std::countr_zero(m);
      m &= m - 1;
      out[n++] = Placement{o.x, o.y, static_cast<uint8_t>(r)};
    }
  }
  return n;
}

int Game::legal_placements(Placement* out) const {
  if (phase_ != Phase::PlaceTile) return 0;
  return placements_for(current_tile(), out);
}

int Game::placement_count(TileType t) const {
  if (t >= kTileTypes) return 0;
  const uint8_t counted = tiles::kCountedAs[t];  // one load for the base game's types
  if (counted < kBaseTypes) return board_.base_placement_count(counted);
  int n = 0;
  if (with_tile_owner(t, [&](auto m) { n = decltype(m)::placements(*this, t, nullptr); })) return n;
  return board_.placement_count(t);
}

// Like placement_count(t) > 0, but a tile type without a kept count stops at the first open
// cell it fits (every draw of an expansion's tile asks, and most fit at once).
bool Game::fits_anywhere(TileType t) const {
  if (t >= kTileTypes) return false;
  const uint8_t counted = tiles::kCountedAs[t];
  if (counted < kBaseTypes) return board_.base_placement_count(counted) > 0;
  int n = 0;
  if (with_tile_owner(t, [&](auto m) { n = decltype(m)::placements(*this, t, nullptr); })) return n > 0;
  return board_.fits_somewhere(t);
}

Status Game::place(Placement p, Verdict* why) {
  const Verdict v = check_placement(p);
  if (why) *why = v;
  if (!v) return v.reason == Illegal::WrongPhase ? Status::WrongPhase : Status::IllegalMove;
  apply_placement(p);
  return Status::Ok;
}

void Game::add_pending(SegId root) {
  for (int i = 0; i < npending_; ++i)
    if (pending_[i] == root) return;
  pending_[npending_++] = root;
}

// Puts the current tile down (already checked), joins its segments to the neighbours'
// features and notes every feature this completes.
void Game::apply_placement(Placement p) {
  const TileType t = current_tile();
  const int rot = tiles::canonical_rotation(t, p.rot);
  if (mix_ == 0) apply_canonical<false>(t, p.x, p.y, rot);  // the base game calls no module (a search's copies)
  else apply_canonical<true>(t, p.x, p.y, rot);
}

void Game::place_features_only(Placement p) {
  const TileType t = current_tile();
  features_.begin_trial();
  apply_canonical<false, false>(t, p.x, p.y, tiles::canonical_rotation(t, p.rot));
}

// The same for a placement whose rotation is the smallest of its picture (what the listings
// and the playouts give): a playout does not look it up again. It takes x, y and the
// rotation apart, not as a Placement: a Placement rebuilt with the canonical rotation was
// two narrow stores and a 32-bit reload, a store-forwarding stall on every C ABI placement.
template <bool kModules, bool kOpenCells>
void Game::apply_canonical(TileType t, int8_t x, int8_t y, int rot) {
  const Placement p{x, y, static_cast<uint8_t>(rot)};
  const auto& me = kOriented[t][rot];
  const uint8_t index = static_cast<uint8_t>(board_.tile_count());
  const SegId base = features_.add_tile(t, index);
  int neighbour[4];
  if constexpr (kOpenCells) board_.place(p.x, p.y, t, rot, base, neighbour);
  else board_.place_tile_only(p.x, p.y, t, rot, base, neighbour);
  if constexpr (kModules)
    if (kWideMixes[mix_ & (kMixes - 1)]) board_.limit_span(p.x, p.y);
  if constexpr (kModules) each_module(mix_, [&](auto m) { decltype(m)::placed(*this, t, p); });
  const uint16_t cell = Board::cell_of(p.x, p.y);

  // A trial placement notes the roots it joins for Features::unplace.
  const auto unite = [&](SegId a, SegId b) {
    if constexpr (kOpenCells) return features_.unite(a, b);
    else return features_.unite_noted(a, b);
  };
  unsigned joined = 0;  // the tile's road and city segments that met a neighbour
  SegId closed[4];      // the neighbours' roads and cities an abbey's edges closed
  int nclosed = 0;
  // Unrolled as Board::place's loop: the sides' shifts become constants (4% of a playout).
#pragma GCC unroll 4
  for (int s = 0; s < 4; ++s) {
    const int k = neighbour[s];
    if (k < 0) continue;
    const PlacedTile& nt = board_.tile(k);
    const auto& other = kOriented[nt.type][nt.rot];
    const int opp = s ^ 2;
    const Edge e = static_cast<Edge>((me.edge_code >> (2 * s)) & 3);
    if constexpr (kModules) {
      // An abbey edge (no edge code) closes the road or city that reaches it without joining
      // it, and no field crosses it (Abbey & Mayor).
      if (e == Edge::None) {
        if (static_cast<Edge>((other.edge_code >> (2 * opp)) & 3) != Edge::Field) {
          const SegId r = features_.find(static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp + 1]));
          features_.root_counters(r).open = static_cast<uint8_t>(features_.root_counters(r).open - 1);
          closed[nclosed++] = r;
        }
        continue;
      }
    }
    if (e != Edge::Field) {  // the road or city in the middle of the edge
      const SegId r = unite(static_cast<SegId>(base + me.slot_seg[3 * s + 1]),
                            static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp + 1]));
      features_.root_counters(r).open = static_cast<uint8_t>(features_.root_counters(r).open - 2);
      joined |= 1u << me.slot_seg[3 * s + 1];
    }
    if (e != Edge::City) {  // the fields on both halves of the edge
      unite(static_cast<SegId>(base + me.slot_seg[3 * s]), static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp + 2]));
      unite(static_cast<SegId>(base + me.slot_seg[3 * s + 2]), static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp]));
    }
  }

  // A road or city can only have been completed through an edge it just matched.
  npending_ = 0;
  while (joined) {
    const int i = std::countr_zero(joined);
    joined &= joined - 1;
    const SegId r = features_.find(static_cast<SegId>(base + i));
    if (features_.root_counters(r).open == 0) add_pending(r);
  }
  for (int i = 0; i < nclosed; ++i)
    if (features_.root_counters(closed[i]).open == 0) add_pending(closed[i]);
  // A completed monastery or garden scores only with a monk or abbot on it, so the ones to
  // look at are this tile's own (its figure comes later this turn) and those of the monks
  // and abbots around it: bit 3*dy+dx of `block` for the one at (p.x+dx-1, p.y+dy-1),
  // visited in that order.
  unsigned block = me.loc_seg[static_cast<int>(Location::C)] != tiles::kNoSeg ? 1u << 4 : 0u;  // kDefs[t].centre, from the row at hand
  for (int i = 0; i < nmonks_; ++i) {
    const PlacedTile& m = board_.tile(monks_[i]);
    const unsigned dx = m.x - p.x + 1u, dy = m.y - p.y + 1u;
    if (dx <= 2u && dy <= 2u) block |= 1u << (3 * dy + dx);
  }
  while (block) {
    const int b = std::countr_zero(block);
    block &= block - 1;
    const uint16_t c = Board::block_cell(cell, b);
    if (board_.neighbours8_of_cell(c) == 8) add_pending(board_.tile(board_.tile_index_at_cell(c)).seg_base);
  }
  phase_ = Phase::PlaceMeeple;
}

// ---------------------------------------------------------------- the figure action

Verdict Game::check_meeple(Location loc) const { return check_figure(Figure::Meeple, loc); }

Verdict Game::check_figure(Figure f, Location loc) const {
  if (phase_ != Phase::PlaceMeeple) return Verdict{Illegal::WrongPhase};
  if (f == Figure::Meeple && loc == Location::None) return Verdict{};
  if (!has_figure(Mix{mix_}, f)) return Verdict{Illegal::NotInGame};
  if (mix_ && find_figure_kind(f)->reach == Reach::Elsewhere) return Verdict{Illegal::NoSuchFeature};  // it names another tile
  // A module's actions that put no figure onto a feature of the tile (the recall) are its own.
  // (The base game skips the modules: its verdicts stay in registers.)
  Verdict v;
  if (mix_ && any_module(mix_, [&](auto m) { return decltype(m)::check_action(*this, f, loc, &v); })) return v;
  if (static_cast<int>(loc) >= kLocationCount) return Verdict{Illegal::NoSuchFeature};
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const uint8_t local = kOriented[pt.type][pt.rot].loc_seg[static_cast<int>(loc)];
  if (local == tiles::kNoSeg) return Verdict{Illegal::NoSuchFeature};
  const SegId r = features_.find(static_cast<SegId>(pt.seg_base + local));
  if (mix_ && any_module(mix_, [&](auto m) { return decltype(m)::check_deploy(*this, f, r, &v); })) return v;
  const FeatureKind kind = features_.kind(r);
  if (kind == FeatureKind::Garden) return Verdict{Illegal::NoSuchFeature};  // a garden is a feature only with its module
  if (kind == FeatureKind::Field && !options_.farmers) return Verdict{Illegal::FarmersOff};
  if (features_.root_counters(r).meeples > 0) return Verdict{Illegal::FeatureOccupied};
  if (supply(current_, f) == 0) return Verdict{Illegal::NoSupply};
  return Verdict{};
}

// The first locations of the tile just placed's free features that a meeple may take.
int Game::free_locations(Location* out) const {
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const auto& o = kOriented[pt.type][pt.rot];
  // Each location is written and kept or not without a branch: which features are free is
  // as good as random to the branch predictor.
  SegId roots[tiles::kMaxSegs];
  int n = 0;
  for (int i = 0; i < o.nchoices; ++i) {
    const Location loc = o.choices[i];
    const SegId r = features_.find(static_cast<SegId>(pt.seg_base + o.loc_seg[static_cast<int>(loc)]));
    roots[i] = r;
    bool ok = features_.root_counters(r).meeples == 0;
    ok &= options_.farmers | (features_.kind(r) != FeatureKind::Field);
    for (int j = 0; j < i; ++j) ok &= roots[j] != r;  // listed under an earlier location
    out[n] = loc;
    n += ok;
  }
  return n;
}

bool Game::closed_to_figures() const {
  return any_module(mix_, [&](auto m) { return decltype(m)::closed_to_figures(*this); });
}

int Game::figure_options(FigureChoice* out) const {
  if (phase_ != Phase::PlaceMeeple) return 0;
  Location locs[kMaxMeepleOptions];
  int n = 0;
  const int k = meeple_options(locs);
  for (int i = 0; i < k; ++i) out[n++] = FigureChoice{Figure::Meeple, locs[i]};
  if (mix_ == 0) return n;  // a base game's (every placement a search values) asks no module
  each_module(mix_, [&](auto m) { n += decltype(m)::figure_options(*this, out + n); });
  if (closed_to_figures()) {  // only the actions that deploy nothing on the tile stay
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      const FigureKind* kind = find_figure_kind(out[i].figure);
      if (out[i].elsewhere || (kind && (kind->reach == Reach::Nowhere || kind->reach == Reach::Corner))) out[kept++] = out[i];
    }
    n = kept;
  }
  return n;
}

int Game::figure_options_for(Placement p, FigureChoice* out, Verdict* why) const {
  const Verdict v = check_placement(p);
  if (why) *why = v;
  if (!v) return 0;
  Game placed = *this;
  placed.apply_placement(p);
  return placed.figure_options(out);
}

int Game::meeple_options_for(Placement p, Location* out, Verdict* why) const {
  const Verdict v = check_placement(p);
  if (why) *why = v;
  if (!v) return 0;
  Game placed = *this;
  placed.apply_placement(p);
  return placed.meeple_options(out);
}

// The first location (in listing order) of the feature that loc names on the tile just
// placed: the name the listing gives it.
Location Game::first_location(Location loc) const {
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const auto& o = kOriented[pt.type][pt.rot];
  const uint8_t local = o.loc_seg[static_cast<int>(loc)];
  if (local == tiles::kNoSeg) return loc;
  return first_location_of(features_.find(static_cast<SegId>(pt.seg_base + local)));
}

// The first location (in listing order) on the tile just placed of the feature with root
// `root`; Location::None if no part of the feature lies on it.
Location Game::first_location_of(SegId root) const {
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const auto& o = kOriented[pt.type][pt.rot];
  // The meeple choices are the first location of each segment but a garden, in location
  // order: a find per segment instead of one per location. Only a garden (a feature of its
  // own) or a feature not on the tile gets past them to the walk over every location.
  for (int i = 0; i < o.nchoices; ++i) {
    const Location loc = o.choices[i];
    if (features_.find(static_cast<SegId>(pt.seg_base + o.loc_seg[static_cast<int>(loc)])) == root) return loc;
  }
  for (int l = 0; l < kLocationCount; ++l) {
    const uint8_t other = o.loc_seg[l];
    if (other != tiles::kNoSeg && features_.find(static_cast<SegId>(pt.seg_base + other)) == root)
      return static_cast<Location>(l);
  }
  return Location::None;
}

Status Game::deploy(Location loc, Events* events, Verdict* why) { return act(Figure::Meeple, loc, events, why); }

Verdict Game::check_figure(const FigureChoice& given) const {
  if (!given.elsewhere) return check_figure(given.figure, given.location);
  FigureChoice c = given;
  return check_elsewhere(c);
}

Verdict Game::check_elsewhere(FigureChoice& c) const {
  if (phase_ != Phase::PlaceMeeple) return Verdict{Illegal::WrongPhase};
  if (!has_figure(Mix{mix_}, c.figure)) return Verdict{Illegal::NotInGame};
  any_module(mix_, [&](auto m) { return decltype(m)::canonical_elsewhere(*this, c); });
  Verdict v{Illegal::NoSuchFeature};
  any_module(mix_, [&](auto m) { return decltype(m)::check_elsewhere(*this, c, &v); });
  return v;
}

// inline: out of line, its call cost the P&D playout 0.15 % more; always_inline shifted
// the unit's other inlining instead (check_fit: the C ABI's base playout 0.15 % more).
inline void Game::act_elsewhere(const FigureChoice& c, Events* events) {
  any_module(mix_, [&](auto m) { return decltype(m)::act_elsewhere(*this, c, events); });
  const int i = board_.tile_count() - 1;
  board_.tile(i).meeple = c.location;
  board_.tile(i).figure = c.figure;
  targets_[i] = static_cast<uint8_t>(board_.tile_index_at(c.x, c.y) + 1);
}

Status Game::act(const FigureChoice& given, Events* events, Verdict* why) {
  if (!given.elsewhere) return act(given.figure, given.location, events, why);
  FigureChoice c = given;
  const Verdict v = check_elsewhere(c);
  if (why) *why = v;
  if (!v) return v.reason == Illegal::WrongPhase ? Status::WrongPhase : Status::IllegalMove;
  act_elsewhere(c, events);
  finish_turn(events);
  return Status::Ok;
}

Status Game::act(Figure f, Location loc, Events* events, Verdict* why) {
  const Verdict v = check_figure(f, loc);
  if (why) *why = v;
  if (!v) return v.reason == Illegal::WrongPhase ? Status::WrongPhase : Status::IllegalMove;
  act_checked(f, loc, events);
  return Status::Ok;
}

void Game::act_checked(Figure f, Location loc, Events* events) {
  if (mix_ == 0) {  // the base game (a meeple or none) calls no module
    if (loc != Location::None) put_meeple(first_location(loc));
    finish_base_turn(events);
    return;
  }
  // A feature's location is taken as its first on the tile; a corner (the barn) as it is.
  if (loc != Location::None || f != Figure::Meeple)
    take_action(f, loc == Location::None || find_figure_kind(f)->reach == Reach::Corner ? loc : first_location(loc), events);
  finish_turn(events);
}

// Puts the current player's meeple on a legal location of the tile just placed, given as
// the first location of its feature on that tile (what meeple_options lists).
void Game::put_meeple(Location loc) { put_figure(Figure::Meeple, loc); }

// Figure f of the current player onto the part at loc (its first location) of placed tile
// `index`. Inlined into put_figure: the base playout's only figure call.
[[gnu::always_inline]] inline void Game::add_figure(int player, int index, Figure f, Location loc) {
  const PlacedTile& pt = board_.tile(index);
  const SegId seg = static_cast<SegId>(pt.seg_base + kOriented[pt.type][pt.rot].loc_seg[static_cast<int>(loc)]);
  meeples_[nmeeples_++] = Meeple{seg, static_cast<uint8_t>(player), static_cast<uint8_t>(index), loc, f};
  if (loc == Location::C) monks_[nmonks_++] = static_cast<uint8_t>(index);  // a monk or an abbot
  if (kFigureWeight[static_cast<int>(f)] > 0) features_.root_counters(features_.find(seg)).meeples++;
  if (f == Figure::Meeple) supply_[player]--;
  else figures_[player] = static_cast<uint16_t>(figures_[player] & ~(1u << static_cast<int>(f)));
}

inline void Game::put_figure(Figure f, Location loc) {
  const int index = board_.tile_count() - 1;
  board_.tile(index).meeple = loc;
  board_.tile(index).figure = f;
  add_figure(current_, index, f, loc);
}

// A figure onto another tile (an action elsewhere: the portal; the wagon's move, its owner's).
void Game::put_figure_at(int index, Figure f, Location loc, int player) { add_figure(player < 0 ? current_ : player, index, f, loc); }

// A checked figure action: a module's own (the recall) or a figure onto the tile just placed,
// at the first location of its feature there.
void Game::take_action(Figure f, Location first, Events* events) {
  if (any_module(mix_, [&](auto m) { return decltype(m)::act(*this, f, first, events); })) return;
  put_figure(f, first);
}

// The end of a placement: what the modules decide before scoring, the scoring of what it
// completed, then the turn passes unless a module holds it for a decision (the builder's
// bonus tile).
void Game::end_placement(Events* events) { end_placement_here(events); }

// end_placement, inlined into finish_turn: every expansion game's turn ends through it.
[[gnu::always_inline]] inline void Game::end_placement_here(Events* events) {
  score_pending(events);
  if (any_module(mix_, [&](auto m) { return decltype(m)::hold_after_scoring(*this, events); })) return;
  end_scored(events);
}

void Game::end_scored(Events* events) {
  if (any_module(mix_, [&](auto m) { return decltype(m)::after_scoring(*this, events); })) return;
  current_ = static_cast<uint8_t>((current_ + 1) % players_);
  turn_passes(events);
  start_turn_part(false, events);
}

void Game::start_turn_part(bool bonus, Events* events) {
  if (hold_before_draw(bonus, events)) return;
  draw_next(events);
}

bool Game::hold_before_draw(bool bonus, Events* events) {
  return any_module(mix_, [&](auto m) { return decltype(m)::before_draw(*this, bonus, events); });
}

void Game::finish_turn(Events* events) {
  if (mix_ == 0) {
    finish_base_turn(events);
    return;
  }
  each_module(mix_, [&](auto m) { decltype(m)::before_scoring(*this); });
  if (any_module(mix_, [&](auto m) { return decltype(m)::hold_after_action(*this, events); })) return;
  if (any_module(mix_, [&](auto m) { return decltype(m)::hold_before_scoring(*this, events); })) return;
  end_placement_here(events);
}

void Game::turn_passes(Events* events) {
  if (drawn_ < deck_size_) each_module(mix_, [&](auto m) { decltype(m)::turn_passes(*this, events); });
}

// Scores every feature the tile just placed completed, each followed by the modules' hooks
// (goods to the player who completed a city).
void Game::score_pending(Events* events) {
  for (int i = 0; i < npending_; ++i) {
    each_module(mix_, [&](auto m) { decltype(m)::completing(*this, pending_[i]); });
    score_completed(pending_[i], events);
    each_module(mix_, [&](auto m) { decltype(m)::completed(*this, pending_[i], events); });
  }
  npending_ = 0;
}

// Scores what the tile completed and passes the turn: a turn's end without any module.
// Forced inline: it is the base playout's turn end, and out of line it costs 2% there.
[[gnu::always_inline]] inline void Game::finish_base_turn(Events* events) {
  for (int i = 0; i < npending_; ++i) score_completed(pending_[i], events);
  npending_ = 0;
  current_ = static_cast<uint8_t>((current_ + 1) % players_);
  draw_next<false>(events);
}

template <bool kModules>
inline void Game::draw_next(Events* events) {
  while (drawn_ < deck_size_) {
    if (caller_draws_) {
      phase_ = Phase::Draw;
      return;
    }
    ++drawn_;
    if (take_drawn<kModules>(events)) return;
  }
  if (kModules && mix_ && any_module(mix_, [&](auto m) { return decltype(m)::hold_game_end(*this, events); })) return;
  phase_ = Phase::GameOver;
  banked_ = score_;
  score_end(events);
}

void Game::draw_again(Events* events) { draw_next(events); }

void Game::pass_turn(Events* events) {
  current_ = static_cast<uint8_t>((current_ + 1) % players_);
  turn_passes(events);
  start_turn_part(false, events);
}

// The tile just drawn is the one to place if it fits somewhere; else it leaves the game.
template <bool kModules>
bool Game::take_drawn(Events* events) {
  const TileType t = deck_[drawn_ - 1];
  // A module may set the tile aside before it is tried (a dragon tile while the dragon is
  // beside the board); the same player draws again. The base game asks none.
  if (kModules && mix_ && any_module(mix_, [&](auto m) { return decltype(m)::set_aside(*this, t, events); })) return false;
  if (fits_anywhere(t)) {
    phase_ = Phase::PlaceTile;
    return true;
  }
  const int i = drawn_ - 1;
  discarded_[i >> 6] |= uint64_t{1} << (i & 63);
  // A river tile that fit nowhere leaves the river as it was; if it was the lake, the river
  // stays open for good, its end blocked for land tiles.
  if (events) {
    Event e = event_off_board(Event::Type::Discard);
    e.discarded = t;
    events->push(e);
  }
  return false;
}

// ---------------------------------------------------------------- chance

Verdict Game::check_draw(TileType t) const {
  if (t >= kTileTypes) return Verdict{Illegal::NoSuchTile};  // a bad argument whatever the phase
  if (phase_ != Phase::Draw) return Verdict{Illegal::WrongPhase};
  if (face_down(t) == 0) return Verdict{Illegal::NotFaceDown};
  return may_come_next(t);
}

Verdict Game::may_come_next(TileType t) const {
  Verdict v;
  any_module(mix_, [&](auto m) { return decltype(m)::check_draw(*this, t, &v); });
  return v;
}

Status Game::draw(TileType t, Events* events, Verdict* why) {
  const Verdict v = check_draw(t);
  if (why) *why = v;
  if (!v)
    return v.reason == Illegal::WrongPhase   ? Status::WrongPhase
           : v.reason == Illegal::NoSuchTile ? Status::InvalidArgument
                                             : Status::IllegalMove;
  // Take the first face-down t and move it to the front of the face-down part, which stays
  // in draw rank order.
  int j = drawn_;
  while (deck_[j] != t) ++j;
  for (; j > drawn_; --j) deck_[j] = deck_[j - 1];
  deck_[drawn_++] = t;
  if (!take_drawn<true>(events)) draw_next(events);
  return Status::Ok;
}

void Game::redeal(Rng& caller_rng, Events* events) {
  // The face-down tiles of the stack dealt first (the river's) are shuffled among
  // themselves, its last tile staying last, and the land's among themselves (a no-op split
  // in a game without one). The generator in a local, as in playout.
  Rng rng = caller_rng;
  int land = drawn_;
  while (land < deck_size_ && dealt_first(deck_[land])) ++land;
  for (int i = deck_size_ - 1; i > land; --i)
    std::swap(deck_[i], deck_[land + static_cast<int>(rng.below(static_cast<uint32_t>(i - land + 1)))]);
  for (int i = land - 2; i > drawn_; --i)
    std::swap(deck_[i], deck_[drawn_ + static_cast<int>(rng.below(static_cast<uint32_t>(i - drawn_ + 1)))]);
  caller_rng = rng;
  fixed_order_ = true;
  caller_draws_ = false;
  seed_ = 0;
  if (phase_ == Phase::Draw) draw_next(events);
}

Status Game::deal(std::span<const TileType> order, Events* events) {
  if (!caller_draws_) return Status::WrongPhase;
  std::array<TileType, kMaxDraws> a{}, b{};
  const size_t n = static_cast<size_t>(deck_size_ - drawn_);
  if (order.size() != n) return Status::InvalidArgument;
  std::copy(order.begin(), order.end(), a.begin());
  std::copy(deck_.begin() + drawn_, deck_.begin() + deck_size_, b.begin());
  std::sort(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n));
  std::sort(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n));
  if (!std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n), b.begin())) return Status::InvalidArgument;
  std::copy(order.begin(), order.end(), deck_.begin() + drawn_);
  fixed_order_ = true;
  caller_draws_ = false;
  if (phase_ == Phase::Draw) draw_next(events);
  return Status::Ok;
}

Game Game::public_copy() const {
  Game g = *this;
  std::stable_sort(g.deck_.begin() + drawn_, g.deck_.begin() + deck_size_, stack_first);
  g.fixed_order_ = false;
  g.caller_draws_ = true;
  g.seed_ = 0;
  return g;
}

bool same_public_state(const Game& a, const Game& b) { return a.public_copy() == b.public_copy(); }

// ---------------------------------------------------------------- whole turns

Verdict Game::check_move(Move m) const {
  Verdict v = check_placement(m.at);
  if (v && (m.meeple != Location::None || m.figure != Figure::Meeple)) {
    // Whether the figure action is legal depends on the features after placement: try it
    // on a copy so that a bad one leaves this game untouched.
    Game placed = *this;
    placed.apply_placement(m.at);
    v = placed.check_figure(FigureChoice{m.figure, m.meeple, m.elsewhere, m.x, m.y});
  }
  return v;
}

Status Game::play(Move m, Events* events, Verdict* why) {
  // A module's decision that a move answers (the bonus tile, taken) is taken on a copy, so
  // that an illegal move leaves the game (and the events) as they were.
  if (Choice c; phase_ == Phase::Decide && !caller_draws_ && implied_choice(*this, c)) {
    Game g = *this;
    const int count = events ? events->count : 0, dropped = events ? events->dropped : 0;
    decide(g, c, events);
    const Status s = g.play(m, events, why);
    if (s == Status::Ok) *this = g;
    else if (events) events->count = count, events->dropped = dropped;
    return s;
  }
  if (m.meeple == Location::None && m.figure == Figure::Meeple) {  // no figure action: nothing to undo
    const Status s = place(m.at, why);
    return s == Status::Ok ? act(Figure::Meeple, Location::None, events, why) : s;
  }
  // Whether the figure action is legal depends on the features after placement: both are
  // played on a copy, kept if they are. (A local copy: a std::optional<Game> would cost a
  // zeroing of its 23 KB on every call, which GCC emits for its empty state.)
  Game placed = *this;
  if (const Status s = placed.place(m.at, why); s != Status::Ok) return s;
  const Status s = placed.act(FigureChoice{m.figure, m.meeple, m.elsewhere, m.x, m.y}, events, why);
  if (s == Status::Ok) *this = placed;
  return s;
}

// The same random choices as listing the moves with legal_placements and meeple_options,
// but without the list: the board knows how many placements there are, and only the chosen
// one is found, walking the open cells from the nearer end of the list. Clang left it out of
// line in the playouts, where its call and the generator's round trip through memory cost
// its base playout 3% of the instructions; GCC inlines it there anyway, and rejects the
// attribute on a function that is not inline (which the search, in bots.cpp, calls too).
#if defined(__clang__)
[[gnu::always_inline]]
#endif
Placement Game::random_placement(Rng& rng, TileType t, int placements) const {
  const auto& count = tiles::kFitCount[t];
  const uint32_t n = static_cast<uint32_t>(placements);
  uint32_t pick = rng.below(n);
  // A walk by pointer, from the nearer end: an index kept beside it cost two instructions
  // a cell. Which end is as random as the draw, so it is chosen by a mask, not a branch
  // (GCC made a branch of selects): back, all ones, counts from the last cell, walking back.
  const uint32_t back = 0u - static_cast<uint32_t>(pick >= n / 2);
  const OpenCell* o = &board_.open(static_cast<int>(static_cast<uint32_t>(board_.open_count() - 1) & back));
  const ptrdiff_t step = static_cast<int32_t>(back | 1u);
  pick = (pick ^ back) + (n & back);  // n - 1 - pick when back
  // Unrolled twice: a step is two loads, a compare and a subtract, and the jump back
  // (about ten steps a turn) is one instruction fewer every other step.
#pragma GCC unroll 2
  for (uint32_t k; pick >= (k = count[o->req]); o += step) pick -= k;
  pick = (pick ^ back) + (count[o->req] & back);
  // The rotation comes from a table: a loop over the mask bits would mispredict.
  return Placement{o->x, o->y, tiles::kNthRotation[tiles::kFit[t][o->req]][pick]};
}

// A figure action chosen uniformly among the legal ones and none, taken (not the turn's
// scoring): for games with the expansions' figures.
void Game::random_figure(Rng& rng, Events* events) {
  FigureBuffer opts;
  const int k = figure_options(opts);
  const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
  if (pick == static_cast<uint32_t>(k)) return;
  if (opts[pick].elsewhere) {  // listed, so canonical already; the turn's end is the caller's
    act_elsewhere(opts[pick], events);
    return;
  }
  take_action(opts[pick].figure, opts[pick].location, events);
}

void Game::playout(Rng& rng, Events* events, Future future) {
  if (future == Future::Sampled || caller_draws_) redeal(rng, events);
  if (mix_ != 0) {
    playout_expansions(rng, events);
    return;
  }
  Location opts[kMaxMeepleOptions];
  if (phase_ == Phase::PlaceMeeple) {
    const int k = meeple_options(opts);
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick], events);
  }
  // The generator in a local: the caller's, which any byte the game stores may alias, was
  // loaded and stored again round the turn's stores.
  Rng local = rng;
  while (phase_ != Phase::GameOver) {
    const TileType t = deck_[drawn_ - 1];  // the tile in hand: a turn starts in PlaceTile
    const Placement p = random_placement(local, t, board_.base_placement_count(t));  // only base tiles here
    apply_canonical<false>(t, p.x, p.y, p.rot);
    const int k = supply_[current_] > 0 ? free_locations(opts) : 0;  // meeple_options without a module's say
    const uint32_t pick = local.below(static_cast<uint32_t>(k + 1));
    if (pick != static_cast<uint32_t>(k)) put_meeple(opts[pick]);
    finish_base_turn(events);
  }
  rng = local;
}

// The same random choices with the expansions' tiles and figures: river tiles at the
// river's open end, any figure action or none, a builder's bonus tile taken or passed on
// with even odds.
void Game::playout_expansions(Rng& rng, Events* events) {
  while (phase_ != Phase::GameOver) {
    // A tile placed, by the caller or by a decision (the abbey): its figure action.
    if (phase_ == Phase::PlaceMeeple) {
      random_figure(rng, events);
      finish_turn(events);
      continue;
    }
    if (phase_ == Phase::Decide) {
      any_module(mix_, [&](auto m) {
        return decltype(m)::decides(DecisionKind{decision_}) && (decltype(m)::random_decision(*this, rng, events), true);
      });
      continue;
    }
    each_module(mix_, [&](auto m) { decltype(m)::random_place_option(*this, rng, events); });
    const TileType t = current_tile();
    Placement p;
    if (!with_tile_owner(t, [&](auto m) { p = decltype(m)::random_placement(*this, t, rng); }))
      p = random_placement(rng, t, board_.placement_count(t));
    apply_canonical<true>(t, p.x, p.y, p.rot);
    random_figure(rng, events);
    finish_turn(events);
  }
}

// ---------------------------------------------------------------- messages

namespace {
const char* edge_word(Edge e) {
  switch (e) {
    case Edge::Field: return "field";
    case Edge::Road: return "road";
    case Edge::City: return "city";
    case Edge::River: return "river";
    default: return "nothing";
  }
}
const char* side_word(Side s) {
  static const char* const names[4] = {"north", "east", "south", "west"};
  return names[s & 3];
}
}  // namespace

std::string_view reason_text(Illegal reason) {
  switch (reason) {
    case Illegal::None: return "legal";
    case Illegal::WrongPhase: return "not allowed in this phase of the turn";
    case Illegal::BadRotation: return "rotation must be 0, 90, 180 or 270 degrees";
    case Illegal::Occupied: return "a tile is already placed there";
    case Illegal::NoNeighbour: return "the cell shares no edge with a placed tile";
    case Illegal::Mismatch: return "a touching edge does not match";
    case Illegal::NoSuchFeature: return "that location names no feature of the tile just placed";
    case Illegal::FeatureOccupied: return "that feature already holds a meeple";
    case Illegal::NoSupply: return "the player has no such figure left in supply";
    case Illegal::FarmersOff: return "farmers are switched off in this game";
    case Illegal::NoSuchTile: return "no tile type has that number";
    case Illegal::NotFaceDown: return "no tile of that type is face down";
    case Illegal::RiverMustContinue: return "a river tile must continue the river at its open end";
    case Illegal::RiverUTurn: return "the river may not bend the same way twice in a row";
    case Illegal::RiverFirst: return "river tiles are still face down: the tile drawn is one of them";
    case Illegal::LakeLast: return "the lake is drawn after every other river tile";
    case Illegal::NotInGame: return "that figure is not in this game (its expansion is off)";
    case Illegal::GardenAbbotOnly: return "only an abbot may stand on a garden";
    case Illegal::AbbotCentreOnly: return "the abbot goes only onto the monastery or garden of the tile just placed";
    case Illegal::AbbotNotPlaced: return "the player's abbot is not on the board";
    case Illegal::AbbotComplete: return "the abbot's monastery or garden is complete and scores 9 this turn";
    case Illegal::RecallLocation: return "a recall takes no location";
    case Illegal::BuilderRoadOrCity: return "the builder goes only onto a road or a city";
    case Illegal::BuilderNeedsMeeple: return "the builder's road or city must hold one of the player's meeples";
    case Illegal::BuilderComplete: return "the builder may not go onto a road or city that this tile completes";
    case Illegal::PigFieldOnly: return "the pig goes only onto a field";
    case Illegal::PigNeedsFarmer: return "the pig's field must hold one of the player's farmers";
    case Illegal::FairyNeedsMeeple: return "the fairy goes next to one of the player's meeples, other than the one it is next to";
    case Illegal::NoKnightToRemove: return "the princess removes only a knight of the city that her tile's princess city joins";
    case Illegal::PortalTarget:
      return "the portal deploys a meeple, the large meeple or the abbot onto an unoccupied, incomplete feature of another "
             "tile, not the dragon's";
    case Illegal::DragonTile: return "no figure may be deployed on the tile where the dragon stands";
    case Illegal::DragonCannotMove: return "the dragon cannot move that way (no tile there, or visited in this flight)";
    case Illegal::NoTower: return "no tile with a tower foundation is at that square";
    case Illegal::TowerClosed: return "a figure stands on that tower: it is closed";
    case Illegal::NoTowerPiece: return "the player has no tower piece left";
    case Illegal::TowerTooLow: return "a figure goes only onto a tower of at least one piece, not onto a bare foundation";
    case Illegal::TowerFigure: return "only a meeple or the large meeple goes onto a tower";
    case Illegal::NothingToCapture: return "no figure the tower may capture stands there within its reach";
    case Illegal::ExchangeKind:
      return "a capture names the kind of figure that comes back exactly when the captured figure's owner holds the "
             "capturer's figures of two or more kinds, and names one of them";
    case Illegal::RansomNotHeld: return "that player holds no figure of that kind of the payer's";
    case Illegal::RansomPaid: return "a ransom is paid at most once per turn";
    case Illegal::RansomPoints: return "a ransom costs 3 points and the payer has fewer";
    case Illegal::NoAbbey: return "the player has placed their abbey already";
    case Illegal::NotAHole: return "an abbey goes only into an empty square with tiles on all four sides";
    case Illegal::AbbeyRiverEnd: return "no abbey goes onto the square the river's open end points into";
    case Illegal::MayorCityOnly: return "the mayor goes only onto a city";
    case Illegal::WagonFeature: return "the wagon goes only onto a road, a city or a monastery";
    case Illegal::BarnCorner: return "a barn goes onto a corner where four tiles meet, each showing only field there";
    case Illegal::BarnFieldTaken: return "that field holds a barn already";
    case Illegal::BarnField: return "no meeple goes onto a field that holds a barn";
    case Illegal::WagonTarget:
      return "the wagon moves only onto an unoccupied, incomplete road, city or monastery on its square or the 8 around "
             "it (not the dragon's)";
    case Illegal::RansomCommits:
      return "a ransom paid before the draw commits the player to placing the abbey: no draw, pass or 'abbey pass' now";
    case Illegal::TooFar: return "the tile would lie more than 124 steps from another tile (the board's limit)";
  }
  return "unknown reason";
}

std::string describe(const Verdict& v) {
  if (v.reason == Illegal::Mismatch)
    return std::string("the ") + side_word(v.side) + " edge is " + edge_word(v.have) + " but the neighbour there shows " +
           edge_word(v.want);
  return std::string(reason_text(v.reason));
}

std::string describe(const Event& e) {
  if (e.type == Event::Type::Discard) return std::string(tile_name(e.discarded)) + " fits nowhere and leaves the game";
  static const char* const goods_names[kGoodsKinds] = {"wine", "grain", "cloth"};
  const int player = std::countr_zero(static_cast<unsigned>(e.winners) | 0x100u);
  if (e.type == Event::Type::Bonus) return "player " + std::to_string(player) + "'s builder earns a bonus tile";
  const std::string at = fmt::format("({},{})", e.x, e.y);
  const std::string where = fmt::format("{} {}", at, location_name(e.location));
  switch (e.type) {
    case Event::Type::SetAside:
      return fmt::format("{} is set aside (the dragon is not on the board): player {} draws again", tile_name(e.discarded), player);
    case Event::Type::SetAsideBack: return fmt::format("{} goes back among the face-down tiles", tile_name(e.discarded));
    case Event::Type::DragonLands: return fmt::format("the dragon lands on the volcano at {}", at);
    case Event::Type::DragonStep: return fmt::format("player {} moves the dragon to {} (step {})", player, at, e.points);
    case Event::Type::Eaten: return fmt::format("the dragon eats player {}'s {} at {}", player, figure_name(e.figure), where);
    case Event::Type::FlightEnds:
      return fmt::format("the dragon's flight ends at {} after {} step{}{}", at, e.points, e.points == 1 ? "" : "s",
                         e.tiles ? " (a dead end)" : "");
    case Event::Type::FairyMoves: return fmt::format("player {} moves the fairy next to the meeple at {}", player, where);
    case Event::Type::FairyPoint: return fmt::format("fairy: {} to player {}", e.points, player);
    case Event::Type::FairyBonus: return fmt::format("fairy: {} more to player {}", e.points, player);
    case Event::Type::PrincessRemoves:
      return fmt::format("the princess sends player {}'s {} at {} home", player, figure_name(e.figure), where);
    case Event::Type::Portal:
      return fmt::format("player {} deploys a {} through the magic portal at {}", player, figure_name(e.figure), where);
    case Event::Type::AloneHome:
      return fmt::format("player {}'s {} at {} goes home: no meeple of theirs is left in its feature", player,
                         figure_name(e.figure), where);
    case Event::Type::TowerPiece:
      return fmt::format("player {} builds the tower at {} to height {} ({} piece{} left)", player, at, e.points, e.tiles,
                         e.tiles == 1 ? "" : "s");
    case Event::Type::TowerClosed: return fmt::format("player {} puts a {} on top of the tower at {}", player, figure_name(e.figure), at);
    case Event::Type::Capture:
      return e.points == player ? fmt::format("player {} captures their own {} at {}: it goes home", player, figure_name(e.figure), where)
                                : fmt::format("player {} captures player {}'s {} at {}", e.points, player, figure_name(e.figure), where);
    case Event::Type::Exchange:
      return fmt::format("players {} and {} exchange prisoners: a {} back to player {}, a {} back to player {}", e.points, player,
                         figure_name(e.figure), player, figure_name(static_cast<Figure>(e.tiles)), e.points);
    case Event::Type::Ransom:
      return fmt::format("player {} pays {} to player {} for their {}", player, e.points, e.tiles, figure_name(e.figure));
    case Event::Type::AbbeyPlaced: return fmt::format("player {} places their abbey at {}", player, at);
    case Event::Type::AbbeyDeclined: return fmt::format("player {} keeps their abbey", player);
    case Event::Type::FinalAbbeyRound:
      return fmt::format("the last land tile is gone: the final abbey round, from the left of player {} to player {}", player, player);
    case Event::Type::WagonDue:
      return fmt::format("player {}'s wagon from {} may move ({} target{})", player, at, e.tiles, e.tiles == 1 ? "" : "s");
    case Event::Type::WagonMoved: return fmt::format("player {} moves their wagon to {}", player, where);
    case Event::Type::WagonStayed: return fmt::format("player {} keeps their wagon home", player);
    case Event::Type::BarnHome: return fmt::format("player {}'s {} at {} goes home (a barn's scoring)", player, figure_name(e.figure), where);
    default: break;
  }
  switch (e.type) {
    case Event::Type::BarnPlaced:
    case Event::Type::BarnConnected:
    case Event::Type::BarnFinal: {
      std::string who;
      for (int p = 0; p < kMaxPlayers; ++p)
        if ((e.winners >> p) & 1) who += (who.empty() ? "" : " and ") + std::to_string(p);
      const char* what = e.type == Event::Type::BarnPlaced ? "barn placed: field" : e.type == Event::Type::BarnConnected ? "joined to a barn: field" : "barn";
      return fmt::format("{} {} to player{} {} ({} completed cit{}){}", what, e.points, who.size() > 1 ? "s" : "", who, e.tiles,
                         e.tiles == 1 ? "y" : "ies", e.end_game ? " (end of game)" : "");
    }
    default: break;
  }
  if (e.type == Event::Type::Goods) {
    std::string taken;
    for (int k = 0; k < kGoodsKinds; ++k)
      if (e.goods[k]) taken += (taken.empty() ? "" : ", ") + std::to_string(e.goods[k]) + " " + goods_names[k];
    return "player " + std::to_string(player) + " takes " + taken;
  }
  std::string who;
  int n = 0;
  for (int p = 0; p < kMaxPlayers; ++p) n += (e.winners >> p) & 1;
  for (int p = 0, k = 0; p < kMaxPlayers; ++p) {
    if (!((e.winners >> p) & 1)) continue;
    who += (k == 0 ? "" : k + 1 == n ? " and " : ", ") + std::to_string(p);
    ++k;
  }
  const std::string to = " to " + std::string(n == 1 ? "player " : "players ") + who;
  if (e.type == Event::Type::GoodsBonus) {
    int k = 0;
    while (k + 1 < kGoodsKinds && e.goods[k] == 0) ++k;
    return std::string("most ") + goods_names[k] + ": " + std::to_string(e.points) + to + " (end of game)";
  }
  if (e.type == Event::Type::Pig) return "pig: field " + std::to_string(e.points) + " more" + to + " (end of game)";
  return std::string(e.type == Event::Type::Recall ? "abbot recalled: " : "") + std::string(feature_kind_name(e.feature)) +
         " " + std::to_string(e.points) + to + (e.end_game ? " (end of game)" : "");
}

}  // namespace carc
