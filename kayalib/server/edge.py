"""The server's edge: what one client may hold and send before any page or route sees it.

A class server is one process with one file limit, and every connection is a file. So:

- the soft file limit is raised to the hard one at start (:func:`raise_file_limit`), and the
  connection caps are sized from it (:meth:`EdgeLimits.sized`): connections in all stay below
  it with room for the server's own files and its kernels' sockets, a share is kept for the
  server's own addresses (its kernels call the class tables over loopback, a connection a
  move), and one client address holds at most a class's worth (a school's NAT puts a whole
  class behind one address);
- a connection over a cap is refused as soon as it is accepted (reset, one log line a minute
  for each address), and the accept loop never spins: when the process has no file left it
  stops accepting for a moment (:data:`PAUSE`) instead of failing at once again; a connection
  that has sent nothing yet is watched by one handler, without Tornado's HTTP machinery, so a
  flood of idle connections costs the server little (and each is closed after the idle time);
- every request's declared body is checked against :attr:`EdgeLimits.body_bytes` before any of
  it is read: 413 and the connection closed (Tornado's own ``max_body_size`` stops a body sent
  in chunks), on every route, Voila's included; a connection idle (or a body slower) than
  :attr:`EdgeLimits.idle_seconds` is closed;
- every connection's code runs with its client address in :data:`kayalib.server.logs.CLIENT`,
  which the log's rate limit reads.

>>> limits = EdgeLimits.sized(files=20_000, kernels=100, browsers=36)
>>> limits.connections, limits.per_address, limits.own_reserve
(18336, 576, 432)
"""

from __future__ import annotations

import errno
import logging
import resource
import socket
import struct
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tornado import httputil
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.iostream import IOStream

from kayalib.server.logs import CLIENT

__all__ = ["BACKLOG", "PAUSE", "EdgeLimits", "EdgeServer", "edge_server", "raise_file_limit"]

log = logging.getLogger("kayalib.edge")

#: seconds the server stops accepting when the process has no file (or memory) left
PAUSE = 0.5
#: seconds between two looks for connections that sent nothing for the idle time
SWEEP = 5.0
#: connections the system may queue for the server to accept (Tornado's 128 overflowed under a
#: flood of connections, and the system then dropped or reset honest ones waiting among them)
BACKLOG = 1024
#: errors of ``accept`` that say the process or the system is out of files or memory
_FULL = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
#: connections accepted at most in one go (then the loop serves what else is ready)
_AT_ONCE = 32
_TOO_LARGE = (b"HTTP/1.1 413 Payload Too Large\r\nContent-Type: text/plain; charset=utf-8\r\n"
              b"Content-Length: 4\r\nConnection: close\r\n\r\n413\n")  # fmt: skip


