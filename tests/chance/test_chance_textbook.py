"""Worked examples of games of chance from the lecture notes, as fixtures with their values.

The chance node of the notes (probabilities 1/2, 1/3, 1/6 over 8, 24, -12) is worth 10; the
pruning examples below were worked by hand with Ballard's formulas (see
gamesearch.chance._search) and list the leaves that Star1 and Star2 must read.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import RecordingChanceGame, ThreeRolls

from gamesearch import CHANCE, expectimax, expectiminimax, minimax
from gamesearch.games import Chance, GameTree

HALF, THIRD, SIXTH = Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)

# The notes' chance node: 8 * 1/2 + 24 * 1/3 - 12 * 1/6 = 4 + 8 - 2 = 10.
NOTES_CHANCE = Chance({"a": (HALF, 8), "b": (THIRD, 24), "c": (SIXTH, -12)})

# MAX takes a sure 5 or gambles on a fair coin between -10 and 10. After the coin's first
# outcome, -10, the gamble is worth at most -10/2 + 10/2 = 0 < 5 (U = 10): Star1 prunes "up".
STAR1_CUT = {"sure": 5, "gamble": Chance({"down": (0.5, -10), "up": (0.5, 10)})}

# After MAX's sure 5, a coin decides which of two MIN nodes follows. Star1 searches the first
# MIN node in full (its value, 1, leaves the gamble possibly worth 0.5 + 5 = 5.5 > 5), then
# needs one leaf of the second (3 <= 9 = A_2). Star2 first probes one leaf of each MIN node:
# 4 bounds the first from above, so after 3 the gamble is worth at most 2 + 1.5 = 3.5 <= 5.
STAR2_CUT = {
    "sure": 5,
    "gamble": Chance(
        {"left": (0.5, {"l1": 4, "l2": 3, "l3": 2, "l4": 1}), "right": (0.5, {"r1": 3, "r2": 9})}
    ),
}


def test_the_notes_chance_node_is_worth_10():
    tree = GameTree(NOTES_CHANCE)
    assert tree.to_move(()) == CHANCE
    result = expectiminimax(tree)
    assert result.value == 10
    assert result.player == 0
    assert result.action is None  # nature moves at the root
    assert result.pv == ("a",)  # the most probable outcome
    assert (result.stats.nodes, result.stats.leaves, result.stats.max_depth) == (4, 3, 0)


@pytest.mark.parametrize("sure", [9, 11])
def test_max_weighs_the_chance_node_against_a_sure_thing(sure):
    tree = GameTree({"gamble": NOTES_CHANCE, "sure": sure})
    result = expectiminimax(tree)
    assert result.value == max(10, sure)
    assert result.action == ("gamble" if sure < 10 else "sure")


def test_min_after_the_dice():
    # MAX moves, the dice fall, MIN answers: each chance node averages MIN's choices.
    tree = GameTree(
        {
            "a1": Chance([(0.5, [3, 5]), (0.5, [1, 9])]),  # (3 + 1) / 2 = 2
            "a2": Chance([(0.25, [1, 2]), (0.75, [4, 8])]),  # 1/4 + 3 = 3.25
        }
    )
    assert tree.to_move(("a1", 0)) == 1
    result = expectiminimax(tree)
    assert (result.value, result.action, result.pv) == (3.25, "a2", ("a2", 1, 0))


def test_expectimax_and_minimax_disagree_where_the_notes_say():
    # Against MIN, "safe" guarantees 3; against a random opponent "risky" averages 5.
    tree = GameTree({"safe": [3, 4], "risky": [0, 10]})
    assert (minimax(tree).action, minimax(tree).value) == ("safe", 3)
    assert (expectimax(tree).action, expectimax(tree).value) == ("risky", 5)


def test_three_rolls_of_a_die_are_worth_14_thirds():
    result = expectimax(ThreeRolls())
    assert result.value == float(Fraction(14, 3))
    assert result.action == "roll"
    assert result.exact
    # After a first roll of 4, rolling again (worth 17/4) beats keeping the 4.
    assert expectimax(ThreeRolls(), (2, 4, False)).action == "roll"
    assert expectimax(ThreeRolls(), (2, 5, False)).action == "stop"


@pytest.mark.parametrize(
    ("tree", "pruning", "read"),
    [
        pytest.param(STAR1_CUT, "star1", [("sure",), ("gamble", "down")], id="star1-coin"),
        pytest.param(STAR1_CUT, "star2", [("sure",), ("gamble", "down")], id="star2-coin"),
        pytest.param(
            STAR2_CUT,
            "star1",
            [
                ("sure",),
                *(("gamble", "left", f"l{i}") for i in range(1, 5)),
                ("gamble", "right", "r1"),
            ],
            id="star1-min-nodes",
        ),
        pytest.param(
            STAR2_CUT,
            "star2",
            [("sure",), ("gamble", "left", "l1"), ("gamble", "right", "r1")],
            id="star2-min-nodes",
        ),
    ],
)
def test_star_pruning_reads_exactly_these_leaves(tree, pruning, read):
    full = expectiminimax(GameTree(tree))
    game = RecordingChanceGame(GameTree(tree))
    result = expectiminimax(game, pruning=pruning, bounds=(-10, 10))
    assert (result.value, result.action) == (full.value, full.action) == (5, "sure")
    assert game.scored == read
    assert result.stats.leaves == len(read) < full.stats.leaves
    assert result.stats.cutoffs >= 1


def test_star2_reads_fewer_leaves_than_star1_on_the_min_node_example():
    star1 = expectiminimax(GameTree(STAR2_CUT), pruning="star1", bounds=(-10, 10))
    star2 = expectiminimax(GameTree(STAR2_CUT), pruning="star2", bounds=(-10, 10))
    assert (star2.stats.leaves, star1.stats.leaves) == (3, 6)


def test_loose_bounds_prune_less():
    tight = expectiminimax(GameTree(STAR1_CUT), pruning="star1", bounds=(-10, 10))
    loose = expectiminimax(GameTree(STAR1_CUT), pruning="star1", bounds=(-10, 100))
    assert tight.value == loose.value == 5
    assert (tight.stats.leaves, loose.stats.leaves) == (2, 3)  # with U = 100, "up" may be huge


def test_depth_counts_decisions_not_chance_nodes():
    # MAX, then a coin, then MIN: depth 1 evaluates the chance node itself (OpenSpiel's rule);
    # depth 2 looks through the coin at MIN's choices.
    tree = GameTree({"a": Chance([(0.5, [1, 2]), (0.5, [3, 4])]), "b": 0})
    seen = []

    def evaluate(state, player):
        seen.append(state)
        return 7

    one = expectiminimax(tree, depth=1, evaluate=evaluate)
    assert seen == [("a",)]
    assert (one.value, one.stats.max_depth) == (7, 1)
    seen.clear()
    two = expectiminimax(tree, depth=2, evaluate=evaluate)
    assert seen == []
    assert (two.value, two.exact) == (2, True)
