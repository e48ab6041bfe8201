"""The binding's expansion calls (C ABI 0.2): tile ids, options river and abbot, figure
actions with the abbot and its recall, check() reasons, the river's open end, recall
events; each refusal raises the right exception and changes nothing."""
import unittest

import carcassonne
from carcassonne import Game, IllegalMove, InvalidArgument, MeepleChoice, Move, Placement, RecallEvent, WrongPhase

GARDEN_SETUP = ["U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -2,0 90"]


class TileIds(unittest.TestCase):
    def test_ids_come_from_the_library_in_type_order(self):
        self.assertEqual(len(carcassonne.TILES), 84)
        self.assertEqual(carcassonne.TILES[:24], tuple("ABCDEFGHIJKLMNOPQRSTUVWX"))
        self.assertIn("U_G", carcassonne.TILES)
        self.assertIn("RL", carcassonne.TILES)
        self.assertEqual(set(Game(2, seed=1).remaining_tiles()), set(carcassonne.TILES))

    def test_a_word_that_is_no_id_is_base_letters(self):
        self.assertEqual(Game(2, order="E A A C").tiles_remaining, 3)
        self.assertEqual(Game(2, order="EAAC").tiles_remaining, 3)
        for bad in ("u_g", "RZ", "E_Q"):
            with self.assertRaisesRegex(InvalidArgument, "is not a tile id"):
                Game(2, order=bad)
        with self.assertRaisesRegex(InvalidArgument, "is not a tile id"):
            carcassonne.tile_svg("u_g")


class Abbot(unittest.TestCase):
    def game(self, order="U_G U U U E U", moves=()):
        game = Game(2, order=order, abbot=True)
        for move in moves:
            game.play(move)
        return game

    def test_the_option_reads_back_and_is_in_the_record(self):
        game = self.game()
        self.assertTrue(game.option("abbot"))
        self.assertFalse(game.option("river"))
        self.assertIn("\nabbot on\n", game.save())
        self.assertEqual(Game.load(game.save()).save(), game.save())
        self.assertEqual(game.figure_supplies(), [{"meeple": 7, "large meeple": 0, "abbot": 1, "builder": 0, "pig": 0}] * 2)
        self.assertEqual(Game(2, seed=3).figure_supplies()[1]["abbot"], 0)

    def test_check_names_the_reason(self):
        game = self.game()
        self.assertEqual(game.check("U_G 0,1 90 A:C"), "legal")
        self.assertEqual(game.check(Move("U_G", 0, 1, 90, "C", "abbot")), "legal")
        self.assertEqual(game.check("U_G 0,1 90 C"), "garden_abbot_only")
        self.assertEqual(game.check("U_G 0,1 90 A:N"), "abbot_centre_only")
        self.assertEqual(game.check("U_G 0,1 90 recall"), "abbot_not_placed")
        self.assertEqual(game.check("U_G 0,1 0"), "mismatch")
        self.assertEqual(game.check("U_G 5,5 90"), "no_neighbour")
        with self.assertRaisesRegex(InvalidArgument, "the current tile is U_G"):
            game.check("E 0,-1 180")
        with self.assertRaisesRegex(InvalidArgument, "a move is a Move or move text, not 42"):
            game.check(42)
        self.assertEqual(Game(2, order="B").check("B 0,1 0 A:C"), "not_in_game")

    def test_figure_actions_before_and_after_placing(self):
        game = self.game()
        before = game.figure_actions_for(Placement(0, 1, 90))
        with self.assertRaises(WrongPhase):
            game.figure_actions()
        with self.assertRaises(IllegalMove):
            game.figure_actions_for((0, 1, 0))
        game.place((0, 1, 90))
        self.assertEqual(game.figure_actions(), before)
        self.assertEqual(before[-1], Move("U_G", 0, 1, 90, "C", "abbot"))
        self.assertEqual([m.meeple for m in before[:-1]], [c.location for c in game.meeple_choices()])
        with self.assertRaises(WrongPhase):
            game.figure_actions_for((0, 1, 90))
        with self.assertRaisesRegex(IllegalMove, "only an abbot may stand on a garden"):
            game.act("meeple", "C")
        for figure, location in (("recall", "C"), ("abbot", None), ("ghost", "C"), ("meeple", "Q"), (2, "C")):
            with self.assertRaises(InvalidArgument):
                game.act(figure, location)
        with self.assertRaisesRegex(IllegalMove, "not in this game"):
            game.act("pig", "C")
        game.deploy(MeepleChoice("C", "garden", "abbot"))  # a MeepleChoice with the abbot acts
        self.assertEqual(game.meeples(), [carcassonne.Meeple(0, 0, 1, "C", "garden", "abbot")])
        self.assertEqual(game.history(), [Move("U_G", 0, 1, 90, "C", "abbot")])

    def test_a_recall_scores_at_once_as_an_event(self):
        game = self.game(moves=GARDEN_SETUP)
        game.events()
        game.place((0, -1, 180))
        self.assertEqual(game.figure_actions()[-1], Move("E", 0, -1, 180, None, "recall"))
        game.act("recall")
        self.assertEqual(game.events(), [RecallEvent("garden", 4, (0,), "U_G", 0, 1, "C")])
        self.assertEqual(game.scores, [4, 0])
        self.assertEqual(game.figure_supplies()[0]["abbot"], 1)
        adjacent = self.game(order="U_G U U U U E", moves=GARDEN_SETUP)
        adjacent.play(Move("U", -1, 1, 90, None, "recall"))
        self.assertEqual(adjacent.scores, [5, 0])


