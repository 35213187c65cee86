"""Card counting: exact odds and expected points against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.kaya.counting import (
    Profile,
    Target,
    challenge_gain,
    challenge_value,
    defence_gain,
    defence_value,
    showdown_odds,
    unseen_numbers,
    win_probability,
)

COINS = (0, 1, 1, 1, 2, 2, 2, 3, 3, 3)
PLAIN = Profile(coins=COINS)
BLUE = Profile(coins=COINS, returns_to_owner=frozenset({7, 8, 9}))
PINK = Profile(coins=COINS, forces_give=frozenset({5, 6}))
ORANGE = Profile(coins=COINS, keeps_on_win=frozenset({4}))
YELLOW = Profile(coins=(0, -1, -1, -1, 2, 2, 2, 3, 3, 3))
# Coins = the number: yellow 2 and 3 are worth -2 and -3 as bonus cards, yet a pink winner may be
# given them (their coin value is at least 2).
YELLOW_STEEP = Profile(coins=(0, -1, -2, -3, 4, 5, 6, 7, 8, 9), givable=frozenset(range(2, 10)))
PROFILES = [PLAIN, BLUE, PINK, ORANGE, YELLOW, YELLOW_STEEP]


# ---------------------------------------------------------------------------------------------
# Brute force: every placement of the unseen numbers, every random take, straight from the rules.


def _winner(own: int, cards: list[int]) -> int:
    """-1 for C, else the index of the winning target (targets in seat order after C)."""
    best = max(cards)
    if own >= best:
        return -1
    return cards.index(best)


def _give(hand: tuple[int, ...], forced: bool, profile: Profile):
    """[(probability, giver change, receiver change)] for one loser's hand card."""
    if not hand:
        return [(Fraction(1), 0, 0)]
    if forced:
        eligible = [y for y in hand if y in profile.givable]
        if eligible:
            y = min(eligible)
            return [(Fraction(1), -y, profile.coins[y])]
    out = []
    for y in hand:
        if y in profile.returns_to_owner:
            out.append((Fraction(1, len(hand)), profile.coins[y] - y, 0))
        else:
            out.append((Fraction(1, len(hand)), -y, profile.coins[y]))
    return out


def _placements(unseen: tuple[int, ...], hand_size: int, known: tuple[int, ...] = ()):
    """Every (table card, hand) placement, each as likely: the card was played at random from a
    hand of ``hand_size + 1`` cards, the ``known`` numbers and others of the unseen numbers;
    the unseen numbers left over are discarded."""
    others = [n for n in unseen if n not in known]
    out = []
    for drawn in itertools.combinations(others, hand_size + 1 - len(known)):
        played_from = (*known, *drawn)
        for x in played_from:
            out.append((x, tuple(n for n in played_from if n != x)))
    return out


def brute_force(seat, own, hand, profile, targets):
    """(P(C wins), expected deltas) by enumerating every hidden assignment and random take."""
    per_target = [_placements(t.unseen, t.hand_size, t.known) for t in targets]
    total = 0
    p_win = Fraction(0)
    sums = {seat: Fraction(0), **{t.seat: Fraction(0) for t in targets}}
    for combo in itertools.product(*per_target):
        total += 1
        cards = [x for x, _ in combo]
        w = _winner(own, cards)
        if w == -1:
            p_win += 1
            win_seat, win_card, win_profile = seat, own, profile
        else:
            win_seat, win_card, win_profile = targets[w].seat, cards[w], targets[w].profile
        outcome = {s: Fraction(0) for s in sums}
        if win_card in win_profile.keeps_on_win:
            outcome[win_seat] += win_profile.coins[win_card]
        if len(targets) == 1:
            loser_card, loser_profile = (
                (cards[0], targets[0].profile) if w == -1 else (own, profile)
            )
            outcome[win_seat] += loser_profile.coins[loser_card]
        forced = win_card in win_profile.forces_give
        losers = []
        if w != -1:
            losers.append((seat, tuple(hand), profile))
        for i, (t, (_x, t_hand)) in enumerate(zip(targets, combo, strict=True)):
            if i != w:
                losers.append((t.seat, t_hand, t.profile))
        # Each loser's give is independent: sum their expectations.
        for loser_seat, loser_hand, loser_profile in losers:
            for p, g, r in _give(loser_hand, forced, loser_profile):
                outcome[loser_seat] += p * g
                outcome[win_seat] += p * r
        for s in sums:
            sums[s] += outcome[s]
    return p_win / total, {s: v / total for s, v in sums.items()}


