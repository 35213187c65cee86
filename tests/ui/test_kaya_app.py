"""Headless tests of the Aku Paling Kaya app: games and rigged positions played by clicking."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kayalib.kaya.cards import Card
from kayalib.kaya.game import WHYS, Challenge, KayaState, MoveEvent
from kayalib.kaya.rules import KayaRules
from kayalib.ui.kaya_app import KayaApp, challenge_win_odds
from kayalib.ui.tree import find_all, to_html
from tests.ui.page import inner, part, shown, visible


def buttons_offered(app: KayaApp) -> bool:
    """Whether the hand's Play (or Give) buttons are shown (one class of the hand row)."""
    return app.acting


def playable_slots(app: KayaApp) -> list[int]:
    return [
        i
        for i, (slot, b) in enumerate(zip(app.slots_shown, app.slot_buttons, strict=True))
        if slot and buttons_offered(app) and not b.disabled
    ]


def slot(app: KayaApp, card: Card | str):
    """The Play (or Give) button under ``card``: a hand holds one colour, slot k is number k+1."""
    return app.slot_buttons[(Card.parse(card) if isinstance(card, str) else card).number - 1]


def human_step(app: KayaApp, k: int) -> None:
    """A simple human who clicks what the screen offers."""
    phase = app.owner.state.phase
    if phase in ("play", "pink"):
        app.slot_buttons[playable_slots(app)[-1 if k % 2 else 0]].click()
    elif phase == "challenge":
        (app.challenge_button if k % 3 == 0 else app.pass_button).click()
    elif visible(app.take_back) and k % 2:
        app.take_back.click()
    elif visible(app.steal_button) and k % 2:
        app.steal_button.click()
    elif visible(app.keep_button) and k % 2:
        app.keep_button.click()
    else:
        app.decline_button.click()


def play_to_end(app: KayaApp, limit: int = 400) -> int:
    k = 0
    while not app.owner.state.is_terminal:
        assert app.is_human(app.owner.state.current_player)
        human_step(app, k)
        assert inner(app, "kaya-error") == "", inner(app, "kaya-error")
        k += 1
        assert k < limit
    return k


def test_whole_game_against_bots_shows_the_score_breakdown() -> None:
    app = KayaApp(seed=5, delay=0, opponents=["counter", "random", "counter"], colour="pink")
    assert [c.value for c in app.owner.state.rules.colors] == ["pink", "green", "red", "blue"]
    play_to_end(app)
    scores = app.owner.state.scores()
    for seat in scores.seats:
        assert f"<b>{seat.total}</b>" in inner(app, "kaya-score")
        assert f"= {seat.hand_sum}<" in inner(app, "kaya-score")
    assert "Game over" in inner(app, "kaya-status")
    assert "Game over. Points:" in inner(app, "kaya-log")
    assert not any(app.slots_shown)  # no cards to play after the end
    assert not buttons_offered(app)


def test_same_seed_same_clicks_same_game() -> None:
    logs = []
    for _ in range(2):
        app = KayaApp(seed=77, delay=0, opponents=["counter", "random"])
        play_to_end(app)
        logs.append(app.owner.state.log_lines())
    assert logs[0] == logs[1]


def test_gambreng_panel_shows_every_show() -> None:
    app = KayaApp(seed=12, delay=0, opponents=["random"] * 4)
    draw = app.owner.state.gambreng
    assert draw is not None
    assert inner(app, "kaya-gambreng").count("<li>") == len(draw.rounds)
    assert app.seat_name(draw.first) in inner(app, "kaya-gambreng")
    assert "Gambreng took" in inner(app, "kaya-log")


def test_undo_goes_back_to_the_exact_last_human_decision() -> None:
    app = KayaApp(seed=21, delay=0, opponents=["counter", "counter"])
    decision = app.owner.state
    assert app.is_human(decision.current_player)
    human_step(app, 0)
    assert len(app.owner.states) > 1
    app.shell.undo_button.click()
    assert app.owner.state is decision
    assert inner(app, "kaya-error") == ""


def test_refused_action_keeps_the_state_and_shows_why() -> None:
    app = KayaApp(seed=4, delay=0, opponents=["random"])
    while app.owner.state.phase != "challenge":
        human_step(app, 1)
    before, length = app.owner.state, len(app.owner.states)
    slot(app, app.owner.state.hands[0][0]).click()  # a hidden Play button, clicked anyway
    assert app.owner.state is before and len(app.owner.states) == length
    assert "may pass or challenge" in inner(app, "kaya-error")
    app.pass_button.click()
    assert inner(app, "kaya-error") == ""


