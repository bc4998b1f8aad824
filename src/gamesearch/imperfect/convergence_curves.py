"""Exploitability against iterations or time: CFR, CFR+ and Monte Carlo CFR side by side.

:func:`convergence` runs each method on a game and measures the exploitability of its average
strategy exactly at checkpoints spaced evenly on a log scale (the seconds count the iterating,
not the measuring); :func:`convergence_svg` draws the curves on log-log axes as an SVG
picture, written by hand (no plotting library needed), the picture of the lectures: CFR+ falls
far faster than vanilla CFR, and Monte Carlo CFR's cheap iterations start fast and slow down.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .._entry import check_count
from ..errors import InvalidSearchOptionError
from .protocol import ImperfectInformationGame
from .regret import CFRSolver
from .sampled_regret import MCCFRSolver

__all__ = ["LABELS", "METHODS", "ConvergenceCurve", "checkpoints", "convergence", "convergence_svg"]

METHODS = ("vanilla", "plus", "external", "outcome")
"""The methods :func:`convergence` runs: CFR, CFR+ (:func:`~gamesearch.imperfect.cfr`), and
Monte Carlo CFR with external or outcome sampling (:func:`~gamesearch.imperfect.mccfr`)."""

LABELS = {"vanilla": "CFR", "plus": "CFR+", "external": "MCCFR (external)",
          "outcome": "MCCFR (outcome)"}  # fmt: skip
"""Each method's name in a picture's legend (``gamesearch cfr --svg`` names its curve so)."""
_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


@dataclass(frozen=True)
class ConvergenceCurve:
    """One method's exploitability at each checkpoint."""

    method: str
    """The method, one of :data:`METHODS`."""

    label: str
    """Its name in a picture's legend, such as ``"CFR+"``."""

    iterations: tuple[int, ...]
    """The iterations run at each checkpoint, rising."""

    seconds: tuple[float, ...]
    """The seconds spent iterating at each checkpoint (the measuring not counted)."""

    exploitability: tuple[float, ...]
    """The exploitability of the average strategy at each checkpoint: NashConv divided by the
    number of players, in the game's utility units."""


def convergence(
    game: ImperfectInformationGame[Any, Any],
    iterations: int | Mapping[str, int],
    *,
    methods: Sequence[str] = METHODS,
    points: int = 12,
    rng: int = 0,
) -> tuple[ConvergenceCurve, ...]:
    """Run each method on ``game`` and measure its average strategy at log-spaced checkpoints.

    Args:
        game: A constant-sum game of imperfect information small enough to enumerate (the
            measure walks its whole tree).
        iterations: The iterations of every method, or of each method by name (Monte Carlo
            CFR's iterations are far cheaper than CFR's).
        methods: Which of :data:`METHODS` to run, in the legend's order.
        points: The checkpoints of each curve (at most; the first is after one iteration).
        rng: The seed of the Monte Carlo methods' samples: the same seed, the same curves (by
            iterations; the seconds depend on the machine).

    Returns:
        One curve per method, in the order of ``methods``.

    Raises:
        InvalidSearchOptionError: an unknown method, iterations or points that are not ints
            >= 1 (points >= 2), or a game that is not constant-sum (no exploitability).
        UnsupportedGameError: the game is too big to enumerate or lacks perfect recall.

    Example:
        >>> from gamesearch.imperfect import KuhnPoker
        >>> curves = convergence(KuhnPoker(), 100, methods=("plus",), points=3)
        >>> curves[0].iterations, curves[0].exploitability[-1] < 0.01
        ((1, 10, 100), True)
    """
    unknown = [method for method in methods if method not in METHODS]
    if unknown or not methods:
        raise InvalidSearchOptionError(
            f"convergence: methods must be some of {', '.join(METHODS)}, not {list(methods)!r}"
        )
    check_count("convergence", "points", points)
    if points < 2:
        raise InvalidSearchOptionError(f"convergence: points must be >= 2, not {points}")
    curves = []
    for method in methods:
        total = iterations if isinstance(iterations, int) else iterations.get(method)
        if total is None:
            raise InvalidSearchOptionError(f"convergence: no iterations given for {method}")
        check_count("convergence", f"iterations of {method}", total)
        curves.append(_curve(game, method, checkpoints(total, points), rng))
    return tuple(curves)


def checkpoints(total: int, points: int) -> list[int]:
    """Up to ``points`` iteration counts from 1 to ``total``, evenly spaced on a log scale.

    Example:
        >>> checkpoints(1000, 4)
        [1, 10, 100, 1000]
    """
    found = {round(total ** (i / (points - 1))) for i in range(points)}
    return sorted(found | {1, total})


def _curve(game: Any, method: str, checkpoints: list[int], rng: int) -> ConvergenceCurve:
    solver: CFRSolver | MCCFRSolver
    if method in ("vanilla", "plus"):
        solver = CFRSolver(game, variant=method)  # type: ignore[arg-type]  # a Variant
    else:
        solver = MCCFRSolver(game, scheme=method, rng=rng)  # type: ignore[arg-type]  # a Scheme
    seconds, measured = [], []
    for count in checkpoints:
        solver.iterate(count - solver.iterations)
        seconds.append(solver.elapsed)
        found = solver.result().exploitability
        if found is None:
            raise InvalidSearchOptionError(
                f"convergence: {game!r} is not constant-sum: it has no exploitability"
            )
        measured.append(found)
    return ConvergenceCurve(
        method, LABELS[method], tuple(checkpoints), tuple(seconds), tuple(measured)
    )


