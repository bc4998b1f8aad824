"""The page in a real browser: headless Chromium, a local Pyodide, a local static server.

The folder of ``gamesearch web`` is served by ``python -m http.server`` (no network: Pyodide's
files come from the npm package ``pyodide``, which CI installs into ``web-vendor/``, outside
git; ``GAMESEARCH_PYODIDE`` names another folder of them). The page is driven as a person
drives it: by clicks. A whole game of tic-tac-toe against alpha-beta (the engine never loses),
a known position answered with the proven move, Connect Four moves, a search stepped forward
and back, a pasted game checked and searched, and links: the browser's console shows no error.
``GAMESEARCH_SAVE_FIGURES=1`` also saves the screenshot of docs/browser.md into docs/figures/.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from test_runtime import answer, take_away

from gamesearch.web import _runtime, build_site
from gamesearch.web._site import PYODIDE_FILES, PYODIDE_VERSION

pytestmark = pytest.mark.slow

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="the browser test needs Selenium: pip install 'gamesearch[page]'"
)
from selenium.webdriver.common.by import By  # noqa: E402  # after the skip, on purpose
from selenium.webdriver.support.ui import Select  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = Path(
    os.environ.get("GAMESEARCH_PYODIDE", ROOT / "web-vendor" / "node_modules" / "pyodide")
)
BROWSER = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
DRIVER = shutil.which("chromedriver")
LOADING = 240.0
"""Seconds the page may take to become playable (Pyodide compiles 10 MB of WebAssembly; on a
busy shared machine that is slow)."""


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The folder of ``gamesearch web``, served on a free port: its URL."""
    if not all((PYODIDE / name).is_file() for name in PYODIDE_FILES):
        pytest.skip(
            f"no local Pyodide in {PYODIDE}: npm install pyodide@{PYODIDE_VERSION} in web-vendor/ "
            "(or set GAMESEARCH_PYODIDE to a folder of its files)"
        )
    folder = Path(tempfile.mkdtemp(prefix="gamesearch-site-"))
    build_site(folder, pyodide=PYODIDE)
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    port = server.stdout.readline().split(" port ")[1].split()[0]
    yield f"http://127.0.0.1:{port}/"
    server.terminate()
    server.wait(timeout=10)
    server.stdout.close()
    shutil.rmtree(folder)


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    if BROWSER is None or DRIVER is None:
        pytest.skip("no Chromium to drive: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    profile = tempfile.mkdtemp(prefix="gamesearch-chromium-")
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1280,1000", f"--user-data-dir={profile}",
    ):  # fmt: skip
        options.add_argument(argument)
    options.binary_location = BROWSER
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    driver.set_script_timeout(120)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def wait(what: Callable[[], Any], seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := what()):
        assert time.monotonic() < deadline, "the page did not get there in time"
        time.sleep(0.1)
    return found


def open_page(driver: Any, url: str) -> float:
    """Open the page at ``url`` and wait until it is playable: the seconds it took."""
    started = time.monotonic()
    driver.get(url)
    wait(lambda: body(driver).get_attribute("data-ready") == "yes", LOADING)
    return time.monotonic() - started


def body(driver: Any) -> Any:
    return driver.find_element(By.TAG_NAME, "body")


def errors(driver: Any) -> list[dict[str, Any]]:
    """The console's errors since the last call."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.fixture(scope="module")
def page(browser: Any, site: str) -> Any:
    """The page, opened once and playable."""
    seconds = open_page(browser, site)
    print(f"playable after {seconds:.1f} s")
    assert browser.find_element(By.ID, "status").text.startswith("ready: gamesearch")
    assert errors(browser) == []
    return browser


def moves_played(driver: Any) -> str:
    """The moves of the game on the board, read from the page's link to its position."""
    query = parse_qs(urlsplit(driver.find_element(By.ID, "link").get_attribute("href")).query)
    return query.get("moves", [""])[0]


def my_turn_or_over(driver: Any) -> bool:
    turn = driver.find_element(By.ID, "turn")
    return turn.get_attribute("data-over") == "yes" or turn.text.startswith("your move")


def new_game(driver: Any, game: str, searcher: str, amount: float, first: str = "you") -> None:
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "searcher")).select_by_value(searcher)
    field = driver.find_element(By.ID, "amount")
    field.clear()
    field.send_keys(str(amount))
    Select(driver.find_element(By.ID, "first")).select_by_value(first)
    driver.find_element(By.ID, "new").click()
    wait(lambda: my_turn_or_over(driver))


