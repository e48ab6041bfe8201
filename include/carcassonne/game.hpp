// A whole game of Carcassonne as one copyable value: board, features, figures, scores, the
// draw pile and the turn phase. The expansions are rules modules with their own files
// (src/modules.hpp lists them), called at named points of the turn when their option is on.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "carcassonne/board.hpp"
#include "carcassonne/features.hpp"
#include "carcassonne/options.hpp"
#include "carcassonne/rng.hpp"
#include "carcassonne/scoring.hpp"
#include "carcassonne/tiles.hpp"

namespace carc {

enum class Expansion : uint8_t;  // expansions.hpp

inline constexpr int kMinPlayers = 1;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kMeeplesPerPlayer = 7;
// Figures per player on features: the meeples and one each of the large meeple, abbot, builder,
// pig, mayor and wagon.
inline constexpr int kFiguresPerPlayer = kMeeplesPerPlayer + kFigureKinds - 1 + 2;
inline constexpr int kMaxMeeples = kMaxPlayers * kFiguresPerPlayer;  // figures on the board
inline constexpr int kTowerPiecesInBox = 30;  // The Tower: no player count shares out more
inline constexpr int kMaxPlacements = 4 * Board::kMaxOpen;  // buffer size that always suffices
inline constexpr int kMaxMeepleOptions = tiles::kMaxSegs;    // likewise for meeple choices
// Likewise for figure actions: meeple, large meeple, builder, pig, mayor and wagon on every
// segment, the barn on 4 corners, abbot, recall.
inline constexpr int kMaxTileFigureOptions = 6 * tiles::kMaxSegs + 4 + 2;
// Every figure action: those on the tile just placed, and those on other tiles (Princess &
// Dragon): a meeple, large meeple, abbot, mayor or wagon through the portal onto any part of
// the board, the fairy next to one of the player's figures, the princess's removal of one knight.
inline constexpr int kMaxFigureOptions = kMaxTileFigureOptions + 5 * Features::kMaxSegments + 2 * kMaxMeeples;
inline constexpr int kMaxDeck = kTotalTiles - 1;  // tiles drawn after the start tile or spring
// Draws a deck can record: a dragon tile set aside (Princess & Dragon) is drawn again later.
inline constexpr int kMaxDraws = kMaxDeck + 12;

// The phases of a turn. Draw is a chance node: the game waits for the caller to say which
// face-down tile was drawn (only in a game created with CallerDraws). Decide: the game waits
// for an expansion's decision (decision_kind and list_choices in decision.hpp say which and
// its options: with Traders & Builders, the builder's bonus tile, taken or passed on).
enum class Phase : uint8_t { PlaceTile = 0, PlaceMeeple = 1, GameOver = 2, Draw = 3, Decide = 4 };

// The goods of Traders & Builders (Goods::None is no goods); a player's tokens are
// goods(p, Goods::Wine) and so on.
using Goods = tiles::raw::Goods;
inline constexpr int kGoodsKinds = 3;  // wine, grain, cloth

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

// A whole turn: the placement and its figure action: a figure (a meeple unless said) on a
// location of the tile, Location::None for none; or {Location::None, Figure::Recall}.
struct Move {
  Placement at;
  Location meeple = Location::None;
  Figure figure = Figure::Meeple;
  // An action on another tile (Princess & Dragon: the portal, the fairy, the princess): the
  // location is on the tile at (x, y).
  bool elsewhere = false;
  int8_t x = 0, y = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// One figure action on the tile just placed (what Game::figure_options lists).
struct FigureChoice {
  Figure figure = Figure::Meeple;
  Location location = Location::None;
  bool elsewhere = false;  // on the tile at (x, y), not the tile just placed (as in Move)
  int8_t x = 0, y = 0;
  friend bool operator==(const FigureChoice&, const FigureChoice&) = default;
};

// Room for N values of T that stays uninitialized until written: a listing buffer (figure
// actions, choices) holds thousands, and an array of T would initialize every one of them
// on each call. Converts to T*, so it is passed and indexed as the array would be.
template <class T, int N>
struct ListBuffer {
  ListBuffer() {}  // NOLINT: leaves `items` uninitialized on purpose
  operator T*() { return items; }
  operator const T*() const { return items; }
  union {
    T items[N];
  };
};
using FigureBuffer = ListBuffer<FigureChoice, kMaxFigureOptions>;
using PlacementBuffer = ListBuffer<Placement, kMaxPlacements>;

// "meeple", "large meeple", "abbot", "builder", "pig", "recall".
std::string_view figure_name(Figure f);
// Whether a game with these options has figures of that kind.
bool has_figure(const Options& options, Figure f);
// Where a figure kind's actions may go, whatever the options, as bits: kReachPlacedTile (the
// tile just placed), kReachOtherTile (a part of another tile: Princess & Dragon),
// kReachTowerTop (a tower's top there: The Tower); 0 for a value that names no figure.
inline constexpr int kReachPlacedTile = 1, kReachOtherTile = 2, kReachTowerTop = 4;
extern const std::array<uint8_t, kFigureValues> kFigureReach;  // by Figure value: every C ABI move's check reads it
inline int figure_reach(Figure f) { return static_cast<size_t>(f) < kFigureReach.size() ? kFigureReach[static_cast<size_t>(f)] : 0; }
// Whether a tower captures figures of kind f (The Tower): the kinds Game::prisoners counts.
bool tower_captures(Figure f);

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
  NoSuchTile,       // check_fit: no tile type has that number
  NotFaceDown,      // draw: no tile of that type is face down
  RiverMustContinue,  // a river tile goes only onto the river's open end, continuing it
  RiverUTurn,         // the river may not bend the same way twice in a row
  RiverFirst,         // draw: river tiles are face down, so the tile drawn is one of them
  LakeLast,           // draw: the lake is drawn after every other river tile
  NotInGame,          // the figure (or the tile) is not in this game (its expansion is off)
  GardenAbbotOnly,    // only an abbot may stand on a garden
  AbbotCentreOnly,    // the abbot goes only onto the monastery or garden of the tile just placed
  AbbotNotPlaced,     // recall: the player's abbot is not on the board
  AbbotComplete,      // recall: the abbot's monastery or garden is complete (it scores 9 now)
  RecallLocation,     // recall takes no location
  BuilderRoadOrCity,  // the builder goes only onto a road or a city
  BuilderNeedsMeeple, // the builder's road or city must hold one of the player's meeples
  BuilderComplete,    // the builder may not go onto a road or city this tile completes
  PigFieldOnly,       // the pig goes only onto a field
  PigNeedsFarmer,     // the pig's field must hold one of the player's farmers
  TooFar,             // the tile would lie more than Board::kMaxSpan steps from another tile
  DragonTile,         // no figure may be deployed on the tile where the dragon stands
  FairyNeedsMeeple,   // the fairy goes next to one of the player's meeples, not the one it is next to
  NoKnightToRemove,   // the princess removes a knight from the city her tile extends
  PortalTarget,       // the portal deploys onto an unoccupied, incomplete feature of another tile (not the dragon's)
  DragonCannotMove,   // the dragon may not step that way (no tile, visited in this flight)
  NoTower,            // no tile with a tower foundation at that square
  TowerClosed,        // a figure stands on that tower
  NoTowerPiece,       // the player has no tower piece left
  TowerTooLow,        // a figure goes only onto a tower of at least one piece
  TowerFigure,        // only a meeple or the large meeple goes onto a tower
  NothingToCapture,   // no figure the tower may capture there, within its reach
  ExchangeKind,       // the capture names the kind that comes back exactly when there is a choice
  RansomNotHeld,      // that player holds no figure of that kind of the payer's
  RansomPaid,         // a ransom is paid at most once per turn
  RansomPoints,       // a ransom needs at least 3 points
  NoAbbey,            // the player has placed their abbey already
  NotAHole,           // an abbey goes only into an empty square with tiles on all four sides
  AbbeyRiverEnd,      // no abbey goes onto the square the river's open end points into
  MayorCityOnly,      // the mayor goes only onto a city
  WagonFeature,       // the wagon goes only onto a road, city or monastery
  BarnCorner,         // a barn goes onto a corner where four tiles meet, each showing only field there
  BarnFieldTaken,     // that field holds a barn already
  BarnField,          // no meeple goes onto a field that holds a barn
  WagonTarget,        // the wagon moves onto an unoccupied, incomplete road, city or monastery on or beside its square
  RansomCommits,      // a ransom paid before the draw commits the player to placing the abbey
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
// The sentence for a reason alone (static text; a mismatch without its sides).
std::string_view reason_text(Illegal reason);

// A figure on the board (a meeple, or one of the expansions' figures).
struct Meeple {
  SegId seg;
  uint8_t player;
  uint8_t tile;       // index into the board's placed tiles
  Location location;  // on that tile, board orientation
  Figure kind = Figure::Meeple;
  friend bool operator==(const Meeple&, const Meeple&) = default;
};

// What a figure weighs in a majority: the large meeple 2, builder and pig nothing (and the
// actions nothing). The mayor's 1 here makes it occupy its city; its strength is the city's
// shields (figure_strength).
inline constexpr std::array<uint8_t, kFigureValues> kFigureWeight = {1, 2, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0};
// A figure's strength in a majority on a feature with `shields` shields.
constexpr int figure_strength(Figure f, int shields) {
  return f == Figure::Mayor ? shields : kFigureWeight[static_cast<size_t>(f)];
}
// The figures a player holds one of, kept as bits of Game::figures_ (the large meeple, abbot,
// builder, pig, mayor, wagon, barn).
inline constexpr uint16_t kSingleFigures = 0x1E | (1u << 9) | (1u << 10) | (1u << 11);

// Something a front end shows: points scored for a feature, the abbot recalled with its
// points, a tile that fit nowhere, goods taken, the goods and pig bonuses at the end, a
// builder's bonus tile coming.
// Trivially constructible, so that an event list costs nothing until it is written: make one
// with Event{} (all fields zero; tile fields then name type 0, so set them).
struct Event {
  // Goods: a completed city's goods to the player who completed it. GoodsBonus: 10 at the end
  // to the players with the most tokens of one kind. Pig: at the end, the extra point per
  // completed city to a field's winners whose pig is in it (after the field's Score event).
  // Bonus: the builder's bonus tile is due to the player in `winners`.
  // Princess & Dragon: SetAside (a dragon tile drawn while the dragon is beside the board:
  // `discarded` the tile, `winners` the player), SetAsideBack (the first volcano brings them
  // back), DragonLands (a volcano placed: the tile), DragonStep (`points` the step number,
  // `winners` the decider, the tile entered), Eaten (`winners` the owner, the figure's tile
  // and location), FlightEnds (`points` the steps taken, the final tile); FairyMoves (`winners`
  // the player, the meeple's tile and location), FairyPoint (1) and FairyBonus (3: `winners`,
  // `points`; the bonus with the feature's tile and location); PrincessRemoves (`winners` the
  // knight's owner, its tile and location); Portal (a figure deployed through the portal:
  // `winners` the player, the tile and location it went to); AloneHome (a builder or pig went
  // home because its owner's last meeple left its feature: `winners` the owner, its tile and
  // location, `points` 0 for the dragon, 1 for the princess, 2 for a tower's capture).
  // The Tower: TowerPiece (`winners` the player, the tower's tile, `points` its new height,
  // `tiles` the player's pieces left), TowerClosed (`winners` the player, `figure` the kind
  // put on top, the tower's tile, location TW), Capture (`winners` the figure's owner,
  // `points` the captor, `figure`, its tile and location; `tiles` 1 into prison, 0 home),
  // Exchange (`points` the captor, `winners` the other player, `figure` the kind back to the
  // other player, `tiles` the kind back to the captor), Ransom (`winners` the payer, `tiles`
  // the holder, `figure`, `points` what it cost).
  // Abbey & Mayor: AbbeyPlaced (`winners` the player, the abbey's tile), AbbeyDeclined
  // (`winners` the player, in the final abbey round), FinalAbbeyRound (`winners` the player
  // whose turn took the last land tile: the round runs from their left to them), WagonDue
  // (`winners` the owner, the wagon's old tile, `tiles` its targets), WagonMoved (`winners`,
  // the tile and location it moved to), WagonStayed (`winners`); BarnPlaced, BarnConnected
  // (a barn field scored for its farmers when a barn is placed in it or farmers are joined to
  // it: as a Score event, `tiles` the completed cities) and BarnFinal (at the end, to the barn's
  // owners in `winners`: a barn's tile and corner location); BarnHome (`winners` the owner of a
  // farmer or pig that a barn scoring sent home, `figure`, its tile and location).
  enum class Type : uint8_t {
    Score = 0, Discard = 1, Recall = 2, Goods = 3, GoodsBonus = 4, Pig = 5, Bonus = 6,
    SetAside = 7, SetAsideBack = 8, DragonLands = 9, DragonStep = 10, Eaten = 11, FlightEnds = 12,
    FairyMoves = 13, FairyPoint = 14, FairyBonus = 15, PrincessRemoves = 16, Portal = 17, AloneHome = 18,
    TowerPiece = 19, TowerClosed = 20, Capture = 21, Exchange = 22, Ransom = 23,
    AbbeyPlaced = 24, AbbeyDeclined = 25, FinalAbbeyRound = 26, WagonDue = 27, WagonMoved = 28, WagonStayed = 29,
    BarnPlaced = 30, BarnConnected = 31, BarnFinal = 32, BarnHome = 33
  };
  // What an event of type t names, said once here so that a layer that copies events field
  // by field (the C ABI) need not list the expansions' types: whether `discarded` is a tile
  // type (a tile that left the game, was set aside or went back; the others' is no tile);
  // whether `winners` names a player (0 for what befalls nobody: a tile fitting nowhere, the
  // set-aside tiles going back, the dragon landing, its flight ending).
  static constexpr bool names_tile_type(Type t) {
    return t == Type::Discard || t == Type::SetAside || t == Type::SetAsideBack;
  }
  static constexpr bool names_player(Type t) {
    return t != Type::Discard && t != Type::SetAsideBack && t != Type::DragonLands && t != Type::FlightEnds;
  }
  Type type;
  FeatureKind feature;               // Score, Recall
  bool end_game;                     // Score: end-game scoring (nothing returns)
  TileType discarded;                // Discard: the tile that left the game; else kNoTile
  TileType tile;                     // the tile at (x, y) (kNoTile for Discard, GoodsBonus)
  int8_t x, y;                       // Score, Recall, Pig: a tile of the feature; Goods, Bonus: the tile placed
  Location location;                 // Score, Recall, Pig, Goods: the feature's location on that tile
  uint8_t winners;                   // bit p set if player p scored (Goods, Bonus: the player)
  int16_t points;                    // Score, Recall, GoodsBonus, Pig: points to each winner
  uint8_t tiles;                     // Score: tiles in the feature (cities: per city); DragonLands: 1 if the
                                     // dragon entered the board; FlightEnds: 1 if a dead end ended it
  Figure figure;                     // Eaten, PrincessRemoves, AloneHome, Portal: the figure's kind
  std::array<uint8_t, kMaxPlayers> meeples;  // Score, Recall, Pig: majority weight per player on the feature
  // Goods: tokens taken (wine, grain, cloth); GoodsBonus: the winners' count of its kind, 0
  // for the other two.
  std::array<uint8_t, kGoodsKinds> goods;
};

// A short phrase for an event: "city 8 to player 0", "road 3 to players 0 and 2 (end of
// game)", "C fits nowhere and leaves the game", "abbot recalled: garden 4 to player 0".
std::string describe(const Event& e);

// A caller-owned list that the game appends events to. Its capacity is larger than what
// any one call can produce; a list reused across calls without clear() can fill up, and
// then the events past its capacity are counted in `dropped` instead of kept.
struct Events {
  static constexpr int kCapacity = 1536;
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
  // A game with the draw pile shuffled from `seed`; the box follows the options (the river
  // tiles first, the lake last of them). Throws std::invalid_argument for a player count
  // outside 1..6.
  Game(int players, uint64_t seed, Options options = {});
  // A game whose tiles are drawn in exactly this order after the start tile (or the spring).
  // Throws std::invalid_argument for a bad player count, a tile type that is not in the box
  // of these options, more tiles of a type than the box holds (the start tile takes one D),
  // or, with the river, a river tile after a land tile or the lake before a river tile.
  Game(int players, std::span<const TileType> order, Options options = {});
  // A game whose draws come from the caller (Phase::Draw before every tile): the face-down
  // pile is the whole box less the start tile (or the spring), or the given tiles (any
  // order; at most the box's count of each type). Throws std::invalid_argument like the
  // fixed-order game.
  Game(int players, CallerDraws, Options options = {});
  Game(int players, CallerDraws, std::span<const TileType> pile, Options options = {});

