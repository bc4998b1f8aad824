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

from fractions import Fraction
from numbers import Real
from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "gamesearch.testing needs Hypothesis: pip install 'gamesearch[testing]'"
    ) from exc

from ._validation import is_count
from .conformance import check_game
from .errors import InvalidSearchOptionError
from .game import A, Game, S
from .games.tree import Chance, GameTree
from .imperfect.hidden_deal import Deal, HiddenDealGame

__all__ = [
    "chance_trees",
    "check_game",
    "game_trees",
    "hidden_deal_games",
    "maxn_trees",
    "nested_trees",
    "states",
]


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
    leaf: st.SearchStrategy[Any] = st.integers(-9, 9) if values is None else values
    return _nested(leaf, max_depth, min_branching, max_branching, uniform)


def _nested(
    leaf: st.SearchStrategy[Any],
    max_depth: int,
    min_branching: int,
    max_branching: int,
    uniform: bool,
) -> st.SearchStrategy[Any]:
    """Nested lists of ``leaf`` examples, as :func:`nested_trees` describes them."""
    _check_shape(max_depth, min_branching, max_branching)

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


def chance_trees(
    *,
    max_depth: int = 3,
    min_branching: int = 1,
    max_branching: int = 3,
    values: st.SearchStrategy[float] | st.SearchStrategy[int] | None = None,
    exact: bool = True,
) -> st.SearchStrategy[GameTree]:
    """Random two-player :class:`GameTree` games with :class:`Chance` nodes among MAX and MIN's.

    Each internal node is a decision node or a chance node, drawn at random, so chance nodes
    may follow one another, or stand at the root. With ``exact`` (the default) every
    probability is a power of 1/2 (1/2, 1/4, 1/8, ...) and every leaf a small integer, so every
    sum, product and quotient that a searcher forms is exact in floating point: values that are
    equal in theory compare equal, as a test that a pruning searcher returns *exactly* the
    unpruned value needs (Star1 and Star2 divide by probabilities, and 1/3 has no exact float).

    Args:
        max_depth: The deepest a leaf can be, chance nodes counting (the root is at depth 0).
        min_branching: The fewest children of an internal node (>= 1).
        max_branching: The most children of an internal node.
        values: The strategy for leaf numbers; default: integers from -9 to 9. Keep them
            integers (or dyadic) for the arithmetic to stay exact.
        exact: If true, probabilities are powers of 1/2; if false, any positive weights,
            normalised to floats that sum to 1 within rounding.

    Returns:
        A strategy of trees, which have a ``chance_outcomes`` method when a chance node was
        drawn.

    Example:
        >>> from hypothesis import given
        >>> from gamesearch import expectiminimax
        >>> @given(chance_trees())
        ... def test_star2_equals_the_unpruned_value(tree):
        ...     full = expectiminimax(tree)
        ...     pruned = expectiminimax(tree, pruning="star2", bounds=(-9, 9))
        ...     assert (pruned.value, pruned.action) == (full.value, full.action)
        >>> test_star2_equals_the_unpruned_value()
    """
    _check_shape(max_depth, min_branching, max_branching)
    leaf: st.SearchStrategy[Any] = st.integers(-9, 9) if values is None else values

    def weights(count: int) -> st.SearchStrategy[list[float]]:
        return st.lists(st.integers(1, 9), min_size=count, max_size=count).map(
            lambda drawn: [weight / sum(drawn) for weight in drawn]
        )

    probabilities = _halves if exact else weights

    def chance_node(children: list[Any]) -> st.SearchStrategy[Chance]:
        return probabilities(len(children)).map(
            lambda shares: Chance(list(zip(shares, children, strict=True)))
        )

    def subtree(depth: int) -> st.SearchStrategy[Any]:
        if depth == 0:
            return leaf
        children = st.lists(subtree(depth - 1), min_size=min_branching, max_size=max_branching)
        return st.one_of(leaf, children, children.flatmap(chance_node))

    return subtree(max_depth).map(GameTree)


def _check_shape(max_depth: int, min_branching: int, max_branching: int) -> None:
    """Check the shape of the trees :func:`nested_trees` and :func:`chance_trees` draw.

    Raises:
        ValueError: ``max_depth < 0``, or not ``1 <= min_branching <= max_branching``.
    """
    if not is_count(max_depth, least=0):
        raise InvalidSearchOptionError(f"max_depth must be an int >= 0, got {max_depth!r}")
    if not (is_count(min_branching) and is_count(max_branching)) or min_branching > max_branching:
        raise InvalidSearchOptionError(
            f"need 1 <= min_branching <= max_branching, ints, got {min_branching!r}, "
            f"{max_branching!r}"
        )


