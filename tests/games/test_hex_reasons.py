"""Hex says why its knowledge decides a position: the chain that wins, the threats it meets.

``Hex.proven_reason`` names, link by link, the chain of groups, two-bridges and edge templates
that ``proven_value`` found; ``Hex.must_play_reason`` the other player's threats whose cells make
the must-play region. Checked on random 4x4 and 5x5 positions against the bitboards: the links
named are the winner's, their carriers empty and apart, and the region named is ``must_play``'s.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamesearch import pns
from gamesearch.errors import GameProtocolError
from gamesearch.games import Hex
from gamesearch.trace import Develop, SearchTree


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
def test_the_chain_named_is_the_winners_its_links_apart_on_empty_cells(
    size: int, seed: int
) -> None:
    game = Hex(size)
    board = game._board  # the bitboards the reason is read from
    decided = 0
    for state in random_positions(game, seed, 120):
        for player in (0, 1):
            value = game.proven_value(state, player)
            reason = game.proven_reason(state, player)
            assert (value is None) == (reason is None), game.render(state)
            if value is None or value < 0:
                continue
            decided += 1
            assert reason is not None
            assert reason.startswith(f"{game.player_names[player]}'s chain joins")
            stones = game.stones(state, player)
            empty = board.cells & ~(stones | game.stones(state, 1 - player))
            links = board.chain_links(stones, empty, player)
            assert links is not None
            used = 0
            for group, carrier, to in links:
                assert carrier & empty == carrier  # a link needs empty cells only
                assert carrier & used == 0  # and none another link needs
                used |= carrier
                assert group & stones == group
                assert group
                assert to in (-1, 0, 1)
            assert links[-1][2] == 1  # the chain reaches the far edge last
    assert decided >= 20


@pytest.mark.parametrize(("size", "seed"), [(4, 46), (5, 50)])
def test_the_region_named_is_must_plays_and_its_threats_make_it(size: int, seed: int) -> None:
    game = Hex(size)
    explained = 0
    for state in random_positions(game, seed, 120):
        region, actions = game.must_play(state), game.actions(state)
        reason = game.must_play_reason(state)
        if set(region) == set(actions):
            assert reason is None
            continue
        explained += 1
        assert reason is not None
        other, mover = game.player_names[1 - game.to_move(state)], game.player_names[
            game.to_move(state)
        ]
        assert reason.startswith(f"{other} threatens to win with a stone at ")
        kept = reason.split(f"{mover} must play in the cells every threat needs: ")[1]
        kept = kept.split(" (and their half-turns")[0]
        assert kept.split(", ") == (list(region) if region else ["none"])
    assert explained >= 20


def test_the_threats_intersect_to_the_must_play_region() -> None:
    game = Hex(5)
    board = game._board
    for state in random_positions(game, 7, 60):
        x, o = game.stones(state, 0), game.stones(state, 1)
        empty = board.cells & ~(x | o)
        other = 1 - game.to_move(state)
        region = board.cells
        for cell, carrier in board.threats(o if other else x, empty, other):
            assert cell & empty
            assert carrier & empty == carrier
            region &= carrier | cell
        assert region == board.must_play(o if other else x, empty, other)


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


def test_the_trace_tells_each_leaf_what_decided_it_and_what_was_left_out() -> None:
    game = Hex(4)
    tree = SearchTree(game)
    pns(game, trace=tree)
    develop = next(event for event, _ in tree.log if isinstance(event, Develop))
    decided = {child.action: (child.decided_by, child.kind) for child in develop.children}
    assert decided == {
        "c2": ("proven_value", None),
        "b3": ("proven_value", None),
        "d2": (None, "min"),
        "a3": (None, "min"),
        "d1": (None, "min"),
        "a4": (None, "min"),
    }
    assert [child.reason is not None for child in develop.children[:2]] == [True, True]
    (left,) = develop.left_out
    assert left.by == "must_play"
    assert set(left.actions) | set(decided) == set(game.actions(game.initial_state()))
    assert left.reason == game.must_play_reason(game.initial_state())
