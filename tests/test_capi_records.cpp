// Records, undo, front-end queries and pictures through the C ABI: the same answers as the
// C++ engine, records that travel both ways unchanged, an undo that restores the exact
// state and its unread events, and queries that change nothing.
#include <catch2/catch.hpp>

#include <array>
#include <string>
#include <vector>

#include "capi_helpers.hpp"
#include "carcassonne/carcassonne.h"
#include "carcassonne/carcassonne.hpp"
#include "random_play.hpp"

using namespace capi_test;

namespace {

// The C++ game a handle holds, through its record.
carc::Game cxx_of(const carc_game* g) {
  carc::Game out(carc::kMinPlayers, uint64_t{0});
  carc::RecordError error;
  INFO(error.message());
  REQUIRE(carc::load_record(save(g), out, &error) == carc::Status::Ok);
  return out;
}

// What the ABI shows of a game equals the C++ game's own accessors.
void require_same_state(const carc_game* g, const carc::Game& game) {
  REQUIRE(carc_game_players(g) == game.players());
  REQUIRE(carc_game_phase(g) == static_cast<int>(game.phase()));
  REQUIRE(carc_game_current_player(g) == game.current_player());
  if (!game.over()) REQUIRE(carc_game_current_tile(g) == game.current_tile());
  for (int p = 0; p < game.players(); ++p) {
    REQUIRE(carc_game_score(g, p) == game.score(p));
    REQUIRE(carc_game_supply(g, p) == game.supply(p));
  }
  REQUIRE(carc_game_tiles_remaining(g) == game.tiles_in_pile());
  REQUIRE(carc_game_tile_count(g) == game.board().tile_count());
  REQUIRE(carc_game_meeple_count(g) == static_cast<int>(game.meeples().size()));
  REQUIRE(carc_game_turns_played(g) == carc::turns_played(game));
}

// One turn through the ABI: a placement and a meeple picked by turn number, so a game is
// the same wherever it is replayed.
void c_turn(carc_game* g, int turn) {
  carc_move moves[CARC_MAX_PLACEMENTS];
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  int n = 0, k = 0;
  REQUIRE(carc_game_placements(g, moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
  REQUIRE(carc_game_place(g, moves[(turn * 7) % n]) == CARC_OK);
  REQUIRE(carc_game_meeple_locations(g, locs, CARC_MAX_MEEPLE_LOCATIONS, &k) == CARC_OK);
  REQUIRE(carc_game_deploy(g, k > 0 && turn % 3 != 2 ? locs[turn % k] : CARC_LOC_NONE) == CARC_OK);
}

}  // namespace

TEST_CASE("C API records: a record saved in C++ loads identically through C, and back") {
  for (int i = 0; i < 16; ++i) {
    carc::Game g = carc::test::varied_game(i);
    carc::Rng rng(static_cast<uint64_t>(i));
    INFO("game " << i);
    auto check = [&](const carc::Game& game) {
      const std::string text = carc::save_record(game);
      GamePtr h = load(text);
      REQUIRE(save(h.get()) == text);
      REQUIRE(cxx_of(h.get()) == game);
      require_same_state(h.get(), game);
      // Both play on alike: the draw pile and everything hidden came across too.
      carc::Game cont = game;
      carc::Rng r(static_cast<uint64_t>(i) + 5);
      cont.playout(r, nullptr, carc::Future::AsDealt);
      REQUIRE(carc_game_playout(h.get(), static_cast<uint64_t>(i) + 5, CARC_PLAYOUT_AS_DEALT) == CARC_OK);
      REQUIRE(save(h.get()) == carc::save_record(cont));
    };
    int turn = 0;
    while (!g.over()) {
      if (turn % 11 == i % 11) check(g);
      carc::test::random_placement(g, rng);
      if (turn % 11 == (i + 5) % 11) check(g);  // a tile placed, its meeple undecided: a '?' line
      carc::test::random_meeple(g, rng);
      ++turn;
    }
    check(g);
  }
}

TEST_CASE("C API records: a game played through C saves a record the C++ loader replays to the same game") {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const int players = 1 + static_cast<int>(seed % 6);
    GamePtr g = make(players, seed);
    carc::Game twin(players, seed);
    int turn = 0;
    while (carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER) {
      c_turn(g.get(), turn);
      int tile, x, y, degrees, figure, loc;
      carc_move m;
      REQUIRE(carc_game_turn_move(g.get(), carc_game_turns_played(g.get()), &m) == CARC_OK);
      REQUIRE(carc_move_unpack(m, &tile, &x, &y, &degrees, &figure, &loc) == CARC_OK);
      REQUIRE(twin.current_tile() == tile);
      REQUIRE(twin.play(carc::Move{carc::Placement{static_cast<int8_t>(x), static_cast<int8_t>(y),
                                                   static_cast<uint8_t>(degrees / 90)},
                                   static_cast<carc::Location>(loc), static_cast<carc::Figure>(figure)}) ==
              carc::Status::Ok);
      if (turn % 10 == 3) REQUIRE(cxx_of(g.get()) == twin);
      ++turn;
    }
    const std::string text = save(g.get());
    REQUIRE(text == carc::save_record(twin));
    REQUIRE(cxx_of(g.get()) == twin);
    require_same_state(g.get(), twin);
    GamePtr again = load(text);
    REQUIRE(snapshot(again.get()) == snapshot(g.get()));
  }
}

TEST_CASE("C API records: a position is a short record, and a loaded position plays on") {
  GamePtr g = load(
      "carcassonne-record 1\n"
      "players 2\n"
      "order EUV\n"
      "E 0,-1 180 ?   # the knight is still to be decided\n");
  CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_MEEPLE);
  CHECK(carc_game_turns_played(g.get()) == 0);
  int32_t fields[CARC_EVENT_FIELDS];
  CHECK(carc_game_poll_event(g.get(), fields, CARC_EVENT_FIELDS) == 0);  // loading queues no events
  REQUIRE(carc_game_deploy(g.get(), CARC_LOC_S) == CARC_OK);              // worked example 1
  CHECK(carc_game_score(g.get(), 0) == 4);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_POINTS] == 4);
  CHECK(carc_game_current_tile(g.get()) == 'U' - 'A');
  CHECK(save(g.get()).find("\nE 0,-1 180 S ") != std::string::npos);
}