def rigged(app: KayaApp, colours, seats, **position) -> None:
    app.start_from(KayaState.from_position(KayaRules(colours), **position), seats)


def test_green_three_can_be_taken_back() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"])
    rigged(app, ("green", "red"), ["human", "random"],
           hands=[["green-3", "green-8"], ["red-5", "red-6"]], active=0)  # fmt: skip
    slot(app, "green-3").click()  # play green 3; nobody can challenge (no card down)
    assert app.owner.state.phase == "power"
    assert shown(app, "kaya-power-box") and visible(app.take_back) and not visible(app.keep_button)
    assert "nobody challenged your green 3" in inner(app, "kaya-status")
    app.take_back.click()
    assert Card.parse("green-3") in app.owner.state.hands[0]
    assert "Green power" in inner(app, "kaya-log")


def test_declining_a_power_keeps_the_card_secret_from_a_hot_seat_log() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["human"])
    rigged(app, ("green", "red"), ["human", "human"],
           hands=[["green-3", "green-8"], ["red-5", "red-6"]], active=0)  # fmt: skip
    assert app.humans == [0, 1]
    app.show_hand.click()  # seat 0 looks at its own cards
    slot(app, "green-3").click()  # green 3; nobody can challenge (no other card down)
    assert app.owner.state.phase == "power" and visible(app.decline_button)
    app.decline_button.click()  # a fresh Decline() from the app
    assert inner(app, "kaya-error") == ""
    assert app.owner.state.table[0] == Card.parse("green-3")  # still face-down on the table
    assert app.owner.state.current_player == 1  # seat 1 looks at the same screen now
    assert "kaya-card-kaya" not in inner(app, "kaya-hand")  # hands face down
    # the shared log says nothing about which card lies face down, nor about a power
    assert "does not use the power" not in inner(app, "kaya-log")
    assert "green 3" not in inner(app, "kaya-log")
    assert "face-down onto the table: “Aku paling kaya!”" in inner(app, "kaya-log")
    # while the own log of a single player does tell that player
    solo = KayaApp(seed=1, delay=0, opponents=["random"])
    rigged(solo, ("green", "red"), ["human", "random"],
           hands=[["green-3", "green-8"], ["red-5", "red-6"]], active=0)  # fmt: skip
    slot(solo, "green-3").click()
    solo.decline_button.click()
    assert "does not use the power of green 3" in inner(solo, "kaya-log")


def test_red_power_steals_the_chosen_bonus_card() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"])
    rigged(app, ("red", "blue"), ["human", "random"],
           hands=[["red-3", "red-8"], ["blue-5", "blue-6"]],
           bonus=[[], ["red-9", "blue-1"]], active=0)  # fmt: skip
    slot(app, "red-3").click()  # red 3
    assert app.owner.state.phase == "power" and visible(app.steal_choice)
    labels = [label for label, _ in app.steal_choice.options]
    assert len(labels) == 2 and all("Player 2" in label for label in labels)
    target = next(a for _, a in app.steal_choice.options if str(a.card) == "red-9")
    app.steal_choice.value = target
    app.steal_button.click()
    assert Card.parse("red-9") in app.owner.state.bonus[0]
    assert "Red power" in inner(app, "kaya-log") and "red 9" in inner(app, "kaya-log")


def test_orange_four_winner_may_keep_it() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"])
    rigged(app, ("orange", "green"), ["human", "random"],
           hands=[["orange-1", "orange-2"], ["green-2"]], table=["orange-4", None],
           active=1)  # fmt: skip
    # the bot played
    assert app.owner.state.phase == "challenge" and shown(app, "kaya-challenge-box")
    app.challenge_button.click()
    assert app.owner.state.phase == "orange" and visible(app.keep_button)
    assert "wins the showdown" in inner(app, "kaya-showdown")
    app.keep_button.click()
    assert Card.parse("orange-4") in app.owner.state.bonus[0]
    assert "keeps the winning orange 4" in inner(app, "kaya-log")


