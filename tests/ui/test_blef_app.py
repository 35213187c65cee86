"""Headless tests of the Blef app: whole games played by clicking the real widgets."""

from __future__ import annotations

import asyncio
import re

import pytest

from kayalib.blef.bids import BID_KINDS, Bid
from kayalib.blef.game import BlefRules, BlefState, CheckEvent
from kayalib.blef.odds import exact_table
from kayalib.errors import IllegalActionError
from kayalib.i18n import Translator
from kayalib.pages.options import PageOptions as LaunchOptions
from kayalib.ui.blef_app import BlefApp, bid_cards
from kayalib.ui.tree import to_html
from kayalib.words import BlefWords
from tests.ui.page import inner, part, shown, visible


def choose_bid(app: BlefApp, bid: Bid) -> None:
    app.kind.value = bid.kind
    app.param.value = bid


def human_move(app: BlefApp, k: int) -> None:
    """A simple human: check once the bid is high, else raise by the lowest legal bid."""
    state = app.owner.state
    if state.bids and (state.last_bid.index > 20 or k % 3 == 2):
        app.check_button.click()
    else:
        choose_bid(app, app.legal_bids()[0])
        app.bid_button.click()


def play_to_end(app: BlefApp, limit: int = 500) -> int:
    moves = 0
    while not app.owner.state.is_terminal:
        assert app.is_human(app.owner.state.current_player), "bots should have moved (delay 0)"
        assert inner(app, "kaya-error") == "", inner(app, "kaya-error")
        human_move(app, moves)
        moves += 1
        assert moves < limit
    return moves


def test_whole_game_against_two_bots_by_clicking() -> None:
    app = BlefApp(seed=11, delay=0, opponents=["odds", "random"])
    assert app.seats == ["human", "odds", "random"]
    moves = play_to_end(app)
    assert moves > 0
    assert "Game over" in inner(app, "kaya-status")
    assert "wins after" in inner(app, "kaya-log")
    assert not shown(app, "kaya-bid-controls")  # no bidding after the end
    assert "all cards revealed" in inner(app, "kaya-reveal")


def test_picker_offers_exactly_the_legal_bids_in_ladder_order() -> None:
    app = BlefApp(seed=5, delay=0, opponents=["random"])
    for _ in range(6):
        if app.owner.state.is_terminal or not app.is_human(app.owner.state.current_player):
            break
        kinds = [v for _, v in app.kind.options]
        assert kinds == sorted(kinds, key=BID_KINDS.index)
        offered: list[Bid] = []
        for kind in kinds:
            app.kind.value = kind
            bids = [v for _, v in app.param.options]
            assert bids == sorted(bids, key=lambda b: b.index)
            offered += bids
        assert offered == app.legal_bids()
        assert all(app.owner.state.can_apply(b) for b in offered)
        if app.owner.state.last_bid is not None:
            assert all(b > app.owner.state.last_bid for b in offered)
        choose_bid(app, offered[0])
        app.bid_button.click()


def test_refused_action_shows_banner_and_keeps_state() -> None:
    app = BlefApp(seed=2, delay=0, opponents=["random"])
    # make it the opening of a round for the human: no bid yet means "check" is refused
    while app.owner.state.bids or not app.is_human(app.owner.state.current_player):
        human_move(app, 0)
    before, length = app.owner.state, len(app.owner.states)
    assert app.check_button.disabled
    app.check_button.click()  # forced through, as a stale page could
    assert app.owner.state is before and len(app.owner.states) == length
    banner = inner(app, "kaya-error")
    assert "kaya-error-text" in banner and "nothing to check" in banner
    assert shown(app, "kaya-error")
    choose_bid(app, app.legal_bids()[0])
    app.bid_button.click()
    assert inner(app, "kaya-error") == "" and not shown(app, "kaya-error")


