"""What one screen of a play app shows now: the input of every panel.

Every panel of the apps is a pure function ``panel(screen, words) -> html``: a
:class:`Screen` (built from a :class:`~kayalib.ui.client.TableClient`: a seat's view, who sits
where, whether this screen may act now, plus what the page itself decides: whose cards are face
up, how far an intro has got, the hint) and the game's narrator in the page's language
(:mod:`kayalib.words`), seats named as the app names them (:func:`seat_namer`). No panel sees a
game state, a table or an app. A screen is plain data: :meth:`Screen.to_json` is all a
front-end needs to draw it, and :meth:`Screen.from_json` reads it back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kayalib.engine import Event, View
from kayalib.i18n import Translator
from kayalib.registry import game
from kayalib.table import PERSON
from kayalib.ui.tree import Node, h

__all__ = [
    "HOLDS", "HotSeat", "Screen", "hold_text", "news_lines", "percent", "seat_namer", "signed",
    "status_line",
]  # fmt: skip

HOLDS = ("waiting", "paused", "ended", "gone")
"""Why nobody at a screen may act now, though the game goes on (a class table): it waits for
its people, the teacher paused or ended it, or it is gone."""


@dataclass(frozen=True)
class Screen:
    """One screen's picture of the table.

    ``view`` is what seat ``view.seat`` may know: the person whose cards the screen may show
    (``viewer``), else the first person at the screen (then only its public parts are drawn);
    its events are the log this screen reads (``log``). ``seats[s]`` is ``"human"`` for a
    person (at this screen or another) or a bot's name; ``people`` the seats played at this
    screen; ``names[s]`` a seat's nickname (a class table; ``""`` for none). ``news`` is where
    this decision's news starts in ``log``; ``intro_shown`` how many intro steps are on show
    while an intro runs (``None`` otherwise); ``hint`` whether the hint is switched on;
    ``hold`` why nobody here may act now (one of :data:`HOLDS`), or ``None``.
    """

    view: View
    seats: tuple[str, ...]
    people: tuple[int, ...]
    viewer: int | None
    hand_visible: bool
    news: int
    intro_shown: int | None = None
    hint: bool = False
    names: tuple[str, ...] = ()
    hold: str | None = None

    @property
    def log(self) -> Sequence[Event]:
        """The log this screen reads: the events of its view's seat."""
        return self.view.events

    @property
    def log_seat(self) -> int:
        """Whose private events the log may tell: the one person at this screen, else nobody
        (``-1``: several people share it, as on a hot-seat screen)."""
        return self.people[0] if len(self.people) == 1 else -1

    @property
    def hot_seat(self) -> bool:
        """Several people share this screen (each hand face down until its owner asks)."""
        return len(self.people) > 1

    def is_person(self, seat: int | None) -> bool:
        """Whether ``seat`` is played by a person at this screen."""
        return seat is not None and seat in self.people

    @property
    def watching_intro(self) -> bool:
        return self.intro_shown is not None

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen decides now (the intro over, the game not, the table
        not held)."""
        view = self.view
        return self.is_person(view.current_player) and not view.is_terminal and (
            not self.watching_intro and self.hold is None
        )

    @property
    def can_act(self) -> bool:
        """Whether the screen offers the moves now: a person's turn with that hand face up."""
        return self.my_turn and self.hand_visible

    @property
    def hand(self) -> tuple[Any, ...]:
        """The viewer's cards when they are face up, else nothing."""
        if self.viewer is None or not self.hand_visible:
            return ()
        hand: tuple[Any, ...] = getattr(self.view, "hand", ())
        return hand

    def since_news(self) -> Sequence[Event]:
        """The log's events of this decision's news."""
        return self.log[self.news :]

    def to_json(self) -> dict[str, Any]:
        """The screen as JSON: the view's own JSON and what the page decided."""
        return {
            "view": self.view.to_json(), "seats": list(self.seats), "people": list(self.people),
            "viewer": self.viewer, "hand_visible": self.hand_visible, "news": self.news,
            "intro_shown": self.intro_shown, "hint": self.hint, "names": list(self.names),
            "hold": self.hold,
        }  # fmt: skip

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Screen:
        """The screen a :meth:`to_json` record stands for (the view read by its game)."""
        view = game(record["view"]["game"]).view.from_json(record["view"])
        return cls(
            view=view, seats=tuple(record["seats"]), people=tuple(record["people"]),
            viewer=record["viewer"], hand_visible=bool(record["hand_visible"]),
            news=int(record["news"]), intro_shown=record["intro_shown"],
            hint=bool(record["hint"]), names=tuple(record["names"]), hold=record["hold"],
        )  # fmt: skip


def hold_text(t: Translator, screen: Screen) -> str | None:
    """Why nobody at ``screen`` may act now, in words (``None`` when nothing holds it)."""
    if screen.hold is None:
        return None
    if screen.hold == "gone":
        return t("table_gone")
    if screen.hold == "waiting":
        people = [s for s, kind in enumerate(screen.seats) if kind == PERSON]
        joined = sum(1 for s in people if s < len(screen.names) and screen.names[s])
        return t("table_status_waiting", joined=joined, people=len(people))
    return t(f"table_status_{screen.hold}")


