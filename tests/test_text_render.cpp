// The text board: characters come from the tile data, rotations turn them, meeples show
// as their player's digit.
#include <catch2/catch.hpp>

#include <vector>

#include "carcassonne/carcassonne.hpp"

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
        const char want = e == Edge::City ? '#' : e == Edge::Field ? '.' : side % 2 == 0 ? '|' : '-';
        CHECK(mids[side] == want);
      }
    }
}
