"""Hex's knowledge against exact search: proven values, must-play regions, inferior moves.

``proven_value`` must be the exact value wherever it answers; every move ``must_play`` leaves
out must lose; the best move ``inferior_moves`` leaves in must be as good as the best move;
and a position and its half-turn must get the same answers, turned. The exact values come
from a plain negamax of every 3x3 position and from the oracle's exhaustive search
(:mod:`hex_oracle`) of random 4x4 and 5x5 ones.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hex_oracle import winner
from hypothesis import example, given, settings
from test_hex_vc import positions

from gamesearch.games import Hex
from gamesearch.testing import states


def exact_values_for_x(game: Hex) -> dict[int, float]:
    """X's value in every state reachable from the empty board: plain negamax, memoized."""
    values: dict[int, float] = {}

    def value(state: int) -> float:  # for the player to move
        if state in values:
            return values[state] if game.to_move(state) == 0 else -values[state]
        if game.is_terminal(state):
            own = game.utility(state, game.to_move(state))
        else:
            own = max(-value(game.result(state, action)) for action in game.actions(state))
        values[state] = own if game.to_move(state) == 0 else -own
        return own

    value(game.initial_state())
    return values


def oracle_value(game: Hex) -> Callable[[int], float]:
    """X's value of a position by the oracle's exhaustive search (for few empty cells)."""

    def value(state: int) -> float:
        if game.is_terminal(state):
            return game.utility(state, 0)
        x, o = game.stones(state, 0), game.stones(state, 1)
        return 1.0 if winner(game.size, x, o, game.to_move(state)) == 0 else -1.0

    return value


def faults(game: Hex, state: int, value_for_x: Callable[[int], float]) -> list[str]:
    """What ``state``'s knowledge claims that exact values refute (there should be nothing).

    ``value_for_x(position)``: X's exact value of a position.
    """
    found = []
    if game.is_terminal(state):
        if game.must_play(state) or game.inferior_moves(state):
            found.append("moves at a terminal state")
        return found
    mover = game.to_move(state)
    sign = 1.0 if mover == 0 else -1.0
    actions = game.actions(state)
    after = {action: sign * value_for_x(game.result(state, action)) for action in actions}
    best = max(after.values())
    known = game.proven_value(state, mover)
    if known is not None and (known != best or game.proven_value(state, 1 - mover) != -known):
        found.append(f"proven_value says {known}, the value is {best}")
    region = game.must_play(state)
    if not set(region) <= set(actions):
        found.append(f"must_play gives {region}, not all actions")
    found.extend(
        f"{a} is left out of the region but wins"
        for a in actions
        if a not in region and after[a] > -1
    )
    inferior = game.inferior_moves(state)
    kept = [action for action in actions if action not in inferior]
    if not kept or max(after[action] for action in kept) != best:
        found.append(f"the moves left by inferior_moves {inferior} miss the best, {best}")
    found.extend(
        f"{a} wins at once but is inferior"
        for a in inferior
        if game.is_terminal(game.result(state, a))
    )
    return found


@pytest.mark.slow
@pytest.mark.parametrize("swap", [False, True])
def test_the_knowledge_agrees_with_exact_search_in_every_three_by_three_position(
    swap: bool,
) -> None:
    game = Hex(3, swap=swap)
    values = exact_values_for_x(game)
    decided = narrowed = pruned = 0
    for state in values:
        assert faults(game, state, values.__getitem__) == [], game.render(state)
        if not game.is_terminal(state):
            decided += game.proven_value(state, 0) is not None
            narrowed += len(game.must_play(state)) < len(game.actions(state))
            pruned += bool(game.inferior_moves(state))
    inner = sum(not game.is_terminal(state) for state in values)
    assert decided > inner // 2  # it decides many positions, not only the finished ones
    if not swap:
        assert narrowed + pruned > 0


@pytest.mark.slow
@settings(max_examples=40)
@given(positions(4, 12, least=4))
def test_the_knowledge_agrees_with_exact_search_in_random_four_by_four_positions(
    state: int,
) -> None:
    game = Hex(4)
    assert faults(game, state, oracle_value(game)) == [], game.render(state)


