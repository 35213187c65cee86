"""The language of the lesson pages, switchable while a page is open.

Every lesson widget and every block of prose is :class:`Localized`: it reads its words through
``self.t`` (a :class:`~kayalib.i18n.Translator`) and redraws them in :meth:`Localized.relabel`.
One language is current in a kernel (:func:`current_language`); the language switch on a lesson
page calls :func:`set_language`, and every widget that follows the current language redraws.
A widget made with an explicit ``lang`` keeps it (tests use that).

Text parameters of the lesson widgets are :data:`Text`: a plain string, or a function of the
translator (``lambda t: t("key")``), so the words follow the language switch. Figures in prose
are formatted per language by :func:`fill`:

>>> from kayalib.i18n import Translator
>>> from fractions import Fraction
>>> fill(Translator("pl"), "p = {p} ≈ {p:4}, {q:.1} of {n} deals", p=Fraction(445, 1771),
...      q=0.2513, n=134596)
'p = 445/1771 ≈ 0,2513, 25,1% of 134\\xa0596 deals'
"""

from __future__ import annotations

import string
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qs

from kayalib.i18n import DEFAULT_LANGUAGE, Translator, languages
from kayalib.seeds import MAX_SEED, MAX_STUDENT, personal_seed
from kayalib.ui.preheat import is_teacher_key, query_string

__all__ = [
    "Localized",
    "PageOptions",
    "Text",
    "current_language",
    "fill",
    "resolve",
    "set_language",
]

Text = str | Callable[[Translator], str]
"""Words for a widget: fixed text, or ``t -> text`` (follows the language switch)."""

_current = [DEFAULT_LANGUAGE]
_followers: weakref.WeakSet[Localized] = weakref.WeakSet()


@dataclass(frozen=True)
class PageOptions:
    """What a lesson page's address can set: ``?lang=pl&seed=7&student=12&solutions=off``.

    ``seed`` is a class seed: every simulator's seed on the page derives from it, so the whole
    room sees the same numbers; with ``student`` (1 to 9999) they derive from that student's
    own seed (:func:`kayalib.seeds.personal_seed`), so everyone sees their own numbers and the
    teacher can reproduce any student's. ``solutions=off`` is an assessment (no solutions, no
    answers in the feedback); ``solutions=key`` is the teacher's view: every prediction's gate
    is open from the start and an answer key stands beside each exercise and prediction. Under
    ``make class`` the teacher's view also needs ``&key=`` with the teacher's key the server
    printed (:func:`kayalib.ui.preheat.is_teacher_key`); without it the page is a student's.
    Unknown values fall back to the defaults.

    >>> PageOptions.parse("seed=7&student=12").seed_in_use == personal_seed(7, 12)
    True
    >>> PageOptions.parse("seed=7&student=0").student, PageOptions.parse("seed=-3").seed
    (None, None)
    """

    lang: str = DEFAULT_LANGUAGE
    seed: int | None = None
    solutions: bool = True
    teacher: bool = False
    student: int | None = None
    #: the teacher's key the address carried (passed on to the links of a teacher's page).
    key: str = ""

    @property
    def seed_in_use(self) -> int | None:
        """The seed the page's simulators derive from: the student's own, or the class seed."""
        if self.seed is None or self.student is None:
            return self.seed
        return personal_seed(self.seed, self.student)

    @classmethod
    def parse(cls, query: str | None) -> PageOptions:
        fields = parse_qs((query or "").lstrip("?"))

        def first(name: str) -> str:
            values = fields.get(name)
            return values[0].strip() if values else ""

        lang = first("lang") if first("lang") in languages() else DEFAULT_LANGUAGE
        seed_text, student_text = first("seed"), first("student")
        seed = int(seed_text) if _whole(seed_text, 20) and int(seed_text) <= MAX_SEED else None
        student = int(student_text) if _whole(student_text, 4) else None
        if seed is None or student is None or not 1 <= student <= MAX_STUDENT:
            student = None  # a student number means something only with a class seed
        solutions = first("solutions").lower()
        key = first("key")[:64]
        teacher = solutions == "key" and is_teacher_key(key)
        return cls(lang=lang, seed=seed, solutions=solutions != "off", teacher=teacher,
                   student=student, key=key if teacher else "")  # fmt: skip

    @classmethod
    def from_environment(cls) -> PageOptions:
        """Options from ``QUERY_STRING``, which Voila sets from the page address (waited for in
        a pooled kernel, as the play apps do: :func:`kayalib.ui.preheat.query_string`)."""
        return cls.parse(query_string())


def current_language() -> str:
    """The language the lesson widgets of this kernel speak now."""
    return _current[0]


def set_language(lang: str) -> None:
    """Make ``lang`` current and redraw every widget that follows the current language."""
    Translator(lang)  # an unknown language fails here, before anything changes
    _current[0] = lang
    for follower in list(_followers):
        follower.set_language(lang)


def resolve(text: Text, t: Translator) -> str:
    """The words of ``text`` in the language of ``t``."""
    return text(t) if callable(text) else text


class _Figures(string.Formatter):
    def __init__(self, t: Translator) -> None:
        self.t = t

    def format_field(self, value: Any, spec: str) -> str:
        t = self.t
        if spec.startswith(".") and spec[1:].isdigit():
            return t.percent(float(value), int(spec[1:]))
        if spec.isdigit():
            return t.number(float(value), int(spec))
        if spec == "frac" or (spec == "" and isinstance(value, Fraction)):
            value = Fraction(value)
            if value.denominator == 1:
                return t.number(value.numerator, 0)
            return f"{value.numerator}/{value.denominator}"
        if spec == "" and isinstance(value, bool):
            return str(value)
        if spec == "" and isinstance(value, int):
            return t.number(value, 0)
        if spec == "" and isinstance(value, float):
            return t.number(value, 4, trim=True)
        if callable(value):
            return str(value(t))
        return super().format_field(value, spec)


def fill(t: Translator, text: str, **values: Any) -> str:
    """``text`` with its ``{placeholders}`` filled, numbers written in the language of ``t``.

    ``{x}``: whole numbers with grouping, fractions as ``a/b``, floats with up to 4 decimals;
    ``{x:4}``: 4 decimals; ``{x:.1}``: a percentage with 1 decimal; ``{x:frac}``: ``a/b``.
    (Every such text is still a valid ``str.format`` pattern.)
    A value that is a function of the translator is called with it.
    """
    return _Figures(t).format(text, **values)


class Localized:
    """A lesson widget that speaks the current language (or the one it was given).

    Subclasses call :meth:`init_language` first and put their words on screen in
    :meth:`relabel`, which runs again whenever the language changes.
    """

    t: Translator
    lang: str

    def init_language(self, lang: str | None = None) -> None:
        self.lang = lang or current_language()
        self.t = Translator(self.lang)
        self.follows = lang is None
        if lang is None:
            _followers.add(self)

    def set_language(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        self.t = Translator(lang)
        self.relabel()

    def relabel(self) -> None:
        """Put every word of the widget on screen in ``self.t``'s language."""

    def say(self, text: Text) -> str:
        return resolve(text, self.t)


def _whole(text: str, digits: int) -> bool:
    """Whether ``text`` is a whole number of at most ``digits`` ASCII digits (not ``²``)."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()
