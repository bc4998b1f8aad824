"""``gamesearch cfr``: CFR from the command line, its progress line, its table and its file."""

from __future__ import annotations

import re
import textwrap
import xml.etree.ElementTree as ET

import pytest
from cli_helpers import interrupt

from gamesearch.cli import main
from gamesearch.imperfect import (
    CFRSolver,
    KuhnPoker,
    LiarsDice,
    convergence,
    convergence_svg,
    exploitability,
    load_strategy,
    mccfr,
)


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
    # By player, then the betting so far, then the card in the deal's order: player 0's first
    # bets, its answers to a pass and a bet, then player 1's answers to a pass and to a bet.
    assert [" ".join(line.split()[:2]) for line in lines[2:14]] == [
        "J -", "Q -", "K -", "J pb", "Q pb", "K pb", "J p", "Q p", "K p", "J b", "Q b", "K b",
    ]  # fmt: skip
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


@pytest.mark.slow  # Leduc's tree is enumerated, and walked again for the rows' order
def test_leducs_columns_are_its_actions_as_first_met(capsys):
    status, out, _ = run(capsys, "leduc", "--iterations", "1", "--quiet")
    assert status == 0
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


NAMED_CARDS = """
CHANCE = -1
DECK = ("J", "Q", "K")


class NamedPeek:
    \"\"\"Peek poker with three named cards: 0 checks or bets, 1 calls or folds a bet.\"\"\"

    num_players = 2

    def initial_state(self):
        return ((), ())

    def to_move(self, state):
        return CHANCE if len(state[0]) < 2 else len(state[1])

    def chance_outcomes(self, state):
        left = [card for card in DECK if card not in state[0]]
        return [(card, 1 / len(left)) for card in left]

    def actions(self, state):
        if len(state[0]) < 2:
            return [card for card, _ in self.chance_outcomes(state)]
        if self.is_terminal(state):
            return []
        return ["check", "bet"] if not state[1] else ["call", "fold"]

    def result(self, state, action):
        if len(state[0]) < 2:
            return ((*state[0], action), ())
        return (state[0], (*state[1], action))

    def is_terminal(self, state):
        return state[1] in (("check",), ("bet", "call"), ("bet", "fold"))

    def utility(self, state, player):
        higher = DECK.index(state[0][0]) > DECK.index(state[0][1])
        won = 1.0 if state[1] == ("bet", "fold") else (
            (2.0 if state[1] == ("bet", "call") else 1.0) * (1 if higher else -1))
        return won if player == 0 else -won

    def information_set(self, state, player):
        return f"{player}:{state[0][player]}:{' '.join(state[1])}"
"""


def test_the_rows_come_by_player_then_betting_then_the_cards_in_the_deals_order(
    capsys, tmp_path, monkeypatch
):
    (tmp_path / "named_peek.py").write_text(NAMED_CARDS)
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "named_peek:NamedPeek", "--iterations", "3", "--quiet")
    assert status == 0, err
    rows = [line.split()[0] for line in out.splitlines()[2:]]
    assert rows == ["0:J:", "0:Q:", "0:K:", "1:J:bet", "1:Q:bet", "1:K:bet"]
    # Neither the order CFR met them in (breadth first: 1:Q before 1:J) nor the alphabet's.
    monkeypatch.syspath_prepend(str(tmp_path))
    from named_peek import NamedPeek

    met = [key for key in CFRSolver(NamedPeek()).average_strategy() if key.startswith("1:")]
    assert met == ["1:Q:bet", "1:K:bet", "1:J:bet"]


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["external", "outcome"])
def test_a_scheme_runs_monte_carlo_cfr_as_mccfr_does(capsys, tmp_path, scheme):
    path = tmp_path / "dice.json"
    argv = ["liars_dice", "-p", "dice_sides=2", "--iterations", "300", "--scheme", scheme,
            "--seed", "5", "--quiet", "--out", str(path)]  # fmt: skip
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    expected = mccfr(LiarsDice(dice_sides=2), iterations=300, scheme=scheme, rng=5)
    assert out.startswith(f"LiarsDice(dice_sides=2): MCCFR ({scheme} sampling), 300 iterations in ")
    assert f"exploitability {expected.exploitability:.6g};" in out
    assert load_strategy(path, LiarsDice(dice_sides=2)) == expected.strategy


def test_outcome_samplings_epsilon_and_a_run_left_unmeasured(capsys):
    argv = ["kuhn", "--iterations", "200", "--scheme", "outcome", "--epsilon", "0.3", "--quiet"]
    status, out, _ = run(capsys, *argv)
    expected = mccfr(KuhnPoker(), iterations=200, scheme="outcome", epsilon=0.3, rng=0)
    assert status == 0
    assert f"exploitability {expected.exploitability:.6g};" in out
    status, out, err = run(capsys, "kuhn", "--iterations", "20", "--scheme", "external",
                           "--no-measure")  # fmt: skip
    assert status == 0
    assert out.splitlines()[0].endswith("not measured (--no-measure)")
    assert "exploitability" not in err


def test_svg_draws_the_picture_the_api_draws(capsys, tmp_path):
    path = tmp_path / "kuhn.svg"
    argv = ["kuhn", "--iterations", "200", "--quiet", "--svg", str(path)]
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    assert out.splitlines()[-1] == f"drew the exploitability to {path}"
    # Measured at the same log-spaced checkpoints as convergence(), so drawn the same, by
    # iterations (the seconds are the machine's).
    curves = convergence(KuhnPoker(), 200, methods=("plus",), points=12)
    title = "KuhnPoker(): exploitability of the average strategy"
    assert path.read_text() == convergence_svg(curves, title=title)
    root = ET.fromstring(path.read_text())
    assert root.find("{http://www.w3.org/2000/svg}polyline") is not None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "plus", "--scheme", "external"], "give one"),
        (["--epsilon", "0.5"], "give --scheme"),
        (["--no-measure"], "give --scheme"),
        (["--scheme", "outcome", "--epsilon", "0"], "--epsilon must be > 0 and <= 1"),
        (["--scheme", "outcome", "--no-measure", "--svg", "x.svg"], "leaves unmeasured"),
        (["--scheme", "sampling"], "invalid choice"),
    ],
)
def test_options_that_do_not_go_together_are_refused(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(["cfr", "kuhn", "--iterations", "3", *argv])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_keeps_prints_and_saves_the_strategy_so_far(tmp_path):
    path, picture = tmp_path / "kuhn.json", tmp_path / "kuhn.svg"
    argv = ("cfr", "kuhn", "--iterations", "10000000", "--every", "500", "--out", str(path),
            "--svg", str(picture))  # fmt: skip
    status, out, err = interrupt(*argv, once="cfr: ", lines=2)
    assert status == 130, err
    assert "Traceback" not in out + err
    said = r"interrupted after ([\d,]+) of 10,000,000 iterations: the strategy so far"
    found = re.search(said, err)
    assert found is not None, err
    done = int(found[1].replace(",", ""))
    assert done >= 1000  # no iteration reported is lost
    assert out.startswith(f"KuhnPoker(): plus CFR, {done:,} iterations in ")
    assert f"saved the strategy so far ({done:,} iterations) to {path} (json)" in out
    # The file holds exactly the strategy of that many iterations: the one under way finished.
    solver = CFRSolver(KuhnPoker(), variant="plus")
    solver.iterate(done)
    assert load_strategy(path, KuhnPoker()) == solver.average_strategy()
    assert ET.parse(picture).getroot().tag == "{http://www.w3.org/2000/svg}svg"
