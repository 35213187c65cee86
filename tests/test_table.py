"""The headless table's promise to whoever keeps its moves: a listener that refuses the steps
(a store that cannot write them) leaves the table as it was."""

from __future__ import annotations

import pytest

from kayalib.table import PERSON, Table


class DiskFull(OSError):
    pass


def refuse(table: Table, steps) -> None:
    if steps:
        raise DiskFull("no space left on the device")


@pytest.mark.parametrize("which", ["blef", "kaya"])
def test_a_refused_move_of_a_person_or_a_bot_never_happened(which: str) -> None:
    table = Table(which, [PERSON, "random", "random"], seed=11)
    table.run()
    seat = table.waiting_for
    assert seat is not None
    states = list(table.states)
    table.listeners.append(refuse)
    with pytest.raises(DiskFull):
        table.act(seat, table.state.legal_actions()[0])
    assert table.states == states
    table.listeners.remove(refuse)
    table.act(seat, table.state.legal_actions()[0])
    table.listeners.append(refuse)
    assert table.bot_due  # a bot's move is next
    states = list(table.states)
    with pytest.raises(DiskFull):
        table.advance()
    assert table.states == states
