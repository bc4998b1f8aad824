"""Negamax: alpha-beta search for two-player zero-sum games, values for the side to move."""

from __future__ import annotations

from ._negamax import window_search
from .game import A, Evaluation, Game, S
from .result import SearchResult

__all__ = ["negamax"]


def negamax(
    game: Game[S, A],
    state: S | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation[S] | None = None,
) -> SearchResult[A]:
    """Negamax with alpha-beta pruning (Knuth and Moore 1975).

    In a zero-sum game one player's gain is the other's loss, so a node's value for the player
    to move is the negation of its value for the opponent: max(a, b) serves both sides, and the
    window (alpha, beta) becomes (-beta, -alpha) one ply down. Leaves are scored by the utility
    of the player to move above them; the game must be zero-sum
    (``utility(s, 0) == -utility(s, 1)``) for the result to be minimax's.

    Args:
        game: A two-player zero-sum game.
        state: The root; ``None`` means ``game.initial_state()``.
        depth: Plies to search (an int >= 1), or ``None`` to search to terminal states.
        evaluate: ``evaluate(state, player)``, the estimated utility for ``player`` of a
            non-terminal state at the depth limit; required with ``depth``.

    Returns:
        The value for the player to move at ``state``, its best action (the first best in
        ``actions()`` order), the principal variation and the node counts.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        UnsupportedGameError: ``game.num_players`` is not 2 (negamax needs two players).
        InvalidSearchOptionError: a bad ``depth``, or ``depth`` without ``evaluate``.
        InvalidUtilityError: a utility or evaluation is NaN.
        GameProtocolError: a non-terminal state has no actions.
        SearchTooDeepError: the tree is deeper than Python's recursion limit.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> state = game.parse("XX. / OO. / ...")   # X to move can win at once
        >>> result = negamax(game, state)
        >>> result.value, result.action, result.pv
        (1.0, 2, (2,))
    """
    return window_search(game, state, depth, evaluate, searcher="negamax", root_view=False)
