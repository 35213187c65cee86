"""Deal 1 / Deal 1000: a running Monte Carlo estimate beside the exact value."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from kayalib.draw.charts import line_chart_png, table_html
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.exercise import answer_text
from kayalib.lessons.language import Localized, Text, resolve
from kayalib.lessons.plots import Chart
from kayalib.lessons.stats import wilson_interval

__all__ = ["DealSimulator", "Trial"]

Trial = Callable[[random.Random], tuple[bool | float, Text]]
"""One random experiment: ``trial(rng) -> (event happened, words describing the deal)``; for a
mean (``measure="mean"``) the first item is the number measured."""


class DealSimulator(widgets.VBox, Localized):
    """Deal 1 and Deal 1000 buttons; the running estimate converges to the exact value.

    ``trial`` is called with the simulator's own ``random.Random(seed)``, so a re-run of the
    notebook deals the same cards. ``Reset`` starts again from the seed. With ``measure="mean"``
    each trial gives a number and the widget tracks the running mean (and the spread of the
    values) against the exact mean. ``verb`` is ``"deal"`` or ``"hold"`` (a gambreng draw).

    >>> coin = DealSimulator(lambda rng: (rng.random() < 0.5, "a toss"), Fraction(1, 2), seed=1,
    ...                      lang="en")
    >>> coin.deal_many_button.click(); coin.trials
    1000
    >>> abs(coin.estimate - 0.5) < 0.05
    True
    """

    def __init__(
        self,
        trial: Trial,
        exact: Fraction | float,
        *,
        event: Text = "",
        seed: int = 0,
        many: int = 1000,
        plot: bool = True,
        measure: str = "probability",
        verb: str = "deal",
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        if measure not in ("probability", "mean"):
            raise ValueError(f"measure must be 'probability' or 'mean', not {measure!r}")
        if verb not in ("deal", "hold"):
            raise ValueError(f"verb must be 'deal' or 'hold', not {verb!r}")
        self.init_language(lang)
        self.measure = measure
        self.verb = verb
        self.trial = trial
        self.exact = exact
        self.event = event
        self.seed = seed
        self.many = many
        self.plot = plot
        self.errors = ErrorBox()
        self.deal_one_button = widgets.Button(button_style="primary")
        self.deal_many_button = widgets.Button()
        self.reset_button = widgets.Button()
        self.deal_one_button.add_class("kayalib-deal-one")
        self.deal_many_button.add_class("kayalib-deal-many")
        self.last_deal = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = Chart()
        self.deal_one_button.on_click(guarded(self.errors)(lambda _: self.deal(1)))
        self.deal_many_button.on_click(guarded(self.errors)(lambda _: self.deal(self.many)))
        self.reset_button.on_click(guarded(self.errors)(lambda _: self.reset()))
        super().__init__(
            [
                widgets.HBox([self.deal_one_button, self.deal_many_button, self.reset_button]),
                self.last_deal,
                self.summary,
                self.chart,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-deal-simulator")
        self.reset()

    @property
    def trials(self) -> int:
        """How many deals so far."""
        return len(self._history)

    @property
    def hits(self) -> float:
        """How many of them had the event (for a mean: the sum of the values)."""
        return self._hits

    @property
    def estimate(self) -> float:
        """The running estimate hits / trials (0.0 before the first deal)."""
        return self._hits / self.trials if self.trials else 0.0

    @property
    def spread(self) -> float:
        """The standard deviation of the values so far (0.0 with fewer than two)."""
        n = self.trials
        if n < 2:
            return 0.0
        mean = self._hits / n
        return math.sqrt(max(0.0, (self._squares - n * mean * mean) / (n - 1)))

    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the estimate so far."""
        if self.measure == "probability":
            return wilson_interval(round(self._hits), self.trials)
        n = self.trials
        if n < 2:
            return -math.inf, math.inf
        half = 1.96 * self.spread / math.sqrt(n)
        return self.estimate - half, self.estimate + half

    def reset(self) -> None:
        """Forget every deal and restart the generator from the seed."""
        self.rng = random.Random(self.seed)
        self._history: list[float] = []
        self._hits: float = 0
        self._squares = 0.0
        self._last: tuple[int, float, Text] | None = None
        self.relabel()

    def deal(self, count: int) -> None:
        """Deal ``count`` more times and update the estimate."""
        description: Text = ""
        hit: float = 0.0
        for _ in range(count):
            outcome, description = self.trial(self.rng)
            hit = float(outcome) if self.measure == "mean" else float(bool(outcome))
            self._hits += hit
            self._squares += hit * hit
            self._history.append(self._hits / (len(self._history) + 1))
        self._last = (count, hit, description)
        self._show()

    def relabel(self) -> None:
        t = self.t
        verb = self.verb
        self.deal_one_button.description = t(f"lesson_{verb}_one")
        self.deal_many_button.description = t(f"lesson_{verb}_many", n=self.many)
        self.reset_button.description = t("lesson_reset")
        self._show()

    def _name(self) -> str:
        key = "lesson_p_of" if self.measure == "probability" else "lesson_mean_of"
        return self.t(key, event=resolve(self.event, self.t))

    def _show(self) -> None:
        t = self.t
        if self._last is None:
            key = "lesson_predict_how_often" if self.measure == "probability" else (
                "lesson_predict_mean")
            self.last_deal.value = f"<i>{escape(t(key))}</i>"
        else:
            count, hit, description = self._last
            words = escape(resolve(description, t))
            if count == 1:
                if self.measure == "probability":
                    verdict = t("lesson_yes") if hit else t("lesson_no")
                else:
                    verdict = t.number(hit, 0)
                self.last_deal.value = (
                    f"#{self.trials}: {words} \u2014 {escape(resolve(self.event, t))}: "
                    f"<b>{escape(verdict)}</b>"
                )
            else:
                self.last_deal.value = escape(t("lesson_last_of", n=count)) + " " + words
        exact = float(self.exact)
        exact_text = answer_text(self.exact, t)
        name = self._name()
        rows = []
        if self.trials:
            low, high = self.interval()
            estimate = t("lesson_estimate", hits=t.number(self._hits, 0),
                         n=t.number(self.trials, 0), p=t.number(self.estimate, 4))  # fmt: skip
            if math.isfinite(low):
                estimate += " " + t("lesson_interval_off", low=t.number(low, 3),
                                    high=t.number(high, 3),
                                    off=("+" if self.estimate >= exact else "\u2212")
                                    + t.number(abs(self.estimate - exact), 4))  # fmt: skip
            rows.append((t("lesson_simulated", name=name), estimate))
            if self.measure == "mean" and self.trials >= 2:
                rows.append((t("lesson_spread"), t.number(self.spread, 2)))
        else:
            rows.append((t("lesson_simulated", name=name), "\u2014"))
        rows.append((t("lesson_exact", name=name), f"<b>{escape(exact_text)}</b>"))
        self.summary.value = "<table>" + "".join(
            f"<tr><td>{escape(label)}</td><td>{value}</td></tr>" for label, value in rows
        ) + "</table>"
        self._plot(name, exact)

    def _plot(self, name: str, exact: float) -> None:
        t = self.t
        if not (self.plot and self.trials):
            self.chart.draw(b"", "")
            return
        points = _thin(self._history)
        probability = self.measure == "probability"
        unit = t(f"lesson_unit_{self.verb}")
        png = line_chart_png(
            {t("lesson_running_estimate"): ([n for n, _ in points], [p for _, p in points])},
            hlines={t("lesson_exact_value"): exact},
            title=t("lesson_running_title", name=name),
            xlabel=t("lesson_running_x", unit=unit),
            ylabel=t("lesson_running_y_p", unit=unit) if probability else t("lesson_running_y_m"),
            logx=True,
            ylim=(0, 1) if probability else None,
            lang=t.lang,
        )
        marks = [n for n in (1, 10, 100, 1000, 10000, 100000) if n <= self.trials]
        if self.trials not in marks:
            marks.append(self.trials)
        table = table_html(
            [t("lesson_running_x_short", unit=unit), t("lesson_running_estimate"),
             t("lesson_exact_value")],
            [[t.number(n, 0), t.number(self._history[n - 1], 4), t.number(exact, 4)]
             for n in marks],
        )  # fmt: skip
        alt = t("lesson_running_alt", name=name, n=t.number(self.trials, 0),
                estimate=t.number(self.estimate, 4), exact=t.number(exact, 4))  # fmt: skip
        self.chart.draw(png, alt, table, t("lesson_chart_as_table"))


def _thin(history: list[float], points: int = 400) -> list[tuple[int, float]]:
    """At most ``points`` (deal number, estimate) pairs, spread evenly on a log scale."""
    n = len(history)
    if n <= points:
        return [(i + 1, p) for i, p in enumerate(history)]
    chosen = sorted({min(n, max(1, round(n ** (k / points)))) for k in range(points + 1)})
    return [(i, history[i - 1]) for i in chosen]
