"""Games and wrappers that the tests share."""

from __future__ import annotations

import inspect
import json
import math
import signal
import sqlite3
import sys
import time
from collections.abc import Hashable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from gamesearch import GameProtocolError, Player, SearchResult
from gamesearch.games import GameTree, Nim
from gamesearch.searchers import SEARCHERS, Searcher
from gamesearch.solving import solve

MOVER_DUTY = (
    "check the player to move at every node, not only the root: _validation.is_player, and "
    "raise _validation.mover_error"
)
"""The duty a searcher breaks when a game's ``to_move`` names no player below the root."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail the test (rather than hang the suite) if the block runs longer than ``seconds``."""

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def duty(what: str) -> Iterator[None]:
    """Fail naming the searcher's duty a robustness test checks, for the contributor who broke it.

    A new searcher's row puts it in every robustness suite; their bare failures ("DID NOT RAISE",
    a ``TypeError``, a hang) would not say what the searcher must do (CONTRIBUTING.md).
    """
    try:
        yield
    except (Exception, pytest.fail.Exception) as error:
        pytest.fail(
            f"{type(error).__name__}: {error}\nA searcher's duty (CONTRIBUTING.md, 'A new "
            f"searcher', step 1): {what}"
        )


def table_naming(folder: Path, identity: dict[str, Any]) -> Path:
    """A sound table file of ``Nim((1, 2), players=2)`` whose meta names another game.

    ``identity`` is what a crafted file would say instead: ``{"class": "module:Class",
    "parameters": {...}}``, written over the meta's ``game`` with ``sqlite3``.
    """
    path = folder / "named.sqlite"
    solve(Nim((1, 2), players=2), path=path)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE meta SET value = ? WHERE name = 'game'", (json.dumps(identity),))
    return path


def search_with_a_small_limit(row: Searcher, game: Any) -> Any:
    """Run the registry ``row``'s searcher on ``game`` with a small limit it takes (or needs)."""
    if row.name == "opening_book":
        return row.function(game, 1)
    options: dict[str, Any] = {}
    if "depth" in row.limits:
        options.update(depth=1, evaluate=_zero)
    elif row.needs_limit:
        options[row.keyword("iterations")] = 8
    if row.name == "mcts":
        options.update(rng=1, solver=False)  # the solver refuses games that are not zero-sum
    return row.function(game, **options)


def rows_accepting(
    players: int = 2, *, chance: bool = False, hidden: bool = False, unlimited: bool = False
) -> list[Searcher]:
    """The registry's rows whose searchers accept a game of this kind, in the registry's order.

    With ``unlimited``, only those that run without a limit (not the ones that need one).
    A new row is in every suite that asks for its kind of game, without a line of the suite.
    """
    return [
        row
        for row in SEARCHERS
        if row.accepts(players=players, chance=chance, hidden=hidden)
        and not (unlimited and row.needs_limit)
    ]


def row_id(row: Searcher) -> str:
    """A row's name, as a test's parameter id."""
    return row.name


def search_by_row(row: Searcher, game: Any, state: Any = None, **options: Any) -> Any:
    """Run ``row``'s searcher on ``game`` as far as it goes by itself, with ``options``.

    To the end of the game if it can; a searcher that needs a limit gets 100 iterations (and a
    seed); ``opening_book`` its first ply.
    """
    if row.name == "opening_book":
        return row.function(game, 1, state=state, **options)
    if row.needs_limit:
        options.setdefault(row.keyword("iterations"), 100)
        if "rng" in inspect.signature(row.function).parameters:
            options.setdefault("rng", 1)
    return row.function(game, state, **options)


def best_action(found: Any, game: Any, state: Any = None) -> Any:
    """The move a searcher's answer ``found`` plays from ``state``.

    A result's action, or a solved table's first best action.
    """
    if isinstance(found, SearchResult):
        return found.action
    root = game.initial_state() if state is None else state
    return found.best_actions(root)[0]


def caused_by(error: BaseException | None, kind: type[BaseException], text: str = "") -> bool:
    """Whether ``error`` or an error it was raised from (a part's) is a ``kind`` with ``text``."""
    while error is not None:
        if isinstance(error, kind) and text in str(error):
            return True
        error = error.__cause__
    return False


def _zero(state: object, player: Player) -> float:
    return 0.0


def comparable(result: SearchResult[Any]) -> SearchResult[Any]:
    """``result`` without the one field two runs of a search may differ in: the time taken."""
    return replace(result, stats=replace(result.stats, elapsed=0.0))


