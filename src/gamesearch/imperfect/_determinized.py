"""What the determinizing searchers (PIMC, ISMCTS) share: the checks of a game and a root.

Private to :mod:`gamesearch.imperfect`.
"""

from __future__ import annotations

import random
from typing import Any

from .._entry import check_is_game
from ..capabilities import Capabilities
from ..errors import (
    GameProtocolError,
    InvalidSearchOptionError,
    NotAGameError,
    UnsupportedGameError,
)
from ..game import CHANCE, Player


class ChanceAhead(UnsupportedGameError):
    """A world searched through a :class:`DeterministicView` reached a chance node."""


def check_determinizable(game: Any, searcher: str) -> None:
    """Raise unless ``game`` has the ``Game`` members, ``information_set`` and ``sample_state``.

    Raises:
        NotAGameError: a member is missing.
    """
    check_is_game(game)
    members = Capabilities.of(game)
    for name in ("information_set", "sample_state"):
        if getattr(members, name) is None:
            raise NotAGameError(
                f"{searcher} samples worlds with sample_state(state, player, rng) and needs "
                f"information_set(state, player): {type(game).__name__} has no {name} "
                "(see DeterminizableGame)"
            )


def decision_root(game: Any, state: Any, searcher: str) -> tuple[Any, Player, tuple[Any, ...]]:
    """The root (``state``, or the initial state), its player to move and its actions.

    Raises:
        InvalidSearchOptionError: the root is terminal or a chance node: there is no player's
            move to choose.
        GameProtocolError: the root has no actions, or its mover is not a player.
    """
    root = game.initial_state() if state is None else state
    if game.is_terminal(root):
        raise InvalidSearchOptionError(f"{searcher}: the state is terminal: no move to choose")
    player = game.to_move(root)
    if player == CHANCE:
        raise InvalidSearchOptionError(
            f"{searcher}: the state is a chance node: it chooses a player's move, not nature's"
        )
    if isinstance(player, bool) or not isinstance(player, int):
        raise GameProtocolError(f"to_move returned {player!r}, which is not a player")
    if not 0 <= player < game.num_players:
        raise GameProtocolError(f"to_move returned {player!r}, which is not a player")
    actions = tuple(game.actions(root))
    if not actions:
        raise GameProtocolError(f"the state {root!r} is not terminal and has no actions")
    return root, player, actions


def sample_world(game: Any, root: Any, player: Player, rng: random.Random, searcher: str) -> Any:
    """A world drawn with ``sample_state``, checked to be one ``player`` cannot tell from ``root``.

    Raises:
        GameProtocolError: the world has another information set for ``player``.
    """
    world = game.sample_state(root, player, rng)
    if game.information_set(world, player) != game.information_set(root, player):
        raise GameProtocolError(
            f"{searcher}: sample_state(state, {player}, rng) gave {world!r}, which player "
            f"{player} can tell from the state: its information set differs"
        )
    return world


class DeterministicView:
    """A game seen without its chance nodes' distribution, for the searchers that refuse chance.

    Once every hidden card is dealt, a world of a card game is a deterministic game of perfect
    information, which ``alphabeta`` searches; but the game object still has
    ``chance_outcomes``, for which ``alphabeta`` refuses it. This view forwards the ``Game``
    members only. A world that still has chance nodes ahead is refused when the search meets
    one, by an :class:`~gamesearch.errors.UnsupportedGameError` that names the searchers that
    search those (``"expectiminimax"`` and ``"mcts"``).
    """

    __slots__ = ("actions", "caller", "game", "initial_state", "is_terminal", "num_players",
                 "result", "to_move", "utility")  # fmt: skip

    def __init__(self, game: Any, caller: str = "pimc") -> None:
        self.game = game
        """The game seen."""
        self.caller = caller
        """The searcher that searches the worlds, named in the refusal of a chance node."""
        self.num_players = game.num_players
        self.initial_state = game.initial_state
        has_chance = Capabilities.of(game).chance_outcomes is not None
        self.to_move = self._mover if has_chance else game.to_move
        self.actions = game.actions
        self.result = game.result
        self.is_terminal = game.is_terminal
        self.utility = game.utility

    def _mover(self, state: Any) -> Player:
        """The game's ``to_move``, refusing a chance node, which this view cannot search.

        Raises:
            ChanceAhead: ``state`` is a chance node (an :class:`UnsupportedGameError`).
        """
        mover: Player = self.game.to_move(state)
        if mover == CHANCE:
            raise ChanceAhead(
                f"{self.caller}: a world reaches a chance node ({state!r}), which the searcher "
                "cannot search: it is given the game without chance_outcomes, as 'alphabeta' "
                "and a function are; pass searcher='expectiminimax' (two players) or "
                "searcher='mcts'"
            )
        return mover

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"


_HIDDEN = frozenset({"information_set", "sample_state"})
"""The members that declare a game of imperfect information, which a world does not have."""


class WorldView(DeterministicView):
    """A game seen as its worlds are: of perfect information, chance nodes and all.

    A world, every hidden card dealt, is a game of perfect information, but the game object
    declares ``information_set``, for which every searcher of perfect information refuses it
    (it cannot tell a world from a state whose cards are hidden). This view forwards the
    ``Game`` members and every optional member (``chance_outcomes``, ``key``,
    ``utility_bounds``, ...) but ``information_set`` and ``sample_state``: the game that
    ``mcts`` searched when it was given the game itself.
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.to_move = game.to_move  # chance nodes are searched here, not refused
        members = Capabilities.of(game)
        for name in members.names - _HIDDEN:
            setattr(self, name, getattr(members, name))
