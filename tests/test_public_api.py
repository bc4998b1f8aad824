"""The public surface, written out in full, so that it cannot change by accident.

A change here is a change to the API: update this file on purpose, and the changelog with it.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.util
import inspect
import itertools
import pkgutil
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import gamesearch
import gamesearch.errors
import gamesearch.games
import gamesearch.testing
from gamesearch import (
    Game,
    GameSearchError,
    IllegalActionError,
    SearchResult,
    SearchStats,
    alphabeta,
    best_reply,
    iterative_deepening,
    maxn,
    minimax,
    negamax,
    paranoid,
)
from gamesearch.games import Chance, ConnectFour, GameTree, Hog, Nim, Pig, Rolit, TicTacToe
from gamesearch.games.registry import reference_games
from gamesearch.searchers import SEARCHERS as ROWS

STATIC_PUBLIC = {
    "gamesearch": [
        "CHANCE",
        "SPRT",
        "BlindSearchWarning",
        "BuildInfo",
        "CyclicGameError",
        "Duel",
        "Evaluation",
        "Game",
        "GameProtocolError",
        "GameRecord",
        "GameSearchError",
        "IllegalActionError",
        "InvalidDistributionError",
        "InvalidGameTreeError",
        "InvalidSearchOptionError",
        "InvalidUtilityError",
        "Limit",
        "MCTSPlayer",
        "MCTSTree",
        "MeanUtility",
        "MissingDependencyError",
        "NotAGameError",
        "NotPicklableError",
        "Order",
        "PartFailedError",
        "PassingGame",
        "Pentanomial",
        "Player",
        "RandomOpenings",
        "RandomPlayer",
        "Ratings",
        "Reply",
        "SearchResult",
        "SearchStats",
        "SearchTooDeepError",
        "SearcherPlayer",
        "Solution",
        "StochasticGame",
        "TableFileError",
        "TournamentResult",
        "TranspositionTable",
        "UndeterminedRatingsError",
        "UnknownGameError",
        "UnsolvedStateError",
        "UnsupportedGameError",
        "build_info",
        "elo_ratings",
        "gauntlet",
        "play",
        "random_player",
        "read_openings",
        "round_robin",
        "searcher_player",
        "sprt_match",
        "tournament",
    ],
    "gamesearch.games": [
        "Chance",
        "GameParameter",
        "GameSpec",
        "GameTree",
        "HogState",
        "NimState",
        "Path",
        "PigState",
        "RolitState",
        "find_game",
        "reference_games",
    ],
    "gamesearch.cli": [
        "main",
    ],
    "gamesearch.testing": [
        "chance_trees",
        "check_game",
        "game_trees",
        "hidden_deal_games",
        "maxn_trees",
        "nested_trees",
        "states",
    ],
    "gamesearch.conformance": [
        "ConformanceReport",
        "check_game",
    ],
    "gamesearch.parallel": [],
    "gamesearch.tournaments": [
        "MeanUtility",
        "TournamentResult",
        "repeated_games",
        "tournament",
    ],
    "gamesearch.schedules": [
        "gauntlet",
        "pairings",
        "round_robin",
        "schedule_pairs",
        "schedule_seats",
    ],
    "gamesearch.openings": [
        "DEFAULT_OPENINGS",
        "RandomOpenings",
        "move_text",
        "random_openings",
        "read_openings",
    ],
    "gamesearch.pentanomial": ["Pentanomial", "elo_of_score"],
    "gamesearch.sprt": ["SPRT", "SPRTResult", "SPRTStatus", "log_likelihood_ratio", "sprt_match"],
    "gamesearch.ratings": [
        "Duel",
        "Rating",
        "RatingDifference",
        "Ratings",
        "duels",
        "elo_ratings",
    ],
    "gamesearch.playing": [
        "GameRecord",
        "RandomPlayer",
        "SearcherPlayer",
        "is_deterministic",
        "play",
        "random_player",
        "searcher_player",
    ],
    "gamesearch.trace": [
        "Answer",
        "Ask",
        "Backup",
        "Choice",
        "Choose",
        "Develop",
        "Enter",
        "Event",
        "Expand",
        "Leaf",
        "Leave",
        "LeftOut",
        "NodeKind",
        "Observer",
        "ProofChild",
        "Prune",
        "Recorder",
        "Renumber",
        "Rollout",
        "SearchTree",
        "Select",
        "TraceNode",
        "Weighed",
    ],
    "gamesearch.twoplayer.table": [
        "Bound",
        "TableEntry",
        "TranspositionTable",
    ],
    "gamesearch.twoplayer": [
        "TranspositionTable",
    ],
    "gamesearch.proofs": [],
    "gamesearch.web": [
        "PYODIDE_VERSION",
        "build_site",
    ],
    "gamesearch.chance": [],
    "gamesearch.imperfect": [
        "BestResponse",
        "CFRResult",
        "CFRSolver",
        "ConvergenceCurve",
        "DeterminizableGame",
        "FileFormat",
        "HiddenDealGame",
        "HiddenDealState",
        "ISMCTSPlayer",
        "ISMCTSResult",
        "ImperfectInformationGame",
        "InfoSetKey",
        "InformationSetReport",
        "KuhnPoker",
        "KuhnState",
        "LeducInfoSet",
        "LeducPoker",
        "LeducState",
        "LiarsDice",
        "LiarsDiceState",
        "MCCFRResult",
        "MCCFRSolver",
        "OhHell",
        "OhHellInfoSet",
        "OhHellState",
        "PIMCPlayer",
        "PIMCResult",
        "Scheme",
        "Strategy",
        "StrategyPlayer",
        "Variant",
        "WorldSearcher",
        "best_response",
        "check_information_sets",
        "convergence",
        "convergence_svg",
        "expected_values",
        "exploitability",
        "face_up",
        "load_strategy",
        "nash_conv",
        "save_strategy",
    ],
    "gamesearch.multiplayer": [
        "PassingGame",
        "Reply",
    ],
    "gamesearch.adapters": [
        "ChessGame",
        "ChessState",
        "OpenSpielDeterminizableGame",
        "OpenSpielGame",
        "OpenSpielImperfectGame",
        "OpenSpielState",
        "OpenSpielStochasticGame",
        "strategy_from_policy",
    ],
    "gamesearch.adapters.chess": [
        "ChessGame",
        "ChessState",
    ],
    "gamesearch.adapters.openspiel": [
        "OpenSpielDeterminizableGame",
        "OpenSpielGame",
        "OpenSpielImperfectGame",
        "OpenSpielState",
        "OpenSpielStochasticGame",
        "strategy_from_policy",
    ],
    "gamesearch.montecarlo": [
        "ActionStats",
        "MCTSPlayer",
        "MCTSTree",
    ],
    "gamesearch.solving": [
        "Progress",
        "ProgressCallback",
        "Solution",
        "SolveStats",
    ],
    "gamesearch.book": [
        "Book",
        "BookEntry",
        "book_evaluation",
        "book_result",
        "check_book",
    ],
    "gamesearch.learning": [
        "FitReport",
        "LinearEvaluation",
        "TDLeafProgress",
        "TDLeafResult",
        "connect_four_evaluation",
        "fit_to_solution",
        "fit_to_values",
        "move_agreement",
        "td_leaf",
        "weights_svg",
    ],
}
"""Each public module's names that are neither a searcher nor a reference game's class: those
come from the registries (:func:`public`)."""


def _isort_order(name: str) -> tuple[int, str]:
    """The order of ruff's RUF022: CONSTANTS, then Classes, then functions, each sorted."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def public() -> dict[str, list[str]]:
    """Each public module's ``__all__`` as it must be, in RUF022's order.

    Its other names, the searchers whose rows say it exports them (``exports``), and for
    ``gamesearch.games`` every reference game's class.
    """
    made = {module: set(names) for module, names in STATIC_PUBLIC.items()}
    for row in ROWS:
        for package in row.exports:
            if package in made:
                made[package].add(row.name)
    made["gamesearch.games"] |= {
        spec.factory.__name__ for spec in reference_games() if inspect.isclass(spec.factory)
    }
    return {module: sorted(names, key=_isort_order) for module, names in made.items()}


