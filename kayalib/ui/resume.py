"""Bring a game back after its kernel was lost: the game as a short token kept in the page.

A game is its seed, its seats, the setup it started with (Blef's end rule, Kaya's colour) and
the moves played since; replaying the moves from the seed gives the very same states, bots
included (bots draw from ``bot_rng(seed, step)``). The app keeps the token of its current game
in a hidden element of the page (:func:`keep_in_page`), together with the words of the
"connection lost" banner in the app's language. When the kernel dies or the server restarts,
the page's script shows the banner and one click reloads the page with ``?resume=<token>``;
:func:`kayalib.ui.launch.launch_app` then replays it.

The token comes back from a browser, so :meth:`SavedGame.decode` checks everything (size, types,
seed, names) and the replay goes through the engine's own ``apply``: a token that does not
describe a legal game is refused with a short notice and a new game.

>>> from kayalib.ui.blef_app import BlefApp
>>> app = BlefApp(seed=7, delay=0, opponents=["odds"])
>>> app.act(app.state.legal_actions()[0])
>>> saved = SavedGame.of(app)
>>> again = BlefApp(delay=0, **saved.app_options())
>>> saved.replay(again)
>>> again.state.events == app.state.events and len(again.states) == len(app.states)
True
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from kayalib.errors import KayalibError
from kayalib.i18n import Translator, languages
from kayalib.ui.launch import SPEEDS, is_seed_text

if TYPE_CHECKING:
    import ipywidgets as w

    from kayalib.ui.framework import GameApp

#: the longest token accepted from an address (a long Blef game is about 2,000 characters).
TOKEN_CHARS = 16_000
#: the most moves a token may hold, and the longest text of one move.
MAX_MOVES = 3_000
MOVE_CHARS = 80
#: setup widgets (by attribute name) whose value decides the first state of a game.
SETUP_FIELDS = ("mode", "colour")
#: the words the page's "connection lost" banner shows (catalogue file ``server.json``).
BANNER_KEYS = (
    "resume_lost", "resume_explain", "resume_explain_page", "resume_button", "resume_reload"
)
VERSION = 1


class ResumeError(KayalibError):
    """A resume token that does not describe a game this app can bring back."""


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to play a game again up to where it was."""

    app: str
    seed: int
    seats: tuple[str, ...]
    moves: tuple[str, ...] = ()
    setup: dict[str, str] = field(default_factory=dict)
    lang: str = "en"
    speed: str = "normal"
    hint: bool = False

    # ------------------------------------------------------------------ from and to an app

    @classmethod
    def of(cls, app: GameApp[Any]) -> SavedGame:
        """The game ``app`` shows now."""
        return _recorder(app).saved()

    def for_app(self, cls: type) -> SavedGame:
        """This game, if it was played in an app of class ``cls``; else ResumeError."""
        if cls.__name__ != self.app:
            raise ResumeError(f"this token is for {self.app}, not {cls.__name__}")
        return self

    def app_options(self) -> dict[str, Any]:
        """Keyword arguments that build an app set up like the saved one."""
        return {
            "seed": self.seed,
            "lang": self.lang,
            "speed": self.speed,
            "hint": self.hint,
            "opponents": list(self.seats[1:]),
            **self.setup,
        }

    def replay(self, app: GameApp[Any]) -> None:
        """Play the saved moves in ``app`` (built with :meth:`app_options`): same states, undo
        list and bot draws as before. ResumeError when a move is not legal there."""
        self.for_app(type(app))
        if list(app.seats) != list(self.seats):
            raise ResumeError("the seats of this token cannot be set up")
        states = [app.new_state(self.seed)]
        try:
            for move in self.moves:
                states.append(states[-1].apply(move))
        except KayalibError as error:
            raise ResumeError(f"move {len(states)} cannot be replayed: {error}") from error
        app.start_from(states[-1], self.seats, before=states[:-1])

    # ------------------------------------------------------------------ the token

    def encode(self) -> str:
        """A URL-safe token (compressed JSON)."""
        data = {
            "v": VERSION,
            "app": self.app,
            "seed": self.seed,
            "seats": list(self.seats),
            "moves": list(self.moves),
            "setup": self.setup,
            "lang": self.lang,
            "speed": self.speed,
            "hint": self.hint,
        }
        raw = json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode()
        return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")

    @classmethod
    def decode(cls, token: str) -> SavedGame:
        """The game in ``token``; ResumeError for anything that is not a token we wrote."""
        if not isinstance(token, str) or not 0 < len(token) <= TOKEN_CHARS:
            raise ResumeError("the resume token is empty or too long")
        try:
            packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            inflate = zlib.decompressobj()
            raw = inflate.decompress(packed, 16 * TOKEN_CHARS)
            if inflate.unconsumed_tail:
                raise ResumeError("the resume token unpacks to too much")
            data = json.loads(raw)
        except (ValueError, zlib.error) as error:
            raise ResumeError("the resume token cannot be read") from error
        return cls._checked(data)

    @classmethod
    def _checked(cls, data: Any) -> SavedGame:
        def fail(what: str) -> ResumeError:
            return ResumeError(f"the resume token has a bad {what}")

        if not isinstance(data, dict) or data.get("v") != VERSION:
            raise fail("version")
        app, seed, seats = data.get("app"), data.get("seed"), data.get("seats")
        if not isinstance(app, str) or not app.isidentifier() or len(app) > 40:
            raise fail("app")
        if type(seed) is not int or not is_seed_text(str(seed)):
            raise fail("seed")
        if not isinstance(seats, list) or not 1 <= len(seats) <= 10 or not all(
            isinstance(s, str) and s.isidentifier() and len(s) <= 20 for s in seats
        ):
            raise fail("seats")
        moves = data.get("moves", [])
        if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(
            isinstance(m, str) and 0 < len(m) <= MOVE_CHARS and m.isprintable() for m in moves
        ):
            raise fail("move list")
        setup = data.get("setup", {})
        if not isinstance(setup, dict) or not all(
            k in SETUP_FIELDS and isinstance(v, str) and v.isidentifier() and len(v) <= 20
            for k, v in setup.items()
        ):
            raise fail("setup")
        lang, speed, hint = data.get("lang"), data.get("speed"), data.get("hint")
        if lang not in languages() or speed not in SPEEDS or not isinstance(hint, bool):
            raise fail("setting")
        return cls(app, seed, tuple(seats), tuple(moves), dict(setup), lang, speed, hint)


