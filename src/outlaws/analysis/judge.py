"""The judge of one decision, from the deciding seat's view alone.

For the seat's :class:`~outlaws.engine.View` and its legal actions, the judge weighs the
action played beside the search's best candidates over the same hidden worlds, drawn
from the seat's exact belief (:class:`~outlaws.deduce.Belief`, by the rules alone): each
world is completed into a full position, the candidate played there, the rest of the
turn and the opponent's reply played out greedily, and the position reached valued
(:class:`~outlaws.bots.search.SearchBot`). A candidate's chance of winning is the mean,
over the worlds it met, of each leaf's chance (:func:`~outlaws.analysis.verdict.chance_of`).

The judge is given a view, never a state: what the other seat holds cannot reach it.
The same view, legal actions, action and seed give the same judgement everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..bots.expert import movers
from ..bots.search import Leaf, SearchBot
from ..deduce import world_state
from ..engine import Action, OutlawsError, View
from .verdict import Verdict, chance_of, verdict_of


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may cost: the search's best ``candidates`` weighed beside the
    action played, ``worlds`` drawn from the belief at most, and ``steps`` simulated
    actions at most (about a millisecond each; they, not a clock, bound the time, so
    that a judgement is reproducible)."""

    candidates: int = 6
    worlds: int = 24
    steps: int = 700

    def to_json(self) -> dict[str, int]:
        return {"candidates": self.candidates, "worlds": self.worlds, "steps": self.steps}


#: The budget the CLI and the server use (docs/analysis.md, "Speed").
BUDGET = Budget()

#: How the judge reads the opponent's moves out of sight (docs/analysis.md, "Which belief
#: judges"): ``"rules"``, any two cards, really exchanged or not, with even odds (the
#: exact posterior of the rules alone); ``"movers"``, as players are measured to move
#: them (the expert's :class:`~outlaws.deduce.MoveModel`).
JudgeBelief = Literal["rules", "movers"]
BELIEFS: tuple[JudgeBelief, ...] = ("rules", "movers")
#: The belief that judges unless asked otherwise: the one that ranks the ladder in order
#: (docs/analysis.md, "Which belief judges"; ``bench/analysis_quality.py --ladder``).
DEFAULT_BELIEF: JudgeBelief = "movers"


@dataclass(frozen=True, slots=True)
class Option:
    """One action weighed: its mean ``chance`` of winning and mean ``value`` (points of
    the bots' evaluation) over the ``worlds`` it met."""

    action: Action
    chance: float
    value: float
    worlds: int


@dataclass(frozen=True, slots=True)
class Question:
    """What asked a seat for an answer (R8.5): the seat's ``view`` before the action that
    led to it, and the ``actions`` since (the opponent's, which every seat saw taken, and
    perhaps the seat's own, such as the shot its Reverend now answers for)."""

    view: View
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Judgement:
    """The options weighed for one decision, best first, and which one was ``played``
    (a position in ``options``)."""

    options: tuple[Option, ...]
    played: int

    @property
    def chance_before(self) -> float:
        """The seat's chance of winning before it decided: that of its best option."""
        return self.options[0].chance

    @property
    def chance_played(self) -> float:
        return self.options[self.played].chance

    @property
    def loss(self) -> float:
        """The chance of winning the action played gave away (0: it was the best)."""
        return max(0.0, self.chance_before - self.chance_played)

    @property
    def verdict(self) -> Verdict:
        return verdict_of(self.loss)


def judge(
    view: View,
    legal: Sequence[Action],
    played: Action,
    seed: int,
    budget: Budget = BUDGET,
    question: Question | None = None,
    belief: JudgeBelief = DEFAULT_BELIEF,
) -> Judgement:
    """Weigh ``played`` (one of ``legal``) beside the search's best candidates, for the
    seat whose ``view`` it is, over worlds drawn with ``seed``. An answer to a pending
    reaction needs the ``question`` that asked for it: a position cannot be rebuilt in
    the middle of one, so each world is rebuilt just before it and the question asked
    again there."""
    if view.viewer is None:
        raise ValueError("a decision is a seat's: give the judge a seat's view")
    if played not in legal:
        raise ValueError(f"{played} is not one of the legal actions")
    search = SearchBot(seed, level=3, movers=movers() if belief == "movers" else None)
    search.candidates, search.max_worlds, search.max_steps = (
        budget.candidates,
        budget.worlds,
        budget.steps,
    )
    mine = legal.index(played)
    if view.pending is not None:
        if question is None or question.view.viewer != view.viewer:
            raise ValueError("an answer is judged with the seat's question (its view before it)")
        candidates, weighed_leaves = (
            list(range(len(legal))),
            _answers(search, view, legal, question),
        )
    else:
        weighed = search.weigh(view, legal, keep=(mine,))
        candidates, weighed_leaves = weighed.candidates, weighed.leaves
    options = []
    for index, leaves in zip(candidates, weighed_leaves, strict=True):
        if not leaves:  # a single candidate: nothing to compare it with
            options.append(Option(legal[index], 0.5, 0.0, 0))
            continue
        chance = sum(chance_of(leaf.value, leaf.over, leaf.won) for leaf in leaves) / len(leaves)
        value = sum(leaf.value for leaf in leaves) / len(leaves)
        options.append(Option(legal[index], chance, value, len(leaves)))
    # Best first; of two equal chances the higher value (a win sooner) ranks first.
    order = sorted(range(len(options)), key=lambda k: (-options[k].chance, -options[k].value))
    ranked = tuple(options[k] for k in order)
    return Judgement(ranked, order.index(candidates.index(mine)))


def _answers(
    search: SearchBot, view: View, legal: Sequence[Action], question: Question
) -> list[list[Leaf]]:
    """Every answer's leaves, over the same worlds: each world (drawn from the belief of
    the seat being asked) is completed into the position before the question, the
    question asked there, and each answer played out from it."""
    heuristic = search.heuristic
    heuristic.observe(view)
    assert heuristic.belief is not None
    belief = heuristic.belief
    leaves: list[list[Leaf]] = [[] for _ in legal]
    search.steps = 0
    for world in belief.sample(search.np_rng, search.max_worlds):
        try:
            asked = world_state(question.view, world, belief.their_slots)
            for action in question.actions:
                asked.apply(action)
        except OutlawsError:  # a world the question's own facts rule out
            continue
        if asked.pending_reaction != view.pending:
            continue
        for k, answer in enumerate(legal):
            leaves[k].append(search.simulate(view, asked.clone(), answer))
        if search.steps >= search.max_steps:
            break
    return leaves


__all__ = [
    "BELIEFS",
    "BUDGET",
    "DEFAULT_BELIEF",
    "Budget",
    "JudgeBelief",
    "Judgement",
    "Option",
    "Question",
    "judge",
]
