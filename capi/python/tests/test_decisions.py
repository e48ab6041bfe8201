"""Game's decision calls (decision, choices, check_choice, decide, choice_text, parse_choice,
bot_choice):
whole games with every expansion on, played choice by choice, seeded and with caller draws
(where the draw is a decision too), each choice taken as a Choice, as its packed id or as its
text; every listed choice is legal and its text reads back as the same choice; refusals
(another kind of decision, an illegal option, malformed input) change nothing."""
import random
import unittest

from carcassonne import (Choice, DecisionKind, Game, IllegalMove, InvalidArgument, Phase, WrongPhase, _lib)

EXPANSIONS = dict(river=True, abbot=True, inns_and_cathedrals=True, traders_and_builders=True)
KIND_OF_PHASE = {Phase.DRAW: DecisionKind.DRAW, Phase.PLACE_TILE: DecisionKind.PLACE,
                 Phase.PLACE_MEEPLE: DecisionKind.FIGURE, Phase.DECIDE: DecisionKind.BONUS,
                 Phase.GAME_OVER: DecisionKind.NONE}


def state(game):
    """What a refusal must leave as it was."""
    return game.save(), game.decision(), game.choices(), game.scores


class Decisions(unittest.TestCase):
    def refused(self, game, choice, error, reason=None):
        """decide(choice) raises error and changes nothing; check_choice says reason."""
        before = state(game)
        if reason:
            self.assertEqual(game.check_choice(choice), reason)
        with self.assertRaises(error):
            game.decide(choice)
        self.assertEqual(state(game), before)

    def play(self, game, seed):
        """Plays game to its end choice by choice; returns the kinds of decision it met."""
        rng = random.Random(seed)
        seen = {}  # a choice taken of each kind: an option of another decision later
        step = 0
        while True:
            kind, decider = game.decision()
            self.assertEqual(kind, KIND_OF_PHASE[game.phase])
            choices = game.choices()
            if kind == DecisionKind.NONE:
                self.assertEqual((decider, choices), (_lib.CARC_DECIDER_NOBODY, []))
                return set(seen)
            self.assertEqual(decider, _lib.CARC_DECIDER_CHANCE if kind == DecisionKind.DRAW else game.current_player)
            if kind == DecisionKind.PLACE:
                self.assertEqual(len(choices), len(game.placements()))
            if kind == DecisionKind.FIGURE:
                self.assertEqual(len(choices), 1 + len(game.figure_actions()))
            for choice in choices:
                self.assertEqual(game.check_choice(choice), "legal")
                self.assertEqual(game.parse_choice(str(choice)), choice)
                self.assertEqual(game.choice_text(choice.packed), str(choice))
            for other_kind, other in seen.items():
                if other_kind != kind:
                    self.refused(game, other, WrongPhase, "wrong_phase")
            if step % 7 == 0 and kind == DecisionKind.PLACE:  # the start tile's cell is taken
                self.refused(game, f"{game.current_tile} 0,0 0", IllegalMove, "occupied")
            if step % 7 == 0 and kind == DecisionKind.DRAW:
                gone = next(t for t, n in game.remaining_tiles().items() if n == 0)
                self.refused(game, f"draw {gone}", IllegalMove, "not_face_down")
            pick = rng.choice(choices)
            game.decide([pick, pick.packed, str(pick)][step % 3])
            seen[kind] = pick
            step += 1

    def test_seeded_games_with_every_expansion(self):
        kinds = set()
        for seed in range(1, 5):
            game = Game(2 + seed % 3, seed, **EXPANSIONS)
            kinds |= self.play(game, seed)
            self.assertEqual(Game.load(game.save()).scores, game.scores)
        self.assertEqual(kinds, {DecisionKind.PLACE, DecisionKind.FIGURE, DecisionKind.BONUS})

    def test_a_game_with_caller_draws_decides_its_draws_too(self):
        game = Game(3, caller_draws=True, **EXPANSIONS)
        self.assertEqual(game.decision(), (DecisionKind.DRAW, _lib.CARC_DECIDER_CHANCE))
        self.assertTrue(all(str(c).startswith("draw R") for c in game.choices()))  # the river first
        self.assertEqual(self.play(game, 7) - {DecisionKind.BONUS}, {DecisionKind.DRAW, DecisionKind.PLACE,
                                                                     DecisionKind.FIGURE})
        self.assertEqual(Game.load(game.save()).scores, game.scores)

    def test_the_choices_are_the_conveniences_moves(self):
        game = Game(2, order="TG E U E U E A A", traders_and_builders=True)
        for text in ["TG 0,-1 180", "S", "E 1,-1 270", "-", "U 1,0 90", "E", "E 0,-2 0", "-", "U 2,0 90", "B:E",
                     "E 1,-2 0", "-", "A 3,0 90", "-"]:
            game.decide(text)
        self.assertEqual(game.decision(), (DecisionKind.BONUS, 0))
        self.assertEqual([str(c) for c in game.choices()], ["bonus", "pass"])
        self.refused(game, "E", InvalidArgument)  # figure text spells no option of a bonus decision
        game.decide("bonus")
        self.assertEqual((game.phase, game.current_tile, game.bonus_turn), (Phase.PLACE_TILE, "A", True))
        game.undo()
        game.decide(game.choices()[1])
        self.assertEqual((game.phase, game.current_player), (Phase.PLACE_TILE, 1))
        other = Game(2, order="TG E U E U E A A", traders_and_builders=True)
        for move in ["TG 0,-1 180 S", "E 1,-1 270", "U 1,0 90 E", "E 0,-2 0", "U 2,0 90 B:E", "E 1,-2 0", "A 3,0 90",
                     "pass"]:
            other.play(move)
        self.assertEqual(game.save(), other.save())

    BONUS_ORDER = "TG E U E U E A A"
    BONUS_TURNS = ["TG 0,-1 180", "S", "E 1,-1 270", "-", "U 1,0 90", "E", "E 0,-2 0", "-", "U 2,0 90", "B:E",
                   "E 1,-2 0", "-", "A 3,0 90", "-"]

    def test_the_bots_choice_of_the_bonus_tile_is_one_of_the_choices(self):
        game = Game(2, order=self.BONUS_ORDER, traders_and_builders=True)
        for text in self.BONUS_TURNS:
            game.decide(text)
        self.assertEqual((game.phase, game.decision()), (Phase.DECIDE, (DecisionKind.BONUS, 0)))
        self.assertIs(Phase.BONUS, Phase.DECIDE)  # the 0.2 name
        for level in ("random", "greedy", "mcts"):
            with self.subTest(level=level):
                before = state(game)
                choice = game.bot_choice(level, iterations=30, seed=3)
                self.assertIsInstance(choice, Choice)
                self.assertIn(choice, game.choices())
                self.assertEqual(game.check_choice(choice), "legal")
                self.assertEqual(state(game), before)  # asking changes nothing
                self.assertEqual(game.bot_choice(level, iterations=30, seed=3), choice)
                after = game.clone()
                after.decide(choice)
                self.assertEqual(after.phase, Phase.PLACE_TILE)
                self.assertEqual(after.current_player, 0 if str(choice) == "bonus" else 1)
        with self.assertRaises(WrongPhase):
            game.bot_move("greedy")  # a bonus decision is no move

    def test_the_bots_choice_in_the_tile_and_figure_phases(self):
        game = Game(2, seed=42)
        choice = game.bot_choice("greedy")
        self.assertEqual(game.decision()[0], DecisionKind.PLACE)
        self.assertIn(choice, game.choices())
        move = game.bot_move("greedy")
        self.assertEqual(str(choice), f"{move.tile} {move.x},{move.y} {move.rotation}")  # the move's placement
        game.decide(choice)
        self.assertEqual(game.phase, Phase.PLACE_MEEPLE)
        figure = game.bot_choice("mcts", iterations=50, seed=1)
        self.assertIn(figure, game.choices())
        game.decide(figure)
        self.assertEqual((game.phase, game.turns_played), (Phase.PLACE_TILE, 1))
        self.assertEqual(game.bot_choice(iterations=40, seed=9), game.bot_choice(iterations=40, seed=9, threads=2))

    def test_the_bots_choice_plays_whole_games(self):
        for seed in range(1, 3):
            game = Game(2 + seed % 2, seed, **EXPANSIONS)
            while not game.over:
                choice = game.bot_choice("random", seed=game.turns_played)
                self.assertIn(choice, game.choices())
                game.decide(choice)
            with self.assertRaises(WrongPhase):
                game.bot_choice("random")

    def test_the_bots_choice_refuses_a_draw_and_bad_arguments(self):
        waiting = Game(2, caller_draws=True)
        with self.assertRaises(WrongPhase):
            waiting.bot_choice("greedy")
        game = Game(2, 5)
        for call in (lambda: game.bot_choice("clever"), lambda: game.bot_choice(iterations=-1),
                     lambda: game.bot_choice(threads=0), lambda: game.bot_choice(threads=65),
                     lambda: game.bot_choice(iterations=True), lambda: game.bot_choice(seed=-1),
                     lambda: game.bot_choice("mcts", iterations=0, milliseconds=0)):
            with self.assertRaises(InvalidArgument):
                call()

    def test_malformed_choices_are_refused(self):
        game = Game(2, 5, **EXPANSIONS)
        for bad in [2**64 - 1, -1, 2**64, True, 1.5, None, b"E 0,1 0", "not a choice", "RK 0,1 0\0", "draw RK"]:
            with self.subTest(choice=bad):
                self.refused(game, bad, InvalidArgument)
                with self.assertRaises(InvalidArgument):
                    game.check_choice(bad)
        with self.assertRaises(InvalidArgument):
            game.parse_choice(5)
        with self.assertRaises(InvalidArgument):
            Choice(-1)
        with self.assertRaises(InvalidArgument):
            str(Choice(2**64 - 1))
        self.assertEqual(repr(Choice(2**64 - 1)), "<Choice 0xffffffffffffffff>")
        self.assertEqual(repr(game.choices()[0]), f"<Choice {game.choices()[0]}>")


if __name__ == "__main__":
    unittest.main()
