"""Lesson 01, Aku Paling Kaya step by step: the 54 cards, the coin table, and a seeded game and
rigged scenes (one per rule and per colour power) replayed step by step.

Events are told by the apps' narrator (:class:`~kayalib.words.KayaWords`), so a lesson and the
app say the same thing the same way; the rule notes and scene texts are lesson keys.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from kayalib.draw.charts import table_html
from kayalib.engine import Step as Move
from kayalib.engine import turns
from kayalib.i18n import Translator
from kayalib.kaya.actions import Action
from kayalib.kaya.cards import COLORS, DECK, Card
from kayalib.kaya.events import ChallengeEvent, Event
from kayalib.kaya.game import GambrengEvent, KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.scores import SeatScore, scores
from kayalib.kaya.view import KayaView
from kayalib.lessons.cards import (
    KAYA_NAMES,
    gambreng_html,
    kaya_cards_html,
    kaya_table_html,
    kaya_words,
)
from kayalib.lessons.kit.stepper import Step, Stepper
from kayalib.pages.language import fill
from kayalib.words.kaya import KayaWords, action_text

__all__ = [
    "Scene",
    "all_cards_html",
    "coin_table_html",
    "end_points",
    "kaya_walkthrough",
    "scene_steps",
    "scenes",
    "tie_winner",
]

NAMES = KAYA_NAMES


def all_cards_html(t: Translator) -> str:
    """The 54 cards, one row per colour."""
    rules = KayaRules(tuple(c.value for c in COLORS))
    return "".join(kaya_cards_html([c for c in DECK if c.color is colour], rules, t, width=44)
                   for colour in COLORS)  # fmt: skip


def coin_table_html(t: Translator, rules: KayaRules | None = None) -> str:
    """Each number with its worth in hand, its coins as a bonus card, and as a yellow bonus."""
    rules = KayaRules() if rules is None else rules
    rows = [[t.number(value, 0) for value in
             (n, n, rules.coin_value(n), rules.bonus_value(Card.parse(f"yellow-{n}")))]
            for n in range(1, 10)]  # fmt: skip (a real minus sign: −1)
    return table_html([t("lesson_number"), t("lesson_in_hand"), t("lesson_coins"),
                       t("lesson_coins_yellow")], rows)  # fmt: skip


@dataclass(frozen=True)
class Scene:
    """A rigged (or seeded) position and the fixed moves that play it. Its words are the lesson
    keys ``l01.<name>_title``, ``l01.<name>_intro`` and ``l01.<name>_note<k>`` (a rule note after
    move ``k``, counted from 1, when that key exists)."""

    name: str
    state: KayaState
    script: tuple[str, ...]
    names: tuple[str, ...] = NAMES


class ScriptedBot:
    """Plays a scene's scripted moves, in order, for whichever seat is to move."""

    draws = False

    def __init__(self, script: Sequence[str]) -> None:
        self.left = list(script)

    name = "script"

    def policy(self, view: KayaView) -> dict[Action, float]:
        """The next scripted move, for certain."""
        text = self.left[0]
        return {next(a for a in view.legal_actions() if str(a) == text): 1.0}

    def choose(self, view: KayaView, rng: random.Random) -> Action:
        (action,) = self.policy(view)
        self.left.pop(0)
        return action


def scene_steps(scene: Scene, t: Translator) -> list[Step]:
    """The steps of a scene: its opening position, then one step per scripted move."""
    words = kaya_words(t, scene.names)
    state = scene.state
    title = t(f"l01.{scene.name}_title")
    intro = escape(fill(t, t(f"l01.{scene.name}_intro"), **dict(
        zip("abcdef", scene.names, strict=False))))  # fmt: skip
    if scene.state.gambreng is not None and scene.name == "opening":
        intro += gambreng_html(scene.state.gambreng, scene.names, t)
    steps = [Step(title, kaya_table_html(state, scene.names, t), intro, chapter=True)]
    # Each scripted move is one step of the page, with the forced moves after it (ending a turn
    # without a power, ...); once the script is played no seat has a bot, so turns() stops.
    script = ScriptedBot(scene.script)
    seats: list[ScriptedBot | None] = [script] * state.players
    moves: list[list[Move[KayaState]]] = []
    for step in turns(state, seats):
        if step.forced:
            moves[-1].append(step)
            continue
        moves.append([step])
        if not script.left:
            seats[:] = [None] * len(seats)
    for number, (move, *forced) in enumerate(moves, 1):
        action, seat, state = move.action, move.seat, (forced[-1] if forced else move).state
        before = len(move.before.events)
        lines = [words.event_text(e) for e in state.events[before:]
                 if not isinstance(e, GambrengEvent)]  # fmt: skip
        body = " ".join(escape(line) for line in lines if line)
        note = f"l01.{scene.name}_note{number}"
        if t.has(note):
            body += (f"<p style='color:#335'><b>{escape(t('lesson_rule'))}</b> "
                     f"{escape(fill(t, t(note), **dict(zip('abcdef', scene.names, strict=False))))}"
                     "</p>")  # fmt: skip
        steps.append(Step(f"{title} \u2014 {_title(words, action, seat, state.events[before:])}",
                          kaya_table_html(state, scene.names, t), body))  # fmt: skip
    return steps


def _title(words: KayaWords, action: object, seat: int, new: Sequence[Event]) -> str:
    """A step's title: the move in a few words, a challenge's targets in the order the showdown
    takes them (the order the step's text names them in)."""
    challenge = next((e for e in new if isinstance(e, ChallengeEvent)), None)
    if challenge is not None:
        return words.t("kaya_act_challenge", player=words.seat(seat),
                       targets=words.seats(challenge.targets))  # fmt: skip
    return action_text(words, action, seat)


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
                               table=[None, "pink-5", None], active=0),
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


def tie_winner(number: int = 7) -> str:
    """Who wins a one-on-one challenge in which both cards are ``number``s, played by the engine
    (the exit ticket's first question): ``"challenger"`` or ``"active"``."""
    from kayalib.kaya.events import ShowdownEvent

    low = 1 if number != 1 else 2
    start = KayaState.from_position(KayaRules(("green", "red")),
                                    hands=[[f"green-{low}", f"green-{number}"], ["red-9"]],
                                    table=[None, f"red-{number}"], active=0)  # fmt: skip
    state = start.apply(f"play green-{number}").apply("challenge 0", seat=1)
    showdown = next(e for e in state.events if isinstance(e, ShowdownEvent))
    return "challenger" if showdown.winner == 1 else "active"


def end_points(hand: Sequence[str], bonus: Sequence[str]) -> SeatScore:
    """The points of a player who ends the game with ``hand`` and ``bonus`` pile (the
    engine's :func:`~kayalib.kaya.scores.scores`): its ``hand_sum``, ``bonus_sum`` and
    ``total``."""
    cards = (tuple(Card.parse(c) for c in hand),), (tuple(Card.parse(c) for c in bonus),)
    return scores(KayaRules(), *cards).seats[0]