  // --- the state ---
  int players() const { return players_; }
  const Options& options() const { return options_; }
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::GameOver; }
  int current_player() const { return current_; }
  // The tile to place (PlaceTile) or just placed (PlaceMeeple); kNoTile in Draw and when over.
  // Inline: the C ABI asks for it several times a turn.
  TileType current_tile() const {
    return phase_ == Phase::PlaceTile || phase_ == Phase::PlaceMeeple ? deck_[drawn_ - 1] : kNoTile;
  }
  int score(int player) const { return score_[player]; }
  // Points banked during the game: the score, and once the game is over the score before
  // end-game scoring (what the features completed while playing gave).
  int banked_score(int player) const { return phase_ == Phase::GameOver ? banked_[player] : score_[player]; }
  int supply(int player) const { return supply_[player]; }
  // Figures of a kind in the player's supply (meeples 0..7, the others 0 or 1).
  int supply(int player, Figure f) const {
    if (f == Figure::Meeple) return supply_[player];
    return static_cast<int>(f) < kFigureValues ? (figures_[player] & kSingleFigures) >> static_cast<int>(f) & 1 : 0;  // an action: none
  }
  // Goods tokens of a kind the player holds (Traders & Builders; 0 for Goods::None).
  int goods(int player, Goods g) const { return g == Goods::None ? 0 : modules_.traders.goods[player][static_cast<int>(g) - 1]; }
  // Bit p set for each player with the highest score (the winners once the game is over).
  uint8_t leaders() const;

