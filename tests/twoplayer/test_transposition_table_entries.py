"""A transposition table's entries speak the game's values; distance to the end is its own field.

Issue 28: ``TranspositionTable.get(...).value`` returned the search's internal distance scores
(a won state read ``1099512676350.0``, not tic-tac-toe's ``1.0``). The engine still stores those
scores, as plain tuples its loops read directly; :meth:`TranspositionTable.get` translates them
into the game's ``win_utility`` and the plies to the end, and :meth:`~TranspositionTable.store`
back.
"""

from __future__ import annotations

import pytest

from gamesearch import InvalidSearchOptionError, TranspositionTable, alphabeta, negamax, solve
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.twoplayer.table import Bound, TableEntry


def below(game, root):
    """Every non-terminal state reachable from ``root``, ``root`` included."""
    seen, stack = {root}, [root]
    while stack:
        state = stack.pop()
        yield state
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen and not game.is_terminal(child):
                seen.add(child)
                stack.append(child)


def position(game, moves):
    state = game.initial_state()
    for move in moves:
        state = game.result(state, move)
    return state


@pytest.mark.parametrize("searcher", [alphabeta, negamax], ids=lambda searcher: searcher.__name__)
@pytest.mark.parametrize(
    ("game", "moves"),
    [(TicTacToe(), (0, 4, 8)), (TicTacToe(), (4,)), (ConnectFour(5, 4), (2, 2, 1, 1, 3))],
    ids=["tictactoe-3", "tictactoe-1", "connect5x4-5"],
)
@pytest.mark.slow
def test_an_exact_entry_holds_the_solved_value_and_distance_of_its_state(searcher, game, moves):
    root = position(game, moves)
    table = TranspositionTable()
    searcher(game, root, table=table)
    solution = solve(game, root)
    win = game.win_utility
    exact = with_distance = 0
    for state in below(game, root):
        entry = table.get(game.key(state))
        if entry is None:
            continue
        assert -win <= entry.value <= win, entry  # never an internal score
        assert entry.distance is None or (abs(entry.value) == win and entry.distance >= 1)
        if entry.bound == Bound.EXACT and entry.proven:
            # for the player to move in the state, as the solution's values are
            assert entry.value == solution.value(state), (state, entry)
            if entry.distance is not None:
                assert entry.distance == solution.distance(state), (state, entry)
                with_distance += 1
            exact += 1
    assert exact > 0
    assert with_distance > 0


def test_store_takes_the_game_values_back_and_the_search_reads_them():
    game = TicTacToe()
    won = position(game, (0, 3, 1, 4))  # X to move wins at once, at 2
    table = TranspositionTable()
    first = alphabeta(game, won, table=table)
    entry = table.get(game.key(won))
    assert (entry.value, entry.distance) == (1.0, 1)
    table.store(game.key(won), entry)  # a round trip changes nothing
    assert table.get(game.key(won)) == entry
    again = alphabeta(game, won, table=table)
    assert (again.value, again.plies_to_end) == (first.value, first.plies_to_end) == (1.0, 1)


def test_an_entry_built_by_hand_keeps_its_old_fields_and_needs_no_distance():
    entry = TableEntry(search=1, depth=2, bound=Bound.LOWER, value=0.5, action=3, proven=False)
    assert entry.distance is None
    table = TranspositionTable()
    table.store("state", entry)
    assert table.get("state") == entry._replace(bound=int(Bound.LOWER))


@pytest.mark.parametrize(
    ("value", "distance", "message"),
    [(0.0, 3, "is a win or a loss"), (1.0, -1, "an int >= 0"), (1.0, 2.0, "an int >= 0")],
)
def test_a_distance_that_cannot_be_is_refused(value, distance, message):
    entry = TableEntry(1, 0, Bound.EXACT, value, None, True, distance)
    with pytest.raises(InvalidSearchOptionError, match=message):
        TranspositionTable().store("state", entry)
