"""One rigged scenario per rule of RULES.md game 1; each fails if that rule is changed."""

from __future__ import annotations

import pytest

from kayalib.errors import IllegalActionError, ParseError
from kayalib.kaya.game import (
    Challenge,
    Decline,
    DeclineEvent,
    Give,
    KayaState,
    Keep,
    Pass,
    PowerEvent,
    Steal,
    TakeBack,
)
from kayalib.kaya.rules import KayaRules
from tests.kaya.kaya_helpers import C, moves, position, run

GR = ("green", "red")
GRB = ("green", "red", "blue")
GRBP = ("green", "red", "blue", "pink")


# ---- turn structure -------------------------------------------------------------------------


def test_stale_card_is_discarded_face_down_before_the_new_play():
    s = position(GR, [["green-5", "green-6"], ["red-1", "red-8"]], table=["green-2", None])
    after = s.apply("play green-5")
    assert moves(after, s) == [
        ("green-2", "table:0", "discard", "stale"),
        ("green-5", "hand:0", "table:0", "play"),
    ]
    # (from_position puts every card it is not given into its seat's face-down discard)
    assert after.hidden_discards[0] == (*s.hidden_discards[0], C("green-2"))
    assert C("green-2") not in after.discard  # face-down: not in the public discard
    assert after.table[0] == C("green-5")
    # the other seat sees that a card went down and one was discarded, but not which
    theirs = [e for e in after.view(1).events[len(s.view(1).events) :] if e.kind == "move"]
    assert [(e.card, e.why) for e in theirs] == [(None, "stale"), (None, "play")]
    assert after.view(1).hidden_discards[0] == s.view(1).hidden_discards[0] + 1
    # nobody else had a card down: no window; green 5 has no power, so green can only end
    # the turn (a step every card goes through, so the table cannot tell a power card)
    assert (after.phase, after.current_player, after.legal_actions()) == ("power", 0, (Decline(),))
    ended = after.apply("decline")
    assert (ended.phase, ended.active, ended.current_player) == ("play", 1, 1)


def test_challenge_window_asks_seats_with_a_card_down_in_order_after_a():
    hands = [["green-5", "green-6"], ["red-5", "red-6"], ["blue-5", "blue-6"], ["pink-5"]]
    s = position(GRBP, hands, table=["green-1", None, "blue-1", "pink-1"], active=1)
    s = s.apply("play red-5")
    assert (s.phase, s.current_player, s.window) == ("challenge", 2, (2, 3, 0))
    s = s.apply("pass")
    assert s.current_player == 3
    s = s.apply("pass")
    assert s.current_player == 0
    s = s.apply(Pass())
    # window closed without a challenge; red 5 has no power: red ends the turn and the next
    # seat in order is active
    assert s.legal_actions() == (Decline(),)
    s = s.apply("decline")
    assert (s.phase, s.active, s.table[1]) == ("play", 2, C("red-5"))


def test_first_challenger_closes_the_window():
    hands = [["green-5", "green-6", "green-7"], ["red-5", "red-6"], ["blue-5", "blue-6"]]
    s = position(GRB, hands, table=[None, "red-9", "blue-9"], active=0)
    s = run(s, "play green-5", "challenge 0")
    assert [e.kind for e in s.events].count("challenge") == 1
    assert s.phase == "play" and s.active == 1  # seat 2 was never asked


def test_challenge_targets_are_a_plus_seats_with_a_card_down():
    hands = [["green-5", "green-6"], ["red-5", "red-6"], ["blue-5", "blue-6"], ["pink-5", "pink-6"]]
    s = position(GRBP, hands, table=[None, "red-1", None, "pink-1"], active=0)
    s = s.apply("play green-5")
    assert s.current_player == 1
    assert set(s.legal_actions()) == {Pass(), Challenge((0,)), Challenge((0, 3))}
    # seat 2 has no card down, C cannot target itself, A is always a target
    for bad in ("challenge 0,2", "challenge 0,1", "challenge 3"):
        assert not s.can_apply(bad)
        with pytest.raises(IllegalActionError):
            s.apply(bad)


