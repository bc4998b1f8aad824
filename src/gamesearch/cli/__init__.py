"""The ``gamesearch`` command: play, solve and draw searches from a terminal.

``gamesearch --help`` and ``gamesearch COMMAND --help`` describe every option::

    gamesearch games                                  the bundled games and their parameters
    gamesearch play tictactoe                         play the computer
    gamesearch solve tictactoe --moves 4 0            prove the value and best line of a position
    gamesearch solve mygames.bones:Bones -p size=4    a game of your own, by import path
    gamesearch match tictactoe mcts alphabeta         two searchers play a series of games
    gamesearch tournament connect4 random alphabeta:depth=2 mcts --ratings
                                                      a round robin, rated by Elo
    gamesearch tree '[[3,12,8],[2,4,6],[14,5,2]]'     draw the search of a nested-list tree
    gamesearch table build tictactoe --out t.sqlite   solve a game into a SQLite table
    gamesearch table probe t.sqlite --moves 4 0       a position's value from the table
    gamesearch cfr kuhn --iterations 1000 --out k.json  CFR+ on Kuhn poker: the strategy
    gamesearch play kuhn --strategy k.json            play Kuhn poker against that strategy
    gamesearch web --out site                         a page that plays in a browser (Pyodide)

Moves are numbered as the library numbers actions, from 0. Also ``python -m gamesearch``.
Built on :mod:`argparse`, so it needs nothing installed; only ``tree --svg`` needs the ``viz``
extra and Graphviz.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return its exit status.

    0 on success (and for ``gamesearch`` alone, which prints the commands, as ``pip`` does),
    1 when a search or a file fails, 2 for a bad command line (as argparse), 130 when
    interrupted with Ctrl-C (``solve`` prints the best result found so far first, ``match``
    the games finished).

    Example:
        >>> main(["solve", "tictactoe", "--moves", "0", "3", "1", "4", "2"])  # doctest: +ELLIPSIS
        X X X    0 1 2
        ...
        the game is over: X wins; final utilities X +1, O -1
        0
    """
    try:  # the command's modules load here: Ctrl-C while they do (or while the command line
        # is read) is an exit of 130 as well
        from ._main import run

        return run(argv)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
