// The decision model: whatever a game waits for, asked and answered one way. The game says
// who decides now (a player, chance for a draw, nobody once it is over) and what kind of
// decision it is; list_choices writes every legal option of it; decide applies one, or
// refuses it with a reason and changes nothing. Every option has one move-text spelling
// (choice_text / parse_choice, the tokens of records) and one packed id (pack_choice /
// unpack_choice), so records, bots, bindings and reinforcement learning can take any
// decision, an expansion's included, without code of their own per kind.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "carcassonne/game.hpp"

namespace carc {

// The kinds of decision: the tile drawn (chance), where the tile goes, the placement's figure
// action; then the expansions' own, each answered by its module (in Phase::Decide): the
// builder's bonus tile taken or passed (Traders & Builders); a step of the dragon's flight
// (Princess & Dragon); a tower's capture (The Tower); before a turn part's draw, the abbey
// placed or not, and a returned wagon's move, its owner's (Abbey & Mayor). None once over.
enum class DecisionKind : uint8_t { None = 0, Draw = 1, Place = 2, Figure = 3, Bonus = 4, Dragon = 5, Capture = 6,
                                    Abbey = 7, Wagon = 8 };
inline constexpr int kDecisionKinds = 9;
// The first kind that is an expansion's (answered by its module in Phase::Decide).
inline constexpr int kFirstExpansionKind = static_cast<int>(DecisionKind::Figure) + 1;

inline constexpr int kChance = -1;  // decider() of a draw
inline constexpr int kNobody = -2;  // decider() once the game is over

// One option of a decision; the fields its kind does not use keep their defaults.
struct Choice {
  DecisionKind kind = DecisionKind::None;
  TileType tile = kNoTile;  // Draw: the tile drawn; Place: the tile placed (the current tile)
  Placement at{};           // Place
  FigureChoice figure{Figure::Meeple, Location::None};  // Figure: {Meeple, None} is no figure action
  uint8_t option = 0;       // an expansion's decision: which option (Bonus: 0 take, 1 pass)
  friend bool operator==(const Choice&, const Choice&) = default;
};

// A buffer of this many choices holds any decision's list.
inline constexpr int kMaxChoices = std::max({kMaxPlacements, static_cast<int>(kTileTypes), 1 + kMaxFigureOptions});
// Such a buffer, uninitialized until list_choices writes it (game.hpp, ListBuffer).
using ChoiceBuffer = ListBuffer<Choice, kMaxChoices>;

// Who decides now: a player (0..players-1), kChance for a draw, kNobody once over.
int decider(const Game& game);
// What kind of decision the game waits for.
DecisionKind decision_kind(const Game& game);
// Whether c is of that kind, or a module's option of a placement decision (The Tower's
// ransom) while one is pending (the abbey's too).
bool of_pending_kind(const Game& game, const Choice& c);
// Writes every legal option of the current decision to out (kMaxChoices of room), in the
// listing order of records, perft counts and action ids: draws by tile type; placements as
// legal_placements gives them; no figure action first, then figure_options's; take, then
// pass. Returns the count (0 once over).
int list_choices(const Game& game, Choice* out);
// Whether c is a legal option of the current decision, and if not, why (WrongPhase for an
// option of another kind of decision).
Verdict check_choice(const Game& game, const Choice& c);
// Applies c (what draw, place, act, take_bonus or pass does); on failure nothing changes and
// *why says why.
Status decide(Game& game, const Choice& c, Events* events = nullptr, Verdict* why = nullptr);

// The option a move takes first when it comes while the pending decision waits (with the
// builder's bonus tile due: taking it), which a record leaves unsaid; false if a move does not
// answer this decision.
bool implied_choice(const Game& game, Choice& c);
// The option `game` took at the decision where `replay` (its history replayed from the start,
// history.hpp) waits now; false if `game` has not taken it (it waits there itself).
bool recalled_choice(const Game& game, const Game& replay, Choice& c);

// Calls f with where a whole move (Game::play) starts and returns what f does: `game` itself
// in PlaceTile; where a decision waits that a move implies (the bonus tile, taken) in a game
// that draws its own tiles, a copy with it taken, as play takes it first. nullptr where no
// move starts now (another phase, a game with caller draws that must draw first, or an
// implied tile that fit nowhere and left the game). The copy is a local of the rare branch:
// a std::optional<Game> would cost a 23 KB zeroing on every call.
template <class F>
decltype(auto) at_move_start(const Game& game, F&& f) {
  Choice c;
  if (game.phase() == Phase::Decide && !game.caller_draws() && implied_choice(game, c)) {
    Game start = game;
    decide(start, c);
    return f(start.phase() == Phase::PlaceTile ? static_cast<const Game*>(&start) : nullptr);
  }
  return f(game.phase() == Phase::PlaceTile ? &game : nullptr);
}

// What the decider is asked now, to follow "player N may ": "draw a tile", "place E",
// "deploy a figure or not", an expansion's words ("take the builder's bonus tile or pass");
// "" once over.
std::string decision_prompt(const Game& game);

// Where option c of the current decision is taken on the board, for a picture or a page that
// draws it as a target: the cell (x, y) of the tile it acts on and the location on that tile
// (Location::None: the cell as a whole, as a placement or a dragon step). False for an option
// with no place there: a draw, no figure action, the bonus tile taken or passed.
bool choice_place(const Game& game, const Choice& c, int& x, int& y, Location& loc);

// The option's move text: "draw E", "E 0,-1 180", "-" / "S" / "L:N" / "A:C" / "recall",
// "bonus" (take) / "pass".
std::string choice_text(const Choice& c);
// The kind of expansion decision that `word` spells an option of ("pass", "bonus": Bonus), or
// begins the lines of ("dragon": Dragon), or None; *subject (if given) gets what it decides
// on ("the builder's bonus tile").
DecisionKind decision_of_word(std::string_view word, std::string* subject = nullptr);
// Why a record line of an expansion's decision (`text`: "pass", "dragon N") is refused where
// no such decision waits: "'pass' declines the builder's bonus tile, but none is due here (a
// line whose tile extends the player's builder's road or city earns one)".
std::string not_due_text(std::string_view text);
// What the pending expansion decision is about, in this position: "the dragon's step 2", "the
// builder's bonus tile"; "" outside Phase::Decide.
std::string pending_subject(const Game& game);
// Why option c of the pending decision is refused (the module's words where it has them).
std::string refusal_text(const Game& game, const Choice& c, const Verdict& v);
// What a decider did, as a sentence: "player 0 places E 0,-1 180", "player 1 takes the bonus
// tile"; a draw is chance's ("E is drawn").
std::string describe_choice(int player, const Choice& c);
// Reads an option of the current decision from its move text; false (with *error) if the text
// spells no option of this kind of decision. Legality is check_choice's.
bool parse_choice(const Game& game, std::string_view text, Choice& c, std::string* error = nullptr);

// The packed id of an option: the C ABI's move bits (x 0..7, y 8..15, rotation 16..17,
// figure location 18..21, figure kind 22..24 and 26, bit 25 an action on another tile at x 40..47,
// y 48..55, tile 32..39) with the decision kind in bits
// 56..59 and an expansion's option in bits 60..63. unpack_choice gives it back; false for
// bits that spell no option.
uint64_t pack_choice(const Choice& c);
bool unpack_choice(uint64_t id, Choice& c);

}  // namespace carc
