"""The sequence form of a heads-up Blef round, and linear programmes over it (scipy).

A *sequence* of a player is a hand and one of its actions at one of its positions; a strategy is
then a *realisation plan*: for each sequence, the probability that the player's own play makes it
(chance and the opponent left out). In a heads-up round the sequences are exactly the entries of
a node array (:mod:`kayalib.blef.cfr`): at a node where the player moves, its check there; at a
node whose last bid it made, that bid. A check ends the round, and it pairs the checker's check
with the bidder's last bid, both entries of the same node: so the payoff matrix ``A`` (player 0's
sequences x player 1's) has one 6 x 6 block per node, the deal's chance times +1 for the bidder of
a true bid and -1 for the bidder of a false one. Each position adds one constraint: what the
player does there adds up to the sequence that brought it there (``E x = e``, ``F y = f``).

Player 0 (first bidder) solves ``max f.q`` over ``E x = e, x >= 0, F^T q <= A^T x`` (``q`` free:
the prices of player 1's positions, the dual of player 1's best reply), and its *optimal
strategies* are the points with ``f.q = value``: a polytope, the same whatever player 1's
optimal strategy (in a zero-sum game every pair of optimal strategies is an equilibrium). Player
1's polytope is the mirror image. :class:`OptimalStrategies` optimises over these polytopes: a
frequency at a position is a ratio of two sequences, optimised by the Charnes-Cooper change of
variables (everything scaled so that the denominator is 1).

This module needs scipy (``linprog`` with HiGHS, and sparse matrices): the kit's students never
run it; the figures it computes ship as data (:mod:`kayalib.blef.equilibrium_set`), and
``tests/blef/test_equilibrium_set.py`` computes them again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from kayalib.blef.cfr import Profile, Solver
from kayalib.blef.equilibrium import HEADS_UP, HeadsUpRound
from kayalib.errors import ArgumentError
from kayalib.stats import exact

if TYPE_CHECKING:  # scipy is needed only to solve again (a test-only dependency)
    from scipy.optimize import OptimizeResult
    from scipy.sparse import sparray

__all__ = ["OptimalStrategies", "SequenceForm"]


class SequenceForm:
    """The sequence form of ``round_`` (one card each by default).

    Player ``i``'s sequence ``(m, h)`` (node ``m >= 1``, hand ``h``) is column
    ``(m - 1) * H[i] + h``; its positions ``(m, h)`` (nodes where it moves) are rows of ``E``
    (player 0) and ``F`` (player 1) in node order.
    """

    def __init__(self, round_: HeadsUpRound = HEADS_UP) -> None:
        from scipy import sparse

        self.round = round_
        self.solver = solver = round_.solver()
        tree = solver.tree
        self.hands = solver.hands
        n = tree.size
        nodes = np.arange(1, n)
        depth = tree.depth_of[nodes]
        top = tree.top[nodes]
        parent = nodes - (1 << top)
        h0, h1 = self.hands
        # A: the bidder of a node's last bid is the player who did not move there.
        bidder_is_0 = depth % 2 == 1
        signed = solver.chance[None] * (2.0 * solver.truth - 1.0)  # bid x h0 x h1
        block = signed[top] * np.where(bidder_is_0, 1.0, -1.0)[:, None, None]
        rows = (nodes - 1)[:, None, None] * h0 + np.arange(h0)[None, :, None]
        cols = (nodes - 1)[:, None, None] * h1 + np.arange(h1)[None, None, :]
        shape = (len(nodes) * h0, len(nodes) * h1)
        rows, cols = np.broadcast_arrays(rows, cols)
        self.A = sparse.csr_array((block.ravel(), (rows.ravel(), cols.ravel())), shape=shape)
        self.E, self.e, self.positions0 = self._constraints(0, depth, parent)
        self.F, self.f, self.positions1 = self._constraints(1, depth, parent)

    def _constraints(
        self, player: int, depth: np.ndarray, parent: np.ndarray
    ) -> tuple[sparray, np.ndarray, list[tuple[int, int]]]:
        """The position constraints of ``player``: matrix, right-hand side, and each row's
        ``(node, hand)``."""
        from scipy import sparse

        n = self.solver.tree.size
        hands = self.hands[player]
        own = np.flatnonzero(self.solver.tree.depth_of % 2 == player)  # its positions
        row_of = np.full(n, -1)
        row_of[own] = np.arange(len(own))
        nodes = np.arange(1, n)
        # Each sequence belongs to a position: its own node for a check, the parent for a bid.
        check = depth % 2 == player
        home = np.where(check, nodes, parent)
        entries = [(row_of[home], nodes, np.ones(len(nodes)))]
        # The sequence leading to a later position is the player's bid into that position's
        # parent (the other player then bid from there): it enters with -1.
        later = own[self.solver.tree.depth_of[own] >= 2]
        before = later - (1 << self.solver.tree.top[later])
        entries.append((row_of[later], before, -np.ones(len(later))))
        r = np.concatenate([e[0] for e in entries])
        s = np.concatenate([e[1] for e in entries])
        v = np.concatenate([e[2] for e in entries])
        h = np.arange(hands)
        matrix = sparse.csr_array(
            (
                np.repeat(v, hands),
                ((r[:, None] * hands + h).ravel(), ((s - 1)[:, None] * hands + h).ravel()),
            ),
            shape=(len(own) * hands, (n - 1) * hands),
        )
        # Right-hand side: 1 at the positions no own action leads to (the first one it meets).
        first = self.solver.tree.depth_of[own] == player
        rhs = np.repeat(first.astype(np.float64), hands)
        positions = [(int(m), k) for m in own for k in range(hands)]
        return matrix, rhs, positions

    def column(self, player: int, node: int, hand: int) -> int:
        """The column of player ``player``'s sequence at ``node`` with ``hand``."""
        return (node - 1) * self.hands[player] + hand

    def profile_part(self, player: int, plan: np.ndarray) -> Profile:
        """The behaviour strategy of a realisation plan (uniform where its play never goes), as a
        :class:`Profile` whose other player's part is uniform."""
        solver = self.solver
        tree = solver.tree
        full = np.zeros((tree.size, self.hands[player]))
        full[1:] = np.maximum(plan, 0.0).reshape(-1, self.hands[player])
        check = [None] + [
            full[m] if d % 2 == player else solver._zeros(d, d % 2)
            for d, m in enumerate(tree.masks)
            if d
        ]
        raise_ = [None] + [
            full[m] if (d - 1) % 2 == player else solver._zeros(d, (d - 1) % 2)
            for d, m in enumerate(tree.masks)
            if d
        ]
        return solver.normalise(check, raise_)

    def plan(self, player: int, profile: Profile) -> np.ndarray:
        """The realisation plan of ``player``'s part of ``profile`` (its own reach of each of its
        sequences)."""
        tree = self.solver.tree
        reach = self.solver.reach(profile, player)
        out = np.zeros((tree.size, self.hands[player]))
        for d in tree.depths[1:]:
            m = tree.masks[d]
            out[m] = reach[d] * profile.check[d] if d % 2 == player else reach[d]
        return out[1:].ravel()