  // Princess & Dragon: where the dragon stands (false while it is beside the board); where
  // the fairy stands and the location of the meeple it is next to (Location::None: alone).
  bool dragon_at(int& x, int& y) const;
  bool fairy_at(int& x, int& y, Location& next_to) const;
  // The Tower: the player's tower pieces in supply; the tower on the tile at (x, y) (false if
  // no tile with a foundation is there): its height (0: a bare foundation) and the figure on
  // top (top_owner -1: none, the tower is open); how many of owner's figures of a kind the
  // holder keeps prisoner.
  int tower_pieces(int player) const;
  bool tower_at(int x, int y, int& height, int& top_owner, Figure& top_kind) const;
  int prisoners(int holder, int owner, Figure kind) const;
  // Abbey & Mayor: whether the player still holds their abbey; the barns on the board, in the
  // order they were placed: barn i's corner point (x, y: the NW corner of square x, y) and owner
  // (false past the last).
  bool holds_abbey(int player) const;
  bool barn(int i, int& x, int& y, int& owner) const;

  const Board& board() const { return board_; }
  // The board index of the other tile that placed tile i's figure action went to (the
  // fairy's, the princess's or the portal's), or -1 if it stayed on tile i or there was none.
  int action_target(int i) const { return targets_[i] - 1; }
  const Features& features() const { return features_; }
  std::span<const Meeple> meeples() const { return {meeples_.data(), nmeeples_}; }

