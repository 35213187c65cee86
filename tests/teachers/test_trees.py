"""The probability trees of lessons 06 and 08's worksheets: every number on the key is the
engine's, the student's sheet has none of them (read back from the PDFs with ``pdftotext``)."""

from __future__ import annotations

import re
import subprocess
from fractions import Fraction
from itertools import product

import pytest

from kayalib.i18n import Translator, languages
from kayalib.kaya.counting import unseen_numbers, win_probability
from kayalib.lessons.l06 import BUDI_SEEN, CITRA_SEEN, OWN
from kayalib.lessons.maths.bayes_tables import KING, SMALL_BLUFF, rank_rows, small_posterior
from kayalib.pages.language import fill
from kayalib.teachers.trees import TREES, tree_html
from kayalib.teachers.worksheets import write_pdfs
from tests.teachers.test_worksheets import _pdftotext, words

LANGS = list(languages())
FRACTION = re.compile(r"\d+/\d+")
PAGE_NUMBER = re.compile(r"^\d+ ?/ ?\d+$", re.M)  # "2 / 3" at the foot of a page


def engine_numbers(number: str) -> list[Fraction]:
    """Every number the key's tree states, worked out here from the engine another way: the
    branches top to bottom (first level, then second), the paths, the answer."""
    if number == "06":
        budi, citra = unseen_numbers(BUDI_SEEN), unseen_numbers(CITRA_SEEN)
        b = Fraction(sum(n <= OWN for n in budi), len(budi))
        c = Fraction(sum(n <= OWN for n in citra), len(citra))
        pairs = list(product(budi, citra))
        both = Fraction(sum(x <= OWN and y <= OWN for x, y in pairs), len(pairs))
        assert both == win_probability(OWN, [budi, citra], exact=True)
        return [b, 1 - b, c, 1 - c, c, 1 - c, b * c, b * (1 - c), (1 - b) * c,
                (1 - b) * (1 - c), both]  # fmt: skip
    result = small_posterior(SMALL_BLUFF)
    rows = rank_rows(result)
    prior = result.prior_table()[KING]
    king = next(r for r in rows if r.rank == KING.params[0]).likelihood
    other = {r.likelihood for r in rows if r.rank != KING.params[0]}.pop()
    joint_king = sum((r.joint for r in rows if r.rank == KING.params[0]), Fraction(0))
    joint_other = sum((r.joint for r in rows if r.rank != KING.params[0]), Fraction(0))
    assert prior * king == joint_king and (1 - prior) * other == joint_other
    return [prior, 1 - prior, king, 1 - king, other, 1 - other, joint_king,
            prior * (1 - king), joint_other, (1 - prior) * (1 - other),
            result.table()[KING]]  # fmt: skip


@pytest.mark.parametrize("number", sorted(TREES))
def test_the_tree_is_the_engines(number: str) -> None:
    tree = TREES[number]()
    expected = engine_numbers(number)
    firsts = [b.p for b in tree.branches]
    seconds = [s.p for b in tree.branches for s in b.then]
    assert firsts + seconds + tree.paths() + [tree.answer] == expected
    assert tree.working() == tree.answer and sum(tree.paths()) == 1


@pytest.mark.parametrize("number", sorted(TREES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_students_tree_is_blank_and_the_keys_is_filled(number: str, lang: str) -> None:
    t, tree = Translator(lang), TREES[number]()
    sheet = tree_html(tree, t, key=False)
    key = tree_html(tree, t, key=True)
    assert not FRACTION.search(sheet), FRACTION.findall(sheet)
    for value in engine_numbers(number):
        assert fill(t, "{a}", a=value) in key
    for words_ in ("teach_tree_title", "teach_tree_how", "teach_tree_path"):
        assert t(words_) in sheet and t(words_) in key
    if lang != "en":  # every word of the tree is this language's own
        english = tree_html(tree, Translator("en"), key=True)
        assert not set(re.findall(r">([^<>]{6,})<", key)) & set(
            re.findall(r">([^<>]*[a-z]{4}[^<>]*)<", english))


@pytest.mark.slow
def test_the_pdfs_carry_the_trees_with_the_numbers_only_on_the_key(tmp_path) -> None:
    tool = _pdftotext()
    write_pdfs(tmp_path, sorted(TREES))
    for lang in LANGS:
        t = Translator(lang)
        title, end = words(t("teach_tree_title")), words(t("teach_exit_ticket"))
        for number in TREES:
            texts = {}
            for kind in ("worksheet", "key"):
                path = tmp_path / lang / f"{number}-{kind}.pdf"
                out = subprocess.run([tool, "-enc", "UTF-8", str(path), "-"],
                                     capture_output=True, text=True, check=True).stdout  # fmt: skip
                text = words(PAGE_NUMBER.sub("", out))
                assert title in text, (lang, number, kind)
                tree = text.split(title, 1)[1].split(end, 1)[0]
                texts[kind] = tree.split(words(t("l08.ws_title")), 1)[0]  # what follows: 08's
                # box for the class's bids, which states its own formula (83/82)
            assert not FRACTION.search(texts["worksheet"]), (lang, number)
            stated = {Fraction(f) for f in FRACTION.findall(texts["key"])}
            assert stated == set(engine_numbers(number)), (lang, number)
