"""Blef rules, one scenario per rule of RULES.md (game 2), with rigged deals."""

from __future__ import annotations

import copy

import pytest

from kayalib.blef.bids import LADDER, Bid
from kayalib.blef.cards import DECK, Card, parse_cards
from kayalib.blef.game import (
    CHECK,
    BidEvent,
    BlefRules,
    BlefState,
    Check,
    CheckEvent,
    DealEvent,
    EliminatedEvent,
    EndEvent,
    StartEvent,
    event_from_json,
    parse_action,
)
from kayalib.errors import IllegalActionError, ParseError, RulesError, SeatError


def play(state: BlefState, *actions: str) -> BlefState:
    for action in actions:
        state = state.apply(action)
    return state


def sized_hands(*sizes: int) -> list[tuple[Card, ...]]:
    """Hands of the given sizes, cut from the deck in order (9C 9D 9H 9S TC ...)."""
    hands, at = [], 0
    for size in sizes:
        hands.append(DECK[at : at + size])
        at += size
    return hands


# -- rules options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, limit",
    [(2, 11), (3, 7), (4, 5), (5, 4), (6, 3), (7, 3), (8, 2), (11, 2), (12, 1), (23, 1)],
)
def test_max_cards_default_is_23_over_players(players: int, limit: int) -> None:
    assert BlefRules(players=players).max_cards == limit
    assert players * limit < 24  # so a card always stays undealt


@pytest.mark.parametrize(
    "players, max_cards, ok",
    [(4, 6, True), (4, 7, False), (2, 12, True), (2, 13, False), (3, 8, True), (3, 9, False)],
)
def test_max_cards_the_deck_cannot_serve_is_refused(players, max_cards, ok) -> None:
    if ok:
        assert BlefRules(players=players, max_cards=max_cards).max_cards == max_cards
    else:
        with pytest.raises(RulesError, match="24 cards"):
            BlefRules(players=players, max_cards=max_cards)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 24},
        {"players": 0},
        {"players": "4"},
        {"players": True},
        {"mode": "sudden"},
        {"max_cards": 0},
        {"max_cards": 2.5},
        {"mode": "deck", "max_cards": 3},
    ],
)
def test_bad_rules_are_refused(options) -> None:
    with pytest.raises(RulesError):
        BlefRules(**options)


@pytest.mark.parametrize("players", [2, 9, 23])
def test_player_count_bounds_are_accepted(players: int) -> None:
    state = BlefState.new(BlefRules(players=players), seed=1)
    assert state.counts == (1,) * players
    assert [len(hand) for hand in state.hands] == [1] * players


# -- actions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("check", CHECK),
        ("Sprawdzam", CHECK),
        ("  CHECK ", CHECK),
        ("pair K", Bid("pair", (4,))),
        ("para A", Bid("pair", (5,))),
        ("duży poker pik", Bid("big-poker", (3,))),
    ],
)
def test_parse_action(text: str, expected) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize("text", ["", "raise", "pair", "checkmate", "pair Z"])
def test_parse_action_refuses_nonsense(text: str) -> None:
    with pytest.raises(ParseError):
        parse_action(text)


def test_check_prints_and_parses() -> None:
    assert str(CHECK) == "check" and CHECK.polish() == "sprawdzam"
    assert Check.parse("sprawdzam") is CHECK
    with pytest.raises(ParseError):
        Check.parse("pair K")


# -- a round -------------------------------------------------------------------------------------


def test_first_deal_is_one_card_each_and_the_starter_is_seeded() -> None:
    rules = BlefRules(players=5)
    starters = set()
    for seed in range(40):
        state = BlefState.new(rules, seed)
        assert state == BlefState.new(rules, seed)
        assert state.round == 1 and state.counts == (1,) * 5
        assert state.current_player == state.starter
        assert len(set(state.pool)) == 5
        starters.add(state.starter)
    assert starters == set(range(5))  # every seat can be chosen


