"""``kayalib app``: the lessons and both games in the browser, on this computer only."""

from __future__ import annotations

import argparse

from kayalib.commands import require


def register(commands: argparse._SubParsersAction) -> None:
    from kayalib.server.cli import add_app_options

    parser = commands.add_parser(
        "app",
        help="Serve the lessons and both games in the browser, on this computer only.",
        description="Serve the lessons, the what-if table and both games (Blef and Aku Paling "
        "Kaya, against bots or hot-seat) with Voila, on this computer only, and print the "
        "address of their index. Pages show no code and no tracebacks, as in class. It runs "
        "from any folder: the notebooks come with the package. Ctrl+C stops the server.",
        examples=[
            ("kayalib app", "Serve on port 8866: open "
             "http://127.0.0.1:8866/voila/render/index.ipynb in a browser."),
            ("kayalib app --port 8870", "Serve on port 8870, when 8866 is taken."),
        ],
    )  # fmt: skip
    add_app_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from kayalib.server.cli import check, serve

    check(args)
    require("voila", "app", "kayalib app")
    return serve(args)
