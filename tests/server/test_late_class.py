"""A class that arrives long after ``make class`` started still gets its games (issue 24, 1).

A pooled kernel runs its notebook up to the app and then waits for its page's address; that
wait once counted against Voila's cell timeout (120 s), so a class arriving more than two
minutes after the pools filled got "Cell execution timed out" instead of a game. Here the
cell timeout is shortened twenty times (6 s) and the class arrives three timeouts late, which
is the same story as a class arriving six minutes after a real ``make class``.
"""

from __future__ import annotations

import pytest

from benchmarks.bench_class import run_wave

pytestmark = [pytest.mark.voila, pytest.mark.slow]

CELL_TIMEOUT = 6  # seconds: Voila's cell timeout in class mode (120 s), shortened 20 times


def test_ten_students_arriving_three_cell_timeouts_late_all_play(tmp_path) -> None:
    row = run_wave(
        "class", 10, "blef", timeout=120, logs=tmp_path, arrive_after=3 * CELL_TIMEOUT,
        server_args=[f"--VoilaExecutor.timeout={CELL_TIMEOUT}"], lesson_pool=0,
        settle_for=0,  # the other test worker keeps the machine busy: waiting would not quieten it
    )  # fmt: skip
    assert row.failures == [], sorted(set(row.failures))
    assert len(row.playable) == 10 and len(row.clicks) == 10
