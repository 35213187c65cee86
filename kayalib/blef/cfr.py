"""Counterfactual regret minimisation over the public tree of a heads-up Blef round, in numpy.

This module is the arithmetic behind :mod:`kayalib.blef.equilibrium`; read that module first.

The public tree
---------------
In a heads-up round every bid is higher than the one before, so the bids made so far are
determined by the *set* of bids made: a bit mask over the ``K`` bids of the round (bit ``b`` for
the round's ``b``-th bid, lowest first). The player to move at a mask with ``d`` bits is
player ``d % 2`` (player 0 bids first); the last bid is the mask's top bit. Every mask is a node,
``2 ** K`` of them; at a node the mover may check (not at the root) or bid any higher bid, which
leads to ``mask | 1 << b`` for ``b`` above the top bit.

Node arrays indexed by the mask itself make every pass a handful of slices: the nodes whose last
bid is ``b`` are rows ``2**b : 2**(b + 1)``, and row ``m + 2**b`` is the child of row ``m`` for
every ``m < 2**b``. So a value pass is ``V[:2**b] += V[2**b : 2**(b + 1)]`` for ``b`` from the
top bid down, and a reach pass the same slices the other way: ``K`` numpy operations each, on
contiguous memory, with no index arrays. :class:`Solver` keeps the nodes split by who moves there
(row ``m >> 1`` of class ``depth % 2``), which keeps this property and puts each player's
checks and bids in arrays of their own.

Each player ``i`` holds one of ``H[i]`` private hands; its arrays have one column per hand. A
player's whole strategy is one array pair ``s[i]``: at a node where ``i`` moves, the probability
that it checks there; at a node whose last bid ``i`` made, the probability that it made that bid.
Every node is one or the other for each player, so nothing is stored twice.

:class:`Profile` is the same strategy *by depth* (``check[d]``, ``raise_[d]``, the nodes of
depth ``d`` in :class:`PublicTree` order): the form the rest of kayalib reads and writes.

Counterfactual values use the chance matrix ``chance[h0, h1]`` (the probability of that deal)
and the opponent's reach; terminal payoffs are +1 to the winner of the check and -1 to the loser.

The regret minimiser is DCFR (Brown and Sandholm, "Solving imperfect-information games via
discounted regret minimization", 2019) with alternating updates: after each iteration positive
regrets are multiplied by ``t**α / (t**α + 1)``, negative ones by ``t**β / (t**β + 1)``, and
iteration ``t`` enters the average strategy with weight ``t**γ``. :data:`DCFR` (α=1.5, β=0,
γ=2) is the default; :data:`CFR_PLUS` (regrets floored at 0, linear average) is kept as the peer
the benchmarks compare against and the method OpenSpiel's ``CFRPlusSolver`` checks step by step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kayalib.errors import ArgumentError

__all__ = ["CFR_PLUS", "DCFR", "Method", "Profile", "PublicTree", "Solver", "combine"]


@dataclass(frozen=True)
class Method:
    """A regret minimiser of the CFR family: how regrets and the average are discounted.

    ``alpha=None`` keeps positive regrets whole, ``beta=None`` floors negative ones at 0 (regret
    matching+); iteration ``t`` weighs ``t ** gamma`` in the average strategy.
    """

    name: str
    alpha: float | None
    beta: float | None
    gamma: float

    def factors(self, t: int) -> tuple[float, float]:
        """What accumulated positive and negative regrets are multiplied by after iteration t."""
        positive = 1.0 if self.alpha is None else t**self.alpha / (t**self.alpha + 1.0)
        negative = 0.0 if self.beta is None else t**self.beta / (t**self.beta + 1.0)
        return positive, negative


DCFR = Method("DCFR", 1.5, 0.0, 2.0)
"""Discounted CFR with the parameters its authors recommend."""
CFR_PLUS = Method("CFR+", None, None, 1.0)
"""CFR+: regret matching+, alternating updates, the average weighted by iteration number."""


class PublicTree:
    """The nodes of a heads-up round with ``bids`` possible bids, by mask and by depth."""

    def __init__(self, bids: int) -> None:
        if not 1 <= bids <= 24:
            raise ArgumentError(f"a public tree needs 1 to 24 bids, not {bids}")
        self.bids = bids
        nodes = np.arange(1 << bids, dtype=np.int64)
        self.depth_of = np.bitwise_count(nodes).astype(np.int64)
        """``depth_of[m]``: how many bids node ``m`` holds (its mover is ``depth_of[m] % 2``)."""
        top = np.full(1 << bids, -1, dtype=np.int64)
        for b in range(bids):
            top[1 << b : 2 << b] = b
        self.top = top
        """``top[m]``: node ``m``'s last bid (``-1`` at the root)."""
        self.options = (nodes > 0) + (bids - 1 - top)
        """``options[m]``: how many actions the mover has at node ``m`` (a check and the raises)."""
        by_depth = np.argsort(self.depth_of, kind="stable")
        bounds = np.searchsorted(self.depth_of[by_depth], np.arange(bids + 2))
        row = np.zeros(1 << bids, dtype=np.int64)
        self.masks = [by_depth[:1]]
        """``masks[d]``: the masks of the depth-``d`` nodes, by last bid and then by parent."""
        for d in range(1, bids + 1):
            level = by_depth[bounds[d] : bounds[d + 1]]
            level = level[np.lexsort((row[level - (1 << top[level])], top[level]))]
            row[level] = np.arange(len(level))
            self.masks.append(level)
        self.tops = [top[m] for m in self.masks]
        """``tops[d]``: each depth-``d`` node's last bid (``-1`` at the root)."""
        self.row = row
        """``row[m]``: node ``m``'s row among the nodes of its depth."""
        self.parents = [np.zeros(0, dtype=np.int64)] + [
            row[m - (1 << t)] for m, t in zip(self.masks[1:], self.tops[1:], strict=True)
        ]
        """``parents[d]``: each depth-``d`` node's parent, as a row of depth ``d - 1``."""
        self.blocks: list[list[tuple[int, int, int]]] = [[]]
        """``blocks[d]``: ``(bid, lo, hi)``: rows ``lo:hi`` have last bid ``bid``; their parents
        are rows ``0:hi - lo`` of depth ``d - 1``."""
        for tops in self.tops[1:]:
            starts = np.searchsorted(tops, np.arange(bids + 1))
            self.blocks.append(
                [
                    (b, int(starts[b]), int(starts[b + 1]))
                    for b in range(bids)
                    if starts[b + 1] > starts[b]
                ]
            )
        self.actions = [self.options[m].astype(np.float64) for m in self.masks]
        """``actions[d]``: how many actions the mover has at each depth-``d`` node."""

    @property
    def depths(self) -> range:
        return range(self.bids + 1)

    @property
    def size(self) -> int:
        """The number of nodes, ``2 ** bids``."""
        return 1 << self.bids

    def locate(self, mask: int) -> tuple[int, int]:
        """``(depth, row)`` of the node with bid mask ``mask``."""
        return int(self.depth_of[mask]), int(self.row[mask])


