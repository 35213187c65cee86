"""No English reaches a Polish or Indonesian page from the engine: every refusal the engine can
give has its words in every language, and the apps say each kind in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kayalib
from kayalib.blef import Bid
from kayalib.engine import turns
from kayalib.i18n import Translator, load_catalogue
from kayalib.registry import GAMES, game, make_bot
from kayalib.ui.blef_app import BlefApp
from kayalib.ui.kaya_app import KayaApp
from tests.ui.page import inner

ROOT = Path(kayalib.__file__).parent
LANGS = ("pl", "id")


def refusal_codes() -> set[str]:
    """Every refusal code written in the library as ``Refusal.of("code", ...)``, and every code
    the engines give for the example actions of each game along seeded random games."""
    codes: set[str] = set()
    for path in ROOT.rglob("*.py"):
        codes |= set(re.findall(r'Refusal\.of\(\s*"(\w+)"', path.read_text("utf-8")))
    for name in GAMES:
        spec = game(name)
        for seed in range(3):
            start = spec.state.new(spec.rules_for_players(3), seed)
            for step in turns(start, [make_bot(name, "random")] * 3):
                for text in spec.example_actions:
                    why = step.before.refusal(text)
                    if why is not None:
                        codes.add(why.code)
    return codes


def english_words_of(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}


def test_the_engine_has_refusals_and_the_catalogue_says_each() -> None:
    codes = refusal_codes()
    assert {"not_your_turn", "not_higher", "must_play", "game_over", "nothing_to_undo"} <= codes
    english = load_catalogue("en")
    for lang in LANGS:
        catalogue = load_catalogue(lang)
        for code in codes:
            key = f"refusal_{code}"
            assert key in catalogue, (lang, key)
            assert catalogue[key] != english[key], (lang, key)


def banner(app) -> str:
    return re.sub(r"<[^>]+>", " ", inner(app, "kaya-error"))


def assert_no_engine_english(app, lang: str) -> None:
    text = banner(app)
    assert text.strip(), "the refusal was not shown"
    for phrase in ("seat", "turn", "not higher", "must", "allowed", "game is over", "check"):
        assert phrase not in text.lower(), (lang, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [3, 4])
def test_blef_refusals_are_said_in_the_pages_language(lang: str, seed: int) -> None:
    app = BlefApp(seed=seed, delay=0, opponents=["odds"], lang=lang)
    t = Translator(lang)
    assert app.owner.state.current_player == 0  # the bots have played up to the person's turn
    if not app.owner.state.bids:
        app.guard(app.human_act)("check")  # the opening player must bid
        assert banner(app).strip() == "\u26a0 " + t("refusal_opening_must_bid")
    else:
        app.guard(app.human_act)(Bid.parse("high-card 9"))  # not higher than the last bid
        words = app.words()
        said = t("refusal_not_higher", action=words.bid_text(Bid.parse("high-card 9")),
                 last=words.bid_text(app.owner.state.last_bid))  # fmt: skip
        assert banner(app).strip() == "\u26a0 " + said
    assert_no_engine_english(app, lang)
    app.guard(app.act)(app.owner.state.legal_actions()[0], 1)  # a seat that is not the person's
    assert banner(app).strip() == "\u26a0 " + t("refusal_not_a_person", seat="1")
    assert_no_engine_english(app, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_kaya_refusals_are_said_in_the_pages_language(lang: str) -> None:
    app = KayaApp(seed=4, delay=0, opponents=["random"], lang=lang)
    t, state = Translator(lang), app.owner.state
    assert state.current_player == 0 and state.phase == "play"  # the bot waits for the person
    app.guard(app.act)("pass", 0)  # nothing to pass: a card must be played
    assert banner(app).strip() == "\u26a0 " + t("refusal_must_play", seat=app.seat_name(0))
    assert_no_engine_english(app, lang)
    app.guard(app.act)(state.legal_actions()[0], 1)  # the bot's seat
    assert banner(app).strip() == "\u26a0 " + t("refusal_not_a_person", seat="1")
    assert_no_engine_english(app, lang)
    app.shell.undo_button.click()  # nothing to undo at the start
    assert banner(app).strip() == "\u26a0 " + t("refusal_nothing_to_undo")
    assert_no_engine_english(app, lang)
    assert app.owner.state is state  # every refusal left the game as it was
