"""Every word a student reads, in every language the kit speaks: one catalogue.

The catalogue of a language is the folder ``kayalib/i18n/<code>/``: one or more flat JSON files
(``app.json`` for the play apps, and one file per other area), merged into one ``key -> text``
mapping. A key lives in exactly one file; the same key in two files of a language is an error.
``language.json`` holds ``_language``, the language's own name.

To add a language, copy the folder ``en/`` to ``<code>/`` (an ISO 639-1 code such as ``de``),
translate every value (keep the ``{placeholders}`` as they are) and set ``_language``. The apps
and lessons offer it at the next start; ``tests/i18n`` checks that every key and placeholder
exists in every language. The games' own words ("Aku paling kaya!", "sprawdzam", "gambreng")
stay as they are in every language.

Numbers are written the way each language writes them (a decimal comma in Indonesian and
Polish), through :meth:`Translator.number` and :meth:`Translator.percent` (Babel's CLDR data),
rounded by the school rule (a 5 rounds up: 6.25% is 6.3%, not Babel's 6.2%) and with a real
minus sign (−, not a hyphen).

Counted phrases have one text per plural category of the language (CLDR's, through Babel):
``key_one``, ``key_few``, ``key_many``... beside ``key``, the text for every other count (see
:meth:`Translator.count`). English needs ``key_one``, Polish ``key_one``, ``key_few`` and
``key_many`` (1 karta, 2 karty, 5 kart), Indonesian none.

>>> t = Translator("pl")
>>> t("new_game")
'Nowa gra'
>>> Translator("id")("seat_name", n=2)
'Pemain 2'
>>> t.percent(0.778), Translator("en").percent(0.778), t.number(0.25134, 4)
('77,8%', '77.8%', '0,2513')
>>> t.percent(1 / 16), t.number(-0.715, 3), t.count("lesson_n_cards", 22, n=22)
('6,3%', '−0,715', '22 karty')
"""

from __future__ import annotations

import decimal
import json
import string
from functools import cache
from pathlib import Path

from kayalib.errors import KayalibError, UnknownLanguageError

HERE = Path(__file__).parent
DEFAULT_LANGUAGE = "en"

__all__ = [
    "DEFAULT_LANGUAGE",
    "Translator",
    "UnknownLanguageError",
    "MINUS",
    "PLURAL_FORMS",
    "languages",
    "load_catalogue",
    "placeholders",
    "plural_base",
    "plural_forms",
    "source_keys",
]

MINUS = "\u2212"
"""The minus sign every number is written with (U+2212, not the hyphen U+002D)."""
PLURAL_FORMS = ("zero", "one", "two", "few", "many")
"""CLDR's plural categories that get a key of their own (``other`` is the key itself)."""


def _folder(lang: str) -> Path:
    path = HERE / lang
    if not isinstance(lang, str) or not lang.isidentifier() or not path.is_dir():
        raise UnknownLanguageError(
            f"no catalogue for language {lang!r}; have {', '.join(languages())}"
        )
    return path


@cache
def load_catalogue(lang: str) -> dict[str, str]:
    """The ``key -> text`` mapping of one language, all its files merged (read once)."""
    words: dict[str, str] = {}
    origin: dict[str, str] = {}
    for path in sorted(_folder(lang).rglob("*.json")):
        if path.name == "language.json":
            continue
        with path.open(encoding="utf-8") as f:
            data = json.load(f)
        for key, text in data.items():
            if key in words:
                raise KayalibError(f"{lang}: key {key!r} is in both {origin[key]} and {path.name}")
            words[str(key)] = str(text)
            origin[key] = path.name
    return words


@cache
def languages() -> dict[str, str]:
    """``code -> own name`` for every catalogue folder, English first."""
    codes = sorted(p.name for p in HERE.iterdir() if (p / "language.json").is_file())
    codes.sort(key=lambda c: c != DEFAULT_LANGUAGE)
    return {
        c: json.loads((HERE / c / "language.json").read_text("utf-8"))["_language"] for c in codes
    }


@cache
def plural_forms(lang: str) -> tuple[str, ...]:
    """The plural categories of ``lang`` that need a text of their own (Babel's CLDR rule),
    in :data:`PLURAL_FORMS` order: ``('one',)`` in English, ``()`` in Indonesian.

    >>> plural_forms("pl"), plural_forms("en"), plural_forms("id")
    (('one', 'few', 'many'), ('one',), ())
    """
    from babel import Locale

    tags = Locale.parse(lang).plural_form.tags
    return tuple(form for form in PLURAL_FORMS if form in tags)


