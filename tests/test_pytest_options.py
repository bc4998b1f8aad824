"""The test command: the default options need no plugin, and CI runs the README's command."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent


def test_the_default_options_need_no_plugin():
    # Before: addopts held "-n auto", so `python -m pytest` without pytest-xdist refused to
    # start ("unrecognized arguments: -n").
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"][
        "addopts"
    ]
    plugin_options = {"-n", "--numprocesses", "--dist", "--maxprocesses", "-p"}
    assert not plugin_options & set(options), options
    assert not any(option.startswith(("-n", "--numprocesses=")) for option in options), options


def test_ci_runs_the_readmes_test_command_and_xdist_is_in_the_dev_extra():
    readme = (ROOT / "README.md").read_text()
    quick_start = re.search(r"## Quick start\n\n```sh\n(.*?)```", readme, re.DOTALL)
    assert quick_start is not None
    command = quick_start.group(1).splitlines()[1]
    assert shlex.split(command) == ["python", "-m", "pytest", "-n", "auto"]
    assert "A plain `python -m pytest` works too" in readme
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert command in ci
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(requirement.startswith("pytest-xdist") for requirement in dev["dev"])
