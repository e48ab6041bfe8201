"""Carcassonne for reinforcement learning, in OpenSpiel's conventions (docs/rl.md).

State wraps a Game: integer actions in a fixed range per configuration (legal_actions,
legal_actions_mask, apply_action, action_to_string), chance nodes for the tile draw
(is_chance_node, chance_outcomes, a tile type applied as the chance action), returns,
current_player and observation_tensor. Batch steps many games in one C call (carc_batch_step)
and writes into buffers it owns. Arrays are numpy arrays when numpy imports, else flat
array.array values: the module needs nothing beyond the standard library.

Action ids (carcassonne.h, "reinforcement learning"): placements are cell * 4 + rotation
(quarter turns) with cell = (y + reach) * side + (x + reach) over the window |x|, |y| <=
reach (72, or 125 with the River or either big expansion); figure actions follow, from
`placements` on: "no figure", then the meeple on each location C, N, ..., NNW, CF, with Inns
& Cathedrals the large meeple on each location, with the Abbot the abbot on C and the recall,
with Traders & Builders the builder and then the pig on each location; then the expansions'
decisions (Traders & Builders: take the builder's bonus tile, pass on it; Princess & Dragon:
the dragon's steps N, E, S, W); last, with Princess & Dragon, the figure actions on other
tiles, (cell * kinds + kind) * 14 + location. Chance outcomes are the tile types 0..112
(TILES: 'A'..'X' first).
"""

import array
import ctypes
import threading
from typing import List, Optional, Sequence, Tuple

from . import _args
from ._errors import error, invalid
from ._lib import (CARC_BATCH_AUTO_RESET, CARC_PHASE_DECIDE, CARC_PHASE_DRAW,
                   CARC_PHASE_GAME_OVER, CARC_BATCH_SORTED, CARC_LOC_NONE, CARC_MAX_PLAYERS, CARC_MIN_PLAYERS,
                   CARC_RL_ACTIONS, CARC_RL_CHANCE_OUTCOMES, CARC_RL_ELSEWHERE, CARC_RL_FIGURES, CARC_RL_MAX_LEGAL, CARC_RL_OBS_SIDE,
                   CARC_RL_OBS_SIZE, CARC_RL_PLACEMENTS, CARC_RL_PLANES, CARC_RL_REACH, CARC_RL_SCALARS,
                   CARC_RL_SHAPE_FIELDS, CARC_RL_SIDE, CARC_RL_SPACE_FIELDS, check, lib)
from .game import BOT_LEVELS as _LEVELS, OPTIONS as _OPTIONS, Game
from .types import Choice, DecisionKind, Move

try:
    import numpy as _np
except ImportError:  # the binding works without numpy: flat array.array values instead
    _np = None

#: True when the arrays are numpy arrays (numpy imported), False for array.array.
HAVE_NUMPY = _np is not None

#: current_player() at a chance node and once the game is over (OpenSpiel's ids).
CHANCE_PLAYER = -1
TERMINAL_PLAYER = -4

_TYPES = {"i": "int32", "B": "uint8", "f": "float32"}
for _code in _TYPES:
    assert array.array(_code).itemsize == (1 if _code == "B" else 4)


def zeros(typecode: str, n: int):
    """A zeroed flat buffer of n values: 'i' int32, 'B' uint8, 'f' float32 (numpy or array)."""
    if _np is not None:
        return _np.zeros(n, dtype=_TYPES[typecode])
    return array.array(typecode, bytes(n * array.array(typecode).itemsize))


def address(buffer) -> int:
    """The address of a buffer from zeros(), for the C calls."""
    return buffer.ctypes.data if _np is not None else buffer.buffer_info()[0]


def _fields(f, handle, n: int) -> List[int]:
    out = (ctypes.c_int32 * n)()
    check(f(handle, ctypes.addressof(out), n))
    return list(out)


