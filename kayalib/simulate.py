"""Play many seeded games between bots, for any registered game, and replay saved logs.

Game ``i`` of a run seeded with ``seed`` is dealt from ``game_seed(seed, i)`` (game 0 from
``seed`` itself) and the bot at seat ``s`` to move at step ``k`` draws from
``bot_rng(game seed, s, k)`` (see :mod:`kayalib.seeds`): the same derivation the apps use, so
one game of a simulation is the game an app opened with the same seed and the same bots
plays.

>>> result = simulate("blef", ["random"] * 3, games=20, seed=1)
>>> result.games, sum(result.wins)
(20, 20)
>>> simulate("blef", ["random"] * 3, games=20, seed=1).wins == result.wins
True
>>> final = play_game("kaya", ["counter", "random"], seed=3)
>>> final.is_terminal, replay("kaya", final.log_lines())[0].log_lines() == final.log_lines()
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TextIO, TypeAlias, TypeVar, overload

from kayalib.engine import JSONRecord, RawRecord, SomeBot, SomeState, Start, turns
from kayalib.errors import ReplayError, RulesError
from kayalib.log import read_records, write_events
from kayalib.progress import ProgressCallback
from kayalib.registry import Game, Rules, SomeGame, game, make_bot
from kayalib.seeds import check_seed, game_seed
from kayalib.stats import WinRate

__all__ = [
    "MAX_GAMES",
    "ReplayError",
    "SimulationResult",
    "check_games",
    "play_game",
    "seat_bots",
    "replay",
    "simulate",
]

MAX_GAMES = 10_000_000
"""The most games one run may play."""

StateT = TypeVar("StateT", bound=SomeState)
RulesT = TypeVar("RulesT", bound=Rules)
#: a bot at a seat, or its name in the registry
Seat: TypeAlias = "SomeBot | str"


def check_games(games: object) -> int:
    """``games`` if it is a whole number from 1 to :data:`MAX_GAMES`, else ``RulesError``."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise RulesError(f"games must be a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
    return games


def _game(which: str | SomeGame) -> SomeGame:
    return which if isinstance(which, Game) else game(which)


def seat_bots(
    which: str | SomeGame, players: int, bots: Sequence[Seat] | str
) -> list[SomeBot]:
    """One bot per seat, made once (names are looked up in the registry); RulesError when
    the count does not match the table."""
    spec = _game(which)
    if isinstance(bots, str):
        bots = [bots]
    if isinstance(bots, (bytes, Mapping)) or not isinstance(bots, Sequence):
        raise RulesError(f"bots must be a list with one bot per seat, not {bots!r}")
    if len(bots) != players:
        raise RulesError(f"{players} players need {players} bots, one per seat, not {len(bots)}")
    return [make_bot(spec.name, bot) if isinstance(bot, str) else bot for bot in bots]


@overload
def play_game(
    which: Game[StateT, RulesT],
    bots: Sequence[Seat],
    seed: int,
    rules: RulesT | None = None,
    on_state: Callable[[StateT], None] | None = None,
) -> StateT: ...
@overload
def play_game(
    which: str,
    bots: Sequence[Seat],
    seed: int,
    rules: Rules | None = None,
    on_state: Callable[[SomeState], None] | None = None,
) -> SomeState: ...
def play_game(
    which: str | Game[StateT, RulesT],
    bots: Sequence[Seat],
    seed: int,
    rules: Rules | None = None,
    on_state: Callable[[StateT], None] | None = None,
) -> StateT:
    """Play one game between ``bots`` (one per seat: objects or names); return the final state
    (of the game's own class when ``which`` is the game rather than its name).

    ``rules`` default to the game's rules for ``len(bots)`` players; ``on_state`` is called
    with every state after the first. The game is played by :func:`kayalib.engine.turns`.
    """
    spec = _game(which)
    rules = spec.rules_for_players(len(bots)) if rules is None else rules
    state = spec.state.new(rules, seed)
    for step in turns(state, seat_bots(spec, rules.players, bots)):
        state = step.state
        if on_state is not None:
            on_state(state)
    return state


