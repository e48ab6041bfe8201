"""The values the binding hands out and takes: placements, moves, events, features, cells.
All are frozen dataclasses (hashable, comparable, picklable); rotations are degrees. Each
event carries `text`, the engine's sentence for it ("city 8 to player 0", carc_event_text),
which its repr and comparisons leave out."""

import ctypes
import dataclasses
import enum
from typing import Optional, Tuple

from . import _args
from ._errors import CarcassonneError, invalid
from ._lib import (CARC_CHOICE_TEXT_SIZE, CARC_FIGURE_MEEPLE, CARC_LOC_NONE, CARC_LOC_TW, CARC_MOVE_INVALID, check, family,
                   lib, text_out)
from ._args import FIGURE_NAMES, LOCATIONS, TILES


#: The phases of a turn, CARC_PHASE_* without the prefix: PLACE_TILE, PLACE_MEEPLE, GAME_OVER,
#: DRAW (a chance node: the caller says which tile was drawn, Game.draw) and DECIDE (the game
#: waits for an expansion's decision: Game.decision() says which and who decides, e.g. with
#: Traders & Builders the builder's bonus tile, Game.take_bonus() or Game.pass_bonus();
#: Game.bot_choice() answers any). Phase.BONUS is an alias of DECIDE, its name in the 0.2 ABI.
Phase = enum.IntEnum("Phase", [*family("CARC_PHASE_").items(), ("BONUS", family("CARC_PHASE_")["DECIDE"])],
                     module=__name__)


#: The kinds of decision a game waits for (Game.decision()), CARC_DECISION_* without the
#: prefix: NONE (the game is over), DRAW (chance: which face-down tile was drawn), PLACE (where
#: the tile in hand goes), FIGURE (the figure action of the tile just placed, or none), BONUS
#: (the builder's bonus tile taken or passed on) and DRAGON (a step of the dragon's flight,
#: "dragon N" .. "dragon W", decided by a player who need not be the one whose turn it is).
DecisionKind = enum.IntEnum("DecisionKind", family("CARC_DECISION_"), module=__name__)


@dataclasses.dataclass(frozen=True)
class Choice:
    """One option of a decision (Game.choices()): `packed` is its 64-bit id (carc_choice), str()
    its move text ("draw E", "E 0,-1 180", "-" for no figure, "S", "L:N", "A:C", "recall",
    "bonus" to take the builder's bonus tile, "pass")."""
    packed: int

    def __post_init__(self):
        _args.integer(self.packed, 0, 2**64 - 1, "carc_choice: {} is not a 64-bit choice id")

    def __str__(self) -> str:
        buf = ctypes.create_string_buffer(CARC_CHOICE_TEXT_SIZE)
        check(lib.carc_choice_format(self.packed, buf, CARC_CHOICE_TEXT_SIZE))
        return buf.value.decode()

    def __repr__(self) -> str:
        try:
            return f"<Choice {self}>"
        except CarcassonneError:  # bits that spell no option
            return f"<Choice {self.packed:#x}>"


@dataclasses.dataclass(frozen=True)
class Placement:
    """Where the current tile may go: a cell and a rotation in degrees clockwise."""
    x: int
    y: int
    rotation: int


@dataclasses.dataclass(frozen=True)
class MeepleChoice:
    """A feature of the tile just placed that may take a figure: its first location, its
    kind, and the figure ("meeple"; or "large meeple", "abbot", "builder", "pig")."""
    location: str
    feature: str
    figure: str = "meeple"


# A move's bits for a figure action on another tile (carcassonne.h): bit 25, and that tile's
# x in bits 40..47 and y in bits 48..55, two's complement; the figure kind's low three bits at
# 22 and its fourth at 26, the location at 18.
ELSEWHERE_BIT = 1 << 25
_FIGURE_SHIFT, _FIGURE_HIGH_SHIFT, _LOCATION_SHIFT, _TARGET_X_SHIFT, _TARGET_Y_SHIFT = 22, 26, 18, 40, 48