def _slot(handle, k: int) -> Tuple[str, Optional[str]]:
    """Figure slot k of a game's configuration as (figure, location)."""
    figure, location = ctypes.c_int(), ctypes.c_int()
    check(lib.carc_rl_figure_slot(handle, k, ctypes.byref(figure), ctypes.byref(location)))
    name = _args.FIGURE_NAMES[figure.value]
    return name, None if location.value == CARC_LOC_NONE else _args.LOCATIONS[location.value]


class ActionSpace:
    """The action ids of one configuration: placements 0..placements-1 over the window of
    cells |x|, |y| <= reach (side = 2 * reach + 1 cells a row), figures from placements on:
    slots[k] is the (figure, location) of id placements + k, ("meeple", None) for none;
    then `decisions` ids of the expansions' decisions: with Traders & Builders first take(),
    then pass_() (`bonus` is 2), with Princess & Dragon the dragon's steps N, E, S, W; last
    `elsewhere` ids of figure actions on other tiles (Princess & Dragon, docs/rl.md)."""

    def __init__(self, fields: Sequence[int], slots: Sequence[Tuple[str, Optional[str]]], bonus: bool = False):
        self.reach, self.side = fields[CARC_RL_REACH], fields[CARC_RL_SIDE]
        self.placements, self.figures = fields[CARC_RL_PLACEMENTS], fields[CARC_RL_FIGURES]
        self.size, self.elsewhere = fields[CARC_RL_ACTIONS], fields[CARC_RL_ELSEWHERE]
        self.decisions = self.size - self.placements - self.figures - self.elsewhere
        self.bonus = 2 if bonus else 0
        self.slots = tuple(slots)

    def take(self) -> int:
        """The id of taking the builder's bonus tile (Traders & Builders)."""
        if not self.bonus:
            raise invalid("take: this configuration has no bonus tile (Traders & Builders is off)")
        return self.placements + self.figures

    def pass_(self) -> int:
        """The id of passing on the builder's bonus tile (Traders & Builders)."""
        return self.take() + 1

    def placement(self, x: int, y: int, rotation: int) -> int:
        """The id of a placement (rotation in degrees, as Placement has it)."""
        if not (-self.reach <= x <= self.reach and -self.reach <= y <= self.reach) or rotation not in (0, 90, 180, 270):
            raise invalid(f"({x}, {y}, {rotation}) is not a placement of the window |x|, |y| <= {self.reach}")
        return ((y + self.reach) * self.side + (x + self.reach)) * 4 + rotation // 90

    def figure(self, location: Optional[str], figure: str = "meeple") -> int:
        """The id of a figure on a location ('C', 'N', ...): figure "meeple" (None: no
        figure), "large meeple", "builder", "pig", "abbot" (on 'C'), or "recall" with None."""
        if (figure, location) not in self.slots:
            raise invalid(f"{figure} {location!r} is not a figure action of this configuration")
        return self.placements + self.slots.index((figure, location))

    def __repr__(self) -> str:
        return (f"ActionSpace(reach={self.reach}, placements={self.placements}, figures={self.figures}, "
                f"decisions={self.decisions}, elsewhere={self.elsewhere}, size={self.size})")


