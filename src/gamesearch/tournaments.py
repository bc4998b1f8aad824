"""Tournaments: many games between the same players, on any executor, recorded in game order.

A tournament is embarrassingly parallel: every game is a part of its own (see
:mod:`gamesearch._parts`). What makes it reproducible is that nothing a game depends on comes
from the order the games happen to run in: each game plays fresh copies of the players, whose
generators (a ``rng`` attribute holding a ``random.Random``, as :class:`~gamesearch.RandomPlayer`
and :class:`~gamesearch.MCTSPlayer` have) are seeded from the tournament's seed and the game's
index, and the chance outcomes are drawn from a seed derived the same way. So the records are
the same serially, on threads, on processes and on a Dask cluster.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._entry import check_is_game
from ._game_counts import check_game_count, check_seed
from ._parts import check_executor, check_retries, check_shippable, derived_seed, run_parts
from ._utilities import MeanUtility, mean_utility
from .errors import GameSearchError, InvalidSearchOptionError, PartFailedError, short_repr
from .game import Game
from .openings import DEFAULT_OPENINGS, RandomOpenings, opening_positions, schedule_openings
from .playing import GameRecord, check_max_moves, check_players, play
from .progress import ProgressCallback

__all__ = ["MeanUtility", "TournamentResult", "repeated_games", "tournament"]

_S = TypeVar("_S")
_A = TypeVar("_A")

_CALLER = "tournament"

@dataclass(frozen=True)
class TournamentResult(Generic[_S, _A]):
    """What happened in a :func:`tournament`: every game's record, and each entrant's tally.

    The entrants are the players passed to :func:`tournament`, by their index there; a *seat*
    is a player number of the game (0 moves first in most games).
    """

    records: tuple[GameRecord[_S, _A], ...]
    """Every game's record, in the order of the games (whatever order they finished in)."""

    seats: tuple[tuple[int, ...], ...]
    """``seats[g][p]``: the entrant who played seat ``p`` in game ``g``."""

    wins: tuple[int, ...]
    """Per entrant: the games it won (its utility strictly the highest)."""

    draws: tuple[int, ...]
    """Per entrant: the finished games that nobody won (a tie for the highest utility)."""

    losses: tuple[int, ...]
    """Per entrant: the games another entrant won."""

    unfinished: int
    """The games stopped at ``max_moves`` before they ended (counted in no tally)."""

    pairs: tuple[int | None, ...] = ()
    """Per game: the number of its pair, the games played from one opening with the seats
    swapped (in a game of more players, a round of as many games, the seats rotated); ``None``
    for a game of no pair. Empty when unknown (a result made without it)."""

    repeats: tuple[int, ...] = ()
    """The games that repeat an earlier one move for move, the same entrants in the same
    seats, both :attr:`~gamesearch.GameRecord.reproducible` (nothing random decided them):
    counted in no tally. Deterministic players from one opening play one game, however many
    times they are asked to; see :mod:`gamesearch.openings`."""

    @property
    def score(self) -> tuple[float, ...]:
        """Per entrant: a point for a win, half a point for a draw (the chess convention)."""
        return tuple(win + draw / 2 for win, draw in zip(self.wins, self.draws, strict=True))

    @property
    def utilities(self) -> tuple[MeanUtility, ...]:
        """Per entrant: its mean utility per finished game, with a 95% interval.

        What a poker player counts: the chips won per game, where ``wins`` counts only who won.
        Each distinct game counts once, as in the tally and the ratings: the :attr:`repeats`
        are left out.
        """
        repeated = set(self.repeats)
        kept = [i for i in range(len(self.records)) if i not in repeated]
        records = tuple(self.records[i] for i in kept)
        seats = tuple(self.seats[i] for i in kept)
        return tuple(mean_utility(records, seats, entrant) for entrant in range(len(self.wins)))

    def __str__(self) -> str:
        """A row per entrant: its games won, drawn and lost, its score and its mean utility."""
        return "\n".join(
            f"entrant {entrant}: {win} won, {draw} drawn, {loss} lost, score {score:g}; "
            f"mean utility {utility}"
            for entrant, (win, draw, loss, score, utility) in enumerate(
                zip(self.wins, self.draws, self.losses, self.score, self.utilities, strict=True)
            )
        ) + (f"\nunfinished: {self.unfinished} games" if self.unfinished else "") + (
            f"\nrepeated: {len(self.repeats)} games repeated an earlier game move for move: "
            "counted once"
            if self.repeats
            else ""
        )


