#!/usr/bin/env python3
"""Plays one seeded random game through the Python binding and prints every turn, every
score and the result: the same game, printed the same way, as examples/c_random_game.c.
Usage: python_random_game.py [seed] [players]"""
import os
import sys

try:
    import carcassonne
except ImportError:  # run from a source checkout: the module lives in capi/python
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "capi", "python"))
    import carcassonne


class Lcg:
    """The 64-bit LCG of the C example, so that both pick the same moves."""

    def __init__(self, seed: int):
        self.state = seed

    def pick(self, n: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % n


def transcript(seed: int, players: int):
    """Yields the lines that describe the game."""
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
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    for line in transcript(seed, players):
        print(line)
