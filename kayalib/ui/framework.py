"""What both play apps share: undo stack, seats, bot pacing, errors, language and seed.

An app keeps the list of immutable game states it went through (``app.history``); undo
truncates that list back to the last state where a human had to decide, so the restored state
is the very object seen before. Bots move one at a time: with a delay (``asyncio`` timers, so
Voila keeps updating the page between moves) or, with ``delay=0``, synchronously (tests).

Every callback runs inside :meth:`GameApp.guard`: a refused action shows its message in the
error banner and leaves the state as it was; an unexpected exception is also shown and logged
as "Exception in callback" (the tests fail on that line).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from html import escape
from importlib import resources
from typing import Any, Generic, TypeVar

import ipywidgets as w

from kayalib.errors import IllegalActionError, KayalibError, RulesError, UnknownBotError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator, languages
from kayalib.ui.launch import DEFAULT_SPEED, SPEEDS, launch_app, parse_seed
from kayalib.ui.launch import LaunchOptions as LaunchOptions  # re-exported

log = logging.getLogger("kayalib.ui")

S = TypeVar("S")
A = TypeVar("A", bound="GameApp[Any]")

HUMAN = "human"


def fresh_seed() -> int:
    """A new seed for a game nobody asked to replay (shown in the seed field to share)."""
    return secrets.randbelow(1_000_000)


def bot_rng(seed: int, step: int) -> random.Random:
    """The generator a bot uses at ``step`` of game ``seed``: replays and undo stay identical."""
    return random.Random(f"kayalib-bot:{seed}:{step}")


def css() -> str:
    """The apps' stylesheet (``kayalib/ui/style.css``)."""
    return resources.files("kayalib.ui").joinpath("style.css").read_text("utf-8")


def button(description: str, css_class: str, *, style: str = "") -> w.Button:
    """A button with a stable ``kaya-...`` class for tests and styling."""
    b = w.Button(description=description, button_style=style)
    b.add_class(css_class)
    return b


def html(css_class: str, value: str = "") -> w.HTML:
    """An HTML widget with a stable ``kaya-...`` class."""
    h = w.HTML(value=value)
    h.add_class(css_class)
    return h


def set_options(dropdown: w.Dropdown, options: Sequence[tuple[str, Any]]) -> None:
    """Replace a dropdown's ``(label, value)`` options, keeping its value when still offered."""
    options = list(options)
    if list(dropdown.options) == options:
        return
    old = dropdown.value
    dropdown.options = options
    values = [v for _, v in options]
    if old in values:
        dropdown.value = old
    elif values:
        dropdown.value = values[0]


