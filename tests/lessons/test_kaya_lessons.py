"""Aku Paling Kaya lesson pieces against the engine: the scripted scenes (one per rule and
power), told by the apps' narrator; the challenge explorer, the counter bot's reasoning and
tournaments."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.i18n import Translator
from kayalib.kaya.game import WHYS, KayaState
from kayalib.kaya.rules import KayaRules
from kayalib.lessons.cards import gambreng_html, kaya_cards_html, kaya_table_html
from kayalib.lessons.kit.tournament import tournament
from kayalib.lessons.l01 import kaya_walkthrough, scene_steps, scenes
from kayalib.lessons.l06 import ChallengeExplorer, counter_walkthrough
from kayalib.lessons.l07 import kaya_tournament
from kayalib.words.kaya import MOVE_KEYS
from tests.lessons.conftest import shown_errors

EN = Translator("en")


def plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def test_every_reason_a_card_moves_has_words() -> None:
    assert set(WHYS) - {"play"} <= set(MOVE_KEYS)


# Each scene must show its rule happening: (scene, text that must appear in its steps).
SCENE_RULES = [
    ("opening", "plays first"),
    ("opening", "Budi challenges Citra!"),
    ("opening", "old face-down card goes from the table to the discard pile, unseen"),
    ("opening", "Ayu challenges Citra, Budi!"),
    ("opening", "at random from Budi's hand"),
    ("tie", "Showdown: Budi: 6, Ayu: 6. Budi wins."),
    ("multi_tie", "Showdown: Budi: 5, Ayu: 7, Citra: 7. Citra wins."),
    ("multi_tie", "comes Citra before Ayu, so Citra wins"),
    ("green", "takes green 3 back into hand"),
    ("red", "Budi steals green 9 from Citra's bonus pile"),
    ("red", "The red card red 3 goes from the table to the discard pile"),
    ("blue", "it goes to its owner Citra's own bonus pile instead"),
    ("pink", "Ayu chooses to give green 4 to Dewi"),
    ("orange", "Eko keeps the winning orange 4 as a bonus card"),
    ("yellow", "Game over."),
]


@pytest.mark.parametrize(("name", "words"), SCENE_RULES)
def test_each_scene_shows_its_rule_in_the_apps_words(name: str, words: str) -> None:
    scene = next(scene for scene in scenes() if scene.name == name)
    text = " ".join(plain(step.text) for step in scene_steps(scene, EN))
    assert words in text


def test_scenes_end_in_the_states_the_rules_say() -> None:
    found = {scene.name: scene for scene in scenes()}

    def final(name: str) -> KayaState:
        state = found[name].state
        for action in found[name].script:
            state = state.apply(action)
        return state

    green = final("green")
    assert any(c.number == 3 for c in green.hands[0]) and green.table[0] is None
    red = final("red")
    assert [str(c) for c in red.bonus[1]] == ["green-9"] and "red-3" in map(str, red.discard)
    blue = final("blue")
    assert "blue-8" in map(str, blue.bonus[2]) and blue.is_terminal
    assert "green-4" in map(str, final("pink").bonus[1])
    assert "orange-4" in map(str, final("orange").bonus[2])
    yellow = final("yellow")
    assert yellow.is_terminal and yellow.scores().totals == (9 + 3 - 1 - 1, 3)
    tie = final("multi_tie")
    assert any(str(c) == "green-2" for c in tie.bonus[2])  # Citra, the tied player after Budi


def test_the_multi_target_tie_rule_is_said_where_the_tie_rule_is() -> None:
    """Issue 10: 01 said "a tie goes to the challenger" without the multi-target exception."""
    text = EN("l01.turn")
    assert "one-on-one" in text and "several targets" in text and "seat order after" in text


def test_walkthrough_steps_have_no_zero_based_seats_and_score_at_the_end() -> None:
    stepper = kaya_walkthrough(lang="en")
    assert len(stepper.steps) > 25
    for _ in range(len(stepper.steps)):
        stepper.next_button.click()
    assert stepper.next_button.disabled
    assert "Budi: 10" in plain(stepper.text.value)  # 9 in hand + 3 - 1 - 1 coins
    titles = " ".join(step.title for step in stepper.steps)
    assert not re.search(r"challenge \d|play [a-z]+-\d|seat \d", titles)
    assert "Budi challenges Ayu, Citra" in titles
    assert shown_errors(stepper) == []


def test_table_shows_face_down_cards_only_when_peeking() -> None:
    rules = KayaRules(("green", "red"))
    state = KayaState.from_position(rules, hands=[["green-5"], ["red-2"]], table=[None, "red-7"])
    assert "red 7" in kaya_table_html(state, ("Ayu", "Budi"), EN, peek=True)
    assert "red 7" not in kaya_table_html(state, ("Ayu", "Budi"), EN, peek=False)
    assert "Player 2" in kaya_table_html(state, ("Ayu", "Budi"), EN)


def test_cards_show_negative_yellow_coins() -> None:
    from kayalib.kaya.cards import Card

    html = kaya_cards_html([Card.parse("yellow-2")], KayaRules(("red", "yellow")), EN)
    assert "(\u22121)" in html and "(-1)" not in html  # a real minus sign
    assert "—" in kaya_cards_html([], KayaRules(), EN)


def test_gambreng_words_follow_the_draw_in_three_languages() -> None:
    state = KayaState.new(KayaRules(("green", "red", "blue")), seed=9)
    names = ("Ayu", "Budi", "Citra")
    text = plain(gambreng_html(state.gambreng, names, EN))
    assert f"Show {len(state.gambreng.rounds)} (suit)" in text
    assert names[state.gambreng.first] + " plays first" in text
    assert "suit" in plain(gambreng_html(state.gambreng, names, Translator("id")))


def brute_force(own: int, unseen: list[tuple[int, ...]]) -> Fraction:
    hands = list(product(*unseen))
    return Fraction(sum(all(own >= card for card in cards) for cards in hands), len(hands))


def test_challenge_explorer_shows_exact_odds() -> None:
    explorer = ChallengeExplorer(own=6, seen=[(1, 4, 9), (2, 3, 5, 8)], lang="en")
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
    explorer = ChallengeExplorer(own=own, seen=[tuple(sorted(s)) for s in seen], lang="en")
    explorer.targets.value = targets
    expected = brute_force(own, explorer.unseen())
    if expected.denominator != 1:
        assert f"= {expected.numerator}/{expected.denominator} ≈" in plain(explorer.result.value)
    else:  # a certainty (or an impossibility) is said exactly, never "≈ 1.000"
        assert f"= {expected.numerator}." in plain(explorer.result.value)
        assert "≈" not in plain(explorer.result.value).split("Who wins")[0]


def test_counter_walkthrough_shows_choices_from_the_table() -> None:
    stepper = counter_walkthrough(seed=4, lang="en")
    decisions = stepper.steps[:-1]
    assert decisions and stepper.steps[-1].title == "The end"
    for step in decisions:
        chosen = re.search(r"best gain: ([^<]+?)\.<", step.text).group(1)
        assert f"<td>{chosen}</td>" in step.text
        assert "P(win)" in step.text
        assert not re.search(r"\b\d (Ayu|Budi|Citra)\b", step.text)  # no 0-based seat list


def test_kaya_tournament_runs_the_real_engine() -> None:
    runner = kaya_tournament(seats=("counter", "random"), games=10, seed=3, lang="en")
    runner.run_button.click()
    assert shown_errors(runner) == []
    assert "data:image/png;base64," in runner.chart.value and runner.chart.alt
    wins = tournament("kaya")(["counter", "random"], 10, 3)
    assert [record.wins for record in runner.results] == list(wins)
    assert sum(wins) >= 10  # shared wins count for each winner
    assert "Player 1: counter" in runner.table.value


def test_a_certain_challenge_is_said_to_be_certain_not_about_one() -> None:
    """With a 9 every challenge wins (ties go to the challenger): P = 1, never "≈ 1.000"."""
    explorer = ChallengeExplorer(own=9, seen=[(1, 4, 9), ()], lang="en")
    text = plain(explorer.result.value)
    assert "P(you win) = 6/6 = 1." in text
    assert "1.000" not in text and "≈" not in text
    explorer.own.value = 6
    assert "≈" in plain(explorer.result.value)


def test_the_pink_scene_shows_a_pink_5_and_says_the_loser_chooses() -> None:
    """The pink power's scene plays the pink 5 its title names first, and the loser's give is
    her choice among the cards the rule allows (not a second rule)."""
    from kayalib.lessons.l01 import scene_steps, scenes

    pink = next(scene for scene in scenes() if scene.name == "pink")
    text = " ".join(plain(step.text) for step in scene_steps(pink, EN))
    assert "Dewi: 5" in text and "pink 6" not in text
    assert "she chooses the cheapest" in text


def test_a_reader_can_jump_to_a_scene_such_as_the_pink_power() -> None:
    """The pink power used to be 30 presses of Next in: the stepper now lists its scenes."""
    from kayalib.lessons.l01 import kaya_walkthrough
    from kayalib.pages.language import set_language

    set_language("en")
    stepper = kaya_walkthrough()  # follows the page's language
    labels = [label for label, _ in stepper.chapters.options]
    assert labels[0] == "Go to a scene…"
    assert any(label.startswith("Pink 5 or 6") for label in labels)
    pink = next(value for label, value in stepper.chapters.options if label.startswith("Pink"))
    stepper.chapters.value = pink
    assert stepper.index == pink and stepper.step.title.startswith("Pink 5 or 6")
    assert stepper.chapters.value == -1  # ready for the next jump
    stepper.next_button.click()
    assert stepper.index == pink + 1
    set_language("pl")
    try:
        assert stepper.index == pink + 1 and stepper.chapters.options[0][0] == "Przejdź do sceny…"
    finally:
        set_language("en")
