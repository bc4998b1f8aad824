"""What a game can do beyond the protocol: its optional members, read once into one record.

The :class:`~gamesearch.game.Game` protocol is all a searcher needs. A game may offer more, and
the searchers that can use it do: a ``key`` for transposition tables, an ``order`` of its
actions, all ``children`` in one call, an ``evaluate`` for the depth limit, ``features`` for a
learned evaluation, and so on. Each such capability is a small :class:`typing.Protocol` below
(those of games of imperfect information, ``information_set`` and ``sample_state``, are the
protocols of :mod:`gamesearch.imperfect.protocol`), so that a game's author can say (and a
type checker can check) which ones a class offers::

    class Bones(Game[int, int], Keyed[int], Evaluating[int]): ...

:meth:`Capabilities.of` reads all of a game's optional members once, the way OpenSpiel reads a
game's type record, into a frozen :class:`Capabilities`: each capability is the bound method
(or the value, for an attribute), or ``None`` when the game lacks it. A searcher reads the
record at its entry and never probes the game again; one that needs a capability the game
lacks says so by name with :meth:`Capabilities.need`.

    >>> from gamesearch.games import TicTacToe
    >>> found = Capabilities.of(TicTacToe())
    >>> "key" in found.names and "children" in found.names
    True
    >>> found.chance_outcomes is None
    True
"""

# No `from __future__ import annotations`: the named tuples below would then compile each
# field's annotation from its string as the module loads (about 20 us a field).
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, NoReturn, Protocol, TypeVar

from .errors import GameProtocolError, UnsupportedGameError
from .game import Player

__all__ = [
    "Capabilities",
    "Chance",
    "Children",
    "Costly",
    "Deciding",
    "EngineKernel",
    "EngineSearch",
    "EngineSetting",
    "Evaluating",
    "Explaining",
    "Featured",
    "Inferior",
    "Keyed",
    "LaidOut",
    "MustPlaying",
    "Named",
    "NonLosing",
    "Ordering",
    "Parameterized",
    "Parsing",
    "Passing",
    "PlayoutKernel",
    "ProbeSetting",
    "Proving",
    "RandomPlayout",
    "Regions",
    "Remade",
    "Rendering",
    "SideTable",
    "SolvingKernel",
    "SolvingKeyed",
    "SolvingProbe",
    "TableAccess",
    "UtilityBounded",
    "file_may_make",
]

_S = TypeVar("_S", contravariant=True)
_A = TypeVar("_A")
_T = TypeVar("_T")


class Keyed(Protocol[_S]):
    """A game with ``key``."""

    def key(self, state: _S) -> Hashable:
        """``key(state)``: a hashable identity for tables; states of equal value may share one."""


class Ordering(Protocol[_S, _A]):
    """A game with ``order``."""

    def order(self, state: _S, actions: Sequence[_A], /) -> Sequence[_A]:
        """``order(state, actions)``: the same actions, most promising first."""


class Children(Protocol[_S]):
    """A game with ``children``."""

    def children(self, state: _S) -> Iterable[tuple[Any, Any, Player | None]]:
        """``(action, child, mover)`` for every action, in ``actions`` order.

        ``mover`` is ``to_move(child)``, or ``None`` when ``child`` is terminal.
        """


class Chance(Protocol[_S]):
    """A game with ``chance_outcomes``."""

    def chance_outcomes(self, state: _S) -> Sequence[tuple[Any, float]]:
        """``chance_outcomes(state)``: nature's moves at a chance node, with their probabilities."""


class Evaluating(Protocol[_S]):
    """A game with ``evaluate``."""

    def evaluate(self, state: _S, player: Player) -> float:
        """``evaluate(state, player)``: an estimate of the state's utility for ``player``."""


