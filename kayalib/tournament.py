"""A round robin of bots, with students' bot files welcome: "there can be only one".

An entrant is a built-in bot (``odds``) or a Python file a student wrote (``my_bot.py``)::

    GAME = "blef"                      # or "kaya"

    class Bot:                         # or a function make_bot() returning a bot
        name = "careful"
        def choose(self, view, rng):   # the seat's view, a random.Random for chance
            return view.legal_actions()[-1]

Every pair of entrants plays ``games`` heads-up games, seats alternating; game ``i`` of a
pairing is dealt from ``game_seed(seed, i)``, so a tournament is repeatable. A bot from a file
runs in a process of its own and sees only its seat's view (no seed, no other seat's cards: see
:mod:`kayalib.engine`); whatever it does to what it is given cannot reach the game. It
**forfeits** a game (and loses it) when it crashes, answers with a move that is not legal, or
takes longer than ``move_time`` seconds; its process is then started again for the next game,
and the tournament always goes on to the end.

>>> table = round_robin("blef", ["odds", "random"], games=4, seed=1)
>>> [(row.name, row.wins, row.games) for row in table.leaderboard()]
[('odds', 4, 4), ('random', 0, 4)]
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from kayalib.engine import turns
from kayalib.errors import BotFileError, KayalibError
from kayalib.progress import ProgressCallback
from kayalib.registry import GAMES, game, make_bot
from kayalib.seeds import check_seed, game_seed
from kayalib.stats import wilson_interval

__all__ = [
    "BotFileError",
    "Entrant",
    "Standing",
    "TournamentResult",
    "load_bot_file",
    "round_robin",
]

DEFAULT_MOVE_TIME = 2.0
"""Seconds a bot from a file may think about one move."""
STARTUP_TIME = 60.0
"""Seconds a bot file's process may take to start (Python and kayalib load first)."""
FORFEITS = ("crash", "illegal", "timeout")


def load_bot_file(path: str | Path) -> tuple[str, Callable[[], Any]]:
    """``(game, make a fresh bot)`` from a student's bot file (see the module docstring)."""
    path = Path(path)
    if path.suffix != ".py" or not path.is_file():
        raise BotFileError(f"no bot file {str(path)!r} (a bot is a .py file)")
    spec = importlib.util.spec_from_file_location(f"kayalib_bot_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except Exception as error:
        raise BotFileError(f"{path.name} does not load: {type(error).__name__}: {error}") from None
    name = getattr(module, "GAME", None)
    if name not in GAMES:
        raise BotFileError(f"{path.name} must say which game it plays: GAME = 'blef' or 'kaya'")
    factory = getattr(module, "make_bot", None) or getattr(module, "Bot", None)
    if not callable(factory):
        raise BotFileError(f"{path.name} has no class Bot (or function make_bot)")
    return name, factory


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament: a built-in bot or a bot file."""

    label: str
    file: Path | None = None

    @classmethod
    def parse(cls, game_name: str, text: str | Path) -> Entrant:
        """A built-in bot's name, or the path of a bot file playing ``game_name``."""
        text = str(text)
        if text.endswith(".py"):
            played, _ = load_bot_file(text)
            if played != game_name:
                raise BotFileError(f"{Path(text).name} plays {played}, not {game_name}")
            return cls(Path(text).stem, Path(text))
        make_bot(game_name, text)  # UnknownBotError for a name that is no bot
        return cls(text.strip().lower())


# ---- a bot in a process of its own ------------------------------------------------------------


def _serve(path: str, conn: Any) -> None:
    """The loop of a bot file's process: a view in, an action (or what went wrong) out."""
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - a bot's prints go nowhere
    try:
        name, factory = load_bot_file(path)
        bot = factory()
        game(name)  # load the engine now, so the first view does not count it as thinking
    except Exception as error:  # reported at the first move
        bot, failure = None, f"{type(error).__name__}: {error}"
    conn.send(("ready", None))
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        if bot is None:
            conn.send(("crash", failure))
            continue
        view, rng = message
        try:
            conn.send(("move", bot.choose(view, rng)))
        except Exception:
            conn.send(("crash", traceback.format_exc(limit=3).strip().splitlines()[-1]))


class _Isolated:
    """A bot file running in its own process; ``choose`` raises ``_Forfeit`` on a fault."""

    def __init__(self, path: Path, move_time: float) -> None:
        self.path, self.move_time = path, move_time
        self.process: Any = None

    def _start(self) -> None:
        """A fresh process for the bot; its start-up does not count against ``move_time``."""
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(str(self.path), child), daemon=True)
        self.process.start()
        child.close()
        if not self.conn.poll(STARTUP_TIME):
            self.stop()
            raise _Forfeit("timeout", f"the bot did not start within {STARTUP_TIME:g} s")
        self.conn.recv()

    def choose(self, view: Any, rng: Any) -> Any:
        try:
            if self.process is None or not self.process.is_alive():
                self._start()
            self.conn.send((view, rng))
            if not self.conn.poll(self.move_time):
                self.stop()
                raise _Forfeit("timeout", f"no move within {self.move_time:g} s")
            kind, value = self.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            self.stop()
            raise _Forfeit("crash", "the bot's process ended") from None
        if kind == "crash":
            raise _Forfeit("crash", value)
        return value

    def stop(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(timeout=5)
            self.process = None


class _Forfeit(Exception):
    def __init__(self, why: str, detail: str) -> None:
        super().__init__(detail)
        self.why = why


# ---- the round robin ----------------------------------------------------------------------------


@dataclass
class Standing:
    """One entrant's results: games, wins, forfeits by reason, and a 95% interval of its win
    rate (Wilson)."""

    name: str
    games: int = 0
    wins: int = 0
    forfeits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FORFEITS, 0))
    last_fault: str = ""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"name": self.name, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "interval": [low, high],
                "forfeits": dict(self.forfeits)}  # fmt: skip


