"""Research-interface benchmark: random playouts through each interface, on one core.

    python bench/adapters.py [--seconds 5] [--rounds 5] [--seed 0] [--turn-limit 300]
        [--belief] [--envs 1024] [--only engine,pettingzoo,...]

The same loop three ways: pick a legal action uniformly at random and apply it, until
the game ends, then start another.

- ``engine``: ``State.legal_action_ids()`` and ``State.apply_id()``;
- ``pettingzoo``: ``env.last()`` (the observation vector and the mask of the agent to
  act), a masked random action, ``env.step()``; ``--belief`` adds the belief marginals;
- ``pettingzoo_raw``: the same loop on ``raw_env`` (without PettingZoo's
  order-enforcing wrapper, whose attribute lookups cost a few µs each);
- ``pettingzoo_unobserved``: the wrapped AEC loop without the observation, the action
  drawn from the engine's legal ids (``state_``, brought up to date at each step);
- ``openspiel``: ``state.legal_actions()`` and ``state.apply_action()`` on
  ``python_outlaws`` from Python; ``openspiel_tensor``: the same with the acting
  player's ``observation_tensor()`` read at every step (a list of floats);
  ``openspiel_observation``: the same tensor the way OpenSpiel's
  ``open_spiel.python.observation.make_observation`` gives it, ``set_from(state,
  player)`` into a NumPy array; ``openspiel_observed``: the list tensor and the
  ``information_state_string()`` (the whole redacted log, so it grows with the game);
- ``vector`` / ``vector_selfplay``: :class:`~outlaws.adapters.vector.OutlawsVectorEnv`
  (one learning seat against the uniform opponent; a step is one decision of the
  learner, the opponent's replies included) and the self-play form, ``--envs`` games
  stepped together; the masked random actions are drawn for all of them at once, and
  only the environment's ``step`` is timed.

Every loop plays one untimed game first: what loads on first use (compiled code read
from Numba's cache, say) is not counted as a step's cost.

Rates are given per wall-clock second and per CPU second of this process (the latter is
what to compare on a busy machine). The loops take turns: ``--rounds`` rounds, each
running every loop for ``seconds / rounds``, and each figure is the median over the
rounds. A shared machine's speed drifts by a third from one minute to the next; taking
turns exposes every loop to the same drift, and ``vs_engine`` (the median of each round's
ratio to the engine's CPU rate) hardly moves with it. Needs the ``rl`` extra. Prints one
line per loop, then one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable

import numpy as np

from outlaws.engine import State


def _timed(run_game: Callable[[int], int], seconds: float) -> dict[str, float]:
    """Whole games from ``run_game(index) -> steps`` for about ``seconds``, after one
    untimed game (what loads on first use, such as compiled code, is not a step's cost)."""
    run_game(10**6)  # a game the timed loop never plays
    gc.collect()  # each loop starts from a heap the loop before it has left tidy
    steps = games = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while time.perf_counter() - start < seconds or games == 0:
        steps += run_game(games)
        games += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {
        "steps_per_s": steps / elapsed,
        "steps_per_cpu_s": steps / cpu,
        "games_per_s": games / elapsed,
        "games": games,
    }


def engine(seconds: float, seed: int, turn_limit: int) -> dict[str, float]:
    rng = random.Random(seed)

    def game(i: int) -> int:
        state = State.new(seed=seed + i, turn_limit=turn_limit)
        n = 0
        while not state.over:
            state.apply_id(rng.choice(state.legal_action_ids()))
            n += 1
        return n

    return _timed(game, seconds)


def pettingzoo(
    seconds: float,
    seed: int,
    turn_limit: int,
    belief: bool,
    observe: bool = True,
    wrapped: bool = True,
) -> dict[str, float]:
    from outlaws.adapters.pettingzoo import env as make_env
    from outlaws.adapters.pettingzoo import raw_env

    pick = random.Random(seed)
    env = (make_env if wrapped else raw_env)(turn_limit=turn_limit, belief=belief)
    unwrapped = env.unwrapped

    def game(i: int) -> int:
        # PettingZoo's own loop: last() says whether the agent is done.
        env.reset(seed=seed + i)
        n = 0
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last(observe)
            if termination or truncation:
                env.step(None)
                continue
            if observe:
                env.step(pick.choice(np.flatnonzero(observation["action_mask"])))
            else:
                env.step(pick.choice(unwrapped.state_.legal_action_ids()))
            n += 1
        return n

    return _timed(game, seconds)


#: OpenSpiel's own C++ games, timed through Python in the same run for comparison.
CPP_GAMES = ("kuhn_poker", "leduc_poker", "liars_dice")


def openspiel_cpp(seconds: float, seed: int, name: str, tensor: bool) -> dict[str, float]:
    import pyspiel

    rng = random.Random(seed)
    spiel = pyspiel.load_game(name)

    def game(i: int) -> int:
        state = spiel.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return _timed(game, seconds)


def openspiel(
    seconds: float,
    seed: int,
    turn_limit: int,
    tensor: bool,
    string: bool,
    observation: bool = False,
) -> dict[str, float]:
    import pyspiel
    from open_spiel.python.observation import make_observation

    import outlaws.adapters.openspiel  # noqa: F401 - registers python_outlaws

    rng = random.Random(seed)

    def game(i: int) -> int:
        spiel = pyspiel.load_game("python_outlaws", {"turn_limit": turn_limit, "seed": seed + i})
        observer = make_observation(spiel) if observation else None
        state = spiel.new_initial_state()
        n = 0
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player())
            if observer is not None:  # OpenSpiel's own way: a NumPy array, no list
                observer.set_from(state, state.current_player())
            if string:
                state.information_state_string(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return _timed(game, seconds)


def vector(
    seconds: float, seed: int, turn_limit: int, envs: int, selfplay: bool
) -> dict[str, float]:
    from outlaws.adapters.vector import OutlawsSelfPlayVectorEnv, OutlawsVectorEnv

    batch = (
        OutlawsSelfPlayVectorEnv(envs, turn_limit=turn_limit, seed=seed)
        if selfplay
        else OutlawsVectorEnv(envs, opponent="random", turn_limit=turn_limit, seed=seed)
    )
    rng = np.random.default_rng(seed)
    _, infos = batch.reset(seed=seed)
    gc.collect()  # as in _timed
    steps = games = 0
    elapsed = cpu = 0.0
    # Only the environment's own work is timed: the caller's uniform choice over a
    # (1024, 987) mask is a policy's cost, not the environment's.
    while elapsed < seconds or steps == 0:
        masks = infos["action_mask"]
        actions = np.argmax(np.where(masks == 1, rng.random(masks.shape), -1.0), axis=1)
        start, cpu_start = time.perf_counter(), time.process_time()
        _, _, terminated, truncated, infos = batch.step(actions)
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - cpu_start
        steps += envs
        games += int((terminated | truncated).sum())
    return {
        "steps_per_s": steps / elapsed,
        "steps_per_cpu_s": steps / cpu,
        "games_per_s": games / elapsed,
        "games": games,
    }


def _median(
    rounds: list[dict[str, float]], engine: list[dict[str, float]] | None
) -> dict[str, float]:
    """The median of each rate over the rounds, the games summed, and the median of each
    round's CPU rate over the engine's in the same round."""
    out = {
        key: statistics.median(r[key] for r in rounds)
        for key in ("steps_per_s", "steps_per_cpu_s", "games_per_s")
    }
    out["games"] = sum(r["games"] for r in rounds)
    if engine is not None:
        out["vs_engine"] = statistics.median(
            r["steps_per_cpu_s"] / e["steps_per_cpu_s"] for r, e in zip(rounds, engine, strict=True)
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per loop, over all rounds")
    parser.add_argument("--rounds", type=int, default=5, help="turns the loops take")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--belief", action="store_true", help="PettingZoo with belief marginals")
    parser.add_argument("--envs", type=int, default=1024, help="games of the batched loops")
    parser.add_argument("--only", help="comma-separated loops to run (default: all)")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    results: dict[str, dict[str, float]] = {}
    share = args.seconds / args.rounds
    loops: list[tuple[str, Callable[[], dict[str, float]]]] = [
        ("engine", lambda: engine(share, args.seed, args.turn_limit)),
        (
            "pettingzoo",
            lambda: pettingzoo(share, args.seed, args.turn_limit, args.belief),
        ),
        (
            "pettingzoo_raw",
            lambda: pettingzoo(share, args.seed, args.turn_limit, False, wrapped=False),
        ),
        (
            "pettingzoo_unobserved",
            lambda: pettingzoo(share, args.seed, args.turn_limit, False, observe=False),
        ),
        ("openspiel", lambda: openspiel(share, args.seed, args.turn_limit, False, False)),
        (
            "openspiel_tensor",
            lambda: openspiel(share, args.seed, args.turn_limit, True, False),
        ),
        (
            "openspiel_observation",
            lambda: openspiel(share, args.seed, args.turn_limit, False, False, observation=True),
        ),
        (
            "openspiel_observed",
            lambda: openspiel(share, args.seed, args.turn_limit, True, True),
        ),
        *(
            (
                f"cpp_{name}{'_tensor' if tensor else ''}",
                lambda name=name, tensor=tensor: openspiel_cpp(share, args.seed, name, tensor),
            )
            for name in CPP_GAMES
            for tensor in (False, True)
        ),
        ("vector", lambda: vector(share, args.seed, args.turn_limit, args.envs, False)),
        (
            "vector_selfplay",
            lambda: vector(share, args.seed, args.turn_limit, args.envs, True),
        ),
    ]
    if args.only:
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - {name for name, _ in loops})
        if unknown:
            parser.error(f"--only: no loop named {', '.join(unknown)}")
        loops = [(name, run) for name, run in loops if name in wanted]
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name, _ in loops}
    for _ in range(args.rounds):
        for name, run in loops:
            rounds[name].append(run())
    for name, _ in loops:
        results[name] = _median(rounds[name], rounds.get("engine"))
        r = results[name]
        ratio = f" {r['vs_engine']:5.2f} × engine" if "vs_engine" in r else ""
        print(
            f"{name:26s} {r['steps_per_s']:>10,.0f} steps/s {r['steps_per_cpu_s']:>10,.0f}"
            f" steps/CPU-s {r['games_per_s']:>8.2f} games/s ({r['games']:.0f} games){ratio}"
        )
    out = {
        "bench": "adapters",
        "python": sys.version.split()[0],
        "seconds": args.seconds,
        "rounds": args.rounds,
        "turn_limit": args.turn_limit,
        "belief": args.belief,
        "envs": args.envs,
        **{name: {k: round(v, 2) for k, v in r.items()} for name, r in results.items()},
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
