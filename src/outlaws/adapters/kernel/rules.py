"""The rules of :class:`outlaws.engine.State` over many games at once, compiled.

Each game is one row of an int32 array (``games[g]``, fields at the offsets below),
so that a batch of games is stepped in one call with no Python object per game. The
functions are a line-by-line port of the engine's ``_legal`` and ``_apply`` methods and
of what :class:`outlaws.adapters.features.SeatEncoder` reads from the log: the engine
stays the one reference, and ``tests/adapters/test_kernel.py`` plays random games through both
and asserts that every legal-action mask, observation and ending is identical.

Two things stay outside: the deal (:class:`~outlaws.engine.Setup`, in Python) and the
shuffle of a sudden-death deal (R9.4), which the engine draws from Python's ``random``
with a string seed. A row whose sudden death was just dealt has ``DEAL_DUE`` set and its
eight tokens in a fixed order; :meth:`outlaws.adapters.kernel.Games.settle_deals`
shuffles them as the engine does before anything reads them.

With Numba installed (the ``rl`` extra) the functions are compiled on first use; without
it they run as plain Python, the same rules but slowly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from ...engine.actionspace import (
    BANDIT,
    BOGUS,
    BULLET,
    DANCER,
    ELECTION,
    GOVERNOR,
    HANDCUFFS,
    HEADLINE,
    HITMAN,
    INDIAN,
    MAYOR,
    REPORTER,
    REVEREND,
    SHERIFF,
    STOREKEEP,
    VOTE,
)
from .tables import (
    BANDIT_LEAF,
    CANCEL_ID,
    DANCER_LEAF,
    ELECTION_LEAF,
    HITMAN_LEAF,
    IDS,
    INDIAN_LEAF,
    INTERCEPT_ID,
    LOOK_TAKE_LEAF,
    MOVE_SALOON_LEAF,
    NO_COL,
    PASS_ID,
    PLACED,
    REPORTER_LEAF,
    REVEREND_LEAF,
    SHERIFF_LEAF,
    SPEC,
    START,
    STOREKEEP_LEAF,
    TARGETS,
)

_F = TypeVar("_F", bound=Callable[..., Any])

try:
    from numba import njit as _njit

    def compiled(function: _F) -> _F:
        """Compile ``function`` with Numba (cached on disk)."""
        return _njit(cache=True, nogil=True)(function)  # type: ignore[return-value]

    COMPILED = True
except ImportError:  # pragma: no cover - the rl extra brings Numba

    def compiled(function: _F) -> _F:
        """Without Numba: the function as it is."""
        return function

    COMPILED = False

# -- the row of one game ---------------------------------------------------------------
STREET = 0  # 16: seat * 8 + column -> character
SALOON = 16  # 4: seat * 2 + k
SLOTS = 20  # 8: token id, -1 empty
KNOWN = 28  # 8: knowledge bits (1 seat 0, 2 seat 1, 4 public)
FILLED = 36
RESERVE = 37  # 8: the reserve, top first
RESERVE_N = 45
STASH = 46  # 12: seat * 6 + token id (5: Headline markers)
DISCARD = 58  # 2: bullets, handcuffs
ASIDE = 60  # 5: by token id (R9.4)
IMMOBILE = 65  # 2: column, NO_COL for none
HEADLINED = 67  # 2: bits by character
ACTIVE = 69
TO_ACT = 70  # -1: nobody
ACTIONS_LEFT = 71
PENDING = 72
CONTEXT = 73  # 3
TURN = 76
OVER = 77
WINNER = 78  # -1: none
HOW = 79  # 0 playing, 1 good, 2 bad, 3 ugly, 4 limit
SUDDEN = 80
SUDDEN_N = 81
TURN_LIMIT = 82  # 0: none
DEAL_DUE = 83
# What the observation reads from the log (SeatEncoder's history).
REVEALS = 84  # 16: seat * 8 + column -> how often that seat's card there was revealed
RECENT = 100  # 4 x 5: the latest actions, newest first: seat, type, col, other, revealed
RECENT_N = 120
WIDTH = 121

HOW_GOOD, HOW_BAD, HOW_UGLY, HOW_LIMIT = 1, 2, 3, 4
NO_PENDING, PENDING_INTERCEPT, PENDING_CANCEL = 0, 1, 2
EFFECT_ARREST, EFFECT_IMMOBILIZE = 0, 1
# R2.2, by seat.
LEFT_0, LEFT_1 = -1, 1

# Action kinds (outlaws.engine.actions).
K_MOVE, K_SALOON, K_LOOK, K_TAKE, K_HITMAN, K_SHERIFF, K_INDIAN, K_STOREKEEP = range(8)
K_DANCER, K_REPORTER, K_BANDIT, K_REVEREND, K_INTERCEPT, K_CANCEL, K_PASS = range(8, 15)
NO_FIELD = -1
#: Per kind: which spec field is the recent action's column, and its other column.
RECENT_COL = np.array([1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1], dtype=np.int32)
RECENT_OTHER = np.array([2, 3, -1, -1, -1, 3, 2, -1, 2, 3, -1, -1, -1, -1, -1], dtype=np.int32)


@compiled
def _left(seat: int) -> int:
    return LEFT_0 if seat == 0 else LEFT_1


@compiled
def _find(row: Any, seat: int, ch: int) -> int:
    base = STREET + seat * 8
    for c in range(8):
        if row[base + c] == ch:
            return c
    return -1


@compiled
def _add(out: Any, n: int, leaf: int) -> int:
    """Append the ids of ``leaf`` to ``out[:n]``; the new length."""
    for k in range(START[leaf], START[leaf + 1]):
        out[n] = IDS[k]
        n += 1
    return n


@compiled
def _intercepting_sheriff(row: Any) -> int:
    d = row[TO_ACT]
    g: int = row[CONTEXT]
    if not row[STASH + d * 6 + HANDCUFFS]:
        return -1
    for col in (g - 1, g + 1):
        if 0 <= col < 8 and row[STREET + d * 8 + col] == SHERIFF and col != row[IMMOBILE + d]:
            return col
    return -1


@compiled
def _cancelling_reverend(row: Any) -> int:
    r = row[TO_ACT]
    col: int = row[CONTEXT + 2] - _left(r)  # RIGHT is the mirror of LEFT
    if 0 <= col < 8 and row[STREET + r * 8 + col] == REVEREND and col != row[IMMOBILE + r]:
        return col
    return -1


@compiled
def legal_ids(row: Any, out: Any) -> int:
    """Write every legal action id of the seat to act into ``out`` (987 long at most)
    and return how many: the engine's ``State._legal``, part by part (the parts are
    disjoint, so no id comes twice)."""
    n = 0
    if row[OVER]:
        return n
    pending = row[PENDING]
    if pending:
        if pending == PENDING_INTERCEPT:
            if _intercepting_sheriff(row) >= 0:
                out[n] = INTERCEPT_ID
                n += 1
        elif _cancelling_reverend(row) >= 0:
            out[n] = CANCEL_ID
            n += 1
        out[n] = PASS_ID
        return n + 1
    s = row[ACTIVE]
    o = 1 - s
    base = STREET + s * 8
    imm = row[IMMOBILE + s]
    oimm = row[IMMOBILE + o]
    g = _find(row, s, GOVERNOR)
    n = _add(out, n, MOVE_SALOON_LEAF[g, imm])
    filled = row[FILLED]
    for c in range(filled):
        if c != imm:
            n = _add(out, n, LOOK_TAKE_LEAF[c, row[base + c]])
    if g < filled and row[STASH + s * 6 + VOTE] > row[STASH + o * 6 + VOTE]:
        n = _add(out, n, ELECTION_LEAF[g])
    m = _find(row, s, MAYOR)
    mayored = m - _left(s) if m >= 0 else -9
    for c in range(8):
        ch = row[base + c]
        mok = 1 if c == mayored else 0
        if ch == HITMAN:
            if row[STASH + s * 6 + BULLET] and c != oimm:
                n = _add(out, n, HITMAN_LEAF[c])
        elif ch == SHERIFF:
            if row[STASH + s * 6 + HANDCUFFS]:
                n = _add(out, n, SHERIFF_LEAF[c, mok, oimm])
        elif ch == INDIAN:
            n = _add(out, n, INDIAN_LEAF[c, mok, oimm])
        elif ch == STOREKEEP:
            n = _add(out, n, STOREKEEP_LEAF[c, mok, filled, 1 if row[RESERVE_N] else 0])
        elif ch == DANCER:
            n = _add(out, n, DANCER_LEAF[c, oimm])
        elif ch == REPORTER:
            if row[STASH + s * 6 + HEADLINE]:
                marked = row[HEADLINED + o]
                for k in range(4):
                    t = TARGETS[c, mok, k, 0]
                    if t < 0:
                        break
                    if t != oimm and not (marked >> row[STREET + o * 8 + t]) & 1:
                        n = _add(out, n, REPORTER_LEAF[c, t, TARGETS[c, mok, k, 1]])
        elif ch == BANDIT:
            if c != oimm and c != imm:
                n = _add(out, n, BANDIT_LEAF[c])
        elif ch == REVEREND:
            if imm != NO_COL and imm == c + _left(s):
                n = _add(out, n, REVEREND_LEAF[c])
    return n


@compiled
def legal_mask(row: Any, ids: Any, out: Any) -> None:
    """``out[id]`` = 1 for every legal id, 0 for the others (``ids``: scratch space)."""
    out[:] = 0
    for k in range(legal_ids(row, ids)):
        out[ids[k]] = 1


# -- what the log would say: the observation's history ---------------------------------
@compiled
def _reveal(row: Any, seat: int, col: int) -> None:
    """A ``reveal`` event: counted by column, and the card named on the latest action
    of the other seat that revealed none yet (SeatEncoder.follow)."""
    row[REVEALS + seat * 8 + col] += 1
    if row[RECENT_N] and row[RECENT] != seat and row[RECENT + 4] < 0:
        row[RECENT + 4] = row[STREET + seat * 8 + col]


@compiled
def _reveal_actor(row: Any, s: int, c: int, mayor: int) -> None:
    _reveal(row, s, c)
    if mayor:
        _reveal(row, s, c + _left(s))


@compiled
def _action(row: Any, seat: int, kind: int, col: int, other: int) -> None:
    """An action event: the newest of the recent actions."""
    for k in range(14, -1, -1):
        row[RECENT + 5 + k] = row[RECENT + k]
    row[RECENT] = seat
    row[RECENT + 1] = kind
    row[RECENT + 2] = col
    row[RECENT + 3] = other
    row[RECENT + 4] = -1
    if row[RECENT_N] < 4:
        row[RECENT_N] += 1


@compiled
def _logged(row: Any, seat: int, spec: Any) -> None:
    kind = spec[0]
    col = spec[RECENT_COL[kind]] if RECENT_COL[kind] >= 0 else -1
    other = spec[RECENT_OTHER[kind]] if RECENT_OTHER[kind] >= 0 else -1
    _action(row, seat, kind, col, other)


# -- applying --------------------------------------------------------------------------
@compiled
def _win(row: Any, seat: int, how: int) -> None:
    row[OVER] = 1
    row[ACTIONS_LEFT] = 0
    row[WINNER] = seat
    row[HOW] = how
    row[TO_ACT] = -1
    row[PENDING] = NO_PENDING


@compiled
def _prompt(row: Any, pending: int, seat: int, c0: int, c1: int, c2: int) -> None:
    row[PENDING] = pending
    row[CONTEXT] = c0
    row[CONTEXT + 1] = c1
    row[CONTEXT + 2] = c2
    row[TO_ACT] = seat


@compiled
def _sudden_death_due(row: Any) -> bool:
    if row[STASH + VOTE] != 3 or row[STASH + 6 + VOTE] != 3:
        return False
    for seat in range(2):
        if row[STASH + seat * 6 + BULLET] or row[STASH + seat * 6 + HANDCUFFS]:
            return False
    for c in range(8):
        if row[SLOTS + c] == BULLET or row[SLOTS + c] == HANDCUFFS:
            return False
    for k in range(row[RESERVE_N]):
        if row[RESERVE + k] == BULLET or row[RESERVE + k] == HANDCUFFS:
            return False
    return True


@compiled
def _deal_sudden_death(row: Any) -> None:
    """R9.4, but for the shuffle: the eight tokens in the engine's order before it
    shuffles them, and ``DEAL_DUE`` set (see the module docstring)."""
    for c in range(8):
        if row[SLOTS + c] >= 0:
            row[ASIDE + row[SLOTS + c]] += 1
    for k in range(row[RESERVE_N]):
        row[ASIDE + row[RESERVE + k]] += 1
    n = 0
    for _ in range(row[DISCARD]):
        row[SLOTS + n] = BULLET
        n += 1
    for _ in range(row[DISCARD + 1]):
        row[SLOTS + n] = HANDCUFFS
        n += 1
    row[SLOTS + n] = BOGUS
    row[SLOTS + n + 1] = BOGUS
    row[DISCARD] = 0
    row[DISCARD + 1] = 0
    row[ASIDE + BOGUS] -= 2
    row[SUDDEN_N] += 1
    for c in range(8):
        row[KNOWN + c] = 0
    row[FILLED] = 8
    row[RESERVE_N] = 0
    row[SUDDEN] = 1
    row[DEAL_DUE] = 1


@compiled
def _end_action(row: Any) -> None:
    row[PENDING] = NO_PENDING
    if row[STASH + VOTE] == 3 and _sudden_death_due(row):
        _deal_sudden_death(row)
    row[ACTIONS_LEFT] -= 1
    if row[ACTIONS_LEFT] == 0:
        if row[TURN_LIMIT] and row[TURN] >= row[TURN_LIMIT]:
            row[OVER] = 1
            row[ACTIONS_LEFT] = 0
            row[HOW] = HOW_LIMIT
            row[TO_ACT] = -1
            return
        row[ACTIVE] = 1 - row[ACTIVE]
        row[ACTIONS_LEFT] = 2
        row[TURN] += 1
    row[TO_ACT] = row[ACTIVE]


@compiled
def _remove_slot(row: Any, c: int) -> None:
    """R5.6: close the gap toward column 1 and deal the reserve's top into slot 8."""
    for k in range(c, 7):
        row[SLOTS + k] = row[SLOTS + k + 1]
        row[KNOWN + k] = row[KNOWN + k + 1]
    if row[RESERVE_N]:
        row[SLOTS + 7] = row[RESERVE]
        for k in range(row[RESERVE_N] - 1):
            row[RESERVE + k] = row[RESERVE + k + 1]
        row[RESERVE_N] -= 1
    else:
        row[SLOTS + 7] = -1
        row[FILLED] -= 1
    row[KNOWN + 7] = 0


