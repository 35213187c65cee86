"""The one error banner of every page and widget: what went wrong, in the reader's language.

Every widget callback runs through :meth:`ErrorBanner.guard`: a refused action
(:class:`~kayalib.errors.IllegalActionError` with its :class:`~kayalib.engine.Refusal`) is said
in the page's language with seats as players see them; any other named kayalib error shows its
message; an unexpected exception is shown too and logged as "Exception in callback" (outside a
kernel ipywidgets would swallow it into such a line; the tests fail on it).

>>> from kayalib.errors import IllegalActionError
>>> from kayalib.engine import Refusal
>>> banner = ErrorBanner(lambda: Translator("pl"))
>>> banner.guard(lambda: (_ for _ in ()).throw(IllegalActionError(
...     Refusal.of("nothing_to_undo", "there is no earlier decision to go back to"))))()
>>> "Nie ma wcześniejszej decyzji" in banner.value, banner.layout.display
(True, None)
>>> banner.guard(lambda: None)(); banner.value, banner.layout.display
('', 'none')
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from html import escape
from typing import ParamSpec

import ipywidgets as widgets

from kayalib.engine import Refusal
from kayalib.errors import KayalibError
from kayalib.i18n import Translator
from kayalib.pages.widgets import show_if

__all__ = ["Banner", "ErrorBanner", "banner_html"]

P = ParamSpec("P")

log = logging.getLogger("kayalib.pages")


def banner_html(text: str) -> str:
    """One error line (or notice) as the banner shows it."""
    return f'<div class="kaya-error-text">\u26a0 {escape(text)}</div>'


class Banner:
    """The banner's words, and what a callback's failure does, without a widget of its own (a
    page drawn by one widget shows :attr:`text` itself; :class:`ErrorBanner` is the widget).

    ``t()`` gives the translator of the page (or widget) now; ``refusal(r)``, when given, says a
    refusal in the page's own words (a play app names its seats "You", "Player 2 (bot)").
    """

    def __init__(
        self,
        t: Callable[[], Translator],
        refusal: Callable[[Refusal], str] | None = None,
        shown: Callable[[str], None] | None = None,
    ) -> None:
        self._t = t
        self._refusal = refusal
        self._shown = shown or (lambda _text: None)
        #: the line shown now ("" while there is none)
        self.text = ""

    def describe(self, error: BaseException) -> str:
        """The words for ``error`` (an unexpected one is logged as well)."""
        refusal = getattr(error, "refusal", None)
        if isinstance(refusal, Refusal):
            if self._refusal is not None:
                return self._refusal(refusal)
            from kayalib.words import Words

            return Words(self._t()).refusal(refusal)
        if isinstance(error, KayalibError):
            return str(error) or type(error).__name__
        log.error("Exception in callback: %r", error, exc_info=error)
        return self._t()("error_unexpected", error=f"{type(error).__name__}: {error}")

    def show(self, error: BaseException | str) -> None:
        """Show ``error`` (or a message) as one readable line."""
        self.text = error if isinstance(error, str) else self.describe(error)
        self._shown(self.text)

    def clear(self) -> None:
        self.text = ""
        self._shown(self.text)

    def report(self, error: BaseException, after: Callable[[], None] | None = None) -> None:
        """Show ``error``, then run ``after()`` (a page redrawing itself; its own failure is only
        logged, so a broken redraw cannot loop)."""
        self.show(error)
        if after is not None:
            try:
                after()
            except Exception as again:
                log.error("Exception in callback (redraw): %r", again, exc_info=again)

    def guard(
        self,
        handler: Callable[P, object],
        *,
        clear: bool = True,
        after: Callable[[], None] | None = None,
    ) -> Callable[P, None]:
        """``handler`` as a widget callback: a failure is shown here (then ``after()`` runs, a
        page redrawing itself), never lost; success clears the banner unless ``clear=False``."""

        @functools.wraps(handler)
        def run(*args: P.args, **kwargs: P.kwargs) -> None:
            try:
                handler(*args, **kwargs)
            except Exception as error:  # shown to the reader on purpose
                self.report(error, after)
            else:
                if clear:
                    self.clear()

        return run


class ErrorBanner(widgets.HTML):
    """The banner as a widget of its own: one line that shows the last error (hidden while
    there is none); a :class:`Banner` says what it shows."""

    def __init__(
        self,
        t: Callable[[], Translator],
        refusal: Callable[[Refusal], str] | None = None,
    ) -> None:
        super().__init__(value="")
        self.banner = Banner(t, refusal, self._draw)
        self.add_class("kaya-error")
        show_if(self, False)

    def _draw(self, text: str) -> None:
        self.value = banner_html(text) if text else ""
        show_if(self, bool(text))

    def describe(self, error: BaseException) -> str:
        return self.banner.describe(error)

    def show(self, error: BaseException | str) -> None:
        self.banner.show(error)

    def clear(self) -> None:
        self.banner.clear()

    def report(self, error: BaseException, after: Callable[[], None] | None = None) -> None:
        self.banner.report(error, after)

    def guard(
        self,
        handler: Callable[P, object],
        *,
        clear: bool = True,
        after: Callable[[], None] | None = None,
    ) -> Callable[P, None]:
        return self.banner.guard(handler, clear=clear, after=after)
