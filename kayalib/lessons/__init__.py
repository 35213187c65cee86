"""ipywidgets pieces for the teaching notebooks.

Generic pieces (no game inside): ``Stepper`` (Back / Next replays), ``Exercise`` (immediate
feedback, solution on request), ``DealSimulator`` ("Deal 1" / "Deal 1000" beside the exact
value), ``TournamentRunner`` (bots, progress bar, win rates with intervals) and the plot helpers
(matplotlib Agg -> PNG bytes -> ``ipywidgets.Image``). The game lessons are in
``kayalib.lessons.blef`` and ``kayalib.lessons.kaya``.
"""

from kayalib.lessons.exercise import Exercise, parse_number
from kayalib.lessons.montecarlo import DealSimulator
from kayalib.lessons.plots import (
    bar_chart_png,
    figure_to_png,
    heatmap_png,
    line_chart_png,
    new_figure,
    png_image,
)
from kayalib.lessons.stats import running_means, wilson_interval
from kayalib.lessons.stepper import Step, Stepper
from kayalib.lessons.tournament import TournamentRunner, win_rate_rows

__all__ = [
    "DealSimulator",
    "Exercise",
    "Step",
    "Stepper",
    "TournamentRunner",
    "bar_chart_png",
    "figure_to_png",
    "heatmap_png",
    "line_chart_png",
    "new_figure",
    "parse_number",
    "png_image",
    "running_means",
    "win_rate_rows",
    "wilson_interval",
]
