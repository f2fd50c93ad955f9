"""Many games of Outlaws stepped together: Gymnasium's vector-environment API.

:class:`OutlawsVectorEnv` plays ``num_envs`` games at once for one learning seat
against a fixed opponent; :class:`OutlawsSelfPlayVectorEnv` hands every decision of
both seats to the caller (self-play). Observations come as one ``(num_envs, 489)``
float32 array and the masks as one ``(num_envs, 987)`` int8 array, a finished game is
dealt again in the same step (``metadata["autoreset_mode"]`` is ``SAME_STEP``: the
last observation of the game that ended is in ``infos["final_obs"]``).

>>> import numpy as np
>>> envs = OutlawsVectorEnv(4, opponent="random", turn_limit=40)
>>> observations, infos = envs.reset(seed=0)
>>> observations.shape, infos["action_mask"].shape
((4, 489), (4, 987))
>>> rng = np.random.default_rng(0)
>>> actions = [rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]]
>>> observations, rewards, terminated, truncated, infos = envs.step(actions)
>>> rewards.shape, terminated.dtype
((4,), dtype('bool'))

The games are stepped by the compiled rules of :mod:`outlaws.adapters.kernel` (a port of
the engine's, checked against it game by game), all at once: no Python object per game.
Everything a seat is given is encoded from what that seat may know (R8.3), as in the
PettingZoo environment; an opponent bot is handed its seat's view, like every bot. The
vectors and masks are those of :mod:`outlaws.adapters.pettingzoo` for the same game and
seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..bots import Bot, make_bot
from ..engine import NUM_ACTIONS, State, seat_view
from .features import BASE_SIZE
from .kernel import Games, rules

#: A batched policy for the opponent: (observations, masks) of the games where it is
#: to act, to one action id per game.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Sequence[int]]

#: What ``step`` returns: observations, rewards, terminated, truncated, infos.
Step = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
    dict[str, Any],
]
Rows = npt.NDArray[np.int32]


class _Batch(VectorEnv[Any, Any, Any]):
    """What both vector environments share: the games (the rows of a
    :class:`~outlaws.adapters.kernel.Games`), their deals, the arrays.

    With ``keep_states`` each game is also played on an engine
    :class:`~outlaws.engine.State` beside its row (``states[i]``): what an opponent bot
    needs for its views, and a way to check the rows against the engine."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self, num_envs: int, turn_limit: int | None, seed: int | None, keep_states: bool
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if turn_limit is not None and turn_limit < 1:
            raise ValueError("turn_limit must be at least 1 (or None)")
        self.num_envs = num_envs
        self.turn_limit = turn_limit
        self.single_observation_space = spaces.Box(0.0, 1.0, (BASE_SIZE,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rng = np.random.default_rng(seed)
        self.games = Games(num_envs)
        self.states: list[State] | None = [] if keep_states else None
        self._started = False
        self._all = np.arange(num_envs, dtype=np.int32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), dtype=np.uint8)

    def _deal(self, i: int) -> None:
        """Deal game ``i`` afresh (and its engine state, when kept)."""
        seed = int(self._rng.integers(2**31))
        self.games.deal(i, seed, self.turn_limit, rng_seed=int(self._rng.integers(2**62)))
        if self.states is not None:
            state = State.new(seed=seed, turn_limit=self.turn_limit)
            if i < len(self.states):
                self.states[i] = state
            else:
                self.states.append(state)
        self._dealt(i)

    def _dealt(self, i: int) -> None:
        """What else a new game needs (the learner's seat, an opponent bot)."""

    def _seats_to_answer(self, rows: Rows) -> Rows:
        """The seat whose decision this environment hands to the caller, per row."""
        raise NotImplementedError

    def _play_others(self, rows: Rows) -> None:
        """Play the decisions the caller is not asked for (the opponent's)."""

    def _apply(self, actions: Sequence[int] | Rows, rows: Rows) -> None:
        """Apply legal action ids in ``rows`` (and in their engine states, when kept)."""
        self.games.apply(actions, rows)
        if self.states is not None:
            for i, action in zip(rows, actions, strict=True):
                self.states[int(i)].apply_id(int(action))

    def _live(self, rows: Rows) -> Rows:
        live: Rows = rows[self.games.rows[rows, rules.OVER] == 0]
        return live

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal ``num_envs`` new games (``seed`` reseeds the deals)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._reseed(seed)
        for i in range(self.num_envs):
            self._deal(i)
        self._started = True
        self._play_others(self._all)
        return self._observe(), self._infos()

    def _reseed(self, seed: int) -> None:
        """Reseed what else draws at random (an opponent)."""

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.games.observations(self._seats_to_answer(self._all))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of each game's decision, as booleans (MaskablePPO's hook)."""
        return self.games.masks().astype(bool)

    def _infos(self) -> dict[str, Any]:
        # Kept for the next step's check: the caller may write to the array it is handed.
        self._masks = self.games.masks()
        return {
            "action_mask": self._masks.view(np.int8).copy(),
            "seat": self._seats_to_answer(self._all).astype(np.int8),
        }

    def _step_caller(self, actions: Any) -> None:
        """Apply one action id per game (the caller's), then the others' decisions."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions).reshape(-1)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions: one action id per game ({self.num_envs}), not {ids.shape}")
        # The masks of the last infos: nothing has moved since they were computed.
        inside = (ids >= 0) & (ids < NUM_ACTIONS)
        legal = inside.copy()
        legal[inside] = self._masks[self._all[inside], ids[inside]] == 1
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise ValueError(
                f"actions[{i}]: {ids[i]} is not legal in game {i} (see infos['action_mask'])"
            )
        self._apply(ids.astype(np.int32), self._all)
        self._play_others(self._live(self._all))

    def _rewards(self, rows: Rows) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _finals(self, rows: Rows) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _step(
        self, actions: Any, reward_shape: tuple[int, ...], final_shape: tuple[int, ...]
    ) -> Step:
        """Apply the caller's actions, settle and deal again the games that ended."""
        self._step_caller(actions)
        n = self.num_envs
        rewards = np.zeros((n, *reward_shape), dtype=np.float32)
        winners = self.games.rows[:, rules.WINNER].astype(np.int8)
        ended = self.games.rows[:, rules.OVER] == 1
        terminated = ended & (winners >= 0)
        truncated = ended & (winners < 0)
        done = np.flatnonzero(ended).astype(np.int32)
        final_obs = np.zeros((n, *final_shape), dtype=np.float32)
        if len(done):
            rewards[done] = self._rewards(done)
            final_obs[done] = self._finals(done)
            for i in done:
                self._deal(int(i))
            self._play_others(done)
        observations = self._observe()
        infos = self._infos()
        if len(done):
            infos["final_obs"] = final_obs
            infos["_final_obs"] = ended
            infos["final_info"] = {"winner": np.where(ended, winners, -1).astype(np.int8)}
        return observations, rewards, terminated, truncated, infos

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""


