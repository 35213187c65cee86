"""What the class learned, as the dashboard shows it: exit-ticket answers kept as handed in, the
shares right with their intervals, the predictions' distance from the truth and the paired
before and after, recomputed here from the store's entries by other means (statistics.median,
every sign pattern counted, scipy's binomial test); no nickname in any of it."""

from __future__ import annotations

import csv
import io
import json
import random
import statistics
from fractions import Fraction

import pytest
from scipy.stats import binomtest

from kayalib.i18n import Translator
from kayalib.server.dashboard import class_figures, export_answers_csv, export_answers_jsonl
from kayalib.server.learning import ANSWER_FIELDS
from kayalib.server.store import ClassStore
from kayalib.server.tables import ManualClock, TableService
from kayalib.stats import wilson_interval
from tests.test_median_interval import brute_coverage

LANGS = ("en", "id", "pl")


@pytest.fixture
def service() -> TableService:
    return TableService(ClassStore(":memory:"), ManualClock())


def student(service: TableService, nickname: str) -> int:
    _token, member = service.new_member(nickname)
    return member


def guess(service: TableService, member: int, value: str, exact: str = "1/4",
          lesson: str = "05", name: str = "decide") -> None:  # fmt: skip
    service.store.add_entry(service.class_id, "prediction", lesson, name, member,
                            {"value": value, "exact": exact})  # fmt: skip


def answer(service: TableService, member: int, value: str, truth: str = "1/4",
           name: str = "exit_1", opening: str | None = "decide",
           lesson: str = "05") -> None:  # fmt: skip
    service.store.add_entry(service.class_id, "exit", lesson, name, member,
                            {"value": value, "right": value == truth, "truth": truth,
                             "opening": opening})  # fmt: skip


def learning(service: TableService, lang: str = "en") -> list[dict]:
    return class_figures(service, Translator(lang))["learning"]


def test_an_exit_answer_is_kept_as_handed_in_and_a_second_one_changes_nothing(service) -> None:
    member = student(service, "Ana")
    answer(service, member, "1/2")
    answer(service, member, "1/4")  # a page reloaded, or a hand-made request
    (entry,) = service.store.entries(service.class_id, "exit")
    assert entry.value["value"] == "1/2" and entry.value["right"] is False
    guess(service, member, "1/3")
    guess(service, member, "1/5")  # a prediction is still replaced, as before
    (entry,) = service.store.entries(service.class_id, "prediction")
    assert entry.value["value"] == "1/5"


def test_the_distance_and_the_pairs_wait_for_the_teachers_reveal(service) -> None:
    for n in range(7):
        member = student(service, f"S{n}")
        guess(service, member, "1/2")
        answer(service, member, "1/4")
    (lesson,) = learning(service)
    assert lesson["distance"] is None and lesson["pairs"]["changes"] == []
    assert "Reveal" in lesson["pairs"]["text"] and lesson["questions"][0]["right"] == 7
    service.store.reveal(service.class_id, "05", "decide")
    (lesson,) = learning(service)
    assert lesson["distance"]["median"] == 1.0 and lesson["pairs"]["changes"] == [-1.0] * 7


