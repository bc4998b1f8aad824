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

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from page_helpers import expected_at
from test_page_hostile_labels import HOSTILE, hostile_tree

from gamesearch import alphabeta, expectiminimax, maxn, negamax, pns
from gamesearch.games import Chance, ConnectFour, GameTree, Hex, Nim, TicTacToe
from gamesearch.trace import Choose, Renumber, SearchTree
from gamesearch.trace._page_steps import value_text

pytestmark = pytest.mark.slow

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="the browser test needs Selenium: pip install 'gamesearch[page]'"
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
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
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800"):
        options.add_argument(argument)
    options.binary_location = BROWSER
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(DRIVER))
    metrics = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # the page: 1280x800
    driver.set_script_timeout(120)
    yield driver
    driver.quit()


def open_page(driver: Any, tree: SearchTree, path: Path, **options: Any) -> None:
    tree.to_html(path, **options)
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


def test_the_javascript_layout_is_the_python_layout_when_nothing_folds(
    browser: Any, tmp_path: Path
) -> None:
    """Figure 5.2 folds nothing: at every step each box is where the Python layout put it."""
    game = GameTree(TEXTBOOK)
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    open_page(browser, tree, tmp_path / "layout.html")
    moved = browser.execute_script(
        STEP_ALL
        % """var shift = [].filter.call(document.querySelectorAll('#boxes > g'), function (g) {
               return g.style.transform !== 'translate(0px, 0px)'; });
             if (shift.length) { out.push([k, shift[0].getAttribute('data-name')]); }"""
    )
    assert moved == []
    assert len(browser.find_elements(By.CSS_SELECTOR, "#boxes > g")) == len(list(tree.nodes()))


STEP_ALL = """
var out = [], total = +document.getElementById('slider').max + 1;
document.getElementById('first').click();
for (var k = 0; k < total; k++) {
  if (k) { document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'})); }
  %s
}
return out;
"""
"""Steps through the whole page in the browser, running a check at every step (``out`` collects
what fails), in one round trip: the browser lays the page out at every step."""

INSIDE = """
function inside(element) {
  var room = document.getElementById('tree').getBoundingClientRect();
  var r = element.getBoundingClientRect();
  return r.left >= room.left && r.right <= room.right && r.top >= room.top
    && r.bottom <= room.bottom && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
}
"""


def tictactoe(position: str, max_pruned: int = 1000) -> SearchTree:
    game = TicTacToe()
    tree = SearchTree(game, max_pruned=max_pruned)
    alphabeta(game, game.parse(position), trace=tree)
    return tree


