"""Self-play: N games between chosen bots, each game a task on a Dask cluster (Debian's
python3-distributed) or, with --no-dask, in a local process pool; the results go to a JSON
lines file, one game a line, that a rerun resumes. docs/selfplay.md has the whole story.

    /usr/bin/python3 -m carcassonne.selfplay --games 200 --bots mcts:300 greedy --rotate -o games.jsonl

Bots, one per seat (or one for every seat): random, greedy, mcts (1,000 iterations a
move), mcts:N (N iterations), mcts:Nms (N milliseconds a move). Game n's seed is derived
from the base seed and n alone, and so is every bot's seed in it, so a game's line is the
same wherever and however often it is played (a budget in milliseconds depends on the
machine: those games are not reproducible). A rerun with the same file plays only the
games it lacks; a line that a crash left half-written is dropped and its game played again.

From Python: run(make_plan(games, bots, ...), path, client=client) plays (no_dask=True: in
local processes) and returns the lines, summary(lines, plan) the table's rows;
play_game(plan, n) is one game's task.
"""

import argparse
import collections
import concurrent.futures
import contextlib
import importlib
import inspect
import json
import math
import multiprocessing
import os
import stat
import sys
import tempfile
import time
import uuid
from typing import Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

import carcassonne
from carcassonne._lib import CARC_MAX_PLAYERS, CARC_MIN_PLAYERS
from carcassonne.rl import State
from carcassonne.types import Phase

try:
    import fcntl  # locks the output file against a second run writing it at once (POSIX only)
except ImportError:  # pragma: no cover
    fcntl = None

U64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
LEVELS = ("random", "greedy", "mcts")
MCTS_ITERATIONS = 1000  # the binding's default budget


def derive(seed: int, n: int) -> int:
    """The n-th output (from 0) of SplitMix64 started at seed: the seed of game n from the
    base seed, and of the bots' move n from the game's seed. Neighbouring n give unrelated
    seeds, and the value depends on (seed, n) only, not on where or when it is computed."""
    z = (seed + (n + 1) * GOLDEN) & U64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & U64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & U64
    return z ^ (z >> 31)


class Bot(NamedTuple):
    """A seat's player: its name as given ("mcts:500"), level and budget (0: no limit)."""
    name: str
    level: str
    iterations: int = 0
    milliseconds: int = 0


def parse_bot(text: str) -> Bot:
    """random, greedy, mcts, mcts:N (iterations) or mcts:Nms (milliseconds); else ValueError."""
    level, colon, budget = text.partition(":")
    if level not in LEVELS:
        raise ValueError(f"bot {text!r}: the level is one of {', '.join(LEVELS)}")
    if not colon:
        return Bot(text, level, MCTS_ITERATIONS if level == "mcts" else 0)
    if level != "mcts":
        raise ValueError(f"bot {text!r}: only mcts takes a budget (mcts:N or mcts:Nms)")
    digits = budget[:-2] if budget.endswith("ms") else budget
    if not (digits.isascii() and digits.isdigit()) or not 1 <= int(digits) <= 2**31 - 1:
        raise ValueError(f"bot {text!r}: the budget is N iterations or Nms, N a whole number from 1 to {2**31 - 1}")
    if budget.endswith("ms"):
        return Bot(text, level, 0, int(digits))
    return Bot(text, level, int(digits))


def option_names() -> List[str]:
    """The rule options Game takes by name (every keyword of its constructor but the draws')."""
    parameters = inspect.signature(carcassonne.Game).parameters.values()
    return [p.name for p in parameters if p.kind is p.KEYWORD_ONLY and p.name not in ("order", "caller_draws")]


class Plan(NamedTuple):
    """What a run plays: games 0..games-1 between `bots` (entrant i is bots[i]; one bot fills
    every seat), each with its own seed derived from `seed`; `options` are Game keywords.
    With rotate, game n seats entrant i at turn position (i + n) % players."""
    games: int
    bots: Tuple[Bot, ...]
    players: int
    seed: int = 0
    options: Tuple[Tuple[str, bool], ...] = ()
    rotate: bool = False

    def entrants(self, n: int) -> List[int]:
        """The entrant at each turn position of game n."""
        shift = n % self.players if self.rotate else 0
        return [(position - shift) % self.players for position in range(self.players)]

    def seats(self, n: int) -> List[str]:
        """The bots' names at each turn position of game n."""
        return [self.bots[e].name for e in self.entrants(n)]

    def game_seed(self, n: int) -> int:
        return derive(self.seed, n)


