"""How often should you bluff? Heads-up Blef rounds, solved exactly (DCFR).

The game
--------
One Blef round between two players with one card each (2 cards in play), as in the first round
of every two-player game: player 0 (the first bidder) must bid, then the players take turns to
bid higher or check; the check decides the round and its loser loses 1 (the winner wins 1), so
the round is a zero-sum game. :data:`HEADS_UP` is this round; :class:`HeadsUpRound` also builds
bigger ones (``HeadsUpRound((2, 1))``: two cards against one, the second round of a two-player
game, whose first bidder is the player who lost the first).

Bids that cannot be true are dominated
--------------------------------------
Call a bid *possible* when some pool of the cards in play makes it true. With 2 cards only
``high-card R`` (a card of rank R) and ``pair R`` (both cards of rank R) are possible: every
other figure needs at least 3 cards (three, straights, full, flush and pokers 5, two pairs and four
4). These are the 12 lowest bids of the ladder (:func:`possible_bids` checks every 2-card pool).

Claim: leaving the impossible bids out changes neither the value nor the equilibria. Let
``σ`` be any strategy pair of the round without them, and ``σ⁺`` the same strategies that, in
the full round, check every impossible bid.

1. Facing an impossible bid, checking wins +1 whatever the cards: the most a round pays. So no
   reply to an impossible bid does better than ``σ⁺``'s check.
2. Against ``σ⁺``, an impossible bid loses -1 whatever the cards: the least a round pays. Take any
   strategy ``s`` of the full round and replace each impossible bid it makes by an action of the
   reduced round at the same information set (there is always one: a check, or at the opening a
   possible bid). Along every deal, the new strategy plays as ``s`` until that point and then gets
   at least -1 where ``s`` got exactly -1, so it earns at least as much against ``σ⁺``. What
   ``s`` does after an impossible bid of the opponent never matters, since ``σ⁺`` makes none.

So the best reply to ``σ⁺`` in the full round earns exactly what the best reply to ``σ`` earns in
the reduced round: the exploitability (NashConv) of ``σ⁺`` in the full round equals that of ``σ``
in the reduced round, and an equilibrium of one is an equilibrium of the other, with the same
value. The ``cfr`` bot is ``σ⁺``: it checks a bid that cannot be true.

Suits do not matter
-------------------
Every possible bid depends only on how many cards of each rank are in play, so the payoff of every
play depends only on the ranks dealt. The round where each player learns only the ranks of their
cards, dealt with the probabilities of a real shuffle, is the real round with the suits forgotten:
a suit-blind strategy is a strategy of both, and against a suit-blind opponent a reply that looks
at suits gains nothing (averaging it over the suits of each rank hand gives a suit-blind reply
with the same payoff). So the rank round has the same value and equilibria. With one card each,
the first bidder holds rank ``r`` with probability 4/24 and the second then holds rank ``s`` with
probability 4/23, or 3/23 when ``s = r``: 36 deals instead of 552.

The solver
----------
DCFR(1.5, 0, 2) (discounted regrets, alternating updates, the average weighted by the square of
the iteration number), vectorised with numpy over the public tree of bid sets
(:mod:`kayalib.blef.cfr`): the 12 possible bids of the one-card round give 4,096 public nodes and
6 x 4,096 information sets per player; the 18 of two cards against one give 262,144 nodes, with
21 two-card hands against 6. :func:`solve` reports the NashConv (how much both players together
could gain by best-responding, computed exactly) and the first bidder's value every
``check_every`` iterations. ``tests/blef/test_equilibrium_openspiel.py`` checks the results with
OpenSpiel: its exploitability of these strategies, and the value its own CFR solver finds. The
solved strategies ship with kayalib (:func:`solved`), so nothing waits for a solve.
:mod:`kayalib.blef.strategy` reads strategies as tables: a bot's, and how often each card checks,
raises or bluffs.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path
from typing import TypedDict

import numpy as np

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bids import LADDER, Bid, card_counts, holds, truth_from_counts
from kayalib.blef.cards import DECK, RANKS, Card
from kayalib.blef.cfr import CFR_PLUS, DCFR, Method, Profile, Solver, at_depth, combine
from kayalib.engine import RawRecord
from kayalib.errors import ArgumentError
from kayalib.progress import ProgressCallback

__all__ = [
    "HEADS_UP",
    "DATA_FILE",
    "SHIPPED",
    "TWO_AGAINST_ONE",
    "Equilibrium",
    "HeadsUpRound",
    "actions_at",
    "deal_cards",
    "possible_bids",
    "solve",
    "solved",
]


@dataclass(frozen=True)
class Shipped:
    """A solution that ships with kayalib: its data file, the method and how many iterations it
    ran (``tests/blef/test_equilibrium.py`` runs them again and compares)."""

    file: Path
    method: Method
    iterations: int
    check_every: int = 10
    """NashConv recorded every this many iterations (lesson 09 charts every one of the first)."""
    clean_limit: float = 0.0
    """Drop probabilities below :data:`CLEAN_BELOW` while NashConv stays below this."""
    digits: int | None = None
    """Probabilities rounded to this many decimals in the file (``None``: as computed)."""


SHIPPED = {
    (1, 1): Shipped(Path(__file__).with_name("heads_up_equilibrium.json"), CFR_PLUS, 1000, 1),
    (2, 1): Shipped(
        Path(__file__).with_name("heads_up_2_1_equilibrium.json"), DCFR, 400, 10, 5e-4, 6
    ),
}
"""The shipped solutions by round (cards of the first bidder, of the other; see :func:`solved`).