def test_undo_restores_the_exact_state_of_the_last_human_decision() -> None:
    app = BlefApp(seed=4, delay=0, opponents=["odds", "odds"])
    first = app.owner.state  # the bots have played up to the person's first decision
    assert app.is_human(first.current_player) and app.shell.undo_button.disabled
    choose_bid(app, app.legal_bids()[0])
    app.bid_button.click()
    second = app.owner.state
    assert second is not first and app.is_human(second.current_player)
    assert not app.shell.undo_button.disabled
    choose_bid(app, app.legal_bids()[0])
    app.bid_button.click()
    app.shell.undo_button.click()
    assert app.owner.state is second  # the very object seen before, bots' moves skipped
    app.shell.undo_button.click()
    assert app.owner.state is first and app.shell.undo_button.disabled
    app.shell.undo_button.click()  # nothing earlier: a message, the state as it was
    assert app.owner.state is first and app.t("refusal_nothing_to_undo") in inner(app, "kaya-error")


def test_nothing_to_undo_at_the_start_is_a_message_not_a_crash() -> None:
    app = BlefApp(seed=1, delay=0, opponents=["random"])
    start = BlefState.from_position(BlefRules(players=2), ["AS", "9H"], starter=0)
    app.start_from(start, ["human", "random"])  # the person opens: nothing before to go back to
    assert app.owner.state is start and app.shell.undo_button.disabled
    app.shell.undo_button.click()
    assert app.t("refusal_nothing_to_undo") in inner(app, "kaya-error")
    assert app.owner.state is start and app.owner.states == [start]


def test_same_seed_and_same_clicks_give_the_same_game() -> None:
    logs = []
    for _ in range(2):
        app = BlefApp(seed=99, delay=0, opponents=["odds", "random", "odds"])
        play_to_end(app)
        logs.append([e.to_json() for e in app.owner.state.events])
    assert logs[0] == logs[1]


def test_new_game_deals_a_fresh_seed_unless_the_address_fixed_one(monkeypatch) -> None:
    app = BlefApp.from_query_string(delay=0)  # no seed in the address
    assert not app.seed_fixed and app.shell.seed_field.value == str(app.seed)
    seeds = {app.seed}
    for _ in range(3):
        app.shell.new_game.click()
        assert inner(app, "kaya-error") == ""
        assert app.owner.state.seed == app.seed and app.shell.seed_field.value == str(app.seed)
        seeds.add(app.seed)
    assert len(seeds) == 4  # new cards each time, and each seed shown to share
    monkeypatch.setenv("QUERY_STRING", "seed=7")
    fixed = BlefApp.from_query_string(delay=0)
    assert fixed.seed_fixed
    for _ in range(2):
        fixed.shell.new_game.click()
        assert fixed.seed == 7 and fixed.owner.state.seed == 7  # the class keeps the same game


def test_new_game_replays_a_typed_seed_and_refuses_nonsense() -> None:
    app = BlefApp(seed=1, delay=0, opponents=["random"], seed_fixed=False)
    app.shell.seed_field.value = "1234"
    app.shell.new_game.click()
    assert app.seed == 1234 and app.owner.state.seed == 1234 and len(app.owner.states) >= 1
    first = app.owner.state.events[0].to_json()
    assert first["seed"] == 1234
    state = app.owner.state
    app.shell.seed_field.value = "abc"
    app.shell.new_game.click()
    assert "whole number" in inner(app, "kaya-error")
    assert app.seed == 1234 and app.owner.state is state
    app.shell.seed_field.value = ""
    app.shell.new_game.click()
    assert app.shell.seed_field.value == str(app.seed) and inner(app, "kaya-error") == ""


def test_seat_pickers_choose_the_opponents() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    app.shell.seat_pickers[0].value = "odds"
    app.shell.seat_pickers[1].value = "random"
    app.shell.seat_pickers[2].value = "odds"
    app.shell.new_game.click()
    assert app.seats == ["human", "odds", "random", "odds"]
    assert app.owner.state.players == 4
    assert inner(app, "kaya-players-panel").count("kaya-player-name") == 4


