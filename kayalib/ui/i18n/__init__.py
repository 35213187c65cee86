"""The apps' words, one JSON catalogue per language: ``kayalib/ui/i18n/<code>.json``.

To add a language, copy ``en.json`` to ``<code>.json`` (an ISO 639-1 code such as ``de``),
translate every value (keep the ``{placeholders}`` as they are, and set ``_language`` to the
language's own name), and the apps offer it in their language dropdown at the next start.
``tests/ui/test_i18n.py`` checks that every key and placeholder exists in every language.
The games' own words ("Aku paling kaya!", "sprawdzam") stay as they are in every language.

>>> t = Translator("pl")
>>> t("new_game")
'Nowa gra'
>>> Translator("id")("seat_name", n=2)
'Pemain 2'
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path

from kayalib.errors import KayalibError

HERE = Path(__file__).parent
DEFAULT_LANGUAGE = "en"


class UnknownLanguageError(KayalibError):
    """A language code with no catalogue file."""


@cache
def load_catalogue(lang: str) -> dict[str, str]:
    """The ``key -> text`` mapping of one language (read once, then cached)."""
    path = HERE / f"{lang}.json"
    if not lang.isidentifier() or not path.is_file():
        raise UnknownLanguageError(
            f"no catalogue for language {lang!r}; have {', '.join(languages())}"
        )
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    return {str(k): str(v) for k, v in data.items()}


def languages() -> dict[str, str]:
    """``code -> own name`` for every catalogue file, English first."""
    codes = sorted(p.stem for p in HERE.glob("*.json"))
    codes.sort(key=lambda c: c != DEFAULT_LANGUAGE)
    return {
        c: json.loads((HERE / f"{c}.json").read_text("utf-8")).get("_language", c) for c in codes
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

    def has(self, key: str) -> bool:
        """Whether ``key`` is in the catalogue (in this language or the fallback)."""
        return key in self.words or key in self.fallback
