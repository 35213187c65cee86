"""Every lesson word exists in every language, with the same placeholders, and no translation is
stale: each translated key records a fingerprint of the English text it was translated from
(``kayalib/i18n/<lang>/lessons/translated-from.txt``), so changing an English sentence fails
this test until the other languages are brought up to date and marked again:

    python -m tests.lessons.test_translations --mark id pl
"""

from __future__ import annotations

import hashlib
import json
import re
import string
import sys
from pathlib import Path

import pytest

from kayalib.i18n import HERE, languages, source_keys

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
OWN_FILES = ("words.json", "lessons/*.json")
"""The catalogue files of the lessons and the shared narrator."""


def own_words(lang: str) -> dict[str, str]:
    words: dict[str, str] = {}
    for pattern in OWN_FILES:
        for path in sorted((HERE / lang).glob(pattern)):
            words.update(json.loads(path.read_text("utf-8")))
    return words


def fields(text: str) -> set[tuple[str, str]]:
    """``(name, format spec)`` of every placeholder."""
    return {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name}


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def record_path(lang: str) -> Path:
    return HERE / lang / "lessons" / "translated-from.txt"


def recorded(lang: str) -> dict[str, str]:
    path = record_path(lang)
    if not path.exists():
        return {}
    pairs = (line.split("\t") for line in path.read_text("utf-8").splitlines() if line.strip())
    return {key: mark for key, mark in pairs}


def problems(
    english: dict[str, str], other: dict[str, str], marks: dict[str, str], lang: str = "id"
) -> list[str]:
    """What is missing, extra, mismatched or stale in one language against English (a counted
    phrase needs every plural form of ``lang``: see :func:`kayalib.i18n.source_keys`)."""
    found = []
    wanted = source_keys(english, lang)
    for key, source in wanted.items():
        text = english[source]
        if key not in other:
            found.append(f"missing: {key}")
            continue
        if fields(other[key]) != fields(text):
            found.append(f"placeholders differ: {key}")
        if marks.get(key) != fingerprint(text):
            found.append(f"stale (the English changed since it was translated): {key}")
    found += [f"not in English: {key}" for key in other if key not in wanted]
    return found


OTHERS = [code for code in languages() if code != "en"]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_lesson_word_is_translated_and_up_to_date(lang: str) -> None:
    assert problems(own_words("en"), own_words(lang), recorded(lang), lang) == []


def test_the_check_finds_missing_changed_and_stale_words() -> None:
    english = {"a": "Hello {n}", "b": "Bye", "c": "Same"}
    other = {"a": "Halo {m}", "c": "Sama", "x": "?"}
    marks = {"a": fingerprint("Hello {n}"), "c": fingerprint("Older English")}
    found = problems(english, other, marks)
    assert "missing: b" in found and "placeholders differ: a" in found
    assert any(f.startswith("stale") and f.endswith(": c") for f in found)
    assert "not in English: x" in found
    counted = {"n": "{n} cards", "n_one": "{n} card"}
    polish = {"n": "{n} kart", "n_one": "{n} karta", "n_many": "{n} kart"}
    marks = {"n": fingerprint("{n} cards"), "n_one": fingerprint("{n} card")}
    marks["n_many"] = marks["n"]
    assert problems(counted, polish, marks, "pl") == ["missing: n_few"]
    assert problems(counted, {"n": "{n} kartu"}, {"n": fingerprint("{n} cards")}, "id") == []


@pytest.mark.parametrize("lang", OTHERS)
def test_prose_is_really_translated(lang: str) -> None:
    """A long sentence that is the same as the English one was not translated."""
    english, other = own_words("en"), own_words(lang)
    same = [key for key, text in english.items()
            if len(text) > 30 and other.get(key) == text and "{" not in text[:3]]  # fmt: skip
    assert same == []


_CALL = re.compile(r'lesson\.(say|predict|exercise|exit_question|text)\("([a-z0-9_]+)"')


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("[0-9i]*.ipynb")), ids=lambda p: p.name)
def test_every_key_a_notebook_uses_is_in_the_catalogue(path: Path) -> None:
    number = "index" if path.stem == "index" else path.name[:2]
    english = own_words("en")
    cells = json.loads(path.read_text("utf-8"))["cells"]
    text = "".join("".join(cell["source"]) for cell in cells)
    used = _CALL.findall(text)
    assert used, f"{path.name} says nothing from the catalogue"
    for kind, name in used:
        assert f"l{number}.{name}" in english, f"{path.name}: no key l{number}.{name}"
        if kind == "exercise":
            assert f"l{number}.{name}_working" in english
    for key in (f"l{number}.title",) + (() if number == "index" else (f"l{number}.learn",)):
        assert key in english


def test_every_word_the_lesson_code_asks_for_exists() -> None:
    english = own_words("en")
    code = "".join(p.read_text("utf-8") for p in (ROOT / "kayalib" / "lessons").glob("*.py"))
    for key in set(re.findall(r"""["'](lesson_[a-z0-9_]+)["']""", code)):
        assert key in english, key
    for prefix in re.findall(r"""f["'](lesson_[a-z_]+)\{""", code):
        assert any(k.startswith(prefix) for k in english), prefix


def mark(langs: list[str], keys: set[str] | None = None) -> None:
    """Record that ``langs`` are translated from today's English (run after translating): every
    key, or only ``keys`` (and their plural forms), the other marks kept as they are."""
    english = own_words("en")
    for lang in langs:
        other, marks = own_words(lang), recorded(lang)
        for key, source in source_keys(english, lang).items():
            if key in other and (keys is None or key in keys or source in keys):
                marks[key] = fingerprint(english[source])
        lines = [f"{key}\t{marks[key]}" for key in sorted(marks) if key in other]
        record_path(lang).write_text("\n".join(lines) + "\n", "utf-8")
        print(f"marked {len(lines)} keys of {lang} as translated from today's English")


if __name__ == "__main__":
    if sys.argv[1:2] != ["--mark"] or not sys.argv[2:]:
        sys.exit(
            "usage: python -m tests.lessons.test_translations --mark LANG [LANG ...] [-- KEY ...]"
        )
    rest = sys.argv[2:]
    langs, keys = (
        (rest[: rest.index("--")], set(rest[rest.index("--") + 1 :]))
        if "--" in rest
        else (rest, None)
    )
    mark(langs, keys)
