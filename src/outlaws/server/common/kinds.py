"""The server's closed sets of words, as ``Literal`` types: how a game was started, where
it stands, who plays a seat, who took an action, and a finished game's outcome.

They are stored as text (SQLite and PostgreSQL alike); :func:`checked` reads one back and
refuses a word outside its set, so that a damaged row is an error, not a new state.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast, get_args

from ...engine import How

#: How a game was started: against a bot, against a friend (an invite), or imported to
#: be watched.
TableKind = Literal["bot", "friend", "imported"]
#: A friend game waits for its second player; the seats place their cards (R3.1) unless
#: the seed placed them; then it is played until it is over.
TableStatus = Literal["waiting", "placing", "playing", "over"]
#: How a new game's cards are placed: by each seat (R3.1), or all dealt from the seed.
PlacementMode = Literal["choose", "random"]
#: Who plays a seat; an imported game's seats are nobody's.
SeatKind = Literal["human", "bot", "none"]
#: Who took an action: a human, a bot seat, a bot standing in for a human whose time ran
#: out, or an imported record.
Actor = Literal["human", "bot", "clock", "import"]


class GameResult(TypedDict, total=False):
    """A finished game's outcome, as stored and sent: ``winner`` (None after the turn
    limit) and ``how`` (the engine's ``good``, ``bad``, ``ugly``, ``limit``, or the
    server's ``resign`` and ``timeout``, which also name the ``loser``). An imported
    record's own result is kept as it came."""

    winner: int | None
    how: How | Literal["resign", "timeout"]
    loser: int


def checked(kind: object, value: str) -> str:
    """``value`` if it is one of the words of the ``Literal`` type ``kind``; a
    ``ValueError`` naming the set otherwise.

    >>> checked(TableStatus, "over")
    'over'
    >>> checked(TableStatus, "paused")
    Traceback (most recent call last):
    ValueError: 'paused' is not one of waiting, placing, playing, over
    """
    words = get_args(kind)
    if value not in words:
        raise ValueError(f"{value!r} is not one of {', '.join(words)}")
    return value


def table_kind(value: str) -> TableKind:
    return cast(TableKind, checked(TableKind, value))


def table_status(value: str) -> TableStatus:
    return cast(TableStatus, checked(TableStatus, value))


def seat_kind(value: str) -> SeatKind:
    return cast(SeatKind, checked(SeatKind, value))


def actor(value: str) -> Actor:
    return cast(Actor, checked(Actor, value))
