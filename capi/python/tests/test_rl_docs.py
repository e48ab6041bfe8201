"""The Gymnasium and PettingZoo wrappers of docs/rl.md, run as the page shows them. Neither
library is a dependency (nor packaged by Debian), so the few names the wrappers use come
from stand-ins here: Env and the spaces hold their arguments, AECEnv's two helpers do what
PettingZoo's do. The wrappers need numpy: without it these tests are skipped (ctest's
python_rl_numpy runs them with Debian's numpy)."""
import os
import random
import sys
import types
import unittest
import unittest.mock

from carcassonne import State, rl

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs", "rl.md")


def snippet(name: str) -> str:
    """The page's python block that defines class `name`."""
    with open(PAGE) as f:
        blocks = [block.split("```", 1)[0] for block in f.read().split("```python\n")[1:]]
    found = [block for block in blocks if f"class {name}(" in block]
    assert len(found) == 1, f"docs/rl.md has {len(found)} python blocks defining {name}"
    return found[0]


class Space:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


class AECEnv:
    """PettingZoo's base class, as far as the wrapper uses it."""

    def _accumulate_rewards(self):
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def _was_dead_step(self, action):
        raise AssertionError("the game is over: no agent is left to step")


def stand_ins():
    spaces = types.SimpleNamespace(Box=Space, Dict=Space, Discrete=Space)
    gymnasium = types.ModuleType("gymnasium")
    gymnasium.Env, gymnasium.spaces = object, spaces
    pettingzoo = types.ModuleType("pettingzoo")
    pettingzoo.AECEnv = AECEnv
    return {"gymnasium": gymnasium, "gymnasium.spaces": spaces, "pettingzoo": pettingzoo}


def load(name: str):
    namespace = {}
    with unittest.mock.patch.dict(sys.modules, stand_ins()):
        exec(compile(snippet(name), PAGE, "exec"), namespace)
    return namespace[name]


@unittest.skipUnless(rl.HAVE_NUMPY, "the wrappers of docs/rl.md use numpy")
class PettingZooWrapper(unittest.TestCase):
    def test_reset_without_a_seed_plays_the_next_game_not_game_0_again(self):
        # The page's wrapper started game 0 at every reset() without a seed (issue 29).
        env = load("CarcassonneAEC")(players=2)
        saves = []
        for seed in (None, None, 5, None):
            env.reset(seed=seed)
            saves.append(env.state.game.save())
        self.assertEqual(saves, [State(2, s).game.save() for s in (0, 1, 5, 6)])

    def test_a_whole_game_through_the_wrapper_sums_each_agents_rewards_to_its_score(self):
        env = load("CarcassonneAEC")(players=3)
        env.reset(seed=8)
        rng = random.Random(8)
        while not env.terminations[env.agent_selection]:
            mask = env.observe(env.agent_selection)["action_mask"]
            others = [a for a in env.agents if a != env.agent_selection]
            self.assertEqual([int(env.observe(a)["action_mask"].sum()) for a in others], [0, 0])
            env.step(rng.choice(list(mask.nonzero()[0])))
        self.assertEqual(list(env._cumulative_rewards.values()), env.state.returns())
        self.assertTrue(env.state.is_terminal())


@unittest.skipUnless(rl.HAVE_NUMPY, "the wrappers of docs/rl.md use numpy")
class GymnasiumWrapper(unittest.TestCase):
    def test_an_episode_through_the_wrapper_with_its_masks(self):
        env = load("CarcassonneEnv")(opponent="random", seat=1)
        obs, info = env.reset(seed=3)
        self.assertEqual(env.action_space.args, (env.env.num_actions,))
        total, done = 0.0, False
        while not done:
            legal = env.action_masks().nonzero()[0]
            self.assertEqual(list(legal), info["legal_actions"])
            obs, reward, done, truncated, info = env.step(legal[0])
            total += reward
        self.assertEqual(total, info["scores"][1])


if __name__ == "__main__":
    unittest.main()
