"""Every argument of every public function, of the wrong type or out of range, raises
InvalidArgument before anything reaches C (ctypes would cut ints to 32 bits, take a string
for True, read text only up to a NUL) and changes nothing: the record, everything the
binding shows and the unread events are the same before and after."""
import unittest

import carcassonne
from carcassonne import CarcassonneError, Game, InvalidArgument, Move, Phase, Placement
from test_binding import snapshot

BIG = [2**31, -2**31 - 1, 2**32, 2**32 + 1, 2**64, -2**64]
NOT_INTS = [True, False, 1.0, "1", None, [1]]
NOT_FLAGS = [1, 0, "no", "False", None, 1.0]
NOT_TEXT = [b"E 0,-1 180", 5, None, ["E"]]
BAD_TILES = ["Y", "e", "", "EE", 4, None, True]
BAD_LOCATIONS = ["Q", "n", "", 1, True, ["N"]]


def position(phase):
    """A mid-game position in the given phase, with unread events."""
    game = Game(3, seed=31)
    for _ in range(12):
        game.place(game.placements()[-1])
        choices = game.meeple_choices()
        game.deploy(choices[0] if choices else None)
    if phase == Phase.PLACE_MEEPLE:
        game.place(game.placements()[0])
    assert game.phase == phase
    return game


# (what, phase, call with the bad value, bad values). Every call is one the game would
# take with a good value in that phase.
CASES = [
    ("option", Phase.PLACE_TILE, lambda g, v: g.option(v), ["pig", "Abbot", 1, None, ["farmers"]]),
    ("place", Phase.PLACE_TILE, lambda g, v: g.place(v),
     [(2**32, 0, 0), (0, 2**32 - 1, 180), (128, 0, 0), (0, -129, 0), (0, -1, 45), (0, -1, 360), (0, -1, -90),
      (0, -1, True), (0, -1, 180.0), (True, 0, 0), ("0", 0, 0), (0, -1), (0, -1, 180, "S"), None, "0-1",
      Placement(2**32, 0, 0), Placement(0, 0, 2**32 + 90)]),
    ("deploy", Phase.PLACE_MEEPLE, lambda g, v: g.deploy(v), BAD_LOCATIONS + [0, 15]),
    ("play text", Phase.PLACE_TILE, lambda g, v: g.play(v),
     ["E 0,-1 180 S\0junk", "\0", "Ü 0,0 0", "E 0,-1 180 \u00e9"] + NOT_TEXT),
    ("play move", Phase.PLACE_TILE, lambda g, v: g.play(Move(g.current_tile, *v)),
     [(2**32, 0, 0), (0, 2**32, 0), (0, 0, 90 + 2**32), (0, 0, True), (0, 0, 0, "Q"), (0, 0, 0, 5), (128, 0, 0)]),
    ("play move tile", Phase.PLACE_TILE, lambda g, v: g.play(Move(v, 0, -1, 0)), BAD_TILES),
    ("playout seed", Phase.PLACE_TILE, lambda g, v: g.playout(v), [-1, 2**64, 2**65] + NOT_INTS),
    ("rollouts count", Phase.PLACE_TILE, lambda g, v: g.rollouts(v), [-1, 2**31, 2**32 + 1, 2**64] + NOT_INTS),
    ("rollouts seed", Phase.PLACE_TILE, lambda g, v: g.rollouts(1, seed=v), [-1, 2**64] + NOT_INTS),
    ("playout as_dealt", Phase.PLACE_TILE, lambda g, v: g.playout(1, as_dealt=v), NOT_FLAGS),
    ("rollouts as_dealt", Phase.PLACE_TILE, lambda g, v: g.rollouts(1, as_dealt=v), NOT_FLAGS),
    ("redeal seed", Phase.PLACE_TILE, lambda g, v: g.redeal(v), [-1, 2**64] + NOT_INTS),
    ("draw tile", Phase.PLACE_TILE, lambda g, v: g.draw(v), BAD_TILES),
    ("meeple_locations_for", Phase.PLACE_TILE, lambda g, v: g.meeple_locations_for(v),
     [(2**32, 0, 0), (0, 128, 0), (0, -1, 45), (0, -1, True), None, "0,-1", (0, -1)]),
    ("save public", Phase.PLACE_TILE, lambda g, v: g.save(public=v), NOT_FLAGS),
    ("rewind", Phase.PLACE_TILE, lambda g, v: g.rewind(v), BIG + NOT_INTS + [-1, 13, 10**6]),
    ("fitting_rotations tile", Phase.PLACE_TILE, lambda g, v: g.fitting_rotations(v, 0, 1), BAD_TILES),
    ("fitting_rotations x", Phase.PLACE_TILE, lambda g, v: g.fitting_rotations("E", v, 1), BIG + NOT_INTS),
    ("fitting_rotations y", Phase.PLACE_TILE, lambda g, v: g.fitting_rotations("E", 0, v), BIG + NOT_INTS),
    ("inspect_feature x", Phase.PLACE_TILE, lambda g, v: g.inspect_feature(v, 0, "N"), BIG + NOT_INTS),
    ("inspect_feature y", Phase.PLACE_TILE, lambda g, v: g.inspect_feature(0, v, "N"), BIG + NOT_INTS),
    ("inspect_feature location", Phase.PLACE_TILE, lambda g, v: g.inspect_feature(0, 0, v), BAD_LOCATIONS + [None]),
    ("feature_at x", Phase.PLACE_TILE, lambda g, v: g.feature_at(v, 0, "N"), BIG + NOT_INTS),
    ("feature_at y", Phase.PLACE_TILE, lambda g, v: g.feature_at(0, v, "N"), BIG + NOT_INTS),
    ("feature_at location", Phase.PLACE_TILE, lambda g, v: g.feature_at(0, 0, v), BAD_LOCATIONS + [None, "-"]),
    ("tile", Phase.PLACE_TILE, lambda g, v: g.tile(v), BIG + NOT_INTS + [-1, 13]),
    ("tile_at x", Phase.PLACE_TILE, lambda g, v: g.tile_at(v, 0), BIG + NOT_INTS),
    ("tile_at y", Phase.PLACE_TILE, lambda g, v: g.tile_at(0, v), BIG + NOT_INTS),
    ("copy_from", Phase.PLACE_TILE, lambda g, v: g.copy_from(v), [None, "game", 5, Move("E", 0, 0, 0)]),
    ("svg tile_pixels", Phase.PLACE_MEEPLE, lambda g, v: g.svg(tile_pixels=v), [0, 4097, 2**32 + 64] + NOT_INTS),
] + [
    (f"svg {flag}", Phase.PLACE_MEEPLE, lambda g, v, flag=flag: g.svg(**{flag: v}), NOT_FLAGS)
    for flag in ("coordinates", "legal_cells", "dead_cells", "legend", "targets")
] + [
    (f"text_board {flag}", Phase.PLACE_TILE, lambda g, v, flag=flag: g.text_board(**{flag: v}), NOT_FLAGS)
    for flag in ("coordinates", "legal_cells")
]

