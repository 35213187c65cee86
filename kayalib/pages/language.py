"""The language of a page, switchable while the page is open.

A page has one :class:`Language`; everything that shows words on it *follows* it: when the
language switch (:class:`LanguageSwitch`) changes it, every follower redraws its words in place
(its ``set_language(lang)`` runs). A play app keeps its own :class:`Language`; the lesson pages
use the kernel's page language :data:`PAGE` (a Voila kernel serves one page), which
:func:`current_language` and :func:`set_language` read and set. A widget made with an explicit
``lang`` keeps it (tests use that).

Every lesson widget and every block of prose is :class:`Localized`: it reads its words through
``self.t`` (a :class:`~kayalib.i18n.Translator`) and redraws them in :meth:`Localized.relabel`.
Text parameters of widgets are :data:`Text`: a plain string, or a function of the translator
(``lambda t: t("key")``), so the words follow the switch. Figures in prose are written per
language by :func:`fill`:

>>> from fractions import Fraction
>>> fill(Translator("pl"), "p = {p} ≈ {p:4}, {q:.1} of {n} deals", p=Fraction(445, 1771),
...      q=0.2513, n=134596)
'p = 445/1771 ≈ 0,2513, 25,1% of 134\\xa0596 deals'

A fraction is written one way, whether it is a value or two counts on either side of a slash:
no group separators, a real minus sign.

>>> fill(Translator("pl"), "1 − {a}/{b} = {p}; {n} deals", a=1140, b=1771, p=Fraction(-5, 69),
...      n=134596)
'1 − 1140/1771 = −5/69; 134\\xa0596 deals'
"""

from __future__ import annotations

import string
import weakref
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import ipywidgets as widgets

from kayalib.i18n import DEFAULT_LANGUAGE, MINUS, Translator, languages

__all__ = [
    "PAGE",
    "Language",
    "LanguageSwitch",
    "Localized",
    "Text",
    "current_language",
    "fill",
    "resolve",
    "set_language",
]

Text = str | Callable[[Translator], str]
"""Words for a widget: fixed text, or ``t -> text`` (follows the language switch)."""


class Follower(Protocol):
    def set_language(self, lang: str) -> None: ...


class Language:
    """The language of one page and everything that follows it.

    >>> page = Language("pl")
    >>> seen = []
    >>> class Label:
    ...     def set_language(self, lang): seen.append(lang)
    >>> label = Label(); page.follow(label); page.set("id")
    >>> page.lang, page.t("new_game"), seen
    ('id', 'Permainan baru', ['id'])
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.t = Translator(lang)
        self._followers: weakref.WeakSet[Follower] = weakref.WeakSet()

    @property
    def lang(self) -> str:
        return self.t.lang

    def follow(self, follower: Follower) -> None:
        """Let ``follower`` redraw its words whenever the language changes (held weakly)."""
        self._followers.add(follower)

    def unfollow(self, follower: Follower) -> None:
        """Stop redrawing ``follower`` (a page that is gone; nothing if it did not follow)."""
        self._followers.discard(follower)

    @property
    def followers(self) -> tuple[Follower, ...]:
        """Who redraws on a change of language, now."""
        return tuple(self._followers)

    def set(self, lang: str) -> None:
        """Make ``lang`` this page's language and redraw every follower in it (an unknown
        language fails here, before anything changes)."""
        t = Translator(lang)
        if lang == self.lang:
            return
        self.t = t
        for follower in list(self._followers):
            follower.set_language(lang)


PAGE = Language()
"""The language of the kernel's lesson page (a Voila kernel serves one page)."""


def current_language() -> str:
    """The language the lesson widgets of this kernel speak now."""
    return PAGE.lang


def set_language(lang: str) -> None:
    """Make ``lang`` the page language and redraw every widget that follows it."""
    PAGE.set(lang)


