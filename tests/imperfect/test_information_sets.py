"""The imperfect-information protocols, and the checker of their promises."""

from __future__ import annotations

import random

import pytest
from helpers import TimedWalk

from gamesearch import CHANCE
from gamesearch.errors import GameProtocolError, NotAGameError
from gamesearch.games import GameTree
from gamesearch.imperfect import (
    DeterminizableGame,
    ImperfectInformationGame,
    KuhnPoker,
    LeducPoker,
    check_information_sets,
)


class Guess:
    """Chance hides a coin from player 0, who guesses it; player 1 then guesses after seeing it.

    ``keys`` picks what player 0's information set says: ``"hidden"`` (the coin unseen, the
    true game), ``"seen"`` (player 0 sees the coin), ``"shared"`` (a key that player 1's sets
    use too) or ``"unhashable"``. With ``more_actions`` player 0 has a third action after
    heads only, which it cannot know of.
    """

    num_players = 2

    def __init__(self, keys: str = "hidden", more_actions: bool = False) -> None:
        self.keys = keys
        self.more_actions = more_actions

    def initial_state(self):
        return ()

    def to_move(self, state):
        return CHANCE if not state else len(state) - 1

    def actions(self, state):
        if not state:
            return ("H", "T")
        if len(state) == 1:
            return ("h", "t", "x") if self.more_actions and state[0] == "H" else ("h", "t")
        return () if len(state) == 3 else ("h", "t")

    def chance_outcomes(self, state):
        return (("H", 0.5), ("T", 0.5))

    def result(self, state, action):
        return (*state, action)

    def is_terminal(self, state):
        return len(state) == 3

    def utility(self, state, player):
        right0 = state[1].upper() == state[0]
        return (1.0 if right0 else -1.0) * (1 if player == 0 else -1)

    def information_set(self, state, player):
        if player == 1:
            return ("p1", state[0], state[1])
        return {
            "hidden": "p0",
            "seen": ("p0", state[0]),
            "shared": ("p1", "H", "h"),
            "unhashable": ["p0"],
        }[self.keys]


class Forgetful(Guess):
    """Player 0 moves twice and forgets its first move: imperfect recall."""

    def to_move(self, state):
        return CHANCE if not state else 0

    def information_set(self, state, player):
        return ("p0", len(state))


class FlippingSampler(Guess):
    """``sample_state`` that flips the coin, which player 1 has seen: its key changes."""

    def sample_state(self, state, player, rng):
        return ("T" if state[0] == "H" else "H", *state[1:])


class InventingSampler(Guess):
    """``sample_state`` that gives player 0 a coin the game never deals."""

    def sample_state(self, state, player, rng):
        return ("Q", *state[1:]) if player == 0 else state


def test_the_poker_games_are_determinizable_games():
    for game in (KuhnPoker(), LeducPoker()):
        assert isinstance(game, ImperfectInformationGame)
        assert isinstance(game, DeterminizableGame)
    assert isinstance(Guess(), ImperfectInformationGame)
    assert not isinstance(Guess(), DeterminizableGame)
    assert not isinstance(GameTree([1, 2]), ImperfectInformationGame)


@pytest.mark.parametrize(
    ("game", "histories", "infosets"),
    [(KuhnPoker(), 58, 12), (LeducPoker(), 9457, 936), (KuhnPoker(players=3), 617, 48)],
    ids=repr,
)
@pytest.mark.slow
def test_the_poker_games_keep_the_promises(game, histories, infosets):
    # The counts are OpenSpiel's: 936 information sets in Leduc poker (leduc_poker.h).
    report = check_information_sets(game, samples=1)
    assert report.exhaustive
    assert report.perfect_recall
    assert (report.histories, report.infosets) == (histories, infosets)
    assert report.samples == report.decisions > 0


def test_a_sound_game_without_sampling_passes():
    report = check_information_sets(Guess())
    assert report.perfect_recall
    assert report.exhaustive
    assert (report.histories, report.decisions, report.infosets, report.samples) == (15, 6, 5, 0)


