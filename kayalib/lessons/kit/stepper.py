"""A Back / Next stepper that replays a scripted example one step at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from kayalib.errors import ArgumentError
from kayalib.i18n import Translator
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Localized, Text

__all__ = ["Step", "Stepper"]


@dataclass(frozen=True)
class Step:
    """One step of a replay: a title, a picture of the table (HTML) and the explanation;
    ``chapter``: it starts a scene the stepper lets a reader jump to."""

    title: str
    table: str
    text: str
    chapter: bool = False


Steps = Sequence[Step] | Callable[[Translator], Sequence[Step]]


class Stepper(widgets.VBox, Localized):
    """Start / Back / Next buttons over a list of ``Step`` s; shows one step at a time.

    ``steps`` is a list, or a function of the translator that makes the list (so the steps are
    told again in the new language when the language changes; the position is kept).

    >>> stepper = Stepper([Step("Deal", "<p>table</p>", "Cards are dealt."),
    ...                    Step("Bid", "<p>table 2</p>", "Ala bids.")], lang="en")
    >>> stepper.position.value
    'Step 1 of 2'
    >>> stepper.next_button.click(); stepper.index
    1
    >>> stepper.next_button.disabled
    True
    """

    def __init__(
        self, steps: Steps, title: Text = "", *, lang: str | None = None, **kwargs: Any
    ) -> None:
        self.init_language(lang)
        self.make_steps = steps if callable(steps) else (lambda _t, s=tuple(steps): s)
        self.steps: tuple[Step, ...] = tuple(self.make_steps(self.t))
        if not self.steps:
            raise ArgumentError("a stepper needs at least one step")
        self.title = title
        self.index = 0
        self._moving = False
        self.errors = ErrorBanner(lambda: self.t)
        self.first_button = widgets.Button(layout={"width": "auto"})
        self.back_button = widgets.Button(layout={"width": "auto"})
        self.next_button = widgets.Button(button_style="primary", layout={"width": "auto"})
        self.position = widgets.Label()
        self.chapters = widgets.Dropdown(layout={"width": "auto"},
                                         style={"description_width": "initial"})  # fmt: skip
        self.chapters.add_class("kayalib-stepper-chapters")
        self.chapters.observe(self.errors.guard(self._jump), "value")
        self.header = widgets.HTML()
        self.heading = widgets.HTML()
        self.table = widgets.HTML()
        self.text = widgets.HTML()
        for button in (self.first_button, self.back_button, self.next_button):
            button.add_class("kayalib-stepper-button")
        self.next_button.add_class("kayalib-stepper-next")
        self.first_button.on_click(self.errors.guard(lambda _: self.go(0)))
        self.back_button.on_click(self.errors.guard(lambda _: self.go(self.index - 1)))
        self.next_button.on_click(self.errors.guard(lambda _: self.go(self.index + 1)))
        super().__init__(
            [
                self.header,
                widgets.HBox(
                    [self.first_button, self.back_button, self.next_button, self.position]
                ),
                self.chapters,
                self.heading,
                self.table,
                self.text,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-stepper")
        self._labels()
        self.go(0)

    def _labels(self) -> None:
        t = self.t
        title = self.say(self.title)
        self.header.value = f"<h4>{escape(title)}</h4>" if title else ""
        self.first_button.description = t("lesson_start")
        self.back_button.description = t("lesson_back")
        self.next_button.description = t("lesson_next")
        self.chapters.description = t("lesson_scenes")  # its label: a list needs a visible name
        marks = [(step.title, i) for i, step in enumerate(self.steps) if step.chapter]
        self.chapters.layout.display = "" if marks else "none"
        self._moving = True  # new labels are not a jump
        try:
            self.chapters.options = [(t("lesson_jump_to"), -1), *marks]
            self.chapters.value = -1
        finally:
            self._moving = False

    def _jump(self, change: Any) -> None:
        """The reader chose a scene: show its first step."""
        if not self._moving and change["new"] is not None and change["new"] >= 0:
            self.go(change["new"])

    def relabel(self) -> None:
        self.steps = tuple(self.make_steps(self.t))
        self._labels()
        self.go(self.index)

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the first and last step)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        step = self.steps[self.index]
        self.position.value = self.t("lesson_step_of", n=self.index + 1, total=len(self.steps))
        self.heading.value = f"<b>{escape(step.title)}</b>"
        self.table.value = step.table
        self.text.value = f'<div style="max-width:46em">{step.text}</div>'
        self.first_button.disabled = self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self._moving = True
        try:
            self.chapters.value = -1  # the list offers the scenes again
        finally:
            self._moving = False
