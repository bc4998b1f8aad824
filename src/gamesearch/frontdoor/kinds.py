"""A game's kind, as the command reads it: players, chance, and what its utilities add up to.

The command chooses and refuses searchers by their rows of the registry
(:mod:`gamesearch.searchers`) against the game's kind: a row says how many players it takes,
whether chance nodes, and whether it needs a zero-sum or a constant-sum game. The number of
players and chance are the game's own (``num_players``, ``chance_outcomes``); the sums are read
from a few lines played to their ends (:func:`kind_of`), the first actions', the last actions'
and some drawn at random with a fixed seed, so the same game always reads the same. A sum the
lines did not contradict is taken on trust: the searcher checks every end it reads itself.

>>> from gamesearch.games import Nim, TicTacToe
>>> from gamesearch.capabilities import Capabilities
>>> kind_of(TicTacToe(), Capabilities.of(TicTacToe())).sums
'zero'
>>> game = Nim((2, 2), players=2)
>>> kind_of(game, Capabilities.of(game)).sums
'constant'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

from ..capabilities import Capabilities
from ..game import CHANCE
from ..searchers import Searcher

Sums = Literal["zero", "constant", "other", "unknown"]
"""What a two-player game's two utilities add up to at its ends: 0 at every end read, the same
number, different numbers, or not known (no end reached, a game of other than two players)."""

_LINES = 8
"""How many lines :func:`kind_of` plays to their ends: the first actions', the last actions'
and the rest drawn at random."""

_LONGEST = 1_000
"""The most plies a line is played (a game with cycles may run on)."""

_CLOSE = 1e-9
"""How far two sums may differ (relative to the larger utility) and still be the same."""


class Kind:
    """What the command knows of a game before it chooses a searcher.

    Its sums are read when first asked for (a few lines played to their ends), since only the
    searchers that need a zero-sum or constant-sum game ask.
    """

    __slots__ = ("_read", "_sums", "chance", "players")

    def __init__(
        self,
        players: int,
        chance: bool,
        sums: Sums | None = None,
        *,
        read: Callable[[], Sums] | None = None,
    ) -> None:
        self.players = players
        """The number of players."""
        self.chance = chance
        """Whether it has chance nodes (it has ``chance_outcomes``)."""
        self._sums = "unknown" if sums is None and read is None else sums
        self._read = read

    @property
    def sums(self) -> Sums:
        """What its two utilities add up to at its ends (two players only)."""
        if self._sums is None:
            assert self._read is not None
            self._sums = self._read()
        return self._sums

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Kind):
            return NotImplemented
        return (self.players, self.chance, self.sums) == (other.players, other.chance, other.sums)

    def __hash__(self) -> int:
        return hash((self.players, self.chance))

    def __repr__(self) -> str:
        return f"Kind({self.players}, {self.chance}, {self.sums!r})"

    def describe(self) -> str:
        """The kind in words: ``"a game of chance of 3 players"``, ``"a game of one player"``."""
        players = "one player" if self.players == 1 else f"{self.players} players"
        return f"a game {'of chance ' if self.chance else ''}of {players}"


def fits(row: Searcher, kind: Kind) -> bool:
    """Whether ``row``'s searcher takes a game of ``kind``.

    Its players and chance (:meth:`Searcher.accepts`), and a zero-sum or constant-sum game if
    its row says it needs one (a sum not known is given the benefit of the doubt).

    >>> from gamesearch.searchers import find_searcher
    >>> fits(find_searcher("solve"), Kind(2, True, "other"))
    False
    >>> fits(find_searcher("mcts"), Kind(3, True))
    True
    """
    if not row.accepts(players=kind.players, chance=kind.chance, hidden=False):
        return False
    if row.zero_sum and kind.sums in ("constant", "other"):
        return False
    return not (row.constant_sum and kind.sums == "other")  # read only if the row asks


def why_not(row: Searcher, kind: Kind) -> str:
    """Why ``row``'s searcher does not take a game of ``kind``, in words ("" if it does)."""
    if fits(row, kind):
        return ""
    if kind.chance and not row.chance:
        return "a game of chance"
    if row.players == "two" and kind.players != 2:
        return f"not a two-player game ({kind.players} player{'' if kind.players == 1 else 's'})"
    if row.zero_sum:
        return "not zero-sum (its two utilities do not add up to 0 at every end)"
    return "not constant-sum (its two utilities add up to different numbers at its ends)"


def kind_of(game: Any, members: Capabilities) -> Kind:
    """The kind of ``game`` (whose record is ``members``), its sums read from a few lines."""
    players = game.num_players
    chance = members.chance_outcomes is not None
    if players != 2:
        return Kind(players, chance)
    return Kind(players, chance, read=lambda: _sums(game, members))


def _sums(game: Any, members: Capabilities) -> Sums:
    """What the two utilities add up to at the ends of a few lines of ``game``."""
    rng = random.Random(0)
    found: list[tuple[float, float]] = []
    try:
        for line in range(_LINES):
            end = _end(game, members, rng, line)
            if end is not None:
                found.append(end)
    except Exception:  # the game raises on its way: the searcher meets it, and names it
        return "unknown"
    if not found:
        return "unknown"
    totals = [first + second for first, second in found]
    scale = max(1.0, *(abs(value) for end in found for value in end))
    if max(totals) - min(totals) > _CLOSE * scale:
        return "other"
    return "zero" if all(abs(total) <= _CLOSE * scale for total in totals) else "constant"


def _end(game: Any, members: Capabilities, rng: random.Random, line: int) -> Any:
    """The utilities at the end of one line (``None`` if it runs on).

    Line 0 takes the first action, line 1 the last, the others one drawn at random (each chance
    outcome likewise).
    """
    state = game.initial_state()
    for _ in range(_LONGEST):
        if game.is_terminal(state):
            return float(game.utility(state, 0)), float(game.utility(state, 1))
        if game.to_move(state) == CHANCE and members.chance_outcomes is not None:
            choices = [outcome for outcome, _ in members.chance_outcomes(state)]
        else:
            choices = list(game.actions(state))
        index = 0 if line == 0 else -1 if line == 1 else rng.randrange(len(choices))
        state = game.result(state, choices[index])
    return None
