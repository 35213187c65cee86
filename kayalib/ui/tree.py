"""A page as data: the tree the play apps' one widget sends (:mod:`kayalib.ui.board`), and the
small patches that turn one tree into the next.

A *node* is text (a ``str``), a card (``{"card": id, "w": width}``: a drawing sent once by its
id, :class:`Sprites`) or an element ``[tag, props, *children]``: ``tag`` is ``"div.kaya-panel"``
(a name and its fixed classes), ``props`` its attributes (``"class"`` adds classes that come and
go; ``"ctl"`` names a control whose clicks and choices go back to the kernel). Text is only ever
text: the front end sets it as text, never as markup, so a nickname cannot become a script.

>>> tree = h("div.kaya-panel", h("b", "Round 2"), " ", h("span", "pair K", cls="kaya-win"))
>>> tree
['div.kaya-panel', {}, ['b', {}, 'Round 2'], ' ', ['span', {'class': 'kaya-win'}, 'pair K']]
>>> text(tree)
'Round 2 pair K'
>>> to_html(tree)
'<div class="kaya-panel"><b>Round 2</b> <span class="kaya-win">pair K</span></div>'

:func:`diff` says how to go from one tree to the next in a few operations (``apply`` does them):

>>> after = h("div.kaya-panel", h("b", "Round 3"), " ", h("span", "pair K", cls="kaya-win"))
>>> diff(tree, after)
[['r', [0, 0], 'Round 3']]
>>> apply(tree, diff(tree, after)) == after
True
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from kayalib.errors import ParseError

__all__ = [
    "Node", "apply", "card", "card_row", "diff", "drawings", "drawn", "find", "find_all", "h",
    "inline", "sprite", "text", "to_html",
]  # fmt: skip

Node = Any
"""Text, a card or an element (see the module's docstring); JSON as it is."""

#: an element's children start here in its list (after the tag and the props)
FIRST = 2


def h(tag: str, *children: Node | None, cls: str | Iterable[str] = "", **props: Any) -> list[Any]:
    """An element: ``children`` in order (``None`` and ``""`` are left out); ``cls`` classes
    that come and go (a fixed class goes in ``tag``); ``props`` its attributes, ``aria_label``
    written ``aria-label`` (``None`` and ``False`` leave an attribute out)."""
    attrs: dict[str, Any] = {}
    extra = cls.split() if isinstance(cls, str) else [c for c in cls if c]
    if extra:
        attrs["class"] = " ".join(extra)
    for key, value in props.items():
        if value is not None and value is not False:
            attrs[key.replace("_", "-")] = value
    node: list[Any] = [tag, attrs]
    node.extend(child for child in children if child is not None and child != "")
    return node


def card(sprite: str, width: int) -> dict[str, Any]:
    """A drawing of :class:`Sprites` (by its id), ``width`` pixels wide."""
    return {"card": sprite, "w": width}


#: every drawing made, by its id (a content hash: the same drawing, the same id)
_DRAWINGS: dict[str, str] = {}
_IDS: dict[str, str] = {}


def sprite(svg: str) -> str:
    """The id of the drawing ``svg``: a page is sent a drawing once, and a tree names it in a
    few bytes however often it shows it.

    >>> sprite('<svg class="kaya-card"></svg>') == sprite('<svg class="kaya-card"></svg>')
    True
    """
    found = _IDS.get(svg)
    if found is None:
        found = _IDS[svg] = hashlib.blake2s(svg.encode(), digest_size=6).hexdigest()
        _DRAWINGS[found] = svg
    return found


def drawn(svg: str, width: int) -> dict[str, Any]:
    """A card node showing the drawing ``svg`` at ``width`` pixels."""
    return card(sprite(svg), width)


def drawings(node: Node) -> dict[str, str]:
    """The drawings ``node`` shows, by id.

    >>> drawings(h("div", drawn("<svg></svg>", 40))) == {sprite("<svg></svg>"): "<svg></svg>"}
    True
    """
    found: dict[str, str] = {}
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item[FIRST:])
        elif isinstance(item, dict):
            found[item["card"]] = _DRAWINGS[item["card"]]
    return found


def card_row(cards: Sequence[Node], empty: str = "") -> list[Any]:
    """Cards side by side in a row that wraps (``empty`` is said when there are none)."""
    if not cards:
        return h("div.kaya-card-row.kaya-empty", empty)
    return h("div.kaya-card-row", *cards)


# ---- inline markup of the catalogue ----------------------------------------------------------

_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*")


def inline(words: str) -> list[Node]:
    """Catalogue text with ``**bold**``, ``*italic*`` and `` `code` `` as nodes.

    >>> inline("Say **sprawdzam!** or add `?seed=7` <here>")
    ['Say ', ['b', {}, 'sprawdzam!'], ' or add ', ['code', {}, '?seed=7'], ' <here>']
    """
    out: list[Node] = []
    at = 0
    for match in _INLINE.finditer(words):
        if match.start() > at:
            out.append(words[at : match.start()])
        code, bold, italic = match.groups()
        if code is not None:
            out.append(h("code", code))
        elif bold is not None:
            out.append(h("b", bold))
        else:
            out.append(h("i", italic))
        at = match.end()
    if at < len(words):
        out.append(words[at:])
    return out


