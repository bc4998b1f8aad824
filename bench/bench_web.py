"""Browser benchmark: the page of ``gamesearch web`` under Pyodide, against CPython here.

The folder is built with a local Pyodide (the npm package ``pyodide`` in ``web-vendor/``, or the
folder ``GAMESEARCH_PYODIDE`` names), served by ``python -m http.server`` and opened in headless
Chromium (Selenium), with no network. Measured in one run:

- ``web.load``: the seconds from opening the page to a playable page (Pyodide's start, then
  the wheel fetched, unpacked and imported), as the browser and the page time them;
- ``web.per_node``: alpha-beta on tic-tac-toe from the start (18,297 nodes), best of N, in the
  browser and in this CPython: the seconds per node of each and their ratio;
- ``web.reply``: the engine's reply at the page's default settings, from the first position
  (alpha-beta: tic-tac-toe to depth 9, Connect Four to depth 5), in the browser;
- ``web.wheel``: the wheel's size in bytes.

The goals of issue 39: playable within 10 s with a local Pyodide, a reply within 2 s. The script
checks that both searches find the same node count and exits with status 1 if not; without
Chromium, Selenium or the local Pyodide it prints why and exits 0. Output is JSON lines.

Usage: ``python bench/bench_web.py [--quick] [--repeat N] [--loads N]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail

from gamesearch import alphabeta
from gamesearch.games import TicTacToe
from gamesearch.web import build_site
from gamesearch.web._runtime import DEFAULTS
from gamesearch.web._site import PYODIDE_FILES

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = Path(
    os.environ.get("GAMESEARCH_PYODIDE", ROOT / "web-vendor" / "node_modules" / "pyodide")
)
TIMING = """
import json, time
from gamesearch import alphabeta
from gamesearch.games import TicTacToe
best, nodes = float("inf"), 0
for _ in range({repeat}):
    began = time.perf_counter()
    nodes = alphabeta(TicTacToe()).stats.nodes
    best = min(best, time.perf_counter() - began)
json.dumps([best, nodes])
"""
"""Alpha-beta on tic-tac-toe, best of ``repeat``: run the same in the browser and here."""

REPLY = "from gamesearch.web import _runtime\n_runtime"


def chromium() -> Any:
    """Headless Chromium driven by Selenium, or ``None`` (and why) when it cannot be."""
    try:
        from selenium import webdriver
    except ImportError:
        return None, "no Selenium: pip install 'gamesearch[page]'"
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if browser is None or driver is None:
        return None, "no Chromium: apt-get install chromium chromium-driver"
    options = webdriver.ChromeOptions()
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tempfile.mkdtemp(prefix='gamesearch-bench-')}",
    ):  # fmt: skip
        options.add_argument(argument)
    options.binary_location = browser
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(driver)), ""


def load(driver: Any, url: str) -> dict[str, float]:
    """Open the page and wait until it is playable: the seconds, measured three ways."""
    began = time.perf_counter()
    driver.get(url)
    while driver.execute_script("return document.body.dataset.ready") != "yes":
        if time.perf_counter() - began > 300:
            fail("the page was not playable after 300 s")
        time.sleep(0.05)
    wall = time.perf_counter() - began
    times = driver.execute_script("return window.gamesearch.times")
    return {
        "playable_seconds": round(wall, 3),
        "pyodide_seconds": round(times["pyodide"] / 1000, 3),
        "wheel_seconds": round((times["playable"] - times["pyodide"]) / 1000, 3),
    }


def in_browser(driver: Any, code: str) -> Any:
    return json.loads(
        driver.execute_script("return window.gamesearch.python.runPython(arguments[0])", code)
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="one load, few repetitions")
    parser.add_argument("--repeat", type=int, help="runs of each search (default 10, quick 3)")
    parser.add_argument("--loads", type=int, help="page loads (default 3, quick 1)")
    args = parser.parse_args(argv)
    repeat = args.repeat or (3 if args.quick else 10)
    loads = args.loads or (1 if args.quick else 3)
    emit_env("web.env")
    if not all((PYODIDE / name).is_file() for name in PYODIDE_FILES):
        emit(bench="web.skipped", reason=f"no local Pyodide in {PYODIDE} (npm install pyodide)")
        return
    driver, why = chromium()
    if driver is None:
        emit(bench="web.skipped", reason=why)
        return
    folder = Path(tempfile.mkdtemp(prefix="gamesearch-bench-site-"))
    build_site(folder, pyodide=PYODIDE)
    wheel = next(folder.glob("*.whl"))
    emit(bench="web.wheel", file=wheel.name, bytes=wheel.stat().st_size)
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        url = f"http://127.0.0.1:{server.stdout.readline().split(' port ')[1].split()[0]}/"
        for number in range(loads):
            emit(bench="web.load", load=number + 1, local_pyodide=True, **load(driver, url))
        measure(driver, repeat)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
        if server.stdout is not None:
            server.stdout.close()
        shutil.rmtree(folder)


def measure(driver: Any, repeat: int) -> None:
    """The per-node cost in the browser against here, and the engine's replies there."""
    browser_seconds, browser_nodes = in_browser(driver, TIMING.format(repeat=repeat))
    here, nodes = float("inf"), 0
    for _ in range(repeat):
        began = time.perf_counter()
        nodes = alphabeta(TicTacToe()).stats.nodes
        here = min(here, time.perf_counter() - began)
    if nodes != browser_nodes:
        fail(f"alpha-beta searched {browser_nodes} nodes in the browser and {nodes} here")
    emit(
        bench="web.per_node", search="alphabeta tictactoe", nodes=nodes, repeat=repeat,
        browser_us_per_node=round(browser_seconds / nodes * 1e6, 3),
        cpython_us_per_node=round(here / nodes * 1e6, 3),
        ratio_browser_to_cpython=round(browser_seconds / here, 2),
        cpython=sys.version.split()[0],
    )  # fmt: skip
    for game, defaults in DEFAULTS.items():
        depth = defaults["alphabeta"]
        reply = in_browser(driver, f"{REPLY}.reply({game!r}, '', 'alphabeta', {depth})")
        emit(
            bench="web.reply", game=game, searcher="alphabeta", depth=depth,
            seconds=round(reply["seconds"], 3), nodes=reply["nodes"], move=reply["move"],
        )  # fmt: skip


if __name__ == "__main__":
    main()
