"""What a game returns, checked: players, actions and numbers, in one place for every loop.

The search loops check what they can afford inline, once per node kind: a value that is not
finite (NaN, +inf or -inf: ``not -inf < value < inf``, one chained comparison), a player to
move who is neither of the two (or not a player at all). What costs more to check
at every node is left to Python, which raises a ``TypeError`` when a value is not a number or
``actions`` returns ``None``; each loop catches it (a ``try`` costs nothing until it raises)
and asks :func:`translate` which of the game's members misbehaved at that node, so the user
gets a :class:`~gamesearch.GameSearchError` that names the member and the state, never a bare
``TypeError`` from deep inside the library.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from ._lazy import LazyModule
from .capabilities import Capabilities
from .errors import (
    GameProtocolError,
    GameSearchError,
    InvalidSearchOptionError,
    InvalidUtilityError,
    NotAGameError,
    UnsupportedGameError,
    short_repr,
)
from .game import CHANCE, Game, Player

if TYPE_CHECKING:
    import copy
    import random
else:  # imported at the first copy: a search whose root is made of immutables makes none
    copy = LazyModule("copy")

__all__ = [
    "actions_kind_error",
    "before",
    "changed",
    "check_count",
    "check_is_game",
    "check_unchanged",
    "checked_generator",
    "checked_number",
    "children_fault",
    "children_shape_fault",
    "deep_copy",
    "is_action_sequence",
    "is_count",
    "is_player",
    "is_positive_number",
    "mover_error",
    "mutation_error",
    "nan_error",
    "no_actions_error",
    "non_finite_error",
    "number_error",
    "repeated_action",
    "safe_repr",
    "snapshot",
    "terminal_value",
    "translate",
    "unchanged",
    "unchecked_members",
    "zero_sum_negation",
    "zero_sum_utility",
]

Members = tuple[
    Callable[[Any], Any],
    Callable[[Any], Any],
    Callable[[Any, Player], Any],
    Callable[[Any, Player], Any] | None,
]
"""``is_terminal``, ``to_move``, ``utility`` and ``evaluate``, as :func:`unchecked_members` reads
them."""


_GAME_METHODS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")
"""The members a game object must have, besides ``num_players``."""


def check_is_game(game: object) -> None:
    """Raise :class:`NotAGameError` unless ``game`` has every member of the ``Game`` protocol."""
    if isinstance(game, type):
        raise NotAGameError(
            f"{game.__name__} is a class; pass a game object, such as {game.__name__}()"
        )
    missing = [name for name in _GAME_METHODS if not callable(getattr(game, name, None))]
    try:
        players = hasattr(game, "num_players")
    except Exception:  # a property that raises other than AttributeError: there, but failing
        players = True
    if not players:
        missing.append("num_players")
    if missing:
        raise NotAGameError(
            f"{type(game).__name__} object is not a Game: it lacks {', '.join(missing)} "
            f"(a Game needs num_players and {', '.join(_GAME_METHODS)})"
        )


def unchecked_members(
    game: Any, evaluate: Callable[[Any, Player], Any] | None, zero_sum: str | None = None
) -> Members:
    """``game``'s ``is_terminal``, ``to_move`` and ``utility``, and ``evaluate``, typed ``Any``.

    ``zero_sum``: the name of a searcher that needs a zero-sum game (``negamax``, which scores
    a leaf by the utility of the player to move above it, and passes it up negated): its
    ``utility`` is then :func:`zero_sum_utility`'s, which checks every terminal state it reads.

    For the loops, which check what these return themselves (a leaf's value at every leaf, a
    mover at every node). Compiled by mypyc (README, the compiled build), a call of a member
    read with the protocol's types has its result cast on return, to ``float`` or ``int``:
    which would take a ``bool`` or a ``Fraction`` for a float without a word, and refuse a
    wrong mover with a bare ``TypeError`` before the loop's own check could name it.
    """
    utility = game.utility if zero_sum is None else zero_sum_utility(game, zero_sum)
    return game.is_terminal, game.to_move, utility, evaluate


_ZERO_SUM = 1e-9
"""How far from 0 the two utilities of a terminal state may sum in a zero-sum game, relative
to the larger (floats: 0.1 and -0.1 + 1e-17)."""


def zero_sum_utility(game: Any, searcher: str) -> Callable[[Any, Player], Any]:
    """``game.utility``, checked at every call to be zero-sum: ``utility(s, 1) == -utility(s, 0)``.

    For a loop in negamax form that reads every leaf by its mover's utility (the engine's,
    which passes every value up negated). It costs the other player's utility at each
    terminal state read; values that are not finite numbers are let through, for the loop's
    own checks to name.

    Raises:
        UnsupportedGameError: the two utilities of a terminal state do not sum to 0.
    """
    utility, negated = game.utility, zero_sum_negation(game, searcher)

    def checked(state: Any, player: Player) -> Any:
        own = utility(state, player)
        if type(own) is float or number_error(own, state, player, "utility") is None:
            negated(state, player, own)  # raises if the other player's is not -own
        return own

    return checked


def zero_sum_negation(game: Any, searcher: str) -> Callable[[Any, Player, Any], float]:
    """The other player's value of a terminal state worth ``value`` to ``player``: ``-value``.

    A searcher in negamax form (:func:`~gamesearch.negamax`) reads one player's utility and
    gives the other its negation: in a game whose utilities do not sum to 0 (Nim's winner gets
    1 and its loser 0) its value would be neither player's. So the negation is checked against
    the other player's utility (one more call at each leaf negated).

    Raises:
        UnsupportedGameError: the two utilities of the terminal state do not sum to 0.
    """
    utility = game.utility

    def negated(state: Any, player: Player, value: Any) -> float:
        other = utility(state, 1 - player)
        if type(other) is not float and number_error(other, state, 1 - player, "utility"):
            return -float(value)  # not a finite number: the loop's own check names it later
        total = value + other
        if total and abs(total) > _ZERO_SUM * max(1.0, abs(value), abs(other)):
            raise UnsupportedGameError(
                f"{searcher} needs a zero-sum game (utility(s, 1) == -utility(s, 0)), but the "
                f"utilities of the terminal state {safe_repr(state)} are {short_repr(value)} for "
                f"player {player} and {short_repr(other)} for player {1 - player}, which sum to "
                f"{short_repr(total)}: search it with alphabeta, which takes any two-player game"
            )
        return -float(value)

    return negated


_SEEN = "_gamesearch_diagnosed"
"""Marks a ``TypeError`` whose node was already examined, so its ancestors pass it on."""


_LARGEST = sys.float_info.max
"""The largest finite float: a value beyond it (an infinity, or an int too large for a float)
is refused."""


def number_error(
    value: object, state: object, player: Player, source: str
) -> GameSearchError | None:
    """The error for ``value`` returned by ``source`` (``"utility"`` or ``"evaluate"``), if any.

    A value must be a finite real number (``int``, ``float``, ``Fraction``, a NumPy scalar...),
    not a ``bool``, a string or ``None``, and neither NaN nor +inf or -inf (see
    :func:`non_finite_error`).
    """
    number: Any = value
    if number.__class__ is float or number.__class__ is int or (
        _is_real(number) and not isinstance(number, bool)
    ):
        if -_LARGEST <= number <= _LARGEST:
            return None
    elif value != value:
        return nan_error(state, player, source)
    else:
        return InvalidUtilityError(
            f"{source}(state, {player}) returned {short_repr(value)} ({type(value).__name__}) "
            "for state "
            f"{state!r}; it must return a real number (an int or a float)"
        )
    return non_finite_error(value, state, player, source)


def _is_real(value: object) -> bool:
    """Whether ``value`` is a :class:`numbers.Real` (a ``Fraction``, a NumPy scalar...).

    ``numbers`` is imported at the first value that is neither an int nor a float: importing
    it costs about 0.9 ms of every program's start.
    """
    from numbers import Real

    return isinstance(value, Real)


def nan_error(state: object, player: Player, source: str) -> InvalidUtilityError:
    """The error for a NaN returned by ``source`` (``"utility"`` or ``"evaluate"``)."""
    return InvalidUtilityError(
        f"{source}(state, {player}) returned NaN for state {state!r}; "
        "values must be numbers that can be compared"
    )


def non_finite_error(
    value: object, state: object, player: Player, source: str
) -> InvalidUtilityError:
    """The error for a value of ``source`` that is NaN, +inf or -inf (it fails ``-inf < v < inf``).

    Infinite values are refused like NaN: the searchers add, negate and compare values, rank
    wins by distance and narrow windows around them, and an infinity breaks that arithmetic
    (``inf - inf`` is NaN, ``int(inf)`` raises); a finite value larger than every other, such
    as a game's ``win_utility``, says the same thing safely.
    """
    if value != value:
        return nan_error(state, player, source)
    return InvalidUtilityError(
        f"{source}(state, {player}) returned {short_repr(value)} for state {state!r}; a "
        f"{source} must "
        "be a finite number (within the range of a float): score a won game with a large "
        "finite value instead of infinity"
    )


def checked_number(value: Any, state: object, player: Player, source: str) -> float:
    """``value`` as a float, or the error :func:`number_error` finds in it."""
    error = number_error(value, state, player, source)
    if error is not None:
        raise error
    return float(value)


def checked_generator(seed: object, refusal: str) -> random.Random:
    """A ``random.Random`` for ``seed``: itself, or a new one seeded by an int or ``None``.

    A bool is no seed.

    Raises:
        InvalidSearchOptionError: ``seed`` is none of those, with the message
            ``f"{refusal}, not {seed!r}"``.
    """
    import random  # here, not at the top: a search that draws nothing does not load it

    if isinstance(seed, random.Random):
        return seed
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return random.Random(seed)
    raise InvalidSearchOptionError(f"{refusal}, not {seed!r}")


def mover_error(state: object, mover: object, players: int, *, chance: bool) -> GameProtocolError:
    """The error for ``to_move(state)`` returning something that is not a player.

    Args:
        state: The state.
        mover: What ``to_move(state)`` returned.
        players: The game's ``num_players``.
        chance: Whether the game has chance nodes (then ``CHANCE`` is allowed too).
    """
    if mover == CHANCE and not chance:
        return GameProtocolError(
            f"to_move({state!r}) returned CHANCE ({CHANCE}), but the game has no "
            "chance_outcomes(state) method to give nature's moves: add one (see "
            "gamesearch.StochasticGame), or return a player from 0 to "
            f"{players - 1}"
        )
    allowed = f"0 to {players - 1}" + (" or CHANCE (-1)" if chance else "")
    return GameProtocolError(
        f"to_move({state!r}) returned {mover!r}, but the game's players are {allowed} "
        f"(num_players={players})"
    )


def translate(
    exc: TypeError,
    game: Any,
    state: object,
    evaluate: Callable[[Any, Player], Any] | None,
) -> NoReturn:
    """Raise the right error for a ``TypeError`` met while searching below ``state``.

    The node's members are called again, in the order the loops call them, to find which one
    returned something of the wrong kind: raises the library error that names it, or ``exc``
    itself (marked, so that the nodes above do not look again) if the game's members are sound
    there and the error comes from elsewhere.
    """
    if getattr(exc, _SEEN, False):
        raise exc
    found = _diagnose(game, state, evaluate)
    if found is not None:
        raise found from exc
    setattr(exc, _SEEN, True)
    raise exc


def _diagnose(
    game: Any, state: object, evaluate: Callable[[Any, Player], Any] | None
) -> GameSearchError | None:
    """The first member of ``game`` that misbehaves at ``state`` or its children, if any."""
    try:
        return _first_fault(game, state, evaluate)
    except _RaisedTypeError as raised:
        return GameProtocolError(
            f"{raised.member} raised TypeError at state {raised.state!r}: {raised.error}"
        )


class _RaisedTypeError(Exception):
    """A member of the game raised ``TypeError`` itself while being diagnosed."""

    def __init__(self, member: str, state: object, error: TypeError) -> None:
        super().__init__(member)
        self.member, self.state, self.error = member, state, error


def _call(member: str, function: Callable[..., Any], state: object, *args: Any) -> Any:
    try:
        return function(state, *args)
    except TypeError as exc:
        raise _RaisedTypeError(member, state, exc) from exc


def _first_fault(
    game: Any, state: object, evaluate: Callable[[Any, Player], Any] | None
) -> GameSearchError | None:
    players = game.num_players
    chance = Capabilities.of(game).chance_outcomes is not None
    moves = _call("actions", game.actions, state)
    wrong = actions_kind_error(state, moves)
    if wrong is not None:
        return wrong
    for action in list(moves):
        child = _call("result", game.result, state, action)
        if _call("is_terminal", game.is_terminal, child):
            for player in range(players):
                value = _call("utility", game.utility, child, player)
                found = number_error(value, child, player, "utility")
                if found is not None:
                    return found
            continue
        mover = _call("to_move", game.to_move, child)
        if not is_player(mover, players, chance=chance):
            return mover_error(child, mover, players, chance=chance)
        if evaluate is not None:
            for player in range(players):
                value = _call("evaluate", evaluate, child, player)
                found = number_error(value, child, player, "evaluate")
                if found is not None:
                    return found
    return None


_ATOMS = frozenset({type(None), bool, int, float, complex, str, bytes})
"""The types of the values that nothing can change in place (exact types: a subclass may add
attributes)."""

_MOST_CONTAINERS = 4096
"""The most tuples and frozensets :func:`made_of_immutables` looks into before it leaves the
state to copies (their atoms are looked at in C: a million in about 25 ms)."""


def made_of_immutables(state: object) -> bool:
    """Whether ``state`` is built only of values that no ``result`` can change in place.

    Numbers, strings, bytes and ``None``; tuples (named tuples too) and frozensets of such
    values. A tuple or frozenset subclass whose instances can carry attributes (a ``__dict__``
    or ``__slots__`` of its own) is not; nor is a frozen dataclass (``object.__setattr__``
    changes it, as its own ``__post_init__`` may). At most :data:`_MOST_CONTAINERS` tuples
    and frozensets are looked into: a state of more is not called immutable (the copies of
    :func:`snapshot` decide). ``copy.deepcopy`` cannot tell: it gives a new named tuple or
    frozenset even of ints.

    >>> from typing import NamedTuple
    >>> class Spot(NamedTuple):
    ...     row: int
    ...     dots: frozenset[int]
    >>> made_of_immutables(Spot(1, frozenset({2, 3}))), made_of_immutables(Spot(1, [2]))
    (True, False)
    """
    try:
        return _immutable(state)
    except Exception:  # a state whose class raises when looked at: the copies decide
        return False


def _immutable(state: object) -> bool:
    """:func:`made_of_immutables`, which may raise what the state's members raise."""
    if type(state) in _ATOMS:
        return True
    pending = [state]
    looked = 0
    while pending:
        value = pending.pop()
        looked += 1
        if looked > _MOST_CONTAINERS or not isinstance(value, (tuple, frozenset)):
            return False
        kind = type(value)
        if kind is not tuple and kind is not frozenset and not _no_attributes(kind, value):
            return False
        if not set(map(type, value)) <= _ATOMS:  # some item is not an atom: look into them
            pending.extend(item for item in value if type(item) not in _ATOMS)
    return True


