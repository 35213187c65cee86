"""``kayalib tournament GAME ENTRANT...``: a round robin of built-in bots and bot files."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from kayalib.commands import OutputError, UsageError, whole_number
from kayalib.registry import GAMES
from kayalib.seeds import MAX_SEED

if TYPE_CHECKING:
    from kayalib.tournament import TournamentResult



def register(commands: argparse._SubParsersAction) -> None:
    from kayalib.sandbox import Limits
    from kayalib.sandbox.confine import KINDS
    from kayalib.tournament import DEFAULT_MOVE_TIME

    parser = commands.add_parser(
        "tournament",
        help="Play a round robin of bots: built-in bots and students' bot files.",
        description="Every pair of entrants plays --games heads-up games, seats alternating. "
        "A bot file runs in a sandboxed process of its own (the referee never imports it) and "
        "forfeits a game when it does not start, crashes, plays an illegal move, answers no move, "
        "is stopped by a limit or thinks longer than --move-time.",
        examples=[("kayalib tournament blef my_bot.py odds random --games 50", "Play a bot "
                   "file against two built-in bots, 50 games a pairing."),
                  ("kayalib tournament kaya a.py b.py counter --chart board.png", "Three "
                   "entrants, and the leaderboard saved as a chart.")],
    )  # fmt: skip
    parser.add_argument("game", choices=sorted(GAMES), help="Which game they play.")
    parser.add_argument("entrants", nargs="+", metavar="ENTRANT",
                        help="A built-in bot, such as odds, or a bot file, such as "
                        "my_bot.py.")  # fmt: skip
    parser.add_argument("--games", type=whole_number(1, 100_000), default=20,
                        help="How many games each pairing plays (default: 20).")  # fmt: skip
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0,
                        help="The seed of the whole tournament (default: 0).")  # fmt: skip
    parser.add_argument("--move-time", type=float, default=DEFAULT_MOVE_TIME,
                        help=f"The seconds a bot file may think per move (default: "
                        f"{DEFAULT_MOVE_TIME:g}).")  # fmt: skip
    parser.add_argument("--startup-time", type=float, default=Limits().startup_seconds,
                        help="The seconds a bot file may take to load (default: "
                        f"{Limits().startup_seconds:g}).")  # fmt: skip
    parser.add_argument("--sandbox", choices=("auto", *KINDS), default="auto",
                        help="How bot files run: in the strongest sandbox that works here "
                        "(auto), or in the one named.")  # fmt: skip
    parser.add_argument("--chart", metavar="FILE.png", default=None,
                        help="Save the leaderboard as a bar chart with 95%% intervals.")
    parser.add_argument("--json", action="store_true", help="Print the result as JSON.")
    parser.set_defaults(run=run_tournament)


def run_tournament(args: argparse.Namespace) -> int:
    from kayalib.progress import terminal_progress
    from kayalib.sandbox import Limits
    from kayalib.sandbox.limits import MAX_MOVE_SECONDS, MIN_MOVE_SECONDS
    from kayalib.tournament import round_robin

    if not MIN_MOVE_SECONDS <= args.move_time <= MAX_MOVE_SECONDS:
        raise UsageError(f"--move-time must be from {MIN_MOVE_SECONDS:g} to "
                         f"{MAX_MOVE_SECONDS:g} seconds, not {args.move_time:g}")  # fmt: skip
    if not 0.1 <= args.startup_time <= 600:
        raise UsageError(f"--startup-time must be from 0.1 to 600 seconds, not "
                         f"{args.startup_time:g}")  # fmt: skip
    entrants = args.entrants
    pairings = len(entrants) * (len(entrants) - 1) // 2
    limits = Limits(startup_seconds=args.startup_time)
    update, close = terminal_progress(pairings * args.games, "tournament")
    try:
        result = round_robin(args.game, entrants, args.games, args.seed, args.move_time, update,
                             limits=limits, sandbox=args.sandbox)  # fmt: skip
    finally:
        close()
    if args.chart:
        write_chart(result, Path(args.chart))
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print(leaderboard_text(result))
    return 0


def leaderboard_text(result: TournamentResult) -> str:
    """The report ``kayalib tournament`` prints (:meth:`TournamentResult.report`), with which
    bot is strongest when three entrants or more played."""
    many = len(result.standings) >= 3
    return result.report(strongest_sentence(result) if many else "")


def strongest_sentence(result: TournamentResult) -> str:
    """Which bot is strongest, as far as ``result`` can say (the write-a-bot lab's sentence, in
    English like the rest of this report)."""
    from kayalib.i18n import Translator
    from kayalib.tournament import strongest

    return strongest(Translator("en"), result)


def write_chart(result: TournamentResult, path: Path) -> None:
    """The leaderboard as a PNG bar chart: win rates with their 95% intervals."""
    from kayalib.draw.charts import bar_chart_png

    board = result.leaderboard()
    png = bar_chart_png(
        [row.name for row in board],
        [row.win_rate for row in board],
        errors=[row.interval for row in board],
        title=f"{result.game} round robin: win rate with 95% interval",
        xlabel="entrant",
        ylabel="share of games won",
        reference=0.5,
        reference_label="an even match",
        ylim=(0.0, 1.0),
    )
    try:
        path.write_bytes(png)
    except OSError as error:
        raise OutputError(f"cannot write the chart {path}: {error.strerror}") from None
