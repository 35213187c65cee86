"""Golden playthroughs: saved full logs of seeded games, replayed and diffed line by line.

Regenerate after a deliberate rule change with
``KAYA_REGEN_GOLDEN=1 pytest tests/kaya/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from kaya_helpers import RandomBot

from kayalib.kaya.game import KayaState, actions_from_events
from kayalib.kaya.rules import KayaRules
from kayalib.kaya.simulate import play_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [(4, 3), (6, 52)]  # (players, seed); seed 52 has orange-keep, pink-give, blue-return


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_saved_log_is_replayed_exactly(players, seed):
    rules = KayaRules.for_players(players)
    final = play_game(rules, [RandomBot()] * players, seed)
    lines = final.log_lines()
    path = GOLDEN / f"kaya_{players}p_seed{seed}.jsonl"
    if os.environ.get("KAYA_REGEN_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8").splitlines() == lines
    # the actions read back from the log play the same game again
    state = KayaState.new(rules, seed)
    for action in actions_from_events(final.events):
        state = state.apply(action)
    assert state.log_lines() == lines and state.is_terminal
