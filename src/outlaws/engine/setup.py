"""Setups (R3): both arrangements, the token order and the first seat.

A setup is dealt at random from a seed (R3.1-R3.3) or given explicitly (R3.4), so that
any position can be reproduced exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import FormatError, names_to_ids
from .names import CHARACTER_ID, CHARACTERS, COLUMNS, DEALT_TOKEN_COUNTS, GOVERNOR, TOKEN_ID, TOKENS
from .placement import Placement


@dataclass(frozen=True, slots=True)
class Setup:
    """A complete starting position.

    ``streets[s]`` holds seat s's characters at columns 1..8 (as ids, column 1 first),
    ``saloons[s]`` its two Saloon cards, ``tokens`` the 13 shuffled tokens: slots 1..8,
    then the reserve from top to bottom (R3.4). ``first`` is the seat that starts.
    """

    first: int
    streets: tuple[tuple[int, ...], tuple[int, ...]]
    saloons: tuple[tuple[int, ...], tuple[int, ...]]
    tokens: tuple[int, ...]

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise :class:`FormatError` unless this setup obeys R3.1-R3.2."""
        if self.first not in (0, 1):
            raise FormatError("setup.first", "must be 0 or 1")
        for seat in (0, 1):
            street, saloon = self.streets[seat], self.saloons[seat]
            where = f"setup.seats[{seat}]"
            if len(street) != COLUMNS:
                raise FormatError(f"{where}.street", f"must hold {COLUMNS} characters (R3.1)")
            if len(saloon) != 2:
                raise FormatError(f"{where}.saloon", "must hold 2 characters (R2.4)")
            if sorted(street + saloon) != list(range(len(CHARACTERS))):
                raise FormatError(where, "must hold each of the 10 characters exactly once (R1.1)")
            if GOVERNOR in saloon:
                raise FormatError(f"{where}.saloon", "the Governor may never be in a Saloon (R3.1)")
        if Counter(self.tokens) != Counter(DEALT_TOKEN_COUNTS):
            raise FormatError(
                "setup.tokens",
                "must be the 13 shuffled tokens: 1 bullet, 1 handcuffs, 6 vote, 4 bogus,"
                " 1 election (R3.2)",
            )

    @classmethod
    def random(cls, seed: int | str | None) -> Setup:
        """A random legal setup (R3.1-R3.3), the same for the same seed everywhere."""
        rng = random.Random(seed)
        streets: list[tuple[int, ...]] = []
        saloons: list[tuple[int, ...]] = []
        for _ in (0, 1):
            others = [ch for ch in range(len(CHARACTERS)) if ch != GOVERNOR]
            rng.shuffle(others)
            saloons.append(tuple(others[:2]))
            street = [GOVERNOR, *others[2:]]
            rng.shuffle(street)
            streets.append(tuple(street))
        tokens = [t for t, n in DEALT_TOKEN_COUNTS.items() for _ in range(n)]
        rng.shuffle(tokens)
        first = rng.randrange(2)
        return cls(first, (streets[0], streets[1]), (saloons[0], saloons[1]), tuple(tokens))

    @classmethod
    def placed(cls, seed: int | str | None, placements: Sequence[Placement]) -> Setup:
        """The setup of a game whose seats placed their own cards (R3.1): ``placements``
        for seats 0 and 1, the 13 tokens shuffled (R3.2) and the first seat drawn (R3.3)
        from ``seed``. The deal does not depend on the placements, so neither seat's
        choice can steer it.

        >>> from outlaws.engine import Placement
        >>> mine = Placement.parse("gov hit sher ind store dan rep band | rev mayor")
        >>> setup = Setup.placed(7, [mine, mine])
        >>> setup.placement(1) == mine, setup == Setup.placed(7, [mine, mine])
        (True, True)
        """
        if len(placements) != 2:
            raise FormatError("placements", "one placement for each of the 2 seats (R3.1)")
        rng = random.Random(f"{seed}/deal")
        tokens = [t for t, n in DEALT_TOKEN_COUNTS.items() for _ in range(n)]
        rng.shuffle(tokens)
        first = rng.randrange(2)
        p0, p1 = placements
        return cls(first, (p0.street, p1.street), (p0.saloon, p1.saloon), tuple(tokens))

    def placement(self, seat: int) -> Placement:
        """Seat ``seat``'s arrangement (R3.1)."""
        return Placement(self.streets[seat], self.saloons[seat])

    # -- JSON (docs/format.md "Record", field ``setup``) -----------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "seats": [
                {
                    "street": [CHARACTERS[ch] for ch in self.streets[s]],
                    "saloon": [CHARACTERS[ch] for ch in self.saloons[s]],
                }
                for s in (0, 1)
            ],
            "tokens": [TOKENS[t] for t in self.tokens],
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "setup") -> Setup:
        if not isinstance(data, Mapping):
            raise FormatError(where, "must be an object")
        for key in ("first", "seats", "tokens"):
            if key not in data:
                raise FormatError(f"{where}.{key}", "missing")
        first = data["first"]
        if isinstance(first, bool) or first not in (0, 1):
            raise FormatError(f"{where}.first", f"must be 0 or 1, not {first!r}")
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != 2:
            raise FormatError(f"{where}.seats", "must be a list of 2 seats")
        streets: list[tuple[int, ...]] = []
        saloons: list[tuple[int, ...]] = []
        for s, seat in enumerate(seats):
            if not isinstance(seat, Mapping):
                raise FormatError(f"{where}.seats[{s}]", "must be an object")
            here = f"{where}.seats[{s}]"
            streets.append(names_to_ids(seat.get("street"), CHARACTER_ID, f"{here}.street"))
            saloons.append(names_to_ids(seat.get("saloon"), CHARACTER_ID, f"{here}.saloon"))
        tokens = names_to_ids(data["tokens"], TOKEN_ID, f"{where}.tokens")
        return cls(first, (streets[0], streets[1]), (saloons[0], saloons[1]), tokens)
