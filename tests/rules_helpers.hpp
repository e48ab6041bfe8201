// Helpers for the rules tests: fixed draw orders from tile letters and whole turns in move
// text, so that a test reads like a worked example of docs/rules.md; records that must load.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/carcassonne.hpp"

namespace rules {

using namespace carc;

// "E A A C E", "EAACE" or "RD RG U_G": the tiles drawn after the start tile (or the
// spring), in order: words that are tile ids, else runs of base letters.
inline std::vector<TileType> tiles_of(std::string_view text) {
  std::vector<TileType> v;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    const std::string_view word = text.substr(i, j - i);
    const TileType id = tile_from_name(word);
    if (id != kNoTile) {
      v.push_back(id);
    } else {
      for (char c : word) v.push_back(tile_from_letter(c));
    }
    i = j;
  }
  return v;
}

inline Game new_game(int players, std::string_view letters, Options options = {}) {
  return Game(players, tiles_of(letters), options);
}

// Parses move text and checks that it names the tile the current player holds.
inline Move move_of(const Game& g, std::string_view text) {
  INFO("move '" << text << "'");
  TileType t = kNoTile;
  Move m;
  std::string error;
  REQUIRE(parse_move(text, t, m, &error));
  REQUIRE(tile_name(g.current_tile()) == tile_name(t));
  return m;
}

// Plays one whole turn that must be legal.
inline void play(Game& g, std::string_view text, Events* events = nullptr) {
  const Move m = move_of(g, text);
  Verdict why;
  const Status s = g.play(m, events, &why);
  INFO("move '" << text << "': " << describe(why));
  REQUIRE(s == Status::Ok);
}

// Plays several legal turns, one move text each.
inline void play_all(Game& g, std::initializer_list<std::string_view> moves, Events* events = nullptr) {
  for (std::string_view m : moves) play(g, m, events);
}

// Places the tile only (the meeple step is left open), which must be legal.
inline void place(Game& g, std::string_view text) {
  const Move m = move_of(g, text);
  Verdict why;
  const Status s = g.place(m.at, &why);
  INFO("placement '" << text << "': " << describe(why));
  REQUIRE(s == Status::Ok);
}

// The meeple options of the tile just placed, by location name, in the engine's order.
inline std::vector<std::string> meeple_options(const Game& g) {
  Location buf[kMaxMeepleOptions];
  const int n = g.meeple_options(buf);
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.emplace_back(location_name(buf[i]));
  return v;
}

inline Location loc(std::string_view name) {
  Location l = Location::None;
  REQUIRE(parse_location(name, l));
  return l;
}

inline Placement at(int x, int y, int degrees) {
  return Placement{static_cast<int8_t>(x), static_cast<int8_t>(y), static_cast<uint8_t>(degrees / 90)};
}

// A word that is no figure action: neither alone nor after the placement `placement`.
inline void check_no_figure_action(std::string_view placement, std::string_view word) {
  INFO(word);
  FigureChoice f;
  CHECK_FALSE(parse_figure_action(word, f));
  TileType t = kNoTile;
  Move m;
  CHECK_FALSE(parse_move(std::string(placement) + " " + std::string(word), t, m));
}

// The events of one type in a list, in order.
inline std::vector<Event> events_of(const Events& ev, Event::Type type) {
  std::vector<Event> v;
  for (int i = 0; i < ev.count; ++i)
    if (ev.items[i].type == type) v.push_back(ev.items[i]);
  return v;
}

// The score events in a list, in order.
inline std::vector<Event> scores(const Events& ev) { return events_of(ev, Event::Type::Score); }

// The one score event of a feature kind in a list (the test fails if there is not exactly one).
inline Event only_score(const Events& ev, FeatureKind kind) {
  std::vector<Event> found;
  for (const Event& e : scores(ev))
    if (e.feature == kind) found.push_back(e);
  REQUIRE(found.size() == 1u);
  return found[0];
}

// Takes the bonus tile the current player's builder earned and plays it as a whole turn.
inline void play_bonus(Game& g, std::string_view text, Events* events = nullptr) {
  REQUIRE(g.phase() == Phase::Decide);
  REQUIRE(g.take_bonus(events) == Status::Ok);
  REQUIRE(g.bonus_turn());
  play(g, text, events);
}

inline int discards(const Events& ev) {
  int n = 0;
  for (int i = 0; i < ev.count; ++i) n += ev.items[i].type == Event::Type::Discard;
  return n;
}

// Why a whole turn in move text is refused (Illegal::None if it is legal); the game is
// unchanged either way.
inline Illegal refusal(const Game& g, std::string_view text) {
  const Move m = move_of(g, text);
  Game trial = g;
  Verdict why;
  trial.play(m, nullptr, &why);
  return why.reason;
}

