// Pictures of the board: an SVG drawn from the tile data (city areas, roads, monasteries,
// shields, fields, the expansions' river, gardens, inns, cathedrals, goods and Princess &
// Dragon's symbols), figures in
// player colours on their features, coordinates, and an optional highlight of the cells
// where the current tile fits.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "carcassonne/game.hpp"

namespace carc {

struct SvgOptions {
  int tile_pixels = 64;      // drawn width of one tile
  bool coordinates = true;   // x above each column, y left of each row, a tooltip per tile
  bool legal_cells = false;  // outline the cells where the current tile fits, with rotations
  bool dead_cells = false;   // cross out open cells that no tile still to come can fill
  bool legend = true;        // players' colours, scores and supplies, and the tile to play
  // Mark each option of the current decision that has a place on the board (a figure action,
  // a dragon step; placements are legal_cells') as a <g class="target"> in the decider's
  // colour, with data-choice (its packed id), data-text (its move text), data-x, data-y and,
  // where they apply, data-figure and data-location: what a page offers to click.
  bool targets = false;
  // Names the legend gives the players next to their colours (a bot's kind, a person's
  // name); an empty one is "P<number>".
  std::array<std::string, 6> player_names{};
};

// A complete SVG document. Each placed tile is one <g class="tile"> (with data-x, data-y,
// data-tile, data-rotation), each inn, cathedral and goods symbol one element of class
// "inn", "cathedral", "goods" (data-goods: wine, grain, cloth), and each figure on the board
// one element of class "meeple" (data-player, data-figure), with class "large", "abbot",
// "builder" or "pig" for those figures; a Princess & Dragon symbol is a "symbol-mark"
// (data-symbol: volcano, dragon, portal, princess), the dragon and the fairy each a
// "piece-mark" (data-piece, data-x, data-y). The same game always gives the same text.
std::string render_svg(const Game& game, const SvgOptions& options = {});

// A picture of one tile type in a rotation (0..3), `pixels` wide: what a front end shows
// as the tile in hand. Empty for a tile type or rotation out of range.
std::string render_tile_svg(TileType tile, int rotation, int pixels = 64);

// The colour of a player's meeples, "#rrggbb" (players 0..5).
std::string_view player_colour(int player);

}  // namespace carc