def click(driver: Any, move: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#board button[data-move="{move}"]').click()
    wait(lambda: my_turn_or_over(driver))


def legal(driver: Any) -> list[str]:
    return [
        button.get_attribute("data-move")
        for button in driver.find_elements(By.CSS_SELECTOR, "#board button:enabled")
    ]


def test_a_whole_game_against_alphabeta_the_engine_never_loses(page: Any) -> None:
    rng = random.Random(39)
    for first in ("you", "engine"):
        new_game(page, "tictactoe", "alphabeta", 9, first)
        while page.find_element(By.ID, "turn").get_attribute("data-over") != "yes":
            click(page, rng.choice(legal(page)))
        moves = moves_played(page)
        shown = answer(_runtime.position("tictactoe", moves))
        assert page.find_element(By.ID, "board-text").text == shown["board"]
        person = "X" if first == "you" else "O"
        assert not shown["outcome"].startswith(f"{person} wins"), moves
        assert page.find_element(By.ID, "turn").text == f"game over: {shown['outcome']}"
    assert errors(page) == []


def test_a_threat_is_answered_with_the_proven_block(page: Any) -> None:
    new_game(page, "tictactoe", "alphabeta", 9)
    click(page, "0")
    reply = moves_played(page).split(",")[1]
    threat, block = next(
        (a, b) for a, b in (("1", "2"), ("3", "6"), ("4", "8")) if reply not in (a, b)
    )
    click(page, threat)
    assert page.find_element(By.ID, "answer").get_attribute("data-move") == block
    told = page.find_element(By.ID, "answer").text
    assert told.startswith(f"the engine (O) plays {block}: value ")
    assert "principal variation" in told
    assert " nodes" in told
    assert errors(page) == []


def test_connect_four_moves_by_clicking_a_column(page: Any) -> None:
    new_game(page, "connect4", "alphabeta", 4)
    click(page, "3")
    click(page, "3")
    moves = moves_played(page).split(",")
    assert len(moves) == 4
    assert moves[0] == "3"
    assert moves[2] == "3"
    expected = answer(_runtime.position("connect4", ",".join(moves)))["board"]
    assert page.find_element(By.ID, "board-text").text == expected
    new_game(page, "connect4", "mcts", 300)
    click(page, "0")
    assert len(moves_played(page).split(",")) == 2
    assert errors(page) == []


def inside_frame(driver: Any, work: Callable[[], Any]) -> Any:
    driver.switch_to.frame(driver.find_element(By.ID, "steps-frame"))
    try:
        return work()
    finally:
        driver.switch_to.default_content()


def step(driver: Any) -> int:
    return int(body(driver).get_attribute("data-step"))


def test_the_engines_search_steps_forward_and_back(page: Any, tmp_path: Path) -> None:
    new_game(page, "tictactoe", "alphabeta", 9)
    click(page, "4")
    depth = page.find_element(By.ID, "step-depth")
    depth.clear()
    depth.send_keys("2")
    page.find_element(By.ID, "step-search").click()

    def forward_and_back() -> list[int]:
        wait(lambda: page.find_elements(By.ID, "forward"))
        seen = [step(page)]
        for button in ("forward", "forward", "back"):
            page.find_element(By.ID, button).click()
            seen.append(step(page))
        page.find_element(By.ID, "last").click()
        return [*seen, int(page.find_element(By.ID, "slider").get_attribute("max")) - step(page)]

    assert inside_frame(page, forward_and_back) == [0, 1, 2, 1, 0]
    assert page.find_element(By.ID, "steps-title").text.startswith("alpha-beta to depth 2")
    assert page.save_screenshot(str(tmp_path / "browser-page.png"))
    if os.environ.get("GAMESEARCH_SAVE_FIGURES"):  # docs/browser.md's figure: the whole page
        page.set_window_size(1280, 1500)
        page.save_screenshot(str(ROOT / "docs" / "figures" / "browser-page.png"))
        page.set_window_size(1280, 1000)
    assert errors(page) == []


def test_a_textbook_tree_steps_to_its_value(page: Any) -> None:
    Select(page.find_element(By.ID, "tree")).select_by_value("figure-5.2")
    page.find_element(By.ID, "show-tree").click()

    def to_the_end() -> str:
        wait(lambda: page.find_elements(By.ID, "last"))
        page.find_element(By.ID, "last").click()
        return str(page.find_element(By.ID, "heading").text)

    assert inside_frame(page, to_the_end).startswith("A = 3, best action 0")
    assert errors(page) == []


def paste(driver: Any, source: str, params: str, name: str = "") -> str:
    driver.execute_script("document.getElementById('source').value = arguments[0];", source)
    for field, text in (("params", params), ("class-name", name)):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(text)
    driver.find_element(By.ID, "run-own").click()
    report = driver.find_element(By.ID, "own-report")
    return str(wait(lambda: report.get_attribute("data-ok")))


def test_a_pasted_game_is_checked_and_stepped_through(page: Any) -> None:
    assert paste(page, take_away(), "sticks=7") == "yes"
    assert page.find_element(By.ID, "own-report").text.startswith("checked 14 states")
    heading = inside_frame(page, lambda: wait(lambda: page.find_elements(By.ID, "heading")))
    assert heading
    broken = take_away().replace("return state.sticks == 0", "return state.sticks < 0")
    assert paste(page, broken.split("\ngame = TakeAway()")[0], "sticks=3") == "no"
    assert "the conformance checker" in page.find_element(By.ID, "own-report").text
    assert errors(page) == []


def test_a_link_opens_its_position_and_a_hostile_link_is_refused(
    browser: Any, site: str, page: Any
) -> None:
    open_page(browser, site + "?game=tictactoe&moves=0,4")
    assert (
        browser.find_element(By.ID, "board-text").text
        == answer(_runtime.position("tictactoe", "0,4"))["board"]
    )
    click(browser, "1")
    assert browser.find_element(By.ID, "answer").get_attribute("data-move") == "2"
    open_page(browser, site + "?game=os:system&code=%3Cscript%3Ewindow.injected=1%3C/script%3E")
    status = browser.find_element(By.ID, "status")
    assert status.get_attribute("class") == "error"
    assert status.text.startswith("the link: a link may give game, moves, tree, not 'code'")
    assert browser.execute_script("return window.injected === undefined")
    assert browser.find_element(By.ID, "turn").text.startswith("your move")
    assert errors(browser) == []
