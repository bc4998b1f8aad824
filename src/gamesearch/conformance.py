"""The game conformance checker: does a game keep the promises of the ``Game`` protocol?

:func:`check_game` walks the game's states, all of them from the initial state breadth first
while there are at most ``max_states``, then random lines of play to the end, and checks at
every state what the searchers rely on. It needs no third-party package, so a game's own test
suite can call it in one line (it is also :func:`gamesearch.testing.check_game`):

>>> from gamesearch.conformance import check_game
>>> from gamesearch.games import TicTacToe
>>> report = check_game(TicTacToe())
>>> report.states, report.exhaustive   # one state per position up to symmetry (TicTacToe.key)
(765, True)
"""

from __future__ import annotations

import contextlib
import copy
import math
import random
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from numbers import Real
from typing import Any, NoReturn

from ._entry import check_is_game
from ._faults import report_raised
from ._knowledge_check import ExactValues, knowledge_faults
from ._merged_keys import Met, check_merged_keys
from ._problems import Problems, Trail
from ._validation import (
    actions_kind_error,
    before,
    changed,
    children_fault,
    inferior_fault,
    is_count,
    must_play_fault,
    non_losing_fault,
    number_error,
    repeated_action,
    snapshot,
    solving_children_fault,
)
from .capabilities import Capabilities
from .errors import GameProtocolError, InvalidSearchOptionError, short_repr
from .game import Game

__all__ = ["ConformanceReport", "check_game"]

_CHANCE = -1
"""``to_move`` at a chance node (``gamesearch.CHANCE``)."""
_TOLERANCE = 1e-9
"""How far chance probabilities may sum from 1."""
_MAX_LINE = 10_000
"""The longest random line of play followed, in plies: a game that runs on is cut there."""
_EXACT_BUDGET = 300
"""The most states an exact search of the game below a state may make to check the game's
``proven_value``, ``must_play`` and ``inferior_moves`` there (:mod:`._knowledge_check`)."""


@dataclass(frozen=True)
class ConformanceReport:
    """What :func:`check_game` looked at, when it found nothing wrong."""

    states: int
    """Distinct states checked."""

    terminal: int
    """How many of them were terminal."""

    exhaustive: bool
    """Whether every state reachable from the initial state was checked (the game has at most
    ``max_states`` of them)."""

    lines: int
    """Random lines of play followed to the end (or to 10,000 plies)."""

    max_states: int = 10_000
    """The most states the breadth-first walk was given (``check_game``'s ``max_states``)."""

    knowledge: tuple[int, int] | None = None
    """For a game with ``proven_value``, ``must_play`` or ``inferior_moves``: at how many
    states they were checked against an exact search, and at how many they were not (the game
    below took more than 300 states to search); ``None`` for a game without them."""

    def __str__(self) -> str:
        """What was checked, in one sentence, with the call that checks every state if not all.

        >>> from gamesearch.games import ConnectFour
        >>> report = check_game(ConnectFour(4, 4), max_states=100, lines=5)
        >>> report.exhaustive, str(report).startswith("checked 1")
        (False, True)
        >>> print(str(report).split(": ")[-1].split(", say")[0])
        check_game(game, max_states=1_000_000)
        """
        checked = f"checked {self.states:,} states ({self.terminal:,} terminal)"
        if self.exhaustive:
            return f"{checked}: every state reachable from the initial state{self._knowing()}"
        more = max(10 * self.max_states, 1_000_000)
        return (
            f"{checked}, not every reachable state: the first {self.max_states:,} found breadth "
            f"first from the initial state (max_states={self.max_states:_}), then "
            f"{self.lines:,} random lines of play to the end. To check every state, pass "
            f"max_states above their number: check_game(game, max_states={more:_}), say; "
            f"report.exhaustive is then True{self._knowing()}"
        )

    def _knowing(self) -> str:
        """What was checked of the game's knowledge, where it has some and some went unchecked."""
        if self.knowledge is None or not self.knowledge[1]:
            return ""
        done, not_done = self.knowledge
        return (
            f". Its proven_value, must_play and inferior_moves were checked against an exact "
            f"search at {done:,} states, where the game below takes at most {_EXACT_BUDGET} "
            f"states to search, and NOT at {not_done:,} nearer the root, where the searchers "
            "trust them: knowledge that is wrong there gives pns and dfpn a wrong proof"
        )


