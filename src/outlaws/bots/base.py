"""The bot interface and the loop that lets bots play a game.

The loop is the only place that holds the true :class:`~outlaws.engine.State`; a bot
receives the acting seat's :class:`~outlaws.engine.View` (a detached copy) and the legal
actions, and answers with one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine import Action, State, View, seat_view


class Bot(Protocol):
    """Anything that picks an action from a seat's view."""

    name: str

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen knowing only ``view``."""
        ...


def play_game(
    state: State,
    bots: Sequence[Bot],
    on_action: Callable[[State, int, Action], None] | None = None,
) -> State:
    """Let ``bots[seat]`` decide for each seat until the game is over; returns ``state``.

    ``on_action(state, seat, action)`` is called after each applied action (for printing).
    """
    while not state.over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        action = bots[seat].choose(seat_view(state, seat), legal)
        state.apply(action)
        if on_action is not None:
            on_action(state, seat, action)
    return state
