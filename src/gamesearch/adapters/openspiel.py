"""OpenSpiel's games as gamesearch games: ``OpenSpielGame("tic_tac_toe")``.

OpenSpiel (Lanctot et al. 2019) ships about a hundred games written in C++ behind the
``pyspiel`` module. Its states are mutable: ``apply_action`` changes the state in place. The
searchers here need states that never change and that can be dictionary keys, so each
:class:`OpenSpielState` wraps one pyspiel state that nothing ever applies an action to, with
the action history that reached it as its identity; ``result`` clones and applies.

Only games the searchers can search are accepted: sequential (one player moves at a time). A
simultaneous-move game (``goofspiel``) is played in turns with ``turn_based=True``: OpenSpiel's
``convert_to_turn_based`` lets the players move one after another, each unseen by the others
until all have moved, which makes it a game of imperfect information. Chance nodes are fine
when OpenSpiel lists their outcomes (explicit stochastic games): then the game is an
:class:`OpenSpielStochasticGame`, with ``chance_outcomes``, for
:func:`~gamesearch.expectiminimax` and :func:`~gamesearch.expectimax`. Games of any number of
players are accepted (search three or more with :func:`~gamesearch.maxn`).

A game of imperfect information (``kuhn_poker``, ``leduc_poker``, ``liars_dice``) becomes an
:class:`OpenSpielImperfectGame`, whose ``information_set(state, player)`` is OpenSpiel's
information state string, for :func:`~gamesearch.imperfect.cfr` and the other algorithms of
:mod:`gamesearch.imperfect`; where OpenSpiel can resample a state from a player's information
(``resample_from_infostate``), an :class:`OpenSpielDeterminizableGame`, with ``sample_state``.
:func:`strategy_from_policy` reads an OpenSpiel policy as a strategy profile.

Needs the ``openspiel`` extra: ``pip install "gamesearch[openspiel]"``.
"""

from __future__ import annotations

import os
import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from ..errors import (
    GameProtocolError,
    IllegalActionError,
    InvalidSearchOptionError,
    UnsupportedGameError,
)
from ..game import CHANCE, Player
from ._extras import require

pyspiel: Any = require("pyspiel", "openspiel", "OpenSpiel's games")

