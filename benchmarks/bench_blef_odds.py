"""One exact 83-bid Blef odds table: remembered, first computed, and two floors, in one run.

Targets (issue "Performance"):

- wherever a table repeats (remembered by the hand's key and the cards dealt), faster than a
  compiled (numba-class) kernel could be: the ratio to the *compiled-call floor* below is < 1;
- a first computation within 2x of the *CPython floor* below;
- a *cold* table (a new pair of cards held and cards dealt: the lookup tables of that pair are
  built too) within 2x of the *scratch floor* below;
- the hit rate of the remembered tables in a 1,000-game simulation is printed by
  ``bench_blef_games`` (one simulation for both figures).

The two floors are built here, measured on the same hands in the same run:

- *compiled-call floor*: the least a compiled kernel costs when called from Python for one
  table, its arithmetic taken as free: the hand handed over as numbers (one pass over its
  cards for the rank and suit counts, as any kernel needs) and a fresh list of 83 floats handed
  back (``ndarray.tolist`` of a ready table);
- *CPython floor*: the least pure Python does for a fresh table by the same method, with every
  lookup table of (cards held, cards dealt) ready: one pass over the cards for the rank counts
  and suit keys, then the 83 values gathered by list comprehensions; no checks, no cache;
- *scratch floor*: the least plain CPython does for one hand's table with nothing ready: its
  rank counts and suits, then only the sums that hand needs (each distinct one once, by
  ``math.comb``, the two-rank sums from their short side), divided by the number of draws.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from math import comb

import numpy as np

from kayalib.blef.bids import card_counts
from kayalib.blef.cards import Card, parse_cards
from kayalib.blef.odds import (
    _RANK_PAIRS_LOW_FIRST,
    _RANK_PAIRS_ORDERED,
    _SIGNS,
    clear_table_cache,
    count_tables,
    probabilities,
)

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
_SUIT_WEIGHT = (1, 2, 2, 2, 2, 10)  # a suit's own key: nine + 2 * middles + 10 * ace


def cpython_floor(hand: tuple[Card, ...], tables) -> list[float]:  # noqa: ANN001
    """The CPython floor: a fresh table from ready lookup tables (``CountTables.scaled``)."""
    ranks = [0] * 6
    digits = [0] * 4
    for card in hand:
        ranks[card.rank] += 1
        digits[card.suit] += _SUIT_WEIGHT[card.rank]
    rows = [tables.at_least[held] for held in ranks]
    two_pair, full = tables.two_pair, tables.full
    out = [row[1] for row in rows]
    out += [row[2] for row in rows]
    out += [two_pair[ranks[high]][ranks[low]] for high, low in _RANK_PAIRS_LOW_FIRST]
    out += [row[3] for row in rows]
    out.append(tables.straight[ranks[:5].count(0)])
    out.append(tables.straight[ranks[1:].count(0)])
    out += [full[ranks[three]][ranks[two]] for three, two in _RANK_PAIRS_ORDERED]
    out += [row[4] for row in rows]
    suits = [tables.suits[digit] for digit in digits]
    out += [suit[0] for suit in suits]
    out += [suit[1] for suit in suits]
    out += [suit[2] for suit in suits]
    return out


def scratch_floor(hand: tuple[Card, ...], cards: int) -> list[float]:
    """The scratch floor: one hand's 83 probabilities with nothing ready (see the top)."""

    def choose(n: int, k: int) -> int:
        return comb(n, k) if 0 <= k <= n else 0

    ranks = [0] * 6
    suits = [[0, 0, 0] for _ in range(4)]  # each suit's nine, middles and ace
    for card in hand:
        ranks[card.rank] += 1
        suits[card.suit][0 if card.rank == 0 else 2 if card.rank == 5 else 1] += 1
    rest, draw = 24 - len(hand), cards - len(hand)
    total = choose(rest, draw)
    short: dict[tuple[int, int], int] = {}
    pairs: dict[tuple[int, int, int, int], int] = {}

    def fewer(held: int, need: int) -> int:  # draws leaving a rank short of ``need``
        if (held, need) not in short:
            out = 4 - held
            stop = max(0, min(need - held, out + 1, draw + 1))
            short[held, need] = sum(
                choose(out, x) * choose(rest - out, draw - x) for x in range(stop)
            )
        return short[held, need]

    def both(h1: int, n1: int, h2: int, n2: int) -> int:  # two ranks made at once
        if (h1, n1, h2, n2) not in pairs:
            o1, o2 = 4 - h1, 4 - h2
            joint = sum(
                choose(o1, x1) * choose(o2, x2) * choose(rest - o1 - o2, draw - x1 - x2)
                for x1 in range(min(max(0, n1 - h1), o1 + 1, draw + 1))
                for x2 in range(min(max(0, n2 - h2), o2 + 1, draw - x1 + 1))
            )
            pairs[h1, n1, h2, n2] = total - fewer(h1, n1) - fewer(h2, n2) + joint
        return pairs[h1, n1, h2, n2]

    def flush(have: int) -> int:
        if have >= 5:
            return total
        return sum(
            choose(6 - have, y) * choose(rest - 6 + have, draw - y)
            for y in range(5 - have, min(7 - have, draw + 1))
        )

    out = [total - fewer(h, 1) for h in ranks]
    out += [total - fewer(h, 2) for h in ranks]
    out += [both(ranks[a], 2, ranks[b], 2) for a, b in _RANK_PAIRS_LOW_FIRST]
    out += [total - fewer(h, 3) for h in ranks]
    for lacking in (ranks[:5].count(0), ranks[1:].count(0)):
        out.append(sum(sign * choose(rest - 4 * j, draw) for j, sign in enumerate(_SIGNS[lacking])))
    out += [both(ranks[a], 3, ranks[b], 2) for a, b in _RANK_PAIRS_ORDERED]
    out += [total - fewer(h, 4) for h in ranks]
    out += [flush(sum(suit)) for suit in suits]
    out += [choose(rest - 5 + suit[0] + suit[1], draw - 5 + suit[0] + suit[1]) for suit in suits]
    out += [choose(rest - 5 + suit[1] + suit[2], draw - 5 + suit[1] + suit[2]) for suit in suits]
    return [count / total for count in out]


