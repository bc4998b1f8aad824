"""Perfect Information Monte Carlo (PIMC): search sampled worlds as if the cards were face up.

PIMC (Levy 1989 for bridge; Ginsberg's GIB, 2001) chooses a move in a game of imperfect
information by *determinization*: draw worlds (states the player cannot tell from the real one)
with ``sample_state``, search each as a game of perfect information with any searcher of the
library, and play the action of best value averaged over the worlds. It is strong in card play
and it is wrong in two known ways (Frank and Basin 1998; Long, Sturtevant, Buro and Furtak
2010):

- *Strategy fusion*: in each world, the searcher lets the player choose its later moves
  knowing that world, where the real player must choose one move for all the worlds it cannot
  tell apart. A line that is good in every world, but each time through a different later
  move, looks good, though the player cannot tell which later move is the right one.
- *Non-locality*: worlds are drawn as if the other players' moves told nothing (by their
  chance probability, which ``sample_state`` promises). A player who would have moved
  otherwise in some worlds tells that those worlds are not the real one; PIMC still weighs
  them.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .._entry import check_budget, iteration_limit
from .._faults import examined
from ..errors import GameProtocolError, InvalidSearchOptionError, UnsupportedGameError
from ..game import Game, Player
from ..limit import Limit
from ..montecarlo.search import mcts
from ..result import SearchResult, SearchStats
from ..twoplayer.alphabeta import alphabeta
from ._chance_worlds import AlphabetaOrExpectiminimax, expectiminimax_values
from ._determinized import (
    DeterministicView,
    WorldView,
    check_determinizable,
    decision_root,
    sample_world,
)
from ._sampling import generator
from .protocol import DeterminizableGame

__all__ = ["PIMCResult", "WorldSearcher", "face_up", "pimc"]

_S = TypeVar("_S")
_A = TypeVar("_A")

WorldSearcher = Callable[[Any, Any], SearchResult[Any]]
"""``searcher(game, world)``: a search of the world ``world`` as a game of perfect information,
whose ``action_values`` give the value of every action of the world for the player to move
(as :func:`~gamesearch.alphabeta` with ``root_values=True`` and :func:`~gamesearch.mcts`
give)."""

_SEARCHERS = ("alphabeta", "expectiminimax", "mcts")

_WITH_CHANCE = ("expectiminimax", "mcts")
"""The searchers given the game face up (:func:`face_up`), ``chance_outcomes`` and all; the
others are given a :class:`~._determinized.DeterministicView`."""


@dataclass(frozen=True)
class PIMCResult(Generic[_A]):
    """What :func:`pimc` returns: the move, each action's value, and the worlds searched."""

    action: _A
    """The action of highest mean value over the worlds (the first in ``actions()`` order of
    equally good ones)."""

    value: float
    """``action``'s mean value over the worlds, for ``player``: what PIMC expects it to be
    worth (an overestimate where strategy fusion is at work)."""

    player: Player
    """Whose values these are: the player to move at the root."""

    action_values: tuple[tuple[_A, float], ...]
    """Every action of the root, in ``actions()`` order, with its mean value over the worlds
    for ``player``."""

    worlds: int
    """Worlds drawn (a world drawn again counts again in the means)."""

    distinct_worlds: int
    """Different worlds among them: the searches run (a world drawn again is not searched
    again)."""

    stats: SearchStats
    """The work of all the searches, added up (``max_depth`` the deepest of them);
    ``elapsed`` is the whole call's."""


