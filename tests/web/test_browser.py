"""The page in a real browser: headless Chromium, a local Pyodide, a local static server.

The folder of ``gamesearch web`` is served by ``python -m http.server`` (no network: Pyodide's
files come from the npm package ``pyodide``, which CI installs into ``web-vendor/``, outside
git; ``GAMESEARCH_PYODIDE`` names another folder of them). The page is driven as a person
drives it, by clicks, and measured as issue 46 asks: the page answers while a search runs in
its worker (a heartbeat keeps its rate), Stop ends a search and says what it found, links with
the engine to move get a reply, each bad input is refused beside its control and leaves the
page playable, every value says exact or estimate and for whom, boards are drawn as boards,
every game of the page plays, a broken pasted game gets a report (never a traceback) and
clears the last tree, and a page without Pyodide says where it looked and what to do.
Seconds are printed, not asserted (bench/bench_web.py measures them); the browser's console
must show no error. ``GAMESEARCH_SAVE_FIGURES=1`` saves docs/browser.md's screenshots into
docs/figures/.
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
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from test_own_game import BROKEN, GRID
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
FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1366,768",
)  # fmt: skip
FIGURES = ROOT / "docs" / "figures"


def serve(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """``folder`` served by Python's static server on a free port, and its URL."""
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    port = server.stdout.readline().split(" port ")[1].split()[0]
    return server, f"http://127.0.0.1:{port}/"


