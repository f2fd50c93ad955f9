"""The engine's action tables as flat NumPy arrays, for the compiled rules of
:mod:`outlaws.adapters.kernel.rules`.

The engine's legal-action generator adds up tuples of ids, one per feature of the
position (:data:`outlaws.engine.actionspace.LEGAL_TABLES`); the kernel reads the same
ids, laid out as one array (``IDS``) cut into leaves (``START[leaf]`` to
``START[leaf + 1]``), and one index array per table giving the leaf of each feature.
Nothing here is written by hand: every array is read off the engine's tables when this
module loads, so the two cannot drift apart unnoticed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine.actionspace import (
    CANCEL_ID,
    COLUMNS,
    INTERCEPT_ID,
    LEGAL_TABLES,
    NUM_ACTIONS,
    PASS_ID,
    RANGED_TARGETS,
    SPECS,
)

_leaves: list[tuple[int, ...]] = []


def _leaf(ids: tuple[int, ...]) -> int:
    _leaves.append(tuple(ids))
    return len(_leaves) - 1


def _index(table: Any, shape: tuple[int, ...]) -> npt.NDArray[np.int32]:
    """The leaf number of every entry of a nested tuple of id tuples, as an array."""
    out = np.zeros(shape, dtype=np.int32)
    for index in np.ndindex(*shape):
        node = table
        for i in index:
            node = node[i]
        out[index] = _leaf(node)
    return out


#: "No column": the immobilized column of a seat without an immobilized Bandit.
NO_COL = COLUMNS
_T = LEGAL_TABLES
_IMM = COLUMNS + 1
MOVE_SALOON_LEAF = _index(_T.move_saloon, (COLUMNS, _IMM))
LOOK_TAKE_LEAF = _index(_T.look_take, (COLUMNS, 10))
ELECTION_LEAF = _index(_T.election, (COLUMNS,))
HITMAN_LEAF = _index(_T.hitman, (COLUMNS,))
SHERIFF_LEAF = _index(_T.sheriff, (COLUMNS, 2, _IMM))
INDIAN_LEAF = _index(_T.indian, (COLUMNS, 2, _IMM))
STOREKEEP_LEAF = _index(_T.storekeep, (COLUMNS, 2, COLUMNS + 1, 2))
DANCER_LEAF = _index(_T.dancer, (COLUMNS, _IMM))
BANDIT_LEAF = _index(_T.bandit, (COLUMNS,))
REVEREND_LEAF = _index(_T.reverend, (COLUMNS,))
#: REPORTER_LEAF[c, t, mayor]: the leaf of the calls at target t (-1: out of reach).
REPORTER_LEAF = np.full((COLUMNS, COLUMNS, 2), -1, dtype=np.int32)
#: TARGETS[c, mayor_ok, k] = (target, mayor) of a ranged ability (-1: no more).
TARGETS = np.full((COLUMNS, 2, 4, 2), -1, dtype=np.int32)
for _c in range(COLUMNS):
    for (_t, _m), _ids in _T.reporter[_c].items():
        REPORTER_LEAF[_c, _t, _m] = _leaf(_ids)
    for _mok in (0, 1):
        for _k, (_t, _m) in enumerate(RANGED_TARGETS[_c][_mok]):
            TARGETS[_c, _mok, _k] = (_t, _m)

START = np.zeros(len(_leaves) + 1, dtype=np.int32)
START[1:] = np.cumsum([len(leaf) for leaf in _leaves])
IDS = np.array([i for leaf in _leaves for i in leaf], dtype=np.int32)

#: SPEC[id] = the action's spec (kind, then its fields), padded with 0.
SPEC = np.zeros((NUM_ACTIONS, 6), dtype=np.int32)
for _i, _spec in enumerate(SPECS):
    SPEC[_i, : len(_spec)] = _spec

#: PLACED[role, order] = which of (Saloon card, card at a, card at b) end at a and at b
#: after a Saloon exchange (a Saloon spec's role and order, outlaws.engine.actionspace).
PLACED = np.array(
    [
        [[i for i in (0, 1, 2) if i != role], [i for i in (2, 1, 0) if i != role]]
        for role in (0, 1, 2)
    ],
    dtype=np.int32,
)

__all__ = [
    "BANDIT_LEAF",
    "CANCEL_ID",
    "DANCER_LEAF",
    "ELECTION_LEAF",
    "HITMAN_LEAF",
    "IDS",
    "INDIAN_LEAF",
    "INTERCEPT_ID",
    "LOOK_TAKE_LEAF",
    "MOVE_SALOON_LEAF",
    "NO_COL",
    "PASS_ID",
    "PLACED",
    "REPORTER_LEAF",
    "REVEREND_LEAF",
    "SHERIFF_LEAF",
    "SPEC",
    "START",
    "STOREKEEP_LEAF",
    "TARGETS",
]
