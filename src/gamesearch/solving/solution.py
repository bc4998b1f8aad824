"""The :class:`Solution`: a table of solved states, in memory or in a SQLite file."""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..book import BookEntry
from ..capabilities import Capabilities
from ..errors import InvalidSearchOptionError, TableFileError, UnsolvedStateError
from ..game import CHANCE, Game, Player
from ..identity import game_name, remake
from . import _codec, _file, _store
from ._classes import Classes
from ._values import Entry, Key, Sums, preference

__all__ = ["Solution", "SolveStats"]


@dataclass(frozen=True)
class SolveStats:
    """How a solution was built."""

    states: int
    """States in the table."""

    solved: int
    """States solved by this run (fewer than ``states`` when a build resumed)."""

    resumed: int
    """States read back from the file of an interrupted build, not solved again."""

    elapsed: float
    """Wall-clock seconds the build took."""

    parts: int = 0
    """Parts solved on an executor (``solve(..., executor=...)``); 0 for a build in one
    process."""

    duplicates: int = 0
    """States that a part solved again because another part (or the file resumed from) had
    already solved them: the cost of splitting a game whose parts share transpositions."""

    @property
    def states_per_second(self) -> float:
        """``solved / elapsed`` (0.0 when no time could be measured)."""
        return self.solved / self.elapsed if self.elapsed > 0 else 0.0


