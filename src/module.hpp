// What a rules module is: the rules of one expansion, in its own file, as a specialisation of
// Module<E> whose static functions are hooks that the core calls at named points of the turn,
// for each module of the game's mix, in the order of the module list (modules.hpp). A module
// defines the hooks it needs and inherits the rest from Hooks: empty inline functions that
// the compiler drops, so a hook costs only the modules that define it. Game makes every
// Module<E> its friend: a module reads and changes the game's state as the core does.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "carcassonne/decision.hpp"
#include "carcassonne/expansions.hpp"
#include "carcassonne/game.hpp"
#include "carcassonne/observation.hpp"
#include "carcassonne/queries.hpp"
#include "carcassonne/scoring.hpp"

namespace carc {

template <Expansion E>
struct Module;

// Where a figure kind's actions go on the tile just placed: onto a feature (any location),
// onto the centre only (the abbot), or nowhere (an action without a figure, the recall).
// Elsewhere: onto a part of another tile (the fairy next to a meeple, the princess's knight).
// Corner: onto a corner point of the tile just placed (the barn), which a half-edge location
// names; no feature's location stands for it.
enum class Reach : uint8_t { Feature, Centre, Nowhere, Elsewhere, Corner };

// A figure kind (or a figure action) that a module gives each player: how the rules and
// every layer above them name, spell, weigh and draw it. The layers read these rows (through
// figure_kind, modules.hpp), never a module's figure by name.
struct FigureKind {
  Figure figure;
  std::string_view name;  // in events, messages and pictures: "large meeple"
  std::string_view word;  // its move text: "L:" before a location; with Reach::Nowhere the whole word
  Reach reach = Reach::Feature;
  char letter = 0;         // beside its owner's digit in text pictures (0: none)
  int8_t greedy_cost = 1;  // what spending it costs the greedy bot, in quarter points
  // The picture: the SVG class beside "meeple", the shape ("": a meeple's), its scale, and
  // whether it lies on its side in a field as a farmer does.
  std::string_view css = {};
  std::string_view shape = {};
  std::string_view scale = "1.15";
  bool lies = true;
};

// What a module adds to the RL observation: planes, scalars per seat, scalars of its own;
// `always`: part of the base layout, there whether the module is on or not (the garden,
// abbot and river planes). The others follow the base layout, module by module.
struct Observed {
  int planes = 0, seat_scalars = 0, scalars = 0;
  bool always = false;
};
// The planes a module writes (k = 0 is its first), over the observation window.
struct Planes {
  float* out;
  int first, area, side, reach;
  float& at(int k, int x, int y) const { return out[(first + k) * area + (y + reach) * side + (x + reach)]; }
  bool inside(int x, int y) const { return x >= -reach && x <= reach && y >= -reach && y <= reach; }
};

// A set of figure kinds and actions: bit f for Figure f (no bit for a value above 15).
using FigureSet = uint16_t;
constexpr FigureSet bit(Figure f) {
  return static_cast<int>(f) < 16 ? static_cast<FigureSet>(1u << static_cast<int>(f)) : FigureSet{0};
}
// The set of a list of figures (a module's figures in the order it lists them).
template <size_t N>
constexpr FigureSet set_of(const std::array<Figure, N>& figures) {
  FigureSet s = 0;
  for (const Figure f : figures) s = static_cast<FigureSet>(s | bit(f));
  return s;
}

// The base game's figure: the meeple (no word: a location alone places it).
inline constexpr FigureKind kMeepleKind{Figure::Meeple, "meeple", ""};

struct Hooks {
  // --- set-up ---
  // The tile at (0,0) instead of the start tile (the spring), or kNoTile.
  static constexpr TileType kStartTile = kNoTile;
  // The set of tiles the module adds to the box (Base: none). A tile of it that is a copy of
  // a base tile (its plain letter another's, the gardens) takes that tile's place in the box.
  static constexpr tiles::raw::TileSet kTiles = tiles::raw::TileSet::Base;
  // Whether t is of a stack the module deals before the land tiles: shuffled apart from
  // them, its last tile in tile order (the lake) staying last.
  static constexpr bool dealt_first(TileType) { return false; }
  // Checks a draw order given to the game against the module's rules for one; throws
  // std::invalid_argument saying why it is none.
  static void check_order(std::span<const TileType>) {}
  // After the first tile is placed.
  static void set_up(Game&) {}

