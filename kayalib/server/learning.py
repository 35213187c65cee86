"""What the class learned, per lesson: the figures of the dashboard's "before and after" and of
the teacher's page across lessons, computed from the class store's entries when it is drawn.

For each lesson that has predictions or exit-ticket answers (kind ``exit``, as
:func:`kayalib.pages.classroom.share_exit` sends them):

* the share of right first answers per exit question, with its 95% Wilson interval;
* how far the opening prediction's guesses were from the true value
  (:func:`kayalib.stats.answer_error`: a number's distance relative to the truth), their median
  and its distribution-free 95% interval (:func:`kayalib.stats.median_interval`), once the teacher
  has revealed the prediction (before that, the class is still to discuss it);
* for students who did both, the paired change from the first guess's error to the exit answer's
  (negative: closer), the median change and its interval, or for a question of choices the
  students who moved from wrong to right and back, with the exact sign test (McNemar's);
* what that can and cannot say, in words: no control group, and how wide a small class's
  interval is.

No nickname is in these figures: a pair is matched by the store's pseudonymous ``author``, and
the picture draws one unlabelled line per student.

>>> from kayalib.i18n import Translator
>>> from kayalib.server.store import Entry
>>> guess = Entry("prediction", "05", "decide", "m1", "", {"value": "1/2", "exact": "1/4"}, 0)
>>> answer = Entry("exit", "05", "exit_1", "m1", "", {"value": "1/4", "right": True,
...                "truth": "1/4", "opening": "decide"}, 0)
>>> (lesson,) = lesson_figures(Translator("en"), [guess], [answer], {("05", "decide")})
>>> lesson["questions"][0]["right"], lesson["pairs"]["changes"]
(1, [-1.0])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from kayalib.draw.class_charts import paired_svg
from kayalib.errors import ArgumentError
from kayalib.i18n import Translator
from kayalib.server.store import Entry
from kayalib.stats import answer_error, binomial_test, median_interval, wilson_interval

__all__ = ["ANSWER_FIELDS", "MIN_PAIRS", "SAMPLE_FILE", "Pair", "across_lessons", "answer_rows",
           "lesson_figures", "pairs_of", "sample_class"]  # fmt: skip

SAMPLE_FILE = Path(__file__).with_name("sample_learning.json")
"""The shipped sample class: made-up students (:mod:`kayalib.teachers.sample_learning`)."""

MIN_PAIRS = 6
"""The fewest pairs with a 95% interval for their median (:func:`kayalib.stats.median_interval`)."""

#: the most characters of an answer read (as the dashboard reads predictions)
ANSWER_CHARS = 40


@dataclass(frozen=True)
class Pair:
    """One student's opening guess and exit answer, each as its distance from its own truth."""

    author: str
    before: Fraction
    after: Fraction
    choice: bool

    @property
    def change(self) -> Fraction:
        return self.after - self.before


def _answer(text: object) -> Fraction | str | None:
    """An answer as the pages send it: a fraction's text, or a choice's value."""
    if not isinstance(text, str) or not 0 < len(text) <= ANSWER_CHARS:
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return text


def _error(value: object, truth: object) -> Fraction | None:
    answer, true = _answer(value), _answer(truth)
    if answer is None or true is None:
        return None
    try:
        return answer_error(answer, true)
    except ArgumentError:  # a number against a choice, or a truth of 0
        return None


def pairs_of(predictions: Sequence[Entry], exits: Sequence[Entry]) -> list[Pair]:
    """Every student's (``author``'s) opening guess and first answer to the exit question that
    asks it again, both readable against their truths."""
    guesses = {(e.lesson, e.name, e.author): e for e in predictions}
    found = []
    for answer in exits:
        opening = answer.value.get("opening")
        guess = guesses.get((answer.lesson, str(opening), answer.author))
        if guess is None:
            continue
        before = _error(guess.value.get("value"), guess.value.get("exact"))
        after = _error(answer.value.get("value"), answer.value.get("truth"))
        if before is not None and after is not None:
            choice = isinstance(_answer(guess.value.get("exact")), str)
            found.append(Pair(answer.author, before, after, choice))
    return found


def _percent(t: Translator, share: float) -> str:
    return t.percent(share, 0)


def question_figure(t: Translator, name: str, answers: Sequence[Entry]) -> dict[str, Any]:
    """The share of right first answers to one exit question, with its 95% interval."""
    n = len(answers)
    right = sum(1 for e in answers if e.value.get("right") is True)
    low, high = wilson_interval(right, n)
    text = t.count("dash_exit_right", n, right=right, n=n, share=_percent(t, right / n),
                   low=_percent(t, low), high=_percent(t, high))  # fmt: skip
    return {"name": name, "right": right, "n": n, "low": low, "high": high, "text": text}


