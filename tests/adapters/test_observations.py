"""The research interfaces' observations: the same bytes as the layout documented in
docs/research.md, built incrementally from a seat's frames, and leak-proof (R8.3).

The vectors were rebuilt for speed (frames of ints, parts of the vector rewritten only
when what they are made of changed). The digests below are those of the vectors, masks
and tensors that the earlier encoder (reading whole views) gave for the same seeded
games: the layout did not move by a byte.
"""

from __future__ import annotations

import hashlib
import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import outlaws.adapters.openspiel  # noqa: E402, F401 - registers python_outlaws
from outlaws.adapters.features import SeatEncoder, encode_frame  # noqa: E402
from outlaws.adapters.kernel import Games  # noqa: E402
from outlaws.adapters.pettingzoo import raw_env  # noqa: E402
from outlaws.engine import State, seat_frame  # noqa: E402
from tests.engine.test_properties import (  # noqa: E402
    Observe,
    compare_walk,
    fork_arrangement,
    fork_move,
    fork_tokens,
    look_first,
    rng_pick,
    token_quiet,
)

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _pettingzoo_digest(games: int, placement: bool) -> tuple[int, str]:
    """Every observation and mask of both agents at every step of seeded random games."""
    digest = hashlib.sha256()
    env = raw_env(turn_limit=60, placement_phase=placement)
    steps = 0
    for k in range(games):
        env.reset(seed=k)
        rng = random.Random(k)
        while not any(env.terminations.values()) and not any(env.truncations.values()):
            for agent in env.possible_agents:
                seen = env.observe(agent)
                digest.update(seen["observation"].tobytes() + seen["action_mask"].tobytes())
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(rng.choice(list(legal))))
            steps += 1
        for agent in env.possible_agents:
            seen = env.observe(agent)
            digest.update(seen["observation"].tobytes() + seen["action_mask"].tobytes())
    return steps, digest.hexdigest()


def test_pettingzoo_observations_keep_their_layout_byte_for_byte() -> None:
    """docs/research.md's layout: 3,533 steps of 30 games, both agents observed."""
    assert _pettingzoo_digest(30, placement=False) == (
        3533,
        "672d2eb60dc818e6de4068444be35363e302e79c30f85690c8a1ee1d6c67b25e",
    )


def test_pettingzoo_placement_phase_observations_keep_their_layout() -> None:
    """R3.1: the placement phase's picks, then play, byte for byte as before."""
    assert _pettingzoo_digest(10, placement=True) == (
        1401,
        "eef19cf6c8911497d16957d53c45cf95ea91f10f30b294b3b25346c43150f69f",
    )


def test_openspiel_observation_tensors_keep_their_layout() -> None:
    """python_outlaws' observation tensors of both players, and those of states resampled
    from a player's information (whose encoder first reads the known past)."""
    digest = hashlib.sha256()
    steps = 0
    warnings.simplefilter("ignore")
    for k in range(12):
        game = pyspiel.load_game("python_outlaws", {"turn_limit": 40, "seed": k})
        state = game.new_initial_state()
        rng = random.Random(k)
        while not state.is_terminal():
            for player in (0, 1):
                digest.update(np.asarray(state.observation_tensor(player), np.float32).tobytes())
            if k % 3 == 0 and steps % 17 == 5:
                player = state.current_player()
                world = state.resample_from_infostate(player, random.Random(steps).random)
                digest.update(np.asarray(world.observation_tensor(player), np.float32).tobytes())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    assert (steps, digest.hexdigest()) == (
        960,
        "e3871318b8c8b8ae61d7a2aa373511ede966138bb9e5e8965e83c3519214645a",
    )


def test_an_encoder_that_follows_a_game_gives_what_a_fresh_one_gives() -> None:
    """Incremental encoding is exact: at every step of random games, each seat's encoder
    (reading only the new events, rewriting only the parts that changed) gives the
    vector of a fresh encoder reading the whole log."""
    for seed in range(6):
        rng = random.Random(seed)
        state = State.new(seed=seed, turn_limit=120)
        encoders = [SeatEncoder(0), SeatEncoder(1)]
        while True:
            for seat, encoder in enumerate(encoders):
                followed = encoder.encode(seat_frame(state, seat, since=encoder.read))
                assert np.array_equal(followed, encode_frame(seat_frame(state, seat)))
            if state.over:
                break
            state.apply_id(rng.choice(state.legal_action_ids()))


def test_an_encoder_refuses_a_frame_that_does_not_continue_its_game() -> None:
    state = State.new(seed=2)
    encoder = SeatEncoder(0)
    encoder.encode(seat_frame(state, 0))
    state.apply_id(state.legal_action_ids()[0])
    state.apply_id(state.legal_action_ids()[0])
    with pytest.raises(ValueError, match="starts at event"):
        encoder.encode(seat_frame(state, 0, since=len(state.log)))
    with pytest.raises(ValueError, match="seat 0's frames"):
        encoder.encode(seat_frame(state, 1))
    with pytest.raises(ValueError, match="spectator"):
        encode_frame(seat_frame(state, None))


def _observed(state: State, seat: int) -> bytes:
    return encode_frame(seat_frame(state, seat)).tobytes()


def _kernel_observed(state: State, seat: int) -> bytes:
    """The batched environments' vector (outlaws.adapters.kernel): the game replayed
    from its deal by the compiled rules."""
    games = Games(1)
    games.deal(0, state.seed, state.turn_limit, setup=state.setup)
    for action in state.history:
        games.apply([action], [0])
    return games.observations([seat], [0]).tobytes()


@pytest.mark.parametrize("observe", [_observed, _kernel_observed], ids=["engine", "kernel"])
@pytest.mark.parametrize("seed", range(4))
def test_observations_cannot_tell_apart_what_a_seat_cannot_see(seed: int, observe: Observe) -> None:
    """R3.1, R5.1, R5.2, R5.3, R8.3: the property walks of the views, run on the
    observation vectors (the engine's encoder and the batched kernel's): two games that
    differ only in seat 0's arrangement, in whether its move was a real swap, in where
    its Saloon exchange put the cards, or in tokens seat 1 never looked at give seat 1
    the same vector wherever a spectator sees no difference."""
    walks = {
        "arrangement": fork_arrangement(seed, [1, 0, *range(2, 8)]),
        "swap": fork_move(seed, seed % 7, saloon=False),
        "saloon": fork_move(seed, seed % 5, saloon=True),
        "tokens": fork_tokens(seed, seed % 8, 8 + seed % 5),
    }
    compared = 0
    for name, pair in walks.items():
        if pair is None:
            continue
        tokens = name == "tokens"
        if tokens:
            look_first(*pair, rng_pick(seed + 1))
        done, _ = compare_walk(
            *pair,
            rng_pick(seed),
            steps=30,
            seat_one_looks=not tokens,
            quiet=token_quiet if tokens else None,
            observe=observe,
        )
        compared += done
    assert compared >= 4
