"""The carcassonne rules engine (base game) from Python: a pure-Python binding over the
C ABI (carcassonne.h) with ctypes. No compiler needed, only the shared library
carcassonne_c, found in this order:

1. the file named by the environment variable CARCASSONNE_LIBRARY (and only that);
2. next to this module;
3. the library directory of the install this module came with;
4. a build tree of the source checkout this module lives in (build*/ ... /capi/);
5. the system's library search path.

Tiles are letters 'A'..'X', locations are names ('C', 'N', ..., 'NNW'), feature kinds are
'road', 'city', 'monastery', 'field'; rotations are degrees clockwise (0, 90, 180, 270),
as in move text ("E 0,-1 180 S"). Errors raise CarcassonneError subclasses carrying the
library's message; a failed call leaves the game as it was.

    >>> from carcassonne import Game
    >>> game = Game(players=2, seed=42)
    >>> game.play("D 1,0 0")                # or game.place(...); game.deploy(...)
    >>> same = Game.load(game.save())      # records; game.undo() takes the turn back

Queries (remaining_tiles, next_tile_probabilities, frontier, fitting_rotations,
projected_scores, inspect_feature) and pictures (svg, text_board) change nothing.
"""

import ctypes
import ctypes.util
import dataclasses
import enum
import glob
import os
from typing import Dict, Iterable, List, Optional, Tuple, Union

__all__ = [
    "ABI_VERSION", "Game", "Phase", "Placement", "MeepleChoice", "Move", "PlacedTile", "Meeple",
    "ScoreEvent", "DiscardEvent", "FrontierCell", "FeatureInfo", "Rollouts", "CarcassonneError", "InvalidArgument",
    "IllegalMove", "WrongPhase", "BufferTooSmall", "OutOfMemory", "InternalError", "LOCATIONS", "FEATURES",
    "TILES", "library_path", "library_version", "tile_svg", "tile_text",
]

#: The (major, minor) version of the C ABI this module is written for.
ABI_VERSION = (0, 1)

