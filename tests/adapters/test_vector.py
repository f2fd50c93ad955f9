"""The batched environments: many games stepped together, for training at scale.

Each game of a batch is checked against the engine it runs on: its row of observations
is the vector of the seat's own frames (R8.3), its mask the engine's legal ids, a finished
game is settled (+1 / -1, or a truncation at the turn limit, R9.5) and dealt again in the
same step.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest

pytest.importorskip("gymnasium")

from outlaws.adapters.features import encode_frame
from outlaws.adapters.vector import (
    OutlawsSelfPlayVectorEnv,
    OutlawsVectorEnv,
)
from outlaws.engine import NUM_ACTIONS, seat_frame

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _random_actions(masks: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One legal id per row, uniformly."""
    return np.argmax(np.where(masks == 1, rng.random(masks.shape), -1.0), axis=1)


def _check_rows(
    env: OutlawsVectorEnv | OutlawsSelfPlayVectorEnv, obs: np.ndarray, infos: dict
) -> None:
    """Every row is its game's seat's own vector and the engine's legal ids: the batch's
    games, stepped by the compiled rules, are those the engine plays beside them."""
    assert env.states is not None
    for i, state in enumerate(env.states):
        seat = int(infos["seat"][i])
        assert np.array_equal(obs[i], encode_frame(seat_frame(state, seat)))
        legal = np.flatnonzero(infos["action_mask"][i])
        assert sorted(state.legal_action_ids()) == legal.tolist()
        assert state.to_act == seat


def test_a_learner_batch_plays_random_opponents_and_deals_finished_games_again() -> None:
    """R9: 16 games against the uniform opponent; the rows follow the engine, the games
    that end are settled for the learner and dealt again in the same step."""
    env = OutlawsVectorEnv(
        16, opponent="random", seat=None, turn_limit=60, seed=7, keep_states=True
    )
    obs, infos = env.reset(seed=7)
    assert obs.shape == (16, 489) and obs.dtype == np.float32
    assert infos["action_mask"].shape == (16, NUM_ACTIONS)
    assert env.observation_space.contains(obs)
    assert {0, 1} == set(infos["seat"].tolist()), "seat=None draws the learner's seat"
    rng = np.random.default_rng(0)
    ended = decided = 0
    for _ in range(150):
        _check_rows(env, obs, infos)
        seats = infos["seat"].copy()
        obs, rewards, terminated, truncated, infos = env.step(
            _random_actions(infos["action_mask"], rng)
        )
        assert not (terminated & truncated).any()
        assert set(np.flatnonzero(rewards)) == set(np.flatnonzero(terminated))
        if (terminated | truncated).any():
            done = infos["_final_obs"]
            assert np.array_equal(done, terminated | truncated)
            for i in np.flatnonzero(terminated):
                winner = infos["final_info"]["winner"][i]
                assert rewards[i] == (1.0 if winner == seats[i] else -1.0)
            for i in np.flatnonzero(done):
                assert env.states is not None and env.states[i].turn <= 2, "dealt again"
                assert infos["final_obs"][i].any()
            ended += int(done.sum())
            decided += int(terminated.sum())
    assert ended >= 10 and decided >= 2


def test_self_play_hands_every_decision_to_the_caller() -> None:
    """R4.1, R8.5: both seats' decisions, reactions included, come back as rows seen by
    the seat to act; an ended game pays +1 / -1 to the seats and keeps both last views."""
    env = OutlawsSelfPlayVectorEnv(8, turn_limit=40, seed=5, keep_states=True)
    obs, infos = env.reset()
    rng = np.random.default_rng(1)
    seen_seats: set[int] = set()
    for _ in range(80):
        _check_rows(env, obs, infos)
        seen_seats |= set(infos["seat"].tolist())
        obs, rewards, terminated, _truncated, infos = env.step(
            _random_actions(infos["action_mask"], rng)
        )
        assert rewards.shape == (8, 2) and (rewards.sum(axis=1) == 0).all()
        for i in np.flatnonzero(terminated):
            assert sorted(rewards[i].tolist()) == [-1.0, 1.0]
            assert infos["final_obs"].shape == (8, 2, 489)
    assert seen_seats == {0, 1}


