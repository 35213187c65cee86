"""The run box: a count box, a Run button, a progress bar and the result, for every page part that
plays many games (or rounds, or deals) when the reader asks, and not before.

A page part is a :class:`RunBox` subclass that says what one run does (:meth:`RunBox.work`, which
reports its progress) and how its result is shown (:meth:`RunBox.show`, which runs again when
the language changes). The box does the rest the same way everywhere: the button is disabled
while the games run and always comes back, the bar fills and turns green when the run is done
(amber when it failed), and a failure is said in the box's error banner.

>>> class Coins(RunBox):
...     count_label, run_label, run_class = "Tosses", "Toss", "kayalib-run"
...     def work(self, count, progress):
...         for done in range(1, count + 1):
...             progress(done, count)
...         return count
...     def show(self):
...         self.shown.value = "" if self.results is None else f"{self.results} tosses"
>>> import ipywidgets as widgets
>>> shown = widgets.HTML()
>>> box = Coins(40, low=10, high=100, below=[shown], lang="en")
>>> box.shown = shown; box.run_button.click()
>>> box.shown.value, box.progress.value == box.progress.max, box.progress.bar_style
('40 tosses', True, 'success')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, Text
from kayalib.progress import ProgressCallback

__all__ = ["Progress", "RunBox"]

ResultT = TypeVar("ResultT")


class Progress:
    """The progress callback a run box hands to its work: ``progress(done, total)`` moves the
    bar (about a hundred steps, whatever the total); :meth:`part` reports a part of a run made
    of several."""

    def __init__(self, bar: widgets.IntProgress) -> None:
        self.bar = bar

    def __call__(self, done: int, total: int) -> None:
        step = max(1, total // 100)
        if done == total or done % step == 0:
            self.bar.max = max(1, total)
            self.bar.value = done

    def part(self, base: int, total: int) -> ProgressCallback:
        """A callback for the part of the run starting after ``base`` of ``total`` steps."""
        return lambda done, _part_total: self(base + done, total)


class RunBox(widgets.VBox, Localized, Generic[ResultT]):
    """Count box + Run button + progress bar + result (see the module doc).

    ``head`` widgets go above the controls (a title, seat pickers), ``before`` and ``after``
    beside the count box (an opponent, a seed box), ``below`` under the bar (where the results
    are shown). ``results`` is what the last run gave (a ``ResultT``; ``None`` before the
    first). ``kwargs`` go to the box widget.
    """

    count_label: Text = ""
    run_label: Text = ""
    run_class = "kayalib-run"
    css_class = "kayalib-run-box"

    def __init__(
        self,
        count: int,
        *,
        low: int,
        high: int,
        step: int = 1,
        width: str = "16em",
        head: Sequence[widgets.Widget] = (),
        before: Sequence[widgets.Widget] = (),
        after: Sequence[widgets.Widget] = (),
        below: Sequence[widgets.Widget] = (),
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.init_language(lang)
        self.errors = ErrorBanner(lambda: self.t)
        self.count_box = widgets.BoundedIntText(value=count, min=low, max=high, step=step,
                                                style={"description_width": "initial"},
                                                layout={"width": width})  # fmt: skip
        self.run_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.run_button.add_class(self.run_class)
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.results: ResultT | None = None
        self.run_button.on_click(self.errors.guard(lambda _: self.run()))
        controls = widgets.HBox([*before, self.count_box, *after, self.run_button])
        super().__init__([*head, controls, self.progress, self.errors, *below], **kwargs)
        self.add_class(self.css_class)

    # -- what a page part says -------------------------------------------------------------

    def work(self, count: int, progress: Progress) -> ResultT:  # pragma: no cover - abstract
        """Play ``count`` games (rounds, deals), reporting progress; return the result."""
        raise NotImplementedError

    def show(self) -> None:
        """Draw :attr:`results` (or nothing before the first run) in the reader's language."""

    def relabel_controls(self) -> None:
        """Put the words of the box's own controls on screen (``head``, ``before``...)."""

    # -- what every run box does -------------------------------------------------------------

    def relabel(self) -> None:
        t = self.t
        self.count_box.description = self.say(self.count_label)
        self.run_button.description = self.say(self.run_label)
        self.progress.description = t("lesson_progress")
        self.relabel_controls()
        self.show()

    def run(self) -> ResultT:
        """Play the games now (the button's click): the results are kept, shown and returned."""
        count = int(self.count_box.value)
        self.run_button.disabled = True
        self.progress.value, self.progress.max, self.progress.bar_style = 0, 1, ""
        try:
            result = self.work(count, Progress(self.progress))
        except BaseException:
            self.progress.bar_style = "warning"
            raise
        finally:
            self.run_button.disabled = False
        self.progress.value = self.progress.max
        self.progress.bar_style = "success"
        self.results = result
        self.show()
        return result
