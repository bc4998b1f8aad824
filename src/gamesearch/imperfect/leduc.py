"""Leduc hold'em poker (Southey et al. 2005), with OpenSpiel's rules, for two to ten players."""

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

__all__ = ["LeducInfoSet", "LeducPoker", "LeducState"]

FOLD, CALL, RAISE = 0, 1, 2
"""The betting actions, numbered as OpenSpiel numbers them."""
_RAISE_AMOUNTS = (2, 4)
"""The size of a raise in the first and in the second round."""
_MAX_RAISES = 2
"""Raises allowed in one betting round."""


class LeducState(NamedTuple):
    """A state of :class:`LeducPoker`.

    The cards and the betting sequences say everything; the other fields follow from them
    (kept so that a move costs no replay).
    """

    cards: tuple[int, ...]
    """The private card of each player dealt so far, player 0's first. Cards are 0 .. 2n + 1;
    ``card // 2`` is the rank (for two players: Jacks 0 and 1, Queens 2 and 3, Kings 4 and 5)."""

    public: int | None
    """The public card, dealt after the first betting round; ``None`` before."""

    round1: tuple[int, ...]
    """The first round's betting: ``FOLD`` (0), ``CALL`` (1, also a check) or ``RAISE`` (2)."""

    round2: tuple[int, ...]
    """The second round's betting."""

    ante: tuple[int, ...]
    """The chips each player has put in the pot."""

    folded: tuple[bool, ...]
    """Whether each player has folded."""

    mover: Player
    """The player to move, or ``CHANCE`` (also in a terminal state: see ``over``)."""

    raises: int
    """Raises in the current betting round."""

    calls: int
    """Calls (and checks) since the last raise of the current round."""

    stakes: int
    """The contribution a player must match to stay in."""

    over: bool
    """Whether the hand is over."""


class LeducInfoSet(NamedTuple):
    """What a player of :class:`LeducPoker` knows: the key of its information set."""

    player: Player
    """The player who knows it."""

    card: int | None
    """Its private card (``None`` before it is dealt)."""

    public: int | None
    """The public card, or ``None`` before the second round."""

    round1: tuple[int, ...]
    """The first round's betting."""

    round2: tuple[int, ...]
    """The second round's betting."""


