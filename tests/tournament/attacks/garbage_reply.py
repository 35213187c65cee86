"""A broken bot: it answers with something that is no action at all."""

GAME = "blef"


class Bot:
    name = "garbage"

    def choose(self, view, rng):
        return 42
