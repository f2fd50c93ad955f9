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

Everything a seat is given is encoded from its own frames (R8.3), as in the PettingZoo
environment; an opponent bot is handed its seat's view, like every bot. The vectors and
masks are those of :mod:`outlaws.adapters.pettingzoo` for the same game and seat.
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
from ..engine import NUM_ACTIONS, State, seat_frame, seat_view
from .features import BASE_SIZE, SeatEncoder, masks_of

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


class _Game:
    """One game of the batch, with an encoder for each seat (and its opponent bot)."""

    __slots__ = ("bot", "encoders", "learner", "state")

    def __init__(self, state: State, learner: int, bot: Bot | None = None) -> None:
        self.state = state
        self.learner = learner
        self.bot = bot
        self.encoders = (SeatEncoder(0), SeatEncoder(1))

    def observe(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        encoder = self.encoders[seat]
        encoder.encode(seat_frame(self.state, seat, since=encoder.read), out=out)


class _Batch(VectorEnv[Any, Any, Any]):
    """What both vector environments share: the games, their deals, the arrays."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, turn_limit: int | None, seed: int | None) -> None:
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
        self._games: list[_Game] = []
        self._observations = np.zeros((num_envs, BASE_SIZE), dtype=np.float32)

    def _deal(self) -> State:
        return State.new(seed=int(self._rng.integers(2**31)), turn_limit=self.turn_limit)

    def _seat_to_answer(self, game: _Game) -> int:
        """The seat whose decision this environment hands to the caller."""
        raise NotImplementedError

    def _play_others(self, games: Sequence[_Game]) -> None:
        """Play the decisions the caller is not asked for (the opponent's)."""

    def _new_game(self) -> _Game:
        raise NotImplementedError

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal ``num_envs`` new games (``seed`` reseeds the deals)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._reseed(seed)
        self._games = [self._new_game() for _ in range(self.num_envs)]
        self._play_others(self._games)
        for i, game in enumerate(self._games):
            game.observe(self._seat_to_answer(game), self._observations[i])
        return self._observations.copy(), self._infos()

    def _reseed(self, seed: int) -> None:
        """Reseed what else draws at random (an opponent)."""

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of each game's decision, as booleans (MaskablePPO's hook)."""
        return masks_of([game.state.legal_action_mask() for game in self._games]).astype(bool)

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": masks_of([game.state.legal_action_mask() for game in self._games]),
            "seat": np.array([self._seat_to_answer(game) for game in self._games], np.int8),
        }

    def _apply(self, actions: Any) -> None:
        """Apply one action id per game (the caller's), then the others' decisions."""
        if not self._games:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions).reshape(-1)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions: one action id per game ({self.num_envs}), not {ids.shape}")
        for i, (game, action) in enumerate(zip(self._games, ids, strict=True)):
            action = int(action)
            if not (0 <= action < NUM_ACTIONS and (game.state.legal_action_mask() >> action) & 1):
                raise ValueError(
                    f"actions[{i}]: {action} is not legal in game {i} (see infos['action_mask'])"
                )
        for game, action in zip(self._games, ids, strict=True):
            game.state.apply_id(int(action))
        self._play_others([game for game in self._games if not game.state.over])

    def _reward(self, game: _Game) -> Any:
        raise NotImplementedError

    def _final(self, game: _Game, out: npt.NDArray[np.float32]) -> None:
        raise NotImplementedError

    def _step(
        self, actions: Any, reward_shape: tuple[int, ...], final_shape: tuple[int, ...]
    ) -> Step:
        """Apply the caller's actions, settle and deal again the games that ended."""
        self._apply(actions)
        n = self.num_envs
        rewards = np.zeros((n, *reward_shape), dtype=np.float32)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        final_obs = np.zeros((n, *final_shape), dtype=np.float32)
        winners = np.full(n, -1, dtype=np.int8)
        for i, game in enumerate(self._games):
            if game.state.over:
                winner = game.state.winner
                if winner is None:
                    truncated[i] = True
                else:
                    terminated[i] = True
                    winners[i] = winner
                rewards[i] = self._reward(game)
                self._final(game, final_obs[i])
                self._games[i] = game = self._new_game()
                self._play_others([game])
            game.observe(self._seat_to_answer(game), self._observations[i])
        infos = self._infos()
        finished = terminated | truncated
        if finished.any():
            infos["final_obs"] = final_obs
            infos["_final_obs"] = finished
            infos["final_info"] = {"winner": winners}
        return self._observations.copy(), rewards, terminated, truncated, infos

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""


class OutlawsVectorEnv(_Batch):
    """``num_envs`` games, one learning seat in each against a fixed ``opponent``.

    - ``opponent``: ``"random"`` (a legal id uniformly), any bot spec of
      :func:`outlaws.bots.make_bot` (``"heuristic"``, ``"novice:1"``: handed its seat's
      view), or a batched :data:`Policy` over the opponent's observations and masks.
    - ``seat``: the learner's seat, or None to draw it for each game.
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
    ) -> None:
        super().__init__(num_envs, turn_limit, seed)
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (drawn per game), not {seat!r}")
        self.seat = seat
        self.opponent = opponent
        self._pick = random.Random(seed)
        if isinstance(opponent, str) and opponent != "random":
            make_bot(opponent, seed=seed)  # a bad spec is refused here, not mid-game

    def _reseed(self, seed: int) -> None:
        self._pick = random.Random(seed)

    def _new_game(self) -> _Game:
        learner = self.seat if self.seat is not None else int(self._rng.integers(2))
        bot = None
        if isinstance(self.opponent, str) and self.opponent != "random":
            bot = make_bot(self.opponent, self._pick.randrange(2**31))
        return _Game(self._deal(), learner, bot)

    def _seat_to_answer(self, game: _Game) -> int:
        return game.learner

    def _play_others(self, games: Sequence[_Game]) -> None:
        waiting = [g for g in games if not g.state.over and g.state.to_act != g.learner]
        while waiting:
            if callable(self.opponent):
                self._policy_step(waiting, self.opponent)
            else:
                for game in waiting:
                    self._opponent_step(game)
            waiting = [g for g in waiting if not g.state.over and g.state.to_act != g.learner]

    def _opponent_step(self, game: _Game) -> None:
        state = game.state
        if self.opponent == "random":
            state.apply_id(self._pick.choice(state.legal_action_ids()))
            return
        assert game.bot is not None
        state.apply(game.bot.choose(seat_view(state, 1 - game.learner), state.legal_actions()))

    def _policy_step(self, games: Sequence[_Game], policy: Policy) -> None:
        observations = np.zeros((len(games), BASE_SIZE), dtype=np.float32)
        for row, game in enumerate(games):
            game.observe(1 - game.learner, observations[row])
        masks = masks_of([game.state.legal_action_mask() for game in games])
        for row, (game, action) in enumerate(zip(games, policy(observations, masks), strict=True)):
            if not masks[row, int(action)]:
                raise ValueError(f"the opponent policy chose {action}, not legal in its game")
            game.state.apply_id(int(action))

    def _reward(self, game: _Game) -> float:
        winner = game.state.winner
        return 0.0 if winner is None else 1.0 if winner == game.learner else -1.0

    def _final(self, game: _Game, out: npt.NDArray[np.float32]) -> None:
        game.observe(game.learner, out)

    def step(self, actions: Any) -> Step:
        """Apply the learner's action in every game (see the class docstring)."""
        return self._step(actions, (), (BASE_SIZE,))


class OutlawsSelfPlayVectorEnv(_Batch):
    """``num_envs`` games whose every decision, of either seat, is handed to the caller.

    The observation of each game is that of the seat to act (``infos["seat"]``), built
    from that seat's frames only. ``step(actions)`` applies each game's action and returns
    ``(observations, rewards, terminated, truncated, infos)`` with ``rewards`` of shape
    ``(num_envs, 2)``: +1 to the winner's seat and -1 to the loser's when a game ends, 0
    otherwise. ``final_obs`` (games that ended) has both seats' last observations,
    ``(num_envs, 2, 489)``.
    """

    def __init__(
        self, num_envs: int, turn_limit: int | None = 300, seed: int | None = None
    ) -> None:
        super().__init__(num_envs, turn_limit, seed)

    def _new_game(self) -> _Game:
        return _Game(self._deal(), learner=-1)

    def _seat_to_answer(self, game: _Game) -> int:
        seat = game.state.to_act
        return 0 if seat is None else seat

    def _reward(self, game: _Game) -> npt.NDArray[np.float32]:
        winner = game.state.winner
        out = np.zeros(2, dtype=np.float32)
        if winner is not None:
            out[winner], out[1 - winner] = 1.0, -1.0
        return out

    def _final(self, game: _Game, out: npt.NDArray[np.float32]) -> None:
        for seat in (0, 1):
            game.observe(seat, out[seat])

    def step(self, actions: Any) -> Step:
        """Apply the action of the seat to act in every game (see the class docstring)."""
        return self._step(actions, (2,), (2, BASE_SIZE))


__all__ = ["OutlawsSelfPlayVectorEnv", "OutlawsVectorEnv", "Policy"]
