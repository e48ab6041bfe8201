// Game records: save and load give the identical game, every bad record is refused with
// its line and reason, and a short record is a position that can be played on.
#include <catch2/catch.hpp>

#include "carcassonne/carcassonne.hpp"
#include "random_expansions.hpp"
#include "random_play.hpp"
#include "rules_helpers.hpp"

using namespace carc;
using rules::check_round_trip;
using rules::load_ok;

namespace {
// Worked example 13 of docs/rules.md: after E, A, A every open edge is field, so C fits nowhere.
const char* kExample13 =
    "carcassonne-record 1\n"
    "players 2\n"
    "order EAACEU\n"
    "E 0,-1 180 S\n"
    "A 1,0 90 C\n"
    "A -1,0 270 -\n"
    "discard C\n";
}  // namespace

TEST_CASE("Record round trip: random games of 2-5 players, farmers on and off, seeded and fixed order") {
  for (int i = 0; i < 64; ++i) {
    Game g = test::varied_game(i);
    Rng rng(static_cast<uint64_t>(i));
    int turn = 0;
    INFO("game " << i);
    while (!g.over()) {
      if (turn % 9 == i % 9) check_round_trip(g);
      test::random_placement(g, rng);
      if (turn % 9 == (i + 4) % 9) check_round_trip(g);  // a tile placed, its meeple undecided
      test::random_meeple(g, rng);
      ++turn;
    }
    check_round_trip(g);
  }
}

TEST_CASE("Record: the order line has the constructors' grammar: ids separated by spaces or commas") {
  Game spaced(2, uint64_t{1}), commas(2, uint64_t{1});
  REQUIRE(load_record("carcassonne-record 1\nplayers 2\norder EAACKLMNOP QRD\n", spaced) == Status::Ok);
  REQUIRE(load_record("carcassonne-record 1\nplayers 2\norder E,A,A,C,K,L,M,N,O,P, Q,R,D\n", commas) == Status::Ok);
  CHECK(commas == spaced);  // a base game's runs of letters, "RD" included, are letters
  CHECK(spaced.draw_order().size() == 13);
  Game river(2, uint64_t{1});
  REQUIRE(load_record("carcassonne-record 1\nplayers 2\nriver on\norder RD,RL E\n", river) == Status::Ok);
  CHECK(river.draw_order()[0] == tile_from_name("RD"));
  CHECK(river.draw_order().size() == 3);
}

TEST_CASE("Record: a finished game loads with its final scores and winners") {
  Game g(3, uint64_t{42});
  Rng rng(1);
  g.playout(rng);
  const Game loaded = load_ok(save_record(g));
  for (int p = 0; p < 3; ++p) CHECK(loaded.score(p) == g.score(p));
  CHECK(loaded.over());
  CHECK(loaded.leaders() == g.leaders());
}

TEST_CASE("Record: worked example 1 as a record, the knight scores 4 and returns") {
  const Game g = load_ok("carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 180 S\n");
  CHECK(g.score(0) == 4);
  CHECK(g.supply(0) == kMeeplesPerPlayer);
  CHECK(g.current_player() == 1);
  CHECK(g.current_tile() == tile_from_letter('U'));
}

TEST_CASE("Record: a discarded tile is a line of its own (worked example 13)") {
  const Game g = load_ok(kExample13);
  CHECK(g.discard_count() == 1);
  CHECK(g.current_player() == 1);  // the same player draws again after the discard
  CHECK(g.current_tile() == tile_from_letter('E'));
  const std::string text = save_record(g);
  CHECK(text.find("\ndiscard C") != std::string::npos);
}

TEST_CASE("Record: a position loads and can be played on like the game it came from") {
  Game direct(3, uint64_t{5});
  Rng rng(5);
  for (int t = 0; t < 10; ++t) test::random_turn(direct, rng);
  Game loaded = load_ok(save_record(direct));
  Rng a(99), b(99);
  direct.playout(a);
  loaded.playout(b);
  CHECK(loaded == direct);
}

TEST_CASE("Record: a tile placed with its meeple undecided is written with '?'") {
  Game g = load_ok("carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 180 ?\n");
  CHECK(g.phase() == Phase::PlaceMeeple);
  CHECK(save_record(g).find("E 0,-1 180 ?") != std::string::npos);
  REQUIRE(g.deploy(Location::S) == Status::Ok);
  CHECK(g.score(0) == 4);
}

