// A whole game of the Carcassonne base game as one copyable value: board, features,
// meeples, scores, the draw pile and the turn phase.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "carcassonne/board.hpp"
#include "carcassonne/features.hpp"
#include "carcassonne/options.hpp"
#include "carcassonne/rng.hpp"
#include "carcassonne/tiles.hpp"

namespace carc {

inline constexpr int kMinPlayers = 1;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kMeeplesPerPlayer = 7;
inline constexpr int kMaxMeeples = kMaxPlayers * kMeeplesPerPlayer;
inline constexpr int kMaxPlacements = 4 * Board::kMaxOpen;  // buffer size that always suffices
inline constexpr int kMaxMeepleOptions = tiles::kMaxSegs;    // likewise for meeple choices
inline constexpr int kMaxDeck = kTotalTiles - 1;             // tiles drawn after the start tile

// The phases of a turn. Draw is a chance node: the game waits for the caller to say which
// face-down tile was drawn (only in a game created with CallerDraws).
enum class Phase : uint8_t { PlaceTile = 0, PlaceMeeple = 1, GameOver = 2, Draw = 3 };

// Creates a game whose face-down pile has no order: the caller supplies every draw
// (Game::draw), as a server, a physical table or a test does.
struct CallerDraws {};

// What a playout draws: a fresh uniform re-deal of the face-down tiles from the playout's
// generator (what a player can know), or the pile as it was dealt (perfect information).
enum class Future : uint8_t { Sampled = 0, AsDealt = 1 };

// Where the current tile goes: coordinates and quarter turns clockwise (0..3).
struct Placement {
  int8_t x = 0, y = 0;
  uint8_t rot = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
};

// A whole turn: the placement and the meeple (Location::None for no meeple).
struct Move {
  Placement at;
  Location meeple = Location::None;
  friend bool operator==(const Move&, const Move&) = default;
};

enum class Status : int8_t {
  Ok = 0,
  InvalidArgument = -1,
  IllegalMove = -2,
  WrongPhase = -3,
  BufferTooSmall = -4,
  OutOfMemory = -5,
  Internal = -6,
};

// Why a placement or a meeple is not allowed.
enum class Illegal : uint8_t {
  None = 0,
  WrongPhase,       // not the phase for this action
  BadRotation,      // rotation outside 0..3
  Occupied,         // a tile is already there
  NoNeighbour,      // no placed tile shares an edge with the cell
  Mismatch,         // a touching edge differs (see Verdict::side, want, have)
  NoSuchFeature,    // the location names no feature of the tile just placed
  FeatureOccupied,  // the connected feature already holds a meeple
  NoSupply,         // the player has no meeple left
  FarmersOff,       // fields cannot be occupied with farmers switched off
  NoSuchTile,       // check_fit: the tile type is outside 0..23 (A..X)
  NotFaceDown,      // draw: no tile of that type is face down
};

struct Verdict {
  Illegal reason = Illegal::None;
  Side side = North;        // Mismatch: the first side (N E S W order) that does not fit
  Edge want = Edge::None;   // Mismatch: the neighbour's edge
  Edge have = Edge::None;   // Mismatch: the tile's edge on that side
  explicit operator bool() const { return reason == Illegal::None; }
};

// One English sentence for a verdict ("the east edge is road but the neighbour shows city").
std::string describe(const Verdict& v);

// A meeple on the board.
struct Meeple {
  SegId seg;
  uint8_t player;
  uint8_t tile;       // index into the board's placed tiles
  Location location;  // on that tile, board orientation
  friend bool operator==(const Meeple&, const Meeple&) = default;
};

// Something a front end shows: points scored for a feature, or a tile that fit nowhere.
struct Event {
  enum class Type : uint8_t { Score = 0, Discard = 1 };
  Type type = Type::Score;
  FeatureKind feature = FeatureKind::Road;  // Score
  bool end_game = false;                    // Score: end-game scoring (nothing returns)
  TileType tile = kNoTile;                  // Discard: the tile; Score: tile of the location
  int8_t x = 0, y = 0;                      // Score: a tile of the feature
  Location location = Location::None;       // Score: the feature's location on that tile
  uint8_t winners = 0;                      // Score: bit p set if player p scored
  int16_t points = 0;                       // Score: points to each winner
  uint8_t tiles = 0;                        // Score: tiles in the feature (cities: per city)
  std::array<uint8_t, kMaxPlayers> meeples{};  // Score: meeples per player on the feature
};

// A short phrase for an event: "city 8 to player 0", "road 3 to players 0 and 2 (end of
// game)", "C fits nowhere and leaves the game".
std::string describe(const Event& e);

// A caller-owned list that the game appends events to. Its capacity is larger than what
// any one call can produce; a list reused across calls without clear() can fill up, and
// then the events past its capacity are counted in `dropped` instead of kept.
struct Events {
  static constexpr int kCapacity = 256;
  std::array<Event, kCapacity> items;
  int count = 0;
  int dropped = 0;  // events pushed while the list was full, since the last clear()
  void clear() { count = dropped = 0; }
  void push(const Event& e) {
    if (count < kCapacity) items[count++] = e;
    else ++dropped;
  }
};

class Game {
 public:
  // A game with the draw pile shuffled from `seed`. Throws std::invalid_argument for a
  // player count outside 1..6.
  Game(int players, uint64_t seed, Options options = {});
  // A game whose tiles are drawn in exactly this order after the start tile. Throws
  // std::invalid_argument for a bad player count, a tile type outside 0..23, or more tiles
  // of a type than the box holds (the start tile takes one D).
  Game(int players, std::span<const TileType> order, Options options = {});
  // A game whose draws come from the caller (Phase::Draw before every tile): the face-down
  // pile is the whole box less the start tile, or the given tiles (any order; at most the
  // box's count of each type). Throws std::invalid_argument like the fixed-order game.
  Game(int players, CallerDraws, Options options = {});
  Game(int players, CallerDraws, std::span<const TileType> pile, Options options = {});

