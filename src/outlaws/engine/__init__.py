"""The Outlaws rules engine: RULES.md as code. Standard library only, no I/O.

>>> from outlaws.engine import State
>>> state = State.new(seed=42)
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> view = state.view(0)          # what seat 0 may know; hand this, never ``state``, out

Pieces: :class:`State` (the rules), :class:`Action` and its notation, :class:`Setup`,
:class:`View` and :class:`Event` (what a seat may know), :class:`Record` (FORMAT.md).
"""

from .actions import ACTION_TYPES, NUM_ACTIONS, Action, parse_notation, to_notation
from .errors import FormatError, IllegalAction, OutlawsError
from .names import CHARACTERS, COLUMNS, TOKENS
from .records import FORMAT_NAME, Record, ReplayError, record_of, replay_json, replay_text
from .setup import Setup
from .state import State
from .views import Event, SeatView, View

__all__ = [
    "ACTION_TYPES",
    "CHARACTERS",
    "COLUMNS",
    "FORMAT_NAME",
    "NUM_ACTIONS",
    "TOKENS",
    "Action",
    "Event",
    "FormatError",
    "IllegalAction",
    "OutlawsError",
    "Record",
    "ReplayError",
    "SeatView",
    "Setup",
    "State",
    "View",
    "parse_notation",
    "record_of",
    "replay_json",
    "replay_text",
    "to_notation",
]
