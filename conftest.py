"""Hypothesis profiles for every test, doctests included.

``ci`` (the default) is quick; ``thorough`` runs twenty times as many examples:
``HYPOTHESIS_PROFILE=thorough python -m pytest``.
"""

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
