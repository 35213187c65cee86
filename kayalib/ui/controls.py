"""The controls of a play page: buttons, toggles, dropdowns, check boxes, a text field and a
slider, drawn by the page's one widget (:mod:`kayalib.ui.board`) as elements of its tree.

A control is plain state in the kernel (``traitlets``: ``observe(handler, names="value")`` as
with ipywidgets) and draws itself (:meth:`Control.node`, kept until the control changes); it is
not a widget of its own, so a page with forty controls is still one widget and a click one
message. What the reader does in
the browser comes back as a message for the control's ``ctl`` name (:meth:`Control.receive`:
a click, or the value chosen), which does exactly what the kernel's own ``click()`` or
``value = ...`` does. A control that is hidden or disabled takes no message: a page that sends
one anyway (an old page, a forged message) changes nothing.

>>> go = Button("go", "kaya-go", description="Go")
>>> seen = []
>>> go.on_click(lambda b: seen.append(b.description))
>>> go.receive({"do": "click"}); seen
['Go']
>>> go.disabled = True; go.receive({"do": "click"}); seen
['Go']
>>> pick = Choice("pick", "kaya-pick", options=[("one", 1), ("two", 2)])
>>> pick.receive({"value": "1"}); pick.value
2
>>> pick.receive({"value": "7"}); pick.value  # not an option: nothing changes
2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import traitlets as tl

from kayalib.ui.tree import Node, h

__all__ = ["Button", "Check", "Choice", "Control", "Slider", "TextField", "Toggle"]

#: what a text field takes from a page, at most
TEXT_CHARS = 200


class Control(tl.HasTraits):
    """What every control has: its name in messages (``ctl``), its fixed class (``css``), whether
    it is shown, whether it is disabled, and the tooltip (also its name for a screen reader when
    it has no label of its own)."""

    shown = tl.Bool(True)
    disabled = tl.Bool(False)
    tooltip = tl.Unicode("")
    description = tl.Unicode("")

    def __init__(self, ctl: str, css: str, **traits: Any) -> None:
        super().__init__(**traits)
        self.ctl = ctl
        self.css = css
        self.classes: list[str] = []
        self.focused = 0  # how often the keyboard's focus was moved here
        self._drawn: Node | None = None
        self.observe(self._changed)

    def _changed(self, _change: object = None) -> None:
        self._drawn = None

    def focus(self) -> None:
        """Move the keyboard's focus here (the page does it when it draws the change)."""
        self.focused += 1
        self._changed()

    def add_class(self, name: str) -> None:
        if name not in self.classes:
            self.classes.append(name)
            self._changed()

    def remove_class(self, name: str) -> None:
        if name in self.classes:
            self.classes.remove(name)
            self._changed()

    @property
    def takes_messages(self) -> bool:
        return self.shown and not self.disabled

    def receive(self, message: Mapping[str, Any]) -> None:
        """What the reader did in the page (ignored while hidden or disabled)."""
        if self.takes_messages:
            self._receive(message)

    def _receive(self, message: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def node(self) -> Node:
        """The control as an element of the page's tree (the same object until it changes, so
        a page's tree is quick to build and to compare)."""
        if self._drawn is None:
            self._drawn = self._node()
        return self._drawn

    def _node(self) -> Node:
        raise NotImplementedError

    def _tag(self, name: str) -> str:
        return f"{name}.{self.css}"


class Button(Control):
    """A button; ``style`` is one of ``primary``, ``danger``, ``success``, ``warning``, ``info``
    or ``""`` (a class ``kaya-style-<style>``, with words that say the same)."""

    style = tl.Unicode("")

    def __init__(self, ctl: str, css: str, **traits: Any) -> None:
        super().__init__(ctl, css, **traits)
        self._handlers: list[Callable[[Button], Any]] = []

    def on_click(self, handler: Callable[[Any], Any]) -> None:
        self._handlers.append(handler)

    def click(self) -> None:
        for handler in list(self._handlers):
            handler(self)

    def _receive(self, message: Mapping[str, Any]) -> None:
        if message.get("do") == "click":
            self.click()

    def _props(self) -> dict[str, Any]:
        return {"type": "button", "ctl": self.ctl, "title": self.tooltip or None,
                "disabled": self.disabled, "hidden": not self.shown,
                "data-focus": self.focused or None}  # fmt: skip

    def _cls(self) -> list[str]:
        return [f"kaya-style-{self.style}" if self.style else "", *self.classes]

    def _node(self) -> Node:
        return h(self._tag("button.kaya-button"), self.description, cls=self._cls(),
                 **self._props())  # fmt: skip


class Toggle(Button):
    """A button that is on or off (``value``); a click turns it over. ``aria-pressed`` says
    which, and its words do too."""

    value = tl.Bool(False)

    def click(self) -> None:
        self.value = not self.value
        super().click()

    def _node(self) -> Node:
        return h(self._tag("button.kaya-button.kaya-toggle"), self.description,
                 cls=self._cls(), aria_pressed="true" if self.value else "false",
                 **self._props())  # fmt: skip


class Choice(Control):
    """A dropdown of ``(label, value)`` options; the page sends the index of the one chosen.
    ``description`` is its visible label (none: the tooltip names it)."""

    options: tl.List[tuple[str, Any]] = tl.List()
    value = tl.Any(None)

    def __init__(self, ctl: str, css: str, *, options: Sequence[tuple[str, Any]] = (),
                 value: Any = None, **traits: Any) -> None:  # fmt: skip
        super().__init__(ctl, css, **traits)
        self.set_options(options)
        if value is not None:
            self.value = value

    def set_options(self, options: Sequence[tuple[str, Any]]) -> None:
        """Offer ``options``, keeping the value when it is still offered (else the first)."""
        options = [(str(label), value) for label, value in options]
        if options == list(self.options):
            return
        old = self.value
        values = [value for _, value in options]
        self.options = options
        if old in values:
            return
        self.value = values[0] if values else None

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.options]

    def _index(self) -> int:
        values = [value for _, value in self.options]
        return values.index(self.value) if self.value in values else -1

    def _receive(self, message: Mapping[str, Any]) -> None:
        index = message.get("value")
        if isinstance(index, str) and index.isdigit() and int(index) < len(self.options):
            self.value = self.options[int(index)][1]

    def _node(self) -> Node:
        chosen = self._index()
        select = h("select", *[h("option", label, value=str(i))
                               for i, (label, _) in enumerate(self.options)],
                   ctl=self.ctl, value=str(chosen), disabled=self.disabled,
                   aria_label=None if self.description else self.tooltip or None)  # fmt: skip
        label = h("span.kaya-label", self.description) if self.description else None
        return h(self._tag("label.kaya-choice"), label, select, cls=self.classes,
                 title=self.tooltip or None, hidden=not self.shown)  # fmt: skip