def test_the_starting_player_must_bid() -> None:
    state = BlefState.from_position(BlefRules(players=3), ["AS", "9H", "KD"], starter=1)
    assert state.current_player == 1
    assert not state.can_apply(CHECK)
    assert CHECK not in state.legal_actions()
    assert state.legal_actions() == LADDER
    with pytest.raises(IllegalActionError, match="must bid"):
        state.apply(CHECK)


def test_turns_go_round_in_seat_order_skipping_eliminated_seats() -> None:
    state = BlefState.from_position(BlefRules(players=4), ["AS", "", "9H", "KD"], starter=2)
    seats = []
    for bid in ["high-card 9", "high-card T", "high-card J", "high-card Q", "high-card K"]:
        seats.append(state.current_player)
        state = state.apply(bid)
    assert seats == [2, 3, 0, 2, 3]
    assert [seat for seat, _ in state.bids] == seats


@pytest.mark.parametrize(
    "last, new, legal",
    [
        ("pair K", "pair A", True),
        ("pair K", "two-pair T 9", True),
        ("pair K", "pair K", False),  # strictly higher
        ("pair K", "pair Q", False),
        ("pair K", "high-card A", False),
        ("full 9 A", "full T 9", True),  # the three decides
        ("full T 9", "full 9 A", False),
        ("flush hearts", "flush spades", True),  # suits: spades > hearts
        ("flush spades", "flush hearts", False),
        ("big-poker hearts", "big-poker spades", True),
    ],
)
def test_a_bid_must_be_strictly_higher(last: str, new: str, legal: bool) -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"]).apply(last)
    assert state.can_apply(new) is legal
    assert (Bid.parse(new) in state.legal_actions()) is legal
    if legal:
        assert state.apply(new).last_bid == Bid.parse(new)
    else:
        before = copy.deepcopy(state)
        with pytest.raises(IllegalActionError, match="not higher"):
            state.apply(new)
        assert state == before


def test_legal_actions_are_the_higher_bids_in_ladder_order_then_check() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"]).apply("four Q")
    actions = state.legal_actions()
    assert actions[-1] == CHECK
    assert list(actions[:-1]) == list(LADDER[Bid.parse("four Q").index + 1 :])


def test_after_big_poker_spades_only_a_check_is_legal() -> None:
    rules = BlefRules(players=3)
    state = BlefState.from_position(rules, ["AS", "9H", "KD"]).apply("big-poker spades")
    assert state.legal_actions() == (CHECK,)
    for bid in LADDER:
        assert not state.can_apply(bid)
    with pytest.raises(IllegalActionError, match="only move is to check"):
        state.apply("big-poker spades")
    assert state.apply(CHECK).events[-1].round == 2


@pytest.mark.parametrize(
    "hands, bid, true",
    [
        (["KS", "KH", "9C"], "pair K", True),  # the pool is every hand
        (["KS", "QH", "9C"], "pair K", False),
        (["KS", "KH", "KC"], "three K", True),
        (["KS", "KH", "9C"], "three K", False),
        (["9S TS", "JH QH", "KC"], "small-straight", True),  # "at least": any suits
        (["9S TS", "JH QH", "AC"], "small-straight", False),
        (["AS", "9H", "KD"], "high-card 9", True),  # nobody needs to hold the cards they bid
        (["AS KS", "QS JS", "TS"], "big-poker spades", True),
        (["AS KS", "QS JS", "TH"], "big-poker spades", False),
    ],
)
def test_a_check_reveals_the_pool_and_the_loser_is_checker_or_bidder(hands, bid, true) -> None:
    rules = BlefRules(players=3)
    state = BlefState.from_position(rules, hands, starter=1).apply(bid)  # seat 1 bids
    after = state.apply("sprawdzam")  # seat 2 checks
    check = next(e for e in after.events if isinstance(e, CheckEvent))
    assert check.true is true
    assert check.seat == 2 and check.bid == Bid.parse(bid)
    assert check.loser == (2 if true else 1)
    assert check.pool == tuple(sorted(card for hand in hands for card in parse_cards(hand)))
    expected = [len(parse_cards(hand)) for hand in hands]
    expected[check.loser] += 1
    assert after.counts == tuple(expected)