@pytest.mark.slow
@settings(max_examples=20)
@given(positions(5, 24, least=14))
def test_the_knowledge_agrees_with_exact_search_in_random_five_by_five_endgames(
    state: int,
) -> None:
    game = Hex(5)
    if (game._board.cells & ~(game.stones(state, 0) | game.stones(state, 1))).bit_count() <= 11:
        assert faults(game, state, oracle_value(game)) == [], game.render(state)


def test_bridges_to_both_edges_win_for_x_whoever_moves() -> None:
    game = Hex(4)
    # b2 is bridged to the top (b1, c1) and to a4 on the bottom row (a3, b3).
    state = game.parse(". . . . / . X . . / . . . O / X . . O")
    assert game.to_move(state) == 0
    assert game.proven_value(state, 0) == 1.0
    assert game.proven_value(state, 1) == -1.0
    o_to_move = game.parse(". . . . / . X . . / . . . O / X . . .")
    assert game.proven_value(o_to_move, 1) == -1.0
    # Each bridge's two cells are captured: filled in, they make X's chain.
    assert game.analysis(o_to_move).verdict.rule == "chain"


def test_a_centre_stone_with_ziggurats_to_both_edges_wins_five_by_five() -> None:
    game = Hex(5)
    # c3's ziggurats: to the top over b1-e1, b2-d2 and b3; to the bottom over a5-d5, b4-d4, d3.
    centre = game.result(game.initial_state(), "c3")
    assert game.proven_value(centre, 0) == 1.0
    assert game.proven_value(centre, 1) == -1.0
    # O's c3 does the same for O (left and right) once X has played outside its carriers.
    assert game.proven_value(game.result(game.result(0, "a1"), "c3"), 1) == 1.0


def test_the_player_to_move_with_a_semi_connection_wins() -> None:
    game = Hex(4)
    # X to move: b3 joins b2 to the bottom by a bridge (a4, b4), and b2 reaches the top.
    state = game.parse(". . . . / . X . . / . . . . / . . . O")
    verdict = game.analysis(state).verdict
    assert (verdict.winner, verdict.rule) == (0, "semi")
    assert game.proven_value(state, 0) == 1.0


def test_o_must_answer_inside_x_s_threats_and_its_captured_cells_are_inferior() -> None:
    game = Hex(4)
    # O to move against X's a3 and b4 (bridged by a4 and b3): b3, c4 and d4 are the cells of
    # the must-play region, and c4 and d4 are O's captured cells beside X's b4.
    state = game.parse("O . . . / . . . . / X . . . / . X . .")
    assert game.must_play(state) == ("b3", "c4", "d4")
    assert game.inferior_moves(state) == ("c4", "d4")


def test_nothing_is_known_while_o_may_swap_and_nothing_is_left_at_the_end() -> None:
    game = Hex(3, swap=True)
    for state in (0, game.result(0, "b2")):
        assert game.proven_value(state, 0) is None
        assert game.must_play(state) == game.actions(state)
        assert game.inferior_moves(state) == ()
        assert game.analysis(state) is None
    over = game.parse("X . . / X O . / X O .")
    assert game.must_play(over) == game.inferior_moves(over) == ()


@settings(max_examples=25, deadline=None)
@given(states(Hex(5), max_moves=12))
@example(state=1_126_037_345_806_336)  # X b3 d3, O c3: its own half-turn, found by Hypothesis
def test_a_position_and_its_half_turn_get_the_same_knowledge_turned(state: int) -> None:
    game = Hex(5)
    board = game._board
    x, o = game.stones(state, 0), game.stones(state, 1)
    turned = board.rotate(x) | board.rotate(o) << 25 | state >> 50 << 50

    def cells(actions: tuple[str, ...]) -> int:
        return sum(game._bits[action] for action in actions)

    # A position that is its own half-turn keeps one move of each pair of twins: not turned.
    for knowledge in (game.must_play, game.inferior_moves)[: 1 + (turned != state)]:
        assert board.rotate(cells(knowledge(state))) == cells(knowledge(turned)), game.render(state)
    assert game.proven_value(state, 0) == game.proven_value(turned, 0)
