"""A seat's view as a fixed-size vector: the observation of the research interfaces.

Everything here is computed from a :class:`~outlaws.engine.View` and its redacted log
alone (R8.3): never from the true state. The PettingZoo environment and the OpenSpiel
game both use it (docs/research.md lists the layout).

Columns are the table's columns 1..8 (R2.1) for both seats, as in the action ids; the
seat one-hot tells which side of the table the vector is seen from (left and right are
read from the owner's seat, R2.2). Every entry is in [0, 1].
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..engine import ACTION_TYPES, CHARACTERS, COLUMNS, TOKENS, View
from ..engine.actionspace import CHARACTER_ID, TOKEN_ID

if TYPE_CHECKING:
    from ..deduce import Belief

N_CHARS = len(CHARACTERS)
N_TOKENS = len(TOKENS)
#: How many of the latest actions (any seat's) the vector describes.
RECENT = 4
#: A revealed count is divided by this and capped at 1.
REVEAL_SCALE = 4.0
#: The turn number is divided by this and capped at 1.
TURN_SCALE = 300.0

#: Per column: (name, width). Column c's block starts at ``c * COLUMN_WIDTH``.
COLUMN_BLOCK: tuple[tuple[str, int], ...] = (
    ("own_card", N_CHARS),  # one-hot: my character at column c
    ("opp_card", N_CHARS),  # one-hot: the opponent's card at c when it is face up now
    ("token", N_TOKENS + 2),  # one-hot: known token, then "face down, unknown", "empty"
    ("flags", 4),  # my card immobilized, headlined; the opponent's immobilized, headlined
    ("opp_reveals", 1),  # how often the opponent's card at c was revealed (/4, capped)
    ("own_reveals", 1),  # how often my card at c was revealed (/4, capped)
)
COLUMN_WIDTH = sum(width for _, width in COLUMN_BLOCK)

#: One recent action: (name, width).
RECENT_BLOCK: tuple[tuple[str, int], ...] = (
    ("present", 1),  # 1 when there is such an action
    ("mine", 1),  # 1 when I took it
    ("type", len(ACTION_TYPES)),  # one-hot over ACTION_TYPES
    ("col", COLUMNS),  # one-hot: its column (col, or a for move/saloon)
    ("other", COLUMNS),  # one-hot: b (move/saloon), target, or from (dancer)
    ("revealed", N_CHARS),  # one-hot: the other seat's card it revealed, if any
)
RECENT_WIDTH = sum(width for _, width in RECENT_BLOCK)

#: After the columns: (name, width).
GLOBAL_BLOCK: tuple[tuple[str, int], ...] = (
    ("seat", 2),  # one-hot: which seat this vector belongs to
    ("own_stash", 5),  # bullet/3, handcuffs/3, vote/6, election, headline/3
    ("opp_stash", 5),  # the same for the opponent
    ("own_saloon", N_CHARS),  # multi-hot
    ("opp_saloon", N_CHARS),  # multi-hot
    ("supply", 4),  # reserve/13, filled slots/8, discarded bullets/3, handcuffs/3
    ("aside", N_TOKENS),  # tokens set aside by sudden death, /6
    ("turn", 1),  # turn / 300, capped
    ("actions_left", 3),  # one-hot 0, 1, 2
    ("my_turn", 1),  # the turn is mine
    ("to_act", 1),  # I am the seat to act now (a reaction may be the other's turn)
    ("pending", 3),  # one-hot: nothing, intercept prompt, cancel prompt
    ("sudden_death", 1),
    ("over", 1),
    ("won", 1),  # the game is over and I won
    ("recent", RECENT * RECENT_WIDTH),  # the latest actions, newest first
)
GLOBAL_WIDTH = sum(width for _, width in GLOBAL_BLOCK)
#: The size of the vector without belief marginals.
BASE_SIZE = COLUMNS * COLUMN_WIDTH + GLOBAL_WIDTH
#: The optional belief marginals: P(opponent's card at column c is character i), 8 × 10.
BELIEF_SIZE = COLUMNS * N_CHARS

_TYPE_ID = {name: i for i, name in enumerate(ACTION_TYPES)}
_STASH = (("bullet", 3.0), ("handcuffs", 3.0), ("vote", 6.0), ("election", 1.0), ("headline", 3.0))


def observation_size(belief: bool = False) -> int:
    """The length of the vector, with or without the belief marginals."""
    return BASE_SIZE + (BELIEF_SIZE if belief else 0)


def layout(belief: bool = False) -> list[tuple[str, int, int]]:
    """Every named field of the vector as (name, start, width), in order."""
    out: list[tuple[str, int, int]] = []
    start = 0
    for c in range(COLUMNS):
        for name, width in COLUMN_BLOCK:
            out.append((f"col{c + 1}.{name}", start, width))
            start += width
    for name, width in GLOBAL_BLOCK:
        out.append((name, start, width))
        start += width
    if belief:
        out.append(("belief", start, BELIEF_SIZE))
    return out


@dataclass(slots=True)
class _Recent:
    """One action of the log, as the vector describes it."""

    seat: int | None
    type: int
    col: int
    other: int
    revealed: int = -1


class ViewEncoder:
    """Encodes one seat's successive views, reading each log event once.

    ``encode(view)`` may be given the views of one game in order (it then reads only the
    new events) or any view at all (a view whose log does not continue the last one
    starts the history afresh). With ``belief=True`` it also keeps the seat's exact
    :class:`~outlaws.deduce.Belief` and appends its marginals.
    """

    def __init__(self, seat: int, belief: bool = False) -> None:
        self.seat = seat
        self.belief = belief
        self.size = observation_size(belief)
        self.reset()

    def reset(self) -> None:
        """Forget the history read so far."""
        self.read = 0
        self.first: object = None
        self.last: object = None
        self.opp_reveals = np.zeros(COLUMNS, dtype=np.float32)
        self.own_reveals = np.zeros(COLUMNS, dtype=np.float32)
        self.recent: deque[_Recent] = deque(maxlen=RECENT)
        self.active: int | None = None
        self._belief: Belief | None = None

    def _follow(self, view: View) -> None:
        log = view.log
        if view.viewer != self.seat:
            raise ValueError(f"this encoder reads seat {self.seat}'s views, not {view.viewer!r}")
        read = self.read
        if len(log) < read or (read and (log[0] != self.first or log[read - 1] != self.last)):
            self.reset()
        if log and not self.read:
            self.first = log[0]
        me = self.seat
        for event in log[self.read :]:
            t = event.type
            if t == "reveal":
                fields = dict(event.fields)
                col = fields["col"] - 1
                if event.seat == me:
                    self.own_reveals[col] += 1
                else:
                    self.opp_reveals[col] += 1
                if self.recent:
                    last = self.recent[-1]
                    if last.seat is not None and last.seat != event.seat and last.revealed < 0:
                        last.revealed = CHARACTER_ID[fields["card"]]
            elif t == "turn":
                self.active = event.seat
            elif t in _TYPE_ID:
                fields = dict(event.fields)
                col = fields.get("col", fields.get("a"))
                other = fields.get("b", fields.get("target", fields.get("from")))
                self.recent.append(
                    _Recent(
                        event.seat,
                        _TYPE_ID[t],
                        -1 if col is None else col - 1,
                        -1 if other is None else other - 1,
                    )
                )
        self.read = len(log)
        self.last = log[-1] if log else None

    def encode(
        self, view: View, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The float32 vector of ``view`` (written into ``out`` when given)."""
        self._follow(view)
        vec = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            vec.fill(0.0)
        me, opp = self.seat, 1 - self.seat
        mine, theirs = view.seats[me], view.seats[opp]
        cw = COLUMN_WIDTH
        for c in range(COLUMNS):
            base = c * cw
            name = mine.street[c]
            if name is not None:
                vec[base + CHARACTER_ID[name]] = 1.0
            name = theirs.street[c]
            if name is not None:
                vec[base + N_CHARS + CHARACTER_ID[name]] = 1.0
            token_base = base + 2 * N_CHARS
            if c >= view.filled:
                vec[token_base + N_TOKENS + 1] = 1.0
            elif (token := view.slots[c]) is None:
                vec[token_base + N_TOKENS] = 1.0
            else:
                vec[token_base + TOKEN_ID[token]] = 1.0
        flags = 2 * N_CHARS + N_TOKENS + 2
        for k, marked in enumerate(
            (mine.immobilized, mine.headlined, theirs.immobilized, theirs.headlined)
        ):
            for col in marked:
                vec[(col - 1) * cw + flags + k] = 1.0
        idx = np.arange(COLUMNS) * cw + flags + 4
        vec[idx] = np.minimum(self.opp_reveals / REVEAL_SCALE, 1.0)
        vec[idx + 1] = np.minimum(self.own_reveals / REVEAL_SCALE, 1.0)
        g = COLUMNS * cw
        vec[g + me] = 1.0
        g += 2
        for stash in (mine.stash, theirs.stash):
            for key, scale in _STASH:
                vec[g] = min(stash[key] / scale, 1.0)
                g += 1
        for side in (mine, theirs):
            for name in side.saloon:
                vec[g + CHARACTER_ID[name]] = 1.0
            g += N_CHARS
        vec[g] = min(view.reserve / 13.0, 1.0)
        vec[g + 1] = view.filled / COLUMNS
        vec[g + 2] = min(view.discard["bullet"] / 3.0, 1.0)
        vec[g + 3] = min(view.discard["handcuffs"] / 3.0, 1.0)
        g += 4
        for t, name in enumerate(TOKENS):
            vec[g + t] = min(view.aside.get(name, 0) / 6.0, 1.0)
        g += N_TOKENS
        vec[g] = min(view.turn / TURN_SCALE, 1.0)
        vec[g + 1 + max(0, min(view.actions_left, 2))] = 1.0
        g += 4
        vec[g] = float(self.active == me and not view.over)
        vec[g + 1] = float(view.to_act == me)
        vec[g + 2 + {None: 0, "intercept": 1, "cancel": 2}[view.pending]] = 1.0
        g += 5
        vec[g] = float(view.sudden_death)
        vec[g + 1] = float(view.over)
        vec[g + 2] = float(view.over and view.winner == me)
        g += 3
        for k, action in enumerate(reversed(self.recent)):
            base = g + k * RECENT_WIDTH
            vec[base] = 1.0
            vec[base + 1] = float(action.seat == me)
            vec[base + 2 + action.type] = 1.0
            cols = base + 2 + len(ACTION_TYPES)
            if action.col >= 0:
                vec[cols + action.col] = 1.0
            if action.other >= 0:
                vec[cols + COLUMNS + action.other] = 1.0
            if action.revealed >= 0:
                vec[cols + 2 * COLUMNS + action.revealed] = 1.0
        if self.belief:
            vec[BASE_SIZE:] = self.marginals(view).ravel()
        return vec

    def marginals(self, view: View) -> npt.NDArray[np.float32]:
        """The exact posterior marginals (8 × 10) of the opponent's arrangement."""
        from ..deduce import Belief  # NumPy-heavy: only when asked for

        belief = self._belief
        if belief is None or belief.read > len(view.log) or belief.view.log[:1] != view.log[:1]:
            belief = self._belief = Belief(view)
        else:
            belief.update(view)
        return np.clip(belief.marginals(), 0.0, 1.0).astype(np.float32)


