#!/usr/bin/env python3
"""Random play driven from Python through the batched call against Game::playout in C++,
games per second side by side, run by hand (docs/rl.md, README "Python for reinforcement
learning"):

  python    Batch(B games).step(actions) over and over: each step one C call
            (carc_batch_step) applies one action per game, resets finished games and
            writes the legal action lists; Python picks every action, uniformly among
            the legal ones, with numpy (or the random module without numpy)
  C++       carc_game_rollouts from a new game: Game::playout on a fresh copy per game,
            all in C++ (one foreign call for all of them)

Both play whole 2-player games with random legal moves: each placement uniform among the
legal ones, then the meeple (or none) uniform among the choices.

    /usr/bin/python3 bench/rl_batch.py [--seconds S] [--repeats R] [--batch B] [--players P]
    /usr/bin/python3 bench/rl_batch.py --quick   # no timing: a few steps must be legal (ctest)

Each figure is the best of R runs of at least S seconds of this process's CPU time, so that
other processes on a shared machine do not count; the two ways run in turn, so that a drift
in the machine's speed slows both. It loads the library as the binding does
(CARCASSONNE_LIBRARY, else the freshest build tree of this checkout).
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
from carcassonne import rl

np = rl._np


def python_driven(batch_size, players, seconds, seed=1):
    """Games per CPU second of random play stepped through Batch."""
    batch = rl.Batch(batch_size, players, seed)
    games, steps = 0, 0
    if np is not None:
        rng = np.random.default_rng(seed)
        rows = np.arange(batch_size) * rl.CARC_RL_MAX_LEGAL
        flat = batch.legal.reshape(-1)
        counts = batch.legal_counts
        t0 = time.process_time()
        while True:
            for _ in range(64):
                pick = (rng.random(batch_size) * counts).astype(np.int32)
                batch.step(flat[rows + pick])
                games += int(np.count_nonzero(batch.done))
            steps += 64
            elapsed = time.process_time() - t0
            if elapsed >= seconds:
                return games / elapsed, steps
    r = random.Random(seed)
    legal, counts, done = batch.legal, batch.legal_counts, batch.done
    actions = [0] * batch_size
    t0 = time.process_time()
    while True:
        for i in range(batch_size):
            actions[i] = legal[i * rl.CARC_RL_MAX_LEGAL + int(r.random() * counts[i])]
        batch.step(actions)
        games += sum(done)
        steps += 1
        elapsed = time.process_time() - t0
        if elapsed >= seconds:
            return games / elapsed, steps


def cxx_playouts(players, seconds, seed=1):
    """Games per CPU second of Game::playout from a new game (carc_game_rollouts)."""
    start = carcassonne.Game(players, 0)
    done = 0
    t0 = time.process_time()
    while True:
        start.rollouts(2000, seed + done)
        done += 2000
        elapsed = time.process_time() - t0
        if elapsed >= seconds:
            return done / elapsed


def quick():
    """A few steps of each way; every action the Python side picks is legal."""
    batch = rl.Batch(8, 2, 5, sorted_legal=True)
    r = random.Random(5)
    for _ in range(300):
        actions = [batch.legal_actions(i)[int(r.random() * batch.legal_counts[i])] for i in range(8)]
        batch.step(actions)
    finished = python_driven(16, 2, 0.0)
    assert finished[1] >= 1, finished
    assert cxx_playouts(2, 0.0) > 0
    print("rl_batch --quick: ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run (default 3)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure, the best counts (default 3)")
    parser.add_argument("--batch", type=int, default=256, help="games per batch (default 256)")
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--quick", action="store_true", help="legality only, no timing (for ctest)")
    args = parser.parse_args()
    if args.quick:
        quick()
        return
    py = cxx = 0.0
    for _ in range(args.repeats):
        py = max(py, python_driven(args.batch, args.players, args.seconds)[0])
        cxx = max(cxx, cxx_playouts(args.players, args.seconds))
    way = "numpy" if np is not None else "no numpy: the random module"
    print(f"random {args.players}-player games per CPU second, best of {args.repeats} x {args.seconds:g} s")
    print(f"  Python through carc_batch_step ({args.batch} games a batch, {way}): {py:10,.0f}")
    print(f"  C++ Game::playout (carc_game_rollouts):                      {cxx:10,.0f}")
    print(f"  Python-driven / C++: {py / cxx:.0%}")


if __name__ == "__main__":
    main()
