"""solve() on deterministic games, checked against independent references.

- tic-tac-toe: the number of reachable boards, and every value against a plain memoised
  minimax written here; distances against depth-limited searches for a forced win;
- Nim: Bouton's nim-sum rule; a sum of two subtraction games: the Sprague-Grundy rule, with
  Grundy numbers computed here by the mex rule;
- a cyclic game (a mouse and a cat on a small graph) by retrograde analysis, against a plain
  search that scores a repeated position on the current line as a draw;
- random trees (Hypothesis): the memo pass, retrograde analysis and minimax agree.
"""

from __future__ import annotations

import functools
import sys

import pytest
from helpers import reachable
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import (
    CyclicGameError,
    GameProtocolError,
    InvalidSearchOptionError,
    UnsolvedStateError,
    UnsupportedGameError,
    alphabeta,
    minimax,
)
from gamesearch.games import GameTree, Nim, Pig, TicTacToe
from gamesearch.solving import Progress, solve
from gamesearch.testing import game_trees

# ---------------------------------------------------------------- independent references


def minimax_value(game, state):
    """The value of ``state`` for its mover: a plain memoised negamax over the game's methods."""

    @functools.cache
    def value(state):
        mover = game.to_move(state)
        if game.is_terminal(state):
            return game.utility(state, mover)
        best = -2.0
        for action in game.actions(state):
            child = game.result(state, action)
            child_value = value(child)
            best = max(best, child_value if game.to_move(child) == mover else -child_value)
        return best

    return value(state)


def forced_win_within(game, state, winner, plies, memo):
    """Whether ``winner`` can force a win from ``state`` within ``plies`` plies (a win only)."""
    found = memo.get((state, winner, plies))
    if found is not None:
        return found
    if game.is_terminal(state):
        found = game.utility(state, winner) > game.utility(state, 1 - winner)
    elif plies == 0:
        found = False
    else:
        children = [game.result(state, a) for a in game.actions(state)]
        tests = (forced_win_within(game, c, winner, plies - 1, memo) for c in children)
        found = any(tests) if game.to_move(state) == winner else all(tests)
    memo[(state, winner, plies)] = found
    return found


def check_distance(game, solution, state, memo, horizon):
    """A win's distance is the shortest forced win, a loss's the opponent's shortest one."""
    distance = solution.distance(state)
    mover = game.to_move(state)
    value = solution.value(state)
    if value == 0 and not game.is_terminal(state):
        assert distance is None
        return
    if game.is_terminal(state):
        assert distance == 0
        return
    winner = mover if value > 0 else 1 - mover
    assert forced_win_within(game, state, winner, distance, memo)
    assert not forced_win_within(game, state, winner, distance - 1, memo)
    assert distance <= horizon


# ---------------------------------------------------------------- tic-tac-toe


@pytest.mark.slow
def test_tictactoe_has_5478_boards_and_every_value_is_minimaxs():
    game = TicTacToe()
    solution = solve(game, key="state")
    assert len(solution) == len(reachable(game)) == 5478  # distinct boards from the empty one
    assert solution.method == "memo"
    for state in reachable(game):
        assert solution.value(state) == minimax_value(game, state), state
    assert solution.value(game.initial_state()) == 0.0  # a draw
    assert solution.distance(game.initial_state()) is None


def test_tictactoe_symmetric_keys_merge_boards_to_765():
    game = TicTacToe()
    merged = solve(game)  # TicTacToe.key merges the 8 symmetries of the square
    full = solve(game, key="state")
    assert len(merged) == 765
    for state in reachable(game):
        assert merged.value(state) == full.value(state)
        assert merged.distance(state) == full.distance(state)
        # Worked out from the children, the best actions fit each board, not its class.
        assert merged.best_actions(state) == full.best_actions(state)


def test_tictactoe_distances_are_shortest_wins_and_longest_losses():
    game = TicTacToe()
    solution = solve(game, key="state")
    memo = {}
    for state in reachable(game)[::7]:
        check_distance(game, solution, state, memo, horizon=9)


def test_tictactoe_best_actions_agree_with_alphabeta():
    game = TicTacToe()
    solution = solve(game, key="state")
    for state in reachable(game)[::40]:
        if game.is_terminal(state):
            assert solution.best_actions(state) == ()
            continue
        result = alphabeta(game, state, root_values=True)
        assert result.value == solution.value(state)
        optimal = {a for a, v in result.action_values if v == result.value}
        assert set(solution.best_actions(state)) <= optimal
        assert solution.best_actions(state)  # never empty where there are moves


