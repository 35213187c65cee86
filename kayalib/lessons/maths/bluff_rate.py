"""A class's bluff rate as a parameter (lesson 08's part "your class's bids"): counted from the
class's play data (:mod:`kayalib.server.classdata`, or the kit's sample class of bots), a Beta
posterior from a flat prior (:class:`kayalib.stats.BetaPosterior`), compared with each bot of
the sample class, and then fed into lesson 08's small case
(:mod:`kayalib.lessons.maths.bayes_tables`).

**Which quantity.** The data count a bid as a bluff when its chance given the bidder's own
cards is below the data's ``definition`` (one half, :mod:`kayalib.blef.bluffs`). Lesson 08's
model is another quantity: a bidder who bids what its card shows, except that with probability
``ε`` it picks any of the opening bids at random. In the small case such a random bid is a
bluff by the definition unless it is the one bid the card shows, so the model's share of
bluffs is ``ε × q`` with ``q`` = :func:`model_bluff_share` (82/83), and a class whose share of
bluffs is ``s`` is fed in as ``ε = s / q`` (:func:`model_rate`). The page says so, and what the
model still leaves out (real bluffs are not random bids; the class's bids include raises later
in a round, with more cards).

**Which bids.** In class mode, the bids of the people's seats (``people`` of a game; the bots
the teacher seated are not the class); in the sample class, every seat is a bot, and each
game names them (``bots``), which gives each bot kind's own rate.

>>> data = {"definition": {"bluff_below": "1/2"}, "games": [
...     {"table": "A", "players": 2, "people": [0], "bids": [
...         {"seat": 0, "bluff": True}, {"seat": 1, "bluff": True}, {"seat": 0, "bluff": False}]}]}
>>> class_count(data), definition(data)
(Count(bids=2, bluffs=1), Fraction(1, 2))
>>> model_bluff_share(), model_rate(Fraction(41, 100))
(Fraction(82, 83), Fraction(83, 200))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from kayalib.engine import RawRecord
from kayalib.errors import ArgumentError
from kayalib.stats import BetaPosterior

__all__ = [
    "Count",
    "bot_counts",
    "bot_game_counts",
    "class_count",
    "definition",
    "design_effect",
    "game_counts",
    "game_level",
    "king_given_share",
    "model_bluff_share",
    "model_rate",
]


@dataclass(frozen=True)
class Count:
    """Bids counted and how many of them were bluffs."""

    bids: int = 0
    bluffs: int = 0

    @property
    def share(self) -> Fraction:
        if not self.bids:
            raise ArgumentError("no bids were counted")
        return Fraction(self.bluffs, self.bids)

    def posterior(self) -> BetaPosterior:
        """The bluff rate's posterior from a flat prior."""
        return BetaPosterior.of(self.bluffs, self.bids)

    def __add__(self, other: Count) -> Count:
        return Count(self.bids + other.bids, self.bluffs + other.bluffs)


def definition(data: RawRecord) -> Fraction:
    """The chance below which the data's bids count as bluffs (the data's own ``definition``)."""
    try:
        return Fraction(data["definition"]["bluff_below"])
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        raise ArgumentError("the play data do not say what a bluff is") from None


def _people_bids(game: RawRecord) -> Iterator[RawRecord]:
    people = game.get("people")
    for bid in game.get("bids", ()):
        if people is None or bid["seat"] in people:
            yield bid


def _count(bids: Iterable[RawRecord]) -> Count:
    bids = list(bids)
    return Count(len(bids), sum(1 for bid in bids if bid["bluff"]))


def class_count(data: RawRecord) -> Count:
    """The class's bids: the people's seats of every game (every seat where no game says)."""
    return sum((game for game in game_counts(data)), Count())


def game_counts(data: RawRecord) -> list[Count]:
    """The class's bids game by game (games without a counted bid left out)."""
    counts = [_count(_people_bids(game)) for game in data.get("games", ())]
    return [count for count in counts if count.bids]