def at_depth(part: list[np.ndarray | None], depth: int) -> np.ndarray:
    """``part[depth]`` of a profile (its ``check`` or ``raise_``), which every depth from 1 has."""
    array = part[depth]
    if array is None:
        raise ArgumentError(f"a profile has no strategy at depth {depth}")
    return array


@dataclass
class Profile:
    """A behaviour strategy for both players: ``check[d]`` and ``raise_[d]`` per depth.

    ``check[d]`` (depth ``d >= 1``) has the mover's probability of checking at each node;
    ``raise_[d]`` (``d >= 1``) the probability that the parent's mover made the bid leading to
    each node. ``give_up[d]``, when present, is the probability of making a bid that cannot be
    true (only a strategy read from a bot does that; the best reply checks it and wins).
    """

    check: list[np.ndarray | None]
    raise_: list[np.ndarray | None]
    give_up: list[np.ndarray] | None = None

    def copy(self) -> Profile:
        def dup(arrays: list[np.ndarray | None]) -> list[np.ndarray | None]:
            return [None if a is None else a.copy() for a in arrays]

        give_up = None if self.give_up is None else [a.copy() for a in self.give_up]
        return Profile(dup(self.check), dup(self.raise_), give_up)


def combine(first: Profile, second: Profile) -> Profile:
    """Player 0 playing ``first``'s part and player 1 playing ``second``'s part."""
    depths = range(len(first.check))

    def part(d: int, player_of_d: int) -> Profile:
        return first if player_of_d == 0 else second

    check = [part(d, d % 2).check[d] for d in depths]
    raise_ = [part(d, (d - 1) % 2).raise_[d] for d in depths]
    give_up: list[np.ndarray] | None = None
    if first.give_up is not None or second.give_up is not None:
        give_up = []
        for d in depths:
            source = part(d, d % 2)
            if source.give_up is not None:
                give_up.append(source.give_up[d])
            else:
                shape = at_depth(source.check, d) if d else at_depth(source.raise_, 1)[:1]
                give_up.append(np.zeros_like(shape))
    return Profile(check, raise_, give_up)


