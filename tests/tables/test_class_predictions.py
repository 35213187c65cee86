"""Every prediction and every simulation's estimate of every lesson reaches the teacher's
dashboard in class mode: each lesson page runs in this process as a pooled Voila kernel runs it
(the class server's environment, a real class service on loopback), a student locks in every
prediction and deals every simulation, and the dashboard's data then holds each one under its
lesson and name, a prediction's true value hidden until the teacher reveals it."""

from __future__ import annotations

from typing import Any

import pytest

from kayalib.i18n import Translator
from kayalib.lessons.kit.predict import Prediction
from kayalib.lessons.kit.simulator import DealSimulator
from kayalib.server.dashboard import overview
from tests.lessons.test_no_answer_leaks import NOTEBOOKS, built, open_exercises, run_page, solve
from tests.tables.served import TablesThread
from tests.tables.test_class_bids_page import in_class_mode

pytestmark = [pytest.mark.voila, pytest.mark.slow]

PAGES = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def lock_in_everything(lesson: Any) -> list[Prediction]:
    """Lock in every prediction (the first choice, or 1/2), open every simulation's gate and
    answer every exercise, until nothing new is built: the predictions locked, in page order."""
    locked: list[Prediction] = []
    while True:
        waiting = open_exercises(lesson)
        if waiting:
            solve(waiting[0])
        changed = False
        for widget in built(lesson):
            if isinstance(widget, Prediction) and not widget.committed:
                options = getattr(widget.answer_box, "options", None)
                widget.answer_box.value = options[0][1] if options else "1/2"
                widget.commit()
                locked.append(widget)
                changed = True
            elif isinstance(widget, DealSimulator) and not widget.gate.opened:
                widget.deal(widget.reveal_at)  # a student's own deals, as many as it takes
                changed = True
            elif (not isinstance(widget, Prediction) and getattr(widget, "gate", None) is not None
                  and not widget.gate.opened and not hasattr(widget, "solution_button")):
                widget.gate.open()
                changed = True
        if not changed and not open_exercises(lesson):
            return locked


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name[:2])
def test_every_locked_prediction_reaches_the_dashboard(path, tables: TablesThread,
                                                       monkeypatch) -> None:  # fmt: skip
    in_class_mode(tables, monkeypatch)
    lesson = run_page(path, "lang=en", monkeypatch)
    locked = lock_in_everything(lesson)
    number = lesson.number
    names = [prediction.share_as for prediction in locked]
    assert len(names) == len(lesson.predictions)  # every prediction of the page was locked
    assert all(name is not None and name[0] == number for name in names)
    t = Translator("en")
    figures = tables.call(lambda s: overview(s, t)["figures"]["predictions"])
    arrived = {(figure["lesson"], figure["name"]): figure for figure in figures}
    for (lesson_number, name), prediction in zip(names, locked, strict=True):
        figure = arrived[lesson_number, name]
        assert figure["count"] == 1 and not figure["revealed"] and figure["truth"] == ""
        if prediction.exact is not None or prediction.answer is not None:  # the teacher
            # reveals: the page's own true value, or its right choice
            tables.call(lambda s, n=name, k=lesson_number: s.store.reveal(s.class_id, k, n))
            shown = next(f for f in tables.call(lambda s: overview(s, t)["figures"][
                "predictions"]) if (f["lesson"], f["name"]) == (lesson_number, name))  # fmt: skip
            assert shown["revealed"] and shown["truth"]
    simulators = [w for w in built(lesson) if isinstance(w, DealSimulator) and w.share_as]
    assert simulators or number not in ("03", "05", "06", "08")  # the pages that deal
    estimates = tables.call(lambda s: overview(s, t)["figures"]["estimates"])
    arrived_estimates = {(figure["lesson"], figure["name"]): figure for figure in estimates}
    for simulator in simulators:  # every simulation's estimate and interval, with its truth
        figure = arrived_estimates[simulator.share_as]
        assert figure["count"] == 1 and figure["text"], simulator.share_as
