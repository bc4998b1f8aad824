"""Oh Hell, small: a trick-taking card game with hidden hands and bids, for two to four players."""

from __future__ import annotations

import itertools
import math
import random
from typing import NamedTuple

from ..errors import GameProtocolError, IllegalActionError
from ..game import CHANCE, Player
from ._deals import Bins, draw_deal
from ._rules import check_legal, check_scored, check_size

__all__ = ["OhHell", "OhHellInfoSet", "OhHellState"]

_BONUS = 10
"""The points for taking exactly the tricks bid (Parlett's scoring: a point a trick, plus 10)."""
_RANKS = "AKQJT98765432"
"""The ranks' names, the highest first."""
_SUITS = "SHDC"
"""The suits' names: spades, hearts, diamonds, clubs."""


class OhHellState(NamedTuple):
    """A state of :class:`OhHell`.

    The hands, the bids and the cards played say everything; the other fields follow from them
    (kept so that a move costs no replay).
    """

    hands: tuple[tuple[int, ...], ...]
    """The hand dealt to each player so far (sorted card numbers), player 0's first."""

    bids: tuple[int, ...]
    """The bids made so far, player 0's first (empty in a game without bids)."""

    played: tuple[int, ...]
    """Every card played, in order."""

    held: tuple[tuple[int, ...], ...]
    """The cards each player dealt a hand still holds."""

    trick: tuple[int, ...]
    """The cards of the trick in progress, the lead first."""

    leader: Player
    """The player who led (or leads) the trick in progress."""

    tricks: tuple[int, ...]
    """The tricks each player has taken."""


class OhHellInfoSet(NamedTuple):
    """What a player of :class:`OhHell` knows: the key of its information set."""

    player: Player
    """The player who knows it."""

    hand: tuple[int, ...]
    """Its hand as dealt (empty before the deal)."""

    bids: tuple[int, ...]
    """The bids made so far."""

    played: tuple[int, ...]
    """Every card played, in order (who played each follows from the rules)."""


