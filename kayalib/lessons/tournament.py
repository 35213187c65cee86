"""A tournament runner: pick bots for the seats, run seeded games with a progress bar, plot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from kayalib.lessons._widgets import ErrorBox, escape, guarded
from kayalib.lessons.plots import bar_chart_png, chart_image, set_png
from kayalib.lessons.stats import wilson_interval
from kayalib.progress import ProgressCallback

__all__ = ["RunTournament", "TournamentRunner", "win_rate_rows"]

RunTournament = Callable[[list[str], int, int, ProgressCallback], Sequence[float]]
"""``run(bot names by seat, games, seed, progress) -> wins by seat`` (a shared win counts 1/k)."""


def win_rate_rows(
    bots: Sequence[str], wins: Sequence[float], games: int
) -> list[tuple[str, float, float, float]]:
    """``(seat label, win rate, 95% low, 95% high)`` for each seat (Wilson interval).

    >>> [(label, rate) for label, rate, _, _ in win_rate_rows(["odds", "random"], [3, 1], 4)]
    [('seat 1: odds', 0.75), ('seat 2: random', 0.25)]
    """
    if len(bots) != len(wins):
        raise ValueError(f"{len(bots)} bots but {len(wins)} win counts")
    rows = []
    for seat, (bot, won) in enumerate(zip(bots, wins, strict=True)):
        rate = won / games if games else 0.0
        low, high = wilson_interval(round(won), games)
        rows.append((f"seat {seat + 1}: {bot}", rate, low, high))
    return rows


def show_win_rates(
    table: widgets.HTML,
    chart: widgets.Image,
    rows: Sequence[tuple[str, float, float, float]],
    wins: Sequence[float],
    *,
    played: int,
    first_column: str,
    labels: Sequence[str],
    chart_labels: Sequence[str],
    reference: float,
    reference_label: str,
    title: str,
    xlabel: str,
    footer: str = "",
) -> None:
    """Put ``win_rate_rows`` results in a table (wins, rate, 95% interval) and a bar chart."""
    lines = "".join(
        f"<tr><td>{escape(label)}</td><td>{won:g} / {played}</td><td><b>{rate:.1%}</b></td>"
        f"<td>{low:.1%} – {high:.1%}</td></tr>"
        for label, won, (_, rate, low, high) in zip(labels, wins, rows, strict=True)
    )
    table.value = (
        f"<table><tr><th>{escape(first_column)}</th><th>wins</th><th>win rate</th>"
        f"<th>95% interval</th></tr>{lines}</table>{footer}"
    )
    png = bar_chart_png(
        list(chart_labels),
        [rate for _, rate, _, _ in rows],
        errors=[(low, high) for _, _, low, high in rows],
        reference=reference,
        reference_label=reference_label,
        title=title,
        xlabel=xlabel,
        ylabel="fraction of games won",
        ylim=(0, 1),
    )
    set_png(chart, png)


class TournamentRunner(widgets.VBox):
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
        game_name: str = "",
        **kwargs: Any,
    ) -> None:
        if len(seats) < 2:
            raise ValueError("a tournament needs at least two seats")
        self.run_games = run
        self.errors = ErrorBox()
        self.seat_boxes = [
            widgets.Dropdown(
                options=list(bot_names),
                value=name,
                description=f"Seat {i + 1}",
                layout={"width": "14em"},
            )
            for i, name in enumerate(seats)
        ]
        self.games_box = widgets.BoundedIntText(
            value=games,
            min=10,
            max=max_games,
            step=10,
            description="Games",
            layout={"width": "12em"},
        )
        self.seed_box = widgets.IntText(value=seed, description="Seed", layout={"width": "10em"})
        self.run_button = widgets.Button(description="Run tournament", button_style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Progress")
        self.table = widgets.HTML()
        self.chart = chart_image()
        self.results: list[tuple[str, float, float, float]] = []
        self.run_button.on_click(guarded(self.errors)(lambda _: self.run()))
        title = [widgets.HTML(f"<h4>{escape(game_name)} tournament</h4>")] if game_name else []
        super().__init__(
            [
                *title,
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

    def _progress(self, done: int, total: int) -> None:
        step = max(1, total // 100)
        if done == total or done % step == 0:
            self.progress.max = max(1, total)
            self.progress.value = done

    def run(self) -> list[tuple[str, float, float, float]]:
        """Play the tournament with the chosen bots; show and return the win-rate rows."""
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
        self.results = win_rate_rows(bots, wins, games)
        show_win_rates(
            self.table,
            self.chart,
            self.results,
            wins,
            played=games,
            first_column="seat",
            labels=[label for label, _, _, _ in self.results],
            chart_labels=[label.replace(": ", "\n") for label, _, _, _ in self.results],
            reference=1 / len(bots),
            reference_label="equal strength",
            title=f"Win rate per seat ({games} games)",
            xlabel="seat and bot",
            footer=f"<small>{games} games, seed {int(self.seed_box.value)}</small>",
        )
        return self.results
