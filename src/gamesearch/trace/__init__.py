"""Search traces: what a searcher did, event by event, and a recorder that makes a tree of it.

Every searcher takes ``trace=``, an *observer*: any callable that accepts one event. The searcher
calls it at each step, in search order (depth first, left to right):

==========  =========================================================================
Event       When
==========  =========================================================================
``Enter``   the search enters a node it will expand (the root first)
``Leaf``    it scores a leaf: a terminal state, or a state at the depth limit
``Prune``   it stops a node early (a cutoff) and leaves its remaining actions untried
``Leave``   it is done with a node: its value and best action are known
==========  =========================================================================

Every value and every window in an event is in *MAX view*: for the player to move at the root
(MAX), as the textbook draws the tree, even where the searcher works with negated values
internally (negamax). ``alpha`` and ``beta`` are ``None`` for searchers without a window
(minimax). A chance node (a ``kind`` of ``"chance"``) gives each child's ``probability``; a
vector-valued searcher (max-n) also fills ``values``, one utility per player.

Monte Carlo tree search (:func:`~gamesearch.mcts`) is not depth first: between the root's
``Enter`` and ``Leave`` it tells four events per iteration, one per phase: ``Select`` (the line
walked down the tree), ``Expand`` (the node added), ``Rollout`` (its simulated result) and
``Backup`` (the result added to every node of the line); ``Select`` carries each choice on the
way down (:class:`Choice`, every child :class:`Weighed`: its mean and exploration term).
:class:`SearchTree` keeps each node's visit count (``TraceNode.visits``) and mean result, and
draws them.

Proof-number search (:func:`~gamesearch.pns`, :func:`~gamesearch.dfpn`) tells, between the
root's ``Enter`` and ``Leave``, each question it asks (``Ask`` ... ``Answer``) and its steps:
``Choose`` (the most-proving node, by its path), ``Develop`` (its children and their numbers,
each a :class:`ProofChild`, and the moves the game's knowledge left out, :class:`LeftOut`)
and ``Renumber`` (the numbers updated back up). :class:`SearchTree` keeps each node's proof
and disproof numbers (``TraceNode.pn``, ``TraceNode.dn``) and its proven bounds.

``print`` is an observer; :class:`SearchTree` records the events into a tree of the visited and
the pruned nodes, and draws it (:meth:`~SearchTree.to_dot`, :meth:`~SearchTree.to_svg`,
:meth:`~SearchTree.to_text`) or tells the search in words (:meth:`~SearchTree.narrate`):

>>> from gamesearch import alphabeta
>>> from gamesearch.games import GameTree
>>> game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree = SearchTree(game)
>>> result = alphabeta(game, trace=tree)
>>> [leaf.value for leaf in tree.leaves()]
[3.0, 12.0, 8.0, 2.0, 14.0, 5.0, 2.0]
>>> [leaf.value for leaf in tree.pruned()]
[4.0, 6.0]
>>> tree.range(tree.root)
(3.0, 3.0)

Tracing costs nothing when ``trace`` is ``None``: ``alphabeta`` and ``negamax`` then run their
plain loop, and the other loops test ``trace is not None`` once per event. A trace observes and
never steers: traced, every searcher returns what it returns untraced, statistics included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import public_names

if TYPE_CHECKING:  # each name loads on first use (.._lazy), so that a search
    # that traces nothing loads none of the pages and drawings
    from .events import (
        Answer,
        Ask,
        Backup,
        Choice,
        Choose,
        Develop,
        Enter,
        Event,
        Expand,
        Leaf,
        Leave,
        LeftOut,
        NodeKind,
        Observer,
        ProofChild,
        Prune,
        Renumber,
        Rollout,
        Select,
        Weighed,
    )
    from .recorder import Recorder, TraceNode
    from .search_tree import SearchTree
else:
    __getattr__, __dir__ = public_names(
        __name__,
        {
            "Answer": ".events",
            "Ask": ".events",
            "Backup": ".events",
            "Choice": ".events",
            "Choose": ".events",
            "Develop": ".events",
            "Enter": ".events",
            "Event": ".events",
            "Expand": ".events",
            "Leaf": ".events",
            "Leave": ".events",
            "LeftOut": ".events",
            "NodeKind": ".events",
            "Observer": ".events",
            "ProofChild": ".events",
            "Prune": ".events",
            "Renumber": ".events",
            "Rollout": ".events",
            "Select": ".events",
            "Weighed": ".events",
            "Recorder": ".recorder",
            "TraceNode": ".recorder",
            "SearchTree": ".search_tree",
        },
        globals(),
    )

__all__ = [
    "Answer",
    "Ask",
    "Backup",
    "Choice",
    "Choose",
    "Develop",
    "Enter",
    "Event",
    "Expand",
    "Leaf",
    "Leave",
    "LeftOut",
    "NodeKind",
    "Observer",
    "ProofChild",
    "Prune",
    "Recorder",
    "Renumber",
    "Rollout",
    "SearchTree",
    "Select",
    "TraceNode",
    "Weighed",
]