def test_a_search_of_500_nodes_fits_the_window_at_every_step(browser: Any, tmp_path: Path) -> None:
    tree = tictactoe("X.. / .OX / ...", max_pruned=200)
    nodes = len(list(tree.nodes()))
    assert 400 <= nodes <= 500
    open_page(browser, tree, tmp_path / "tictactoe.html")
    # It opens fitted: every box drawn is inside the tree's part of the window, no scrollbar.
    fitted = browser.execute_script(
        INSIDE
        + """return [[].every.call(document.querySelectorAll('#boxes > g'), inside),
                     document.documentElement.scrollWidth <= window.innerWidth,
                     document.documentElement.scrollHeight <= window.innerHeight,
                     document.querySelectorAll('#boxes > g').length];"""
    )
    assert fitted[:3] == [True, True, True]
    assert fitted[3] < nodes  # the root's big subtrees folded, not drawn
    assert browser.save_screenshot(str(tmp_path / "tictactoe-first.png"))
    value = f"A = {value_text(tree.root)}"
    failures = browser.execute_script(
        INSIDE
        + STEP_ALL
        % f"""
        var current = document.querySelector('g.current .card');
        if (!inside(current)) {{ out.push([k, 'current node out of the window']); }}
        var told = document.getElementById('heading').textContent.indexOf({value!r}) >= 0;
        if (told !== (k === total - 1)) {{ out.push([k, 'heading', document.title]); }}
        if (document.getElementById('log').children.length !== k + 1) {{
          out.push([k, 'the story tells more or less than the steps so far']);
        }}
        if (document.querySelectorAll('#boxes > g').length > 150) {{
          out.push([k, 'too many boxes drawn']);
        }}"""
    )
    assert failures == []
    assert browser.save_screenshot(str(tmp_path / "tictactoe-last.png"))
    # The end: the principal variation bold, the value and best action in the title.
    line = browser.execute_script(
        "return [].map.call(document.querySelectorAll('g.line'), "
        "function (g) { return g.getAttribute('data-name'); });"
    )
    assert line == [tree.name(node) for node in tree.principal_variation()]
    assert len(line) > 2
    assert f"best action {tree.root.best_action!r}" in browser.title
    folded = browser.find_elements(By.CSS_SELECTOR, "g.folded.done")
    assert folded  # finished subtrees folded, each with the count of the nodes it hides
    assert all(
        re.fullmatch(
            r"\+\d+ nodes", group.find_element(By.CLASS_NAME, "more").get_attribute("textContent")
        )
        for group in folded
    )
    browser.find_element(By.ID, "jump").send_keys(Keys.CONTROL, "a")
    browser.find_element(By.ID, "jump").send_keys("150", Keys.ENTER)
    assert browser.save_screenshot(str(tmp_path / "tictactoe-step-150.png"))
    assert browser.get_log("browser") == []
    print(f"screenshots in {tmp_path}")


def test_collapse_sets_how_big_a_finished_subtree_stays_open(browser: Any, tmp_path: Path) -> None:
    game = TicTacToe()
    tree = SearchTree(game)
    negamax(game, game.parse("X O X / . O . / . X ."), trace=tree)
    drawn = len(list(tree.nodes()))
    counts = {}
    for collapse in (None, 6, 0):
        open_page(browser, tree, tmp_path / f"collapse-{collapse}.html", collapse=collapse)
        browser.find_element(By.ID, "last").click()
        boxes = browser.find_elements(By.CSS_SELECTOR, "#boxes > g")
        folded = browser.find_elements(By.CSS_SELECTOR, "g.folded")
        hidden = sum(
            int(
                re.sub(
                    r"\D",
                    "",
                    group.find_element(By.CLASS_NAME, "more").get_attribute("textContent"),
                )
            )
            for group in folded
        )
        assert len(boxes) + hidden == drawn  # every node shown, or counted by its fold
        counts[collapse] = len(boxes)
        check_step(browser, tree, tree.root.closed - tree.root.step)
    assert counts[None] == drawn
    assert counts[0] < counts[6] < drawn


