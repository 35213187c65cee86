"""The class load benchmark still measures what it says (a bounded smoke run, not a timing)."""

from __future__ import annotations

import pytest

from benchmarks.bench_class import main, parse_args, percentile, run_wave

pytestmark = [pytest.mark.voila, pytest.mark.slow]


def test_two_students_arrive_play_and_are_counted(tmp_path) -> None:
    row = run_wave("class", 2, "blef", timeout=120, logs=tmp_path)
    assert row.failures == []
    assert len(row.playable) == 2 and len(row.clicks) == 2
    assert all(t > 0 for t in row.playable + row.clicks)
    assert 20 < row.rss_mb < 500  # the kernels were found and measured


def test_the_command_line_is_checked() -> None:
    args = parse_args(["--students", "1,10,20,30,40", "--mode", "both"])
    assert args.sizes == [1, 10, 20, 30, 40] and args.modes == ["app", "class"]
    for bad in (["--students", "0"], ["--students", "x"], ["--mode", "fast"], ["--students", "99"]):
        with pytest.raises(SystemExit):
            main(bad)
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5 and percentile([], 0.5) is None