  // --- placing a tile (step 4) ---
  // Whether t is one of the module's own tiles, which go only where it says (river tiles),
  // whatever the game's mix; then the three hooks after it decide where t goes.
  static bool places(TileType) { return false; }
  static Verdict check_fit(const Game&, TileType, Placement) { return Verdict{}; }
  // Writes t's legal placements to out (if not null); returns how many.
  static int placements(const Game&, TileType, Placement*) { return 0; }
  // A playout's placement of t: uniform among placements (at least one).
  static Placement random_placement(const Game&, TileType, Rng&) { return Placement{}; }
  // Why no other tile may go onto a cell the module blocked (the river's open end): true
  // if the module blocked it, with *v.
  static bool check_blocked(const Game&, TileType, Placement, Verdict*) { return false; }
  // After tile t is placed at p (rotation p.rot, the canonical one).
  static void placed(Game&, TileType, Placement) {}

  // --- drawing (step 3) ---
  // A turn part begins, before its draw (bonus: the builder's bonus part): true if the module
  // holds it for a decision that may replace the draw (the abbey).
  static bool before_draw(Game&, bool /*bonus*/, Events*) { return false; }
  // Whether the caller may say t was drawn, where the module has a rule (the river stack
  // first, the lake last of it): true if it decided, with *v.
  static bool check_draw(const Game&, TileType, Verdict*) { return false; }

  // Whether drawn tile t is set aside instead of being placed (a dragon tile while the
  // dragon is beside the board): then the module has taken note and the same player draws
  // again.
  static bool set_aside(Game&, TileType, Events*) { return false; }
  // Whether set_aside would set t aside if it were drawn now; whether it sets t aside at all
  // (a dragon tile, while the dragon is beside the board).
  static bool would_set_aside(const Game&, TileType) { return false; }
  static constexpr bool sets_aside(TileType) { return false; }
  // Whether draw d (its index in the deck) was set aside.
  static bool was_set_aside(const Game&, int /*draw*/) { return false; }
  // The drawn tiles that went back into the deck to be drawn again (the dragon tiles set
  // aside before the first volcano), in the order they went back; they lie in the deck from
  // index *at (a fixed order: on top). Empty if none did. What the pile as dealt leaves out,
  // and what a fixed order must draw first to replay (Game::dealt_order, order_replays).
  static std::span<const TileType> went_back(const Game&, int* /*at*/) { return {}; }

  // --- the figure action (step 5 of a turn) ---
  // Whether no figure may be deployed on the tile just placed (the dragon stands there): its
  // figure action can then only be one that deploys nothing there (a recall).
  static bool closed_to_figures(const Game&) { return false; }
  // Appends the module's figure actions on the tile just placed to out (after the meeples'
  // and the earlier modules'); returns how many.
  static int figure_options(const Game&, FigureChoice*) { return 0; }
  // Checks an action of the module that is not a figure onto a feature of the tile just
  // placed (a recall, the abbot onto the centre); true if the module decided, with *v.
  static bool check_action(const Game&, Figure, Location, Verdict*) { return false; }
  // Checks figure f onto the feature with root `root` of the tile just placed, where the
  // module has a rule of its own; true if it decided, with *v. Else the base rules apply.
  static bool check_deploy(const Game&, Figure, SegId, Verdict*) { return false; }
  // Performs an action that check_action accepted; true if the module did (else the core
  // puts the figure on the tile).
  static bool act(Game&, Figure, Location, Events*) { return false; }
  // Checks and performs an action on another tile (FigureChoice::elsewhere): true if the
  // module's, with *v; act_elsewhere performs one that check_elsewhere accepted.
  static bool check_elsewhere(const Game&, const FigureChoice&, Verdict*) { return false; }
  static bool act_elsewhere(Game&, const FigureChoice&, Events*) { return false; }
  // Rewrites an action on another tile to the location the listing gives it (any location
  // of the part, or of the meeple's feature, names it); true if the module's.
  static bool canonical_elsewhere(const Game&, FigureChoice&) { return false; }
  // The move text of a figure action that the module spells its own way ("T:2,0"), and the
  // reverse; true if the module's. A word that begins as the module's but spells no action
  // ("T:2,0:N") is the module's too, with Location::None in *c: no other reading applies.
  static bool spell_action(const Move&, std::string*) { return false; }
  static bool read_action(std::string_view, FigureChoice*) { return false; }