def pack(tile, x, y, rotation, meeple, where: str, figure="meeple", target=None) -> int:
    """The packed move (carc_move) of checked values; InvalidArgument naming `where` if not.
    target: the other tile (x, y) of an action there (Princess & Dragon), else None."""
    other = _args.target(target, where)
    kind, loc = _args.figure_action(figure, meeple, where, other)
    rotation = 90 * _args.quarter_turns(rotation, where)
    # carc_move_pack knows nothing of another tile and refuses the fairy, the princess and the
    # tower's actions, which act only there: it packs the placement and the location, and the
    # rest is set here, as the header lays the bits out.
    only_there = _args.FIGURE_NAMES[kind] in _args.ELSEWHERE_ONLY or loc == CARC_LOC_TW
    m = lib.carc_move_pack(_args.tile(tile, where), _args.coordinate(x, where, "x"), _args.coordinate(y, where, "y"),
                           rotation, CARC_FIGURE_MEEPLE if only_there else kind, CARC_LOC_NONE if loc == CARC_LOC_TW else loc)
    if m == CARC_MOVE_INVALID:  # every value was checked above: the library disagrees
        raise invalid(f"{where}: {tile!r} {x!r},{y!r} {rotation!r} {figure!r} {meeple!r} is out of range")
    if other is not None:
        m &= ~(0xF << _LOCATION_SHIFT)
        m |= ((kind & 7) << _FIGURE_SHIFT | (kind >> 3) << _FIGURE_HIGH_SHIFT | loc << _LOCATION_SHIFT | ELSEWHERE_BIT
              | (other[0] & 0xFF) << _TARGET_X_SHIFT | (other[1] & 0xFF) << _TARGET_Y_SHIFT)
        if lib.carc_move_unpack(m, None, None, None, None, None, None) < 0:  # the library disagrees
            raise invalid(f"{where}: {tile!r} {x!r},{y!r} {rotation!r} {figure!r} {meeple!r} on {target!r} "
                          f"is out of range")
    return m


def signed_byte(b: int) -> int:
    return (b ^ 0x80) - 0x80


def target_of(m: int) -> Optional[Tuple[int, int]]:
    """The other tile (x, y) of a packed move's or choice's figure action, or None for the tile
    just placed (bit 25 clear)."""
    if not m & ELSEWHERE_BIT:
        return None
    return signed_byte((m >> _TARGET_X_SHIFT) & 0xFF), signed_byte((m >> _TARGET_Y_SHIFT) & 0xFF)


@dataclasses.dataclass(frozen=True)
class Move:
    """A whole turn: the tile, where it goes, and its figure action: a figure (`figure`, a
    meeple unless said: "meeple", "large meeple", "abbot", "builder", "pig") on the location
    `meeple` (None: no figure), or figure "recall" with meeple None (the abbot comes home and
    scores). Its text writes the figure as L:, A:, B:, P: before the location.

    Princess & Dragon: an action on another tile has that tile's (x, y) as `target` (None: the
    tile just placed): the portal's meeple, large meeple or abbot ("@1,1:C", "@1,1:L:N",
    "@1,1:A:C"), figure "fairy" moved next to the meeple at `meeple` there ("F:1,0:E") and
    figure "princess" sending the knight at `meeple` there home ("princess:0,-1:E"). str() is
    the library's move text: Move("DZ", 0, -1, 180, "E", "fairy", (1, 0)) is
    "DZ 0,-1 180 F:1,0:E"."""
    tile: str
    x: int
    y: int
    rotation: int
    meeple: Optional[str] = None
    figure: str = "meeple"
    target: Optional[Tuple[int, int]] = None

    def packed(self) -> int:
        """The 64-bit packed move of carcassonne.h."""
        return pack(self.tile, self.x, self.y, self.rotation, self.meeple, "carc_move_pack", self.figure, self.target)

    @staticmethod
    def unpack(m: int) -> "Move":
        """The move for a 64-bit packed move."""
        m = _args.integer(m, 0, 2**64 - 1, "carc_move_unpack: {} is not a 64-bit packed move")
        t, x, y, r, f, loc = (ctypes.c_int() for _ in range(6))
        check(lib.carc_move_unpack(m, ctypes.byref(t), ctypes.byref(x), ctypes.byref(y), ctypes.byref(r),
                                   ctypes.byref(f), ctypes.byref(loc)))
        return Move(TILES[t.value], x.value, y.value, r.value, None if loc.value == CARC_LOC_NONE else LOCATIONS[loc.value],
                    FIGURE_NAMES[f.value], target_of(m))

    @staticmethod
    def parse(text: str) -> "Move":
        """The move for move text ("E 0,-1 180 S", "U_G 0,1 90 A:C", "U -1,1 90 recall",
        "DZ 0,-1 180 F:1,0:E", "DB 1,-1 0 princess:0,-1:E", "DR -1,0 0 @1,1:C")."""
        m = ctypes.c_uint64()
        check(lib.carc_move_parse(_args.ascii_text(text, "carc_move_parse", "move text"), ctypes.byref(m)))
        return Move.unpack(m.value)

    def __str__(self) -> str:
        # Sized by the text itself: an action on another tile far out ("DB -12,-13 270
        # princess:-12,-13:NNE") is longer than CARC_MOVE_TEXT_SIZE.
        m = self.packed()
        return text_out(lambda buf, size: check(lib.carc_move_format(m, buf, size)))


