"""Bring a game back after its kernel was lost: the game as a short token kept in the page.

A game is its seed, its seats, the setup it started with (Blef's end rule, Kaya's colour) and
the moves played since (``state.moves``); replaying the moves from the seed gives the very same
states. The app keeps the token of its current game
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
        """The game ``app`` shows now (its moves as the engine logged them)."""
        return cls(
            app=type(app).__name__,
            seed=app.seed,
            seats=tuple(app.seats),
            moves=tuple(str(action) for _seat, action in app.state.moves),
            setup=_setup_of(app),
            lang=app.t.lang,
            speed=app.speed.value,
            hint=bool(app.hint_toggle.value),
        )

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
        states = [app.states[0]]
        try:
            for move in self.moves:
                states.append(states[-1].apply(move))
        except KayalibError as error:
            raise ResumeError(f"move {len(states)} cannot be replayed: {error}") from error
        app.table.states[:] = states  # type: ignore[union-attr]
        app.render()

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


def _setup_of(app: GameApp[Any]) -> dict[str, str]:
    setup = {}
    for name in SETUP_FIELDS:
        value = getattr(getattr(app, name, None), "value", None)
        if isinstance(value, str):
            setup[name] = value
    return setup


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
