"""Attack: sys.exit(0) while the file loads (it ended the whole tournament silently, with
status 0, when the referee imported bot files)."""

import sys

sys.exit(0)

GAME = "blef"


class Bot:
    name = "exit_at_import"

    def choose(self, view, rng):
        return view.legal_actions()[0]