def check_game(
    game: Game[Any, Any],
    *,
    max_states: int = 10_000,
    lines: int = 100,
    zero_sum: bool = False,
    seed: int = 0,
    utility_anywhere: bool = False,
) -> ConformanceReport:
    """Check that ``game`` keeps the ``Game`` protocol's promises; raise if it does not.

    Every state checked must be hashable (or its ``game.key``), and equal states must hash
    alike: ``result`` applied twice to the same state and action gives equal states, and a
    copy of a state equals it. ``result`` must not change the state it is given. A terminal
    state has no actions and a utility for every player, a finite real number (not NaN); a
    non-terminal state has actions (at a decision, none listed twice), a player to move in
    ``range(num_players)`` (or ``-1``, a chance node) and no utility: ``utility`` must raise
    there rather than answer, so that a search that scores a state too early fails loudly. At
    a chance node (``chance_outcomes``), the probabilities are numbers >= 0 that sum to 1 and
    the outcomes are the actions. With ``zero_sum=True``, the utilities of every terminal
    state sum to 0. A game with the optional ``children`` member must give there exactly what
    ``actions``, ``result``, ``is_terminal`` and ``to_move`` give; one with ``features``
    must give, at every state that is not terminal and for every player, a tuple of finite
    real numbers, as many at every state. A two-player game's knowledge, which the proof
    searchers trust, is checked against an exact search wherever the game below a state
    takes at most 300 states to search (:mod:`gamesearch._knowledge_check`): where
    ``proven_value`` answers, it is the exact value; every move ``must_play`` leaves out
    loses; the best move ``inferior_moves`` leaves in is the best move (neither may leave out
    a move that wins at once, nor ``inferior_moves`` every move, anywhere).

    Args:
        game: The game to check.
        max_states: The most states to visit breadth first from the initial state; a game
            with fewer reachable states is checked exhaustively.
        lines: How many random lines of play to follow from the initial state to the end,
            which reach deep states the breadth-first walk does not.
        zero_sum: Check that the utilities of every terminal state sum to 0 (``negamax``'s
            assumption).
        seed: The seed of the random lines, so that a failure repeats.
        utility_anywhere: Let ``utility`` answer at states that are not terminal, as
            OpenSpiel's ``returns()`` and some wrappers of chess libraries do (every
            searcher asks for a utility only at terminal states, so this is safe; the check
            exists to catch a search that scores a state too early).

    Returns:
        How much was checked: ``report.exhaustive`` is False when the game has more than
        ``max_states`` reachable states (the default checks 10,000 of them, then ``lines``
        random lines of play), and ``str(report)`` says so in words, with the call that checks
        every state.

    Raises:
        NotAGameError: ``game`` lacks members of the protocol.
        GameProtocolError: the game breaks the protocol; the message lists every kind of
            defect found, each with the line of play that reaches an example.

    Example:
        A game whose ``result`` changes the state it is given, a list (so not hashable either):

        >>> class Appending:
        ...     num_players = 1
        ...     def initial_state(self): return []
        ...     def to_move(self, state): return 0
        ...     def actions(self, state): return [] if len(state) == 2 else ["a"]
        ...     def result(self, state, action): state.append(action); return state
        ...     def is_terminal(self, state): return len(state) == 2
        ...     def utility(self, state, player): return 1.0
        >>> try:
        ...     check_game(Appending())
        ... except GameProtocolError as error:
        ...     print(str(error).splitlines()[1])
        - states must be hashable, but list is not: unhashable type: 'list' (at the initial state)
    """
    check_is_game(game)
    for name, value in (("max_states", max_states), ("lines", lines), ("seed", seed)):
        if not is_count(value, least=0 if name != "seed" else -(2**63)):
            raise InvalidSearchOptionError(
                f"check_game: {name} must be an int{' >= 0' if name != 'seed' else ''}, got "
                f"{short_repr(value)}"
            )
    problems = Problems()
    players: Any
    try:
        players = game.num_players
    except Exception as exc:  # a property that raises: reported, as every member's error is
        players = f"an error ({type(exc).__name__}: {exc})"
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        problems.add_at("players", f"num_players must be an int >= 1, not {players!r}", None)
        _raise(game, problems)
    try:
        members = Capabilities.of(game)
    except GameProtocolError as exc:
        problems.add_at("members", str(exc), None)
        _raise(game, problems)
    keyfn = members.key
    feature_count: list[int] = []  # the length of the first features(...) seen, once seen
    knowing = members.proven_value or members.must_play or members.inferior_moves
    exact = ExactValues(game, keyfn, _EXACT_BUDGET) if knowing and players == 2 else None
    win = members.win_utility if isinstance(members.win_utility, (int, float)) else None
    seen: set[Hashable] = set()
    checked = terminal = 0
    knowledge = [0, 0]  # states whose knowledge was checked, and not (too much below)
    # The states met, each with its line, where a key may merge some: checked at the end.
    merging = players == 2 and (keyfn is not None or members.solving_key is not None)
    met: list[Met] = []

    def visit(state: Any, line: Trail) -> list[tuple[Any, Any]]:
        """Check ``state`` unless done before; return its ``(action, child)`` pairs if new.

        Whatever the game raises is a defect, reported with the line of play to ``state``;
        the walk goes on with the other states.
        """
        try:
            return checked_state(state, line)
        except Exception as exc:  # any member of the game may raise anything: report it
            report_raised(game, exc, state, problems, line)
            return []

    def checked_state(state: Any, line: Trail) -> list[tuple[Any, Any]]:
        nonlocal checked, terminal
        key = _key(state, keyfn, problems, line)
        if merging and len(met) < 2 * max_states:
            met.append((state, line))
        if key is not None:
            if key in seen:
                return []
            seen.add(key)
        checked += 1
        if game.is_terminal(state):
            terminal += 1
            _check_terminal(game, state, players, zero_sum, problems, line)
            return []
        if members.features is not None:
            _check_features(members.features, state, players, feature_count, problems, line)
        children = _check_inner(game, members, state, players, problems, line, utility_anywhere)
        if exact is not None and children:
            for fault in knowledge_faults(game, members, state, exact, win):
                problems.add_at("knowledge", fault, line)
            knowledge[exact.value(state, game.to_move(state)) is None] += 1
        return children

    try:
        start = game.initial_state()
    except Exception as exc:  # no state to walk from
        report_raised(game, exc, None, problems, None)
        _raise(game, problems)
    pending: deque[tuple[Any, Trail]] = deque([(start, None)])
    links: list[Trail] = []  # every step of the lines of play, let go of one by one at the end
    while pending and checked < max_states:
        state, line = pending.popleft()
        for action, child in visit(state, line):
            links.append((line, action))
            pending.append((child, links[-1]))
    exhaustive = not pending
    if exhaustive and merging and len(met) < 2 * max_states:
        check_merged_keys(game, members, met, problems, budget=10 * max(max_states, 1_000))
    pending.clear()
    met.clear()
    line = None
    _let_go(links)
    rng = random.Random(seed)
    for _ in range(0 if exhaustive else lines):
        state, line = start, None
        try:
            for _ in range(_MAX_LINE):
                visit(state, line)
                actions = list(game.actions(state))
                if game.is_terminal(state) or not actions:
                    break
                action = rng.choice(actions)
                links.append((line, action))
                state, line = game.result(state, action), links[-1]
        except Exception as exc:  # reported, as in the walk; the next line starts afresh
            report_raised(game, exc, state, problems, line)
        line = None
        _let_go(links)
    if problems.found:
        _raise(game, problems)
    return ConformanceReport(
        checked,
        terminal,
        exhaustive,
        0 if exhaustive else lines,
        max_states=max_states,
        knowledge=None if exact is None else (knowledge[0], knowledge[1]),
    )


