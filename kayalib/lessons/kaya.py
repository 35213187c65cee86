"""Aku Paling Kaya lessons: a seeded game and rigged scenes replayed step by step (01), card
counting explorers (06) and bot tournaments (07).

Events are told by the apps' narrator (:class:`~kayalib.words.KayaWords`), so a lesson and the
app say the same thing the same way; the rule notes and scene texts are lesson keys.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from kayalib.draw import card_back_svg, kaya_card_svg
from kayalib.draw.charts import table_html
from kayalib.i18n import Translator
from kayalib.kaya.advice import challenge_values
from kayalib.kaya.cards import COLORS, DECK, Card
from kayalib.kaya.counting import Profile, showdown_odds, unseen_numbers, win_probability
from kayalib.kaya.gambreng import Gambreng
from kayalib.kaya.game import GambrengEvent, KayaState, KayaView
from kayalib.kaya.rules import KayaRules
from kayalib.lessons._widgets import ErrorBox, bars_html, escape, guarded
from kayalib.lessons.language import Localized, fill
from kayalib.lessons.stepper import Step, Stepper
from kayalib.lessons.tournament import TournamentRunner
from kayalib.progress import ProgressCallback
from kayalib.simulate import play_game, simulate
from kayalib.words import KayaWords
from kayalib.words.kaya import action_text

__all__ = [
    "NAMES",
    "ChallengeExplorer",
    "Scene",
    "all_cards_html",
    "challenge_gain_table",
    "coin_table_html",
    "counter_walkthrough",
    "example_view",
    "view_odds_html",
    "gambreng_html",
    "kaya_cards_html",
    "kaya_table_html",
    "kaya_tournament",
    "kaya_walkthrough",
    "plain_profile",
    "run_kaya_tournament",
    "scene_steps",
]

NAMES = ("Ayu", "Budi", "Citra", "Dewi", "Eko", "Fajar")
"""Player names used by the lessons, by seat."""


def _words(t: Translator, names: Sequence[str]) -> KayaWords:
    return KayaWords(t, lambda seat: names[seat] if seat < len(names) else
                     t("seat_name", n=seat + 1))  # fmt: skip


def kaya_cards_html(cards: Sequence[Card], rules: KayaRules, t: Translator, *, width: int = 40,
                    empty: str = "\u2014") -> str:  # fmt: skip
    """Aku Paling Kaya cards side by side, each with its coin value as a bonus card."""
    if not cards:
        return f"<span style='color:#777'>{escape(empty)}</span>"
    names = KayaWords(t).colour_names()
    faces = "".join(
        kaya_card_svg(card.color.value, card.number, rules.bonus_value(card), width=width,
                      colour_names=names)
        for card in cards
    )  # fmt: skip
    return f'<div style="display:flex;flex-wrap:wrap;gap:2px">{faces}</div>'


def all_cards_html(t: Translator) -> str:
    """The 54 cards, one row per colour."""
    rules = KayaRules(tuple(c.value for c in COLORS))
    return "".join(kaya_cards_html([c for c in DECK if c.color is colour], rules, t, width=44)
                   for colour in COLORS)  # fmt: skip


def coin_table_html(t: Translator, rules: KayaRules | None = None) -> str:
    """Each number with its worth in hand, its coins as a bonus card, and as a yellow bonus."""
    rules = KayaRules() if rules is None else rules
    rows = [[n, n, rules.coin_value(n), rules.bonus_value(Card.parse(f"yellow-{n}"))]
            for n in range(1, 10)]  # fmt: skip
    return table_html([t("lesson_number"), t("lesson_in_hand"), t("lesson_coins"),
                       t("lesson_coins_yellow")], rows)  # fmt: skip


def kaya_table_html(state: KayaState, names: Sequence[str], t: Translator, *,
                    peek: bool = True) -> str:  # fmt: skip
    """The whole table: every seat's hand, face-down card, bonus pile, then the discard.

    With ``peek`` the face-down cards are shown face up but framed (a lesson may look; a player
    may not)."""
    rules, words = state.rules, _words(t, names)
    rows = []
    for seat, color in enumerate(rules.colors):
        down = state.table[seat]
        if down is None:
            table = "<span style='color:#777'>\u2014</span>"
        elif peek:
            table = card_back_svg(width=30, colour=color.value) + kaya_card_svg(
                down.color.value, down.number, rules.bonus_value(down), width=40, highlight=True,
                colour_names=words.colour_names())  # fmt: skip
        else:
            table = card_back_svg(width=40, colour=color.value)
        marks = []
        if state.current_player == seat:
            marks.append("\u25c0 " + t("lesson_to_act"))
        if state.active == seat and not state.is_terminal:
            marks.append(t("lesson_active"))
        points = state.scores().totals[seat]
        rows.append(
            f"<tr style='border-top:1px solid #ddd'><td style='padding:4px 8px'>"
            f"<b>{escape(words.seat(seat))}</b><br><small>{escape(t('seat_name', n=seat + 1))}"
            f" \u00b7 {escape(words.colour(color))}<br>{escape(' · '.join(marks))}</small></td>"
            f"<td>{kaya_cards_html(state.hands[seat], rules, t, width=30)}</td>"
            f"<td style='padding:0 8px'><div style='display:flex;gap:2px'>{table}</div></td>"
            f"<td>{kaya_cards_html(state.bonus[seat], rules, t, width=30)}</td>"
            f"<td style='padding:0 8px'>{points}</td></tr>"
        )
    hidden = sum(len(cards) for cards in state.hidden_discards)
    head = "".join(f"<th>{escape(t(k))}</th>" for k in ("lesson_player", "lesson_hand",
                   "lesson_face_down", "lesson_bonus_pile", "lesson_points_now"))  # fmt: skip
    discard = kaya_cards_html(state.discard, rules, t, width=26, empty=t("lesson_empty"))
    return (
        f"<table style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"
        f"<div style='margin-top:4px'><b>{escape(t('lesson_discard'))}</b> {discard}"
        f"<small>{escape(t.count('lesson_hidden_discards', hidden, n=hidden))}</small></div>"
    )


def gambreng_html(draw: Gambreng, names: Sequence[str], t: Translator) -> str:
    """Every show of a gambreng draw, in the narrator's words."""
    words = _words(t, names)
    items = []
    for number, show in enumerate(draw.rounds, 1):
        kind, shows, result = words.show_text(show)
        items.append(f"<li>{escape(t('lesson_show_n', n=number))} ({escape(kind)}): "
                     f"{escape(shows)} \u2192 {escape(result)}</li>")  # fmt: skip
    first = t("gambreng_first", player=words.seat(draw.first))
    return f"<ol style='margin:0'>{''.join(items)}</ol><p><b>{escape(first)}</b></p>"


