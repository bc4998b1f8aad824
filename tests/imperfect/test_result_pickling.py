"""The imperfect-information results pickle, and load with read-only strategies.

A CFR run of hours is a user's work: ``pickle.dump(result, file)`` must keep it. The results
hold their strategies as ``types.MappingProxyType`` views, which do not pickle by themselves
(``TypeError: cannot pickle 'mappingproxy' object`` before 2026-12-02).
"""

from __future__ import annotations

import copy
import pickle
from types import MappingProxyType

import pytest

from gamesearch.imperfect import CFRSolver, KuhnPoker, _sequences, best_response, cfr, mccfr


def test_a_cfr_result_loads_equal_with_a_read_only_strategy() -> None:
    found = cfr(KuhnPoker(), iterations=30)
    loaded = pickle.loads(pickle.dumps(found))
    assert loaded == found
    assert type(loaded) is type(found)
    assert isinstance(loaded.strategy, MappingProxyType)
    some_key = next(iter(loaded.strategy))
    assert isinstance(loaded.strategy[some_key], MappingProxyType)
    with pytest.raises(TypeError):
        loaded.strategy[some_key]["x"] = 1.0  # type: ignore[index]


def test_an_mccfr_result_and_a_best_response_load_equal() -> None:
    sampled = mccfr(KuhnPoker(), iterations=200, rng=3)
    assert pickle.loads(pickle.dumps(sampled)) == sampled
    response = best_response(KuhnPoker(), sampled.strategy, 1)
    loaded = pickle.loads(pickle.dumps(response))
    assert loaded == response
    assert isinstance(loaded.strategy, MappingProxyType)


def test_pickling_a_result_leaves_other_mapping_proxies_alone() -> None:
    pickle.dumps(cfr(KuhnPoker(), iterations=2))
    with pytest.raises(TypeError, match="mappingproxy"):
        pickle.dumps(MappingProxyType({"a": 1}))


def test_a_solver_saved_mid_run_resumes_where_it_stopped() -> None:
    # The adversary's walk (2026-12-02): compiled, a CFRSolver pickled but its pickle could not
    # be loaded (FrozenInstanceError from the compiled SequenceForm), so a saved run was lost.
    solver = CFRSolver(KuhnPoker())
    solver.iterate(3)
    loaded = pickle.loads(pickle.dumps(solver))
    copied = copy.deepcopy(solver)
    for each in (solver, loaded, copied):
        each.iterate(2)
    assert loaded.result().strategy == solver.result().strategy
    assert copied.result().nash_conv == solver.result().nash_conv


def test_a_solver_pickled_by_the_other_build_runs_as_one_of_this_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The user's walk (2026-12-03): a solver pickled by the compiled build and loaded by the
    # pure one reported exploitability 0 and went on wrong: a compiled form keeps no rows,
    # which Python's loops read. The rows and pairs are now arranged again when loaded.
    reference = CFRSolver(KuhnPoker(), variant="plus")
    reference.iterate(40)
    monkeypatch.setattr(_sequences, "NATIVE", not _sequences.NATIVE)  # made by the other build
    made = CFRSolver(KuhnPoker(), variant="plus")
    monkeypatch.undo()
    loaded = pickle.loads(pickle.dumps(made))
    loaded.iterate(40)
    assert loaded.result().strategy == reference.result().strategy
    assert loaded.result().nash_conv == reference.result().nash_conv > 0
