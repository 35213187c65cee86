"""The JSON Lines game log, written and read once for every game.

Each event is one line: its ``to_json()`` record, compact, keys in the order the event gives.
A simulation writes its games one after another; each game begins with a ``start`` record.

>>> from kayalib.blef.events import BidEvent
>>> from kayalib.blef.bids import Bid
>>> event_line(BidEvent(1, 0, Bid.parse("pair K")))
'{"event":"bid","round":1,"seat":0,"bid":"pair K"}'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, TextIO

from kayalib.errors import ParseError

if TYPE_CHECKING:
    from kayalib.engine import Event, RawRecord

__all__ = ["event_line", "log_lines", "read_records", "write_events"]


def event_line(event: Event) -> str:
    """One JSON Lines record (compact, keys in a fixed order), without the newline."""
    return json.dumps(event.to_json(), separators=(",", ":"), ensure_ascii=False)


def log_lines(events: Iterable[Event]) -> list[str]:
    """The JSON Lines text of ``events``, one string per event."""
    return [event_line(event) for event in events]


def write_events(events: Iterable[Event], stream: TextIO) -> None:
    """Write ``events`` to ``stream`` as JSON Lines."""
    stream.write("".join(event_line(event) + "\n" for event in events))


def read_records(lines: Iterable[str | RawRecord]) -> list[RawRecord]:
    """The records of a JSON Lines log (blank lines skipped; records are taken as they are)."""
    records: list[RawRecord] = []
    for number, line in enumerate(lines, 1):
        if isinstance(line, Mapping):
            records.append(line)
            continue
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ParseError(f"log line {number} is not JSON: {error}") from None
        if not isinstance(record, dict):
            raise ParseError(f"log line {number} is not a JSON object")
        records.append(record)
    return records