  // The river (river.cpp): whether river tiles are still to come or in hand, and where the
  // next one goes: the open end's cell, the side of it that the river enters by.
  bool river_phase() const;
  bool river_open(int& x, int& y, Side& entry) const;

  // Draw pile: the tiles drawn so far in order (the current tile included), how many, which
  // draws were discarded because they fit nowhere, and how many tiles are face down. All of
  // this is public: every player sees each tile as it is drawn.
  std::span<const TileType> drawn_tiles() const { return {deck_.data(), drawn_}; }
  int drawn() const { return drawn_; }
  int tiles_in_pile() const { return deck_size_ - drawn_; }
  bool discarded(int draw_index) const { return (discarded_[draw_index >> 6] >> (draw_index & 63)) & 1; }
  // Whether that draw was set aside (a dragon tile while the dragon was beside the board).
  bool set_aside(int draw_index) const;
  // Whether tile t, drawn now, would be set aside (and the same player would draw again); with
  // `ever`, whether this game's rules set t aside at all (a dragon tile, while the dragon is
  // beside the board).
  bool sets_aside(TileType t, bool ever = false) const;
  // The pile as dealt, each tile once (draw_order less the set-aside tiles that went back on
  // top at the first volcano): what restarts this game. Writes at most kMaxDeck tiles. For a
  // game whose order does not replay (order_replays), the same tiles in no meaningful order.
  int dealt_order(TileType* out) const;
  // Whether restarting from dealt_order draws this game's tiles again: false only for a
  // fixed-order game whose draws after its first volcano did not take the tiles that went
  // back first, in set-aside order (a re-deal after the volcano); its history replays with
  // the draws said one by one, and its full record ends with a 'deal' line.
  bool order_replays() const;
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
  // Whether the caller may say tile t was drawn now (what draw checks): Draw phase, t face
  // down and, during the river, a river tile, the lake last.
  Verdict check_draw(TileType t) const;
  // Whether the expansions' rules let a face-down t come next (during the river, a river
  // tile, the lake last): check_draw's verdict beyond the phase and the pile.
  Verdict may_come_next(TileType t) const;
  // Shuffles the face-down tiles uniformly from rng, keeping everything public as it is (the
  // determinization search needs); the game then draws in that order, and in Draw phase it
  // draws at once. Afterwards the game is a fixed-order game (its seed no longer applies).
  void redeal(Rng& rng, Events* events = nullptr);
  // For a game with caller draws: the face-down tiles will come off in this order (each
  // face-down tile once), and the game becomes a fixed-order game (in Draw it draws at
  // once). WrongPhase without caller draws, InvalidArgument for another set of tiles; the
  // game is unchanged then.
  Status deal(std::span<const TileType> order, Events* events = nullptr);
  // A copy that knows only what the players know: the same public state, the face-down
  // tiles without an order, drawn by the caller from now on.
  Game public_copy() const;

