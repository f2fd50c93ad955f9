"""The pieces under the server: the legal actions' JSON, views packed for a bot worker,
the bot worker itself, the clock arithmetic and the token bucket."""

from __future__ import annotations

import json
import pickle
import random

from outlaws.engine import Action, State, seat_view
from outlaws.server.common.codec import dumps
from outlaws.server.games.botpool import choose_in_worker
from outlaws.server.games.clocks import ClockConfig, ClockState
from outlaws.server.games.packing import pack_view, unpack_view
from outlaws.server.http.limits import TokenBucket
from outlaws.server.live.legal import legal_json
from tests.server.serverkit import expand_legal, grouped


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


def test_legal_json_is_the_engines_list_grouped() -> None:
    memo: dict[str, object] = {}
    for state in positions():
        if state.over:
            assert legal_json(state.legal_action_ids(), seat_view(state, None)) == "[]"
            continue
        text = legal_json(state.legal_action_ids(), seat_view(state, state.to_act), memo)
        groups = json.loads(text)
        assert expand_legal(groups) == grouped(state.legal_actions())
        # One group for each type (every type spells out the same fields throughout).
        assert len({group["type"] for group in groups}) == len(groups)
        assert text == dumps(groups)  # compact JSON, as every message


def test_legal_json_of_ids_out_of_their_usual_order() -> None:
    """The grouping does not rely on the engine's order: ids in any order (the walk)."""
    rng = random.Random(4)
    for state in positions(games=2)[::5]:
        if state.over:
            continue
        ids = state.legal_action_ids()
        rng.shuffle(ids)
        got = expand_legal(json.loads(legal_json(ids, seat_view(state, state.to_act))))
        assert got == grouped([state.decode(action_id) for action_id in ids])


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
