"""Chess over python-chess as a gamesearch game: ``ChessGame()``, with what an engine needs.

python-chess (Niklas Fiekas) generates the legal moves; this module makes its positions into
immutable, hashable states and adds what the searchers take as options: an evaluation
(:meth:`ChessGame.evaluate`), a move order (:meth:`ChessGame.order`), the moves to follow in
quiescence search (:meth:`ChessGame.quiescence`) and a Zobrist key (:meth:`ChessGame.key`).

A state keeps the board without its move stack, plus what the draw rules need of the past:
the keys of the positions since the last capture or pawn move (the only ones that can come
again), which decide threefold repetition, and the halfmove clock, which decides the
fifty-move rule. The game is drawn when a position stands on the board for the third time,
or when the hundredth ply without a capture or pawn move has been played: when a player may
claim the draw (FIDE Laws 9.2, 9.3; a claim may also announce the move that brings it about,
which a search sees one ply later anyway). Not at fivefold repetition or 75 moves, where the
arbiter would stop the game: an engine that waited would walk into repetitions it thought it
could avoid. Checkmate on the move that reaches the fifty-move limit still wins.

Needs the ``chess`` extra: ``pip install "gamesearch[chess]"``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import GameProtocolError, IllegalActionError, InvalidSearchOptionError
from ..game import Player
from ._extras import require

require("chess", "chess", "Chess positions")  # a clear error, naming the extra, if missing

import chess  # noqa: E402  # absolute: python-chess, not this module

from ._chess_moves import play, polyglot_key, score_of  # noqa: E402
from ._chess_order import captures, ordered  # noqa: E402

__all__ = ["ChessGame", "ChessState"]

_SCALE = 1000.0
"""Centipawns at which :meth:`ChessGame.evaluate` reaches 1/2: ``score / (|score| + 1000)``."""

_ONGOING = 2
"""The cached outcome of a state whose game goes on (outcomes are 1, 0 and -1, for White)."""


class ChessState:
    """A chess position that never changes, with what the draw rules need of its past.

    Two states are equal when their positions are (the same Polyglot Zobrist key, which covers
    the pieces, the side to move, the castling rights and a capturable en-passant square) and
    so are their halfmove clocks and the positions since the last irreversible move. The board
    is never changed: :meth:`to_board` gives a copy.

    Example:
        >>> game = ChessGame()
        >>> state = game.result(game.initial_state(), game.parse_move(game.initial_state(), "e2e4"))
        >>> state.fen
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
        >>> hex(state.zobrist)   # the Polyglot key of the position after 1. e4
        '0x823c9b50fd114196'
    """

    __slots__ = ("_board", "_legal", "_moves", "_outcome", "earlier", "score", "zobrist")

    zobrist: int
    """The Polyglot Zobrist key of the position (``chess.polyglot.zobrist_hash``)."""

    score: int
    """Material plus piece-square bonuses, in centipawns, positive when White is better."""

    earlier: tuple[int, ...]
    """The Zobrist keys of the positions since the last capture or pawn move, oldest first
    (this one excluded): the positions this one may repeat."""

    def __init__(self, board: chess.Board, zobrist: int, score: int, earlier: tuple[int, ...]):
        self._board = board
        self.zobrist = zobrist
        self.score = score
        self.earlier = earlier
        self._moves: list[chess.Move] | None = None
        self._legal: frozenset[chess.Move] | None = None
        self._outcome: int | None = None

    @property
    def fen(self) -> str:
        """The position in Forsyth-Edwards Notation."""
        return str(self._board.fen())

    @property
    def turn(self) -> bool:
        """The side to move, as python-chess says it: ``chess.WHITE`` (True) or ``chess.BLACK``."""
        return bool(self._board.turn)

    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move (the fifty-move rule's count)."""
        return int(self._board.halfmove_clock)

    def to_board(self) -> chess.Board:
        """A copy of the position as a ``chess.Board``, free to change (without the moves)."""
        return self._board.copy(stack=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChessState):
            return NotImplemented
        return (
            self.zobrist == other.zobrist
            and self.earlier == other.earlier
            and self._board.halfmove_clock == other._board.halfmove_clock
            and self._board.fen() == other._board.fen()
        )

    def __hash__(self) -> int:
        return self.zobrist

    def __deepcopy__(self, memo: dict[int, object]) -> ChessState:
        return self  # immutable: a copy would be the same state

    def __repr__(self) -> str:
        return f"ChessState({self.fen!r})"

    def __str__(self) -> str:
        return str(self._board)


