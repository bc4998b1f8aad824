"""The node of a recorded search tree, apart from the recorder so that its parts can share it.

:class:`TraceNode` is exported by :mod:`gamesearch.trace` (and, as before, by
:mod:`gamesearch.trace.recorder`); the recorder and its Monte Carlo part
(:mod:`._monte_carlo`) both build it, and neither imports the other for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..game import Player
from .events import NodeKind, Prune

__all__ = ["TraceNode"]


@dataclass(eq=False)
class TraceNode:
    """A node of a :class:`SearchTree`: one state the search visited, or one it pruned."""

    state: Any
    """The node's state (``None`` for a pruned node when the tree was built without a game)."""

    action: Any
    """The action from the parent (``None`` at the root)."""

    depth: int
    """The node's ply."""

    kind: NodeKind | Literal["leaf"] | None
    """``"max"``, ``"min"`` or ``"chance"`` for an inner node, ``"leaf"`` for a leaf, ``None``
    for a pruned node of unknown kind."""

    parent: TraceNode | None = field(default=None, repr=False)
    """The parent node, ``None`` at the root."""

    player: Player | None = None
    """The player to move, where known."""

    visited: bool = True
    """False for a node the search pruned (never looked at)."""

    terminal: bool | None = None
    """For a leaf: True if terminal, False if cut off at the depth limit."""

    value: float | None = None
    """The value in MAX view: a visited leaf's score, the value an inner node backed up, a
    pruned terminal state's utility; ``None`` if unknown."""

    values: tuple[float, ...] | None = None
    """The value for every player (vector-valued searchers)."""

    window: tuple[float, float] | None = None
    """``(alpha, beta)`` on entry, in MAX view (``None`` without a window)."""

    final_window: tuple[float, float] | None = None
    """``(alpha, beta)`` when the node was left, in MAX view (``None`` without a window)."""

    best_action: Any = None
    """The best action the search found here."""

    actions: tuple[Any, ...] | None = None
    """The actions the search meant to try, in order (``None`` if unknown)."""

    probability: float | None = None
    """The probability of ``action``, below a chance node."""

    cutoff: Prune | None = None
    """The cutoff that stopped this node, if one did."""

    stored: bool = False
    """True when the value came from the transposition table."""

    children: list[TraceNode] = field(default_factory=list, repr=False)
    """The children the search visited or pruned, in order."""

    step: int = 0
    """The index of the event that created the node (for pruned nodes: the ``Prune`` event)."""

    closed: int | None = None
    """The index of the event after which the node was done, ``None`` while it was open."""

    visits: int | None = None
    """Monte Carlo search: the iterations that went through the node (``None`` for the
    nodes of other searches); ``value`` is then their mean result, in MAX view."""

    total: float = 0.0
    """Monte Carlo search: the sum of the results of those iterations, in MAX view."""

    proven: bool = False
    """Monte Carlo search: whether the MCTS-Solver proved ``value``."""

    pn: int | None = None
    """Proof-number search: the node's proof number, the last told (``None`` for the nodes
    of other searches)."""

    dn: int | None = None
    """Proof-number search: its disproof number, the last told."""

    bounds: tuple[float, float] | None = None
    """Proof-number search: the bounds proven on its value, ``(lower, upper)`` in MAX view;
    ``value`` once they meet."""

    asked: int | None = None
    """Proof-number search: the number of the question (``Ask.number``) that ``pn`` and ``dn``
    were told for."""

    decided_by: str | None = None
    """Proof-number search: what decided a leaf of the proof (``ProofChild.decided_by``:
    ``"utility"``, ``"proven_value"``, ``"non_losing_actions"`` or ``"must_play"``)."""

    reason: str | None = None
    """Proof-number search: the game's words for why its knowledge decided the leaf."""

    left_out: tuple[Any, ...] = ()
    """Proof-number search: the moves the game's knowledge left out of a developed node
    (its ``LeftOut`` records, as ``Develop`` told them)."""

    @property
    def is_frontier(self) -> bool:
        """Whether the node is a frontier node of a proof-number search: seen, not developed.

        A child a development added that is neither a leaf of the proof nor developed yet:
        its numbers are its first ones, from its moves (or the evaluation).
        """
        return self.pn is not None and self.kind in ("max", "min") and not self.children

    @property
    def is_leaf(self) -> bool:
        """Whether the node has no children in the tree."""
        return not self.children
