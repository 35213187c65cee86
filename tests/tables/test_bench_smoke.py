"""The tables benchmark still measures what it says (a bounded smoke run, not a timing)."""

from __future__ import annotations

import pytest

from benchmarks.bench_tables import main, parse_args

pytestmark = [pytest.mark.voila, pytest.mark.slow]


def test_one_table_plays_and_every_seat_is_timed(capsys) -> None:
    main(["--tables", "1", "--moves", "6"])
    out = capsys.readouterr().out
    assert "4 students at 1 table of 4: 6 moves" in out
    for row in ("echo floor", "move to a seat", "move to every seat"):
        assert row in out


def test_the_command_line_is_bounded() -> None:
    assert parse_args([]).tables == 8 and parse_args([]).moves == 40
    for bad in (["--tables", "0"], ["--tables", "17"], ["--moves", "201"], ["--think", "-1"]):
        with pytest.raises(SystemExit):
            parse_args(bad)
