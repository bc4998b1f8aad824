"""Which kinds of game a searcher takes: its row of the registry, checked at its entry.

A game is of a kind by what it declares: how many players (``num_players``), whether nature
moves (``chance_outcomes``) and whether it hides something from a player (``information_set``).
Each searcher's row (:mod:`gamesearch.searchers`) says which kinds it accepts; a game of another
kind is refused before the search starts, with an error that names the searchers that do accept
it, read from the same rows. A game that hides information without declaring
``information_set`` cannot be told from a game of perfect information.
"""

from __future__ import annotations

from .capabilities import Capabilities
from .errors import UnsupportedGameError
from .searchers import accepting, find_searcher

__all__ = ["IMPERFECT_INFORMATION_SEARCHERS", "check_kind", "check_perfect_information"]

IMPERFECT_INFORMATION_SEARCHERS = (
    "search it with gamesearch.imperfect: cfr (or mccfr) for an equilibrium strategy, ismcts "
    "or pimc for a move (pimc searches sampled worlds, in which nothing is hidden, with the "
    "searchers of perfect information)"
)
"""What a refusal of a game of imperfect information tells a caller of the library to use (the
searchers of the registry's rows for games that hide something; a test keeps them so)."""


def check_kind(game: object, searcher: str, capabilities: Capabilities | None = None) -> int:
    """Refuse a game of a kind that the row of ``searcher`` does not accept; its players.

    The checks go from the most telling: hidden information first (whose remedy is another
    family, not another searcher of this one), then the number of players, then chance nodes.

    Args:
        game: The game to search.
        searcher: The searcher's name in the registry, which the message starts with.
        capabilities: The game's record, if the searcher has read it (else it is read here).

    Returns:
        ``game.num_players``.

    Raises:
        UnsupportedGameError: the game declares ``information_set`` (for a searcher of perfect
            information), its ``num_players`` is not an int >= 1, it has not two players (for
            a two-player searcher), or it has chance nodes (for a searcher of deterministic
            games); each names the searchers that accept the game.
    """
    row = find_searcher(searcher)
    found = Capabilities.of(game) if capabilities is None else capabilities
    if not row.hidden:
        check_perfect_information(game, searcher, found)
    name = type(game).__name__
    players = getattr(game, "num_players", None)
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise UnsupportedGameError(
            f"{searcher} searches games of at least one player, but {name} has "
            f"num_players={players!r}"
        )
    chance = found.chance_outcomes is not None
    if row.players == "two" and players != 2:
        raise UnsupportedGameError(
            f"{searcher} searches two-player games, but {name} has num_players={players}"
            f"{_others(players, chance, row.hidden)}"
        )
    if chance and not row.chance:
        raise UnsupportedGameError(
            f"{searcher} searches deterministic games, but {name} has chance nodes (it has "
            f"chance_outcomes){_others(players, chance, row.hidden)}"
        )
    return players


def _others(players: int, chance: bool, hidden: bool) -> str:
    """``": search it with a, b or c"``: the searchers of the registry that accept the game."""
    names = accepting(players=players, chance=chance, hidden=hidden)
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f": search it with {listed}"


def check_perfect_information(
    game: object,
    searcher: str,
    capabilities: Capabilities | None = None,
    *,
    instead: str = IMPERFECT_INFORMATION_SEARCHERS,
) -> None:
    """Raise :class:`UnsupportedGameError` if ``game`` is a game of imperfect information.

    A game declares that it hides something from a player by having an ``information_set``
    member (the ``ImperfectInformationGame`` protocol), read from ``capabilities`` (the game's
    record, read here if not given). A searcher of perfect information, which every searcher
    outside :mod:`gamesearch.imperfect` is, would let each player see what is hidden from it,
    and answer for another game (Kuhn poker with the cards face up): :func:`check_kind` calls
    this first, before any other check of the game, whose advice (expectiminimax for chance
    nodes, say) would be wrong for such a game.

    Args:
        game: The game to search.
        searcher: The searcher's name, which the message starts with.
        capabilities: The game's record, if the searcher has read it.
        instead: What the message tells the caller to use (the command line names its
            ``gamesearch cfr``).

    Raises:
        UnsupportedGameError: ``game`` has ``information_set``.
    """
    found = Capabilities.of(game) if capabilities is None else capabilities
    if found.information_set is not None:
        raise UnsupportedGameError(
            f"{searcher} searches games of perfect information, but {type(game).__name__} is a "
            "game of imperfect information (it declares information_set), whose hidden "
            f"information {searcher} would treat as seen by every player: {instead}"
        )
