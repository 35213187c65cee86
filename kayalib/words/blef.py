"""Blef in words: bids, ranks, suits, cards and the events of the log."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kayalib.blef.bids import Bid
from kayalib.blef.cards import RANK_NAMES, Card
from kayalib.blef.game import (
    BidEvent,
    CheckEvent,
    DealEvent,
    EliminatedEvent,
    EndEvent,
    StartEvent,
)
from kayalib.errors import KayalibError
from kayalib.words import LogLine, Words, sentence

__all__ = ["SUIT_KEYS", "BlefWords"]

SUIT_KEYS = ("suit_clubs", "suit_diamonds", "suit_hearts", "suit_spades")
"""Catalogue keys of the suits, lowest (clubs) to highest (spades)."""
SUIT_KINDS = ("flush", "small-poker", "big-poker")


class BlefWords(Words):
    """Blef's words in one language: ``bid_text(Bid.parse("pair K"))`` is "pair K" in English,
    "para K" in Polish; ``event_text`` says one event of the log as a sentence."""

    def rank(self, rank: int) -> str:
        """A rank as printed on the card: 9, 10, J, Q, K, A (ten is always "10")."""
        return RANK_NAMES[rank]

    def suit(self, suit: int) -> str:
        return self.t(SUIT_KEYS[suit])

    def suit_names(self) -> dict[str, str]:
        """``{"C": "clubs", ...}`` for card drawings' accessible labels."""
        return {s: self.t(k) for s, k in zip("CDHS", SUIT_KEYS, strict=True)}

    def kind(self, kind: str) -> str:
        """The name of a kind of bid ("two pairs", "dwie pary")."""
        return self.t(f"bid_{kind}")

    def card_text(self, card: Card) -> str:
        """A card as a student reads it: ``10♥``."""
        return card.symbol

    def cards_text(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card_text(c) for c in cards)

    def param_text(self, bid: Bid) -> str:
        """A bid's parameters: ranks ("K 10"), a suit ("hearts") or a dash."""
        if bid.kind in SUIT_KINDS:
            return self.suit(bid.params[0])
        if not bid.params:
            return "\u2014"
        return " ".join(self.rank(p) for p in bid.params)

    def bid_text(self, bid: Bid) -> str:
        """A bid in this language, e.g. "pair K", "para K", "flush hearts"."""
        words = [self.kind(bid.kind)]
        if bid.kind in SUIT_KINDS:
            words.append(self.suit(bid.params[0]))
        else:
            words.extend(self.rank(p) for p in bid.params)
        return " ".join(words)

    def action_text(self, text: str) -> str:
        """A bid's engine text ("pair K") in this language; other text as it is."""
        try:
            return self.bid_text(Bid.parse(text))
        except KayalibError:
            return text

    def meaning(self, bid: Bid) -> str:
        """What ``bid`` claims about all the cards dealt ("at least two K")."""
        if bid.kind in SUIT_KINDS:
            return self.t(f"meaning_{bid.kind}", suit=self.suit(bid.params[0]))
        ranks = [self.rank(p) for p in bid.params] + ["", ""]
        return self.t(f"meaning_{bid.kind}", rank=ranks[0], rank2=ranks[1])

    def verdict(self, true: bool) -> str:
        return self.t("blef_true") if true else self.t("blef_false")

    @staticmethod
    def bidder_of(events: Sequence[object], check: CheckEvent) -> int:
        """The seat whose bid ``check`` challenged (the last bid of that round)."""
        bidder = check.seat
        for e in events:
            if isinstance(e, BidEvent) and e.round == check.round:
                bidder = e.seat
        return bidder

    def event_text(self, e: object, events: Sequence[object] = ()) -> str:
        """One event of the log as a sentence ("" for events that say nothing to a reader).

        ``events`` is the log the event comes from (a check names the bidder it catches).
        """
        t, name = self.t, self.seat
        if isinstance(e, StartEvent):
            if e.seed is None:  # a seat's view, or a rigged deal
                return t("blef_log_start_unseeded", players=e.players)
            return t("blef_log_start", players=e.players, seed=e.seed)
        if isinstance(e, DealEvent):
            counts = ", ".join(f"{name(i)}: {n}" for i, n in enumerate(e.dealt) if n)
            return t("blef_log_deal", round=e.round, counts=counts, starter=name(e.starter))
        if isinstance(e, BidEvent):
            return t("blef_log_bid", player=name(e.seat), bid=self.bid_text(e.bid))
        if isinstance(e, CheckEvent):
            return t(
                "blef_log_check",
                player=name(e.seat),
                bid=self.bid_text(e.bid),
                bidder=name(self.bidder_of(events, e)),
                pool=self.cards_text(e.pool),
                verdict=self.verdict(e.true),
                loser=name(e.loser),
            )
        if isinstance(e, EliminatedEvent):
            return t("blef_log_out", player=name(e.seat), cards=e.cards)
        if isinstance(e, EndEvent):
            return t.count("blef_log_end", e.rounds, player=name(e.winner), rounds=e.rounds)
        return ""

    def event_lines(self, events: Sequence[object], viewer: int = -1) -> list[str]:
        """Every event of a log that says something, as plain sentences (not HTML). No Blef
        sentence tells a hidden card (a deal says how many cards each seat holds, never which),
        so the log reads the same for every ``viewer``."""
        return [line.text for line in self.log_lines(events, viewer)]

    def log_lines(self, events: Sequence[object], viewer: int = -1) -> list[LogLine]:
        """:meth:`event_lines` with each line's position in ``events`` and its round."""
        lines = []
        for index, event in enumerate(events):
            if text := self.event_text(event, events):
                lines.append(LogLine(index, getattr(event, "round", None), sentence(text)))
        return lines

    def group_title(self, round_number: int, events: Sequence[object]) -> str:
        """The heading of a round in the log ("Round 2: Player 3 starts")."""
        starter = next((e.starter for e in events
                        if isinstance(e, DealEvent) and e.round == round_number), None)  # fmt: skip
        if starter is None:
            return self.t("blef_log_round_head_plain", n=round_number)
        return self.t("blef_log_round_head", n=round_number, player=self.seat(starter))
