#!/usr/bin/env python3
"""Plays one seeded random game through the Python binding and prints every turn, every
score and the result: the same game, printed the same way, as examples/c_random_game.c.
Usage: python_random_game.py [SEED] [PLAYERS]"""
import argparse
import os
import sys


def binding():
    """The carcassonne module: the installed one, else the one of this source checkout."""
    try:
        import carcassonne
    except ImportError:  # run from a source checkout: the module lives in capi/python
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "capi", "python"))
        import carcassonne
    return carcassonne


def number(lo: int, hi: int):
    """An argparse type: decimal digits only (int() also takes signs, spaces and '_'), lo..hi."""

    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to {hi}, not '{text}'")
        return int(text)

    return parse


def arguments(argv):
    """SEED and PLAYERS from the command line; anything else exits with the usage and status 2."""
    parser = argparse.ArgumentParser(
        prog="python_random_game.py",
        description="Plays one seeded random game through the Python binding and prints every turn and score.")
    parser.add_argument("seed", metavar="SEED", nargs="?", default=1, type=number(0, 2**64 - 1),
                        help="the game's seed, 0 to 18446744073709551615 (default 1)")
    parser.add_argument("players", metavar="PLAYERS", nargs="?", default=2, type=number(1, 6),
                        help="1 to 6 (default 2)")
    return parser.parse_args(argv)


class Lcg:
    """The 64-bit LCG of the C example, so that both pick the same moves."""

    def __init__(self, seed: int):
        self.state = seed

    def pick(self, n: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % n


def transcript(seed: int, players: int):
    """Yields the lines that describe the game."""
    carcassonne = binding()
    game = carcassonne.Game(players, seed)
    rng = Lcg(seed)
    yield f"seed {seed}, {players} players"
    while not game.over:
        player, tile = game.current_player, game.current_tile
        placements = game.placements()
        at = placements[rng.pick(len(placements))]
        game.place(at)
        choices = game.meeple_choices()
        choice = rng.pick(len(choices) + 1)
        meeple = choices[choice].location if choice < len(choices) else None
        game.deploy(meeple)
        yield f"P{player} {carcassonne.Move(tile, at.x, at.y, at.rotation, meeple)}"
        for e in game.events():
            if isinstance(e, carcassonne.DiscardEvent):
                yield f"  discard {e.tile}"
            else:
                kind = "final" if e.end_game else "score"
                winners = ",".join(f"P{p}" for p in e.winners)
                yield f"  {kind} {e.feature} {e.points} -> {winners} (meeples {' '.join(map(str, e.meeples))})"
    winners = ",".join(f"P{p}" for p in game.winners)
    yield f"scores {' '.join(map(str, game.scores))}; winners {winners}"


if __name__ == "__main__":
    args = arguments(sys.argv[1:])  # before loading the library: --help needs none
    for line in transcript(args.seed, args.players):
        print(line)