  // --- placing the tile ---
  // Whether the current tile may go there, and if not, why.
  Verdict check_placement(Placement p) const;
  // Whether tile t would fit there, regardless of phase.
  Verdict check_fit(TileType t, Placement p) const;
  // Whether tile t has a legal placement on this board (else, drawn, it leaves the game),
  // and how many (the length of placements_for's list).
  bool fits_anywhere(TileType t) const;
  int placement_count(TileType t) const;
  // Writes every legal placement of the current tile (each distinct picture once, smallest
  // rotation) to out, which must hold kMaxPlacements; returns the count (0 unless PlaceTile).
  int legal_placements(Placement* out) const;
  // The same for any tile type on the current board.
  int placements_for(TileType t, Placement* out) const;
  // legal_placements as move bits for the C ABI: x in bits 0..7 and y in bits 8..15 (two's
  // complement), the rotation in bits 16..17, each ORed with `bits`. Writes exactly the
  // returned number of values (placement_count(current_tile()) <= kMaxPlacements),
  // without a branch per open cell; 0 outside Phase::PlaceTile.
  int packed_placements(uint64_t* out, uint64_t bits) const;
  // Places the current tile. On failure nothing changes and *why says what is wrong.
  Status place(Placement p, Verdict* why = nullptr);
  // place() without its check, for a placement that check_placement has just found legal
  // on this same game (a batch checks every game before it changes any); any other
  // placement corrupts the game.
  void place_checked(Placement p) { apply_placement(p); }

  // --- the figure action ---
  // Writes the locations where a meeple may go on the tile just placed (each feature once,
  // by its first location) to out, which must hold kMaxMeepleOptions; returns the count.
  // Inline: the C ABI lists them every turn.
  int meeple_options(Location* out) const {
    return phase_ == Phase::PlaceMeeple && supply_[current_] > 0 && (mix_ == 0 || !closed_to_figures()) ? free_locations(out)
                                                                                                          : 0;
  }
  // Every legal figure action on the tile just placed but "none": meeples as meeple_options
  // lists them, then the expansions' figures (large meeple, abbot, recall) in that order.
  // out must hold kMaxFigureOptions; returns the count (0 outside PlaceMeeple).
  int figure_options(FigureChoice* out) const;
  // The same for the placement p of the current tile, without placing it.
  int figure_options_for(Placement p, FigureChoice* out, Verdict* why = nullptr) const;
  // Whether the figure action is legal now (Location::None with Figure::Meeple: none).
  Verdict check_figure(Figure f, Location loc) const;
  // The same for any figure action, one on another tile included.
  Verdict check_figure(const FigureChoice& c) const;
  Status act(const FigureChoice& c, Events* events = nullptr, Verdict* why = nullptr);
  // Performs the figure action, then scores and passes the turn as deploy does.
  Status act(Figure f, Location loc, Events* events = nullptr, Verdict* why = nullptr);
  // act() without its check, for an action that check_figure has just found legal on this
  // same game, as place_checked.
  void act_checked(Figure f, Location loc, Events* events = nullptr);
  // The meeple locations that placing the current tile at p would offer, without placing
  // it (this game is unchanged); 0 if p is not a legal placement (*why says why).
  int meeple_options_for(Placement p, Location* out, Verdict* why = nullptr) const;
  Verdict check_meeple(Location loc) const;
  // Deploys a meeple (Location::None: none), then scores what the placement completed,
  // passes the turn and draws the next tile (discarding tiles that fit nowhere), ending
  // and scoring the game when the pile is empty. Events go to *events if given.
  Status deploy(Location loc, Events* events = nullptr, Verdict* why = nullptr);

  // --- the builder's bonus tile (Traders & Builders) ---
  // Bonus phase: draw the bonus tile (the same player places it; a game with caller draws
  // waits in Draw), or decline it, passing the turn. WrongPhase in any other phase.
  Status take_bonus(Events* events = nullptr, Verdict* why = nullptr);
  Status pass(Events* events = nullptr, Verdict* why = nullptr);
  // Whether the tile being drawn or placed is a bonus tile (which never earns another).
  bool bonus_turn() const { return modules_.traders.bonus_turn; }
  // In Phase::Decide: the kind of the expansion's decision waited for (a DecisionKind's
  // number, decision.hpp; decision_kind says it).
  int pending_decision() const { return decision_; }
  // Whether the player passed on the bonus tile that placed tile `tile_index` earned.
  bool declined(int tile_index) const { return (modules_.traders.declined[tile_index >> 6] >> (tile_index & 63)) & 1; }

  // --- whole turns ---
  // Whether a whole move of the current tile is legal here (PlaceTile), and if not, why: its
  // placement, then its figure action on the features after it. Changes nothing.
  Verdict check_move(Move m) const;
  // Place and deploy in one step; on failure nothing changes. In the Bonus phase it takes the
  // bonus tile first (not with caller draws, which wait for the draw: WrongPhase).
  Status play(Move m, Events* events = nullptr, Verdict* why = nullptr);
  // Plays random legal turns to the end: a placement uniformly among legal placements,
  // then a meeple uniformly among the legal locations and "none". By default the face-down
  // tiles are re-dealt from rng first (redeal), so the playout cannot see the real future;
  // Future::AsDealt plays the pile as dealt (a game with caller draws has none: re-dealt).
  void playout(Rng& rng, Events* events = nullptr, Future future = Future::Sampled);
  // Ends the game now, as final_scores_now scores it (a tile just placed scores what it
  // completed without a meeple, then end-game scoring), in place: what a search does to a
  // scratch copy, saving final_scores_now's copy. Does nothing once over.
  void end_now(Events* events = nullptr);

