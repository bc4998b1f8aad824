"""The adapters' optional packages: gamesearch works without them, and says how to get them."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest


def run_without(module: str, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in which ``module`` cannot be imported."""
    script = f"import sys\nsys.modules[{module!r}] = None  # import {module} fails\n" + code
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("module", "name", "extra"),
    [("pyspiel", "OpenSpielGame", "openspiel"), ("chess", "ChessGame", "chess")],
)
@pytest.mark.slow
def test_a_missing_extra_is_named_in_the_error(module: str, name: str, extra: str) -> None:
    done = run_without(
        module,
        f"""
import gamesearch, gamesearch.adapters
from gamesearch import MissingDependencyError
try:
    from gamesearch.adapters import {name}
except MissingDependencyError as error:
    print(error)
""",
    )
    assert done.returncode == 0, done.stderr
    assert f'pip install "gamesearch[{extra}]"' in done.stdout


@pytest.mark.slow
def test_importing_gamesearch_imports_neither_extra() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, gamesearch, gamesearch.adapters, gamesearch.cli; "
            "print(sorted({'chess', 'pyspiel'} & set(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_an_unknown_name_is_an_attribute_error() -> None:
    import gamesearch.adapters

    with pytest.raises(AttributeError, match="no attribute 'Checkers'"):
        _ = gamesearch.adapters.Checkers
