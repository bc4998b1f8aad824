"""OpenSpiel's imperfect-information games through the adapter, against OpenSpiel's own CFR.

Vanilla CFR run through the adapter on OpenSpiel's ``kuhn_poker`` and ``leduc_poker`` must
reach the exploitability of OpenSpiel's Python ``CFRSolver`` after the same iterations, and
the library's exact exploitability of OpenSpiel's average policy must be OpenSpiel's.
"""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs OpenSpiel: pip install 'gamesearch[openspiel]'"
)
openspiel_cfr = pytest.importorskip("open_spiel.python.algorithms.cfr")
openspiel_exploitability = pytest.importorskip("open_spiel.python.algorithms.exploitability")
expected_game_score = pytest.importorskip("open_spiel.python.algorithms.expected_game_score")

from gamesearch import (  # noqa: E402
    GameProtocolError,
    InvalidSearchOptionError,
    TableFileError,
    UnsupportedGameError,
)
from gamesearch.adapters.openspiel import (  # noqa: E402  # after the skip: needs pyspiel
    OpenSpielDeterminizableGame,
    OpenSpielGame,
    OpenSpielImperfectGame,
    OpenSpielStochasticGame,
    strategy_from_policy,
)
from gamesearch.identity import GameIdentity, game_identity, remake  # noqa: E402
from gamesearch.imperfect import (  # noqa: E402
    CFRSolver,
    DeterminizableGame,
    ImperfectInformationGame,
    KuhnPoker,
    LiarsDice,
    cfr,
    check_information_sets,
    exploitability,
    load_strategy,
    mccfr,
    save_strategy,
)


def test_imperfect_information_games_are_accepted_as_the_right_class(capfd):
    kuhn = OpenSpielGame("kuhn_poker")
    assert type(kuhn) is OpenSpielDeterminizableGame
    assert isinstance(kuhn, DeterminizableGame)
    dice = OpenSpielGame("liars_dice")  # OpenSpiel cannot resample its states
    assert type(dice) is OpenSpielImperfectGame
    assert isinstance(dice, ImperfectInformationGame)
    assert not hasattr(dice, "sample_state")
    phantom = OpenSpielGame("phantom_ttt")  # no chance nodes: deterministic
    assert type(phantom) is OpenSpielImperfectGame
    assert "not implemented" not in capfd.readouterr().err  # the probe stays quiet


def test_the_information_sets_are_openspiels_strings_and_keep_their_promises():
    game = OpenSpielGame("kuhn_poker")
    report = check_information_sets(game, samples=3)
    assert (report.histories, report.infosets, report.perfect_recall) == (58, 12, True)
    assert report.samples > 0  # each sampled world is one of the game's histories
    state = game.initial_state()
    for action in (2, 0, 0, 1):
        state = game.result(state, action)
    assert game.information_set(state, 0) == KuhnPoker().information_set(
        KuhnPoker().initial_state()._replace(cards=(2, 0), actions=(0, 1)), 0
    )
    with pytest.raises(GameProtocolError, match="OpenSpiel says"):
        game.information_set(state, 5)


def test_sampled_worlds_keep_what_the_player_knows():
    game = OpenSpielGame("leduc_poker")
    state = game.initial_state()
    for action in (5, 0, 2, 1):  # K to 0, J to 1; 0 raises, 1 calls
        state = game.result(state, action)
    rng = random.Random(3)
    worlds = {game.sample_state(state, 0, rng) for _ in range(50)}
    assert len(worlds) > 1
    for world in worlds:
        assert game.information_set(world, 0) == game.information_set(state, 0)
        assert world.history[0] == 5  # its own card stays; 1's card is drawn again
        assert world.history[2:] == state.history[2:]
        replayed = game.initial_state()
        for action in world.history:  # a line of play of the game
            replayed = game.result(replayed, action)
        assert str(replayed) == str(world)


def test_the_classes_refuse_games_of_the_other_kind():
    with pytest.raises(UnsupportedGameError, match="perfect information"):
        OpenSpielImperfectGame("tic_tac_toe")
    with pytest.raises(UnsupportedGameError, match="load it as OpenSpielGame"):
        OpenSpielStochasticGame("kuhn_poker")
    with pytest.raises(UnsupportedGameError, match="strategy_from_policy reads"):
        strategy_from_policy(OpenSpielGame("tic_tac_toe"), None)


