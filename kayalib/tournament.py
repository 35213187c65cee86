"""A round robin of bots, with students' bot files welcome: "there can be only one".

An entrant is a built-in bot (``odds``) or a Python file a student wrote (``my_bot.py``)::

    GAME = "blef"                      # or "kaya"

    class Bot:                         # or a function make_bot() returning a bot
        name = "careful"
        def choose(self, view, rng):   # the seat's view, a random.Random for chance
            return view.legal_actions()[-1]

Every pair of entrants plays ``games`` heads-up games, seats alternating; game ``i`` of a
pairing is dealt from ``game_seed(seed, i)``, so a tournament is repeatable. The games are played
by the one turn loop (:func:`kayalib.engine.turns`).

A bot file is never imported here: the referee reads its game from its text, and the file runs
only in a sandboxed process of its own (:mod:`kayalib.sandbox`), which is sent each of its seat's
views as JSON (no seed, no other seat's cards) and answers with an action's text, checked
against the legal actions. It **forfeits** a game (and loses it) for any fault, with its reason
(:data:`FORFEITS`): it did not start (an error, an exit or a hang while its file loads), crashed,
was slower than ``move_time`` seconds, answered no action, was stopped by a limit (CPU time,
memory, processes, file size), or played an illegal action. A process that ended is started
again for its next game, and the tournament always goes on to the end. What a bot printed is
kept (``Standing.output``); how the bots ran is in ``TournamentResult.sandbox``.

>>> table = round_robin("blef", ["odds", "random"], games=4, seed=1)
>>> [(row.name, row.wins, row.games) for row in table.leaderboard()]
[('odds', 4, 4), ('random', 0, 4)]
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from kayalib.engine import turns
from kayalib.errors import (
    ArgumentError,
    BotFault,
    BotFileError,
    IllegalActionError,
    KayalibError,
    ParseError,
)
from kayalib.i18n import Translator
from kayalib.progress import ProgressCallback
from kayalib.registry import game, make_bot
from kayalib.sandbox import FAULTS as PROCESS_FAULTS
from kayalib.sandbox import BotFile, Limits, SandboxedBot, confinement, read_bot_file
from kayalib.sandbox.limits import MAX_MOVE_SECONDS, MIN_MOVE_SECONDS, check_seconds
from kayalib.seeds import check_seed, game_seed
from kayalib.stats import WinRate, difference_interval, wilson_interval
from kayalib.words.rates import bot_label, difference_sentence

__all__ = [
    "BotFileError",
    "Entrant",
    "Standing",
    "TournamentResult",
    "load_bot_file",
    "round_robin",
    "strongest",
]

OUTPUT_LINES = 10
"""How many lines of what a bot file printed the report shows."""
DEFAULT_MOVE_TIME = Limits().move_seconds
"""Seconds a bot from a file may think about one move."""
FORFEITS = (*PROCESS_FAULTS, "illegal")
"""Why a bot forfeits a game: it did not start, crashed, was too slow, answered no action, was
stopped by a limit, or played an illegal action (see :data:`kayalib.sandbox.FAULTS`)."""


def load_bot_file(path: str | Path) -> tuple[str, Callable[[], SandboxedBot]]:
    """``(game, make a fresh bot)`` for a student's bot file, read without running it (see
    :func:`kayalib.sandbox.read_bot_file`); the bot plays in a sandboxed process of its own
    (:class:`~kayalib.sandbox.SandboxedBot`: close it when done)."""
    bot = read_bot_file(path)
    return bot.game, lambda: SandboxedBot(bot)


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament: a built-in bot, or a bot file (``file``, and ``bot``, its
    text as read when it entered: what plays)."""

    label: str
    file: Path | None = None
    bot: BotFile | None = field(default=None, repr=False, compare=False)

    @classmethod
    def parse(cls, game_name: str, text: str | Path) -> Entrant:
        """A built-in bot's name, or the path of a bot file playing ``game_name``."""
        if not isinstance(text, (str, Path)):
            raise ArgumentError(f"an entrant is a bot's name or a bot file's path, not {text!r}")
        text = str(text)
        if text.endswith(".py"):
            bot = read_bot_file(text)
            if bot.game != game_name:
                raise BotFileError(f"{bot.name} plays {bot.game}, not {game_name}")
            return cls(bot.label, bot.path, bot)
        make_bot(game_name, text)  # UnknownBotError for a name that is no bot
        return cls(text.strip().lower())

    def player(self, game_name: str, limits: Limits, sandbox: str) -> Any:
        """A fresh bot for this entrant: built-in, or sandboxed (not started yet)."""
        if self.file is None:
            return make_bot(game_name, self.label)
        bot = self.bot if self.bot is not None else read_bot_file(self.file)
        return SandboxedBot(bot, limits, confinement(sandbox))


