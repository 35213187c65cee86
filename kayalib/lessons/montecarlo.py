"""Deal 1 / Deal 1000: a running Monte Carlo estimate beside the exact value."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.plots import chart_image, line_chart_png, set_png
from kayalib.lessons.stats import wilson_interval

__all__ = ["DealSimulator", "Trial"]

Trial = Callable[[random.Random], tuple[bool | float, str]]
"""One random experiment: ``trial(rng) -> (event happened, HTML describing the deal)``; for a
mean (``measure="mean"``) the first item is the number measured."""


class DealSimulator(widgets.VBox):
    """Deal 1 and Deal 1000 buttons; the running estimate converges to the exact value.

    ``trial`` is called with the simulator's own ``random.Random(seed)``, so a re-run of the
    notebook deals the same cards. ``Reset`` starts again from the seed. With ``measure="mean"``
    each trial gives a number and the widget tracks the running mean against the exact mean.

    >>> coin = DealSimulator(lambda rng: (rng.random() < 0.5, "a toss"), Fraction(1, 2), seed=1)
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
        event: str = "the event",
        seed: int = 0,
        many: int = 1000,
        plot: bool = True,
        measure: str = "probability",
        one_label: str = "Deal 1",
        unit: str = "deals",
        **kwargs: Any,
    ) -> None:
        if measure not in ("probability", "mean"):
            raise ValueError(f"measure must be 'probability' or 'mean', not {measure!r}")
        self.measure = measure
        self.unit = unit
        self.trial = trial
        self.exact = exact
        self.event = event
        self.seed = seed
        self.many = many
        self.plot = plot
        self.errors = ErrorBox()
        verb = one_label.rsplit(" ", 1)[0]
        self.deal_one_button = widgets.Button(description=one_label, button_style="primary")
        self.deal_many_button = widgets.Button(description=f"{verb} {many}")
        self.reset_button = widgets.Button(description="Reset")
        self.last_deal = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = chart_image()
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

    def _interval(self) -> tuple[float, float]:
        if self.measure == "probability":
            return wilson_interval(round(self._hits), self.trials)
        n = self.trials
        if n < 2:
            return -math.inf, math.inf
        mean = self._hits / n
        variance = max(0.0, (self._squares - n * mean * mean) / (n - 1))
        half = 1.96 * math.sqrt(variance / n)
        return mean - half, mean + half

    def reset(self) -> None:
        """Forget every deal and restart the generator from the seed."""
        self.rng = random.Random(self.seed)
        self._history: list[float] = []
        self._hits: float = 0
        self._squares = 0.0
        question = "how often will it happen?" if self.measure == "probability" else "what mean?"
        self.last_deal.value = f"<i>Nothing yet. Predict first: {question}</i>"
        self._show()

    def deal(self, count: int) -> None:
        """Deal ``count`` more times and update the estimate."""
        description = ""
        for _ in range(count):
            hit, description = self.trial(self.rng)
            value = float(hit) if self.measure == "mean" else float(bool(hit))
            self._hits += value
            self._squares += value * value
            self._history.append(self._hits / (len(self._history) + 1))
        if count == 1:
            if self.measure == "probability":
                verdict = "yes ✔" if hit else "no ✘"
            else:
                verdict = f"{float(hit):g}"
            self.last_deal.value = (
                f"#{self.trials}: {description} — {escape(self.event)}: {verdict}"
            )
        else:
            self.last_deal.value = f"Last of {count}: {description}"
        self._show()

    def _show(self) -> None:
        exact = float(self.exact)
        exact_text = (
            f"{self.exact} ≈ {exact:.4f}"
            if isinstance(self.exact, Fraction) and self.exact.denominator != 1
            else f"{exact:.4f}"
        )
        if self.trials:
            low, high = self._interval()
            interval = f"95% interval {low:.3f} – {high:.3f}; " if math.isfinite(low) else ""
            estimate = (
                f"{self._hits:g} / {self.trials} = <b>{self.estimate:.4f}</b> "
                f"({interval}off by {self.estimate - exact:+.4f})"
            )
        else:
            estimate = "—"
        name = f"P({self.event})" if self.measure == "probability" else f"mean {self.event}"
        self.summary.value = (
            f"<table><tr><td>Simulated {escape(name)}:</td><td>{estimate}</td></tr>"
            f"<tr><td>Exact {escape(name)}:</td><td><b>{exact_text}</b></td></tr></table>"
        )
        if self.plot and self.trials:
            points = _thin(self._history)
            probability = self.measure == "probability"
            chart = line_chart_png(
                {"running estimate": ([n for n, _ in points], [p for _, p in points])},
                hlines={"exact": exact},
                title=f"Running estimate of {name}",
                xlabel=f"number of {self.unit} (log scale)",
                ylabel=f"fraction of {self.unit} with the event" if probability else "mean so far",
                logx=True,
                ylim=(0, 1) if probability else None,
            )
            set_png(self.chart, chart)
        elif self.plot:
            set_png(self.chart, b"")


def _thin(history: list[float], points: int = 400) -> list[tuple[int, float]]:
    """At most ``points`` (deal number, estimate) pairs, spread evenly on a log scale."""
    n = len(history)
    if n <= points:
        return [(i + 1, p) for i, p in enumerate(history)]
    chosen = sorted({min(n, max(1, round(n ** (k / points)))) for k in range(points + 1)})
    return [(i, history[i - 1]) for i in chosen]
