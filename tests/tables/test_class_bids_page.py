"""Lesson 08's part "your class's bids" in class mode, against a real class service on loopback:
a student plays a whole Blef game at a class table with bots, and the page (run in this
process as Voila runs it, with the environment the class server gives its kernels) counts the
student's own bids, never the bots' and never the sample class's."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from kayalib.blef.bluff_rate import class_count
from kayalib.i18n import Translator
from kayalib.pages.classroom import AUTHOR_ENV, URL_ENV, class_data
from kayalib.pages.kernel import SECRET_ENV
from kayalib.registry import game
from kayalib.stats import BetaPosterior
from tests.tables.served import TablesThread

pytestmark = [pytest.mark.voila]


def in_class_mode(tables: TablesThread, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(URL_ENV, tables.url)  # what the class server tells its kernels
    monkeypatch.setenv(SECRET_ENV, tables.secret)
    monkeypatch.setenv(AUTHOR_ENV, "browser-pseudonym")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)


def play_a_game(tables: TablesThread, seed: int = 5) -> None:
    """One student (random legal moves) against two odds bots, to the end of the game."""
    code = tables.call(lambda s: s.create_table("blef", people=1, bots=["odds", "bayes"],
                                                seed=seed).code)  # fmt: skip
    key = tables.call(lambda s: s.join(code, "ada"))
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state: dict[str, Any] = tables.call(lambda s: {
            "over": s.tables[code].table.is_over,
            "mine": s.tables[code].table.state.current_player == 0,
            "update": s.update_for(key)})  # fmt: skip
        if state["over"]:
            return
        if state["mine"]:
            view = game("blef").view.from_json(state["update"]["view"])
            action = str(rng.choice(view.legal_actions()))
            version = state["update"]["version"]
            try:
                tables.call(lambda s, v=version, a=action: s.act(key, v, a))
            except ValueError:  # a bot moved in between: look again
                pass
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def page_text(lang: str) -> str:
    from tests.lessons.test_class_bluff import page_text as text

    return text(lang)


def test_the_page_counts_the_classs_own_bids_and_never_the_sample(
    tables: TablesThread, monkeypatch: pytest.MonkeyPatch
) -> None:  # fmt: skip
    in_class_mode(tables, monkeypatch)
    play_a_game(tables)
    data = class_data("play")
    assert data["games"] and data["games"][0]["people"] == [0]
    count = class_count(data)
    every_bid = sum(len(g["bids"]) for g in data["games"])
    assert 0 < count.bids < every_bid  # the bots' bids are not the class's
    text = page_text("en")
    t = Translator("en")
    assert "sample" not in text.lower()
    assert t("l08.ct_class_class") in text
    assert "These are your class's own bids" in text
    post = BetaPosterior.of(count.bluffs, count.bids)
    low, high = post.interval()
    for value in (post.mean, low, high):
        assert t.percent(value) in text
    assert t.count("l08.n_bids", count.bids, n=t.number(count.bids, 0)) in text
    pl = page_text("pl")
    assert "przykładow" not in pl.lower() and Translator("pl")("l08.ct_class_class") in pl


def test_a_class_without_an_ended_round_says_so_and_labels_the_bots(
    tables: TablesThread, monkeypatch: pytest.MonkeyPatch
) -> None:  # fmt: skip
    in_class_mode(tables, monkeypatch)
    assert class_data("play") == {"definition": {"bluff_below": "1/2"}, "games": []}
    text = page_text("en")
    assert "Your class has no ended round yet" in text
    assert "bots , not people" in text  # "played by **bots**, not people"
    assert Translator("en")("l08.ct_class_sample") in text
