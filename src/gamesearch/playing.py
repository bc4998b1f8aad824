"""Playing a game out between players, searchers or not, and the record of the game."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from ._distributions import distribution, no_chance_outcomes_error
from ._entry import check_is_game
from ._validation import checked_generator, no_actions_error, terminal_value
from .capabilities import Capabilities
from .errors import GameProtocolError, IllegalActionError, InvalidSearchOptionError, short_repr
from .game import CHANCE, Game, Player
from .result import SearchResult

__all__ = [
    "GameRecord",
    "RandomPlayer",
    "SearcherPlayer",
    "is_deterministic",
    "play",
    "random_player",
    "searcher_player",
]

_S = TypeVar("_S")
_A = TypeVar("_A")


@dataclass(frozen=True)
class GameRecord(Generic[_S, _A]):
    """What happened in one game played by :func:`play`."""

    moves: tuple[_A, ...]
    """Every move, in order: the players' actions and, at chance nodes, nature's outcomes."""

    movers: tuple[Player, ...]
    """Who made each move: a player's number, or :data:`~gamesearch.CHANCE`."""

    utilities: tuple[float, ...] | None
    """Each player's utility in the final state, indexed by player; ``None`` if the game was
    stopped at ``max_moves`` before it ended."""

    winner: Player | None
    """The player whose utility is strictly the highest; ``None`` for a tie, a one-player game
    or a game that did not end."""

    finished: bool
    """Whether the game reached a terminal state (rather than ``max_moves``)."""

    final_state: _S
    """The state the game ended (or was stopped) in."""

    seed: int | None
    """The seed of the generator that drew the chance outcomes."""

    opening: tuple[_A, ...] = ()
    """The moves played before the players took over (the first of :attr:`moves`): the
    opening a tournament gave the game, or none."""

    reproducible: bool = False
    """Whether nothing random decided the game after its opening: no chance outcome was
    drawn, and every player is deterministic (see :func:`is_deterministic`: it says so with
    ``deterministic = True``, as a :class:`SearcherPlayer` of a depth- or node-limited
    alpha-beta does; a time limit, a generator, the ``random`` module or an unknown player
    make it not). The same players from the same opening play the same game again: a
    tournament counts such a game once (see :func:`~gamesearch.tournaments.repeated_games`).
    The rule is conservative: a player that does not say is taken to vary."""


