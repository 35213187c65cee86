"""A class seat's page in this process: a :class:`~kayalib.ui.remote.SeatLink` straight to a
:class:`~kayalib.server.tables.TableService`, for headless app tests on a manual clock.

It answers as the seats' routes do (``kayalib.server.table_web``): every update and every
refusal goes through JSON as the wire carries it, a refusal through the route's own
``refusal_json`` and the page's ``refused``. Its updates are pushed the moment the service sends
them (the service's attachment is the page being here), so a test moves time with the clock
and sees what a student's page would see.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from kayalib.errors import IllegalActionError
from kayalib.server.table_web import refusal_json
from kayalib.server.tables import Attachment, SeatKey, TableService
from kayalib.ui.remote import refused


def wire(data: Any) -> Any:
    """``data`` as it arrives after a trip through JSON."""
    return json.loads(json.dumps(data, separators=(",", ":")))


class ServiceSeatLink:
    """The seat of ``key`` at ``service`` (:class:`~kayalib.ui.remote.SeatLink`)."""

    def __init__(self, service: TableService, key: SeatKey) -> None:
        self.service = service
        self.key = key
        self.attachment: Attachment | None = None

    @property
    def code(self) -> str:
        return self.key.code

    @property
    def token(self) -> str:
        return self.key.token

    def _seen(self, update: dict[str, Any]) -> dict[str, Any]:
        if update.get("type") == "update":
            # a teacher may move the seat to another table
            self.key = SeatKey(update["table"], self.key.token, self.key.member)
        return update

    def page_path(self, path: str, **query: str) -> str:
        return "/kayalib/" + path + ("?" + urlencode(query) if query else "")

    def fetch(self) -> dict[str, Any]:
        try:
            return self._seen(wire(self.service.update_for(self.key)))
        except IllegalActionError as error:
            raise refused(wire(refusal_json(error))) from None

    def act(self, version: int, action: str) -> dict[str, Any]:
        try:
            return self._seen(wire(self.service.act(self.key, version, action)))
        except IllegalActionError as error:
            raise refused(wire(refusal_json(error))) from None

    def listen(self, push: Callable[[dict[str, Any]], None]) -> None:
        self.attachment = self.service.attach(self.key, lambda u: push(self._seen(wire(u))))

    def close(self) -> None:
        if self.attachment is not None:
            self.service.detach(self.attachment)
            self.attachment = None