class OutlawsVectorEnv(_Batch):
    """``num_envs`` games, one learning seat in each against a fixed ``opponent``.

    - ``opponent``: ``"random"`` (a legal id uniformly), any bot spec of
      :func:`outlaws.bots.make_bot` (``"heuristic"``, ``"novice:1"``: handed its seat's
      view), or a batched :data:`Policy` over the opponent's observations and masks.
    - ``seat``: the learner's seat, or None to draw it for each game.
    - ``keep_states``: also play every game on an engine state (``states[i]``), to check
      the rows against it; always so for an opponent bot, which is handed views.
    - ``step(actions)`` applies the learner's action in every game, lets the opponent play
      until the learner is to decide again (a reaction, R8.5, may be the learner's in the
      opponent's turn), and returns ``(observations, rewards, terminated, truncated,
      infos)``: +1 / -1 when the learner wins / loses, 0 otherwise; ``terminated`` for a
      win, ``truncated`` for the turn limit (R9.5). ``infos``: ``action_mask`` (int8),
      ``seat`` (the learner's), and when games ended ``final_obs`` (the learner's last
      observation), ``_final_obs`` (which games) and ``final_info["winner"]`` (the seat
      that won, -1 for the turn limit).
    """

    def __init__(
        self,
        num_envs: int,
        opponent: str | Policy = "random",
        seat: int | None = 0,
        turn_limit: int | None = 300,
        seed: int | None = None,
        keep_states: bool = False,
    ) -> None:
        bots = isinstance(opponent, str) and opponent != "random"
        super().__init__(num_envs, turn_limit, seed, keep_states or bots)
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (drawn per game), not {seat!r}")
        self.seat = seat
        self.opponent = opponent
        self.learners = np.zeros(num_envs, dtype=np.int32)
        self._bots: list[Bot | None] = [None] * num_envs
        self._pick = random.Random(seed)
        if bots:
            make_bot(str(opponent), seed=seed)  # a bad spec is refused here, not mid-game

    def _reseed(self, seed: int) -> None:
        self._pick = random.Random(seed)

    def _dealt(self, i: int) -> None:
        self.learners[i] = self.seat if self.seat is not None else int(self._rng.integers(2))
        if isinstance(self.opponent, str) and self.opponent != "random":
            self._bots[i] = make_bot(self.opponent, self._pick.randrange(2**31))

    def _seats_to_answer(self, rows: Rows) -> Rows:
        return self.learners[rows]

    def _waiting(self, rows: Rows) -> Rows:
        """Of ``rows``, the games where the opponent is to decide."""
        live = self._live(rows)
        waiting: Rows = live[self.games.rows[live, rules.TO_ACT] != self.learners[live]]
        return waiting

    def _play_others(self, rows: Rows) -> None:
        waiting = self._waiting(rows)
        while len(waiting):
            if callable(self.opponent):
                self._policy_step(waiting, self.opponent)
            elif self.opponent == "random" and self.states is None:
                self.games.play_random(waiting, 1 - self.learners[waiting])
            elif self.opponent == "random":  # the engine's states play the same actions
                self._apply(self.games.random_actions(waiting), waiting)
            else:
                self._bot_step(waiting)
            waiting = self._waiting(waiting)

    def _bot_step(self, rows: Rows) -> None:
        assert self.states is not None
        for i in rows:
            state, bot = self.states[int(i)], self._bots[int(i)]
            assert bot is not None
            view = seat_view(state, 1 - int(self.learners[i]))
            state.apply(bot.choose(view, state.legal_actions()))
            self.games.apply([state.history[-1]], [int(i)])

    def _policy_step(self, rows: Rows, policy: Policy) -> None:
        observations = self.games.observations(1 - self.learners[rows], rows)
        masks = self.games.masks(rows).view(np.int8)
        actions = np.asarray(policy(observations, masks)).reshape(-1)
        for row, action in enumerate(actions):
            if not (0 <= action < NUM_ACTIONS and masks[row, int(action)]):
                raise ValueError(f"the opponent policy chose {action}, not legal in its game")
        self._apply(actions.astype(np.int32), rows)

    def _rewards(self, rows: Rows) -> npt.NDArray[np.float32]:
        winners = self.games.rows[rows, rules.WINNER]
        return np.where(winners < 0, 0.0, np.where(winners == self.learners[rows], 1.0, -1.0))

    def _finals(self, rows: Rows) -> npt.NDArray[np.float32]:
        return self.games.observations(self.learners[rows], rows)

    def step(self, actions: Any) -> Step:
        """Apply the learner's action in every game (see the class docstring)."""
        return self._step(actions, (), (BASE_SIZE,))


