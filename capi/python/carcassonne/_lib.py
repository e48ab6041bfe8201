"""Finding and loading the shared library carcassonne_c, the prototypes of its functions,
and the constants of carcassonne.h that the binding uses (same names, same values; a test
checks every CARC_* name here against the header).

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
from typing import Iterable, List, Tuple

from ._errors import error

# ---------------------------------------------------------------- constants of carcassonne.h

CARC_VERSION_MAJOR = 0
CARC_VERSION_MINOR = 2

CARC_OK, CARC_EINVAL, CARC_EILLEGAL, CARC_EPHASE, CARC_ERANGE, CARC_ENOMEM, CARC_EINTERNAL = 0, -1, -2, -3, -4, -5, -6
CARC_PHASE_PLACE_TILE, CARC_PHASE_PLACE_MEEPLE, CARC_PHASE_GAME_OVER, CARC_PHASE_DRAW, CARC_PHASE_BONUS = 0, 1, 2, 3, 4
CARC_PLAYOUT_AS_DEALT = 1
CARC_BOT_RANDOM, CARC_BOT_GREEDY, CARC_BOT_MCTS = 0, 1, 2
CARC_MAX_BOT_THREADS = 64
CARC_FEATURE_ROAD, CARC_FEATURE_CITY, CARC_FEATURE_MONASTERY, CARC_FEATURE_FIELD, CARC_FEATURE_GARDEN = 0, 1, 2, 3, 4
CARC_LOC_C, CARC_LOC_N, CARC_LOC_E, CARC_LOC_S, CARC_LOC_W = 0, 1, 2, 3, 4
CARC_LOC_NNE, CARC_LOC_ENE, CARC_LOC_ESE, CARC_LOC_SSE = 5, 6, 7, 8
CARC_LOC_SSW, CARC_LOC_WSW, CARC_LOC_WNW, CARC_LOC_NNW = 9, 10, 11, 12
CARC_LOC_CF = 13
CARC_LOC_NONE = 15
CARC_FIGURE_MEEPLE, CARC_FIGURE_LARGE, CARC_FIGURE_ABBOT, CARC_FIGURE_BUILDER, CARC_FIGURE_PIG = 0, 1, 2, 3, 4
CARC_FIGURE_RECALL = 7
CARC_OPT_FARMERS, CARC_OPT_FIRST_EDITION_SMALL_CITY, CARC_OPT_FIRST_EDITION_FARMERS = 1, 2, 3
CARC_OPT_RIVER, CARC_OPT_ABBOT, CARC_OPT_INNS_AND_CATHEDRALS, CARC_OPT_TRADERS_AND_BUILDERS = 4, 5, 6, 7
CARC_GOODS_WINE, CARC_GOODS_GRAIN, CARC_GOODS_CLOTH = 1, 2, 3
CARC_SET_BASE, CARC_SET_ABBOT, CARC_SET_RIVER, CARC_SET_INNS_AND_CATHEDRALS, CARC_SET_TRADERS_AND_BUILDERS = 0, 1, 2, 3, 4

# Why a move or a draw is not allowed (carc_game_check).
CARC_LEGAL = 0
CARC_WHY_WRONG_PHASE = 1
CARC_WHY_BAD_ROTATION = 2
CARC_WHY_OCCUPIED = 3
CARC_WHY_NO_NEIGHBOUR = 4
CARC_WHY_MISMATCH = 5
CARC_WHY_NO_SUCH_FEATURE = 6
CARC_WHY_FEATURE_OCCUPIED = 7
CARC_WHY_NO_SUPPLY = 8
CARC_WHY_FARMERS_OFF = 9
CARC_WHY_NO_SUCH_TILE = 10
CARC_WHY_NOT_FACE_DOWN = 11
CARC_WHY_RIVER_CONTINUE = 12
CARC_WHY_RIVER_U_TURN = 13
CARC_WHY_RIVER_FIRST = 14
CARC_WHY_LAKE_LAST = 15
CARC_WHY_NOT_IN_GAME = 16
CARC_WHY_GARDEN_ABBOT_ONLY = 17
CARC_WHY_ABBOT_CENTRE_ONLY = 18
CARC_WHY_ABBOT_NOT_PLACED = 19
CARC_WHY_ABBOT_COMPLETE = 20
CARC_WHY_RECALL_LOCATION = 21
CARC_WHY_BUILDER_ROAD_OR_CITY = 22
CARC_WHY_BUILDER_NEEDS_MEEPLE = 23
CARC_WHY_BUILDER_COMPLETE = 24
CARC_WHY_PIG_FIELD_ONLY = 25
CARC_WHY_PIG_NEEDS_FARMER = 26

CARC_TILE_TYPES = 84
CARC_NO_TILE = -1
CARC_MIN_PLAYERS, CARC_MAX_PLAYERS = 1, 6
CARC_MEEPLES_PER_PLAYER = 7
CARC_MAX_PLACEMENTS = 1016
CARC_MAX_MEEPLE_LOCATIONS = 8
CARC_MAX_FIGURE_ACTIONS = 34
CARC_MAX_MEEPLES = 66
CARC_MOVE_TEXT_SIZE = 32
CARC_MAX_TILES = 125
CARC_MAX_FRONTIER = 255
CARC_MOVE_INVALID = 2**64 - 1

# Events: carc_game_poll_event's fields.
CARC_EVENT_SCORE, CARC_EVENT_DISCARD, CARC_EVENT_RECALL = 0, 1, 2
CARC_EVENT_GOODS, CARC_EVENT_GOODS_BONUS, CARC_EVENT_PIG, CARC_EVENT_BONUS = 3, 4, 5, 6
CARC_EV_TYPE = 0
CARC_EV_FEATURE = 1
CARC_EV_POINTS = 2
CARC_EV_WINNERS = 3
CARC_EV_END_GAME = 4
CARC_EV_TILE = 5
CARC_EV_X = 6
CARC_EV_Y = 7
CARC_EV_LOCATION = 8
CARC_EV_TILES = 9
CARC_EV_MEEPLES = 10
CARC_EV_DISCARDED = 16
CARC_EV_GOODS = 17
CARC_EVENT_FIELDS = 20

# Open cells: carc_game_frontier's fields per cell.
CARC_CELL_X, CARC_CELL_Y, CARC_CELL_DEAD, CARC_CELL_RIVER, CARC_CELL_FIELDS = 0, 1, 2, 3, 4

# Features: carc_game_inspect_feature's fields.
CARC_FI_KIND = 0
CARC_FI_COMPLETED = 1
CARC_FI_TILES = 2
CARC_FI_SHIELDS = 3
CARC_FI_OPEN_EDGES = 4
CARC_FI_CITIES = 5
CARC_FI_MAJORITY = 6
CARC_FI_VALUE_COMPLETE = 7
CARC_FI_VALUE_END = 8
CARC_FI_MEEPLES = 9
CARC_FEATURE_INFO_FIELDS = 15

CARC_SVG_COORDINATES, CARC_SVG_LEGAL_CELLS, CARC_SVG_DEAD_CELLS, CARC_SVG_LEGEND = 1, 2, 4, 8
CARC_TEXT_COORDINATES, CARC_TEXT_LEGAL_CELLS = 1, 2
CARC_MIN_TILE_PIXELS, CARC_MAX_TILE_PIXELS = 1, 4096

# Reinforcement learning: carc_rl_action_space's and carc_rl_observation_shape's fields,
# capacities, carc_batch_step's flags.
CARC_RL_REACH, CARC_RL_SIDE, CARC_RL_PLACEMENTS, CARC_RL_FIGURES, CARC_RL_ACTIONS = 0, 1, 2, 3, 4
CARC_RL_SPACE_FIELDS = 5
CARC_RL_PLANES, CARC_RL_OBS_SIDE, CARC_RL_SCALARS, CARC_RL_OBS_SIZE = 0, 1, 2, 3
CARC_RL_SHAPE_FIELDS = 4
CARC_RL_MAX_LEGAL = 1016
CARC_RL_CHANCE_OUTCOMES = 84
CARC_RL_MAX_OBSERVATION = 25860
CARC_BATCH_AUTO_RESET, CARC_BATCH_SORTED = 1, 2

# ---------------------------------------------------------------- prototypes

_int, _u64, _ptr, _size = ctypes.c_int, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t
_str = ctypes.c_char_p
_intp, _i32p, _u64p = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_uint64)
_out = ctypes.POINTER(_ptr)

# (name, result, arguments) of every function the binding calls.
_PROTOTYPES = [
    ("carc_version_number", _int),
    ("carc_version_string", _str),
    ("carc_game_errmsg", _str, _ptr),
    ("carc_move_pack", _u64, _int, _int, _int, _int, _int, _int),
    ("carc_move_unpack", _int, _u64, _intp, _intp, _intp, _intp, _intp, _intp),
    ("carc_move_format", _int, _u64, _str, _size),
    ("carc_move_parse", _int, _str, _u64p),
    ("carc_tile_name", _str, _int),
    ("carc_tile_from_name", _int, _str),
    ("carc_tile_set", _int, _int),
    ("carc_why_text", _str, _int),
    ("carc_figure_name", _str, _int),
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
    ("carc_game_redeal", _int, _ptr, _u64),
    ("carc_game_caller_draws", _int, _ptr),
    ("carc_game_poll_event", _int, _ptr, _i32p, _int),
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
