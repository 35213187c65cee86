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

__all__ = ["ErrorBanner", "banner_html"]

P = ParamSpec("P")

log = logging.getLogger("kayalib.pages")


def banner_html(text: str) -> str:
    """One error line (or notice) as the banner shows it."""
    return f'<div class="kaya-error-text">\u26a0 {escape(text)}</div>'


class ErrorBanner(widgets.HTML):
    """One line that shows the last error (hidden while there is none).

    ``t()`` gives the translator of the page (or widget) now; ``refusal(r)``, when given, says a
    refusal in the page's own words (a play app names its seats "You", "Player 2 (bot)").
    """

    def __init__(
        self,
        t: Callable[[], Translator],
        refusal: Callable[[Refusal], str] | None = None,
    ) -> None:
        super().__init__(value="")
        self.add_class("kaya-error")
        self._t = t
        self._refusal = refusal
        show_if(self, False)

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
        text = error if isinstance(error, str) else self.describe(error)
        self.value = banner_html(text)
        show_if(self, True)

    def clear(self) -> None:
        self.value = ""
        show_if(self, False)

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
