"""Blef, Polish liar's poker: 24 cards and a ladder of 83 poker-figure bids."""

from kayalib.blef.bids import BID_KINDS, LADDER, Bid, BidError, best_bid, holds, true_bids
from kayalib.blef.cards import DECK, RANKS, SUITS, Card, CardError, parse_cards

__all__ = [
    "BID_KINDS",
    "DECK",
    "LADDER",
    "RANKS",
    "SUITS",
    "Bid",
    "BidError",
    "Card",
    "CardError",
    "best_bid",
    "holds",
    "parse_cards",
    "true_bids",
]