TEST_CASE("Record: comments, blank lines, tabs, CRLF and a byte-order mark are fine, and no meeple is '-' or nothing") {
  const Game a = load_ok("# a puzzle\n\ncarcassonne-record 1   # version\nplayers 2\n  order EU # tiles\nE 0,-1 180\n");
  const Game b = load_ok("carcassonne-record 1\nplayers 2\norder E U\nE 0,-1 180 -\n");
  const Game c = load_ok("\xEF\xBB\xBF" "carcassonne-record 1\r\nplayers\t2\r\norder EU\r\nE 0,-1 180 -\r\n");
  CHECK(a == b);
  CHECK(a == c);
}

TEST_CASE("Record: a seeded record names the tile the seed's shuffle draws when a line disagrees") {
  Game g(2, uint64_t{77});
  Rng rng(3);
  for (int t = 0; t < 5; ++t) test::random_turn(g, rng);
  std::string text = save_record(g);
  // Change the letter of the third move.
  size_t pos = 0;
  int line = 0, moves = 0, at_line = 0;
  for (size_t i = 0; i < text.size(); i = text.find('\n', i) + 1) {
    ++line;
    if (text[i] >= 'A' && text[i] <= 'X' && text[i + 1] == ' ' && ++moves == 3) {
      pos = i;
      at_line = line;
      break;
    }
  }
  REQUIRE(at_line > 0);
  const char real = text[pos];
  text[pos] = real == 'B' ? 'C' : 'B';
  Game out = g;
  RecordError err;
  CHECK(load_record(text, out, &err) == Status::IllegalMove);
  CHECK(err.line == at_line);
  CHECK_THAT(err.reason, Catch::Contains(std::string("the seed's shuffle draws ") + real));
  CHECK(out == g);  // nothing half-loaded
}

