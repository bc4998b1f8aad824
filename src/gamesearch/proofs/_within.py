"""How far a proven win is: "does the attacker win within ``n`` plies?", asked for growing ``n``.

A proof that the player to move wins says nothing of how soon: df-pn follows the cheapest
proof, not the shortest mate, and the depth of the proof it found is only an upper bound (a
first move outside the proof may mate sooner). The distance is instead proven by questions
with a depth: :class:`WithinPlies` is the game cut off after ``n`` plies, in which the
attacker wins only by a win of the game itself within them and every other end (a draw, a
loss, the cut) counts as a loss. Its value is the win exactly when the attacker forces a win
in at most ``n`` plies, so the least ``n`` for which a proof search proves it is the
distance: :func:`win_distance` asks ``n = 1, 2, ...`` in turn, every answer but the last a
disproof. Since its values are a win and a loss only, each question is settled by one proof
or disproof, not the two a draw needs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .._entry import check_count
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, UnsupportedGameError
from ..game import Game, Player
from ..result import SearchResult
from ..twoplayer._distances import win_utility
from ._question import table_key

__all__ = ["Distance", "WithinPlies", "win_distance"]

_OWNER = "win_distance"

Cut = tuple[Any, int]
"""A state of :class:`WithinPlies`: the game's state and the plies still allowed."""


class WithinPlies:
    """``game`` from ``root`` cut off after ``plies`` plies: does the attacker win within them?

    The attacker is the player to move at ``root``. A state is a game's state with the plies
    left; it ends where the game ends or no ply is left. The attacker's utility is the game's
    ``win_utility`` ``W`` for a win of the game, ``-W`` for anything else; the other player's
    is its negation. The key is the game's exact key (``solving_key``, else ``key``, else the
    state) with the plies left; ``order`` is the game's. The game's ``must_play`` is not
    passed on: a move it leaves out loses, but perhaps later than the cut.

    Args:
        game: A two-player game that declares ``win_utility``.
        root: The state asked about.
        plies: The most plies the win may take, at least 1.

    Raises:
        UnsupportedGameError: ``game`` declares no ``win_utility``.
        InvalidSearchOptionError: ``plies`` is not a positive int.
    """

    num_players = 2

    def __init__(self, game: Game[Any, Any], root: Any, plies: int) -> None:
        _check_positive("plies", plies)
        found = Capabilities.of(game)
        win = win_utility(found)
        if win != win:  # NaN: no win_utility
            raise UnsupportedGameError(
                f"{type(game).__name__} declares no win_utility: a win within n plies is a "
                "win of the game, which only win_utility names"
            )
        self.game, self.root, self.plies, self.win_utility = game, root, plies, win
        self.attacker: Player = game.to_move(root)
        self._key = table_key(found)
        self._order = found.order
        self.cut = False
        """Whether a line was cut short: a state met with no ply left and the game not over.
        A question answered with no line cut has the answer of every greater number of
        plies."""

    def initial_state(self) -> Cut:
        """The root with every ply left."""
        return self.root, self.plies

    def to_move(self, state: Cut) -> Player:
        """The game's mover."""
        return self.game.to_move(state[0])

    def actions(self, state: Cut) -> Sequence[Any]:
        """The game's actions; none once the game is over or no ply is left."""
        return () if self.is_terminal(state) else self.game.actions(state[0])

    def result(self, state: Cut, action: Any) -> Cut:
        """The game's result, one ply fewer left."""
        return self.game.result(state[0], action), state[1] - 1

    def is_terminal(self, state: Cut) -> bool:
        """The game is over, or no ply is left (a cut, noted in :attr:`cut`)."""
        if self.game.is_terminal(state[0]):
            return True
        if state[1] == 0:
            self.cut = True
            return True
        return False

    def utility(self, state: Cut, player: Player) -> float:
        """``W`` to the attacker for a win of the game, else ``-W``; the other's is its negation."""
        inner, _ = state
        won = self.game.is_terminal(inner) and (
            self.game.utility(inner, self.attacker) >= self.win_utility
        )
        value = self.win_utility if won else -self.win_utility
        return value if player == self.attacker else -value

    def key(self, state: Cut) -> Hashable:
        """The game's exact key and the plies left."""
        return self._key(state[0]), state[1]

    def order(self, state: Cut, actions: Sequence[Any]) -> Sequence[Any]:
        """The game's ``order``, if it has one; else ``actions`` as they are."""
        return actions if self._order is None else self._order(state[0], actions)


@dataclass(frozen=True)
class Distance:
    """What :func:`win_distance` proved, for the player to move at the state asked about."""

    plies: int | None
    """The fewest plies in which that player forces a win of the game (its own last move
    included); ``None`` if none was proven: disproven for every number of plies up to
    ``most``, or (``settled`` False) a question stopped at its node limit."""

    action: Any
    """The first move of such a win (``None`` with ``plies``)."""

    nodes: int
    """The nodes of every search asked, the disproofs below ``plies`` included."""

    questions: int
    """How many numbers of plies were asked."""

    settled: bool
    """Whether every question asked was answered (False: the last stopped at its limit)."""


def win_distance(
    prover: Callable[..., SearchResult[Any]],
    game: Game[Any, Any],
    state: Any,
    *,
    most: int,
    step: int = 1,
    node_limit: int | None = None,
) -> Distance:
    """The fewest plies in which the player to move at ``state`` forces a win, proven.

    Asks ``prover`` (:func:`~gamesearch.dfpn` or :func:`~gamesearch.pns`) whether the win comes
    within ``n`` plies (:class:`WithinPlies`) for ``n = 1, 1 + step, ...`` up to ``most``: the
    first ``n`` proven is the distance, every smaller one asked having been disproven. A
    disproof whose search cut no line short (every line it searched ended within ``n`` plies)
    holds for every greater ``n``: the questions stop there (``most=10**9`` on a game the
    attacker cannot win asks as many as the game is long). ``step=2`` is right where the
    attacker can only win on its own moves (chess): a win then takes an odd number of plies.

    Args:
        prover: The proof search, called as ``prover(game, state, node_limit=...)``.
        game: A two-player game with ``win_utility``.
        state: A non-terminal state.
        most: The most plies looked at.
        step: The plies between two questions.
        node_limit: Each question's node limit, or ``None``.

    Returns:
        The distance in plies, with the first move and the nodes of all the questions; a
        question stopped at ``node_limit`` ends the questions unsettled.

    Raises:
        InvalidSearchOptionError: ``most``, ``step`` or ``node_limit`` not an int >= 1.
        UnsupportedGameError: ``game`` declares no ``win_utility``.
    """
    _check_positive("most", most)
    _check_positive("step", step)
    check_count(_OWNER, "node_limit", node_limit)
    nodes = questions = 0
    for plies in range(1, most + 1, step):
        cut = WithinPlies(game, state, plies)
        result = prover(cut, cut.initial_state(), node_limit=node_limit)
        nodes, questions = nodes + result.stats.nodes, questions + 1
        if not result.exact:
            return Distance(None, None, nodes, questions, settled=False)
        if result.value == cut.win_utility:
            return Distance(plies, result.action, nodes, questions, settled=True)
        if not cut.cut:  # every line ended within the plies: no greater number wins either
            break
    return Distance(None, None, nodes, questions, settled=True)


def _check_positive(name: str, value: object) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``value`` is an int >= 1 (not ``None``)."""
    if value is None:
        raise InvalidSearchOptionError(f"{_OWNER}: {name} must be an int >= 1, not None")
    check_count(_OWNER, name, value)
