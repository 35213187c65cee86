"""Controlled experiments of whole Blef games, played once and shipped with the kit.

Lesson 07 draws its conclusions from these: each :class:`Experiment` plays the same bots in
every seating (for two players: seats swapped), ``games`` games in each, game ``i`` of seating
``r`` dealt from ``game_seed(seed + r, i)``, so every seat is balanced and every game can be
played again from its seed. Results of a thousand games a seat take minutes (the ``bayes`` bot
thinks about every bid), so :func:`shipped` reads them from :data:`DATA_FILE`: the winner of
every game, and for a bluffer, in how many rounds of each game it bluffed and which of those
rounds it won. ``tests/lessons/test_experiments.py`` plays a sample of the games again and checks
each recorded result; ``python -m kayalib.lessons.maths.experiments`` plays them all and writes
the file.

>>> result = run(Experiment(("odds", "random"), games=3, seed=1))
>>> result.winners, result.wins(0)
('000000', 6)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from kayalib.blef.actions import CHECK
from kayalib.blef.bots import OddsBot
from kayalib.blef.game import GAME, BlefRules, BlefState, CheckEvent
from kayalib.engine import JSONRecord, RawRecord
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback
from kayalib.registry import make_bot
from kayalib.seeds import game_seed
from kayalib.simulate import play_game
from kayalib.stats import PairedDifference, WinRate

__all__ = [
    "DATA_FILE",
    "EXPERIMENTS",
    "Experiment",
    "Result",
    "RoundCount",
    "bluff_rounds",
    "paired",
    "play",
    "run",
    "shipped",
    "write_shipped",
]

DATA_FILE = Path(__file__).with_name("lesson_experiments.json")
"""The shipped results (see the module doc)."""
GAMES = 1000
"""Games in each seating of a shipped experiment."""


@dataclass(frozen=True)
class Experiment:
    """``bots`` play ``games`` games in each cyclic seating (bot ``k`` sits at seat
    ``(k + r) mod n`` in seating ``r``), game ``i`` of seating ``r`` from
    ``game_seed(seed + r, i)``. ``name`` is how a page asks for it."""

    bots: tuple[str, ...]
    games: int = GAMES
    seed: int = 1

    @property
    def name(self) -> str:
        return " v ".join(self.bots)

    @property
    def seatings(self) -> int:
        return len(self.bots)

    def seats(self, seating: int) -> list[str]:
        """The bots by seat in seating ``seating``."""
        n = len(self.bots)
        order = [""] * n
        for k, bot in enumerate(self.bots):
            order[(k + seating) % n] = bot
        return order

    def game(self, index: int) -> tuple[int, int]:
        """``(seating, game seed)`` of the experiment's game number ``index``."""
        seating, i = divmod(index, self.games)
        if not 0 <= seating < self.seatings:
            raise ArgumentError(f"{self.name} has {self.seatings * self.games} games, not {index}")
        return seating, game_seed(self.seed + seating, i)


@dataclass(frozen=True)
class RoundCount:
    """One game's rounds seen from a bluffer: rounds in which it bluffed at least once and how
    many of those it won, and the same for the rounds without a bluff."""

    bluff_rounds: int = 0
    bluff_won: int = 0
    plain_rounds: int = 0
    plain_won: int = 0

    def __add__(self, other: RoundCount) -> RoundCount:
        return RoundCount(*(a + b for a, b in zip(self.row(), other.row(), strict=True)))

    def row(self) -> tuple[int, int, int, int]:
        return self.bluff_rounds, self.bluff_won, self.plain_rounds, self.plain_won


@dataclass(frozen=True)
class Result:
    """What an experiment gave: ``winners``, one digit per game (the index in ``bots`` of the
    game's winner), and ``rounds`` per game for a bluffer (empty otherwise)."""

    experiment: Experiment
    winners: str
    rounds: tuple[RoundCount, ...] = field(default=())

    @property
    def played(self) -> int:
        """Games each bot played."""
        return len(self.winners)

    def wins(self, bot: int = 0) -> int:
        """Games won by the experiment's bot number ``bot``."""
        return self.winners.count(str(bot))

    def won(self, bot: int = 0) -> tuple[bool, ...]:
        """Game by game, whether the experiment's bot number ``bot`` won it."""
        return tuple(winner == str(bot) for winner in self.winners)

    def win_rate(self, bot: int = 0) -> WinRate:
        """The games won by the experiment's bot number ``bot``, of the games each bot played."""
        return WinRate(self.wins(bot), self.played)

    def round_count(self) -> RoundCount:
        """The rounds of every game together (a bluffer's experiments only)."""
        total = RoundCount()
        for count in self.rounds:
            total += count
        return total

    def to_json(self) -> JSONRecord:
        data: JSONRecord = {"bots": list(self.experiment.bots),
                                "games": self.experiment.games, "seed": self.experiment.seed,
                                "winners": self.winners}  # fmt: skip
        if self.rounds:
            data["rounds"] = [list(r.row()) for r in self.rounds]
        return data

    @classmethod
    def from_json(cls, data: RawRecord) -> Result:
        experiment = Experiment(tuple(data["bots"]), int(data["games"]), int(data["seed"]))
        rounds = tuple(RoundCount(*row) for row in data.get("rounds", ()))
        winners = str(data["winners"])
        if len(winners) != experiment.games * experiment.seatings:
            raise ArgumentError(f"{experiment.name}: {len(winners)} results for "
                                f"{experiment.games * experiment.seatings} games")  # fmt: skip
        return cls(experiment, winners, rounds)


