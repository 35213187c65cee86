"""Play many seeded games of Aku Paling Kaya between bots.

>>> from kayalib.kaya.rules import KayaRules
>>> class First:
...     name = "first"
...     def choose(self, view, rng):
...         return view.legal_actions()[0]
>>> final = play_game(KayaRules(), [First()] * 4, seed=3)
>>> final.is_terminal, len(final.winners) >= 1
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from kayalib.errors import KayalibError, RulesError
from kayalib.kaya.game import KayaState, KayaView
from kayalib.kaya.rules import KayaRules
from kayalib.progress import ProgressCallback

__all__ = ["KayaBot", "SimulationResult", "game_seed", "play_game", "simulate"]


class KayaBot(Protocol):
    """What a bot is: a ``name`` and ``choose(view, rng)`` returning one of the view's actions."""

    name: str

    def choose(self, view: KayaView, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class SimulationResult:
    """Totals of a simulation. ``wins[s]``: games seat ``s`` won (a shared win counts for each
    winner); ``mean_scores[s]``: mean final points; ``seconds``: wall time."""

    rules: KayaRules
    bots: tuple[str, ...]
    games: int
    seed: int
    wins: tuple[int, ...]
    mean_scores: tuple[float, ...]
    seconds: float = field(compare=False)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": list(self.wins),
            "mean_scores": list(self.mean_scores),
            "seconds": self.seconds,
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``.

    Game 0 uses ``seed`` itself, so ``--games 1 --seed 3`` starts from the same deal as an app
    opened with ``?seed=3``.
    """
    return seed if index == 0 else seed * 1_000_003 + index


def _bot_rng(seed: int) -> random.Random:
    return random.Random(seed ^ 0x5EED_B075)


def play_game(
    rules: KayaRules,
    bots: Sequence[KayaBot],
    seed: int,
    on_state: Callable[[KayaState], None] | None = None,
) -> KayaState:
    """Play one game with one bot per seat; return the final state (its log is ``events``)."""
    if len(bots) != rules.players:
        raise RulesError(f"{rules.players} seats need {rules.players} bots, not {len(bots)}")
    state = KayaState.new(rules, seed)
    rng = _bot_rng(seed)
    choosers = [bot.choose for bot in bots]
    while state.current is not None:
        seat = state.current
        action = choosers[seat](state.view(seat), rng)
        state = state.apply(action)
        if on_state is not None:
            on_state(state)
    return state


def simulate(
    rules: KayaRules,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    progress: ProgressCallback | None = None,
    log: IO[str] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games between the named bots (one per seat).

    ``log``: a text stream that receives every game's full log as JSON Lines, game after game;
    the same seed writes identical bytes.
    """
    from kayalib.kaya.bots import make_bot

    if type(games) is not int or games < 1:
        raise KayalibError(f"games must be a positive whole number, not {games!r}")
    if type(seed) is not int:
        raise KayalibError(f"seed must be a whole number, not {seed!r}")
    names = tuple(bot_names)
    bots = [make_bot(name) for name in names]
    n = rules.players
    wins = [0] * n
    totals = [0] * n
    step = max(1, games // 200)
    start = time.perf_counter()
    for index in range(games):
        state = play_game(rules, bots, game_seed(seed, index))
        scores = state.scores().totals
        for seat in state.winners:
            wins[seat] += 1
        for seat in range(n):
            totals[seat] += scores[seat]
        if log is not None:
            log.write("".join(e.to_line() + "\n" for e in state.events))
        if progress is not None and ((index + 1) % step == 0 or index + 1 == games):
            progress(index + 1, games)
    seconds = time.perf_counter() - start
    return SimulationResult(
        rules, names, games, seed, tuple(wins), tuple(t / games for t in totals), seconds
    )
