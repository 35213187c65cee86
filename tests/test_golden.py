"""Golden logs: saved ``kayalib <game> simulate --log`` runs, reproduced byte for byte and
replayed through the engine (OpenSpiel's playthroughs).

A change to the rules, the deal, the bots or the log format shows up as a diff here. If the
change is intended, regenerate with ``KAYALIB_REGEN_GOLDEN=1 pytest tests/test_golden.py`` and
review the diff.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from kayalib.cli import main
from kayalib.log import write_events
from kayalib.simulate import replay

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN = {
    "blef-classic-3p-seed11.jsonl": "blef simulate --players 3 --bots odds,random,odds "
    "--games 2 --seed 11",
    "blef-deck-3p-seed1.jsonl": "blef simulate --players 3 --mode deck "
    "--bots odds,random,random --games 1 --seed 1",
    # seeds 2 and 47 between them have every power: green and red, orange, pink, blue
    "kaya-6p-seed2.jsonl": "kaya simulate --players 6 --bots random --games 1 --seed 2",
    "kaya-6p-seed47.jsonl": "kaya simulate --players 6 --bots random --games 1 --seed 47",
    "kaya-4p-counter-seed3.jsonl": "kaya simulate --bots counter,random,random,random "
    "--games 2 --seed 3",
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_log_is_reproduced_byte_for_byte(capsys, tmp_path, name: str) -> None:
    path = tmp_path / name
    assert main([*GOLDEN[name].split(), "--log", str(path)]) == 0
    capsys.readouterr()
    golden_path = GOLDEN_DIR / name
    if os.environ.get("KAYALIB_REGEN_GOLDEN"):
        golden_path.write_bytes(path.read_bytes())
    golden = golden_path.read_bytes()
    assert path.read_bytes() == golden
    # Replaying the saved log through the engine gives the same log again.
    finals = replay(name.split("-")[0], golden.decode("utf-8").splitlines())
    assert finals and all(final.is_terminal for final in finals)
    stream = io.StringIO()
    for final in finals:
        write_events(final.events, stream)
    assert stream.getvalue().encode("utf-8") == golden


def test_the_kaya_golden_logs_hold_every_power() -> None:
    text = "".join(
        (GOLDEN_DIR / name).read_text("utf-8") for name in GOLDEN if name.startswith("kaya")
    )
    for why in ("orange-keep", "pink-give", "blue-return", "red-steal", "green-return"):
        assert f'"why":"{why}"' in text, why


@pytest.mark.parametrize("path", sorted((GOLDEN_DIR / "replay-only").glob("*.jsonl")), ids=str)
def test_logs_written_by_earlier_versions_replay_byte_for_byte(path: Path) -> None:
    """Logs from before the bots' generator changed: the engine (deals, rules, the log format)
    still reproduces every record of them."""
    golden = path.read_text("utf-8")
    stream = io.StringIO()
    for final in replay(path.name.split("-")[0], golden.splitlines()):
        write_events(final.events, stream)
    assert stream.getvalue() == golden
