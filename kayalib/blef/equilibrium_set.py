"""Every equilibrium of heads-up one-card Blef at once: the value, and what each frequency can be.

A game can have many equilibria with one value. In the one-card round every optimal strategy of
the first bidder guarantees exactly -5/69 a round, and every optimal strategy of the second
exactly +5/69; any optimal strategy of one against any of the other is an equilibrium (a
zero-sum game's equilibria are a product of two polytopes). What differs between them are the
frequencies: the 10's opening bluff share can be anything from 0 to 1, while a 9 always bluffs
its opening and J, Q, K, A never do. :func:`shipped` reads the ranges computed by linear
programming over the sequence form (:mod:`kayalib.blef.sequence_form`, which needs scipy) from
:data:`DATA_FILE`, so a page needs no solver:

- :attr:`EquilibriumSet.frequencies`: for the first bidder's opening with each card, and for the
  second player's answer to each opening with each card, the least and greatest probability of
  each bid, of checking, of an honest bid (a rank it holds) and of a bluff, over all equilibria;
- :meth:`EquilibriumSet.always`: what holds in every equilibrium (a range of one point);
- :attr:`EquilibriumSet.exhibits`: named optimal strategies of the first bidder (the shipped
  one, whose 10 bluffs 61% of its openings; one whose 10 always tells the truth; one whose 10
  always bluffs), each with what it guarantees and what the best reply wins against it, and what
  the best reply wins against the shipped equilibrium with only the 10 changed (the lesson's
  "truth dial", which is no equilibrium at all).

A range is over equilibria, so it says nothing of positions that no equilibrium ever reaches
(``reached`` is ``False`` there: any answer to an opening nobody makes is as good as another
as long as it does not invite that opening).

>>> eq_set = shipped()
>>> eq_set.value
Fraction(-5, 69)
>>> [eq_set.frequency(0, "9T"[i], (), "bluff").span for i in (0, 1)]
[(Fraction(1, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1))]
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from kayalib.blef.cfr import Profile, Solver, at_depth, combine
from kayalib.blef.equilibrium import HEADS_UP, Equilibrium, hand_text, solved
from kayalib.engine import JSONRecord, RawRecord
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback
from kayalib.stats import exact

if TYPE_CHECKING:
    from kayalib.blef.sequence_form import SequenceForm

__all__ = [
    "DATA_FILE",
    "TRUTHFUL_FILE",
    "EquilibriumSet",
    "Exhibit",
    "Frequency",
    "exact",
    "shipped",
    "truthful",
]

DATA_FILE = Path(__file__).with_name("heads_up_equilibrium_set.json")
"""The computed set (see :func:`compute`; ``tests/blef/test_equilibrium_set.py`` recomputes it)."""
TRUTHFUL_FILE = Path(__file__).with_name("heads_up_truthful_equilibrium.json")
"""An equilibrium whose 10 always opens with the truth (see :func:`truthful`)."""
SNAP = 1e-6
"""Ranges are rounded to fractions this close (the linear programmes' own accuracy is 1e-9)."""


@dataclass(frozen=True)
class Frequency:
    """How often ``player`` (0 bids first) holding ``hand`` takes ``action`` after ``bids``, at
    least and at most, over all equilibria. ``action`` is a bid, ``"check"``, ``"honest"`` (a bid
    on a rank it holds) or ``"bluff"``; ``reached``: whether some equilibrium comes here."""

    player: int
    hand: str
    bids: tuple[str, ...]
    action: str
    low: float
    high: float
    reached: bool = True

    @property
    def span(self) -> tuple[Fraction | float, Fraction | float]:
        """``(low, high)`` as fractions where they are ones (to :data:`SNAP`)."""
        return exact(self.low, 1000, SNAP), exact(self.high, 1000, SNAP)

    @property
    def fixed(self) -> bool:
        """Whether every equilibrium plays it equally often."""
        return self.high - self.low <= SNAP


@dataclass(frozen=True)
class Exhibit:
    """One optimal strategy of the first bidder, named: how often its 10 opens with the truth,
    what it guarantees (``guaranteed``, the round's value when it is optimal), what the best
    reply wins against it, and the first bidder's value with each card (9 ... A) against the
    shipped second player."""

    name: str
    ten_truth: float
    guaranteed: Fraction | float
    best_reply: Fraction | float
    card_values: tuple[Fraction | float, ...]
    optimal: bool


@dataclass(frozen=True)
class EquilibriumSet:
    """The value of the one-card round, the range of each frequency, and named exhibits."""

    value: Fraction
    frequencies: tuple[Frequency, ...]
    exhibits: tuple[Exhibit, ...]
    card_values: tuple[tuple[Fraction | float, Fraction | float], ...]
    """For each card (9 ... A): the least and greatest value per round of holding it as first
    bidder, over the second player's optimal strategies (what the first bidder's best reply
    gets: the value at which it is indifferent between the bids it mixes)."""

    @property
    def ten_value(self) -> tuple[Fraction | float, Fraction | float]:
        """:attr:`card_values` of the 10 (-15/23 in the shipped equilibrium)."""
        return self.card_values[1]

    def frequency(self, player: int, hand: str, bids: Iterable[str], action: str) -> Frequency:
        """The :class:`Frequency` of one action (``hand`` as rank letters, e.g. ``"T"``)."""
        key = (player, hand, tuple(bids), action)
        for f in self.frequencies:
            if (f.player, f.hand, f.bids, f.action) == key:
                return f
        raise ArgumentError(f"no frequency {key!r} in the equilibrium set")

    def always(self, player: int | None = None) -> list[Frequency]:
        """What every equilibrium does (ranges of one point), at positions some equilibrium
        reaches."""
        return [
            f
            for f in self.frequencies
            if f.fixed and f.reached and (player is None or f.player == player)
        ]

    def exhibit(self, name: str) -> Exhibit:
        for e in self.exhibits:
            if e.name == name:
                return e
        raise ArgumentError(f"no exhibit {name!r}; have {[e.name for e in self.exhibits]}")

    def to_json(self) -> JSONRecord:
        def number(x: Fraction | float) -> str | float:
            return str(x) if isinstance(x, Fraction) else x

        return {
            "round": [1, 1],
            "value": str(self.value),
            "card_values": [[number(x) for x in pair] for pair in self.card_values],
            "exhibits": [
                asdict(e)
                | {
                    "guaranteed": number(e.guaranteed),
                    "best_reply": number(e.best_reply),
                    "card_values": [number(x) for x in e.card_values],
                }
                for e in self.exhibits
            ],
            "frequencies": [
                [f.player, f.hand, ",".join(f.bids), f.action, f.low, f.high, f.reached]
                for f in self.frequencies
            ],
        }

    @classmethod
    def from_json(cls, data: RawRecord) -> EquilibriumSet:
        def number(x: str | float) -> Fraction | float:
            return Fraction(x) if isinstance(x, str) else float(x)

        frequencies = tuple(
            Frequency(int(p), h, tuple(b for b in bids.split(",") if b), a, lo, hi, bool(r))
            for p, h, bids, a, lo, hi, r in data["frequencies"]
        )
        exhibits = tuple(
            Exhibit(
                e["name"],
                float(e["ten_truth"]),
                number(e["guaranteed"]),
                number(e["best_reply"]),
                tuple(number(x) for x in e["card_values"]),
                bool(e["optimal"]),
            )
            for e in data["exhibits"]
        )
        values = tuple((number(low), number(high)) for low, high in data["card_values"])
        return cls(Fraction(data["value"]), frequencies, exhibits, values)


@cache
def shipped() -> EquilibriumSet:
    """The equilibrium set as computed and shipped (:data:`DATA_FILE`; no scipy needed)."""
    return EquilibriumSet.from_json(json.loads(DATA_FILE.read_text(encoding="utf-8")))


@cache
def truthful() -> Equilibrium:
    """An equilibrium in which the first bidder's 10 always opens ``high-card T``: its first
    bidder's part is an optimal strategy found by linear programming, its second player's part
    the shipped one's (checked like every shipped strategy when read)."""
    return Equilibrium.from_json(json.loads(TRUTHFUL_FILE.read_text(encoding="utf-8")))


# -- what a page computes from an equilibrium (no scipy) ---------------------------------------


def card_values(profile: Profile, solver: Solver | None = None) -> tuple[float, ...]:
    """The first bidder's value per round with each card (9 ... A) when it best-replies to the
    second player's part of ``profile`` (at an equilibrium: what each card is worth)."""
    solver = solver or solved().solver
    value = solver.values(0, profile, best=True)[0][0]
    chance = solver.chance.sum(axis=1)
    return tuple(float(v) for v in value / chance)


def opening_truth(profile: Profile, card: int) -> float:
    """How often the first bidder holding rank ``card`` opens with the high card of its rank."""
    tree = solved().solver.tree
    b = next(
        i
        for i, bid in enumerate(HEADS_UP.bids)
        if bid.kind == "high-card" and bid.params[0] == card
    )
    return float(at_depth(profile.raise_, 1)[tree.locate(1 << b)[1], card])


# -- computing the set (scipy) --------------------------------------------------------------------


def _situations(form: SequenceForm) -> list[tuple[int, int, int, str, list[int]]]:
    """``(player, hand, node, action, sequences)``: the frequencies :func:`compute` ranges: the
    first bidder's opening and the second player's answer to each opening, each bid, the check,
    honest and bluff (the sequences whose plan weights add up to it)."""
    bids = HEADS_UP.bids
    out = []
    for h in range(6):
        opening = {str(bids[b]): [form.column(0, 1 << b, h)] for b in range(len(bids))}
        for action, columns in _with_kinds(opening, h).items():
            out.append((0, h, 0, action, columns))
    for b in range(len(bids)):
        node = 1 << b
        for h in range(6):
            answer = {"check": [form.column(1, node, h)]}
            for c in range(b + 1, len(bids)):
                answer[str(bids[c])] = [form.column(1, node | 1 << c, h)]
            for action, columns in _with_kinds(answer, h).items():
                out.append((1, h, node, action, columns))
    return out


def _with_kinds(actions: dict[str, list[int]], hand: int) -> dict[str, list[int]]:
    from kayalib.blef.bids import Bid

    honest: list[int] = []
    bluff: list[int] = []
    for action, columns in actions.items():
        if action != "check":
            (honest if Bid.parse(action).params[0] == hand else bluff).extend(columns)
    return actions | {"honest": honest, "bluff": bluff}


def compute(progress: ProgressCallback | None = None) -> tuple[EquilibriumSet, Equilibrium]:
    """The equilibrium set of the one-card round by linear programming (needs scipy), and the
    equilibrium whose 10 always tells the truth (see :func:`truthful`)."""
    from kayalib.blef.sequence_form import OptimalStrategies, SequenceForm

    form = SequenceForm(HEADS_UP)
    players = [OptimalStrategies(0, form), OptimalStrategies(1, form)]
    value = exact(players[0].value)
    if not isinstance(value, Fraction) or exact(players[1].value) != -value:
        raise ArgumentError(
            f"the two programmes disagree: {players[0].value}, {players[1].value}"
        )
    situations = _situations(form)
    plans: list[list[np.ndarray]] = [[], []]

    def observe(player: int, columns: list[int]) -> tuple[float, float]:
        seen = [float(plan[columns].sum()) for plan in plans[player]]
        return (min(seen), max(seen)) if seen else (1.0, 0.0)

    frequencies = []
    for k, (player, h, node, action, columns) in enumerate(situations):
        low, high = observe(player, columns)
        if low > 1e-9:
            point = players[player].extreme(dict.fromkeys(columns, 1.0), maximise=False)
            plans[player].append(point.plan)
            low = point.objective
        if high < 1 - 1e-9:
            point = players[player].extreme(dict.fromkeys(columns, 1.0))
            plans[player].append(point.plan)
            high = point.objective
        reached = True
        if player == 1:  # does some optimal first bidder open with this bid?
            opening = [form.column(0, node, g) for g in range(6)]
            if observe(0, opening)[1] <= 1e-9:
                point = players[0].extreme(dict.fromkeys(opening, 1.0))
                plans[0].append(point.plan)
                reached = point.objective > 1e-9
        low, high = max(0.0, min(1.0, low)), max(0.0, min(1.0, high))
        bids = () if node == 0 else (str(HEADS_UP.bids[node.bit_length() - 1]),)
        frequencies.append(Frequency(player, hand_text((h,)), bids, action, low, high, reached))
        if progress is not None:
            progress(k + 1, len(situations))
    # The value of each card for the first bidder over the second's optimal strategies: minus
    # the price of its first position in the second player's programme, per round with it.
    values: list[tuple[Fraction | float, Fraction | float]] = []
    for h in range(6):
        price = players[1].sequences + form.positions0.index((0, h))
        chance = float(form.solver.chance[h].sum())
        ends = [
            -players[1].extreme({price: 1.0}, maximise=m).objective / chance for m in (True, False)
        ]
        low_value, high_value = (exact(v) for v in ends)
        values.append((low_value, high_value))
    # Exhibits: the shipped equilibrium, and optimal first bidders whose 10 always tells the truth
    # or always bluffs, each against the shipped second player.
    eq = solved()
    solver = eq.solver
    truth_column = form.column(0, 1 << 1, 1)  # high-card T opened by a 10
    exhibits = [_exhibit("shipped", eq.profile, eq.profile, solver, True)]
    parts = {}
    for name, share in (("ten-truthful", 1.0), ("ten-bluffs", 0.0)):
        point = players[0].extreme({}, fixed={truth_column: share})
        parts[name] = part = players[0].part(point.plan)
        exhibits.append(_exhibit(name, combine(part, eq.profile), eq.profile, solver, True))
    dial = _with_ten_truth(eq.profile, 1.0)
    exhibits.append(_exhibit("shipped-with-truthful-ten", dial, eq.profile, solver, False))
    found = EquilibriumSet(value, tuple(frequencies), tuple(exhibits), tuple(values))
    # The programme's vertex carries round-off (1e-12) on actions it does not play: drop it.
    tidy = parts["ten-truthful"]
    cut = [None if a is None else np.where(a < 1e-9, 0.0, a) for a in tidy.raise_]
    checks = [None if a is None else np.where(a < 1e-9, 0.0, a) for a in tidy.check]
    profile = combine(solver.normalise(checks, cut), eq.profile)
    gap, result = solver.nash_conv(profile), solver.expected(profile)
    equilibrium = Equilibrium(HEADS_UP, profile, 0, 0.0, gap, result, (), False, solver, "LP")
    return found, equilibrium


def _exhibit(
    name: str, profile: Profile, second: Profile, solver: Solver, optimal: bool
) -> Exhibit:

    reply = solver.best_response_value(profile, 1)
    values = card_values(combine(profile, second), solver)
    return Exhibit(
        name,
        opening_truth(profile, 1),
        exact(-reply),
        exact(reply),
        tuple(exact(v) for v in values),
        optimal,
    )


def _with_ten_truth(profile: Profile, share: float) -> Profile:
    """``profile`` with the first bidder's 10 opening with the truth ``share`` of the time, its
    bluffs split as before (nothing else changed)."""
    tree = solved().solver.tree
    out = profile.copy()
    rows = [tree.locate(1 << b)[1] for b in range(len(HEADS_UP.bids))]
    column = at_depth(out.raise_, 1)[:, 1]
    bluffs = np.array([column[r] if b != 1 else 0.0 for b, r in enumerate(rows)])
    for b, r in enumerate(rows):
        column[r] = share if b == 1 else (1 - share) * bluffs[b] / bluffs.sum()
    return out


def write_shipped() -> EquilibriumSet:  # pragma: no cover - minutes of linear programming
    """Compute the set and write :data:`DATA_FILE` and :data:`TRUTHFUL_FILE`."""
    from kayalib.blef.equilibrium import _json_lines
    from kayalib.progress import terminal_progress

    bar: list[ProgressCallback] = []

    def progress(done: int, total: int) -> None:
        if not bar:
            bar.append(terminal_progress(total, "equilibrium set")[0])
        bar[0](done, total)

    found, equilibrium = compute(progress)
    DATA_FILE.write_text(_json_lines(found.to_json()), encoding="utf-8")
    TRUTHFUL_FILE.write_text(_json_lines(equilibrium.to_json()), encoding="utf-8")
    shipped.cache_clear()
    truthful.cache_clear()
    return found