class State:
    """One game as an OpenSpiel-style state.

    State(players, seed=None, **options) makes a game whose draws are chance nodes: before
    every tile the state is a chance node until apply_action(tile type) says which
    face-down tile was drawn (chance_outcomes gives their odds). With a seed the game draws
    from its own shuffled pile and shows no chance nodes. State.from_game(game) wraps a
    Game (shared, not copied). Options are Game's keywords (farmers=False, ...).
    """

    def __init__(self, players: int = 2, seed: Optional[int] = None, **options):
        game = Game(players, caller_draws=True, **options) if seed is None else Game(players, seed, **options)
        self._bind(game)

    @classmethod
    def from_game(cls, game: Game) -> "State":
        """A state over an existing game: moves through either are moves of both."""
        if not isinstance(game, Game):
            raise invalid(f"State.from_game: {game!r} is not a Game")
        state = cls.__new__(cls)
        state._bind(game)
        return state

    def _bind(self, game: Game) -> None:
        self.game = game
        with game._lock:
            fields = _fields(lib.carc_rl_action_space, game._handle, CARC_RL_SPACE_FIELDS)
            self._space = ActionSpace(fields, [_slot(game._handle, k) for k in range(fields[CARC_RL_FIGURES])],
                                      game.option("traders_and_builders"))
            self._shape = _fields(lib.carc_rl_observation_shape, game._handle, CARC_RL_SHAPE_FIELDS)
        self._legal = (ctypes.c_int32 * CARC_RL_MAX_LEGAL)()
        self._count = ctypes.c_int()
        self._move = ctypes.c_uint64()
        self._last_scores = game.scores
        self._rewards = [0] * game.players

    # --- the game's shape ---
    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def num_distinct_actions(self) -> int:
        """The number of action ids of this configuration."""
        return self._space.size

    def max_chance_outcomes(self) -> int:
        return CARC_RL_CHANCE_OUTCOMES

    def num_players(self) -> int:
        return self.game.players

    def observation_shape(self) -> Tuple[Tuple[int, int, int], int]:
        """((planes, side, side), scalars): the tensor is the planes, then the scalars, flat."""
        planes, side, scalars = self._shape[CARC_RL_PLANES], self._shape[CARC_RL_OBS_SIDE], self._shape[CARC_RL_SCALARS]
        return (planes, side, side), scalars

    def observation_size(self) -> int:
        return self._shape[CARC_RL_OBS_SIZE]

    # --- whose turn ---
    def is_chance_node(self) -> bool:
        return self._phase() == CARC_PHASE_DRAW

    def _phase(self) -> int:
        """The phase as the C ABI numbers it (CARC_PHASE_*)."""
        with self.game._lock:
            return self.game._call(lib.carc_game_phase)

    def in_bonus_phase(self) -> bool:
        """Whether the decision is the builder's bonus tile: take or pass (Traders & Builders)."""
        return self._phase() == CARC_PHASE_DECIDE and self.game.decision()[0] == DecisionKind.BONUS

    def is_terminal(self) -> bool:
        return self._phase() == CARC_PHASE_GAME_OVER

    def current_player(self) -> int:
        """The player to decide (the engine's decider: an expansion's decision may be another
        player's than the turn's), CHANCE_PLAYER at a draw, TERMINAL_PLAYER once over."""
        phase = self._phase()
        return (TERMINAL_PLAYER if phase == CARC_PHASE_GAME_OVER else CHANCE_PLAYER if phase == CARC_PHASE_DRAW
                else self.game.decision()[1])

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """(tile type, probability) of each tile that may be drawn; [] unless a chance node."""
        if not self.is_chance_node():
            return []
        odds = self.game.next_tile_probabilities()
        return [(t, odds[letter]) for t, letter in enumerate(_args.TILES) if odds.get(letter, 0) > 0]

    # --- actions ---
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal action ids, ascending (at a chance node the tile types that may be
        drawn); [] for a player other than the one to decide, and once over."""
        if player is not None and player != self.current_player():
            return []
        with self.game._lock:
            self.game._call(lib.carc_rl_legal_actions, ctypes.addressof(self._legal), CARC_RL_MAX_LEGAL,
                            ctypes.byref(self._count))
            return self._legal[:self._count.value]

    def legal_actions_mask(self):
        """1 for each legal action id, 0 for the others (uint8, num_distinct_actions values;
        at a chance node one per tile type)."""
        n = CARC_RL_CHANCE_OUTCOMES if self.is_chance_node() else self._space.size
        mask = zeros("B", n)
        with self.game._lock:
            self.game._call(lib.carc_rl_legal_mask, address(mask), n)
        return mask

    def apply_action(self, action: int) -> None:
        """Plays an action id of the current decision, or draws tile type `action` at a
        chance node. An illegal action raises and changes nothing."""
        action = _args.c_int(action, "carc_rl_apply", "action")
        with self.game._lock:
            before = self.game.scores
            self.game._call(lib.carc_rl_apply, action)
            after = self.game.scores
        self._rewards = [a - b for a, b in zip(after, before)]

    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        """An action as move text ("E 0,-1 180" for a placement, "E 0,-1 180 S" or "E 0,-1
        180 -" for a figure or none; "draw E" at a chance node; "take bonus" or "pass bonus"
        in the bonus phase). Takes (action) or, as OpenSpiel does, (player, action)."""
        if action is None:
            action = player_or_action
        action = _args.c_int(action, "carc_rl_action_to_move", "action")
        if self.is_chance_node():
            if not 0 <= action < CARC_RL_CHANCE_OUTCOMES:
                raise invalid(f"carc_rl_action_to_move: {action} is not a tile type 0..{CARC_RL_CHANCE_OUTCOMES - 1}")
            return f"draw {_args.TILES[action]}"
        if self._space.bonus and action in (self._space.take(), self._space.pass_()) and self.in_bonus_phase():
            return "take bonus" if action == self._space.take() else "pass bonus"
        if self._phase() == CARC_PHASE_DECIDE:  # another expansion's decision: its option's text ("dragon N")
            with self.game._lock:
                self.game._call(lib.carc_rl_action_to_choice, action, ctypes.byref(self._move))
            return str(Choice(self._move.value))
        with self.game._lock:
            self.game._call(lib.carc_rl_action_to_move, action, ctypes.byref(self._move))
        move = Move.unpack(self._move.value)
        text = str(move)
        return text + " -" if action == self._space.placements else text

    def move_to_action(self, move) -> int:
        """The action id of a Move or move text: its placement in the tile phase, its figure
        action in the meeple phase."""
        move = Move.parse(move) if isinstance(move, str) else move
        out = ctypes.c_int32()
        with self.game._lock:
            self.game._call(lib.carc_rl_move_to_action, move.packed(), ctypes.byref(out))
        return out.value

    def bot_action(self, level: str = "greedy", iterations: int = 1000, milliseconds: int = 0, threads: int = 1,
                   seed: int = 0) -> int:
        """The action id a bot ("random", "greedy" or "mcts") takes in the current decision:
        the placement of its chosen move, its figure action, or take or pass in the bonus
        phase (carc_rl_bot_action). Raises at a chance node and once over."""
        if level not in _LEVELS:
            raise invalid(f"carc_rl_bot_action: level {level!r} is not one of {', '.join(_LEVELS)}")
        where = "carc_rl_bot_action"
        iterations = _args.c_int(iterations, where, "iterations")
        milliseconds = _args.c_int(milliseconds, where, "milliseconds")
        threads = _args.c_int(threads, where, "threads")
        seed = _args.seed(seed, where)
        out = ctypes.c_int32()
        with self.game._lock:
            self.game._call(lib.carc_rl_bot_action, _LEVELS[level], iterations, milliseconds, threads, seed,
                            ctypes.byref(out))
        return out.value

    # --- outcomes ---
    def rewards(self) -> List[int]:
        """The points each player gained by the last apply_action (end-game scoring included)."""
        return list(self._rewards)

    def returns(self) -> List[int]:
        """Each player's points so far (the final scores once terminal): the sum of the rewards."""
        return self.game.scores

    def observation_tensor(self, player: Optional[int] = None):
        """What `player` (default: the one to decide, else 0) sees, as observation_size()
        float32 values: planes then scalars (docs/rl.md). Seats are relative: seat 0 is
        `player`. Never shows the order of the face-down tiles."""
        if player is None:
            player = self.game.current_player if self.current_player() >= 0 else 0
        player = _args.integer(player, 0, self.game.players - 1,
                               f"carc_rl_observe: player must be 0 to {self.game.players - 1}, not {{}}")
        out = zeros("f", self.observation_size())
        with self.game._lock:
            self.game._call(lib.carc_rl_observe, player, address(out), self.observation_size())
        return out

    def clone(self) -> "State":
        """An independent copy (rewards of the last action included)."""
        state = State.from_game(self.game.clone())
        state._rewards = list(self._rewards)
        return state

    def __str__(self) -> str:
        return self.game.text_board()

    def __repr__(self) -> str:
        return f"State({self.game!r})"


