"""Aku Paling Kaya lessons: a scripted game and rigged scenes replayed step by step, gambreng
draws, card-counting explorers and bot tournaments (notebooks 01, 05, 06 and 07)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from kayalib.draw import card_back_svg, kaya_card_svg
from kayalib.kaya.cards import Card
from kayalib.kaya.counting import (
    Profile,
    challenge_values,
    showdown_odds,
    unseen_numbers,
    win_probability,
)
from kayalib.kaya.gambreng import Gambreng
from kayalib.kaya.game import (
    ChallengeEvent,
    DeclineEvent,
    EndEvent,
    Event,
    GambrengEvent,
    KayaState,
    KayaView,
    MoveEvent,
    PassEvent,
    PlayEvent,
    PowerEvent,
    ShowdownEvent,
)
from kayalib.kaya.rules import KayaRules
from kayalib.lessons._widgets import ErrorBox, bars_html, escape, guarded
from kayalib.lessons.stepper import Step, Stepper
from kayalib.lessons.tournament import TournamentRunner
from kayalib.progress import ProgressCallback
from kayalib.simulate import play_game, simulate

__all__ = [
    "NAMES",
    "ChallengeExplorer",
    "challenge_gain_table",
    "Scene",
    "counter_walkthrough",
    "describe_events",
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


def kaya_cards_html(
    cards: Sequence[Card], rules: KayaRules, *, width: int = 40, empty: str = "—"
) -> str:
    """Aku Paling Kaya cards side by side, each with its coin value as a bonus card."""
    if not cards:
        return f"<span style='color:#777'>{escape(empty)}</span>"
    faces = "".join(
        kaya_card_svg(card.color.value, card.number, rules.bonus_value(card), width=width)
        for card in cards
    )
    return f'<div style="display:flex;flex-wrap:wrap;gap:2px">{faces}</div>'


def _name(names: Sequence[str], seat: int) -> str:
    return escape(names[seat]) if seat < len(names) else f"seat {seat}"


def kaya_table_html(state: KayaState, names: Sequence[str] = NAMES, *, peek: bool = True) -> str:
    """The whole table: every seat's hand, face-down card, bonus pile, then the discard.

    With ``peek`` the face-down cards are shown face up but framed (a lesson may look; a player
    may not)."""
    rules = state.rules
    rows = []
    for seat, color in enumerate(rules.colors):
        down = state.table[seat]
        if down is None:
            table = "<span style='color:#777'>—</span>"
        elif peek:
            table = card_back_svg(width=30, colour=color.value) + kaya_card_svg(
                down.color.value, down.number, rules.bonus_value(down), width=40, highlight=True
            )
        else:
            table = card_back_svg(width=40, colour=color.value)
        marks = []
        if state.current_player == seat:
            marks.append("◀ to act")
        if state.active == seat and not state.is_terminal:
            marks.append("active")
        points = state.scores().totals[seat]
        rows.append(
            f"<tr style='border-top:1px solid #ddd'><td style='padding:4px 8px'>"
            f"<b>{_name(names, seat)}</b><br><small>{escape(color.value)} "
            f"({escape(color.indonesian)})<br>{' · '.join(marks)}</small></td>"
            f"<td>{kaya_cards_html(state.hands[seat], rules, width=30)}</td>"
            f"<td style='padding:0 8px'><div style='display:flex;gap:2px'>{table}</div></td>"
            f"<td>{kaya_cards_html(state.bonus[seat], rules, width=30)}</td>"
            f"<td style='padding:0 8px'>{points}</td></tr>"
        )
    hidden = sum(len(cards) for cards in state.hidden_discards)
    return (
        "<table style='border-collapse:collapse'><tr><th>player</th><th>hand</th>"
        "<th>face-down on the table</th><th>bonus pile</th><th>points now</th></tr>"
        + "".join(rows)
        + "</table>"
        + f"<div style='margin-top:4px'><b>Discard</b> (face up): "
        f"{kaya_cards_html(state.discard, rules, width=26, empty='empty')}"
        f"<small> and {hidden} card(s) discarded face down (nobody sees them)</small></div>"
    )


def gambreng_html(draw: Gambreng, names: Sequence[str] = NAMES) -> str:
    """Every show of a gambreng draw, in words."""
    items = []
    for number, show in enumerate(draw.rounds, 1):
        gestures = ", ".join(f"{_name(names, seat)} {gesture}" for seat, gesture in show.shows)
        if show.out:
            leave = " and ".join(_name(names, seat) for seat in show.out)
            result = f"{leave} {'leaves' if len(show.out) == 1 else 'leave'} the draw"
        elif show.kind == "hompimpa":
            result = "everybody showed the same side or an even split: repeat"
        else:
            result = "the same finger: repeat"
        items.append(f"<li>Round {number} ({escape(show.kind)}): {gestures} → {result}</li>")
    return (
        f"<ol style='margin:0'>{''.join(items)}</ol>"
        f"<p><b>{_name(names, draw.first)}</b> is the first active player.</p>"
    )


_WHY = {
    "stale": "{owner}'s old face-down card goes to the discard, still face down (nobody sees it)",
    "won": "the winning card {card} is discarded face up",
    "claimed": "the losing card {card} goes to {to}'s bonus pile",
    "taken": "{to} takes a card at random from {owner}'s hand: {card}, into {to}'s bonus pile",
    "blue-return": "the random card is {card}, a blue 7–9: it goes to its owner {to}'s own bonus "
    "pile instead",
    "pink-give": "{owner} chooses {card} (worth at least 2 coins) and gives it to {to}",
    "orange-keep": "{to} keeps the orange 4 as a bonus card instead of discarding it",
    "red-steal": "{card} is stolen from {owner}'s bonus pile into {to}'s",
    "green-return": "{card} goes back into {to}'s hand",
    "red-spent": "the red card {card} is then discarded face up",
    "showdown": "the showdown card {card} is discarded face up",
}


def _seat_of(place: str) -> int | None:
    return int(place.split(":")[1]) if ":" in place else None


def describe_events(events: Sequence[Event], state: KayaState, names: Sequence[str]) -> list[str]:
    """Sentences (HTML) for a batch of events, read from the one log."""
    out = []
    for event in events:
        if isinstance(event, PlayEvent):
            out.append(
                f"<b>{_name(names, event.seat)}</b> puts <i>{event.card}</i> face down on the "
                "table and says <i>“Aku paling kaya!”</i> — I am the richest."
            )
        elif isinstance(event, PassEvent):
            out.append(f"{_name(names, event.seat)} does not challenge.")
        elif isinstance(event, ChallengeEvent):
            targets = " and ".join(_name(names, seat) for seat in event.targets)
            kind = "one-on-one" if len(event.targets) == 1 else f"{len(event.targets)} targets"
            out.append(f"<b>{_name(names, event.seat)} challenges</b> {targets} ({kind}).")
        elif isinstance(event, ShowdownEvent):
            shown = ", ".join(f"{_name(names, seat)} {card}" for seat, card in event.cards)
            out.append(
                f"The cards are revealed: {shown}. <b>{_name(names, event.winner)} wins</b>."
            )
        elif isinstance(event, MoveEvent) and event.why in _WHY:
            source, target = _seat_of(event.source), _seat_of(event.target)
            owner = source if source is not None else target
            to = target if target is not None else owner
            text = _WHY[event.why].format(
                owner=_name(names, owner) if owner is not None else "?",
                to=_name(names, to) if to is not None else "?",
                card=event.card,
            )
            out.append(text[0].upper() + text[1:] + ".")
        elif isinstance(event, PowerEvent):
            out.append(f"{_name(names, event.seat)} uses the power of {event.card}.")
        elif isinstance(event, DeclineEvent) and event.power is not None:
            out.append(f"{_name(names, event.seat)} does not use the power of {event.card}.")
        elif isinstance(event, EndEvent):
            scores = ", ".join(
                f"{_name(names, seat.seat)} {seat.hand_sum} in hand + {seat.bonus_sum} in bonus "
                f"coins = {seat.total}"
                for seat in state.scores().seats
            )
            winners = " and ".join(_name(names, seat) for seat in event.winners)
            out.append(
                f"A hand is empty: <b>the game ends</b>. Points: {scores}. "
                f"<b>{winners} {'wins' if len(event.winners) == 1 else 'share the win'}</b>."
            )
        elif isinstance(event, GambrengEvent):
            out.append(gambreng_html(event.gambreng, names))
    return out


@dataclass(frozen=True)
class Scene:
    """A rigged (or seeded) position and the fixed actions that play it, with a note per action."""

    title: str
    intro: str
    state: KayaState
    script: tuple[tuple[str, str], ...]
    names: tuple[str, ...] = NAMES


def scene_steps(scene: Scene) -> list[Step]:
    """The steps of a scene: its opening position, then one step per scripted action."""
    state = scene.state
    steps = [Step(scene.title, kaya_table_html(state, scene.names), scene.intro)]
    for action, note in scene.script:
        before = len(state.events)
        state = state.apply(action)
        while (formality := state.formality()) is not None:
            state = state.apply(formality)
        sentences = describe_events(state.events[before:], state, scene.names)
        text = " ".join(sentences)
        if note:
            text += f"<p style='color:#335'><b>Rule:</b> {note}</p>"
        steps.append(Step(f"{scene.title} — {action}", kaya_table_html(state, scene.names), text))
    return steps


def _scenes() -> list[Scene]:
    three = KayaRules(("green", "red", "blue"))
    start = KayaState.new(three, seed=9)
    opening = Scene(
        "A game begins",
        "Three players: Ayu (green), Budi (red) and Citra (blue). Each takes all nine cards of "
        "one colour. A card shows a <b>number</b> (1–9, its worth in your hand at the end) and a "
        "<b>coin value</b> (its worth in a bonus pile: 1 for numbers 1–3, 2 for 4–6, 3 for "
        "7–9). To choose the first active player they hold a <b>gambreng</b>:"
        + gambreng_html(start.gambreng, NAMES),  # type: ignore[arg-type]
        start,
        (
            (
                "play green-5",
                "The active player must play a card. Nobody else has a card "
                "face down yet, so nobody can challenge: the turn passes to the next seat.",
            ),
            ("play red-7", ""),
            (
                "pass",
                "Only players with a face-down card on the table may challenge. Ayu has "
                "one, and does not challenge: Budi's card stays face down.",
            ),
            ("play blue-2", "Citra bluffs with a low card."),
            ("pass", ""),
            (
                "challenge 2",
                "A <b>one-on-one challenge</b>: the higher number wins (a tie goes "
                "to the challenger). The loser's card goes to the winner's bonus pile, the "
                "winner's card is discarded, and the winner also takes a random card from the "
                "loser's hand.",
            ),
            (
                "play green-8",
                "Ayu's old face-down card is discarded face down first: a card "
                "lies on the table only until its owner's next turn.",
            ),
            (
                "play red-1",
                "Budi has no card on the table now (it was discarded after the "
                "showdown), so nobody may challenge him... except Ayu, who has one.",
            ),
            ("pass", ""),
            ("play blue-9", "Now Ayu and Budi both have a face-down card."),
            (
                "challenge 1,2",
                "A <b>challenge of two targets</b>: Ayu challenges Citra (always) "
                "and Budi too. All three cards are revealed; the highest wins; all showdown cards "
                "are discarded, and the winner takes a random card from <b>each</b> loser's hand.",
            ),
        ),
    )
    tie = Scene(
        "A tie goes to the challenger",
        "A rigged position with two players. Claiming to be the richest must be strictly true: "
        "if the numbers are equal, the challenger wins.",
        KayaState.from_position(
            KayaRules(("green", "red")),
            hands=[["green-2", "green-6", "green-8"], ["red-3", "red-9"]],
            table=[None, "red-6"],
            active=0,
        ),
        (
            ("play green-6", ""),
            ("challenge 0", "Both cards are 6s. The tie goes to Budi, the challenger."),
        ),
    )
    powers = KayaRules(("green", "red", "blue"))
    green = Scene(
        "Green 3: take it back",
        "A rigged position. If nobody challenges a green 3, its owner may reveal it and take it "
        "back into hand.",
        KayaState.from_position(
            powers,
            hands=[["green-3", "green-6", "green-9"], ["red-2", "red-8"], ["blue-4", "blue-5"]],
            table=[None, "red-5", None],
            bonus=[[], [], ["green-1"]],
            active=0,
        ),
        (
            ("play green-3", ""),
            ("pass", ""),
            (
                "take-back",
                "The green 3 goes back into Ayu's hand: 3 points kept, and the turn "
                "cost her nothing.",
            ),
        ),
    )
    red = Scene(
        "Red 3 or 4: steal a bonus card",
        "If nobody challenges a red 3 or 4, its owner may reveal it and steal one bonus card of "
        "their choice from another player; the red card is then discarded.",
        KayaState.from_position(
            powers,
            hands=[["green-4", "green-7"], ["red-3", "red-6"], ["blue-1", "blue-8"]],
            table=[None, None, "blue-6"],
            bonus=[[], [], ["green-9", "red-2"]],
            active=1,
        ),
        (
            ("play red-3", ""),
            ("pass", ""),
            ("steal 2 green-9", "Budi takes the richest card he can see: green 9, worth 3 coins."),
        ),
    )
    blue = Scene(
        "Blue 7, 8, 9: the card comes home",
        "A blue 7, 8 or 9 taken at random from Citra's hand does not go to the winner: it goes "
        "to Citra's own bonus pile.",
        KayaState.from_position(
            powers,
            hands=[["green-5", "green-9"], ["red-4"], ["blue-2", "blue-8"]],
            table=[None, "red-6", None],
            active=2,
        ),
        (
            ("play blue-2", ""),
            (
                "challenge 2",
                "Budi's 6 beats Citra's 2. The only card left in Citra's hand is "
                "the blue 8, so that is the random card.",
            ),
        ),
    )
    pink_rules = KayaRules(("green", "pink", "orange"))
    pink = Scene(
        "Pink 5 or 6: the loser must pay well",
        "When a pink 5 or 6 wins a challenge, the loser does not give a random card: the loser "
        "chooses one worth at least 2 coins (numbers 4–9).",
        KayaState.from_position(
            pink_rules,
            hands=[
                ["green-1", "green-2", "green-4", "green-8"],
                ["pink-2", "pink-9"],
                ["orange-1", "orange-7"],
            ],
            table=[None, "pink-6", None],
            active=0,
        ),
        (
            ("play green-2", ""),
            ("challenge 0", "Dewi (pink) challenges with her face-down pink 6 and wins."),
            (
                "give green-4",
                "Ayu may not give her green 1 or 2 (1 coin each): she gives the "
                "cheapest card allowed, green 4 (2 coins).",
            ),
        ),
        ("Ayu", "Dewi", "Eko"),
    )
    orange = Scene(
        "Orange 4: keep the winner",
        "If an orange 4 wins a challenge, its owner may keep it as a bonus card instead of "
        "discarding it.",
        KayaState.from_position(
            pink_rules,
            hands=[["green-3", "green-7"], ["pink-1", "pink-8"], ["orange-4", "orange-9"]],
            table=[None, "pink-2", None],
            active=2,
        ),
        (
            ("play orange-4", ""),
            ("challenge 2", "Dewi challenges with a pink 2, and loses to the 4."),
            ("keep", "The orange 4 goes to Eko's bonus pile (2 coins) instead of the discard."),
        ),
        ("Ayu", "Dewi", "Eko"),
    )
    yellow_rules = KayaRules(("red", "yellow"))
    yellow = Scene(
        "Yellow 1–3 and the final score",
        "Yellow 1, 2 and 3 are worth <b>minus</b> their coins in a bonus pile (−1 each). The game "
        "ends after the turn in which a hand becomes empty. Points: the numbers of the cards left "
        "in hand plus the coins of the bonus pile; a face-down card on the table counts nothing.",
        KayaState.from_position(
            yellow_rules,
            hands=[["red-5", "red-9"], ["yellow-2"]],
            table=[None, "yellow-3"],
            bonus=[["yellow-7"], ["red-8"]],
            active=0,
        ),
        (
            ("play red-5", ""),
            (
                "challenge 0",
                "Fajar's yellow 3 loses to Budi's 5: Budi gets the yellow 3 and then "
                "the yellow 2 from Fajar's hand — both worth −1 to Budi. Fajar's hand is empty, so "
                "the game ends.",
            ),
        ),
        ("Budi", "Fajar"),
    )
    return [opening, tie, green, red, blue, pink, orange, yellow]


def kaya_walkthrough() -> Stepper:
    """Aku Paling Kaya step by step: a seeded opening and one rigged scene per power."""
    steps = [step for scene in _scenes() for step in scene_steps(scene)]
    return Stepper(steps, title="Aku Paling Kaya, step by step")


# ---------------------------------------------------------------------------------------------
# Notebook 06: counting


def plain_profile(rules: KayaRules | None = None) -> Profile:
    """The counting profile of a colour without powers (the default coin table)."""
    rules = KayaRules() if rules is None else rules
    return Profile(coins=(0, *rules.coins))


class ChallengeExplorer(widgets.VBox):
    """Your face-down number against one or two targets: mark the numbers of each target's
    colour you have seen face up, and see the exact chance the challenge wins."""

    def __init__(self, own: int = 6, seen: Sequence[Sequence[int]] = ((), ()), **kwargs: Any):
        self.errors = ErrorBox()
        self.own = widgets.IntSlider(value=own, min=1, max=9, description="Your card")
        self.targets = widgets.IntSlider(value=1, min=1, max=2, description="Targets")
        self.seen = [
            widgets.SelectMultiple(
                options=list(range(1, 10)),
                value=tuple(numbers),
                rows=9,
                description=f"Seen, target {i + 1}",
                style={"description_width": "initial"},
                layout={"width": "12em"},
            )
            for i, numbers in enumerate(seen)
        ]
        self.result = widgets.HTML()
        for control in (self.own, self.targets, *self.seen):
            control.observe(guarded(self.errors)(lambda _: self.show()), "value")
        super().__init__(
            [
                widgets.HBox([self.own, self.targets]),
                widgets.HBox(self.seen),
                self.result,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-challenge-explorer")
        self.show()

    def unseen(self) -> list[tuple[int, ...]]:
        """The unseen numbers of each target in play."""
        return [unseen_numbers(box.value) for box in self.seen[: self.targets.value]]

    def show(self) -> None:
        own = self.own.value
        unseen = self.unseen()
        for i, box in enumerate(self.seen):
            box.disabled = i >= self.targets.value
        if any(not numbers for numbers in unseen):
            self.result.value = (
                "<i>A target with a face-down card has at least one unseen number.</i>"
            )
            return
        p = win_probability(own, unseen, exact=True)
        odds = showdown_odds(own, unseen, exact=True)
        parts = [
            f"target {i + 1}: {sum(1 for n in numbers if n <= own)} of its {len(numbers)} "
            f"unseen numbers ({', '.join(map(str, numbers))}) are ≤ {own}"
            for i, numbers in enumerate(unseen)
        ]
        product = " × ".join(
            f"{sum(1 for n in numbers if n <= own)}/{len(numbers)}" for numbers in unseen
        )
        bars = bars_html(
            [("you win", float(odds[0]), True)]
            + [(f"target {i + 1} wins", float(q), False) for i, q in enumerate(odds[1:])],
            title="Who wins the showdown",
        )
        self.result.value = (
            "<ul>" + "".join(f"<li>{part}</li>" for part in parts) + "</ul>"
            f"<p>Each face-down card is equally likely to be any unseen number, and the targets "
            f"are independent, so P(you win) = {product} = <b>{p}</b> ≈ {float(p):.3f}. "
            "(Ties go to the challenger.)</p>" + bars
        )


def challenge_gain_table(view: KayaView) -> str:
    """HTML: every challenge open to ``view``'s seat with its win chance and expected gains."""
    values = challenge_values(view, exact=True)
    rows = []
    for targets, value in values.items():
        gain = value.gain(view.seat, view.players)
        rows.append(
            f"<tr><td>challenge {','.join(map(str, targets))}</td>"
            f"<td>{float(value.win_probability):.3f}</td>"
            f"<td>{float(value.deltas.get(view.seat, 0)):+.2f}</td>"
            f"<td><b>{float(gain):+.2f}</b></td></tr>"
        )
    return (
        "<table><tr><th>move</th><th>P(win)</th><th>expected change of my points</th>"
        "<th>gain vs the others</th></tr><tr><td>pass</td><td>—</td><td>+0.00</td>"
        "<td><b>+0.00</b></td></tr>" + "".join(rows) + "</table>"
    )