def make_plan(games: int, bots: Sequence, players: Optional[int] = None, seed: int = 0,
              options: Optional[Dict[str, bool]] = None, rotate: bool = False) -> Plan:
    """A checked Plan: bots are Bot or text; players defaults to the number of bots (2 for
    one bot); the options are tried on a Game here, so a bad one fails before any game."""
    bots = tuple(b if isinstance(b, Bot) else parse_bot(b) for b in bots)
    if not bots:
        raise ValueError("no bots: name one for every seat, or one for all")
    players = players if players is not None else (len(bots) if len(bots) > 1 else 2)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} players: name one for every seat, or one for all")
    if not (isinstance(games, int) and games >= 0):
        raise ValueError(f"games must be a whole number, not {games!r}")
    options = dict(options or {})
    unknown = sorted(set(options) - set(option_names()))
    if unknown:
        raise ValueError(f"no option {', '.join(unknown)}: the options are {', '.join(option_names())}")
    carcassonne.Game(players, seed, **options)  # players, seed and values: the binding's own checks
    return Plan(games, bots, players, seed, tuple(sorted(options.items())), rotate)


def game_options(plan: Plan) -> Dict[str, bool]:
    """Every option's value in the plan's games, the defaults included (what a line records)."""
    game = carcassonne.Game(plan.players, 0, **dict(plan.options))
    return {name: game.option(name) for name in carcassonne.game.OPTIONS}


class GameError(RuntimeError):
    """A game's task failed in the binding: the error's type and message, as text."""


def play_game(plan: Plan, n: int) -> dict:
    """Plays game n of the plan to the end and returns its line (a dict): the task that runs
    on a worker. The bots' seeds come from the game's seed and the move number."""
    start = time.perf_counter()
    seed = plan.game_seed(n)
    entrants = plan.entrants(n)
    try:
        game = carcassonne.Game(plan.players, seed, **dict(plan.options))
        state = State.from_game(game)  # for an expansion's decision, which is no move
        move = 0
        while not game.over:
            # The decider's bot: a dragon's step (Princess & Dragon) is another player's.
            bot = plan.bots[entrants[state.current_player()]]
            if game.phase == Phase.DECIDE:  # the builder's bonus tile, a dragon's step
                state.apply_action(state.bot_action(bot.level, iterations=bot.iterations,
                                                    milliseconds=bot.milliseconds, seed=derive(seed, move)))
            else:
                game.play(game.bot_move(bot.level, iterations=bot.iterations, milliseconds=bot.milliseconds,
                                        seed=derive(seed, move)))
            move += 1
    except carcassonne.CarcassonneError as e:  # as text: the binding's errors do not unpickle
        raise GameError(f"{type(e).__name__}: {e}") from None
    return {"game": n, "seed": seed, "players": plan.players, "seats": plan.seats(n), "entrants": entrants,
            "options": {name: game.option(name) for name in carcassonne.game.OPTIONS},
            "scores": game.scores, "winners": list(game.winners), "turns": game.turns_played,
            "record": game.save(), "version": carcassonne.__version__,
            "seconds": round(time.perf_counter() - start, 6)}


def _header(record: str) -> List[str]:
    """A record's lines that are neither blank nor comments (its header first)."""
    return [line for line in record.splitlines() if line.strip() and not line.startswith("#")]


#: The fields of a game's line, as play_game writes them.
LINE_FIELDS = ("game", "seed", "players", "seats", "entrants", "options", "scores", "winners", "turns", "record",
               "version", "seconds")


