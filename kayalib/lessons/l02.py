"""Lesson 02, Blef step by step: the deck, the ladder of 83 bids (a browser), and a whole game
told step by step through the real engine."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from kayalib.blef import BID_KINDS, LADDER, Bid, holds
from kayalib.blef.actions import Action
from kayalib.blef.bids import BID_KINDS_PL
from kayalib.blef.bots import OddsBot
from kayalib.blef.game import CHECK, BlefRules, BlefState, CheckEvent, EliminatedEvent, EndEvent
from kayalib.blef.odds import bid_probability
from kayalib.blef.view import BlefView
from kayalib.draw.charts import table_html
from kayalib.engine import turns
from kayalib.i18n import Translator
from kayalib.lessons.cards import cards_html
from kayalib.lessons.kit.stepper import Step, Stepper
from kayalib.lessons.maths.ladder import example_pool
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized
from kayalib.pages.widgets import slider
from kayalib.words import BlefWords

__all__ = [
    "NAMES",
    "LadderBrowser",
    "blef_game_steps",
    "blef_walkthrough",
    "kind_counts_html",
    "max_cards_html",
]

NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk")
"""The players of the lessons' Blef game, by seat."""


def polish_text(bid: Bid) -> str:
    """A bid as a Polish player says it (``para 10``: ranks as on the cards, never the engine's
    ``T``)."""
    return BlefWords(Translator("pl")).bid_text(bid)


def kind_counts_html(t: Translator) -> str:
    """Each kind of bid: its name, how many bids it has and its lowest bid."""
    words = BlefWords(t)
    rows = []
    for number, kind in enumerate(BID_KINDS, 1):
        bids = [b for b in LADDER if b.kind == kind]
        rows.append([number, words.kind(kind), BID_KINDS_PL[number - 1], len(bids),
                     words.bid_text(bids[0])])  # fmt: skip
    rows.append(["", t("lesson_all_bids"), "", len(LADDER), ""])
    return table_html(["#", t("lesson_kind"), t("lesson_polish_name"), t("lesson_bids"),
                       t("lesson_lowest")], rows)  # fmt: skip


def max_cards_html(t: Translator) -> str:
    """The classic card limit for 2 to 6 players (``BlefRules().max_cards``)."""
    rows = [[players, BlefRules(players=players).max_cards] for players in range(2, 7)]
    return table_html([t("lesson_players"), t("lesson_max_cards")], rows)