@examined
def pimc(
    game: DeterminizableGame[Any, _A],
    state: Any = None,
    *,
    limit: Limit | None = None,
    worlds: int | None = None,
    time_limit: float | None = None,
    searcher: str | WorldSearcher | None = None,
    options: Mapping[str, Any] | None = None,
    rng: Any = None,
) -> PIMCResult[_A]:
    """Choose a move by Perfect Information Monte Carlo: the best action averaged over worlds.

    Each world is drawn with ``game.sample_state(state, player, rng)`` for the player to move,
    searched as a game of perfect information, and each action's value in it (for the player)
    added up; the action of highest mean value is chosen. Every world searched is a state the
    player cannot tell from ``state`` (checked). See the module's docstring for where PIMC
    errs: strategy fusion and non-locality.

    Args:
        game: A game of imperfect information with ``sample_state``
            (:class:`DeterminizableGame`).
        state: The root, where the player to move chooses; ``None`` means the initial state.
        limit: ``worlds`` (as its ``iterations``) and ``time_limit`` as one
            :class:`~gamesearch.Limit` (its ``depth`` and ``node_limit`` are refused).
        worlds: How many worlds to draw (an int >= 1).
        time_limit: Stop drawing worlds after this many seconds (at least one is searched).
            With ``worlds`` too, whichever comes first.
        searcher: How to search a world: ``"alphabeta"`` (exact, two players; with
            ``root_values=True``), ``"expectiminimax"`` (exact, two players, chance nodes
            too: each root action searched on its own), ``"mcts"`` (any number of players,
            chance nodes too; give it a limit in ``options``), or a function
            ``searcher(game, world)`` returning a :class:`~gamesearch.SearchResult` whose
            ``action_values`` value every action of the world for the player to move.
            Each is given a view of the game without ``information_set`` and
            ``sample_state``, as a game of perfect information, which a world is (the
            searchers of perfect information refuse a game that declares them).
            ``"alphabeta"`` and a function see the ``Game`` members only, without
            ``chance_outcomes`` (as the searchers of deterministic games take a game), so the
            worlds must have no chance node left; ``"expectiminimax"`` and ``"mcts"`` see
            every other member. ``None`` (the default), for a
            two-player game: ``"alphabeta"``, and ``"expectiminimax"`` for the worlds with a
            chance node ahead (cards still to deal, as Leduc's public card before the second
            round), once the first world has met one (``expectiminimax`` without pruning visits
            every node: worlds fully dealt keep alpha-beta's speed). A game of more players
            needs ``"mcts"``.
        options: Keyword options of the named searcher, such as ``{"iterations": 500}`` for
            ``"mcts"`` or ``{"depth": 4, "evaluate": ...}`` for ``"alphabeta"`` (not with a
            function: bind them into it).
        rng: An int seed or a ``random.Random``: draws the worlds (and seeds ``mcts``). The
            same seed gives the same result (with ``worlds``).

    Returns:
        The chosen action, every action's mean value for the player to move, and how many
        worlds were drawn and searched.

    Raises:
        UnsupportedGameError: no ``searcher`` for a game of more than two players (name
            ``"mcts"``), or a world with a chance node ahead searched by ``"alphabeta"`` or a
            function.
        InvalidSearchOptionError: no limit, a limit out of range, an unknown searcher name,
            ``options`` with a function, a searcher that leaves an action without a value or
            values it for another player; or a root that is terminal or a chance node.
        NotAGameError: ``game`` lacks ``sample_state``, ``information_set`` or a member of the
            ``Game`` protocol.
        GameProtocolError: a drawn world the player can tell from the root, or a world with
            other actions than the root's.
        GameSearchError: what the searcher raises on a world (``alphabeta`` and
            ``expectiminimax`` refuse more than two players: use ``"mcts"`` there).

    Example:
        >>> from gamesearch.imperfect import OhHell
        >>> game = OhHell()
        >>> state = game.initial_state()
        >>> for action in ((0, 3, 8), (2, 4, 7), 1, 1):  # player 0 holds QS, QH and AD
        ...     state = game.result(state, action)
        >>> result = pimc(game, state, worlds=10, rng=1)
        >>> game.card_name(result.action), result.worlds, result.player
        ('AD', 10, 0)
    """
    worlds, time_limit = iteration_limit("pimc", limit, worlds, time_limit)
    started = time.perf_counter()
    check_determinizable(game, "pimc")
    check_budget("pimc", worlds, time_limit)
    generator_ = generator(rng, "pimc")
    search = _world_searcher(searcher, options, generator_, game)
    # A world is a game of perfect information, but the game declares information_set, for
    # which every searcher of perfect information refuses it: each searches a view without it.
    # The searchers of deterministic games refuse a game with chance_outcomes, even when the
    # world has no chance node left; expectiminimax and mcts search chance nodes as they are.
    seen_as = face_up(game) if searcher in _WITH_CHANCE else DeterministicView(game, "pimc")
    root, player, actions = decision_root(game, state, "pimc")
    deadline = None if time_limit is None else started + time_limit
    totals = [0.0] * len(actions)
    seen: dict[Any, tuple[float, ...]] = {}
    nodes = leaves = cutoffs = depth = drawn = 0
    while worlds is None or drawn < worlds:
        world = sample_world(game, root, player, generator_, "pimc")
        values = seen.get(world)
        if values is None:
            if tuple(game.actions(world)) != actions:
                raise GameProtocolError(
                    f"pimc: the world {world!r}, which player {player} cannot tell from the "
                    f"root, has the actions {list(game.actions(world))}, not {list(actions)}"
                )
            result = search(seen_as, world)
            values = seen[world] = _values(result, actions, player, world)
            nodes += result.stats.nodes
            leaves += result.stats.leaves
            cutoffs += result.stats.cutoffs
            depth = max(depth, result.stats.max_depth)
        for index, value in enumerate(values):
            totals[index] += value
        drawn += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    means = [total / drawn for total in totals]
    best = max(range(len(actions)), key=lambda i: (means[i], -i))
    stats = SearchStats(nodes, leaves, cutoffs, depth, time.perf_counter() - started)
    return PIMCResult(
        action=actions[best],
        value=means[best],
        player=player,
        action_values=tuple(zip(actions, means, strict=True)),
        worlds=drawn,
        distinct_worlds=len(seen),
        stats=stats,
    )


