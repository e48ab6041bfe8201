// Game flow: set-up, the draw pile, placing tiles, deploying meeples, passing the turn.
#include "carcassonne/game.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace carc {

using tiles::kDefs;
using tiles::kOriented;

TileType tile_from_letter(char c) { return tile_from_name(std::string_view(&c, 1)); }

void Game::init(int players, Options options) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw std::invalid_argument("player count must be 1 to 6, not " + std::to_string(players));
  players_ = static_cast<uint8_t>(players);
  options_ = options;
  for (int p = 0; p < players; ++p) supply_[p] = kMeeplesPerPlayer;
  const SegId base = features_.add_tile(kStartTile, 0);
  board_.place(0, 0, kStartTile, 0, base);
}

namespace {
// The box without the start tile, in tile type order: the pile before the shuffle.
constexpr std::array<TileType, kMaxDeck> kBox = [] {
  std::array<TileType, kMaxDeck> box{};
  int n = 0;
  for (int t = 0; t < kTileTypes; ++t)
    for (int i = (t == kStartTile) ? 1 : 0; i < kDefs[t].count; ++i) box[n++] = static_cast<TileType>(t);
  return box;
}();
}  // namespace

Game::Game(int players, uint64_t seed, Options options) {
  init(players, options);
  seed_ = seed;
  deck_ = kBox;
  const int n = kMaxDeck;
  Rng rng(seed);
  for (int i = n - 1; i > 0; --i) std::swap(deck_[i], deck_[rng.below(static_cast<uint32_t>(i + 1))]);
  deck_size_ = static_cast<uint8_t>(n);
  draw_next(nullptr);
}

Game::Game(int players, std::span<const TileType> order, Options options) {
  init(players, options);
  fixed_order_ = true;
  set_pile(order);
  draw_next(nullptr);
}

Game::Game(int players, CallerDraws, Options options) : Game(players, CallerDraws{}, kBox, options) {}

Game::Game(int players, CallerDraws, std::span<const TileType> pile, Options options) {
  init(players, options);
  caller_draws_ = true;
  set_pile(pile);
  // The face-down tiles are kept in type order: they have no order, and so two games that
  // show the same are equal.
  std::sort(deck_.begin(), deck_.begin() + deck_size_);
  draw_next(nullptr);
}

// The pile's tiles, checked against the box (the start tile takes one D).
void Game::set_pile(std::span<const TileType> tiles) {
  std::array<int, kTileTypes> used{};
  used[kStartTile] = 1;
  if (tiles.size() > static_cast<size_t>(kMaxDeck))
    throw std::invalid_argument("a draw order holds at most 71 tiles");
  for (size_t i = 0; i < tiles.size(); ++i) {
    const TileType t = tiles[i];
    if (t >= kTileTypes) throw std::invalid_argument("tile type " + std::to_string(t) + " is not 0..23 (A..X)");
    if (++used[t] > kDefs[t].count)
      throw std::invalid_argument(std::string("the draw order holds more ") + tile_letter(t) +
                                  " tiles than the box (" + std::to_string(kDefs[t].count) +
                                  (t == kStartTile ? ", the start tile included)" : ")"));
    deck_[i] = t;
  }
  deck_size_ = static_cast<uint8_t>(tiles.size());
}

TileType Game::current_tile() const {
  if (phase_ == Phase::GameOver || phase_ == Phase::Draw) return kNoTile;
  return deck_[drawn_ - 1];
}

uint8_t Game::leaders() const {
  int best = score_[0];
  for (int p = 1; p < players_; ++p) best = std::max(best, static_cast<int>(score_[p]));
  uint8_t mask = 0;
  for (int p = 0; p < players_; ++p)
    if (score_[p] == best) mask |= static_cast<uint8_t>(1u << p);
  return mask;
}

