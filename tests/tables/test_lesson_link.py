"""A lesson's locked prediction reaches the class store through the class service's route,
as a page's kernel sends it under ``make class`` (the environment the server gives its
kernels), and nothing is sent outside class mode."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kayalib.lessons.kit.predict import Prediction
from kayalib.pages.classroom import AUTHOR_ENV, URL_ENV, class_data
from kayalib.pages.kernel import SECRET_ENV
from tests.tables.served import TablesThread

pytestmark = [pytest.mark.voila]


def test_a_locked_prediction_goes_to_the_class(tables: TablesThread, monkeypatch) -> None:
    monkeypatch.setenv(URL_ENV, tables.url)  # what the class server tells its kernels
    monkeypatch.setenv(SECRET_ENV, tables.secret)
    monkeypatch.setenv(AUTHOR_ENV, "browser-pseudonym")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    guess = Prediction("How likely?", exact=Fraction(445, 1771), lang="en", share_as=("03", "pair"))
    guess.answer_box.value = "1/3"
    guess.commit_button.click()
    guess.commit_button.click()  # once locked, nothing more is sent
    entries = tables.call(lambda s: s.store.entries(s.class_id, "prediction", "03", "pair"))
    assert [e.value for e in entries] == [{"value": "1/3", "exact": "445/1771"}]
    assert class_data("prediction", "03", "pair") == {"revealed": False, "count": 1}
    tables.call(lambda s: s.store.reveal(s.class_id, "03", "pair"))
    assert class_data("prediction", "03", "pair")["values"] == ["1/3"]


def test_outside_class_mode_nothing_is_sent(tables: TablesThread, monkeypatch) -> None:
    monkeypatch.delenv(URL_ENV, raising=False)
    guess = Prediction("How likely?", lang="en", share_as=("03", "pair"))
    guess.answer_box.value = "1/3"
    guess.commit_button.click()
    assert guess.value == Fraction(1, 3)
    assert tables.call(lambda s: s.store.entries(s.class_id, "prediction")) == []


def test_in_class_mode_a_lesson_reads_the_class_and_never_the_sample(
    tables: TablesThread, monkeypatch
) -> None:  # fmt: skip
    from kayalib.lessons.classdata import class_or_sample
    from kayalib.pages.classroom import share_show

    assert class_or_sample("show").sample  # outside class mode: the sample class of bots
    monkeypatch.setenv(URL_ENV, tables.url)
    monkeypatch.setenv(SECRET_ENV, tables.secret)
    monkeypatch.setenv(AUTHOR_ENV, "browser-pseudonym")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert share_show("05", 1, "palm") and share_show("05", 2, "back")
    shows = class_or_sample("show", "05")
    assert not shows.sample
    assert shows.data == {"shows": [{"round": 1, "gesture": "palm"},
                                    {"round": 2, "gesture": "back"}]}  # fmt: skip
    play = class_or_sample("play")  # a class without ended rounds yet: empty, not the sample
    assert not play.sample and play.data["games"] == []
