"""What selection tells a trace: each child's mean and exploration term, and the child taken.

The loop (:mod:`._loop`) chooses with its own fast code; only a traced search calls these, once
per step of the walk, to tell the numbers behind each choice (:class:`~gamesearch.trace.Choice`)
with the formulas the loop uses: UCT's ``mean + c * sqrt(ln N / n)`` and PUCT's ``mean + c * P
* sqrt(N) / (1 + n)``, the mean within the solver's bounds and a child the solver's cut skips
scored ``None``. Tests check that the child told as taken is the one of highest score.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Literal

from ._node import Node

if TYPE_CHECKING:
    from ..trace.events import Choice

__all__ = ["chance_choice", "untried_choice", "weighed_choice"]


def weighed_choice(
    node: Node, taken: Any, explore: float, *, puct: bool, noisy: bool, untried: float | None = None
) -> Choice:
    """The choice of ``taken`` among ``node``'s children by UCT (or PUCT), with their numbers.

    Args:
        node: The decision node where the loop chose.
        taken: The action of the child it took.
        explore: The exploration constant on the game's scale, ``c``.
        puct: PUCT's score rather than UCT's.
        noisy: Whether the priors are mixed with noise here (PUCT's root).
        untried: PUCT: the prior of the untried action ``taken``, when its term beat every
            child's score (it is expanded); else ``None``.
    """
    from ..trace.events import Choice, Weighed  # loaded only by a traced search

    floor = node.lower if node.owner == node.player else -node.upper
    weighed = []
    for child in node.children:
        mean = child.estimate()
        if puct:
            prior = child.noisy if noisy else child.prior
            bonus = explore * prior * math.sqrt(node.visits) / (1 + child.visits)
        else:
            prior = None
            visits = child.visits
            bonus = explore * math.sqrt(math.log(node.visits) / visits) if visits else math.inf
        score = None if child.upper <= floor else mean + bonus
        capped = bool(child.visits) and mean != child.total / child.visits
        weighed.append(Weighed(child.action, child.visits, mean, bonus, score, prior, capped))
    rule: Literal["uct", "puct"] = "puct" if puct else "uct"
    return Choice(node.path(), rule, taken, node.visits, explore, tuple(weighed), untried)


def untried_choice(node: Node, action: Any, explore: float, prior: float | None) -> Choice:
    """The choice to expand ``action``, untried at ``node`` (with its prior, under PUCT)."""
    from ..trace.events import Choice  # loaded only by a traced search

    return Choice(node.path(), "untried", action, node.visits, explore, probability=prior)


def chance_choice(node: Node, index: int) -> Choice:
    """The outcome ``index`` drawn at the chance ``node``, with its probability."""
    from ..trace.events import Choice  # loaded only by a traced search

    return Choice(
        node.path(),
        "chance",
        node.outcomes[index],
        node.visits,
        0.0,
        probability=node.probabilities[index],
    )
