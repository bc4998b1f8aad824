"""Numbers a student reads: three significant figures in the pictures, the page and the story.

A Connect Four evaluation of -0.0164835 reads -0.0165; a probability of 1/3 reads 0.333; a
whole number stays whole (12, 1000); a comparison told in words never reads ``0.123 < 0.123``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from page_helpers import page_data

from gamesearch import alphabeta, expectiminimax
from gamesearch.games import Chance, ConnectFour, GameTree
from gamesearch.trace import SearchTree
from gamesearch.trace.pictures import number, numbers_apart

DECIMAL = re.compile(r"\d+\.\d+(?:e[-+]\d+)?")


def too_precise(text: str) -> list[str]:
    """The numbers of ``text`` with more than three significant figures, or in e-notation."""
    return [
        found
        for found in DECIMAL.findall(text)
        if "e" in found or len(found.replace(".", "").lstrip("0")) > 3
    ]


def test_a_value_is_rounded_to_three_significant_figures_and_a_whole_one_kept_whole() -> None:
    assert number(-0.0164835) == "-0.0165"
    assert number(2 / 3) == "0.667"
    assert number(12.0) == "12"
    assert number(1000.0) == "1000"
    assert number(1234.5) == "1234"  # whole from 1,000 up, never 1.23e+03
    assert number(-0.0) == "0"
    assert (number(float("-inf")), number(float("inf"), unicode=True)) == ("-inf", "+∞")


def test_two_values_that_round_alike_get_more_figures() -> None:
    assert numbers_apart(0.12341, 0.12349) == ("0.1234", "0.1235")
    assert numbers_apart(0.5, 0.5) == ("0.5", "0.5")
    assert numbers_apart(1 / 3, 2 / 3) == ("0.333", "0.667")


def connect_four_search() -> SearchTree:
    game = ConnectFour()
    state = game.initial_state()
    for column in (3, 3, 4):
        state = game.result(state, column)
    tree = SearchTree(game)
    alphabeta(game, state, depth=2, evaluate=game.evaluate, trace=tree)
    return tree


def test_connect_four_estimates_read_with_three_figures_in_every_picture() -> None:
    tree = connect_four_search()
    assert abs(tree.root.value or 0.0) < 0.1  # small estimates: a win is 1
    story, text, dot = tree.narrate(), tree.to_text(), tree.to_dot()
    page = page_data(tree.to_html())
    told = [step["text"] for step in page["steps"]]
    shown = [
        change.get(key, "")
        for step in page["steps"]
        for change in step["set"].values()
        for key in ("value", "window")
    ]
    for where, texts in (("story", [story]), ("text", [text]), ("dot", [dot]), ("page", told),
                         ("boxes", shown)):  # fmt: skip
        found = [match for part in texts for match in too_precise(part)]
        assert found == [], (where, found[:5])
    assert number(tree.root.value) in story.splitlines()[-1]


def test_a_cutoff_never_compares_two_numbers_that_read_alike() -> None:
    # MIN's first leaf, 0.12349, is at most alpha = 0.12341? No: a cutoff needs it below.
    game = GameTree([[0.12341], [0.12339, 5.0]])
    tree = SearchTree(game)
    alphabeta(game, trace=tree)
    cutoff = next(line for line in tree.narrate().splitlines() if "alpha =" in line)
    assert "0.1234 < alpha = 0.1234" not in cutoff
    assert "0.12339 < alpha = 0.12341" in cutoff


def test_probabilities_of_a_third_read_0_333() -> None:
    third = Fraction(1, 3)
    game = GameTree(Chance([(third, 1), (third, 2), (third, 4)]))
    tree = SearchTree(game)
    expectiminimax(game, trace=tree)
    assert "p=0.333" in tree.narrate()
    assert "p=0.333" in tree.to_dot()
    assert "2.33" in tree.to_text()  # (1 + 2 + 4) / 3
