"""StrategyPlayer: a strategy profile as a player of play() and tournaments."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gamesearch import play, random_player, tournament
from gamesearch.errors import GameProtocolError, InvalidSearchOptionError, NotAGameError
from gamesearch.games import TicTacToe
from gamesearch.imperfect import KuhnPoker, StrategyPlayer, cfr, expected_values


def after(game, *actions):
    state = game.initial_state()
    for action in actions:
        state = game.result(state, action)
    return state


def test_it_draws_with_the_information_sets_probabilities():
    game = KuhnPoker()
    state = after(game, 0, 2)  # J to player 0
    player = StrategyPlayer(game, {"0": {0: 0.25, 1: 0.75}}, rng=5)
    counts = Counter(player(state) for _ in range(4000))
    assert set(counts) == {0, 1}
    assert 0.70 < counts[1] / 4000 < 0.80
    assert player.probabilities(state) == {0: 0.25, 1: 0.75}


def test_it_looks_only_at_the_information_set():
    game = KuhnPoker()
    player = StrategyPlayer(game, {"1": {0: 0.0, 1: 1.0}}, rng=1)
    # Player 0 holds the Queen in both deals; player 1's card differs.
    assert player(after(game, 1, 0)) == player(after(game, 1, 2)) == 1


def test_the_same_seed_plays_the_same_game():
    game = KuhnPoker()
    strategy = cfr(game, iterations=50).strategy
    records = []
    for _ in range(2):
        players = [StrategyPlayer(game, strategy, rng=7), StrategyPlayer(game, strategy, rng=8)]
        records.append(play(game, players, seed=3).moves)
    assert records[0] == records[1]


def test_an_equilibrium_loses_nothing_to_random_play_on_average():
    game = KuhnPoker()
    strategy = cfr(game, iterations=300, variant="plus").strategy
    rng = random.Random(0)
    total = 0.0
    for deal in range(400):
        seats = [StrategyPlayer(game, strategy, rng=rng), random_player(seed=deal)]
        if deal % 2:
            seats.reverse()
        record = play(game, seats, seed=deal)
        total += record.utilities[deal % 2]
    # The equilibrium's exact value against uniform play, averaged over the seats, is > 0.
    uniform = {key: dict.fromkeys(odds, 0.5) for key, odds in strategy.items()}
    mixed0 = {**uniform, **{k: v for k, v in strategy.items() if len(k) % 2 == 1}}
    mixed1 = {**uniform, **{k: v for k, v in strategy.items() if len(k) % 2 == 0}}
    exact = (expected_values(game, mixed0)[0] + expected_values(game, mixed1)[1]) / 2
    assert exact > 0.1
    assert total / 400 > 0


def test_bad_use_is_refused_with_the_library_errors():
    game = KuhnPoker()
    with pytest.raises(NotAGameError, match="information_set"):
        StrategyPlayer(TicTacToe(), {})
    with pytest.raises(InvalidSearchOptionError, match="no information set '0'"):
        StrategyPlayer(game, {})(after(game, 0, 1))
    with pytest.raises(InvalidSearchOptionError, match="no legal action"):
        StrategyPlayer(game, {"0": {0: 0.0, 1: 0.0}})(after(game, 0, 1))
    with pytest.raises(GameProtocolError, match="no player's move"):
        StrategyPlayer(game, {})(game.initial_state())
    player = StrategyPlayer(game, {})
    assert player.bind(game) is player
    assert player.bind(KuhnPoker(3)).game.num_players == 3


def test_a_tournament_plays_a_cfr_result_strategy():
    # CFRResult.strategy is a read-only mapping, which cannot be pickled; the tournament copies
    # its players, so the player keeps a plain copy.
    game = KuhnPoker()
    strategy = cfr(game, iterations=100, variant="plus").strategy
    match = tournament(game, [StrategyPlayer(game, strategy, rng=1), random_player()], games=20,
                       seed=1)  # fmt: skip
    assert match.unfinished == 0
    assert sum(match.wins) + sum(match.draws) // 2 == 20
