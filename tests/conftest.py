"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import pytest


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    """A ``dask.distributed`` client of a local cluster of two worker processes.

    The real thing, as on a cluster: ``LocalCluster(n_workers=2, processes=True)``. Skipped
    with a reason when the ``distributed`` extra is absent. Dask pickles functions of
    importable modules by reference, and its workers cannot import the test modules: ship
    gamesearch's own games and functions, or register a test module with
    ``cloudpickle.register_pickle_by_value``.
    """
    distributed = pytest.importorskip(
        "distributed",
        reason="dask.distributed is not installed (pip install gamesearch[distributed])",
    )
    # dashboard_address=None still means Dask's default port, 8787, which a second cluster
    # (another pytest-xdist worker, another run on the machine) finds taken: a warning, which
    # the tests turn into an error. ":0" takes any free port.
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.fixture(scope="session")
def dask_executor(dask_client: Any) -> Executor:
    """The executor of :func:`dask_client`'s cluster: ``Client.get_executor()``."""
    return dask_client.get_executor()  # type: ignore[no-any-return]