# ---- the round robin ----------------------------------------------------------------------------


@dataclass
class Standing:
    """One entrant's results: games, wins, forfeits by reason, and a 95% interval of its win
    rate (Wilson); for a bot file, the last forfeit's detail and the end of what it printed."""

    name: str
    games: int = 0
    wins: int = 0
    forfeits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FORFEITS, 0))
    last_fault: str = ""
    output: str = ""

    @property
    def result(self) -> WinRate:
        """The wins of the games played, with the share and its interval."""
        return WinRate(self.wins, self.games)

    @property
    def win_rate(self) -> float:
        return self.result.rate

    @property
    def interval(self) -> tuple[float, float]:
        return self.result.interval()

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"name": self.name, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "interval": [low, high],
                "forfeits": dict(self.forfeits), "last_fault": self.last_fault,
                "output": self.output}  # fmt: skip


@dataclass
class TournamentResult:
    """The standings and the head-to-head wins: ``versus[a][b]`` games ``a`` won against ``b``;
    ``sandbox``: how bot files ran (its kind, protections and limits), ``None`` without any."""

    game: str
    games_per_pairing: int
    seed: int
    standings: dict[str, Standing]
    versus: dict[str, dict[str, int]]
    sandbox: dict[str, Any] | None = None

    def leaderboard(self) -> list[Standing]:
        """The standings, best win rate first (then more wins, then name)."""
        return sorted(self.standings.values(), key=lambda s: (-s.win_rate, -s.wins, s.name))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentResult:
        """The result :meth:`to_json` wrote (a shipped leaderboard, read back)."""
        standings = {}
        for row in data["leaderboard"]:
            standings[row["name"]] = Standing(row["name"], row["games"], row["wins"],
                                              dict(row["forfeits"]), row["last_fault"],
                                              row["output"])  # fmt: skip
        return cls(data["game"], data["games_per_pairing"], data["seed"], standings,
                   {a: dict(row) for a, row in data["versus"].items()}, data["sandbox"])

    def report(self, strongest: str = "") -> str:
        """The report ``kayalib tournament`` prints (in English, like the rest of the command
        line): the table, ``strongest`` (which bot is strongest, if said), the forfeits, the
        sandbox and the last :data:`OUTPUT_LINES` lines each bot file printed."""
        board = self.leaderboard()
        lines = [f"{self.game} round robin, {self.games_per_pairing} games a pairing, "
                 f"seed {self.seed}"]  # fmt: skip
        width = max(len(row.name) for row in board)
        lines.append(f"{'':3} {'entrant':<{width}}  {'wins':>11}  {'win rate':>8}  "
                     f"{'95% interval':>15}  forfeits")  # fmt: skip
        for place, row in enumerate(board, 1):
            low, high = row.interval
            faults = ", ".join(f"{n} {why}" for why, n in row.forfeits.items() if n) or "-"
            lines.append(f"{place:>2}. {row.name:<{width}}  {row.wins:>4} / {row.games:<4}  "
                         f"{row.win_rate:>8.1%}  {low:>6.1%} - {high:<6.1%}  {faults}")  # fmt: skip
        if strongest:
            lines.append(textwrap.fill(strongest, 100))
        lines += [f"{row.name}: last forfeit: {row.last_fault}" for row in board if row.last_fault]
        if self.sandbox is not None:
            lines.append(f"bot files ran in {self.sandbox['description']}")
            lines.append(f"limits: {self.sandbox['limits_description']}")
        for row in board:
            if row.output:
                printed = row.output.rstrip("\n").splitlines()
                shown = printed[-OUTPUT_LINES:]
                more = f" (its last {len(shown)} lines)" if len(printed) > len(shown) else ""
                lines.append(f"{row.name} printed{more}:")
                lines += [f"  | {line}" for line in shown]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games_per_pairing": self.games_per_pairing,
            "seed": self.seed,
            "leaderboard": [s.to_json() for s in self.leaderboard()],
            "versus": self.versus,
            "sandbox": self.sandbox,
        }


