"""The sequential probability ratio test of a match: stop as soon as the games decide.

Wald's (1945) sequential test weighs two hypotheses, H0 that the first entrant is ``elo0``
Elo stronger than the second, H1 that it is ``elo1`` stronger, by the log-likelihood ratio of
the games so far, and stops the match when the ratio leaves ``(log(beta / (1 - alpha)),
log((1 - beta) / alpha))``: above, H1 is accepted (wrongly at most ``alpha`` of the time if H0
holds), below, H0 is (wrongly at most ``beta`` of the time if H1 holds). On average it needs
far fewer games than a match of fixed length with the same error rates.

The results of games do not follow a model with one parameter (draws vary, and pairs of
games from one opening are not independent), so the test is the *generalised* SPRT that
fishtest runs (Van den Bergh): the games' outcomes are counted, as pairs (pentanomial: 0,
1/2, 1, 3/2, 2 points) or as single games (trinomial: 0, 1/2, 1); under each hypothesis the
outcomes' distribution is the one of greatest likelihood whose expected score is that
hypothesis's (``1 / (1 + 10 ** (-elo / 400))``, logistic Elo), and the ratio is of those two
likelihoods. That distribution is ``p_i / (1 + x (a_i - s))``, where ``p_i`` is the share of
outcome ``a_i`` and ``x`` solves ``sum p_i (a_i - s) / (1 + x (a_i - s)) = 0``, found here by
bisection. An outcome never seen counts 0.001 times, as fishtest's.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from ._game_counts import check_game_count, check_pairs_of_games
from .errors import InvalidSearchOptionError, UnsupportedGameError, short_repr
from .game import Game
from .openings import DEFAULT_OPENINGS, RandomOpenings, opening_positions, schedule_openings
from .pentanomial import Pentanomial, check_counts, regularised, tilt_of
from .playing import GameRecord
from .progress import ProgressCallback
from .tournaments import (
    TournamentResult,
    seats_of,
    tally,
    tournament,
)

__all__ = ["SPRT", "SPRTResult", "SPRTStatus", "log_likelihood_ratio", "sprt_match"]

_S = TypeVar("_S")
_A = TypeVar("_A")

Verdict = Literal["H0", "H1"] | None


def expected_score(elo: float) -> float:
    """The expected score a game of an entrant ``elo`` Elo stronger: logistic Elo."""
    return 1 / (1 + 10 ** (-elo / 400))


def log_likelihood_ratio(counts: Sequence[int] | Pentanomial, elo0: float, elo1: float) -> float:
    """The generalised log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``).

    Args:
        counts: Five counts of pairs (scoring 0, 1/2, 1, 3/2 and 2 points for the first
            entrant), a :class:`~gamesearch.pentanomial.Pentanomial`, or three counts of
            single games (losses, draws and wins of the first entrant).
        elo0: The Elo difference of H0 (logistic Elo).
        elo1: The Elo difference of H1.

    Returns:
        The log of the ratio of the likelihoods, 0 with no pair or game.

    Raises:
        InvalidSearchOptionError: ``counts`` are not five or three ints from 0 to 2**53.

    Example:
        Fishtest's published result of a Stockfish patch (test 5fe50b9d, passed at short
        time control, bounds {-0.25, 1.25}): LLR 2.95 after these pairs.

        >>> round(log_likelihood_ratio((292, 5905, 28939, 6129, 299), -0.25, 1.25), 2)
        2.95
    """
    found = counts.counts if isinstance(counts, Pentanomial) else counts
    found = check_counts(found, (5, 3), "log_likelihood_ratio")
    if not any(found):
        return 0.0
    shares = regularised(found)
    total = sum(shares)
    outcomes = [(k / (len(shares) - 1), share / total) for k, share in enumerate(shares)]
    ratio = 0.0
    for elo, sign in ((elo1, 1), (elo0, -1)):
        target = expected_score(elo)
        tilt = tilt_of(outcomes, target)
        ratio -= sign * sum(p * math.log1p(tilt * (a - target)) for a, p in outcomes)
    return sum(found) * ratio


@dataclass(frozen=True)
class SPRTStatus:
    """Where a sequential test stands after some games."""

    llr: float
    """The log-likelihood ratio of H1 against H0 so far."""
    lower: float
    """The bound below which H0 is accepted: ``log(beta / (1 - alpha))``."""
    upper: float
    """The bound above which H1 is accepted: ``log((1 - beta) / alpha)``."""
    verdict: Verdict
    """``"H1"``, ``"H0"``, or ``None`` while the ratio lies between the bounds."""

    def __str__(self) -> str:
        told = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[self.verdict]
        return f"LLR {self.llr:+.2f} (bounds {self.lower:+.2f}, {self.upper:+.2f}): {told}"


@dataclass(frozen=True)
class SPRT:
    """A sequential test of H0: the first entrant is ``elo0`` Elo stronger, against H1: ``elo1``.

    ``alpha`` is the chance of accepting H1 when H0 holds, ``beta`` of accepting H0 when H1
    holds (at most, when the truth is at or beyond them: below ``elo0``, or above ``elo1``).

    Example:
        >>> test = SPRT(0, 10)
        >>> print(test.status((0, 0, 10, 0, 0)))   # ten pairs, each won once each way
        LLR -0.29 (bounds -2.94, +2.94): undecided
        >>> print(test.status((1, 30, 310, 82, 7)))   # of 430 pairs, 89 won, 31 lost
        LLR +9.02 (bounds -2.94, +2.94): H1 accepted
    """

    elo0: float
    """The Elo difference of H0 (logistic Elo, the first entrant's rating minus the second's)."""
    elo1: float
    """The Elo difference of H1, above ``elo0``."""
    alpha: float = 0.05
    """The largest chance of accepting H1 when H0 holds."""
    beta: float = 0.05
    """The largest chance of accepting H0 when H1 holds."""

    def __post_init__(self) -> None:
        for name in ("elo0", "elo1", "alpha", "beta"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
                -2000 <= value <= 2000 if name.startswith("elo") else 0 < value < 0.5
            ):
                allowed = "from -2000 to 2000" if name.startswith("elo") else "above 0, below 0.5"
                raise InvalidSearchOptionError(
                    f"SPRT: {name} must be a number {allowed}, not {short_repr(value)}"
                )
        if not self.elo0 < self.elo1:
            raise InvalidSearchOptionError(
                f"SPRT: elo0 must be below elo1, not {self.elo0!r} and {self.elo1!r}"
            )

    def __str__(self) -> str:
        return (f"the SPRT of H0: {self.elo0:+g} Elo against H1: {self.elo1:+g} Elo (alpha "
                f"{self.alpha:g}, beta {self.beta:g})")  # fmt: skip

    @property
    def lower(self) -> float:
        """``log(beta / (1 - alpha))``: the ratio below which H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """``log((1 - beta) / alpha)``: the ratio above which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def status(self, counts: Sequence[int] | Pentanomial) -> SPRTStatus:
        """The ratio of ``counts`` and the verdict it gives.

        Args:
            counts: Pairs or games, as :func:`log_likelihood_ratio` takes them.
        """
        llr = log_likelihood_ratio(counts, self.elo0, self.elo1)
        verdict: Verdict = "H1" if llr >= self.upper else "H0" if llr <= self.lower else None
        return SPRTStatus(llr, self.lower, self.upper, verdict)


Ending = Literal["decided", "limit", "repeats"]


@dataclass(frozen=True)
class SPRTResult(Generic[_S, _A]):
    """What :func:`sprt_match` played, and what the test made of it.

    Example:
        >>> from gamesearch import alphabeta, searcher_player
        >>> from gamesearch.games import ConnectFour
        >>> deep, shallow = searcher_player(alphabeta, depth=2), searcher_player(alphabeta, depth=1)
        >>> done = sprt_match(ConnectFour(), [deep, shallow], SPRT(0, 10), max_games=400,
        ...                   openings=RandomOpenings(1))   # 7 openings: 7 distinct pairs
        >>> done.status.verdict, done.ended, done.distinct_openings
        (None, 'repeats', 7)
    """

    status: SPRTStatus
    """The ratio after the last pair, and the verdict (``None``: undecided)."""
    pairs: Pentanomial
    """The pairs counted: complete, finished, neither game a repeat of an earlier one."""
    result: TournamentResult[_S, _A]
    """Every game played, as :func:`~gamesearch.tournament` gives them (up to the stop): the
    records, the seats, each game's pair, the tally and the :attr:`~gamesearch.
    TournamentResult.repeats` (counted in no pair)."""
    ended: Ending = "decided"
    """Why the match stopped: ``"decided"`` (a verdict), ``"limit"`` (``max_games`` played,
    undecided) or ``"repeats"`` (undecided: every opening left had been played, and its games
    repeated move for move, so every game left would be a copy; see :attr:`reason`)."""
    distinct_openings: int = 0
    """How many distinct openings the match's pairs had to play (``max_games / 2`` pairs)."""

    @property
    def reason(self) -> str:
        """Why the match stopped, in a sentence, with what to do when it is undecided."""
        if self.ended == "decided":
            return f"{self.status.verdict} accepted"
        if self.ended == "limit":
            return ("undecided at the limit of games: play more games, or widen the test's "
                    "hypotheses (elo1 further from elo0)")  # fmt: skip
        return (f"undecided: no new games left: the {self.distinct_openings} distinct "
                "openings were all played by players that repeat their games move for move, "
                "so every game left would be a copy (no evidence): give longer random "
                "openings (more plies), a larger suite of openings, or players that vary "
                "(a seeded generator, MCTS)")  # fmt: skip


class _Decided(Exception):
    """Raised from a game's callback to stop the tournament once the test has decided."""


def sprt_match(
    game: Game[_S, _A],
    players: Sequence[Callable[[_S], _A]],
    test: SPRT,
    *,
    max_games: int,
    seed: int = 0,
    openings: RandomOpenings | Sequence[Sequence[_A]] | None = DEFAULT_OPENINGS,
    max_moves: int | None = 10_000,
    executor: Executor | None = None,
    retries: int = 0,
    progress: ProgressCallback | None = None,
    on_status: Callable[[SPRTStatus, Pentanomial], object] | None = None,
    on_record: Callable[[int, GameRecord[_S, _A]], object] | None = None,
) -> SPRTResult[_S, _A]:
    """Play pairs of games between two players until ``test`` decides, or ``max_games``.

    The games are :func:`~gamesearch.tournament`'s (the seats alternating, each pair from
    one opening); after each pair is complete the test weighs every complete pair so far
    (:meth:`SPRT.status`), and the match stops at the first verdict: the games not started
    are not played. On an executor, the games running at the verdict are not waited for: the
    executor plays them to their end, but they are neither counted nor handed to
    ``on_record`` (the verdict was reached without them).

    Args:
        game: A two-player game.
        players: The first entrant (whose advantage the test measures) and the second.
        test: The test: its hypotheses and error rates.
        max_games: The most games to play, an even int >= 2: undecided after them, the verdict
            is ``None`` (``ended`` is ``"limit"``).
        seed: As for :func:`~gamesearch.tournament`.
        openings: As for :func:`~gamesearch.tournament`.
        max_moves: As for :func:`~gamesearch.tournament`.
        executor: As for :func:`~gamesearch.tournament`.
        retries: As for :func:`~gamesearch.tournament`.
        progress: As for :func:`~gamesearch.tournament` (its total is ``max_games``).
        on_status: ``on_status(status, pairs)``, called after each complete pair.
        on_record: As for :func:`~gamesearch.tournament`: ``on_record(index, record)`` as each
            game finishes.

    Returns:
        An :class:`SPRTResult`.

    Raises:
        InvalidSearchOptionError: ``test`` is not an :class:`SPRT`, ``max_games`` is not an
            even int >= 2, or as :func:`~gamesearch.tournament` refuses its options.
        UnsupportedGameError: ``game`` has other than two players.
        GameSearchError: as :func:`~gamesearch.tournament` raises.

    Example:
        >>> from gamesearch import alphabeta, searcher_player
        >>> from gamesearch.games import ConnectFour
        >>> deep, shallow = searcher_player(alphabeta, depth=3), searcher_player(alphabeta, depth=1)
        >>> done = sprt_match(ConnectFour(), [deep, shallow], SPRT(0, 50), max_games=200, seed=1)
        >>> done.status.verdict, done.pairs.pairs < 100
        ('H1', True)
    """
    if not isinstance(test, SPRT):
        raise InvalidSearchOptionError(f"sprt_match: test must be an SPRT, not {short_repr(test)}")
    check_pairs_of_games(max_games, "max_games", "sprt_match", "pairs of games")
    check_game_count(max_games, "sprt_match")
    if game.num_players != 2:
        raise UnsupportedGameError(
            f"sprt_match: a test of two players; {type(game).__name__} has {game.num_players}"
        )
    records: dict[int, GameRecord[_S, _A]] = {}
    lines = schedule_openings(game, openings, max_games // 2, seed, "sprt_match")
    positions = opening_positions(game, lines)
    counting = _PairCounter(test, on_status, last_new_opening(positions), positions)

    def recorded(index: int, record: GameRecord[_S, _A]) -> None:
        records[index] = record
        if on_record is not None:
            on_record(index, record)
        if counting.add(index, record):
            raise _Decided

    with contextlib.suppress(_Decided):
        tournament(game, players, games=max_games, seed=seed, openings=openings,
                   max_moves=max_moves, executor=executor, retries=retries, progress=progress,
                   on_record=recorded)  # fmt: skip
    played = sorted(records)
    seats = tuple(seats_of(index, 2, True) for index in played)
    result = tally(tuple(records[i] for i in played), seats, 2, tuple(i // 2 for i in played),
                   game=game)  # fmt: skip
    status = counting.status()
    ended: Ending = (
        "decided" if status.verdict is not None else "repeats" if counting.exhausted else "limit"
    )
    return SPRTResult(status, counting.pentanomial(), result, ended, len(set(positions)))


def distinct(game: Game[Any, Any], lines: Sequence[Sequence[Any]]) -> int:
    """How many different openings ``lines`` holds: lines that transpose to one position are one."""
    return len(set(opening_positions(game, lines)))


def last_new_opening(positions: Sequence[Hashable]) -> int:
    """The last pair whose opening's position no earlier pair had: every later pair repeats one."""
    seen: set[Hashable] = set()
    last = 0
    for pair, where in enumerate(positions):
        if where not in seen:
            seen.add(where)
            last = pair
    return last


class _PairCounter:
    """The pairs of a match as their games come in (in any order), and the test's status."""

    def __init__(
        self,
        test: SPRT,
        on_status: Callable[[SPRTStatus, Pentanomial], object] | None,
        last_new: int,
        positions: Sequence[Hashable],
    ) -> None:
        self.test = test
        self.on_status = on_status
        self.last_new = last_new
        """The last pair with an opening of its own: past it, every opening is a replay."""
        self.exhausted = False
        """Whether a pair past ``last_new`` repeated both its games: every pair left would."""
        self.waiting: dict[int, tuple[float | None, bool]] = {}
        self.counts = [0] * 5
        self.seen: set[object] = set()
        self.positions = positions
        """The position each pair's opening reaches: transposed openings are one."""

    def add(self, index: int, record: GameRecord[Any, Any]) -> bool:
        """Count ``record`` (game ``index``); whether the match should stop after its pair.

        It stops at a verdict, or when a pair whose opening an earlier pair played repeated
        both its games move for move, past the last new opening: the players repeat their
        games, and every pair left replays an opening already played.
        """
        points, repeated = _first_points(index, record, self.seen, self.positions[index // 2])
        pair = index // 2
        if pair not in self.waiting:
            self.waiting[pair] = (points, repeated)
            return False
        other, other_repeated = self.waiting.pop(pair)
        if repeated and other_repeated and pair > self.last_new:
            self.exhausted = True
            return True
        if points is None or other is None:
            return False
        self.counts[round(2 * (points + other))] += 1
        status = self.status()
        if self.on_status is not None:
            self.on_status(status, self.pentanomial())
        return status.verdict is not None

    def pentanomial(self) -> Pentanomial:
        return Pentanomial(tuple(self.counts))  # type: ignore[arg-type]

    def status(self) -> SPRTStatus:
        return self.test.status(self.counts)


def _first_points(
    index: int, record: GameRecord[Any, Any], seen: set[object], where: Hashable
) -> tuple[float | None, bool]:
    """The first entrant's points in game ``index`` (``None`` if none count), and if a repeat.

    A game counts when it finished and does not repeat an earlier reproducible game: the same
    seats, the same moves from the same position (``where``, its opening's).
    """
    seated = seats_of(index, 2, True)
    if record.reproducible:
        played: object = (seated, where, repr(record.moves[len(record.opening) :]))
        if played in seen:
            return None, True
        seen.add(played)
    if not record.finished:
        return None, False
    return 0.5 if record.winner is None else float(seated[record.winner] == 0), False
