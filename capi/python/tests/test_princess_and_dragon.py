"""The binding with The Princess & the Dragon (princess_and_dragon=True): moves whose figure
action goes to another tile (the fairy, the princess, the magic portal) unpack, pack, print
and parse as the C layer has them (bit 25, the other tile in bits 40..55); the dragon's steps
are decisions of the players in turn; the expansion's events decode to their own classes,
and only the fairy's score; an RL State names a dragon step's action "dragon N"."""
import ctypes
import random
import re
import unittest

import carcassonne
from carcassonne import selfplay
from carcassonne import (POINT_EVENTS, AloneHomeEvent, Choice, DecisionKind, DragonLandsEvent, DragonStepEvent,
                         EatenEvent, Env, FairyBonusEvent, FairyMovesEvent, FairyPointEvent, FlightEndsEvent, Game,
                         InvalidArgument, Move, Phase, PortalEvent, PrincessRemovesEvent, ScoreEvent, SetAsideBackEvent,
                         SetAsideEvent, State)
from carcassonne._args import ELSEWHERE_ONLY, FIGURE_NAMES, OTHER_TILE_FIGURES, TOWER_FIGURES
from carcassonne._lib import (CARC_FIGURE_FAIRY, CARC_FIGURE_PRINCESS, CARC_FIGURE_RECALL, CARC_REACH_OTHER_TILE,
                              CARC_REACH_TOWER_TOP, lib)

# Moves of every kind of action on another tile, as the C layer writes them.
ELSEWHERE = {
    "DZ 0,-1 180 F:1,0:E": ("fairy", "E", (1, 0)),
    "DB 1,-1 0 princess:0,-1:E": ("princess", "E", (0, -1)),
    "DR -1,0 0 @1,1:C": ("meeple", "C", (1, 1)),
    "DR -1,0 0 @1,1:L:N": ("large meeple", "N", (1, 1)),
    "DS 2,0 90 @-1,1:A:C": ("abbot", "C", (-1, 1)),
    # Longer than CARC_MOVE_TEXT_SIZE (32): the text is sized by itself.
    "DB -12,-13 270 princess:-12,-13:NNE": ("princess", "NNE", (-12, -13)),
    "DR -128,-128 270 @127,-128:L:NNE": ("large meeple", "NNE", (127, -128)),
}
# The events of the expansion, none of which is a score but the fairy's two.
PD_EVENTS = (SetAsideEvent, SetAsideBackEvent, DragonLandsEvent, DragonStepEvent, EatenEvent, FlightEndsEvent,
             FairyMovesEvent, FairyPointEvent, FairyBonusEvent, PrincessRemovesEvent, PortalEvent, AloneHomeEvent)
# A score event's sentence: a feature's points (the engine's describe).
SCORE_TEXT = re.compile(r"^(road|city|monastery|field|garden) \d+ to players? ")


def c_parse(text: str) -> int:
    m = ctypes.c_uint64()
    if lib.carc_move_parse(text.encode(), ctypes.byref(m)) < 0:
        raise AssertionError(f"carc_move_parse refused {text!r}")
    return m.value


