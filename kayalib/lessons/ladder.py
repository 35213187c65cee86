"""Lesson 07: the engine's Blef bots as a ladder, each played heads-up against the one below it.

At one table the strongest bot takes nearly every game, which tells nothing about the order of
the others; heads-up, each step of the ladder (``random`` < ``honest`` < ``odds`` < ``bayes``) is
measured on its own, seats swapped half the time, with a 95% interval and a sentence computed
from it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kayalib.i18n import Translator
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.bluffing import LADDER, heads_up
from kayalib.lessons.language import Localized
from kayalib.lessons.plots import Chart
from kayalib.lessons.tournament import WinRates, bot_label

__all__ = ["LADDER_STEP_GAMES", "LadderSteps", "ladder_steps", "step_sentence"]

LADDER_STEP_GAMES = 10
"""Games in each seat for each step, to start with (bayes thinks for each bid)."""


def ladder_steps() -> list[tuple[str, str]]:
    """``(upper, lower)`` for each step of :data:`~kayalib.lessons.bluffing.LADDER`."""
    return [(LADDER[i + 1], LADDER[i]) for i in range(len(LADDER) - 1)]


def step_sentence(t: Translator, upper: str, lower: str,
                  row: tuple[float, float, float]) -> str:  # fmt: skip
    """What one step's result says, judged by its 95% interval against 50%."""
    rate, low, high = row
    key = "l07.step_above" if low > 0.5 else "l07.step_below" if high < 0.5 else "l07.step_unclear"
    return t(key, upper=bot_label(t, upper), lower=bot_label(t, lower), rate=t.percent(rate),
             low=t.percent(low), high=t.percent(high))  # fmt: skip


class LadderSteps(widgets.VBox, Localized):
    """Each step of the ladder played heads-up when asked, with a progress bar: the upper bot's
    win rate with its 95% interval, a chart, and a sentence per step."""

    def __init__(self, games: int = LADDER_STEP_GAMES, seed: int = 7, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.seed = seed
        self.steps = ladder_steps()
        self.errors = ErrorBox()
        self.games = widgets.BoundedIntText(value=games, min=5, max=500, step=5,
                                            style={"description_width": "initial"},
                                            layout={"width": "16em"})  # fmt: skip
        self.run_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.run_button.add_class("kayalib-run-ladder")
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.verdicts = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        self.results: WinRates | None = None
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        super().__init__([widgets.HBox([self.games, self.run_button]), self.progress,
                          self.verdicts, self.table, self.chart, self.errors],
                         **kwargs)  # fmt: skip
        self.add_class("kayalib-ladder-steps")
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        self.games.description = t("lesson_games_per_side")
        self.run_button.description = t("l07.run_ladder")
        self.progress.description = t("lesson_progress")
        self._show()

    def run(self) -> WinRates:
        games = int(self.games.value)
        total = len(self.steps) * 2 * games
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, ""
        wins = []
        self.run_button.disabled = True
        try:
            for k, (upper, lower) in enumerate(self.steps):
                def progress(done: int, _total: int, base: int = k * 2 * games) -> None:
                    self.progress.value = base + done

                won, _ = heads_up(upper, lower, games, self.seed + 2 * k, progress)
                wins.append(won)
        finally:
            self.run_button.disabled = False
        self.progress.bar_style = "success"
        self.results = WinRates([f"{u}/{lo}" for u, lo in self.steps], wins, 2 * games)
        self._show()
        return self.results

    def sentences(self) -> list[str]:
        if self.results is None:
            return []
        return [step_sentence(self.t, upper, lower, row[1:])
                for (upper, lower), row in zip(self.steps, self.results.rows, strict=True)]

    def _show(self) -> None:
        t, results = self.t, self.results
        if results is None:
            self.table.value = self.verdicts.value = ""
            self.chart.draw(b"", "")
            return
        labels = [t("l07.step_label", upper=bot_label(t, u), lower=bot_label(t, lo))
                  for u, lo in self.steps]  # fmt: skip
        shown = WinRates(labels, results.wins, results.played)
        self.table.value = shown.table(t, t("l07.step_column"))
        shown.draw(self.chart, t, reference=0.5, reference_label=t("lesson_even"),
                   title=t("l07.step_title", games=t.number(results.played, 0)),
                   xlabel=t("l07.step_column"), first_column=t("l07.step_column"))  # fmt: skip
        self.verdicts.value = "<ul>" + "".join(
            f"<li>{escape(s)}</li>" for s in self.sentences()) + "</ul>"
