"""Lesson 06, card counting: what a face-down card can be, the exact chance a challenge wins
(an explorer), what a seat's view says about its choices, and the ``counter`` bot thinking aloud
step by step."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.draw import probability_bars_html
from kayalib.draw.charts import table_html
from kayalib.i18n import Translator
from kayalib.kaya.advice import challenge_odds, challenge_values
from kayalib.kaya.counting import Profile, showdown_odds, unseen_numbers, win_probability
from kayalib.kaya.game import GAME as KAYA
from kayalib.kaya.game import KayaState, KayaView
from kayalib.kaya.rules import KayaRules
from kayalib.lessons.cards import KAYA_NAMES, kaya_table_html, kaya_words
from kayalib.lessons.kit.exercise import answer_text
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.lessons.kit.stepper import Step, Stepper
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, fill
from kayalib.simulate import play_game
from kayalib.words.kaya import action_text

__all__ = [
    "BUDI_SEEN",
    "CITRA_SEEN",
    "OWN",
    "ChallengeExplorer",
    "challenge_simulator",
    "challenge_gain_table",
    "counter_steps",
    "counter_walkthrough",
    "example_view",
    "plain_profile",
    "view_odds_html",
]

NAMES = KAYA_NAMES
OWN = 6
"""The card you challenge with in the page's question (and on the worksheet's tree)."""
BUDI_SEEN, CITRA_SEEN = (1, 4, 9), (2, 3, 5, 8)
"""The numbers of Budi's and Citra's colours you have seen face up in that question."""


def challenge_simulator(own: int, unseen: Sequence[int], seed: int = 6, *,
                        lang: str | None = None) -> DealSimulator:  # fmt: skip
    """Deal 1 / Deal 1000 of the counting model: the target's face-down card is a random one of
    its ``unseen`` numbers, and the challenge with ``own`` wins when it is at most ``own``."""
    numbers = tuple(unseen)

    def trial(rng: random.Random) -> tuple[bool, Any]:
        card = rng.choice(numbers)
        return card <= own, lambda t: t("l06.sim_card", card=card)

    return DealSimulator(trial, win_probability(own, [numbers], exact=True), seed=seed,
                         event=lambda t: t("l06.sim_event", own=own), lang=lang)  # fmt: skip


def plain_profile(rules: KayaRules | None = None) -> Profile:
    """The counting profile of a colour without powers (the default coin table)."""
    rules = KayaRules() if rules is None else rules
    return Profile(coins=(0, *rules.coins))


class ChallengeExplorer(widgets.VBox, Localized):
    """Your face-down number against one or two targets: mark the numbers of each target's
    colour you have seen face up, and see the exact chance the challenge wins."""

    def __init__(self, own: int = 6, seen: Sequence[Sequence[int]] = ((), ()), *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        wide = {"description_width": "initial"}
        self.own = widgets.IntSlider(value=own, min=1, max=9, style=wide)
        self.targets = widgets.IntSlider(value=1, min=1, max=2, style=wide)
        self.seen = [
            widgets.SelectMultiple(options=list(range(1, 10)), value=tuple(numbers), rows=9,
                                   style=wide, layout={"width": "auto"})
            for numbers in seen
        ]  # fmt: skip
        self.result = widgets.HTML()
        for control in (self.own, self.targets, *self.seen):
            control.observe(self.errors.guard(lambda _: self.show()), "value")
        super().__init__([widgets.HBox([self.own, self.targets]), widgets.HBox(self.seen),
                          self.result, self.errors], **kwargs)  # fmt: skip
        self.add_class("kayalib-challenge-explorer")
        self.relabel()

    def unseen(self) -> list[tuple[int, ...]]:
        """The unseen numbers of each target in play."""
        return [unseen_numbers(box.value) for box in self.seen[: self.targets.value]]

    def relabel(self) -> None:
        t = self.t
        self.own.description = t("lesson_your_card")
        self.targets.description = t("lesson_targets")
        for i, box in enumerate(self.seen):
            box.description = t("lesson_seen_of_target", n=i + 1)
        self.show()

    def show(self) -> None:
        t, own, unseen = self.t, self.own.value, self.unseen()
        for i, box in enumerate(self.seen):
            box.disabled = i >= self.targets.value
        if any(not numbers for numbers in unseen):
            self.result.value = f"<i>{escape(t('lesson_target_needs_unseen'))}</i>"
            return
        p = win_probability(own, unseen, exact=True)
        odds = showdown_odds(own, unseen, exact=True)
        parts = [
            t("lesson_target_line", n=i + 1, low=sum(1 for n in numbers if n <= own),
              total=len(numbers), numbers=", ".join(map(str, numbers)), own=own)
            for i, numbers in enumerate(unseen)
        ]  # fmt: skip
        product = " \u00d7 ".join(
            f"{sum(1 for n in numbers if n <= own)}/{len(numbers)}" for numbers in unseen
        )
        bars = probability_bars_html(
            [(t("lesson_you_win"), float(odds[0]), True)]
            + [(t("lesson_target_wins", n=i + 1), float(q), False)
               for i, q in enumerate(odds[1:])],
            title=t("lesson_who_wins"), percent=t.percent,
        )  # fmt: skip
        self.result.value = (
            "<ul>" + "".join(f"<li>{escape(part)}</li>" for part in parts) + "</ul><p>"
            + escape(fill(t, t("lesson_win_product" if p.denominator != 1 else  # a certainty:
                                "lesson_win_product_whole"), product=product, p=p,  # no "≈ 1.000"
                          d=float(p)))  # fmt: skip
            + "</p>" + bars
        )


def challenge_gain_table(view: KayaView, t: Translator, names: Sequence[str] = NAMES) -> str:
    """Every challenge open to ``view``'s seat with its win chance and expected gains."""
    words = kaya_words(t, names)
    values = challenge_values(view, exact=True)

    def signed(x: float | Fraction) -> str:
        value = float(x)
        return ("+" if value >= 0 else "\u2212") + t.number(abs(value), 2)

    rows = [[t("kaya_act_pass", player=words.seat(view.seat)), "\u2014", signed(0), signed(0)]]
    for targets, value in values.items():
        rows.append([t("kaya_act_challenge", player=words.seat(view.seat),
                       targets=words.seats(targets)),
                     answer_text(value.win_probability, t),
                     signed(value.deltas.get(view.seat, 0)),
                     signed(value.gain(view.seat, view.players))])  # fmt: skip
    return table_html([t("lesson_move"), t("lesson_p_win"), t("lesson_my_change"),
                       t("lesson_gain_vs_others")], rows)  # fmt: skip