class Moves(unittest.TestCase):
    def test_actions_on_another_tile_round_trip_with_the_c_layer(self):
        for text, (figure, location, target) in ELSEWHERE.items():
            with self.subTest(text=text):
                move = Move.parse(text)
                self.assertEqual((move.figure, move.meeple, move.target), (figure, location, target))
                self.assertEqual(str(move), text)
                packed = move.packed()
                self.assertEqual(packed, c_parse(text))
                self.assertEqual(Move.unpack(packed), move)
                self.assertEqual(packed >> 25 & 1, 1)
                self.assertEqual(((packed >> 40 & 0xFF) ^ 0x80) - 0x80, target[0])
                self.assertEqual(((packed >> 48 & 0xFF) ^ 0x80) - 0x80, target[1])
        self.assertEqual(str(Move("DZ", 0, -1, 180, "E", "fairy", (1, 0))), "DZ 0,-1 180 F:1,0:E")
        self.assertEqual(str(Move("DB", 1, -1, 0, "E", "princess", target=(0, -1))), "DB 1,-1 0 princess:0,-1:E")
        self.assertEqual(Move("DR", -1, 0, 0, "C", target=[1, 1]).packed(), c_parse("DR -1,0 0 @1,1:C"))

    def test_actions_on_the_tile_just_placed_have_no_target(self):
        for text in ("E 0,-1 180 S", "U_G 0,1 90 A:C", "U -1,1 90 recall", "E 0,-1 180", "IK 0,-1 0 L:N", "U 2,0 90 B:E"):
            with self.subTest(text=text):
                move = Move.parse(text)
                self.assertIsNone(move.target)
                self.assertEqual(str(move), text)
                self.assertEqual(move.packed(), c_parse(text))
                self.assertEqual((move.packed() >> 25 & 1, move.packed() >> 40), (0, 0))

    def test_figure_names(self):
        # FIGURES: the figures with a supply (with the mayor, wagon and barn of Abbey & Mayor); every kind a move may carry has a name.
        self.assertEqual(carcassonne.FIGURES, ("meeple", "large meeple", "abbot", "builder", "pig", "mayor", "wagon", "barn"))
        self.assertEqual(lib.carc_figure_name(CARC_FIGURE_FAIRY), b"fairy")  # named by the library since 0.7
        self.assertEqual(lib.carc_figure_name(CARC_FIGURE_PRINCESS), b"princess")
        self.assertEqual(FIGURE_NAMES[CARC_FIGURE_FAIRY], "fairy")
        self.assertEqual(FIGURE_NAMES[CARC_FIGURE_PRINCESS], "princess")
        self.assertEqual(FIGURE_NAMES[CARC_FIGURE_RECALL], "recall")
        self.assertEqual(FIGURE_NAMES[:5], carcassonne.FIGURES[:5])

    def test_where_each_figure_acts_comes_from_the_library(self):
        # carc_figure_reach: the portal's figures, the fairy and the princess on other tiles;
        # a tower piece, a meeple, the large meeple and the fairy (beside one) at a tower's top.
        self.assertEqual(OTHER_TILE_FIGURES, ("meeple", "large meeple", "abbot", "fairy", "princess", "mayor", "wagon"))
        self.assertEqual(TOWER_FIGURES, ("meeple", "large meeple", "fairy", "tower piece"))
        self.assertEqual(ELSEWHERE_ONLY, ("fairy", "princess", "tower piece"))
        self.assertEqual(lib.carc_figure_reach(CARC_FIGURE_FAIRY), CARC_REACH_OTHER_TILE | CARC_REACH_TOWER_TOP)
        self.assertEqual(lib.carc_figure_reach(-1), 0)
        with self.assertRaisesRegex(carcassonne.InvalidArgument, "the builder never acts on another tile"):
            Move("DZ", 0, -1, 0, "E", "builder", (1, 0)).packed()

    def test_bad_actions_on_another_tile_are_refused(self):
        bad = [Move("DZ", 0, -1, 180, "E", "fairy"),              # the fairy acts only elsewhere
               Move("DZ", 0, -1, 180, None, "fairy", (1, 0)),     # and needs a location
               Move("E", 0, 0, 0, "E", "builder", (1, 0)),        # no builder, pig or recall elsewhere
               Move("E", 0, 0, 0, "E", "pig", (1, 0)),
               Move("E", 0, 0, 0, None, "recall", (1, 0)),
               Move("E", 0, 0, 0, None, "meeple", (1, 0)),        # no "none" elsewhere
               Move("E", 0, 0, 0, "E", "meeple", (1, 200)),
               Move("E", 0, 0, 0, "E", "meeple", (1,)),
               Move("E", 0, 0, 0, "E", "meeple", "1,0"),
               Move("E", 0, 0, 0, "E", "dragon", (1, 0))]
        for move in bad:
            with self.subTest(move=move):
                with self.assertRaises(InvalidArgument):
                    move.packed()
                with self.assertRaises(InvalidArgument):
                    str(move)


