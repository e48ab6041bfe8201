"""The binding's expansion calls (C ABI 0.3): tile ids, the options river, abbot,
inns_and_cathedrals and traders_and_builders, figure actions with the abbot and its recall,
the large meeple, builder and pig, check() reasons, the river's open end, goods and the
builder's bonus tile, the events of each; each refusal raises the right exception and
changes nothing."""
import dataclasses
import unittest

import carcassonne
from carcassonne import (BonusEvent, Game, Goods, GoodsBonusEvent, GoodsEvent, IllegalMove, InvalidArgument, MeepleChoice,
                         Move, Phase, PigEvent, Placement, RecallEvent, ScoreEvent, WrongPhase)

GARDEN_SETUP = ["U_G 0,1 90 A:C", "U -1,0 90", "U 1,0 90", "U -2,0 90"]


class TileIds(unittest.TestCase):
    def test_ids_come_from_the_library_in_type_order(self):
        self.assertEqual(len(carcassonne.TILES), 143)
        self.assertEqual(carcassonne.TILES[:24], tuple("ABCDEFGHIJKLMNOPQRSTUVWX"))
        self.assertIn("U_G", carcassonne.TILES)
        self.assertIn("RL", carcassonne.TILES)
        self.assertEqual(set(Game(2, seed=1).remaining_tiles()), set(carcassonne.TILES))

    def test_an_order_is_ids_separated_or_one_run_of_base_letters_in_every_game(self):
        self.assertEqual(Game(2, order="E A A C").tiles_remaining, 3)
        self.assertEqual(Game(2, order="E,A, A,C").save(), Game(2, order="EAAC").save())
        # One run of letters is base letters, with an expansion asked for too (this went
        # through a record header, where every word is one id: 'EAAC' was refused).
        self.assertEqual(Game(2, order="EAAC", abbot=True).current_tile, "E")
        self.assertEqual(Game(2, order="RD").current_tile, "R")  # 0.1's meaning, not the river tile
        # Separated words are ids; an expansion's tiles switch it on.
        river = Game(2, order="RD,RL E")
        self.assertEqual((river.current_tile, river.option("river")), ("RD", True))
        pile = Game(2, caller_draws="IK TG E")
        self.assertEqual((pile.option("inns_and_cathedrals"), pile.option("traders_and_builders")), (True, True))
        for bad in ("u_g", "RZ", "E_Q", "EAAC KLMN"):
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
        self.assertEqual(game.figure_supplies(), [{"meeple": 7, "large meeple": 0, "abbot": 1, "builder": 0, "pig": 0, "mayor": 0,
                                                   "wagon": 0, "barn": 0}] * 2)
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
        events = game.events()
        self.assertEqual(events, [RecallEvent("garden", 4, (0,), "U_G", 0, 1, "C")])
        self.assertEqual(events[0].text, "abbot recalled: garden 4 to player 0")  # the engine's sentence
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


class InnsAndCathedrals(unittest.TestCase):
    def test_an_inn_road_scores_2_per_tile(self):  # I&C example 1
        game = Game(2, order="IB A A", inns_and_cathedrals=True)
        self.assertTrue(game.option("inns_and_cathedrals"))
        game.play("IB 1,0 0 E")
        game.play("A 2,0 90")
        road = game.inspect_feature(1, 0, "E")
        self.assertEqual((road.value_complete, road.value_end), (6, 0))
        game.events()
        game.play("A -1,0 270")
        self.assertEqual(game.scores, [8, 0])
        [event] = game.events()
        self.assertEqual((event.feature, event.points, event.tiles, event.winners), ("road", 8, 4, (0,)))

    def test_a_cathedral_city_scores_3_per_tile(self):  # I&C example 3
        game = Game(2, order="IK E E E", inns_and_cathedrals=True)
        for move in ("IK 0,-1 0 N", "E 0,-2 180", "E 1,-1 270"):
            game.play(move)
        city = game.inspect_feature(0, -1, "N")
        self.assertEqual((city.value_complete, city.value_end), (12, 0))
        game.play("E -1,-1 90")
        self.assertEqual(game.scores, [15, 0])

    def test_the_large_meeple_weighs_2(self):  # I&C example 5
        game = Game(2, order="IK K N E E", inns_and_cathedrals=True)
        self.assertEqual(game.figure_supplies()[0]["large meeple"], 1)
        game.place((0, -1, 0))
        self.assertEqual(game.figure_actions(), [Move("IK", 0, -1, 0, "N"), Move("IK", 0, -1, 0, "N", "large meeple")])
        game.act("large meeple", "N")
        self.assertEqual(game.figure_supplies()[0]["large meeple"], 0)
        self.assertEqual(game.meeples(), [carcassonne.Meeple(0, 0, -1, "N", "city", "large meeple")])
        self.assertEqual(str(game.history()[0]), "IK 0,-1 0 L:N")
        for move in ("K 1,0 0 N", "N 1,-1 180", "E 0,-2 180"):
            game.play(move)
        self.assertEqual(game.inspect_feature(0, -1, "N").meeples, (2, 1))
        game.events()
        game.play(Move("E", -1, -1, 90))
        self.assertEqual(game.scores, [18, 0])
        [event] = game.events()
        self.assertEqual((event.points, event.tiles, event.winners, event.meeples), (18, 6, (0,), (2, 1)))
        self.assertEqual(game.figure_supplies()[0]["large meeple"], 1)