class Check(Control):
    """A check box with its words beside it."""

    value = tl.Bool(False)

    def _receive(self, message: Mapping[str, Any]) -> None:
        if isinstance(message.get("value"), bool):
            self.value = message["value"]

    def _node(self) -> Node:
        box = h("input", type="checkbox", ctl=self.ctl, checked=self.value,
                disabled=self.disabled)  # fmt: skip
        return h(self._tag("label.kaya-check-box"), box, " ", self.description,
                 cls=self.classes, title=self.tooltip or None, hidden=not self.shown)  # fmt: skip


class TextField(Control):
    """A one-line text box; the page sends its text when the reader presses Enter (or leaves
    it)."""

    value = tl.Unicode("")
    placeholder = tl.Unicode("")

    def _receive(self, message: Mapping[str, Any]) -> None:
        value = message.get("value")
        if isinstance(value, str):
            self.value = value[:TEXT_CHARS]

    def _node(self) -> Node:
        field = h("input", type="text", ctl=self.ctl, value=self.value,
                  placeholder=self.placeholder or None, disabled=self.disabled,
                  maxlength=TEXT_CHARS)  # fmt: skip
        return h(self._tag("label.kaya-text"), h("span.kaya-label", self.description), field,
                 cls=self.classes, title=self.tooltip or None, hidden=not self.shown)  # fmt: skip


class Slider(Control):
    """A slider from ``low`` to ``high`` in ``step`` s; ``readout(value)`` writes its value for
    the reader (beside it, and as the slider's spoken value)."""

    value = tl.Float(0.0)

    def __init__(self, ctl: str, css: str, *, low: float, high: float, step: float,
                 readout: Callable[[float], str] = str, **traits: Any) -> None:  # fmt: skip
        super().__init__(ctl, css, **traits)
        self.low, self.high, self.step = low, high, step
        self._readout = readout

    @property
    def readout(self) -> Callable[[float], str]:
        return self._readout

    @readout.setter
    def readout(self, write: Callable[[float], str]) -> None:
        if write is not self._readout:
            self._readout = write
            self._changed()

    def _receive(self, message: Mapping[str, Any]) -> None:
        value = message.get("value")
        try:
            number = float(value) if isinstance(value, (str, int, float)) else None
        except ValueError:
            return
        if number is not None and self.low <= number <= self.high:
            self.value = round(round(number / self.step) * self.step, 10)

    def _node(self) -> Node:
        shown = self.readout(self.value)
        field = h("input", type="range", ctl=self.ctl, min=self.low, max=self.high,
                  step=self.step, value=self.value, aria_valuetext=shown,
                  aria_label=self.description or self.tooltip or None,
                  disabled=self.disabled)  # fmt: skip
        return h(self._tag("label.kaya-slider"), h("span.kaya-label", self.description), field,
                 h("span.kaya-readout", shown), cls=self.classes, title=self.tooltip or None,
                 hidden=not self.shown)  # fmt: skip
