"""``kayalib class``: the kit for a whole class on the classroom network (the module is not
named ``class``, a word Python keeps for itself)."""

from __future__ import annotations

import argparse

from kayalib.commands import require


def register(commands: argparse._SubParsersAction) -> None:
    from kayalib.server.cli import add_class_options

    parser = commands.add_parser(
        "class",
        help="Serve the kit to a whole class on the classroom network.",
        description="Serve the lessons and both games to a class on the local network. It "
        "prints the address students open and a QR code for their phones, the teacher's "
        "address for the answer keys, and the teacher's dashboard, where you make tables for "
        "students to play each other from their own devices. Before the class arrives it "
        "starts a kernel per student for each play app, and students cannot reach each "
        "other's games, run code or read files. Every move at a class table is stored before "
        "anyone is told, so a restart loses nothing. Ctrl+C stops the server.",
        examples=[
            ("kayalib class", "Serve a class of 30 on this computer's address on the "
             "classroom network."),
            ("kayalib class --students 25 --seed 7", "Size the server for 25 students and give "
             "everyone the same games, seeded 7."),
            ("kayalib class --open play-blef.ipynb --address 192.168.1.20", "Send the class "
             "straight to the Blef app, served on the address given."),
            ("kayalib class --store class-7b.sqlite", "Keep this class's tables and data in "
             "a file of its own."),
        ],
    )  # fmt: skip
    add_class_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from kayalib.server.cli import check, serve

    check(args)
    require("voila", "class", "kayalib class")
    require("segno", "class", "kayalib class")
    require("psutil", "class", "kayalib class")
    return serve(args)