NEEDS = {
    "gamesearch.adapters": ("chess", "pyspiel"),
    "gamesearch.adapters.chess": ("chess",),
    "gamesearch.adapters.openspiel": ("pyspiel",),
}
"""Public modules whose names need optional packages (the extras chess and openspiel)."""


def available(module):
    return all(importlib.util.find_spec(name) is not None for name in NEEDS.get(module, ()))


def skip_unless_available(module):
    if not available(module):
        pytest.skip(f"{module} needs {', '.join(NEEDS[module])}: install its extra")


SEARCHERS = [minimax, alphabeta, negamax, paranoid, best_reply]

PUBLIC = public()


def exported():
    return [
        pytest.param(module, name, id=f"{module}.{name}")
        for module, names in PUBLIC.items()
        if available(module)
        for name in names
    ]


def defining_module(module_name: str, name: str) -> str | None:
    """The module whose source assigns the ``name`` that ``module_name`` exports.

    Followed through its ``from .x import name`` re-exports (and ``from .x import *``).
    """
    module = importlib.import_module(module_name)
    source = Path(module.__file__).read_text(encoding="utf-8")
    package = (
        module_name
        if Path(module.__file__).name == "__init__.py"
        else module_name.rpartition(".")[0]
    )
    body = ast.parse(source).body
    # a package whose names load on first use imports them under `if TYPE_CHECKING:`
    nested = [inner for outer in body if isinstance(outer, ast.If) for inner in outer.body]
    for statement in [*body, *nested]:
        if isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if any(isinstance(target, ast.Name) and target.id == name for target in targets):
                return module_name
        if isinstance(statement, ast.ImportFrom) and statement.level:
            names = {alias.name for alias in statement.names}
            if name in names or "*" in names:
                base = (
                    package.rsplit(".", statement.level - 1)[0] if statement.level > 1 else package
                )
                found = defining_module(f"{base}.{statement.module}", name)
                if found is not None:
                    return found
    return None