# ---------------------------------------------------------------------------------------------


def test_unseen_numbers_removes_face_up_cards():
    assert unseen_numbers([]) == tuple(range(1, 10))
    assert unseen_numbers([9, 1, 1]) == (2, 3, 4, 5, 6, 7, 8)


@pytest.mark.parametrize(
    ("own", "targets", "expected"),
    [
        (5, [{5}], Fraction(1)),  # one-on-one tie goes to the challenger
        (4, [{5}], Fraction(0)),
        (5, [{5}, {5}], Fraction(1)),  # multi-target: C wins a tie it is part of
        (5, [{5}, {6}], Fraction(0)),
        (5, [{1, 5, 9}], Fraction(2, 3)),
        (3, [{1, 2, 3, 4}, {3, 4}], Fraction(3, 8)),
        (9, [{9}, {9}, {9}], Fraction(1)),
        (1, [{2, 3}, {1}], Fraction(0)),
    ],
)
def test_win_probability_table(own, targets, expected):
    assert win_probability(own, targets, exact=True) == expected
    assert win_probability(own, targets) == pytest.approx(float(expected))


@pytest.mark.parametrize(
    ("own", "targets", "expected"),
    [
        # Targets tied above C: the first in seat order after C wins.
        (2, [{7}, {7}], (0, 1, 0)),
        (2, [{7}, {8}], (0, 0, 1)),
        (7, [{7}, {7}], (1, 0, 0)),
        (1, [{2, 3}, {2, 3}], (0, Fraction(3, 4), Fraction(1, 4))),
        (2, [{2, 3}, {2, 3}], (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))),
    ],
)
def test_showdown_tie_rules(own, targets, expected):
    assert showdown_odds(own, targets, exact=True) == tuple(Fraction(e) for e in expected)


def test_empty_unseen_target_is_refused():
    with pytest.raises(ValueError):
        win_probability(3, [set()])
    with pytest.raises(ValueError):
        showdown_odds(3, [set()])


unseen_sets = st.sets(st.integers(1, 9), min_size=1, max_size=5).map(lambda s: tuple(sorted(s)))


@st.composite
def positions(draw, max_targets=3):
    k = draw(st.integers(1, max_targets))
    targets = []
    for i in range(k):
        unseen = draw(
            unseen_sets
            if k > 1
            else st.sets(st.integers(1, 9), min_size=1).map(lambda s: tuple(sorted(s)))
        )
        hand_size = draw(st.integers(0, len(unseen) - 1))
        # sometimes a card is known to have been in the hand (a green 3 taken back)
        known = draw(st.sampled_from([(), (), *((n,) for n in unseen)]))
        targets.append(Target(i + 1, unseen, hand_size, draw(st.sampled_from(PROFILES)), known))
    own = draw(st.integers(1, 9))
    hand = draw(st.sets(st.integers(1, 9).filter(lambda n: n != own), max_size=8))
    return own, tuple(sorted(hand)), draw(st.sampled_from(PROFILES)), targets


@settings(max_examples=150, deadline=None)
@given(positions())
def test_challenge_value_matches_brute_force(position):
    own, hand, profile, targets = position
    value = challenge_value(0, own, hand, profile, targets, exact=True)
    p_win, deltas = brute_force(0, own, hand, profile, targets)
    assert value.win_probability == p_win
    assert value.deltas == deltas
    approx = challenge_value(0, own, hand, profile, targets)
    assert approx.win_probability == pytest.approx(float(p_win))
    assert approx.deltas == pytest.approx({s: float(v) for s, v in deltas.items()})


