"""Hypothesis profiles for every test, doctests included.

``ci`` (the default) is quick; ``thorough`` runs twenty times as many examples:
``HYPOTHESIS_PROFILE=thorough python -m pytest``.
"""

import importlib.util
import os
import tempfile

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

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
# its start); the children keep their bytecode in a folder of the temporary directory instead,
# never beside the sources. This process is not affected: Python reads both variables at start.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
    os.environ.setdefault(
        "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "gamesearch-tests-pycache")
    )

# The deprecated aliases (gamesearch/table.py, play.py, tournament.py, solve/, mcts/) warn when
# imported, which the tests' filterwarnings turns into an error: their doctests, which they do
# not have, are not collected; tests/test_deprecated_names.py imports them, expecting the warning.
collect_ignore = [
    *("src/gamesearch/table.py", "src/gamesearch/play.py", "src/gamesearch/tournament.py"),
    *("src/gamesearch/solve", "src/gamesearch/mcts"),
]