def attribute_docstring(module_name, name):
    """The string literal that follows ``name = ...`` at the top level of the module, if any."""
    source = Path(importlib.import_module(module_name).__file__).read_text(encoding="utf-8")
    body = ast.parse(source).body
    for statement, following in itertools.pairwise(body):
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        else:  # `CHANCE: Player = -1` is an annotated assignment
            targets = [statement.target] if isinstance(statement, ast.AnnAssign) else []
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant):
                return following.value.value
            return None
    return None


@pytest.mark.parametrize(("module", "names"), list(PUBLIC.items()))
def test_all_is_the_expected_list(module, names):
    skip_unless_available(module)
    exported_now = importlib.import_module(module).__all__
    assert len(set(exported_now)) == len(exported_now), f"{module}.__all__ names a name twice"
    init = f"src/{module.replace('.', '/')}/__init__.py"
    missing = sorted(set(names) - set(exported_now))
    for name in missing:
        row = next((row for row in ROWS if row.name == name), None)
        if row is not None:
            function_module = row.path.partition(":")[0].rpartition(".")[2]
            pytest.fail(
                f"{module} does not export {name}, which its row in src/gamesearch/searchers.py "
                f"says it does (exports={row.exports}): add 'from .{function_module} import "
                f"{name}' (from its family's package, if {module} is gamesearch) to {init} and "
                f"{name!r} to its __all__, or take {module!r} out of the row's exports"
            )
        pytest.fail(
            f"{module} does not export {name}: add it to {init} and its __all__ (or, for a game, "
            f"its class's name to __all__ in src/gamesearch/games/registry.py)"
        )
    extra = sorted(set(exported_now) - set(names))
    assert not extra, (
        f"{module} exports {extra}, which tests/test_public_api.py does not expect: a searcher "
        "is exported where its row's exports say (src/gamesearch/searchers.py); any other "
        "public name goes in STATIC_PUBLIC, and in the changelog"
    )


