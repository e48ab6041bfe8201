"""The exceptions of the binding: one CarcassonneError subclass per C status code."""

from typing import Dict, Optional, Type


class CarcassonneError(Exception):
    """A call into the engine failed; `status` is the C status code, str() the message.
    `line`: for a record that failed to load, the line at fault (1-based); else None.
    Each subclass's own `status` is its code."""

    status: int

    def __init__(self, status: int, message: str, line: Optional[int] = None):
        super().__init__(message)
        self.status = status
        self.line = line

    def __reduce__(self):
        # Exception pickles its args (the message alone), which __init__ cannot take back:
        # say how to rebuild it, so that errors cross process boundaries (Dask workers).
        return (type(self), (self.status, str(self), self.line))


class InvalidArgument(CarcassonneError, ValueError):
    """CARC_EINVAL: a value out of range or of the wrong type (checked by the binding before
    any C call), malformed move text, a bad draw order or record. A ValueError too."""


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


#: Each class by the name of its status in carcassonne.h.
CLASSES = {"CARC_EINVAL": InvalidArgument, "CARC_EILLEGAL": IllegalMove, "CARC_EPHASE": WrongPhase,
           "CARC_ERANGE": BufferTooSmall, "CARC_ENOMEM": OutOfMemory, "CARC_EINTERNAL": InternalError}
#: The classes by status code; an unknown code is an InternalError. Filled by take_statuses.
BY_STATUS: Dict[int, Type[CarcassonneError]] = {}


def take_statuses(constants: Dict[str, int]) -> None:
    """Gives each class its status code (InvalidArgument.status is CARC_EINVAL) from the
    library's constants; _lib calls it as it loads the library."""
    for name, cls in CLASSES.items():
        cls.status = constants[name]
        BY_STATUS[cls.status] = cls


def error(status: int, message: str, line: Optional[int] = None) -> CarcassonneError:
    """The exception for a negative C status."""
    return BY_STATUS.get(status, InternalError)(status, message, line)


def invalid(message: str) -> InvalidArgument:
    """An InvalidArgument found by the binding itself, before any C call."""
    return InvalidArgument(InvalidArgument.status, message)
