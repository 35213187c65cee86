"""Heads-up Blef with one card each as an OpenSpiel game, to check kayalib's solver against.

Written from the rules (``docs/RULES.md``), not from :mod:`kayalib.blef.equilibrium`: a chance
node deals the first bidder's rank (each rank 4 cards of 24), a second deals the other's (4 of
the 23 left, 3 when it is the same rank); then the players bid one of the 12 bids two cards
can make true, each higher than the last, or check; the check's loser gets -1, the winner +1.
Truth comes from the engine's own rule (:func:`kayalib.blef.bids.holds` on real cards).

The rules are written once, as functions of the history (the actions so far), and used twice:

- :class:`BlefHeadsUpState` wraps them as an OpenSpiel Python game, registered as
  ``python_blef_heads_up`` (``pyspiel.load_game``);
- :func:`efg_text` writes the same game tree in Gambit's .efg format, which
  ``pyspiel.load_efg_game`` turns into a game OpenSpiel's C++ algorithms walk quickly. A Python
  game walks at tens of microseconds a state and this tree has 294,913 histories, so OpenSpiel's
  Python best response takes minutes and its CFR far longer; the tests check that both forms
  agree along random plays, then run OpenSpiel's NashConv and CFR on the .efg form.

This module needs OpenSpiel (the ``test`` extra): without it, importing it skips (and
``test_equilibrium_openspiel.py`` fails under ``CI=true`` instead).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from kayalib.blef.bids import LADDER, holds
from kayalib.blef.cards import Card

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the test extra)")

BIDS = LADDER[:12]
"""``high-card 9`` .. ``pair A``: every bid two cards can make true."""
CHECK = len(BIDS)
"""The check's action id (a bid's id is its place in ``BIDS``, which is its ladder index)."""
BID_WORDS = tuple(str(bid).replace(" ", "-") for bid in BIDS)
RANKS = "9TJQKA"
NAME = "python_blef_heads_up"

# -- the rules, as functions of the history (ranks dealt, then the actions) ----------------


def deal_probabilities(history: tuple[int, ...]) -> list[tuple[int, Fraction]]:
    """The chance outcomes at a history of length 0 or 1: each rank with its probability."""
    if not history:
        return [(rank, Fraction(4, 24)) for rank in range(6)]
    return [(rank, Fraction(3 if rank == history[0] else 4, 23)) for rank in range(6)]


def current_player(history: tuple[int, ...]) -> int:
    if len(history) < 2:
        return pyspiel.PlayerId.CHANCE
    if history[-1] == CHECK:
        return pyspiel.PlayerId.TERMINAL
    return (len(history) - 2) % 2


def legal_actions(history: tuple[int, ...]) -> list[int]:
    bids = history[2:]
    start = bids[-1] + 1 if bids else 0
    return list(range(start, len(BIDS))) + ([CHECK] if bids else [])


@cache
def bid_is_true(bid: int, first: int, second: int) -> bool:
    """Whether ``BIDS[bid]`` is true when the two cards dealt have these ranks."""
    return holds(BIDS[bid], [Card(first, 3), Card(second, 2)])  # two cards, never the same one


def returns(history: tuple[int, ...]) -> list[float]:
    """+1 to the winner of the check and -1 to the loser."""
    checker = (len(history) - 3) % 2
    checker_gets = -1.0 if bid_is_true(history[-2], history[0], history[1]) else 1.0
    return [checker_gets, -checker_gets] if checker == 0 else [-checker_gets, checker_gets]


def information_state(history: tuple[int, ...], player: int) -> str:
    """What ``player`` knows: its own rank and the bids so far."""
    bids = " ".join([BID_WORDS[action] for action in history[2:]])
    return f"p{player} {RANKS[history[player]]} | {bids}"


def action_name(action: int) -> str:
    return "check" if action == CHECK else str(BIDS[action])


# -- the OpenSpiel Python game ----------------------------------------------------------------

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Blef, heads-up, one card each",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=len(BIDS) + 1,
    max_chance_outcomes=6,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=len(BIDS) + 3,
)


class BlefHeadsUpGame(pyspiel.Game):
    def __init__(self, params=None):
        super().__init__(GAME_TYPE, GAME_INFO, params or {})

    def new_initial_state(self):
        return BlefHeadsUpState(self)


class BlefHeadsUpState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self.actions: tuple[int, ...] = ()

    def current_player(self):
        return current_player(self.actions)

    def _legal_actions(self, player):
        return legal_actions(self.actions)

    def chance_outcomes(self):
        return [(rank, float(p)) for rank, p in deal_probabilities(self.actions)]

    def _apply_action(self, action):
        self.actions = (*self.actions, action)

    def _action_to_string(self, player, action):
        return RANKS[action] if player == pyspiel.PlayerId.CHANCE else action_name(action)

    def is_terminal(self):
        return current_player(self.actions) == pyspiel.PlayerId.TERMINAL

    def returns(self):
        return returns(self.actions) if self.is_terminal() else [0.0, 0.0]

    def information_state_string(self, player=None):
        player = self.current_player() if player is None else player
        return information_state(self.actions, player)

    def __str__(self):
        return " ".join(map(str, self.actions))


pyspiel.register_game(GAME_TYPE, BlefHeadsUpGame)


# -- the same tree in Gambit's .efg format ------------------------------------------------------


def efg_game() -> tuple[pyspiel.Game, dict[str, str]]:
    """The game loaded from :func:`efg_text`, and the OpenSpiel information state string of each
    :func:`information_state` (OpenSpiel's .efg games prefix the name with the player and the
    information set's number)."""
    text, infosets = efg_text()
    keys = {
        name: f"{player}-{player}-{number}-{name}"
        for player, names in enumerate(infosets)
        for name, number in names.items()
    }
    return pyspiel.load_efg_game(text), keys


def efg_text() -> tuple[str, list[dict[str, int]]]:
    """The game tree in .efg format, and each player's information set numbers by name.

    An information set's name is :func:`information_state`.

    Player actions are listed in action-id order (the bids, then the check), so the ids OpenSpiel
    gives them, in order of first appearance, are the ids used here. The walk calls the rule
    functions above at every history (no shortcut of its own).
    """
    lines = ['EFG 2 R "Blef heads-up" { "first" "second" }', ""]
    infosets: list[dict[str, int]] = [{}, {}]
    counters = {"chance": 0, "terminal": 0}
    names = [f'"{action_name(action)}"' for action in range(len(BIDS) + 1)]

    def walk(history: tuple[int, ...]) -> None:
        player = current_player(history)
        if player == pyspiel.PlayerId.TERMINAL:
            counters["terminal"] += 1
            first, second = returns(history)
            lines.append(f't "" {counters["terminal"]} "" {{ {first} {second} }}')
            return
        if player == pyspiel.PlayerId.CHANCE:
            counters["chance"] += 1
            outcomes = deal_probabilities(history)
            listed = " ".join(f'"{RANKS[r]}" {p.numerator}/{p.denominator}' for r, p in outcomes)
            lines.append(f'c "" {counters["chance"]} "" {{ {listed} }} 0')
            children = [rank for rank, _p in outcomes]
        else:
            name = information_state(history, player)
            number = infosets[player].setdefault(name, len(infosets[player]) + 1)
            children = legal_actions(history)
            listed = " ".join(names[action] for action in children)
            lines.append(f'p "" {player + 1} {number} "{name}" {{ {listed} }} 0')
        for action in children:
            walk((*history, action))

    walk(())
    return "\n".join(lines) + "\n", infosets
