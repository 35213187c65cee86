"""Heads-up matches between two bots: single rounds (one card each) and matches of many rounds
with a 95% interval (lesson 09: "nothing beats the equilibrium on average"), and whole two-player
games with the seats swapped half the time (lesson 07).

Round ``i`` of a match is round 1 of the two-player game ``game_seed(seed, i)``; the bots draw
from the engine's per-step generators, so a match is the same every time it runs.

>>> result = match("honest", 200, seed=4)
>>> low, high = result.result_interval()
>>> result.games, -1 <= low <= result.mean_result <= high <= 1
(200, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kayalib.blef.actions import CHECK
from kayalib.blef.bots import BlefBot
from kayalib.blef.game import BlefRules, BlefState, CheckEvent
from kayalib.engine import turns
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback
from kayalib.registry import make_bot
from kayalib.seeds import game_seed
from kayalib.simulate import simulate
from kayalib.stats import WinRate

__all__ = [
    "RoundResult",
    "first_round",
    "games_won",
    "heads_up_games",
    "match",
    "play_round",
]


@dataclass(frozen=True)
class RoundResult:
    """One heads-up round: its game seed, who bid first, and the check that ended it."""

    seed: int
    starter: int
    check: CheckEvent

    @property
    def loser(self) -> int:
        return self.check.loser


def first_round(seed: int) -> BlefState:
    """Round 1 of the two-player game ``seed`` (one card each; the engine deals and picks the
    first bidder from the seed)."""
    return BlefState.new(BlefRules(players=2), seed=seed)


def play_round(bots: tuple[BlefBot, BlefBot], seed: int) -> RoundResult:
    """Round 1 of the two-player game ``seed`` between ``bots`` (by seat), to its check."""
    start = first_round(seed)
    for step in turns(start, bots):
        if step.action == CHECK:
            check = next(e for e in reversed(step.state.events) if isinstance(e, CheckEvent))
            return RoundResult(seed, start.starter, check)
    raise AssertionError("a round ends with a check")  # pragma: no cover


def match(bot: str, rounds: int, seed: int, progress: ProgressCallback | None = None,
          against: str = "cfr") -> WinRate:  # fmt: skip
    """``rounds`` heads-up rounds of bot ``bot`` (a lesson bot too) against ``against``: round
    ``i`` is game ``game_seed(seed, i)``, and ``bot`` bids first in the even rounds. The rounds
    ``bot`` won; its ``mean_result`` is its average result per round (+1 a win, −1 a loss)."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise ArgumentError(f"play at least 2 rounds, not {rounds!r}")
    player, opponent = make_bot("blef", bot), make_bot("blef", against)
    won = 0
    for i in range(rounds):
        seed_i = game_seed(seed, i)
        starter = first_round(seed_i).starter
        seat = starter if i % 2 == 0 else 1 - starter
        bots = (player, opponent) if seat == 0 else (opponent, player)
        won += play_round(bots, seed_i).loser != seat
        if progress is not None:
            progress(i + 1, rounds)
    return WinRate(won, rounds)


# ---- whole two-player games (lesson 07) ----------------------------------------------------


def games_won(bots: Sequence[str], games: int, seed: int,
              progress: ProgressCallback | None = None) -> tuple[int, ...]:  # fmt: skip
    """Wins by seat of ``games`` classic Blef games between ``bots`` (names, lesson bots too),
    game ``i`` from ``game_seed(seed, i)``."""
    return simulate("blef", list(bots), games, seed, BlefRules(players=len(bots)),
                    progress=progress).wins  # fmt: skip


def heads_up_games(bot: str, against: str, games: int, seed: int,
             progress: ProgressCallback | None = None) -> tuple[int, int]:  # fmt: skip
    """``(wins of bot, games played)`` over ``2 * games`` two-player games against ``against``,
    half with ``bot`` in seat 1 and half in seat 2 (so neither always starts)."""

    def part(offset: int) -> ProgressCallback | None:
        if progress is None:
            return None
        return lambda done, _total: progress(offset + done, 2 * games)

    first = games_won([bot, against], games, seed, part(0))
    second = games_won([against, bot], games, seed + 1, part(games))
    return first[0] + second[1], 2 * games
