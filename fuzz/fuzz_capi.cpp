// libFuzzer harness for the C ABI. The input is a program: each step is an opcode byte
// naming a C function (or a helper that reaches deep positions: a legal move by index,
// legal turns a byte each -- dragon steps, bonus tiles, figure actions on other tiles, the
// Tower's captures and ransoms included --, a playout, a live game's record with a few
// bytes changed), followed by its arguments. Arguments are anything a caller could pass --
// NULL pointers, out-of-range numbers, buffers smaller than needed, random text, calls in
// the wrong phase -- except freed handles: the harness keeps up to four live games and
// frees only through its own bookkeeping.
//
// Every call is checked for what a caller can observe: statuses are documented ones and
// never CARC_EINTERNAL; a failed call, and any query, leaves the game's record, getters and
// unread events as they were; a failure writes a printable "carc_...: ..." message for the
// calling thread and a success leaves the message as it was; text out follows snprintf.
// After every call that changes a game, and for every game at the end: scores are never
// negative, supplies stay 0..7 with 7 meeples per player in all (and one large meeple,
// abbot, builder and pig each when their expansion is on) -- in supply, on the board, on a
// tower's top or another player's prisoner (The Tower) --, tower pieces left and built make
// the players' share of the box, goods 0..20, tiles placed + discarded + set aside
// (Princess & Dragon's dragon tiles before the first volcano) + in hand + in the pile make
// the deck, the phase, its decision and decider (the builder's bonus tile, a dragon's step
// by the player in turn, or a tower's capture by the player who built it), tile and winners
// agree, every unread event has the fields its type gives, and the record loads back into
// the same game (save -> load -> save is a fixed point). Every listed figure action passes
// carc_game_check, and check agrees with play. One decision of an expansion (a dragon's
// step, a capture, a ransom), one undo. At the end, too, the score, recall, fairy, ransom,
// discard and set-aside events of a playout of each game add up to its points, discards and
// tiles set aside. A broken invariant aborts, which libFuzzer reports as a crash with the
// input. FUZZ_TRACE=1 in the environment prints each call.
#include <carcassonne/carcassonne.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "printable.hpp"

