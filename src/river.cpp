// The River (docs/expansions.md, "The River"): the spring at (0,0), the river tiles drawn
// first with the lake last, each placed onto the river's open end so that it continues the
// river, never bending the same way twice in a row. The game keeps the open end (its cell,
// the side the river enters it by, how the tile before it bent); the board blocks that
// cell, so that no land tile can go there.
#include <bit>

#include "carcassonne/game.hpp"

namespace carc {

using tiles::kOriented;

namespace {
// How a river tile bends, entering by side `entry` and leaving by side `exit` of its cell:
// travelling in direction d = entry + 2, leaving by d + 1 (clockwise) is a right bend.
uint8_t bend_of(int entry, int exit) {
  const int travel = (entry + 2) & 3;
  if (exit == travel) return 0;
  return exit == ((travel + 1) & 3) ? 1 : 2;
}
}  // namespace

void Game::river_set_up() {
  const auto& spring = kOriented[tiles::kSpring][0];
  const int exit = std::countr_zero(static_cast<unsigned>(spring.river));
  river_ = RiverEnd{static_cast<int8_t>(Board::kDx[exit]), static_cast<int8_t>(Board::kDy[exit]),
                    static_cast<uint8_t>((exit + 2) & 3), 0, true};
  board_.block(river_.x, river_.y);
}

bool Game::river_open(int& x, int& y, Side& entry) const {
  if (!river_.open) return false;
  x = river_.x;
  y = river_.y;
  entry = static_cast<Side>(river_.entry);
  return true;
}

// A river tile fits at p when p is the open end, one of its river edges meets the river
// there, every touching edge matches (a river edge only a river edge) and it does not bend
// the way the tile before it bent.
Verdict Game::river_check(TileType t, Placement p) const {
  Verdict v;
  if (!river_.open || p.x != river_.x || p.y != river_.y) {
    v.reason = board_.tile_index_at(p.x, p.y) >= 0 ? Illegal::Occupied : Illegal::RiverMustContinue;
    return v;
  }
  const auto& o = kOriented[t][p.rot];
  for (int s = 0; s < 4; ++s) {
    const int k = board_.tile_index_at(p.x + Board::kDx[s], p.y + Board::kDy[s]);
    if (k < 0) continue;
    const PlacedTile& nt = board_.tile(k);
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
  const unsigned exits = o.river & ~(1u << river_.entry);
  if (exits) {
    const uint8_t bend = bend_of(river_.entry, std::countr_zero(exits));
    if (bend != 0 && bend == river_.bend) v.reason = Illegal::RiverUTurn;
  }
  return v;
}

int Game::river_placements(TileType t, Placement* out) const {
  int n = 0;
  if (!river_.open) return 0;
  for (int r = 0; r < 4; ++r) {
    if (!((tiles::kDefs[t].symmetry >> r) & 1)) continue;
    const Placement p{river_.x, river_.y, static_cast<uint8_t>(r)};
    if (!river_check(t, p)) continue;
    if (out) out[n] = p;
    ++n;
  }
  return n;
}

Placement Game::random_river_placement(Rng& rng) const {
  Placement at[4];
  const int n = river_placements(current_tile(), at);
  return at[rng.below(static_cast<uint32_t>(n))];
}

// The river tile just placed at the open end moves the open end on (or closes the river at
// the lake).
void Game::river_placed(TileType t, Placement p) {
  const unsigned exits = kOriented[t][p.rot].river & ~(1u << river_.entry);
  if (!exits) {
    river_.open = false;
    return;
  }
  const int exit = std::countr_zero(exits);
  river_.bend = bend_of(river_.entry, exit);
  river_.x = static_cast<int8_t>(p.x + Board::kDx[exit]);
  river_.y = static_cast<int8_t>(p.y + Board::kDy[exit]);
  river_.entry = static_cast<uint8_t>((exit + 2) & 3);
  board_.block(river_.x, river_.y);
}

// Draw phase with river tiles face down: the tile drawn is one of them, the lake last.
Verdict Game::river_draw_check(TileType t) const {
  if (!tiles::is_river(t)) return Verdict{Illegal::RiverFirst};
  if (t == tiles::kLake) {
    int rivers = 0;
    for (int i = drawn_; i < deck_size_; ++i) rivers += tiles::is_river(deck_[i]);
    if (rivers > 1) return Verdict{Illegal::LakeLast};
  }
  return Verdict{};
}

}  // namespace carc