def test_zoom_and_pan_with_buttons_wheel_keys_and_drag(browser: Any, tmp_path: Path) -> None:
    tree = tictactoe("XO. / .X. / O..")
    open_page(browser, tree, tmp_path / "zoom.html")
    body = browser.find_element(By.TAG_NAME, "body")

    def zoom() -> float:
        return float(body.get_attribute("data-zoom"))

    def where() -> tuple[float, float, float]:
        rect = browser.execute_script(
            "var r = document.querySelector('g.current .card').getBoundingClientRect();"
            "return [r.left, r.top, r.width];"
        )
        return rect[0], rect[1], rect[2]

    fitted = zoom()
    browser.find_element(By.ID, "zoom-out").click()
    assert zoom() == pytest.approx(fitted * 0.8)
    browser.find_element(By.ID, "zoom-in").click()
    browser.find_element(By.ID, "zoom-in").click()
    assert zoom() == pytest.approx(fitted * 1.25)
    assert where()[2] == pytest.approx(where()[2])
    body.send_keys("-")
    assert zoom() == pytest.approx(fitted)
    body.send_keys("+")
    assert zoom() > fitted
    before = zoom()
    browser.execute_script(
        "document.getElementById('tree').dispatchEvent(new WheelEvent('wheel', "
        "{deltaY: -200, clientX: 300, clientY: 300, bubbles: true, cancelable: true}));"
    )
    assert zoom() > before  # the wheel zooms in, around the pointer
    left, top, _ = where()
    browser.find_element(By.ID, "pan-right").click()
    assert where()[0] == pytest.approx(left - 120, abs=1)
    body.send_keys(Keys.SHIFT, Keys.ARROW_LEFT)
    assert where()[0] == pytest.approx(left, abs=1)
    body.send_keys(Keys.ARROW_DOWN)
    assert where()[1] == pytest.approx(top - 120, abs=1)
    ActionChains(browser).move_to_element_with_offset(
        browser.find_element(By.ID, "tree"), 0, 0
    ).click_and_hold().move_by_offset(40, 30).release().perform()
    assert where()[:2] == pytest.approx((left + 40, top - 90), abs=2)  # dragged
    # Zoomed in and panned away, the next steps still bring the current node into view.
    for _ in range(3):
        browser.find_element(By.ID, "zoom-in").click()
    browser.find_element(By.ID, "pan-left").click()
    failures = browser.execute_script(
        INSIDE
        + """var out = [];
        for (var k = 1; k <= 40; k++) {
          document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));
          if (!inside(document.querySelector('g.current .card'))) { out.push(k); }
        }
        return out;"""
    )
    assert failures == []
    assert zoom() > fitted * 1.5  # the reader's zoom is kept
    body.send_keys("0")
    assert zoom() <= 1.6  # fitted again
    assert browser.get_log("browser") == []


def test_a_hostile_label_leaves_the_page_working(browser: Any, tmp_path: Path) -> None:
    """A label with ``<!--<script>`` once made the data swallow the code: nothing ran."""
    tree = hostile_tree(HOSTILE)
    open_page(browser, tree, tmp_path / "hostile.html")  # checks that step 0 is shown
    browser.find_element(By.ID, "forward").click()
    check_step(browser, tree, 1)
    browser.find_element(By.ID, "last").click()
    check_step(browser, tree, tree.root.closed - tree.root.step)
    assert browser.find_elements(By.TAG_NAME, "img") == []
    assert len(browser.find_elements(By.TAG_NAME, "script")) == 2
    told = browser.find_element(By.ID, "log").text
    for label in HOSTILE[:7]:
        assert f"action {label}" in told  # the story shows each label literally
    actions = [
        element.get_attribute("textContent")
        for element in browser.find_elements(By.CSS_SELECTOR, "text.action")
    ]
    assert any(action.startswith("<!--<") for action in actions)  # drawn as text, not markup
    assert browser.execute_script("return window.injected === undefined")
    assert browser.get_log("browser") == []


def test_a_search_too_big_to_draw_gets_a_message_and_a_summary(
    browser: Any, tmp_path: Path
) -> None:
    game = TicTacToe()
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    nodes = len(list(tree.nodes()))
    assert nodes > 5000
    path = tmp_path / "too-big.html"
    tree.to_html(path)
    browser.get(path.as_uri())
    message = browser.find_element(By.ID, "message").text
    assert f"{nodes:,} nodes" in message
    assert "max_nodes=5,000" in message
    summary = browser.find_element(By.ID, "summary").text
    assert summary.startswith(f"result: A = {value_text(tree.root)}")
    rows = browser.find_elements(By.CSS_SELECTOR, "#children tr")
    assert len(rows) == len(tree.root.children) + 1
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
    )
    assert browser.save_screenshot(str(tmp_path / "too-big.png"))
    assert browser.get_log("browser") == []


def counted(number: int) -> str:
    return "∞" if number >= 1 << 61 else str(number)


