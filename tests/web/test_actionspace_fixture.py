"""The action space the table's unit tests read a seat's legal actions with
(tests/js/fixtures/actionspace.json) is the engine's, as ``GET /actionspace`` answers it:
a mask captured from the server must mean the same actions there as here. After a change
of the action space, run the capture again (``.venv/bin/python -m
tests.js.fixtures.capture``): it writes this fixture and the friend game, whose masks
changed too.
"""

from __future__ import annotations

import json
from pathlib import Path

from outlaws.engine.actionspace import MASK_BYTES, NUM_ACTIONS, action_templates

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "actionspace.json"


def test_the_unit_tests_action_space_is_the_engines() -> None:
    kept = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert kept == {"size": NUM_ACTIONS, "mask_bytes": MASK_BYTES, "actions": action_templates()}
