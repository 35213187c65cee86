"""Aku Paling Kaya lesson pieces against the engine: the scripted scenes (one per rule and
power), the challenge explorer, the counter bot's reasoning and tournaments."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.kaya.game import WHYS, KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.lessons.kaya import (
    _WHY,
    ChallengeExplorer,
    _scenes,
    counter_walkthrough,
    gambreng_html,
    kaya_cards_html,
    kaya_table_html,
    kaya_tournament,
    kaya_walkthrough,
    run_kaya_tournament,
    scene_steps,
)
from tests.lessons.conftest import PNG, shown_errors


def plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_every_reason_a_card_moves_has_words() -> None:
    assert set(WHYS) - {"play"} <= set(_WHY)


# Each scene must show its rule happening: (scene title, text that must appear in its steps).
SCENE_RULES = [
    ("A game begins", "is the first active player"),
    ("A game begins", "challenges Citra (one-on-one)"),
    ("A game begins", "old face-down card goes to the discard, still face down"),
    ("A game begins", "(2 targets)"),
    ("A game begins", "takes a card at random from Ayu's hand"),
    ("A game begins", "takes a card at random from Budi's hand"),
    ("A tie goes to the challenger", "Budi red-6, Ayu green-6. Budi wins"),
    ("Green 3: take it back", "goes back into Ayu's hand"),
    ("Red 3 or 4: steal a bonus card", "is stolen from Citra's bonus pile into Budi's"),
    ("Red 3 or 4: steal a bonus card", "the red card red-3 is then discarded face up"),
    ("Blue 7, 8, 9: the card comes home", "it goes to its owner Citra's own bonus pile instead"),
    ("Pink 5 or 6: the loser must pay well", "Ayu chooses green-4"),
    ("Orange 4: keep the winner", "Eko keeps the orange 4 as a bonus card"),
    ("Yellow 1–3 and the final score", "the game ends"),
]


@pytest.mark.parametrize(("title", "words"), SCENE_RULES)
def test_each_scene_shows_its_rule(title: str, words: str) -> None:
    scene = next(scene for scene in _scenes() if scene.title == title)
    text = " ".join(plain(step.text) for step in scene_steps(scene)).lower()
    assert words.lower() in text


def test_scenes_end_in_the_states_the_rules_say() -> None:
    scenes = {scene.title: scene for scene in _scenes()}

    def final(title: str) -> KayaState:
        state = scenes[title].state
        for action, _ in scenes[title].script:
            state = state.apply(action)
        return state

    green = final("Green 3: take it back")
    assert any(c.number == 3 for c in green.hands[0]) and green.table[0] is None
    red = final("Red 3 or 4: steal a bonus card")
    assert [str(c) for c in red.bonus[1]] == ["green-9"] and "red-3" in map(str, red.discard)
    blue = final("Blue 7, 8, 9: the card comes home")
    assert "blue-8" in map(str, blue.bonus[2]) and blue.is_terminal
    pink = final("Pink 5 or 6: the loser must pay well")
    assert "green-4" in map(str, pink.bonus[1])
    orange = final("Orange 4: keep the winner")
    assert "orange-4" in map(str, orange.bonus[2])
    yellow = final("Yellow 1–3 and the final score")
    assert yellow.is_terminal and yellow.scores().totals == (9 + 3 - 1 - 1, 3)
    assert yellow.winners == (0,)


def test_walkthrough_steps_and_scoring_arithmetic() -> None:
    stepper = kaya_walkthrough()
    assert len(stepper.steps) > 25
    for _ in range(len(stepper.steps)):
        stepper.next_button.click()
    assert stepper.next_button.disabled
    last = plain(stepper.text.value)
    assert "Budi 9 in hand + 1 in bonus coins = 10" in last
    assert shown_errors(stepper) == []


def test_table_shows_face_down_cards_only_when_peeking() -> None:
    rules = KayaRules(("green", "red"))
    state = KayaState.from_position(rules, hands=[["green-5"], ["red-2"]], table=[None, "red-7"])
    assert "red 7" in kaya_table_html(state, peek=True)
    assert "red 7" not in kaya_table_html(state, peek=False)
    assert "face-down card" in kaya_table_html(state, peek=False)


def test_cards_show_negative_yellow_coins() -> None:
    from kayalib.kaya.cards import Card

    html = kaya_cards_html([Card.parse("yellow-2")], KayaRules(("red", "yellow")))
    assert "(-1)" in html
    assert "—" in kaya_cards_html([], KayaRules())


def test_gambreng_words_follow_the_draw() -> None:
    state = KayaState.new(KayaRules(("green", "red", "blue")), seed=9)
    text = plain(gambreng_html(state.gambreng))
    assert f"Round {len(state.gambreng.rounds)} (suit)" in text
    assert ["Ayu", "Budi", "Citra"][state.gambreng.first] + " is the first active player" in text


def brute_force(own: int, unseen: list[tuple[int, ...]]) -> Fraction:
    hands = list(product(*unseen))
    return Fraction(sum(all(own >= card for card in cards) for cards in hands), len(hands))


def test_challenge_explorer_shows_exact_odds() -> None:
    explorer = ChallengeExplorer(own=6, seen=[(1, 4, 9), (2, 3, 5, 8)])
    assert "4/6" in explorer.result.value and "2/3" in explorer.result.value
    explorer.targets.value = 2
    assert "2/5" in explorer.result.value and not explorer.seen[1].disabled
    explorer.targets.value = 1
    assert explorer.seen[1].disabled
    explorer.seen[0].value = tuple(range(1, 10))
    assert "at least one unseen number" in explorer.result.value
    assert shown_errors(explorer) == []


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 9),
    st.lists(st.sets(st.integers(1, 9), max_size=8), min_size=2, max_size=2),
    st.integers(1, 2),
)
def test_challenge_explorer_agrees_with_brute_force(own, seen, targets) -> None:
    explorer = ChallengeExplorer(own=own, seen=[tuple(sorted(s)) for s in seen])
    explorer.targets.value = targets
    unseen = explorer.unseen()
    expected = brute_force(own, unseen)
    assert f"<b>{expected}</b>" in explorer.result.value


def test_counter_walkthrough_shows_choices_from_the_table() -> None:
    stepper = counter_walkthrough(seed=4)
    decisions = stepper.steps[:-1]
    assert decisions and stepper.steps[-1].title == "The end"
    for step in decisions:
        chosen = re.search(r"best gain: <b>([^<]+)</b>", step.text).group(1)
        assert chosen == "pass" or f"<td>{chosen}</td>" in step.text
        assert "P(win)" in step.text
    assert any("best gain: <b>challenge" in step.text for step in decisions)


def test_kaya_tournament_runs_the_real_engine() -> None:
    runner = kaya_tournament(seats=("counter", "random"), games=10, seed=3)
    runner.run_button.click()
    assert shown_errors(runner) == []
    assert bytes(runner.chart.value).startswith(PNG)
    wins = run_kaya_tournament(["counter", "random"], 10, 3)
    assert [round(rate * 10) for _, rate, _, _ in runner.results] == list(wins)
    assert sum(wins) >= 10  # shared wins count for each winner
