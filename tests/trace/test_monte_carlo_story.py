"""Monte Carlo selection told with the numbers behind each choice: each child's UCB value.

UCT takes, at each node, the child of highest ``mean + c * sqrt(ln N / n)`` (Kocsis and
Szepesvari 2006); PUCT the child of highest ``mean + c * P * sqrt(N) / (1 + n)`` (AlphaZero).
The trace's ``Select`` carries every step of the walk (``Choice``), each child's mean and
exploration term (``Weighed``); the story tells them, where it used to say only "select C".
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesearch import mcts
from gamesearch.games import Chance, GameTree, TicTacToe
from gamesearch.testing import game_trees
from gamesearch.trace import Choice, SearchTree, Select

FIGURE_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def traced(game: Any, state: Any = None, **options: Any) -> SearchTree:
    tree = SearchTree(game)
    mcts(game, state, trace=tree, **options)
    return tree


def choices(tree: SearchTree) -> list[Choice]:
    selected = [event for event, _ in tree.log if isinstance(event, Select)]
    return [choice for event in selected for choice in event.choices]


def test_the_fourth_iteration_on_figure_5_2_weighs_b_c_and_d_as_worked_by_hand() -> None:
    # After three iterations A has N = 3 and each child n = 1, with one playout each: B 3, C 6
    # (a playout that happened to end at C3) and D 2. Each exploration term is
    # 10 * sqrt(ln 3 / 1) = 10.48; C's 6 + 10.48 = 16.48 is highest.
    story = traced(GameTree(FIGURE_5_2), iterations=6, exploration=10, rng=1).narrate()
    assert (
        "iteration 4: select C: at A (MAX, N=3) UCT = mean + 10 * sqrt(ln N / n): "
        "B 3 + 10.5 = 13.5, C 6 + 10.5 = 16.5, D 2 + 10.5 = 12.5; C is highest; "
        "C has an untried action, 0: expand it"
    ) in story.splitlines()
    assert "iteration 1: select A: A has an untried action, 0: expand it" in story


def test_a_mean_the_solver_caps_is_told_as_a_proven_bound() -> None:
    # C1 = 2 is proven in iteration 4: C, MIN's, is worth at most 2 to MAX whatever its
    # playout said (6), and UCT weighs it so in iteration 5.
    story = traced(GameTree(FIGURE_5_2), iterations=6, exploration=10, rng=1).narrate()
    line = next(line for line in story.splitlines() if line.startswith("iteration 5:"))
    assert "C 2 (proven bound) + 8.33 = 10.3" in line


def test_a_min_node_weighs_its_childrens_means_for_min() -> None:
    game = TicTacToe()
    story = traced(game, game.parse("X O X / . O . / . X ."), iterations=14, rng=1).narrate()
    assert "at C (MIN, N=4, means for MIN) UCT = mean + 1.41 * sqrt(ln N / n)" in story


def test_a_chance_node_draws_its_outcome_with_its_probability() -> None:
    game = GameTree({"gamble": Chance([(0.5, [3, 5]), (0.5, [1, 9])]), "sure": 2})
    story = traced(game, iterations=10, rng=2).narrate()
    assert "at B (CHANCE) outcome 1 is drawn (p=0.5): go to B2" in story


def test_puct_tells_each_childs_prior_and_an_untried_actions_term() -> None:
    game = TicTacToe()

    def uniform(state: Any, actions: Any) -> list[float]:
        return [1 / len(actions)] * len(actions)

    tree = traced(game, game.parse("X O X / . O . / . X ."), iterations=8, rng=1, prior=uniform)
    story = tree.narrate()
    assert "PUCT = mean + 1.41 * P * sqrt(N) / (1 + n): B 0 + 0.312 = 0.312 (P=0.25)" in story
    # E's first visit: no child yet, and an untried action's term 1.41 * (1/3) * sqrt(1) wins.
    assert "no child yet; the untried action 3 scores higher, 0 + 0.471 (P=0.333)" in story


def check_choices(tree: SearchTree) -> None:
    """Every choice told is the loop's: the child taken scores highest, terms by the formula."""
    for choice in choices(tree):
        if choice.rule not in ("uct", "puct"):
            continue
        scored = [child for child in choice.children if child.score is not None]
        for child in choice.children:
            if choice.rule == "uct":
                term = choice.constant * math.sqrt(math.log(choice.visits) / child.visits)
            else:
                assert child.prior is not None
                term = choice.constant * child.prior * math.sqrt(choice.visits) / (1 + child.visits)
            assert math.isclose(child.exploration, term)
            if child.score is not None:
                assert math.isclose(child.score, child.mean + child.exploration)
        taken = [child for child in scored if child.action == choice.action]
        if taken:  # else PUCT expanded an untried action, whose term beat them all
            best = max(child.score for child in scored if child.score is not None)
            assert taken[0].score == best
        else:
            assert choice.rule == "puct"
            assert choice.probability is not None
            assert choice.constant * choice.probability * math.sqrt(choice.visits) >= max(
                (child.score for child in scored if child.score is not None), default=-math.inf
            )