def scenario() -> Game:
    """U, E, the volcano DZ with the fairy next to player 0's meeple, the dragon tile DG: the
    dragon's flight waits for player 1's step (docs/python.md)."""
    game = Game(2, order="U E DZ DG E E", princess_and_dragon=True)
    game.play("U 1,0 90 E")
    game.play("E 0,-1 180")
    game.play(Move("DZ", 0, 1, 90, "E", "fairy", (1, 0)))
    game.play("DG -1,1 0 S")
    return game


class Flight(unittest.TestCase):
    def test_the_fairy_the_volcano_and_the_flight(self):
        game = scenario()
        self.assertEqual(game.events(), [FairyMovesEvent(0, "U", 1, 0, "E"), DragonLandsEvent("DZ", 0, 1)])
        self.assertEqual((game.phase, game.decision(), game.current_player), (Phase.DECIDE, (DecisionKind.DRAGON, 1), 1))
        self.assertEqual([str(c) for c in game.choices()], ["dragon N", "dragon W"])
        self.assertEqual(game.check_choice("dragon E"), "dragon_cannot_move")
        game.decide("dragon N")
        self.assertEqual(game.decision(), (DecisionKind.DRAGON, 0))  # step 2: the other player's
        self.assertEqual(game.bot_choice("greedy"), game.parse_choice("dragon N"))
        game.decide(game.bot_choice("greedy"))
        events = game.events()
        self.assertEqual(events, [DragonStepEvent(1, 1, "D", 0, 0), DragonStepEvent(0, 2, "E", 0, -1),
                                  FlightEndsEvent(2, "E", 0, -1), FairyPointEvent(1, (0,), "U", 1, 0, "E")])
        self.assertEqual(events[-1].text, "fairy: 1 to player 0")
        self.assertEqual((game.scores, game.current_player, game.current_tile), ([1, 0], 0, "E"))
        self.assertEqual([str(m) for m in game.history()],
                         ["U 1,0 90 E", "E 0,-1 180", "DZ 0,1 90 F:1,0:E", "DG -1,1 0 S"])

    def test_a_dragon_tile_drawn_before_the_volcano_is_set_aside(self):
        game = Game(2, order="U E DG DZ E E", princess_and_dragon=True)
        game.play("U 1,0 90 E")
        game.play("E 0,-1 180")
        (aside,) = game.events()
        self.assertIsInstance(aside, SetAsideEvent)
        self.assertEqual((aside.player, game.current_tile, game.current_player), (0, "DZ", 0))
        game.play("DZ 0,1 90")
        back, lands = game.events()
        self.assertIsInstance(back, SetAsideBackEvent)
        self.assertEqual(lands, DragonLandsEvent("DZ", 0, 1))
        self.assertEqual((game.current_tile, game.current_player), ("DG", 1))

    def test_a_set_aside_event_names_its_tile(self):
        game = Game(2, order="U E DG DZ E E", princess_and_dragon=True)
        game.play("U 1,0 90 E")
        game.play("E 0,-1 180")
        (aside,) = game.events()
        self.assertEqual(aside, SetAsideEvent("DG", 0))
        self.assertTrue(aside.text.startswith("DG is set aside"), aside.text)

    def test_the_princess_and_the_portal(self):
        game = Game(2, order="E DA E E", princess_and_dragon=True)
        game.play("E 0,1 90 E")
        game.place((1, 1, 0))
        actions = game.figure_actions()
        princess = Move("DA", 1, 1, 0, "E", "princess", (0, 1))
        self.assertIn(princess, actions)
        self.assertEqual(game.check(princess), "legal")  # in the figure phase, the action whole
        self.assertEqual(game.check("DA 1,1 0 princess:0,1:E"), "legal")
        self.assertEqual(game.check(Move("DA", 1, 1, 0, "N", "princess", (0, 1))), "no_knight_to_remove")
        self.assertIn("princess:0,1:E", [str(c) for c in game.choices()])
        game.act("princess", "E", (0, 1))
        self.assertEqual(game.events(), [PrincessRemovesEvent(0, "E", 0, 1, "E")])
        self.assertEqual(game.meeples(), [])
        self.assertEqual(game.history()[-1], princess)

        portal = Game(2, order="E DR E E", princess_and_dragon=True)
        portal.play("E 0,1 90")
        through = Move("DR", 1, 0, 0, "E", "meeple", (0, 1))
        self.assertIn(through, portal.figure_actions_for((1, 0, 0)))
        self.assertEqual(portal.check(through), "legal")  # in the tile phase, the whole move
        portal.play(through)
        self.assertEqual(portal.events(), [PortalEvent(1, "E", 0, 1, "E")])
        self.assertEqual([(m.player, m.x, m.y, m.location, m.figure) for m in portal.meeples()], [(1, 0, 1, "E", "meeple")])

    def test_act_on_another_tile_checks_its_arguments(self):
        game = Game(2, order="E DA E E", princess_and_dragon=True)
        game.play("E 0,1 90 E")
        game.place((1, 1, 0))
        before = game.save()
        for args in (("fairy", "E"), ("princess", "E", (0, 1, 2)), ("builder", "E", (0, 1)), ("recall", None, (0, 1)),
                     ("princess", None, (0, 1)), ("meeple", "E", (0, 128))):
            with self.subTest(args=args):
                with self.assertRaises(InvalidArgument):
                    game.act(*args)
        self.assertEqual(game.save(), before)


