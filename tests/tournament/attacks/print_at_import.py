"""Attack: print while the file loads (the text landed in the --json output)."""

print("hello from a bot file")

GAME = "blef"


class Bot:
    name = "print_at_import"

    def choose(self, view, rng):
        return view.legal_actions()[0]
