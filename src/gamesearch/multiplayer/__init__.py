"""Search for more than two players: max-n, paranoid and best-reply.

Max-n (:mod:`.maxn`, with Korf's shallow pruning from :mod:`._bounds`) backs up one utility per
player. Paranoid and best-reply reduce the game to two sides (:mod:`._reduced`) and search that
with alpha-beta from :mod:`gamesearch.twoplayer`, the one import this family makes from another.
"""

from .best_reply import PassingGame, Reply, best_reply
from .maxn import maxn
from .paranoid import paranoid

__all__ = ["PassingGame", "Reply", "best_reply", "maxn", "paranoid"]