@dataclass(frozen=True)
class Scene:
    """A rigged (or seeded) position and the fixed moves that play it. Its words are the lesson
    keys ``l01.<name>_title``, ``l01.<name>_intro`` and ``l01.<name>_note<k>`` (a rule note after
    move ``k``, counted from 1, when that key exists)."""

    name: str
    state: KayaState
    script: tuple[str, ...]
    names: tuple[str, ...] = NAMES


def _action(state: KayaState, text: str) -> Any:
    return next(a for a in state.legal_actions() if str(a) == text)


def scene_steps(scene: Scene, t: Translator) -> list[Step]:
    """The steps of a scene: its opening position, then one step per scripted move."""
    words = _words(t, scene.names)
    state = scene.state
    title = t(f"l01.{scene.name}_title")
    intro = escape(fill(t, t(f"l01.{scene.name}_intro"), **dict(
        zip("abcdef", scene.names, strict=False))))  # fmt: skip
    if scene.state.gambreng is not None and scene.name == "opening":
        intro += gambreng_html(scene.state.gambreng, scene.names, t)
    steps = [Step(title, kaya_table_html(state, scene.names, t), intro)]
    for number, text in enumerate(scene.script, 1):
        seat = state.current_player
        assert seat is not None
        action = _action(state, text)
        before = len(state.events)
        state = state.apply(action)
        while (forced := state.forced_action()) is not None:  # e.g. ending a turn, no power
            state = state.apply(forced)
        lines = [words.event_text(e) for e in state.events[before:]
                 if not isinstance(e, GambrengEvent)]  # fmt: skip
        body = " ".join(escape(line) for line in lines if line)
        note = f"l01.{scene.name}_note{number}"
        if t.has(note):
            body += (f"<p style='color:#335'><b>{escape(t('lesson_rule'))}</b> "
                     f"{escape(fill(t, t(note), **dict(zip('abcdef', scene.names, strict=False))))}"
                     "</p>")  # fmt: skip
        steps.append(Step(f"{title} \u2014 {action_text(words, action, seat)}",
                          kaya_table_html(state, scene.names, t), body))  # fmt: skip
    return steps


