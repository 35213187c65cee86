"""Blef, Polish liar's poker, as an ipywidgets app (for Jupyter and Voila).

>>> app = BlefApp(seed=3, delay=0, opponents=["random"])
>>> app.state.players, app.seats
(2, ['human', 'random'])
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from kayalib.blef.bids import Bid
from kayalib.blef.cards import Card
from kayalib.blef.game import (
    CHECK,
    MODES,
    BlefRules,
    BlefState,
    CheckEvent,
    DealEvent,
    EliminatedEvent,
)
from kayalib.draw import blef_card_svg, card_back_svg, row_html
from kayalib.errors import IllegalActionError
from kayalib.ui.blef_hint import BlefHintPanel
from kayalib.ui.framework import GameApp
from kayalib.ui.widgets import button, html, set_options, show_if
from kayalib.words.blef import SUIT_KEYS, BlefWords  # noqa: F401 (SUIT_KEYS: re-exported)

#: how many one-click bids are offered beside the full picker.
QUICK_BIDS = 4


def bid_cards(bid: Bid, pool: Sequence[Card]) -> set[Card]:
    """The cards of ``pool`` that count towards ``bid`` (highlighted in the reveal)."""
    kind, params = bid.kind, bid.params
    if kind in ("high-card", "pair", "three", "four", "two-pair", "full"):
        return {c for c in pool if c.rank in params}
    if kind == "small-straight":
        return {c for c in pool if c.rank <= 4}
    if kind == "big-straight":
        return {c for c in pool if c.rank >= 1}
    if kind == "flush":
        return {c for c in pool if c.suit == params[0]}
    if kind == "small-poker":
        return {c for c in pool if c.suit == params[0] and c.rank <= 4}
    if kind == "big-poker":
        return {c for c in pool if c.suit == params[0] and c.rank >= 1}
    return set()


class BlefApp(GameApp[BlefState]):
    """Play Blef against bots (``random``, ``honest``, ``odds``, ``bayes``) or hot-seat.

    ``opponents`` names who sits at seats 1.. ("human" for a friend at the same screen);
    seat 0 is always the person at the screen. ``delay=0`` makes bots move at once (tests).
    """

    game_name = "blef"

    page_title_key = "blef_page_title"
    intro_key = "blef_intro"
    bot_names = ("random", "honest", "odds", "bayes", "cfr")
    default_opponents = ("odds", "random")
    query_options = {"mode": MODES}

    # ----------------------------------------------------------------- widgets

    def __init__(self, *, mode: str = "classic", **kwargs: Any) -> None:
        self._mode_init = mode if mode in MODES else "classic"
        super().__init__(**kwargs)

    def build_game(self) -> tuple[list[w.Widget], list[w.Widget]]:
        self._picker_for = -1
        self.mode = w.Dropdown(options=[(m, m) for m in MODES], value=self._mode_init)
        self.mode.add_class("kaya-mode")
        self.options_box.children = (*self.options_box.children, self.mode)
        self.players_html = html("kaya-players-panel")
        self.hand_title = html("kaya-hand-title")
        self.hand = html("kaya-hand")
        self.bids = html("kaya-bids")
        self.quick_label = html("kaya-quick-label")
        self.quick_buttons = [button("", "kaya-quick-bid") for _ in range(QUICK_BIDS)]
        self._quick: list[Bid | None] = [None] * QUICK_BIDS
        for i, b in enumerate(self.quick_buttons):
            b.add_class("kaya-action")
            b.on_click(self.guard(lambda _b, i=i: self._on_quick_bid(i)))
        self.quick_box = w.HBox([self.quick_label, *self.quick_buttons])
        self.quick_box.add_class("kaya-quick")
        self.kind = w.Dropdown(options=[("", "")], value="")
        self.kind.add_class("kaya-bid-kind")
        self.param = w.Dropdown(options=[("", None)], value=None)
        self.param.add_class("kaya-bid-param")
        self.bid_button = button("", "kaya-bid", style="primary")
        self.check_button = button("", "kaya-check", style="danger")
        for b in (self.bid_button, self.check_button):
            b.add_class("kaya-action")
        self.kind.observe(self.guard(lambda _c: self._fill_params()), names="value")
        self.bid_button.on_click(self.guard(self._on_bid))
        self.check_button.on_click(self.guard(lambda _b: self.human_act(CHECK)))
        self.picker = w.HBox([self.kind, self.param, self.bid_button, self.check_button])
        self.picker.add_class("kaya-picker")
        self.controls = w.VBox([self.quick_box, self.picker])
        self.controls.add_class("kaya-bid-controls")
        self.reveal = html("kaya-reveal")
        self.hint_panel = BlefHintPanel(self)  # the two-column hint: kayalib.ui.blef_hint
        play = [self.hand_title, self.hand, self.show_hand, self.controls, self.reveal,
                self.hint_panel.controls, self.hint]  # fmt: skip
        return play, [self.players_html, self.bids]

    def relabel_game(self) -> None:
        t = self.t
        set_options(self.mode, [(t(f"mode_{m}"), m) for m in MODES])
        self.bid_button.description = t("bid_button")
        self.check_button.description = t("check_button")
        self.check_button.tooltip = t("check_tooltip")
        self.quick_label.value = f"<b>{escape(t('blef_quick_label'))}</b>"
        self.kind.description = ""
        self.param.description = ""

    # ----------------------------------------------------------------- game hooks

    def game_rules(self) -> BlefRules:
        return BlefRules(players=len(self.seat_choices()), mode=self.mode.value)

    # ----------------------------------------------------------------- words

    def words(self) -> BlefWords:
        """The shared narrator, in the app's language and with the app's seat names."""
        return BlefWords(self.t, self.seat_name)

    def bid_text(self, bid: Bid) -> str:
        """A bid in the current language, e.g. "pair K", "para K", "flush hearts"."""
        return self.words().bid_text(bid)

    def _param_text(self, bid: Bid) -> str:
        return self.words().param_text(bid)

    def card(self, card: Card, *, width: int = 72, highlight: bool = False) -> str:
        names = self.words().suit_names()
        return blef_card_svg(
            card.rank, card.suit, width=width, highlight=highlight, suit_names=names
        )

    def cards_text(self, cards: Sequence[Card]) -> str:
        return self.words().cards_text(cards)

    def event_lines(self, state: BlefState) -> list[str]:
        return [escape(line) for line in self.words().event_lines(state.events)]

    @staticmethod
    def _bidder_of(state: BlefState, check: CheckEvent) -> int:
        return BlefWords.bidder_of(state.events, check)

    # ----------------------------------------------------------------- controller

    def _on_bid(self, _b: Any) -> None:
        bid = self.param.value
        if bid is None:
            raise IllegalActionError(self.t("error_choose_bid"))
        self.human_act(bid)

    def _on_quick_bid(self, i: int) -> None:
        bid = self._quick[i]
        if bid is None:
            raise IllegalActionError(self.t("error_choose_bid"))
        self.human_act(bid)

    def legal_bids(self) -> list[Bid]:
        return [a for a in self.state.legal_actions() if isinstance(a, Bid)]

    def odds(self) -> dict[Bid, float]:
        """The exact chance of every bid for the viewer's cards (empty when none are shown)."""
        viewer = self.viewer()
        if viewer is None or not self.hand_visible() or self.state.is_terminal:
            return {}
        from kayalib.blef.odds import exact_table

        return exact_table(self.state.hands[viewer], self.state.total_cards)  # type: ignore[return-value]

    def likely_bids(self) -> list[Bid]:
        """The legal bids most likely to be true for the viewer's cards, in ladder order
        (ties: the lower bid; none that cannot be true); the one-click bids beside the picker."""
        table = self.odds()
        if not table:
            return []
        possible = [b for b in self.legal_bids() if table[b] > 0]  # never an impossible bid
        best = sorted(possible, key=lambda b: (-table[b], b.index))[:QUICK_BIDS]
        return sorted(best, key=lambda b: b.index)

    def _fill_params(self) -> None:
        kind = self.kind.value
        bids = [b for b in self.legal_bids() if b.kind == kind]
        set_options(self.param, [(self._param_text(b), b) for b in bids] or [("", None)])
        self.param.disabled = len(bids) <= 1 and not (bids and bids[0].params)

    # ----------------------------------------------------------------- view: one method a panel

    def render_game(self) -> None:
        self.hide_hand_after_turn()
        self.status.value = self._status_html()
        self.players_html.value = self._players_html()
        self.render_hand()
        self.bids.value = self._bids_html()
        self.render_picker()
        self.render_quick_bids()
        self.reveal.value = self._reveal_html()
        self.hint.value = self.hint_panel.html()

    def render_hand(self) -> None:
        t, state, viewer = self.t, self.state, self.viewer()
        if viewer is None:
            self.hand_title.value = self.hand.value = ""
        else:
            cards = state.hands[viewer]
            self.hand_title.value = (
                f"<h4>{escape(t('your_cards', player=self.seat_name(viewer)))}</h4>"
            )
            faces = (
                [self.card(c, width=84) for c in cards]
                if self.hand_visible()
                else [card_back_svg(width=84, label="?") for _ in cards]
            )
            self.hand.value = row_html(faces, empty=t("no_cards"))
        self.update_show_hand(len(self.humans) > 1 and viewer is not None and not state.is_terminal)

    def render_picker(self) -> None:
        """The full picker (kind, then rank or suit) and the check button."""
        kinds: list[str] = []
        for b in self.legal_bids():
            if b.kind not in kinds:
                kinds.append(b.kind)
        set_options(self.kind, [(self.t(f"bid_{k}"), k) for k in kinds] or [("", "")])
        if self._picker_for != len(self.states):  # a new decision: start from the lowest bid
            self._picker_for = len(self.states)
            if kinds:
                self.kind.value = kinds[0]
        self._fill_params()
        show_if(self.controls, self.my_turn())
        can_act = self.can_act()
        for widget in (self.kind, self.bid_button):
            widget.disabled = not can_act or not kinds
        if not can_act:
            self.param.disabled = True
        self.check_button.disabled = not can_act or not self.state.bids

    def render_quick_bids(self) -> None:
        """The likely next bids as one-click buttons (with their chance when the hint is on)."""
        bids = self.likely_bids() if self.can_act() else []
        table = self.odds() if self.hint_toggle.value else {}
        show_if(self.quick_box, bool(bids))
        for i, b in enumerate(self.quick_buttons):
            bid = bids[i] if i < len(bids) else None
            self._quick[i] = bid
            show_if(b, bid is not None)
            if bid is not None:
                text = self.bid_text(bid)
                b.description = f"{text} \u00b7 {self.percent(table[bid])}" if table else text
                b.tooltip = self.t("blef_quick_tooltip", bid=text)

    def _status_html(self) -> str:
        t, state = self.t, self.state
        if state.is_terminal:
            assert state.outcome is not None
            winner = state.outcome.winners[0]
            text, cls = t("blef_winner", player=self.seat_name(winner)), "kaya-over"
        elif self.is_human(state.current_player):
            who = self.seat_name(state.current_player)
            if len(self.humans) > 1 and not self.hand_visible():
                text = t("hot_seat_turn", player=who)
            elif state.bids:
                text = t("blef_your_turn", player=who, bid=self.bid_text(state.bids[-1][1]))
            else:
                text = t("blef_your_opening", player=who)
            cls = "kaya-your-turn"
        else:
            text = t("waiting_for", player=self.seat_name(state.current_player))
            cls = ""
        return (
            f'<div class="kaya-status-text {cls}">{escape(text)} '
            f'<span class="kaya-small">{escape(t("round_n", n=state.round))}</span></div>'
        )

    def _players_html(self) -> str:
        t, state = self.t, self.state
        parts = ['<div class="kaya-players">']
        for i in range(state.players):
            count = state.counts[i]
            cls = "kaya-player"
            if i == state.current_player:
                cls += " kaya-active"
            if not count:
                cls += " kaya-out"
            if count:
                info = t.count("cards_count", count, n=count)
                backs = row_html([card_back_svg(width=22) for _ in range(count)])
            else:
                info, backs = t("player_out"), ""
            parts.append(
                f'<div class="{cls}"><div class="kaya-player-name">{escape(self.seat_name(i))}'
                f'</div><div class="kaya-small">{escape(info)}</div>{backs}</div>'
            )
        parts.append("</div>")
        limit = state.rules.max_cards
        rule = t("blef_limit", n=limit) if limit is not None else t("blef_limit_deck")
        parts.append(f'<div class="kaya-small">{escape(rule)}</div>')
        return "".join(parts)

    def _bids_html(self) -> str:
        t, state = self.t, self.state
        if state.is_terminal:
            return ""
        title = f'<div class="kaya-panel-title">{escape(t("bids_title", n=state.round))}</div>'
        if not state.bids:
            return (
                f'<div class="kaya-panel">{title}<div class="kaya-empty">'
                f"{escape(t('no_bids'))}</div></div>"
            )
        rows = []
        for k, (seat, bid) in enumerate(state.bids):
            cls = ' class="kaya-bid-last"' if k == len(state.bids) - 1 else ""
            rows.append(
                f"<tr{cls}><td>{escape(self.seat_name(seat))}</td>"
                f"<td>{escape(self.bid_text(bid))}</td></tr>"
            )
        return (
            f'<div class="kaya-panel">{title}<table class="kaya-bids">{"".join(rows)}</table></div>'
        )

    def _reveal_html(self) -> str:
        """The cards of a check made since the last decision at this screen (then it goes)."""
        t, state = self.t, self.state
        checks = [e for e in state.events[self.news_start() :] if isinstance(e, CheckEvent)]
        if not checks:
            return ""
        e = checks[-1]
        deal = next(d for d in state.events if isinstance(d, DealEvent) and d.round == e.round)
        counted = bid_cards(e.bid, e.pool)
        bidder = self._bidder_of(state, e)
        verdict = self.words().verdict(e.true)
        why = t(
            "blef_reveal_why",
            checker=self.seat_name(e.seat),
            bidder=self.seat_name(bidder),
            bid=self.bid_text(e.bid),
            verdict=verdict,
            loser=self.seat_name(e.loser),
        )
        out = next((x for x in state.events if isinstance(x, EliminatedEvent)
                    and x.round == e.round and x.seat == e.loser), None)  # fmt: skip
        if out is not None:
            why += " " + t("blef_reveal_out", loser=self.seat_name(e.loser), cards=out.cards)
        else:
            why += " " + t("blef_reveal_more", loser=self.seat_name(e.loser))
        hands = []
        for i, hand in enumerate(deal.hands):
            if not hand:
                continue
            cards = row_html([self.card(c, width=56, highlight=c in counted) for c in hand])
            hands.append(
                f'<div class="kaya-player"><div class="kaya-player-name">'
                f"{escape(self.seat_name(i))}</div>{cards}</div>"
            )
        cls = "kaya-win" if e.true else "kaya-lose"
        return (
            f'<div class="kaya-panel kaya-reveal-panel"><div class="kaya-panel-title">'
            f"{escape(t('blef_reveal_title', n=e.round))}</div>"
            f'<div class="kaya-result"><span class="{cls}">{escape(self.bid_text(e.bid))}: '
            f"{escape(verdict)}</span> \u2014 {escape(why)}</div>"
            f'<div class="kaya-small">{escape(t("blef_reveal_gold"))}</div>'
            f'<div class="kaya-players">{"".join(hands)}</div></div>'
        )


__all__ = ["BlefApp", "bid_cards"]