int Game::discard_count() const { return std::popcount(discarded_[0]) + std::popcount(discarded_[1]); }

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
  const OpenCell* o = board_.open_at(p.x, p.y);
  if (!o) {
    v.reason = board_.tile_index_at(p.x, p.y) >= 0 ? Illegal::Occupied : Illegal::NoNeighbour;
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

bool Game::fits_anywhere(TileType t) const { return board_.placement_count(t) > 0; }

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
  const auto& me = kOriented[t][rot];
  const uint8_t index = static_cast<uint8_t>(board_.tile_count());
  const SegId base = features_.add_tile(t, index);
  int neighbour[4];
  board_.place(p.x, p.y, t, rot, base, neighbour);
  const uint16_t cell = Board::cell_of(p.x, p.y);

  unsigned joined = 0;  // the tile's road and city segments that met a neighbour
  for (int s = 0; s < 4; ++s) {
    const int k = neighbour[s];
    if (k < 0) continue;
    const PlacedTile& nt = board_.tile(k);
    const auto& other = kOriented[nt.type][nt.rot];
    const int opp = s ^ 2;
    const Edge e = static_cast<Edge>((me.edge_code >> (2 * s)) & 3);
    if (e != Edge::Field) {  // the road or city in the middle of the edge
      const SegId r = features_.unite(static_cast<SegId>(base + me.slot_seg[3 * s + 1]),
                                      static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp + 1]));
      features_.root_counters(r).open = static_cast<uint8_t>(features_.root_counters(r).open - 2);
      joined |= 1u << me.slot_seg[3 * s + 1];
    }
    if (e != Edge::City) {  // the fields on both halves of the edge
      features_.unite(static_cast<SegId>(base + me.slot_seg[3 * s]),
                      static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp + 2]));
      features_.unite(static_cast<SegId>(base + me.slot_seg[3 * s + 2]),
                      static_cast<SegId>(nt.seg_base + other.slot_seg[3 * opp]));
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
  // A completed monastery scores only with a monk on it, so the monasteries to look at are
  // this tile's own (its monk comes later this turn) and those of the monks around it:
  // bit 3*dy+dx of `block` for the one at (p.x+dx-1, p.y+dy-1), visited in that order.
  unsigned block = kDefs[t].segs[0].kind == FeatureKind::Monastery ? 1u << 4 : 0u;
  for (int i = 0; i < nmonks_; ++i) {
    const PlacedTile& m = board_.tile(monks_[i]);
    const unsigned dx = m.x - p.x + 1u, dy = m.y - p.y + 1u;
    if (dx <= 2u && dy <= 2u) block |= 1u << (3 * dy + dx);
  }
  while (block) {
    const int b = std::countr_zero(block);
    block &= block - 1;
    const uint16_t c = static_cast<uint16_t>((cell + Board::kBlock[b]) & (Board::kCells - 1));
    if (board_.neighbours8_of_cell(c) == 8) add_pending(board_.tile(board_.tile_index_at_cell(c)).seg_base);
  }
  phase_ = Phase::PlaceMeeple;
}

// ---------------------------------------------------------------- the meeple

Verdict Game::check_meeple(Location loc) const {
  if (phase_ != Phase::PlaceMeeple) return Verdict{Illegal::WrongPhase};
  if (loc == Location::None) return Verdict{};
  if (static_cast<int>(loc) >= kLocationCount) return Verdict{Illegal::NoSuchFeature};
  const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
  const uint8_t local = kOriented[pt.type][pt.rot].loc_seg[static_cast<int>(loc)];
  if (local == tiles::kNoSeg) return Verdict{Illegal::NoSuchFeature};
  const SegId r = features_.find(static_cast<SegId>(pt.seg_base + local));
  if (features_.kind(r) == FeatureKind::Field && !options_.farmers) return Verdict{Illegal::FarmersOff};
  if (features_.root_counters(r).meeples > 0) return Verdict{Illegal::FeatureOccupied};
  if (supply_[current_] == 0) return Verdict{Illegal::NoSupply};
  return Verdict{};
}