def _play(spec: Any, seats: Sequence[Any], seed: int) -> tuple[int | None, int | None, str, str]:
    """One heads-up game by the one turn loop: ``(winner, forfeiting seat, why, detail)``."""
    for bot in seats:
        if isinstance(bot, SandboxedBot):
            bot.new_game()
    state = spec.state.new(spec.rules_for_players(2), seed)
    try:
        for step in turns(state, seats):
            state = step.state
    except BotFault as fault:
        seat = state.current_player
        return 1 - seat, seat, fault.reason, fault.detail
    except (ParseError, IllegalActionError) as error:  # text that names no action / not legal
        seat = state.current_player
        why = "unreadable" if isinstance(error, ParseError) else "illegal"
        return 1 - seat, seat, why, str(error)
    winners = state.outcome.winners
    return (winners[0] if len(winners) == 1 else None), None, "", ""


def round_robin(
    game_name: str,
    entrants: Sequence[str | Path | Entrant],
    games: int = 20,
    seed: int = 0,
    move_time: float = DEFAULT_MOVE_TIME,
    progress: ProgressCallback | None = None,
    *,
    limits: Limits | None = None,
    sandbox: str = "auto",
) -> TournamentResult:
    """Every pair of ``entrants`` plays ``games`` heads-up games, seats alternating.

    A shared win (equal points in Aku Paling Kaya) counts for neither. Bot files run sandboxed
    (:mod:`kayalib.sandbox`; ``sandbox`` picks the kind, ``auto`` the strongest that works here)
    within ``limits`` and ``move_time`` seconds a move, and forfeit on any fault (:data:`FORFEITS`).
    """
    spec = game(game_name)
    seed = check_seed(seed)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise KayalibError(f"games per pairing must be a whole number of at least 1, not {games!r}")
    if isinstance(entrants, (str, Path)) or not isinstance(entrants, Sequence):
        raise ArgumentError(f"entrants are a list of bots' names and files, not {entrants!r}")
    move_time = check_seconds(move_time, "the time for a move", MIN_MOVE_SECONDS,
                              MAX_MOVE_SECONDS)  # fmt: skip
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentError(f"limits must be kayalib.sandbox.Limits, not {limits!r}")
    limits = replace(limits or Limits(), move_seconds=move_time)
    field_ = [e if isinstance(e, Entrant) else Entrant.parse(spec.name, e) for e in entrants]
    labels = [e.label for e in field_]
    if len(field_) < 2:
        raise KayalibError("a tournament needs at least two entrants")
    if len(set(labels)) != len(labels):
        raise KayalibError(f"two entrants share a name: {', '.join(labels)}")
    players = {e.label: e.player(spec.name, limits, sandbox) for e in field_}
    files = [bot for bot in players.values() if isinstance(bot, SandboxedBot)]
    standings = {label: Standing(label) for label in labels}
    versus = {a: {b: 0 for b in labels if b != a} for a in labels}
    pairings = list(combinations(labels, 2))
    total, done = len(pairings) * games, 0
    try:
        # every bot file loads at once and is paused as soon as it is ready, each against its
        # own start-up time (a broken or hanging one forfeits, and costs nobody else anything)
        SandboxedBot.ready_all(files)
        for a, b in pairings:
            for index in range(games):
                order = (a, b) if index % 2 == 0 else (b, a)
                winner, faulty, why, detail = _play(
                    spec, [players[name] for name in order], game_seed(seed, index)
                )
                for name in order:
                    standings[name].games += 1
                if faulty is not None:
                    standing = standings[order[faulty]]
                    standing.forfeits[why] += 1
                    standing.last_fault = detail
                if winner is not None:
                    standings[order[winner]].wins += 1
                    versus[order[winner]][order[1 - winner]] += 1
                done += 1
                if progress is not None:
                    progress(done, total)
    finally:
        for bot in files:
            bot.close()
    for label, bot in players.items():
        if isinstance(bot, SandboxedBot):
            standings[label].output = bot.output
    box = None
    if files:
        where = files[0].box
        box = {**where.to_json(), "description": where.describe(), "limits": limits.to_json(),
               "limits_description": limits.describe()}  # fmt: skip
    return TournamentResult(spec.name, games, seed, standings, versus, box)


