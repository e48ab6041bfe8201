"""Replays a game natively (the C++ engine through the Python binding) for the browser test:
reads a public record on stdin, takes its moves, plays them on Game(players, seed) with the
given rule options from the same seed and prints {"scores": [...], "events": [...]} as
JSON, the events in the shape carcassonne.js gives them.

usage: native_replay.py PLAYERS SEED FARMERS SMALL_CITY FIRST_FARMERS [RIVER ABBOT]   (options 0 or 1)
The library is the one CARCASSONNE_LIBRARY names (the test sets it to build/release's)."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "capi", "python"))
from carcassonne import DiscardEvent, Game, RecallEvent  # noqa: E402


def event_json(e):
    if isinstance(e, DiscardEvent):
        return {"type": "discard", "tile": e.tile, "text": e.text}
    if isinstance(e, RecallEvent):
        return {"type": "recall", "feature": e.feature, "points": e.points, "winners": list(e.winners), "tile": e.tile,
                "x": e.x, "y": e.y, "location": e.location, "text": e.text}
    return {"type": "score", "feature": e.feature, "points": e.points, "winners": list(e.winners),
            "endGame": e.end_game, "tile": e.tile, "x": e.x, "y": e.y, "location": e.location, "tiles": e.tiles,
            "meeples": list(e.meeples), "text": e.text}


def main():
    if len(sys.argv) not in (6, 8):
        sys.exit(__doc__)
    players, seed, farmers, small_city, first_farmers, river, abbot = (int(a) for a in sys.argv[1:] + ["0", "0"][:8 - len(sys.argv)])
    moves = Game.load(sys.stdin.read()).history()
    game = Game(players, seed, farmers=bool(farmers), first_edition_small_city=bool(small_city),
                first_edition_farmers=bool(first_farmers), river=bool(river), abbot=bool(abbot))
    events = [event_json(e) for e in game.events()]  # discards before the first tile
    for move in moves:
        game.play(move)
        events += [event_json(e) for e in game.events()]
    print(json.dumps({"scores": game.scores, "over": game.over, "events": events}))


main()
