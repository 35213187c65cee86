"""How a play app starts from its page address, and how the address is checked.

``?seed=7&lang=pl&speed=fast&bots=odds,random`` sets the game; ``resume=...`` brings back a game
whose kernel was lost (see :mod:`kayalib.ui.resume`). Every value comes from a student's
browser, so each one is checked: a bad value never stops the app. It starts with the default
for that value and a short notice in the student's language (the words are in the catalogue
file ``server.json``).

Seeds are ASCII digits only (no sign, no ``²``), at most :data:`SEED_DIGITS` of them.

In a Voila kernel, :func:`protect_the_page` also keeps every traceback off the page: log
records and tracebacks go to the server's terminal, never over the websocket to a browser.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qs

from kayalib.errors import KayalibError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator, languages
from kayalib.seeds import MAX_STUDENT
from kayalib.ui.page import DEFAULT_SPEED, HUMAN, SIZES, SPEEDS
from kayalib.ui.preheat import query_string

if TYPE_CHECKING:
    from kayalib.ui.framework import GameApp

A = TypeVar("A", bound="GameApp[Any]")

log = logging.getLogger("kayalib.ui")

#: the most digits a seed may have (a date such as 20250314 fits; a pasted essay does not).
SEED_DIGITS = 12
#: how ``?hint=`` may say on and off.
HINT_ON, HINT_OFF = ("on", "1", "true"), ("off", "0", "false")
#: the longest value any other address parameter may have (``resume`` has its own cap).
VALUE_CHARS = 200
#: the most ``name=value`` fields of an address that are read (the rest are ignored).
MAX_FIELDS = 50


def query_fields(query: str | None) -> dict[str, list[str]]:
    """The address's fields, the first :data:`MAX_FIELDS` of them (``parse_qs`` refuses a longer
    address outright, and the page came without its app).

    >>> query_fields("seed=7&" + "x=1&" * 100)["seed"]
    ['7']
    >>> len(query_fields("&".join(["a=1"] * 99))["a"])
    50
    """
    fields = (query or "").lstrip("?").split("&", MAX_FIELDS)[:MAX_FIELDS]
    return parse_qs("&".join(fields), max_num_fields=MAX_FIELDS)


class SeedError(KayalibError):
    """A seed that is not 1 to 12 ASCII digits."""


def is_seed_text(text: str) -> bool:
    """Whether ``text`` is a seed: 1 to :data:`SEED_DIGITS` ASCII digits, nothing else."""
    return 0 < len(text) <= SEED_DIGITS and text.isascii() and text.isdigit()


def parse_seed(text: str, t: Translator | None = None) -> int:
    """The seed written in ``text`` (spaces around it allowed); SeedError with a short message.

    >>> parse_seed(" 0042 ")
    42
    >>> parse_seed("²")
    Traceback (most recent call last):
    ...
    kayalib.ui.launch.SeedError: The seed must be a whole number of 1 to 12 digits, such as 7.
    """
    text = text.strip()
    if not is_seed_text(text):
        raise SeedError((t or Translator())("server_bad_seed", digits=SEED_DIGITS))
    return int(text)


@dataclass(frozen=True)
class LaunchOptions:
    """What a Voila URL can set: ``?seed=7&lang=pl&speed=fast&bots=odds,random``.

    ``problems`` names the values that were refused (each fell back to its default);
    ``resume`` is the raw token of a game to bring back, checked by :mod:`kayalib.ui.resume`.
    """

    seed: int | None = None
    lang: str = DEFAULT_LANGUAGE
    speed: str = DEFAULT_SPEED
    bots: tuple[str, ...] | None = None
    resume: str | None = None
    problems: tuple[str, ...] = ()

    @classmethod
    def parse(cls, query: str | None) -> LaunchOptions:
        """Read a URL query string; refused values fall back to the defaults (see ``problems``).

        >>> LaunchOptions.parse("seed=7&lang=pl")
        LaunchOptions(seed=7, lang='pl', speed='normal', bots=None, resume=None, problems=())
        >>> LaunchOptions.parse("seed=-1&lang=xx").problems
        ('seed', 'lang')
        """
        from kayalib.ui.resume import TOKEN_CHARS

        fields = query_fields(query)
        problems: list[str] = []

        def first(name: str, limit: int = VALUE_CHARS) -> str | None:
            values = fields.get(name)
            if not values:
                return None
            value = values[0].strip()
            if len(value) > limit:
                problems.append(name)
                return None
            return value

        seed_text = first("seed")
        seed = None
        if seed_text:
            if is_seed_text(seed_text):
                seed = int(seed_text)
            else:
                problems.append("seed")
        lang = first("lang") or DEFAULT_LANGUAGE
        if lang not in languages():
            problems.append("lang")
            lang = DEFAULT_LANGUAGE
        speed = first("speed") or DEFAULT_SPEED
        if speed not in SPEEDS:
            problems.append("speed")
            speed = DEFAULT_SPEED
        bots_text = first("bots")
        bots = tuple(b.strip() for b in bots_text.split(",") if b.strip()) if bots_text else None
        resume = first("resume", TOKEN_CHARS) or None
        return cls(seed, lang, speed, bots, resume, tuple(dict.fromkeys(problems)))

    @classmethod
    def from_environment(cls) -> LaunchOptions:
        """Options from ``QUERY_STRING``, which Voila sets from the page URL (waited for in a
        preheated kernel)."""
        return cls.parse(query_string())


def query_value(name: str, allowed: Sequence[str]) -> str | None:
    """``?name=value`` from the page address when ``value`` is one of ``allowed``, else None."""
    values = query_fields(query_string()).get(name, [])
    value = values[0].strip() if values else ""
    return value if value in allowed else None


def refused_values(names: Sequence[str], allowed: dict[str, Sequence[str]]) -> list[str]:
    """Which of ``names`` the page address gives a value not in ``allowed[name]``.

    ``student`` is refused when it is not a student number (1 to ``MAX_STUDENT``)."""
    fields = query_fields(query_string())
    refused = []
    for name in names:
        values = fields.get(name)
        if not values or not values[0].strip():
            continue
        if name == "student":
            text = values[0].strip()
            ok = is_seed_text(text) and 1 <= int(text) <= MAX_STUDENT
        else:
            ok = values[0].strip() in allowed[name]
        if not ok:
            refused.append(name)
    return refused


def launch_app(cls: type[A], **overrides: Any) -> A:
    """An app of class ``cls`` set from the page address, with notices for refused values.

    A ``resume`` token replays the game it names (seed, seats, moves); the app then keeps its
    own token up to date in the page, so the page can bring the game back if the kernel is lost.
    """
    from kayalib.ui import resume

    protect_the_page()
    opts = LaunchOptions.from_environment()
    t = Translator(opts.lang)
    known = set(cls.bot_names) | {HUMAN}
    said = {"seed": {"digits": SEED_DIGITS}, "bots": {"names": ", ".join(sorted(known))}}
    notices = [t(f"server_bad_{name}", **said.get(name, {})) for name in opts.problems]
    kwargs: dict[str, Any] = {
        "seed": opts.seed, "lang": opts.lang, "speed": opts.speed,
        "seed_fixed": opts.seed is not None,  # a seed in the address: "New game" deals it again
    }  # fmt: skip
    if opts.bots is not None:
        chosen = [b for b in opts.bots if b in known][: cls.max_seats - 1]
        if chosen:  # an address naming no known player keeps the default opponents
            kwargs["opponents"] = chosen
        if any(b not in known for b in opts.bots):
            notices.append(t("server_bad_bots", names=", ".join(sorted(known))))
    extras = {"size": SIZES, "hint": (*HINT_ON, *HINT_OFF), **cls.query_options}
    for name, allowed in extras.items():
        value = query_value(name, allowed)
        if value is not None:
            kwargs[name] = value in HINT_ON if name == "hint" else value
    for name in refused_values([*extras, "student"], extras):
        notices.append(t("server_bad_value", name=name))
    from kayalib.ui.seed_badge import attach_badge, student_seed

    own = student_seed(query_string())  # ?seed=7&student=12: the student's own game
    if own is not None:
        kwargs["seed"] = own
    kwargs.update(overrides)
    saved = None
    if opts.resume:
        try:
            saved = resume.SavedGame.decode(opts.resume).for_app(cls)
            kwargs.update(saved.app_options())
        except resume.ResumeError:
            notices.append(t("server_bad_resume"))
    app = cls(**kwargs)
    attach_badge(app, query_string())
    if saved is not None:
        try:
            saved.replay(app)
        except KayalibError:
            notices.append(app.t("server_bad_resume"))
    resume.keep_in_page(app)
    if notices:
        app.show_error(KayalibError(" ".join(notices)))
    return app


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
        except Exception:  # a log line must never break the app
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

    def showtraceback(*_args: Any, **_kwargs: Any) -> None:
        log.error("Exception in callback", exc_info=sys.exc_info())

    shell.showtraceback = showtraceback
    shell._kayalib_quiet_tracebacks = True