def play_to_the_end(test: unittest.TestCase, players: int, seed: int, **options) -> dict:
    """A seeded game with Princess & Dragon played through choices() and decide(), actions on
    other tiles taken often; checks every figure decision's moves, every dragon's step and
    every event on the way. Returns what was seen: {"figures": {(figure, elsewhere)}, "events":
    {class name}, "steps": count}."""
    rng = random.Random(seed)
    game = Game(players, seed, princess_and_dragon=True, **options)
    seen = {"figures": set(), "events": set(), "steps": 0}
    totals = [0] * players
    placer, step = None, 0
    while not game.over:
        kind, decider = game.decision()
        choices = game.choices()
        texts = [str(c) for c in choices]
        if kind == DecisionKind.PLACE:
            placer, step = game.current_player, 0
        if kind == DecisionKind.FIGURE:
            actions = game.figure_actions()
            # The choices are no action, then figure_actions()'s, as their last word.
            test.assertEqual(texts, ["-"] + [str(m).split(" ", 3)[3] for m in actions])
            for move in actions:
                seen["figures"].add((move.figure, move.target is not None))
                test.assertEqual(Move.parse(str(move)), move)
                test.assertEqual(Move.unpack(move.packed()), move)
                test.assertEqual(move.packed(), c_parse(str(move)))
            for move in rng.sample(actions, min(3, len(actions))):
                test.assertEqual(game.check(move), "legal", move)
        if kind == DecisionKind.DRAGON:
            step += 1
            seen["steps"] += 1
            test.assertEqual(decider, (placer + step - 1) % players)
            test.assertTrue(texts and set(texts) <= {"dragon N", "dragon E", "dragon S", "dragon W"}, texts)
            test.assertEqual(texts, sorted(texts, key=lambda t: "NESW".index(t[-1])))  # N, E, S, W order
        pick = rng.choice(choices)
        elsewhere = [c for c in choices if c.packed >> 25 & 1]
        if elsewhere and rng.random() < 0.6:
            pick = rng.choice(elsewhere)
        game.decide(pick)
        for event in game.events():
            seen["events"].add(type(event).__name__)
            if isinstance(event, DragonStepEvent):
                test.assertEqual((event.player, event.step), (decider, step))
            if isinstance(event, ScoreEvent):  # a score, not another event decoded as one
                test.assertRegex(event.text, SCORE_TEXT)
            if isinstance(event, POINT_EVENTS):
                for p in event.winners:
                    totals[p] += event.points
            elif isinstance(event, PD_EVENTS):
                test.assertFalse(hasattr(event, "points"), event)
    test.assertEqual(totals, game.scores)
    # The record replays the game, the steps and the actions on other tiles included.
    test.assertEqual(Game.load(game.save()).scores, game.scores)
    return seen


