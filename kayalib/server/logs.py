"""The server's log: a few lines a minute for each cause and client, and no secret in any line.

A class server's log is read by a teacher, and every line a request writes is a line a student
can make it write. So:

- :func:`log_request` (Tornado's ``log_function``) writes each request as its status, method
  and *path*: never the query, where a key or a token may travel, nor the ``Referer``; and
  :class:`NoQueries` takes the query off any address in any other line (Tornado's warning for
  a refused request names the whole address);
- :class:`RateLimit` (a :class:`logging.Filter` on the server's log handlers) lets the first
  warning (or error) of a cause (its logger, level and message template) from a client
  through, holds the others of that cause and client for ``interval`` seconds, and adds to the
  next one it lets through how many it held; a client also gets at most ``per_client`` such
  lines an interval over all causes. The client is :data:`CLIENT`, the address the code runs
  for (the server sets it for each connection, :mod:`kayalib.server.edge`), or none. Lines
  below ``WARNING`` are not held: a request is logged below it unless it failed.

>>> limit = RateLimit(interval=60.0, clock=lambda: 0.0)
>>> record = logging.LogRecord("kayalib", logging.WARNING, "", 0, "refused %s", ("x",), None)
>>> token = CLIENT.set("10.0.0.7")
>>> [limit.filter(record) for _ in range(3)]
[True, False, False]
>>> CLIENT.reset(token)
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

__all__ = ["CLIENT", "NoQueries", "RateLimit", "install", "log_request"]

#: the client address the running code serves (set per connection by the server's edge)
CLIENT: ContextVar[str] = ContextVar("kayalib_client", default="")
#: loggers whose handlers get the rate limit (besides the root's and the application's)
LOGGERS = ("tornado.access", "tornado.application", "tornado.general", "kayalib")


@dataclass
class _Held:
    since: float
    count: int = 0


class RateLimit(logging.Filter):
    """One record a cause and client per ``interval`` seconds (see the module's text)."""

    def __init__(self, interval: float = 60.0, per_client: int = 30,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        super().__init__()
        self.interval, self.per_client, self.clock = interval, per_client, clock
        self.causes: dict[tuple[str, int, str, str], _Held] = {}
        self.clients: dict[str, _Held] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        client = CLIENT.get()
        now = self.clock()
        if len(self.causes) > 10_000 or len(self.clients) > 10_000:
            self._forget(now)
        key = (record.name, record.levelno, str(record.msg), client)
        cause = self.causes.get(key)
        if cause is not None and now - cause.since < self.interval:
            cause.count += 1
            return False
        lines = self.clients.get(client)
        if client and lines is not None and now - lines.since < self.interval:
            if lines.count >= self.per_client:
                self.causes[key] = _Held(now, 1 + (cause.count if cause else 0))
                return False
            lines.count += 1
        elif client:
            self.clients[client] = _Held(now, 1)
        if cause is not None and cause.count:
            record.msg = f"{record.msg} [and {cause.count} more like it held]"
        self.causes[key] = _Held(now)
        return True

    def _forget(self, now: float) -> None:
        """Drop what is older than an interval (the held counts of those are lost)."""
        old = self.interval
        self.causes = {k: held for k, held in self.causes.items() if now - held.since < old}
        self.clients = {k: held for k, held in self.clients.items() if now - held.since < old}


#: an address's path and its query (in a log line, a repr, quoted or not)
_QUERY = re.compile(r"(/[^\s?'\"]*)\?[^\s'\"]*")


class NoQueries(logging.Filter):
    """Takes the query off every address in a record, where a key or a token may travel.

    >>> summary = "GET /x.ipynb?seat=T0K3N (1.2.3.4)"
    >>> record = logging.LogRecord("tornado.general", logging.WARNING, "", 0,
    ...                            "%d %s: not found", (404, summary), None)
    >>> NoQueries().filter(record), record.getMessage()
    (True, '404 GET /x.ipynb (1.2.3.4): not found')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "?" in text:
            plain = _QUERY.sub(r"\1", text)
            if plain != text:
                record.msg, record.args = plain, ()
        return True


def install(limit: RateLimit, loggers: Iterable[logging.Logger] = ()) -> None:
    """Put ``limit``, then :class:`NoQueries`, on every handler of the root logger, of
    ``loggers`` and of :data:`LOGGERS` (the root gets a handler to standard error if it has
    none, so records no handler took do not go to Python's last resort, which has no filter)."""
    root = logging.getLogger()
    if not root.handlers:
        stderr = logging.StreamHandler()
        stderr.setFormatter(logging.Formatter("[%(name)s] %(levelname)s | %(message)s"))
        root.addHandler(stderr)
    chosen = [root, *loggers, *(logging.getLogger(name) for name in LOGGERS)]
    for logger in chosen:
        for handler in logger.handlers:
            if limit not in handler.filters:
                handler.addFilter(limit)
            if not any(isinstance(f, NoQueries) for f in handler.filters):
                handler.addFilter(NoQueries())


def log_request(handler: Any) -> None:
    """Tornado's ``log_function``: status, method, path (no query), client, time; successes and
    redirects at debug level, client errors as warnings, server errors as errors."""
    status = int(handler.get_status())
    request = handler.request
    logger = getattr(handler, "log", None) or logging.getLogger("tornado.access")
    if status < 400:
        level = logging.DEBUG
    elif status < 500:
        level = logging.WARNING
    else:
        level = logging.ERROR
    logger.log(level, "%d %s %s (%s) %.2fms", status, request.method, request.path,
               request.remote_ip, 1000.0 * request.request_time())  # fmt: skip