LOCATIONS = ("C", "N", "E", "S", "W", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW")
FEATURES = ("road", "city", "monastery", "field")
TILES = "ABCDEFGHIJKLMNOPQRSTUVWX"

# Constants of carcassonne.h.
_LOC_NONE = 15
_MAX_PLACEMENTS = 592
_MAX_MEEPLE_LOCATIONS = 8
_EVENT_FIELDS = 16
_MOVE_TEXT_SIZE = 32
_MAX_TILES = 72
_MAX_FRONTIER = 148
_CELL_FIELDS = 3
_FEATURE_INFO_FIELDS = 15
_SVG_COORDINATES, _SVG_LEGAL_CELLS, _SVG_DEAD_CELLS, _SVG_LEGEND = 1, 2, 4, 8
_TEXT_COORDINATES, _TEXT_LEGAL_CELLS = 1, 2
_OPTIONS = {"farmers": 1, "first_edition_small_city": 2, "first_edition_farmers": 3}


# ---------------------------------------------------------------- errors

class CarcassonneError(Exception):
    """A call into the engine failed; `status` is the C status code, str() the message.
    `line`: for a record that failed to load, the line at fault (1-based); else None."""

    def __init__(self, status: int, message: str, line: Optional[int] = None):
        super().__init__(message)
        self.status = status
        self.line = line


class InvalidArgument(CarcassonneError, ValueError):
    """CARC_EINVAL: a value out of range, malformed move text, a bad draw order."""


class IllegalMove(CarcassonneError):
    """CARC_EILLEGAL: the move breaks the rules."""


class WrongPhase(CarcassonneError):
    """CARC_EPHASE: not allowed in this phase of the turn (or the game is over)."""


class BufferTooSmall(CarcassonneError):
    """CARC_ERANGE (the binding sizes its buffers, so this means a bug)."""


class OutOfMemory(CarcassonneError, MemoryError):
    """CARC_ENOMEM."""


class InternalError(CarcassonneError):
    """CARC_EINTERNAL: a bug in the library."""


_ERRORS = {-1: InvalidArgument, -2: IllegalMove, -3: WrongPhase, -4: BufferTooSmall, -5: OutOfMemory,
           -6: InternalError}


# ---------------------------------------------------------------- finding the library

def _library_names() -> List[str]:
    return ["libcarcassonne_c.so", "libcarcassonne_c.dylib", "carcassonne_c.dll"]


def _in_dir(directory: str) -> Iterable[str]:
    for name in _library_names():
        path = os.path.join(directory, name)
        if os.path.exists(path):
            yield path
    # Installs without the development symlink carry only the versioned file.
    yield from sorted(glob.glob(os.path.join(directory, "libcarcassonne_c.so.*")))


def _sanitized(build_root: str) -> bool:
    """Whether a build tree was made with sanitizers: its library cannot load into an
    uninstrumented Python."""
    try:
        with open(os.path.join(build_root, "CMakeCache.txt")) as cache:
            return any(line.startswith("CARC_SANITIZE:") and line.strip().split("=", 1)[1] for line in cache)
    except OSError:
        return False


def _candidates() -> Iterable[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    yield from _in_dir(here)
    try:
        from . import _installed  # written by `cmake --install`
        yield from _in_dir(os.path.normpath(os.path.join(here, _installed.LIBDIR)))
    except ImportError:
        pass
    checkout = os.path.normpath(os.path.join(here, "..", "..", ".."))  # capi/python/carcassonne
    built = [path for pattern in ("build*/capi", "build*/*/capi")
             for directory in glob.glob(os.path.join(checkout, pattern))
             if not _sanitized(os.path.dirname(directory)) for path in _in_dir(directory)]
    yield from sorted(built, key=os.path.getmtime, reverse=True)  # the freshest build first
    system = ctypes.util.find_library("carcassonne_c")
    if system:
        yield system


def _load() -> Tuple[ctypes.CDLL, str]:
    explicit = os.environ.get("CARCASSONNE_LIBRARY")
    candidates = [explicit] if explicit else _candidates()
    tried = []
    for path in candidates:
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append(f"{path}: {e}")
    where = "CARCASSONNE_LIBRARY=" + explicit if explicit else "next to the module, the install or a build tree"
    raise ImportError(f"cannot load the carcassonne_c library ({where}); tried: {tried or 'nothing found'}")


_lib, library_path = _load()


def _declare(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_int, _u32, _u64, _ptr, _size = ctypes.c_int, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t
_intp, _i32p, _u32p = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_uint32)
_declare("carc_version_number", _int)
_declare("carc_version_string", ctypes.c_char_p)
_declare("carc_game_errmsg", ctypes.c_char_p, _ptr)
_declare("carc_move_pack", _u32, _int, _int, _int, _int, _int)
_declare("carc_move_format", _int, _u32, ctypes.c_char_p, _size)
_declare("carc_move_parse", _int, ctypes.c_char_p, _u32p)
_declare("carc_game_new", _int, ctypes.POINTER(_ptr), _int, _u64)
_declare("carc_game_new_with_order", _int, ctypes.POINTER(_ptr), _int, ctypes.c_char_p)
_declare("carc_game_clone", _int, ctypes.POINTER(_ptr), _ptr)
_declare("carc_game_copy", _int, _ptr, _ptr)
_declare("carc_game_free", None, _ptr)
_declare("carc_game_set_option", _int, _ptr, _int, _int)
_declare("carc_game_option", _int, _ptr, _int)
for _name in ("players", "current_player", "phase", "current_tile", "tiles_remaining", "winners", "tile_count",
              "meeple_count"):
    _declare("carc_game_" + _name, _int, _ptr)
_declare("carc_game_score", _int, _ptr, _int)
_declare("carc_game_supply", _int, _ptr, _int)
_declare("carc_game_tiles_remaining_by_type", _int, _ptr, _i32p, _int)
_declare("carc_game_placements", _int, _ptr, _u32p, _int, _intp)
_declare("carc_game_place", _int, _ptr, _u32)
_declare("carc_game_meeple_locations", _int, _ptr, _i32p, _int, _intp)
_declare("carc_game_deploy", _int, _ptr, _int)
_declare("carc_game_skip", _int, _ptr)
_declare("carc_game_play", _int, _ptr, _u32)
_declare("carc_game_play_text", _int, _ptr, ctypes.c_char_p)
_declare("carc_game_playout", _int, _ptr, _u64)
_declare("carc_game_rollouts", _int, _ptr, _u64, _int, ctypes.POINTER(ctypes.c_int64), _i32p, _int)
_declare("carc_game_poll_event", _int, _ptr, _i32p, _int)
_declare("carc_game_tile", _int, _ptr, _int, _intp, _intp, _intp, _intp)
_declare("carc_game_tile_at", _int, _ptr, _int, _int, _intp, _intp)
_declare("carc_game_feature_kind", _int, _ptr, _int, _int, _int)
_declare("carc_game_meeple", _int, _ptr, _int, _intp, _intp, _intp, _intp)
_declare("carc_game_save", _int, _ptr, ctypes.c_char_p, _size)
_declare("carc_game_load", _int, ctypes.POINTER(_ptr), ctypes.c_char_p, _intp)
_declare("carc_game_turns_played", _int, _ptr)
_declare("carc_game_turn_move", _int, _ptr, _int, _u32p)
_declare("carc_game_undo", _int, _ptr)
_declare("carc_game_rewind", _int, _ptr, _int)
_declare("carc_game_next_tile_probabilities", _int, _ptr, ctypes.POINTER(ctypes.c_double), _int)
_declare("carc_game_frontier", _int, _ptr, _i32p, _int, _intp)
_declare("carc_game_fitting_rotations", _int, _ptr, _int, _int, _int)
_declare("carc_game_scores", _int, _ptr, _i32p, _int)
_declare("carc_game_projected_scores", _int, _ptr, _i32p, _int)
_declare("carc_game_inspect_feature", _int, _ptr, _int, _int, _int, _i32p, _int)
_declare("carc_game_feature_tiles", _int, _ptr, _int, _int, _int, _i32p, _int, _intp)
_declare("carc_game_render_svg", _int, _ptr, _int, _int, ctypes.c_char_p, _size)
_declare("carc_game_render_text", _int, _ptr, _int, ctypes.c_char_p, _size)
_declare("carc_tile_render_svg", _int, _int, _int, _int, ctypes.c_char_p, _size)
_declare("carc_tile_render_text", _int, _int, _int, ctypes.c_char_p, _size)


def library_version() -> Tuple[int, int, int]:
    """(major, minor, patch) of the loaded library."""
    n = _lib.carc_version_number()
    return n // 1000000, n // 1000 % 1000, n % 1000


def _check_version():
    major, minor, _ = library_version()
    want_major, want_minor = ABI_VERSION
    # Before 1.0 every minor release may change the ABI; after it, minors only add.
    ok = (major, minor) == ABI_VERSION if want_major == 0 else (major == want_major and minor >= want_minor)
    if not ok:
        raise ImportError(f"{library_path} is carcassonne {_lib.carc_version_string().decode()}, but this module "
                          f"needs the {want_major}.{want_minor} ABI")


_check_version()


def _raise(status: int, handle) -> None:
    message = _lib.carc_game_errmsg(handle).decode("utf-8", "replace")
    raise _ERRORS.get(status, InternalError)(status, message)


def _check(status: int, handle=None) -> int:
    if status < 0:
        _raise(status, handle)
    return status


def _text_out(call) -> str:
    """Text from a function that writes like snprintf: call(buf, size) is sized by a first
    call with (None, 0) and made again with room for the text and its NUL."""
    n = call(None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    if call(buf, n + 1) != n:
        raise InternalError(-6, "the text changed between two calls")
    return buf.value.decode("utf-8")


# ---------------------------------------------------------------- value objects

def _tile_index(tile: str) -> int:
    if not isinstance(tile, str) or len(tile) != 1 or tile.upper() not in TILES:
        raise InvalidArgument(-1, f"{tile!r} is not a tile letter A..X")
    return TILES.index(tile.upper())


def _location_index(location: Optional[str]) -> int:
    if location is None or location == "-":
        return _LOC_NONE
    if location not in LOCATIONS:
        raise InvalidArgument(-1, f"{location!r} is not a location ({' '.join(LOCATIONS)}) or None")
    return LOCATIONS.index(location)


def _quarter_turns(degrees: int) -> int:
    if degrees not in (0, 90, 180, 270):
        raise InvalidArgument(-1, f"rotation must be 0, 90, 180 or 270 degrees, not {degrees!r}")
    return degrees // 90


@dataclasses.dataclass(frozen=True)
class Placement:
    """Where the current tile may go: a cell and a rotation in degrees clockwise."""
    x: int
    y: int
    rotation: int


@dataclasses.dataclass(frozen=True)
class MeepleChoice:
    """A feature of the tile just placed that may take a meeple: its first location and kind."""
    location: str
    feature: str


@dataclasses.dataclass(frozen=True)
class Move:
    """A whole turn: the tile, where it goes, and the meeple's location (None: no meeple)."""
    tile: str
    x: int
    y: int
    rotation: int
    meeple: Optional[str] = None

    def packed(self) -> int:
        """The 32-bit packed move of carcassonne.h."""
        m = _lib.carc_move_pack(_tile_index(self.tile), self.x, self.y, _quarter_turns(self.rotation),
                                _location_index(self.meeple))
        if m == 0xFFFFFFFF:
            raise InvalidArgument(-1, f"{self!r} is out of range")
        return m

    @staticmethod
    def unpack(m: int) -> "Move":
        """The move for a 32-bit packed move."""
        if (m >> 27) or ((m >> 22) & 31) >= len(TILES) or 12 < ((m >> 18) & 15) < _LOC_NONE:
            raise InvalidArgument(-1, f"{m:#010x} is not a valid move")
        loc = (m >> 18) & 15
        return Move(TILES[(m >> 22) & 31], ((m & 0xFF) ^ 0x80) - 0x80, (((m >> 8) & 0xFF) ^ 0x80) - 0x80,
                    90 * ((m >> 16) & 3), None if loc == _LOC_NONE else LOCATIONS[loc])

    @staticmethod
    def parse(text: str) -> "Move":
        """The move for move text ("E 0,-1 180 S")."""
        m = ctypes.c_uint32()
        _check(_lib.carc_move_parse(text.encode(), ctypes.byref(m)))
        return Move.unpack(m.value)

    def __str__(self) -> str:
        buf = ctypes.create_string_buffer(_MOVE_TEXT_SIZE)
        _check(_lib.carc_move_format(self.packed(), buf, _MOVE_TEXT_SIZE))
        return buf.value.decode()


@dataclasses.dataclass(frozen=True)
class PlacedTile:
    """A tile on the board; rotation in degrees."""
    tile: str
    x: int
    y: int
    rotation: int


@dataclasses.dataclass(frozen=True)
class Meeple:
    """A meeple on the board: owner, tile, location (the feature's first on that tile), kind."""
    player: int
    x: int
    y: int
    location: str
    feature: str


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


@dataclasses.dataclass(frozen=True)
class DiscardEvent:
    """A drawn tile that fit nowhere and left the game."""
    tile: str


@dataclasses.dataclass(frozen=True)
class FrontierCell:
    """An open cell next to the placed tiles; dead: no tile still to come (the current one
    included) fits there in any rotation, now or ever."""
    x: int
    y: int
    dead: bool


@dataclasses.dataclass(frozen=True)
class FeatureInfo:
    """A whole road, city, monastery or field. tiles: the tiles it covers (in the order
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


class Phase(enum.IntEnum):
    PLACE_TILE = 0
    PLACE_MEEPLE = 1
    GAME_OVER = 2


def _players_of(mask: int) -> Tuple[int, ...]:
    return tuple(p for p in range(6) if mask >> p & 1)


# ---------------------------------------------------------------- the game

class Game:
    """A game of Carcassonne for 1..6 players.

    Game(players, seed) shuffles the draw pile from seed; Game(players, order="EUV...")
    draws the tiles in exactly that order after the start tile. Rule options (farmers,
    first_edition_small_city, first_edition_farmers) are keywords; they are fixed once the
    first tile is placed.
    """

    def __init__(self, players: int = 2, seed: int = 0, *, order: Optional[str] = None, farmers: bool = True,
                 first_edition_small_city: bool = False, first_edition_farmers: bool = False):
        self._handle = None
        handle = ctypes.c_void_p()
        if order is None:
            _check(_lib.carc_game_new(ctypes.byref(handle), players, seed & 0xFFFFFFFFFFFFFFFF))
        else:
            _check(_lib.carc_game_new_with_order(ctypes.byref(handle), players, order.encode()))
        self._adopt(handle.value)
        options = {"farmers": farmers, "first_edition_small_city": first_edition_small_city,
                   "first_edition_farmers": first_edition_farmers}
        for name, value in options.items():
            self._call(_lib.carc_game_set_option, _OPTIONS[name], int(bool(value)))

    def _adopt(self, handle) -> None:
        self._handle = handle
        self._moves = (ctypes.c_uint32 * _MAX_PLACEMENTS)()
        self._locations = (ctypes.c_int32 * _MAX_MEEPLE_LOCATIONS)()
        self._fields = (ctypes.c_int32 * _EVENT_FIELDS)()
        self._count = ctypes.c_int()
        self._score_sums = (ctypes.c_int64 * 6)()
        self._wins = (ctypes.c_int32 * 6)()

    def __del__(self, _free=_lib.carc_game_free):  # bound early: module globals may be gone at exit
        if getattr(self, "_handle", None):
            _free(self._handle)
            self._handle = None

    def _call(self, f, *args) -> int:
        status = f(self._handle, *args)
        if status < 0:
            _raise(status, self._handle)
        return status

    def clone(self) -> "Game":
        """An independent copy (unread events included)."""
        handle = ctypes.c_void_p()
        _check(_lib.carc_game_clone(ctypes.byref(handle), self._handle), self._handle)
        copy = Game.__new__(Game)
        copy._adopt(handle.value)
        return copy

    __copy__ = clone

    def __deepcopy__(self, memo) -> "Game":
        return self.clone()

    def copy_from(self, other: "Game") -> None:
        """Makes this game a copy of other, reusing this handle (cheap, for search)."""
        self._call(_lib.carc_game_copy, other._handle)

    # --- the state ---
    @property
    def players(self) -> int:
        return self._call(_lib.carc_game_players)

    @property
    def current_player(self) -> int:
        return self._call(_lib.carc_game_current_player)

    @property
    def phase(self) -> Phase:
        return Phase(self._call(_lib.carc_game_phase))

    @property
    def over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    @property
    def current_tile(self) -> Optional[str]:
        """The tile to place (or just placed); None once the game is over."""
        if self.over:
            return None
        return TILES[self._call(_lib.carc_game_current_tile)]

    @property
    def scores(self) -> List[int]:
        """Points so far (the final scores once the game is over)."""
        return self._scores(_lib.carc_game_scores)

    def projected_scores(self) -> List[int]:
        """The final scores if the game ended now: a tile just placed scores what it completed
        (without a meeple), then end-game scoring runs, on a copy."""
        return self._scores(_lib.carc_game_projected_scores)

    def _scores(self, f) -> List[int]:
        scores = (ctypes.c_int32 * 6)()
        self._call(f, scores, 6)
        return list(scores[:self.players])

    @property
    def supplies(self) -> List[int]:
        """Meeples each player has left to deploy."""
        return [self._call(_lib.carc_game_supply, p) for p in range(self.players)]

    @property
    def tiles_remaining(self) -> int:
        """Tiles still to be drawn, the current tile not included."""
        return self._call(_lib.carc_game_tiles_remaining)

    def remaining_tiles(self) -> Dict[str, int]:
        """{letter: count} of the tiles still to be drawn (the current tile not included)."""
        counts = (ctypes.c_int32 * len(TILES))()
        self._call(_lib.carc_game_tiles_remaining_by_type, counts, len(TILES))
        return {letter: counts[i] for i, letter in enumerate(TILES)}

    def next_tile_probabilities(self) -> Dict[str, float]:
        """{letter: chance} of each tile type being the next tile drawn: its share of the
        tiles still to be drawn (the float nearest to remaining_tiles()[t] / tiles_remaining)."""
        p = (ctypes.c_double * len(TILES))()
        self._call(_lib.carc_game_next_tile_probabilities, p, len(TILES))
        return {letter: p[i] for i, letter in enumerate(TILES)}

    @property
    def winners(self) -> Tuple[int, ...]:
        """The players with the highest score, once the game is over (WrongPhase before)."""
        return _players_of(self._call(_lib.carc_game_winners))

    def option(self, name: str) -> bool:
        if name not in _OPTIONS:
            raise InvalidArgument(-1, f"{name!r} is not an option ({', '.join(_OPTIONS)})")
        return bool(self._call(_lib.carc_game_option, _OPTIONS[name]))

    # --- a turn ---
    def placements(self) -> List[Placement]:
        """Every legal placement of the current tile, each distinct picture once."""
        self._call(_lib.carc_game_placements, self._moves, _MAX_PLACEMENTS, ctypes.byref(self._count))
        out = []
        for m in self._moves[:self._count.value]:
            out.append(Placement(((m & 0xFF) ^ 0x80) - 0x80, (((m >> 8) & 0xFF) ^ 0x80) - 0x80, 90 * ((m >> 16) & 3)))
        return out

    def place(self, placement: Union[Placement, Tuple[int, int, int]]) -> None:
        """Places the current tile (a Placement or (x, y, degrees))."""
        if isinstance(placement, Placement):
            x, y, rotation = placement.x, placement.y, placement.rotation
        else:
            x, y, rotation = placement
        tile = self._call(_lib.carc_game_current_tile)
        self._call(_lib.carc_game_place, Move(TILES[tile], x, y, rotation).packed())

    def meeple_choices(self) -> List[MeepleChoice]:
        """The features of the tile just placed that may take a meeple (none with an empty supply)."""
        self._call(_lib.carc_game_meeple_locations, self._locations, _MAX_MEEPLE_LOCATIONS, ctypes.byref(self._count))
        locations = self._locations[:self._count.value]
        if not locations:
            return []
        x, y = self._last_tile_position()
        return [MeepleChoice(LOCATIONS[loc], FEATURES[self._call(_lib.carc_game_feature_kind, x, y, loc)])
                for loc in locations]

    def _last_tile_position(self) -> Tuple[int, int]:
        t = self.tile(self._call(_lib.carc_game_tile_count) - 1)
        return t.x, t.y

    def deploy(self, location: Union[str, MeepleChoice, None]) -> None:
        """Deploys a meeple (None: no meeple), scores, passes the turn and draws."""
        if isinstance(location, MeepleChoice):
            location = location.location
        self._call(_lib.carc_game_deploy, _location_index(location))

    def skip(self) -> None:
        """Deploys no meeple."""
        self._call(_lib.carc_game_skip)

    def play(self, move: Union[Move, str]) -> None:
        """A whole turn: a Move or move text ("E 0,-1 180 S")."""
        if isinstance(move, str):
            self._call(_lib.carc_game_play_text, move.encode())
        else:
            self._call(_lib.carc_game_play, move.packed())

    def playout(self, seed: int) -> None:
        """Plays the rest of the game with uniformly random legal moves (carc::Game::playout)."""
        self._call(_lib.carc_game_playout, seed & 0xFFFFFFFFFFFFFFFF)

    def rollouts(self, count: int, seed: int = 0) -> Rollouts:
        """Plays `count` random playouts from this position in one call into the library, the
        i-th as playout(seed + i) on a copy, and leaves this game unchanged (for tree search)."""
        if not isinstance(count, int) or not 0 <= count < 2**31:
            raise InvalidArgument(-1, f"rollouts: count must be 0 to {2**31 - 1}, not {count!r}")
        self._call(_lib.carc_game_rollouts, seed & 0xFFFFFFFFFFFFFFFF, count, self._score_sums, self._wins, 6)
        players = self._call(_lib.carc_game_players)
        return Rollouts(count, tuple(self._score_sums[:players]), tuple(self._wins[:players]))

    # --- records and going back ---
    def save(self) -> str:
        """The game's record (README.md, "Game records"), whatever its state."""
        return _text_out(lambda buf, size: self._call(_lib.carc_game_save, buf, size))

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Game":
        """A new game replayed from a record. A bad record raises InvalidArgument (malformed)
        or IllegalMove (against the rules or the draw pile), with `line` set to the line at
        fault and the message "carc_game_load: line N: <reason>"."""
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        if b"\0" in data:  # C would read the record only up to it
            line = data.count(b"\n", 0, data.index(b"\0")) + 1
            raise InvalidArgument(-1, f"carc_game_load: line {line}: the record holds a NUL character", line)
        handle, line = ctypes.c_void_p(), ctypes.c_int()
        status = _lib.carc_game_load(ctypes.byref(handle), data, ctypes.byref(line))
        if status < 0:
            message = _lib.carc_game_errmsg(None).decode("utf-8", "replace")
            raise _ERRORS.get(status, InternalError)(status, message, line.value or None)
        game = cls.__new__(cls)
        game._adopt(handle.value)
        return game

    @property
    def turns_played(self) -> int:
        """Whole turns played (a tile placed whose meeple is undecided does not count)."""
        return self._call(_lib.carc_game_turns_played)

    def history(self) -> List[Move]:
        """The moves of the turns played, in order, meeples included."""
        m = ctypes.c_uint32()
        out = []
        for turn in range(1, self.turns_played + 1):
            self._call(_lib.carc_game_turn_move, turn, ctypes.byref(m))
            out.append(Move.unpack(m.value))
        return out

    def undo(self) -> None:
        """Takes back the last action: a tile placed whose meeple is undecided, else the last
        whole turn (its player places the same tile again). Unread events of what is taken
        back are dropped. WrongPhase when no tile has been placed yet."""
        self._call(_lib.carc_game_undo)

    def rewind(self, turns: int) -> None:
        """Goes back to the state after the first `turns` whole turns."""
        self._call(_lib.carc_game_rewind, turns)

    # --- front-end queries ---
    def frontier(self) -> List[FrontierCell]:
        """The open cells next to the placed tiles, by row then column."""
        cells = (ctypes.c_int32 * (_MAX_FRONTIER * _CELL_FIELDS))()
        self._call(_lib.carc_game_frontier, cells, _MAX_FRONTIER, ctypes.byref(self._count))
        return [FrontierCell(cells[3 * i], cells[3 * i + 1], bool(cells[3 * i + 2])) for i in range(self._count.value)]

    def fitting_rotations(self, tile: str, x: int, y: int) -> List[int]:
        """The rotations (degrees) in which a tile would fit at (x, y), whatever the phase;
        all four are tried, so equal pictures both show. [] if (x, y) is not an open cell."""
        mask = self._call(_lib.carc_game_fitting_rotations, _tile_index(tile), x, y)
        return [90 * r for r in range(4) if mask >> r & 1]

    def inspect_feature(self, x: int, y: int, location: str) -> FeatureInfo:
        """The whole feature at a location of the tile at (x, y)."""
        if location not in LOCATIONS:
            raise InvalidArgument(-1, f"{location!r} is not a location ({' '.join(LOCATIONS)})")
        loc = LOCATIONS.index(location)
        f = (ctypes.c_int32 * _FEATURE_INFO_FIELDS)()
        self._call(_lib.carc_game_inspect_feature, x, y, loc, f, _FEATURE_INFO_FIELDS)
        indices = (ctypes.c_int32 * _MAX_TILES)()
        self._call(_lib.carc_game_feature_tiles, x, y, loc, indices, _MAX_TILES, ctypes.byref(self._count))
        return FeatureInfo(kind=FEATURES[f[0]], completed=bool(f[1]),
                           tiles=tuple(self.tile(i) for i in indices[:self._count.value]), shields=f[3],
                           open_edges=f[4], cities=f[5], meeples=tuple(f[9:9 + self.players]),
                           scorers=_players_of(f[6]), value_complete=f[7], value_end=f[8])

    # --- pictures ---
    def svg(self, *, coordinates: bool = True, legal_cells: bool = False, dead_cells: bool = False,
            legend: bool = True, tile_pixels: int = 64) -> str:
        """An SVG document of the board: one <g class="tile"> per placed tile, one element of
        class "meeple" per meeple. legal_cells outlines where the current tile fits,
        dead_cells crosses out cells no tile can fill, legend shows players and the tile."""
        flags = (_SVG_COORDINATES * bool(coordinates) | _SVG_LEGAL_CELLS * bool(legal_cells)
                 | _SVG_DEAD_CELLS * bool(dead_cells) | _SVG_LEGEND * bool(legend))
        return _text_out(lambda buf, size: self._call(_lib.carc_game_render_svg, flags, tile_pixels, buf, size))

    def text_board(self, *, coordinates: bool = True, legal_cells: bool = False) -> str:
        """The board as text for terminals: 5 characters by 3 lines a tile, '#' city, '-' '|'
        road, 'M' monastery, '.' field, meeples as player digits; '?' where the current tile fits."""
        flags = _TEXT_COORDINATES * bool(coordinates) | _TEXT_LEGAL_CELLS * bool(legal_cells)
        return _text_out(lambda buf, size: self._call(_lib.carc_game_render_text, flags, buf, size))

    # --- events ---
    def events(self) -> List[Union[ScoreEvent, DiscardEvent]]:
        """The events since the last call, oldest first."""
        out = []
        f = self._fields
        while self._call(_lib.carc_game_poll_event, f, _EVENT_FIELDS) == 1:
            if f[0] == 1:
                out.append(DiscardEvent(TILES[f[5]]))
                continue
            out.append(ScoreEvent(feature=FEATURES[f[1]], points=f[2], winners=_players_of(f[3]), end_game=bool(f[4]),
                                  tile=TILES[f[5]], x=f[6], y=f[7], location=LOCATIONS[f[8]], tiles=f[9],
                                  meeples=tuple(f[10:10 + self.players])))
        return out

    # --- the board ---
    def tile(self, index: int) -> PlacedTile:
        """The index-th tile placed (0: the start tile)."""
        x, y, t, r = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self._call(_lib.carc_game_tile, index, ctypes.byref(x), ctypes.byref(y), ctypes.byref(t), ctypes.byref(r))
        return PlacedTile(TILES[t.value], x.value, y.value, 90 * r.value)

    def board(self) -> List[PlacedTile]:
        """Every tile on the board, in the order they were placed."""
        return [self.tile(i) for i in range(self._call(_lib.carc_game_tile_count))]

    def tile_at(self, x: int, y: int) -> Optional[PlacedTile]:
        t, r = ctypes.c_int(), ctypes.c_int()
        if not self._call(_lib.carc_game_tile_at, x, y, ctypes.byref(t), ctypes.byref(r)):
            return None
        return PlacedTile(TILES[t.value], x, y, 90 * r.value)

    def feature_at(self, x: int, y: int, location: str) -> str:
        """The kind of the feature at a location of the tile at (x, y)."""
        return FEATURES[self._call(_lib.carc_game_feature_kind, x, y, _location_index(location))]

    def meeples(self) -> List[Meeple]:
        out = []
        p, x, y, loc = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        for i in range(self._call(_lib.carc_game_meeple_count)):
            self._call(_lib.carc_game_meeple, i, ctypes.byref(p), ctypes.byref(x), ctypes.byref(y), ctypes.byref(loc))
            out.append(Meeple(p.value, x.value, y.value, LOCATIONS[loc.value],
                              FEATURES[self._call(_lib.carc_game_feature_kind, x.value, y.value, loc.value)]))
        return out

    def __repr__(self) -> str:
        state = "over" if self.over else f"P{self.current_player} to play {self.current_tile}"
        return f"<carcassonne.Game {self.players} players, {state}, scores {self.scores}>"


def tile_svg(tile: str, rotation: int = 0, pixels: int = 64) -> str:
    """One tile type in a rotation (degrees) as an SVG document, pixels wide: the tile in hand."""
    return _text_out(lambda buf, size: _check(_lib.carc_tile_render_svg(_tile_index(tile), _quarter_turns(rotation),
                                                                        pixels, buf, size)))


def tile_text(tile: str, rotation: int = 0) -> str:
    """One tile type in a rotation (degrees) as the 3 lines the text board draws it with."""
    return _text_out(lambda buf, size: _check(_lib.carc_tile_render_text(_tile_index(tile), _quarter_turns(rotation),
                                                                         buf, size)))
