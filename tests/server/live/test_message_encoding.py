"""The pieces under the server: messages in fixed width, views packed for a bot worker,
the bot worker itself, the clock arithmetic and the token bucket."""

from __future__ import annotations

import json
import pickle
import random
import re

import pytest

from outlaws.engine import Action, State, seat_frame, seat_view
from outlaws.server.common.codec import dumps, loads
from outlaws.server.games.botpool import choose_in_worker
from outlaws.server.games.clocks import ClockConfig, ClockState
from outlaws.server.games.packing import pack_view, unpack_view
from outlaws.server.http.limits import TokenBucket
from outlaws.server.http.widths import WIDE_BOOL, WIDE_STRING, fixed_width
from outlaws.server.live.texts import Written, event_text, head_text


def positions(games: int = 4, turns: int = 40) -> list[State]:
    rng = random.Random(9)
    out = []
    for seed in range(games):
        state = State.new(seed=seed, turn_limit=turns)
        while not state.over:
            out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def test_fixed_width_text_is_the_same_json_with_every_name_and_flag_as_wide() -> None:
    """Every view and event of whole games, written in fixed width: the same JSON, and
    each card or token name, ``null``, ``true`` and ``false`` as wide whatever it is."""
    wide = re.compile(r'"[a-z]+" *(?=[,\]}])|null *|true *|false *')
    for state in positions(games=2):
        for seat in (0, 1, None):
            value = seat_view(state, seat).to_json()
            text, written = dumps(value), fixed_width(value)
            assert json.loads(written) == json.loads(text)
            for value in wide.findall(written):
                quoted_or_null = value[0] == '"' or value[0] == "n"
                assert len(value) == (WIDE_STRING if quoted_or_null else WIDE_BOOL), value


def test_a_room_writes_the_engine_s_own_view_and_events_R8_3() -> None:
    """The hub writes a reader's view from its frame of ints and its events one by one:
    the same text as the engine's view of that reader in fixed width, over whole games,
    for each seat and a spectator (what is hidden from whom is the engine's to say)."""
    written: dict[int | None, Written] = {0: {}, 1: {}, None: {}}
    for state in positions(games=3):
        for seat in (0, 1, None):
            view = seat_view(state, seat).to_json()
            log = view.pop("log")
            frame = seat_frame(state, seat, since=max(0, len(state.log) - 6))
            assert head_text(frame, written[seat]) == fixed_width(view)
            events = [event_text(raw, seat) for raw in frame.events]
            assert events == [fixed_width(event) for event in log[frame.since :]]


@pytest.mark.parametrize(
    "value",
    ['a "true" name', "true", "null", "x\\", '\\"', "太郎", "a" * 40, "", "hitman:"],
)
def test_fixed_width_leaves_what_strings_say_alone(value: str) -> None:
    """A player's name (any text) says what it said, and an integer of any size too."""
    message = {"name": value, "swap": False, "names": [value, None, True], "big": 10**30}
    assert json.loads(fixed_width(message)) == message


@pytest.mark.parametrize(
    "text",
    [
        '{"op": "action", "action": {"look": 3}, "expect": 12}',
        '{"expect": 123456789012345678901234567890}',
        "[NaN, Infinity, -0.0, 1e400]",
        '"\\ud800 a lone surrogate"',
        '{"a": 1, "a": 2}',
        '"太郎"',
    ],
)
def test_a_client_s_json_is_read_as_the_json_module_reads_it(text: str) -> None:
    read, expected = loads(text), json.loads(text)
    assert repr(read) == repr(expected)


@pytest.mark.parametrize("text", ["{", '{"op": }', "[1,]", "look 3", '{"a": 1} x'])
def test_broken_json_is_refused_with_the_json_module_s_error(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as refused:
        loads(text)
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    assert str(refused.value) == str(expected.value)


def test_packed_views_pickle_and_come_back_equal() -> None:
    for state in positions(games=2)[::7]:
        for seat in (0, 1, None):
            view = seat_view(state, seat)
            assert unpack_view(pickle.loads(pickle.dumps(pack_view(view)))) == view


def test_the_worker_answers_a_legal_action_from_the_view_alone() -> None:
    state = positions(games=1)[10]
    seat = state.to_act
    legal = state.legal_actions()
    for spec in ("random", "heuristic"):
        answer = choose_in_worker(spec, 5, pack_view(seat_view(state, seat)), tuple(legal))
        assert Action.from_json(answer) in legal


def test_clock_periods_banks_and_deadlines() -> None:
    config = ClockConfig(bank=10, per_turn=5)
    clock = ClockState.fresh(config)
    assert clock.advance(config, 0, [0, 1], now=100.0)
    assert clock.deadline == 115.0
    assert not clock.advance(config, 0, [0, 1], now=104.0)  # the same seat's second action
    assert clock.advance(config, 1, [0, 1], now=108.0)  # 8 s used: 3 from the bank
    assert clock.banks == [7.0, 10.0] and clock.deadline == 123.0
    assert clock.advance(config, 0, [0], now=109.0)  # 1 s: within the free time
    assert clock.banks == [7.0, 10.0] and clock.deadline == 121.0
    assert clock.advance(config, 1, [0], now=110.0)
    assert clock.deadline is None  # seat 1 is not timed (a bot)
    assert ClockState.from_json(json.loads(json.dumps(clock.to_json()))) == clock


def test_token_bucket() -> None:
    t = [0.0]
    bucket = TokenBucket(3, 2, now=lambda: t[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    t[0] += 0.5
    assert bucket.take() and not bucket.take()
