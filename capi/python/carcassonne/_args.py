"""Checks of every argument before it reaches C: ctypes would cut an int to 32 bits, turn a
string into a bool, or pass text only up to a NUL, and act on the wrong value. Each check
returns the value C gets or raises InvalidArgument, whose message names the C function the
value was meant for, as the library's own messages do."""

import operator
from typing import Optional

from ._errors import invalid
from ._lib import CARC_LOC_NONE

INT_MIN, INT_MAX = -2**31, 2**31 - 1
U64_MAX = 2**64 - 1

LOCATIONS = ("C", "N", "E", "S", "W", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW")  # CARC_LOC_C ..
FEATURES = ("road", "city", "monastery", "field")  # CARC_FEATURE_ROAD ..
TILES = "ABCDEFGHIJKLMNOPQRSTUVWX"  # tile type t is TILES[t]


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
    """A tile letter 'A'..'X' (upper case, as in move text and records) as its type."""
    if not isinstance(value, str) or len(value) != 1 or value not in TILES:
        raise invalid(f"{where}: {value!r} is not a tile letter A..X")
    return TILES.index(value)


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


def quarter_turns(degrees, where: str) -> int:
    """A rotation in degrees clockwise (0, 90, 180, 270) as quarter turns."""
    message = f"{where}: rotation must be 0, 90, 180 or 270 degrees, not {{}}"
    turns, rest = divmod(integer(degrees, 0, 270, message), 90)
    if rest:
        raise invalid(message.format(repr(degrees)))
    return turns
