"""A page's link to its class: what a lesson sends to the class store, and what it reads back.

Under ``make class`` (and on a hub with the table service) the server tells each page's kernel
where the class service is (``KAYALIB_CLASS_URL``) and how to prove it is one of the server's
kernels (the class server's kernel secret; on a hub, the student's server's hub token). A page
outside class mode has no link: every call here then does nothing and returns ``False`` or
``None``, so a lesson calls them unconditionally.

The lesson kit's API (small on purpose):

- :func:`share_prediction` (``lesson``, ``name``, the locked value, the true value if the page
  knows it): the dashboard shows the class's guesses as a histogram, and next to the true value
  once the teacher reveals it;
- :func:`share_estimate` (an estimate and its 95% interval from a student's own simulation,
  with the number of trials and the true value): "23 of 26 intervals caught 29/6";
- :func:`share_show` (a hompimpa show a student entered: ``"palm"`` or ``"back"``, or ``None``
  to take it back);
- :func:`share_exit` (a student's first answer to a question of a lesson's exit ticket: the
  answer, whether it was right, the true answer, and the opening prediction it is compared
  with, if any);
- :func:`in_class_mode`: whether the page has a class to send to;
- :func:`class_data` (``"play"``, ``"prediction"``, ``"estimate"``, ``"show"``): the class's
  data as :mod:`kayalib.server.classdata` describes it, or ``None`` outside class mode.

Entries are sent under the student's class member (the nickname they chose on the join page)
or, if they never joined, a pseudonym of their browser; the teacher decides on the dashboard
whether the class's data shows nicknames. Sending never raises into a page: a class server that
does not answer is logged, and the lesson goes on.

>>> share_prediction("03", "pair", "1/3")   # not in class mode here
False
>>> class_data("play") is None
True
"""

from __future__ import annotations

import json
import logging
import os
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from urllib.parse import urlencode

from kayalib.engine import JSONRecord
from kayalib.errors import ClassUnreachableError
from kayalib.pages.kernel import SECRET_ENV, SECRET_HEADER

__all__ = [
    "SEAT_ENV",
    "URL_ENV",
    "ClassLink",
    "class_data",
    "in_class_mode",
    "share_estimate",
    "share_exit",
    "share_prediction",
    "share_show",
]

log = logging.getLogger("kayalib.pages")

#: where the class service is, for the server's kernels (``http://host:port/base/``)
URL_ENV = "KAYALIB_CLASS_URL"
#: who the student is: the member token, the browser's pseudonym and, on a play page of a class
#: table, the token of the seat the browser holds there (request headers the class server
#: passes to the page's kernel from the browser's cookies,
#: :func:`kayalib.server.table_web.pass_identity`: a token is never in a page's address)
MEMBER_ENV, AUTHOR_ENV = "HTTP_X_KAYALIB_MEMBER", "HTTP_X_KAYALIB_AUTHOR"
SEAT_ENV = "HTTP_X_KAYALIB_SEAT"
TIMEOUT = 10.0


