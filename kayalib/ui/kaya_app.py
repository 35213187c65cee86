"""Aku Paling Kaya as an ipywidgets app (for Jupyter and Voila).

>>> app = KayaApp(seed=3, delay=0, opponents=["random"], colour="blue")
>>> [c.value for c in app.state.rules.colors]
['blue', 'green']

The panels' HTML (table, gambreng, showdown, score, hint) is built in
:mod:`kayalib.ui.kaya_panels`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from kayalib.draw import card_back_svg, kaya_card_svg, row_html
from kayalib.errors import IllegalActionError
from kayalib.kaya.cards import COLORS, Card, Color
from kayalib.kaya.game import (
    Challenge,
    Decline,
    Event,
    Give,
    KayaState,
    Keep,
    MoveEvent,
    Pass,
    Play,
    Steal,
    TakeBack,
)
from kayalib.kaya.rules import DEFAULT_COINS, KayaRules
from kayalib.ui import kaya_panels
from kayalib.ui.framework import GameApp
from kayalib.ui.widgets import button, html, set_options, show_if
from kayalib.words.kaya import KayaWords

HAND_SLOTS = 9
#: The coin tables the app offers (RULES.md option ``coins``): the coins of numbers 1-9.
COIN_TABLES: dict[str, tuple[int, ...]] = {
    "standard": DEFAULT_COINS,
    "number": (1, 2, 3, 4, 5, 6, 7, 8, 9),
    "flat": (1,) * 9,
}


def challenge_win_odds(state: KayaState, seat: int) -> list[tuple[Challenge, float]]:
    """For each challenge ``seat`` may make now, the chance it wins, from card counting
    (:func:`kayalib.kaya.advice.challenge_odds`: ties go to the challenger)."""
    from kayalib.kaya.advice import challenge_odds

    table = challenge_odds(state.view(seat))  # keyed by the sorted target seats
    legal = [a for a in state.view(seat).legal_actions() if isinstance(a, Challenge)]
    return [(c, float(table[c.targets])) for c in legal]


class KayaApp(GameApp[KayaState]):
    """Play Aku Paling Kaya against bots (``random``, ``counter``) or hot-seat on one screen.

    Seat 0 is the person at the screen and plays ``colour``; the other seats take the remaining
    colours in the seed's order. ``coins`` names a coin table of :data:`COIN_TABLES`.
    ``delay=0`` makes bots move at once (tests).
    """

    game_name = "kaya"

    page_title_key = "kaya_page_title"
    intro_key = "kaya_intro"
    bot_names = ("random", "counter")
    default_opponents = ("counter", "random")
    query_options = {"coins": tuple(COIN_TABLES)}
    intro_wait_key = "error_wait_gambreng"

    def __init__(self, *, colour: str = "green", coins: str = "standard", **kwargs: Any) -> None:
        self._colour_init = colour
        self._coins_init = coins if coins in COIN_TABLES else "standard"
        super().__init__(**kwargs)

    # ----------------------------------------------------------------- widgets

    def build_game(self) -> tuple[list[w.Widget], list[w.Widget]]:
        self.colour = w.Dropdown(options=[(c.value, c.value) for c in COLORS])
        self.colour.value = self._colour_init
        self.colour.add_class("kaya-colour")
        self.coins = w.Dropdown(options=[(c, c) for c in COIN_TABLES], value=self._coins_init)
        self.coins.add_class("kaya-coins")
        self.setup_box.children = (self.colour, *self.setup_box.children)
        self.options_box.children = (*self.options_box.children, self.coins)
        self.gambreng = html("kaya-gambreng")
        self.table_panel = html("kaya-table")
        self.hand_title = html("kaya-hand-title")
        self.own_table = html("kaya-own-table")
        self.slot_cards = [html("kaya-hand-card") for _ in range(HAND_SLOTS)]
        self.slot_buttons = [button("", "kaya-play-card") for _ in range(HAND_SLOTS)]
        self.slots = []
        for i, (pic, b) in enumerate(zip(self.slot_cards, self.slot_buttons, strict=True)):
            b.add_class("kaya-action")
            b.on_click(self.guard(lambda _b, i=i: self._on_slot(i)))
            slot = w.VBox([pic, b])
            slot.add_class("kaya-hand-slot")
            self.slots.append(slot)
        self.hand_row = w.HBox([self.own_table, *self.slots])
        self.hand_row.add_class("kaya-hand")

        self.targets = [w.Checkbox(value=False, indent=False) for _ in range(self.max_seats)]
        for i, box in enumerate(self.targets):
            box.add_class("kaya-target")
            box.add_class(f"kaya-target-{i}")
        self.challenge_button = button("", "kaya-challenge", style="danger")
        self.pass_button = button("", "kaya-pass")
        self.challenge_button.on_click(self.guard(self._on_challenge))
        self.pass_button.on_click(self.guard(lambda _b: self.human_act(Pass())))
        self.challenge_box = w.HBox([self.challenge_button, self.pass_button, *self.targets])
        self.challenge_box.add_class("kaya-controls")

        self.take_back = button("", "kaya-take-back", style="success")
        self.take_back.on_click(self.guard(lambda _b: self.human_act(TakeBack())))
        self.steal_choice = w.Dropdown(options=[("", None)], value=None)
        self.steal_choice.add_class("kaya-steal-choice")
        self.steal_button = button("", "kaya-steal", style="success")
        self.steal_button.on_click(self.guard(self._on_steal))
        self.keep_button = button("", "kaya-keep", style="success")
        self.keep_button.on_click(self.guard(lambda _b: self.human_act(Keep())))
        self.decline_button = button("", "kaya-decline")
        self.decline_button.on_click(self.guard(lambda _b: self.human_act(Decline())))
        self.power_box = w.HBox(
            [self.take_back, self.steal_choice, self.steal_button, self.keep_button,
             self.decline_button]
        )  # fmt: skip
        self.power_box.add_class("kaya-controls")
        for b in (self.challenge_button, self.pass_button, self.take_back, self.steal_button,
                  self.keep_button, self.decline_button):  # fmt: skip
            b.add_class("kaya-action")
        self.showdown = html("kaya-showdown")
        self.score = html("kaya-score")
        play = [self.score, self.hand_title, self.show_hand, self.hand_row, self.challenge_box,
                self.power_box, self.showdown, self.hint]  # fmt: skip
        return play, [self.table_panel, self.gambreng]

    def relabel_game(self) -> None:
        t = self.t
        set_options(self.colour, [(t("kaya_my_colour", colour=self.colour_name(c)), c.value)
                                  for c in COLORS])  # fmt: skip
        set_options(self.coins, [(t(f"kaya_coins_{c}"), c) for c in COIN_TABLES])
        self.coins.tooltip = t("kaya_coins_tooltip")
        self.challenge_button.description = t("kaya_challenge")
        self.pass_button.description = t("kaya_pass")
        self.take_back.description = t("kaya_take_back")
        self.steal_button.description = t("kaya_steal")
        self.keep_button.description = t("kaya_keep")
        self.decline_button.description = t("kaya_decline")

    # ----------------------------------------------------------------- game hooks

    def colours(self) -> tuple[Color, ...]:
        mine = Color(self.colour.value)
        others = [c for c in COLORS if c is not mine]
        return (mine, *others[: len(self.seat_choices()) - 1])

    def game_rules(self) -> KayaRules:
        return KayaRules(colors=self.colours(), coins=COIN_TABLES[self.coins.value])

    def intro_steps(self) -> int:
        """A new game shows the gambreng one show at a time (at the bots' pace)."""
        first = self.states[0]
        draw = first.gambreng
        return len(draw.rounds) if draw is not None and first.turn == 1 else 0

    # ----------------------------------------------------------------- words

    def words(self) -> KayaWords:
        """The shared narrator, in the app's language and with the app's seat names."""
        return KayaWords(self.t, self.seat_name)

    def colour_name(self, colour: Color | str) -> str:
        return self.words().colour(colour)

    def card_text(self, card: Card | None) -> str:
        return self.words().card_text(card)

    def card_svg(self, card: Card, *, width: int = 72, highlight: bool = False,
                 dim: bool = False) -> str:  # fmt: skip
        names = {c.value: self.colour_name(c) for c in COLORS}
        coins = self.state.rules.bonus_value(card)
        return kaya_card_svg(card.color.value, card.number, coins, width=width,
                             colour_names=names, highlight=highlight, dim=dim)  # fmt: skip

    def seat_name(self, seat: int) -> str:
        base = super().seat_name(seat)
        if not self.states:
            return base
        return f"{base} \u00b7 {self.colour_name(self.state.rules.colors[seat])}"

    def names(self, seats: Sequence[int]) -> str:
        return ", ".join(self.seat_name(s) for s in seats)

    def log_viewer(self) -> int:
        """Whose private events the log may show: the single human's, else nobody's."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else -1

    def event_lines(self, state: KayaState) -> list[str]:
        return [escape(line) for line in self.words().event_lines(state.events, self.log_viewer())]

    def event_text(self, e: Event) -> str:
        """One event in words (empty for events another line already says)."""
        return self.words().event_text(e)

    def move_text(self, e: MoveEvent) -> str:
        return self.words().move_text(e)


    # ----------------------------------------------------------------- controller

    def _slot_card(self, i: int) -> Card:
        seat = self.viewer()
        hand = self.state.hands[seat] if seat is not None else ()
        if i >= len(hand):
            raise IllegalActionError(self.t("error_no_such_card"))
        return hand[i]

    def _on_slot(self, i: int) -> None:
        card = self._slot_card(i)
        if self.state.phase == "pink":
            self.human_act(Give(card))
        else:
            self.human_act(Play(card))

    def chosen_targets(self) -> tuple[int, ...]:
        active = self.state.active
        chosen = [i for i, box in enumerate(self.targets) if box.value and i != active]
        return tuple(sorted({active, *chosen}))

    def _on_challenge(self, _b: Any) -> None:
        self.human_act(Challenge(self.chosen_targets()))

    def _on_steal(self, _b: Any) -> None:
        choice = self.steal_choice.value
        if choice is None:
            raise IllegalActionError(self.t("error_choose_steal"))
        self.human_act(choice)

    # ----------------------------------------------------------------- view: one method a panel

    def render_game(self) -> None:
        self.hide_hand_after_turn()
        self.status.value = self._status_html()
        self.score.value = kaya_panels.score_html(self) if self.state.is_terminal else ""
        self.table_panel.value = kaya_panels.table_html(self)
        self.gambreng.value = kaya_panels.gambreng_html(self)
        self.render_hand()
        self.render_challenge()
        self.render_power()
        self.showdown.value = kaya_panels.showdown_html(self)
        self.hint.value = kaya_panels.hint_html(self) if self.hint_toggle.value else ""

    def _phase(self) -> str:
        """The phase the person at the screen decides in now, or "" (not their move)."""
        return self.state.phase if self.my_turn() else ""

    def render_hand(self) -> None:
        """Your face-down card and your hand, a Play (or Give) button under each card."""
        state, t = self.state, self.t
        viewer, visible, phase = self.viewer(), self.hand_visible(), self._phase()
        self.update_show_hand(len(self.humans) > 1 and viewer is not None and phase != "")
        hand = state.hands[viewer] if viewer is not None else ()
        over = state.is_terminal or viewer is None
        self.hand_title.value = "" if over else (
            f"<h4>{escape(t('your_cards', player=self.seat_name(viewer)))}</h4>"  # type: ignore[arg-type]
        )  # fmt: skip
        eligible = {a.card for a in state.legal_actions() if isinstance(a, Give)}
        for i, (pic, b, slot) in enumerate(
            zip(self.slot_cards, self.slot_buttons, self.slots, strict=True)
        ):
            show_if(slot, i < len(hand) and not over)
            if i >= len(hand) or over:
                continue
            card = hand[i]
            pic.value = self.card_svg(card, width=84) if visible else card_back_svg(
                width=84, label="?", colour=card.color.value)  # fmt: skip
            give = phase == "pink"
            b.description = t("kaya_give" if give else "kaya_play")
            b.disabled = not visible or (card not in eligible if give else phase != "play")
            b.tooltip = t("kaya_give_tooltip" if give else "kaya_play_tooltip",
                          card=self.card_text(card) if visible else "?")  # fmt: skip
            show_if(b, phase in ("play", "pink"))
        own = state.table[viewer] if viewer is not None else None
        if own is not None and visible and not state.is_terminal:
            self.own_table.value = (
                f'<div class="kaya-own-table-box" title="{escape(t("kaya_own_table"))}">'
                f"{row_html([self.card_svg(own, width=60)])}"
                f'<div class="kaya-small">{escape(t("kaya_own_table_short"))}</div></div>'
            )
        else:
            self.own_table.value = ""
        show_if(self.own_table, bool(self.own_table.value))

    def render_challenge(self) -> None:
        """Challenge (with boxes to tick more targets) or pass."""
        state, phase, visible = self.state, self._phase(), self.hand_visible()
        show_if(self.challenge_box, phase == "challenge")
        if phase != "challenge":
            for box in self.targets:
                box.value = False
            return
        optional = sorted({s for a in state.legal_actions() if isinstance(a, Challenge)
                           for s in a.targets} - {state.active})  # fmt: skip
        for i, box in enumerate(self.targets):
            offered = i < state.players and (i in optional or i == state.active)
            show_if(box, offered)
            if offered:
                box.description = self.seat_name(i)
                box.disabled = i == state.active or not visible
                if i == state.active:
                    box.value = True
        self.challenge_button.disabled = not visible
        self.pass_button.disabled = not visible

    def render_power(self) -> None:
        """Green take-back, red steal, orange keep, or no thanks."""
        t, state, phase = self.t, self.state, self._phase()
        legal = state.legal_actions() if phase else ()
        show_if(self.power_box, phase in ("power", "orange"))
        steals = [a for a in legal if isinstance(a, Steal)]
        show_if(self.take_back, phase == "power" and any(isinstance(a, TakeBack) for a in legal))
        show_if(self.keep_button, phase == "orange")
        show_if(self.steal_choice, bool(steals))
        show_if(self.steal_button, bool(steals))
        if steals:
            set_options(self.steal_choice, [
                (t("kaya_steal_option", card=self.card_text(a.card),
                   player=self.seat_name(a.victim),
                   coins=state.rules.bonus_value(a.card)), a)
                for a in steals
            ])  # fmt: skip
        for b in (self.take_back, self.steal_button, self.keep_button, self.decline_button):
            b.disabled = not self.hand_visible()

    def _status_html(self) -> str:
        t, state = self.t, self.state
        seat = state.current_player
        cls = ""
        if state.is_terminal:
            text, cls = t("kaya_over", winners=self.names(state.outcome.winners)), "kaya-over"
        elif self.watching_intro:
            text = t("gambreng_watch")
        elif self.is_human(seat):
            who = self.seat_name(seat)
            cls = "kaya-your-turn"
            if len(self.humans) > 1 and not self.hand_visible():
                text = t("hot_seat_turn", player=who)
            elif state.phase == "play":
                text = t("kaya_your_play", player=who)
            elif state.phase == "challenge":
                text = t("kaya_your_window", player=who, active=self.seat_name(state.active))
            elif state.phase == "power":
                own = state.table[state.active]
                key = (
                    "kaya_your_green"
                    if own is not None and own.color is Color.GREEN
                    else "kaya_your_red"
                )
                text = t(key, player=who, card=self.card_text(own))
            elif state.phase == "orange":
                text = t("kaya_your_orange", player=who)
            else:
                text = t("kaya_your_pink", player=who)
        else:
            text = t("waiting_for", player=self.seat_name(seat))
        turn = t("turn_n", n=state.turn)
        return (f'<div class="kaya-status-text {cls}">{escape(text)} '
                f'<span class="kaya-small">{escape(turn)}</span></div>')  # fmt: skip


__all__ = ["COIN_TABLES", "KayaApp", "challenge_win_odds"]
