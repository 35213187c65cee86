"""What one seat's view says about its choices, in the counting model of
:mod:`kayalib.kaya.counting`: the odds and values of every challenge it may make, the risk of
every card it may play, and the points each power or choice without chance changes. The bots
and the apps' hints read these; everything is exact within the model (``exact=True`` gives
:class:`fractions.Fraction` values).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, overload

from kayalib.kaya.cards import Card
from kayalib.kaya.counting import (
    ChallengeValue,
    Number,
    Target,
    challenge_value,
    defence_value,
    profile_for,
    replay_share,
    win_probability,
)
from kayalib.kaya.game import (
    Action,
    Challenge,
    Give,
    KayaView,
    Keep,
    Play,
    Steal,
    TakeBack,
)


def unseen(view: KayaView, seat: int) -> tuple[int, ...]:
    """Numbers of ``seat``'s colour that ``view``'s seat has not seen face up (ascending).

    For another seat these are in its hand, face down on the table, or in its face-down
    discard; the counting model treats its face-down table card as a uniform draw from them.
    """
    return tuple(view.hidden[seat])


def known_share(view: KayaView, seat: int) -> Fraction | None:
    """The chance that ``seat``'s face-down card is one that was known to be in its hand
    (:attr:`KayaView.known_in_hand`), from how often it was seen to play such a card again
    (:func:`~kayalib.kaya.counting.replay_share`); None when no card is known."""
    known = view.known_in_hand[seat]
    if not known:
        return None
    return replay_share(*view.known_replays[seat], view.hand_counts[seat], len(known))


def target_of(view: KayaView, seat: int) -> Target:
    """``seat`` as a challenge target seen from ``view``: unseen numbers, hand size, profile,
    the numbers known to be in its hand and how likely its card is one of them."""
    return Target(
        seat,
        tuple(view.hidden[seat]),
        view.hand_counts[seat],
        profile_for(view.rules, view.colors[seat]),
        view.known_in_hand[seat],
        known_share(view, seat),
    )


def _challenges(view: KayaView) -> list[tuple[int, ...]]:
    if view.phase != "challenge" or view.current_player != view.seat or view.own_table is None:
        return []
    return [a.targets for a in view.legal_actions() if isinstance(a, Challenge)]


def _in_order_after(seat: int, players: int, targets: Iterable[int]) -> list[int]:
    chosen = set(targets)
    return [s for s in (*range(seat + 1, players), *range(seat)) if s in chosen]


def challenge_values(
    view: KayaView, *, exact: bool = False
) -> dict[tuple[int, ...], ChallengeValue]:
    """Odds and expected points of every challenge open to ``view``'s seat (keys: the sorted
    target seats of each legal :class:`Challenge`); empty unless the seat may challenge now.
    """
    own_card = view.own_table
    if own_card is None:
        return {}
    seat, players = view.seat, view.players
    profile = profile_for(view.rules, view.colors[seat])
    hand = tuple(c.number for c in view.hand)
    out = {}
    for targets in _challenges(view):
        order = [target_of(view, t) for t in _in_order_after(seat, players, targets)]
        out[targets] = challenge_value(seat, own_card.number, hand, profile, order, exact=exact)
    return out


@overload
def challenge_odds(
    view: KayaView, *, exact: Literal[False] = False
) -> dict[tuple[int, ...], float]: ...
@overload
def challenge_odds(view: KayaView, *, exact: Literal[True]) -> dict[tuple[int, ...], Fraction]: ...
@overload
def challenge_odds(
    view: KayaView, *, exact: bool
) -> dict[tuple[int, ...], float] | dict[tuple[int, ...], Fraction]: ...
def challenge_odds(
    view: KayaView, *, exact: bool = False
) -> dict[tuple[int, ...], float] | dict[tuple[int, ...], Fraction]:
    """For the seat to move in a challenge window: the probability that each legal challenge
    (keyed by its sorted target seats) wins, with the tie rules of RULES.md. Empty when the
    seat cannot challenge now. ``exact=True`` gives Fractions.

    >>> from kayalib.kaya.game import KayaState
    >>> from kayalib.kaya.rules import KayaRules
    >>> from kayalib.kaya.rules import KayaRules
    >>> s = KayaState.from_position(KayaRules(("green", "red")),
    ...     hands=[["green-5", "green-9"], ["red-2"]], table=[None, "red-6"], active=0)
    >>> s = s.apply("play green-9")
    >>> challenge_odds(s.view(1), exact=True)   # red's 6 against any unseen green 1-9
    {(0,): Fraction(2, 3)}
    """
    own_card = view.own_table
    if own_card is None:
        return {}
    seat, players = view.seat, view.players
    order_of = {targets: [target_of(view, t) for t in _in_order_after(seat, players, targets)]
                for targets in _challenges(view)}  # fmt: skip
    if exact:
        return {targets: win_probability(own_card.number, order, exact=True)
                for targets, order in order_of.items()}  # fmt: skip
    return {targets: win_probability(own_card.number, order) for targets, order in order_of.items()}


# ---------------------------------------------------------------------------------------------
# Every decision of a turn, for the apps' hint: playing a card, and the powers and choices that
# involve no chance.


@dataclass(frozen=True)
class PlayOdds:
    """What playing ``card`` face down risks, in the counting model above.

    ``challenger`` is the seat whose one-on-one challenge this card fears most: the lowest
    ``win_probability`` (ties: the first asked, in seat order after the player); ``None`` when no
    other seat has a card face down, so nobody can challenge (probability 1, no points).
    ``points`` is the expected change of the player's points if ``challenger`` challenges
    (see :func:`defence_value`). Playing the card also takes its number out of the hand, where
    it would count at the end (unless a green 3 comes back).
    """

    card: Card
    win_probability: Number
    points: Number
    challenger: int | None


def play_odds(view: KayaView, *, exact: bool = False) -> dict[Card, PlayOdds]:
    """For the seat to play a card: the odds of every card it may play (empty otherwise).

    >>> from kayalib.kaya.game import KayaState
    >>> from kayalib.kaya.rules import KayaRules
    >>> s = KayaState.from_position(KayaRules(("green", "red")),
    ...     hands=[["green-5", "green-9"], ["red-2"]], table=[None, "red-6"], active=0,
    ...     discard=["red-1", "red-3", "red-4", "red-5", "red-7", "red-8", "red-9"])
    >>> odds = play_odds(s.view(0), exact=True)   # red's card is its 2 or its 6
    >>> [(str(c), o.win_probability, o.points) for c, o in odds.items()]
    [('green-5', Fraction(1, 2), Fraction(-3, 1)), ('green-9', Fraction(1, 1), Fraction(3, 1))]
    """
    if view.phase != "play" or view.current_player != view.seat:
        return {}
    seat, players = view.seat, view.players
    profile = profile_for(view.rules, view.colors[seat])
    challengers = [
        target_of(view, s) for s in _in_order_after(seat, players, range(players)) if view.table[s]
    ]
    numbers = [c.number for c in view.hand]
    zero: Number = Fraction(0) if exact else 0.0
    one: Number = Fraction(1) if exact else 1.0
    out: dict[Card, PlayOdds] = {}
    for action in view.legal_actions():
        if not isinstance(action, Play):
            continue
        x = action.card.number
        rest = [n for n in numbers if n != x]
        best = PlayOdds(action.card, one, zero, None)
        for target in challengers:
            value = defence_value(seat, x, rest, profile, target, exact=exact)
            if best.challenger is None or value.win_probability < best.win_probability:
                best = PlayOdds(action.card, value.win_probability, value.deltas[seat], target.seat)
        out[action.card] = best
    return out


def decision_points(view: KayaView) -> dict[Action, dict[int, int]]:
    """For a choice that involves no chance (a power, keeping an orange 4, the card to give a
    pink winner): every legal action and the points it changes, ``{seat: change}`` with the
    deciding seat always first (what follows any choice alike, such as a random take after an
    orange 4, is left out). Empty in other phases (see :func:`play_odds` and
    :func:`challenge_values` for those).

    A green 3 taken back counts its number in hand again (on the table it counts nothing); a
    stolen or kept card counts its coins in the bonus pile; a card given to a pink winner leaves
    the hand and counts its coins for the winner.
    """
    seat, rules = view.seat, view.rules
    if view.current_player != seat or view.phase not in ("power", "orange", "pink"):
        return {}
    out: dict[Action, dict[int, int]] = {}
    for action in view.legal_actions():
        if isinstance(action, TakeBack):
            assert view.own_table is not None
            out[action] = {seat: view.own_table.number}
        elif isinstance(action, Steal):
            value = rules.bonus_value(action.card)
            out[action] = {seat: value, action.victim: -value}
        elif isinstance(action, Keep):
            kept = view.revealed[seat]
            out[action] = {seat: rules.bonus_value(kept) if kept is not None else 0}
        elif isinstance(action, Give):
            change = {seat: -action.card.number}
            if view.showdown_winner is not None:
                change[view.showdown_winner] = rules.bonus_value(action.card)
            out[action] = change
        else:
            out[action] = {seat: 0}
    return out