def stop_serving(server: subprocess.Popen[str]) -> None:
    server.terminate()
    server.wait(timeout=10)
    if server.stdout is not None:
        server.stdout.close()


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
    server, url = serve(folder)
    yield url
    stop_serving(server)
    shutil.rmtree(folder)


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    if BROWSER is None or DRIVER is None:
        pytest.skip("no Chromium to drive: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    profile = tempfile.mkdtemp(prefix="gamesearch-chromium-")
    for argument in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(argument)
    options.binary_location = BROWSER
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    driver.set_script_timeout(120)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def wait(what: Callable[[], Any], seconds: float = 90.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := what()):
        assert time.monotonic() < deadline, "the page did not get there in time"
        time.sleep(0.05)
    return found


def body(driver: Any) -> Any:
    return driver.find_element(By.TAG_NAME, "body")


def open_page(driver: Any, url: str) -> float:
    """Open the page at ``url`` and wait until it is playable and at rest: the seconds."""
    started = time.monotonic()
    driver.get(url)
    wait(lambda: body(driver).get_attribute("data-ready") in ("yes", "failed"), LOADING)
    seconds = time.monotonic() - started
    settle(driver)
    return seconds


def settle(driver: Any, seconds: float = 120.0) -> None:
    """Wait until the page's worker has nothing to do: no call running, none waiting."""
    idle = "const p = window.gamesearch.python; return p.current === null && !p.queue.length;"
    wait(lambda: driver.execute_script(idle), seconds)


def errors(driver: Any) -> list[dict[str, Any]]:
    """The console's errors since the last call."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def text(driver: Any, id_: str) -> str:
    return str(driver.find_element(By.ID, id_).text)


@pytest.fixture(scope="module")
def page(browser: Any, site: str) -> Any:
    """The page, opened once and playable."""
    seconds = open_page(browser, site)
    print(f"playable after {seconds:.1f} s")
    assert text(browser, "status").startswith("ready: gamesearch")
    assert errors(browser) == []
    return browser


def moves_played(driver: Any) -> str:
    """The moves of the game on the board, read from the page's link to its position."""
    query = parse_qs(urlsplit(driver.find_element(By.ID, "link").get_attribute("href")).query)
    return query.get("moves", [""])[0]


def choose(driver: Any, id_: str, value: str) -> None:
    Select(driver.find_element(By.ID, id_)).select_by_value(value)
    settle(driver)


def fill(driver: Any, id_: str, value: str) -> None:
    field = driver.find_element(By.ID, id_)
    field.clear()
    field.send_keys(value)


def new_game(
    driver: Any,
    game: str,
    searcher: str | None = None,
    amount: str | None = None,
    *,
    params: str | None = None,
    evaluation: str | None = None,
    first: str = "you",
    at_rest: bool = True,
) -> None:
    """A new game as a person starts one: the game, its settings, then "new game".

    ``at_rest``: wait until the page has done what the new game asks (the engine's first
    move, when it plays first).
    """
    choose(driver, "first", "you")
    choose(driver, "game", game)
    if params is not None:
        fill(driver, "params", params)
        driver.find_element(By.ID, "new").click()
        settle(driver)
    if searcher is not None:
        choose(driver, "searcher", searcher)
    if amount is not None:
        fill(driver, "amount", amount)
    if evaluation is not None:
        choose(driver, "evaluation", evaluation)
    Select(driver.find_element(By.ID, "first")).select_by_value(first)  # a new game, too
    if first == "you":
        driver.find_element(By.ID, "new").click()
    if at_rest:
        settle(driver)


def click(driver: Any, move: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#board [data-move="{move}"]').click()
    settle(driver)


def legal(driver: Any) -> list[str]:
    """The moves the reader may play now: the board's playable elements and move buttons."""
    found = driver.find_elements(
        By.CSS_SELECTOR, '#board [role="button"][data-move], #board button[data-move]:enabled'
    )
    return [element.get_attribute("data-move") for element in found]


def over(driver: Any) -> bool:
    return driver.find_element(By.ID, "turn").get_attribute("data-over") == "yes"


def screenshot(driver: Any, name: str, tmp_path: Path) -> None:
    """A screenshot at 1366x768, into docs/figures/ when GAMESEARCH_SAVE_FIGURES is set."""
    driver.execute_script("window.scrollTo(0, 0)")
    folder = FIGURES if os.environ.get("GAMESEARCH_SAVE_FIGURES") else tmp_path
    assert driver.save_screenshot(str(folder / f"{name}.png"))


# ---- playing -------------------------------------------------------------------------------


def test_a_whole_game_against_alphabeta_the_engine_never_loses(page: Any) -> None:
    rng = random.Random(39)
    for first in ("you", "engine"):
        new_game(page, "tictactoe", "alphabeta", "", evaluation="none", first=first)
        while not over(page):
            click(page, rng.choice(legal(page)))
        moves = moves_played(page)
        shown = answer(_runtime.position({"game": "tictactoe", "params": "", "moves": moves}, 0))
        assert page.find_element(By.ID, "board-text").get_attribute("textContent") == shown["text"]
        person = "X" if first == "you" else "O"
        assert not shown["outcome"].startswith(f"{person} wins"), moves
        assert text(page, "turn") == f"game over: {shown['outcome']}"
    assert errors(page) == []


def test_a_threat_is_answered_with_the_proven_block_and_its_value_in_words(page: Any) -> None:
    new_game(page, "tictactoe", "alphabeta", "", evaluation="none")
    click(page, "0")
    reply = moves_played(page).split(",")[1]
    threat, block = next(
        (a, b) for a, b in (("1", "2"), ("3", "6"), ("4", "8")) if reply not in (a, b)
    )
    click(page, threat)
    told = page.find_element(By.ID, "answer")
    assert told.get_attribute("data-move") == block
    assert told.text.startswith(f"the engine (O) plays {block}: +0 for O, exact (proven draw)")
    assert "proven draw" in told.text
    assert text(page, "scale") == "The values: a win is worth +1, a draw 0, a loss -1."
    assert errors(page) == []


def test_connect_four_drops_discs_into_columns_and_says_its_estimate(page: Any) -> None:
    new_game(page, "connect4", "alphabeta", "4")
    click(page, "3")
    click(page, "3")
    moves = moves_played(page).split(",")
    assert len(moves) == 4
    assert moves[0] == "3"
    assert moves[2] == "3"
    assert len(page.find_elements(By.CSS_SELECTOR, "#board circle.disc")) == 4
    assert page.find_elements(By.CSS_SELECTOR, "#board .last-move")
    told = text(page, "answer")
    assert "for O, an estimate (at depth 4, the positions there scored by the game's own" in told
    new_game(page, "connect4", "mcts", "300")
    click(page, "0")
    assert len(moves_played(page).split(",")) == 2
    assert "by 300 playouts of MCTS" in text(page, "answer")
    assert errors(page) == []


@pytest.mark.parametrize(
    ("query", "replies"),
    [("?game=connect4&moves=3,3,4", 4), ("?game=tictactoe&moves=4", 2)],
)
def test_a_link_with_the_engine_to_move_gets_its_reply(
    browser: Any, site: str, page: Any, query: str, replies: int
) -> None:
    open_page(browser, site + query)
    wait(lambda: browser.find_element(By.ID, "answer").get_attribute("data-move"))
    assert len(moves_played(browser).split(",")) == replies
    assert browser.find_element(By.ID, "turn").get_attribute("data-mine") == "yes"
    assert errors(browser) == []


def test_a_fresh_pages_step_through_runs_as_it_is_filled_in(
    browser: Any, site: str, page: Any
) -> None:
    # Tic-tac-toe has no evaluate: the step-through's own menu starts at 0 for every
    # unfinished position, so that alpha-beta to depth 2, as filled in, runs.
    open_page(browser, site)
    assert Select(browser.find_element(By.ID, "step-evaluation")).first_selected_option.text == (
        "0 for every unfinished position (a blind estimate)"
    )
    browser.find_element(By.ID, "step-search").click()
    settle(browser)
    assert text(browser, "why-step-amount") == ""
    title = text(browser, "steps-title")
    assert title.startswith("alpha-beta from the starting position: 26 nodes")
    choose(browser, "step-evaluation", "none")  # refused, naming the page's own remedies
    browser.find_element(By.ID, "step-search").click()
    settle(browser)
    refusal = text(browser, "why-step-amount")
    assert '"0 for every unfinished position" in "at the limit", or empty the limit' in refusal
    assert "evaluate=" not in refusal
    assert errors(browser) == []


def test_hex_steps_through_proof_number_search_from_the_board(
    browser: Any, site: str, page: Any
) -> None:
    open_page(browser, site + "?game=hex&params=size%3D5")
    choose(browser, "step-searcher", "pns")
    assert browser.find_element(By.ID, "step-amount").get_attribute("value") == ""
    browser.find_element(By.ID, "step-search").click()
    settle(browser)
    assert "+1 for X, exact (proven: X wins)" in text(browser, "steps-title")
    story = inside_frame(browser, lambda: str(body(browser).get_attribute("textContent")))
    assert "by the game's knowledge [X joins the top and the bottom" in story  # what closed it
    assert "Left out:" in story  # the moves Hex's knowledge leaves out, and why
    assert errors(browser) == []


def test_a_win_the_search_reached_is_labelled_proven(browser: Any, site: str, page: Any) -> None:
    open_page(browser, site + "?game=connect4&moves=0,3,0,3,1,3,6")  # O completes four
    wait(lambda: browser.find_element(By.ID, "answer").get_attribute("data-move"))
    assert "plays 3: +1 for O, exact (proven: O wins)" in text(browser, "answer")
    assert text(browser, "turn").startswith("game over: O wins")


def test_a_limit_out_of_range_is_flagged_when_typed(page: Any) -> None:
    new_game(page, "tictactoe", "alphabeta", "")
    fill(page, "amount", "99")  # checked as it is typed, before the engine must move
    assert "depth must be a whole number from 1 to 42" in text(page, "why-amount")
    fill(page, "amount", "5")
    assert text(page, "why-amount") == ""


def test_a_link_opens_its_position_and_a_hostile_link_is_refused(
    browser: Any, site: str, page: Any
) -> None:
    open_page(browser, site + "?game=tictactoe&moves=0,4")
    expected = answer(_runtime.position({"game": "tictactoe", "params": "", "moves": "0,4"}, 0))[
        "text"
    ]
    assert browser.find_element(By.ID, "board-text").get_attribute("textContent") == expected
    click(browser, "1")
    assert browser.find_element(By.ID, "answer").get_attribute("data-move") == "2"
    open_page(browser, site + "?game=os:system&code=%3Cscript%3Ewindow.injected=1%3C/script%3E")
    assert text(browser, "why-link").startswith(
        "the link: a link may give game, params, moves, first, tree, not 'code'"
    )
    assert browser.execute_script("return window.injected === undefined")
    assert text(browser, "turn").startswith("your move")
    assert errors(browser) == []


# ---- never frozen, never blocked -----------------------------------------------------------


def test_the_page_keeps_its_heartbeat_during_a_long_search_and_stop_ends_it(page: Any) -> None:
    new_game(page, "connect4", "alphabeta", "14", first="engine", at_rest=False)
    wait(lambda: page.find_element(By.ID, "stop").is_displayed())  # the engine moves first...
    # ...and its search runs while the page beats every 100 ms.
    page.execute_script(
        "window.beats = 0; window.heartbeat = setInterval(() => { window.beats += 1; }, 100);"
    )
    began = time.monotonic()
    time.sleep(12)
    beats = page.execute_script("return window.beats")
    elapsed = time.monotonic() - began
    assert page.find_element(By.ID, "stop").is_displayed()
    progress = text(page, "progress")
    assert progress.startswith("searching, ")
    assert " depth " in progress  # the depths completed so far, as they complete
    clicked = time.monotonic()
    page.find_element(By.ID, "stop").click()
    told = page.find_element(By.ID, "answer")
    wait(lambda: told.get_attribute("data-stopped") == "yes", 30)
    latency = time.monotonic() - clicked
    page.execute_script("clearInterval(window.heartbeat)")
    print(
        f"heartbeat: {beats} beats in {elapsed:.1f} s (10 a second expected); stop: {latency:.2f} s"
    )
    assert beats >= 0.4 * elapsed * 10  # a page whose search blocked it beat ~1 in 10 times
    assert "stopped after" in told.text
    assert "the best found so far" in told.text
    assert "restarted" not in told.text  # Python itself stopped: the worker was not replaced
    settle(page)
    assert page.find_element(By.ID, "turn").get_attribute("data-mine") == "yes"  # it played
    assert errors(page) == []


def test_stop_ends_a_pasted_game_that_never_answers(page: Any) -> None:
    forever = GRID.replace("def to_move(self, state): return state[1]",
                           "def to_move(self, state):\n        while True: pass")  # fmt: skip
    paste(page, forever, "", wait_report=False)
    wait(lambda: page.find_element(By.ID, "stop").is_displayed(), 30)
    time.sleep(1)
    page.find_element(By.ID, "stop").click()
    report = page.find_element(By.ID, "own-report")
    wait(lambda: report.get_attribute("data-ok") == "no", 30)
    assert report.text == "stopped"
    settle(page)


def test_python_stuck_outside_its_bytecode_is_replaced_and_the_page_plays_on(page: Any) -> None:
    # sum over a range runs in C, which never looks at the interrupt flag (for hours here).
    stuck = "x = sum(range(10 ** 12))\nclass G:\n    def initial_state(self): pass\n"
    paste(page, stuck, "", wait_report=False)
    wait(lambda: page.find_element(By.ID, "stop").is_displayed(), 30)
    page.find_element(By.ID, "stop").click()
    report = page.find_element(By.ID, "own-report")
    wait(lambda: report.get_attribute("data-ok") == "no", 30)
    assert report.text == "stopped: Python did not answer, so it was restarted"
    new_game(page, "tictactoe", "alphabeta", "", evaluation="none")  # waits for the new worker
    click(page, "4")
    assert page.find_element(By.ID, "answer").get_attribute("data-move")
    assert text(page, "status").startswith("ready again")
    assert errors(page) == []


# ---- every input leaves a playable page ----------------------------------------------------


@pytest.mark.parametrize(
    ("searcher", "amount", "evaluation", "field", "reason"),
    [
        ("alphabeta", "0", "none", "amount", "depth must be a whole number from 1 to 42"),
        ("alphabeta", "99", "none", "amount", "not 99"),
        ("alphabeta", "three", "none", "amount", "not 'three'"),
        ("engine", "", None, "amount", "seconds must be a number from 0.05 to 30, not nothing"),
        ("alphabeta", "3", "none", "amount", 'in "at the depth limit", or empty the depth'),
    ],
)
def test_a_bad_limit_is_told_beside_it_and_the_page_plays_on(
    page: Any, searcher: str, amount: str, evaluation: str | None, field: str, reason: str
) -> None:
    new_game(page, "tictactoe", searcher, amount, evaluation=evaluation)
    click(page, "4")
    assert reason in text(page, f"why-{field}")
    assert text(page, "turn").startswith('O to move: press "engine, move"')
    fill(page, "amount", "1" if searcher == "engine" else "")  # corrected: the engine moves
    page.find_element(By.ID, "engine-move").click()
    settle(page)
    assert text(page, f"why-{field}") == ""
    assert page.find_element(By.ID, "turn").get_attribute("data-mine") == "yes"
    assert len(moves_played(page).split(",")) == 2
    assert errors(page) == []


def test_a_blind_evaluation_chosen_in_the_page_is_labelled(page: Any) -> None:
    new_game(page, "tictactoe", "alphabeta", "2", evaluation="zero")
    click(page, "4")
    told = text(page, "answer")
    assert "an estimate (at depth 2, the positions there scored by 0 for every unfinished" in told
    assert "a blind estimate, chosen in the page" in told


@pytest.mark.parametrize(
    ("query", "field", "reason"),
    [
        ("?game=chess", "game", "the page plays tictactoe, connect4, hex"),
        ("?game=tictactoe&moves=4,4", "moves", "'4' is not legal here"),
        ("?game=hex&params=size%3D99", "params", "size"),
    ],
)
def test_a_bad_link_is_told_beside_its_control_and_a_new_game_starts(
    browser: Any, site: str, page: Any, query: str, field: str, reason: str
) -> None:
    open_page(browser, site + query)
    assert reason in text(browser, f"why-{field}")
    assert text(browser, "turn").startswith("your move")
    click(browser, legal(browser)[0])
    assert browser.find_element(By.ID, "answer").get_attribute("data-move")
    assert errors(browser) == []


def test_bad_parameters_are_told_beside_them_and_corrected(page: Any) -> None:
    choose(page, "game", "hex")
    fill(page, "params", "size=1")
    page.find_element(By.ID, "new").click()
    settle(page)
    assert "size" in text(page, "why-params")
    fill(page, "params", "size=4, swap=true")
    page.find_element(By.ID, "new").click()
    settle(page)
    assert text(page, "why-params") == ""
    assert len(page.find_elements(By.CSS_SELECTOR, "#board .hex-cell")) == 16


# ---- boards drawn as boards, every game plays ----------------------------------------------


BOARDS = [
    ("tictactoe", "", "0,3,4,5,8", "#board .mark-x", "board-tictactoe"),
    ("connect4", "", "3,3,4,4,5,2,6", "#board circle.disc", "board-connect4"),
    ("hex", "size=5", "c3,b4,d2,c2,d3,b3,e1,a5,e2", "#board .stone", "board-hex"),
    ("rolit", "size=6, players=2", "", "#board .disc", "board-rolit"),
    ("pig", "goal=30", "roll,4,roll,6", "#board .die", "board-pig"),
    ("kuhn", "", "2,0", "#board .card-back", "board-kuhn"),
    ("nim", "piles=(3, 4, 5), players=2", "", "#board .stick", "board-nim"),
]


@pytest.mark.parametrize(("game", "params", "moves", "drawn", "figure"), BOARDS)
def test_each_board_is_drawn_as_a_board(
    browser: Any, site: str, page: Any, tmp_path: Path,
    game: str, params: str, moves: str, drawn: str, figure: str,
) -> None:  # fmt: skip
    query = urlencode({"game": game, "moves": moves, **({"params": params} if params else {})},
                      safe=",")  # fmt: skip
    open_page(browser, f"{site}?{query}")
    assert browser.find_elements(By.CSS_SELECTOR, drawn), drawn
    if game in ("tictactoe", "connect4", "hex"):
        assert browser.find_elements(By.CSS_SELECTOR, "#board .last-move")
    if game in ("tictactoe", "connect4"):  # finished: the line that won is drawn, nothing greyed
        assert over(browser)
        assert browser.find_elements(By.CSS_SELECTOR, "#board .winning-line")
    if game == "hex":
        assert len(browser.find_elements(By.CSS_SELECTOR, "#board .hex-edge")) == 4
    screenshot(browser, figure, tmp_path)
    assert errors(browser) == []


PLAYED = ["tictactoe", "connect4", "hex", "rolit", "nim", "pig", "hog", "kuhn"]


@pytest.mark.parametrize("game", PLAYED)
def test_every_game_of_the_page_plays_to_its_end(page: Any, game: str) -> None:
    rng = random.Random(game)
    params = {"hex": "size=4", "connect4": "width=5, height=4", "rolit": "size=4, players=2",
              "pig": "goal=12"}.get(game)  # fmt: skip
    searcher = {"kuhn": None, "pig": "mcts", "hog": "mcts"}.get(game, "mcts")
    new_game(page, game, searcher, None if game == "kuhn" else "100", params=params)
    for _ in range(200):
        if over(page):
            break
        if game == "kuhn" and not over(page):
            assert len(page.find_elements(By.CSS_SELECTOR, "#board .card-back")) == 1
        click(page, rng.choice(legal(page)))
    assert over(page), game
    assert text(page, "turn").startswith("game over: ")
    if game == "kuhn":
        assert not page.find_elements(By.CSS_SELECTOR, "#board .card-back")  # both shown
    assert errors(page) == []


# ---- a game of one's own -------------------------------------------------------------------


def paste(driver: Any, source: str, params: str, name: str = "", *, depth: str = "0",
          evaluation: str = "own", wait_report: bool = True) -> str:  # fmt: skip
    driver.execute_script("document.getElementById('source').value = arguments[0];", source)
    for field, value in (("own-params", params), ("class-name", name), ("own-depth", depth)):
        fill(driver, field, value)
    Select(driver.find_element(By.ID, "own-evaluation")).select_by_value(evaluation)
    driver.find_element(By.ID, "run-own").click()
    if not wait_report:
        return ""
    report = driver.find_element(By.ID, "own-report")
    return str(wait(lambda: report.get_attribute("data-ok")))


def inside_frame(driver: Any, work: Callable[[], Any]) -> Any:
    driver.switch_to.frame(driver.find_element(By.ID, "steps-frame"))
    try:
        return work()
    finally:
        driver.switch_to.default_content()


def test_a_pasted_game_is_checked_and_stepped_through(page: Any) -> None:
    assert paste(page, take_away(), "sticks=7") == "yes"
    assert text(page, "own-report").startswith("checked 14 states")
    assert text(page, "steps-title").startswith(
        "your game: alpha-beta, value +1 for player 0, exact"
    )
    heading = inside_frame(page, lambda: wait(lambda: page.find_elements(By.ID, "heading")))
    assert heading
    settle(page)


@pytest.mark.parametrize("params", ["rows=1, cols=2", "rows=1 cols=2"])
def test_a_pasted_games_parameters_take_commas_or_spaces(page: Any, params: str) -> None:
    assert paste(page, GRID, params) == "yes"
    assert text(page, "own-report").startswith("checked 3 states")
    settle(page)


def test_a_broken_pasted_game_gets_a_report_and_clears_the_last_tree(page: Any) -> None:
    assert paste(page, take_away(), "sticks=5") == "yes"
    settle(page)
    assert page.find_element(By.ID, "steps-frame").get_attribute("srcdoc")
    assert paste(page, BROKEN, "rows=1, cols=3") == "no"
    report = text(page, "own-report")
    assert "no such move" in report
    assert "Traceback" not in report
    assert 'File "' not in report
    assert not page.find_element(By.ID, "steps-frame").get_attribute("srcdoc")
    assert text(page, "steps-title") == ""
    assert paste(page, GRID, "rows=2, cols=2", depth="2", evaluation="own") == "no"
    assert "needs an evaluate" in text(page, "why-own-depth")  # refused as in Python
    assert paste(page, GRID, "rows=2, cols=2", depth="", evaluation="own") == "no"
    assert "not nothing" in text(page, "why-own-depth")
    settle(page)
    assert errors(page) == []


def test_a_game_that_crashes_the_pages_python_is_told_in_words_and_python_restarted(
    page: Any,
) -> None:
    # Freeing a chain of 100,000 nested tuples recurses in C deeper than the browser's stack:
    # Pyodide's fatal error. The page says what happened and replaces its worker by itself.
    crashing = "t = None\nfor i in range(100_000):\n    t = (t, i)\ndel t\n" + GRID
    assert paste(page, crashing, "") == "no"
    report = text(page, "own-report")
    page.get_log("browser")  # Pyodide's own lines about its fatal error
    assert report.startswith("the page's Python crashed: your game recursed deeper than the")
    assert "Maximum call stack" not in report
    assert "run it in Python on your computer" in report
    again = "ready again: Python was restarted after it crashed"
    wait(lambda: text(page, "status").startswith(again), LOADING)
    print(f"restarted: {text(page, 'status')}")
    assert paste(page, GRID, "rows=1, cols=2") == "yes"  # the next game is answered
    assert errors(page) == []


def test_a_game_thousands_of_plies_deep_is_checked_and_refused_in_words(page: Any) -> None:
    # The conformance checker's lines of play, 6,000 plies long, are freed without recursing,
    # and alpha-beta stops at the page's recursion limit with what the page can do.
    chain = GRID.replace("rows * cols", "rows * cols + 6000")
    assert paste(page, chain, "") == "no"
    report = text(page, "own-report")
    assert report.startswith("checked 6,002 states")
    assert "alpha-beta went deeper than the page's Python can (1,000 frames" in report
    assert "setrecursionlimit()" in report.split("run it in Python on your computer")[1]
    settle(page)
    assert errors(page) == []


def test_a_keyboard_interrupt_raised_by_the_game_is_not_a_stop(page: Any) -> None:
    raising = GRID.replace(
        "def to_move(self, state): return state[1]",
        "def to_move(self, state):\n        raise KeyboardInterrupt",
    )
    assert paste(page, raising, "") == "no"
    assert text(page, "own-report").startswith(
        "your game raised KeyboardInterrupt itself (no one pressed stop)"
    )
    settle(page)
    assert errors(page) == []


def test_a_depth_in_hexadecimal_is_refused_beside_the_depth(page: Any) -> None:
    assert paste(page, GRID, "rows=1, cols=2", depth="0x10") == "no"
    assert "not 0x10" in text(page, "why-own-depth")
    settle(page)


# ---- stepping through searches -------------------------------------------------------------


def step(driver: Any) -> int:
    return int(body(driver).get_attribute("data-step"))


def test_the_engines_search_steps_forward_and_back(page: Any, tmp_path: Path) -> None:
    new_game(page, "tictactoe", "alphabeta", "", evaluation="none")
    click(page, "4")
    choose(page, "step-searcher", "alphabeta")
    fill(page, "step-amount", "2")
    choose(page, "step-evaluation", "zero")
    page.find_element(By.ID, "step-search").click()
    settle(page)

    def forward_and_back() -> list[int]:
        wait(lambda: page.find_elements(By.ID, "forward"))
        seen = [step(page)]
        for button in ("forward", "forward", "back"):
            page.find_element(By.ID, button).click()
            seen.append(step(page))
        page.find_element(By.ID, "last").click()
        return [*seen, int(page.find_element(By.ID, "slider").get_attribute("max")) - step(page)]

    assert inside_frame(page, forward_and_back) == [0, 1, 2, 1, 0]
    assert text(page, "steps-title").startswith("alpha-beta from the position after moves")
    if os.environ.get("GAMESEARCH_SAVE_FIGURES"):  # docs/browser.md's figure: the whole page
        page.execute_script("window.scrollTo(0, 0)")
        page.set_window_size(1366, 1500)
        page.save_screenshot(str(FIGURES / "browser-page.png"))
        page.set_window_size(1366, 768)
    assert errors(page) == []


@pytest.mark.parametrize(
    ("tree", "heading"),
    [
        ("figure-5.2", "A = 3, best action 0"),
        ("figure-5.2-minimax", "A = 3"),
        ("chance", "A = 5"),
        ("figure-5.2-mcts", ""),
        ("wins-pns", ""),
        ("tictactoe-pns", ""),
        ("hex4-pns", ""),
        ("hex5-pns", ""),
    ],
)
def test_a_textbook_tree_steps_to_its_end(
    page: Any, tmp_path: Path, tree: str, heading: str
) -> None:
    Select(page.find_element(By.ID, "tree")).select_by_value(tree)
    page.find_element(By.ID, "show-tree").click()
    settle(page)

    def to_the_end() -> str:
        wait(lambda: page.find_elements(By.ID, "last"))
        page.find_element(By.ID, "last").click()
        return str(page.find_element(By.ID, "heading").text)

    assert inside_frame(page, to_the_end).startswith(heading or "")
    page.execute_script("document.getElementById('steps').scrollIntoView()")
    folder = FIGURES if os.environ.get("GAMESEARCH_SAVE_FIGURES") else tmp_path
    page.save_screenshot(str(folder / f"steps-{tree}.png"))
    assert errors(page) == []


# ---- honest about its host -----------------------------------------------------------------


def test_the_install_advice_is_the_wheel_built_from_source(page: Any) -> None:
    note = page.find_element(By.CSS_SELECTOR, "#play .note").text
    assert "pip install gamesearch" not in note.replace("pip install dist/gamesearch", "")
    assert "python -m build" in note
    assert "it is not on PyPI" in note


def test_a_page_whose_pyodide_cannot_be_loaded_says_from_where_and_what_to_do(
    browser: Any, page: Any, tmp_path: Path
) -> None:
    nowhere = "http://127.0.0.1:9/pyodide/"  # no server listens on port 9
    build_site(tmp_path / "site", pyodide=nowhere)
    server, url = serve(tmp_path / "site")
    try:
        browser.get(url)
        wait(lambda: body(browser).get_attribute("data-ready") == "failed", 60)
        said = text(browser, "status")
    finally:
        stop_serving(server)
        browser.get_log("browser")  # the failed load's own console lines
    assert said.startswith(f"Pyodide could not be loaded from {nowhere}pyodide.mjs")
    assert f"npm install pyodide@{PYODIDE_VERSION}" in said
    assert "--pyodide node_modules/pyodide" in said


def test_a_page_whose_pyodide_never_answers_says_so_after_its_patience(
    browser: Any, page: Any, tmp_path: Path
) -> None:
    # A server that takes the connection and never answers: the loader never comes.
    import socket

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    nowhere = f"http://127.0.0.1:{silent.getsockname()[1]}/pyodide/"
    build_site(tmp_path / "site", pyodide=nowhere)
    server, url = serve(tmp_path / "site")
    try:
        browser.get(url)
        wait(lambda: body(browser).get_attribute("data-ready") == "failed", 90)
        said = text(browser, "status")
    finally:
        stop_serving(server)
        silent.close()
        browser.get_log("browser")
    assert said.startswith(f"Pyodide could not be loaded from {nowhere}pyodide.mjs (no answer")
    assert "(no answer after 30 s)" in said
    assert "--pyodide node_modules/pyodide" in said


def test_a_page_without_its_wheel_says_which_file_it_lacks(
    browser: Any, page: Any, tmp_path: Path
) -> None:
    build_site(tmp_path / "site", pyodide=PYODIDE)
    wheel = next((tmp_path / "site").glob("*.whl"))
    wheel.unlink()
    server, url = serve(tmp_path / "site")
    try:
        browser.get(url)
        wait(lambda: body(browser).get_attribute("data-ready") == "failed", LOADING)
        said = text(browser, "status")
    finally:
        stop_serving(server)
        browser.get_log("browser")
    assert said.startswith(f"the gamesearch wheel could not be loaded from {url}{wheel.name}")
    assert "HTTP 404" in said
