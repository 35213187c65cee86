"""Attack: SystemExit(7) while the file loads (the tournament ended with status 7)."""

raise SystemExit(7)

GAME = "blef"


class Bot:
    name = "exit7_at_import"

    def choose(self, view, rng):
        return view.legal_actions()[0]