class Featured(Protocol[_S]):
    """A game with ``features``."""

    def features(self, state: _S, player: Player) -> tuple[float, ...]:
        """``features(state, player)``: numbers describing ``state`` from ``player``'s side.

        The same number of them for every state; finite reals. A learned evaluation
        (:class:`~gamesearch.learning.LinearEvaluation`) weighs them.
        """


class Rendering(Protocol[_S]):
    """A game with ``render``."""

    def render(self, state: _S) -> str:
        """``render(state)``: the state as text, for the command and the pictures."""


class Parsing(Protocol):
    """A game with ``parse``."""

    def parse(self, text: str) -> Any:
        """``parse(text)``: an action read from what a person typed."""


class Named(Protocol):
    """A game with ``player_names``."""

    @property
    def player_names(self) -> Sequence[str]:
        """``player_names``: what to call the players, by number."""


class LaidOut(Protocol):
    """A game with ``layout``."""

    @property
    def layout(self) -> str | None:
        """``layout``: the coordinates the command draws beside a board (``"squares"``, ...)."""


class Proving(Protocol[_S]):
    """A game with ``win_utility``."""

    @property
    def win_utility(self) -> float:
        """``win_utility`` and ``non_losing_actions(state)``: what the engine's proofs use."""

    def non_losing_actions(self, state: _S) -> Sequence[Any]:
        """The actions that win at once, else those after which the opponent cannot."""


class Deciding(Protocol[_S]):
    """A game with ``proven_value``."""

    def proven_value(self, state: _S, player: Player) -> float | None:
        """``proven_value(state, player)``: ``player``'s exact value, if known without search.

        ``None`` where the game cannot tell; never a guess: the proof searchers take a
        state it decides as a leaf.
        """


class MustPlaying(Protocol[_S]):
    """A game with ``must_play``."""

    def must_play(self, state: _S) -> Sequence[Any]:
        """``must_play(state)``: actions outside of which every action of the mover loses.

        Hex's must-play region: what the other player's threats leave. Only moves proven to
        lose may be left out (empty: every move loses); the proof searchers search no other,
        so it must never be a guess. Unlike ``non_losing_actions``, it may leave out moves
        that lose only after many more.
        """


class Inferior(Protocol[_S]):
    """A game with ``inferior_moves``."""

    def inferior_moves(self, state: _S) -> Collection[Any]:
        """``inferior_moves(state)``: actions no better for the mover than the best action left.

        Each is worth at most what the best action not among them is worth to the mover
        (Hex's dead and captured cells: a move there passes, or is answered in place), so a
        search may leave them all out and lose nothing. Never every action, and never one
        that wins at once (the proof searchers search only the winning moves where there are
        some); never a guess: the searchers do not search them.
        """


class Costly(Protocol):
    """A game with ``costly_knowledge``."""

    @property
    def costly_knowledge(self) -> bool:
        """``costly_knowledge``: whether the game's knowledge costs far more than a move.

        ``True`` (its ``proven_value``, ``must_play`` and ``inferior_moves``; Hex's H-search
        takes milliseconds a position): the proof searchers then ask them only of the nodes
        they search, not of every child they make, and a new child's first proof and disproof
        numbers are 1 and 1 (Benzene's df-pn does the same).
        """


class Explaining(Protocol[_S]):
    """A game with ``proven_reason`` and ``must_play_reason``: the why of its knowledge.

    Proof-number search takes a state that ``proven_value`` decides as a leaf, and leaves out
    the moves outside ``must_play``: shortcuts a student cannot see in the tree. A traced
    search (and only a traced one: the untraced search never calls these) asks the game why,
    and tells its words in the story (:class:`~gamesearch.trace.ProofChild`'s ``reason``,
    :class:`~gamesearch.trace.LeftOut`'s): Hex names the chain or the virtual connection that
    decides a position, and the other player's threats that make its must-play region. Either
    may be given without the other.
    """

    def proven_reason(self, state: _S, player: Player) -> str | None:
        """``proven_reason(state, player)``: why ``proven_value(state, player)`` decides ``state``.

        A sentence naming the knowledge that fired, or ``None`` where it has nothing to say
        (where ``proven_value`` gives ``None``, say). Called only where ``proven_value``
        decided the state.
        """

    def must_play_reason(self, state: _S) -> str | None:
        """``must_play_reason(state)``: why ``must_play(state)`` leaves out the moves it does.

        A sentence naming what makes the region (Hex: the other player's threats and the cells
        each needs), or ``None``. Called only where ``must_play`` left out a move.
        """