namespace {

[[noreturn]] void violated(const char* what, int line, const std::string& detail) {
  std::fprintf(stderr, "fuzz_capi: invariant broken (fuzz_capi.cpp:%d): %s\n%s\n", line, what, detail.c_str());
  std::abort();
}

#define INVARIANT(cond, detail)                              \
  do {                                                       \
    if (!(cond)) violated(#cond, __LINE__, std::string(detail)); \
  } while (0)

// ------------------------------------------------------------------ reading the program

// Reads the input front to back; past its end every read is 0.
class Input {
 public:
  Input(const uint8_t* data, size_t size) : p_(data), n_(size) {}
  bool done() const { return n_ == 0; }
  uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(byte()) << (8 * i);
    return v;
  }
  uint64_t u64() { return u32() | static_cast<uint64_t>(u32()) << 32; }
  // An int argument: mostly -64..175 (coordinates near the start tile, players, locations,
  // options, indices, small capacities), sometimes a boundary or any 32-bit value.
  int number() {
    static constexpr int kSpecial[15] = {INT_MIN, INT_MAX, INT_MIN + 1, -129, -128, 127,  128,   255,
                                         256,     -1000,   1015,        1016, 1017, 4096, 100000};
    const uint8_t b = byte();
    if (b < 0xF0) return static_cast<int>(b) - 0x40;
    if (b == 0xFF) return static_cast<int>(u32());
    return kSpecial[b - 0xF0];
  }
  // Up to 255 bytes of text, NUL bytes included (a C string ends at the first).
  std::string text() {
    const size_t len = byte();
    std::string s;
    for (size_t i = 0; i < len && n_ > 0; ++i) s += static_cast<char>(byte());
    return s;
  }

 private:
  const uint8_t* p_;
  size_t n_;
};

// ------------------------------------------------------------------ the caller's buffers

// An array as a caller passes it: NULL, or exactly `capacity` elements, so that a write
// past the capacity the library was told is a heap overflow. A negative capacity comes
// with an array of no elements.
template <class T>
struct Array {
  std::unique_ptr<T[]> data;
  int capacity = 0;
  T* ptr() const { return data.get(); }
};

// Mode bits: 0..1 zero for NULL; bit 2 for a capacity within 2 of `need` (what the call
// needs: a count or a documented size, where a short buffer must be refused), else any.
template <class T>
Array<T> array_arg(Input& in, int need) {
  Array<T> a;
  const uint8_t mode = in.byte();
  a.capacity = (mode & 4) ? need + in.byte() % 5 - 2 : in.number();
  if (a.capacity > (1 << 16)) a.capacity = 1 << 16;  // a caller cannot claim more than it has
  if (mode % 4 != 0) a.data.reset(new T[static_cast<size_t>(a.capacity > 0 ? a.capacity : 0)]);
  return a;
}

// The count a list call reports for a NULL buffer (0 if it fails): the size it needs.
template <class Call>
int needed(Call&& call) {
  int count = 0;
  return call(nullptr, 0, &count) == CARC_OK ? count : 0;
}

// A text buffer and its size: NULL with 0 or with a size (refused), or a real buffer that
// is tiny, exactly the text's length (one short for the NUL), one more, or roomy.
struct TextBuf {
  std::unique_ptr<char[]> data;
  size_t size = 0;
};

template <class Call>
TextBuf text_arg(Input& in, Call&& call) {
  TextBuf b;
  const uint8_t mode = in.byte() % 6;
  const uint8_t small = in.byte();
  if (mode == 0) return b;
  if (mode == 1) {
    b.size = 1 + small;  // NULL with a size: must be refused
    return b;
  }
  size_t size = small % 8;
  const int need = call(nullptr, 0);
  if (mode == 3 && need >= 0) size = static_cast<size_t>(need);
  if (mode == 4 && need >= 0) size = static_cast<size_t>(need) + 1;
  if (mode == 5) size = 1 << 20;
  b.data.reset(new char[size]);  // never NULL, even for 0 bytes
  std::memset(b.data.get(), 'x', size);
  b.size = size;
  return b;
}

// Checks the snprintf contract of a text-out call: a NULL buffer with a size is refused;
// otherwise ret is the whole text's length and the buffer holds its first size-1 bytes and
// a NUL. `full` gives the whole text.
template <class Full>
void check_text_out(int ret, const TextBuf& b, Full&& full) {
  if (!b.data && b.size > 0) INVARIANT(ret == CARC_EINVAL, "NULL buffer with a size");
  if (ret < 0) return;
  const std::string text = full();
  INVARIANT(static_cast<size_t>(ret) == text.size(), "ret " + std::to_string(ret));
  INVARIANT(text.find('\0') == std::string::npos, text);
  if (b.size == 0) return;
  const size_t n = std::min(b.size - 1, text.size());
  INVARIANT(std::memcmp(b.data.get(), text.data(), n) == 0 && b.data[n] == '\0', text);
}

// The whole text of a text-out call: into a roomy buffer, or one sized by the first call.
template <class Call>
std::string whole_text(Call&& call) {
  std::string s(8192, '?');
  const int n = call(s.data(), s.size());
  INVARIANT(n >= 0, "writing a text failed");
  if (static_cast<size_t>(n) >= s.size()) {
    s.assign(static_cast<size_t>(n) + 1, '?');
    INVARIANT(call(s.data(), s.size()) == n, "the text changed length between two calls");
  }
  s.resize(static_cast<size_t>(n));
  return s;
}

// ------------------------------------------------------------------ what a caller observes

std::string record_of(const carc_game* g) {
  return whole_text([&](char* buf, size_t size) { return carc_game_save(g, buf, size); });
}

std::string public_record_of(const carc_game* g) {
  return whole_text([&](char* buf, size_t size) { return carc_game_save_public(g, buf, size); });
}

// The Tower's pieces each by player count (src/tower.hpp, kPiecesPerPlayer), of the box's 30.
constexpr int kTowerPieces[CARC_MAX_PLAYERS + 1] = {0, 10, 10, 9, 7, 6, 5};
constexpr int kTowerPiecesInBox = 30;

// What the Tower's queries tell of a game: each tower (on a placed tile) with its height and
// the figure on top, the pieces left and the prisoners.
struct TowerView {
  struct Tower {
    int x, y, height, owner, figure;
  };
  std::vector<Tower> towers;
  int pieces[CARC_MAX_PLAYERS] = {};
  int held[CARC_MAX_PLAYERS][CARC_MAX_PLAYERS][CARC_FIGURE_BARN + 1] = {};  // [holder][owner][kind]
};

// The kinds a tower captures (Abbey & Mayor's mayor and wagon too).
constexpr int kCaptured[] = {CARC_FIGURE_MEEPLE, CARC_FIGURE_LARGE, CARC_FIGURE_ABBOT, CARC_FIGURE_MAYOR, CARC_FIGURE_WAGON};
bool captured_kind(int f) { return std::find(std::begin(kCaptured), std::end(kCaptured), f) != std::end(kCaptured); }

TowerView tower_view(const carc_game* g) {
  TowerView v;
  const int players = carc_game_players(g);
  for (int i = 0; i < carc_game_tile_count(g); ++i) {
    int x, y, t, r, height = -7, owner = -7, figure = -7;
    INVARIANT(carc_game_tile(g, i, &x, &y, &t, &r) == CARC_OK, "tile");
    const int at = carc_game_tower_at(g, x, y, &height, &owner, &figure);
    INVARIANT(at == 0 || at == 1, "carc_game_tower_at of a placed tile: " + std::to_string(at));
    if (at == 1) v.towers.push_back({x, y, height, owner, owner >= 0 ? figure : -1});
  }
  for (int p = 0; p < players; ++p) {
    v.pieces[p] = carc_game_tower_pieces(g, p);
    for (int q = 0; q < players; ++q)
      for (int f : kCaptured) v.held[p][q][f] = carc_game_prisoners(g, p, q, f);
  }
  return v;
}

// The state a caller reads through the getters, as one comparable line.
std::string summary(const carc_game* g) {
  std::string s;
  auto add = [&](int v) { s += std::to_string(v) + ' '; };
  const int players = carc_game_players(g);
  add(players);
  add(carc_game_phase(g));
  add(carc_game_current_player(g));
  add(carc_game_current_tile(g));
  add(carc_game_winners(g));
  add(carc_game_bonus_turn(g));
  for (int o = CARC_OPT_FARMERS; o <= CARC_OPT_ABBEY_AND_MAYOR; ++o) add(carc_game_option(g, o));
  for (int p = 0; p < players; ++p) {
    add(carc_game_score(g, p));
    for (int f = CARC_FIGURE_MEEPLE; f <= CARC_FIGURE_PIG; ++f) add(carc_game_figure_supply(g, p, f));
    for (int f = CARC_FIGURE_MAYOR; f <= CARC_FIGURE_BARN; ++f) add(carc_game_figure_supply(g, p, f));
    add(carc_game_holds_abbey(g, p));
    for (int k = CARC_GOODS_WINE; k <= CARC_GOODS_CLOTH; ++k) {
      int n = -1;
      INVARIANT(carc_game_goods(g, p, k, &n) == CARC_OK && n >= 0 && n <= 20, "goods");
      add(n);
    }
  }
  int x = 0, y = 0, side = 0;
  add(carc_game_river_end(g, &x, &y, &side));
  add(x), add(y), add(side);
  add(carc_game_tiles_remaining(g));
  add(carc_game_tile_count(g));
  add(carc_game_meeple_count(g));
  add(carc_game_turns_played(g));
  const TowerView tower = tower_view(g);
  for (const TowerView::Tower& t : tower.towers) add(t.x), add(t.y), add(t.height), add(t.owner), add(t.figure);
  for (int p = 0; p < players; ++p) {
    add(tower.pieces[p]);
    for (int q = 0; q < players; ++q)
      for (int f : kCaptured) add(tower.held[p][q][f]);
  }
  return s;
}

// What carc_game_play of m returns on a clone of g (g itself is left as it is).
int play_on_clone(const carc_game* g, carc_move m) {
  carc_game* c = nullptr;
  INVARIANT(carc_game_clone(&c, g) == CARC_OK, "clone");
  const int played = carc_game_play(c, m);
  carc_game_free(c);
  return played;
}

// An event's fields, as carc_game_poll_event writes them: each type with the fields its
// comment in carcassonne.h gives (include/carcassonne/game.hpp's Event for Princess & Dragon's
// and the Tower's).
// `figure`: the fields include CARC_EV_FIGURE (a caller of 0.3 passes the 20 before it).
void check_event(const int32_t* f, int players, bool figure = true) {
  const int type = f[CARC_EV_TYPE], winners = f[CARC_EV_WINNERS], points = f[CARC_EV_POINTS];
  const std::string what = "event type " + std::to_string(type);
  INVARIANT(type >= CARC_EVENT_SCORE && type <= CARC_EVENT_BARN_HOME, what);
  // The tile at (x, y): none for a discard, the goods bonus, the tiles set aside or back, an
  // exchange of prisoners and a ransom; an abbey declined, the final abbey round and a barn's
  // final scoring (at a corner point).
  const bool no_tile = type == CARC_EVENT_DISCARD || type == CARC_EVENT_GOODS_BONUS || type == CARC_EVENT_SET_ASIDE ||
                       type == CARC_EVENT_SET_ASIDE_BACK || type == CARC_EVENT_EXCHANGE || type == CARC_EVENT_RANSOM ||
                       type == CARC_EVENT_ABBEY_DECLINED || type == CARC_EVENT_FINAL_ABBEY_ROUND || type == CARC_EVENT_BARN_FINAL;
  INVARIANT(no_tile ? f[CARC_EV_TILE] == CARC_NO_TILE : f[CARC_EV_TILE] >= 0 && f[CARC_EV_TILE] < CARC_TILE_TYPES,
            what + ": tile");
  int goods = 0;
  for (int k = 0; k < 3; ++k) goods += f[CARC_EV_GOODS + k];
  INVARIANT(type == CARC_EVENT_GOODS || type == CARC_EVENT_GOODS_BONUS ? goods > 0 && goods <= 20 : goods == 0,
            what + ": goods");
  // DISCARDED: the tile discarded, set aside or going back (a dragon tile for those two).
  if (type == CARC_EVENT_DISCARD)
    INVARIANT(f[CARC_EV_DISCARDED] >= 0 && f[CARC_EV_DISCARDED] < CARC_TILE_TYPES, what + ": discarded tile");
  else if (type == CARC_EVENT_SET_ASIDE || type == CARC_EVENT_SET_ASIDE_BACK)
    INVARIANT(f[CARC_EV_DISCARDED] >= 0 && f[CARC_EV_DISCARDED] < CARC_TILE_TYPES &&
                  carc_tile_set(f[CARC_EV_DISCARDED]) == CARC_SET_PRINCESS_AND_DRAGON,
              what + ": the tile set aside or going back");
  else
    INVARIANT(f[CARC_EV_DISCARDED] == CARC_NO_TILE, what + ": discarded tile");
  // FIGURE: the kind of a figure eaten, removed, sent home or deployed through the portal;
  // put on a tower, captured, exchanged or ransomed (a meeple, large meeple, abbot, mayor or wagon).
  const bool held_kind = captured_kind(f[CARC_EV_FIGURE]);
  if (!figure)
    ;
  else if (type == CARC_EVENT_EATEN || type == CARC_EVENT_PRINCESS_REMOVES)
    INVARIANT(held_kind || f[CARC_EV_FIGURE] == CARC_FIGURE_BUILDER || f[CARC_EV_FIGURE] == CARC_FIGURE_PIG, what + ": figure");
  else if (type == CARC_EVENT_ALONE_HOME)
    INVARIANT(f[CARC_EV_FIGURE] == CARC_FIGURE_BUILDER || f[CARC_EV_FIGURE] == CARC_FIGURE_PIG, what + ": figure");
  else if (type == CARC_EVENT_PORTAL || type == CARC_EVENT_CAPTURE || type == CARC_EVENT_EXCHANGE || type == CARC_EVENT_RANSOM)
    INVARIANT(held_kind, what + ": figure");
  else if (type == CARC_EVENT_TOWER_CLOSED)
    INVARIANT(f[CARC_EV_FIGURE] == CARC_FIGURE_MEEPLE || f[CARC_EV_FIGURE] == CARC_FIGURE_LARGE, what + ": figure");
  else if (type == CARC_EVENT_BARN_HOME)  // a farmer or pig sent home by a barn's scoring
    INVARIANT(f[CARC_EV_FIGURE] == CARC_FIGURE_MEEPLE || f[CARC_EV_FIGURE] == CARC_FIGURE_LARGE ||
                  f[CARC_EV_FIGURE] == CARC_FIGURE_PIG,
              what + ": figure");
  else
    INVARIANT(f[CARC_EV_FIGURE] == CARC_FIGURE_MEEPLE, what + ": figure");
  // WINNERS: nobody for a discard, a tile going back, the dragon's landing and the end of its
  // flight; one player for what one player does or earns; else players of the game.
  const bool nobody = type == CARC_EVENT_DISCARD || type == CARC_EVENT_SET_ASIDE_BACK ||
                      type == CARC_EVENT_DRAGON_LANDS || type == CARC_EVENT_FLIGHT_ENDS;
  const bool one = type == CARC_EVENT_GOODS || type == CARC_EVENT_BONUS ||
                   (type >= CARC_EVENT_SET_ASIDE && type != CARC_EVENT_BARN_PLACED && type != CARC_EVENT_BARN_CONNECTED &&
                    type != CARC_EVENT_BARN_FINAL);
  if (nobody) INVARIANT(winners == 0, what + ": nobody");
  else INVARIANT(winners > 0 && winners < (1 << players) && (!one || (winners & (winners - 1)) == 0), what + ": winners");
  // POINTS: points for the scoring types, a step's number (1..6), a flight's steps (0..6),
  // the cause of a figure going home alone (0 the dragon, 1 the princess, 2 a capture), a
  // tower's new height, the captor's seat, a ransom's 3, else 0.
  switch (type) {
    case CARC_EVENT_SCORE:
    case CARC_EVENT_RECALL:
    case CARC_EVENT_GOODS_BONUS:
    case CARC_EVENT_PIG:
    case CARC_EVENT_BARN_PLACED:
    case CARC_EVENT_BARN_CONNECTED: INVARIANT(points >= 0, what + ": points"); break;
    case CARC_EVENT_BARN_FINAL: INVARIANT(points > 0, what + ": points"); break;
    case CARC_EVENT_DRAGON_STEP: INVARIANT(points >= 1 && points <= 6, what + ": the step's number"); break;
    case CARC_EVENT_FLIGHT_ENDS: INVARIANT(points >= 0 && points <= 6, what + ": the flight's steps"); break;
    case CARC_EVENT_FAIRY_POINT: INVARIANT(points == 1, what + ": the fairy's point"); break;
    case CARC_EVENT_FAIRY_BONUS: INVARIANT(points == 3, what + ": the fairy's bonus"); break;
    case CARC_EVENT_ALONE_HOME: INVARIANT(points >= 0 && points <= 2, what + ": why it went home"); break;
    case CARC_EVENT_TOWER_PIECE: INVARIANT(points >= 1 && points <= kTowerPiecesInBox, what + ": the tower's height"); break;
    case CARC_EVENT_CAPTURE:
    case CARC_EVENT_EXCHANGE: INVARIANT(points >= 0 && points < players, what + ": the captor"); break;
    case CARC_EVENT_RANSOM: INVARIANT(points == 3, what + ": a ransom's points"); break;
    default: INVARIANT(points == 0, what + ": points"); break;
  }
  // A figure's (or the fairy's meeple's) location on the tile; the dragon also eats a figure
  // on a tower top (TW), and the fairy stands beside one there (no +3: it never scores).
  if (type == CARC_EVENT_EATEN || type == CARC_EVENT_FAIRY_MOVES || type == CARC_EVENT_FAIRY_POINT ||
      type == CARC_EVENT_FAIRY_BONUS || type == CARC_EVENT_PRINCESS_REMOVES || type == CARC_EVENT_PORTAL ||
      type == CARC_EVENT_ALONE_HOME)
    INVARIANT(carc_location_name(f[CARC_EV_LOCATION]) != nullptr && f[CARC_EV_LOCATION] != CARC_LOC_NONE &&
                  (f[CARC_EV_LOCATION] != CARC_LOC_TW || type == CARC_EVENT_EATEN || type == CARC_EVENT_FAIRY_MOVES ||
                   type == CARC_EVENT_FAIRY_POINT),
              what + ": location");
  // The Tower: a piece and a figure go onto the tower's top (TW); a capture takes a figure
  // from a location or a tower's top, TILES 0 when it goes home (the captor's own), else 1;
  // an exchange gives back a kind to each (TILES the captor's); a ransom goes to TILES, the
  // holder, another player than the payer.
  const int tiles = f[CARC_EV_TILES];
  switch (type) {
    case CARC_EVENT_TOWER_PIECE:
      INVARIANT(f[CARC_EV_LOCATION] == CARC_LOC_TW && tiles >= 0 && tiles < kTowerPieces[players], what + ": a piece");
      break;
    case CARC_EVENT_TOWER_CLOSED: INVARIANT(f[CARC_EV_LOCATION] == CARC_LOC_TW, what + ": location"); break;
    case CARC_EVENT_CAPTURE:
      INVARIANT(carc_location_name(f[CARC_EV_LOCATION]) != nullptr && f[CARC_EV_LOCATION] != CARC_LOC_NONE &&
                    (tiles == 0) == (winners == 1 << points) && (tiles == 0 || tiles == 1),
                what + ": a capture");
      break;
    case CARC_EVENT_EXCHANGE:
      INVARIANT(f[CARC_EV_LOCATION] == CARC_LOC_NONE && winners != 1 << points && captured_kind(tiles),
                what + ": an exchange");
      break;
    case CARC_EVENT_RANSOM:
      INVARIANT(f[CARC_EV_LOCATION] == CARC_LOC_NONE && tiles >= 0 && tiles < players && winners != 1 << tiles,
                what + ": a ransom");
      break;
    // Abbey & Mayor: an abbey at its square's C; a wagon due with its targets (1 at least),
    // moved to a location; a figure sent home from its location.
    case CARC_EVENT_ABBEY_PLACED:
      INVARIANT(f[CARC_EV_LOCATION] == CARC_LOC_C && std::string_view(carc_tile_name(f[CARC_EV_TILE])) == "MA", what + ": an abbey");
      break;
    case CARC_EVENT_WAGON_DUE: INVARIANT(tiles >= 1, what + ": a wagon's targets"); break;
    case CARC_EVENT_WAGON_MOVED:
    case CARC_EVENT_BARN_HOME:
      INVARIANT(carc_location_name(f[CARC_EV_LOCATION]) != nullptr && f[CARC_EV_LOCATION] != CARC_LOC_NONE &&
                    f[CARC_EV_LOCATION] != CARC_LOC_TW,
                what + ": location");
      break;
    // A barn's field: 3 per completed city when placed, 1 when farmers join it, 4 at the end.
    case CARC_EVENT_BARN_PLACED: INVARIANT(points == 3 * tiles, what + ": 3 per city"); break;
    case CARC_EVENT_BARN_CONNECTED: INVARIANT(points == tiles, what + ": 1 per city"); break;
    case CARC_EVENT_BARN_FINAL: INVARIANT(points == 4 * tiles, what + ": 4 per city"); break;
    default: break;
  }
}

// The C event queue's capacity (carc::Events::kCapacity, 1536 since Princess & Dragon): a
// whole game's events fit, so the unread ones never exceed it.
constexpr size_t kEventCapacity = 1536;

// Unread events, read from a copy so the game keeps them.
std::vector<int32_t> unread_events(const carc_game* g) {
  carc_game* c = nullptr;
  INVARIANT(carc_game_clone(&c, g) == CARC_OK, "clone failed");
  std::vector<int32_t> out;
  int32_t f[CARC_EVENT_FIELDS];
  int r;
  while ((r = carc_game_poll_event(c, f, CARC_EVENT_FIELDS)) == 1) out.insert(out.end(), f, f + CARC_EVENT_FIELDS);
  carc_game_free(c);
  INVARIANT(r == 0, "poll_event failed");
  for (size_t at = 0; at < out.size(); at += CARC_EVENT_FIELDS) check_event(&out[at], carc_game_players(g));
  INVARIANT(out.size() <= kEventCapacity * CARC_EVENT_FIELDS, "too many unread events");
  return out;
}

struct Snapshot {
  std::string record, summary;
  std::vector<int32_t> events;
  bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const carc_game* g) { return {record_of(g), summary(g), unread_events(g)}; }

// Tiles named by an order or a pile line as the record writes it: runs of base letters in
// a game of base tiles (`letters`), else one id per word; "-" is none.
int tiles_in(const std::string& words, bool letters) {
  if (words == "-") return 0;
  int n = 0;
  for (size_t at = 0; at < words.size(); ++at)
    n += letters ? words[at] != ' ' : at == 0 || (words[at] != ' ' && words[at - 1] == ' ');
  return n;
}

// The whole box's draw pile (less the start tile or the spring) with the record's expansions
// (bit o - CARC_OPT_RIVER of `expansions` for option o).
int box_size(unsigned expansions) {
  carc_game* g = nullptr;
  INVARIANT(carc_game_new(&g, 1, 1) == CARC_OK, "new");
  for (int o = CARC_OPT_RIVER; o <= CARC_OPT_ABBEY_AND_MAYOR; ++o)
    INVARIANT(carc_game_set_option(g, o, expansions >> (o - CARC_OPT_RIVER) & 1) == CARC_OK, "an expansion on");
  const int n = carc_game_tiles_remaining(g) + 1;  // the tile in hand
  carc_game_free(g);
  return n;
}

// Princess & Dragon's volcanoes (data/tiles/princess_and_dragon.json): the first one placed
// brings the tiles set aside back among the face-down tiles.
bool volcano(const std::string& id) {
  return id == "DX" || id == "DY" || id == "DZ" || id == "D1" || id == "D2" || id == "D3";
}

// What a record's lines tell of the pile: its size (the header's order or hidden pile, else
// the whole box of the record's expansions), the tiles discarded, the dragon tiles set aside
// (`aside` lines: draws neither placed nor discarded) and, until a volcano's move line, still
// set aside; the `dragon` lines since the last other line (the flight's steps so far).
struct RecordCounts {
  int deck = -1, discards = 0, asides = 0, set_aside = 0, steps = 0, abbeys = 0;
  bool volcano = false;  // a volcano was placed: nothing is set aside any more
};

RecordCounts read_record(const std::string& record) {
  RecordCounts r;
  unsigned expansions = 0;
  size_t at = 0;
  while (at < record.size()) {
    size_t nl = record.find('\n', at);
    if (nl == std::string::npos) nl = record.size();
    const std::string line = record.substr(at, nl - at);
    at = nl + 1;
    const std::string word = line.substr(0, line.find_first_of(" #"));
    if (word.empty() || word == "deal") continue;  // a comment, or a re-dealt game's order (after the moves)
    r.steps = word == "dragon" ? r.steps + 1 : 0;
    if (word == "discard") ++r.discards;
    if (word == "aside") ++r.asides;
    if (volcano(word)) r.volcano = true;
    if (line == "river on") expansions |= 1;
    if (line == "abbot on") expansions |= 2;
    if (line == "inns-and-cathedrals on") expansions |= 4;
    if (line == "traders-and-builders on") expansions |= 8;
    if (line == "princess-and-dragon on") expansions |= 16;
    if (line == "tower on") expansions |= 32;
    if (line == "abbey-and-mayor on") expansions |= 64;
    // An abbey placed from a player's hand (Abbey & Mayor) is a tile of the board, not of the deck.
    if (word == "abbey" && line.rfind("abbey pass", 0) != 0) ++r.abbeys;
    if (line.rfind("order ", 0) == 0) r.deck = tiles_in(line.substr(6), expansions == 0);
    if (line.rfind("pile hidden ", 0) == 0) r.deck = tiles_in(line.substr(12), expansions == 0);  // not the whole box
  }
  if (r.deck < 0) r.deck = box_size(expansions);
  r.set_aside = r.volcano ? 0 : r.asides;
  return r;
}

// Event types whose POINTS are points scored by the WINNERS (the others' POINTS, if any, say
// something else: a dragon step's number, a flight's steps, why a figure went home, a
// tower's height, a captor; a ransom's move from the payer, WINNERS, to the holder, TILES).
bool scores_points(int type) {
  return type == CARC_EVENT_SCORE || type == CARC_EVENT_RECALL || type == CARC_EVENT_GOODS_BONUS ||
         type == CARC_EVENT_PIG || type == CARC_EVENT_FAIRY_POINT || type == CARC_EVENT_FAIRY_BONUS ||
         type == CARC_EVENT_BARN_PLACED || type == CARC_EVENT_BARN_CONNECTED || type == CARC_EVENT_BARN_FINAL;
}

// From this game to the end, the score events add up to the points scored, the discard and
// set-aside events to the tiles discarded and set aside, and the tiles that go back are the
// tiles set aside (on a copy whose queue was read to the end first).
void check_playout_events(const carc_game* g, const std::string& record, const RecordCounts& before) {
  const int players = carc_game_players(g);
  carc_game* rest = nullptr;
  INVARIANT(carc_game_clone(&rest, g) == CARC_OK, "clone");
  int32_t f[CARC_EVENT_FIELDS];
  while (carc_game_poll_event(rest, f, CARC_EVENT_FIELDS) == 1) {
  }
  INVARIANT(carc_game_playout(rest, 1, 0) == CARC_OK, "playout");
  int32_t from_events[CARC_MAX_PLAYERS] = {};
  int discard_events = 0, aside_events = 0, back_events = 0;
  while (carc_game_poll_event(rest, f, CARC_EVENT_FIELDS) == 1) {
    check_event(f, players);
    discard_events += f[CARC_EV_TYPE] == CARC_EVENT_DISCARD;
    aside_events += f[CARC_EV_TYPE] == CARC_EVENT_SET_ASIDE;
    back_events += f[CARC_EV_TYPE] == CARC_EVENT_SET_ASIDE_BACK;
    for (int p = 0; p < players; ++p)
      if (scores_points(f[CARC_EV_TYPE]) && (f[CARC_EV_WINNERS] >> p & 1)) from_events[p] += f[CARC_EV_POINTS];
    if (f[CARC_EV_TYPE] == CARC_EVENT_RANSOM) {
      for (int p = 0; p < players; ++p)
        if (f[CARC_EV_WINNERS] >> p & 1) from_events[p] -= f[CARC_EV_POINTS];
      from_events[f[CARC_EV_TILES]] += f[CARC_EV_POINTS];
    }
  }
  const std::string rest_record = record_of(rest);
  const RecordCounts after = read_record(rest_record);
  INVARIANT(after.discards == before.discards + discard_events, "discard events\n" + record);
  INVARIANT(after.asides == before.asides + aside_events, "set-aside events\n" + record + "\n" + rest_record);
  // Every tile set aside goes back at the first volcano (its events come after the volcano's
  // figure action, so a copy in the volcano's figure phase still reports them).
  INVARIANT(back_events <= after.asides && (before.volcano || !after.volcano || back_events == after.asides),
            "tiles back\n" + record + "\n" + rest_record);
  for (int p = 0; p < players; ++p)
    INVARIANT(carc_game_score(rest, p) == carc_game_score(g, p) + from_events[p], "score events\n" + record);
  carc_game_free(rest);
}

// Everything that must hold of any live game. `playout`: also play a copy to the end and
// check its events (the costliest check, so only for the games an input ends with).
void check_game(const carc_game* g, bool playout = false) {
  const int players = carc_game_players(g);
  INVARIANT(players >= CARC_MIN_PLAYERS && players <= CARC_MAX_PLAYERS, "players");
  const int phase = carc_game_phase(g);
  INVARIANT(phase >= CARC_PHASE_PLACE_TILE && phase <= CARC_PHASE_DECIDE, "phase");
  INVARIANT(phase != CARC_PHASE_DRAW || carc_game_caller_draws(g) == 1, "a game that draws by itself waits for a draw");
  const int current = carc_game_current_player(g);
  INVARIANT(current >= 0 && current < players, "current player");
  INVARIANT(carc_game_score(g, players) == CARC_EINVAL && carc_game_supply(g, -1) == CARC_EINVAL, "player range");

  int supply[CARC_MAX_PLAYERS] = {}, on_board[CARC_MAX_PLAYERS] = {};
  int figures[CARC_MAX_PLAYERS][CARC_FIGURE_BARN + 1] = {};  // on the board, by kind
  int32_t scores[CARC_MAX_PLAYERS], projected[CARC_MAX_PLAYERS];
  INVARIANT(carc_game_scores(g, scores, CARC_MAX_PLAYERS) == CARC_OK, "scores");
  INVARIANT(carc_game_projected_scores(g, projected, CARC_MAX_PLAYERS) == CARC_OK, "projected scores");
  for (int p = 0; p < players; ++p) {
    const int score = carc_game_score(g, p);
    supply[p] = carc_game_supply(g, p);
    INVARIANT(score >= 0 && score == scores[p], "score of player " + std::to_string(p));
    INVARIANT(projected[p] >= score, "projected score below the score");
    INVARIANT(phase != CARC_PHASE_GAME_OVER || projected[p] == score, "projected score of a finished game");
    INVARIANT(supply[p] >= 0 && supply[p] <= CARC_MEEPLES_PER_PLAYER, "supply of player " + std::to_string(p));
    INVARIANT(carc_game_figure_supply(g, p, CARC_FIGURE_MEEPLE) == supply[p], "figure supply of meeples");
  }

  const int tiles = carc_game_tile_count(g);
  INVARIANT(tiles >= 1 && tiles <= CARC_MAX_TILES, "tile count");
  for (int i = 0; i < tiles; ++i) {
    int x, y, t, r, t2, r2;
    INVARIANT(carc_game_tile(g, i, &x, &y, &t, &r) == CARC_OK, "tile");
    INVARIANT(t >= 0 && t < CARC_TILE_TYPES && r >= 0 && r <= 270 && r % 90 == 0, "tile type or rotation");
    INVARIANT(i > 0 || (x == 0 && y == 0 && r == 0 && (t == 3) != (carc_game_option(g, CARC_OPT_RIVER) == 1)),
              "the start tile is D (or the spring) at 0,0");
    INVARIANT(carc_game_tile_at(g, x, y, &t2, &r2) == 1 && t2 == t && r2 == r, "tile_at disagrees with tile");
  }
  const int meeples = carc_game_meeple_count(g);
  INVARIANT(meeples >= 0 && meeples <= CARC_MAX_MEEPLES, "meeple count");
  for (int i = 0; i < meeples; ++i) {
    int p, x, y, loc, figure, t, r;
    INVARIANT(carc_game_meeple(g, i, &p, &x, &y, &loc, &figure) == CARC_OK, "meeple");
    INVARIANT(p >= 0 && p < players, "meeple owner");
    INVARIANT((figure >= CARC_FIGURE_MEEPLE && figure <= CARC_FIGURE_PIG) || figure == CARC_FIGURE_MAYOR || figure == CARC_FIGURE_WAGON,
              "figure kind on the board");
    if (figure == CARC_FIGURE_MEEPLE) on_board[p]++;
    else figures[p][figure]++;
    INVARIANT(carc_game_tile_at(g, x, y, &t, &r) == 1, "a meeple stands where there is no tile");
    INVARIANT(carc_game_feature_kind(g, x, y, loc) >= 0, "a meeple stands on no feature");
  }
  // The Tower: towers only with it, each 0..30 pieces high with a meeple or large meeple of
  // a player on top of one at least 1 high, or open; the pieces left and built make each
  // player's share of the box; prisoners only with it, never a player's own. A figure on a
  // tower top or held prisoner is not on the board (carc_game_meeple).
  const bool tower = carc_game_option(g, CARC_OPT_TOWER) == 1;
  const TowerView view = tower_view(g);
  int built = 0, pieces = 0;
  int away[CARC_MAX_PLAYERS][CARC_FIGURE_BARN + 1] = {};  // on tower tops or held prisoner, by owner and kind
  for (const TowerView::Tower& t : view.towers) {
    INVARIANT(tower, "a tower without the Tower");
    INVARIANT(t.height >= 0 && t.height <= kTowerPiecesInBox, "a tower's height");
    INVARIANT(t.owner == -1 || (t.owner >= 0 && t.owner < players && t.height >= 1 &&
                                (t.figure == CARC_FIGURE_MEEPLE || t.figure == CARC_FIGURE_LARGE)),
              "the figure on a tower");
    built += t.height;
    if (t.owner >= 0) away[t.owner][t.figure]++;
  }
  for (int p = 0; p < players; ++p) {
    INVARIANT(view.pieces[p] >= 0 && view.pieces[p] <= (tower ? kTowerPieces[players] : 0), "tower pieces of a player");
    pieces += view.pieces[p];
    for (int q = 0; q < players; ++q)
      for (int f : kCaptured) {
        const int n = view.held[p][q][f];
        INVARIANT(n >= 0 && (n == 0 || (tower && p != q)), "prisoners of player " + std::to_string(p));
        away[q][f] += n;
      }
  }
  INVARIANT(pieces + built == (tower ? players * kTowerPieces[players] : 0), "tower pieces left and built");
  // One figure of each other kind per player when its expansion is on, none when it is off.
  const int option_of[CARC_FIGURE_PIG + 1] = {0, CARC_OPT_INNS_AND_CATHEDRALS, CARC_OPT_ABBOT,
                                              CARC_OPT_TRADERS_AND_BUILDERS, CARC_OPT_TRADERS_AND_BUILDERS};
  // Abbey & Mayor: a mayor and a wagon each, a barn each with farmers on (the barns on their
  // corner points, carc_game_barn); the abbeys on the board and in the players' hands make one each.
  const bool abbey = carc_game_option(g, CARC_OPT_ABBEY_AND_MAYOR) == 1;
  for (int i = 0, bx = 0, by = 0, owner = -1; carc_game_barn(g, i, &bx, &by, &owner) == 1; ++i) {
    INVARIANT(abbey && carc_game_option(g, CARC_OPT_FARMERS) == 1 && owner >= 0 && owner < players && i < players, "a barn");
    figures[owner][CARC_FIGURE_BARN]++;
  }
  int abbeys = 0;
  for (int i = 0; i < carc_game_tile_count(g); ++i) {
    int x, y, t, r;
    INVARIANT(carc_game_tile(g, i, &x, &y, &t, &r) == CARC_OK, "tile");
    abbeys += std::string_view(carc_tile_name(t)) == "MA";
  }
  for (int p = 0; p < players; ++p) {
    const int holds = carc_game_holds_abbey(g, p);
    INVARIANT(holds == 0 || (holds == 1 && abbey), "an abbey held");
    abbeys += holds;
  }
  INVARIANT(abbeys == (abbey ? players : 0), "abbeys on the board and held");
  for (int p = 0; p < players; ++p) {
    INVARIANT(supply[p] + on_board[p] + away[p][CARC_FIGURE_MEEPLE] == CARC_MEEPLES_PER_PLAYER,
              "meeples of player " + std::to_string(p));
    for (int f = CARC_FIGURE_LARGE; f <= CARC_FIGURE_PIG; ++f)
      INVARIANT(carc_game_figure_supply(g, p, f) + figures[p][f] + away[p][f] ==
                    carc_game_option(g, option_of[f]),
                std::string(carc_figure_name(f)) + " of a player");
    for (int f = CARC_FIGURE_MAYOR; f <= CARC_FIGURE_BARN; ++f)
      INVARIANT(carc_game_figure_supply(g, p, f) + figures[p][f] + away[p][f] ==
                    (abbey && (f != CARC_FIGURE_BARN || carc_game_option(g, CARC_OPT_FARMERS) == 1) ? 1 : 0),
                std::string(carc_figure_name(f)) + " of a player");
  }

  const int remaining = carc_game_tiles_remaining(g);
  int32_t by_type[CARC_TILE_TYPES];
  INVARIANT(carc_game_tiles_remaining_by_type(g, by_type, CARC_TILE_TYPES) == CARC_OK, "remaining by type");
  int sum = 0;
  for (int32_t c : by_type) sum += c;
  INVARIANT(remaining >= 0 && sum == remaining, "tiles remaining");
  const std::string record = record_of(g);
  const RecordCounts counts = read_record(record);
  const int in_hand = phase == CARC_PHASE_PLACE_TILE ? 1 : 0;
  INVARIANT(tiles - 1 - counts.abbeys + counts.discards + counts.set_aside + in_hand + remaining == counts.deck,
            "tiles do not add up to the deck\n" + record);
  INVARIANT(carc_game_turns_played(g) == tiles - 1 - (phase == CARC_PHASE_PLACE_MEEPLE ? 1 : 0), "turns played");

  // The decision the phase waits for. The decide phase is the builder's bonus tile (its
  // player's), a step of the dragon's flight: step k + 1, after the record's k `dragon`
  // lines, is player (p + k) mod n's, where p placed the dragon tile and still has the turn;
  // or a tower's capture, by the player who just built a piece.
  int32_t kind = -9, decider = -9;
  INVARIANT(carc_game_decision(g, &kind, &decider) == CARC_OK, "carc_game_decision");
  static constexpr int kKindOfPhase[] = {CARC_DECISION_PLACE, CARC_DECISION_FIGURE, CARC_DECISION_NONE, CARC_DECISION_DRAW};
  if (phase == CARC_PHASE_DECIDE) {
    INVARIANT(kind == CARC_DECISION_BONUS || kind == CARC_DECISION_DRAGON || kind == CARC_DECISION_CAPTURE ||
                  kind == CARC_DECISION_ABBEY || kind == CARC_DECISION_WAGON,
              "the decide phase's decision");
    if (kind == CARC_DECISION_ABBEY)  // before a draw or in the final round: the current player, who holds an abbey
      INVARIANT(abbey && decider == current && carc_game_holds_abbey(g, current) == 1, "an abbey decision of a player without one");
    else if (kind == CARC_DECISION_WAGON)  // a returned wagon's owner, who has it back
      INVARIANT(abbey && decider >= 0 && decider < players && carc_game_figure_supply(g, decider, CARC_FIGURE_WAGON) == 1,
                "a wagon decision without a wagon home");
    else if (kind == CARC_DECISION_BONUS)
      INVARIANT(carc_game_option(g, CARC_OPT_TRADERS_AND_BUILDERS) == 1 && decider == current, "a bonus without builders");
    else if (kind == CARC_DECISION_CAPTURE)
      INVARIANT(tower && decider == current && counts.steps == 0, "a capture without the Tower, or another player's");
    else
      INVARIANT(carc_game_option(g, CARC_OPT_PRINCESS_AND_DRAGON) == 1 && counts.steps < 6 &&
                    decider == (current + counts.steps) % players,
                "a dragon's step without the dragon, or another player's\n" + record);
  } else {
    INVARIANT(kind == kKindOfPhase[phase], "the decision of phase " + std::to_string(phase));
    INVARIANT(kind == CARC_DECISION_NONE ? decider == CARC_DECIDER_NOBODY
                                         : kind == CARC_DECISION_DRAW ? decider == CARC_DECIDER_CHANCE : decider == current,
              "the decider of phase " + std::to_string(phase));
  }

  const int winners = carc_game_winners(g);
  const int tile = carc_game_current_tile(g);
  int count = -1;
  const int placements = carc_game_placements(g, nullptr, 0, &count);
  if (phase == CARC_PHASE_GAME_OVER) {
    INVARIANT(winners > 0 && winners < (1 << players) && remaining == 0, "winners of a finished game");
    INVARIANT(tile == CARC_EPHASE && placements == CARC_EPHASE, "a finished game offers a tile");
  } else if (phase == CARC_PHASE_DRAW || phase == CARC_PHASE_DECIDE) {
    INVARIANT(winners == CARC_EPHASE, "winners before the end");
    // A dragon tile placed last still flies, a piece built in the last turn still captures,
    // the final abbey round and its wagons come after the last tile: no tile need be face
    // down then.
    INVARIANT(tile == CARC_EPHASE && placements == CARC_EPHASE &&
                  (remaining > 0 || kind == CARC_DECISION_DRAGON || kind == CARC_DECISION_CAPTURE ||
                   kind == CARC_DECISION_ABBEY || kind == CARC_DECISION_WAGON),
              "a tile in hand before the draw");
  } else {
    INVARIANT(winners == CARC_EPHASE, "winners before the end");
    INVARIANT(tile >= 0 && tile < CARC_TILE_TYPES, "current tile");
  }
  if (phase == CARC_PHASE_PLACE_TILE)
    INVARIANT(placements == CARC_OK && count >= 1 && count <= CARC_MAX_PLACEMENTS, "the tile in hand fits nowhere");
  if (phase == CARC_PHASE_PLACE_MEEPLE) {
    int x, y, t, r;
    INVARIANT(carc_game_tile(g, tiles - 1, &x, &y, &t, &r) == CARC_OK && t == tile, "the tile just placed");
  }

  if (playout) check_playout_events(g, record, counts);

  // The record loads into the same game, and saves the same again (bonus decisions included).
  carc_game* loaded = nullptr;
  int line = -1;
  const int s = carc_game_load(&loaded, record.c_str(), &line);
  INVARIANT(s == CARC_OK && loaded && line == 0, std::string(carc_game_errmsg(nullptr)) + "\n" + record);
  const std::string again = record_of(loaded);
  const std::string loaded_summary = summary(loaded);
  carc_game_free(loaded);
  INVARIANT(again == record, "save -> load -> save differs:\n" + record + "\n" + again);
  INVARIANT(loaded_summary == summary(g), "the loaded game reads differently\n" + record);
}

bool documented(int status) { return status >= 0 || (status >= CARC_ERANGE && status <= CARC_EINVAL); }

// Whether a message is safe to print: at most 255 bytes, printable (printable.hpp), as the
// header promises.
bool printable_message(const std::string& s) { return s.size() <= 255 && printable(s); }

// The status of a call: documented, and the calling thread's message agrees with it (a
// failure writes "carc_...: ...", printable; a success leaves `was`, the message before
// the call). carc_game_errmsg(g) is the thread's message whatever g is.
void check_status(int status, const carc_game* g, const char* call, const std::string& was) {
  const std::string msg = carc_game_errmsg(g);
  INVARIANT(documented(status), std::string(call) + " returned " + std::to_string(status) + ": " + msg);
  INVARIANT(msg == carc_game_errmsg(nullptr), std::string(call) + ": errmsg depends on the game");
  if (status >= 0)
    INVARIANT(msg == was, std::string(call) + " succeeded and changed the message from '" + was + "' to '" + msg + "'");
  else
    INVARIANT(msg.rfind("carc_", 0) == 0 && msg.size() > 8 && printable_message(msg),
              std::string(call) + " failed with message '" + msg + "'");
}

// The same for a call that has no game (or a NULL one).
void check_thread_status(int status, const char* call, const std::string& was) { check_status(status, nullptr, call, was); }

// ------------------------------------------------------------------ the games

constexpr int kSlots = 4;

struct Pool {
  carc_game* slot[kSlots] = {};
  Pool() = default;
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() {
    for (carc_game* g : slot) carc_game_free(g);
  }
  // A slot index 0..3, or kSlots for "NULL".
  int index(Input& in) const { return in.byte() % (kSlots + 1); }
  carc_game* game(int i) const { return i < kSlots ? slot[i] : nullptr; }
  void put(int i, carc_game* g) {
    if (i < kSlots) {
      carc_game_free(slot[i]);
      slot[i] = g;
    } else {
      carc_game_free(g);
    }
  }
};

// Actions on another tile (Princess & Dragon's, the Tower's): bit 25 of a move, that tile's
// x in bits 40..47 and y in bits 48..55.
constexpr carc_move kElsewhere = carc_move{1} << 25;
// The figure kind's fourth bit (CARC_FIGURE_TOWER_PIECE).
constexpr carc_move kFigureHigh = carc_move{1} << 26;

// A move's figure bits: location 18..21, kind 22..24 and 26, bit 25 and another tile 40..55.
constexpr carc_move kFigureBits = carc_move{0x1FF} << 18 | carc_move{0xFFFF} << 40;

// The figure decision's choice for a move's figure action: its figure bits with
// CARC_DECISION_FIGURE in bits 56..59.
carc_choice figure_choice(carc_move m) { return (m & kFigureBits) | carc_choice{CARC_DECISION_FIGURE} << 56; }

// A move with figure kind f (its low three bits at 22..24, the fourth at 26).
carc_move with_figure(carc_move m, int f) {
  const auto kind = static_cast<carc_move>(f);
  return (m & ~(carc_move{7} << 22 | kFigureHigh)) | (kind & 7) << 22 | (kind >> 3 & 1) << 26;
}

// What a move given out by the library may hold (carcassonne.h): unused bits zero; the fairy,
// the princess and a tower piece only on another tile, and on another tile only they and the
// portal's figures (meeple, large meeple, abbot), at a location; a tower's top (TW) only on
// another tile and for a piece, a meeple, a large meeple or the fairy (beside the figure
// there), and a piece only there; no other tile's bits without bit 25.
void check_move_bits(carc_move m, const std::string& what) {
  int figure = -1, loc = -1;
  INVARIANT(carc_move_unpack(m, nullptr, nullptr, nullptr, nullptr, &figure, &loc) == CARC_OK, what + ": unpack");
  INVARIANT((m & 0xF8000000u) == 0 && (m >> 56) == 0, what + ": unused bits");
  INVARIANT((loc == CARC_LOC_TW) == (figure == CARC_FIGURE_TOWER_PIECE) ||
                (loc == CARC_LOC_TW &&
                 (figure == CARC_FIGURE_MEEPLE || figure == CARC_FIGURE_LARGE || figure == CARC_FIGURE_FAIRY)),
            what + ": an action on a tower");
  if (m & kElsewhere)
    INVARIANT((captured_kind(figure) || figure == CARC_FIGURE_FAIRY || figure == CARC_FIGURE_PRINCESS ||
               figure == CARC_FIGURE_TOWER_PIECE) &&
                  loc != CARC_LOC_NONE,
              what + ": an action on another tile");
  else
    INVARIANT((m >> 40) == 0 && figure != CARC_FIGURE_FAIRY && figure != CARC_FIGURE_PRINCESS && loc != CARC_LOC_TW,
              what + ": another tile's bits without bit 25");
}

// The Tower's options as carc_game_choices lists them (kind: the decision's). A capture's:
// a figure at a square and location (bit 25, x and y at 40..55; TW a tower's top), option 0,
// or 2 naming the kind that comes back (meeple, large meeple, abbot), then "none" (option 1)
// last. The placement decision's ransoms (option 1), first: another player, the holder in
// x, who keeps one of the payer's figures of that kind prisoner; the payer has 3 points.
void check_tower_choices(const carc_game* g, int kind, const carc_choice* list, int n) {
  const int current = carc_game_current_player(g), players = carc_game_players(g);
  if (kind == CARC_DECISION_CAPTURE) {
    INVARIANT(n >= 2 && list[n - 1] == (carc_choice{CARC_DECISION_CAPTURE} << 56 | carc_choice{1} << 60),
              "a capture's options: a figure at least, none last");
    for (int k = 0; k + 1 < n; ++k) {
      const carc_choice c = list[k];
      const int option = static_cast<int>(c >> 60), loc = static_cast<int>(c >> 18 & 15),
                figure = static_cast<int>((c >> 22 & 7) | (c >> 26 & 1) << 3);
      const int x = static_cast<int8_t>(c >> 40 & 0xFF), y = static_cast<int8_t>(c >> 48 & 0xFF);
      int t, r, owner = -1;
      INVARIANT((c >> 56 & 15) == CARC_DECISION_CAPTURE && (c & kElsewhere) && (c & 0x3FFFF) == 0 && (c >> 32 & 0xFF) == 0 &&
                    (option == 0 ? figure == CARC_FIGURE_MEEPLE : option == 2 && captured_kind(figure)),
                "a capture's bits");
      INVARIANT(carc_game_tile_at(g, x, y, &t, &r) == 1 &&
                    (loc == CARC_LOC_TW ? carc_game_tower_at(g, x, y, nullptr, &owner, nullptr) == 1 && owner >= 0
                                        : loc != CARC_LOC_NONE && carc_game_feature_kind(g, x, y, loc) >= 0),
                "a capture of no figure");
    }
  }
  if (kind != CARC_DECISION_PLACE) return;
  int k = 0;
  for (; k < n && list[k] >> 60 == 1; ++k) {
    const carc_choice c = list[k];
    const int holder = static_cast<int>(c >> 40 & 0xFF), figure = static_cast<int>((c >> 22 & 7) | (c >> 26 & 1) << 3);
    INVARIANT((c >> 56 & 15) == CARC_DECISION_PLACE && (c & 0x3FFFF) == 0 && (c >> 18 & 15) == CARC_LOC_NONE &&
                  (c & kElsewhere) == 0 && (c >> 48 & 0xFF) == 0 &&
                  static_cast<int>(c >> 32 & 0xFF) == carc_game_current_tile(g),
              "a ransom's bits");
    INVARIANT(carc_game_option(g, CARC_OPT_TOWER) == 1 && holder < players && holder != current && captured_kind(figure) &&
                  carc_game_prisoners(g, holder, current, figure) > 0 && carc_game_score(g, current) >= 3,
              "a ransom of no prisoner");
  }
  for (; k < n; ++k) INVARIANT(list[k] >> 60 == 0, "a ransom after a placement");
}

// A move argument: any 64 bits, a packing of any numbers, one of the current tile's legal
// placements (by index) with any rotation, location and figure bits (and now and then
// another placed tile's, as the actions of Princess & Dragon and the Tower name; mode 5 with
// the figure kind's fourth bit, a tower piece's), or one of the listed figure actions (of the
// tile just placed, or of a legal placement).
carc_move move_arg(Input& in, const carc_game* g) {
  uint8_t mode = in.byte() % 6;
  const bool high = mode == 5;
  if (high) mode = 2;
  if (mode == 0) return in.byte() % 2 ? in.u64() : in.u32();
  if (mode == 1) return carc_move_pack(in.number(), in.number(), in.number(), in.number(), in.number(), in.number());
  carc_move legal[CARC_MAX_PLACEMENTS];
  int n = 0;
  const uint8_t pick = in.byte();
  const uint8_t tweak = in.byte();
  const uint8_t figure = in.byte();
  if (mode == 4 && g) {
    carc_move actions[CARC_MAX_FIGURE_ACTIONS];
    int k = 0;
    if (carc_game_figure_actions(g, actions, CARC_MAX_FIGURE_ACTIONS, &k) == CARC_OK && k > 0) return actions[pick % k];
    if (carc_game_placements(g, legal, CARC_MAX_PLACEMENTS, &n) == CARC_OK && n > 0 &&
        carc_game_figure_actions_for(g, legal[pick % n], actions, CARC_MAX_FIGURE_ACTIONS, &k) == CARC_OK && k > 0)
      return actions[tweak % k];
  }
  if (!g || carc_game_placements(g, legal, CARC_MAX_PLACEMENTS, &n) != CARC_OK || n == 0) return in.u64();
  carc_move m = legal[pick % n];
  if (mode == 3) m = (m & ~(uint64_t{3} << 16)) | (uint64_t{tweak} & 3u) << 16;  // another rotation
  const uint64_t loc = tweak >> 2 & 15;                                             // a location, or none
  m = (m & ~(uint64_t{15} << 18)) | loc << 18;
  if (figure % 2) return m;
  m = with_figure(m, (figure >> 1 & 7) | (high ? 8 : 0));  // any figure kind
  int x, y, t, r;  // on another tile: one of the last 32 placed (figure bits 5..7, tweak bits 6..7)
  const int back = (figure >> 5 | (tweak >> 6) << 3) % carc_game_tile_count(g);
  if (figure & 16 && carc_game_tile(g, carc_game_tile_count(g) - 1 - back, &x, &y, &t, &r) == CARC_OK)
    m |= kElsewhere | static_cast<uint64_t>(static_cast<uint8_t>(x)) << 40 | static_cast<uint64_t>(static_cast<uint8_t>(y)) << 48;
  return m;
}

// A meeple location argument: any number, none, or one of the legal ones by index.
int location_arg(Input& in, const carc_game* g) {
  const uint8_t mode = in.byte() % 3;
  if (mode == 0) return in.number();
  if (mode == 1) return CARC_LOC_NONE;
  int32_t locs[CARC_MAX_MEEPLE_LOCATIONS];
  int k = 0;
  const uint8_t pick = in.byte();
  if (!g || carc_game_meeple_locations(g, locs, CARC_MAX_MEEPLE_LOCATIONS, &k) != CARC_OK || k == 0)
    return CARC_LOC_NONE;
  return locs[pick % k];
}

// Coordinates: any numbers, or those of a placed tile (by index) or a neighbour of it.
void xy_arg(Input& in, const carc_game* g, int& x, int& y) {
  const uint8_t mode = in.byte() % 3;
  x = in.number();
  y = in.number();
  if (mode == 0 || !g) return;
  const int n = carc_game_tile_count(g);
  int t, r;
  if (n < 1 || carc_game_tile(g, x >= 0 ? x % n : 0, &x, &y, &t, &r) != CARC_OK) return;
  if (mode == 2) {
    static constexpr int kDx[4] = {0, 1, 0, -1}, kDy[4] = {-1, 0, 1, 0};
    const int d = in.byte() % 4;
    x += kDx[d];
    y += kDy[d];
  }
}

// Record text: random, a live game's record, or that record with a few bytes changed.
std::string record_arg(Input& in, const Pool& pool) {
  const uint8_t mode = in.byte() % 3;
  const carc_game* src = pool.game(pool.index(in));
  if (mode == 0 || !src) return in.text();
  std::string text = record_of(src);
  if (mode == 1) return text;
  const int edits = 1 + in.byte() % 4;
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const size_t at = (in.byte() | static_cast<size_t>(in.byte()) << 8) % text.size();
    switch (in.byte() % 4) {
      case 0: text[at] = static_cast<char>(in.byte()); break;
      case 1: text.erase(at, 1 + in.byte() % 16); break;
      case 2: text.insert(at, in.text()); break;
      case 3: text.resize(at); break;
    }
  }
  return text;
}

