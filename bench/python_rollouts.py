#!/usr/bin/env python3
"""Rollouts per second from Python through the ctypes binding, run by hand.

A rollout plays the rest of a game from a given position with random legal moves and
reads the outcome. The position is a 2-player game (farmers on) after 5 turns. Two ways:
  per call  work.copy_from(start); work.playout(seed); work.scores   (foreign calls per rollout)
  batch     start.rollouts(N, seed)   (carc_game_rollouts: N rollouts in one foreign call)

    python3 bench/python_rollouts.py [--seconds S] [--repeats R] [--batch N] [--lines]
    python3 bench/python_rollouts.py --quick    # no timing: both ways must agree (ctest)

Each figure is the best of R runs of at least S seconds, timed on the CPU time of this
process, so that other processes on a shared machine do not count. It uses an installed
carcassonne package (pip install) if there is one, else the checkout's, which loads the
library named by CARCASSONNE_LIBRARY, else the freshest build tree of this checkout.
"""
import argparse
import os
import random
import sys
import time

try:
    import carcassonne
except ImportError:  # run from a checkout: the binding lives in capi/python
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "capi", "python"))
    import carcassonne


def start_position(turns=5, seed=1):
    """A 2-player game after `turns` random turns."""
    game = carcassonne.Game(2, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        game.place(rng.choice(game.placements()))
        game.deploy(rng.choice(game.meeple_choices() + [None]))
    game.events()  # read, as a client would have
    return game


def per_call(start, work, seed, count):
    """`count` rollouts, one copy, playout and score read each; per-player score sums and wins."""
    sums, wins = [0, 0], [0, 0]
    for i in range(count):
        work.copy_from(start)
        work.playout(seed + i)
        scores = work.scores
        best = max(scores)
        for p in (0, 1):
            sums[p] += scores[p]
            wins[p] += scores[p] == best
    return sums, wins


def rate(seconds, run):
    """Rollouts per second of run(first_seed), which returns how many it did."""
    done, seed = 0, 1
    t0 = time.process_time()
    while True:
        n = run(seed)
        done += n
        seed += n
        t = time.process_time() - t0
        if t >= seconds:
            return done / t


def quick():
    start = start_position()
    work = start.clone()
    sums, wins = per_call(start, work, 100, 40)
    batch = start.rollouts(40, seed=100)
    if (list(batch.score_sums), list(batch.wins)) != (sums, wins):
        print(f"the two ways disagree: per call {sums} {wins}, batch {batch}")
        return 1
    print(f"quick run: 40 rollouts each way agree; mean scores {batch.mean_scores}, win rates {batch.win_rates}")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1000, help="rollouts per carc_game_rollouts call")
    parser.add_argument("--lines", action="store_true", help="one `name value unit` line per figure")
    parser.add_argument("--quick", action="store_true", help="no timing: check that both ways agree")
    args = parser.parse_args()
    if args.quick:
        return quick()

    start = start_position()
    work = start.clone()
    chunk = 100
    figures = [
        ("python_rollouts_per_call", "rollouts from turn 5, copy + playout + scores",
         lambda seed: (per_call(start, work, seed, chunk), chunk)[1]),
        ("python_rollouts_batch", f"rollouts from turn 5, rollouts({args.batch}) a call",
         lambda seed: start.rollouts(args.batch, seed).count),
    ]
    if not args.lines:
        print(f"Python {sys.version.split()[0]}, library {carcassonne.library_path}; times: CPU time of this process")
    for name, what, run in figures:
        best = max(rate(args.seconds, run) for _ in range(max(1, args.repeats)))
        print(f"{name} {best:.6g} rollouts/s" if args.lines else f"{what:<52} {best:>14.1f} rollouts/s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