@dataclasses.dataclass(frozen=True)
class PlacedTile:
    """A tile on the board; rotation in degrees."""
    tile: str
    x: int
    y: int
    rotation: int


@dataclasses.dataclass(frozen=True)
class Meeple:
    """A figure on the board: owner, tile, location (the feature's first on that tile), the
    feature's kind, and the figure ("meeple", "abbot", ...)."""
    player: int
    x: int
    y: int
    location: str
    feature: str
    figure: str = "meeple"


@dataclasses.dataclass(frozen=True)
class ScoreEvent:
    """Points for a feature: `points` to each of `winners`. end_game: scored at the end (the
    meeples stay); otherwise during play (the meeples went home). x, y, location: where a
    meeple of the feature stands; tiles: tiles of a road or city; meeples: per player."""
    feature: str
    points: int
    winners: Tuple[int, ...]
    end_game: bool
    tile: str
    x: int
    y: int
    location: str
    tiles: int
    meeples: Tuple[int, ...]
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class DiscardEvent:
    """A drawn tile that fit nowhere and left the game."""
    tile: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class RecallEvent:
    """The abbot recalled: its player scores `points` for its monastery or garden (feature)
    at once. tile, x, y, location: where the abbot stood."""
    feature: str
    points: int
    winners: Tuple[int, ...]
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class Goods:
    """Goods tokens (Traders & Builders): a player's holding, or what one event gave."""
    wine: int = 0
    grain: int = 0
    cloth: int = 0


@dataclasses.dataclass(frozen=True)
class GoodsEvent:
    """A completed city's goods to the player who completed it (whoever holds the city).
    tile, x, y: the tile that completed it; location: the city's location on that tile."""
    player: int
    goods: Goods
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class GoodsBonusEvent:
    """At the end: `points` (10) to each of `winners`, who hold the most tokens of one kind
    (`goods`: "wine", "grain" or "cloth"), `count` of them."""
    goods: str
    count: int
    points: int
    winners: Tuple[int, ...]
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class PigEvent:
    """At the end, after the field's ScoreEvent: `points` more to each of `winners`, who won
    the field with their pig in it. tile, x, y, location: where a farmer of the field stands;
    meeples: the field's majority weights per player."""
    points: int
    winners: Tuple[int, ...]
    tile: str
    x: int
    y: int
    location: str
    meeples: Tuple[int, ...]
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class BonusEvent:
    """The builder earned `player` a bonus tile (Phase.DECIDE follows): the tile at (x, y)
    extended the builder's road or city."""
    player: int
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


# The Princess & Dragon's events (CARC_EVENT_SET_ASIDE .. CARC_EVENT_ALONE_HOME). Only
# FairyPointEvent and FairyBonusEvent score (`points` to each of `winners`, as ScoreEvent); the
# others score nothing: a step's number, the steps flown or why a figure went home are fields
# of their own. `player` is the one player an event concerns.


