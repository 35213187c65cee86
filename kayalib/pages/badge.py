"""The seed badge: which seed a page's numbers (or game) come from, so that the teacher can open
the same address and see the same thing. With a class seed (``?seed=7``) everyone sees the same
numbers; with a student number too (``&student=12``) each student sees their own, derived from
the class seed (:func:`kayalib.seeds.personal_seed`). Without a class seed there is no badge.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from kayalib.i18n import Translator
from kayalib.pages.language import Language, Localized
from kayalib.pages.options import PageOptions

__all__ = ["SeedBadge", "badge_html", "badge_words"]


def badge_words(t: Translator, options: PageOptions, own: int | None) -> str:
    """The badge's words: the class seed, or the student's number, the class seed and ``own``
    (the seed the page uses)."""
    if options.student is None:
        return t("teach_badge_class", seed=options.seed)
    return t("teach_badge_student", student=options.student, seed=options.seed, own=own)


def badge_html(t: Translator, options: PageOptions, own: int | None) -> str:
    """The badge as HTML (:func:`badge_words` in a box)."""
    words = badge_words(t, options, own)
    return (f'<span class="kayalib-seed-badge" title="{escape(t("teach_badge_tooltip"))}" '
            'style="display:inline-block;max-width:100%;box-sizing:border-box;'
            'background:#f1f3f7;border:1px solid #c8ccd4;border-radius:4px;'
            f'padding:2px 8px;font-size:13px">{escape(words)}</span>')  # fmt: skip  (one box)


class SeedBadge(widgets.HTML, Localized):
    """The badge of a page with a class seed, in the page's language (it follows ``page``).

    >>> from kayalib.seeds import personal_seed
    >>> badge = SeedBadge(PageOptions.parse("seed=7&student=12"), 12345, Language("en"))
    >>> "Student 12 · class seed 7 · your seed 12345" in badge.value
    True
    """

    def __init__(self, options: PageOptions, own: int | None, page: Language) -> None:
        super().__init__(value="")
        self.options, self.own = options, own
        self.add_class("kaya-seed-badge")
        self.add_class("kayalib-seed")
        self.init_language(page=page)
        self.relabel()

    def relabel(self) -> None:
        self.value = badge_html(self.t, self.options, self.own)
