"""What a preheated kernel does before its page is asked for: wait for the page's address.

In class mode Voila starts kernels before any student arrives (a pool) and runs each notebook up
to the app's first line. The address the student typed (``?seed=7&lang=pl``) only exists once a
student asks for the page, so the app waits for it here. Voila sends it over a small websocket
(``/voila/query/<kernel id>``); this client is plain standard library, because Voila's own
helper imports a web stack into every kernel (seconds of CPU and about 100 MB each).

The wait happens only when Voila says the kernel is preheated (``VOILA_PREHEAT=True``) and the
address has not arrived yet; everywhere else :func:`query_string` returns at once.

The class server also gives its kernels the teacher's key (:data:`TEACHER_KEY_ENV`): with it,
an answer key opens only for an address that carries that key (:func:`is_teacher_key`).
"""

from __future__ import annotations

import base64
import hmac
import json
import os
import socket
import struct
import time

#: header with the server's secret, so only the server's own kernels may read a page's address.
SECRET_HEADER = "X-Kayalib-Kernel"
SECRET_ENV = "KAYALIB_KERNEL_SECRET"
#: the teacher's key the class server gives its kernels (``make class`` prints it).
TEACHER_KEY_ENV = "KAYALIB_TEACHER_KEY"
_CONNECT_TIMEOUT = 10.0
_STOPPING_WAIT = 30.0


def query_string() -> str:
    """The page's query string (``"seed=7&lang=pl"``), waiting for it in a preheated kernel."""
    if os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ:
        request = wait_for_request()
        os.environ.update(request)
        os.environ.setdefault("QUERY_STRING", "")
    return os.environ.get("QUERY_STRING", "")


def is_teacher_key(given: str) -> bool:
    """Whether ``given`` opens the answer key: on a server with a teacher's key (``make class``)
    only that key does; without one (``make app``, a teacher alone on their laptop) any value.
    """
    expected = os.environ.get(TEACHER_KEY_ENV, "")
    return not expected or hmac.compare_digest(given.encode(), expected.encode())


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


def _read_exactly(reader, n: int) -> bytes | None:
    data = reader.read(n)
    return data if data is not None and len(data) == n else None


def _read_frame(reader) -> tuple[bool, int, bytes] | None:
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