def test_pink_winner_makes_the_loser_choose_a_two_coin_card() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"])
    rigged(app, ("green", "pink"), ["human", "random"],
           hands=[["green-1", "green-5", "green-7"], ["pink-5"]], table=["green-2", None],
           active=1)  # fmt: skip
    app.challenge_button.click()  # green 2 against pink 5: pink wins
    assert app.owner.state.phase == "pink"
    assert "Give" in slot(app, "green-1").description
    enabled = [i + 1 for i in playable_slots(app)]  # slot k holds number k + 1
    assert enabled == [5, 7]  # green 1 is worth 1 coin only
    slot(app, "green-7").click()
    assert Card.parse("green-7") in app.owner.state.bonus[1]
    assert "pink power" in inner(app, "kaya-log")


def test_multi_target_challenge_uses_the_ticked_boxes() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random", "random"])
    rigged(app, ("green", "red", "blue"), ["human", "random", "random"],
           hands=[["green-1", "green-2"], ["red-1", "red-2"], ["blue-1"]],
           table=["green-9", "red-3", None], active=2)  # fmt: skip
    # blue (seat 2) played its only card; seat 0 is asked first, then seat 1
    assert app.owner.state.phase == "challenge" and app.owner.state.current_player == 0
    assert visible(app.targets[1]) and visible(app.targets[2]) and app.targets[2].disabled
    assert app.targets[2].value and not visible(app.targets[0])
    app.targets[1].value = True
    assert app.chosen_targets() == (1, 2)
    app.challenge_button.click()
    assert "Player 1 (you) · green challenges Player 3 (bot: random) · blue, Player 2" in (
        inner(app, "kaya-log")
    )
    assert "Showdown: Player 1 (you) · green: 9" in inner(app, "kaya-log")
    assert "wins the showdown" in inner(app, "kaya-showdown")


def brute_force_win(own: int, unseen: list[tuple[int, ...]]) -> Fraction:
    p = Fraction(1)
    for numbers in unseen:
        p *= Fraction(sum(1 for n in numbers if n <= own), len(numbers))
    return p


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_hint_matches_brute_force_counting(seed: int, players: int) -> None:
    app = KayaApp(seed=seed, delay=0, opponents=["random"] * (players - 1), hint=True)
    k = 0
    while app.owner.state.phase != "challenge" and not app.owner.state.is_terminal and k < 60:
        human_step(app, 1)
        k += 1
    if app.owner.state.phase != "challenge":
        return
    state = app.owner.state
    view = state.view(0)
    odds = dict(challenge_win_odds(view))
    challenges = [a for a in state.legal_actions() if isinstance(a, Challenge)]
    assert set(odds) == set(challenges)
    for c in challenges:
        expected = brute_force_win(view.own_table.number, [view.hidden[t] for t in c.targets])
        assert odds[c] == pytest.approx(float(expected))
    shown = re.findall(r'kaya-bar-value"[^>]*>([0-9.]+)%', inner(app, "kaya-hint"))
    assert len(shown) == len(challenges)


def test_every_move_reason_has_words() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"])
    card = Card.parse("blue-7")
    for why in WHYS:
        text = app.move_text(MoveEvent(1, card, "hand:0", "bonus:1", why))
        assert (text == "") == (why == "play"), why
        if text:
            assert "{" not in text


def test_hot_seat_hides_hands_and_blocks_blind_moves() -> None:
    app = KayaApp(seed=9, delay=0, opponents=["human"])
    seat = app.owner.state.current_player
    assert "kaya-card-kaya" not in inner(app, "kaya-hand")
    assert all(b.disabled for b in app.slot_buttons)
    app.slot_buttons[0].click()
    assert "Show my hand" in inner(app, "kaya-error")
    app.show_hand.click()
    assert "kaya-card-kaya" in to_html(app.slot_cards[0])
    played = len(app.owner.state.moves)
    app.slot_buttons[0].click()
    seat_moves = app.owner.state.moves[played:]
    assert seat_moves and seat_moves[0][0] == seat and str(seat_moves[0][1]).startswith("play")
    assert "kaya-card-kaya" not in inner(app, "kaya-hand")
    # the log of a hot-seat game names no face-down card
    assert "face-down onto the table: “Aku paling kaya!”" in inner(app, "kaya-log")
    assert " plays green" not in inner(app, "kaya-log")
    assert " plays red" not in inner(app, "kaya-log")


