"""The draw as a chance event from Python: games whose draws the caller supplies, re-deals,
playouts that sample the unseen tiles, and public records."""
import unittest

from carcassonne import DiscardEvent, Game, IllegalMove, InvalidArgument, Phase, WrongPhase


class CallerDraws(unittest.TestCase):
    def test_a_caller_draws_game_waits_for_each_draw(self):
        game = Game(2, caller_draws=True)
        self.assertTrue(game.caller_draws)
        self.assertEqual(game.phase, Phase.DRAW)
        self.assertIsNone(game.current_tile)
        self.assertAlmostEqual(game.next_tile_probabilities()["V"], 9 / 71)
        game.draw("E")
        self.assertEqual(game.phase, Phase.PLACE_TILE)
        game.play("E 0,-1 180 S")
        self.assertEqual(game.scores, [4, 0])
        self.assertEqual(game.phase, Phase.DRAW)

    def test_a_tile_that_is_not_face_down_is_refused_and_changes_nothing(self):
        game = Game(2, caller_draws="EU")
        before = game.save()
        with self.assertRaisesRegex(IllegalMove, "^carc_game_draw: C: no tile of that type is face down$"):
            game.draw("C")
        self.assertEqual(game.save(), before)
        game.draw("E")
        with self.assertRaises(WrongPhase):
            game.draw("U")

    def test_caller_draws_replay_a_seeded_game(self):
        seeded = Game(3, 17)
        caller = Game(3, caller_draws=True)
        caller.draw(seeded.current_tile)
        while not seeded.over:
            move = seeded.placements()[0]
            seeded.place(move)
            choices = seeded.meeple_choices()
            meeple = choices[-1].location if choices else None
            seeded.deploy(meeple)
            caller.place(move)
            caller.deploy(meeple)
            # The caller supplies what the seeded game drew: its discards, then its tile.
            for event in seeded.events():
                if isinstance(event, DiscardEvent):
                    caller.draw(event.tile)
            if not seeded.over:
                caller.draw(seeded.current_tile)
        self.assertTrue(caller.over)
        self.assertEqual(caller.scores, seeded.scores)


class Sampling(unittest.TestCase):
    def test_two_playouts_with_different_seeds_see_different_futures(self):
        position = Game(2, 21)
        a, b = position.clone(), position.clone()
        a.playout(1)
        b.playout(2)
        self.assertNotEqual([t.tile for t in a.history()], [t.tile for t in b.history()])
        c, d = position.clone(), position.clone()
        c.playout(1, as_dealt=True)
        d.playout(1, as_dealt=True)
        self.assertEqual(c.save(), d.save())

    def test_a_redeal_keeps_the_public_record(self):
        game = Game(2, 9)
        game.place(game.placements()[0])
        game.skip()
        public = game.save(public=True)
        full = game.save()
        game.redeal(5)
        self.assertEqual(game.save(public=True), public)
        self.assertNotEqual(game.save(), full)


class Bots(unittest.TestCase):
    def test_every_level_gives_a_legal_move_and_changes_nothing(self):
        game = Game(2, 11)
        for level in ("random", "greedy", "mcts"):
            before = game.save()
            move = game.bot_move(level, iterations=30, seed=5)
            self.assertEqual(game.save(), before)
            self.assertIn((move.x, move.y, move.rotation), [(p.x, p.y, p.rotation) for p in game.placements()])
            trial = game.clone()
            trial.play(move)

    def test_mcts_is_deterministic_and_greedy_takes_worked_example_1(self):
        game = Game(2, 3)
        self.assertEqual(game.bot_move(iterations=40, seed=9), game.bot_move(iterations=40, seed=9, threads=2))
        example = Game(2, order="EU")
        self.assertEqual(str(example.bot_move("greedy")), "E 0,-1 180 S")

    def test_bad_levels_and_budgets_are_refused(self):
        game = Game(2, 3)
        for call in (lambda: game.bot_move("clever"), lambda: game.bot_move(iterations=-1),
                     lambda: game.bot_move(threads=0), lambda: game.bot_move(threads=65),
                     lambda: game.bot_move(iterations=True), lambda: game.bot_move(seed=-1)):
            with self.assertRaises(InvalidArgument):
                call()
        with self.assertRaisesRegex(InvalidArgument, "budget"):
            game.bot_move("mcts", iterations=0, milliseconds=0)
        waiting = Game(2, caller_draws=True)
        with self.assertRaises(WrongPhase):
            waiting.bot_move("greedy")


class PublicRecords(unittest.TestCase):
    def test_a_public_record_has_no_seed_and_loads_into_caller_draws(self):
        game = Game(2, 4)
        for _ in range(5):
            game.place(game.placements()[-1])
            game.skip()
        text = game.save(public=True)
        self.assertNotIn("\nseed", text)
        self.assertIn("\npile hidden\n", text)
        loaded = Game.load(text)
        self.assertTrue(loaded.caller_draws)
        self.assertEqual(loaded.current_tile, game.current_tile)
        self.assertEqual(loaded.scores, game.scores)
        self.assertEqual(loaded.save(), text)


if __name__ == "__main__":
    unittest.main()
