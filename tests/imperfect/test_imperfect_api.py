"""The public surface of gamesearch.imperfect: its results are frozen; it stays in its package."""

from __future__ import annotations

import dataclasses

import pytest

import gamesearch
import gamesearch.imperfect


def test_the_family_stays_out_of_the_top_level_package():
    # Its names, and that they are documented, are checked with every public module's by
    # tests/test_public_api.py (its searchers' from their rows of the registry).
    assert not set(gamesearch.imperfect.__all__) & set(gamesearch.__all__)


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