@dataclass(frozen=True)
class _Game(Generic[_S, _A]):
    """One game of a tournament: a part, shipped to a worker as it is."""

    index: int
    game: Game[_S, _A]
    players: tuple[Callable[[_S], _A], ...]
    """One player per seat, not copied yet (:func:`_play_game` copies and seeds them)."""
    entrants: tuple[int, ...]
    """The entrant of each seat: its generator's seed comes from the entrant's number."""
    seed: int
    max_moves: int | None
    opening: tuple[_A, ...] = ()
    """The moves made before the players take over."""

    def __repr__(self) -> str:
        return f"game {self.index} (entrants {self.entrants} in seats 0..{len(self.entrants) - 1})"


def tournament(
    game: Game[_S, _A],
    players: Sequence[Callable[[_S], _A]],
    *,
    games: int,
    seed: int = 0,
    alternate: bool = True,
    openings: RandomOpenings | Sequence[Sequence[_A]] | None = DEFAULT_OPENINGS,
    max_moves: int | None = 10_000,
    executor: Executor | None = None,
    retries: int = 0,
    progress: ProgressCallback | None = None,
    on_record: Callable[[int, GameRecord[_S, _A]], object] | None = None,
) -> TournamentResult[_S, _A]:
    """Play ``games`` games between ``players``, in this process or on ``executor``.

    Every game starts from an opening, by default a short random line drawn from ``seed``,
    the same for each round of games that rotates the seats (a pair of games in a two-player
    game, the colours swapped), so that deterministic players do not play one game over and
    over (see :mod:`gamesearch.openings`); a game that repeats an earlier one move for move is
    counted once (openings that transpose to one position count as one: see
    :func:`repeated_games`). Every game is played by :func:`~gamesearch.play` with fresh
    copies of the players (so what a player learns in one game, such as an
    :class:`~gamesearch.MCTSPlayer`'s tree, does not leak into the next), and a player's
    generator (its ``rng`` attribute, when that is a ``random.Random``) is seeded from
    ``seed``, the game's index and the entrant's number; the chance outcomes from ``seed``
    and the game's index. So the records depend on ``seed`` and
    nothing else: the same serially and on any executor, with any number of workers. (A
    player that stops at a ``time_limit`` is still at the mercy of the machine's speed.)

    Args:
        game: Any game :func:`~gamesearch.play` plays.
        players: The entrants, one per seat of the game (``game.num_players`` of them), each a
            player as :func:`~gamesearch.play` takes: :func:`~gamesearch.searcher_player`,
            :func:`~gamesearch.random_player`, an :class:`~gamesearch.MCTSPlayer`, or any
            callable ``state -> action``.
        games: How many games to play (an int >= 1).
        seed: The int every seed of the tournament is derived from.
        alternate: Rotate the seats from game to game: in game ``g`` entrant ``e`` plays seat
            ``(e - g) mod n``, so that in a two-player game the entrants take turns to move
            first. ``False`` keeps entrant ``p`` in seat ``p`` throughout (every game then has
            an opening of its own, and no pair).
        openings: Where the games start: ``RandomOpenings(plies=2)`` (the default) draws a
            line of random moves for each round from ``seed``; a sequence of openings (each a
            sequence of moves, such as :func:`~gamesearch.openings.read_openings` reads) plays
            them in turn; ``None`` starts every game from the initial state.
        max_moves: As for :func:`~gamesearch.play`: a game still going after this many moves
            is stopped, and counted in ``unfinished``.
        executor: Where to play the games: ``None`` plays them here, one after another; any
            ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor`` for every core, Dask's
            ``Client.get_executor()`` for a cluster) plays them as parts. The game and the
            players must then pickle, which is checked before any game is sent.
        retries: Play a game that raised again, up to this many times (an int >= 0).
        progress: Called with a :class:`~gamesearch.progress.Progress` (phase ``"parts"``,
            counting games) at the start (``done`` 0) and after each game.
        on_record: ``on_record(index, record)``, called in this process as each game finishes
            (in the order they finish): a game that fails does not lose the ones before it.

    Returns:
        A :class:`TournamentResult`: the records in game order, the seats, and each entrant's
        wins, draws and losses.

    Raises:
        InvalidSearchOptionError: ``games``, ``seed``, ``alternate``, ``max_moves`` or
            ``retries`` out of range, ``players`` not one callable per player, ``executor``
            not an executor, or ``openings`` not openings of this game.
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        NotPicklableError: the executor runs games in other processes, and the game or a
            player cannot be pickled.
        PartFailedError: a game raised (or its worker died) after its retries; the message
            names the game, and the games finished before were handed to ``on_record``.
        GameSearchError: a game broke the protocol (a NaN utility, a state without actions
            that is not terminal, ...): the error ``play`` raises, as itself (its cause, a
            :class:`PartFailedError`, names the game).

    Example:
        Perfect play against a random player, alternating who moves first:

        >>> from gamesearch import alphabeta, random_player, searcher_player
        >>> from gamesearch.games import TicTacToe
        >>> players = [searcher_player(alphabeta), random_player()]
        >>> result = tournament(TicTacToe(), players, games=4, seed=1, openings=None)
        >>> result.seats, result.pairs
        (((0, 1), (1, 0), (0, 1), (1, 0)), (0, 0, 1, 1))
        >>> result.losses[0], result.wins[0] + result.draws[0]   # perfect play never loses
        (0, 4)
        >>> result == tournament(TicTacToe(), players, games=4, seed=1, openings=None)
        True
        >>> drawn = tournament(TicTacToe(), players, games=4, seed=1)  # two random moves first
        >>> tuple(record.opening for record in drawn.records)
        ((4, 3), (4, 3), (6, 5), (6, 5))
    """
    check_is_game(game)
    players = check_players(game, players, _CALLER)
    check_max_moves(max_moves, _CALLER)
    _check_options(games, seed, alternate)
    count = len(players)
    seats = tuple(seats_of(index, count, alternate) for index in range(games))
    rounds = tuple(index // count if alternate else index for index in range(games))
    lines = schedule_openings(game, openings, rounds[-1] + 1, seed, _CALLER)
    return play_seated(
        game, players, seats, seed=seed, max_moves=max_moves, executor=executor,
        retries=retries, progress=progress, on_record=on_record, caller=_CALLER,
        pairs=rounds if alternate else (None,) * games,
        openings=tuple(lines[round_] for round_ in rounds),
    )  # fmt: skip


def play_seated(
    game: Game[_S, _A],
    players: Sequence[Callable[[_S], _A]],
    seats: tuple[tuple[int, ...], ...],
    *,
    seed: int,
    max_moves: int | None,
    executor: Executor | None,
    retries: int,
    progress: ProgressCallback | None,
    on_record: Callable[[int, GameRecord[_S, _A]], object] | None,
    caller: str,
    pairs: tuple[int | None, ...],
    openings: tuple[tuple[_A, ...], ...],
) -> TournamentResult[_S, _A]:
    """Play a game for each seating of ``seats`` (the entrants of ``players`` in each seat).

    What :func:`tournament` and the schedules of :mod:`gamesearch.schedules` share: the
    players, game, seed, ``max_moves``, pairs and openings (one of each per game) checked by the
    caller; the executor and retries here.
    """
    check_executor(executor, caller)
    retries = check_retries(retries, caller)
    check_shippable(executor, caller, game=game, players=tuple(players))
    parts = [
        _Game(
            index=index,
            game=game,
            players=tuple(players[entrant] for entrant in seated),
            entrants=seated,
            seed=seed,
            max_moves=max_moves,
            opening=opening,
        )
        for index, (seated, opening) in enumerate(zip(seats, openings, strict=True))
    ]
    try:
        records = run_parts(
            executor,
            _play_game,
            parts,
            caller=caller,
            on_result=on_record,
            progress=progress,
            retries=retries,
        )
    except PartFailedError as failure:
        if isinstance(failure.__cause__, GameSearchError):
            # A game that breaks the protocol fails as it does in play(), not as a lost part.
            raise failure.__cause__ from failure
        raise
    return tally(tuple(records), seats, len(players), pairs, game=game)


def _check_options(games: object, seed: object, alternate: object) -> None:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidSearchOptionError(
            f"{_CALLER}: games must be an int >= 1, not {short_repr(games)}"
        )
    check_game_count(games, _CALLER)
    check_seed(seed, _CALLER)
    if not isinstance(alternate, bool):
        raise InvalidSearchOptionError(f"{_CALLER}: alternate must be True or False")


def _play_game(part: _Game[_S, _A]) -> GameRecord[_S, _A]:
    """Play one game of a tournament with fresh, freshly seeded copies of its players."""
    # Copied together, so that a player in two seats stays one; an executor a player searches
    # with (an MCTSPlayer's trees=, a searcher_player's executor=) is shared, not copied.
    players = copy.deepcopy(part.players, _executors(part.players))
    seeded: set[int] = set()
    for player, entrant in zip(players, part.entrants, strict=True):
        rng = getattr(player, "rng", None)
        if isinstance(rng, random.Random) and id(rng) not in seeded:
            seeded.add(id(rng))
            rng.seed(derived_seed(part.seed, part.index, "entrant", entrant))
    return play(
        part.game,
        players,
        seed=derived_seed(part.seed, part.index, "chance"),
        max_moves=part.max_moves,
        opening=part.opening,
    )


def _executors(players: tuple[Any, ...]) -> dict[int, Any]:
    """A ``deepcopy`` memo that keeps the executors among the players' attributes and options."""
    found: dict[int, Any] = {}
    for player in players:
        values = list(getattr(player, "__dict__", {}).values())
        options = getattr(player, "options", None)
        if isinstance(options, dict):
            values += options.values()
        found.update((id(value), value) for value in values if isinstance(value, Executor))
    return found


def seats_of(index: int, count: int, alternate: bool) -> tuple[int, ...]:
    """The entrant in each seat of game ``index``: with ``alternate``, rotated by one a game."""
    return tuple((seat + index) % count if alternate else seat for seat in range(count))


def tally(
    records: tuple[GameRecord[_S, _A], ...],
    seats: tuple[tuple[int, ...], ...],
    count: int,
    pairs: tuple[int | None, ...] = (),
    *,
    game: Game[Any, Any] | None = None,
) -> TournamentResult[_S, _A]:
    """The result of the games of ``records``, played by ``count`` entrants seated as ``seats``.

    A game that repeats an earlier one (the same entrants in the same seats, the same moves
    from the same position: with ``game``, openings that transpose to one position are one)
    is listed in ``repeats`` and counted in no tally. :func:`tournament` tallies all its games
    with it, and ``gamesearch match`` the games played so far when it is interrupted.
    """
    wins, draws, losses = [0] * count, [0] * count, [0] * count
    unfinished = 0
    repeats = repeated_games(records, seats, game=game)
    skipped = set(repeats)
    for index, (record, seated) in enumerate(zip(records, seats, strict=True)):
        if index in skipped:
            continue
        if not record.finished:
            unfinished += 1
            continue
        for seat, entrant in enumerate(seated):
            if record.winner is None:
                draws[entrant] += 1
            elif record.winner == seat:
                wins[entrant] += 1
            else:
                losses[entrant] += 1
    return TournamentResult(
        records=records,
        seats=seats,
        wins=tuple(wins),
        draws=tuple(draws),
        losses=tuple(losses),
        unfinished=unfinished,
        pairs=pairs,
        repeats=repeats,
    )


def repeated_games(
    records: Sequence[GameRecord[Any, Any]],
    seats: Sequence[tuple[int, ...]],
    *,
    game: Game[Any, Any] | None = None,
) -> tuple[int, ...]:
    """The games that repeat an earlier one: the same entrants in each seat, the same moves.

    With ``game``, a game's opening counts by the position it reaches (the game's ``key``, or
    the state): two openings that transpose to one position, followed by the same moves, are
    one game, as deterministic players play the same game from both. Without it, by its moves.
    Only :attr:`~gamesearch.GameRecord.reproducible` games count: two games of players that
    drew at random are two samples, however alike.

    Example:
        >>> from gamesearch import play, searcher_player, alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> perfect = searcher_player(alphabeta)
        >>> games = [play(TicTacToe(), [perfect, perfect]) for _ in range(3)]
        >>> repeated_games(games, [(0, 1), (1, 0), (0, 1)])   # the third is the first again
        (2,)
    """
    seen: set[object] = set()
    found = []
    starts = (
        opening_positions(game, [record.opening for record in records])
        if game is not None
        else tuple(record.opening for record in records)
    )
    for index, (record, seated) in enumerate(zip(records, seats, strict=True)):
        if not record.reproducible:
            continue
        played: object = (tuple(seated), starts[index], record.moves[len(record.opening) :])
        try:
            hash(played)
        except TypeError:  # moves that do not hash: told apart by their text
            played = repr(played)
        if played in seen:
            found.append(index)
        seen.add(played)
    return tuple(found)
