"""carcassonne.selfplay without Dask: seeds, bots, the results file (resume, repair, refusal
of another run's lines), the summary, the local process pool and the command. The Dask
runs are in test_selfplay_dask.py. A few seconds of random and greedy games."""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import unittest

from carcassonne import selfplay
from carcassonne.selfplay import Bot, ResultsFile, make_plan, parse_bot, play_game, run, wilson


def without_time(lines):
    """A file's lines as a set, each without its time: what two runs of a plan share."""
    out = set()
    for line in lines:
        record = json.loads(line)
        del record["seconds"]
        out.add(json.dumps(record, sort_keys=True))
    return out


def read_lines(path):
    with open(path, encoding="ascii") as f:
        return f.read().splitlines()


class Interrupt(Exception):
    """Stands for Ctrl-C or a crash of the client in the middle of a run."""


def interrupt_after(k):
    seen = []

    def on_record(record):
        seen.append(record["game"])
        if len(seen) == k:
            raise Interrupt

    return on_record


class Seeds(unittest.TestCase):
    def test_derive_is_splitmix64(self):
        # The first outputs of SplitMix64 from 0 (the reference sequence of its authors).
        self.assertEqual(selfplay.derive(0, 0), 0xE220A8397B1DCDAF)
        self.assertEqual(selfplay.derive(0, 1), 0x6E789E6AA1B965F4)

    def test_game_seeds_depend_on_base_and_number_only(self):
        plan = make_plan(100, ["random"], seed=5)
        seeds = [plan.game_seed(n) for n in range(100)]
        self.assertEqual(len(set(seeds)), 100)
        self.assertEqual(seeds, [make_plan(3, ["greedy", "random"], seed=5).game_seed(n) for n in range(100)])
        self.assertNotEqual(seeds[0], make_plan(1, ["random"], seed=6).game_seed(0))


class Bots(unittest.TestCase):
    def test_names(self):
        self.assertEqual(parse_bot("random"), Bot("random", "random"))
        self.assertEqual(parse_bot("greedy"), Bot("greedy", "greedy"))
        self.assertEqual(parse_bot("mcts"), Bot("mcts", "mcts", 1000, 0))
        self.assertEqual(parse_bot("mcts:250"), Bot("mcts:250", "mcts", 250, 0))
        self.assertEqual(parse_bot("mcts:40ms"), Bot("mcts:40ms", "mcts", 0, 40))

    def test_bad_names_say_why(self):
        for text, why in (("minimax", "level"), ("greedy:5", "only mcts"), ("mcts:", "budget"),
                          ("mcts:0", "budget"), ("mcts:-3", "budget"), ("mcts:5s", "budget"), ("mcts:ms", "budget"),
                          ("mcts:99999999999", "budget"), ("MCTS", "level")):
            with self.subTest(text=text), self.assertRaisesRegex(ValueError, why):
                parse_bot(text)

    def test_plans(self):
        self.assertEqual(make_plan(1, ["mcts"]).players, 2)
        self.assertEqual([b.name for b in make_plan(1, ["greedy"], players=4).bots], ["greedy"] * 4)
        plan = make_plan(5, ["greedy", "random", "random"], rotate=True)
        self.assertEqual([plan.entrants(n) for n in range(4)], [[0, 1, 2], [2, 0, 1], [1, 2, 0], [0, 1, 2]])
        self.assertEqual(plan.seats(1), ["random", "greedy", "random"])
        self.assertEqual(make_plan(5, ["greedy", "random"]).entrants(1), [0, 1])

    def test_bad_plans_say_why(self):
        for kwargs, why in ((dict(bots=[]), "no bots"), (dict(bots=["greedy", "random"], players=3), "2 bots for 3"),
                            (dict(bots=["random"], options={"rivers": True}), "no option rivers"),
                            (dict(bots=["random"], options={"farmers": 1}), "True or False"),
                            (dict(bots=["random"], players=7), "player count"),
                            (dict(bots=["random"], games=-1), "games")):
            kwargs.setdefault("games", 3)
            with self.subTest(kwargs=kwargs), self.assertRaisesRegex(ValueError, why):
                make_plan(**kwargs)


