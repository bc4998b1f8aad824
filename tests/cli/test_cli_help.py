"""``gamesearch`` alone lists the commands with what each does (issue 27, section 6).

As ``pip`` does (``git`` exits with 1): the help on standard output, exit status 0.
"""

from __future__ import annotations

import re

import pytest

from gamesearch.cli import main


def test_no_command_lists_the_commands_with_their_descriptions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main([])
    out, err = capsys.readouterr()
    assert status == 0
    assert err == ""
    assert "the following arguments are required" not in out
    for command, words in (
        ("games", "list the bundled games"),
        ("play", "play a game against the computer"),
        ("solve", "prove a position's value"),
        ("match", "two searchers play a series of games"),
        ("tree", "draw the search of a game tree"),
        ("table", "solve a game into a SQLite table"),
    ):
        assert re.search(rf"^ +{command} +{words}", out, re.MULTILINE), command
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == out  # the same as --help
