"""Schedules of two-player games among many entrants: a round robin, and a gauntlet.

A :func:`~gamesearch.tournament` seats the same players in every game; a schedule pairs
entrants off. In a round robin every pair of entrants meets; in a gauntlet one entrant (the
challenger) meets each of a field, which does not meet itself (a new version against the old
ones, a learner against fixed opponents). Each pairing plays an even number of games, half
with each entrant moving first, so no one gains from the first move's advantage; the games go
round the pairings (each pairing's first game, then each one's second, ...), so a schedule
stopped early is still nearly balanced. Each two rounds start from one opening (by default
two random moves drawn from the seed, see :mod:`gamesearch.openings`): every pairing plays it
once with each entrant first, as a *pair* of games, so that deterministic players meet in new
games and an opening that favours one side favours each of them once. The games are those of
:func:`~gamesearch.tournament`: fresh players seeded from the seed and the game's index, on any
executor, the same records serially as on threads, processes or a Dask cluster.
:func:`~gamesearch.ratings.elo_ratings` rates the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from itertools import combinations
from typing import Any, TypeVar

from ._entry import check_is_game
from ._game_counts import check_game_count, check_pairs_of_games, check_seed
from .errors import InvalidSearchOptionError, UnsupportedGameError, short_repr
from .game import Game
from .openings import DEFAULT_OPENINGS, RandomOpenings, schedule_openings
from .playing import GameRecord, check_max_moves, check_player_games
from .progress import ProgressCallback
from .tournaments import (
    TournamentResult,
    play_seated,
)

__all__ = ["gauntlet", "pairings", "round_robin", "schedule_pairs", "schedule_seats"]

_S = TypeVar("_S")
_A = TypeVar("_A")


def pairings(count: int, *, gauntlet: bool = False) -> list[tuple[int, int]]:
    """The pairs of entrants that meet: every pair of ``count``, or entrant 0 and each other.

    Example:
        >>> pairings(3), pairings(3, gauntlet=True)
        ([(0, 1), (0, 2), (1, 2)], [(0, 1), (0, 2)])
    """
    if gauntlet:
        return [(0, opponent) for opponent in range(1, count)]
    return list(combinations(range(count), 2))


def schedule_seats(
    pairs: Sequence[tuple[int, int]], games_per_pair: int
) -> tuple[tuple[int, int], ...]:
    """The seats of every game: round by round, each pair once a round, the first seat swapped.

    Example:
        >>> schedule_seats([(0, 1), (0, 2)], 2)
        ((0, 1), (0, 2), (1, 0), (2, 0))
    """
    return tuple(
        (first, second) if round_ % 2 == 0 else (second, first)
        for round_ in range(games_per_pair)
        for first, second in pairs
    )


def round_robin(
    game: Game[_S, _A],
    players: Sequence[Callable[[_S], _A]],
    *,
    games_per_pair: int,
    seed: int = 0,
    openings: RandomOpenings | Sequence[Sequence[_A]] | None = DEFAULT_OPENINGS,
    max_moves: int | None = 10_000,
    executor: Executor | None = None,
    retries: int = 0,
    progress: ProgressCallback | None = None,
    on_record: Callable[[int, GameRecord[_S, _A]], object] | None = None,
) -> TournamentResult[_S, _A]:
    """Every pair of ``players`` plays ``games_per_pair`` games, each moving first in half.

    Args:
        game: A two-player game :func:`~gamesearch.play` plays.
        players: Two or more entrants (players as :func:`~gamesearch.tournament` takes them).
        games_per_pair: The games of each pair: an even int >= 2.
        seed: The int every seed is derived from, as for :func:`~gamesearch.tournament`.
        openings: Where each two rounds start, as for :func:`~gamesearch.tournament`:
            ``RandomOpenings(plies=2)`` (the default), a sequence of openings, or ``None``.
        max_moves: Stop a game after this many moves (counted in ``unfinished``).
        executor: Where to play the games, as for :func:`~gamesearch.tournament`.
        retries: Play a game that raised again, up to this many times.
        progress: Called with a :class:`~gamesearch.progress.Progress` at the start (``done`` 0)
            and after each game.
        on_record: ``on_record(index, record)``, called as each game finishes.

    Returns:
        A :class:`~gamesearch.TournamentResult` whose entrants are ``players``, by index:
        ``len(players) * (len(players) - 1) / 2 * games_per_pair`` games.

    Raises:
        UnsupportedGameError: ``game`` has other than two players.
        InvalidSearchOptionError: fewer than two players, one that is not callable or is made
            for another game, ``games_per_pair`` odd or below 2, or another option as
            :func:`~gamesearch.tournament` refuses it.
        GameSearchError: the other errors :func:`~gamesearch.tournament` raises
            (``NotAGameError``, ``NotPicklableError``, ``PartFailedError``, a game's protocol
            error).

    Example:
        >>> from gamesearch import random_player, searcher_player, alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> result = round_robin(TicTacToe(), [searcher_player(alphabeta), random_player(),
        ...                      random_player()], games_per_pair=2, seed=1)
        >>> result.seats
        ((0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1))
        >>> result.pairs   # each pairing's two games, from one opening, the seats swapped
        (0, 1, 2, 0, 1, 2)
        >>> result.records[0].opening == result.records[3].opening
        True
    """
    caller = "round_robin"
    entrants = _check(game, players, games_per_pair, seed, max_moves, caller)
    return _play(game, entrants, pairings(len(entrants)), games_per_pair, openings, caller,
                 seed=seed, max_moves=max_moves, executor=executor, retries=retries,
                 progress=progress, on_record=on_record)  # fmt: skip


def gauntlet(
    game: Game[_S, _A],
    challenger: Callable[[_S], _A],
    field: Sequence[Callable[[_S], _A]],
    *,
    games_per_pair: int,
    seed: int = 0,
    openings: RandomOpenings | Sequence[Sequence[_A]] | None = DEFAULT_OPENINGS,
    max_moves: int | None = 10_000,
    executor: Executor | None = None,
    retries: int = 0,
    progress: ProgressCallback | None = None,
    on_record: Callable[[int, GameRecord[_S, _A]], object] | None = None,
) -> TournamentResult[_S, _A]:
    """``challenger`` plays ``games_per_pair`` games against each of ``field``, first in half.

    The entrants of the result are ``challenger`` (entrant 0) and then the field (1, 2, ...); the
    field's entrants do not meet each other.

    Args:
        game: A two-player game :func:`~gamesearch.play` plays.
        challenger: The entrant who runs the gauntlet.
        field: Its opponents, one or more.
        games_per_pair: The games against each opponent: an even int >= 2.
        seed: The int every seed is derived from, as for :func:`~gamesearch.tournament`.
        openings: Where each two rounds start, as for :func:`~gamesearch.tournament`:
            ``RandomOpenings(plies=2)`` (the default), a sequence of openings, or ``None``.
        max_moves: Stop a game after this many moves (counted in ``unfinished``).
        executor: Where to play the games, as for :func:`~gamesearch.tournament`.
        retries: Play a game that raised again, up to this many times.
        progress: Called with a :class:`~gamesearch.progress.Progress` at the start (``done`` 0)
            and after each game.
        on_record: ``on_record(index, record)``, called as each game finishes.

    Returns:
        A :class:`~gamesearch.TournamentResult` of ``len(field) * games_per_pair`` games.

    Raises:
        UnsupportedGameError: ``game`` has other than two players.
        InvalidSearchOptionError: an empty field, or as :func:`round_robin` refuses options.
        GameSearchError: the other errors :func:`~gamesearch.tournament` raises
            (``NotAGameError``, ``NotPicklableError``, ``PartFailedError``, a game's protocol
            error).

    Example:
        >>> from gamesearch import random_player, searcher_player, alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> result = gauntlet(TicTacToe(), searcher_player(alphabeta),
        ...                   [random_player(), random_player()], games_per_pair=2)
        >>> result.seats
        ((0, 1), (0, 2), (1, 0), (2, 0))
    """
    caller = "gauntlet"
    if isinstance(field, (str, bytes)) or not isinstance(field, Sequence) or not field:
        raise InvalidSearchOptionError(
            f"{caller}: field must be a sequence of one or more players, not {short_repr(field)}"
        )
    entrants = _check(game, [challenger, *field], games_per_pair, seed, max_moves, caller)
    pairs = pairings(len(entrants), gauntlet=True)
    return _play(game, entrants, pairs, games_per_pair, openings, caller, seed=seed,
                 max_moves=max_moves, executor=executor, retries=retries, progress=progress,
                 on_record=on_record)  # fmt: skip


def _play(
    game: Game[_S, _A],
    entrants: Sequence[Callable[[_S], _A]],
    pairs: Sequence[tuple[int, int]],
    games_per_pair: int,
    openings: object,
    caller: str,
    **options: Any,
) -> TournamentResult[_S, _A]:
    """The schedule's games: its seats, each two rounds' opening, and each game's pair."""
    check_game_count(len(pairs) * games_per_pair, caller)
    seats = schedule_seats(pairs, games_per_pair)
    numbers = schedule_pairs(len(pairs), games_per_pair)
    lines = schedule_openings(game, openings, games_per_pair // 2, options["seed"], caller)
    return play_seated(game, entrants, seats, caller=caller, pairs=numbers,
                       openings=tuple(lines[index // (2 * len(pairs))]
                                      for index in range(len(seats))),
                       **options)  # fmt: skip


def schedule_pairs(pairings: int, games_per_pair: int) -> tuple[int, ...]:
    """The pair of every game of :func:`schedule_seats`: a pairing's games of two rounds.

    Example:
        >>> schedule_pairs(2, 4)   # rounds 0 and 1 make pairs 0 and 1; rounds 2 and 3, 2 and 3
        (0, 1, 0, 1, 2, 3, 2, 3)
    """
    return tuple(
        (round_ // 2) * pairings + pairing
        for round_ in range(games_per_pair)
        for pairing in range(pairings)
    )


def _check(
    game: Game[_S, _A],
    players: object,
    games_per_pair: object,
    seed: object,
    max_moves: object,
    caller: str,
) -> Sequence[Callable[[_S], _A]]:
    """The entrants, after checking the game, the players and the options."""
    check_is_game(game)
    if game.num_players != 2:
        raise UnsupportedGameError(
            f"{caller}: pairs two entrants a game; {type(game).__name__} has "
            f"{game.num_players} players"
        )
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or len(players) < 2
        or not all(callable(player) for player in players)
    ):
        raise InvalidSearchOptionError(
            f"{caller}: players must be two or more callables state -> action, not "
            f"{short_repr(players)}"
        )
    check_player_games(game, players, caller)
    check_pairs_of_games(games_per_pair, "games_per_pair", caller,
                         "half the games with each entrant first")  # fmt: skip
    check_seed(seed, caller)
    check_max_moves(max_moves, caller)
    return players