def scenes() -> list[Scene]:
    """A seeded opening, a tie, a tie among several targets, and one rigged scene per power."""
    three = KayaRules(("green", "red", "blue"))
    powers = KayaRules(("green", "red", "blue"))
    pink_rules = KayaRules(("green", "pink", "orange"))
    position = KayaState.from_position
    return [
        Scene("opening", KayaState.new(three, seed=9), (
            "play green-5", "play red-7", "pass", "play blue-2", "pass", "challenge 2",
            "play green-8", "play red-1", "pass", "play blue-9", "challenge 1,2")),
        Scene("tie", position(KayaRules(("green", "red")),
                              hands=[["green-2", "green-6", "green-8"], ["red-3", "red-9"]],
                              table=[None, "red-6"], active=0),
              ("play green-6", "challenge 0")),
        Scene("multi_tie", position(powers, hands=[["green-2", "green-7"], ["red-1", "red-9"],
                                                   ["blue-3", "blue-4"]],
                                    table=[None, "red-5", "blue-7"], active=0),
              ("play green-7", "challenge 0,2")),
        Scene("green", position(powers, hands=[["green-3", "green-6", "green-9"],
                                               ["red-2", "red-8"], ["blue-4", "blue-5"]],
                                table=[None, "red-5", None], bonus=[[], [], ["green-1"]],
                                active=0),
              ("play green-3", "pass", "take-back")),
        Scene("red", position(powers, hands=[["green-4", "green-7"], ["red-3", "red-6"],
                                             ["blue-1", "blue-8"]],
                              table=[None, None, "blue-6"], bonus=[[], [], ["green-9", "red-2"]],
                              active=1),
              ("play red-3", "pass", "steal 2 green-9")),
        Scene("blue", position(powers, hands=[["green-5", "green-9"], ["red-4"],
                                              ["blue-2", "blue-8"]],
                               table=[None, "red-6", None], active=2),
              ("play blue-2", "challenge 2")),
        Scene("pink", position(pink_rules, hands=[["green-1", "green-2", "green-4", "green-8"],
                                                  ["pink-2", "pink-9"], ["orange-1", "orange-7"]],
                               table=[None, "pink-6", None], active=0),
              ("play green-2", "challenge 0", "give green-4"), ("Ayu", "Dewi", "Eko")),
        Scene("orange", position(pink_rules, hands=[["green-3", "green-7"], ["pink-1", "pink-8"],
                                                    ["orange-4", "orange-9"]],
                                 table=[None, "pink-2", None], active=2),
              ("play orange-4", "challenge 2", "keep"), ("Ayu", "Dewi", "Eko")),
        Scene("yellow", position(KayaRules(("red", "yellow")), hands=[["red-5", "red-9"],
                                                                     ["yellow-2"]],
                                 table=[None, "yellow-3"], bonus=[["yellow-7"], ["red-8"]],
                                 active=0),
              ("play red-5", "challenge 0"), ("Budi", "Fajar")),
    ]  # fmt: skip


