"""The write-a-bot lab: a page for ``notebooks/write-a-bot.ipynb`` (meant for JupyterLab).

A student writes a bot file (``GAME = "blef"`` or ``"kaya"`` and a class ``Bot`` with
``choose(view, rng)``, see :mod:`kayalib.tournament`), saves it with ``%%writefile`` into
:func:`bot_folder`, tries it against the built-in bots in a :class:`Leaderboard` (a round robin
with a progress bar, win rates with 95% intervals as a table and a chart, and the forfeits of a
crashing, illegal or slow bot), and then runs ``kayalib tournament`` with the whole class.
Which bot is strongest is said by a sentence computed from the games
(:func:`kayalib.tournament.strongest`): the
top two entrants compared head to head and by the interval for the *difference* of their win
rates against the same opponents (lesson 07's rule), never by whether their own intervals
overlap.

The page writes files, so it runs only where its reader runs it on purpose: in a Voila kernel
(where a page runs as soon as anyone asks for it) :class:`BotLab` says the page is for
JupyterLab and stops it, before anything is written. :meth:`BotLab.bot_file` never names a
file that exists already: a bot saved earlier (a teacher's, a classmate's) is kept, and the
template goes to a new file. A round robin is at most :data:`MAX_GAMES` games per pairing and
:data:`MAX_SECONDS` seconds; it plays :data:`DEFAULT_GAMES` unless told.

Every word comes from the catalogue (``kayalib/i18n/<lang>/teachers/botlab.json``).
"""

from __future__ import annotations

import os
import time
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from kayalib.errors import KayalibError
from kayalib.i18n import Translator
from kayalib.lessons.kit.page import Lesson
from kayalib.lessons.kit.plots import Chart
from kayalib.lessons.kit.tournament import draw_win_rates, win_rate_table
from kayalib.package_data import notebooks_folder
from kayalib.pages.language import set_language
from kayalib.pages.options import PageOptions
from kayalib.pages.runbox import Progress, RunBox
from kayalib.registry import bot_names
from kayalib.tournament import TournamentResult, round_robin, strongest
from kayalib.words.rates import bot_label

__all__ = [
    "BOT_FOLDER_VARIABLE",
    "BotLab",
    "LabOnlyError",
    "Leaderboard",
    "BOARD_GAMES",
    "bot_folder",
    "default_games",
    "shipped_board",
    "template_fingerprint",
    "template_source",
    "tournament_command",
    "write_board",
]

BOT_FOLDER_VARIABLE = "KAYALIB_BOT_DIR"
"""An environment variable naming the folder for bot files (tests point it at a temporary
folder, so running the notebook leaves nothing in the checkout)."""

#: the most games per pairing a leaderboard plays, and the most seconds one run may take.
MAX_GAMES = 1000
MAX_SECONDS = 60.0

#: games per pairing unless told: what fits well within :data:`MAX_SECONDS` with the notebook's
#: template bot on the two shared cores of the school machine (load 3.6: Blef's six entrants,
#: 15 pairings, took 27 s for 40 games a pairing; Aku Paling Kaya's three took 0.3 s).
DEFAULT_GAMES = {"blef": 30, "kaya": 500}


class LabOnlyError(KayalibError):
    """The write-a-bot page was run by Voila (it is for JupyterLab only)."""


class RoundRobinTooLongError(KayalibError):
    """A leaderboard's round robin took longer than :data:`MAX_SECONDS`."""


def bot_folder() -> Path:
    """Where the lab saves bot files: ``$KAYALIB_BOT_DIR``, else ``my-bots/`` here."""
    folder = Path(os.environ.get(BOT_FOLDER_VARIABLE) or "my-bots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def tournament_command(game: str, files: list[str | Path], games: int = 20, seed: int = 1) -> str:
    """The ``kayalib tournament`` command line for ``files`` against every built-in bot.

    >>> tournament_command("kaya", ["my-bots/a.py"], games=4)
    'kayalib tournament kaya my-bots/a.py random counter --games 4 --seed 1'
    """
    entrants = [str(f) for f in files] + list(bot_names(game))
    return f"kayalib tournament {game} {' '.join(entrants)} --games {games} --seed {seed}"


def default_games(path: str | Path) -> int:
    """The games per pairing a leaderboard for the bot file at ``path`` plays unless told
    (:data:`DEFAULT_GAMES` of its game; the smallest when the file says no game).

    >>> default_games("no/such/bot.py") == min(DEFAULT_GAMES.values())
    True
    """
    from kayalib.tournament import load_bot_file

    try:
        game, _ = load_bot_file(path)
    except (KayalibError, OSError):  # the leaderboard says why when it runs
        return min(DEFAULT_GAMES.values())
    return DEFAULT_GAMES.get(game, min(DEFAULT_GAMES.values()))


BOARD_FILE = Path(__file__).with_name("botlab_board.json")
"""The shipped class-tournament leaderboard: the notebook's Blef template bot against every
built-in bot, :data:`BOARD_GAMES` a pairing (``python -m kayalib.teachers board`` writes it)."""
BOARD_GAMES = 250
NOTEBOOK = notebooks_folder() / "write-a-bot.ipynb"


def template_source(game: str, notebook: Path = NOTEBOOK) -> str:
    """The bot file the notebook's ``%%writefile`` cell for ``game`` saves."""
    import json

    for cell in json.loads(notebook.read_text("utf-8"))["cells"]:
        source = "".join(cell["source"])
        if source.startswith("%%writefile") and f'GAME = "{game}"' in source:
            return source.split("\n", 1)[1]
    raise KayalibError(f"{notebook.name} has no template bot for {game}")


def template_fingerprint(source: str) -> str:
    """A short fingerprint of a template's source (which template a shipped board played)."""
    import hashlib

    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]


