"""Hex refuses an int that is no position of its board, in words, before a search trusts it.

A state is one int a caller may build by hand: bits above the board, a cell of both players,
stone counts alternate moves cannot give, a swap without the rule. Every searcher checks a
root it is given through ``is_terminal``, ``to_move`` and ``actions``; Hex's refuse such a
state there with a :class:`~gamesearch.GameProtocolError` that says what is wrong, where the
search would otherwise prove a value of no position or fail inside its driver.
"""

from __future__ import annotations

import pytest

from gamesearch import GameProtocolError, alphabeta, dfpn, mcts, pns
from gamesearch.games import Hex

SIZE = 5
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
O_TO_MOVE = 1 << 2 * CELLS
SWAPPED = 1 << 2 * CELLS + 1
OVER_AND_WON = 3 << 2 * CELLS + 2


def x_at(*cells: int) -> int:
    """X's stones on ``cells`` (indices row by row from a1)."""
    return sum(1 << cell for cell in cells)


def o_at(*cells: int) -> int:
    """O's stones on ``cells``."""
    return x_at(*cells) << CELLS


def reachable(game: Hex) -> set[int]:
    """Every state play reaches from the empty board."""
    seen, todo = {0}, [0]
    while todo:
        state = todo.pop()
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


MALFORMED = [
    pytest.param(1 << 200, "it has 201 bits", id="bits-above-the-flags"),
    pytest.param(-5, "not a negative one", id="negative"),
    pytest.param(FULL | FULL << CELLS, "cell a1 holds both X and O", id="every-cell-both"),
    pytest.param(x_at(6) | o_at(6) | O_TO_MOVE, "cell b2 holds both X and O", id="b2-both"),
    pytest.param(0b1111111111, "X has 10 stones and O 0 with X to move", id="ten-x-no-o-x-to-move"),
    pytest.param(x_at(0), "X has 1 stone and O 0 with X to move", id="x-to-move-after-x"),
    pytest.param(O_TO_MOVE, "X has 0 stones and O 0 with O to move", id="o-first"),
    pytest.param(x_at(12) | SWAPPED | O_TO_MOVE, "no swap rule", id="swap-without-the-rule"),
    pytest.param(
        x_at(0) | O_TO_MOVE | 1 << 2 * CELLS + 2,
        "game-over flag is set without its won flag",
        id="over-not-won",
    ),
]


@pytest.mark.parametrize(("state", "words"), MALFORMED)
@pytest.mark.parametrize("searcher", [pns, dfpn])
def test_the_proof_searchers_refuse_a_root_that_is_no_position(
    searcher, state: int, words: str
) -> None:
    with pytest.raises(GameProtocolError, match=words) as caught:
        searcher(Hex(SIZE), state, node_limit=50)
    assert "is not a state of Hex(size=5, swap=False)" in str(caught.value)


@pytest.mark.parametrize(("state", "words"), MALFORMED[:5])
def test_the_other_searchers_refuse_it_too(state, words) -> None:
    with pytest.raises(GameProtocolError, match=words):
        alphabeta(Hex(SIZE), state, depth=1)
    with pytest.raises(GameProtocolError, match=words):
        mcts(Hex(SIZE), state, iterations=5, rng=1)


@pytest.mark.parametrize(("state", "words"), MALFORMED[2:])
def test_the_knowledge_asked_directly_refuses_it(state, words) -> None:
    game = Hex(SIZE)
    for ask in (game.must_play, game.inferior_moves, game.analysis, game.actions):
        with pytest.raises(GameProtocolError, match=words):
            ask(state)
    with pytest.raises(GameProtocolError, match=words):
        game.proven_value(state, 0)


@pytest.mark.parametrize(
    ("state", "words"),
    [
        pytest.param(
            x_at(0, 5, 10, 15, 20) | o_at(1, 2, 3, 4, 6),
            "X's stones join its edges, but the game is not marked over",
            id="a-chain-in-play",
        ),
        pytest.param(
            x_at(0, 1) | o_at(5) | O_TO_MOVE | OVER_AND_WON,
            "marked won by X, who moved last, but neither player's stones join",
            id="won-without-a-chain",
        ),
    ],
)
def test_the_knowledge_refuses_a_chain_that_play_would_have_stopped_at(state, words) -> None:
    game = Hex(SIZE)
    with pytest.raises(GameProtocolError, match=words):
        game._check_state(state)
    if not game.is_terminal(state):
        with pytest.raises(GameProtocolError, match=words):
            game.proven_value(state, 0)


def test_a_swapped_position_is_a_position() -> None:
    game = Hex(SIZE, swap=True)
    swapped = game.result(game.result(0, "c3"), "swap")
    assert swapped & SWAPPED
    assert game.to_move(swapped) == 0
    assert game.actions(swapped)  # X, to move, has every empty cell
    assert game._check_state(swapped)
    played = game.result(swapped, "a1")
    assert game._check_state(played)
    assert game.actions(played)


def test_a_swap_that_took_no_stone_is_refused() -> None:
    game = Hex(SIZE, swap=True)
    with pytest.raises(GameProtocolError, match="after O's swap, with O to move"):
        game.actions(SWAPPED | O_TO_MOVE)


@pytest.mark.parametrize("size", [2, 3])
@pytest.mark.parametrize("swap", [False, True])
def test_every_state_play_reaches_is_accepted(size: int, swap: bool) -> None:
    game = Hex(size, swap=swap)
    reached = reachable(game)
    assert len(reached) > 10
    for state in reached:
        assert game._check_state(state), game.render(state)
        game.actions(state)


@pytest.mark.parametrize("state", ["a1 b2", None, 1.5, [1], (1,)])
def test_a_state_of_the_wrong_kind_gets_a_library_error_naming_it(state) -> None:
    game = Hex(SIZE)
    kind = type(state).__name__
    members = [
        game.to_move,
        game.actions,
        game.key,
        game.render,
        game.non_losing_actions,
        game.must_play,
        game.inferior_moves,
        game.analysis,
        lambda s: game.result(s, "a1"),
        lambda s: game.utility(s, 0),
        lambda s: game.proven_value(s, 0),
        lambda s: game.evaluate(s, 0),
        lambda s: game.features(s, 0),
        lambda s: game.stones(s, 0),
        lambda s: game.order(s, ["a1"]),
    ]
    for member in members:
        with pytest.raises(GameProtocolError, match=f"is not a state of .*not a {kind}"):
            member(state)


def test_a_str_root_is_named_as_no_state_not_as_unhashable() -> None:
    with pytest.raises(GameProtocolError) as caught:
        pns(Hex(SIZE), "a1 b2")
    assert "'a1 b2' is not a state of Hex(size=5, swap=False)" in str(caught.value)
    assert "hashable" not in str(caught.value)
