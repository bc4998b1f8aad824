"""Dealing unseen cards at random among hands that must lack some suits: exactly uniform.

A card game's ``sample_state`` must deal the cards a player has not seen to the others (and the
pile left face down) so that every deal consistent with what it knows is equally likely, as
chance dealt them; a player who failed to follow a suit holds none of it. Drawing shuffles until
one fits can take very long when the constraints are tight; :func:`draw_deal` counts instead.
Cards of one suit are alike as far as the constraints go, so the deals are counted suit by
suit (how many of each suit each hand gets, times the ways to pick those cards), and a deal is
drawn suit by suit in proportion to the count of the deals that complete it. Private.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..errors import GameProtocolError

__all__ = ["Bins", "draw_deal"]


class Bins(NamedTuple):
    """One place the unseen cards go to: a hand (or the pile), its size and the suits it lacks."""

    size: int
    """How many of the unseen cards it gets."""

    void: frozenset[int]
    """The suits it has none of."""


def draw_deal(
    cards: Sequence[int], suits: Sequence[int], bins: Sequence[Bins], rng: random.Random
) -> list[list[int]]:
    """Deal ``cards`` into ``bins``, each deal equally likely among those that fit.

    A deal fits when it gives each bin its size and no card of a suit it lacks; ``suits``
    gives the suit of each card.

    Returns:
        The cards of each bin, in the order of ``bins``.

    Raises:
        GameProtocolError: no deal fits (the sizes do not add up, or the voids leave no room):
            the game state the constraints came from is not one a line of play reaches.
    """
    by_suit: dict[int, list[int]] = {}
    for card, suit in zip(cards, suits, strict=True):
        by_suit.setdefault(suit, []).append(card)
    order = sorted(by_suit)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(index: int, caps: tuple[int, ...]) -> int:
        """The deals of the suits from ``order[index]`` on into bins of room ``caps``."""
        if index == len(order):
            return 1 if not any(caps) else 0
        key = (index, caps)
        if key not in memo:
            memo[key] = sum(ways for ways, _ in _splits(index, caps))
        return memo[key]

    def _splits(index: int, caps: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Each split of suit ``order[index]``'s cards over the bins, with its number of deals."""
        suit = order[index]
        size = len(by_suit[suit])
        room = tuple(0 if suit in b.void else cap for b, cap in zip(bins, caps, strict=True))
        for split in _compositions(size, room):
            rest = tuple(cap - x for cap, x in zip(caps, split, strict=True))
            ways = _multinomial(size, split) * count(index + 1, rest)
            if ways:
                yield ways, split

    caps = tuple(b.size for b in bins)
    total = count(0, caps)
    if total == 0:
        raise GameProtocolError(
            f"no deal of the cards {list(cards)} gives the hands {list(bins)} their sizes and "
            "voids: the state is not one a line of play reaches"
        )
    dealt: list[list[int]] = [[] for _ in bins]
    for index, suit in enumerate(order):
        options = list(_splits(index, caps))
        pick = rng.randrange(sum(ways for ways, _ in options))
        split = options[-1][1]
        for ways, option in options:
            if pick < ways:
                split = option
                break
            pick -= ways
        shuffled = list(by_suit[suit])
        rng.shuffle(shuffled)
        start = 0
        for hand, x in zip(dealt, split, strict=True):
            hand.extend(shuffled[start : start + x])
            start += x
        caps = tuple(cap - x for cap, x in zip(caps, split, strict=True))
    return dealt


def _compositions(total: int, room: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of one number per bin, each within its room."""
    if not room:
        if total == 0:
            yield ()
        return
    for first in range(min(total, room[0]) + 1):
        for rest in _compositions(total - first, room[1:]):
            yield (first, *rest)


def _multinomial(total: int, parts: tuple[int, ...]) -> int:
    """The ways to split ``total`` distinct cards into groups of the sizes ``parts``."""
    ways = math.factorial(total)
    for part in parts:
        ways //= math.factorial(part)
    return ways