class Batch:
    """Many seeded games of one configuration, stepped by one C call (carc_batch_step).

    Batch(games, players=2, seed=0, auto_reset=True, sorted_legal=False, masks=False,
    observations=False, **options): game i starts from seed + i; with auto_reset a game
    that ends starts again at once from the next seed of the batch. After each step (and
    after creation) these buffers hold, per game, overwritten by the next step:
      rewards   (games, players) int32: points gained in the step
      done      (games,) uint8: 1 if the game ended in the step (or is over)
      to_play   (games,) int32: the player to decide next (-1 once over)
      legal     (games, 1256) int32 and legal_counts (games,): the legal actions, in the
                engine's order (ascending with sorted_legal=True, which costs more)
      masks     (games, actions) uint8, only with masks=True
      observations (games, observation size) float32 of the player to decide, only with
                observations=True
    With numpy these are 2-D numpy arrays (rows as above); without, flat array.array.

    Threads: a Batch may be shared between threads. Every method holds the batch's own lock
    while it calls the library, so a step, a restart and a copy run one at a time, never on
    games changing under them. The buffers are the batch's: each step overwrites them, so
    read them on the thread that steps (or copy them, as VectorEnv does). An action picked
    before another thread restarted its game is checked against the new game.
    """

    def __init__(self, games: int, players: int = 2, seed: int = 0, *, auto_reset: bool = True,
                 sorted_legal: bool = False, masks: bool = False, observations: bool = False, **options):
        where = "carc_batch_new"
        games = _args.integer(games, 1, 65536, f"{where}: games must be 1 to 65536, not {{}}")
        players = _args.integer(players, CARC_MIN_PLAYERS, CARC_MAX_PLAYERS,
                                f"{where}: player count must be {CARC_MIN_PLAYERS} to {CARC_MAX_PLAYERS}, not {{}}")
        seed = _args.seed(seed, where)
        for name, value in options.items():
            if name not in _OPTIONS:
                raise invalid(f"carc_batch_set_option: {name!r} is not an option ({', '.join(_OPTIONS)})")
            _args.flag(value, "carc_batch_set_option", name)
        handle = ctypes.c_void_p()
        check(lib.carc_batch_new(ctypes.byref(handle), games, players, seed))
        self._handle = handle.value
        # Held around every call into the library: ctypes lets go of the GIL during each
        # one, and the library refuses a second call on a batch while one runs.
        self._lock = threading.RLock()
        for name, value in options.items():
            self._call(lib.carc_batch_set_option, _OPTIONS[name], int(value))
        self.games, self.players = games, players
        self._flags = (CARC_BATCH_AUTO_RESET if _args.flag(auto_reset, "carc_batch_step", "auto_reset") else 0) | (
            CARC_BATCH_SORTED if _args.flag(sorted_legal, "carc_batch_step", "sorted_legal") else 0)
        probe = self.game(0)
        state = State.from_game(probe)
        self.action_space, self.observation_size = state.action_space, state.observation_size()
        self.rewards = zeros("i", games * players)
        self.done = zeros("B", games)
        self.to_play = zeros("i", games)
        self.legal = zeros("i", games * CARC_RL_MAX_LEGAL)
        self.legal_counts = zeros("i", games)
        self.masks = zeros("B", games * self.action_space.size) if masks else None
        self.observations = zeros("f", games * self.observation_size) if observations else None
        self._actions = zeros("i", games)
        a = address
        self._out = (a(self.rewards), a(self.done), a(self.to_play), a(self.legal), a(self.legal_counts),
                     CARC_RL_MAX_LEGAL, a(self.masks) if masks else None, self.action_space.size,
                     a(self.observations) if observations else None, self.observation_size)
        if _np is not None:  # rows per game, views of the same memory
            self.rewards = self.rewards.reshape(games, players)
            self.legal = self.legal.reshape(games, CARC_RL_MAX_LEGAL)
            if masks:
                self.masks = self.masks.reshape(games, self.action_space.size)
            if observations:
                self.observations = self.observations.reshape(games, self.observation_size)
        self._step(None)

    def __del__(self, _free=lib.carc_batch_free):
        if getattr(self, "_handle", None):
            _free(self._handle)
            self._handle = None

    def _call(self, f, *args) -> int:
        with self._lock:
            status = f(self._handle, *args)
            if status < 0:
                raise error(status, lib.carc_game_errmsg(None).decode("utf-8", "replace"))
            return status

    def _step(self, actions_address) -> None:
        self._call(lib.carc_batch_step, actions_address, self._flags, *self._out)

    def step(self, actions) -> None:
        """Applies actions[i] to game i (ignored for a game that is over) and refreshes the
        buffers. actions: one integer per game (a sequence, or a 1-D numpy array of
        integers), each taken as State.apply_action takes one. Every action is checked
        first: one illegal action raises (naming its game) and no game changes."""
        with self._lock:
            self._step(self._actions_address(actions))

    def _actions_address(self, actions) -> int:
        """The address of `actions` as `games` int32 values for C, after the checks
        State.apply_action makes of one action (an integer, not a bool, in the C int
        range: C would cut a + 2**32 to a, and numpy would cut 41469.7 to 41469 and parse
        '41469'). A C-contiguous int32 array is read in place, anything else copied."""
        where = "carc_batch_step"
        if _np is not None and isinstance(actions, _np.ndarray):
            if actions.shape != (self.games,):
                raise invalid(f"{where}: actions must be one per game, shape ({self.games},), not {actions.shape}")
            if actions.dtype.kind in "iu":
                if actions.dtype == _np.int32 and actions.flags.c_contiguous and actions.flags.aligned:
                    return actions.ctypes.data
                outside = (actions < _args.INT_MIN) | (actions > _args.INT_MAX)
                if outside.any():
                    at = int(_np.flatnonzero(outside)[0])
                    _args.c_int(int(actions[at]), where, f"the action of game {at}")  # raises: out of range
                self._actions[:] = actions
                return address(self._actions)
            actions = actions.tolist()  # floats, bools, strings, objects: checked one by one below
        try:
            count = len(actions)
        except TypeError:
            raise invalid(f"{where}: actions must be a sequence of {self.games} integers, not {actions!r}") from None
        if count != self.games:
            raise invalid(f"{where}: {count} actions for {self.games} games")
        try:  # C's own check, at C speed: integers (bools too) in the C int range
            values = array.array("i", actions)
        except (TypeError, OverflowError):
            values = None
        if values is None or bool in set(map(type, actions)):
            for i, a in enumerate(actions):
                _args.c_int(a, where, f"the action of game {i}")  # raises on the first bad one
        self._actions[:] = values if _np is None else _np.frombuffer(values, _np.int32)
        return address(self._actions)

    def legal_actions(self, index: int) -> List[int]:
        """The legal actions of game `index` as a list (in the buffer's order)."""
        index = _args.integer(index, 0, self.games - 1, f"Batch.legal_actions: index must be 0 to {self.games - 1}, "
                                                        f"not {{}}")
        with self._lock:
            n = int(self.legal_counts[index])
            if _np is not None:
                return self.legal[index, :n].tolist()
            return self.legal[index * CARC_RL_MAX_LEGAL:index * CARC_RL_MAX_LEGAL + n].tolist()

    def game(self, index: int) -> Game:
        """A copy of game `index` as a Game (to query, save or show it)."""
        index = _args.integer(index, 0, 65535, f"carc_batch_game: index must be 0 to 65535, not {{}}")
        game = Game(1)
        with game._lock:
            self._call(lib.carc_batch_game, index, game._handle)
        return game

    def restart(self, index: int, seed: int) -> None:
        """Starts game `index` anew from `seed` (the buffers refresh at the next step)."""
        index = _args.integer(index, 0, 65535, f"carc_batch_restart: index must be 0 to 65535, not {{}}")
        self._call(lib.carc_batch_restart, index, _args.seed(seed, "carc_batch_restart"))

    def refresh(self) -> None:
        """Writes the buffers again without stepping (after restart)."""
        self._step(None)