The one-card round ships the equilibrium CFR+ finds (the one lesson 09 names, whose 10 bluffs
61% of its openings); DCFR reaches an equilibrium faster, a different one of the many with the
same value (:mod:`kayalib.blef.equilibrium_set`)."""
DATA_FILE = SHIPPED[(1, 1)].file
"""The shipped solution of :data:`HEADS_UP`."""
SHIPPED_ITERATIONS = SHIPPED[(1, 1)].iterations
"""How many iterations the shipped solution of :data:`HEADS_UP` ran."""
CLEAN_BELOW = 1e-3
"""Action probabilities below this are set to 0 in a solution (and the rest rescaled)."""




Hand = tuple[int, ...]
"""A hand as its ranks, lowest first (``(5,)`` is one ace, ``(0, 0)`` a pair of nines)."""


@cache
def possible_bids(cards: int) -> tuple[Bid, ...]:
    """The bids some pool of ``cards`` cards makes true, lowest first (every pool is checked).

    >>> [str(bid) for bid in possible_bids(2)][::11]
    ['high-card 9', 'pair A']
    >>> len(possible_bids(2)), len(possible_bids(3))
    (12, 18)
    """
    if not 1 <= cards <= 4:
        raise ArgumentError(f"possible bids are listed for 1 to 4 cards in play, not {cards}")
    seen = [False] * len(LADDER)
    for pool in combinations(DECK, cards):
        for index, true in enumerate(truth_from_counts(*card_counts(pool))):
            seen[index] = seen[index] or true
    return tuple(bid for bid, ever in zip(LADDER, seen, strict=True) if ever)


def _rank_hands(cards: int) -> tuple[Hand, ...]:
    return tuple(combinations_with_replacement(range(6), cards))


def _deal_weight(first: Hand, second: Hand) -> Fraction:
    """The probability that a shuffle deals these ranks to the first and second player."""
    ways = 1
    for rank in range(6):
        a, b = first.count(rank), second.count(rank)
        ways *= comb(4, a) * comb(4 - a, b)
    return Fraction(ways, comb(24, len(first)) * comb(24 - len(first), len(second)))


def deal_cards(*hands: Hand) -> tuple[tuple[Card, ...], ...]:
    """Concrete cards for rank hands (suits from spades down, no card twice), one tuple a hand.

    >>> deal_cards((5,), (5, 0))
    ((Card.parse('AS'),), (Card.parse('AH'), Card.parse('9S')))
    """
    used = [0] * 6
    out = []
    for hand in hands:
        cards = []
        for rank in hand:
            if used[rank] == 4:
                raise ArgumentError(f"there are only four cards of rank {RANKS[rank]}")
            cards.append(Card(rank, 3 - used[rank]))
            used[rank] += 1
        out.append(tuple(cards))
    return tuple(out)


@dataclass(frozen=True)
class HeadsUpRound:
    """A heads-up Blef round: ``cards[0]`` cards for the first bidder, ``cards[1]`` for the other.

    Only bids on rank counts can be true with up to 3 cards in play, so hands are dealt as ranks
    with their exact weights (see the module docstring).

    >>> HEADS_UP.bids[-1], len(HEADS_UP.hands[0]), HEADS_UP.chance[0][0]
    (Bid.parse('pair A'), 6, Fraction(1, 46))
    """

    cards: tuple[int, int] = (1, 1)
    extra: tuple[Bid, ...] = ()
    """Bids that cannot be true kept in the round anyway (to check that leaving them out is
    right: they change nothing)."""

    def __post_init__(self) -> None:
        cards = self.cards
        if not (
            isinstance(cards, tuple)
            and len(cards) == 2
            and all(isinstance(c, int) and c >= 1 for c in cards)
            and sum(cards) <= 3
        ):
            raise ArgumentError(
                f"the solver covers heads-up rounds with 2 or 3 cards in play, not {cards!r}"
            )
        possible = set(possible_bids(sum(cards)))
        for bid in self.extra:
            if not isinstance(bid, Bid) or bid in possible:
                raise ArgumentError(f"extra bids must be bids that cannot be true, not {bid!r}")

    @cached_property
    def bids(self) -> tuple[Bid, ...]:
        """The possible bids (the others are dominated) and ``extra``, lowest first."""
        return tuple(sorted({*possible_bids(sum(self.cards)), *self.extra}))

    @cached_property
    def hands(self) -> tuple[tuple[Hand, ...], tuple[Hand, ...]]:
        """Each player's possible hands, as sorted rank tuples."""
        return (_rank_hands(self.cards[0]), _rank_hands(self.cards[1]))

    @cached_property
    def chance(self) -> tuple[tuple[Fraction, ...], ...]:
        """``chance[i][j]``: the exact chance of dealing ``hands[0][i]`` and ``hands[1][j]``."""
        return tuple(tuple(_deal_weight(a, b) for b in self.hands[1]) for a in self.hands[0])

    @cached_property
    def truth(self) -> np.ndarray:
        """``truth[b, i, j]``: whether bid ``bids[b]`` is true for that deal."""
        return np.array(
            [
                [
                    [holds(bid, sum(deal_cards(a, b), ())) for b in self.hands[1]]
                    for a in self.hands[0]
                ]
                for bid in self.bids
            ],
            dtype=bool,
        )

    def solver(self, method: Method = DCFR, dtype: type = np.float64) -> Solver:
        """A fresh solver for this round."""
        chance = np.array([[float(p) for p in row] for row in self.chance])
        return Solver(chance, self.truth, method, dtype)

    def hand_index(self, player: int, hand: Iterable[int]) -> int:
        """The index of a hand (given by its ranks, in any order) among ``hands[player]``."""
        key = tuple(sorted(hand))
        try:
            return self.hands[player].index(key)
        except ValueError:
            raise ArgumentError(
                f"player {player} holds {self.cards[player]} card(s), not ranks {key}"
            ) from None

    def mask(self, bids: Sequence[Bid]) -> int | None:
        """The public node of a sequence of bids; ``None`` once a bid cannot be true."""
        position = {bid: b for b, bid in enumerate(self.bids)}
        mask = 0
        for bid in bids:
            b = position.get(bid)
            if b is None:
                return None
            if mask >> b:
                raise ArgumentError(
                    f"bids must rise: {bid} after {self.bids[mask.bit_length() - 1]}"
                )
            mask |= 1 << b
        return mask


