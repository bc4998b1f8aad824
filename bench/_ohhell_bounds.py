"""How well any player can do against a uniformly random player on two-player Oh Hell: exact.

Two reference players, both computed exactly (no sampling) for a deal, against an opponent who
plays every legal bid and card with equal odds (as :func:`gamesearch.random_player` does):

- the *cheater* sees every card (the true deal) and maximises its expected utility against
  the random player: expectimax over the opponent's uniform moves. No player does better in
  expectation; it bounds what seeing the cards is worth.
- the *honest best response* sees what a player sees (its hand, the bids, the cards played)
  and maximises its expected utility against the random player: at each of its information
  sets, the action of highest value summed over the deals it cannot tell apart, each weighed
  by the odds that chance and the random player lead there (a best response, found bottom-up
  over the worlds of its hand; see :mod:`gamesearch.imperfect.best_responses`). No honest
  player has a higher expected utility against random, so no search (PIMC, ISMCTS) can.

For a deal, :func:`duplicate_odds` gives the exact odds that a player, playing the deal from
both seats against random, scores more than random over the two (the deal *won*), the same
(*tied*) or less (*lost*): what ``bench_imperfect_play.py`` counts for the searchers.

Private to the bench scripts; :mod:`tests/imperfect/test_ohhell_bounds.py` checks the honest
best response against the library's :func:`~gamesearch.imperfect.best_response`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

Policy = Callable[[Any], Any]
"""A player's choice in a state where it is to move."""


def deal_state(game: Any, hands: tuple[tuple[int, ...], ...]) -> Any:
    """The state once ``hands`` are dealt (player 0's first)."""
    state = game.initial_state()
    for hand in hands:
        state = game.result(state, hand)
    return state


def worlds_of(game: Any, seat: int, hand: tuple[int, ...]) -> list[tuple[tuple[int, ...], ...]]:
    """Every deal of a two-player ``game`` in which ``seat`` holds ``hand``, equally likely."""
    rest = [card for card in range(game.suits * game.ranks) if card not in hand]
    others = itertools.combinations(rest, game.hand)
    return [(hand, other) if seat == 0 else (other, hand) for other in others]


def outcomes(game: Any, state: Any, seat: int, policy: Policy) -> Counter[float]:
    """The odds of each utility of ``seat`` from ``state``: ``policy`` for it, random for the other.

    (The opponent plays each legal action with equal odds.)
    """
    if game.is_terminal(state):
        return Counter({game.utility(state, seat): 1.0})
    if game.to_move(state) == seat:
        return outcomes(game, game.result(state, policy(state)), seat, policy)
    legal = game.actions(state)
    odds: Counter[float] = Counter()
    for action in legal:
        for utility, p in outcomes(game, game.result(state, action), seat, policy).items():
            odds[utility] += p / len(legal)
    return odds


def duplicate_odds(first: Counter[float], second: Counter[float]) -> tuple[float, float, float]:
    """``(won, tied, lost)``: the odds that two seats' utilities sum above, at or below 0."""
    won = tied = 0.0
    for u, p in first.items():
        for v, q in second.items():
            won += p * q * (u + v > 0)
            tied += p * q * (u + v == 0)
    return won, tied, 1.0 - won - tied


class Cheater:
    """Expectimax on the true state against a uniformly random opponent (sees every card)."""

    def __init__(self, game: Any, seat: int) -> None:
        self.game, self.seat = game, seat
        self.value = lru_cache(maxsize=None)(self._value)

    def _value(self, state: Any) -> float:
        game = self.game
        if game.is_terminal(state):
            return float(game.utility(state, self.seat))
        values = [self.value(game.result(state, action)) for action in game.actions(state)]
        if game.to_move(state) == self.seat:
            return max(values)
        return sum(values) / len(values)

    def __call__(self, state: Any) -> Any:
        game = self.game
        return max(game.actions(state), key=lambda a: self.value(game.result(state, a)))


