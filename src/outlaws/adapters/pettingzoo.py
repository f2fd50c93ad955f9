"""Outlaws as a PettingZoo AEC environment (two agents, ``player_0`` and ``player_1``).

>>> from outlaws.adapters.pettingzoo import env
>>> game = env(turn_limit=50)
>>> game.reset(seed=7)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)

- **Agents.** ``player_0`` is seat 0, ``player_1`` seat 1. The agent to act is the engine's
  seat to act (``State.to_act``): usually the seat whose turn it is, which acts twice in a
  row (R4.1), but an interception or a Reverend's cancel (R8.5) is answered by the other
  seat in the middle of a turn. So agents do not simply alternate: read
  ``agent_selection``.
- **Actions.** ``Discrete(NUM_ACTIONS)`` (987): the engine's fixed action ids, relative to
  the seat acting (docs/notation.md, "The integer action space"; docs/research.md).
- **Observations.** ``{"observation": float32 vector, "action_mask": int8 vector}``. The
  vector holds what the seat may know only (R8.3), in the layout of
  :mod:`outlaws.adapters.features`; the game is played on a row of the compiled rules
  (:mod:`outlaws.adapters.kernel`, checked against the engine), which encode it.
  ``state_`` is the engine's :class:`~outlaws.engine.State` of the same game.
  ``belief=True`` appends the exact posterior marginals of the opponent's arrangement
  (slower). The mask is all zeros for an agent that is not to act.
- **Rewards.** +1 to the winner and −1 to the loser when the game ends; 0 otherwise.
- **Termination / truncation.** A won game terminates both agents. ``turn_limit`` ends a
  game with no winner (R9.5): both agents are *truncated*, rewards 0. ``max_cycles``
  truncates after that many cycles, a cycle being one step per agent (2 steps);
  ``max_steps`` after that many steps.
- **Illegal actions.** ``illegal_action="substitute"`` (default) replaces an id the mask
  forbids by a legal one drawn from the environment's seeded generator and sets
  ``infos[agent]["illegal_action"] = True`` for that step; ``"raise"`` raises
  ``ValueError`` instead.
- **Seeding.** ``reset(seed=...)`` seeds the generator that draws each game's deal seed
  (and substitutions); the same seed gives the same games. ``env(seed=...)`` does the
  same for a first ``reset()`` without a seed and also seeds the action spaces.
- **Placement phase.** ``placement_phase=True`` starts each game with the placement of
  R3.1 as 20 ordinary decisions, the seats taking turns: each pick puts one of the
  seat's characters at its next place (columns 1..8, then the Saloon), ids 987..996
  (:mod:`outlaws.adapters.placing`); the action space grows to ``Discrete(997)``. During
  the phase ``state_`` is None and an agent observes its own picks only; once both have
  placed, the game is ``Setup.placed(deal seed, placements)``. Off by default: the
  action space and observations are then exactly those without it.
- **Rendering.** ``render_mode="ansi"`` returns the table as text, ``"human"`` prints it.
  It shows ``render_seat``'s view (default: the spectator's, public facts only).

``parallel_env(**kwargs)`` wraps the same game with PettingZoo's turn-based converter:
each parallel step applies the action of the agent to act (the others' are ignored), so
there a cycle is one parallel step and ``max_cycles`` counts parallel steps.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from ..engine import NUM_ACTIONS, Setup, State, View, seat_view
from .features import BASE_SIZE, SeatEncoder, encode_placing, observation_size
from .kernel.mirror import MirroredGame
from .placing import NUM_ACTIONS_PLACING, Picks

AGENTS = ("player_0", "player_1")
#: The turn limit of a game unless told otherwise (the arena's).
DEFAULT_TURN_LIMIT = 300
ILLEGAL_ACTION_MODES = ("substitute", "raise")

#: An agent's observation: the float32 feature vector and the int8 action mask.
Observation = dict[str, npt.NDArray[np.float32 | np.int8]]


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing checks, the same checks, with what a loop reads at
    every step asked of the environment directly: through the wrapper's attribute hook,
    the reads of ``last()``, ``step()`` and ``agent_iter()`` cost more than the
    observation itself."""

    def _before_reset(self, name: str) -> None:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")

    @property
    def agent_selection(self) -> str:
        self._before_reset("agent_selection")
        selection: str = self.env.agent_selection
        return selection

    @property
    def agents(self) -> list[str]:
        self._before_reset("agents")
        agents: list[str] = self.env.agents
        return agents

    def last(self, observe: bool = True) -> tuple[Any, ...]:
        self._before_reset("agent_selection")
        result: tuple[Any, ...] = self.env.last(observe)
        return result

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:  # PettingZoo's own errors and warnings
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable[str, Any, Any]:
        return _Agents(self, max_iter)