def play(
    game: Game[_S, _A],
    players: Sequence[Callable[[_S], _A]],
    *,
    seed: int | None = None,
    state: _S | None = None,
    max_moves: int | None = 10_000,
    opening: Sequence[_A] = (),
) -> GameRecord[_S, _A]:
    """Play one game: each player chooses its own moves, and chance nodes are drawn at random.

    Args:
        game: Any game; chance nodes need ``chance_outcomes``.
        players: One callable per player, indexed by player: ``players[p](state)`` returns
            the action of player ``p`` in ``state``. :func:`searcher_player` makes one of a
            searcher, :func:`random_player` one that plays at random; a player with a
            ``bind(game)`` method (as theirs have) is bound to ``game`` first.
        seed: Seeds the ``random.Random`` that draws chance outcomes, so that the same seed
            replays the same game (given deterministic players).
        state: Where the game starts; ``None`` means ``game.initial_state()``.
        max_moves: Stop after this many moves (nature's included) if the game has not ended:
            a guard against endless games. ``None`` sets no limit.
        opening: Moves made first, whoever is to move (nature's outcomes at chance nodes),
            before the players take over: a tournament's opening. Recorded in the record's
            ``moves`` and ``opening``.

    Returns:
        The record of the game: its moves, who made them, the final utilities and the winner.

    Raises:
        NotAGameError: ``game`` lacks members of the ``Game`` protocol.
        InvalidSearchOptionError: ``players`` does not have one callable per player, or
            ``max_moves`` is not an int >= 0 or ``None``.
            A player made for another game (one whose ``game`` attribute is not this game)
            is refused too: see :func:`check_players`.
        IllegalActionError: a player chose an action that is not legal, or an opening's move
            is not.
        InvalidDistributionError: a chance node's probabilities are not a distribution.
        GameProtocolError: ``to_move`` named no known player, a state that is not terminal
            has no actions, or an optional member that must be a method is not callable.
        InvalidUtilityError: a final utility is NaN or not a number.

    Example:
        Two players of Pig who roll once a turn, then hold:

        >>> from gamesearch.games import Pig
        >>> game = Pig(goal=20)
        >>> def roll_once(state):
        ...     return "hold" if state.turn_total else "roll"
        >>> record = play(game, [roll_once, roll_once], seed=1)
        >>> record.finished, record.winner, record.utilities
        (True, 0, (1.0, -1.0))
        >>> record.final_state.score0 >= 20
        True
    """
    check_is_game(game)
    players = check_players(game, players, "play")
    check_max_moves(max_moves, "play")
    count = len(players)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidSearchOptionError(f"play: seed must be an int or None, not {seed!r}")
    rng = random.Random(seed)
    # Players made without a game (searcher_player(alphabeta), random_player(seed=0)) play
    # this one.
    players = [_seated(player, game) for player in players]
    generators = _generator_states(players)
    outcomes_of = Capabilities.of(game).chance_outcomes
    current = game.initial_state() if state is None else state
    opening = tuple(opening)
    current, moves, movers = _opened(game, current, opening, outcomes_of)
    while not game.is_terminal(current):
        if max_moves is not None and len(moves) >= max_moves:
            break
        mover = game.to_move(current)
        if mover == CHANCE:
            if outcomes_of is None:
                raise no_chance_outcomes_error(game, current)
            pairs = distribution(outcomes_of(current), current, "chance_outcomes")
            action = rng.choices([o for o, _ in pairs], weights=[p for _, p in pairs])[0]
        elif isinstance(mover, int) and 0 <= mover < count:
            legal = game.actions(current)
            if not legal:
                # Before the player is asked: no player can move here, whatever it is.
                raise no_actions_error(current, legal)
            action = players[mover](current)
            if action not in legal:
                raise IllegalActionError(action, tuple(legal), f"the move of player {mover}")
        else:
            raise GameProtocolError(
                f"to_move returned {mover!r}, which is neither CHANCE nor a player 0 .. {count - 1}"
            )
        moves.append(action)
        movers.append(mover)
        current = game.result(current, action)
    finished = game.is_terminal(current)
    # A NaN has no place in a comparison: it would make player 0 the winner of any game.
    utilities = (
        tuple(terminal_value(game, current, player) for player in range(count))
        if finished
        else None
    )
    return GameRecord(
        moves=tuple(moves),
        movers=tuple(movers),
        utilities=utilities,
        winner=_winner(utilities),
        finished=finished,
        final_state=current,
        seed=seed,
        opening=opening,
        reproducible=CHANCE not in movers[len(opening) :]
        and all(is_deterministic(player) for player in players)
        and generators == _generator_states(players),
    )


def _opened(
    game: Game[_S, _A],
    state: _S,
    opening: tuple[_A, ...],
    outcomes_of: Callable[[_S], Sequence[tuple[_A, float]]] | None,
) -> tuple[_S, list[_A], list[Player]]:
    """The state after ``opening``'s moves from ``state``, the moves, and who made each.

    Raises:
        IllegalActionError: a move that is not legal where it is made (nature's outcomes at
            a chance node), or one after the end of the game.
    """
    movers: list[Player] = []
    for action in opening:
        if game.is_terminal(state):
            raise IllegalActionError(action, (), "the opening")
        mover = game.to_move(state)
        if mover == CHANCE and outcomes_of is not None:
            legal = [outcome for outcome, _ in outcomes_of(state)]
        else:
            legal = list(game.actions(state))
        if action not in legal:
            raise IllegalActionError(action, tuple(legal), "the opening")
        movers.append(mover)
        state = game.result(state, action)
    return state, list(opening), movers


def check_players(game: Game[_S, _A], players: object, caller: str) -> Sequence[Callable[[_S], _A]]:
    """``players``, after checking that it holds one callable per player of ``game``.

    Raises:
        InvalidSearchOptionError: ``players`` is not a sequence of ``game.num_players``
            callables, or a player was made for another game: its ``game`` attribute, where
            it has one that is not ``None``, is not the same game as ``game``
            (:func:`same_game`).
    """
    count = game.num_players
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidSearchOptionError(
            f"{caller}: players must be a sequence of callables, one per player, not "
            f"{short_repr(players)}"
        )
    if len(players) != count or not all(callable(player) for player in players):
        raise InvalidSearchOptionError(
            f"{caller}: {type(game).__name__} has {count} players, so players must be {count} "
            f"callables state -> action; got {short_repr(players)}"
        )
    check_player_games(game, players, caller)
    return players


