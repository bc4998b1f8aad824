"""Two-player views of an n-player game, searched with :func:`~gamesearch.alphabeta`.

Paranoid search and best-reply search both play the root player, MAX, against the others taken
together, MIN, who minimise MAX's utility: a two-player game that alpha-beta can search. Each
view below is such a game, built on the n-player game's own states, so that ``alphabeta``
searches it unchanged and its node counts are the nodes of the reduced tree.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from .._entry import check_trace
from .._validation import checked_number, mover_error
from ..errors import GameProtocolError, SearchTooDeepError, UnsupportedGameError
from ..game import Evaluation, Game, Player
from ..result import SearchResult
from ..trace.observer_type import Observer
from ..twoplayer.alphabeta import alphabeta
from ._players import Request, prepare_players

_S = TypeVar("_S")

MAX, MIN = 0, 1
"""The two sides of a reduced game: the root player, and the coalition of the others."""


class Reply(NamedTuple):
    """An action of best-reply search's MIN layer: ``player`` plays ``action``.

    The other opponents pass (``pass_turn``) so that ``player`` can move, and after its move
    they pass again until the root player is to move.
    """

    player: Player
    """The opponent who replies."""

    action: Any
    """Its action, one of ``game.actions`` in the state where it is to move."""


class Paranoid(Generic[_S]):
    """An n-player game seen by a paranoid root player: MAX (0) against all the others (1).

    Paranoid search (Sturtevant and Korf 2000) assumes that the other players have formed a
    coalition against the root player: the coalition moves whenever one of its members does and
    minimises the root player's utility, which MAX maximises. The states and actions are the
    game's; only whose turn it is and whose utility counts change.

    Args:
        game: The n-player game.
        root_player: The player searching, MAX.
        request: The checked request: its evaluation (if the search is depth-limited) and the
            game's record of optional members.
    """

    num_players = 2

    def __init__(self, game: Game[_S, Any], root_player: Player, request: Request) -> None:
        self.game = game
        self.root_player = root_player
        self.players = game.num_players
        self._evaluate: Evaluation[_S] | None = request.evaluate
        self._players = range(self.players)
        # Handed on as they are: the reduction leaves them alone, and a bound method of the
        # game costs no extra call.
        self.initial_state: Callable[[], _S] = game.initial_state
        self.is_terminal: Callable[[_S], bool] = game.is_terminal
        self.actions: Callable[[_S], Sequence[Any]] = game.actions
        self.result: Callable[[_S, Any], _S] = game.result

    def to_move(self, state: _S) -> Player:
        """MAX when the root player is to move, MIN when another player is.

        Raises:
            GameProtocolError: the game's ``to_move`` returned something that is not a player.
        """
        mover = self.game.to_move(state)
        if mover == self.root_player:
            return MAX
        if mover not in self._players or isinstance(mover, bool):
            raise mover_error(state, mover, self.players, chance=False)
        return MIN

    def utility(self, state: _S, player: Player) -> float:
        """The root player's utility for MAX, its negation for MIN."""
        value = checked_number(
            self.game.utility(state, self.root_player), state, self.root_player, "utility"
        )
        return value if player == MAX else -value

    def evaluate(self, state: _S, player: Player) -> float:
        """The root player's evaluation for MAX, its negation for MIN."""
        assert self._evaluate is not None  # only passed to alphabeta with an evaluation
        value = checked_number(
            self._evaluate(state, self.root_player), state, self.root_player, "evaluate"
        )
        return value if player == MAX else -value