@dataclass(frozen=True)
class Point:
    """A point of an optimal-strategy polytope: the realisation plan and the objective's value."""

    plan: np.ndarray
    objective: float


class OptimalStrategies:
    """The optimal strategies of one player of a round: the game's value and linear programmes
    over the polytope of its optimal realisation plans.

    >>> first = OptimalStrategies(0)
    >>> first.exact_value
    Fraction(-5, 69)
    """

    TOLERANCE = 1e-12
    """How far below the value an 'optimal' plan may fall (the solver's own accuracy)."""

    def __init__(self, player: int, form: SequenceForm | None = None) -> None:
        if player not in (0, 1):
            raise ArgumentError(f"a heads-up round has players 0 and 1, not {player!r}")
        self.player = player
        self.form = form = form or SequenceForm()
        from scipy import sparse

        # Variables: [plan (sequences), prices of the other player's positions (free)].
        if player == 0:
            own, own_rhs, other, other_rhs, payoff = form.E, form.e, form.F, form.f, form.A.T
        else:
            own, own_rhs, other, other_rhs, payoff = form.F, form.f, form.E, form.e, -form.A
        self.sequences = own.shape[1]
        prices = other.shape[0]
        # For each of the other's sequences j: (other^T q)_j <= (payoff x)_j, i.e. the other's
        # best reply pays no less than the prices promise.
        self.upper = sparse.hstack([-payoff, other.T]).tocsr()
        self.equal = sparse.hstack([own, sparse.csr_array((own.shape[0], prices))]).tocsr()
        self.own_rhs = own_rhs
        self.gain = np.concatenate([np.zeros(self.sequences), other_rhs])  # maximised: f.q
        self.bounds = [(0, None)] * self.sequences + [(None, None)] * prices

    def _linprog(
        self,
        objective: np.ndarray,
        extra_eq: Sequence[tuple[sparray, np.ndarray]] = (),
        extra_ub: Sequence[tuple[sparray, np.ndarray]] = (),
    ) -> OptimizeResult:
        from scipy import sparse
        from scipy.optimize import linprog

        a_eq, b_eq = [self.equal], [self.own_rhs]
        for row, rhs in extra_eq:
            a_eq.append(row)
            b_eq.append(rhs)
        a_ub, b_ub = [self.upper], [np.zeros(self.upper.shape[0])]
        for row, rhs in extra_ub:
            a_ub.append(row)
            b_ub.append(rhs)
        result = linprog(
            objective,
            A_ub=sparse.vstack(a_ub).tocsc(),
            b_ub=np.concatenate(b_ub),
            A_eq=sparse.vstack(a_eq).tocsc(),
            b_eq=np.concatenate(b_eq),
            bounds=self.bounds,
            method="highs",
        )
        if result.status != 0:
            raise ArgumentError(f"the linear programme failed: {result.message}")
        return result

    @cached_property
    def value(self) -> float:
        """What the player can guarantee: the round's value from its side."""
        return -float(self._linprog(-self.gain).fun)

    @property
    def exact_value(self) -> Fraction | float:
        """:attr:`value` as a fraction (checked to 1e-9)."""
        return exact(self.value)

    def _optimal_row(self, scale: float = 1.0) -> tuple[sparray, np.ndarray]:
        """``f.q >= (value - tolerance) * scale`` as an upper-bound row."""
        from scipy import sparse

        row = sparse.csr_array(-self.gain.reshape(1, -1))
        return row, np.array([-(self.value - self.TOLERANCE) * scale])

    def extreme(
        self,
        weights: dict[int, float],
        *,
        fixed: dict[int, float] | None = None,
        maximise: bool = True,
    ) -> Point:
        """An optimal plan that maximises (or minimises) ``sum weights[j] * plan[j]`` over the
        sequences ``j``, with ``fixed`` sequences held at the values given."""
        from scipy import sparse

        objective = np.zeros(len(self.gain))
        for j, w in weights.items():
            objective[j] = -w if maximise else w
        extra_eq: list[tuple[sparray, np.ndarray]] = []
        for j, value in (fixed or {}).items():
            row = sparse.csr_array(([1.0], ([0], [j])), shape=(1, len(self.gain)))
            extra_eq.append((row, np.array([value])))
        result = self._linprog(objective, extra_eq, [self._optimal_row()])
        value = float(result.fun)
        return Point(result.x[: self.sequences], -value if maximise else value)

    def ratio_range(
        self, numerator: Sequence[int], denominator: int | None
    ) -> tuple[float, float, list[np.ndarray]] | None:
        """The least and the greatest ``sum plan[numerator] / plan[denominator]`` over the
        optimal plans that reach the position (``denominator=None``: the first position, whose
        plan weight is 1), and the plans found; ``None`` when no optimal plan reaches it.

        Charnes-Cooper: with ``t = 1 / plan[denominator]`` every constraint is scaled by ``t``
        and ``plan[denominator] * t = 1``; the ratio becomes linear."""
        if denominator is None:
            low = self.extreme(dict.fromkeys(numerator, 1.0), maximise=False)
            high = self.extreme(dict.fromkeys(numerator, 1.0))
            return low.objective, high.objective, [low.plan, high.plan]
        reach = self.extreme({denominator: 1.0})
        if reach.objective <= self.TOLERANCE:
            return None
        out: list[float] = []
        plans: list[np.ndarray] = []
        for maximise in (False, True):
            value, plan = self._scaled(numerator, denominator, maximise)
            out.append(value)
            plans.append(plan)
        return out[0], out[1], plans

    def _scaled(
        self, numerator: Sequence[int], denominator: int, maximise: bool
    ) -> tuple[float, np.ndarray]:
        from scipy import sparse
        from scipy.optimize import linprog

        n = len(self.gain)
        # Variables [plan * t, prices * t, t]; own constraints: equal @ z = rhs * t.
        a_eq = sparse.vstack(
            [
                sparse.hstack([self.equal, sparse.csr_array(-self.own_rhs.reshape(-1, 1))]),
                sparse.csr_array(([1.0], ([0], [denominator])), shape=(1, n + 1)),
            ]
        ).tocsc()
        b_eq = np.concatenate([np.zeros(self.equal.shape[0]), [1.0]])
        optimal = sparse.csr_array(
            np.concatenate([-self.gain, [self.value - self.TOLERANCE]]).reshape(1, -1)
        )
        a_ub = sparse.vstack(
            [sparse.hstack([self.upper, sparse.csr_array((self.upper.shape[0], 1))]), optimal]
        ).tocsc()
        b_ub = np.zeros(a_ub.shape[0])
        objective = np.zeros(n + 1)
        objective[list(numerator)] = -1.0 if maximise else 1.0
        result = linprog(
            objective, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq,
            bounds=[*self.bounds, (0, None)], method="highs",
        )  # fmt: skip
        if result.status != 0:
            raise ArgumentError(f"the linear programme failed: {result.message}")
        t = result.x[-1]
        plan = result.x[: self.sequences] / t if t > 0 else result.x[: self.sequences]
        value = -result.fun if maximise else result.fun
        return float(value), plan

    def part(self, plan: np.ndarray) -> Profile:
        """The behaviour strategy of an optimal plan (the player's part of a :class:`Profile`)."""
        return self.form.profile_part(self.player, plan)


def guaranteed(solver: Solver, profile: Profile, player: int) -> float:
    """What ``player``'s part of ``profile`` guarantees: minus the other's best-reply value."""
    return -solver.best_response_value(profile, 1 - player)
