"""OpenSpiel's games as gamesearch games: ``OpenSpielGame("tic_tac_toe")``.

OpenSpiel (Lanctot et al. 2019) ships about a hundred games written in C++ behind the
``pyspiel`` module. Its states are mutable: ``apply_action`` changes the state in place. The
searchers here need states that never change and that can be dictionary keys, so each
:class:`OpenSpielState` wraps one pyspiel state that nothing ever applies an action to, with
the action history that reached it as its identity; ``result`` clones and applies.

Only games the searchers can search are accepted: sequential (one player moves at a time) and
of perfect information. Chance nodes are fine when OpenSpiel lists their outcomes (explicit
stochastic games): then the game is an :class:`OpenSpielStochasticGame`, with
``chance_outcomes``, for :func:`~gamesearch.expectiminimax` and :func:`~gamesearch.expectimax`.
Games of any number of players are accepted (search three or more with
:func:`~gamesearch.maxn`).

Needs the ``openspiel`` extra: ``pip install "gamesearch[openspiel]"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import GameProtocolError, IllegalActionError, UnsupportedGameError
from ..game import CHANCE, Player
from ._extras import require

pyspiel: Any = require("pyspiel", "openspiel", "OpenSpiel's games")

__all__ = ["OpenSpielGame", "OpenSpielState", "OpenSpielStochasticGame"]

_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)
_SEQUENTIAL = pyspiel.GameType.Dynamics.SEQUENTIAL
_PERFECT = pyspiel.GameType.Information.PERFECT_INFORMATION
_DETERMINISTIC = pyspiel.GameType.ChanceMode.DETERMINISTIC
_EXPLICIT = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


class OpenSpielState:
    """A state of an OpenSpiel game that never changes: the actions that reached it.

    Two states are equal when the same actions reached them from the initial state (OpenSpiel
    games are deterministic given the chance outcomes, so the history identifies the state);
    the hash is computed once. The wrapped pyspiel state is never changed: :meth:`to_pyspiel`
    gives a copy to use with OpenSpiel's own code.

    Example:
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> state = game.result(game.initial_state(), 4)
        >>> state.history, state == game.result(game.initial_state(), 4)
        ((4,), True)
    """

    __slots__ = ("_actions", "_hash", "_state", "history")

    history: tuple[int, ...]
    """The actions (chance outcomes included) played from the initial state, in order."""

    def __init__(self, history: tuple[int, ...], state: Any) -> None:
        self.history = history
        self._state = state
        self._hash: int | None = None  # computed when first asked: most states never are
        self._actions: Sequence[int] | None = None  # the legal actions, read once when asked

    def to_pyspiel(self) -> Any:
        """A copy of the wrapped ``pyspiel.State``, free to change.

        Returns:
            ``state.clone()`` of the pyspiel state this state stands for.
        """
        return self._state.clone()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OpenSpielState):
            return NotImplemented
        return self.history == other.history

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.history)
        return self._hash

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielState:
        return self  # immutable: a copy would be the same state

    def __repr__(self) -> str:
        return f"OpenSpielState(history={self.history!r})"

    def __str__(self) -> str:
        return str(self._state)


class OpenSpielGame:
    """An OpenSpiel game of perfect information, played one move at a time, as a ``Game``.

    ``OpenSpielGame(name)`` loads the game with ``pyspiel.load_game(name)``; the name may
    carry parameters, as in ``"breakthrough(rows=4,columns=4)"``. A game with chance nodes
    comes back as an :class:`OpenSpielStochasticGame` (a subclass, with ``chance_outcomes``).

    The members follow the ``Game`` protocol: actions are OpenSpiel's action ids (ints, in
    ``legal_actions()`` order), ``to_move`` is OpenSpiel's current player (:data:`CHANCE` at
    a chance node, player 0 at a terminal state, where OpenSpiel has none), ``utility`` is the
    player's return at a terminal state. A state is identified by its history, so two move
    orders that reach one position are two states to a transposition table; and a search to
    the end of a game whose positions can repeat (pig) never finds a repeated state: give such
    games a ``depth`` and an ``evaluate`` function.

    Args:
        game: The name of an OpenSpiel game, with parameters if any, or a loaded
            ``pyspiel.Game``.

    Raises:
        MissingDependencyError: OpenSpiel (the ``openspiel`` extra) is not installed.
        UnsupportedGameError: the game is simultaneous-move, of imperfect information, or has
            chance nodes whose outcomes OpenSpiel only samples; or ``game`` is neither a name
            nor a ``pyspiel.Game``; or OpenSpiel does not know the name.

    Example:
        >>> from gamesearch import alphabeta
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.num_players, game.to_move(game.initial_state())
        (2, 0)
        >>> alphabeta(game).value   # a draw
        0.0
    """

    def __new__(cls, game: Any) -> OpenSpielGame:
        """Load the game; make it an :class:`OpenSpielStochasticGame` if it has chance nodes."""
        loaded = _load(game)
        if cls is OpenSpielGame and loaded.get_type().chance_mode == _EXPLICIT:
            cls = OpenSpielStochasticGame
        instance = super().__new__(cls)
        instance._pyspiel_game = loaded
        return instance

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a table file)."""
        return {"game": self.name}

    def __init__(self, game: Any) -> None:
        loaded = self._pyspiel_game
        self.name: str = str(loaded)
        """OpenSpiel's name for the game, with its parameters: ``"tic_tac_toe()"``."""
        self.num_players: int = int(loaded.num_players())
        """How many players the game has."""
        self._initial = OpenSpielState((), loaded.new_initial_state())

    _pyspiel_game: Any

    @property
    def pyspiel_game(self) -> Any:
        """The ``pyspiel.Game`` searched (shared: do not change its parameters)."""
        return self._pyspiel_game

    def initial_state(self) -> OpenSpielState:
        """The state the game starts in (OpenSpiel's ``new_initial_state()``)."""
        return self._initial

    def to_move(self, state: OpenSpielState) -> Player:
        """The player to move: :data:`CHANCE` at a chance node; 0 at a terminal state."""
        player: int = state._state.current_player()
        if player >= 0:
            return player
        return CHANCE if player == _CHANCE_ID else 0

    def actions(self, state: OpenSpielState) -> Sequence[int]:
        """The legal actions (OpenSpiel's ids; at a chance node, the outcomes); empty at the end."""
        moves = state._actions
        if moves is None:
            moves = state._actions = state._state.legal_actions()
        return moves

    def result(self, state: OpenSpielState, action: int) -> OpenSpielState:
        """The state after ``action``: a clone of ``state``'s pyspiel state with it applied.

        Raises:
            IllegalActionError: ``action`` is not one of ``actions(state)``.
        """
        moves = state._actions
        if moves is None:
            moves = self.actions(state)
        if action not in moves:
            raise IllegalActionError(action, tuple(moves), f"{self.name} at {state!r}")
        child = state._state.clone()
        child.apply_action(action)
        return OpenSpielState((*state.history, action), child)

    def is_terminal(self, state: OpenSpielState) -> bool:
        """Whether the game is over in ``state``."""
        return state._state.is_terminal() is True

    def utility(self, state: OpenSpielState, player: Player) -> float:
        """``player``'s return (OpenSpiel's ``player_return``) at the terminal ``state``.

        Raises:
            GameProtocolError: ``state`` is not terminal: its returns are not final yet.
        """
        if not state._state.is_terminal():
            raise GameProtocolError(
                f"utility of {state!r}: the game is not over; utility is the payoff of a "
                "terminal state (search with depth=N and an evaluate function to stop early)"
            )
        return float(state._state.player_return(player))

    def action_name(self, state: OpenSpielState, action: int) -> str:
        """OpenSpiel's name for ``action`` in ``state``, such as ``"x(1,1)"`` in tic-tac-toe.

        Example:
            >>> game = OpenSpielGame("tic_tac_toe")
            >>> game.action_name(game.initial_state(), 4)
            'x(1,1)'
        """
        pyspiel_state = state._state
        return str(pyspiel_state.action_to_string(pyspiel_state.current_player(), action))

    def key(self, state: OpenSpielState) -> OpenSpielState:
        """The transposition-table key: the state itself, whose hash is computed once."""
        return state

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class OpenSpielStochasticGame(OpenSpielGame):
    """An OpenSpiel game with chance nodes whose outcomes it lists: a ``StochasticGame``.

    ``OpenSpielGame(name)`` returns one for such a game (pig, backgammon); search it with
    :func:`~gamesearch.expectiminimax`.

    Example:
        >>> game = OpenSpielGame("pig(diceoutcomes=3,winscore=6)")
        >>> type(game).__name__
        'OpenSpielStochasticGame'
        >>> rolled = game.result(game.initial_state(), 0)   # action 0 is "roll"
        >>> game.to_move(rolled), game.chance_outcomes(rolled)[0]
        (-1, (0, 0.3333333333333333))
    """

    def actions(self, state: OpenSpielState) -> Sequence[int]:
        """The legal actions; at a chance node, the outcomes of :meth:`chance_outcomes`."""
        moves = state._actions
        if moves is None:
            pyspiel_state = state._state
            if pyspiel_state.is_chance_node():
                moves = [int(outcome) for outcome, _ in pyspiel_state.chance_outcomes()]
            else:
                moves = pyspiel_state.legal_actions()
            state._actions = moves
        return moves

    def chance_outcomes(self, state: OpenSpielState) -> Sequence[tuple[int, float]]:
        """Nature's moves at the chance node ``state``: ``(outcome, probability)`` pairs."""
        return [(int(outcome), float(p)) for outcome, p in state._state.chance_outcomes()]