class LeducPoker:
    """Leduc poker: one private card each and one public card, two betting rounds.

    The rules are OpenSpiel's ``leduc_poker`` (with its default parameters). The deck holds two
    suits of n + 1 ranks (for two players: J, Q, K twice; card ``c`` has rank ``c // 2``). Each
    player antes one chip; chance deals each player a card, player 0's first, then the first
    betting round is played; then chance deals a public card and the second round is played.
    In a round the players act in turn from player 0 (skipping those who folded): fold (action
    0, only facing a raise), call (1, or check) or raise (2, at most two raises a round) by 2
    chips in the first round and 4 in the second. A round ends when every player still in has
    called since the last raise (or all checked); the hand ends when one player is left, or
    after the second round, when the best hand still in takes the pot: a pair (private card
    of the public card's rank) beats any other hand, then the higher rank, then the higher
    other rank; equal hands split the pot. A player's utility is its winnings, the chips it got
    back less the chips it put in.

    A player's information set is a :class:`LeducInfoSet`: its card, the public card and the
    betting of both rounds (OpenSpiel's information state, as a tuple).

    Args:
        players: The number of players, 2 to 10 (OpenSpiel's range).

    Raises:
        ValueError: ``players`` is not an int from 2 to 10.

    Example:
        >>> game = LeducPoker()
        >>> state = game.initial_state()
        >>> for action in (5, 0, 2, 1, 2):  # K to 0, J to 1; 0 raises, 1 calls; a Q is public
        ...     state = game.result(state, action)
        >>> game.information_set(state, 1)
        LeducInfoSet(player=1, card=0, public=2, round1=(2, 1), round2=())
        >>> game.actions(state)   # check or raise: no fold without a bet to face
        (1, 2)
    """

    FOLD = FOLD
    """Action 0: give up the hand (only facing a raise)."""
    CALL = CALL
    """Action 1: match the stakes (a check when there is nothing to match)."""
    RAISE = RAISE
    """Action 2: match the stakes and raise them (2 chips in round one, 4 in round two)."""

    def __init__(self, players: int = 2) -> None:
        self.num_players = check_size("LeducPoker", "players", players, 2, 10)
        """How many players there are; the deck has two cards of each of players + 1 ranks."""
        self._deck = 2 * (players + 1)

    def __repr__(self) -> str:
        players = self.num_players
        return "LeducPoker()" if players == 2 else f"LeducPoker(players={players})"

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a strategy file)."""
        return {"players": self.num_players}

    def initial_state(self) -> LeducState:
        """Antes in, no card dealt."""
        n = self.num_players
        return LeducState((), None, (), (), (1,) * n, (False,) * n, CHANCE, 0, 0, 1, False)

    def to_move(self, state: LeducState) -> Player:
        """``CHANCE`` while dealing, else the player whose turn it is."""
        return state.mover

    def actions(self, state: LeducState) -> tuple[int, ...]:
        """The cards left at a chance node; at a decision, those of fold, call, raise allowed."""
        if state.over:
            return ()
        if state.mover == CHANCE:
            return tuple(card for card in range(self._deck) if not _used(state, card))
        fold = (FOLD,) if state.stakes > state.ante[state.mover] else ()
        return (*fold, CALL, RAISE) if state.raises < _MAX_RAISES else (*fold, CALL)

    def chance_outcomes(self, state: LeducState) -> tuple[tuple[int, float], ...]:
        """Each card left in the deck, equally likely.

        Raises:
            GameProtocolError: ``state`` is not a chance node.
        """
        if state.over or state.mover != CHANCE:
            raise GameProtocolError(f"chance_outcomes of {state!r}, which is not a chance node")
        cards = self.actions(state)
        return tuple((card, 1.0 / len(cards)) for card in cards)

    def result(self, state: LeducState, action: int) -> LeducState:
        """The state after dealing card ``action``, or after the player to move acts.

        Raises:
            IllegalActionError: ``action`` is not in ``actions(state)``.
        """
        legal = self.actions(state)
        check_legal("LeducPoker", legal, action)
        action = int(action)
        if state.mover == CHANCE:
            if len(state.cards) < self.num_players:
                cards = (*state.cards, action)
                mover = 0 if len(cards) == self.num_players else CHANCE
                return state._replace(cards=cards, mover=mover)
            return state._replace(public=action, mover=self._next(state.folded, -1))
        return self._bet(state, action)

    def _bet(self, state: LeducState, action: int) -> LeducState:
        """The state after the player to move folds, calls or raises (OpenSpiel's rules)."""
        player, ante, folded = state.mover, list(state.ante), list(state.folded)
        raises, calls, stakes = state.raises, state.calls, state.stakes
        if action == FOLD:
            folded[player] = True
        elif action == CALL:
            ante[player] = stakes
            calls += 1
        else:
            stakes += _RAISE_AMOUNTS[0 if state.public is None else 1]
            ante[player] = stakes
            raises, calls = raises + 1, 0
        second = state.public is not None
        round1 = state.round1 if second else (*state.round1, action)
        round2 = (*state.round2, action) if second else state.round2
        left = folded.count(False)
        done = (raises == 0 and calls == left) or (raises > 0 and calls == left - 1)
        over = left == 1 or (second and done)
        if done and not over:  # the first round is over: the public card comes next
            mover, raises, calls = CHANCE, 0, 0
        else:
            mover = player if over else self._next(tuple(folded), player)
        return LeducState(
            state.cards, state.public, round1, round2, tuple(ante), tuple(folded), mover,
            raises, calls, stakes, over,
        )  # fmt: skip

    def _next(self, folded: tuple[bool, ...], player: Player) -> Player:
        """The first player after ``player`` (after -1: from player 0) who has not folded."""
        n = self.num_players
        for step in range(1, n + 1):
            if not folded[(player + step) % n]:
                return (player + step) % n
        raise GameProtocolError("LeducPoker: every player has folded")  # pragma: no cover

    def is_terminal(self, state: LeducState) -> bool:
        """Whether one player is left, or the second betting round is over."""
        return state.over

    def utility(self, state: LeducState, player: Player) -> float:
        """``player``'s winnings: its share of the pot less the chips it put in.

        Raises:
            GameProtocolError: ``state`` is not terminal, or ``player`` is not a player.
        """
        check_scored("LeducPoker", state.over, state, player, self.num_players)
        left = [p for p in range(self.num_players) if not state.folded[p]]
        if len(left) > 1:
            ranks = {p: self._rank(state.cards[p], state.public) for p in left}
            best = max(ranks.values())
            left = [p for p in left if ranks[p] == best]
        share = sum(state.ante) / len(left) if player in left else 0.0
        return share - state.ante[player]

    def _rank(self, card: int, public: int | None) -> int:
        """The strength of a hand: any pair beats any other hand, then the higher cards."""
        if public is None:  # pragma: no cover - a showdown comes after the public card
            raise GameProtocolError("LeducPoker: a showdown without the public card")
        low, high = sorted((card, public))
        if low // 2 == high // 2:
            return self._deck * self._deck + low
        return (high // 2) * self._deck + low // 2

    def information_set(self, state: LeducState, player: Player) -> LeducInfoSet:
        """``player``'s card, the public card, and the betting of both rounds."""
        card = state.cards[player] if player < len(state.cards) else None
        return LeducInfoSet(player, card, state.public, state.round1, state.round2)

    def sample_state(self, state: LeducState, player: Player, rng: random.Random) -> LeducState:
        """``state`` with the others' private cards drawn again from those ``player`` cannot see.

        Each deal consistent with ``player``'s card and the public card is equally likely, as
        chance deals them.
        """
        cards = list(state.cards)
        mine = cards[player] if player < len(cards) else None
        unseen = [card for card in range(self._deck) if card not in (mine, state.public)]
        others = [p for p in range(len(cards)) if p != player]
        for p, card in zip(others, rng.sample(unseen, len(others)), strict=True):
            cards[p] = card
        return state._replace(cards=tuple(cards))


def _used(state: LeducState, card: int) -> bool:
    """Whether ``card`` has left the deck (dealt to a player or turned up)."""
    return card in state.cards or card == state.public