__all__ = [
    "OpenSpielDeterminizableGame",
    "OpenSpielGame",
    "OpenSpielImperfectGame",
    "OpenSpielState",
    "OpenSpielStochasticGame",
    "strategy_from_policy",
]

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
    """An OpenSpiel game, played one move at a time, as a ``Game``.

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
        turn_based: Play a simultaneous-move game in turns, with OpenSpiel's
            ``pyspiel.convert_to_turn_based``: the players move one after another, none seeing
            the others' moves of the round until all have moved. The game becomes one of
            imperfect information (an :class:`OpenSpielImperfectGame`), named
            ``"turn_based_simultaneous_game(game=...)"``, for
            :func:`~gamesearch.imperfect.cfr`. A sequential game is left as it is.

    Raises:
        MissingDependencyError: OpenSpiel (the ``openspiel`` extra) is not installed.
        UnsupportedGameError: the game is simultaneous-move (without ``turn_based=True``), has
            chance nodes whose outcomes OpenSpiel only samples, or is of imperfect information
            without information state strings; or ``game`` is neither a name nor a
            ``pyspiel.Game``; or OpenSpiel does not know the name.
        InvalidSearchOptionError: ``turn_based`` is not ``True`` or ``False``.

    Example:
        >>> from gamesearch import alphabeta
        >>> game = OpenSpielGame("tic_tac_toe")
        >>> game.num_players, game.to_move(game.initial_state())
        (2, 0)
        >>> alphabeta(game).value   # a draw
        0.0
    """

    remade_from_files = False
    """No table file makes an OpenSpiel game from the name it holds: a name can load a game of
    any size (``blotto(coins=1000,fields=10)`` runs for ever) or make OpenSpiel read a file
    (``efg_game(filename=...)``). Open such a table with the game passed in (see
    :class:`~gamesearch.capabilities.Remade`)."""

    def __new__(cls, game: Any, *, turn_based: bool = False) -> OpenSpielGame:
        """Load the game; make it the subclass its chance nodes and information call for."""
        loaded = _load(game, turn_based)
        if loaded.get_type().information != _PERFECT:
            if cls not in (OpenSpielGame, OpenSpielImperfectGame, OpenSpielDeterminizableGame):
                raise UnsupportedGameError(
                    f"{loaded} is a game of imperfect information: load it as OpenSpielGame"
                )
            if cls is not OpenSpielDeterminizableGame:
                resamples = _can_resample(loaded)
                cls = OpenSpielDeterminizableGame if resamples else OpenSpielImperfectGame
        elif cls in (OpenSpielImperfectGame, OpenSpielDeterminizableGame):
            raise UnsupportedGameError(f"{loaded} is a game of perfect information")
        elif cls is OpenSpielGame and loaded.get_type().chance_mode == _EXPLICIT:
            cls = OpenSpielStochasticGame
        instance = super().__new__(cls)
        instance._pyspiel_game = loaded
        return instance

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a table file)."""
        return {"game": self.name}

    def __reduce__(self) -> tuple[type[OpenSpielGame], tuple[Any]]:
        """Pickled as its ``pyspiel.Game`` (which pickles as its name), loaded as this class."""
        return type(self), (self._pyspiel_game,)

    def __init__(self, game: Any, *, turn_based: bool = False) -> None:
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
            GameProtocolError: ``state`` is not terminal: its returns are not final yet; or
                ``player`` is not one of the game's players (OpenSpiel refuses).
        """
        if not state._state.is_terminal():
            raise GameProtocolError(
                f"utility of {state!r}: the game is not over; utility is the payoff of a "
                "terminal state (search with depth=N and an evaluate function to stop early)"
            )
        if not isinstance(player, int):  # pyspiel would raise a TypeError
            raise GameProtocolError(
                f"utility({state!r}, {player!r}) of {self.name}: a player is an int, from 0 to "
                f"{self.num_players - 1}"
            )
        try:
            return float(state._state.player_return(player))
        except pyspiel.SpielError as error:  # a player out of range (OpenSpiel checks it)
            raise _refused(f"utility({state!r}, {player!r})", self.name, error) from None

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
        """Nature's moves at the chance node ``state``: ``(outcome, probability)`` pairs.

        Raises:
            GameProtocolError: ``state`` is not a chance node (OpenSpiel refuses).
        """
        try:
            outcomes = state._state.chance_outcomes()
        except pyspiel.SpielError as error:  # not a chance node (OpenSpiel checks it)
            raise _refused(f"chance_outcomes({state!r})", self.name, error) from None
        return [(int(outcome), float(p)) for outcome, p in outcomes]


class OpenSpielImperfectGame(OpenSpielStochasticGame):
    """An OpenSpiel game of imperfect information: an ``ImperfectInformationGame``.

    ``OpenSpielGame(name)`` returns one for such a game (or an
    :class:`OpenSpielDeterminizableGame`, where OpenSpiel can resample states); run
    :func:`~gamesearch.imperfect.cfr`, :func:`~gamesearch.imperfect.mccfr` and the best
    responses of :mod:`gamesearch.imperfect` on it. A player's information set is OpenSpiel's
    information state string, so strategies are keyed as OpenSpiel's tabular policies are.
    ``chance_outcomes`` serves the games with chance nodes (a game without, such as
    ``phantom_ttt``, never has a chance node to ask it of).

    Example:
        >>> game = OpenSpielGame("kuhn_poker")
        >>> type(game).__name__
        'OpenSpielDeterminizableGame'
        >>> state = game.initial_state()
        >>> for action in (2, 0, 1):   # K to 0, J to 1; 0 bets
        ...     state = game.result(state, action)
        >>> game.information_set(state, 1), game.information_set(state, 0)
        ('0b', '2b')
    """

    def information_set(self, state: OpenSpielState, player: Player) -> str:
        """OpenSpiel's ``information_state_string(player)`` of ``state``.

        Raises:
            GameProtocolError: OpenSpiel refuses (``player`` is not one of the players).
        """
        try:
            return str(state._state.information_state_string(player))
        except pyspiel.SpielError as error:
            raise _refused(f"information_set({state!r}, {player!r})", self.name, error) from None