@pytest.mark.parametrize("true", [True, False])
def test_the_loser_starts_the_next_round(true: bool) -> None:
    state = BlefState.from_position(BlefRules(players=4), ["KS", "KH", "9C", "AD"], starter=3)
    state = play(state, "high-card K", "pair K" if true else "three K", "check")
    loser = 1 if true else 0  # seat 1 checks seat 0's bid
    assert state.round == 2
    assert state.starter == loser and state.current_player == loser
    assert state.bids == ()
    deal = state.events[-1]
    assert isinstance(deal, DealEvent) and deal.round == 2 and deal.starter == loser
    assert [len(hand) for hand in state.hands] == list(state.counts)
    assert state.counts[loser] == 2 and sum(state.counts) == 5


@pytest.mark.parametrize(
    "counts, loser_ok",
    [((3, 1, 1), False), ((2, 1, 1), True)],
)
def test_classic_eliminates_only_above_max_cards(counts, loser_ok) -> None:
    rules = BlefRules(players=3, max_cards=3)
    state = BlefState.from_position(rules, sized_hands(*counts), starter=0)
    state = play(state, "big-poker spades", "check")  # false: seat 0 loses
    if loser_ok:
        assert state.counts == (3, 1, 1) and state.current_player == 0
    else:
        assert state.counts == (0, 1, 1)
        assert EliminatedEvent(1, 0, 4) in state.events
        assert state.hands[0] == ()


@pytest.mark.parametrize(
    "hands, starter, loser, next_starter",
    [
        # the eliminated loser's place passes to the next remaining seat in seat order
        (["9C 9D", "9H", "9S", "TC"], 0, 0, 1),
        (["9C", "9D", "9H", "9S TC"], 3, 3, 0),  # wraps round
        (["", "9D", "9H", "9S TC"], 3, 3, 1),  # and skips seats already out
        (["9C", "", "9H 9S", "TC"], 2, 2, 3),
    ],
)
def test_an_eliminated_loser_passes_the_start_to_the_next_seat(
    hands, starter, loser, next_starter
) -> None:
    rules = BlefRules(players=4, max_cards=2)
    state = BlefState.from_position(rules, hands, starter=starter)
    state = play(state, "big-poker spades", "check")
    assert state.counts[loser] == 0
    assert state.current_player == next_starter == state.starter


def test_the_last_player_left_wins() -> None:
    rules = BlefRules(players=3, max_cards=2)
    state = BlefState.from_position(rules, ["9C 9D", "", "TC"], starter=0, round=9)
    state = play(state, "pair 9", "check")  # true: seat 2 (the checker) loses
    assert not state.is_terminal and state.counts == (2, 0, 2)
    state = BlefState.from_position(rules, ["9C 9D", "", "TC TD"], starter=2, round=9)
    state = play(state, "pair 9", "check")  # true: seat 0 loses and is eliminated
    assert state.is_terminal and state.outcome.winners == (2,)
    assert state.current_player is None and state.legal_actions() == ()
    assert state.returns() == (0.0, 0.0, 1.0)
    assert state.events[-2:] == (EliminatedEvent(9, 0, 3), EndEvent(2, 9))
    before = copy.deepcopy(state)
    for action in ("pair A", "check"):
        assert not state.can_apply(action)
        with pytest.raises(IllegalActionError, match="over"):
            state.apply(action)
    assert state == before


def test_returns_are_zero_until_the_end() -> None:
    state = BlefState.new(BlefRules(players=3), 4)
    assert state.returns() == (0.0, 0.0, 0.0)


