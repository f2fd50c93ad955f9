"""The notation's columns are ASCII digits (docs/notation.md): Python's int() also reads
other scripts' digits ("look ٣" was taken as "look 3")."""

from __future__ import annotations

import pytest

from outlaws.engine import FormatError, parse_notation


@pytest.mark.parametrize("text", ["look ٣", "look ３", "look ³", "move ١ 2", "take ۳ vote"])
def test_columns_in_other_digits_are_refused(text: str) -> None:
    with pytest.raises(FormatError):
        parse_notation(text)


def test_ascii_columns_still_read() -> None:
    assert parse_notation("look 3").to_json() == {"type": "look", "col": 3}