  // --- the state ---
  int players() const { return players_; }
  const Options& options() const { return options_; }
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::GameOver; }
  int current_player() const { return current_; }
  // The tile to place (PlaceTile) or just placed (PlaceMeeple); kNoTile in Draw and when over.
  TileType current_tile() const;
  int score(int player) const { return score_[player]; }
  // Points banked during the game: the score, and once the game is over the score before
  // end-game scoring (what the features completed while playing gave).
  int banked_score(int player) const { return phase_ == Phase::GameOver ? banked_[player] : score_[player]; }
  int supply(int player) const { return supply_[player]; }
  // Bit p set for each player with the highest score (the winners once the game is over).
  uint8_t leaders() const;

  const Board& board() const { return board_; }
  const Features& features() const { return features_; }
  std::span<const Meeple> meeples() const { return {meeples_.data(), nmeeples_}; }

  // Draw pile: the tiles drawn so far in order (the current tile included), how many, which
  // draws were discarded because they fit nowhere, and how many tiles are face down. All of
  // this is public: every player sees each tile as it is drawn.
  std::span<const TileType> drawn_tiles() const { return {deck_.data(), drawn_}; }
  int drawn() const { return drawn_; }
  int tiles_in_pile() const { return deck_size_ - drawn_; }
  bool discarded(int draw_index) const { return (discarded_[draw_index >> 6] >> (draw_index & 63)) & 1; }
  int discard_count() const;
  // Face-down tiles of type t.
  int face_down(TileType t) const;

  // How the pile is drawn. These reveal the future of a seeded or fixed-order game (the
  // face-down order), which no player may see: bots and clients use the calls above, a
  // public copy, or a re-deal.
  // The whole pile in draw order: drawn tiles, then the face-down ones (for a game with
  // caller draws, the face-down part is in type order and means nothing).
  std::span<const TileType> draw_order() const { return {deck_.data(), deck_size_}; }
  bool fixed_order() const { return fixed_order_; }
  bool caller_draws() const { return caller_draws_; }
  uint64_t seed() const { return seed_; }

  // --- chance ---
  // Draw phase: the caller says which face-down tile was drawn. A tile that fits nowhere
  // leaves the game (a Discard event) and the game asks for another (or ends when none is
  // left). On failure (wrong phase, t not face down) nothing changes and *why says why.
  Status draw(TileType t, Events* events = nullptr, Verdict* why = nullptr);
  // Shuffles the face-down tiles uniformly from rng, keeping everything public as it is (the
  // determinization search needs); the game then draws in that order, and in Draw phase it
  // draws at once. Afterwards the game is a fixed-order game (its seed no longer applies).
  void redeal(Rng& rng, Events* events = nullptr);
  // A copy that knows only what the players know: the same public state, the face-down
  // tiles without an order, drawn by the caller from now on.
  Game public_copy() const;

  // --- placing the tile ---
  // Whether the current tile may go there, and if not, why.
  Verdict check_placement(Placement p) const;
  // Whether tile t would fit there, regardless of phase.
  Verdict check_fit(TileType t, Placement p) const;
  // Writes every legal placement of the current tile (each distinct picture once, smallest
  // rotation) to out, which must hold kMaxPlacements; returns the count (0 unless PlaceTile).
  int legal_placements(Placement* out) const;
  // The same for any tile type on the current board.
  int placements_for(TileType t, Placement* out) const;
  // legal_placements as move bits for the C ABI: x in bits 0..7 and y in bits 8..15 (two's
  // complement), the rotation in bits 16..17, each ORed with `bits`. Writes exactly the
  // returned number of values (board().placement_count(current_tile()) <= kMaxPlacements),
  // without a branch per open cell; 0 outside Phase::PlaceTile.
  int packed_placements(uint32_t* out, uint32_t bits) const;
  // Places the current tile. On failure nothing changes and *why says what is wrong.
  Status place(Placement p, Verdict* why = nullptr);

