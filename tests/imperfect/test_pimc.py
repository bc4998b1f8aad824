"""Perfect Information Monte Carlo: exact on perfect information, wrong where the theory says."""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import pytest
from imperfect_helpers import play
from pimc_traps import NonLocality, StrategyFusion

from gamesearch import alphabeta, expectiminimax, mcts, minimax
from gamesearch.capabilities import Capabilities
from gamesearch.errors import (
    GameProtocolError,
    InvalidSearchOptionError,
    NotAGameError,
    UnsupportedGameError,
)
from gamesearch.games import Chance, GameTree
from gamesearch.imperfect import (
    LeducPoker,
    OhHell,
    PIMCPlayer,
    best_response,
    cfr,
    check_information_sets,
    expected_values,
    face_up,
    pimc,
)

QS, KS, AS, QH, KH, AH, QD, KD, AD = range(9)


class PerfectInformation:
    """A game tree whose key is the state: the only world a player can be in is the real one."""

    def __init__(self, tree):
        self.tree = tree
        self.num_players = 2
        for name in ("initial_state", "to_move", "actions", "result", "is_terminal", "utility"):
            setattr(self, name, getattr(tree, name))

    def information_set(self, state, player):
        return state

    def sample_state(self, state, player, rng):
        return state


FIGURE_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_on_a_perfect_information_game_pimc_is_the_searcher_itself():
    game = PerfectInformation(GameTree(FIGURE_5_2))
    result = pimc(game, worlds=3, rng=0)
    exact = alphabeta(game.tree, root_values=True)
    assert result.action == exact.action == 0
    assert result.value == minimax(game.tree).value == 3.0
    assert result.action_values == exact.action_values
    assert (result.worlds, result.distinct_worlds) == (3, 1)  # one world, searched once
    assert result.stats.nodes == exact.stats.nodes


def test_the_same_seed_draws_the_same_worlds():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    first = pimc(game, state, worlds=12, rng=5)
    again = pimc(game, state, worlds=12, rng=5)
    assert (first.action_values, first.distinct_worlds) == (
        again.action_values,
        again.distinct_worlds,
    )
    assert first.worlds == 12
    assert 1 <= first.distinct_worlds <= 12
    assert [a for a, _ in first.action_values] == list(game.actions(state))


def test_pimc_takes_the_trick_it_needs_when_every_world_agrees():
    # Player 0 bid 1 and holds the ace of diamonds and two queens: in every world the ace is
    # a sure trick and the queens lose, so leading the ace is best in all worlds.
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    result = pimc(game, state, worlds=10, rng=1)
    assert result.action == AD
    assert result.value == max(value for _, value in result.action_values)


def test_the_mean_over_worlds_is_the_mean_of_each_worlds_values():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    rng = random.Random(9)
    worlds = [game.sample_state(state, 0, rng) for _ in range(6)]
    per_world = [dict(alphabeta(_view(game), w, root_values=True).action_values) for w in worlds]
    result = pimc(game, state, worlds=6, rng=9)
    for action, value in result.action_values:
        assert value == pytest.approx(sum(v[action] for v in per_world) / 6)


def _view(game):
    from gamesearch.imperfect._determinized import DeterministicView

    return DeterministicView(game)


def test_mcts_searches_the_worlds_of_a_three_player_game():
    game = OhHell(3, suits=3, ranks=3, hand=2)
    state = play(game, ((QS, AS), (QH, KH), (KD, AD), 1, 0, 1))
    result = pimc(game, state, worlds=4, searcher="mcts", options={"iterations": 60}, rng=2)
    assert result.action in game.actions(state)
    assert result.stats.leaves == result.distinct_worlds * 60
    with pytest.raises(UnsupportedGameError, match="searcher='mcts'"):
        pimc(game, state, worlds=1)  # alphabeta and expectiminimax: two players only


class PerfectInformationWithChance(PerfectInformation):
    """The same, for a tree with chance nodes: ``chance_outcomes`` too."""

    def __init__(self, tree):
        super().__init__(tree)
        self.chance_outcomes = tree.chance_outcomes


def test_by_default_a_world_with_chance_ahead_is_searched_by_expectiminimax():
    # The lecture notes' chance node: 8, 24 and -12 with odds 1/2, 1/3 and 1/6 against a sure 9.
    odds = [(Fraction(1, 2), 8), (Fraction(1, 3), 24), (Fraction(1, 6), -12)]
    game = PerfectInformationWithChance(GameTree({"gamble": Chance(odds), "sure": 9}))
    result = pimc(game, worlds=2, rng=0)
    gamble = sum(p * value for p, value in odds)  # 4 + 8 - 2 = 10
    assert dict(result.action_values) == {"gamble": gamble, "sure": 9}
    assert result.action == "gamble"


