"""Blef, Polish liar's poker, as an ipywidgets app (for Jupyter and Voila).

>>> app = BlefApp(seed=3, delay=0, opponents=["random"])
>>> app.screen().view.players, app.seats
(2, ['human', 'random'])

The panels are drawn by :mod:`kayalib.ui.blef_panels` and the hint by
:mod:`kayalib.ui.blef_hint`; this module holds the controls (the bid picker, the likely bids that
fill it, "sprawdzam!") and puts each panel in its place: your hand and the bids, then the
buttons, then the last reveal and the hint in the play column; the players above the log in
the side column.
"""

from __future__ import annotations

from typing import Any

from kayalib.blef.actions import CHECK
from kayalib.blef.bids import Bid
from kayalib.blef.rules import MODES, BlefRules, describe_rules
from kayalib.blef.view import BlefView
from kayalib.errors import IllegalActionError
from kayalib.ui import blef_panels as panels
from kayalib.ui.bid_picker import BidPicker
from kayalib.ui.blef_hint import LIKELY, LIKELY_BIDS, MODELS, BlefHintPanel, Hint, likely_bids
from kayalib.ui.blef_panels import bid_cards
from kayalib.ui.controls import Button, Choice
from kayalib.ui.framework import GameApp
from kayalib.ui.screen import Screen
from kayalib.ui.tree import Node, h
from kayalib.words.blef import SUIT_KEYS, BlefWords

__all__ = ["SUIT_KEYS", "BlefApp", "bid_cards"]