def test_next_active_player_is_next_in_seat_order_whoever_wins():
    s = position(GRB, [["green-2", "green-3"], ["red-2", "red-3", "red-4"], ["blue-2", "blue-3"]],
                 table=[None, None, "blue-9"], active=1)  # fmt: skip
    s = run(s, "play red-2", "challenge 1")  # blue (seat 2) challenges and wins
    assert s.phase == "play" and s.active == 2


# ---- one-on-one showdowns ------------------------------------------------------------------


def test_one_on_one_higher_number_wins_winner_card_discarded_loser_card_claimed():
    s = position(GR, [["green-7", "green-1"], ["red-5", "red-9"]], table=[None, "red-4"])
    after = run(s, "play green-7", "challenge 0")
    showdown = next(e for e in after.events if e.kind == "showdown")
    assert showdown.winner == 0
    assert moves(after, s.apply("play green-7"))[:2] == [
        ("green-7", "table:0", "discard", "won"),
        ("red-4", "table:1", "bonus:0", "claimed"),
    ]
    assert C("green-7") in after.discard
    assert after.bonus[0][0] == C("red-4")


def test_one_on_one_tie_goes_to_the_challenger():
    s = position(GR, [["green-5", "green-7"], ["red-1", "red-2"]], table=[None, "red-5"])
    after = run(s, "play green-5", "challenge 0")
    assert next(e for e in after.events if e.kind == "showdown").winner == 1
    assert moves(after, s.apply("play green-5")) == [
        ("red-5", "table:1", "discard", "won"),
        ("green-5", "table:0", "bonus:1", "claimed"),
        ("green-7", "hand:0", "bonus:1", "taken"),
    ]
    assert after.bonus == ((), (C("green-5"), C("green-7")))


def test_random_take_is_one_card_of_the_losers_hand_chosen_by_the_seed():
    hand = ["red-1", "red-2", "red-3", "red-5", "red-6", "red-7"]
    taken = set()
    for seed in range(40):
        s = position(GR, [["green-9", "green-8"], hand], table=[None, "red-4"], seed=seed)
        after = run(s, "play green-9", "challenge 0")
        (card, source, target, why) = moves(after)[-1]
        assert (source, target, why) == ("hand:1", "bonus:0", "taken")
        assert card in hand and C(card) not in after.hands[1]
        assert len(after.hands[1]) == len(hand) - 1
        again = run(position(GR, [["green-9", "green-8"], hand], table=[None, "red-4"],
                             seed=seed), "play green-9", "challenge 0")  # fmt: skip
        assert moves(again)[-1][0] == card  # same seed, same take
        taken.add(card)
    assert len(taken) >= 4  # the take really is random over the hand


def test_empty_hand_loser_gives_nothing_and_the_game_ends():
    s = position(GR, [["green-2"], ["red-6", "red-7"]], table=[None, "red-5"])
    after = run(s, "play green-2", "challenge 0")
    assert moves(after, s.apply("play green-2")) == [
        ("red-5", "table:1", "discard", "won"),
        ("green-2", "table:0", "bonus:1", "claimed"),
    ]
    assert after.is_terminal and after.current_player is None


# ---- multi-target showdowns ----------------------------------------------------------------


def test_multi_target_tie_goes_to_c_when_c_is_tied():
    hands = [["green-7", "green-1"], ["red-4", "red-5"], ["blue-1", "blue-2"]]
    s = position(GRB, hands, table=[None, "red-7", "blue-3"], active=0)
    after = run(s, "play green-7", "challenge 0,2")
    assert next(e for e in after.events if e.kind == "showdown").winner == 1


@pytest.mark.parametrize(
    ("colors", "hands", "table", "active", "actions", "winner"),
    [
        # C = 1; A = 0 and seat 2 tie on 8; first in seat order after C is seat 2
        (GRB, [["green-8", "green-1"], ["red-4", "red-5"], ["blue-1", "blue-2"]],
         [None, "red-2", "blue-8"], 0, ["play green-8", "challenge 0,2"], 2),
        # C = 3; A = 0 and seat 1 tie on 8; first after C is seat 0 (A)
        (GRBP, [["green-8", "green-1"], ["red-4", "red-5"], ["blue-1", "blue-2"],
                ["pink-1", "pink-3"]],
         [None, "red-8", None, "pink-2"], 0, ["play green-8", "pass", "challenge 0,1"], 0),
    ],
)  # fmt: skip
def test_multi_target_tie_without_c_goes_to_first_tied_seat_after_c(
    colors, hands, table, active, actions, winner
):
    after = run(position(colors, hands, table=table, active=active), *actions)
    assert next(e for e in after.events if e.kind == "showdown").winner == winner