@settings(max_examples=100, deadline=None)
@given(positions())
def test_showdown_odds_sum_to_one_and_match_win_probability(position):
    own, _hand, _profile, targets = position
    odds = showdown_odds(own, targets, exact=True)
    assert sum(odds) == 1
    assert odds[0] == win_probability(own, targets, exact=True)
    if not any(t.known for t in targets):  # a target with nothing known: its unseen numbers
        assert odds == showdown_odds(own, [t.unseen for t in targets], exact=True)


@pytest.mark.parametrize(
    ("own", "hand", "profile", "target", "expected"),
    [
        # C wins 9 vs {1, 2}: A's card (1 coin) + a random card of the other unseen number.
        (9, (5,), PLAIN, Target(1, (1, 2), 1, PLAIN), {0: Fraction(2), 1: Fraction(-3, 2)}),
        # The same against a yellow player: the low cards are worth -1 as bonus cards.
        (9, (5,), PLAIN, Target(1, (1, 2), 1, YELLOW), {0: Fraction(-2), 1: Fraction(-3, 2)}),
        # A blue 8 taken at random goes back to its owner's bonus pile (-8 + 3); C gets only
        # the table card then. Half: table 1, hand 8; half: table 8 (3 coins), hand 1.
        (9, (5,), PLAIN, Target(1, (1, 8), 1, BLUE), {0: Fraction(5, 2), 1: Fraction(-3)}),
        # C loses 1 vs 9: A gets C's card (1 coin) and C's only hand card (5 -> 2 coins).
        (1, (5,), PLAIN, Target(1, (9,), 0, PLAIN), {0: Fraction(-5), 1: Fraction(3)}),
        # Pink 5 wins: the loser gives its cheapest card of at least 2 coins (the 4 when it
        # holds it, which is 2 times in 3; with hand {1, 2} a random card).
        (
            5,
            (2,),
            PINK,
            Target(1, (1, 2, 4), 2, PLAIN),
            {0: Fraction(4, 3) + Fraction(2 + 2 + 1, 3), 1: Fraction(-4 - 4 - Fraction(3, 2), 3)},
        ),
        # A pink 6 beats C: C must give its 4 (2 coins) rather than a random card.
        (2, (1, 4), PLAIN, Target(1, (6,), 0, PINK), {0: Fraction(-4), 1: Fraction(1 + 2)}),
        # Orange 4 wins and is kept as a bonus card (2 coins) on top of A's 1-coin card.
        (4, (), ORANGE, Target(1, (3,), 0, PLAIN), {0: Fraction(3), 1: Fraction(0)}),
        # C loses with an empty hand: only C's card changes hands.
        (2, (), PLAIN, Target(1, (8,), 3, PLAIN), {0: Fraction(0), 1: Fraction(1)}),
    ],
)
def test_one_on_one_scenarios(own, hand, profile, target, expected):
    assert challenge_value(0, own, hand, profile, [target], exact=True).deltas == expected


def test_multi_target_discards_showdown_cards():
    # C's 9 beats both: no showdown card changes hands, each target gives one hand card.
    targets = [Target(1, (1, 2), 1, PLAIN), Target(2, (4, 5), 1, PLAIN)]
    value = challenge_value(0, 9, (3,), PLAIN, targets, exact=True)
    assert value.win_probability == 1
    assert value.deltas == {0: Fraction(1 + 2), 1: Fraction(-3, 2), 2: Fraction(-9, 2)}


def test_multi_target_tie_between_targets_goes_first_after_challenger():
    # Both targets hold a 7; the first in seat order after C wins and takes from both losers.
    targets = [Target(3, (7,), 0, PLAIN), Target(1, (7, 8), 1, PLAIN)]
    value = challenge_value(2, 1, (6,), PLAIN, targets, exact=True)
    assert value.win_probability == 0
    # Half the time target 1 holds 8 and wins; otherwise seat 3 wins the 7-7 tie.
    assert value.deltas[3] == Fraction(1, 2) * (2 + 3)
    assert value.deltas[1] == Fraction(1, 2) * 2 + Fraction(1, 2) * -8
    assert value.deltas[2] == -6