def distance_figure(t: Translator, name: str, guesses: Sequence[Entry]) -> dict[str, Any] | None:
    """How far the opening prediction's guesses were from the truth: their median relative
    distance and its 95% interval (numbers), or the share that chose right (choices)."""
    errors = [e for g in guesses if (e := _error(g.value.get("value"),
                                                 g.value.get("exact"))) is not None]  # fmt: skip
    if not errors:
        return None
    n = len(errors)
    if isinstance(_answer(guesses[0].value.get("exact")), str):
        right = sum(1 for e in errors if e == 0)
        low, high = wilson_interval(right, n)
        text = t.count("dash_guess_right", n, right=right, n=n, share=_percent(t, right / n),
                       low=_percent(t, low), high=_percent(t, high))  # fmt: skip
        return {"name": name, "n": n, "text": text}
    ordered = sorted(float(e) for e in errors)
    middle = _median(ordered)
    interval = median_interval(ordered)
    if interval is None:
        text = t.count("dash_guess_distance_no_interval", n, n=n, median=_percent(t, middle),
                       least=MIN_PAIRS)  # fmt: skip
    else:
        text = t.count("dash_guess_distance", n, n=n, median=_percent(t, middle),
                       low=_percent(t, interval[0]), high=_percent(t, interval[1]))  # fmt: skip
    return {"name": name, "n": n, "median": middle, "interval": interval, "text": text}