class OhHell:
    """Oh Hell on a small deck: bid the tricks you will take, then take exactly that many.

    The deck has ``suits`` suits of ``ranks`` cards: card ``c`` is of suit ``c // ranks`` and
    rank ``c % ranks`` (higher ranks beat lower; :meth:`card_name` names it, as ``"AS"``, the
    ace of spades). Chance deals each player a hand of ``hand`` cards, player 0's first (one
    chance node per hand, every hand of the cards left equally likely); the cards left over
    stay face down. With ``bids``, each player in turn from player 0 then bids how many tricks
    it will take (action ``0 .. hand``). Then ``hand`` tricks are played: player 0 leads the
    first; each player in turn plays a card (the action is the card's number), following the
    led suit if it can; the highest card of the led suit takes the trick (there are no
    trumps), and its player leads the next.

    A player scores a point a trick and, with ``bids``, 10 more for taking exactly the tricks
    it bid. With two players the game is zero-sum: a player's utility is its score less the
    other's. With three or four, it is the player's score.

    A player sees its own hand, the bids and the cards played: its information set is an
    :class:`OhHellInfoSet`. :meth:`sample_state` deals the cards it has not seen at random,
    consistently with what it knows: the cards each player has played, and the suits a player
    has shown it lacks by not following them.

    Args:
        players: 2 to 4.
        suits: Suits in the deck, 1 to 4.
        ranks: Cards a suit, 2 to 13.
        hand: Cards dealt to each player, at least 1, at most the deck divided among the
            players, and at most 6 (a hand is one chance outcome, and there are as many as
            hands).
        bids: Whether the players bid (Oh Hell), or just take tricks (Whist without trumps).

    Raises:
        ValueError: a parameter out of its range.

    Example:
        >>> game = OhHell()   # two players, three suits of A K Q, three cards each
        >>> state = game.initial_state()
        >>> for action in ((2, 5, 8), (1, 4, 7), 1, 2):   # the two hands, then the bids
        ...     state = game.result(state, action)
        >>> " ".join(game.card_name(card) for card in state.hands[0])
        'AS AH AD'
        >>> state = game.result(state, 2)       # player 0 leads the ace of spades
        >>> game.actions(state)                 # player 1 must follow: the king of spades
        (1,)
        >>> game.information_set(state, 1)
        OhHellInfoSet(player=1, hand=(1, 4, 7), bids=(1, 2), played=(2,))
    """

    def __init__(
        self, players: int = 2, *, suits: int = 3, ranks: int = 3, hand: int = 3, bids: bool = True
    ) -> None:
        for name, value, low, high in (
            ("players", players, 2, 4),
            ("suits", suits, 1, 4),
            ("ranks", ranks, 2, 13),
            ("hand", hand, 1, 6),
        ):
            check_size("OhHell", name, value, low, high)
        if players * hand > suits * ranks:
            raise ValueError(
                f"OhHell: {players} hands of {hand} cards need {players * hand} cards, and the "
                f"deck has {suits * ranks}"
            )
        if not isinstance(bids, bool):
            raise ValueError(f"OhHell: bids must be True or False, not {bids!r}")
        self.num_players = players
        """How many players there are."""
        self.suits = suits
        """Suits in the deck."""
        self.ranks = ranks
        """Cards a suit."""
        self.hand = hand
        """Cards dealt to each player, and tricks played."""
        self.bids = bids
        """Whether the players bid before the play."""

    def __repr__(self) -> str:
        parameters = self.game_parameters()
        defaults = {"players": 2, "suits": 3, "ranks": 3, "hand": 3, "bids": True}
        shown = ", ".join(f"{k}={v!r}" for k, v in parameters.items() if v != defaults[k])
        return f"OhHell({shown})"

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a strategy file)."""
        return {
            "players": self.num_players,
            "suits": self.suits,
            "ranks": self.ranks,
            "hand": self.hand,
            "bids": self.bids,
        }

    def card_name(self, card: int) -> str:
        """The name of ``card``: its rank (``A``, ``K``, ``Q``, ... from the top) and suit.

        Raises:
            ValueError: ``card`` is not a card of the deck.
        """
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < self._deck:
            raise ValueError(f"OhHell: {card!r} is not a card of a deck of {self._deck}")
        suit, rank = divmod(card, self.ranks)
        return _RANKS[self.ranks - 1 - rank] + _SUITS[suit]

    @property
    def _deck(self) -> int:
        return self.suits * self.ranks

    def initial_state(self) -> OhHellState:
        """No card dealt."""
        return OhHellState((), (), (), (), (), 0, (0,) * self.num_players)

    def to_move(self, state: OhHellState) -> Player:
        """``CHANCE`` while dealing, then the bidders in turn, then the player whose card is due.

        In a final state, the player who took the last trick.
        """
        n = self.num_players
        if len(state.hands) < n:
            return CHANCE
        if self.bids and len(state.bids) < n:
            return len(state.bids)
        return (state.leader + len(state.trick)) % n

    def actions(self, state: OhHellState) -> tuple[object, ...]:
        """The hands that can be dealt next, the bids ``0 .. hand``, or the cards one may play.

        A card of the led suit must be played if the player holds one.
        """
        n = self.num_players
        if len(state.hands) < n:
            return tuple(itertools.combinations(self._undealt(state), self.hand))
        if self.bids and len(state.bids) < n:
            return tuple(range(self.hand + 1))
        if len(state.played) == n * self.hand:
            return ()
        held = state.held[(state.leader + len(state.trick)) % n]
        if state.trick:
            suit = state.trick[0] // self.ranks
            following = tuple(card for card in held if card // self.ranks == suit)
            if following:
                return following
        return held

    def _undealt(self, state: OhHellState) -> list[int]:
        dealt = {card for hand in state.hands for card in hand}
        return [card for card in range(self._deck) if card not in dealt]

    def chance_outcomes(self, state: OhHellState) -> tuple[tuple[object, float], ...]:
        """Each hand of the undealt cards (a sorted tuple of card numbers), equally likely.

        Raises:
            GameProtocolError: ``state`` is not a chance node.
        """
        if len(state.hands) >= self.num_players:
            raise GameProtocolError(f"chance_outcomes of {state!r}, which is not a chance node")
        hands = self.actions(state)
        return tuple((hand, 1.0 / len(hands)) for hand in hands)

    def result(self, state: OhHellState, action: object) -> OhHellState:
        """The state after dealing the hand ``action``, or after the player to move bids or plays.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        n = self.num_players
        if len(state.hands) < n:
            return self._deal(state, action)
        legal = self.actions(state)
        check_legal("OhHell", legal, action)
        card = int(action)  # type: ignore[call-overload]  # an int of ``legal``
        if self.bids and len(state.bids) < n:
            return state._replace(bids=(*state.bids, card))
        player = (state.leader + len(state.trick)) % n
        held = list(state.held)
        held[player] = tuple(c for c in held[player] if c != card)
        trick, leader, tricks = (*state.trick, card), state.leader, state.tricks
        if len(trick) == n:
            # The highest card of the led suit takes the trick; its player leads the next.
            suit = trick[0] // self.ranks
            best = max(range(n), key=lambda i: trick[i] if trick[i] // self.ranks == suit else -1)
            leader = (leader + best) % n
            tricks = (*tricks[:leader], tricks[leader] + 1, *tricks[leader + 1 :])
            trick = ()
        return OhHellState(
            state.hands, state.bids, (*state.played, card), tuple(held), trick, leader, tricks
        )

    def _deal(self, state: OhHellState, action: object) -> OhHellState:
        """The state after dealing ``action`` as the next player's hand (checked, not listed)."""
        undealt = self._undealt(state)
        valid = (
            isinstance(action, tuple)
            and len(action) == self.hand
            and all(isinstance(c, int) and not isinstance(c, bool) for c in action)
            and list(action) == sorted(set(action))
            and set(action) <= set(undealt)
        )
        if not valid:
            raise IllegalActionError(
                action, (f"a sorted tuple of {self.hand} of the cards {undealt}",), "OhHell"
            )
        hand: tuple[int, ...] = action  # type: ignore[assignment]  # checked just above
        return state._replace(hands=(*state.hands, hand), held=(*state.held, hand))

    def is_terminal(self, state: OhHellState) -> bool:
        """Whether every card dealt has been played."""
        return len(state.played) == self.num_players * self.hand

    def score(self, state: OhHellState, player: Player) -> int:
        """``player``'s points: its tricks, plus 10 if it took exactly the tricks it bid.

        Raises:
            GameProtocolError: ``state`` is not terminal, or ``player`` is not a player.
        """
        check_scored("OhHell", self.is_terminal(state), state, player, self.num_players, "score")
        taken = state.tricks[player]
        return taken + (_BONUS if self.bids and state.bids[player] == taken else 0)

    def utility(self, state: OhHellState, player: Player) -> float:
        """With two players, ``player``'s score less the other's; with more, its score.

        Raises:
            GameProtocolError: ``state`` is not terminal, or ``player`` is not a player.
        """
        mine = self.score(state, player)
        if self.num_players == 2:
            return float(mine - self.score(state, 1 - player))
        return float(mine)

    def information_set(self, state: OhHellState, player: Player) -> OhHellInfoSet:
        """``player``'s hand as dealt, the bids and the cards played."""
        hand = state.hands[player] if player < len(state.hands) else ()
        return OhHellInfoSet(player, hand, state.bids, state.played)

    def sample_state(self, state: OhHellState, player: Player, rng: random.Random) -> OhHellState:
        """``state`` with the cards ``player`` has not seen dealt again at random.

        The other players keep the cards they have played, and get none of a suit they have
        shown they lack (by playing another suit when it was led); within that, every deal is
        equally likely, as chance deals them.
        """
        n, ranks = self.num_players, self.ranks
        owners, voids = self._public(state.played)
        mine = set(state.hands[player]) if player < len(state.hands) else set()
        shown = set(state.played)
        unseen = [c for c in range(self._deck) if c not in mine and c not in shown]
        others = [q for q in range(len(state.hands)) if q != player]
        kept = {q: [c for c, owner in zip(state.played, owners, strict=True) if owner == q]
                for q in others}  # fmt: skip
        bins = [Bins(self.hand - len(kept[q]), frozenset(voids[q])) for q in others]
        bins.append(Bins(len(unseen) - sum(b.size for b in bins), frozenset()))
        if any(b.void for b in bins):
            dealt = draw_deal(unseen, [card // ranks for card in unseen], bins, rng)
        else:  # no suit ruled out: a shuffle deals every way equally likely
            rng.shuffle(unseen)
            starts = list(itertools.accumulate((b.size for b in bins), initial=0))
            dealt = [unseen[b:e] for b, e in itertools.pairwise(starts)]
        hands, held = list(state.hands), list(state.held)
        for q, cards in zip(others, dealt, strict=False):
            hands[q] = tuple(sorted(kept[q] + cards))
            held[q] = tuple(sorted(cards))
        assert len(hands) == len(state.hands) <= n
        return state._replace(hands=tuple(hands), held=tuple(held))

    def _public(self, played: tuple[int, ...]) -> tuple[list[Player], list[set[int]]]:
        """Who played each card of ``played``, and the suits each player has shown it lacks."""
        n, ranks = self.num_players, self.ranks
        owners: list[Player] = []
        voids: list[set[int]] = [set() for _ in range(n)]
        leader = 0
        for start in range(0, len(played), n):
            trick = played[start : start + n]
            suit = trick[0] // ranks
            for i, card in enumerate(trick):
                owners.append((leader + i) % n)
                if card // ranks != suit:
                    voids[(leader + i) % n].add(suit)
            if len(trick) == n:
                best = max(range(n), key=lambda i: trick[i] if trick[i] // ranks == suit else -1)
                leader = (leader + best) % n
        return owners, voids

    def deals(self) -> int:
        """How many deals there are (the product of the hands each chance node can deal)."""
        total, left = 1, self._deck
        for _ in range(self.num_players):
            total *= math.comb(left, self.hand)
            left -= self.hand
        return total
