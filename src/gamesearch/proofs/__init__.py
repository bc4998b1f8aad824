"""Proof-number search: proofs of a position's value, for two-player deterministic games.

:func:`pns` is Allis's best-first proof-number search (1994), over a tree kept in memory;
:func:`dfpn` is Nagai's depth-first proof-number search (2002), over a bounded table. Both
answer yes-or-no questions about the value (:mod:`._question`) and find the value by asking
them at the bounds each answer proves (:mod:`._driver`).
"""

from .dfpn import dfpn
from .pns import pns

__all__ = ["dfpn", "pns"]