@dataclasses.dataclass(frozen=True)
class SetAsideEvent:
    """A dragon tile drawn while the dragon is beside the board is set aside (off the pile,
    public) and `player` draws again. tile: None where the library's event names no tile."""
    tile: Optional[str]
    player: int
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class SetAsideBackEvent:
    """The first volcano brings a set-aside tile back among the face-down tiles (one event per
    tile, in set-aside order, before the DragonLandsEvent). tile: None where the library's
    event names no tile."""
    tile: Optional[str]
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class DragonLandsEvent:
    """A volcano's placement puts the dragon on it: the volcano at (x, y)."""
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class DragonStepEvent:
    """Step `step` (1..6) of the dragon's flight, decided by `player`, onto the tile at (x, y)."""
    player: int
    step: int
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class EatenEvent:
    """The dragon eats `player`'s figure at location of the tile at (x, y): it goes home and
    scores nothing."""
    player: int
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class FlightEndsEvent:
    """The dragon's flight ends on the tile at (x, y) after `steps` steps (six, or a dead end)."""
    steps: int
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class FairyMovesEvent:
    """`player` moves the fairy next to their meeple at location of the tile at (x, y)."""
    player: int
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class FairyPointEvent:
    """`points` (1) to `winners` (one player) as their turn begins with the fairy next to their
    meeple at location of the tile at (x, y)."""
    points: int
    winners: Tuple[int, ...]
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class FairyBonusEvent:
    """`points` (3) more to `winners` (one player), after the ScoreEvent of a feature that held
    the meeple the fairy stands next to: the fairy's tile at (x, y), the meeple's location."""
    points: int
    winners: Tuple[int, ...]
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class PrincessRemovesEvent:
    """The princess sends `player`'s knight at location of the tile at (x, y) home."""
    player: int
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class PortalEvent:
    """`player` deploys a figure through the magic portal onto location of the tile at (x, y)."""
    player: int
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class AloneHomeEvent:
    """`player`'s builder or pig at location of the tile at (x, y) goes home, as no meeple of
    theirs is left in its feature (Traders & Builders with Princess & Dragon); cause: what took
    the last one away, "dragon", "princess" or "capture" (The Tower)."""
    player: int
    tile: str
    x: int
    y: int
    location: str
    cause: str
    text: str = dataclasses.field(default="", compare=False, repr=False)  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class TowerPieceEvent:
    """The Tower: `player` builds the tower on the tile at (x, y) to `height`, `pieces_left`
    pieces left."""
    player: int
    tile: str
    x: int
    y: int
    height: int
    pieces_left: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class TowerClosedEvent:
    """The Tower: `player` puts a `figure` ("meeple", "large meeple") on top of the tower on
    the tile at (x, y), which closes it."""
    player: int
    figure: str
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class CaptureEvent:
    """The Tower: `captor` captures `owner`'s `figure` at location of the tile at (x, y) ("TW":
    a tower top); to "prison" (the captor holds it), or "supply" (the captor's own)."""
    captor: int
    owner: int
    figure: str
    tile: str
    x: int
    y: int
    location: str
    to: str
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class ExchangeEvent:
    """The Tower: `captor` and `other` exchange prisoners: a `to_other` figure goes back to
    `other`, a `to_captor` figure to `captor`."""
    captor: int
    other: int
    to_other: str
    to_captor: str
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class RansomEvent:
    """The Tower: `payer` pays `points` (3) to `holder` for their `figure` held prisoner: the
    one event whose points one player pays another."""
    payer: int
    holder: int
    figure: str
    points: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class AbbeyPlacedEvent:
    """Abbey & Mayor: `player` places their abbey (tile "MA") into the hole at (x, y)."""
    player: int
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class AbbeyDeclinedEvent:
    """Abbey & Mayor: `player` keeps their abbey in the final abbey round."""
    player: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class FinalAbbeyRoundEvent:
    """Abbey & Mayor: the final abbey round begins, from the left of `last` (whose turn took the
    last land tile) round to them."""
    last: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class WagonDueEvent:
    """Abbey & Mayor: `player`'s wagon came home from the tile at (x, y) and may move to one of
    `targets` places (a wagon decision of `player`'s follows)."""
    player: int
    tile: str
    x: int
    y: int
    targets: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class WagonMovedEvent:
    """Abbey & Mayor: `player` moves their wagon to location of the tile at (x, y)."""
    player: int
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class WagonStayedEvent:
    """Abbey & Mayor: `player` keeps their wagon home (it came home from the tile at (x, y))."""
    player: int
    tile: str
    x: int
    y: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class BarnPlacedEvent:
    """Abbey & Mayor: a barn placed; its field scores `points` (3 per completed city, `cities`)
    to each of `winners`, the farmer majority. x, y, location: where a farmer of the field
    stands; meeples: the majority weights per player. The farmers go home (BarnHomeEvent)."""
    points: int
    winners: Tuple[int, ...]
    tile: str
    x: int
    y: int
    location: str
    cities: int
    meeples: Tuple[int, ...]
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class BarnConnectedEvent(BarnPlacedEvent):
    """Abbey & Mayor: farmers joined to a barn's field; it scores `points` (1 per completed city)
    to each of `winners`, the fields as BarnPlacedEvent's."""


