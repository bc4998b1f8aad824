"""Pig, the dice game: roll to build up a turn total, and hold before you throw a 1."""

from __future__ import annotations

from typing import NamedTuple

from .._parameters import check_size
from ..errors import GameProtocolError, IllegalActionError
from ..game import CHANCE, Player

__all__ = ["Pig", "PigState"]


class PigState(NamedTuple):
    """A position of :class:`Pig`."""

    score0: int
    """Player 0's banked points."""

    score1: int
    """Player 1's banked points."""

    turn_total: int
    """The points the player whose turn it is has rolled this turn and not yet banked."""

    player: Player
    """The player whose turn it is (also during a roll, a chance node)."""

    rolling: bool
    """Whether the die is in the air: a chance node, where nature picks the face."""


class Pig:
    """Pig: two players race to ``goal`` points with one die (Neller and Presser 2004).

    On your turn you roll the die as often as you like. Each roll adds its face to your turn
    total, except a 1, which loses the turn total and ends your turn. Instead of rolling you
    may *hold*: your turn total is added to your score and the turn passes. You win as soon as
    your score plus your turn total reaches ``goal``: the points are banked at once, as any
    player would hold then. The utility is +1 for the winner and -1 for the loser.

    Actions are ``"roll"`` and ``"hold"`` (holding needs a turn total above 0, so every turn
    rolls at least once). After ``"roll"`` the state is a chance node: ``to_move`` returns
    :data:`~gamesearch.CHANCE` and ``chance_outcomes`` gives each face ``1 .. die_sides`` the
    probability ``1 / die_sides``. Two 1s in a row bring the game back to where it was, so its
    graph has cycles: search it with a depth limit and :meth:`evaluate`.

    Args:
        goal: The points that win (1 to 100,000).
        die_sides: The faces of the die (2 to 1,000).

    Example:
        >>> from gamesearch import expectiminimax
        >>> game = Pig(goal=10)
        >>> state = game.result(game.initial_state(), "roll")
        >>> game.to_move(state), game.chance_outcomes(state)[0]
        (-1, (1, 0.16666666666666666))
        >>> state = game.result(state, 5)   # a 5: player 0 has 5 points at stake
        >>> state
        PigState(score0=0, score1=0, turn_total=5, player=0, rolling=False)
        >>> result = expectiminimax(game, state, depth=2, evaluate=game.evaluate)
        >>> result.action, round(result.value, 3)
        ('roll', 0.733)
    """

    num_players = 2

    def __init__(self, goal: int = 100, die_sides: int = 6) -> None:
        self.goal = check_size("Pig", "goal", goal, 1, 100_000)
        self.die_sides = check_size("Pig", "die_sides", die_sides, 2, 1000)
        self._faces = tuple(range(1, die_sides + 1))
        self._outcomes = tuple((face, 1 / die_sides) for face in self._faces)

    def __repr__(self) -> str:
        return f"Pig(goal={self.goal}, die_sides={self.die_sides})"

    def initial_state(self) -> PigState:
        """No points; player 0 to roll."""
        return PigState(0, 0, 0, 0, False)

    def to_move(self, state: PigState) -> Player:
        """The player whose turn it is, or CHANCE while the die rolls."""
        return CHANCE if state.rolling else state.player

    def actions(self, state: PigState) -> tuple[object, ...]:
        """``("roll", "hold")``, or just ``("roll",)`` before the first roll of a turn.

        At a chance node, the faces of the die; none once the game is over.
        """
        if state.rolling:
            return self._faces
        if self.is_terminal(state):
            return ()
        return ("roll", "hold") if state.turn_total else ("roll",)

    def chance_outcomes(self, state: PigState) -> tuple[tuple[int, float], ...]:
        """Each face of the die with probability ``1 / die_sides``."""
        return self._outcomes if state.rolling else ()

    def result(self, state: PigState, action: object) -> PigState:
        """The state after a roll, a hold, or (at a chance node) the face thrown.

        Raises:
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        score0, score1, turn_total, player, rolling = state
        if rolling:
            if action == 1 and not isinstance(action, bool):
                return PigState(score0, score1, 0, 1 - player, False)
            if isinstance(action, int) and not isinstance(action, bool) and action in self._faces:
                turn_total += action
                if (score1 if player else score0) + turn_total < self.goal:
                    return PigState(score0, score1, turn_total, player, False)
                action = "hold"  # the goal is reached: bank the points, and the game is won
            else:
                raise IllegalActionError(action, self.actions(state), f"Pig state {state}")
        elif action == "roll" and not self.is_terminal(state):
            return PigState(score0, score1, turn_total, player, True)
        if action == "hold" and turn_total and not self.is_terminal(state):
            if player == 0:
                score0 += turn_total
            else:
                score1 += turn_total
            over = max(score0, score1) >= self.goal
            return PigState(score0, score1, 0, player if over else 1 - player, False)
        raise IllegalActionError(action, self.actions(state), f"Pig state {state}")

    def is_terminal(self, state: PigState) -> bool:
        """Whether a player has reached the goal."""
        return state.score0 >= self.goal or state.score1 >= self.goal

    def utility(self, state: PigState, player: Player) -> float:
        """+1 if ``player`` won, -1 if ``player`` lost.

        Raises:
            GameProtocolError: the game is not over.
        """
        winner = self.winner(state)
        if winner is None:
            raise GameProtocolError(f"utility of {state}, where the game is not over")
        return 1 if winner == player else -1

    def winner(self, state: PigState) -> Player | None:
        """The player who reached the goal, or ``None`` while the game goes on."""
        if state.score0 >= self.goal:
            return 0
        return 1 if state.score1 >= self.goal else None

    def evaluate(self, state: PigState, player: Player) -> float:
        """A quick estimate of ``player``'s utility: the lead in points, over the goal.

        The turn total counts for the player whose turn it is, though a 1 may still take it
        away. Below the goal every score is, so the estimate lies strictly between -1 and +1,
        the utilities of a loss and a win: ``bounds=(-1, 1)`` hold for Star1 and Star2.
        """
        scores = [state.score0, state.score1]
        scores[state.player] += state.turn_total
        return (scores[player] - scores[1 - player]) / self.goal

    def features(self, state: PigState, player: Player) -> tuple[float, ...]:
        """Numbers describing ``state`` from ``player``'s side, for a learned evaluation.

        Points are counted in goals (points over ``goal``), so that the numbers stay small:

        0. ``player``'s banked points;
        1. the opponent's banked points;
        2. ``player``'s turn total (0 on the opponent's turn);
        3. the opponent's turn total (0 on ``player``'s turn);
        4. +1 if it is ``player``'s turn, -1 if the opponent's;
        5. the square of ``player``'s banked points plus turn total;
        6. the square of the opponent's (the chances grow faster than the points near the goal).

        Args:
            state: The position (a chance node too: its turn is the roller's).
            player: Whose side the numbers take, 0 or 1.

        Returns:
            Seven numbers.

        Raises:
            ValueError: ``player`` is not 0 or 1.

        Example:
            >>> game = Pig(goal=10)
            >>> game.features(PigState(4, 2, 5, 0, False), 1)
            (0.2, 0.4, 0.0, 0.5, -1.0, 0.04000000000000001, 0.81)
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"Pig has players 0 and 1, not {player!r}")
        goal = self.goal
        banked = (state.score0 / goal, state.score1 / goal)
        pending = [0.0, 0.0]
        pending[state.player] = state.turn_total / goal
        mine, theirs = banked[player], banked[1 - player]
        own_total, other_total = mine + pending[player], theirs + pending[1 - player]
        return (
            mine,
            theirs,
            pending[player],
            pending[1 - player],
            1.0 if state.player == player else -1.0,
            own_total * own_total,
            other_total * other_total,
        )
