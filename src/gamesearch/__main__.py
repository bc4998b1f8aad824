"""``python -m gamesearch``: the ``gamesearch`` command (see :mod:`gamesearch.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
