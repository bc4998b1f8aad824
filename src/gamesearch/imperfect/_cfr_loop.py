"""CFR's inner loop: one player's update of one iteration, over the flat lists of the sequence form.

Kept in a module of its own, with plain typed arguments, so that the compiled build (README,
Installing) compiles it with mypyc while :mod:`.regret`, the public API, stays as it is.
"""

from __future__ import annotations

from ._sequences import SequenceForm, add_values, fill_reach

__all__ = ["update"]


def update(
    form: SequenceForm,
    p: int,
    weight: float,
    plus: bool,
    sigma: list[float],
    regret: list[float],
    average: list[float],
    reach: list[float],
) -> None:
    """Player ``p``'s regrets, average strategy and next strategy, one iteration's worth.

    The counterfactual value of each of ``p``'s sequences is summed bottom-up (see
    :mod:`._sequences`); at information set ``I`` with strategy ``sigma``, action ``a``'s
    regret grows by ``v(I, a) - sum_b sigma(b) v(I, b)``, and the average strategy by
    ``weight * reach_p(I) * sigma(a)``. CFR+ (``plus``) keeps the regrets at 0 or above.
    """
    fill_reach(form, sigma, reach)
    values = [0.0] * form.slots
    add_values(form, p, reach, values)
    layout = form.layout
    for i in reversed(form.own[p]):
        b, e, parent = layout[i]
        if e - b == 1:
            # One action: it is played with probability 1, its regret stays 0 and the average
            # strategy plays it (a set without an average plays uniformly: the same).
            values[parent] += values[b]
            continue
        value = 0.0
        for j in range(b, e):
            value += sigma[j] * values[j]
        values[parent] += value
        scale = weight * reach[parent]
        positive = 0.0
        for j in range(b, e):
            r = regret[j] + values[j] - value
            if r > 0.0:
                positive += r
            elif plus:
                r = 0.0
            regret[j] = r
            average[j] += scale * sigma[j]
        # Regret matching (Hart and Mas-Colell 2000): the positive regrets, normalised.
        if positive > 0.0:
            for j in range(b, e):
                r = regret[j]
                sigma[j] = r / positive if r > 0.0 else 0.0
        else:
            uniform = 1.0 / (e - b)
            for j in range(b, e):
                sigma[j] = uniform