@compiled
def apply(row: Any, action: int) -> None:
    """Apply a legal action id for the seat to act (the engine's ``apply_id``, without
    its check: the caller has checked the id against :func:`legal_mask`)."""
    spec = SPEC[action]
    kind = spec[0]
    if kind >= K_INTERCEPT:
        _react(row, kind)
        return
    s = row[ACTIVE]
    o = 1 - s
    base = STREET + s * 8
    obase = STREET + o * 8
    if kind != K_TAKE:  # the engine logs a Take after its reveal
        _logged(row, s, spec)
    if kind == K_MOVE:
        if spec[3]:
            a, b = base + spec[1], base + spec[2]
            row[a], row[b] = row[b], row[a]
    elif kind == K_SALOON:
        k, a, b, role, order = spec[1], spec[2], spec[3], spec[4], spec[5]
        three = (row[SALOON + s * 2 + k], row[base + a], row[base + b])
        row[SALOON + s * 2 + k] = three[role]
        row[base + a] = three[PLACED[role, order, 0]]
        row[base + b] = three[PLACED[role, order, 1]]
    elif kind == K_LOOK:
        c = spec[1]
        _reveal(row, s, c)
        row[KNOWN + c] |= 1 << s
    elif kind == K_TAKE:
        c, call = spec[1], spec[2]
        _reveal(row, s, c)
        _logged(row, s, spec)
        token = row[SLOTS + c]
        if token != call:
            row[KNOWN + c] = 7
        else:
            row[STASH + s * 6 + token] += 1
            _remove_slot(row, c)
            if token == ELECTION:
                _win(row, s, HOW_GOOD)
                return
    elif kind == K_HITMAN:
        c = spec[1]
        row[STASH + s * 6 + BULLET] -= 1
        row[DISCARD + BULLET] += 1
        _reveal(row, s, c)
        _reveal(row, o, c)
        if row[obase + c] == GOVERNOR:
            if row[STASH + o * 6 + HANDCUFFS]:
                _prompt(row, PENDING_INTERCEPT, o, c, 0, 0)
            else:
                _win(row, s, HOW_BAD)
            return
    elif kind == K_SHERIFF:
        c, call, t, mayor = spec[1], spec[2], spec[3], spec[4]
        row[STASH + s * 6 + HANDCUFFS] -= 1
        row[DISCARD + 1] += 1
        _reveal_actor(row, s, c, mayor)
        _reveal(row, o, t)
        if row[obase + t] == call:
            effect = EFFECT_ARREST if call == HITMAN else EFFECT_IMMOBILIZE
            _prompt(row, PENDING_CANCEL, o, effect, s, t)
            return
    elif kind == K_INDIAN:
        _reveal_actor(row, s, spec[1], spec[3])
        _reveal(row, o, spec[2])
    elif kind == K_STOREKEEP:
        c, s1, s2, mayor = spec[1], spec[2], spec[3], spec[4]
        _reveal_actor(row, s, c, mayor)
        if s2 >= 0:
            row[SLOTS + s1], row[SLOTS + s2] = row[SLOTS + s2], row[SLOTS + s1]
            row[KNOWN + s1], row[KNOWN + s2] = row[KNOWN + s2], row[KNOWN + s1]
        else:
            top = row[RESERVE]
            n = row[RESERVE_N]
            for k in range(n - 1):
                row[RESERVE + k] = row[RESERVE + k + 1]
            row[RESERVE + n - 1] = row[SLOTS + s1]
            row[SLOTS + s1] = top
            row[KNOWN + s1] = 0
    elif kind == K_DANCER:
        c, f = spec[1], spec[2]
        _reveal(row, s, c)
        moving = row[obase + f]
        if f > c:
            for k in range(f, c, -1):
                row[obase + k] = row[obase + k - 1]
        else:
            for k in range(f, c):
                row[obase + k] = row[obase + k + 1]
        row[obase + c] = moving
    elif kind == K_REPORTER:
        call, t = spec[2], spec[3]
        row[STASH + s * 6 + HEADLINE] -= 1
        _reveal_actor(row, s, spec[1], spec[4])
        _reveal(row, o, t)
        if row[obase + t] == call:
            row[HEADLINED + o] |= 1 << call
    elif kind == K_BANDIT:
        c, call = spec[1], spec[2]
        _reveal(row, s, c)
        _reveal(row, o, c)
        if row[obase + c] == call:
            token = BULLET if call == HITMAN else HANDCUFFS
            if row[STASH + o * 6 + token]:
                row[STASH + o * 6 + token] -= 1
                row[STASH + s * 6 + token] += 1
    elif kind == K_REVEREND:
        _reveal(row, s, spec[1])
        row[IMMOBILE + s] = NO_COL
    _end_action(row)


