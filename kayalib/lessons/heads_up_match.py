"""Lesson 09's match widget: bots against the equilibrium, many seeded rounds each, every
average result per round with its 95% interval beside the exact value (nothing beats the
equilibrium on average)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from kayalib.draw.charts import bar_chart_png, table_html
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.heads_up import exploitation
from kayalib.lessons.heads_up_bots import REPLY
from kayalib.lessons.heads_up_play import bot_name, signed
from kayalib.lessons.heads_up_rounds import MatchResult, match
from kayalib.lessons.language import Localized
from kayalib.lessons.plots import Chart

__all__ = ["MATCH_BOTS", "EquilibriumMatch"]


MATCH_BOTS = ("honest", "odds", REPLY, "cfr")
"""The bots :class:`EquilibriumMatch` plays against the equilibrium by default."""


class EquilibriumMatch(widgets.VBox, Localized):
    """Each bot plays heads-up rounds against the equilibrium (``cfr``), half of them bidding
    first: its average result per round with a 95% interval, beside the exact value; a sentence
    per bot computed from the interval. Runs only when asked, with a progress bar."""

    def __init__(self, bots: Sequence[str] = MATCH_BOTS, rounds: int = 2000, seed: int = 4, *,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.init_language(lang)
        self.bots = list(bots)
        self.seed = seed
        self.errors = ErrorBox()
        self.rounds = widgets.BoundedIntText(value=rounds, min=100, max=20000, step=100,
                                             style={"description_width": "initial"},
                                             layout={"width": "18em"})  # fmt: skip
        self.run_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.run_button.add_class("kayalib-run-match")
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.verdicts = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        self.results: list[MatchResult] = []
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        super().__init__([widgets.HBox([self.rounds, self.run_button]), self.progress,
                          self.verdicts, self.table, self.chart, self.errors],
                         **kwargs)  # fmt: skip
        self.add_class("kayalib-equilibrium-match")
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        self.rounds.description = t("l09.rounds_per_bot")
        self.run_button.description = t("l09.run_match")
        self.progress.description = t("lesson_progress")
        self._show()

    def run(self) -> list[MatchResult]:
        rounds = int(self.rounds.value)
        total = rounds * len(self.bots)
        self.progress.max, self.progress.value, self.progress.bar_style = total, 0, ""
        step = max(1, total // 100)
        self.run_button.disabled = True
        results = []
        try:
            for i, bot in enumerate(self.bots):
                def progress(done: int, _total: int, base: int = i * rounds) -> None:
                    if done % step == 0 or done == rounds:
                        self.progress.value = base + done

                results.append(match(bot, rounds, self.seed + i, progress))
        finally:
            self.run_button.disabled = False
        self.progress.bar_style = "success"
        self.results = results
        self._show()
        return results

    def sentences(self) -> list[str]:
        """One sentence per bot: is its interval below 0, around 0, or (by luck) above?"""
        t = self.t
        said = []
        for result in self.results:
            low, high = result.interval()
            key = "l09.match_below" if high < 0 else "l09.match_above" if low > 0 else \
                "l09.match_around"  # fmt: skip
            said.append(t(key, bot=bot_name(t, result.bot), mean=signed(t, result.mean),
                          low=signed(t, low), high=signed(t, high),
                          exact=signed(t, -float(exploitation(result.bot).equilibrium_average))))
        return said

    def _show(self) -> None:
        t, results = self.t, self.results
        if not results:
            self.verdicts.value = self.table.value = ""
            self.chart.draw(b"", "")
            return
        rows, labels, means, errors = [], [], [], []
        for result in results:
            low, high = result.interval()
            exact = -float(exploitation(result.bot).equilibrium_average)
            name = bot_name(t, result.bot)
            rows.append([name, t.number(result.rounds, 0), t.number(result.won, 0),
                         signed(t, result.mean), f"{signed(t, low)} \u2013 {signed(t, high)}",
                         signed(t, exact)])  # fmt: skip
            labels.append(name.replace(" ", "\n", 2))
            means.append(result.mean)
            errors.append((low, high))
        header = [t("l09.bot"), t("l09.rounds"), t("l09.rounds_won"), t("l09.result_per_round"),
                  t("lesson_interval95"), t("l09.exact_result")]  # fmt: skip
        self.table.value = table_html(header, rows)
        png = bar_chart_png(labels, means, errors=errors, reference=0.0,
                            reference_label=t("l09.zero_line"),
                            title=t("l09.match_title", rounds=t.number(results[0].rounds, 0)),
                            xlabel=t("l09.bot"), ylabel=t("l09.result_per_round"),
                            width=7.5, height=3.8, lang=t.lang)  # fmt: skip
        alt = t("l09.match_alt", results="; ".join(
            f"{bot_name(t, r.bot)} {signed(t, r.mean)}" for r in results))  # fmt: skip
        self.chart.draw(png, alt, table_html(header, rows), t("lesson_chart_as_table"))
        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences())
        self.verdicts.value = f"<ul>{items}</ul>"