class LadderBrowser(widgets.VBox, Localized):
    """Browse the 83 bids: place, name (and the Polish original), meaning, an example pool, and
    the probability with no known cards for a chosen number of cards in play."""

    def __init__(self, start: int = 1, cards: int = 8, *, lang: str | None = None,
                 **kwargs: object) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.position = slider(start, 1, len(LADDER))
        self.back_button = widgets.Button(layout={"width": "auto"})
        self.next_button = widgets.Button(layout={"width": "auto"})
        self.cards = slider(cards, 1, 24)
        self.card = widgets.HTML()
        self.neighbours = widgets.HTML()
        self.back_button.on_click(self.errors.guard(lambda _: self.move(-1)))
        self.next_button.on_click(self.errors.guard(lambda _: self.move(+1)))
        self.position.observe(self.errors.guard(lambda _: self.show()), "value")
        self.cards.observe(self.errors.guard(lambda _: self.show()), "value")
        super().__init__(
            [widgets.HBox([self.back_button, self.position, self.next_button]), self.cards,
             self.card, self.neighbours, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-ladder-browser")
        self.relabel()

    @property
    def bid(self) -> Bid:
        """The bid on show."""
        return LADDER[self.position.value - 1]

    def move(self, step: int) -> None:
        self.position.value = max(1, min(len(LADDER), self.position.value + step))

    def relabel(self) -> None:
        t = self.t
        self.position.description = t("lesson_bid_number")
        self.back_button.description = "\u25c0 " + t("lesson_lower")
        self.next_button.description = t("lesson_higher") + " \u25b6"
        self.cards.description = t("lesson_cards_in_play")
        self.show()

    def show(self) -> None:
        t, bid = self.t, self.bid
        words = BlefWords(t)
        p = bid_probability(bid, "", self.cards.value, exact=True)
        kind_number = BID_KINDS.index(bid.kind) + 1
        original = "" if t.lang == "pl" else f" \u2014 <i>{escape(polish_text(bid))}</i>"
        self.card.value = (
            f"<h4>{escape(t('lesson_place_of', n=bid.index + 1, total=len(LADDER)))}: "
            f"<b>{escape(words.bid_text(bid))}</b>{original}</h4><p>"
            + escape(t("lesson_kind_of", n=kind_number, kind=words.kind(bid.kind)))
            + " " + escape(t("lesson_true_when", meaning=words.meaning(bid)))
            + f"</p>{cards_html(example_pool(bid), t)}<p>"
            + escape(t("lesson_chance_no_known", cards=self.cards.value,
                       p=t.percent(float(p), 2), exact=f"{p.numerator}/{p.denominator}"))
            + "</p>"
        )  # fmt: skip
        low, high = max(0, bid.index - 3), min(len(LADDER), bid.index + 4)
        rows = "".join(
            f"<li{' style=font-weight:bold' if other == bid else ''}>#{other.index + 1} "
            f"{escape(words.bid_text(other))}</li>"
            for other in LADDER[low:high]
        )
        self.neighbours.value = f"<small>{escape(t('lesson_neighbours'))}</small><ul>{rows}</ul>"
        self.back_button.disabled = bid.index == 0
        self.next_button.disabled = bid.index == len(LADDER) - 1


def _blef_table(state: BlefState, names: Sequence[str], t: Translator) -> str:
    words = BlefWords(t, lambda seat: names[seat])
    rows = []
    for seat, name in enumerate(names[: state.players]):
        count = state.counts[seat]
        if count == 0 and (state.outcome is None or seat not in state.outcome.winners):
            cards = f"<i>{escape(t('lesson_out_of_game'))}</i>"
        elif state.is_terminal:
            won = state.outcome is not None and seat in state.outcome.winners
            cards = f"<b>{escape(t('lesson_winner'))}</b>" if won else ""
        else:
            cards = cards_html(state.hands[seat], t, width=40)
        turn = f" \u25c0 {escape(t('lesson_to_act'))}" if state.current_player == seat else ""
        rows.append(
            f"<tr><td style='padding-right:1em'><b>{escape(name)}</b> "
            f"<small>({escape(t('seat_name', n=seat + 1))})</small>{turn}</td>"
            f"<td>{escape(t.count('lesson_n_cards', count, n=count))}</td><td>{cards}</td></tr>"
        )
    bids = " \u2192 ".join(
        f"{escape(names[seat])}: <b>{escape(words.bid_text(bid))}</b>" for seat, bid in state.bids
    )
    return (
        f"<table>{''.join(rows)}</table><p>"
        + escape(t("lesson_round_bids", round=state.round))
        + f" {bids or '<i>' + escape(t('lesson_none_yet')) + '</i>'}</p>"
    )


_OPENING_SCRIPT = ("high-card A", "pair 9", "check")


class _ScriptedBot(OddsBot):
    """Round 1 follows ``_OPENING_SCRIPT``; later rounds are played by the odds bot."""

    def decide(self, view: BlefView) -> Action:
        if view.round == 1 and len(view.bids) < len(_OPENING_SCRIPT):
            return BlefState.parse_action(_OPENING_SCRIPT[len(view.bids)])
        return super().decide(view)


def blef_game_steps(t: Translator, seed: int = 4, names: Sequence[str] = NAMES[:3]) -> list[Step]:
    """A whole game between three players (``max_cards = 2`` so it is short), told step by step
    through the real engine: round 1 is a rigged deal, later rounds come from ``seed`` and the
    odds bot."""
    rules = BlefRules(players=3, max_cards=2)
    state = start = BlefState.from_position(rules, ["AS", "9H", "KD"], starter=0, seed=seed)
    words = BlefWords(t, lambda seat: names[seat])
    steps = [Step(t("l02.deal_title"), _blef_table(state, names, t),
                  escape(t("l02.deal_text", a=names[0], b=names[1], c=names[2])))]  # fmt: skip
    for before, seat, action, _forced, state in turns(start, [_ScriptedBot()] * 3):
        new = state.events[len(before.events) :]
        if action is CHECK:
            check = next(event for event in new if isinstance(event, CheckEvent))
            text = escape(words.event_text(check, state.events))
            text += " " + escape(t("l02.claims", bid=words.bid_text(check.bid),
                                   meaning=words.meaning(check.bid)))  # fmt: skip
            text += cards_html(check.pool, t, width=34)
            for event in new:
                if isinstance(event, (EliminatedEvent, EndEvent)):
                    text += " " + escape(words.event_text(event, state.events))
            if not state.is_terminal:
                counts = ", ".join(f"{n} {c}" for n, c in zip(names, state.counts, strict=True))
                text += " " + escape(t("l02.next_round", counts=counts, total=state.total_cards))
            title = t("l02.check_title", round=check.round)
            steps.append(Step(title, _blef_table(state, names, t), text))
        else:
            assert isinstance(action, Bid)  # a Blef move is a bid or the check
            chance = bid_probability(action, before.hands[seat], before.total_cards)
            own = "l02.own_true" if holds(action, before.hands[seat]) else "l02.own_not"
            text = " ".join([
                escape(words.event_text(new[-1], state.events)),
                escape(t("l02.bid_means", place=action.index + 1, polish=polish_text(action),
                         meaning=words.meaning(action), cards=state.total_cards)),
                escape(t(own)),
                escape(t("l02.bid_chance", p=t.percent(chance, 0))),
            ])  # fmt: skip
            steps.append(Step(t("l02.bid_title", round=state.round),
                              _blef_table(state, names, t), text))  # fmt: skip
    steps.append(Step(t("l02.ends_title"), _blef_table(state, names, t),
                      escape(t("l02.ends_text", max_cards=rules.max_cards))))  # fmt: skip
    return steps


def blef_walkthrough(seed: int = 4, *, lang: str | None = None) -> Stepper:
    """The scripted Blef game as a Back / Next stepper."""
    return Stepper(lambda t: blef_game_steps(t, seed), lambda t: t("l02.stepper_title"),
                   lang=lang)  # fmt: skip