TEST_CASE("C API undo: the exact state before the last turn, or before the placement, unread events included") {
  for (int i = 0; i < 6; ++i) {
    GamePtr g = load(carc::save_record(carc::test::varied_game(3 * i)));
    INFO("game " << 3 * i);
    int turn = 0;
    while (carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER) {
      GamePtr before_turn = clone(g.get());
      carc_move moves[CARC_MAX_PLACEMENTS];
      int n = 0;
      REQUIRE(carc_game_placements(g.get(), moves, CARC_MAX_PLACEMENTS, &n) == CARC_OK);
      REQUIRE(carc_game_place(g.get(), moves[(turn * 5) % n]) == CARC_OK);
      if (turn % 4 == 0) {  // undo the placement alone
        REQUIRE(carc_game_undo(g.get()) == CARC_OK);
        require_unchanged(g.get(), before_turn.get());
        REQUIRE(carc_game_place(g.get(), moves[(turn * 5) % n]) == CARC_OK);
      }
      REQUIRE(carc_game_undo(g.get()) == CARC_OK);
      REQUIRE(snapshot(g.get()) == snapshot(before_turn.get()));
      // The turn again, whole, then taken back: the points, meeples, discards and the
      // events it made all go.
      c_turn(g.get(), turn);
      GamePtr after_turn = clone(g.get());
      REQUIRE(carc_game_undo(g.get()) == CARC_OK);
      if (turn % 5 == 0) require_unchanged(g.get(), before_turn.get());
      REQUIRE(snapshot(g.get()) == snapshot(before_turn.get()));
      REQUIRE(drain_events(clone(g.get()).get()) == drain_events(clone(before_turn.get()).get()));
      c_turn(g.get(), turn);
      REQUIRE(snapshot(g.get()) == snapshot(after_turn.get()));
      if (turn % 3 == 0) drain_events(g.get());  // sometimes the front end reads them
      ++turn;
    }
    // The last turn, the end-game scoring with it, comes back too.
    GamePtr over = clone(g.get());
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);
    CHECK(carc_game_phase(g.get()) == CARC_PHASE_PLACE_TILE);
    c_turn(g.get(), turn - 1);
    CHECK(snapshot(g.get()) == snapshot(over.get()));
  }
}

