"""The :class:`SearchTree` observer: a recorded search, drawn and told in words."""

from __future__ import annotations

import html
from pathlib import Path

from ..errors import MissingDependencyError
from .narration import narrate
from .page import to_html
from .pictures import to_dot, to_svg, to_text
from .recorder import Recorder, TraceNode

__all__ = ["SearchTree"]


class SearchTree(Recorder):
    """An observer that records a search into a tree of visited and pruned nodes.

    Pass it as ``trace=`` to any searcher. Besides what :class:`Recorder` records, it draws the
    tree (:meth:`to_text`, :meth:`to_dot`, :meth:`to_svg`) and tells the search in words
    (:meth:`narrate`). Give it the game, too, and it also expands the
    actions the search pruned, so that pictures show the pruned subtrees (down to the deepest
    ply the search reached, at most ``max_pruned`` nodes in all) and the pruned terminal
    states' values. Every search it observes starts a new tree (``trees``); :attr:`root` is
    the last finished one's root (the deepest completed iteration, for iterative deepening).

    Args:
        game: The game searched, to expand pruned actions; ``None`` records only the actions.
        max_pruned: The most pruned nodes to expand, over all trees.

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import GameTree
        >>> game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> tree = SearchTree(game)
        >>> alphabeta(game, trace=tree).value
        3.0
        >>> print(tree.to_text())
        A MAX = 3 [3, +inf] *
        |-- 0: B MIN = 3 [-inf, 3] *
        |   |-- 0: B1 = 3 *
        |   |-- 1: B2 = 12
        |   `-- 2: B3 = 8
        |-- 1: C MIN = 2 [3, +inf] cutoff
        |   |-- 0: C1 = 2
        |   |-- 1: C2 = 4 pruned
        |   `-- 2: C3 = 6 pruned
        `-- 2: D MIN = 2 [3, 5] cutoff
            |-- 0: D1 = 14
            |-- 1: D2 = 5
            `-- 2: D3 = 2
    """

    def to_dot(
        self, root: TraceNode | None = None, *, fold: int | None = None, boards: bool = True
    ) -> str:
        """The tree as Graphviz DOT text (see :func:`gamesearch.trace.pictures.to_dot`).

        Args:
            root: The search to draw: :attr:`root` by default, or another of :attr:`trees`.
            fold: Fold runs of pruned children hiding more than ``fold`` nodes into one
                ellipsis node with a count; ``None`` draws every node.
            boards: Draw the positions in the nodes, when the game has ``render(state)``.

        Raises:
            InvalidSearchOptionError: ``fold`` is not ``None`` or an int >= 0.
        """
        return to_dot(self, self.root if root is None else root, fold=fold, boards=boards)

    def to_svg(
        self, root: TraceNode | None = None, *, fold: int | None = None, boards: bool = True
    ) -> str:
        """The tree drawn as SVG by Graphviz (the options are :meth:`to_dot`'s).

        Raises:
            MissingDependencyError: the ``graphviz`` package (the ``viz`` extra) or Graphviz's
                ``dot`` program is not installed; the message names which.
        """
        return to_svg(self.to_dot(root, fold=fold, boards=boards))

    def _repr_svg_(self) -> str | None:
        """The picture for Jupyter; ``None`` (so Jupyter shows the text) without Graphviz."""
        if not self.trees:
            return None
        try:
            return to_svg(self.to_dot())
        except MissingDependencyError:
            return None

    def to_html(
        self,
        path: str | Path | None = None,
        *,
        root: TraceNode | None = None,
        title: str | None = None,
        fold: int | None = None,
        collapse: int | None = 6,
        boards: bool = True,
        max_nodes: int = 5000,
    ) -> str:
        """A page that steps through the search: one self-contained HTML file, offline.

        Forward, back, play and jump to a step; the step's node highlighted with its
        alpha-beta window, values as they are backed up, branches greyed as they are pruned,
        and the step's sentence of :meth:`narrate` beside the tree; the tree fitted to the
        window, with zoom and pan, and the step's node kept in view (see
        :func:`gamesearch.trace.page.to_html`). Needs nothing installed.

        Args:
            path: Where to write the page (UTF-8); ``None`` writes nothing.
            root: The search to show: :attr:`root` by default, or another of :attr:`trees`.
            title: The page's heading.
            fold: Fold runs of pruned children hiding more than ``fold`` nodes into one
                ellipsis node with a count; ``None`` draws every pruned node.
            collapse: Fold each subtree of more than ``collapse`` nodes into its root while
                the search is not inside it (before and after); ``None`` never folds.
            boards: Draw the positions in the nodes, when the game has ``render(state)``.
            max_nodes: The most nodes the page steps through: a bigger search gets a page
                that says so, with a summary.

        Returns:
            The page's HTML text.

        Raises:
            InvalidSearchOptionError: an option is not an int >= 0.
            ValueError: nothing has been recorded yet.

        Example:
            >>> from gamesearch import alphabeta
            >>> from gamesearch.games import GameTree
            >>> game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
            >>> tree = SearchTree(game)
            >>> _ = alphabeta(game, trace=tree)
            >>> page = tree.to_html()
            >>> page.startswith("<!DOCTYPE html>"), "http" in page
            (True, False)
        """
        page = to_html(
            self,
            self.root if root is None else root,
            title=title,
            fold=fold,
            collapse=collapse,
            boards=boards,
            max_nodes=max_nodes,
        )
        if path is not None:
            Path(path).write_text(page, encoding="utf-8")
        return page

    def _repr_html_(self) -> str | None:
        """The step-through page for Jupyter, in a frame of its own; ``None`` when empty.

        A search of more than 2,000 nodes to draw shows the page that says it is too big,
        with its summary.
        """
        if not self.trees:
            return None
        page = html.escape(self.to_html(max_nodes=2000), quote=True)
        return (
            f'<iframe srcdoc="{page}" style="width: 100%; height: 560px; border: 1px solid '
            '#ccc" sandbox="allow-scripts" title="the search, step by step"></iframe>'
        )

    def to_text(self, root: TraceNode | None = None) -> str:
        """The tree in plain text, one node a line: ``*`` marks the principal variation."""
        return to_text(self, self.root if root is None else root)

    def narrate(self, root: TraceNode | None = None) -> str:
        """The search told step by step, with each node's range as it changes (AIMA fig. 5.5)."""
        return narrate(self, self.root if root is None else root)
