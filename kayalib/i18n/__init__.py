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
Polish), through :meth:`Translator.number` and :meth:`Translator.percent` (Babel's CLDR data).

>>> t = Translator("pl")
>>> t("new_game")
'Nowa gra'
>>> Translator("id")("seat_name", n=2)
'Pemain 2'
>>> t.percent(0.778), Translator("en").percent(0.778), t.number(0.25134, 4)
('77,8%', '77.8%', '0,2513')
"""

from __future__ import annotations

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
    "languages",
    "load_catalogue",
    "placeholders",
]


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

    def count(self, key: str, count: int, **values: object) -> str:
        """The text of ``key`` for ``count`` things: ``key_one`` where this language's plural
        rule (Babel's) says *one* and the catalogue has that form, else ``key``.

        >>> en = Translator("en")
        >>> en.count("cards_count", 1, n=1), en.count("cards_count", 3, n=3)
        ('1 card', '3 cards')
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
        return format_decimal(value, format=pattern, locale=self.lang)

    def percent(self, value: float, digits: int = 1) -> str:
        """A probability as a percentage with ``digits`` decimals (``77,8%`` in pl and id)."""
        from babel.numbers import format_percent

        pattern = "#,##0" + (f".{'0' * digits}" if digits > 0 else "") + "%"
        return format_percent(value, format=pattern, locale=self.lang)
