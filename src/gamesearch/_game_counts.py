"""The counts a tournament checks: its seed, how many games, and games that come in pairs."""

from __future__ import annotations

from .errors import InvalidSearchOptionError, short_repr

__all__ = ["MAX_GAMES", "check_game_count", "check_pairs_of_games", "check_seed"]

MAX_GAMES = 10_000_000
"""The most games a tournament plays: it keeps a record of every game in memory (and ten
million games of even the smallest game take days)."""


def check_seed(seed: object, caller: str) -> None:
    """Raise :class:`InvalidSearchOptionError` unless ``seed`` is an int (not a bool)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSearchOptionError(f"{caller}: seed must be an int, not {short_repr(seed)}")


def check_game_count(games: int, caller: str) -> None:
    """Raise :class:`InvalidSearchOptionError` if ``games`` is more than :data:`MAX_GAMES`."""
    if games > MAX_GAMES:
        raise InvalidSearchOptionError(
            f"{caller}: {short_repr(games) if games >= 10**15 else f'{games:,}'} games, more than "
            f"the {MAX_GAMES:,} a tournament plays: it keeps the record of every game in memory"
        )


def check_pairs_of_games(value: object, name: str, caller: str, why: str) -> int:
    """``value``, an even int >= 2 (not a bool): games in pairs, or the library's error.

    Raises:
        InvalidSearchOptionError: anything else; the message gives ``why`` it must be even.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 2 or value % 2:
        raise InvalidSearchOptionError(
            f"{caller}: {name} must be an even int >= 2 ({why}), not {short_repr(value)}"
        )
    return value
