// The draw as a chance event: games whose tiles the caller supplies, re-dealing the
// face-down pile, and the public state that a player sees.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace carc;

namespace {
std::array<int, kTileTypes> face_down_counts(const Game& g) {
  std::array<int, kTileTypes> c{};
  remaining_tiles(g, c);
  return c;
}

// Supplies `caller` the tiles the seeded game drew, up to where the seeded game is.
void supply_draws(const Game& seeded, Game& caller, Events* events) {
  while (caller.phase() == Phase::Draw) REQUIRE(caller.draw(seeded.draw_order()[caller.drawn()], events) == Status::Ok);
}
}  // namespace

TEST_CASE("Caller draws: a new game waits in the draw phase with the box face down") {
  Game g(3, CallerDraws{});
  CHECK(g.phase() == Phase::Draw);
  CHECK(g.caller_draws());
  CHECK(g.current_tile() == kNoTile);
  CHECK(g.tiles_in_pile() == 71);
  CHECK(g.face_down(tile_from_letter('D')) == 3);  // the start tile is on the board
  CHECK(g.face_down(tile_from_letter('V')) == 9);
  Placement buf[kMaxPlacements];
  CHECK(g.legal_placements(buf) == 0);
  CHECK(g.check_placement(Placement{0, -1, 0}).reason == Illegal::WrongPhase);
  std::array<double, kTileTypes> p;
  next_tile_probabilities(g, p);
  CHECK(p[tile_from_letter('V')] == Approx(9.0 / 71));
  CHECK(p[tile_from_letter('C')] == Approx(1.0 / 71));
}

TEST_CASE("Caller draws replay seeded games move for move, discards and events included") {
  int discards = 0;
  for (int i = 0; i < 300; ++i) {
    Options opt;
    opt.farmers = i % 3 != 0;
    opt.first_edition_farmers = i % 7 == 2;
    const int players = 1 + i % 6;
    Game seeded(players, 40000 + static_cast<uint64_t>(i), opt);
    Game caller(players, CallerDraws{}, opt);
    Events es, ec;
    supply_draws(seeded, caller, &ec);
    Rng rng(static_cast<uint64_t>(i));
    while (!seeded.over()) {
      REQUIRE(caller.phase() == seeded.phase());
      REQUIRE(caller.current_tile() == seeded.current_tile());
      test::random_turn(seeded, rng, &es);
      // The same move on the caller's game.
      const PlacedTile& last = seeded.board().tile(seeded.board().tile_count() - 1);
      REQUIRE(caller.play(Move{Placement{last.x, last.y, last.rot}, last.meeple}, &ec) == Status::Ok);
      supply_draws(seeded, caller, &ec);
      REQUIRE(same_public_state(seeded, caller));
    }
    REQUIRE(caller.over());
    for (int p = 0; p < players; ++p) REQUIRE(caller.score(p) == seeded.score(p));
    REQUIRE(caller.discard_count() == seeded.discard_count());
    REQUIRE(ec.count == es.count);
    for (int e = 0; e < es.count; ++e) {
      REQUIRE(ec.items[e].type == es.items[e].type);
      REQUIRE(ec.items[e].points == es.items[e].points);
      REQUIRE(ec.items[e].winners == es.items[e].winners);
      REQUIRE(ec.items[e].tile == es.items[e].tile);
    }
    discards += seeded.discard_count();
  }
  CHECK(discards > 0);  // the series holds games in which a tile fits nowhere
}

TEST_CASE("Caller draws: a tile that fits nowhere leaves the game and the game asks again") {
  // RULES.md example 13's board: the start tile's city capped and both road ends closed by
  // monasteries, so every open edge is field and the 4-sided city C fits nowhere.
  const std::vector<TileType> pile = {tile_from_letter('E'), tile_from_letter('A'), tile_from_letter('A'),
                                      tile_from_letter('C'), tile_from_letter('E')};
  Game g(2, CallerDraws{}, pile);
  Events ev;
  REQUIRE(g.draw(tile_from_letter('E')) == Status::Ok);
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::None}) == Status::Ok);
  REQUIRE(g.draw(tile_from_letter('A')) == Status::Ok);
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::None}) == Status::Ok);
  REQUIRE(g.draw(tile_from_letter('A')) == Status::Ok);
  REQUIRE(g.play(Move{Placement{-1, 0, 3}, Location::None}) == Status::Ok);
  const int player = g.current_player();
  REQUIRE(g.draw(tile_from_letter('C'), &ev) == Status::Ok);
  CHECK(g.phase() == Phase::Draw);  // C left the game; the same player draws again
  CHECK(g.current_player() == player);
  CHECK(g.discard_count() == 1);
  REQUIRE(ev.count == 1);
  CHECK(ev.items[0].type == Event::Type::Discard);
  CHECK(ev.items[0].discarded == tile_from_letter('C'));
  REQUIRE(g.draw(tile_from_letter('E')) == Status::Ok);
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.current_tile() == tile_from_letter('E'));
}

