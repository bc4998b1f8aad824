"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor

import pytest


@pytest.fixture(scope="session")
def dask_executor() -> Iterator[Executor]:
    """A ``dask.distributed`` executor over a local cluster of two worker processes.

    The real thing, as on a cluster: ``LocalCluster(n_workers=2, processes=True)`` and
    ``Client.get_executor()``. Skipped with a reason when the ``distributed`` extra is absent.
    Dask pickles functions of importable modules by reference, and its workers cannot import
    the test modules: ship gamesearch's own games and functions, or register a test module with
    ``cloudpickle.register_pickle_by_value``.
    """
    distributed = pytest.importorskip(
        "distributed",
        reason="dask.distributed is not installed (pip install gamesearch[distributed])",
    )
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    )
    client = distributed.Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()