TEST_CASE("Record: every malformed or illegal record names its line and reason and loads nothing") {
  struct Bad {
    const char* text;
    int line;
    const char* reason;
    Status status;
  };
  const std::string ex13 = kExample13;
  const std::string head = "carcassonne-record 1\nplayers 2\norder EAACEU\n";
  const std::string lines[] = {
      "",
      "hello\n",
      "carcassonne-record 2\nplayers 2\nseed 1\n",
      "carcassonne-record one\n",
      "carcassonne-record 1\nseed 1\n",
      "carcassonne-record 1\nplayers 7\nseed 1\n",
      "carcassonne-record 1\nplayers 2\nplayers 3\nseed 1\n",
      "carcassonne-record 1\nplayers 2\nfarmers maybe\nseed 1\n",
      "carcassonne-record 1\nplayers 2\nseed 1\norder EU\n",
      "carcassonne-record 1\nplayers 2\nseed -4\n",
      "carcassonne-record 1\nplayers 2\norder EZ\n",
      "carcassonne-record 1\nplayers 2\norder EEEEEE\n",
      "carcassonne-record 1\nplayers 2\norder DDDD\n",
      "carcassonne-record 1\nplayers 2\n",
      "carcassonne-record 1\nplayers 2\ncolour red\nseed 1\n",
      head + "E 0,-1 45 S\n",
      head + "E 0,-1\n",
      head + "A 0,-1 180 S\n",
      head + "E 5,5 0 -\n",
      head + "E 0,-1 0 -\n",
      head + "E 0,-1 180 SSE\n",
      "carcassonne-record 1\nplayers 2\nfarmers off\norder EU\nE 0,-1 180 ESE\n",
      head + "E 0,-1 180 S\nplayers 3\n",
      head + "E 0,-1 180 ?\nA 1,0 90 C\n",
      head + "E 0,-1 180 S ?\n",
      head + "discard E\n",
      head + "discard\n",
      ex13.substr(0, ex13.size() - 10) + "E 0,1 0 -\n",
      ex13.substr(0, ex13.size() - 10),
      "carcassonne-record 1\nplayers 2\norder E\nE 0,-1 180 S\nU 0,1 0 -\n",
      "carcassonne-record 1\nplayers 2\norder E\nE 0,-1 180 S\ndiscard U\n",
      head + "E 0,-1 180 S\nbogus line\n",
      "carcassonne-record 1\nplayers 2\norder EuV\n",
      head + "e 0,-1 180 S\n",
      head + "E 0,-1 180 S\na 1,0 90 C\n",
      head + "E 0,-1 180 S\ndiscard c\n",
      head + "E +0,-1 180 S\n",
      head + "E 0,-1 +180 S\n",
      "carcassonne-record 1\nplayers +2\nseed 1\n",
      "carcassonne-record 1\nplayers 2\nseed +1\n",
      head + "E 0,-1 180 \x1b[2J\n",
      "carcassonne-record 1\nplayers 2\nfarmers \x9b\nseed 1\n",
  };
  const Bad table[] = {
      {"", 1, "the record is empty", Status::InvalidArgument},
      {"", 1, "a record starts with 'carcassonne-record 1', not 'hello'", Status::InvalidArgument},
      {"", 1, "format version 2 is not supported", Status::InvalidArgument},
      {"", 1, "expected 'carcassonne-record 1'", Status::InvalidArgument},
      {"", 2, "does not say how many players", Status::InvalidArgument},
      {"", 2, "the number of players must be 1 to 6, not '7'", Status::InvalidArgument},
      {"", 3, "'players' is given twice", Status::InvalidArgument},
      {"", 3, "'farmers' must be 'on' or 'off', not 'maybe'", Status::InvalidArgument},
      {"", 4, "a record has one of seed N, order ..., pile hidden", Status::InvalidArgument},
      {"", 3, "the seed must be a whole number", Status::InvalidArgument},
      {"", 3, "'EZ' in the draw order is not a tile id", Status::InvalidArgument},
      {"", 3, "more E tiles than the box (5)", Status::InvalidArgument},
      {"", 3, "more D tiles than the box (4, the start tile included)", Status::InvalidArgument},
      {"", 2, "the header gives no seed", Status::InvalidArgument},
      {"", 3, "'colour' is neither a header line", Status::InvalidArgument},
      {"", 4, "'E 0,-1 45 S' is not a move: '45' is not a rotation", Status::InvalidArgument},
      {"", 4, "'E 0,-1' is not a move", Status::InvalidArgument},
      {"", 4, "the draw order draws E here (draw 1), not A", Status::IllegalMove},
      {"", 4, "illegal move 'E 5,5 0 -': the cell shares no edge with a placed tile", Status::IllegalMove},
      {"", 4, "illegal move 'E 0,-1 0 -': the south edge is field but the neighbour there shows city", Status::IllegalMove},
      {"", 4, "illegal move 'E 0,-1 180 SSE': that location names no feature", Status::IllegalMove},
      {"", 5, "farmers are switched off", Status::IllegalMove},
      {"", 5, "header line 'players' after the first move", Status::InvalidArgument},
      {"", 5, "the move on line 4 left its meeple undecided ('?'), so it must be the last", Status::InvalidArgument},
      {"", 4, "a move has one figure word", Status::InvalidArgument},
      {"", 4, "E fits on the board here, so it must be placed, not discarded", Status::IllegalMove},
      {"", 4, "a discard is 'discard <tile id>'", Status::InvalidArgument},
      {"", 7, "draws C here, which fits nowhere: the record must say 'discard C' before this move", Status::IllegalMove},
      {"", 6, "the record ends, but the draw order draws C next, which fits nowhere: add 'discard C'", Status::IllegalMove},
      {"", 5, "the game is over: no tile is left to place", Status::IllegalMove},
      {"", 5, "the game is over: no tile is left to draw", Status::IllegalMove},
      {"", 5, "'bogus line' is not a move", Status::InvalidArgument},
      {"", 3, "'EuV' in the draw order is not a tile id (tile ids are uppercase)", Status::InvalidArgument},
      {"", 4, "'e' is neither a header line (players, farmers, first-edition-small-city, first-edition-farmers, river, abbot, inns-and-cathedrals, traders-and-builders, princess-and-dragon, tower, abbey-and-mayor, seed, "
              "order, pile) nor a move (tile ids are uppercase)", Status::InvalidArgument},
      {"", 5, "'a 1,0 90 C' is not a move ('E 0,-1 180 S') or a discard ('discard C') (tile ids are uppercase)",
       Status::InvalidArgument},
      {"", 5, "a discard is 'discard <tile id>', not 'discard c'", Status::InvalidArgument},
      {"", 4, "'E +0,-1 180 S' is not a move: '+0,-1' is not a coordinate pair like 0,-1", Status::InvalidArgument},
      {"", 4, "'E 0,-1 +180 S' is not a move: '+180' is not a rotation", Status::InvalidArgument},
      {"", 2, "the number of players must be 1 to 6, not '+2'", Status::InvalidArgument},
      {"", 3, "the seed must be a whole number from 0 to 18446744073709551615, not '+1'", Status::InvalidArgument},
      {"", 4, "'E 0,-1 180 \\x1b[2J' is not a move: '\\x1b[2J' is not a figure action", Status::InvalidArgument},
      {"", 3, "'farmers' must be 'on' or 'off', not '\\x9b'", Status::InvalidArgument},
  };
  static_assert(std::size(table) == std::size(lines));
  for (size_t i = 0; i < std::size(table); ++i) {
    const Game before(3, uint64_t{1});
    Game out = before;
    RecordError err;
    INFO("case " << i << ":\n" << lines[i]);
    CHECK(load_record(lines[i], out, &err) == table[i].status);
    CHECK(err.line == table[i].line);
    CHECK_THAT(err.reason, Catch::Contains(table[i].reason));
    CHECK(err.message() == "line " + std::to_string(table[i].line) + ": " + err.reason);
    CHECK(out == before);
  }
}

