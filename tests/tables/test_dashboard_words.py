"""The dashboard's picture of the guesses keeps the true value's label inside it, wherever the
truth falls, and counts a single guess as one."""

from __future__ import annotations

import re

from kayalib.draw.class_charts import histogram_svg
from kayalib.i18n import Translator


def label_position(svg: str, label: str) -> tuple[float, str]:
    found = re.search(rf'<text x="([\d.]+)"[^>]*text-anchor="(\w+)">{re.escape(label)}</text>',
                      svg)  # fmt: skip
    assert found, svg
    return float(found.group(1)), found.group(2)


def test_the_true_values_label_stays_inside_at_either_end() -> None:
    bars = [(str(i), i + 1) for i in range(10)]
    label = "true value 0"
    x, anchor = label_position(histogram_svg(bars, mark=0, mark_label=label), label)
    assert anchor == "start" and x >= 0  # it used to be centred on the first bar: "ue value 0"
    x, anchor = label_position(histogram_svg(bars, mark=9, mark_label=label, width=420), label)
    assert anchor == "end" and x <= 420
    x, anchor = label_position(histogram_svg(bars, mark=5, mark_label=label), label)
    assert anchor == "middle"


def test_one_guess_is_counted_as_one() -> None:
    for lang, one, many in (("en", "1 guess", "5 guesses"), ("id", "1 tebakan", "5 tebakan"),
                            ("pl", "odpowiedzi: 1", "odpowiedzi: 5")):  # fmt: skip
        t = Translator(lang)
        assert t.count("dash_guesses", 1, n=1) == one and t.count("dash_guesses", 5, n=5) == many
    assert "1 bids" not in Translator("en")("dash_play_line").format(
        bids=1, checked=0, checked_share="0%", false=0, false_share="0%", bluffs=0,
        bluff_share="0%")  # fmt: skip
