"""A game's optional members, read once into a frozen record (issue 28, section 4)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import pytest
from helpers import rows_accepting, search_by_row

from gamesearch import (
    TranspositionTable,
    alphabeta,
    conformance,
    mcts,
    parallel_search,
    play,
    random_player,
    solve,
)
from gamesearch.capabilities import Capabilities
from gamesearch.errors import GameProtocolError, UnsupportedGameError
from gamesearch.games import ConnectFour, Nim, Pig, TicTacToe
from gamesearch.identity import game_identity
from gamesearch.trace import SearchTree

OPTIONAL = [name for name in Capabilities._fields if name != "game_name"]


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(4, 4), Nim((1, 2)), Pig(goal=10)])
def test_the_record_holds_what_the_game_has(game: Any) -> None:
    found = Capabilities.of(game)
    expected = {name for name in OPTIONAL if getattr(game, name, None) is not None}
    assert found.names == expected
    assert found.game_name == type(game).__name__
    for name in expected:
        assert getattr(found, name) == getattr(game, name)


def test_a_record_is_frozen() -> None:
    found = Capabilities.of(TicTacToe())
    with pytest.raises(AttributeError):
        found.key = None  # type: ignore[misc]


def test_a_member_that_must_be_a_method_but_is_not_is_named() -> None:
    class Broken:
        num_players = 2
        key = 5

    with pytest.raises(GameProtocolError, match=r"Broken\.key must be a method, got int"):
        Capabilities.of(Broken())


def test_values_are_read_as_values() -> None:
    class Scored:
        num_players = 2
        win_utility = 1.0
        player_names = ("black", "white")
        utility_bounds = (-1.0, 1.0)

    found = Capabilities.of(Scored())
    assert found.names == {"win_utility", "player_names", "utility_bounds"}
    assert found.win_utility == 1.0


def test_a_searcher_that_needs_a_missing_member_says_which() -> None:
    pig = Pig(goal=10)
    found = Capabilities.of(pig)
    assert found.need("chance_outcomes", "expectiminimax") == pig.chance_outcomes
    with pytest.raises(UnsupportedGameError, match=r"mtdf needs the game's win_utility, which Pig"):
        found.need("win_utility", "mtdf")
    with pytest.raises(UnsupportedGameError, match=r"order\(state, actions\)"):
        found.need("order", "x")


def test_the_own_game_page_lists_every_capability() -> None:
    page = (Path(__file__).parent.parent / "docs" / "own-game.md").read_text()
    missing = [name for name in OPTIONAL if f"`{name}" not in page]
    assert not missing, f"docs/own-game.md does not list {missing}"


# --- Searchers read the record once, and refuse a member that is not a method -------------------


def _counting(cls: type[Any]) -> type[Any]:
    """A subclass of the game ``cls`` that counts the reads of its optional members."""

    class Counted(cls):  # type: ignore[misc]
        reads: ClassVar[Counter[str]] = Counter()

        def __getattribute__(self, name: str) -> Any:
            if name in OPTIONAL:
                type(self).reads[name] += 1
            return super().__getattribute__(name)

    return Counted


@pytest.mark.parametrize(
    ("run", "reads"),
    [
        (lambda g: mcts(g, iterations=100, rng=0), 1),
        (lambda g: mcts(g, iterations=20, rng=0, trees=2), 3),  # and once in each tree's part
        (solve, 1),
        (lambda g: play(g, [random_player(seed=0), random_player(seed=1)]), 1),
    ],
    ids=["mcts", "mcts-trees", "solve", "play"],
)
def test_a_search_reads_each_optional_member_once(run: Any, reads: int) -> None:
    game = _counting(TicTacToe)()
    run(game)
    assert dict(type(game).reads) == dict.fromkeys(OPTIONAL, reads)


class _Scored(TicTacToe):
    """Tic-tac-toe with an evaluation, for the depth-limited searches."""

    def evaluate(self, state: int, player: int) -> float:
        return 0.0


def _by_row(row: Any, **options: Any) -> Any:
    return lambda g, s: search_by_row(row, g, s, **options)


_TWO_PLAYER_SEARCHES = {
    **{row.name: _by_row(row) for row in rows_accepting(2)},
    **{
        f"{row.name}-depth": _by_row(row, depth=3)
        for row in rows_accepting(2)
        if "depth" in row.limits
    },
    **{
        f"{row.name}-traced": _by_row(row, depth=2, trace=lambda event: None)
        for row in rows_accepting(2)
        if row.events != "none" and "depth" in row.limits
    },
    "alphabeta-table": lambda g, s: alphabeta(g, s, depth=3, table=TranspositionTable()),
    "parallel_search-split": lambda g, s: parallel_search(g, s, depth=3, split_depth=2),
    "parallel_search-table": lambda g, s: parallel_search(g, s, depth=3, part_tables=True),
}
"""Every searcher of the registry that takes a two-player game: to the end, at a depth, traced."""


_A_READ_PER_SEARCH = {
    "opening_book": "each position of the book is solved by a search of its own, which reads "
    "the record once",
}
"""The searchers that run a search of their own for each of many positions: the record is read
once per search."""


@pytest.mark.parametrize("name", sorted(_TWO_PLAYER_SEARCHES))
@pytest.mark.parametrize("cls", [_Scored, ConnectFour], ids=["tictactoe", "connect_four"])
def test_a_two_player_search_reads_each_optional_member_once(name: str, cls: type[Any]) -> None:
    # Tic-tac-toe has children; Connect Four the exact solver's hooks and its own evaluation.
    # Each search reads every member once, at its entry, however many loops and passes it runs.
    counted = _counting(cls)
    game = counted() if cls is _Scored else counted(4, 4)
    opening = [0, 1, 1, 2, 2, 3, 3, 0]  # 8 cells left: a search to the end is quick
    state = game.parse("X.. / .O. / ...") if cls is _Scored else _played(game, opening)
    counted.reads.clear()
    _TWO_PLAYER_SEARCHES[name](game, state)
    if name in _A_READ_PER_SEARCH:  # every member as often as the others: none probed alone
        assert set(counted.reads) == set(OPTIONAL)
        assert len(set(counted.reads.values())) == 1
    else:
        assert dict(counted.reads) == dict.fromkeys(OPTIONAL, 1)


def _played(game: Any, actions: list[Any]) -> Any:
    state = game.initial_state()
    for action in actions:
        state = game.result(state, action)
    return state


@pytest.mark.parametrize("row", rows_accepting(2, chance=True), ids=lambda row: row.name)
def test_a_game_of_chance_is_read_once_too(row: Any) -> None:
    counted = _counting(Pig)
    options = {"depth": 2} if "depth" in row.limits else {}  # Pig's turns may go round for ever
    search_by_row(row, counted(goal=6), **options)
    assert dict(counted.reads) == dict.fromkeys(OPTIONAL, 1)


class _RolledAsNumber(Pig):
    chance_outcomes = 5  # type: ignore[assignment]


class _ParametersAsDict(Nim):
    game_parameters = {"piles": (1, 2)}  # type: ignore[assignment]  # noqa: RUF012


class _DrawnAsText(TicTacToe):
    render = "board"  # type: ignore[assignment]


class _OrderAsList(TicTacToe):
    order = (0, 1)  # type: ignore[assignment]


class _KeyAsText(Nim):
    key = "k"


class _EvaluationAsNumber(TicTacToe):
    evaluate = 0.5


def _picture(game: Any) -> str:
    tree = SearchTree(game)
    alphabeta(game, game.parse("XOX / OX. / ..."), trace=tree)
    return tree.to_html()


@pytest.mark.parametrize(
    ("game", "run"),
    [
        # Before the record (e369187): TypeError "'int' object is not callable" mid-search.
        (_RolledAsNumber(goal=6), lambda g: mcts(g, iterations=20, rng=0)),
        # Ignored: the __init__ attributes were read, and a missing one refused.
        (_ParametersAsDict((1, 2)), game_identity),
        # Ignored: a page without boards.
        (_DrawnAsText(), _picture),
        # Ignored: the order not checked, the game passed.
        (_OrderAsList(), lambda g: conformance.check_game(g, max_states=20)),
        # "the keys game.key(state) gives must be hashable ... 'str' object is not callable".
        (_KeyAsText((1, 2), players=2), solve),
        # Ignored: "depth=2 needs an evaluate(state, player) function".
        (_EvaluationAsNumber(), lambda g: alphabeta(g, depth=2)),
    ],
    ids=["mcts", "game_identity", "to_html", "check_game", "solve", "alphabeta"],
)
def test_a_member_that_is_not_a_method_is_refused_by_name(game: Any, run: Any) -> None:
    name = type(game).__name__
    with pytest.raises(GameProtocolError, match=rf"{name}\.\w+ must be a method, got"):
        run(game)


# --- No searcher probes the game for a capability: it reads the record -------------------------

SOURCE = Path(__file__).parent.parent / "src" / "gamesearch"


def _probes(path: Path, root: Path) -> list[str]:
    """Every ``getattr(x, "<capability>", ...)`` or ``hasattr(x, "<capability>")`` in ``path``."""
    found: list[tuple[int, int, str, str, object]] = []
    text = path.read_text()
    if "getattr(" not in text and "hasattr(" not in text:  # most modules: no need to parse
        return []
    for node in ast.walk(ast.parse(text, str(path))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in OPTIONAL
        ):
            where = f"{path.relative_to(root)}:{node.lineno}"
            found.append((node.lineno, node.col_offset, where, node.func.id, node.args[1].value))
    return [f"{where}: {call}(..., {name!r})" for _, _, where, call, name in sorted(found)]


@pytest.mark.slow
def test_no_module_probes_the_game_for_a_capability() -> None:
    stray = [
        probe
        for path in sorted(SOURCE.rglob("*.py"))
        if path != SOURCE / "capabilities.py"
        for probe in _probes(path, SOURCE)
    ]
    assert not stray, (
        "read the game's optional members from its record, gamesearch.capabilities."
        "Capabilities.of(game), once at the searcher's entry, instead of probing:\n"
        + "\n".join(stray)
    )


def test_the_probe_finder_finds_a_probe(tmp_path: Path) -> None:
    path = tmp_path / "example.py"
    path.write_text(
        "def f(game, args):\n"
        '    getattr(args, "depth", None)\n'
        '    return callable(getattr(game, "order", None)) or hasattr(game.inner, "key")\n'
    )
    assert [probe.split(": ", 1)[1] for probe in _probes(path, tmp_path)] == [
        "getattr(..., 'order')",
        "hasattr(..., 'key')",
    ]