class Games(unittest.TestCase):
    def test_a_game_is_the_same_every_time(self):
        plan = make_plan(4, ["greedy", "random", "mcts:20"], options={"farmers": False}, rotate=True)
        first, again = play_game(plan, 2), play_game(plan, 2)
        self.assertGreater(first.pop("seconds"), 0)
        again.pop("seconds")
        self.assertEqual(first, again)
        self.assertEqual(first["game"], 2)
        self.assertEqual(first["seed"], plan.game_seed(2))
        self.assertEqual(first["seats"], ["random", "mcts:20", "greedy"])
        self.assertEqual(first["entrants"], [1, 2, 0])
        self.assertFalse(first["options"]["farmers"])
        self.assertEqual(len(first["scores"]), 3)
        self.assertEqual(first["winners"], [p for p in range(3) if first["scores"][p] == max(first["scores"])])
        self.assertIn("farmers off", first["record"])
        self.assertIn(f"seed {first['seed']}", first["record"])
        self.assertGreater(first["turns"], 0)

    def test_the_record_replays_to_the_scores(self):
        record = play_game(make_plan(1, ["greedy"], players=2, options={"first_edition_farmers": True}), 0)
        game = selfplay.carcassonne.Game.load(record["record"])
        self.assertTrue(game.over)
        self.assertEqual(game.scores, record["scores"])
        self.assertTrue(game.option("first_edition_farmers"))

    @unittest.skipUnless("traders_and_builders" in selfplay.option_names(),
                         "Game does not take the expansions' options by name yet")
    def test_games_with_every_expansion_the_bonus_decision_included(self):
        options = {"river": True, "abbot": True, "inns_and_cathedrals": True, "traders_and_builders": True}
        plan = make_plan(2, ["greedy", "random", "mcts:4"], options=options, rotate=True)
        first, again = play_game(plan, 1), play_game(plan, 1)
        first.pop("seconds"), again.pop("seconds")
        self.assertEqual(first, again)
        self.assertTrue(all(first["options"][name] for name in options))
        self.assertEqual(first["winners"], [p for p in range(3) if first["scores"][p] == max(first["scores"])])

    def test_a_greedy_player_beats_a_random_one(self):
        plan = make_plan(6, ["greedy", "random"], rotate=True)
        records = [play_game(plan, n) for n in range(6)]
        rows = selfplay.summary(records, plan)
        self.assertEqual((rows[0].games, rows[0].wins, rows[1].wins), (6, 6, 0))
        self.assertGreater(rows[0].mean_score, rows[1].mean_score)


class Summary(unittest.TestCase):
    def test_wilson(self):
        low, high = wilson(5, 10)
        self.assertAlmostEqual(low, 0.2366, places=4)
        self.assertAlmostEqual(high, 0.7634, places=4)
        self.assertEqual(wilson(0, 10)[0], 0.0)
        self.assertAlmostEqual(wilson(0, 10)[1], 0.2775, places=4)
        self.assertAlmostEqual(wilson(10, 10)[0], 0.7225, places=4)
        self.assertEqual(wilson(0, 0), (0.0, 1.0))

    def test_wins_ties_and_means(self):
        plan = make_plan(3, ["greedy", "random"], rotate=True)
        records = [{"entrants": [0, 1], "scores": [10, 5], "winners": [0]},
                   {"entrants": [1, 0], "scores": [7, 7], "winners": [0, 1]},
                   {"entrants": [0, 1], "scores": [1, 9], "winners": [1]}]
        greedy, rand = selfplay.summary(records, plan)
        self.assertEqual((greedy.bot, greedy.games, greedy.wins, greedy.ties), ("greedy", 3, 1, 1))
        self.assertEqual((rand.wins, rand.ties), (1, 1))
        self.assertAlmostEqual(greedy.mean_score, 18 / 3)
        self.assertAlmostEqual(rand.mean_score, 21 / 3)
        self.assertEqual((greedy.low, greedy.high), wilson(1, 3))
        table = selfplay.format_summary([greedy, rand])
        self.assertIn("95% interval", table)
        self.assertIn("33.3%", table)


