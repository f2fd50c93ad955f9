"""A whole game's analysis: its decisions, each judged from its seat's view, what each
told the opponent, and the moments the game turned (docs/analysis.md).

:func:`decisions` is the one place that holds the true position: it replays the record
and hands each decision on as the deciding seat's views (before and after) and its legal
actions, never the state. Everything after that (:func:`analyse_decision`, which a pool
of processes may run in any order) reads those views only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..deduce import Belief
from ..engine import Action, Record, View, seat_view
from .judge import BUDGET, DEFAULT_BELIEF, Budget, JudgeBelief, Judgement, Question, judge
from .verdict import VERDICTS

#: The cards whose standing the opponent's belief is shown for ("what they learned").
KEY_CARDS = ("governor", "hitman", "sheriff")
#: How far the chance of winning must move between two decisions for the game to have
#: turned there, and how many such moments a game shows at most.
TURN_LEAST = 0.15
TURNS_SHOWN = 3
#: The version of the analysis's JSON (docs/analysis.md).
ANALYSIS_VERSION = 1


@dataclass(frozen=True, slots=True)
class Decision:
    """Action ``ply`` (0-based, in the record's order), chosen by ``seat`` among
    ``legal`` knowing ``before``; ``after`` is that seat's view once it is applied. An
    answer to a reaction (R8.5) also carries the ``question`` that asked for it."""

    ply: int
    seat: int
    before: View
    legal: tuple[Action, ...]
    played: Action
    after: View
    question: Question | None = None


def decisions(record: Record) -> Iterator[Decision]:
    """The decisions of ``record``: every action its seat chose among two or more."""
    state = record.new_state()
    # The seats' views where the last action began that no answer was pending, and the
    # actions since: what a pending answer's question is made of.
    start: tuple[View, View] | None = None
    since: list[Action] = []
    for ply, action in enumerate(record.actions):
        seat = state.to_act
        assert seat is not None, "a record's action with nobody to act"
        legal = tuple(state.legal_actions())
        before = seat_view(state, seat)
        if state.pending_reaction is None:
            start, since = (seat_view(state, 0), seat_view(state, 1)), []
            asked = None
        else:
            assert start is not None
            asked = Question(start[seat], tuple(since))
        since.append(action)
        state.apply(action)
        if len(legal) > 1:
            yield Decision(ply, seat, before, legal, action, seat_view(state, seat), asked)


@dataclass(frozen=True, slots=True)
class Told:
    """What the opponent can deduce of one of the seat's cards, before and after its
    action: P(the card stands at each column 1..8), all zero while it is in the Saloon."""

    card: str
    before: tuple[float, ...]
    after: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "before": [round(p, 4) for p in self.before],
            "after": [round(p, 4) for p in self.after],
        }


def told(before: View, after: View) -> tuple[Told, ...]:
    """What the action between two views of the same seat told the opponent of where the
    seat's Governor, Hitman and Sheriff stand: the opponent's belief, fed with the public
    facts of each view (the seat's own secrets unread, as the opponent cannot read them)."""
    seat = before.viewer
    assert seat is not None and after.viewer == seat
    was, now = Belief(before, about=seat), Belief(after, about=seat)
    return tuple(
        Told(card, tuple(map(float, was.where(card))), tuple(map(float, now.where(card))))
        for card in KEY_CARDS
    )


@dataclass(frozen=True, slots=True)
class Analysed:
    """One decision judged (:class:`~outlaws.analysis.judge.Judgement`), with what it
    told the opponent."""

    ply: int
    seat: int
    turn: int
    played: Action
    judgement: Judgement
    told: tuple[Told, ...]

    def to_json(self, alternatives: int = 3) -> dict[str, Any]:
        j = self.judgement
        shown = list(range(min(alternatives, len(j.options))))
        if j.played not in shown:
            shown.append(j.played)
        return {
            "ply": self.ply,
            "seat": self.seat,
            "turn": self.turn,
            "played": self.played.to_json(),
            "chance_before": round(j.chance_before, 4),
            "chance_played": round(j.chance_played, 4),
            "loss": round(j.loss, 4),
            "verdict": j.verdict,
            "options": [
                {
                    "action": j.options[k].action.to_json(),
                    "chance": round(j.options[k].chance, 4),
                    "value": round(j.options[k].value, 1),
                    "worlds": j.options[k].worlds,
                    "played": k == j.played,
                }
                for k in shown
            ],
            "told": [t.to_json() for t in self.told],
        }


def decision_seed(seed: int, ply: int) -> int:
    """The seed of one decision's worlds: the analysis's seed and the decision's place,
    so that a decision is judged alike in any order, by any process."""
    return seed * 100_003 + ply


def analyse_decision(
    decision: Decision, seed: int, budget: Budget = BUDGET, belief: JudgeBelief = DEFAULT_BELIEF
) -> Analysed:
    """Judge one decision (with ``belief``) and say what it told the opponent (views only)."""
    judgement = judge(
        decision.before,
        decision.legal,
        decision.played,
        decision_seed(seed, decision.ply),
        budget,
        decision.question,
        belief,
    )
    return Analysed(
        decision.ply,
        decision.seat,
        decision.before.turn,
        decision.played,
        judgement,
        told(decision.before, decision.after),
    )


def turning_points(analysed: Sequence[Analysed]) -> list[int]:
    """The plies where the game turned: where the chance of winning of seat 0 (each
    decision's own estimate, the other seat's read as its complement) moved most from the
    decision before, by :data:`TURN_LEAST` at least; :data:`TURNS_SHOWN` at most, in order."""
    line = [
        a.judgement.chance_before if a.seat == 0 else 1 - a.judgement.chance_before
        for a in analysed
    ]
    moves = [
        (abs(line[i] - line[i - 1]), analysed[i - 1].ply)
        for i in range(1, len(line))
        if abs(line[i] - line[i - 1]) >= TURN_LEAST
    ]
    return sorted(ply for _, ply in sorted(moves, reverse=True)[:TURNS_SHOWN])


def summary(analysed: Sequence[Analysed], seat: int) -> dict[str, Any]:
    """A seat's decisions in figures: how many, the mean loss, a count per verdict."""
    mine = [a for a in analysed if a.seat == seat]
    counts = {verdict: 0 for verdict in VERDICTS}
    for a in mine:
        counts[a.judgement.verdict] += 1
    mean = sum(a.judgement.loss for a in mine) / len(mine) if mine else 0.0
    return {"decisions": len(mine), "mean_loss": round(mean, 4), "verdicts": counts}


def report(
    analysed: Sequence[Analysed],
    seed: int,
    budget: Budget = BUDGET,
    belief: JudgeBelief = DEFAULT_BELIEF,
) -> dict[str, Any]:
    """The analysis of a game as JSON (docs/analysis.md), decisions in the record's order."""
    ordered = sorted(analysed, key=lambda a: a.ply)
    return {
        "analysis": ANALYSIS_VERSION,
        "seed": seed,
        "budget": budget.to_json(),
        "belief": belief,
        "decisions": [a.to_json() for a in ordered],
        "turning_points": turning_points(ordered),
        "summary": [summary(ordered, 0), summary(ordered, 1)],
    }


def analyse(
    record: Record,
    seed: int = 0,
    budget: Budget = BUDGET,
    progress: Callable[[int, int], None] | None = None,
    belief: JudgeBelief = DEFAULT_BELIEF,
) -> dict[str, Any]:
    """The whole analysis of ``record`` in this process; ``progress(done, total)`` after
    each decision."""
    todo = list(decisions(record))
    analysed = []
    for decision in todo:
        analysed.append(analyse_decision(decision, seed, budget, belief))
        if progress is not None:
            progress(len(analysed), len(todo))
    return report(analysed, seed, budget, belief)


__all__ = [
    "ANALYSIS_VERSION",
    "KEY_CARDS",
    "Analysed",
    "Decision",
    "Told",
    "analyse",
    "analyse_decision",
    "decision_seed",
    "decisions",
    "report",
    "summary",
    "told",
    "turning_points",
]
