"""Heads-up matches between two bots: single rounds (one card each) and matches of many rounds
with a 95% interval (lesson 09: "nothing beats the equilibrium on average"), and whole two-player
games with the seats swapped half the time (lesson 07).

Round ``i`` of a match is round 1 of the two-player game ``game_seed(seed, i)``; the bots draw
from the engine's per-step generators, so a match is the same every time it runs.

>>> result = match("honest", 200, seed=4)
>>> result.rounds, -1 <= result.interval()[0] <= result.mean <= result.interval()[1] <= 1
(200, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bots import BlefBot
from kayalib.blef.game import BlefRules, BlefState, BlefView, CheckEvent
from kayalib.engine import turns
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback
from kayalib.registry import make_bot
from kayalib.seeds import game_seed
from kayalib.simulate import play_game, simulate
from kayalib.stats import wilson_interval

__all__ = [
    "MatchResult",
    "RoundResult",
    "bluff_rounds",
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


@dataclass(frozen=True)
class MatchResult:
    """``rounds`` rounds of bot ``bot`` against ``against``, half of them bidding first: how many
    it won, and its average result per round (+1 a win, -1 a loss) with a 95% interval."""

    bot: str
    rounds: int
    won: int
    against: str = "cfr"

    @property
    def mean(self) -> float:
        return (2 * self.won - self.rounds) / self.rounds

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the share of rounds won, as a result per round."""
        low, high = wilson_interval(self.won, self.rounds)
        return 2 * low - 1, 2 * high - 1


def match(bot: str, rounds: int, seed: int, progress: ProgressCallback | None = None,
          against: str = "cfr") -> MatchResult:  # fmt: skip
    """``rounds`` heads-up rounds of bot ``bot`` (a lesson bot too) against ``against``: round
    ``i`` is game ``game_seed(seed, i)``, and ``bot`` bids first in the even rounds."""
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
    return MatchResult(bot, rounds, won, against)


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


def bluff_rounds(bluff: float, against: str, games: int, seed: int,
                 progress: ProgressCallback | None = None) -> dict[str, int]:  # fmt: skip
    """Heads-up games of a bluffer against ``against`` (seats swapped half the time), counting
    the rounds in which the bluffer bluffed at least once and those it did not, and how many of
    each it won (a round is won when the other player loses it)."""
    from kayalib.blef import lesson_bots

    counts = {"bluff_rounds": 0, "bluff_won": 0, "plain_rounds": 0, "plain_won": 0}

    class Recorder:
        def __init__(self) -> None:
            self.bot = lesson_bots.BluffingBot(bluff)
            self.name = self.bot.name
            self.bluffed: set[int] = set()

        def policy(self, view: BlefView) -> dict[Action, float]:
            return self.bot.policy(view)

        def choose(self, view: BlefView, rng: random.Random) -> Action:
            action = self.bot.choose(view, rng)
            if action != lesson_bots.odds_action(self.bot, view):
                self.bluffed.add(view.round)
            return action

    done = 0
    for index in range(games):
        for seat in (0, 1):
            recorder = Recorder()
            bots: list[BlefBot] = [recorder, make_bot("blef", against)]
            if seat == 1:
                bots.reverse()
            state = play_game("blef", bots, game_seed(seed + seat, index), BlefRules(players=2))
            for event in state.events:
                if isinstance(event, CheckEvent):
                    kind = "bluff" if event.round in recorder.bluffed else "plain"
                    counts[f"{kind}_rounds"] += 1
                    counts[f"{kind}_won"] += event.loser != seat
            done += 1
            if progress is not None:
                progress(done, 2 * games)
    return counts
