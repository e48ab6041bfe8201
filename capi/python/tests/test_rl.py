"""The reinforcement-learning interface (carcassonne.rl, carcassonne.env): OpenSpiel-style
states, the batch, the Gymnasium-style environments. ctest runs this file with the
interpreter CMake found and, when Debian's /usr/bin/python3 has numpy, again with it
(python_rl_numpy), so both the numpy and the array.array paths are tested."""
import array
import os
import random
import unittest
import unittest.mock

import carcassonne
from carcassonne import Batch, Env, IllegalMove, InvalidArgument, State, VectorEnv, WrongPhase, rl

# Set by the ctest that runs this file with numpy (python_rl_numpy): numpy must be there.
if os.environ.get("CARC_EXPECT_NUMPY") == "1":
    assert rl.HAVE_NUMPY, "CARC_EXPECT_NUMPY=1 but numpy did not import"

ARRAY_TYPES = (array.array,) if not rl.HAVE_NUMPY else (rl._np.ndarray,)


def random_game(state, rng):
    """Plays the state to the end with uniform legal actions and chance outcomes by their odds;
    returns the number of decisions and the summed rewards per player."""
    decisions, total = 0, [0] * state.num_players()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            self_check = sum(p for _, p in outcomes)
            assert abs(self_check - 1) < 1e-9, self_check
            tile = rng.choices([t for t, _ in outcomes], [p for _, p in outcomes])[0]
            state.apply_action(tile)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        total = [t + r for t, r in zip(total, state.rewards())]
    return decisions, total