@dataclass(frozen=True)
class SimulationResult:
    """What a run measured. ``wins[seat]``: games the seat won (a shared win counts for each
    winner); ``mean_length``: rounds (Blef) or turns (Aku Paling Kaya) a game;
    ``mean_scores``: mean final points by seat, for games with points."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    wins: tuple[int, ...]
    mean_length: float
    length_name: str
    mean_scores: tuple[float, ...] | None
    seconds: float = field(compare=False)

    @property
    def win_rates(self) -> tuple[WinRate, ...]:
        """Each seat's wins of the games, with its share and interval."""
        return tuple(WinRate(win, self.games) for win in self.wins)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> JSONRecord:
        record: JSONRecord = {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            f"mean_{self.length_name}": self.mean_length,
        }
        if self.mean_scores is not None:
            record["mean_scores"] = list(self.mean_scores)
        record["seconds"] = self.seconds
        return record


def simulate(
    which: str | SomeGame,
    bots: Sequence[Seat],
    games: int,
    seed: int,
    rules: Rules | None = None,
    progress: ProgressCallback | None = None,
    log: TextIO | None = None,
) -> SimulationResult:
    """Play ``games`` games (game ``i`` from ``game_seed(seed, i)``) between ``bots``.

    ``log`` receives every game's full log as JSON Lines, game after game (the same seed writes
    the same bytes); ``progress(done, total)`` is called as games finish.
    """
    spec = _game(which)
    games = check_games(games)
    seed = check_seed(seed)
    rules = spec.rules_for_players(len(bots)) if rules is None else rules
    players = seat_bots(spec, rules.players, bots)
    n = rules.players
    wins = [0] * n
    totals = [0] * n
    length = 0
    scored = False
    every = max(1, games // 200)
    started = time.perf_counter()
    for index in range(games):
        final = play_game(spec, players, game_seed(seed, index), rules)
        for seat, value in enumerate(final.returns()):
            if value > 0:
                wins[seat] += 1
        length += spec.length(final)
        assert final.outcome is not None  # the loop ends with the game
        points = final.outcome.scores
        if points is not None:
            scored = True
            for seat, value in enumerate(points):
                totals[seat] += value
        if log is not None:
            write_events(final.events, log)
        if progress is not None and ((index + 1) % every == 0 or index + 1 == games):
            progress(index + 1, games)
    return SimulationResult(
        game=spec.name,
        bots=tuple(bot.name for bot in players),
        games=games,
        seed=seed,
        wins=tuple(wins),
        mean_length=length / games,
        length_name=spec.length_name,
        mean_scores=tuple(t / games for t in totals) if scored else None,
        seconds=time.perf_counter() - started,
    )


def replay(which: str | SomeGame, lines: Iterable[str | RawRecord]) -> list[SomeState]:
    """Replay a JSON Lines log of one or more games; return each game's final state.

    The engine starts each game again from the logged rules and seed and re-applies the logged
    moves; every record it writes must equal the logged one, or ``ReplayError`` says where they
    differ. Games started from a rigged position cannot be replayed.
    """
    spec = _game(which)
    games: list[list[RawRecord]] = []
    for record in read_records(lines):
        if record.get("event") == "start":
            games.append([])
        elif not games:
            raise ReplayError("the log does not begin with a start event")
        games[-1].append(record)
    finals = []
    for number, records in enumerate(games, 1):
        events = [spec.event_from_json(record) for record in records]
        start = events[0]
        assert isinstance(start, Start)  # its record was a start record
        if start.rigged:
            raise ReplayError(f"game {number} was started from a rigged position")
        if start.seed is None:
            raise ReplayError(f"game {number}: a seat's log has no seed; replay the full log")
        state = spec.state.new(spec.rules_from_start(start), start.seed)
        for seat, action in spec.state.moves_from_events(events):
            state = state.apply(action, seat=seat)
        produced = [event.to_json() for event in state.events]
        if produced != records:
            at = next(
                (i for i, (a, b) in enumerate(zip(produced, records, strict=False)) if a != b),
                min(len(produced), len(records)),
            )
            raise ReplayError(
                f"game {number}, event {at + 1}: the log differs from the engine's replay"
            )
        finals.append(state)
    return finals
