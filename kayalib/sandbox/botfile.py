"""A student's bot file, read as text: which game it plays, without running a line of it.

The referee never imports a bot file. It parses the file (Python's :mod:`ast`) to learn its game
from a plain ``GAME = "blef"`` (or ``"kaya"``) and to check that it defines ``Bot`` or
``make_bot``; only the bot's own sandboxed process runs it (:mod:`kayalib.sandbox.runner`).
What plays is the text read here: a file changed later changes nothing.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ana.py").write_text('GAME = "blef"\\nclass Bot:\\n    pass\\n')
>>> bot = read_bot_file(folder / "ana.py")
>>> bot.game, bot.label, bot.name
('blef', 'ana', 'ana.py')
>>> _ = (folder / "budi.py").write_text('import os\\nGAME = os.environ["GAME"]\\n')
>>> read_bot_file(folder / "budi.py")
Traceback (most recent call last):
...
kayalib.errors.BotFileError: budi.py must say which game it plays: GAME = 'blef' or 'kaya'
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from kayalib.errors import BotFileError
from kayalib.registry import GAMES

__all__ = ["MAX_BOT_FILE_BYTES", "BotFile", "read_bot_file"]

MAX_BOT_FILE_BYTES = 1 << 20
"""The largest bot file (1 MiB)."""
FACTORIES = ("make_bot", "Bot")
"""What a bot file defines to make its bot: a function ``make_bot()`` or a class ``Bot``."""


@dataclass(frozen=True)
class BotFile:
    """A bot file as handed in: its ``path``, its ``source`` (bytes, what will play), its
    ``game``; ``label`` (the file's stem) names it on the leaderboard."""

    path: Path
    game: str
    source: bytes = field(repr=False)

    @property
    def label(self) -> str:
        return self.path.stem

    @property
    def name(self) -> str:
        return self.path.name


def _top_level_names(tree: ast.Module) -> dict[str, ast.AST]:
    """Each name bound by a top-level statement, with the last statement binding it."""
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    names[target.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node
    return names


def read_bot_file(path: str | Path) -> BotFile:
    """The bot file at ``path``, checked without running it; :class:`BotFileError` when it is
    no ``.py`` file, does not parse, names no game of kayalib or defines no bot."""
    path = Path(path)
    if path.suffix != ".py" or not path.is_file():
        raise BotFileError(f"no bot file {str(path)!r} (a bot is a .py file)")
    try:
        with path.open("rb") as handle:
            source = handle.read(MAX_BOT_FILE_BYTES + 1)
    except OSError as error:
        raise BotFileError(f"cannot read {path.name}: {error.strerror}") from None
    if len(source) > MAX_BOT_FILE_BYTES:
        raise BotFileError(f"{path.name} is larger than {MAX_BOT_FILE_BYTES // 1024} KiB")
    try:
        tree = ast.parse(source, filename=path.name)
    except (SyntaxError, ValueError) as error:
        raise BotFileError(f"{path.name} does not load: {type(error).__name__}: {error}") from None
    names = _top_level_names(tree)
    node = names.get("GAME")
    value = getattr(node, "value", None)
    game = value.value if isinstance(value, ast.Constant) else None
    if game not in GAMES:
        raise BotFileError(f"{path.name} must say which game it plays: GAME = 'blef' or 'kaya'")
    if not any(name in names for name in FACTORIES):
        raise BotFileError(f"{path.name} has no class Bot (or function make_bot)")
    return BotFile(path, str(game), source)
