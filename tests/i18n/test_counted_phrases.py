"""Every counted phrase takes its count form in every language: each key the code counts
(``t.count(key, n)``) or that has a plural form in any language is rendered for 0, 1, 2, 5 and
22 things in English, Indonesian and Polish, and the form each language's plural rule (CLDR,
through Babel) asks for must exist (English ``one``; Polish ``one``, ``few``, ``many``;
Indonesian one form for all)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel import Locale

import kayalib
from kayalib.i18n import Translator, languages

ROOT = Path(kayalib.__file__).parent
COUNTS = (0, 1, 2, 5, 22)
FORMS = ("zero", "one", "two", "few", "many")


def counted_keys() -> set[str]:
    """The keys the code counts (a literal key in ``.count(...)``) and the English keys beside a
    ``key_one`` (the catalogue's own mark of a counted phrase)."""
    found = set()
    for path in ROOT.rglob("*.py"):
        for key in re.findall(r"\.count\(\s*f?\"([\w.{}]+)\"", path.read_text("utf-8")):
            found.add(key)
    english = Translator("en")  # a counted phrase: an English key beside its key_one
    found |= {key[: -len("_one")] for key in english.words if key.endswith("_one")}
    return {key for key in found if "{" not in key and english.has(key)}


def test_the_scan_finds_counted_phrases() -> None:
    keys = counted_keys()
    assert {"lesson_n_cards", "l08.n_bids", "dash_guesses", "l09.rounds_left"} <= keys


@pytest.mark.parametrize("lang", list(languages()))
def test_every_counted_phrase_has_the_form_its_language_asks_for(lang: str) -> None:
    t, rule = Translator(lang), Locale.parse(lang)
    missing = []
    for key in sorted(counted_keys()):
        for n in COUNTS:
            form = rule.plural_form(n)
            if form != "other" and f"{key}_{form}" not in t.words:
                missing.append(f"{key}_{form} (for {n})")
    assert sorted(set(missing)) == []