class File(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "games.jsonl")
        self.plan = make_plan(4, ["random", "greedy"], seed=3)

    def tearDown(self):
        self.dir.cleanup()

    def write(self, text):
        with open(self.path, "w", encoding="ascii") as f:
            f.write(text)

    def content(self):
        with open(self.path, "rb") as f:
            return f.read()

    def line(self, n, plan=None):
        return json.dumps(play_game(plan or self.plan, n)) + "\n"

    def test_a_half_written_last_line_is_dropped(self):
        whole = self.line(0) + self.line(2)
        self.write(whole + self.line(1)[:50])
        with ResultsFile(self.path, self.plan) as out:
            self.assertEqual(sorted(out.records), [0, 2])
        self.assertEqual(self.content(), whole.encode())

    def test_a_game_already_there_is_not_written_again(self):
        self.write(self.line(1))
        with ResultsFile(self.path, self.plan) as out:
            self.assertFalse(out.add(play_game(self.plan, 1)))
            self.assertTrue(out.add(play_game(self.plan, 3)))
            self.assertFalse(out.add(play_game(self.plan, 3)))
        self.assertEqual([json.loads(line)["game"] for line in read_lines(self.path)], [1, 3])

    def test_a_second_run_on_the_same_file_is_refused(self):
        with ResultsFile(self.path, self.plan):
            with self.assertRaisesRegex(ValueError, "another run is writing"):
                ResultsFile(self.path, self.plan)

    def test_bad_or_foreign_lines_are_refused_and_the_file_is_untouched(self):
        other_seed = make_plan(4, ["random", "greedy"], seed=4)
        other_bots = make_plan(4, ["random", "random"], seed=3)
        other_rules = make_plan(4, ["random", "greedy"], seed=3, options={"farmers": False})
        cases = (("not json\n", "is not a game's line"), ('{"seed": 1}\n', "is not a game's line"),
                 ("[1, 2]\n", "is not a game's line"),
                 (self.line(0, other_seed), "other bots, seed or options"),
                 (self.line(0, other_bots), "other bots, seed or options"),
                 (self.line(0, other_rules), "other bots, seed or options"))
        for text, why in cases:
            with self.subTest(why=why, text=text[:30]):
                before = self.line(1) + text + self.line(2)[:20]  # a half line, which must stay too
                self.write(before)
                with self.assertRaisesRegex(ValueError, why):
                    ResultsFile(self.path, self.plan)
                self.assertEqual(self.content(), before.encode())
                with self.assertRaisesRegex(ValueError, why):
                    run(self.plan, self.path, no_dask=True)
                self.assertEqual(self.content(), before.encode())

    def test_a_resumed_line_must_be_a_whole_game_whose_record_replays_to_it(self):
        # Edited scores entered the summary, a line of only game, seed, seats and options
        # crashed it with a KeyError, and "game": true counted as game 1 (issue 29).
        good = play_game(self.plan, 1)
        game = selfplay.carcassonne.Game.load(good["record"])
        self.assertEqual(tuple(good), selfplay.LINE_FIELDS)
        cut = good["record"].splitlines(True)
        unfinished = "".join(cut[:cut.index(next(l for l in cut if l.startswith("order") or l.startswith("seed"))) + 4])

        def edited(**fields):
            return json.dumps(dict(good, **fields)) + "\n"

        identity = {name: good[name] for name in ("game", "seed", "seats", "options")}
        cases = ((edited(scores=[good["scores"][0] + 50, good["scores"][1]]),
                  f"game 1: its scores are {[good['scores'][0] + 50, good['scores'][1]]}, but its record replays to "
                  f"{good['scores']}"),
                 (edited(winners=[1 - good["winners"][0]]), "game 1: its winners are"),
                 (edited(turns=good["turns"] + 1), "game 1: its turns are"),
                 (json.dumps(identity) + "\n",
                  "game 1: not a whole game's line (no players, entrants, scores, winners, turns, record, version, "
                  "seconds)"),
                 (edited(game=True), "is not a game's line of carcassonne.selfplay (game True)"),
                 (edited(entrants=[1, 0]), "game 1: its players or entrants are not this run's"),
                 (edited(record=play_game(self.plan, 2)["record"]),
                  "game 1: its record is not of the game's seed, players and options"),
                 (edited(record=unfinished), "game 1: its record is not of a finished game"),
                 (edited(record="carcassonne-record 1\nplayers 9\n"), "game 1: its record does not load"),
                 (edited(record=42), "game 1: its record is not of the game's seed"),
                 (edited(seconds="fast"), "game 1: its version or seconds are not text and a number"))
        self.assertEqual(game.scores, good["scores"])
        for text, why in cases:
            with self.subTest(why=why):
                before = self.line(0) + text
                self.write(before)
                with self.assertRaises(ValueError) as e:
                    ResultsFile(self.path, self.plan)
                self.assertTrue(str(e.exception).startswith(f"{self.path}:2: {why}"), str(e.exception))
                self.assertNotIn("\n", str(e.exception))
                self.assertEqual(self.content(), before.encode())

    def test_run_needs_a_client_or_the_pool(self):
        with self.assertRaisesRegex(ValueError, "Dask client"):
            run(self.plan, self.path)
        self.assertFalse(os.path.exists(self.path))