  // --- the end of a placement (steps 7-9) ---
  // Before the placement's scoring: what the placement earned, decided before scoring can
  // send figures home.
  static void before_scoring(Game&) {}
  // Right after the figure action, before every hold_before_scoring: true if the module holds
  // the placement for a decision that the action brings (the tower's capture), which then
  // goes on with the holds before scoring and Game::end_placement.
  static bool hold_after_action(Game&, Events*) { return false; }
  // After before_scoring: true if the module holds the placement before its scoring for
  // decisions of its own (the dragon's flight), which end with Game::end_placement.
  static bool hold_before_scoring(Game&, Events*) { return false; }
  // Figures left the board other than by scoring (eaten, removed; cause as in AloneHome).
  static void figures_left(Game&, int /*cause*/, Events*) {}
  // The dragon enters board tile `tile`: the module's figures there that it eats (a figure on
  // a tower top) go home; each is written to out as a Meeple (for the Eaten events); returns
  // how many.
  static int eaten_on(Game&, int /*tile*/, Meeple*) { return 0; }
  // The turn has passed to g.current_player(), a tile being face down (before the draw).
  static void turn_passes(Game&, Events*) {}
  // Right before a feature the placement completed is scored (its figures still stand).
  static void completing(Game&, SegId) {}
  // After a feature the placement completed has been scored (its figures are home).
  static void completed(Game&, SegId, Events*) {}
  // After the placement's scoring, before after_scoring: true if the module holds the
  // placement for decisions its scoring brought (the wagons' moves), which end with
  // Game::end_scored.
  static bool hold_after_scoring(Game&, Events*) { return false; }
  // After the placement's scoring, before the turn passes: true if the module holds the turn
  // for a decision of its own (the game then waits in the phase it set).
  static bool after_scoring(Game&, Events*) { return false; }