def check_player_games(game: object, players: Sequence[object], caller: str) -> None:
    """Raise unless every player made for a game (one with a ``game`` attribute) is for ``game``.

    Raises:
        InvalidSearchOptionError: a player's ``game`` attribute is not ``None`` and not the
            same game as ``game`` (:func:`same_game`); the message gives the player's index.
    """
    for index, player in enumerate(players):
        own = getattr(player, "game", None)
        if own is not None and not same_game(own, game):
            raise InvalidSearchOptionError(
                f"{caller}: player {index} ({player!r}) was made for the game {own!r}, not for "
                f"this match's game {game!r}: make it with the game it plays"
            )


def same_game(first: object, second: object) -> bool:
    """Whether two game objects are the same game, as far as can be told.

    A player made for a game (one with a ``game`` attribute, as :class:`~gamesearch.MCTSPlayer`
    and a bound :class:`SearcherPlayer` have) can only play that game. Two games are the same
    when they are one object; when their class defines ``==``, when they are equal; otherwise
    when they are of the same class with equal public data attributes (those whose names do not
    start with ``_``, methods and other callables left out), such as ``TicTacToe``'s ``size``
    and ``k``. Where the attributes cannot be compared, the games are taken to be the same.
    """
    if first is second:
        return True
    if type(first) is not type(second):
        return False
    try:
        if type(first).__eq__ is not object.__eq__:
            return bool(first == second)
        return _public_data(first) == _public_data(second)
    except Exception:  # attributes that cannot be compared (arrays, say): nothing to tell
        return True


def _public_data(game: object) -> dict[str, object]:
    """The public, non-callable attributes of ``game`` (its parameters, in most games)."""
    return {
        name: value
        for name, value in getattr(game, "__dict__", {}).items()
        if not name.startswith("_") and not callable(value)
    }


def check_max_moves(max_moves: object, caller: str) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``max_moves`` is an int >= 0 or ``None``."""
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise InvalidSearchOptionError(
            f"{caller}: max_moves must be an int >= 0 or None, not {short_repr(max_moves)}"
        )


def _seated(player: Callable[[_S], _A], game: Game[_S, _A]) -> Callable[[_S], _A]:
    """``player``, bound to ``game`` if it has a ``bind(game)`` method."""
    bind = getattr(player, "bind", None)
    return bind(game) if callable(bind) else player


def is_deterministic(player: object) -> bool:
    """Whether ``player`` says it plays the same move in the same state every time.

    A player says so with an attribute ``deterministic`` that is ``True``: a
    :class:`SearcherPlayer` of one of the library's deterministic searchers with no time
    limit sets it (see :attr:`SearcherPlayer.deterministic`; ``mcts`` too, given an int ``rng``
    seed and no time limit: it draws the same numbers at every search), and a player of one's
    own may. Anything else (a function, a :class:`RandomPlayer`, an MCTS player with a
    generator, a player drawing from
    the ``random`` module or from a generator of any name, a player whose attribute raises) is
    taken to vary: its games are never counted as repeats.

    Example:
        >>> from gamesearch import alphabeta, mcts
        >>> is_deterministic(searcher_player(alphabeta, depth=3))
        True
        >>> is_deterministic(searcher_player(mcts, time_limit=0.1)), is_deterministic(print)
        (False, False)
    """
    try:
        return getattr(player, "deterministic", False) is True
    except Exception:
        return False


def _known_deterministic(searcher: object, options: dict[str, Any]) -> bool:
    """Whether ``searcher`` with ``options`` is one of the library's deterministic searches.

    The searcher must be one of :data:`~gamesearch.searchers.DETERMINISTIC` (or of
    :data:`~gamesearch.searchers.SEEDED` given an int ``rng``: a fixed seed), with no
    ``time_limit`` (nor a ``Limit`` with one), and every option plain data (numbers, text,
    ``None``, tuples of them) or a function of the library (``ConnectFour.evaluate``, say): a
    function of one's own, or an object kept between searches (a transposition table), might
    vary, and is not vouched for.
    """
    from .limit import Limit
    from .searchers import DETERMINISTIC, SEARCHERS, SEEDED

    names = {row.path: row.name for row in SEARCHERS}
    path = f"{getattr(searcher, '__module__', '')}:{getattr(searcher, '__name__', '')}"
    known = names.get(path)
    seeded = type(options.get("rng")) is int  # an int seed: the same draws at every search
    if known not in DETERMINISTIC and not (known in SEEDED and seeded):
        return False
    for name, value in options.items():
        if name == "time_limit" and value is not None:
            return False
        if isinstance(value, Limit):
            if value.time_limit is not None:
                return False
        elif not _plain(value):
            return False
    return True


def _plain(value: object) -> bool:
    """Plain data, or a function of the library: what a deterministic search may be given."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, tuple):
        return all(_plain(item) for item in value)
    module = getattr(value, "__module__", None)
    if module is None and hasattr(value, "__self__"):
        # A method of a class compiled by mypyc is a built-in method, which names no module.
        module = type(value.__self__).__module__
    return (
        callable(value)
        and not isinstance(value, type)
        and isinstance(module, str)
        and (module == "gamesearch" or module.startswith("gamesearch."))
    )


