"""The class load benchmark still measures what it says (a bounded smoke run, not a timing)."""

from __future__ import annotations

import pytest

from benchmarks.bench_class import main, parse_args, percentile, run_wave

pytestmark = [pytest.mark.voila, pytest.mark.slow]


def test_two_students_arrive_play_and_are_counted(tmp_path) -> None:
    row = run_wave("class", 2, "blef", timeout=120, logs=tmp_path, lesson_pool=0)
    assert row.failures == []
    assert len(row.playable) == 2 and len(row.clicks) == 2
    assert all(t > 0 for t in row.playable + row.clicks)
    assert row.rest.kernels == 4 and row.in_use.kernels == 2  # both play apps' pools; 2 used
    assert 20 < row.in_use.uss_mb <= row.in_use.rss_mb < 500  # the kernels were measured


def test_the_command_line_is_checked() -> None:
    args = parse_args(["--students", "1,10,20,30,40", "--mode", "both", "--arrive-after", "0,300"])
    assert args.sizes == [1, 10, 20, 30, 40] and args.modes == ["app", "class"]
    assert args.arrivals == [0.0, 300.0] and args.lesson_pool == 2
    for bad in (["--students", "0"], ["--students", "x"], ["--mode", "fast"], ["--students", "99"],
                ["--arrive-after", "-1"], ["--arrive-after", "soon"], ["--lesson-pool", "11"]):
        with pytest.raises(SystemExit):
            main(bad)
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5 and percentile([], 0.5) is None
