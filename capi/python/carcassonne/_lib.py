"""Finding and loading the shared library carcassonne_c, the prototypes of its functions,
and the constants of carcassonne.h: every CARC_* integer constant of the header is a module
attribute of the same name and value, read from the library as it loads (carc_constant),
so the header is their one source (a test checks them against it).

The library is the first of these that loads and is the carcassonne_c of this ABI:
1. the file named by CARCASSONNE_LIBRARY, if it is set and not empty (and then only that:
   an empty value counts as unset);
2. next to this module (a wheel built by pip carries it there);
3. the library directory of the `cmake --install` this module came with;
4. a build tree of the source checkout this module lives in (build*/capi, build*/*/capi),
   the freshest first, skipping sanitizer and fuzzing builds, which cannot load here;
5. the system's library search path.
A file that loads but is not ours (a symbol missing, another ABI version) is skipped with
its reason; if nothing fits, importing the module raises ImportError listing every reason.
"""

import ctypes
import ctypes.util
import glob
import os
from typing import Dict, Iterable, List, Tuple

from . import _errors
from ._errors import error

# ---------------------------------------------------------------- the ABI this module needs

# The one thing known before the library loads: the version it must have. Every other CARC_*
# constant of carcassonne.h is read from the library once it is loaded (carc_constant, below).
CARC_VERSION_MAJOR = 0
CARC_VERSION_MINOR = 7

# ---------------------------------------------------------------- prototypes

_int, _u64, _ptr, _size = ctypes.c_int, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t
_str = ctypes.c_char_p
_intp, _i32p, _u64p = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_uint64)
_out = ctypes.POINTER(_ptr)