@pytest.mark.parametrize("iterations", [1, 2, 5, 20])
def test_vanilla_cfr_on_openspiels_kuhn_reaches_openspiels_exploitability(iterations):
    game = OpenSpielGame("kuhn_poker")
    theirs = openspiel_cfr.CFRSolver(game.pyspiel_game)
    for _ in range(iterations):
        theirs.evaluate_and_update_policy()
    policy = theirs.average_policy()
    expected = openspiel_exploitability.exploitability(game.pyspiel_game, policy)
    ours = cfr(game, iterations=iterations)
    assert ours.exploitability == pytest.approx(expected, abs=1e-9)
    # The library's exact measure of OpenSpiel's own average policy is OpenSpiel's figure.
    assert exploitability(game, strategy_from_policy(game, policy)) == pytest.approx(
        expected, abs=1e-9
    )


@pytest.mark.parametrize("iterations", [1, 7, 30])
def test_the_policy_of_openspiels_cpp_solver_is_read_as_its_python_solvers(iterations):
    # The user's walk (2026-12-03): the C++ CFRPlusSolver's average policy, which the docs
    # promise, raised a raw pybind TypeError (its action_probabilities takes the state alone).
    game = OpenSpielGame("kuhn_poker")
    cpp = pyspiel.CFRPlusSolver(game.pyspiel_game)
    for _ in range(iterations):
        cpp.evaluate_and_update_policy()
    expected = pyspiel.exploitability(game.pyspiel_game, cpp.average_policy())
    strategy = strategy_from_policy(game, cpp.average_policy())
    assert exploitability(game, strategy) == pytest.approx(expected, abs=1e-12)
    assert exploitability(game, strategy) == pytest.approx(
        cfr(game, iterations=iterations, variant="plus").exploitability, abs=1e-9
    )


@pytest.mark.slow
def test_vanilla_cfr_on_openspiels_leduc_reaches_openspiels_exploitability():
    game = OpenSpielGame("leduc_poker")
    theirs = openspiel_cfr.CFRSolver(game.pyspiel_game)
    ours = CFRSolver(game)
    for iterations in (1, 3):
        while ours.iterations < iterations:
            ours.iterate()
            theirs.evaluate_and_update_policy()
        policy = theirs.average_policy()
        expected = openspiel_exploitability.exploitability(game.pyspiel_game, policy)
        assert ours.result().exploitability == pytest.approx(expected, abs=1e-9)
        found = exploitability(game, strategy_from_policy(game, policy))
        assert found == pytest.approx(expected, abs=1e-9)
    assert ours.result().infosets == 936


@pytest.mark.slow
def test_mccfr_on_openspiels_liars_dice_is_the_same_run_as_on_the_librarys():
    # Same rules, actions in the same order, the same keys: a seed samples the same lines.
    game = OpenSpielGame("liars_dice(dice_sides=3)")
    early = mccfr(game, iterations=20, rng=1)
    late = mccfr(game, iterations=300, rng=1)
    assert late.exploitability < early.exploitability
    assert 0 < late.infosets <= 3 * 2**6
    native = mccfr(LiarsDice(dice_sides=3), iterations=300, rng=1)
    assert native.strategy == late.strategy
    assert native.exploitability == pytest.approx(late.exploitability, abs=1e-12)


def test_a_strategy_of_an_openspiel_game_is_saved_and_loaded(tmp_path):
    # The file names the game, which no file may make (a name can load any game of any size):
    # the strategy is loaded for the game passed in, as load_strategy always takes it.
    game = OpenSpielGame("kuhn_poker")
    assert str(game_identity(game)).endswith("OpenSpielDeterminizableGame(game='kuhn_poker()')")
    with pytest.raises(TableFileError, match="no file may make it"):
        remake(game_identity(game))
    strategy = cfr(game, iterations=10).strategy
    path = tmp_path / "kuhn.json"
    save_strategy(path, game, strategy)
    assert load_strategy(path, game) == strategy