class OpenSpielDeterminizableGame(OpenSpielImperfectGame):
    """An OpenSpiel game of imperfect information that resamples states: a ``DeterminizableGame``.

    ``OpenSpielGame(name)`` returns one for an imperfect-information game whose states
    OpenSpiel can resample from a player's information (``resample_from_infostate``:
    ``kuhn_poker`` and ``leduc_poker`` can, ``liars_dice`` cannot).

    Example:
        >>> import random
        >>> game = OpenSpielGame("kuhn_poker")
        >>> state = game.result(game.result(game.initial_state(), 2), 0)
        >>> world = game.sample_state(state, 0, random.Random(1))
        >>> world.history[0], game.information_set(world, 0) == game.information_set(state, 0)
        (2, True)
    """

    def sample_state(
        self, state: OpenSpielState, player: Player, rng: random.Random
    ) -> OpenSpielState:
        """A state ``player`` cannot tell from ``state``: OpenSpiel's ``resample_from_infostate``.

        Args:
            state: The state.
            player: Whose information is kept.
            rng: Draws the hidden facts (OpenSpiel calls ``rng.random()``).

        Raises:
            GameProtocolError: OpenSpiel refuses to resample ``state`` for ``player``.
        """
        try:
            world = state._state.resample_from_infostate(player, rng.random)
        except pyspiel.SpielError as error:
            raise _refused(f"sample_state({state!r}, {player!r})", self.name, error) from None
        return OpenSpielState(tuple(int(a) for a in world.history()), world)


def _refused(call: str, name: str, error: Exception) -> GameProtocolError:
    """The error for ``call`` on the game ``name``, refused by OpenSpiel with ``error``.

    OpenSpiel's message (where in its C++ sources the check failed, and the values it saw) is
    given on one line.
    """
    said = " ".join(str(error).split())
    return GameProtocolError(f"{call} of {name}: OpenSpiel says {said}")


def strategy_from_policy(
    game: OpenSpielImperfectGame, policy: Any, *, max_states: int = 1_000_000
) -> dict[str, dict[int, float]]:
    """An OpenSpiel policy as a strategy profile of ``game``: information set to probabilities.

    Walks ``game``'s tree and asks ``policy.action_probabilities(state, player)`` (any OpenSpiel
    policy: a ``TabularPolicy``, the average policy of a CFR or MCCFR solver, Python's or the
    C++ ``pyspiel.CFRPlusSolver``'s, which is asked with the state alone) once for each
    information set, at the first state of the set it meets. Actions the policy leaves out get
    probability 0.

    Args:
        game: The game, through this adapter.
        policy: An OpenSpiel ``Policy`` of the same OpenSpiel game.
        max_states: The most states to visit.

    Returns:
        Each information state string to the probability of each legal action: a strategy
        profile for :func:`~gamesearch.imperfect.exploitability` and the others.

    Raises:
        UnsupportedGameError: ``game`` is not an :class:`OpenSpielImperfectGame`, or has more
            than ``max_states`` states.

    Example:
        >>> from open_spiel.python import policy as openspiel_policy
        >>> game = OpenSpielGame("kuhn_poker")
        >>> uniform = openspiel_policy.UniformRandomPolicy(game.pyspiel_game)
        >>> strategy = strategy_from_policy(game, uniform)
        >>> len(strategy), strategy["0pb"]
        (12, {0: 0.5, 1: 0.5})
    """
    if not isinstance(game, OpenSpielImperfectGame):
        raise UnsupportedGameError(
            "strategy_from_policy reads a policy of an OpenSpiel game of imperfect information, "
            f"loaded as OpenSpielGame(name); not {type(game).__name__}"
        )
    strategy: dict[str, dict[int, float]] = {}
    ask = _policy_of(policy)
    pending = deque([game.initial_state()])
    visited = 0
    while pending:
        state = pending.popleft()
        visited += 1
        if visited > max_states:
            raise UnsupportedGameError(
                f"strategy_from_policy: {game.name} has more than {max_states:,} states"
            )
        if game.is_terminal(state):
            continue
        actions = game.actions(state)
        if game.to_move(state) != CHANCE:
            player = game.to_move(state)
            key = game.information_set(state, player)
            if key not in strategy:
                given = ask(state.to_pyspiel(), player)
                strategy[key] = {a: float(given.get(a, 0.0)) for a in actions}
        pending.extend(game.result(state, action) for action in actions)
    return strategy


