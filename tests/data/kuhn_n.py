"""Kuhn poker for two players with a deck of any size: a game of imperfect information.

Each player antes 1 and is dealt one card of the deck 0 .. cards - 1 (high wins), player 0's
first. Player 0 passes or bets 1; after a pass, player 1 passes (the showdown is for the antes)
or bets, and then player 0 folds or calls; after a bet, player 1 folds or calls. With three
cards it is Kuhn's game (value -1/18 for player 0); with four, its value is -1/24.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from gamesearch import CHANCE
from gamesearch.errors import GameProtocolError, IllegalActionError

PASS, BET = 0, 1
ENDS = ((PASS, PASS), (PASS, BET, PASS), (PASS, BET, BET), (BET, PASS), (BET, BET))
"""The betting lines that end the hand."""


class KuhnNState(NamedTuple):
    cards: tuple[int, ...]  # player 0's card, then player 1's, as they are dealt
    actions: tuple[int, ...]  # the betting: PASS or BET, in turn from player 0


class KuhnN:
    """Two-player Kuhn poker with ``cards`` cards in the deck."""

    num_players = 2

    def __init__(self, cards: int = 3) -> None:
        if isinstance(cards, bool) or not isinstance(cards, int) or not 3 <= cards <= 13:
            raise ValueError(f"KuhnN: cards must be an int from 3 to 13, got {cards!r}")
        self.cards = cards

    def __repr__(self) -> str:
        return f"KuhnN(cards={self.cards})"

    def game_parameters(self) -> dict[str, object]:
        return {"cards": self.cards}

    def initial_state(self) -> KuhnNState:
        return KuhnNState((), ())

    def to_move(self, state: KuhnNState) -> int:
        if len(state.cards) < 2:
            return CHANCE
        return len(state.actions) % 2

    def chance_outcomes(self, state: KuhnNState) -> list[tuple[int, float]]:
        left = [card for card in range(self.cards) if card not in state.cards]
        return [(card, 1 / len(left)) for card in left]

    def actions(self, state: KuhnNState) -> list[int]:
        if len(state.cards) < 2:
            return [card for card, _ in self.chance_outcomes(state)]
        return [] if self.is_terminal(state) else [PASS, BET]

    def result(self, state: KuhnNState, action: int) -> KuhnNState:
        legal = self.actions(state)
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), "KuhnN")
        if len(state.cards) < 2:
            return KuhnNState((*state.cards, action), ())
        return KuhnNState(state.cards, (*state.actions, action))

    def is_terminal(self, state: KuhnNState) -> bool:
        return state.actions in ENDS

    def utility(self, state: KuhnNState, player: int) -> float:
        if not self.is_terminal(state):
            raise GameProtocolError(f"utility of a hand in progress: {state!r}")
        line = state.actions
        if line[-2:] == (BET, PASS):  # a fold: the bettor takes the other's ante
            won = 1.0 if len(line) == 2 else -1.0
        else:
            stake = 2.0 if BET in line else 1.0
            won = stake if state.cards[0] > state.cards[1] else -stake
        return won if player == 0 else -won

    def information_set(self, state: KuhnNState, player: int) -> str:
        card = str(state.cards[player]) if player < len(state.cards) else "?"
        return card + "".join("b" if action == BET else "p" for action in state.actions)

    def sample_state(self, state: KuhnNState, player: int, rng: random.Random) -> KuhnNState:
        if len(state.cards) < 2:
            return state  # nothing dealt to the other player yet
        unseen = [card for card in range(self.cards) if card != state.cards[player]]
        cards = list(state.cards)
        cards[1 - player] = rng.choice(unseen)
        return KuhnNState(tuple(cards), state.actions)
