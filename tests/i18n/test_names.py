"""Bot names are names in every language: the odds bot is *odds* everywhere (in Indonesian and
Polish the word for "chance" collided with every sentence about chances), Polish names that are
ordinary words are quoted so they read as names after "z botem" or "przeciw botowi", and none
of the phrases the review found survives anywhere in the catalogue."""

from __future__ import annotations

import pytest

from kayalib.i18n import Translator, languages
from kayalib.words.rates import bot_label

WRONG = {
    "id": ("untuk peluang peluangnya", "bot peluang", "*peluang*", "berakhir dengan tantangan",
           "(periksa)", "**kebijakan**-nya", "undian diulang", "ronde (undian)"),
    "pl": ("przeciw szanse", "szanse wygrał", "z botem losowy", "*szanse*", "na para K",
           "szansa na {bid}", "{misses} chybia", "punktów procentowych", "pkt. proc."),
}


@pytest.mark.parametrize("lang", list(languages()))
def test_the_odds_bot_is_called_odds(lang: str) -> None:
    t = Translator(lang)
    assert bot_label(t, "odds") == "odds" and t("bot_odds").endswith("odds")


def test_polish_names_that_are_words_are_quoted() -> None:
    t = Translator("pl")
    for name in ("random", "honest", "believer", "bluffer 30%", "counter"):
        label = bot_label(t, name)
        assert label.startswith("„") and label.endswith("”"), label


@pytest.mark.parametrize("lang", ["id", "pl"])
def test_no_phrase_the_review_found_is_left(lang: str) -> None:
    words = Translator(lang).words
    found = [(key, bad) for key, text in words.items() if isinstance(text, str)
             for bad in WRONG[lang] if bad in text]  # fmt: skip
    assert found == []
