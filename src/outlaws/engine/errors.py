"""The errors the engine raises. Each names the rule or field at fault."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class OutlawsError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(OutlawsError):
    """An action that the rules forbid in this position; the state is left untouched.

    ``rule`` is the docs/rules.md id broken (``"R5.4"``), and the message says why.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message


class FormatError(OutlawsError):
    """A record, setup or action that does not follow docs/format.md (a field, a value, a type).

    ``field`` is the dotted path of the field at fault (``"setup.seats[1].saloon"``).
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.reason = message


def names_to_ids(value: Any, ids: Mapping[str, int], where: str) -> tuple[int, ...]:
    """The ids of a JSON list of names (characters or tokens); a :class:`FormatError`
    naming the list or the item at fault otherwise."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise FormatError(where, "must be a list of names")
    out = []
    for i, name in enumerate(value):
        if not isinstance(name, str) or name not in ids:
            raise FormatError(f"{where}[{i}]", f"unknown name {name!r}")
        out.append(ids[name])
    return tuple(out)