def test_stepping_through_the_proof_tree_of_figure_5_2_shows_each_nodes_numbers(
    browser: Any, tmp_path: Path
) -> None:
    game = GameTree({"a1": {"b1": 3, "b2": 12, "b3": 8}, "a2": {"c1": 2, "c2": 4, "c3": 6},
                     "a3": {"d1": 14, "d2": 5, "d3": 2}})  # fmt: skip
    tree = SearchTree(game)
    pns(game, trace=tree)
    open_page(browser, tree, tmp_path / "proof-5-2.html")
    steps = tree.root.closed - tree.root.step + 1
    forward = browser.find_element(By.ID, "forward")
    for step in range(steps):
        if step:
            forward.click()
        event, node = tree.log[tree.root.step + step]
        at, name, rows = shown(browser)
        assert (at, name) == (step, tree.name(node))
        if isinstance(event, (Choose, Renumber)):
            assert rows["value"] == f"({counted(event.pn)}, {counted(event.dn)})", step
        if isinstance(event, Choose):  # the most-proving path: the node and its ancestors
            path = {tree.name(node)}
            while node.parent is not None:
                node = node.parent
                path.add(tree.name(node))
            marked = browser.find_elements(By.CSS_SELECTOR, "g.mpn")
            assert {box.get_attribute("data-name") for box in marked} == path
        if step == 9:
            assert browser.save_screenshot(str(tmp_path / "proof-step-10.png"))
    disproven = browser.find_elements(By.CSS_SELECTOR, "g.disproven")
    assert {"B", "C", "D", "B1", "D3"} <= {box.get_attribute("data-name") for box in disproven}
    browser.find_element(By.ID, "back").click()
    assert shown(browser)[0] == steps - 2
    assert browser.get_log("browser") == []
    print(f"screenshots in {tmp_path}")


WIN_LOSS = {
    "a1": {"b1": {"x": 1, "y": -1}, "b2": {"x": -1, "y": -1}},
    "a2": {"c1": {"x": -1, "y": 1}, "c2": 1},
}
"""The win/loss tree of test_pns_textbook.py: pns proves MAX's win with a2."""

GREEN, RED = "rgb(227, 243, 227)", "rgb(249, 227, 227)"
"""The fill of a proven and of a disproven node's card, as the browser computes it."""


def test_a_proof_on_a_win_loss_tree_paints_won_nodes_green_and_tells_the_question(
    browser: Any, tmp_path: Path
) -> None:
    game = GameTree(WIN_LOSS, win_utility=1)
    tree = SearchTree(game)
    pns(game, trace=tree)
    open_page(browser, tree, tmp_path / "win-loss.html")
    assert browser.find_element(By.ID, "legend").is_displayed()
    # Step 7 (after A's development and its numbers): B and C are frontier nodes, dotted.
    browser.find_element(By.ID, "jump").send_keys(Keys.CONTROL, "a")
    browser.find_element(By.ID, "jump").send_keys("6", Keys.ENTER)
    assert browser.find_element(By.ID, "legend-question").text == "question 1: can MAX win?"
    frontier = browser.execute_script(
        "return [].map.call(document.querySelectorAll('g.frontier'), function (g) {"
        "  return [g.getAttribute('data-name'),"
        "          getComputedStyle(g.querySelector('.card')).strokeDasharray,"
        "          getComputedStyle(g.querySelector('.glyph')).strokeDasharray]; });"
    )
    assert [name for name, _, _ in frontier] == ["B", "C"]
    assert all(card != "none" and glyph != "none" for _, card, glyph in frontier)
    assert browser.save_screenshot(str(tmp_path / "win-loss-frontier.png"))
    browser.find_element(By.ID, "last").click()
    fills = browser.execute_script(
        "var out = {}; [].forEach.call(document.querySelectorAll('#boxes > g'), function (g) {"
        "  out[g.getAttribute('data-name')] = getComputedStyle(g.querySelector('.card')).fill;"
        "}); return out;"
    )
    won = {"B1", "B1.1", "C1", "C1.2", "C2", "C"}  # A, current, is drawn as the current node
    lost = {"B", "B1.2", "B2", "B2.1", "B2.2", "C1.1"}
    assert {name for name, fill in fills.items() if fill == GREEN} == won
    assert {name for name, fill in fills.items() if fill == RED} == lost
    assert browser.find_element(By.ID, "legend-yes").text == "proven: MAX wins here (pn 0)"
    bold = browser.find_elements(By.CSS_SELECTOR, "g.line")
    assert {group.get_attribute("data-name") for group in bold} == {"A", "C", "C1", "C2", "C1.2"}
    assert browser.save_screenshot(str(tmp_path / "win-loss-end.png"))
    assert browser.get_log("browser") == []
    print(f"screenshots in {tmp_path}")


