"""A seat's observation vector from a game row of :mod:`outlaws.adapters.kernel.rules`,
compiled: the layout of :mod:`outlaws.adapters.features`, entry for entry.

What a seat may know is decided here as in :func:`outlaws.engine.seat_frame` (R8): its
own cards, the other seat's only where face up (an immobilized Bandit, a headlined card,
R8.4) or once the game is over (R8.6), a token where the seat's knowledge bit is set,
and the public rest. ``tests/adapters/test_kernel.py`` compares every vector with the engine's
encoder, and runs the view-indistinguishability check of the research interfaces on it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine import ACTION_TYPES
from ..features import (
    COLUMN_BLOCK,
    COLUMN_WIDTH,
    N_CHARS,
    N_TOKENS,
    RECENT_WIDTH,
    REVEAL_SCALE,
    TURN_SCALE,
    layout,
)
from .rules import (
    ACTIONS_LEFT,
    ACTIVE,
    ASIDE,
    DISCARD,
    FILLED,
    HEADLINED,
    IMMOBILE,
    KNOWN,
    OVER,
    PENDING,
    RECENT,
    RECENT_N,
    RESERVE_N,
    REVEALS,
    SALOON,
    SLOTS,
    STASH,
    STREET,
    SUDDEN,
    TO_ACT,
    TURN,
    WINNER,
    compiled,
)

# Where the vector's fields start (features.layout()): in a column's block, then globally.
_IN_COLUMN = {
    name: sum(width for _, width in COLUMN_BLOCK[:k]) for k, (name, _) in enumerate(COLUMN_BLOCK)
}
_START = {name: start for name, start, _ in layout()}
OPP_CARD = _IN_COLUMN["opp_card"]
TOKEN = _IN_COLUMN["token"]
FLAGS = _IN_COLUMN["flags"]
OPP_REVEALS = _IN_COLUMN["opp_reveals"]
OWN_REVEALS = _IN_COLUMN["own_reveals"]
SEAT = _START["seat"]
STASHES = _START["own_stash"]
SALOONS = _START["own_saloon"]
SUPPLY = _START["supply"]
ASIDE_AT = _START["aside"]
CLOCK = _START["turn"]
RECENT_AT = _START["recent"]

#: A stash's counts as the vector has them: (index in the row's stash, scale).
STASH_FIELDS = np.array([[0, 3], [1, 3], [2, 6], [4, 1], [5, 3]], dtype=np.int32)
#: A recent action's type is one-hot over every action type.
_TYPES = len(ACTION_TYPES)


@compiled
def _capped(value: float) -> float:
    return value if value < 1.0 else 1.0


@compiled
def encode_row(row: Any, seat: int, out: Any) -> None:
    """Write seat ``seat``'s observation of the game ``row`` into ``out`` (cleared first)."""
    out[:] = 0.0
    o = 1 - seat
    over = row[OVER]
    filled = row[FILLED]
    for c in range(8):
        base = c * COLUMN_WIDTH
        out[base + row[STREET + seat * 8 + c]] = 1.0
        theirs = row[STREET + o * 8 + c]
        if over or c == row[IMMOBILE + o] or (row[HEADLINED + o] >> theirs) & 1:
            out[base + OPP_CARD + theirs] = 1.0
        if c >= filled:
            out[base + TOKEN + N_TOKENS + 1] = 1.0
        elif row[KNOWN + c] & (1 << seat):
            out[base + TOKEN + row[SLOTS + c]] = 1.0
        else:
            out[base + TOKEN + N_TOKENS] = 1.0
        for k in range(2):
            who = seat if k == 0 else o
            if row[IMMOBILE + who] == c:
                out[base + FLAGS + 2 * k] = 1.0
            if (row[HEADLINED + who] >> row[STREET + who * 8 + c]) & 1:
                out[base + FLAGS + 2 * k + 1] = 1.0
        n = row[REVEALS + o * 8 + c]
        if n:
            out[base + OPP_REVEALS] = _capped(n / REVEAL_SCALE)
        n = row[REVEALS + seat * 8 + c]
        if n:
            out[base + OWN_REVEALS] = _capped(n / REVEAL_SCALE)
    out[SEAT + seat] = 1.0
    for k in range(2):
        who = seat if k == 0 else o
        for f in range(5):
            count = row[STASH + who * 6 + STASH_FIELDS[f, 0]]
            if count:
                out[STASHES + 5 * k + f] = _capped(count / STASH_FIELDS[f, 1])
        for j in range(2):
            out[SALOONS + N_CHARS * k + row[SALOON + who * 2 + j]] = 1.0
    out[SUPPLY] = _capped(row[RESERVE_N] / 13.0)
    out[SUPPLY + 1] = filled / 8
    out[SUPPLY + 2] = _capped(row[DISCARD] / 3.0)
    out[SUPPLY + 3] = _capped(row[DISCARD + 1] / 3.0)
    for t in range(N_TOKENS):
        if row[ASIDE + t]:
            out[ASIDE_AT + t] = _capped(row[ASIDE + t] / 6.0)
    out[CLOCK] = _capped(row[TURN] / TURN_SCALE)
    left = row[ACTIONS_LEFT]
    out[CLOCK + 1 + (0 if left < 0 else 2 if left > 2 else left)] = 1.0
    out[CLOCK + 4] = 1.0 if row[ACTIVE] == seat and not over else 0.0
    out[CLOCK + 5] = 1.0 if row[TO_ACT] == seat else 0.0
    out[CLOCK + 6 + row[PENDING]] = 1.0
    out[CLOCK + 9] = 1.0 if row[SUDDEN] else 0.0
    out[CLOCK + 10] = 1.0 if over else 0.0
    out[CLOCK + 11] = 1.0 if over and row[WINNER] == seat else 0.0
    for k in range(row[RECENT_N]):
        base = RECENT_AT + k * RECENT_WIDTH
        cols = base + 2 + _TYPES
        at = RECENT + 5 * k
        out[base] = 1.0
        out[base + 1] = 1.0 if row[at] == seat else 0.0
        out[base + 2 + row[at + 1]] = 1.0
        if row[at + 2] >= 0:
            out[cols + row[at + 2]] = 1.0
        if row[at + 3] >= 0:
            out[cols + 8 + row[at + 3]] = 1.0
        if row[at + 4] >= 0:
            out[cols + 16 + row[at + 4]] = 1.0