TEST_CASE("C API undo and rewind: the same games as carc::undo and carc::rewind") {
  GamePtr g = make(4, 31);
  for (int turn = 0; turn < 30; ++turn) c_turn(g.get(), turn);
  const carc::Game game = cxx_of(g.get());
  for (int k : {0, 1, 13, 29, 30}) {
    GamePtr r = clone(g.get());
    REQUIRE(carc_game_rewind(r.get(), k) == CARC_OK);
    carc::Game want = game;
    REQUIRE(carc::rewind(game, k, want) == carc::Status::Ok);
    CHECK(cxx_of(r.get()) == want);
    CHECK(carc_game_turns_played(r.get()) == k);
  }
  GamePtr u = clone(g.get());
  REQUIRE(carc_game_undo(u.get()) == CARC_OK);
  carc::Game want = game;
  REQUIRE(carc::undo(game, want) == carc::Status::Ok);
  CHECK(cxx_of(u.get()) == want);
  for (int t = 1; t <= 30; ++t) {
    carc_move m;
    REQUIRE(carc_game_turn_move(g.get(), t, &m) == CARC_OK);
    carc::TileType tile;
    carc::Move move;
    REQUIRE(carc::turn_move(game, t, tile, move) == carc::Status::Ok);
    CHECK(m == carc_move_pack(tile, move.at.x, move.at.y, 90 * move.at.rot, static_cast<int>(move.figure),
                              static_cast<int>(move.meeple)));
  }
}

TEST_CASE("C API undo and rewind: unread events of the turns taken back leave the queue, older ones stay") {
  // A whole game played without reading events, one in which a tile is discarded:
  // queue[t] is the queue after t turns.
  GamePtr g = make(3, 0);
  std::vector<std::vector<EventFields>> queue;
  int discards = 0;
  for (uint64_t seed = 1; seed < 500 && discards == 0; ++seed) {
    g = make(3, seed);
    queue = {{}};
    for (int turn = 0; carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER; ++turn) {
      c_turn(g.get(), turn);
      queue.push_back(drain_events(clone(g.get()).get()));
    }
    for (const EventFields& e : queue.back()) discards += e[CARC_EV_TYPE] == CARC_EVENT_DISCARD;
  }
  REQUIRE(discards > 0);
  const int turns = static_cast<int>(queue.size()) - 1;
  REQUIRE(turns == carc_game_turns_played(g.get()));

  for (int k : {0, 1, 5, turns / 2, turns - 1, turns}) {
    for (size_t read : {size_t{0}, size_t{1}, queue[static_cast<size_t>(k)].size(), queue.back().size()}) {
      INFO("rewind to " << k << " after reading " << read);
      GamePtr h = clone(g.get());
      EventFields f;
      for (size_t i = 0; i < read; ++i) REQUIRE(carc_game_poll_event(h.get(), f.data(), CARC_EVENT_FIELDS) == 1);
      REQUIRE(carc_game_rewind(h.get(), k) == CARC_OK);
      const std::vector<EventFields>& all = queue[static_cast<size_t>(k)];
      const std::vector<EventFields> unread(all.begin() + static_cast<long>(std::min(read, all.size())), all.end());
      CHECK(drain_events(h.get()) == unread);
    }
  }
  GamePtr u = clone(g.get());
  REQUIRE(carc_game_undo(u.get()) == CARC_OK);
  CHECK(drain_events(u.get()) == queue[static_cast<size_t>(turns - 1)]);
}