class River(unittest.TestCase):
    def test_the_river_runs_from_the_spring(self):
        game = Game(2, order="RD RG RI", river=True)
        self.assertEqual(game.tile(0), carcassonne.PlacedTile("RA", 0, 0, 0))
        self.assertEqual(game.river_end(), (0, 1, "N"))
        self.assertEqual([c for c in game.frontier() if c.river], [carcassonne.FrontierCell(0, 1, False, "N")])
        self.assertEqual(game.placements(), [Placement(0, 1, 0)])
        self.assertEqual(game.check("RD -1,0 0"), "river_continue")
        with self.assertRaisesRegex(IllegalMove, "RD -1,0 0"):
            game.play("RD -1,0 0")
        game.play("RD 0,1 0")
        game.play("RG 0,2 90")
        self.assertEqual(game.river_end(), (1, 2, "W"))
        self.assertEqual(game.check("RI 1,2 180"), "river_u_turn")
        self.assertEqual(game.check("RI 1,2 90"), "legal")
        self.assertIsNone(Game(2, seed=1).river_end())

    def test_a_seeded_river_game_draws_river_tiles_first(self):
        game = Game(2, seed=4, river=True, abbot=True)
        self.assertTrue(game.current_tile.startswith("R"))
        self.assertEqual(game.tiles_remaining, 10 + 71)
        game.playout(1)
        self.assertTrue(game.over)
        self.assertEqual(Game.load(game.save()).scores, game.scores)

    def test_orders_with_the_river_keep_its_rules(self):
        with self.assertRaisesRegex(InvalidArgument, "^carc_game_new_with_order: river tiles are drawn before"):
            Game(2, order="RD E RL", river=True)
        table = Game(2, caller_draws="RD RL E", river=True)
        with self.assertRaises(IllegalMove):
            table.draw("E")  # the river first
        table.draw("RD")
        self.assertEqual(table.current_tile, "RD")
        box = Game(2, caller_draws=True, river=True)  # the whole box of the options
        self.assertEqual(box.remaining_tiles()["RL"], 1)
        with self.assertRaisesRegex(IllegalMove, "^carc_game_draw: RL: "):
            box.draw("RL")  # the lake comes last


if __name__ == "__main__":
    unittest.main()