def kaya_walkthrough(*, lang: str | None = None) -> Stepper:
    """Aku Paling Kaya step by step: a seeded opening and one rigged scene per rule."""
    return Stepper(lambda t: [step for scene in scenes() for step in scene_steps(scene, t)],
                   lambda t: t("l01.stepper_title"), lang=lang)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Notebook 06: counting


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
        self.errors = ErrorBox()
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
            control.observe(guarded(self.errors)(lambda _: self.show()), "value")
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
        bars = bars_html(
            [(t("lesson_you_win"), float(odds[0]), True)]
            + [(t("lesson_target_wins", n=i + 1), float(q), False)
               for i, q in enumerate(odds[1:])],
            title=t("lesson_who_wins"), percent=t.percent,
        )  # fmt: skip
        self.result.value = (
            "<ul>" + "".join(f"<li>{escape(part)}</li>" for part in parts) + "</ul><p>"
            + escape(fill(t, t("lesson_win_product"), product=product, p=p, d=float(p)))
            + "</p>" + bars
        )


def challenge_gain_table(view: KayaView, t: Translator, names: Sequence[str] = NAMES) -> str:
    """Every challenge open to ``view``'s seat with its win chance and expected gains."""
    words = _words(t, names)
    values = challenge_values(view, exact=True)

    def signed(x: object) -> str:
        value = float(x)  # type: ignore[arg-type]
        return ("+" if value >= 0 else "\u2212") + t.number(abs(value), 2)

    rows = [[t("kaya_act_pass", player=words.seat(view.seat)), "\u2014", signed(0), signed(0)]]
    for targets, value in values.items():
        rows.append([t("kaya_act_challenge", player=words.seat(view.seat),
                       targets=words.seats(targets)),
                     t.number(float(value.win_probability), 3),
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
    words = _words(t, NAMES)

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

    final = play_game("kaya", bots, seed, rules, on_state=watch)
    totals = final.scores().totals
    points = ", ".join(f"{words.seat(s)} {p}" for s, p in enumerate(totals))
    steps.append(Step(t("lesson_the_end"), kaya_table_html(final, NAMES, t),
                      escape(t("lesson_final_points", points=points))))  # fmt: skip
    return steps


def counter_walkthrough(seed: int = 4, *, lang: str | None = None) -> Stepper:
    """The counter bot thinking aloud, as a Back / Next stepper."""
    return Stepper(lambda t: counter_steps(t, seed), lambda t: t("lesson_counter_stepper"),
                   lang=lang)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Notebook 07: Kaya tournaments


def run_kaya_tournament(
    bots: list[str], games: int, seed: int, progress: ProgressCallback | None = None
) -> tuple[int, ...]:
    """Wins by seat (a shared win counts for each winner) of ``games`` seeded games."""
    rules = KayaRules.for_players(len(bots))
    return simulate("kaya", bots, games, seed, rules, progress=progress).wins


def kaya_tournament(seats: Sequence[str] = ("counter", "random", "random"), games: int = 100,
                    seed: int = 1, *, lang: str | None = None) -> TournamentRunner:  # fmt: skip
    """A ``TournamentRunner`` for Aku Paling Kaya between the engine's bots."""
    from kayalib.kaya.bots import BOTS

    return TournamentRunner(run_kaya_tournament, sorted(BOTS), seats=seats, games=games,
                            seed=seed, game_name=lambda t: t("kaya_title"), lang=lang)  # fmt: skip


def view_odds_html(t: Translator, view: KayaView, names: Sequence[str] = NAMES) -> str:
    """``challenge_odds(view)`` as a table: each challenge the seat may make and its chance."""
    from kayalib.kaya.advice import challenge_odds

    words = _words(t, names)
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
