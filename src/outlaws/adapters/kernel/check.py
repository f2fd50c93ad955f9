"""The kernel played against the engine: the same games, step by step, compared.

:func:`differential` deals the same games to the engine (:class:`~outlaws.engine.State`)
and to a :class:`~outlaws.adapters.kernel.Games`, plays them with one policy, and at every
step compares the legal action ids (in the engine's order), both seats' observation
vectors (against :class:`~outlaws.adapters.features.SeatEncoder` on the seats' frames)
and, at the end, the winner, the way the game ended and the turn. The first difference
raises :class:`KernelMismatch`, naming the game, the step and what differs.

The policy picks an action *kind* uniformly among the legal kinds, then an id of that
kind: a uniform choice over ids would be nearly all Saloon exchanges (336 of the 987
ids), and would seldom shoot, arrest, intercept, cancel or reach a sudden death.
``tests/adapters/test_kernel.py`` runs it on a few hundred games and checks that every kind of
event occurred; ``bench/kernel_diff.py`` on ten thousand.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ...engine import State, seat_frame
from ...engine.actionspace import SPECS
from ..features import SeatEncoder, layout
from . import Games, rules

_HOW = {"good": rules.HOW_GOOD, "bad": rules.HOW_BAD, "ugly": rules.HOW_UGLY}


class KernelMismatch(AssertionError):
    """The kernel and the engine disagree (a bug in the port)."""


@dataclass
class Report:
    """What a differential run played: games, steps, and how often each event of the
    engine's log occurred (the rules it exercised)."""

    games: int = 0
    steps: int = 0
    events: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)


def kind_uniform(ids: list[int], rng: random.Random) -> int:
    """An action kind drawn uniformly among the legal ids' kinds, then an id of it: a
    uniform draw over ids is nearly all Saloon exchanges, and this one brings about
    interceptions, cancels and sudden deaths (R9.4)."""
    kinds = sorted({SPECS[i][0] for i in ids})
    kind = rng.choice(kinds)
    return rng.choice([i for i in ids if SPECS[i][0] == kind])


def _field_names(indices: np.ndarray) -> list[str]:
    return sorted(
        {name for name, start, width in layout() for i in indices if start <= i < start + width}
    )


def _compare_observations(
    kernel: Games, row: int, state: State, encoders: tuple[SeatEncoder, SeatEncoder], seed: int
) -> None:
    for seat in (0, 1):
        encoder = encoders[seat]
        want = encoder.encode(seat_frame(state, seat, since=encoder.read))
        got = kernel.observations([seat], [row])[0]
        if not np.array_equal(want, got):
            raise KernelMismatch(
                f"game {seed}, step {len(state.history)}, seat {seat}: the observation "
                f"differs in {_field_names(np.flatnonzero(want != got))}"
            )


def differential(
    games: int, seed: int = 0, turn_limit: int | None = 200, batch: int = 64
) -> Report:
    """Play ``games`` games through the engine and the kernel (``batch`` at a time in
    one :class:`Games`), seeds ``seed``, ``seed + 1``, ...; raise
    :class:`KernelMismatch` at the first difference. Returns what was played."""
    report = Report()
    ids = np.zeros(len(SPECS), dtype=np.int32)
    for first in range(0, games, batch):
        seeds = list(range(seed + first, seed + min(games, first + batch)))
        kernel = Games(len(seeds))
        states = [State.new(seed=s, turn_limit=turn_limit) for s in seeds]
        encoders = [(SeatEncoder(0), SeatEncoder(1)) for _ in seeds]
        choosers = [random.Random(f"differential/{s}") for s in seeds]
        for row, s in enumerate(seeds):
            kernel.deal(row, s, turn_limit)
        live = list(range(len(seeds)))
        while live:
            actions = []
            for row in live:
                state = states[row]
                expected = state.legal_action_ids()
                n = rules.legal_ids(kernel.rows[row], ids)
                if ids[:n].tolist() != expected:
                    raise KernelMismatch(
                        f"game {seeds[row]}, step {len(state.history)}: legal ids differ: "
                        f"kernel has {sorted(set(ids[:n].tolist()) ^ set(expected))[:8]} "
                        "different or out of order"
                    )
                _compare_observations(kernel, row, state, encoders[row], seeds[row])
                actions.append(kind_uniform(expected, choosers[row]))
            for row, action in zip(live, actions, strict=True):
                states[row].apply_id(action)
            kernel.apply(actions, live)
            report.steps += len(live)
            still = []
            for row in live:
                state, values = states[row], kernel.rows[row]
                if state.over != bool(values[rules.OVER]):
                    raise KernelMismatch(f"game {seeds[row]}: one side ended, not the other")
                if not state.over:
                    still.append(row)
                    continue
                winner = -1 if state.winner is None else state.winner
                how = _HOW.get(state.how or "", rules.HOW_LIMIT)
                if (winner, how, state.turn) != (
                    values[rules.WINNER],
                    values[rules.HOW],
                    values[rules.TURN],
                ):
                    raise KernelMismatch(f"game {seeds[row]}: the endings differ")
                _compare_observations(kernel, row, state, encoders[row], seeds[row])
                report.games += 1
                report.endings[state.how or ""] += 1
                report.events.update(event[0] for event in state.log)
            live = still
    return report


__all__ = ["KernelMismatch", "Report", "differential"]
