"""A tournament runner: pick bots for the seats, run seeded games with a progress bar, plot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from kayalib.draw.charts import bar_chart_png, table_html
from kayalib.i18n import Translator
from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.language import Localized, Text
from kayalib.lessons.plots import Chart
from kayalib.lessons.stats import wilson_interval
from kayalib.progress import ProgressCallback

__all__ = ["RunTournament", "TournamentRunner", "WinRates", "bot_label", "win_rate_rows"]

RunTournament = Callable[[list[str], int, int, ProgressCallback], Sequence[float]]
"""``run(bot names by seat, games, seed, progress) -> wins by seat`` (a shared win counts 1/k)."""


def bot_label(t: Translator, name: str) -> str:
    """A bot's name in the language of ``t``: ``bluffer 30%`` -> ``blefujący 30%``."""
    head, _, rest = name.partition(" ")
    if rest.endswith("%") and t.has(f"botname_{head}"):
        share = float(rest[:-1]) / 100
        return t(f"botname_{head}", p=t.percent(share, 0))
    return t(f"botname_{name}") if t.has(f"botname_{name}") else name


def win_rate_rows(
    bots: Sequence[str], wins: Sequence[float], games: int
) -> list[tuple[str, float, float, float]]:
    """``(bot, win rate, 95% low, 95% high)`` for each seat (Wilson interval).

    >>> [(bot, rate) for bot, rate, _, _ in win_rate_rows(["odds", "random"], [3, 1], 4)]
    [('odds', 0.75), ('random', 0.25)]
    """
    if len(bots) != len(wins):
        raise ValueError(f"{len(bots)} bots but {len(wins)} win counts")
    rows = []
    for bot, won in zip(bots, wins, strict=True):
        rate = won / games if games else 0.0
        low, high = wilson_interval(round(won), games)
        rows.append((bot, rate, low, high))
    return rows


class WinRates:
    """Win counts with their 95% intervals, shown as a table and a bar chart (with text)."""

    def __init__(self, labels: Sequence[str], wins: Sequence[float], played: int) -> None:
        self.labels = list(labels)
        self.wins = list(wins)
        self.played = played
        self.rows = win_rate_rows(self.labels, self.wins, played)

    def table(self, t: Translator, first_column: str) -> str:
        return table_html(
            [first_column, t("lesson_wins"), t("lesson_win_rate"), t("lesson_interval95")],
            [
                [label, f"{t.number(won, 0)} / {t.number(self.played, 0)}", t.percent(rate),
                 f"{t.percent(low)} \u2013 {t.percent(high)}"]
                for label, won, (_, rate, low, high) in zip(self.labels, self.wins, self.rows,
                                                            strict=True)
            ],
        )  # fmt: skip

    def draw(self, chart: Chart, t: Translator, *, reference: float, reference_label: str,
             title: str, xlabel: str, first_column: str) -> None:  # fmt: skip
        png = bar_chart_png(
            [label.replace(": ", "\n").replace(" ", "\n", 1) for label in self.labels],
            [rate for _, rate, _, _ in self.rows],
            errors=[(low, high) for _, _, low, high in self.rows],
            reference=reference,
            reference_label=reference_label,
            title=title,
            xlabel=xlabel,
            ylabel=t("lesson_fraction_won"),
            lang=t.lang,
            ylim=(0, 1),
        )
        alt = title + ": " + "; ".join(
            t("lesson_rate_alt", bot=label, rate=t.percent(rate), low=t.percent(low),
              high=t.percent(high))
            for label, rate, low, high in self.rows
        )  # fmt: skip
        chart.draw(png, alt, self.table(t, first_column), t("lesson_chart_as_table"))


class TournamentRunner(widgets.VBox, Localized):
    """Seat dropdowns, number of games, seed, Run; a progress bar, then win rates with 95% CIs.

    ``run`` does the games (an engine's ``simulate`` behind a small adapter); the widget only
    shows its results. The dashed line is the win rate if every seat were equally strong.
    """

    def __init__(
        self,
        run: RunTournament,
        bot_names: Sequence[str],
        *,
        seats: Sequence[str],
        games: int = 200,
        max_games: int = 5000,
        seed: int = 1,
        game_name: Text = "",
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        if len(seats) < 2:
            raise ValueError("a tournament needs at least two seats")
        self.init_language(lang)
        self.run_games = run
        self.bot_names = list(bot_names)
        self.game_name = game_name
        self.errors = ErrorBox()
        self.seat_boxes = [
            widgets.Dropdown(options=[(n, n) for n in self.bot_names], value=name,
                             layout={"width": "16em"})
            for name in seats
        ]  # fmt: skip
        self.games_box = widgets.BoundedIntText(
            value=games, min=10, max=max_games, step=10, layout={"width": "14em"}
        )
        self.seed_box = widgets.IntText(value=seed, layout={"width": "12em"})
        self.run_button = widgets.Button(button_style="primary")
        self.run_button.add_class("kayalib-run")
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.title = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        self.results: WinRates | None = None
        self._seats_run: list[str] = []
        self._seed_run = seed
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        super().__init__(
            [
                self.title,
                widgets.HBox(self.seat_boxes),
                widgets.HBox([self.games_box, self.seed_box, self.run_button]),
                self.progress,
                self.table,
                self.chart,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-tournament")
        self.relabel()

    def relabel(self) -> None:
        t = self.t
        name = self.say(self.game_name)
        heading = escape(t("lesson_tournament_of", game=name))
        self.title.value = f"<h4>{heading}</h4>" if name else ""
        for i, box in enumerate(self.seat_boxes):
            value = box.value
            box.options = [(bot_label(t, n), n) for n in self.bot_names]
            box.value = value
            box.description = t("seat_name", n=i + 1)
        self.games_box.description = t("lesson_games")
        self.seed_box.description = t("lesson_seed")
        self.run_button.description = t("lesson_run_tournament")
        self.progress.description = t("lesson_progress")
        self._show()

    def _progress(self, done: int, total: int) -> None:
        step = max(1, total // 100)
        if done == total or done % step == 0:
            self.progress.max = max(1, total)
            self.progress.value = done

    def run(self) -> WinRates:
        """Play the tournament with the chosen bots; show and return the win rates."""
        bots = [box.value for box in self.seat_boxes]
        games = int(self.games_box.value)
        self.run_button.disabled = True
        self.progress.value = 0
        self.progress.bar_style = ""
        try:
            wins = self.run_games(bots, games, int(self.seed_box.value), self._progress)
        finally:
            self.run_button.disabled = False
        self.progress.bar_style = "success"
        self._seats_run = bots
        self._seed_run = int(self.seed_box.value)
        self.results = WinRates(bots, wins, games)
        self._show()
        return self.results

    def _show(self) -> None:
        t, results = self.t, self.results
        if results is None:
            self.table.value = ""
            self.chart.draw(b"", "")
            return
        labels = [f"{t('seat_name', n=i + 1)}: {bot_label(t, bot)}"
                  for i, bot in enumerate(self._seats_run)]  # fmt: skip
        shown = WinRates(labels, results.wins, results.played)
        games = t.number(results.played, 0)
        self.table.value = shown.table(t, t("lesson_seat")) + (
            f"<small>{escape(t('lesson_games_seed', games=games, seed=self._seed_run))}</small>"
        )
        shown.draw(self.chart, t, reference=1 / len(labels),
                   reference_label=t("lesson_equal_strength"),
                   title=t("lesson_rate_per_seat", games=games),
                   xlabel=t("lesson_seat_and_bot"), first_column=t("lesson_seat"))  # fmt: skip