def _let_go(links: list[Trail]) -> None:
    """Free the steps of the lines of play in ``links``, the deepest first, one at a time.

    A line is a chain of nested pairs ``(line before, action)``. Freed at once from its deepest
    pair, each pair frees the one before it: a recursion in C as deep as the line, which
    overflows a browser's stack at a few thousand plies (measured: 3,000 pairs freed, 5,000
    crashed Pyodide in Chromium), where a random line runs to 10,000. Freed from the end of
    ``links``, each pair's predecessor is still held by the list, so each pair goes alone.
    The caller holds no other reference to the lines.
    """
    while links:
        links.pop()


def _raise(game: Any, problems: Problems) -> NoReturn:
    found = "\n".join(f"- {message}" for message in problems.found.values())
    raise GameProtocolError(f"{type(game).__name__} breaks the Game protocol:\n{found}")


def _key(
    state: Any, keyfn: Callable[[Any], Any] | None, problems: Problems, line: Trail
) -> Hashable | None:
    """The state's hashable identity (its ``key``, if the game has one), ``None`` if none."""
    try:
        key = state if keyfn is None else keyfn(state)
        hash(key)
    except TypeError as exc:
        what = "the keys game.key(state) gives" if keyfn is not None else "states"
        problems.add_at(
            "hash",
            f"{what} must be hashable, but {type(state).__name__} is not: {exc}",
            line,
        )
        return None
    return key  # type: ignore[no-any-return]