int Game::meeple_options(Location* out) const {
  if (phase_ != Phase::PlaceMeeple || supply_[current_] == 0) return 0;
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

int Game::meeple_options_for(Placement p, Location* out, Verdict* why) const {
  const Verdict v = check_placement(p);
  if (why) *why = v;
  if (!v) return 0;
  Game placed = *this;
  placed.apply_placement(p);
  return placed.meeple_options(out);
}

Status Game::deploy(Location loc, Events* events, Verdict* why) {
  const Verdict v = check_meeple(loc);
  if (why) *why = v;
  if (!v) return v.reason == Illegal::WrongPhase ? Status::WrongPhase : Status::IllegalMove;
  if (loc != Location::None) {
    // Name the feature by its first location on this tile, as the listing does.
    const PlacedTile& pt = board_.tile(board_.tile_count() - 1);
    const auto& o = kOriented[pt.type][pt.rot];
    const SegId r = features_.find(static_cast<SegId>(pt.seg_base + o.loc_seg[static_cast<int>(loc)]));
    for (int i = 0; i < o.nchoices; ++i)
      if (features_.find(static_cast<SegId>(pt.seg_base + o.loc_seg[static_cast<int>(o.choices[i])])) == r) {
        loc = o.choices[i];
        break;
      }
    put_meeple(loc);
  }
  finish_turn(events);
  return Status::Ok;
}

// Puts the current player's meeple on a legal location of the tile just placed, given as
// the first location of its feature on that tile (what meeple_options lists).
void Game::put_meeple(Location loc) {
  const int index = board_.tile_count() - 1;
  PlacedTile& pt = board_.tile(index);
  const SegId seg = static_cast<SegId>(pt.seg_base + kOriented[pt.type][pt.rot].loc_seg[static_cast<int>(loc)]);
  pt.meeple = loc;
  meeples_[nmeeples_++] = Meeple{seg, current_, static_cast<uint8_t>(index), loc};
  if (loc == Location::C) monks_[nmonks_++] = static_cast<uint8_t>(index);  // only monks stand in the centre
  features_.root_counters(features_.find(seg)).meeples++;
  supply_[current_]--;
}

void Game::finish_turn(Events* events) {
  for (int i = 0; i < npending_; ++i) score_completed(pending_[i], events);
  npending_ = 0;
  current_ = static_cast<uint8_t>((current_ + 1) % players_);
  draw_next(events);
}

void Game::draw_next(Events* events) {
  while (drawn_ < deck_size_) {
    if (caller_draws_) {
      phase_ = Phase::Draw;
      return;
    }
    ++drawn_;
    if (take_drawn(events)) return;
  }
  phase_ = Phase::GameOver;
  banked_ = score_;
  score_end(events);
}

// The tile just drawn is the one to place if it fits somewhere; else it leaves the game.
bool Game::take_drawn(Events* events) {
  const TileType t = deck_[drawn_ - 1];
  if (fits_anywhere(t)) {
    phase_ = Phase::PlaceTile;
    return true;
  }
  const int i = drawn_ - 1;
  discarded_[i >> 6] |= uint64_t{1} << (i & 63);
  if (events) {
    Event e;
    e.type = Event::Type::Discard;
    e.tile = t;
    events->push(e);
  }
  return false;
}

// ---------------------------------------------------------------- chance

Status Game::draw(TileType t, Events* events, Verdict* why) {
  Verdict v;
  if (phase_ != Phase::Draw) v.reason = Illegal::WrongPhase;
  else if (t >= kTileTypes) v.reason = Illegal::NoSuchTile;
  else if (face_down(t) == 0) v.reason = Illegal::NotFaceDown;
  if (why) *why = v;
  if (!v)
    return v.reason == Illegal::WrongPhase   ? Status::WrongPhase
           : v.reason == Illegal::NoSuchTile ? Status::InvalidArgument
                                             : Status::IllegalMove;
  // Take the first face-down t and move it to the front of the face-down part, which stays
  // in type order.
  int j = drawn_;
  while (deck_[j] != t) ++j;
  for (; j > drawn_; --j) deck_[j] = deck_[j - 1];
  deck_[drawn_++] = t;
  if (!take_drawn(events)) draw_next(events);
  return Status::Ok;
}

void Game::redeal(Rng& rng, Events* events) {
  for (int i = deck_size_ - 1; i > drawn_; --i)
    std::swap(deck_[i], deck_[drawn_ + static_cast<int>(rng.below(static_cast<uint32_t>(i - drawn_ + 1)))]);
  fixed_order_ = true;
  caller_draws_ = false;
  seed_ = 0;
  if (phase_ == Phase::Draw) draw_next(events);
}

Game Game::public_copy() const {
  Game g = *this;
  std::sort(g.deck_.begin() + drawn_, g.deck_.begin() + deck_size_);
  g.fixed_order_ = false;
  g.caller_draws_ = true;
  g.seed_ = 0;
  return g;
}

bool same_public_state(const Game& a, const Game& b) { return a.public_copy() == b.public_copy(); }

// ---------------------------------------------------------------- whole turns

Status Game::play(Move m, Events* events, Verdict* why) {
  Verdict v = check_placement(m.at);
  if (v && m.meeple != Location::None) {
    // Whether the meeple is legal depends on the features after placement: try it on a
    // copy so that a bad meeple leaves this game untouched.
    Game trial = *this;
    trial.apply_placement(m.at);
    v = trial.check_meeple(m.meeple);
    if (v) {
      *this = trial;
      return deploy(m.meeple, events, why);
    }
  }
  if (why) *why = v;
  if (!v) return v.reason == Illegal::WrongPhase ? Status::WrongPhase : Status::IllegalMove;
  apply_placement(m.at);
  return deploy(Location::None, events, why);
}

// The same random choices as listing the moves with legal_placements and meeple_options,
// but without the list: the board knows how many placements there are, and only the chosen
// one is found, walking the open cells from the nearer end of the list.
Placement Game::random_placement(Rng& rng) const {
  const TileType t = current_tile();
  const auto& count = tiles::kFitCount[t];
  const uint32_t n = static_cast<uint32_t>(board_.placement_count(t));
  uint32_t pick = rng.below(n);
  int i = 0;
  if (pick < n / 2) {
    while (pick >= count[board_.open(i).req]) pick -= count[board_.open(i++).req];
  } else {
    pick = n - 1 - pick;  // index from the end of the list
    i = board_.open_count() - 1;
    while (pick >= count[board_.open(i).req]) pick -= count[board_.open(i--).req];
    pick = count[board_.open(i).req] - 1 - pick;
  }
  const OpenCell& o = board_.open(i);
  // The rotation comes from a table: a loop over the mask bits would mispredict.
  return Placement{o.x, o.y, tiles::kNthRotation[tiles::kFit[t][o.req]][pick]};
}

void Game::playout(Rng& rng, Events* events, Future future) {
  if (future == Future::Sampled || caller_draws_) redeal(rng, events);
  Location opts[kMaxMeepleOptions];
  if (phase_ == Phase::PlaceMeeple) {
    const int k = meeple_options(opts);
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    deploy(pick == static_cast<uint32_t>(k) ? Location::None : opts[pick], events);
  }
  while (phase_ != Phase::GameOver) {
    apply_placement(random_placement(rng));
    const int k = meeple_options(opts);
    const uint32_t pick = rng.below(static_cast<uint32_t>(k + 1));
    if (pick != static_cast<uint32_t>(k)) put_meeple(opts[pick]);
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
    default: return "nothing";
  }
}
const char* side_word(Side s) {
  static const char* const names[4] = {"north", "east", "south", "west"};
  return names[s & 3];
}
}  // namespace