@pytest.mark.parametrize(("module", "names"), list(PUBLIC.items()))
def test_every_exported_name_can_be_imported(module, names):
    skip_unless_available(module)
    namespace = {}
    exec(f"from {module} import *", namespace)
    assert set(names) <= set(namespace)
    for name in names:
        assert getattr(importlib.import_module(module), name) is namespace[name]


@pytest.mark.parametrize(("module", "name"), exported())
def test_every_exported_name_has_a_docstring(module, name):
    obj = getattr(importlib.import_module(module), name)
    ours = str(getattr(obj, "__module__", "")).startswith("gamesearch")
    if ours and callable(obj):  # a class or a function (compiled ones too)
        if obj.__module__ in gamesearch.build_info().compiled:
            pytest.skip("the compiled build: mypyc keeps no docstrings of native classes")
        docstring = obj.__doc__  # a class's own: __doc__ is not inherited
        assert docstring, f"{module}.{name} has no docstring: give {obj.__module__}.{name} one"
    else:  # a type alias or a constant: documented by the string on the line after it
        where = defining_module(module, name)
        assert where is not None, f"{module}.{name}: no module of gamesearch assigns it"
        docstring = attribute_docstring(where, name)
        assert docstring, (
            f"{module}.{name} is a type alias or a constant, assigned in {where}: document it "
            f"with a string on the line after its assignment ({name} = ... then a "
            '"""docstring""")'
        )
    assert docstring.strip()


def test_the_package_ships_py_typed():
    assert (Path(gamesearch.__file__).parent / "py.typed").is_file()


ENHANCEMENTS = [
    ("order", None),
    ("table", None),
    ("killers", False),
    ("history", False),
    ("quiescence", None),
    ("root_values", False),
]
"""The enhancement options of alphabeta and negamax, after depth and evaluate."""


def parameters_of(function):
    return [
        (parameter.name, parameter.kind, parameter.default)
        for parameter in inspect.signature(function).parameters.values()
    ]


@pytest.mark.parametrize("searcher", SEARCHERS, ids=lambda searcher: searcher.__name__)
def test_searcher_signature(searcher):
    positional, keyword = (
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    )
    options = ENHANCEMENTS if searcher in (alphabeta, negamax) else []
    assert parameters_of(searcher) == [
        ("game", positional, inspect.Parameter.empty),
        ("state", positional, None),
        ("limit", keyword, None),
        ("depth", keyword, None),
        ("evaluate", keyword, None),
        *[(name, keyword, default) for name, default in options],
        ("trace", keyword, None),
        ("time_limit", keyword, None),
        ("node_limit", keyword, None),
    ]