TEST_CASE("Record: lines are counted up to a limit, blank and comment lines too; a longer record is refused there") {
  // load_record's limit is INT_MAX lines; a lower one is the same code without 2 GB of text.
  const std::string five = "carcassonne-record 1\nplayers 2\n# a comment\norder EU\nE 0,-1 180 S\n";
  Game g(2, uint64_t{1});
  RecordError err;
  CHECK(detail::load_record(five, g, &err, 5) == Status::Ok);
  CHECK(g.score(0) == 4);
  for (const std::string& more : {five + "\n", five + "# six\n", five + "U 0,1 0"}) {
    INFO(more);
    const Game before = g;
    CHECK(detail::load_record(more, g, &err, 5) == Status::InvalidArgument);
    CHECK(err.line == 5);
    CHECK(err.message() == "line 5: a record has at most 5 lines");
    CHECK(g == before);
  }
  // An error before the limit is reported as usual.
  CHECK(detail::load_record("carcassonne-record 1\nplayers 9\n\n\n\n\n\n", g, &err, 3) == Status::InvalidArgument);
  CHECK(err.message() == "line 2: the number of players must be 1 to 6, not '9'");
  CHECK(detail::load_record("", g, &err, 1) == Status::InvalidArgument);
  CHECK(err.line == 1);
}

TEST_CASE("Record: quoted input is cut short and escaped, a line of any length costs one message") {
  // A line of a million words: refused at its first word, the message quoting 80 bytes.
  std::string words = "carcassonne-record 1\nplayers 2\nseed 1\nE 0,-1";
  for (int i = 0; i < 1000000; ++i) words += " w";
  Game g(2, uint64_t{1});
  RecordError err;
  CHECK(load_record(words, g, &err) == Status::InvalidArgument);
  CHECK(err.line == 4);
  CHECK(err.reason.size() < 200);
  CHECK_THAT(err.reason, Catch::StartsWith("'E 0,-1 w w w"));
  CHECK_THAT(err.reason, Catch::Contains("w w w...' is not a move: 'w' is not a rotation"));
  // echo keeps printable UTF-8 and escapes everything else.
  CHECK(echo("E 0,-1 180 S") == "E 0,-1 180 S");
  CHECK(echo("S\xc3\xbc\xe2\x82\xac\xf0\x9f\x8f\xb0") == "S\xc3\xbc\xe2\x82\xac\xf0\x9f\x8f\xb0");  // ü, euro, castle
  CHECK(echo("\x1b[2J\x07\x7f\t\r\n") == "\\x1b[2J\\x07\\x7f\\x09\\x0d\\x0a");
  CHECK(echo("\xc2\x9b" "1m") == "\\xc2\\x9b1m");                 // C1 control (CSI)
  CHECK(echo("\xff\xc3") == "\\xff\\xc3");                     // invalid, truncated
  CHECK(echo("\xc0\xaf\xed\xa0\x80") == "\\xc0\\xaf\\xed\\xa0\\x80");  // overlong, surrogate
  CHECK(echo("a\\b") == "a\\x5cb");                            // the escape character itself
  CHECK(echo(std::string(100, 'x')) == std::string(80, 'x') + "...");
  CHECK(echo(std::string(80, 'x')) == std::string(80, 'x'));
  CHECK(echo("abc", 2) == "ab...");
}