def test_multi_target_all_showdown_cards_discarded_and_winner_takes_from_each_loser():
    hands = [["green-7", "green-1"], ["red-4", "red-5"], ["blue-1", "blue-9"]]
    s = position(GRB, hands, table=[None, "red-9", "blue-3"], active=0, seed=5)
    played = s.apply("play green-7")
    after = played.apply("challenge 0,2")
    showdown = next(e for e in after.events if e.kind == "showdown")
    assert [seat for seat, _ in showdown.cards] == [1, 0, 2]  # C first, then A, then others
    assert showdown.winner == 1
    got = moves(after, played)
    assert got[:3] == [
        ("red-9", "table:1", "discard", "won"),
        ("blue-3", "table:2", "discard", "showdown"),
        ("green-7", "table:0", "discard", "showdown"),
    ]
    takes = got[3:]
    # one card from each loser, in seat order after the winner (seat 2, then seat 0)
    assert [(t[1], t[3]) for t in takes] in (
        [("hand:2", "taken"), ("hand:0", "taken")],
        [("hand:2", "blue-return"), ("hand:0", "taken")],
    )
    assert takes[1][:3] == ("green-1", "hand:0", "bonus:1")
    assert C("blue-3") in after.discard and C("green-7") in after.discard
    assert not any(c.number == 3 and c.color.value == "blue" for c in after.bonus[1])


# ---- powers -------------------------------------------------------------------------------


def test_green_3_unchallenged_may_return_to_hand():
    s = position(GR, [["green-3", "green-5"], ["red-1", "red-2"]], table=[None, None])
    s = s.apply("play green-3")
    assert (s.phase, s.current_player) == ("power", 0)
    assert set(s.legal_actions()) == {TakeBack(), Decline()}
    back = s.apply(TakeBack())
    assert back.hands[0] == (C("green-3"), C("green-5")) and back.table[0] is None
    assert moves(back, s) == [("green-3", "table:0", "hand:0", "green-return")]
    assert any(isinstance(e, PowerEvent) and e.power == "green-return" for e in back.events)
    assert back.active == 1


def test_green_3_declined_stays_down_and_the_decline_is_private():
    s = run(position(GR, [["green-3", "green-5"], ["red-1", "red-2"]]), "play green-3")
    kept = s.apply("decline")
    assert kept.table[0] == C("green-3") and kept.active == 1
    assert any(isinstance(e, DeclineEvent) for e in kept.view(0).events)
    assert not any(isinstance(e, DeclineEvent) for e in kept.view(1).events)
    assert kept.view(1).events == s.view(1).events


def test_other_greens_and_challenged_green_3_have_no_power():
    s = position(GR, [["green-4", "green-5"], ["red-1", "red-2"]])
    assert s.apply("play green-4").legal_actions() == (Decline(),)
    s = position(GR, [["green-3", "green-5", "green-6"], ["red-1", "red-2"]], table=[None, "red-9"])
    after = run(s, "play green-3", "challenge 0")
    assert after.phase == "play" and C("green-3") in after.bonus[1]


def test_red_3_or_4_unchallenged_steals_a_bonus_card_and_is_spent():
    bonus = [["blue-9", "red-2"], ["green-2"], ["green-6"]]  # its own pile is not a target
    hands = [["green-5", "green-1"], ["red-4", "red-6"], ["blue-1", "blue-2"]]
    s = position(GRB, hands, bonus=bonus, active=1).apply("play red-4")
    assert (s.phase, s.current_player) == ("power", 1)
    assert set(s.legal_actions()) == {
        Steal(0, C("blue-9")), Steal(0, C("red-2")), Steal(2, C("green-6")), Decline()
    }
    after = s.apply("steal 0 blue-9")
    assert moves(after, s) == [
        ("blue-9", "bonus:0", "bonus:1", "red-steal"),
        ("red-4", "table:1", "discard", "red-spent"),
    ]
    assert after.bonus[0] == (C("red-2"),) and after.bonus[1] == (C("green-2"), C("blue-9"))
    assert after.table[1] is None and C("red-4") in after.discard
    assert after.view(0).seen(1) == (2, 4)  # red-2 in a bonus pile; the spent red-4 too