def _check_terminal(
    game: Any,
    state: Any,
    players: int,
    zero_sum: bool,
    problems: Problems,
    line: Trail,
) -> None:
    listed = _listed_actions(game, state, problems, line)
    if listed:
        problems.add_at(
            "terminal-actions",
            f"the terminal state {state!r} has actions {listed!r}; "
            "actions must be empty exactly where is_terminal is true",
            line,
        )
    utilities = []
    for player in range(players):
        try:
            value = game.utility(state, player)
        except Exception as exc:  # whatever the game raises is the defect to report
            problems.add_at(
                "utility-fails",
                f"utility({state!r}, {player}) raised {type(exc).__name__}: {exc}; "
                "a terminal state needs a utility for every player",
                line,
            )
            return
        if number_error(value, state, player, "utility") is not None:
            problems.add_at(
                "utility-number",
                f"utility({state!r}, {player}) returned {value!r}; utilities are finite real "
                "numbers, not NaN nor infinite",
                line,
            )
            return
        utilities.append(float(value))
    if zero_sum and abs(math.fsum(utilities)) > _TOLERANCE * max(1.0, *map(abs, utilities)):
        problems.add_at(
            "zero-sum",
            f"the utilities of the terminal state {state!r} are {utilities}, which do not "
            "sum to 0, yet the game was declared zero-sum (negamax needs "
            "utility(s, 0) == -utility(s, 1)); search it with alphabeta",
            line,
        )


def _check_inner(
    game: Any,
    members: Capabilities,
    state: Any,
    players: int,
    problems: Problems,
    line: Trail,
    utility_anywhere: bool = False,
) -> list[tuple[Any, Any]]:
    """Check a non-terminal state; return its ``(action, child)`` pairs.

    ``members`` is the game's record of optional members, read once by :func:`check_game`.
    """
    actions = _listed_actions(game, state, problems, line)
    if not actions:
        problems.add_at(
            "no-actions",
            f"the state {state!r} is not terminal but has no actions; is_terminal must be "
            "true exactly where actions is empty",
            line,
        )
    mover = game.to_move(state)
    if mover == _CHANCE:
        _check_chance(members.chance_outcomes, state, actions, problems, line)
    elif isinstance(mover, bool) or not isinstance(mover, int) or not 0 <= mover < players:
        problems.add_at(
            "to-move",
            f"to_move({state!r}) returned {mover!r}; players are numbered 0 to "
            f"{players - 1} (-1 marks a chance node)",
            line,
        )
    else:
        _check_repeats(state, actions, problems, line)
    if not utility_anywhere:
        _check_no_utility(game, state, problems, line)
    _check_order(members.order, state, actions, problems, line)
    if members.children is not None and actions:
        fault = children_fault(game, state)
        if fault is not None:
            problems.add_at("children", f"{fault}; it must agree with the plain members", line)
    if actions and mover != _CHANCE:
        _check_solving(game, members, state, problems, line)
    taken = snapshot(state)
    children = []
    for action in actions:
        child = game.result(state, action)
        if changed(state, taken):
            problems.add_at(
                "mutation",
                f"result(state, {action!r}) changed the state it was given, from "
                f"{before(taken)} to {state!r}; it must return a new state",
                line,
            )
            break
        try:
            _check_same(game, state, action, child, members.key, problems, line)
        except Exception as exc:  # the child's key, __hash__ or __eq__: reported at the child
            report_raised(game, exc, child, problems, (line, action))
            continue
        children.append((action, child))
    if members.region is not None:
        _check_region(members.region, state, children, problems, line)
    return children


