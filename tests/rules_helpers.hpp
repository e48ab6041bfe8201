// Helpers for the rules tests: fixed draw orders from tile letters and whole turns in move
// text, so that a test reads like a worked example of docs/rules.md.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/carcassonne.hpp"

namespace rules {

using namespace carc;

// "E A A C E" or "EAACE": the tiles drawn after the start tile, in order.
inline std::vector<TileType> tiles_of(std::string_view letters) {
  std::vector<TileType> v;
  for (char c : letters)
    if (c != ' ') v.push_back(tile_from_letter(c));
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
  REQUIRE(tile_letter(g.current_tile()) == tile_letter(t));
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

// The score events in a list, in order.
inline std::vector<Event> scores(const Events& ev) {
  std::vector<Event> v;
  for (int i = 0; i < ev.count; ++i)
    if (ev.items[i].type == Event::Type::Score) v.push_back(ev.items[i]);
  return v;
}

inline int discards(const Events& ev) {
  int n = 0;
  for (int i = 0; i < ev.count; ++i) n += ev.items[i].type == Event::Type::Discard;
  return n;
}

// Bit mask of players, for Event::winners and Game::leaders.
constexpr uint8_t players_mask(std::initializer_list<int> ps) {
  uint8_t m = 0;
  for (int p : ps) m = static_cast<uint8_t>(m | (1u << p));
  return m;
}

}  // namespace rules