# -- deck mode -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "last_lost, out",
    [((2, 4, 0, 0), 1), ((4, 2, 0, 0), 0), ((3, 3, 0, 0), 0)],
)
def test_deck_mode_eliminates_the_most_cards_ties_the_latest_loser(last_lost, out) -> None:
    rules = BlefRules(players=4, mode="deck")
    state = BlefState.from_position(
        rules, sized_hands(7, 7, 6, 3), starter=3, round=5, last_lost=last_lost
    )
    state = play(state, "big-poker spades", "check")  # AS is undealt: seat 3 loses -> 24 cards
    expected = [7, 7, 6, 4]
    expected[out] = 0
    assert state.counts == tuple(expected)
    assert EliminatedEvent(6, out, 7) in state.events
    assert state.current_player == 3 and state.round == 6
    assert sum(len(hand) for hand in state.hands) == 17


def test_deck_mode_keeps_playing_below_24_cards() -> None:
    rules = BlefRules(players=3, mode="deck")
    state = BlefState.from_position(rules, sized_hands(8, 7, 7), starter=2)
    state = play(state, "big-poker spades", "check")  # seat 2 loses: 8 + 7 + 8 = 23
    assert state.counts == (8, 7, 8)
    assert not any(isinstance(event, EliminatedEvent) for event in state.events)


def test_deck_mode_the_loser_who_just_lost_breaks_a_tie_and_passes_the_start() -> None:
    rules = BlefRules(players=3, mode="deck")
    state = BlefState.from_position(
        rules, sized_hands(8, 8, 7), starter=2, round=5, last_lost=(1, 4, 0)
    )
    state = play(state, "big-poker spades", "check")  # seat 2 loses: 8, 8, 8 = 24
    assert state.counts == (8, 8, 0)
    assert state.current_player == 0  # the next remaining seat after the eliminated loser


def test_deck_mode_two_players_end_when_the_deck_runs_out() -> None:
    rules = BlefRules(players=2, mode="deck")
    state = BlefState.from_position(rules, sized_hands(12, 11), starter=1, round=30)
    state = play(state, "big-poker spades", "check")
    assert state.is_terminal and state.outcome.winners == (0,)
    assert state.events[-2:] == (EliminatedEvent(31, 1, 12), EndEvent(0, 30))


def test_deck_mode_does_not_eliminate_for_max_cards() -> None:
    rules = BlefRules(players=2, mode="deck")
    assert rules.max_cards is None
    state = BlefState.from_position(rules, sized_hands(11, 1), starter=0)
    state = play(state, "big-poker spades", "check")
    assert state.counts == (12, 1)


# -- refusals leave the state untouched ---------------------------------------------------------


def test_out_of_turn_and_unknown_actions_are_refused() -> None:
    state = BlefState.from_position(BlefRules(players=3), ["AS", "9H", "KD"], starter=0)
    before = copy.deepcopy(state)
    assert state.can_apply("pair 9", seat=0) and not state.can_apply("pair 9", seat=1)
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply("pair 9", seat=2)
    with pytest.raises(IllegalActionError, match="not an action of Blef"):
        state.apply(42)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        state.apply("pair of socks")
    assert not state.can_apply("pair of socks")
    assert state == before
    assert state.apply("pair 9", seat=0).current_player == 1


@pytest.mark.parametrize(
    "hands, starter, message",
    [
        (["AS", "AS", "9H"], 0, "AS is in two hands"),
        (["AS", "9H"], 0, "hands"),
        (["AS", "", ""], 0, "two players"),
        (["AS", "", "9H"], 1, "starter"),
        (["9C 9D 9H 9S TC TD TH TS", "AS", "KS"], 0, "max_cards"),
    ],
)
def test_rigged_hands_are_validated(hands, starter, message) -> None:
    with pytest.raises(RulesError, match=message):
        BlefState.from_position(BlefRules(players=3), hands, starter=starter)


# -- events and views ------------------------------------------------------------------------


