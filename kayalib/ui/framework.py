"""What both play apps share: undo stack, seats, bot pacing, errors, language and seed.

An app keeps the list of immutable game states it went through (``app.states``); undo
truncates that list back to the last state where a human had to decide, so the restored state
is the very object seen before. Bots move one at a time: with a delay (``asyncio`` timers, so
Voila keeps updating the page between moves) or, with ``delay=0``, synchronously (tests).
A new game may first show an intro one step at a time at the same pace (Aku Paling Kaya's
gambreng: :meth:`GameApp.intro_steps`).

Every callback runs inside :meth:`GameApp.guard`: a refused action shows its message in the
error banner and leaves the state as it was; an unexpected exception is also shown and logged
as "Exception in callback" (the tests fail on that line).

The widgets around the game (toolbar, settings, columns, words) are built in
:mod:`kayalib.ui.page`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Generic, TypeVar

import ipywidgets as w

from kayalib.engine import Refusal, State
from kayalib.errors import IllegalActionError, KayalibError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator
from kayalib.table import Table
from kayalib.ui.launch import LaunchOptions, launch_app, parse_seed
from kayalib.ui.page import DEFAULT_SPEED, HUMAN, SIZES, SPEEDS, AppPage
from kayalib.ui.widgets import button, css, html, set_options, show_if

log = logging.getLogger("kayalib.ui")

S = TypeVar("S", bound=State[Any, Any])
A = TypeVar("A", bound="GameApp[Any]")

__all__ = [
    "DEFAULT_SPEED",
    "GameApp",
    "HUMAN",
    "LaunchOptions",
    "SIZES",
    "SPEEDS",
    "button",
    "css",
    "fresh_seed",
    "html",
    "set_options",
    "show_if",
]


#: ``?hint=on`` (or 1, true) opens the app with the hint shown; ``off`` (0, false) hides it.


def fresh_seed() -> int:
    """A new seed for a game nobody asked to replay (shown in the seed field to share)."""
    return secrets.randbelow(1_000_000)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()  # a kernel (Jupyter, Voila) always has one
    except RuntimeError:
        return None  # a plain script: nothing would run the timers, so move at once


class GameApp(AppPage, Generic[S]):
    """Base of the play apps. Subclasses fill in the game-specific hooks below.

    Hooks: ``build_game()`` (returns the play and side panels), ``new_state(seed)``,
    ``bot_choose(state, rng)``, ``render_game()``, ``relabel_game()``, ``event_lines(state)``,
    ``intro_steps()``, ``is_secret_decision(state)``, ``on_new_game()`` and ``on_undo()``.
    ``query_options`` names extra ``?name=value`` settings passed on to the constructor.
    """

    default_opponents: tuple[str, ...] = ()
    query_options: dict[str, tuple[str, ...]] = {}
    #: the message for a move tried while the intro is still showing.
    intro_wait_key = "error_wait_intro"

    def __init__(
        self,
        *,
        seed: int | None = None,
        lang: str = DEFAULT_LANGUAGE,
        delay: float | None = None,
        speed: str = DEFAULT_SPEED,
        opponents: Sequence[str] | None = None,
        hint: bool = False,
        size: str = "normal",
        seed_fixed: bool | None = None,
    ) -> None:
        self.t = Translator(lang)
        self._first_seed = fresh_seed() if seed is None else int(seed)
        #: a seed given by the caller (or the address) stays for every new game
        self._seed_fixed = seed is not None if seed_fixed is None else seed_fixed
        self.table: Table | None = None
        self._seats: list[str] = []
        self._generation = 0  # bumped to cancel pending bot timers
        self._pending: asyncio.TimerHandle | None = None
        self._intro_total = self._intro_shown = 0
        self.fixed_delay = delay
        opponents = list(self.default_opponents if opponents is None else opponents)
        self._build_common(lang, speed, hint, size)
        self._build_seats(opponents)
        self._hand_shown_for: int | None = None  # hot-seat: whose hand is face up now
        self.show_hand = button("", "kaya-show-hand", style="warning")
        self.show_hand.add_class("kaya-action")
        self.show_hand.on_click(self.guard(self._on_show_hand))
        self._assemble(*self.build_game())
        self.lang.observe(self.guard(self._on_lang), names="value")
        self.new_game.on_click(self.guard(lambda _b: self.start(from_field=True)))
        self.undo_button.on_click(self.guard(lambda _b: self.undo()))
        self.hint_toggle.observe(self.guard(lambda _c: self.render()), names="value")
        self.speed.observe(self.guard(lambda _c: self._schedule_bots()), names="value")
        self.relabel()
        self.start()

    @classmethod
    def from_query_string(cls: type[A], **overrides: Any) -> A:
        """An app set from the Voila URL (``?seed=7&lang=id&speed=fast&bots=odds&size=large``).

        A seed in the address stays fixed: "New game" deals that game again. Refused values
        give the default and a notice; ``?resume=`` brings a lost game back
        (:mod:`kayalib.ui.launch`).
        """
        return launch_app(cls, **overrides)

    # ----------------------------------------------------------------- hooks

    def build_game(self) -> tuple[list[w.Widget], list[w.Widget]]:
        """Create the game widgets; return the play column's and the side column's panels."""
        raise NotImplementedError

    def game_rules(self) -> Any:
        """The rules of a new game, from the app's settings (players, end rule, colours...)."""
        raise NotImplementedError

    def render_game(self) -> None:
        """Update the game widgets from ``self.state`` (one small method per panel)."""
        raise NotImplementedError

    def event_lines(self, state: S) -> list[str]:
        """What happened so far, in words, oldest first."""
        return []

    def intro_steps(self) -> int:
        """How many steps a new game shows, one per bot delay, before anybody moves."""
        return 0

    def on_new_game(self) -> None:
        """Reset per-game UI state (selections); hands are turned face down already."""

    def on_undo(self) -> None:
        """Reset per-turn UI state after an undo."""

    # ----------------------------------------------------------------- state and flow

    #: the game this app plays (:mod:`kayalib.registry`)
    game_name = ""

    @property
    def states(self) -> list[S]:
        """The states of the current game, oldest first (the undo list, kept by the table)."""
        return self.table.states if self.table is not None else []  # type: ignore[return-value]

    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def seed(self) -> int:
        return self.table.seed if self.table is not None else self._first_seed

    @property
    def seed_fixed(self) -> bool:
        return self.table.fixed_seed if self.table is not None else self._seed_fixed

    @property
    def seats(self) -> list[str]:
        return list(self.table.seats) if self.table is not None else self._seats

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def delay(self) -> float:
        if self.fixed_delay is not None:
            return self.fixed_delay
        return SPEEDS.get(self.speed.value, SPEEDS[DEFAULT_SPEED])

    def next_seed(self) -> int:
        """The seed of the next new game: one typed in the field, else the fixed seed, else a
        fresh one (so "New game" deals new cards unless the address fixed the game)."""
        text = self.seed_field.value.strip()
        if text and parse_seed(text, self.t) != self.seed:
            return parse_seed(text, self.t)
        return self.seed if self.seed_fixed else fresh_seed()

    def start(self, *, from_field: bool = False) -> None:
        """Begin a new game (``from_field``: the "New game" button, see :meth:`next_seed`)."""
        seed = self.next_seed() if from_field else self.seed
        seats, rules = self.seat_choices(), self.game_rules()
        if self.table is None:
            table = Table(self.game_name, seats, rules=rules, seed=seed,
                          fixed_seed=self._seed_fixed)  # fmt: skip
        else:
            table = self.table
            table.new_game(seed=seed, seats=seats, rules=rules)  # nothing changes if refused
        self._use(table)
        self.seed_field.value = str(seed)
        self._begin()

    def start_from(self, state: S, seats: Sequence[str], *, before: Sequence[S] = ()) -> None:
        """Continue from ``state`` (e.g. a rigged position for a lesson), with these seats.

        ``seats`` names who plays each seat: ``"human"`` or a bot name. ``before`` are the
        states that led to ``state``, oldest first (a resumed game keeps its undo list).
        """
        table = Table(self.game_name, seats, start=state, seed=self.seed,
                      fixed_seed=self.seed_fixed)  # fmt: skip
        table.states[:0] = list(before)
        table.rigged = not before or getattr(before[0], "ply", 1) != 0 or table.rigged
        self._use(table)
        self._begin()

    def _use(self, table: Table) -> None:
        self.table = table
        self._seats = list(table.seats)

    def _begin(self) -> None:
        self._cancel_bots()
        self._hand_shown_for = None
        self._intro_shown = 0
        self._intro_total = self.intro_steps() if self.delay > 0 else 0
        self.on_new_game()
        self.clear_error()
        self.render()
        self._schedule_bots()

    def act(self, action: Any, seat: int | None = None) -> None:
        """A person's ``action`` (by ``seat``, if given; else the seat to move): the table
        checks it is that seat's turn. Refused: banner, state unchanged."""
        self.table.act(self.state.current_player if seat is None else seat, action)  # type: ignore[union-attr, arg-type]
        self.clear_error()
        self.render()
        self._schedule_bots()

    def human_act(self, action: Any) -> None:
        """A click by the person at the screen (refused: not their turn, or hand face down)."""
        if self.watching_intro:
            raise IllegalActionError(Refusal.of("wait_intro", "wait for the draw to finish"))
        seat = self.viewer()
        if seat is None:
            raise IllegalActionError(Refusal.of("not_a_person", "not your turn", seat=seat))
        if not self.hand_visible():
            raise IllegalActionError(Refusal.of("show_hand_first", "show your hand first"))
        self.act(action, seat=seat)

    def undo_target(self) -> int | None:
        """Index of the state undo goes back to: the last earlier human decision."""
        return self.table.undo_target() if self.table is not None else None

    def undo(self) -> None:
        """Go back to the last human decision before the current state, skipping bot moves."""
        self._cancel_bots()
        self.table.undo()  # type: ignore[union-attr]
        self._hand_shown_for = None
        self._intro_shown = self._intro_total
        self.on_undo()
        self.clear_error()
        self.render()
        self._schedule_bots()

    def is_terminal(self, state: S) -> bool:
        return bool(state.is_terminal)

    def news_start(self) -> int:
        """Where the news on screen starts in ``state.events``: after the last earlier state
        in which a human was to move (a showdown or a reveal stays until the next decision)."""
        for s in reversed(self.states[:-1]):
            if self.is_human(s.current_player):
                return len(s.events)
        return 0

    # ----------------------------------------------------------------- intro and bots

    @property
    def watching_intro(self) -> bool:
        """True while a new game is still showing its intro, before anybody moves."""
        return self._intro_shown < self._intro_total

    @property
    def intro_shown(self) -> int:
        """How many intro steps are on screen while :attr:`watching_intro`."""
        return self._intro_shown

    @property
    def bot_pending(self) -> bool:
        """Whether a paced step (a bot move or the intro's next step) is waiting on a timer."""
        return self._pending is not None

    def bot_to_move(self) -> bool:
        return self.table is not None and self.table.bot_due

    def bot_step(self) -> bool:
        """Let the bot to move make one move; ``False`` when it is no bot's turn."""
        return self.table is not None and self.table.advance() is not None

    def _cancel_bots(self) -> None:
        self._generation += 1
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _schedule_bots(self) -> None:
        self._cancel_bots()
        loop = _running_loop()
        if self.watching_intro:
            if loop is not None and self.delay > 0:
                self._pending = loop.call_later(self.delay, self._tick, self._generation)
                return
            self._intro_shown = self._intro_total
            self.render()
        if not self.bot_to_move():
            return
        if self.delay <= 0 or loop is None:
            self.table.run()  # type: ignore[union-attr]
            self.render()
            return
        self._pending = loop.call_later(self.delay, self._tick, self._generation)
        self.render()

    def _tick(self, generation: int) -> None:
        """One paced step: the next intro step, or one bot move."""
        if generation != self._generation:
            return
        self._pending = None
        try:
            if self.watching_intro:
                self._intro_shown += 1
            else:
                self.bot_step()
            self.render()
            self._schedule_bots()
        except Exception as error:  # shown, never lost in a timer callback
            self.show_error(error)

    def run_bots(self) -> None:
        """Let every pending bot move now (tests and scripts)."""
        self._cancel_bots()
        self._intro_shown = self._intro_total
        if self.table is not None:
            self.table.run()
        self.render()

    # ----------------------------------------------------------------- hot-seat

    def viewer(self) -> int | None:
        """The human seat whose cards the screen may show now (hot-seat: the one to move)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        seat = self.state.current_player
        return seat if self.is_human(seat) else None

    def hand_visible(self) -> bool:
        """Whether the viewer's cards are face up (hot-seat: only after "show my hand")."""
        seat = self.viewer()
        return seat is not None and (len(self.humans) == 1 or self._hand_shown_for == seat)

    def my_turn(self) -> bool:
        """Whether the person at the screen decides now (the intro over, the game not)."""
        return (
            self.is_human(self.state.current_player)
            and not self.is_terminal(self.state)
            and not self.watching_intro
        )

    def can_act(self) -> bool:
        """Whether the screen offers the moves now: a human's turn with that hand face up."""
        return self.my_turn() and self.hand_visible()

    def _on_show_hand(self, _b: Any) -> None:
        seat = self.viewer()
        if seat is not None:
            self._hand_shown_for = None if self._hand_shown_for == seat else seat
            self.render()

    def hide_hand_after_turn(self) -> None:
        """Hot-seat: a hand shown for one seat turns face down once another seat is to move."""
        shown = self._hand_shown_for
        if shown is not None and shown != self.state.current_player and len(self.humans) > 1:
            self._hand_shown_for = None

    def update_show_hand(self, offered: bool) -> None:
        """Show or hide the "show my hand" button, labelled for the hand's current side."""
        show_if(self.show_hand, offered)
        self.show_hand.description = self.t("hide_hand" if self.hand_visible() else "show_hand")

    # ----------------------------------------------------------------- errors and display

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
        refusal = getattr(error, "refusal", None)
        if isinstance(refusal, Refusal):
            text = self.refusal_text(refusal)
        elif isinstance(error, KayalibError):
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

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the app's language (the app's own words for its own refusals)."""
        own = {"wait_intro": self.intro_wait_key, "show_hand_first": "error_show_hand_first"}
        if refusal.code in own:
            return self.t(own[refusal.code])
        if refusal.code == "not_a_person":
            return self.t("error_not_your_turn")
        return self.words().refusal(refusal)

    def words(self) -> Any:
        """The game's narrator in the app's language (each app gives its own)."""
        raise NotImplementedError

    def clear_error(self) -> None:
        self.error.value = ""
        show_if(self.error, False)

    def _on_lang(self, change: dict) -> None:
        self.t = Translator(change["new"])
        self.relabel()
        self.render()

    def render(self) -> None:
        """Redraw everything from the current state."""
        if not self.states:
            return
        self.undo_button.disabled = self.undo_target() is None
        self.render_game()
        show_if(self.hint, self.hint_toggle.value and not self.is_terminal(self.state))
        # The log goes last: when a page sees the new log, the rest of the view is updated too.
        lines = self.event_lines(self.state)
        items = "".join(f"<li>{line}</li>" for line in reversed(lines[-200:]))
        self.log.value = f'<ol class="kaya-log-list" reversed>{items}</ol>'
