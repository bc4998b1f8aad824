"""OpenSpiel's games through gamesearch.adapters.openspiel, checked against OpenSpiel's searchers.

The reference is OpenSpiel's Python ``alpha_beta_search`` and ``expectiminimax``
(``open_spiel.python.algorithms.minimax``), run on the same pyspiel states with the same
evaluation at the depth limit: an arbitrary but fixed number per state, so that a search that
read the wrong leaves or mixed up whose value it holds would disagree.
"""

from __future__ import annotations

import copy
import random
import zlib

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs OpenSpiel: pip install 'gamesearch[openspiel]'"
)
minimax_reference = pytest.importorskip("open_spiel.python.algorithms.minimax")

from gamesearch import (  # noqa: E402  # after the skip: the adapter needs pyspiel
    CHANCE,
    GameProtocolError,
    IllegalActionError,
    UnsupportedGameError,
    alphabeta,
    expectiminimax,
    maxn,
    negamax,
)
from gamesearch.adapters import (  # noqa: E402
    OpenSpielGame,
    OpenSpielState,
    OpenSpielStochasticGame,
)
from gamesearch.conformance import check_game  # noqa: E402


def score(text: str) -> float:
    """A fixed pseudo-random number in (-0.9, 0.9) for a state's text: player 0's estimate."""
    return (zlib.crc32(text.encode()) % 1801 - 900) / 1000


def their_value_function(maximizer: int):
    def value(pyspiel_state) -> float:
        own = score(str(pyspiel_state))
        return own if maximizer == 0 else -own

    return value


def our_evaluate(state: OpenSpielState, player: int) -> float:
    own = score(str(state))
    return own if player == 0 else -own


