"""The page around a game: heading and intro, toolbar, settings, error banner, columns.

:class:`AppShell` holds the controls both play apps share (:mod:`kayalib.ui.controls`) and the
page's one widget (:class:`~kayalib.ui.board.Board`), in the page's
:class:`~kayalib.pages.language.Language`; it knows no game. A game app gives the nodes of its
two columns and the shell puts the page together (:meth:`AppShell.page`).

Layout (``style.css``): a toolbar, then two columns: the *play* column (status line, your hand,
your actions, the hint) and the *side* column (the table, what happened). On a narrow screen the
side column goes below the play column; "Projector" (or ``?size=large``) enlarges everything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kayalib.errors import RulesError, UnknownBotError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator, languages
from kayalib.pages.banner import Banner
from kayalib.pages.language import Language
from kayalib.pages.options import DEFAULT_SPEED, SPEEDS
from kayalib.pages.widgets import page_script
from kayalib.table import PERSON
from kayalib.ui.board import Board
from kayalib.ui.controls import Button, Choice, Control, TextField, Toggle
from kayalib.ui.tree import Node, h, inline

__all__ = ["AppShell", "intro"]


def intro(t: Translator, title_key: str, intro_key: str = "",
          about_key: str = "about_game") -> Node:  # fmt: skip
    """A page's heading, intro and way back to the index, in ``t``'s language (the heading
    carries the language, so the page helper can set the page's and the address's)."""
    back = "index.ipynb" + ("" if t.lang == DEFAULT_LANGUAGE else f"?lang={t.lang}")
    words = inline(t(intro_key)) if intro_key else []
    return h(
        "div.kaya-intro",
        h("div.kaya-intro-head", h("h1.kaya-title", t(title_key), lang=t.lang),
          h("a.kaya-back", t("all_notebooks"), href=back)),
        h("p.kaya-intro-text.kaya-wide-only", *words),
        h("details.kaya-intro-more.kaya-narrow-only", h("summary", t(about_key)),
          h("p.kaya-intro-text", *words)),
    )  # fmt: skip


class AppShell:
    """The shared controls of a play page, in the page's ``language``. Words: ``title_key`` and
    ``intro_key`` (the heading and intro, with ``**bold**``, ``*italic*`` and `` `code` ``);
    ``bot_names`` the bots the seat pickers offer, ``max_seats`` the most seats; ``refusal(r)``
    says a refusal in the app's words (its seat names). The shell knows no game and no table:
    an app holds one and gives it its columns (:meth:`page`)."""

    def __init__(self, language: Language, refusal: Callable[[Any], str], *,
                 title_key: str = "app_title", intro_key: str = "",
                 bot_names: Sequence[str] = (), max_seats: int = 6, seed: int = 0,
                 speed: str = DEFAULT_SPEED, hint: bool = False, size: str = "normal",
                 opponents: Sequence[str] = ()) -> None:  # fmt: skip
        self.language = language
        self.title_key, self.intro_key = title_key, intro_key
        self.bot_names, self.max_seats = tuple(bot_names), max_seats
        self.board = Board()
        add = self.board.add
        self.lang: Choice = add(Choice("lang", "kaya-lang", options=list(
            (name, code) for code, name in languages().items()), value=language.lang))
        self.lang.observe(lambda change: language.set(change["new"]), names="value")
        self.seed_field: TextField = add(TextField("seed", "kaya-seed", value=str(seed)))
        self.new_game: Button = add(Button("new-game", "kaya-new-game", style="primary"))
        self.undo_button: Button = add(Button("undo", "kaya-undo"))
        self.hint_toggle: Toggle = add(Toggle("hint", "kaya-hint-toggle", value=hint))
        self.settings_toggle: Toggle = add(Toggle("settings", "kaya-settings-toggle"))
        self.size_toggle: Toggle = add(Toggle("size", "kaya-size-toggle",
                                              value=size == "large"))  # fmt: skip
        self.speed: Choice = add(Choice("speed", "kaya-speed", options=[(s, s) for s in SPEEDS],
                                        value=speed))  # fmt: skip
        self.error = Banner(lambda: self.t, refusal)
        #: the game's controls of "Players and rules": before the seat pickers, and among the
        #: options (set by the app)
        self.setup_first: list[Control] = []
        self.options: list[Control] = []
        #: the badge's words in a language (a page with a class seed), or ``None``
        self.badge: Callable[[Translator], str] | None = None
        #: nodes above the columns (a class table's own panel), and at the side column's foot
        #: (the resume token), set before each drawing
        self.above: list[Node] = []
        self.foot: list[Node] = []
        self.settings_note: Node = ""
        #: the status line, the hint and the log as drawn last (the app sets them)
        self.status: Node = ""
        self.hint: Node = ""
        self.log: Node = ""
        self._build_seats(list(opponents))

    @property
    def t(self) -> Translator:
        return self.language.t

    def _build_seats(self, opponents: list[str]) -> None:
        self.seat_pickers: list[Choice] = [
            self.board.add(Choice(f"seat-{i}", "kaya-seat-picker", options=[("", "")], value=""))
            for i in range(1, self.max_seats)
        ]
        for i, picker in enumerate(self.seat_pickers, start=1):
            picker.add_class(f"kaya-seat-{i}")
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

    def show_owner_controls(self, shown: bool) -> None:
        """Show the controls of a page that owns its table (new game, undo, seed, players and
        rules), or hide them (a class table: the teacher's)."""
        for control in (self.new_game, self.undo_button, self.seed_field, self.settings_toggle):
            control.shown = shown
        if not shown:
            self.settings_toggle.value = False

    def setting_widgets(self) -> list[Control]:
        """The controls of "Players and rules" that take effect at the next game (the speed
        takes effect at once)."""
        return [*self.setup_first, *self.seat_pickers, *self.options]

    def seat_choices(self) -> list[str]:
        """``["human", bot, ...]``: who sits at each seat, seat 0 being the person at the screen."""
        return [PERSON] + [d.value for d in self.seat_pickers if d.value]

    # ----------------------------------------------------------------- words

    def relabel(self) -> None:
        """Put every label of the page in the current language."""
        t = self.t
        self.lang.value = self.language.lang
        self.lang.tooltip = t("language_tooltip")
        self.new_game.description = t("new_game")
        self.new_game.tooltip = t("new_game_tooltip")
        self.undo_button.description = t("undo")
        self.undo_button.tooltip = t("undo_tooltip")
        self.seed_field.description = t("seed")
        self.seed_field.placeholder = t("seed_placeholder")
        self.seed_field.tooltip = t("seed_tooltip")
        self.speed.description = t("speed")
        self.speed.set_options([(t(f"speed_{s}"), s) for s in SPEEDS])
        self.hint_toggle.tooltip = t("hint_tooltip")
        self.size_toggle.tooltip = t("size_tooltip")
        self.settings_toggle.tooltip = t("settings_tooltip")
        opts = [(t("seat_empty"), ""), (t("bot_human"), PERSON)]
        opts += [(t(f"bot_{b}"), b) for b in self.bot_names]
        for i, d in enumerate(self.seat_pickers):
            d.set_options(opts)
            d.tooltip = t("seat_picker_tooltip", n=i + 2)
            if self._opponents_init is not None:
                d.value = self._opponents_init[i] if i < len(self._opponents_init) else ""
        self._opponents_init = None
        self._label_toggles()

    def _label_toggles(self) -> None:
        """On/off state in words and in a style, so it reads at a glance (and without colour)."""
        t = self.t
        on = self.hint_toggle.value
        self.hint_toggle.description = t("hint_on" if on else "hint_off")
        self.hint_toggle.style = "success" if on else ""
        large = self.size_toggle.value
        self.size_toggle.description = t("size_large_on" if large else "size_large_off")
        self.size_toggle.style = "info" if large else ""
        self.settings_toggle.description = t(
            "settings_hide" if self.settings_toggle.value else "settings_show"
        )

    # ----------------------------------------------------------------- the page

    def page(self, play: Sequence[Node], side: Sequence[Node]) -> Node:
        """The whole page: heading, toolbar, settings, banner, then the play column (the
        status line and ``play``) and the side column (``side``, then the log)."""
        status, log = self.status, self.log
        t = self.t
        self._label_toggles()
        badge = self.badge(t) if self.badge is not None else None
        toolbar = h("div.kaya-toolbar", *[c.node() for c in (
            self.new_game, self.undo_button, self.hint_toggle, self.settings_toggle,
            self.size_toggle, self.seed_field, self.lang)],
            h("span.kayalib-seed-badge", badge, title=t("teach_badge_tooltip")) if badge else None,
        )  # fmt: skip
        settings = h(
            "div.kaya-settings", h("div.kaya-settings-note", self.settings_note),
            h("div.kaya-setup", *[c.node() for c in self.setup_first],
              h("b.kaya-setup-label", t("opponents")), *[c.node() for c in self.seat_pickers]),
            h("div.kaya-options", self.speed.node(), *[c.node() for c in self.options]),
            hidden=not self.settings_toggle.value,
        )  # fmt: skip
        error = self.error.text
        banner = h("div.kaya-error", h("div.kaya-error-text", f"\u26a0 {error}") if error else None,
                   role="alert", hidden=not error)  # fmt: skip
        columns = h(
            "div.kaya-columns",
            h("div.kaya-play-column",
              h("div.kaya-status", status, role="status", aria_live="polite",
                aria_atomic="true"), *play),
            h("div.kaya-side-column", *side, h("div.kaya-log-title", h("h4", t("log_title"))),
              h("div.kaya-log", log), *self.foot),
        )  # fmt: skip
        return h("div.kaya-app", intro(t, self.title_key, self.intro_key), toolbar, settings,
                 banner, *self.above, columns,
                 cls="kaya-large" if self.size_toggle.value else "")  # fmt: skip

    @property
    def widget(self) -> Board:
        """The whole page (one widget)."""
        return self.board

    def show(self) -> None:
        """Display the page in the notebook (or the Voila page), with its page helper."""
        from IPython.display import Javascript, display

        display(self.board)
        display(Javascript(page_script()))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.board._repr_mimebundle_(**kwargs)