# Functions that make something new, with bad values: (what, call, bad values).
MAKERS = [
    ("Game players", lambda v: Game(v), [0, 7, -1, 2**32 + 2, 2**64 + 2] + NOT_INTS),
    ("Game players with an order", lambda v: Game(v, order="E"), [0, 7, 2**32 + 2, True]),
    ("Game seed", lambda v: Game(2, v), [-1, 2**64, True, False, 1.0, "1", [1]]),
    ("Game order", lambda v: Game(2, order=v), ["EU\0VVV", "\0", "EU\u00e9", "Z", "e!"] + NOT_TEXT[:2] + [["E"]]),
    ("Game seed and order", lambda v: Game(2, v, order="E"), [0, 5]),
    ("Game caller_draws", lambda v: Game(2, caller_draws=v), [1, 0, None, b"E", "EU\0V", "Z", "CC"]),
    ("Game caller_draws and a seed", lambda v: Game(2, v, caller_draws=True), [0, 5]),
] + [
    (f"Game {flag}", lambda v, flag=flag: Game(2, **{flag: v}), NOT_FLAGS)
    for flag in ("farmers", "first_edition_small_city", "first_edition_farmers")
] + [
    ("Game.load", Game.load,
     [5, None, ["x"], "\ud800", "carcassonne-record 1\0", b"carcassonne-record 1\nplayers 2\0"]),
    ("Move.parse", Move.parse, ["E 0,-1 180\0", "\u00c9 0,-1 180", b"E 0,-1 180", None, 5]),
    ("Move.unpack", Move.unpack, [-1, 2**40, 2**64, True, 1.0, "0", None]),
    ("Move.packed tile", lambda v: Move(v, 0, 0, 0).packed(), BAD_TILES),
    ("Move.packed x", lambda v: Move("E", v, 0, 0).packed(), [128, -129, 2**32] + NOT_INTS),
    ("Move.packed y", lambda v: Move("E", 0, v, 0).packed(), [128, -129, 2**32] + NOT_INTS),
    ("Move.packed rotation", lambda v: Move("E", 0, 0, v).packed(), [45, 360, -90, 2**32, True, 90.0, "90", None]),
    ("Move.packed meeple", lambda v: Move("E", 0, 0, 0, v).packed(), BAD_LOCATIONS),
    ("str(Move)", lambda v: str(Move("E", v, 0, 0)), [2**32, True]),
    ("tile_svg tile", lambda v: carcassonne.tile_svg(v), BAD_TILES),
    ("tile_svg rotation", lambda v: carcassonne.tile_svg("E", v), [45, 2**32, True, "90"]),
    ("tile_svg pixels", lambda v: carcassonne.tile_svg("E", 0, v), [0, 4097, 2**32 + 64] + NOT_INTS),
    ("tile_text tile", lambda v: carcassonne.tile_text(v), BAD_TILES),
    ("tile_text rotation", lambda v: carcassonne.tile_text("E", v), [45, 2**32, True, "90", None]),
]


