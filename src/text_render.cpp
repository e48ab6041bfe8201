// Text rendering: every character of a tile is read from the tile's segments, so the
// picture follows the tile data and its rotation.
#include "carcassonne/text_render.hpp"

#include <algorithm>
#include <bit>
#include <fmt/format.h>
#include <vector>

#include "modules.hpp"

namespace carc {

namespace {

constexpr int kW = 5, kH = 3;
using Cell = std::array<std::array<char, kW>, kH>;

// Row and column of each location's character (order of Location; the inner field CF
// shares the middle with C, which no tile with an inner field uses for a figure of its own:
// a tile holds one figure at most).
constexpr int kLocRow[kLocationCount] = {1, 0, 1, 2, 1, 0, 0, 2, 2, 2, 2, 0, 0, 1};
constexpr int kLocCol[kLocationCount] = {2, 2, 4, 2, 0, 3, 4, 4, 3, 1, 0, 0, 1, 2};
// Left of the middle: the kind of a figure other than a meeple or abbot (the player's digit
// stands at its location); right of the middle: the tile's inn, cathedral or goods. No
// location uses either place.
constexpr int kKindCol = 1, kMarkCol = 3;

// The mark of a tile's inn ('i'), cathedral ('^'), goods ('w' wine, 'g' grain, 'c'
// cloth) or symbol ('v' volcano, 'd' dragon, 'p' portal, 'q' princess), or 0; no tile has
// more than one of them.
char tile_mark(TileType type) {
  const tiles::TileDef& def = tiles::kDefs[type];
  constexpr char kSymbolMarks[] = {0, 'v', 'd', 'p', 'q'};
  char mark = tiles::raw::kTiles[type].tower ? 't' : kSymbolMarks[static_cast<size_t>(tiles::raw::kTiles[type].symbol)];
  for (int i = 0; i < def.nsegs; ++i) {
    const tiles::Segment& s = def.segs[i];
    if (s.marks & tiles::kInn) mark = 'i';
    if (s.marks & tiles::kCathedral) mark = '^';
    if (s.goods == Goods::Wine) mark = 'w';
    if (s.goods == Goods::Grain) mark = 'g';
    if (s.goods == Goods::Cloth) mark = 'c';
  }
  return mark;
}

// The letter beside a figure's digit (its kind's letter: 'L' large meeple, ...); 0 for a
// meeple, or a figure whose feature already says what it is (an abbot).
char kind_letter(Figure f) {
  const FigureKind* k = find_figure_kind(f);
  return k ? k->letter : 0;
}

Cell tile_cell(TileType type, int rot) {
  const tiles::TileDef& def = tiles::kDefs[type];
  const tiles::Oriented& o = tiles::kOriented[type][rot];
  auto seg = [&](int slot) { return o.slot_seg[slot]; };
  auto is = [&](uint8_t s, FeatureKind k) { return s != tiles::kNoSeg && def.segs[s].kind == k; };
  auto sides = [&](uint8_t s) {
    int m = 0;
    for (int d = 0; d < 4; ++d)
      if (seg(3 * d + 1) == s) m |= 1 << d;
    return m;
  };
  auto mid = [&](int side) {
    const uint8_t s = seg(3 * side + 1);
    if (is(s, FeatureKind::City)) return '#';
    if (is(s, FeatureKind::Road)) return side % 2 == 0 ? '|' : '-';
    return '.';
  };
  auto half = [&](int slot) { return is(seg(slot), FeatureKind::City) ? '#' : '.'; };
  // A corner is city when a city reaches it, unless two different cities meet there (I).
  auto corner = [&](int a, int b) {
    const bool ca = is(seg(a), FeatureKind::City), cb = is(seg(b), FeatureKind::City);
    if (ca && cb) return seg(a) == seg(b) ? '#' : '.';
    return ca || cb ? '#' : '.';
  };
  // Beside the centre: a road reaching that side runs in; a city spanning 2+ sides fills it.
  auto inner = [&](int side) {
    const uint8_t s = seg(3 * side + 1);
    if (is(s, FeatureKind::Road)) return '-';
    if (is(s, FeatureKind::City) && std::popcount(static_cast<unsigned>(sides(s))) >= 2) return '#';
    return '.';
  };
  auto centre = [&] {
    if (def.segs[0].kind == FeatureKind::Monastery) return 'M';
    int ends = 0;
    for (int i = 0; i < def.nsegs; ++i) {
      if (def.segs[i].kind != FeatureKind::Road) continue;
      const int m = sides(static_cast<uint8_t>(i));
      if (m == 0b0101) return '|';
      if (m == 0b1010) return '-';
      if (std::popcount(static_cast<unsigned>(m)) == 2) return '+';
      ++ends;
    }
    if (ends >= 2) return '+';
    for (int i = 0; i < def.nsegs; ++i)
      if (def.segs[i].kind == FeatureKind::City && std::popcount(static_cast<unsigned>(sides(static_cast<uint8_t>(i)))) >= 2)
        return '#';
    return '.';
  };
  Cell c;
  c[0] = {corner(11, 0), half(0), mid(0), half(2), corner(2, 3)};
  c[1] = {mid(3), inner(3), centre(), inner(1), mid(1)};
  c[2] = {corner(8, 9), half(8), mid(2), half(6), corner(5, 6)};
  if (const char mark = tile_mark(type)) c[1][kMarkCol] = mark;
  return c;
}

std::string join_rows(std::vector<std::string>& rows) {
  std::string out;
  for (std::string& r : rows) {
    while (!r.empty() && r.back() == ' ') r.pop_back();
    out += r;
    out += '\n';
  }
  return out;
}

}  // namespace

std::string render_tile_text(TileType tile, int rotation) {
  if (tile >= kTileTypes || rotation < 0 || rotation > 3) return {};
  const Cell c = tile_cell(tile, rotation);
  std::vector<std::string> rows;
  for (const auto& r : c) rows.emplace_back(r.begin(), r.end());
  return join_rows(rows);
}

std::string render_text(const Game& game, const TextOptions& options) {
  const Board& b = game.board();
  PlacementBuffer legal;
  const int nlegal = options.legal_cells ? game.legal_placements(legal) : 0;
  Extent extent = b.extent();
  for (int i = 0; i < nlegal; ++i) extent.add(legal[i].x, legal[i].y);
  const int x0 = extent.x0, x1 = extent.x1, y0 = extent.y0, y1 = extent.y1;

  const int margin = options.coordinates ? 4 : 0;
  const int top = options.coordinates ? 1 : 0;
  const int cols = x1 - x0 + 1, rows = y1 - y0 + 1;
  std::vector<std::string> lines(static_cast<size_t>(top + rows * kH), std::string(static_cast<size_t>(margin + cols * kW), ' '));
  auto put = [&](int x, int y, int r, int c, char ch) {
    lines[static_cast<size_t>(top + (y - y0) * kH + r)][static_cast<size_t>(margin + (x - x0) * kW + c)] = ch;
  };
  if (options.coordinates) {
    for (int x = x0; x <= x1; ++x) {
      const std::string label = fmt::format("{:^5}", x);
      lines[0].replace(static_cast<size_t>(margin + (x - x0) * kW), kW, label);
    }
    for (int y = y0; y <= y1; ++y)
      lines[static_cast<size_t>(top + (y - y0) * kH + 1)].replace(0, 4, fmt::format("{:>3} ", y));
  }
  for (int i = 0; i < b.tile_count(); ++i) {
    const PlacedTile& pt = b.tile(i);
    const Cell c = tile_cell(pt.type, pt.rot);
    for (int r = 0; r < kH; ++r)
      for (int k = 0; k < kW; ++k) put(pt.x, pt.y, r, k, c[r][k]);
  }
  for (int i = 0; i < nlegal; ++i) put(legal[i].x, legal[i].y, 1, 2, '?');
  for (const Meeple& m : game.meeples()) {
    const PlacedTile& pt = b.tile(m.tile);
    const int l = static_cast<int>(m.location);
    put(pt.x, pt.y, kLocRow[l], kLocCol[l], static_cast<char>('0' + m.player));
    if (const char k = kind_letter(m.kind)) put(pt.x, pt.y, 1, kKindCol, k);
  }
  // A figure on a corner point (the barn): its owner on the corner of the square whose
  // north-west corner the point is, its kind letter just west of it ("N0").
  each_module(mix_of(game.options()), [&](auto m) {
    decltype(m)::corner_figures(game, [&](int x, int y, int owner, Figure kind) {
      put(x, y, 0, 0, static_cast<char>('0' + owner));
      if (const char k = kind_letter(kind); k && x > x0) put(x - 1, y, 0, kW - 1, k);
    });
  });
  // A tower's height (10 and more: '+') at the mark's place, and the owner of the figure on top
  // beside it, where a figure's kind letter goes.
  each_module(mix_of(game.options()), [&](auto m) {
    decltype(m)::towers(game, [&](int tile, int height, int owner, Figure) {
      const PlacedTile& pt = b.tile(tile);
      put(pt.x, pt.y, 1, kMarkCol, height > 9 ? '+' : static_cast<char>('0' + height));
      if (owner >= 0) put(pt.x, pt.y, 1, kKindCol, static_cast<char>('0' + owner));
    });
  });
  // The modules' other pieces (the dragon 'D', the fairy 'F') at the mark's place, over the
  // tile's mark: a piece says more than the symbol it stands on.
  each_module(mix_of(game.options()), [&](auto m) {
    decltype(m)::pieces(game, [&](int tile, std::string_view, char letter) {
      put(b.tile(tile).x, b.tile(tile).y, 1, kMarkCol, letter);
    });
  });
  return join_rows(lines);
}

}  // namespace carc