  // --- looking ahead (this game is unchanged) ---
  // The scores if the game ended now: a tile just placed (PlaceMeeple) scores what it
  // completed without a meeple, then end-game scoring runs on a copy. Events as in deploy.
  std::array<int32_t, kMaxPlayers> final_scores_now(Events* events = nullptr) const;
  // What end-game scoring would pay now, feature by feature (the features with figures, by
  // root), and in all: what project_figure_options starts from.
  struct EndPayouts {
    int count = 0;
    std::array<SegId, kMaxMeeples> root;
    std::array<std::array<int32_t, kMaxPlayers>, kMaxMeeples> points;
    std::array<std::array<uint8_t, kMaxPlayers>, kMaxMeeples> weight;  // each player's figures' weight on it
    std::array<uint8_t, kMaxMeeples> centre;  // the board index of a tile whose centre holds one of its figures, else 0xFF
    std::array<int32_t, kMaxPlayers> total{};
    // By segment: 1 + the feature whose root it is, 0 for none (a trial placement's joins
    // name roots); the features with a figure on a centre.
    std::array<uint8_t, Features::kMaxSegments> index;
    std::array<uint8_t, kMaxMeeples> centres;
    int ncentres = 0;
  };
  void end_payouts(EndPayouts& out) const;
  // Just after a tile is placed (PlaceMeeple), given `before` (end_payouts of the position
  // before it): out[i] gets the scores end_now would give after figure action opts[i] (of
  // figure_options, k of them) and out[k] after none, with no copy per action: the tile
  // changes only its own features, the fields of a city it completed and the monasteries
  // around it. False, out unset, where only end_now knows: a module that is not projectable
  // (Traders & Builders, Princess & Dragon, The Tower, Abbey & Mayor), first-edition farmers
  // or a recall among opts.
  bool project_figure_options(const EndPayouts& before, const FigureChoice* opts, int k,
                              std::array<int32_t, kMaxPlayers>* out) const;
  // Distinct tiles in the feature whose root is `root` (features().find of any segment).
  int feature_tiles(SegId root) const;
  // Distinct completed cities that the field whose root is `field_root` touches.
  int completed_cities_touching(SegId field_root) const;
  // Inns and cathedrals (tiles::kInn | tiles::kCathedral) on the feature whose root is given.
  int feature_marks(SegId root) const;

  // Two games are equal when every part of their state is: board, features, meeples,
  // scores, supplies, draw pile, phase and options.
  friend bool operator==(const Game&, const Game&) = default;

 private:
  // The expansions' rules modules (src/module.hpp) work on the game's state as the core does.
  template <Expansion>
  friend struct Module;
  // The library's bots (src/bots.cpp): a search places every legal placement of every
  // position it values, on copies of it, and places what it listed without checking again.
  friend struct SearchAccess;
  // Tests of what the search relies on (tests/test_projection.cpp: its trial placements).
  friend struct TestAccess;

  void init(int players, Options options);
  // A seeded game's generator where the initial shuffle left it (what a reshuffle draws from).
  Rng dealt_rng() const;
  // Whether a module keeps every figure off the tile just placed (the dragon's tile).
  bool closed_to_figures() const;
  void set_pile(std::span<const TileType> tiles);
  // kModules false: the base game's draw, which asks no module (its playout's path).
  template <bool kModules = true>
  void draw_next(Events* events);
  // After the figure action, or a module's decisions that held the placement before scoring
  // (the dragon's flight): the scoring of what it completed, then the turn passes unless a
  // module holds it (the builder's bonus tile).
  void end_placement(Events* events);
  void end_placement_here(Events* events);
  // For the modules that hold the turn: the same player draws again (the bonus tile), or the
  // turn passes to the next player, who draws.
  void draw_again(Events* events);
  void pass_turn(Events* events);
  // After the placement's scoring and the decisions a module held it for there (the wagons):
  // a module's hold for the turn (the bonus tile), or the turn passes.
  void end_scored(Events* events);
  // A turn part begins (bonus: the builder's bonus part): a module may hold it before the draw
  // for a decision that replaces the draw (the abbey); hold_before_draw says whether one did.
  void start_turn_part(bool bonus, Events* events);
  bool hold_before_draw(bool bonus, Events* events);
  // The turn passes to current_ (a tile is face down): the modules' points at a turn's start.
  void turn_passes(Events* events);
  template <bool kModules>
  bool take_drawn(Events* events);
  void apply_placement(Placement p);
  // A base-game placement for a look at the features it makes (a search's valuation): the
  // board's open cells and their counts stay as they were, wrong until the search puts the
  // game back (Board::unplace_tile_only, and Features::unplace of the roots its joins noted):
  // nothing may play on from it.
  void place_features_only(Placement p);
  // kModules: with the modules' hooks; the base game's playout places without them.
  // kOpenCells: the board's open cells kept up to date (all but place_features_only).
  template <bool kModules, bool kOpenCells = true>
  void apply_canonical(TileType t, int8_t x, int8_t y, int rot);
  void add_pending(SegId root);
  Placement random_placement(Rng& rng, TileType t, int placements) const;
  void put_meeple(Location first_location);
  void put_figure(Figure f, Location first_location);
  void put_figure_at(int tile, Figure f, Location first_location, int player = -1);  // -1: the current player's
  void add_figure(int player, int tile, Figure f, Location first_location);  // both puts' body, inlined
  // An action on another tile: check_figure's check, which first rewrites c to the location
  // the listing gives it, so that act canonicalizes once and performs what it checked.
  Verdict check_elsewhere(FigureChoice& c) const;
  // Performs an action on another tile that check_elsewhere accepted (c canonical, as listed)
  // and records on the tile just placed where it went: act's and a playout's one path.
  void act_elsewhere(const FigureChoice& c, Events* events);
  Location first_location(Location loc) const;
  Location first_location_of(SegId root) const;
  Event event_at(Event::Type type, int tile, Location loc) const;
  // An event on no tile (a discard, an exchange, the final abbey round): no tile, no location.
  static Event event_off_board(Event::Type type);
  int free_locations(Location* out) const;
  void random_figure(Rng& rng, Events* events);
  void playout_expansions(Rng& rng, Events* events);
  void take_action(Figure f, Location loc, Events* events);
  void finish_turn(Events* events);
  void score_pending(Events* events);
  void finish_base_turn(Events* events);
  void set_up_box(Options options, TileType* box, int& n) const;
  void check_box(std::span<const TileType> tiles, bool ordered) const;
  // scoring.cpp
  void score_completed(SegId root, Events* events);
  void score_end(Events* events);
  using PlayerCounts = std::array<uint8_t, kMaxPlayers>;
  int group_figures(SegId* feature, uint8_t* first, PlayerCounts* weight) const;
  FeatureSize end_size(SegId root) const;
  uint8_t pay(FeatureKind kind, int points, int tiles, bool end_game, const PlayerCounts& meeples, const Meeple& first,
              Events* events);
  // pay, out of line, for the modules' own scorings (a barn's).
  uint8_t pay_majority(FeatureKind kind, int points, int tiles, const PlayerCounts& meeples, const Meeple& first, Events* events);
  void report_score(FeatureKind kind, int points, int tiles, bool end_game, uint8_t winners, const PlayerCounts& meeples,
                    const Meeple& first, Events* events) const;
  void forget_monk(uint8_t tile);
  void release(const Meeple& m);
  void score_first_edition_farmers(Events* events);