def test_iterative_deepening_signature():
    keyword = inspect.Parameter.KEYWORD_ONLY
    assert parameters_of(iterative_deepening) == [
        ("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("state", inspect.Parameter.POSITIONAL_OR_KEYWORD, None),
        *[
            (name, keyword, default)
            for name, default in [
                ("limit", None),
                ("depth", None),
                ("time_limit", None),
                ("node_limit", None),
                ("evaluate", None),
                ("table", None),
                ("on_iteration", None),
                ("order", None),
                ("root_values", False),
                ("trace", None),
                ("book", None),
                ("pvs", False),
                ("aspiration", None),
                ("extend", None),
                ("reductions", False),
                ("singular", None),
            ]
        ],
    ]


def test_solve_and_opening_book_take_an_executor_after_their_options():
    from gamesearch.solving import opening_book, solve

    keyword = inspect.Parameter.KEYWORD_ONLY
    assert parameters_of(solve)[-3:] == [
        ("executor", keyword, None),
        ("retries", keyword, 0),
        ("split", keyword, None),
    ]
    assert parameters_of(opening_book)[-3:] == [
        ("executor", keyword, None),
        ("retries", keyword, 0),
        ("split_ply", keyword, 1),
    ]
    assert all(kind == keyword for _, kind, _ in parameters_of(solve)[2:])


def test_maxn_signature():
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [
        (parameter.name, parameter.kind, parameter.default)
        for parameter in inspect.signature(maxn).parameters.values()
    ]
    assert parameters[2:] == [
        ("limit", keyword, None),
        ("depth", keyword, None),
        ("evaluate", keyword, None),
        ("pruning", keyword, None),
        ("sum_bounds", keyword, None),
        ("trace", keyword, None),
        ("time_limit", keyword, None),
        ("node_limit", keyword, None),
    ]
    assert [name for name, _, _ in parameters[:2]] == ["game", "state"]


@pytest.mark.parametrize(
    ("searcher", "options"),
    [
        (gamesearch.expectiminimax, [("pruning", None), ("bounds", None)]),
        (gamesearch.expectimax, [("opponent", None)]),
    ],
    ids=lambda item: getattr(item, "__name__", ""),
)
def test_searchers_of_games_of_chance_take_the_searcher_signature_and_options(searcher, options):
    positional, keyword = (
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    )
    parameters = [
        (parameter.name, parameter.kind, parameter.default)
        for parameter in inspect.signature(searcher).parameters.values()
    ]
    assert parameters == [
        ("game", positional, inspect.Parameter.empty),
        ("state", positional, None),
        ("limit", keyword, None),
        ("depth", keyword, None),
        ("evaluate", keyword, None),
        *((name, keyword, default) for name, default in options),
        ("trace", keyword, None),
        ("time_limit", keyword, None),
        ("node_limit", keyword, None),
    ]


def test_chance_is_not_a_player_number():
    assert gamesearch.CHANCE == -1
    assert isinstance(gamesearch.CHANCE, int)


@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        (
            SearchResult,
            [
                *("value", "action", "pv", "player", "stats"),
                *("depth", "exact", "values", "action_values", "plies_to_end"),
                "value_range",
            ],
        ),
        (SearchStats, ["nodes", "leaves", "cutoffs", "max_depth", "elapsed", "proof_size"]),
    ],
)
def test_results_are_frozen_dataclasses(cls, fields):
    assert dataclasses.is_dataclass(cls)
    assert [field.name for field in dataclasses.fields(cls)] == fields
    assert cls.__dataclass_params__.frozen


@pytest.mark.parametrize(
    "searcher", [minimax, alphabeta, negamax, iterative_deepening], ids=lambda s: s.__name__
)
def test_only_the_proof_searches_fill_value_range_and_proof_size(searcher):
    result = searcher(GameTree([[3, 12], [2, 4]]))
    assert (result.value_range, result.stats.proof_size) == (None, None)


