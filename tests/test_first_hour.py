"""CI walks a new user's first hour: the README's two commands, in a venv with nothing else.

Issue 36: on a fresh machine the README's test command failed (names exported lazily from
``gamesearch.adapters`` were not skipped without their extra) and ``mypy --strict src`` reported
eleven errors, while CI stayed green because it installed every extra before its first test.
So ``.ci/run`` runs the quick start's two commands, and mypy as the Development section runs it,
before any extra is installed; these tests keep it in that order.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quick_start() -> list[str]:
    """The commands of the README's quick start, in order."""
    section = README.split("## Quick start", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the quick start has no sh block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def ci_commands() -> list[str]:
    """The commands of .ci/run, one per line, without comments, echoes and continuations."""
    lines = []
    for line in CI.splitlines():
        text = line.strip()
        if text and not text.startswith(("#", "echo ")):
            lines.append(text)
    return lines


def test_the_quick_start_is_two_commands_install_and_test() -> None:
    install, test = quick_start()
    assert install.startswith('python -m pip install -e ".[dev]"')
    assert test.startswith("python -m pytest")


def test_ci_runs_both_quick_start_commands_before_any_extra_is_installed() -> None:
    install, test = quick_start()
    commands = ci_commands()
    first_extra = next(
        number
        for number, line in enumerate(commands)
        if "pip install" in line and re.search(r"\[[^]]*(viz|chess|openspiel|page)", line)
    )
    assert install in commands[:first_extra], "CI does not run the quick start's first command"
    assert test in commands[:first_extra], "CI runs the tests only after installing extras"
    assert commands.index(install) < commands.index(test)


def test_ci_type_checks_as_contributors_are_told_before_the_extras() -> None:
    told = re.search(r"^(mypy --strict src)\s", README, re.MULTILINE)
    assert told is not None, "the README's Development section no longer says how to run mypy"
    commands = ci_commands()
    first_extra = next(n for n, line in enumerate(commands) if "[dev,viz" in line)
    bare = [line for line in commands[:first_extra] if line.startswith("mypy --strict")]
    assert bare
    assert all(line.endswith(" src") for line in bare)


def test_ci_starts_from_a_new_venv() -> None:
    # A venv left from an earlier run (with every extra) would hide what a new user meets.
    assert "python3 -m venv --clear .venv" in ci_commands()


CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def test_contributing_starts_with_the_readmes_two_commands() -> None:
    block = re.search(r"## Setting up\n\n```sh\n(.*?)```", CONTRIBUTING, re.DOTALL)
    assert block is not None
    assert [line.strip() for line in block.group(1).splitlines() if line.strip()] == quick_start()


def test_every_file_contributing_names_exists() -> None:
    # The checklists of a new searcher and a new game name the files to touch: they must be real.
    path = r"`((?:src|tests|docs|bench|examples)/[\w./]+|\w+\.md)`"
    named = set(re.findall(path, CONTRIBUTING))
    assert len(named) >= 10
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert not missing, f"CONTRIBUTING.md names files that do not exist: {missing}"


def test_contributing_names_the_functions_a_new_searcher_calls() -> None:
    from gamesearch import _entry, _kinds, _results

    for module, name in ((_entry, "prepare"), (_entry, "merge_limit"), (_entry, "depth_limit"),
                         (_entry, "check_budget"), (_entry, "check_trace"),
                         (_kinds, "check_kind"), (_results, "make_result")):  # fmt: skip
        assert name in CONTRIBUTING
        assert callable(getattr(module, name)), f"{module.__name__}.{name} is gone"
