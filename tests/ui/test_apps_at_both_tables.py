"""One behaviour suite for both play apps over both table clients: a table in the page's own
kernel (:class:`~kayalib.ui.client.LocalTable`) and a seat of a class table
(:class:`~kayalib.ui.remote.ClassSeat`, the class service in this process on a manual clock,
every update and refusal through JSON as the wire carries it). Every control is clicked as a
student clicks it, the same assertions for both; where a control exists at one table only (undo,
new game), the other refuses it with a message.

The two tables play the very same game: the same seed and seats, seat 1 a bot at the local
table (``odds`` / ``counter``) and, at the class table, a classmate who is away, so the game's
stand-in bot (the same bot, drawing from the same generator) plays for them.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from kayalib.blef.bids import Bid
from kayalib.kaya.view import KayaView
from kayalib.registry import game
from kayalib.server.frames import Budget
from kayalib.server.store import ClassStore
from kayalib.server.tables import ManualClock, TableService
from kayalib.table import PERSON, Table
from kayalib.ui import BlefApp, KayaApp
from kayalib.ui.framework import GameApp
from kayalib.ui.remote import seat_app
from tests.tables.service_link import ServiceSeatLink
from tests.ui.page import choose, inner, part, press, shown, visible, words

TABLES = ("local", "class")
#: the seats of every game here: the person at the screen, a bot or an away classmate whose
#: stand-in is that same bot, and a random bot
SECOND = {"blef": "odds", "kaya": "counter"}
APPS = {"blef": BlefApp, "kaya": KayaApp}




@dataclass
class Screenful:
    """One app at one kind of table, and the way to let the others move."""

    app: Any
    where: str
    clock: ManualClock | None = None
    service: TableService | None = None
    code: str = ""

    def others_move(self, limit: int = 4_000) -> None:
        """Everyone else moves (bots, the stand-in) until this screen must decide or the game
        is over."""
        if self.where == "local":
            self.app.run_bots()
            return
        assert self.clock is not None
        for _ in range(limit):
            screen = self.app.screen()
            if screen.view.is_terminal or screen.my_turn:
                return
            self.clock.advance(0.5)
        raise AssertionError("the others never let this screen move")

    @property
    def view(self) -> Any:
        return self.app.screen().view

    @property
    def banner(self) -> str:
        """The banner's words (without its markup)."""
        return html.unescape(re.sub(r"<[^>]+>", "", inner(self.app, "kaya-error")))

    def log(self) -> str:
        return html.unescape(inner(self.app, "kaya-log"))


def open_table(name: str, where: str, seed: int, **options: Any) -> Screenful:
    """The person at seat 0 of a game of ``name``, at a local or a class table."""
    cls = APPS[name]
    seats = [PERSON, SECOND[name], "random"]
    if where == "local":
        table = Table(name, seats, seed=seed)
        return Screenful(cls(table=table, delay=0, **options), where)
    clock = ManualClock()
    service = TableService(ClassStore(":memory:"), clock, bot_delay=0.5)
    table = service.create_table(name, people=2, bots=["random"], seed=seed, bot_wait=2.0)
    mine = service.join(table.code, "Ana")
    service.join(table.code, "Budi")  # then away: a stand-in plays for Budi
    # a test clicks faster than any student: Ana's seat may send as many actions as it likes
    table.seats[0].budget = Budget(messages=100_000, message_rate=100_000)
    app = seat_app(cls, ServiceSeatLink(service, mine), **options)
    found = Screenful(app, where, clock, service, table.code)
    return found


