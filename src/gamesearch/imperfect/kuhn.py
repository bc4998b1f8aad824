"""Kuhn poker (Kuhn 1950), with OpenSpiel's rules, for two to ten players."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .._lazy import LazyModule
from ..errors import GameProtocolError
from ..game import CHANCE, Player
from ._rules import check_legal, check_scored, check_size

if TYPE_CHECKING:
    import random
else:  # named by the annotations only: imported if they are read
    random = LazyModule("random")

__all__ = ["KuhnPoker", "KuhnState"]

PASS = 0
"""The action that checks, or folds facing a bet."""
BET = 1
"""The action that bets one chip, or calls a bet."""


class KuhnState(NamedTuple):
    """A state of :class:`KuhnPoker`: the cards dealt so far, and the betting since."""

    cards: tuple[int, ...]
    """The card of each player dealt so far, player 0's first (cards are 0 .. n, high wins)."""

    actions: tuple[int, ...]
    """The betting actions in turn from player 0: ``PASS`` (0) or ``BET`` (1)."""


class KuhnPoker:
    """Kuhn poker: one card each from a deck of n + 1, one betting round, high card wins.

    The rules are OpenSpiel's ``kuhn_poker``. Each of the n players antes one chip and is dealt
    one card of the deck 0, 1, ..., n (for two players: 0 the Jack, 1 the Queen, 2 the King); a
    chance node deals each card, player 0's first, every card left equally likely. Then the
    players act in turn from player 0, each passing (action 0: check, or fold facing a bet) or
    betting (action 1: bet one chip, or call). If nobody bets in the first round, the highest
    card takes the pot; after the first bet, each other player acts once more, in turn, and the
    highest card among those who bet or called takes the pot. A player's utility is its
    winnings: the pot less its own chips if it wins, minus its chips if not.

    A player's information set is OpenSpiel's information state string: its card, then the
    betting as ``p`` (pass) and ``b`` (bet), so ``"0pb"`` is the Jack after a pass and a bet.

    Args:
        players: The number of players, 2 to 10 (OpenSpiel's range); the deck has one card
            more than there are players.

    Raises:
        ValueError: ``players`` is not an int from 2 to 10.

    Example:
        >>> game = KuhnPoker()
        >>> game.chance_outcomes(state := game.initial_state())
        ((0, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333))
        >>> for action in (2, 0, 1, 1):   # K to player 0, J to player 1; 0 bets, 1 calls
        ...     state = game.result(state, action)
        >>> game.information_set(state, 1), game.is_terminal(state), game.utility(state, 0)
        ('0bb', True, 2.0)
    """

    PASS = PASS
    """Action 0: check, or fold facing a bet."""
    BET = BET
    """Action 1: bet, or call a bet."""

    def __init__(self, players: int = 2) -> None:
        self.num_players = check_size("KuhnPoker", "players", players, 2, 10)
        """How many players there are; the deck has one card more."""

    def __repr__(self) -> str:
        return "KuhnPoker()" if self.num_players == 2 else f"KuhnPoker(players={self.num_players})"

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a strategy file)."""
        return {"players": self.num_players}

    def initial_state(self) -> KuhnState:
        """No card dealt, no bet."""
        return KuhnState((), ())

    def to_move(self, state: KuhnState) -> Player:
        """``CHANCE`` while dealing, then the players in turn from player 0."""
        if len(state.cards) < self.num_players:
            return CHANCE
        return len(state.actions) % self.num_players

    def actions(self, state: KuhnState) -> tuple[int, ...]:
        """The cards left to deal at a chance node, ``(PASS, BET)`` at a decision, else ``()``."""
        if len(state.cards) < self.num_players:
            return tuple(card for card in range(self.num_players + 1) if card not in state.cards)
        return () if self.is_terminal(state) else (PASS, BET)

    def chance_outcomes(self, state: KuhnState) -> tuple[tuple[int, float], ...]:
        """Each card left in the deck, equally likely.

        Raises:
            GameProtocolError: ``state`` is not a chance node.
        """
        if len(state.cards) >= self.num_players:
            raise GameProtocolError(f"chance_outcomes of {state!r}, which is not a chance node")
        probability = 1.0 / (self.num_players + 1 - len(state.cards))
        return tuple((card, probability) for card in self.actions(state))

    def result(self, state: KuhnState, action: int) -> KuhnState:
        """The state after dealing card ``action``, or after the player to move acts.

        Raises:
            IllegalActionError: ``action`` is not in ``actions(state)``.
        """
        legal = self.actions(state)
        check_legal("KuhnPoker", legal, action)
        if len(state.cards) < self.num_players:
            return KuhnState((*state.cards, int(action)), ())
        return KuhnState(state.cards, (*state.actions, int(action)))

    def is_terminal(self, state: KuhnState) -> bool:
        """Whether the betting is over: all passed, or all acted once after the first bet."""
        n, actions = self.num_players, state.actions
        if len(state.cards) < n:
            return False
        first_bet = _first_bet(actions)
        if first_bet is None:
            return len(actions) == n
        return len(actions) == n + first_bet

    def utility(self, state: KuhnState, player: Player) -> float:
        """``player``'s winnings: the pot less its chips if it wins, else minus its chips.

        Raises:
            GameProtocolError: ``state`` is not terminal, or ``player`` is not a player.
        """
        check_scored("KuhnPoker", self.is_terminal(state), state, player, self.num_players)
        n, cards = self.num_players, state.cards
        bettors = [p for p in range(n) if _did_bet(state.actions, n, p)]
        in_showdown = bettors or range(n)
        winner = max(in_showdown, key=lambda p: cards[p])
        stake = 2 if player in bettors else 1
        return float(n + len(bettors) - stake if player == winner else -stake)

    def information_set(self, state: KuhnState, player: Player) -> str:
        """``player``'s card (once dealt), then the betting: ``p`` a pass, ``b`` a bet.

        The key is OpenSpiel's information state string, such as ``"2pb"``.
        """
        card = str(state.cards[player]) if player < len(state.cards) else ""
        return card + "".join("b" if action == BET else "p" for action in state.actions)

    def sample_state(self, state: KuhnState, player: Player, rng: random.Random) -> KuhnState:
        """``state`` with the others' cards drawn again from those ``player`` cannot see.

        Each deal consistent with ``player``'s card is equally likely, as chance deals them.
        """
        cards = list(state.cards)
        mine = cards[player] if player < len(cards) else None
        unseen = [card for card in range(self.num_players + 1) if card != mine]
        others = [p for p in range(len(cards)) if p != player]
        for p, card in zip(others, rng.sample(unseen, len(others)), strict=True):
            cards[p] = card
        return KuhnState(tuple(cards), state.actions)


def _first_bet(actions: tuple[int, ...]) -> int | None:
    """The index of the first bet in ``actions`` (the player who made it), or ``None``."""
    return actions.index(BET) if BET in actions else None


def _did_bet(actions: tuple[int, ...], n: int, player: Player) -> bool:
    """Whether ``player`` bet or called (OpenSpiel's ``DidBet``)."""
    first = _first_bet(actions)
    if first is None:
        return False
    if player == first:
        return True
    # A player after the first bettor answered it in the first round; one before, in the second.
    index = player if player > first else n + player
    return index < len(actions) and actions[index] == BET