def test_language_switch_translates_cards_and_buttons() -> None:
    app = KayaApp(seed=3, delay=0, opponents=["random"])
    app.shell.lang.value = "id"
    assert app.shell.new_game.description == "Permainan baru"
    assert ">hijau<" in inner(app, "kaya-hand")
    assert app.owner.state.phase == "play" and "Aku paling kaya!" in inner(app, "kaya-status")
    app.shell.lang.value = "pl"
    assert ">zielony<" in inner(app, "kaya-hand")
    assert app.colour.value == "green"


def test_colour_choice_and_new_game() -> None:
    app = KayaApp(seed=3, delay=0, opponents=["random", "counter"])
    app.colour.value = "yellow"
    app.shell.seed_field.value = "8"
    app.shell.new_game.click()
    assert [c.value for c in app.owner.state.rules.colors] == ["yellow", "green", "red"]
    assert app.owner.state.seed == 8


def test_start_from_refuses_wrong_seats() -> None:
    app = KayaApp(seed=3, delay=0, opponents=["random"])
    state = KayaState.new(KayaRules(("green", "red")), seed=1)
    with pytest.raises(ValueError, match="need 2 seats, not 3"):
        app.start_from(state, ["human", "random", "random"])
    with pytest.raises(ValueError, match="unknown seat"):
        app.start_from(state, ["human", "odds"])


def test_a_new_game_shows_the_gambreng_one_show_at_a_time() -> None:
    import asyncio

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:

        async def scenario() -> list[int]:
            app = KayaApp(seed=12, delay=0.05, opponents=["random"] * 4)
            total = len(app.owner.state.gambreng.rounds)
            assert total >= 2
            assert app.watching_intro and "who plays first?" in inner(app, "kaya-status")
            assert not buttons_offered(app) or all(b.disabled for b in app.slot_buttons)
            app.slot_buttons[0].click()
            assert "Wait until the gambreng" in inner(app, "kaya-error")
            assert len(app.owner.states) == 1
            seen = [inner(app, "kaya-gambreng").count("<li>")]

            def drawn(_change: object) -> None:  # every redraw, however busy the machine
                n = inner(app, "kaya-gambreng").count("<li>")
                if n != seen[-1]:
                    seen.append(n)

            app.widget.observe(drawn, names="rev")
            for _ in range(500):
                await asyncio.sleep(0.002)
                if not app.watching_intro:
                    break
            assert not app.watching_intro
            assert inner(app, "kaya-gambreng").count("<li>") == total
            first = app.seat_name(app.owner.state.gambreng.first)
            assert first + " plays first" in inner(app, "kaya-gambreng")
            return seen

        seen = loop.run_until_complete(scenario())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    assert len(seen) >= 3  # the shows appeared over several ticks


def test_undo_and_instant_speed_skip_the_gambreng_show() -> None:
    app = KayaApp(seed=12, delay=0, opponents=["random"] * 4)
    assert not app.watching_intro
    assert "plays first" in inner(app, "kaya-gambreng")


def test_a_bot_decides_about_its_power_without_a_visible_pause() -> None:
    # Only a green 3 or red 3/4 leads to the power choice, so pausing on it would tell the
    # table what the face-down card is: the bot decides at once, in the same step as its play.
    import asyncio

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:

        async def scenario() -> list[tuple[str, bool]]:
            app = KayaApp(seed=1, delay=0.001, opponents=["counter"])
            screens: list[tuple[str, bool]] = []
            render = app.render

            def recording_render() -> None:
                screens.append((app.owner.state.phase, app.bot_to_move()))
                render()

            app.render = recording_render  # type: ignore[method-assign]
            rigged(app, ("red", "green"), ["human", "counter"],
                   hands=[["red-5", "red-6"], ["green-3", "green-8"]], active=1)  # fmt: skip
            for _ in range(200):
                await asyncio.sleep(0.002)
                if app.is_human(app.owner.state.current_player):
                    break
            assert any(s.phase == "power" for s in app.owner.states), "the bot met the power choice"
            assert app.owner.state.phase == "play" and app.owner.state.current_player == 0
            return screens

        screens = loop.run_until_complete(scenario())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    assert ("power", True) not in screens
    assert ("play", True) in screens  # the bot's play itself was shown with a pause


# ---------------------------------------------------------------------------------------------
# The hint on every decision, the coin table, the showdown that does not linger


def bar_values(app: KayaApp) -> list[str]:
    return re.findall(r'kaya-bar-value"[^>]*>([^<]*)<', inner(app, "kaya-hint"))