@pytest.mark.parametrize("seed", range(4))
def test_the_figures_are_what_the_entries_say(service, seed: int) -> None:
    rng = random.Random(seed)
    truth, after_truth = Fraction(1, 4), Fraction(1, 3)
    class_size = rng.randint(6, 25)
    expected_changes, right = [], {"exit_1": 0, "exit_2": 0}
    for n in range(class_size):
        member = student(service, f"S{n}")
        before = Fraction(rng.randint(1, 20), 20)
        guess(service, member, str(before))
        after = Fraction(rng.randint(1, 12), 12) if rng.random() < 0.8 else None
        if after is not None:  # some students never reach the exit ticket
            answer(service, member, str(after), truth=str(after_truth))
            right["exit_1"] += after == after_truth
            expected_changes.append(abs(after - after_truth) / after_truth
                                    - abs(before - truth) / truth)  # fmt: skip
        if rng.random() < 0.9:
            chose = rng.choice(["yes", "no"])
            answer(service, member, chose, truth="yes", name="exit_2", opening=None)
            right["exit_2"] += chose == "yes"
    service.store.reveal(service.class_id, "05", "decide")
    (lesson,) = learning(service)
    for question in lesson["questions"]:
        n = len([e for e in service.store.entries(service.class_id, "exit", "05",
                                                  question["name"])])  # fmt: skip
        assert question["right"] == right[question["name"]] and question["n"] == n
        assert (question["low"], question["high"]) == wilson_interval(question["right"], n)
    pairs = lesson["pairs"]
    assert sorted(pairs["changes"]) == sorted(float(c) for c in expected_changes)
    changes = sorted(float(c) for c in expected_changes)
    assert pairs["median"] == pytest.approx(statistics.median(changes))
    k = next(k for k in range(len(changes) // 2, 0, -1)
             if brute_coverage(len(changes), k) >= Fraction(95, 100)) if len(changes) > 5 else 0
    if k == 0:
        assert pairs["interval"] is None
    else:
        assert tuple(pairs["interval"]) == (changes[k - 1], changes[len(changes) - k])
        verdict = ("closer" if changes[len(changes) - k] < 0 else "away"
                   if changes[k - 1] > 0 else "holds 0")  # fmt: skip
        assert verdict in pairs["verdict"]
    assert pairs["svg"].count("<line class=") == len(changes)


def test_a_choice_prediction_is_paired_with_the_exact_sign_test(service) -> None:
    moves = [("wrong", "right")] * 9 + [("right", "wrong")] * 1 + [("right", "right")] * 4
    for n, (before, after) in enumerate(moves):
        member = student(service, f"S{n}")
        guess(service, member, "more" if before == "right" else "less", exact="more")
        answer(service, member, "same" if after == "right" else "less", truth="same")
    service.store.reveal(service.class_id, "05", "decide")
    (lesson,) = learning(service)
    pairs = lesson["pairs"]
    assert (pairs["better"], pairs["worse"]) == (9, 1)
    assert pairs["p"] == pytest.approx(binomtest(9, 10).pvalue)
    assert "below 0.05" in pairs["verdict"] and "to the right answer" in pairs["verdict"]
    assert "5 of 14 guesses" in lesson["distance"]["text"]


def test_the_honest_words_are_there_in_every_language_with_their_plurals(service) -> None:
    members = [student(service, f"S{n}") for n in range(5)]
    answer(service, members[0], "1/4")
    texts = {lang: learning(service, lang)[0] for lang in LANGS}
    for lang, lesson in texts.items():
        assert len(lesson["caveats"]) == 2 and all(lesson["caveats"]), lang
    assert "control group" in texts["en"]["caveats"][0]
    assert "kelompok kontrol" in texts["id"]["caveats"][0]
    assert "grupy kontrolnej" in texts["pl"]["caveats"][0]
    assert "1 of 1 student right" in texts["en"]["questions"][0]["text"]
    assert "z 1 ucznia" in texts["pl"]["questions"][0]["text"]
    for member in members[1:]:
        answer(service, member, "1/2")
    assert "1 of 5 students right" in learning(service, "en")[0]["questions"][0]["text"]
    assert "z 5 uczniów" in learning(service, "pl")[0]["questions"][0]["text"]


def test_no_nickname_is_in_what_the_class_learned(service) -> None:
    service.store.set_names(service.class_id, "nicknames")
    for n in range(8):
        member = student(service, f"Zebedee{n}")
        guess(service, member, "1/2")
        answer(service, member, "1/4")
    service.store.reveal(service.class_id, "05", "decide")
    for lang in LANGS:
        assert "Zebedee" not in json.dumps(learning(service, lang))


# ---- the exports -------------------------------------------------------------------------------


def figures_from_export(rows: list[dict]) -> tuple[dict, list[float]]:
    """The shares right per exit question and the paired changes, from the exported rows alone."""
    shares: dict[tuple[str, str], list[int]] = {}
    guesses = {(r["lesson"], r["name"], r["student"]): r for r in rows if r["kind"] == "prediction"}
    changes = []
    for row in rows:
        if row["kind"] != "exit":
            continue
        counts = shares.setdefault((row["lesson"], row["name"]), [0, 0])
        counts[0] += row["right"] is True
        counts[1] += 1
        guess = guesses.get((row["lesson"], row["opening"], row["student"]))
        if guess is not None and guess["distance"] and row["distance"]:
            changes.append(float(Fraction(row["distance"]) - Fraction(guess["distance"])))
    return shares, sorted(changes)


def test_the_exports_hold_what_the_dashboard_shows_and_nothing_after_forget(service) -> None:
    rng = random.Random(7)
    for n in range(9):
        member = student(service, f"Nick{n}")
        guess(service, member, str(Fraction(rng.randint(1, 9), 10)))
        answer(service, member, str(Fraction(rng.randint(1, 9), 10)), truth="3/10")
        answer(service, member, rng.choice(["yes", "no"]), truth="yes", name="exit_2",
               opening=None)  # fmt: skip
    hostile = student(service, "Mallory")
    answer(service, hostile, '=HYPERLINK("http://x.example","a")', name="exit_2", opening=None)
    service.store.reveal(service.class_id, "05", "decide")
    (lesson,) = learning(service)
    rows = [json.loads(line) for line in export_answers_jsonl(service).splitlines()]
    assert len(rows) == 9 + 9 * 2 + 1
    shares, changes = figures_from_export(rows)
    for question in lesson["questions"]:
        assert shares["05", question["name"]] == [question["right"], question["n"]]
    assert changes == sorted(lesson["pairs"]["changes"])
    assert {row["nickname"] for row in rows} == {f"Nick{n}" for n in range(9)} | {"Mallory"}
    table = list(csv.reader(io.StringIO(export_answers_csv(service))))
    assert table[0] == list(ANSWER_FIELDS) and len(table) == len(rows) + 1
    assert not any(cell.startswith(("=", "+", "-", "@")) for line in table for cell in line)
    assert any(cell.startswith("'=HYPERLINK") for line in table for cell in line)
    service.store.set_names(service.class_id, "anonymous")
    assert all(json.loads(line)["nickname"] == ""
               for line in export_answers_jsonl(service).splitlines())  # fmt: skip
    service.forget_class()
    assert export_answers_jsonl(service) == "" and learning(service) == []
    assert list(csv.reader(io.StringIO(export_answers_csv(service)))) == [list(ANSWER_FIELDS)]


def test_an_unrevealed_prediction_is_exported_without_its_truth(service) -> None:
    member = student(service, "Ana")
    guess(service, member, "1/2")
    (row,) = [json.loads(line) for line in export_answers_jsonl(service).splitlines()]
    assert row["truth"] is None and row["distance"] is None and row["value"] == "1/2"
    service.store.reveal(service.class_id, "05", "decide")
    (row,) = [json.loads(line) for line in export_answers_jsonl(service).splitlines()]
    assert row["truth"] == "1/4" and row["distance"] == "1"


# ---- the teacher's page across lessons ---------------------------------------------------------


def test_across_lessons_lists_the_lessons_in_order_and_flags_only_a_share_below_half_for_sure(
    service,
) -> None:  # fmt: skip
    members = [student(service, f"S{n}") for n in range(12)]
    for n, member in enumerate(members):
        answer(service, member, "yes" if n < 2 else "no", truth="yes", name="exit_1",
               opening=None, lesson="07")  # 2 of 12: the whole interval is below 1/2
        answer(service, member, "yes" if n < 5 else "no", truth="yes", name="exit_2",
               opening=None, lesson="07")  # 5 of 12: it holds 1/2
        answer(service, member, "1/4", lesson="03")
    across = class_figures(service, Translator("en"))["across"]
    assert [row["lesson"] for row in across] == ["03", "07"]
    assert wilson_interval(2, 12)[1] < 0.5 < wilson_interval(5, 12)[1]
    assert across[1]["weak"] == ["exit_1"]
    assert across[1]["shares"][0]["text"].startswith("exit_1: 2/12, 17% (")
    assert across[0]["distance"] == "" and across[0]["change"] == ""  # not revealed


# ---- the shipped sample class ------------------------------------------------------------------


def test_the_sample_class_shows_only_when_asked_and_says_it_is_a_sample(service) -> None:
    own = class_figures(service, Translator("en"))
    assert own["learning"] == [] and not own["sample"] and own["sample_note"] == ""
    for lang, words in (("en", "made-up students"), ("id", "siswa rekaan"),
                        ("pl", "zmyśleni uczniowie")):  # fmt: skip
        figures = class_figures(service, Translator(lang), sample=True)
        assert figures["sample"] and words in figures["sample_note"]
        assert [row["lesson"] for row in figures["across"]] == sorted(
            row["lesson"] for row in figures["across"])  # fmt: skip
    lessons = class_figures(service, Translator("en"), sample=True)["learning"]
    assert len(lessons) == 10 and all(lesson["questions"] for lesson in lessons)
    paired = [lesson for lesson in lessons if lesson["pairs"] and lesson["pairs"]["n"]]
    assert len(paired) >= 8  # every lesson with an opening prediction and a paired question
    assert export_answers_jsonl(service) == ""  # the sample is never the class's own data
    assert service.store.entries(service.class_id, "exit") == []