def cold_tables(repeats: int = 60) -> dict[str, float]:
    """A cold table (every lookup table forgotten first) against the scratch floor, case by
    case, interleaved."""
    ours: list[int] = []
    floor: list[int] = []
    clock = time.perf_counter_ns
    for _ in range(repeats):
        for text, cards in CASES:
            hand = parse_cards(text)
            clear_table_cache(lookup_tables=True)
            start = clock()
            probabilities(hand, cards)
            ours.append(clock() - start)
            start = clock()
            scratch_floor(hand, cards)
            floor.append(clock() - start)
    mine, least = statistics.median(ours) / 1000, statistics.median(floor) / 1000
    print(
        f"a cold table (new cards held and dealt, lookup tables built): {mine:.0f} µs; scratch "
        f"floor {least:.0f} µs; ratio {mine / least:.2f} (target ≤ 2; load "
        f"{os.getloadavg()[0]:.1f})"
    )
    return {"cold_us": mine, "scratch_floor_us": least, "cold_over_scratch_floor": mine / least}


def _timed(call: Callable[[], object], repeats: int, before: Callable[[], object] | None = None):
    """Nanoseconds of ``repeats`` calls (``before`` runs untimed ahead of each)."""
    clock = time.perf_counter_ns
    timings = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = clock()
        call()
        timings.append(clock() - start)
    return timings


def main(repeats: int = 2000) -> dict[str, float]:
    """Print the median of each figure per case (µs) and overall; return the overall figures."""
    print(
        f"{'hand':<34} {'N':>3} {'hit':>6} {'first':>6} {'compiled':>9} {'CPython':>8}"
        "   (µs, medians; floors built here)"
    )
    figures: dict[str, list[int]] = {"hit": [], "first": [], "compiled": [], "cpython": []}
    for text, cards in CASES:
        hand = parse_cards(text)
        scaled = count_tables(len(hand), cards).scaled()
        ready = np.array(probabilities(hand, cards))
        timings = {
            "hit": lambda: probabilities(hand, cards),  # noqa: B023
            "first": lambda: probabilities(hand, cards),  # noqa: B023
            "compiled": lambda: (card_counts(hand), ready.tolist()),  # noqa: B023
            "cpython": lambda: cpython_floor(hand, scaled),  # noqa: B023
        }
        row = {}
        for _ in range(3):  # interleaved rounds, each kind after the others
            for name, call in timings.items():
                before = clear_table_cache if name == "first" else None
                _timed(call, 50, before)  # warm up
                found = _timed(call, repeats // 3, before)
                figures[name] += found
                row.setdefault(name, []).extend(found)
        medians = {name: statistics.median(found) / 1000 for name, found in row.items()}
        print(
            f"{text or '(empty)':<34} {cards:>3} {medians['hit']:>6.2f} {medians['first']:>6.2f}"
            f" {medians['compiled']:>9.2f} {medians['cpython']:>8.2f}"
        )
    overall = {name: statistics.median(found) / 1000 for name, found in figures.items()}
    hand = parse_cards("KS KH")
    cold = statistics.median(
        _timed(lambda: probabilities(hand, 8), 21, lambda: clear_table_cache(lookup_tables=True))
    ) / 1000
    print(
        f"{'all cases':<34} {'':>3} {overall['hit']:>6.2f} {overall['first']:>6.2f}"
        f" {overall['compiled']:>9.2f} {overall['cpython']:>8.2f}"
    )
    hit_ratio = overall["hit"] / overall["compiled"]
    first_ratio = overall["first"] / overall["cpython"]
    print(
        f"remembered table / compiled-call floor: {hit_ratio:.2f} (target < 1); "
        f"first computation / CPython floor: {first_ratio:.2f} (target ≤ 2); "
        f"a first table for a new (cards held, cards dealt), lookup tables built too: "
        f"{cold:.0f} µs"
    )
    for text, cards in CASES:  # the floor computes the same numbers
        assert scratch_floor(parse_cards(text), cards) == probabilities(parse_cards(text), cards)
    return {
        **cold_tables(),
        "hit_us": overall["hit"],
        "first_us": overall["first"],
        "compiled_floor_us": overall["compiled"],
        "cpython_floor_us": overall["cpython"],
        "hit_over_compiled_floor": hit_ratio,
        "first_over_cpython_floor": first_ratio,
        "cold_lookup_tables_us": cold,
    }


if __name__ == "__main__":
    main()
