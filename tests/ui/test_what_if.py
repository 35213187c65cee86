"""The Blef "what if" table: lesson 08's real-table question answered against `infer` directly,
bids added only above the last one, each model's posterior, and fields that cannot be read said
in the page's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

from kayalib.blef.bids import Bid
from kayalib.blef.game import BlefRules, BlefState
from kayalib.blef.inference import OpponentModel, infer
from kayalib.i18n import Translator
from kayalib.ui.blef_hint import MODELS
from kayalib.ui.tree import to_html
from kayalib.ui.what_if import WhatIf
from tests.ui.page import choose, inner, part, shown, words

ROW = re.compile(
    r'<tr(?: class="kaya-bar-mark")?><th scope="row">(?:\u2605 )?([^<]*)</th>'
    r'.*?kaya-bar-value">([^<]*)</td>.*?kaya-hint-after">([^<]*)</td></tr>'
)


def table(page: WhatIf) -> dict[str, tuple[str, str]]:
    return {unescape(label): (before, after) for label, before, after in
            ROW.findall(inner(page, "kaya-hint"))}  # fmt: skip


def direct(model: str, bluff: float, others: str = "QD QC") -> object:
    """Lesson 08's position dealt for real (the other hand as given), seen by you, and `infer`."""
    state = BlefState.from_position(BlefRules(players=2), ["AS KH", others], starter=1)
    view = state.apply("high-card K").view(0)
    return infer(view, OpponentModel.named(model, bluff), samples=3_000, exact_limit=1_000_000)


@pytest.mark.parametrize("model", MODELS)
def test_lesson_08s_question_reads_as_infer_says_whatever_the_others_hold(model: str) -> None:
    page = WhatIf(lang="en")
    page.hint_panel.model.value = model
    t, pair_a = Translator("en"), Bid.parse("pair A")
    shown = table(page)["pair A"]
    for others in ("QD QC", "9S TD"):  # the reckoning cannot see the others' cards
        result = direct(model, page.hint_panel.bluff.value, others)
        expected = (t.percent(float(result.prior[pair_a.index])),
                    t.percent(float(result.true[pair_a.index])))  # fmt: skip
        assert shown == expected


def test_the_models_read_the_same_bid_differently() -> None:
    page = WhatIf(lang="en")
    seen = set()
    for model in ("odds", "random"):
        page.hint_panel.model.value = model
        seen.add(table(page)["pair K"][1])
    assert len(seen) == 2  # odds learns from "high card K", random learns nothing
    assert table(page)["pair K"][0] == table(page)["pair K"][1]


def test_bids_are_added_only_above_the_last_one_and_taken_back() -> None:
    page = WhatIf(lang="en")
    offered = [b for _, b in page.picker.param.options]
    assert all(isinstance(b, Bid) and b.index > Bid.parse("high-card K").index for b in offered)
    assert "high-card K" not in [str(b) for b in page.picker.param.options]
    page.picker.choose(Bid.parse("pair A"))
    page.add_bid.click()
    assert page.heard_bids == [(1, "high-card K"), (0, "pair A")]
    assert "Player 1 (you): pair A" in inner(page, "kaya-whatif-heard")
    assert min(b.index for _, b in page.picker.param.options) > Bid.parse("pair A").index
    page.remove_bid.click()
    page.remove_bid.click()
    assert page.heard_bids == [] and page.remove_bid.disabled
    assert "No bid heard yet" in inner(page, "kaya-whatif-heard")
    assert table(page)["high card 9"][0] == table(page)["high card 9"][1]


def test_more_players_and_who_opens() -> None:
    page = WhatIf(lang="en")
    page.counts.value = "2, 3"
    assert [label for label, _ in page.starter.options] == [
        "Player 1 (you)", "Player 2", "Player 3"]  # fmt: skip
    page.starter.value = 2
    assert page.heard_bids == [(2, "high-card K")]
    assert page.view().counts == (2, 2, 3)
    assert "(7 cards in play)" in inner(page, "kaya-hint")


@pytest.mark.parametrize("lang", ["pl", "id"])
@pytest.mark.parametrize(("field", "text"), [("hand", "XX"), ("hand", ""), ("counts", "2, x"),
                                             ("counts", "0"), ("counts", "12, 12")])
def test_a_field_that_cannot_be_read_is_said_in_the_page_language(lang, field, text) -> None:
    page = WhatIf(lang=lang)
    choose(page, getattr(page, field), text)
    said = words(page, "kaya-error")
    assert said and shown(page, "kaya-error") and inner(page, "kaya-hint") == ""
    for english in ("not", "cards", "hand", "deck", "whole"):
        assert english not in said.replace(text, "")
    choose(page, getattr(page, field), {"hand": "AS KH", "counts": "2"}[field])
    assert not shown(page, "kaya-error") and "kaya-hint-after" in inner(page, "kaya-hint")


def test_the_page_follows_its_language_switch() -> None:
    page = WhatIf(lang="en")
    choose(page, page.lang, "pl")
    assert "Twoje karty" == page.hand.description
    assert "para A" in table(page)
    intro = to_html(part(page, "kaya-intro"))
    assert 'lang="pl"' in intro and "index.ipynb?lang=pl" in intro


@pytest.mark.parametrize(("lang", "href"), [("en", "what-if-blef.ipynb"),
                                            ("pl", "what-if-blef.ipynb?lang=pl")])
def test_the_play_apps_hint_links_to_the_what_if_table(lang: str, href: str) -> None:
    from kayalib.ui.blef_app import BlefApp

    app = BlefApp(seed=3, delay=0, opponents=["odds"], hint=True, lang=lang)
    assert f'href="{href}"' in inner(app, "kaya-hint")
    assert Translator(lang)("whatif_link") in unescape(inner(app, "kaya-hint"))
    app.shell.hint_toggle.value = False
    assert "what-if-blef" not in inner(app, "kaya-hint")
