"""Hypothesis profiles for every test, doctests included.

``ci`` (the default) is quick; ``thorough`` runs twenty times as many examples:
``HYPOTHESIS_PROFILE=thorough python -m pytest``.
"""

import importlib.util
import os

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
