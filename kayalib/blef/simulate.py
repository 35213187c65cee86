"""Play Blef games between bots, many at a time, and replay saved logs.

>>> result = simulate(BlefRules(players=3), ["random"] * 3, games=20, seed=1)
>>> result.games, sum(result.wins)
(20, 20)
>>> simulate(BlefRules(players=3), ["random"] * 3, games=20, seed=1).wins == result.wins
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from kayalib.blef.bots import Bot, make_bot
from kayalib.blef.game import (
    BidEvent,
    BlefRules,
    BlefState,
    CheckEvent,
    Event,
    StartEvent,
    event_from_json,
)
from kayalib.errors import KayalibError, ParseError, RulesError
from kayalib.progress import ProgressCallback

__all__ = [
    "ReplayError",
    "SimulationResult",
    "event_line",
    "game_seed",
    "play_game",
    "replay",
    "simulate",
    "write_log",
]


class ReplayError(KayalibError):
    """A saved log that the engine does not reproduce (another deal, outcome or rule)."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``.

    Game 0 uses ``seed`` itself, so ``--games 1 --seed 7`` starts from the same deal as an app
    opened with ``?seed=7``; later games use 32-bit numbers derived from both.
    """
    if index == 0:
        return seed
    return random.Random(f"blef-simulate/{seed}/{index}").getrandbits(32)


def event_line(event: Event) -> str:
    """One JSON Lines record (compact, keys in a fixed order), without the newline."""
    return json.dumps(event.to_json(), separators=(",", ":"), ensure_ascii=False)


def write_log(state: BlefState, stream: TextIO) -> None:
    """Write every event of ``state`` to ``stream`` as JSON Lines."""
    stream.write("".join(event_line(event) + "\n" for event in state.events))


def _bots(rules: BlefRules, bots: Sequence[Bot | str]) -> list[Bot]:
    if isinstance(bots, str):
        bots = [bots]
    if len(bots) != rules.players:
        raise RulesError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    return [make_bot(bot) if isinstance(bot, str) else bot for bot in bots]


def play_game(rules: BlefRules, bots: Sequence[Bot | str], seed: int) -> BlefState:
    """Play one game between ``bots`` (one per seat; objects or names); return the final state.

    Each seat's bot gets its own ``random.Random`` derived from ``seed`` and the seat.
    """
    players = _bots(rules, bots)
    state = BlefState.new(rules, seed)
    rngs = [random.Random(f"blef-bot/{seed}/{seat}") for seat in range(rules.players)]
    while state.winner is None:
        seat = state.current_player
        assert seat is not None
        state = state.apply(players[seat].choose(state.view(seat), rngs[seat]))
    return state


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation measured: ``wins[seat]`` games won, ``rounds`` in all games together."""

    games: int
    wins: tuple[int, ...]
    rounds: int
    seconds: float

    @property
    def win_rates(self) -> tuple[float, ...]:
        """The fraction of games each seat won."""
        return tuple(win / self.games if self.games else 0.0 for win in self.wins)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": list(self.wins),
            "rounds": self.rounds,
            "seconds": self.seconds,
        }


def simulate(
    rules: BlefRules,
    bot_names: Sequence[str | Bot],
    games: int,
    seed: int,
    progress: ProgressCallback | None = None,
    log: TextIO | None = None,
) -> SimulationResult:
    """Play ``games`` games; game ``i`` uses ``game_seed(seed, i)``.

    ``log`` receives every game's events as JSON Lines, in order (the same bytes for the same
    seed); ``progress(done, total)`` is called after each game.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise RulesError(f"games must be a whole number of at least 0, not {games!r}")
    bots = _bots(rules, bot_names)
    wins = [0] * rules.players
    rounds = 0
    started = time.perf_counter()
    for index in range(games):
        state = play_game(rules, bots, game_seed(seed, index))
        assert state.winner is not None
        wins[state.winner] += 1
        rounds += state.round
        if log is not None:
            write_log(state, log)
        if progress is not None:
            progress(index + 1, games)
    return SimulationResult(games, tuple(wins), rounds, time.perf_counter() - started)


def _records(lines: Iterable[str | dict[str, Any]]) -> list[dict[str, Any]]:
    records = []
    for number, line in enumerate(lines, 1):
        if isinstance(line, dict):
            records.append(line)
            continue
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise ParseError(f"log line {number} is not JSON: {error}") from None
    return records


def replay(lines: Iterable[str | dict[str, Any]]) -> list[BlefState]:
    """Replay a JSON Lines log of one or more games (not rigged ones); return each final state.

    The engine re-deals from the logged seed and re-applies the logged bids and checks; every
    event it produces must equal the logged one, or ``ReplayError`` says where they differ.
    """
    games: list[list[Event]] = []
    for record in _records(lines):
        event = event_from_json(record)
        if isinstance(event, StartEvent):
            games.append([])
        elif not games:
            raise ReplayError("the log does not begin with a start event")
        games[-1].append(event)
    finals = []
    for number, events in enumerate(games, 1):
        start = events[0]
        assert isinstance(start, StartEvent)
        if start.rigged:
            raise ReplayError(f"game {number} was started from rigged hands; it cannot be replayed")
        max_cards = start.max_cards if start.mode == "classic" else None
        state = BlefState.new(BlefRules(start.players, start.mode, max_cards), start.seed)
        for event in events:
            if isinstance(event, BidEvent):
                state = state.apply(event.bid, seat=event.seat)
            elif isinstance(event, CheckEvent):
                state = state.apply("check", seat=event.seat)
        produced = state.events
        if produced != tuple(events):
            at = next(
                (i for i, (a, b) in enumerate(zip(produced, events, strict=False)) if a != b),
                min(len(produced), len(events)),
            )
            raise ReplayError(
                f"game {number}, event {at + 1}: the log differs from the engine's replay"
            )
        finals.append(state)
    return finals