#: Where each global field starts.
_OFFSET = {name: start for name, start, _ in layout()}


def encode_placing(
    seat: int,
    own: Sequence[int],
    to_act: bool,
    belief: bool = False,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """The vector of ``seat`` during the optional placement phase of the research
    interfaces (:mod:`outlaws.adapters.placing`), in the same layout: its own picks so far
    (``own``, character ids in place order: columns 1..8 in ``col*.own_card``, then the
    Saloon in ``own_saloon``), ``seat`` and ``to_act``; every other entry 0 (nothing is
    dealt yet; the belief part too). Nothing of the other seat's picks is in it (R3.1)."""
    vec = np.zeros(observation_size(belief), dtype=np.float32) if out is None else out
    if out is not None:
        vec.fill(0.0)
    for place, ch in enumerate(own):
        if place < COLUMNS:
            vec[place * COLUMN_WIDTH + ch] = 1.0
        else:
            vec[_OFFSET["own_saloon"] + ch] = 1.0
    vec[_OFFSET["seat"] + seat] = 1.0
    vec[_OFFSET["to_act"]] = float(to_act)
    return vec


def encode_view(view: View, belief: bool = False) -> npt.NDArray[np.float32]:
    """The vector of one view, read from scratch (no history kept between calls)."""
    if view.viewer is None:
        raise ValueError("a spectator's view has no seat to encode from")
    return ViewEncoder(view.viewer, belief).encode(view)


def describe(vec: Sequence[float], belief: bool = False) -> dict[str, list[float]]:
    """The named fields of a vector (for debugging and docs)."""
    return {name: list(vec[start : start + width]) for name, start, width in layout(belief)}
