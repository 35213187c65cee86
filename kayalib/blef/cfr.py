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

The nodes of depth ``d`` (``d`` bids made) are kept in one array, sorted by top bit and then by
parent. So the nodes with top bit ``b`` are one slice, and they are exactly the children of the
depth ``d - 1`` nodes whose top bit is below ``b``, which are a prefix of that depth's array, in the
same order. Every step below is a handful of numpy operations on such slices: the cost is in
the arithmetic, not in Python.

Each player ``i`` holds one of ``H[i]`` private hands. All arrays of a depth have one row per node
and one column per hand of the player they belong to. An information set is a (node, hand) pair
of the player to move at that node: a strategy gives, for each, the probability of checking
(``check[d]``, a row per node) and of each raise (``raise_[d]``, a row per *child* node, holding
the probability that the parent's mover made the bid that leads to it).

Counterfactual values use the chance matrix ``chance[h0, h1]`` (the probability of that deal)
and the opponent's reach; terminal payoffs are +1 to the winner of the check and -1 to the loser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["Profile", "PublicTree", "Solver", "combine"]


class PublicTree:
    """The nodes of a heads-up round with ``bids`` possible bids, depth by depth."""

    def __init__(self, bids: int) -> None:
        if not 1 <= bids <= 20:
            raise ValueError(f"a public tree needs 1 to 20 bids, not {bids}")
        self.bids = bids
        masks = [np.zeros(1, dtype=np.int64)]
        tops = [np.full(1, -1, dtype=np.int64)]
        parents: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
        blocks: list[list[tuple[int, int, int]]] = [[]]
        for _depth in range(1, bids + 1):
            above, above_tops = masks[-1], tops[-1]
            level_masks, level_parents, level_blocks = [], [], []
            at = 0
            for bid in range(bids):
                n = int(np.searchsorted(above_tops, bid))  # parents whose top bit is below `bid`
                if n == 0:
                    continue
                level_masks.append(above[:n] | (1 << bid))
                level_parents.append(np.arange(n))
                level_blocks.append((bid, at, at + n))
                at += n
            masks.append(np.concatenate(level_masks))
            tops.append(np.concatenate([np.full(hi - lo, b) for b, lo, hi in level_blocks]))
            parents.append(np.concatenate(level_parents))
            blocks.append(level_blocks)
        self.masks = masks
        """``masks[d]``: the bid masks of the depth-``d`` nodes."""
        self.tops = tops
        """``tops[d]``: each node's last bid (``-1`` at the root)."""
        self.parents = parents
        """``parents[d]``: each node's parent, as a row of depth ``d - 1``."""
        self.blocks = blocks
        """``blocks[d]``: ``(bid, lo, hi)``: rows ``lo:hi`` have top bit ``bid``; their parents are
        rows ``0:hi - lo`` of depth ``d - 1``."""
        self.actions = [(d > 0) + (bids - 1 - tops[d]).astype(np.float64) for d in range(bids + 1)]
        """``actions[d]``: how many actions the mover has at each node (a check and the raises)."""
        self._index: dict[int, tuple[int, int]] | None = None

    @property
    def depths(self) -> range:
        return range(self.bids + 1)

    @property
    def size(self) -> int:
        """The number of nodes, ``2 ** bids``."""
        return sum(len(level) for level in self.masks)

    def locate(self, mask: int) -> tuple[int, int]:
        """``(depth, row)`` of the node with bid mask ``mask``."""
        if self._index is None:
            self._index = {
                int(m): (d, row) for d in self.depths for row, m in enumerate(self.masks[d])
            }
        return self._index[mask]


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
        def dup(arrays):
            return None if arrays is None else [None if a is None else a.copy() for a in arrays]

        return Profile(dup(self.check), dup(self.raise_), dup(self.give_up))


def combine(first: Profile, second: Profile) -> Profile:
    """Player 0 playing ``first``'s part and player 1 playing ``second``'s part."""
    depths = range(len(first.check))

    def part(d: int, player_of_d: int) -> Profile:
        return first if player_of_d == 0 else second

    check = [part(d, d % 2).check[d] for d in depths]
    raise_ = [part(d, (d - 1) % 2).raise_[d] for d in depths]
    give_up = None
    if first.give_up is not None or second.give_up is not None:
        give_up = []
        for d in depths:
            source = part(d, d % 2)
            if source.give_up is not None:
                give_up.append(source.give_up[d])
            else:
                give_up.append(np.zeros_like(source.check[d] if d else source.raise_[1][:1]))
    return Profile(check, raise_, give_up)


class Solver:
    """CFR+ (regret matching+, alternating updates, linearly weighted average) on one round.

    ``chance[h0, h1]`` is the probability of the deal, ``truth[b, h0, h1]`` whether bid ``b`` is
    true for it.
    """

    def __init__(self, chance: np.ndarray, truth: np.ndarray) -> None:
        chance = np.asarray(chance, dtype=np.float64)
        truth = np.asarray(truth, dtype=np.float64)
        if truth.shape[1:] != chance.shape or not np.isclose(chance.sum(), 1.0):
            raise ValueError("chance must be a distribution over (hand 0, hand 1) like truth")
        self.tree = tree = PublicTree(truth.shape[0])
        self.hands = chance.shape
        self.chance = chance
        self.truth = truth
        # sign[i][b] (H_other x H_i): the deal weight times +1 where bid b is true, -1 where not,
        # seen from player i's side; a bid is worth sign to its bidder and -sign to the checker.
        signed = chance[None] * (2.0 * truth - 1.0)
        self.sign = [np.ascontiguousarray(signed.transpose(0, 2, 1)), np.ascontiguousarray(signed)]
        # deal[i] (H_other x H_i): the deal weights seen from player i's side.
        self.deal = [np.ascontiguousarray(chance.T), chance]
        self.regret_check = [self._zeros(d, d % 2) if d else None for d in tree.depths]
        self.regret_raise = [self._zeros(d, (d - 1) % 2) if d else None for d in tree.depths]
        self.total_check = [self._zeros(d, d % 2) if d else None for d in tree.depths]
        self.total_raise = [self._zeros(d, (d - 1) % 2) if d else None for d in tree.depths]
        self.iterations = 0

    def _zeros(self, depth: int, player: int) -> np.ndarray:
        return np.zeros((len(self.tree.masks[depth]), self.hands[player]))

    # -- strategies ------------------------------------------------------------------------

    def normalise(self, check: list[np.ndarray | None], raise_: list[np.ndarray | None]) -> Profile:
        """The profile proportional to the non-negative weights given (uniform where all are 0)."""
        tree = self.tree
        out_check: list[np.ndarray | None] = [None] * len(check)
        out_raise: list[np.ndarray | None] = [None] * len(raise_)
        for d in tree.depths:
            own = check[d] if d else None
            total = np.zeros((len(tree.masks[d]), self.hands[d % 2])) if own is None else own.copy()
            if d < tree.bids:
                child = raise_[d + 1]
                for _bid, lo, hi in tree.blocks[d + 1]:
                    total[: hi - lo] += child[lo:hi]
            empty = total <= 0.0
            scale = np.where(empty, 0.0, 1.0 / np.where(empty, 1.0, total))
            uniform = np.where(empty, 1.0 / tree.actions[d][:, None], 0.0)
            if own is not None:
                out_check[d] = own * scale + uniform
            if d < tree.bids:
                child = raise_[d + 1]
                parent = tree.parents[d + 1]
                out_raise[d + 1] = child * scale[parent] + uniform[parent]
        return Profile(out_check, out_raise)

    def current(self) -> Profile:
        """This iteration's strategy: regret matching on the (non-negative) regrets."""
        return self.normalise(self.regret_check, self.regret_raise)

    def average(self) -> Profile:
        """The weighted average strategy, the one that converges to an equilibrium."""
        return self.normalise(self.total_check, self.total_raise)

    # -- passes over the tree ----------------------------------------------------------------

    def reach(self, profile: Profile, player: int) -> list[np.ndarray]:
        """``player``'s own probability of reaching each node, per hand (chance not included)."""
        tree = self.tree
        out = [np.ones((1, self.hands[player]))]
        for d in range(1, tree.bids + 1):
            gathered = out[-1][tree.parents[d]]
            if (d - 1) % 2 == player:
                gathered = gathered * profile.raise_[d]
            out.append(gathered)
        return out

    def _terminal(
        self, player: int, profile: Profile, reach_other: list[np.ndarray], d: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """At depth ``d``: ``player``'s value of checking there itself (if it moves) and of the
        other player checking there (weighted by that check's probability), per node and hand."""
        mover = d % 2
        other = reach_other[d]
        if mover != player:
            other = other * profile.check[d]
        value = np.empty((other.shape[0], self.hands[player]))
        sign = self.sign[player]
        for bid, lo, hi in self.tree.blocks[d]:
            np.matmul(other[lo:hi], sign[bid], out=value[lo:hi])
        if mover == player:
            np.negative(value, out=value)  # the checker wins exactly when the bid is false
        return value, mover

    def values(
        self,
        player: int,
        profile: Profile,
        reach_other: list[np.ndarray],
        *,
        best: bool = False,
        regrets: Callable[[int, np.ndarray, np.ndarray, np.ndarray], None] | None = None,
    ) -> list[np.ndarray]:
        """``player``'s counterfactual values per depth (node x hand) against ``profile``.

        With ``best=True`` the player best-responds (takes the best action at each of its
        information sets) instead of following ``profile``. ``regrets(d, check_value,
        raise_values, node_value)``, when given, is called at each depth where ``player`` moves.
        """
        tree = self.tree
        below: np.ndarray | None = None
        out: list[np.ndarray] = [np.empty(0)] * (tree.bids + 1)
        for d in range(tree.bids, -1, -1):
            rows = len(tree.masks[d])
            if d:
                terminal, mover = self._terminal(player, profile, reach_other, d)
            else:
                terminal, mover = np.zeros((1, self.hands[player])), 0
            give_up = profile.give_up[d] if profile.give_up is not None else None
            if give_up is not None and give_up.any():
                # A bid that cannot be true is checked: its bidder loses 1.
                if mover == player:
                    if not best:
                        terminal_give_up = -(reach_other[d] @ self.deal[player]) * give_up
                else:
                    terminal = terminal + (reach_other[d] * give_up) @ self.deal[player]
            else:
                give_up = None
            if mover == player:
                if best:
                    value = terminal if d else np.full((rows, self.hands[player]), -np.inf)
                    value = value.copy()
                    if below is not None:
                        for _bid, lo, hi in tree.blocks[d + 1]:
                            np.maximum(value[: hi - lo], below[lo:hi], out=value[: hi - lo])
                else:
                    value = terminal * profile.check[d] if d else np.zeros_like(terminal)
                    if give_up is not None:
                        value += terminal_give_up
                    if below is not None:
                        weighted = below * profile.raise_[d + 1]
                        for _bid, lo, hi in tree.blocks[d + 1]:
                            value[: hi - lo] += weighted[lo:hi]
                    if regrets is not None:
                        regrets(d, terminal, below, value)
            else:
                value = terminal
                if below is not None:
                    for _bid, lo, hi in tree.blocks[d + 1]:
                        value[: hi - lo] += below[lo:hi]
            out[d] = value
            below = value
        return out

    def expected(self, profile: Profile) -> float:
        """Player 0's expected payoff when both follow ``profile``."""
        reach1 = self.reach(profile, 1)
        return float(self.values(0, profile, reach1)[0].sum())

    def best_response_value(self, profile: Profile, player: int) -> float:
        """What ``player`` gets by best-responding to the other player's part of ``profile``."""
        other = self.reach(profile, 1 - player)
        return float(self.values(player, profile, other, best=True)[0].sum())

    def best_response(self, profile: Profile, player: int) -> tuple[float, Profile]:
        """``player``'s value and a pure best response to the other player's part of ``profile``.

        The profile returned is ``profile`` with ``player``'s part replaced by the best response
        (ties go to the check, then to the lowest bid).
        """
        tree = self.tree
        other = self.reach(profile, 1 - player)
        values = self.values(player, profile, other, best=True)
        reply = profile.copy()
        if reply.give_up is not None:
            for d in tree.depths:
                if d % 2 == player:
                    reply.give_up[d] = np.zeros_like(reply.give_up[d])
        for d in tree.depths:
            if d % 2 != player:
                continue
            best = values[d]
            taken = np.zeros(best.shape, dtype=bool)
            if d:
                terminal, _mover = self._terminal(player, profile, other, d)
                taken = terminal >= best
                reply.check[d] = taken.astype(np.float64)
            if d < tree.bids:
                child = values[d + 1]
                chosen = np.zeros(child.shape)
                for _bid, lo, hi in tree.blocks[d + 1]:
                    n = hi - lo
                    pick = ~taken[:n] & (child[lo:hi] >= best[:n])
                    chosen[lo:hi] = pick
                    taken[:n] |= pick
                reply.raise_[d + 1] = chosen
        return float(values[0].sum()), reply

    def nash_conv(self, profile: Profile) -> float:
        """How much both players together could gain by best-responding (0 at an equilibrium)."""
        return self.best_response_value(profile, 0) + self.best_response_value(profile, 1)

    # -- CFR+ ------------------------------------------------------------------------------

    def iterate(self) -> None:
        """One CFR+ iteration: player 0 updates, then player 1 (alternating updates)."""
        self.iterations += 1
        weight = float(self.iterations)
        tree = self.tree
        for player in (0, 1):
            profile = self.current()
            reach_other = self.reach(profile, 1 - player)
            own = self.reach(profile, player)

            def update(d, check_value, raise_values, node_value, own=own, profile=profile):
                parent = tree.parents[d + 1] if d < tree.bids else None
                if d:
                    regret = self.regret_check[d]
                    regret += check_value - node_value
                    np.maximum(regret, 0.0, out=regret)
                    self.total_check[d] += weight * own[d] * profile.check[d]
                if parent is not None:
                    regret = self.regret_raise[d + 1]
                    regret += raise_values - node_value[parent]
                    np.maximum(regret, 0.0, out=regret)
                    self.total_raise[d + 1] += weight * own[d][parent] * profile.raise_[d + 1]

            self.values(player, profile, reach_other, regrets=update)
