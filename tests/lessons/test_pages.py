"""Every lesson page run the way Voila runs it, in every language (the teacher's view, so every
gate is open and every part is built), read as a student reads it:

- no cell fails, and the figures of the checked cells are the same in every language;
- no Python repr, raw catalogue key or 0-based seat reaches a student;
- Indonesian and Polish pages write decimal commas and carry no English sentences.
"""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from kayalib.i18n import languages
from tests.lessons.pages import LESSON_PAGES, execute, output_texts, widget_texts
from tests.test_notebooks_clean import FIGURES, MARK, NOTEBOOKS, output_text, source

pytestmark = pytest.mark.slow

LANGS = list(languages())

REPR = [
    (re.compile(r"Fraction\("), "a Fraction repr"),
    (re.compile(r"\b[A-Z][A-Za-z]+\([a-z_]+="), "a constructor repr"),
    (re.compile(r" object at 0x"), "an object repr"),
    (re.compile(r"\{\(\d"), "a dict of tuples"),
    (re.compile(r"(?<![A-Za-z])\(\d+, \d+\)"), "a tuple of numbers"),
    (re.compile(r"\bseat \d|\bseats? \[|\bchallenge \d|wins by seat"), "a 0-based seat"),
    (re.compile(r"\bl(?:\d\d|index)\.[a-z_0-9]+\b|\blesson_[a-z_]+\b|\bbid_[a-z-]+\b"),
     "a raw catalogue key"),
    (re.compile(r"\b(?:two-pair|small-straight|big-poker|high-card) [9TJQKA]"), "an engine bid"),
    (re.compile(r"\b(green|red|blue|pink|yellow|orange)-[1-9]\b"), "an engine card name"),
]

ENGLISH = re.compile(r"\b(the|and|with|of|you|your|is|are|this|that|which|when|than)\b")
"""English words that neither Indonesian nor Polish uses (a sentence left in English)."""


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, str], Any]:
    """Every page in every language, run two kernels at a time (2-core machines)."""
    jobs = [(path, lang) for path in LESSON_PAGES for lang in LANGS]
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {(path.name, lang): pool.submit(execute, path, f"lang={lang}&solutions=key")
                   for path, lang in jobs}  # fmt: skip
    return futures


def page_text(run: dict[str, Any]) -> list[str]:
    return widget_texts(run) + output_texts(run)


CASES = [(path.name, lang) for path in LESSON_PAGES for lang in LANGS]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_page_runs_and_states_the_same_figures_in_every_language(runs, name, lang) -> None:
    """The checked cells print what ``page_figures.json`` holds for them (the notebook itself
    stores no output: they are answers), in every language."""
    run = runs[(name, lang)].result()
    checked = [cell for cell in run["cells"] if cell["cell_type"] == "code"
               and MARK in source(cell)]  # fmt: skip
    stored = json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"]  # the index stores its own
    expected = json.loads(FIGURES.read_text("utf-8")).get(name) or {
        cell["id"]: output_text(cell["outputs"]) for cell in stored
        if cell["cell_type"] == "code" and MARK in source(cell)}  # fmt: skip
    assert sorted(cell["id"] for cell in checked) == sorted(expected)
    for cell in checked:
        assert output_text(cell["outputs"]) == expected[cell["id"]], (
            f"{name} cell {cell['id']} in {lang}: the checked figures differ")


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_no_repr_reaches_a_student(runs, name, lang) -> None:
    texts = page_text(runs[(name, lang)].result())
    assert texts, "the page shows nothing"
    found = [(why, text[:160]) for text in texts for pattern, why in REPR
             if pattern.search(_without_code(text))]  # fmt: skip
    assert found == []


def _without_code(text: str) -> str:
    """Drop the parts of a text that are code shown on purpose (highlighted Python)."""
    shown_calls = ("bid_probability(", "challenge_odds(", "infer(")
    if "def " in text or any(call in text for call in shown_calls):
        return ""
    return text


@pytest.mark.parametrize(("name", "lang"), [c for c in CASES if c[1] != "en"])
def test_no_english_sentence_and_decimal_commas(runs, name, lang) -> None:
    texts = [_without_code(text) for text in page_text(runs[(name, lang)].result())]
    english = [text[:160] for text in texts if len(ENGLISH.findall(text)) >= 2]
    assert english == [], f"English left on the {lang} page"
    joined = " ".join(texts)
    point = re.search(r"\b\d+\.(?:\d{1,2}|\d{4,})\b", joined)  # 1.000 groups thousands in id
    assert not point, f"a decimal point on the {lang} page: {point}"
    if name[:2] in ("02", "03", "04", "05", "06"):  # 07 states its rates after its games run
        assert re.search(r"\b\d+,\d+\b", joined), f"no decimal comma on the {lang} page"
