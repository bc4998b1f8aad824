"""Hex's knowledge as the proof searchers read it: its decided positions, and the moves that matter.

The members of :class:`~gamesearch.games.Hex` that the proof searchers use (``proven_value``,
``must_play``, ``inferior_moves``, ``costly_knowledge``) and those a traced search asks why
(``proven_reason``, ``must_play_reason``), read from :func:`._hex_analysis.analyse`'s
:class:`~._hex_analysis.Analysis` of each position, memoized: a mixin of ``Hex``, which gives
the board, the state's layout and the memo.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ..game import Player
from ._hex_analysis import Analysis, Parts, analyse, region_words, verdict_words
from ._hex_board import HexBoard

__all__ = ["HexKnowledge"]

_MEMO_LIMIT = 1 << 17
"""The most analyses the memo holds before it is emptied and starts again."""


class _Hex(Protocol):
    """What :class:`HexKnowledge` reads of the ``Hex`` it is mixed into."""

    swap: bool
    win_utility: float
    player_names: tuple[str, str]
    knowledge_parts: Parts
    _board: HexBoard
    _count: int
    _turn_shift: int
    _swapped: int
    _over: int
    _names: tuple[str, ...]
    _bits: dict[str, int]
    _analyses: dict[int, Analysis | None]

    def actions(self: _Hex, state: int) -> tuple[str, ...]: ...
    def key(self: _Hex, state: int) -> int: ...
    def utility(self: _Hex, state: int, player: Player) -> float: ...
    def winner(self: _Hex, state: int) -> Player | None: ...
    def _threats(self: _Hex, state: int, mover: Player) -> tuple[int, int]: ...
    def proven_value(self: _Hex, state: int, player: Player) -> float | None: ...
    def must_play(self: _Hex, state: int) -> tuple[str, ...]: ...
    def analysis(self: _Hex, state: int) -> Analysis | None: ...
    def _analysis(self: _Hex, state: int) -> Analysis | None: ...
    def _turned(self: _Hex, state: int, cells: int) -> int: ...


class HexKnowledge:
    """Hex's knowledge members: mixed into :class:`~gamesearch.games.Hex`."""

    knowledge_parts = Parts()
    """Which parts of the knowledge run (:class:`~gamesearch.games._hex_analysis.Parts`): all.
    A subclass may turn H-search or the fill-in off, to measure what each buys
    (``bench/bench_pns.py``)."""

    costly_knowledge = True
    """:meth:`proven_value`, :meth:`must_play` and :meth:`inferior_moves` run H-search and the
    fill-in (milliseconds a position): the proof searchers ask them only of the nodes they
    search, as Benzene's solver does (:class:`~gamesearch.capabilities.Costly`)."""

    def must_play(self: _Hex, state: int) -> tuple[str, ...]:
        """The moves outside of which every move loses: the must-play region of Hex solvers.

        With the dead and captured cells filled in (:meth:`analysis`), H-search finds the
        other player's *semi connections* between its edges: cells and carriers where its
        stone would join them whatever is played outside. A move outside a carrier loses (the
        other player plays its key), so every move outside their intersection does (Hayward,
        Björnsson, Johanson, Kan, Po and van Rijswijck, "Solving 7x7 Hex", 2003, call it the
        must-play region), and so does a move in a dead cell or in one of the mover's
        captured cells, which passes. A move that makes the position its own mirror image
        (each player's stones the other's reflected in a diagonal) loses too: the other
        player, then to move, wins by strategy stealing. None where the other player is
        proven to win, every action where the mover is, where nothing is known, or where O
        may still swap; none at a terminal state. Found on the position that is its
        :meth:`key` (turned back), so that a position and its half-turn get the same region,
        turned, as a table that merges them needs; memoized.

        Example:
            >>> from gamesearch.games import Hex
            >>> game = Hex(5)   # X's a2 is in the ziggurat of O's c3 to the left
            >>> state = game.parse(". . . . . / X . . . . / . . O . . / . . . . . / . . . . .")
            >>> game.must_play(state)   # every threat of O's needs a4
            ('a4',)
        """
        if state >= self._over:
            return ()
        actions = self.actions(state)
        found = self._analysis(state)
        if found is None:
            return actions
        if found.verdict is not None:
            won = found.verdict.winner == state >> self._turn_shift & 1
            return actions if won else ()
        region = self._turned(state, found.region)
        return tuple(name for name in actions if region & self._bits.get(name, 0))

    def inferior_moves(self: _Hex, state: int) -> tuple[str, ...]:
        """Moves of the must-play region no better for the mover than the best one not among them.

        A move in a dead cell passes, and Hex never rewards a pass; a move in a captured cell
        is answered inside the captured set, or passes. Of a move and its half-turn, in a
        position that is its own half-turn, the second is the first's twin. Where the mover
        is proven to win, every move but the winning one (a semi connection's key; else the
        first, as every move wins); where it is proven to lose, none (:meth:`must_play` leaves
        no move). None where O may still swap, and never a move that wins at once nor every
        move: the proof searchers leave these out of the moves they search.

        Example:
            >>> from gamesearch.games import Hex
            >>> game = Hex(4)   # O to move: a1 and b1 are captured by X's c1
            >>> state = game.parse(". . X . / . O . X / . . . . / . . . .")
            >>> game.must_play(state), game.inferior_moves(state)
            (('a1', 'b1', 'c2', 'c4'), ('a1', 'b1'))
        """
        if state >= self._over:
            return ()
        found = self._analysis(state)
        if found is None:
            return ()
        mover = state >> self._turn_shift & 1
        actions = self.actions(state)
        wins = self._threats(state, mover)[0]
        verdict = found.verdict
        if verdict is not None:
            if verdict.winner != mover or wins:
                return ()
            key, cells = self.key(state), self._board.cells
            empty = cells & ~(key | key >> self._count)  # the key position's: turned as all
            kept = self._turned(state, 1 << verdict.key if verdict.key >= 0 else empty & -empty)
            return tuple(name for name in actions if not kept & self._bits.get(name, 0))
        inferior = self._turned(state, found.inferior) & ~wins
        return tuple(name for name in actions if inferior & self._bits.get(name, 0))

    def proven_value(self: _Hex, state: int, player: Player) -> float | None:
        """``player``'s value at ``state`` if Hex's knowledge decides it, else None.

        With the dead and captured cells filled in (:meth:`analysis`): a chain of the
        filled-in stones; a full connection between a player's edges that H-search finds (the
        player joins them whoever moves: groups, bridges and edge templates II and IIIa, the
        ziggurat, among its proofs); a semi connection of the player to move (it plays the
        key); or a mover whose every move loses or is inferior. The value is then the win
        utility for the winner and its negation for the other; ``None`` says only that
        nothing decides it, or that O may still swap (a terminal state: its utility).

        Raises:
            ValueError: ``player`` is neither 0 (X) nor 1 (O).

        Example:
            >>> from gamesearch.games import Hex
            >>> game = Hex(3)
            >>> game.proven_value(game.result(0, "b2"), 0)   # b2 is bridged to both edges
            1.0
            >>> game.proven_value(game.result(0, "a1"), 1)   # O to move takes b2 and wins
            1.0
        """
        if player not in (0, 1):
            raise ValueError(f"Hex has players 0 (X) and 1 (O), not {player!r}")
        if state >= self._over:
            return self.utility(state, player)
        found = self._analysis(state)
        if found is None or found.verdict is None:
            return None
        return self.win_utility if player == found.verdict.winner else -self.win_utility

    def proven_reason(self: _Hex, state: int, player: Player) -> str | None:
        """Why :meth:`proven_value` decides ``state``, in words; None where it does not.

        The chain of filled-in stones, the full or semi virtual connection (with its carrier
        and key) or the lack of moves that decides it, for a proof's narration.

        Example:
            >>> from gamesearch.games import Hex
            >>> game = Hex(3)   # O to move after X's a1
            >>> print(game.proven_reason(game.result(0, "a1"), 1))
            O, to move, joins the left and the right by playing b2: a semi virtual connection \
(H-search) needing c1, a2, b2, c2, a3
        """
        if self.proven_value(state, player) is None:
            return None
        if state >= self._over:
            return f"{self.player_names[self.winner(state) or 0]} has joined its edges"
        found = self.analysis(state)
        assert found is not None  # proven_value decided it
        assert found.verdict is not None
        return verdict_words(found.verdict, found.fill, self._names)

    def must_play_reason(self: _Hex, state: int) -> str | None:
        """Why :meth:`must_play` leaves out the moves it does, in words; None where it does not.

        The other player's threats (its semi virtual connections between its edges, by their
        keys) and the cells every one of them needs.

        Example:
            >>> from gamesearch.games import Hex
            >>> game = Hex(4)
            >>> state = game.parse("O . . . / . . . . / X . . . / . X . .")
            >>> print(game.must_play_reason(state))
            X threatens to join its edges by 4 semi virtual connections (H-search; keys b1, \
b2, c2, b3): O must play in the cells every one needs, b3, c4, d4, or lose
        """
        if state >= self._over:
            return None
        region = self.must_play(state)
        actions = self.actions(state)
        found = self.analysis(state)
        if found is None or len(region) == len(actions):
            return None
        mover = state >> self._turn_shift & 1
        if found.verdict is not None:
            return verdict_words(found.verdict, found.fill, self._names)
        return region_words(found, mover, self._names, ", ".join(region))

    def analysis(self: _Hex, state: int) -> Analysis | None:
        """What Hex's knowledge finds at the non-terminal ``state`` (None where O may swap).

        The fill-in of dead and captured cells, the winner if H-search's connections or the
        fill-in decide the position, the mover's must-play region and its inferior cells
        (:mod:`gamesearch.games._hex_analysis`), found on the position that is its
        :meth:`key` and turned back to ``state``'s; what :meth:`proven_value`,
        :meth:`must_play` and :meth:`inferior_moves` read.

        Example:
            >>> from gamesearch.games import Hex
            >>> game = Hex(3)
            >>> found = game.analysis(game.result(0, "b2"))   # b2's bridges are captured
            >>> found.verdict.rule, found.fill.captured[0] == 0b11000110   # b1 c1, a3 b3
            ('chain', True)
        """
        found = self._analysis(state)
        if found is None or self.key(state) == state:
            return found
        turn = self._board.rotate
        verdict = found.verdict
        if verdict is not None:
            verdict = replace(
                verdict,
                carrier=turn(verdict.carrier),
                key=-1 if verdict.key < 0 else self._count - 1 - verdict.key,
            )
        fill = found.fill
        fill = replace(
            fill,
            x=turn(fill.x),
            o=turn(fill.o),
            dead=turn(fill.dead),
            captured=(turn(fill.captured[0]), turn(fill.captured[1])),
        )
        threats = tuple(
            (turn(carrier), self._count - 1 - key) for carrier, key in found.threats
        )
        return Analysis(verdict, turn(found.region), turn(found.inferior), fill, threats)

    def _analysis(self: _Hex, state: int) -> Analysis | None:
        """The analysis of ``state``'s :meth:`key` position, memoized.

        None while a swap may still come (with the swap rule, before O's first stone): the
        swap takes X's stone, connections and all.
        """
        key = self.key(state)
        try:
            return self._analyses[key]
        except KeyError:
            pass
        found = None
        if not self.swap or key & self._board.cells << self._count or key & self._swapped:
            cells = self._board.cells
            mover = key >> self._turn_shift & 1
            x, o = key & cells, key >> self._count & cells
            found = analyse(self._board, x, o, mover, self.knowledge_parts)
        if len(self._analyses) >= _MEMO_LIMIT:
            self._analyses.clear()
        self._analyses[key] = found
        return found

    def _turned(self: _Hex, state: int, cells: int) -> int:
        """``cells`` of ``state``'s key position, turned back to ``state`` if it is not its key."""
        return cells if self.key(state) == state else self._board.rotate(cells)
