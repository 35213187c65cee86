"""The shipped round of two cards against one, checked by a best response written apart.

The check reads the data file itself (no :class:`~kayalib.blef.cfr.Profile`, no solver pass),
deals real cards and asks the engine's own rule (:func:`kayalib.blef.bids.holds`) which bids are
true, and walks the bid sequences one by one, depth first: nothing is shared with the vectorised
passes of :mod:`kayalib.blef.cfr` but the definition of the game. OpenSpiel cannot take this
tree (262,144 public nodes x 126 rank deals is 33 million histories, past what an .efg file or
its Python games can walk in a test), so this is the independent check.
"""

from __future__ import annotations

import json
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import pytest

from kayalib.blef.actions import CHECK
from kayalib.blef.bids import LADDER, holds
from kayalib.blef.bots import CfrBot
from kayalib.blef.cards import RANKS, Card
from kayalib.blef.equilibrium import SHIPPED, TWO_AGAINST_ONE, solved
from kayalib.blef.game import BlefRules, BlefState
from kayalib.errors import ArgumentError

FILE = SHIPPED[(2, 1)].file
BIDS = [bid for bid in LADDER if bid.kind in ("high-card", "pair", "three")]
"""Every bid three cards can make true: high cards, pairs and threes (two pairs need four)."""
HANDS = [list(combinations_with_replacement(range(6), n)) for n in (2, 1)]


def deal_weight(first: tuple[int, ...], second: tuple[int, ...]) -> float:
    ways = 1
    for rank in range(6):
        a, b = first.count(rank), second.count(rank)
        ways *= comb(4, a) * comb(4 - a, b)
    return ways / (comb(24, 2) * comb(22, 1))


def cards(first: tuple[int, ...], second: tuple[int, ...]) -> list[Card]:
    used = [0] * 6
    out = []
    for rank in first + second:
        out.append(Card(rank, used[rank]))
        used[rank] += 1
    return out


@pytest.fixture(scope="module")
def game():
    data = json.loads(FILE.read_text(encoding="utf-8"))
    chance = np.array([[deal_weight(a, b) for b in HANDS[1]] for a in HANDS[0]])
    truth = np.array(
        [[[holds(bid, cards(a, b)) for b in HANDS[1]] for a in HANDS[0]] for bid in BIDS]
    )
    return data, chance, truth


def best_response(data, chance, truth, player: int) -> float:
    """``player``'s best-response value to the other's strategy in the file, by a walk."""
    strategy = data["strategy"]
    other = 1 - player
    names = [["".join(RANKS[r] for r in hand) for hand in HANDS[i]] for i in (0, 1)]
    # sign[b][own, opp]: +1 to the bidder of b if it is true, -1 if not
    deal = chance if player == 0 else chance.T
    sign = [2.0 * (t if player == 0 else t.T) - 1.0 for t in truth]

    def policy(history: list[str], top: int) -> np.ndarray:
        """The other player's probabilities, hand x action (the raises above ``top``, then the
        check); a position the file does not list plays every action alike."""
        actions = [str(bid) for bid in BIDS[top + 1 :]] + (["check"] if history else [])
        out = np.empty((len(names[other]), len(actions)))
        for h, name in enumerate(names[other]):
            row = strategy.get(f"{name}|{','.join(history)}")
            if row is None:
                out[h] = 1.0 / len(actions)
            else:
                out[h] = [row.get(a, 0.0) for a in actions]
                out[h] /= out[h].sum()
        return out

    def walk(history: list[str], top: int, weight: np.ndarray) -> np.ndarray:
        """Own value per own hand; ``weight[own, opp]`` is chance x the other's reach."""
        mover = len(history) % 2
        if mover == player:
            best = np.full(weight.shape[0], -np.inf)
            if history:  # checking: the other's last bid decides
                best = -(weight * sign[top]).sum(axis=1)
            for b in range(top + 1, len(BIDS)):
                best = np.maximum(best, walk([*history, str(BIDS[b])], b, weight))
            return best
        if not weight.any():
            return np.zeros(weight.shape[0])
        probabilities = policy(history, top)
        total = np.zeros(weight.shape[0])
        if history:
            total += (weight * probabilities[:, -1] * sign[top]).sum(axis=1)
        for k, b in enumerate(range(top + 1, len(BIDS))):
            moved = weight * probabilities[:, k]
            if moved.any():
                total += walk([*history, str(BIDS[b])], b, moved)
        return total

    return float(walk([], -1, deal.copy()).sum())


@pytest.mark.slow
def test_an_independent_best_response_finds_the_shipped_nash_conv(game) -> None:
    data, chance, truth = game
    first = best_response(data, chance, truth, 0)
    second = best_response(data, chance, truth, 1)
    assert first + second == pytest.approx(data["nash_conv"], abs=1e-9)
    assert data["nash_conv"] <= 1e-3
    # the first bidder's value lies between what it is sure of and what a reply concedes
    assert -second <= data["value"] <= first


def test_the_shipped_round_is_refused_when_its_figures_do_not_match() -> None:
    from kayalib.blef.equilibrium import Equilibrium

    data = json.loads(FILE.read_text(encoding="utf-8"))
    data["strategy"]["AA|"] = {"high-card 9": 1.0}  # a pair of aces opening on nines
    with pytest.raises(ArgumentError, match="not the"):
        Equilibrium.from_json(data)


def test_the_two_card_player_holds_the_advantage() -> None:
    eq = solved((2, 1))
    assert eq.nash_conv <= 1e-3
    assert 0.27 < eq.value < 0.28  # the first bidder, with two cards, wins 27.6% more rounds
    assert eq.round is not TWO_AGAINST_ONE and eq.round == TWO_AGAINST_ONE


@pytest.mark.parametrize("starter", [0, 1])
def test_the_bot_plays_the_shipped_strategy_in_that_round(starter: int) -> None:
    shipped = json.loads(FILE.read_text(encoding="utf-8"))["strategy"]
    rules = BlefRules(players=2)
    checked = 0
    for key, actions in list(shipped.items())[:: len(shipped) // 60]:
        letters, _, text = key.partition("|")
        history = [bid for bid in text.split(",") if bid]
        mine = tuple(RANKS.index(letter) for letter in letters)
        player = len(history) % 2
        other = next(h for h in HANDS[1 - player] if all((mine + h).count(r) <= 4 for r in h))
        first, second = (mine, other) if player == 0 else (other, mine)
        dealt = cards(first, second)
        hands = [None, None]
        hands[starter] = [str(c) for c in dealt[:2]]
        hands[1 - starter] = [str(c) for c in dealt[2:]]
        state = BlefState.from_position(rules, [" ".join(h) for h in hands], starter=starter)
        for bid in history:
            state = state.apply(bid)
        view = state.view(starter if player == 0 else 1 - starter)
        assert CfrBot.covers(view)
        policy = {str(a): p for a, p in CfrBot().policy(view).items()}
        assert policy == pytest.approx(actions, abs=1e-5), key  # rounded to 6 decimals
        checked += 1
    assert checked >= 60


def test_the_bot_checks_a_bid_three_cards_cannot_make_true() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS AH", "KD"], starter=0)
    state = state.apply("two-pair A K")
    assert CfrBot().policy(state.view(1)) == {CHECK: 1.0}
