"""Goofspiel with hidden bids and no chance: a game of imperfect information, of value 0.

Each player holds the cards 1 .. n; the prizes 1 .. n come up in that order (no chance). In
each round player 0 bids a card, then player 1 bids one without seeing it (the bids are hidden
through ``information_set``); the higher bid takes the prize, a tie takes nothing, and both
bids are then shown. A player's utility is +1 if its prizes add up to more, -1 if to less, 0
on a tie. The game is symmetric, so its value is 0; a searcher that lets player 1 see player
0's bid finds that player 1 wins.
"""

from __future__ import annotations

from typing import NamedTuple

from gamesearch.errors import GameProtocolError, IllegalActionError


class GoofState(NamedTuple):
    bids: tuple[int, ...]  # the bids in turn: player 0's, then player 1's, round after round


class HiddenGoofspiel:
    """Goofspiel with ``cards`` cards each, player 1 bidding without seeing player 0's bid."""

    num_players = 2

    def __init__(self, cards: int = 4) -> None:
        if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 5:
            raise ValueError(f"HiddenGoofspiel: cards must be an int from 1 to 5, got {cards!r}")
        self.cards = cards

    def __repr__(self) -> str:
        return f"HiddenGoofspiel(cards={self.cards})"

    def initial_state(self) -> GoofState:
        return GoofState(())

    def to_move(self, state: GoofState) -> int:
        return len(state.bids) % 2

    def actions(self, state: GoofState) -> list[int]:
        if self.is_terminal(state):
            return []
        player = self.to_move(state)
        played = state.bids[player::2]
        return [card for card in range(1, self.cards + 1) if card not in played]

    def result(self, state: GoofState, action: int) -> GoofState:
        legal = self.actions(state)
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), "HiddenGoofspiel")
        return GoofState((*state.bids, action))

    def is_terminal(self, state: GoofState) -> bool:
        return len(state.bids) == 2 * self.cards

    def utility(self, state: GoofState, player: int) -> float:
        if not self.is_terminal(state):
            raise GameProtocolError(f"utility of a game in progress: {state!r}")
        lead = 0  # player 0's prizes less player 1's
        rounds = zip(state.bids[::2], state.bids[1::2], strict=True)
        for prize, (first, second) in enumerate(rounds, 1):
            lead += prize if first > second else -prize if second > first else 0
        won = float((lead > 0) - (lead < 0))
        return won if player == 0 else -won

    def information_set(self, state: GoofState, player: int) -> tuple[int, ...]:
        shown = len(state.bids) - len(state.bids) % 2  # the bids of the rounds played
        own = state.bids[shown:] if player == 0 else ()  # player 0's bid of this round
        return (player, *state.bids[:shown], *own)
