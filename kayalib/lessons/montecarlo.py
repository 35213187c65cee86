"""Deal 1 / Deal 1000: a running Monte Carlo estimate beside the exact value."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.plots import line_chart_png
from kayalib.lessons.stats import wilson_interval

__all__ = ["DealSimulator", "Trial"]

Trial = Callable[[random.Random], tuple[bool, str]]
"""One random experiment: ``trial(rng) -> (event happened, HTML describing the deal)``."""


class DealSimulator(widgets.VBox):
    """Deal 1 and Deal 1000 buttons; the running estimate converges to the exact value.

    ``trial`` is called with the simulator's own ``random.Random(seed)``, so a re-run of the
    notebook deals the same cards. ``Reset`` starts again from the seed.

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
        **kwargs: Any,
    ) -> None:
        self.trial = trial
        self.exact = exact
        self.event = event
        self.seed = seed
        self.many = many
        self.plot = plot
        self.errors = ErrorBox()
        self.deal_one_button = widgets.Button(description="Deal 1", button_style="primary")
        self.deal_many_button = widgets.Button(description=f"Deal {many}")
        self.reset_button = widgets.Button(description="Reset")
        self.last_deal = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = widgets.Image(format="png", layout={"max_width": "640px"})
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
    def hits(self) -> int:
        """How many of them had the event."""
        return self._hits

    @property
    def estimate(self) -> float:
        """The running estimate hits / trials (0.0 before the first deal)."""
        return self._hits / self.trials if self.trials else 0.0

    def reset(self) -> None:
        """Forget every deal and restart the generator from the seed."""
        self.rng = random.Random(self.seed)
        self._history: list[float] = []
        self._hits = 0
        self.last_deal.value = "<i>No deals yet. Predict first: how often will it happen?</i>"
        self._show()

    def deal(self, count: int) -> None:
        """Deal ``count`` more times and update the estimate."""
        description = ""
        for _ in range(count):
            hit, description = self.trial(self.rng)
            self._hits += bool(hit)
            self._history.append(self._hits / (len(self._history) + 1))
        if count == 1:
            verdict = "yes ✔" if hit else "no ✘"
            self.last_deal.value = (
                f"Deal {self.trials}: {description} — {escape(self.event)}: {verdict}"
            )
        else:
            self.last_deal.value = f"Last of {count} deals: {description}"
        self._show()

    def _show(self) -> None:
        exact = float(self.exact)
        exact_text = (
            f"{self.exact} ≈ {exact:.4f}"
            if isinstance(self.exact, Fraction) and self.exact.denominator != 1
            else f"{exact:.4f}"
        )
        if self.trials:
            low, high = wilson_interval(self._hits, self.trials)
            estimate = (
                f"{self._hits} / {self.trials} = <b>{self.estimate:.4f}</b> "
                f"(95% interval {low:.3f} – {high:.3f}; off by {self.estimate - exact:+.4f})"
            )
        else:
            estimate = "—"
        self.summary.value = (
            f"<table><tr><td>Simulated P({escape(self.event)}):</td><td>{estimate}</td></tr>"
            f"<tr><td>Exact P({escape(self.event)}):</td><td><b>{exact_text}</b></td></tr></table>"
        )
        if self.plot and self.trials:
            points = _thin(self._history)
            self.chart.value = line_chart_png(
                {"running estimate": ([n for n, _ in points], [p for _, p in points])},
                hlines={"exact": exact},
                title=f"Running estimate of P({self.event})",
                xlabel="number of deals (log scale)",
                ylabel="fraction of deals with the event",
                logx=True,
                ylim=(0, 1),
            )
        elif self.plot:
            self.chart.value = b""


def _thin(history: list[float], points: int = 400) -> list[tuple[int, float]]:
    """At most ``points`` (deal number, estimate) pairs, spread evenly on a log scale."""
    n = len(history)
    if n <= points:
        return [(i + 1, p) for i, p in enumerate(history)]
    chosen = sorted({min(n, max(1, round(n ** (k / points)))) for k in range(points + 1)})
    return [(i, history[i - 1]) for i in chosen]