def _listed_actions(game: Any, state: Any, problems: Problems, line: Trail) -> list[Any]:
    """``actions(state)`` as a list; reported if it is no sequence (a generator, ``None``)."""
    returned = game.actions(state)
    wrong = actions_kind_error(state, returned)
    if wrong is None:
        return list(returned)
    problems.add_at("actions-kind", str(wrong), line)
    try:
        return list(returned)
    except TypeError:  # None, a number: nothing to walk on
        return []


def _check_repeats(state: Any, actions: list[Any], problems: Problems, line: Trail) -> None:
    """A decision lists each of its actions once: a strategy gives each its own probability."""
    twice = repeated_action(actions)
    if twice >= 0:
        problems.add_at(
            "repeated-action",
            f"actions({state!r}) lists {actions[twice]!r} twice: {actions!r}; each legal "
            "action is listed once (CFR would split one action's probability between them)",
            line,
        )


def _check_region(
    region: Callable[[Any], Hashable | None],
    state: Any,
    children: list[tuple[Any, Any]],
    problems: Problems,
    line: Trail,
) -> None:
    """``region(state)`` must be hashable, and a state's region its children's.

    ``solve`` on an executor gives each region to one part and trusts the hook: a child outside
    its parent's region would be solved by two parts, or by a part and the driver.
    """
    try:
        label = region(state)
        hash(label)
    except TypeError as exc:
        problems.add_at("region", f"region({state!r}) is not hashable: {exc}", line)
        return
    if label is None:
        return
    for action, child in children:
        found = region(child)
        if found != label:
            problems.add_at(
                "region",
                f"region({state!r}) is {label!r} but the child after {action!r} has region "
                f"{found!r}; every state reachable from a region must lie in it",
                line,
            )
            return


def _check_solving(
    game: Any, members: Capabilities, state: Any, problems: Problems, line: Trail
) -> None:
    """The engine's solving hooks, where the game has them, against the plain members.

    ``non_losing_actions`` and ``must_play`` (with ``win_utility``), ``non_losing_children``
    and ``solving_key`` are used by the searchers without checks at every node: this is where
    they are checked.
    """
    win = members.win_utility
    if members.non_losing_actions is not None and isinstance(win, (int, float)):
        fault = non_losing_fault(game, state, float(win))
        if fault is not None:
            problems.add_at("non-losing", fault, line)
    if members.must_play is not None and isinstance(win, (int, float)):
        fault = must_play_fault(game, state, float(win))
        if fault is not None:
            problems.add_at("must-play", fault, line)
    if members.inferior_moves is not None and isinstance(win, (int, float)):
        fault = inferior_fault(game, state, float(win))
        if fault is not None:
            problems.add_at("inferior", fault, line)
    if members.non_losing_children is not None:
        fault = solving_children_fault(game, state)
        if fault is not None:
            problems.add_at("non-losing-children", fault, line)
    solving_key = members.solving_key
    if solving_key is not None:
        try:
            hash(solving_key(state))
        except TypeError as exc:
            problems.add_at("solving-key", f"solving_key({state!r}) is not hashable: {exc}", line)


def _check_order(
    order: Callable[[Any, Any], Any] | None, state: Any, actions: list[Any], problems: Problems,
    line: Trail,
) -> None:  # fmt: skip
    """A game's own ``order`` must return every action once, rearranged.

    The engine uses a game's ``order`` method without checking it at every node (it checks an
    ``order=`` passed to it): this is where a game's own ordering is checked.
    """
    if order is None or not actions:
        return
    ordered = order(state, tuple(actions))
    if not isinstance(ordered, (list, tuple)) or sorted(map(repr, ordered)) != sorted(
        map(repr, actions)
    ):
        problems.add_at(
            "order",
            f"order({state!r}, actions) returned {ordered!r} for the actions {actions!r}; it "
            "must return a list or a tuple of every action once, rearranged",
            line,
        )


