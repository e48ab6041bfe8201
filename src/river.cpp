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
  for (int s = 0; s < 4; ++s) {
    const int k = g.board_.tile_index_at(p.x + Board::kDx[s], p.y + Board::kDy[s]);
    if (k < 0) continue;
    const PlacedTile& nt = g.board_.tile(k);
    const auto& other = kOriented[nt.type][nt.rot];
    const int opp = s ^ 2;
    const bool river_here = (o.river >> s) & 1, river_there = (other.river >> opp) & 1;
    const int have = (o.edge_code >> (2 * s)) & 3, want = (other.edge_code >> (2 * opp)) & 3;
    if (river_here != river_there || have != want) {
      v.reason = Illegal::Mismatch;
      v.side = static_cast<Side>(s);
      v.want = river_there ? Edge::River : static_cast<Edge>(want);
      v.have = river_here ? Edge::River : static_cast<Edge>(have);
      return v;
    }
  }
  // The entry side holds the river tile before, so the match above put a river edge there.
  const unsigned exits = o.river & ~(1u << river.entry);
  if (exits) {
    const uint8_t bend = bend_of(river.entry, std::countr_zero(exits));
    if (bend != 0 && bend == river.bend) v.reason = Illegal::RiverUTurn;
  }
  return v;
}

int River::placements(const Game& g, TileType t, Placement* out) {
  int n = 0;
  if (!g.modules_.river.open) return 0;
  for (int r = 0; r < 4; ++r) {
    if (!((tiles::kDefs[t].symmetry >> r) & 1)) continue;
    const Placement p{g.modules_.river.x, g.modules_.river.y, static_cast<uint8_t>(r)};
    if (!check_fit(g, t, p)) continue;
    if (out) out[n] = p;
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