def raise_file_limit(ceiling: int = 1 << 20) -> int:
    """Raise this process's soft limit of open files to its hard one (at most ``ceiling``);
    the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = ceiling if hard == resource.RLIM_INFINITY else min(hard, ceiling)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted if soft == resource.RLIM_INFINITY else soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft
    return wanted


@dataclass(frozen=True)
class EdgeLimits:
    """The edge's limits: ``connections`` open at most in all, ``per_address`` from one client
    address (the server's own addresses excepted), ``own_reserve`` of the ``connections`` that
    only the server's own addresses may take, ``body_bytes`` a request's body at most,
    ``buffer_bytes`` what a connection may have read and not yet handled, ``idle_seconds`` a
    connection may wait between requests (and a body may take)."""

    files: int
    connections: int
    per_address: int
    own_reserve: int
    body_bytes: int = 64 * 1024
    buffer_bytes: int = 1024 * 1024
    idle_seconds: float = 60.0

    @classmethod
    def sized(cls, files: int, kernels: int, browsers: int, *, per_address: int = 0,
              body_bytes: int = 64 * 1024, idle_seconds: float = 60.0) -> EdgeLimits:  # fmt: skip
        """The limits for a process of ``files`` open files, ``kernels`` page kernels at most
        and ``browsers`` browsers from one address at most (``per_address``: the cap of one
        address, when it is given).

        Each kernel holds about 16 of the server's files (its channels' sockets, a page's
        websocket), and 4 connections of its own to the class tables (its seat's websocket,
        a move); a browser holds up to 16 connections (a page's files, its websockets).

        >>> EdgeLimits.sized(files=2048, kernels=13, browsers=6)
        EdgeLimits(files=2048, connections=1776, per_address=96, own_reserve=84, \
body_bytes=65536, buffer_bytes=1048576, idle_seconds=60.0)
        """
        reserve = 64 + 16 * kernels
        connections = max(64, files - reserve)
        own = min(connections // 2, 32 + 4 * kernels)
        share = (connections - own) // 4
        per = per_address if per_address > 0 else max(64, 16 * browsers)
        return cls(files, connections, max(1, min(per, share)), own, body_bytes,
                   max(1024 * 1024, 4 * body_bytes), idle_seconds)

    def describe(self) -> str:
        """The limits in a line (the server's log says them at start)."""
        return (f"open files {self.files}; connections at most {self.connections}, "
                f"{self.per_address} from one address ({self.own_reserve} kept for this "
                f"server's own); bodies at most {self.body_bytes} bytes; idle connections "
                f"closed after {self.idle_seconds:g} s")  # fmt: skip


class Connections:
    """The open connections, by client address; :meth:`admit` says why one may not open."""

    def __init__(self, limits: EdgeLimits, own: Iterable[str]) -> None:
        self.limits = limits
        self.own = frozenset(own)
        self.total = 0
        self.by_address: dict[str, int] = {}

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; or the reason it is refused."""
        own = address in self.own
        room = self.limits.connections - (0 if own else self.limits.own_reserve)
        if self.total >= room:
            return "the server has all the connections it may have"
        held = self.by_address.get(address, 0)
        if not own and held >= self.limits.per_address:
            return "this address has all the connections one address may have"
        self.total += 1
        self.by_address[address] = held + 1
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)


class EdgeStream(IOStream):
    """A connection's stream that gives its place back when its socket is closed."""

    def __init__(self, connection: socket.socket, connections: Connections, address: str,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(connection, **kwargs)
        self._edge = (connections, address)

    def close_fd(self) -> None:
        try:
            super().close_fd()
        finally:
            connections, address = self._edge
            connections.release(address)


class _BodyLimit(httputil.HTTPMessageDelegate):
    """A request's delegate that answers 413, reading none of it, to a declared body over the
    limit of its path (``limit``); everything else goes to the application's delegate."""

    def __init__(self, delegate: httputil.HTTPMessageDelegate, connection: Any,
                 limit: Callable[[str], int]) -> None:  # fmt: skip
        self.delegate, self.connection, self.limit = delegate, connection, limit

    def headers_received(self, start_line: Any, headers: httputil.HTTPHeaders) -> Any:
        declared = headers.get("Content-Length", "").strip()
        path = getattr(start_line, "path", "").split("?", 1)[0]
        if declared.isdigit() and int(declared) > self.limit(path):
            log.warning("kayalib: refused a body of %s bytes (more than %d) from %s",
                        declared, self.limit(path), CLIENT.get())  # fmt: skip
            stream = self.connection.detach()
            written = stream.write(_TOO_LARGE)

            def close(done: Any) -> None:
                if not done.cancelled():
                    done.exception()  # a client that went away meanwhile: nothing to say
                stream.close()

            written.add_done_callback(close)
            return None
        return self.delegate.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Any:
        return self.delegate.data_received(chunk)

    def finish(self) -> None:
        self.delegate.finish()

    def on_connection_close(self) -> None:
        self.delegate.on_connection_close()


def edge_server(application: Any, limits: EdgeLimits, own: Iterable[str] = (),
                tighter: Sequence[tuple[str, int]] = ()) -> EdgeServer:  # fmt: skip
    """An :class:`EdgeServer` of ``application`` (plain HTTP) with ``limits``; ``own``: the
    server's own addresses (its kernels call from them); ``tighter``: a smaller body limit for
    the paths under a prefix (``[("/kayalib/", 4096)]``)."""
    server = EdgeServer(application, max_body_size=limits.body_bytes,
                        max_buffer_size=limits.buffer_bytes,
                        idle_connection_timeout=limits.idle_seconds,
                        body_timeout=limits.idle_seconds)  # fmt: skip
    server.limits, server.connections = limits, Connections(limits, own)
    server.tighter = tuple(tighter)
    return server


class EdgeServer(HTTPServer):
    """Tornado's HTTP server with the edge's limits (:class:`EdgeLimits`), made by
    :func:`edge_server`."""

    limits: EdgeLimits
    connections: Connections
    tighter: tuple[tuple[str, int], ...] = ()
    #: connections that have sent nothing yet: socket, address, client, since when
    waiting: dict[int, tuple[socket.socket, Any, str, float]] | None = None
    sweeper: PeriodicCallback | None = None

    def body_limit(self, path: str) -> int:
        """The most body bytes a request for ``path`` may declare."""
        for prefix, most in self.tighter:
            if path.startswith(prefix):
                return min(most, self.limits.body_bytes)
        return self.limits.body_bytes

    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = self._accept_on(sock)

    def _accept_on(self, sock: socket.socket) -> Callable[[], None]:
        """Accept connections on ``sock`` until the returned function is called."""
        loop = IOLoop.current()
        state = {"removed": False, "paused": False}

        def resume() -> None:
            if not state["removed"]:
                state["paused"] = False
                loop.add_handler(sock, accept, IOLoop.READ)

        def accept(_fd: Any, _events: int) -> None:
            for _ in range(_AT_ONCE):
                if state["removed"]:
                    return
                try:
                    connection, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as error:
                    if error.errno not in _FULL:
                        raise
                    log.warning("kayalib: the server has no file left for a new connection "
                                "(%s): it stops accepting for %g s", error.strerror, PAUSE)
                    loop.remove_handler(sock)
                    state["paused"] = True
                    loop.call_later(PAUSE, resume)
                    return
                self._handle_connection(connection, address)

        def remove() -> None:
            if not state["paused"]:
                loop.remove_handler(sock)
            state["removed"] = True

        loop.add_handler(sock, accept, IOLoop.READ)
        return remove

    def _handle_connection(self, connection: socket.socket, address: Any) -> None:
        """Admit a new connection (or reset it), and wait for its first bytes with one handler
        and no HTTP machinery: a flood of connections that send nothing costs little."""
        client = str(address[0]) if isinstance(address, tuple) and address else ""
        token = CLIENT.set(client)
        try:
            refused = self.connections.admit(client)
            if refused is not None:
                log.warning("kayalib: refused a connection from %s: %s", client, refused)
                _reset(connection)
                return
            connection.setblocking(False)
            loop = IOLoop.current()
            if self.waiting is None:
                self.waiting = {}
                self.sweeper = PeriodicCallback(self._sweep, 1000 * SWEEP)
                self.sweeper.start()
            self.waiting[connection.fileno()] = (connection, address, client, loop.time())
            loop.add_handler(connection.fileno(), self._first_bytes, IOLoop.READ)
        finally:
            CLIENT.reset(token)

    def _first_bytes(self, fd: int, _events: int) -> None:
        """A waiting connection sent something (or closed): HTTP serves it from here."""
        assert self.waiting is not None
        found = self.waiting.pop(fd, None)
        IOLoop.current().remove_handler(fd)
        if found is None:
            return
        connection, address, client, _since = found
        try:
            said = connection.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            said = b"?"  # nothing after all: HTTP waits for it as for any connection
        except OSError:
            said = b""
        if not said:  # it closed without a word: no HTTP to serve it
            connection.close()
            self.connections.release(client)
            return
        token = CLIENT.set(client)
        try:
            stream = EdgeStream(connection, self.connections, client,
                                max_buffer_size=self.max_buffer_size,
                                read_chunk_size=self.read_chunk_size)  # fmt: skip
            self.handle_stream(stream, address)  # HTTPServer's: it starts serving at once
        finally:
            CLIENT.reset(token)

    def _sweep(self) -> None:
        """Close the waiting connections that sent nothing for the idle time."""
        if not self.waiting:
            return
        loop = IOLoop.current()
        old = loop.time() - self.limits.idle_seconds
        for fd in [fd for fd, (_c, _a, _w, since) in self.waiting.items() if since < old]:
            connection, _address, client, _since = self.waiting.pop(fd)
            loop.remove_handler(fd)
            connection.close()
            self.connections.release(client)

    def stop(self) -> None:
        super().stop()
        if self.sweeper is not None:
            self.sweeper.stop()
        for connection, _address, client, _since in (self.waiting or {}).values():
            IOLoop.current().remove_handler(connection.fileno())
            connection.close()
            self.connections.release(client)
        self.waiting = {}

    def start_request(
        self, server_conn: object, request_conn: httputil.HTTPConnection
    ) -> httputil.HTTPMessageDelegate:
        delegate = super().start_request(server_conn, request_conn)
        return _BodyLimit(delegate, request_conn, self.body_limit)


def _reset(connection: socket.socket) -> None:
    """Close ``connection`` at once (a reset: nothing of it lingers on this side)."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    connection.close()