class StateTest(unittest.TestCase):
    def test_the_action_space(self):
        s = State(2, 7)
        self.assertEqual(s.num_distinct_actions(), 145 * 145 * 4 + 15)
        space = s.action_space
        self.assertEqual((space.reach, space.side, space.placements, space.figures), (72, 145, 84100, 15))
        self.assertEqual(space.placement(0, -1, 180), (71 * 145 + 72) * 4 + 2)
        self.assertEqual(space.figure(None), 84100)
        self.assertEqual(space.figure("NNW"), 84113)
        self.assertEqual(space.figure("CF"), 84114)
        with self.assertRaises(InvalidArgument):
            space.figure("C", "abbot")  # no Abbot in this box
        with self.assertRaises(InvalidArgument):
            space.placement(73, 0, 0)
        with self.assertRaises(InvalidArgument):
            space.figure("X")
        self.assertEqual(s.observation_shape(), ((29, 25, 25), 299))
        self.assertEqual(s.observation_size(), 29 * 25 * 25 + 299)
        self.assertEqual(s.max_chance_outcomes(), 143)

    def test_the_river_and_the_abbot_action_spaces(self):
        s = State(2, 7, river=True, abbot=True)
        space = s.action_space
        self.assertEqual((space.reach, space.side, space.figures), (125, 251, 17))
        self.assertEqual(space.slots[0], ("meeple", None))
        self.assertEqual(space.slots[-2:], (("abbot", "C"), ("recall", None)))
        self.assertEqual(space.figure("C", "abbot"), space.size - 2)
        self.assertEqual(space.figure(None, "recall"), space.size - 1)
        self.assertEqual(State(2, 7, abbot=True).action_space.reach, 72)

    def test_a_caller_draws_state_starts_at_a_chance_node(self):
        s = State(2)
        self.assertTrue(s.is_chance_node())
        self.assertEqual(s.current_player(), rl.CHANCE_PLAYER)
        outcomes = dict(s.chance_outcomes())
        self.assertAlmostEqual(outcomes[carcassonne.TILES.index("V")], 9 / 71)
        self.assertAlmostEqual(outcomes[carcassonne.TILES.index("D")], 3 / 71)  # the start tile is one of 4
        self.assertAlmostEqual(sum(outcomes.values()), 1.0)
        self.assertEqual(s.legal_actions(), sorted(outcomes))
        mask = s.legal_actions_mask()
        self.assertIsInstance(mask, ARRAY_TYPES)
        self.assertEqual(len(mask), 143)
        self.assertEqual([t for t in range(143) if mask[t]], sorted(outcomes))
        self.assertEqual(s.action_to_string(4), "draw E")
        s.apply_action(4)
        self.assertFalse(s.is_chance_node())
        self.assertEqual(s.current_player(), 0)
        self.assertEqual(s.game.current_tile, "E")

    def test_with_the_river_the_chance_actions_are_the_tiles_that_may_come_next(self):
        s, rng = State(2, river=True), random.Random(4)
        river = {t for t, name in enumerate(carcassonne.TILES) if name.startswith("R") and len(name) == 2}  # RA..RL
        river_nodes = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = sorted(t for t, _ in s.chance_outcomes())
                self.assertEqual(s.legal_actions(), outcomes)
                mask = s.legal_actions_mask()
                self.assertEqual([t for t in range(143) if mask[t]], outcomes)
                river_nodes += set(outcomes) <= river
                s.apply_action(rng.choice(outcomes))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        self.assertEqual(river_nodes, 11)  # 10 river tiles and the lake after the spring

    def test_legal_actions_are_the_engines_placements_and_figure_actions(self):
        for seed, options in ((11, {}), (12, {"river": True}), (13, {"abbot": True}),
                              (14, {"river": True, "abbot": True})):
            with self.subTest(options=options):
                self.check_legal_actions(State(3, seed, **options), random.Random(seed))

    def check_legal_actions(self, s, rng):
        while not s.is_terminal():
            legal = s.legal_actions()
            self.assertEqual(legal, sorted(legal))
            if s.game.phase == carcassonne.Phase.PLACE_TILE:
                expected = sorted(s.move_to_action(carcassonne.Move(s.game.current_tile, p.x, p.y, p.rotation))
                                  for p in s.game.placements())
                texts = {s.action_to_string(a) for a in legal}
                self.assertEqual(texts, {f"{s.game.current_tile} {p.x},{p.y} {p.rotation}"
                                         for p in s.game.placements()})
            else:
                space = s.action_space
                actions = s.game.figure_actions()
                expected = [space.figure(None)] + [space.figure(m.meeple, m.figure) for m in actions]
                self.assertEqual(expected[1:], [s.move_to_action(m) for m in actions])
                self.assertEqual([s.action_to_string(a) for a in expected[1:]], [str(m) for m in actions])
            self.assertEqual(legal, expected)
            mask = s.legal_actions_mask()
            self.assertEqual(len(mask), s.num_distinct_actions())
            self.assertEqual(sum(mask), len(legal))
            self.assertTrue(all(mask[a] == 1 for a in legal))
            self.assertEqual(s.legal_actions(player=(s.current_player() + 1) % 3), [])
            s.apply_action(rng.choice(legal))
        self.assertEqual(s.legal_actions(), [])
        self.assertEqual(s.current_player(), rl.TERMINAL_PLAYER)

    def test_whole_games_returns_are_the_summed_rewards(self):
        for players, seed in ((2, 1), (4, 2), (1, 3)):
            s = State(players)  # caller draws: chance nodes
            decisions, total = random_game(s, random.Random(seed))
            self.assertGreater(decisions, 100)
            self.assertEqual(s.returns(), total)
            self.assertEqual(s.returns(), s.game.scores)
            self.assertTrue(s.is_terminal())

    def test_a_seeded_state_has_no_chance_nodes(self):
        s = State(2, 5, farmers=False)
        self.assertFalse(s.game.option("farmers"))
        rng = random.Random(5)
        while not s.is_terminal():
            self.assertFalse(s.is_chance_node())
            self.assertEqual(s.chance_outcomes(), [])
            s.apply_action(rng.choice(s.legal_actions()))
        self.assertTrue(all(m.feature != "field" for m in s.game.meeples()))

    def test_illegal_actions_raise_and_change_nothing(self):
        s = State(2, seed=None)
        s.apply_action(carcassonne.TILES.index("E"))
        before = s.game.save()
        with self.assertRaises(IllegalMove):
            s.apply_action(0)
        with self.assertRaises(InvalidArgument):
            s.apply_action(-1)
        with self.assertRaises(InvalidArgument):
            s.apply_action(2**31)
        with self.assertRaises(WrongPhase):
            s.apply_action(s.action_space.figure(None))
        with self.assertRaises(InvalidArgument):
            s.apply_action("12")
        self.assertEqual(s.game.save(), before)
        a = s.action_space.placement(0, -1, 180)
        self.assertEqual(s.action_to_string(a), "E 0,-1 180")
        s.apply_action(a)
        self.assertEqual(s.action_to_string(s.action_space.figure("S")), "E 0,-1 180 S")
        self.assertEqual(s.action_to_string(0, s.action_space.figure(None)), "E 0,-1 180 -")
        s.apply_action(s.action_space.figure("S"))
        self.assertEqual(s.rewards(), [4, 0])
        self.assertTrue(s.is_chance_node())
        before = s.game.save()
        with self.assertRaises(InvalidArgument):
            s.apply_action(143)  # not a tile type
        with self.assertRaises(IllegalMove):
            s.apply_action(24)  # a garden copy: not in this box
        self.assertEqual(s.game.save(), before)

    def test_observation_tensor(self):
        s = State(2, None)
        s.apply_action(carcassonne.TILES.index("E"))
        obs = s.observation_tensor()
        self.assertIsInstance(obs, ARRAY_TYPES)
        self.assertEqual(len(obs), s.observation_size())
        (planes, side, _), scalars = s.observation_shape()
        cell = lambda plane, x, y: obs[plane * side * side + (y + 12) * side + (x + 12)]
        self.assertEqual(cell(2, 0, 0), 1.0)     # D: city north
        self.assertEqual(cell(6, 0, 0), 1.0)     # D: field south
        self.assertEqual(cell(20, 0, -1), 1.0)   # an open cell
        self.assertEqual(cell(21 + 2, 0, -1), 1.0)  # E fits there turned 180
        self.assertEqual(planes, 29)
        tail = list(obs[planes * side * side:])
        self.assertEqual(len(tail), scalars)
        self.assertEqual(tail[:6], [0, 0, 7, 7, 1, 0])
        self.assertEqual(tail[10 + carcassonne.TILES.index("E")], 1.0)
        self.assertEqual(tail[-2:], [0, 0])  # abbots in supply: none without the Abbot
        self.assertEqual(list(s.observation_tensor(1)[planes * side * side:][4:6]), [0, 1])  # seat 1 moves
        with self.assertRaises(InvalidArgument):
            s.observation_tensor(2)

    def test_clone_is_independent(self):
        s = State(2, 3)
        c = s.clone()
        c.apply_action(c.legal_actions()[0])
        self.assertNotEqual(c.game.phase, s.game.phase)
        self.assertEqual(State.from_game(s.game).legal_actions(), s.legal_actions())
        with self.assertRaises(InvalidArgument):
            State.from_game("game")


