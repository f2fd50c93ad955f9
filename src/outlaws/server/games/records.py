"""Records of finished games: export (docs/format.md plus the server's metadata), the replay
with both hands shown at every step (R8.6), and imports, checked by the engine."""

from __future__ import annotations

import secrets
from typing import Any

from ...engine import OutlawsError, Record, State, render_event, replay_json
from ..common.errors import ApiError, from_engine
from ..db.storage import ActionRow, GameRow, SeatRow
from .table import SeatInfo, Table

#: The fields of a record itself; an import's other top-level fields are kept as they are.
RECORD_FIELDS = ("format", "seed", "setup", "turn_limit", "actions")
#: The most steps one replay answer holds: a longer game comes in pages (``next``).
REPLAY_PAGE = 100
#: The most actions an imported record may hold (a longer one is refused, 413).
MAX_IMPORT_ACTIONS = 4000


def result_of(state: State) -> dict[str, Any]:
    """The outcome of a game the engine ended."""
    return {"winner": state.winner, "how": state.how}


def export(table: Table) -> dict[str, Any]:
    """The game as a docs/format.md record, with ``game``, ``players``, ``result``,
    ``resigned`` and ``timeout`` beside it (an imported game keeps its own)."""
    extra = dict(table.meta.get("extra", {}))
    out = {**extra, **table.record().to_json()}
    if table.kind != "imported":
        result = table.result or {}
        out["game"] = table.id
        out["players"] = [info.public() for info in table.seats]
        out["result"] = table.result
        out["resigned"] = result.get("loser") if result.get("how") == "resign" else None
        out["timeout"] = result.get("loser") if result.get("how") == "timeout" else None
    return out


def replay(table: Table, start: int = 0, stop: int | None = None) -> dict[str, Any]:
    """The game step by step, from ``start`` to ``stop``: the whole true state (both
    hands) after each action, and the events of that step, unredacted.

    One answer holds :data:`REPLAY_PAGE` steps at most; ``next`` is the first step of
    the next page (None: this one ends the game). The record comes with the first page.
    Costly on a long game: the routes run it off the event loop."""
    record = table.record()
    actions = record.actions
    stop = len(actions) if stop is None else min(stop, len(actions))
    stop = min(stop, start + REPLAY_PAGE - 1)
    again = record.new_state()
    steps = []
    seen = 0
    for index in range(stop + 1):
        action = None
        if index > 0:
            action = actions[index - 1]
            again.apply(action)
        if index >= start:
            steps.append(
                {
                    "step": index,
                    "action": action.to_json() if action else None,
                    "state": again.to_json(),
                    "events": [render_event(raw, "all").to_json() for raw in again.log[seen:]],
                }
            )
        seen = len(again.log)
    return {
        "game": table.id,
        "actions": len(actions),
        "record": export(table) if start == 0 else None,
        "steps": steps,
        "next": stop + 1 if stop < len(actions) else None,
    }


def imported(data: Any, now: float) -> tuple[Table, GameRow]:
    """A record to watch, replayed by the engine first: the table and the row to store.

    Raises :class:`~outlaws.server.common.errors.ApiError` naming the field or the action at
    fault."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and len(actions) > MAX_IMPORT_ACTIONS:
        raise ApiError(
            413,
            "too_large",
            f"an imported record holds {MAX_IMPORT_ACTIONS} actions at most",
            field="actions",
        )
    try:
        state = replay_json(data)
    except OutlawsError as error:
        raise from_engine(error, "bad_record") from None
    assert state.setup is not None
    extra = {k: v for k, v in data.items() if k not in RECORD_FIELDS}
    result = extra.get("result") if isinstance(extra.get("result"), dict) else None
    if result is None and state.over:
        result = result_of(state)
    record = Record.from_json(data)
    rows = []
    again = record.new_state()
    for i, action in enumerate(record.actions):
        assert again.to_act is not None
        rows.append(ActionRow(i, action.to_json(), again.to_act, "import", now))
        again.apply(action)
    table = Table(
        id=secrets.token_urlsafe(8),
        kind="imported",
        created_at=now,
        state=state,
        seats=[SeatInfo("none"), SeatInfo("none")],
        status="over",
        result=result,
        meta={"extra": extra},
        actors=["import"] * len(rows),
    )
    row = GameRow(
        id=table.id,
        created_at=now,
        kind="imported",
        status="over",
        seed=state.seed,
        setup=state.setup.to_json(),
        turn_limit=state.turn_limit,
        result=result,
        clock=None,
        clock_state=None,
        meta=table.meta,
        seats=[SeatRow(0, "none"), SeatRow(1, "none")],
        actions=rows,
    )
    return table, row
