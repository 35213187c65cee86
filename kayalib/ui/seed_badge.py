"""The class-seed hook of the play apps (issue 14): ``?seed=7&student=12``.

With a class seed and a student number in the address, the app plays the student's own seed
(:func:`kayalib.seeds.personal_seed`, cut to the :data:`APP_SEED_DIGITS` digits a seed typed
into an app may have), so every student gets their own game and the teacher can open the same
address to see it; a badge in the toolbar says which student and which seeds.
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
from kayalib.seeds import personal_seed

__all__ = ["APP_SEED_DIGITS", "attach_badge", "student_seed"]

APP_SEED_DIGITS = 12
"""The most digits of a seed the apps take (a student can type it into the seed field)."""


def _options(query: str | None) -> PageOptions:
    return PageOptions.from_environment() if query is None else PageOptions.parse(query)


def student_seed(query: str | None = None) -> int | None:
    """The seed a play app should use instead of ``?seed=``: the student's own, or ``None``
    when the address (``query``, else ``QUERY_STRING``) names no student.

    >>> student_seed("seed=7&student=12") == personal_seed(7, 12) % 10**12
    True
    >>> student_seed("seed=7") is None
    True
    """
    options = _options(query)
    if options.seed is None or options.student is None:
        return None
    return personal_seed(options.seed, options.student) % 10**APP_SEED_DIGITS


def attach_badge(app: Any, query: str | None = None) -> w.HTML | None:
    """Put "Student 12 · class seed 7 · your seed …" into the app's toolbar (in the app's
    language, following its language dropdown); nothing without a class seed."""
    options = _options(query)
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
                      own=student_seed(query))  # fmt: skip
        badge.value = (f'<span title="{escape(t("teach_badge_tooltip"))}" style="font-size:13px;'
                       f'padding:2px 6px;background:#f1f3f7;border-radius:4px">'
                       f"{escape(words)}</span>")  # fmt: skip

    draw()
    app.lang.observe(draw, names="value")
    app.toolbar.children = (*app.toolbar.children, badge)
    return badge
