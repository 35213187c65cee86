"""A probability tree as an SVG picture (a pure string, no plotting library), for paper.

Read left to right: each branch carries a box for its probability, each node says what has
happened, and each path ends in a box for the chance of the whole path. The caller gives every
text already in the reader's language; with ``blank=True`` the boxes stay empty (the student's
sheet), so the picture shows the events only.

>>> tree = TreeNode("", children=(TreeNode("heads", "1/2", leaf="1/2"),
...                              TreeNode("tails", "1/2", leaf="1/2")))
>>> svg = tree_svg(tree, title="a coin")
>>> svg.startswith("<svg") and svg.count("1/2") == 4 and "heads" in svg
True
>>> "1/2" in tree_svg(tree, title="a coin", blank=True)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["TreeNode", "tree_svg"]

COLUMN, GAP, ROW = 150, 120, 70
"""A node label's width, the width of a branch between two labels, the height of a path."""
BOX_W, BOX_H, LEAF_W = 80, 22, 190
INK, KEY = "#222222", "#1b7f3b"


@dataclass(frozen=True)
class TreeNode:
    """What has happened at a node (``label``), the probability of the branch that leads there
    (``p``, as written on the key), its ``children``, and for a path's end the ``leaf`` text (the
    chance of the whole path, as written on the key)."""

    label: str
    p: str = ""
    children: tuple[TreeNode, ...] = ()
    leaf: str = ""

    def depth(self) -> int:
        return 1 + max((child.depth() for child in self.children), default=0)

    def leaves(self) -> int:
        return sum(child.leaves() for child in self.children) if self.children else 1


def _lines(text: str, width: int = 25) -> list[str]:
    """``text`` broken between words into lines of at most about ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _box(x: float, y: float, w: float, text: str, blank: bool) -> str:
    parts = [f'<rect x="{x:.1f}" y="{y - BOX_H / 2:.1f}" width="{w}" height="{BOX_H}" rx="3"'
             f' fill="#ffffff" stroke="{INK}" stroke-width="1.2"/>']  # fmt: skip
    if text and not blank:
        parts.append(f'<text x="{x + w / 2:.1f}" y="{y + 4:.1f}" font-size="11" fill="{KEY}"'
                     f' font-weight="bold" text-anchor="middle">{escape(text)}</text>')  # fmt: skip
    return "".join(parts)


def _label(x: float, y: float, text: str) -> str:
    """A node: a line from ``x`` to the end of its column at height ``y``, ``text`` above it."""
    lines = _lines(text)
    top = y - 5 - 13 * (len(lines) - 1)
    words = "".join(f'<text x="{x + 4:.1f}" y="{top + 13 * i:.1f}" font-size="11" fill="{INK}">'
                    f"{escape(line)}</text>" for i, line in enumerate(lines))  # fmt: skip
    return (f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + COLUMN:.1f}" y2="{y:.1f}" stroke="{INK}"'
            f' stroke-width="1.2"/>{words}')  # fmt: skip


def tree_svg(root: TreeNode, *, title: str, leaf_heading: str = "", blank: bool = False) -> str:
    """The tree from ``root`` (whose own label, if any, is written at the left), its branches'
    and leaves' boxes filled unless ``blank``; ``leaf_heading`` names the column of path ends."""
    depth, rows = root.depth(), root.leaves()
    top = 26 if leaf_heading else 8
    leaf_x = 20 + (depth - 1) * (GAP + COLUMN) + 6
    width, height = int(leaf_x + LEAF_W + 8), int(top + rows * ROW + 4)
    parts = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    if leaf_heading:
        parts.append(f'<text x="{leaf_x + LEAF_W / 2:.1f}" y="16" font-size="11" fill="{INK}"'
                     f' text-anchor="middle">{escape(leaf_heading)}</text>')  # fmt: skip
    row = [0]

    def place(node: TreeNode, level: int) -> float:
        """Draw ``node``'s subtree; return the height of ``node``'s point."""
        if not node.children:
            y = top + ROW * (row[0] + 0.5)
            row[0] += 1
        else:
            ys = [place(child, level + 1) for child in node.children]
            y = sum(ys) / len(ys)
        return _draw(node, level, y, ys if node.children else [])

    def _draw(node: TreeNode, level: int, y: float, ys: Sequence[float]) -> float:
        x = 20 + level * (GAP + COLUMN) - (COLUMN if level else 0)
        end = x + (COLUMN if level else 0)
        if level:
            parts.append(_label(x, y, node.label))
        else:
            parts.append(f'<circle cx="{end - 6}" cy="{y:.1f}" r="4" fill="{INK}"/>')
        for child, child_y in zip(node.children, ys, strict=True):
            start, stop = end, end + GAP
            parts.append(f'<line x1="{start:.1f}" y1="{y:.1f}" x2="{stop:.1f}" y2="{child_y:.1f}"'
                         f' stroke="{INK}" stroke-width="1.2"/>')  # fmt: skip
            mid_x, mid_y = (start + stop) / 2, (y + child_y) / 2
            parts.append(_box(mid_x - BOX_W / 2, mid_y, BOX_W, child.p, blank))
        if not node.children and level:
            parts.append(f'<line x1="{end:.1f}" y1="{y:.1f}" x2="{leaf_x:.1f}" y2="{y:.1f}"'
                         f' stroke="#999999" stroke-dasharray="3,3"/>')  # fmt: skip
            parts.append(_box(leaf_x, y, LEAF_W, node.leaf, blank))
        return y

    place(root, 0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}"'
            f' width="{width}" height="{height}"><title>{escape(title)}</title>'
            f'{"".join(parts)}</svg>')  # fmt: skip