def test_a_player_who_forgets_breaks_perfect_recall_only():
    report = check_information_sets(Forgetful())
    assert not report.perfect_recall


def test_a_key_that_hides_a_difference_in_actions_is_refused():
    with pytest.raises(GameProtocolError, match=r"different actions: \['h', 't', 'x'\] and"):
        check_information_sets(Guess(more_actions=True))


def test_seeing_the_coin_makes_the_actions_differ_no_longer():
    # Player 0 has two sets (heads, tails); player 1 one after each of 3 + 2 guesses.
    assert check_information_sets(Guess("seen", more_actions=True)).infosets == 7


class Stammering(Guess):
    """Player 0's guesses list heads twice: one action, offered as two."""

    def actions(self, state):
        return ("h", "h", "t") if len(state) == 1 else super().actions(state)


def test_an_action_listed_twice_at_an_information_set_is_refused():
    with pytest.raises(GameProtocolError, match=r"set 'p0' lists the action 'h' twice: \['h', 'h'"):
        check_information_sets(Stammering())


@pytest.mark.slow
def test_a_walk_of_ten_thousand_plies_is_checked_at_once():
    # Before, each history copied its line of play and its player's sequence: 7 s for this
    # walk, 172 s for ten times as long. Now a few hundredths of a second.
    report = check_information_sets(TimedWalk(10_000, seconds=2.0))
    assert (report.histories, report.decisions, report.infosets) == (10_001, 10_000, 10_000)
    assert report.exhaustive
    assert report.perfect_recall


@pytest.mark.slow  # about 2 s
def test_a_walk_of_a_hundred_thousand_plies_costs_its_length():
    report = check_information_sets(TimedWalk(100_000, seconds=30.0), max_histories=100_001)
    assert (report.histories, report.infosets, report.exhaustive) == (100_001, 100_000, True)


def test_a_key_shared_by_two_players_is_refused():
    with pytest.raises(
        GameProtocolError, match=r"key \('p1', 'H', 'h'\) is player 0's and player 1's"
    ):
        check_information_sets(Guess("shared"))


def test_an_unhashable_key_is_refused():
    with pytest.raises(GameProtocolError, match="not hashable"):
        check_information_sets(Guess("unhashable"))


def test_a_sample_with_another_key_is_refused():
    with pytest.raises(GameProtocolError, match=r"sample_state\(state, 1, rng\) gave \('T', 'h'\)"):
        check_information_sets(FlippingSampler())


def test_a_sample_that_no_line_of_play_reaches_is_refused():
    with pytest.raises(GameProtocolError, match=r"gave \('Q',\), which no line of play reaches"):
        check_information_sets(InventingSampler())


def test_a_game_without_information_sets_is_not_one():
    with pytest.raises(NotAGameError, match="no information_set"):
        check_information_sets(GameTree([1, 2]))


@pytest.mark.parametrize("bad", [-1, 1.5, True])
def test_the_counts_must_be_ints(bad):
    with pytest.raises(ValueError, match="must be an int >= 0"):
        check_information_sets(Guess(), max_histories=bad)


def test_a_partial_walk_says_so():
    report = check_information_sets(LeducPoker(), max_histories=100, samples=0)
    assert not report.exhaustive
    assert report.histories == 100


@pytest.mark.parametrize("game", [KuhnPoker(), LeducPoker(), KuhnPoker(players=4)], ids=repr)
def test_sampled_worlds_keep_what_the_player_knows_and_redraw_the_rest(game):
    # Deal out a whole hand, then draw many worlds for player 0: each keeps its card (and the
    # betting), and the other players' cards take every value they can.
    rng = random.Random(7)
    state = game.initial_state()
    while game.to_move(state) == CHANCE:
        state = game.result(state, rng.choice(game.actions(state)))
    key = game.information_set(state, 0)
    worlds = [game.sample_state(state, 0, rng) for _ in range(400)]
    assert all(game.information_set(world, 0) == key for world in worlds)
    seen = {world.cards[1] for world in worlds}
    deck = set(game.actions(game.initial_state()))
    assert seen == deck - {state.cards[0]}