def check_line(record, plan: Plan, options: Dict[str, bool]) -> Optional[str]:
    """Why a line read back is not game n of the plan, whole and consistent (None if it is):
    its identity is the plan's (seed, seats, entrants, options), and its record loads to a
    finished game of that seed whose scores, winners and turns are the line's."""
    if not isinstance(record, dict):
        return "is not a game's line of carcassonne.selfplay"
    n = record.get("game")
    if type(n) is not int or n < 0:  # not a bool: JSON's true is no game number
        return "is not a game's line of carcassonne.selfplay" + (f" (game {n!r})" if "game" in record else "")
    missing = [name for name in LINE_FIELDS if name not in record]
    if missing:
        return f"game {n}: not a whole game's line (no {', '.join(missing)})"
    if (record["seed"], record["seats"], record["options"]) != (plan.game_seed(n), plan.seats(n), options):
        return (f"game {n} was played with other bots, seed or options than this run's; use the same arguments to "
                "resume, or name another output file")
    if record["players"] != plan.players or record["entrants"] != plan.entrants(n):
        return f"game {n}: its players or entrants are not this run's"
    if not isinstance(record["version"], str) or type(record["seconds"]) not in (int, float):
        return f"game {n}: its version or seconds are not text and a number"
    text = record["record"]
    try:
        game = carcassonne.Game.load(text) if isinstance(text, str) else None
    except carcassonne.CarcassonneError as e:
        return f"game {n}: its record does not load ({e})"
    expected = _header(carcassonne.Game(plan.players, plan.game_seed(n), **dict(plan.options)).save())
    if game is None or _header(game.save())[:len(expected)] != expected:
        return f"game {n}: its record is not of the game's seed, players and options"
    if not game.over:
        return f"game {n}: its record is not of a finished game"
    replayed = {"scores": game.scores, "winners": list(game.winners), "turns": game.turns_played}
    for key, value in replayed.items():
        if record[key] != value:
            return f"game {n}: its {key} are {record[key]!r}, but its record replays to {value!r}"
    return None


class ResultsFile:
    """The JSON lines output: reads what an earlier run left, checks every line is a whole,
    consistent game of this plan (check_line), drops a half-written last line, then appends
    one whole line per new game and flushes it. A game already there is never written
    again. Bad content, a path that cannot be opened or is not a regular file raise
    ValueError (naming the file and line) and change nothing; the file is locked while
    open, so two runs cannot write it at once."""

    def __init__(self, path: str, plan: Plan):
        self.path = path
        self.plan = plan
        self.records: Dict[int, dict] = {}
        try:
            self._file = open(path, "a+b")  # creates it; every write goes to the end
        except OSError as e:
            raise ValueError(f"{path}: cannot open it: {e.strerror or e}") from None
        try:
            if not stat.S_ISREG(os.fstat(self._file.fileno()).st_mode):  # a device would never end (/dev/zero)
                raise ValueError(f"{path}: not a regular file; name a file for the games' lines")
            if fcntl is not None:
                try:
                    fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    raise ValueError(f"{path}: another run is writing this file") from None
            self._file.seek(0)
            keep = self._read(self._file.read())
            if keep < self._file.tell():  # the tail a crash left: its game is played again
                self._file.truncate(keep)
        except BaseException:
            self._file.close()
            raise

    def _read(self, data: bytes) -> int:
        """Takes the whole lines of data into records; returns the length to keep."""
        options = game_options(self.plan)
        keep = number = 0
        while True:
            end = data.find(b"\n", keep)
            if end < 0:
                return keep  # what follows the last newline is half-written
            line, keep, number = data[keep:end], end + 1, number + 1
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):  # not JSON, or nested past Python's stack
                record = None
            why = check_line(record, self.plan, options)
            if why is not None:
                raise ValueError(f"{self.path}:{number}: {why}")
            self.records.setdefault(record["game"], record)

    def add(self, record: dict) -> bool:
        """Writes the game's line unless the game is there already; False if it was."""
        if record["game"] in self.records:
            return False
        self._file.write(json.dumps(record).encode() + b"\n")  # one write of the whole line
        self._file.flush()
        self.records[record["game"]] = record
        return True

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class RunError(RuntimeError):
    """The run cannot go on: a game's task raised (or kept killing its workers), or the
    cluster is out of reach. The games finished before are in the file."""


def _windowed(todo: Iterable[int], window: int, submit: Callable, wait_one: Callable) -> Iterator[dict]:
    """Keeps at most `window` games in flight (a million tasks at once would swamp the
    scheduler) and yields each game's line as it finishes. submit(n) returns a future,
    wait_one(futures) the first finished of them."""
    todo = iter(todo)
    running = {}
    try:
        while True:
            while len(running) < window:
                n = next(todo, None)
                if n is None:
                    break
                running[submit(n)] = n
            if not running:
                return
            future = wait_one(running)
            n = running.pop(future)
            try:
                record = future.result()
            except Exception as e:
                why = str(e) if isinstance(e, GameError) else f"{type(e).__name__}: {e}"
                raise RunError(f"game {n}: {why}") from e
            yield record
    finally:  # interrupted or failed: the games in flight are not wanted any more
        for future in running:
            future.cancel()


