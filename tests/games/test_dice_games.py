"""The dice games Pig and Hog, and chance nodes in GameTree."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given

from gamesearch import (
    CHANCE,
    GameProtocolError,
    IllegalActionError,
    InvalidGameTreeError,
    expectiminimax,
)
from gamesearch.games import Chance, GameTree, Hog, HogState, Pig, PigState
from gamesearch.testing import states

# --- Hog: a finite game, whose exact value an independent enumeration checks ---------------


def hog_value(game: Hog) -> Fraction:
    """Hog's expectiminimax value for player 0, enumerating every face of every die thrown.

    Independent of the library's search and of Hog's own outcome table: it applies the rules to
    each tuple of faces, weighs each tuple by (1 / sides) ** dice, and memoises by position.
    """

    @cache
    def value(score0: int, score1: int, player: int, played: int) -> Fraction:
        if max(score0, score1) >= game.goal or played == 2 * game.turns:
            return Fraction((score0 > score1) - (score0 < score1))
        options = []
        for dice in range(1, game.max_dice + 1):
            total = Fraction(0)
            for faces in product(range(1, game.die_sides + 1), repeat=dice):
                points = 1 if 1 in faces else sum(faces)
                if player == 0:
                    total += value(score0 + points, score1, 1, played + 1)
                else:
                    total += value(score0, score1 + points, 0, played + 1)
            options.append(total / game.die_sides**dice)
        return max(options) if player == 0 else min(options)

    return value(0, 0, 0, 0)


HOGS = [
    Hog(),
    Hog(goal=8, die_sides=3, max_dice=3, turns=2),
    Hog(goal=12, die_sides=6, max_dice=2, turns=1),
    Hog(goal=5, die_sides=2, max_dice=4, turns=3),
]


@pytest.mark.slow
@pytest.mark.parametrize("game", HOGS, ids=repr)
@pytest.mark.parametrize("pruning", [None, "star1", "star2"])
def test_hog_value_is_the_enumerated_value(game, pruning):
    expected = hog_value(game)
    result = expectiminimax(game, pruning=pruning, bounds=(-1, 1) if pruning else None)
    assert result.value == float(expected)  # the search is exact: Fractions and integers
    assert result.exact


def every_throw(dice: int, sides: int) -> dict[int, Fraction]:
    """The points of ``dice`` dice of ``sides`` faces, each throw counted: a 1 scores 1."""
    counted: dict[int, Fraction] = {}
    for faces in product(range(1, sides + 1), repeat=dice):
        points = 1 if 1 in faces else sum(faces)
        counted[points] = counted.get(points, Fraction(0)) + Fraction(1, sides**dice)
    return counted


@pytest.mark.parametrize(("dice", "sides"), [(1, 6), (2, 4), (3, 3), (4, 2), (2, 6)])
def test_hog_outcomes_match_every_throw(dice, sides):
    game = Hog(die_sides=sides, max_dice=dice)
    rolling = HogState(0, 0, 0, 0, dice)
    counted = every_throw(dice, sides)
    assert dict(game.chance_outcomes(rolling)) == counted
    assert game.to_move(rolling) == CHANCE
    assert game.actions(rolling) == tuple(sorted(counted))


def test_hog_outcomes_of_fewer_dice_than_the_most_match_every_throw():
    game = Hog(die_sides=5, max_dice=4)
    for dice in range(1, 5):
        assert dict(game.chance_outcomes(HogState(0, 0, 0, 0, dice))) == every_throw(dice, 5)


@pytest.mark.slow
def test_hog_at_its_largest_is_made_at_once():
    # Twenty dice of a hundred faces: 8 s when each count of dice was convolved again from one
    # die, face by face (a table file could name it); running totals take a tenth of a second.
    # No clock is asserted here (a busy machine would fail it); `--durations` shows a relapse.
    game = Hog(goal=100_000, die_sides=100, max_dice=20, turns=1000)
    outcomes = game.chance_outcomes(HogState(0, 0, 0, 0, 20))
    assert sum(p for _, p in outcomes) == 1
    assert outcomes[0] == (1, 1 - Fraction(99, 100) ** 20)  # a 1 among the twenty
    assert outcomes[1] == (40, Fraction(1, 100**20))  # twenty 2s
    assert outcomes[-1] == (2000, Fraction(1, 100**20))  # twenty 100s


def test_hog_rules():
    game = Hog(goal=10, turns=2)
    state = game.initial_state()
    assert game.actions(state) == (1, 2)
    state = game.result(game.result(state, 2), 7)
    assert state == HogState(7, 0, 1, 1, 0)
    state = game.result(game.result(state, 1), 1)  # player 1 pigs out: one point
    assert state == HogState(7, 1, 0, 2, 0)
    state = game.result(game.result(state, 1), 3)  # 10 points: player 0 wins
    assert game.is_terminal(state)
    assert (game.utility(state, 0), game.utility(state, 1)) == (1, -1)
    with pytest.raises(IllegalActionError):
        game.result(game.initial_state(), 3)
    with pytest.raises(GameProtocolError):
        game.utility(game.initial_state(), 0)


def test_hog_ends_after_the_last_turn_in_a_draw():
    game = Hog(goal=100, turns=1)
    state = game.result(game.result(game.initial_state(), 1), 3)
    state = game.result(game.result(state, 1), 3)
    assert game.is_terminal(state)
    assert game.utility(state, 0) == game.utility(state, 1) == 0


@pytest.mark.parametrize(
    "options", [{"goal": 0}, {"die_sides": 1}, {"max_dice": 0}, {"turns": True}]
)
def test_hog_refuses_bad_parameters(options):
    with pytest.raises(ValueError, match="Hog"):
        Hog(**options)


# --- Pig -----------------------------------------------------------------------------------

PIG = Pig(goal=20)


def test_pig_turn():
    state = PIG.initial_state()
    assert PIG.actions(state) == ("roll",)  # every turn rolls at least once
    rolling = PIG.result(state, "roll")
    assert PIG.to_move(rolling) == CHANCE
    assert PIG.actions(rolling) == (1, 2, 3, 4, 5, 6)
    assert math.isclose(sum(p for _, p in PIG.chance_outcomes(rolling)), 1)
    state = PIG.result(rolling, 4)
    assert state == PigState(0, 0, 4, 0, False)
    assert PIG.actions(state) == ("roll", "hold")
    held = PIG.result(state, "hold")
    assert held == PigState(4, 0, 0, 1, False)
    bust = PIG.result(PIG.result(state, "roll"), 1)
    assert bust == PigState(0, 0, 0, 1, False)  # the turn total is lost


def test_two_busts_bring_pig_back_where_it_was():
    start = PIG.initial_state()
    state = PIG.result(PIG.result(start, "roll"), 1)
    state = PIG.result(PIG.result(state, "roll"), 1)
    assert state == start  # the game graph has a cycle


def test_reaching_the_goal_banks_the_points_and_wins():
    state = PigState(17, 5, 0, 0, True)
    won = PIG.result(state, 3)
    assert won == PigState(20, 5, 0, 0, False)
    assert PIG.is_terminal(won)
    assert PIG.actions(won) == ()
    assert (PIG.winner(won), PIG.utility(won, 0), PIG.utility(won, 1)) == (0, 1, -1)
    held = PIG.result(PigState(3, 15, 6, 1, False), "hold")
    assert (PIG.winner(held), PIG.utility(held, 1)) == (1, 1)


@pytest.mark.parametrize(
    ("state", "action"),
    [
        (PigState(0, 0, 0, 0, False), "hold"),  # nothing to bank yet
        (PigState(0, 0, 0, 0, False), 3),
        (PigState(0, 0, 0, 0, True), 7),
        (PigState(0, 0, 0, 0, True), "roll"),
        (PigState(0, 0, 0, 0, True), True),
        (PigState(20, 0, 0, 0, False), "roll"),  # the game is over
    ],
)
def test_pig_refuses_illegal_actions(state, action):
    with pytest.raises(IllegalActionError):
        PIG.result(state, action)


def test_pig_utility_needs_a_finished_game():
    with pytest.raises(GameProtocolError):
        PIG.utility(PIG.initial_state(), 0)


@given(states(PIG, max_moves=60))
def test_pig_evaluation_is_zero_sum_and_strictly_between_loss_and_win(state):
    if PIG.is_terminal(state):
        assert PIG.utility(state, 0) == -PIG.utility(state, 1)
        return
    assert -1 < PIG.evaluate(state, 0) < 1
    assert PIG.evaluate(state, 0) == -PIG.evaluate(state, 1)
    assert (len(PIG.actions(state)) > 0) != PIG.is_terminal(state)


@pytest.mark.parametrize("options", [{"goal": 0}, {"die_sides": 1}, {"goal": 2.5}])
def test_pig_refuses_bad_parameters(options):
    with pytest.raises(ValueError, match="Pig"):
        Pig(**options)


def test_pig_search_worked_by_hand():
    game = Pig(goal=10)
    state = PigState(0, 0, 5, 0, False)  # player 0 has 5 points at stake
    # Two decisions deep. Holding: player 1 must roll, and that chance node is evaluated at
    # 5/10. Rolling: a 1 leaves player 1 to roll at 0 - 0 (worth 0); a 2, 3 or 4 gives a turn
    # total whose two continuations are both evaluated at (5 + face)/10; a 5 or 6 reaches the
    # goal and wins (1). So rolling is worth (0 + 0.7 + 0.8 + 0.9 + 1 + 1) / 6 = 4.4 / 6.
    result = expectiminimax(game, state, depth=2, evaluate=game.evaluate)
    assert result.action == "roll"
    assert math.isclose(result.value, 4.4 / 6)
    assert result.pv[:2] == ("roll", 1)  # 1 is the first of six equally likely faces
    # With 2 points to go, holding wins at once: worth 1, more than any roll.
    near = expectiminimax(game, PigState(8, 9, 2, 0, False), depth=1, evaluate=game.evaluate)
    assert (near.action, near.value) == ("hold", 1)


# --- Chance nodes in GameTree --------------------------------------------------------------


def test_players_alternate_at_decision_nodes_and_chance_nodes_do_not_count():
    tree = GameTree([Chance([(0.5, [Chance([(1, [1, 2])]), 3]), (0.5, 4)]), 5])
    assert tree.to_move(()) == 0
    assert tree.to_move((0,)) == CHANCE
    assert tree.to_move((0, 0)) == 1
    assert tree.to_move((0, 0, 0)) == CHANCE
    assert tree.to_move((0, 0, 0, 0)) == 0


def test_only_trees_with_chance_nodes_have_chance_outcomes():
    assert not hasattr(GameTree([[1, 2], [3]]), "chance_outcomes")
    tree = GameTree({"x": Chance({"heads": (Fraction(1, 2), 1), "tails": (Fraction(1, 2), -1)})})
    assert tree.chance_outcomes(("x",)) == (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2)))
    assert tree.actions(("x",)) == ("heads", "tails")
    assert tree.result(("x",), "tails") == ("x", "tails")
    assert tree.leaves() == {("x", "heads"): 1.0, ("x", "tails"): -1.0}
    with pytest.raises(GameProtocolError, match="not a chance node"):
        tree.chance_outcomes(())
    with pytest.raises(ValueError, match="not a node"):
        tree.chance_outcomes(("y",))
    with pytest.raises(ValueError, match="not a node"):
        tree.to_move(("y",))


@pytest.mark.parametrize(
    ("node", "message"),
    [
        (Chance([(-0.5, 1), (1.5, 2)]), r"must be >= 0"),
        (Chance([(0.5, 1), (0.4, 2)]), r"sum to 0\.9"),
        (Chance([(True, 1)]), r"not a number"),
        (Chance([("1/2", 1), ("1/2", 2)]), r"not a number"),
        (Chance([(math.nan, 1)]), r"must be >= 0"),
        (Chance([0.5, 0.5]), r"not a \(probability, subtree\) pair"),
        (Chance([]), r"has no children"),
        (Chance(5), r"a list of \(probability, subtree\) pairs or a dict"),
        (Chance([(1.0, [])]), r"has no children"),
    ],
)
def test_malformed_chance_nodes_are_refused_with_their_path(node, message):
    with pytest.raises(InvalidGameTreeError, match=message):
        GameTree({"a": 1, "b": node})
