"""A chance node told as the textbook computes it: the probability-weighted sum of its outcomes.

AIMA (3rd ed., section 5.5) writes a chance node's value as the sum, over its outcomes, of each
outcome's probability times its value. The story says exactly that, with the numbers, where it
used to tell a chance node like a MAX node ("leave B = 3, best action 0 (B1)").
"""

from __future__ import annotations

from fractions import Fraction

from gamesearch import expectiminimax
from gamesearch.games import Chance, GameTree
from gamesearch.trace import SearchTree

NOTES = Chance([(Fraction(1, 2), 8), (Fraction(1, 3), 24), (Fraction(1, 6), -12)])
"""The lecture notes' chance node: 8/2 + 24/3 - 12/6 = 10 (docs/chance.md)."""


def told(game: GameTree, **options: object) -> list[str]:
    tree = SearchTree(game)
    expectiminimax(game, trace=tree, **options)  # type: ignore[arg-type]
    return [line.strip() for line in tree.narrate().splitlines()]


def test_a_chance_node_is_the_probability_weighted_sum_of_its_outcomes() -> None:
    story = told(GameTree({"gamble": NOTES, "sure": 9}))
    assert (
        "leave B = 0.5 * 8 + 0.333 * 24 + 0.167 * (-12) = 10: a chance node's value is the "
        "probability-weighted sum of its outcomes'"
    ) in story
    assert not any(line.startswith("leave B") and "best action" in line for line in story)
    assert "leaf B1 (outcome 0, p=0.5) = 8: B's range stays [-inf, +inf]" in story
    assert story[-2] == "leave A = 10, best action gamble (B)"  # MAX's node: its best action


def test_outcomes_that_are_searched_nodes_are_summed_with_their_backed_up_values() -> None:
    # After "move" the dice fall and MIN chooses: (min(3, 5) + min(1, 9)) / 2 = 2.
    story = told(GameTree({"move": Chance([(0.5, [3, 5]), (0.5, [1, 9])])}))
    assert (
        "leave B = 0.5 * 3 + 0.5 * 1 = 2: a chance node's value is the probability-weighted "
        "sum of its outcomes'"
    ) in story
    assert "leave B1 = 3, best action 0 (B1.1)" in story  # MIN's node keeps its best action


def test_a_chance_root_names_no_best_action() -> None:
    story = told(GameTree(NOTES))
    assert story[-1] == (
        "result: A = 10 (the expectation over its outcomes); A's range is [10, 10]; "
        "3 leaves scored"
    )


def test_star1_tells_the_bound_from_the_outcomes_searched_and_those_left() -> None:
    # After the sure 5, the gamble's first outcome -20 caps it: 0.5 * (-20) + 0.5 * 30 <= 5.
    game = GameTree({"sure": 5, "gamble": Chance([(0.5, -20), (0.5, 8)])})
    story = told(game, pruning="star1", bounds=(-20, 30))
    assert "C's value is bounded by 5, outside the window [5, 30]: prune C2" in story
    assert (
        "leave C <= 5, a bound: the outcomes searched give 0.5 * (-20) = -10, and the rest "
        "(p=0.5) at most 15"
    ) in story