@st.composite
def _halves(draw: st.DrawFn, count: int) -> list[float]:
    """``count`` powers of 1/2 that sum to 1: split a random share in two, count - 1 times."""
    shares = [1.0]
    for _ in range(count - 1):
        i = draw(st.integers(0, len(shares) - 1))
        shares[i : i + 1] = [shares[i] / 2] * 2
    return shares


def maxn_trees(
    num_players: int = 3,
    *,
    max_depth: int = 3,
    min_branching: int = 1,
    max_branching: int = 3,
    values: st.SearchStrategy[float] | st.SearchStrategy[int] | None = None,
    sum_bounds: tuple[float, float] | None = None,
    uniform: bool = False,
) -> st.SearchStrategy[GameTree]:
    """Random n-player :class:`GameTree` games, whose leaves are tuples of utilities.

    The players move in turn by depth, as in every ``GameTree(..., num_players=n)``; the
    tree's shape is drawn as by :func:`nested_trees`.

    Args:
        num_players: The number of players, n >= 1.
        max_depth: The deepest a leaf can be (the root is at depth 0).
        min_branching: The fewest children of an internal node (>= 1).
        max_branching: The most children of an internal node.
        values: The strategy for each utility; default: integers from -9 to 9, which gives
            plenty of ties. Not with ``sum_bounds``.
        sum_bounds: ``(min_per_player, max_sum)``: draw utilities of at least
            ``min_per_player`` each that sum to at most ``max_sum``, as shallow-pruned max-n
            needs (integers when both bounds are ints, floats otherwise).
        uniform: If true, every leaf is at ``max_depth``.

    Returns:
        A strategy of ``GameTree(..., num_players=num_players)`` games.

    Example:
        >>> from hypothesis import given
        >>> from gamesearch import maxn
        >>> @given(maxn_trees(3, max_depth=2, sum_bounds=(0, 10)))
        ... def test_shallow_pruning_gives_max_n_values(tree):
        ...     plain = maxn(tree)
        ...     assert maxn(tree, pruning="shallow", sum_bounds=(0, 10)).values == plain.values
        >>> test_shallow_pruning_gives_max_n_values()
    """
    if isinstance(num_players, bool) or not isinstance(num_players, int) or num_players < 1:
        raise ValueError(f"num_players must be an int >= 1, got {num_players!r}")
    leaf = _utility_vectors(num_players, values, sum_bounds)
    return _nested(leaf, max_depth, min_branching, max_branching, uniform).map(
        lambda nested: GameTree(nested, num_players=num_players)
    )


def _utility_vectors(
    players: int,
    values: st.SearchStrategy[Any] | None,
    bounds: tuple[float, float] | None,
) -> st.SearchStrategy[tuple[Any, ...]]:
    """Tuples of ``players`` utilities, drawn from ``values`` or within ``bounds``."""
    if bounds is None:
        utility: st.SearchStrategy[Any] = st.integers(-9, 9) if values is None else values
        return st.tuples(*[utility] * players)
    if values is not None:
        raise ValueError("pass values or sum_bounds, not both")
    low, total = bounds
    if not all(isinstance(b, Real) and not isinstance(b, bool) for b in bounds):
        raise ValueError(f"sum_bounds must be two numbers, got {bounds!r}")
    if total < players * low:
        raise ValueError(f"no {players} utilities of at least {low} sum to at most {total}")
    integral = isinstance(low, int) and isinstance(total, int)

    @st.composite
    def bounded(draw: st.DrawFn) -> tuple[Any, ...]:
        slack, drawn = total - players * low, []  # what is left to share above the minimum
        for _ in range(players):
            extra = draw(st.integers(0, int(slack)) if integral else st.floats(0, slack))
            drawn.append(low + extra)
            slack -= extra
        return tuple(drawn)

    # Rounding can take a float vector's sum past max_sum by an ulp: draw those again.
    return bounded().filter(lambda drawn: sum(map(Fraction, drawn)) <= Fraction(total))


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
    if max_moves is not None and not is_count(max_moves, least=0):
        raise InvalidSearchOptionError(f"max_moves must be >= 0 or None, an int, got {max_moves!r}")

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