// Move text: random, or a move's text with a few bytes changed.
std::string move_text_arg(Input& in, const carc_game* g) {
  if (in.byte() % 2 == 0) return in.text();
  char buf[CARC_MOVE_TEXT_SIZE];
  if (carc_move_format(move_arg(in, g), buf, sizeof buf) < 0) return in.text();
  std::string text = buf;
  if (!text.empty() && in.byte() % 2) text[in.byte() % text.size()] = static_cast<char>(in.byte());
  return text;
}

// ------------------------------------------------------------------ reinforcement learning

// The legal action ids of a game's current decision (empty for NULL or on failure).
std::vector<int32_t> rl_legal(const carc_game* g) {
  std::vector<int32_t> out(CARC_RL_MAX_LEGAL);
  int n = 0;
  if (!g || carc_rl_legal_actions(g, out.data(), CARC_RL_MAX_LEGAL, &n) != CARC_OK) n = 0;
  out.resize(static_cast<size_t>(n));
  return out;
}

// An action argument: any number, a legal action (by index), or a legal one moved a little.
int32_t action_arg(Input& in, const std::vector<int32_t>& legal) {
  const uint8_t mode = in.byte() % 3;
  if (mode == 0 || legal.empty()) return in.number();
  const int32_t a = legal[in.byte() % legal.size()];
  return mode == 1 ? a : a + in.number() % 9 - 4;
}