def _no_attributes(kind: type, value: object) -> bool:
    """Whether instances of ``kind``, a tuple or frozenset subclass, carry no attributes."""
    bases = (tuple, frozenset, object)
    slots = any(getattr(cls, "__slots__", ()) for cls in kind.__mro__ if cls not in bases)
    return not hasattr(value, "__dict__") and not slots


_ITSELF: Any = object()
"""What :func:`snapshot` keeps of a state that nothing can change: one
:func:`made_of_immutables`, or one that ``copy.deepcopy`` gives back as itself (a state that
declares itself immutable)."""


COPY_SECONDS = 0.02
"""The longest a fault check's copy of a state may take. A state that takes longer (one that
holds a large table of the game's) is not copied, so not checked: the checks of a search given
a ``time_limit`` happen outside its clock. :func:`gamesearch.conformance.check_game` checks
every state."""


class CopyTooSlow(Exception):
    """Raised by :func:`deep_copy` for a copy that ran past :data:`COPY_SECONDS`."""


class _Clocked(dict):  # type: ignore[type-arg]
    """A ``copy.deepcopy`` memo that reads the clock every 1,024 lookups (one per object)."""

    __slots__ = ("_deadline", "_lookups")

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self._deadline = time.perf_counter() + seconds
        self._lookups = 0

    def get(self, key: Any, default: Any = None) -> Any:
        self._lookups += 1
        if not self._lookups & 1023 and time.perf_counter() > self._deadline:
            raise CopyTooSlow
        return dict.get(self, key, default)