def test_hint_when_playing_a_card_shows_each_cards_odds_from_counting() -> None:
    from kayalib.kaya.advice import play_odds

    app = KayaApp(seed=1, delay=0, opponents=["random"], hint=True)
    rigged(app, ("green", "red"), ["human", "random"],
           hands=[["green-5", "green-9"], ["red-2"]], table=[None, "red-6"], active=0,
           discard=["red-1", "red-3", "red-4", "red-5", "red-7", "red-8", "red-9"])  # fmt: skip
    odds = play_odds(app.owner.state.view(0))
    assert [app.percent(o.win_probability) for o in odds.values()] == ["50.0%", "100%"]
    assert bar_values(app) == ["50.0%", "100%"]
    assert "green 5" in inner(app, "kaya-hint") and "−3 points expected if Player 2 challenges" in (
        inner(app, "kaya-hint")
    )
    hint = inner(app, "kaya-hint")
    assert "+3 points expected" in hint and "in hand it counts 9" in hint
    app.shell.lang.value = "pl"
    assert bar_values(app) == ["50,0%", "100%"]


def test_hint_when_nobody_can_challenge_says_so() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"], hint=True)
    rigged(app, ("green", "red"), ["human", "random"],
           hands=[["green-3", "green-8"], ["red-5", "red-6"]], active=0)  # fmt: skip
    assert "Nobody can challenge this turn" in inner(app, "kaya-hint")


def test_hint_in_the_challenge_window_gives_win_chance_and_expected_points() -> None:
    from kayalib.kaya.advice import challenge_values

    app = KayaApp(seed=1, delay=0, opponents=["random", "random"], hint=True)
    rigged(app, ("green", "red", "blue"), ["human", "random", "random"],
           hands=[["green-1", "green-2"], ["red-1", "red-2"], ["blue-1"]],
           table=["green-9", "red-3", None], active=2)  # fmt: skip
    assert app.owner.state.phase == "challenge" and app.owner.state.current_player == 0
    values = challenge_values(app.owner.state.view(0))
    assert bar_values(app) == [app.percent(v.win_probability) for v in values.values()]
    for v in values.values():
        assert f"{app.signed(v.deltas[0])} points expected for you" in inner(app, "kaya-hint")


def test_hint_counts_a_green_3_taken_back_and_says_so() -> None:
    from kayalib.kaya.advice import challenge_values

    # Green took its 3 back, red played its 6, and green played again from 3, 5 and 8 (its
    # 1, 2 and 4 face down in the discard): the hint draws green's card from that hand.
    state = KayaState.from_position(
        KayaRules(("green", "red")), [["green-3", "green-5", "green-8"], ["red-6", "red-7"]],
        discard=[f"green-{n}" for n in (6, 7, 9)], active=0)  # fmt: skip
    for action in ("play green-3", "take-back", "play red-6", "decline", "play green-5"):
        state = state.apply(action)
    app = KayaApp(seed=1, delay=0, opponents=["random"], hint=True)
    app.start_from(state, ["random", "human"])
    assert app.owner.state.phase == "challenge" and app.owner.state.current_player == 1
    (value,) = challenge_values(app.owner.state.view(1)).values()
    assert value.win_probability == pytest.approx(1 / 3 + 2 / 3 * 4 / 5)  # 3, or 1, 2, 4, 5 of 5
    assert bar_values(app) == [app.percent(value.win_probability)]
    note = "Player 1 took green 3 back into their hand before playing, so their card is green 3"
    assert note in inner(app, "kaya-hint") and "with chance 1 in 3" in inner(app, "kaya-hint")
    app.shell.lang.value = "pl"
    assert "Gracz 1 wziął zielony 3 z powrotem na rękę" in inner(app, "kaya-hint")
    assert "z szansą 1 na 3" in inner(app, "kaya-hint")