def test_memo_and_retrograde_agree_on_an_acyclic_game():
    game = TicTacToe()
    memo = solve(game, key="state", method="memo")
    retro = solve(game, key="state", method="retrograde")
    assert retro.method == "retrograde"
    for state in reachable(game):
        assert (memo.value(state), memo.distance(state)) == (
            retro.value(state),
            retro.distance(state),
        )


# ---------------------------------------------------------------- Nim and Grundy numbers


@pytest.mark.parametrize("piles", [(1, 2, 3), (3, 4, 5), (2, 2, 6)])
def test_nim_values_follow_boutons_nim_sum_rule(piles):
    game = Nim(piles, players=2)  # normal play: who takes the last stick wins (1, the loser 0)
    solution = solve(game)
    assert solution.constant_sum == 1.0
    for state in reachable(game):
        nim_sum = functools.reduce(lambda a, b: a ^ b, state[0])
        assert solution.value(state) == (1.0 if nim_sum else 0.0), state
        if nim_sum and not game.is_terminal(state):
            for action in solution.best_actions(state):  # every winning move zeroes the sum
                after = game.result(state, action)[0]
                assert functools.reduce(lambda a, b: a ^ b, after) == 0


class SubtractionSum:
    """Two piles; a move takes 1, 3 or 4 sticks from one of them; who takes the last wins."""

    num_players = 2
    moves = (1, 3, 4)

    def __init__(self, piles):
        self.piles = piles

    def initial_state(self):
        return (*self.piles, 0)

    def to_move(self, state):
        return state[2]

    def actions(self, state):
        return [(pile, take) for pile in (0, 1) for take in self.moves if take <= state[pile]]

    def result(self, state, action):
        pile, take = action
        piles = list(state[:2])
        piles[pile] -= take
        return (*piles, 1 - state[2])

    def is_terminal(self, state):
        return state[0] == state[1] == 0

    def utility(self, state, player):
        return -1.0 if player == state[2] else 1.0  # the mover cannot move: it lost


def grundy_numbers(limit, moves):
    """g(n) = mex{g(n - m)}: the Grundy numbers of one subtraction pile, by the mex rule."""
    numbers = []
    for n in range(limit + 1):
        options = {numbers[n - m] for m in moves if m <= n}
        numbers.append(min(set(range(len(options) + 1)) - options))
    return numbers


def test_a_sum_of_subtraction_games_follows_the_grundy_numbers():
    game = SubtractionSum((9, 7))
    grundy = grundy_numbers(9, SubtractionSum.moves)
    assert grundy[:8] == [0, 1, 0, 1, 2, 3, 2, 0]  # the period-7 pattern of {1, 3, 4}
    solution = solve(game)
    assert len(solution) == len(reachable(game))
    for a in range(10):
        for b in range(8):
            for mover in (0, 1):
                state = (a, b, mover)
                if state not in solution:  # not every (piles, mover) can be reached
                    continue
                winning = grundy[a] ^ grundy[b] != 0
                assert solution.value(state) == (1.0 if winning else -1.0), state


# ---------------------------------------------------------------- a game with cycles


GRAPH = {0: (1, 2), 1: (0, 2, 3), 2: (0, 1, 4), 3: (1, 4, 5), 4: (2, 3, 5), 5: (3, 4)}
"""A small maze: node 0 is the mouse's hole, which the cat may not enter."""


class CatAndMouse:
    """The mouse (player 0) runs for the hole; the cat (player 1) tries to catch it.

    They move in turn to a neighbouring node. The cat wins by moving onto the mouse (or the
    mouse onto the cat), the mouse by reaching node 0. Play can go on forever: a draw.
    """

    num_players = 2

    def __init__(self, mouse=3, cat=4):
        self.start = (mouse, cat, 0)

    def initial_state(self):
        return self.start

    def to_move(self, state):
        return state[2]

    def actions(self, state):
        if self.is_terminal(state):
            return ()
        mouse, cat, mover = state
        return GRAPH[mouse] if mover == 0 else tuple(n for n in GRAPH[cat] if n != 0)

    def result(self, state, action):
        mouse, cat, mover = state
        return (action, cat, 1) if mover == 0 else (mouse, action, 0)

    def is_terminal(self, state):
        return state[0] == state[1] or state[0] == 0

    def utility(self, state, player):
        mouse_wins = state[0] == 0 and state[1] != 0
        return 1.0 if (player == 0) == mouse_wins else -1.0


