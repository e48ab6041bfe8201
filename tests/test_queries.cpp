// Front-end queries: remaining tiles and draw chances, the frontier, fitting rotations,
// scores now and projected, feature inspection; none of them changes the game.
#include <catch2/catch.hpp>

#include <numeric>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"
#include "random_play.hpp"

using namespace carc;

namespace {
TileType T(char c) { return tile_from_letter(c); }

// Asks every query there is about g.
void ask_everything(const Game& g) {
  std::array<int, kTileTypes> counts;
  remaining_tiles(g, counts);
  std::array<double, kTileTypes> p;
  next_tile_probabilities(g, p);
  FrontierCell cells[Board::kMaxOpen];
  const int n = frontier(g, cells);
  for (int i = 0; i < n; ++i)
    for (int t = 0; t < kTileTypes; ++t) fitting_rotations(g, static_cast<TileType>(t), cells[i].x, cells[i].y);
  current_scores(g);
  projected_scores(g);
  for (int i = 0; i < g.board().tile_count(); ++i) {
    FeatureInfo info;
    for (int l = 0; l < kLocationCount; ++l)
      inspect_feature(g, g.board().tile(i).x, g.board().tile(i).y, static_cast<Location>(l), info);
  }
  Game out = g;
  undo(g, out);
}
}  // namespace

TEST_CASE("Queries are pure: the game and its record are unchanged after every query") {
  for (int i = 0; i < 12; ++i) {
    Game g = test::varied_game(i);
    Rng rng(static_cast<uint64_t>(i));
    while (!g.over()) {
      for (int half = 0; half < 2; ++half) {
        const Game before = g;
        const std::string record = save_record(g);
        ask_everything(g);
        REQUIRE(g == before);
        REQUIRE(save_record(g) == record);
        if (half == 0) test::random_placement(g, rng);
      }
      test::random_meeple(g, rng);
    }
    const Game before = g;
    ask_everything(g);
    CHECK(g == before);
  }
}

TEST_CASE("Remaining tiles: at the start, the box less the start tile and the tile in hand") {
  const Game g(2, uint64_t{11});
  std::array<int, kTileTypes> counts;
  CHECK(remaining_tiles(g, counts) == 70);
  for (int t = 0; t < kTileTypes; ++t) {
    const int expected = t < kBaseTypes ? tiles::kDefs[t].count - (t == kStartTile) - (t == g.current_tile()) : 0;
    CHECK(counts[t] == expected);
  }
}

TEST_CASE("Draw probabilities are each type's share of the pile and sum to 1") {
  Game g(3, uint64_t{12});
  Rng rng(12);
  while (!g.over()) {
    std::array<int, kTileTypes> counts;
    const int total = remaining_tiles(g, counts);
    std::array<double, kTileTypes> p;
    next_tile_probabilities(g, p);
    const double sum = std::accumulate(p.begin(), p.end(), 0.0);
    if (total > 0) {
      CHECK(sum == Approx(1.0).epsilon(1e-12));
      for (int t = 0; t < kTileTypes; ++t) CHECK(p[t] == Approx(static_cast<double>(counts[t]) / total));
    } else {
      CHECK(sum == 0.0);
    }
    test::random_turn(g, rng);
  }
}

TEST_CASE("Frontier: with only a C left, only the cell facing the start tile's city is alive") {
  const Game g(2, std::vector<TileType>{T('C')});
  FrontierCell cells[Board::kMaxOpen];
  REQUIRE(frontier(g, cells) == 4);
  // Sorted by row, then column: north, west, east, south of the start tile.
  CHECK((cells[0].x == 0 && cells[0].y == -1 && !cells[0].dead));
  CHECK((cells[1].x == -1 && cells[1].y == 0 && cells[1].dead));
  CHECK((cells[2].x == 1 && cells[2].y == 0 && cells[2].dead));
  CHECK((cells[3].x == 0 && cells[3].y == 1 && cells[3].dead));
  CHECK(cells[0].req == static_cast<uint8_t>(Edge::City) << 4);  // south side must be city
}