def test_hint_counts_a_green_3_played_again_as_often_as_it_was_seen() -> None:
    from kayalib.kaya.advice import challenge_values, known_share

    state = KayaState.from_position(
        KayaRules(("green", "red")),
        [["green-3", "green-5", "green-8"], ["red-2", "red-6", "red-7"]],
        discard=[f"green-{n}" for n in (6, 7, 9)], active=0)  # fmt: skip
    for action in ("play green-3", "take-back", "play red-6", "decline", "play green-3", "pass",
                   "take-back", "play red-7", "decline", "play green-3"):  # fmt: skip
        state = state.apply(action)
    app = KayaApp(seed=1, delay=0, opponents=["random"], hint=True)
    app.start_from(state, ["random", "human"])
    view = app.owner.state.view(1)
    assert view.known_replays[0] == (1, 1) and known_share(view, 0) == Fraction(2, 3)
    (value,) = challenge_values(view).values()  # red's 7 beats the 3 and 1, 2, 4, 5 of 5
    assert value.win_probability == pytest.approx(2 / 3 + 1 / 3 * 4 / 5)
    assert bar_values(app) == [app.percent(value.win_probability)]
    note = ("of the cards they played after a take-back and then showed, 1/1 were that card "
            "again, so their card is green 3 with chance 66.7% (at random: 1 in 3)")
    assert note in inner(app, "kaya-hint")


def test_hint_for_a_power_lists_what_each_choice_changes() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"], hint=True)
    rigged(app, ("red", "blue"), ["human", "random"],
           hands=[["red-3", "red-8"], ["blue-5", "blue-6"]],
           bonus=[[], ["red-9", "blue-1"]], active=0)  # fmt: skip
    slot(app, "red-3").click()  # red 3, nobody can challenge: steal or not
    assert app.owner.state.phase == "power"
    hint = inner(app, "kaya-hint")
    assert "What each choice changes in the points" in hint
    assert "red 9 (3 coins) from Player 2</td><td>you +3; Player 2 −3" in hint
    assert "No, thanks</td><td>you 0" in hint


def test_hint_for_a_green_three_and_for_a_pink_give() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"], hint=True)
    rigged(app, ("green", "red"), ["human", "random"],
           hands=[["green-3", "green-8"], ["red-5", "red-6"]], active=0)  # fmt: skip
    slot(app, "green-3").click()
    assert "Take it back</td><td>you +3" in inner(app, "kaya-hint")
    rigged(app, ("green", "pink"), ["human", "random"],
           hands=[["green-1", "green-5", "green-7"], ["pink-5"]], table=["green-2", None],
           active=1)  # fmt: skip
    app.challenge_button.click()  # loses to pink 5: give a card worth 2+ coins
    assert app.owner.state.phase == "pink"
    assert "Give green 7</td><td>you −7; Player 2 +3" in inner(app, "kaya-hint")
    assert "Give green 5</td><td>you −5; Player 2 +2" in inner(app, "kaya-hint")


def test_coin_table_control_and_address(monkeypatch) -> None:
    app = KayaApp(seed=3, delay=0, opponents=["random"])
    assert app.owner.state.rules.coins == (1, 1, 1, 2, 2, 2, 3, 3, 3)
    labels = [label for label, _ in app.coins.options]
    assert labels[0] == "coins: 1–3 → 1, 4–6 → 2, 7–9 → 3"
    app.coins.value = "number"
    app.shell.new_game.click()
    assert app.owner.state.rules.coins == tuple(range(1, 10))
    assert ">9<" in to_html(app.slot_cards[8])  # the coin badge of a 9 now says 9 coins
    monkeypatch.setenv("QUERY_STRING", "coins=flat&seed=4")
    app = KayaApp.from_query_string(delay=0)
    assert app.coins.value == "flat" and app.owner.state.rules.coins == (1,) * 9


def test_a_showdown_stays_only_until_the_next_decision() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random"])
    rigged(app, ("green", "red"), ["human", "random"],
           hands=[["green-1", "green-2", "green-7"], ["red-2", "red-4", "red-5"]],
           table=["green-9", None], active=1)  # fmt: skip
    assert app.owner.state.phase == "challenge"  # the bot played; the human may challenge
    app.challenge_button.click()
    assert "wins the showdown" in inner(app, "kaya-showdown")  # the news of this turn
    assert app.owner.state.phase == "play" and app.is_human(app.owner.state.current_player)
    assert "wins the showdown" in inner(app, "kaya-showdown")  # still news at this decision
    showdowns = [e for e in app.owner.state.events if e.kind == "showdown"]
    app.slot_buttons[playable_slots(app)[0]].click()  # the next decision
    if [e for e in app.owner.state.events if e.kind == "showdown"] == showdowns:
        assert inner(app, "kaya-showdown") == ""  # no new showdown: the old one is gone


