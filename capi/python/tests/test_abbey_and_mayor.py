"""The binding with Abbey & Mayor (abbey_and_mayor=True): the mayor, wagon and barn are figures
with a supply ("M:N", "W:E", "N:NW" in moves); the abbey and the wagon are decisions of their
own (DecisionKind.ABBEY, DecisionKind.WAGON); the expansion's events decode to their own classes,
the barns' scorings among POINT_EVENTS; holds_abbey() and barns() read the state. The contract's
worked examples 1, 6 and 9 (tests/test_abbey_and_mayor.cpp has the same lines)."""
import unittest

from carcassonne import (FIGURES, POINT_EVENTS, AbbeyPlacedEvent, BarnFinalEvent, BarnHomeEvent, BarnPlacedEvent,
                         DecisionKind, Game, InvalidArgument, Move, Phase, ScoreEvent, WagonDueEvent, WagonMovedEvent,
                         WagonStayedEvent)
from carcassonne._args import ELSEWHERE_ONLY, FIGURE_NAMES
from carcassonne._lib import CARC_FIGURE_BARN, CARC_FIGURE_MAYOR, CARC_FIGURE_WAGON


def game(order: str, players: int = 2, **options) -> Game:
    return Game(players, order=order, abbey_and_mayor=True, **options)


def texts(g: Game):
    return [g.choice_text(c) for c in g.choices()]


def sum_points(events):
    """The points each of two players got from the events that score."""
    got = [0, 0]
    for e in events:
        if isinstance(e, POINT_EVENTS):
            for p in e.winners:
                got[p] += e.points
    return got


class Figures(unittest.TestCase):
    def test_mayor_wagon_and_barn_are_figures_with_a_supply(self):
        self.assertEqual(FIGURES[-3:], ("mayor", "wagon", "barn"))
        for kind, name in ((CARC_FIGURE_MAYOR, "mayor"), (CARC_FIGURE_WAGON, "wagon"), (CARC_FIGURE_BARN, "barn")):
            self.assertEqual(FIGURE_NAMES[kind], name)
            self.assertNotIn(name, ELSEWHERE_ONLY)
        self.assertEqual(set(ELSEWHERE_ONLY), {"fairy", "princess", "tower piece"})
        self.assertEqual(game("E").figure_supplies()[1], {"meeple": 7, "large meeple": 0, "abbot": 0, "builder": 0,
                                                          "pig": 0, "mayor": 1, "wagon": 1, "barn": 1})
        self.assertEqual(game("E", farmers=False).figure_supplies()[0]["barn"], 0)
        self.assertEqual(Game(2, order="E").figure_supplies()[0]["mayor"], 0)
        g = game("E")
        self.assertTrue(g.option("abbey_and_mayor"))
        self.assertEqual((g.holds_abbey(0), g.holds_abbey(1), Game(2, order="E").holds_abbey(0)), (True, True, False))
        self.assertEqual(g.barns(), [])

    def test_moves_of_the_new_figures_round_trip_through_text_and_packing(self):
        for text, figure, location in (("K 1,0 0 M:N", "mayor", "N"), ("U 1,0 90 W:E", "wagon", "E"),
                                       ("E 1,-1 90 N:NW", "barn", "NNW"), ("E 1,-1 90 N:SE", "barn", "SSE")):
            move = Move.parse(text)
            self.assertEqual((move.figure, move.meeple), (figure, location))
            self.assertEqual(str(move), text)
            self.assertEqual(Move.unpack(move.packed()), move)
        with self.assertRaises(InvalidArgument):
            Move("K", 1, 0, 0, None, "mayor").packed()  # a figure needs a location
        with self.assertRaises(InvalidArgument):
            Move("K", 1, 0, 0, "N", "barn", (2, 0)).packed()  # the barn never acts on another tile