def _generator_states(players: Sequence[object]) -> list[object]:
    """The state of each player's generator (its ``rng`` attribute), ``None`` where it has none."""
    found: list[object] = []
    for player in players:
        rng = getattr(player, "rng", None)
        found.append(rng.getstate() if isinstance(rng, random.Random) else None)
    return found


def _winner(utilities: tuple[float, ...] | None) -> Player | None:
    """The player with the strictly highest utility, if there are two players or more."""
    if utilities is None or len(utilities) < 2:
        return None
    best = max(utilities)
    return utilities.index(best) if utilities.count(best) == 1 else None


class SearcherPlayer(Generic[_S, _A]):
    """A player that plays the action a searcher chooses: ``searcher(game, state, **options)``.

    Made by :func:`searcher_player`. Without a game it is *unbound*: :func:`play` binds it to
    the game it plays (:meth:`bind`), so one player serves any game.
    """

    def __init__(
        self,
        searcher: Callable[..., SearchResult[_A]],
        options: dict[str, Any],
        game: Game[_S, _A] | None = None,
    ) -> None:
        if not callable(searcher):
            raise InvalidSearchOptionError(f"searcher_player: {searcher!r} is not a searcher")
        self.searcher = searcher
        self.options = options
        self.game = game
        self.__name__ = f"{getattr(searcher, '__name__', 'searcher')}_player"
        self.deterministic: bool = _known_deterministic(searcher, options)
        """Whether it plays the same move in the same state every time: ``True`` for one of
        the library's deterministic searchers (alpha-beta, minimax, the proof-number
        searchers, ...) with no time limit and only plain options (see
        :func:`is_deterministic`); set it to ``True`` to vouch for a search of one's own."""

    def __repr__(self) -> str:
        options = "".join(f", {name}={value!r}" for name, value in self.options.items())
        return f"searcher_player({self.__name__.removesuffix('_player')}{options})"

    def bind(self, game: Game[_S, _A]) -> SearcherPlayer[_S, _A]:
        """This player, playing ``game`` (deterministic as it is)."""
        if self.game is game:
            return self
        bound = SearcherPlayer(self.searcher, self.options, game)
        bound.deterministic = self.deterministic
        return bound

    def __call__(self, state: _S) -> _A:
        """The searcher's action in ``state``.

        Raises:
            InvalidSearchOptionError: the player is not bound to a game.
            GameProtocolError: the searcher chose no action.
        """
        if self.game is None:
            raise InvalidSearchOptionError(
                f"{self!r} plays no game yet: pass it to play(game, players), or bind it with "
                "player.bind(game)"
            )
        action = self.searcher(self.game, state, **self.options).action
        if action is None:
            raise GameProtocolError(f"{self.__name__} chose no action in state {state!r}")
        return action