@dataclass
class RecordingGame:
    """Delegates to ``game`` and records the states whose utility or evaluation was read."""

    game: Any
    scored: list[Any] = field(default_factory=list)

    @property
    def num_players(self) -> int:
        return int(self.game.num_players)

    def initial_state(self) -> Any:
        return self.game.initial_state()

    def to_move(self, state: Any) -> Player:
        return int(self.game.to_move(state))

    def actions(self, state: Any) -> Sequence[Any]:
        return self.game.actions(state)  # type: ignore[no-any-return]

    def result(self, state: Any, action: Any) -> Any:
        return self.game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return bool(self.game.is_terminal(state))

    def utility(self, state: Any, player: Player) -> float:
        self.scored.append(state)
        return float(self.game.utility(state, player))


def exact_evaluation(tree: GameTree) -> Any:
    """An evaluation that returns the exact minimax value of the state, for either player."""
    from gamesearch import minimax

    def evaluate(state: Any, player: Player) -> float:
        result = minimax(tree, state)
        return result.value if player == result.player else -result.value

    return evaluate


def leaf_names(paths: list[tuple[Any, ...]]) -> list[Any]:
    """The last action of each path: the leaf's name in a dict tree."""
    return [path[-1] for path in paths]


def room() -> int:
    """Plies a search can go from here: the recursion limit less the frames already in use."""
    frame, used = sys._getframe(), 0
    while frame is not None:
        frame, used = frame.f_back, used + 1
    return sys.getrecursionlimit() - used - 20


class Countdown:
    """One player after the other says the next number down; the game ends at 0, a draw."""

    num_players = 2

    def __init__(self, start: int) -> None:
        self.start = start

    def initial_state(self) -> int:
        return self.start

    def to_move(self, state: int) -> Player:
        return state % 2

    def actions(self, state: int) -> Sequence[int]:
        return () if state == 0 else (1,)

    def result(self, state: int, action: int) -> int:
        return state - action

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def utility(self, state: int, player: Player) -> float:
        return 0.0


class TimedWalk:
    """One player walks a line of ``plies`` steps and knows how far it has come.

    ``result`` raises ``TimeoutError`` once ``seconds`` of this process's CPU time have passed
    since the game was made, so that a checker whose work grows with the square of the depth
    fails in those seconds rather than in an hour (CPU time, which other work on a busy machine
    does not stretch as it does the clock's). Its information set is the state: one set a ply.
    """

    num_players = 1

    def __init__(self, plies: int, *, seconds: float) -> None:
        self.plies = plies
        self.deadline = time.process_time() + seconds

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> Player:
        return 0

    def actions(self, state: int) -> Sequence[str]:
        return () if state == self.plies else ("step",)

    def result(self, state: int, action: str) -> int:
        if time.process_time() > self.deadline:
            raise TimeoutError(f"still walking after {state:,} of {self.plies:,} plies")
        return state + 1

    def is_terminal(self, state: int) -> bool:
        return state == self.plies

    def utility(self, state: int, player: Player) -> float:
        if state != self.plies:
            raise GameProtocolError("the walk is not over")
        return 1.0

    def information_set(self, state: int, player: Player) -> int:
        return state


class Cycle(Countdown):
    """A game whose only line of play goes round in a circle for ever."""

    def result(self, state: int, action: int) -> int:
        return 1 - state if state in (0, 1) else state - 1

    def is_terminal(self, state: int) -> bool:
        return False

    def actions(self, state: int) -> Sequence[int]:
        return (1,)


class NanUtility(Countdown):
    """Countdown whose final utility is NaN."""

    def utility(self, state: int, player: Player) -> float:
        return math.nan


class NoActions(Countdown):
    """A game whose state 1 is not terminal, yet has no actions."""

    def actions(self, state: int) -> Sequence[int]:
        return () if state <= 1 else (1,)


class ListStates(Countdown):
    """A game whose states are lists, which cannot be hashed."""

    def initial_state(self) -> Any:
        return [self.start]