class NonLosing(Protocol[_S]):
    """A game with ``non_losing_children``."""

    def non_losing_children(self, state: _S) -> Iterable[tuple[Any, Any, Player | None]]:
        """``non_losing_children(state)``: the children of ``non_losing_actions``, best first."""


class SolvingKeyed(Protocol[_S]):
    """A game with ``solving_key``."""

    def solving_key(self, state: _S) -> Hashable:
        """``solving_key(state)``: the exact solver's table key, if not ``key``."""


class SideTable(Protocol):
    """A table a game's own loop keeps beside the engine's transposition table, and reads back.

    The game's loop stores what it proves in it, in its own form (ConnectFour's solver packs
    each entry in a float, as Pons's solver packs them); the transposition table reads an entry
    back through :meth:`raw_entry` (for ``get``, and the principal variation of a result) and
    counts them with ``len``. It holds proven values only: they hold at any depth and in any
    later search of the same game.
    """

    def raw_entry(self, key: Hashable) -> tuple[int, float, Any] | None:
        """``(bound, value, action)`` stored for ``key``, or ``None``.

        As the engine's table stores them: the bound's code, the value (a distance score counted
        from the state, see :mod:`gamesearch.twoplayer._distances`) and the best action.
        """

    def __len__(self) -> int:
        """How many entries the table holds."""


class TableAccess(NamedTuple):
    """The engine's transposition table as a game's own loop reads and writes it.

    Its entries and store, and the encoding of an entry, so that a game's loop stores what the
    general loop stores (see :mod:`gamesearch.twoplayer.table` and
    :mod:`gamesearch.twoplayer._distances`).
    """

    entries: dict[Hashable, Any] | None
    """The table's entries (written in place while there is room), or ``None`` for no table."""
    store: Callable[[Hashable, Any], None]
    """The table's store of one raw entry."""
    search_id: int
    """The search's number, the first field of every entry."""
    top: float
    """The value of a win now; a win in ``d`` plies is ``top - d``, a loss its negation."""
    mate: float
    """Values at or beyond ``mate`` (either sign) are wins or losses with their distance."""
    exact: int
    """The code of an exact value in an entry."""
    lower: int
    """The code of a lower bound."""
    upper: int
    """The code of an upper bound."""
    unlimited: int
    """The depth recorded for a proven value, and the horizon of a search without a depth."""
    side: Callable[[Hashable, Callable[[], SideTable]], Any] | None = None
    """The table's ``side_table(owner, make)``: the table a game's loop keeps beside it under
    ``owner``, made by ``make()`` the first time (see :class:`SideTable`); ``None`` for none."""


class ProbeSetting(NamedTuple):
    """What the exact solver hands a game's :class:`SolvingKernel` for one probe."""

    root: Any
    """The state the probe searches from, as the solver was given it."""
    table: TableAccess
    """The transposition table."""
    capacity: int
    """The most entries the table holds; past it, its store decides."""
    win: float
    """The game's ``win_utility`` as the solver reads it (as Python sees the member)."""


class SolvingProbe(Protocol):
    """One probe of a game's own exact-solving loop: its value and the counts of its work."""

    expanded: int
    leaves: int
    cutoffs: int
    max_depth: int
    root_action: Any

    def run(self, state: Any, alpha: float, beta: float) -> float:
        """The fail-soft value of the non-terminal ``state`` for its mover, window (alpha, beta)."""