def repetition_search(game, state, path, alpha=-1.0, beta=1.0):
    """Negamax value for the mover, a position repeated on the current line counting as 0."""
    mover = game.to_move(state)
    if game.is_terminal(state):
        return game.utility(state, mover)
    if state in path:
        return 0.0
    path.add(state)
    best = -1.0
    for action in game.actions(state):
        child = game.result(state, action)
        value = -repetition_search(game, child, path, -beta, -max(alpha, best))
        best = max(best, value)
        if best >= beta:
            break
    path.discard(state)
    return best


@pytest.mark.parametrize("start", [(3, 4), (5, 1), (4, 1), (5, 2), (2, 3)])
def test_a_cyclic_game_is_solved_by_retrograde_analysis(start):
    game = CatAndMouse(*start)
    solution = solve(game)
    assert solution.method == "retrograde"  # auto met a repeated state
    memo = {}
    for state in reachable(game):
        assert solution.value(state) == repetition_search(game, state, set()), state
        check_distance(game, solution, state, memo, horizon=len(solution))


def test_the_cyclic_game_has_wins_losses_and_draws():
    solution = solve(CatAndMouse(), roots=[(m, c, p) for m in GRAPH for c in GRAPH for p in (0, 1)])
    values = {solution.value(state) for state in solution}
    assert values == {-1.0, 0.0, 1.0}


def test_memo_refuses_a_cyclic_game():
    with pytest.raises(CyclicGameError, match="retrograde"):
        solve(CatAndMouse(), method="memo")


# ---------------------------------------------------------------- depth, options, errors


class Line:
    """A game 5,000 plies long: each player adds one; the last to move wins."""

    num_players = 2

    def initial_state(self):
        return 0

    def to_move(self, state):
        return state % 2

    def actions(self, state):
        return (1,) if state < 5000 else ()

    def result(self, state, action):
        return state + action

    def is_terminal(self, state):
        return state == 5000

    def utility(self, state, player):
        return 1.0 if player == 1 else -1.0  # player 1 made the last move


def test_a_game_deeper_than_the_recursion_limit_is_solved():
    assert sys.getrecursionlimit() < 5000 or pytest.skip("the recursion limit is high here")
    solution = solve(Line())
    assert solution.value(0) == -1.0
    assert solution.distance(0) == 5000


def test_any_utilities_by_the_memo_pass():
    game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    solution = solve(game)
    assert solution.value(game.initial_state()) == alphabeta(game).value == 3.0
    assert solution.best_actions(game.initial_state()) == (0,)


def test_progress_is_reported():
    reports = []
    solve(TicTacToe(), key="state", progress=reports.append, progress_every=1000)
    assert [r.done for r in reports[:5]] == [1000, 2000, 3000, 4000, 5000]
    assert reports[-1].done == 5478
    assert all(isinstance(r, Progress) and r.phase == "solve" for r in reports)


def test_several_roots():
    game = TicTacToe()
    roots = [game.parse("XX. / OO. / ..."), game.parse("X.O / .X. / O..")]
    solution = solve(game, roots=roots, key="state")
    assert solution.value(roots[0]) == 1.0
    with pytest.raises(UnsolvedStateError, match="not reachable"):
        solution.value(game.initial_state())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"method": "fast"}, "method must be one of"),
        ({"method": "value_iteration"}, "games of chance"),
        ({"batch": 0}, "batch"),
        ({"tolerance": 0}, "tolerance"),
        ({"progress": 3}, "progress must be a callable"),
        ({"key": 3}, "key must be"),
        ({"roots": []}, "roots is empty"),
    ],
)
def test_bad_options_are_refused(options, message):
    with pytest.raises(InvalidSearchOptionError, match=message):
        solve(TicTacToe(), **options)


def test_unsupported_games_are_refused():
    with pytest.raises(UnsupportedGameError, match="two-player"):
        solve(Nim((1, 2), players=3))
    with pytest.raises(InvalidSearchOptionError, match="chance nodes"):
        solve(Pig(goal=5), method="memo")
    with pytest.raises(UnsupportedGameError, match="win, loss or draw"):
        solve(GameTree([[3, 12], [2, 4]]), method="retrograde")


