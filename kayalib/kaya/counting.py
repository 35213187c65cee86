"""Card counting for Aku Paling Kaya: what a face-down card can be, and what a challenge is worth.

The model a student can follow
------------------------------
Every colour has the numbers 1-9. A card of an opponent's colour that has been seen face up and
now lies in a public place (a bonus pile, the face-up discard) cannot be anywhere else. The other
numbers of that colour are *unseen*: they are in the opponent's hand, on the table face down, or in
the face-down discard, and from the outside every way of spreading them over those places looks
the same. So:

* an opponent's face-down table card is a **uniform draw from their unseen numbers**;
* a card taken at random from their hand, given the table card, is a uniform draw from the unseen
  numbers without the table card;
* the opponents' cards are independent of each other (they are different colours).

One thing more can be counted: a card everybody saw go back into a hand (a green 3 taken back) is
*known* to be in that hand until its owner plays again. The card then played is a uniform draw from
the hand: the known card with chance 1 in (cards in hand), the other unseen numbers sharing the
rest evenly, and the known card stays in the hand if it was not the one played. A ``Target``'s
``known`` numbers say this; after a later play that is not revealed the model forgets them (the
known card may then be in the face-down discard). A player may also be seen to favour the known
card: ``share``, when given, is the chance that the card played is a known one (the others
still uniform), as the ``counter`` bot estimates it from what it saw (:func:`replay_share`).

Within this model every probability and every expected value below is exact (ask for
``exact=True`` to get :class:`fractions.Fraction` values). Real players do not choose their
table card at random, which is exactly what a lesson can discuss.

Who wins a showdown (RULES.md, game 1): the highest number. A tie goes to the challenger C when C
is tied (one-on-one *and* multi-target); a tie between targets only goes to the first of them in
seat order after C. So C wins exactly when its number is at least every target's number.

What a challenge is worth (:func:`challenge_value`, :func:`defence_value`): the expected change
of every involved seat's points (numbers in hand plus bonus coins, yellow 1-3 negative), passing
being 0. A card on the table scores nothing, so a discarded showdown card costs nothing; a
one-on-one loser's card goes to the winner's bonus pile; a winning orange 4 is kept; each loser
gives a hand card (at random, blue 7-9 back to their owner's bonus pile; to a pink 5/6 winner
the lowest-numbered card worth at least 2 coins). The challenger knows its own hand exactly;
an opponent's hand is a uniform draw of its size from its unseen numbers without its table card.
``ChallengeValue.gain`` weighs one's own change against the mean change of the others.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache, partial
from math import comb
from typing import Literal, overload

from kayalib.errors import ArgumentError
from kayalib.kaya.cards import Color, card
from kayalib.kaya.rules import KayaRules

NUMBERS: tuple[int, ...] = tuple(range(1, 10))

Number = float | Fraction


# ---------------------------------------------------------------------------------------------
# Colour profiles: the only facts about a colour the counting needs.


@dataclass(frozen=True, eq=False, init=False)
class Profile:
    """What a colour's cards do: coins as bonus cards and the colour's powers.

    ``coins[n]`` is the coin value of number ``n`` as a bonus card (index 0 unused; yellow 1-3
    negative). ``returns_to_owner``: numbers that go to their owner's own bonus pile when taken at
    random (blue 7-9). ``forces_give``: numbers that, winning a challenge, make each loser give a
    card of at least 2 coins (pink 5, 6). ``keeps_on_win``: numbers their owner keeps as a bonus
    card after winning (orange 4). ``givable``: numbers a loser may give a pink winner (coin value
    at least 2; read from ``coins`` when not given). Profiles compare by identity, as they key
    the caches; :func:`profile_for` gives one shared profile per rules and colour.
    """

    coins: tuple[int, ...]
    returns_to_owner: frozenset[int]
    forces_give: frozenset[int]
    keeps_on_win: frozenset[int]
    givable: frozenset[int]

    def __init__(
        self,
        coins: tuple[int, ...],
        returns_to_owner: frozenset[int] = frozenset(),
        forces_give: frozenset[int] = frozenset(),
        keeps_on_win: frozenset[int] = frozenset(),
        givable: frozenset[int] | None = None,
    ) -> None:
        if givable is None:
            givable = frozenset(n for n in NUMBERS if coins[n] >= 2)
        for name, value in (("coins", coins), ("returns_to_owner", returns_to_owner),
                            ("forces_give", forces_give), ("keeps_on_win", keeps_on_win),
                            ("givable", givable)):  # fmt: skip
            object.__setattr__(self, name, value)


# ---------------------------------------------------------------------------------------------
# Plain combinatorics on sets of numbers.


def unseen_numbers(seen: Iterable[int]) -> tuple[int, ...]:
    """The numbers 1-9 not in ``seen`` (the face-up cards of one colour), ascending.

    >>> unseen_numbers([1, 9, 4])
    (2, 3, 5, 6, 7, 8)
    """
    gone = set(seen)
    return tuple(n for n in NUMBERS if n not in gone)


def _mask(numbers: Iterable[int]) -> int:
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


@cache
def _members(mask: int) -> tuple[int, ...]:
    return tuple(n for n in NUMBERS if mask >> n & 1)


#: A face-down card's chances as whole numbers ``(weights, at_most)`` (see :func:`_draw`).
Draw = tuple[tuple[int, ...], tuple[int, ...]]


@cache
def _draw(mask: int, known: int = 0, hand_size: int = 0, share: Fraction | None = None) -> Draw:
    """A face-down card's chances as whole numbers ``(weights, at_most)``: the card is ``n``
    with probability ``weights[n] / at_most[9]`` and at most ``v`` with ``at_most[v] /
    at_most[9]``. Uniform on the unseen numbers ``mask``, unless the ``known`` numbers were in
    the hand of ``hand_size + 1`` cards it was played from; ``share``: the chance that the card
    is one of them, when it is not 1 in (cards in hand) each (see the module's docstring).
    """
    members = _members(mask)
    if not members:
        raise ArgumentError("a target with a face-down card has at least one unseen number")
    if known & ~mask:
        raise ArgumentError("a card known to be in a hand is one of its unseen numbers")
    k = known.bit_count()
    others = len(members) - k
    if k > hand_size + 1 or (k and hand_size + 1 - k > others):
        raise ArgumentError("the known cards and the others must fit the hand played from")
    if share is not None and not 0 <= share <= 1:
        raise ArgumentError(f"the share of the known cards is a probability, not {share}")
    weights = [0] * 10
    for n in members:
        if not k or not others:
            weights[n] = 1
        elif share is None:  # known: 1 / h each; the others share (h - k) / h: over h * others
            weights[n] = others if known >> n & 1 else hand_size + 1 - k
        else:  # known: share / k each; the others share 1 - share: over k * others * denominator
            a, b = share.numerator, share.denominator
            weights[n] = a * others if known >> n & 1 else (b - a) * k
    at_most = [0] * 10
    for v in range(1, 10):
        at_most[v] = at_most[v - 1] + weights[v]
    return tuple(weights), tuple(at_most)


def _target_draw(target: Collection[int] | Target) -> Draw:
    if isinstance(target, Target):
        return _draw(_mask(target.unseen), _mask(target.known), target.hand_size, target.share)
    return _draw(_mask(target))


def replay_share(
    replayed: int, watched: int, hand_size: int, known: int = 1, prior: int = 1
) -> Fraction:
    """The chance that a player plays one of ``known`` cards known to be in its hand of
    ``hand_size + 1`` cards, when of the cards it played with a card known in hand and then
    showed, ``replayed`` of ``watched`` were a known one: the share seen, after ``prior`` plays
    of a player who picks a card at random (``known`` in ``hand_size + 1``; the mean of a Beta
    prior worth ``prior`` plays).

    >>> replay_share(0, 0, 3), replay_share(2, 2, 3)   # nothing seen yet; two replays in two
    (Fraction(1, 4), Fraction(3, 4))
    """
    cards = hand_size + 1
    if not 0 <= replayed <= watched or not 0 < known <= cards or prior <= 0:
        raise ArgumentError(
            "replays are counted among the plays watched, known cards fit the hand, a prior > 0"
        )
    return Fraction(replayed * cards + prior * known, cards * (watched + prior))


@overload
def win_probability(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: Literal[False] = False
) -> float: ...
@overload
def win_probability(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: Literal[True]
) -> Fraction: ...
@overload
def win_probability(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: bool
) -> Number: ...
def win_probability(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: bool = False
) -> Number:
    """Probability that a challenger holding ``own`` wins against every target.

    A target is its unseen numbers (its card a uniform draw from them) or a :class:`Target`
    (which may know a card in its hand); C wins when ``own`` is at least every target's card
    (ties go to C).

    >>> win_probability(5, [{3, 5, 7, 9}], exact=True)
    Fraction(1, 2)
    >>> win_probability(5, [{3, 5, 7, 9}, {1, 6}], exact=True)
    Fraction(1, 4)

    A green 3 went back into a hand of two cards and the hand plays one: it is the 3 half the
    time, and otherwise one of the other unseen numbers.

    >>> plain = Profile(coins=(0, 1, 1, 1, 2, 2, 2, 3, 3, 3))
    >>> win_probability(3, [Target(0, (3, 7, 8, 9), 1, plain, known=(3,))], exact=True)
    Fraction(1, 2)
    """
    p = Fraction(1)
    for target in targets:
        _weights, at_most = _target_draw(target)
        p *= Fraction(at_most[own], at_most[9])
    return p if exact else float(p)


@overload
def showdown_odds(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: Literal[False] = False
) -> tuple[float, ...]: ...
@overload
def showdown_odds(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: Literal[True]
) -> tuple[Fraction, ...]: ...
@overload
def showdown_odds(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: bool
) -> tuple[Number, ...]: ...
def showdown_odds(
    own: int, targets: Sequence[Collection[int] | Target], *, exact: bool = False
) -> tuple[Number, ...]:
    """Who wins the showdown: ``(P(C wins), P(target 0 wins), P(target 1 wins), ...)``.

    ``targets`` are the unseen numbers of each target (or a :class:`Target`), **in seat order
    after C** (that order breaks ties between targets when C is not tied).

    >>> showdown_odds(2, [{3}, {3}], exact=True)
    (Fraction(0, 1), Fraction(1, 1), Fraction(0, 1))
    """
    draws = [_target_draw(t) for t in targets]
    dist = _winner_distribution(own, draws)
    out = [dist[0][1]]
    for i in range(len(draws)):
        out.append(sum((p for (w, _v), p in dist if w == i), Fraction(0)))
    return tuple(out) if exact else tuple(float(p) for p in out)


def _winner_distribution(
    own: int, draws: Sequence[Draw], exact: bool = True
) -> list[tuple[tuple[int, int], Number]]:
    """``[((winner, number), probability), ...]``; winner -1 is C (first entry, number = own).

    Target ``i`` wins with ``v > own`` when its card is ``v``, every target before it in seat
    order (after C) has less than ``v`` and every target after it at most ``v``. ``draws``:
    each target's :func:`_draw`.
    """
    one: Number = Fraction(1) if exact else 1.0
    p_c = one
    for _weights, at_most in draws:
        p_c = p_c * at_most[own] / at_most[9]
    dist: list[tuple[tuple[int, int], Number]] = [((-1, own), p_c)]
    k = len(draws)
    for i, (weights, at_most) in enumerate(draws):
        for v in range(own + 1, 10):
            w = weights[v]
            if not w:
                continue
            p = one * w / at_most[9]
            for j in range(k):
                if j != i:
                    c = draws[j][1][v - 1 if j < i else v]
                    if not c:
                        p = 0
                        break
                    p = p * c / draws[j][1][9]
            if p:
                dist.append(((i, v), p))
    return dist


# ---------------------------------------------------------------------------------------------
# Expected points of a challenge.


@dataclass(frozen=True)
class Target:
    """A challenged player as a card counter sees them."""

    seat: int
    unseen: tuple[int, ...]
    hand_size: int
    profile: Profile
    #: unseen numbers known to have been in the hand its face-down card was played from
    known: tuple[int, ...] = ()
    #: the chance that the card played is a known one (None: 1 in hand size + 1 each)
    share: Fraction | None = None


#: A target as a plain tuple ``(seat, unseen numbers, hand size, profile, known numbers,
#: share of the known numbers)``.
PlainTarget = tuple[int, tuple[int, ...], int, Profile, tuple[int, ...], Fraction | None]


def _plain(t: Target) -> PlainTarget:
    return (t.seat, tuple(t.unseen), t.hand_size, t.profile, tuple(t.known), t.share)


def _clipped(t: PlainTarget) -> PlainTarget:
    """``t`` with its hand size as 0 or 1, where only that matters (no known card, no pink)."""
    return t if t[4] else (t[0], t[1], 1 if t[2] else 0, t[3], (), None)


@dataclass(frozen=True)
class ChallengeValue:
    """The odds and the expected change of every involved seat's points (passing changes none)."""

    win_probability: Number
    deltas: dict[int, Number]

    def gain(self, seat: int, players: int) -> Number:
        """``seat``'s expected points change minus the mean change of the other players."""
        own = self.deltas.get(seat, 0)
        others = sum(v for s, v in self.deltas.items() if s != seat)
        return own - others / (players - 1)


@cache
def _table_coin(draw: Draw, bound: int, profile: Profile) -> Fraction:
    """E[coins of the table card | it is <= bound], the card a one-on-one winner receives."""
    weights, at_most = draw
    if not at_most[bound]:
        return Fraction(0)
    coins = sum(weights[n] * profile.coins[n] for n in range(1, bound + 1))
    return Fraction(coins, at_most[bound])


def _give_one(y: int, profile: Profile, chosen: bool) -> tuple[int, int]:
    """(giver's points change, receiver's points change) when hand card ``y`` is given."""
    if not chosen and y in profile.returns_to_owner:
        return profile.coins[y] - y, 0
    return -y, profile.coins[y]


@cache
def _hidden_give(
    mask: int,
    known: int,
    share: Fraction | None,
    bound: int,
    hand_size: int,
    forced: bool,
    profile: Profile,
) -> tuple[Fraction, Fraction]:
    """Expected (giver change, receiver change) of the hand card an unseen loser gives.

    The loser's table card X is drawn as :func:`_draw` says, given that it is <= ``bound``; its
    hand holds the ``known`` numbers but X, and the rest of its ``hand_size`` cards are a uniform
    subset of the other unseen numbers. Unforced: one hand card at random (blue 7-9 go back to
    their owner's bonus pile). Forced by a pink win: the loser gives its lowest-numbered card
    worth at least 2 coins, or a random card if it has none.
    """
    weights, at_most = _draw(mask, known, hand_size, share)
    if hand_size == 0 or not at_most[bound]:
        return Fraction(0), Fraction(0)
    giver = receiver = Fraction(0)
    for x in range(1, bound + 1):
        if not weights[x]:
            continue
        sure = tuple(n for n in _members(known) if n != x)
        rest = tuple(n for n in _members(mask & ~known) if n != x)
        g, r = _give_from_random_hand(rest, hand_size, forced, profile, sure)
        giver += weights[x] * g
        receiver += weights[x] * r
    return giver / at_most[bound], receiver / at_most[bound]


@cache
def _give_from_random_hand(
    rest: tuple[int, ...],
    hand_size: int,
    forced: bool,
    profile: Profile,
    sure: tuple[int, ...] = (),
) -> tuple[Fraction, Fraction]:
    """Expected (giver, receiver) change; the hand is the ``sure`` numbers and a uniform subset
    of ``rest``, ``hand_size`` cards in all."""
    size = len(rest)
    h = min(hand_size - len(sure), size)  # cards drawn from rest
    cards = len(sure) + h
    if cards <= 0:
        return Fraction(0), Fraction(0)

    def at_random(pool: Sequence[int]) -> tuple[Fraction, Fraction]:
        # a random card of the sure ones and h of pool (each pool card in hand h/len(pool))
        g = Fraction(sum(_give_one(y, profile, False)[0] for y in sure))
        r = Fraction(sum(_give_one(y, profile, False)[1] for y in sure))
        if h:
            g += Fraction(h * sum(_give_one(y, profile, False)[0] for y in pool), len(pool))
            r += Fraction(h * sum(_give_one(y, profile, False)[1] for y in pool), len(pool))
        return g / cards, r / cards

    if not forced:
        return at_random(rest)
    givable = profile.givable
    eligible = [y for y in rest if y in givable]
    plain = [y for y in rest if y not in givable]
    lowest_sure = min((y for y in sure if y in givable), default=10)
    total = comb(size, h)
    giver = receiver = Fraction(0)
    # The lowest eligible card drawn is eligible[i] when eligible[:i] are out and it is in.
    # The numbers are distinct, so "lowest number" is well defined; the other cards drawn are
    # any h-1 of the size-i-1 numbers left. A sure eligible card below it is given instead.
    left = Fraction(1)
    for i, y in enumerate(eligible):
        if y > lowest_sure:
            break
        p = Fraction(comb(size - i - 1, h - 1), total) if h else Fraction(0)
        if p:
            g, r = _give_one(y, profile, True)
            giver += p * g
            receiver += p * r
            left -= p
    if lowest_sure < 10:
        g, r = _give_one(lowest_sure, profile, True)
        return giver + left * g, receiver + left * r
    p_none = Fraction(comb(len(plain), h), total)
    if p_none and (plain or not h):
        g_none, r_none = at_random(plain)
        giver += p_none * g_none
        receiver += p_none * r_none
    return giver, receiver


@cache
def known_give(hand: tuple[int, ...], forced: bool, profile: Profile) -> tuple[Fraction, Fraction]:
    """Expected (giver, receiver) change when a player who knows its own ``hand`` loses.

    Unforced: a card at random. Forced by a pink win: the cheapest card worth at least 2 coins
    (lowest number, the choice the ``counter`` bot makes), or a random card if there is none.
    """
    if not hand:
        return Fraction(0), Fraction(0)
    if forced:
        eligible = [y for y in hand if y in profile.givable]
        if eligible:
            g, r = _give_one(min(eligible), profile, True)
            return Fraction(g), Fraction(r)
    g = sum(_give_one(y, profile, False)[0] for y in hand)
    r = sum(_give_one(y, profile, False)[1] for y in hand)
    return Fraction(g, len(hand)), Fraction(r, len(hand))


@cache
def _float_pair(compute: Callable[..., tuple[Fraction, Fraction]],
                *args: Hashable) -> tuple[float, float]:  # fmt: skip
    """``compute(*args)`` (an exact pair of changes) as floats, computed once."""
    g, r = compute(*args)
    return float(g), float(r)


Pair = Callable[..., tuple[Number, Number]]


def _numbers(exact: bool, compute: Callable[..., tuple[Fraction, Fraction]]) -> Pair:
    """``compute`` itself (exact), or the same computation as floats, each float pair computed
    once from the exact one (the bots' fast path)."""
    return compute if exact else partial(_float_pair, compute)


def _own_give(hand: tuple[int, ...], profile: Profile, p_forced: Number, p_random: Number,
              give: Pair) -> tuple[Number, Number]:  # fmt: skip
    """Expected (loser, winner) change from the hand card a loser who knows its ``hand`` gives,
    when it loses to a card that forces the give with chance ``p_forced`` and to another with
    chance ``p_random`` (``give``: :func:`known_give`, exact or as floats)."""
    loser: Number = 0 * p_forced
    winner: Number = loser
    if p_forced:
        g, r = give(hand, True, profile)
        loser, winner = p_forced * g, p_forced * r
    if p_random:
        g, r = give(hand, False, profile)
        loser, winner = loser + p_random * g, winner + p_random * r
    return loser, winner


_FLOAT_KNOWN_GIVE: Pair = partial(_float_pair, known_give)
""":func:`known_give` as floats (the bots' inner loop)."""


def challenge_value(
    seat: int,
    own: int,
    hand: Sequence[int],
    profile: Profile,
    targets: Sequence[Target],
    *,
    exact: bool = False,
) -> ChallengeValue:
    """Odds and expected points changes of a challenge by ``seat`` holding ``own`` face down.

    ``hand`` is the challenger's own hand (it knows it); ``targets`` are in seat order after the
    challenger. One target: the loser's card goes to the winner's bonus pile; two or more: all
    showdown cards are discarded. The winner's card is discarded (it scored nothing on the table)
    unless it is kept (orange 4, always kept in this model). Every loser gives the winner one hand
    card (see :func:`known_give` and :func:`_hidden_give` for how the card is chosen).

    >>> plain = Profile(coins=(0, 1, 1, 1, 2, 2, 2, 3, 3, 3))
    >>> v = challenge_value(0, 9, [5], plain, [Target(1, (1, 2), 1, plain)], exact=True)
    >>> v.win_probability, v.deltas
    (Fraction(1, 1), {0: Fraction(2, 1), 1: Fraction(-3, 2)})
    """
    plain = tuple(_plain(t) for t in targets)
    p_win, base, losses = _challenge_core(seat, own, profile, plain, exact)
    deltas = dict(base)
    hand = tuple(sorted(hand))
    give = _numbers(exact, known_give)
    for winner, p_forced, p_random in losses:
        g, r = _own_give(hand, profile, p_forced, p_random, give)
        deltas[seat] += g
        deltas[winner] += r
    return ChallengeValue(p_win, deltas)


@lru_cache(maxsize=1 << 16)
def _challenge_core(
    seat: int, own: int, profile: Profile, plain: tuple[PlainTarget, ...], exact: bool
) -> tuple[Number, dict[int, Number], tuple[tuple[int, Number, Number], ...]]:
    """Everything of :func:`challenge_value` but the challenger's own hand card: ``(P(C wins),
    deltas without it, ((winner, P(it wins and forces a give), P(it wins, random take)), ...))``.
    Targets come as plain tuples (cheap to hash for the cache).
    """
    targets = [Target(*t) for t in plain]
    zero: Number = Fraction(0) if exact else 0.0

    def table_coin(draw: Draw, bound: int, profile: Profile) -> Number:
        coin = _table_coin(draw, bound, profile)
        return coin if exact else float(coin)

    hidden_give = _numbers(exact, _hidden_give)
    masks = [_mask(t.unseen) for t in targets]
    knowns = [_mask(t.known) for t in targets]
    draws = [
        _draw(m, k, t.hand_size, t.share) for m, k, t in zip(masks, knowns, targets, strict=True)
    ]
    one = len(targets) == 1
    deltas: dict[int, Number] = {seat: zero}
    losses: dict[int, list[Number]] = {}
    for t in targets:
        deltas[t.seat] = zero
        losses[t.seat] = [zero, zero]
    dist = _winner_distribution(own, draws, exact)
    for (w, v), p in dist:
        if not p:
            continue
        if w == -1:
            gain = profile.coins[own] if own in profile.keeps_on_win else zero
            forced = own in profile.forces_give
            for t, mask, known, draw in zip(targets, masks, knowns, draws, strict=True):
                if one:
                    gain += table_coin(draw, own, t.profile)
                g, r = hidden_give(mask, known, t.share, own, t.hand_size, forced, t.profile)
                deltas[t.seat] += p * g
                gain += r
            deltas[seat] += p * gain
            continue
        winner = targets[w]
        forced = v in winner.profile.forces_give
        gain = winner.profile.coins[v] if v in winner.profile.keeps_on_win else zero
        if one:
            gain += profile.coins[own]
        losses[winner.seat][0 if forced else 1] += p
        for j, (t, mask, known) in enumerate(zip(targets, masks, knowns, strict=True)):
            if j != w:
                bound = v - 1 if j < w else v
                g, r = hidden_give(mask, known, t.share, bound, t.hand_size, forced, t.profile)
                deltas[t.seat] += p * g
                gain += r
        deltas[winner.seat] += p * gain
    out = tuple((w, f, r) for w, (f, r) in losses.items() if f or r)
    return dist[0][1], deltas, out


def defence_value(
    seat: int,
    own: int,
    hand: Sequence[int],
    profile: Profile,
    challenger: Target,
    *,
    exact: bool = False,
) -> ChallengeValue:
    """The other side of a one-on-one challenge: ``seat`` has ``own`` face down (and ``hand``
    left) and ``challenger`` challenges it with a uniform draw from its unseen numbers.

    ``win_probability`` is the chance that ``seat`` wins (the challenger's card is below
    ``own``: ties go to the challenger); ``deltas`` as in :func:`challenge_value`.

    >>> plain = Profile(coins=(0, 1, 1, 1, 2, 2, 2, 3, 3, 3))
    >>> v = defence_value(0, 9, [5], plain, Target(1, (2, 9), 1, plain), exact=True)
    >>> v.win_probability, v.deltas   # half: C's 9 ties and wins; half: C's 2 loses
    (Fraction(1, 2), {0: Fraction(-1, 2), 1: Fraction(-2, 1)})
    """
    plain = _plain(challenger)
    p_win, mine, theirs, p_forced, p_random = _defence_core(own, profile, plain, exact)
    g, r = _own_give(tuple(sorted(hand)), profile, p_forced, p_random,
                     _numbers(exact, known_give))  # fmt: skip
    return ChallengeValue(p_win, {seat: mine + g, challenger.seat: theirs + r})


@overload
def _defence_core(
    own: int, profile: Profile, plain: PlainTarget, exact: Literal[False]
) -> tuple[float, float, float, float, float]: ...
@overload
def _defence_core(
    own: int, profile: Profile, plain: PlainTarget, exact: bool
) -> tuple[Number, Number, Number, Number, Number]: ...
@lru_cache(maxsize=1 << 14)
def _defence_core(
    own: int, profile: Profile, plain: PlainTarget, exact: bool
) -> tuple[Number, Number, Number, Number, Number]:
    """:func:`defence_value` without the defender's hand card: ``(P(defender wins), its change,
    the challenger's change, P(challenger wins forcing a give), P(it wins, random take))``."""
    challenger = Target(*plain)
    zero: Number = Fraction(0) if exact else 0.0
    rest_give = _numbers(exact, _give_from_random_hand)
    cp = challenger.profile
    members = challenger.unseen
    if not members:
        raise ArgumentError("a challenger with a face-down card has at least one unseen number")
    weights, at_most = _target_draw(challenger)
    known = challenger.known
    mine = theirs = p_win = p_forced = p_random = zero
    keep_own = profile.coins[own] if own in profile.keeps_on_win else 0
    forced_by_me = own in profile.forces_give
    for x in members:
        w = weights[x]
        if not w:
            continue
        if x >= own:  # the challenger wins (ties included): my card and a hand card go to it
            if x in cp.forces_give:
                p_forced += w
            else:
                p_random += w
            theirs += w * (profile.coins[own] + (cp.coins[x] if x in cp.keeps_on_win else 0))
        else:
            rest = tuple(n for n in members if n != x and n not in known)
            sure = tuple(n for n in known if n != x)
            g, r = rest_give(rest, challenger.hand_size, forced_by_me, cp, sure)
            theirs += w * g
            mine += w * (cp.coins[x] + keep_own + r)
            p_win += w
    size = at_most[9]
    return p_win / size, mine / size, theirs / size, p_forced / size, p_random / size


def challenge_gain(
    seat: int,
    own: int,
    hand: tuple[int, ...],
    profile: Profile,
    targets: tuple[PlainTarget, ...],
    players: int,
) -> float:
    """``challenge_value(...).gain(seat, players)`` as a float, fast (the bots' inner loop).

    ``hand`` sorted ascending; ``targets`` as plain tuples in seat order after ``seat``.
    Without a pink card in play the hand size of a target that is not known to hold a card
    only matters as empty or not, so it is clipped to 1 before the cached core is looked up.
    """
    if not profile.forces_give and not any(t[3].forces_give for t in targets):
        targets = tuple([_clipped(t) for t in targets])
    p_win, base, losses = _challenge_core(seat, own, profile, targets, False)
    mine = base[seat]
    others = 0.0
    for s, v in base.items():
        if s != seat:
            others += v
    for _winner, p_forced, p_random in losses:
        g, r = _own_give(hand, profile, p_forced, p_random, _FLOAT_KNOWN_GIVE)
        mine += g
        others += r
    return float(mine - others / (players - 1))


def defence_gain(
    seat: int,
    own: int,
    hand: tuple[int, ...],
    profile: Profile,
    challenger: PlainTarget,
    players: int,
) -> float:
    """``defence_value(...).gain(seat, players)`` as a float, fast (the bots' inner loop)."""
    if not profile.forces_give and not challenger[4]:
        challenger = _clipped(challenger)
    _p, mine, theirs, p_forced, p_random = _defence_core(own, profile, challenger, False)
    g, r = _own_give(hand, profile, p_forced, p_random, _FLOAT_KNOWN_GIVE)
    return float(mine + g - (theirs + r) / (players - 1))


# ---------------------------------------------------------------------------------------------
# Wiring to the engine's per-seat view: only what that seat may know.


@cache
def profile_for(rules: KayaRules, color: Color) -> Profile:
    """The counting profile of ``color`` under ``rules`` (bonus values, blue, pink, orange)."""
    coins = (0, *(rules.bonus_value(card(color, n)) for n in NUMBERS))
    return Profile(
        coins=coins,
        returns_to_owner=frozenset({7, 8, 9}) if color is Color.BLUE else frozenset(),
        forces_give=frozenset({5, 6}) if color is Color.PINK else frozenset(),
        keeps_on_win=frozenset({4}) if color is Color.ORANGE else frozenset(),
        givable=frozenset(n for n in NUMBERS if rules.coin_value(n) >= 2),
    )