  // --- the meeple ---
  // Writes the locations where a meeple may go on the tile just placed (each feature once,
  // by its first location) to out, which must hold kMaxMeepleOptions; returns the count.
  int meeple_options(Location* out) const;
  // The meeple locations that placing the current tile at p would offer, without placing
  // it (this game is unchanged); 0 if p is not a legal placement (*why says why).
  int meeple_options_for(Placement p, Location* out, Verdict* why = nullptr) const;
  Verdict check_meeple(Location loc) const;
  // Deploys a meeple (Location::None: none), then scores what the placement completed,
  // passes the turn and draws the next tile (discarding tiles that fit nowhere), ending
  // and scoring the game when the pile is empty. Events go to *events if given.
  Status deploy(Location loc, Events* events = nullptr, Verdict* why = nullptr);

  // --- whole turns ---
  // Place and deploy in one step; on failure nothing changes.
  Status play(Move m, Events* events = nullptr, Verdict* why = nullptr);
  // Plays random legal turns to the end: a placement uniformly among legal placements,
  // then a meeple uniformly among the legal locations and "none". By default the face-down
  // tiles are re-dealt from rng first (redeal), so the playout cannot see the real future;
  // Future::AsDealt plays the pile as dealt (a game with caller draws has none: re-dealt).
  void playout(Rng& rng, Events* events = nullptr, Future future = Future::Sampled);

  // --- looking ahead (this game is unchanged) ---
  // The scores if the game ended now: a tile just placed (PlaceMeeple) scores what it
  // completed without a meeple, then end-game scoring runs on a copy. Events as in deploy.
  std::array<int32_t, kMaxPlayers> final_scores_now(Events* events = nullptr) const;
  // Distinct tiles in the feature whose root is `root` (features().find of any segment).
  int feature_tiles(SegId root) const;
  // Distinct completed cities that the field whose root is `field_root` touches.
  int completed_cities_touching(SegId field_root) const;

  // Two games are equal when every part of their state is: board, features, meeples,
  // scores, supplies, draw pile, phase and options.
  friend bool operator==(const Game&, const Game&) = default;

 private:
  void init(int players, Options options);
  void set_pile(std::span<const TileType> tiles);
  void draw_next(Events* events);
  bool take_drawn(Events* events);
  bool fits_anywhere(TileType t) const;
  void apply_placement(Placement p);
  void add_pending(SegId root);
  Placement random_placement(Rng& rng) const;
  void put_meeple(Location first_location);
  void finish_turn(Events* events);
  // scoring.cpp
  void score_completed(SegId root, Events* events);
  void score_end(Events* events);
  using PlayerCounts = std::array<uint8_t, kMaxPlayers>;
  void pay(FeatureKind kind, int points, int tiles, bool end_game, const PlayerCounts& meeples, const Meeple& first,
           Events* events);
  void forget_monk(uint8_t tile);
  void score_first_edition_farmers(Events* events);

  Board board_;
  Features features_;
  std::array<Meeple, kMaxMeeples> meeples_{};
  std::array<int32_t, kMaxPlayers> score_{};
  std::array<int32_t, kMaxPlayers> banked_{};  // the scores before end-game scoring, once over
  std::array<uint8_t, kMaxPlayers> supply_{};
  std::array<TileType, kMaxDeck> deck_{};
  std::array<uint64_t, 2> discarded_{};
  std::array<SegId, 16> pending_{};  // features completed by the tile just placed
  std::array<uint8_t, tiles::kMonasteryTiles> monks_{};  // tiles whose monastery holds a monk
  uint64_t seed_ = 0;
  Options options_;
  uint8_t players_ = 0;
  uint8_t current_ = 0;
  Phase phase_ = Phase::PlaceTile;
  uint8_t nmeeples_ = 0;
  uint8_t deck_size_ = 0;
  uint8_t drawn_ = 0;
  uint8_t npending_ = 0;
  uint8_t nmonks_ = 0;
  bool fixed_order_ = false;
  bool caller_draws_ = false;
};

// Whether two games show the players the same: everything but the order of the face-down
// tiles and how they are drawn (a.public_copy() == b.public_copy()).
bool same_public_state(const Game& a, const Game& b);

// Tile type for a one-letter name (upper case, tile_from_name), or kNoTile.
TileType tile_from_letter(char c);

}  // namespace carc
