"""The carcassonne rules engine (the base game, the River, the Abbot, Inns & Cathedrals,
Traders & Builders and The Princess & the Dragon) from Python: a
pure-Python binding over the C ABI (carcassonne.h) with ctypes. No compiler needed, only the
shared library carcassonne_c: the file CARCASSONNE_LIBRARY names if it is set and not
empty (then only that file; empty counts as unset), else the first that fits of: next to
the module (where a wheel built by pip carries it), the install the module came with, a
build tree of its source checkout, the system's library path (details in
carcassonne._lib). A file that is not carcassonne_c of this ABI is refused with
ImportError saying why.

Tiles are ids ('A'..'X' for the base game, 'E_G', 'RA', ... for the expansions' tiles:
TILES), locations are names ('C', 'N', ..., 'NNW', 'CF'), feature kinds are 'road',
'city', 'monastery', 'field', 'garden', figures 'meeple', 'abbot', ... (FIGURES) and the
action 'recall'; rotations are degrees clockwise (0, 90, 180, 270), as in move text
("E 0,-1 180 S", "U_G 0,1 90 A:C", "U -1,1 90 recall"; L:, B:, P: for the large meeple,
the builder and the pig). The expansions are the options river=True, abbot=True,
inns_and_cathedrals=True, traders_and_builders=True, princess_and_dragon=True and tower=True; with
Traders & Builders a player's goods are Game.goods(player), and a builder's bonus tile is
taken with Game.take_bonus() or declined with Game.pass_bonus() (Phase.DECIDE, an
expansion's decision). With Princess & Dragon each step of a dragon's flight is such a
decision (DecisionKind.DRAGON: "dragon N" .. "dragon W", decided by the players in turn),
and the fairy, the princess and the magic portal act on another tile, a Move's `target`
(x, y), with figures "fairy" and "princess" ("DZ 0,-1 180 F:1,0:E", "DB 1,-1 0
princess:0,-1:E", "DR -1,0 0 @1,1:C"). With The Tower a tower piece, a meeple or the large
meeple goes onto the tower at a target, location "TW" (figure "tower piece": "OO 2,0 0
T:2,0", "U 2,0 90 TM:1,0"); the capture after a piece is a decision (DecisionKind.CAPTURE,
"capture 1,0 E", "capture none"), a ransom an option of the placement decision ("ransom 1
meeple"), and Game.tower_pieces, Game.tower_at, Game.prisoners read the towers. The events
that score are POINT_EVENTS (a ransom moves points between two players: its event says so). Whatever a
game waits for (a draw, a placement, a figure action, the bonus tile, a dragon's step) is
also asked and answered one way:
Game.decision() says its kind and who decides, Game.choices() lists every legal option as a
Choice, Game.decide() takes one (a Choice, its packed id or its move text), and
Game.bot_choice() is a bot's Choice for any decision but a draw. Errors raise CarcassonneError subclasses carrying the
library's message; a failed call leaves the game as it was. Every argument is checked
before it reaches C: a wrong type or a value out of range (ints beyond the C type
included, bools where a number is meant, non-bools for options, text with a NUL or
non-ASCII characters) raises InvalidArgument, a ValueError.

    >>> from carcassonne import Game
    >>> game = Game(players=2, seed=42)    # or Game(2, order="EUV"): a fixed draw order
    >>> game.current_tile, game.placements()[0]
    ('L', Placement(x=0, y=-1, rotation=180))
    >>> game.play("L 0,-1 180")            # or game.place(...); game.deploy(...)
    >>> same = Game.load(game.save())      # records; game.undo() takes the turn back
    >>> same.history(), same.scores
    ([Move(tile='L', x=0, y=-1, rotation=180, meeple=None, figure='meeple', target=None)], [0, 0])

Queries (remaining_tiles, next_tile_probabilities, frontier, fitting_rotations,
projected_scores, inspect_feature) and pictures (svg, text_board) change nothing. A Game
may be shared between threads (a lock per game), and copied or pickled (see Game).

For reinforcement learning (docs/rl.md): State (OpenSpiel-style: integer actions, chance
nodes, observation tensors), Batch (many games stepped by one C call), Env and VectorEnv
(Gymnasium-style).

The module's files: _lib (loading the library, prototypes, the header's constants),
_errors (exceptions), _args (argument checks), types (the value classes), game (Game),
rl (State, Batch), env (Env, VectorEnv).
"""

from typing import Tuple

from ._args import FEATURES, FIGURES, LOCATIONS, TILES
from ._errors import (BufferTooSmall, CarcassonneError, IllegalMove, InternalError, InvalidArgument, OutOfMemory,
                      WrongPhase)