def test_hex_knowledge_leaves_have_a_double_outline(browser: Any, tmp_path: Path) -> None:
    game = Hex(4)
    tree = SearchTree(game)
    pns(game, trace=tree)
    open_page(browser, tree, tmp_path / "hex4.html")
    browser.find_element(By.ID, "last").click()
    inner = browser.execute_script(
        "return [].filter.call(document.querySelectorAll('#boxes > g'), function (g) {"
        "  return getComputedStyle(g.querySelector('.inner')).display !== 'none';"
        "}).map(function (g) { return g.getAttribute('data-name'); });"
    )
    assert inner == ["B"]  # b3, X's key, proven by H-search's full connection when searched
    assert "full virtual connection" in browser.find_element(By.ID, "log").text
    assert browser.save_screenshot(str(tmp_path / "hex4-end.png"))
    assert browser.get_log("browser") == []


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600), (800, 500)])
def test_the_last_step_keeps_the_answer_in_view(
    browser: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    # Connect Four after 3 3 4 to depth 2: a wide tree whose answer is the root's value and
    # its principal variation.
    game = ConnectFour()
    state = game.initial_state()
    for column in (3, 3, 4):
        state = game.result(state, column)
    tree = SearchTree(game)
    alphabeta(game, state, depth=3, evaluate=game.evaluate, trace=tree)
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(browser, tree, tmp_path / f"answer-{width}.html")
        for _ in range(40):  # somewhere in the middle, zoomed in by the reader
            browser.find_element(By.ID, "forward").click()
        browser.find_element(By.ID, "zoom-in").click()
        browser.find_element(By.ID, "last").click()
        out = browser.execute_script(
            INSIDE
            + """var buttons = document.getElementById('view').getBoundingClientRect();
            return [].map.call(document.querySelectorAll('g.line'), function (g) {
              var card = g.querySelector('.card'), r = card.getBoundingClientRect();
              var under = r.right > buttons.left && r.bottom > buttons.top;
              return [g.getAttribute('data-name'), inside(card), under];
            });"""
        )
        line = [tree.name(node) for node in tree.principal_variation()]
        assert [name for name, _, _ in out] == line
        assert all(seen and not under for _, seen, under in out), out
        value = browser.find_element(By.CSS_SELECTOR, "g.current .value").text
        assert value == value_text(tree.root)  # the root's value, read in the window
        assert browser.save_screenshot(str(tmp_path / f"answer-{width}.png"))
        assert browser.get_log("browser") == []
    finally:
        metrics = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def test_the_worked_example_steps_through_to_its_proof(browser: Any, tmp_path: Path) -> None:
    game = TicTacToe()
    tree = SearchTree(game)
    pns(game, game.parse("X.. / ... / ..O"), trace=tree)
    open_page(browser, tree, tmp_path / "worked.html")
    failures = browser.execute_script(
        INSIDE
        + STEP_ALL
        % """
        var current = document.querySelector('g.current .card');
        if (!inside(current)) { out.push([k, 'current node out of the window']); }
        if (!document.getElementById('legend-question').textContent) {
          out.push([k, 'no question in the legend']);
        }"""
    )
    assert failures == []
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-step") == "110"
    assert "A = 1, best action 6" in browser.title
    assert browser.save_screenshot(str(tmp_path / "worked-end.png"))
    assert browser.get_log("browser") == []
