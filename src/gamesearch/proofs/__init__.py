"""Proof-number search: proofs of a position's value, for two-player deterministic games.

:func:`pns` is Allis's best-first proof-number search (1994), over a tree kept in memory;
:func:`dfpn` is Nagai's depth-first proof-number search (2002), over a bounded table. Both
answer yes-or-no questions about the value (:mod:`._question`) and find the value by asking
them at the bounds each answer proves (:mod:`._driver`).

**Cycles are not proofs.** In a game that repeats positions, a position's value may depend on
the line that reached it: chess ends at a threefold repetition, so the same pieces on the same
squares are a draw after one line and a win after another. A table keyed by the position
alone then carries a result proven below one line to another line, where it is false: the
graph-history interaction (Campbell 1985; Kishimoto and Mueller 2004 give a correct df-pn
that keeps such tables). The scheme here is a simpler correct one, in two rules:

1. *The table's key is the game's exact key* (:func:`._question.table_key`): ``solving_key``,
   else ``key``, else the state; it must merge only states of equal value. A game whose states
   carry the past that its draw rules read gives a ``solving_key`` that keeps it
   (:meth:`~gamesearch.adapters.ChessGame.solving_key` is the position with its past: those it
   may repeat and the halfmove clock), so a table entry holds for every state its key names,
   whatever line reached it, and no proof rests on a repetition seen from another line.
2. *A repetition is scored as the game scores it*: a state that ends the game by repetition
   is a terminal state like any other, valued by its utility. A key that comes again on the
   line searched is then the game itself going round for ever, which it gives no value: the
   search refuses it (:class:`~gamesearch.CyclicGameError`), as alpha-beta does, and neither
   proves nor disproves anything by it.

Why it is correct: every bound a node gets is its terminal utility, or the best (for its
mover) of its children's bounds, its children made by the game from that very state; a bound
read from the table was proven for a state of the same key, hence of the same value. So every
bound proven is one of the game's values, by induction on the proof. What it costs is the
transpositions between lines of different pasts, which are no longer merged; measured on the
twelve mate problems of the chess adapter's tests, none: df-pn made the same number of nodes
keyed by the position with its past as by the Zobrist key on the nine that the Zobrist key
proves (from 80 to 869), while on the other three the Zobrist key met positions again on its
lines and refused them as cycles.

:mod:`._within` proves how far a win is (a mate's distance): by questions with a depth,
since a proof that the attacker wins says nothing of how soon.
"""

from .dfpn import dfpn
from .pns import pns

__all__ = ["dfpn", "pns"]
