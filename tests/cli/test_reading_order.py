"""The rows of a strategy table in the order a person reads them (gamesearch.cli._reading_order)."""

from __future__ import annotations

from gamesearch.cli._reading_order import reading_order
from gamesearch.imperfect import KuhnPoker, LiarsDice, cfr


def test_kuhn_reads_by_player_then_betting_then_card():
    keys = list(cfr(KuhnPoker(), iterations=1).strategy)
    assert keys[:5] == ["0", "1", "2", "1p", "1b"]  # as CFR met them, breadth first
    assert sorted(keys, key=reading_order(KuhnPoker())) == [
        "0", "1", "2", "0pb", "1pb", "2pb",  # player 0: first to act, then facing a bet
        "0p", "1p", "2p", "0b", "1b", "2b",  # player 1: facing a pass, then a bet
    ]  # fmt: skip


def test_liars_dice_reads_each_bid_with_the_dice_in_order():
    game = LiarsDice(dice_sides=2)
    keys = sorted(cfr(game, iterations=1).strategy, key=reading_order(game))
    # Player 0's first bids, die 1 then die 2; then its answers, bid by bid, die by die.
    assert keys[:4] == ["1", "2", "1 1-1 1-2", "2 1-1 1-2"]


def test_a_game_too_big_to_walk_is_read_by_the_keys_text():
    place = reading_order(KuhnPoker(), max_histories=10)
    keys = ["1pb", "0", "2b", "1"]
    assert sorted(keys, key=place) == sorted(keys)