def test_a_new_game_shows_the_gambreng_one_show_at_a_time_before_anybody_moves() -> None:
    """The intro is paced by the app's one pacer (bots wait for it), one show a step."""
    import asyncio

    async def watch() -> tuple[int, list[int], list[str], KayaApp]:
        app = KayaApp(seed=12, delay=0.05, opponents=["random"] * 4)
        shows = len(app.owner.state.gambreng.rounds)
        seen, said = [], []
        for _ in range(2_000):
            if not app.watching_intro:
                break
            assert app.owner.state.ply == 0  # nobody moves during the intro
            if not seen or seen[-1] != app.intro_shown:
                seen.append(app.intro_shown)
                said.append(inner(app, "kaya-status"))
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.05)  # the bots' moves that follow
        return shows, seen, said, app

    shows, seen, said, app = asyncio.run(watch())
    assert shows > 1 and seen == list(range(shows))
    assert all(app.t("gambreng_watch") in line for line in said)
    assert not app.watching_intro and app.owner.state.ply > 0  # then the game goes on


def test_settings_open_and_close_and_say_so() -> None:
    app = KayaApp(seed=3, delay=0, opponents=["random"])
    shell = app.shell
    assert not shown(app, "kaya-settings") and shell.settings_toggle.description.endswith("▸")
    app.shell.settings_toggle.value = True
    assert shown(app, "kaya-settings") and app.shell.settings_toggle.description.endswith("▾")
    assert app.coins in shell.options and app.colour in shell.setup_first
    assert part(app, "kaya-coins") is not None and part(app, "kaya-colour") is not None
    app.shell.settings_toggle.value = False
    assert not shown(app, "kaya-settings")


def test_a_showdown_of_several_targets_states_the_several_target_tie_rule() -> None:
    app = KayaApp(seed=1, delay=0, opponents=["random", "random"])
    rigged(app, ("green", "red", "blue"), ["human", "random", "random"],
           hands=[["green-1", "green-2", "green-4"], ["red-2", "red-5", "red-6"],
                  ["blue-1", "blue-4", "blue-5"]],
           table=["green-9", "red-8", None], active=2)  # fmt: skip
    assert app.owner.state.phase == "challenge" and app.owner.state.current_player == 0
    app.targets[1].value = True  # the active player and red: a showdown of three cards
    app.challenge_button.click()
    assert "wins the showdown" in inner(app, "kaya-showdown")
    assert "first in seat order after the challenger" in inner(app, "kaya-showdown")  # RULES.md 5
    # not the 1-on-1 rule
    assert "a tie goes to the challenger (a claim" not in inner(app, "kaya-showdown")


def test_a_colour_chosen_waits_for_new_game_and_says_so() -> None:
    app = KayaApp(seed=1, delay=0)
    mine = app.owner.state.rules.colors[0].value
    other = next(value for _, value in app.colour.options if value != mine)
    app.colour.value = other
    assert app.settings_pending and "kaya-pending" in app.shell.new_game.classes
    assert app.owner.state.rules.colors[0].value == mine  # nothing changes before New game
    app.shell.new_game.click()
    assert app.owner.state.rules.colors[0].value == other and not app.settings_pending


def test_the_status_line_says_your_own_card_when_a_forced_move_followed_it() -> None:
    """Green 1 has no power to use: the app declines it at once for you. The live status line
    (what a screen reader reads out) still starts from your card, not after that forced move."""
    app = KayaApp(seed=3, delay=0)
    assert app.owner.state.current_player == 0 and app.owner.state.phase == "play"
    slot(app, "green-1").click()
    assert app.owner.state.current_player == 0 and app.owner.state.phase == "challenge"
    assert "Player 1 (you) · green plays green 1" in inner(app, "kaya-status")


def test_the_status_line_keeps_the_challenge_and_its_winner_among_many_lines_of_news() -> None:
    """Seed 3: you challenge red's card and lose; the cards move, red steals, blue plays: more
    news than the status line holds. Who challenged and who won are what it must still say."""
    app = KayaApp(seed=3, delay=0)
    slot(app, "green-1").click()
    assert app.owner.state.phase == "challenge"
    app.challenge_button.click()
    status = inner(app, "kaya-status")
    assert "Player 1 (you) · green challenges" in status
    assert "Showdown: Player 1 (you) · green: 1, Player 2 (bot: counter) · red: 9." in status
    assert "goes from the table" not in status  # the cards' moves are in the log, for room


