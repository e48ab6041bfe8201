"""Gymnasium-style environments over the engine, without a dependency on gymnasium
(docs/rl.md shows the few lines that wrap them for Gymnasium and PettingZoo).

Env: one game. reset(seed=) -> (observation, info); step(action) -> (observation, reward,
terminated, truncated, info), info["action_mask"] the legal actions of the next decision.
The agent takes every decision of its seat; the other seats are the library's bots
(opponent="random", "greedy" or "mcts"), or, with opponent=None, the agent too (self-play:
each step is a decision of info["player"]).

VectorEnv: many games through one C call per step (Batch, carc_batch_step), reset
automatically when they end, every seat played by the agent.

Actions are the integer ids of carcassonne.rl (placements, then figures); observations
are the flat float32 tensors of State.observation_tensor (numpy arrays when numpy
imports, array.array otherwise).
"""

from typing import Any, Dict, Optional, Tuple

from . import _args
from ._errors import invalid
from .game import Game
from .types import Phase
from .rl import CARC_RL_MAX_LEGAL, HAVE_NUMPY, Batch, State, _np, zeros

_LEVELS = ("random", "greedy", "mcts")


class Env:
    """One game of Carcassonne as a Gymnasium-style environment.

    Env(players=2, opponent="greedy", seat=0, seed=None, bot_iterations=200, **options):
    the agent plays seat `seat`; the others are `opponent` bots (None: the agent plays every
    seat). reward: the points the agent's seat gained since its previous decision (its
    own scoring and end-game scoring; with opponent=None the points of the player who just
    decided), so an episode's rewards sum to that seat's final score. terminated: the game
    is over; truncated: never. info: action_mask (uint8 per action id), legal_actions,
    player (to decide next), scores.
    """

    def __init__(self, players: int = 2, opponent: Optional[str] = "greedy", seat: int = 0,
                 seed: Optional[int] = None, bot_iterations: int = 200, **options):
        if opponent is not None and opponent not in _LEVELS:
            raise invalid(f"Env: opponent must be one of {', '.join(_LEVELS)} or None, not {opponent!r}")
        self.players = _args.integer(players, 1, 6, "Env: players must be 1 to 6, not {}")
        self.seat = _args.integer(seat, 0, self.players - 1, f"Env: seat must be 0 to {self.players - 1}, not {{}}")
        # The bots' budget is checked here, not at the first bot move in the middle of a step.
        bot_iterations = _args.integer(bot_iterations, 0, _args.INT_MAX,
                                       f"Env: bot_iterations must be 0 to {_args.INT_MAX}, not {{}}")
        if opponent == "mcts" and bot_iterations == 0:
            raise invalid("Env: an mcts opponent needs bot_iterations above 0 (its budget a move)")
        self.opponent, self.bot_iterations, self.options = opponent, bot_iterations, options
        self._next_seed = 0 if seed is None else _args.seed(seed, "Env")
        probe = State(self.players, 0, **options)
        self.num_actions = probe.num_distinct_actions()
        self.observation_size = probe.observation_size()
        self.action_space = probe.action_space
        self.state: Optional[State] = None

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        """Starts a game from `seed` (else the seed after the last one) and plays the bots up
        to the agent's first decision. `options` is accepted for Gymnasium's signature and
        must be empty."""
        if options:
            raise invalid("Env.reset: rule options are given to Env(), not to reset")
        if seed is not None:
            self._next_seed = _args.seed(seed, "Env.reset")
        state = State(self.players, self._next_seed, **self.options)
        self._bots_play(state, self._next_seed)  # a failure here leaves the env as it was
        self.state, self._game_seed, self._next_seed = state, self._next_seed, (self._next_seed + 1) % 2**64
        return self._observe(), self._info()

    def step(self, action: int) -> Tuple[Any, int, bool, bool, Dict[str, Any]]:
        """Applies the agent's action, then lets the bots play up to the agent's next
        decision or the end. A step that fails (an illegal action, a bot's error) raises
        and changes nothing: not even the agent's action stays applied."""
        if self.state is None:
            raise invalid("Env.step: call reset() first")
        state = self.state
        if state.is_terminal():
            raise invalid("Env.step: the game is over; call reset()")
        seat = state.current_player() if self.opponent is None else self.seat
        before = state.clone()
        try:
            state.apply_action(action)
            self._bots_play(state, self._game_seed)
        except BaseException:
            state.game.copy_from(before.game)
            state._rewards = before._rewards
            raise
        gained = [a - b for a, b in zip(state.game.scores, before.game.scores)]
        info = self._info()
        info["rewards"] = gained
        return self._observe(), gained[seat], state.is_terminal(), False, info

    def _bots_play(self, state: State, game_seed: int) -> None:
        """Whole bot turns until the agent decides or the game ends."""
        if self.opponent is None:
            return
        game = state.game
        # Until the agent's seat decides: a dragon's step (Princess & Dragon) is the decider's,
        # who need not be the player whose turn it is.
        while not game.over and state.current_player() != self.seat:
            seed = (game_seed * 131 + game.turns_played) % 2**64  # a seed per bot move
            if game.phase == Phase.DECIDE:  # the builder's bonus tile, a dragon's step: no move
                state.apply_action(state.bot_action(self.opponent, iterations=self.bot_iterations, seed=seed))
            else:
                game.play(game.bot_move(self.opponent, iterations=self.bot_iterations, seed=seed))

    def _observe(self):
        state = self.state
        return state.observation_tensor(self.seat if self.opponent is not None else None)

    def _info(self) -> Dict[str, Any]:
        state = self.state
        return {"action_mask": state.legal_actions_mask(), "legal_actions": state.legal_actions(),
                "player": state.current_player(), "scores": state.game.scores}

    def render(self) -> str:
        """The board as text."""
        return str(self.state)