def paired(first: Result, second: Result) -> PairedDifference:
    """The first bot of ``first`` against the first bot of ``second``, deal by deal: the two
    experiments must deal the same games (the same seed, seatings and games), as lesson 07's
    bluffers and their ``odds`` baseline do."""
    a, b = first.experiment, second.experiment
    if (a.seed, a.games, a.seatings) != (b.seed, b.games, b.seatings):
        raise ArgumentError(f"{a.name} and {b.name} are not played on the same deals")
    return PairedDifference.of(first.won(0), second.won(0))


def _is_bluffer(name: str) -> bool:
    return name.startswith("bluffer ")


def bluff_rounds(state: BlefState, seat: int, bluffer: OddsBot) -> RoundCount:
    """For a finished game: the rounds in which ``bluffer`` (at ``seat``) bluffed, that is bid
    something other than the plain odds rule's bid, and the rounds it did not, with how many of
    each it won. The game is played again move by move to ask the rule what it would have done."""
    from kayalib.lessons.maths.lesson_bots import odds_action

    replay = BlefState.new(state.rules, state.seed)
    bluffed: set[int] = set()
    for mover, action in state.moves:
        if mover == seat and action != CHECK:
            if action != odds_action(bluffer, replay.view(seat)):
                bluffed.add(replay.round)
        replay = replay.apply(action, seat=mover)
    count = [0, 0, 0, 0]
    for event in state.events:
        if isinstance(event, CheckEvent):
            kind = 0 if event.round in bluffed else 2
            count[kind] += 1
            count[kind + 1] += event.loser != seat
    return RoundCount(*count)


def play(experiment: Experiment, index: int) -> tuple[int, RoundCount | None]:
    """Game ``index`` of ``experiment``, played now: the index in ``bots`` of its winner, and
    the bluffer's rounds when ``bots[0]`` is a bluffer."""
    seating, seed = experiment.game(index)
    seats = experiment.seats(seating)
    bots = [make_bot("blef", name) for name in seats]
    final = play_game(GAME, bots, seed, BlefRules(players=len(seats)))
    winner_seat = next(seat for seat, value in enumerate(final.returns()) if value > 0)
    winner = (winner_seat - seating) % len(seats)
    rounds = None
    if _is_bluffer(experiment.bots[0]):
        own = seating % len(seats)
        bluffer = bots[own]
        assert isinstance(bluffer, OddsBot)  # every bluffer bids by the odds when it does not bluff
        rounds = bluff_rounds(final, own, bluffer)
    return winner, rounds


def run(experiment: Experiment, progress: ProgressCallback | None = None) -> Result:
    """Play every game of ``experiment`` (reporting ``progress(done, total)``)."""
    total = experiment.games * experiment.seatings
    winners, rounds = [], []
    for index in range(total):
        winner, count = play(experiment, index)
        winners.append(str(winner))
        if count is not None:
            rounds.append(count)
        if progress is not None:
            progress(index + 1, total)
    return Result(experiment, "".join(winners), tuple(rounds))


EXPERIMENTS: tuple[Experiment, ...] = (
    *(Experiment((bot, against)) for against in ("odds", "believer")
      for bot in ("odds", "bluffer 10%", "bluffer 30%", "bluffer 60%")),
    Experiment(("honest", "random")),
    Experiment(("odds", "honest")),
    Experiment(("bayes", "odds")),
    Experiment(("cfr", "bayes")),
    Experiment(("random", "honest", "odds", "bayes")),
)  # fmt: skip
"""What lesson 07 shows: bluffers and the plain odds bot against odds and against believer,
each step of the ladder heads-up, the equilibrium bot against bayes, and the four ladder bots
at one table."""


@cache
def shipped() -> dict[str, Result]:
    """The shipped results by experiment name (:data:`DATA_FILE`; nothing is played)."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    results = {r.experiment.name: r for r in map(Result.from_json, data["experiments"])}
    missing = [e.name for e in EXPERIMENTS if e.name not in results]
    if missing:
        raise ArgumentError(f"{DATA_FILE.name} has no results for {', '.join(missing)}")
    return results


def write_shipped(experiments: Sequence[Experiment] = EXPERIMENTS) -> None:
    """Play ``experiments`` and write their results into :data:`DATA_FILE`, after each one
    (minutes: ``bayes`` thinks hard); the file keeps the other experiments' results."""
    from kayalib.progress import terminal_progress

    kept: dict[str, JSONRecord] = {}
    if DATA_FILE.exists():
        for data in json.loads(DATA_FILE.read_text(encoding="utf-8"))["experiments"]:
            kept[" v ".join(data["bots"])] = data
    for experiment in experiments:
        update, close = terminal_progress(experiment.games * experiment.seatings,
                                          experiment.name)  # fmt: skip
        try:
            kept[experiment.name] = run(experiment, update).to_json()
        finally:
            close()
        order = [e.name for e in EXPERIMENTS if e.name in kept]
        order += [name for name in kept if name not in order]
        lines = ",\n".join(json.dumps(kept[name]) for name in order)
        temporary = DATA_FILE.with_suffix(".tmp")
        temporary.write_text(f'{{"experiments": [\n{lines}\n]}}\n', encoding="utf-8")
        temporary.replace(DATA_FILE)  # a run stopped half way loses nothing written before
    shipped.cache_clear()


if __name__ == "__main__":  # pragma: no cover - minutes of games
    chosen = [e for e in EXPERIMENTS if not sys.argv[1:] or e.name in sys.argv[1:]]
    write_shipped(chosen)