def random_states(game: OpenSpielGame, count: int, seed: int, *, deciding: bool = True):
    """``count`` states reached by random play from the start, not terminal."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(0, 12)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if game.is_terminal(state) or (deciding and game.to_move(state) == CHANCE):
            continue
        found.append(state)
    return found


DETERMINISTIC = [
    ("tic_tac_toe", 9),
    ("connect_four", 3),
    ("breakthrough(rows=4,columns=4)", 3),
    ("hex(board_size=3)", 4),
    ("clobber(rows=4,columns=4)", 3),
    ("dots_and_boxes(num_rows=2,num_cols=2)", 3),
    ("oware", 3),
]


@pytest.mark.parametrize(("name", "depth"), DETERMINISTIC)
def test_alphabeta_and_negamax_equal_openspiel_alpha_beta_search(name: str, depth: int) -> None:
    game = OpenSpielGame(name)
    for state in random_states(game, 4, seed=len(name)):
        mover = game.to_move(state)
        value, action = minimax_reference.alpha_beta_search(
            game.pyspiel_game,
            state.to_pyspiel(),
            value_function=their_value_function(mover),
            maximum_depth=depth,
            maximizing_player_id=mover,
        )
        ours = alphabeta(game, state, depth=depth, evaluate=our_evaluate)
        assert ours.value == pytest.approx(value, abs=1e-12)
        assert ours.player == mover
        # Both keep the first of equally good actions in legal_actions() order.
        assert ours.action == action
        assert negamax(game, state, depth=depth, evaluate=our_evaluate).value == pytest.approx(
            value, abs=1e-12
        )


@pytest.mark.parametrize(
    ("name", "depth"),
    [
        ("pig(diceoutcomes=3,winscore=6)", 3),
        ("pig(diceoutcomes=4,winscore=8)", 2),
        ("einstein_wurfelt_nicht", 1),
    ],
)
def test_expectiminimax_equals_openspiel_expectiminimax(name: str, depth: int) -> None:
    game = OpenSpielGame(name)
    assert isinstance(game, OpenSpielStochasticGame)
    for state in random_states(game, 5, seed=depth):
        mover = game.to_move(state)
        value, action = minimax_reference.expectiminimax(
            state.to_pyspiel(), depth, their_value_function(mover), mover
        )
        ours = expectiminimax(game, state, depth=depth, evaluate=our_evaluate)
        assert ours.value == pytest.approx(value, abs=1e-12)
        assert ours.action == action


def test_pig_solved_from_the_start_agrees_at_chance_nodes() -> None:
    # At a chance node the value is the expectation, for player 0, as OpenSpiel computes it.
    game = OpenSpielGame("pig(diceoutcomes=3,winscore=6)")
    rolled = game.result(game.initial_state(), 0)
    assert game.to_move(rolled) == CHANCE
    value, _ = minimax_reference.expectiminimax(rolled.to_pyspiel(), 2, their_value_function(0), 0)
    assert expectiminimax(game, rolled, depth=2, evaluate=our_evaluate).value == pytest.approx(
        value
    )


@pytest.mark.parametrize(
    "name",
    [
        "tic_tac_toe",
        "connect_four",
        "breakthrough(rows=4,columns=4)",
        "pig(diceoutcomes=3,winscore=6)",
        "quoridor(players=3,board_size=5)",
    ],
)
@pytest.mark.slow
def test_the_adapter_keeps_the_game_protocol(name: str) -> None:
    report = check_game(OpenSpielGame(name), max_states=400, lines=10, zero_sum=True)
    assert report.states >= 400


def reference_maxn(pyspiel_state, depth: int, players: int) -> tuple[float, ...]:
    """Plain max-n (Luckhardt and Irani 1986) on pyspiel states: each mover maximises its own."""
    if pyspiel_state.is_terminal():
        return tuple(pyspiel_state.returns())
    if depth == 0:
        return tuple(score(f"{player}{pyspiel_state}") for player in range(players))
    mover = pyspiel_state.current_player()
    best = None
    for action in pyspiel_state.legal_actions():
        child = pyspiel_state.clone()
        child.apply_action(action)
        values = reference_maxn(child, depth - 1, players)
        if best is None or values[mover] > best[mover]:
            best = values
    return best


def test_three_players_maxn_equals_a_plain_maxn_on_pyspiel_states() -> None:
    game = OpenSpielGame("quoridor(players=3,board_size=5)")
    assert game.num_players == 3

    def evaluate(state: OpenSpielState, player: int) -> float:
        return score(f"{player}{state}")

    for state in random_states(game, 3, seed=3):
        result = maxn(game, state, depth=2, evaluate=evaluate)
        expected = reference_maxn(state.to_pyspiel(), 2, 3)
        assert result.values == pytest.approx(expected)


def test_tic_tac_toe_solved_is_a_draw_with_as_many_nodes_as_the_reference_game() -> None:
    from gamesearch.games import TicTacToe

    ours = alphabeta(OpenSpielGame("tic_tac_toe"))
    reference = alphabeta(TicTacToe())
    # Same rules, same action order (squares 0..8): the same tree, pruned alike.
    assert (ours.value, ours.action, ours.stats.nodes) == (0.0, 0, reference.stats.nodes)


def test_states_are_immutable_hashable_and_equal_by_history() -> None:
    game = OpenSpielGame("tic_tac_toe")
    start = game.initial_state()
    child = game.result(start, 4)
    assert start.history == ()
    assert game.actions(start) == list(range(9))
    assert child == game.result(start, 4)
    assert hash(child) == hash(game.result(start, 4))
    assert child != game.result(start, 0)
    assert copy.deepcopy(child) == child
    copied = child.to_pyspiel()
    copied.apply_action(0)  # the copy is free to change; the state is not
    assert game.actions(child) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert game.key(child) == child


def test_a_pyspiel_game_object_is_accepted() -> None:
    loaded = pyspiel.load_game("connect_four")
    game = OpenSpielGame(loaded)
    assert game.pyspiel_game is loaded
    assert game.name == "connect_four()"
    assert repr(game) == "OpenSpielGame('connect_four()')"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("dark_chess", "without information state strings"),
        ("goofspiel", "not sequential"),
        ("matrix_rps", "not sequential"),
        ("stones_and_gems", "samples its chance outcomes"),
        ("no_such_game", "no game"),
        ("tic_tac_toe(no_such_parameter=1)", "cannot load"),
    ],
)
def test_games_the_searchers_cannot_search_are_refused_with_the_reason(name: str, why: str) -> None:
    with pytest.raises(UnsupportedGameError, match=why):
        OpenSpielGame(name)


def test_a_wrong_kind_of_object_is_refused() -> None:
    with pytest.raises(UnsupportedGameError, match="name of an OpenSpiel game"):
        OpenSpielGame(42)


def test_illegal_actions_and_early_utilities_are_refused() -> None:
    game = OpenSpielGame("tic_tac_toe")
    child = game.result(game.initial_state(), 4)
    with pytest.raises(IllegalActionError, match="illegal action 4"):
        game.result(child, 4)
    with pytest.raises(GameProtocolError, match="not over"):
        game.utility(child, 0)


@pytest.mark.parametrize("player", [2, -1, 1.5])
def test_the_utility_of_no_player_is_refused_as_misuse(player: object) -> None:
    game = OpenSpielGame("tic_tac_toe")
    state = game.initial_state()
    for action in (0, 3, 1, 4, 2):  # X takes the top row
        state = game.result(state, action)
    with pytest.raises(GameProtocolError, match=rf"utility\(.*, {player}\) of tic_tac_toe\(\)"):
        game.utility(state, player)  # type: ignore[arg-type]


def test_chance_outcomes_of_a_state_that_is_no_chance_node_are_refused_as_misuse() -> None:
    game = OpenSpielGame("pig(diceoutcomes=3,winscore=6)")
    assert isinstance(game, OpenSpielStochasticGame)
    decision = game.initial_state()  # player 0 to roll or stop
    with pytest.raises(GameProtocolError, match=r"chance_outcomes\(.*\) of pig.*OpenSpiel says"):
        game.chance_outcomes(decision)
    rolled = game.result(decision, 0)
    assert [p for _, p in game.chance_outcomes(rolled)] == pytest.approx([1 / 3] * 3)


def test_terminal_states_have_no_mover_but_player_0_and_the_returns_as_utilities() -> None:
    game = OpenSpielGame("tic_tac_toe")
    state = game.initial_state()
    for action in (0, 3, 1, 4, 2):  # X takes the top row
        state = game.result(state, action)
    assert game.is_terminal(state)
    assert game.actions(state) == []
    assert (game.to_move(state), game.utility(state, 0), game.utility(state, 1)) == (0, 1.0, -1.0)