def convergence_svg(
    curves: Iterable[ConvergenceCurve],
    *,
    x: Literal["iterations", "seconds"] = "iterations",
    title: str = "",
    width: int = 640,
    height: int = 400,
) -> str:
    """The curves on log-log axes, exploitability against iterations (or seconds), as SVG text.

    A point whose exploitability is 0 (or whose time is 0) cannot sit on a log scale and is
    left out. Axes are labelled at each power of ten, all written alike: ``10⁻²``, ``10⁰``,
    ``10⁶``.

    Raises:
        InvalidSearchOptionError: no curve has a point to draw, or ``x`` is neither
            ``"iterations"`` nor ``"seconds"``.
    """
    if x not in ("iterations", "seconds"):
        raise InvalidSearchOptionError(f"convergence_svg: x must be iterations or seconds: {x!r}")
    lines = []
    for curve in curves:
        xs = curve.iterations if x == "iterations" else curve.seconds
        kept = [(a, b) for a, b in zip(xs, curve.exploitability, strict=True) if a > 0 and b > 0]
        if kept:
            lines.append((curve.label, kept))
    if not lines:
        raise InvalidSearchOptionError("convergence_svg: no point to draw (every value is 0)")
    points = [point for _, kept in lines for point in kept]
    x_range = _decades(min(p[0] for p in points), max(p[0] for p in points))
    y_range = _decades(min(p[1] for p in points), max(p[1] for p in points))
    left, right, top, bottom = 70, width - 170, 40 if title else 20, height - 50

    def place(point: tuple[float, float]) -> tuple[float, float]:
        fx = (math.log10(point[0]) - x_range[0]) / (x_range[1] - x_range[0])
        fy = (math.log10(point[1]) - y_range[0]) / (y_range[1] - y_range[0])
        return left + fx * (right - left), bottom - fy * (bottom - top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        out.append(f'<text x="{(left + right) / 2}" y="22" text-anchor="middle" '
                   f'font-size="14">{_escape(title)}</text>')  # fmt: skip
    out.extend(_axes(x_range, y_range, place, (left, right, top, bottom), x))
    for i, (label, kept) in enumerate(lines):
        colour = _COLOURS[i % len(_COLOURS)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in map(place, kept))
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        legend_y = top + 10 + 20 * i
        out.append(f'<line x1="{right + 15}" y1="{legend_y}" x2="{right + 40}" y2="{legend_y}" '
                   f'stroke="{colour}" stroke-width="2"/>')  # fmt: skip
        out.append(f'<text x="{right + 45}" y="{legend_y + 4}">{_escape(label)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _decades(low: float, high: float) -> tuple[int, int]:
    """The powers of ten (exponents) around ``low`` and ``high``, at least one apart."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    return first, max(last, first + 1)


def _axes(
    x_range: tuple[int, int],
    y_range: tuple[int, int],
    place: Any,
    box: tuple[float, float, float, float],
    x: str,
) -> list[str]:
    """The frame, the grid at each power of ten, the tick labels and the axis names."""
    left, right, top, bottom = box
    out = [f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" '
           'fill="none" stroke="black"/>']  # fmt: skip
    for power in range(x_range[0], x_range[1] + 1):
        px, _ = place((10.0**power, 10.0 ** y_range[0]))
        out.append(f'<line x1="{px:.1f}" y1="{top}" x2="{px:.1f}" y2="{bottom}" stroke="#ddd"/>')
        out.append(f'<text x="{px:.1f}" y="{bottom + 16}" text-anchor="middle">'
                   f"{_power(power)}</text>")  # fmt: skip
    for power in range(y_range[0], y_range[1] + 1):
        _, py = place((10.0 ** x_range[0], 10.0**power))
        out.append(f'<line x1="{left}" y1="{py:.1f}" x2="{right}" y2="{py:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{py + 4:.1f}" text-anchor="end">'
                   f"{_power(power)}</text>")  # fmt: skip
    out.append(f'<text x="{(left + right) / 2}" y="{bottom + 36}" text-anchor="middle">'
               f"{x}</text>")  # fmt: skip
    middle = (top + bottom) / 2
    out.append(f'<text x="16" y="{middle}" text-anchor="middle" '
               f'transform="rotate(-90 16 {middle})">exploitability</text>')  # fmt: skip
    return out


_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
"""Digits and the minus sign as superscripts, for the exponents of the tick labels."""


def _power(exponent: int) -> str:
    """``10^exponent`` as a tick label, every power of ten one way: ``10⁰``, ``10⁶``, ``10⁻³``.

    Example:
        >>> [_power(e) for e in (-3, 0, 5, 6)]
        ['10⁻³', '10⁰', '10⁵', '10⁶']
    """
    return "10" + str(exponent).translate(_SUPERSCRIPT)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
