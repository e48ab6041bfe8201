"""The binding with The Tower (tower=True): tower actions are moves on another tile at location
"TW" (figure "tower piece", a meeple or the large meeple on top), packed with the figure kind's
fourth bit; the capture is a decision, the ransom an option of the placement decision; the
expansion's events decode to their own classes; towers and prisoners read through the
queries. The contract's worked examples 1, 3 and 7."""
import unittest

from carcassonne import (CaptureEvent, DecisionKind, ExchangeEvent, FairyMovesEvent, FairyPointEvent, Game, IllegalMove,
                         InvalidArgument, Move, Phase, RansomEvent, TowerClosedEvent, TowerPieceEvent, WrongPhase)


def game(order: str, players: int = 2, **options) -> Game:
    return Game(players, order=order, tower=True, **options)


class Moves(unittest.TestCase):
    def test_tower_actions_round_trip_through_text_and_packing(self):
        for text, figure in (("OO 2,0 0 T:2,0", "tower piece"), ("U 2,0 90 TM:1,0", "meeple"), ("U 4,0 90 TL:2,0", "large meeple")):
            move = Move.parse(text)
            self.assertEqual((move.figure, move.meeple), (figure, "TW"))
            self.assertEqual(str(move), text)
            self.assertEqual(Move.unpack(move.packed()), move)
        self.assertEqual(Move.parse("OO 2,0 0 T:2,0").packed() >> 26 & 1, 1)  # the kind's fourth bit
        for bad in (Move("OO", 2, 0, 0, "TW", "tower piece"), Move("OO", 2, 0, 0, "E", "tower piece", (2, 0)),
                    Move("OO", 2, 0, 0, "TW", "abbot", (2, 0))):
            with self.assertRaises(InvalidArgument):
                bad.packed()
        with self.assertRaises(InvalidArgument):
            Move.parse("OO 2,0 0 TW")  # TW is no deployment location


class WorkedExamples(unittest.TestCase):
    def test_example_1_first_floor_capture_next_to_it(self):
        g = game("U OO U")
        g.play("U 1,0 90 E")
        g.events()
        g.play("OO 2,0 0 T:2,0")
        self.assertEqual(g.tower_pieces(1), 9)
        self.assertEqual(g.tower_at(2, 0), (1, None))
        self.assertIsNone(g.tower_at(1, 0))
        [piece] = g.events()
        self.assertEqual(piece, TowerPieceEvent(1, "OO", 2, 0, 1, 9))
        self.assertEqual(g.phase, Phase.DECIDE)
        self.assertEqual(g.decision(), (DecisionKind.CAPTURE, 1))
        self.assertEqual([g.choice_text(c) for c in g.choices()], ["capture 1,0 E", "capture none"])
        with self.assertRaises(WrongPhase):
            g.decide("ransom 0 meeple")
        g.decide("capture 1,0 E")
        [capture] = g.events()
        self.assertEqual(capture, CaptureEvent(1, 0, "meeple", "U", 1, 0, "E", "prison"))
        self.assertEqual(g.prisoners(1, 0), 1)
        self.assertEqual(g.supplies, [6, 7])
        with self.assertRaisesRegex(IllegalMove, "fewer"):
            g.decide("ransom 1 meeple")  # 0 points
        self.assertNotIn("ransom", " ".join(g.choice_text(c) for c in g.choices()))
        loaded = Game.load(g.save())
        self.assertEqual(loaded.save(), g.save())
        self.assertIn("\ncapture 1,0 E", g.save())

    def test_example_3_the_automatic_exchange(self):
        g = game("OQ OK U V U")
        g.play("OQ 0,-1 180 E")
        g.play("OK 1,-1 270 T:0,-1")
        g.decide("capture 0,-1 E")
        g.play("U -1,0 90 E")
        g.play("V 1,0 0 SSW")
        g.events()
        g.play("U -2,0 90 T:1,-1")
        self.assertEqual(g.events(), [TowerPieceEvent(0, "OK", 1, -1, 1, 9)])
        g.decide("capture 1,0 SSW")
        events = g.events()
        self.assertEqual(events[:2], [CaptureEvent(0, 1, "meeple", "V", 1, 0, "SSW", "prison"), ExchangeEvent(0, 1, "meeple", "meeple")])
        self.assertEqual([g.prisoners(h, o) for h in (0, 1) for o in (0, 1)], [0, 0, 0, 0])
        self.assertEqual(g.supplies, [6, 7])

    def test_example_7_the_ransom(self):
        g = game("U OO U OK OQ U E U U U U")
        for line in ("U 1,0 90 E", "OO 2,0 0 T:2,0", "capture 1,0 E", "U 3,0 90 E", "OK 2,-1 180 T:2,0",
                     "capture 3,0 E", "OQ 0,-1 180 E", "U -1,0 90", "E 1,-1 270", "U -2,0 90"):
            (g.decide if line.startswith("capture") else g.play)(line)
        self.assertEqual(g.phase, Phase.PLACE_TILE)
        self.assertEqual(g.choice_text(g.choices()[0]), "ransom 1 meeple")
        g.events()
        g.decide("ransom 1 meeple")
        self.assertEqual(g.events(), [RansomEvent(0, 1, "meeple", 3)])
        self.assertEqual(g.scores, [3, 3])
        with self.assertRaisesRegex(IllegalMove, "once per turn"):
            g.decide("ransom 1 meeple")
        g.play("U 4,0 90 E")
        self.assertEqual(g.supplies[0], 5)
        self.assertEqual(Game.load(g.save()).save(), g.save())

    def test_a_meeple_on_top_closes_the_tower(self):
        g = game("OO U")
        g.play("OO 1,0 0 T:1,0")
        g.events()
        g.play("U 2,0 90 TM:1,0")
        self.assertEqual(g.events()[0], TowerClosedEvent(1, "meeple", "OO", 1, 0))
        self.assertEqual(g.tower_at(1, 0), (1, (1, "meeple")))

    def test_the_fairy_beside_a_figure_on_a_tower_top_earns_the_turn_point(self):
        g = game("OO U U U OK U U", princess_and_dragon=True)
        for text in ("OO 1,0 0 T:1,0", "U 2,0 90 TM:1,0", "U 3,0 90"):
            g.play(text)
        move = Move.parse("U 4,0 90 F:1,0:TW")
        self.assertEqual((move.figure, move.meeple, move.target), ("fairy", "TW", (1, 0)))
        self.assertEqual(Move.unpack(move.packed()), move)
        g.place((4, 0, 90))
        g.events()
        g.act("fairy", "TW", (1, 0))
        self.assertEqual(g.events(), [FairyMovesEvent(1, "OO", 1, 0, "TW")])
        g.play("OK 1,-1 180 T:1,-1")
        g.decide("capture none")
        self.assertIn(FairyPointEvent(1, (1,), "OO", 1, 0, "TW"), g.events())
        self.assertEqual(g.scores, [0, 1])
        with self.assertRaises(IllegalMove):  # the fairy stands beside it already
            g.play("U 5,0 90 F:1,0:TW")


if __name__ == "__main__":
    unittest.main()