HEADS_UP = HeadsUpRound((1, 1))
"""The heads-up round with one card each: the first round of every two-player game."""
TWO_AGAINST_ONE = HeadsUpRound((2, 1))
"""Two cards against one: the second round of every two-player game (the first round's loser,
now holding two cards, bids first)."""


def hand_text(hand: Hand) -> str:
    """A rank hand as rank letters, e.g. ``9`` or ``TA``."""
    return "".join(RANKS[rank] for rank in hand)


class EquilibriumRecord(TypedDict):
    """A solved round as its data file holds it (:meth:`Equilibrium.to_json`)."""

    round: list[int]
    method: str
    iterations: int
    clean_below: float
    nash_conv: float
    value: float
    convergence: list[list[float]]
    strategy: dict[str, dict[str, float]]


@dataclass
class Equilibrium:
    """A solved round: the strategy of both players and how it was found.

    ``profile`` is the strategy (:class:`kayalib.blef.cfr.Profile`); ``convergence`` holds
    ``(iteration, nash_conv, value)`` at each check of the solve (of the raw average strategy);
    ``nash_conv`` and ``value`` are those of ``profile`` itself; ``method`` names the solver.
    """

    round: HeadsUpRound
    profile: Profile
    iterations: int
    seconds: float
    nash_conv: float
    value: float
    convergence: tuple[tuple[int, float, float], ...]
    cleaned: bool
    solver: Solver = field(repr=False)
    method: str = DCFR.name

    # -- reading the strategy ----------------------------------------------------------------

    def strategy(
        self, player: int, hand: Iterable[int], bids: Sequence[Bid]
    ) -> dict[Action, float]:
        """What ``player`` (0 bids first) does holding ranks ``hand`` after ``bids``.

        Each action it may take with its probability (zeros left out), bids lowest first and the
        check last. After a bid that cannot be true it checks (module docstring).
        """
        h = self.round.hand_index(player, hand)
        mask = self.round.mask(bids)
        if mask is None:
            return {CHECK: 1.0}
        depth, row = self.solver.tree.locate(mask)
        if depth % 2 != player:
            raise ArgumentError(f"after {len(bids)} bid(s) it is player {depth % 2}'s turn")
        return self._at(depth, row, h)

    def _at(self, depth: int, row: int, h: int) -> dict[Action, float]:
        return actions_at(self.round, self.solver, self.profile, depth, row, h)

    def information_sets(self, player: int) -> list[tuple[Hand, tuple[Bid, ...], float]]:
        """``player``'s information sets that its own play reaches, with that reach probability:
        ``(hand, bids so far, reach)``, the reach being the chance of its own actions only."""
        tree = self.solver.tree
        reach = self.solver.reach(self.profile, player)
        out = []
        for d in tree.depths:
            if d % 2 != player:
                continue
            rows, hands = np.nonzero(reach[d] > 0)
            for row, h in zip(rows.tolist(), hands.tolist(), strict=True):
                bids = tuple(
                    bid for b, bid in enumerate(self.round.bids) if int(tree.masks[d][row]) >> b & 1
                )
                out.append((self.round.hands[player][h], bids, float(reach[d][row, h])))
        return out

    # -- data file -----------------------------------------------------------------------------

    def to_json(self, digits: int | None = None) -> EquilibriumRecord:
        """The solution as a JSON object: the figures and every information set that a player's
        own play reaches (``"<ranks>|<bid>,<bid>"`` -> action -> probability); the others are
        never met by a player that follows the strategy, and read back as uniform. With
        ``digits``, probabilities are rounded to that many decimals (zeros left out); the figures
        are still those of :attr:`profile`."""
        strategy: dict[str, dict[str, float]] = {}
        for player in (0, 1):
            for hand, bids, _reach in self.information_sets(player):
                key = f"{hand_text(hand)}|{','.join(str(bid) for bid in bids)}"
                actions = list(self.strategy(player, hand, bids).items())
                if digits is not None:
                    actions = [(a, round(p, digits)) for a, p in actions]
                strategy[key] = {str(action): p for action, p in actions if p > 0}
        return {
            "round": list(self.round.cards),
            "method": self.method,
            "iterations": self.iterations,
            "clean_below": CLEAN_BELOW if self.cleaned else 0.0,
            "nash_conv": self.nash_conv,
            "value": self.value,
            "convergence": [list(entry) for entry in self.convergence],
            "strategy": strategy,
        }

    @classmethod
    def from_json(cls, data: RawRecord, *, check: bool = True) -> Equilibrium:
        """The solution :meth:`to_json` wrote. With ``check`` its NashConv and value are
        computed again and must agree with the figures written in it (ArgumentError if not;
        over a second for the two-against-one round); without, the written figures are taken,
        as :func:`solved` does for a shipped file that the tests check."""
        round_ = HeadsUpRound(tuple(data["round"]))
        solver = round_.solver()
        profile = read_strategy(round_, solver, data["strategy"])
        convergence = tuple((int(i), float(n), float(v)) for i, n, v in data["convergence"])
        gap, value = float(data["nash_conv"]), float(data["value"])
        if check:
            gap, value = solver.nash_conv(profile), solver.expected(profile)
        if abs(gap - data["nash_conv"]) > 1e-9 or abs(value - data["value"]) > 1e-9:
            raise ArgumentError(
                f"the strategy gives NashConv {gap:.3g} and value {value:.6f}, not the "
                f"{data['nash_conv']:.3g} and {data['value']:.6f} written with it"
            )
        return cls(
            round_,
            profile,
            int(data["iterations"]),
            0.0,
            gap,
            value,
            convergence,
            bool(data["clean_below"]),
            solver,
            str(data["method"]),
        )

    # -- what a lesson shows -----------------------------------------------------------------

    def exact_value(self, max_denominator: int = 1000) -> Fraction:
        """The first bidder's value as the nearest fraction (``-5/69`` for :data:`HEADS_UP`)."""
        return Fraction(self.value).limit_denominator(max_denominator)

    def versus(self, first: Profile, second: Profile) -> float:
        """The first bidder's expected result when it plays ``first``'s part and the other
        player ``second``'s part (e.g. the equilibrium against :func:`strategy_of` a bot)."""
        return self.solver.expected(combine(first, second))

    def best_response(self, player: int, against: Profile | None = None) -> tuple[float, Profile]:
        """``player``'s best reply to the other player's part of ``against`` (default: this
        equilibrium), as ``(value to player, profile with player's part replaced)``."""
        return self.solver.best_response(self.profile if against is None else against, player)