def dask_results(client, plan: Plan, todo: Iterable[int], window: int = 0) -> Iterator[dict]:
    """The lines of games `todo` played on the client's cluster. A worker that dies takes its
    tasks with it and the scheduler runs them elsewhere; a game whose workers keep dying
    fails (distributed's KilledWorker, after its allowed-failures, 3 by default)."""
    import distributed

    window = window or max(8, 4 * sum(client.nthreads().values()))
    finished = distributed.as_completed()
    # A key of its own per call: a key cancelled by an interrupted run, submitted again at
    # once, could come back cancelled.
    token = uuid.uuid4().hex[:12]

    def submit(n):
        future = client.submit(play_game, plan, n, key=f"carcassonne-game-{n}-{token}", pure=False)
        finished.add(future)
        return future

    return _windowed(todo, window, submit, lambda running: next(finished))


def pool_results(plan: Plan, todo: Iterable[int], workers: int, window: int = 0) -> Iterator[dict]:
    """The lines of games `todo` played in a pool of `workers` local processes (no Dask; a
    process that dies ends the run, and a rerun resumes)."""
    # spawn, not fork: a forked child would inherit the parent's threads' locks.
    pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))

    def wait_one(running):
        done, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
        return next(iter(done))

    try:
        yield from _windowed(todo, window or 4 * workers, lambda n: pool.submit(play_game, plan, n), wait_one)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _Counter:
    """The progress without tqdm: a counter line on a terminal, else a line every 10%."""

    def __init__(self, total: int, initial: int, file):
        self.total, self.n, self.file = total, initial, file
        self.tty = file.isatty()
        self.step = max(1, total // 10)

    def update(self, k: int = 1) -> None:
        self.n += k
        if self.tty:
            print(f"\r{self.n}/{self.total} games", end="", file=self.file, flush=True)
        elif self.n % self.step == 0 or self.n == self.total:
            print(f"{self.n}/{self.total} games", file=self.file, flush=True)

    def close(self) -> None:
        if self.tty:
            print(file=self.file)


def progress_bar(total: int, initial: int, enabled: bool = True, file=None):
    """tqdm's bar where python3-tqdm is installed, else a plain counter; None if disabled."""
    if not enabled:
        return None
    file = file or sys.stderr
    try:
        import tqdm
    except ImportError:
        return _Counter(total, initial, file)
    return tqdm.tqdm(total=total, initial=initial, unit="game", file=file, dynamic_ncols=True)


def run(plan: Plan, path: str, *, client=None, workers: int = 2, no_dask: bool = False, window: int = 0,
        progress: bool = False, on_record: Optional[Callable[[dict], None]] = None) -> List[dict]:
    """Plays the plan's games that `path` lacks, on the Dask `client`'s cluster (or, with
    no_dask, in `workers` local processes), appending each game's line as it finishes;
    on_record(line) is called after each is written. Returns the lines of games
    0..plan.games-1, in game order."""
    if client is None and not no_dask:
        raise ValueError("run: give a Dask client, or no_dask=True for a local process pool")
    with ResultsFile(path, plan) as out:
        done = sum(1 for n in out.records if n < plan.games)
        todo = (n for n in range(plan.games) if n not in out.records)
        bar = progress_bar(plan.games, done, progress)
        try:
            if done < plan.games:
                if no_dask:
                    results = pool_results(plan, todo, workers, window)
                else:
                    results = dask_results(client, plan, todo, window)
                with contextlib.closing(results):  # stops the games in flight if this loop is left early
                    for record in results:
                        if out.add(record):
                            if bar is not None:
                                bar.update(1)
                            if on_record is not None:
                                on_record(record)
        finally:
            if bar is not None:
                bar.close()
        return [out.records[n] for n in range(plan.games)]


# --- the summary ---

Z95 = 1.959963984540054  # the 97.5% point of the standard normal


def wilson(wins: int, games: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) for no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class Row(NamedTuple):
    """One entrant's results: a win is a game it won alone, a tie one it shared the top of."""
    entrant: int
    bot: str
    games: int
    wins: int
    ties: int
    win_rate: float
    low: float
    high: float
    mean_score: float


def summary(records: Sequence[dict], plan: Plan) -> List[Row]:
    """Per entrant (the command line's bots, whatever seat they took): games, wins, ties,
    win rate with its 95% Wilson interval, mean score."""
    wins, ties, points = collections.Counter(), collections.Counter(), collections.Counter()
    for record in records:
        for position, entrant in enumerate(record["entrants"]):
            points[entrant] += record["scores"][position]
            if position in record["winners"]:
                (wins if len(record["winners"]) == 1 else ties)[entrant] += 1
    games = len(records)
    rows = []
    for entrant, bot in enumerate(plan.bots):
        low, high = wilson(wins[entrant], games)
        rows.append(Row(entrant, bot.name, games, wins[entrant], ties[entrant], wins[entrant] / games if games else 0.0,
                        low, high, points[entrant] / games if games else 0.0))
    return rows


def format_summary(rows: Sequence[Row]) -> str:
    """The rows as a plain-text table."""
    lines = [f"{'player':<7}{'bot':<14}{'games':>7}{'wins':>7}{'win rate':>10}  {'95% interval':<17}"
             f"{'ties':>6}{'mean score':>12}"]
    for r in rows:
        interval = f"{100 * r.low:.1f}% - {100 * r.high:.1f}%"
        lines.append(f"{r.entrant:<7}{r.bot:<14}{r.games:>7}{r.wins:>7}{100 * r.win_rate:>9.1f}%  {interval:<17}"
                     f"{r.ties:>6}{r.mean_score:>12.1f}")
    return "\n".join(lines)


# --- the command ---

def _whole(lo: int, hi: int):
    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to {hi}, not '{text}'")
        return int(text)
    return parse


def _bot(text: str) -> Bot:
    try:
        return parse_bot(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _option(text: str) -> Tuple[str, bool]:
    name, _, value = text.partition("=")
    values = {"": True, "on": True, "true": True, "1": True, "off": False, "false": False, "0": False}
    if value.lower() not in values:
        raise argparse.ArgumentTypeError(f"option {text!r}: NAME, NAME=on or NAME=off")
    return name.replace("-", "_"), values[value.lower()]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python3 -m carcassonne.selfplay",
        description="Plays N games between bots on a Dask cluster (a local one by default) and writes one JSON "
                    "line per game; a rerun with the same output file plays only the games it lacks.",
        epilog="Example: /usr/bin/python3 -m carcassonne.selfplay --games 200 --bots greedy random --rotate")
    p.add_argument("-n", "--games", type=_whole(0, 2**63), default=100, help="how many games (default 100)")
    p.add_argument("--bots", type=_bot, nargs="+", default=[parse_bot("greedy"), parse_bot("random")],
                   metavar="BOT", help="one per seat, or one for every seat: random, greedy, mcts (1,000 iterations "
                                       "a move), mcts:N (N iterations), mcts:Nms (N ms a move); default greedy random")
    p.add_argument("--players", type=_whole(CARC_MIN_PLAYERS, CARC_MAX_PLAYERS),
                   help="player count (default: the number of bots, 2 for one)")
    p.add_argument("--seed", type=_whole(0, U64), default=0,
                   help="the base seed the games' seeds come from (default 0)")
    p.add_argument("-o", "--output", default="selfplay.jsonl", help="the JSON lines file (default selfplay.jsonl)")
    p.add_argument("--rotate", action="store_true", help="move every bot one seat on each game (fair for first-player "
                                                         "advantage)")
    p.add_argument("--no-farmers", dest="options", action="append_const", const=("farmers", False),
                   help="play without farmers")
    p.add_argument("--first-edition", dest="options", action="append_const", const=("first-edition", True),
                   help="the first edition's rules (small cities and farmers)")
    p.add_argument("--option", dest="options", action="append", type=_option, metavar="NAME[=on|off]",
                   help="any rule option the binding takes by name (e.g. first_edition_farmers); repeatable")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://host:8786) instead of a "
                                                          "local cluster")
    p.add_argument("--workers", type=_whole(1, 1024), default=2, help="local cluster (or pool) processes (default 2)")
    p.add_argument("--threads", type=_whole(1, 1024), default=1, help="threads per local worker (default 1)")
    p.add_argument("--no-dask", action="store_true", help="a local process pool instead of Dask")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def _options(pairs) -> Dict[str, bool]:
    options = {}
    for name, value in pairs or ():
        if name == "first-edition":  # --first-edition: both of the first edition's rules
            options.update(first_edition_small_city=value, first_edition_farmers=value)
        else:
            options[name] = value
    return options


