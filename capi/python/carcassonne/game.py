"""The Game class: one game of Carcassonne on a handle of the C library, and the single-tile
pictures."""

import ctypes
import threading
from typing import Dict, List, Optional, Tuple, Union

from . import _args
from ._args import FEATURES, FIGURE_NAMES, FIGURES, LOCATIONS, TILES
from ._errors import error, invalid
from ._lib import (CARC_CELL_DEAD, CARC_CELL_FIELDS, CARC_CELL_RIVER, CARC_CELL_X, CARC_CELL_Y, CARC_EINTERNAL,
                   CARC_EVENT_FIELDS, CARC_EV_DISCARDED, CARC_EV_END_GAME, CARC_EV_FEATURE, CARC_EV_GOODS,
                   CARC_EV_FIGURE, CARC_EV_LOCATION, CARC_EV_MEEPLES, CARC_EV_POINTS, CARC_EV_TILE, CARC_EV_TILES, CARC_EV_TYPE,
                   CARC_EV_WINNERS, CARC_EV_X, CARC_EV_Y, CARC_FEATURE_INFO_FIELDS, CARC_FIGURE_MEEPLE,
                   CARC_FI_CITIES, CARC_FI_COMPLETED, CARC_FI_KIND, CARC_FI_MAJORITY, CARC_FI_MEEPLES,
                   CARC_FI_OPEN_EDGES, CARC_FI_SHIELDS, CARC_FI_VALUE_COMPLETE, CARC_FI_VALUE_END, CARC_GOODS_WINE,
                   CARC_LEGAL, CARC_MAX_BOT_THREADS, CARC_MAX_FIGURE_ACTIONS, CARC_MAX_FRONTIER,
                   CARC_MAX_MEEPLE_LOCATIONS, CARC_MAX_PLACEMENTS, CARC_MAX_PLAYERS, CARC_MAX_TILES,
                   CARC_MAX_TILE_PIXELS, CARC_MIN_PLAYERS, CARC_MIN_TILE_PIXELS, CARC_NO_TILE, CARC_PLAYOUT_AS_DEALT,
                   CARC_SVG_COORDINATES, CARC_SVG_DEAD_CELLS, CARC_SVG_LEGAL_CELLS, CARC_SVG_LEGEND, CARC_SVG_TARGETS,
                   CARC_TEXT_COORDINATES, CARC_TEXT_LEGAL_CELLS, CARC_TILE_TYPES, check, family, lib, text_out)
from .types import (AloneHomeEvent, BonusEvent, Choice, DecisionKind, DiscardEvent, DragonLandsEvent, DragonStepEvent,
                    EatenEvent, FairyBonusEvent, FairyMovesEvent, FairyPointEvent, FeatureInfo, FlightEndsEvent,
                    FrontierCell, Goods, GoodsBonusEvent, GoodsEvent, Meeple, MeepleChoice, Move, Phase, PigEvent,
                    PlacedTile, Placement, PortalEvent, PrincessRemovesEvent, RecallEvent, Rollouts, ScoreEvent,
                    SetAsideBackEvent, SetAsideEvent, CaptureEvent, ExchangeEvent, RansomEvent, TowerClosedEvent,
                    TowerPieceEvent, AbbeyDeclinedEvent, AbbeyPlacedEvent, BarnConnectedEvent, BarnFinalEvent,
                    BarnHomeEvent, BarnPlacedEvent, FinalAbbeyRoundEvent, WagonDueEvent, WagonMovedEvent,
                    WagonStayedEvent, pack, signed_byte)

#: The options by keyword (CARC_OPT_* in lower case): the rules, then the expansions.
OPTIONS = {name.lower(): value for name, value in family("CARC_OPT_").items()}
#: The goods of Traders & Builders by CARC_GOODS_* (Goods' fields).
GOODS = {value: name.lower() for name, value in family("CARC_GOODS_").items()}
#: The bot levels by name (CARC_BOT_* in lower case): "random", "greedy", "mcts".
BOT_LEVELS = {name.lower(): value for name, value in family("CARC_BOT_").items()}

#: carc_game_check's answers by name: "legal", or a CARC_WHY_* reason in lower case ("river_u_turn").
REASONS = {CARC_LEGAL: "legal", **{value: name.lower() for name, value in family("CARC_WHY_").items()}}
SIDES = ("N", "E", "S", "W")


#: What Game.events() returns.
Event = Union[ScoreEvent, DiscardEvent, RecallEvent, GoodsEvent, GoodsBonusEvent, PigEvent, BonusEvent, SetAsideEvent,
              SetAsideBackEvent, DragonLandsEvent, DragonStepEvent, EatenEvent, FlightEndsEvent, FairyMovesEvent,
              FairyPointEvent, FairyBonusEvent, PrincessRemovesEvent, PortalEvent, AloneHomeEvent, TowerPieceEvent,
              TowerClosedEvent, CaptureEvent, ExchangeEvent, RansomEvent, AbbeyPlacedEvent, AbbeyDeclinedEvent,
              FinalAbbeyRoundEvent, WagonDueEvent, WagonMovedEvent, WagonStayedEvent, BarnPlacedEvent, BarnConnectedEvent,
              BarnFinalEvent, BarnHomeEvent]
# A figure action's choice (carcassonne.h, decisions): a move's bits 18..25 and 40..55 with the
# decision's kind in bits 56..59.
_ACTION_BITS = 0xFF << 40 | 0xFF << 48 | 0xFF << 18
_KIND_SHIFT = 56
#: The event types by the header's names without CARC_EVENT_: {"SCORE": 0, ..., "ALONE_HOME": 18}.
_EVENT = family("CARC_EVENT_")
# The events of a player's figure at a tile's location, which score nothing (Princess & Dragon).
_FIGURE_EVENTS = {_EVENT["EATEN"]: EatenEvent, _EVENT["FAIRY_MOVES"]: FairyMovesEvent,
                  _EVENT["PRINCESS_REMOVES"]: PrincessRemovesEvent, _EVENT["PORTAL"]: PortalEvent}


def _players_of(mask: int) -> Tuple[int, ...]:
    return tuple(p for p in range(CARC_MAX_PLAYERS) if mask >> p & 1)


def _bot_arguments(where: str, level, iterations, milliseconds, threads, seed) -> tuple:
    """A bot call's arguments checked as the C call would (bot_move, bot_choice): level,
    iterations, milliseconds, threads, seed."""
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise invalid(f"{where}: {level!r} is not a bot level ({', '.join(BOT_LEVELS)})")
    iterations = _args.integer(iterations, 0, _args.INT_MAX, f"{where}: iterations must be 0 to {_args.INT_MAX}, not {{}}")
    milliseconds = _args.integer(milliseconds, 0, _args.INT_MAX,
                                 f"{where}: milliseconds must be 0 to {_args.INT_MAX}, not {{}}")
    threads = _args.integer(threads, 1, CARC_MAX_BOT_THREADS,
                            f"{where}: threads must be 1 to {CARC_MAX_BOT_THREADS}, not {{}}")
    return BOT_LEVELS[level], iterations, milliseconds, threads, _args.seed(seed, where)