class Alternating:
    """A game tree in which a player may move twice in a row.

    Given as ``{state: (player, {action: child})}``, with numbers (player 0's utilities) as leaves.
    """

    num_players = 2

    def __init__(self, nodes: dict[Hashable, Any]) -> None:
        self.nodes = nodes

    def initial_state(self) -> Hashable:
        return "root"

    def to_move(self, state: Hashable) -> Player:
        return int(self.nodes[state][0])

    def actions(self, state: Hashable) -> Sequence[Any]:
        node = self.nodes[state]
        return () if isinstance(node, (int, float)) else tuple(node[1])

    def result(self, state: Hashable, action: Any) -> Hashable:
        return self.nodes[state][1][action]  # type: ignore[no-any-return]

    def is_terminal(self, state: Hashable) -> bool:
        return isinstance(self.nodes[state], (int, float))

    def utility(self, state: Hashable, player: Player) -> float:
        value = float(self.nodes[state])
        return value if player == 0 else -value


def reachable(game: Any) -> list[Any]:
    """Every state reachable from ``game.initial_state()``, in breadth-first order."""
    start = game.initial_state()
    seen, frontier = {start: None}, [start]
    while frontier:
        following = []
        for state in frontier:
            for action in game.actions(state):
                child = game.result(state, action)
                if child not in seen:
                    seen[child] = None
                    following.append(child)
        frontier = following
    return list(seen)


class RecordingChanceGame(RecordingGame):
    """A :class:`RecordingGame` for games with chance nodes."""

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        return self.game.chance_outcomes(state)  # type: ignore[no-any-return]


class ThreeRolls:
    """Solitaire dice: roll a die up to three times and keep the last face, or stop earlier.

    The state is ``(rolls_left, face, rolling)``; ``face`` is 0 before the first roll. The
    player must roll at least once. Worked by hand, backwards: one roll is worth 7/2; with two
    rolls left, keep a 4, 5 or 6 (better than 7/2) and roll again otherwise, worth
    (4 + 5 + 6) / 6 + (3 / 6) * (7 / 2) = 17/4; with three, keep a 5 or 6, worth
    (5 + 6) / 6 + (4 / 6) * (17 / 4) = 14/3.
    """

    num_players = 1

    def initial_state(self) -> tuple[int, int, bool]:
        return (3, 0, False)

    def to_move(self, state: tuple[int, int, bool]) -> Player:
        return -1 if state[2] else 0  # gamesearch.CHANCE while the die rolls

    def actions(self, state: tuple[int, int, bool]) -> Sequence[Any]:
        rolls, face, rolling = state
        if rolling:
            return tuple(range(1, 7))
        if self.is_terminal(state):
            return ()
        return ("roll",) if face == 0 else ("stop", "roll") if rolls else ()

    def chance_outcomes(self, state: tuple[int, int, bool]) -> Sequence[tuple[int, Any]]:
        from fractions import Fraction

        return [(face, Fraction(1, 6)) for face in range(1, 7)]

    def result(self, state: tuple[int, int, bool], action: Any) -> tuple[int, int, bool]:
        rolls, face, rolling = state
        if rolling:
            return (rolls, action, False)
        if action == "roll":
            return (rolls - 1, face, True)
        return (-1, face, False)  # stopped

    def is_terminal(self, state: tuple[int, int, bool]) -> bool:
        rolls, face, rolling = state
        return not rolling and (rolls < 0 or (rolls == 0 and face > 0))

    def utility(self, state: tuple[int, int, bool], player: Player) -> float:
        return state[1]


class CoinFlips:
    """A chance node whose outcomes are given as a list: a test double for bad distributions.

    The root is a chance node with ``outcomes``; each outcome leads to a terminal state worth
    ``values[outcome]`` to player 0 (and the negation to player 1).
    """

    num_players = 2

    def __init__(self, outcomes: Any, values: dict[Any, float] | None = None) -> None:
        self.outcomes = outcomes
        self.values = values or {}

    def initial_state(self) -> Any:
        return "root"

    def to_move(self, state: Any) -> Player:
        return -1 if state == "root" else 0

    def actions(self, state: Any) -> Sequence[Any]:
        return [outcome for outcome, _ in self.outcomes] if state == "root" else ()

    def chance_outcomes(self, state: Any) -> Any:
        return self.outcomes

    def result(self, state: Any, action: Any) -> Any:
        return ("after", action)

    def is_terminal(self, state: Any) -> bool:
        return state != "root"

    def utility(self, state: Any, player: Player) -> float:
        value = self.values.get(state[1], 0.0)
        return value if player == 0 else -value


