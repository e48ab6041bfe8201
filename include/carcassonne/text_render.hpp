// The board as text for terminals: each tile is 5 characters wide and 3 lines high.
#pragma once

#include <string>

#include "carcassonne/game.hpp"

namespace carc {

struct TextOptions {
  bool coordinates = true;   // x above each column of tiles, y left of each row
  bool legal_cells = false;  // '?' in the cells where the current tile fits
};

// Draws the placed tiles: '#' city, '-' and '|' road, '+' where roads bend or meet, 'M'
// monastery, '.' field; right of a tile's middle its inn 'i', cathedral '^', goods ('w'
// wine, 'g' grain, 'c' cloth) or symbol ('v' volcano, 'd' dragon, 'p' portal, 'q'
// princess). A figure is its player's digit at its location (C and CF in the middle, N E S W
// at the edge middles, half-edges beside them), with 'L' (large meeple), 'B' (builder) or
// 'P' (pig) left of the tile's middle; the dragon 'D' and the fairy 'F' stand right of the
// middle. A barn is its player's digit on the corner of the square whose north-west corner
// it stands on, with 'N' just west of it. Each line ends with '\n'.
std::string render_text(const Game& game, const TextOptions& options = {});

// The same 3 lines for a single tile type in a rotation (0..3), without figures.
std::string render_tile_text(TileType tile, int rotation);

}  // namespace carc
