"""Aku Paling Kaya as an ipywidgets app (for Jupyter and Voila).

>>> app = KayaApp(seed=3, delay=0, opponents=["random"], colour="blue")
>>> [c.value for c in app.screen().view.rules.colors]
['blue', 'green']

The panels (status, table, gambreng, showdown, score, hint) are drawn by
:mod:`kayalib.ui.kaya_panels`; this module holds the controls (a Play or Give button under
each card, the challenge and power buttons) and puts each panel in its place: the table and the
gambreng above the log in the side column. Whether the Play buttons are offered is one class of
the hand row (the stylesheet hides them otherwise), so a move changes little.
"""

from __future__ import annotations

from typing import Any

from kayalib.engine import View
from kayalib.errors import IllegalActionError
from kayalib.kaya.actions import Challenge, Decline, Give, Keep, Pass, Play, Steal, TakeBack
from kayalib.kaya.cards import COLORS, Card, Color
from kayalib.kaya.events import Event, MoveEvent
from kayalib.kaya.rules import COIN_TABLES, KayaRules, describe_rules
from kayalib.kaya.view import KayaView
from kayalib.ui import kaya_panels as panels
from kayalib.ui.controls import Button, Check, Choice
from kayalib.ui.framework import GameApp
from kayalib.ui.screen import Screen
from kayalib.ui.tree import Node, h
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

    def build_game(self) -> None:
        add = self.shell.board.add
        self.colour: Choice = add(Choice("colour", "kaya-colour",
                                         options=[(c.value, c.value) for c in COLORS],
                                         value=self._colour_init))  # fmt: skip
        self.coins: Choice = add(Choice("coins", "kaya-coins",
                                        options=[(c, c) for c in COIN_TABLES],
                                        value=self._coins_init))  # fmt: skip
        self.shell.setup_first.append(self.colour)
        self.shell.options.append(self.coins)
        self.slot_cards: list[Node] = [""] * HAND_SLOTS
        self.slot_buttons: list[Button] = [add(Button(f"slot-{i}", "kaya-play-card"))
                                           for i in range(HAND_SLOTS)]  # fmt: skip
        self.slots_shown = [False] * HAND_SLOTS
        self.acting = False
        for i, b in enumerate(self.slot_buttons):
            b.add_class("kaya-action")
            b.on_click(self.guard(lambda _b, i=i: self._on_slot(i)))
        self.targets: list[Check] = [add(Check(f"target-{i}", "kaya-target"))
                                     for i in range(self.max_seats)]  # fmt: skip
        for i, box in enumerate(self.targets):
            box.add_class(f"kaya-target-{i}")
            box.shown = False  # shown when offered
        self.challenge_button: Button = add(Button("challenge", "kaya-challenge", style="danger"))
        self.pass_button: Button = add(Button("pass", "kaya-pass"))
        self.challenge_button.on_click(self.guard(self._on_challenge))
        self.pass_button.on_click(self.guard(lambda _b: self.human_act(Pass())))
        self.challenge_shown = self.power_shown = False
        self.take_back: Button = add(Button("take-back", "kaya-take-back", style="success"))
        self.take_back.on_click(self.guard(lambda _b: self.human_act(TakeBack())))
        self.steal_choice: Choice = add(Choice("steal-choice", "kaya-steal-choice",
                                               options=[("", None)]))  # fmt: skip
        self.steal_button: Button = add(Button("steal", "kaya-steal", style="success"))
        self.steal_button.on_click(self.guard(self._on_steal))
        self.keep_button: Button = add(Button("keep", "kaya-keep", style="success"))
        self.keep_button.on_click(self.guard(lambda _b: self.human_act(Keep())))
        self.decline_button: Button = add(Button("decline", "kaya-decline"))
        self.decline_button.on_click(self.guard(lambda _b: self.human_act(Decline())))
        for b in (self.challenge_button, self.pass_button, self.take_back, self.steal_button,
                  self.keep_button, self.decline_button):  # fmt: skip
            b.add_class("kaya-action")

    def relabel_game(self) -> None:
        t = self.t
        words = KayaWords(t)
        self.colour.set_options([(t("kaya_my_colour", colour=words.colour(c)), c.value)
                                 for c in COLORS])  # fmt: skip
        self.coins.set_options([(t(f"kaya_coins_{c}"), c) for c in COIN_TABLES])
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

    # ----------------------------------------------------------------- each panel in its place

    def status(self, screen: Screen, words: KayaWords) -> Node:
        return panels.status(screen, words)

    def draw(self, screen: Screen, words: KayaWords) -> tuple[list[Node], list[Node]]:
        view = screen.view
        assert isinstance(view, KayaView)
        phase = view.phase if screen.my_turn else ""
        self._draw_hand(screen, words, view, phase)
        self._draw_challenge(screen, view, words, phase)
        self._draw_power(screen, view, words, phase)
        self.shell.hint = panels.hint(screen, words)
        slots = [h("div.kaya-hand-slot", h("div.kaya-hand-card", pic), b.node(), hidden=not shown)
                 for pic, b, shown in zip(self.slot_cards, self.slot_buttons, self.slots_shown,
                                          strict=True)]  # fmt: skip
        own = panels.own_table(screen, words)
        play = [
            h("div.kaya-top", h("div.kaya-score", panels.score(screen, words)),
              h("div.kaya-hand-title", panels.hand_title(screen, words))),
            self.show_hand.node(),
            h("div.kaya-hand", *slots, h("div.kaya-own-table", own, hidden=not own),
              cls="kaya-hand-acting" if self.acting else ""),
            h("div.kaya-controls.kaya-challenge-box", self.challenge_button.node(),
              self.pass_button.node(), *[box.node() for box in self.targets],
              hidden=not self.challenge_shown),
            h("div.kaya-controls.kaya-power-box", *[c.node() for c in (
                self.take_back, self.steal_choice, self.steal_button, self.keep_button,
                self.decline_button)], hidden=not self.power_shown),
            h("div.kaya-showdown", panels.showdown(screen, words)),
            h("div.kaya-hint", self.shell.hint,
              hidden=not (screen.hint and not screen.view.is_terminal)),
        ]  # fmt: skip
        side = [h("div.kaya-table", panels.table(screen, words)),
                h("div.kaya-gambreng", panels.gambreng(screen, words))]
        return play, side

    def _draw_hand(self, screen: Screen, words: KayaWords, view: KayaView, phase: str) -> None:
        """Your face-down card and your hand, a Play (or Give) button under each card.

        A hand holds cards of its seat's colour only, so slot ``k`` is the card with number
        ``k + 1``: a card played or given only hides its slot, and the other slots stay as they
        were (nothing to send to the page for them)."""
        t, viewer, visible = self.t, screen.viewer, screen.hand_visible
        self.update_show_hand(screen, screen.hot_seat and viewer is not None and phase != "")
        over = view.is_terminal or viewer is None
        by_number = {} if over else {card.number: card for card in view.hand}
        eligible = {a.card for a in view.legal_actions() if isinstance(a, Give)}
        give, buttons = phase == "pink", phase in ("play", "pink")
        # the buttons are hidden by the hand's class while not offered, and keep their words
        self.acting = buttons
        for k, b in enumerate(self.slot_buttons):
            card = by_number.get(k + 1)
            self.slots_shown[k] = card is not None
            if card is None:
                self.slot_cards[k] = ""  # nothing of an earlier hand stays in the page, even hidden
                continue
            self.slot_cards[k] = panels.card_node(words, view, card, width=84) if visible else (
                panels.card_back(words, 84, card.color.value, "?"))  # fmt: skip
            if not buttons:
                continue
            b.description = t("kaya_give" if give else "kaya_play")
            b.disabled = not visible or (card not in eligible if give else phase != "play")
            b.tooltip = t("kaya_give_tooltip" if give else "kaya_play_tooltip",
                          card=words.card_text(card) if visible else "?")  # fmt: skip

    def _draw_challenge(self, screen: Screen, view: KayaView, words: KayaWords,
                        phase: str) -> None:  # fmt: skip
        """Challenge (with boxes to tick more targets) or pass."""
        self.challenge_shown = phase == "challenge"
        if phase != "challenge":
            for box in self.targets:
                box.value = False
            return
        optional = panels.challenge_targets(view)
        for i, box in enumerate(self.targets):
            offered = i < view.players and (i in optional or i == view.active)
            box.shown = offered
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
        self.power_shown = phase in ("power", "orange")
        steals = [a for a in legal if isinstance(a, Steal)]
        self.take_back.shown = phase == "power" and any(isinstance(a, TakeBack) for a in legal)
        self.keep_button.shown = phase == "orange"
        self.steal_choice.shown = bool(steals)
        self.steal_button.shown = bool(steals)
        if steals:
            self.steal_choice.set_options([
                (t("kaya_steal_option", card=words.card_text(a.card),
                   player=words.seat(a.victim), coins=view.rules.bonus_value(a.card)), a)
                for a in steals
            ])  # fmt: skip
        for b in (self.take_back, self.steal_button, self.keep_button, self.decline_button):
            b.disabled = not screen.hand_visible