class SolvingKernel(Protocol):
    """A game with ``solving_kernel``: its own loop for the exact solver's probes."""

    def solving_kernel(self, setting: ProbeSetting) -> SolvingProbe | None:
        """``solving_kernel(setting)``: a probe that visits the general loop's nodes, or None.

        The engine's exact solver (``mtdf`` without a depth, and the opening books it solves,
        on a game with ``win_utility`` and ``non_losing_children``) runs each untraced probe with
        it when the game gives one: the same answer as the general loop (a fail-soft bound on
        the same side of the probe's point, the exact value once the probes meet, a best root
        action), at the cost of a node of a loop written for the game; its nodes and counts
        are its own (ConnectFour's table forgets entries, and its probe counts no leaves).
        ``None`` where it does not pay (ConnectFour gives one only when its probe is compiled,
        on boards that fit a word).
        One probe serves a whole search: its ``run`` is called for each probe, from
        ``setting.root`` or from a state play reaches from it (a child of the root), and counts
        the work of that run alone.
        """


class RandomPlayout(Protocol):
    """A game's own loop for ``mcts``'s random playouts (see :class:`PlayoutKernel`)."""

    plies: int
    """The moves the last :meth:`run` played."""

    def run(self, state: Any, random: Callable[[], float]) -> tuple[float, ...]:
        """Every player's utility, by player, at the end of random play from ``state``.

        ``state`` is not terminal. Each move is ``actions(state)[int(random() * n)]``, ``n``
        the number of actions, until a terminal state: the draws and moves of ``mcts``'s own
        playout, so that a search visits the same nodes with the loop or without it.
        """


class PlayoutKernel(Protocol):
    """A game with ``playout_kernel``: its own loop for ``mcts``'s random playouts."""

    def playout_kernel(self, root: Any) -> RandomPlayout | None:
        """``playout_kernel(root)``: a playout loop for a search from ``root``, or ``None``.

        ``mcts`` asks once per search (never per playout), and only for uniformly random
        playouts without chance nodes; ``None`` where the game's loop would not pay or does
        not apply (ConnectFour gives one only when compiled, on boards that fit a word, and
        from a state play reaches).
        """


class EngineSetting(NamedTuple):
    """What the engine's loop hands a game's :class:`EngineKernel` for one search.

    The options the loop runs with, its table, its memory of killers and history (shared
    across the iterations of deepening), and its limits.
    """

    root: Any
    """The state the search starts from, as the loop was given it."""
    table: TableAccess
    """The transposition table (its ``entries`` ``None`` for none)."""
    evaluate: Callable[[Any, Player], float] | None
    """The evaluation at the depth limit."""
    order: Callable[[Any, Sequence[Any]], Sequence[Any]] | None
    """The move order."""
    killers: dict[int, list[Any]] | None
    """The killers per ply, updated in place, or ``None`` for none."""
    history: dict[Any, int] | None
    """The history scores, updated in place, or ``None`` for none."""
    root_view: bool
    """Leaves are scored by the root player's utility (alpha-beta), else by the mover's."""
    win: float
    """The game's ``win_utility`` as the loop reads it."""
    limited: bool
    """Whether the search has a deadline or a node budget."""
    deadline: float
    """The ``clock()`` reading at which the search stops."""
    budget: int
    """The nodes and leaves at which the search stops."""
    clock: Callable[[], float]
    """The clock of the deadline."""
    stop: Callable[[list[tuple[Any, float]], int, int], NoReturn]
    """Raise the loop's stop with the root's values so far, the nodes and the leaves."""


class EngineSearch(Protocol):
    """One search of a game's own engine loop: its value, line and the counts of its work."""

    expanded: int
    leaves: int
    cutoffs: int
    max_depth: int
    estimates: int
    line: Any
    got_lo: bool
    got_hi: bool

    def run(
        self, state: Any, mover: Player, viewer: Player, alpha: float, beta: float, limit: int
    ) -> float:
        """The fail-soft value of the non-terminal ``state`` for ``mover``."""


