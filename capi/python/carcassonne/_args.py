"""Checks of every argument before it reaches C: ctypes would cut an int to 32 bits, turn a
string into a bool, or pass text only up to a NUL, and act on the wrong value. Each check
returns the value C gets or raises InvalidArgument, whose message names the C function the
value was meant for, as the library's own messages do."""

import operator
from typing import Optional, Tuple

from ._errors import invalid
from ._lib import (CARC_FIGURE_MEEPLE, CARC_FIGURE_RECALL, CARC_LOC_NONE, CARC_LOC_TW, CARC_REACH_PLACED_TILE,
                   CARC_REACH_OTHER_TILE, CARC_REACH_TOWER_TOP, CARC_TILE_TYPES, family, lib, names)

INT_MIN, INT_MAX = -2**31, 2**31 - 1
U64_MAX = 2**64 - 1

# The library's names by value: locations "C", "N", ..., "CF", then "TW" (CARC_LOC_C ..
# CARC_LOC_TW: the top of a tower, The Tower), feature kinds "road", ..., "garden"
# (CARC_FEATURE_ROAD ..).
LOCATIONS = names(lib.carc_location_name)[:CARC_LOC_TW + 1]
FEATURES = names(lib.carc_feature_name)
RECALL = lib.carc_figure_name(CARC_FIGURE_RECALL).decode()
# Every figure kind's name by CARC_FIGURE_* value (the header's kinds are 0..n-1), and where
# its actions may go (carc_figure_reach: CARC_REACH_PLACED_TILE, _OTHER_TILE, _TOWER_TOP).
_KINDS = family("CARC_FIGURE_")
assert list(_KINDS.values()) == list(range(len(_KINDS))), "CARC_FIGURE_* are not 0..n-1"
FIGURE_NAMES = tuple(lib.carc_figure_name(value).decode() for value in _KINDS.values())
_REACH = tuple(lib.carc_figure_reach(value) for value in _KINDS.values())
# The figures with a supply (carc_game_figure_supply), in CARC_FIGURE_* order: "meeple", "large
# meeple", "abbot", "builder", "pig", "mayor", "wagon", "barn": those that go onto the tile just
# placed, but the recall, an action.
FIGURES = tuple(name for value, name in enumerate(FIGURE_NAMES)
                if value != CARC_FIGURE_RECALL and _REACH[value] & CARC_REACH_PLACED_TILE)
# The actions only on another tile: "fairy", "princess" (Princess & Dragon), "tower piece" (The Tower).
ELSEWHERE_ONLY = tuple(name for value, name in enumerate(FIGURE_NAMES) if not _REACH[value] & CARC_REACH_PLACED_TILE)
# The figures that act at a tower's top (location "TW" of another tile): a tower piece, a
# meeple or the large meeple onto it (The Tower), the fairy beside the figure on it.
TOWER_FIGURES = tuple(name for value, name in enumerate(FIGURE_NAMES) if _REACH[value] & CARC_REACH_TOWER_TOP)
# The figures that act on a part of another tile: those the magic portal deploys there (a
# meeple, the large meeple, the abbot; with Abbey & Mayor the mayor and the wagon), the fairy
# and the princess.
OTHER_TILE_FIGURES = tuple(name for value, name in enumerate(FIGURE_NAMES) if _REACH[value] & CARC_REACH_OTHER_TILE)
# Tile ids by type, from the library ("A".."X" are 0..23, then "E_G", "RA", ...): tile type t is TILES[t].
TILES = tuple(lib.carc_tile_name(t).decode() for t in range(CARC_TILE_TYPES))
_TILE_TYPE = {name: t for t, name in enumerate(TILES)}


def integer(value, lo: int, hi: int, message: str) -> int:
    """value as a plain int if it is an integer (anything with __index__, but not a bool)
    in lo..hi; else InvalidArgument(message.format(repr(value)))."""
    if type(value) is int and lo <= value <= hi:  # the common case, first
        return value
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
        else:
            if lo <= number <= hi:
                return number
    raise invalid(message.format(repr(value)))


def c_int(value, where: str, what: str) -> int:
    """An int argument whose range C checks itself: only the C int range here."""
    return integer(value, INT_MIN, INT_MAX, f"{where}: {what} must be an integer {INT_MIN} to {INT_MAX}, not {{}}")


def seed(value, where: str) -> int:
    return integer(value, 0, U64_MAX, f"{where}: seed must be an integer 0 to {U64_MAX}, not {{}}")


def coordinate(value, where: str, what: str) -> int:
    """x or y of a move: -128..127, what the packed move holds."""
    return integer(value, -128, 127, f"{where}: {what} must be an integer -128 to 127, not {{}}")


def flag(value, where: str, what: str) -> bool:
    """An option: True or False only (a string or a number would be taken for its truth)."""
    if not isinstance(value, bool):
        raise invalid(f"{where}: {what} must be True or False, not {value!r}")
    return value


