"""Game records (docs/format.md "Record"): the PGN of Outlaws.

A record is the seed, an optional explicit setup and every decision in order. Replaying
it is deterministic: the same record gives the same state everywhere.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .errors import FormatError, OutlawsError
from .setup import Setup
from .state import State

FORMAT_NAME = "outlaws/1"


class ReplayError(OutlawsError):
    """Action ``number`` (counting from 1) of a record could not be applied."""

    def __init__(self, number: int, error: OutlawsError) -> None:
        super().__init__(f"action {number}: {error}")
        self.number = number
        self.error = error


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: ``seed``, optional ``setup`` (R3.4) and the ``actions`` in order.

    ``turn_limit`` (R9.5, simulation only) is this project's own optional field; other
    readers ignore it as docs/format.md allows.
    """

    seed: int
    setup: Setup | None = None
    actions: tuple[Action, ...] = ()
    turn_limit: int | None = None

    def new_state(self) -> State:
        """The starting position of this record."""
        return State.new(seed=self.seed, setup=self.setup, turn_limit=self.turn_limit)

    def replay(self, upto: int | None = None) -> State:
        """Apply the actions (the first ``upto`` of them) and return the state.

        Raises :class:`ReplayError` naming the first action that cannot be applied.
        """
        state = self.new_state()
        for number, action in enumerate(self.actions[:upto], start=1):
            try:
                state.apply(action)
            except OutlawsError as error:
                raise ReplayError(number, error) from None
        return state

    # -- JSON --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT_NAME, "seed": self.seed}
        if self.setup is not None:
            out["setup"] = self.setup.to_json()
        if self.turn_limit is not None:
            out["turn_limit"] = self.turn_limit
        out["actions"] = [action.to_json() for action in self.actions]
        return out

    def dumps(self) -> str:
        """The record as JSON text (one action a line, for readable diffs)."""
        head = {k: v for k, v in self.to_json().items() if k != "actions"}
        lines = json.dumps(head, indent=2)[:-2]
        actions = ",\n    ".join(json.dumps(a.to_json()) for a in self.actions)
        body = f"[\n    {actions}\n  ]" if self.actions else "[]"
        return f'{lines},\n  "actions": {body}\n}}\n'

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Parse a record object; :class:`FormatError` names the faulty field. An error
        inside action N is reported as a :class:`ReplayError` for action N."""
        if not isinstance(data, Mapping):
            raise FormatError("record", "must be a JSON object")
        if data.get("format") != FORMAT_NAME:
            raise FormatError("format", f"must be {FORMAT_NAME!r}, not {data.get('format')!r}")
        setup = Setup.from_json(data["setup"]) if data.get("setup") is not None else None
        seed = data.get("seed")
        if seed is None and setup is not None:
            seed = 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise FormatError("seed", f"must be an integer, not {seed!r}")
        turn_limit = data.get("turn_limit")
        if turn_limit is not None and (
            isinstance(turn_limit, bool) or not isinstance(turn_limit, int) or turn_limit < 1
        ):
            raise FormatError(
                "turn_limit", f"must be a whole number of turns, at least 1, not {turn_limit!r}"
            )
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise FormatError("actions", "must be a list of actions")
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(Action.from_json(raw, where=f"actions[{i}]"))
            except FormatError as error:
                raise ReplayError(i + 1, error) from None
        return cls(seed=seed, setup=setup, actions=tuple(actions), turn_limit=turn_limit)

    @classmethod
    def loads(cls, text: str) -> Record:
        return cls.from_json(_parse(text))


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError("record", f"not valid JSON: {error}") from None
    except RecursionError:
        # json.loads gives up on arrays nested thousands deep: no record is.
        raise FormatError("record", "not a record: JSON nested too deeply") from None


def replay_json(data: Any) -> State:
    """Replay a record object as ``outlaws replay`` does: the record's header is checked
    first, then each action is read and applied in turn, so that the error names the
    first action that cannot be read *or* applied (:class:`ReplayError`)."""
    if not isinstance(data, Mapping):
        raise FormatError("record", "must be a JSON object")
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise FormatError("actions", "must be a list of actions")
    state = Record.from_json({**data, "actions": []}).new_state()
    for number, raw in enumerate(raw_actions, start=1):
        try:
            state.apply(Action.from_json(raw, where=f"actions[{number - 1}]"))
        except OutlawsError as error:
            raise ReplayError(number, error) from None
    return state


def replay_text(text: str) -> State:
    """:func:`replay_json` of a record's JSON text."""
    return replay_json(_parse(text))


def record_of(state: State) -> Record:
    """The record of the game ``state`` has played so far (replays its history)."""
    if state.setup is None:
        raise ValueError("a position made with State.from_json has no record: it has no start")
    replay = State.new(seed=state.seed, setup=state.setup, turn_limit=state.turn_limit)
    actions = []
    for action_id in state.history:
        actions.append(replay.decode(action_id))
        replay.apply_id(action_id)
    return Record(
        seed=state.seed, setup=state.setup, actions=tuple(actions), turn_limit=state.turn_limit
    )


__all__ = ["FORMAT_NAME", "Record", "ReplayError", "record_of", "replay_json", "replay_text"]
