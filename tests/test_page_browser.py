"""The step-through page in a real browser: headless Chromium, driven by Selenium.

The page of alpha-beta on AIMA figure 5.2 is opened from a ``file://`` URL (no server, no
network) and stepped through with its own buttons; at every step the highlighted node, its
window and its value as the browser shows them are checked against the trace. Back, jump to a
step and play are checked too, and screenshots of a few steps are saved in pytest's temporary
directory (the test prints where). CI installs the Debian packages ``chromium`` and
``chromium-driver`` and the ``page`` extra (Selenium); without them the test skips and says
which is missing.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from page_helpers import expected_at

from gamesearch import alphabeta, expectiminimax, maxn
from gamesearch.games import Chance, GameTree, Nim
from gamesearch.trace import SearchTree

pytestmark = pytest.mark.slow

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="the browser test needs Selenium: pip install 'gamesearch[page]'"
)
from selenium.webdriver.common.by import By  # noqa: E402  # after the skip, on purpose
from selenium.webdriver.common.keys import Keys  # noqa: E402

BROWSER = next(
    (
        found
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (found := shutil.which(name))
    ),
    None,
)
DRIVER = shutil.which("chromedriver")
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
SCREENSHOTS = {0, 8, 9, 16}
"""Steps to photograph: the start, C's cutoff (and the step before), the end."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if BROWSER is None:
        pytest.skip("no Chromium to drive: apt-get install chromium chromium-driver")
    if DRIVER is None:
        pytest.skip("no chromedriver to drive Chromium: apt-get install chromium-driver")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,720"):
        options.add_argument(argument)
    options.binary_location = BROWSER
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    yield driver
    driver.quit()


def open_page(driver: Any, tree: SearchTree, path: Path) -> None:
    tree.to_html(path)
    driver.get(path.as_uri())
    assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") == "0"


def shown(driver: Any) -> tuple[int, str, dict[str, str]]:
    """The step shown, its node's name, and the node's value and window as displayed."""
    body = driver.find_element(By.TAG_NAME, "body")
    current = driver.find_element(By.CSS_SELECTOR, "g.current")
    rows = {
        row: current.find_element(By.CLASS_NAME, row).text
        for row in ("value", "window")
        if current.find_elements(By.CLASS_NAME, row)
    }
    return int(body.get_attribute("data-step")), current.get_attribute("data-name"), rows


def check_step(driver: Any, tree: SearchTree, step: int) -> None:
    at, name, rows = shown(driver)
    expected_name, expected = expected_at(tree, step)
    assert (at, name) == (step, expected_name)
    for row, text in expected.items():
        assert rows[row] == text, (step, name, row)


def test_stepping_through_figure_5_2_shows_what_the_trace_says(
    browser: Any, tmp_path: Path
) -> None:
    game = GameTree(TEXTBOOK)
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    open_page(browser, tree, tmp_path / "figure-5-2.html")
    steps = tree.root.closed - tree.root.step + 1
    forward = browser.find_element(By.ID, "forward")
    for step in range(steps):
        if step:
            forward.click()
        check_step(browser, tree, step)
        if step in SCREENSHOTS:
            assert browser.save_screenshot(str(tmp_path / f"step-{step + 1:02d}.png"))
    assert "A's range is [3, 3]" in browser.find_element(By.ID, "sentence").text
    pruned = browser.find_elements(By.CSS_SELECTOR, "g.pruned")
    assert sorted(node.get_attribute("data-name") for node in pruned) == ["C2", "C3"]
    browser.find_element(By.ID, "back").click()
    check_step(browser, tree, steps - 2)
    jump = browser.find_element(By.ID, "jump")
    jump.send_keys(Keys.CONTROL, "a")
    jump.send_keys("9", Keys.ENTER)
    check_step(browser, tree, 8)  # step 9: C's cutoff
    browser.find_element(By.ID, "first").click()
    check_step(browser, tree, 0)
    print(f"screenshots in {tmp_path}")


def test_play_steps_by_itself_and_pauses(browser: Any, tmp_path: Path) -> None:
    game = GameTree(TEXTBOOK)
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    open_page(browser, tree, tmp_path / "play.html")
    play = browser.find_element(By.ID, "play")
    play.click()
    deadline = time.monotonic() + 10
    while shown(browser)[0] < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    play.click()  # pause
    at = shown(browser)[0]
    assert at >= 2
    time.sleep(1.2)
    assert shown(browser)[0] == at
    check_step(browser, tree, at)


@pytest.mark.parametrize(
    ("name", "search"),
    [
        (
            "chance",
            lambda t: expectiminimax(
                GameTree({"gamble": Chance([(0.5, 8), (0.5, -2)]), "sure": 5}), trace=t
            ),
        ),
        ("maxn", lambda t: maxn(Nim((1, 2), players=3), trace=t)),
    ],
)
def test_other_searches_step_to_the_end(
    browser: Any, tmp_path: Path, name: str, search: Any
) -> None:
    tree = SearchTree()
    search(tree)
    open_page(browser, tree, tmp_path / f"{name}.html")
    browser.find_element(By.ID, "last").click()
    check_step(browser, tree, tree.root.closed - tree.root.step)
    assert browser.get_log("browser") == []  # no script error
    assert browser.save_screenshot(str(tmp_path / f"{name}-end.png"))
