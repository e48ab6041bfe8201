// Public records: what the players know (the drawn tiles and the moves, 'pile hidden'),
// never the seed or the order of the face-down tiles; they load into a game whose draws the
// caller supplies.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace carc;

namespace {
Game load(const std::string& text) {
  Game g(1, uint64_t{0});
  RecordError error;
  INFO(text);
  REQUIRE(load_record(text, g, &error) == Status::Ok);
  return g;
}

RecordError load_error(const std::string& text, Status expect) {
  Game g(1, uint64_t{0});
  const Game before = g;
  RecordError error;
  CHECK(load_record(text, g, &error) == expect);
  CHECK(g == before);
  return error;
}

bool has_line_starting(const std::string& text, std::string_view start) {
  size_t at = 0;
  while (at < text.size()) {
    const size_t nl = text.find('\n', at);
    const std::string_view line(text.data() + at, (nl == std::string::npos ? text.size() : nl) - at);
    if (line.starts_with(start)) return true;
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return false;
}

// Supplies `caller` the tiles `real` drew, up to where `real` is.
void catch_up(const Game& real, Game& caller) {
  while (caller.phase() == Phase::Draw && caller.drawn() < real.drawn())
    REQUIRE(caller.draw(real.drawn_tiles()[caller.drawn()]) == Status::Ok);
}
}  // namespace

TEST_CASE("Public record: no seed, no order, and it loads into the same public position") {
  for (int i = 0; i < 16; ++i) {
    Game g = test::varied_game(i);
    Rng rng(static_cast<uint64_t>(i));
    INFO("game " << i);
    auto check = [&](const Game& game) {
      const std::string text = save_record(game, RecordForm::Public);
      CHECK(!has_line_starting(text, "seed"));
      CHECK(!has_line_starting(text, "order"));
      CHECK(has_line_starting(text, "pile hidden"));
      const Game loaded = load(text);
      REQUIRE(loaded.caller_draws());
      REQUIRE(same_public_state(loaded, game));
      REQUIRE(loaded == game.public_copy());
      REQUIRE(save_record(loaded) == text);  // a caller-draws game saves as its public record
      // The loaded position plays on: the caller supplies what the real game draws.
      if (!game.over()) {
        Game real = game, pub = loaded;
        Rng r(static_cast<uint64_t>(i) + 7);
        for (int t = 0; t < 5 && !real.over(); ++t) {
          test::random_turn(real, r);
          const PlacedTile& last = real.board().tile(real.board().tile_count() - 1);
          if (pub.phase() == Phase::PlaceMeeple) {
            REQUIRE(pub.deploy(last.meeple) == Status::Ok);
          } else {
            REQUIRE(pub.play(Move{Placement{last.x, last.y, last.rot}, last.meeple}) == Status::Ok);
          }
          catch_up(real, pub);
          REQUIRE(same_public_state(real, pub));
        }
      }
    };
    int turn = 0;
    while (!g.over()) {
      if (turn % 9 == i % 9) check(g);
      test::random_placement(g, rng);
      if (turn % 9 == (i + 4) % 9) check(g);  // a tile placed, its meeple undecided
      test::random_meeple(g, rng);
      ++turn;
    }
    check(g);
  }
}

TEST_CASE("Public record: the tile in hand is a 'draw' line, a caller-draws game in the draw phase has none") {
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('U'), tile_from_letter('V')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::S}) == Status::Ok);
  const std::string text = save_record(g, RecordForm::Public);
  CHECK(text.find("pile hidden EUV\n") != std::string::npos);  // the pile, in type order: not the box
  CHECK(text.find("E 0,-1 180 S") != std::string::npos);
  CHECK(text.find("\ndraw U") != std::string::npos);
  CHECK(text.find("V") == text.find("EUV") + 2);  // V appears in the pile line only
  const Game loaded = load(text);
  CHECK(loaded.phase() == Phase::PlaceTile);
  CHECK(loaded.current_tile() == tile_from_letter('U'));
  CHECK(loaded.score(0) == 4);

  Game waiting(2, CallerDraws{});
  const std::string w = save_record(waiting);
  CHECK(w.find("pile hidden\n") != std::string::npos);  // the whole box
  CHECK(w.find("\ndraw") == std::string::npos);
  CHECK(load(w) == waiting);
}