def test_gain_is_own_change_minus_mean_of_others():
    value = challenge_value(0, 9, (5,), PLAIN, [Target(1, (1, 2), 1, PLAIN)], exact=True)
    assert value.gain(0, 4) == Fraction(2) - Fraction(-3, 2) / 3


# ---------------------------------------------------------------------------------------------
# Against the engine itself: every world consistent with C's view, resolved by the real rules.


def _engine_worlds(own: int):
    """For blue (seat 2) holding blue-``own`` face down after green (seat 0) played: every
    placement of green's and red's hidden cards with the same counts, played out to blue's
    decision. Green's unseen numbers are 2, 4, 6, 8 (the others face up); red's 3, 5, 9."""
    from kayalib.kaya.game import KayaState
    from kayalib.kaya.rules import KayaRules

    rules = KayaRules(("green", "red", "blue"))
    green, red = (2, 4, 6, 8), (3, 5, 9)
    discard = [f"green-{n}" for n in (1, 3, 5, 7, 9)] + [f"red-{n}" for n in (1, 2, 4, 6, 7, 8)]
    worlds = []
    for x in green:  # the card green plays
        for y in red:  # red's face-down card
            g_hand = [x, *[n for n in green if n != x][:1]]  # 2 in hand, the rest face down
            r_hand = [n for n in red if n != y][:1]
            state = KayaState.from_position(
                rules,
                [[f"green-{n}" for n in g_hand], [f"red-{n}" for n in r_hand], ["blue-1"]],
                table=[None, f"red-{y}", f"blue-{own}"],
                discard=discard,
                active=0,
            )
            state = state.apply(f"play green-{x}").apply("pass")
            worlds.append(state)
    return worlds


@pytest.mark.parametrize("own", [2, 4, 5, 6, 8, 9])
def test_challenge_odds_match_the_engine_over_every_world(own):
    from kayalib.kaya.advice import challenge_odds

    worlds = _engine_worlds(own)
    views = [w.view(2) for w in worlds]
    assert all(v.hidden == views[0].hidden for v in views)
    odds = challenge_odds(views[0], exact=True)
    assert all(challenge_odds(v, exact=True) == odds for v in views)
    assert set(odds) == {(0,), (0, 1)}
    for targets, p in odds.items():
        wins = 0
        for world in worlds:
            after = world.apply(f"challenge {','.join(map(str, targets))}")
            showdown = [e for e in after.events if e.kind == "showdown"][-1]
            wins += showdown.winner == 2
        assert Fraction(wins, len(worlds)) == p


def _worlds_after_a_take_back(own: int):
    """Green (seat 0) takes its 3 back, red and blue play, then green plays again and red passes:
    blue (holding blue-``own``) decides. Green's unseen numbers are 2, 3, 4, 6, 8; its hand is
    the 3 and two of the others (the rest face down in the discard), and it plays any of the
    three: every such world, each as likely."""
    from kayalib.kaya.game import KayaState
    from kayalib.kaya.rules import KayaRules

    rules = KayaRules(("green", "red", "blue"))
    worlds = []
    for others in itertools.combinations((2, 4, 6, 8), 2):
        hand = (3, *others)
        for x in hand:
            state = KayaState.from_position(
                rules,
                [[f"green-{n}" for n in hand], ["red-5", "red-6", "red-8"],
                 [f"blue-{own}", "blue-1", "blue-9" if own != 9 else "blue-5"]],
                discard=[f"green-{n}" for n in (1, 5, 7, 9)],
                active=0,
            )
            for action in ("play green-3", "take-back", "play red-5", "decline",
                           f"play blue-{own}", "pass", "decline", f"play green-{x}", "pass"):
                state = state.apply(action)
            worlds.append(state)
    return worlds


