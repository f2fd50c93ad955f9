"""The optional placement phase of the research interfaces (R3.1), as ordinary decisions.

docs/rules.md R3.1 (Decision) makes placement a real phase: both seats place their ten
characters at the same time, neither seeing the other's. The frameworks take one action
at a time, so the phase is 20 *picks*, the seats taking turns (seat 0, seat 1, seat 0,
...). A seat's k-th pick (k = 1..10) says which of its characters not yet placed goes to
its k-th place: columns 1..8, then Saloon 1 and 2. A pick's id is
``PLACE_BASE + character id`` (:data:`PLACE_BASE` = ``NUM_ACTIONS`` = 987, so 987..996,
``CHARACTERS`` order). Legal picks exclude characters already placed, the Governor at
the Saloon places, and, at column 8, anything but the Governor if he is still to place
(the placement could not be completed, R3.1). A seat never learns the other's picks: only
that they were made, which the alternation tells anyway.

When the 20th pick is made the game starts from ``Setup.placed(seed, [p0, p1])``: the
tokens and the first seat come from the seed alone, as in the engine.

>>> picks = Picks()
>>> for ch in (1, 2, 3, 4, 5, 6, 7):  # seat 0 leaves its Governor (0) for last...
...     picks.apply(PLACE_BASE + ch)
...     picks.apply(picks.legal()[0])  # (seat 1 picks too)
>>> [pick - PLACE_BASE for pick in picks.legal()]  # ...so column 8 must be his
[0]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import COLUMNS, NUM_ACTIONS, Placement
from ..engine.actionspace import CHARACTERS, GOVERNOR

#: The id of "place character 0 next"; character k is ``PLACE_BASE + k``.
PLACE_BASE = NUM_ACTIONS
#: Picks per seat: its 8 columns, then its 2 Saloon places.
PICKS = len(CHARACTERS)
#: The size of the action space with the placement phase on.
NUM_ACTIONS_PLACING = NUM_ACTIONS + PICKS
#: Picks in the whole phase.
PHASE_PICKS = 2 * PICKS


def place_name(index: int) -> str:
    """The name of a seat's ``index``-th place (0-based): ``column 1`` .. ``saloon 2``."""
    return f"column {index + 1}" if index < COLUMNS else f"saloon {index - COLUMNS + 1}"


def legal_picks(own: Sequence[int]) -> list[int]:
    """The pick ids a seat that has placed ``own`` (character ids, in place order) may
    take next, ascending."""
    k = len(own)
    if k >= PICKS:
        return []
    placed = set(own)
    if k == COLUMNS - 1 and GOVERNOR not in placed:
        return [PLACE_BASE + GOVERNOR]  # his last chance to stand on Main Street
    return [
        PLACE_BASE + ch
        for ch in range(PICKS)
        if ch not in placed and not (k >= COLUMNS and ch == GOVERNOR)
    ]


class Picks:
    """The phase in progress: both seats' picks so far (character ids, place order)."""

    __slots__ = ("own",)

    def __init__(self) -> None:
        self.own: tuple[list[int], list[int]] = ([], [])

    def copy(self) -> Picks:
        other = Picks()
        other.own[0].extend(self.own[0])
        other.own[1].extend(self.own[1])
        return other

    @property
    def made(self) -> int:
        """Picks made by both seats."""
        return len(self.own[0]) + len(self.own[1])

    @property
    def done(self) -> bool:
        return self.made == PHASE_PICKS

    @property
    def to_act(self) -> int:
        """The seat to pick next: the seats take turns, seat 0 first."""
        return self.made % 2

    def legal(self) -> list[int]:
        """The pick ids of the seat to act."""
        return [] if self.done else legal_picks(self.own[self.to_act])

    def apply(self, action: int) -> None:
        """Apply a pick id of the seat to act; ValueError if it is not legal."""
        if action not in self.legal():
            raise ValueError(f"{action} is not a legal placement pick now (R3.1)")
        self.own[self.to_act].append(action - PLACE_BASE)

    def placements(self) -> list[Placement]:
        """Both seats' placements, seat 0 first (the phase must be over)."""
        assert self.done, "the placement phase is not over"
        return [Placement(tuple(own[:COLUMNS]), tuple(own[COLUMNS:])) for own in self.own]

    def describe(self, seat: int) -> str:
        """What ``seat`` knows of the phase: its own picks, how many the other made."""
        mine = ", ".join(f"{place_name(i)} {CHARACTERS[ch]}" for i, ch in enumerate(self.own[seat]))
        return (
            f"placing: {len(self.own[seat])}/{PICKS} placed"
            f" (seat {1 - seat}: {len(self.own[1 - seat])}/{PICKS})"
            f"; {mine or 'nothing yet'}"
        )


__all__ = [
    "NUM_ACTIONS_PLACING",
    "PHASE_PICKS",
    "PICKS",
    "PLACE_BASE",
    "Picks",
    "legal_picks",
    "place_name",
]