// The number of action ids of a game's configuration. Five fields (0.3's) still suffice
// and are the same; the elsewhere ids are the last, none without Princess & Dragon, the
// Tower (whose captures are taken on a cell too) and Abbey & Mayor (the abbey's square, the
// wagon's target).
int rl_actions(const carc_game* g) {
  int32_t f[CARC_RL_SPACE_FIELDS + 1], five[CARC_RL_SPACE_FIELDS];
  f[CARC_RL_SPACE_FIELDS] = -7;
  INVARIANT(carc_rl_action_space(g, f, CARC_RL_SPACE_FIELDS + 1) == CARC_OK && f[CARC_RL_SPACE_FIELDS] == -7,
            "carc_rl_action_space");
  INVARIANT(carc_rl_action_space(g, five, 5) == CARC_OK && std::equal(five, five + 5, f) &&
                carc_rl_action_space(g, five, 4) == CARC_ERANGE,
            "carc_rl_action_space with five fields");
  INVARIANT(f[CARC_RL_ELSEWHERE] >= 0 && f[CARC_RL_ELSEWHERE] <= f[CARC_RL_ACTIONS] - f[CARC_RL_PLACEMENTS] - f[CARC_RL_FIGURES] &&
                (f[CARC_RL_ELSEWHERE] == 0) ==
                    (carc_game_option(g, CARC_OPT_PRINCESS_AND_DRAGON) == 0 && carc_game_option(g, CARC_OPT_TOWER) == 0 &&
                     carc_game_option(g, CARC_OPT_ABBEY_AND_MAYOR) == 0),
            "the action space's elsewhere ids");
  return f[CARC_RL_ACTIONS];
}

// Everything a batch shows: each game's snapshot, copied out through carc_batch_game.
std::vector<Snapshot> batch_snapshot(const carc_batch* b, carc_game* scratch) {
  std::vector<Snapshot> out;
  for (int i = 0; i < carc_batch_size(b); ++i) {
    INVARIANT(carc_batch_game(b, i, scratch) == CARC_OK, "carc_batch_game");
    out.push_back(snapshot(scratch));
  }
  return out;
}

bool tracing() {
  static const bool on = std::getenv("FUZZ_TRACE") != nullptr;
  return on;
}

// A batch of 1..4 games stepped up to 47 times with legal, nearly legal or any actions, flags
// and buffers: a failed step changes no game, a successful one writes what it says.
void batch_program(Input& in) {
  const int games = 1 + in.byte() % 4, players = in.number();
  const uint64_t seed = in.u64();
  carc_batch* b = reinterpret_cast<carc_batch*>(&in);  // must be overwritten
  const std::string was = carc_game_errmsg(nullptr);
  const int made = carc_batch_new(&b, games, players, seed);
  check_thread_status(made, "carc_batch_new", was);
  if (made < 0) {
    INVARIANT(b == nullptr && (players < CARC_MIN_PLAYERS || players > CARC_MAX_PLAYERS), "carc_batch_new failed");
    return;
  }
  std::unique_ptr<carc_batch, decltype(&carc_batch_free)> owner(b, carc_batch_free);
  carc_game* scratch = nullptr;
  INVARIANT(carc_game_new(&scratch, players, 0) == CARC_OK, "carc_game_new");
  std::unique_ptr<carc_game, decltype(&carc_game_free)> scratch_owner(scratch, carc_game_free);
  // The masks' and observations' sizes follow the batch's configuration, which an option
  // changes (Princess & Dragon's actions on other tiles make millions of action ids).
  int actions = 0, obs = 0;
  std::vector<int32_t> rewards(static_cast<size_t>(games * players)), to_play(static_cast<size_t>(games)),
      legal(static_cast<size_t>(games * CARC_RL_MAX_LEGAL)), counts(static_cast<size_t>(games));
  std::vector<uint8_t> done(static_cast<size_t>(games)), masks;
  std::vector<float> observations;
  auto configure = [&] {
    INVARIANT(carc_batch_game(b, 0, scratch) == CARC_OK, "carc_batch_game");
    actions = rl_actions(scratch);
    int32_t shape[CARC_RL_SHAPE_FIELDS];
    INVARIANT(carc_rl_observation_shape(scratch, shape, CARC_RL_SHAPE_FIELDS) == CARC_OK, "observation shape");
    obs = shape[CARC_RL_OBS_SIZE];
    masks.assign(static_cast<size_t>(games) * static_cast<size_t>(actions), 0);
    observations.assign(static_cast<size_t>(games * obs), 0.0f);
  };
  configure();
  for (int steps = in.byte() % 48; steps > 0 && !in.done(); --steps) {
    if (in.byte() % 16 == 0) {
      const int option = in.number(), value = in.number();
      const std::string before = carc_game_errmsg(nullptr);
      const int s = carc_batch_set_option(b, option, value);
      check_thread_status(s, "carc_batch_set_option", before);
      if (s == CARC_OK) configure();
      continue;
    }
    std::vector<int32_t> act(static_cast<size_t>(games));
    for (int i = 0; i < games; ++i) {
      INVARIANT(carc_batch_game(b, i, scratch) == CARC_OK, "carc_batch_game");
      act[static_cast<size_t>(i)] = action_arg(in, rl_legal(scratch));
    }
    const uint8_t what = in.byte();  // which outputs, and a short stride now and then
    const int flags = what & 0x80 ? in.number() : what & 3;
    const int legal_stride = what & 0x40 ? CARC_RL_MAX_LEGAL - 1 : CARC_RL_MAX_LEGAL;
    const std::vector<Snapshot> before = batch_snapshot(b, scratch);
    const std::string msg = carc_game_errmsg(nullptr);
    const int s = carc_batch_step(b, what & 0x20 ? nullptr : act.data(), flags, rewards.data(), done.data(),
                                  what & 4 ? to_play.data() : nullptr, what & 8 ? legal.data() : nullptr,
                                  counts.data(), legal_stride, what & 16 ? masks.data() : nullptr, actions,
                                  what & 4 ? observations.data() : nullptr, obs);
    check_thread_status(s, "carc_batch_step", msg);
    if (tracing()) std::fprintf(stderr, "  carc_batch_step -> %d %s\n", s, carc_game_errmsg(nullptr));
    if (s < 0) {
      INVARIANT(batch_snapshot(b, scratch) == before, "a failed carc_batch_step changed a game");
      continue;
    }
    for (int i = 0; i < games; ++i) {
      INVARIANT(done[static_cast<size_t>(i)] <= 1, "done is 0 or 1");
      INVARIANT(carc_batch_game(b, i, scratch) == CARC_OK, "carc_batch_game");
      if (tracing()) std::fprintf(stderr, "    game %d: phase %d\n", i, carc_game_phase(scratch));
      check_game(scratch);
      if (what & 8) {
        const std::vector<int32_t> expect = rl_legal(scratch);
        std::vector<int32_t> got(legal.begin() + i * CARC_RL_MAX_LEGAL,
                                 legal.begin() + i * CARC_RL_MAX_LEGAL + counts[static_cast<size_t>(i)]);
        std::sort(got.begin(), got.end());
        INVARIANT(got == expect, "a batch's legal list is not the game's");
      }
      if (what & 4) {  // the player to decide next: a dragon's step need not be the current player's
        int32_t decider = -9;
        INVARIANT(carc_game_decision(scratch, nullptr, &decider) == CARC_OK, "carc_game_decision");
        INVARIANT(to_play[static_cast<size_t>(i)] == (carc_game_phase(scratch) == CARC_PHASE_GAME_OVER ? -1 : decider),
                  "to_play");
      }
    }
  }
}