@pytest.mark.parametrize(
    ("played", "bonus", "power"),
    [
        ("red-3", [["green-1"], []], True),
        ("red-4", [["green-1"], []], True),
        ("red-5", [["green-1"], []], False),
        ("red-3", [[], ["green-1"]], False),  # only its own bonus: nothing to steal
    ],
)
def test_which_red_cards_can_steal(played, bonus, power):
    s = position(GR, [["green-5", "green-6"], [played, "red-9"]], bonus=bonus, active=1)
    options = s.apply(f"play {played}").legal_actions()
    assert any(isinstance(a, Steal) for a in options) is power
    assert options[-1] == Decline()


def test_red_declined_stays_face_down():
    s = position(GR, [["green-5", "green-6"], ["red-3", "red-9"]], bonus=[["green-1"], []],
                 active=1)  # fmt: skip
    after = run(s, "play red-3", "decline")
    assert after.table[1] == C("red-3") and after.bonus[0] == (C("green-1"),)


@pytest.mark.parametrize(("number", "why", "to"), [(7, "blue-return", "bonus:1"),
                                                   (8, "blue-return", "bonus:1"),
                                                   (9, "blue-return", "bonus:1"),
                                                   (6, "taken", "bonus:0")])  # fmt: skip
def test_blue_7_8_9_taken_at_random_go_to_their_owners_bonus(number, why, to):
    s = position(("green", "blue"), [["green-9", "green-1"], [f"blue-{number}"]],
                 table=[None, "blue-2"])  # fmt: skip
    after = run(s, "play green-9", "challenge 0")
    assert moves(after)[-1] == (f"blue-{number}", "hand:1", to, why)


def test_pink_5_winner_makes_the_loser_choose_a_card_worth_two_coins():
    s = position(("green", "red", "pink"),
                 [["green-4", "green-1"], ["red-1", "red-6", "red-9"], ["pink-5", "pink-1"]],
                 table=[None, "red-2", None], active=2)  # fmt: skip
    s = run(s, "play pink-5")
    s = s.apply("challenge 2")  # red challenges pink with red-2 and loses
    assert (s.phase, s.current_player) == ("pink", 1)
    assert set(s.legal_actions()) == {Give(C("red-6")), Give(C("red-9"))}
    with pytest.raises(IllegalActionError):
        s.apply("give red-1")
    after = s.apply("give red-9")
    assert moves(after, s) == [("red-9", "hand:1", "bonus:2", "pink-give")]
    assert after.phase == "play" and after.active == 0


@pytest.mark.parametrize(
    ("winning", "pink_phase"),
    [("pink-5", True), ("pink-6", True), ("pink-7", False), ("pink-4", False)],
)
def test_only_pink_5_and_6_force_the_give(winning, pink_phase):
    s = position(("red", "pink"), [["red-1", "red-8"], [winning, "pink-1"]],
                 table=["red-2", None], active=1)  # fmt: skip
    after = run(s, f"play {winning}", "challenge 1")
    assert (after.phase == "pink") is pink_phase


def test_pink_loser_without_a_two_coin_card_gives_a_random_card():
    s = position(("red", "pink"), [["red-2", "red-3"], ["pink-6", "pink-1"]],
                 table=["red-1", None], active=1)  # fmt: skip
    after = run(s, "play pink-6", "challenge 1")
    assert after.phase == "play"
    assert moves(after)[-1][1:] == ("hand:0", "bonus:1", "taken")