def read_strategy(
    round_: HeadsUpRound, solver: Solver, strategy: dict[str, dict[str, float]]
) -> Profile:
    """The profile of a strategy written by :meth:`Equilibrium.to_json`: each information set
    listed plays its probabilities (scaled to add up to 1), the others every action alike."""
    tree = solver.tree
    check = [solver._zeros(d, d % 2) if d else None for d in tree.depths]
    raise_ = [solver._zeros(d, (d - 1) % 2) if d else None for d in tree.depths]
    position = {str(bid): b for b, bid in enumerate(round_.bids)}
    hands = [{hand_text(hand): h for h, hand in enumerate(round_.hands[i])} for i in (0, 1)]
    for key, actions in strategy.items():
        hand_letters, _, bid_text = key.partition("|")
        try:
            mask = sum(1 << position[text] for text in bid_text.split(",") if text)
            depth, row = tree.locate(mask)
            h = hands[depth % 2][hand_letters]
            for action, p in actions.items():
                if action == "check":
                    at_depth(check, depth)[row, h] = p
                else:
                    child_depth, child_row = tree.locate(mask | 1 << position[action])
                    at_depth(raise_, child_depth)[child_row, h] = p
        except (KeyError, IndexError):
            raise ArgumentError(f"not an information set of the round: {key!r}") from None
    return solver.normalise(check, raise_)