def plural_base(key: str) -> str | None:
    """The counted key that ``key`` is a plural form of (``lesson_n_cards_few`` ->
    ``lesson_n_cards``), or ``None``."""
    head, _, form = key.rpartition("_")
    return head if head and form in PLURAL_FORMS else None


def source_keys(english: dict[str, str], lang: str) -> dict[str, str]:
    """``key -> English key`` for every key that ``lang``'s catalogue must have, given the English
    catalogue: each counted phrase (an English ``key`` beside a ``key_one``; ``kaya_tie_rule_many``
    beside no ``kaya_tie_rule_one`` is a key of its own) needs ``key`` and
    one ``key_<form>`` per plural form of ``lang``, translated from the English ``key_one`` for
    ``one`` and from ``key`` for every other form.

    >>> english = {"cards": "{n} cards", "cards_one": "{n} card", "hi": "Hello"}
    >>> sorted(source_keys(english, "pl").items())  # doctest: +NORMALIZE_WHITESPACE
    [('cards', 'cards'), ('cards_few', 'cards'), ('cards_many', 'cards'),
     ('cards_one', 'cards_one'), ('hi', 'hi')]
    >>> sorted(source_keys(english, "id"))
    ['cards', 'hi']
    """
    counted = {key[: -len("_one")] for key in english if key.endswith("_one")}
    counted &= set(english)
    wanted: dict[str, str] = {}
    for key in english:
        if plural_base(key) not in counted:
            wanted[key] = key
    for base in counted:
        for form in plural_forms(lang):
            specific = f"{base}_{form}"
            wanted[specific] = specific if specific in english else base
    return wanted


def _school_rounding() -> decimal.Context:
    return decimal.Context(rounding=decimal.ROUND_HALF_UP, prec=60)


def _minus(text: str) -> str:
    return MINUS + text[1:] if text.startswith("-") else text


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a catalogue text expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class Translator:
    """Looks words up in one language, falling back to English for a missing key."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang
        self.words = load_catalogue(lang)
        self.fallback = load_catalogue(DEFAULT_LANGUAGE)

    def __call__(self, key: str, **values: object) -> str:
        text = self.words.get(key)
        if text is None:
            text = self.fallback.get(key, key)
        return text.format(**values) if values else text

    def count(self, key: str, count: float, **values: object) -> str:
        """The text of ``key`` for ``count`` things: ``key_<form>`` for the plural category that
        this language's rule (Babel's CLDR data) gives ``count`` (``one``, ``few``, ``many``...)
        when the catalogue has that form, else ``key``.

        >>> en, pl = Translator("en"), Translator("pl")
        >>> en.count("cards_count", 1, n=1), en.count("cards_count", 3, n=3)
        ('1 card', '3 cards')
        >>> [pl.count("lesson_n_cards", n, n=n) for n in (1, 2, 5, 12, 22)]
        ['1 karta', '2 karty', '5 kart', '12 kart', '22 karty']
        """
        from babel import Locale

        form = Locale.parse(self.lang).plural_form(count)
        specific = f"{key}_{form}"
        return self(specific if specific in self.words else key, **values)

    def has(self, key: str) -> bool:
        """Whether ``key`` is in the catalogue (in this language or the fallback)."""
        return key in self.words or key in self.fallback

    def number(self, value: float, digits: int = 2, *, trim: bool = False) -> str:
        """``value`` with ``digits`` decimals, in this language's way (``0,25`` in pl and id).

        ``trim=True`` drops trailing zeros (``digits`` is then the most decimals shown).
        """
        from babel.numbers import format_decimal

        decimals = ("#" if trim else "0") * digits
        pattern = "#,##0" + (f".{decimals}" if digits > 0 else "")
        with decimal.localcontext(_school_rounding()):
            text = format_decimal(value, format=pattern, locale=self.lang)
        return _minus(text)

    def percent(self, value: float, digits: int = 1) -> str:
        """A probability as a percentage with ``digits`` decimals (``77,8%`` in pl and id)."""
        from babel.numbers import format_percent

        pattern = "#,##0" + (f".{'0' * digits}" if digits > 0 else "") + "%"
        with decimal.localcontext(_school_rounding()):
            text = format_percent(value, format=pattern, locale=self.lang)
        return _minus(text)