def part_all(app: KayaApp, css: str) -> list[object]:
    """Every element of the page with class ``css``."""
    return list(find_all(app.widget.tree, css))


def landed_cards(app: KayaApp) -> list[str]:
    """The names of the cards the table panel marks as just landed."""
    return re.findall(r'kaya-landed"><svg[^>]*aria-label="([^"(]*)', inner(app, "kaya-table"))


def test_the_cards_that_just_moved_are_marked_where_they_landed() -> None:
    """Seed 3: you challenge red 9 with green 1 and lose. Green 1 (the loser) and green 9 (red's
    steal) land in red's bonus pile, red 9 in the discard, blue's new card on the table; at
    your next decision only what moved since is marked."""
    app = KayaApp(seed=3, delay=0)
    slot(app, "green-1").click()
    app.challenge_button.click()
    assert sorted(landed_cards(app)) == ["face-down card", "green 1 ", "green 9 ", "red 9 "]
    before = inner(app, "kaya-table").count("kaya-landed")
    slot(app, "green-2").click()
    assert "green 1 " not in landed_cards(app) and before == 4


def _cards_in(node: object) -> list[str]:
    """The drawings (ids) a node of a tree or a patch shows."""
    if isinstance(node, dict):
        return [node["card"]] if "card" in node else []
    if isinstance(node, list):
        return [card for child in node for card in _cards_in(child)]
    return []


def test_a_card_that_is_no_longer_news_keeps_its_drawing_in_the_page() -> None:
    """Seed 3 as above: at your next decision the cards marked before lose their frame by one
    class in the patch, and the patch draws none of them again (a card wrapped only while marked
    was drawn and laid out anew in the page at each decision)."""
    app = KayaApp(seed=3, delay=0)
    slot(app, "green-1").click()
    app.challenge_button.click()
    marked = {card for box in part_all(app, "kaya-landed") for card in _cards_in(box)}
    assert len(marked) == 4
    sent = len(app.widget.sent)
    slot(app, "green-2").click()
    ops = [op for message in app.widget.sent[sent:] for op in message["ops"]]
    redrawn = {card for kind, _path, value in ops if kind in "r+" for card in _cards_in(value)}
    unmarked = [op for op in ops if op[0] == "p" and op[2] == {"class": None}]
    still = {card for card in marked if card in _cards_in(app.widget.tree)}
    assert len(unmarked) == 3 and len(still) == 4 and not still & redrawn


def test_a_card_node_shows_the_drawing_of_its_card_coins_language_and_mark() -> None:
    """The drawings are made once and looked up after that: each lookup still gives the very
    drawing :func:`kaya_card_svg` makes for that card, coin value, language and mark."""
    from kayalib.draw import card_back_svg, kaya_card_svg
    from kayalib.i18n import Translator
    from kayalib.kaya.cards import Color
    from kayalib.ui import kaya_panels
    from kayalib.ui.tree import _DRAWINGS
    from kayalib.words.kaya import KayaWords

    view = KayaState.new(KayaRules(), seed=2).view(0)
    seen = set()
    for lang in ("en", "pl", "id"):
        words = KayaWords(Translator(lang))
        names = {c.value: words.colour(c) for c in Color}
        for c, highlight, dim in [(Card(Color.GREEN, 3), False, False),
                                  (Card(Color.YELLOW, 1), True, False),
                                  (Card(Color.PINK, 9), False, True)]:  # fmt: skip
            for _ in range(2):  # made, then looked up
                node = kaya_panels.card_node(words, view, c, width=40, highlight=highlight,
                                             dim=dim)  # fmt: skip
                assert isinstance(node, dict) and node["w"] == 40
                assert _DRAWINGS[node["card"]] == kaya_card_svg(
                    c.color.value, c.number, view.rules.bonus_value(c), colour_names=names,
                    highlight=highlight, dim=dim)  # fmt: skip
            seen.add((node["card"], _DRAWINGS[node["card"]]))
        back = kaya_panels.card_back(words, 44, "red")
        assert isinstance(back, dict)
        assert _DRAWINGS[back["card"]] == card_back_svg(colour="red",
                                                        title=words.t("card_face_down"))
    # one id per drawing: the same words on a card in two languages (pink is "pink" in id too)
    # are one drawing, and every other language, card or mark a drawing of its own
    assert len({key for key, _ in seen}) == len({svg for _, svg in seen}) >= 7
