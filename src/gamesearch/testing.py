"""Hypothesis strategies for testing searchers and games, yours included, and the game checker.

Install with the ``testing`` extra (``pip install gamesearch[testing]``). A property test of a
searcher is then one line of strategy:

>>> from hypothesis import given
>>> from gamesearch import alphabeta, minimax
>>> @given(game_trees())
... def test_alphabeta_equals_minimax(tree):
...     assert alphabeta(tree).value == minimax(tree).value
>>> test_alphabeta_equals_minimax()

:func:`check_game`, the conformance checker, lives in :mod:`gamesearch.conformance`, which
needs no Hypothesis; it is offered here too, beside the strategies.
"""

from __future__ import annotations

from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "gamesearch.testing needs Hypothesis: pip install 'gamesearch[testing]'"
    ) from exc

from .conformance import check_game
from .game import A, Game, S
from .games.tree import GameTree

__all__ = ["check_game", "game_trees", "nested_trees", "states"]


def nested_trees(
    *,
    max_depth: int = 3,
    min_branching: int = 1,
    max_branching: int = 3,
    values: st.SearchStrategy[float] | st.SearchStrategy[int] | None = None,
    uniform: bool = False,
) -> st.SearchStrategy[Any]:
    """Random trees as nested lists of numbers, the form :class:`GameTree` reads.

    Args:
        max_depth: The deepest a leaf can be (the root is at depth 0).
        min_branching: The fewest children of an internal node (>= 1).
        max_branching: The most children of an internal node.
        values: The strategy for leaf numbers; default: integers from -9 to 9, which gives
            plenty of ties.
        uniform: If true, every leaf is at ``max_depth``; otherwise a node above
            ``max_depth`` may be a leaf as well.

    Returns:
        A strategy of nested lists (or a bare number, a tree of one leaf, when
        ``max_depth == 0`` or the draw makes the root a leaf).
    """
    if max_depth < 0:
        raise ValueError(f"max_depth must be >= 0, got {max_depth}")
    if not 1 <= min_branching <= max_branching:
        raise ValueError(
            f"need 1 <= min_branching <= max_branching, got {min_branching}, {max_branching}"
        )
    leaf: st.SearchStrategy[Any] = st.integers(-9, 9) if values is None else values

    def subtree(depth: int) -> st.SearchStrategy[Any]:
        if depth == 0:
            return leaf
        children = st.lists(subtree(depth - 1), min_size=min_branching, max_size=max_branching)
        return children if uniform else st.one_of(leaf, children)

    return subtree(max_depth)


def game_trees(
    *,
    max_depth: int = 3,
    min_branching: int = 1,
    max_branching: int = 3,
    values: st.SearchStrategy[float] | st.SearchStrategy[int] | None = None,
    uniform: bool = False,
) -> st.SearchStrategy[GameTree]:
    """Random two-player :class:`GameTree` games; the arguments are those of :func:`nested_trees`.

    Example:
        >>> from hypothesis import given
        >>> from gamesearch import minimax
        >>> @given(game_trees(max_depth=2, min_branching=2, max_branching=2, uniform=True))
        ... def test_four_leaves(tree):
        ...     assert minimax(tree).stats.leaves == 4
        >>> test_four_leaves()
    """
    return nested_trees(
        max_depth=max_depth,
        min_branching=min_branching,
        max_branching=max_branching,
        values=values,
        uniform=uniform,
    ).map(GameTree)


def states(game: Game[S, A], *, max_moves: int | None = None) -> st.SearchStrategy[S]:
    """States reachable from ``game.initial_state()`` by random legal play.

    Each example draws a number of moves, up to ``max_moves``, and plays that many random legal
    actions (fewer if the game ends first), so early and late positions, terminal ones included,
    all come up; Hypothesis shrinks towards the initial state.

    Args:
        game: Any game.
        max_moves: The most actions to play; ``None`` sets no bound, so that some examples
            play on until the game ends.

    Example:
        >>> from hypothesis import given
        >>> from gamesearch.games import TicTacToe
        >>> game = TicTacToe()
        >>> @given(states(game, max_moves=4))
        ... def test_few_marks(state):
        ...     assert len(game.actions(state)) >= 5
        >>> test_few_marks()
    """
    if max_moves is not None and max_moves < 0:
        raise ValueError(f"max_moves must be >= 0 or None, got {max_moves}")

    moves = st.integers(min_value=0) if max_moves is None else st.integers(0, max_moves)

    @st.composite
    def play(draw: st.DrawFn) -> S:
        state = game.initial_state()
        for _ in range(draw(moves)):
            if game.is_terminal(state):
                break
            actions = game.actions(state)
            state = game.result(state, actions[draw(st.integers(0, len(actions) - 1))])
        return state

    return play()
