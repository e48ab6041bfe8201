"""carcassonne.selfplay on a Dask LocalCluster of two worker processes: every game exactly
once, an interrupted and resumed run equal to an uninterrupted one (interrupted in Python,
and the command killed with SIGKILL), and a worker killed in the middle of a run costing no
game and doubling none. Some seconds of greedy and random games.

They need Dask distributed (Debian's python3-distributed, seen by /usr/bin/python3): without
it they skip, unless CARC_REQUIRE_DASK=1 (the ctest python_selfplay_dask sets it), when
that is a failure."""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from carcassonne.selfplay import Bot, Plan, RunError, dask_results, make_plan, play_game, run
from test_selfplay import Interrupt, interrupt_after, read_lines, without_time

try:
    import distributed
    missing = None
except ImportError as e:
    if os.environ.get("CARC_REQUIRE_DASK") == "1":
        raise
    missing = f"Dask distributed is not importable here ({e}): apt-get install python3-distributed"


def start_cluster():
    """Two single-threaded worker processes under nannies (a killed worker is restarted)."""
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                                       local_directory=tempfile.gettempdir(), silence_logs=50)
    return cluster, distributed.Client(cluster)


@unittest.skipIf(missing, missing)
class TwoWorkers(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cluster, cls.client = start_cluster()

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.plan = make_plan(40, ["greedy", "random"], seed=2026, rotate=True)

    def tearDown(self):
        self.dir.cleanup()

    def test_every_game_exactly_once_on_both_workers(self):
        path = os.path.join(self.dir.name, "games.jsonl")
        with distributed.get_task_stream(self.client) as stream:
            records = run(self.plan, path, client=self.client)
        self.assertEqual([r["game"] for r in records], list(range(40)))
        lines = read_lines(path)
        self.assertEqual(sorted(json.loads(line)["game"] for line in lines), list(range(40)))
        self.assertEqual(without_time(lines), without_time(json.dumps(play_game(self.plan, n)) for n in range(40)))
        games = [t for t in stream.data if t["key"].startswith("carcassonne-game-")]
        self.assertEqual(len({t["worker"] for t in games}), 2, "both workers played")

    def test_interrupted_and_resumed_is_one_whole_run(self):
        whole = os.path.join(self.dir.name, "whole.jsonl")
        run(self.plan, whole, client=self.client)
        path = os.path.join(self.dir.name, "resumed.jsonl")
        with self.assertRaises(Interrupt):
            run(self.plan, path, client=self.client, on_record=interrupt_after(9))
        self.assertEqual(len(read_lines(path)), 9)
        with open(path, "a", encoding="ascii") as f:
            f.write('{"game": 39, "seed": 5, "pla')  # the crash of a writer in mid-line
        with self.assertRaises(Interrupt):  # interrupted once more
            run(self.plan, path, client=self.client, on_record=interrupt_after(12))
        self.assertEqual(len(read_lines(path)), 21)
        run(self.plan, path, client=self.client)
        self.assertEqual(len(read_lines(path)), 40)
        self.assertEqual(without_time(read_lines(path)), without_time(read_lines(whole)))

    def test_the_command_killed_and_run_again_is_one_whole_run(self):
        plan = make_plan(200, ["greedy"], players=4, seed=9)
        args = [sys.executable, "-m", "carcassonne.selfplay", "--games", "200", "--bots", "greedy", "--players", "4",
                "--seed", "9", "--quiet"]
        path = os.path.join(self.dir.name, "killed.jsonl")
        command = subprocess.Popen(args + ["-o", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while (not os.path.exists(path) or len(read_lines(path)) < 10) and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            command.kill()  # SIGKILL: no clean-up of any kind; its cluster goes with it
            command.wait()
        written = len(read_lines(path))
        self.assertTrue(10 <= written < 200, f"killed after {written} of 200 games")
        run(plan, path, client=self.client)
        whole = os.path.join(self.dir.name, "whole.jsonl")
        run(plan, whole, client=self.client)
        self.assertEqual(len(read_lines(path)), 200)
        self.assertEqual(without_time(read_lines(path)), without_time(read_lines(whole)))

    def test_a_small_window_plays_every_game(self):
        plan = make_plan(30, ["random"], seed=1)
        got = [record["game"] for record in dask_results(self.client, plan, range(30), window=3)]
        self.assertEqual(sorted(got), list(range(30)))

    def test_a_game_that_fails_stops_the_run_and_says_which(self):
        plan = Plan(3, (Bot("nonsense", "nonsense"),) * 2, 2)  # past make_plan's checks
        path = os.path.join(self.dir.name, "failed.jsonl")
        why = r"^game \d: InvalidArgument: carc_bot_choose: 'nonsense' is not a bot level"
        with self.assertRaisesRegex(RunError, why):
            run(plan, path, client=self.client)
        self.assertEqual(read_lines(path), [])


@unittest.skipIf(missing, missing)
class KilledWorker(unittest.TestCase):
    def test_a_worker_killed_mid_run_loses_no_game_and_doubles_none(self):
        plan = make_plan(80, ["mcts:10"], players=2, seed=77)  # games of some 70 ms: in flight when killed
        cluster, client = start_cluster()
        pids = client.run(os.getpid)
        killed, seen = {}, []

        def kill_a_busy_worker(record):
            seen.append(record["game"])
            if killed or len(seen) < 10:
                return
            busy = [w for w, keys in client.processing().items() if keys]
            if busy:  # a worker with a game running: the kill takes it along
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.update(pid=pids[busy[0]], at=len(seen))

        try:
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "games.jsonl")
                records = run(plan, path, client=client, window=8, on_record=kill_a_busy_worker)
                self.assertLess(killed["at"], 80, "killed with games to play")
                self.assertEqual(sorted(seen), list(range(80)))
                self.assertEqual([r["game"] for r in records], list(range(80)))
                lines = read_lines(path)
                self.assertEqual(sorted(json.loads(line)["game"] for line in lines), list(range(80)))
                expected = without_time(json.dumps(play_game(plan, n)) for n in range(80))
                self.assertEqual(without_time(lines), expected)
            # The scheduler took the games the killed worker was running back (processing ->
            # released: nothing else releases a running game here) and ran them again: they
            # are in the file above, once each.
            taken_back = [e[0] for e in cluster.scheduler.transition_log if e[1:3] == ("processing", "released")]
            self.assertTrue(taken_back, "no game was taken back from the killed worker")
            deadline = time.monotonic() + 30
            while killed["pid"] in client.run(os.getpid).values() and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertNotIn(killed["pid"], client.run(os.getpid).values(), "the killed worker is gone")
        finally:
            client.close()
            cluster.close()

if __name__ == "__main__":
    unittest.main()