def test_hot_seat_hides_each_hand_until_asked() -> None:
    app = BlefApp(seed=8, delay=0, opponents=["human"])
    assert app.humans == [0, 1]
    seat = app.owner.state.current_player
    assert "kaya-card-back" in inner(app, "kaya-hand")
    assert "kaya-card-blef" not in inner(app, "kaya-hand")
    assert visible(app.show_hand)
    assert app.bid_button.disabled  # no bidding blind
    before = len(app.owner.states)
    with pytest.raises(IllegalActionError, match="show your hand first"):
        app.human_act(app.legal_bids()[0])  # even past the disabled button
    assert len(app.owner.states) == before
    app.show_hand.click()
    assert "kaya-card-blef" in inner(app, "kaya-hand")
    cards = app.owner.state.hands[seat]
    assert all(f"<title>{c.symbol[:-1]} " in inner(app, "kaya-hand") for c in cards)
    choose_bid(app, app.legal_bids()[0])
    app.bid_button.click()
    assert app.owner.state.current_player != seat
    assert "kaya-card-blef" not in inner(app, "kaya-hand")  # the next player's hand starts hidden
    assert "Player" in inner(app, "kaya-status") and "Show my hand" in inner(app, "kaya-status")


def test_hint_shows_the_exact_probability_of_the_current_bid() -> None:
    app = BlefApp(seed=21, delay=0, opponents=["odds", "odds"], hint=True)
    while not app.owner.state.bids:
        choose_bid(app, app.legal_bids()[0])
        app.bid_button.click()
    state = app.owner.state
    p = exact_table(state.hands[0], state.total_cards)[state.last_bid]
    assert shown(app, "kaya-hint")
    hint = inner(app, "kaya-hint")
    marked = re.search(r'<tr class="kaya-bar-mark">.*?kaya-bar-value">([0-9.]+)%', hint)
    assert marked is not None
    assert float(marked.group(1)) == pytest.approx(100 * p, abs=0.051)
    # the head, the bid, the bids above
    assert inner(app, "kaya-hint").count("<tr") == 2 + len(app.legal_bids())
    app.shell.hint_toggle.value = False
    assert not shown(app, "kaya-hint")


def test_reveal_highlights_the_cards_of_the_checked_bid() -> None:
    app = BlefApp(seed=6, delay=0, opponents=["random"])
    while not any(isinstance(e, CheckEvent) for e in app.owner.state.events):
        human_move(app, 2)
    check = [e for e in app.owner.state.events if isinstance(e, CheckEvent)][-1]
    counted = bid_cards(check.bid, check.pool)
    assert inner(app, "kaya-reveal").count("#e0a800") == len(counted)
    assert ("true" if check.true else "false") in inner(app, "kaya-reveal")
    assert app.bid_text(check.bid) in inner(app, "kaya-reveal")


@pytest.mark.parametrize(
    ("bid", "pool", "expected"),
    [
        ("pair K", "KS KH 9D", "KS KH"),
        ("two-pair K 9", "KS 9H 9D AS", "KS 9H 9D"),
        ("small-straight", "9S TH AS", "9S TH"),
        ("big-straight", "9S TH AS", "TH AS"),
        ("flush hearts", "9H TH AS", "9H TH"),
        ("big-poker spades", "9S TS AS AH", "TS AS"),
    ],
)
def test_bid_cards(bid: str, pool: str, expected: str) -> None:
    from kayalib.blef.cards import parse_cards

    assert bid_cards(Bid.parse(bid), parse_cards(pool)) == set(parse_cards(expected))


def test_language_switch_changes_labels_but_keeps_sprawdzam() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    state = app.owner.state
    for lang, word in [("pl", "Nowa gra"), ("id", "Permainan baru"), ("en", "New game")]:
        app.shell.lang.value = lang
        assert app.shell.new_game.description == word
        assert "Sprawdzam" in app.check_button.description
        assert app.owner.state is state
    app.shell.lang.value = "pl"
    words = BlefWords(Translator("pl"))
    assert app.kind.options and all(label == words.kind(kind) for label, kind in app.kind.options)


