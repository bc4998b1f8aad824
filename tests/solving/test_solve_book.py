"""Books: the engine stops on a position its book knows and probes it at its leaves.

Opening books agree with the full solution.
"""

from __future__ import annotations

import pytest

from gamesearch import InvalidSearchOptionError, iterative_deepening
from gamesearch.book import Book, BookEntry
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.solving import opening_book, solve


def test_the_engine_returns_the_books_result_at_once():
    game = TicTacToe()
    solution = solve(game)
    state = game.parse("X.. / .O. / ..X")  # O to move
    result = iterative_deepening(game, state, book=solution)
    assert result.exact
    assert result.value == solution.value(state)
    assert result.action in solution.best_actions(state)
    assert result.stats.nodes == 1 + len(result.pv)
    # The principal variation follows the book to the end of the game.
    end = state
    for action in result.pv:
        end = game.result(end, action)
    assert game.is_terminal(end)


def test_a_won_position_gives_the_shortest_win():
    game = TicTacToe()
    solution = solve(game)
    state = game.parse("XX. / OO. / X..")  # O to move and win at 5
    result = iterative_deepening(game, state, book=solution)
    assert (result.value, result.action, result.depth, result.pv) == (1.0, 5, 1, (5,))


def test_the_engine_probes_the_book_at_its_leaves():
    game = TicTacToe()
    fourth_ply = [game.initial_state()]
    for _ in range(4):
        fourth_ply = list({game.result(s, a) for s in fourth_ply for a in game.actions(s)})
    endgame = solve(game, roots=fourth_ply, key="state")  # every position from ply 4 on
    assert game.initial_state() not in endgame
    seen = []

    def evaluate(state, player):
        seen.append(state)
        return 0.5  # a bad guess: the book must override it where it knows the state

    for state in [game.parse("X.. / ... / ..."), game.parse("XO. / ... / ...")]:
        seen.clear()
        with_book = iterative_deepening(game, state, depth=3, evaluate=evaluate, book=endgame)
        exact = solve(game, state).value(state)
        assert with_book.value == exact
        assert all(s not in endgame for s in seen)  # the book answered every state it knows
        without = iterative_deepening(game, state, depth=3, evaluate=evaluate)
        assert without.value != exact


def test_a_solution_is_a_book():
    game = TicTacToe()
    solution = solve(game)
    assert isinstance(solution, Book)
    assert solution.probe(game.initial_state()) == BookEntry(0.0, 0, None, 0)
    assert solution.probe(game.initial_state(), 1, with_action=False).action is None


def test_a_bad_book_is_refused():
    with pytest.raises(InvalidSearchOptionError, match="probe"):
        iterative_deepening(TicTacToe(), book={})


@pytest.mark.slow
def test_an_opening_book_agrees_with_the_full_solution():
    game = TicTacToe()
    book = opening_book(game, 2)
    full = solve(game, key="state")
    assert len(book) == 1 + 9 + 72
    for state in book:
        assert book.value(state) == full.value(state)
        assert book.distance(state) == full.distance(state)
        assert set(book.best_actions(state)) >= set(full.best_actions(state))
    deeper = game.parse("XO. / X.. / ...")
    assert book.probe(deeper) is None


@pytest.mark.slow
def test_a_connect_four_opening_book_agrees_with_the_full_solution(tmp_path):
    game = ConnectFour(width=4, height=4)
    book = opening_book(game, 2, path=tmp_path / "book.sqlite")
    full = solve(game)
    for state in book:
        assert book.value(state) == full.value(state)
        assert book.distance(state) == full.distance(state)
    result = iterative_deepening(game, book=book)  # the root is in the book: no search
    assert result.exact
    assert result.value == full.value(game.initial_state())
    assert result.action in full.best_actions(game.initial_state())


@pytest.mark.slow
def test_a_book_of_a_game_with_solving_hooks_holds_the_exact_solvers_answers():
    # ConnectFour offers win_utility and non_losing_children: each position's children are
    # solved exactly, so every entry is the full solution's and every optimal action is kept.
    game = ConnectFour(width=4, height=3)
    book = opening_book(game, 3)
    full = solve(game, key="state")
    layers = [{game.initial_state()}]
    for _ in range(3):
        layers.append({game.result(s, a) for s in layers[-1] for a in game.actions(s)})
    assert set(book) == set().union(*layers)  # 1 + 4 + 16 + 52 positions (transpositions)
    for state in book:
        assert book.value(state) == full.value(state)
        assert book.distance(state) == full.distance(state)
        assert book.best_actions(state) == full.best_actions(state)


@pytest.mark.slow
def test_a_books_optimal_actions_are_the_strong_solutions_the_shortest_win_first():
    # The user's walk of 2026-12-03: the book listed every winning move (Connect Four 5 x 4,
    # after 0 1 4: moves 1 and 3, a win in 15 plies and one in 17); best_actions lists the
    # shortest win's. 4 x 4 to six plies: 30 of its 1,797 positions differed.
    game = ConnectFour(width=4, height=4)
    book = opening_book(game, 6)
    full = solve(game, key="state")
    assert len(book) == 1797
    for state in book:
        assert book.best_actions(state) == full.best_actions(state)
        assert book.distance(state) == full.distance(state)


@pytest.mark.parametrize(
    ("game", "plies", "split_ply"),
    [
        (ConnectFour(width=4, height=3), 3, 2),
        (ConnectFour(width=4, height=3), 3, 3),
        (TicTacToe(), 2, 2),
    ],
    ids=["connect4-ply2", "connect4-ply3", "tictactoe-ply2"],
)
@pytest.mark.slow
def test_a_book_split_deeper_is_the_same_book(game, plies, split_ply):
    # Exact solving (Connect Four's hooks): entry for entry. Iterative deepening (tic-tac-toe,
    # where every move adds a piece): the same values, distances and optimal actions, listed
    # in actions() order whatever table the part shared.
    book = opening_book(game, plies)
    deeper = opening_book(game, plies, split_ply=split_ply)
    assert set(deeper) == set(book)
    for state in book:
        assert deeper.value(state) == book.value(state)
        assert deeper.distance(state) == book.distance(state)
        assert deeper.best_actions(state) == book.best_actions(state)
    assert deeper.stats.parts > book.stats.parts


@pytest.mark.parametrize("split_ply", [0, 4, True, 2.0, "2"])
def test_a_split_ply_outside_the_book_is_refused(split_ply):
    with pytest.raises(InvalidSearchOptionError, match="split_ply must be an int from 1 to plies"):
        opening_book(TicTacToe(), 3, split_ply=split_ply)