def face_up(game: Game[_S, _A]) -> Game[_S, _A]:
    """``game`` with nothing hidden: a game of perfect information, which every searcher takes.

    A view of ``game`` with its ``Game`` members and every optional member (``chance_outcomes``,
    ``key``, ...) but ``information_set`` and ``sample_state``, which declare a game of
    imperfect information: the searchers of perfect information refuse such a game, for they
    would let each player see what is hidden from it. A world that PIMC draws, every hidden
    card placed, is a game of perfect information, and ``pimc`` hands ``mcts`` its worlds so.
    Use it where nothing is hidden after all (``HiddenDealGame(..., perfect_information=True)``
    declares ``information_set`` for CFR), or to ask what the game is worth with every card
    face up.

    Args:
        game: A game, of imperfect information or not.

    Returns:
        The view: ``face_up(game).result`` is ``game.result``, and so on.

    Example:
        >>> from gamesearch import expectiminimax
        >>> from gamesearch.imperfect import KuhnPoker
        >>> expectiminimax(KuhnPoker())  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gamesearch.errors.UnsupportedGameError: expectiminimax searches games of perfect ...
        >>> expectiminimax(face_up(KuhnPoker())).value  # the high card wins, seen by both
        0.0
    """
    view: Game[_S, _A] = WorldView(game)
    return view


def _world_searcher(
    searcher: object, options: Mapping[str, Any] | None, rng: random.Random, game: Any
) -> WorldSearcher:
    """The function that searches one world, for a searcher's name (and options) or a function.

    Raises:
        InvalidSearchOptionError: an unknown name, options that are not a mapping, or options
            with a function.
        UnsupportedGameError: no searcher named, for a game of other than two players.
    """
    if options is not None and not isinstance(options, Mapping):
        raise InvalidSearchOptionError(
            f"pimc: options must be a mapping of the searcher's options, not {options!r}"
        )
    given = dict(options or {})
    if callable(searcher):
        if given:
            raise InvalidSearchOptionError(
                "pimc: options go with a searcher's name; bind them into a function "
                "(functools.partial(searcher, ...))"
            )
        return searcher  # checked by its results
    if searcher is None:
        if game.num_players != 2:
            raise UnsupportedGameError(
                "pimc searches worlds with alphabeta (or expectiminimax, past chance nodes) by "
                f"default, for two players, and {type(game).__name__} has {game.num_players}: "
                "pass searcher='mcts' (with options={'iterations': N})"
            )
        return AlphabetaOrExpectiminimax(**given)
    if searcher == "alphabeta":
        return functools.partial(alphabeta, **{**given, "root_values": True})
    if searcher == "expectiminimax":
        return functools.partial(expectiminimax_values, **given)
    if searcher == "mcts":
        return functools.partial(mcts, **{**given, "rng": rng})
    raise InvalidSearchOptionError(
        f"pimc: searcher must be one of {', '.join(_SEARCHERS)} or a function "
        f"searcher(game, world), not {searcher!r}"
    )


def _values(result: Any, actions: tuple[Any, ...], player: Player, world: Any) -> tuple[float, ...]:
    """Each root action's value in ``world`` for ``player``, read from the search's result.

    Raises:
        InvalidSearchOptionError: the result is not a search result, values the world for
            another player, or lacks the value of an action.
    """
    found = getattr(result, "action_values", None)
    if getattr(result, "player", player) != player or found is None:
        raise InvalidSearchOptionError(
            f"pimc: the searcher must return a SearchResult whose action_values give every "
            f"action's value for player {player}, the player to move; it returned {result!r}"
        )
    by_action = dict(found)
    missing = [action for action in actions if action not in by_action]
    if missing:
        raise InvalidSearchOptionError(
            f"pimc: the searcher gave no value to the actions {missing} in the world {world!r} "
            "(with mcts, give it at least as many iterations as there are actions)"
        )
    return tuple(float(by_action[action]) for action in actions)