class TradersAndBuilders(unittest.TestCase):
    BUILDER = ["U 1,0 90 E", "E 0,-1 180", "U 2,0 90 B:E", "E 1,-1 0", "A 3,0 90"]

    def game(self, order, moves=()):
        game = Game(2, order=order, traders_and_builders=True)
        for move in moves:
            game.play(move)
        return game

    def test_goods_go_to_the_player_who_completes_the_city(self):  # T&B examples 1, 2
        game = self.game("TG E TF E E", ["TG 0,-1 180 S"])
        game.events()
        game.play("E 1,-1 270")
        self.assertEqual(game.scores, [6, 0])
        self.assertEqual(game.goods(1), Goods(wine=0, grain=1, cloth=0))
        self.assertEqual(game.goods(0), Goods())
        self.assertEqual(game.events()[1], GoodsEvent(1, Goods(grain=1), "E", 1, -1, "W"))
        for move in ("TF 0,1 270", "E 0,2 0", "E -1,1 90"):
            game.play(move)
        self.assertTrue(game.over)
        self.assertEqual(game.goods(0).grain, 1)
        self.assertEqual(game.scores, [16, 10])
        events = game.events()
        self.assertEqual(events, [GoodsEvent(0, Goods(grain=1), "E", -1, 1, "E"), GoodsBonusEvent("grain", 1, 10, (0, 1))])
        self.assertEqual([e.text for e in events],
                         ["player 0 takes 1 grain", "most grain: 10 to players 0 and 1 (end of game)"])
        with self.assertRaisesRegex(InvalidArgument, "^carc_game_goods: player 2 is not 0..1$"):
            game.goods(2)
        with self.assertRaises(InvalidArgument):
            game.goods(True)
        self.assertEqual(Game(2, seed=1).goods(0), Goods())

    def test_the_builders_bonus_tile_taken(self):  # T&B example 3
        game = self.game("U E U E A A", self.BUILDER)
        self.assertEqual(game.phase, Phase.DECIDE)
        self.assertIsNone(game.current_tile)
        self.assertFalse(game.bonus_turn)
        events = game.events()
        self.assertEqual(events, [BonusEvent(0, "A", 3, 0)])
        self.assertEqual(events[0].text, "player 0's builder earns a bonus tile")
        self.assertEqual(game.figure_supplies()[0]["builder"], 0)
        with self.assertRaises(WrongPhase):
            game.placements()
        with self.assertRaises(WrongPhase):
            game.bot_move("random")
        # A bad budget is a bad argument in the bonus phase as in every other.
        with self.assertRaisesRegex(InvalidArgument, "^carc_bot_choose: an mcts bot needs a budget"):
            game.bot_move("mcts", iterations=0)
        one_call = game.clone()
        one_call.play("A -1,0 270")  # takes the bonus tile and plays it
        game.take_bonus()
        self.assertEqual((game.phase, game.current_player, game.current_tile, game.bonus_turn),
                         (Phase.PLACE_TILE, 0, "A", True))
        with self.assertRaisesRegex(WrongPhase, "^carc_game_take_bonus: "):
            game.take_bonus()
        game.play("A -1,0 270")
        self.assertEqual(game.save(), one_call.save())
        self.assertTrue(game.over)
        self.assertEqual(game.scores, [5, 0])
        self.assertEqual(game.figure_supplies()[0]["builder"], 1)

    def test_one_decision_one_undo_and_the_face_down_bonus_tile(self):
        game = self.game("U E U E A A", self.BUILDER)
        game.events()
        bonus = game.save()
        # Check answers what play() does there (play() takes the bonus tile first).
        self.assertEqual(game.check("A -1,0 270"), "legal")
        self.assertEqual(game.check("A 5,5 0"), "no_neighbour")
        with self.assertRaisesRegex(InvalidArgument, "^carc_game_check: the move is for tile E, which is not the "
                                                     "bonus tile that draws$"):
            game.check("E -1,0 0")
        # Nothing names the face-down bonus tile; any tile type's placements are there.
        candidates = game.placements_for("A")
        game.take_bonus()
        self.assertTrue(game.bonus_turn)
        self.assertEqual(game.placements(), candidates)
        self.assertEqual(game.placements_for("A"), candidates)
        # Undone, the take alone goes: the bonus phase again, not the turn that earned it.
        game.undo()
        self.assertEqual((game.phase, game.current_player, game.turns_played, game.bonus_turn),
                         (Phase.DECIDE, 0, 5, False))
        self.assertEqual(game.save(), bonus)
        game.pass_bonus()
        game.undo()
        self.assertEqual(game.save(), bonus)
        game.undo()
        self.assertEqual((game.phase, game.turns_played, game.current_tile), (Phase.PLACE_TILE, 4, "A"))
        with self.assertRaisesRegex(InvalidArgument, "^carc_game_placements_for: "):
            game.placements_for("Z")

    def test_the_builders_bonus_tile_passed_on(self):
        game = self.game("U E U E A A", self.BUILDER)
        before = game.save()
        with self.assertRaisesRegex(IllegalMove, "which is not the bonus tile that draws"):
            game.play("E -1,0 0")
        with self.assertRaises(WrongPhase):
            game.place((-1, 0, 270))
        self.assertEqual(game.save(), before)
        text = game.clone()
        game.pass_bonus()
        text.play("pass")
        self.assertEqual(game.save(), text.save())
        self.assertEqual((game.phase, game.current_player, game.current_tile), (Phase.PLACE_TILE, 1, "A"))
        with self.assertRaisesRegex(WrongPhase, "^carc_game_pass: not allowed in this phase of the turn"):
            game.pass_bonus()
        with self.assertRaises(WrongPhase):
            game.play("pass")

    def test_builder_and_pig_refusals(self):  # T&B examples 4, 5, 9
        game = self.game("U E U U", ["U 1,0 90 E", "E 0,-1 180", "U 2,0 90"])
        self.assertEqual(game.check("U -1,0 90 B:W"), "builder_needs_meeple")
        with self.assertRaisesRegex(IllegalMove, "must hold one of the player's meeples"):
            game.play(Move("U", -1, 0, 90, "W", "builder"))
        five = self.game("U A A", ["U 1,0 90 E", "A -1,0 270"])
        self.assertEqual(five.check("A 2,0 90 B:W"), "builder_complete")
        self.assertEqual(five.check("A 2,0 90 B:C"), "builder_road_or_city")
        nine = self.game("U U", ["U 0,1 90 NNE"])
        self.assertEqual(nine.check("U 1,1 90 P:WNW"), "pig_needs_farmer")
        self.assertEqual(nine.check("U 1,1 90 P:E"), "pig_field_only")

    def test_the_pig(self):  # T&B example 8
        game = self.game("U V A E E E E", ["U 0,1 90 NNE", "V 1,1 0 SSW", "A -1,1 270", "E 0,2 180", "E 0,3 0",
                                           "E -1,2 180 P:NNE"])
        self.assertIn(carcassonne.Meeple(1, -1, 2, "NNE", "field", "pig"), game.meeples())
        self.assertEqual(game.figure_supplies()[1]["pig"], 0)
        game.events()
        game.play("E -1,3 0")
        self.assertEqual(game.scores, [6, 8])
        score, pig = game.events()
        self.assertIsInstance(score, ScoreEvent)
        self.assertEqual((score.feature, score.points, score.winners), ("field", 6, (0, 1)))
        self.assertEqual(pig, PigEvent(2, (1,), score.tile, score.x, score.y, score.location, (1, 1)))
        self.assertEqual((score.text, pig.text), ("field 6 to players 0 and 1 (end of game)",
                                                "pig: field 2 more to player 1 (end of game)"))

    def test_both_expansions_from_a_seed_play_to_the_end(self):
        game = Game(3, seed=11, inns_and_cathedrals=True, traders_and_builders=True)
        self.assertEqual(game.tiles_remaining, 70 + 18 + 24)
        self.assertEqual(game.figure_supplies()[2], {"meeple": 7, "large meeple": 1, "abbot": 0, "builder": 1, "pig": 1,
                                                        "mayor": 0, "wagon": 0, "barn": 0})
        self.assertIn("\ninns-and-cathedrals on\ntraders-and-builders on\n", game.save())
        game.playout(3)
        self.assertTrue(game.over)
        kinds = {type(e) for e in game.events()}
        self.assertLessEqual(kinds, {ScoreEvent, carcassonne.DiscardEvent, GoodsEvent, GoodsBonusEvent, PigEvent,
                                     BonusEvent})
        self.assertIn(GoodsBonusEvent, kinds)
        self.assertEqual(sum(sum(dataclasses.astuple(game.goods(p))) for p in range(3)) <= 20, True)
        with self.assertRaisesRegex(InvalidArgument, "traders_and_builders"):
            Game(2, traders_and_builders=1)


if __name__ == "__main__":
    unittest.main()
