"""The sample class that lessons show outside class mode: bots, played again from its seed,
exactly as shipped."""

from __future__ import annotations

import json

import pytest

from kayalib.blef.bluffs import BLUFF_BELOW
from kayalib.errors import ArgumentError
from kayalib.lessons.classdata import (
    SAMPLE_BOTS,
    SAMPLE_FILE,
    class_or_sample,
    sample_class,
)


def test_the_shipped_sample_is_what_its_bots_play_again() -> None:
    assert json.loads(SAMPLE_FILE.read_text(encoding="utf-8")) == sample_class()


def test_the_sample_says_it_is_bots_and_counts_bluffs_by_the_lessons_definition() -> None:
    data = class_or_sample("play")
    assert data.sample and "bots" in json.loads(SAMPLE_FILE.read_text())["about"]
    for game in data.data["games"]:
        assert set(game["bots"]) <= set(SAMPLE_BOTS) and len(game["bots"]) == game["players"]
        for bid in game["bids"]:
            num, den = map(int, bid["chance"].split("/"))
            assert bid["bluff"] == (num / den < BLUFF_BELOW)
    assert sum(len(game["bids"]) for game in data.data["games"]) > 200


def test_a_kind_without_a_sample_is_refused() -> None:
    with pytest.raises(ArgumentError, match="play, show"):
        class_or_sample("prediction")