def deep_copy(state: _S, seconds: float | None = None) -> _S:
    """``copy.deepcopy(state)``, with :mod:`copy` loaded at the first copy.

    A search whose root is made of immutables makes none, and its import skips :mod:`copy`.

    Raises:
        CopyTooSlow: the copy took more than ``seconds`` (:data:`COPY_SECONDS` by default); an
            exception of the state's own ``__deepcopy__`` goes through as itself.
    """
    return copy.deepcopy(state, _Clocked(COPY_SECONDS if seconds is None else seconds))


def snapshot(state: object) -> tuple[Any, str | None]:
    """What :func:`changed` compares ``state`` with later: a copy of it, or its ``repr``.

    A deep copy that equals the state is kept (its ``repr``, for a message, is made only if
    needed); a state that cannot be copied, or that equals only itself (equality by identity),
    is kept as its ``repr`` (both items); one :func:`made_of_immutables`, or that
    ``copy.deepcopy`` gives back as itself, cannot change, and nothing is kept; nor is anything
    kept of one whose copy takes more than :data:`COPY_SECONDS`, which goes unchecked.
    """
    if made_of_immutables(state):
        return (_ITSELF, None)
    try:
        copied = deep_copy(state)
    except CopyTooSlow:  # a state too costly to copy is not checked (see COPY_SECONDS)
        return (_ITSELF, None)
    except Exception:  # then its repr must do
        text = safe_repr(state)
        return (text, text)
    if copied is state:
        return (_ITSELF, None)
    if _equal(copied, state):
        return (copied, None)
    text = safe_repr(state)
    return (text, text)