def ship_by_value(module_name: str) -> None:
    """Let Dask's workers receive the test module ``module_name``'s games and functions.

    Dask pickles the functions and classes of importable modules by reference, and its worker
    processes cannot import the test modules; registering a module with cloudpickle ships its
    objects by value instead. Nothing to do without the ``distributed`` extra (those tests skip).
    """
    try:
        import cloudpickle
    except ImportError:  # pragma: no cover - the distributed extra brings it
        return
    cloudpickle.register_pickle_by_value(sys.modules[module_name])


class TakeAway:
    """Take one or two stones from a pile; whoever takes the last stone wins.

    States are ``(stones, mover)``; the utility is 1 for the winner, -1 for the loser. With
    ``stones % 3 != 0`` the first player wins by leaving a multiple of 3.
    """

    num_players = 2

    def __init__(self, stones: int = 4) -> None:
        self.stones = stones

    def initial_state(self) -> Any:
        return (self.stones, 0)

    def to_move(self, state: Any) -> Any:
        return state[1]

    def actions(self, state: Any) -> Any:
        return tuple(take for take in (1, 2) if take <= state[0])

    def result(self, state: Any, action: Any) -> Any:
        return (state[0] - action, 1 - state[1])

    def is_terminal(self, state: Any) -> bool:
        return bool(state[0] == 0)

    def utility(self, state: Any, player: Player) -> Any:
        return 1.0 if player != state[1] else -1.0


class Pile(list):  # type: ignore[type-arg]
    """A mutable ``[stones, mover]`` state that hashes by its contents, as a board object may."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self))


class Misbehaving(TakeAway):
    """A :class:`TakeAway` game one of whose members breaks the ``Game`` protocol.

    ``fault`` names what goes wrong (see :data:`MISBEHAVIOURS`): a utility that is ``bad`` at
    every terminal state, a player to move that is ``bad`` below the root, a state below the
    root that is not terminal yet has no actions, a ``result`` that changes the state it is
    given (the states are then mutable :class:`Pile` objects), or a ``result`` that gives
    ``None``, not a state, below the root.
    """

    def __init__(self, fault: str, bad: Any = None, stones: int = 4) -> None:
        super().__init__(stones)
        self.fault, self.bad = fault, bad

    def __repr__(self) -> str:
        return f"Misbehaving({self.fault!r}, {self.bad!r})"

    def initial_state(self) -> Any:
        state = super().initial_state()
        return Pile(state) if self.fault == "result mutates" else state

    def to_move(self, state: Any) -> Any:
        if self.fault == "to_move" and state[0] != self.stones:
            return self.bad
        return super().to_move(state)

    def actions(self, state: Any) -> Any:
        if self.fault == "no actions" and state[0] == self.stones - 1:
            return ()
        return super().actions(state)

    def result(self, state: Any, action: Any) -> Any:
        if self.fault == "result mutates":
            state[0] -= action
            state[1] = 1 - state[1]
            return state
        if self.fault == "illegal state" and state[0] != self.stones and action == 2:
            return None
        return super().result(state, action)

    def utility(self, state: Any, player: Player) -> Any:
        if self.fault == "utility":
            return self.bad
        return super().utility(state, player)


MISBEHAVIOURS: dict[str, tuple[str, Any]] = {
    "utility NaN": ("utility", math.nan),
    "utility +inf": ("utility", math.inf),
    "utility -inf": ("utility", -math.inf),
    "utility None": ("utility", None),
    "utility str": ("utility", "1"),
    "to_move 5": ("to_move", 5),
    "to_move -3": ("to_move", -3),
    "no actions": ("no actions", None),
    "result mutates": ("result mutates", None),
    "illegal state": ("illegal state", None),
}
"""Each way :class:`Misbehaving` breaks the protocol: its ``fault`` and ``bad`` value."""


MATE_PUZZLES = Path(__file__).resolve().parents[1] / "examples" / "data" / "mate_puzzles.txt"
"""The mate-in-N problems of the chess examples and tests (each checked by brute force)."""


@dataclass(frozen=True)
class MatePuzzle:
    """One line of :data:`MATE_PUZZLES`."""

    fen: str
    moves: int
    """The mate distance in the attacker's moves (a mate in ``n`` takes ``2n - 1`` plies)."""
    key: str
    """The only first move that mates in ``moves``, in UCI."""
    note: str


def mate_puzzles() -> list[MatePuzzle]:
    """Every problem of :data:`MATE_PUZZLES`, in its order."""
    found = []
    for line in MATE_PUZZLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fen, moves, key, note = (field.strip() for field in line.split("|"))
            found.append(MatePuzzle(fen, int(moves), key, note))
    return found