  // The expansions' own state, a struct per module that keeps any: only its module changes
  // it (src/river.cpp, src/traders.cpp), and the game copies it with the rest.
  struct RiverState {  // the river's open end
    int8_t x = 0, y = 0;  // the cell the river flows into
    uint8_t entry = 0;    // the side of that cell the river enters by
    uint8_t bend = 0;     // how the tile at the open end bends: 0 none, 1 right, 2 left
    bool open = false;    // false: no river (option off, or the lake is placed or gone)
    friend bool operator==(const RiverState&, const RiverState&) = default;
  };
  struct TradersState {
    std::array<uint64_t, (kTotalTiles + 63) / 64> declined{};  // bit i: the bonus tile earned by placed tile i was declined
    std::array<std::array<uint8_t, kGoodsKinds>, kMaxPlayers> goods{};
    bool bonus_turn = false;  // the tile being drawn or placed is the builder's bonus tile
    bool bonus_due = false;   // while a placement ends: its builder earned a bonus tile
    bool earned = false;      // the placement earned it before its figure action sent the builder home
    friend bool operator==(const TradersState&, const TradersState&) = default;
  };
  struct DragonState {
    uint8_t dragon = 0xFF;  // board index of the dragon's tile; 0xFF while beside the board
    uint8_t landed = 0;     // the placement under way put the dragon on a volcano: 1, 2 if it entered the board ...
    bool returned = false;  // ... the first one, which brought the set-aside tiles back
    // The flight under way: who placed the dragon tile, steps taken, tiles visited.
    uint8_t placer = 0, steps = 0;
    std::array<uint8_t, 7> visited{};
    // Every step of every flight, 2 bits each (N E S W), for the game's history.
    std::array<uint64_t, 3> log{};
    uint8_t nlog = 0;
    // Dragon tiles set aside while the dragon was beside the board, in that order, and
    // which draws they were (bit d: draw d).
    std::array<TileType, 12> aside{};
    uint8_t naside = 0;
    uint8_t back = 0;     // how many went back at the first volcano (0 before it)
    uint8_t back_at = 0;  // where in the deck they went back (a fixed order: on top)
    std::array<uint64_t, (kMaxDraws + 63) / 64> aside_draws{};
    // The fairy: its tile (0xFF beside the board) and the meeple it was put next to (its
    // segment and location there, its owner); `with` until that meeple leaves.
    uint8_t fairy = 0xFF;
    SegId fairy_seg = 0;
    Location fairy_loc = Location::None;
    uint8_t fairy_owner = 0;
    bool with = false;
    friend bool operator==(const DragonState&, const DragonState&) = default;
  };
  // The Tower: the foundations in the order they were placed, each's height and the figure
  // on top; pieces and prisoners; what this turn did; and each capture and ransom taken, in
  // order, for the game's history (Module<Tower>::recalled).
  struct TowerState {
    static constexpr int kFoundations = 18;  // tiles with a foundation in the box
    static constexpr int kPieces = kTowerPiecesInBox;  // captures and ransoms are fewer
    static constexpr int kHeldKinds = 5;     // meeple, large meeple, abbot, mayor, wagon: the kinds a tower captures
    // Every field 0 by default, so that a new game's unused slots are zeroed with the rest
    // of the state (Location::None here cost each new game a loop, base games too).
    struct Capture {
      int8_t x = 0, y = 0;
      Location location{};
      uint8_t option = 0;                // Choice::option of the capture decision
      Figure back = Figure::Meeple;      // the kind named to come back
      friend bool operator==(const Capture&, const Capture&) = default;
    };
    struct Ransom {
      uint8_t before = 0;  // the board's tile count when it was paid: the placement it preceded
      uint8_t holder = 0;
      Figure kind = Figure::Meeple;
      friend bool operator==(const Ransom&, const Ransom&) = default;
    };
    std::array<uint8_t, kFoundations> tile{};     // board index
    std::array<uint8_t, kFoundations> height{};
    std::array<int8_t, kFoundations> top_owner{};  // -1: open
    std::array<Figure, kFoundations> top_kind{};
    uint8_t count = 0;
    std::array<uint8_t, kMaxPlayers> pieces{};
    // held[holder][owner][kind]: prisoners
    std::array<std::array<std::array<uint8_t, kHeldKinds>, kMaxPlayers>, kMaxPlayers> held{};
    int8_t building = -1;      // the tower just built on, whose capture is due
    bool ransom_paid = false;  // in this turn
    std::array<Capture, kPieces> captures{};
    uint8_t ncaptures = 0;
    std::array<Ransom, kPieces> ransoms{};
    uint8_t nransoms = 0;
    friend bool operator==(const TowerState&, const TowerState&) = default;
  };
  // Abbey & Mayor: who still holds an abbey; the barns (each on a corner point, the NW corner
  // of square x, y, and a segment of its field); the wagons the scoring under way sent home;
  // the decision under way before a draw or in the final abbey round; and each wagon's move
  // in order, for the game's history (a list copied only as far as it is used).
  struct AbbeyState {
    struct Barn {
      int8_t x = 0, y = 0;
      uint8_t owner = 0;
      SegId seg = 0;
      friend bool operator==(const Barn&, const Barn&) = default;
    };
    struct Wagon {
      uint8_t owner = 0, tile = 0;  // from that placed tile
      friend bool operator==(const Wagon&, const Wagon&) = default;
    };
    // Each move: 1 + the board index of the tile it went to, then its location (4 bits); 0: it
    // stayed home. A wagon moves at most once per placement (players x tiles).
    struct Moves {
      static constexpr int kMax = kMaxPlayers * kTotalTiles;
      Moves() = default;
      Moves(const Moves& o) { *this = o; }
      Moves& operator=(const Moves& o) {
        n = o.n;
        std::copy_n(o.move.begin(), n, move.begin());
        return *this;
      }
      friend bool operator==(const Moves& a, const Moves& b) {
        return a.n == b.n && std::equal(a.move.begin(), a.move.begin() + a.n, b.move.begin());
      }
      std::array<uint16_t, kMax> move;
      uint16_t n = 0;
    };
    uint8_t abbeys = 0;  // bit p: player p still holds an abbey
    std::array<Barn, kMaxPlayers> barns{};
    uint8_t nbarns = 0;
    int8_t barn_placed = -1;  // the barn this placement put down (scored at once), or -1
    std::array<Wagon, kMaxPlayers> wagons{};
    uint8_t nwagons = 0, next_wagon = 0;
    bool bonus = false;        // the decision before the draw is a builder's bonus part
    bool final_round = false;  // the final abbey round has begun
    uint8_t last = 0;          // the player whose turn took the last land tile
    uint8_t seat = 0;          // seats of the final round decided or skipped
    uint8_t declined = 0;      // bit p: player p declined in the final abbey round
    Moves moves;
    friend bool operator==(const AbbeyState&, const AbbeyState&) = default;
  };
  struct ModuleState {
    RiverState river;
    TradersState traders;
    DragonState dragon;
    TowerState tower;
    AbbeyState abbey;
    friend bool operator==(const ModuleState&, const ModuleState&) = default;
  };