// ------------------------------------------------------------------ one step

enum Op : uint8_t {
  kMovePack, kMoveUnpack, kMoveFormat, kMoveParse, kNames, kNew, kNewWithOrder, kClone, kCopy, kFree,
  kSetOption, kOption, kGetters, kRemainingByType, kPlacements, kPlace, kMeepleLocations, kDeploy, kSkip,
  kPlay, kPlayText, kPlayout, kPollEvent, kTiles, kFeatureKind, kMeeples, kSave, kLoad, kTurnMove, kUndo,
  kRewind, kProbabilities, kFrontier, kFittingRotations, kScores, kInspectFeature, kFeatureTiles, kRenderSvg,
  kRenderText, kTileRender, kTurns, kNewCallerDraws, kDraw, kRedeal, kSavePublic, kRollouts,
  kBankedScores, kDiscards, kMeepleLocationsFor, kFigureActions, kFigureActionsFor, kAct, kCheck, kFigureSupply,
  kRiverEnd, kTileNames, kRlLegal, kRlApply, kRlObserve, kRlConvert, kBatch, kTakeBonus, kPass, kGoods, kBot, kDecide,
  kRlChoice, kBotDecide, kTower, kOpCount
};


// A call on one game: checks its status, and that it changed nothing if it failed or if
// it is a query (`mutates` false).
template <class Call>
int on_game(carc_game* g, bool mutates, const char* name, Call&& call) {
  if (!g) {
    const std::string was = carc_game_errmsg(nullptr);
    const int s = call();
    INVARIANT(s == CARC_EINVAL, std::string(name) + " on a NULL game returned " + std::to_string(s));
    check_thread_status(s, name, was);
    return s;
  }
  const Snapshot before = snapshot(g);
  const std::string was = carc_game_errmsg(g);
  const int s = call();
  if (tracing()) std::fprintf(stderr, "  %s -> %d %s\n", name, s, carc_game_errmsg(g));
  check_status(s, g, name, was);
  if (s < 0 || !mutates)
    INVARIANT(snapshot(g) == before, std::string(name) + " changed the game:\n" + before.record);
  else
    check_game(g);
  return s;
}

// A negative capacity is CARC_EINVAL for every call that takes one.
void check_capacity_rule(int status, int capacity, const carc_game* g, const char* name) {
  if (g && capacity < 0) INVARIANT(status == CARC_EINVAL, std::string(name) + " with a negative capacity");
}

// What a constructor must leave: CARC_EINVAL for a NULL out, *out NULL after a failure, a
// sound game otherwise. True if it made one.
bool constructed(int status, bool null_out, carc_game* made, int players) {
  if (null_out) {
    INVARIANT(status == CARC_EINVAL, "constructor with NULL out");
    return false;
  }
  if (status < 0) {
    INVARIANT(made == nullptr, "a failed constructor left *out set");
    return false;
  }
  INVARIANT(made != nullptr && (players >= 1 && players <= 6), "constructor");
  check_game(made);
  return true;
}