def test_a_search_result_cannot_be_changed():
    result = alphabeta(GameTree([1, 2]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.value = 5.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.stats.nodes = 0


def test_illegal_action_error_is_a_game_search_error_and_a_value_error():
    assert issubclass(IllegalActionError, GameSearchError)
    assert issubclass(IllegalActionError, ValueError)


ERROR_CLASSES = sorted(
    (
        obj
        for obj in vars(gamesearch.errors).values()
        if isinstance(obj, type)
        and issubclass(obj, BaseException)
        and not issubclass(obj, Warning)
        and obj.__module__ == "gamesearch.errors"
    ),
    key=lambda cls: cls.__name__,
)
WARNING_CLASSES = [gamesearch.errors.BlindSearchWarning]


def test_errors_module_exports_every_exception_and_warning_it_defines():
    defined = sorted(
        name
        for name, obj in vars(gamesearch.errors).items()
        if isinstance(obj, type) and obj.__module__ == "gamesearch.errors"
    )
    assert defined == sorted(cls.__name__ for cls in ERROR_CLASSES + WARNING_CLASSES)
    assert defined == gamesearch.errors.__all__
    assert set(gamesearch.errors.__all__) <= set(gamesearch.__all__)


@pytest.mark.parametrize("cls", WARNING_CLASSES, ids=lambda cls: cls.__name__)
def test_every_warning_is_a_user_warning_a_caller_can_filter(cls):
    assert issubclass(cls, UserWarning)
    assert not issubclass(cls, GameSearchError)
    assert getattr(gamesearch, cls.__name__) is cls


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda cls: cls.__name__)
def test_every_exception_is_a_game_search_error(cls):
    assert issubclass(cls, GameSearchError)
    assert getattr(gamesearch, cls.__name__) is cls


@pytest.mark.parametrize(
    ("name", "builtin"),
    [
        ("IllegalActionError", ValueError),
        ("InvalidDistributionError", ValueError),
        ("InvalidGameTreeError", ValueError),
        ("InvalidSearchOptionError", ValueError),
        ("InvalidUtilityError", ValueError),
        ("UnsupportedGameError", ValueError),
        ("GameProtocolError", ValueError),
        ("NotAGameError", TypeError),
        ("CyclicGameError", ValueError),
        ("MissingDependencyError", ImportError),
        ("UnknownGameError", LookupError),
        ("UnsolvedStateError", LookupError),
        ("SearchTooDeepError", RecursionError),
        ("NotPicklableError", TypeError),
        ("PartFailedError", RuntimeError),
        ("TableFileError", ValueError),
        ("UndeterminedRatingsError", ValueError),
    ],
)
def test_exceptions_derive_from_the_builtin_a_caller_expects(name, builtin):
    assert issubclass(getattr(gamesearch.errors, name), builtin)


GAME_MEMBERS = {
    "num_players": None,
    "initial_state": [],
    "to_move": ["state"],
    "actions": ["state"],
    "result": ["state", "action"],
    "is_terminal": ["state"],
    "utility": ["state", "player"],
}
"""The ``Game`` protocol's members, with the parameters of the methods (``None``: a property)."""


def test_the_game_protocol_has_exactly_these_members():
    members = [name for name in vars(Game) if not name.startswith("_")]
    assert sorted(members) == sorted(GAME_MEMBERS)


@pytest.mark.parametrize(
    "game",
    [
        TicTacToe(),
        TicTacToe(size=4, k=3),
        ConnectFour(),
        ConnectFour(4, 4),
        GameTree([[1, 2], 3]),
        GameTree([Chance([(0.5, 1), (0.5, 2)])]),
        Pig(),
        Hog(),
    ],
    ids=repr,
)
def test_reference_games_have_every_member_of_the_game_protocol(game):
    # mypy checks the structural match (Game is not runtime_checkable); this checks that no
    # member is missing and that each method takes the protocol's parameters.
    for name, parameters in GAME_MEMBERS.items():
        member = getattr(game, name)
        if parameters is None:
            assert member == 2
        else:
            assert callable(member)
            assert list(inspect.signature(member).parameters) == parameters
    if hasattr(game, "chance_outcomes"):  # the StochasticGame protocol's extra member
        assert list(inspect.signature(game.chance_outcomes).parameters) == ["state"]


@pytest.mark.parametrize(
    "game",
    [
        Rolit(),
        Rolit(size=4, players=4),
        Nim(),
        Nim((1, 2), players=2),
        GameTree([(1, 2, 3)], num_players=3),
    ],
    ids=repr,
)
def test_multi_player_games_have_every_member_of_the_game_protocol(game):
    for name, parameters in GAME_MEMBERS.items():
        member = getattr(game, name)
        if parameters is None:
            assert member in (2, 3, 4)
        else:
            assert list(inspect.signature(member).parameters) == parameters
    if not isinstance(game, GameTree):
        assert list(inspect.signature(game.pass_turn).parameters) == ["state"]


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.slow
def test_the_core_needs_no_third_party_package():
    done = run_python(
        "import sys, gamesearch, gamesearch.games, gamesearch.trace, gamesearch.conformance\n"
        "import gamesearch.cli\n"
        "loaded = {name.split('.')[0] for name in sys.modules}\n"
        "print(sorted(loaded & {'hypothesis', 'numpy', 'pytest'}))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_testing_module_says_how_to_get_hypothesis():
    done = run_python("import sys\nsys.modules['hypothesis'] = None\nimport gamesearch.testing")
    assert done.returncode != 0
    assert "ImportError: gamesearch.testing needs Hypothesis" in done.stderr
    assert "pip install 'gamesearch[testing]'" in done.stderr


def loaded_by(code: str) -> set[str]:
    """The modules of gamesearch that ``code``, run in a new interpreter, has loaded."""
    shown = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(*sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {name for name in shown if name.startswith("gamesearch")}


def test_import_gamesearch_loads_only_what_is_used():
    # `import gamesearch` loads the package and the loader of its names, nothing else
    assert loaded_by("import gamesearch") <= {"gamesearch", "gamesearch._lazy"}
    # a program that solves Connect Four positions loads neither the pages, the ratings nor
    # the other games; nor, with no trace asked for, the trace's events (17 dataclasses, about
    # 10 ms of a process's start)
    solving = loaded_by(
        "from gamesearch import mtdf\nfrom gamesearch.games import ConnectFour\n"
        "game = ConnectFour()\nstate = game.from_moves('43236135677277222274')\n"
        "print(game.pons_score(state, mtdf(game, state)))"
    )
    assert {"gamesearch.twoplayer.mtdf", "gamesearch.games.connect_four"} <= solving
    unused = {
        "gamesearch.trace.page", "gamesearch.ratings", "gamesearch.games.hex",
        "gamesearch.trace.events", "gamesearch.twoplayer.deepening", "gamesearch.book",
        "gamesearch.twoplayer.alphabeta", "gamesearch.twoplayer.negamax",
    }  # fmt: skip
    assert not solving & unused, solving & unused
    assert len(solving) < 60, sorted(solving)


def test_a_searcher_named_as_its_module_stays_the_searcher_however_the_module_is_imported():
    # importing a submodule binds it in its package under its name: the searcher keeps it
    code = (
        "import gamesearch.twoplayer.minimax\n"
        "from gamesearch.twoplayer.mtdf import mtdf\n"
        "import gamesearch.twoplayer as package, sys, types\n"
        "from gamesearch.twoplayer import alphabeta, negamax\n"
        "names = ('minimax', 'mtdf', 'alphabeta', 'negamax', 'iterative_deepening')\n"
        "print(*(type(getattr(package, name)).__name__ for name in names))\n"
        "print(package.minimax is sys.modules['gamesearch.twoplayer.minimax'].minimax)\n"
        "print(isinstance(package.table, types.ModuleType), package.TranspositionTable.__name__)"
    )
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == [
        "function function function function function", "True", "True TranspositionTable"
    ]


@pytest.mark.parametrize(
    ("program", "searched"),
    [
        ("from gamesearch import mcts\nfrom gamesearch.games import ConnectFour\n"
         "print(mcts(ConnectFour(), iterations=50, rng=1).action)", "gamesearch.montecarlo._loop"),
        ("from gamesearch import dfpn, pns\nfrom gamesearch.games import TicTacToe\n"
         "print(pns(TicTacToe()).value, dfpn(TicTacToe()).value)", "gamesearch.proofs._driver"),
        ("from gamesearch import expectimax, expectiminimax\nfrom gamesearch.games import Pig\n"
         "game = Pig()\nstate = game.initial_state()\n"
         "print(expectiminimax(game, state, depth=2).value)\n"
         "print(expectimax(game, state, depth=2).value)",
         "gamesearch.chance._loop"),
        ("from gamesearch import maxn, paranoid\n"
         "from gamesearch.games import GameTree\n"
         "game = GameTree([[(1, 2, 3), (3, 2, 1)], [(2, 2, 2), (0, 0, 6)]], num_players=3)\n"
         "print(maxn(game).value, paranoid(game).value)",
         "gamesearch.multiplayer.maxn"),
    ],
    ids=["mcts", "proof-number", "chance", "multi-player"],
)  # fmt: skip
def test_a_search_without_a_trace_loads_no_events(program, searched):
    # the trace's events (17 dataclasses, about 10 ms of a process's start) load only for a
    # traced search, in every family of searchers
    loaded = loaded_by(program)
    assert searched in loaded
    assert "gamesearch.trace.events" not in loaded


FIRST_TRACED = """
import sys
from gamesearch import {name}
from gamesearch.games import TicTacToe

class Watched(TicTacToe):
    seen = None

    def initial_state(self):
        if Watched.seen is None:  # the search's first question to the game
            Watched.seen = "gamesearch.trace.events" in sys.modules
        return super().initial_state()

{name}(Watched(), trace=lambda event: None{options})
print(Watched.seen)
"""


@pytest.mark.parametrize(
    ("name", "options"),
    [("mcts", ", iterations=20"), ("pns", ""), ("iterative_deepening", ", depth=2"),
     ("alphabeta", "")],
)  # fmt: skip
def test_a_traced_search_has_its_events_loaded_before_it_starts(name, options):
    # the first traced search of a process loads the events (about 10 ms) before its clock
    # starts, not at its first event: its time_limit and its elapsed count the search alone
    shown = subprocess.run(
        [sys.executable, "-c", FIRST_TRACED.format(name=name, options=options)],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert shown == ["True"]


THREADS_LOADING = """
import threading, random, gamesearch, gamesearch.games, gamesearch.imperfect, gamesearch.trace
packages = [gamesearch, gamesearch.games, gamesearch.imperfect, gamesearch.trace]
names = [(package, name) for package in packages for name in package.__all__]
random.Random(SEED).shuffle(names)
errors, start = [], threading.Barrier(8)
def load(k):
    start.wait()
    for package, name in names[k::8]:
        try:
            getattr(package, name)
        except Exception as error:
            errors.append(f"{package.__name__}.{name}: {type(error).__name__}: {error}")
threads = [threading.Thread(target=load, args=(k,)) for k in range(8)]
[thread.start() for thread in threads]
[thread.join() for thread in threads]
print(errors)
"""


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_names_load_from_many_threads_at_once(seed):
    # Eight threads load every public name of the lazy packages at the same moment, in a new
    # interpreter (the adversary's walk of issue 49: ImportError of a partly initialised
    # module, KeyError or _DeadlockError in 8 of 10 runs before the loads took a lock).
    shown = subprocess.run(
        [sys.executable, "-c", THREADS_LOADING.replace("SEED", str(seed))],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert shown.strip() == "[]", shown


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.name)
def test_every_searchers_type_hints_resolve(row: typing.Any) -> None:
    # The two-player searchers name their trace's type without loading the events (issue 49's
    # start); typing.get_type_hints and inspect.signature(eval_str=True) still resolve it (the
    # adversary's walk: NameError: name 'Observer' is not defined).
    hints = typing.get_type_hints(row.function)
    assert set(hints) - {"return"} == set(inspect.signature(row.function).parameters)
    assert inspect.signature(row.function, eval_str=True).return_annotation is hints["return"]


def _annotated() -> list[tuple[str, typing.Any]]:
    """Every public function and class of every public module, with its public methods."""
    found = []
    for info in pkgutil.walk_packages(gamesearch.__path__, "gamesearch."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an extra that is not installed (python-chess, pyspiel)
            continue
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
                continue
            members = [value]
            if inspect.isclass(value):
                members += [
                    member
                    for key, member in vars(value).items()
                    if inspect.isfunction(member) and (not key.startswith("_") or key == "__init__")
                ]
            found += [(f"{info.name}.{name}", member) for member in members]
    return found


def test_every_public_signature_resolves_its_type_hints() -> None:
    # The adversary's walk (2026-12-03, #11): trace.page.to_html, trace.pictures.to_text and
    # to_dot, trace.narration.narrate and dfpn's development named types imported only for
    # the type checker: typing.get_type_hints raised NameError on them.
    found = _annotated()
    failures = []
    for name, member in found:
        if not (inspect.isfunction(member) or inspect.isclass(member)):
            continue
        try:
            typing.get_type_hints(member)
        except Exception as error:  # every failure is reported
            failures.append(f"{name}.{member.__name__}: {type(error).__name__}: {error}")
    assert len(found) > 500
    assert failures == []