# (name, result, arguments) of every function the binding calls.
_PROTOTYPES = [
    ("carc_version_number", _int),
    ("carc_version_string", _str),
    ("carc_constant", _int, ctypes.c_int32, ctypes.POINTER(_str), ctypes.POINTER(ctypes.c_int64)),
    ("carc_game_errmsg", _str, _ptr),
    ("carc_move_pack", _u64, _int, _int, _int, _int, _int, _int),
    ("carc_move_unpack", _int, _u64, _intp, _intp, _intp, _intp, _intp, _intp),
    ("carc_move_format", _int, _u64, _str, _size),
    ("carc_move_parse", _int, _str, _u64p),
    ("carc_tile_name", _str, _int),
    ("carc_tile_from_name", _int, _str),
    ("carc_tile_set", _int, _int),
    ("carc_why_text", _str, _int),
    ("carc_location_name", _str, _int),
    ("carc_feature_name", _str, _int),
    ("carc_figure_name", _str, _int),
    ("carc_figure_reach", _int, _int),
    ("carc_game_new", _int, _out, _int, _u64),
    ("carc_game_new_with_order", _int, _out, _int, _str),
    ("carc_game_banked_scores", _int, _ptr, _i32p, _int),
    ("carc_game_discards", _int, _ptr, _i32p, _int, ctypes.POINTER(ctypes.c_int)),
    ("carc_game_meeple_locations_for", _int, _ptr, _u64, _i32p, _int, _intp),
    ("carc_game_figure_actions", _int, _ptr, _u64p, _int, _intp),
    ("carc_game_figure_actions_for", _int, _ptr, _u64, _u64p, _int, _intp),
    ("carc_game_act", _int, _ptr, _int, _int),
    ("carc_game_check", _int, _ptr, _u64),
    ("carc_game_figure_supply", _int, _ptr, _int, _int),
    ("carc_game_river_end", _int, _ptr, _intp, _intp, _intp),
    ("carc_game_new_caller_draws", _int, _out, _int, _str),
    ("carc_game_clone", _int, _out, _ptr),
    ("carc_game_copy", _int, _ptr, _ptr),
    ("carc_game_free", None, _ptr),
    ("carc_game_set_option", _int, _ptr, _int, _int),
    ("carc_game_option", _int, _ptr, _int),
] + [("carc_game_" + name, _int, _ptr) for name in (
    "players", "current_player", "phase", "current_tile", "tiles_remaining", "winners", "tile_count", "meeple_count",
    "skip", "turns_played", "undo", "take_bonus", "pass", "bonus_turn")] + [
    ("carc_game_goods", _int, _ptr, _int, _int, _intp),
    ("carc_game_tower_pieces", _int, _ptr, _int),
    ("carc_game_tower_at", _int, _ptr, _int, _int, _intp, _intp, _intp),
    ("carc_game_prisoners", _int, _ptr, _int, _int, _int),
    ("carc_game_holds_abbey", _int, _ptr, _int),
    ("carc_game_barn", _int, _ptr, _int, _intp, _intp, _intp),
    ("carc_game_supply", _int, _ptr, _int),
    ("carc_game_tiles_remaining_by_type", _int, _ptr, _i32p, _int),
    ("carc_game_placements", _int, _ptr, _u64p, _int, _intp),
    ("carc_game_placements_for", _int, _ptr, _int, _u64p, _int, _intp),
    ("carc_game_place", _int, _ptr, _u64),
    ("carc_game_meeple_locations", _int, _ptr, _i32p, _int, _intp),
    ("carc_game_deploy", _int, _ptr, _int),
    ("carc_game_play", _int, _ptr, _u64),
    ("carc_game_play_text", _int, _ptr, _str),
    ("carc_game_playout", _int, _ptr, _u64, _int),
    ("carc_game_rollouts", _int, _ptr, _u64, _int, _int, ctypes.POINTER(ctypes.c_int64), _i32p, _int),
    ("carc_game_draw", _int, _ptr, _int),
    ("carc_bot_choose", _int, _ptr, _int, _int, _int, _int, _u64, _u64p),
    ("carc_bot_decide", _int, _ptr, _int, _int, _int, _int, _u64, _u64p),
    ("carc_game_redeal", _int, _ptr, _u64),
    ("carc_game_caller_draws", _int, _ptr),
    ("carc_game_poll_event", _int, _ptr, _i32p, _int),
    ("carc_event_text", _int, _i32p, ctypes.c_int32, _str, _size),
    ("carc_game_decision", _int, _ptr, _i32p, _i32p),
    ("carc_game_choices", _int, _ptr, _u64p, ctypes.c_int32, _i32p),
    ("carc_game_check_choice", _int, _ptr, _u64),
    ("carc_game_decide", _int, _ptr, _u64),
    ("carc_choice_format", _int, _u64, _str, _size),
    ("carc_game_parse_choice", _int, _ptr, _str, _u64p),
    ("carc_game_tile", _int, _ptr, _int, _intp, _intp, _intp, _intp),
    ("carc_game_tile_at", _int, _ptr, _int, _int, _intp, _intp),
    ("carc_game_feature_kind", _int, _ptr, _int, _int, _int),
    ("carc_game_meeple", _int, _ptr, _int, _intp, _intp, _intp, _intp, _intp),
    ("carc_game_save", _int, _ptr, _str, _size),
    ("carc_game_save_public", _int, _ptr, _str, _size),
    ("carc_game_load", _int, _out, _str, _intp),
    ("carc_game_turn_move", _int, _ptr, _int, _u64p),
    ("carc_game_rewind", _int, _ptr, _int),
    ("carc_game_next_tile_probabilities", _int, _ptr, ctypes.POINTER(ctypes.c_double), _int),
    ("carc_game_frontier", _int, _ptr, _i32p, _int, _intp),
    ("carc_game_fitting_rotations", _int, _ptr, _int, _int, _int),
    ("carc_game_scores", _int, _ptr, _i32p, _int),
    ("carc_game_projected_scores", _int, _ptr, _i32p, _int),
    ("carc_game_inspect_feature", _int, _ptr, _int, _int, _int, _i32p, _int),
    ("carc_game_feature_tiles", _int, _ptr, _int, _int, _int, _i32p, _int, _intp),
    ("carc_game_render_svg", _int, _ptr, _int, _int, _str, _size),
    ("carc_game_render_text", _int, _ptr, _int, _str, _size),
    ("carc_tile_render_svg", _int, _int, _int, _int, _str, _size),
    ("carc_tile_render_text", _int, _int, _int, _str, _size),
    # Reinforcement learning (rl.py, env.py): buffers are passed as addresses (numpy arrays
    # or array.array), so their arguments are void pointers.
    ("carc_rl_action_space", _int, _ptr, _ptr, _int),
    ("carc_rl_figure_slot", _int, _ptr, _int, _intp, _intp),
    ("carc_rl_legal_actions", _int, _ptr, _ptr, _int, _intp),
    ("carc_rl_legal_mask", _int, _ptr, _ptr, _int),
    ("carc_rl_apply", _int, _ptr, ctypes.c_int32),
    ("carc_rl_bot_action", _int, _ptr, _int, _int, _int, _int, _u64, _i32p),
    ("carc_rl_action_to_move", _int, _ptr, ctypes.c_int32, _u64p),
    ("carc_rl_action_to_choice", _int, _ptr, ctypes.c_int32, _u64p),
    ("carc_rl_move_to_action", _int, _ptr, _u64, _i32p),
    ("carc_rl_observation_shape", _int, _ptr, _ptr, _int),
    ("carc_rl_observe", _int, _ptr, _int, _ptr, _int),
    ("carc_batch_new", _int, _out, _int, _int, _u64),
    ("carc_batch_free", None, _ptr),
    ("carc_batch_set_option", _int, _ptr, _int, _int),
    ("carc_batch_size", _int, _ptr),
    ("carc_batch_game", _int, _ptr, _int, _ptr),
    ("carc_batch_restart", _int, _ptr, _int, _u64),
    ("carc_batch_step", _int, _ptr, _ptr, _int, _ptr, _ptr, _ptr, _ptr, _ptr, _int, _ptr, _int, _ptr, _int),
]

# ---------------------------------------------------------------- finding the library


class _Unusable(Exception):
    """A candidate library that cannot serve: the message says why."""


