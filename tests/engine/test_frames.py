"""Frames: what a seat may know, as ints (R8), and the events as each reader may read them.

The research interfaces encode frames straight into arrays; the views name them. These
scenarios check that a frame says what the view says, that a secret is cut out of the
other seat's copy of an event and only there, and that a frame is a detached copy.
"""

from __future__ import annotations

import random

import pytest

from outlaws.engine import (
    CHARACTERS,
    TOKENS,
    State,
    event_tuple,
    render_event,
    seat_frame,
    seat_view,
    view_frame,
)
from outlaws.engine.actionspace import encode_action
from outlaws.engine.frames import HIDDEN, STASH_NAMES, redact
from tests.scenario import table


def _games(count: int, turn_limit: int = 80) -> list[State]:
    """Finished (or cut short) random games: their logs hold every kind of event."""
    games = []
    for seed in range(count):
        rng = random.Random(seed)
        state = State.new(seed=seed, turn_limit=turn_limit)
        while not state.over:
            state.apply_id(rng.choice(state.legal_action_ids()))
        games.append(state)
    return games


def test_a_frame_says_what_the_view_says() -> None:
    """R8.1, R8.2: the frame of a seat names, card for card and token for token, the view
    of the same seat (the view is made from it)."""
    rng = random.Random(3)
    state = State.new(seed=3)
    for _ in range(40):
        for viewer in (0, 1, None):
            frame, view = seat_frame(state, viewer), seat_view(state, viewer)
            for seat in (0, 1):
                named = [None if ch == HIDDEN else CHARACTERS[ch] for ch in frame.street[seat]]
                assert tuple(named) == view.seats[seat].street
                assert dict(zip(STASH_NAMES, frame.stash[seat], strict=True)) == dict(
                    view.seats[seat].stash
                )
            tokens = [None if t == HIDDEN else TOKENS[t] for t in frame.slots]
            assert tuple(tokens) == view.slots
            assert (frame.turn, frame.to_act, frame.filled) == (view.turn, view.to_act, view.filled)
        if state.over:
            break
        state.apply_id(rng.choice(state.legal_action_ids()))


def test_a_seat_frame_hides_the_other_arrangement_until_the_end() -> None:
    """R8.2, R8.6: the opponent's cards are HIDDEN in a seat's frame, all of them in a
    spectator's; the game's end shows every card."""
    state = table()
    assert HIDDEN not in seat_frame(state, 0).street[0]
    assert set(seat_frame(state, 0).street[1]) == {HIDDEN}
    assert set(seat_frame(state, None).street[0]) == {HIDDEN}
    over = _games(1, turn_limit=3)[0]
    assert over.over and HIDDEN not in seat_frame(over, 1).street[0]


def test_only_the_owner_reads_a_secret_of_an_event() -> None:
    """R5.1, R5.2, R5.3, R8.2: a move's swap, a Saloon exchange's card at a and a look's
    token are HIDDEN in the other seat's and the spectator's copies, shown to their seat
    and to the record of a finished game ("all")."""
    secrets = 0
    for state in _games(6):
        for raw in state.log:
            seat = raw[2]
            for viewer in (0, 1, None, "all"):
                copy = redact(raw, viewer)
                differs = [i for i, (x, y) in enumerate(zip(raw, copy, strict=True)) if x != y]
                if viewer in (seat, "all") or raw[0] not in ("move", "saloon", "look"):
                    assert copy == raw
                elif differs:
                    assert len(differs) == 1 and copy[differs[0]] == HIDDEN
                    secrets += 1
    assert secrets > 50


def test_an_event_names_the_tuple_it_was_rendered_from() -> None:
    """R8.3: every event of a log, rendered for any reader, gives back the tuple that
    reader may read (the secret it was not shown is HIDDEN)."""
    for state in _games(6):
        for raw in state.log:
            for viewer in (0, 1, None, "all"):
                assert event_tuple(render_event(raw, viewer)) == redact(raw, viewer), raw


def test_a_frame_carries_the_events_from_where_its_reader_stopped() -> None:
    """A reader that keeps its place gets each event once; a bad place is refused."""
    state = _games(1)[0]
    whole = seat_frame(state, 1)
    half = len(state.log) // 2
    rest = seat_frame(state, 1, since=half)
    assert whole.events[half:] == rest.events and rest.log_length == len(state.log)
    with pytest.raises(ValueError, match="since"):
        seat_frame(state, 1, since=len(state.log) + 1)
    with pytest.raises(ValueError, match="seat 0, seat 1 or None"):
        seat_frame(state, 2)


def test_a_frame_is_a_detached_copy_of_plain_values() -> None:
    """R8.3: nothing in a frame leads back to the state: ints, strings, None and tuples
    of them only, so a frame cannot be used to reach the hidden cards."""

    def plain(value: object) -> bool:
        if isinstance(value, tuple):
            return all(plain(item) for item in value)
        return value is None or isinstance(value, int | str)

    for state in _games(3):
        for viewer in (0, 1, None):
            frame = seat_frame(state, viewer)
            assert all(plain(value) for value in frame), frame


def test_a_view_names_its_frame_back() -> None:
    """R8.3: a reader handed a view (a bot) gets back the very frame the view was named
    from, at every step of random games, for each seat and the spectator, whole or from
    any place in the log."""
    for state in _games(4, turn_limit=40):
        replay = State.new(seed=state.seed, setup=state.setup, turn_limit=state.turn_limit)
        for action_id in [*state.history, None]:
            for viewer in (0, 1, None):
                view = seat_view(replay, viewer)
                assert view_frame(view) == seat_frame(replay, viewer)
                middle = len(replay.log) // 2
                assert view_frame(view, since=middle) == seat_frame(replay, viewer, since=middle)
            if action_id is not None:
                replay.apply_id(action_id)
    with pytest.raises(ValueError, match="since"):
        view_frame(view, since=len(view.log) + 1)


def test_a_seat_names_its_actions_by_id_from_its_own_cards() -> None:
    """R5.2: the id of every legal action, named from what the acting seat knows (its own
    Saloon and street), is the engine's id, Saloon exchanges included."""
    checked = 0
    for state in _games(3, turn_limit=30):
        replay = State.new(seed=state.seed, setup=state.setup, turn_limit=state.turn_limit)
        for action_id in state.history:
            seat = replay.active
            frame = seat_frame(replay, seat)
            for legal in replay.legal_action_ids():
                action = replay.decode(legal)
                assert encode_action(action, frame.saloon[seat], frame.street[seat]) == legal
                checked += 1
            replay.apply_id(action_id)
    assert checked > 1000