@dataclass(frozen=True)
class ClassLink:
    """Where the class service is and the headers that prove this is one of its kernels."""

    url: str
    headers: tuple[tuple[str, str], ...]

    @classmethod
    def from_environment(cls) -> ClassLink | None:
        """The link of this kernel, or ``None`` outside class mode."""
        from kayalib.pages.kernel import query_string

        query_string()  # a pooled kernel learns its page (and its student) first
        url = os.environ.get(URL_ENV, "")
        if not url.startswith(("http://", "https://")):
            return None
        if not url.endswith("/"):
            url += "/"
        headers: list[tuple[str, str]] = []
        if os.environ.get(SECRET_ENV):
            headers.append((SECRET_HEADER, os.environ[SECRET_ENV]))
        elif os.environ.get("JUPYTERHUB_API_TOKEN"):
            headers.append(("Authorization", "token " + os.environ["JUPYTERHUB_API_TOKEN"]))
        else:
            return None
        return cls(url, tuple(headers))

    def request(self, path: str, body: Mapping[str, object] | None = None,
                query: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, object]:  # fmt: skip
        """``GET`` (or ``POST`` with a JSON ``body``) ``kayalib/<path>``: the status and the JSON
        answer (not checked: whoever reads it checks its shape); :class:`ClassUnreachableError`
        when the service does not answer."""
        url = self.url + "kayalib/" + path + ("?" + urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
        for name, value in (*self.headers, *(headers or {}).items()):
            request.add_header(name, value)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                return error.code, json.loads(error.read())
            except ValueError:
                return error.code, None
        except (OSError, ValueError) as error:
            raise ClassUnreachableError(str(error)) from None

    def websocket_url(self, path: str) -> str:
        return "ws" + self.url[4:] + "kayalib/" + path

    def page_path(self, path: str, **query: str) -> str:
        """The address of the service's page ``kayalib/<path>`` as a browser of this page
        reaches it (the service's path on the page's own server: the class server, or the
        hub's proxy), with ``query``.

        >>> ClassLink("http://127.0.0.1:8866/", ()).page_path("join", code="K7Q4")
        '/kayalib/join?code=K7Q4'
        """
        from urllib.parse import urlsplit

        where = urlsplit(self.url).path or "/"
        return where + "kayalib/" + path + ("?" + urlencode(query) if query else "")


def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return str(value)[:40]


def _share(kind: str, lesson: str, name: str, value: JSONRecord) -> bool:
    link = ClassLink.from_environment()
    if link is None:
        return False
    body: JSONRecord = {"kind": kind, "lesson": str(lesson), "name": str(name), "value": value,
            "member": os.environ.get(MEMBER_ENV, ""), "author": os.environ.get(AUTHOR_ENV, "")}
    try:
        status, _answer = link.request("class/entry", body)
    except ClassUnreachableError as error:
        log.warning("kayalib: the class did not get a %s: %s", kind, error)
        return False
    return status == 200


def share_prediction(lesson: str, name: str, value: object, exact: object = None) -> bool:
    """Send a locked prediction (a number or a choice) of ``lesson``'s question ``name``; the
    page's true value ``exact`` too, if it has one. Whether the class got it."""
    return _share("prediction", lesson, name, {"value": _text(value), "exact": _text(exact)})


def share_estimate(lesson: str, name: str, estimate: object, low: object, high: object,
                   trials: int, exact: object = None) -> bool:  # fmt: skip
    """Send a student's simulation estimate of ``name`` with its 95% interval ``low``-``high``
    from ``trials`` trials (and the true value, if the page knows it)."""
    return _share("estimate", lesson, name, {
        "estimate": _text(estimate), "low": _text(low), "high": _text(high),
        "trials": int(trials), "exact": _text(exact)})  # fmt: skip


def share_show(lesson: str, round_: int, gesture: str | None) -> bool:
    """Send one hompimpa show a student entered (``"palm"`` or ``"back"``) for ``round_``;
    ``None`` takes the student's show of that round back (an undo)."""
    if gesture not in ("palm", "back", None):
        return False
    return _share("show", lesson, f"round-{int(round_)}", {"round": int(round_),
                                                            "gesture": gesture})  # fmt: skip


def share_exit(lesson: str, name: str, value: object, right: bool, truth: object,
               opening: str | None = None) -> bool:  # fmt: skip
    """Send a student's first answer ``value`` to ``lesson``'s exit-ticket question ``name``,
    whether it was ``right``, the true answer, and the name of the lesson's opening prediction
    this question asks again (``opening``; ``None`` for a question that no prediction pairs)."""
    return _share("exit", lesson, name, {"value": _text(value), "right": bool(right),
                                         "truth": _text(truth),
                                         "opening": None if opening is None else str(opening)[:40]})


def in_class_mode() -> bool:
    """Whether this page has a class to send to (class mode)."""
    return ClassLink.from_environment() is not None


def class_data(kind: str, lesson: str | None = None, name: str | None = None) -> object:
    """The class's data of ``kind`` (see :mod:`kayalib.server.classdata`; not checked: whoever
    reads it checks its shape), or ``None`` outside class mode or when the class service does
    not answer."""
    link = ClassLink.from_environment()
    if link is None:
        return None
    query = {"kind": kind, **({"lesson": lesson} if lesson else {}),
             **({"name": name} if name else {})}  # fmt: skip
    try:
        status, answer = link.request("class/data", query=query)
    except ClassUnreachableError:
        return None
    return answer if status == 200 else None
