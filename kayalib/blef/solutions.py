"""Write the shipped solutions again: ``make solutions`` (``python -m kayalib.blef.solutions``).

Every solved heads-up round of :data:`kayalib.blef.equilibrium.SHIPPED` is solved again for its
shipped number of iterations, and the set of all equilibria of the one-card round is computed
again by linear programming (minutes; needs scipy, of the test extra). The tests check that the
files read back with the figures written in them (``tests/blef/test_equilibrium*.py``).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - minutes of solving
    from kayalib.blef import equilibrium, equilibrium_set

    for cards in equilibrium.SHIPPED:
        print(f"solving the heads-up round {cards} ...", flush=True)
        equilibrium.write_shipped(cards)
    print("computing the equilibrium set of the one-card round ...", flush=True)
    equilibrium_set.write_shipped()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
