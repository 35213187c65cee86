"""Worksheets and answer keys: generated for every lesson of the registry in every language,
read back with ``pdftotext``: the lesson's own questions are on them, numbers are written the
way each language writes them, and answers are only in the key."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from typing import Any

import pytest

import kayalib.teachers.worksheets as worksheets
from kayalib.i18n import Translator, languages
from kayalib.lessons.kit.page import inline_markdown
from kayalib.teachers.__main__ import main
from kayalib.teachers.plans import lesson_numbers
from kayalib.teachers.record import Ask, Exit, LessonRecord, Task, record_lesson
from tests.lessons.pages import visible_text

pytestmark = pytest.mark.slow

LANGS = list(languages())


def _pdftotext() -> str:
    found = shutil.which("pdftotext")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftotext is missing (Debian's poppler-utils; .ci/run installs it)")
        pytest.skip("pdftotext is missing: install Debian's poppler-utils to read the worksheets")
    return found


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def squash(text: str) -> str:
    """Text without any white space (tags and line breaks put spaces in different places)."""
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict[str, LessonRecord]]:
    """All the sheets, made by one command, read back as ``(lang, number, worksheet|key) ->
    the PDF's text``; and the record of each lesson the command made them from (each lesson's
    notebook runs once, for the command, and the tests read the same record)."""
    tool = _pdftotext()
    out = tmp_path_factory.mktemp("worksheets")
    records: dict[str, LessonRecord] = {}

    def recording(number: str, *args: Any, **kwargs: Any) -> LessonRecord:
        records[number] = record_lesson(number, *args, **kwargs)
        return records[number]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(worksheets, "record_lesson", recording)
        assert main(["worksheets", str(out)]) == 0
    assert sorted(records) == sorted(lesson_numbers())
    texts = {}
    for lang in LANGS:
        for number in lesson_numbers():
            for kind in ("worksheet", "key"):
                path = out / lang / f"{number}-{kind}.pdf"
                assert path.read_bytes()[:5] == b"%PDF-", path
                result = subprocess.run([tool, "-enc", "UTF-8", str(path), "-"],
                                        capture_output=True, text=True, check=True)  # fmt: skip
                texts[lang, number, kind] = words(result.stdout)
                texts[lang, number, kind + "/squashed"] = squash(result.stdout)
    return texts, records


@pytest.fixture(scope="module")
def sheets(made) -> dict[tuple[str, str, str], str]:
    return made[0]


@pytest.fixture(scope="module")
def records(made) -> dict[str, LessonRecord]:
    return made[1]


@pytest.mark.parametrize("number", lesson_numbers())
def test_every_lesson_has_a_worksheet_and_a_key_in_every_language(sheets, number) -> None:
    for lang in LANGS:
        t = Translator(lang)
        title = words(t(f"l{number}.title"))
        for kind, heading in (("worksheet", "teach_worksheet"), ("key", "teach_key")):
            text = sheets[lang, number, kind]
            assert title in text and t(heading).upper() in text, (lang, number, kind)
            assert words(t("teach_exit_ticket")) in text


@pytest.mark.parametrize("number", lesson_numbers())
def test_the_sheets_hold_the_lessons_own_questions_and_answers_only_in_the_key(
    sheets, records, number
) -> None:
    record = records[number]
    for lang in LANGS:
        t = Translator(lang)
        sheet = sheets[lang, number, "worksheet/squashed"]
        key = sheets[lang, number, "key/squashed"]
        for item in record.items:
            if isinstance(item, (Ask, Task)):
                question = squash(visible_text(item.question(t)))[:50]
                assert question in key, (lang, question)
                on_sheet = getattr(item, "sheet_question", None) or item.question
                assert squash(visible_text(on_sheet(t)))[:50] in sheet, (lang, question)
            if isinstance(item, Task):
                working = squash(visible_text(item.working(t)))[:40]
                assert working in key and working not in sheet, (lang, working)
        for item in record.of(Exit):  # the page's exit ticket: the question on both
            question = squash(visible_text(inline_markdown(item.question(t))))[:50]
            assert question in key and question in sheet, (lang, question)
            working = squash(visible_text(inline_markdown(item.working(t))))[:40]
            assert working in key and working not in sheet, (lang, working)
        note = squash(t("teach_key_note"))
        assert note in key and note not in sheet


def test_numbers_are_written_the_way_each_language_writes_them(sheets) -> None:
    # lesson 03's key: 1125/1771 ≈ 0.6352 (exit ticket), 43/138-like exercise answers
    assert "0.6352" in sheets["en", "03", "key"]
    for lang in ("id", "pl"):
        key = sheets[lang, "03", "key"]
        assert "0,6352" in key
        assert not re.search(r"\b0\.\d", key), f"{lang}: a decimal point in {key[:200]}"
    for number in lesson_numbers():
        for lang in ("id", "pl"):
            for kind in ("worksheet", "key"):
                assert not re.search(r"\b\d+\.\d+\s?%", sheets[lang, number, kind])
    # the answers themselves are on no student sheet
    assert "1125/1771" not in sheets["en", "03", "worksheet"]


def test_the_key_has_no_name_and_the_sheet_says_what_its_seed_is_for(sheets) -> None:
    for lang in LANGS:
        t = Translator(lang)
        sheet, key = sheets[lang, "03", "worksheet"], sheets[lang, "03", "key"]
        assert words(t("teach_seed")) in sheet and words(t("teach_class")) in sheet
        assert words(t("teach_seed")) not in key and words(t("teach_name")) + " " not in key


def test_the_sheets_hold_the_class_results_and_lesson_08_a_bayes_table(sheets) -> None:
    for lang in LANGS:
        t = Translator(lang)
        assert words(t("teach_class_results")) in sheets[lang, "05", "worksheet"]
        assert words(t("teach_bayes_title")) in sheets[lang, "08", "worksheet"]
        assert words(t("teach_bayes_title")) not in sheets[lang, "05", "worksheet"]
