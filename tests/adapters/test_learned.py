"""``learned:PATH``: a trained policy file played as a bot, with NumPy alone.

The files here are made with random weights (training is ``examples/train_ppo.py``'s
business): what is checked is that any policy file plays legal, reproducible games from
a seat's view, that its logits decide, and that a file that is not a policy is refused
with a message saying why.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from outlaws.adapters.learned import LearnedBot, Policy, save_policy
from outlaws.bots import bot_specs, make_bot, play_game
from outlaws.engine import NUM_ACTIONS, State, seat_view
from outlaws.engine.actionspace import K_MOVE, SPEC_ID


def _policy_file(tmp_path: Path, seed: int = 0, bias: np.ndarray | None = None) -> str:
    rng = np.random.default_rng(seed)
    path = str(tmp_path / f"policy-{seed}.npz")
    hidden = [
        (rng.normal(0, 0.1, (489, 32)), np.zeros(32)),
        (rng.normal(0, 0.1, (32, 32)), np.zeros(32)),
    ]
    out_bias = np.zeros(NUM_ACTIONS) if bias is None else bias
    save_policy(path, hidden, (rng.normal(0, 0.1, (32, NUM_ACTIONS)), out_bias))
    return path


def test_a_policy_file_plays_whole_games_from_views(tmp_path: Path) -> None:
    """R4, R9: as either seat, against the random bot, every decision is legal (the engine
    checks each) and the games end; the same seeds play the same games."""
    path = _policy_file(tmp_path)

    def game(seed: int) -> list[int]:
        state = State.new(seed=seed, turn_limit=60)
        bots = [make_bot(f"learned:{path}", seed), make_bot("random", seed + 1)]
        if seed % 2:
            bots.reverse()
        play_game(state, bots)
        assert state.over
        return state.history

    for seed in range(4):
        assert game(seed) == game(seed)


def test_the_policy_logits_decide(tmp_path: Path) -> None:
    """A policy whose bias favours one move plays it when it is legal (greedy), and mostly
    plays it when drawing from its probabilities."""
    favourite = SPEC_ID[(K_MOVE, 0, 1, 1)]  # move 1 2, a real swap
    bias = np.zeros(NUM_ACTIONS)
    bias[favourite] = 50.0
    path = _policy_file(tmp_path, bias=bias)
    state = State.new(seed=5)
    legal = state.legal_actions()
    greedy = LearnedBot(seed=1, path=path, greedy=True)
    chosen = greedy.choose(seat_view(state, state.to_act), legal)
    assert state.encode(chosen) == favourite
    drawn = LearnedBot(seed=2, path=path)
    picks = [drawn.choose(seat_view(state, state.to_act), legal) for _ in range(20)]
    assert sum(state.encode(a) == favourite for a in picks) >= 18


def test_a_bot_follows_one_game_then_starts_afresh_for_another(tmp_path: Path) -> None:
    """The bot reads each view's new events only; a view of another game (or seat) is
    read from its start, so a bot reused across games decides as a fresh one would."""
    path = _policy_file(tmp_path)
    reused, rng = LearnedBot(seed=3, path=path, greedy=True), random.Random(0)
    for seed in (1, 2):
        state = State.new(seed=seed, turn_limit=30)
        while not state.over:
            view, legal = seat_view(state, state.to_act), state.legal_actions()
            fresh = LearnedBot(seed=3, path=path, greedy=True)
            assert reused.choose(view, legal) == fresh.choose(view, legal)
            state.apply_id(rng.choice(state.legal_action_ids()))


def test_what_is_not_a_policy_is_refused_with_the_reason(tmp_path: Path) -> None:
    not_zip = tmp_path / "notes.npz"
    not_zip.write_text("hello")
    other = tmp_path / "other.npz"
    np.savez(other, weights=np.zeros(3))
    for spec, reason in (
        (f"learned:{tmp_path / 'missing.npz'}", "no policy file"),
        (f"learned:{not_zip}", "not a policy file"),
        (f"learned:{other}", "not a policy file of format"),
        ("learned", "is read from a file"),
        ("learned:", "is read from a file"),
    ):
        with pytest.raises(ValueError, match=reason):
            make_bot(spec, 0)
    with pytest.raises(ValueError, match="do not take 489 inputs"):
        Policy([(np.zeros((10, 4), np.float32), np.zeros(4, np.float32))])
    with pytest.raises(ValueError, match="one per action id"):
        Policy([(np.zeros((489, 4), np.float32), np.zeros(4, np.float32))])
    assert not any(spec.startswith("learned") for spec in bot_specs())