TEST_CASE("Fitting rotations: a city cap north of the start tile only at 180, a straight road east at 90, each picture once") {
  const Game g(2, uint64_t{1});
  CHECK(fitting_rotations(g, T('E'), 0, -1) == 0b0100);
  CHECK(fitting_rotations(g, T('U'), 1, 0) == 0b0010);  // U at 270 is the picture of U at 90
  CHECK(fitting_rotations(g, T('X'), 1, 0) == 0b0001);  // one picture
  CHECK(fitting_rotations(g, T('C'), 1, 0) == 0);
  CHECK(fitting_rotations(g, T('E'), 0, 0) == 0);   // occupied
  CHECK(fitting_rotations(g, T('E'), 5, 5) == 0);   // not next to a tile
  CHECK(fitting_rotations(g, kNoTile, 0, -1) == 0);
}

TEST_CASE("Scores now and projected: a thief on a 2-tile road would score 2 at the end") {
  Game g(2, std::vector<TileType>{T('U'), T('E'), T('B')});
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);  // p0: road east, thief
  CHECK(current_scores(g)[0] == 0);
  CHECK(projected_scores(g)[0] == 2);
  // p1 closes the start tile's city: placed, meeple undecided, nobody's city yet.
  REQUIRE(g.place(Placement{0, -1, 2}) == Status::Ok);
  CHECK(projected_scores(g)[1] == 0);
  REQUIRE(g.deploy(Location::S) == Status::Ok);  // worked example 1: 4 points at once
  const auto now = current_scores(g);
  const auto end = projected_scores(g);
  CHECK((now[0] == 0 && now[1] == 4));
  CHECK((end[0] == 2 && end[1] == 4));
}

TEST_CASE("Feature inspection: road, completed city, field and monastery with their values") {
  Game g(2, std::vector<TileType>{T('U'), T('E'), T('B'), T('V')});
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);   // p0 thief
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);  // p1 knight, 4 points
  REQUIRE(g.play(Move{Placement{0, 1, 0}, Location::C}) == Status::Ok);   // p0 monk south of start

  FeatureInfo road;
  REQUIRE(inspect_feature(g, 0, 0, Location::W, road) == Status::Ok);
  CHECK(road.kind == FeatureKind::Road);
  CHECK(road.tiles == 2);
  CHECK((road.tile_indices[0] == 0 && road.tile_indices[1] == 1));
  CHECK(!road.completed);
  CHECK(road.open_edges == 2);
  CHECK(road.meeples[0] == 1);
  CHECK(road.majority == 0b01);
  CHECK(road.value_complete == 2);
  CHECK(road.value_end == 2);

  FeatureInfo city;
  REQUIRE(inspect_feature(g, 0, -1, Location::S, city) == Status::Ok);
  CHECK(city.kind == FeatureKind::City);
  CHECK(city.completed);
  CHECK(city.tiles == 2);
  CHECK(city.meeples[1] == 0);  // the knight went home
  CHECK(city.majority == 0);
  CHECK(city.value_complete == 4);
  CHECK(city.value_end == 0);

  FeatureInfo field;  // north of the road, touching the completed city
  REQUIRE(inspect_feature(g, 0, 0, Location::ENE, field) == Status::Ok);
  CHECK(field.kind == FeatureKind::Field);
  CHECK(field.cities == 1);
  CHECK(field.value_end == 3);
  CHECK(!field.completed);

  FeatureInfo monk;
  REQUIRE(inspect_feature(g, 0, 1, Location::C, monk) == Status::Ok);
  CHECK(monk.kind == FeatureKind::Monastery);
  CHECK(monk.meeples[0] == 1);
  CHECK(monk.value_complete == 9);
  CHECK(monk.value_end == 1 + 2);  // the start tile and the road tile east of it touch it

  FeatureInfo out;
  std::string why;
  CHECK(inspect_feature(g, 5, 5, Location::N, out, &why) == Status::InvalidArgument);
  CHECK(why == "no tile is placed at 5,5");
  CHECK(inspect_feature(g, 0, 0, Location::C, out, &why) == Status::InvalidArgument);
  CHECK(why == "the D at 0,0 has no feature at C");
}