def test_the_same_seed_plays_the_same_games() -> None:
    def run() -> list[np.ndarray]:
        env = OutlawsVectorEnv(4, seed=11, turn_limit=50)
        obs, infos = env.reset(seed=11)
        rng = np.random.default_rng(2)
        out = [obs]
        for _ in range(20):
            obs, *_, infos = env.step(_random_actions(infos["action_mask"], rng))
            out.append(obs)
        return out

    assert all(np.array_equal(a, b) for a, b in zip(run(), run(), strict=True))


def test_an_illegal_or_misshapen_action_is_refused_and_changes_nothing() -> None:
    env = OutlawsVectorEnv(3, seed=1, keep_states=True)
    _obs, infos = env.reset()
    illegal = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    legal = [int(np.flatnonzero(row)[0]) for row in infos["action_mask"]]
    assert env.states is not None
    turns = [state.history[:] for state in env.states]
    rows = env.games.rows.copy()
    with pytest.raises(ValueError, match=r"actions\[1\]: .* not legal in game 1"):
        env.step([legal[0], illegal, legal[2]])
    with pytest.raises(ValueError, match="one action id per game"):
        env.step(legal[:2])
    assert [state.history for state in env.states] == turns
    assert np.array_equal(env.games.rows, rows)
    with pytest.raises(RuntimeError, match="reset"):
        OutlawsVectorEnv(2).step([0, 0])
    with pytest.raises(ValueError, match="seat"):
        OutlawsVectorEnv(2, seat=2)
    with pytest.raises(ValueError, match="bot"):
        OutlawsVectorEnv(2, opponent="grandmaster")


def test_a_bot_opponent_is_handed_views_and_plays_whole_games() -> None:
    """A registry bot as the opponent: it decides from its seat's view, as at the table."""
    env = OutlawsVectorEnv(2, opponent="novice:3", turn_limit=12, seed=4)
    _, infos = env.reset()
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(40):
        _obs, _rewards, terminated, truncated, infos = env.step(
            _random_actions(infos["action_mask"], rng)
        )
        ended += int((terminated | truncated).sum())
    assert ended >= 1


def test_a_batched_policy_can_be_the_opponent() -> None:
    """A policy over arrays (a frozen network, say) plays the opponent's decisions, seeing
    only its own seat's rows; an illegal choice of it is refused."""
    calls: list[int] = []

    def first_legal(observations: np.ndarray, masks: np.ndarray) -> Sequence[int]:
        calls.append(len(masks))
        assert observations.shape == (len(masks), 489)
        return [int(np.flatnonzero(row)[0]) for row in masks]

    env = OutlawsVectorEnv(4, opponent=first_legal, seat=1, seed=2, turn_limit=40)
    _, infos = env.reset()
    rng = np.random.default_rng(3)
    for _ in range(10):
        _obs, *_, infos = env.step(_random_actions(infos["action_mask"], rng))
    assert calls and max(calls) <= 4

    def bad(observations: np.ndarray, masks: np.ndarray) -> Sequence[int]:
        return [int(np.flatnonzero(row == 0)[0]) for row in masks]

    with pytest.raises(ValueError, match="opponent policy"):
        OutlawsVectorEnv(2, opponent=bad, seat=1, seed=2).reset()


def test_keeping_the_engines_states_changes_nothing_of_the_games() -> None:
    """The uniform opponent plays inside the compiled rules (``play_random``), or one
    action at a time beside the engine's states: the same games either way."""

    def run(keep: bool) -> list[np.ndarray]:
        env = OutlawsVectorEnv(32, seat=None, seed=9, turn_limit=30, keep_states=keep)
        obs, infos = env.reset(seed=9)
        rng = np.random.default_rng(9)
        out = [obs]
        for _ in range(60):
            obs, rewards, *_, infos = env.step(_random_actions(infos["action_mask"], rng))
            out += [obs, rewards]
        return out

    assert all(np.array_equal(a, b) for a, b in zip(run(True), run(False), strict=True))
