"""The ``kayalib`` command line, one module per command (``app``, ``classroom`` for ``class``,
``lab``, ``worksheets``, ``blef``, ``kaya``, ``tournament``), and here what they share: option
types, limits, messages, the extras a command needs (:func:`require`), and the ``simulate``
runner both games use (``--bots``, ``--games``, ``--seed``, ``--log``, ``--json``). The engines
never import it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from kayalib.errors import InstallError, OutputError, UsageError
from kayalib.seeds import MAX_SEED

if TYPE_CHECKING:
    from kayalib.registry import Rules

__all__ = [
    "OutputError",
    "UsageError",
    "add_run_options",
    "names",
    "require",
    "run_simulation",
    "seat_bots",
    "whole_number",
]


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (argparse names the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value

    return parse


def require(module: str, extra: str, command: str) -> None:
    """Refuse to run ``command`` in one line when ``module`` is not installed: it comes with
    ``kayalib[extra]``.

    >>> require("json", "app", "kayalib app")
    >>> require("no_such_module", "print", "kayalib worksheets")
    Traceback (most recent call last):
    ...
    kayalib.errors.InstallError: kayalib worksheets needs no_such_module, which comes with ...
    """
    from importlib.util import find_spec

    if find_spec(module) is None:
        raise InstallError(f"{command} needs {module}, which comes with kayalib[{extra}]: "
                           f'pip install "kayalib[{extra}]"')


def names(text: str) -> list[str]:
    """An argparse type: comma-separated names (lower case)."""
    parts = [part.strip().lower() for part in text.split(",")]
    if not all(parts):
        raise argparse.ArgumentTypeError(f"expected comma-separated names, not {text!r}")
    return parts


def add_run_options(parser: argparse.ArgumentParser, default_bot: str) -> None:
    """The options every ``simulate`` command shares."""
    from kayalib.simulate import MAX_GAMES

    parser.add_argument("--bots", type=names, default=[default_bot], metavar="NAMES",
                        help="The bot at each seat, separated by commas, or one name for "
                        f"every seat (default: {default_bot}).")  # fmt: skip
    parser.add_argument("--games", type=whole_number(1, MAX_GAMES), default=1000, metavar="N",
                        help="How many games to play (default: 1000).")  # fmt: skip
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=0, metavar="N",
                        help="The seed of the whole run; game 0 uses it as it is, as an app "
                        "opened with ?seed= does (default: 0).")  # fmt: skip
    parser.add_argument("--log", metavar="FILE", default=None,
                        help="Write every game's full log as JSON Lines, to FILE (or to the "
                        "output, for -).")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="Print the result as JSON.")


def seat_bots(bots: list[str], players: int) -> list[str]:
    """One bot name per seat: a single name plays every seat."""
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise UsageError(
            f"--bots names {len(bots)} bots for {players} players "
            "(give one name per seat, or one name for all)"
        )
    return bots


def run_simulation(
    args: argparse.Namespace, game: str, rules: Rules, bots: list[str], rules_text: str
) -> int:
    """Play the games ``args`` ask for; print the result (a table or JSON); write the log.

    ``rules_text`` says in a few words what was played (``3 players, classic mode``)."""
    from kayalib.progress import terminal_progress
    from kayalib.registry import make_bot
    from kayalib.simulate import simulate

    players = [make_bot(game, name) for name in bots]  # UnknownBotError before any game
    out = sys.stdout
    log: TextIO | None = None
    if args.log == "-":
        log, out = sys.stdout, sys.stderr  # stdout carries the log
    elif args.log is not None:
        try:
            log = open(args.log, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        except OSError as error:
            raise OutputError(f"cannot write the log {args.log}: {error.strerror}") from None
    update, close = terminal_progress(args.games, game)
    try:
        result = simulate(game, players, args.games, args.seed, rules, progress=update, log=log)
        if log is not None:
            log.flush()
    except OSError as error:
        raise OutputError(f"cannot write the log {args.log}: {error.strerror}") from None
    finally:
        close()
        if log is not None and log is not sys.stdout:
            try:
                log.close()
            except OSError:
                pass  # already reported above
    if args.json:
        print(json.dumps(result.to_json()), file=out)
        return 0
    print(f"{result.games} games, {rules_text}, seed {result.seed}", file=out)
    width = max(len(name) for name in result.bots)
    for seat, (name, wins) in enumerate(zip(result.bots, result.wins, strict=True)):
        share = wins / result.games
        line = f"player {seat + 1:2d}  {name:<{width}}  {wins:7d} wins  ({share:6.1%})"
        if result.mean_scores is not None:
            line += f"  mean score {result.mean_scores[seat]:6.2f}"
        print(line, file=out)
    print(f"{result.length_name} per game: {result.mean_length:.2f}", file=out)
    print(f"{result.games_per_second:,.1f} games per second ({result.seconds:.2f} s)", file=out)
    return 0
