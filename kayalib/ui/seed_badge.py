"""The class-seed hook of the play apps (issue 14): ``?seed=7&student=12``.

With a class seed and a student number in the address, the app plays the student's own seed
(:func:`kayalib.seeds.personal_seed`), so every student gets their own game and the teacher can
open the same address to see it; a badge in the toolbar says which student and which seeds.
Without a student number nothing changes (everyone with ``?seed=7`` plays the same game).
The address is read by :class:`kayalib.lessons.language.PageOptions`, as on the lesson pages.

:func:`student_seed` and :func:`attach_badge` are the whole hook; ``GameApp.from_query_string``
calls them in one clearly marked place.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from kayalib.lessons.language import PageOptions

__all__ = ["attach_badge", "student_seed"]


def student_seed(options: PageOptions | None = None) -> int | None:
    """The seed a play app should use instead of ``?seed=``: the student's own, or ``None``
    when the address names no student (then the app keeps the class seed as it is)."""
    options = PageOptions.from_environment() if options is None else options
    return options.seed_in_use if options.student is not None else None


def attach_badge(app: Any, options: PageOptions | None = None) -> w.HTML | None:
    """Put "Student 12 · class seed 7 · your seed …" into the app's toolbar (in the app's
    language, following its language dropdown); nothing without a class seed."""
    options = PageOptions.from_environment() if options is None else options
    if options.seed is None:
        return None
    badge = w.HTML()
    badge.add_class("kaya-seed-badge")

    def draw(_change: object = None) -> None:
        t = app.t
        if options.student is None:
            words = t("teach_badge_class", seed=options.seed)
        else:
            words = t("teach_badge_student", student=options.student, seed=options.seed,
                      own=options.seed_in_use)  # fmt: skip
        badge.value = (f'<span title="{escape(t("teach_badge_tooltip"))}" style="font-size:13px;'
                       f'padding:2px 6px;background:#f1f3f7;border-radius:4px">'
                       f"{escape(words)}</span>")  # fmt: skip

    draw()
    app.lang.observe(draw, names="value")
    app.toolbar.children = (*app.toolbar.children, badge)
    return badge