def changed(state: object, taken: tuple[Any, str | None]) -> bool:
    """Whether ``state`` differs from what it was when :func:`snapshot` gave ``taken``."""
    copied, text = taken
    if copied is _ITSELF:
        return False
    if text is not None:  # compared by repr
        return bool(safe_repr(state) != text)
    return _equal(state, copied) is False


def _equal(one: object, other: object) -> bool | None:
    """``one == other`` as a bool, ``None`` if the comparison raises (or gives no bool)."""
    try:
        return bool(one == other)
    except Exception:  # a state whose == raises, or gives an array: no verdict
        return None


def safe_repr(state: object) -> str:
    """``repr(state)``, or a stand-in if it raises."""
    try:
        return repr(state)
    except Exception as exc:  # a state whose repr raises is still a state
        return f"<{type(state).__name__} whose repr raised {type(exc).__name__}>"


def before(taken: tuple[Any, str | None]) -> str:
    """The ``repr`` of the state :func:`snapshot` gave ``taken`` of, as it was then."""
    copied, text = taken
    return text if text is not None else safe_repr(copied)


def mutation_error(state: object, taken: tuple[Any, str | None]) -> GameProtocolError:
    """The error for a game whose ``result`` changed ``state``, which was ``taken`` before."""
    return GameProtocolError(
        f"result(state, action) changed the state it was given, from {before(taken)} to "
        f"{safe_repr(state)}; it must return a new state and leave the one it is given as it "
        "was (gamesearch.check_game(game) checks every state)"
    )


