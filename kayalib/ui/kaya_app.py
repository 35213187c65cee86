"""Aku Paling Kaya as an ipywidgets app (for Jupyter and Voila).

>>> app = KayaApp(seed=3, delay=0, opponents=["random"], colour="blue")
>>> [c.value for c in app.screen().view.rules.colors]
['blue', 'green']

The panels' HTML (status, table, gambreng, showdown, score, hint) is drawn by
:mod:`kayalib.ui.kaya_panels`; this module holds the controls (a Play or Give button under
each card, the challenge and power buttons) and puts each panel into its widget: the table, the
gambreng and the log are one widget of the side column. Whether the Play buttons are offered is
one class of the hand row (the stylesheet hides them otherwise), so a move changes few widgets.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from kayalib.draw import card_back_svg
from kayalib.engine import View
from kayalib.errors import IllegalActionError
from kayalib.kaya.actions import Challenge, Decline, Give, Keep, Pass, Play, Steal, TakeBack
from kayalib.kaya.cards import COLORS, Card, Color
from kayalib.kaya.events import Event, MoveEvent
from kayalib.kaya.rules import COIN_TABLES, KayaRules, describe_rules
from kayalib.kaya.view import KayaView
from kayalib.pages.widgets import button, html, set_options, show_if
from kayalib.ui import kaya_panels as panels
from kayalib.ui.framework import GameApp
from kayalib.ui.screen import Screen
from kayalib.ui.widgets import Panel
from kayalib.words.kaya import KayaWords

__all__ = ["KayaApp", "challenge_win_odds"]

HAND_SLOTS = 9
#: the hand row's class while its Play (or Give) buttons are offered
ACTING = "kaya-hand-acting"


def challenge_win_odds(view: KayaView) -> list[tuple[Challenge, float]]:
    """For each challenge the view's seat may make now, the chance it wins, from card
    counting (:func:`kayalib.kaya.advice.challenge_odds`: ties go to the challenger)."""
    from kayalib.kaya.advice import challenge_odds

    table = challenge_odds(view)  # keyed by the sorted target seats
    legal = [a for a in view.legal_actions() if isinstance(a, Challenge)]
    return [(c, float(table[c.targets])) for c in legal]


class KayaApp(GameApp):
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
    choices = {"coins": tuple(COIN_TABLES)}

    def __init__(self, *, colour: str = "green", coins: str = "standard", **kwargs: Any) -> None:
        self._colour_init = colour
        self._coins_init = coins if coins in COIN_TABLES else "standard"
        super().__init__(**kwargs)

    # ----------------------------------------------------------------- widgets

    def build_game(self) -> list[w.Widget]:
        self.colour = w.Dropdown(options=[(c.value, c.value) for c in COLORS])
        self.colour.value = self._colour_init
        self.colour.add_class("kaya-colour")
        self.coins = w.Dropdown(options=[(c, c) for c in COIN_TABLES], value=self._coins_init)
        self.coins.add_class("kaya-coins")
        shell = self.shell
        shell.setup_box.children = (self.colour, *shell.setup_box.children)
        shell.options_box.children = (*shell.options_box.children, self.coins)
        self.table_panel = shell.side.part("kaya-table")
        self.gambreng = shell.side.part("kaya-gambreng")
        self.top = Panel("kaya-top")
        self.score = self.top.part("kaya-score")
        self.hand_title = self.top.part("kaya-hand-title")
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
        self.hand_row = w.HBox([*self.slots, self.own_table])
        self.hand_row.add_class("kaya-hand")

        self.targets = [w.Checkbox(value=False, indent=False) for _ in range(self.max_seats)]
        for i, box in enumerate(self.targets):
            box.add_class("kaya-target")
            box.add_class(f"kaya-target-{i}")
            show_if(box, False)  # shown when offered
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
        return [self.top.widget, self.show_hand, self.hand_row, self.challenge_box,
                self.power_box, self.showdown, shell.hint]  # fmt: skip

    def relabel_game(self) -> None:
        t = self.t
        words = KayaWords(t)
        set_options(self.colour, [(t("kaya_my_colour", colour=words.colour(c)), c.value)
                                  for c in COLORS])  # fmt: skip
        set_options(self.coins, [(t(f"kaya_coins_{c}"), c) for c in COIN_TABLES])
        self.coins.tooltip = t("kaya_coins_tooltip")
        self.colour.tooltip = t("kaya_colour_tooltip")
        self.steal_choice.tooltip = t("kaya_steal_tooltip")
        self.challenge_button.description = t("kaya_challenge")
        self.pass_button.description = t("kaya_pass")
        self.take_back.description = t("kaya_take_back")
        self.steal_button.description = t("kaya_steal")
        self.keep_button.description = t("kaya_keep")
        self.decline_button.description = t("kaya_decline")

    # ----------------------------------------------------------------- the game

    def colours(self) -> tuple[Color, ...]:
        mine = Color(self.colour.value)
        others = [c for c in COLORS if c is not mine]
        return (mine, *others[: len(self.shell.seat_choices()) - 1])

    def show_rules(self, rules: KayaRules) -> None:
        self.colour.value = rules.colors[0].value
        coins = describe_rules(rules).get("coins")
        if coins is not None:
            self.coins.value = coins

    def game_rules(self) -> KayaRules:
        return KayaRules(colors=self.colours(), coins=COIN_TABLES[self.coins.value])

    def intro_steps(self, view: View) -> int:
        """A new game shows the gambreng one show at a time (at the bots' pace)."""
        assert isinstance(view, KayaView)
        draw = panels.gambreng_of(view)
        return len(draw.rounds) if draw is not None and view.turn == 1 else 0

    def words(self) -> KayaWords:
        """The shared narrator, in the app's language, seats named with their colours."""
        t = self.t
        if self._client is None:
            return KayaWords(t, self.namer())
        colours = self._view().rules.colors
        plain = KayaWords(t)
        return KayaWords(t, self.namer(lambda s: plain.colour(colours[s])))

    def card_text(self, card: Card | None) -> str:
        return self.words().card_text(card)

    def event_text(self, e: Event) -> str:
        """One event in words (empty for events another line already says)."""
        return self.words().event_text(e)

    def move_text(self, e: MoveEvent) -> str:
        return self.words().move_text(e)

    # ----------------------------------------------------------------- controller

    def _view(self) -> KayaView:
        """What the seat whose view the screen reads may know now."""
        view = self.client.view(self._reader())
        assert isinstance(view, KayaView)
        return view

    def _on_slot(self, i: int) -> None:
        """Slot ``i`` holds the viewer's card with number ``i + 1`` (a hand is of one colour)."""
        screen = self.screen()
        view = screen.view
        assert isinstance(view, KayaView)
        hand = view.hand if screen.viewer is not None else ()
        card = next((c for c in hand if c.number == i + 1), None)
        if card is None:
            raise IllegalActionError(self.t("error_no_such_card"))
        self.human_act(Give(card) if view.phase == "pink" else Play(card))

    def chosen_targets(self) -> tuple[int, ...]:
        active = self._view().active
        chosen = [i for i, box in enumerate(self.targets) if box.value and i != active]
        return tuple(sorted({active, *chosen}))

    def _on_challenge(self, _b: Any) -> None:
        self.human_act(Challenge(self.chosen_targets()))

    def _on_steal(self, _b: Any) -> None:
        choice = self.steal_choice.value
        if choice is None:
            raise IllegalActionError(self.t("error_choose_steal"))
        self.human_act(choice)

    # ----------------------------------------------------------------- each panel in its widget

    def draw(self, screen: Screen, words: KayaWords) -> None:
        view = screen.view
        assert isinstance(view, KayaView)
        self.shell.status.value = panels.status_html(screen, words)
        self.score.value = panels.score_html(screen, words)
        self.table_panel.value = panels.table_html(screen, words)
        self.gambreng.value = panels.gambreng_html(screen, words)
        phase = view.phase if screen.my_turn else ""
        self._draw_hand(screen, words, view, phase)
        self._draw_challenge(screen, view, words, phase)
        self._draw_power(screen, view, words, phase)
        self.showdown.value = panels.showdown_html(screen, words)
        self.shell.hint.value = panels.hint_html(screen, words)

    def _draw_hand(self, screen: Screen, words: KayaWords, view: KayaView, phase: str) -> None:
        """Your face-down card and your hand, a Play (or Give) button under each card.

        A hand holds cards of its seat's colour only, so slot ``k`` is the card with number
        ``k + 1``: a card played or given only hides its slot, and the other slots stay as they
        were (nothing to send to the page for them)."""
        t, viewer, visible = self.t, screen.viewer, screen.hand_visible
        self.update_show_hand(screen, screen.hot_seat and viewer is not None and phase != "")
        over = view.is_terminal or viewer is None
        by_number = {} if over else {card.number: card for card in view.hand}
        self.hand_title.value = panels.hand_title_html(screen, words)
        eligible = {a.card for a in view.legal_actions() if isinstance(a, Give)}
        give, buttons = phase == "pink", phase in ("play", "pink")
        if buttons:
            self.hand_row.add_class(ACTING)
        else:  # the buttons are hidden by the class and keep their words until offered again
            self.hand_row.remove_class(ACTING)
        for k, (pic, b, slot) in enumerate(
            zip(self.slot_cards, self.slot_buttons, self.slots, strict=True)
        ):
            card = by_number.get(k + 1)
            show_if(slot, card is not None)
            if card is None:
                pic.value = ""  # nothing of an earlier hand stays in the page, even hidden
                continue
            pic.value = panels.card_svg(words, view, card, width=84) if visible else (
                card_back_svg(width=84, label="?", colour=card.color.value,
                              title=t("card_face_down")))  # fmt: skip
            if not buttons:
                continue
            b.description = t("kaya_give" if give else "kaya_play")
            b.disabled = not visible or (card not in eligible if give else phase != "play")
            b.tooltip = t("kaya_give_tooltip" if give else "kaya_play_tooltip",
                          card=words.card_text(card) if visible else "?")  # fmt: skip
        self.own_table.value = panels.own_table_html(screen, words)
        show_if(self.own_table, bool(self.own_table.value))

    def _draw_challenge(self, screen: Screen, view: KayaView, words: KayaWords,
                        phase: str) -> None:  # fmt: skip
        """Challenge (with boxes to tick more targets) or pass."""
        show_if(self.challenge_box, phase == "challenge")
        if phase != "challenge":
            for box in self.targets:
                box.value = False
            return
        optional = panels.challenge_targets(view)
        for i, box in enumerate(self.targets):
            offered = i < view.players and (i in optional or i == view.active)
            show_if(box, offered)
            if offered:
                box.description = words.seat(i)
                box.disabled = i == view.active or not screen.hand_visible
                if i == view.active:
                    box.value = True
        self.challenge_button.disabled = not screen.hand_visible
        self.pass_button.disabled = not screen.hand_visible

    def _draw_power(self, screen: Screen, view: KayaView, words: KayaWords, phase: str) -> None:
        """Green take-back, red steal, orange keep, or no thanks."""
        t = self.t
        legal = view.legal_actions() if phase else ()
        show_if(self.power_box, phase in ("power", "orange"))
        steals = [a for a in legal if isinstance(a, Steal)]
        show_if(self.take_back, phase == "power" and any(isinstance(a, TakeBack) for a in legal))
        show_if(self.keep_button, phase == "orange")
        show_if(self.steal_choice, bool(steals))
        show_if(self.steal_button, bool(steals))
        if steals:
            set_options(self.steal_choice, [
                (t("kaya_steal_option", card=words.card_text(a.card),
                   player=words.seat(a.victim), coins=view.rules.bonus_value(a.card)), a)
                for a in steals
            ])  # fmt: skip
        for b in (self.take_back, self.steal_button, self.keep_button, self.decline_button):
            b.disabled = not screen.hand_visible

