// The text board: characters come from the tile data, rotations turn them, meeples show
// as their player's digit.
#include <catch2/catch.hpp>

#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"

using namespace carc;

TEST_CASE("Text board: a closed city, a thief on a road and the cells where a monastery fits") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U'), tile_from_letter('B')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);  // the knight scores and returns
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);   // player 1's thief
  TextOptions opt;
  opt.legal_cells = true;
  CHECK(render_text(g, opt) ==
        "     -1    0    1\n"
        "\n"
        " -2        ?\n"
        "\n"
        "         .....\n"
        " -1   ?  .....  ?\n"
        "         #####\n"
        "         #####.....\n"
        "  0      ---------1\n"
        "         ..........\n"
        "\n"
        "  1        ?    ?\n"
        "\n");
  CHECK(render_text(g, TextOptions{false, false}) ==
        ".....\n"
        ".....\n"
        "#####\n"
        "#####.....\n"
        "---------1\n"
        "..........\n");
}

TEST_CASE("Text tiles: a quarter turn moves the city cap from north to east") {
  CHECK(render_tile_text(tile_from_letter('E'), 0) == "#####\n.....\n.....\n");
  CHECK(render_tile_text(tile_from_letter('E'), 1) == "....#\n....#\n....#\n");
  CHECK(render_tile_text(tile_from_letter('L'), 0) == "#####\n--+--\n..|..\n");
  CHECK(render_tile_text(tile_from_letter('I'), 0) == ".####\n#....\n#....\n");  // two separate cities
  CHECK(render_tile_text(tile_from_letter('A'), 1) == ".....\n--M..\n.....\n");
  CHECK(render_tile_text(tile_from_letter('V'), 0) == ".....\n--+..\n..|..\n");
  CHECK(render_tile_text(tile_from_letter('E'), 4).empty());
}

TEST_CASE("Text tiles: every edge middle shows that edge of the tile data, in every rotation") {
  for (int t = 0; t < kTileTypes; ++t)
    for (int r = 0; r < 4; ++r) {
      const std::string s = render_tile_text(static_cast<TileType>(t), r);
      const char mids[4] = {s[2], s[6 + 4], s[12 + 2], s[6 + 0]};  // N E S W
      const uint8_t code = tiles::kOriented[t][r].edge_code;
      INFO("tile " << tile_letter(static_cast<TileType>(t)) << " rotation " << r << "\n" << s);
      for (int side = 0; side < 4; ++side) {
        const Edge e = static_cast<Edge>((code >> (2 * side)) & 3);
        // The abbey's edges (no edge code) are drawn as no road or city: '.'.
        const char want = e == Edge::City ? '#' : e == Edge::Field || e == Edge::None ? '.' : side % 2 == 0 ? '|' : '-';
        CHECK(mids[side] == want);
      }
    }
}

namespace {
// The character at row r, column c of the cell of (x, y) in a board drawn without
// coordinates (' ' past the end of a trimmed line).
char at(const std::string& text, const Extent& e, int x, int y, int r, int c) {
  const int row = (y - e.y0) * 3 + r, col = (x - e.x0) * 5 + c;
  size_t start = 0;
  for (int i = 0; i < row; ++i) start = text.find('\n', start) + 1;
  const size_t end = text.find('\n', start);
  return static_cast<size_t>(col) < end - start ? text[start + static_cast<size_t>(col)] : ' ';
}
}  // namespace

TEST_CASE("Text tiles: an inn 'i', a cathedral '^' and goods 'w' 'g' 'c' right of the middle") {
  CHECK(render_tile_text(tile_from_name("IK"), 0) == "#####\n###^#\n#####\n");
  CHECK(render_tile_text(tile_from_name("IB"), 0)[5 + 1 + 3] == 'i');
  CHECK(render_tile_text(tile_from_name("TT"), 2)[5 + 1 + 3] == 'w');
  CHECK(render_tile_text(tile_from_name("TG"), 0)[5 + 1 + 3] == 'g');
  CHECK(render_tile_text(tile_from_name("TK"), 1)[5 + 1 + 3] == 'c');
  for (int t = 0; t < 24; ++t)  // the base tiles have none of them
    for (const char ch : render_tile_text(static_cast<TileType>(t), 0)) CHECK(std::string("i^wgc").find(ch) == std::string::npos);
}

TEST_CASE("Text board: the large meeple, the builder and the pig beside their player's digit") {
  Options o;
  o.inns_and_cathedrals = true;
  o.traders_and_builders = true;
  // Traders & Builders example 3's builder, and the large meeple of I&C example 5.
  Game g(2, std::vector<TileType>{tile_from_letter('U'), tile_from_name("IK"), tile_from_letter('U')}, o);
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{0, -1, 0}, Location::N, Figure::Large}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{2, 0, 1}, Location::E, Figure::Builder}) == Status::Ok);
  const std::string text = render_text(g, TextOptions{false, false});
  const Extent e = g.board().extent();
  INFO(text);
  CHECK(at(text, e, 0, -1, 0, 2) == '1');  // the large meeple at N of IK
  CHECK(at(text, e, 0, -1, 1, 1) == 'L');
  CHECK(at(text, e, 0, -1, 1, 3) == '^');
  CHECK(at(text, e, 1, 0, 1, 4) == '0');  // the thief at E of the first U
  CHECK(at(text, e, 1, 0, 1, 1) == '-');  // a meeple has no letter
  CHECK(at(text, e, 2, 0, 1, 4) == '0');  // the builder at E of the second U
  CHECK(at(text, e, 2, 0, 1, 1) == 'B');

  // Every figure of random games shows: its digit at its location, its letter beside it.
  int pigs = 0;
  for (int i = 0; i < 16; ++i) {
    Game r = test::mixed_game(12 + 16 * i);
    Rng rng(static_cast<uint64_t>(i));
    while (!r.over()) test::random_action(r, rng);
    const std::string board = render_text(r, TextOptions{false, false});
    const Extent x = r.board().extent();
    constexpr int kRow[kLocationCount] = {1, 0, 1, 2, 1, 0, 0, 2, 2, 2, 2, 0, 0, 1};
    constexpr int kCol[kLocationCount] = {2, 2, 4, 2, 0, 3, 4, 4, 3, 1, 0, 0, 1, 2};
    for (const Meeple& m : r.meeples()) {
      const PlacedTile& pt = r.board().tile(m.tile);
      const int l = static_cast<int>(m.location);
      CHECK(at(board, x, pt.x, pt.y, kRow[l], kCol[l]) == '0' + m.player);
      const char letter = m.kind == Figure::Large ? 'L' : m.kind == Figure::Builder ? 'B' : m.kind == Figure::Pig ? 'P' : 0;
      if (letter) CHECK(at(board, x, pt.x, pt.y, 1, 1) == letter);
      pigs += m.kind == Figure::Pig;
    }
    CHECK(render_text(r) == render_text(r));
  }
  CHECK(pigs > 0);
}
