"""Settings shared by the whole test suite, and the rule that heavy tests say so.

A test that runs a notebook (nbclient, or a lesson run in-process) or starts a server or a
browser must carry one of the markers ``slow``, ``voila`` or ``browser``: ``make check`` leaves
those out to stay fast. An unmarked test that tries fails at once, saying what it did.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import settings

# Property tests check rules, not speed: a shared 2-core CI machine must not fail them on time.
settings.register_profile("kayalib", deadline=None, print_blob=True)
settings.load_profile("kayalib")

HEAVY_MARKERS = ("slow", "voila", "browser")
#: words in a command line that start a server, a kernel or a browser
SERVER_WORDS = ("voila", "kayalib.server", "kayalib app", "kayalib class", "kayalib lab",
                "jupyterhub", "jupyter-lab", "chromium", "ipykernel")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """nbval's notebook cells run notebooks: they are slow by nature. Then the files are put in
    the order :func:`heaviest_first` gives."""
    for item in items:
        if item.nodeid.split("::")[0].endswith(".ipynb"):
            item.add_marker(pytest.mark.slow)
    items[:] = heaviest_first(items)


def heaviest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The items file by file, the files that drive a browser first, then those that start a
    server, then the other slow ones (each group by how many such tests it holds), the quick
    files last; each file's items keep their order.

    ``make test`` hands whole files to its workers in this order (``--dist loadfile
    --no-loadscope-reorder``): the long files start at once and the many short ones fill the
    end, so no worker waits long for the other to finish one big file.
    """
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)

    def weight(group: list[pytest.Item]) -> tuple[int, int]:
        for rank, name in enumerate(("browser", "voila", "slow")):
            heavy = sum(1 for item in group if item.get_closest_marker(name))
            if heavy:
                return rank, -heavy
        return len(HEAVY_MARKERS), 0

    order = sorted(files.values(), key=weight)  # stable: ties keep the collection order
    return [item for group in order for item in group]


@contextmanager
def _pages_built_here_end() -> Iterator[None]:
    """What is built inside stops following the page language when it ends.

    A Voila kernel serves one page, and a language switch redraws that page's widgets. One test
    process builds hundreds of pages, and ipywidgets keeps every widget alive: without this,
    each later switch (a lesson run with ``lang=pl``, a fixture going back to English) redrew
    every page every earlier test had built, so a worker slowed down test by test.
    """
    language = sys.modules.get("kayalib.pages.language")
    kept = set(map(id, language.PAGE.followers)) if language else set()
    yield
    language = sys.modules.get("kayalib.pages.language")
    if language is None:
        return
    for follower in language.PAGE.followers:
        if id(follower) not in kept:
            language.PAGE.unfollow(follower)


@pytest.fixture(autouse=True, scope="module")
def _pages_end_with_their_module() -> Iterator[None]:
    """A module's fixtures' pages (the worksheets' thirteen lessons, say) end with the module:
    they once made every later Polish page of the same worker ten seconds slower."""
    with _pages_built_here_end():
        yield


@pytest.fixture(autouse=True)
def _pages_end_with_their_test() -> Iterator[None]:
    """A test's pages end with the test (a module fixture's live on until the module ends)."""
    with _pages_built_here_end():
        yield


@pytest.fixture(autouse=True)
def _heavy_tests_are_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    if any(request.node.get_closest_marker(name) for name in HEAVY_MARKERS):
        yield
        return
    node = request.node.nodeid
    patch = pytest.MonkeyPatch()

    def refuse(what: str) -> None:
        pytest.fail(f"{node} {what}: mark it slow, voila or browser", pytrace=False)

    try:
        import nbclient

        def no_notebook(*_args: Any, **_kwargs: Any) -> None:
            refuse("runs a notebook")

        patch.setattr(nbclient.NotebookClient, "execute", no_notebook)
        patch.setattr(nbclient.NotebookClient, "async_execute", no_notebook)
    except ImportError:  # pragma: no cover - nbclient comes with the test extra
        pass
    import kayalib.teachers.record as record

    def no_lesson(*_args: Any, **_kwargs: Any) -> None:
        refuse("runs a lesson notebook")

    patch.setattr(record, "notebook_path", no_lesson)
    real_init = subprocess.Popen.__init__

    def checked_popen(self: subprocess.Popen, args: Any, *rest: Any, **kwargs: Any) -> None:
        words = " ".join(map(str, args)) if isinstance(args, (list, tuple)) else str(args)
        if any(word in words for word in SERVER_WORDS):
            refuse(f"starts a server or a browser ({words[:80]})")
        real_init(self, args, *rest, **kwargs)

    patch.setattr(subprocess.Popen, "__init__", checked_popen)
    try:
        yield
    finally:
        patch.undo()
