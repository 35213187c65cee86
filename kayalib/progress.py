"""Progress reporting shared by the engines, the command line and the notebooks.

Long-running engine functions take ``progress: ProgressCallback | None`` and call it as
``progress(done, total)``. The command line turns that into a terminal bar; the notebooks
into an ``ipywidgets.IntProgress``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

ProgressCallback = Callable[[int, int], None]


def terminal_progress(
    total: int, desc: str, stream: TextIO | None = None
) -> tuple[ProgressCallback, Callable[[], None]]:
    """A ``(callback, close)`` pair drawing a tqdm bar on a terminal, and nothing elsewhere."""
    stream = sys.stderr if stream is None else stream
    if not getattr(stream, "isatty", lambda: False)():
        return (lambda done, total: None), (lambda: None)
    from tqdm import tqdm

    bar = tqdm(total=total, desc=desc, file=stream, unit="game", leave=False)

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close