def check_unchanged(
    state: object, taken: tuple[Any, str | None], cause: Exception | None = None
) -> None:
    """Raise :func:`mutation_error` if ``state`` differs from its :func:`snapshot` ``taken``.

    A searcher checks the root it expanded, once a search (or an iteration): a game whose
    ``result`` changes the state it is given changes the root first, and a copy and a
    comparison per search cost nothing next to the search. ``cause`` is the error the search
    met, if any, which the changed state explains.
    """
    if changed(state, taken):
        raise mutation_error(state, taken) from cause


@contextmanager
def unchanged(state: object) -> Iterator[None]:
    """Check with :func:`check_unchanged` that the block leaves ``state`` as it was.

    If the block raises and ``state`` changed, the error is :func:`mutation_error`'s, which
    names the cause (the block's error follows from it).
    """
    taken = snapshot(state)
    try:
        yield
    except Exception as exc:
        check_unchanged(state, taken, exc)
        raise
    check_unchanged(state, taken)


def is_positive_number(value: object) -> bool:
    """Whether ``value`` is an int or float > 0 that a float holds (not a ``bool``): seconds.

    Not NaN nor infinite, and not an int beyond the largest float (``10**400``), which a
    deadline ``started + seconds`` could not be computed from (a raw ``OverflowError``).

    >>> is_positive_number(0.5), is_positive_number(10**300), is_positive_number(10**400)
    (True, True, False)
    """
    return (
        not isinstance(value, bool)
        and isinstance(value, (int, float))
        and 0 < value <= _LARGEST
    )


