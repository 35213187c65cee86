"""What a page's address may set, read and checked once for every page (play apps and lessons).

``?lang=pl&seed=7&student=12&solutions=off&size=large&hint=on&speed=fast&bots=odds,random``
(and a play app's own choices, such as ``mode=deck`` or ``coins=flat``, and ``resume=`` to bring a
lost game back). Every value comes from a student's browser, so each one is checked: a bad value
never stops the page. It falls back to its default, its name goes into
:attr:`PageOptions.problems`, and :meth:`PageOptions.notices` says so in the reader's language
(catalogue file ``server.json``). The checks themselves raise named errors
(:class:`~kayalib.errors.SeedError`, :class:`AddressError`).

Seeds are ASCII digits only (no sign, no ``²``), at most :data:`SEED_DIGITS` of them: what a
person can type into a page, on every page.

>>> options = PageOptions.parse("seed=7&lang=pl&student=12&size=huge")
>>> options.seed, options.lang, options.student, options.size, options.problems
(7, 'pl', 12, 'normal', ('size',))
>>> options.notices(Translator("en"))
['The address gives “size” a value that is not one of the choices, so the usual one is used.']
>>> PageOptions.parse("seed=-1&lang=xx").problems
('seed', 'lang')
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar
from urllib.parse import parse_qs

from kayalib.errors import AddressError, KayalibError, SeedError
from kayalib.i18n import DEFAULT_LANGUAGE, Translator, languages
from kayalib.pages.kernel import answer_key_status, query_string
from kayalib.seeds import MAX_STUDENT, personal_seed

T = TypeVar("T")

__all__ = [
    "DEFAULT_SPEED",
    "HINT_OFF",
    "HINT_ON",
    "SEED_DIGITS",
    "SIZES",
    "SPEEDS",
    "AddressError",
    "PageOptions",
    "is_seed_text",
    "page_seed",
    "parse_seed",
    "query_fields",
]

#: the most digits a seed may have (a date such as 20250314 fits; a pasted essay does not).
SEED_DIGITS = 12
#: type sizes: "large" for a classroom projector.
SIZES = ("normal", "large")
#: seconds between two bot moves for each speed setting.
SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 0.8, "fast": 0.3, "instant": 0.0}
DEFAULT_SPEED = "normal"
#: how ``?hint=`` may say on and off.
HINT_ON, HINT_OFF = ("on", "1", "true"), ("off", "0", "false")
#: ``?solutions=``: on (the default), off (an assessment), key (the teacher's view).
SOLUTIONS = ("on", "off", "key")
#: the longest value an address parameter may have, and the longest ``resume`` token.
VALUE_CHARS = 200
RESUME_CHARS = 16_000
#: the most ``name=value`` fields of an address that are read (the rest are ignored).
MAX_FIELDS = 50
#: the notices with words of their own (every other refused value gets ``server_bad_value``).
_OWN_NOTICES = ("seed", "lang", "speed", "bots", "resume", "answer_key", "no_answer_key")


def is_seed_text(text: str) -> bool:
    """Whether ``text`` is a seed: 1 to :data:`SEED_DIGITS` ASCII digits, nothing else."""
    return 0 < len(text) <= SEED_DIGITS and text.isascii() and text.isdigit()


def parse_seed(text: str, t: Translator | None = None) -> int:
    """The seed written in ``text`` (spaces around it allowed); SeedError with a short message
    in the language of ``t``.

    >>> parse_seed(" 0042 ")
    42
    >>> parse_seed("²")
    Traceback (most recent call last):
    ...
    kayalib.errors.SeedError: The seed must be a whole number of 1 to 12 digits, such as 7.
    """
    text = text.strip()
    if not is_seed_text(text):
        raise SeedError((t or Translator())("server_bad_seed", digits=SEED_DIGITS))
    return int(text)


def page_seed() -> int:
    """A new seed for a game nobody asked to replay: short, because a page shows it so that it
    can be shared and typed again."""
    return secrets.randbelow(1_000_000)


def query_fields(query: str | None) -> dict[str, list[str]]:
    """The address's fields, the first :data:`MAX_FIELDS` of them (``parse_qs`` refuses a longer
    address outright, and the page would come without its app).

    >>> query_fields("?seed=7&" + "x=1&" * 100)["seed"]
    ['7']
    """
    fields = (query or "").lstrip("?").split("&", MAX_FIELDS)[:MAX_FIELDS]
    return parse_qs("&".join(fields), max_num_fields=MAX_FIELDS)


def _choice(value: str, name: str, allowed: Collection[str]) -> str:
    if value not in allowed:
        raise AddressError(f"{name}={value!r} is not one of {', '.join(allowed)}")
    return value


def _student(text: str) -> int:
    if not (0 < len(text) <= 4 and text.isascii() and text.isdigit()) or not (
        1 <= int(text) <= MAX_STUDENT
    ):
        raise SeedError(f"a student number is a whole number from 1 to {MAX_STUDENT}")
    return int(text)


def _table_code(text: str) -> str:
    code = text.upper()
    if not (0 < len(code) <= 8 and code.isascii() and code.isalnum()):
        raise AddressError("a table code is a few letters and digits")
    return code


def _seat_token(text: str) -> str:
    if not (16 <= len(text) <= 64 and text.isascii() and text.replace("-", "").replace(
            "_", "").isalnum()):  # fmt: skip
        raise AddressError("a seat token is 16 to 64 letters, digits, '-' and '_'")
    return text


@dataclass(frozen=True)
class PageOptions:
    """What a page's address sets; every refused value is at its default and named in
    ``problems``.

    ``seed`` is a class seed: every game and simulator on a page derives from it, so the whole
    room sees the same numbers; with ``student`` (1 to 9999) they derive from that student's
    own seed (:func:`kayalib.seeds.personal_seed`), so everyone gets their own and the teacher
    can reproduce any student's. ``solutions=off`` is an assessment (no solutions, no answers in
    the feedback); ``solutions=key`` is the teacher's view (``teacher``): every prediction's
    gate is open from the start and an answer key stands beside each exercise. In a page a
    server started, the teacher's view opens only for the browser that opened the answer-key
    address the class server printed (:func:`kayalib.pages.kernel.answer_key_status`);
    otherwise the page is a student's and says why (``problems``). ``hint`` is
    ``None`` when the address does not say; ``bots`` the players it names; ``choices`` a page's
    own settings (``mode=deck``), each checked against what that page offers. ``table`` names
    a class table (a play page's address, :mod:`kayalib.ui.remote`); ``seat`` is the token of
    the seat this browser holds there, which the server hands the page's kernel from the
    browser's cookie (:meth:`from_environment`): a token is never read from an address.
    """

    lang: str = DEFAULT_LANGUAGE
    seed: int | None = None
    student: int | None = None
    solutions: bool = True
    teacher: bool = False
    size: str = "normal"
    hint: bool | None = None
    speed: str = DEFAULT_SPEED
    bots: tuple[str, ...] | None = None
    resume: str | None = None
    table: str | None = None
    seat: str | None = None
    choices: Mapping[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()

    @classmethod
    def parse(
        cls,
        query: str | None,
        *,
        choices: Mapping[str, Sequence[str]] | None = None,
        bots: Collection[str] | None = None,
    ) -> PageOptions:
        """Read an address's query string. ``choices`` are a page's own settings with their
        allowed values; ``bots`` the players a page knows (another name is a problem)."""
        fields = query_fields(query)
        problems: list[str] = []
        values: dict[str, Any] = {}  # the settings found, of the fields' own types

        def given(name: str, limit: int = VALUE_CHARS) -> str | None:
            found = fields.get(name)
            text = found[0].strip() if found else ""
            if not text:
                return None
            if len(text) > limit:
                problems.append(name)
                return None
            return text

        def read(
            name: str, check: Callable[..., T], *args: object, limit: int = VALUE_CHARS
        ) -> T | None:
            text = given(name, limit)
            if text is None:
                return None
            try:
                return check(text, *args)
            except KayalibError:
                problems.append(name)
                return None

        values["seed"] = read("seed", parse_seed)
        values["lang"] = read("lang", _choice, "lang", languages())
        values["speed"] = read("speed", _choice, "speed", SPEEDS)
        names = given("bots")
        if names is not None:
            values["bots"] = tuple(b.strip() for b in names.split(",") if b.strip())
            if bots is not None and any(b not in bots for b in values["bots"]):
                problems.append("bots")
        values["resume"] = given("resume", RESUME_CHARS)
        values["table"] = read("table", _table_code)
        values["size"] = read("size", _choice, "size", SIZES)
        hint = read("hint", _choice, "hint", (*HINT_ON, *HINT_OFF))
        values["hint"] = None if hint is None else hint in HINT_ON
        student = read("student", _student)
        values["student"] = student if values["seed"] is not None else None
        solutions = read("solutions", lambda text: _choice(text.lower(), "solutions", SOLUTIONS))
        values["solutions"] = solutions != "off"
        if solutions == "key":
            status = answer_key_status()
            values["teacher"] = status == "open"
            if status != "open":
                problems.append("answer_key" if status == "closed" else "no_answer_key")
        own = {}
        for name, allowed in (choices or {}).items():
            value = read(name, _choice, name, allowed)
            if value is not None:
                own[name] = value
        settings = {name: value for name, value in values.items() if value is not None}
        return cls(**settings, choices=own, problems=tuple(dict.fromkeys(problems)))

    @classmethod
    def from_environment(
        cls,
        *,
        choices: Mapping[str, Sequence[str]] | None = None,
        bots: Collection[str] | None = None,
    ) -> PageOptions:
        """Options from ``QUERY_STRING``, which Voila sets from the page address (waited for in
        a pooled kernel: :func:`kayalib.pages.kernel.query_string`), and for a class table the
        seat the server says this browser holds there (:data:`kayalib.pages.classroom.SEAT_ENV`).
        """
        import os

        from kayalib.pages.classroom import SEAT_ENV

        options = cls.parse(query_string(), choices=choices, bots=bots)
        token = os.environ.get(SEAT_ENV, "")
        if options.table is None or not token:
            return options
        try:
            return replace(options, seat=_seat_token(token))
        except AddressError:
            return options

    @property
    def seed_in_use(self) -> int | None:
        """The seed a page's numbers derive from: the student's own, or the class seed."""
        if self.seed is None or self.student is None:
            return self.seed
        return personal_seed(self.seed, self.student)

    @property
    def game_seed(self) -> int | None:
        """The seed a play app deals: the student's own cut to :data:`SEED_DIGITS` digits (so it
        can be typed into the app), or the class seed.

        >>> PageOptions.parse("seed=7&student=12").game_seed == personal_seed(7, 12) % 10**12
        True
        """
        seed = self.seed_in_use
        if seed is None or self.student is None:
            return seed
        return seed % 10**SEED_DIGITS

    def notices(self, t: Translator, *, bots: Sequence[str] = ()) -> list[str]:
        """A sentence for each refused value, in the language of ``t`` (``bots``: the players
        the page knows, named in the notice about unknown ones)."""
        words: dict[str, dict[str, object]] = {"seed": {"digits": SEED_DIGITS},
                                               "bots": {"names": ", ".join(sorted(bots))}}
        return [
            t(f"server_bad_{name}", **words.get(name, {})) if name in _OWN_NOTICES
            else t("server_bad_value", name=name)
            for name in self.problems
        ]  # fmt: skip

    def carried(self, lang: str) -> dict[str, str]:
        """The settings a link to another page of the kit carries along, in ``lang``."""
        query = {"lang": lang}
        if self.seed is not None:
            query["seed"] = str(self.seed)
        if self.student is not None:
            query["student"] = str(self.student)
        if self.teacher:
            query["solutions"] = "key"
        elif not self.solutions:
            query["solutions"] = "off"
        return query
