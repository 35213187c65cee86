"""`kayalib blef ...` subcommands."""

from __future__ import annotations

import argparse


def register(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("blef", help="blef commands")
    commands = parser.add_subparsers(dest="command", required=True)
    del commands