  Board board_;
  Features features_;
  std::array<Meeple, kMaxMeeples> meeples_{};
  // Per placed tile: 1 + the board index its figure action went to, 0 if none went to another
  // tile. Kept here, not in PlacedTile, so that the board's tiles stay 8 bytes.
  std::array<uint8_t, kTotalTiles> targets_{};
  std::array<int32_t, kMaxPlayers> score_{};
  std::array<int32_t, kMaxPlayers> banked_{};  // the scores before end-game scoring, once over
  std::array<uint8_t, kMaxPlayers> supply_{};    // meeples
  std::array<uint16_t, kMaxPlayers> figures_{};  // bit f: the player's figure f (kSingleFigures) is in supply
  std::array<TileType, kMaxDraws> deck_{};
  std::array<uint64_t, (kMaxDraws + 63) / 64> discarded_{};  // bit d: draw d fit nowhere
  std::array<SegId, 16> pending_{};  // features completed by the tile just placed
  // Tiles whose centre (monastery or garden) holds a figure: a monk or an abbot.
  std::array<uint8_t, tiles::kMaxCentreTiles> monks_{};
  ModuleState modules_;
  uint64_t seed_ = 0;
  Options options_;
  uint8_t mix_ = 0;  // the expansions of options_ as a Mix (expansions.hpp): one load on hot paths
  uint8_t players_ = 0;
  uint8_t current_ = 0;
  Phase phase_ = Phase::PlaceTile;
  uint8_t decision_ = 0;  // in Phase::Decide: the DecisionKind waited for, set by the module that holds the turn
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

// How many tiles of type t a game with these options has in its box, less the start tile
// (or the spring): what the face-down pile holds before the first draw.
int box_count(const Options& options, TileType t);
// The default options with every expansion on whose tiles these are: the game those tiles
// need (an order or a pile named by ids).
Options expansions_of(std::span<const TileType> tiles);

}  // namespace carc
