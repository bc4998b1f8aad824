"""A bad rng is refused with the name of the function that was given it."""

from __future__ import annotations

import pytest

from gamesearch.errors import InvalidSearchOptionError
from gamesearch.imperfect import (
    ISMCTSPlayer,
    KuhnPoker,
    MCCFRSolver,
    OhHell,
    PIMCPlayer,
    StrategyPlayer,
    ismcts,
    pimc,
)


def dealt(game):
    state = game.initial_state()
    while game.to_move(state) == -1:
        state = game.result(state, game.actions(state)[0])
    return state


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: ismcts(OhHell(), dealt(OhHell()), iterations=5, rng="seed"), "ismcts"),
        (lambda: pimc(OhHell(), dealt(OhHell()), worlds=2, rng="seed"), "pimc"),
        (lambda: MCCFRSolver(KuhnPoker(), rng="seed"), "mccfr"),
        (lambda: StrategyPlayer(KuhnPoker(), {}, rng="seed"), "StrategyPlayer"),
        (lambda: ISMCTSPlayer(OhHell(), rng=1.5), "ISMCTSPlayer"),
        (lambda: PIMCPlayer(OhHell(), rng=True), "PIMCPlayer"),
    ],
)
def test_the_message_names_the_function(call, name):
    with pytest.raises(InvalidSearchOptionError, match=rf"^{name}: rng must be an int seed"):
        call()
