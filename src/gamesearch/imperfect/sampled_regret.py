"""Monte Carlo CFR: external sampling and outcome sampling, walking the game through its protocol.

Vanilla CFR (:mod:`.regret`) touches every history of the game at every iteration. Monte Carlo
CFR (Lanctot, Waugh, Zinkevich and Bowling 2009, "Monte Carlo Sampling for Regret
Minimization in Extensive Games") samples part of the tree at each iteration and updates the
regrets with estimates of the counterfactual values that are right on average; the average
strategy still converges to an equilibrium in two-player zero-sum games, with iterations that
cost a small part of a full one.

- *External sampling*: the player being updated (the traverser) tries every one of its
  actions; chance's outcomes and the other players' actions are sampled, one each, from their
  probabilities. The other players' average strategies gain their current strategy where they
  are sampled ("simple" averaging, as OpenSpiel's ``ExternalSamplingSolver`` does).
- *Outcome sampling*: one line of play from the root to the end; the traverser samples its
  own action from its strategy mixed with ``epsilon`` of the uniform one, and the regrets
  are importance-weighted by the probability of the sample (Lanctot 2013, chapter 4; OpenSpiel's
  ``OutcomeSamplingSolver``).

Both update the players in turn: an iteration is one traversal per player.

The design choice: the solvers walk the game through the protocol (``result``,
``information_set``, ...) at each iteration, and keep a table of the information sets met so
far, so they work on games too big to enumerate, which is their point. Nothing is enumerated
unless the exploitability is asked for (:meth:`MCCFRSolver.result` with ``measure=True``),
which needs the whole tree (:mod:`._tree`; at most 5,000,000 histories).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from .._entry import check_budget, check_count, iterate_within, iteration_limit
from .._faults import examined, examining
from .._validation import checked_number, is_player, mover_error
from ..capabilities import Capabilities
from ..errors import (
    GameProtocolError,
    InvalidSearchOptionError,
    SearchTooDeepError,
    UnsupportedGameError,
)
from ..game import CHANCE
from ..limit import Limit
from ._forms import build_form
from ._pickling import reduce_result
from ._sampling import generator, normalised, regret_matching, sample, sample_chance
from ._sequences import SequenceForm, nash_conv_of, profile_of, uniform
from ._tree import check_distinct, check_imperfect
from .protocol import ImperfectInformationGame, InfoSetKey

__all__ = ["MCCFRResult", "MCCFRSolver", "Scheme", "mccfr"]

Scheme = Literal["external", "outcome"]
"""Which Monte Carlo CFR: ``"external"`` sampling (the traverser tries all its actions) or
``"outcome"`` sampling (one line of play per traversal)."""

_SCHEMES = ("external", "outcome")


@dataclass(frozen=True)
class MCCFRResult:
    """What :func:`mccfr` returns: the average strategy, and how good it is where measured."""

    strategy: Mapping[InfoSetKey, Mapping[Any, float]]
    """The average strategy profile: each information set's key to the probability of each of
    its actions (read-only). When measured, every information set of the game, uniform where
    the sampling never went; otherwise the sets met so far only (play the others uniformly)."""

    scheme: Scheme
    """``"external"`` or ``"outcome"``."""

    iterations: int
    """Iterations run (each traverses the game once for each player)."""

    elapsed: float
    """Wall-clock seconds of the iterations (not of measuring)."""

    infosets: int
    """Information sets met by the sampling (of all players)."""

    values: tuple[float, ...] | None
    """Each player's expected utility when every player follows ``strategy``, indexed by
    player; ``None`` when not measured."""

    nash_conv: float | None
    """The sum over the players of what each would gain by a best response to the others'
    ``strategy``; ``None`` when not measured."""

    exploitability: float | None
    """``nash_conv`` divided by the number of players (OpenSpiel's ``exploitability``);
    ``None`` when not measured, or where the utilities do not sum to the same constant at
    every end of the game."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its strategy as plain dicts, read-only again when loaded."""
        return reduce_result(self)


class MCCFRSolver:
    """Monte Carlo CFR on a game walked through its protocol, one iteration at a time.

    :meth:`iterate` runs iterations; :meth:`result` gives the average strategy so far and, if
    asked, measures it exactly. :func:`mccfr` runs a solver for a number of iterations or
    seconds.

    Args:
        game: A game of imperfect information (:class:`ImperfectInformationGame`) with perfect
            recall. It is never enumerated, unless its exploitability is measured.
        scheme: ``"external"`` (external sampling) or ``"outcome"`` (outcome sampling).
        rng: An int seed or a ``random.Random``, which draws every sample; the same seed gives
            the same iterations. ``None``: a generator seeded by the system.
        epsilon: With outcome sampling, the weight of the uniform strategy in the traverser's
            sampling strategy (OpenSpiel's ``epsilon``, 0.6 by default): a number from 0 (not
            included) to 1. External sampling does not use it. (Not ``exploration``, which
            MCTS and ISMCTS take for UCB's constant.)

    Raises:
        InvalidSearchOptionError: an unknown ``scheme``, an ``rng`` that is no seed or
            generator, or an ``epsilon`` out of range.
        NotAGameError: ``game`` lacks members of the protocol, or ``information_set``.

    The game's faults are found as the sampling meets them, by :meth:`iterate`: a
    :class:`~gamesearch.errors.GameProtocolError` (a state without actions, a mover that is no
    player, an information set with two players or two lists of actions or one action listed
    twice, a key that cannot be hashed), :class:`~gamesearch.errors.InvalidDistributionError` or
    :class:`~gamesearch.errors.InvalidUtilityError`.

    Example:
        >>> from gamesearch.imperfect import KuhnPoker
        >>> solver = MCCFRSolver(KuhnPoker(), scheme="external", rng=1)
        >>> solver.iterate(2000)
        >>> result = solver.result()
        >>> result.iterations, result.infosets, result.exploitability < 0.02
        (2000, 12, True)
    """

    def __init__(
        self,
        game: ImperfectInformationGame[Any, Any],
        *,
        scheme: Scheme = "external",
        rng: int | random.Random | None = None,
        epsilon: float = 0.6,
    ) -> None:
        check_imperfect(game, "mccfr")
        if scheme not in _SCHEMES:
            raise InvalidSearchOptionError(
                f"MCCFRSolver: scheme must be 'external' or 'outcome', not {scheme!r}"
            )
        number = isinstance(epsilon, (int, float)) and not isinstance(epsilon, bool)
        if not number or not 0.0 < epsilon <= 1.0:
            raise InvalidSearchOptionError(
                f"MCCFRSolver: epsilon must be a number > 0 and <= 1, not {epsilon!r}"
            )
        self.scheme: Scheme = scheme
        """``"external"`` or ``"outcome"``."""
        self.iterations = 0
        """Iterations run so far."""
        self.elapsed = 0.0
        """Wall-clock seconds spent in :meth:`iterate`."""
        self._game: Any = game
        self._players = int(game.num_players)
        self._chance = Capabilities.of(game).chance_outcomes is not None
        self._random = generator(rng, "mccfr").random
        self._epsilon = float(epsilon)
        self._index: dict[Hashable, int] = {}
        self._keys: list[Hashable] = []
        self._owner: list[int] = []
        self._actions: list[tuple[Any, ...]] = []
        self._regret: list[list[float]] = []
        self._average: list[list[float]] = []
        self._form: SequenceForm | None = None

    def iterate(self, iterations: int = 1) -> None:
        """Run ``iterations`` more iterations, each one traversal for every player in turn.

        Raises:
            InvalidSearchOptionError: ``iterations`` is not an int >= 1.
            SearchTooDeepError: a line of play longer than Python's recursion allows.
            GameSearchError: the game's faults, as the class says.
        """
        check_count("MCCFRSolver.iterate", "iterations", iterations, optional=False)
        if self.iterations > 0:
            self._run(iterations)
            return
        try:  # the first iterations are examined, as mccfr's are (see .._faults)
            root = self._game.initial_state()
        except Exception:  # the iterations meet it, and say why
            self._run(iterations)
            return
        examining(self._game, root, lambda: self._run(iterations), "MCCFRSolver", timed=False)

    def _run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations (see :meth:`iterate`)."""
        game, start = self._game, time.perf_counter()
        try:
            for _ in range(iterations):
                for player in range(self._players):
                    if self.scheme == "external":
                        self._external(game.initial_state(), player)
                    else:
                        self._outcome(game.initial_state(), player, 1.0, 1.0, 1.0)
                self.iterations += 1
        except RecursionError:
            raise SearchTooDeepError(
                "mccfr: a line of play is longer than Python's recursion limit allows "
                "(sys.getrecursionlimit())"
            ) from None
        finally:
            self.elapsed += time.perf_counter() - start

    def _external(self, state: Any, p: int) -> float:
        """Player ``p``'s sampled counterfactual value of ``state``, updating ``p``'s regrets.

        External sampling (Lanctot et al. 2009, algorithm 1): chance and the other players
        sample one action each, ``p`` tries all of its own.
        """
        game = self._game
        state, mover, _, end = self._past_chance(state, p)
        if end is not None:
            return end
        i = self._infoset(state, mover)
        actions, regret, sigma = self._actions[i], self._regret[i], regret_matching(self._regret[i])
        if mover != p:
            if mover == (p + 1) % self._players:  # simple averaging, at the next player's sets
                average = self._average[i]
                for j, s in enumerate(sigma):
                    average[j] += s
            j = sample(sigma, self._random())
            return self._external(game.result(state, actions[j]), p)
        values = [self._external(game.result(state, action), p) for action in actions]
        value = 0.0
        for s, v in zip(sigma, values, strict=True):
            value += s * v
        for j, v in enumerate(values):
            regret[j] += v - value
        return value

    def _outcome(self, state: Any, p: int, mine: float, others: float, sampled: float) -> float:
        """Player ``p``'s utility at the end of one sampled line, importance-weighted.

        Outcome sampling (Lanctot et al. 2009, section 3; Lanctot 2013, algorithm 3), as
        OpenSpiel writes it: ``mine`` is ``p``'s reach of ``state``, ``others`` the others'
        (chance's included), ``sampled`` the probability that the sampling got here. The value
        returned is ``p``'s utility times the strategies' probability of the line below
        ``state``, divided by the sampling's.
        """
        game = self._game
        state, mover, odds, end = self._past_chance(state, p)
        for q in odds:  # one factor at a time, as each chance node is passed
            others, sampled = others * q, sampled * q
        if end is not None:
            return end
        i = self._infoset(state, mover)
        actions, regret, sigma = self._actions[i], self._regret[i], regret_matching(self._regret[i])
        if mover != p:
            j = sample(sigma, self._random())
            child = game.result(state, actions[j])
            return self._outcome(child, p, mine, others * sigma[j], sampled * sigma[j])
        epsilon = self._epsilon
        explore = epsilon / len(sigma)
        behaviour = [explore + (1.0 - epsilon) * s for s in sigma]
        j = sample(behaviour, self._random())
        child = game.result(state, actions[j])
        tail = self._outcome(child, p, mine * sigma[j], others, sampled * behaviour[j])
        sampled_value = tail / behaviour[j]  # the sampled action's value; the others' are 0
        value = sigma[j] * sampled_value
        weight = others / sampled
        for k in range(len(regret)):
            regret[k] -= value * weight
        regret[j] += sampled_value * weight
        average, scale = self._average[i], mine / sampled
        for k, s in enumerate(sigma):
            average[k] += scale * s
        return value

    def _past_chance(self, state: Any, p: int) -> tuple[Any, Any, list[float], float | None]:
        """``state`` once chance has moved: it, its mover, the odds drawn, and the end's value.

        Each chance node's outcome is drawn with its probability, until a decision or the end
        of the game; there the mover is ``None`` and the last item ``p``'s utility (``None``
        before the end).
        """
        game, odds = self._game, list[float]()
        while not game.is_terminal(state):
            mover = game.to_move(state)
            if mover != CHANCE or not self._chance:
                return state, mover, odds, None
            outcome, q = sample_chance(state, game.chance_outcomes(state), self._random())
            state = game.result(state, outcome)
            odds.append(q)
        return state, None, odds, checked_number(game.utility(state, p), state, p, "utility")

    def _infoset(self, state: Any, mover: Any) -> int:
        """The number of the information set of the decision ``state``, made when first met."""
        game = self._game
        if not is_player(mover, self._players, chance=self._chance) or mover == CHANCE:
            raise mover_error(state, mover, self._players, chance=self._chance)
        key = game.information_set(state, mover)
        try:
            i = self._index.get(key)
        except TypeError:
            raise GameProtocolError(
                f"information_set({state!r}, {mover}) returned {key!r}, which cannot be hashed"
            ) from None
        actions = tuple(game.actions(state) or ())
        if i is None:
            if not actions:
                raise GameProtocolError(
                    f"state {state!r} is not terminal but has no actions; is_terminal must be "
                    "true exactly where actions is empty"
                )
            check_distinct(key, actions, state)
            i = self._index[key] = len(self._keys)
            self._keys.append(key)
            self._owner.append(int(mover))
            self._actions.append(actions)
            self._regret.append([0.0] * len(actions))
            self._average.append([0.0] * len(actions))
            return i
        if self._owner[i] != mover:
            raise GameProtocolError(
                f"information set {key!r} is player {self._owner[i]}'s and player {mover}'s (in "
                f"state {state!r}): the keys of different players' information sets must differ"
            )
        if self._actions[i] != actions:
            raise GameProtocolError(
                f"the states of information set {key!r} have different actions: "
                f"{list(self._actions[i])} and {list(actions)} (in state {state!r}); a player "
                "cannot act on what it does not know"
            )
        return i

    def average_strategy(self) -> dict[InfoSetKey, dict[Any, float]]:
        """The average strategy of the information sets met so far: key to probabilities."""
        return {
            key: dict(zip(self._actions[i], normalised(self._average[i]), strict=True))
            for i, key in enumerate(self._keys)
        }

    def current_strategy(self) -> dict[InfoSetKey, dict[Any, float]]:
        """The strategy of the next iteration (regret matching) at the sets met so far."""
        return {
            key: dict(zip(self._actions[i], regret_matching(self._regret[i]), strict=True))
            for i, key in enumerate(self._keys)
        }

    def result(self, *, measure: bool = True) -> MCCFRResult:
        """The average strategy so far; with ``measure``, its values, NashConv, exploitability.

        Args:
            measure: Enumerate the game's whole tree (once per solver) to measure the average
                strategy exactly, as :func:`~gamesearch.imperfect.exploitability` does; the
                information sets the sampling never met are played uniformly. Pass ``False``
                for a game too big to enumerate.

        Raises:
            UnsupportedGameError: with ``measure``, the game is too big to enumerate (more
                than 5,000,000 histories) or lacks perfect recall.
            GameSearchError: with ``measure``, the faults of the game the enumeration finds.
        """
        if not measure:
            return self._result(self.average_strategy(), None, None, None)
        form = self._form
        if form is None:
            form = self._form = _measured_form(self._game)
        sigma = uniform(form)
        for i, key in enumerate(form.keys):
            found = self._index.get(key)
            if found is not None:
                b, e, _ = form.layout[i]
                sigma[b:e] = normalised(self._average[found])
        nash_conv, values = nash_conv_of(form, sigma)
        exploitability = None if form.constant_sum is None else nash_conv / form.num_players
        return self._result(profile_of(form, sigma), values, nash_conv, exploitability)

    def _result(
        self,
        strategy: dict[Any, dict[Any, float]],
        values: tuple[float, ...] | None,
        nash_conv: float | None,
        exploitability: float | None,
    ) -> MCCFRResult:
        return MCCFRResult(
            strategy=MappingProxyType({key: MappingProxyType(p) for key, p in strategy.items()}),
            scheme=self.scheme,
            iterations=self.iterations,
            elapsed=self.elapsed,
            infosets=len(self._keys),
            values=values,
            nash_conv=nash_conv,
            exploitability=exploitability,
        )



def _measured_form(game: Any) -> SequenceForm:
    """``game``'s sequence form, to measure a sampled strategy; a refusal names ``measure=False``.

    Raises:
        UnsupportedGameError: the game is too big to enumerate or lacks perfect recall; the
            sampling does not need either, only the measure does.
    """
    try:
        return build_form(game, searcher="mccfr's measure")
    except UnsupportedGameError as refused:
        raise UnsupportedGameError(
            f"{refused} (the sampling needs no such thing: pass measure=False for the average "
            "strategy alone)"
        ) from None


@examined
def mccfr(
    game: ImperfectInformationGame[Any, Any],
    *,
    limit: Limit | None = None,
    iterations: int | None = None,
    time_limit: float | None = None,
    scheme: Scheme = "external",
    rng: int | random.Random | None = None,
    epsilon: float = 0.6,
    measure: bool = True,
) -> MCCFRResult:
    """Approximate a Nash equilibrium of ``game`` by Monte Carlo CFR, sampling the tree.

    Runs external sampling (or outcome sampling, ``scheme="outcome"``) with alternating
    updates for ``iterations`` iterations, or until ``time_limit`` seconds have passed
    (checked after each iteration; with both, whichever comes first). The game is walked
    through its protocol and never enumerated, unless ``measure`` asks for the exploitability.

    Args:
        game: A game of imperfect information (:class:`ImperfectInformationGame`) with perfect
            recall.
        limit: ``iterations`` and ``time_limit`` as one :class:`~gamesearch.Limit`
            (its ``depth`` and ``node_limit`` are refused).
        iterations: The most iterations to run.
        time_limit: The most seconds to iterate for (measuring not counted).
        scheme: ``"external"`` or ``"outcome"`` sampling.
        rng: An int seed or a ``random.Random``: the same seed, the same result.
        epsilon: Outcome sampling's weight of the uniform strategy, in (0, 1] (see
            :class:`MCCFRSolver`).
        measure: Measure the average strategy exactly (values, NashConv, exploitability) by
            enumerating the game's tree; ``False`` for a game too big to enumerate.

    Returns:
        The average strategy, the iterations run and their seconds, and, measured, each
        player's value under it, its NashConv and its exploitability.

    Raises:
        InvalidSearchOptionError: neither ``iterations`` nor ``time_limit`` is given, one is
            out of range, or another option is unknown or out of range.
        NotAGameError: ``game`` lacks members of the protocol.
        UnsupportedGameError: with ``measure``, the game is too big to enumerate or lacks
            perfect recall.
        GameSearchError: the faults of the game, as :class:`MCCFRSolver` says.

    Example:
        >>> from gamesearch.imperfect import LiarsDice
        >>> result = mccfr(LiarsDice(dice_sides=3), iterations=1000, rng=7)
        >>> result.exploitability < 0.1
        True
    """
    iterations, time_limit = iteration_limit("mccfr", limit, iterations, time_limit)
    check_budget("mccfr", iterations, time_limit)  # it runs until told to stop
    solver = MCCFRSolver(game, scheme=scheme, rng=rng, epsilon=epsilon)
    iterate_within(solver, iterations, time_limit)
    return solver.result(measure=measure)