def test_pink_counts_the_bonus_value_under_every_coin_table():
    """*nilai bonus minimal 2 koin*: under coins=number a yellow 2 or 3 is worth -2 or -3 as a
    bonus card, so the loser may not give it; a yellow 4 (+4) may be given."""
    rules = KayaRules(("yellow", "pink"), coins={n: n for n in range(1, 10)})
    s = KayaState.from_position(rules, [["yellow-2", "yellow-3", "yellow-4"], ["pink-5", "pink-1"]],
                                table=["yellow-1", None], active=1)  # fmt: skip
    s = run(s, "play pink-5", "challenge 1")
    assert (s.phase, s.current_player) == ("pink", 0)
    assert s.legal_actions() == (Give(C("yellow-4")),)
    for card in ("yellow-2", "yellow-3"):
        assert s.refusal(f"give {card}").code == "give_two_coins"
    only_negative = KayaState.from_position(rules, [["yellow-2", "yellow-3"], ["pink-5", "pink-1"]],
                                            table=["yellow-1", None], active=1)  # fmt: skip
    after = run(only_negative, "play pink-5", "challenge 1")
    assert after.phase == "play" and moves(after)[-1][3] == "taken"  # a random card instead


def test_multi_target_pink_asks_each_loser_in_turn():
    hands = [["green-1", "green-7"], ["red-1", "red-8"], ["pink-6", "pink-2"]]
    s = position(("green", "red", "pink"), hands, table=["green-2", "red-3", None], active=2)
    s = run(s, "play pink-6", "challenge 1,2")  # green challenges pink and red; pink wins
    assert (s.phase, s.current_player) == ("pink", 0)
    s = s.apply("give green-7")
    assert (s.phase, s.current_player) == ("pink", 1)
    s = s.apply("give red-8")
    assert s.bonus[2] == (C("green-7"), C("red-8")) and s.phase == "play"


def test_orange_4_winner_may_keep_it_as_a_bonus_card():
    s = position(("red", "orange"), [["red-1", "red-8"], ["orange-4", "orange-1"]],
                 table=["red-3", None], active=1)  # fmt: skip
    s = run(s, "play orange-4", "challenge 1")
    assert (s.phase, s.current_player) == ("orange", 1)
    assert set(s.legal_actions()) == {Keep(), Decline()}
    assert s.view(0).revealed == (C("red-3"), C("orange-4"))  # both cards are face-up
    kept = s.apply("keep")
    assert moves(kept, s)[:3] == [
        ("orange-4", "table:1", "bonus:1", "orange-keep"),
        ("red-3", "table:0", "bonus:1", "claimed"),
        ("red-1", "hand:0", "bonus:1", "taken") if moves(kept)[-1][0] == "red-1"
        else ("red-8", "hand:0", "bonus:1", "taken"),
    ]
    declined = s.apply("decline")
    assert moves(declined, s)[0] == ("orange-4", "table:1", "discard", "won")
    assert kept.scores().seats[1].bonus_sum == declined.scores().seats[1].bonus_sum + 2


@pytest.mark.parametrize(("orange", "challenger", "choice"), [
    ("orange-4", "red-5", False),   # orange 4 lost: no choice
    ("orange-5", "red-3", False),   # orange 5 won: no power
    ("orange-4", "red-3", True),
])  # fmt: skip
def test_only_a_winning_orange_4_can_be_kept(orange, challenger, choice):
    s = position(("red", "orange"), [["red-1", "red-8"], [orange, "orange-1", "orange-2"]],
                 table=[challenger, None], active=1)  # fmt: skip
    after = run(s, f"play {orange}", "challenge 1")
    assert (after.phase == "orange") is choice
    assert (C(orange) in after.discard) is (not choice and orange == "orange-5")


# ---- end and scoring ------------------------------------------------------------------------


def test_game_ends_when_a_non_active_hand_is_emptied_by_a_take():
    s = position(GRB, [["green-9", "green-1"], ["red-2"], ["blue-1", "blue-2"]],
                 table=[None, "red-1", None])  # fmt: skip
    after = run(s, "play green-9", "challenge 0")
    assert after.is_terminal and after.hands[1] == ()
    assert after.events[-1].kind == "end" and after.legal_actions() == ()


def test_game_goes_on_while_every_hand_has_a_card():
    s = position(GR, [["green-9", "green-1"], ["red-2", "red-3"]], table=[None, "red-1"])
    after = run(s, "play green-9", "challenge 0")
    assert not after.is_terminal and after.phase == "play"