class BlefApp(GameApp):
    """Play Blef against bots (``random``, ``honest``, ``odds``, ``bayes``, ``cfr``) or hot-seat.

    ``opponents`` names who sits at seats 1.. ("human" for a friend at the same screen);
    seat 0 is always the person at the screen. ``delay=0`` makes bots move at once (tests).
    """

    game_name = "blef"
    page_title_key = "blef_page_title"
    intro_key = "blef_intro"
    bot_names = ("random", "honest", "odds", "bayes", "cfr")
    default_opponents = ("odds", "random")
    choices = {"mode": MODES}

    def __init__(self, *, mode: str = "classic", **kwargs: Any) -> None:
        self._mode_init = mode if mode in MODES else "classic"
        super().__init__(**kwargs)

    # ----------------------------------------------------------------- widgets

    def build_game(self) -> None:
        self._picker_for: tuple[int, int] | None = None
        self._model_for: tuple[str, ...] | None = None
        add = self.shell.board.add
        self.mode: Choice = add(Choice("mode", "kaya-mode", options=[(m, m) for m in MODES],
                                       value=self._mode_init))  # fmt: skip
        self.shell.options.append(self.mode)
        self.quick_label = ""
        self.quick_buttons: list[Button] = [add(Button(f"quick-{i}", "kaya-quick-bid"))
                                            for i in range(LIKELY_BIDS)]  # fmt: skip
        self._quick: list[Bid | None] = [None] * LIKELY_BIDS
        self.quick_shown = False
        for i, b in enumerate(self.quick_buttons):
            b.add_class("kaya-action")
            b.on_click(self.guard(lambda _b, i=i: self._on_quick_bid(i)))
        self.bid_picker = BidPicker(self.guard, changed=self._label_bid_button)
        self.kind, self.param = add(self.bid_picker.kind), add(self.bid_picker.param)
        self.bid_button: Button = add(Button("bid", "kaya-bid", style="primary"))
        self.check_button: Button = add(Button("check", "kaya-check", style="danger"))
        for b in (self.bid_button, self.check_button):
            b.add_class("kaya-action")
        self.bid_button.on_click(self.guard(self._on_bid))
        self.check_button.on_click(self.guard(lambda _b: self.human_act(CHECK)))
        self.controls_shown = False
        self.hint_panel = BlefHintPanel(self.guard(lambda _change: self.render()))
        add(self.hint_panel.model)
        add(self.hint_panel.bluff)

    def relabel_game(self) -> None:
        t = self.t
        self.mode.set_options([(t(f"mode_{m}"), m) for m in MODES])
        self.mode.tooltip = t("mode_tooltip")
        self._label_bid_button()
        self.check_button.description = t("check_button")
        self.check_button.tooltip = t("check_tooltip")
        self.kind.tooltip = t("blef_kind_label")
        self.param.tooltip = t("blef_param_label")
        self.hint_panel.relabel(t)

    def show_rules(self, rules: BlefRules) -> None:
        self.mode.value = describe_rules(rules)["mode"]

    def game_rules(self) -> BlefRules:
        return BlefRules(players=len(self.shell.seat_choices()), mode=self.mode.value)

    def table_shown(self) -> None:
        """The hint's model starts as the bot the others are (when they are all one bot it
        can model): at a table of random bots, "the others bid like random"."""
        seats = tuple(self.seats)
        if seats == self._model_for:
            return  # the same players: the student's own choice of model stays
        self._model_for = seats
        others = {kind for seat, kind in enumerate(seats) if not self.is_human(seat)}
        model = others.pop() if len(others) == 1 else "odds"
        self.hint_panel.model.value = model if model in MODELS else "odds"

    def words(self) -> BlefWords:
        """The shared narrator, in the app's language and with the app's seat names."""
        return BlefWords(self.t, self.namer())

    def bid_text(self, bid: Bid) -> str:
        """A bid in the current language, e.g. "pair K", "para K", "flush hearts"."""
        return self.words().bid_text(bid)

    def legal_bids(self) -> list[Bid]:
        """The bids the person whose cards are on screen may make now (none unless it is
        their turn)."""
        return panels.legal_bids(self._view(self.screen()))

    @staticmethod
    def _view(screen: Screen) -> BlefView:
        view = screen.view
        assert isinstance(view, BlefView)
        return view

    # ----------------------------------------------------------------- controller

    def _on_bid(self, _b: Any) -> None:
        bid = self.param.value
        if bid is None:
            raise IllegalActionError(self.t("error_choose_bid"))
        self.human_act(bid)

    def _on_quick_bid(self, i: int) -> None:
        """A likely bid goes into the picker (nothing is bid yet): one more click on Bid, or
        Enter, bids it; the keyboard's focus moves to the Bid button."""
        bid = self._quick[i]
        if bid is None or bid not in self.legal_bids():
            raise IllegalActionError(self.t("error_choose_bid"))
        self.bid_picker.choose(bid)
        self.bid_button.focus()

    def _label_bid_button(self) -> None:
        """The Bid button says the bid it makes ("Bid: pair K"), so Enter is never a surprise."""
        bid = self.bid_picker.value
        t = self.t
        if bid is not None:
            self.bid_button.description = t("bid_button_named", bid=self.bid_text(bid))
        else:
            self.bid_button.description = t("bid_button")

    # ----------------------------------------------------------------- each panel in its place

    def status(self, screen: Screen, words: BlefWords) -> Node:
        return panels.status(screen, words)

    def draw(self, screen: Screen, words: BlefWords) -> tuple[list[Node], list[Node]]:
        hint = self.hint_panel.for_screen(screen)
        offered = screen.hot_seat and screen.viewer is not None and not screen.view.is_terminal
        self.update_show_hand(screen, offered)
        self._draw_picker(screen, words)
        self._draw_likely_bids(screen, words, hint)
        self.shell.hint = self.hint_panel.tree(screen, words, hint)
        quick = h("div.kaya-quick", h("b.kaya-quick-label", self.quick_label),
                  *[b.node() for b in self.quick_buttons], hidden=not self.quick_shown)  # fmt: skip
        picker = h("div.kaya-picker", self.kind.node(), self.param.node(), self.bid_button.node(),
                   self.check_button.node())  # fmt: skip
        play = [
            h("div.kaya-round", h("div.kaya-hand-title", panels.hand_title(screen, words)),
              h("div.kaya-hand", panels.hand(screen, words)),
              h("div.kaya-bids-panel", panels.bids(screen, words))),
            self.show_hand.node(),
            h("div.kaya-bid-controls", quick, picker, hidden=not self.controls_shown),
            h("div.kaya-round-after", h("div.kaya-reveal", panels.reveal(screen, words))),
            self.hint_panel.controls(),
            h("div.kaya-hint", self.shell.hint,
              hidden=not (screen.hint and not screen.view.is_terminal)),
        ]  # fmt: skip
        return play, [h("div.kaya-players-panel", panels.players(screen, words))]

    def _draw_picker(self, screen: Screen, words: BlefWords) -> None:
        """The full picker (kind, then rank or suit) and the check button; at the top of the
        ladder only the check is left."""
        view = self._view(screen)
        decision = (view.seat, len(view.events))  # a new decision starts from the lowest bid
        new_decision, self._picker_for = self._picker_for != decision, decision
        self.bid_picker.offer(panels.legal_bids(view), words, reset=new_decision)
        kinds = self.bid_picker.kinds
        self.controls_shown = screen.my_turn
        for control in (self.kind, self.param, self.bid_button):
            control.shown = bool(kinds)
        for control in (self.kind, self.bid_button):
            control.disabled = not screen.can_act or not kinds
        if not screen.can_act:
            self.param.disabled = True
        self.check_button.disabled = not screen.can_act or not view.bids

    def _draw_likely_bids(self, screen: Screen, words: BlefWords, hint: Hint | None) -> None:
        """With the hint on: the bids above the last one most likely true given the bids heard
        (the hint's posterior column, as it is labelled), each filling the picker when clicked;
        or a line saying that no bid is that likely."""
        t = self.t
        offered = hint is not None and hint.ok and screen.can_act
        self.quick_shown = offered
        likely = likely_bids(self._view(screen), hint) if offered else []
        self._quick = [None] * LIKELY_BIDS
        if not offered:
            for b in self.quick_buttons:
                b.shown = False
            return
        assert hint is not None
        model = t(f"botname_{hint.model}")
        rate = t.percent(hint.bluff, 0)
        key = "blef_likely_label" if likely else "blef_likely_none"
        self.quick_label = t(key, p=t.percent(LIKELY, 0), model=model, rate=rate)
        for i, b in enumerate(self.quick_buttons):
            bid, chance = likely[i] if i < len(likely) else (None, 0.0)
            self._quick[i] = bid
            b.shown = bid is not None
            if bid is not None:
                b.description = f"{words.bid_text(bid)} \u00b7 {t.percent(chance)}"
                b.tooltip = t("blef_likely_tooltip", bid=words.bid_text(bid))
