"""Records, undo, front-end queries and pictures from Python: records travel between the
C++ engine and the binding unchanged, bad records raise naming their line, undo restores
the exact state, and no query changes the game.

Run by ctest like test_binding.py (CARCASSONNE_LIBRARY, CARC_REFERENCE_GAME)."""
import os
import subprocess
import unittest
import xml.etree.ElementTree as ET

import carcassonne
from carcassonne import (FeatureInfo, FrontierCell, Game, IllegalMove, InvalidArgument, Move, PlacedTile, Phase,
                         ScoreEvent, WrongPhase)
from test_binding import Lcg, played_out, snapshot


def reference_text(*args, stdin=None):
    """The output of capi/tests/reference_game.cpp (the C++ engine), unsplit."""
    exe = os.environ.get("CARC_REFERENCE_GAME")
    if not exe:
        raise unittest.SkipTest("CARC_REFERENCE_GAME is not set")
    run = subprocess.run([exe, *map(str, args)], input=stdin, capture_output=True, text=True)
    return run.returncode, run.stdout


def lcg_turn(game, rng):
    """One whole turn with the choices of the example programs."""
    placements = game.placements()
    game.place(placements[rng.pick(len(placements))])
    choices = game.meeple_choices()
    choice = rng.pick(len(choices) + 1)
    game.deploy(choices[choice] if choice < len(choices) else None)


class Records(unittest.TestCase):
    def test_a_cxx_record_loads_identically_and_saves_back_the_same(self):
        for seed, players, roll, turns, placed in ((7, 3, 1, -1, False), (47, 2, 5, 12, False), (5, 6, 2, 30, True),
                                                   (31, 1, 8, 0, True), (1234, 4, 3, 0, False)):
            with self.subTest(seed=seed, players=players, turns=turns, placed=placed):
                _, text = reference_text("record", seed, players, roll, turns, *(["placed"] if placed else []))
                game = Game.load(text)
                self.assertEqual(game.save(), text)
                self.assertEqual(game.phase, Phase.PLACE_MEEPLE if placed else
                                 Phase.GAME_OVER if turns < 0 else Phase.PLACE_TILE)
                # The record is the game that Game.playout(roll, as_dealt=True) plays (the seed's
                # own pile), cut after `turns`.
                whole = Game(players, seed)
                whole.playout(roll, as_dealt=True)
                if turns < 0:
                    self.assertEqual(snapshot(game), snapshot(whole))
                else:
                    self.assertEqual(game.turns_played, turns)
                    self.assertEqual(game.history(), whole.history()[:turns])

    def test_a_python_record_loads_in_cxx_and_back_at_every_kind_of_moment(self):
        for seed, players in ((7, 3), (47, 2), (5, 6)):
            game = Game(players, seed, farmers=seed != 47, first_edition_small_city=seed == 5)
            rng = Lcg(seed)
            turn = 0
            while True:
                if turn % 17 == 3 or game.over:
                    with self.subTest(seed=seed, turn=turn):
                        text = game.save()
                        self.assertEqual(reference_text("resave", stdin=text), (0, text))
                        loaded = Game.load(text)
                        self.assertEqual(snapshot(loaded), snapshot(game))
                        self.assertEqual(loaded.save(), text)
                        game.events()  # a loaded game has no unread events; compare like with like
                        self.assertEqual(played_out(loaded, seed), played_out(game, seed))
                if game.over:
                    break
                if turn % 17 == 9:  # a tile placed, its meeple undecided
                    game.place(game.placements()[0])
                    text = game.save()
                    self.assertIn(" ?", text)
                    self.assertEqual(reference_text("resave", stdin=text), (0, text))
                    self.assertEqual(snapshot(Game.load(text)), snapshot(game))
                    game.undo()
                lcg_turn(game, rng)
                turn += 1

    def test_a_position_is_a_short_record_and_plays_on(self):
        game = Game.load("carcassonne-record 1\nplayers 2\norder EUV\nE 0,-1 180 ?  # knight or not?\n")
        self.assertEqual(game.phase, Phase.PLACE_MEEPLE)
        self.assertEqual(game.events(), [])
        game.deploy("S")
        self.assertEqual(game.scores, [4, 0])
        self.assertEqual(game.current_tile, "U")
        self.assertEqual(game.history(), [Move("E", 0, -1, 180, "S")])

    def test_a_bad_record_raises_naming_the_line_and_creates_nothing(self):
        cases = [
            ("", InvalidArgument, 1, "the record is empty: it must start with 'carcassonne-record 1'"),
            ("carcassonne-record 1\nplayers 7\nseed 1\n", InvalidArgument, 2,
             "the number of players must be 1 to 6, not '7'"),
            ("carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 0 S\n", IllegalMove, 4,
             "illegal move 'E 0,-1 0 S': the south edge is field but the neighbour there shows city"),
            ("carcassonne-record 1\nplayers 2\norder EU\n\n# a comment\nE 0,-1 180 S\nV 1,0 0\n", IllegalMove, 7,
             "the draw order draws U here (draw 2), not V"),
            ("carcassonne-record 1\nplayers 2\norder EU\nE 0,-1 180 S\nfarmers off\n", InvalidArgument, 5,
             "header line 'farmers' after the first move"),
            ("carcassonne-record 1\nplayers 2\nseed 3\n\0\n", InvalidArgument, 4, "the record holds a NUL character"),
        ]
        for text, error, line, reason in cases:
            with self.subTest(text=text):
                with self.assertRaises(error) as caught:
                    Game.load(text)
                self.assertEqual(caught.exception.line, line)
                self.assertEqual(str(caught.exception), f"carc_game_load: line {line}: {reason}")
                if "\0" not in text:  # the C++ loader says the same
                    self.assertEqual(reference_text("resave", stdin=text), (1, f"line {line}: {reason}\n"))
        with self.assertRaises(InvalidArgument) as caught:
            Game(2, seed=1).play("Z 0,1 0")
        self.assertIsNone(caught.exception.line)  # only records have lines


