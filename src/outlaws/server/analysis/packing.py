"""A decision packed for an analysis worker, and a judged decision as it is stored.

A :class:`~outlaws.analysis.Decision` holds two views of its seat, which do not pickle as
they are: they travel packed as a bot's view does (:mod:`outlaws.server.games.packing`).
A judged decision (:class:`~outlaws.analysis.Analysed`) is stored as JSON holding every
figure to the last bit, so that the report built from stored decisions is the report
the same decisions judged in one process give (:func:`outlaws.analysis.report`: its
turning points and means read the unrounded chances).
"""

from __future__ import annotations

from typing import Any

from ...analysis import Analysed, Budget, Decision, Judgement, Option, Told, analyse_decision
from ...analysis.judge import Question
from ...engine import Action
from ..games.packing import PackedView, pack_view, unpack_view

#: An answer's question (R8.5): the seat's view before it, and the actions since.
PackedQuestion = tuple[PackedView, tuple[Action, ...]]
PackedDecision = tuple[
    int, int, PackedView, tuple[Action, ...], Action, PackedView, PackedQuestion | None
]


def pack_decision(decision: Decision) -> PackedDecision:
    """``decision`` as plain picklable values (see :func:`unpack_decision`)."""
    return (
        decision.ply,
        decision.seat,
        pack_view(decision.before),
        decision.legal,
        decision.played,
        pack_view(decision.after),
        None
        if decision.question is None
        else (pack_view(decision.question.view), decision.question.actions),
    )


def unpack_decision(packed: PackedDecision) -> Decision:
    ply, seat, before, legal, played, after, question = packed
    asked = None if question is None else Question(unpack_view(question[0]), question[1])
    return Decision(ply, seat, unpack_view(before), legal, played, unpack_view(after), asked)


def stored(analysed: Analysed) -> dict[str, Any]:
    """A judged decision as JSON, every figure unrounded (see :func:`unstored`)."""
    judgement = analysed.judgement
    return {
        "ply": analysed.ply,
        "seat": analysed.seat,
        "turn": analysed.turn,
        "played": analysed.played.to_json(),
        "options": [
            [option.action.to_json(), option.chance, option.value, option.worlds]
            for option in judgement.options
        ],
        "chosen": judgement.played,
        "told": [[t.card, list(t.before), list(t.after)] for t in analysed.told],
    }


def unstored(data: dict[str, Any]) -> Analysed:
    """The judged decision :func:`stored` wrote, equal to it."""
    options = tuple(
        Option(Action.from_json(action), float(chance), float(value), int(worlds))
        for action, chance, value, worlds in data["options"]
    )
    return Analysed(
        int(data["ply"]),
        int(data["seat"]),
        int(data["turn"]),
        Action.from_json(data["played"]),
        Judgement(options, int(data["chosen"])),
        tuple(
            Told(card, tuple(map(float, before)), tuple(map(float, after)))
            for card, before, after in data["told"]
        ),
    )


def analyse_in_worker(packed: PackedDecision, seed: int, budget: Budget) -> dict[str, Any]:
    """Runs in a worker: judge one decision (its seat's views only); the stored JSON."""
    return stored(analyse_decision(unpack_decision(packed), seed, budget))


__all__ = [
    "PackedDecision",
    "analyse_in_worker",
    "pack_decision",
    "stored",
    "unpack_decision",
    "unstored",
]