class HonestBestResponse:
    """A best response of ``seat`` to a uniformly random opponent, on what ``seat`` sees.

    Computed lazily, one hand of ``seat`` at a time (the worlds of a hand are all the deals in
    which it holds that hand): :meth:`value` of a hand is its expected payoff, and calling the
    object with a state plays the best response's action there. The payoff of a final state is
    ``seat``'s utility, or ``payoff(state, utility)`` when given (see :func:`duplicate_ascent`).
    """

    def __init__(
        self, game: Any, seat: int, payoff: Callable[[Any, float], float] | None = None
    ) -> None:
        self.game, self.seat = game, seat
        self.payoff = payoff or (lambda state, utility: utility)
        self.choice: dict[Any, Any] = {}
        """Each information set of ``seat`` solved so far to the action the response plays."""
        self.values: dict[tuple[int, ...], float] = {}
        """Each hand solved so far to the response's expected utility with it."""

    def value(self, hand: tuple[int, ...]) -> float:
        """The best response's expected utility for ``seat`` when it is dealt ``hand``."""
        if hand not in self.values:
            deals = worlds_of(self.game, self.seat, hand)
            start = [(deal_state(self.game, deal), 1.0 / len(deals)) for deal in deals]
            self.values[hand] = self._solve(start)
        return self.values[hand]

    def _solve(self, worlds: list[tuple[Any, float]]) -> float:
        """The most ``seat`` can get, summed over ``worlds`` (states it cannot tell apart)."""
        game, seat = self.game, self.seat
        first = worlds[0][0]
        if game.is_terminal(first):
            return sum(
                weight * self.payoff(state, game.utility(state, seat)) for state, weight in worlds
            )
        if game.to_move(first) == seat:
            best, chosen = -float("inf"), None
            for action in game.actions(first):
                value = self._solve([(game.result(s, action), w) for s, w in worlds])
                if value > best:
                    best, chosen = value, action
            self.choice[game.information_set(first, seat)] = chosen
            return best
        # The random opponent: each legal card (legal in some worlds only) with equal odds;
        # ``seat`` sees which it played, which splits the worlds.
        seen: dict[Any, list[tuple[Any, float]]] = {}
        for state, weight in worlds:
            legal = game.actions(state)
            for action in legal:
                split = seen.setdefault(action, [])
                split.append((game.result(state, action), weight / len(legal)))
        return sum(self._solve(split) for split in seen.values())

    def __call__(self, state: Any) -> Any:
        self.value(state.hands[self.seat])
        return self.choice[self.game.information_set(state, self.seat)]


def deal_odds(
    game: Any, hands: tuple[tuple[int, ...], ...], players: tuple[Policy, Policy]
) -> tuple[float, float, float]:
    """``(won, tied, lost)`` of the deal ``hands`` for ``players[s]`` playing seat ``s``."""
    state = deal_state(game, hands)
    first = outcomes(game, state, 0, players[0])
    second = outcomes(game, state, 1, players[1])
    return duplicate_odds(first, second)


def all_deals(game: Any) -> list[tuple[tuple[int, ...], ...]]:
    """Every deal of a two-player ``game`` (all equally likely)."""
    deck = range(game.suits * game.ranks)
    return [
        deal
        for first in itertools.combinations(deck, game.hand)
        for deal in worlds_of(game, 0, first)
    ]


def duplicate_ascent(game: Any, rounds: int) -> Iterator[tuple[int, int, float]]:
    """Honest players aimed at the deals won, not at utility: ``(round, seat, won share)`` each.

    Starting from the two best responses (round -1, seat -1), each round replaces one seat's
    player and then the other's by a best response, on what that seat sees, whose payoff is the
    odds that the deal is won over both seats given the other seat's current player (a function
    of the deal, so still a payoff of the final state). Every step can only raise the share of
    deals won over all deals, and each share is that of an honest pair of players: a lower
    bound of the best pair's.
    """
    deals = all_deals(game)
    players: list[Policy] = [HonestBestResponse(game, 0), HonestBestResponse(game, 1)]
    start = sum(deal_odds(game, deal, (players[0], players[1]))[0] for deal in deals)
    yield -1, -1, start / len(deals)
    for round_ in range(rounds):
        for seat in (0, 1):
            other = 1 - seat
            theirs = {
                deal: outcomes(game, deal_state(game, deal), other, players[other])
                for deal in deals
            }

            def won(state: Any, utility: float, theirs: Any = theirs) -> float:
                odds = theirs[state.hands[:2]]
                return float(sum(p for v, p in odds.items() if utility + v > 0))

            response = HonestBestResponse(game, seat, won)
            for hand in {deal[seat] for deal in deals}:
                response.value(hand)
            players[seat] = response
            pair = (players[0], players[1])
            share = sum(deal_odds(game, deal, pair)[0] for deal in deals) / len(deals)
            yield round_, seat, share
