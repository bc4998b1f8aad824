"""Liar's Dice with one die each, with OpenSpiel's rules (``liars_dice`` with ``numdice=1``)."""

from __future__ import annotations

import random
from typing import NamedTuple

from ..errors import GameProtocolError
from ..game import CHANCE, Player
from ._rules import check_legal, check_scored, check_size

try:  # mypyc reads the decorator at compile time; at run time it does nothing (not
    # `if TYPE_CHECKING: ... else:`, whose else mypyc compiles as unreachable: it raises)
    from mypy_extensions import mypyc_attr
except ImportError:  # the package does not depend on mypy_extensions: a stand-in
    from .._mypyc import mypyc_attr

__all__ = ["LiarsDice", "LiarsDiceState"]

_PLAYERS = 2
"""Liar's Dice is played here by two players, one die each."""


class LiarsDiceState(NamedTuple):
    """A state of :class:`LiarsDice`: the dice rolled so far, and the bids since."""

    dice: tuple[int, ...]
    """The face of each player's die rolled so far (1 .. ``dice_sides``), player 0's first."""

    bids: tuple[int, ...]
    """The actions in turn from player 0: bids (``0 .. 2 * dice_sides - 1``), and last, if the
    game is over, the call of "Liar" (``2 * dice_sides``)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: a game may extend it
class LiarsDice:
    """Liar's Dice for two players with one die each: bid on the dice, or call the last bid a lie.

    The rules are OpenSpiel's ``liars_dice`` with one die each (``numdice=1``, its default, and
    its default ``"reset-face"`` bidding). Chance rolls player 0's die, then player 1's (action
    ``k`` is the face ``k + 1``, each equally likely); each player sees only its own die. Then
    the players take turns from player 0. A bid ``b`` (action ``0 .. 2 * dice_sides - 1``)
    claims that at least ``b // dice_sides + 1`` of the two dice show the face
    ``b % dice_sides + 1``; each bid must be higher than the last (so bids rise in quantity,
    then face). After the first bid, a player may instead call "Liar" (action
    ``2 * dice_sides``): the dice are shown, the highest face (6 on six-sided dice) is wild and
    counts as any face, and the bidder wins one chip from the caller if the bid holds, the
    caller one chip from the bidder if not.

    A player's information set is OpenSpiel's information state string: its die, then the
    bids as ``quantity-face``, and ``Liar``, as in ``"3 1-2 2-5"``.

    With six sides the tree has 294,883 histories and 24,576 information sets: small enough
    for :func:`~gamesearch.imperfect.cfr`, and big enough to show Monte Carlo CFR's use.

    Args:
        dice_sides: The faces of each die, 2 to 9 (OpenSpiel's ``dice_sides``; 6 by default).
            The tree doubles with each face.

    Raises:
        ValueError: ``dice_sides`` is not an int from 2 to 9.

    Example:
        >>> game = LiarsDice()
        >>> state = game.initial_state()
        >>> for action in (2, 4, 1):   # player 0 rolls a 3, player 1 a 5; 0 bids one 2
        ...     state = game.result(state, action)
        >>> game.information_set(state, 1), game.actions(state)[:3], game.actions(state)[-1]
        ('5 1-2', (2, 3, 4), 12)
        >>> state = game.result(state, game.liar)  # 1 calls: no 2 and no 6 (wild)
        >>> game.is_terminal(state), game.utility(state, 0)
        (True, -1.0)
    """

    def __init__(self, dice_sides: object = 6) -> None:
        self.dice_sides: int = check_size("LiarsDice", "dice_sides", dice_sides, 2, 9)
        """The faces of a die; the highest is wild."""
        self.num_players = _PLAYERS
        """Two players."""
        self.liar = 2 * self.dice_sides
        """The action that calls the last bid a lie (OpenSpiel's number for it)."""
        sides, liar = self.dice_sides, self.liar
        self._rolls: tuple[int, ...] = tuple(range(sides))
        # The actions after each last bid (index: the bid + 1; 0 before the first bid).
        self._after: tuple[tuple[int, ...], ...] = (
            tuple(range(liar)),
            *(tuple(range(last + 1, liar + 1)) for last in range(liar)),
        )
        # Each bid as the information state string writes it: quantity-face, and Liar.
        self._words: tuple[str, ...] = (
            *(f"{bid // sides + 1}-{bid % sides + 1}" for bid in range(liar)),
            "Liar",
        )

    def game_parameters(self) -> dict[str, int]:
        """The arguments that make this game again: ``dice_sides``.

        Read by :func:`gamesearch.identity.game_identity` (the compiled build's ``__init__``
        has no signature to read them from).
        """
        return {"dice_sides": self.dice_sides}

    def __reduce__(self) -> tuple[type[LiarsDice], tuple[int]]:
        """Pickle the number of faces (the compiled build's instances have no ``__dict__``)."""
        return (type(self), (self.dice_sides,))

    def __repr__(self) -> str:
        return "LiarsDice()" if self.dice_sides == 6 else f"LiarsDice(dice_sides={self.dice_sides})"

    def initial_state(self) -> LiarsDiceState:
        """No die rolled, no bid."""
        return LiarsDiceState((), ())

    def to_move(self, state: LiarsDiceState) -> Player:
        """``CHANCE`` while rolling, then players 0 and 1 in turn."""
        if len(state.dice) < _PLAYERS:
            return CHANCE
        return len(state.bids) % _PLAYERS

    def actions(self, state: LiarsDiceState) -> tuple[int, ...]:
        """The rolls (faces less one) at a chance node; the bids above the last, and "Liar"."""
        if len(state.dice) < _PLAYERS:
            return self._rolls
        bids = state.bids
        if not bids:
            return self._after[0]
        if bids[-1] == self.liar:
            return ()
        return self._after[bids[-1] + 1]

    def chance_outcomes(self, state: LiarsDiceState) -> tuple[tuple[int, float], ...]:
        """Each face of the die being rolled, equally likely (outcome ``k`` is face ``k + 1``).

        Raises:
            GameProtocolError: ``state`` is not a chance node.
        """
        if len(state.dice) >= _PLAYERS:
            raise GameProtocolError(f"chance_outcomes of {state!r}, which is not a chance node")
        probability = 1.0 / self.dice_sides
        return tuple((outcome, probability) for outcome in range(self.dice_sides))

    def result(self, state: LiarsDiceState, action: object) -> LiarsDiceState:
        """The state after rolling ``action + 1``, or after the player to move bids or calls.

        Raises:
            IllegalActionError: ``action`` is not in ``actions(state)``.
        """
        dice, bids = state.dice, state.bids
        if action.__class__ is int:  # the legal moves by their bounds, without making them
            move: int = action
            if len(dice) < _PLAYERS:
                if 0 <= move < self.dice_sides:
                    return _state(dice + (move + 1,), ())  # noqa: RUF005  # compiled, the cheaper
            elif (bids[-1] if bids else -1) < move <= (self.liar if bids else self.liar - 1):
                return _state(dice, bids + (move,))  # noqa: RUF005  # compiled, the cheaper
        check_legal("LiarsDice", self.actions(state), action)  # raises unless legal (2.0 is)
        move = int(action)  # type: ignore[call-overload]  # one of the legal ints, or equal
        if len(dice) < _PLAYERS:
            return _state(dice + (move + 1,), ())  # noqa: RUF005  # compiled, the cheaper
        return _state(dice, bids + (move,))  # noqa: RUF005  # compiled, the cheaper

    def is_terminal(self, state: LiarsDiceState) -> bool:
        """Whether a player has called "Liar"."""
        return bool(state.bids) and state.bids[-1] == self.liar

    def utility(self, state: LiarsDiceState, player: Player) -> float:
        """``player``'s winnings: 1 if its side of the call won, -1 if not.

        Raises:
            GameProtocolError: ``state`` is not terminal, or ``player`` is not 0 or 1.
        """
        bids = state.bids
        if player.__class__ is not int or not 0 <= player < _PLAYERS or not self.is_terminal(state):
            check_scored("LiarsDice", self.is_terminal(state), state, player, _PLAYERS)
        sides = self.dice_sides
        quantity, face = divmod(bids[-2], sides)
        matches = 0
        for die in state.dice:
            if die == face + 1 or die == sides:  # the top face is wild
                matches += 1
        caller = (len(bids) - 1) % _PLAYERS
        winner = 1 - caller if matches >= quantity + 1 else caller
        return 1.0 if player == winner else -1.0

    def information_set(self, state: LiarsDiceState, player: Player) -> str:
        """``player``'s die (once rolled), then each bid as ``quantity-face`` and ``Liar``.

        The key is OpenSpiel's information state string, such as ``"3 1-2 2-5"``.
        """
        words = self._words
        parts = [str(state.dice[player]) if player < len(state.dice) else ""]
        for bid in state.bids:
            parts.append(words[bid])  # noqa: PERF401  # a compiled loop: no generator made
        return " ".join(parts)

    def sample_state(
        self, state: LiarsDiceState, player: Player, rng: random.Random
    ) -> LiarsDiceState:
        """``state`` with the other player's die (if rolled) rolled again with ``rng``."""
        dice = list(state.dice)
        for other in range(len(dice)):
            if other != player:
                dice[other] = rng.randrange(self.dice_sides) + 1
        return LiarsDiceState(tuple(dice), state.bids)


def _state(dice: tuple[int, ...], bids: tuple[int, ...]) -> LiarsDiceState:
    """``LiarsDiceState(dice, bids)``, made as the class's ``__new__`` makes it.

    Without the call of that Python function: the most of a move's cost, compiled.
    """
    return tuple.__new__(LiarsDiceState, (dice, bids))
