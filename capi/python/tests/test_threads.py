"""One Game, or one Batch, shared by several Python threads: ctypes lets go of the GIL during
every C call, so without the object's lock the calls would run on one handle at once. Four
threads hammer one game for a few seconds (CARC_THREAD_SECONDS, default 2): one plays a turn
and takes it back over and over, the others read it every way there is; every answer must
be the answer of one of the two states, whole. Two threads share a batch as long: one steps
it, the other restarts its games and copies them out."""
import os
import threading
import time
import unittest

from carcassonne import Batch, Game, IllegalMove, Move, WrongPhase
from test_binding import Lcg
from test_records_queries import lcg_turn

SECONDS = float(os.environ.get("CARC_THREAD_SECONDS", "2"))

# What the readers ask, each a function of the shared game.
QUERIES = {
    "save": lambda g: g.save(),
    "text": lambda g: g.text_board(legal_cells=True),
    "svg": lambda g: g.svg(dead_cells=True),
    "scores": lambda g: g.scores,
    "projected": lambda g: g.projected_scores(),
    "placements": lambda g: g.placements(),
    "frontier": lambda g: g.frontier(),
    "history": lambda g: g.history(),
    "remaining": lambda g: g.remaining_tiles(),
    "rollouts": lambda g: g.rollouts(8, seed=5),
    "playout of a clone": lambda g: played_out(g.clone()),
    "repr": lambda g: repr(g),
}


def played_out(game):
    game.playout(11)
    return game.scores, game.save()


class SharedGame(unittest.TestCase):
    def test_threads_hammering_one_game_see_only_whole_states(self):
        game = Game(3, seed=23)
        rng = Lcg(23)
        for _ in range(15):
            lcg_turn(game, rng)
        game.events()
        before = {name: ask(game) for name, ask in QUERIES.items()}
        at = game.placements()[0]
        move = Move(game.current_tile, at.x, at.y, at.rotation)  # a whole turn in one call
        game.play(move)
        after = {name: ask(game) for name, ask in QUERIES.items()}
        game.undo()
        self.assertEqual({name: ask(game) for name, ask in QUERIES.items()}, before)
        self.assertNotEqual(before["save"], after["save"])

        failures, counts = [], {}
        stop = time.monotonic() + SECONDS

        def writer():
            n = 0
            while time.monotonic() < stop:
                game.play(move)
                game.undo()
                n += 1
            counts["writer"] = n

        def reader(k):
            work = Game(1)
            n = 0
            names = list(QUERIES)
            while time.monotonic() < stop:
                name = names[(n + k) % len(names)]
                answer = QUERIES[name](game)
                if answer != before[name] and answer != after[name]:
                    failures.append(f"reader {k}: {name} answered what neither state answers")
                work.copy_from(game)
                if work.save() not in (before["save"], after["save"]):
                    failures.append(f"reader {k}: copy_from copied a state between two calls")
                n += 1
            counts[k] = n

        def guarded(body, *args):
            try:
                body(*args)
            except Exception as e:  # any exception fails the test, with its thread
                failures.append(f"{body.__name__}{args}: {type(e).__name__}: {e}")

        threads = [threading.Thread(target=guarded, args=(writer,))]
        threads += [threading.Thread(target=guarded, args=(reader, k)) for k in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures[:5], [])
        self.assertEqual(len(counts), 4)
        self.assertTrue(all(n > 10 for n in counts.values()), counts)  # every thread really ran
        self.assertEqual(game.save(), before["save"])  # the writer always took its turn back


class SharedBatch(unittest.TestCase):
    def test_a_batch_stepped_on_one_thread_and_restarted_on_another_stays_whole(self):
        # Issue 29: one thread stepping 512 games, another restarting games and copying them
        # out; copies stopped loading, then a step never returned (4 runs of 4).
        batch = Batch(512, 2, seed=3)
        failures, counts = [], {}
        stop = time.monotonic() + SECONDS

        def stepper():
            steps = stale = 0
            while time.monotonic() < stop:
                actions = [batch.legal_actions(i)[steps % batch.legal_counts[i]] for i in range(batch.games)]
                try:
                    batch.step(actions)
                    steps += 1
                except (IllegalMove, WrongPhase) as e:
                    # An action picked before its game was restarted, checked against the
                    # new game: refused, nothing changed. Not so a call refused as busy.
                    if "another call on this batch is running" in str(e):
                        raise
                    stale += 1
                    batch.refresh()
            counts["steps"], counts["stale"] = steps, stale

        def copier():
            n = 0
            while time.monotonic() < stop:
                batch.restart(n % batch.games, 1000 + n)
                record = batch.game((n + 1) % batch.games).save()
                if Game.load(record).save() != record:
                    failures.append(f"copy {n}: its record loads to another game")
                n += 1
            counts["copies"] = n

        def guarded(body):
            try:
                body()
            except Exception as e:  # any exception fails the test, with its thread
                failures.append(f"{body.__name__}: {type(e).__name__}: {e}")

        threads = [threading.Thread(target=guarded, args=(body,)) for body in (stepper, copier)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures[:5], [])
        self.assertGreater(counts["steps"], 10, counts)  # both threads really ran
        self.assertGreater(counts["copies"], 10, counts)


if __name__ == "__main__":
    unittest.main()
