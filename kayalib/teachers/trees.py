"""The probability trees of the worksheets (lessons 06 and 08), computed from the engine.

A :class:`LessonTree` is a two-level tree a student fills in on paper: the chance of every
branch, the chance of every path (the product along it) and the answer the paths add up to. The
student's sheet shows the events only; the key shows every number, each one the engine's.

* 06: you challenge Budi and Citra at once (the page's two-target question): first Budi's
  face-down card, then Citra's; you win on the path where both are at most your card;
* 08: the page's small round (you hold 9♥, the opponent opens "high card K" and bluffs at the
  page's rate): first the card it holds, then what it says; the posterior of a king is the king
  path that says the bid over both paths that say it.

>>> tree = TREES["06"]()
>>> [branch.p for branch in tree.branches], tree.answer
([Fraction(2, 3), Fraction(1, 3)], Fraction(2, 5))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from kayalib.draw.trees import TreeNode, tree_svg
from kayalib.i18n import Translator
from kayalib.pages.language import fill

__all__ = ["TREES", "Branch", "LessonTree", "tree_html"]


@dataclass(frozen=True)
class Branch:
    """A branch: the catalogue key of its event, its probability, and the branches after it."""

    event: str
    p: Fraction
    then: tuple[Branch, ...] = ()


@dataclass(frozen=True)
class LessonTree:
    """A lesson's tree: ``question`` and ``result`` are catalogue keys filled with ``values``;
    ``answer`` is what the paths ``adds`` (their positions, first path 0) give; ``over``, when
    not empty, the paths it is divided by (a conditional probability)."""

    number: str
    branches: tuple[Branch, ...]
    answer: Fraction
    adds: tuple[int, ...]
    over: tuple[int, ...] = ()
    values: dict[str, Any] = field(default_factory=dict)

    def paths(self) -> list[Fraction]:
        """The chance of every path, top to bottom (the product of its branches)."""
        return [first.p * second.p for first in self.branches for second in first.then]

    def working(self) -> Fraction:
        """The answer as the paths give it (what the key's sum shows)."""
        paths = self.paths()
        top = sum((paths[i] for i in self.adds), Fraction(0))
        return top / sum((paths[i] for i in self.over), Fraction(0)) if self.over else top


def _l06() -> LessonTree:
    from kayalib.kaya.counting import unseen_numbers, win_probability
    from kayalib.lessons.l06 import BUDI_SEEN, CITRA_SEEN, OWN

    def chance(*targets: tuple[int, ...]) -> Fraction:
        return Fraction(win_probability(OWN, targets, exact=True))

    budi, citra = unseen_numbers(BUDI_SEEN), unseen_numbers(CITRA_SEEN)
    low = chance(citra)
    after = (Branch("teach_tree06_citra_low", low), Branch("teach_tree06_citra_high", 1 - low))
    first = chance(budi)
    return LessonTree(
        "06", (Branch("teach_tree06_budi_low", first, after),
               Branch("teach_tree06_budi_high", 1 - first, after)),
        answer=chance(budi, citra), adds=(0,),
        values={"own": OWN, "budi": ", ".join(map(str, BUDI_SEEN)),
                "citra": ", ".join(map(str, CITRA_SEEN))},
    )  # fmt: skip


def _l08() -> LessonTree:
    from kayalib.lessons.maths.bayes_tables import MINE, SMALL_BLUFF, small_figures

    small = small_figures(SMALL_BLUFF)
    king, other = small["lk_king"], small["lk_other"]
    return LessonTree(
        "08", (Branch("teach_tree08_king", small["prior"],
                      (Branch("teach_tree08_says", king),
                       Branch("teach_tree08_other_bid", 1 - king))),
               Branch("teach_tree08_not_king", 1 - small["prior"],
                      (Branch("teach_tree08_says", other),
                       Branch("teach_tree08_other_bid", 1 - other)))),
        answer=small["post"], adds=(0,), over=(0, 2),
        values={"bluff": small["bluff"], "mine": MINE[0] + "\u2665"},
    )  # fmt: skip


TREES: dict[str, Callable[[], LessonTree]] = {"06": _l06, "08": _l08}
"""The lessons whose worksheet carries a probability tree."""


def _fraction(t: Translator, value: Fraction) -> str:
    return fill(t, "{a}", a=value)


def tree_html(tree: LessonTree, t: Translator, *, key: bool) -> str:
    """The tree's section of a worksheet: the question, the picture (blank on the student's
    sheet) and a box for the answer (on the key: the sum of the paths and the answer)."""
    number, values = tree.number, tree.values
    paths = tree.paths()
    leaves = iter(paths)
    root = TreeNode("", children=tuple(
        TreeNode(fill(t, t(first.event), **values), _fraction(t, first.p), tuple(
            TreeNode(fill(t, t(second.event), **values), _fraction(t, second.p),
                     leaf=f"{_fraction(t, first.p)} \u00d7 {_fraction(t, second.p)} = "
                          f"{_fraction(t, next(leaves))}")
            for second in first.then))
        for first in tree.branches))  # fmt: skip
    from kayalib.lessons.kit.page import inline_markdown

    svg = tree_svg(root, title=t("teach_tree_title"), leaf_heading=t("teach_tree_path"),
                   blank=not key)  # fmt: skip
    result = escape(fill(t, t(f"teach_tree{number}_result"), **values))
    parts = [f"<h2>{escape(t('teach_tree_title'))}</h2>",
             f"<p>{inline_markdown(fill(t, t(f'teach_tree{number}'), **values))}</p>",
             f'<p class="context">{escape(t("teach_tree_how"))}</p>', svg,
             f'<div class="box">{result} =</div>']  # fmt: skip
    if key:
        top = " + ".join(_fraction(t, paths[i]) for i in tree.adds)
        if tree.over:
            below = " + ".join(_fraction(t, paths[i]) for i in tree.over)
            top = f"({top}) \u00f7 ({below})"
        sum_ = f"{escape(top)} = " if len(tree.adds) > 1 or tree.over else ""
        parts.append(f'<div class="key">{result} = {sum_}'
                     f"<b>{escape(_fraction(t, tree.working()))}</b></div>")  # fmt: skip
    return '<div class="item">' + "".join(parts) + "</div>"
