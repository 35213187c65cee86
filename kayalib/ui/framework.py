"""What both play apps share: a page (:class:`~kayalib.ui.shell.AppShell`) showing a table.

An app is made of small pieces, each in its own module:

- the table: a :class:`~kayalib.ui.client.LocalTable` (a headless :class:`kayalib.table.Table`
  in this kernel: seats, states, undo, bots built once per game) behind the
  :class:`~kayalib.ui.client.TableClient` a page talks to; undo goes back to the very state
  object seen before;
- the panels: pure functions ``panel(screen, words) -> html`` of a
  :class:`~kayalib.ui.screen.Screen` (``blef_panels``, ``kaya_panels``);
- the pacing of bot moves and of an intro (:class:`~kayalib.ui.pacing.Pacer`: ``asyncio``
  timers, so Voila keeps updating the page between moves; at once with ``delay=0``);
- whose cards a shared screen shows (:class:`~kayalib.ui.screen.HotSeat`);
- the page's language (:class:`~kayalib.pages.language.Language`) and error banner
  (:class:`~kayalib.pages.banner.ErrorBanner`).

Every callback runs inside :meth:`GameApp.guard`: a refused action shows its message in the
banner, in the page's language, and leaves the state as it was; an unexpected exception is also
shown and logged as "Exception in callback" (the tests fail on that line).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import ipywidgets as w

from kayalib.engine import Refusal, State
from kayalib.errors import IllegalActionError
from kayalib.i18n import DEFAULT_LANGUAGE
from kayalib.pages.language import Language
from kayalib.pages.options import DEFAULT_SPEED, SIZES, SPEEDS, page_seed, parse_seed
from kayalib.pages.widgets import button, inline_markup, show_if
from kayalib.table import PERSON, Table
from kayalib.ui.client import Laid, LocalTable
from kayalib.ui.log_panel import log_html
from kayalib.ui.pacing import Pacer
from kayalib.ui.screen import HotSeat, Screen, percent, signed
from kayalib.ui.shell import AppShell

S = TypeVar("S", bound=State[Any, Any])
A = TypeVar("A", bound="GameApp[Any]")

__all__ = ["DEFAULT_SPEED", "HUMAN", "SIZES", "SPEEDS", "GameApp"]

HUMAN = PERSON
"""The seat kind of the person at the screen (or another person at the same screen)."""


class GameApp(AppShell, Generic[S]):
    """Base of the play apps. A game app says which game it plays (``game_name``), its bots,
    words and address settings (``choices``: ``?name=value`` passed to the constructor), and
    gives:

    - ``build_game()``: its controls and panel widgets of the play column, and its parts of the
      side column (:attr:`side`);
    - ``game_rules()``: the rules of a new game, from its settings;
    - ``words()``: its narrator, seats named as the app names them;
    - ``draw(screen, words)``: each panel's HTML into its widget, the controls set from the screen;
    - ``relabel_game()``, and optionally ``intro_steps()`` and ``reset_controls()``;
    - ``laid(state)``: the hands a state shows face up (for the table's client).
    """

    game_name = ""
    default_opponents: tuple[str, ...] = ()
    choices: dict[str, tuple[str, ...]] = {}

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
        table: Table | None = None,
    ) -> None:
        self.language = Language(lang)
        #: what runs at the end of every redraw, inside it (the page's resume token)
        self.after_render: list[Callable[[], None]] = []
        self.fixed_delay = delay
        self.pacer = Pacer(lambda: self.delay)
        self.hot_seat = HotSeat()
        self.client: LocalTable | None = None
        self._intro_total = self._intro_shown = 0
        self._typed_seed = ""  # the seed last typed into the field and sent (Enter)
        first_seed = page_seed() if seed is None else int(seed)
        #: a seed given by the caller (or the address) stays for every new game
        self._seed_fixed = seed is not None if seed_fixed is None else seed_fixed
        if table is not None:
            first_seed, opponents = table.seed, table.seats[1:]
        opponents = list(self.default_opponents if opponents is None else opponents)
        self.build_shell(first_seed, speed, hint, size, opponents)
        self.show_hand = button("", "kaya-show-hand", style="warning")
        self.show_hand.add_class("kaya-action")
        self.show_hand.on_click(self.guard(self._on_show_hand))
        self.assemble(self.build_game())
        self.new_game.on_click(self.guard(lambda _b: self.start(from_field=True)))
        self.seed_field.observe(self.guard(lambda _c: self._on_seed_typed()), names="value")
        for widget in self._setting_widgets():
            widget.observe(self.guard(lambda _c: self._note_settings()), names="value")
        self.undo_button.on_click(self.guard(lambda _b: self.undo()))
        self.hint_toggle.observe(self.guard(lambda _c: self.render()), names="value")
        self.speed.observe(self.guard(lambda _c: self._schedule_bots()), names="value")
        self.language.follow(self)
        self.relabel()
        if table is None:
            self.start()
        else:
            self.show_table(table)

    @classmethod
    def from_query_string(cls: type[A], **overrides: Any) -> A:
        """An app set from the Voila URL (``?seed=7&lang=id&speed=fast&bots=odds&size=large``).

        A seed in the address stays fixed: "New game" deals that game again. Refused values
        give the default and a notice; ``?resume=`` brings a lost game back
        (:mod:`kayalib.ui.launch`).
        """
        from kayalib.ui.launch import launch_app

        return launch_app(cls, **overrides)

    # ----------------------------------------------------------------- what a game app gives

    def build_game(self) -> list[w.Widget]:  # pragma: no cover
        raise NotImplementedError

    def game_rules(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def words(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def draw(self, screen: Screen, words: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def relabel_game(self) -> None:
        """Set the game widgets' words in the current language."""

    def intro_steps(self) -> int:
        """How many steps a new game shows, one per bot delay, before anybody moves."""
        return 0

    def reset_controls(self) -> None:
        """Reset per-decision controls after a new game or an undo (selections)."""

    def show_rules(self, rules: Any) -> None:
        """Set the game's setting widgets from the rules of the table shown (a game brought
        back, a rigged position), so that "New game" deals that kind of game again."""

    @staticmethod
    def laid(state: Any) -> Laid:
        """The hands ``state`` shows face up (none unless the game says)."""
        return None

    # ----------------------------------------------------------------- the table

    @property
    def table(self) -> Table:
        assert self.client is not None
        return self.client.table

    @property
    def states(self) -> list[S]:
        """The states of the current game, oldest first (the undo list, kept by the table)."""
        return self.client.states if self.client is not None else []  # type: ignore[return-value]

    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def seed(self) -> int:
        return self.table.seed if self.client is not None else int(self.seed_field.value)

    @property
    def seed_fixed(self) -> bool:
        return self.table.fixed_seed if self.client is not None else self._seed_fixed

    @property
    def seats(self) -> list[str]:
        return list(self.table.seats) if self.client is not None else self.seat_choices()

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == PERSON

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == PERSON]

    @property
    def delay(self) -> float:
        if self.fixed_delay is not None:
            return self.fixed_delay
        return SPEEDS.get(self.speed.value, SPEEDS[DEFAULT_SPEED])

    def next_seed(self) -> int:
        """The seed of the next new game: one typed in the field (it stays until the field
        changes), else the fixed seed, else a fresh one (so "New game" deals new cards unless
        the address fixed the game or a seed was typed)."""
        text = self.seed_field.value.strip()
        if text and (text == self._typed_seed or parse_seed(text, self.t) != self.seed):
            return parse_seed(text, self.t)  # a typed seed stays until the field changes
        return self.seed if self.seed_fixed else page_seed()

    def start(self, *, from_field: bool = False) -> None:
        """Begin a new game (``from_field``: the "New game" button, see :meth:`next_seed`)."""
        seed = self.next_seed() if from_field else self.seed
        seats, rules = self.seat_choices(), self.game_rules()
        if self.client is None:
            table = Table(self.game_name, seats, rules=rules, seed=seed,
                          fixed_seed=self._seed_fixed)  # fmt: skip
        else:
            table = self.table
            table.new_game(seed=seed, seats=seats, rules=rules)  # nothing changes if refused
        self.show_table(table)

    def _on_seed_typed(self) -> None:
        """A seed typed and sent (Enter) deals that game at once, as "New game" would."""
        text = self.seed_field.value.strip()
        if self.client is not None and text and text != str(self.seed):
            self._typed_seed = text
            self.start(from_field=True)

    def _setting_widgets(self) -> list[w.Widget]:
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

    @property
    def settings_pending(self) -> bool:
        """Whether the players or rules chosen differ from the table's (until "New game")."""
        if self.client is None:
            return False
        return (self.seat_choices() != list(self.table.seats)
                or self.game_rules() != self.table.rules)  # fmt: skip

    def _note_settings(self) -> None:
        """Say when the settings take effect, and, when they differ from the table's, that
        "New game" plays with them."""
        pending = self.settings_pending
        key = "settings_pending" if pending else "settings_next_game"
        text = inline_markup(self.t(key))
        self.settings_note.value = f"<b>{text}</b>" if pending else text
        if pending:
            self.new_game.add_class("kaya-pending")
        else:
            self.new_game.remove_class("kaya-pending")

    def start_from(self, state: S, seats: Sequence[str], *, before: Sequence[S] = ()) -> None:
        """Continue from ``state`` (e.g. a rigged position for a lesson), with these seats.

        ``seats`` names who plays each seat: ``"human"`` or a bot name. ``before`` are the
        states that led to ``state``, oldest first.
        """
        table = Table(self.game_name, seats, start=state, seed=self.seed,
                      fixed_seed=self.seed_fixed)  # fmt: skip
        table.states[:0] = list(before)
        self.show_table(table)

    def show_table(self, table: Table) -> None:
        """Show ``table`` from now on (a new game, a rigged position, a game brought back)."""
        self.client = LocalTable(table, self.laid)
        self.seed_field.value = str(table.seed)
        self._show_seats(table.seats)
        self.show_rules(table.rules)
        self.pacer.cancel()
        self.hot_seat.reset()
        self._intro_shown = 0
        self._intro_total = self.intro_steps() if self.delay > 0 else 0
        self.reset_controls()
        self.clear_error()
        self._schedule_bots()

    def _show_seats(self, seats: Sequence[str]) -> None:
        """The seat pickers show who plays at the table (when they can)."""
        if len(seats) - 1 > len(self.seat_pickers):
            return
        for i, picker in enumerate(self.seat_pickers):
            kind = seats[i + 1] if i + 1 < len(seats) else ""
            if kind in [value for _, value in picker.options]:
                picker.value = kind

    def act(self, action: Any, seat: int | None = None) -> None:
        """A person's ``action`` (by ``seat``, if given; else the seat to move), sent to the
        table as its text: the table checks it is that seat's turn. Refused: banner, state
        unchanged."""
        assert self.client is not None
        seat = self.state.current_player if seat is None else seat
        self.client.act(seat, str(action))  # type: ignore[arg-type]
        self.clear_error()
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
        return self.client.undo_target() if self.client is not None else None

    def undo(self) -> None:
        """Go back to the last human decision before the current state, skipping bot moves."""
        assert self.client is not None
        self.pacer.cancel()
        self.client.undo()
        self.hot_seat.reset()
        self._intro_shown = self._intro_total
        self.reset_controls()
        self.clear_error()
        self._schedule_bots()

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
        return self.pacer.pending

    def bot_to_move(self) -> bool:
        return self.client is not None and self.client.bot_due

    def bot_step(self) -> bool:
        """Let the bot to move make one move; ``False`` when it is no bot's turn."""
        return self.client is not None and self.client.advance() is not None

    def _schedule_bots(self) -> None:
        """Pace what comes next (the intro's next step, a bot's move: on a timer, or at once
        when nothing can wait), then draw the screen, once."""
        self.pacer.cancel()
        if self.watching_intro and not self.pacer.can_wait():
            self._intro_shown = self._intro_total
        if self.watching_intro:
            self.pacer.later(self._tick)
        elif self.bot_to_move():
            if self.pacer.can_wait():
                self.pacer.later(self._tick)
            else:
                self.client.run()  # type: ignore[union-attr]
        self.render()

    def _tick(self) -> None:
        """One paced step: the next intro step, or one bot move."""
        try:
            if self.watching_intro:
                self._intro_shown += 1
            else:
                self.bot_step()
            self._schedule_bots()
        except Exception as error:  # shown, never lost in a timer callback
            self.show_error(error)

    def run_bots(self) -> None:
        """Let every pending bot move now (tests and scripts)."""
        self.pacer.cancel()
        self._intro_shown = self._intro_total
        if self.client is not None:
            self.client.run()
        self.render()

    # ----------------------------------------------------------------- whose cards are shown

    def viewer(self) -> int | None:
        """The person whose cards the screen may show now (hot-seat: the one to move)."""
        return self.hot_seat.viewer(self.humans, self.state.current_player)

    def hand_visible(self) -> bool:
        """Whether the viewer's cards are face up (hot-seat: only after "show my hand")."""
        return self.hot_seat.visible(self.humans, self.state.current_player)

    def my_turn(self) -> bool:
        """Whether the person at the screen decides now (the intro over, the game not)."""
        return self.screen().my_turn

    def can_act(self) -> bool:
        """Whether the screen offers the moves now: a human's turn with that hand face up."""
        return self.screen().can_act

    def _on_show_hand(self, _b: Any) -> None:
        self.hot_seat.toggle(self.humans, self.state.current_player)
        self.render()

    def update_show_hand(self, screen: Screen, offered: bool) -> None:
        """Show or hide the "show my hand" button, labelled for the hand's current side."""
        show_if(self.show_hand, offered)
        self.show_hand.description = self.t("hide_hand" if screen.hand_visible else "show_hand")

    # ----------------------------------------------------------------- errors and words

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """Wrap a callback: errors go to the banner, the game state stays as it was."""
        return self.error.guard(fn, clear=False, after=self.render)

    def show_error(self, error: BaseException) -> None:
        """Show an error in the banner; unexpected ones are logged too (tests fail on them)."""
        self.error.report(error, self.render)

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the app's language."""
        return self.words().refusal(refusal)

    def clear_error(self) -> None:
        self.error.clear()

    def seat_name(self, seat: int) -> str:
        """How the app calls a seat ("Player 1 (you)", "Player 2 (bot: odds)")."""
        return str(self.words().seat(seat))

    def percent(self, p: float) -> str:
        return percent(self.t, p)

    def signed(self, x: float, digits: int = 1) -> str:
        return signed(self.t, x, digits)

    def set_language(self, lang: str) -> None:
        """The page's language changed: every word again."""
        self.relabel()
        self.render()

    def relabel(self) -> None:
        """Put every label in the current language."""
        self.relabel_shell()
        self.relabel_game()

    # ----------------------------------------------------------------- the screen

    def screen(self) -> Screen:
        """What this screen shows now, from the table's client (the panels' only input)."""
        client = self.client
        assert client is not None
        people = tuple(self.humans) or (0,)
        first = client.view(people[0])
        viewer = self.hot_seat.viewer(people, first.current_player)
        view = first if viewer is None or viewer == people[0] else client.view(viewer)
        return Screen(
            view=view, seats=client.seats, viewer=viewer,
            hand_visible=self.hot_seat.visible(people, first.current_player),
            log=client.log(), log_seat=people[0] if len(people) == 1 else -1,
            news=client.news(people), laid=client.laid(),
            intro_shown=self._intro_shown if self.watching_intro else None,
            hint=bool(self.hint_toggle.value),
        )  # fmt: skip

    def render(self) -> None:
        """Redraw everything from the table."""
        if self.client is None or not self.states:
            return
        self.hot_seat.after_move(self.humans, self.state.current_player)
        screen, words = self.screen(), self.words()
        with self.holding():  # one message a widget, the log's last
            self.undo_button.disabled = self.undo_target() is None
            self._note_settings()
            self.draw(screen, words)
            show_if(self.hint, self.hint_toggle.value and not screen.view.is_terminal)
            lines = words.log_lines(screen.log, screen.log_seat)
            self.log.value = log_html(words.t, lines, news=screen.news,
                                      title=lambda group: words.group_title(group, screen.log))
            for hook in self.after_render:
                hook()
