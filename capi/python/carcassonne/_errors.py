"""The exceptions of the binding: one CarcassonneError subclass per C status code."""

from typing import Optional


class CarcassonneError(Exception):
    """A call into the engine failed; `status` is the C status code, str() the message.
    `line`: for a record that failed to load, the line at fault (1-based); else None."""

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


# By status code (CARC_EINVAL .. CARC_EINTERNAL); an unknown code is an InternalError.
BY_STATUS = {-1: InvalidArgument, -2: IllegalMove, -3: WrongPhase, -4: BufferTooSmall, -5: OutOfMemory,
             -6: InternalError}


def error(status: int, message: str, line: Optional[int] = None) -> CarcassonneError:
    """The exception for a negative C status."""
    return BY_STATUS.get(status, InternalError)(status, message, line)


def invalid(message: str) -> InvalidArgument:
    """An InvalidArgument found by the binding itself, before any C call."""
    return InvalidArgument(-1, message)