def write_board(folder: Path, games: int = BOARD_GAMES, seed: int = 1,
                path: Path = BOARD_FILE) -> TournamentResult:  # fmt: skip
    """Play the shipped leaderboard again (the template saved in ``folder`` as the notebook
    names it) and write it to ``path``: minutes, for ``make`` and not for a lesson."""
    import json

    source = template_source("blef")
    bot = folder / "my_blef_bot.py"
    bot.write_text(source, "utf-8")
    result = round_robin("blef", [bot, *bot_names("blef")], games, seed)
    data = {"template": template_fingerprint(source),
            "result": {**result.to_json(), "sandbox": None}}  # (where it ran is not the data)
    path.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    return result


def shipped_board(path: Path = BOARD_FILE) -> tuple[TournamentResult, str]:
    """The shipped leaderboard and the fingerprint of the template bot it was played with."""
    import json

    data = json.loads(path.read_text("utf-8"))
    return TournamentResult.from_json(data["result"]), data["template"]


class BotLab(Lesson):
    """The lab's page: header with the language switch, prose from ``botlab.<name>``."""

    def __init__(self, *, query: str | None = None) -> None:
        from kayalib.pages.kernel import in_voila_kernel

        self.number = "botlab"
        self.position = 0  # no back / next: the lab is reached from the teacher's notes
        self.options = (PageOptions.from_environment() if query is None
                        else PageOptions.parse(query))  # fmt: skip
        set_language(self.options.lang)
        if in_voila_kernel():
            self._refuse_voila()
        self.start_parts()
        self._files: dict[str, str] = {}

    def _refuse_voila(self) -> None:
        """Say that the page is for JupyterLab, and stop it (Voila runs no further cell)."""
        from IPython.display import HTML, display

        words = Translator(self.options.lang)("botlab.lab_only")
        display(HTML(f'<p class="kayalib-lab-only">{escape(words)}</p>'))
        raise LabOnlyError(words)

    def key(self, name: str) -> str:
        return f"botlab.{name}"

    @staticmethod
    def title(number: str, t: Translator) -> str:
        return t("botlab.title") if number == "botlab" else Lesson.title(number, t)

    def bot_file(self, name: str) -> str:
        """A new file in :func:`bot_folder` to save a bot at (for ``%%writefile {path}``).

        It is ``name`` unless a file of that name exists already (it is never overwritten);
        then ``<stem>_2.py``, ``<stem>_3.py``, ... The file is created empty at once, so
        nobody else takes it; the same ``name`` gives the same file for the rest of the page.
        """
        if Path(name).name != name or not name.endswith(".py") or name.startswith("."):
            raise KayalibError(f"a bot file is a plain file name ending in .py, not {name!r}")
        if name not in self._files:
            self._files[name] = str(_new_file(bot_folder(), Path(name)))
        return self._files[name]

    def leaderboard(self, path: str | Path, *, games: int | None = None) -> Leaderboard:
        """A :class:`Leaderboard` for the bot file at ``path`` against the built-in bots
        (:func:`default_games` a pairing unless told)."""
        board = Leaderboard(path, games=games, seed=self.seed(1))
        self.parts.append(board)
        return board

    def shipped_board(self) -> widgets.Widget:
        """The class tournament's report for the template bot (shipped with the kit,
        :data:`BOARD_GAMES` a pairing) as the command prints it, and then which bot is
        strongest, in the page's words (the command says that in English)."""
        result, _ = shipped_board()
        text = escape(result.report())  # the page says which bot is strongest in its words
        part = self.html(lambda t: f"<pre>{text}</pre><p>{escape(strongest(t, result))}</p>")
        part.add_class("kayalib-shipped-board")
        return part

    def command(self, path: str | Path, *, games: int = 20) -> widgets.Widget:
        """The ``kayalib tournament`` command for this bot, shown as code to copy."""
        from kayalib.tournament import load_bot_file

        game, _ = load_bot_file(path)
        return self.code(tournament_command(game, [path], games, self.seed(1)))


