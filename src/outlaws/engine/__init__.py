"""The Outlaws rules engine: docs/rules.md as code. Standard library only, no I/O.

>>> from outlaws.engine import State, seat_view
>>> state = State.new(seed=42)
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> view = seat_view(state, 0)    # what seat 0 may know; hand this, never ``state``, out

Pieces: :class:`State` (the rules), :class:`Action` and its notation, :class:`Setup` and
:class:`Placement` (R3.1),
:class:`View` and :class:`Event` (what a seat may know; :class:`SeatFrame`, the same as
ints for the research interfaces), :class:`Record` (docs/format.md).

The public surface is this package, :mod:`outlaws.engine.actionspace` (the integer
action ids, their specs and the character and token ids inside them) and
:mod:`outlaws.engine.frames` (what a seat may know, as ints, and the layout of the
events in a frame); the other modules are the engine's own, and code outside the engine
does not import them.
"""

from .actions import ACTION_TYPES, NUM_ACTIONS, Action, parse_notation, to_notation
from .errors import FormatError, IllegalAction, OutlawsError
from .frames import SeatFrame, seat_frame
from .names import CHARACTERS, COLUMNS, TOKENS
from .placement import Placement, PlacementError
from .records import FORMAT_NAME, Record, ReplayError, record_of, replay_json, replay_text
from .setup import Setup
from .state import How, Reaction, State, Status
from .views import Event, SeatView, View, event_tuple, render_event, seat_view, view_frame

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
    "How",
    "IllegalAction",
    "OutlawsError",
    "Placement",
    "PlacementError",
    "Reaction",
    "Record",
    "ReplayError",
    "SeatFrame",
    "SeatView",
    "Setup",
    "State",
    "Status",
    "View",
    "event_tuple",
    "parse_notation",
    "record_of",
    "render_event",
    "replay_json",
    "replay_text",
    "seat_frame",
    "seat_view",
    "to_notation",
    "view_frame",
]