@dataclass
class TournamentResult:
    """The standings and the head-to-head wins: ``versus[a][b]`` games ``a`` won against ``b``."""

    game: str
    games_per_pairing: int
    seed: int
    standings: dict[str, Standing]
    versus: dict[str, dict[str, int]]

    def leaderboard(self) -> list[Standing]:
        """The standings, best win rate first (then more wins, then name)."""
        return sorted(self.standings.values(), key=lambda s: (-s.win_rate, -s.wins, s.name))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "leaderboard": [s.to_json() for s in self.leaderboard()],
            "versus": self.versus,
        }


def _play(spec: Any, seats: Sequence[Any], seed: int) -> tuple[int | None, int | None, str, str]:
    """One heads-up game by the one turn loop: ``(winner, forfeiting seat, why, detail)``."""
    state = spec.state.new(spec.rules_for_players(2), seed)
    try:
        for step in turns(state, seats):
            state = step.state
    except _Forfeit as fault:
        seat = state.current_player
        return 1 - seat, seat, fault.why, str(fault)
    except KayalibError as error:  # an answer that is no legal action (or no action at all)
        seat = state.current_player
        return 1 - seat, seat, "illegal", str(error)
    winners = state.outcome.winners
    return (winners[0] if len(winners) == 1 else None), None, "", ""


def round_robin(
    game_name: str,
    entrants: Sequence[str | Path | Entrant],
    games: int = 20,
    seed: int = 0,
    move_time: float = DEFAULT_MOVE_TIME,
    progress: ProgressCallback | None = None,
) -> TournamentResult:
    """Every pair of ``entrants`` plays ``games`` heads-up games, seats alternating.

    A shared win (equal points in Aku Paling Kaya) counts for neither. Bot files run isolated
    and forfeit on a crash, an illegal move or a move slower than ``move_time`` seconds.
    """
    spec = game(game_name)
    seed = check_seed(seed)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise KayalibError(f"games per pairing must be a whole number of at least 1, not {games!r}")
    field_ = [e if isinstance(e, Entrant) else Entrant.parse(spec.name, e) for e in entrants]
    labels = [e.label for e in field_]
    if len(field_) < 2:
        raise KayalibError("a tournament needs at least two entrants")
    if len(set(labels)) != len(labels):
        raise KayalibError(f"two entrants share a name: {', '.join(labels)}")
    players = {
        e.label: _Isolated(e.file, move_time) if e.file else make_bot(spec.name, e.label)
        for e in field_
    }
    standings = {label: Standing(label) for label in labels}
    versus = {a: {b: 0 for b in labels if b != a} for a in labels}
    pairings = list(combinations(labels, 2))
    total, done = len(pairings) * games, 0
    try:
        for a, b in pairings:
            for index in range(games):
                order = (a, b) if index % 2 == 0 else (b, a)
                winner, faulty, why, detail = _play(
                    spec, [players[name] for name in order], game_seed(seed, index)
                )
                for name in order:
                    standings[name].games += 1
                if faulty is not None:
                    standing = standings[order[faulty]]
                    standing.forfeits[why] += 1
                    standing.last_fault = detail
                if winner is not None:
                    standings[order[winner]].wins += 1
                    versus[order[winner]][order[1 - winner]] += 1
                done += 1
                if progress is not None:
                    progress(done, total)
    finally:
        for player in players.values():
            if isinstance(player, _Isolated):
                player.stop()
    return TournamentResult(spec.name, games, seed, standings, versus)
