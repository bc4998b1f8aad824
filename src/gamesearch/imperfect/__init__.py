"""Games of imperfect information: information sets, Kuhn and Leduc poker, CFR, best responses.

The protocols (:mod:`.protocol`) add to a :class:`~gamesearch.Game` what a player knows,
``information_set(state, player)``, and optionally ``sample_state(state, player, rng)``, which
:func:`check_information_sets` checks. :class:`KuhnPoker` and :class:`LeducPoker` follow
OpenSpiel's rules. This family imports only the contract, the shared core and the games.
"""

from .conformance import InformationSetReport, check_information_sets
from .kuhn import KuhnPoker, KuhnState
from .leduc import LeducInfoSet, LeducPoker, LeducState
from .protocol import DeterminizableGame, ImperfectInformationGame, InfoSetKey, Strategy

__all__ = [
    "DeterminizableGame",
    "ImperfectInformationGame",
    "InfoSetKey",
    "InformationSetReport",
    "KuhnPoker",
    "KuhnState",
    "LeducInfoSet",
    "LeducPoker",
    "LeducState",
    "Strategy",
    "check_information_sets",
]