def actions_at(
    round_: HeadsUpRound, solver: Solver, profile: Profile, depth: int, row: int, h: int
) -> dict[Action, float]:
    """The mover's actions with their probabilities at one information set (zeros left out)."""
    tree = solver.tree
    out: dict[Action, float] = {}
    if depth < tree.bids:
        for bid, lo, hi in tree.blocks[depth + 1]:
            if row < hi - lo:
                p = float(at_depth(profile.raise_, depth + 1)[lo + row, h])
                if p > 0:
                    out[round_.bids[bid]] = p
    if depth:
        p = float(at_depth(profile.check, depth)[row, h])
        if p > 0:
            out[CHECK] = p
    return out


def _cleaned(solver: Solver, profile: Profile) -> Profile:
    """``profile`` with probabilities below :data:`CLEAN_BELOW` set to 0 (the rest rescaled)."""

    def cut(arrays: list[np.ndarray | None]) -> list[np.ndarray | None]:
        return [None if a is None else np.where(a < CLEAN_BELOW, 0.0, a) for a in arrays]

    return solver.normalise(cut(profile.check), cut(profile.raise_))


def solve(
    round_: HeadsUpRound = HEADS_UP,
    *,
    iterations: int | None = None,
    target: float | None = None,
    clean: bool = True,
    progress: ProgressCallback | None = None,
    method: Method = DCFR,
    check_every: int = 10,
    dtype: type | None = None,
    clean_limit: float = 0.0,
) -> Equilibrium:
    """Solve ``round_``: ``iterations`` iterations, or until NashConv <= ``target``.

    With neither given, runs until NashConv <= 1e-3 (at most 10,000 iterations). The NashConv
    and the first bidder's value of the average strategy are computed every ``check_every``
    iterations (a check costs about one iteration) and after the last. ``dtype`` is the solver's
    floating point type: ``float32`` by default for rounds of three cards, whose passes are
    bound by memory, ``float64`` otherwise; the result is always evaluated in ``float64``.
    With ``clean=True`` (the default) the final strategy drops action probabilities below
    :data:`CLEAN_BELOW` when that does not raise its NashConv (above ``clean_limit``, if that is
    higher): the averaging leaves traces of early iterations behind, and without them the 1-card
    round's strategy is an exact equilibrium.

    >>> result = solve(target=0.01)
    >>> result.nash_conv <= 0.01, round(result.value, 2)
    (True, -0.07)
    """
    if iterations is None and target is None:
        target = 1e-3
    limit = 10_000 if iterations is None else iterations
    for name, number in (("iterations", limit), ("check_every", check_every)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ArgumentError(f"{name} must be a whole number of at least 1, not {number!r}")
    if dtype is None:
        dtype = np.float64 if sum(round_.cards) <= 2 else np.float32
    solver = round_.solver(method, dtype)
    convergence: list[tuple[int, float, float]] = []
    start = time.perf_counter()
    for done in range(1, limit + 1):
        solver.iterate()
        if progress is not None:
            progress(done, limit)
        if done % check_every == 0 or done == limit:
            gap, value = solver.average_nash_conv()
            convergence.append((done, gap, value))
            if target is not None and gap <= target:
                break
    seconds = time.perf_counter() - start
    evaluate = solver if dtype == np.float64 else round_.solver()
    profile = solver.average()
    gap, value = evaluate.nash_conv(profile), evaluate.expected(profile)
    cleaned = False
    if clean:
        tidy = _cleaned(evaluate, profile)
        tidy_gap = evaluate.nash_conv(tidy)
        if tidy_gap <= max(gap, clean_limit):
            profile, gap, value, cleaned = tidy, tidy_gap, evaluate.expected(tidy), True
    return Equilibrium(
        round_,
        profile,
        solver.iterations,
        seconds,
        gap,
        value,
        tuple(convergence),
        cleaned,
        evaluate,
        method.name,
    )


def write_shipped(cards: tuple[int, int] = (1, 1)) -> Equilibrium:  # pragma: no cover - slow
    """Solve the round for its :data:`SHIPPED` iterations and write the data file that
    :func:`solved` reads (``tests/blef/test_equilibrium.py`` checks that it matches)."""
    shipped = SHIPPED[cards]
    round_ = HeadsUpRound(cards)
    solution = solve(
        round_,
        iterations=shipped.iterations,
        method=shipped.method,
        check_every=shipped.check_every,
        clean_limit=shipped.clean_limit,
    )
    data = solution.to_json(shipped.digits)
    data["convergence"] = [
        [i, float(f"{n:.6g}"), float(f"{v:.6g}")] for i, n, v in data["convergence"]
    ]
    # The figures of the strategy as the file has it (rounded), which the reader checks.
    profile = read_strategy(round_, solution.solver, data["strategy"])
    data["nash_conv"] = solution.solver.nash_conv(profile)
    data["value"] = solution.solver.expected(profile)
    shipped.file.write_text(_json_lines(data), encoding="utf-8")
    return Equilibrium.from_json(data)


def _json_lines(data: Mapping[str, object]) -> str:
    """JSON with one convergence entry and one information set per line (small diffs)."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list | dict) and len(value) > 2:
            items = value.items() if isinstance(value, dict) else enumerate(value)
            inner = [
                (f"{json.dumps(k)}: " if isinstance(value, dict) else "") + json.dumps(v)
                for k, v in items
            ]
            opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
            body = ",\n  ".join(inner)
            lines.append(f"  {json.dumps(key)}: {opening}\n  {body}\n  {closing}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


@cache
def solved(cards: tuple[int, int] = (1, 1)) -> Equilibrium:
    """The shipped solution of a round (read from its :data:`SHIPPED` file, no solving):
    ``cards`` held by the first bidder and by the other.

    >>> eq = solved()
    >>> eq.exact_value(), eq.nash_conv < 1e-9
    (Fraction(-5, 69), True)
    >>> eq.strategy(0, [5], [])          # holding an ace, the first bidder opens honestly
    {Bid.parse('high-card A'): 1.0}
    """
    shipped = SHIPPED.get(cards)
    if shipped is None:
        raise ArgumentError(f"no solution ships for the round {cards!r}; have {list(SHIPPED)}")
    # the tests check each shipped file's figures (check=True): a page need not again
    return Equilibrium.from_json(json.loads(shipped.file.read_text(encoding="utf-8")), check=False)