def strongest(t: Translator, result: TournamentResult) -> str:
    """Which bot is strongest, as far as ``result`` can say, from two comparisons of the top two
    entrants of the leaderboard: head to head (the leader's share of the games one of them won,
    with its Wilson interval, against half) and by the interval for the *difference* of their
    win rates against the same opponents, every other entrant (separate games, so
    :func:`~kayalib.stats.difference_interval`, as in lesson 07). One of the two is the stronger
    when it did better in one comparison and no worse in the other (each way of being better is
    a one-sided 2.5% test, so the claim is wrong at most 5% of the time); their own intervals
    overlapping or not decides nothing.

    >>> result = round_robin("blef", ["odds", "honest", "random"], games=20, seed=1)
    >>> print(strongest(Translator("en"), result))  # doctest: +NORMALIZE_WHITESPACE
    Which bot is strongest? ... odds won 20 of their 20 games, honest 0: ... wholly above half.
    Against the same opponents (random; 20 games each): odds won 100.0%, honest 100.0%: ... The
    interval holds 0: ... So in these games odds is the strongest bot: it did better than honest,
    the next in the table, in one comparison and no worse in the other.
    """
    board = result.leaderboard()
    if len(board) < 3:
        raise KayalibError("saying which bot is strongest needs at least three entrants")
    first, second = board[0].name, board[1].name
    others = [row.name for row in board[2:]]
    n = result.games_per_pairing
    won, lost = result.versus[first][second], result.versus[second][first]
    low, high = wilson_interval(won, won + lost)  # its share of the games one of them won
    head = "more" if low > 0.5 else "less" if high < 0.5 else "unclear"
    played = n * len(others)
    won_o = [sum(result.versus[name][o] for o in others) for name in (first, second)]
    low_o, high_o = difference_interval(won_o[0], played, won_o[1], played)
    field = "more" if low_o > 0 else "less" if high_o < 0 else "unclear"
    key = ("mixed" if {head, field} == {"more", "less"} else
           "first" if head == "more" or (head == "unclear" and field == "more") else
           "second" if "less" in (head, field) else "unclear")  # fmt: skip
    names = {"first": bot_label(t, first), "second": bot_label(t, second)}
    said = [t("botlab.strongest_intro", **names),
            t.count(f"botlab.head_to_head_{head}", n, won=t.number(won, 0),
                    lost=t.number(lost, 0), games=t.number(n, 0),
                    share=t.percent(won / (won + lost) if won + lost else 0.5),
                    low=t.percent(low), high=t.percent(high), **names),
            t.count("botlab.same_opponents", played, games=t.number(played, 0),
                    opponents=", ".join(bot_label(t, o) for o in others)),
            difference_sentence(t, first, won_o[0], played, second, won_o[1], played),
            t(f"botlab.strongest_{key}", **names)]  # fmt: skip
    return " ".join(said)