class VectorEnv:
    """num_envs games stepped together by one C call (carc_batch_step), each reset as soon
    as it ends; the agent plays every seat.

    reset(seed=0) -> (observations, info); step(actions) -> (observations, rewards,
    terminated, truncated, info). observations: a row of observation_size float32 per game,
    of the player to decide; rewards: the points of the player who decided; terminated: 1
    for a game that ended in the step (its observation is already the new game's, as with
    Gymnasium's same-step autoreset); truncated: never. info (docs/rl.md names the keys):
    legal_actions, a row of CARC_RL_MAX_LEGAL per game whose first legal_counts[i] are
    game i's legal actions (engine order); legal_counts; rewards, a row of every player's
    points per game; player, who decides next; action_mask, a row per game, if masks=True.
    With numpy the rows are those of 2-D numpy arrays and the rest 1-D arrays; without,
    lists of array.array rows and flat array.array values: x[i][j] reads the same in both.
    All are fresh copies. The batch underneath is locked for the whole of a step, so a
    VectorEnv may be shared between threads (each step sees whole games).
    """

    def __init__(self, num_envs: int, players: int = 2, *, masks: bool = False, **options):
        self.num_envs, self.players, self._masks, self._options = num_envs, players, masks, options
        self.batch: Optional[Batch] = None
        probe = State(players, 0, **options)
        self.num_actions = probe.num_distinct_actions()
        self.observation_size = probe.observation_size()
        self.action_space = probe.action_space

    def reset(self, *, seed: int = 0) -> Tuple[Any, Dict[str, Any]]:
        """New games: game i from seed + i, later ones from the seeds after."""
        self.batch = Batch(self.num_envs, self.players, seed, masks=self._masks, observations=True, **self._options)
        with self.batch._lock:
            return self._rows(self.batch.observations, self.observation_size), self._info()

    def step(self, actions) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        """One action per game (ids from info["legal_actions"] or the mask)."""
        if self.batch is None:
            raise invalid("VectorEnv.step: call reset() first")
        b = self.batch
        with b._lock:
            acting = self._copy(b.to_play)
            b.step(actions)
            if HAVE_NUMPY:
                rewards = b.rewards[_np.arange(self.num_envs), acting]
                terminated = b.done.astype(bool)
                truncated = _np.zeros(self.num_envs, dtype=bool)
            else:
                rewards = zeros("i", self.num_envs)
                for i in range(self.num_envs):
                    rewards[i] = b.rewards[i * self.players + acting[i]]
                terminated, truncated = self._copy(b.done), zeros("B", self.num_envs)
            return self._rows(b.observations, self.observation_size), rewards, terminated, truncated, self._info()

    def _info(self) -> Dict[str, Any]:
        b = self.batch
        info = {"legal_actions": self._rows(b.legal, CARC_RL_MAX_LEGAL), "legal_counts": self._copy(b.legal_counts),
                "rewards": self._rows(b.rewards, self.players), "player": self._copy(b.to_play)}
        if self._masks:
            info["action_mask"] = self._rows(b.masks, self.num_actions)
        return info

    @staticmethod
    def _copy(buffer):
        return buffer.copy() if HAVE_NUMPY else buffer[:]

    def _rows(self, buffer, width: int):
        """A copy of a buffer of `width` values per game, as rows: a 2-D numpy array, or a
        list of array.array rows (the flat buffer cut per game)."""
        if HAVE_NUMPY:
            return buffer.copy()
        return [buffer[i * width:(i + 1) * width] for i in range(self.num_envs)]

    def game(self, index: int) -> Game:
        """A copy of game `index`."""
        return self.batch.game(index)


__all__ = ["Env", "VectorEnv", "CARC_RL_MAX_LEGAL"]
