"""Strategies of the heads-up Blef round as tables: a bot's strategy, every information set,
and how often each hand checks, raises honestly or bluffs (what a lesson shows).

>>> from kayalib.blef.equilibrium import solved
>>> opening = [s for s in situations(solved()) if s.last is None]
>>> [round(s.bluff, 3) for s in opening]     # 9, 10, J, Q, K, A: how often the opening is a bluff
[1.0, 0.611, 0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from kayalib.blef.actions import CHECK, Action
from kayalib.blef.bids import Bid
from kayalib.blef.cfr import Profile, at_depth
from kayalib.blef.equilibrium import (
    HEADS_UP,
    Equilibrium,
    Hand,
    HeadsUpRound,
    actions_at,
    deal_cards,
)

if TYPE_CHECKING:
    from kayalib.blef.view import BlefView
    from kayalib.engine import Policy

__all__ = ["InformationSet", "Situation", "situations", "strategy_of", "strategy_table"]


InformationSet = tuple[int, Hand, tuple[Bid, ...]]
"""``(player, hand, bids so far)``: what the player to move knows."""


def strategy_table(
    profile: Profile, round_: HeadsUpRound = HEADS_UP
) -> dict[InformationSet, dict[Action, float]]:
    """Every information set of ``round_`` with the actions ``profile`` takes there.

    Where ``profile`` gives no action at all (a bot's strategy at a position its own play never
    reaches), every action of the round is equally likely. A strategy's bids that cannot be true
    (see :func:`strategy_of`) are not in the table.
    """
    solver = round_.solver()
    tree = solver.tree
    table: dict[InformationSet, dict[Action, float]] = {}
    for d in tree.depths:
        player = d % 2
        for row, mask in enumerate(tree.masks[d].tolist()):
            bids = tuple(bid for b, bid in enumerate(round_.bids) if mask >> b & 1)
            for h, hand in enumerate(round_.hands[player]):
                actions = actions_at(round_, solver, profile, d, row, h)
                if not actions:
                    legal: list[Action] = [
                        bid for b, bid in enumerate(round_.bids) if b > mask.bit_length() - 1
                    ]
                    legal += [CHECK] if d else []
                    actions = dict.fromkeys(legal, 1.0 / len(legal))
                table[(player, hand, bids)] = actions
    return table


@dataclass(frozen=True)
class Situation:
    """How a player plays with one hand facing one last bid, over all the ways to get there.

    ``reach`` is the probability that a round comes to this (chance and both players' play
    included); ``actions`` the probability of each action there, averaged over the bid
    sequences that end in ``last`` (weighted by how often each happens).
    """

    player: int
    hand: Hand
    last: Bid | None
    reach: float
    actions: dict[Action, float]

    @property
    def check(self) -> float:
        """The probability of checking."""
        return self.actions.get(CHECK, 0.0)

    @property
    def honest(self) -> float:
        """The probability of a raise on a rank the player holds."""
        bids = ((a, p) for a, p in self.actions.items() if isinstance(a, Bid))
        return sum((p for a, p in bids if a.params[0] in self.hand), 0.0)

    @property
    def bluff(self) -> float:
        """The probability of a bluff: a raise on a rank the player does not hold."""
        bids = ((a, p) for a, p in self.actions.items() if isinstance(a, Bid))
        return sum((p for a, p in bids if a.params[0] not in self.hand), 0.0)


def situations(solution: Equilibrium) -> list[Situation]:
    """Every (player, hand, last bid) that equilibrium play reaches, lowest last bid first."""
    solver, profile, round_ = solution.solver, solution.profile, solution.round
    tree = solver.tree
    reach = [solver.reach(profile, player) for player in (0, 1)]
    weights: dict[tuple[int, int, int], float] = {}
    sums: dict[tuple[int, int, int], dict[Action, float]] = {}
    for d in tree.depths:
        player = d % 2
        # P(reach this information set) = own reach x sum over the other's hands of deal x reach.
        seen = reach[player][d] * (reach[1 - player][d] @ solver.deal[player])
        for bid, lo, hi in tree.blocks[d] if d else [(-1, 0, 1)]:
            for h in range(solver.hands[player]):
                w = seen[lo:hi, h]
                total = float(w.sum())
                if total <= 0:
                    continue
                key = (player, h, bid)
                weights[key] = weights.get(key, 0.0) + total
                acc = sums.setdefault(key, {})
                for row in np.nonzero(w)[0].tolist():
                    for action, p in solution._at(d, lo + row, h).items():
                        acc[action] = acc.get(action, 0.0) + float(w[row]) * p
    out = []
    for (player, h, bid), total in sorted(weights.items(), key=lambda item: item[0][2]):
        actions = {a: v / total for a, v in sums[(player, h, bid)].items()}
        last = None if bid < 0 else round_.bids[bid]
        out.append(Situation(player, round_.hands[player][h], last, total, actions))
    return out


def strategy_of(bot: Policy[BlefView, Action], round_: HeadsUpRound = HEADS_UP) -> Profile:
    """The strategy a bot plays in ``round_``, in both seats, read from its exact ``policy``.

    The bot is shown the views of a real two-player game (``BlefState.from_position``) for every
    hand
    and every sequence of the round's bids that its own play can lead to. A bid of the bot that
    cannot be true counts as giving the round away (the reply checks it). What the bot would do
    after an opponent's bid that cannot be true is not asked: those bids are not in the round.
    """
    from kayalib.blef.game import BlefRules, BlefState

    solver = round_.solver()
    tree = solver.tree
    check = [solver._zeros(d, d % 2) if d else None for d in tree.depths]
    raise_ = [solver._zeros(d, (d - 1) % 2) if d else None for d in tree.depths]
    give_up = [solver._zeros(d, d % 2) for d in tree.depths]
    position = {bid: b for b, bid in enumerate(round_.bids)}
    rules = BlefRules(players=2)
    for player in (0, 1):
        other = 1 - player
        for h, hand in enumerate(round_.hands[player]):
            filler = next(o for o in round_.hands[other] if len(deal_cards(hand, o)) == 2)
            pair = (hand, filler) if player == 0 else (filler, hand)
            start = BlefState.from_position(rules, list(deal_cards(*pair)), starter=0)
            stack = [(start, 0)]
            while stack:
                state, mask = stack.pop()
                depth, row = tree.locate(mask)
                top = mask.bit_length() - 1
                if depth % 2 != player:
                    for b in range(top + 1, tree.bids):
                        stack.append((state.apply(round_.bids[b]), mask | 1 << b))
                    continue
                for action, p in bot.policy(state.view(player)).items():
                    if action == CHECK:
                        at_depth(check, depth)[row, h] = p
                    elif action in position:
                        child = mask | 1 << position[action]
                        at_depth(raise_, depth + 1)[tree.locate(child)[1], h] = p
                        stack.append((state.apply(action), child))
                    else:
                        give_up[depth][row, h] += p
    return Profile(check, raise_, give_up)