  // --- the module's own decisions (Phase::Decide) ---
  // Whether decisions of kind k are the module's (it holds the turn for them: Game::hold).
  static constexpr bool decides(DecisionKind) { return false; }
  // Whether a decision of kind k of the module is a placement decision (the abbey's): the
  // modules' own options of the placement decision (the ransom) are listed before its own.
  static constexpr bool places_tile(DecisionKind) { return false; }
  // How many options a decision of kind k has (its options are numbered below that).
  static constexpr int options(DecisionKind) { return 0; }
  // Who decides the pending one (a player).
  static int decider(const Game& g) { return g.current_player(); }
  // Writes the options of the pending decision, in listing order; returns how many.
  static int choices(const Game&, Choice*) { return 0; }
  // Checks an option of the pending decision (its kind already checked).
  static Verdict check_choice(const Game&, const Choice&) { return Verdict{}; }
  // Takes an option that check_choice accepted.
  static void decide(Game&, const Choice&, Events*) {}
  // A playout's option, uniform among them, taken.
  static void random_decision(Game&, Rng&, Events*) {}
  // A module that decides(DecisionKind::Place) adds options of its own to the placement
  // decision (the ransom), listed before the placements: writes them, returns how many; a
  // playout takes one of them, or none, before it places.
  static int place_choices(const Game&, Choice*) { return 0; }
  static void random_place_option(Game&, Rng&, Events*) {}
  // The option that a move takes first when it comes while this decision is pending (the
  // builder's bonus tile: taken), which a record then leaves unsaid; false if a move does not
  // answer it.
  static bool implied(const Game&, Choice*) { return false; }
  // The option `game` took at the decision where `replay`, its history replayed, waits now;
  // false if `game` has not taken it yet (it waits there itself).
  static bool recalled(const Game& /*game*/, const Game& /*replay*/, Choice*) { return false; }
  // The move text of an option of one of its kinds, and the reverse: true if `word` spells an
  // option of kind k, with *c.
  static std::string_view choice_word(const Choice&) { return {}; }
  // The same for options whose text is built from their fields ("capture 1,0 E").
  static std::string choice_line(const Choice&) { return {}; }
  // The first word of every option's move text of kind k when the text has more words than
  // one ("dragon" of "dragon N"), else "".
  static std::string_view line_word(DecisionKind) { return {}; }
  // What the pending decision is, for a record line that does not answer it: "the dragon's
  // step 2" (then "is player 1's to decide"); "": its subject.
  static std::string pending(const Game&) { return {}; }
  // Why an option of the pending decision is refused, in the module's words ("" : describe's).
  static std::string refusal(const Game&, const Choice&) { return {}; }
  static bool parse_word(DecisionKind, std::string_view, Choice*) { return false; }
  // What a decision of kind k is about: "the builder's bonus tile".
  static std::string_view subject(DecisionKind) { return {}; }
  // What a line of option c does, after "'pass' ": "declines"; and when a decision of kind k
  // is due, for a line where none is ("a line whose tile extends ... earns one").
  static std::string_view verb(const Choice&) { return "answers"; }
  static std::string_view due_when(DecisionKind) { return {}; }
  // What its decider did, after "player N ": "takes the bonus tile".
  static std::string_view choice_said(const Choice&) { return {}; }
  // Where on the board an option is taken that the core cannot place itself (an option of
  // the module's decision; a figure action without a location, such as the abbot's recall):
  // the cell and the location there (Location::None: the tile as a whole); false: nowhere.
  static bool option_place(const Game&, const Choice&, int& /*x*/, int& /*y*/, Location& /*loc*/) { return false; }
  // The RL action slots of its decisions, after the figure slots (actions.hpp).
  static constexpr int kActionSlots = 0;
  // What the decider of kind k is asked, after "player N may ": "take the builder's bonus
  // tile or pass".
  static std::string_view prompt(DecisionKind) { return {}; }

  // --- the end of the game ---
  // A field paid `winners` its end-game value (size.cities completed cities); `weight` and
  // `first` as in its Score event.
  static void field_scored(Game&, SegId, uint8_t, const FeatureSize&, const std::array<uint8_t, kMaxPlayers>&,
                           const Meeple&, Events*) {}
  // First-edition farmers: a completed city paid `winners` for their farmers in the fields
  // that touch it (in_fields(root) says whether a field is one of them).
  template <class InFields>
  static void city_farmers_paid(Game&, InFields, uint8_t, const std::array<uint8_t, kMaxPlayers>&, const Meeple&,
                                Events*) {}
  // After a feature has been scored at the end (root: its root), fields included.
  static void end_scored(Game&, SegId, Events*) {}
  // After every feature has been scored at the end.
  static void game_end(Game&, Events*) {}
  // The last tile is gone, before the final scoring: true if the module holds the game for
  // decisions of its own first (the final abbey round), which end with Game::draw_again.
  static bool hold_game_end(Game&, Events*) { return false; }