class ExpansionStateTest(unittest.TestCase):
    def test_whole_games_by_bot_actions_with_every_expansion(self):
        # A batch's game copy carries its options (whether or not Game takes them by name).
        game = Batch(1, 3, seed=5, river=True, abbot=True, inns_and_cathedrals=True, traders_and_builders=True).game(0)
        s = State.from_game(game)
        space = s.action_space
        self.assertEqual((space.figures, space.bonus), (59, 2))
        seen = set()
        n = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            action = s.bot_action(("random", "greedy", "mcts")[n % 3], iterations=3, seed=n)
            self.assertIn(action, legal)
            if s.in_bonus_phase():
                self.assertEqual(legal, [space.take(), space.pass_()])
                self.assertIn(s.action_to_string(action), ("take bonus", "pass bonus"))
                seen.add("bonus")
            elif action >= space.placements and action != space.figure(None):
                seen.add(space.slots[action - space.placements][0])
            s.apply_action(action)
            n += 1
        self.assertTrue({"bonus", "large meeple", "builder"} <= seen, seen)
        with self.assertRaises(WrongPhase):
            s.bot_action("greedy")
        with self.assertRaises(InvalidArgument):
            s.bot_action("clever")


class BatchTest(unittest.TestCase):
    def test_random_play_through_the_batch(self):
        b = Batch(6, 3, seed=40, masks=True, observations=True)
        rng = random.Random(4)
        finished = 0
        for _ in range(600):
            actions = [rng.choice(b.legal_actions(i)) for i in range(6)]
            for i, a in enumerate(actions):
                row = b.masks[i] if rl.HAVE_NUMPY else b.masks[i * b.action_space.size:(i + 1) * b.action_space.size]
                self.assertEqual(row[a], 1)
            b.step(actions)
            finished += sum(b.done)
        self.assertGreater(finished, 5)
        self.assertIsInstance(b.observations, ARRAY_TYPES)
        self.assertEqual(len(b.observations), 6 if rl.HAVE_NUMPY else 6 * b.observation_size)

    def test_the_expansions_through_the_batch_the_bonus_decision_included(self):
        b = Batch(4, 2, seed=3, masks=True, observations=True, inns_and_cathedrals=True, traders_and_builders=True)
        space = b.action_space
        self.assertEqual((space.reach, space.figures, space.bonus, space.size), (125, 57, 2, 251 * 251 * 4 + 59))
        self.assertEqual((space.take(), space.pass_()), (space.size - 2, space.size - 1))
        self.assertEqual(space.slots[15], ("large meeple", "C"))
        self.assertEqual(space.slots[29], ("builder", "C"))
        self.assertEqual(space.slots[43], ("pig", "C"))
        self.assertEqual(space.figure("N", "builder"), space.placements + 30)
        self.assertEqual(b.observation_size, (27 + 2 + 8) * 25 * 25 + 4 * 2 + 291 + 6 * 2 + 2)
        rng = random.Random(8)
        bonus = finished = 0
        while finished < 4:
            actions = []
            for i in range(4):
                legal = b.legal_actions(i)
                if legal == [space.take(), space.pass_()]:
                    bonus += 1
                    obs = b.observations[i] if rl.HAVE_NUMPY else b.observations[i * b.observation_size:(i + 1) * b.observation_size]
                    self.assertEqual(obs[b.observation_size - 2], 1.0)  # the bonus-phase scalar
                actions.append(rng.choice(legal))
            b.step(actions)
            finished += sum(b.done)
        self.assertGreater(bonus, 0)
        with self.assertRaises(InvalidArgument):
            Batch(2, 2, abbot=True).action_space.take()  # no bonus tile without Traders & Builders

    def test_a_bad_step_raises_and_changes_no_game(self):
        b = Batch(3, 2, seed=1)
        before = [b.game(i).save() for i in range(3)]
        actions = [b.legal_actions(i)[0] for i in range(3)]
        actions[1] = 0
        with self.assertRaises(IllegalMove) as e:
            b.step(actions)
        self.assertIn("game 1: action 0", str(e.exception))
        with self.assertRaises(InvalidArgument):
            b.step(actions[:2])
        self.assertEqual([b.game(i).save() for i in range(3)], before)
        with self.assertRaises(InvalidArgument):
            Batch(0)
        with self.assertRaises(InvalidArgument):
            Batch(2, 7)
        with self.assertRaises(InvalidArgument):
            Batch(2, 2, farmers="no")
        with self.assertRaises(InvalidArgument):
            Batch(2, 2, pigs=True)

    def test_actions_of_another_shape_or_type_are_refused_before_the_call(self):
        # A (games, 0) array made C read past it, a (games, 2) one gave game 1 row 0's
        # second value, and a + 2**32, 41469.7 and '41469' were played as 41469 (issue 29).
        b = Batch(3, 2, seed=1)
        before = [b.game(i).save() for i in range(3)]
        good = [b.legal_actions(i)[0] for i in range(3)]
        self.assertEqual(good[0], 41469)
        message = "carc_batch_step: the action of game 0 must be an integer -2147483648 to 2147483647, not {}"
        for first in (41469 + 2**32, 41469.7, "41469", True):  # refused as State.apply_action refuses them
            with self.subTest(first=first):
                with self.assertRaises(InvalidArgument) as one:
                    State.from_game(b.game(0)).apply_action(first)
                with self.assertRaises(InvalidArgument) as e:
                    b.step([first] + good[1:])
                self.assertEqual(str(e.exception), message.format(repr(first)))
                self.assertEqual(str(e.exception).split(": ", 1)[1],
                                 str(one.exception).split(": ", 1)[1].replace("action", "the action of game 0", 1))
        with self.assertRaises(InvalidArgument) as e:
            b.step(array.array("d", good))
        self.assertEqual(str(e.exception), message.format("41469.0"))
        if rl.HAVE_NUMPY:
            np = rl._np
            for actions, shown in ((np.array(good, np.int64) + 2**32, "4295008765"),
                                   (np.array(good, np.float64), "41469.0"), (np.array(good, bool), "True")):
                with self.subTest(dtype=actions.dtype), self.assertRaises(InvalidArgument) as e:
                    b.step(actions)
                self.assertEqual(str(e.exception), message.format(shown))
            for shape in ((3, 0), (3, 2), (2,), (1, 3)):
                with self.subTest(shape=shape), self.assertRaises(InvalidArgument) as e:
                    b.step(np.zeros(shape, np.int32))
                self.assertEqual(str(e.exception), f"carc_batch_step: actions must be one per game, shape (3,), "
                                                   f"not {shape}")
        with self.assertRaisesRegex(InvalidArgument, r"^carc_batch_step: actions must be a sequence of 3 integers"):
            b.step(41469)
        with self.assertRaisesRegex(InvalidArgument, r"^carc_batch_step: 2 actions for 3 games$"):
            b.step(good[:2])
        self.assertEqual([b.game(i).save() for i in range(3)], before)
        # Integers of any width and layout play as they are.
        b.step(good)
        stepped = [b.game(i).save() for i in range(3)]
        same = [array.array("i", good), tuple(good)]
        if rl.HAVE_NUMPY:
            same += [np.array(good, np.int64), np.array(good, np.uint32),
                     np.array([[a, -1] for a in good], np.int32)[:, 0]]  # not contiguous
        for actions in same:
            with self.subTest(actions=actions):
                other = Batch(3, 2, seed=1)
                other.step(actions)
                self.assertEqual([other.game(i).save() for i in range(3)], stepped)

    def test_restart_and_the_games_seeds(self):
        b = Batch(2, 2, seed=9, auto_reset=False)
        self.assertEqual(b.game(1).save(), carcassonne.Game(2, 10).save())
        b.restart(0, 123)
        b.refresh()
        self.assertEqual(b.game(0).save(), carcassonne.Game(2, 123).save())
        ordered = Batch(2, 2, seed=9, sorted_legal=True)
        self.assertEqual(ordered.legal_actions(1), sorted(b.legal_actions(1)))
        self.assertEqual(ordered.legal_actions(1), State.from_game(b.game(1)).legal_actions())