class OutlawsSelfPlayVectorEnv(_Batch):
    """``num_envs`` games whose every decision, of either seat, is handed to the caller.

    The observation of each game is that of the seat to act (``infos["seat"]``), built
    from that seat's knowledge only. ``step(actions)`` applies each game's action and
    returns ``(observations, rewards, terminated, truncated, infos)`` with ``rewards`` of
    shape ``(num_envs, 2)``: +1 to the winner's seat and -1 to the loser's when a game
    ends, 0 otherwise. ``final_obs`` (games that ended) has both seats' last
    observations, ``(num_envs, 2, 489)``. ``keep_states`` as for
    :class:`OutlawsVectorEnv`.
    """

    def __init__(
        self,
        num_envs: int,
        turn_limit: int | None = 300,
        seed: int | None = None,
        keep_states: bool = False,
    ) -> None:
        super().__init__(num_envs, turn_limit, seed, keep_states)

    def _seats_to_answer(self, rows: Rows) -> Rows:
        seats: Rows = self.games.rows[rows, rules.TO_ACT].clip(0)
        return seats

    def _rewards(self, rows: Rows) -> npt.NDArray[np.float32]:
        winners = self.games.rows[rows, rules.WINNER]
        out = np.zeros((len(rows), 2), dtype=np.float32)
        decided = winners >= 0
        out[decided, winners[decided]] = 1.0
        out[decided, 1 - winners[decided]] = -1.0
        return out

    def _finals(self, rows: Rows) -> npt.NDArray[np.float32]:
        out = np.zeros((len(rows), 2, BASE_SIZE), dtype=np.float32)
        for seat in (0, 1):
            out[:, seat] = self.games.observations(np.full(len(rows), seat), rows)
        return out

    def step(self, actions: Any) -> Step:
        """Apply the action of the seat to act in every game (see the class docstring)."""
        return self._step(actions, (2,), (2, BASE_SIZE))


__all__ = ["OutlawsSelfPlayVectorEnv", "OutlawsVectorEnv", "Policy"]
