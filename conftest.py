"""Hypothesis profiles for every test, doctests included.

``quick`` (the default, the README's command) runs 25 examples per property so that the
default run stays near 45 s on two cores; ``ci`` runs Hypothesis's own 100, as CI does for
every property (``.ci/run``: ``HYPOTHESIS_PROFILE=ci python -m pytest -m "slow or hypothesis"``);
``thorough`` runs 2,000: ``HYPOTHESIS_PROFILE=thorough python -m pytest``.
"""

import importlib.util
import os
import stat
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("quick", max_examples=25, deadline=None, print_blob=True)
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

# The adapters' modules import their optional packages (the extras chess and openspiel): where
# one is missing, its modules' doctests are not collected, as its tests are skipped.
_EXTRA_MODULES = {
    "chess": ["src/gamesearch/adapters/chess.py", "src/gamesearch/adapters/_chess_*.py"],
    "pyspiel": ["src/gamesearch/adapters/openspiel.py"],
}
collect_ignore_glob = [
    pattern
    for module, patterns in _EXTRA_MODULES.items()
    if importlib.util.find_spec(module) is None
    for pattern in patterns
]

# The tests start Python children as a person runs the package (the command, the examples, the
# pytest-xdist workers): some 60 in the default run. Where the environment forbids bytecode files
# (PYTHONDONTWRITEBYTECODE), each child would compile the whole package anew (about 0.25 s of
# its start), and each run would rewrite the assertions of every test module anew (pytest keeps
# them as bytecode: about 4 s of each worker's collection); the children and this process keep
# their bytecode in a folder of the temporary directory instead, never beside the sources: a
# folder of this user's alone, since bytecode read from a folder that another user can write
# would run that user's code (if it is not so, nothing is cached, as the environment asked).


def own_folder(path: str) -> bool:
    """Whether ``path`` is a folder (made if absent) that no user but this one can write."""
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        info = os.lstat(path)  # a symbolic link is not a folder here
    except OSError:
        return False
    getuid = getattr(os, "getuid", None)  # Windows: the temporary folder is the user's own
    mine = getuid is None or (info.st_uid == getuid() and not info.st_mode & 0o022)
    return stat.S_ISDIR(info.st_mode) and mine


if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
    _USER = getattr(os, "getuid", lambda: "user")()
    _FOLDER = os.path.join(tempfile.gettempdir(), f"gamesearch-tests-pycache-{_USER}")
    if sys.pycache_prefix:  # the user's own (Python ignores an empty PYTHONPYCACHEPREFIX)
        os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix  # also if given by -X
        sys.dont_write_bytecode = False
    elif own_folder(_FOLDER):
        os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = _FOLDER
        sys.dont_write_bytecode = False
    else:
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"


def parallel_by_default(
    *, xdist: bool, numprocesses: object, paths: list[str], usepdb: bool, worker: bool
) -> bool:
    """Whether a run should spread over pytest-xdist's workers though no ``-n`` was given.

    The default run, ``python -m pytest`` with no paths, is the whole suite: with pytest-xdist
    installed it runs as ``-n auto`` does (about 55 s on 2 cores, where one process takes
    about 100 s). A run of chosen paths, a ``-n`` of the caller's own (``-n 0`` for one process),
    ``--pdb``, a worker, or ``-p no:xdist`` is left as it is.
    """
    return xdist and numprocesses is None and not paths and not usepdb and not worker


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads -n in its own, also tryfirst
def pytest_cmdline_main(config):  # type: ignore[no-untyped-def]
    """Make the default run parallel where pytest-xdist is installed (see above)."""
    option = config.option
    if parallel_by_default(
        xdist=config.pluginmanager.hasplugin("xdist"),
        numprocesses=getattr(option, "numprocesses", 0),
        paths=list(option.file_or_dir or []),
        usepdb=bool(config.getoption("usepdb", False)),
        worker=hasattr(config, "workerinput") or "PYTEST_XDIST_WORKER" in os.environ,
    ):
        option.numprocesses = "auto"
