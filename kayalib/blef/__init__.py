"""Blef, Polish liar's poker: 24 cards and a ladder of 83 poker-figure bids.

Modules, file by file alike Aku Paling Kaya's (:mod:`kayalib.kaya`): ``cards``, ``bids``,
``odds`` (exact bid probabilities), ``odds_batch`` and ``masks`` (the same for many hands at
once, with numpy), ``inference`` (the odds given the bids too), ``rules``, ``actions``,
``events``, ``view``, ``game`` (the state), ``bots`` and ``cli``. Simulation and replay are
shared: :mod:`kayalib.simulate`.
"""

from kayalib.blef.bids import BID_KINDS, LADDER, Bid, best_bid, holds, true_bids
from kayalib.blef.bots import BOTS, BayesBot, HonestBot, OddsBot, RandomBot
from kayalib.blef.cards import DECK, RANKS, SUITS, Card, parse_cards
from kayalib.blef.game import CHECK, BlefRules, BlefState, BlefView, Check, parse_action
from kayalib.blef.odds import (
    bid_probability,
    brute_force_table,
    exact_table,
    favourable_counts,
    probabilities,
    simulate_table,
)

__all__ = [
    "BID_KINDS",
    "DECK",
    "LADDER",
    "RANKS",
    "SUITS",
    "Bid",
    "Card",
    "best_bid",
    "bid_probability",
    "brute_force_table",
    "exact_table",
    "favourable_counts",
    "holds",
    "parse_cards",
    "probabilities",
    "simulate_table",
    "true_bids",
    # the game, bots and simulation
    "BOTS",
    "CHECK",
    "BayesBot",
    "BlefRules",
    "BlefState",
    "BlefView",
    "Check",
    "HonestBot",
    "OddsBot",
    "RandomBot",
    "parse_action",
]