TEST_CASE("C API undo: playing and undoing a turn over and over keeps only the game's own events") {
  // Without the trim the queue would fill past one game's events (and drop some).
  GamePtr g = make_order(2, "EU");
  for (int i = 0; i < 400; ++i) {
    REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);  // 4 points: one event
    REQUIRE(carc_game_undo(g.get()) == CARC_OK);
  }
  int32_t f[CARC_EVENT_FIELDS];
  CHECK(carc_game_poll_event(g.get(), f, CARC_EVENT_FIELDS) == 0);
  REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90") == CARC_OK);
  const auto events = drain_events(g.get());
  REQUIRE(events.size() == 1);
  CHECK(events[0][CARC_EV_POINTS] == 4);
  CHECK(events[0][CARC_EV_WINNERS] == 1);
}

TEST_CASE("C API queries: the same answers as the C++ queries, and the game unchanged") {
  for (int i = 0; i < 8; ++i) {
    GamePtr g = load(carc::save_record(carc::test::varied_game(5 * i + 1)));
    INFO("game " << 5 * i + 1);
    for (int turn = 0; carc_game_phase(g.get()) != CARC_PHASE_GAME_OVER; ++turn) {
      if (turn % 9 == i % 9 || turn % 13 == 12) {
        GamePtr before = clone(g.get());
        const carc::Game game = cxx_of(g.get());

        double p[CARC_TILE_TYPES];
        int32_t counts[CARC_TILE_TYPES];
        REQUIRE(carc_game_next_tile_probabilities(g.get(), p, CARC_TILE_TYPES) == CARC_OK);
        REQUIRE(carc_game_tiles_remaining_by_type(g.get(), counts, CARC_TILE_TYPES) == CARC_OK);
        const int total = carc_game_tiles_remaining(g.get());
        std::array<double, carc::kTileTypes> want_p;
        carc::next_tile_probabilities(game, want_p);
        for (int t = 0; t < CARC_TILE_TYPES; ++t) {
          REQUIRE(p[t] == want_p[static_cast<size_t>(t)]);
          REQUIRE(p[t] == (total ? static_cast<double>(counts[t]) / total : 0.0));  // the exact odds, rounded once
        }

        int32_t cells[CARC_MAX_FRONTIER * CARC_CELL_FIELDS];
        int n = 0;
        REQUIRE(carc_game_frontier(g.get(), cells, CARC_MAX_FRONTIER, &n) == CARC_OK);
        carc::FrontierCell want_cells[carc::Board::kMaxOpen];
        REQUIRE(n == carc::frontier(game, want_cells));
        for (int c = 0; c < n; ++c) {
          const int32_t* cell = cells + CARC_CELL_FIELDS * c;
          REQUIRE(cell[CARC_CELL_X] == want_cells[c].x);
          REQUIRE(cell[CARC_CELL_Y] == want_cells[c].y);
          REQUIRE(cell[CARC_CELL_DEAD] == (want_cells[c].dead ? 1 : 0));
          for (int t = 0; t < CARC_TILE_TYPES; ++t)
            REQUIRE(carc_game_fitting_rotations(g.get(), t, cell[CARC_CELL_X], cell[CARC_CELL_Y]) ==
                    carc::fitting_rotations(game, static_cast<carc::TileType>(t), want_cells[c].x, want_cells[c].y));
        }

        int32_t scores[CARC_MAX_PLAYERS], projected[CARC_MAX_PLAYERS];
        REQUIRE(carc_game_scores(g.get(), scores, carc_game_players(g.get())) == CARC_OK);
        REQUIRE(carc_game_projected_scores(g.get(), projected, CARC_MAX_PLAYERS) == CARC_OK);
        const auto want_projected = carc::projected_scores(game);
        for (int pl = 0; pl < game.players(); ++pl) {
          REQUIRE(scores[pl] == game.score(pl));
          REQUIRE(projected[pl] == want_projected[static_cast<size_t>(pl)]);
        }

        for (int index = 0; index < game.board().tile_count(); ++index) {
          const carc::PlacedTile& t = game.board().tile(index);
          for (int l = 0; l < carc::kLocationCount; ++l) {
            carc::FeatureInfo info;
            const carc::Status s = carc::inspect_feature(game, t.x, t.y, static_cast<carc::Location>(l), info);
            int32_t f[CARC_FEATURE_INFO_FIELDS];
            int32_t tiles[CARC_MAX_TILES];
            int k = -1;
            REQUIRE(carc_game_inspect_feature(g.get(), t.x, t.y, l, f, CARC_FEATURE_INFO_FIELDS) ==
                    static_cast<int>(s));
            REQUIRE(carc_game_feature_tiles(g.get(), t.x, t.y, l, tiles, CARC_MAX_TILES, &k) == static_cast<int>(s));
            if (s != carc::Status::Ok) continue;
            REQUIRE(f[CARC_FI_KIND] == static_cast<int>(info.kind));
            REQUIRE(f[CARC_FI_COMPLETED] == (info.completed ? 1 : 0));
            REQUIRE(f[CARC_FI_TILES] == info.tiles);
            REQUIRE(f[CARC_FI_SHIELDS] == info.shields);
            REQUIRE(f[CARC_FI_OPEN_EDGES] == info.open_edges);
            REQUIRE(f[CARC_FI_CITIES] == info.cities);
            REQUIRE(f[CARC_FI_MAJORITY] == info.majority);
            REQUIRE(f[CARC_FI_VALUE_COMPLETE] == info.value_complete);
            REQUIRE(f[CARC_FI_VALUE_END] == info.value_end);
            for (int pl = 0; pl < CARC_MAX_PLAYERS; ++pl)
              REQUIRE(f[CARC_FI_MEEPLES + pl] == info.meeples[static_cast<size_t>(pl)]);
            REQUIRE(k == info.tiles);
            for (int j = 0; j < k; ++j) REQUIRE(tiles[j] == info.tile_indices[static_cast<size_t>(j)]);
          }
        }
        require_unchanged(g.get(), before.get());
      }
      c_turn(g.get(), turn);
    }
  }
}

