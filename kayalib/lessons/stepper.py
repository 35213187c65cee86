"""A Back / Next stepper that replays a scripted example one step at a time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from kayalib.lessons._widgets import ErrorBox, escape, guarded

__all__ = ["Step", "Stepper"]


@dataclass(frozen=True)
class Step:
    """One step of a replay: a title, a picture of the table (HTML) and the explanation."""

    title: str
    table: str
    text: str


class Stepper(widgets.VBox):
    """Back / Next buttons over a list of ``Step`` s; shows one step at a time.

    >>> stepper = Stepper([Step("Deal", "<p>table</p>", "Cards are dealt."),
    ...                    Step("Bid", "<p>table 2</p>", "Ala bids.")])
    >>> stepper.position.value
    'Step 1 of 2'
    >>> stepper.next_button.click(); stepper.index
    1
    >>> stepper.next_button.disabled
    True
    """

    def __init__(self, steps: Sequence[Step], title: str = "", **kwargs: Any) -> None:
        if not steps:
            raise ValueError("a stepper needs at least one step")
        self.steps: tuple[Step, ...] = tuple(steps)
        self.index = 0
        self.errors = ErrorBox()
        self.first_button = widgets.Button(description="« Start", layout={"width": "90px"})
        self.back_button = widgets.Button(description="◀ Back", layout={"width": "90px"})
        self.next_button = widgets.Button(
            description="Next ▶", button_style="primary", layout={"width": "90px"}
        )
        self.position = widgets.Label()
        self.heading = widgets.HTML()
        self.table = widgets.HTML()
        self.text = widgets.HTML()
        for button in (self.first_button, self.back_button, self.next_button):
            button.add_class("kayalib-stepper-button")
        self.first_button.on_click(guarded(self.errors)(lambda _: self.go(0)))
        self.back_button.on_click(guarded(self.errors)(lambda _: self.go(self.index - 1)))
        self.next_button.on_click(guarded(self.errors)(lambda _: self.go(self.index + 1)))
        header = [widgets.HTML(f"<h4>{escape(title)}</h4>")] if title else []
        super().__init__(
            [
                *header,
                widgets.HBox(
                    [self.first_button, self.back_button, self.next_button, self.position]
                ),
                self.heading,
                self.table,
                self.text,
                self.errors,
            ],
            **kwargs,
        )
        self.add_class("kayalib-stepper")
        self.go(0)

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the first and last step)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        step = self.steps[self.index]
        self.position.value = f"Step {self.index + 1} of {len(self.steps)}"
        self.heading.value = f"<b>{escape(step.title)}</b>"
        self.table.value = step.table
        self.text.value = f'<div style="max-width:46em">{step.text}</div>'
        self.first_button.disabled = self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
