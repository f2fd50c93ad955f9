"""The search bot: plans each action over hidden worlds sampled from the posterior.

For a decision it keeps the heuristic's best candidate actions (more at higher levels),
then, for hidden worlds drawn from its exact :class:`~outlaws.deduce.Belief`, plays each
candidate on the full position that world completes (:func:`~outlaws.deduce.world_state`):
reactions are answered as well as each side can; what the seat would then see updates a
copy of its beliefs; the rest of its turn is played greedily with that new knowledge, then
the opponent's whole reply turn, judged by the opponent's own knowledge in that world
(which slots it looked at; what it can deduce of our cards); and the position reached is
valued (a win or a loss counts in full, sooner is better). Every candidate meets the same
worlds; a candidate that falls clearly behind is dropped (successive elimination). This
is a determinized, information-set Monte Carlo search one round deep.

The budget is a number of worlds per level, so that a decision is reproducible from the
seed; an optional time budget (``budget_ms``) stops earlier, at the price of
reproducibility. The final choice is mixed, a softmax over the mean values, so the bot
cannot be read and exploited.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..deduce import Belief, MoveModel, token_marginals, world_state
from ..engine import Action, State, View, seat_view
from ..engine.actionspace import GOVERNOR, HITMAN, K_MOVE, K_SALOON, SHERIFF, SPECS, TOKEN_ID
from .evaluation import WIN, Evaluation
from .heuristic import HeuristicBot

#: level -> (candidates kept, worlds per candidate at most, simulated actions at most per
#: decision). The actions simulated are what the time goes into (about a millisecond
#: each), so their cap bounds a decision's time and keeps it reproducible, unlike a
#: clock. Level 3 stays under 1 s a decision on one core (bench/bots.py measures it).
LEVELS: dict[int, tuple[int, int, int]] = {
    1: (3, 6, 80),
    2: (5, 10, 200),
    3: (10, 32, 600),
    4: (10, 48, 1600),
    5: (14, 96, 4000),
}


_KEY_CARDS = frozenset({GOVERNOR, HITMAN, SHERIFF})

#: Worlds every candidate meets before the race may drop it, and how many standard errors
#: behind the best a candidate must fall to be dropped.
MIN_WORLDS = 6
RACE_Z = 3.0


@dataclass(frozen=True, slots=True)
class Leaf:
    """Where one simulation stopped: its ``value`` for the searching seat, in points, and
    whether the game was ``over`` there, ``won`` by that seat (None: not over, or drawn)."""

    value: float
    over: bool = False
    won: bool | None = None


@dataclass(frozen=True)
class Weighed:
    """What a search found: its ``candidates`` (indices into the legal actions), the
    ``means`` of the values each met, which of them (positions in ``candidates``) were
    still ``alive`` in the race when the budget ran out, and every candidate's ``leaves``
    (one a world it met, the worlds in the same order for all)."""

    candidates: list[int]
    means: list[float]
    alive: list[int]
    leaves: list[list[Leaf]]

    @property
    def alive_means(self) -> list[float]:
        return [self.means[k] for k in self.alive]


class SearchBot:
    """Determinized one-round lookahead over posterior samples, with a mixed choice."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        level: int = 3,
        budget_ms: float | None = None,
        temperature: float = 6.0,
        reply: bool = True,
        movers: MoveModel | None = None,
    ) -> None:
        self.level = level
        self.candidates, self.max_worlds, self.max_steps = LEVELS[level]
        #: An optional wall-clock limit per decision (None: the worlds alone decide).
        self.budget_ms = budget_ms
        self.temperature = temperature
        #: Whether a simulation also plays the opponent's next turn.
        self.reply = reply
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        #: Actions simulated so far in the current decision (see LEVELS).
        self.steps = 0
        self.heuristic = HeuristicBot(seed, movers=movers)
        self.name = f"search:{level}"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.pending is not None:
            return self.heuristic.choose(view, legal)
        weighed = self.weigh(view, legal)
        if len(weighed.candidates) == 1:
            return legal[weighed.candidates[0]]
        return legal[weighed.candidates[weighed.alive[self._mixed(weighed.alive_means)]]]

    def weigh(
        self,
        view: View,
        legal: Sequence[Action],
        extra: Sequence[int] = (),
        keep: Sequence[int] = (),
    ) -> Weighed:
        """The candidates (the heuristic's best, the election defences, then ``extra``,
        indices into ``legal``) and their mean values over the worlds each met, racing
        them until the budget is spent or one is left. The candidates in ``keep`` (also
        indices into ``legal``, added if missing) stay in the race to the end."""
        start = time.perf_counter()
        heuristic = self.heuristic
        heuristic.observe(view)
        assert heuristic.belief is not None and heuristic.exposure is not None
        scores = heuristic.scores(view, legal)
        ranked = sorted(range(len(legal)), key=lambda i: -scores[i])[: self.candidates]
        ranked += [i for i in _election_defences(view, legal, heuristic.belief) if i not in ranked]
        ranked += [i for i in extra if i not in ranked]
        ranked += [i for i in keep if i not in ranked]
        if len(ranked) == 1:
            return Weighed(ranked, [0.0], [0], [[]])
        kept = [k for k, i in enumerate(ranked) if i in keep]
        leaves: list[list[Leaf]] = [[] for _ in ranked]
        alive = list(range(len(ranked)))
        deadline = start + self.budget_ms / 1000.0 if self.budget_ms is not None else math.inf
        worlds = heuristic.belief.sample(self.np_rng, self.max_worlds)
        self.steps = 0
        for n, world in enumerate(worlds, start=1):
            # Every candidate still in the race meets the same worlds (common random
            # numbers make the comparison fairer than independent draws).
            for k in alive:
                state = world_state(view, world, heuristic.belief.their_slots)
                leaves[k].append(self.simulate(view, state, legal[ranked[k]]))
            if time.perf_counter() > deadline or self.steps >= self.max_steps:
                break
            if n >= MIN_WORLDS:
                raced = _race([[leaf.value for leaf in met] for met in leaves], alive)
                alive = raced + [k for k in kept if k in alive and k not in raced]
                if len(alive) == 1:
                    break
        means = [sum(leaf.value for leaf in met) / len(met) for met in leaves]
        return Weighed(ranked, means, alive, leaves)

    def _mixed(self, means: list[float]) -> int:
        """A softmax draw over the mean values (temperature in points)."""
        best = max(means)
        weights = [math.exp((m - best) / self.temperature) for m in means]
        return self.rng.choices(range(len(means)), weights)[0]

    def simulate(self, view: View, state: State, first: Action) -> Leaf:
        """Where playing ``first`` leads ``view.viewer`` in one sampled world (``state``,
        which it plays on): then the rest of the turn, and the opponent's reply turn, each
        action greedy."""
        me = view.viewer
        assert me is not None and self.heuristic.belief is not None
        assert self.heuristic.exposure is not None
        belief = self.heuristic.belief.fork()
        exposure = self.heuristic.exposure.fork()
        state.apply(first)
        _react(state)
        steps = 0
        # The rest of my turn, then (with ``reply``) the opponent's: each action the
        # greedy best for the seat that takes it. The opponent judges with the same two
        # beliefs, roles swapped: what it knows of my cards is my exposure, and what I
        # know of its cards is what it must fear.
        for seat in (me, 1 - me) if self.reply else (me,):
            while not state.over and state.to_act == seat:
                seen = seat_view(state, me)
                belief.update(seen)
                exposure.update(seen)
                if seat == me:
                    ctx = Evaluation(seen, belief, exposure)
                else:
                    ctx = Evaluation(seat_view(state, seat), exposure, belief)
                state.apply(max(_options(state), key=ctx.score))
                _react(state)
                steps += 1
        self.steps += steps + 1
        if state.over:
            return Leaf(
                _outcome(state, me, steps),
                True,
                None if state.winner is None else state.winner == me,
            )
        seen = seat_view(state, me)
        belief.update(seen)
        exposure.update(seen)
        return Leaf(Evaluation(seat_view(state, me), belief, exposure).value())


