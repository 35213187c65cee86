"""The dashboard's data: the class's guesses (hidden truth until the teacher reveals it), the
pooled 95% intervals, and the play figures (only ended rounds; a student's own to that
student)."""

from __future__ import annotations

import random
import re

import pytest

from kayalib.blef.bluffs import Figures, bid_facts
from kayalib.i18n import Translator
from kayalib.server.classdata import class_data
from kayalib.server.dashboard import overview
from kayalib.server.tables import ManualClock, TableService

from .conftest import play_out, seat_people


def add(service: TableService, kind: str, lesson: str, name: str, value: dict) -> None:
    _token, member = service.new_member(f"S{len(service.store.entries(service.class_id, kind))}")
    service.store.add_entry(service.class_id, kind, lesson, name, member, value)


def test_the_guesses_are_a_histogram_and_the_truth_waits_for_the_reveal(
    service: TableService,
) -> None:  # fmt: skip
    for guess in ("1/10", "1/5", "1/4", "1/4", "2/5"):
        add(service, "prediction", "03", "pair", {"value": guess, "exact": "445/1771"})
    figure = overview(service, Translator("en"))["figures"]["predictions"][0]
    assert figure["count"] == 5 and not figure["revealed"] and figure["truth"] == ""
    assert "true value" not in figure["svg"] and figure["svg"].count("<rect") > 5
    assert class_data(service, "prediction", "03", "pair") == {"revealed": False, "count": 5}
    service.store.reveal(service.class_id, "03", "pair")
    for lang, words in (("en", "true value"), ("id", "nilai"), ("pl", "prawdziwa")):
        figure = overview(service, Translator(lang))["figures"]["predictions"][0]
        assert figure["revealed"] and figure["truth"] and figure["truth"] in figure["svg"]
        assert words in figure["svg"].lower(), lang
    labels = re.findall(r'font-size="10" text-anchor="middle">([^<]*)<', figure["svg"])
    assert len(labels) == 10 and not any("/" in label for label in labels)  # one notation
    data = class_data(service, "prediction", "03", "pair")
    assert data["revealed"] and sorted(data["values"]) == ["1/10", "1/4", "1/4", "1/5", "2/5"]
    assert data["exact"] == "445/1771"


def test_a_question_of_choices_marks_its_right_choice_once_revealed(
    service: TableService,
) -> None:  # fmt: skip
    """Naive: only a number was a true value, so revealing a question of choices (lesson 02's
    "which beats which", 07's verdicts) showed the class's bars and nothing marked right."""
    for guess in ("odds", "odds", "tie"):
        add(service, "prediction", "07", "vs_odds", {"value": guess, "exact": "bluffer"})
    figure = overview(service, Translator("en"))["figures"]["predictions"][0]
    assert not figure["revealed"] and figure["truth"] == "" and "bluffer" not in figure["svg"]
    service.store.reveal(service.class_id, "07", "vs_odds")
    figure = overview(service, Translator("en"))["figures"]["predictions"][0]
    assert figure["truth"] == "bluffer" and "right answer: bluffer" in figure["svg"]
    labels = re.findall(r'font-size="10" text-anchor="middle">([^<]*)<', figure["svg"])
    assert labels == ["bluffer", "odds", "tie"]  # the right one: a bar, though unchosen
    assert class_data(service, "prediction", "07", "vs_odds")["exact"] == "bluffer"


def test_the_intervals_are_pooled_with_the_misses_marked(service: TableService) -> None:
    rng = random.Random(4)
    for i in range(26):
        centre = 29 / 6 + (rng.uniform(0.4, 0.6) if i < 3 else rng.uniform(-0.1, 0.1))
        add(service, "estimate", "06", "sum", {"estimate": f"{centre:.4f}",
            "low": f"{centre - 0.2:.4f}", "high": f"{centre + 0.2:.4f}", "trials": 1000,
            "exact": "29/6"})  # fmt: skip
    texts = {}
    for lang in ("en", "id", "pl"):
        figure = overview(service, Translator(lang))["figures"]["estimates"][0]
        assert figure["caught"] == 23 and figure["count"] == 26
        assert figure["svg"].count('class="kaya-miss"') == 3
        assert figure["svg"].count('class="kaya-hit"') == 23
        texts[lang] = figure["text"]
    assert texts["en"] == "23 of 26 intervals caught 29/6"
    assert len(set(texts.values())) == 3 and all("23" in t and "26" in t for t in texts.values())
    data = class_data(service, "estimate", "06", "sum")
    assert len(data["estimates"]) == 26 and data["exact"] == "29/6"


def test_the_play_figures_count_ended_rounds_and_each_student_sees_their_own(
    service: TableService, clock: ManualClock,
) -> None:  # fmt: skip
    rng = random.Random(9)
    tables = [service.create_table("blef", people=3, seed=s, options={"cards": "2"})
              for s in (41, 42)]  # fmt: skip
    seats = {t.code: seat_people(service, t, ["Ana", "Budi", "Citra"]) for t in tables}
    for _ in play_out(tables[0], seats[tables[0].code], rng, clock):
        pass
    playing = tables[1]
    for _ in play_out(playing, seats[playing.code], rng, clock):  # into the second round
        state = playing.table.state
        if state.round == 2 and state.bids:
            break
    ended = overview(service, Translator("en"))["tables"][0]
    outs = [s for s in ended["seats"] if s["standing"] == "out of the game"]
    assert len(outs) == 2 and not any(s["ahead"] for s in outs)  # not "0 cards"
    figures = overview(service, Translator("en"))["figures"]
    per_table = {row["code"]: row for row in figures["play"]}
    ended_rounds = [f for f in bid_facts(playing.table.state.events)]
    assert {f.round for f in ended_rounds} == {1}  # the round in play is not counted
    assert per_table[playing.code]["bids"] == len(ended_rounds)
    total = Figures()
    for table in tables:
        facts = bid_facts(table.table.state.events)
        assert per_table[table.code]["bids"] == len(facts)
        assert per_table[table.code]["checked"] == len({f.round for f in facts})
        assert per_table[table.code]["bluffs"] == sum(f.chance < 0.5 for f in facts)
        mine = [s.update()["mine"] for s in seats[table.code]]
        for seat, own in enumerate(mine):  # each page is sent its own student's figures
            assert own == Figures.of([f for f in facts if f.seat == seat]).to_json()
        assert sum(m["bids"] for m in mine) == len(facts)
        total = total + Figures.of(facts)
    assert {k: figures["play_total"][k] for k in total.to_json()} == total.to_json()
    assert "bluff" in figures["bluff_definition"] and "50" in figures["bluff_definition"]
    with pytest.raises(ValueError):
        class_data(service, "hands")