# ---------------------------------------------------------------------- recording the moves


def action_between(before: Any, after: Any) -> str:
    """The text of the action that turned state ``before`` into ``after``.

    Found by trying the legal actions of ``before`` (each game's ``apply`` is deterministic,
    chance included), so it needs nothing but the engine's public verbs.
    """
    target = after.events
    for action in before.legal_actions():
        if before.apply(action).events == target:
            return str(action)
    raise ResumeError("no legal action leads to the next state")


class _Recorder:
    """Follows an app's list of states and keeps the moves between them (undo included)."""

    def __init__(self, app: GameApp[Any]) -> None:
        self.app = app
        self.states: list[Any] = []
        self.moves: list[str] = []
        self.start: dict[str, Any] = {}

    def update(self) -> None:
        states = self.app.states
        if not states:
            return
        if not self.states or states[0] is not self.states[0]:
            self.states, self.moves = [states[0]], []
            self.start = {
                "seed": self.app.seed,
                "seats": tuple(self.app.seats),
                "setup": _setup_of(self.app),
            }
        keep = 1
        while (
            keep < min(len(states), len(self.states)) and states[keep] is self.states[keep]
        ):
            keep += 1
        del self.states[keep:], self.moves[keep - 1 :]
        for state in states[keep:]:
            self.moves.append(action_between(self.states[-1], state))
            self.states.append(state)

    def saved(self) -> SavedGame:
        self.update()
        app = self.app
        return SavedGame(
            app=type(app).__name__,
            seed=self.start["seed"],
            seats=self.start["seats"],
            moves=tuple(self.moves),
            setup=self.start["setup"],
            lang=app.t.lang,
            speed=app.speed.value,
            hint=bool(app.hint_toggle.value),
        )


def _setup_of(app: GameApp[Any]) -> dict[str, str]:
    setup = {}
    for name in SETUP_FIELDS:
        value = getattr(getattr(app, name, None), "value", None)
        if isinstance(value, str):
            setup[name] = value
    return setup


def _recorder(app: GameApp[Any]) -> _Recorder:
    recorder = getattr(app, "_resume_recorder", None)
    if recorder is None:
        recorder = _Recorder(app)
        app._resume_recorder = recorder  # type: ignore[attr-defined]
    return recorder


# ---------------------------------------------------------------------- in the page


def banner_words(lang: str) -> dict[str, str]:
    """The banner's words in ``lang`` (the page shows them when the kernel is lost).

    >>> banner_words("pl")["button"]
    'Przywróć moją grę'
    """
    t = Translator(lang)
    return {key.removeprefix("resume_"): t(key) for key in BANNER_KEYS}


def all_banner_words() -> dict[str, dict[str, str]]:
    """``{lang: banner words}`` for every language (the server puts them in every page)."""
    return {lang: banner_words(lang) for lang in languages()}


def page_marker(app: GameApp[Any]) -> str:
    """The hidden element the page's script reads: the token and the banner's words."""
    token = SavedGame.of(app).encode()
    words = json.dumps(banner_words(app.t.lang), ensure_ascii=True)
    return (
        f'<span class="kaya-resume-data" data-kaya-resume="{escape(token)}" '
        f'data-kaya-words="{escape(words)}"></span>'
    )


def keep_in_page(app: GameApp[Any]) -> w.HTML:
    """Add the hidden resume element to ``app`` and keep it up to date after every change."""
    import ipywidgets as w

    marker = w.HTML()
    marker.add_class("kaya-resume")
    marker.layout.display = "none"

    def refresh(_change: Any = None) -> None:
        try:
            marker.value = page_marker(app)
        except KayalibError:  # a game the recorder cannot follow keeps its last token
            pass

    app.log.observe(refresh, names="value")  # the log is redrawn last, after every change
    for widget in (app.lang, app.speed, app.hint_toggle):
        widget.observe(refresh, names="value")
    refresh()
    app.widget.children = (*app.widget.children, marker)
    return marker