def _load(game: Any) -> Any:
    """The ``pyspiel.Game`` named or given; refuse the games the searchers cannot search."""
    if isinstance(game, str):
        # Ask for the name first: OpenSpiel prints its own long message for an unknown one.
        if game.partition("(")[0].strip() not in pyspiel.registered_names():
            raise UnsupportedGameError(
                f"OpenSpiel has no game {game!r}; pyspiel.registered_names() lists its games"
            )
        try:
            loaded = pyspiel.load_game(game)
        except pyspiel.SpielError as error:
            said = " ".join(str(error).split())
            raise UnsupportedGameError(f"OpenSpiel cannot load {game!r}: {said}") from error
    elif isinstance(game, pyspiel.Game):
        loaded = game
    else:
        raise UnsupportedGameError(
            "OpenSpielGame takes the name of an OpenSpiel game (such as 'tic_tac_toe') or a "
            f"pyspiel.Game, not {type(game).__name__}"
        )
    kind = loaded.get_type()
    name = str(loaded)
    if kind.dynamics != _SEQUENTIAL:
        raise UnsupportedGameError(
            f"{name} is {kind.dynamics.name.lower().replace('_', '-')}, not sequential: its "
            "players move at the same time, and the searchers here take turns (a game tree "
            "with one player to move at each node)"
        )
    if kind.information != _PERFECT:
        raise UnsupportedGameError(
            f"{name} is a game of {kind.information.name.lower().replace('_', ' ')}: players "
            "do not see the whole state, which minimax, alpha-beta and expectiminimax assume "
            "they do (search its information sets with OpenSpiel's own algorithms, CFR or ISMCTS)"
        )
    if kind.chance_mode not in (_DETERMINISTIC, _EXPLICIT):
        raise UnsupportedGameError(
            f"{name} samples its chance outcomes without listing them "
            f"({kind.chance_mode.name}); expectiminimax needs every outcome and its probability"
        )
    return loaded
