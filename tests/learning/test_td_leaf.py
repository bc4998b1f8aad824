"""td_leaf: TD-Leaf(lambda) by self-play, reproducible from its seed and resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_fit import Pile, TakeAway

from gamesearch import InvalidSearchOptionError, alphabeta
from gamesearch.errors import TableFileError
from gamesearch.games import ConnectFour, TicTacToe
from gamesearch.learning import LinearEvaluation, TDLeafProgress, td_leaf

GAME = TicTacToe()


def blank(game: object = GAME, count: int = 14) -> LinearEvaluation:
    return LinearEvaluation(game, (0.0,) * count, squash=True)


def test_the_same_seed_learns_the_same_weights_and_another_seed_others() -> None:
    first = td_leaf(GAME, blank(), games=12, seed=4, rate=0.1)
    assert td_leaf(GAME, blank(), games=12, seed=4, rate=0.1).evaluation == first.evaluation
    assert td_leaf(GAME, blank(), games=12, seed=5, rate=0.1).evaluation != first.evaluation


def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    whole = td_leaf(GAME, blank(), games=10, seed=1, rate=0.1)
    td_leaf(GAME, blank(), games=4, seed=1, rate=0.1, checkpoint=path)
    assert json.loads(path.read_text())["games_done"] == 4
    resumed = td_leaf(GAME, blank(), games=10, seed=1, rate=0.1, checkpoint=path, resume=True)
    assert resumed.evaluation == whole.evaluation
    assert resumed.games == 10


def test_a_run_stopped_by_its_progress_callback_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    told: list[int] = []

    def stop_after_three(progress: TDLeafProgress) -> None:
        told.append(progress.games_done)
        if progress.games_done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        td_leaf(GAME, blank(), games=8, seed=2, checkpoint=path, progress=stop_after_three)
    assert told == [1, 2, 3]
    resumed = td_leaf(
        GAME, blank(), games=8, seed=2, checkpoint=path, resume=True, progress=stop_after_three
    )
    assert told == [1, 2, 3, 4, 5, 6, 7, 8]
    assert resumed.evaluation == td_leaf(GAME, blank(), games=8, seed=2).evaluation


def test_a_checkpoint_of_other_options_or_another_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    td_leaf(GAME, blank(), games=1, checkpoint=path)
    with pytest.raises(TableFileError, match="resume with the same ones"):
        td_leaf(GAME, blank(), games=2, rate=0.5, checkpoint=path, resume=True)
    other = TicTacToe(3, 2)
    with pytest.raises(TableFileError, match="holds an evaluation of"):
        td_leaf(other, blank(other), games=2, checkpoint=path, resume=True)
    path.write_text('{"format": "gamesearch-td-leaf-checkpoint", "version": 1}')
    with pytest.raises(TableFileError, match="is not a TD-Leaf checkpoint"):
        td_leaf(GAME, blank(), games=2, checkpoint=path, resume=True)


def test_self_play_learns_that_a_multiple_of_four_to_move_loses() -> None:
    game = TakeAway(13)
    start = LinearEvaluation(game, (0.0, 0.0, 0.0), squash=True)
    learned = td_leaf(game, start, games=60, depth=1, rate=0.2, opening_moves=2).evaluation
    assert learned.weights[2] < -0.5  # the third feature: a multiple of 4 left on one's turn
    assert alphabeta(game, Pile(7, 0), depth=1, evaluate=learned).action == 3


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("games", 0, "games must be an int >= 1"),
        ("depth", 0, "depth must be an int >= 1"),
        ("rate", -0.1, "rate must be a finite number above 0"),
        ("trace_decay", 1.5, "trace_decay must be a number from 0 to 1"),
        ("opening_moves", -1, "opening_moves must be an int >= 0"),
        ("seed", 1.5, "seed must be an int"),
        ("resume", True, "resume=True needs a checkpoint"),
    ],
)
def test_options_out_of_range_are_refused(option: str, value: object, message: str) -> None:
    options: dict[str, object] = {"games": 1, option: value}
    with pytest.raises(InvalidSearchOptionError, match=message):
        td_leaf(GAME, blank(), **options)  # type: ignore[arg-type]


def test_a_start_of_another_game_is_refused() -> None:
    small = ConnectFour(4, 4)
    with pytest.raises(InvalidSearchOptionError, match="the start evaluation is built for"):
        td_leaf(ConnectFour(5, 4), LinearEvaluation(small, (0.0,) * 9, indices=range(9)), games=1)


def test_self_play_from_a_zero_sum_start_learns_a_zero_sum_evaluation() -> None:
    # Each side learns from its own view of the same leaves: tic-tac-toe's features seen by
    # the other side are the counts swapped and the cells negated, so the steps of the two
    # views keep evaluate(s, 0) == -evaluate(s, 1) (with player 0's view alone, they drift).
    learned = td_leaf(GAME, blank(), games=20, rate=0.2, seed=3).evaluation
    assert learned.bias == pytest.approx(0.0, abs=1e-12)
    state = GAME.initial_state()
    for square in (4, 0, 8, 2):
        state = GAME.result(state, square)
        assert learned(state, 0) == pytest.approx(-learned(state, 1), abs=1e-12)
    assert any(weight != 0 for weight in learned.weights)