def design_effect(games: Sequence[Count]) -> float:
    """How many bids one independent bid is worth here: the variance of the share of bluffs
    counted game by game (the ratio estimate's variance between games) over the variance as
    many independent bids would give (at least 1). Bids of one game come from the same few
    players with the same habits, so they say less than independent bids would."""
    total = sum(games, Count())
    n, p = total.bids, total.bluffs / total.bids if total.bids else 0.0
    if len(games) < 2 or p in (0.0, 1.0):
        return 1.0
    k = len(games)
    between = k / (k - 1) * sum((g.bluffs - p * g.bids) ** 2 for g in games) / n**2
    return max(1.0, between / (p * (1 - p) / n))


def game_level(games: Sequence[Count]) -> Count:
    """The bids as the independent bids they are worth (each count divided by the
    :func:`design_effect`), for an interval that does not pretend bids are independent."""
    total, effect = sum(games, Count()), design_effect(games)
    bids = max(1, round(total.bids / effect))
    return Count(bids, min(bids, round(total.bluffs / effect)))


def bot_game_counts(data: RawRecord) -> dict[str, list[Count]]:
    """Each bot kind's bids game by game, from the games that name their bots."""
    found: dict[str, list[Count]] = {}
    for game in data.get("games", ()):
        bots = game.get("bots")
        if not bots:
            continue
        here: dict[str, Count] = {}
        for bid in game.get("bids", ()):
            name = bots[bid["seat"]]
            here[name] = here.get(name, Count()) + Count(1, int(bool(bid["bluff"])))
        for name, count in here.items():
            found.setdefault(name, []).append(count)
    return found


def bot_counts(data: RawRecord) -> dict[str, Count]:
    """Each bot kind's bids, from the games that name their bots (the sample class), in the
    order the bots first bid."""
    found: dict[str, Count] = {}
    for game in data.get("games", ()):
        bots = game.get("bots")
        if not bots:
            continue
        for bid in game.get("bids", ()):
            name = bots[bid["seat"]]
            found[name] = found.get(name, Count()) + Count(1, int(bool(bid["bluff"])))
    return found


@cache
def model_bluff_share(below: Fraction = Fraction(1, 2)) -> Fraction:
    """The share of lesson 08's random opening bids that are bluffs (chance below ``below``
    given the bidder's card), averaged over the bidder's cards in the small case: the model's
    share of bluffs is ``ε`` times this."""
    from kayalib.blef.bids import Bid
    from kayalib.blef.cards import DECK
    from kayalib.blef.odds import bid_probability
    from kayalib.blef.view import legal_after
    from kayalib.lessons.maths.bayes_tables import small_view

    view = small_view()
    openings = [bid for bid in legal_after(None) if isinstance(bid, Bid)]
    cards = [card for card in DECK if card not in view.hand]
    dealt = view.total_cards
    bluffs = sum(Fraction(bid_probability(bid, (card,), dealt, exact=True)) < below
                 for card in cards for bid in openings)  # fmt: skip
    return Fraction(bluffs, len(cards) * len(openings))


def model_rate(share: Fraction | float, below: Fraction = Fraction(1, 2)) -> Fraction:
    """The model's ``ε`` whose share of bluffs is ``share`` (at most 1), exact."""
    share = Fraction(share).limit_denominator(10**6) if isinstance(share, float) else share
    if not 0 <= share <= 1:
        raise ArgumentError(f"a share of bluffs lies in 0..1, not {share}")
    return min(Fraction(1), share / model_bluff_share(below))


def king_given_share(share: Fraction | float) -> Fraction:
    """P("high card K" is true | the bid) in lesson 08's small case, for a bidder whose share
    of bluffs is ``share``."""
    from kayalib.lessons.maths.bayes_tables import KING, small_posterior

    return Fraction(small_posterior(model_rate(share)).table()[KING])