TEST_CASE("Caller draws: a tile that is not face down, a bad type or the wrong phase change nothing") {
  const std::vector<TileType> pile = {tile_from_letter('E'), tile_from_letter('U')};
  Game g(2, CallerDraws{}, pile);
  const Game before = g;
  Verdict why;
  CHECK(g.draw(tile_from_letter('C'), nullptr, &why) == Status::IllegalMove);
  CHECK(why.reason == Illegal::NotFaceDown);
  CHECK(describe(why) == "no tile of that type is face down");
  CHECK(g.draw(kTileTypes, nullptr, &why) == Status::InvalidArgument);
  CHECK(why.reason == Illegal::NoSuchTile);
  CHECK(g.draw(kNoTile) == Status::InvalidArgument);
  CHECK(g == before);
  REQUIRE(g.draw(tile_from_letter('E')) == Status::Ok);
  const Game placed = g;
  CHECK(g.draw(tile_from_letter('U'), nullptr, &why) == Status::WrongPhase);
  CHECK(why.reason == Illegal::WrongPhase);
  // A type that names no tile is a bad argument in every phase, checked before the phase.
  CHECK(g.draw(kTileTypes, nullptr, &why) == Status::InvalidArgument);
  CHECK(why.reason == Illegal::NoSuchTile);
  CHECK(g == placed);
  // A seeded game never waits for a draw.
  Game seeded(2, uint64_t{3});
  const Game s = seeded;
  CHECK(seeded.draw(seeded.draw_order()[1]) == Status::WrongPhase);
  CHECK(seeded == s);
}

TEST_CASE("Caller draws: the pile is checked against the box, and an empty pile ends the game") {
  const std::vector<TileType> two_c = {tile_from_letter('C'), tile_from_letter('C')};
  CHECK_THROWS_AS(Game(2, CallerDraws{}, two_c), std::invalid_argument);
  const std::vector<TileType> bad = {kTileTypes};
  CHECK_THROWS_AS(Game(2, CallerDraws{}, bad), std::invalid_argument);
  CHECK_THROWS_AS(Game(0, CallerDraws{}), std::invalid_argument);
  const Game empty(2, CallerDraws{}, std::span<const TileType>{});
  CHECK(empty.over());
}

TEST_CASE("Caller draws: undo and rewind replay the tiles that were supplied") {
  Game seeded(3, uint64_t{77});
  Game g(3, CallerDraws{});
  supply_draws(seeded, g, nullptr);
  Rng rng(9);
  std::vector<Game> after;
  after.push_back(g);
  for (int t = 0; t < 20; ++t) {
    test::random_turn(seeded, rng);
    const PlacedTile& last = seeded.board().tile(seeded.board().tile_count() - 1);
    REQUIRE(g.play(Move{Placement{last.x, last.y, last.rot}, last.meeple}) == Status::Ok);
    supply_draws(seeded, g, nullptr);
    after.push_back(g);
  }
  for (int t = 0; t <= 20; ++t) {
    Game out = g;
    REQUIRE(rewind(g, t, out) == Status::Ok);
    REQUIRE(out == after[static_cast<size_t>(t)]);
  }
  Game undone = g;
  REQUIRE(undo(g, undone) == Status::Ok);
  CHECK(undone == after[19]);
  // Undo right after a turn, before the caller has drawn: back to the last tile in hand.
  Game waiting(3, CallerDraws{});
  supply_draws(seeded, waiting, nullptr);
  const Game start = waiting;
  Placement buf[kMaxPlacements];
  REQUIRE(waiting.legal_placements(buf) > 0);
  REQUIRE(waiting.play(Move{buf[0], Location::None}) == Status::Ok);
  REQUIRE(waiting.phase() == Phase::Draw);
  Game back = waiting;
  REQUIRE(undo(waiting, back) == Status::Ok);
  CHECK(back == start);
}

TEST_CASE("Re-deal: the public state stays, the face-down order changes") {
  Game g(2, uint64_t{12});
  Rng rng(3);
  for (int t = 0; t < 10; ++t) test::random_turn(g, rng);
  const Game before = g;
  int changed = 0;
  for (uint64_t s = 1; s <= 20; ++s) {
    Game copy = g;
    Rng deal(s);
    copy.redeal(deal);
    REQUIRE(same_public_state(copy, before));
    REQUIRE(face_down_counts(copy) == face_down_counts(before));
    REQUIRE(copy.current_tile() == before.current_tile());
    REQUIRE(copy.fixed_order());
    const auto a = copy.draw_order(), b = before.draw_order();
    REQUIRE(std::equal(a.begin(), a.begin() + copy.drawn(), b.begin()));  // the past stays
    changed += !std::equal(a.begin(), a.end(), b.begin());
  }
  CHECK(changed == 20);
  CHECK(g == before);
}

