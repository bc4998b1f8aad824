"""The test command: the default options need no plugin, and CI runs the README's command."""

from __future__ import annotations

import os
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


def _root_conftest():  # type: ignore[no-untyped-def]
    import importlib.util

    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("given", "parallel"),
    [
        ({}, True),  # python -m pytest: the whole suite, on every core
        ({"xdist": False}, False),  # pytest-xdist not installed, or -p no:xdist
        ({"numprocesses": 0}, False),  # -n 0: one process, asked for
        ({"numprocesses": 3}, False),  # -n 3: the caller's own number
        ({"paths": ["tests/test_limit.py"]}, False),  # chosen tests start at once
        ({"usepdb": True}, False),  # --pdb needs one process
        ({"worker": True}, False),  # a worker never starts workers
    ],
)
def test_the_default_run_is_parallel_where_xdist_is_installed(given, parallel):  # type: ignore[no-untyped-def]
    default = {"xdist": True, "numprocesses": None, "paths": [], "usepdb": False, "worker": False}
    assert _root_conftest().parallel_by_default(**{**default, **given}) is parallel


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")
def test_bytecode_is_kept_only_in_a_folder_no_other_user_can_write(tmp_path):  # type: ignore[no-untyped-def]
    # The folder in the temporary directory that holds the tests' bytecode where the
    # environment forbids it beside the sources: bytecode read from a folder that another user
    # can write, or that a link sends elsewhere, would run that user's code.
    own_folder = _root_conftest().own_folder
    made = tmp_path / "made"
    assert own_folder(str(made))
    assert made.is_dir()
    assert made.stat().st_mode & 0o777 == 0o700
    assert own_folder(str(made))  # found again
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert not own_folder(str(shared))
    link = tmp_path / "link"
    link.symlink_to(made)
    assert not own_folder(str(link))
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    assert not own_folder(str(a_file))