class _Agents(AECOrderEnforcingIterable[str, Any, Any]):
    def __iter__(self) -> AECOrderEnforcingIterator[str, Any, Any]:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator[str, Any, Any]):
    """PettingZoo's order-enforcing iterator, the same checks, reading the agents from
    the environment itself rather than through the wrapper."""

    def __next__(self) -> str:
        wrapper = cast(_OrderEnforcing, self.env)
        wrapper._before_reset("agents")
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        selection: str = env.agent_selection
        return selection


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment, wrapped in PettingZoo's order-enforcing checks."""
    return _OrderEnforcing(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The same game through PettingZoo's turn-based parallel converter.

    ``max_cycles`` counts parallel steps here (each is one action of the agent to act).
    """
    max_cycles = kwargs.pop("max_cycles", None)
    if max_cycles is not None:
        kwargs["max_steps"] = max_cycles
    return turn_based_aec_to_parallel(env(**kwargs))


class raw_env(AECEnv):
    """Outlaws: Last Man Standing for two agents (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "outlaws_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        turn_limit: int | None = DEFAULT_TURN_LIMIT,
        max_cycles: int | None = None,
        max_steps: int | None = None,
        belief: bool = False,
        illegal_action: str = "substitute",
        render_seat: int | None = None,
        seed: int | None = None,
        placement_phase: bool = False,
    ) -> None:
        """Create the environment; call :meth:`reset` before anything else.

        ``seed`` (optional) seeds the first :meth:`reset` that is given no seed, and the
        agents' action and observation spaces (``seed + seat``), which makes a run whose
        actions are sampled from the spaces reproducible end to end.
        ``placement_phase`` starts every game with the seats' placement picks (R3.1).
        """
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION_MODES}")
        if turn_limit is not None and turn_limit < 1:
            raise ValueError("turn_limit must be at least 1 (or None)")
        self.render_mode = render_mode
        self.turn_limit = turn_limit
        limits = [n for n in (max_steps, None if max_cycles is None else 2 * max_cycles) if n]
        #: Steps after which the game is truncated (None: only the turn limit).
        self.max_steps: int | None = min(limits) if limits else None
        self.belief = belief
        self.illegal_action = illegal_action
        self.render_seat = render_seat
        self.placement_phase = placement_phase
        #: The size of the action space (and of the mask).
        self.num_actions = NUM_ACTIONS_PLACING if placement_phase else NUM_ACTIONS
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        size = observation_size(belief)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in AGENTS}
        if seed is not None:
            for seat, agent in enumerate(AGENTS):
                self.action_spaces[agent].seed(seed + seat)
                self.observation_spaces[agent].seed(seed + seat)
        self.np_random, self.np_random_seed = seeding.np_random(seed)
        self._has_rng = seed is not None
        # The game, on a row of the compiled rules for the vectors and the masks at the
        # engine's pace (checked against the engine); its engine State (``state_``) is
        # brought up to date only when asked for. None while the seats place.
        self._game: MirroredGame | None = None
        #: The placement phase in progress (None: not on, or over).
        self.placing: Picks | None = None
        #: The seed of the current game's deal (R3; with the placement phase, the seed of
        #: ``Setup.placed``).
        self.deal_seed = 0
        # The belief marginals' filters (belief=True).
        self._encoders = [SeatEncoder(0), SeatEncoder(1)]
        self._size = size
        self._cache: dict[int, tuple[int, Observation]] = {}
        self.steps = 0

    # -- spaces --------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        """The (same, cached) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The (same, cached) action space of ``agent``: ``Discrete(NUM_ACTIONS)``, or
        ``Discrete(NUM_ACTIONS_PLACING)`` with the placement phase."""
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` reseeds the generator the deals are drawn from."""
        if seed is not None or not self._has_rng:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            self._has_rng = True
        deal = int(self.np_random.integers(2**31))
        self.deal_seed = deal
        if self.placement_phase:
            self._game = None
            self.placing = Picks()
        else:
            self._start(Setup.random(deal))
        for encoder in self._encoders:
            encoder.reset()
        self._cache.clear()
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self._to_act()]

    def _to_act(self) -> int:
        """The seat to act: the one to pick during the placement phase, else the game's."""
        if self.placing is not None:
            return self.placing.to_act
        assert self._game is not None, "call reset() first"
        return self._game.to_act

    def _start(self, setup: Setup) -> None:
        """Start the game of ``setup`` (the deal, or the seats' placements)."""
        self._game = MirroredGame(self.deal_seed, setup, self.turn_limit)

    @property
    def state_(self) -> State | None:
        """The game as an engine :class:`~outlaws.engine.State` (None while the seats
        place): the true state, for tests, tools and the view of a seat
        (:meth:`view`). It is brought up to date when read, so a loop that never reads
        it never pays for it. Assigning a state plays the environment on from it."""
        return None if self._game is None else self._game.state

    @state_.setter
    def state_(self, state: State) -> None:
        self._game = MirroredGame.of(state)
        self.deal_seed = state.seed
        self.placing = None
        self._cache.clear()

    def _legal_ids(self) -> list[int]:
        """The legal ids of the agent to act, ascending."""
        if self.placing is not None:
            return self.placing.legal()
        assert self._game is not None, "call reset() first"
        return self._game.legal_ids()

    def step(self, action: Any) -> None:
        """Apply ``action`` (an action id) for :attr:`agent_selection`."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        choice = -1 if action is None else int(action)
        game = self._game
        if self.placing is not None:
            illegal = choice not in self.placing.legal()
        else:  # the compiled rules check the id as they apply it
            assert game is not None, "call reset() first"
            illegal = not game.try_apply(choice)
        if illegal:
            if self.illegal_action == "raise":
                raise ValueError(f"action {action!r} is not legal for {agent} (see the mask)")
            legal = self._legal_ids()
            choice = legal[int(self.np_random.integers(len(legal)))]
            if game is not None and self.placing is None:
                game.apply(choice)
        self._cumulative_rewards[agent] = 0
        if self.placing is not None:
            self.placing.apply(choice)
            if self.placing.done:
                self._start(Setup.placed(self.deal_seed, self.placing.placements()))
                self.placing = None
        game = self._game
        over = game is not None and self.placing is None and game.over
        self.steps += 1
        self._cache.clear()
        for info in self.infos.values():
            info.pop("illegal_action", None)
        if illegal:
            self.infos[agent]["illegal_action"] = True
        if over:
            assert game is not None
            winner = game.winner
            if winner is not None:
                self.rewards[AGENTS[winner]] = 1
                self.rewards[AGENTS[1 - winner]] = -1
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.truncations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        if not over:
            self.agent_selection = AGENTS[self._to_act()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: built from its seat's view only, and its mask."""
        seat = AGENTS.index(agent)
        # Only the belief's marginals are worth keeping for a second call in the step.
        cached = self._cache.get(seat) if self.belief else None
        if cached is not None and cached[0] == self.steps:
            return {key: value.copy() for key, value in cached[1].items()}
        if self.placing is not None:
            acting = self.placing.to_act == seat and self._live(agent)
            vector = encode_placing(seat, self.placing.own[seat], acting, self.belief)
            mask = np.zeros(self.num_actions, dtype=np.int8)
            if acting:
                mask[self.placing.legal()] = 1
        else:
            game = self._game
            assert game is not None, "call reset() first"
            # Every entry is written below: the encoder clears what it does not set.
            vector = np.empty(self._size, dtype=np.float32)
            if not game.over and game.to_act == seat and self._live(agent):
                mask = np.empty(self.num_actions, dtype=np.int8)
                game.observe(seat, vector, mask)  # the vector and the mask in one call
            else:
                mask = np.zeros(self.num_actions, dtype=np.int8)
                game.observe(seat, vector)
            if self.belief:
                state = self.state_
                assert state is not None
                marginals = self._encoders[seat].marginals(seat_view(state, seat))
                vector[BASE_SIZE:] = marginals.ravel()
        observation: Observation = {"observation": vector, "action_mask": mask}
        if not self.belief:
            return observation
        self._cache[seat] = (self.steps, observation)
        return {key: value.copy() for key, value in observation.items()}

    def _live(self, agent: str) -> bool:
        return agent in self.terminations and not (
            self.terminations[agent] or self.truncations[agent]
        )

    def view(self, agent: str) -> View:
        """``agent``'s :class:`~outlaws.engine.View` (for bots and debugging); there is
        none before both seats have placed."""
        if self.placing is not None:
            raise ValueError("no view during the placement phase: no game is dealt yet")
        state = self.state_
        assert state is not None, "call reset() first"
        return seat_view(state, AGENTS.index(agent))

    # -- output --------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as text, from :attr:`render_seat`'s view (public facts by default)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.placing is not None:
            seat = self.render_seat
            text = f"Outlaws — placement phase, seat {self.placing.to_act} to pick\n" + (
                f"{len(self.placing.own[0])} and {len(self.placing.own[1])} of 10 placed"
                if seat is None
                else self.placing.describe(seat)
            )
        else:
            state = self.state_
            if state is None:
                return None
            text = render_view(seat_view(state, self.render_seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def render_view(view: View, events: int = 6) -> str:
    """A plain-text picture of ``view``: both streets, tokens, stashes, last events."""

    def street(seat: int) -> str:
        return " ".join(f"{(name or '?')[:5]:>5}" for name in view.seats[seat].street)

    def stash(seat: int) -> str:
        return ", ".join(f"{k} {v}" for k, v in view.seats[seat].stash.items() if v)

    slots = " ".join(
        f"{'-' if c >= view.filled else (view.slots[c] or '?')[:5]:>5}" for c in range(8)
    )
    head = f"turn {view.turn}, " + (
        f"over: {view.how}, winner {view.winner}"
        if view.over
        else f"seat {view.to_act} to act"
        + (f" ({view.pending} prompt)" if view.pending else f", {view.actions_left} left")
    )
    lines = [
        f"Outlaws — seen by {'spectator' if view.viewer is None else f'seat {view.viewer}'}; "
        + head,
        "column " + " ".join(f"{c:>5}" for c in range(1, 9)),
        "seat 1 " + street(1) + f"   saloon {', '.join(view.seats[1].saloon)}",
        "tokens " + slots + f"   reserve {view.reserve}",
        "seat 0 " + street(0) + f"   saloon {', '.join(view.seats[0].saloon)}",
        f"stash 0: {stash(0) or '-'}; stash 1: {stash(1) or '-'}",
    ]
    for event in view.log[-events:]:
        fields = " ".join(f"{k}={v}" for k, v in event.fields)
        lines.append(f"  t{event.turn} {event.type} seat {event.seat} {fields}".rstrip())
    return "\n".join(lines)


__all__ = ["AGENTS", "env", "parallel_env", "raw_env", "render_view"]
