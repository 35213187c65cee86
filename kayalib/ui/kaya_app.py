"""Aku Paling Kaya as an ipywidgets app (for Jupyter and Voila).

>>> app = KayaApp(seed=3, delay=0, opponents=["random"], colour="blue")
>>> [c.value for c in app.state.rules.colors]
['blue', 'green']
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from kayalib.draw import card_back_svg, kaya_card_svg, probability_bars_html, row_html
from kayalib.errors import IllegalActionError
from kayalib.kaya.cards import COLORS, Card, Color
from kayalib.kaya.game import (
    Challenge,
    ChallengeEvent,
    Decline,
    Event,
    Give,
    KayaState,
    Keep,
    MoveEvent,
    Pass,
    Play,
    PlayEvent,
    ShowdownEvent,
    Steal,
    TakeBack,
)
from kayalib.kaya.rules import KayaRules
from kayalib.ui.framework import GameApp, button, html, set_options, show_if
from kayalib.words.kaya import KayaWords

HAND_SLOTS = 9


def _bot(name: str) -> Any:
    from kayalib.kaya.bots import make_bot

    return make_bot(name)


def challenge_win_odds(state: KayaState, seat: int) -> list[tuple[Challenge, float]]:
    """For each challenge ``seat`` may make now, the chance it wins, from card counting.

    Uses ``kayalib.kaya.counting``: each target's face-down card is a uniform draw from the
    numbers of its colour not yet seen face-up; the challenger wins ties.
    """
    from kayalib.kaya import counting

    view = state.view(seat)
    challenges = [a for a in view.legal_actions() if isinstance(a, Challenge)]
    if not challenges or view.own_table is None:
        return []
    odds = getattr(counting, "challenge_odds", None)
    if odds is not None:
        table = odds(view)  # keyed by the sorted target seats
        return [(c, float(table[c.targets])) for c in challenges]
    own = view.own_table.number
    return [
        (c, float(counting.win_probability(own, [view.hidden[t] for t in c.targets])))
        for c in challenges
    ]


class KayaApp(GameApp[KayaState]):
    """Play Aku Paling Kaya against bots (``random``, ``counter``) or hot-seat on one screen.

    Seat 0 is the person at the screen and plays ``colour``; the other seats take the remaining
    colours in the seed's order. ``delay=0`` makes bots move at once (tests).
    """

    title_key = "kaya_title"
    bot_names = ("random", "counter")
    default_opponents = ("counter", "random")

    def __init__(self, *, colour: str = "green", **kwargs: Any) -> None:
        self._colour_init = colour
        super().__init__(**kwargs)

    # ----------------------------------------------------------------- widgets

    def build_game(self) -> None:
        self.colour = w.Dropdown(options=[(c.value, c.value) for c in COLORS])
        self.colour.value = self._colour_init
        self.colour.add_class("kaya-colour")
        self.colour.layout.width = "210px"
        self.setup_box.children = (self.colour, *self.setup_box.children)
        self.gambreng = html("kaya-gambreng")
        self.table = html("kaya-table")
        self.hand_title = html("kaya-hand-title")
        self.slot_cards = [html("kaya-hand-card") for _ in range(HAND_SLOTS)]
        self.slot_buttons = [button("", "kaya-play-card") for _ in range(HAND_SLOTS)]
        self.slots = []
        for i, (pic, b) in enumerate(zip(self.slot_cards, self.slot_buttons, strict=True)):
            b.layout.width = "84px"
            b.on_click(self.guard(lambda _b, i=i: self._on_slot(i)))
            slot = w.VBox([pic, b])
            slot.add_class("kaya-hand-slot")
            self.slots.append(slot)
        self.hand_row = w.HBox(self.slots)
        self.hand_row.add_class("kaya-hand")
        self.own_table = html("kaya-own-table")

        self.targets = [w.Checkbox(value=False, indent=False) for _ in range(self.max_seats)]
        for i, box in enumerate(self.targets):
            box.add_class("kaya-target")
            box.add_class(f"kaya-target-{i}")
            box.layout.width = "auto"
        self.challenge_button = button("", "kaya-challenge", style="danger")
        self.pass_button = button("", "kaya-pass")
        self.challenge_button.on_click(self.guard(self._on_challenge))
        self.pass_button.on_click(self.guard(lambda _b: self.human_act(Pass())))
        self.challenge_box = w.HBox([self.challenge_button, *self.targets, self.pass_button])
        self.challenge_box.add_class("kaya-controls")

        self.take_back = button("", "kaya-take-back", style="success")
        self.take_back.on_click(self.guard(lambda _b: self.human_act(TakeBack())))
        self.steal_choice = w.Dropdown(options=[("", None)], value=None)
        self.steal_choice.add_class("kaya-steal-choice")
        self.steal_choice.layout.width = "260px"
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
        self.showdown = html("kaya-showdown")
        self.score = html("kaya-score")
        self.game_box = w.VBox(
            [
                self.score,
                self.gambreng,
                self.table,
                self.hand_title,
                self.show_hand,
                self.own_table,
                self.hand_row,
                self.challenge_box,
                self.power_box,
                self.showdown,
            ]
        )
        self.game_box.add_class("kaya-game")

    def relabel_game(self) -> None:
        t = self.t
        set_options(self.colour, [(t("kaya_my_colour", colour=self.colour_name(c)), c.value)
                                  for c in COLORS])  # fmt: skip
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
        return (mine, *others[: len(self.seats) - 1])

    def new_state(self, seed: int) -> KayaState:
        return KayaState.new(KayaRules(colors=self.colours()), seed=seed)

    def is_secret_decision(self, state: KayaState) -> bool:
        # Only a green 3 or a red 3/4 leads to this choice; a visible pause would give it away.
        return state.phase == "power"

    def bot_choose(self, state: KayaState, rng: random.Random) -> Any:
        seat = state.current_player
        assert seat is not None
        return _bot(self.seats[seat]).choose(state.view(seat), rng)

    def on_new_game(self) -> None:
        draw = self.state.gambreng
        total = len(draw.rounds) if draw is not None else 0
        # a new game shows the gambreng one show at a time (at the bots' pace) before play
        self._gambreng_shown = 0 if self.delay > 0 and self.state.turn == 1 else total

    def on_undo(self) -> None:
        self._gambreng_shown = self._gambreng_total()

    def _gambreng_total(self) -> int:
        draw = self.state.gambreng
        return len(draw.rounds) if draw is not None else 0

    @property
    def watching_gambreng(self) -> bool:
        """True while a new game is still showing the gambreng, before anybody plays."""
        return self._gambreng_shown < self._gambreng_total()

    def _schedule_bots(self) -> None:
        if not self.watching_gambreng:
            super()._schedule_bots()
            return
        self._cancel_bots()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.delay <= 0:
            self._gambreng_shown = self._gambreng_total()
            self.render()
            super()._schedule_bots()
            return
        self._pending = loop.call_later(self.delay, self._gambreng_tick, self._generation)

    def _gambreng_tick(self, generation: int) -> None:
        if generation != self._generation:
            return
        self._pending = None
        self._gambreng_shown += 1
        try:
            self.render()
            self._schedule_bots()
        except Exception as error:  # shown, never lost in a timer callback
            self.show_error(error)

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
        if not self.history:
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

    def human_act(self, action: Any) -> None:
        if self.watching_gambreng:
            raise IllegalActionError(self.t("error_wait_gambreng"))
        super().human_act(action)

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

    # ----------------------------------------------------------------- view

    def render_game(self) -> None:
        state, t = self.state, self.t
        self.hide_hand_after_turn()
        seat = state.current_player
        my_turn = self.is_human(seat) and not state.is_terminal and not self.watching_gambreng
        viewer, visible = self.viewer(), self.hand_visible()
        phase = state.phase if my_turn else ""
        self.status.value = self._status_html()
        self.table.value = self._table_html()
        self.gambreng.value = self._gambreng_html()
        self.showdown.value = self._showdown_html()
        self.score.value = self._score_html() if state.is_terminal else ""

        self.update_show_hand(len(self.humans) > 1 and viewer is not None and my_turn)
        hand = state.hands[viewer] if viewer is not None else ()
        if viewer is None or state.is_terminal:
            self.hand_title.value = ""
        else:
            self.hand_title.value = (
                f"<h4>{escape(t('your_cards', player=self.seat_name(viewer)))}</h4>"
            )
        eligible = {a.card for a in state.legal_actions() if isinstance(a, Give)}
        for i, (pic, b, slot) in enumerate(
            zip(self.slot_cards, self.slot_buttons, self.slots, strict=True)
        ):
            if i >= len(hand) or state.is_terminal or viewer is None:
                show_if(slot, False)
                continue
            show_if(slot, True)
            card = hand[i]
            pic.value = self.card_svg(card, width=84) if visible else card_back_svg(
                width=84, label="?", colour=card.color.value)  # fmt: skip
            if phase == "pink":
                b.description = t("kaya_give")
                b.disabled = not visible or card not in eligible
            else:
                b.description = t("kaya_play")
                b.disabled = not visible or phase != "play"
            show_if(b, phase in ("play", "pink"))
        own = state.table[viewer] if viewer is not None else None
        if own is not None and visible and not state.is_terminal:
            self.own_table.value = (
                f'<div class="kaya-small">{escape(t("kaya_own_table"))}</div>'
                + row_html([self.card_svg(own, width=60)])
            )
        else:
            self.own_table.value = ""

        legal = state.legal_actions() if my_turn else ()
        show_if(self.challenge_box, phase == "challenge")
        if phase == "challenge":
            optional = sorted({s for a in legal if isinstance(a, Challenge) for s in a.targets}
                              - {state.active})  # fmt: skip
            for i, box in enumerate(self.targets):
                if i >= state.players or (i not in optional and i != state.active):
                    show_if(box, False)
                    continue
                show_if(box, True)
                box.description = self.seat_name(i)
                box.disabled = i == state.active or not visible
                if i == state.active:
                    box.value = True
            self.challenge_button.disabled = not visible
            self.pass_button.disabled = not visible
        else:
            for box in self.targets:
                box.value = False
        power = phase in ("power", "orange")
        show_if(self.power_box, power)
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
            b.disabled = not visible
        self.hint.value = self._hint_html() if self.hint_toggle.value else ""

    def _status_html(self) -> str:
        t, state = self.t, self.state
        seat = state.current_player
        cls = ""
        if state.is_terminal:
            text, cls = t("kaya_over", winners=self.names(state.winners)), "kaya-over"
        elif self.watching_gambreng:
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

    def _table_html(self) -> str:
        t, state = self.t, self.state
        parts = ['<div class="kaya-players">']
        for i in range(state.players):
            colour = state.rules.colors[i].value
            cls = "kaya-player"
            if i == state.current_player:
                cls += " kaya-active"
            down = state.table[i]
            if down is None:
                table = f'<div class="kaya-empty">{escape(t("kaya_no_table"))}</div>'
            else:
                table = row_html([card_back_svg(width=44, colour=colour)])
            just = i == state.active and down is not None and state.phase != "play"
            table_key = "kaya_table_label_active" if just else "kaya_table_label"
            bonus = state.bonus[i]
            coins = sum(state.rules.bonus_value(c) for c in bonus)
            bonus_row = row_html([self.card_svg(c, width=40) for c in bonus],
                                 empty=t("kaya_no_bonus"))  # fmt: skip
            parts.append(
                f'<div class="{cls}"><div class="kaya-player-name">'
                f'<span class="kaya-swatch" style="background:'
                f'{_swatch(colour)}"></span> {escape(self.seat_name(i))}</div>'
                f'<div class="kaya-small">{escape(t("kaya_hand_count", n=len(state.hands[i])))}'
                f'</div><div class="kaya-small">{escape(t(table_key))}</div>{table}'
                f'<div class="kaya-small">{escape(t("kaya_bonus_label", coins=coins))}</div>'
                f"{bonus_row}</div>"
            )
        parts.append("</div>")
        hidden = sum(len(d) for d in state.hidden_discards)
        discard = row_html([self.card_svg(c, width=36, dim=True) for c in state.discard],
                           empty=t("kaya_no_discard"))  # fmt: skip
        parts.append(
            f'<div class="kaya-panel kaya-discard"><div class="kaya-small">'
            f"{escape(t('kaya_discard_label', hidden=hidden))}</div>{discard}</div>"
        )
        return "".join(parts)

    def _gambreng_html(self) -> str:
        t, state = self.t, self.state
        draw = state.gambreng
        if draw is None:
            return ""
        rows = []
        shown = min(self._gambreng_shown, len(draw.rounds))
        for r in draw.rounds[:shown]:
            shows = ", ".join(f"{self.seat_name(s)}: {t(f'gesture_{g}')}" for s, g in r.shows)
            if r.out:
                result = t("gambreng_out", players=self.names(r.out))
            else:
                result = t("gambreng_again")
            rows.append(f"<li><b>{escape(t(f'gambreng_{r.kind}'))}</b> \u2014 {escape(shows)}"
                        f" \u2192 {escape(result)}</li>")  # fmt: skip
        if shown < len(draw.rounds):
            first = t("gambreng_watch")
            rows.append("<li>\u2026</li>")
        else:
            first = t("gambreng_first", player=self.seat_name(draw.first))
        return (
            f'<details class="kaya-panel" {"open" if state.turn <= 2 else ""}><summary>'
            f"<b>{escape(t('gambreng_title'))}</b> \u2014 {escape(first)}</summary>"
            f'<div class="kaya-small">{escape(t("gambreng_rules"))}</div>'
            f"<ol>{''.join(rows)}</ol></details>"
        )

    def _showdown_html(self) -> str:
        t, state = self.t, self.state
        events = state.events
        last = None
        for k in range(len(events) - 1, -1, -1):
            if isinstance(events[k], ShowdownEvent):
                last = k
                break
        if last is None:
            return ""
        e = events[last]
        assert isinstance(e, ShowdownEvent)
        cards = []
        for s, c in e.cards:
            cards.append(
                f'<div class="kaya-player"><div class="kaya-player-name">'
                f"{escape(self.seat_name(s))}</div>"
                f"{row_html([self.card_svg(c, width=60, highlight=s == e.winner)])}</div>"
            )
        after = []
        for later in events[last + 1 :]:
            if isinstance(later, (PlayEvent, ChallengeEvent)):
                break
            seen = later.for_seat(self.log_viewer())
            if seen is not None and (line := self.event_text(seen)):
                after.append(f"<li>{escape(line)}</li>")
        rule = t("kaya_tie_rule")
        return (
            f'<div class="kaya-panel kaya-showdown-panel"><div class="kaya-panel-title">'
            f"{escape(t('kaya_showdown_title', n=e.turn))}</div>"
            f'<div class="kaya-result"><span class="kaya-win">'
            f"{escape(t('kaya_showdown_winner', player=self.seat_name(e.winner)))}</span></div>"
            f'<div class="kaya-players">{"".join(cards)}</div>'
            f'<ul class="kaya-small">{"".join(after)}</ul>'
            f'<div class="kaya-small">{escape(rule)}</div></div>'
        )

    def _score_html(self) -> str:
        t, state = self.t, self.state
        scores = state.scores()
        winners = set(scores.winners)
        rows = [
            f"<tr><th>{escape(t('score_player'))}</th><th>{escape(t('score_hand'))}</th>"
            f"<th>{escape(t('score_bonus'))}</th><th>{escape(t('score_total'))}</th></tr>"
        ]
        for s in scores.seats:
            hand = " + ".join(str(c.number) for c in s.hand) or "0"
            bonus = " + ".join(f"({v})" if (v := state.rules.bonus_value(c)) < 0 else str(v)
                               for c in s.bonus) or "0"  # fmt: skip
            cls = ' class="kaya-win"' if s.seat in winners else ""
            rows.append(
                f"<tr{cls}><td>{escape(self.seat_name(s.seat))}</td>"
                f"<td>{escape(hand)} = {s.hand_sum}</td><td>{escape(bonus)} = {s.bonus_sum}</td>"
                f"<td><b>{s.total}</b></td></tr>"
            )
        return (
            f'<div class="kaya-panel"><div class="kaya-panel-title">'
            f'{escape(t("score_title"))}</div><table class="kaya-score">{"".join(rows)}</table>'
            f'<div class="kaya-small">{escape(t("score_rule"))}</div></div>'
        )

    def _hint_html(self) -> str:
        t, state = self.t, self.state
        seat = state.current_player
        if (state.is_terminal or state.phase != "challenge" or not self.is_human(seat)
                or not self.hand_visible()):  # fmt: skip
            return f'<div class="kaya-empty">{escape(t("kaya_hint_unavailable"))}</div>'
        odds = challenge_win_odds(state, seat)
        best = max((p for _, p in odds), default=0.0)
        rows = [(self.names(c.targets), p, p == best) for c, p in odds]
        title = t("kaya_hint_title")
        return (
            f'<div class="kaya-panel kaya-hint-panel">{probability_bars_html(rows, title=title)}'
            f'<div class="kaya-small">{escape(t("kaya_hint_note"))}</div></div>'
        )


def _swatch(colour: str) -> str:
    from kayalib.draw import KAYA_PALETTE

    return KAYA_PALETTE[colour][0]


__all__ = ["KayaApp", "challenge_win_odds"]
