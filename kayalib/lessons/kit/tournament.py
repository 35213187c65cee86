"""A tournament runner: pick bots for the seats, run seeded games with a progress bar, plot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.draw.charts import bar_chart_png, table_html
from kayalib.errors import ArgumentError
from kayalib.i18n import Translator
from kayalib.lessons.kit.gate import GatedRunBox
from kayalib.lessons.kit.plots import Chart
from kayalib.pages.language import Text
from kayalib.pages.runbox import Progress
from kayalib.progress import ProgressCallback
from kayalib.registry import game as registry_game
from kayalib.simulate import simulate
from kayalib.stats import WinRate
from kayalib.words.rates import bot_label

__all__ = [
    "RunTournament",
    "TournamentRunner",
    "draw_win_rates",
    "tournament",
    "win_rate_table",
]

RunTournament = Callable[[list[str], int, int, ProgressCallback], Sequence[int]]
"""``run(bot names by seat, games, seed, progress) -> wins by seat`` (a shared win counts for
each winner)."""


def win_rate_table(t: Translator, labels: Sequence[str], rates: Sequence[WinRate],
                   first_column: str) -> str:  # fmt: skip
    """Each row's wins, share and 95% interval, as a table."""
    if len(labels) != len(rates):
        raise ArgumentError(f"{len(labels)} labels but {len(rates)} win rates")
    rows = []
    for label, record in zip(labels, rates, strict=True):
        low, high = record.interval()
        rows.append([label, f"{t.number(record.wins, 0)} / {t.number(record.games, 0)}",
                     t.percent(record.rate), f"{t.percent(low)} \u2013 {t.percent(high)}"])
    return table_html([first_column, t("lesson_wins"), t("lesson_win_rate"),
                       t("lesson_interval95")], rows)  # fmt: skip


def draw_win_rates(chart: Chart, t: Translator, labels: Sequence[str], rates: Sequence[WinRate],
                   *, reference: float | None, reference_label: str, title: str, xlabel: str,
                   first_column: str) -> None:  # fmt: skip
    """A bar chart of the shares won with their 95% intervals, its text and its table."""
    png = bar_chart_png(
        [label.replace(": ", "\n").replace(" ", "\n", 1) for label in labels],
        [record.rate for record in rates],
        errors=[record.interval() for record in rates],
        reference=reference,
        reference_label=reference_label,
        title=title,
        xlabel=xlabel,
        ylabel=t("lesson_fraction_won"),
        lang=t.lang,
        ylim=(0, 1),
    )
    alt = title + ": " + "; ".join(
        t("lesson_rate_alt", bot=label, rate=t.percent(record.rate),
          low=t.percent(record.interval()[0]), high=t.percent(record.interval()[1]))
        for label, record in zip(labels, rates, strict=True)
    )  # fmt: skip
    chart.draw(png, alt, win_rate_table(t, labels, rates, first_column),
               t("lesson_chart_as_table"))  # fmt: skip


class TournamentRunner(GatedRunBox):
    """Seat dropdowns, number of games, seed, Run; a progress bar, then win rates with 95% CIs.

    ``run`` does the games (:func:`tournament` for a game of the registry, or any function with
    its signature); the widget only shows its results. The dashed line is the win rate if every
    seat were equally strong.
    """

    count_label = staticmethod(lambda t: t("lesson_games"))
    run_label = staticmethod(lambda t: t("lesson_run_tournament"))
    run_class = "kayalib-run"
    css_class = "kayalib-tournament"

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
            raise ArgumentError("a tournament needs at least two seats")
        self.run_games = run
        self.bot_names = list(bot_names)
        self.game_name = game_name
        self.seat_boxes = [
            widgets.Dropdown(options=[(n, n) for n in self.bot_names], value=name,
                             layout={"width": "16em"})
            for name in seats
        ]  # fmt: skip
        self.seed_box = widgets.IntText(value=seed, layout={"width": "12em"})
        self.title = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = Chart()
        self._seats_run: list[str] = []
        self._seed_run = seed
        super().__init__(games, low=10, high=max_games, step=10, width="14em",
                         head=[self.title, widgets.HBox(self.seat_boxes)], after=[self.seed_box],
                         below=[self.table, self.chart], lang=lang, **kwargs)  # fmt: skip
        self.relabel()

    def relabel_controls(self) -> None:
        t = self.t
        name = self.say(self.game_name)
        heading = escape(t("lesson_tournament_of", game=name))
        self.title.value = f"<h4>{heading}</h4>" if name else ""
        for i, box in enumerate(self.seat_boxes):
            value = box.value
            box.options = [(bot_label(t, n), n) for n in self.bot_names]
            box.value = value
            box.description = t("seat_name", n=i + 1)
        self.seed_box.description = t("lesson_seed")

    def work(self, count: int, progress: Progress) -> tuple[WinRate, ...]:
        """Play the tournament with the chosen bots; each seat's win rate."""
        bots = [box.value for box in self.seat_boxes]
        seed = int(self.seed_box.value)
        wins = self.run_games(bots, count, seed, progress)
        self._seats_run, self._seed_run = bots, seed
        return tuple(WinRate(won, count) for won in wins)

    def show(self) -> None:
        t, results = self.t, self.results
        if results is None:
            self.table.value = ""
            self.chart.draw(b"", "")
            return
        labels = [f"{t('seat_name', n=i + 1)}: {bot_label(t, bot)}"
                  for i, bot in enumerate(self._seats_run)]  # fmt: skip
        games = t.number(results[0].games, 0)
        self.table.value = win_rate_table(t, labels, results, t("lesson_seat")) + (
            f"<small>{escape(t('lesson_games_seed', games=games, seed=self._seed_run))}</small>"
        )
        draw_win_rates(self.chart, t, labels, results, reference=1 / len(labels),
                       reference_label=t("lesson_equal_strength"),
                       title=t("lesson_rate_per_seat", games=games),
                       xlabel=t("lesson_seat_and_bot"), first_column=t("lesson_seat"))  # fmt: skip


def tournament(game: str) -> RunTournament:
    """The games of a :class:`TournamentRunner` for ``game``: seeded games between bots by name
    (lesson bots too), wins by seat (a shared win counts for each winner)."""

    def run(bots: list[str], games: int, seed: int,
            progress: ProgressCallback | None = None) -> Sequence[int]:  # fmt: skip
        rules = registry_game(game).rules_for_players(len(bots))
        return simulate(game, bots, games, seed, rules, progress=progress).wins

    return run