std::string describe(const Verdict& v) {
  switch (v.reason) {
    case Illegal::None: return "legal";
    case Illegal::WrongPhase: return "not allowed in this phase of the turn";
    case Illegal::BadRotation: return "rotation must be 0, 90, 180 or 270 degrees";
    case Illegal::Occupied: return "a tile is already placed there";
    case Illegal::NoNeighbour: return "the cell shares no edge with a placed tile";
    case Illegal::Mismatch:
      return std::string("the ") + side_word(v.side) + " edge is " + edge_word(v.have) +
             " but the neighbour there shows " + edge_word(v.want);
    case Illegal::NoSuchFeature: return "that location names no feature of the tile just placed";
    case Illegal::FeatureOccupied: return "that feature already holds a meeple";
    case Illegal::NoSupply: return "the player has no meeple left in supply";
    case Illegal::FarmersOff: return "farmers are switched off in this game";
    case Illegal::NoSuchTile: return "tile type must be 0 to 23 (A to X)";
    case Illegal::NotFaceDown: return "no tile of that type is face down";
  }
  return "unknown reason";
}

std::string describe(const Event& e) {
  if (e.type == Event::Type::Discard) return std::string(1, tile_letter(e.tile)) + " fits nowhere and leaves the game";
  std::string who;
  int n = 0;
  for (int p = 0; p < kMaxPlayers; ++p) n += (e.winners >> p) & 1;
  for (int p = 0, k = 0; p < kMaxPlayers; ++p) {
    if (!((e.winners >> p) & 1)) continue;
    who += (k == 0 ? "" : k + 1 == n ? " and " : ", ") + std::to_string(p);
    ++k;
  }
  return std::string(feature_kind_name(e.feature)) + " " + std::to_string(e.points) + " to " +
         (n == 1 ? "player " : "players ") + who + (e.end_game ? " (end of game)" : "");
}

}  // namespace carc