@compiled
def _react(row: Any, kind: int) -> None:
    """An answer to a pending prompt (R8.5): intercept, cancel or pass."""
    r = row[TO_ACT]
    if kind == K_INTERCEPT:
        col = _intercepting_sheriff(row)
        row[STASH + r * 6 + HANDCUFFS] -= 1
        row[DISCARD + 1] += 1
        _action(row, r, K_INTERCEPT, col, -1)
        _reveal(row, r, col)
        _prompt(row, PENDING_CANCEL, row[ACTIVE], EFFECT_ARREST, r, row[CONTEXT])
        return
    if kind == K_CANCEL:
        col = _cancelling_reverend(row)
        _action(row, r, K_CANCEL, col, -1)
        _reveal(row, r, col)
        _end_action(row)
        return
    _action(row, r, K_PASS, -1, -1)
    if row[PENDING] == PENDING_INTERCEPT:
        _win(row, row[ACTIVE], HOW_BAD)
        return
    effect, sheriff_seat, col = row[CONTEXT], row[CONTEXT + 1], row[CONTEXT + 2]
    if effect == EFFECT_ARREST:
        _win(row, sheriff_seat, HOW_UGLY)
        return
    row[IMMOBILE + r] = col
    row[DISCARD + 1] -= 1
    row[STASH + sheriff_seat * 6 + HANDCUFFS] += 1
    _end_action(row)