def test_a_game_that_is_not_constant_sum_is_refused():
    with pytest.raises(UnsupportedGameError, match="constant-sum"):
        solve(GameTree([(1.0, 0.0), (0.0, 0.0)], num_players=2))


# ---------------------------------------------------------------- random trees (Hypothesis)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(game_trees(max_depth=4, max_branching=3, values=st.sampled_from([-1, 0, 1])))
def test_memo_and_retrograde_agree_with_minimax_on_random_trees(tree):
    memo = solve(tree, method="memo")
    retro = solve(tree, method="retrograde")
    for state in memo:
        assert memo.value(state) == retro.value(state) == minimax(tree, state).value
        assert memo.distance(state) == retro.distance(state)
        assert memo.best_actions(state) == retro.best_actions(state)


@settings(max_examples=40, deadline=None)
@given(game_trees(max_depth=3, max_branching=3))
def test_the_memo_pass_is_minimax_for_any_utilities(tree):
    solution = solve(tree)
    for state in solution:
        assert solution.value(state) == minimax(tree, state).value


class Unshown(tuple):
    """A state whose repr fails, as a state keeping a history 1,000 links deep fails."""

    def __repr__(self):
        raise RecursionError("maximum recursion depth exceeded while getting the repr")


class LongHistoryNim:
    """Take 1-3 sticks, the last stick wins; a state is (sticks, player, history)."""

    num_players = 2

    def initial_state(self):
        return Unshown((12, 0, ()))

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [take for take in (1, 2, 3) if take <= state[0]]

    def result(self, state, action):
        return Unshown((state[0] - action, 1 - state[1], (state[2], action)))

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state, player):
        return 1.0 if player == 1 - state[1] else -1.0


def test_a_sound_game_is_solved_without_the_repr_of_its_states():
    # The adversary's walk (2026-12-03, #12): solve and opening_book called repr() on every
    # terminal state, for a message they never showed; a state whose repr fails failed them.
    from gamesearch.solving import opening_book

    solution = solve(LongHistoryNim())
    root = LongHistoryNim().initial_state()
    assert solution.value(root) == -1.0  # 12 sticks, a multiple of 4: the mover loses
    assert opening_book(LongHistoryNim(), 2).value(root) == -1.0


class CountingPile:
    """A pile that counts the children made from it: a ``result`` that changes its state."""

    __slots__ = ("made", "player", "sticks")

    def __init__(self, sticks, player, made=0):
        self.sticks, self.player, self.made = sticks, player, made

    def __eq__(self, other):
        return isinstance(other, CountingPile) and (self.sticks, self.player, self.made) == (
            other.sticks,
            other.player,
            other.made,
        )

    def __hash__(self):
        return hash((self.sticks, self.player, self.made))

    def __repr__(self):
        return f"CountingPile({self.sticks}, {self.player}, {self.made})"


class MixedNim:
    """Nim on tuples (immutable), and on counting piles (which result changes)."""

    num_players = 2

    def initial_state(self):
        return (7, 0)

    def _parts(self, state):
        return (state.sticks, state.player) if isinstance(state, CountingPile) else state

    def to_move(self, state):
        return self._parts(state)[1]

    def actions(self, state):
        return [take for take in (1, 2, 3) if take <= self._parts(state)[0]]

    def result(self, state, action):
        if isinstance(state, CountingPile):
            state.made += 1
            return CountingPile(state.sticks - action, 1 - state.player)
        return (state[0] - action, 1 - state[1])

    def is_terminal(self, state):
        return self._parts(state)[0] == 0

    def utility(self, state, player):
        return 1.0 if player == 1 - self._parts(state)[1] else -1.0


@pytest.mark.parametrize("roots", [[CountingPile(6, 0)], [(7, 0), CountingPile(6, 0)]])
def test_every_root_is_checked_for_a_result_that_changes_it(roots):
    # The adversary's walk (2026-12-03, #6): with an immutable first root, a second root that
    # result changed was solved, and the solution no longer knew it.
    with pytest.raises(GameProtocolError, match="changed the state it was given"):
        solve(MixedNim(), roots=roots)
