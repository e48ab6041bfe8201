"""The Python binding: whole games equal the C++ engine's, errors are exceptions carrying
the library's message, and a failed call changes nothing.

Run by ctest with CARCASSONNE_LIBRARY (the library under test) and CARC_REFERENCE_GAME
(capi/tests/reference_game.cpp, the C++ twin of the games played here) set."""
import copy
import doctest
import os
import subprocess
import sys
import unittest

import carcassonne
from carcassonne import (DiscardEvent, Game, IllegalMove, InvalidArgument, MeepleChoice, Move, Phase, Placement,
                         ScoreEvent, WrongPhase)


class Lcg:
    """The generator of examples/c_random_game.c and reference_game.cpp."""

    def __init__(self, seed):
        self.state = seed

    def pick(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % n


def reference(*args):
    exe = os.environ.get("CARC_REFERENCE_GAME")
    if not exe:
        raise unittest.SkipTest("CARC_REFERENCE_GAME is not set")
    return subprocess.run([exe, *map(str, args)], check=True, capture_output=True, text=True).stdout.splitlines()


def snapshot(game):
    """Everything the binding shows of a game (events excluded: reading consumes them)."""
    state = [game.players, game.current_player, game.phase, game.current_tile, game.scores, game.supplies,
             game.tiles_remaining, game.remaining_tiles(), game.board(), game.meeples()]
    if game.phase == Phase.PLACE_TILE:
        state.append(game.placements())
    if game.phase == Phase.PLACE_MEEPLE:
        state.append(game.meeple_choices())
    return state


def played_out(game, seed=99):
    other = game.clone()
    other.playout(seed)
    return snapshot(other), other.events()


class WholeGames(unittest.TestCase):
    def transcript(self, seed, players):
        """The game of the reference program, played here turn by turn. Turns alternate
        between place + deploy, a Move object and move text, to use every way in."""
        game = Game(players, seed)
        rng = Lcg(seed)
        lines = [f"seed {seed}, {players} players"]
        turn = 0
        while not game.over:
            player, tile = game.current_player, game.current_tile
            placements = game.placements()
            at = placements[rng.pick(len(placements))]
            trial = game.clone()
            trial.place(at)
            choices = trial.meeple_choices()
            choice = rng.pick(len(choices) + 1)
            meeple = choices[choice].location if choice < len(choices) else None
            move = Move(tile, at.x, at.y, at.rotation, meeple)
            if turn % 3 == 0:
                game.place(at)
                self.assertEqual(game.meeple_choices(), choices)
                game.deploy(choices[choice] if meeple else None)
            elif turn % 3 == 1:
                game.play(move)
            else:
                game.play(str(move))
            turn += 1
            lines.append(f"P{player} {move}")
            for e in game.events():
                if isinstance(e, DiscardEvent):
                    self.assertEqual(e.text, f"{e.tile} fits nowhere and leaves the game")
                    lines.append(f"  discard {e.tile}")
                else:
                    kind = "final" if e.end_game else "score"
                    winners = ",".join(f"P{p}" for p in e.winners)
                    lines.append(f"  {kind} {e.feature} {e.points} -> {winners} "
                                 f"(meeples {' '.join(map(str, e.meeples))})")
        lines.append(f"scores {' '.join(map(str, game.scores))}; winners {','.join(f'P{p}' for p in game.winners)}")
        return lines

    def test_seeded_games_equal_the_cxx_engine_move_for_move(self):
        for seed, players in ((7, 3), (47, 2), (5, 6), (31, 1), (1234, 4)):
            with self.subTest(seed=seed, players=players):
                self.assertEqual(self.transcript(seed, players), reference(seed, players))

    def test_playout_equals_the_cxx_playout(self):
        for seed, players, roll in ((3, 2, 11), (8, 5, 0), (2**64 - 1, 3, 2**63)):
            with self.subTest(seed=seed, players=players, roll=roll):
                game = Game(players, seed)
                game.playout(roll)
                winners = ",".join(f"P{p}" for p in game.winners)
                mine = [f"scores {' '.join(map(str, game.scores))}; winners {winners}",
                        f"tiles {len(game.board())} meeples {len(game.meeples())}"]
                self.assertEqual(mine, reference("playout", seed, players, roll))
                events = game.events()
                for p in range(players):
                    self.assertEqual(sum(e.points for e in events if isinstance(e, ScoreEvent) and p in e.winners),
                                     game.scores[p])

    def test_worked_example_1_scores_4_points_at_once(self):
        game = Game(2, order="E")
        game.play("E 0,-1 180 S")
        events = game.events()
        self.assertEqual(events, [ScoreEvent(feature="city", points=4, winners=(0,), end_game=False, tile="E", x=0, y=-1,
                                             location="S", tiles=2, meeples=(1, 0))])
        self.assertEqual(events[0].text, "city 4 to player 0")  # the engine's sentence, left out of == and repr
        self.assertEqual(game.scores, [4, 0])
        self.assertEqual(game.supplies, [7, 7])
        self.assertTrue(game.over)
        self.assertEqual(game.winners, (0,))
        self.assertEqual(game.events(), [])


class Errors(unittest.TestCase):
    def test_an_error_pickles_with_its_class_status_message_and_line(self):
        import pickle
        game = Game(2, order="EU")
        with self.assertRaises(IllegalMove) as caught:
            game.place(Placement(0, -1, 0))
        back = pickle.loads(pickle.dumps(caught.exception))
        self.assertIs(type(back), IllegalMove)
        self.assertEqual((back.status, str(back), back.line), (-2, str(caught.exception), None))
        loaded = pickle.loads(pickle.dumps(carcassonne.InvalidArgument(-1, "line 3: bad", 3)))
        self.assertEqual((type(loaded), loaded.status, str(loaded), loaded.line),
                         (carcassonne.InvalidArgument, -1, "line 3: bad", 3))

    def assert_unchanged(self, game, before):
        self.assertEqual(snapshot(game), snapshot(before))
        self.assertEqual(played_out(game), played_out(before))

    def test_an_illegal_placement_raises_with_the_reason_and_changes_nothing(self):
        game = Game(2, order="EU")
        before = game.clone()
        with self.assertRaises(IllegalMove) as caught:
            game.place(Placement(0, -1, 0))
        self.assertEqual(str(caught.exception),
                         "carc_game_place: E 0,-1 0: the south edge is field but the neighbour there shows city")
        self.assertEqual(caught.exception.status, -2)
        with self.assertRaisesRegex(IllegalMove, "the move is for tile U but the current tile is E"):
            game.play("U 0,1 0")
        self.assert_unchanged(game, before)

    def test_an_illegal_meeple_raises_and_changes_nothing(self):
        game = Game(2, order="UU")
        game.play(Move("U", 1, 0, 90, "E"))
        before = game.clone()
        with self.assertRaisesRegex(IllegalMove, "^carc_game_play: U 2,0 90 W: that feature already holds a meeple$"):
            game.play(Move("U", 2, 0, 90, "W"))
        self.assert_unchanged(game, before)
        game.place((2, 0, 90))
        self.assertEqual(game.meeple_choices(), [MeepleChoice("NNE", "field"), MeepleChoice("ESE", "field")])
        with self.assertRaisesRegex(IllegalMove, "that feature already holds a meeple"):
            game.deploy("E")

    def test_the_wrong_phase_raises(self):
        game = Game(2, order="E")
        with self.assertRaisesRegex(WrongPhase, "^carc_game_deploy: figures are deployed in the figure phase"):
            game.deploy(None)
        with self.assertRaisesRegex(WrongPhase, "the game is not over yet"):
            game.winners
        game.play("E 0,-1 180")
        with self.assertRaisesRegex(WrongPhase, "the game is over"):
            game.placements()
        self.assertIsNone(game.current_tile)

    def test_malformed_input_raises_invalid_argument(self):
        game = Game(2, seed=1)
        before = game.clone()
        with self.assertRaisesRegex(InvalidArgument, r"^carc_game_play_text: 'Z' is not a tile id \(A..X, E_G, RA, ...; docs/tiles.md\)$"):
            game.play("Z 0,1 0")
        with self.assertRaisesRegex(InvalidArgument, "rotation must be 0, 90, 180 or 270 degrees, not 45"):
            game.place((0, 1, 45))
        with self.assertRaisesRegex(InvalidArgument, "'Q2' is not a location"):
            Move("E", 0, -1, 180, "Q2").packed()
        with self.assertRaisesRegex(ValueError, "^carc_move_parse: '' is not a rotation"):  # a ValueError too
            Move.parse("E 0,-1")
        self.assert_unchanged(game, before)
        with self.assertRaisesRegex(InvalidArgument, "^carc_game_new: player count must be 1 to 6, not 9$"):
            Game(9, seed=1)
        with self.assertRaisesRegex(InvalidArgument, "holds more C tiles than the box"):
            Game(2, order="CC")

    def test_farmers_off_leaves_fields_out_of_the_meeple_choices(self):
        game = Game(2, seed=5, farmers=False)
        self.assertFalse(game.option("farmers"))
        self.assertTrue(all(c.feature != "field" for c in self._after_first_placement(game)))
        with self.assertRaisesRegex(InvalidArgument, "is not an option"):
            game.option("builders")

    def _after_first_placement(self, game):
        game.place(game.placements()[0])
        return game.meeple_choices()


class ValuesAndCopies(unittest.TestCase):
    def test_moves_round_trip_through_text_and_packing(self):
        move = Move.parse("E 0,-1 180 S")
        self.assertEqual(move, Move("E", 0, -1, 180, "S"))
        self.assertEqual(str(move), "E 0,-1 180 S")
        self.assertEqual(Move.unpack(move.packed()), move)
        self.assertEqual(move.packed(), 0 | 0xFF << 8 | 2 << 16 | 3 << 18 | 4 << 32)
        self.assertEqual(str(Move("X", -128, 127, 270)), "X -128,127 270")
        abbot = Move.parse("U_G 0,1 90 A:C")
        self.assertEqual(abbot, Move("U_G", 0, 1, 90, "C", "abbot"))
        self.assertEqual(abbot.packed(), 0 | 1 << 8 | 1 << 16 | 0 << 18 | 2 << 22 | carcassonne.TILES.index("U_G") << 32)
        recall = Move.parse("U -1,1 90 recall")
        self.assertEqual(recall, Move("U", -1, 1, 90, None, "recall"))
        self.assertEqual(str(recall), "U -1,1 90 recall")
        self.assertEqual(Move.unpack(recall.packed()), recall)
        self.assertEqual(len({Placement(1, 2, 90), Placement(1, 2, 90)}), 1)
        for malformed in (1 << 27, 143 << 32, 14 << 18, 1 << 40, 7 << 22 | 3 << 18, 2 << 22 | 15 << 18, 2**64 - 1):
            with self.assertRaisesRegex(InvalidArgument, "is not a valid move"):
                Move.unpack(malformed)

    def test_clones_are_independent(self):
        game = Game(3, seed=21)
        for other in (game.clone(), copy.copy(game), copy.deepcopy(game)):
            other.playout(1)
            self.assertTrue(other.over)
        self.assertEqual(len(game.board()), 1)
        target = Game(1, seed=0)
        target.copy_from(game)
        self.assertEqual(snapshot(target), snapshot(game))

    def test_the_board_and_the_pile(self):
        game = Game(2, order="UUE")
        self.assertEqual(game.tile_at(0, 0), carcassonne.PlacedTile("D", 0, 0, 0))
        self.assertIsNone(game.tile_at(1, 0))
        self.assertEqual(game.remaining_tiles()["U"], 1)
        self.assertEqual(sum(game.remaining_tiles().values()), game.tiles_remaining)
        game.play("U 1,0 90 E")
        game.play("U 0,1 90 NNW")
        self.assertEqual(game.meeples(), [carcassonne.Meeple(0, 1, 0, "E", "road"),
                                          carcassonne.Meeple(1, 0, 1, "NNE", "field")])
        self.assertEqual(game.feature_at(0, 0, "N"), "city")
        self.assertEqual(game.supplies, [6, 6])
        self.assertEqual((game.current_player, game.current_tile, game.tiles_remaining), (0, "E", 0))


class RolloutsForSearch(unittest.TestCase):
    def position(self):
        game = Game(3, seed=17)
        rng = Lcg(17)
        for _ in range(12):
            options = game.placements()
            game.place(options[rng.pick(len(options))])
            choices = game.meeple_choices() + [None]
            game.deploy(choices[rng.pick(len(choices))])
        return game

    def test_rollouts_add_up_playouts_with_seeds_seed_plus_i_and_change_nothing(self):
        game = self.position()
        before = game.clone()
        sums, wins = [0, 0, 0], [0, 0, 0]
        for i in range(20):
            other = game.clone()
            other.playout(40 + i)
            for p in range(3):
                sums[p] += other.scores[p]
                wins[p] += p in other.winners
        result = game.rollouts(20, seed=40)
        self.assertEqual(result, carcassonne.Rollouts(20, tuple(sums), tuple(wins)))
        self.assertEqual(result.mean_scores, tuple(s / 20 for s in sums))
        self.assertEqual(result.win_rates, tuple(w / 20 for w in wins))
        self.assertEqual(snapshot(game), snapshot(before))
        self.assertEqual(played_out(game), played_out(before))

    def test_a_tie_is_a_win_for_each_tied_leader_and_no_rollouts_are_zeros(self):
        over = Game(3, order="")  # over at once, all on 0 points
        self.assertEqual(over.rollouts(4, seed=1), carcassonne.Rollouts(4, (0, 0, 0), (4, 4, 4)))
        self.assertEqual(over.rollouts(0).mean_scores, (0.0, 0.0, 0.0))

    def test_bad_counts_raise_invalid_argument(self):
        game = self.position()
        for count in (-1, 2**31, 2**64, 1.5, "3"):
            with self.subTest(count=count), \
                    self.assertRaisesRegex(InvalidArgument, "^carc_game_rollouts: count must be 0 to"):
                game.rollouts(count)


class Readme(unittest.TestCase):
    def test_the_documented_sessions_run_as_shown(self):
        # The README's first game, then docs/python.md; each page's sessions go on where
        # the one before on that page left off.
        top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for page in ("README.md", os.path.join("docs", "python.md")):
            path = os.path.join(top, page)
            with open(path) as f:
                text = f.read()
            sessions = [block.split("```", 1)[0] for block in text.split("```pycon\n")[1:]]
            self.assertGreaterEqual(len(sessions), 1, page)
            names = {}
            for session in sessions:
                test = doctest.DocTestParser().get_doctest(session, names, page, path, 0)
                runner.run(test, clear_globs=False)
                names = test.globs
        self.assertGreater(runner.summarize(verbose=False).attempted, 15)
        self.assertEqual(runner.summarize(verbose=False).failed, 0)


class Loading(unittest.TestCase):
    def test_the_library_version_is_the_abi_version(self):
        self.assertEqual(carcassonne.library_version()[:2], carcassonne.ABI_VERSION)

    def test_a_bad_library_path_is_an_import_error(self):
        env = dict(os.environ, CARCASSONNE_LIBRARY="/nonexistent/libcarcassonne_c.so")
        run = subprocess.run([sys.executable, "-c", "import carcassonne"], env=env, capture_output=True, text=True)
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("ImportError: cannot load the carcassonne_c library (CARCASSONNE_LIBRARY=", run.stderr)


if __name__ == "__main__":
    unittest.main()
