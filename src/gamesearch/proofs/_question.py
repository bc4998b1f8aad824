"""The question a proof search answers, and what the game tells it: bounds, moves, first numbers.

Proof-number search proves or disproves a yes-or-no question about a position. Here the
question is "is the value of this state, for the *attacker* (the player to move at the root),
at least the threshold ``t``?", the minimax value of :func:`~gamesearch.alphabeta`: the
attacker maximises its own utility, the other player minimises it. A state whose mover is the
attacker is an OR node (one good move proves it), any other an AND node (every move must be
answered). A sequence of such questions at well-chosen thresholds finds the value itself
(:mod:`._driver`).

Each node carries, besides its proof and disproof numbers, the *bounds* proven on its value
(``lo <= value <= hi``, for the attacker), which no threshold changes: a terminal state's are
its utility twice; an OR node's are the largest of its children's, an AND node's the smallest.
So a node is proven for ``t`` exactly when ``lo >= t`` and disproven when ``hi < t``, a proof
or disproof made for one threshold serves every later one, and a disproof says how far below
``t`` the value lies (the fail-soft bound that lets the next question skip values no line can
reach).

What the game offers is used where it is present (read once from its
:class:`~gamesearch.capabilities.Capabilities`):

- ``win_utility`` ``W``: every utility lies within ``[-W, W]`` (checked at each terminal
  state), so an unknown node's bounds start there rather than at infinity;
- ``non_losing_actions`` (with ``win_utility``): the moves that lose at once are left out, and
  a state where every move does is lost for its mover, a leaf;
- ``must_play`` (with ``win_utility``; Hex's must-play region): the moves outside it lose, so
  they are left out too, at both players' nodes; where it leaves none, the state is lost for
  its mover, a leaf;
- ``inferior_moves`` (with ``win_utility``; Hex's dead and captured cells): moves no better
  than the best move left, left out as well; where none is left, every move left by the
  filters above loses, and so do the inferior ones: the state is lost for its mover;
- ``costly_knowledge`` (Hex's): the three members above and ``proven_value`` are asked only
  of the nodes searched, not of every child made (:attr:`Question.lazy`);
- ``order`` (or the ``order`` passed in): moves are tried best first, which breaks the ties
  of the proof numbers;
- ``proven_value`` (the attacker's value of a state the game can decide without search, such
  as Hex's chains of two-bridges): such a state is a leaf of the proof, as a terminal one is;
- the number of moves a new node has, for its first proof and disproof numbers (Allis's
  mobility initialisation, 1994: an OR node with many moves is easy to prove and hard to
  disprove); or ``evaluate``, with the searchers' ``evaluate=`` (df-pn+, Nagai 2002).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from .._validation import checked_number, mover_error, no_actions_error
from ..capabilities import Capabilities
from ..errors import GameProtocolError, InvalidUtilityError, short_repr
from ..game import Game, Player
from ..twoplayer._distances import win_utility

if TYPE_CHECKING:
    from ..trace.events import LeftOut

__all__ = ["INFINITE", "Question", "decided", "table_key"]

INFINITE = 1 << 62
"""A proof or disproof number that no search reaches: the node is disproven or proven."""

Decider = Literal["utility", "proven_value", "non_losing_actions", "must_play"]
"""What decides a leaf of the proof (:attr:`gamesearch.trace.ProofChild.decided_by`)."""

_EVALUATED = 8
"""The proof number of a new node the evaluation calls lost, 1 for one it calls won: the
spread of df-pn+'s first numbers (the evaluation's ``[-W, W]`` mapped onto 1..8)."""


def decided(lo: float, hi: float, threshold: float) -> tuple[int, int] | None:
    """The numbers of a node whose bounds ``lo..hi`` settle ``value >= threshold``, or ``None``.

    ``(0, INFINITE)`` if they prove it, ``(INFINITE, 0)`` if they disprove it.

    >>> decided(1.0, 1.0, 0.0), decided(-1.0, 0.0, 1.0), decided(-1.0, 1.0, 0.0)
    ((0, 4611686018427387904), (4611686018427387904, 0), None)
    """
    if lo >= threshold:
        return 0, INFINITE
    if hi < threshold:
        return INFINITE, 0
    return None


class Question:
    """A game read once for proof search from ``root``: who attacks, its bounds, its moves.

    Args:
        game: A two-player deterministic game.
        root: The non-terminal state searched; its mover is the attacker.
        capabilities: The game's record.
        order: ``order(state, actions)``, best first, or ``None``.
        evaluate: ``evaluate(state, player)`` for the first numbers of a new node, or
            ``None`` for the number of its moves.
    """

    __slots__ = (
        "attacker",
        "ceiling",
        "evaluate",
        "floor",
        "game",
        "inferior",
        "key",
        "known",
        "lazy",
        "must",
        "non_losing",
        "order",
        "why_must",
        "why_proven",
        "win",
    )

    def __init__(
        self,
        game: Game[Any, Any],
        root: Any,
        capabilities: Capabilities,
        order: Callable[[Any, Sequence[Any]], Sequence[Any]] | None,
        evaluate: Callable[[Any, Player], float] | None,
    ) -> None:
        self.game = game
        self.attacker: Player = game.to_move(root)
        self.win = win_utility(capabilities)
        declared = self.win == self.win  # not NaN: the game declares win_utility
        self.floor = -self.win if declared else -math.inf
        """The least any value can be, for the attacker."""
        self.ceiling = self.win if declared else math.inf
        """The most any value can be."""
        self.key = table_key(capabilities)
        """The key of the table and of the line's cycle check."""
        self.non_losing = capabilities.non_losing_actions if declared else None
        self.known = capabilities.proven_value
        self.must = capabilities.must_play if declared else None
        self.inferior = capabilities.inferior_moves if declared else None
        self.lazy = capabilities.costly_knowledge is True
        """Whether the game's knowledge is asked only of the nodes searched: a child made is
        then known only if terminal, and its first numbers are 1 and 1."""
        self.order = order
        self.evaluate = evaluate
        self.why_proven = capabilities.proven_reason
        """The game's ``proven_reason``, asked only by a traced search."""
        self.why_must = capabilities.must_play_reason
        """The game's ``must_play_reason``, asked only by a traced search."""

    def utility(self, state: Any) -> float:
        """The attacker's utility at the terminal ``state``, checked.

        Raises:
            InvalidUtilityError: it is not a finite number, or lies outside ``[-W, W]`` for a
                game with ``win_utility`` ``W``.
        """
        return self.within(self.game.utility(state, self.attacker), state, "utility")

    def proven(self, state: Any) -> float | None:
        """The attacker's value at ``state`` if the game's ``proven_value`` knows it, else None.

        A known value (checked as a utility is) makes the state a leaf of the proof.

        Raises:
            InvalidUtilityError: it is neither ``None`` nor a finite number within the game's
                ``[-W, W]``.
        """
        if self.known is None:
            return None
        value: object = self.known(state, self.attacker)
        return None if value is None else self.within(value, state, "proven_value")

    def within(self, value: Any, state: Any, source: str) -> float:
        """``value``, the attacker's by ``source`` at ``state``, as a float within the bounds.

        Raises:
            InvalidUtilityError: it is not a finite number, or lies outside ``[-W, W]``.
        """
        try:
            number = checked_number(value, state, self.attacker, source)
        except InvalidUtilityError:
            if self.ceiling == math.inf or value not in (math.inf, -math.inf):
                raise
            raise InvalidUtilityError(
                f"{source}(state, {self.attacker}) returned {value!r} for state "
                f"{short_repr(state)}, but {type(self.game).__name__} declares win_utility="
                f"{self.win!r}: {self._advice(source)}"
            ) from None
        if not self.floor <= number <= self.ceiling:
            raise InvalidUtilityError(
                f"{source}(state, {self.attacker}) returned {number!r} for state {state!r}, but "
                f"{type(self.game).__name__} declares win_utility={self.win!r}: a utility must "
                f"lie within [{self.floor!r}, {self.ceiling!r}], a loss's and a win's"
            )
        return number

    def _advice(self, source: str) -> str:
        """What ``source`` must return instead of an infinity, in a game with a win utility."""
        if source == "proven_value":
            return (
                f"proven_value must return the game's win utility, {self.ceiling!r}, or its "
                "negation, or None"
            )
        return (
            f"a {source} must be a finite number within [{self.floor!r}, {self.ceiling!r}], "
            "a loss's and a win's (score a won game with the win utility, not infinity)"
        )

    def mover(self, state: Any) -> Player:
        """``to_move(state)`` of a non-terminal state, checked to be player 0 or 1."""
        mover = self.game.to_move(state)
        if mover != 0 and mover != 1:
            raise mover_error(state, mover, 2, chance=False)
        return mover

    def moves(self, state: Any, mover: Player) -> Sequence[Any]:
        """The moves of the non-terminal ``state`` to search, best first.

        Those of ``non_losing_actions`` where the game gives it (empty when every move loses
        at once), else every action; of these, those of ``must_play`` where the game gives
        it (empty when every move loses), and not among its ``inferior_moves``; in
        ``order``'s order if there is one.

        Raises:
            GameProtocolError: ``actions`` gave nothing for a non-terminal state.
        """
        if self.non_losing is not None:
            moves = self.non_losing(state)
            if not moves:
                return ()
        else:
            moves = self.game.actions(state)
            if not moves:
                raise no_actions_error(state, moves)
        if self.must is not None:
            region = self.must(state)
            moves = [move for move in moves if move in region]
            if not moves:
                return ()
        if self.inferior is not None:
            inferior = self.inferior(state)
            if inferior:
                moves = [move for move in moves if move not in inferior]
                if not moves:
                    return ()
        return moves if self.order is None else self.order(state, moves)

    def leaf_cause(self, state: Any) -> tuple[Decider, str | None] | None:
        """What decides ``state`` without search, and the game's words for why; for a trace.

        ``("utility", None)`` for a terminal state, ``("proven_value", reason)`` for one the
        game's ``proven_value`` decides, ``("non_losing_actions", None)`` or ``("must_play",
        reason)`` for one whose every move loses (at once, or by the must-play region); ``None``
        for a state the search must develop. Only a traced search asks (it calls the game's
        members again, and its ``proven_reason`` or ``must_play_reason``).
        """
        if self.game.is_terminal(state):
            return "utility", None
        if self.proven(state) is not None:
            return "proven_value", self.reason(self.why_proven, state, self.attacker)
        mover = self.mover(state)
        if self.moves(state, mover):
            return None
        if self.non_losing is not None and not self.non_losing(state):
            return "non_losing_actions", None
        return "must_play", self.reason(self.why_must, state)

    def left_out(self, state: Any) -> tuple[LeftOut, ...]:
        """The moves of ``state`` the game's knowledge leaves out, by which, and why; for a trace.

        Those that ``non_losing_actions`` leaves out (they let the other player win at once),
        then those outside ``must_play`` of the rest (with ``must_play_reason``), then the
        ``inferior_moves`` of the rest.
        """
        from ..trace.events import LeftOut  # loaded only by a traced search

        found: list[LeftOut] = []
        actions = list(self.game.actions(state))
        kept = actions
        if self.non_losing is not None:
            kept = list(self.non_losing(state))
            dropped = tuple(action for action in actions if action not in kept)
            if dropped:
                found.append(LeftOut("non_losing_actions", dropped))
        if self.must is not None and kept:
            region = self.must(state)
            dropped = tuple(action for action in kept if action not in region)
            if dropped:
                found.append(LeftOut("must_play", dropped, self.reason(self.why_must, state)))
                kept = [action for action in kept if action in region]
        if self.inferior is not None and kept:
            inferior = self.inferior(state)
            dropped = tuple(action for action in kept if action in inferior)
            if dropped:
                found.append(LeftOut("inferior_moves", dropped))
        return tuple(found)

    def reason(self, member: Callable[..., object] | None, *arguments: Any) -> str | None:
        """The game's reason from ``member`` (``None`` without one), checked to be text.

        Raises:
            GameProtocolError: it returned something that is neither a ``str`` nor ``None``.
        """
        if member is None:
            return None
        said = member(*arguments)
        if said is not None and not isinstance(said, str):
            name = getattr(member, "__name__", "a reason")
            raise GameProtocolError(
                f"{type(self.game).__name__}.{name} returned {type(said).__name__} "
                f"{said!r}: a reason must be a str or None"
            )
        return said

    def lost_bounds(self, mover: Player) -> tuple[float, float]:
        """The bounds of a state whose every move loses at once: a loss for its ``mover``."""
        value = self.floor if mover == self.attacker else self.ceiling
        return value, value

    def first_numbers(self, state: Any, mover: Player, moves: int) -> tuple[int, int]:
        """The proof and disproof numbers of a new, unsolved node with ``moves`` moves.

        With an evaluation (df-pn+): 1 to 8 as the evaluation, for the attacker, goes from a
        win to a loss, and the other way for the disproof number. Else the number of moves
        (Allis's mobility): an OR node needs one of them proven and all of them disproven.
        """
        if self.evaluate is not None:
            value = checked_number(
                self.evaluate(state, self.attacker), state, self.attacker, "evaluate"
            )
            win = self.ceiling if self.ceiling != math.inf else 1.0
            lost = min(1.0, max(0.0, (win - value) / (2 * win)))  # 0 won .. 1 lost
            return 1 + round(lost * (_EVALUATED - 1)), 1 + round((1 - lost) * (_EVALUATED - 1))
        if mover == self.attacker:
            return 1, moves
        return moves, 1


def table_key(capabilities: Capabilities) -> Callable[[Any], Hashable]:
    """The key a proof search keys its table by: ``solving_key``, else ``key``, else the state.

    It must merge only states of equal value: a game whose ``key`` merges states whose draw
    rules read different pasts (chess's Zobrist key) gives a ``solving_key`` that keeps the
    past (the graph-history interaction; see :mod:`gamesearch.proofs`).
    """
    return capabilities.solving_key or capabilities.key or _itself


def _itself(state: Hashable) -> Hashable:
    """The state as its own key."""
    return state
