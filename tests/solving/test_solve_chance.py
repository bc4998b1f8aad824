"""solve() on games of chance: Pig and Piglet by value iteration.

The references:

- Neller and Presser's own formulation of Pig (2004, "Optimal Play of the Dice Game Pig", The
  UMAP Journal 25(1)), written here independently of the library's ``Pig``: ``P(i, j, k)``, the
  probability that the player to move, with score ``i`` against ``j`` and turn total ``k``,
  wins; ``P = max(P_roll, P_hold)``, ``P_hold = 1 - P(j, i + k, 0)``, ``P_roll = (1 - P(j, i,
  0) + sum over faces r >= 2 of P(i, j, k + r)) / sides``, and ``P = 1`` once ``i + k`` reaches
  the goal (the library banks the points at once). Solved by value iteration over the three
  numbers, not over the library's game graph.
- The optimal hold thresholds of Piglet (a coin instead of a die: heads add 1, tails lose the
  turn total) that Neller publishes for goals 3, 6 and 9 on his course page "CS 391 - Piglet"
  (http://cs.gettysburg.edu/~tneller/cs391/03sp/piglet.html): for each score ``i`` (row) and
  opponent's score ``j`` (column), the least turn total at which the player holds. Piglet to
  ``n`` is ``Pig(goal=2 * n, die_sides=2)``: a 2 adds two points, so every score is doubled.
"""

from __future__ import annotations

import pytest

from gamesearch import CHANCE, GameProtocolError, InvalidSearchOptionError, expectiminimax
from gamesearch.games import Hog, Pig, PigState
from gamesearch.solving import solve


def neller_presser(goal, sides, tolerance=1e-12):
    """``P[(i, j, k)]`` for every state of Pig to ``goal`` by value iteration (see above)."""
    states = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    p = dict.fromkeys(states, 0.5)

    def won(i, j, k):
        return 1.0 if i + k >= goal else p[(i, j, k)]

    def roll(i, j, k):
        rest = sum(won(i, j, k + r) for r in range(2, sides + 1))
        return (1 - p[(j, i, 0)] + rest) / sides

    def hold(i, j, k):
        return 1 - p[(j, i + k, 0)]

    while True:
        change = 0.0
        for i, j, k in states:
            new = max(roll(i, j, k), hold(i, j, k)) if k else roll(i, j, k)
            change = max(change, abs(new - p[(i, j, k)]))
            p[(i, j, k)] = new
        if change < tolerance:
            return p, roll, hold


def win_probability(solution, i, j, k):
    """The library's value of player 0 to move with score i, opponent j, turn total k."""
    return (1 + solution.value(PigState(i, j, k, 0, False))) / 2


@pytest.mark.parametrize(("goal", "sides"), [(8, 6), (10, 4), (10, 2)])
def test_pig_values_and_policy_match_neller_and_pressers_equations(goal, sides):
    game = Pig(goal=goal, die_sides=sides)
    solution = solve(game)
    assert solution.method == "value_iteration"
    p, roll, hold = neller_presser(goal, sides)
    checked = 0
    for (i, j, k), expected in p.items():
        state = PigState(i, j, k, 0, False)
        if state not in solution:  # not every score can be reached with these faces
            continue
        checked += 1
        assert win_probability(solution, i, j, k) == pytest.approx(expected, abs=1e-7)
        if k and abs(roll(i, j, k) - hold(i, j, k)) > 1e-6:
            best = "roll" if roll(i, j, k) > hold(i, j, k) else "hold"
            assert solution.best_actions(state)[0] == best, (i, j, k)
    assert checked >= goal * goal // 4  # with a 2-sided die, even scores only


def test_the_first_player_is_favoured_in_pig():
    solution = solve(Pig(goal=12))
    first = (1 + solution.value(Pig(goal=12).initial_state())) / 2
    assert 0.5 < first < 0.7


PIGLET_HOLD_AT = {
    3: ["1 3 3", "2 2 2", "1 1 1"],
    6: ["2 2 2 2 2 6", "1 2 2 2 2 5", "1 1 2 2 2 4", "1 1 1 1 3 3", "1 1 1 2 2 2", "1 1 1 1 1 1"],
    9: [
        "2 2 2 2 2 2 3 3 9",
        "1 2 2 2 2 2 2 3 8",
        "1 1 2 2 2 2 2 3 7",
        "1 1 1 2 2 2 2 2 6",
        "1 1 1 1 2 2 2 2 5",
        "1 1 1 1 1 2 2 2 4",
        "1 1 1 1 1 1 1 3 3",
        "1 1 1 1 1 1 2 2 2",
        "1 1 1 1 1 1 1 1 1",
    ],
}
"""Neller's optimal Piglet hold thresholds (see the module docstring): row i, column j."""


@pytest.mark.parametrize("goal", [3, 6, 9])
def test_piglet_hold_thresholds_are_nellers(goal):
    game = Pig(goal=2 * goal, die_sides=2)  # Piglet, every score doubled
    solution = solve(game)
    for i, row in enumerate(PIGLET_HOLD_AT[goal]):
        for j, published in enumerate(int(cell) for cell in row.split()):
            threshold = goal - i  # reaching the goal banks the points: that is holding
            for k in range(1, goal - i):
                state = PigState(2 * i, 2 * j, 2 * k, 0, False)
                if solution.best_actions(state)[0] == "hold":
                    threshold = k
                    break
            assert threshold == published, (i, j)


def test_hog_is_solved_exactly_as_expectiminimax_does():
    game = Hog()
    solution = solve(game)
    assert solution.value(game.initial_state()) == pytest.approx(expectiminimax(game).value)


def test_chance_nodes_need_a_player():
    game = Pig(goal=5)
    solution = solve(game)
    rolling = game.result(game.initial_state(), "roll")
    assert game.to_move(rolling) == CHANCE
    with pytest.raises(InvalidSearchOptionError, match="chance node"):
        solution.value(rolling)
    assert solution.value(rolling, player=1) == pytest.approx(-solution.value(rolling, player=0))
    assert solution.probe(rolling) is None
    assert solution.distance(rolling) is None
    assert solution.tolerance == 1e-9


def test_value_iteration_that_cannot_settle_says_so():
    with pytest.raises(GameProtocolError, match="did not settle"):
        solve(Pig(goal=8), max_sweeps=2)


@pytest.mark.slow
def test_pig_to_100_matches_neller_and_pressers_0_5306():
    # Neller and Presser (2004) report that under optimal play the first player wins Pig to 100
    # with probability 0.5306. About 1.9 million states (the chance nodes included): some
    # 1.5-4 minutes (the machine being shared) and 1 GB of memory here.
    game = Pig(goal=100)
    solution = solve(game, tolerance=1e-8)
    assert len(solution) > 1_900_000
    first = (1 + solution.value(game.initial_state())) / 2
    assert first == pytest.approx(0.5306, abs=5e-5)