@pytest.fixture(params=TABLES)
def where(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def no_error(at: Screenful) -> None:
    assert inner(at.app, "kaya-error") == "", at.banner


# ---- Blef ----------------------------------------------------------------------------------------


def blef_turns(at: Screenful, limit: int = 400) -> Iterator[Any]:
    """This screen's decisions until the game ends: the view at each."""
    for _ in range(limit):
        at.others_move()
        view = at.view
        if view.is_terminal:
            return
        yield view
    raise AssertionError("the game did not end")


def bid_with_the_picker(app: BlefApp, bid: Bid) -> None:
    choose(app, app.kind, bid.kind)
    choose(app, app.param, bid)
    press(app, app.bid_button)


def test_blef_bids_with_the_picker_and_the_others_answer(where: str) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    view = next(blef_turns(at))
    assert shown(app, "kaya-bid-controls") and not app.bid_button.disabled
    bid = app.legal_bids()[0]
    bid_with_the_picker(app, bid)
    no_error(at)
    said = f"{app.seat_name(0)} bids {app.bid_text(bid)}"
    assert said in at.log()
    at.others_move()
    after = at.view
    assert after.is_terminal or after.current_player == 0
    movers = {seat for seat in (1, 2) if app.seat_name(seat) in at.log()}
    assert movers == {1, 2} or after.round > view.round  # each other seat has moved (or a check)


def test_blef_a_likely_bid_fills_the_picker_and_is_bid(where: str) -> None:
    """The hint's likely bids: one click puts the bid in the picker, Bid bids it (at a class
    table this click once crashed: the app read a local table that was not there)."""
    at = open_table("blef", where, seed=7, hint=True)
    app = at.app
    for _view in blef_turns(at):
        if shown(app, "kaya-quick") and any(visible(b) for b in app.quick_buttons):
            break
        if app.legal_bids():
            bid_with_the_picker(app, app.legal_bids()[0])
        else:
            press(app, app.check_button)
    else:
        raise AssertionError("no likely bid was ever offered")
    index = next(i for i, b in enumerate(app.quick_buttons) if visible(b))
    offered = app.quick_buttons[index].description
    press(app, app.quick_buttons[index])
    no_error(at)
    chosen = app.bid_picker.value
    assert chosen is not None and offered.startswith(app.bid_text(chosen))
    assert app.bid_button.description == app.t("bid_button_named", bid=app.bid_text(chosen))
    press(app, app.bid_button)
    no_error(at)
    assert f"{app.seat_name(0)} bids {app.bid_text(chosen)}" in at.log()


def test_blef_the_hint_goes_on_and_off_and_follows_its_model(where: str) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    next(blef_turns(at))
    assert not shown(app, "kaya-hint") and not shown(app, "kaya-hint-controls")
    choose(app, app.shell.hint_toggle, True)
    no_error(at)
    assert shown(app, "kaya-hint") and shown(app, "kaya-hint-controls")
    assert "kaya-odds-table" in inner(app, "kaya-hint")
    # the others are an odds bot (or its stand-in) and a random bot: no one model fits both
    assert app.hint_panel.model.value == "odds"
    choose(app, app.hint_panel.model, "random")
    no_error(at)
    assert "random" in app.quick_label or not shown(app, "kaya-quick")
    link = re.search(r'class="kaya-whatif-link" href="([^"]+)"', inner(app, "kaya-hint"))
    assert link and link.group(1) == "what-if-blef.ipynb"  # the what-if page, same language
    choose(app, app.shell.hint_toggle, False)
    assert not shown(app, "kaya-hint") and not shown(app, "kaya-hint-controls")


def test_blef_the_hints_model_starts_as_the_bot_the_others_are() -> None:
    app = BlefApp(seed=3, delay=0, opponents=["random", "random"], hint=True)
    assert app.hint_panel.model.value == "random"
    choose(app, app.hint_panel.model, "honest")  # the student's choice stays for the same players
    press(app, app.shell.new_game)
    assert app.hint_panel.model.value == "honest"


def test_blef_a_check_lays_every_hand_face_up(where: str) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    for view in blef_turns(at):
        if view.bids:
            break
        bid_with_the_picker(app, app.legal_bids()[0])
    checked = at.view.round
    press(app, app.check_button)
    no_error(at)
    at.others_move()
    reveal = html.unescape(inner(app, "kaya-reveal"))
    assert app.t("blef_reveal_title", n=checked) in reveal
    laid = at.view.laid
    assert laid is not None
    for seat, hand in enumerate(laid):  # every hand of the round, by seat, as the view says
        if hand:
            assert app.seat_name(seat) in reveal
    cards = re.findall(r'<svg[^>]*class="kaya-card', inner(app, "kaya-reveal"))
    assert len(cards) == sum(len(h) for h in laid)


def test_blef_the_language_switch_redraws_every_word(where: str) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    next(blef_turns(at))
    choose(app, app.shell.lang, "pl")
    no_error(at)
    assert app.t.lang == "pl"
    assert "Runda" in inner(app, "kaya-status") and app.check_button.description == "Sprawdzam!"
    assert app.seat_name(0) in html.unescape(inner(app, "kaya-status"))


def test_blef_plays_to_the_end_and_every_panel_agrees(where: str) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    for k, view in enumerate(blef_turns(at)):
        if view.bids and (view.last_bid.index > 20 or k % 3 == 2):
            press(app, app.check_button)
        else:
            bid_with_the_picker(app, app.legal_bids()[0])
        no_error(at)
    view = at.view
    winner = view.outcome.winners[0]
    status = html.unescape(inner(app, "kaya-status"))
    assert app.t("blef_winner", player=app.seat_name(winner)) in status
    assert not shown(app, "kaya-bid-controls")
    players = html.unescape(inner(app, "kaya-players-panel"))
    assert app.t("player_won") in players and "cards" not in players.split(
        app.seat_name(winner))[1].split("kaya-player-name")[0]  # fmt: skip
    hand = html.unescape(inner(app, "kaya-hand"))
    if winner == 0:  # the winner holds no cards: no hand row to contradict the players panel
        assert inner(app, "kaya-hand-title") == "" and hand == ""
    else:
        assert app.t("player_out") in hand and app.t("no_cards") not in hand
    assert "wins after" in at.log()


def test_blef_undo_goes_back_at_a_local_table_and_is_refused_at_a_class_table(where) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    before = next(blef_turns(at))
    bid_with_the_picker(app, app.legal_bids()[0])
    at.others_move()
    if where == "local":
        assert visible(app.shell.undo_button) and not app.shell.undo_button.disabled
        press(app, app.shell.undo_button)
        no_error(at)
        assert at.view == before
    else:
        assert not visible(app.shell.undo_button)
        moved = at.view
        app.guard(app.undo)()
        assert at.banner == "\u26a0 " + app.t("refusal_table_no_undo")
        assert at.view == moved


def test_blef_new_game_deals_again_at_a_local_table_and_is_refused_at_a_class_table(
    where: str,
) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    next(blef_turns(at))
    bid_with_the_picker(app, app.legal_bids()[0])
    at.others_move()
    if where == "local":
        choose(app, app.shell.seed_field, "12")  # a seed typed and sent deals that game
        no_error(at)
        assert app.seed == 12 and app.owner.state.seed == 12 and at.view.round == 1
        assert len(app.owner.state.moves) <= 2  # at most the bots before the person
    else:
        assert not visible(app.shell.new_game) and not visible(app.shell.seed_field)
        moved = at.view
        app.guard(app.start)(from_field=True)
        assert at.banner == "\u26a0 " + app.t("refusal_table_no_new_game")
        assert at.view == moved


def test_blef_a_stand_in_or_a_bot_plays_seat_two_and_the_page_says_so(where: str) -> None:
    at = open_table("blef", where, seed=11)
    app = at.app
    next(blef_turns(at))
    bid_with_the_picker(app, app.legal_bids()[0])
    at.others_move()
    moves = [e for e in at.view.events if e.kind in ("bid", "check") and e.seat == 1]
    assert moves  # seat 1 moved: the odds bot, or the stand-in for the away classmate
    assert app.seat_name(1) in at.log().split(app.seat_name(0), 1)[1]
    if where == "class":
        panel = class_panel(app)
        assert app.t("table_seat_stand_in") in panel
        assert app.t("table_stand_in_moves", n=len(moves)) in panel


def test_the_same_seed_plays_the_same_game_at_both_tables() -> None:
    """The stand-in for an away classmate is the same bot, drawing from the same generator,
    as a bot at a local table: the same clicks give the same game, event for event."""
    logs = []
    for where in TABLES:
        at = open_table("blef", where, seed=11)
        for view in blef_turns(at):
            if view.bids and view.last_bid.index > 15:
                press(at.app, at.app.check_button)
            else:
                bid_with_the_picker(at.app, at.app.legal_bids()[0])
        logs.append([e.to_json() for e in at.view.events])
    assert logs[0] == logs[1]


# ---- Aku Paling Kaya -----------------------------------------------------------------------------


def kaya_click(app: KayaApp, k: int, clicked: dict[str, int] | None = None) -> str:
    """Click what the screen offers now (alternating choices); what was clicked (counted in
    ``clicked``: a challenge window is answered by a challenge and a pass in turn)."""
    clicked = {} if clicked is None else clicked
    view = app.screen().view
    assert isinstance(view, KayaView)
    phase = view.phase
    if phase in ("play", "pink"):
        slots = [i for i, (slot, b) in enumerate(zip(app.slots_shown, app.slot_buttons,
                                                     strict=True)) if slot and not b.disabled]
        press(app, app.slot_buttons[slots[-1 if k % 2 else 0]])
        what = phase
    elif phase == "challenge":
        windows = clicked.get("challenge", 0) + clicked.get("pass", 0)
        what = "challenge" if windows % 2 == 0 else "pass"
        press(app, app.challenge_button if what == "challenge" else app.pass_button)
    else:
        what = power_click(app, k)
    clicked[what] = clicked.get(what, 0) + 1
    return what


def power_click(app: KayaApp, k: int) -> str:
    """A power's decision: use it every other time, else decline."""
    for button in (app.take_back, app.steal_button, app.keep_button):
        if visible(button) and k % 2:
            press(app, button)
            return button.description
    press(app, app.decline_button)
    return "decline"


def kaya_turns(at: Screenful, limit: int = 600) -> Iterator[KayaView]:
    for _ in range(limit):
        at.others_move()
        view = at.view
        if view.is_terminal:
            return
        yield view
    raise AssertionError("the game did not end")


def test_kaya_plays_every_control_to_the_end_and_scores(where: str) -> None:
    at = open_table("kaya", where, seed=5)
    app = at.app
    clicked: dict[str, int] = {}
    for k, _view in enumerate(kaya_turns(at)):
        kaya_click(app, k, clicked)
        no_error(at)
    assert {"play", "pass", "challenge"} <= set(clicked)
    view = at.view
    status = html.unescape(inner(app, "kaya-status"))
    assert app.t("kaya_over", winners=app.words().seats(view.outcome.winners)) in status
    assert "kaya-score" in inner(app, "kaya-score")  # the final score from the hands laid face up
    assert view.laid is not None and all(
        str(card.number) in inner(app, "kaya-score")
        for hand in view.laid for card in hand)  # fmt: skip


def test_kaya_the_hint_and_the_language(where: str) -> None:
    at = open_table("kaya", where, seed=5)
    app = at.app
    next(kaya_turns(at))
    choose(app, app.shell.hint_toggle, True)
    no_error(at)
    assert shown(app, "kaya-hint") and inner(app, "kaya-hint")
    choose(app, app.shell.lang, "id")
    no_error(at)
    status = html.unescape(inner(app, "kaya-status"))
    assert app.t.lang == "id" and app.t("turn_n", n=at.view.turn) in status
    assert app.pass_button.description == app.t("kaya_pass") == "Lewat"
    assert app.seat_name(0) in status
    choose(app, app.shell.hint_toggle, False)
    assert not shown(app, "kaya-hint")


def test_kaya_undo_and_new_game_only_where_the_page_owns_the_table(where: str) -> None:
    at = open_table("kaya", where, seed=5)
    app = at.app
    before = next(kaya_turns(at))
    kaya_click(app, 0)
    at.others_move()
    if where == "local":
        press(app, app.shell.undo_button)
        no_error(at)
        assert at.view == before
        press(app, app.shell.new_game)
        no_error(at)
    else:
        for control in (app.shell.undo_button, app.shell.new_game, app.shell.seed_field,
                        app.shell.settings_toggle):  # fmt: skip
            assert not visible(control)
        moved = at.view
        app.guard(app.undo)()
        assert at.banner == "\u26a0 " + app.t("refusal_table_no_undo")
        app.guard(app.start)(from_field=True)
        assert at.banner == "\u26a0 " + app.t("refusal_table_no_new_game")
        assert at.view == moved


def test_kaya_a_bots_and_a_stand_ins_moves_are_told(where: str) -> None:
    at = open_table("kaya", where, seed=5)
    app = at.app
    next(kaya_turns(at))
    kaya_click(app, 0)
    at.others_move()
    moved = {e.seat for e in at.view.events if e.kind == "play"}
    assert {1, 2} & moved
    for seat in {1, 2} & moved:
        assert app.seat_name(seat) in at.log()


# ---- a class table only: its status, its panel ---------------------------------------------------


def class_panel(app: GameApp) -> str:
    """The class table's own panel (above the app's columns)."""
    assert part(app, "kaya-table-panel") is not None
    return words(app, "kaya-table-panel")


@pytest.mark.parametrize("name", sorted(APPS))
def test_while_a_class_table_waits_for_its_people_nobody_can_act(name: str) -> None:
    clock = ManualClock()
    service = TableService(ClassStore(":memory:"), clock, bot_delay=0.5)
    table = service.create_table(name, people=2, bots=["random"], seed=7)
    mine = service.join(table.code, "Ana")
    app = seat_app(APPS[name], ServiceSeatLink(service, mine))
    waiting = app.t("table_status_waiting", joined=1, people=2)
    screen = app.screen()
    assert screen.hold == "waiting" and not screen.my_turn
    assert waiting in html.unescape(inner(app, "kaya-status"))
    assert not shown(app, "kaya-bid-controls" if name == "blef" else "kaya-challenge-box")
    app.guard(app.human_act)("pair A" if name == "blef" else "pass")
    said = words(app, "kaya-error")
    assert said == "\u26a0 " + app.t("refusal_table_waiting")
    service.join(table.code, "Budi")  # the push redraws the page
    assert waiting not in html.unescape(inner(app, "kaya-status"))
    assert app.screen().hold is None
    assert "Budi" in class_panel(app) and "Ana" in class_panel(app)


def test_a_class_seat_names_its_people_and_its_own_figures() -> None:
    at = open_table("blef", "class", seed=11)
    app = at.app
    assert app.seat_name(0) == app.t("table_seat_yours", seat=app.t("seat_name", n=1),
                                     name="Ana")  # fmt: skip
    state = at.service.tables[at.code].table
    for view in blef_turns(at):
        if view.bids and view.last_bid.index > 8:
            press(app, app.check_button)
        else:
            bid_with_the_picker(app, app.legal_bids()[0])
        if (game("blef").seat_figures(state.state, 0) or {}).get("bids"):
            break
    figures = game("blef").seat_figures(state.state, 0)
    assert figures and figures["bids"] > 0
    assert app.t("table_mine", bids=figures["bids"], checked=figures["checked"],
                 false=figures["checked_false"], bluffs=figures["bluffs"]) in class_panel(app)