def _in_dir(directory: str) -> Iterable[str]:
    for name in ("libcarcassonne_c.so", "libcarcassonne_c.dylib", "carcassonne_c.dll"):
        path = os.path.join(directory, name)
        if os.path.exists(path):
            yield path
    # Installs without the development symlink, and wheels, carry only the versioned file.
    yield from sorted(glob.glob(os.path.join(directory, "libcarcassonne_c.so.*")))


def _unloadable_build(build_root: str) -> bool:
    """Whether a build tree was made with sanitizers or for fuzzing (which implies them even
    when CARC_SANITIZE is empty): its library cannot load into an uninstrumented Python."""
    try:
        with open(os.path.join(build_root, "CMakeCache.txt")) as cache:
            for line in cache:
                name, _, value = line.strip().partition("=")
                if name.startswith("CARC_SANITIZE:") and value:
                    return True
                if name.startswith("CARC_FUZZ:") and value.upper() in ("ON", "1", "TRUE", "YES", "Y"):
                    return True
    except OSError:
        pass
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
             if not _unloadable_build(os.path.dirname(directory)) for path in _in_dir(directory)]
    yield from sorted(built, key=os.path.getmtime, reverse=True)  # the freshest build first
    system = ctypes.util.find_library("carcassonne_c")
    if system:
        yield system


def _open(path: str) -> ctypes.CDLL:
    """The library at path with every prototype declared; _Unusable if it is not the
    carcassonne_c of this ABI."""
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise _Unusable(f"{path}: {e}") from None
    missing = [p[0] for p in _PROTOTYPES if not hasattr(lib, p[0])]
    if missing:
        raise _Unusable(f"{path} is not the carcassonne_c library: it lacks {', '.join(missing[:3])}"
                        + (f" and {len(missing) - 3} more" if len(missing) > 3 else ""))
    for name, restype, *argtypes in _PROTOTYPES:
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    n = lib.carc_version_number()
    major, minor = n // 1000000, n // 1000 % 1000
    # Before 1.0 every minor release may change the ABI; after it, minors only add.
    if not ((major, minor) == (CARC_VERSION_MAJOR, CARC_VERSION_MINOR) if CARC_VERSION_MAJOR == 0 else
            (major == CARC_VERSION_MAJOR and minor >= CARC_VERSION_MINOR)):
        raise _Unusable(f"{path} is carcassonne {lib.carc_version_string().decode()}, but this module needs the "
                        f"{CARC_VERSION_MAJOR}.{CARC_VERSION_MINOR} ABI")
    return lib


def _load() -> Tuple[ctypes.CDLL, str]:
    explicit = os.environ.get("CARCASSONNE_LIBRARY", "")
    tried: List[str] = []
    for path in [explicit] if explicit else _candidates():
        try:
            return _open(path), path
        except _Unusable as e:
            tried.append(str(e))
    where = f"CARCASSONNE_LIBRARY={explicit}" if explicit else "next to the module, the install or a build tree"
    raise ImportError(f"cannot load the carcassonne_c library ({where}); tried: "
                      + ("; ".join(tried) if tried else "nothing found"))


lib, library_path = _load()


def _constants() -> Dict[str, int]:
    name, value = _str(), ctypes.c_int64()
    out: Dict[str, int] = {}
    while lib.carc_constant(len(out), ctypes.byref(name), ctypes.byref(value)) == 0:
        out[name.value.decode()] = value.value
    return out


#: {name: value} of every integer constant of carcassonne.h, from the library.
CONSTANTS = _constants()
# Module attributes by the header's names; the version this module needs stays its own.
for _name, _value in CONSTANTS.items():
    globals().setdefault(_name, _value)
del _name, _value
# A carc_move, so not in the table (UINT64_MAX fits no int64_t): carc_move_pack's answer to a
# value out of range, as the header defines it.
CARC_MOVE_INVALID = lib.carc_move_pack(-1, 0, 0, 0, 0, 0)
_errors.take_statuses(CONSTANTS)


def family(prefix: str) -> Dict[str, int]:
    """{name without the prefix: value} of the constants named prefix..., by value:
    family("CARC_PHASE_") is {"PLACE_TILE": 0, "PLACE_MEEPLE": 1, ...}."""
    return dict(sorted(((name[len(prefix):], value) for name, value in CONSTANTS.items() if name.startswith(prefix)),
                       key=lambda item: item[1]))


def names(name_of) -> Tuple[str, ...]:
    """name_of(0), name_of(1), ... up to the first NULL: the library's names by value."""
    out: List[str] = []
    while (name := name_of(len(out))) is not None:
        out.append(name.decode())
    return tuple(out)


def check(status: int, handle=None) -> int:
    """status if it is not negative; else raises its exception with the message of the
    failed call (on handle, or the calling thread's for None)."""
    if status < 0:
        raise error(status, lib.carc_game_errmsg(handle).decode("utf-8", "replace"))
    return status


def text_out(call) -> str:
    """Text from a function that writes like snprintf: call(buf, size) is sized by a first
    call with (None, 0) and made again with room for the text and its NUL."""
    n = call(None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    if call(buf, n + 1) != n:
        raise error(CARC_EINTERNAL, "the text changed between two calls")
    return buf.value.decode("utf-8")
