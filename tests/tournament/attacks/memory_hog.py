"""Attack: take 2 GiB of memory at the first move (address space only: the pages are never
touched, so a machine without limits does not suffer), then play on."""

GAME = "blef"


class Bot:
    name = "hog"
    hoard = []

    def choose(self, view, rng):
        if not Bot.hoard:
            Bot.hoard.append(bytearray(2 << 30))
        legal = view.legal_actions()
        return legal[-1] if view.last_bid is not None else legal[0]