class RandomPlayer(Generic[_S, _A]):
    """A player that picks one of the legal actions uniformly at random.

    Made by :func:`random_player`; bound to a game by :func:`play`, as :class:`SearcherPlayer`.
    """

    def __init__(self, rng: random.Random, game: Game[_S, _A] | None = None) -> None:
        self.rng = rng
        self.game = game
        self.__name__ = "random_player"

    def bind(self, game: Game[_S, _A]) -> RandomPlayer[_S, _A]:
        """This player, playing ``game`` (with the same generator)."""
        return self if self.game is game else RandomPlayer(self.rng, game)

    def __call__(self, state: _S) -> _A:
        """A random legal action in ``state``.

        Raises:
            InvalidSearchOptionError: the player is not bound to a game.
            GameProtocolError: ``state`` has no actions.
        """
        if self.game is None:
            raise InvalidSearchOptionError(
                "random_player() plays no game yet: pass it to play(game, players), or bind it "
                "with player.bind(game)"
            )
        legal = self.game.actions(state)
        if not legal:
            if self.game.is_terminal(state):
                raise GameProtocolError(
                    f"random_player: no move to make in the final state {state!r}"
                )
            raise no_actions_error(state, legal)
        return self.rng.choice(list(legal))


@overload
def searcher_player(
    searcher: Callable[..., SearchResult[Any]], /, **options: Any
) -> SearcherPlayer[Any, Any]: ...


@overload
def searcher_player(
    game: Game[_S, _A], searcher: Callable[..., SearchResult[_A]], /, **options: Any
) -> SearcherPlayer[_S, _A]: ...


def searcher_player(*args: Any, **options: Any) -> SearcherPlayer[Any, Any]:
    """A player that plays the action ``searcher(game, state, **options)`` chooses.

    ``searcher_player(alphabeta, depth=3)`` makes a player that :func:`play` binds to its game;
    the older form ``searcher_player(game, alphabeta, depth=3)`` binds it at once.

    Args:
        *args: ``searcher``, or ``game, searcher``: any searcher, such as ``alphabeta`` or
            ``expectimax``, and the game the player plays.
        **options: The searcher's options, such as ``depth=3, evaluate=...``.

    Returns:
        A :class:`SearcherPlayer`: ``player(state) -> action``, for :func:`play`.

    Raises:
        InvalidSearchOptionError: no searcher, or something that is not one.

    Example:
        >>> from gamesearch import alphabeta
        >>> from gamesearch.games import TicTacToe
        >>> perfect = searcher_player(alphabeta)
        >>> play(TicTacToe(), [perfect, perfect]).utilities   # perfect play draws
        (0.0, 0.0)
    """
    if len(args) == 1:
        return SearcherPlayer(args[0], options)
    if len(args) == 2:
        check_is_game(args[0])
        return SearcherPlayer(args[1], options, args[0])
    raise InvalidSearchOptionError(
        "searcher_player takes a searcher and its options, as in searcher_player(alphabeta, "
        f"depth=3) (or the game first: searcher_player(game, alphabeta)); got {len(args)} "
        "positional arguments"
    )


@overload
def random_player(*, seed: int | random.Random | None = None) -> RandomPlayer[Any, Any]: ...


@overload
def random_player(game: Game[_S, _A], rng: random.Random, /) -> RandomPlayer[_S, _A]: ...


def random_player(*args: Any, seed: int | random.Random | None = None) -> RandomPlayer[Any, Any]:
    """A player that picks one of the legal actions uniformly at random.

    ``random_player(seed=0)`` makes a player that :func:`play` binds to its game; the older form
    ``random_player(game, random.Random(0))`` binds it at once.

    Args:
        *args: Nothing, or ``game, rng``: the game and the ``random.Random`` to draw from.
        seed: An int seed, or a ``random.Random`` to draw from; ``None`` for an unseeded one.

    Raises:
        InvalidSearchOptionError: arguments of neither form.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> wild = random_player(seed=7)
        >>> record = play(TicTacToe(), [wild, wild])
        >>> record.finished, len(record.moves) >= 5
        (True, True)
    """
    if not args:
        return RandomPlayer(_generator(seed, "random_player"))
    if len(args) == 2 and seed is None and isinstance(args[1], random.Random):
        check_is_game(args[0])
        return RandomPlayer(args[1], args[0])
    raise InvalidSearchOptionError(
        "random_player takes seed= (an int or a random.Random), as in random_player(seed=0), or "
        "the older game and random.Random: random_player(game, random.Random(0))"
    )


def _generator(seed: object, caller: str) -> random.Random:
    """A ``random.Random`` for ``seed``: a new one seeded with an int or ``None``, or itself."""
    return checked_generator(seed, f"{caller}: seed must be an int, a random.Random or None")