class Solution:
    """The solved states of a game: value, distance and optimal actions of each, by key.

    Made by :func:`~gamesearch.solving.solve` (or :func:`~gamesearch.solving.opening_book`), or
    read from a file by :meth:`load`. It is a :class:`~gamesearch.book.Book`: pass it to
    ``iterative_deepening(..., book=solution)``.

    Values are for a player: by default the player to move in the state asked about (a game of
    chance's chance nodes need ``player=``). In a game of chance they are expected utilities
    (for Pig, whose utilities are +1 and -1, the probability of winning is ``(1 + value) / 2``).
    Iterating over a solution gives the keys of its states (``game.key(state)``, else the
    states).

    Args:
        game: The game solved.
        table: The entries by key (a dict, or a file's view).
        sums: The game's constant sum.
        method: How the table was made (see :attr:`method`).
        key: The function from states to keys.
        key_kind: Which keys: ``"game.key"``, ``"state"`` or ``"custom"`` (stored in files).
        tolerance: For games of chance, the tolerance the values were iterated to.
        stats: How the table was built.
        roots: The keys of the roots it was built from, each with the player to move there
            (recorded in a file, so that ``gamesearch table probe`` can show the root's value).
        plies: An opening book's depth.

    Example:
        >>> from gamesearch.games import TicTacToe
        >>> from gamesearch.solving import solve
        >>> game = TicTacToe()
        >>> solution = solve(game)
        >>> solution.value(game.initial_state()), solution.method
        (0.0, 'memo')
        >>> state = game.parse("X.. / .O. / ...")
        >>> solution.value(state), solution.distance(state), solution.best_actions(state)
        (0.0, None, (1, 2, 3, 5, 6, 7, 8))
    """

    def __init__(
        self,
        game: Game[Any, Any],
        table: Mapping[Any, Entry],
        sums: Sums,
        method: str,
        key: Key,
        *,
        tolerance: float | None = None,
        stats: SolveStats | None = None,
        key_kind: str = "game.key",
        roots: Sequence[tuple[Any, Player]] = (),
        plies: int | None = None,
    ) -> None:
        self.game = game
        """The game solved."""
        self.method = method
        """How the values were found: ``"memo"`` (memoised depth-first search of an acyclic
        game), ``"retrograde"`` (retrograde analysis of a game with cycles),
        ``"value_iteration"`` (a game of chance) or ``"opening_book"``."""
        self.tolerance = tolerance
        """The tolerance of value iteration, ``None`` for exact values."""
        self.stats = stats if stats is not None else SolveStats(len(table), 0, 0, 0.0)
        """How the table was built."""
        self._table = table
        self._sums = sums
        self._key = key
        self._key_kind = key_kind
        self._roots = tuple(roots)
        self.plies = plies
        """An opening book's depth in plies (``None`` for a strong solution)."""
        self._source: str | None = None
        """The table file the entries were read from (by :meth:`load`), for messages."""

    def __repr__(self) -> str:
        return f"<Solution of {game_name(self.game)}: {len(self):,} states by {self.method}>"

    def close(self) -> None:
        """Close the file of a solution opened by :meth:`load` (nothing for one in memory).

        A solution is also a context manager that closes itself: ``with Solution.load(...)``.
        """
        if isinstance(self._table, _store.FileTable):
            self._table.close()

    def __enter__(self) -> Solution:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._table)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._table)

    def __contains__(self, state: object) -> bool:
        return self._key(state) in self._table

    @property
    def constant_sum(self) -> float:
        """What the two players' utilities add up to at every terminal state (0: zero-sum)."""
        return self._sums.total if self._sums.total is not None else 0.0

    def _entry(self, state: Any) -> Entry:
        entry = self._table.get(self._key(state))
        if entry is None:
            raise UnsolvedStateError(self._not_held(state))
        return entry

    def _not_held(self, state: Any) -> str:
        """Why the state is not held, in words: from a file, absence or damage alike."""
        where = "it is not reachable from the roots it was built from"
        if self.plies is not None:
            where += f", or lies deeper than the book's {self.plies} plies"
        if self._source is None:
            name = game_name(self.game)
            return f"the solution of {name} does not hold the state {state!r}: {where}"
        return (
            f"{self._source} (the solution of {game_name(self.game)}) does not hold the state "
            f"{state!r}: {where}, or the file is damaged (a stored key that changed matches no "
            "state: a file cannot tell that from a state it never held; solve it again if the "
            "state should be there)"
        )

    def _player(self, state: Any, player: Player | None) -> Player:
        if player is None:
            player = self.game.to_move(state)
            if player == CHANCE:
                raise InvalidSearchOptionError(
                    f"{state!r} is a chance node, where no player moves: pass player=0 or 1"
                )
        if player not in (0, 1):
            raise InvalidSearchOptionError(f"player must be 0 or 1, not {player!r}")
        return player

    def value(self, state: Hashable, player: Player | None = None) -> float:
        """The value of ``state`` for ``player`` under best play by both sides.

        Args:
            state: A state of the game.
            player: Whose value; ``None`` means the player to move in ``state``.

        Raises:
            UnsolvedStateError: the solution does not hold ``state``.
            InvalidSearchOptionError: ``player`` is not 0 or 1, or is ``None`` at a chance node.
        """
        entry = self._entry(state)
        return self._sums.of(entry.value, self._player(state, player))

    def distance(self, state: Hashable) -> int | None:
        """Plies to the end of the game from ``state`` under best play.

        The winner takes the shortest win and the loser the longest loss. 0 at a terminal
        state; ``None`` for a draw that is not over (no ply count is preferred between drawing
        lines, and a draw by endless play has none) and for games of chance.

        Raises:
            UnsolvedStateError: the solution does not hold ``state``.
        """
        return self._entry(state).distance

    def best_actions(self, state: Hashable) -> tuple[Any, ...]:
        """Every optimal action in ``state``, in ``actions()`` order; ``()`` if terminal.

        Optimal means the best value for the player to move, then the shortest win or longest
        loss; in a game of chance, a value within :attr:`tolerance` of the best, the best
        first. The actions are worked out from the children's entries, so they are right for
        every state that shares a key (a symmetric board), not just the one first solved. An
        opening book stores its own (see :func:`~gamesearch.solving.opening_book`: every action
        of the best value in a book made by iterative deepening).

        Raises:
            UnsolvedStateError: the solution does not hold ``state`` or a child of it.
        """
        entry = self._entry(state)
        if entry.actions is not None:
            return entry.actions
        game = self.game
        if game.is_terminal(state):
            return ()
        mover = game.to_move(state)
        if mover == CHANCE:
            return ()
        draw = self._sums.draw
        ranked = []
        for action in game.actions(state):
            child = self._entry(game.result(state, action))
            own = self._sums.of(child.value, mover)
            ranked.append((action, own, preference(own, child.distance, draw)))
        if self.tolerance is not None:
            best = max(ranked, key=lambda item: item[1])
            near = [a for a, own, _ in ranked if own >= best[1] - self.tolerance and a != best[0]]
            return (best[0], *near)
        top = max(rank for _, _, rank in ranked)
        return tuple(action for action, _, rank in ranked if rank == top)

    def probe(
        self, state: Hashable, player: Player | None = None, *, with_action: bool = True
    ) -> BookEntry | None:
        """The :class:`~gamesearch.book.BookEntry` of ``state`` for ``player``, or ``None``.

        What the engine asks of a book: ``None`` when the state is not in the table (or is a
        chance node), else its value for ``player`` (default: the player to move), a best
        action (``None`` with ``with_action=False``, which saves looking at the children) and
        the distance.
        """
        entry = self._table.get(self._key(state))
        if entry is None:
            return None
        if player is None:
            player = self.game.to_move(state)
            if player == CHANCE:
                return None
        try:
            actions = self.best_actions(state) if with_action else ()
        except UnsolvedStateError:
            return None
        value = self._sums.of(entry.value, player)
        return BookEntry(value, actions[0] if actions else None, entry.distance, player)

    def save(self, path: str | Path, *, batch: int = 10_000, spec: str | None = None) -> None:
        """Write the solution to the SQLite file ``path`` (replacing its entries, if any).

        The file records the game's stable identity (:mod:`gamesearch.identity`), so that
        :meth:`load` and ``gamesearch table probe`` find the game again in another process.

        Args:
            path: The file: a new one, or a table file (another program's database is
                refused, untouched).
            batch: Entries per transaction.
            spec: How the game was named on the command line, kept for the record.

        Raises:
            TableFileError: ``path`` names no file, is in a folder that does not exist, or is
                not a table file.
            UnsupportedGameError: the game has no stable identity, or a key or an action
                cannot be stored as plain data (checked before the file is touched).
        """
        self._write(path, batch, spec, replace=True)

    def _write(self, path: str | Path, batch: int, spec: str | None, *, replace: bool) -> None:
        """Write the solution to ``path``: replacing what it holds, or into an empty file only.

        The file is claimed in one transaction (emptied, or checked to be empty, and its head
        written), then written ``batch`` entries at a time; a save of another table meanwhile
        stops this one (:class:`~._store.Writer`).

        Raises:
            TableFileError: (besides :meth:`save`'s) with ``replace=False``, the file holds a
                table, or a save of another table replaced it while this one wrote it.
        """
        extra = {
            "tolerance": json.dumps(self.tolerance),
            "constant_sum": json.dumps(self._sums.total),
            "elapsed": json.dumps(self.stats.elapsed),
        }
        if self.plies is not None:
            extra["plies"] = json.dumps(self.plies)
        classes = Classes(owner=type(self.game).__module__)
        meta = _file.head(self.game, self.method, self._key_kind, self._roots, spec=spec,
                          extra=extra, classes=classes)  # fmt: skip
        first = next(iter(self._table.items()), None)
        if first is not None:  # a key or actions the codec refuses: before the file is touched
            _store.row(*first)
        if isinstance(self._table, _store.FileTable) and self._table.is_file(path):
            return  # the solution was loaded from this very file, which holds it already
        connection = _store.connect(path, create=True)
        try:
            with _store.locked(connection, path):
                if not replace:
                    _refuse_a_table(connection, path, self.plies)
                connection.execute("DELETE FROM entries")
                connection.execute("DELETE FROM meta")
                _store.claim(connection, meta)
            writer = _store.Writer(connection, path, meta, batch, classes=classes)
            for key, entry in self._table.items():
                writer.add(key, entry)
            writer.flush({"complete": "1"})
        finally:
            connection.close()

    @classmethod
    def load(
        cls,
        path: str | Path,
        game: Game[Any, Any] | None = None,
        *,
        in_memory: bool = False,
        key: Key | None = None,
    ) -> Solution:
        """The solution stored in the SQLite file ``path``, for ``game``.

        Reading a file runs no code: keys and actions are plain data (see the page "Table
        files" of the documentation), and every value read is checked. With ``game`` given,
        nothing the file names is imported: the classes of its states and actions are the
        game's own, already imported (:mod:`gamesearch.solving._classes`).

        Args:
            path: A file written by :meth:`save`, ``solve(..., path=...)``,
                ``opening_book(..., path=...)`` or ``gamesearch table build``.
            game: The game it solves (its ``key`` turns states into the stored keys); checked
                against the identity the file records. ``None``: the game the file names,
                made under the rule of :func:`gamesearch.identity.remake` (an importable
                class with the Game protocol's methods, plain parameters).
            in_memory: Read every entry into a dict now; by default each lookup is a query
                (fast to open, little memory) and the file stays open until :meth:`close`.
            key: The key function the table was built with, if it was built with one of its
                own (``solve(..., key=...)``); by default the one the file names.

        Raises:
            TableFileError: the file does not exist, is not a table file (or is damaged, or
                of an older format), is unfinished, or was made for another game.
        """
        connection = _store.connect(path)
        try:
            with _store.reading(path):  # one snapshot: the head and the entries of one writing
                connection.execute("BEGIN")
            meta = _store.read_meta(connection, path)
            states = _store.count(connection, path)
            head = _file.read_head(meta, path, states)  # every value checked, before any is used
            if not head.complete:
                raise TableFileError(
                    f"{path} is an unfinished build ({states:,} states so far): run the same "
                    "solve(..., path=...) again to finish it"
                )
            if game is None:
                with _store.reading(path):  # the game the file names: its errors name the file
                    game = remake(head.game)
            else:
                _file.check_built_for(meta, game, path)
            if key is None and head.key == "custom":
                raise TableFileError(
                    f"{path} was built with a key function of its own: pass it as key="
                )
            sums = Sums(game, head.constant_sum)
            classes = Classes.from_meta(meta, path, type(game).__module__, frozen=True)
            classes.resolve_all()  # the game's own classes, already imported: none is imported
            with _store.reading(path):
                roots = [(_codec.decode(packed, classes), player) for packed, player in head.roots]
            table: Mapping[Any, Entry]
            if in_memory:
                table = _store.read_all(connection, path, classes)
            else:
                build = _store.build_of(connection, path)
                table = _store.FileTable(connection, path, classes, build)
            with _store.reading(path):  # the snapshot read: each lookup is a query of its own
                connection.rollback()
        except BaseException:
            connection.close()
            raise
        if in_memory:
            connection.close()
        if key is None:
            own_key = Capabilities.of(game).key if head.key == "game.key" else None
            key = own_key if own_key is not None else _identity
        solution = cls(
            game, table, sums, head.method, key, tolerance=head.tolerance, key_kind=head.key,
            roots=roots, plies=head.plies,
        )  # fmt: skip
        solution._source = str(path)
        return solution


def _identity(state: Any) -> Any:
    return state


def _refuse_a_table(connection: Any, path: str | Path, plies: int | None) -> None:
    """Refuse a file that holds a table (one written since the caller found it empty).

    Raises:
        TableFileError: the file holds meta values or entries.
    """
    meta = _store.read_meta(connection, path)
    states = _store.count(connection, path)
    if meta or states:
        raise TableFileError(
            f"{_file.held(path, meta, states)}, written while this book of {plies} plies was "
            "built: choose another path, or delete the file to replace it"
        )
