"""The class's own data as a lesson reads it, or the kit's sample class outside class mode.

In class mode (``make class``, or the table service on a hub) a lesson asks the class service
for what the class did (:func:`kayalib.pages.classroom.class_data`): the bids of its Blef tables
and the hompimpa shows its students entered. Anywhere else the same page reads the **sample
class** that ships with the kit (:data:`SAMPLE_FILE`): bots, not people, and every page that
shows it says so (:attr:`ClassData.sample`). It is :func:`sample_class` played once:

- ``play``: :data:`SAMPLE_TABLES` Blef tables of four bots each, one whole game a table, seated
  from a seeded shuffle of :data:`SAMPLE_BOTS`; every bid of every ended round with its exact
  chance given the bidder's cards (:mod:`kayalib.blef.bluffs`), in the class service's format
  (:mod:`kayalib.server.classdata`), each game with its bots by seat (``"bots"``, the sample's
  only extra field: a real class's data names nobody);
- ``show``: :data:`SAMPLE_STUDENTS` bots who each show palm or back in :data:`SAMPLE_ROUNDS`
  rounds of hompimpa, each show a fair coin: a bot is fair by construction, a class may not be.

``tests/lessons/test_classdata.py`` plays the sample again and finds the shipped file;
``python -m kayalib.lessons.classdata`` writes it.

>>> data = class_or_sample("show")
>>> data.sample, len(data.data["shows"]) == SAMPLE_STUDENTS * SAMPLE_ROUNDS
(True, True)
>>> sorted({show["gesture"] for show in data.data["shows"]})
['back', 'palm']
>>> play = class_or_sample("play").data
>>> play["definition"], len(play["games"]), play["games"][0]["players"]
({'bluff_below': '1/2'}, 8, 4)
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from kayalib.blef.bluffs import BLUFF_BELOW, bid_facts
from kayalib.errors import ArgumentError
from kayalib.pages.classroom import class_data
from kayalib.seeds import game_seed
from kayalib.simulate import play_game

__all__ = [
    "SAMPLE_BOTS",
    "SAMPLE_FILE",
    "ClassData",
    "class_or_sample",
    "sample_class",
    "shipped_sample",
    "write_sample",
]

SAMPLE_FILE = Path(__file__).with_name("sample_class.json")
#: the bots the sample class's tables are seated from (each name twice or more)
SAMPLE_BOTS = ("odds", "odds", "bayes", "bayes", "honest", "honest", "random", "random",
               "bluffer 10%", "bluffer 30%", "bluffer 60%", "believer")  # fmt: skip
SAMPLE_TABLES, SAMPLE_PLAYERS = 8, 4
SAMPLE_STUDENTS, SAMPLE_ROUNDS = 24, 10
SAMPLE_SEED = 2026
#: the kinds of class data a sample exists for
KINDS = ("play", "show")


@dataclass(frozen=True)
class ClassData:
    """One kind of the class's data (``data``, as :mod:`kayalib.server.classdata` describes it)
    and whether it is the kit's sample class of bots (``sample``) rather than this class's."""

    kind: str
    data: dict[str, Any]
    sample: bool


def _bluff_below() -> str:
    return f"{BLUFF_BELOW.numerator}/{BLUFF_BELOW.denominator}"


def sample_class(seed: int = SAMPLE_SEED) -> dict[str, Any]:
    """The sample class's data of every kind, played again from ``seed`` (a second or two)."""
    rng = random.Random(f"sample-class/{seed}")
    games = []
    for table in range(SAMPLE_TABLES):
        bots = rng.sample(SAMPLE_BOTS, SAMPLE_PLAYERS)
        final = play_game("blef", bots, seed=game_seed(seed, table))
        games.append({"table": f"S{table + 1}", "players": SAMPLE_PLAYERS, "bots": bots,
                      "bids": [fact.to_json() for fact in bid_facts(final.events)]})  # fmt: skip
    shows = [{"round": round_ + 1, "gesture": rng.choice(("palm", "back"))}
             for _student in range(SAMPLE_STUDENTS) for round_ in range(SAMPLE_ROUNDS)]  # fmt: skip
    return {"about": "a sample class of bots, not people", "seed": seed,
            "play": {"definition": {"bluff_below": _bluff_below()}, "games": games},
            "show": {"shows": shows}}  # fmt: skip


@cache
def _shipped() -> dict[str, Any]:
    return json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise ArgumentError(f"the class data a lesson can read are {', '.join(KINDS)}")


def shipped_sample(kind: str) -> ClassData:
    """The sample class's data of ``kind`` (in class mode too: the bots a class is compared
    with)."""
    _check_kind(kind)
    return ClassData(kind, _shipped()[kind], sample=True)


def class_or_sample(kind: str, lesson: str | None = None) -> ClassData:
    """The class's data of ``kind`` (``"play"`` or ``"show"``; shows of ``lesson`` only, if
    given) in class mode, else the sample class's; ArgumentError for another kind."""
    _check_kind(kind)
    live = class_data(kind, lesson if kind == "show" else None)
    if isinstance(live, dict):
        return ClassData(kind, live, sample=False)
    return shipped_sample(kind)


def write_sample(path: Path = SAMPLE_FILE) -> None:
    """Play the sample class again and write it to ``path``."""
    text = json.dumps(sample_class(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    path.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    write_sample(Path(sys.argv[1]) if len(sys.argv) > 1 else SAMPLE_FILE)
