"""Attack: find the tournament's seed in sys.argv or the environment, find which game this is
by rebuilding its deal, and play knowing all the cards."""

import os
import re
import sys

from kayalib.blef.bids import holds
from kayalib.blef.game import BlefRules, BlefState
from kayalib.seeds import game_seed

GAME = "blef"


def seeds_on_offer():
    words = list(sys.argv) + [f"{k}={v}" for k, v in os.environ.items()]
    found = []
    for i, word in enumerate(words):
        if word == "--seed" and i + 1 < len(words):
            found.append(words[i + 1])
        found += re.findall(r"seed[=:](\d+)", word, flags=re.I)
    return [int(text) for text in found if text.isdigit()]


def replay(seed, view):
    state = BlefState.new(BlefRules(players=len(view.counts)), seed)
    for event in view.events:
        if event.kind == "bid":
            state = state.apply(event.bid)
        elif event.kind == "check":
            state = state.apply("check")
    return state


class Bot:
    name = "argv-seed"

    def choose(self, view, rng):
        legal = view.legal_actions()
        for seed in seeds_on_offer():
            for index in range(100):
                try:
                    state = replay(game_seed(seed, index), view)
                except Exception:
                    continue
                if tuple(state.hands[view.seat]) == tuple(view.hand):
                    pool = [card for hand in state.hands for card in hand]
                    if view.last_bid is not None and not holds(view.last_bid, pool):
                        return "check"
                    true = [a for a in legal if str(a) != "check" and holds(a, pool)]
                    return true[-1] if true else legal[-1]
        return legal[-1] if view.last_bid is not None else legal[0]