class Undo(unittest.TestCase):
    def test_undo_restores_the_exact_state_before_the_turn_or_the_placement(self):
        for seed, players in ((3, 2), (11, 4)):
            game = Game(players, seed)
            rng = Lcg(seed)
            while not game.over:
                before = game.clone()
                game.place(game.placements()[-1])
                game.undo()
                self.assertEqual(snapshot(game), snapshot(before))
                lcg_turn(game, rng)
                after = game.clone()
                game.undo()
                self.assertEqual(snapshot(game), snapshot(before))
                self.assertEqual(played_out(game), played_out(before))  # unread events included
                game.copy_from(after)
                if game.turns_played % 4 == 0:
                    game.events()

    def test_undo_takes_back_the_points_the_meeple_and_the_event(self):
        game = Game(2, order="EU")
        game.play("E 0,-1 180 S")
        game.undo()
        self.assertEqual((game.scores, game.supplies, game.current_player, game.current_tile), ([0, 0], [7, 7], 0, "E"))
        self.assertEqual(game.events(), [])
        game.play("E 0,-1 180 S")
        self.assertEqual(game.events(), [ScoreEvent(feature="city", points=4, winners=(0,), end_game=False, tile="E",
                                                    x=0, y=-1, location="S", tiles=2, meeples=(1, 0))])

    def test_nothing_to_undo_is_the_wrong_phase(self):
        game = Game(2, seed=8)
        with self.assertRaisesRegex(WrongPhase, "^carc_game_undo: no tile has been placed yet: there is nothing to undo$"):
            game.undo()

    def test_rewind_goes_back_to_any_turn_and_history_lists_the_moves(self):
        game = Game(3, seed=19)
        game.playout(4, as_dealt=True)  # the seed's own pile, which a fresh Game(3, seed=19) draws
        moves = game.history()
        self.assertEqual(len(moves), game.turns_played)
        self.assertEqual(len(moves), len(game.board()) - 1)
        for turns in (0, 1, len(moves) // 2, len(moves)):
            back = game.clone()
            back.rewind(turns)
            self.assertEqual(back.history(), moves[:turns])
            replayed = Game(3, seed=19)
            for move in moves[:turns]:
                replayed.play(move)
            replayed.events()
            self.assertEqual(snapshot(back), snapshot(replayed))
        with self.assertRaisesRegex(InvalidArgument, "cannot rewind to turn -1"):
            game.rewind(-1)


class Queries(unittest.TestCase):
    def ask_everything(self, game):
        game.remaining_tiles()
        game.next_tile_probabilities()
        for cell in game.frontier():
            for tile in carcassonne.TILES:
                game.fitting_rotations(tile, cell.x, cell.y)
        game.scores
        game.projected_scores()
        for t in game.board():
            for loc in carcassonne.LOCATIONS:
                try:
                    game.inspect_feature(t.x, t.y, loc)
                except InvalidArgument:
                    pass
        game.svg(legal_cells=True, dead_cells=True)
        game.text_board(legal_cells=True)
        game.save()
        game.history()

    def test_no_query_changes_the_game(self):
        game = Game(4, seed=77)
        rng = Lcg(77)
        while not game.over:
            if game.turns_played % 10 == 1:
                before = game.clone()
                self.ask_everything(game)
                self.assertEqual(snapshot(game), snapshot(before))
                self.assertEqual(played_out(game), played_out(before))
                game.place(game.placements()[0])
                before = game.clone()
                self.ask_everything(game)
                self.assertEqual(snapshot(game), snapshot(before))
                game.undo()
            lcg_turn(game, rng)
        before = game.clone()
        self.ask_everything(game)
        self.assertEqual(snapshot(game), snapshot(before))

    def test_next_tile_probabilities_are_the_shares_of_the_pile(self):
        game = Game(2, seed=5)
        for _ in range(10):
            game.place(game.placements()[0])
            game.skip()
        counts, total = game.remaining_tiles(), game.tiles_remaining
        p = game.next_tile_probabilities()
        self.assertEqual(set(p), set(carcassonne.TILES))
        for letter in carcassonne.TILES:
            self.assertEqual(p[letter], counts[letter] / total)
        self.assertAlmostEqual(sum(p.values()), 1.0)
        self.assertEqual(sum(counts.values()), total)
        game.playout(1)
        self.assertEqual(set(game.next_tile_probabilities().values()), {0.0})

    def test_the_frontier_and_fitting_rotations_agree_with_the_legal_placements(self):
        game = Game(3, seed=29)
        rng = Lcg(29)
        for _ in range(25):
            lcg_turn(game, rng)
        tile = game.current_tile
        cells = game.frontier()
        self.assertEqual(cells, sorted(cells, key=lambda c: (c.y, c.x)))
        legal = {}
        for p in game.placements():
            legal.setdefault((p.x, p.y), set()).add(p.rotation)
        for cell in cells:
            fits = game.fitting_rotations(tile, cell.x, cell.y)
            self.assertEqual(bool(fits), (cell.x, cell.y) in legal)
            if fits:
                self.assertFalse(cell.dead)
                self.assertLessEqual(legal[(cell.x, cell.y)], set(fits))  # each picture once, the smallest rotation
        self.assertEqual(game.fitting_rotations(tile, 0, 0), [])  # taken
        self.assertEqual(game.fitting_rotations(tile, 1000, 1000), [])  # not next to anything
        with self.assertRaisesRegex(InvalidArgument, "is not a tile id"):
            game.fitting_rotations("Y", 0, 1)

    def test_a_dead_cell_is_one_no_remaining_tile_can_fill(self):
        game = Game(2, order="UE")
        game.play("U 1,0 90 E")
        self.assertIn(FrontierCell(-1, 0, True), game.frontier())  # road to the west, and only E is left
        self.assertIn(FrontierCell(0, -1, False), game.frontier())
        self.assertEqual(game.fitting_rotations("E", 0, -1), [180])
        self.assertEqual(game.fitting_rotations("U", 2, 0), [90])  # each picture once, as placements list them

    def test_inspect_feature_worked_by_hand(self):
        game = Game(2, order="UE")
        game.play("U 1,0 90 E")
        road = game.inspect_feature(0, 0, "W")
        self.assertEqual(road, FeatureInfo(kind="road", completed=False,
                                           tiles=(PlacedTile("D", 0, 0, 0), PlacedTile("U", 1, 0, 90)), shields=0,
                                           open_edges=2, cities=0, meeples=(1, 0), scorers=(0,), value_complete=2,
                                           value_end=2))
        city = game.inspect_feature(0, 0, "N")
        self.assertEqual((city.kind, city.completed, city.open_edges, city.scorers, city.value_complete,
                          city.value_end), ("city", False, 1, (), 2, 1))
        self.assertEqual(game.projected_scores(), [2, 0])
        game.play("E 0,-1 180 S")
        city = game.inspect_feature(0, -1, "S")
        self.assertEqual((city.completed, len(city.tiles), city.value_complete, city.value_end, city.meeples),
                         (True, 2, 4, 0, (0, 0)))
        self.assertEqual(game.scores, [2, 4])
        self.assertEqual(game.projected_scores(), game.scores)  # over: the projection is the result
        with self.assertRaisesRegex(InvalidArgument, "^carc_game_inspect_feature: the D at 0,0 has no feature at C$"):
            game.inspect_feature(0, 0, "C")
        with self.assertRaisesRegex(InvalidArgument, "no tile is placed at 9,9"):
            game.inspect_feature(9, 9, "N")
        with self.assertRaisesRegex(InvalidArgument, "is not a location"):
            game.inspect_feature(0, 0, None)


class TurnQueries(unittest.TestCase):
    def test_banked_scores_are_kept_apart_from_end_game_scoring(self):
        game = Game(2, order="EU")
        game.play("E 0,-1 180 S")
        self.assertEqual(game.banked_scores, [4, 0])
        game.play("U 1,0 90 E")
        self.assertTrue(game.over)
        self.assertEqual(game.scores, [4, 2])
        self.assertEqual(game.banked_scores, [4, 0])

    def test_discards_are_listed(self):
        game = Game(2, order="EAACE")
        for move in ("E 0,-1 180", "A 1,0 90", "A -1,0 270"):
            game.play(move)
        self.assertEqual(game.discards(), ["C"])

    def test_meeple_locations_for_a_placement_not_made(self):
        game = Game(2, order="EU")
        before = game.save()
        self.assertEqual(game.meeple_locations_for((0, -1, 180)), ["S", "NNE"])
        self.assertEqual(game.save(), before)
        with self.assertRaisesRegex(IllegalMove, "the south edge is field but the neighbour there shows city"):
            game.meeple_locations_for((0, -1, 0))


class Pictures(unittest.TestCase):
    def test_the_svg_parses_with_a_group_per_tile_and_an_element_per_meeple(self):
        game = Game(3, seed=12)
        game.playout(3)
        for options in ({}, {"coordinates": False, "legend": False}, {"legal_cells": True, "dead_cells": True}):
            with self.subTest(**options):
                root = ET.fromstring(game.svg(**options).encode())
                groups = [e for e in root.iter() if "tile" in e.get("class", "").split()]
                meeples = [e for e in root.iter() if "meeple" in e.get("class", "").split()]
                self.assertEqual(len(groups), len(game.board()))
                self.assertEqual(len(meeples), len(game.meeples()))
                self.assertEqual({(g.get("data-x"), g.get("data-y")) for g in groups},
                                 {(str(t.x), str(t.y)) for t in game.board()})
        small, large = (ET.fromstring(game.svg(tile_pixels=n).encode()) for n in (16, 64))
        self.assertEqual(float(small.get("width")) * 4, float(large.get("width")))  # the same picture, scaled
        self.assertEqual(small.get("viewBox"), large.get("viewBox"))
        with self.assertRaisesRegex(InvalidArgument, "tile_pixels 0 is not 1..4096"):
            game.svg(tile_pixels=0)

    def test_the_svg_targets_are_the_options_with_a_place_each_taken_by_its_id(self):
        game = Game(2, order="UE")
        game.place((1, 0, 90))
        root = ET.fromstring(game.svg(targets=True).encode())
        targets = [e for e in root.iter() if e.get("class") == "target"]
        self.assertEqual(sorted(t.get("data-text") for t in targets), ["E", "ESE", "NNE"])  # the road, its two fields
        self.assertEqual(len(targets), len(game.choices()) - 1)  # all but no figure action
        road = next(t for t in targets if t.get("data-location") == "E")
        self.assertEqual((road.get("data-x"), road.get("data-y"), road.get("data-figure")), ("1", "0", "meeple"))
        game.decide(int(road.get("data-choice")))
        self.assertEqual(len(game.meeples()), 1)
        self.assertNotIn('class="target"', game.svg(targets=True))  # a placement: the legal cells show where

    def test_the_text_board_draws_tiles_and_meeples(self):
        game = Game(2, order="UE")
        game.play("U 1,0 90 E")
        self.assertEqual(game.text_board(coordinates=False), "#####.....\n---------0\n..........\n")
        with_cells = game.text_board(coordinates=False, legal_cells=True)
        self.assertIn("?", with_cells)
        self.assertEqual(len(game.text_board().splitlines()), 4)  # the x labels, then 3 lines a row

    def test_single_tiles(self):
        self.assertEqual(carcassonne.tile_text("E"), "#####\n.....\n.....\n")
        self.assertEqual(carcassonne.tile_text("E", 180), ".....\n.....\n#####\n")
        ET.fromstring(carcassonne.tile_svg("A", 90, 32).encode())
        with self.assertRaisesRegex(InvalidArgument, "rotation must be 0, 90, 180 or 270"):
            carcassonne.tile_text("E", 45)


if __name__ == "__main__":
    unittest.main()
