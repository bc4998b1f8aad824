"""Hex says why its knowledge decides a position: the connection that wins, the threats it meets.

``Hex.proven_reason`` names what decides a position (the filled-in chain, the full or semi
virtual connection H-search found, with its carrier and key); ``Hex.must_play_reason`` the
other player's threats, its semi connections, whose carriers make the must-play region.
Checked on random 4x4 and 5x5 positions against :meth:`Hex.analysis`: the cells named are
the carrier's, the key named is a winning move, the region named is ``must_play``'s.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamesearch import pns
from gamesearch.errors import GameProtocolError
from gamesearch.games import Hex
from gamesearch.trace import Develop, Renumber, SearchTree

RULES = {
    "chain": "once the dead and captured cells are filled in",
    "full": "whoever moves: a full virtual connection",
    "semi": "to move, joins",
    "no move": "must play inside",
}
"""Words each rule's reason says."""


def random_positions(game: Hex, seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.randrange(1, game.size * game.size - 2)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.append(state)
    return found


@pytest.mark.parametrize(("size", "seed"), [(4, 46), (5, 50)])
def test_the_reason_names_the_rule_and_the_cells_that_decide(size: int, seed: int) -> None:
    game = Hex(size)
    decided = 0
    for state in random_positions(game, seed, 50):
        for player in (0, 1):
            value = game.proven_value(state, player)
            reason = game.proven_reason(state, player)
            assert (value is None) == (reason is None), game.render(state)
            if value is None:
                continue
            decided += 1
            verdict = game.analysis(state).verdict
            assert RULES[verdict.rule] in reason
            assert reason.startswith(
                "XO"[verdict.winner if verdict.rule != "no move" else 1 - verdict.winner]
            )
            named = {
                game._names[cell] for cell in range(size * size) if verdict.carrier >> cell & 1
            }
            assert all(name in reason for name in named)
            if verdict.rule == "semi":
                key = game._names[verdict.key]
                assert f"by playing {key}" in reason
                after = game.result(state, key)  # the key keeps the win
                assert game.is_terminal(after) or game.proven_value(after, verdict.winner) == 1.0
    assert decided >= 20


@pytest.mark.parametrize(("size", "seed"), [(4, 46), (5, 50)])
def test_the_region_named_is_must_plays_and_its_threats_hold_it(size: int, seed: int) -> None:
    game = Hex(size)
    explained = 0
    for state in random_positions(game, seed, 50):
        region, actions = game.must_play(state), game.actions(state)
        reason = game.must_play_reason(state)
        if set(region) == set(actions):
            assert reason is None
            continue
        explained += 1
        assert reason is not None
        found = game.analysis(state)
        if found.verdict is not None:
            assert reason == game.proven_reason(state, found.verdict.winner)
            continue
        assert reason.endswith(f"{', '.join(region)}, or lose")
        every = -1
        for carrier, key in found.threats:
            assert game._names[key] in reason
            every &= carrier
        other_captured = found.fill.captured[1 - game.to_move(state)]
        cells = sum(game._bits[action] for action in region)
        assert cells & ~(every | other_captured) == 0  # inside every threat, or answered
    assert explained >= 10


def test_a_reason_is_asked_only_by_a_traced_search_and_must_be_text() -> None:
    asked = []

    class Talkative(Hex):
        def proven_reason(self, state: int, player: int) -> Any:
            asked.append(state)
            return 42  # not text

    game = Talkative(4)
    assert pns(game).value == 1.0
    assert asked == []  # the untraced search never asks why
    with pytest.raises(GameProtocolError, match="a reason must be a str or None"):
        pns(game, trace=SearchTree(game))


def test_the_trace_tells_what_decided_a_node_when_the_search_came_to_it() -> None:
    game = Hex(4)
    state = game.parse("O . . . / . . . . / X . . . / . X . .")  # O to move loses
    tree = SearchTree(game)
    assert pns(game, state, trace=tree).value == -1.0
    develop = next(event for event, _ in tree.log if isinstance(event, Develop))
    # Hex's knowledge is costly: it is asked of a node when the search comes to it, so the
    # root's children are frontier nodes, and the moves it leaves out are named.
    assert all(not child.terminal for child in develop.children)
    assert [child.action for child in develop.children] == ["b3"]
    assert [(out.by, out.actions) for out in develop.left_out][1:] == [
        ("inferior_moves", ("c4", "d4"))
    ]
    assert develop.left_out[0].by == "must_play"
    assert develop.left_out[0].reason == game.must_play_reason(state)
    decided = [
        event
        for event, _ in tree.log
        if isinstance(event, Renumber) and event.decided_by == "proven_value"
    ]
    assert decided
    assert decided[0].reason is not None
    assert f"by the game's knowledge [{decided[0].reason}]" in tree.narrate()