class EngineKernel(Protocol):
    """A game with ``engine_kernel``: its own loop for the engine's depth-limited searches."""

    def engine_kernel(self, setting: EngineSetting) -> EngineSearch | None:
        """``engine_kernel(setting)``: a search that visits the engine loop's nodes, or None.

        The engine's loop (``iterative_deepening`` and ``alphabeta`` or ``negamax`` with a
        table, an order, killers or history) runs an untraced search with it when the game
        gives one for the options: the same nodes, counts, line, table entries, killers and
        history as the general loop. ``None`` where it does not pay or does not apply
        (ConnectFour gives one only when compiled, with its own ``order`` and ``evaluate``).
        """


class UtilityBounded(Protocol):
    """A game with ``utility_bounds``."""

    @property
    def utility_bounds(self) -> tuple[float, float] | Callable[[], tuple[float, float]]:
        """``utility_bounds``: ``(lowest, highest)``, an attribute or a method of no argument."""


class Parameterized(Protocol):
    """A game with ``game_parameters``."""

    def game_parameters(self) -> Mapping[str, object]:
        """``game_parameters()``: the keyword arguments that make the game again, as plain data."""


class Remade(Protocol):
    """A game class with ``remade_from_files``: whether a file may make a game of it."""

    remade_from_files: ClassVar[bool]
    """``False``: no file may make this game from the parameters it holds, which cannot bound
    what making it costs (a size beyond any limit the class checks, a file to read). A table
    file that names the class is then opened only with the game passed in (see
    :func:`file_may_make`). Declared once, on the class; a subclass inherits it."""


def file_may_make(cls: type) -> bool:
    """Whether a file may make a game of the class ``cls`` from the parameters it holds.

    Yes, unless the class declares ``remade_from_files`` otherwise (:class:`Remade`), as
    :class:`~gamesearch.adapters.OpenSpielGame` does: OpenSpiel loads any game its registry
    knows, of any size, from a string. :func:`gamesearch.identity.remake` asks this before it
    calls the class.

    >>> class Loaded:
    ...     remade_from_files = False
    >>> file_may_make(Loaded), file_may_make(object)
    (False, True)
    """
    return getattr(cls, "remade_from_files", True) is True


class Regions(Protocol[_S]):
    """A game with ``region``."""

    def region(self, state: _S) -> Hashable | None:
        """``region(state)``: a label no move leaves once set, for solving on many workers."""


class Passing(Protocol[_T]):
    """A game with ``pass_turn``."""

    def pass_turn(self, state: _T) -> _T:
        """``pass_turn(state)``: the state with the player to move passing (a null move)."""


# Members read as values, not called: everything else must be callable when present.
_VALUES = frozenset(
    {"player_names", "layout", "win_utility", "utility_bounds", "costly_knowledge"}
)

# How a message spells a member: a method with its arguments, a value by its name.
_SPELLED = {
    "order": "order(state, actions)",
    "evaluate": "evaluate(state, player)",
    "proven_value": "proven_value(state, player)",
    "proven_reason": "proven_reason(state, player)",
    "features": "features(state, player)",
    "parse": "parse(text)",
    "information_set": "information_set(state, player)",
    "sample_state": "sample_state(state, player, rng)",
    "game_parameters": "game_parameters()",
}