TEST_CASE("Re-deal: a game in the draw phase is dealt and draws at once") {
  Game g(2, CallerDraws{});
  Rng rng(4);
  g.redeal(rng);
  CHECK(!g.caller_draws());
  CHECK(g.phase() == Phase::PlaceTile);
  CHECK(g.drawn() >= 1);
  CHECK(g.tiles_in_pile() == 71 - g.drawn());
}

TEST_CASE("Re-deal is uniform: every order of a small pile comes up equally often (chi-square)") {
  // A pile of four distinct tiles has 24 orders; 24,000 deals give 1,000 of each on average.
  const std::vector<TileType> pile = {tile_from_letter('B'), tile_from_letter('U'), tile_from_letter('V'),
                                      tile_from_letter('W')};
  const Game g(2, CallerDraws{}, pile);  // all four face down, waiting for the first draw
  std::array<int, 24> seen{};
  const int deals = 24000;
  for (int d = 0; d < deals; ++d) {
    Game copy = g;
    Rng rng(static_cast<uint64_t>(d) * 0x9E3779B97F4A7C15ull + 1);
    copy.redeal(rng);  // draws the first tile at once: the order is the whole draw order
    std::array<TileType, 4> order{};
    std::copy(copy.draw_order().begin(), copy.draw_order().end(), order.begin());
    // Rank the permutation of the four types (in the pile's order).
    std::array<int, 4> idx{};
    for (int i = 0; i < 4; ++i) idx[i] = static_cast<int>(std::find(pile.begin(), pile.end(), order[i]) - pile.begin());
    int rank = 0;
    std::vector<int> left = {0, 1, 2, 3};
    for (int i = 0; i < 4; ++i) {
      const auto at = std::find(left.begin(), left.end(), idx[i]);
      rank = rank * (4 - i) + static_cast<int>(at - left.begin());
      left.erase(at);
    }
    seen[static_cast<size_t>(rank)]++;
  }
  double chi2 = 0;
  const double expected = deals / 24.0;
  for (int n : seen) chi2 += (n - expected) * (n - expected) / expected;
  // 23 degrees of freedom: the 99.9th percentile is 49.7.
  CHECK(chi2 < 49.7);
}

TEST_CASE("A public copy shows the same, hides the order, and plays on with caller draws") {
  Game g(4, uint64_t{21});
  Rng rng(8);
  for (int t = 0; t < 15; ++t) test::random_turn(g, rng);
  const Game pub = g.public_copy();
  CHECK(same_public_state(pub, g));
  CHECK(pub.caller_draws());
  CHECK(!pub.fixed_order());
  CHECK(pub.current_tile() == g.current_tile());
  CHECK(face_down_counts(pub) == face_down_counts(g));
  CHECK(std::is_sorted(pub.draw_order().begin() + pub.drawn(), pub.draw_order().end()));
  // Two seeded games that differ only in the future have equal public copies.
  Game other = g;
  Rng deal(1);
  other.redeal(deal);
  CHECK(other.public_copy() == pub);
  // The public copy plays on: the caller draws what the real game draws.
  Game play = pub;
  Placement buf[kMaxPlacements];
  REQUIRE(play.legal_placements(buf) > 0);
  REQUIRE(play.play(Move{buf[0], Location::None}) == Status::Ok);
  REQUIRE(play.phase() == Phase::Draw);
  REQUIRE(g.play(Move{buf[0], Location::None}) == Status::Ok);
  REQUIRE(play.draw(g.current_tile()) == Status::Ok);
  CHECK(same_public_state(play, g));
}

TEST_CASE("Caller draws: options are refused once a tile is drawn, which came from the old box") {
  Game g(2, CallerDraws{});
  REQUIRE(g.draw(tile_from_letter('A')) == Status::Ok);
  Options river;
  river.river = true;
  Game out = g;
  std::string error;
  // Accepted, the game would be a River game whose pile holds no river tile.
  CHECK(with_options(g, river, out, &error) == Status::WrongPhase);
  CHECK(error == "options are set before the caller draws the first tile");
  CHECK(out == g);
  Options off;
  off.farmers = false;
  CHECK(with_options(g, off, out, &error) == Status::WrongPhase);
  CHECK(out == g);
  // Before the draw the whole box becomes the River's box.
  REQUIRE(with_options(Game(2, CallerDraws{}), river, out) == Status::Ok);
  CHECK(out.face_down(tiles::kLake) == 1);
  Placement buf[kMaxPlacements];
  REQUIRE(g.legal_placements(buf) > 0);
  REQUIRE(g.play(Move{buf[0], Location::None}) == Status::Ok);
  CHECK(with_options(g, Options{}, out, &error) == Status::WrongPhase);
  CHECK(error == "options are set before the first tile is placed");
}
