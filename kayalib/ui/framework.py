"""What both play apps share: a page (an :class:`~kayalib.ui.shell.AppShell`) showing a table
through a :class:`~kayalib.ui.client.TableClient`.

An app *holds* small pieces, each in its own module, and wires them:

- the shell: the page's widgets (toolbar, settings, banner, columns), which knows no game;
- the client: a table in this kernel (:class:`~kayalib.ui.client.LocalTable`) or a seat of a
  class table (:class:`~kayalib.ui.remote.ClassSeat`); the app reads only the seat's views
  through it and sends actions as text. Only a client with an owner part
  (:class:`~kayalib.ui.client.TableOwner`) offers a new game, undo and the bots' pacing; at a
  class table those controls are hidden, and asked for anyway they are refused with a message;
- the panels: pure functions ``panel(screen, words) -> node`` of a
  :class:`~kayalib.ui.screen.Screen` (``blef_panels``, ``kaya_panels``), the nodes of one tree
  that the page's one widget draws (:mod:`kayalib.ui.board`): a change is one message;
- the pacing of bot moves and of an intro (:class:`~kayalib.ui.pacing.Pacer`: ``asyncio``
  timers, so Voila keeps updating the page between moves; at once with ``delay=0``);
- whose cards a shared screen shows (:class:`~kayalib.ui.screen.HotSeat`);
- the page's language (:class:`~kayalib.pages.language.Language`) and error banner.

A game app (``BlefApp``, ``KayaApp``) says which game it plays and adds its controls and
panels. Every callback runs inside :meth:`GameApp.guard`: a refused action shows its message in
the banner, in the page's language, and leaves the table as it was; an unexpected exception is
also shown and logged as "Exception in callback" (the tests fail on that line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from kayalib.engine import Refusal, State, View
from kayalib.errors import IllegalActionError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator
from kayalib.pages.language import Language
from kayalib.pages.options import DEFAULT_SPEED, SPEEDS, page_seed, parse_seed
from kayalib.table import Table
from kayalib.ui.board import Board
from kayalib.ui.client import LocalTable, TableClient, TableOwner
from kayalib.ui.controls import Button
from kayalib.ui.log_panel import log_tree
from kayalib.ui.pacing import Pacer
from kayalib.ui.screen import HotSeat, Screen, percent, seat_namer, signed
from kayalib.ui.shell import AppShell
from kayalib.ui.tree import Node, h, inline

__all__ = ["GameApp", "no_new_game", "no_undo"]


def no_undo() -> IllegalActionError:
    """The refusal of an undo at a table this page does not own (a class table)."""
    return IllegalActionError(Refusal.of("table_no_undo", "there is no undo at a class table"))


def no_new_game() -> IllegalActionError:
    """The refusal of a new game at a table this page does not own (a class table)."""
    return IllegalActionError(Refusal.of("table_no_new_game",
                                         "the teacher starts a class table's games"))  # fmt: skip


class GameApp:
    """Base of the play apps. A game app says which game it plays (``game_name``), its bots,
    words and address settings (``choices``: ``?name=value`` passed to the constructor), and
    gives:

    - ``build_game()``: its controls (each added to the page's board);
    - ``game_rules()``: the rules of a new game, from its settings;
    - ``words()``: its narrator, seats named as the app names them (:meth:`namer`);
    - ``draw(screen, words)``: the nodes of its play column and of its side column, the
      controls set from the screen;
    - ``relabel_game()``, and optionally ``intro_steps(view)``, ``reset_controls()`` and
      ``table_shown()``.

    ``client`` is the table to show (a seat of a class table); without one the app plays a
    table of its own in this kernel (``table``, or a new one from the settings).
    """

    game_name = ""
    page_title_key = "app_title"
    intro_key = ""
    bot_names: tuple[str, ...] = ()
    max_seats = 6
    default_opponents: tuple[str, ...] = ()
    choices: Mapping[str, tuple[str, ...]] = {}

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
        client: TableClient | None = None,
    ) -> None:
        self.language = Language(lang)
        #: what runs at every redraw before the page is put together (the page's resume token,
        #: a class table's panel: they set the shell's ``above`` and ``foot``)
        self.after_render: list[Callable[[], None]] = []
        self.fixed_delay = delay
        self.pacer = Pacer(lambda: self.delay)
        self.hot_seat = HotSeat()
        self._client: TableClient | None = None
        self._intro_total = self._intro_shown = 0
        self._typed_seed = ""  # the seed last typed into the field and sent (Enter)
        first_seed = page_seed() if seed is None else int(seed)
        #: a seed given by the caller (or the address) stays for every new game
        self._seed_fixed = seed is not None if seed_fixed is None else seed_fixed
        if table is not None:
            first_seed, opponents = table.seed, table.seats[1:]
        if client is not None:
            opponents = ()  # the table's seats are its own
        opponents = list(self.default_opponents if opponents is None else opponents)
        self.shell = AppShell(
            self.language, self.refusal_text, title_key=self.page_title_key,
            intro_key=self.intro_key, bot_names=self.bot_names, max_seats=self.max_seats,
            seed=first_seed, speed=speed, hint=hint, size=size, opponents=opponents,
        )  # fmt: skip
        shell = self.shell
        self.show_hand: Button = shell.board.add(Button("show-hand", "kaya-show-hand",
                                                        style="warning"))  # fmt: skip
        self.show_hand.add_class("kaya-action")
        self.show_hand.on_click(self.guard(self._on_show_hand))
        self.build_game()
        shell.board.redraw = self.render
        shell.new_game.on_click(self.guard(lambda _b: self.start(from_field=True)))
        shell.seed_field.observe(self.guard(lambda _c: self._on_seed_typed()), names="value")
        for widget in shell.setting_widgets():
            widget.observe(self.guard(lambda _c: self._note_settings()), names="value")
        shell.undo_button.on_click(self.guard(lambda _b: self.undo()))
        for toggle in (shell.hint_toggle, shell.settings_toggle, shell.size_toggle):
            toggle.observe(self.guard(lambda _c: self.render()), names="value")
        shell.speed.observe(self.guard(lambda _c: self._schedule_bots()), names="value")
        self.language.follow(self)
        self.relabel()
        if client is not None:
            self.show_client(client)
        elif table is not None:
            self.show_table(table)
        else:
            self.start()

    @classmethod
    def from_query_string(cls, **overrides: Any) -> GameApp:
        """An app set from the Voila URL (``?seed=7&lang=id&speed=fast&bots=odds&size=large``).

        A seed in the address stays fixed: "New game" deals that game again. Refused values
        give the default and a notice; ``?resume=`` brings a lost game back, and
        ``?table=&seat=`` opens a seat of a class table (:mod:`kayalib.ui.launch`).
        """
        from kayalib.ui.launch import launch_app

        app: GameApp = launch_app(cls, **overrides)
        return app

    # ----------------------------------------------------------------- what a game app gives

    def build_game(self) -> None:  # pragma: no cover
        raise NotImplementedError

    def game_rules(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def words(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def draw(self, screen: Screen, words: Any) -> tuple[list[Node], list[Node]]:
        """The nodes of the play column (under the status line) and of the side column (above
        the log)."""
        raise NotImplementedError  # pragma: no cover

    def status(self, screen: Screen, words: Any) -> Node:  # pragma: no cover
        """The status line."""
        raise NotImplementedError

    def relabel_game(self) -> None:
        """Set the game widgets' words in the current language."""

    def intro_steps(self, view: View) -> int:
        """How many steps a new game shows, one per bot delay, before anybody moves."""
        return 0

    def reset_controls(self) -> None:
        """Reset per-decision controls after a new game or an undo (selections)."""

    def show_rules(self, rules: Any) -> None:
        """Set the game's setting widgets from the rules of the table shown (a game brought
        back, a rigged position), so that "New game" deals that kind of game again."""

    def table_shown(self) -> None:
        """A table was just shown (a new game, a game brought back, a class seat)."""

    # ----------------------------------------------------------------- the table

    @property
    def client(self) -> TableClient:
        """The table this page shows."""
        if self._client is None:
            raise RuntimeError("the app shows no table yet")
        return self._client

    @property
    def owner(self) -> TableOwner | None:
        """The owner's part of the table (new game, undo, pacing), or ``None`` at a class
        table."""
        return None if self._client is None else self._client.owner

    @property
    def seats(self) -> list[str]:
        """Who plays each seat: ``"human"`` for a person, else the bot's name."""
        if self._client is None:
            return self.shell.seat_choices()
        return list(self._client.seats)

    @property
    def humans(self) -> list[int]:
        """The seats played at this screen."""
        return list(self._client.people) if self._client is not None else [0]

    def is_human(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by a person at this screen."""
        return seat is not None and seat in self.humans

    @property
    def seed(self) -> int | None:
        """The seed of the game shown (``None`` at a class table: the server's secret)."""
        owner = self.owner
        if owner is not None:
            return owner.seed
        return None if self._client is not None else int(self.shell.seed_field.value)

    @property
    def seed_fixed(self) -> bool:
        owner = self.owner
        return owner.fixed_seed if owner is not None else self._seed_fixed

    @property
    def delay(self) -> float:
        if self.fixed_delay is not None:
            return self.fixed_delay
        return SPEEDS.get(self.shell.speed.value, SPEEDS[DEFAULT_SPEED])

    def next_seed(self) -> int:
        """The seed of the next new game: one typed in the field (it stays until the field
        changes), else the fixed seed, else a fresh one (so "New game" deals new cards unless
        the address fixed the game or a seed was typed)."""
        text = self.shell.seed_field.value.strip()
        seed = self.seed
        if text and (text == self._typed_seed or parse_seed(text, self.t) != seed):
            return parse_seed(text, self.t)  # a typed seed stays until the field changes
        return seed if self.seed_fixed and seed is not None else page_seed()

    def start(self, *, from_field: bool = False) -> None:
        """Begin a new game (``from_field``: the "New game" button, see :meth:`next_seed`);
        refused at a table this page does not own."""
        if self._client is not None and self.owner is None:
            raise no_new_game()
        seed = self.next_seed() if from_field else self.seed
        seats, rules = self.shell.seat_choices(), self.game_rules()
        owner = self.owner
        if owner is None:
            table = Table(self.game_name, seats, rules=rules, seed=seed,
                          fixed_seed=self._seed_fixed)  # fmt: skip
            self.show_table(table)
            return
        owner.new_game(seed=seed, seats=seats, rules=rules)  # nothing changes if refused
        self.show_client(self.client)

    def _on_seed_typed(self) -> None:
        """A seed typed and sent (Enter) deals that game at once, as "New game" would."""
        text = self.shell.seed_field.value.strip()
        if self.owner is not None and text and text != str(self.seed):
            self._typed_seed = text
            self.start(from_field=True)

    @property
    def settings_pending(self) -> bool:
        """Whether the players or rules chosen differ from the table's (until "New game")."""
        owner = self.owner
        if owner is None:
            return False
        return (self.shell.seat_choices() != list(owner.seats)
                or self.game_rules() != owner.rules)  # fmt: skip

    def _note_settings(self) -> None:
        """Say when the settings take effect, and, when they differ from the table's, that
        "New game" plays with them."""
        shell = self.shell
        pending = self.settings_pending
        key = "settings_pending" if pending else "settings_next_game"
        words = inline(self.t(key))
        shell.settings_note = h("b", *words) if pending else h("span", *words)
        if pending:
            shell.new_game.add_class("kaya-pending")
        else:
            shell.new_game.remove_class("kaya-pending")

    def start_from(self, state: State[Any, Any], seats: Sequence[str], *,
                   before: Sequence[State[Any, Any]] = ()) -> None:  # fmt: skip
        """Continue from ``state`` (e.g. a rigged position for a lesson), with these seats.

        ``seats`` names who plays each seat: ``"human"`` or a bot name. ``before`` are the
        states that led to ``state``, oldest first.
        """
        seed = self.seed
        table = Table(self.game_name, seats, start=state, seed=seed if seed is not None else 0,
                      fixed_seed=self.seed_fixed)  # fmt: skip
        table.states[:0] = list(before)
        self.show_table(table)

    def show_table(self, table: Table) -> None:
        """Show ``table``, a table of this kernel, from now on (a new game, a rigged position,
        a game brought back)."""
        self.show_client(LocalTable(table))

    def show_client(self, client: TableClient) -> None:
        """Show the table of ``client`` from now on."""
        if client is not self._client:
            client.listen(self.guard(self._changed))
        self._client = client
        owner = client.owner
        shell = self.shell
        shell.show_owner_controls(owner is not None)
        if owner is not None:
            shell.seed_field.value = str(owner.seed)
            self._show_seats(owner.seats)
            self.show_rules(owner.rules)
        self.pacer.cancel()
        self.hot_seat.reset()
        self._intro_shown = 0
        view = client.view(self._reader())
        self._intro_total = self.intro_steps(view) if self.delay > 0 and owner else 0
        self.reset_controls()
        self.table_shown()
        self.clear_error()
        self._schedule_bots()

    def _changed(self) -> None:
        """The table changed by itself (a classmate, the server's bots): draw it again."""
        self._schedule_bots()

    def _show_seats(self, seats: Sequence[str]) -> None:
        """The seat pickers show who plays at the table (when they can)."""
        pickers = self.shell.seat_pickers
        if len(seats) - 1 > len(pickers):
            return
        for i, picker in enumerate(pickers):
            kind = seats[i + 1] if i + 1 < len(seats) else ""
            if kind in [value for _, value in picker.options]:
                picker.value = kind

    def _reader(self) -> int:
        """The seat whose view the screen reads when nobody's cards are shown: the first
        person at the screen (seat 0 at a table of bots only)."""
        people = self.client.people
        return people[0] if people else 0

    def act(self, action: Any, seat: int | None = None) -> None:
        """A person's ``action`` (by ``seat``, if given; else the seat to move), sent to the
        table as its text: the table checks it is that seat's turn. Refused: banner, table
        unchanged."""
        if seat is None:
            current = self.client.view(self._reader()).current_player
            seat = self._reader() if current is None else current
        self.client.act(seat, str(action))
        self.clear_error()
        self._schedule_bots()

    def human_act(self, action: Any) -> None:
        """A click by the person at the screen (refused: not their turn, or hand face down,
        or the table held)."""
        screen = self.screen()
        if screen.watching_intro:
            raise IllegalActionError(Refusal.of("wait_intro", "wait for the draw to finish"))
        if screen.hold is not None:
            code = screen.hold if screen.hold != "gone" else "ended"
            raise IllegalActionError(Refusal.of(f"table_{code}", "the table is {status}",
                                                status=screen.hold))  # fmt: skip
        seat = screen.viewer
        if seat is None:
            raise IllegalActionError(Refusal.of("not_a_person", "not your turn", seat=seat))
        if not screen.hand_visible:
            raise IllegalActionError(Refusal.of("show_hand_first", "show your hand first"))
        self.act(action, seat=seat)

    def undo_target(self) -> int | None:
        """Index of the state undo goes back to: the last earlier human decision (``None``
        when there is none, or at a class table)."""
        owner = self.owner
        return owner.undo_target() if owner is not None else None

    def undo(self) -> None:
        """Go back to the last human decision before the current state, skipping bot moves;
        refused at a table this page does not own."""
        owner = self.owner
        if owner is None:
            raise no_undo()
        self.pacer.cancel()
        owner.undo()
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
        """Whether this page paces a bot move that is due (never at a class table: the
        server's clock paces its bots)."""
        owner = self.owner
        return owner is not None and owner.bot_due

    def bot_step(self) -> bool:
        """Let the bot to move make one move; ``False`` when it is no bot's turn."""
        owner = self.owner
        return owner is not None and owner.advance() is not None

    def _schedule_bots(self) -> None:
        """Pace what comes next (the intro's next step, a bot's move: on a timer, or at once
        when nothing can wait), then draw the screen, once."""
        self.pacer.cancel()
        if self.watching_intro and not self.pacer.can_wait():
            self._intro_shown = self._intro_total
        owner = self.owner
        if self.watching_intro:
            self.pacer.later(self._tick)
        elif owner is not None and owner.bot_due:
            if self.pacer.can_wait():
                self.pacer.later(self._tick)
            else:
                owner.run()
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
        owner = self.owner
        if owner is not None:
            owner.run()
        self.render()

    # ----------------------------------------------------------------- whose cards are shown

    def _on_show_hand(self, _b: Any) -> None:
        screen = self.screen()
        self.hot_seat.toggle(screen.people, screen.view.current_player)
        self.render()

    def update_show_hand(self, screen: Screen, offered: bool) -> None:
        """Show or hide the "show my hand" button, labelled for the hand's current side."""
        self.show_hand.shown = offered
        self.show_hand.description = self.t("hide_hand" if screen.hand_visible else "show_hand")

    # ----------------------------------------------------------------- errors and words

    @property
    def t(self) -> Translator:
        return self.language.t

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """Wrap a callback: errors go to the banner, the table stays as it was."""
        return self.shell.error.guard(fn, clear=False, after=self.render)

    def show_error(self, error: BaseException) -> None:
        """Show an error in the banner; unexpected ones are logged too (tests fail on them)."""
        self.shell.error.report(error, self.render)

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the app's language."""
        return str(self.words().refusal(refusal))

    def clear_error(self) -> None:
        self.shell.error.clear()

    def namer(self, suffix: Callable[[int], str] | None = None) -> Callable[[int], str]:
        """How this app calls each seat (:func:`~kayalib.ui.screen.seat_namer`), from who sits
        at the table shown."""
        client = self._client
        if client is None:
            return cache(seat_namer(self.t, self.shell.seat_choices(), suffix))
        return cache(seat_namer(self.t, client.seats, suffix, people=client.people,
                                names=client.names))  # fmt: skip

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
        self.shell.relabel()
        self.relabel_game()

    # ----------------------------------------------------------------- the screen

    def screen(self) -> Screen:
        """What this screen shows now, from the table's client (the panels' only input)."""
        client = self.client
        people = client.people
        first = client.view(self._reader())
        current = first.current_player
        viewer = self.hot_seat.viewer(people, current)
        view = first if viewer is None or viewer == first.seat else client.view(viewer)
        return Screen(
            view=view, seats=client.seats, people=people, viewer=viewer,
            hand_visible=self.hot_seat.visible(people, current), news=client.news(view.seat),
            intro_shown=self._intro_shown if self.watching_intro else None,
            hint=bool(self.shell.hint_toggle.value), names=client.names, hold=client.hold,
        )  # fmt: skip

    def render(self) -> None:
        """Draw the page again from the table: the board sends what changed, in one message."""
        if self._client is None:
            return
        people = self._client.people
        self.hot_seat.after_move(people, self._client.view(self._reader()).current_player)
        screen, words = self.screen(), self.words()
        shell = self.shell
        shell.undo_button.disabled = self.undo_target() is None
        self._note_settings()
        play, side = self.draw(screen, words)
        lines = words.log_lines(screen.log, screen.log_seat)
        log = log_tree(words.t, lines, news=screen.news,
                       title=lambda group: words.group_title(group, screen.log))  # fmt: skip
        shell.status, shell.log = self.status(screen, words), log
        for hook in self.after_render:
            hook()
        shell.board.show(shell.page(play, side))

    # ----------------------------------------------------------------- the page

    @property
    def widget(self) -> Board:
        """The whole page: one widget."""
        return self.shell.board

    def show(self) -> None:
        """Display the app in the notebook (or the Voila page), with its page helper."""
        self.shell.show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.shell.board._repr_mimebundle_(**kwargs)