class Capabilities(NamedTuple):
    """A game's optional members, read once: each a bound method or value, or ``None``.

    Build it with :meth:`of`. The fields are named after the members; ``names`` lists the ones
    present. The record holds what the game gave: checking a value (that ``win_utility`` is a
    positive number, say) stays with the searcher that uses it.
    """

    key: Callable[[Any], Hashable] | None = None
    order: Callable[[Any, Sequence[Any]], Sequence[Any]] | None = None
    children: Callable[[Any], Iterable[tuple[Any, Any, Player | None]]] | None = None
    chance_outcomes: Callable[[Any], Sequence[tuple[Any, float]]] | None = None
    evaluate: Callable[[Any, Player], float] | None = None
    features: Callable[[Any, Player], Sequence[float]] | None = None
    render: Callable[[Any], str] | None = None
    parse: Callable[[str], Any] | None = None
    player_names: Sequence[str] | None = None
    layout: str | None = None
    win_utility: float | None = None
    non_losing_actions: Callable[[Any], Sequence[Any]] | None = None
    non_losing_children: Callable[[Any], Iterable[tuple[Any, Any, Player | None]]] | None = None
    solving_key: Callable[[Any], Hashable] | None = None
    proven_value: Callable[[Any, Player], float | None] | None = None
    must_play: Callable[[Any], Sequence[Any]] | None = None
    inferior_moves: Callable[[Any], Collection[Any]] | None = None
    costly_knowledge: bool | None = None
    proven_reason: Callable[[Any, Player], str | None] | None = None
    must_play_reason: Callable[[Any], str | None] | None = None
    solving_kernel: Callable[[ProbeSetting], SolvingProbe | None] | None = None
    engine_kernel: Callable[[EngineSetting], EngineSearch | None] | None = None
    playout_kernel: Callable[[Any], RandomPlayout | None] | None = None
    utility_bounds: Any = None
    game_parameters: Callable[[], Mapping[str, object]] | None = None
    region: Callable[[Any], Hashable | None] | None = None
    pass_turn: Callable[[Any], Any] | None = None
    information_set: Callable[[Any, Player], Hashable] | None = None
    sample_state: Callable[[Any, Player, Any], Any] | None = None
    game_name: str = "the game"

    @classmethod
    def of(cls, game: object) -> "Capabilities":
        """Read every optional member of ``game`` once.

        Raises:
            GameProtocolError: a member that must be a method (``key``, ``order``, ...) is
                present but is not callable.

        >>> class Plain:
        ...     num_players = 2
        >>> Capabilities.of(Plain()).names
        frozenset()
        """
        found: dict[str, Any] = {"game_name": type(game).__name__}
        for name in _MEMBERS:
            member = getattr(game, name, None)
            if member is None:
                continue
            if name not in _VALUES and not callable(member):
                raise GameProtocolError(
                    f"{type(game).__name__}.{name} must be a method, got {type(member).__name__}"
                )
            found[name] = member
        return cls(**found)

    @property
    def names(self) -> frozenset[str]:
        """The names of the optional members the game has."""
        return frozenset(name for name in _MEMBERS if getattr(self, name) is not None)

    @property
    def solves_exactly(self) -> bool:
        """Whether the game offers the exact solver's hooks: non_losing_children, win_utility.

        With both, ``mtdf`` without a depth proves values by null-window probes.

        >>> from gamesearch.games import ConnectFour, Nim
        >>> Capabilities.of(ConnectFour()).solves_exactly, Capabilities.of(Nim()).solves_exactly
        (True, False)
        """
        return self.non_losing_children is not None and self.win_utility is not None

    def need(self, name: str, searcher: str, why: str = "") -> Any:
        """The member ``name``, or :class:`UnsupportedGameError` naming it if the game lacks it.

        >>> from gamesearch.games import TicTacToe
        >>> Capabilities.of(TicTacToe()).need("pass_turn", "best_reply")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gamesearch.errors.UnsupportedGameError: best_reply needs the game's pass_turn(state), ...
        """
        member = getattr(self, name)
        if member is None:
            shown = _SPELLED.get(name, name if name in _VALUES else f"{name}(state)")
            reason = f" ({why})" if why else ""
            raise UnsupportedGameError(
                f"{searcher} needs the game's {shown}, which {self.game_name} does not have"
                f"{reason}"
            )
        return member


_MEMBERS = tuple(name for name in Capabilities._fields if name != "game_name")
"""The optional members :meth:`Capabilities.of` reads, in the order of the fields."""