class BestReply(Paranoid[_S]):
    """An n-player game as best-reply search sees it: MAX moves, then one opponent replies.

    Best-reply search (Schadd and Winands 2011) lets, at each MIN layer, only the one opponent
    whose reply is strongest against the root player move; the other opponents pass. A MIN
    node's actions are therefore every opponent's actions, as :class:`Reply` pairs, opponents
    in turn order from the one to move; after a reply the remaining opponents pass until the
    root player is to move again. With two players there is nobody to pass, and the view is
    the paranoid one.

    Args:
        game: The n-player game; with three or more players it needs ``pass_turn(state)``.
        root_player: The player searching, MAX.
        request: The checked request, as for :class:`Paranoid`.

    Raises:
        UnsupportedGameError: the game has three or more players and no ``pass_turn``.
    """

    def __init__(self, game: Game[_S, Any], root_player: Player, request: Request) -> None:
        super().__init__(game, root_player, request)
        self._pass_turn: Callable[[_S], _S] | None = request.members.pass_turn
        if self.players > 2 and not callable(self._pass_turn):
            raise UnsupportedGameError(
                f"best_reply lets the opponents who do not reply pass, but {type(game).__name__} "
                f"has {self.players} players and no pass_turn(state) method (see PassingGame)"
            )
        self.actions = self._actions
        self.result = self._result

    def _actions(self, state: _S) -> Sequence[Any]:
        """The game's actions at MAX nodes; every opponent's, as replies, at MIN nodes."""
        game = self.game
        if game.to_move(state) == self.root_player:
            return game.actions(state)
        return tuple(
            Reply(player, action)
            for player, turn in self._opponents(state)
            for action in game.actions(turn)
        )

    def _result(self, state: _S, action: Any) -> _S:
        """The game's result at MAX nodes; at MIN nodes the reply, the others passing."""
        game = self.game
        root = self.root_player
        if game.to_move(state) == root:
            return game.result(state, action)
        for player, turn in self._opponents(state):
            if player == action.player:
                state = game.result(turn, action.action)
                break
        else:
            raise GameProtocolError(f"{action!r}: no opponent {action.player!r} moves here")
        if self.players > 2:
            state = self._pass_to(state, root)
        return state

    def _opponents(self, state: _S) -> list[tuple[Player, _S]]:
        """Each opponent, in turn from the one to move, with the state in which it moves."""
        game = self.game
        turns: list[tuple[Player, _S]] = []
        player = game.to_move(state)
        if self.players == 2:
            return [(player, state)]
        while player != self.root_player:
            if any(player == seen for seen, _ in turns) or len(turns) == self.players - 1:
                raise self._turn_order_error(state, [seen for seen, _ in turns] + [player])
            turns.append((player, state))
            state = self._pass(state)
            if game.is_terminal(state):
                break
            player = game.to_move(state)
        return turns

    def _pass_to(self, state: _S, player: Player) -> _S:
        """Pass until ``player`` is to move (or the game is over)."""
        game = self.game
        order: list[Player] = []
        while not game.is_terminal(state) and game.to_move(state) != player:
            order.append(game.to_move(state))
            if len(order) == self.players:
                raise self._turn_order_error(state, order)
            state = self._pass(state)
        return state

    def _pass(self, state: _S) -> _S:
        assert self._pass_turn is not None  # checked by best_reply for three or more players
        return self._pass_turn(state)

    def _turn_order_error(self, state: _S, order: list[Player]) -> GameProtocolError:
        return GameProtocolError(
            f"passing from {state!r} gave the turn to players {order!r} without reaching the "
            f"root player {self.root_player}: pass_turn must hand the turn to every player in "
            "turn"
        )


def search_reduced(
    view: Callable[[Game[_S, Any], Player, Request], Paranoid[_S]],
    game: Game[_S, Any],
    state: _S | None,
    depth: int | None,
    evaluate: Evaluation[_S] | None,
    trace: Observer | None,
    limits: tuple[object, object, object],
    searcher: str,
) -> SearchResult[Any]:
    """Search ``game`` from ``state`` as ``view`` reduces it, with ``alphabeta``.

    The one path of paranoid and best-reply search: the request is checked as max-n checks
    it, the player to move at the root becomes MAX of the two-player ``view`` of the game,
    and ``alphabeta`` searches that; its result is given as the root player's.

    Args:
        view: :class:`Paranoid` or :class:`BestReply`, called with the game, the root player
            and the checked request (its evaluation, the game's record read once).
        game: The n-player game.
        state: The root, or ``None`` for the initial state.
        depth: Plies of the reduced tree to search, or ``None``.
        evaluate: The evaluation given to the searcher, or ``None``.
        trace: The observer given to the searcher, handed on to ``alphabeta``.
        limits: The ``limit``, ``time_limit`` and ``node_limit`` given to the searcher: the
            last two are refused, and ``limit`` may give the depth.
        searcher: The searcher's name, for messages.
    """
    request = prepare_players(game, state, depth, evaluate, limits, searcher)
    root, horizon, _, evaluate, _ = request
    reduced = view(game, game.to_move(root), request)
    check_trace(trace, searcher)
    try:
        found = alphabeta(
            reduced,
            root,
            depth=None if horizon < 0 else horizon,
            evaluate=None if evaluate is None else reduced.evaluate,
            trace=trace,
        )
    except SearchTooDeepError as exc:
        raise SearchTooDeepError(str(exc).replace("alphabeta", searcher, 1)) from exc
    return dataclasses.replace(found, player=reduced.root_player)
