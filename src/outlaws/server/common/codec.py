"""The compact JSON text every message and answer of the server uses (:func:`dumps`), and
the reading of a client's JSON (:func:`loads`). A view packed for a bot's worker is
:mod:`outlaws.server.games.packing`; the legal actions as a message sends them,
:mod:`outlaws.engine.legalmask`."""

from __future__ import annotations

import json
import re
from typing import Any

import orjson


def dumps(value: Any) -> str:
    """Compact JSON text (the same text as ``json.dumps(value, separators=(",", ":"),
    ensure_ascii=False)``, made by orjson, several times faster; the json module takes
    what orjson refuses, such as integers past 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: A number of 19 digits or more: orjson reads an integer past 64 bits as a float.
_LONG_NUMBER = re.compile(r"\d{19}")


def loads(text: str) -> Any:
    """The JSON value of ``text``, as ``json.loads`` reads it (and with its errors), read
    by orjson, several times faster, when orjson reads it alike: a text with a long
    number, and what orjson refuses (``NaN``, a lone surrogate, a broken text), are read
    by the json module, which reads them or says what is wrong as it always did."""
    if _LONG_NUMBER.search(text) is None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)
