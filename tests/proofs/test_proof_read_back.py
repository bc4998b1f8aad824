"""Reading a proof back: bounded, and safe on a game with cycles (issue 45).

After its proof, df-pn read the principal variation by following, from the root, the first
child whose bounds were the value, with no record of the line: on a 9-state game with a cycle
it followed a state back to itself for ever, whatever its ``time_limit``, while ``pns``
refused the same game as a cycle. A proof search's line now never comes back to a state on it:
it takes another child that keeps the value, or refuses the game as a cycle
(:class:`~gamesearch.CyclicGameError`) when the only ones that do are on the line.

What either prover answers on a game with cycles is the value whatever endless play is worth:
the least fixed point of the game's equations, endless play scored the least value, equals
the greatest, endless play scored the most (checked on random graphs).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from gamesearch import CyclicGameError
from gamesearch.proofs import dfpn, pns

PROVERS = [pns, dfpn]


class Graph:
    """A game on a graph: state ``s`` moves to ``arrows[s]``; a state without arrows ends it.

    ``values[s]`` is X's utility at an end (O gets its negation), ``movers[s]`` who moves.
    """

    num_players = 2

    def __init__(self, arrows: list[list[int]], values: list[int], movers: list[int]) -> None:
        self.arrows, self.values, self.movers = arrows, values, movers

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return self.movers[state]

    def actions(self, state: int) -> list[int]:
        return list(range(len(self.arrows[state])))

    def result(self, state: int, action: int) -> int:
        return self.arrows[state][action]

    def is_terminal(self, state: int) -> bool:
        return not self.arrows[state]

    def utility(self, state: int, player: int) -> float:
        value = float(self.values[state])
        return value if player == 0 else -value


class WonGraph(Graph):
    """A graph game that declares its win, 1: the bounds start at -1 and 1."""

    win_utility = 1.0


SELF_LOOP = WonGraph(
    [[7, 2, 3], [6, 5], [4], [3, 8, 7], [7, 3, 7], [5, 4, 5], [5, 0, 7], [], []],
    [1, 0, 0, -1, 0, -1, 0, -1, 1],
    [0, 0, 1, 0, 1, 1, 1, 1, 0],
)
"""Nine states; X at 3 may stay at 3 for ever or end the game at 8 (a win) or 7 (a loss)."""

ROUND_AGAIN = WonGraph(
    [[5, 4], [8, 6], [7, 0], [4], [5, 1, 4], [4, 7, 4], [1, 4, 3], [], []],
    [0, 0, -1, -1, 0, -1, -1, -1, 1],
    [0, 1, 1, 1, 1, 1, 1, 0, 0],
)
"""Nine states whose proof, read back, can keep the value only by coming back to a state."""


def test_dfpn_returns_on_the_nine_state_game_with_a_cycle() -> None:
    # It followed 3 -> 3 for ever after its proof, time_limit=1 or not.
    result = dfpn(SELF_LOOP, time_limit=1)
    assert (result.value, result.exact) == (1.0, True)
    assert _line_states(SELF_LOOP, result.pv) == [0, 3, 8]


def test_a_line_that_can_keep_the_value_only_by_coming_round_is_refused_as_a_cycle() -> None:
    with pytest.raises(CyclicGameError, match=r"dfpn: state \d repeats"):
        dfpn(ROUND_AGAIN, time_limit=1)


def _line_states(game: Graph, line: tuple[Any, ...]) -> list[int]:
    states = [game.initial_state()]
    for action in line:
        states.append(game.result(states[-1], action))
    return states


def fixed_points(game: Graph) -> tuple[float, float]:
    """X's value at the start with endless play worth the least and the most value.

    Value iteration from below and from above: the least and the greatest fixed points of
    ``v(s) = max`` (X to move) or ``min`` (O) of ``v`` over the children, ends at their
    utility. A proof of ``v`` holds whatever endless play is worth exactly when both are ``v``.
    """
    win = getattr(game, "win_utility", math.inf)
    found = []
    for start in (-win, win):
        value = [
            float(game.values[s]) if game.is_terminal(s) else start for s in range(len(game.arrows))
        ]
        changed = True
        while changed:
            changed = False
            for state, arrows in enumerate(game.arrows):
                if not arrows:
                    continue
                pick = max if game.movers[state] == 0 else min
                best = pick(value[child] for child in arrows)
                if best != value[state]:
                    value[state], changed = best, True
        found.append(value[0])
    low, high = found
    return low, high


def random_graph(rng: random.Random) -> Graph:
    """3 to 12 states, the last one to three of them ends; arrows anywhere, loops and all."""
    size = rng.randint(3, 12)
    ends = rng.randint(1, 3)
    arrows = [
        [] if state >= size - ends else [rng.randrange(size) for _ in range(rng.randint(1, 3))]
        for state in range(size)
    ]
    values = [rng.choice([-1, 0, 1]) for _ in range(size)]
    movers = [rng.randint(0, 1) for _ in range(size)]
    kind = WonGraph if rng.random() < 0.5 else Graph
    return kind(arrows, values, movers)


@pytest.mark.parametrize("prover", PROVERS, ids=lambda prover: prover.__name__)
def test_on_random_graphs_with_cycles_a_prover_answers_the_value_or_refuses_a_cycle(
    prover: Any,
) -> None:
    rng = random.Random(45)
    answered = refused = 0
    for _ in range(80):
        game = random_graph(rng)
        x_to_move = game.to_move(0) == 0
        try:
            result = prover(game, time_limit=5)
        except CyclicGameError:
            refused += 1
            continue
        assert result.exact  # a limit of seconds on a game of a dozen states is never reached
        low, high = fixed_points(game)
        value = result.value if x_to_move else -result.value
        assert low == value == high, (game.arrows, game.values, game.movers)
        states = _line_states(game, result.pv)
        assert len(set(states)) == len(states)  # a line never comes back to a state
        answered += 1
    assert answered > 15  # both kinds were met
    assert refused > 15


@pytest.mark.parametrize("prover", PROVERS, ids=lambda prover: prover.__name__)
@pytest.mark.parametrize("game", [SELF_LOOP, ROUND_AGAIN], ids=["self-loop", "round-again"])
def test_a_time_limit_stops_a_proof_of_a_game_with_a_cycle_or_it_is_refused(
    prover: Any, game: Graph
) -> None:
    outcome = _outcome(prover, game)
    assert outcome in ("stopped", "refused as a cycle")


def _outcome(prover: Any, game: Graph) -> str:
    try:
        result = prover(game, time_limit=1e-9)
    except CyclicGameError:
        return "refused as a cycle"
    return "stopped" if not result.exact else "proven"
