"""Gambreng (hompimpa, then suit): choosing the first active player.

All players still in the draw show palm up or down (50/50). Unless the show is unanimous or an
even split, the players on the *less common* side leave. With two players left they play suit
(thumb > index > little > thumb; equal fingers repeat). A *round* is one simultaneous show.

>>> expected_rounds(2)
Fraction(3, 2)
>>> import random
>>> g = gambreng(4, random.Random(1))
>>> g.first in range(4), g.rounds[-1].kind
(True, 'suit')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb

from kayalib.engine import JSONRecord, RawRecord
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback
from kayalib.seeds import check_seed

__all__ = [
    "Gambreng",
    "GambrengRound",
    "GambrengSimulation",
    "SUIT_BEATS",
    "MAX_GAMBRENG",
    "draw_gambreng",
    "expected_rounds",
    "gambreng",
    "gambreng_rounds",
    "simulate_gambreng",
]

PALMS = ("up", "down")
FINGERS = ("thumb", "index", "little")
#: finger -> the finger it beats
SUIT_BEATS = {"thumb": "index", "index": "little", "little": "thumb"}




@dataclass(frozen=True)
class GambrengRound:
    """One simultaneous show: ``kind`` is ``"hompimpa"`` or ``"suit"``; ``shows`` pairs each
    seat still in the draw with its gesture; ``out`` lists the seats that left (empty: repeat)."""

    kind: str
    shows: tuple[tuple[int, str], ...]
    out: tuple[int, ...]

    def to_json(self) -> JSONRecord:
        shows = {str(s): g for s, g in self.shows}
        return {"kind": self.kind, "shows": shows, "out": list(self.out)}


@dataclass(frozen=True)
class Gambreng:
    """The whole draw: every round in order, and the seat that won (the first active player)."""

    rounds: tuple[GambrengRound, ...]
    first: int

    def to_json(self) -> JSONRecord:
        return {"shows": [r.to_json() for r in self.rounds], "first": self.first}

    @classmethod
    def from_json(cls, record: RawRecord) -> Gambreng:
        """The draw a log record holds (the inverse of ``to_json``)."""
        rounds = tuple(
            GambrengRound(
                r["kind"], tuple((int(s), g) for s, g in r["shows"].items()), tuple(r["out"])
            )
            for r in record["shows"]
        )
        return cls(rounds, record["first"])


def gambreng(players: int | Sequence[int], rng: random.Random) -> Gambreng:
    """Hold the draw among ``players`` (a count, or the seats taking part) with ``rng``."""
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"gambreng draws from a random.Random, not {rng!r}")
    rand = rng.random
    return draw_gambreng(players, lambda n: int(rand() * n))


def draw_gambreng(players: int | Sequence[int], draw: Callable[[int], int]) -> Gambreng:
    """Hold the draw among ``players`` with ``draw(n)``, a number in ``range(n)`` for each show
    (2 for a palm or a back, 3 for a finger)."""
    if isinstance(players, bool) or not isinstance(players, (int, Sequence)):
        raise ArgumentError(f"players is a count or a list of seats, not {players!r}")
    seats = list(range(players)) if isinstance(players, int) else list(players)
    if not seats or any(type(s) is not int or s < 0 for s in seats) or len(set(seats)) < len(seats):
        raise ArgumentError(f"gambreng needs one or more different seats, not {players!r}")
    rounds: list[GambrengRound] = []
    while len(seats) > 2:
        shows = [(s, "up" if draw(2) == 0 else "down") for s in seats]
        ups = [s for s, g in shows if g == "up"]
        downs = [s for s, g in shows if g == "down"]
        if not ups or not downs or len(ups) == len(downs):
            rounds.append(GambrengRound("hompimpa", tuple(shows), ()))
            continue
        leaving, seats = (ups, downs) if len(ups) < len(downs) else (downs, ups)
        rounds.append(GambrengRound("hompimpa", tuple(shows), tuple(leaving)))
    while len(seats) == 2:
        a, b = seats
        fa, fb = FINGERS[draw(3)], FINGERS[draw(3)]
        fingers = ((a, fa), (b, fb))
        if fa == fb:
            rounds.append(GambrengRound("suit", fingers, ()))
            continue
        loser = b if SUIT_BEATS[fa] == fb else a
        rounds.append(GambrengRound("suit", fingers, (loser,)))
        seats = [a if loser == b else b]
    return Gambreng(tuple(rounds), seats[0])


def gambreng_rounds(players: int, rng: random.Random) -> int:
    """How many rounds :func:`gambreng` would hold among ``players`` with ``rng``: the same
    draws from ``rng`` in the same order, counted instead of kept (lesson 05 counts 200,000).

    >>> gambreng_rounds(4, random.Random(5)) == len(gambreng(4, random.Random(5)).rounds)
    True
    """
    rand, left, rounds = rng.random, players, 0
    while left > 2:  # each seat draws a palm (int(rand() * 2) == 0) or a back
        ups = 0
        for _ in range(left):
            ups += rand() < 0.5  # the same test: doubling a float is exact
        rounds += 1
        if 0 < ups < left and 2 * ups != left:
            left = max(ups, left - ups)
    while left == 2:  # the two draw fingers until they differ
        rounds += 1
        if int(rand() * 3) != int(rand() * 3):
            left = 1
    return rounds


MAX_GAMBRENG = 200
"""The most players :func:`expected_rounds` and :func:`simulate_gambreng` take."""


def _check_players(n: object) -> int:
    if type(n) is not int or not 1 <= n <= MAX_GAMBRENG:
        raise ArgumentError(f"gambreng takes 1 to {MAX_GAMBRENG} players, not {n!r}")
    return n


def expected_rounds(n: int) -> Fraction:
    """Exact mean number of rounds for ``n`` players (1: 0, 2: 3/2).

    >>> expected_rounds(3), expected_rounds(4)
    (Fraction(17, 6), Fraction(29, 6))
    """
    return _expected_up_to(_check_players(n))[n]


@cache
def _expected_up_to(n: int) -> tuple[Fraction, ...]:
    """``E(0..n)``, bottom up: a round of hompimpa repeats when everybody shows the same side
    or the sides are even, else the larger side goes on; two players play suit."""
    table = [Fraction(0), Fraction(0), Fraction(3, 2)]  # suit: decided with probability 2/3
    for m in range(3, n + 1):
        total = 2**m
        repeat = rest = Fraction(0)
        for ups in range(m + 1):
            p = Fraction(comb(m, ups), total)
            if ups in (0, m) or 2 * ups == m:
                repeat += p
            else:
                rest += p * table[max(ups, m - ups)]
        table.append((1 + rest) / (1 - repeat))  # E = 1 + repeat * E + rest
    return tuple(table[: n + 1])


@dataclass(frozen=True)
class GambrengSimulation:
    """Result of ``simulate_gambreng``: mean rounds and how often each seat went first."""

    players: int
    trials: int
    mean_rounds: float
    first_counts: tuple[int, ...]
    seconds: float = field(compare=False)

    @property
    def expected_rounds(self) -> Fraction:
        return expected_rounds(self.players)


def simulate_gambreng(
    players: int, trials: int, seed: int, progress: ProgressCallback | None = None
) -> GambrengSimulation:
    """Hold ``trials`` seeded draws; report the mean number of rounds and first-seat counts."""
    _check_players(players)
    if type(trials) is not int or not 1 <= trials <= 10_000_000:
        raise ArgumentError(f"trials must be a whole number from 1 to 10,000,000, not {trials!r}")
    seed = check_seed(seed)
    start = time.perf_counter()
    rng = random.Random(f"{seed}/gambreng")
    counts = [0] * players
    rounds = 0
    step = max(1, trials // 100)
    for i in range(trials):
        g = gambreng(players, rng)
        counts[g.first] += 1
        rounds += len(g.rounds)
        if progress is not None and ((i + 1) % step == 0 or i + 1 == trials):
            progress(i + 1, trials)
    return GambrengSimulation(
        players, trials, rounds / trials, tuple(counts), time.perf_counter() - start
    )
