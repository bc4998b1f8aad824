"""Peek poker, the game of the imperfect-information tutorial (docs/imperfect-tutorial.md)."""

from __future__ import annotations

import random
from typing import NamedTuple

from gamesearch import CHANCE
from gamesearch.errors import GameProtocolError, IllegalActionError


class PeekState(NamedTuple):
    cards: tuple[int, ...]  # player 0's card, then player 1's, as they are dealt
    moves: tuple[str, ...]  # the betting: "check", "bet", "call" or "fold"


class PeekPoker:
    """Each player antes 1 and sees one card; player 0 checks or bets 1; player 1 calls or folds."""

    num_players = 2

    def __init__(self, cards: int = 4) -> None:
        if isinstance(cards, bool) or not isinstance(cards, int) or not 2 <= cards <= 13:
            raise ValueError(f"PeekPoker: cards must be an int from 2 to 13, got {cards!r}")
        self.cards = cards

    def __repr__(self) -> str:
        return f"PeekPoker(cards={self.cards})"

    def game_parameters(self) -> dict[str, object]:
        return {"cards": self.cards}  # what a strategy file records of the game

    def initial_state(self) -> PeekState:
        return PeekState((), ())

    def to_move(self, state: PeekState) -> int:
        if len(state.cards) < 2:
            return CHANCE
        return 0 if not state.moves else 1

    def chance_outcomes(self, state: PeekState) -> list[tuple[int, float]]:
        left = [card for card in range(self.cards) if card not in state.cards]
        return [(card, 1 / len(left)) for card in left]

    def actions(self, state: PeekState) -> list[object]:
        if len(state.cards) < 2:
            return [card for card, _ in self.chance_outcomes(state)]
        if self.is_terminal(state):
            return []
        return ["check", "bet"] if not state.moves else ["call", "fold"]

    def result(self, state: PeekState, action: object) -> PeekState:
        legal = self.actions(state)
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), "PeekPoker")
        if len(state.cards) < 2:
            return PeekState((*state.cards, action), ())  # type: ignore[arg-type]
        return PeekState(state.cards, (*state.moves, action))  # type: ignore[arg-type]

    def is_terminal(self, state: PeekState) -> bool:
        return state.moves in (("check",), ("bet", "call"), ("bet", "fold"))

    def utility(self, state: PeekState, player: int) -> float:
        if not self.is_terminal(state):
            raise GameProtocolError(f"utility of a hand in progress: {state!r}")
        if state.moves == ("bet", "fold"):
            won = 1.0  # player 1 gives up its ante
        else:
            stake = 2.0 if state.moves == ("bet", "call") else 1.0
            won = stake if state.cards[0] > state.cards[1] else -stake
        return won if player == 0 else -won

    def information_set(self, state: PeekState, player: int) -> str:
        card = str(state.cards[player]) if player < len(state.cards) else "?"
        return f"{player}:{card}:{' '.join(state.moves)}"  # own card and the betting

    def sample_state(self, state: PeekState, player: int, rng: random.Random) -> PeekState:
        if len(state.cards) < 2:
            return state  # nothing hidden yet beyond what is still to be dealt
        other = 1 - player
        unseen = [c for c in range(self.cards) if c != state.cards[player]]
        cards = list(state.cards)
        cards[other] = rng.choice(unseen)
        return PeekState(tuple(cards), state.moves)
