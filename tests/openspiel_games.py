"""Every kayalib game as an OpenSpiel Python game, so that OpenSpiel's own conformance test
(``pyspiel.random_sim_test``) checks the engine contract too.

A ``pyspiel`` state wraps a kayalib state. Chance is OpenSpiel's chance player exactly where the
engine draws: the engine asks its :class:`~kayalib.engine.Dice` for each draw (a first
starter, each card of a Blef deal, each show of the gambreng, each random take), and the
wrapper lets OpenSpiel choose those numbers one at a time. To learn what the next draw is, it
runs the pending action with dice that replay the outcomes chosen so far and record what the
engine asks next; when the engine asks for nothing more, the action is applied for good.

Nothing here knows which game it wraps: actions get their ids as they are first met (their text
names them), information states are the seats' views as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np
import pytest

from kayalib.engine import State, evolve
from kayalib.registry import GAMES, game

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the test extra)")

MAX_ACTIONS = 1000
"""Upper bound of the distinct actions of a game (ids are given in the order actions are met)."""
_IDS: dict[str, dict[str, int]] = {}  # per game: action text -> id (module-wide: clones share)
_TEXTS: dict[str, list[str]] = {}


class NextDraw(Exception):
    """The engine asked for a draw beyond the outcomes chosen so far: ``n`` outcomes."""

    def __init__(self, n: int) -> None:
        self.n = n


class Scripted:
    """Dice that give ``outcomes`` in order and then stop the engine at the next draw."""

    def __init__(self, outcomes: list[int]) -> None:
        self.outcomes, self.used = outcomes, 0

    def stream(self, name: str) -> Callable[[int], int]:
        def draw(n: int) -> int:
            if self.used == len(self.outcomes):
                raise NextDraw(n)
            self.used += 1
            return self.outcomes[self.used - 1]

        return draw


def action_id(name: str, text: str) -> int:
    ids = _IDS.setdefault(name, {})
    if text not in ids:
        ids[text] = len(ids)
        _TEXTS.setdefault(name, []).append(text)
        assert len(ids) <= MAX_ACTIONS
    return ids[text]


class KayalibState(pyspiel.State):
    """One kayalib state (or a move waiting for its chance outcomes) as an OpenSpiel state."""

    def __init__(self, pgame: KayalibGame) -> None:
        super().__init__(pgame)
        self.name, self.rules = pgame.name, pgame.rules
        self.inner: State | None = None  # None until the start's chance is drawn
        self.pending: str | None = None  # the text of an action waiting for chance
        self.drawn: list[int] = []
        self._settle()

    # -- chance ---------------------------------------------------------------------------------

    def _attempt(self) -> State | int:
        """The state the pending move (or the start) gives with the outcomes drawn so far, or
        the number of outcomes of the next draw it asks for."""
        dice = Scripted(self.drawn)
        try:
            if self.inner is None:
                result = game(self.name).state.new(self.rules, 0, dice=dice)
            else:
                result = evolve(self.inner, dice=dice).apply(self.pending)
        except NextDraw as ask:
            return ask.n
        assert dice.used == len(self.drawn)
        return result

    def _settle(self) -> None:
        """Apply the pending move (or the start) once every draw it asks for is chosen."""
        result = self._attempt()
        if not isinstance(result, int):
            self.inner, self.pending, self.drawn = result, None, []

    def _next_draw(self) -> int | None:
        if self.inner is not None and self.pending is None:
            return None
        n = self._attempt()
        assert isinstance(n, int)
        return n

    # -- the pyspiel verbs -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.inner is None or self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.inner.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        return int(self.inner.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.inner is not None and player == self.inner.current_player
        return sorted(action_id(self.name, str(a)) for a in self.inner.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._next_draw()
        assert n is not None and n >= 1
        return [(k, 1.0 / n) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        if self.current_player() == pyspiel.PlayerId.CHANCE:
            self.drawn.append(action)
        else:
            self.pending = _TEXTS[self.name][action]
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action}"
        return _TEXTS[self.name][action]

    def is_terminal(self) -> bool:
        return self.inner is not None and self.pending is None and self.inner.is_terminal

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules.players
        return list(self.inner.returns())  # type: ignore[union-attr]

    def information_state_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        if self.inner is None:
            return "dealing"
        view = json.dumps(self.inner.view(player).to_json(), sort_keys=True)
        return view + (" | a move waits for chance" if self.pending is not None else "")

    def __str__(self) -> str:
        return "dealing" if self.inner is None else repr(self.inner)


class KayalibGame(pyspiel.Game):
    def __init__(self, params: dict | None = None) -> None:
        params = params or {}
        self.name = params.get("game", "blef")
        players = int(params.get("players", 3))
        self.rules = game(self.name).rules_for_players(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=24,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=100_000,
        )
        super().__init__(game_type(self.name), info, params)

    def new_initial_state(self) -> KayalibState:
        return KayalibState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:  # noqa: ANN001
        return ViewObserver()


class ViewObserver:
    """What a seat observes: its view, as a string (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: KayalibState, player: int) -> None:
        pass

    def string_from(self, state: KayalibState, player: int) -> str:
        return state.information_state_string(player)


def game_type(name: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"python_kayalib_{name}",
        long_name=f"kayalib {game(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game(name).players.stop - 1,
        min_num_players=game(name).players.start,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"game": name, "players": 3},
    )


for _name in GAMES:
    pyspiel.register_game(game_type(_name), KayalibGame)