def _race(values: list[list[float]], alive: list[int]) -> list[int]:
    """Successive elimination: drop the candidates whose mean is clearly below the
    best's (by ``RACE_Z`` standard errors of the difference)."""
    stats = {}
    for k in alive:
        v = values[k]
        mean = sum(v) / len(v)
        var = sum((x - mean) ** 2 for x in v) / max(1, len(v) - 1)
        stats[k] = (mean, var / len(v))
    best = max(alive, key=lambda k: stats[k][0])
    top, top_se2 = stats[best]
    return [
        k for k in alive if top - stats[k][0] <= RACE_Z * math.sqrt(top_se2 + stats[k][1]) + 1e-9
    ]


def _election_defences(view: View, legal: Sequence[Action], belief: Belief) -> list[int]:
    """When the opponent leads in Votes, the Storekeep exchanges that send a token it
    knows, and that may be the Election, to the bottom of the reserve, where both seats
    forget it (R6.5): the one way to take a located Election out of its reach. The
    heuristic's ranking never proposes them, so the search adds them to its candidates."""
    me = view.viewer
    assert me is not None
    if view.seats[1 - me].stash["vote"] <= view.seats[me].stash["vote"]:
        return []
    election = token_marginals(view)[:, TOKEN_ID["election"]]
    return [
        i
        for i, action in enumerate(legal)
        if action.type == "storekeep"
        and action.supply
        and action.slots is not None
        and belief.their_slots[action.slots[0] - 1]
        and election[action.slots[0] - 1] > 0
    ]


def _options(state: State) -> list[Action]:
    """The actions a simulated seat weighs: no Saloon exchange (most of the list, and
    rarely the best choice), and only the moves that touch its Governor, Hitman or
    Sheriff: the heuristic scores every other move alike."""
    seat = state.to_act
    assert seat is not None
    street = state.street[seat]
    key = {c for c, card in enumerate(street) if card in _KEY_CARDS}
    out = []
    for i in state.legal_action_ids():
        spec = SPECS[i]
        if spec[0] == K_SALOON or (spec[0] == K_MOVE and spec[1] not in key and spec[2] not in key):
            continue
        out.append(state.decode(i))
    return out


def _react(state: State) -> None:
    """Answer pending reactions as well as the reacting seat can: intercept or cancel
    whenever it is possible."""
    while state.pending and not state.over:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.type != "pass"), legal[-1]))


def _outcome(state: State, me: int, steps: int) -> float:
    """A finished simulation's value: a win in full, a little less for each action it
    took after the candidate (a win now beats the same win later, a loss later beats a
    loss now)."""
    if state.winner is None:
        return 0.0
    late = 5.0 * steps
    return WIN - late if state.winner == me else -WIN + late


__all__ = ["LEVELS", "Leaf", "SearchBot", "Weighed"]