def _policy_of(policy: Any) -> Callable[[Any, int], Any]:
    """``policy``'s probabilities of a state's actions for a player, as ``action_probabilities``.

    A policy of OpenSpiel's C++ (``pyspiel.Policy``: the ``average_policy()`` of its
    ``CFRPlusSolver``) is asked with the state alone; a Python policy, with the player too.
    """
    if isinstance(policy, pyspiel.Policy):
        return lambda state, _player: policy.action_probabilities(state)
    return cast(Callable[[Any, int], Any], policy.action_probabilities)


_T = TypeVar("_T")


def _quietly(function: Callable[[], _T]) -> _T:
    """``function()`` with the process's standard error silenced (OpenSpiel prints there)."""
    try:
        saved = os.dup(2)
    except OSError:  # pragma: no cover - no standard error to silence
        return function()
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            return function()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _can_resample(loaded: Any) -> bool:
    """Whether OpenSpiel implements ``resample_from_infostate`` for ``loaded``'s states.

    Tried once, at the first decision state (reached by the first legal actions); OpenSpiel
    prints the error it raises when not, which is kept off the standard error.
    """
    state = loaded.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    if state.is_terminal():
        return False
    draw = random.Random(0).random
    try:
        _quietly(lambda: state.resample_from_infostate(state.current_player(), draw))
    except pyspiel.SpielError:
        return False
    return True


def _load(game: Any, turn_based: bool = False) -> Any:
    """The ``pyspiel.Game`` named or given, in turns with ``turn_based``; refuse the rest.

    The games refused are those the searchers cannot search (see :class:`OpenSpielGame`).
    """
    if not isinstance(turn_based, bool):
        raise InvalidSearchOptionError(
            f"OpenSpielGame: turn_based must be True or False, not {turn_based!r}"
        )
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
    if turn_based and loaded.get_type().dynamics != _SEQUENTIAL:
        loaded = pyspiel.convert_to_turn_based(loaded)
    kind = loaded.get_type()
    name = str(loaded)
    if kind.dynamics != _SEQUENTIAL:
        raise UnsupportedGameError(
            f"{name} is {kind.dynamics.name.lower().replace('_', '-')}, not sequential: its "
            "players move at the same time, and the searchers here take turns (a game tree "
            "with one player to move at each node). Load it with OpenSpielGame(name, "
            "turn_based=True) to play it in turns, each move unseen by the others until all "
            "have moved (OpenSpiel's pyspiel.convert_to_turn_based): a game of imperfect "
            "information, for gamesearch.imperfect's cfr"
        )
    if kind.information != _PERFECT and not kind.provides_information_state_string:
        raise UnsupportedGameError(
            f"{name} is a game of {kind.information.name.lower().replace('_', ' ')} without "
            "information state strings, which gamesearch.imperfect takes as the keys of its "
            "information sets"
        )
    if kind.chance_mode not in (_DETERMINISTIC, _EXPLICIT):
        raise UnsupportedGameError(
            f"{name} samples its chance outcomes without listing them "
            f"({kind.chance_mode.name}); expectiminimax needs every outcome and its probability"
        )
    return loaded