from . import _lib
from ._lib import CARC_VERSION_MAJOR, CARC_VERSION_MINOR, library_path
from .game import Game, tile_svg, tile_text
from .game import REASONS
from .rl import Batch, State
from .env import Env, VectorEnv
from .types import (AloneHomeEvent, BonusEvent, Choice, DecisionKind, DiscardEvent, DragonLandsEvent, DragonStepEvent,
                    EatenEvent, FairyBonusEvent, FairyMovesEvent, FairyPointEvent, FeatureInfo, FlightEndsEvent,
                    FrontierCell, Goods, GoodsBonusEvent, GoodsEvent, Meeple, MeepleChoice, Move, Phase, PigEvent,
                    PlacedTile, Placement, POINT_EVENTS, PortalEvent, PrincessRemovesEvent, RecallEvent, Rollouts,
                    ScoreEvent, SetAsideBackEvent, SetAsideEvent, TowerPieceEvent, TowerClosedEvent, CaptureEvent,
                    ExchangeEvent, RansomEvent, AbbeyPlacedEvent, AbbeyDeclinedEvent, FinalAbbeyRoundEvent, WagonDueEvent,
                    WagonMovedEvent, WagonStayedEvent, BarnPlacedEvent, BarnConnectedEvent, BarnFinalEvent, BarnHomeEvent)

__all__ = [
    "ABI_VERSION", "Game", "Phase", "DecisionKind", "Choice", "Placement", "MeepleChoice", "Move", "PlacedTile", "Meeple",
    "ScoreEvent", "DiscardEvent", "RecallEvent", "GoodsEvent", "GoodsBonusEvent", "PigEvent", "BonusEvent", "Goods",
    "SetAsideEvent", "SetAsideBackEvent", "DragonLandsEvent", "DragonStepEvent", "EatenEvent", "FlightEndsEvent",
    "FairyMovesEvent", "FairyPointEvent", "FairyBonusEvent", "PrincessRemovesEvent", "PortalEvent", "AloneHomeEvent",
    "TowerPieceEvent", "TowerClosedEvent", "CaptureEvent", "ExchangeEvent", "RansomEvent", "AbbeyPlacedEvent",
    "AbbeyDeclinedEvent", "FinalAbbeyRoundEvent", "WagonDueEvent", "WagonMovedEvent", "WagonStayedEvent",
    "BarnPlacedEvent", "BarnConnectedEvent", "BarnFinalEvent", "BarnHomeEvent", "POINT_EVENTS",
    "FrontierCell", "FeatureInfo", "Rollouts", "CarcassonneError", "InvalidArgument",
    "IllegalMove", "WrongPhase", "BufferTooSmall", "OutOfMemory", "InternalError", "LOCATIONS", "FEATURES",
    "FIGURES", "REASONS", "TILES", "library_path", "library_version", "tile_svg", "tile_text", "__version__",
    "State", "Batch", "Env", "VectorEnv",
]

#: The (major, minor) version of the C ABI this module is written for.
ABI_VERSION = (CARC_VERSION_MAJOR, CARC_VERSION_MINOR)

#: The version of the loaded library ("MAJOR.MINOR.PATCH"), which is the package's version.
__version__ = _lib.lib.carc_version_string().decode()


def library_version() -> Tuple[int, int, int]:
    """(major, minor, patch) of the loaded library."""
    n = _lib.lib.carc_version_number()
    return n // 1000000, n // 1000 % 1000, n % 1000


# The public classes live in submodules but belong to the package: tracebacks, reprs and
# pickles name them carcassonne.X, which stays put if the files are split differently.
for _cls in (Game, State, Batch, Env, VectorEnv, Phase, DecisionKind, Choice, Placement, MeepleChoice, Move, PlacedTile, Meeple, ScoreEvent,
             DiscardEvent, RecallEvent, GoodsEvent, GoodsBonusEvent, PigEvent, BonusEvent, Goods, FrontierCell,
             SetAsideEvent, SetAsideBackEvent, DragonLandsEvent, DragonStepEvent, EatenEvent, FlightEndsEvent,
             FairyMovesEvent, FairyPointEvent, FairyBonusEvent, PrincessRemovesEvent, PortalEvent, AloneHomeEvent,
             TowerPieceEvent, TowerClosedEvent, CaptureEvent, ExchangeEvent, RansomEvent, AbbeyPlacedEvent,
             AbbeyDeclinedEvent, FinalAbbeyRoundEvent, WagonDueEvent, WagonMovedEvent, WagonStayedEvent, BarnPlacedEvent,
             BarnConnectedEvent, BarnFinalEvent, BarnHomeEvent, FeatureInfo, Rollouts, CarcassonneError, InvalidArgument, IllegalMove, WrongPhase, BufferTooSmall,
             OutOfMemory, InternalError):
    _cls.__module__ = __name__
del _cls
