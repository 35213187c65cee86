"""Attack: KeyboardInterrupt while the file loads (the tournament ended with status 130)."""

raise KeyboardInterrupt

GAME = "blef"


class Bot:
    name = "interrupt_at_import"

    def choose(self, view, rng):
        return view.legal_actions()[0]