def hidden_deal_games(
    *,
    max_cards: int = 2,
    max_depth: int = 3,
    max_branching: int = 2,
    values: st.SearchStrategy[float] | st.SearchStrategy[int] | None = None,
    perfect_information: bool = False,
    chance: bool = False,
) -> st.SearchStrategy[HiddenDealGame]:
    """Random small two-player zero-sum games of imperfect information: :class:`HiddenDealGame`.

    Chance deals each player one of 1 to ``max_cards`` private cards (every pair of cards a
    deal, with probabilities that are powers of 1/2, so sums stay exact); then the players act
    in public along a random tree: each decision's player is drawn (the same player may act
    twice running), with 1 to ``max_branching`` actions, down to ``max_depth`` decisions; each
    end of the game pays player 0 a number drawn for each deal, and player 1 its negative. A
    player knows its own card and every action: the games keep the promises of
    :class:`~gamesearch.imperfect.ImperfectInformationGame`, perfect recall included. With
    ``chance``, chance may also act in play, after the first decision: a public outcome (a
    card turned up, both players see it) of 2 to ``max(2, max_branching)`` outcomes, with
    probabilities that are powers of 1/2; it counts as a node of the line's ``max_depth``, and
    the payoffs depend on it as on any action.

    Args:
        max_cards: The most cards a player may be dealt (>= 1; 1 means no secret).
        max_depth: The most decisions along a line of play (>= 1).
        max_branching: The most actions at a decision (>= 1).
        values: The strategy for player 0's payoffs; default: integers from -9 to 9.
        perfect_information: If true, each player sees both cards, so that
            ``expectiminimax(face_up(game))`` gives the game's value
            (:func:`~gamesearch.imperfect.face_up`).
        chance: If true, some histories after the first decision are chance nodes in play.

    Returns:
        A strategy of games; they shrink towards one decision, one card each.

    Example:
        >>> from hypothesis import given, settings
        >>> from gamesearch.imperfect import cfr, check_information_sets
        >>> @settings(max_examples=10)
        ... @given(hidden_deal_games(max_depth=2))
        ... def test_cfr_values_sum_to_zero(game):
        ...     assert check_information_sets(game).perfect_recall
        ...     result = cfr(game, iterations=20, variant="plus")
        ...     assert abs(result.values[0] + result.values[1]) < 1e-9
        >>> test_cfr_values_sum_to_zero()
    """
    for name, bound in (
        ("max_cards", max_cards), ("max_depth", max_depth), ("max_branching", max_branching)
    ):  # fmt: skip
        if isinstance(bound, bool) or not isinstance(bound, int) or bound < 1:
            raise ValueError(f"hidden_deal_games: {name} must be an int >= 1, got {bound!r}")
    payoff: st.SearchStrategy[Any] = st.integers(-9, 9) if values is None else values
    most_outcomes = max(2, max_branching)

    @st.composite
    def games(draw: st.DrawFn) -> HiddenDealGame:
        cards = [draw(st.integers(1, max_cards)) for _ in range(2)]
        deals: list[Deal] = [(c0, c1) for c0 in range(cards[0]) for c1 in range(cards[1])]
        shares = draw(_halves(len(deals)))
        moves: dict[tuple[int, ...], tuple[int, int]] = {}
        chances: dict[tuple[int, ...], list[float]] = {}
        ends: dict[tuple[int, ...], dict[Deal, Any]] = {}
        pending: list[tuple[int, ...]] = [()]
        while pending:
            history = pending.pop(0)
            if history and (len(history) >= max_depth or draw(st.booleans())):
                ends[history] = {deal: draw(payoff) for deal in deals}
                continue
            if history and chance and draw(st.booleans()):
                odds = chances[history] = draw(_halves(draw(st.integers(2, most_outcomes))))
                pending.extend((*history, outcome) for outcome in range(len(odds)))
                continue
            count = draw(st.integers(1, max_branching))
            moves[history] = (draw(st.integers(0, 1)), count)
            pending.extend((*history, action) for action in range(count))
        return HiddenDealGame(
            dict(zip(deals, shares, strict=True)),
            moves,
            ends,
            perfect_information=perfect_information,
            chances=chances,
        )

    return games()
