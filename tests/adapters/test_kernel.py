"""The compiled rules of the batched environments (``outlaws.adapters.kernel``): the same
games as the engine, the same legal actions in the same order, the same observations,
the same endings; and observations that, like the engine's, cannot tell apart what a
seat cannot see (R8.3)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from outlaws.adapters.features import SeatEncoder, observation_size
from outlaws.adapters.kernel import Games, rules
from outlaws.adapters.kernel.check import KernelMismatch, differential, kind_uniform
from outlaws.adapters.kernel.mirror import MirroredGame
from outlaws.engine import Setup, State, seat_frame
from outlaws.engine.frames import EVENT_FIELDS


@pytest.mark.slow
def test_the_kernel_plays_the_engines_games_rule_for_rule() -> None:
    """R4-R9: 200 games, each played by the engine and by the kernel with the same
    choices; at every step the legal ids (in the engine's order) and both seats'
    vectors are equal, and so are the endings. Every kind of event of the engine's log
    occurs in them: shots, arrests, interceptions (R6.3.3), cancellations (R6.9.2),
    freed Bandits, Headlines (R6.7), steals (R6.8), sudden deaths (R9.4), the turn limit
    (R9.5) and each way of winning."""
    report = differential(200, seed=200)
    assert report.games == 200 and report.steps > 40_000
    assert set(EVENT_FIELDS) <= set(report.events), set(EVENT_FIELDS) - set(report.events)
    assert set(report.endings) == {"good", "bad", "ugly", "limit"}


def test_a_difference_from_the_engine_is_caught_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A port that forgets one rule (here R6.8's steal) is refused at the step it shows."""
    original = rules.apply

    def forgetful(row: np.ndarray, action: int) -> None:
        before = row[rules.STASH : rules.STASH + 12].copy()
        original(row, action)
        if rules.SPEC[action][0] == rules.K_BANDIT:
            row[rules.STASH : rules.STASH + 12] = before

    monkeypatch.setattr("outlaws.adapters.kernel._apply_all", _plain_apply(forgetful))
    with pytest.raises(KernelMismatch, match=r"game \d+, step \d+: legal ids differ"):
        differential(60, seed=200)


def _plain_apply(apply: object) -> object:
    def apply_all(games: np.ndarray, rows: np.ndarray, actions: np.ndarray) -> None:
        for k in range(rows.shape[0]):
            apply(games[rows[k]], actions[k])  # type: ignore[operator]

    return apply_all


def test_random_actions_are_legal_and_reproducible_from_the_deal() -> None:
    def play() -> list[list[int]]:
        games = Games(6)
        for i in range(6):
            games.deal(i, seed=i, turn_limit=30, rng_seed=100 + i)
        chosen = []
        for _ in range(40):
            live = np.flatnonzero(games.field(rules.OVER) == 0)
            if not len(live):
                break
            masks = games.masks(live)
            actions = games.random_actions(live)
            assert all(masks[k, a] for k, a in enumerate(actions))
            games.apply(actions, live)
            chosen.append(actions.tolist())
        return chosen

    assert play() == play()


def test_one_mirrored_game_answers_a_step_like_the_engine() -> None:
    """A MirroredGame answers a step from its row (who acts, the legal ids in ascending
    order, the end) and brings its engine State up to date only when read; a copy is
    independent, and ``of`` plays on from a State. Sudden deaths (R9.4) included."""
    sudden = 0
    for seed in (*range(6), 31):  # game 31 has a sudden death
        rng, reads = random.Random(seed), random.Random(-seed)
        engine = State.new(seed=seed, turn_limit=100)
        game = MirroredGame(seed, Setup.random(seed), 100)
        encoders = (SeatEncoder(0), SeatEncoder(1))
        vector = np.zeros(observation_size(), dtype=np.float32)
        while not engine.over:
            assert game.to_act == engine.to_act and not game.over
            assert game.legal_ids() == sorted(engine.legal_action_ids())
            for seat in (0, 1):
                game.observe(seat, vector)
                frame = seat_frame(engine, seat, since=encoders[seat].read)
                assert np.array_equal(vector, encoders[seat].encode(frame))
            action = kind_uniform(engine.legal_action_ids(), rng)
            engine.apply_id(action)
            game.apply(action)
            if reads.random() < 0.05:  # read now and then: the State catches up
                assert game.state.to_json() == engine.to_json()
        assert game.over and game.winner == engine.winner
        assert game.state.to_json() == engine.to_json()
        sudden += engine.sudden_deaths
        played_on = MirroredGame.of(State.new(seed=seed, turn_limit=60))
        twin = played_on.copy()
        played_on.apply(played_on.legal_ids()[0])
        assert twin.history == [] and len(played_on.history) == 1
        assert twin.state.to_json() == State.new(seed=seed, turn_limit=60).to_json()
    assert sudden > 0