// Whether tile `id` fits at the placement, whatever the tile in hand.
inline Illegal fit_refusal(const Game& g, std::string_view id, int x, int y, int degrees) {
  return g.check_fit(tile_from_name(id), at(x, y, degrees)).reason;
}

// The root of the feature at a location of the tile at (x, y).
inline SegId feature_at(const Game& g, int x, int y, std::string_view location) {
  const int i = g.board().tile_index_at(x, y);
  REQUIRE(i >= 0);
  const PlacedTile& pt = g.board().tile(i);
  const uint8_t local = tiles::kOriented[pt.type][pt.rot].loc_seg[static_cast<int>(loc(location))];
  REQUIRE(local != tiles::kNoSeg);
  return g.features().find(static_cast<SegId>(pt.seg_base + local));
}

// The game of a record that must load; if it does not, the failure shows the loader's message
// and the record.
inline Game load_ok(const std::string& text) {
  Game g(2, uint64_t{0});
  RecordError err;
  const Status s = load_record(text, g, &err);
  INFO(err.message() << "\n" << text);
  REQUIRE(s == Status::Ok);
  return g;
}

// Saving and loading give the identical game, which saves the identical record again.
inline void check_round_trip(const Game& g) {
  const std::string text = save_record(g);
  const Game loaded = load_ok(text);
  INFO(text);
  CHECK(loaded == g);
  CHECK(save_record(loaded) == text);
}

// The move text of every option of the decision the game waits for, in listing order.
inline std::vector<std::string> option_texts(const Game& g) {
  ChoiceBuffer buf;
  const int n = list_choices(g, buf);
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) v.push_back(choice_text(buf[i]));
  return v;
}

// The options whose text starts with `prefix`, in listing order; *last (if given) tells
// whether they are the last entries of the list.
inline std::vector<std::string> options_starting(const std::vector<std::string>& all, std::string_view prefix,
                                                 bool* last = nullptr) {
  std::vector<std::string> v;
  size_t first = all.size();
  for (size_t i = 0; i < all.size(); ++i) {
    if (std::string_view(all[i]).substr(0, prefix.size()) == prefix) {
      if (v.empty()) first = i;
      v.push_back(all[i]);
    }
  }
  if (last) *last = first + v.size() == all.size();
  return v;
}

// An expansion's decision of kind k that `player` takes now, with exactly these options in
// listing order.
inline void check_options(const Game& g, DecisionKind k, int player, const std::vector<std::string>& expected) {
  REQUIRE(g.phase() == Phase::Decide);
  REQUIRE(decision_kind(g) == k);
  CHECK(decider(g) == player);
  CHECK(option_texts(g) == expected);
}

// Takes the option of the pending decision that `text` spells, which must be legal.
inline void decide_text(Game& g, std::string_view text, Events* events = nullptr) {
  Choice c;
  std::string error;
  const bool parsed = parse_choice(g, text, c, &error);
  INFO(error);
  REQUIRE(parsed);
  Verdict v;
  const Status s = decide(g, c, events, &v);
  INFO(describe(v));
  REQUIRE(s == Status::Ok);
}

// The option is refused for `reason` by check_choice and by decide, which changes nothing.
inline void check_refused_choice(const Game& g, const Choice& c, Illegal reason) {
  INFO("choice " << choice_text(c) << ": " << reason_text(reason));
  CHECK(check_choice(g, c).reason == reason);
  Game trial = g;
  Events ev;
  Verdict v;
  CHECK(decide(trial, c, &ev, &v) != Status::Ok);
  CHECK(v.reason == reason);
  CHECK(ev.count == 0);
  CHECK(trial == g);
}

// The scores, player by player.
inline void check_scores(const Game& g, const std::vector<int>& points) {
  for (size_t p = 0; p < points.size(); ++p) {
    INFO("player " << p);
    CHECK(g.score(static_cast<int>(p)) == points[p]);
  }
}

// Meeples in supply, player by player.
inline void check_meeples(const Game& g, const std::vector<int>& meeples) {
  for (size_t p = 0; p < meeples.size(); ++p) {
    INFO("player " << p);
    CHECK(g.supply(static_cast<int>(p)) == meeples[p]);
  }
}

// Bit mask of players, for Event::winners and Game::leaders.
constexpr uint8_t players_mask(std::initializer_list<int> ps) {
  uint8_t m = 0;
  for (int p : ps) m = static_cast<uint8_t>(m | (1u << p));
  return m;
}

}  // namespace rules
