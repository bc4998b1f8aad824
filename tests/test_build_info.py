"""Which build runs: gamesearch.build_info() and `gamesearch --version` (issue 30).

The suite runs on the pure package by default, and in CI also on the compiled wheel with
GAMESEARCH_EXPECT_BUILD=compiled (.ci/run): each run checks that it tests the build it means to.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gamesearch
from gamesearch import BuildInfo, build_info
from gamesearch._build import COMPILABLE, is_extension
from gamesearch.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_is_the_one_expected() -> None:
    expected = os.environ.get("GAMESEARCH_EXPECT_BUILD", "pure")
    info = build_info()
    assert info.kind == expected
    assert info.compiled == (() if expected == "pure" else COMPILABLE)


def test_the_compiled_modules_are_those_the_build_hook_compiles() -> None:
    if sys.version_info < (3, 11):
        pytest.skip("tomllib is new in Python 3.11")
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    as_modules = {
        path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in include
    }
    assert as_modules == set(COMPILABLE)


def test_a_module_is_compiled_when_loaded_from_an_extension() -> None:
    assert is_extension("/x/gamesearch/games/connect_four.cpython-311-x86_64-linux-gnu.so")
    assert not is_extension("/x/gamesearch/games/connect_four.py")
    assert not is_extension(None)


def test_build_info_says_pure_or_which_modules() -> None:
    assert BuildInfo(()).kind == "pure"
    assert str(BuildInfo(())) == "pure Python"
    both = BuildInfo(COMPILABLE[:2])
    assert both.kind == "compiled"
    assert str(both) == f"compiled by mypyc: 2 of {len(COMPILABLE)} modules"


def test_the_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    shown = capsys.readouterr().out
    assert re.fullmatch(
        r"gamesearch \S+ \((pure Python|compiled by mypyc: \d+ of \d+ modules)\)\n", shown
    )
    assert shown == f"gamesearch {gamesearch.__version__} ({build_info()})\n"


@pytest.mark.slow
def test_the_package_runs_without_mypy_extensions() -> None:
    # mypy_extensions comes with mypy but is no dependency of gamesearch: blocked, it is missed.
    code = (
        "import sys; sys.modules['mypy_extensions'] = None\n"
        "from gamesearch.games import ConnectFour\n"
        "from gamesearch import mtdf\n"
        "class Wider(ConnectFour): pass\n"
        "print(mtdf(Wider(4, 4)).value)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "0.0\n"
