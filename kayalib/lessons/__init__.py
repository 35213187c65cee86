"""ipywidgets pieces for the teaching notebooks.

A lesson page is a :class:`~kayalib.lessons.page.Lesson`: prose from the catalogue
(``kayalib/i18n/<lang>/lessons/``), a language switch, navigation, and predictions that keep
what follows hidden until the student commits a guess. Generic pieces (no game inside):
``Stepper`` (Back / Next replays), ``Exercise`` (immediate feedback, solution on request),
``Prediction``, ``DealSimulator`` ("Deal 1" / "Deal 1000" beside the exact value),
``TournamentRunner``, ``Calculator`` and ``Chart`` (matplotlib Agg PNG with a text equivalent).
The game lessons are in ``kayalib.lessons.blef``, ``.kaya``, ``.gambreng`` and ``.bluffing``.
"""

from kayalib.draw.charts import (
    bar_chart_png,
    figure_to_png,
    heatmap_png,
    line_chart_png,
    new_figure,
)
from kayalib.lessons.calculator import Calculator, calculate
from kayalib.lessons.exercise import Exercise, parse_number
from kayalib.lessons.language import current_language, set_language
from kayalib.lessons.montecarlo import DealSimulator
from kayalib.lessons.page import Lesson
from kayalib.lessons.plots import Chart, png_image
from kayalib.lessons.predict import Prediction
from kayalib.lessons.stats import running_means, wilson_interval
from kayalib.lessons.stepper import Step, Stepper
from kayalib.lessons.tournament import TournamentRunner, win_rate_rows

__all__ = [
    "Calculator",
    "Chart",
    "DealSimulator",
    "Exercise",
    "Lesson",
    "Prediction",
    "Step",
    "Stepper",
    "TournamentRunner",
    "bar_chart_png",
    "calculate",
    "current_language",
    "figure_to_png",
    "heatmap_png",
    "line_chart_png",
    "new_figure",
    "parse_number",
    "png_image",
    "running_means",
    "set_language",
    "win_rate_rows",
    "wilson_interval",
]