def _median(ordered: Sequence[float]) -> float:
    n = len(ordered)
    return (ordered[(n - 1) // 2] + ordered[n // 2]) / 2


def pairs_figure(t: Translator, pairs: Sequence[Pair]) -> dict[str, Any]:
    """The paired before and after: the median change and its interval (numbers), or the moves
    between wrong and right with the exact sign test (choices); and what that can say."""
    n = len(pairs)
    changes = [float(p.change) for p in pairs]
    figure: dict[str, Any] = {"n": n, "changes": changes}
    if n == 0:
        figure["text"], figure["verdict"], figure["svg"] = t("dash_pairs_none"), "", ""
        return figure
    if pairs[0].choice:
        better = sum(1 for p in pairs if p.before > 0 and p.after == 0)
        worse = sum(1 for p in pairs if p.before == 0 and p.after > 0)
        p_value = binomial_test(better, better + worse)
        figure.update(better=better, worse=worse, p=p_value)
        figure["text"] = t.count("dash_pairs_choices", n, n=n, better=better, worse=worse)
        verdict = ("dash_verdict_none" if better + worse == 0 else
                   "dash_verdict_unclear" if p_value >= 0.05 else
                   "dash_verdict_better" if better > worse else "dash_verdict_worse")  # fmt: skip
        figure["verdict"] = t(verdict, p=t.number(p_value, 3))
    else:
        ordered = sorted(changes)
        middle = _median(ordered)
        interval = median_interval(ordered)
        figure.update(median=middle, interval=interval)
        if interval is None:
            figure["text"] = t.count("dash_pairs_no_interval", n, n=n, median=_signed(t, middle),
                                     least=MIN_PAIRS)  # fmt: skip
            figure["verdict"] = t("dash_verdict_too_few", least=MIN_PAIRS)
        else:
            low, high = interval
            figure["text"] = t.count("dash_pairs_change", n, n=n, median=_signed(t, middle),
                                     low=_signed(t, low), high=_signed(t, high))  # fmt: skip
            verdict = ("dash_verdict_closer" if high < 0 else "dash_verdict_further"
                       if low > 0 else "dash_verdict_holds_zero")  # fmt: skip
            figure["verdict"] = t(verdict)
    figure["svg"] = paired_svg([(float(p.before), float(p.after)) for p in pairs],
                               title=figure["text"], before_label=t("dash_pairs_before"),
                               after_label=t("dash_pairs_after"))  # fmt: skip
    return figure


def _range(t: Translator, middle: float, interval: Sequence[float] | None,
           say: Callable[[Translator, float], str]) -> str:
    """``middle (low–high)``, or ``middle`` alone when there is no interval."""
    if interval is None:
        return say(t, middle)
    return t("dash_across_range", value=say(t, middle), low=say(t, interval[0]),
             high=say(t, interval[1]))  # fmt: skip


def across_lessons(t: Translator, lessons: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The teacher's page across lessons: one row per lesson in order, short figures (the
    guesses' median distance, each exit question's share right, the median change), and the
    exit questions that fewer than half got right by their whole 95% interval (``weak``: an
    idea that may need another lesson; a share whose interval holds one half is not flagged)."""
    rows = []
    for lesson in lessons:
        distance, pairs = lesson["distance"], lesson["pairs"] or {}
        shares = [{"name": q["name"], "weak": q["high"] < 0.5,
                   "text": t("dash_across_share", name=q["name"], right=q["right"], n=q["n"],
                             range=_range(t, q["right"] / q["n"], (q["low"], q["high"]),
                                          _percent))}
                  for q in lesson["questions"]]  # fmt: skip
        rows.append({
            "lesson": lesson["lesson"], "title": lesson["title"],
            "distance": "" if distance is None or "median" not in distance else
            _range(t, distance["median"], distance["interval"], _percent),
            "change": "" if "median" not in pairs else
            _range(t, pairs["median"], pairs["interval"], _signed),
            "pairs": pairs.get("n", 0), "shares": shares,
            "weak": [share["name"] for share in shares if share["weak"]],
        })  # fmt: skip
    return rows


def _signed(t: Translator, change: float) -> str:
    """A change of distance in percentage points of the truth, signed: −12%, +5%, 0%."""
    text = _percent(t, abs(change))
    return text if change == 0 else ("\u2212" if change < 0 else "+") + text


def lesson_figures(t: Translator, predictions: Sequence[Entry], exits: Sequence[Entry],
                   revealed: set[tuple[str, str]]) -> list[dict[str, Any]]:  # fmt: skip
    """Per lesson, in order: its exit questions' shares, its opening prediction's distance and
    the paired before and after (those two once the prediction is revealed), and the caveats."""
    lessons = sorted({e.lesson for e in exits} | {e.lesson for e in predictions})
    found = []
    for lesson in lessons:
        answers = [e for e in exits if e.lesson == lesson]
        names = sorted({e.name for e in answers})
        questions = [question_figure(t, name, [e for e in answers if e.name == name])
                     for name in names]  # fmt: skip
        openings = sorted({str(e.value.get("opening")) for e in answers
                           if e.value.get("opening") is not None})  # fmt: skip
        opening = openings[0] if openings else None
        shown = opening is not None and (lesson, opening) in revealed
        guesses = [e for e in predictions if e.lesson == lesson and e.name == opening]
        distance = distance_figure(t, opening, guesses) if shown and opening else None
        pairs = pairs_of(guesses, answers) if shown else []
        paired = pairs_figure(t, pairs) if opening is not None else None
        if paired is not None and not shown:
            paired = {"n": 0, "changes": [], "text": t("dash_pairs_hidden"), "verdict": "",
                      "svg": ""}  # fmt: skip
        found.append({
            "lesson": lesson, "title": t(f"l{lesson}.title") if t.has(f"l{lesson}.title") else "",
            "opening": opening, "revealed": shown, "questions": questions,
            "distance": distance, "pairs": paired,
            "caveats": [t("dash_caveat_no_control"), t("dash_caveat_small")],
        })  # fmt: skip
    return found


ANSWER_FIELDS = ("kind", "lesson", "name", "student", "nickname", "value", "truth", "right",
                 "distance", "opening")  # fmt: skip
"""The columns of the answers' exports, in order."""


def answer_rows(predictions: Sequence[Entry], exits: Sequence[Entry],
                revealed: set[tuple[str, str]], *,
                anonymous: bool) -> list[dict[str, Any]]:  # fmt: skip
    """Every prediction and exit-ticket answer as the dashboard counts it, one row each:
    ``student`` the store's pseudonym (it pairs a student's rows), ``nickname`` empty when the
    class is ``anonymous``; a prediction's ``truth`` and ``distance`` only once it is revealed
    (as on the dashboard); ``distance`` the answer's distance from the truth
    (:func:`kayalib.stats.answer_error`, as a fraction's text), empty when it has none."""
    rows = []
    for entry in (*predictions, *exits):
        is_exit = entry.kind == "exit"
        truth = entry.value.get("truth" if is_exit else "exact")
        if not is_exit and (entry.lesson, entry.name) not in revealed:
            truth = None
        distance = _error(entry.value.get("value"), truth)
        opening = entry.value.get("opening") if is_exit else None
        rows.append({
            "kind": entry.kind, "lesson": entry.lesson, "name": entry.name,
            "student": entry.author, "nickname": "" if anonymous else entry.nickname,
            "value": _text(entry.value.get("value")), "truth": _text(truth),
            "right": entry.value.get("right") is True if is_exit else None,
            "distance": None if distance is None else str(distance),
            "opening": _text(opening),
        })  # fmt: skip
    return rows


def _text(value: object) -> str | None:
    return None if value is None else str(value)[:ANSWER_CHARS]


@cache
def sample_class() -> tuple[tuple[Entry, ...], tuple[Entry, ...], frozenset[tuple[str, str]]]:
    """The shipped sample class: its predictions, its exit-ticket answers and what is revealed
    (every opening prediction). The dashboard shows it only when asked, and says so."""
    data = json.loads(SAMPLE_FILE.read_text("utf-8"))
    entries = [Entry(e["kind"], e["lesson"], e["name"], e["author"], "", e["value"], 0.0)
               for e in data["entries"]]  # fmt: skip
    return (tuple(e for e in entries if e.kind == "prediction"),
            tuple(e for e in entries if e.kind == "exit"),
            frozenset((lesson, name) for lesson, name in data["revealed"]))  # fmt: skip
