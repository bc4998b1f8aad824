"""The example notebook runs from top to bottom, and each search shows itself as a page.

``examples/step_through.ipynb`` is executed by nbclient (Jupyter's own executor) in a fresh
kernel, as CI does with the ``notebook`` extra installed; without nbclient, nbformat or a
Python kernel the test skips and says which is missing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import gamesearch

pytestmark = pytest.mark.slow

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "step_through.ipynb"
WHY = "the notebook test needs the notebook extra: pip install 'gamesearch[notebook]'"


def test_the_step_through_notebook_runs_and_shows_its_searches(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason=WHY)
    nbclient = pytest.importorskip("nbclient", reason=WHY)
    kernelspec = pytest.importorskip("jupyter_client.kernelspec", reason=WHY)
    if "python3" not in kernelspec.KernelSpecManager().find_kernel_specs():
        pytest.skip("no python3 Jupyter kernel: pip install ipykernel")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")
    client = nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    # The kernel imports the gamesearch these tests import, wherever the kernel starts.
    source = str(Path(gamesearch.__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))
    client.execute(
        env={**os.environ, "PYTHONPATH": path}
    )  # a failing cell raises, with its traceback
    pages = [
        output["data"]["text/html"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if "text/html" in output.get("data", {})
    ]
    assert len(pages) == 3  # the textbook's tree, the tic-tac-toe endgame, Monte Carlo
    assert all(page.startswith("<iframe srcdoc=") for page in pages)
    assert "X O X" in pages[1]  # the boards, in the nodes
    printed = "".join(
        output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    )
    assert "C's value <= 2 < alpha = 3: prune C2, C3" in printed
    assert "bytes, written to" in printed