def leduc_before_the_public_card():
    """Leduc poker, player 1 to act after player 0 called: the public card is still to come."""
    game = LeducPoker()
    state = game.initial_state()
    for action in (0, 3, 1):  # a jack to player 0, a queen to player 1; player 0 calls
        state = game.result(state, action)
    return game, state


def test_leducs_worlds_with_the_public_card_to_come_are_searched_by_default():
    game, state = leduc_before_the_public_card()
    player = game.to_move(state)
    rng = random.Random(4)
    worlds = [game.sample_state(state, player, rng) for _ in range(5)]

    def value(world, action):  # expectiminimax after the action, for the player (zero-sum)
        after = expectiminimax(face_up(game), game.result(world, action))
        return after.value if after.player == player else -after.value

    result = pimc(game, state, worlds=5, rng=4)
    for action, found in result.action_values:
        assert found == pytest.approx(sum(value(w, action) for w in worlds) / 5)
    with pytest.raises(UnsupportedGameError, match=r"searcher='expectiminimax'.*searcher='mcts'"):
        pimc(game, state, worlds=1, searcher="alphabeta")  # no chance node for alphabeta
    # Named, expectiminimax takes its options: Star1 finds the same values with fewer nodes.
    options = {"pruning": "star1", "bounds": (-13, 13)}  # Leduc's biggest pot is 13 chips each
    pruned = pimc(game, state, worlds=5, rng=4, searcher="expectiminimax", options=options)
    assert dict(pruned.action_values) == pytest.approx(dict(result.action_values))
    assert pruned.stats.nodes < result.stats.nodes


def test_worlds_fully_dealt_keep_alphabeta_by_default():
    # Oh Hell deals every card at the start: its worlds have no chance node left, and the
    # default searches them with alphabeta, node for node, though the game has chance_outcomes.
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    default = pimc(game, state, worlds=8, rng=3)
    named = pimc(game, state, worlds=8, rng=3, searcher="alphabeta")
    assert default.action_values == named.action_values
    assert default.stats.nodes == named.stats.nodes


def test_mcts_searches_leducs_worlds_with_the_public_card_to_come():
    game, state = leduc_before_the_public_card()
    result = pimc(game, state, worlds=3, searcher="mcts", options={"iterations": 200}, rng=2)
    assert [action for action, _ in result.action_values] == list(game.actions(state))
    assert all(-13 <= value <= 13 for _, value in result.action_values)  # Leduc's largest pot
    assert result.action in game.actions(state)


def test_the_worlds_are_handed_to_the_searchers_as_games_of_perfect_information():
    # The searchers of perfect information refuse a game that declares information_set.
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    seen = []

    def search(view, world):
        seen.append(Capabilities.of(view).names)
        return alphabeta(view, world, root_values=True)

    result = pimc(game, state, worlds=3, searcher=search, rng=3)
    assert len(seen) == result.distinct_worlds >= 1
    assert all(not names & {"information_set", "sample_state"} for names in seen)


def test_face_up_has_every_member_of_the_game_but_those_that_hide():
    game = OhHell(3, suits=3, ranks=3, hand=2)
    view = face_up(game)
    assert Capabilities.of(view).names == Capabilities.of(game).names - {
        "information_set",
        "sample_state",
    }
    assert "chance_outcomes" in Capabilities.of(view).names


def test_a_function_searches_the_worlds_with_the_options_bound_in():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    search = functools.partial(alphabeta, root_values=True)
    assert pimc(game, state, worlds=5, searcher=search, rng=3).action_values == (
        pimc(game, state, worlds=5, rng=3).action_values
    )


def test_a_time_limit_searches_at_least_one_world():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    result = pimc(game, state, time_limit=1e-6, rng=0)
    assert result.worlds == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "needs a limit"),
        ({"worlds": 0}, "worlds"),
        ({"worlds": True}, "worlds"),
        ({"time_limit": -1}, "time_limit"),
        ({"worlds": 2, "searcher": "minimax"}, "searcher must be one of"),
        ({"worlds": 2, "searcher": alphabeta, "options": {"depth": 2}}, "bind them"),
        ({"worlds": 2, "options": [("depth", 2)]}, "mapping"),
        ({"worlds": 2, "rng": "seed"}, "rng"),
        ({"worlds": 2, "searcher": lambda g, s: minimax(g, s)}, "action_values"),
        ({"worlds": 2, "searcher": "mcts", "options": {"iterations": 1}}, "no value"),
    ],
)
def test_bad_options_are_refused(options, message):
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    with pytest.raises(InvalidSearchOptionError, match=message):
        pimc(game, state, **options)