MISSING_DASK = ("carcassonne.selfplay: Dask distributed is not importable by {python} ({error}).\n"
                "On Debian: apt-get install python3-distributed python3-tqdm, then run it with /usr/bin/python3 "
                "(another python3 first on PATH may not see Debian's packages);\n"
                "or add --no-dask to play in a local process pool instead.")


WORKER_WAIT = 60  # seconds for the first worker of a scheduler to come


def _cluster(args, stack: contextlib.ExitStack):
    """A Dask client: of the scheduler at --scheduler, else of a new local cluster."""
    import distributed
    if args.scheduler:
        try:
            client = stack.enter_context(distributed.Client(args.scheduler, timeout="20s"))
        except OSError as e:
            raise RunError(f"cannot reach the scheduler {args.scheduler}: {e}") from None
    else:
        cluster = stack.enter_context(distributed.LocalCluster(
            n_workers=args.workers, threads_per_worker=args.threads, dashboard_address=None,
            local_directory=tempfile.gettempdir()))  # not the caller's directory
        client = stack.enter_context(distributed.Client(cluster))
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError:
        raise RunError(f"no worker joined the scheduler {args.scheduler} in {WORKER_WAIT} s") from None
    # Every worker must import this module and load the library before it can play a game.
    try:
        versions = client.run(_worker_version)
    except Exception as e:
        raise RunError(f"a worker cannot run carcassonne.selfplay ({type(e).__name__}: {e}); install the "
                         "package on every worker (pip install capi/python), or set PYTHONPATH and "
                         "CARCASSONNE_LIBRARY there") from None
    return client, versions


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _worker_version() -> str:
    return carcassonne.__version__


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command: exit status 0 when every game is in the file, 1 on a failure (said on
    stderr; the finished games stay), 2 on bad arguments."""
    p = parser()
    args = p.parse_args(argv)
    try:
        plan = make_plan(args.games, args.bots, args.players, args.seed, _options(args.options), args.rotate)
    except (ValueError, carcassonne.CarcassonneError) as e:
        p.error(str(e))
    if not args.no_dask:
        try:
            importlib.import_module("distributed")  # before the output file is touched
        except ImportError as e:
            print(MISSING_DASK.format(python=sys.executable, error=e), file=sys.stderr)
            return 1
    start = time.monotonic()
    try:
        with contextlib.ExitStack() as stack:
            client = where = None
            if args.no_dask:
                where = f"a pool of {args.workers} local processes"
            else:
                client, versions = _cluster(args, stack)
                threads = sum(client.nthreads().values())
                where = (f"Dask ({_count(len(versions), 'worker')}, {_count(threads, 'thread')}"
                         f"{', ' + args.scheduler if args.scheduler else ''})")
            records = run(plan, args.output, client=client, workers=args.workers, no_dask=args.no_dask,
                          progress=not args.quiet)
    except (ValueError, RunError) as e:
        print(f"carcassonne.selfplay: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # writing the output failed (a full disk, ...)
        print(f"carcassonne.selfplay: {args.output}: {e.strerror or e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"carcassonne.selfplay: interrupted; the finished games are in {args.output}, a rerun plays the rest",
              file=sys.stderr)
        return 130
    seconds = time.monotonic() - start
    options = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in game_options(plan).items())
    print(f"{_count(len(records), 'game')} of {_count(plan.players, 'player')} ({options}; base seed {plan.seed}"
          f"{', seats rotating' if plan.rotate else ''}) in {args.output}; this run: {seconds:.1f} s on {where}")
    print(format_summary(summary(records, plan)))
    return 0


if __name__ == "__main__":
    # Through the package's module, not __main__: tasks must name functions that workers import.
    from carcassonne import selfplay
    sys.exit(selfplay.main())