def is_count(value: object, least: int = 1) -> bool:
    """Whether ``value`` is an int of at least ``least``: not a ``bool``, which is no count.

    >>> is_count(3), is_count(True), is_count(0), is_count(0, least=0), is_count(2.0)
    (True, False, False, True, False)
    """
    return not isinstance(value, bool) and isinstance(value, int) and value >= least


def check_count(searcher: str, name: str, value: object, *, optional: bool = True) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``value`` is an int >= 1 (or ``None``).

    ``searcher`` and ``name`` say whose keyword it is, in the message; ``None`` passes unless
    the count is not ``optional``.
    """
    if (value is None and optional) or is_count(value):
        return
    also = " or None" if optional else ""
    raise InvalidSearchOptionError(
        f"{searcher}: {name} must be an int >= 1{also}, not {short_repr(value)}"
    )


def is_player(mover: object, players: int, *, chance: bool) -> bool:
    """Whether ``mover``, what ``to_move`` returned, names one of ``players`` players.

    A number equal to a player counts (``1.0`` is player 1), as the loops compare movers with
    ``==``; a ``bool`` does not. With ``chance``, ``CHANCE`` counts too.
    """
    if isinstance(mover, bool):
        return False
    return mover in range(players) or (chance and mover == CHANCE)


def repeated_action(actions: Sequence[Any]) -> int:
    """The position of the first action of ``actions`` listed before it, or -1 if none is.

    Actions are compared as a strategy's keys are: ``==`` (with their hashes, where they have
    them; one by one where they do not).

    >>> repeated_action(("win", "win", "lose")), repeated_action(([0], [1]))
    (1, -1)
    """
    seen: set[Any] = set()
    try:
        for position, action in enumerate(actions):
            if action in seen:
                return position
            seen.add(action)
    except TypeError:  # an action that cannot be hashed: compare each with those before it
        for position, action in enumerate(actions):
            if any(action == earlier for earlier in actions[:position]):
                return position
    return -1


def children_fault(game: Any, state: object) -> str | None:
    """What is wrong with ``game.children(state)``, judged by the plain members; ``None`` if not.

    ``children`` is the ``Game`` protocol's optional fast member: it must give, in one
    sequence, ``(action, result(state, action), mover)`` for every action of
    ``actions(state)`` in that order, where ``mover`` is ``to_move`` of the child, or ``None``
    when the child is terminal. :func:`gamesearch.conformance.check_game` reports what this finds.
    """
    try:
        given = list(game.children(state))
    except Exception as exc:  # whatever the game raises is the defect to report
        return f"children({state!r}) raised {type(exc).__name__}: {exc}"
    actions = list(game.actions(state))
    if len(given) != len(actions):
        return (
            f"children({state!r}) gave {len(given)} children, but actions gives "
            f"{len(actions)}: {actions!r}"
        )
    for action, item in zip(actions, given, strict=True):
        try:
            got_action, child, mover = item
        except (TypeError, ValueError):
            return f"children({state!r}) gave {item!r}, not an (action, child, mover) triple"
        expected = game.result(state, action)
        terminal = game.is_terminal(expected)
        wanted = None if terminal else game.to_move(expected)
        if got_action != action or child != expected:
            return (
                f"children({state!r}) gave ({got_action!r}, {child!r}) where actions and "
                f"result give ({action!r}, {expected!r})"
            )
        if mover != wanted or (mover is None) != terminal:
            return (
                f"children({state!r}) gave mover {mover!r} for action {action!r}, but "
                f"{'the child is terminal (None)' if terminal else f'to_move gives {wanted!r}'}"
            )
    return None


def non_losing_fault(game: Any, state: object, win: float) -> str | None:
    """What is wrong with ``game.non_losing_actions(state)``, judged by the plain members.

    The engine's solving hook must give the actions that win at once (a terminal child worth
    ``win``, the game's ``win_utility``, to the mover) if there are any; else every action
    after which the opponent cannot win at once. ``None`` if it does.
    """
    mover = game.to_move(state)

    def wins_at_once(position: object, player: object) -> bool:
        for action in game.actions(position):
            child = game.result(position, action)
            if game.is_terminal(child) and game.utility(child, player) == win:
                return True
        return False

    actions = list(game.actions(state))
    winning = _winning_at_once(game, state, actions, mover, win)
    expected = winning or [
        action
        for action in actions
        if game.is_terminal(child := game.result(state, action))
        or (game.to_move(child) == mover or not wins_at_once(child, game.to_move(child)))
    ]
    given = list(game.non_losing_actions(state))
    if sorted(map(repr, given)) != sorted(map(repr, expected)):
        return (
            f"non_losing_actions({state!r}) gave {given!r}, but the actions that "
            f"{'win at once' if winning else 'do not let the opponent win at once'} are "
            f"{expected!r}"
        )
    return None


def _winning_at_once(
    game: Any, state: object, actions: list[Any], mover: object, win: float
) -> list[Any]:
    """Those of ``actions`` whose child is terminal and worth ``win`` to ``mover``."""
    return [
        action
        for action in actions
        if game.is_terminal(child := game.result(state, action))
        and game.utility(child, mover) == win
    ]


def must_play_fault(game: Any, state: object, win: float) -> str | None:
    """What is wrong with ``game.must_play(state)`` that the plain members can show.

    It must give some of ``actions(state)``, and every one that wins at once (a terminal child
    worth ``win``, the game's ``win_utility``, to the mover): only moves that lose may be left
    out. That the others lose takes a search to check. ``None`` if nothing is seen wrong.
    """
    mover = game.to_move(state)
    actions = list(game.actions(state))
    region = list(game.must_play(state))
    strays = [action for action in region if action not in actions]
    if strays:
        return f"must_play({state!r}) gave {strays!r}, which are not among the actions {actions!r}"
    winning = _winning_at_once(game, state, actions, mover, win)
    left_out = [action for action in winning if action not in region]
    if left_out:
        return (
            f"must_play({state!r}) left out {left_out!r}, which win at once; it may leave out "
            "only moves that lose"
        )
    return None


def inferior_fault(game: Any, state: object, win: float) -> str | None:
    """What is wrong with ``game.inferior_moves(state)`` that the plain members can show.

    It must give some of ``actions(state)``, never all of them, and none that wins at once (a
    terminal child worth ``win`` to the mover). That each is no better than the best of the
    others takes a search to check. ``None`` if nothing is seen wrong.
    """
    actions = list(game.actions(state))
    inferior = list(game.inferior_moves(state))
    strays = [action for action in inferior if action not in actions]
    if strays:
        return (
            f"inferior_moves({state!r}) gave {strays!r}, which are not among the actions "
            f"{actions!r}"
        )
    if actions and all(action in inferior for action in actions):
        return f"inferior_moves({state!r}) gave every action; it must leave at least one"
    winning = _winning_at_once(game, state, actions, game.to_move(state), win)
    inferior_winning = [action for action in winning if action in inferior]
    if inferior_winning:
        return (
            f"inferior_moves({state!r}) gave {inferior_winning!r}, which win at once; the "
            "searchers search only those where there are some"
        )
    return None


def solving_children_fault(game: Any, state: object) -> str | None:
    """What is wrong with ``game.non_losing_children(state)``, judged by the plain members.

    It must give ``(action, result(state, action), mover)`` for each action of
    ``non_losing_actions(state)`` (in any order: best first), where ``mover`` is ``to_move``
    of the child, or ``None`` when the child is terminal. ``None`` if it does.
    """
    made = game.non_losing_children(state)
    given = list(made) if isinstance(made, Iterable) else made
    shape = children_shape_fault(given, state)
    if shape is not None:
        return shape
    actions = list(game.non_losing_actions(state))
    if sorted(repr(item[0]) for item in given) != sorted(map(repr, actions)):
        return (
            f"non_losing_children({state!r}) gave the actions {[item[0] for item in given]!r}, "
            f"but non_losing_actions gives {actions!r}"
        )
    for action, child, mover in given:
        expected = game.result(state, action)
        terminal = game.is_terminal(expected)
        if child != expected or mover != (None if terminal else game.to_move(expected)):
            return (
                f"non_losing_children({state!r}) gave ({action!r}, {child!r}, {mover!r}), "
                "which is not (action, result(state, action), to_move of it or None)"
            )
    return None


def children_shape_fault(given: object, state: object) -> str | None:
    """What is wrong with the shape of ``given``, ``non_losing_children(state)``, or ``None``.

    It must give a sequence of ``(action, child, mover)`` triples, as ``children`` does.
    """
    if not isinstance(given, Iterable):
        return f"non_losing_children({state!r}) must give a sequence of triples"
    for item in given:
        if not isinstance(item, tuple) or len(item) != 3:
            return (
                f"non_losing_children({state!r}) gave {item!r}: each child must be a triple "
                "(action, child, mover), mover being to_move of the child or None if it is terminal"
            )
    return None


_S = TypeVar("_S")


def is_action_sequence(actions: object) -> bool:
    """Whether ``actions`` is what ``game.actions`` must return: a sequence.

    One the searchers can take the length of and index (a list, a tuple, a range), not a
    generator, a set or a dict.
    """
    if isinstance(actions, Sequence):
        return True
    kind = type(actions)
    return (
        hasattr(kind, "__len__") and hasattr(kind, "__getitem__") and not hasattr(kind, "keys")
    )


def actions_kind_error(state: object, actions: object) -> GameProtocolError | None:
    """The error for ``actions(state)`` returning ``actions`` if it is no sequence, else None.

    >>> print(str(actions_kind_error((3, 0), (a for a in (1, 2)))).split(";")[0])
    actions((3, 0)) returned a generator, not a sequence
    >>> actions_kind_error((3, 0), [1, 2]) is None
    True
    """
    if is_action_sequence(actions):
        return None
    what = "None" if actions is None else f"a {type(actions).__name__}"
    return GameProtocolError(
        f"actions({safe_repr(state)}) returned {what}, not a sequence; it must return a "
        "sequence (a list or a tuple) of the legal actions, which searchers take the length "
        "of and index"
    )


def no_actions_error(state: object, actions: object = ()) -> GameProtocolError:
    """The error for a non-terminal state without actions (``actions`` returned ``actions``)."""
    if actions is None:
        return GameProtocolError(
            f"actions({state!r}) returned None; it must return a sequence (a list or a tuple) of "
            "the legal actions"
        )
    return GameProtocolError(
        f"state {state!r} is not terminal but has no actions; "
        "is_terminal must be true exactly where actions is empty"
    )


def terminal_value(game: Game[_S, Any], state: _S, player: Player) -> float:
    """``game.utility(state, player)`` as a float, refusing NaN and what is not a number."""
    return checked_number(game.utility(state, player), state, player, "utility")