def test_a_simultaneous_move_game_is_refused_with_its_remedy_named():
    with pytest.raises(UnsupportedGameError, match=r"OpenSpielGame\(name, turn_based=True\)"):
        OpenSpielGame("goofspiel(num_cards=3)")


def test_turn_based_goofspiel_is_solved_by_cfr_as_openspiels_cfr_solves_it():
    # Played in turns (OpenSpiel's convert_to_turn_based), Goofspiel is a game of imperfect
    # information: the second player to move in a round does not see the first one's card.
    game = OpenSpielGame("goofspiel(num_cards=3)", turn_based=True)
    assert type(game) is OpenSpielImperfectGame
    assert game.name.startswith("turn_based_simultaneous_game(game=goofspiel(")
    theirs_game = pyspiel.convert_to_turn_based(pyspiel.load_game("goofspiel(num_cards=3)"))
    assert str(theirs_game) == game.name  # the same game OpenSpiel converts itself
    ours = cfr(game, iterations=10)
    theirs = openspiel_cfr.CFRSolver(theirs_game)
    for _ in range(10):
        theirs.evaluate_and_update_policy()
    policy = theirs.average_policy()
    expected = openspiel_exploitability.exploitability(theirs_game, policy)
    assert ours.exploitability == pytest.approx(expected, abs=1e-9)
    values = expected_game_score.policy_value(theirs_game.new_initial_state(), [policy] * 2)
    assert ours.values == pytest.approx(tuple(values), abs=1e-9)


def test_a_turn_based_game_keeps_its_identity_in_a_strategy_file(tmp_path):
    # The file records the game played in turns, by its converted name; no file may make an
    # OpenSpiel game, so the strategy is loaded with the game passed in, made as the user made it.
    game = OpenSpielGame("goofspiel(num_cards=3)", turn_based=True)
    strategy = cfr(game, iterations=3).strategy
    path = tmp_path / "goofspiel.json"
    save_strategy(path, game, strategy)
    recorded = GameIdentity.from_json(json.dumps(json.loads(path.read_text())["game"]))
    assert recorded == game_identity(game)
    assert recorded.name == "OpenSpielImperfectGame"
    assert dict(recorded.parameters) == {"game": game.name}
    assert game.name.startswith("turn_based_simultaneous_game(game=goofspiel(")
    again = OpenSpielGame("goofspiel(num_cards=3)", turn_based=True)
    assert load_strategy(path, again) == strategy
    with pytest.raises(TableFileError, match="not for the game given"):
        load_strategy(path, OpenSpielGame("goofspiel(num_cards=3,points_order=descending)",
                                          turn_based=True))  # fmt: skip


def test_turn_based_leaves_a_sequential_game_as_it_is_and_takes_only_a_bool():
    assert OpenSpielGame("kuhn_poker", turn_based=True).name == "kuhn_poker()"
    with pytest.raises(InvalidSearchOptionError, match="turn_based must be True or False"):
        OpenSpielGame("goofspiel", turn_based="yes")


@pytest.mark.parametrize("name", ["tic_tac_toe", "kuhn_poker", "backgammon", "leduc_poker"])
def test_an_openspiel_game_pickles_as_itself(name):
    # The adversary's walk (2026-12-03): the bytes could not be loaded (OpenSpielGame.__new__
    # missing 'game'), so a solver on an OpenSpiel game could not be saved and resumed.
    import pickle

    game = OpenSpielGame(name)
    loaded = pickle.loads(pickle.dumps(game))
    assert (type(loaded), loaded.name) == (type(game), game.name)
    assert loaded.actions(loaded.initial_state()) == game.actions(game.initial_state())


def test_an_mccfr_solver_on_an_openspiel_game_resumes_from_its_pickle():
    import pickle

    from gamesearch.imperfect import MCCFRSolver

    solver = MCCFRSolver(OpenSpielGame("kuhn_poker"), rng=1)
    solver.iterate(10)
    loaded = pickle.loads(pickle.dumps(solver))
    for each in (solver, loaded):
        each.iterate(10)
    assert loaded.result().strategy == solver.result().strategy
