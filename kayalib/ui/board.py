"""The one widget of a play page: :class:`Board` draws the page from a tree of data
(:mod:`kayalib.ui.tree`) with one front-end module (``board.js``, shipped with it by anywidget,
the ecosystem's way to ship a widget's JavaScript beside its Python), and a change is one small
message: the patch from the tree the page has to the next.

The page asks for nothing else: it is given the whole tree when it loads (the widget's state,
:meth:`Board.get_state`), then each patch as a message of its own, numbered. A page that missed
one (a message that came while the page was still building its widgets) asks for the whole tree
again (``hello``), and so does every view when it is drawn. The tree, a patch and the card
drawings travel as compact JSON, deflated, in the message's one binary buffer (:func:`pack`: a
new hand of nine card drawings is a kilobyte, not ten).

What the reader does comes back as a message for a control (:mod:`kayalib.ui.controls`), which
:meth:`Board.receive` hands to it, by its name; tests drive a page headlessly through the same
method. Whatever a message makes the page draw is sent once, when the message has been handled.

>>> from kayalib.ui.controls import Button
>>> from kayalib.ui.tree import h
>>> board = Board()
>>> go = board.add(Button("go", "kaya-go", description="Go"))
>>> board.show(h("div.kaya-app", go.node()))
>>> board.rev, board.sent[-1]["ops"][0][0]
(1, '+')
>>> board.show(h("div.kaya-app", go.node())); board.rev  # nothing changed: nothing sent
1
"""

from __future__ import annotations

import json
import logging
import re
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets as tl

from kayalib.ui.controls import Control
from kayalib.ui.tree import Node, diff, drawings, h

__all__ = ["Board", "board_css", "board_module", "pack", "unpack"]

log = logging.getLogger("kayalib.ui")
HERE = Path(__file__).parent
#: how many of the messages sent a board remembers (tests read them)
KEPT = 20


def pack(data: Any) -> bytes:
    """``data`` as the page reads it: compact JSON, deflated (raw DEFLATE, no header).

    >>> unpack(pack({"ops": [["r", [0], "Round 2"]]}))
    {'ops': [['r', [0], 'Round 2']]}
    """
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(text.encode("utf-8")) + packer.flush()


def unpack(data: bytes) -> Any:
    """What :func:`pack` packed."""
    return json.loads(zlib.decompress(data, -15))


@cache
def board_module() -> str:
    """``board.js`` as the page is sent it: without its comments and indentation."""
    lines = (line.strip() for line in (HERE / "board.js").read_text("utf-8").splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


@cache
def board_css() -> str:
    """The apps' stylesheet (``style.css``) as the page is sent it: without its comments."""
    css = re.sub(r"/\*.*?\*/", "", (HERE / "style.css").read_text("utf-8"), flags=re.S)
    return re.sub(r"\s+", " ", css).strip()


class Board(anywidget.AnyWidget):
    """One page drawn from a tree: :meth:`show` a new tree, and the page gets the patch."""

    _esm = tl.Unicode(board_module()).tag(sync=True)
    _css = tl.Unicode(board_css()).tag(sync=True)
    #: what a page that loads is given (:meth:`get_state` fills it with the tree shown now)
    scene = tl.Dict().tag(sync=True)
    #: the number of the tree shown now (each patch adds one; observe it to see every change)
    rev = tl.Int(0)

    def __init__(self) -> None:
        self._tree: Node = h("div.kaya-app")
        self._sprites: dict[str, str] = {}
        self._known: set[str] = set()  # the drawings the page has been sent
        self.controls: dict[str, Control] = {}
        #: the messages sent (the last few), for tests
        self.sent: list[dict[str, Any]] = []
        #: what draws the page again after a message was handled (the app's render)
        self.redraw: Callable[[], None] = lambda: None
        self._batch: list[Node] | None = None
        super().__init__()
        self.on_msg(self._message)

    # ---- what the page is given ------------------------------------------------------------

    @property
    def tree(self) -> Node:
        """The tree shown now."""
        return self._tree

    @property
    def sprites(self) -> dict[str, str]:
        """The drawings the tree shown now uses, by id."""
        return dict(self._sprites)

    def snapshot(self) -> dict[str, Any]:
        """The whole page: its number, its tree and the drawings it uses."""
        self._known = set(self._sprites)
        return {"rev": self.rev, "tree": self._tree, "sprites": dict(self._sprites)}

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
        """The widget's state, the scene being the page as it is now, packed (so a page that
        loads, or asks for every widget again, draws what the kernel shows)."""
        state: dict[str, Any] = super().get_state(key, drop_defaults)
        if "scene" in state and hasattr(self, "_tree"):
            state["scene"] = {"rev": self.rev, "packed": pack(self.snapshot())}
        return state

    def show(self, tree: Node) -> None:
        """Show ``tree``: the page is sent the patch, at once, or once the message being
        handled is done."""
        if self._batch is not None:
            self._batch.append(tree)
            return
        self._send_tree(tree)

    def _send_tree(self, tree: Node) -> None:
        ops = diff(self._tree, tree)
        if not ops:
            return
        self._tree = tree
        self._sprites = drawings(tree)
        new = {key: svg for key, svg in self._sprites.items() if key not in self._known}
        self._known.update(new)
        self._post({"base": self.rev, "rev": self.rev + 1}, {"ops": ops, "sprites": new})
        self.rev += 1  # observers see the page as it is now

    def _post(self, head: dict[str, Any], body: dict[str, Any]) -> None:
        """Send ``head`` with ``body`` packed in its buffer (``sent`` keeps both, unpacked)."""
        self.sent = [*self.sent[-KEPT + 1 :], {**head, **body}]
        self.send(head, [pack(body)])

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Hold what is shown while a message is handled; then send the last tree, once."""
        if self._batch is not None:
            yield
            return
        self._batch = []
        try:
            yield
        finally:
            shown, self._batch = self._batch, None
            if shown:
                self._send_tree(shown[-1])

    # ---- what the page says ----------------------------------------------------------------

    def add(self, control: Control) -> Any:
        """Take the messages for ``control`` (by its name); the control itself."""
        self.controls[control.ctl] = control
        return control

    def receive(self, message: Any) -> None:
        """A message from the page: ``{"hello": rev}`` (send it the whole page unless it has
        ``rev``), or ``{"ctl": name, ...}`` for a control (then the page is drawn again and sent
        once). Anything else, or a control this page has not, changes nothing."""
        if not isinstance(message, dict):
            return
        if "hello" in message:
            if message["hello"] != self.rev:
                self._post({"snapshot": self.rev}, self.snapshot())
            return
        name = message.get("ctl")
        control = self.controls.get(name) if isinstance(name, str) else None
        if control is None:
            return
        with self.batch():
            control.receive(message)
            if not self._batch:  # the handlers drew nothing: draw what the control changed
                self.redraw()

    def click(self, ctl: str) -> None:
        """Click the control ``ctl`` as the page does (tests)."""
        self.receive({"ctl": ctl, "do": "click"})

    def choose(self, ctl: str, value: Any) -> None:
        """Choose ``value`` in the control ``ctl`` as the page does (tests): an option's value
        (its index is sent), a box's ``True``/``False``, a field's text."""
        control = self.controls[ctl]
        options = getattr(control, "options", None)
        if options is not None:
            value = str([v for _, v in options].index(value))
        self.receive({"ctl": ctl, "value": value})

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.receive(content)
        except Exception:  # the app shows its own errors; nothing is lost here
            log.error("Exception in callback (a page's message)", exc_info=True)
