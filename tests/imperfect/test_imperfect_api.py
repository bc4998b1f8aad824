"""The public surface of gamesearch.imperfect, written out, so that it cannot change by accident."""

from __future__ import annotations

import ast
import dataclasses
import itertools
from pathlib import Path

import pytest

import gamesearch
import gamesearch.imperfect

PUBLIC = [
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
ALIASES = {
    "FileFormat": "strategy_file.py",
    "InfoSetKey": "protocol.py",
    "Scheme": "sampled_regret.py",
    "Strategy": "protocol.py",
    "Variant": "regret.py",
    "WorldSearcher": "world_sampling.py",
}
"""Names that are type aliases, documented by the string after their assignment."""


def test_all_is_the_expected_sorted_list():
    assert gamesearch.imperfect.__all__ == PUBLIC == sorted(PUBLIC)


def test_the_family_stays_out_of_the_top_level_package():
    assert not set(PUBLIC) & set(gamesearch.__all__)


def alias_docstring(filename, name):
    path = Path(gamesearch.imperfect.__file__).parent / filename
    body = ast.parse(path.read_text(encoding="utf-8")).body
    for statement, following in itertools.pairwise(body):
        if isinstance(statement, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in statement.targets
        ):
            return following.value.value if isinstance(following, ast.Expr) else None
    return None


@pytest.mark.parametrize("name", PUBLIC)
def test_every_name_has_a_docstring(name):
    obj = getattr(gamesearch.imperfect, name)
    docstring = alias_docstring(ALIASES[name], name) if name in ALIASES else obj.__doc__
    assert docstring
    assert docstring.strip()


@pytest.mark.parametrize(
    "cls",
    [
        gamesearch.imperfect.CFRResult,
        gamesearch.imperfect.MCCFRResult,
        gamesearch.imperfect.BestResponse,
        gamesearch.imperfect.InformationSetReport,
        gamesearch.imperfect.PIMCResult,
        gamesearch.imperfect.ISMCTSResult,
        gamesearch.imperfect.ConvergenceCurve,
    ],
)
def test_results_are_frozen_dataclasses(cls):
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen
