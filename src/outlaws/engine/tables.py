"""Precomputed tables of action ids, by position feature.

Generating the legal actions is the inner loop of every search: rather than test each of
the fixed action space's ids, :meth:`outlaws.engine.State.legal_action_ids` concatenates
these tuples, each holding the ids legal for one feature of the position (which column
the Governor stands at, which column is immobilized, how many slots are filled, ...).
The tests check the result against the rule-by-rule validator on many positions.
These tables are the engine's own: their layout follows the generator's needs and may
change; code outside the engine uses :mod:`outlaws.engine.actionspace`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import (
    BANDIT_CALLS,
    CANCEL_ID,
    INTERCEPT_ID,
    K_BANDIT,
    K_DANCER,
    K_HITMAN,
    K_INDIAN,
    K_LOOK,
    K_MOVE,
    K_REPORTER,
    K_REVEREND,
    K_SALOON,
    K_SHERIFF,
    K_STOREKEEP,
    K_TAKE,
    PASS_ID,
    REPORTER_CALLS,
    SHERIFF_CALLS,
    SPEC_ID,
)
from .names import COLUMNS, ELECTION, TAKEABLE


def _ids(specs: list[tuple[int, ...]]) -> tuple[int, ...]:
    return tuple(SPEC_ID[spec] for spec in specs)


_PAIRS = [(a, b) for a in range(COLUMNS) for b in range(a + 1, COLUMNS)]
#: Move ids that do not touch column ``imm`` (NO_COL: all 56), R4.3.
MOVE_IDS = tuple(
    _ids([(K_MOVE, a, b, sw) for a, b in _PAIRS if imm not in (a, b) for sw in (1, 0)])
    for imm in range(COLUMNS + 1)
)
#: Saloon ids with the Governor at column g and column imm immobilized (R5.2, R4.3).
SALOON_IDS = tuple(
    tuple(
        _ids(
            [
                (K_SALOON, k, a, b, role, order)
                for k in (0, 1)
                for a, b in _PAIRS
                if imm not in (a, b)
                for role in (0, 1, 2)
                if not (role == 1 and a == g) and not (role == 2 and b == g)
                for order in (0, 1)
            ]
        )
        for imm in range(COLUMNS + 1)
    )
    for g in range(COLUMNS)
)
#: MOVE_SALOON_IDS[g][imm]: both Move kinds, Governor at column g, column imm immobilized.
MOVE_SALOON_IDS = tuple(
    tuple(MOVE_IDS[imm] + SALOON_IDS[g][imm] for imm in range(COLUMNS + 1)) for g in range(COLUMNS)
)
LOOK_ID = _ids([(K_LOOK, c) for c in range(COLUMNS)])
#: TAKE_IDS[c][character]: the calls that character may make (without the Election).
TAKE_IDS = tuple(
    tuple(_ids([(K_TAKE, c, t) for t in TAKEABLE[ch] if t != ELECTION]) for ch in range(10))
    for c in range(COLUMNS)
)
#: LOOK_TAKE_IDS[c][character]: Look, then the Takes (but the Election) of a filled slot.
LOOK_TAKE_IDS = tuple(
    tuple((LOOK_ID[c], *TAKE_IDS[c][ch]) for ch in range(10)) for c in range(COLUMNS)
)
ELECTION_ID = _ids([(K_TAKE, c, ELECTION) for c in range(COLUMNS)])
HITMAN_ID = _ids([(K_HITMAN, c) for c in range(COLUMNS)])
BANDIT_IDS = tuple(_ids([(K_BANDIT, c, call) for call in BANDIT_CALLS]) for c in range(COLUMNS))
REVEREND_ID = _ids([(K_REVEREND, c) for c in range(COLUMNS)])


def _targets(c: int, with_mayor: bool) -> tuple[tuple[int, int], ...]:
    """(target, mayor) pairs of a ranged ability at column c (R6.10)."""
    out = [(c, 0)]
    if with_mayor:
        out += [(t, 1) for t in (c - 1, c, c + 1) if 0 <= t < COLUMNS]
    return tuple(out)


TARGETS = tuple(tuple(_targets(c, bool(m)) for m in (0, 1)) for c in range(COLUMNS))
#: SHERIFF_IDS[c][mayor_ok][opp_immobilized_col]
SHERIFF_IDS = tuple(
    tuple(
        tuple(
            _ids(
                [
                    (K_SHERIFF, c, call, t, m)
                    for call in SHERIFF_CALLS
                    for t, m in TARGETS[c][mok]
                    if t != imm
                ]
            )
            for imm in range(COLUMNS + 1)
        )
        for mok in (0, 1)
    )
    for c in range(COLUMNS)
)
INDIAN_IDS = tuple(
    tuple(
        tuple(
            _ids([(K_INDIAN, c, t, m) for t, m in TARGETS[c][mok] if t != imm])
            for imm in range(COLUMNS + 1)
        )
        for mok in (0, 1)
    )
    for c in range(COLUMNS)
)
#: REPORTER_IDS[c][(t, mayor)]: the 9 calls at each reachable target.
REPORTER_IDS = tuple(
    {
        (t, m): _ids([(K_REPORTER, c, call, t, m) for call in REPORTER_CALLS])
        for t, m in TARGETS[c][1]
    }
    for c in range(COLUMNS)
)


def _storekeep_specs(c: int, mayor: int, filled: int, supply: bool) -> list[tuple[int, ...]]:
    reach = 2 if mayor else 1
    near = [s for s in range(c - reach, c + reach + 1) if 0 <= s < filled]
    specs: list[tuple[int, ...]] = [
        (K_STOREKEEP, c, s1, s2, mayor) for i, s1 in enumerate(near) for s2 in near[i + 1 :]
    ]
    if supply:
        specs += [(K_STOREKEEP, c, s1, -1, mayor) for s1 in near]
    return specs


#: STOREKEEP_IDS[c][mayor_ok][filled_slots][reserve_not_empty]
STOREKEEP_IDS = tuple(
    tuple(
        tuple(
            tuple(
                _ids(
                    _storekeep_specs(c, 0, filled, bool(sup))
                    + (_storekeep_specs(c, 1, filled, bool(sup)) if mok else [])
                )
                for sup in (0, 1)
            )
            for filled in range(COLUMNS + 1)
        )
        for mok in (0, 1)
    )
    for c in range(COLUMNS)
)
#: DANCER_IDS[c][opp_immobilized_col]: pulls that move no immobilized card (R6.6).
DANCER_IDS = tuple(
    tuple(
        _ids(
            [
                (K_DANCER, c, f)
                for f in (c - 2, c - 1, c + 1, c + 2)
                if 0 <= f < COLUMNS and not min(c, f) <= imm <= max(c, f)
            ]
        )
        for imm in range(COLUMNS + 1)
    )
    for c in range(COLUMNS)
)


@dataclass(frozen=True, slots=True)
class LegalTables:
    """The tables the legal-action generator adds up, all in one form: tuples of ids (to
    list the legal actions) or the same sets as the bits of an int (to mask them). The
    parts a position adds are disjoint, so adding bit sets is their union."""

    move_saloon: Any
    look_take: Any
    election: Any
    hitman: Any
    sheriff: Any
    indian: Any
    storekeep: Any
    dancer: Any
    reporter: Any
    bandit: Any
    reverend: Any
    intercept_or_pass: Any
    cancel_or_pass: Any
    only_pass: Any


def _bits(table: Any) -> Any:
    """``table`` with every tuple of ids (a leaf) turned into the int of its bits."""
    if isinstance(table, dict):
        return {key: _bits(value) for key, value in table.items()}
    if all(isinstance(x, int) for x in table):
        return sum(1 << i for i in set(table))
    return tuple(_bits(part) for part in table)


def _singles(ids: tuple[int, ...]) -> tuple[tuple[int], ...]:
    return tuple((i,) for i in ids)


#: The generator's tables as tuples of ids.
AS_IDS = LegalTables(
    move_saloon=MOVE_SALOON_IDS,
    look_take=LOOK_TAKE_IDS,
    election=_singles(ELECTION_ID),
    hitman=_singles(HITMAN_ID),
    sheriff=SHERIFF_IDS,
    indian=INDIAN_IDS,
    storekeep=STOREKEEP_IDS,
    dancer=DANCER_IDS,
    reporter=REPORTER_IDS,
    bandit=BANDIT_IDS,
    reverend=_singles(REVEREND_ID),
    intercept_or_pass=(INTERCEPT_ID, PASS_ID),
    cancel_or_pass=(CANCEL_ID, PASS_ID),
    only_pass=(PASS_ID,),
)
#: The same tables as bit sets.
AS_BITS = LegalTables(*(_bits(getattr(AS_IDS, name)) for name in LegalTables.__dataclass_fields__))