class Game:
    """A game of Carcassonne for 1..6 players.

    Game(players, seed) shuffles the draw pile from seed (0 if neither seed nor order is
    given); Game(players, order="EUV...") draws the tiles in exactly that order after the
    start tile; Game(players, caller_draws=True) has no order at all: before every tile it
    waits in Phase.DRAW for draw(tile), the caller's word for which face-down tile was drawn
    (caller_draws="EUV..." makes those tiles the face-down pile instead of the box). An order
    or a pile is tile ids separated by whitespace or commas, "E_G RA U", or one run of base
    letters without a separator, "EUV" (so "RD" is R then D); the expansions whose tiles it
    names are on. Options (the rules farmers, first_edition_small_city,
    first_edition_farmers; the expansions river, abbot, inns_and_cathedrals,
    traders_and_builders and princess_and_dragon) are keywords taking True or False; they are
    fixed once the first tile is placed (with caller draws, once the first tile is drawn).

    Traders & Builders: after a placement that extended the road or city of the player's
    builder the game waits in Phase.DECIDE, and the same player takes the bonus tile
    (take_bonus(), or play() a move for the tile it draws) or declines it (pass_bonus(), or
    play("pass"); `pass` itself is a Python keyword).

    Princess & Dragon: a dragon tile's flight waits in Phase.DECIDE for each step, decided by
    the players in turn from the placer (decision() says who; choices() lists "dragon N" ..
    "dragon W"; decide() takes one); the fairy, the princess and the magic portal are figure
    actions on other tiles ("F:1,0:E", "princess:0,-1:E", "@1,1:C").

    Threads: a Game may be shared between threads. Every method holds the game's own lock
    while it calls the library, so calls on one game run one at a time and each sees the
    game between two whole calls; separate games run in parallel (so for rollouts on
    several threads, give each thread its own clone()).

    Copies: clone(), copy.copy and copy.deepcopy are exact, unread events included.
    pickle goes through the record (save/load): an unpickled game equals the original but
    has no unread events, as a loaded game has none.
    """

    def __init__(self, players: int = 2, seed: Optional[int] = None, *, order: Optional[str] = None,
                 caller_draws: Union[bool, str] = False, farmers: bool = True, first_edition_small_city: bool = False,
                 first_edition_farmers: bool = False, river: bool = False, abbot: bool = False,
                 inns_and_cathedrals: bool = False, traders_and_builders: bool = False,
                 princess_and_dragon: bool = False, tower: bool = False, abbey_and_mayor: bool = False):
        self._handle = None
        if not isinstance(caller_draws, (bool, str)):
            raise invalid(f"carc_game_new_caller_draws: caller_draws is True, False or the pile's tiles, "
                          f"not {caller_draws!r}")
        where = ("carc_game_new_caller_draws" if caller_draws is not False else
                 "carc_game_new" if order is None else "carc_game_new_with_order")
        players = _args.integer(players, CARC_MIN_PLAYERS, CARC_MAX_PLAYERS,
                                f"{where}: player count must be {CARC_MIN_PLAYERS} to {CARC_MAX_PLAYERS}, not {{}}")
        options = {"farmers": farmers, "first_edition_small_city": first_edition_small_city,
                   "first_edition_farmers": first_edition_farmers, "river": river, "abbot": abbot,
                   "inns_and_cathedrals": inns_and_cathedrals, "traders_and_builders": traders_and_builders,
                   "princess_and_dragon": princess_and_dragon, "tower": tower, "abbey_and_mayor": abbey_and_mayor}
        options = {name: _args.flag(value, "carc_game_set_option", name) for name, value in options.items()}
        handle = ctypes.c_void_p()
        changed = [name for name, value in options.items() if value != (name == "farmers")]
        if caller_draws is not False:
            if seed is not None or order is not None:
                raise invalid(f"{where}: a game with caller draws has no seed and no draw order")
            pile = None if caller_draws is True else _args.ascii_text(caller_draws, where, "caller_draws")
            check(lib.carc_game_new_caller_draws(ctypes.byref(handle), players, pile))
        elif order is None:
            seed = 0 if seed is None else _args.seed(seed, where)
            check(lib.carc_game_new(ctypes.byref(handle), players, seed))
        else:
            if seed is not None:
                raise invalid(f"{where}: a game has a seed or a draw order, not both (seed {seed!r})")
            check(lib.carc_game_new_with_order(ctypes.byref(handle), players, _args.ascii_text(order, where, "order")))
        self._adopt(handle.value)
        # Each set_option starts the game anew: only the changes. The expansions whose tiles
        # the order or pile names are on already.
        for name in changed:
            self._call(lib.carc_game_set_option, OPTIONS[name], int(options[name]))

    def _adopt(self, handle) -> None:
        self._handle = handle
        # Every method holds this while it calls the library: ctypes lets go of the GIL during
        # each C call, and the library allows one thread at a time on a game. Reentrant, as
        # some methods call others (an inline `with` costs less than a decorator per call).
        self._lock = threading.RLock()
        # Buffers reused by the calls that fill them (under the lock).
        self._moves = (ctypes.c_uint64 * CARC_MAX_PLACEMENTS)()
        self._locations = (ctypes.c_int32 * CARC_MAX_MEEPLE_LOCATIONS)()
        self._fields = (ctypes.c_int32 * CARC_EVENT_FIELDS)()
        self._count = ctypes.c_int()
        self._score_sums = (ctypes.c_int64 * CARC_MAX_PLAYERS)()
        self._wins = (ctypes.c_int32 * CARC_MAX_PLAYERS)()

    @classmethod
    def _from_handle(cls, handle) -> "Game":
        game = cls.__new__(cls)
        game._adopt(handle)
        return game

    def __del__(self, _free=lib.carc_game_free):  # bound early: module globals may be gone at exit
        if getattr(self, "_handle", None):
            _free(self._handle)
            self._handle = None

    def _call(self, f, *args) -> int:
        """f(handle, *args); a negative status raises with the message of the call. The
        caller holds the lock."""
        status = f(self._handle, *args)
        if status < 0:
            raise error(status, lib.carc_game_errmsg(self._handle).decode("utf-8", "replace"))
        return status

    # --- copies ---
    def clone(self) -> "Game":
        """An independent copy (unread events included)."""
        with self._lock:
            handle = ctypes.c_void_p()
            check(lib.carc_game_clone(ctypes.byref(handle), self._handle), self._handle)
            return type(self)._from_handle(handle.value)

    __copy__ = clone

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    def __reduce__(self):
        # The record holds the whole game but not its unread events (see the class docs).
        return type(self).load, (self.save(),)

    def copy_from(self, other: "Game") -> None:
        """Makes this game a copy of other, reusing this handle (cheap, for search)."""
        if not isinstance(other, Game):
            raise invalid(f"carc_game_copy: the source must be a Game, not {other!r}")
        first, second = (self, other) if id(self) < id(other) else (other, self)  # one order: no deadlock
        with first._lock, second._lock:
            self._call(lib.carc_game_copy, other._handle)

    # --- the state ---
    @property
    def players(self) -> int:
        with self._lock:
            return self._call(lib.carc_game_players)

    @property
    def current_player(self) -> int:
        with self._lock:
            return self._call(lib.carc_game_current_player)

    @property
    def phase(self) -> Phase:
        with self._lock:
            return Phase(self._call(lib.carc_game_phase))

    @property
    def over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    @property
    def current_tile(self) -> Optional[str]:
        """The tile to place (or just placed); None once the game is over, while a tile is to
        be drawn (Phase.DRAW) and while an expansion's decision is open (Phase.DECIDE: the bonus tile)."""
        with self._lock:
            if self._call(lib.carc_game_phase) in (Phase.GAME_OVER, Phase.DRAW, Phase.DECIDE):
                return None
            return TILES[self._call(lib.carc_game_current_tile)]

    @property
    def scores(self) -> List[int]:
        """Points so far (the final scores once the game is over)."""
        return self._scores(lib.carc_game_scores)

    @property
    def banked_scores(self) -> List[int]:
        """Points banked while playing: the scores, and once the game is over the scores before
        end-game scoring."""
        return self._scores(lib.carc_game_banked_scores)

    def discards(self) -> List[str]:
        """The tiles that fit nowhere and left the game, in draw order."""
        with self._lock:
            tiles = (ctypes.c_int32 * CARC_MAX_TILES)()
            self._call(lib.carc_game_discards, tiles, CARC_MAX_TILES, ctypes.byref(self._count))
            return [TILES[t] for t in tiles[:self._count.value]]

    def projected_scores(self) -> List[int]:
        """The final scores if the game ended now: a tile just placed scores what it completed
        (without a meeple), then end-game scoring runs, on a copy."""
        return self._scores(lib.carc_game_projected_scores)

    def _scores(self, f) -> List[int]:
        with self._lock:
            scores = (ctypes.c_int32 * CARC_MAX_PLAYERS)()
            self._call(f, scores, CARC_MAX_PLAYERS)
            return list(scores[:self._call(lib.carc_game_players)])

    @property
    def supplies(self) -> List[int]:
        """Meeples each player has left to deploy."""
        with self._lock:
            return [self._call(lib.carc_game_supply, p) for p in range(self._call(lib.carc_game_players))]

    def figure_supplies(self) -> List[Dict[str, int]]:
        """Per player, the figures of each kind in supply: {"meeple": 7, "large meeple": 0,
        "abbot": 1, "builder": 0, "pig": 0, "mayor": 0, "wagon": 0, "barn": 0} (0 for a kind
        whose expansion is off)."""
        with self._lock:
            return [{name: self._call(lib.carc_game_figure_supply, p, FIGURE_NAMES.index(name)) for name in FIGURES}
                    for p in range(self._call(lib.carc_game_players))]

    def goods(self, player: int) -> Goods:
        """The goods tokens a player holds (Traders & Builders; all 0 when it is off)."""
        with self._lock:
            where = "carc_game_goods"
            player = _args.c_int(player, where, "player")
            count = ctypes.c_int()
            held = {}
            for kind, name in GOODS.items():
                self._call(lib.carc_game_goods, player, kind, ctypes.byref(count))
                held[name] = count.value
            return Goods(**held)

    def tower_pieces(self, player: int) -> int:
        """The tower pieces a player has left to build (The Tower; 0 when it is off)."""
        with self._lock:
            return self._call(lib.carc_game_tower_pieces, _args.c_int(player, "carc_game_tower_pieces", "player"))

    def tower_at(self, x: int, y: int) -> Optional[Tuple[int, Optional[Tuple[int, str]]]]:
        """The tower on the tile at (x, y) (The Tower): (height, None) while it is open, (height,
        (owner, figure)) with a figure on top; None if no tile with a foundation is there."""
        with self._lock:
            where = "carc_game_tower_at"
            height, owner, figure = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            if not self._call(lib.carc_game_tower_at, _args.c_int(x, where, "x"), _args.c_int(y, where, "y"),
                              ctypes.byref(height), ctypes.byref(owner), ctypes.byref(figure)):
                return None
            return height.value, None if owner.value < 0 else (owner.value, _args.FIGURE_NAMES[figure.value])

    def holds_abbey(self, player: int) -> bool:
        """Whether a player still holds their abbey tile (Abbey & Mayor; False when it is off)."""
        with self._lock:
            return bool(self._call(lib.carc_game_holds_abbey, _args.c_int(player, "carc_game_holds_abbey", "player")))

    def barns(self) -> List[Tuple[int, int, int]]:
        """The barns on the board in the order placed (Abbey & Mayor): (x, y, owner), (x, y)
        the corner point, the north-west corner of square (x, y)."""
        with self._lock:
            out: List[Tuple[int, int, int]] = []
            x, y, owner = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            while self._call(lib.carc_game_barn, len(out), ctypes.byref(x), ctypes.byref(y), ctypes.byref(owner)):
                out.append((x.value, y.value, owner.value))
            return out

    def prisoners(self, holder: int, owner: int, figure: str = "meeple") -> int:
        """How many of owner's figures of a kind ("meeple", "large meeple", "abbot", "mayor",
        "wagon") the holder keeps prisoner (The Tower)."""
        with self._lock:
            where = "carc_game_prisoners"
            return self._call(lib.carc_game_prisoners, _args.c_int(holder, where, "holder"), _args.c_int(owner, where, "owner"),
                              _args.figure(figure, where, recall=False))

    @property
    def bonus_turn(self) -> bool:
        """Whether the builder's bonus tile is taken and its turn not over: the tile to draw,
        to place or just placed is the bonus tile (which never earns another). False in the
        bonus phase itself, where the tile is offered, not taken."""
        with self._lock:
            return bool(self._call(lib.carc_game_bonus_turn))

    @property
    def tiles_remaining(self) -> int:
        """Tiles still to be drawn, the current tile not included."""
        with self._lock:
            return self._call(lib.carc_game_tiles_remaining)

    def remaining_tiles(self) -> Dict[str, int]:
        """{tile id: count} of the tiles still to be drawn (the current tile not included), every
        type of every set (0 for the sets of expansions that are off)."""
        with self._lock:
            counts = (ctypes.c_int32 * CARC_TILE_TYPES)()
            self._call(lib.carc_game_tiles_remaining_by_type, counts, CARC_TILE_TYPES)
            return {letter: counts[i] for i, letter in enumerate(TILES)}

    def next_tile_probabilities(self) -> Dict[str, float]:
        """{tile id: chance} of each tile type being the next tile drawn: its share of the tiles
        of the stack drawn from next (the river's first, while river tiles are face down)."""
        with self._lock:
            p = (ctypes.c_double * CARC_TILE_TYPES)()
            self._call(lib.carc_game_next_tile_probabilities, p, CARC_TILE_TYPES)
            return {letter: p[i] for i, letter in enumerate(TILES)}

    @property
    def winners(self) -> Tuple[int, ...]:
        """The players with the highest score, once the game is over (WrongPhase before)."""
        with self._lock:
            return _players_of(self._call(lib.carc_game_winners))

    def option(self, name: str) -> bool:
        """The value of an option: "farmers", "first_edition_small_city", "first_edition_farmers",
        "river", "abbot", "inns_and_cathedrals", "traders_and_builders", "princess_and_dragon"."""
        with self._lock:
            if not isinstance(name, str) or name not in OPTIONS:
                raise invalid(f"carc_game_option: {name!r} is not an option ({', '.join(OPTIONS)})")
            return bool(self._call(lib.carc_game_option, OPTIONS[name]))

    # --- a turn ---
    def placements(self) -> List[Placement]:
        """Every legal placement of the current tile, each distinct picture once."""
        with self._lock:
            self._call(lib.carc_game_placements, self._moves, CARC_MAX_PLACEMENTS, ctypes.byref(self._count))
            return self._placements()

    def placements_for(self, tile: str) -> List[Placement]:
        """Where a tile type would go on the board as it is, in any phase, as placements()
        would list it in hand. A face-down tile stays unnamed: in the bonus phase ask for each
        tile that may come (next_tile_probabilities()); nothing says which of them will."""
        with self._lock:
            where = "carc_game_placements_for"
            self._call(lib.carc_game_placements_for, _args.tile(tile, where), self._moves, CARC_MAX_PLACEMENTS,
                       ctypes.byref(self._count))
            return self._placements()

    def _placements(self) -> List[Placement]:
        """The placements in self._moves (count in self._count); the caller holds the lock."""
        return [Placement(signed_byte(m & 0xFF), signed_byte((m >> 8) & 0xFF), 90 * ((m >> 16) & 3))
                for m in self._moves[:self._count.value]]

    def _placement(self, placement, where: str) -> int:
        """A Placement or (x, y, degrees) of the current tile as a packed move (no meeple); the
        caller holds the lock."""
        if isinstance(placement, Placement):
            x, y, rotation = placement.x, placement.y, placement.rotation
        elif isinstance(placement, (tuple, list)) and len(placement) == 3:
            x, y, rotation = placement
        else:
            raise invalid(f"{where}: a placement is a Placement or (x, y, degrees), not {placement!r}")
        x, y = _args.coordinate(x, where, "x"), _args.coordinate(y, where, "y")
        rotation = 90 * _args.quarter_turns(rotation, where)  # checked before the phase is
        tile = TILES[self._call(lib.carc_game_current_tile)]
        return pack(tile, x, y, rotation, None, where)

    def place(self, placement: Union[Placement, Tuple[int, int, int]]) -> None:
        """Places the current tile (a Placement or (x, y, degrees))."""
        with self._lock:
            self._call(lib.carc_game_place, self._placement(placement, "carc_game_place"))

    def meeple_choices(self) -> List[MeepleChoice]:
        """The features of the tile just placed that may take a meeple (none with an empty supply)."""
        with self._lock:
            self._call(lib.carc_game_meeple_locations, self._locations, CARC_MAX_MEEPLE_LOCATIONS,
                       ctypes.byref(self._count))
            locations = self._locations[:self._count.value]
            if not locations:
                return []
            last = self._tile(self._call(lib.carc_game_tile_count) - 1)
            return [MeepleChoice(LOCATIONS[loc], FEATURES[self._call(lib.carc_game_feature_kind, last.x, last.y, loc)])
                    for loc in locations]

    def meeple_locations_for(self, placement: Union[Placement, Tuple[int, int, int]]) -> List[str]:
        """The locations a meeple could take if the current tile were placed there (a Placement
        or (x, y, degrees)); the game is unchanged. IllegalMove if the placement is not legal."""
        with self._lock:
            move = self._placement(placement, "carc_game_meeple_locations_for")
            self._call(lib.carc_game_meeple_locations_for, move, self._locations,
                       CARC_MAX_MEEPLE_LOCATIONS, ctypes.byref(self._count))
            return [LOCATIONS[loc] for loc in self._locations[:self._count.value]]

    def figure_actions(self) -> List[Move]:
        """Every legal figure action of the tile just placed but none, as whole moves (the
        placement and the action): meeples first, then large meeple, abbot, recall, builder, pig;
        then, with Princess & Dragon, the actions on other tiles (Move.target): the portal's
        deployments, the fairy's moves, the princess's removals."""
        with self._lock:
            actions = (ctypes.c_uint64 * CARC_MAX_FIGURE_ACTIONS)()
            self._call(lib.carc_game_figure_actions, actions, CARC_MAX_FIGURE_ACTIONS, ctypes.byref(self._count))
            return [Move.unpack(m) for m in actions[:self._count.value]]

    def figure_actions_for(self, placement: Union[Placement, Tuple[int, int, int]]) -> List[Move]:
        """The figure actions placing the current tile there (a Placement or (x, y, degrees))
        would offer, without placing it; IllegalMove if the placement is not legal."""
        with self._lock:
            move = self._placement(placement, "carc_game_figure_actions_for")
            actions = (ctypes.c_uint64 * CARC_MAX_FIGURE_ACTIONS)()
            self._call(lib.carc_game_figure_actions_for, move, actions, CARC_MAX_FIGURE_ACTIONS,
                       ctypes.byref(self._count))
            return [Move.unpack(m) for m in actions[:self._count.value]]

    def act(self, figure: str, location: Optional[str] = None, target: Optional[Tuple[int, int]] = None) -> None:
        """Takes a figure action on the tile just placed: act("abbot", "C"), act("meeple", "S"),
        act("recall"); or, with Princess & Dragon, on the other tile at target (x, y):
        act("fairy", "E", (1, 0)), act("princess", "E", (0, -1)), act("meeple", "C", (1, 1))
        through the portal (taken as the choice of decide(), as carc_game_act takes no other
        tile); then scores, passes the turn and draws, as deploy does."""
        with self._lock:
            other = _args.target(target, "carc_game_act")
            kind, loc = _args.figure_action(figure, location, "carc_game_act", other)
            if other is None:
                self._call(lib.carc_game_act, kind, loc)
            else:  # the figure action's choice: the move's action bits with the decision's kind
                action = pack(TILES[0], 0, 0, 0, location, "carc_game_act", figure, other) & _ACTION_BITS
                self._call(lib.carc_game_decide, action | DecisionKind.FIGURE << _KIND_SHIFT)

    def check(self, move: Union[Move, str]) -> str:
        """Whether a move is legal now, as a reason name: "legal", or why not ("mismatch",
        "river_continue", "river_u_turn", "garden_abbot_only", "abbot_not_placed", ... the
        CARC_WHY_* names in lower case), as play() or act() would take it: in the tile phase
        (and the bonus phase, where play() takes the bonus tile first) a whole turn, in the
        figure phase the move's figure action on the tile just placed. The game is unchanged."""
        with self._lock:
            if isinstance(move, str):
                move = Move.parse(move)
            if not isinstance(move, Move):
                raise invalid(f"carc_game_check: a move is a Move or move text, not {move!r}")
            packed = move.packed()
            return REASONS[self._call(lib.carc_game_check, packed)]  # raises for another tile than the one placed

    def deploy(self, location: Union[str, MeepleChoice, None]) -> None:
        """Deploys a meeple (None: no meeple), or the MeepleChoice's figure, scores, passes the
        turn and draws."""
        with self._lock:
            if isinstance(location, MeepleChoice):
                if location.figure != "meeple":
                    return self.act(location.figure, location.location)
                location = location.location
            self._call(lib.carc_game_deploy, _args.meeple(location, "carc_game_deploy"))

    def skip(self) -> None:
        """Deploys no meeple."""
        with self._lock:
            self._call(lib.carc_game_skip)

    def play(self, move: Union[Move, str]) -> None:
        """A whole turn: a Move or move text ("E 0,-1 180 S", "IK 0,-1 0 L:N", "U 2,0 90 B:E",
        "E -1,2 180 P:NNE"; "pass" declines a bonus tile). In Phase.DECIDE it takes the bonus
        tile first; the move must be for the tile that draws."""
        with self._lock:
            if isinstance(move, Move):
                self._call(lib.carc_game_play, pack(move.tile, move.x, move.y, move.rotation, move.meeple,
                                                    "carc_game_play", move.figure, move.target))
            elif isinstance(move, str):
                self._call(lib.carc_game_play_text, _args.ascii_text(move, "carc_game_play_text", "move text"))
            else:
                raise invalid(f"carc_game_play: a move is a Move or move text, not {move!r}")

    def take_bonus(self) -> None:
        """In Phase.DECIDE: draws the builder's bonus tile; the same player places it (with
        caller draws the game waits in Phase.DRAW). WrongPhase in any other phase."""
        with self._lock:
            self._call(lib.carc_game_take_bonus)

    def pass_bonus(self) -> None:
        """In Phase.DECIDE: declines the builder's bonus tile; the next player's turn. (Named so
        because `pass` is a Python keyword; play("pass") does the same.) WrongPhase in any
        other phase."""
        with self._lock:
            self._call(lib.carc_game_pass)

    # --- decisions: whatever the game waits for, asked and answered one way ---
    def decision(self) -> Tuple[DecisionKind, int]:
        """What the game waits for: (kind, decider). kind is a DecisionKind (NONE once over,
        DRAW, PLACE, FIGURE, BONUS, DRAGON); decider is the player who decides, CARC_DECIDER_CHANCE
        (-1) for a draw or CARC_DECIDER_NOBODY (-2) once the game is over."""
        with self._lock:
            kind, decider = ctypes.c_int32(), ctypes.c_int32()
            self._call(lib.carc_game_decision, ctypes.byref(kind), ctypes.byref(decider))
            return DecisionKind(kind.value), decider.value

    def choices(self) -> List[Choice]:
        """Every legal option of the current decision, in the order of records and perft
        counts: draws by tile type, placements as placements() lists them, no figure action
        first and then figure_actions()'s, take before pass; none once the game is over."""
        with self._lock:
            count = ctypes.c_int32()
            self._call(lib.carc_game_choices, None, 0, ctypes.byref(count))
            ids = (ctypes.c_uint64 * count.value)()
            self._call(lib.carc_game_choices, ids, count.value, ctypes.byref(count))
            return [Choice(c) for c in ids]

    def _choice(self, choice: Union[Choice, int, str], where: str) -> int:
        """The packed id of a Choice, a packed id or move text (read as an option of the
        current decision by carc_game_parse_choice). The caller holds the lock."""
        if isinstance(choice, Choice):
            return choice.packed
        if isinstance(choice, str):
            packed = ctypes.c_uint64()
            self._call(lib.carc_game_parse_choice, _args.ascii_text(choice, "carc_game_parse_choice", "choice text"),
                       ctypes.byref(packed))
            return packed.value
        return _args.integer(choice, 0, _args.U64_MAX,
                             f"{where}: a choice is a Choice, its 64-bit id or its move text, not {{}}")

    def check_choice(self, choice: Union[Choice, int, str]) -> str:
        """Whether a choice (a Choice, its packed id or its move text) is a legal option now:
        "legal" or a REASONS name ("wrong_phase" for an option of another kind of decision,
        "occupied", ...). Text that spells no option of this kind of decision raises
        InvalidArgument. The game is unchanged."""
        with self._lock:
            return REASONS[self._call(lib.carc_game_check_choice, self._choice(choice, "carc_game_check_choice"))]

    def decide(self, choice: Union[Choice, int, str]) -> None:
        """Takes a choice (a Choice, its packed id or its move text: "draw E", "E 0,-1 180",
        "S", "A:C", "-", "bonus", "pass"): what draw, place, deploy or act, take_bonus or
        pass_bonus does. Refused with InvalidArgument (malformed), WrongPhase (an option of
        another decision) or IllegalMove (the message says why); the game is unchanged then."""
        with self._lock:
            self._call(lib.carc_game_decide, self._choice(choice, "carc_game_decide"))

    def choice_text(self, choice: Union[Choice, int, str]) -> str:
        """A choice's move text (str() of a Choice; text comes back in its one spelling)."""
        with self._lock:
            return str(Choice(self._choice(choice, "carc_choice_format")))

    def parse_choice(self, text: str) -> Choice:
        """The option of the current decision that move text spells ("E 0,-1 180", "S", "pass");
        legality is check_choice's. InvalidArgument for text that spells no option of it."""
        if not isinstance(text, str):
            raise invalid(f"carc_game_parse_choice: choice text must be a str, not {text!r}")
        with self._lock:
            return Choice(self._choice(text, "carc_game_parse_choice"))

    def playout(self, seed: int, *, as_dealt: bool = False) -> None:
        """Plays the rest of the game with uniformly random legal moves (carc::Game::playout).
        The face-down tiles are re-dealt from seed first, so the playout cannot see the real
        future; as_dealt=True plays the pile as it was dealt (perfect information)."""
        with self._lock:
            seed = _args.seed(seed, "carc_game_playout")
            flags = CARC_PLAYOUT_AS_DEALT if _args.flag(as_dealt, "carc_game_playout", "as_dealt") else 0
            self._call(lib.carc_game_playout, seed, flags)

    def bot_move(self, level: str = "mcts", *, iterations: int = 1000, milliseconds: int = 0, threads: int = 1,
                 seed: int = 0) -> Move:
        """A legal move for the current player from a computer opponent: "random", "greedy" or
        "mcts" (Monte-Carlo tree search over re-dealt piles: it never sees the real order).
        MCTS stops after `iterations` or `milliseconds` (0: no limit), whichever comes first;
        an iteration budget alone gives the same move for the same seed. In the tile phase
        play() the move; in the figure phase act() its figure action (act(move.figure,
        move.meeple, move.target)). The game is unchanged."""
        args = _bot_arguments("carc_bot_choose", level, iterations, milliseconds, threads, seed)
        with self._lock:
            move = ctypes.c_uint64()
            self._call(lib.carc_bot_choose, *args, ctypes.byref(move))
            return Move.unpack(move.value)

    def bot_choice(self, level: str = "mcts", *, iterations: int = 1000, milliseconds: int = 0, threads: int = 1,
                   seed: int = 0) -> Choice:
        """A computer opponent's option for whatever decision the game waits for, as a Choice
        to give to decide() (carc_bot_decide): in the tile phase the placement of bot_move()'s
        move, in the figure phase its figure action, in Phase.DECIDE an expansion's decision
        (the builder's bonus tile: "bonus" or "pass"). Levels and budget as for bot_move();
        WrongPhase in Phase.DRAW (chance decides there) and once the game is over. The game is
        unchanged."""
        args = _bot_arguments("carc_bot_decide", level, iterations, milliseconds, threads, seed)
        with self._lock:
            choice = ctypes.c_uint64()
            self._call(lib.carc_bot_decide, *args, ctypes.byref(choice))
            return Choice(choice.value)

    def rollouts(self, count: int, seed: int = 0, *, as_dealt: bool = False) -> Rollouts:
        """Plays `count` random playouts from this position in one call into the library, the
        i-th as playout(seed + i, as_dealt=as_dealt) on a copy, and leaves this game unchanged
        (for tree search): by default each rollout samples its own future."""
        with self._lock:
            count = _args.integer(count, 0, _args.INT_MAX,
                                  f"carc_game_rollouts: count must be 0 to {_args.INT_MAX}, not {{}}")
            seed = _args.seed(seed, "carc_game_rollouts")
            flags = CARC_PLAYOUT_AS_DEALT if _args.flag(as_dealt, "carc_game_rollouts", "as_dealt") else 0
            self._call(lib.carc_game_rollouts, seed, count, flags, self._score_sums, self._wins, CARC_MAX_PLAYERS)
            players = self._call(lib.carc_game_players)
            return Rollouts(count, tuple(self._score_sums[:players]), tuple(self._wins[:players]))

    # --- chance: the face-down pile ---
    @property
    def caller_draws(self) -> bool:
        """Whether the caller supplies this game's draws (draw), rather than a seed or order."""
        with self._lock:
            return bool(self._call(lib.carc_game_caller_draws))

    def draw(self, tile: str) -> None:
        """In Phase.DRAW: the face-down tile that was drawn (a tile id). A tile that fits nowhere
        leaves the game (a discard event) and the game waits for the next draw. IllegalMove if
        no tile of that type is face down or the river's order forbids it (river tiles
        first, the lake last of them); nothing changes then."""
        with self._lock:
            self._call(lib.carc_game_draw, _args.tile(tile, "carc_game_draw"))

    def redeal(self, seed: int) -> None:
        """Shuffles the face-down tiles uniformly from seed, keeping everything public (a
        determinization for search); a game in Phase.DRAW draws at once."""
        with self._lock:
            self._call(lib.carc_game_redeal, _args.seed(seed, "carc_game_redeal"))

    # --- records and going back ---
    def save(self, *, public: bool = False) -> str:
        """The game's record (docs/records.md), whatever its state. public=True writes what the
        players know: no seed and no order of the face-down tiles ('pile hidden'); it loads
        into a game whose draws the caller supplies."""
        with self._lock:
            f = lib.carc_game_save_public if _args.flag(public, "carc_game_save", "public") else lib.carc_game_save
            return text_out(lambda buf, size: self._call(f, buf, size))

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Game":
        """A new game replayed from a record (str, or bytes of UTF-8). A bad record raises
        InvalidArgument (malformed) or IllegalMove (against the rules or the draw pile), with
        `line` set to the line at fault and the message "carc_game_load: line N: <reason>"."""
        if isinstance(text, str):
            try:
                data = text.encode("utf-8")
            except UnicodeEncodeError as e:
                raise invalid(f"carc_game_load: the record is not valid Unicode: {e.reason} at offset {e.start}")
        elif isinstance(text, (bytes, bytearray)):
            data = bytes(text)
        else:
            raise invalid(f"carc_game_load: a record is a str or bytes, not {text!r}")
        if b"\0" in data:  # C would read the record only up to it
            line = data.count(b"\n", 0, data.index(b"\0")) + 1
            raise error(-1, f"carc_game_load: line {line}: the record holds a NUL character", line)
        handle, line = ctypes.c_void_p(), ctypes.c_int()
        status = lib.carc_game_load(ctypes.byref(handle), data, ctypes.byref(line))
        if status < 0:
            raise error(status, lib.carc_game_errmsg(None).decode("utf-8", "replace"), line.value or None)
        return cls._from_handle(handle.value)

    @property
    def turns_played(self) -> int:
        """Whole turns played (a tile placed whose meeple is undecided does not count)."""
        with self._lock:
            return self._call(lib.carc_game_turns_played)

    def history(self) -> List[Move]:
        """The moves of the turns played, in order, meeples included."""
        with self._lock:
            m = ctypes.c_uint64()
            out = []
            for turn in range(1, self._call(lib.carc_game_turns_played) + 1):
                self._call(lib.carc_game_turn_move, turn, ctypes.byref(m))
                out.append(Move.unpack(m.value))
            return out

    def undo(self) -> None:
        """Takes back the last action: a tile placed whose meeple is undecided, a decision on
        the builder's bonus tile (take_bonus or pass_bonus, before the bonus tile is placed:
        back to the bonus phase), else the last whole turn (its player places the same tile
        again). Unread events of what is taken back are dropped. WrongPhase when no tile has
        been placed yet."""
        with self._lock:
            self._call(lib.carc_game_undo)

    def rewind(self, turns: int) -> None:
        """Goes back to the state after the first `turns` whole turns (0..turns_played)."""
        with self._lock:
            self._call(lib.carc_game_rewind, _args.c_int(turns, "carc_game_rewind", "turns"))

    # --- front-end queries ---
    def frontier(self) -> List[FrontierCell]:
        """The open cells next to the placed tiles, by row then column."""
        with self._lock:
            cells = (ctypes.c_int32 * (CARC_MAX_FRONTIER * CARC_CELL_FIELDS))()
            self._call(lib.carc_game_frontier, cells, CARC_MAX_FRONTIER, ctypes.byref(self._count))
            return [FrontierCell(cells[i + CARC_CELL_X], cells[i + CARC_CELL_Y], bool(cells[i + CARC_CELL_DEAD]),
                                 next((SIDES[s] for s in range(4) if cells[i + CARC_CELL_RIVER] >> s & 1), None))
                    for i in range(0, CARC_CELL_FIELDS * self._count.value, CARC_CELL_FIELDS)]

    def river_end(self) -> Optional[Tuple[int, int, str]]:
        """The river's open end: (x, y, side), the empty cell where the next river tile goes and
        the side ("N", "E", "S", "W") the river enters it by; None without an open river."""
        with self._lock:
            x, y, side = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            if not self._call(lib.carc_game_river_end, ctypes.byref(x), ctypes.byref(y), ctypes.byref(side)):
                return None
            return x.value, y.value, SIDES[side.value]

    def fitting_rotations(self, tile: str, x: int, y: int) -> List[int]:
        """The rotations (degrees) in which a tile would fit at (x, y), whatever the phase: each
        distinct picture once, with its smallest rotation, as placements() lists them; a river
        tile only at the river's open end. [] if (x, y) is not an open cell."""
        with self._lock:
            where = "carc_game_fitting_rotations"
            mask = self._call(lib.carc_game_fitting_rotations, _args.tile(tile, where), _args.c_int(x, where, "x"),
                              _args.c_int(y, where, "y"))
            return [90 * r for r in range(4) if mask >> r & 1]

    def inspect_feature(self, x: int, y: int, location: str) -> FeatureInfo:
        """The whole feature at a location of the tile at (x, y)."""
        with self._lock:
            where = "carc_game_inspect_feature"
            x, y, loc = _args.c_int(x, where, "x"), _args.c_int(y, where, "y"), _args.location(location, where)
            f = (ctypes.c_int32 * CARC_FEATURE_INFO_FIELDS)()
            self._call(lib.carc_game_inspect_feature, x, y, loc, f, CARC_FEATURE_INFO_FIELDS)
            indices = (ctypes.c_int32 * CARC_MAX_TILES)()
            self._call(lib.carc_game_feature_tiles, x, y, loc, indices, CARC_MAX_TILES, ctypes.byref(self._count))
            players = self._call(lib.carc_game_players)
            return FeatureInfo(kind=FEATURES[f[CARC_FI_KIND]], completed=bool(f[CARC_FI_COMPLETED]),
                               tiles=tuple(self._tile(i) for i in indices[:self._count.value]),
                               shields=f[CARC_FI_SHIELDS], open_edges=f[CARC_FI_OPEN_EDGES], cities=f[CARC_FI_CITIES],
                               meeples=tuple(f[CARC_FI_MEEPLES:CARC_FI_MEEPLES + players]),
                               scorers=_players_of(f[CARC_FI_MAJORITY]), value_complete=f[CARC_FI_VALUE_COMPLETE],
                               value_end=f[CARC_FI_VALUE_END])

    # --- pictures ---
    def svg(self, *, coordinates: bool = True, legal_cells: bool = False, dead_cells: bool = False,
            legend: bool = True, targets: bool = False, tile_pixels: int = 64) -> str:
        """An SVG document of the board: one <g class="tile"> per placed tile, one element of
        class "meeple" per meeple. legal_cells outlines where the current tile fits,
        dead_cells crosses out cells no tile can fill, legend shows players and the tile;
        targets marks each option of the current decision that has a place on the board as a
        <g class="target"> whose data-choice is its choice id (decide(int(...)) takes it)."""
        with self._lock:
            where = "carc_game_render_svg"
            flags = (CARC_SVG_COORDINATES * _args.flag(coordinates, where, "coordinates")
                     | CARC_SVG_LEGAL_CELLS * _args.flag(legal_cells, where, "legal_cells")
                     | CARC_SVG_DEAD_CELLS * _args.flag(dead_cells, where, "dead_cells")
                     | CARC_SVG_LEGEND * _args.flag(legend, where, "legend")
                     | CARC_SVG_TARGETS * _args.flag(targets, where, "targets"))
            pixels = _args.integer(tile_pixels, CARC_MIN_TILE_PIXELS, CARC_MAX_TILE_PIXELS,
                                   f"{where}: tile_pixels {{}} is not {CARC_MIN_TILE_PIXELS}..{CARC_MAX_TILE_PIXELS}")
            return text_out(lambda buf, size: self._call(lib.carc_game_render_svg, flags, pixels, buf, size))

    def text_board(self, *, coordinates: bool = True, legal_cells: bool = False) -> str:
        """The board as text for terminals: 5 characters by 3 lines a tile, '#' city, '-' '|'
        road, 'M' monastery, '.' field, meeples as player digits; '?' where the current tile fits."""
        with self._lock:
            where = "carc_game_render_text"
            flags = (CARC_TEXT_COORDINATES * _args.flag(coordinates, where, "coordinates")
                     | CARC_TEXT_LEGAL_CELLS * _args.flag(legal_cells, where, "legal_cells"))
            return text_out(lambda buf, size: self._call(lib.carc_game_render_text, flags, buf, size))

    # --- events ---
    def events(self) -> List[Event]:
        """The events since the last call, oldest first; each carries `text`, the engine's
        sentence for it ("city 8 to player 0", "C fits nowhere and leaves the game")."""
        with self._lock:
            out: List[Event] = []
            f = self._fields
            players = self._call(lib.carc_game_players)
            while self._call(lib.carc_game_poll_event, f, CARC_EVENT_FIELDS) == 1:
                out.append(self._event(f, players))
            return out

    def _event(self, f, players: int) -> Event:
        """The event of carc_game_poll_event's fields f."""
        kind = f[CARC_EV_TYPE]
        text = text_out(lambda buf, size: check(lib.carc_event_text(f, CARC_EVENT_FIELDS, buf, size)))
        winners = _players_of(f[CARC_EV_WINNERS])
        if kind in (_EVENT["DISCARD"], _EVENT["SET_ASIDE"], _EVENT["SET_ASIDE_BACK"]):  # a tile off the pile, no place
            # None if the library names no tile (CARC_NO_TILE), never TILES[-1].
            tile = TILES[f[CARC_EV_DISCARDED]] if f[CARC_EV_DISCARDED] != CARC_NO_TILE else None
            if kind == _EVENT["SET_ASIDE"]:
                return SetAsideEvent(tile, winners[0], text=text)
            return (DiscardEvent if kind == _EVENT["DISCARD"] else SetAsideBackEvent)(tile, text=text)
        if kind == _EVENT["EXCHANGE"]:  # no tile
            return ExchangeEvent(f[CARC_EV_POINTS], winners[0], FIGURE_NAMES[f[CARC_EV_FIGURE]], FIGURE_NAMES[f[CARC_EV_TILES]],
                                 text=text)
        if kind == _EVENT["RANSOM"]:  # no tile
            return RansomEvent(winners[0], f[CARC_EV_TILES], FIGURE_NAMES[f[CARC_EV_FIGURE]], f[CARC_EV_POINTS], text=text)
        if kind == _EVENT["ABBEY_DECLINED"]:  # no tile
            return AbbeyDeclinedEvent(winners[0], text=text)
        if kind == _EVENT["FINAL_ABBEY_ROUND"]:  # no tile
            return FinalAbbeyRoundEvent(winners[0], text=text)
        if kind == _EVENT["BARN_FINAL"]:  # no tile: a corner point
            return BarnFinalEvent(f[CARC_EV_POINTS], winners, f[CARC_EV_X], f[CARC_EV_Y], f[CARC_EV_TILES], text=text)
        counts = f[CARC_EV_GOODS:CARC_EV_GOODS + len(GOODS)]
        if kind == _EVENT["GOODS_BONUS"]:  # no tile
            k = next(i for i, c in enumerate(counts) if c)
            return GoodsBonusEvent(GOODS[CARC_GOODS_WINE + k], counts[k], f[CARC_EV_POINTS], winners, text=text)
        tile, x, y = TILES[f[CARC_EV_TILE]], f[CARC_EV_X], f[CARC_EV_Y]
        if kind == _EVENT["BONUS"]:  # no location
            return BonusEvent(winners[0], tile, x, y, text=text)
        if kind == _EVENT["DRAGON_LANDS"]:
            return DragonLandsEvent(tile, x, y, text=text)
        if kind == _EVENT["DRAGON_STEP"]:
            return DragonStepEvent(winners[0], f[CARC_EV_POINTS], tile, x, y, text=text)
        if kind == _EVENT["FLIGHT_ENDS"]:
            return FlightEndsEvent(f[CARC_EV_POINTS], tile, x, y, text=text)
        if kind == _EVENT["TOWER_PIECE"]:
            return TowerPieceEvent(winners[0], tile, x, y, f[CARC_EV_POINTS], f[CARC_EV_TILES], text=text)
        if kind == _EVENT["TOWER_CLOSED"]:
            return TowerClosedEvent(winners[0], FIGURE_NAMES[f[CARC_EV_FIGURE]], tile, x, y, text=text)
        if kind == _EVENT["ABBEY_PLACED"]:
            return AbbeyPlacedEvent(winners[0], tile, x, y, text=text)
        if kind == _EVENT["WAGON_DUE"]:  # no location
            return WagonDueEvent(winners[0], tile, x, y, f[CARC_EV_TILES], text=text)
        if kind == _EVENT["WAGON_STAYED"]:  # no location
            return WagonStayedEvent(winners[0], tile, x, y, text=text)
        location = LOCATIONS[f[CARC_EV_LOCATION]]
        if kind == _EVENT["WAGON_MOVED"]:
            return WagonMovedEvent(winners[0], tile, x, y, location, text=text)
        if kind == _EVENT["BARN_HOME"]:
            return BarnHomeEvent(winners[0], FIGURE_NAMES[f[CARC_EV_FIGURE]], tile, x, y, location, text=text)
        if kind in _FIGURE_EVENTS:  # a player's figure somewhere: no points
            return _FIGURE_EVENTS[kind](winners[0], tile, x, y, location, text=text)
        if kind == _EVENT["ALONE_HOME"]:
            return AloneHomeEvent(winners[0], tile, x, y, location, ("dragon", "princess", "capture")[f[CARC_EV_POINTS]],
                                  text=text)
        if kind == _EVENT["CAPTURE"]:
            return CaptureEvent(f[CARC_EV_POINTS], winners[0], FIGURE_NAMES[f[CARC_EV_FIGURE]], tile, x, y, location,
                                "prison" if f[CARC_EV_TILES] else "supply", text=text)
        if kind in (_EVENT["FAIRY_POINT"], _EVENT["FAIRY_BONUS"]):
            return (FairyPointEvent if kind == _EVENT["FAIRY_POINT"] else FairyBonusEvent)(
                f[CARC_EV_POINTS], winners, tile, x, y, location, text=text)
        meeples = tuple(f[CARC_EV_MEEPLES:CARC_EV_MEEPLES + players])
        if kind == _EVENT["GOODS"]:
            return GoodsEvent(winners[0], Goods(*counts), tile, x, y, location, text=text)
        if kind == _EVENT["PIG"]:
            return PigEvent(f[CARC_EV_POINTS], winners, tile, x, y, location, meeples, text=text)
        if kind in (_EVENT["BARN_PLACED"], _EVENT["BARN_CONNECTED"]):
            return (BarnPlacedEvent if kind == _EVENT["BARN_PLACED"] else BarnConnectedEvent)(
                f[CARC_EV_POINTS], winners, tile, x, y, location, f[CARC_EV_TILES], meeples, text=text)
        if kind == _EVENT["RECALL"]:
            return RecallEvent(FEATURES[f[CARC_EV_FEATURE]], f[CARC_EV_POINTS], winners, tile, x, y, location, text=text)
        if kind != _EVENT["SCORE"]:  # a type this module does not know yet: no score event in disguise
            raise error(CARC_EINTERNAL, f"carc_game_poll_event: event type {kind} is unknown to this module")
        return ScoreEvent(FEATURES[f[CARC_EV_FEATURE]], f[CARC_EV_POINTS], winners, bool(f[CARC_EV_END_GAME]), tile, x, y,
                          location, f[CARC_EV_TILES], meeples, text=text)

    # --- the board ---
    def tile(self, index: int) -> PlacedTile:
        """The index-th tile placed (0: the start tile)."""
        with self._lock:
            return self._tile(_args.c_int(index, "carc_game_tile", "index"))

    def _tile(self, index: int) -> PlacedTile:
        x, y, t, r = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self._call(lib.carc_game_tile, index, ctypes.byref(x), ctypes.byref(y), ctypes.byref(t), ctypes.byref(r))
        return PlacedTile(TILES[t.value], x.value, y.value, r.value)

    def board(self) -> List[PlacedTile]:
        """Every tile on the board, in the order they were placed."""
        with self._lock:
            return [self._tile(i) for i in range(self._call(lib.carc_game_tile_count))]

    def tile_at(self, x: int, y: int) -> Optional[PlacedTile]:
        """The tile at (x, y), or None if the cell is empty."""
        with self._lock:
            x, y = _args.c_int(x, "carc_game_tile_at", "x"), _args.c_int(y, "carc_game_tile_at", "y")
            t, r = ctypes.c_int(), ctypes.c_int()
            if not self._call(lib.carc_game_tile_at, x, y, ctypes.byref(t), ctypes.byref(r)):
                return None
            return PlacedTile(TILES[t.value], x, y, r.value)

    def feature_at(self, x: int, y: int, location: str) -> str:
        """The kind of the feature at a location of the tile at (x, y)."""
        with self._lock:
            where = "carc_game_feature_kind"
            x, y, loc = _args.c_int(x, where, "x"), _args.c_int(y, where, "y"), _args.location(location, where)
            return FEATURES[self._call(lib.carc_game_feature_kind, x, y, loc)]

    def meeples(self) -> List[Meeple]:
        """The figures on the board (meeples, large meeples, abbots, builders, pigs), with their
        owners, features and kinds."""
        with self._lock:
            out = []
            p, x, y, loc, fig = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
            for i in range(self._call(lib.carc_game_meeple_count)):
                self._call(lib.carc_game_meeple, i, ctypes.byref(p), ctypes.byref(x), ctypes.byref(y),
                           ctypes.byref(loc), ctypes.byref(fig))
                out.append(Meeple(p.value, x.value, y.value, LOCATIONS[loc.value],
                                  FEATURES[self._call(lib.carc_game_feature_kind, x.value, y.value, loc.value)],
                                  FIGURE_NAMES[fig.value]))
            return out

    def __repr__(self) -> str:
        with self._lock:
            over = self._call(lib.carc_game_phase) == Phase.GAME_OVER
            state = "over" if over else f"P{self.current_player} to play {self.current_tile}"
            return f"<carcassonne.Game {self.players} players, {state}, scores {self.scores}>"


def tile_svg(tile: str, rotation: int = 0, pixels: int = 64) -> str:
    """One tile type in a rotation (degrees) as an SVG document, pixels wide: the tile in hand."""
    where = "carc_tile_render_svg"
    t, r = _args.tile(tile, where), 90 * _args.quarter_turns(rotation, where)
    n = _args.integer(pixels, CARC_MIN_TILE_PIXELS, CARC_MAX_TILE_PIXELS,
                      f"{where}: pixels {{}} is not {CARC_MIN_TILE_PIXELS}..{CARC_MAX_TILE_PIXELS}")
    return text_out(lambda buf, size: check(lib.carc_tile_render_svg(t, r, n, buf, size)))


def tile_text(tile: str, rotation: int = 0) -> str:
    """One tile type in a rotation (degrees) as the 3 lines the text board draws it with."""
    where = "carc_tile_render_text"
    t, r = _args.tile(tile, where), 90 * _args.quarter_turns(rotation, where)
    return text_out(lambda buf, size: check(lib.carc_tile_render_text(t, r, buf, size)))