class WholeGames(unittest.TestCase):
    def test_seeded_games_through_the_choices(self):
        seen = {"figures": set(), "events": set(), "steps": 0}
        for players, seed, options in ((2, 1, {}), (3, 2, {}), (2, 3, {"traders_and_builders": True}),
                                       (4, 4, {"abbot": True, "inns_and_cathedrals": True})):
            with self.subTest(players=players, seed=seed, options=options):
                one = play_to_the_end(self, players, seed, **options)
                for key in ("figures", "events"):
                    seen[key] |= one[key]
                seen["steps"] += one["steps"]
        self.assertGreater(seen["steps"], 0)
        self.assertLessEqual({("fairy", True), ("meeple", True), ("meeple", False)}, seen["figures"])
        self.assertLessEqual({"DragonLandsEvent", "DragonStepEvent", "FlightEndsEvent", "FairyMovesEvent",
                              "FairyPointEvent", "PortalEvent", "ScoreEvent"}, seen["events"])

    def test_the_bots_play_a_game_to_the_end(self):
        game = Game(3, 5, princess_and_dragon=True)
        while not game.over:
            game.decide(game.bot_choice("random", seed=game.turns_played))
            game.events()
        self.assertEqual(len(game.scores), 3)


class Drivers(unittest.TestCase):
    """Self-play and the Gymnasium-style Env answer a dragon's step with the decider's bot."""

    def test_self_play_games(self):
        plan = selfplay.make_plan(2, ["greedy", "random", "greedy"], options={"princess_and_dragon": True}, rotate=True)
        options = {name: Game(3, 0, princess_and_dragon=True).option(name) for name in carcassonne.game.OPTIONS}
        for n in range(plan.games):
            line = selfplay.play_game(plan, n)
            self.assertIsNone(selfplay.check_line(line, plan, options))
            self.assertIn("\ndragon ", line["record"])

    def test_the_env_asks_the_agent_only_its_own_decisions(self):
        for opponent in ("greedy", None):
            with self.subTest(opponent=opponent):
                env = Env(2, opponent=opponent, seed=1, princess_and_dragon=True)
                rng = random.Random(0)
                _, info = env.reset()
                steps = 0
                while True:
                    kind, decider = env.state.game.decision()
                    self.assertEqual(decider, env.seat if opponent else info["player"])
                    steps += kind == DecisionKind.DRAGON
                    _, _, terminated, _, info = env.step(rng.choice(info["legal_actions"]))
                    if terminated:
                        break
                self.assertGreater(steps, 0)


class RL(unittest.TestCase):
    def test_a_dragon_step_is_named_by_its_option(self):
        state = State.from_game(scenario())
        actions = state.legal_actions()
        self.assertEqual([state.action_to_string(a) for a in actions], ["dragon N", "dragon W"])
        self.assertEqual(state.action_to_string(1, actions[0]), "dragon N")  # OpenSpiel's (player, action)
        self.assertEqual(state.current_player(), 1)
        state.apply_action(actions[0])
        self.assertEqual(state.current_player(), 0)
        self.assertEqual([state.action_to_string(a) for a in state.legal_actions()], ["dragon N"])

    def test_a_state_over_a_game_to_the_end(self):
        rng = random.Random(7)
        state = State(2, seed=7, princess_and_dragon=True)
        steps = elsewhere = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            texts = [state.action_to_string(a) for a in actions]
            kind, decider = state.game.decision()
            if kind == DecisionKind.DRAGON:
                steps += 1
                self.assertEqual(state.current_player(), decider)
                self.assertEqual(texts, [str(c) for c in state.game.choices()])
            if kind == DecisionKind.FIGURE:
                for action, text in zip(actions, texts):
                    move = Move.parse(text if not text.endswith(" -") else text[:-2])
                    if move.target is not None:
                        elsewhere += 1
                        self.assertEqual(state.move_to_action(text), action)
                        self.assertEqual(str(move), text)
            state.apply_action(rng.choice(actions))
        self.assertGreater(steps, 0)
        self.assertGreater(elsewhere, 0)
        self.assertEqual(sum(state.returns()), sum(state.game.scores))


if __name__ == "__main__":
    unittest.main()
