"""What a page may send over its kernel's websocket, checked before anything decodes it.

jupyter_server decodes a frame in loops sized by numbers the sender writes into it: one frame
of 72 bytes declaring 2**40 parts (the ``v1.kernel.websocket.jupyter.org`` protocol) froze the
whole server, and a binary frame of the JSON protocol declaring 50,000,000 parts stalled it for
seconds and took 1.7 GB. Here:

- only the **JSON protocol** is spoken (a handshake offering a subprotocol, ``v1`` say, is
  refused before it reaches the kernel);
- a frame is at most :data:`MAX_FRAME` bytes (tornado closes the socket on a larger one before
  reading it), and a binary frame's declared parts are checked against its length and
  :data:`MAX_PARTS` before it is split (:func:`frame_refusal`);
- a frame must be one Jupyter message: a JSON object with a header naming its type, for the
  shell channel;
- each kernel has a :class:`Budget` of messages and bytes per second for its page (a page
  that reconnects does not get a new one).

A refused frame closes the socket (the page says "connection lost"); nothing reaches the
kernel.

>>> frame_refusal(b"\\x00\\x00\\x00\\x00" + b"\\x00" * 64)
'a binary frame must declare 1 to 8 parts, not 0'
>>> frame_refusal('{"header": {"msg_type": "comm_msg"}, "parent_header": {}, "content": {}}')
"""

from __future__ import annotations

import json
import struct
import time
from dataclasses import dataclass, field

#: the largest frame a page may send (its widget messages are a few hundred bytes).
MAX_FRAME = 256 * 1024
#: the most parts a binary frame may declare (a message and its buffers).
MAX_PARTS = 8
#: the channels a page's messages may go to.
PAGE_CHANNELS = ("shell",)
#: message types a page may send to its kernel: widgets only (no code, no restart).
PAGE_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request"]


def frame_refusal(frame: str | bytes) -> str | None:
    """Why ``frame`` is not one Jupyter message of the JSON protocol, or None when it is."""
    if isinstance(frame, bytes):
        parts = _binary_parts(frame)
        if isinstance(parts, str):
            return parts
        try:
            text = parts[0].decode("utf-8")
        except UnicodeDecodeError:
            return "the message part is not UTF-8"
    else:
        text = frame
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return "the message is not JSON"
    if not isinstance(message, dict):
        return "the message is not a JSON object"
    header = message.get("header")
    if not isinstance(header, dict) or not isinstance(header.get("msg_type"), str):
        return "the message has no header with a type"
    for name in ("parent_header", "content"):
        if not isinstance(message.get(name, {}), dict):
            return f"the message's {name} is not an object"
    if message.get("channel", "shell") not in PAGE_CHANNELS:
        return "the message is not for the shell channel"
    return None


def _binary_parts(frame: bytes) -> list[bytes] | str:
    """The parts of a binary frame (4-byte count, 4-byte offsets), after checking every
    declared number against the frame's length."""
    if len(frame) < 4:
        return "a binary frame is shorter than its part count"
    (count,) = struct.unpack("!i", frame[:4])
    if not 1 <= count <= MAX_PARTS:
        return f"a binary frame must declare 1 to {MAX_PARTS} parts, not {count}"
    head = 4 * (count + 1)
    if len(frame) < head:
        return "a binary frame is shorter than its part offsets"
    offsets = [*struct.unpack(f"!{count}I", frame[4:head]), len(frame)]
    if offsets[0] != head or any(b < a for a, b in zip(offsets, offsets[1:], strict=False)):
        return "a binary frame's part offsets do not fit its length"
    return [frame[a:b] for a, b in zip(offsets, offsets[1:], strict=False)]


@dataclass
class Budget:
    """Messages and bytes a page may send: ``burst`` at once, refilled at ``rate`` per second.

    >>> budget = Budget(messages=2, message_rate=1.0)
    >>> budget.spend(10), budget.spend(10), budget.spend(10)
    (None, None, 'more than 2 messages at once (1 a second on average)')
    """

    messages: float = 200.0
    message_rate: float = 40.0
    bytes: float = 2 * MAX_FRAME
    byte_rate: float = 64 * 1024.0
    _left: list[float] = field(default_factory=list)
    _when: float = field(default_factory=time.monotonic)

    def spend(self, size: int) -> str | None:
        """Take one message of ``size`` bytes from the budget; why not, when it is spent."""
        now = time.monotonic()
        if not self._left:
            self._left = [self.messages, self.bytes]
        elapsed, self._when = now - self._when, now
        self._left = [
            min(self.messages, self._left[0] + elapsed * self.message_rate),
            min(self.bytes, self._left[1] + elapsed * self.byte_rate),
        ]
        if self._left[0] < 1:
            return (
                f"more than {self.messages:.0f} messages at once "
                f"({self.message_rate:.0f} a second on average)"
            )
        if self._left[1] < size:
            return (
                f"more than {self.bytes / 1024:.0f} KiB at once "
                f"({self.byte_rate / 1024:.0f} KiB a second on average)"
            )
        self._left[0] -= 1
        self._left[1] -= size
        return None
