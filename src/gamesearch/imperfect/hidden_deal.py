"""A small two-player zero-sum game given as data: a hidden deal, then public actions.

:class:`HiddenDealGame` is to imperfect information what :class:`~gamesearch.games.GameTree` is
to perfect information: a game written out in full, for tests and worked examples.
:func:`gamesearch.testing.hidden_deal_games` draws them at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..errors import GameProtocolError
from ..game import CHANCE, Player
from ._rules import check_legal, check_scored

__all__ = ["Deal", "HiddenDealGame", "HiddenDealState"]

Deal = tuple[int, int]
"""A deal: player 0's private card, then player 1's."""


class HiddenDealState(NamedTuple):
    """A state of :class:`HiddenDealGame`: the deal (``None`` before it) and the actions since."""

    deal: Deal | None
    """Each player's private card, player 0's first; ``None`` at the initial chance node."""

    history: tuple[int, ...]
    """The public actions played since the deal, each an index into its node's actions (or
    the outcome of a chance node in play)."""


class HiddenDealGame:
    """Chance deals each of two players a private card; then they act in public; zero-sum.

    The game starts at a chance node that draws a deal ``(card of player 0, card of player 1)``
    with the probabilities of ``deals``. Then play follows a public tree: ``moves`` maps each
    public history (the tuple of actions played so far) at which someone acts to ``(player,
    number of actions)``, the actions being ``0 .. number - 1``; ``chances`` maps each public
    history at which chance acts in play (a card turned up for both to see, as Leduc's public
    card) to the probabilities of its outcomes ``0 .. number - 1``; ``payoffs`` maps each
    history that ends the game to player 0's utility under each deal (player 1's is its
    negative).

    A player's information set is ``(player, own card, history)``: it sees its card and every
    action, not the other's card. So the states of a set share their actions, and the player's
    earlier sets and actions (perfect recall). With ``perfect_information=True`` the key is
    ``(player, deal, history)``: both cards are seen, and the game is one of perfect
    information with chance, whose value ``expectiminimax(face_up(game))`` computes (the game
    still declares ``information_set``, for CFR, which the searchers of perfect information
    refuse; :func:`~gamesearch.imperfect.face_up` hides it from them).

    Args:
        deals: Each deal's probability (> 0; they sum to 1).
        moves: Each public decision history's ``(player, number of actions)``; ``()`` must be
            one (the first decision follows the deal).
        payoffs: Each terminal history's utility for player 0, under each deal of ``deals``.
        perfect_information: Whether each player sees both cards.
        chances: Each public chance history's outcome probabilities (each > 0, summing to
            1); none by default. Both players see the outcomes.

    Raises:
        ValueError: The histories do not make a tree: a child of a decision or a chance node
            is neither a decision, a chance node nor terminal, a terminal history lacks a
            deal's payoff, a player is not 0 or 1, a decision has no action, or a chance
            node's probabilities are not a distribution.

    Example:
        Matching pennies with a peek: player 0 sees a coin; player 1 guesses it blind.

        >>> game = HiddenDealGame(
        ...     deals={(0, 0): 0.5, (1, 0): 0.5},
        ...     moves={(): (1, 2)},
        ...     payoffs={(0,): {(0, 0): -1, (1, 0): 1}, (1,): {(0, 0): 1, (1, 0): -1}},
        ... )
        >>> state = game.result(game.initial_state(), (1, 0))
        >>> game.to_move(state), game.information_set(state, 1)
        (1, (1, 0, ()))
        >>> game.utility(game.result(state, 1), 0)
        -1.0
    """

    num_players = 2
    """Two players, 0 and 1."""

    def __init__(
        self,
        deals: Mapping[Deal, float],
        moves: Mapping[tuple[int, ...], tuple[Player, int]],
        payoffs: Mapping[tuple[int, ...], Mapping[Deal, float]],
        *,
        perfect_information: bool = False,
        chances: Mapping[tuple[int, ...], Sequence[float]] | None = None,
    ) -> None:
        self._deals: dict[Deal, float] = {(deal[0], deal[1]): float(p) for deal, p in deals.items()}
        self._moves = {tuple(history): move for history, move in moves.items()}
        self._payoffs = {tuple(history): dict(row) for history, row in payoffs.items()}
        self._chances = {
            tuple(history): tuple(float(p) for p in odds)
            for history, odds in (chances or {}).items()
        }
        self.perfect_information = perfect_information
        """Whether each player sees both cards."""
        _check_tree(self._deals, self._moves, self._payoffs, self._chances)

    def __repr__(self) -> str:
        chances = f", chances={self._chances!r}" if self._chances else ""
        return (
            f"HiddenDealGame(deals={self._deals!r}, moves={self._moves!r}, "
            f"payoffs={self._payoffs!r}, perfect_information={self.perfect_information!r}"
            f"{chances})"
        )

    def initial_state(self) -> HiddenDealState:
        """Before the deal."""
        return HiddenDealState(None, ())

    def to_move(self, state: HiddenDealState) -> Player:
        """``CHANCE`` before the deal and at a chance history, else the history's player.

        0 at the end.
        """
        if state.deal is None or state.history in self._chances:
            return CHANCE
        return self._moves.get(state.history, (0, 0))[0]

    def actions(self, state: HiddenDealState) -> tuple[object, ...]:
        """The deals first, ``0 .. n - 1`` at a decision or a chance history, ``()`` at the end."""
        if state.deal is None:
            return tuple(self._deals)
        if state.history in self._chances:
            return tuple(range(len(self._chances[state.history])))
        move = self._moves.get(state.history)
        return () if move is None else tuple(range(move[1]))

    def chance_outcomes(self, state: HiddenDealState) -> tuple[tuple[object, float], ...]:
        """Each deal with its probability; at a chance history, each outcome with its own.

        Raises:
            GameProtocolError: ``state`` is not a chance node.
        """
        if state.deal is None:
            return tuple(self._deals.items())
        odds = self._chances.get(state.history)
        if odds is None:
            raise GameProtocolError(f"chance_outcomes of {state!r}, which is not a chance node")
        return tuple(enumerate(odds))

    def result(self, state: HiddenDealState, action: object) -> HiddenDealState:
        """The state after the deal ``action``, or after the player to move plays ``action``.

        Raises:
            IllegalActionError: ``action`` is not in ``actions(state)``.
        """
        legal = self.actions(state)
        check_legal("HiddenDealGame", legal, action)
        if state.deal is None:
            return HiddenDealState(action, ())  # type: ignore[arg-type]
        return HiddenDealState(state.deal, (*state.history, action))  # type: ignore[arg-type]

    def is_terminal(self, state: HiddenDealState) -> bool:
        """Whether the public history is one that ends the game."""
        return state.deal is not None and state.history in self._payoffs

    def utility(self, state: HiddenDealState, player: Player) -> float:
        """``player``'s utility: the payoff for player 0, its negative for player 1.

        Raises:
            GameProtocolError: ``state`` is not terminal, or ``player`` is not 0 or 1.
        """
        over = self.is_terminal(state) and state.deal is not None
        check_scored("HiddenDealGame", over, state, player, 2)
        assert state.deal is not None
        value = float(self._payoffs[state.history][state.deal])
        return value if player == 0 else -value

    def information_set(
        self, state: HiddenDealState, player: Player
    ) -> tuple[Player, int | Deal | None, tuple[int, ...]]:
        """``(player, its card, history)``, or ``(player, deal, history)`` with perfect information.

        Before the deal the card (or deal) is ``None``.
        """
        if state.deal is None or self.perfect_information:
            return (player, state.deal, state.history)
        return (player, state.deal[player], state.history)

    def sample_state(
        self, state: HiddenDealState, player: Player, rng: random.Random
    ) -> HiddenDealState:
        """``state`` with the other's card drawn again, given ``player``'s, as chance deals it.

        The outcomes of chance in play are public: they stay as they are.
        """
        if state.deal is None or self.perfect_information:
            return state
        mine = state.deal[player]
        worlds = [deal for deal in self._deals if deal[player] == mine]
        weights = [self._deals[deal] for deal in worlds]
        return HiddenDealState(rng.choices(worlds, weights)[0], state.history)


def _check_tree(
    deals: Mapping[Deal, float],
    moves: Mapping[tuple[int, ...], tuple[Player, int]],
    payoffs: Mapping[tuple[int, ...], Mapping[Deal, float]],
    chances: Mapping[tuple[int, ...], tuple[float, ...]],
) -> None:
    """Raise ``ValueError`` unless the deals, decisions, chance nodes and ends make a game tree."""
    if not deals or any(not p > 0 for p in deals.values()):
        raise ValueError(f"HiddenDealGame: deals need probabilities > 0, got {dict(deals)!r}")
    for history, odds in chances.items():
        if not odds or not all(0 < p <= 1 for p in odds) or not math.isclose(sum(odds), 1.0):
            raise ValueError(
                f"HiddenDealGame: chances[{history!r}] must be probabilities > 0 summing to 1, "
                f"got {odds!r}"
            )
    if () not in moves:
        raise ValueError("HiddenDealGame: moves must have the empty history, the first decision")
    pending: list[tuple[int, ...]] = [()]
    reached: set[tuple[int, ...]] = set()
    while pending:
        history = pending.pop()
        reached.add(history)
        if history in payoffs:
            missing = [deal for deal in deals if deal not in payoffs[history]]
            if missing:
                raise ValueError(f"HiddenDealGame: payoffs[{history!r}] lacks deals {missing!r}")
            continue
        if history in chances and history not in moves:
            count = len(chances[history])
        else:  # a decision: every history pushed is a decision, a chance node or an end
            player, count = moves[history]
            if player not in (0, 1) or isinstance(count, bool) or count < 1:
                raise ValueError(
                    f"HiddenDealGame: moves[{history!r}] must be (0 or 1, actions >= 1), "
                    f"got {moves[history]!r}"
                )
        for action in range(count):  # each child checked as it comes: a count of 10**9 stops
            child = (*history, action)  # at the first child the tree lacks
            if child not in moves and child not in chances and child not in payoffs:
                raise ValueError(
                    f"HiddenDealGame: history {child!r} is neither a move, a chance node nor an "
                    "end"
                )
            pending.append(child)
    nodes = (set(moves), set(payoffs), set(chances))
    unreachable = set.union(*nodes) - reached
    twice = (nodes[0] & nodes[1]) | (nodes[0] & nodes[2]) | (nodes[1] & nodes[2])
    if unreachable or twice:
        raise ValueError(
            "HiddenDealGame: histories unreachable or of two kinds (move, chance node, end): "
            f"{sorted(unreachable | twice)!r}"
        )
