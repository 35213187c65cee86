"""The teacher's catalogue: every lesson of the registry has a plan in every language, every
teacher word is translated and up to date, and the plan pages in ``docs/teachers/`` are the
ones the catalogue writes today.

Translations record the English they came from in ``kayalib/i18n/<lang>/teachers/
translated-from.txt`` (the lessons' fingerprint mechanism); after translating, mark them:

    python -m tests.teachers.test_catalogue --mark id pl
"""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from kayalib.i18n import HERE, Translator, languages, source_keys
from kayalib.teachers.__main__ import plan_pages
from kayalib.teachers.plans import OPTIONAL, SECTIONS, Plan, lesson_numbers
from tests.lessons.test_translations import fields, fingerprint, problems

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "teachers"
OTHERS = [code for code in languages() if code != "en"]


def teacher_words(lang: str) -> dict[str, str]:
    words: dict[str, str] = {}
    for path in sorted((HERE / lang / "teachers").glob("*.json")):
        words.update(json.loads(path.read_text("utf-8")))
    return words


def record_path(lang: str) -> Path:
    return HERE / lang / "teachers" / "translated-from.txt"


def recorded(lang: str) -> dict[str, str]:
    path = record_path(lang)
    if not path.exists():
        return {}
    pairs = (line.split("\t") for line in path.read_text("utf-8").splitlines() if line.strip())
    return {key: mark for key, mark in pairs}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_teacher_word_is_translated_and_up_to_date(lang: str) -> None:
    assert problems(teacher_words("en"), teacher_words(lang), recorded(lang), lang) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_teacher_prose_is_really_translated(lang: str) -> None:
    english, other = teacher_words("en"), teacher_words(lang)
    same = [key for key, text in english.items()
            if other.get(key) == text and len(re.findall(r"[^\W\d_]{4,}", text)) >= 4]  # fmt: skip
    assert same == []  # (a formula alone, like "1 - C(20, 5)/C(24, 5) = ...", reads the same)


@pytest.mark.parametrize("number", lesson_numbers())
def test_every_lesson_of_the_registry_has_a_whole_plan_in_every_language(number: str) -> None:
    for lang in languages():
        words = teacher_words(lang)
        for section in SECTIONS:  # the timing is read from the page (test_gate_order.py)
            if section not in (*OPTIONAL, "timing"):
                assert f"p{number}.{section}" in words, f"{lang}: no p{number}.{section}"
        plan = Plan(number)
        # one source: the exit ticket is the page's (tests/teachers/test_exit_tickets.py)
        written = [key for key in words if re.fullmatch(rf"p{number}\.exit_\d+.*", key)]
        assert written == [], f"{lang}: the page asks the exit ticket, not the plan: {written}"
        for section in SECTIONS:
            if section != "timing" and plan.has(section):
                text = plan.text(Translator(lang), section)
                assert "{" not in text, f"{lang}: plan {number} has an unfilled placeholder"


def test_plan_figures_fill_every_placeholder_and_agree_with_their_questions() -> None:
    english = teacher_words("en")
    for number in lesson_numbers():
        figures = Plan(number).figures
        for key, text in english.items():
            if key.startswith(f"p{number}."):
                missing = {name for name, _ in fields(text)} - set(figures)
                assert not missing, f"{key} needs {missing}"
    nine = Plan("09").figures
    assert (nine["free_low"], nine["free_high"], nine["bluff9"]) == (0, 1, 1)  # the discussion
    assert Plan("10").figures["truthful_reply"] == -Plan("10").figures["value"]


def test_plans_say_numbers_the_way_each_language_writes_them() -> None:
    answers = {lang: Plan("03").text(Translator(lang), "extension_answer")
               for lang in languages()}  # fmt: skip
    assert "0.4701" in answers["en"]
    assert "0,4701" in answers["pl"] and "0,4701" in answers["id"]


@pytest.mark.slow
def test_the_plan_pages_in_docs_are_the_ones_the_catalogue_writes() -> None:
    pages = plan_pages()
    for name, text in pages.items():
        path = DOCS / name
        assert path.exists(), f"docs/teachers/{name} is missing: run make plans"
        assert path.read_text("utf-8") == text, f"docs/teachers/{name} is stale: run make plans"
    written = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert written <= set(pages), f"pages no plan writes: {written - set(pages)}"


def mark(langs: list[str]) -> None:
    """Record that ``langs`` are translated from today's English (run after translating)."""
    english = teacher_words("en")
    for lang in langs:
        other, wanted = teacher_words(lang), source_keys(english, lang)
        lines = [f"{key}\t{fingerprint(english[wanted[key]])}" for key in sorted(wanted)
                 if key in other]  # fmt: skip
        record_path(lang).write_text("\n".join(lines) + "\n", "utf-8")
        print(f"marked {len(lines)} teacher keys of {lang} as translated from today's English")


if __name__ == "__main__":
    if sys.argv[1:2] != ["--mark"] or not sys.argv[2:]:
        sys.exit("usage: python -m tests.teachers.test_catalogue --mark LANG [LANG ...]")
    mark(sys.argv[2:])


@pytest.mark.parametrize("lang", ["en", "id", "pl"])
def test_the_quickstart_names_the_commands_and_the_dashboards_buttons(lang: str) -> None:
    """The one-page quickstart is linked from the plans' index and names what really exists:
    the make targets, the teacher's address and the dashboard's buttons in its words."""
    from kayalib.i18n import Translator

    pages, t = plan_pages(lessons=False), Translator(lang)
    assert "(quickstart.md)" in pages[f"{lang}/README.md"]
    page = pages[f"{lang}/quickstart.md"]
    makefile = (ROOT / "Makefile").read_text("utf-8")
    for target in re.findall(r"`make (\w+)", page):
        assert f"\n{target}:" in makefile, target
    assert "?solutions=key&key=" in page and "?solutions=off" in page and "&student=" in page
    assert t("dash_reveal") in page and t("dash_forget") in page


@pytest.mark.parametrize("number", lesson_numbers())
def test_every_plan_supports_weaker_students_and_answers_its_extension(number: str) -> None:
    """A scaffold (which hint to give, which exercise to skip) and the extension's answer, in
    every language, its figures filled in."""
    plan = Plan(number)
    for lang in languages():
        t = Translator(lang)
        for section in ("scaffold", "extension_answer"):
            assert plan.has(section), f"p{number}.{section}"
            text = plan.text(t, section)
            assert text and "{" not in text, (lang, section)


def test_the_extension_answers_state_what_the_engine_computes() -> None:
    from kayalib.blef.odds import bid_probability

    three = Plan("03").figures
    assert three["ext_pair_k"] == bid_probability("pair K", "KS QH", 6, exact=True) < 1
    assert "K♠ and Q♥" in Translator("en")("p03.extension")  # with K♠ K♥ it was certain
    five = Plan("05").figures
    assert five["e4_half"] < five["e4"]  # no repeat on an even split: fewer rounds
    six = Plan("06").figures
    assert Fraction(1, 2) < six["ext_p"] < six["p"]  # lower, yet the same decision
