"""Aku Paling Kaya: 6 colours x 9 cards, coins, challenges and colour powers."""