def _check_features(
    features: Callable[[Any, int], Any],
    state: Any,
    players: int,
    count: list[int],
    problems: Problems,
    line: Trail,
) -> None:
    """A game's ``features`` must give a tuple of finite reals, as many at every state.

    A learned evaluation weighs them one weight each (:mod:`gamesearch.learning`): one more or
    one fewer would shift every weight onto another feature. ``count`` holds the length of
    the first tuple seen.
    """
    for player in range(players):
        found = features(state, player)
        if not isinstance(found, tuple) or any(
            number_error(value, state, player, "features") is not None for value in found
        ):
            problems.add_at(
                "features",
                f"features({state!r}, {player}) returned {found!r}; it must be a tuple of "
                "finite real numbers (not NaN nor infinite, not bools)",
                line,
            )
            return
        if not count:
            count.append(len(found))
        elif len(found) != count[0]:
            problems.add_at(
                "features-length",
                f"features({state!r}, {player}) gives {len(found)} numbers where an earlier "
                f"state gave {count[0]}; every state needs as many, one per weight",
                line,
            )
            return


def _check_no_utility(game: Any, state: Any, problems: Problems, line: Trail) -> None:
    try:
        value = game.utility(state, 0)
    except Exception:  # refusing is right, with whatever exception the game likes
        return
    problems.add_at(
        "utility-inner",
        f"utility({state!r}, 0) returned {value!r} for a state that is not terminal; "
        "utility is the payoff of a finished game: raise an error there (such as "
        "gamesearch.GameProtocolError), so that a search scoring a state too early fails",
        line,
    )


def _check_chance(
    outcomes: Callable[[Any], Any] | None,
    state: Any,
    actions: list[Any],
    problems: Problems,
    line: Trail,
) -> None:
    if outcomes is None:
        problems.add_at(
            "chance-member",
            f"to_move({state!r}) is -1, a chance node, but the game has no "
            "chance_outcomes(state) to give the probabilities",
            line,
        )
        return
    pairs = list(outcomes(state))
    probabilities = [p for _, p in pairs]
    if any(
        isinstance(p, bool) or not isinstance(p, Real) or math.isnan(p) or p < 0
        for p in probabilities
    ):
        problems.add_at(
            "chance-negative",
            f"chance_outcomes({state!r}) gives probabilities {probabilities!r}; each must "
            "be a number >= 0",
            line,
        )
    elif abs(math.fsum(probabilities) - 1.0) > _TOLERANCE:
        problems.add_at(
            "chance-sum",
            f"the probabilities of chance_outcomes({state!r}) sum to "
            f"{math.fsum(probabilities)!r}, not 1: {probabilities!r}",
            line,
        )
    if [outcome for outcome, _ in pairs] != actions:
        problems.add_at(
            "chance-actions",
            f"at the chance node {state!r}, actions() gives {actions!r} but "
            f"chance_outcomes() gives {[o for o, _ in pairs]!r}; they must be the same",
            line,
        )


def _check_same(
    game: Any,
    state: Any,
    action: Any,
    child: Any,
    keyfn: Callable[[Any], Any] | None,
    problems: Problems,
    line: Trail,
) -> None:
    """Equal states must compare equal and hash alike, or a table would miss them."""
    again = game.result(state, action)
    twins = [("result(state, action) applied twice", again)]
    with contextlib.suppress(Exception):  # a state that cannot be copied is still a state
        twins.append(("a copy.deepcopy of the state", copy.deepcopy(child)))
    for how, twin in twins:
        left, right = (child, twin) if keyfn is None else (keyfn(child), keyfn(twin))
        try:
            same = left == right and hash(left) == hash(right)
        except TypeError:
            return  # unhashable: reported where the state is visited
        if not same:
            problems.add_at(
                "equality",
                f"{how} gives {right!r}, which is the same state as {left!r} but does not "
                "compare equal to it with the same hash; define __eq__ and __hash__ on the "
                "state (a frozen dataclass does), or the searchers' tables will not find it",
                (line, action),
            )
            return
