"""Bring a game back after its kernel was lost: the game as a short token kept in the page.

A game is its table's record (:class:`kayalib.table.GameRecord`: the start record with the
rules, the seed, the seats and the moves played, ``state.moves``); replaying the moves from the
seed gives the very same states (:meth:`kayalib.table.Table.from_record`). The token adds the
page's settings (language, bot speed, hint). The app keeps the token of its current game in a
hidden element of the page (:func:`keep_in_page`), together with the words of the "connection
lost" banner in the app's language. When the kernel dies or the server restarts, the page's
script shows the banner and one click reloads the page with ``?resume=<token>``;
:func:`kayalib.ui.launch.launch_app` then shows the game again.

The token comes back from a browser, so :meth:`SavedGame.decode` checks everything (size, types,
names; the record is checked by :meth:`GameRecord.decode`) and the replay goes through the
engine's own ``apply``: a token that does not describe a legal game is refused with a short
notice and a new game.

>>> from kayalib.ui.blef_app import BlefApp
>>> app = BlefApp(seed=7, delay=0, opponents=["odds"])
>>> app.act(app.screen().view.legal_actions()[0])
>>> saved = SavedGame.decode(SavedGame.of(app).encode())
>>> again = BlefApp(delay=0, **saved.app_options())
>>> saved.replay(again)
>>> again.owner.state.events == app.owner.state.events
True
>>> len(again.owner.states) == len(app.owner.states)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kayalib.errors import KayalibError, ParseError, RulesError
from kayalib.i18n import languages
from kayalib.pages.lost import banner_words
from kayalib.pages.options import RESUME_CHARS, SPEEDS
from kayalib.table import GameRecord, Table, pack, unpack
from kayalib.ui.tree import Node, h

if TYPE_CHECKING:
    from kayalib.ui.framework import GameApp


__all__ = ["TOKEN_CHARS", "ResumeError", "SavedGame", "keep_in_page", "page_marker"]

#: the longest token accepted from an address (a long Blef game is about 2,000 characters).
TOKEN_CHARS = RESUME_CHARS
VERSION = 2
_FIELDS = {"v", "app", "lang", "speed", "hint", "game"}


class ResumeError(ParseError):
    """A resume token that does not describe a game this app can bring back."""


@dataclass(frozen=True)
class SavedGame:
    """A game (its table's record) and the page's settings, to play it again where it was."""

    app: str
    record: GameRecord
    lang: str = "en"
    speed: str = "normal"
    hint: bool = False

    @classmethod
    def of(cls, app: GameApp) -> SavedGame:
        """The game ``app`` shows now; KayalibError for a game started from a chosen position
        or a table the page does not own (a class table keeps its games itself)."""
        owner = app.owner
        if owner is None:
            raise RulesError("a class table's game is kept by the class server")
        shell = app.shell
        return cls(type(app).__name__, owner.record(), app.t.lang, shell.speed.value,
                   bool(shell.hint_toggle.value))  # fmt: skip

    def for_app(self, cls: type) -> SavedGame:
        """This game, if it was played in an app of class ``cls``; else ResumeError."""
        if cls.__name__ != self.app:
            raise ResumeError(f"this token is for {self.app}, not {cls.__name__}")
        return self

    def app_options(self) -> dict[str, Any]:
        """Keyword arguments that build an app with the saved page settings and seats."""
        return {"seed": self.record.seed, "lang": self.lang, "speed": self.speed,
                "hint": self.hint, "opponents": list(self.record.seats[1:])}  # fmt: skip

    def table(self) -> Table:
        """The saved game's table, every state replayed; ResumeError when it is not a legal
        game."""
        try:
            return Table.from_record(self.record)
        except KayalibError as error:
            raise ResumeError(f"the saved game cannot be replayed: {error}") from error

    def replay(self, app: GameApp) -> None:
        """Show the saved game in ``app``: the same states, undo list and bot draws as before.
        ResumeError (and nothing changes) when the token's game is not a legal game."""
        self.for_app(type(app))
        app.show_table(self.table())

    # ------------------------------------------------------------------ the token

    def encode(self) -> str:
        """A URL-safe token (packed as a game record is; the game as its record's own text)."""
        return pack({"v": VERSION, "app": self.app, "lang": self.lang, "speed": self.speed,
                     "hint": self.hint, "game": self.record.encode()})  # fmt: skip

    @classmethod
    def decode(cls, token: str) -> SavedGame:
        """The game in ``token``; ResumeError for anything that is not a token we wrote."""
        return cls._checked(unpack(token, TOKEN_CHARS, "the resume token", ResumeError))

    @classmethod
    def _checked(cls, data: Any) -> SavedGame:
        def fail(what: str) -> ResumeError:
            return ResumeError(f"the resume token has a bad {what}")

        if not isinstance(data, dict) or data.get("v") != VERSION or set(data) != _FIELDS:
            raise fail("version")
        app, game = data["app"], data["game"]
        if not isinstance(app, str) or not app.isidentifier() or len(app) > 40:
            raise fail("app")
        lang, speed, hint = data["lang"], data["speed"], data["hint"]
        if lang not in languages() or speed not in SPEEDS or not isinstance(hint, bool):
            raise fail("setting")
        try:
            record = GameRecord.decode(game)
        except ParseError as error:
            raise fail(f"game ({error})") from error
        return cls(app, record, lang, speed, hint)


# ---------------------------------------------------------------------- in the page


def page_marker(app: GameApp) -> Node:
    """The hidden element the page's script reads: the token and the banner's words."""
    token = SavedGame.of(app).encode()
    words = json.dumps(banner_words(app.t.lang), ensure_ascii=True)
    return h("span.kaya-resume-data", data_kaya_resume=token, data_kaya_words=words)


def keep_in_page(app: GameApp) -> None:
    """Add the hidden resume element to ``app`` (at the foot of its side column, so it travels
    in the same message as the log) and keep it up to date at every redraw: a move, a language,
    a bot speed, the hint switched."""

    def refresh() -> None:
        try:
            app.shell.foot = [h("div.kaya-resume", page_marker(app))]
        except KayalibError:  # a game the recorder cannot follow keeps its last token
            pass

    app.after_render.append(refresh)
    app.render()
