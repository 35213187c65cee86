"""Deal 1 / Deal 1000: a running Monte Carlo estimate, and the exact value once it has dealt enough.

Predict, simulate, then the exact value: the simulator shows its estimate with a 95% confidence
interval from the first deal, and the exact value only after ``reveal_at`` deals (its
:attr:`DealSimulator.gate` opens then, and the page builds what waits for the simulation). It
then says whether this run's interval holds the exact value: about 1 run in 20 it does not."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.draw.charts import line_chart_png, table_html
from kayalib.errors import ArgumentError
from kayalib.lessons.kit.exercise import answer_text
from kayalib.lessons.kit.gate import Gate
from kayalib.lessons.kit.plots import Chart
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, Text, resolve
from kayalib.stats import wilson_interval

__all__ = ["DealSimulator", "Trial"]

Trial = Callable[[random.Random], tuple[bool | float, Text]]
"""One random experiment: ``trial(rng) -> (event happened, words describing the deal)``; for a
mean (``measure="mean"``) the first item is the number measured."""


class DealSimulator(widgets.VBox, Localized):
    """Deal 1 and Deal 1000 buttons; the running estimate converges to the exact value.

    ``trial`` is called with the simulator's own ``random.Random(seed)``, so a re-run of the
    notebook deals the same cards. ``Reset`` starts again from the seed. With ``measure="mean"``
    each trial gives a number and the widget tracks the running mean (and the spread of the
    values) against the exact mean. ``verb`` is ``"deal"`` or ``"hold"`` (a gambreng draw). The
    exact value is shown after ``reveal_at`` deals (by default one press of the big button), or
    when :meth:`reveal` is called (the teacher's screen).

    >>> coin = DealSimulator(lambda rng: (rng.random() < 0.5, "a toss"), Fraction(1, 2), seed=1,
    ...                      lang="en")
    >>> "1/2" in coin.summary.value, coin.gate.opened
    (False, False)
    >>> coin.deal_many_button.click(); coin.trials, coin.gate.opened, "1/2" in coin.summary.value
    (1000, True, True)
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
        reveal_at: int | None = None,
        lang: str | None = None,
        share_as: tuple[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        if measure not in ("probability", "mean"):
            raise ArgumentError(f"measure must be 'probability' or 'mean', not {measure!r}")
        if verb not in ("deal", "hold"):
            raise ArgumentError(f"verb must be 'deal' or 'hold', not {verb!r}")
        self.init_language(lang)
        self.measure = measure
        self.verb = verb
        self.trial = trial
        self.exact = exact
        self.event = event
        self.seed = seed
        self.many = many
        self.reveal_at = many if reveal_at is None else reveal_at
        self.share_as = share_as
        """``(lesson, name)``: in class mode the estimate and its interval go to the teacher's
        dashboard once the exact value shows (a lesson page names its simulations)."""
        self.shared = False
        self.gate = Gate()
        self.gate.on_open(lambda: self._show())
        self.plot = plot
        self.errors = ErrorBanner(lambda: self.t)
        self.deal_one_button = widgets.Button(button_style="primary")
        self.deal_many_button = widgets.Button()
        self.reset_button = widgets.Button()
        self.deal_one_button.add_class("kayalib-deal-one")
        self.deal_many_button.add_class("kayalib-deal-many")
        self.last_deal = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = Chart()
        self.deal_one_button.on_click(self.errors.guard(lambda _: self.deal(1)))
        self.deal_many_button.on_click(self.errors.guard(lambda _: self.deal(self.many)))
        self.reset_button.on_click(self.errors.guard(lambda _: self.reset()))
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

    @property
    def revealed(self) -> bool:
        """Whether the exact value is on show."""
        return self.gate.opened

    def reveal(self) -> None:
        """Show the exact value now (and open what waits for the simulation)."""
        self.gate.open()

    def holds_exact(self) -> bool | None:
        """Whether this run's 95% interval holds the exact value (``None`` before two deals)."""
        if self.trials < 2:
            return None
        low, high = self.interval()
        return low <= float(self.exact) <= high

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
        if self.trials >= self.reveal_at:
            self.gate.open()
            self._share()

    def _share(self) -> None:
        """The estimate, once, to the class (nothing is sent outside class mode)."""
        if self.share_as is None or self.shared:
            return
        from kayalib.pages.classroom import share_estimate

        low, high = self.interval()
        self.shared = share_estimate(*self.share_as, self.estimate, low, high, self.trials,
                                     self.exact)  # fmt: skip

    def relabel(self) -> None:
        t = self.t
        verb = self.verb
        self.deal_one_button.description = t(f"lesson_{verb}_once")
        self.deal_many_button.description = t(f"lesson_{verb}_batch", n=self.many)
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
                estimate += " " + t("lesson_interval", low=t.number(low, 3),
                                    high=t.number(high, 3))  # fmt: skip
            rows.append((t("lesson_simulated", name=name), escape(estimate)))
            if self.measure == "mean" and self.trials >= 2:
                rows.append((t("lesson_spread"), t.number(self.spread, 2)))
        else:
            rows.append((t("lesson_simulated", name=name), "\u2014"))
        if self.revealed:
            rows.append((t("lesson_exact", name=name), f"<b>{escape(exact_text)}</b>"))
            holds = self.holds_exact()
            if holds is not None:
                rows.append(("", escape(t("lesson_interval_holds" if holds
                                          else "lesson_interval_misses"))))  # fmt: skip
        else:
            after = t.count(f"lesson_exact_after_{self.verb}", self.reveal_at, n=self.reveal_at)
            rows.append((t("lesson_exact", name=name), f"<i>{escape(after)}</i>"))
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
            hlines={t("lesson_exact_value"): exact} if self.revealed else None,
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
        head = [t("lesson_running_x_short", unit=unit), t("lesson_running_estimate")]
        rows = [[t.number(n, 0), t.number(self._history[n - 1], 4)] for n in marks]
        if self.revealed:
            head.append(t("lesson_exact_value"))
            rows = [row + [t.number(exact, 4)] for row in rows]
        table = table_html(head, rows)
        alt = t.count("lesson_running_alt", self.trials, name=name, n=t.number(self.trials, 0),
                      estimate=t.number(self.estimate, 4))  # fmt: skip
        if self.revealed:
            alt += " " + t("lesson_running_alt_exact", exact=t.number(exact, 4))
        self.chart.draw(png, alt, table, t("lesson_chart_as_table"))


def _thin(history: list[float], points: int = 400) -> list[tuple[int, float]]:
    """At most ``points`` (deal number, estimate) pairs, spread evenly on a log scale."""
    n = len(history)
    if n <= points:
        return [(i + 1, p) for i, p in enumerate(history)]
    chosen = sorted({min(n, max(1, round(n ** (k / points)))) for k in range(points + 1)})
    return [(i, history[i - 1]) for i in chosen]