def show_if(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide a widget without removing it from the layout tree."""
    widget.layout.display = None if visible else "none"


class GameApp(Generic[S]):
    """Base of the play apps. Subclasses fill in the game-specific hooks below.

    Hooks: ``new_state(seed)``, ``bot_choose(state, step_seed)``, ``render_game()``,
    ``relabel_game()``, ``event_lines(state)`` and ``setup_widgets()``.
    """

    title_key = "app_title"
    max_seats = 6
    #: names offered for each non-first seat: "" (empty seat), "human" and the bots.
    bot_names: tuple[str, ...] = ()
    default_opponents: tuple[str, ...] = ()

    def __init__(
        self,
        *,
        seed: int | None = None,
        lang: str = DEFAULT_LANGUAGE,
        delay: float | None = None,
        speed: str = DEFAULT_SPEED,
        opponents: Sequence[str] | None = None,
        hint: bool = False,
    ) -> None:
        self.t = Translator(lang)
        self.seed = fresh_seed() if seed is None else int(seed)
        self.history: list[S] = []
        self._generation = 0  # bumped to cancel pending bot timers
        self._pending: asyncio.TimerHandle | None = None
        self.fixed_delay = delay
        opponents = list(self.default_opponents if opponents is None else opponents)
        self._build_common(lang, speed, hint)
        self._build_seats(opponents)
        self._hand_shown_for: int | None = None  # hot-seat: whose hand is face up now
        self.show_hand = button("", "kaya-show-hand", style="warning")
        self.show_hand.on_click(self.guard(self._on_show_hand))
        self.build_game()
        self.widget = w.VBox(
            [
                self.style,
                self.header,
                self.setup_box,
                self.error,
                self.status,
                self.game_box,
                self.hint,
                self.log_title,
                self.log,
            ]
        )
        self.widget.add_class("kaya-app")
        self.relabel()
        self.start()

    # ----------------------------------------------------------------- construction

    @classmethod
    def from_query_string(cls: type[A], **overrides: Any) -> A:
        """An app set from the Voila URL (``?seed=7&lang=id&speed=fast&bots=odds``); refused
        values give the default and a notice, ``?resume=`` brings a lost game back
        (:mod:`kayalib.ui.launch`)."""
        return launch_app(cls, **overrides)

    def _build_common(self, lang: str, speed: str, hint: bool) -> None:
        self.style = w.HTML(value=f"<style>{css()}</style>")
        self.style.add_class("kaya-style")
        self.title = html("kaya-title")
        self.lang = w.Dropdown(options=[(n, c) for c, n in languages().items()], value=lang)
        self.lang.add_class("kaya-lang")
        self.lang.layout.width = "150px"
        self.seed_field = w.Text(value=str(self.seed))
        self.seed_field.add_class("kaya-seed")
        self.seed_field.layout.width = "150px"
        self.seed_field.style.description_width = "auto"
        self.new_game = button("", "kaya-new-game", style="primary")
        self.undo_button = button("", "kaya-undo")
        for b in (self.new_game, self.undo_button):
            b.layout.width = "auto"
        self.speed = w.Dropdown(options=[(s, s) for s in SPEEDS], value=speed)
        self.speed.add_class("kaya-speed")
        self.speed.layout.width = "190px"
        self.speed.style.description_width = "auto"
        self.hint_toggle = w.ToggleButton(value=hint)
        self.hint_toggle.add_class("kaya-hint-toggle")
        self.hint_toggle.layout.width = "auto"
        self.header = w.HBox(
            [
                self.title,
                self.new_game,
                self.undo_button,
                self.seed_field,
                self.speed,
                self.hint_toggle,
                self.lang,
            ]
        )
        self.header.add_class("kaya-header")
        self.error = html("kaya-error")
        show_if(self.error, False)
        self.status = html("kaya-status")
        self.hint = html("kaya-hint")
        self.log_title = html("kaya-log-title")
        self.log = html("kaya-log")

        self.lang.observe(self.guard(self._on_lang), names="value")
        self.new_game.on_click(self.guard(lambda _b: self.start(from_field=True)))
        self.undo_button.on_click(self.guard(lambda _b: self.undo()))
        self.hint_toggle.observe(self.guard(lambda _c: self.render()), names="value")
        self.speed.observe(self.guard(lambda _c: self._schedule_bots()), names="value")

    def _build_seats(self, opponents: list[str]) -> None:
        self.seat_pickers: list[w.Dropdown] = []
        for i in range(1, self.max_seats):
            d = w.Dropdown(options=[("", "")], value="")
            d.add_class("kaya-seat-picker")
            d.add_class(f"kaya-seat-{i}")
            d.layout.width = "136px"
            self.seat_pickers.append(d)
        allowed = {"", HUMAN, *self.bot_names}
        unknown = [o for o in opponents if o not in allowed]
        if unknown:
            raise UnknownBotError(
                f"unknown player {unknown[0]!r}; choose from {', '.join(sorted(allowed - {''}))}"
            )
        if len(opponents) > len(self.seat_pickers):
            raise RulesError(
                f"at most {len(self.seat_pickers)} other players, not {len(opponents)}"
            )
        self._opponents_init = opponents
        self.setup_label = html("kaya-setup-label")
        self.setup_box = w.HBox([self.setup_label, *self.seat_pickers])
        self.setup_box.add_class("kaya-setup")

    def seat_choices(self) -> list[str]:
        """``["human", bot, ...]``: who sits at each seat, seat 0 being the person at the screen."""
        return [HUMAN] + [d.value for d in self.seat_pickers if d.value]

    # ----------------------------------------------------------------- hooks

    def build_game(self) -> None:
        """Create the game widgets and put them in ``self.game_box``."""
        raise NotImplementedError

    def new_state(self, seed: int) -> S:
        """The first state of a new game for the current seats."""
        raise NotImplementedError

    def bot_choose(self, state: S, rng: random.Random) -> Any:
        """The action the bot to move picks."""
        raise NotImplementedError

    def current_seat(self, state: S) -> int | None:
        return state.current_player  # type: ignore[attr-defined]

    def render_game(self) -> None:
        """Update the game widgets from ``self.state``."""
        raise NotImplementedError

    def relabel_game(self) -> None:
        """Set the game widgets' words in the current language."""

    def event_lines(self, state: S) -> list[str]:
        """What happened so far, in words, oldest first."""
        return []

    # ----------------------------------------------------------------- state and flow

    @property
    def state(self) -> S:
        return self.history[-1]

    @property
    def seats(self) -> list[str]:
        return self._seats

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self._seats[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self._seats) if s == HUMAN]

    @property
    def delay(self) -> float:
        if self.fixed_delay is not None:
            return self.fixed_delay
        return SPEEDS.get(self.speed.value, SPEEDS[DEFAULT_SPEED])

    def start(self, *, from_field: bool = False) -> None:
        """Begin a new game (with the seed in the seed field when asked)."""
        if from_field:
            text = self.seed_field.value.strip()
            self.seed = parse_seed(text, self.t) if text else fresh_seed()
            if not text:
                self.seed_field.value = str(self.seed)
        previous = getattr(self, "_seats", None)
        self._seats = self.seat_choices()
        try:
            first = self.new_state(self.seed)
        except Exception:
            if previous is not None:  # a setup that cannot make a game changes nothing
                self._seats = previous
            raise
        self._cancel_bots()
        self.history = [first]
        self._hand_shown_for = None
        self.on_new_game()
        self.clear_error()
        self.render()
        self._schedule_bots()

    def start_from(self, state: S, seats: Sequence[str], *, before: Sequence[S] = ()) -> None:
        """Continue from ``state`` (e.g. a rigged position for a lesson), with these seats.

        ``seats`` names who plays each seat: ``"human"`` or a bot name. ``before`` are the
        states that led to ``state``, oldest first (a resumed game keeps its undo list).
        """
        players = state.players  # type: ignore[attr-defined]
        if len(seats) != players:
            raise KayalibError(f"{len(seats)} seats given for a {players}-player game")
        known = {HUMAN, *self.bot_names}
        unknown = [s for s in seats if s not in known]
        if unknown:
            raise KayalibError(f"unknown seat kind {unknown[0]!r}; use one of {sorted(known)}")
        self._cancel_bots()
        self._seats = list(seats)
        self.history = [*before, state]
        self._hand_shown_for = None
        self.on_new_game()
        self.clear_error()
        self.render()
        self._schedule_bots()

    def on_new_game(self) -> None:
        """Reset per-game UI state (selections); hands are turned face down already."""

    def push(self, state: S) -> None:
        """Record a new state, show it and let the bots move if it is their turn."""
        self.history.append(state)
        self._make_secret_bot_decisions()
        self.clear_error()
        self.render()
        self._schedule_bots()

    def act(self, action: Any) -> None:
        """Apply a human's action to the current state (refused: banner, state unchanged)."""
        self.push(self.state.apply(action))  # type: ignore[attr-defined]

    def human_act(self, action: Any) -> None:
        """A click by the person to move (refused: not their turn, or their hand face down)."""
        if not self.is_human(self.current_seat(self.state)):
            raise IllegalActionError(self.t("error_not_your_turn"))
        if not self.hand_visible():
            raise IllegalActionError(self.t("error_show_hand_first"))
        self.act(action)

    def undo_target(self) -> int | None:
        """Index of the state undo goes back to: the last earlier human decision."""
        for i in range(len(self.history) - 2, -1, -1):
            s = self.history[i]
            if self.is_human(self.current_seat(s)) and not self.is_terminal(s):
                return i
        return None

    def undo(self) -> None:
        """Go back to the last human decision before the current state, skipping bot moves."""
        target = self.undo_target()
        if target is None:
            raise KayalibError(self.t("error_nothing_to_undo"))
        self._cancel_bots()
        del self.history[target + 1 :]
        self._hand_shown_for = None
        self.on_undo()
        self.clear_error()
        self.render()
        self._schedule_bots()

    def on_undo(self) -> None:
        """Reset per-turn UI state after an undo."""

    def is_terminal(self, state: S) -> bool:
        return bool(state.is_terminal)  # type: ignore[attr-defined]

    def bot_to_move(self) -> bool:
        if not self.history:
            return False
        seat = self.current_seat(self.state)
        return seat is not None and not self.is_terminal(self.state) and not self.is_human(seat)

    def bot_step(self) -> bool:
        """Let the bot to move make one move; ``False`` when it is no bot's turn."""
        if not self.bot_to_move():
            return False
        self._apply_bot_move()
        self._make_secret_bot_decisions()
        return True

    def _apply_bot_move(self) -> None:
        rng = bot_rng(self.seed, len(self.history))
        action = self.bot_choose(self.state, rng)
        self.history.append(self.state.apply(action))  # type: ignore[attr-defined]

    def is_secret_decision(self, state: S) -> bool:
        """Whether merely pausing on this decision would tell the others something.

        A bot makes such decisions at once, with no visible delay (Aku Paling Kaya: whether to
        use a power, which would show that its face-down card has one).
        """
        return False

    def _make_secret_bot_decisions(self) -> None:
        while self.bot_to_move() and self.is_secret_decision(self.state):
            self._apply_bot_move()

    def _cancel_bots(self) -> None:
        self._generation += 1
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _schedule_bots(self) -> None:
        self._cancel_bots()
        if not self.bot_to_move():
            return
        try:
            loop = asyncio.get_running_loop()  # a kernel (Jupyter, Voila) always has one
        except RuntimeError:
            loop = None  # a plain script: nothing would run the timers, so move at once
        if self.delay <= 0 or loop is None:
            steps = 0
            while self.bot_step():
                steps += 1
                if steps > 10_000:
                    raise RuntimeError("bots did not finish the game")
            self.render()
            return
        generation = self._generation
        self._pending = loop.call_later(self.delay, self._tick, generation)
        self.render()

    def _tick(self, generation: int) -> None:
        if generation != self._generation:
            return
        self._pending = None
        try:
            self.bot_step()
        except Exception as error:  # shown, never lost in a timer callback
            self.show_error(error)
            return
        self.render()
        self._schedule_bots()

    def run_bots(self) -> None:
        """Let every pending bot move now (tests and scripts)."""
        self._cancel_bots()
        while self.bot_step():
            pass
        self.render()

    # ----------------------------------------------------------------- hot-seat

    def viewer(self) -> int | None:
        """The human seat whose cards the screen may show now (hot-seat: the one to move)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        seat = self.current_seat(self.state)
        return seat if self.is_human(seat) else None

    def hand_visible(self) -> bool:
        """Whether the viewer's cards are face up (hot-seat: only after "show my hand")."""
        seat = self.viewer()
        return seat is not None and (len(self.humans) == 1 or self._hand_shown_for == seat)

    def _on_show_hand(self, _b: Any) -> None:
        seat = self.viewer()
        if seat is not None:
            self._hand_shown_for = None if self._hand_shown_for == seat else seat
            self.render()

    def hide_hand_after_turn(self) -> None:
        """Hot-seat: a hand shown for one seat turns face down once another seat is to move."""
        shown = self._hand_shown_for
        if shown is not None and shown != self.current_seat(self.state) and len(self.humans) > 1:
            self._hand_shown_for = None

    def update_show_hand(self, offered: bool) -> None:
        """Show or hide the "show my hand" button, labelled for the hand's current side."""
        show_if(self.show_hand, offered)
        self.show_hand.description = self.t("hide_hand" if self.hand_visible() else "show_hand")

    # ----------------------------------------------------------------- words and display

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """Wrap a callback: errors go to the banner, the game state stays as it was."""

        def wrapped(*args: Any, **kwargs: Any) -> None:
            try:
                fn(*args, **kwargs)
            except Exception as error:
                self.show_error(error)

        return wrapped

    def show_error(self, error: BaseException) -> None:
        """Show an error in the banner; unexpected ones are logged too (tests fail on them)."""
        if isinstance(error, KayalibError):
            text = str(error) or type(error).__name__
        else:
            log.error("Exception in callback: %r", error, exc_info=error)
            text = self.t("error_unexpected", error=f"{type(error).__name__}: {error}")
        self.error.value = f'<div class="kaya-error-text">\u26a0 {escape(text)}</div>'
        show_if(self.error, True)
        try:
            self.render()
        except Exception as again:  # never loop on a broken render
            log.error("Exception in callback (render): %r", again, exc_info=again)

    def clear_error(self) -> None:
        self.error.value = ""
        show_if(self.error, False)

    def seat_name(self, seat: int) -> str:
        """How a seat is called in the app: "You" for a single human, else "Player n (bot)"."""
        kind = self._seats[seat]
        if kind == HUMAN:
            if len(self.humans) == 1:
                return self.t("you", n=seat + 1)
            return self.t("seat_name", n=seat + 1)
        return self.t("seat_bot", n=seat + 1, bot=self.t(f"bot_{kind}"))

    def _on_lang(self, change: dict) -> None:
        self.t = Translator(change["new"])
        self.relabel()
        self.render()

    def relabel(self) -> None:
        """Put every label in the current language."""
        t = self.t
        self.title.value = f"<h2>{escape(t(self.title_key))}</h2>"
        self.new_game.description = t("new_game")
        self.undo_button.description = t("undo")
        self.undo_button.tooltip = t("undo_tooltip")
        self.seed_field.description = t("seed")
        self.seed_field.placeholder = t("seed_placeholder")
        self.speed.description = t("speed")
        set_options(self.speed, [(t(f"speed_{s}"), s) for s in SPEEDS])
        self.show_hand.description = t("show_hand")
        self.hint_toggle.description = t("hint")
        self.hint_toggle.tooltip = t("hint_tooltip")
        self.log_title.value = f"<h4>{escape(t('log_title'))}</h4>"
        self.setup_label.value = f"<b>{escape(t('opponents'))}</b>"
        opts = [(t("seat_empty"), ""), (t("bot_human"), HUMAN)]
        opts += [(t(f"bot_{b}"), b) for b in self.bot_names]
        for i, d in enumerate(self.seat_pickers):
            set_options(d, opts)
            d.description = ""
            if self._opponents_init is not None:
                d.value = self._opponents_init[i] if i < len(self._opponents_init) else ""
        self._opponents_init = None
        self.relabel_game()

    def render(self) -> None:
        """Redraw everything from the current state."""
        if not self.history:
            return
        self.undo_button.disabled = self.undo_target() is None
        self.render_game()
        show_if(self.hint, self.hint_toggle.value)
        # The log goes last: when a page sees the new log, the rest of the view is updated too.
        lines = self.event_lines(self.state)
        items = "".join(f"<li>{line}</li>" for line in reversed(lines[-200:]))
        self.log.value = f'<ol class="kaya-log-list" reversed>{items}</ol>'

    def show(self) -> None:
        """Display the app in the notebook (or the Voila page)."""
        from IPython.display import display

        display(self.widget)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        return self.widget._repr_mimebundle_(**kwargs)
