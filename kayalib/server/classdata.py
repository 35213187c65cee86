"""The class's own data as the lessons read it (``GET kayalib/class/data``; in a page,
:func:`kayalib.pages.classroom.class_data`). Everything is anonymous: no nickname, no member;
seats are numbers of their table.

``kind``:

``play``
    ``{"definition": {"bluff_below": "1/2"}, "games": [{"table": "K7Q4", "players": 4,
    "people": [0, 1], "bids": [{"round", "seat", "bid", "chance", "bluff", "checked", "true"},
    ...]}, ...]}``: every bid of every *ended* round of the class's Blef tables, its exact
    chance given the bidder's own cards (a fraction as text) and whether that makes it a bluff
    (:mod:`kayalib.blef.bluffs`); ``people`` are the students' seats (the others are bots).
    A lesson estimates the class's bluff rate from the people's bids
    (:mod:`kayalib.lessons.maths.bluff_rate`).
``prediction`` (``lesson``, ``name``)
    ``{"revealed": false, "count": n}`` until the teacher reveals the question on the
    dashboard, then ``{"revealed": true, "count": n, "values": ["1/3", ...], "exact": "445/1771"}``.
``estimate`` (``lesson``, ``name``)
    ``{"estimates": [{"estimate", "low", "high", "trials"}, ...], "exact": ...}``: the
    students' simulation estimates and their 95% intervals, as sent.
``show`` (``lesson`` optional)
    ``{"shows": [{"round": 1, "gesture": "palm"}, ...]}``: hompimpa shows the students entered
    (and did not take back).

>>> from kayalib.server.store import ClassStore
>>> from kayalib.server.tables import ManualClock, TableService
>>> service = TableService(ClassStore(":memory:"), ManualClock())
>>> class_data(service, "prediction", "03", "pair")
{'revealed': False, 'count': 0}
>>> class_data(service, "play")["definition"]
{'bluff_below': '1/2'}
"""

from __future__ import annotations

from typing import Any

from kayalib.blef.bluffs import BLUFF_BELOW, bid_facts
from kayalib.errors import ArgumentError
from kayalib.server.tables import TableService

__all__ = ["KINDS", "class_data"]

KINDS = ("play", "prediction", "estimate", "show")
#: the fields of an entry's value a lesson may read back, by kind
FIELDS = {"prediction": ("value",), "estimate": ("estimate", "low", "high", "trials"),
          "show": ("round", "gesture")}  # fmt: skip


def class_data(service: TableService, kind: str, lesson: str | None = None,
               name: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The class's data of ``kind`` (:data:`KINDS`); ArgumentError for another kind, or a
    prediction or estimate asked for without its lesson and name."""
    if kind not in KINDS:
        raise ArgumentError(f"the kinds of class data are {', '.join(KINDS)}")
    if kind == "play":
        games = []
        for table in service.tables.values():
            if table.game != "blef":
                continue
            state = table.table.state
            games.append({"table": table.code, "players": state.players,
                          "people": list(table.people),
                          "bids": [f.to_json() for f in bid_facts(state.events)]})  # fmt: skip
        bluff = f"{BLUFF_BELOW.numerator}/{BLUFF_BELOW.denominator}"
        return {"definition": {"bluff_below": bluff}, "games": games}
    if kind in ("prediction", "estimate") and (not lesson or not name):
        raise ArgumentError(f"{kind} data needs its lesson and name")
    store, klass = service.store, service.class_id
    entries = store.entries(klass, kind, lesson, name)
    values = [{k: e.value.get(k) for k in FIELDS[kind]} for e in entries]
    exacts = [e.value.get("exact") for e in entries if e.value.get("exact") is not None]
    exact = max(set(exacts), key=exacts.count) if exacts else None
    if kind == "prediction":
        if (lesson, name) not in store.revealed(klass):
            return {"revealed": False, "count": len(entries)}
        return {"revealed": True, "count": len(entries), "values": [v["value"] for v in values],
                "exact": exact}  # fmt: skip
    if kind == "estimate":
        return {"estimates": values, "exact": exact}
    return {"shows": [v for v in values if v["gesture"] in ("palm", "back")]}  # not taken back
