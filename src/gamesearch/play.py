"""Playing a game out between players, searchers or not, and the record of the game."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._core import check_game
from .chance._common import distribution, no_chance_outcomes_error
from .errors import GameProtocolError, IllegalActionError, InvalidSearchOptionError
from .game import CHANCE, Game, Player
from .result import SearchResult

__all__ = ["GameRecord", "play", "random_player", "searcher_player"]

_S = TypeVar("_S")
_A = TypeVar("_A")


@dataclass(frozen=True)
class GameRecord(Generic[_S, _A]):
    """What happened in one game played by :func:`play`."""

    moves: tuple[_A, ...]
    """Every move, in order: the players' actions and, at chance nodes, nature's outcomes."""

    movers: tuple[Player, ...]
    """Who made each move: a player's number, or :data:`~gamesearch.CHANCE`."""

    utilities: tuple[float, ...] | None
    """Each player's utility in the final state, indexed by player; ``None`` if the game was
    stopped at ``max_moves`` before it ended."""

    winner: Player | None
    """The player whose utility is strictly the highest; ``None`` for a tie, a one-player game
    or a game that did not end."""

    finished: bool
    """Whether the game reached a terminal state (rather than ``max_moves``)."""

    final_state: _S
    """The state the game ended (or was stopped) in."""

    seed: int | None
    """The seed of the generator that drew the chance outcomes."""


def play(
    game: Game[_S, _A],
    players: Sequence[Callable[[_S], _A]],
    *,
    seed: int | None = None,
    state: _S | None = None,
    max_moves: int | None = 10_000,
) -> GameRecord[_S, _A]:
    """Play one game: each player chooses its own moves, and chance nodes are drawn at random.

    Args:
        game: Any game; chance nodes need ``chance_outcomes``.
        players: One callable per player, indexed by player: ``players[p](state)`` returns
            the action of player ``p`` in ``state``. :func:`searcher_player` makes one of a
            searcher, :func:`random_player` one that plays at random.
        seed: Seeds the ``random.Random`` that draws chance outcomes, so that the same seed
            replays the same game (given deterministic players).
        state: Where the game starts; ``None`` means ``game.initial_state()``.
        max_moves: Stop after this many moves (nature's included) if the game has not ended:
            a guard against endless games. ``None`` sets no limit.

    Returns:
        The record of the game: its moves, who made them, the final utilities and the winner.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        InvalidSearchOptionError: ``players`` does not have one callable per player, or
            ``max_moves`` is not an int >= 0 or ``None``.
        IllegalActionError: a player chose an action that is not legal.
        InvalidDistributionError: a chance node's probabilities are not a distribution.
        GameProtocolError: ``to_move`` named no known player.

    Example:
        Two players of Pig who roll once a turn, then hold:

        >>> from gamesearch.games import Pig
        >>> game = Pig(goal=20)
        >>> def roll_once(state):
        ...     return "hold" if state.turn_total else "roll"
        >>> record = play(game, [roll_once, roll_once], seed=1)
        >>> record.finished, record.winner, record.utilities
        (True, 0, (1.0, -1.0))
        >>> record.final_state.score0 >= 20
        True
    """
    check_game(game)
    count = game.num_players
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidSearchOptionError(
            f"play: players must be a sequence of callables, one per player, not {players!r}"
        )
    if len(players) != count or not all(callable(player) for player in players):
        raise InvalidSearchOptionError(
            f"play: {type(game).__name__} has {count} players, so players must be {count} "
            f"callables state -> action; got {players!r}"
        )
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise InvalidSearchOptionError(
            f"play: max_moves must be an int >= 0 or None, not {max_moves!r}"
        )
    rng = random.Random(seed)
    outcomes_of = getattr(game, "chance_outcomes", None)
    current = game.initial_state() if state is None else state
    moves: list[_A] = []
    movers: list[Player] = []
    while not game.is_terminal(current):
        if max_moves is not None and len(moves) >= max_moves:
            break
        mover = game.to_move(current)
        if mover == CHANCE:
            if outcomes_of is None:
                raise no_chance_outcomes_error(game, current)
            pairs = distribution(outcomes_of(current), current, "chance_outcomes")
            action = rng.choices([o for o, _ in pairs], weights=[p for _, p in pairs])[0]
        elif isinstance(mover, int) and 0 <= mover < count:
            action = players[mover](current)
            legal = game.actions(current)
            if action not in legal:
                raise IllegalActionError(action, tuple(legal), f"the move of player {mover}")
        else:
            raise GameProtocolError(
                f"to_move returned {mover!r}, which is neither CHANCE nor a player 0 .. "
                f"{count - 1}"
            )
        moves.append(action)
        movers.append(mover)
        current = game.result(current, action)
    finished = game.is_terminal(current)
    utilities = (
        tuple(float(game.utility(current, player)) for player in range(count))
        if finished
        else None
    )
    return GameRecord(
        moves=tuple(moves),
        movers=tuple(movers),
        utilities=utilities,
        winner=_winner(utilities),
        finished=finished,
        final_state=current,
        seed=seed,
    )


def _winner(utilities: tuple[float, ...] | None) -> Player | None:
    """The player with the strictly highest utility, if there are two players or more."""
    if utilities is None or len(utilities) < 2:
        return None
    best = max(utilities)
    return utilities.index(best) if utilities.count(best) == 1 else None


def searcher_player(
    game: Game[_S, _A], searcher: Callable[..., SearchResult[_A]], **options: Any
) -> Callable[[_S], _A]:
    """A player that plays the action ``searcher(game, state, **options)`` chooses.

    Args:
        game: The game the player plays.
        searcher: Any searcher, such as ``alphabeta`` or ``expectimax``.
        **options: The searcher's options, such as ``depth=3, evaluate=...``.

    Returns:
        ``choose(state) -> action``, for :func:`play`.

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> perfect = searcher_player(game, alphabeta)
        >>> play(game, [perfect, perfect]).utilities   # perfect play draws
        (0.0, 0.0)
    """
    if not callable(searcher):
        raise InvalidSearchOptionError(f"searcher_player: {searcher!r} is not a searcher")
    name = getattr(searcher, "__name__", "searcher")

    def choose(state: _S) -> _A:
        """The searcher's action in ``state``."""
        action = searcher(game, state, **options).action
        if action is None:
            raise GameProtocolError(f"{name} chose no action in state {state!r}")
        return action

    choose.__name__ = choose.__qualname__ = f"{name}_player"
    return choose


def random_player(game: Game[_S, _A], rng: random.Random) -> Callable[[_S], _A]:
    """A player that picks one of the legal actions uniformly at random.

    Args:
        game: The game the player plays.
        rng: The generator it draws from, e.g. ``random.Random(seed)``.

    Example:
        >>> import random
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> wild = random_player(game, random.Random(7))
        >>> record = play(game, [wild, wild])
        >>> record.finished, len(record.moves) >= 5
        (True, True)
    """

    def choose(state: _S) -> _A:
        """A random legal action in ``state``."""
        return rng.choice(list(game.actions(state)))

    return choose
