"""The lesson page kit: generic pieces, no game inside.

- :mod:`~kayalib.lessons.kit.page`: :class:`Lesson` (prose from the catalogue, navigation, the
  language switch, predictions that gate what follows) and its parts;
- :mod:`~kayalib.lessons.kit.predict`: :class:`Prediction`;
- :mod:`~kayalib.lessons.kit.exercise`: :class:`Exercise` (immediate feedback, solution on
  request) and :func:`parse_number`;
- :mod:`~kayalib.lessons.kit.stepper`: :class:`Stepper` (Back / Next replays);
- :mod:`~kayalib.lessons.kit.simulator`: :class:`DealSimulator` ("Deal 1" / "Deal 1000" beside
  the exact value);
- :mod:`~kayalib.lessons.kit.calculator`: :class:`Calculator`;
- :mod:`~kayalib.lessons.kit.tournament`: :class:`TournamentRunner` and win rates;
- :mod:`~kayalib.lessons.kit.plots`: :class:`Chart` (a PNG with its text equivalent).

The run box, the error banner, the language and the address options are the page layer's
(:mod:`kayalib.pages`), shared with the play apps. The names below are imported on first use, so
a page that draws no chart does not load matplotlib.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "Lesson": "page",
    "lesson_list_html": "page",
    "Prediction": "predict",
    "range_choices": "predict",
    "range_of": "predict",
    "Exercise": "exercise",
    "parse_number": "exercise",
    "Step": "stepper",
    "Stepper": "stepper",
    "DealSimulator": "simulator",
    "Calculator": "calculator",
    "TournamentRunner": "tournament",
    "Chart": "plots",
    "LiveChart": "plots",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'kayalib.lessons.kit' has no attribute {name!r}")
    return getattr(importlib.import_module(f"kayalib.lessons.kit.{home}"), name)
