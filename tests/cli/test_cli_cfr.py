"""``gamesearch cfr``: CFR from the command line, its progress line, its table and its file."""

from __future__ import annotations

import textwrap

import pytest

from gamesearch.cli import main
from gamesearch.imperfect import KuhnPoker, exploitability, load_strategy


def run(capsys, *argv):
    status = main(["cfr", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_kuhn_prints_the_strategy_by_card_and_history_and_saves_it(capsys, tmp_path):
    path = tmp_path / "kuhn.json"
    status, out, err = run(capsys, "kuhn", "--iterations", "400", "--out", str(path))
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("KuhnPoker(): plus CFR, 400 iterations")
    assert lines[1].split() == ["card", "history", "pass", "bet"]
    rows = {tuple(line.split()[:2]): line.split()[2:] for line in lines[2:14]}
    assert len(rows) == 12
    assert rows[("K", "b")] == ["0.000", "1.000"]  # the King calls a bet
    assert rows[("J", "b")] == ["1.000", "0.000"]  # the Jack folds to one
    assert [line.split()[:2] for line in lines[2:5]] == [["J", "-"], ["Q", "-"], ["K", "-"]]
    assert lines[-1] == f"saved the strategy to {path} (json)"
    strategy = load_strategy(path, KuhnPoker())
    assert exploitability(KuhnPoker(), strategy) < 1e-3
    progress = err.splitlines()
    assert len(progress) == 10
    assert progress[-1].startswith("cfr: 400 of 400 iterations, ")
    assert "exploitability" in progress[-1]


def test_sqlite_by_the_file_name_vanilla_cfr_and_a_quiet_run(capsys, tmp_path):
    path = tmp_path / "kuhn.sqlite"
    status, out, err = run(
        capsys, "kuhn", "--iterations", "50", "--variant", "vanilla", "--quiet", "--out", str(path)
    )
    assert status == 0
    assert err == ""
    assert "vanilla CFR, 50 iterations" in out
    assert out.splitlines()[-1].endswith("(sqlite)")
    assert path.read_bytes().startswith(b"SQLite format 3")
    assert len(load_strategy(path, KuhnPoker())) == 12


def test_parameters_and_every(capsys):
    status, out, err = run(capsys, "liars_dice", "-p", "dice_sides=2", "--iterations", "6",
                           "--every", "3")  # fmt: skip
    assert status == 0
    assert out.startswith("LiarsDice(dice_sides=2): plus CFR, 6 iterations")
    assert len(err.splitlines()) == 2
    status, out, _ = run(capsys, "leduc", "--iterations", "1", "--quiet")
    assert out.splitlines()[1].split()[-3:] == ["call", "raise", "fold"]


def test_a_game_of_ones_own_by_import_path(capsys, tmp_path, monkeypatch):
    (tmp_path / "coin_guess.py").write_text(
        textwrap.dedent(
            """
            CHANCE = -1

            class Guess:
                num_players = 2

                def initial_state(self):
                    return ()

                def to_move(self, state):
                    return CHANCE if not state else len(state) - 1

                def actions(self, state):
                    if len(state) == 3:
                        return ()
                    return ("H", "T") if not state else ("h", "t")

                def chance_outcomes(self, state):
                    return (("H", 0.5), ("T", 0.5))

                def result(self, state, action):
                    return (*state, action)

                def is_terminal(self, state):
                    return len(state) == 3

                def utility(self, state, player):
                    right = state[1].upper() == state[0]
                    return (1.0 if right else -1.0) * (1 if player == 0 else -1)

                def information_set(self, state, player):
                    return "guess" if player == 0 else ("answer", state[0], state[1])
            """
        )
    )
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, "coin_guess:Guess", "--iterations", "200", "--quiet")
    assert status == 0
    row = next(line for line in out.splitlines() if line.startswith("guess"))
    assert [float(x) for x in row.split()[1:]] == pytest.approx([0.5, 0.5], abs=0.05)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["poker", "--iterations", "3"], "cfr knows the games"),
        (["kuhn", "-p", "players=1", "--iterations", "3"], "players must be"),
        (["kuhn", "-p", "players", "--iterations", "3"], "NAME=VALUE"),
        (["kuhn", "--iterations", "0"], "must be an integer >= 1"),
        (["fractions:Fraction", "--iterations", "3"], "not a game of imperfect information"),
    ],
)
def test_bad_command_lines_exit_with_2(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(["cfr", *argv])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