@dataclasses.dataclass(frozen=True)
class BarnFinalEvent:
    """Abbey & Mayor, the end: `points` (4 per completed city, `cities`) to each barn owner in
    `winners` of the barns' field; (x, y) the corner point of its first barn."""
    points: int
    winners: Tuple[int, ...]
    x: int
    y: int
    cities: int
    text: str = dataclasses.field(default="", compare=False, repr=False)


@dataclasses.dataclass(frozen=True)
class BarnHomeEvent:
    """Abbey & Mayor: `player`'s `figure` (a farmer: "meeple", "large meeple"; or the pig) at
    location of the tile at (x, y) goes home after a barn's scoring."""
    player: int
    figure: str
    tile: str
    x: int
    y: int
    location: str
    text: str = dataclasses.field(default="", compare=False, repr=False)


#: The events that score: each gives `points` to every one of its `winners`, so their sum is
#: the players' scores (ScoreEvent, RecallEvent, GoodsBonusEvent, PigEvent; with Princess &
#: Dragon FairyPointEvent and FairyBonusEvent; with Abbey & Mayor the barns' BarnPlacedEvent,
#: BarnConnectedEvent and BarnFinalEvent). No other event changes a score but a RansomEvent,
#: whose payer pays its holder.
POINT_EVENTS = (ScoreEvent, RecallEvent, GoodsBonusEvent, PigEvent, FairyPointEvent, FairyBonusEvent, BarnPlacedEvent,
                BarnConnectedEvent, BarnFinalEvent)


@dataclasses.dataclass(frozen=True)
class FrontierCell:
    """An open cell next to the placed tiles; dead: no tile still to come (the current one
    included) fits there in any rotation, now or ever. river: the side ("N", "E", "S", "W")
    the river enters by if the cell is the river's open end, else None."""
    x: int
    y: int
    dead: bool
    river: Optional[str] = None


@dataclasses.dataclass(frozen=True)
class FeatureInfo:
    """A whole road, city, monastery, field or garden. tiles: the tiles it covers (in the order
    they were placed); meeples: per player; scorers: the players who would score it (none
    without meeples). value_complete: points on completion at its present size (fields: as
    at the end); value_end: points from end-game scoring as it stands (0 for a completed
    road, city or monastery, which scored on completion)."""
    kind: str
    completed: bool
    tiles: Tuple[PlacedTile, ...]
    shields: int
    open_edges: int
    cities: int
    meeples: Tuple[int, ...]
    scorers: Tuple[int, ...]
    value_complete: int
    value_end: int


@dataclasses.dataclass(frozen=True)
class Rollouts:
    """What `count` random playouts from one position came to (Game.rollouts): per player,
    the sum of the final scores and the number of wins (a tie is a win for each tied
    leader, so the wins may add up to more than count)."""
    count: int
    score_sums: Tuple[int, ...]
    wins: Tuple[int, ...]

    @property
    def mean_scores(self) -> Tuple[float, ...]:
        return tuple(s / self.count if self.count else 0.0 for s in self.score_sums)

    @property
    def win_rates(self) -> Tuple[float, ...]:
        return tuple(w / self.count if self.count else 0.0 for w in self.wins)
