"""Blef, Polish liar's poker: 24 cards and a ladder of 83 poker-figure bids."""