def counter_steps(t: Translator, seed: int = 4, players: int = 3, limit: int = 12) -> list[Step]:
    """A seeded game of the ``counter`` bot (seat 0) against ``random`` bots; one step at each of
    its challenge windows, showing what it knows and how it decides."""
    from kayalib.kaya.bots import CounterBot, RandomBot

    rules = KayaRules.for_players(players)
    bots = [CounterBot()] + [RandomBot() for _ in range(players - 1)]
    steps: list[Step] = []
    words = kaya_words(t, NAMES)

    def watch(state: KayaState) -> None:
        if len(steps) >= limit or state.current_player != 0 or state.phase != "challenge":
            return
        view = state.view(0)
        choice = bots[0].choose(view, random.Random(0))
        seen = "; ".join(
            f"{words.seat(s)}: {', '.join(map(str, view.hidden[s])) or t('lesson_none')}"
            for s in range(1, players)
        )
        text = escape(t("lesson_counter_step", turn=state.turn, active=words.seat(state.active),
                        bot=words.seat(0), card=words.card_text(view.own_table), seen=seen,
                        choice=action_text(words, choice, 0)))  # fmt: skip
        steps.append(Step(t("lesson_counter_title", turn=state.turn),
                          kaya_table_html(state, NAMES, t),
                          text + challenge_gain_table(view, t)))  # fmt: skip

    final = play_game(KAYA, bots, seed, rules, on_state=watch)
    totals = final.scores().totals
    points = ", ".join(f"{words.seat(s)} {p}" for s, p in enumerate(totals))
    steps.append(Step(t("lesson_the_end"), kaya_table_html(final, NAMES, t),
                      escape(t("lesson_final_points", points=points))))  # fmt: skip
    return steps


def counter_walkthrough(seed: int = 4, *, lang: str | None = None) -> Stepper:
    """The counter bot thinking aloud, as a Back / Next stepper."""
    return Stepper(lambda t: counter_steps(t, seed), lambda t: t("lesson_counter_stepper"),
                   lang=lang)  # fmt: skip


def view_odds_html(t: Translator, view: KayaView, names: Sequence[str] = NAMES) -> str:
    """``challenge_odds(view)`` as a table: each challenge the seat may make and its chance."""
    words = kaya_words(t, names)
    rows = [[t("kaya_act_challenge", player=words.seat(view.seat), targets=words.seats(targets)),
             f"{p.numerator}/{p.denominator}", t.percent(float(p))]
            for targets, p in challenge_odds(view, exact=True).items()]  # fmt: skip
    return table_html([t("lesson_move"), t("lesson_p_win"), "%"], rows)


def example_view() -> KayaView:
    """Lesson 06's position: red holds a 6 face down and green has just played."""
    state = KayaState.from_position(
        KayaRules(("green", "red")), hands=[["green-5", "green-9"], ["red-2"]],
        table=[None, "red-6"], bonus=[["red-1"], ["green-1", "green-4"]], active=0,
    ).apply("play green-9")  # fmt: skip
    return state.view(1)
