// The River (docs/expansions.md, "The River"): the spring at (0,0), the river tiles drawn
// first with the lake last, each placed onto the river's open end so that it continues the
// river, never bending the same way twice in a row. The game keeps the open end (its cell,
// the side the river enters it by, how the tile before it bent); the board blocks that
// cell, so that no land tile can go there.
#include <bit>
#include <stdexcept>

#include "river.hpp"

namespace carc {

using tiles::kOriented;
using River = Module<Expansion::River>;

namespace {
// How a river tile bends, entering by side `entry` and leaving by side `exit` of its cell:
// travelling in direction d = entry + 2, leaving by d + 1 (clockwise) is a right bend.
uint8_t bend_of(int entry, int exit) {
  const int travel = (entry + 2) & 3;
  if (exit == travel) return 0;
  return exit == ((travel + 1) & 3) ? 1 : 2;
}

// What the tiles around the river's open end ask of a tile there, found once for all four
// rotations (a lookup per side, not one per side and rotation): bit s of `present` is set
// where side s has a neighbour, which shows `code` (2 bits per side, as edge_code) and
// `river` (bit s) towards the end.
struct EndNeeds {
  uint8_t present = 0, code = 0, river = 0;
};

EndNeeds end_needs(const Game& g, int x, int y) {
  EndNeeds need;
  // The end lies next to the last river tile, so its neighbours' cells cannot collide with
  // another tile's (Board): a tag there needs no coordinate check.
  const uint16_t cell = Board::cell_of(x, y);
  for (int s = 0; s < 4; ++s) {
    const int k = g.board().tile_index_at_cell(Board::step(cell, s));
    if (k < 0) continue;
    const PlacedTile& nt = g.board().tile(k);
    const auto& other = kOriented[nt.type][nt.rot];
    const int opp = s ^ 2;
    need.present = static_cast<uint8_t>(need.present | 1u << s);
    need.code = static_cast<uint8_t>(need.code | ((other.edge_code >> (2 * opp)) & 3u) << (2 * s));
    need.river = static_cast<uint8_t>(need.river | ((other.river >> opp) & 1u) << s);
  }
  return need;
}

// The first side (N E S W) where an oriented tile does not match what the end needs (a river
// edge only against a river edge, every other edge against the same edge), or -1.
int first_mismatch(const tiles::Oriented& o, const EndNeeds& need) {
  // Bit s of `differ`: side s's 2-bit edge codes differ (the pairs folded onto bits 0, 2,
  // 4, 6, then packed into bits 0..3) or its river bits do.
  unsigned code = static_cast<unsigned>(o.edge_code ^ need.code);
  code = (code | code >> 1) & 0x55u;
  code = (code | code >> 1) & 0x33u;
  code = (code | code >> 2) & 0x0Fu;
  const unsigned differ = (code | static_cast<unsigned>(o.river ^ need.river)) & need.present;
  return differ ? std::countr_zero(differ) : -1;
}

// Whether an oriented tile at the open end would bend the way the tile before it bent (its
// entry side holds that tile, so the match put a river edge there).
bool u_turn(const tiles::Oriented& o, int entry, uint8_t bend_before) {
  const unsigned exits = o.river & ~(1u << entry);
  if (!exits) return false;
  const uint8_t bend = bend_of(entry, std::countr_zero(exits));
  return bend != 0 && bend == bend_before;
}
}  // namespace

void River::set_up(Game& g) {
  const auto& spring = kOriented[tiles::kSpring][0];
  const int exit = std::countr_zero(static_cast<unsigned>(spring.river));
  g.modules_.river = Game::RiverState{static_cast<int8_t>(Board::kDx[exit]), static_cast<int8_t>(Board::kDy[exit]),
                                      static_cast<uint8_t>((exit + 2) & 3), 0, true};
  g.board_.block(g.modules_.river.x, g.modules_.river.y);
}

bool Game::river_phase() const {
  return (current_tile() != kNoTile && River::is_river(current_tile())) || (drawn_ < deck_size_ && River::is_river(deck_[drawn_]));
}

bool Game::river_open(int& x, int& y, Side& entry) const {
  if (!modules_.river.open) return false;
  x = modules_.river.x;
  y = modules_.river.y;
  entry = static_cast<Side>(modules_.river.entry);
  return true;
}

// A river tile fits at p when p is the open end, one of its river edges meets the river
// there, every touching edge matches (a river edge only a river edge) and it does not bend
// the way the tile before it bent.
Verdict River::check_fit(const Game& g, TileType t, Placement p) {
  Verdict v;
  const Game::RiverState& river = g.modules_.river;
  if (!river.open || p.x != river.x || p.y != river.y) {
    v.reason = g.board_.tile_index_at(p.x, p.y) >= 0 ? Illegal::Occupied : Illegal::RiverMustContinue;
    return v;
  }
  const auto& o = kOriented[t][p.rot];
  const EndNeeds need = end_needs(g, p.x, p.y);
  if (const int s = first_mismatch(o, need); s >= 0) {
    const bool river_here = (o.river >> s) & 1, river_there = (need.river >> s) & 1;
    v.reason = Illegal::Mismatch;
    v.side = static_cast<Side>(s);
    v.want = river_there ? Edge::River : static_cast<Edge>((need.code >> (2 * s)) & 3);
    v.have = river_here ? Edge::River : static_cast<Edge>((o.edge_code >> (2 * s)) & 3);
    return v;
  }
  if (u_turn(o, river.entry, river.bend)) v.reason = Illegal::RiverUTurn;
  return v;
}

// check_fit's rule for each distinct rotation at the open end, the neighbours looked up once.
int River::placements(const Game& g, TileType t, Placement* out) {
  const Game::RiverState& river = g.modules_.river;
  if (!river.open) return 0;
  const EndNeeds need = end_needs(g, river.x, river.y);
  int n = 0;
  for (int r = 0; r < 4; ++r) {
    const auto& o = kOriented[t][r];
    if (!((tiles::kDefs[t].symmetry >> r) & 1) || first_mismatch(o, need) >= 0 || u_turn(o, river.entry, river.bend)) continue;
    if (out) out[n] = Placement{river.x, river.y, static_cast<uint8_t>(r)};
    ++n;
  }
  return n;
}

Placement River::random_placement(const Game& g, TileType t, Rng& rng) {
  Placement at[4];
  const int n = placements(g, t, at);
  return at[rng.below(static_cast<uint32_t>(n))];
}

// The river's open end is blocked for every other tile: none shows a river edge.
bool River::check_blocked(const Game& g, TileType t, Placement p, Verdict* v) {
  const Game::RiverState& river = g.modules_.river;
  if (!river.open || p.x != river.x || p.y != river.y) return false;
  v->reason = Illegal::Mismatch;
  v->side = static_cast<Side>(river.entry);
  v->want = Edge::River;
  v->have = static_cast<Edge>((kOriented[t][p.rot].edge_code >> (2 * river.entry)) & 3);
  return true;
}

// The river tile just placed at the open end moves the open end on (or closes the river at
// the lake).
void River::moved_on(Game& g, TileType t, Placement p) {
  Game::RiverState& river = g.modules_.river;
  const unsigned exits = kOriented[t][p.rot].river & ~(1u << river.entry);
  if (!exits) {
    river.open = false;
    return;
  }
  const int exit = std::countr_zero(exits);
  river.bend = bend_of(river.entry, exit);
  river.x = static_cast<int8_t>(p.x + Board::kDx[exit]);
  river.y = static_cast<int8_t>(p.y + Board::kDy[exit]);
  river.entry = static_cast<uint8_t>((exit + 2) & 3);
  g.board_.block(river.x, river.y);
}

void River::check_order(std::span<const TileType> order) {
  bool land_seen = false, lake_seen = false;
  for (const TileType t : order) {
    if (!is_river(t)) {
      land_seen = true;
      continue;
    }
    if (land_seen) throw std::invalid_argument("river tiles are drawn before the land tiles");
    if (lake_seen) throw std::invalid_argument("the lake RL is the last river tile");
    lake_seen = t == tiles::kLake;
  }
}

// Draw phase with river tiles face down: the tile drawn is one of them, the lake last.
bool River::check_draw(const Game& g, TileType t, Verdict* v) {
  if (!next_is_river(g)) return false;
  *v = Verdict{};
  if (!is_river(t)) {
    v->reason = Illegal::RiverFirst;
  } else if (t == tiles::kLake) {
    int rivers = 0;
    for (int i = g.drawn_; i < g.deck_size_; ++i) rivers += is_river(g.deck_[i]);
    if (rivers > 1) v->reason = Illegal::LakeLast;
  }
  return true;
}

}  // namespace carc