def test_query_string_sets_seed_language_speed_and_bots(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=42&lang=id&speed=fast&bots=random,human,nobody")
    app = BlefApp.from_query_string(delay=0)
    assert app.seed == 42 and app.owner.state.seed == 42
    assert app.shell.lang.value == "id" and app.shell.speed.value == "fast"
    assert app.seats == ["human", "random", "human"]


@pytest.mark.parametrize(
    ("query", "seed", "lang", "speed"),
    [
        ("", None, "en", "normal"),
        ("seed=7", 7, "en", "normal"),
        ("?seed=-3&lang=pl", None, "pl", "normal"),  # a sign is refused (issue 15)
        ("seed=x&lang=xx&speed=warp", None, "en", "normal"),
        ("speed=instant&seed=5&seed=6", 5, "en", "instant"),
    ],
)
def test_launch_options(query: str, seed, lang: str, speed: str) -> None:
    opts = LaunchOptions.parse(query)
    assert (opts.seed, opts.lang, opts.speed) == (seed, lang, speed)


def test_bots_move_one_at_a_time_with_a_delay() -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:

        async def scenario() -> list[int]:
            app = BlefApp(seed=13, delay=0.01, opponents=["odds", "random", "odds"])
            seen = [len(app.owner.states)]
            for _ in range(400):
                await asyncio.sleep(0.002)
                if len(app.owner.states) != seen[-1]:
                    seen.append(len(app.owner.states))
                if app.is_human(app.owner.state.current_player):
                    break
            assert app.is_human(app.owner.state.current_player)
            return seen

        seen = loop.run_until_complete(scenario())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    steps = [b - a for a, b in zip(seen, seen[1:], strict=False)]
    assert all(step == 1 for step in steps), seen  # one bot move per tick


def test_undo_cancels_a_pending_bot_move() -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:

        async def scenario() -> None:
            app = BlefApp(seed=13, delay=0, opponents=["odds", "odds"])
            decision = app.owner.state
            assert app.is_human(decision.current_player)
            app.fixed_delay = 0.05
            choose_bid(app, app.legal_bids()[0])
            app.bid_button.click()  # a bid: the next seat, a bot, is to move
            assert app.bot_to_move() and app.bot_pending  # its move waits on a timer
            app.shell.undo_button.click()
            assert app.owner.state is decision
            assert not app.bot_pending and not app.bot_to_move()  # nothing left to fire
            await asyncio.sleep(0.12)
            assert app.owner.state is decision  # the timer set before the undo did nothing

        loop.run_until_complete(scenario())
    finally:
        loop.close()
        asyncio.set_event_loop(None)


def test_unexpected_errors_are_shown_and_logged(caplog) -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    app.guard(lambda: 1 / 0)()
    assert "ZeroDivisionError" in inner(app, "kaya-error")
    assert any("Exception in callback" in r.getMessage() for r in caplog.records)
    caplog.clear()  # this one was on purpose


def test_deck_mode_from_the_query_string_plays_to_the_end(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=31&mode=deck&bots=odds,odds,random")
    app = BlefApp.from_query_string(delay=0)
    assert app.mode.value == "deck" and app.owner.state.rules.mode == "deck"
    assert "Deck mode" in inner(app, "kaya-players-panel")
    play_to_end(app)
    assert "wins after" in inner(app, "kaya-log")


def test_reveal_says_when_the_loser_is_out() -> None:
    from kayalib.blef.game import EliminatedEvent

    app = BlefApp(seed=17, delay=0, opponents=["odds"])
    while not app.owner.state.is_terminal:
        human_move(app, 2)
        outs = [e for e in app.owner.state.events if isinstance(e, EliminatedEvent)]
        if outs:
            break
    assert "is out of the game" in inner(app, "kaya-reveal")
    assert "gets one more card" not in inner(app, "kaya-reveal")


def test_a_setup_without_opponents_is_refused_and_changes_nothing(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "bots=nobody,nothing&seed=3")
    app = BlefApp.from_query_string(delay=0)
    assert app.seats == ["human", "odds", "random"]  # the defaults
    state, seats = app.owner.state, list(app.seats)
    for picker in app.shell.seat_pickers:
        picker.value = ""
    app.shell.new_game.click()
    assert "players" in inner(app, "kaya-error")
    assert app.owner.state is state and app.seats == seats


def test_unknown_opponents_are_named_errors() -> None:
    from kayalib.errors import RulesError, UnknownBotError

    with pytest.raises(UnknownBotError, match="unknown player 'genius'"):
        BlefApp(seed=1, delay=0, opponents=["genius"])
    with pytest.raises(RulesError, match="at most 5"):
        BlefApp(seed=1, delay=0, opponents=["random"] * 6)


def test_without_an_event_loop_bots_move_at_once_even_with_a_delay() -> None:
    app = BlefApp(seed=13, delay=0.5, opponents=["odds", "random"])
    assert app.is_human(app.owner.state.current_player)  # no loop to run timers: no waiting forever


# ---------------------------------------------------------------------------------------------
# One-click bids, the hint in each language, the page around the game


def offered_bids(app: BlefApp) -> list[Bid]:
    return [app._quick[i] for i, b in enumerate(app.quick_buttons)
            if visible(b) and shown(app, "kaya-quick")]  # fmt: skip


def test_likely_bids_come_from_the_posterior_and_only_above_the_last_bid() -> None:
    from kayalib.blef.inference import OpponentModel, infer
    from kayalib.ui.blef_hint import LIKELY, LIKELY_BIDS

    seen = 0
    for seed in range(8):
        app = BlefApp(seed=seed, delay=0, opponents=["odds", "random"], hint=True)
        for _ in range(6):
            if app.owner.state.is_terminal:
                break
            view = app.owner.state.view(0)
            posterior = infer(view, OpponentModel.named("odds", 0.2), samples=3000).true
            legal = app.legal_bids()
            offered = offered_bids(app)
            likely = [b for b in legal if posterior[b.index] >= LIKELY]
            best = sorted(likely, key=lambda b: (-posterior[b.index], b.index))[:LIKELY_BIDS]
            assert offered == sorted(best, key=lambda b: b.index)
            last = app.owner.state.last_bid
            assert all(last is None or b > last for b in offered)
            labels = [b.description for b in app.quick_buttons if visible(b)]
            t = Translator("en")
            assert labels == [f"{app.bid_text(b)} · {t.percent(posterior[b.index])}"
                              for b in offered]  # fmt: skip
            label = app.quick_label
            assert "given your cards and the bids heard" in label and "odds" in label
            seen += len(offered)
            human_move(app, 1)
    assert seen > 10


def test_a_likely_bid_fills_the_picker_and_bids_only_when_asked() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["odds", "random"], hint=True)
    while not offered_bids(app):
        human_move(app, 0)
    bid = offered_bids(app)[0]
    before = len(app.owner.states)
    app.quick_buttons[0].click()
    assert len(app.owner.states) == before and inner(app, "kaya-error") == ""  # nothing bid yet
    assert app.kind.value == bid.kind and app.param.value == bid
    assert app.bid_button.description == f"Bid: {app.bid_text(bid)}"
    app.bid_button.click()
    assert app.owner.states[before].bids[-1] == (0, bid)


def test_without_the_hint_no_bid_is_called_likely() -> None:
    app = BlefApp(seed=21, delay=0, opponents=["odds", "odds"])
    assert not shown(app, "kaya-quick")
    app.shell.hint_toggle.value = True
    assert shown(app, "kaya-quick")


def test_at_the_top_of_the_ladder_the_check_is_made_and_said() -> None:
    state = BlefState.from_position(BlefRules(players=2), ["9C", "KS"], starter=1)
    state = state.apply("big-poker spades")
    app = BlefApp(seed=1, delay=0, opponents=["odds"])
    app.start_from(state, ["human", "odds"])  # the only move left is made at once
    news = inner(app, "kaya-status")
    assert "Player 1 (you) says “sprawdzam!” to Player 2 (bot: odds)'s big poker" in news
    assert app.owner.state.round == 2 and [label for label, _ in app.kind.options][0]
    assert visible(app.kind) and visible(app.bid_button)


@pytest.mark.parametrize(("lang", "out"), [("en", "out of the game"), ("pl", "odpada z gry")])
def test_a_player_who_is_out_is_told_so_instead_of_no_cards(lang, out) -> None:
    state = BlefState.from_position(BlefRules(players=3), ["", "AS", "9H"], starter=1)
    app = BlefApp(seed=1, delay=0, opponents=["odds", "odds"], lang=lang)
    app.start_from(state, ["human", "odds", "odds"])
    assert out in inner(app, "kaya-hand")
    assert app.t("no_cards") not in inner(app, "kaya-hand")




def test_likely_bids_show_their_chance_in_the_language_with_the_hint() -> None:
    app = BlefApp(seed=21, delay=0, opponents=["odds", "odds"], lang="pl", hint=True)
    labels = [b.description for b in app.quick_buttons if visible(b)]
    assert labels and all(re.search(r" · \d+(,\d)?%$", label) for label in labels)
    values = re.findall(r'kaya-bar-value"[^>]*>([^<]*)<', inner(app, "kaya-hint"))
    assert values and all("." not in v for v in values)
    assert any("," in v for v in values)  # "77,8%", not "77.8%"
    app.shell.lang.value = "en"
    values = re.findall(r'kaya-bar-value"[^>]*>([^<]*)<', inner(app, "kaya-hint"))
    assert any("." in v for v in values) and not any("," in v for v in values)


def test_no_likely_bids_for_a_hand_face_down() -> None:
    app = BlefApp(seed=8, delay=0, opponents=["human"], hint=True)
    assert not shown(app, "kaya-quick")
    app.show_hand.click()
    assert shown(app, "kaya-quick")


def test_the_page_heading_intro_and_way_back_follow_the_language() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    assert "Play Blef" in inner(app, "kaya-intro") and "← All notebooks" in inner(app, "kaya-intro")
    assert 'href="index.ipynb"' in inner(app, "kaya-intro")
    assert "<b>all</b>" in inner(app, "kaya-intro")
    app.shell.lang.value = "pl"
    assert "Graj w Blefa" in inner(app, "kaya-intro")
    assert "Wszystkie zeszyty" in inner(app, "kaya-intro")
    assert 'href="index.ipynb?lang=pl"' in inner(app, "kaya-intro")
    assert "Play Blef" not in inner(app, "kaya-intro")
    assert "<i>sprawdzam!</i>" in inner(app, "kaya-intro")
    app.shell.lang.value = "id"
    assert "Main Blef" in inner(app, "kaya-intro") and "Semua notebook" in inner(app, "kaya-intro")


def test_hint_and_projector_toggles_say_their_state() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    toggle = app.shell.hint_toggle
    assert toggle.description == "Hint: off" and toggle.style == ""
    assert not shown(app, "kaya-hint")
    app.shell.hint_toggle.value = True
    assert app.shell.hint_toggle.description.startswith("Hint: on")
    assert app.shell.hint_toggle.style == "success" and shown(app, "kaya-hint")
    app.shell.lang.value = "pl"
    assert app.shell.hint_toggle.description.startswith("Podpowiedź: wł.")
    assert "kaya-large" not in app.widget.tree[1].get("class", "")
    app.shell.size_toggle.value = True
    assert "kaya-large" in app.widget.tree[1].get("class", "")
    assert app.shell.size_toggle.description.startswith("Rzutnik: wł.")
    app.shell.size_toggle.value = False
    assert "kaya-large" not in app.widget.tree[1].get("class", "")


def test_address_sets_projector_size_and_hint(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "size=large&hint=on&seed=2")
    app = BlefApp.from_query_string(delay=0)
    assert app.shell.size_toggle.value and "kaya-large" in app.widget.tree[1].get("class", "")
    assert app.shell.hint_toggle.value and shown(app, "kaya-hint")
    monkeypatch.setenv("QUERY_STRING", "size=huge&hint=maybe")
    app = BlefApp.from_query_string(delay=0)
    assert not app.shell.size_toggle.value and not app.shell.hint_toggle.value


def test_the_reveal_stays_until_the_next_decision_only() -> None:
    app = BlefApp(seed=6, delay=0, opponents=["random"])
    while not any(isinstance(e, CheckEvent) for e in app.owner.state.events):
        human_move(app, 2)
    assert "all cards revealed" in inner(app, "kaya-reveal")  # news at this decision
    choose_bid(app, app.legal_bids()[0])
    app.bid_button.click()
    checks = [e for e in app.owner.state.events if isinstance(e, CheckEvent)]
    if len(checks) == 1:  # no new check since: the old reveal is gone
        assert inner(app, "kaya-reveal") == ""
    else:
        assert f"Round {checks[-1].round}: all cards revealed" in inner(app, "kaya-reveal")


def test_status_line_and_actions_carry_stable_classes_for_the_page_helper() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random"])
    assert part(app, "kaya-status") is not None
    for b in (*app.quick_buttons, app.bid_button, app.check_button, app.show_hand):
        assert "kaya-action" in b.classes
    from kayalib.pages.widgets import page_script

    script = page_script()
    assert "aria-live" in script and ".kaya-status" in script and ".kaya-action" in script


def test_settings_say_they_take_effect_at_new_game_and_when_they_are_pending() -> None:
    app = BlefApp(seed=1, delay=0, opponents=["random"], lang="pl")
    t = app.t
    from kayalib.pages.widgets import inline_markup

    note = inline_markup(t("settings_next_game"))
    assert to_html(app.shell.settings_note) == f"<span>{note}</span>"
    assert "kaya-pending" not in app.shell.new_game.classes
    app.shell.seat_pickers[1].value = "odds"  # a third player, from the next game
    assert app.seats == ["human", "random"]
    assert app.settings_pending and "kaya-pending" in app.shell.new_game.classes
    assert to_html(app.shell.settings_note) == f"<b>{inline_markup(t('settings_pending'))}</b>"
    app.mode.value = "deck"
    app.shell.new_game.click()
    assert app.seats == ["human", "random", "odds"] and app.owner.state.rules.mode == "deck"
    assert not app.settings_pending and "kaya-pending" not in app.shell.new_game.classes


def test_a_seed_typed_and_sent_deals_that_game_at_once_and_stays_until_changed() -> None:
    app = BlefApp(seed=1, delay=0, opponents=["random"], seed_fixed=False)
    app.shell.seed_field.value = "4321"  # Enter sends the field (continuous_update=False)
    assert app.seed == 4321 and app.owner.state.events[0].to_json()["seed"] == 4321
    app.shell.new_game.click()
    assert app.seed == 4321  # the typed seed replays until the field changes
    app.shell.seed_field.value = ""
    app.shell.new_game.click()
    assert app.seed != 4321 and app.shell.seed_field.value == str(app.seed)
    app.shell.seed_field.value = "x"
    assert "whole number" in inner(app, "kaya-error") and app.shell.seed_field.value == "x"


def test_the_status_line_says_your_bid_and_the_check_that_ended_the_round() -> None:
    """Seed 4: you bid pair 10 and the next bot checks it at once; the live status line tells
    both (your bid, the check and who lost), then the new round."""
    app = BlefApp(seed=4, delay=0, opponents=["odds", "odds"])
    app.human_act(app.legal_bids()[1])
    news = re.findall(r'kaya-status-news">([^<]*)<', inner(app, "kaya-status"))
    assert news[0] == "Player 1 (you) bids pair 10."
    assert "sprawdzam" in news[1] and "Player 1 (you) loses the round" in news[1]
    assert news[2].startswith("Round 2: cards dealt")
