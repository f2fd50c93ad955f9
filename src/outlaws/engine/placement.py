"""Placements (R3.1): where one seat puts its ten characters before the first action.

Each seat secretly places 8 characters on its side of Main Street (column 1 first) and 2
in its Saloon; the Governor may never be in a Saloon. Both seats place at the same time,
and play starts when both have placed (docs/rules.md R3.1, Decision). A game started from two
placements takes its token deal and its first seat from its seed
(:meth:`~outlaws.engine.Setup.placed`); the placements become the record's ``setup``
(docs/format.md), so a placed game replays like any other.

A placement is read from docs/format.md's shape, ``{"street": [8 names], "saloon": [2
names]}``, or from a line of notation: the street's eight names, a bar, the Saloon's two.
A name may be shortened to any start that no other character shares:

>>> from outlaws.engine import Placement, PlacementError
>>> placement = Placement.parse("gov hit sher ind store dan rep band | rev mayor")
>>> placement.to_notation()
'governor hitman sheriff indian storekeep dancer reporter bandit | reverend mayor'
>>> try:
...     Placement.parse("hit sher ind store dan rep band rev | gov mayor")
... except PlacementError as error:
...     print(error.field, "-", error.reason)
placement.saloon - the Governor may never be in a Saloon (R3.1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import FormatError, names_to_ids
from .names import CHARACTER_ID, CHARACTERS, COLUMNS, GOVERNOR


class PlacementError(FormatError):
    """A placement that breaks R3.1: ``field`` names the part at fault (``"placement.street"``,
    ``"placement.saloon[1]"``), ``rule`` is always ``"R3.1"``."""

    rule = "R3.1"


@dataclass(frozen=True, slots=True)
class Placement:
    """One seat's arrangement: ``street`` holds its 8 characters at columns 1..8 (as ids,
    column 1 first), ``saloon`` its 2 Saloon cards. Checked when made (R3.1)."""

    street: tuple[int, ...]
    saloon: tuple[int, ...]

    def __post_init__(self) -> None:
        self.validate()

    def validate(self, where: str = "placement") -> None:
        """Raise :class:`PlacementError` unless this placement obeys R3.1."""
        if len(self.street) != COLUMNS:
            raise PlacementError(
                f"{where}.street", f"must hold {COLUMNS} characters, not {len(self.street)} (R3.1)"
            )
        if len(self.saloon) != 2:
            raise PlacementError(
                f"{where}.saloon", f"must hold 2 characters, not {len(self.saloon)} (R3.1)"
            )
        if GOVERNOR in self.saloon:
            raise PlacementError(f"{where}.saloon", "the Governor may never be in a Saloon (R3.1)")
        seen: set[int] = set()
        for part, cards in (("street", self.street), ("saloon", self.saloon)):
            for i, card in enumerate(cards):
                if card in seen:
                    raise PlacementError(
                        f"{where}.{part}[{i}]",
                        f"the {CHARACTERS[card]} is placed twice: each of the ten characters"
                        " goes in exactly one place (R3.1)",
                    )
                seen.add(card)

    # -- making one ----------------------------------------------------------------------
    @classmethod
    def of(cls, street: Sequence[str], saloon: Sequence[str]) -> Placement:
        """A placement from character names (a bad name is a :class:`PlacementError`)."""
        return cls(_ids(street, "placement.street"), _ids(saloon, "placement.saloon"))

    @classmethod
    def random(cls, rng: random.Random) -> Placement:
        """A placement drawn uniformly among the legal ones (R3.1) from ``rng``."""
        others = [ch for ch in range(len(CHARACTERS)) if ch != GOVERNOR]
        rng.shuffle(others)
        street = [GOVERNOR, *others[2:]]
        rng.shuffle(street)
        return cls(tuple(street), tuple(others[:2]))

    @classmethod
    def from_json(cls, data: Any, where: str = "placement") -> Placement:
        """docs/format.md's ``{"street": [...], "saloon": [...]}`` (one seat of a setup)."""
        if not isinstance(data, Mapping):
            raise PlacementError(where, "must be an object with 'street' and 'saloon' (R3.1)")
        for key in data:
            if key not in ("street", "saloon"):
                raise PlacementError(f"{where}.{key}", "unknown field: 'street' and 'saloon' only")
        for key in ("street", "saloon"):
            if key not in data:
                raise PlacementError(f"{where}.{key}", "missing (R3.1)")
        placement = cls.__new__(cls)
        object.__setattr__(placement, "street", _ids(data["street"], f"{where}.street"))
        object.__setattr__(placement, "saloon", _ids(data["saloon"], f"{where}.saloon"))
        placement.validate(where)
        return placement

    @classmethod
    def parse(cls, text: str) -> Placement:
        """A placement from notation: eight names, ``|``, two names (see the module)."""
        street_text, bar, saloon_text = text.partition("|")
        if not bar:
            raise PlacementError(
                "placement",
                "write the 8 street cards (column 1 first), '|', then the 2 Saloon cards (R3.1)",
            )
        street = [
            _name(word, f"placement.street[{i}]") for i, word in enumerate(street_text.split())
        ]
        saloon = [
            _name(word, f"placement.saloon[{i}]") for i, word in enumerate(saloon_text.split())
        ]
        placement = cls.__new__(cls)
        object.__setattr__(placement, "street", tuple(street))
        object.__setattr__(placement, "saloon", tuple(saloon))
        placement.validate()
        return placement

    # -- writing one ---------------------------------------------------------------------
    def to_json(self) -> dict[str, list[str]]:
        return {
            "street": [CHARACTERS[ch] for ch in self.street],
            "saloon": [CHARACTERS[ch] for ch in self.saloon],
        }

    def to_notation(self) -> str:
        street = " ".join(CHARACTERS[ch] for ch in self.street)
        return f"{street} | {' '.join(CHARACTERS[ch] for ch in self.saloon)}"

    @property
    def governor_column(self) -> int:
        """The Governor's column, 1..8."""
        return self.street.index(GOVERNOR) + 1


def _ids(names: Any, where: str) -> tuple[int, ...]:
    """Character ids from names, a bad one a :class:`PlacementError` (R3.1)."""
    try:
        return names_to_ids(names, CHARACTER_ID, where)
    except FormatError as error:
        raise PlacementError(error.field, error.reason) from None


def _name(word: str, where: str) -> int:
    """The character a word of notation names: its whole name or a start of it that no
    other character shares (any case)."""
    word = word.lower()
    if word in CHARACTER_ID:
        return CHARACTER_ID[word]
    found = [name for name in CHARACTERS if name.startswith(word)]
    if len(found) == 1:
        return CHARACTER_ID[found[0]]
    if found:
        raise PlacementError(where, f"{word!r} could be {' or '.join(found)}: write more of it")
    raise PlacementError(where, f"not a character: {word!r}")