def ascii_text(value, where: str, what: str) -> bytes:
    """Text for C: a str of ASCII characters without NUL (C would stop reading at a NUL)."""
    if not isinstance(value, str):
        raise invalid(f"{where}: {what} must be a str, not {value!r}")
    if not value.isascii():
        raise invalid(f"{where}: {what} must be ASCII, not {value!r}")
    if "\0" in value:
        raise invalid(f"{where}: {what} holds a NUL character: {value!r}")
    return value.encode("ascii")


def tile(value, where: str) -> int:
    """A tile id ("A", "E_G", "RA": case-sensitive, as in move text and records) as its type."""
    t = _TILE_TYPE.get(value) if isinstance(value, str) else None
    if t is None:
        raise invalid(f"{where}: {value!r} is not a tile id (A..X, E_G, RA, ...)")
    return t


def location(value, where: str) -> int:
    """A location name ('C', 'N', ..., 'NNW') as its CARC_LOC_*."""
    if not isinstance(value, str) or value not in LOCATIONS:
        raise invalid(f"{where}: {value!r} is not a location ({' '.join(LOCATIONS)})")
    return LOCATIONS.index(value)


def meeple(value: Optional[str], where: str) -> int:
    """A meeple's location, or None or '-' for no meeple (CARC_LOC_NONE)."""
    if value is None or (isinstance(value, str) and value == "-"):
        return CARC_LOC_NONE
    if not isinstance(value, str) or value not in LOCATIONS:
        raise invalid(f"{where}: {value!r} is not a location ({' '.join(LOCATIONS)}) or None")
    return LOCATIONS.index(value)


def figure(value, where: str, recall: bool = True, elsewhere: bool = False) -> int:
    """A figure kind by name ("meeple", "abbot", ...; "recall" too if allowed; "fairy" and
    "princess" too if elsewhere) as its CARC_FIGURE_*."""
    if isinstance(value, str) and value in FIGURES:
        return FIGURE_NAMES.index(value)
    if recall and isinstance(value, str) and value == RECALL:
        return CARC_FIGURE_RECALL
    if elsewhere and isinstance(value, str) and value in ELSEWHERE_ONLY:
        return FIGURE_NAMES.index(value)
    names = ", ".join(FIGURES + ((RECALL,) if recall else ()) + (ELSEWHERE_ONLY if elsewhere else ()))
    raise invalid(f"{where}: {value!r} is not a figure ({names})")


def target(value, where: str) -> Optional[Tuple[int, int]]:
    """The other tile of a figure action (Princess & Dragon), (x, y) with each -128..127 as a
    move holds them, or None for the tile just placed."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise invalid(f"{where}: target must be None or the other tile's (x, y), not {value!r}")
    return coordinate(value[0], where, "target x"), coordinate(value[1], where, "target y")


def figure_action(kind, location, where: str, other: Optional[Tuple[int, int]] = None):
    """(CARC_FIGURE_*, CARC_LOC_*) of a figure kind and a location (None or '-': none), for an
    action on the tile just placed (other None) or on another tile (other: a checked target:
    the fairy, the princess, or the portal's meeple, large meeple or abbot)."""
    f = figure(kind, where, elsewhere=True)
    loc = meeple(location, where)
    if f == CARC_FIGURE_RECALL and loc != CARC_LOC_NONE:
        raise invalid(f"{where}: a recall takes no location, not {location!r}")
    if f != CARC_FIGURE_MEEPLE and f != CARC_FIGURE_RECALL and loc == CARC_LOC_NONE:
        raise invalid(f"{where}: the {FIGURE_NAMES[f]} needs a location")
    if other is None and (FIGURE_NAMES[f] in ELSEWHERE_ONLY or loc == CARC_LOC_TW):
        raise invalid(f"{where}: the {FIGURE_NAMES[f]} acts on another tile: give its target (x, y)")
    if loc == CARC_LOC_TW and FIGURE_NAMES[f] not in TOWER_FIGURES:
        raise invalid(f"{where}: only a tower piece, a meeple or the large meeple go onto a tower ('TW'), the fairy beside one")
    if _REACH[f] == CARC_REACH_TOWER_TOP and loc != CARC_LOC_TW:
        raise invalid(f"{where}: a {FIGURE_NAMES[f]} goes onto a tower, location 'TW', not {location!r}")
    if other is not None:
        if FIGURE_NAMES[f] not in OTHER_TILE_FIGURES + TOWER_FIGURES:
            raise invalid(f"{where}: the {FIGURE_NAMES[f]} never acts on another tile (target {other!r})")
        if loc == CARC_LOC_NONE:
            raise invalid(f"{where}: an action on another tile needs a location")
    return f, loc


def quarter_turns(degrees, where: str) -> int:
    """A rotation in degrees clockwise (0, 90, 180, 270) as quarter turns."""
    message = f"{where}: rotation must be 0, 90, 180 or 270 degrees, not {{}}"
    turns, rest = divmod(integer(degrees, 0, 270, message), 90)
    if rest:
        raise invalid(message.format(repr(degrees)))
    return turns
