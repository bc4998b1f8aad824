"""Monte Carlo benchmark: mcts against a hand-written UCT loop, and against the engine.

Speed. ``mcts`` (UCT, random playouts, the solver off) runs a fixed number of iterations from
the empty board of tic-tac-toe and of Connect Four 7 x 6, each run on a new game object (whose
memos start empty); a hand-written UCT loop over the same game methods (selection by UCB1
with the same constant, expansion in the game's order, uniform random playouts drawing with
``random()`` as ``mcts`` does, backup of both players' utilities), without checks,
statistics, trace hooks or solver, is timed in the same run. The
script reports the best-of-N seconds (garbage collector off, runs interleaved), iterations per
second and the ratio library / hand-written: what the library's bookkeeping costs. A third
line times ``mcts`` with the solver on (which may stop early, once it has proven the root).

Deadline. How far past ``time_limit`` ``mcts`` returns on Connect Four 7 x 6 (worst of a few
runs), against the allowance: 5 % of the limit or 20 ms, whichever is larger.

Match. ``mcts`` (``bounds=(-1, 1)``) plays ``iterative_deepening`` (its own evaluation,
transposition table and move ordering) on Connect Four, both with the same ``time_limit`` per
move, half of the games with each side first. Each game starts from a different opening of two
random moves (seeded), played by both engines in both seats. The line reports mcts's wins,
draws and losses, its score (a draw counts half) and a 95 % confidence interval for the score
(Wilson's score interval on the games, draws counting half a win: an approximation).

Hex. On 5x5 and 7x7 Hex (no swap), ``iterative_deepening`` (``--hex-seconds`` a move, Hex's
``evaluate`` and ``order``) and ``mcts`` (``--hex-iterations`` a move, random playouts) each
play a uniformly random player, and then each other, ``--hex-games`` games a pairing, half of
them with each side as X. One ``mcts.hex`` line per board and pairing: the first player's
wins as X, as O and in all, and its win rate (Hex has no draws).

OpenSpiel (issue 49; one skip line, ``mcts.openspiel``, when pyspiel is not installed).
gamesearch's side runs in a worker process (``--compiled-python PY``: that interpreter's
installed build, the compiled wheel say; default this interpreter and its path), and it and
OpenSpiel's C++ ``MCTSBot`` (``pyspiel``, in this process) never search at the same time. Both
sides: one uniformly random rollout a simulation (the bot's ``RandomRolloutEvaluator(1,
seed)``), UCT with ``c = 2``, the solver on (the bot's ``solve=True``; ``mcts``'s with
``bounds=(-1, 1)``, which proves a node by one child won, as the bot's does).

- ``mcts.openspiel.speed`` (:func:`mcts_speed`): simulations a second from the empty 7x6
  board, each side searching the same seconds (``time_limit``, the bot's
  ``max_wall_clock_time``), solver off and on, runs alternated: best, median and least.
- ``mcts.openspiel.match`` (:func:`mcts_match`): an ``MCTSPlayer`` (its tree kept between
  moves, as it does by default) against the bot (a fresh tree each move, its only way) at
  equal seconds a move, 40 games (4 with ``--quick``), each pair from an opening of two
  random moves (``--openspiel-seed``) played once with each side first: wins, draws and
  losses, the score with Wilson's 95 % interval, each side's mean simulations and seconds a
  move, and the load average before and after (the machine may be shared).

Usage: ``python bench/bench_mcts.py [--quick] [--repeat N] [--games N] [--seconds S]
[--hex-games N] [--hex-seconds S] [--hex-iterations N] [--compiled-python PY]
[--openspiel-games N] [--openspiel-seconds S] [--openspiel-seed N] [--openspiel-only]``
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from _common import emit, emit_env, fail, run_timed

from gamesearch import MCTSPlayer, build_info, iterative_deepening, mcts
from gamesearch.games import ConnectFour, Hex, TicTacToe

EXPLORATION = math.sqrt(2)
"""The exploration constant of both loops (mcts's default)."""


class _Node:
    """A node of the hand-written loop."""

    __slots__ = ("children", "owner", "parent", "state", "total", "untried", "visits")

    def __init__(self, state: Any, parent: _Node | None, owner: int, untried: list[Any]) -> None:
        self.state, self.parent, self.owner = state, parent, owner
        self.untried = untried
        self.children: list[_Node] = []
        self.visits = 0
        self.total = 0.0


def hand_uct(game: Any, iterations: int, seed: int) -> tuple[Any, int]:
    """UCT as a textbook writes it, over ``game``'s methods: (most visited action, nodes)."""
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    to_move, utility = game.to_move, game.utility
    random_ = random.Random(seed).random
    log, sqrt = math.log, math.sqrt
    c2 = EXPLORATION * EXPLORATION
    state = game.initial_state()
    root = _Node(state, None, to_move(state), list(reversed(actions(state))))
    moves: dict[int, Any] = {}
    nodes = 1
    for _ in range(iterations):
        node = root
        while not node.untried and node.children:  # selection
            k = c2 * log(node.visits)
            node = max(node.children, key=lambda ch: ch.total / ch.visits + sqrt(k / ch.visits))
        if node.untried:  # expansion
            action = node.untried.pop()
            child_state = result(node.state, action)
            untried = [] if is_terminal(child_state) else list(reversed(actions(child_state)))
            child = _Node(child_state, node, to_move(node.state), untried)
            node.children.append(child)
            moves[id(child)] = action
            node = child
            nodes += 1
        state = node.state
        while not is_terminal(state):  # simulation
            legal = actions(state)
            state = result(state, legal[int(random_() * len(legal))])
        utilities = (utility(state, 0), utility(state, 1))
        back: _Node | None = node
        while back is not None:  # backup
            back.visits += 1
            back.total += utilities[back.owner]
            back = back.parent
    best = max(root.children, key=lambda ch: ch.visits)
    return moves[id(best)], nodes


def speed(name: str, make: Callable[[], Any], iterations: int, repeat: int) -> None:
    """Time ``mcts`` and the hand-written loop on the empty board; emit one line each.

    Each run gets a new game from ``make``: Connect Four memoizes what it computes, so a loop
    run on a game another loop warmed up would be favoured. The ratio compares ``mcts``
    without the solver, as the hand-written loop has none; a third line shows ``mcts`` with
    it (which may stop early, having proven the root).
    """
    best = {"library": math.inf, "hand-written": math.inf, "library, solver": math.inf}
    done = {}
    for run in range(repeat):
        for impl, search in (
            ("library", lambda g, r: mcts(g, iterations=iterations, rng=r, solver=False)),
            ("hand-written", lambda g, r: hand_uct(g, iterations, r)),
            ("library, solver", lambda g, r: mcts(g, iterations=iterations, rng=r)),
        ):
            game = make()
            seconds, found = run_timed(lambda s=search, g=game, r=run: s(g, r))
            if seconds < best[impl]:
                best[impl] = seconds
                done[impl] = iterations if isinstance(found, tuple) else found.stats.leaves
        if done["library"] != iterations:
            fail(f"{name}: mcts ran {done['library']} iterations, not {iterations}")
    for impl, seconds in best.items():
        emit(
            bench="mcts.speed",
            game=name,
            impl=impl,
            iterations=done[impl],
            seconds=round(seconds, 4),
            iterations_per_second=round(done[impl] / seconds),
        )
    emit(
        bench="mcts.overhead",
        game=name,
        ratio=round(best["library"] / best["hand-written"], 3),
        target=1.5,
    )


def deadline(quick: bool) -> None:
    """How far past ``time_limit`` ``mcts`` returns on Connect Four, against the allowance."""
    game = ConnectFour()
    for limit in (0.05, 0.2) if quick else (0.02, 0.05, 0.2, 1.0):
        overruns = []
        for run in range(3 if quick else 5):
            started = time.perf_counter()
            mcts(game, time_limit=limit, rng=run)
            overruns.append(time.perf_counter() - started - limit)
        allowed = max(0.05 * limit, 0.020)
        emit(
            bench="mcts.deadline",
            time_limit=limit,
            worst_overrun_ms=round(max(overruns) * 1000, 2),
            allowed_ms=round(allowed * 1000, 1),
            within=max(overruns) <= allowed,
        )


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % score interval for a proportion ``score`` observed over ``games``."""
    if games == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * games)) / (1 + z * z / games)
    half = (z / (1 + z * z / games)) * math.sqrt(
        score * (1 - score) / games + z * z / (4 * games * games)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def match(width: int, height: int, games: int, seconds: float, seed: int) -> None:
    """``mcts`` against ``iterative_deepening`` on Connect Four, ``seconds`` a move each."""
    game = ConnectFour(width, height)
    rng = random.Random(seed)
    wins = draws = losses = 0
    for number in range(games):
        if number % 2 == 0:  # a new opening for each pair of games, one game per seat
            state = game.initial_state()
            for _ in range(2):
                state = game.result(state, rng.choice(game.actions(state)))
            opening = state
        mcts_player = (game.to_move(opening) + number) % 2
        state = opening
        while not game.is_terminal(state):
            if game.to_move(state) == mcts_player:
                action = mcts(
                    game, state, time_limit=seconds, bounds=(-1, 1), rng=seed + number
                ).action
            else:
                action = iterative_deepening(game, state, time_limit=seconds).action
            state = game.result(state, action)
        utility = game.utility(state, mcts_player)
        wins += utility > 0
        draws += utility == 0
        losses += utility < 0
    score = (wins + draws / 2) / games
    low, high = wilson(score, games)
    emit(
        bench="mcts.match",
        game=f"ConnectFour({width}, {height})",
        seconds_per_move=seconds,
        games=games,
        mcts_wins=wins,
        draws=draws,
        mcts_losses=losses,
        mcts_score=round(score, 3),
        ci95=[round(low, 3), round(high, 3)],
    )


Chooser = Callable[[Hex, int, int], Any]
"""A player of the Hex lines: (game, state, game number) to the action it plays."""


def hex_players(seconds: float, iterations: int, seed: int) -> dict[str, Chooser]:
    """The players of the Hex lines: the engine, mcts and a uniformly random player."""
    rng = random.Random(seed)
    return {
        "engine": lambda game, state, number: (
            iterative_deepening(game, state, time_limit=seconds).action
        ),
        "mcts": lambda game, state, number: (
            mcts(game, state, iterations=iterations, rng=seed + number).action
        ),
        "random": lambda game, state, number: rng.choice(game.actions(state)),
    }


def hex_games(game: Hex, first: Chooser, second: Chooser, games: int) -> tuple[int, int]:
    """``first``'s wins against ``second`` as X and as O; it is X in the even games."""
    wins = [0, 0]
    for number in range(games):
        seat = number % 2  # first's player: X in the even games, O in the odd ones
        state = game.initial_state()
        while not game.is_terminal(state):
            chooser = first if game.to_move(state) == seat else second
            state = game.result(state, chooser(game, state, number))
        wins[seat] += game.utility(state, seat) > 0
    return wins[0], wins[1]


def hex_play(
    sizes: tuple[int, ...], games: int, seconds: float, iterations: int, seed: int
) -> None:
    """The ``mcts.hex`` lines: the engine and mcts against random play, and each other."""
    players = hex_players(seconds, iterations, seed)
    pairings = (("engine", "random"), ("mcts", "random"), ("engine", "mcts"))
    for size in sizes:
        game = Hex(size)
        for first, second in pairings:
            play = partial(hex_games, game, players[first], players[second], games)
            took, (as_x, as_o) = run_timed(play)
            emit(
                bench="mcts.hex", game=repr(game), first=first, second=second, games=games,
                engine_seconds_per_move=seconds, mcts_iterations=iterations,
                wins_as_x=as_x, wins_as_o=as_o, games_as_x=(games + 1) // 2,
                win_rate=round((as_x + as_o) / games, 3), seconds=round(took, 1),
            )  # fmt: skip


# OpenSpiel's C++ MCTSBot: the speed and a match at equal time (issue 49).

UCT_C = 2.0
"""The exploration constant of both sides against OpenSpiel: its examples' ``uct_c``."""

CPP_MEMORY_MB = 1000
"""The C++ bot's ``max_memory_mb`` (its examples' default): no garbage collection of its tree
within the times measured here."""

NO_PYSPIEL = (
    "pyspiel (OpenSpiel's C++ through pybind11) is not installed here: "
    "pip install 'gamesearch[openspiel]' to measure against its MCTSBot"
)


def load_pyspiel() -> Any:
    """The ``pyspiel`` module, or ``None`` when OpenSpiel is not installed."""
    try:
        import pyspiel  # optional: the lines skip without it
    except ImportError:
        return None
    return pyspiel


class Worker:
    """gamesearch's side of the OpenSpiel lines, in a process of its own.

    ``python`` runs this script as ``--match-worker``: with the checkout's ``PYTHONPATH`` when
    it is ``None`` (this interpreter, the build it imports), else without it (the build
    installed for that interpreter: the compiled wheel, say). Requests and answers are JSON, a
    line each; the worker searches only when asked, so it and the C++ bot never search at the
    same time.
    """

    def __init__(self, python: str | None) -> None:
        env = dict(os.environ)
        if python is not None:
            env.pop("PYTHONPATH", None)  # the build installed for ``python``
        here = Path(__file__).resolve()
        self.process = subprocess.Popen(
            [python or sys.executable, str(here), "--match-worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(here.parent),
        )
        self.build = self.ask(op="hello")

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send one request; the worker's answer."""
        pipe_in, pipe_out = self.process.stdin, self.process.stdout
        assert pipe_in is not None
        assert pipe_out is not None
        pipe_in.write(json.dumps(request) + "\n")
        pipe_in.flush()
        line = pipe_out.readline()
        if not line:
            fail(f"the match worker ({self.process.args}) ended, asked {request}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        """End the worker."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def match_worker() -> None:
    """Serve a :class:`Worker`'s requests on stdin until it closes it.

    ``hello``: the build; ``speed``: one ``mcts`` of ``seconds`` from Connect Four's empty board;
    ``new``: a new :class:`MCTSPlayer` for a game; ``move``: its move after ``moves`` (columns)
    from the empty board. Every search: random playouts, ``exploration=UCT_C``,
    ``bounds=(-1, 1)`` (the solver proves a node by one child won, as the C++ bot's does).
    """
    import gamesearch

    game = ConnectFour()
    player: MCTSPlayer[int, int] | None = None
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        answer: dict[str, Any]
        if op == "hello":
            info = build_info()
            answer = {"kind": info.kind, "build": str(info), "version": gamesearch.__version__}
        elif op == "speed":
            result = mcts(
                ConnectFour(), time_limit=request["seconds"], exploration=UCT_C,
                solver=request["solver"], bounds=(-1, 1), rng=request["seed"],
            )  # fmt: skip
            answer = {"simulations": result.stats.leaves, "seconds": result.stats.elapsed}
        elif op == "new":
            player = MCTSPlayer(
                game, rng=request["seed"], time_limit=request["seconds"], exploration=UCT_C,
                bounds=(-1, 1), **request["options"],
            )  # fmt: skip
            answer = {}
        else:
            assert player is not None, "a move before a new game"
            state = game.initial_state()
            for column in request["moves"]:
                state = game.result(state, column)
            kept = 0 if player.tree is None else player.tree.visits_of(state)
            started = time.perf_counter()
            action = player(state)
            spent = time.perf_counter() - started
            assert player.last is not None
            answer = {
                "action": action, "simulations": player.last.stats.leaves, "kept": kept,
                "seconds": spent, "exact": player.last.exact,
            }  # fmt: skip
        print(json.dumps(answer), flush=True)


def cpp_bot(pyspiel: Any, game: Any, seconds: float, solve: bool, seed: int) -> Any:
    """OpenSpiel's C++ MCTSBot: one random rollout a simulation, UCT with ``UCT_C``.

    Its time per move is its own ``max_wall_clock_time`` (OpenSpiel 1.6 on); an older pyspiel
    without it would need its ``max_simulations`` calibrated, which these lines do not do.
    """
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(
        game, evaluator, UCT_C, 2**31 - 1, CPP_MEMORY_MB, solve, seed, False,
        pyspiel.ChildSelectionPolicy.UCT, seconds,
    )  # fmt: skip


def cpp_move(bot: Any, state: Any) -> tuple[int, int, float]:
    """The C++ bot's move: its action, its simulations and the seconds it took.

    ``mcts_search`` and ``best_child`` are what its ``step`` does (with more than one
    simulation), with the root's visits readable.
    """
    started = time.perf_counter()
    root = bot.mcts_search(state)
    action = root.best_child().action
    simulations = root.explore_count
    del root  # its tree freed within the move, as ``step`` frees it
    return action, simulations, time.perf_counter() - started


def spread(values: list[float]) -> dict[str, float]:
    """The best (largest), median and least of ``values``, rounded."""
    return {
        "best": round(max(values)),
        "median": round(statistics.median(values)),
        "least": round(min(values)),
    }


def mcts_speed(
    seconds: float, python: str | None = None, *, rounds: int = 5, seed: int = 0
) -> dict[str, Any]:
    """Simulations a second from Connect Four's empty board: ``mcts`` and the C++ MCTSBot.

    Each side searches ``seconds`` per run, one random rollout a simulation and UCT with
    ``c = UCT_C``, with the solver off and then on (``mcts``'s with ``bounds=(-1, 1)``, the
    C++ bot's ``solve``); the runs alternate, ``rounds`` of them, and the dict gives the best,
    the median and the least of each. ``python`` runs gamesearch (see :class:`Worker`); when
    it is given and this interpreter's gamesearch is the pure build, the pure build is
    measured too, in its own worker, one run a round. ``summary_row`` is the row of
    bench_speed.py's summary (solver on, as in the match): the best of each side and their
    ratio (ours over the bot's: above 1, the compiled build makes more), and the ratio of
    each round. ``{"skipped": reason}`` without pyspiel.
    """
    pyspiel = load_pyspiel()
    if pyspiel is None:
        return {"skipped": NO_PYSPIEL}
    game = pyspiel.load_game("connect_four")
    worker = Worker(python)
    pure = Worker(None) if python is not None and build_info().kind == "pure" else None
    rates: dict[str, list[float]] = {}
    try:
        for number in range(rounds):
            for solver in (False, True):
                answer = worker.ask(op="speed", seconds=seconds, solver=solver, seed=seed + number)
                rates.setdefault(f"gamesearch_solver_{solver}".lower(), []).append(
                    answer["simulations"] / answer["seconds"]
                )
                bot = cpp_bot(pyspiel, game, seconds, solver, seed + number)
                _, simulations, spent = cpp_move(bot, game.new_initial_state())
                rates.setdefault(f"openspiel_solve_{solver}".lower(), []).append(
                    simulations / spent
                )
                if pure is not None:
                    answer = pure.ask(
                        op="speed", seconds=seconds, solver=solver, seed=seed + number
                    )
                    rates.setdefault(f"pure_solver_{solver}".lower(), []).append(
                        answer["simulations"] / answer["seconds"]
                    )
    finally:
        worker.close()
        if pure is not None:
            pure.close()
    figures = {name: spread(values) for name, values in rates.items()}
    ours, theirs = rates["gamesearch_solver_true"], rates["openspiel_solve_true"]
    each = [mine / other for mine, other in zip(ours, theirs, strict=True)]
    return {
        "seconds": seconds,
        "rounds": rounds,
        "gamesearch_build": worker.build["build"],
        "simulations_per_second": figures,
        "ratio_best": {
            f"solver_{solver}".lower(): round(
                figures[f"gamesearch_solver_{solver}".lower()]["best"]
                / figures[f"openspiel_solve_{solver}".lower()]["best"],
                3,
            )
            for solver in (False, True)
        },
        "summary_row": {
            "what": "MCTS on Connect Four's empty board (one random rollout a simulation, "
            f"UCT c = {UCT_C:g}, solver on), {seconds:g} s a run, best of {rounds}",
            "reference": "OpenSpiel's MCTSBot",
            "unit": "simulations/s, more is faster",
            "cpp": round(max(theirs)),
            "compiled": round(max(ours)),
            "pure": round(max(rates["pure_solver_true"])) if pure is not None else None,
            "ratio": round(max(ours) / max(theirs), 2),
            "ratio_each_run": {
                "lowest": round(min(each), 2),
                "median": round(statistics.median(each), 2),
                "highest": round(max(each), 2),
            },
        },
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }


def openings(pyspiel: Any, game: Any, count: int, plies: int, seed: int) -> list[list[int]]:
    """``count`` openings of ``plies`` uniformly random moves (columns), seeded."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state, moves = game.new_initial_state(), []
        for _ in range(plies):
            move = rng.choice(state.legal_actions())
            state.apply_action(move)
            moves.append(move)
        found.append(moves)
    return found


def mcts_match(
    games: int,
    seconds_per_move: float,
    python: str | None = None,
    seed: int = 49,
    *,
    opening_plies: int = 2,
    solve: bool = True,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``mcts`` (an :class:`MCTSPlayer`) against OpenSpiel's C++ MCTSBot on Connect Four 7x6.

    Both search ``seconds_per_move`` a move (``time_limit`` and the bot's
    ``max_wall_clock_time``), one random rollout a simulation, UCT with ``c = UCT_C``, the
    solver on both sides (``solve``; ``mcts``'s with ``bounds=(-1, 1)``); the player keeps its
    tree between moves (its default), the bot starts afresh each move (its only way). Each
    pair of games starts from an opening of ``opening_plies`` random moves (seeded by
    ``seed``) played twice, gamesearch first in one and second in the other; every game gets
    its own seeds. ``options`` go to the player (``mcts``'s). ``{"skipped": reason}`` without
    pyspiel.
    """
    pyspiel = load_pyspiel()
    if pyspiel is None:
        return {"skipped": NO_PYSPIEL}
    game = pyspiel.load_game("connect_four")
    lines = openings(pyspiel, game, (games + 1) // 2, opening_plies, seed)
    load_before = os.getloadavg()
    started = time.perf_counter()
    worker = Worker(python)
    tally = {"wins": 0, "draws": 0, "losses": 0}
    first = {"wins": 0, "draws": 0, "losses": 0}
    ours: dict[str, list[float]] = {"simulations": [], "kept": [], "seconds": []}
    theirs: dict[str, list[float]] = {"simulations": [], "seconds": []}
    plies = []
    try:
        for number in range(games):
            moves = list(lines[number // 2])
            seat = (len(moves) + number) % 2  # gamesearch moves first in the even games
            game_seed = seed * 1000 + number
            worker.ask(
                op="new", seed=game_seed, seconds=seconds_per_move, options=options or {}
            )
            bot = cpp_bot(pyspiel, game, seconds_per_move, solve, game_seed)
            state = game.new_initial_state()
            for move in moves:
                state.apply_action(move)
            while not state.is_terminal():
                if state.current_player() == seat:
                    answer = worker.ask(op="move", moves=moves)
                    action = answer["action"]
                    for key in ours:
                        ours[key].append(answer[key])
                else:
                    action, simulations, spent = cpp_move(bot, state)
                    theirs["simulations"].append(simulations)
                    theirs["seconds"].append(spent)
                state.apply_action(action)
                moves.append(action)
            plies.append(len(moves))
            utility = state.returns()[seat]
            outcome = "wins" if utility > 0 else "losses" if utility < 0 else "draws"
            tally[outcome] += 1
            if number % 2 == 0:
                first[outcome] += 1
    finally:
        worker.close()
    score = (tally["wins"] + tally["draws"] / 2) / games
    low, high = wilson(score, games)
    return {
        "games": games,
        "seconds_per_move": seconds_per_move,
        "seed": seed,
        "opening_plies": opening_plies,
        "openspiel_solve": solve,
        "openspiel_time": "max_wall_clock_time",
        "gamesearch_build": worker.build["build"],
        "gamesearch_options": {"exploration": UCT_C, "bounds": [-1, 1], **(options or {})},
        **{f"gamesearch_{key}": value for key, value in tally.items()},
        "gamesearch_first": first,
        "gamesearch_score": round(score, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "gamesearch_simulations_per_move": round(statistics.mean(ours["simulations"])),
        "gamesearch_kept_visits_per_move": round(statistics.mean(ours["kept"])),
        "gamesearch_seconds_per_move": round(statistics.mean(ours["seconds"]), 4),
        "openspiel_simulations_per_move": round(statistics.mean(theirs["simulations"])),
        "openspiel_seconds_per_move": round(statistics.mean(theirs["seconds"]), 4),
        "mean_plies": round(statistics.mean(plies), 1),
        "elapsed": round(time.perf_counter() - started, 1),
        "load_average": [round(value, 2) for value in (*load_before, *os.getloadavg())],
    }


def openspiel_lines(
    quick: bool, python: str | None, games: int | None, seconds: float | None, seed: int
) -> None:
    """The ``mcts.openspiel.speed`` and ``mcts.openspiel.match`` lines, or one skip line."""
    if load_pyspiel() is None:
        emit(bench="mcts.openspiel", skipped=NO_PYSPIEL)
        return
    speed = mcts_speed(0.2 if quick else 1.0, python, rounds=2 if quick else 5)
    emit(bench="mcts.openspiel.speed", **speed)
    found = mcts_match(
        games or (4 if quick else 40), seconds or (0.02 if quick else 0.1), python, seed
    )
    emit(bench="mcts.openspiel.match", **found)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the measurements and print the JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer iterations, a short match")
    parser.add_argument("--repeat", type=int, help="runs of each loop (best time kept)")
    parser.add_argument("--games", type=int, help="games of the match (even: both seats)")
    parser.add_argument("--seconds", type=float, help="seconds per move in the match")
    parser.add_argument("--seed", type=int, default=11, help="seed of the match's openings")
    parser.add_argument("--hex-games", type=int, help="Hex games a pairing (even: both seats)")
    parser.add_argument("--hex-seconds", type=float, help="the engine's seconds a Hex move")
    parser.add_argument("--hex-iterations", type=int, help="mcts's iterations a Hex move")
    parser.add_argument(
        "--compiled-python", help="the interpreter of gamesearch's side against OpenSpiel "
        "(its installed build, the compiled wheel say); default: this one, with its path",
    )  # fmt: skip
    parser.add_argument("--openspiel-games", type=int, help="games against the C++ MCTSBot")
    parser.add_argument("--openspiel-seconds", type=float, help="seconds a move against it")
    parser.add_argument("--openspiel-seed", type=int, default=49, help="its openings' seed")
    parser.add_argument("--openspiel-only", action="store_true", help="only the OpenSpiel lines")
    parser.add_argument("--match-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.match_worker:
        match_worker()
        return
    repeat = args.repeat or (2 if args.quick else 5)
    emit_env("mcts.env")
    if args.openspiel_only:
        openspiel_lines(args.quick, args.compiled_python, args.openspiel_games,
                        args.openspiel_seconds, args.openspiel_seed)
        return
    speed("tictactoe", TicTacToe, 2_000 if args.quick else 20_000, repeat)
    speed("connect4", ConnectFour, 1_000 if args.quick else 10_000, repeat)
    deadline(args.quick)
    if args.quick:
        match(5, 4, args.games or 2, args.seconds or 0.02, args.seed)
    else:
        match(7, 6, args.games or 20, args.seconds or 0.5, args.seed)
    hex_play(
        (5, 7),
        args.hex_games or (2 if args.quick else 20),
        args.hex_seconds or (0.02 if args.quick else 0.2),
        args.hex_iterations or (50 if args.quick else 1000),
        args.seed,
    )
    openspiel_lines(args.quick, args.compiled_python, args.openspiel_games,
                    args.openspiel_seconds, args.openspiel_seed)


if __name__ == "__main__":
    main()