class Leaderboard(RunBox):
    """Run a round robin of one bot file against every built-in bot of its game; show the
    progress, then which bot is strongest (:func:`strongest`), each entrant's win rate with its
    95% interval (table and chart) and the forfeits of a bot that crashed, played an illegal
    move or thought too long. It plays :func:`default_games` a pairing unless told."""

    count_label = staticmethod(lambda t: t("botlab.games_per_pairing"))
    run_label = staticmethod(lambda t: t("botlab.run"))
    run_class = "kayalib-run"
    css_class = "kayalib-leaderboard"

    def __init__(self, path: str | Path, *, games: int | None = None, seed: int = 1,
                 lang: str | None = None, **kwargs: Any) -> None:  # fmt: skip
        self.path = Path(path)
        wide = {"description_width": "initial"}  # labels in full, in every language
        self.seed_box = widgets.IntText(value=seed, style=wide, layout={"width": "12em"})
        self.title = widgets.HTML()
        self.verdict = widgets.HTML()
        self.table = widgets.HTML()
        self.faults = widgets.HTML()
        self.chart = Chart()
        games = default_games(path) if games is None else games
        super().__init__(min(games, MAX_GAMES), low=1, high=MAX_GAMES, head=[self.title],
                         after=[self.seed_box],
                         below=[self.verdict, self.table, self.faults, self.chart],
                         lang=lang,
                         **kwargs)  # fmt: skip
        self.relabel()

    def relabel_controls(self) -> None:
        t = self.t
        self.title.value = f"<h4>{escape(t('botlab.board_title', bot=self.path.stem))}</h4>"
        self.seed_box.description = t("lesson_seed")

    def work(self, count: int, progress: Progress) -> TournamentResult:
        """Play the round robin (the bot file isolated, as in ``kayalib tournament``)."""
        from kayalib.tournament import load_bot_file

        game, _ = load_bot_file(self.path)  # a bot that does not load says why, here
        entrants = [self.path, *bot_names(game)]
        deadline = time.monotonic() + MAX_SECONDS

        def timed(done: int, total: int) -> None:
            progress(done, total)
            if done < total and time.monotonic() > deadline:
                t = self.t
                raise RoundRobinTooLongError(t("botlab.too_long",
                                               seconds=t.number(MAX_SECONDS, 0),
                                               done=t.number(done, 0), total=t.number(total, 0)))

        games = max(1, min(count, MAX_GAMES))
        return round_robin(game, entrants, games, int(self.seed_box.value), progress=timed)

    def show(self) -> None:
        t, result = self.t, self.results
        if result is None:
            self.verdict.value = self.table.value = self.faults.value = ""
            self.chart.draw(b"", "")
            return
        board = result.leaderboard()
        self.verdict.value = f"<p>{escape(strongest(t, result))}</p>"
        labels = [row.name if row.name == self.path.stem else bot_label(t, row.name)
                  for row in board]  # fmt: skip
        rates = [row.result for row in board]
        games = t.number(result.games_per_pairing, 0)
        said = t.count("botlab.games_seed", result.games_per_pairing, games=games, seed=result.seed)
        self.table.value = (win_rate_table(t, labels, rates, t("botlab.entrant"))
                            + f"<small>{escape(said)}</small>")  # fmt: skip
        lines = []
        for row in board:
            faults = {why: n for why, n in row.forfeits.items() if n}
            if faults:
                told = ", ".join(t(f"botlab.forfeit_{why}", n=n) for why, n in faults.items())
                lines.append(f"<li><b>{escape(row.name)}</b>: {escape(told)}<br><code>"
                             f"{escape(row.last_fault)}</code></li>")  # fmt: skip
        self.faults.value = (f"<p>{escape(t('botlab.forfeits'))}</p><ul>{''.join(lines)}</ul>"
                             if lines else f"<p>{escape(t('botlab.no_forfeits'))}</p>")  # fmt: skip
        draw_win_rates(self.chart, t, labels, rates, reference=0.5,
                       reference_label=t("botlab.even_match"),
                       title=t("botlab.chart_title", game=t(f"botlab.game_{result.game}")),
                       xlabel=t("botlab.entrant"), first_column=t("botlab.entrant"))  # fmt: skip


def _new_file(folder: Path, name: Path) -> Path:
    """Create an empty file ``name`` in ``folder``, or ``<stem>_2`` ... when it exists."""
    for k in range(1, 1000):
        path = folder / (name.name if k == 1 else f"{name.stem}_{k}{name.suffix}")
        try:
            path.open("x").close()
        except FileExistsError:
            continue
        return path
    raise KayalibError(f"{folder} has {name.stem}_2 to {name.stem}_999 already")