def seat_namer(t: Translator, seats: Sequence[str], suffix: Callable[[int], str] | None = None,
               *, people: Sequence[int] | None = None,
               names: Sequence[str] = ()) -> Callable[[int], str]:  # fmt: skip
    """How the apps call seats: "Player 1 (you)" for the one person at a screen, "Player n"
    for each of several, "Player n (bot: odds)" for a bot; ``suffix(seat)`` is added after
    " · " (a colour). ``people`` are the seats played at this screen (every person's, unless
    said); at a class table each person is named with their nickname (``names``) too.

    >>> name = seat_namer(Translator("en"), ["human", "odds"])
    >>> name(0), name(1)
    ('Player 1 (you)', 'Player 2 (bot: odds)')
    >>> name = seat_namer(Translator("en"), ["human", "human"], people=[1], names=["Ana", "Budi"])
    >>> name(0), name(1)
    ('Player 1 · Ana', 'Player 2 · Budi (you)')
    """
    persons = [seat for seat, kind in enumerate(seats) if kind == PERSON]
    here = persons if people is None else list(people)
    single = len(persons) == 1

    def plain(seat: int) -> str:
        kind = seats[seat]
        if kind != PERSON:
            return t("seat_bot", n=seat + 1, bot=t(f"bot_{kind}"))
        return t("you", n=seat + 1) if single and seat in here else t("seat_name", n=seat + 1)

    def name(seat: int) -> str:
        base = plain(seat)
        if names and seats[seat] == PERSON:
            nick = names[seat]
            if not nick:
                base = t("table_seat_empty", seat=base)
            elif seat in here and not single:
                base = t("table_seat_yours", seat=base, name=nick)
            else:
                base = t("table_seat_named", seat=base, name=nick)
        return base if suffix is None else f"{base} \u00b7 {suffix(seat)}"

    return name


def news_lines(screen: Screen, words: Any, most: int = 4,
               keep: Callable[[Event], bool] | None = None) -> list[str]:  # fmt: skip
    """The log's sentences of this decision's news (the last ``most`` of them), as the screen
    may tell them (the game's first line, its start, is no news). The lines of events that
    ``keep`` picks (a challenge and its winner, say) stay even when more than ``most`` lines
    are news; the latest of the others fill up to ``most``, all in reading order."""
    lines = [line for line in words.log_lines(screen.log, screen.log_seat)
             if line.index >= max(screen.news, 1)]  # fmt: skip
    kept = {line.index for line in lines if keep is not None and keep(screen.log[line.index])}
    others = [line.index for line in lines if line.index not in kept]
    room = most - len(kept)
    if room > 0:
        kept.update(others[-room:])
    return [line.text for line in lines if line.index in kept]


def status_line(t: Any, news: Sequence[str], text: str, cls: str, where: str) -> Node:
    """The status line: the news (smaller), what to do now (bold), and the round or turn; it
    reads as sentences, one after the other."""
    told: list[Node] = []
    for line in news:
        told += [h("span.kaya-status-news", line), " "]
    return h("div.kaya-status-text", *told, h("b.kaya-status-now", text), " ",
             h("span.kaya-small", where), cls=cls)  # fmt: skip


def percent(t: Translator, p: float | Fraction) -> str:
    """A probability in this language's way: ``77,8%`` in pl; whole at 0% and 100%."""
    whole = p >= 0.9995 or p <= 0.0005
    return t.percent(float(p), 0 if whole else 1)


def signed(t: Translator, x: float | Fraction, digits: int = 1) -> str:
    """Points with a sign in this language's way: ``+1,5``, ``−2``, ``0``."""
    x = float(x)
    if abs(x) < 0.5 * 10**-digits:
        return "0"
    text = t.number(abs(x), digits, trim=True)
    return ("+" if x > 0 else "\u2212") + text


class HotSeat:
    """Whose cards a shared screen shows. With one person at the screen: always theirs. With
    several (hot-seat): the cards of the person to move, and only once they ask ("show my
    hand"); they turn face down again when another seat is to move.

    >>> seat = HotSeat()
    >>> seat.viewer((0, 1), 1), seat.visible((0, 1), 1)
    (1, False)
    >>> seat.toggle((0, 1), 1); seat.visible((0, 1), 1), seat.visible((0,), 0)
    (True, True)
    """

    def __init__(self) -> None:
        self.shown_for: int | None = None

    @staticmethod
    def viewer(people: Sequence[int], current: int | None) -> int | None:
        """The person whose cards the screen may show now."""
        if len(people) == 1:
            return people[0]
        return current if current in people else None

    def visible(self, people: Sequence[int], current: int | None) -> bool:
        """Whether the viewer's cards are face up."""
        seat = self.viewer(people, current)
        return seat is not None and (len(people) == 1 or self.shown_for == seat)

    def toggle(self, people: Sequence[int], current: int | None) -> None:
        """The viewer turns their cards face up, or face down again."""
        seat = self.viewer(people, current)
        if seat is not None:
            self.shown_for = None if self.shown_for == seat else seat

    def after_move(self, people: Sequence[int], current: int | None) -> None:
        """A hand shown for one seat turns face down once another seat is to move."""
        if self.shown_for is not None and self.shown_for != current and len(people) > 1:
            self.shown_for = None

    def reset(self) -> None:
        self.shown_for = None