class ChessGame:
    """Chess, from the start or from a FEN, as a two-player ``Game`` over python-chess.

    Player 0 is White, player 1 Black. Actions are ``chess.Move`` objects in python-chess's
    generation order; :meth:`parse_move` and :meth:`move_to_uci` convert from and to UCI
    strings such as ``"e2e4"`` at the edges. The utility is 1 for a win, -1 for a loss and 0
    for a draw: checkmate, stalemate, insufficient material, threefold repetition or fifty
    moves without a capture or pawn move (see the module's notes on claims).

    The engine's options are methods: ``evaluate`` (material and piece-square tables, strictly
    between -1 and 1), ``order`` (captures by MVV-LVA, promotions, checks) and ``quiescence``
    (captures and promotions, every evasion in check), and ``key`` (the Zobrist key) for the
    transposition table. ``iterative_deepening`` uses ``evaluate``, ``order`` and ``key`` by
    itself; pass ``quiescence=game.quiescence`` to :func:`~gamesearch.alphabeta`. The proof
    searches key their tables by ``solving_key``, the position with its past.

    Args:
        fen: The starting position in FEN; ``None`` for the standard starting position.

    Raises:
        MissingDependencyError: python-chess (the ``chess`` extra) is not installed (raised
            when this module is imported).
        InvalidSearchOptionError: ``fen`` is not a valid FEN, or a position that is not a
            legal chess position (python-chess's ``Board.is_valid``).

    Example:
        >>> from gamesearch import alphabeta
        >>> game = ChessGame("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")   # a back-rank mate
        >>> result = alphabeta(game, depth=1, evaluate=game.evaluate)
        >>> game.move_to_uci(result.action), result.value
        ('a1a8', 1.0)
    """

    num_players = 2
    """White (player 0) and Black (player 1)."""

    win_utility = 1.0
    """The utility of a won game (a lost one: its negation): the engine ranks mates by their
    distance, proves a mate amid estimates and reports ``plies_to_end`` (:meth:`evaluate`
    stays inside (-1, 1), as the engine requires of such a game)."""

    def __init__(self, fen: str | None = None) -> None:
        try:
            board = chess.Board() if fen is None else chess.Board(fen)
        except ValueError as error:
            raise InvalidSearchOptionError(
                f"ChessGame: {fen!r} is not a valid FEN: {error}"
            ) from error
        if not board.is_valid():
            raise InvalidSearchOptionError(
                f"ChessGame: {fen!r} is not a legal position ({board.status()!r})"
            )
        self._initial = ChessState(board, polyglot_key(board), score_of(board), ())

    def game_parameters(self) -> dict[str, object]:
        """The keyword arguments that make this game again (its identity in a table file)."""
        return {"fen": self._initial._board.fen()}

    def initial_state(self) -> ChessState:
        """The position the game starts from."""
        return self._initial

    def state_from_board(self, board: chess.Board) -> ChessState:
        """The state of ``board``, its moves replayed so that repetitions count them.

        Args:
            board: A python-chess board, with the moves that reached it on its stack.

        Returns:
            The state after those moves, with the positions since the last capture or pawn
            move remembered for threefold repetition.
        """
        root = board.root()
        state = ChessState(root, polyglot_key(root), score_of(root), ())
        for move in board.move_stack:
            state = self.result(state, move)
        return state

    def to_move(self, state: ChessState) -> Player:
        """0 when White is to move, 1 when Black is."""
        return 0 if state._board.turn else 1

    def actions(self, state: ChessState) -> Sequence[chess.Move]:
        """The legal moves, in python-chess's order; empty when the game is over."""
        moves = state._moves
        if moves is None:
            ongoing = self._outcome(state) == _ONGOING
            moves = list(state._board.generate_legal_moves()) if ongoing else []
            state._moves = moves
        return moves

    def result(self, state: ChessState, action: chess.Move) -> ChessState:
        """The position after the legal move ``action``.

        Raises:
            IllegalActionError: ``action`` is not a legal move of ``state`` (a UCI string
                must go through :meth:`parse_move` first).
        """
        legal = state._legal
        if legal is None:
            legal = state._legal = frozenset(self.actions(state))
        if action not in legal:
            where = f"the position {state.fen!r}"
            if isinstance(action, str):
                where += f" (actions are chess.Move: game.parse_move(state, {action!r}))"
            raise IllegalActionError(action, tuple(self.actions(state)), where)
        board, zobrist, score = play(state._board, action, state.zobrist, state.score)
        if board.halfmove_clock == 0:  # a capture or a pawn move: no position can come back
            earlier: tuple[int, ...] = ()
        else:
            earlier = (*state.earlier, state.zobrist)
        return ChessState(board, zobrist, score, earlier)

    def is_terminal(self, state: ChessState) -> bool:
        """Whether the game is over: mate, stalemate, or a draw by rule (see the class)."""
        return self._outcome(state) != _ONGOING

    def utility(self, state: ChessState, player: Player) -> float:
        """1 if ``player`` won, -1 if they lost, 0 for a draw, at the end of the game.

        Raises:
            GameProtocolError: the game is not over in ``state``.
        """
        outcome = self._outcome(state)
        if outcome == _ONGOING:
            raise GameProtocolError(
                f"utility of {state!r}: the game is not over; search with depth=N and "
                "evaluate=game.evaluate to score positions before the end"
            )
        return float(outcome if player == 0 else -outcome)

    def evaluate(self, state: ChessState, player: Player) -> float:
        """The estimated utility for ``player``: material and piece placement, in (-1, 1).

        ``score / (|score| + 1000)`` of the centipawn score (:attr:`ChessState.score`) from
        ``player``'s side: a pawn up is worth about 0.09, a queen up 0.47; never 1 or -1, the
        values of a decided game, so a search always prefers a mate it can see.
        """
        score = state.score if player == 0 else -state.score
        return score / (abs(score) + _SCALE)

    def order(self, state: ChessState, actions: Sequence[chess.Move]) -> Sequence[chess.Move]:
        """``actions`` best first: captures by MVV-LVA, promotions, direct checks, the rest."""
        return ordered(state._board, actions)

    def quiescence(self, state: ChessState) -> Sequence[chess.Move]:
        """The moves quiescence search follows: captures and promotions (every move in check).

        The engine's quiescence lets the side to move stand pat on the evaluation, in check
        too, where a real position offers no such choice: a mate that only an evasion past the
        depth limit would reveal can be missed there. Mates within the depth are always seen.
        """
        if self._outcome(state) != _ONGOING:
            return []
        return captures(state._board)

    def key(self, state: ChessState) -> int:
        """The transposition-table key: the position's Polyglot Zobrist key.

        It leaves out the halfmove clock and the positions before: a table may reuse a value
        across two paths that differ only in how near a repetition or fifty-move draw they
        are, as chess engines do (the graph-history interaction, Campbell 1985).
        """
        return state.zobrist

    def solving_key(self, state: ChessState) -> tuple[int, int, tuple[int, ...]]:
        """The key of the proof searches' tables: the position with its past.

        The Zobrist key, the halfmove clock and the keys of the positions it may repeat: what
        makes two states equal, as plain numbers (a table keeps no board alive). Unlike
        :meth:`key`, it keeps apart a position reached along two lines that differ in the
        positions it may repeat or in its halfmove clock: their values may differ (one may be
        a draw by repetition where the other is a win), and a proof search
        (:func:`~gamesearch.dfpn`, :func:`~gamesearch.pns`) that merged them could prove what
        is false (the graph-history interaction; see :mod:`gamesearch.proofs`). Such keys
        never come round again on a line (each carries one more earlier position), so a proof
        search meets no cycle in chess: the game scores every repetition itself.
        """
        return state.zobrist, state.halfmove_clock, state.earlier

    def parse_move(self, state: ChessState, uci: str) -> chess.Move:
        """The legal move of ``state`` written ``uci`` (``"e2e4"``, ``"e7e8q"``).

        Raises:
            IllegalActionError: ``uci`` is not a legal move there, or not UCI at all.
        """
        try:
            move = chess.Move.from_uci(uci)
        except (ValueError, TypeError):
            move = None
        if move is None or move not in self.actions(state):
            legal = tuple(m.uci() for m in self.actions(state))
            raise IllegalActionError(uci, legal, f"the position {state.fen!r}")
        return move

    @staticmethod
    def move_to_uci(move: chess.Move) -> str:
        """``move`` in UCI notation: ``"e2e4"``."""
        return str(move.uci())

    def _outcome(self, state: ChessState) -> int:
        """1, 0 or -1 (for White) once the game is over, else ``_ONGOING``; cached."""
        outcome = state._outcome
        if outcome is None:
            board = state._board
            if not any(True for _ in board.generate_legal_moves()):
                outcome = (-1 if board.turn else 1) if board.is_check() else 0
            elif self._drawn(state):
                outcome = 0
            else:
                outcome = _ONGOING
            state._outcome = outcome
        return outcome

    @staticmethod
    def _drawn(state: ChessState) -> bool:
        """A draw by rule: fifty moves, threefold repetition or insufficient material.

        Does not look for stalemate; a mate on the fiftieth move still wins (checked first by
        the caller).
        """
        board = state._board
        return (
            board.halfmove_clock >= 100
            or state.earlier.count(state.zobrist) >= 2
            or board.is_insufficient_material()
        )

    def __repr__(self) -> str:
        return f"ChessGame({self._initial.fen!r})"