def counter_walkthrough(seed: int = 4, players: int = 3, limit: int = 12) -> Stepper:
    """A seeded game of the ``counter`` bot (seat 0) against ``random`` bots; one step at each
    challenge window of the counter bot, showing what it knows and how it decides."""
    from kayalib.kaya.bots import CounterBot, RandomBot

    rules = KayaRules.for_players(players)
    bots = [CounterBot()] + [RandomBot() for _ in range(players - 1)]
    steps: list[Step] = []
    names = NAMES

    def watch(state: KayaState) -> None:
        if len(steps) >= limit or state.current_player != 0 or state.phase != "challenge":
            return
        view = state.view(0)
        choice = bots[0].choose(view, random.Random(0))
        seen = "; ".join(
            f"{_name(names, seat)}: unseen {', '.join(map(str, view.hidden[seat])) or 'none'}"
            for seat in range(1, players)
        )
        text = (
            f"Turn {state.turn}. {_name(names, state.active)} has just played. The counter bot "
            f"({_name(names, 0)}) has <b>{view.own_table}</b> face down. What it knows of the "
            f"others' colours — {seen}. Below: every move it may make, the exact chance to win, "
            "and the expected points (targets by seat: "
            + ", ".join(f"{seat} {_name(names, seat)}" for seat in range(players))
            + "). It picks the move with the best gain: "
            f"<b>{escape(str(choice))}</b>." + challenge_gain_table(view)
        )
        steps.append(Step(f"Turn {state.turn}: challenge or pass?", kaya_table_html(state), text))

    final = play_game("kaya", bots, seed, rules, on_state=watch)
    totals = final.scores().totals
    steps.append(
        Step(
            "The end",
            kaya_table_html(final),
            "Final points: "
            + ", ".join(f"{_name(names, seat)} {points}" for seat, points in enumerate(totals)),
        )
    )
    return Stepper(steps, title="The counter bot thinking aloud")


# ---------------------------------------------------------------------------------------------
# Notebook 07: Kaya tournaments


def run_kaya_tournament(
    bots: list[str], games: int, seed: int, progress: ProgressCallback | None = None
) -> tuple[int, ...]:
    """Wins by seat (a shared win counts for each winner) of ``games`` seeded games."""
    rules = KayaRules.for_players(len(bots))
    return simulate("kaya", bots, games, seed, rules, progress=progress).wins


def kaya_tournament(
    seats: Sequence[str] = ("counter", "random", "random"), games: int = 100, seed: int = 1
) -> TournamentRunner:
    """A ``TournamentRunner`` for Aku Paling Kaya between the engine's bots."""
    from kayalib.kaya.bots import BOTS

    return TournamentRunner(
        run_kaya_tournament,
        sorted(BOTS),
        seats=seats,
        games=games,
        seed=seed,
        game_name="Aku Paling Kaya",
    )