def state(game):
    """Everything there is to compare: the record, what the binding shows, the unread events
    (read on a clone, which has them too)."""
    return game.save(), snapshot(game), game.clone().events()


class BadArguments(unittest.TestCase):
    def test_every_game_method_refuses_bad_values_and_changes_nothing(self):
        games = {phase: position(phase) for phase in (Phase.PLACE_TILE, Phase.PLACE_MEEPLE)}
        for phase, game in games.items():
            self.assertTrue(game.clone().events(), "the position has unread events")
        for what, phase, call, values in CASES:
            game = games[phase]
            before = state(game)
            for value in values:
                with self.subTest(what=what, value=value):
                    with self.assertRaises(InvalidArgument) as caught:
                        call(game, value)
                    self.assertIsInstance(caught.exception, ValueError)
                    self.assertEqual(caught.exception.status, -1)
                    self.assertTrue(str(caught.exception).startswith("carc_"), str(caught.exception))
                    self.assertEqual(state(game), before)

    def test_every_constructor_and_function_refuses_bad_values(self):
        for what, call, values in MAKERS:
            for value in values:
                with self.subTest(what=what, value=value):
                    with self.assertRaises(InvalidArgument) as caught:
                        call(value)
                    self.assertTrue(str(caught.exception).startswith("carc_"), str(caught.exception))

    def test_the_values_at_the_edges_are_taken(self):
        """The checks refuse exactly what is out of range: the last good values work."""
        for players in (1, 6):
            self.assertEqual(Game(players).players, players)
        self.assertNotEqual(Game(2, 0).save(), Game(2, 2**64 - 1).save())
        self.assertEqual(Game(2, order="E U\tV").remaining_tiles()["U"], 1)  # whitespace in an order is fine
        self.assertFalse(Game(2, farmers=False).option("farmers"))
        game = position(Phase.PLACE_TILE)
        self.assertEqual(game.rollouts(0, seed=2**64 - 1).count, 0)
        self.assertIsNone(game.tile_at(2**31 - 1, -2**31))
        self.assertEqual(game.fitting_rotations("E", -2**31, 0), [])
        self.assertEqual(Move.unpack(Move("X", -128, 127, 270, "NNW").packed()), Move("X", -128, 127, 270, "NNW"))
        self.assertIn("<svg", game.svg(tile_pixels=1) + game.svg(tile_pixels=4096))
        game.rewind(12)
        game.playout(2**64 - 1)
        self.assertTrue(game.over)

    def test_invalid_argument_is_a_value_error_and_a_carcassonne_error(self):
        self.assertTrue(issubclass(InvalidArgument, ValueError))
        self.assertTrue(issubclass(InvalidArgument, CarcassonneError))


if __name__ == "__main__":
    unittest.main()
