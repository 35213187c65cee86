"""Where a page's kernel runs: its address, whether Voila started it, no tracebacks on the page.

A page (a play app or a lesson) reads its address once, through :func:`query_string`. In class
mode Voila starts kernels before any student arrives (a pool) and runs each notebook up to the
page's first line; the address the student typed (``?seed=7&lang=pl``) only exists once a
student asks for the page, so the page waits for it here. Voila sends it over a small websocket
(``/voila/query/<kernel id>``); this client is plain standard library, because Voila's own
helper imports a web stack into every kernel (seconds of CPU and about 100 MB each). The wait
happens only when Voila says the kernel is preheated (``VOILA_PREHEAT=True``) and the address
has not arrived yet; everywhere else :func:`query_string` returns at once.

The answer key (``?solutions=key``) opens in a page only when the server vouches for the
browser (:func:`answer_key_status`): a server with an answer key (``make class``) trades that
key, in the teacher's first address, for a cookie, and tells the kernel of each page that
browser opens (a request header holding a proof made with the kernels' own secret); no key
reaches a kernel. A server without one (``make app``, Binder) never opens it.

In a Voila kernel, :func:`protect_the_page` keeps every traceback off the page: log records and
tracebacks go to the server's terminal, never over the websocket to a browser.
"""

from __future__ import annotations

import base64
import hmac
import json
import logging
import os
import socket
import struct
import sys
import time
from typing import BinaryIO

__all__ = [
    "ANSWERS_ENV",
    "ANSWERS_HEADER",
    "ANSWER_KEY_ENV",
    "SECRET_ENV",
    "SECRET_HEADER",
    "answer_key_status",
    "answers_proof",
    "in_voila_kernel",
    "protect_the_page",
    "query_string",
    "receive_one_message",
    "wait_for_request",
]

log = logging.getLogger("kayalib.pages")

#: header with the server's secret, so only the server's own kernels may read a page's address.
SECRET_HEADER = "X-Kayalib-Kernel"
SECRET_ENV = "KAYALIB_KERNEL_SECRET"
#: the header by which the server vouches that a page's browser opened the answer-key address,
#: and the environment variable it becomes in the page's kernel
ANSWERS_HEADER, ANSWERS_ENV = "X-Kayalib-Answers", "HTTP_X_KAYALIB_ANSWERS"
#: "1" in the kernels of a server that has an answer key
ANSWER_KEY_ENV = "KAYALIB_ANSWER_KEY"
_CONNECT_TIMEOUT = 10.0
_STOPPING_WAIT = 30.0


def query_string() -> str:
    """The page's query string (``"seed=7&lang=pl"``), waiting for it in a preheated kernel."""
    if os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ:
        request = wait_for_request()
        os.environ.update(request)
        os.environ.setdefault("QUERY_STRING", "")
    return os.environ.get("QUERY_STRING", "")


def answers_proof(secret: str) -> str:
    """The header value by which a server with the kernels' ``secret`` vouches for a browser
    that opened its answer-key address."""
    return hmac.new(secret.encode(), b"kayalib answers", "sha256").hexdigest()


def answer_key_status() -> str:
    """Whether this page may show the answer key: ``"open"`` outside a page a server started
    (the teacher's own Python: the worksheets, JupyterLab) and in a page whose server vouched
    for its browser; ``"closed"`` in any other page of a server that has an answer key;
    ``"none"`` in a page of a server that has none (``make app``, Binder)."""
    if not in_voila_kernel():
        return "open"
    if os.environ.get(ANSWER_KEY_ENV) != "1":
        return "none"
    secret, given = os.environ.get(SECRET_ENV, ""), os.environ.get(ANSWERS_ENV, "")
    if secret and hmac.compare_digest(given.encode(), answers_proof(secret).encode()):
        return "open"
    return "closed"


def wait_for_request() -> dict[str, str]:
    """Block until the server hands this kernel its request (an empty dict if it cannot)."""
    kernel_id = os.environ.get("VOILA_KERNEL_ID", "")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = int(os.environ.get("VOILA_APP_PORT", "8866") or 8866)
    base = os.environ.get("VOILA_SERVER_URL", "/") or "/"
    if not kernel_id:
        return {}
    headers = {}
    if os.environ.get(SECRET_ENV):
        headers[SECRET_HEADER] = os.environ[SECRET_ENV]
    try:
        text = receive_one_message(host, port, f"{base}voila/query/{kernel_id}", headers)
    except OSError:  # no server to ask: start with the defaults
        return {}
    except KeyboardInterrupt:  # the server interrupts a kernel it is about to stop
        text = None
    if text is None:
        # The server is stopping its pool, and this kernel with it. Carrying on would only
        # print errors while the kernel's sockets close: wait to be stopped instead.
        _wait_to_be_stopped()
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


