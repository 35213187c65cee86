"""The small program that runs inside a bot's process, the only place a bot file is imported.

It speaks JSON Lines with the referee (:mod:`kayalib.sandbox.process`) over its standard input
and output, which it first moves to descriptors of their own: the bot's ``print``, and anything
it writes to descriptors 1 and 2, goes to the captured output, never into the protocol.

1. ``{"start": {"game", "file", "dir", "limits", "uid"}}`` in: it sets the limits
   (:meth:`~kayalib.sandbox.limits.Limits.apply`), gives up root for ``uid`` if asked, goes to
   its directory ``dir``, imports the bot file ``file`` from it and makes the bot;
   ``{"ready": true}`` out, or ``{"fault": "startup" | "limit", "detail": ...}`` and it ends.
2. ``{"move": {"game": n, "from": k, "view": {...}, "key": "<64 hex digits>"}}`` in, for each
   move: it rebuilds the view (:class:`ViewReader`: the view's JSON carries only the seat's
   events from the ``k``-th on, those it was not sent before in this game), gives the bot a
   ``random.Random`` seeded from the key (drawn by the referee from the seat's generator: never
   the seed), and answers ``{"action": "<the action's text>"}``, or
   ``{"fault": "crash" | "limit", "detail": ...}``. A new ``n`` makes a fresh bot (one bot a
   game).

The process ends when its standard input does.
"""

from __future__ import annotations

import errno
import io
import json
import os
import sys
import traceback
from collections.abc import Callable
from typing import IO, Any

__all__ = ["ViewReader", "main"]

DETAIL = 300
"""The longest fault detail a bot's process sends (characters)."""


def _detail(error: BaseException) -> str:
    try:
        text = traceback.format_exception_only(type(error), error)[-1].strip()
    except Exception:  # an exception whose str() raises
        text = type(error).__name__
    return text[:DETAIL]


def _fault(error: BaseException, usual: str) -> dict[str, str]:
    """The fault of an error the bot's code raised: ``limit`` for the memory and file size
    limits (Python ignores ``SIGXFSZ``: a write past the limit fails with ``EFBIG``)."""
    limit = isinstance(error, MemoryError) or getattr(error, "errno", None) == errno.EFBIG
    return {"fault": "limit" if limit else usual, "detail": _detail(error)}


class ViewReader:
    """One seat's views of one game, read from records that each carry only the events not sent
    before (a seat's log only grows), so a move costs the same early and late in a game.

    >>> from kayalib.registry import game
    >>> from kayalib.sandbox.client import move_message
    >>> from kayalib.seeds import bot_rng
    >>> state = game("blef").state.new(seed=3)
    >>> first, second = state.view(1), state.apply("pair K").view(1)
    >>> reader = ViewReader(game("blef"))
    >>> [reader.read(move_message(0, view, bot_rng(3, 1, 0), start)["move"]) == view
    ...  for view, start in ((first, 0), (second, len(first.events)))]
    [True, True]
    """

    def __init__(self, spec: Any) -> None:
        self.spec = spec
        self.events: list[Any] = []

    def read(self, move: dict[str, Any]) -> Any:
        """The view of a ``move`` message (``from``: how many events came before)."""
        from kayalib.engine import Chain, evolve

        record = move["view"]
        if move["from"] != len(self.events):
            raise ValueError(f"events from {move['from']}, but {len(self.events)} were sent")
        seat = record["seat"]
        for item in record["events"]:
            event = self.spec.event_from_json(item)
            self.events.append(event.seen_by(seat) or event)
        view = self.spec.view.from_json({**record, "events": []})
        return evolve(view, chain=Chain(self.events))


def _protocol() -> tuple[IO[bytes], IO[bytes]]:
    """The protocol's own descriptors; 0 becomes /dev/null and 1 the captured output (2)."""
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    if isinstance(sys.stdout, io.TextIOWrapper):  # else it cannot be told (as before)
        try:
            sys.stdout.reconfigure(line_buffering=True)
        except ValueError:
            pass
    return reader, writer


def _drop_privileges(uid: int) -> None:
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)


def _load(game_name: str, file_name: str) -> Callable[[], Any]:
    """The bot file's ``make_bot`` (or ``Bot``), after importing it (its code runs here)."""
    import importlib.util

    module_name = f"kayalib_bot_{file_name.removesuffix('.py')}"
    spec = importlib.util.spec_from_file_location(module_name, os.path.abspath(file_name))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {file_name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    if getattr(module, "GAME", None) != game_name:
        raise ImportError(f"{file_name} must say GAME = {game_name!r}")
    factory = getattr(module, "make_bot", None) or getattr(module, "Bot", None)
    if not callable(factory):
        raise ImportError(f"{file_name} has no class Bot (or function make_bot)")
    return factory


def main() -> None:
    """Serve one bot: start, then one answer per move, until the input ends."""
    reader, writer = _protocol()

    def send(record: dict[str, Any]) -> None:
        writer.write(json.dumps(record).encode() + b"\n")

    start = json.loads(reader.readline())["start"]
    from kayalib.sandbox.limits import Limits

    Limits.from_json(start["limits"]).apply()
    if start.get("uid") is not None:
        _drop_privileges(int(start["uid"]))
    os.chdir(start["dir"])
    os.umask(0o077)
    from kayalib.registry import game
    from kayalib.seeds import BotRandom

    spec = game(start["game"])
    try:
        factory = _load(start["game"], start["file"])
        bot = factory()
    except BaseException as error:  # SystemExit and KeyboardInterrupt too: the bot's, not ours
        fault = _fault(error, "startup")
        send({**fault, "detail": f"{fault['detail']} (while its file loaded)"})
        return
    send({"ready": True})
    playing, views = 0, ViewReader(spec)
    for line in reader:
        try:
            move = json.loads(line)["move"]
            if move["game"] != playing:
                playing, views = move["game"], ViewReader(spec)
                bot = factory()
            view = views.read(move)
            action = bot.choose(view, BotRandom(bytes.fromhex(move["key"])))
            text = action if isinstance(action, str) else str(action)
            reply: dict[str, Any] = {"action": str(text)}
        except BaseException as error:
            reply = _fault(error, "crash")
        send(reply)
