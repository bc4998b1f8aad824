"""Games of imperfect information: information sets, poker and Liar's Dice, CFR, best responses.

The protocols (:mod:`.protocol`) add to a :class:`~gamesearch.Game` what a player knows,
``information_set(state, player)``, and optionally ``sample_state(state, player, rng)``, which
:func:`check_information_sets` checks. :class:`KuhnPoker`, :class:`LeducPoker` and
:class:`LiarsDice` follow OpenSpiel's rules; :class:`OhHell` is a small trick-taking game with
hidden hands; :class:`HiddenDealGame` is a small game written out as data (a hidden deal, then
public actions), which :func:`gamesearch.testing.hidden_deal_games` draws at random.
:func:`cfr` (vanilla CFR and CFR+) approximates a Nash equilibrium on a game's whole tree,
enumerated once into flat arrays; :func:`best_response`,
:func:`nash_conv`, :func:`exploitability` and :func:`expected_values` measure any strategy
profile exactly; :func:`convergence` and :func:`convergence_svg` draw exploitability against
iterations; :func:`save_strategy` and :func:`load_strategy` keep a strategy profile as
JSON or SQLite rows. This family imports only the contract, the shared core and the games.

Each function keeps its name as an attribute of the package, and each module is named for its
job, so both resolve after ``import gamesearch``: ``gamesearch.imperfect.cfr`` is the function,
``gamesearch.imperfect.regret.CFRSolver`` a class of its module. The modules that shared their
function's name (``cfr``, ``mccfr``, ``best_response``, ``ismcts``, ``pimc``, ``convergence``)
are now ``regret``, ``sampled_regret``, ``best_responses``, ``information_set_mcts``,
``world_sampling`` and ``convergence_curves`` (since 0.3.0, where the old paths stopped
importing).
"""

from typing import TYPE_CHECKING

from .._lazy import public_names

if TYPE_CHECKING:  # each name loads on first use (.._lazy): a program that solves Kuhn poker
    # loads neither Oh Hell, ISMCTS nor the strategy files
    from ._cfr_result import CFRResult
    from ._cfr_solver import CFRSolver, Variant
    from .best_responses import (
        BestResponse,
        best_response,
        expected_values,
        exploitability,
        nash_conv,
    )
    from .conformance import InformationSetReport, check_information_sets
    from .convergence_curves import ConvergenceCurve, convergence, convergence_svg
    from .hidden_deal import HiddenDealGame, HiddenDealState
    from .information_set_mcts import ISMCTSResult, ismcts
    from .kuhn import KuhnPoker, KuhnState
    from .leduc import LeducInfoSet, LeducPoker, LeducState
    from .liars_dice import LiarsDice, LiarsDiceState
    from .oh_hell import OhHell, OhHellInfoSet, OhHellState
    from .players import ISMCTSPlayer, PIMCPlayer, StrategyPlayer
    from .protocol import DeterminizableGame, ImperfectInformationGame, InfoSetKey, Strategy
    from .regret import cfr
    from .sampled_regret import MCCFRResult, MCCFRSolver, Scheme, mccfr
    from .strategy_file import FileFormat, load_strategy, save_strategy
    from .world_sampling import PIMCResult, WorldSearcher, face_up, pimc
else:
    __getattr__, __dir__ = public_names(
        __name__,
        {
            "BestResponse": ".best_responses",
            "best_response": ".best_responses",
            "expected_values": ".best_responses",
            "exploitability": ".best_responses",
            "nash_conv": ".best_responses",
            "InformationSetReport": ".conformance",
            "check_information_sets": ".conformance",
            "ConvergenceCurve": ".convergence_curves",
            "convergence": ".convergence_curves",
            "convergence_svg": ".convergence_curves",
            "HiddenDealGame": ".hidden_deal",
            "HiddenDealState": ".hidden_deal",
            "ISMCTSResult": ".information_set_mcts",
            "ismcts": ".information_set_mcts",
            "KuhnPoker": ".kuhn",
            "KuhnState": ".kuhn",
            "LeducInfoSet": ".leduc",
            "LeducPoker": ".leduc",
            "LeducState": ".leduc",
            "LiarsDice": ".liars_dice",
            "LiarsDiceState": ".liars_dice",
            "OhHell": ".oh_hell",
            "OhHellInfoSet": ".oh_hell",
            "OhHellState": ".oh_hell",
            "ISMCTSPlayer": ".players",
            "PIMCPlayer": ".players",
            "StrategyPlayer": ".players",
            "DeterminizableGame": ".protocol",
            "ImperfectInformationGame": ".protocol",
            "InfoSetKey": ".protocol",
            "Strategy": ".protocol",
            "CFRResult": "._cfr_result",
            "CFRSolver": "._cfr_solver",
            "Variant": "._cfr_solver",
            "cfr": ".regret",
            "MCCFRResult": ".sampled_regret",
            "MCCFRSolver": ".sampled_regret",
            "Scheme": ".sampled_regret",
            "mccfr": ".sampled_regret",
            "FileFormat": ".strategy_file",
            "load_strategy": ".strategy_file",
            "save_strategy": ".strategy_file",
            "PIMCResult": ".world_sampling",
            "WorldSearcher": ".world_sampling",
            "face_up": ".world_sampling",
            "pimc": ".world_sampling",
        },
        globals(),
    )

__all__ = [
    "BestResponse",
    "CFRResult",
    "CFRSolver",
    "ConvergenceCurve",
    "DeterminizableGame",
    "FileFormat",
    "HiddenDealGame",
    "HiddenDealState",
    "ISMCTSPlayer",
    "ISMCTSResult",
    "ImperfectInformationGame",
    "InfoSetKey",
    "InformationSetReport",
    "KuhnPoker",
    "KuhnState",
    "LeducInfoSet",
    "LeducPoker",
    "LeducState",
    "LiarsDice",
    "LiarsDiceState",
    "MCCFRResult",
    "MCCFRSolver",
    "OhHell",
    "OhHellInfoSet",
    "OhHellState",
    "PIMCPlayer",
    "PIMCResult",
    "Scheme",
    "Strategy",
    "StrategyPlayer",
    "Variant",
    "WorldSearcher",
    "best_response",
    "cfr",
    "check_information_sets",
    "convergence",
    "convergence_svg",
    "expected_values",
    "exploitability",
    "face_up",
    "ismcts",
    "load_strategy",
    "mccfr",
    "nash_conv",
    "pimc",
    "save_strategy",
]