def _wait_to_be_stopped() -> None:
    deadline = time.monotonic() + _STOPPING_WAIT
    while time.monotonic() < deadline:
        try:
            time.sleep(0.5)
        except KeyboardInterrupt:
            continue


def receive_one_message(
    host: str, port: int, path: str, headers: dict[str, str] | None = None
) -> str | None:
    """Open a websocket to ``ws://host:port/path`` and return its first text message.

    ``None`` when the server refuses the upgrade or closes the socket first. After the handshake
    the wait has no time limit: a pooled kernel may wait a whole lesson for its student.
    """
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host}:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
        *(f"{name}: {value}" for name, value in (headers or {}).items()),
    ]
    with socket.create_connection((host, port), timeout=_CONNECT_TIMEOUT) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        reader = sock.makefile("rb")
        status = reader.readline()
        if b" 101 " not in status:
            return None
        while reader.readline() not in (b"\r\n", b""):
            pass
        sock.settimeout(None)
        message = bytearray()
        while True:
            frame = _read_frame(reader)
            if frame is None:
                return None
            fin, opcode, payload = frame
            if opcode == 0x8:  # close
                return None
            if opcode == 0x9:  # ping: answer with a (masked) pong
                sock.sendall(_client_frame(0xA, payload))
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if fin:
                    return message.decode("utf-8", "replace")


def _read_exactly(reader: BinaryIO, n: int) -> bytes | None:
    data = reader.read(n)
    return data if data is not None and len(data) == n else None


def _read_frame(reader: BinaryIO) -> tuple[bool, int, bytes] | None:
    head = _read_exactly(reader, 2)
    if head is None:
        return None
    fin, opcode = bool(head[0] & 0x80), head[0] & 0x0F
    length = head[1] & 0x7F
    if length == 126:
        raw = _read_exactly(reader, 2)
        length = struct.unpack("!H", raw)[0] if raw else 0
    elif length == 127:
        raw = _read_exactly(reader, 8)
        length = struct.unpack("!Q", raw)[0] if raw else 0
    mask = _read_exactly(reader, 4) if head[1] & 0x80 else None
    payload = _read_exactly(reader, length) if length else b""
    if payload is None:
        return None
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return fin, opcode, payload


def _client_frame(opcode: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


# ---------------------------------------------------------------------- no tracebacks on the page


class _ServerLog(logging.Handler):
    """Writes log records to the server's terminal, never to the page.

    In a kernel ``sys.stderr`` goes to the page over the websocket, and so does anything written
    to file descriptor 2 (ipykernel captures it); the kernel's stream keeps a copy of the real
    terminal's descriptor, which is what ``sys.stderr.fileno()`` returns there.
    """

    def emit(self, record: logging.LogRecord) -> None:
        try:
            os.write(_terminal_fd(), (self.format(record) + "\n").encode("utf-8", "replace"))
        except Exception:  # a log line must never break the page
            pass


def _terminal_fd() -> int:
    try:
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return sys.__stderr__.fileno() if sys.__stderr__ is not None else 2


def in_voila_kernel() -> bool:
    """Whether this code runs in a kernel that Voila started for a page."""
    return "VOILA_PREHEAT" in os.environ or os.environ.get("SERVER_SOFTWARE", "").startswith(
        "voila"
    )


def protect_the_page() -> None:
    """In a Voila kernel, send log records and tracebacks to the server's terminal only.

    Without this, an exception logged by a library (``Exception in comm_msg``) or shown by
    ipywidgets (``showtraceback``) travels to the browser with the server's file paths.
    """
    if not in_voila_kernel():
        return
    root = logging.getLogger()
    if not any(isinstance(h, _ServerLog) for h in root.handlers):
        handler = _ServerLog()
        handler.setFormatter(logging.Formatter("[kernel %(name)s] %(levelname)s %(message)s"))
        root.addHandler(handler)
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - Voila kernels always have IPython
        return
    shell = get_ipython()
    if shell is None or getattr(shell, "_kayalib_quiet_tracebacks", False):
        return

    def showtraceback(*_args: object, **_kwargs: object) -> None:
        log.error("Exception in callback", exc_info=sys.exc_info())

    shell.showtraceback = showtraceback
    shell._kayalib_quiet_tracebacks = True