  // --- what the bots' projections may assume ---
  // Whether end_payouts and a figure's own feature say all that a figure action changes in
  // the end scores (false: the module scores across the board, project_figure_options
  // falls back to ending copies).
  static constexpr bool kProjectable = true;
  // Whether a figure action's effect is its figure on its feature (false: project_figure_options
  // cannot follow it and falls back to ending copies).
  static bool projects(const FigureChoice&) { return true; }

  // --- what front ends show ---
  // Fills the module's fields of a feature's description (queries.hpp), the feature with
  // root `root`.
  static void feature_info(const Game&, SegId, FeatureInfo&) {}
  // Adds the module's lines to a picture's legend: f(css class, text).
  template <class F>
  static void legend(const Game&, F&&) {}
  // The module's pieces that are no figure (the dragon, the fairy): f(board index of the
  // tile, css class, letter), drawn over the tile.
  template <class F>
  static void pieces(const Game&, F&&) {}
  // The towers that have pieces (The Tower): f(board index of the tile, height, the owner of
  // the figure on top or -1, its kind).
  template <class F>
  static void towers(const Game&, F&&) {}
  // The figures on corner points (the barn): f(x, y, owner, kind), the point being the
  // north-west corner of square (x, y).
  template <class F>
  static void corner_figures(const Game&, F&&) {}

  // --- what a player observes (the RL observation, observation.hpp) ---
  // The module's planes and scalars (seat scalars: that many per seat).
  static constexpr Observed kObserved{};
  // Marks a placed tile inside the window, or a figure on one, on the module's planes.
  static void observe_tile(const PlacedTile&, const Planes&) {}
  static void observe_figure(const Meeple&, const PlacedTile&, const Planes&) {}
  // Writes the module's scalars as `observer` sees them: per seat (seat k is player
  // (observer + k) mod players), then its own.
  static void observe_scalars(const Game&, int /*observer*/, float*) {}
  // Marks what the module keeps beside the figures (the dragon, the fairy) on its planes.
  static void observe_board(const Game&, const Planes&) {}

  // --- data ---
  // The figure kinds and actions the module gives each player, in the order its actions are
  // listed (the RL action slots follow it).
  static constexpr std::array<FigureKind, 0> kFigures{};
  // The figure kinds (bits, as bit(Figure)) that the module's actions may put on, or use
  // on, a part of another tile than the one just placed (the portal's, the fairy's, the
  // princess's), and those that go to a tower's top there (location TW). The RL action space
  // gives each a slot per cell and location; figure_reach tells the layers above.
  static constexpr FigureSet kOtherTileFigures = 0;
  static constexpr FigureSet kTowerTopFigures = 0;
  // Options of its decisions that are taken on a square and a location (the tower's
  // capture): `kCellKinds` kinds of them, each given an RL action slot per window cell and
  // location (kCellLocations locations: 15 to name a tower top); cell_kind says which kind an
  // option is (-1: none of them), cell_choice the option of kind k there.
  static constexpr int kCellKinds = 0;
  static constexpr int kCellLocations = kLocationCount;
  static int cell_kind(const Choice&) { return -1; }
  // The cell and location of such an option: its figure's square and location unless the
  // module keeps them elsewhere in the choice.
  static void cell_of(const Choice& c, int8_t& x, int8_t& y, Location& loc) {
    x = c.figure.x;
    y = c.figure.y;
    loc = c.figure.location;
  }
  static bool cell_choice(int /*k*/, int8_t /*x*/, int8_t /*y*/, Location, Choice*) { return false; }
  // Whether the module numbers its RL decision slots itself (else: its kinds in order, each
  // kind's options by number), with the slot of an option (-1: none) and the option of a slot.
  static constexpr bool kOwnSlots = false;
  static int action_slot(const Choice&) { return -1; }
  static bool slot_choice(int /*slot*/, Choice*) { return false; }
  // Whether the module's tiles carry feature marks (inns, cathedrals) that the values read.
  static constexpr bool kMarks = false;
};

}  // namespace carc
