"""convergence and convergence_svg: exploitability against iterations, measured and drawn."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from gamesearch.errors import InvalidSearchOptionError
from gamesearch.imperfect import (
    ConvergenceCurve,
    HiddenDealGame,
    KuhnPoker,
    MCCFRSolver,
    cfr,
    convergence,
    convergence_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def test_each_curve_is_its_solvers_exploitability_at_log_spaced_checkpoints():
    game = KuhnPoker()
    curves = convergence(game, {"vanilla": 100, "plus": 100, "external": 300, "outcome": 300},
                         points=4, rng=3)  # fmt: skip
    assert [c.method for c in curves] == ["vanilla", "plus", "external", "outcome"]
    assert [c.label for c in curves] == ["CFR", "CFR+", "MCCFR (external)", "MCCFR (outcome)"]
    assert curves[0].iterations == (1, 5, 22, 100)
    assert curves[2].iterations == (1, 7, 45, 300)
    for curve in curves:
        assert len(curve.seconds) == len(curve.exploitability) == len(curve.iterations)
        assert list(curve.seconds) == sorted(curve.seconds)
    # The same figures as the solvers' own, run separately.
    assert curves[1].exploitability[-1] == cfr(game, iterations=100, variant="plus").exploitability
    assert curves[0].exploitability[1] == cfr(game, iterations=5).exploitability
    solver = MCCFRSolver(game, scheme="external", rng=3)
    solver.iterate(45)
    assert curves[2].exploitability[2] == solver.result().exploitability
    # CFR+ ends far below vanilla CFR, as the picture shows.
    assert curves[1].exploitability[-1] < curves[0].exploitability[-1] / 3


def test_the_picture_is_svg_with_a_line_per_curve_on_log_axes():
    curves = convergence(KuhnPoker(), 200, methods=("vanilla", "plus"), points=5)
    text = convergence_svg(curves, title="Kuhn <poker>")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    lines = root.findall(f"{SVG}polyline")
    assert len(lines) == 2
    assert all(len(line.get("points").split()) == 5 for line in lines)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert "Kuhn <poker>" in labels  # escaped in the file, read back as written
    powers = {"10⁰", "10¹", "10²", "10³"}
    assert {"CFR", "CFR+", "iterations", "exploitability"} | powers <= set(labels)
    # The vertical axis spans the powers of ten around the values.
    low = min(min(c.exploitability) for c in curves)
    assert _superscript(math.floor(math.log10(low))) in labels
    by_time = ET.fromstring(convergence_svg(curves, x="seconds"))
    assert "seconds" in [t.text for t in by_time.iter(f"{SVG}text")]


def _superscript(exponent):
    """10 to the power ``exponent`` as the tick labels write it: ``10⁻³``, ``10⁶``."""
    return "10" + "".join("⁻⁰¹²³⁴⁵⁶⁷⁸⁹"["-0123456789".index(c)] for c in str(exponent))


def test_every_tick_label_writes_its_power_of_ten_the_same_way():
    # From 1 to a million iterations, and exploitability from 10 down to 10^-4: the labels
    # once mixed 100000 with 1e+06 on one axis, and 0.001 with 1e-04 on the other.
    wide = ConvergenceCurve("plus", "CFR+", (1, 1000, 1_000_000), (0.01, 1.0, 100.0),
                            (5.0, 0.02, 0.0003))  # fmt: skip
    root = ET.fromstring(convergence_svg([wide]))
    ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") in ("middle", "end")]
    ticks = [tick for tick in ticks if tick not in ("iterations", "exploitability")]
    iterations = [_superscript(e) for e in range(0, 7)]
    exploitability = [_superscript(e) for e in range(-4, 2)]
    assert ticks == iterations + exploitability


def test_points_at_zero_are_left_out_and_nothing_to_draw_is_refused():
    kept = ConvergenceCurve("plus", "CFR+", (1, 10, 100), (0.1, 0.2, 0.3), (0.5, 0.0, 0.01))
    root = ET.fromstring(convergence_svg([kept]))
    assert len(root.find(f"{SVG}polyline").get("points").split()) == 2
    flat = ConvergenceCurve("plus", "CFR+", (1,), (0.0,), (0.0,))
    with pytest.raises(InvalidSearchOptionError, match="no point"):
        convergence_svg([flat])
    with pytest.raises(InvalidSearchOptionError, match="iterations or seconds"):
        convergence_svg([kept], x="nodes")


def test_bad_options_are_refused():
    game = KuhnPoker()
    with pytest.raises(InvalidSearchOptionError, match="methods"):
        convergence(game, 10, methods=("cfr",))
    with pytest.raises(InvalidSearchOptionError, match="points must be >= 2"):
        convergence(game, 10, points=1)
    with pytest.raises(InvalidSearchOptionError, match="no iterations given for outcome"):
        convergence(game, {"vanilla": 10}, methods=("vanilla", "outcome"))
    with pytest.raises(InvalidSearchOptionError, match="int >= 1"):
        convergence(game, 0)


def test_a_game_that_is_not_constant_sum_has_no_curve():
    class Tilted(HiddenDealGame):
        def utility(self, state, player):
            return abs(super().utility(state, player)) + player

    game = Tilted({(0, 0): 1.0}, {(): (0, 2)}, {(0,): {(0, 0): 1}, (1,): {(0, 0): -2}})
    with pytest.raises(InvalidSearchOptionError, match="not constant-sum"):
        convergence(game, 3, methods=("plus",))
