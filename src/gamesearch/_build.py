"""Which build of gamesearch runs: the pure package, or the one with modules compiled by mypyc.

The pure package is the default and runs everywhere. The opt-in compiled build (README,
Installing: ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m build``) compiles the modules of
:data:`COMPILABLE` from the same typed source with mypyc into C extensions, which Python then
imports in place of the ``.py`` files. :func:`build_info` looks at the modules actually loaded.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ._extension import is_extension

__all__ = ["COMPILABLE", "BuildInfo", "build_info"]

COMPILABLE = (
    "gamesearch.chance._context",
    "gamesearch.chance._loop",
    "gamesearch.chance._opponent",
    "gamesearch.chance._search",
    "gamesearch.chance._star1",
    "gamesearch.chance._star2",
    "gamesearch.chance._telling",
    "gamesearch.games._bitboard",
    "gamesearch.games._connect_four_engine",
    "gamesearch.games._connect_four_playout",
    "gamesearch.games._connect_four_probe",
    "gamesearch.games._connect_four_table",
    "gamesearch.games.connect_four",
    "gamesearch.imperfect._cfr_loop",
    "gamesearch.imperfect._forms",
    "gamesearch.imperfect._sequences",
    "gamesearch.imperfect._tree",
    "gamesearch.imperfect.liars_dice",
    "gamesearch.montecarlo._grow",
    "gamesearch.montecarlo._loop",
    "gamesearch.montecarlo._node",
    "gamesearch.montecarlo._playout",
    "gamesearch.montecarlo._solver",
    "gamesearch.twoplayer._plain",
    "gamesearch.twoplayer._distances",
    "gamesearch.twoplayer._engine",
    "gamesearch.twoplayer._enhanced",
    "gamesearch.twoplayer._ordering",
    "gamesearch.twoplayer._solver",
    "gamesearch.twoplayer._window",
    "gamesearch.twoplayer.table",
)
"""The modules the compiled build compiles (the ``include`` of the mypyc build hook in
pyproject.toml): the alpha-beta loops (the plain loop and its twin over a game's ``children``,
the engine's loop, its entry and its move ordering), the exact Connect Four solver, its table
and distance scores, ConnectFour, its bitboards and its own loops on 64-bit words (the exact
solver's probe and the engine's search), the chance loop (expectiminimax, Star1, Star2 and
expectimax, their trace and expectimax's opponent models), MCTS's inner loop (its nodes, one
iteration, its solver's bounds, the growing of a tree), and CFR's inner loop, the sequence form
it runs on, its construction from the game (the tree's walk) and Liar's Dice, whose tree is the
largest of the bundled games CFR solves."""


@dataclass(frozen=True)
class BuildInfo:
    """Which build runs: the modules of :data:`COMPILABLE` that were loaded compiled."""

    compiled: tuple[str, ...]
    """The modules running as C extensions compiled by mypyc; empty for the pure build."""

    @property
    def kind(self) -> str:
        """``"pure"`` when no module is compiled, else ``"compiled"``."""
        return "compiled" if self.compiled else "pure"

    def __str__(self) -> str:
        if not self.compiled:
            return "pure Python"
        return f"compiled by mypyc: {len(self.compiled)} of {len(COMPILABLE)} modules"


def build_info() -> BuildInfo:
    """Which build of gamesearch runs: pure Python, or which modules mypyc compiled.

    Imports the modules of :data:`COMPILABLE` (a few milliseconds at most) and reports those
    loaded from a compiled extension rather than from their ``.py`` source.

    Returns:
        The build: ``kind`` is ``"pure"`` or ``"compiled"``, ``compiled`` names the modules.

    Example:
        >>> from gamesearch import build_info
        >>> build_info().kind in ("pure", "compiled")
        True
    """
    return BuildInfo(
        tuple(name for name in COMPILABLE if is_extension(importlib.import_module(name).__file__))
    )