TEST_CASE("Feature inspection: a city of 3 tiles with 1 shield is worth 8 completed, 4 at the end") {
  // Worked example 8's city, still open: start tile N, an M above it turned to join.
  Game g(2, std::vector<TileType>{T('M'), T('E')});
  // M's city is N+E with a shield; turned 90 it is E+S: its south meets the start tile.
  REQUIRE(g.play(Move{Placement{0, -1, 1}, Location::S}) == Status::Ok);
  FeatureInfo city;
  REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
  CHECK(city.tiles == 2);
  CHECK(city.shields == 1);
  CHECK(city.value_complete == 2 * (2 + 1));
  CHECK(city.value_end == 2 + 1);
  CHECK(city.open_edges == 1);
  // Closing its east side with E turned 270 (city west) makes it 3 tiles: 3*2 + 2 = 8.
  REQUIRE(g.play(Move{Placement{1, -1, 3}, Location::None}) == Status::Ok);
  REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
  CHECK(city.completed);
  CHECK(city.value_complete == 8);
  CHECK(g.score(0) == 8);
}

TEST_CASE("Fitting rotations are the legal placements of a tile at a cell, picture for picture") {
  Game g(3, uint64_t{6});
  Rng rng(2);
  Placement buf[kMaxPlacements];
  for (int turn = 0; turn < 30 && !g.over(); ++turn) {
    for (int t = 0; t < kTileTypes; ++t) {
      const int n = g.placements_for(static_cast<TileType>(t), buf);
      for (int c = 0; c < g.board().open_count(); ++c) {
        const OpenCell& o = g.board().open(c);
        uint8_t listed = 0;
        for (int i = 0; i < n; ++i)
          if (buf[i].x == o.x && buf[i].y == o.y) listed = static_cast<uint8_t>(listed | 1u << buf[i].rot);
        REQUIRE(fitting_rotations(g, static_cast<TileType>(t), o.x, o.y) == listed);
      }
    }
    test::random_turn(g, rng);
  }
}

TEST_CASE("Banked scores: the points of completed features, kept apart from end-game scoring") {
  Game g(2, std::vector<TileType>{T('E'), T('U')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);  // a knight closes a city: 4
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::E}) == Status::Ok);   // a thief on the road, the last tile
  REQUIRE(g.over());
  CHECK(g.score(0) == 4);
  CHECK(g.score(1) == 2);         // the open road D-U, 2 tiles, at the end
  CHECK(g.banked_score(0) == 4);
  CHECK(g.banked_score(1) == 0);  // nothing before the end
}

TEST_CASE("Discarded tiles are listed in draw order") {
  // Worked example 13: the 4-sided city C fits nowhere and leaves the game.
  Game g(2, std::vector<TileType>{T('E'), T('A'), T('A'), T('C'), T('E')});
  TileType out[kMaxDeck];
  CHECK(discarded_tiles(g, out) == 0);
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::None}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::None}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{-1, 0, 3}, Location::None}) == Status::Ok);
  REQUIRE(discarded_tiles(g, out) == 1);
  CHECK(out[0] == T('C'));
}

TEST_CASE("Meeple options for a placement not made: what placing there would offer, the game unchanged") {
  Game g(2, uint64_t{13});
  Rng rng(4);
  Placement buf[kMaxPlacements];
  for (int turn = 0; turn < 25 && !g.over(); ++turn) {
    const int n = g.legal_placements(buf);
    for (int i = 0; i < n; ++i) {
      const Game before = g;
      Location mine[kMaxMeepleOptions], theirs[kMaxMeepleOptions];
      const int k = g.meeple_options_for(buf[i], mine);
      REQUIRE(g == before);
      Game placed = g;
      REQUIRE(placed.place(buf[i]) == Status::Ok);
      REQUIRE(placed.meeple_options(theirs) == k);
      for (int j = 0; j < k; ++j) REQUIRE(mine[j] == theirs[j]);
    }
    test::random_turn(g, rng);
  }
  Verdict why;
  Location out[kMaxMeepleOptions];
  const Game fresh(2, std::vector<TileType>{T('E')});
  CHECK(fresh.meeple_options_for(Placement{0, -1, 0}, out, &why) == 0);
  CHECK(why.reason == Illegal::Mismatch);
}

namespace {
Options inns() {
  Options o;
  o.inns_and_cathedrals = true;
  return o;
}
Options traders() {
  Options o;
  o.traders_and_builders = true;
  return o;
}
}  // namespace