// ---------------------------------------------------------------- the expansions

namespace {
// Worked example 3 of Traders & Builders as a record: player 0's thief and then builder on
// the road D-U-U; A 3,0 90 extends it, so player 0 plays the bonus tile A -1,0 270, which
// closes the road (5 tiles).
const char* kBuilderHead =
    "carcassonne-record 1\n"
    "players 2\n"
    "traders-and-builders on\n"
    "order U E U B A A\n"
    "U 1,0 90 E\n"
    "E 0,-1 180 -\n"
    "U 2,0 90 B:E\n"
    "B 0,1 0 -\n"
    "A 3,0 90 -\n";

// How often `needle` occurs in `text`.
int occurrences(const std::string& text, std::string_view needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("Record round trip with every mix of expansions, saved in every phase, the bonus phase included") {
  std::array<int, 5> phases{};  // states checked per phase
  int taken = 0, passes = 0, in_draw_after_take = 0;
  std::string seen;  // every record's comments, to look for the new events
  for (int i = 0; i < 96; ++i) {
    Game g = test::mixed_game(i);
    Rng rng(static_cast<uint64_t>(300 + i));
    INFO("game " << i);
    for (int step = 0; !g.over(); ++step) {
      const bool bonus_state = g.phase() == Phase::Decide || (g.bonus_turn() && g.phase() != Phase::PlaceMeeple);
      if (bonus_state || step % 13 == i % 13) {
        ++phases[static_cast<int>(g.phase())];
        taken += g.bonus_turn() && g.phase() == Phase::PlaceTile;
        in_draw_after_take += g.bonus_turn() && g.phase() == Phase::Draw;
        check_round_trip(g);
        // The public record of any game loads into what the players know.
        const std::string pub = save_record(g, RecordForm::Public);
        Game loaded(1, uint64_t{0});
        RecordError err;
        INFO(err.message() << "\n" << pub);
        REQUIRE(load_record(pub, loaded, &err) == Status::Ok);
        CHECK(loaded == g.public_copy());
      }
      const bool bonus = g.phase() == Phase::Decide;
      test::random_action(g, rng);
      passes += bonus && g.declined(g.board().tile_count() - 1);
    }
    check_round_trip(g);
    ++phases[static_cast<int>(Phase::GameOver)];
    seen += save_record(g);
  }
  for (int p = 0; p < 5; ++p) {
    INFO("phase " << p);
    CHECK(phases[p] > 0);
  }
  CHECK(taken > 0);
  CHECK(passes > 0);
  CHECK(in_draw_after_take > 0);
  // The comments tell the expansions' events.
  CHECK(occurrences(seen, "\npass ") > 0);
  CHECK(occurrences(seen, "builder earns a bonus tile") > 0);
  CHECK(occurrences(seen, ", bonus tile;") + occurrences(seen, ", bonus tile\n") > 0);
  CHECK(occurrences(seen, " takes 1 ") > 0);  // goods
  CHECK(occurrences(seen, "#   most ") > 0);   // goods majorities at the end
  CHECK(occurrences(seen, "#   pig: field ") > 0);
  CHECK(occurrences(seen, "L:") > 0);
  CHECK(occurrences(seen, "B:") > 0);
  CHECK(occurrences(seen, "P:") > 0);
}

TEST_CASE("Record: the builder's bonus tile follows its line, the same player's; 'pass' declines it") {
  const Game taken = load_ok(std::string(kBuilderHead) + "A -1,0 270 -\n");
  CHECK(taken.score(0) == 5);  // the road of 5 tiles, closed by the bonus tile
  CHECK(taken.supply(0) == kMeeplesPerPlayer);
  CHECK(taken.supply(0, Figure::Builder) == 1);
  CHECK(taken.current_player() == 1);
  CHECK_FALSE(taken.declined(5));
  const std::string text = save_record(taken);
  CHECK_THAT(text, Catch::Contains("A 3,0 90 -"));
  CHECK_THAT(text, Catch::Contains("player 0's builder earns a bonus tile"));
  CHECK_THAT(text, Catch::Contains("turn 6, player 0, bonus tile; road 5 to player 0"));

  const Game waiting = load_ok(kBuilderHead);
  CHECK(waiting.phase() == Phase::Decide);
  CHECK(waiting.current_player() == 0);
  CHECK_THAT(save_record(waiting), Catch::Contains("player 0 to take the builder's bonus tile or pass"));

  // Declined: player 1 draws the last A and closes the road for player 0's thief.
  const Game passed = load_ok(std::string(kBuilderHead) + "pass\nA -1,0 270 -\n");
  CHECK(passed.declined(5));
  CHECK(passed.score(0) == 5);
  CHECK(passed.over());
  const std::string ptext = save_record(passed);
  CHECK_THAT(ptext, Catch::Contains("\npass" + std::string(16, ' ') + "# player 0 passes on the bonus tile\n"));
  CHECK_THAT(ptext, Catch::Contains("turn 6, player 1; road 5 to player 0"));
  check_round_trip(passed);
}

TEST_CASE("Record: a bonus tile taken but not placed yet is a 'bonus' line") {
  Game g = load_ok(kBuilderHead);
  REQUIRE(g.take_bonus() == Status::Ok);
  const std::string text = save_record(g);
  CHECK_THAT(text, Catch::Contains("\nbonus" + std::string(15, ' ') + "# player 0 takes the bonus tile\n"));
  CHECK_THAT(text, Catch::Contains("player 0 to place A, the bonus tile"));
  check_round_trip(g);
  // A public record of the same moment: taken, not yet drawn, or drawn and in hand.
  Game hidden = g.public_copy();
  Game from_draw(1, uint64_t{0});
  REQUIRE(load_record(save_record(load_ok(kBuilderHead), RecordForm::Public), from_draw) == Status::Ok);
  REQUIRE(from_draw.take_bonus() == Status::Ok);
  CHECK(from_draw.phase() == Phase::Draw);
  check_round_trip(from_draw);
  REQUIRE(from_draw.draw(tile_from_letter('A')) == Status::Ok);
  CHECK(from_draw == hidden);
  CHECK_THAT(save_record(from_draw), Catch::Contains("draw A" + std::string(14, ' ') + "# the bonus tile, in hand, not placed yet"));
  check_round_trip(from_draw);
}

TEST_CASE("Record: 'pass' and 'bonus' only where a bonus tile is due, each a line of its own") {
  struct Bad {
    std::string text;
    int line;
    std::string reason;
    Status status;
  };
  const std::string head = kBuilderHead;
  const std::string none_due = "the builder's bonus tile, but none is due here";
  const Bad bad[] = {
      {"carcassonne-record 1\nplayers 2\nseed 4\npass\n", 4, "'pass' declines " + none_due, Status::IllegalMove},
      {"carcassonne-record 1\nplayers 2\ntraders-and-builders on\nseed 4\nbonus\n", 5, "'bonus' takes " + none_due,
       Status::IllegalMove},
      {head + "pass\npass\n", 11, "'pass' declines " + none_due, Status::IllegalMove},
      {head + "A -1,0 270\npass\n", 11, "'pass' declines " + none_due, Status::IllegalMove},
      {head + "bonus\npass\n", 11, "'pass' declines " + none_due, Status::IllegalMove},
      {head + "pass now\n", 10, "'pass' is a line of its own, not 'pass now'", Status::InvalidArgument},
      {head + "A -1,0 270 ?\npass\n", 11, "the move on line 10 left its meeple undecided ('?'), so it must be the last",
       Status::InvalidArgument},
      {head + "bonus\nA 4,0 90\n", 11, "illegal move", Status::IllegalMove},
  };
  for (const Bad& b : bad) {
    INFO(b.text);
    Game out(3, uint64_t{1});
    const Game before = out;
    RecordError err;
    CHECK(load_record(b.text, out, &err) == b.status);
    CHECK(err.line == b.line);
    CHECK_THAT(err.reason, Catch::Contains(b.reason));
    CHECK(out == before);
  }
}

TEST_CASE("Record: the option lines of Inns & Cathedrals and Traders & Builders, and their piles as ids") {
  Options o;
  o.inns_and_cathedrals = true;
  o.traders_and_builders = true;
  const Game g(3, std::vector<TileType>{tile_from_name("IK"), tile_from_name("TG"), tile_from_letter('E')}, o);
  const std::string text = save_record(g);
  CHECK_THAT(text, Catch::Contains("\ninns-and-cathedrals on\ntraders-and-builders on\norder IK TG E\n"));
  CHECK(load_ok(text) == g);
  // Written only when on; 'off' is accepted.
  CHECK(save_record(Game(2, uint64_t{3})).find("inns-and") == std::string::npos);
  CHECK(load_ok("carcassonne-record 1\nplayers 2\ninns-and-cathedrals off\ntraders-and-builders off\nseed 3\n") ==
        Game(2, uint64_t{3}));
  // A T&B tile in a game without the option is refused by name.
  Game out(2, uint64_t{0});
  RecordError err;
  CHECK(load_record("carcassonne-record 1\nplayers 2\nabbot on\norder TG\n", out, &err) == Status::InvalidArgument);
  CHECK(err.line == 4);
  CHECK_THAT(err.reason, Catch::Contains("the draw order holds TG, which is not in this game's box"));
}

TEST_CASE("Record: goods, the large meeple and the pig in the comments (Traders & Builders example 1, I&C example 5)") {
  const Game goods = load_ok(
      "carcassonne-record 1\nplayers 2\ntraders-and-builders on\norder TG E\nTG 0,-1 180 S\nE 1,-1 270 -\n");
  CHECK(goods.goods(1, Goods::Grain) == 1);
  const std::string text = save_record(goods);
  CHECK_THAT(text, Catch::Contains("turn 2, player 1; city 6 to player 0; player 1 takes 1 grain"));
  const Game large = load_ok(
      "carcassonne-record 1\nplayers 2\ninns-and-cathedrals on\norder IK K N E E\n"
      "IK 0,-1 0 L:N\nK 1,0 0 N\nN 1,-1 180\nE 0,-2 180\nE -1,-1 90\n");
  CHECK(large.score(0) == 18);
  CHECK(large.score(1) == 0);
  CHECK_THAT(save_record(large), Catch::Contains("IK 0,-1 0 L:N"));
}

TEST_CASE("Notation: every figure kind on every location formats and parses back, and bad figure words are refused") {
  int checked = 0;
  for (int t = 0; t < kTileTypes; ++t)
    for (uint8_t rot = 0; rot < 4; ++rot)
      for (const Figure f : {Figure::Meeple, Figure::Large, Figure::Abbot, Figure::Builder, Figure::Pig}) {
        if (t == tiles::kAbbey) continue;  // placed by an 'abbey x,y' line (test_abbey_and_mayor.cpp)
        for (int l = 0; l < kLocationCount; ++l) {
          const Move m{Placement{static_cast<int8_t>(t % 7 - 3), static_cast<int8_t>(-t % 5), rot}, static_cast<Location>(l), f};
          const std::string text = format_move(static_cast<TileType>(t), m);
          TileType back = kNoTile;
          Move parsed;
          std::string why;
          INFO(text);
          REQUIRE(parse_move(text, back, parsed, &why));
          CHECK(back == t);
          CHECK(parsed == m);
          Figure pf;
          Location pl;
          CHECK(parse_figure_action(figure_action_text(m), pf, pl));
          CHECK((pf == f && pl == m.meeple));
          ++checked;
        }
        TileType back = kNoTile;
        Move parsed;
        const Move none{Placement{1, 2, rot}};
        REQUIRE(parse_move(format_move(static_cast<TileType>(t), none), back, parsed));
        CHECK(parsed == none);
      }
  CHECK(checked == (kTileTypes - 1) * 4 * 5 * kLocationCount);  // not the abbey
  CHECK(format_move(tile_from_name("IK"), Move{Placement{0, -1, 0}, Location::N, Figure::Large}) == "IK 0,-1 0 L:N");
  CHECK(format_move(tile_from_letter('U'), Move{Placement{2, 0, 1}, Location::E, Figure::Builder}) == "U 2,0 90 B:E");
  CHECK(format_move(tile_from_letter('E'), Move{Placement{-1, 2, 2}, Location::NNE, Figure::Pig}) == "E -1,2 180 P:NNE");
  CHECK(format_move(tile_from_name("TM"), Move{Placement{0, 1, 0}, Location::CF, Figure::Pig}) == "TM 0,1 0 P:CF");
  TileType t;
  Move m;
  for (const char* bad : {"U 2,0 90 B:", "U 2,0 90 B:X", "U 2,0 90 P:-", "U 2,0 90 Q:N", "U 2,0 90 L:recall",
                          "U 2,0 90 b:E", "U 2,0 90 B:E P:N", "U 2,0 90 BE", "U 2,0 90 L:L:N"}) {
    INFO(bad);
    std::string why;
    CHECK_FALSE(parse_move(bad, t, m, &why));
    CHECK_FALSE(why.empty());
  }
}