class WorkedExamples(unittest.TestCase):
    def test_example_1_an_abbey_closes_three_cities(self):
        g = game("D P U N N N V E")
        for line in ("D 1,0 0 N", "P 0,-1 180 E", "U 2,0 90", "N 2,-1 270 N", "N 2,-2 180", "N 1,-2 90"):
            g.play(line)
        self.assertEqual(g.phase, Phase.DECIDE)
        self.assertEqual(g.decision(), (DecisionKind.ABBEY, 0))
        self.assertEqual(texts(g), ["abbey 1,-1", "take"])
        before = g.scores
        g.events()
        g.decide("abbey 1,-1")
        self.assertEqual((g.phase, g.current_tile, g.current_player), (Phase.PLACE_MEEPLE, "MA", 0))
        g.deploy("C")  # a monk on the abbey
        self.assertEqual(g.scores, [2, 10])
        events = g.events()
        self.assertEqual(events[0], AbbeyPlacedEvent(0, "MA", 1, -1))
        self.assertEqual(sorted(e.points for e in events if isinstance(e, ScoreEvent)), [2, 4, 6])
        self.assertEqual([b + d for b, d in zip(before, sum_points(events))], [2, 10])
        self.assertEqual(g.supplies, [6, 7])
        self.assertEqual((g.holds_abbey(0), g.holds_abbey(1)), (False, True))
        self.assertIn("\nabbey 1,-1 C", g.save())
        g.play("V 0,-2 0")  # the abbey's 8th neighbour: the monk scores 9
        self.assertEqual(g.scores, [11, 10])
        self.assertEqual(g.supplies, [7, 7])
        loaded = Game.load(g.save())
        self.assertEqual(loaded.save(), g.save())
        self.assertEqual(loaded.scores, [11, 10])

    def test_example_6_the_owner_moves_the_wagon_after_another_players_tile(self):
        g = game("U A B A B E V")
        for line in ("U 1,0 90 W:E", "A -1,0 270", "B 0,1 0 C"):
            g.play(line)
        self.assertEqual(g.figure_supplies()[0]["wagon"], 0)
        g.events()
        g.play("A 2,0 90")  # player 1's tile closes the road of player 0's wagon
        self.assertEqual(g.scores, [4, 0])
        self.assertIn(WagonDueEvent(0, "U", 1, 0, 2), g.events())
        self.assertEqual(g.decision(), (DecisionKind.WAGON, 0))
        self.assertEqual(texts(g), ["wagon 0,0 N", "wagon 2,0 C", "wagon stay"])
        g.decide("wagon 0,0 N")
        self.assertEqual(g.events()[0], WagonMovedEvent(0, "D", 0, 0, "N"))
        self.assertEqual((g.current_player, g.phase), (0, Phase.PLACE_TILE))
        self.assertEqual(g.figure_supplies()[0]["wagon"], 0)
        g.play("B 3,0 0")
        g.play("E 0,-1 180")
        self.assertEqual(g.scores, [8, 0])
        self.assertEqual(texts(g), ["wagon -1,0 C", "wagon stay"])
        g.events()
        g.decide("wagon stay")
        self.assertEqual(g.events()[0], WagonStayedEvent(0, "D", 0, 0))
        self.assertEqual(g.figure_supplies()[0]["wagon"], 1)
        self.assertRegex(g.save(), r"\nwagon 0,0 N +#")
        self.assertEqual(Game.load(g.save()).save(), g.save())

    def test_example_9_a_barn_scores_3_per_city_now_and_4_at_the_end(self):
        g = game("E E E E E B MI")
        for line in ("E 0,-1 180", "E 0,-2 0 ENE", "E 0,-3 180", "E 1,-2 0"):
            g.play(line)
        g.events()
        g.play("E 1,-1 90 N:NW")
        events = g.events()
        [placed] = [e for e in events if isinstance(e, BarnPlacedEvent)]
        self.assertEqual((placed.points, placed.winners, placed.cities), (6, (1,), 2))
        self.assertEqual([e.player for e in events if isinstance(e, BarnHomeEvent)], [1])
        self.assertEqual(g.scores, [0, 6])
        self.assertEqual(g.supplies, [7, 7])
        self.assertEqual(g.figure_supplies()[0]["barn"], 0)
        self.assertEqual(g.barns(), [(1, -1, 0)])
        self.assertEqual(g.check("B 2,-2 0 NNE"), "barn_field")
        g.play("B 2,-2 0 C")
        g.events()
        g.play("MI 1,-3 270")  # the last land tile
        self.assertTrue(g.over)
        self.assertEqual(g.scores, [12, 10])
        events = g.events()
        self.assertIn(BarnFinalEvent(12, (0,), 1, -1, 3), events)
        self.assertEqual(Game.load(g.save()).save(), g.save())


if __name__ == "__main__":
    unittest.main()
