"""The names the server answers to (protection against DNS rebinding).

A web page the teacher visits can make ``evil.example`` resolve to the teacher's own computer;
the browser then treats the kit's server as that page's own site and lets the page read it and
open its websockets. The browser still sends ``Host: evil.example``, so the server answers
only requests whose ``Host`` is one of its own names: the loopback names, the address it
serves on (``make class``: the classroom address) and this computer's names on the network,
plus any a school adds (``--KayalibVoila.allowed_hosts``). Any other ``Host`` gets a short
page in the browser's language, and no kernel starts.

>>> host_name("Localhost:8866"), host_name("[::1]:8866"), host_name("192.168.1.20")
('localhost', '[::1]', '192.168.1.20')
>>> sorted(allowed_hosts("127.0.0.1"))
['127.0.0.1', '[::1]', 'localhost']
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from html import escape
from typing import Any

from tornado import httputil, web
from tornado.routing import Matcher, Rule

from kayalib.i18n import Translator

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def host_name(host: str) -> str:
    """The name in a ``Host`` header: lower case, without the port."""
    return httputil.split_host_and_port(host.strip().lower())[0].rstrip(".")


def _as_host(address: str) -> str:
    """An address as a ``Host`` header writes it (IPv6 in brackets)."""
    try:
        parsed = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address.lower().rstrip(".")
    return f"[{parsed}]" if parsed.version == 6 else str(parsed)


def this_computers_names() -> set[str]:
    """This computer's names on a network: its host name, ``<name>.local`` and its full name."""
    names = set()
    for name in (socket.gethostname(), socket.getfqdn()):
        if name and name.lower() != "localhost":
            names |= {name.lower(), name.lower().split(".")[0] + ".local"}
    return names


def allowed_hosts(ip: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The ``Host`` names a server listening on ``ip`` answers to.

    On the loopback only the loopback names; on a network also ``ip`` (every address of this
    computer when ``ip`` is unspecified) and this computer's names; ``extra`` always.
    """
    names = set(LOOPBACK_NAMES) | {_as_host(name) for name in extra if name.strip()}
    if ip in ("", "0.0.0.0", "::"):
        from kayalib.server.lan import interface_addresses

        names |= {_as_host(address) for address in interface_addresses()}
        names |= this_computers_names()
    elif _as_host(ip) not in LOOPBACK_NAMES and not _as_host(ip).startswith("127."):
        names.add(_as_host(ip))
        names |= this_computers_names()
    return frozenset(names)


class ForeignHost(Matcher):
    """Matches the requests whose ``Host`` is not one of the server's names."""

    def __init__(self, allowed: frozenset[str]) -> None:
        self.allowed = allowed

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        return None if host_name(request.host or "") in self.allowed else {}


class ForeignHostHandler(web.RequestHandler):
    """The one answer to a request for another name: 403 and a short page, nothing else."""

    def prepare(self) -> None:
        from kayalib.server.language import page_language

        t = Translator(page_language(self))
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(
            f'<!doctype html><html lang="{t.lang}"><meta charset="utf-8">'
            f"<title>kayalib</title><p>{escape(t('server_wrong_host'))}</p></html>"
        )


def answer_only_to(app: web.Application, allowed: frozenset[str]) -> None:
    """Make ``app`` answer requests for any other ``Host`` with :class:`ForeignHostHandler`."""
    app.default_router.rules.insert(0, Rule(ForeignHost(allowed), ForeignHostHandler))
