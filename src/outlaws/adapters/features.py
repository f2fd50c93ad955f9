"""A seat's frame as a fixed-size vector: the observation of the research interfaces.

Everything here is computed from a :class:`~outlaws.engine.SeatFrame` (what one seat may
know, as ints: :func:`~outlaws.engine.seat_frame`) and its redacted events alone (R8.3):
never from the true state. The PettingZoo environment and the OpenSpiel game both use it
(docs/research.md lists the layout). A :class:`SeatEncoder` follows one game's frames
and reads each event once, so an observation costs the same at turn 1 and turn 300.

Columns are the table's columns 1..8 (R2.1) for both seats, as in the action ids; the
seat one-hot tells which side of the table the vector is seen from (left and right are
read from the owner's seat, R2.2). Every entry is in [0, 1].
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..engine import ACTION_TYPES, CHARACTERS, COLUMNS, TOKENS, SeatFrame, View
from ..engine.frames import EVENT_FIELDS, field_index

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

#: How each count of a frame's stash (bullets, handcuffs, votes, elections, Headline
#: markers: ``STASH_NAMES``) is scaled into [0, 1].
_STASH_SCALE = (3.0, 3.0, 6.0, 1.0, 3.0)


def _where(etype: str, *names: str) -> int:
    """The index in an event tuple of the first of ``names`` it has, or 0 (none)."""
    for name in names:
        if any(field == name for field, _ in EVENT_FIELDS.get(etype, ())):
            return field_index(etype, name)
    return 0


#: Per action type: its id, and where its column and its second column sit in the event
#: tuple (0: it has none). The column is ``col`` (``a`` for a move or a Saloon
#: exchange); the second column ``b``, a ``target`` or a Dancer's ``from``.
_ACTION_EVENT = {
    name: (i, _where(name, "col", "a"), _where(name, "b", "target", "from"))
    for i, name in enumerate(ACTION_TYPES)
}
_REVEAL_COL, _REVEAL_CARD = field_index("reveal", "col"), field_index("reveal", "card")


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


# Where the fields of the vector start (see the layouts above).
_CW = COLUMN_WIDTH
_OPP_CARD = N_CHARS
_TOKEN = 2 * N_CHARS
_FLAGS = _TOKEN + N_TOKENS + 2
_G = COLUMNS * COLUMN_WIDTH
_STASHES = _G + 2
_SALOONS = _STASHES + 10
_SUPPLY = _SALOONS + 2 * N_CHARS
_ASIDE = _SUPPLY + 4
_CLOCK = _ASIDE + N_TOKENS
_RECENT = _CLOCK + 4 + 5 + 3

#: What an encoder's parts compare with before anything is encoded.
_UNSET = object()
#: An encoded part of the vector: (index, value) of its nonzero entries.
Entries = list[tuple[int, float]]


def _own_cards(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    return [(c * _CW + ch, 1.0) for c, ch in enumerate(frame.street[enc.seat])]


def _opp_cards(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    street = frame.street[1 - enc.seat]
    return [(c * _CW + _OPP_CARD + ch, 1.0) for c, ch in enumerate(street) if ch >= 0]


def _tokens(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    filled = frame.filled
    return [
        (
            c * _CW + _TOKEN + (N_TOKENS + 1 if c >= filled else N_TOKENS if token < 0 else token),
            1.0,
        )
        for c, token in enumerate(frame.slots)
    ]


def _flags(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    out: Entries = []
    for k, seat in ((0, enc.seat), (2, 1 - enc.seat)):
        imm = frame.immobile[seat]
        if imm >= 0:
            out.append((imm * _CW + _FLAGS + k, 1.0))
        out += [(col * _CW + _FLAGS + k + 1, 1.0) for col in frame.headlined[seat]]
    return out


def _reveals(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    out: Entries = []
    for k, counts in ((4, enc.opp_reveals), (5, enc.own_reveals)):
        out += [
            (c * _CW + _FLAGS + k, min(n / REVEAL_SCALE, 1.0)) for c, n in enumerate(counts) if n
        ]
    return out


def _seat(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    return [(_G + enc.seat, 1.0)]


def _stashes(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    me = enc.seat
    out: Entries = []
    for start, stash in ((_STASHES, frame.stash[me]), (_STASHES + 5, frame.stash[1 - me])):
        out += [
            (start + k, min(count / scale, 1.0))
            for k, (count, scale) in enumerate(zip(stash, _STASH_SCALE, strict=True))
            if count
        ]
    return out


def _saloons(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    me = enc.seat
    return [(_SALOONS + ch, 1.0) for ch in frame.saloon[me]] + [
        (_SALOONS + N_CHARS + ch, 1.0) for ch in frame.saloon[1 - me]
    ]


def _supply(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    bullets, handcuffs = frame.discard
    return [
        (_SUPPLY, min(frame.reserve / 13.0, 1.0)),
        (_SUPPLY + 1, frame.filled / COLUMNS),
        (_SUPPLY + 2, min(bullets / 3.0, 1.0)),
        (_SUPPLY + 3, min(handcuffs / 3.0, 1.0)),
    ]


def _aside(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    return [(_ASIDE + t, min(n / 6.0, 1.0)) for t, n in enumerate(frame.aside) if n]


def _clock(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    me, g = enc.seat, _CLOCK
    out = [
        (g, min(frame.turn / TURN_SCALE, 1.0)),
        (g + 1 + max(0, min(frame.actions_left, 2)), 1.0),
        (g + 4, float(enc.active == me and not frame.over)),
        (g + 5, float(frame.to_act == me)),
        (g + 6 + frame.pending, 1.0),
        (g + 9, float(frame.sudden_death)),
        (g + 10, float(frame.over)),
        (g + 11, float(frame.over and frame.winner == me)),
    ]
    return out


def _recent(enc: SeatEncoder, frame: SeatFrame) -> Entries:
    me = enc.seat
    out: Entries = []
    for k, action in enumerate(reversed(enc.recent)):
        base = _RECENT + k * RECENT_WIDTH
        cols = base + 2 + len(ACTION_TYPES)
        out += [(base, 1.0), (base + 1, float(action.seat == me)), (base + 2 + action.type, 1.0)]
        if action.col >= 0:
            out.append((cols + action.col, 1.0))
        if action.other >= 0:
            out.append((cols + COLUMNS + action.other, 1.0))
        if action.revealed >= 0:
            out.append((cols + 2 * COLUMNS + action.revealed, 1.0))
    return out


#: The parts of the vector, in the order of the keys :meth:`SeatEncoder._keys` reads them
#: from (a part whose key did not change since the last frame encoded is not written
#: again).
_PARTS: tuple[Callable[[SeatEncoder, SeatFrame], Entries], ...] = (
    _own_cards,
    _opp_cards,
    _tokens,
    _flags,
    _reveals,
    _seat,
    _stashes,
    _saloons,
    _supply,
    _aside,
    _clock,
    _recent,
)


class SeatEncoder:
    """Encodes one seat's successive frames of one game, reading each event once.

    Give :meth:`encode` the frames of one game in order, each starting where the last
    ended (``seat_frame(state, seat, since=encoder.read)``), or a frame from the log's
    start (``since=0``), which starts the history afresh. :meth:`follow` reads events
    that came before the engine's log (a rebuilt position's known past).

    The vector is kept between frames, part by part (the cards, the tokens, the
    stashes, the clock of the turn, the recent actions, ...): a part whose inputs did not
    change since the last frame is not written again, so a step costs the few parts it
    changed.
    """

    seat: int
    read: int
    active: int | None
    reveals: int
    actions: int

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.reset()

    def reset(self) -> None:
        """Forget the history read so far."""
        #: How many events of the engine's log have been read.
        self.read = 0
        self.opp_reveals = [0] * COLUMNS
        self.own_reveals = [0] * COLUMNS
        self.recent: deque[_Recent] = deque(maxlen=RECENT)
        self.active: int | None = None
        #: How many reveals and actions have been read (what the parts made of them
        #: compare).
        self.reveals = self.actions = 0
        self._belief: Belief | None = None
        self._vector = array("f", bytes(4 * BASE_SIZE))
        self._keys: list[object] = [_UNSET] * len(_PARTS)
        self._written: list[Entries] = [[] for _ in _PARTS]

    def follow(self, events: Iterable[tuple[Any, ...]]) -> None:
        """Read redacted event tuples (the layout of :mod:`outlaws.engine.frames`)."""
        me = self.seat
        recent = self.recent
        for raw in events:
            etype = raw[0]
            if etype == "reveal":
                seat, col = raw[2], raw[_REVEAL_COL]
                if seat == me:
                    self.own_reveals[col] += 1
                else:
                    self.opp_reveals[col] += 1
                self.reveals += 1
                if recent:
                    last = recent[-1]
                    if last.seat is not None and last.seat != seat and last.revealed < 0:
                        last.revealed = raw[_REVEAL_CARD]
                        self.actions += 1
            elif etype == "turn":
                self.active = raw[2]
            else:
                described = _ACTION_EVENT.get(etype)
                if described is not None:
                    kind, col, other = described
                    recent.append(
                        _Recent(raw[2], kind, raw[col] if col else -1, raw[other] if other else -1)
                    )
                    self.actions += 1

    def _read_keys(self, f: SeatFrame) -> tuple[object, ...]:
        """What each part of :data:`_PARTS` is made from, in their order."""
        me = self.seat
        return (
            f.street[me],
            f.street[1 - me],
            (f.slots, f.filled),
            (f.immobile, f.headlined),
            self.reveals,
            me,
            f.stash,
            f.saloon,
            (f.reserve, f.filled, f.discard),
            f.aside,
            (
                f.turn,
                f.actions_left,
                self.active,
                f.to_act,
                f.pending,
                f.sudden_death,
                f.over,
                f.winner,
            ),
            self.actions,
        )

    def encode(
        self, frame: SeatFrame, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The float32 vector of ``frame`` (written into ``out`` when given: its first
        :data:`BASE_SIZE` entries, the rest left as they are)."""
        if frame.viewer != self.seat:
            raise ValueError(f"this encoder reads seat {self.seat}'s frames, not {frame.viewer!r}")
        if frame.since != self.read:
            if frame.since:
                raise ValueError(
                    f"the frame starts at event {frame.since}, this encoder has read {self.read}"
                )
            self.reset()
        self.follow(frame.events)
        self.read = frame.log_length
        vector, keys, written = self._vector, self._keys, self._written
        for k, key in enumerate(self._read_keys(frame)):
            if key == keys[k]:
                continue
            for i, _ in written[k]:
                vector[i] = 0.0
            new = written[k] = _PARTS[k](self, frame)
            for i, value in new:
                vector[i] = value
            keys[k] = key
        vec = np.zeros(BASE_SIZE, dtype=np.float32) if out is None else out
        vec[:BASE_SIZE] = np.frombuffer(vector, dtype=np.float32)
        return vec

    def marginals(self, view: View) -> npt.NDArray[np.float32]:
        """The exact posterior marginals (8 × 10) of the opponent's arrangement, from the
        seat's view (the belief is kept and updated from one view to the next)."""
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


def encode_frame(frame: SeatFrame, view: View | None = None) -> npt.NDArray[np.float32]:
    """The vector of one frame read from the log's start (no history kept between calls);
    with ``view`` (the same seat's view of the same position), the belief marginals too."""
    if frame.viewer is None:
        raise ValueError("a spectator's frame has no seat to encode from")
    if frame.since:
        raise ValueError("encode_frame needs the frame of the whole log (since=0)")
    encoder = SeatEncoder(frame.viewer)
    if view is None:
        return encoder.encode(frame)
    vec = np.zeros(observation_size(True), dtype=np.float32)
    encoder.encode(frame, out=vec)
    vec[BASE_SIZE:] = encoder.marginals(view).ravel()
    return vec


def describe(vec: Sequence[float], belief: bool = False) -> dict[str, list[float]]:
    """The named fields of a vector (for debugging and docs)."""
    return {name: list(vec[start : start + width]) for name, start, width in layout(belief)}
