"""Time of the whole 83-bid exact Blef odds table, uncached, for a spread of hands and N.

Target: under 100 µs median per table on one core.
"""

from __future__ import annotations

import statistics
import time

from kayalib.blef.cards import parse_cards
from kayalib.blef.odds import probabilities

# (hand, cards dealt): empty to large hands, few to many cards, hands holding figure parts.
CASES = [
    ("", 1),
    ("", 5),
    ("", 12),
    ("", 23),
    ("AS", 2),
    ("KS KH", 8),
    ("9H TH JH", 10),
    ("KS KH KD 9C", 12),
    ("TS JS QS KS AS", 15),
    ("9C 9D TH JS QS KD AH", 20),
    ("9C 9D 9H 9S TC TD TH JC JD QC QD", 22),
]


def time_table(hand: str, cards: int, repeats: int) -> list[int]:
    """Nanoseconds of ``repeats`` separate full-table computations (the hand is parsed once)."""
    held = parse_cards(hand)
    timings = []
    clock = time.perf_counter_ns
    for _ in range(repeats):
        start = clock()
        probabilities(held, cards)
        timings.append(clock() - start)
    return timings


def main(repeats: int = 3000) -> dict[str, float]:
    """Print median and p90 per case and overall (µs); return the overall figures."""
    print(f"{'hand':<36} {'N':>3} {'median µs':>10} {'p90 µs':>8}")
    everything: list[int] = []
    for hand, cards in CASES:
        time_table(hand, cards, 200)  # warm up
        timings = time_table(hand, cards, repeats)
        everything += timings
        median = statistics.median(timings) / 1000
        p90 = statistics.quantiles(timings, n=10)[-1] / 1000
        print(f"{hand or '(empty)':<36} {cards:>3} {median:>10.1f} {p90:>8.1f}")
    overall = {
        "median_us": statistics.median(everything) / 1000,
        "p90_us": statistics.quantiles(everything, n=10)[-1] / 1000,
    }
    print(
        f"{'all cases':<36} {'':>3} {overall['median_us']:>10.1f} {overall['p90_us']:>8.1f}"
        "   (target: median < 100 µs)"
    )
    return overall


if __name__ == "__main__":
    main()