def test_a_root_without_a_players_move_is_refused():
    game = OhHell()
    with pytest.raises(InvalidSearchOptionError, match="chance node"):
        pimc(game, worlds=1)
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 0, 0, QS, AS, KH, QH, KD, AD))
    with pytest.raises(InvalidSearchOptionError, match="terminal"):
        pimc(game, state, worlds=1)


def test_a_game_without_sample_state_is_refused():
    with pytest.raises(NotAGameError, match="sample_state"):
        pimc(GameTree(FIGURE_5_2), worlds=1)


class Telltale(PerfectInformation):
    """A sample_state that draws a world the player can tell from the real one."""

    def sample_state(self, state, player, rng):
        return self.tree.result(state, self.tree.actions(state)[0])


def test_a_world_the_player_can_tell_apart_is_refused():
    with pytest.raises(GameProtocolError, match="can tell from the state"):
        pimc(Telltale(GameTree(FIGURE_5_2)), worlds=1)


# Where PIMC errs (Frank and Basin 1998): the trap games are checked, PIMC's choice is shown
# wrong, and the exact answer comes from CFR and best responses on the same game.


@pytest.mark.parametrize("game", [StrategyFusion(), NonLocality()], ids=type)
def test_the_trap_games_keep_the_protocols(game):
    report = check_information_sets(game, samples=4)
    assert report.exhaustive
    assert report.perfect_recall


def test_strategy_fusion_pimc_gambles_where_playing_safe_is_right():
    game = StrategyFusion()
    root = ("A",)
    chosen = pimc(game, root, worlds=20, rng=0)
    # In each world PIMC guesses the coin after the gamble: it values the gamble at 1.
    assert chosen.action == "gamble"
    assert dict(chosen.action_values) == {"safe": 0.5, "gamble": 1.0}
    # The exact answer: CFR's equilibrium plays safe, worth 0.5; the gamble is worth 0.
    exact = cfr(game, iterations=100, variant="plus")
    assert exact.strategy[(0,)]["safe"] == pytest.approx(1.0, abs=1e-3)
    assert exact.values[0] == pytest.approx(0.5, abs=1e-3)
    response = best_response(game, {}, 0)
    assert response.strategy[(0,)] == "safe"
    assert response.value == 0.5
    # PIMC's own play (gamble, then a guess it cannot make better than even) is worth 0.
    second = pimc(game, ("A", "gamble"), worlds=200, rng=0)
    assert dict(second.action_values) == pytest.approx({"a": 0.0, "b": 0.0}, abs=0.2)
    pimc_play = {(0,): {"gamble": 1.0}, (0, "gamble"): {second.action: 1.0}}
    assert expected_values(game, pimc_play)[0] == pytest.approx(0.0)


def test_non_locality_pimc_ignores_what_the_opponents_move_tells():
    game = NonLocality()
    chosen = pimc(game, ("A", "go"), worlds=200, rng=0)
    # Drawing A and B alike, x averages (-1 + 3) / 2 = 1 against y's 0.5.
    assert chosen.action == "x"
    assert dict(chosen.action_values)["y"] == 0.5
    # The exact answer: player 1 goes on only with A, so y is right when player 0 chooses.
    exact = cfr(game, iterations=300, variant="plus")
    assert exact.strategy[(0, "go")]["y"] == pytest.approx(1.0, abs=1e-2)
    assert exact.strategy[(1, "B")]["stop"] == pytest.approx(1.0, abs=1e-2)
    assert best_response(game, exact.strategy, 0).strategy[(0, "go")] == "y"
    # Against the best reply of player 1 (go on A, stop on B), PIMC's x loses 1 on A, and y
    # would get 0.5: player 0's value is (-1 - 2) / 2 with x, (0.5 - 2) / 2 with y.
    x_reply = best_response(game, {(0, "go"): {"x": 1.0}}, 1)
    y_reply = best_response(game, {(0, "go"): {"y": 1.0}}, 1)
    assert (-x_reply.value, -y_reply.value) == (-1.5, -0.75)


def test_pimc_player_plays_the_forced_card_without_a_search():
    game = OhHell()
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1, QS))
    player = PIMCPlayer(game, worlds=3, rng=0)
    assert player(state) == AS
    assert player.last is None
    state = play(game, ((QS, QH, AD), (AS, KH, KD), 1, 1))
    assert player(state) in game.actions(state)
    assert player.last.worlds == 3
    with pytest.raises(InvalidSearchOptionError, match="depth"):
        PIMCPlayer(game, depth=3)


def test_pimc_searches_perfect_information_trees_as_minimax_does():
    tree = GameTree([[[1, 4], [6, 2]], [[3, 7], [0, 5]]])
    options = {"iterations": 400}
    result = pimc(PerfectInformation(tree), worlds=1, searcher="mcts", options=options, rng=1)
    assert result.action == minimax(tree).action
    assert mcts(tree, iterations=400, rng=1).action == result.action