void step(Input& in, Pool& pool) {
  const uint8_t op = in.byte() % kOpCount;
  const int i = pool.index(in);
  carc_game* g = pool.game(i);
  if (tracing()) std::fprintf(stderr, "step: op %d on slot %d%s\n", op, i, g ? "" : " (NULL)");
  switch (op) {
    case kMovePack: {
      const int t = in.number(), x = in.number(), y = in.number(), r = in.number(), f = in.number(), l = in.number();
      const carc_move m = carc_move_pack(t, x, y, r, f, l);
      const bool figure_ok = f == CARC_FIGURE_RECALL ? l == CARC_LOC_NONE
                                                     : f >= CARC_FIGURE_MEEPLE && f <= CARC_FIGURE_PIG &&
                                                           (f == CARC_FIGURE_MEEPLE || l != CARC_LOC_NONE);
      const bool in_range = t >= 0 && t < CARC_TILE_TYPES && x >= -128 && x <= 127 && y >= -128 && y <= 127 &&
                            (r == 0 || r == 90 || r == 180 || r == 270) &&
                            ((l >= 0 && l <= CARC_LOC_CF) || l == CARC_LOC_NONE) && figure_ok;
      INVARIANT((m != CARC_MOVE_INVALID) == in_range, "pack");
      if (in_range) {
        int a[6];
        INVARIANT(carc_move_unpack(m, &a[0], &a[1], &a[2], &a[3], &a[4], &a[5]) == CARC_OK, "unpack of a packed move");
        INVARIANT(a[0] == t && a[1] == x && a[2] == y && a[3] == r && a[4] == f && a[5] == l, "pack/unpack round trip");
      }
      break;
    }
    case kMoveUnpack: {
      const carc_move m = move_arg(in, g);
      int a[6] = {-7, -7, -7, -7, -7, -7};
      const uint8_t nulls = in.byte();
      int* p[6];
      for (int k = 0; k < 6; ++k) p[k] = (nulls >> k & 1) ? nullptr : &a[k];
      const std::string was = carc_game_errmsg(nullptr);
      const int s = carc_move_unpack(m, p[0], p[1], p[2], p[3], p[4], p[5]);
      check_thread_status(s, "carc_move_unpack", was);
      if (s == CARC_OK) check_move_bits(m, "an unpacked move");
      if (s == CARC_OK && !(nulls & 63)) {  // pack takes no other tile: an action on one gets its bits here
        const carc_move other = m & (kElsewhere | carc_move{0xFFFF} << 40);
        carc_move packed = carc_move_pack(a[0], a[1], a[2], a[3], other ? CARC_FIGURE_MEEPLE : a[4], other ? CARC_LOC_NONE : a[5]);
        if (other && packed != CARC_MOVE_INVALID)
          packed = with_figure((packed & ~(carc_move{15} << 18)) | static_cast<carc_move>(a[5]) << 18, a[4]) | other;
        INVARIANT(packed == m, "unpack/pack round trip");
      }
      break;
    }
    case kMoveFormat: {
      const carc_move m = move_arg(in, g);
      const TextBuf b = text_arg(in, [&](char* buf, size_t size) { return carc_move_format(m, buf, size); });
      const std::string was = carc_game_errmsg(nullptr);
      const int s = carc_move_format(m, b.data.get(), b.size);
      check_thread_status(s, "carc_move_format", was);
      if (s >= 0) {
        const std::string full = whole_text([&](char* buf, size_t size) { return carc_move_format(m, buf, size); });
        check_text_out(s, b, [&] { return full; });
        INVARIANT(full.size() < CARC_MOVE_TEXT_SIZE, full);
        carc_move back = CARC_MOVE_INVALID;
        INVARIANT(carc_move_parse(full.c_str(), &back) == CARC_OK && back == m, "format/parse round trip: " + full);
      }
      break;
    }
    case kMoveParse: {
      const std::string text = move_text_arg(in, g);
      const uint8_t nulls = in.byte();
      carc_move m = 0x12345678;
      const std::string was = carc_game_errmsg(nullptr);
      const int s = carc_move_parse(nulls & 1 ? nullptr : text.c_str(), nulls & 2 ? nullptr : &m);
      check_thread_status(s, "carc_move_parse", was);
      if (nulls & 3) INVARIANT(s == CARC_EINVAL, "parse with NULL");
      if (s == CARC_OK) {
        char buf[CARC_MOVE_TEXT_SIZE];
        INVARIANT(carc_move_format(m, buf, sizeof buf) > 0, "format of a parsed move");
        carc_move again = CARC_MOVE_INVALID;
        INVARIANT(carc_move_parse(buf, &again) == CARC_OK && again == m, "parse/format round trip: " + text);
      } else {
        INVARIANT(m == 0x12345678, "a failed parse wrote the move");
      }
      break;
    }
    case kNames: {
      const int v = in.number();
      const char* loc = carc_location_name(v);
      INVARIANT(((v >= 0 && v <= CARC_LOC_TW) || v == CARC_LOC_NONE) == (loc != nullptr), "location name");
      const char* kind = carc_feature_name(v);
      INVARIANT((v >= 0 && v <= CARC_FEATURE_GARDEN) == (kind != nullptr), "feature name");
      const char* figure = carc_figure_name(v);
      INVARIANT((v >= 0 && v <= CARC_FIGURE_BARN) == (figure != nullptr), "figure name");
      INVARIANT((v >= 0 && v <= CARC_FIGURE_BARN) == (carc_figure_reach(v) != 0), "figure reach");
      INVARIANT((v >= CARC_LEGAL && v <= CARC_WHY_RANSOM_COMMITS) == (carc_why_text(v) != nullptr), "why text");
      INVARIANT(carc_errstr(v) != nullptr && *carc_errstr(v), "errstr");
      INVARIANT(carc_version_number() == CARC_VERSION_NUMBER && carc_version_string() != nullptr, "version");
      INVARIANT(carc_game_errmsg(g) != nullptr, "errmsg");
      // carc_constant: the table's index-th entry, or CARC_ERANGE past it.
      const char* name = nullptr;
      int64_t value = 0;
      const std::string was = carc_game_errmsg(nullptr);
      const int cs = carc_constant(v, in.byte() % 8 ? &name : nullptr, in.byte() % 8 ? &value : nullptr);
      check_thread_status(cs, "carc_constant", was);
      INVARIANT(cs == CARC_OK || cs == (v < 0 ? CARC_EINVAL : CARC_ERANGE), "constant status");
      if (cs == CARC_OK && name) INVARIANT(std::string(name).rfind("CARC_", 0) == 0, "constant name");
      break;
    }
    case kNew:
    case kNewWithOrder: {
      const bool null_out = in.byte() % 8 == 0;
      const int players = in.number() % 8;
      carc_game* made = reinterpret_cast<carc_game*>(&pool);  // must become NULL on failure
      int s;
      std::string was = carc_game_errmsg(nullptr);
      if (op == kNew) {
        s = carc_game_new(null_out ? nullptr : &made, players, in.u64());
      } else {
        const std::string tiles = in.text();
        was = carc_game_errmsg(nullptr);
        s = carc_game_new_with_order(null_out ? nullptr : &made, players, in.byte() % 8 ? tiles.c_str() : nullptr);
      }
      check_thread_status(s, op == kNew ? "carc_game_new" : "carc_game_new_with_order", was);
      if (constructed(s, null_out, made, players)) pool.put(i, made);
      break;
    }
    case kClone: {
      const int dst = pool.index(in);
      carc_game* made = nullptr;
      const bool null_out = in.byte() % 8 == 0;
      const int s = on_game(g, false, "carc_game_clone", [&] { return carc_game_clone(null_out ? nullptr : &made, g); });
      if (s == CARC_OK) {
        INVARIANT(made && snapshot(made) == snapshot(g), "a clone differs");
        pool.put(dst, made);
      } else {
        INVARIANT(made == nullptr, "a failed clone");
      }
      break;
    }
    case kCopy: {
      const carc_game* src = pool.game(pool.index(in));
      Snapshot want;
      if (src) want = snapshot(src);
      const int s = on_game(g, true, "carc_game_copy", [&] { return carc_game_copy(g, src); });
      if (g && !src) INVARIANT(s == CARC_EINVAL, "copy from NULL");
      if (s == CARC_OK) INVARIANT(snapshot(g) == want, "a copy differs");
      break;
    }
    case kFree: pool.put(i, nullptr); break;
    case kSetOption: {
      const int option = in.number() % 12, value = in.number() % 3;  // 0 and 11 are no option
      on_game(g, true, "carc_game_set_option", [&] { return carc_game_set_option(g, option, value); });
      break;
    }
    case kOption: {
      const int option = in.number();
      const int s = on_game(g, false, "carc_game_option", [&] { return carc_game_option(g, option); });
      INVARIANT(s == CARC_EINVAL || s == 0 || s == 1, "option value");
      break;
    }
    case kGetters: {
      const int p = in.number();
      on_game(g, false, "carc_game_players", [&] { return carc_game_players(g); });
      on_game(g, false, "carc_game_current_player", [&] { return carc_game_current_player(g); });
      on_game(g, false, "carc_game_phase", [&] { return carc_game_phase(g); });
      on_game(g, false, "carc_game_current_tile", [&] { return carc_game_current_tile(g); });
      on_game(g, false, "carc_game_score", [&] { return carc_game_score(g, p); });
      on_game(g, false, "carc_game_supply", [&] { return carc_game_supply(g, p); });
      on_game(g, false, "carc_game_tiles_remaining", [&] { return carc_game_tiles_remaining(g); });
      on_game(g, false, "carc_game_winners", [&] { return carc_game_winners(g); });
      on_game(g, false, "carc_game_tile_count", [&] { return carc_game_tile_count(g); });
      on_game(g, false, "carc_game_meeple_count", [&] { return carc_game_meeple_count(g); });
      on_game(g, false, "carc_game_turns_played", [&] { return carc_game_turns_played(g); });
      break;
    }
    case kRemainingByType: {
      Array<int32_t> a = array_arg<int32_t>(in, CARC_TILE_TYPES);
      const int s = on_game(g, false, "carc_game_tiles_remaining_by_type",
                            [&] { return carc_game_tiles_remaining_by_type(g, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_game_tiles_remaining_by_type");
      break;
    }
    case kPlacements:
    case kMeepleLocations:
    case kFrontier:
    case kFeatureTiles: {
      int x = 0, y = 0;
      if (op == kFeatureTiles) xy_arg(in, g, x, y);
      const int loc = in.number();  // placements: a tile type (loc >= 0, CARC_TILE_TYPES and up name none) for placements_for
      const bool named = op == kPlacements && loc >= 0;
      const char* name = named                    ? "carc_game_placements_for"
                         : op == kPlacements      ? "carc_game_placements"
                         : op == kMeepleLocations ? "carc_game_meeple_locations"
                         : op == kFrontier        ? "carc_game_frontier"
                                                  : "carc_game_feature_tiles";
      // One call for every list, on placements' own element type; the frontier's capacity
      // counts cells of CARC_CELL_FIELDS values each, placements' moves of two.
      auto list = [&](void* buf, int capacity, int* count) {
        switch (op) {
          case kPlacements:
            if (named) return carc_game_placements_for(g, loc, static_cast<carc_move*>(buf), capacity, count);
            return carc_game_placements(g, static_cast<carc_move*>(buf), capacity, count);
          case kMeepleLocations: return carc_game_meeple_locations(g, static_cast<int32_t*>(buf), capacity, count);
          case kFrontier: return carc_game_frontier(g, static_cast<int32_t*>(buf), capacity, count);
          default: return carc_game_feature_tiles(g, x, y, loc, static_cast<int32_t*>(buf), capacity, count);
        }
      };
      const int need = g ? needed(list) : 0;
      // A move is two int32_t (operator new[] aligns the block for any type).
      const int per = op == kFrontier ? CARC_CELL_FIELDS : op == kPlacements ? 2 : 1;
      Array<int32_t> a = array_arg<int32_t>(in, need * per);
      const int capacity = a.capacity > 0 ? a.capacity / per : a.capacity;
      const bool null_count = in.byte() % 8 == 0;
      int count = -7;
      const int s = on_game(g, false, name, [&] { return list(a.ptr(), capacity, null_count ? nullptr : &count); });
      if (g && null_count) INVARIANT(s == CARC_EINVAL, std::string(name) + " with a NULL count");
      check_capacity_rule(s, capacity, g, name);
      if (s == CARC_OK) INVARIANT(count == need && (!a.ptr() || count <= capacity), std::string(name) + " count");
      if (s == CARC_ERANGE) INVARIANT(count == need && count > capacity, std::string(name) + ": CARC_ERANGE");
      break;
    }
    case kPlace: {
      const carc_move m = move_arg(in, g);
      on_game(g, true, "carc_game_place", [&] { return carc_game_place(g, m); });
      break;
    }
    case kDeploy: {
      const int loc = location_arg(in, g);
      on_game(g, true, "carc_game_deploy", [&] { return carc_game_deploy(g, loc); });
      break;
    }
    case kSkip: on_game(g, true, "carc_game_skip", [&] { return carc_game_skip(g); }); break;
    case kPlay: {
      const carc_move m = move_arg(in, g);
      on_game(g, true, "carc_game_play", [&] { return carc_game_play(g, m); });
      break;
    }
    case kPlayText: {
      const std::string text = move_text_arg(in, g);
      const bool null_text = in.byte() % 8 == 0;
      on_game(g, true, "carc_game_play_text",
              [&] { return carc_game_play_text(g, null_text ? nullptr : text.c_str()); });
      break;
    }
    case kPlayout: {
      const uint64_t seed = in.u64();
      const int flags = in.byte() % 3;  // 0, CARC_PLAYOUT_AS_DEALT, or an unknown bit
      const int s = on_game(g, true, "carc_game_playout", [&] { return carc_game_playout(g, seed, flags); });
      if (g && flags == 2) INVARIANT(s == CARC_EINVAL, "playout with an unknown flag");
      if (s == CARC_OK) INVARIANT(carc_game_phase(g) == CARC_PHASE_GAME_OVER, "a playout did not finish the game");
      break;
    }
    case kNewCallerDraws: {
      const bool null_out = in.byte() % 8 == 0;
      const int players = in.number() % 8;
      const bool whole_box = in.byte() % 2 == 0;
      const std::string tiles = whole_box ? std::string() : in.text();
      carc_game* made = reinterpret_cast<carc_game*>(&pool);  // must become NULL on failure
      const std::string was = carc_game_errmsg(nullptr);
      const int s = carc_game_new_caller_draws(null_out ? nullptr : &made, players, whole_box ? nullptr : tiles.c_str());
      check_thread_status(s, "carc_game_new_caller_draws", was);
      if (constructed(s, null_out, made, players)) {
        INVARIANT(carc_game_caller_draws(made) == 1, "a caller-draws game that draws by itself");
        pool.put(i, made);
      }
      break;
    }
    case kDraw: {
      // Mostly a tile that is face down, to reach deep positions; sometimes any number.
      int tile = in.number();
      int32_t counts[CARC_TILE_TYPES];
      if (g && in.byte() % 4 != 0 && carc_game_tiles_remaining_by_type(g, counts, CARC_TILE_TYPES) == CARC_OK) {
        int k = in.byte() % CARC_TILE_TYPES;
        for (int t = 0; t < CARC_TILE_TYPES * 2; ++t)
          if (counts[t % CARC_TILE_TYPES] > 0 && k-- <= 0) {
            tile = t % CARC_TILE_TYPES;
            break;
          }
      }
      const int phase = g ? carc_game_phase(g) : -1;
      const int s = on_game(g, true, "carc_game_draw", [&] { return carc_game_draw(g, tile); });
      if (g && phase != CARC_PHASE_DRAW) INVARIANT(s < 0, "a draw outside the draw phase");
      if (s == CARC_OK) INVARIANT(carc_game_phase(g) != CARC_PHASE_PLACE_MEEPLE, "a draw placed a tile");
      break;
    }
    case kRedeal: {
      const uint64_t seed = in.u64();
      const std::string before = g ? public_record_of(g) : std::string();
      const int s = on_game(g, true, "carc_game_redeal", [&] { return carc_game_redeal(g, seed); });
      if (s == CARC_OK) {
        INVARIANT(carc_game_caller_draws(g) == 0 && carc_game_phase(g) != CARC_PHASE_DRAW, "a re-dealt game waits");
        if (before.find("\ndraw ") == std::string::npos && before.find("to draw\n") == std::string::npos)
          INVARIANT(public_record_of(g) == before, "a re-deal changed the public state");
      }
      break;
    }
    case kSavePublic: {
      const TextBuf b = text_arg(in, [&](char* buf, size_t size) { return g ? carc_game_save_public(g, buf, size) : 0; });
      const int s = on_game(g, false, "carc_game_save_public", [&] { return carc_game_save_public(g, b.data.get(), b.size); });
      if (g) {
        const std::string text = public_record_of(g);
        check_text_out(s, b, [&] { return text; });
        INVARIANT(text.find("\nseed ") == std::string::npos && text.find("\norder ") == std::string::npos,
                  "a public record tells the pile");
        carc_game* loaded = nullptr;
        INVARIANT(carc_game_load(&loaded, text.c_str(), nullptr) == CARC_OK, "a public record does not load");
        INVARIANT(carc_game_caller_draws(loaded) == 1 && public_record_of(loaded) == text, "public record round trip");
        carc_game_free(loaded);
      }
      break;
    }
    case kBankedScores: {
      Array<int32_t> a = array_arg<int32_t>(in, g ? carc_game_players(g) : 0);
      const int s = on_game(g, false, "carc_game_banked_scores", [&] { return carc_game_banked_scores(g, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_game_banked_scores");
      if (s == CARC_OK && carc_game_phase(g) != CARC_PHASE_GAME_OVER)
        for (int p = 0; p < carc_game_players(g); ++p) INVARIANT(a.ptr()[p] == carc_game_score(g, p), "banked score in play");
      break;
    }
    case kDiscards:
    case kMeepleLocationsFor: {
      const carc_move m = move_arg(in, g);
      const char* name = op == kDiscards ? "carc_game_discards" : "carc_game_meeple_locations_for";
      auto list = [&](int32_t* buf, int capacity, int* count) {
        return op == kDiscards ? carc_game_discards(g, buf, capacity, count)
                               : carc_game_meeple_locations_for(g, m, buf, capacity, count);
      };
      const int need = g ? needed(list) : 0;
      Array<int32_t> a = array_arg<int32_t>(in, need);
      int count = -7;
      const int s = on_game(g, false, name, [&] { return list(a.ptr(), a.capacity, &count); });
      check_capacity_rule(s, a.capacity, g, name);
      if (s == CARC_OK) INVARIANT(count == need && (!a.ptr() || count <= a.capacity), std::string(name) + " count");
      if (s == CARC_ERANGE) INVARIANT(count == need && count > a.capacity, std::string(name) + ": CARC_ERANGE");
      if (s == CARC_OK && op == kDiscards && a.ptr())
        for (int k = 0; k < count; ++k) INVARIANT(a.ptr()[k] >= 0 && a.ptr()[k] < CARC_TILE_TYPES, "discarded tile");
      break;
    }
    case kRollouts: {
      const uint64_t seed = in.u64();
      const int count = in.byte() % 3, flags = in.byte() % 3;
      Array<int64_t> sums = array_arg<int64_t>(in, g ? carc_game_players(g) : 0);
      Array<int32_t> wins = array_arg<int32_t>(in, sums.capacity);
      const int capacity = std::min(sums.capacity, wins.capacity);
      const int s = on_game(g, false, "carc_game_rollouts",
                            [&] { return carc_game_rollouts(g, seed, count, flags, sums.ptr(), wins.ptr(), capacity); });
      check_capacity_rule(s, capacity, g, "carc_game_rollouts");
      if (s == CARC_OK)
        for (int p = 0; p < carc_game_players(g); ++p)
          INVARIANT(sums.ptr()[p] >= 0 && wins.ptr()[p] >= 0 && wins.ptr()[p] <= count, "rollout sums");
      break;
    }
    case kPollEvent: {
      Array<int32_t> a = array_arg<int32_t>(in, CARC_EVENT_FIELDS);
      const int s = on_game(g, true, "carc_game_poll_event", [&] { return carc_game_poll_event(g, a.ptr(), a.capacity); });
      INVARIANT(s < 0 || s == 0 || s == 1, "poll_event");
      check_capacity_rule(s, a.capacity, g, "carc_game_poll_event");
      // A capacity of 0.3's 20 fields takes the event without its figure.
      std::array<int32_t, CARC_EVENT_FIELDS> full{};
      if (s == 1) std::copy(a.ptr(), a.ptr() + std::min(a.capacity, static_cast<int>(CARC_EVENT_FIELDS)), full.begin());
      if (s == 1) {
        const int32_t* f = full.data();
        check_event(f, carc_game_players(g), a.capacity >= CARC_EVENT_FIELDS);
        char text[128];
        const int len = carc_event_text(f, a.capacity >= CARC_EVENT_FIELDS ? CARC_EVENT_FIELDS : CARC_EVENT_FIELDS_0_3, text, sizeof text);
        std::string fields;
        for (int k = 0; k < CARC_EVENT_FIELDS; ++k) fields += " " + std::to_string(f[k]);
        INVARIANT(len > 0 && len < static_cast<int>(sizeof text) && std::strlen(text) == static_cast<size_t>(len),
                  "an event's own fields make its sentence (" + std::to_string(len) + ", " + carc_game_errmsg(nullptr) +
                      "); its fields:" + fields);
      }
      // carc_event_text on the event with one field changed (or on zeros): a sentence, cut
      // like snprintf, or CARC_EINVAL.
      std::array<int32_t, CARC_EVENT_FIELDS> fields = full;
      fields[in.byte() % CARC_EVENT_FIELDS] = in.number();
      const int count = in.byte() % 8 ? CARC_EVENT_FIELDS : in.number();
      const bool null_fields = in.byte() % 16 == 0, null_buf = in.byte() % 16 == 0;
      std::vector<char> buf(in.byte(), 'x');
      const std::string was = carc_game_errmsg(nullptr);
      const int ts = carc_event_text(null_fields ? nullptr : fields.data(), count, null_buf ? nullptr : buf.data(), buf.size());
      check_thread_status(ts, "carc_event_text", was);
      INVARIANT(ts >= 0 || ts == CARC_EINVAL, "carc_event_text status");
      if (ts >= 0 && !buf.empty() && !null_buf)
        INVARIANT(std::strlen(buf.data()) == std::min(static_cast<size_t>(ts), buf.size() - 1), "event text cut like snprintf");
      if (ts < 0) INVARIANT(std::all_of(buf.begin(), buf.end(), [](char ch) { return ch == 'x'; }), "a refusal writes nothing");
      break;
    }
    case kTiles: {
      const int index = in.number();
      int x, y;
      xy_arg(in, g, x, y);
      int out[4] = {-7, -7, -7, -7};
      const uint8_t nulls = in.byte() % 4 == 0 ? in.byte() : 0;
      int* p[4];
      for (int k = 0; k < 4; ++k) p[k] = (nulls >> k & 1) ? nullptr : &out[k];
      const int s = on_game(g, false, "carc_game_tile", [&] { return carc_game_tile(g, index, p[0], p[1], p[2], p[3]); });
      if (nulls & 15) INVARIANT(s < 0, "tile with a NULL out pointer");
      const int at = on_game(g, false, "carc_game_tile_at", [&] { return carc_game_tile_at(g, x, y, p[2], p[3]); });
      if (nulls & 12) INVARIANT(at < 0, "tile_at with a NULL out pointer");
      INVARIANT(at < 0 || at == 0 || at == 1, "tile_at");
      break;
    }
    case kFeatureKind: {
      int x, y;
      xy_arg(in, g, x, y);
      const int loc = in.number() % 20;
      const int s = on_game(g, false, "carc_game_feature_kind", [&] { return carc_game_feature_kind(g, x, y, loc); });
      INVARIANT(s < 0 || s <= CARC_FEATURE_GARDEN, "feature kind");
      break;
    }
    case kMeeples: {
      const int index = in.number();
      int out[5];
      const uint8_t nulls = in.byte() % 4 == 0 ? in.byte() : 0;
      int* p[5];
      for (int k = 0; k < 5; ++k) p[k] = (nulls >> k & 1) ? nullptr : &out[k];
      const int s = on_game(g, false, "carc_game_meeple",
                            [&] { return carc_game_meeple(g, index, p[0], p[1], p[2], p[3], p[4]); });
      if (nulls & 31) INVARIANT(s < 0, "meeple with a NULL out pointer");
      break;
    }
    case kSave: {
      const TextBuf b = text_arg(in, [&](char* buf, size_t size) { return g ? carc_game_save(g, buf, size) : 0; });
      const int s = on_game(g, false, "carc_game_save", [&] { return carc_game_save(g, b.data.get(), b.size); });
      if (g) check_text_out(s, b, [&] { return record_of(g); });
      break;
    }
    case kLoad: {
      const std::string text = record_arg(in, pool);
      const uint8_t nulls = in.byte();
      carc_game* made = reinterpret_cast<carc_game*>(&pool);
      int line = -7;
      const bool null_out = nulls % 8 == 0, null_text = nulls % 16 == 1, null_line = nulls % 4 == 2;
      const std::string was = carc_game_errmsg(nullptr);
      const int s = carc_game_load(null_out ? nullptr : &made, null_text ? nullptr : text.c_str(),
                                   null_line ? nullptr : &line);
      if (tracing()) std::fprintf(stderr, "  carc_game_load -> %d %s\n", s, carc_game_errmsg(nullptr));
      check_thread_status(s, "carc_game_load", was);
      INVARIANT(s <= 0, "load");
      if (null_out || null_text) {
        INVARIANT(s == CARC_EINVAL, "load with NULL");
      } else if (s == CARC_OK) {
        INVARIANT(made && (null_line || line == 0), "load");
        check_game(made);
        pool.put(i, made);
      } else {
        INVARIANT(made == nullptr && (s == CARC_EINVAL || s == CARC_EILLEGAL), "a failed load");
        INVARIANT(null_line || line >= 1, "a failed load names no line");
        INVARIANT(std::string(carc_game_errmsg(nullptr)).rfind("carc_game_load: line ", 0) == 0,
                  carc_game_errmsg(nullptr));
      }
      break;
    }
    case kTurnMove: {
      const int turn = in.number();
      const bool null_move = in.byte() % 8 == 0;
      carc_move m = 0;
      const int s = on_game(g, false, "carc_game_turn_move",
                            [&] { return carc_game_turn_move(g, turn, null_move ? nullptr : &m); });
      if (s == CARC_OK) check_move_bits(m, "carc_game_turn_move");
      break;
    }
    case kUndo: on_game(g, true, "carc_game_undo", [&] { return carc_game_undo(g); }); break;
    case kRewind: {
      const int turns = in.number();
      const int s = on_game(g, true, "carc_game_rewind", [&] { return carc_game_rewind(g, turns); });
      if (s == CARC_OK) INVARIANT(carc_game_turns_played(g) == turns, "rewind");
      break;
    }
    case kProbabilities: {
      Array<double> a = array_arg<double>(in, CARC_TILE_TYPES);
      const int s = on_game(g, false, "carc_game_next_tile_probabilities",
                            [&] { return carc_game_next_tile_probabilities(g, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_game_next_tile_probabilities");
      if (s == CARC_OK) {
        double sum = 0;
        for (int t = 0; t < CARC_TILE_TYPES; ++t) {
          INVARIANT(a.ptr()[t] >= 0 && a.ptr()[t] <= 1, "probability");
          sum += a.ptr()[t];
        }
        INVARIANT(sum == 0 ? carc_game_tiles_remaining(g) == 0 : (sum > 0.999 && sum < 1.001), "probabilities");
      }
      break;
    }
    case kFittingRotations: {
      const int tile = in.number() % (CARC_TILE_TYPES + 6);  // a few past the last type
      int x, y;
      xy_arg(in, g, x, y);
      const int s = on_game(g, false, "carc_game_fitting_rotations",
                            [&] { return carc_game_fitting_rotations(g, tile, x, y); });
      INVARIANT(s < 0 || s <= 15, "rotation mask");
      break;
    }
    case kScores: {
      Array<int32_t> a = array_arg<int32_t>(in, g ? carc_game_players(g) : 0);
      int s = on_game(g, false, "carc_game_scores", [&] { return carc_game_scores(g, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_game_scores");
      s = on_game(g, false, "carc_game_projected_scores", [&] { return carc_game_projected_scores(g, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_game_projected_scores");
      break;
    }
    case kInspectFeature: {
      Array<int32_t> a = array_arg<int32_t>(in, CARC_FEATURE_INFO_FIELDS);
      int x, y;
      xy_arg(in, g, x, y);
      const int loc = in.number() % 20;
      const int s = on_game(g, false, "carc_game_inspect_feature",
                            [&] { return carc_game_inspect_feature(g, x, y, loc, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_game_inspect_feature");
      if (s == CARC_OK) {
        const int32_t* f = a.ptr();
        INVARIANT(f[CARC_FI_KIND] >= 0 && f[CARC_FI_KIND] <= CARC_FEATURE_GARDEN && f[CARC_FI_TILES] >= 1 &&
                      f[CARC_FI_TILES] <= CARC_MAX_TILES && f[CARC_FI_VALUE_COMPLETE] >= 0 && f[CARC_FI_VALUE_END] >= 0,
                  "feature info");
        INVARIANT(f[CARC_FI_KIND] == carc_game_feature_kind(g, x, y, loc), "inspect and feature_kind disagree");
      }
      break;
    }
    case kRenderSvg:
    case kRenderText:
    case kTileRender: {
      const int flags = in.number() % 64, pixels = in.number(), tile = in.number() % (CARC_TILE_TYPES + 6);
      const int rot = in.byte() % 2 ? 90 * (in.number() % 5) : in.number();
      const uint8_t which = in.byte() % 2;
      auto call = [&](char* buf, size_t size) {
        if (op == kRenderSvg) return carc_game_render_svg(g, flags, pixels, buf, size);
        if (op == kRenderText) return carc_game_render_text(g, flags, buf, size);
        return which ? carc_tile_render_svg(tile, rot, pixels, buf, size) : carc_tile_render_text(tile, rot, buf, size);
      };
      const TextBuf b = text_arg(in, call);
      if (op == kTileRender) {
        const std::string was = carc_game_errmsg(nullptr);
        const int s = call(b.data.get(), b.size);
        check_thread_status(s, "carc_tile_render_*", was);
        check_text_out(s, b, [&] { return whole_text(call); });
        break;
      }
      const int s = on_game(g, false, "carc_game_render_*", [&] { return call(b.data.get(), b.size); });
      if (g) check_text_out(s, b, [&] { return whole_text(call); });
      break;
    }
    case kTurns: {  // up to 32 legal turns, a byte each: deep positions from short inputs
      const int turns = 1 + in.byte() % 32;
      std::vector<carc_choice> choices(CARC_MAX_CHOICES);
      for (int t = 0; t < turns && g; ++t) {
        const uint8_t b = in.byte();
        int32_t kind = CARC_DECISION_NONE;
        carc_game_decision(g, &kind, nullptr);
        if (kind == CARC_DECISION_BONUS) {  // the builder's bonus tile: taken or passed on
          INVARIANT(on_game(g, true, "carc_game_take_bonus/pass",
                            [&] { return b & 1 ? carc_game_pass(g) : carc_game_take_bonus(g); }) == CARC_OK,
                    "a bonus refused in the bonus phase");
          continue;
        }
        if (kind == CARC_DECISION_DRAGON || kind == CARC_DECISION_CAPTURE || kind == CARC_DECISION_ABBEY ||
            kind == CARC_DECISION_WAGON) {  // a dragon's step, a capture, the abbey or a wagon's move: a listed one
          int32_t n = 0;
          INVARIANT(carc_game_choices(g, choices.data(), CARC_MAX_CHOICES, &n) == CARC_OK && n >= 1,
                    "an expansion's decision with no option");
          INVARIANT(on_game(g, true, "carc_game_decide", [&] { return carc_game_decide(g, choices[b % n]); }) == CARC_OK,
                    "a listed step of the dragon, capture, abbey or wagon refused");
          continue;
        }
        if (carc_game_phase(g) == CARC_PHASE_PLACE_MEEPLE) {  // the abbey just placed (a decision): its figure step, none
          INVARIANT(on_game(g, true, "carc_game_skip", [&] { return carc_game_skip(g); }) == CARC_OK, "no figure refused");
          continue;
        }
        if (carc_game_phase(g) != CARC_PHASE_PLACE_TILE) break;
        if (b & 0x40) {  // a ransom (The Tower) if one is listed: first among the placement decision's options
          int32_t n = 0;
          INVARIANT(carc_game_choices(g, choices.data(), CARC_MAX_CHOICES, &n) == CARC_OK && n >= 1, "no placement");
          int ransoms = 0;
          while (ransoms < n && choices[static_cast<size_t>(ransoms)] >> 60 == 1) ++ransoms;
          if (ransoms > 0) {
            const carc_choice c = choices[static_cast<size_t>(b % ransoms)];
            INVARIANT(on_game(g, true, "carc_game_decide", [&] { return carc_game_decide(g, c); }) == CARC_OK,
                      "a listed ransom refused");
            continue;
          }
        }
        carc_move legal[CARC_MAX_PLACEMENTS];
        carc_move actions[CARC_MAX_FIGURE_ACTIONS];
        int n = 0, k = 0;
        on_game(g, false, "carc_game_placements", [&] { return carc_game_placements(g, legal, CARC_MAX_PLACEMENTS, &n); });
        INVARIANT(on_game(g, true, "carc_game_place", [&] { return carc_game_place(g, legal[b % n]); }) == CARC_OK,
                  "a listed placement is refused");
        on_game(g, false, "carc_game_figure_actions",
                [&] { return carc_game_figure_actions(g, actions, CARC_MAX_FIGURE_ACTIONS, &k); });
        int figure = CARC_FIGURE_MEEPLE, loc = CARC_LOC_NONE;
        const bool acts = !(b & 0x80) && k > 0;
        const carc_move action = acts ? actions[(b >> 3) % k] : 0;
        if (acts && (action & kElsewhere)) {  // on another tile: carc_game_act cannot name it, its choice can
          INVARIANT(on_game(g, true, "carc_game_decide", [&] { return carc_game_decide(g, figure_choice(action)); }) == CARC_OK,
                    "a listed figure action on another tile is refused");
          continue;
        }
        if (acts)
          INVARIANT(carc_move_unpack(action, nullptr, nullptr, nullptr, nullptr, &figure, &loc) == CARC_OK,
                    "a listed figure action does not unpack");
        INVARIANT(on_game(g, true, "carc_game_act", [&] { return carc_game_act(g, figure, loc); }) == CARC_OK,
                  "a listed figure action is refused");
      }
      break;
    }
    case kFigureActions:
    case kFigureActionsFor: {
      const carc_move m = move_arg(in, g);
      const char* name = op == kFigureActions ? "carc_game_figure_actions" : "carc_game_figure_actions_for";
      auto list = [&](carc_move* buf, int capacity, int* count) {
        return op == kFigureActions ? carc_game_figure_actions(g, buf, capacity, count)
                                    : carc_game_figure_actions_for(g, m, buf, capacity, count);
      };
      int need = 0;
      if (g) {
        int k = 0;
        list(nullptr, 0, &k);
        need = k;
      }
      Array<carc_move> a = array_arg<carc_move>(in, need);
      const bool null_count = in.byte() % 8 == 0;
      int count = -7;
      const int s = on_game(g, false, name, [&] { return list(a.ptr(), a.capacity, null_count ? nullptr : &count); });
      if (g && null_count) INVARIANT(s == CARC_EINVAL, std::string(name) + " with a NULL count");
      check_capacity_rule(s, a.capacity, g, name);
      if (s == CARC_OK) {
        INVARIANT(count == need && count <= CARC_MAX_FIGURE_ACTIONS && (!a.ptr() || count <= a.capacity),
                  std::string(name) + " count");
        for (int k = 0; a.ptr() && k < count; ++k) {  // each listed action is legal: check says so
          const carc_move m = a.ptr()[k];
          check_move_bits(m, name);
          if (op == kFigureActions) INVARIANT(carc_game_check(g, m) == CARC_LEGAL, "a listed action is not legal");
          // One on another tile names a placed tile, not the one just placed (which holds no
          // figure yet; but a piece goes onto a foundation there, placed or about to be), and
          // comes after those on the tile.
          int x, y, t, r, figure, loc;
          INVARIANT(carc_move_unpack(m, nullptr, &x, &y, nullptr, &figure, &loc) == CARC_OK, name);
          const int ox = static_cast<int8_t>(m >> 40 & 0xFF), oy = static_cast<int8_t>(m >> 48 & 0xFF);
          const bool here = ox == x && oy == y;
          const bool placed = carc_game_tile_at(g, ox, oy, &t, &r) == 1;
          if (m & kElsewhere && loc == CARC_LOC_TW)
            INVARIANT(carc_game_option(g, CARC_OPT_TOWER) == 1 &&
                          (here ? figure == CARC_FIGURE_TOWER_PIECE && (op == kFigureActionsFor || placed)
                                : carc_game_tower_at(g, ox, oy, nullptr, nullptr, nullptr) == 1),
                      std::string(name) + ": an action on a tower");
          else if (m & kElsewhere)
            INVARIANT(carc_game_option(g, CARC_OPT_PRINCESS_AND_DRAGON) == 1 && placed && !here,
                      std::string(name) + ": an action on another tile");
          else
            INVARIANT(k == 0 || !(a.ptr()[k - 1] & kElsewhere), std::string(name) + ": an action on the tile after one elsewhere");
        }
      }
      if (s == CARC_ERANGE) INVARIANT(count == need && count > a.capacity, std::string(name) + ": CARC_ERANGE");
      break;
    }
    case kAct: {
      int figure = in.number(), loc = in.number();
      bool listed = false;
      carc_move action = 0;
      if (g && in.byte() % 4 != 0) {  // mostly a listed action, to reach abbots, recalls, the fairy ...
        std::vector<carc_move> actions(CARC_MAX_FIGURE_ACTIONS);
        int k = 0;
        if (carc_game_figure_actions(g, actions.data(), CARC_MAX_FIGURE_ACTIONS, &k) == CARC_OK && k > 0) {
          action = actions[in.byte() % k];
          listed = carc_move_unpack(action, nullptr, nullptr, nullptr, nullptr, &figure, &loc) == CARC_OK;
        }
      }
      if (listed && (action & kElsewhere)) {  // on another tile, which only a choice (or a whole move) names
        INVARIANT(on_game(g, true, "carc_game_decide", [&] { return carc_game_decide(g, figure_choice(action)); }) == CARC_OK,
                  "a listed figure action on another tile is refused");
        break;
      }
      const int s = on_game(g, true, "carc_game_act", [&] { return carc_game_act(g, figure, loc); });
      if (listed) INVARIANT(s == CARC_OK, "a listed figure action is refused");
      break;
    }
    case kCheck: {
      const carc_move m = move_arg(in, g);
      const int s = on_game(g, false, "carc_game_check", [&] { return carc_game_check(g, m); });
      INVARIANT(s < 0 || carc_why_text(s) != nullptr, "a check reason without a text: " + std::to_string(s));
      // Check says what play does, in the bonus phase too (where play takes the bonus tile first).
      const int phase = g ? carc_game_phase(g) : -1;
      if ((s >= 0 || s == CARC_EINVAL) && (phase == CARC_PHASE_PLACE_TILE || phase == CARC_PHASE_DECIDE))
        INVARIANT((s == CARC_LEGAL) == (play_on_clone(g, m) == CARC_OK), "check and play disagree");
      break;
    }
    case kBot: {
      // The bots change nothing, and their move is legal: in the tile phase a whole turn
      // that play takes (greedy and MCTS value every move through the end-game projection).
      const int level = in.byte() % 4;  // random, greedy, mcts, or a level that does not exist
      const int iterations = 1 + in.byte() % 3;
      const uint64_t seed = in.u64();
      carc_move m = 0;
      const int s = on_game(g, false, "carc_bot_choose", [&] { return carc_bot_choose(g, level, iterations, 0, 1, seed, &m); });
      if (g && level == 3) INVARIANT(s == CARC_EINVAL, "a bot level that does not exist");
      if (s == CARC_OK) check_move_bits(m, "carc_bot_choose");
      if (s == CARC_OK && carc_game_phase(g) == CARC_PHASE_PLACE_TILE) {
        INVARIANT(carc_game_check(g, m) == CARC_LEGAL, "a bot's move that check refuses");
        INVARIANT(play_on_clone(g, m) == CARC_OK, "a bot's move that play refuses");
      }
      break;
    }
    case kFigureSupply: {
      const int p = in.number(), f = in.number();
      const int s = on_game(g, false, "carc_game_figure_supply", [&] { return carc_game_figure_supply(g, p, f); });
      INVARIANT(s < 0 || s <= CARC_MEEPLES_PER_PLAYER, "figure supply");
      break;
    }
    case kRiverEnd: {
      int out[3] = {-7, -7, -7};
      const uint8_t nulls = in.byte() % 4 == 0 ? in.byte() : 0;
      int* p[3];
      for (int k = 0; k < 3; ++k) p[k] = (nulls >> k & 1) ? nullptr : &out[k];
      const int s = on_game(g, false, "carc_game_river_end", [&] { return carc_game_river_end(g, p[0], p[1], p[2]); });
      if (nulls & 7) INVARIANT(s < 0, "river_end with a NULL out pointer");
      INVARIANT(s < 0 || s == 0 || (s == 1 && out[2] >= 0 && out[2] < 4), "river end");
      if (s == 1) {
        int t, r;
        INVARIANT(carc_game_tile_at(g, out[0], out[1], &t, &r) == 0, "the river's open end holds a tile");
      }
      break;
    }
    case kTileNames: {
      const int t = in.number();
      const char* name = carc_tile_name(t);
      INVARIANT((t >= 0 && t < CARC_TILE_TYPES) == (name != nullptr), "tile name");
      if (name) INVARIANT(carc_tile_from_name(name) == t && carc_tile_set(t) >= CARC_SET_BASE, "tile name round trip");
      const std::string text = in.text();
      const std::string was = carc_game_errmsg(nullptr);
      const int s = carc_tile_from_name(in.byte() % 8 ? text.c_str() : nullptr);
      check_thread_status(s, "carc_tile_from_name", was);
      if (s >= 0) INVARIANT(text == carc_tile_name(s), "tile_from_name of another id");
      const std::string was2 = carc_game_errmsg(nullptr);
      check_thread_status(carc_tile_set(t), "carc_tile_set", was2);
      break;
    }
    case kRlLegal: {
      auto list = [&](int32_t* buf, int capacity, int* count) { return carc_rl_legal_actions(g, buf, capacity, count); };
      const int need = g ? needed(list) : 0;
      Array<int32_t> a = array_arg<int32_t>(in, need);
      int count = -7;
      const int s = on_game(g, false, "carc_rl_legal_actions", [&] { return list(a.ptr(), a.capacity, &count); });
      check_capacity_rule(s, a.capacity, g, "carc_rl_legal_actions");
      if (s == CARC_OK) INVARIANT(count == need && (!a.ptr() || count <= a.capacity), "carc_rl_legal_actions count");
      if (s == CARC_ERANGE) INVARIANT(count == need && count > a.capacity, "carc_rl_legal_actions: CARC_ERANGE");
      if (s == CARC_OK && a.ptr()) {
        const bool chance = carc_game_phase(g) == CARC_PHASE_DRAW;
        const int n = chance ? CARC_RL_CHANCE_OUTCOMES : rl_actions(g);
        std::vector<uint8_t> mask(static_cast<size_t>(n));
        INVARIANT(on_game(g, false, "carc_rl_legal_mask", [&] { return carc_rl_legal_mask(g, mask.data(), n); }) == CARC_OK,
                  "carc_rl_legal_mask");
        INVARIANT(std::count(mask.begin(), mask.end(), 1) == count, "the mask and the list disagree");
        for (int k = 0; k < count; ++k) {
          INVARIANT(a.ptr()[k] >= 0 && a.ptr()[k] < n && mask[static_cast<size_t>(a.ptr()[k])] == 1, "a legal action");
          INVARIANT(k == 0 || a.ptr()[k - 1] < a.ptr()[k], "legal actions ascend");
        }
        const int short_by = 1 + in.byte() % 4;
        on_game(g, false, "carc_rl_legal_mask", [&] { return carc_rl_legal_mask(g, mask.data(), n - short_by); });
      }
      break;
    }
    case kRlApply: {
      const std::vector<int32_t> legal = rl_legal(g);
      const int32_t a = action_arg(in, legal);
      const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
      const int s = on_game(g, true, "carc_rl_apply", [&] { return carc_rl_apply(g, a); });
      if (listed) INVARIANT(s == CARC_OK, "a listed action is refused");
      break;
    }
    case kRlObserve: {
      const int player = in.number();
      int32_t shape[CARC_RL_SHAPE_FIELDS] = {};
      if (g) INVARIANT(carc_rl_observation_shape(g, shape, CARC_RL_SHAPE_FIELDS) == CARC_OK, "observation shape");
      Array<float> a = array_arg<float>(in, shape[CARC_RL_OBS_SIZE]);
      const int s = on_game(g, false, "carc_rl_observe", [&] { return carc_rl_observe(g, player, a.ptr(), a.capacity); });
      check_capacity_rule(s, a.capacity, g, "carc_rl_observe");
      if (s == CARC_OK)
        for (int k = 0; k < shape[CARC_RL_OBS_SIZE]; ++k) {
          const float v = a.ptr()[k];  // flags, counts and scores: whole numbers, never negative
          INVARIANT(v >= 0 && v < 100000 && static_cast<float>(static_cast<int>(v)) == v, "an observation value");
        }
      break;
    }
    case kRlConvert: {
      const int32_t a = action_arg(in, rl_legal(g));
      carc_move m = CARC_MOVE_INVALID;
      const bool null_out = in.byte() % 8 == 0;
      const int s = on_game(g, false, "carc_rl_action_to_move",
                            [&] { return carc_rl_action_to_move(g, a, null_out ? nullptr : &m); });
      if (s == CARC_OK) {
        check_move_bits(m, "carc_rl_action_to_move");
        int32_t back = -1;
        INVARIANT(on_game(g, false, "carc_rl_move_to_action", [&] { return carc_rl_move_to_action(g, m, &back); }) ==
                      CARC_OK && back == a, "an action's move gives another action");
      }
      const carc_move any = move_arg(in, g);
      int32_t id = -1;
      on_game(g, false, "carc_rl_move_to_action", [&] { return carc_rl_move_to_action(g, any, &id); });
      break;
    }
    case kBatch: batch_program(in); break;
    case kRlChoice: {
      // An action's choice: a listed action names a listed choice; any choice it names is
      // legal exactly when the action is, and deciding it makes the game applying the action
      // makes (on copies).
      const std::vector<int32_t> legal = rl_legal(g);
      const int32_t a = action_arg(in, legal);
      const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
      const bool null_out = in.byte() % 8 == 0;
      carc_choice c = 0;
      const int s = on_game(g, false, "carc_rl_action_to_choice",
                            [&] { return carc_rl_action_to_choice(g, a, null_out ? nullptr : &c); });
      if (g && null_out) INVARIANT(s == CARC_EINVAL, "carc_rl_action_to_choice with a NULL out");
      if (listed && !null_out) INVARIANT(s == CARC_OK, "a listed action names no choice");
      if (s != CARC_OK) break;
      char text[CARC_CHOICE_TEXT_SIZE];
      INVARIANT(carc_choice_format(c, text, sizeof text) > 0, "an action's choice has no text");
      if (listed) {
        std::vector<carc_choice> choices(CARC_MAX_CHOICES);
        int32_t n = 0;
        INVARIANT(carc_game_choices(g, choices.data(), CARC_MAX_CHOICES, &n) == CARC_OK &&
                      std::find(choices.begin(), choices.begin() + n, c) != choices.begin() + n,
                  "a listed action's choice is not listed");
      }
      carc_game *applied = nullptr, *decided = nullptr;
      INVARIANT(carc_game_clone(&applied, g) == CARC_OK && carc_game_clone(&decided, g) == CARC_OK, "clone");
      const int as = carc_rl_apply(applied, a), ds = carc_game_decide(decided, c);
      INVARIANT((as == CARC_OK) == (ds == CARC_OK) && (ds == CARC_OK) == (carc_game_check_choice(g, c) == CARC_LEGAL),
                "an action and its choice disagree: apply " + std::to_string(as) + ", decide " + std::to_string(ds) +
                    ", choice " + text + "\n" + record_of(g));
      if (as == CARC_OK) INVARIANT(snapshot(applied) == snapshot(decided), "an action and its choice make other games");
      carc_game_free(applied);
      carc_game_free(decided);
      break;
    }
    case kBotDecide: {
      // The bot's option for any decision (a dragon's step included) is legal, and taken.
      const int level = in.byte() % 4;  // random, greedy, mcts, or a level that does not exist
      const int iterations = 1 + in.byte() % 3;
      const uint64_t seed = in.u64();
      carc_choice c = 0;
      const int s = on_game(g, false, "carc_bot_decide", [&] { return carc_bot_decide(g, level, iterations, 0, 1, seed, &c); });
      if (!g) break;
      const int phase = carc_game_phase(g);
      if (level == 3) INVARIANT(s == CARC_EINVAL, "a bot level that does not exist");
      else if (phase == CARC_PHASE_DRAW || phase == CARC_PHASE_GAME_OVER) INVARIANT(s == CARC_EPHASE, "a bot's chance decision");
      else INVARIANT(s == CARC_OK, "a bot with no option");
      if (s == CARC_OK) {
        INVARIANT(carc_game_check_choice(g, c) == CARC_LEGAL, "a bot's option that check_choice refuses");
        carc_game* c2 = nullptr;
        INVARIANT(carc_game_clone(&c2, g) == CARC_OK && carc_game_decide(c2, c) == CARC_OK, "a bot's option that decide refuses");
        carc_game_free(c2);
      }
      break;
    }
    case kDecide: {
      // The decision calls: the decision, its list, one listed choice or fuzzed bits checked,
      // spelled, read back and taken; the check agrees with the call it checks.
      int32_t kind = -9, decider = -9;
      const int ds = on_game(g, false, "carc_game_decision", [&] { return carc_game_decision(g, &kind, &decider); });
      if (!g) break;
      INVARIANT(ds == CARC_OK && kind >= CARC_DECISION_NONE && kind <= CARC_DECISION_WAGON, "decision");
      INVARIANT((decider == CARC_DECIDER_CHANCE) == (kind == CARC_DECISION_DRAW) &&
                    (decider == CARC_DECIDER_NOBODY) == (kind == CARC_DECISION_NONE),
                "decider");
      std::vector<carc_choice> list(CARC_MAX_CHOICES);
      int32_t n = -1;
      const int capacity = in.byte() % 8 ? CARC_MAX_CHOICES : in.number();
      const int ls = on_game(g, false, "carc_game_choices", [&] {
        return carc_game_choices(g, capacity > 0 ? list.data() : nullptr, capacity, &n);
      });
      check_capacity_rule(ls, capacity, g, "carc_game_choices");
      if (ls == CARC_OK) INVARIANT((n == 0) == (kind == CARC_DECISION_NONE), "a decision has choices");
      if (ls == CARC_OK && kind == CARC_DECISION_DRAGON && capacity >= n)  // N, E, S, W: options 0..3 in bits 60..63
        for (int k = 0; k < n; ++k)
          INVARIANT(n <= 4 && (list[k] & ~(carc_choice{15} << 60)) == carc_choice{CARC_DECISION_DRAGON} << 56 &&
                        list[k] >> 60 <= 3 && (k == 0 || list[k - 1] < list[k]),
                    "a dragon's step");
      if (ls == CARC_OK && capacity >= n) check_tower_choices(g, kind, list.data(), n);
      const bool listed = ls == CARC_OK && capacity >= n && n > 0 && in.byte() % 4 != 0;
      const carc_choice c = listed ? list[static_cast<size_t>(in.byte() % n)] : move_arg(in, g) | in.u64() << 56;
      const int why = on_game(g, false, "carc_game_check_choice", [&] { return carc_game_check_choice(g, c); });
      if (listed) INVARIANT(why == CARC_LEGAL, "a listed choice is legal");
      char text[CARC_CHOICE_TEXT_SIZE];
      const int len = carc_choice_format(c, text, sizeof text);
      INVARIANT((len >= 0) == (why >= 0) && len < CARC_CHOICE_TEXT_SIZE, "a choice's text");
      if (listed) {
        carc_choice read = 0;
        const int ps = on_game(g, false, "carc_game_parse_choice", [&] { return carc_game_parse_choice(g, text, &read); });
        INVARIANT(ps == CARC_OK && read == c, "a listed choice's text reads back");
      }
      // An expansion's decision (a dragon's step, a capture) or a ransom, the placement
      // decision's option 1: one decision, one undo, back to where it was taken.
      const bool own = kind == CARC_DECISION_DRAGON || kind == CARC_DECISION_CAPTURE ||
                       (kind == CARC_DECISION_PLACE && (c >> 56 & 15) == CARC_DECISION_PLACE && c >> 60 == 1);
      Snapshot before;
      if (own) before = snapshot(g);
      const int s = on_game(g, true, "carc_game_decide", [&] { return carc_game_decide(g, c); });
      INVARIANT((s == CARC_OK) == (why == CARC_LEGAL), "decide agrees with check_choice");
      if (s == CARC_OK && own) {
        carc_game* back = nullptr;
        INVARIANT(carc_game_clone(&back, g) == CARC_OK, "clone");
        const int u = carc_game_undo(back);
        INVARIANT(u == CARC_OK && snapshot(back) == before,
                  std::string("undo of ") + text + " (" + std::to_string(u) + ") is not the decision it left:\n" + before.record +
                      "\n" + record_of(back));
        carc_game_free(back);
      }
      break;
    }
    case kTakeBonus:
    case kPass: {
      const bool take = op == kTakeBonus;
      int32_t kind = CARC_DECISION_NONE;
      if (g) carc_game_decision(g, &kind, nullptr);
      const int player = g ? carc_game_current_player(g) : -1;
      Snapshot before;
      if (g) before = snapshot(g);
      const int s = on_game(g, true, take ? "carc_game_take_bonus" : "carc_game_pass",
                            [&] { return take ? carc_game_take_bonus(g) : carc_game_pass(g); });
      if (s == CARC_OK) {  // one decision, one undo: back to the bonus phase, unread events as they were
        carc_game* back = nullptr;
        INVARIANT(carc_game_clone(&back, g) == CARC_OK && carc_game_undo(back) == CARC_OK, "undo of a bonus decision");
        INVARIANT(snapshot(back) == before, "undo of a bonus decision is not the bonus phase it left");
        carc_game_free(back);
      }
      if (g)  // only for the bonus tile: a dragon's step is no bonus
        INVARIANT((s == CARC_OK) == (kind == CARC_DECISION_BONUS) && (s == CARC_OK || s == CARC_EPHASE), "bonus status");
      if (s == CARC_OK && take && carc_game_phase(g) != CARC_PHASE_GAME_OVER)
        INVARIANT(carc_game_current_player(g) == player && carc_game_bonus_turn(g) == 1, "the bonus tile is the player's");
      if (s == CARC_OK && !take && carc_game_phase(g) != CARC_PHASE_GAME_OVER)
        INVARIANT(carc_game_current_player(g) == (player + 1) % carc_game_players(g), "a pass passes the turn");
      break;
    }
    case kGoods: {
      const int p = in.number(), kind = in.number();
      const bool null_out = in.byte() % 8 == 0;
      int n = -7;
      const int s = on_game(g, false, "carc_game_goods", [&] { return carc_game_goods(g, p, kind, null_out ? nullptr : &n); });
      if (g && null_out) INVARIANT(s == CARC_EINVAL, "carc_game_goods with a NULL count");
      INVARIANT(s < 0 ? n == -7 : n >= 0 && n <= 20, "goods count");
      on_game(g, false, "carc_game_bonus_turn", [&] { return carc_game_bonus_turn(g); });
      break;
    }
    case kTower: {
      // The Tower's queries with any arguments: a player's pieces, the tower at a square (a
      // placed tile's, mostly) with any out pointer NULL, prisoners of any kind.
      const int p = in.number(), q = in.number(), f = in.number();
      int x, y;
      xy_arg(in, g, x, y);
      int out[3] = {-7, -7, -7};
      const uint8_t nulls = in.byte() % 4 == 0 ? in.byte() : 0;
      int* ptr[3];
      for (int k = 0; k < 3; ++k) ptr[k] = (nulls >> k & 1) ? nullptr : &out[k];
      const int players = g ? carc_game_players(g) : 0;
      const bool tower = g && carc_game_option(g, CARC_OPT_TOWER) == 1;
      const int pieces = on_game(g, false, "carc_game_tower_pieces", [&] { return carc_game_tower_pieces(g, p); });
      if (g)
        INVARIANT(p >= 0 && p < players ? pieces >= 0 && pieces <= (tower ? kTowerPieces[players] : 0) : pieces == CARC_EINVAL,
                  "carc_game_tower_pieces");
      const int at = on_game(g, false, "carc_game_tower_at", [&] { return carc_game_tower_at(g, x, y, ptr[0], ptr[1], ptr[2]); });
      if (g) {
        int t, r;
        INVARIANT(at == 0 || (at == 1 && tower && carc_game_tile_at(g, x, y, &t, &r) == 1), "carc_game_tower_at");
        if (at == 0) INVARIANT(out[0] == -7 && out[1] == -7 && out[2] == -7, "carc_game_tower_at wrote no tower");
        if (at == 1 && !(nulls & 3))
          INVARIANT(out[0] >= 0 && out[0] <= kTowerPiecesInBox && out[1] >= -1 && out[1] < players && (out[1] < 0 || out[0] >= 1),
                    "carc_game_tower_at: the tower");
        if (at == 1 && !(nulls & 6) && out[1] >= 0)
          INVARIANT(out[2] == CARC_FIGURE_MEEPLE || out[2] == CARC_FIGURE_LARGE, "carc_game_tower_at: the figure on top");
      }
      const int held = on_game(g, false, "carc_game_prisoners", [&] { return carc_game_prisoners(g, p, q, f); });
      if (g) {
        const bool args = p >= 0 && p < players && q >= 0 && q < players && captured_kind(f);
        INVARIANT(args ? held >= 0 && held <= CARC_MEEPLES_PER_PLAYER && (held == 0 || (tower && p != q)) : held == CARC_EINVAL,
                  "carc_game_prisoners");
      }
      break;
    }
    default: break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in(data, size);
  Pool pool;
  // A step checks the games it changes; the end checks them all.
  while (!in.done()) step(in, pool);
  for (const carc_game* g : pool.slot)
    if (g) check_game(g, true);
  return 0;
}