class Pool(unittest.TestCase):
    """The local process pool (--no-dask) behind the same writer as Dask."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.plan = make_plan(24, ["greedy", "random"], seed=11, rotate=True)

    def tearDown(self):
        self.dir.cleanup()

    def test_every_game_once_and_as_played_here(self):
        path = os.path.join(self.dir.name, "all.jsonl")
        records = run(self.plan, path, no_dask=True, workers=2)
        self.assertEqual([r["game"] for r in records], list(range(24)))
        lines = read_lines(path)
        self.assertEqual(sorted(json.loads(line)["game"] for line in lines), list(range(24)))
        self.assertEqual(without_time(lines), without_time(json.dumps(play_game(self.plan, n)) for n in range(24)))
        self.assertEqual(run(self.plan, path, no_dask=True, workers=2), records)  # nothing left to play
        self.assertEqual(len(read_lines(path)), 24)

    def test_interrupted_and_resumed_is_one_whole_run(self):
        whole = os.path.join(self.dir.name, "whole.jsonl")
        run(self.plan, whole, no_dask=True, workers=2)
        path = os.path.join(self.dir.name, "resumed.jsonl")
        with self.assertRaises(Interrupt):
            run(self.plan, path, no_dask=True, workers=2, on_record=interrupt_after(7))
        self.assertEqual(len(read_lines(path)), 7)
        with open(path, "a", encoding="ascii") as f:
            f.write('{"game": 23, "seed": 1')  # the crash of a writer in mid-line
        run(self.plan, path, no_dask=True, workers=2)
        self.assertEqual(len(read_lines(path)), 24)
        self.assertEqual(without_time(read_lines(path)), without_time(read_lines(whole)))


    def test_a_game_that_fails_stops_the_run_and_says_which(self):
        plan = selfplay.Plan(3, (Bot("nonsense", "nonsense"),) * 2, 2)  # past make_plan's checks
        path = os.path.join(self.dir.name, "failed.jsonl")
        why = r"^game \d: InvalidArgument: carc_bot_choose: 'nonsense' is not a bot level"
        with self.assertRaisesRegex(selfplay.RunError, why):
            run(plan, path, no_dask=True, workers=1)
        self.assertEqual(read_lines(path), [])


class Window(unittest.TestCase):
    """_windowed, the loop under both the Dask and the pool runs, on futures made by hand."""

    def test_at_most_window_games_in_flight(self):
        in_flight, most = set(), []

        def submit(n):
            future = concurrent.futures.Future()
            future.set_result({"game": n})
            in_flight.add(n)
            most.append(len(in_flight))
            return future

        def wait_one(running):
            future = min(running, key=running.get)
            in_flight.discard(running[future])
            return future

        got = [r["game"] for r in selfplay._windowed(range(10), 3, submit, wait_one)]
        self.assertEqual(got, list(range(10)))
        self.assertEqual(max(most), 3)

    def test_leaving_early_cancels_the_games_in_flight(self):
        futures = []

        def submit(n):
            futures.append(concurrent.futures.Future())
            return futures[-1]

        def wait_one(running):
            future = next(iter(running))
            future.set_result({"game": running[future]})
            return future

        results = selfplay._windowed(range(10), 4, submit, wait_one)
        self.assertEqual([next(results)["game"], next(results)["game"]], [0, 1])
        results.close()
        self.assertEqual(len(futures), 5)  # 0..3, then 4 when 0 was taken
        self.assertEqual([f.cancelled() for f in futures], [False, False, True, True, True])


class Command(unittest.TestCase):
    def command(self, *args, code="from carcassonne import selfplay; import sys; sys.exit(selfplay.main())"):
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)

    def test_a_run_and_its_table(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "games.jsonl")
            args = ["--games", "6", "--bots", "greedy", "random", "--no-dask", "--no-farmers", "--rotate", "-o", path]
            done = self.command(*args)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("6 games of 2 players (farmers off", done.stdout)
            self.assertRegex(done.stdout, r"0\s+greedy\s+6\s+6\s+100.0%")
            self.assertEqual(len(read_lines(path)), 6)
            again = self.command(*args[:1], "8", *args[2:])  # two more games
            self.assertEqual(again.returncode, 0, again.stderr)
            self.assertEqual(sorted(json.loads(line)["game"] for line in read_lines(path)), list(range(8)))
            other = self.command("--games", "8", "--bots", "greedy", "random", "--no-dask", "-o", path)
            self.assertEqual(other.returncode, 1)
            self.assertIn("other bots, seed or options", other.stderr)

    def test_a_bad_output_or_line_is_one_line_on_stderr_not_a_traceback(self):
        # -o DIR and -o /dev/zero ended in IsADirectoryError and MemoryError tracebacks.
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "games.jsonl")
            line = dict(play_game(make_plan(1, ["greedy", "random"]), 0), scores=[1, 2])
            with open(path, "w", encoding="ascii") as f:
                f.write(json.dumps(line) + "\n")
            for output, why in ((d, f"{d}: cannot open it: Is a directory"),
                                ("/dev/zero", "/dev/zero: not a regular file; name a file for the games' lines"),
                                (os.path.join(d, "no", "such.jsonl"), "cannot open it: No such file or directory"),
                                (path, f"{path}:1: game 0: its scores are [1, 2], but its record replays to")):
                with self.subTest(output=output):
                    done = self.command("--games", "1", "--no-dask", "--quiet", "-o", output)
                    self.assertEqual(done.returncode, 1)
                    self.assertEqual(done.stderr.count("\n"), 1, done.stderr)
                    self.assertIn(f"carcassonne.selfplay: ", done.stderr)
                    self.assertIn(why, done.stderr)

    def test_bad_arguments_exit_2_with_the_reason(self):
        for args, why in ((["--bots", "mcts:x"], "budget"), (["--games", "-1"], "whole number"),
                          (["--option", "rivers"], "no option rivers"), (["--option", "farmers=maybe"], "NAME=on"),
                          (["--players", "3"], "2 bots for 3"), (["--seed", "18446744073709551616"], "whole number")):
            with self.subTest(args=args):
                done = self.command(*args, "--no-dask")
                self.assertEqual(done.returncode, 2)
                self.assertIn(why, done.stderr)

    def test_without_dask_it_says_what_is_missing(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "games.jsonl")
            code = ("import sys; sys.modules['distributed'] = None; from carcassonne import selfplay; "
                    "sys.exit(selfplay.main())")
            done = self.command("--games", "2", "-o", path, code=code)
            self.assertEqual(done.returncode, 1)
            self.assertIn("Dask distributed is not importable", done.stderr)
            self.assertIn("python3-distributed", done.stderr)
            self.assertIn("--no-dask", done.stderr)
            self.assertFalse(os.path.exists(path))


if __name__ == "__main__":
    unittest.main()