class LanguageSwitch(widgets.Dropdown):
    """The page's language switch: each language by its own name; it follows the page's
    :class:`Language` and changes it. Its tooltip, in the page's language, is its name for a
    screen reader (the page helper gives it to the dropdown).

    >>> page = Language("pl")
    >>> switch = LanguageSwitch(page)
    >>> switch.tooltip
    'Język tej strony'
    >>> page.set("id"); switch.value, switch.tooltip
    ('id', 'Bahasa halaman ini')
    """

    def __init__(self, language: Language) -> None:
        super().__init__(options=[(name, code) for code, name in languages().items()],
                         value=language.lang)  # fmt: skip
        self.language = language
        self.add_class("kaya-lang")
        self.tooltip = language.t("language_tooltip")
        language.follow(self)
        self.observe(lambda change: language.set(change["new"]), names="value")

    def set_language(self, lang: str) -> None:
        self.value = lang
        self.tooltip = self.language.t("language_tooltip")


def resolve(text: Text, t: Translator) -> str:
    """The words of ``text`` in the language of ``t``."""
    return text(t) if callable(text) else text


class _Figures(string.Formatter):
    def __init__(self, t: Translator) -> None:
        self.t = t
        self.in_fraction = False

    def vformat(
        self, format_string: str, args: Sequence[object], kwargs: Mapping[str, object]
    ) -> str:
        """The text with its fields filled; a whole number right beside a ``/`` is one side of
        a fraction and is written without group separators (``33820/134596``); with spaces
        around the ``/`` it is a division of numbers and keeps them (``33,820 / 134,596``)."""
        parts = list(self.parse(format_string))
        out = []
        for i, (literal, name, spec, conversion) in enumerate(parts):
            out.append(literal)
            if name is None:
                continue
            after = parts[i + 1][0] if i + 1 < len(parts) else ""
            self.in_fraction = literal.endswith("/") or after.startswith("/")  # 3/4, not 33 / 4
            value, _ = self.get_field(name, args, kwargs)
            value = self.convert_field(value, conversion)
            out.append(self.format_field(value, spec or ""))
        return "".join(out)

    def format_field(self, value: Any, spec: str) -> str:  # any value str.format takes
        t = self.t
        if callable(value):  # words in the language of t, whatever the format asks
            return str(value(t))
        if spec.startswith(".") and spec[1:].isdigit():
            return t.percent(float(value), int(spec[1:]))
        if spec.isdigit():
            return t.number(float(value), int(spec))
        if spec == "frac" or (spec == "" and isinstance(value, Fraction)):
            value = Fraction(value)
            sign = MINUS if value < 0 else ""
            if value.denominator == 1:
                return t.number(value.numerator, 0)
            return f"{sign}{abs(value.numerator)}/{value.denominator}"
        if spec == "" and isinstance(value, bool):
            return str(value)
        if spec == "" and isinstance(value, int):
            if self.in_fraction:
                return (MINUS if value < 0 else "") + str(abs(value))
            return t.number(value, 0)
        if spec == "" and isinstance(value, float):
            return t.number(value, 4, trim=True)
        return super().format_field(value, spec)


def fill(t: Translator, text: str, **values: object) -> str:
    """``text`` with its ``{placeholders}`` filled, numbers written in the language of ``t``.

    ``{x}``: whole numbers with grouping, fractions as ``a/b``, floats with up to 4 decimals;
    ``{x:4}``: 4 decimals; ``{x:.1}``: a percentage with 1 decimal; ``{x:frac}``: ``a/b``.
    (Every such text is still a valid ``str.format`` pattern.)
    A value that is a function of the translator is called with it.
    """
    return _Figures(t).format(text, **values)


class Localized:
    """A widget that speaks its page's language (:data:`PAGE`, or the one it was given).

    Subclasses call :meth:`init_language` first and put their words on screen in
    :meth:`relabel`, which runs again whenever the language changes.
    """

    t: Translator
    lang: str
    follows: bool

    def init_language(self, lang: str | None = None, page: Language | None = None) -> None:
        page = page or PAGE
        self.lang = lang or page.lang
        self.t = Translator(self.lang)
        self.follows = lang is None
        if lang is None:
            page.follow(self)

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
