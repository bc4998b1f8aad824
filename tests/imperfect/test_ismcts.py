"""Information Set MCTS: plain MCTS on perfect information, one tree over information sets."""

from __future__ import annotations

import random

import pytest
from imperfect_helpers import play
from test_pimc import FIGURE_5_2, PerfectInformation, Telltale

from gamesearch import mcts, minimax
from gamesearch.errors import GameProtocolError, InvalidSearchOptionError, NotAGameError
from gamesearch.games import GameTree, TicTacToe
from gamesearch.imperfect import ISMCTSPlayer, LeducPoker, OhHell, ismcts
from gamesearch.imperfect.information_set_mcts import _Search

QS, KS, AS, QH, KH, AH, QD, KD, AD = range(9)


class Open(PerfectInformation):
    """Any perfect-information game, whose key is the state."""

    def __init__(self, game):
        super().__init__(game)
        self.num_players = game.num_players


@pytest.mark.parametrize(
    ("position", "win"),
    [("XX. / OO. / ...", 2), ("X.O / .XO / ...", 8), ("O.. / XX. / O..", 5)],
)
def test_on_perfect_information_it_finds_the_winning_move(position, win):
    game = TicTacToe()
    state = game.parse(position)
    result = ismcts(Open(game), state, iterations=400, rng=1)
    assert result.action == win
    assert result.value > 0.5


def test_on_a_perfect_information_tree_it_plays_as_mcts_does():
    tree = GameTree(FIGURE_5_2)
    result = ismcts(PerfectInformation(tree), iterations=600, rng=3)
    assert result.action == minimax(tree).action == mcts(tree, iterations=600, rng=3).action
    assert result.value == pytest.approx(3.0, abs=1.0)
    assert sum(visits for _, visits in result.visits) == result.iterations == 600


def test_the_same_seed_gives_the_same_search():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    first = ismcts(game, state, iterations=300, exploration=8, rng=4)
    again = ismcts(game, state, iterations=300, exploration=8, rng=4)
    assert (first.action, first.visits, first.action_values) == (
        again.action,
        again.visits,
        again.action_values,
    )
    assert [action for action, _ in first.visits] == list(game.actions(state))


def test_it_takes_the_sure_trick():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    assert ismcts(game, state, iterations=500, exploration=8, rng=1).action == AD


def _walk(node, depth=0):
    yield node, depth
    for child in node.children.values():
        yield from _walk(child, depth + 1)


def test_availability_counts_lie_between_a_childs_visits_and_its_parents():
    # Player 1 to move after player 0's lead: its replies differ from world to world.
    game = OhHell(suits=3, ranks=3, hand=3, bids=False)
    state = play(game, ((QS, QH, AD), (AS, KH, KD), QS))
    search = _Search(game, 1, 8.0, random.Random(0))
    rng = random.Random(1)
    for _ in range(400):
        search.iterate(game.sample_state(state, 1, rng))
    nodes = list(_walk(search.root))
    assert search.nodes == len(nodes)
    assert search.root.visits == 400
    partial = 0
    for node, _ in nodes:
        for child in node.children.values():
            assert 1 <= child.visits <= child.availability <= node.visits
            partial += child.availability < node.visits
    assert partial > 0  # some moves were legal in some worlds only


def test_chance_nodes_below_the_root_are_told_apart_by_what_the_player_sees():
    game = LeducPoker()
    state = play(game, (5, 0, 1))  # K to 0, J to 1; 0 checks: 1 to move
    result = ismcts(game, state, iterations=300, rng=2)
    assert result.action in game.actions(state)
    assert result.player == 1
    assert -13 <= result.value <= 13


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "needs a limit"),
        ({"iterations": 0}, "iterations"),
        ({"time_limit": 0}, "time_limit"),
        ({"iterations": 5, "exploration": -1}, "exploration"),
        ({"iterations": 5, "exploration": float("inf")}, "exploration"),
        ({"iterations": 5, "exploration": True}, "exploration"),
        ({"iterations": 5, "rng": 1.5}, "rng"),
    ],
)
def test_bad_options_are_refused(options, message):
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    with pytest.raises(InvalidSearchOptionError, match=message):
        ismcts(game, state, **options)


def test_bad_roots_and_games_are_refused():
    game = OhHell()
    with pytest.raises(InvalidSearchOptionError, match="chance node"):
        ismcts(game, iterations=5)
    with pytest.raises(NotAGameError, match="sample_state"):
        ismcts(GameTree(FIGURE_5_2), iterations=5)
    with pytest.raises(GameProtocolError, match="can tell"):
        ismcts(Telltale(GameTree(FIGURE_5_2)), iterations=5)


def test_a_time_limit_runs_at_least_one_iteration():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    assert ismcts(game, state, time_limit=1e-6, rng=0).iterations == 1


def test_the_player_plays_a_forced_card_at_once_and_searches_otherwise():
    game = OhHell()
    player = ISMCTSPlayer(game, iterations=50, exploration=8, rng=0)
    assert player(play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1, QS))) == AS
    assert player.last is None
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    assert player(state) in game.actions(state)
    assert player.last.iterations == 50
    assert player.bind(game) is player
    assert player.bind(OhHell(3)).game.num_players == 3
    with pytest.raises(InvalidSearchOptionError, match="worlds"):
        ISMCTSPlayer(game, worlds=3)