TEST_CASE("Public record: discards are lines of their own, as the rules made them") {
  // Worked example 13 of docs/rules.md: the C fits nowhere and leaves the game.
  Game g(2, std::vector<TileType>{tile_from_letter('E'), tile_from_letter('A'), tile_from_letter('A'),
                                  tile_from_letter('C'), tile_from_letter('E')});
  REQUIRE(g.play(Move{Placement{0, -1, 2}, Location::None}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{1, 0, 1}, Location::None}) == Status::Ok);
  REQUIRE(g.play(Move{Placement{-1, 0, 3}, Location::None}) == Status::Ok);
  REQUIRE(g.discard_count() == 1);
  const std::string text = save_record(g, RecordForm::Public);
  CHECK(text.find("discard C") != std::string::npos);
  const Game loaded = load(text);
  CHECK(loaded.discard_count() == 1);
  CHECK(same_public_state(loaded, g));
}

TEST_CASE("Public record: bad lines name the line and the reason, and load nothing") {
  const std::string head = "carcassonne-record 1\nplayers 2\n";
  RecordError e = load_error(head + "seed 3\ndraw E\n", Status::InvalidArgument);
  CHECK(e.line == 4);
  CHECK(e.reason == "a 'draw' line belongs to a record whose pile is hidden ('pile hidden')");
  e = load_error(head + "pile hidden\nseed 3\n", Status::InvalidArgument);
  CHECK(e.line == 4);
  CHECK(e.reason == "a record has one of seed N, order ..., pile hidden");
  e = load_error(head + "pile hidden CC\n", Status::InvalidArgument);
  CHECK(e.reason == "the pile holds more C tiles than the box (1)");
  e = load_error(head + "pile shown\n", Status::InvalidArgument);
  CHECK(e.reason == "the pile line is 'pile hidden', then the pile's tiles if it is not the whole box");
  e = load_error(head + "pile hidden EU\nE 0,-1 180 S\nC 0,-2 0\n", Status::IllegalMove);
  CHECK(e.line == 5);
  CHECK(e.reason == "no C is face down here");
  e = load_error(head + "pile hidden EU\ndiscard E\n", Status::IllegalMove);
  CHECK(e.reason == "E fits on the board here, so it must be placed, not discarded");
  e = load_error(head + "pile hidden EU\ndraw E\nU 0,1 0\n", Status::InvalidArgument);
  CHECK(e.line == 5);
  CHECK(e.reason == "the draw of the tile in hand on line 4 must be the last line");
  e = load_error(head + "pile hidden EAACE\nE 0,-1 180\nA 1,0 90\nA -1,0 270\nC 0,-2 0\n", Status::IllegalMove);
  CHECK(e.line == 7);
  CHECK(e.reason == "C fits nowhere here: the record must say 'discard C' for it");
  e = load_error(head + "pile hidden EU\ndraw E\ndraw U\n", Status::InvalidArgument);
  CHECK(e.line == 5);
  e = load_error(head + "pile hidden E\nE 0,-1 180\nE 0,-2 0\n", Status::IllegalMove);
  CHECK(e.reason == "the game is over: no tile is left to draw");
}

TEST_CASE("Full records keep their seed: every record form saved so far still loads") {
  // A record as saved before hidden piles existed: the seed tells every draw.
  const Game seeded(3, uint64_t{99});
  const std::string old = save_record(seeded);
  CHECK(has_line_starting(old, "seed 99"));
  CHECK(load(old) == seeded);
  // A re-dealt game is a fixed-order game: its full record names the whole order.
  Game dealt = seeded;
  Rng rng(1);
  dealt.redeal(rng);
  const std::string full = save_record(dealt);
  CHECK(has_line_starting(full, "order"));
  CHECK(load(full) == dealt);
}
