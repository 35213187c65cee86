"""The classroom network: this computer's address on it, and a QR code phones can scan.

The address is read from the network interfaces (nothing is sent anywhere): the first IPv4
address of an interface that is up and is not the loopback, private ranges (a school's Wi-Fi)
first.
"""

from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Iterable

from kayalib.errors import KayalibError


class NoNetworkError(KayalibError):
    """This computer has no network address other than its own loopback."""


def pick_address(candidates: Iterable[str]) -> str | None:
    """The best classroom address among ``candidates`` (IPv4 text), or None.

    >>> pick_address(["127.0.0.1", "169.254.3.4", "203.0.113.9", "192.168.1.20"])
    '192.168.1.20'
    >>> pick_address(["127.0.0.1"]) is None
    True
    """
    usable = []
    for text in candidates:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_multicast:
            continue
        if address.is_unspecified:
            continue
        usable.append((not address.is_private, text))
    return min(usable)[1] if usable else None


def interface_addresses() -> list[str]:
    """IPv4 addresses of the interfaces that are up (loopback included)."""
    import psutil

    stats = psutil.net_if_stats()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        found += [a.address for a in addresses if a.family == socket.AF_INET]
    return found


def classroom_address() -> str:
    """This computer's address on the classroom network; NoNetworkError when it has none."""
    address = pick_address(interface_addresses())
    if address is None:
        raise NoNetworkError(
            "this computer has no network address besides 127.0.0.1: join the classroom "
            "network (Wi-Fi or cable) first, or give one with --address"
        )
    return address


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with half-block characters, for the terminal.

    Light modules are drawn, dark ones left blank, so on the usual dark terminal the code reads
    dark on light, as phone cameras expect.
    """
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")
