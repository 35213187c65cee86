"""The round of two cards against one, beside the one-card round: the figures lesson 10 states
about it, read from the shipped solutions once and shipped with the kit.

Reading the two-against-one solution and walking every situation of it takes over a second
(more on a busy machine), and a page that opens should not wait for numbers that never change.
So :func:`figures` and :func:`opening_bluffs` read :data:`DATA_FILE`; :func:`derive` computes
the same from the shipped solutions (:func:`kayalib.blef.equilibrium.solved`),
``tests/lessons/test_uneven_round.py`` derives them again and compares, and ``python -m
kayalib.lessons.maths.uneven_round`` writes the file.

>>> figures()["even_value"], figures()["bids"]
(Fraction(-5, 69), 18)
>>> [share for hand, share in opening_bluffs() if hand == (1, 2)]
[0.610876]
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

from kayalib.errors import ArgumentError

__all__ = ["DATA_FILE", "Figure", "derive", "figures", "opening_bluffs", "write_shipped"]

DATA_FILE = Path(__file__).with_name("uneven_round.json")
"""The shipped figures (see the module doc)."""
UNEVEN = (2, 1)
"""The first bidder's cards and the other's: the second round of a two-player game, where the
player with two cards lost the first round and bids first."""

Figure = Fraction | float | int
Hands = tuple[tuple[tuple[int, ...], float], ...]


def derive() -> tuple[dict[str, Figure], Hands]:
    """The figures and each hand's opening bluffs, computed from the shipped solutions:
    values, how exact the two-against-one solution is, and how often each player bluffs in
    each round (:func:`kayalib.lessons.maths.exploitation.bluffing`)."""
    from kayalib.blef.equilibrium import solved
    from kayalib.lessons.maths.exploitation import bluffing, opening_bluff_by_hand

    even, uneven = solved((1, 1)), solved(UNEVEN)
    one, two = bluffing((1, 1)), bluffing(UNEVEN)
    hands = opening_bluff_by_hand(UNEVEN)
    found: dict[str, Figure] = {
        "value": uneven.value, "nash_conv": uneven.nash_conv,
        "even_value": even.exact_value(), "bids": len(uneven.round.bids),
        "open_even": one[0].bluff, "open_uneven": two[0].bluff,
        "answer_even": one[2].bluff, "answer_uneven": two[2].bluff,
        "first_answer_even": one[1].bluff, "first_answer_uneven": two[1].bluff,
        "pair_bluff": max(share for hand, share in hands if hand[0] == hand[1]),
    }  # fmt: skip
    return found, hands


def _to_json(value: Figure) -> object:
    if isinstance(value, Fraction):
        return {"fraction": [value.numerator, value.denominator]}
    return value


def _from_json(value: object) -> Figure:
    if isinstance(value, dict) and set(value) == {"fraction"}:
        numerator, denominator = value["fraction"]
        return Fraction(int(numerator), int(denominator))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentError(f"{DATA_FILE.name}: a figure is a number, not {value!r}")
    return value


@cache
def _shipped() -> tuple[dict[str, Figure], Hands]:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    found = {name: _from_json(value) for name, value in data["figures"].items()}
    hands = tuple((tuple(int(card) for card in hand), float(share))
                  for hand, share in data["opening_bluffs"])  # fmt: skip
    return found, hands


def figures() -> dict[str, Figure]:
    """The shipped figures (see :func:`derive`)."""
    return dict(_shipped()[0])


def opening_bluffs() -> Hands:
    """``(hand, share of its openings that are bluffs)`` for every hand of the first bidder in
    the two-against-one round, in the round's order (shipped)."""
    return _shipped()[1]


def write_shipped() -> None:
    """Derive the figures and write :data:`DATA_FILE`."""
    found, hands = derive()
    named = ",\n  ".join(f"{json.dumps(name)}: {json.dumps(_to_json(value))}"
                         for name, value in found.items())  # fmt: skip
    rows = ",\n  ".join(json.dumps([list(hand), share]) for hand, share in hands)
    text = f'{{\n "figures": {{\n  {named}\n }},\n "opening_bluffs": [\n  {rows}\n ]\n}}\n'
    json.loads(text)  # well formed
    DATA_FILE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_shipped()
    print(f"wrote {DATA_FILE}")
