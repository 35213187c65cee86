"""The catalogues: every key and every placeholder in every language; the loader's behaviour."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kayalib.i18n import (
    HERE,
    Translator,
    UnknownLanguageError,
    languages,
    load_catalogue,
    placeholders,
    source_keys,
)

CODES = sorted(languages())
UI_SOURCES = sorted((Path(HERE).parent / "ui").glob("*.py"))


def test_the_three_languages_are_there() -> None:
    assert {"en", "id", "pl"} <= set(CODES)
    assert list(languages())[0] == "en"
    assert languages()["pl"] == "Polski"


@pytest.mark.parametrize("code", CODES)
def test_every_key_and_placeholder_exists_in_every_language(code: str) -> None:
    english, other = load_catalogue("en"), load_catalogue(code)
    wanted = source_keys(english, code)
    assert set(other) == set(wanted), set(wanted) ^ set(other)
    for key, source in wanted.items():
        text = english[source]
        assert placeholders(other[key]) == placeholders(text), (code, key)
        assert other[key].strip(), (code, key)
        other[key].format(**{name: "x" for name in placeholders(text)})


def test_counted_phrases_need_the_plural_forms_of_each_language() -> None:
    english = load_catalogue("en")
    assert {"lesson_n_cards_few", "lesson_n_cards_many"} <= set(source_keys(english, "pl"))
    assert "lesson_n_cards_one" not in source_keys(english, "id")


@pytest.mark.parametrize("code", CODES)
def test_catalogue_files_are_plain_json_objects(code: str) -> None:
    files = sorted((Path(HERE) / code).rglob("*.json"))
    assert files
    for path in files:
        data = json.loads(path.read_text("utf-8"))
        assert all(isinstance(v, str) for v in data.values()), path


def test_every_literal_key_used_by_the_apps_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for source in UI_SOURCES:
        text = source.read_text("utf-8")
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_][a-z0-9_-]*)["']""", text))
    assert used, "the scan found no keys"
    missing = sorted(used - set(load_catalogue("en")))
    assert not missing


def test_translator_formats_and_falls_back() -> None:
    t = Translator("pl")
    assert t("seat_name", n=3) == "Gracz 3"
    assert t("no-such-key") == "no-such-key"
    with pytest.raises(UnknownLanguageError):
        Translator("xx")
    with pytest.raises(UnknownLanguageError):
        load_catalogue("../en")


@pytest.mark.parametrize(
    ("code", "number", "percent"),
    [("en", "0.2513", "77.8%"), ("id", "0,2513", "77,8%"), ("pl", "0,2513", "77,8%")],
)
def test_numbers_are_written_the_way_each_language_writes_them(
    code: str, number: str, percent: str
) -> None:
    t = Translator(code)
    assert t.number(0.25134, 4) == number
    assert t.percent(0.7777) == percent
    assert t.number(0.5, 3, trim=True) == number[:2] + "5"


def test_games_own_words_stay() -> None:
    for code in CODES:
        assert "Sprawdzam" in load_catalogue(code)["check_button"]


def test_every_computed_key_is_in_the_catalogue() -> None:
    from kayalib.blef.bids import BID_KINDS
    from kayalib.blef.game import MODES
    from kayalib.kaya.cards import COLORS
    from kayalib.kaya.gambreng import FINGERS, PALMS
    from kayalib.kaya.rules import COIN_TABLES
    from kayalib.pages.options import SPEEDS
    from kayalib.ui.blef_app import SUIT_KEYS, BlefApp
    from kayalib.ui.kaya_app import KayaApp

    keys = {f"bot_{b}" for b in (*BlefApp.bot_names, *KayaApp.bot_names, "human")}
    keys |= {f"speed_{s}" for s in SPEEDS} | set(SUIT_KEYS) | {f"mode_{m}" for m in MODES}
    keys |= {f"bid_{k}" for k in BID_KINDS} | {f"colour_{c.value}" for c in COLORS}
    keys |= {f"gesture_{g}" for g in (*PALMS, *FINGERS)}
    keys |= {"gambreng_hompimpa", "gambreng_suit"}
    keys |= {app.page_title_key for app in (BlefApp, KayaApp)}
    keys |= {app.intro_key for app in (BlefApp, KayaApp)} | {"refusal_wait_intro"}
    keys |= {f"kaya_coins_{c}" for c in COIN_TABLES}
    keys |= {"hint_on", "hint_off", "size_large_on", "size_large_off"}
    keys |= {"settings_show", "settings_hide", "kaya_give_tooltip", "kaya_play_tooltip"}
    keys |= {"kaya_table_label", "kaya_table_label_active"}
    for code in CODES:
        missing = sorted(keys - set(load_catalogue(code)))
        assert not missing, (code, missing)


def test_counts_use_the_singular_where_the_language_has_one() -> None:
    en, pl = Translator("en"), Translator("pl")
    assert en.count("cards_count", 1, n=1) == "1 card"
    assert en.count("cards_count", 2, n=2) == "2 cards"
    one = pl.count("kaya_log_end", 1, scores="Ayu: 9", winners="Ayu")
    two = pl.count("kaya_log_end", 2, scores="Ayu: 9, Budi: 9", winners="Ayu, Budi")
    assert "Zwycięzca:" in one and "Zwycięzcy:" in two
    english = load_catalogue("en")
    assert not [key for key, text in english.items() if "(s)" in text]  # no "1 card(s)"


COUNTS = (1, 2, 5, 12, 22)


@pytest.mark.parametrize("code", CODES)
def test_every_counted_phrase_reads_for_one_two_five_twelve_and_twenty_two(code: str) -> None:
    """Each counted phrase, for each count, takes the text of the count's plural category
    (Polish: 1 one, 2 and 22 few, 5 and 12 many; Indonesian: one text; English: 1 one)."""
    from babel import Locale

    english, words, t = load_catalogue("en"), load_catalogue(code), Translator(code)
    counted = sorted({key[:-4] for key in english if key.endswith("_one")} & set(english))
    assert counted
    rule = Locale.parse(code).plural_form
    for key in counted:
        for n in COUNTS:
            values = {name: n for name in placeholders(english[key])}
            form = rule(n)
            expected = words[f"{key}_{form}" if form != "other" else key].format(**values)
            assert t.count(key, n, **values) == expected, (code, key, n)
    if code == "pl":
        said = [t.count("lesson_n_cards", n, n=n) for n in COUNTS]
        assert said == ["1 karta", "2 karty", "5 kart", "12 kart", "22 karty"]
