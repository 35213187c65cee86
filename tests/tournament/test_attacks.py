"""Every attack of ``fair_play.ATTACK_LIST`` fails, and the tournament still ends well: exit
status 0, one JSON document on standard output, the attacker's forfeits with their reasons.

Each attack worked on the code before the sandbox (``python -m tests.tournament.fair_play --root
<older checkout>`` shows it); here each is a real ``kayalib tournament`` in a subprocess, in the
strongest sandbox this machine has and (marked slow) in each weaker kind. Where a kind lacks the
protection an attack needs, the tournament's report must not claim it.
"""

from __future__ import annotations

import shutil

import pytest

from kayalib.errors import ArgumentError
from kayalib.sandbox import confinement
from tests.tournament.fair_play import ATTACK_LIST, Attack, run

KINDS = ["auto", pytest.param("unshare", marks=pytest.mark.slow),
         pytest.param("none", marks=pytest.mark.slow)]  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("attack", ATTACK_LIST, ids=[attack.name for attack in ATTACK_LIST])
def test_the_attack_fails_and_the_tournament_ends_well(attack: Attack, kind: str) -> None:
    try:
        box = confinement(kind)
    except ArgumentError as error:
        pytest.skip(str(error))
    done = run(attack, sandbox=kind)
    try:
        assert done.code == 0, done.err
        protected = not attack.needs or any(name in box.protections for name in attack.needs)
        if attack.text:
            assert done.out.splitlines()[0].startswith("blef round robin"), done.out
            assert f"bot files ran in {box.describe()}" in done.out
        else:
            result = done.result
            assert result is not None, done.out  # one JSON document, nothing else on stdout
            assert result["sandbox"]["protections"] == list(box.protections)
            attacker = done.row(attack.files[0].removesuffix(".py"))
            rivals = len(attack.files) - 1 + len(attack.others)
            assert attacker["games"] == attack.games * rivals
            if attack.reason is not None:
                assert attacker["forfeits"][attack.reason] > 0, attacker
        if not protected:
            pytest.skip(f"the {box.kind} sandbox here lacks {' and '.join(attack.needs)} "
                        "(and the report says so)")  # fmt: skip
        assert not attack.worked(done), done.out
        assert done.lingering == 0
    finally:
        shutil.rmtree(done.folder, ignore_errors=True)
