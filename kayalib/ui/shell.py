"""The page around a game: heading and intro, toolbar, settings, error banner, columns.

:class:`AppShell` builds and labels the widgets both play apps share, in the page's
:class:`~kayalib.pages.language.Language`; it knows no game. A game app adds its panels to the
two columns (:meth:`AppShell.assemble`).

Layout (``style.css``): a toolbar, then two columns: the *play* column (status line, your hand,
your actions, the hint) and the *side* column (the table, what happened). On a narrow screen the
side column goes below the play column; "Projector" (or ``?size=large``) enlarges everything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from html import escape
from typing import Any

import ipywidgets as w

from kayalib.errors import RulesError, UnknownBotError
from kayalib.i18n import DEFAULT_LANGUAGE
from kayalib.pages.banner import ErrorBanner
from kayalib.pages.language import Language, LanguageSwitch
from kayalib.pages.options import DEFAULT_SPEED, SPEEDS
from kayalib.pages.widgets import (
    button,
    html,
    inline_markup,
    loaded_signal,
    resend_state,
    set_options,
    show_if,
    widget_states,
    widget_tree,
)
from kayalib.table import PERSON
from kayalib.ui.widgets import Panel, css, page_script

__all__ = ["AppShell", "intro_html"]


def intro_html(t: Any, title_key: str, intro_key: str = "", about_key: str = "about_game") -> str:
    """A page's heading, intro and way back to the index, in ``t``'s language (the heading
    carries the language, so the page helper can set the page's and the address's)."""
    back = "index.ipynb" + ("" if t.lang == DEFAULT_LANGUAGE else f"?lang={t.lang}")
    intro = inline_markup(t(intro_key)) if intro_key else ""
    return (
        f'<div class="kaya-intro-head"><h1 class="kaya-title" lang="{escape(t.lang)}">'
        f"{escape(t(title_key))}</h1>"
        f'<a class="kaya-back" href="{escape(back)}">{escape(t("all_notebooks"))}</a></div>'
        f'<p class="kaya-intro-text kaya-wide-only">{intro}</p>'
        f'<details class="kaya-intro-more kaya-narrow-only"><summary>'
        f'{escape(t(about_key))}</summary><p class="kaya-intro-text">{intro}</p></details>'
    )


class AppShell:
    """The shared widgets of a play page, in the page's ``language``. Words: ``title_key`` and
    ``intro_key`` (the heading and intro, with ``**bold**``, ``*italic*`` and `` `code` ``);
    ``bot_names`` the bots the seat pickers offer, ``max_seats`` the most seats; ``refusal(r)``
    says a refusal in the app's words (its seat names). The shell knows no game and no table:
    an app holds one and fills its columns (:meth:`assemble`)."""

    def __init__(self, language: Language, refusal: Callable[[Any], str], *,
                 title_key: str = "app_title", intro_key: str = "",
                 bot_names: Sequence[str] = (), max_seats: int = 6, seed: int = 0,
                 speed: str = DEFAULT_SPEED, hint: bool = False, size: str = "normal",
                 opponents: Sequence[str] = ()) -> None:  # fmt: skip
        self.language = language
        self.title_key, self.intro_key = title_key, intro_key
        self.bot_names, self.max_seats = tuple(bot_names), max_seats
        self.style = html("kaya-style", f"<style>{css()}</style>")
        self.intro = html("kaya-intro")
        self.lang = LanguageSwitch(self.language)
        self.seed_field = w.Text(value=str(seed), continuous_update=False)  # sent on Enter
        self.seed_field.add_class("kaya-seed")
        self.seed_field.style.description_width = "auto"
        self.new_game = button("", "kaya-new-game", style="primary")
        self.undo_button = button("", "kaya-undo")
        self.hint_toggle = w.ToggleButton(value=hint)
        self.hint_toggle.add_class("kaya-hint-toggle")
        self.settings_toggle = w.ToggleButton(value=False)
        self.settings_toggle.add_class("kaya-settings-toggle")
        self.size_toggle = w.ToggleButton(value=size == "large")
        self.size_toggle.add_class("kaya-size-toggle")
        self.toolbar = w.HBox(
            [self.new_game, self.undo_button, self.hint_toggle, self.settings_toggle,
             self.size_toggle, self.seed_field, self.lang]
        )  # fmt: skip
        self.toolbar.add_class("kaya-toolbar")
        self.speed = w.Dropdown(options=[(s, s) for s in SPEEDS], value=speed)
        self.speed.add_class("kaya-speed")
        self.speed.style.description_width = "auto"
        self.options_box = w.HBox([self.speed])
        self.options_box.add_class("kaya-options")
        self.error = ErrorBanner(lambda: self.t, refusal)
        self.status = html("kaya-status")
        self.hint = html("kaya-hint")
        #: the side column's read-only panels, drawn as one widget (the game's, then the log)
        self.side = Panel("kaya-side")
        #: every widget's state when the page was shown (:meth:`show`), for :meth:`resend`
        self._shown: dict[str, dict[str, Any]] = {}
        self._build_seats(list(opponents))

    @property
    def t(self) -> Any:
        return self.language.t

    def _build_seats(self, opponents: list[str]) -> None:
        self.seat_pickers: list[w.Dropdown] = []
        for i in range(1, self.max_seats):
            d = w.Dropdown(options=[("", "")], value="")
            d.add_class("kaya-seat-picker")
            d.add_class(f"kaya-seat-{i}")
            self.seat_pickers.append(d)
        allowed = {"", PERSON, *self.bot_names}
        unknown = [o for o in opponents if o not in allowed]
        if unknown:
            raise UnknownBotError(
                f"unknown player {unknown[0]!r}; choose from {', '.join(sorted(allowed - {''}))}"
            )
        if len(opponents) > len(self.seat_pickers):
            raise RulesError(
                f"at most {len(self.seat_pickers)} other players, not {len(opponents)}"
            )
        self._opponents_init: list[str] | None = opponents
        self.setup_label = html("kaya-setup-label")
        self.setup_box = w.HBox([self.setup_label, *self.seat_pickers])
        self.setup_box.add_class("kaya-setup")
        #: says that players and rules take effect at "New game" (and when they are pending)
        self.settings_note = html("kaya-settings-note")
        self.settings_box = w.VBox([self.settings_note, self.setup_box, self.options_box])
        self.settings_box.add_class("kaya-settings")
        show_if(self.settings_box, False)

    def show_owner_controls(self, shown: bool) -> None:
        """Show the controls of a page that owns its table (new game, undo, seed, players and
        rules), or hide them (a class table: the teacher's)."""
        for widget in (self.new_game, self.undo_button, self.seed_field, self.settings_toggle):
            show_if(widget, shown)
        if not shown:
            self.settings_toggle.value = False

    def add_panel(self, widget: w.Widget) -> None:
        """Put ``widget`` above the columns (a class table's own panel)."""
        children = list(self.widget.children)
        children.insert(children.index(self.columns), widget)
        self.widget.children = tuple(children)

    def setting_widgets(self) -> list[w.Widget]:
        """The controls of "Players and rules" that take effect at the next game (the speed
        takes effect at once)."""
        found, stack = [], [self.settings_box]
        while stack:
            widget = stack.pop()
            if isinstance(widget, w.Box):
                stack.extend(widget.children)
            elif hasattr(widget, "value") and widget is not self.speed and not isinstance(
                    widget, (w.HTML, w.Label)):  # fmt: skip
                found.append(widget)
        return found

    def assemble(self, play_panel: Sequence[w.Widget]) -> None:
        """Put the page together: the game's widgets go into the play column; the side column is
        :attr:`side`, the game's parts of it (made in ``build_game``) and then the log."""
        self.log_title = self.side.part("kaya-log-title")
        self.log = self.side.part("kaya-log")
        play = w.VBox([self.status, *play_panel])
        play.add_class("kaya-play-column")
        side = w.VBox([self.side.widget])
        side.add_class("kaya-side-column")
        self.columns = w.HBox([play, side])
        self.columns.add_class("kaya-columns")
        self.widget = w.VBox(
            [self.style, self.intro, self.toolbar, self.settings_box, self.error, self.columns,
             loaded_signal(self.resend)]
        )  # fmt: skip
        self.widget.add_class("kaya-app")
        self.hint_toggle.observe(lambda _c: self._label_toggles(), names="value")
        self.settings_toggle.observe(lambda _c: self._show_settings(), names="value")
        self.size_toggle.observe(lambda _c: self._apply_size(), names="value")
        self._apply_size()

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Hold every widget's changes while the page is redrawn, then send each widget's in one
        message (a widget changed twice, or in several traits, sends once), the side column's
        (with the log) last: when a page sees the new log, the rest of the view is up to date."""
        with ExitStack() as held:
            for widget in reversed(list(self._tree())):
                held.enter_context(widget.hold_sync())  # entered first, so sent last
            yield

    def _tree(self) -> Iterator[w.Widget]:
        return widget_tree(self.widget, last=self.side.widget)

    def resend(self) -> list[w.Widget]:
        """The page has just built its widgets (see :func:`~kayalib.pages.widgets.loaded_signal`):
        send again each widget that changed since :meth:`show` (all of them if the page was
        shown otherwise), the side column last; those sent. The page is then up to date."""
        sent = resend_state(self._tree(), since=self._shown)
        self._shown = widget_states(self._tree())
        return sent

    def add_to_toolbar(self, widget: w.Widget) -> None:
        self.toolbar.children = (*self.toolbar.children, widget)

    def seat_choices(self) -> list[str]:
        """``["human", bot, ...]``: who sits at each seat, seat 0 being the person at the screen."""
        return [PERSON] + [d.value for d in self.seat_pickers if d.value]

    # ----------------------------------------------------------------- toggles

    def _show_settings(self) -> None:
        show_if(self.settings_box, self.settings_toggle.value)
        self._label_toggles()

    def _apply_size(self) -> None:
        if self.size_toggle.value:
            self.widget.add_class("kaya-large")
        else:
            self.widget.remove_class("kaya-large")
        self._label_toggles()

    def _label_toggles(self) -> None:
        """On/off state in words and colour, so it reads at a glance (and without colour)."""
        t = self.t
        on = self.hint_toggle.value
        self.hint_toggle.description = t("hint_on" if on else "hint_off")
        self.hint_toggle.button_style = "success" if on else ""
        large = self.size_toggle.value
        self.size_toggle.description = t("size_large_on" if large else "size_large_off")
        self.size_toggle.button_style = "info" if large else ""
        self.settings_toggle.description = t(
            "settings_hide" if self.settings_toggle.value else "settings_show"
        )

    # ----------------------------------------------------------------- words

    def relabel(self) -> None:
        """Put every label of the page in the current language."""
        t = self.t
        self.intro.value = self._intro_html()
        self.new_game.description = t("new_game")
        self.new_game.tooltip = t("new_game_tooltip")
        self.undo_button.description = t("undo")
        self.undo_button.tooltip = t("undo_tooltip")
        self.seed_field.description = t("seed")
        self.seed_field.placeholder = t("seed_placeholder")
        self.seed_field.tooltip = t("seed_tooltip")
        self.speed.description = t("speed")
        set_options(self.speed, [(t(f"speed_{s}"), s) for s in SPEEDS])
        self.hint_toggle.tooltip = t("hint_tooltip")
        self.size_toggle.tooltip = t("size_tooltip")
        self.settings_toggle.tooltip = t("settings_tooltip")
        self.log_title.value = f"<h4>{escape(t('log_title'))}</h4>"
        self.setup_label.value = f"<b>{escape(t('opponents'))}</b>"
        opts = [(t("seat_empty"), ""), (t("bot_human"), PERSON)]
        opts += [(t(f"bot_{b}"), b) for b in self.bot_names]
        for i, d in enumerate(self.seat_pickers):
            set_options(d, opts)
            d.description = ""
            d.tooltip = t("seat_picker_tooltip", n=i + 2)
            if self._opponents_init is not None:
                d.value = self._opponents_init[i] if i < len(self._opponents_init) else ""
        self._opponents_init = None
        self._label_toggles()

    def _intro_html(self) -> str:
        return intro_html(self.t, self.title_key, self.intro_key)

    # ----------------------------------------------------------------- display

    def show(self) -> None:
        """Display the app in the notebook (or the Voila page), with its page helper."""
        from IPython.display import Javascript, display

        display(self.widget)
        display(Javascript(page_script()))
        self._shown = widget_states(self._tree())

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        return self.widget._repr_mimebundle_(**kwargs)
