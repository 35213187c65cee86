"""Small words of the play apps: every label of the toolbar is the page's language's own (a
word left in English, such as "Seed", shows), and a Kaya colour is written the same way in
every sentence ("mengambil hijau 3", never "Hijau 3" beside "hijau 3")."""

from __future__ import annotations

import re

import pytest

from kayalib.i18n import Translator, load_catalogue
from kayalib.kaya.cards import Color
from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp
from kayalib.ui.tree import text as words_of
from kayalib.ui.tree import to_html
from tests.ui.page import part


@pytest.mark.parametrize("lang", ["pl", "id"])
@pytest.mark.parametrize("app_class", [BlefApp, KayaApp])
def test_no_toolbar_label_is_left_in_english(app_class, lang: str) -> None:
    app = app_class(seed=1, delay=0, lang=lang)
    english = app_class(seed=1, delay=0, lang="en")
    def labels(page: BlefApp | KayaApp) -> list[str]:  # every control of the toolbar but the
        bar = part(page, "kaya-toolbar")  # language switch and the seed's digits
        return [words_of(x) for x in bar[2:] if isinstance(x, list) and "kaya-lang" not in x[0]]

    pairs = [(mine, theirs) for mine, theirs in zip(labels(app), labels(english), strict=True)
             if theirs and not theirs.isdigit()]  # fmt: skip
    assert pairs and all(mine != theirs for mine, theirs in pairs), pairs


@pytest.mark.parametrize("lang", ["en", "pl", "id"])
def test_a_kaya_colour_is_written_one_way_in_every_sentence(lang: str) -> None:
    t = Translator(lang)
    names = [t(f"colour_{c.value}") for c in Color]
    assert all(name == name.lower() for name in names)  # as card_text writes a card
    catalogue = load_catalogue(lang)
    for key, text in catalogue.items():
        if not key.startswith(("kaya_log_", "kaya_act_")) or not isinstance(text, str):
            continue
        for name in names:
            for found in re.finditer(re.escape(name.capitalize()) + r" \d", text):
                at_start = found.start() == 0 or text[: found.start()].rstrip().endswith(
                    (".", ":", "!", "?", "“", "„"))  # fmt: skip
                assert at_start, (key, text)


@pytest.mark.parametrize("lang", ["pl", "id"])
@pytest.mark.parametrize("app_class", [BlefApp, KayaApp])
def test_a_face_down_card_is_named_in_the_pages_language(app_class, lang: str) -> None:
    """What a screen reader says of a card's back (its title) is the page's language's."""
    app = app_class(seed=3, delay=0, lang=lang)

    def page() -> str:
        return to_html(app.widget.tree)

    for _ in range(20):  # Aku Paling Kaya: until a card lies face down on the table
        if "kaya-card-back" in page():
            break
        app.human_act(app.screen().view.legal_actions()[0])
    shown = page()
    assert "kaya-card-back" in shown
    assert "face-down card" not in shown
    assert f"<title>{Translator(lang)('card_face_down')}</title>" in shown
