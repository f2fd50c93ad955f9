"""The compact JSON text every message and answer of the server uses (:func:`dumps`).
A view packed for a bot's worker is :mod:`outlaws.server.games.packing`; the legal
actions as a message sends them, :mod:`outlaws.server.live.legal`."""

from __future__ import annotations

import json
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
