"""A lesson's locked prediction reaches the class store through the class service's route,
as a page's kernel sends it under ``make class`` (the environment the server gives its
kernels), and nothing is sent outside class mode."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kayalib.lessons.kit.predict import Prediction
from kayalib.pages.classroom import AUTHOR_ENV, URL_ENV, class_data
from kayalib.pages.kernel import SECRET_ENV
from kayalib.server.table_alone import TablesThread

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