def test_scoring_hand_numbers_plus_bonus_coins_yellow_negative_table_nothing():
    s = position(("green", "yellow"), [["green-9", "green-1"], ["yellow-5", "yellow-6"]],
                 table=[None, "yellow-9"],
                 bonus=[["yellow-3", "yellow-7", "green-4"], ["yellow-1", "green-3"]],
                 )  # fmt: skip
    # green plays its 1 (lowest) and yellow does not challenge: green keeps 9 in hand
    s = run(s, "play green-1", "pass")
    scores = s.scores()
    green, yellow = scores.seats
    assert (green.hand_sum, green.bonus_sum) == (9, -1 + 3 + 2)
    assert (yellow.hand_sum, yellow.bonus_sum) == (11, -1 + 1)  # yellow-9 on the table: 0
    assert scores.totals == (13, 11)


def test_equal_totals_share_the_win():
    bonus = [["red-9", "red-8"], ["green-4"]]  # green 6 coins, red 2 coins
    s = position(GR, [["green-5"], ["red-1", "red-3"]], bonus=bonus)
    shared = run(s, "play green-5", "decline")  # green's hand is empty: the game ends
    assert shared.is_terminal
    assert shared.scores().totals == (6, 6)  # green 0 + 6; red 1 + 3 + 2
    assert shared.outcome.winners == (0, 1) and shared.returns() == (1.0, 1.0)
    assert shared.events[-1].to_json() == {"event": "end", "scores": [6, 6], "winners": [0, 1]}
    alone = run(position(GR, [["green-5"], ["red-1", "red-2"]], bonus=bonus), "play green-5",
                "decline")  # fmt: skip
    assert alone.scores().totals == (6, 5)
    assert alone.outcome.winners == (0,) and alone.returns() == (1.0, 0.0)


def test_coin_table_option_changes_scores_and_pink_choices():
    coins = {n: n for n in range(1, 10)}
    s = position(("red", "pink"), [["red-1", "red-3"], ["pink-5", "pink-1"]],
                 table=["red-2", None], active=1, coins=coins)  # fmt: skip
    s = run(s, "play pink-5", "challenge 1")
    # with coins = numbers, red 3 is worth 3 coins: a valid give (with the default it is not)
    assert set(s.legal_actions()) == {Give(C("red-3"))}
    after = s.apply("give red-3")
    assert after.scores().seats[1].bonus_sum == 2 + 3  # claimed red-2 (2) + red-3 (3)


# ---- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "error"),
    [("play green-9", IllegalActionError), ("play red-5", IllegalActionError),
     ("pass", IllegalActionError), ("challenge 0", IllegalActionError),
     ("keep", IllegalActionError), ("give green-5", IllegalActionError),
     ("take-back", IllegalActionError), ("decline", IllegalActionError),
     ("steal 1 red-2", IllegalActionError), ("play", ParseError), ("challenge", ParseError),
     ("jump", ParseError), (3, IllegalActionError)],
)  # fmt: skip
def test_refused_actions_raise_and_leave_the_state_alone(bad, error):
    s = position(GR, [["green-5", "green-6"], ["red-1", "red-8"]], table=[None, "red-2"])
    before = s.events, s.hands, s.table, s.phase
    assert not s.can_apply(bad)
    with pytest.raises(error):
        s.apply(bad)
    assert (s.events, s.hands, s.table, s.phase) == before
    with pytest.raises(AttributeError):
        s.phase = "over"  # type: ignore[misc]


def test_no_action_after_the_end():
    s = position(GR, [["green-5"], ["red-1", "red-8"]])
    over = run(s, "play green-5", "decline")
    assert over.is_terminal and over.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="over"):
        over.apply("play green-5")


def test_end_check_comes_after_the_turn_a_green_3_taken_back_refills_the_hand():
    s = position(GR, [["green-3"], ["red-1", "red-2"]]).apply("play green-3")
    assert s.hands[0] == () and s.phase == "power"  # an empty hand does not end the turn early
    back = s.apply("take-back")
    assert not back.is_terminal and back.hands[0] == (C("green-3"),) and back.active == 1
    assert s.apply("decline").is_terminal