TEST_CASE("C API queries: a knight's road and a city worked out by hand") {
  GamePtr g = make_order(2, "UE");
  REQUIRE(carc_game_play_text(g.get(), "U 1,0 90 E") == CARC_OK);  // a thief on the start tile's road
  int32_t f[CARC_FEATURE_INFO_FIELDS];
  REQUIRE(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_W, f, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK(f[CARC_FI_KIND] == CARC_FEATURE_ROAD);
  CHECK(f[CARC_FI_COMPLETED] == 0);
  CHECK(f[CARC_FI_TILES] == 2);
  CHECK(f[CARC_FI_OPEN_EDGES] == 2);
  CHECK(f[CARC_FI_MEEPLES] == 1);
  CHECK(f[CARC_FI_MEEPLES + 1] == 0);
  CHECK(f[CARC_FI_MAJORITY] == 1);
  CHECK(f[CARC_FI_VALUE_COMPLETE] == 2);
  CHECK(f[CARC_FI_VALUE_END] == 2);
  int32_t tiles[CARC_MAX_TILES];
  int n = 0;
  REQUIRE(carc_game_feature_tiles(g.get(), 1, 0, CARC_LOC_W, tiles, CARC_MAX_TILES, &n) == CARC_OK);
  CHECK(std::vector<int32_t>(tiles, tiles + n) == std::vector<int32_t>{0, 1});

  REQUIRE(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_N, f, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK(f[CARC_FI_KIND] == CARC_FEATURE_CITY);
  CHECK(f[CARC_FI_TILES] == 1);
  CHECK(f[CARC_FI_OPEN_EDGES] == 1);
  CHECK(f[CARC_FI_MAJORITY] == 0);  // nobody on it
  CHECK(f[CARC_FI_VALUE_COMPLETE] == 2);
  CHECK(f[CARC_FI_VALUE_END] == 1);

  // The E closes that city: the frontier loses (0,-1), and the E fits there only turned.
  CHECK(carc_game_fitting_rotations(g.get(), 'E' - 'A', 0, -1) == 0b0100);
  int32_t scores[2];
  REQUIRE(carc_game_projected_scores(g.get(), scores, 2) == CARC_OK);
  CHECK(scores[0] == 2);  // the unfinished road, at the end
  REQUIRE(carc_game_play_text(g.get(), "E 0,-1 180 S") == CARC_OK);
  REQUIRE(carc_game_inspect_feature(g.get(), 0, 0, CARC_LOC_N, f, CARC_FEATURE_INFO_FIELDS) == CARC_OK);
  CHECK(f[CARC_FI_COMPLETED] == 1);
  CHECK(f[CARC_FI_TILES] == 2);
  CHECK(f[CARC_FI_VALUE_COMPLETE] == 4);
  CHECK(f[CARC_FI_VALUE_END] == 0);
  CHECK(f[CARC_FI_MEEPLES] == 0);  // the knight went home with the points
  REQUIRE(carc_game_scores(g.get(), scores, 2) == CARC_OK);
  CHECK(scores[0] == 2 + 0);       // the game ended: the road's 2 at the end
  CHECK(scores[1] == 4);           // player 1 placed the E
}

TEST_CASE("C API pictures: the SVG and text boards are the C++ renderings, with every option") {
  GamePtr g = make(3, 12);
  for (int turn = 0; turn < 12; ++turn) c_turn(g.get(), turn);
  const carc::Game game = cxx_of(g.get());
  for (int flags = 0; flags < 32; ++flags) {
    carc::SvgOptions o;
    o.tile_pixels = 16 + 4 * flags;
    o.coordinates = flags & CARC_SVG_COORDINATES;
    o.legal_cells = flags & CARC_SVG_LEGAL_CELLS;
    o.dead_cells = flags & CARC_SVG_DEAD_CELLS;
    o.legend = flags & CARC_SVG_LEGEND;
    o.targets = flags & CARC_SVG_TARGETS;
    const std::string want = carc::render_svg(game, o);
    std::string svg(want.size() + 1, '?');
    REQUIRE(carc_game_render_svg(g.get(), flags, o.tile_pixels, svg.data(), svg.size()) ==
            static_cast<int>(want.size()));
    svg.pop_back();
    CHECK(svg == want);
  }
  for (int flags = 0; flags < 4; ++flags) {
    carc::TextOptions o;
    o.coordinates = flags & CARC_TEXT_COORDINATES;
    o.legal_cells = flags & CARC_TEXT_LEGAL_CELLS;
    const std::string want = carc::render_text(game, o);
    std::string text(want.size() + 1, '?');
    REQUIRE(carc_game_render_text(g.get(), flags, text.data(), text.size()) == static_cast<int>(want.size()));
    text.pop_back();
    CHECK(text == want);
  }
  for (int t = 0; t < CARC_TILE_TYPES; ++t)
    for (int r = 0; r < 4; ++r) {
      const std::string want_svg = carc::render_tile_svg(static_cast<carc::TileType>(t), r, 48);
      std::string svg(want_svg.size() + 1, '?');
      REQUIRE(carc_tile_render_svg(t, 90 * r, 48, svg.data(), svg.size()) == static_cast<int>(want_svg.size()));
      svg.pop_back();
      CHECK(svg == want_svg);
      const std::string want_text = carc::render_tile_text(static_cast<carc::TileType>(t), r);
      char text[64];
      REQUIRE(carc_tile_render_text(t, 90 * r, text, sizeof text) == static_cast<int>(want_text.size()));
      CHECK(std::string(text) == want_text);
    }
}