def test_event_log_of_a_rigged_round() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0, seed=3)
    state = play(state, "pair A", "check")
    records = [event.to_json() for event in state.events]
    assert records[:4] == [
        {
            "event": "start",
            "game": "blef",
            "players": 2,
            "mode": "classic",
            "max_cards": 11,
            "seed": 3,
            "rigged": True,
        },
        {"event": "deal", "round": 1, "hands": [["AS"], ["9H"]], "starter": 0},
        {"event": "bid", "round": 1, "seat": 0, "bid": "pair A"},
        {
            "event": "check",
            "round": 1,
            "seat": 1,
            "bidder": 0,
            "bid": "pair A",
            "true": False,
            "loser": 0,
            "pool": ["9H", "AS"],
        },
    ]
    assert records[4]["event"] == "deal" and records[4]["round"] == 2
    assert [len(hand) for hand in records[4]["hands"]] == [2, 1]
    assert [event_from_json(record) for record in records] == list(state.events)


def test_new_game_log_starts_with_start_and_deal() -> None:
    state = BlefState.new(BlefRules(players=4), 7)
    start, deal = state.events
    assert start == StartEvent(4, "classic", 5, 7)
    assert start.to_json() == {
        "event": "start",
        "game": "blef",
        "players": 4,
        "mode": "classic",
        "max_cards": 5,
        "seed": 7,
    }
    assert isinstance(deal, DealEvent) and deal.hands == state.hands
    state = state.apply("high-card A")
    assert state.events[-1] == BidEvent(1, deal.starter, Bid.parse("high-card A"))


def test_a_view_shows_own_cards_counts_and_public_bids_only() -> None:
    rules = BlefRules(players=3)
    state = BlefState.from_position(rules, ["AS KS", "", "9H"], starter=2).apply("pair K")
    view = state.view(0)
    assert view.hand == parse_cards("KS AS")
    assert view.counts == (2, 0, 1) and view.total_cards == 3
    assert view.bids == ((2, Bid.parse("pair K")),) and view.last_bid == Bid.parse("pair K")
    assert view.current_player == 0 and view.is_my_turn
    assert view.legal_actions() == state.legal_actions()
    assert state.view(2).legal_actions() == ()
    deal = view.events[1]
    assert isinstance(deal, DealEvent)
    assert deal.hands == (parse_cards("KS AS"), (), None)
    assert deal.visible_to(0) and not state.events[1].visible_to(0)
    assert deal.to_json()["hands"] == [["KS", "AS"], [], None]
    assert state.view(2).events[1].hands == (None, (), parse_cards("9H"))
    with pytest.raises(SeatError):
        state.view(3)


def test_views_show_past_pools_but_not_past_hands() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0)
    state = play(state, "pair A", "check")
    view = state.view(1)
    check = next(e for e in view.events if isinstance(e, CheckEvent))
    assert check.pool == parse_cards("9H AS")
    deals = [e for e in view.events if isinstance(e, DealEvent)]
    assert [deal.hands[0] for deal in deals] == [None, None]
    assert [deal.hands[1] for deal in deals] == [parse_cards("9H"), state.hands[1]]


def test_moves_lists_every_action() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=1)
    state = play(state, "high-card 9", "high-card A", "check")
    assert state.moves == (
        (1, Bid.parse("high-card 9")),
        (0, Bid.parse("high-card A")),
        (1, CHECK),
    )


def test_a_forged_bid_index_is_refused_not_trusted() -> None:
    """A ``Bid`` whose ``index`` was forged (``object.__setattr__``) equals no bid of the ladder,
    so the engine refuses it; the same bid made honestly is taken."""
    state = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0)
    forged = Bid.parse("high-card 9")
    object.__setattr__(forged, "index", 82)
    assert forged != Bid.parse("high-card 9") and forged not in state.legal_actions()
    assert state.refusal(forged).code == "not_an_action"
    with pytest.raises(IllegalActionError):
        state.apply(forged)
    assert state.apply(Bid.parse("high-card 9")).last_bid.index == 0