TEST_CASE("Feature inspection: an inn road is worth 2 a tile completed and 0 at the end (I&C examples 1, 2)") {
  Game g(2, std::vector<TileType>{tile_from_name("IB"), T('A'), T('A')}, inns());
  REQUIRE(g.play(Move{Placement{1, 0, 0}, Location::E}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{2, 0, 1}}) == Status::Ok);
  FeatureInfo road;
  REQUIRE(inspect_feature(g, 0, 0, Location::E, road) == Status::Ok);
  CHECK(road.inn);
  CHECK_FALSE(road.cathedral);
  CHECK(road.tiles == 3);
  CHECK(road.value_complete == 2 * 3);
  CHECK(road.value_end == 0);
  CHECK(projected_scores(g)[0] == 0);
  REQUIRE(g.play(Move{Placement{-1, 0, 3}}) == Status::Ok);
  REQUIRE(inspect_feature(g, 0, 0, Location::E, road) == Status::Ok);
  CHECK(road.completed);
  CHECK(road.value_complete == 8);
  CHECK(g.score(0) == 8);
}

TEST_CASE("Feature inspection: a cathedral city is worth 3 a tile completed and 0 at the end (I&C examples 3, 4)") {
  Game g(2, std::vector<TileType>{tile_from_name("IK"), T('E'), T('E'), T('E')}, inns());
  REQUIRE(g.play(Move{Placement{0, -1, 0}, Location::N, Figure::Large}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{0, -2, 2}}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{1, -1, 3}}) == Status::Ok);
  FeatureInfo city;
  REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
  CHECK(city.cathedral);
  CHECK_FALSE(city.inn);
  CHECK(city.tiles == 4);
  CHECK(city.meeples[0] == 2);  // the large meeple weighs 2
  CHECK(city.majority == 0b01);
  CHECK(city.value_complete == 3 * 4);
  CHECK(city.value_end == 0);
  REQUIRE(g.play(Move{Placement{-1, -1, 1}}) == Status::Ok);
  REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
  CHECK(city.completed);
  CHECK(city.value_complete == 15);
  CHECK(g.score(0) == 15);
}

TEST_CASE("Feature inspection: a city's goods, and who has a builder or a pig on a feature") {
  Game g(2, std::vector<TileType>{tile_from_name("TG"), T('E')}, traders());
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);  // T&B example 1
  FeatureInfo city;
  REQUIRE(inspect_feature(g, 0, 0, Location::N, city) == Status::Ok);
  CHECK(city.goods == std::array<int, kGoodsKinds>{0, 1, 0});
  CHECK(city.builders == 0);
  FeatureInfo road;
  REQUIRE(inspect_feature(g, 0, 0, Location::W, road) == Status::Ok);
  CHECK(road.goods == std::array<int, kGoodsKinds>{});

  // In random games, every builder and pig shows on its feature, in its owner's bit; the
  // goods of a completed city are what its completing player took.
  int pigs = 0, goods = 0;
  for (int i = 0; i < 12; ++i) {
    Game r = test::mixed_game(8 + 16 * i);
    Rng rng(static_cast<uint64_t>(40 + i));
    Events ev;
    while (!r.over()) {
      ev.clear();
      test::random_action(r, rng, &ev);
      for (int e = 0; e < ev.count; ++e) {
        const Event& x = ev.items[e];
        if (x.type != Event::Type::Goods) continue;
        FeatureInfo info;
        REQUIRE(inspect_feature(r, x.x, x.y, x.location, info) == Status::Ok);
        CHECK(info.completed);
        for (int k = 0; k < kGoodsKinds; ++k) CHECK(info.goods[k] == x.goods[k]);
        ++goods;
      }
    }
    for (const Meeple& m : r.meeples()) {
      if (m.kind != Figure::Builder && m.kind != Figure::Pig) continue;
      const PlacedTile& pt = r.board().tile(m.tile);
      FeatureInfo info;
      REQUIRE(inspect_feature(r, pt.x, pt.y, m.location, info) == Status::Ok);
      CHECK((((m.kind == Figure::Builder ? info.builders : info.pigs) >> m.player) & 1) == 1);
      CHECK(info.meeples[m.player] >= 1);  // the owner's meeple that let it in, never the figure itself
      pigs += m.kind == Figure::Pig;
    }
  }
  CHECK(pigs > 0);
  CHECK(goods > 0);
}
