"""Attack: rewrite every other bot file it can find (named in sys.argv, or beside its own file)
into one that crashes at once. (It leaves absolute paths alone: on code that passes the referee's
argv on, sys.argv[0] is kayalib's own __main__.py, and this is a test, not vandalism.)"""

import os
import sys

GAME = "blef"

CRASHER = (
    'GAME = "blef"\n\n\nclass Bot:\n'
    '    def choose(self, view, rng):\n        raise SystemError("rewritten")\n'
)


def rivals():
    mine = os.path.abspath(__file__)
    here = os.path.dirname(mine)
    found = [word for word in sys.argv if word.endswith(".py") and not os.path.isabs(word)]
    found += [os.path.join(here, name) for name in os.listdir(here) if name.endswith(".py")]
    return [path for path in found if os.path.abspath(path) != mine]


class Bot:
    name = "rewriter"

    def choose(self, view, rng):
        for path in rivals():
            try:
                with open(path, "w") as handle:
                    handle.write(CRASHER)
            except OSError:
                pass
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
