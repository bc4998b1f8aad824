"""Browser benchmark: the page of ``gamesearch web`` under Pyodide, against CPython here.

The folder is built with a local Pyodide (the npm package ``pyodide`` in ``web-vendor/``, or the
folder ``GAMESEARCH_PYODIDE`` names), served by ``python -m http.server`` and opened in headless
Chromium (Selenium), with no network. Measured in one run:

- ``web.load``: the seconds from opening the page to a playable page (Pyodide's start in the
  page's worker, then the wheel fetched, unpacked and imported, then the first board drawn),
  as the browser and the page time them;
- ``web.per_node``: alpha-beta on tic-tac-toe from the start (18,297 nodes), best of N, in the
  browser's worker and in this CPython: the seconds per node of each and their ratio;
- ``web.reply``: the engine's reply at the page's default settings for every game of the page,
  from its first position where the engine is to move (after the reader's first move), timed
  in the page from the request to the answer (as a reader waits for it);
- ``web.heartbeat``: a search of a minute (Connect Four, alpha-beta to depth 16, the engine
  first) while a timer of the page ticks every 100 ms: the ticks counted against those
  expected, and the progress lines the page showed;
- ``web.stop``: Stop pressed after 1 to 5 s of that search: the milliseconds from Stop to the
  answer (what was found so far), each time, and whether Python stopped (not the fallback that
  replaces the worker);
- ``web.wheel``: the wheel's size in bytes.

The goals of issues 39 and 46: playable within 10 s with a local Pyodide on an idle machine,
every default reply within 2 s, the heartbeat's rate kept, Stop within 1 s. The script checks
that both searches find the same node count and exits with status 1 if not; without Chromium,
Selenium or the local Pyodide it prints why and exits 0. Output is JSON lines.

Usage: ``python bench/bench_web.py [--quick] [--repeat N] [--loads N] [--minute S]``
"""

from __future__ import annotations

import argparse
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
from gamesearch.web._catalogue import GAMES
from gamesearch.web._site import PYODIDE_FILES

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = Path(
    os.environ.get("GAMESEARCH_PYODIDE", ROOT / "web-vendor" / "node_modules" / "pyodide")
)
CALL = """
const [name, args, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const began = performance.now();
window.gamesearch.python.call(name, args, {long: true}).then((answer) =>
  done({answer, ms: performance.now() - began}));
"""
"""A call of the page's worker, as the page makes it: its answer and its milliseconds."""

MINUTE = """
const [seconds, done] = [arguments[0], arguments[arguments.length - 1]];
const python = window.gamesearch.python;
let beats = 0, lines = 0, stopped = 0;
const heart = setInterval(() => { beats += 1; }, 100);
const began = performance.now();
python.call("reply", [{game: "connect4", params: "", moves: ""},
                      {searcher: "alphabeta", amount: 16, evaluation: "own"}, 0.5],
            {long: true, onProgress: () => { lines += 1; }}).then((answer) => {
  clearInterval(heart);
  done({beats, lines, ran: (stopped - began) / 1000, stop_ms: performance.now() - stopped,
        stopped: Boolean(answer.stopped), restarted: Boolean(answer.restarted),
        said: answer.said || answer.error});
});
setTimeout(() => { stopped = performance.now(); python.stop(); }, seconds * 1000);
"""
"""A search of ``seconds`` (Connect Four to depth 16, which takes far longer) under a heartbeat
of 100 ms, then Stop: the beats, the progress lines, and Stop's milliseconds."""


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
    idle = "const p = window.gamesearch.python; return p.current === null && !p.queue.length;"
    while not driver.execute_script(idle):
        time.sleep(0.05)
    return {
        "playable_seconds": round(wall, 3),
        "in_page_seconds": round(times["playable"] / 1000, 3),
        "pyodide_seconds": round(times["pyodide"] / 1000, 3),
        "wheel_seconds": round((times["worker"] - times["pyodide"]) / 1000, 3),
    }


def in_browser(driver: Any, name: str, *args: Any) -> Any:
    """The page worker's answer to the call ``name``, and its milliseconds, as the page sees."""
    return driver.execute_async_script(CALL, name, list(args))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="one load, few repetitions")
    parser.add_argument("--repeat", type=int, help="runs of each search (default 10, quick 3)")
    parser.add_argument("--loads", type=int, help="page loads (default 3, quick 1)")
    parser.add_argument(
        "--minute", type=float, help="seconds of the long search (default 60, quick 15)"
    )
    args = parser.parse_args(argv)
    repeat = args.repeat or (3 if args.quick else 10)
    loads = args.loads or (1 if args.quick else 3)
    minute = args.minute or (15.0 if args.quick else 60.0)
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
        replies(driver)
        responsive(driver, minute, stops=2 if args.quick else 5)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
        if server.stdout is not None:
            server.stdout.close()
        shutil.rmtree(folder)


def measure(driver: Any, repeat: int) -> None:
    """The per-node cost in the browser's worker against here."""
    timed = in_browser(driver, "time_alphabeta", repeat)["answer"]
    if "error" in timed:
        fail(f"the page's worker could not time alpha-beta: {timed['error']}")
    browser_seconds, browser_nodes = timed["seconds"], timed["nodes"]
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


def replies(driver: Any) -> None:
    """The engine's reply at each game's default searcher and limit, in the page."""
    for name, game in GAMES.items():
        moves: list[str] = []

        def at() -> dict[str, str]:
            return {"game": name, "params": game.params, "moves": ",".join(moves)}  # noqa: B023

        view = in_browser(driver, "position", at(), 0)["answer"]
        while view["chance"] or view["mover_index"] == 0:  # deal, roll, or the reader's move
            if view["chance"]:
                moves.append(in_browser(driver, "chance", at(), 0.5)["answer"]["move"])
            else:
                moves.append(view["legal"][-1])  # a hold, in Pig, ends the turn
            view = in_browser(driver, "position", at(), 0)["answer"]
        row = view["searchers"][0]
        evaluation = "own" if view["has_evaluate"] else "none"
        asked = {"searcher": row["key"], "amount": row["default"], "evaluation": evaluation}
        timed = in_browser(driver, "reply", at(), asked, 0.5)
        reply = timed["answer"]
        if "error" in reply:
            fail(f"{name}'s default reply was refused: {reply['error']}")
        emit(
            bench="web.reply", game=name, params=game.params, moves=",".join(moves),
            searcher=row["key"], limit=row["default"], seconds=round(timed["ms"] / 1000, 3),
            search_seconds=round(reply.get("seconds", 0.0), 3), nodes=reply.get("nodes"),
            move=reply["move"], exact=reply["value"]["exact"],
        )  # fmt: skip


def responsive(driver: Any, minute: float, stops: int) -> None:
    """The heartbeat during a search of ``minute`` seconds, then Stop's latency, ``stops`` times."""
    driver.set_script_timeout(minute + 120)
    found = driver.execute_async_script(MINUTE, minute)
    expected = found["ran"] * 10
    emit(
        bench="web.heartbeat", search="connect4 alphabeta depth 16, stopped", seconds=found["ran"],
        beats=found["beats"], expected=round(expected), rate=round(found["beats"] / expected, 3),
        progress_lines=found["lines"], said=found["said"][:120],
    )  # fmt: skip
    for number in range(stops):
        seconds = 1 + number % 5
        found = driver.execute_async_script(MINUTE, seconds)
        emit(
            bench="web.stop", after_seconds=seconds, stop_ms=round(found["stop_ms"], 1),
            stopped=found["stopped"], worker_replaced=found["restarted"],
        )  # fmt: skip


if __name__ == "__main__":
    main()