class EnvTest(unittest.TestCase):
    def test_a_whole_game_against_greedy(self):
        env = Env(2, opponent="greedy", seat=1)
        obs, info = env.reset(seed=21)
        self.assertEqual(len(obs), env.observation_size)
        total, done, steps = 0, False, 0
        rng = random.Random(21)
        while not done:
            self.assertEqual(info["player"], 1)
            mask = info["action_mask"]
            self.assertEqual([a for a in info["legal_actions"] if mask[a]], info["legal_actions"])
            obs, reward, done, truncated, info = env.step(rng.choice(info["legal_actions"]))
            self.assertFalse(truncated)
            total += reward
            steps += 1
        self.assertEqual(total, info["scores"][1])
        self.assertGreater(steps, 50)
        self.assertEqual(info["legal_actions"], [])
        with self.assertRaises(InvalidArgument):
            env.step(0)

    def test_self_play_and_reset_seeds(self):
        env = Env(3, opponent=None)
        first, _ = env.reset(seed=5)
        again, _ = env.reset(seed=5)
        self.assertEqual(list(first), list(again))
        rng = random.Random(5)
        totals = [0, 0, 0]
        done, info = False, {"legal_actions": env.state.legal_actions(), "player": 0}
        while not done:
            player = info["player"]
            _, reward, done, _, info = env.step(rng.choice(info["legal_actions"]))
            self.assertEqual(reward, info["rewards"][player])
            totals = [t + r for t, r in zip(totals, info["rewards"])]
        self.assertEqual(totals, env.state.returns())
        with self.assertRaises(InvalidArgument):
            Env(2, opponent="perfect")
        with self.assertRaises(InvalidArgument):
            Env(2).step(0)
        env = Env(2, opponent="random")
        _, info = env.reset(seed=1)
        with self.assertRaises(IllegalMove):
            env.step(0)
        self.assertIn("#", env.render())  # the start tile's city

    def test_an_mcts_opponent_without_a_budget_is_refused_when_the_env_is_made(self):
        # It was accepted, and the step that handed the turn to the bot applied the agent's
        # action and then raised (issue 29).
        with self.assertRaisesRegex(InvalidArgument, r"^Env: an mcts opponent needs bot_iterations above 0"):
            Env(2, opponent="mcts", bot_iterations=0)
        for bad in (-1, 2**31, 1.5, "200", True):
            with self.subTest(bot_iterations=bad), \
                    self.assertRaisesRegex(InvalidArgument, r"^Env: bot_iterations must be 0 to 2147483647"):
                Env(2, opponent="mcts", bot_iterations=bad)
        self.assertEqual(Env(2, opponent="greedy", bot_iterations=0).bot_iterations, 0)  # greedy takes no budget

    def test_a_step_whose_bot_fails_changes_nothing(self):
        env = Env(2, opponent="greedy", seat=0)
        obs, info = env.reset(seed=4)
        before = (env.state.game.save(), env.state.rewards(), list(obs))
        action = info["legal_actions"][0]
        failing = unittest.mock.patch.object(carcassonne.Game, "bot_move",
                                             side_effect=WrongPhase(-3, "carc_bot_choose: a bot that fails"))
        for _ in range(3):  # the agent's placement, then its figure: the bot moves after that
            with failing, self.assertRaisesRegex(WrongPhase, "a bot that fails"):
                while True:
                    obs, _, _, _, info = env.step(action)
                    before = (env.state.game.save(), env.state.rewards(), list(obs))
                    action = info["legal_actions"][0]
            self.assertEqual((env.state.game.save(), env.state.rewards(), list(env._observe())), before)
        self.assertEqual(env.state.current_player(), 0)
        obs, reward, _, _, info = env.step(action)  # the same step goes through once the bot can move
        self.assertEqual(info["player"], 0)
        self.assertEqual(len(env.state.game.history()), 2)

    def test_vector_env(self):
        venv = VectorEnv(4, 2, masks=True)
        obs, info = venv.reset(seed=3)
        rng = random.Random(3)
        episodes = 0
        for _ in range(400):
            legal, counts = info["legal_actions"], info["legal_counts"]
            actions = [int(legal[i][rng.randrange(counts[i])]) for i in range(4)]
            obs, rewards, terminated, truncated, info = venv.step(actions)
            episodes += sum(terminated)
            self.assertFalse(any(truncated))
        self.assertGreater(episodes, 0)
        self.assertEqual(len(rewards), 4)
        self.assertIsInstance(venv.game(0), carcassonne.Game)

    def test_vector_env_gives_a_row_per_game_with_and_without_numpy(self):
        # Without numpy info["legal_actions"] was one flat array.array, so the same script
        # broke with and without numpy (issue 29). Now x[i][j] reads the same in both.
        venv = VectorEnv(3, 2, masks=True)
        obs, info = venv.reset(seed=1)
        widths = {"legal_actions": rl.CARC_RL_MAX_LEGAL, "rewards": 2, "action_mask": venv.num_actions}
        self.assertEqual(sorted(info), ["action_mask", "legal_actions", "legal_counts", "player", "rewards"])
        for name, width in widths.items():
            with self.subTest(key=name):
                self.assertEqual([len(row) for row in info[name]], [width] * 3)
        self.assertEqual([len(row) for row in obs], [venv.observation_size] * 3)
        self.assertEqual([len(info[name]) for name in ("legal_counts", "player")], [3, 3])
        self.assertEqual(list(info["legal_actions"][0][:info["legal_counts"][0]]), Batch(3, 2, 1).legal_actions(0))
        first = [info["legal_actions"][i][0] for i in range(3)]
        self.assertEqual([info["action_mask"][i][first[i]] for i in range(3)], [1, 1, 1])
        self.assertEqual(first[0], 41469)
        obs, rewards, terminated, truncated, info = venv.step(first)
        self.assertEqual([len(row) for row in obs], [venv.observation_size] * 3)
        self.assertEqual([list(row) for row in info["rewards"]], [[0, 0]] * 3)
        self.assertEqual(list(info["player"]), [0, 0, 0])  # each player places a figure or none next


if __name__ == "__main__":
    unittest.main()
