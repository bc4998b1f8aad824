"""The registry of searchers: one row per searcher, the one place that says what each takes.

A searcher is a function ``searcher(game, state=None, *, ...)``. Its row (a :class:`Searcher`)
says where it lives, which kinds of game it accepts, which limits it keeps and which it needs,
what its ``trace=`` observer is told and what its result promises. What the library says of the
searchers is made from these rows, or checked against them by a test:

- the refusal of a limit a searcher cannot keep names the searchers that take it
  (:func:`takers`), and a searcher without a limit it needs is refused by name;
- the refusal of a game of the wrong kind (chance nodes, more players, hidden information)
  names the searchers that accept it (:func:`accepting`);
- the command's ``--searcher`` choices are the rows marked ``command``;
- the tables of ``docs/choosing.md`` and ``docs/reference.md`` and the tests' lists of
  searchers are checked against the rows.

Adding a searcher is its module, its row here, its tests and its section of the docs
(CONTRIBUTING.md). The rows name their functions by import path, so this module imports no
searcher: the shared checks below the searchers read it.

>>> find_searcher("alphabeta").limits
('depth',)
>>> takers("node_limit")
'iterative_deepening, pns, dfpn and mcts'
>>> find_searcher("mcts").accepts(players=3, chance=True, hidden=False)
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .errors import InvalidSearchOptionError

__all__ = [
    "FIELDS",
    "SEARCHERS",
    "Events",
    "Searcher",
    "accepting",
    "find_searcher",
    "takers",
    "with_names",
]

FIELDS = ("depth", "time_limit", "node_limit", "iterations")
"""The fields of a :class:`~gamesearch.Limit`, each a keyword of the same name and meaning."""

Events = Literal["depth-first", "monte-carlo", "proof-number", "none"]
"""What a searcher's ``trace=`` observer is told: ``"depth-first"``, the events of a search
that enters and leaves nodes (``Enter``, ``Leaf``, ``Prune``, ``Leave``, ...: alpha-beta's,
expectiminimax's, max-n's); ``"monte-carlo"``, the four steps of each iteration (``Select``,
``Expand``, ``Playout``, ``Backup``); ``"proof-number"``, the questions and steps of a
proof-number search (``Ask``, ``Choose``, ``Develop``, ``Renumber``, ``Answer``, between the
root's ``Enter`` and ``Leave``); ``"none"``, a searcher that takes no observer."""


@dataclass(frozen=True)
class Searcher:
    """One searcher: where it lives, what games and limits it takes, what it promises."""

    name: str
    """The function's name, as ``gamesearch`` (or ``gamesearch.imperfect``) exports it."""

    path: str
    """``module:function``, where the function is defined."""

    family: str
    """The folder of its family: ``twoplayer``, ``proofs``, ``chance``, ``multiplayer``,
    ``montecarlo``, ``parallel``, ``solving`` or ``imperfect``."""

    players: Literal["two", "any"]
    """How many players a game may have: exactly two, or any number (one or more)."""

    chance: bool
    """Whether it searches games with chance nodes (``chance_outcomes``)."""

    hidden: bool
    """Whether it is for games of imperfect information (``information_set``): a searcher of
    perfect information refuses them, one of imperfect information needs them."""

    limits: tuple[str, ...]
    """The fields of a ``Limit`` it keeps (its keywords of the same names); it refuses the
    others by name."""

    needs_limit: bool
    """Whether it refuses to run without one of its limits (it would run forever)."""

    events: Events
    """What its ``trace=`` observer is told."""

    promises: str
    """What its result promises, in a phrase (for the docs' tables)."""

    command: bool = False
    """Whether ``gamesearch solve``/``play --searcher`` offers it by name."""

    iterations_keyword: str = "iterations"
    """Its keyword for the ``iterations`` field (``pimc`` draws ``worlds``)."""

    zero_sum: bool = False
    """Whether it needs a zero-sum game, whose two utilities add up to 0 at every end: it
    refuses another (``negamax``, which gives one player the negation of the other's value;
    Nim's 1 and 0 are no such pair). The command reads it before it runs the searcher."""

    constant_sum: bool = False
    """Whether it needs a constant-sum game, whose two utilities add up to the same number at
    every end (the table solver, ``solve``, which keeps one value per state). The command reads
    it before it runs the searcher, and chooses no such searcher by default for another game."""

    without_limit: str = "searches to the end"
    """What it does when given no limit, in a phrase (for the docs' table of limits); a searcher
    that needs a limit refuses to run without one instead."""

    exports: tuple[str, ...] = ()
    """The packages that export it by name besides its module (``gamesearch``, its family's
    package): each imports it and lists it in ``__all__`` (a test names the line to add). A
    searcher that no package exports is imported from its module, ``path``."""

    @property
    def function(self) -> Callable[..., Any]:
        """The searcher itself, imported on first use."""
        module, _, name = self.path.partition(":")
        found: Callable[..., Any] = getattr(importlib.import_module(module), name)
        return found

    def accepts(self, *, players: int, chance: bool, hidden: bool) -> bool:
        """Whether it searches a game of ``players`` players, with or without chance or secrets.

        A searcher of imperfect information accepts only games that hide something; a searcher
        of perfect information only games that do not.
        """
        if hidden != self.hidden or (chance and not self.chance):
            return False
        return self.players == "any" or players == 2

    def keyword(self, field: str) -> str:
        """Its keyword for the ``Limit`` field ``field``."""
        return self.iterations_keyword if field == "iterations" else field


_TOP = "gamesearch"
_TWO = "gamesearch.twoplayer"
_IMPERFECT = "gamesearch.imperfect"
_EXACT = "the minimax value, the best action and its line (exact to the end, or at the depth)"
_DEPTH = ("depth",)
_BUDGET = ("time_limit", "iterations")
_PROVEN = "searches until the value is proven (stopped by a limit: the bounds proven so far)"

SEARCHERS: tuple[Searcher, ...] = (
    Searcher("minimax", f"{_TWO}.minimax:minimax", "twoplayer", "two", False, False, _DEPTH,
             False, "depth-first", _EXACT + "; every node read", command=True,
             exports=(_TOP, _TWO)),
    Searcher("alphabeta", f"{_TWO}.alphabeta:alphabeta", "twoplayer", "two", False, False,
             _DEPTH, False, "depth-first", _EXACT, command=True,
             exports=(_TOP, _TWO)),
    Searcher("negamax", f"{_TWO}.negamax:negamax", "twoplayer", "two", False, False, _DEPTH,
             False, "depth-first", _EXACT + " (zero-sum games)", command=True, zero_sum=True,
             exports=(_TOP, _TWO)),
    Searcher("iterative_deepening", f"{_TWO}.deepening:iterative_deepening", "twoplayer",
             "two", False, False, ("depth", "time_limit", "node_limit"), False, "depth-first",
             "the deepest completed iteration's value, action and line; exact once proven",
             command=True, without_limit="deepens until the value is proven",
             exports=(_TOP, _TWO)),
    Searcher("mtdf", f"{_TWO}.mtdf:mtdf", "twoplayer", "two", False, False, _DEPTH, False,
             "depth-first", _EXACT + "; without a depth, the exact solver's proof",
             command=True, without_limit="searches to the end (the exact solver, where the game "
             "offers it)", exports=(_TOP, _TWO)),
    Searcher("pns", "gamesearch.proofs.pns:pns", "proofs", "two", False, False,
             ("time_limit", "node_limit"), False, "proof-number",
             "the proven value (exact), its proving action and the proof's size; stopped by a "
             "limit, only the bounds proven", command=True, without_limit=_PROVEN,
             exports=(_TOP, "gamesearch.proofs")),
    Searcher("dfpn", "gamesearch.proofs.dfpn:dfpn", "proofs", "two", False, False,
             ("time_limit", "node_limit"), False, "proof-number",
             "the proven value (exact), its proving action and the proof's size; stopped by a "
             "limit, only the bounds proven", command=True, without_limit=_PROVEN,
             exports=(_TOP, "gamesearch.proofs")),
    Searcher("parallel_search", "gamesearch.parallel.search:parallel_search", "parallel", "two",
             False, False, _DEPTH, False, "none", "alphabeta's value and action, split over "
             "an executor's workers",
             exports=(_TOP, "gamesearch.parallel")),
    Searcher("expectiminimax", "gamesearch.chance.expectiminimax:expectiminimax", "chance",
             "two", True, False, _DEPTH, False, "depth-first",
             "the expectiminimax value (expected over chance), exact with Star1 and Star2",
             command=True,
             exports=(_TOP, "gamesearch.chance")),
    Searcher("expectimax", "gamesearch.chance.expectimax:expectimax", "chance", "any", True,
             False, _DEPTH, False, "depth-first",
             "the mover's expected value against a model of the other players",
             exports=(_TOP, "gamesearch.chance")),
    Searcher("maxn", "gamesearch.multiplayer.maxn:maxn", "multiplayer", "any", False, False,
             _DEPTH, False, "depth-first", "one value per player, each maximising its own",
             command=True,
             exports=(_TOP, "gamesearch.multiplayer")),
    Searcher("paranoid", "gamesearch.multiplayer.paranoid:paranoid", "multiplayer", "any",
             False, False, _DEPTH, False, "depth-first",
             "the mover's value against a coalition of all the others",
             exports=(_TOP, "gamesearch.multiplayer")),
    Searcher("best_reply", "gamesearch.multiplayer.best_reply:best_reply", "multiplayer", "any",
             False, False, _DEPTH, False, "depth-first",
             "the mover's value when only the strongest opponent replies",
             exports=(_TOP, "gamesearch.multiplayer")),
    Searcher("mcts", "gamesearch.montecarlo.search:mcts", "montecarlo", "any", True, False,
             ("time_limit", "node_limit", "iterations"), True, "monte-carlo",
             "the most visited action and each player's mean utility (proven with the solver)",
             command=True,
             exports=(_TOP, "gamesearch.montecarlo")),
    Searcher("solve", "gamesearch.solving.solver:solve", "solving", "two", True, False, (),
             False, "none", "a Solution: every reachable state's value, distance and best "
             "actions (two-player constant-sum games)", command=True, constant_sum=True,
             without_limit="solves every reachable position to the end; takes no limit",
             exports=(_TOP, "gamesearch.solving")),
    Searcher("opening_book", "gamesearch.solving.opening:opening_book", "solving", "two", False,
             False, (), False, "none",
             "a Solution of the positions of the first plies, each solved exactly",
             without_limit="solves each position of its first plies to the end; takes no limit",
             exports=("gamesearch.solving",)),
    Searcher("cfr", f"{_IMPERFECT}.regret:cfr", "imperfect", "any", True, True, _BUDGET, True,
             "none", "an average strategy and its exploitability (CFR, CFR+)",
             exports=(_IMPERFECT,)),
    Searcher("mccfr", f"{_IMPERFECT}.sampled_regret:mccfr", "imperfect", "any", True, True,
             _BUDGET, True, "none",
             "an average strategy (Monte Carlo CFR: external or outcome sampling)",
             exports=(_IMPERFECT,)),
    Searcher("ismcts", f"{_IMPERFECT}.information_set_mcts:ismcts", "imperfect", "any", True,
             True, _BUDGET, True, "monte-carlo",
             "the most visited action at the player's information set",
             exports=(_IMPERFECT,)),
    Searcher("pimc", f"{_IMPERFECT}.world_sampling:pimc", "imperfect", "any", True, True,
             _BUDGET, True, "none", "the action of best mean value over sampled worlds",
             iterations_keyword="worlds",
             exports=(_IMPERFECT,)),
)  # fmt: skip
"""Every searcher, in the order the docs present them."""

_BY_NAME = {row.name: row for row in SEARCHERS}


DETERMINISTIC = frozenset({
    "minimax", "alphabeta", "negamax", "iterative_deepening", "mtdf", "pns", "dfpn",
    "expectiminimax", "expectimax", "maxn", "paranoid", "best_reply",
})  # fmt: skip
"""The searchers that, given no time limit, choose the same action in the same state every time
(nothing random, nothing kept from one search to the next): a player of theirs is
deterministic (see :attr:`~gamesearch.SearcherPlayer.deterministic`). ``mcts`` draws at random;
``parallel_search`` may split ties by which worker finished first."""


SEEDED = frozenset({"mcts"})
"""The searchers that draw at random from their ``rng`` option: given an int (a seed, drawn
afresh at every search) and no time limit, they too choose the same action in the same state
every time, and a player of theirs is deterministic."""


def find_searcher(name: str) -> Searcher:
    """The row of the searcher called ``name``.

    Raises:
        InvalidSearchOptionError: no searcher has that name (the message lists them).

    Example:
        >>> find_searcher("pimc").keyword("iterations")
        'worlds'
    """
    found = _BY_NAME.get(name)
    if found is None:
        raise InvalidSearchOptionError(
            f"no searcher is called {name!r}; the searchers are {with_names(_BY_NAME)}"
        )
    return found


def with_names(names: Iterable[str], conjunction: str = "and") -> str:
    """Names in prose: ``"a, b and c"`` (one: itself), in the order given.

    Example:
        >>> with_names(["minimax", "alphabeta", "negamax"])
        'minimax, alphabeta and negamax'
        >>> with_names(["expectiminimax", "mcts"], "or")
        'expectiminimax or mcts'
    """
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} {conjunction} {listed[-1]}"


def takers(field: str) -> str:
    """The searchers that keep the ``Limit`` field ``field``, in prose.

    Example:
        >>> takers("iterations")
        'mcts, cfr, mccfr, ismcts and pimc'
    """
    return with_names(row.name for row in SEARCHERS if field in row.limits)


def accepting(*, players: int, chance: bool, hidden: bool) -> list[str]:
    """The names of the searchers that accept a game of this kind, in the registry's order.

    Example:
        >>> accepting(players=2, chance=True, hidden=False)
        ['expectiminimax', 'expectimax', 'mcts', 'solve']
    """
    return [
        row.name
        for row in SEARCHERS
        if row.accepts(players=players, chance=chance, hidden=hidden)
    ]