@pytest.mark.parametrize("own", [2, 3, 4, 6, 7])
def test_a_green_3_taken_back_is_counted_in_the_hand_it_went_back_to(own):
    from kayalib.kaya.advice import challenge_odds

    worlds = _worlds_after_a_take_back(own)
    views = [w.view(2) for w in worlds]
    assert all(v.known_in_hand == ((3,), (), ()) for v in views)
    assert all(v.hidden == views[0].hidden for v in views)
    odds = challenge_odds(views[0], exact=True)
    wins = 0
    for world in worlds:
        showdown = [e for e in world.apply("challenge 0").events if e.kind == "showdown"][-1]
        wins += showdown.winner == 2
    assert odds[(0,)] == Fraction(wins, len(worlds))
    # ... which the uniform model gets wrong: it draws the card from all five unseen numbers
    assert odds[(0,)] != win_probability(own, [views[0].hidden[0]], exact=True)


def test_what_is_known_in_a_hand_is_forgotten_after_a_play_nobody_saw():
    (world, *_rest) = _worlds_after_a_take_back(7)
    # blue passes and green's card stays face down: the 3 was in the hand green played it from
    for action in ("pass", "decline", "play red-6", "pass", "pass", "decline", "play blue-1",
                   "pass", "pass", "decline"):
        assert world.view(2).known_in_hand[0] == (3,)
        world = world.apply(action)
    # green plays again, its old card goes face down into the discard: where is the 3 now?
    world = world.apply(world.legal_actions()[0])
    assert world.view(1).known_in_hand[0] == ()


def test_a_card_shown_in_a_showdown_leaves_the_known_card_in_the_hand():
    worlds = [w for w in _worlds_after_a_take_back(7) if w.table[0].number != 3]
    for world in worlds:
        after = world.apply("challenge 0")
        assert after.view(1).known_in_hand[0] == ((3,) if any(c.number == 3 for c in after.hands[0])
                                                  else ())
        assert any(c.number == 3 for c in after.hands[0]) == (3 in after.view(1).hidden[0])


# ---------------------------------------------------------------------------------------------
# The defender's side, and the fast float gains the bots use.


def brute_force_defence(seat, own, hand, profile, challenger):
    """(P(defender wins), deltas) enumerating the challenger's table card and hand."""
    total = 0
    p_win = Fraction(0)
    mine = theirs = Fraction(0)
    for x, c_hand in _placements(challenger.unseen, challenger.hand_size, challenger.known):
        total += 1
        if x >= own:  # challenger wins ties
            theirs += profile.coins[own]
            if x in challenger.profile.keeps_on_win:
                theirs += challenger.profile.coins[x]
            for p, g, r in _give(tuple(hand), x in challenger.profile.forces_give, profile):
                mine += p * g
                theirs += p * r
        else:
            p_win += 1
            mine += challenger.profile.coins[x]
            if own in profile.keeps_on_win:
                mine += profile.coins[own]
            for p, g, r in _give(c_hand, own in profile.forces_give, challenger.profile):
                theirs += p * g
                mine += p * r
    return p_win / total, {seat: mine / total, challenger.seat: theirs / total}


@settings(max_examples=150, deadline=None)
@given(positions(max_targets=1))
def test_defence_value_matches_brute_force(position):
    own, hand, profile, (challenger,) = position
    value = defence_value(0, own, hand, profile, challenger, exact=True)
    assert (value.win_probability, value.deltas) == brute_force_defence(
        0, own, hand, profile, challenger
    )


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(2, 6))
def test_fast_gains_equal_the_exact_values(position, players):
    own, hand, profile, targets = position
    plain = tuple((t.seat, t.unseen, t.hand_size, t.profile, t.known) for t in targets)
    exact = challenge_value(0, own, hand, profile, targets, exact=True).gain(0, players)
    assert challenge_gain(0, own, hand, profile, plain, players) == pytest.approx(float(exact))
    exact = defence_value(0, own, hand, profile, targets[0], exact=True).gain(0, players)
    assert defence_gain(0, own, hand, profile, plain[0], players) == pytest.approx(float(exact))
