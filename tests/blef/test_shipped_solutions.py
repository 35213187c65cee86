"""Every shipped heads-up solution holds the figures written in it: its NashConv and value
computed again from its strategy. Pages read the files without computing them again
(:func:`kayalib.blef.equilibrium.solved`), so this test is what pins them."""

from __future__ import annotations

import json

import pytest

from kayalib.blef.equilibrium import SHIPPED, Equilibrium, solved


@pytest.mark.parametrize("cards", sorted(SHIPPED))
def test_a_shipped_solution_has_the_nash_conv_and_value_written_in_it(cards) -> None:
    data = json.loads(SHIPPED[cards].file.read_text(encoding="utf-8"))
    checked = Equilibrium.from_json(data, check=True)  # ArgumentError if they disagree
    read = solved(cards)
    assert checked.nash_conv == pytest.approx(read.nash_conv, abs=1e-9)
    assert checked.value == pytest.approx(read.value, abs=1e-9)