Pair = list[np.ndarray]
"""One array per class of nodes: ``[even, odd]`` (see :class:`Solver`)."""


class Solver:
    """DCFR (or another :class:`Method`) on one round, and exact values and best replies.

    ``chance[h0, h1]`` is the probability of the deal, ``truth[b, h0, h1]`` whether bid ``b`` is
    true for it.

    Inside, nodes are split by who moves there: node ``m`` is row ``m >> 1`` of class
    ``depth % 2`` (the lowest bit of a mask follows from the others and the class). Row ``k``'s
    child by bid ``b >= 1`` is row ``k + 2**(b - 1)`` of the other class, for every
    ``k < 2**(b - 1)``, so each pass is two slices a bid. A player's strategy is a pair of arrays
    ``s[c]`` (class x hand): its check at its own class's rows, and at the other class's rows the
    probability that it made the bid leading there.

    The products with the payoff matrices are BLAS calls on tall, thin slices: a threaded BLAS
    on a busy two-core machine loses more to its threads there than it gains (the benchmark runs
    with ``OPENBLAS_NUM_THREADS=1``: 40 ms an iteration of two cards against one, against
    120-250 ms threaded). ``dtype=np.float32`` halves the memory the passes stream through.
    """

    def __init__(
        self,
        chance: np.ndarray,
        truth: np.ndarray,
        method: Method = DCFR,
        dtype: type = np.float64,
    ) -> None:
        chance = np.asarray(chance, dtype=np.float64)
        truth = np.asarray(truth, dtype=np.float64)
        if truth.shape[1:] != chance.shape or not np.isclose(chance.sum(), 1.0):
            raise ArgumentError("chance must be a distribution over (hand 0, hand 1) like truth")
        self.tree = tree = PublicTree(truth.shape[0])
        self.method = method
        self.dtype = dtype
        self.hands = chance.shape
        self.chance = chance
        self.truth = truth
        # sign[i][b] (H_other x H_i): the deal weight times +1 where bid b is true, -1 where not,
        # seen from player i's side; a bid is worth sign to its bidder and -sign to the checker.
        signed = chance[None] * (2.0 * truth - 1.0)
        self.sign: list[np.ndarray] = [
            np.ascontiguousarray(signed.transpose(0, 2, 1), dtype=dtype),
            np.ascontiguousarray(signed, dtype=dtype),
        ]
        # deal[i] (H_other x H_i): the deal weights seen from player i's side.
        self.deal = [np.ascontiguousarray(chance.T), chance]
        half = max(tree.size // 2, 1)
        rows = np.arange(half)
        # The mask of each row of each class: the low bit makes the parity right.
        parity = np.bitwise_count(rows) % 2
        self._masks = [2 * rows + (parity ^ c) for c in (0, 1)]
        self._steps: list[tuple[int, int, slice, slice]] = [(0, 0, slice(0, 1), slice(0, 1))]
        """``(bid, class of the parents, parent rows, child rows)``, lowest bid first."""
        for b in range(1, tree.bids):
            lo, hi = 1 << (b - 1), 1 << b
            self._steps += [
                (b, 0, slice(0, lo), slice(lo, hi)),
                (b, 1, slice(0, lo), slice(lo, hi)),
            ]
        # 1 / the number of actions at each node (what a uniform strategy gives each of them).
        self._uniform: list[np.ndarray] = [
            (1.0 / tree.options[m]).astype(dtype)[:, None] for m in self._masks
        ]
        self._depth_rows = [(d % 2, m >> 1) for d, m in enumerate(tree.masks)]
        self._buffers: dict[tuple[str, int, int], np.ndarray] = {}
        self.regret = [self._pair(i) for i in (0, 1)]
        self.total = [self._pair(i) for i in (0, 1)]
        self.iterations = 0

    def _pair(self, player: int) -> Pair:
        return [np.zeros((len(m), self.hands[player]), dtype=self.dtype) for m in self._masks]

    def _zeros(self, depth: int, player: int) -> np.ndarray:
        return np.zeros((len(self.tree.masks[depth]), self.hands[player]))

    # -- between a Profile (by depth) and a pair of arrays per player --------------------------

    def _packed(self, profile: Profile) -> tuple[list[Pair], list[Pair] | None]:
        """``profile`` as a pair of arrays per player, and its give-ups (at the mover's rows)."""
        s = [self._pair(i) for i in (0, 1)]
        for d in self.tree.depths[1:]:
            c, rows = self._depth_rows[d]
            s[d % 2][c][rows] = profile.check[d]
            s[(d - 1) % 2][c][rows] = profile.raise_[d]
        give_up = None
        if profile.give_up is not None:
            give_up = [self._pair(i) for i in (0, 1)]
            for d in self.tree.depths:
                c, rows = self._depth_rows[d]
                give_up[d % 2][c][rows] = profile.give_up[d]
        return s, give_up

    def _profile(self, s: list[Pair]) -> Profile:
        """The :class:`Profile` of a pair of arrays per player."""
        check: list[np.ndarray | None] = [None]
        raise_: list[np.ndarray | None] = [None]
        for d in self.tree.depths[1:]:
            c, rows = self._depth_rows[d]
            check.append(s[d % 2][c][rows].astype(np.float64))
            raise_.append(s[(d - 1) % 2][c][rows].astype(np.float64))
        return Profile(check, raise_)

    def _by_depth(self, pair: Pair) -> list[np.ndarray]:
        return [pair[c][rows].astype(np.float64) for c, rows in self._depth_rows]

    # -- strategies ----------------------------------------------------------------------------

    def _buffer(self, name: str, c: int, hands: int) -> np.ndarray:
        """A work array of class ``c``'s rows, kept between calls (a fresh array of this size
        costs more in page faults than the arithmetic done in it)."""
        key = (name, c, hands)
        array = self._buffers.get(key)
        if array is None:
            array = self._buffers[key] = np.empty((len(self._masks[c]), hands), dtype=self.dtype)
        return array

    def _buffers_of(self, name: str, hands: int) -> Pair:
        return [self._buffer(name, 0, hands), self._buffer(name, 1, hands)]

    def _normalised(self, player: int, weights: Pair, out: Pair | None = None) -> Pair:
        """The strategy proportional to non-negative ``weights`` (uniform where all are 0),
        written into ``out`` (fresh arrays by default)."""
        p, q = player, 1 - player
        h = self.hands[p]
        if out is None:
            out = [np.empty_like(weights[0]), np.empty_like(weights[1])]
        total = self._buffer("total", p, h)
        np.copyto(total, weights[p])
        if p == 0:
            total[0] = 0.0  # no check at the root
        for _b, c, parents, children in self._steps:
            if c == p:
                total[parents] += weights[q][children]
        empty = self._buffer("empty", p, h)
        np.less_equal(total, 0.0, out=empty)
        uniform = self._buffer("uniform", p, h)
        np.multiply(empty, self._uniform[p], out=uniform)
        np.add(total, empty, out=total)  # 1 where empty, so that nothing divides by 0
        inverse = np.divide(1.0, total, out=total)
        np.multiply(weights[p], inverse, out=out[p])
        out[p] += uniform
        out[q][0] = 0.0
        for _b, c, parents, children in self._steps:
            if c == p:
                np.multiply(weights[q][children], inverse[parents], out=out[q][children])
                out[q][children] += uniform[parents]
        if p == 0:
            out[0][0] = 0.0
        return out

    def normalise(self, check: list[np.ndarray | None], raise_: list[np.ndarray | None]) -> Profile:
        """The profile proportional to the non-negative weights given (uniform where all are 0)."""
        s, _ = self._packed(Profile(check, raise_))
        return self._profile([self._normalised(i, s[i]) for i in (0, 1)])

    def _current(self, player: int) -> Pair:
        positive = self._buffers_of("positive", self.hands[player])
        for c in (0, 1):
            np.maximum(self.regret[player][c], 0.0, out=positive[c])
        return self._normalised(
            player, positive, self._buffers_of(f"current{player}", self.hands[player])
        )

    def current(self) -> Profile:
        """This iteration's strategy: regret matching on the positive regrets."""
        return self._profile([self._current(i) for i in (0, 1)])

    def _average(self) -> list[Pair]:
        return [self._normalised(i, self.total[i]) for i in (0, 1)]

    def average(self) -> Profile:
        """The weighted average strategy, the one that converges to an equilibrium."""
        return self._profile(self._average())

    # -- passes over the tree ----------------------------------------------------------------

    def _reach(self, player: int, s: Pair, name: str = "reach") -> Pair:
        """``player``'s own probability of reaching each node, per hand (chance not included)."""
        out = self._buffers_of(name, self.hands[player])
        out[0][0] = 1.0
        for _b, c, parents, children in self._steps:
            if c == player:  # it chose the bid: times its probability
                np.multiply(out[c][parents], s[1 - c][children], out=out[1 - c][children])
            else:
                out[1 - c][children] = out[c][parents]
        return out

    def _pass(
        self, player: int, s: list[Pair], give_up: list[Pair] | None = None, *, best: bool = False
    ) -> tuple[Pair, Pair]:
        """``player``'s counterfactual values against ``s``, node x hand: ``(node values, terminal
        values)``. A terminal value is, at the player's own nodes, its value of checking there,
        and at the other's, its value of the other's check there times that check's probability.
        With ``best=True`` the player takes its best action at each of its information sets
        instead of following ``s[player]``. The arrays returned are overwritten by the next pass.
        """
        p, q = player, 1 - player
        hp, hq = self.hands[p], self.hands[q]
        reach = self._reach(q, s[q])
        weighted = self._buffers_of("weighted", hq)
        np.negative(reach[p], out=weighted[p])  # p checks
        np.multiply(reach[q], s[q][q], out=weighted[q])  # q checks
        terminal = self._buffers_of("terminal", hp)
        terminal[0][0] = 0.0
        sign = self.sign[p]
        for b, c, _parents, children in self._steps:
            np.matmul(weighted[1 - c][children], sign[b], out=terminal[1 - c][children])
        if give_up is not None and give_up[q][q].any():
            terminal[q] += ((reach[q] * give_up[q][q]) @ self.deal[p]).astype(self.dtype)
        value = self._buffers_of("value", hp)
        scratch = self._buffer("scratch", 0, hp)
        if best:
            np.copyto(value[p], terminal[p])
            if p == 0:
                value[0][0] = -np.inf  # no check at the root
            np.copyto(value[q], terminal[q])
            for _b, c, parents, children in reversed(self._steps):
                below = value[1 - c][children]
                if c == p:
                    np.maximum(value[c][parents], below, out=value[c][parents])
                else:
                    value[c][parents] += below
            return value, terminal
        np.multiply(terminal[p], s[p][p], out=value[p])
        if give_up is not None and give_up[p][p].any():
            value[p] -= ((reach[p] @ self.deal[p]) * give_up[p][p]).astype(self.dtype)
        np.copyto(value[q], terminal[q])
        for _b, c, parents, children in reversed(self._steps):
            if c == p:  # its own bid: weighted by how often it makes it
                part = scratch[: children.stop - children.start]
                np.multiply(value[q][children], s[p][q][children], out=part)
                value[c][parents] += part
            else:
                value[c][parents] += value[p][children]
        return value, terminal

    def reach(self, profile: Profile, player: int) -> list[np.ndarray]:
        """``player``'s own probability of reaching each node, per hand (chance not included)."""
        s, _ = self._packed(profile)
        return self._by_depth(self._reach(player, s[player]))

    def values(
        self, player: int, profile: Profile, reach_other: object = None, *, best: bool = False
    ) -> list[np.ndarray]:
        """``player``'s counterfactual values per depth (node x hand) against ``profile``.

        With ``best=True`` the player best-responds (takes the best action at each of its
        information sets) instead of following ``profile``. (``reach_other`` is not used: the
        other player's reach is computed from ``profile``.)
        """
        s, give_up = self._packed(profile)
        value, _terminal = self._pass(player, s, give_up, best=best)
        return self._by_depth(value)

    def expected(self, profile: Profile) -> float:
        """Player 0's expected payoff when both follow ``profile``."""
        s, give_up = self._packed(profile)
        return self._value(0, s, give_up)

    def _value(
        self, player: int, s: list[Pair], give_up: list[Pair] | None = None, *, best: bool = False
    ) -> float:
        return float(self._pass(player, s, give_up, best=best)[0][0][0].sum(dtype=np.float64))

    def best_response_value(self, profile: Profile, player: int) -> float:
        """What ``player`` gets by best-responding to the other player's part of ``profile``."""
        s, give_up = self._packed(profile)
        return self._value(player, s, give_up, best=True)

    def best_response(self, profile: Profile, player: int) -> tuple[float, Profile]:
        """``player``'s value and a pure best response to the other player's part of ``profile``.

        The profile returned is ``profile`` with ``player``'s part replaced by the best response
        (ties go to the check, then to the lowest bid).
        """
        s, give_up = self._packed(profile)
        p, q = player, 1 - player
        value, terminal = self._pass(player, s, give_up, best=True)
        taken = terminal[p] >= value[p]  # the check, where it is best
        if p == 0:
            taken[0] = False
        check_reply: np.ndarray = taken.astype(self.dtype)
        bid_reply = np.zeros_like(s[p][q])
        for _b, c, parents, children in self._steps:
            if c == p:  # the lowest bid that is best, unless a check or lower bid was taken
                pick = ~taken[parents] & (value[q][children] >= value[p][parents])
                bid_reply[children] = pick
                taken[parents] |= pick
        reply = [check_reply, bid_reply] if p == 0 else [bid_reply, check_reply]
        s = [reply if i == p else s[i] for i in (0, 1)]
        out = self._profile(s)
        if profile.give_up is not None:
            out.give_up = [
                np.zeros_like(part) if d % 2 == player else part
                for d, part in enumerate(profile.give_up)
            ]
        return float(value[0][0].sum()), out

    def nash_conv(self, profile: Profile) -> float:
        """How much both players together could gain by best-responding (0 at an equilibrium)."""
        s, give_up = self._packed(profile)
        return sum(self._value(i, s, give_up, best=True) for i in (0, 1))

    def average_nash_conv(self) -> tuple[float, float]:
        """The NashConv and player 0's value of the average strategy (without building a
        :class:`Profile`: what a solve checks now and then)."""
        s = self._average()
        return sum(self._value(i, s, best=True) for i in (0, 1)), self._value(0, s)

    # -- the regret minimiser -----------------------------------------------------------------

    def iterate(self) -> None:
        """One iteration: player 0 updates, then player 1 (alternating updates)."""
        self.iterations = t = self.iterations + 1
        positive, negative = self.method.factors(t)
        weight = float(t) ** self.method.gamma
        s = [self._current(0), self._current(1)]
        for p in (0, 1):
            q = 1 - p
            if p == 1:
                s[0] = self._current(0)  # player 1 answers player 0's updated strategy
            value, terminal = self._pass(p, s)
            # A check's regret: its value minus the node's; a bid's: the child's value minus the
            # parent's (the parent is the node where the player chose it).
            regret = terminal
            np.subtract(terminal[p], value[p], out=regret[p])
            if p == 0:
                regret[0][0] = 0.0
            regret[q][0] = 0.0
            for _b, c, parents, children in self._steps:
                if c == p:
                    np.subtract(value[q][children], value[p][parents], out=regret[q][children])
            reach = self._reach(p, s[p], "own reach")
            scratch = self._buffer("scratch", 0, self.hands[p])
            for c in (0, 1):
                accumulated = self.regret[p][c]
                accumulated += regret[c]
                if self.method.beta is None:
                    np.maximum(accumulated, 0.0, out=accumulated)
                    if positive != 1.0:
                        accumulated *= positive
                else:
                    factor = scratch[: len(accumulated)]
                    np.greater_equal(accumulated, 0.0, out=factor)
                    factor *= positive - negative
                    factor += negative
                    accumulated *= factor
                contribution = reach[c]
                if c == p:
                    contribution *= s[p][p]  # the own reach is not needed again
                contribution *= weight
                self.total[p][c] += contribution