@pytest.mark.slow
@settings(deadline=None)
@given(tree=game_trees(max_depth=3, max_branching=3), seed=st.integers(0, 50), solver=st.booleans())
def test_the_child_told_as_taken_scores_highest_on_random_trees(
    tree: GameTree, seed: int, solver: bool
) -> None:
    check_choices(traced(tree, iterations=40, rng=seed, solver=solver))


def test_the_child_told_as_taken_scores_highest_in_tic_tac_toe_with_and_without_priors() -> None:
    game = TicTacToe()

    def centre_first(state: Any, actions: Any) -> list[float]:
        weights = [3.0 if action == 4 else 1.0 for action in actions]
        return [weight / sum(weights) for weight in weights]

    check_choices(traced(game, iterations=60, rng=4))
    check_choices(traced(game, iterations=60, rng=4, prior=centre_first))
    check_choices(traced(game, iterations=40, rng=4, prior=centre_first, dirichlet=(0.3, 0.25)))


def test_the_last_step_says_why_the_move_is_played_and_that_the_solver_stopped_the_search() -> None:
    # Figure 5.2 with the default constant: the MCTS-Solver proves A = 3 (B's MIN value) after
    # 11 of the 30 iterations asked; B is played because it is proven to give A's value.
    story = traced(GameTree(FIGURE_5_2), iterations=30, rng=1).narrate().splitlines()
    last = next(line for line in reversed(story) if line.startswith("leave A"))
    assert "best action 0 (B): proven to give A's value" in last
    assert "B n=4 mean 3 (proven)" in last
    assert "the solver proved A = 3, so the search stopped after 11 iterations" in last


def test_without_the_solver_the_most_visited_child_is_played_and_its_visits_told() -> None:
    tree = traced(GameTree(FIGURE_5_2), iterations=40, rng=1, solver=False)
    last = next(line for line in reversed(tree.narrate().splitlines()) if "leave A" in line)
    visits = {tree.name(child): child.visits for child in tree.root.children}
    most = max(visits, key=lambda name: visits[name] or 0)
    assert f"({most}): the most visited child" in last
    assert f"{most} n={visits[most]} mean" in last
    assert "the solver proved" not in last


def test_a_change_of_the_exploration_constant_is_told_where_it_happens() -> None:
    # Left to its default, the constant is scaled to half the range of the utilities seen:
    # 8.49 while only 3 and 2 have been seen, 19.8 once a playout brings 14 (or 12).
    story = traced(GameTree(FIGURE_5_2), iterations=30, rng=1).narrate().splitlines()
    told = [line for line in story if "the exploration constant is now" in line]
    assert told, "no change of the constant told"
    assert "is now 19.8, was 8.49" in told[0]
    assert "half their range" in told[0]
    fixed = traced(GameTree(FIGURE_5_2), iterations=30, exploration=10, rng=1).narrate()
    assert "the exploration constant is now" not in fixed  # a constant given never changes
