"""One game on a row of the compiled rules, with the engine's State of it kept beside.

A step of an environment asks who acts, what is legal, what a seat sees and whether the
game is over: the row answers all four at the compiled rules' pace. Everything else (a
seat's :class:`~outlaws.engine.View` for a bot, a belief, a string, a record) needs the
engine's :class:`~outlaws.engine.State`, which :attr:`MirroredGame.state` brings up to
date from the same actions only when it is read: a loop that never reads it never pays
for it. The row is a port checked against the engine (``tests/adapters/test_kernel.py``); the
State stays the reference.

>>> from outlaws.engine import Setup
>>> game = MirroredGame(seed=7, setup=Setup.random(7), turn_limit=300)
>>> game.apply(game.legal_ids()[0])
>>> game.state.history == game.history
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...engine import NUM_ACTIONS, Setup, State
from . import Games, rules


class MirroredGame:
    """One game: its compiled row (:attr:`games`, row 0) and its engine :attr:`state`."""

    __slots__ = ("_state", "games", "history", "over", "seed", "setup", "to_act", "turn_limit")

    def __init__(self, seed: int, setup: Setup, turn_limit: int | None) -> None:
        """The game ``State.new(seed, setup, turn_limit)`` starts."""
        self.seed, self.setup, self.turn_limit = seed, setup, turn_limit
        self.games = Games(1)
        self.games.deal(0, seed, turn_limit, setup=setup)
        #: The action ids played, in order (the State's ``history``).
        self.history: list[int] = []
        self._state: State | None = None
        #: The seat to act (-1 once the game is over) and whether it is over: read from
        #: the row after each action, as plain attributes since every step asks for them.
        self.to_act = setup.first
        self.over = False

    @classmethod
    def of(cls, state: State) -> MirroredGame:
        """The game of ``state`` (one of :meth:`State.new`'s), played on from it: the
        state is kept and goes on with the game."""
        if state.setup is None:
            raise ValueError("the state must come from State.new (it has no setup to replay)")
        game = cls(state.seed, state.setup, state.turn_limit)
        for action in state.history:
            applied = game.games.apply_one(0, action)
            assert applied, "the compiled rules differ from the engine's"
        game.history = list(state.history)
        game._state = state
        game._read()
        return game

    def copy(self) -> MirroredGame:
        """An independent copy (the State cloned as far as it had been brought)."""
        other = MirroredGame.__new__(MirroredGame)
        other.seed, other.setup, other.turn_limit = self.seed, self.setup, self.turn_limit
        other.games = self.games.copy()
        other.history = self.history[:]
        other.to_act, other.over = self.to_act, self.over
        other._state = None if self._state is None else self._state.clone()
        return other

    # -- what a step needs, from the row -------------------------------------------------
    def _read(self) -> None:
        row = self.games.rows[0]
        self.to_act, self.over = int(row[rules.TO_ACT]), bool(row[rules.OVER])

    @property
    def winner(self) -> int | None:
        winner = int(self.games.rows[0, rules.WINNER])
        return None if winner < 0 else winner

    @property
    def sudden_deaths(self) -> int:
        """How many sudden deaths (R9.4) the game has had."""
        return int(self.games.rows[0, rules.SUDDEN_N])

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, ascending."""
        return self.games.legal_one(0)

    def observe(
        self, seat: int, out: npt.NDArray[np.float32], mask: npt.NDArray[np.int8] | None = None
    ) -> None:
        """``seat``'s vector (:mod:`outlaws.adapters.features`) in ``out[:BASE_SIZE]``;
        and, given ``mask``, the legal ids set to 1 in it and every other entry to 0 (in
        the same compiled call)."""
        if mask is None:
            self.games.observe_one(0, seat, out)
        else:
            self.games.observe_masked(0, seat, out, mask)

    def try_apply(self, action: int) -> bool:
        """Play the action id ``action`` if it is legal here (the compiled rules check it
        in the same call); whether it was. An illegal one changes nothing."""
        if not (0 <= action < NUM_ACTIONS and self.games.apply_one(0, action)):
            return False
        self.history.append(action)
        self._read()
        return True

    def apply(self, action: int) -> None:
        """Play the action id ``action``, or raise the engine's
        :class:`~outlaws.engine.IllegalAction` (naming the rule) and change nothing."""
        if not self.try_apply(action):
            self.state.clone().apply_id(action)  # raises, saying why
            raise AssertionError(f"the compiled rules refuse {action}, the engine does not")

    def deal_tokens(self, tokens: list[int]) -> None:
        """Lay the face-down tokens of the sudden death just begun in this order (R9.4),
        instead of the engine's shuffle: chance dealt explicitly."""
        self.state.slots = list(tokens)
        self.games.rows[0, rules.SLOTS : rules.SLOTS + len(tokens)] = tokens

    # -- everything else, from the engine ------------------------------------------------
    @property
    def state(self) -> State:
        """The engine's State of the game, brought up to date now."""
        state = self._state
        if state is None:
            state = self._state = State.new(
                seed=self.seed, setup=self.setup, turn_limit=self.turn_limit
            )
        for action in self.history[len(state.history) :]:
            state.apply_id(action)
        return state