# ---- reading a tree --------------------------------------------------------------------------


def text(node: Node) -> str:
    """The words of ``node``, as a page's ``textContent`` reads them (a card says nothing)."""
    if isinstance(node, str):
        return node
    if isinstance(node, list):
        return "".join(text(child) for child in node[FIRST:])
    return ""


def _classes(node: list[Any]) -> set[str]:
    fixed = node[0].split(".")[1:]
    return {*fixed, *str(node[1].get("class", "")).split()}


def find_all(node: Node, css_class: str) -> list[list[Any]]:
    """Every element of ``node`` (itself included) with ``css_class``, in document order."""
    found: list[list[Any]] = []
    if isinstance(node, list):
        if css_class in _classes(node):
            found.append(node)
        for child in node[FIRST:]:
            found.extend(find_all(child, css_class))
    return found


def find(node: Node, css_class: str) -> list[Any] | None:
    """The first element of ``node`` with ``css_class``, or ``None``."""
    found = find_all(node, css_class)
    return found[0] if found else None


def to_html(node: Node) -> str:
    """``node`` as HTML (a page that is not the board shows it so)."""
    if isinstance(node, str):
        return escape(node, quote=False)
    if isinstance(node, dict):
        svg = _DRAWINGS.get(node["card"], "")
        return re.sub(r'width="\d+" height="\d+"', _size(svg, node["w"]), svg, count=1)
    name, *fixed = node[0].split(".")
    attrs = dict(node[1])
    classes = " ".join([*fixed, *str(attrs.pop("class", "")).split()])
    head = f' class="{escape(classes)}"' if classes else ""
    for key, value in attrs.items():
        if key == "ctl":
            key = "data-ctl"
        head += f" {key}" if value is True else f' {key}="{escape(str(value))}"'
    inner = "".join(to_html(child) for child in node[FIRST:])
    return f"<{name}{head}>{inner}</{name}>"


def _size(svg: str, width: int) -> str:
    """The width and height attributes of ``svg`` drawn ``width`` pixels wide."""
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    ratio = float(box.group(2)) / float(box.group(1)) if box else 1.0
    return f'width="{width}" height="{round(width * ratio)}"'


# ---- from one tree to the next ---------------------------------------------------------------

Path = list[int]
#: how far ahead a list's first child is looked for among the old children (a log that lets
#: its oldest group go)
LOOK_AHEAD = 3


def diff(old: Node, new: Node) -> list[list[Any]]:
    """The operations that turn ``old`` into ``new``, each ``[op, path, value]``, the path
    counting children from the root:

    - ``["r", path, node]``: the node at ``path`` is ``node`` now;
    - ``["p", path, {name: value}]``: these attributes changed (``None``: gone);
    - ``["+", path, nodes]``: ``nodes`` added at the end of the element's children;
    - ``["-", path, n]``: only its first ``n`` children stay;
    - ``["<", path, k]``: its first ``k`` children go.

    >>> log = h("ul", h("li", "a"), h("li", "b"))
    >>> diff(log, h("ul", h("li", "b"), h("li", "c")))
    [['<', [], 1], ['+', [], [['li', {}, 'c']]]]
    """
    ops: list[list[Any]] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Node, new: Node, path: Path, ops: list[list[Any]]) -> None:
    if old == new:
        return
    if not (isinstance(old, list) and isinstance(new, list) and old[0] == new[0]):
        ops.append(["r", path, new])
        return
    if old[1] != new[1]:
        changed = {k: v for k, v in new[1].items() if old[1].get(k) != v}
        changed.update({k: None for k in old[1] if k not in new[1]})
        ops.append(["p", path, changed])
    before, after = old[FIRST:], new[FIRST:]
    if before and after and before[0] != after[0]:
        gone = next((k for k in range(1, min(len(before), LOOK_AHEAD + 1))
                     if before[k] == after[0]), 0)  # fmt: skip
        if gone:
            ops.append(["<", path, gone])
            before = before[gone:]
    common = min(len(before), len(after))
    for i in range(common):
        _diff(before[i], after[i], [*path, i], ops)
    if len(after) > common:
        ops.append(["+", path, after[common:]])
    elif len(before) > common:
        ops.append(["-", path, common])


def apply(tree: Node, ops: Sequence[Sequence[Any]]) -> Node:
    """``tree`` after ``ops`` (:func:`diff`'s); ``tree`` itself is not changed."""
    import copy

    root: list[Any] = [copy.deepcopy(tree)]
    for op, path, value in ops:
        parent, index = root, 0
        for step in path:
            parent, index = parent[index], FIRST + step
        node = parent[index]
        if op == "r":
            parent[index] = copy.deepcopy(value)
        elif op == "p":
            for key, attr in value.items():
                if attr is None:
                    node[1].pop(key, None)
                else:
                    node[1][key] = attr
        elif op == "+":
            node.extend(copy.deepcopy(value))
        elif op == "-":
            del node[FIRST + value :]
        elif op == "<":
            del node[FIRST : FIRST + value]
        else:
            raise ParseError(f"not a patch operation: {op!r}")
    return root[0]
