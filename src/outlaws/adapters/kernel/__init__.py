"""Many games in one array, stepped by compiled rules: the core of the batched
environments (:mod:`outlaws.adapters.vector`).

:class:`Games` holds ``n`` games as the rows of one int32 array
(:mod:`~outlaws.adapters.kernel.rules` names the fields), deals them from
:class:`~outlaws.engine.Setup` like :meth:`outlaws.engine.State.new`, and steps, masks
and encodes them with one call each for the whole batch. The rules are a port of the
engine's; the engine stays the reference, and ``tests/adapters/test_kernel.py`` checks the port
against it game by game.

>>> games = Games(2)
>>> games.deal(0, seed=7, turn_limit=300); games.deal(1, seed=8, turn_limit=300)
>>> masks = games.masks()
>>> masks.shape, games.observations([0, 0]).shape
((2, 987), (2, 489))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine import NUM_ACTIONS, Setup
from ..features import BASE_SIZE
from . import rules
from .encode import encode_row
from .rules import COMPILED, compiled
from .tables import NO_COL

IntArray = npt.NDArray[np.int32]

__all__ = ["COMPILED", "Games"]


@compiled
def _apply_all(games: Any, rows: Any, actions: Any) -> None:
    for k in range(rows.shape[0]):
        rules.apply(games[rows[k]], actions[k])


@compiled
def _masks(games: Any, rows: Any, ids: Any, out: Any) -> None:
    """Set the legal ids of each row to 1 in ``out``, zeroed by the caller."""
    for k in range(rows.shape[0]):
        for j in range(rules.legal_ids(games[rows[k]], ids)):
            out[k, ids[j]] = 1


@compiled
def _legal_of(games: Any, i: int, ids: Any, seen: Any) -> int:
    """Row ``i``'s legal ids in ``ids[:n]``, ascending; ``n``. ``seen`` (one entry an
    id, all 0) is scratch space, left all 0: marking the ids and reading them back in
    order is quicker than sorting hundreds of them."""
    n = rules.legal_ids(games[i], ids)
    for k in range(n):
        seen[ids[k]] = 1
    k = 0
    for j in range(seen.shape[0]):
        if seen[j]:
            seen[j] = 0
            ids[k] = j
            k += 1
    return n


@compiled
def _encode_of(games: Any, i: int, seat: int, out: Any) -> None:
    encode_row(games[i], seat, out)


@compiled
def _encode_masked(games: Any, i: int, seat: int, out: Any, ids: Any, mask: Any) -> None:
    """:func:`_encode_of`, and the legal ids as a 0/1 ``mask``, in one call (a step
    asks for both)."""
    encode_row(games[i], seat, out)
    rules.legal_mask(games[i], ids, mask)


@compiled
def _encode_wide(games: Any, i: int, seat: int, out: Any, wide: Any) -> None:
    """:func:`_encode_of`, and the vector copied into the float64 array ``wide``."""
    encode_row(games[i], seat, out)
    for j in range(out.shape[0]):
        wide[j] = out[j]


@compiled
def _apply_to(games: Any, i: int, action: int, ids: Any) -> int:
    """Apply ``action`` in game ``i`` if it is legal there: -1 if not, else 1 when a
    sudden-death deal awaits its shuffle, 0 when not."""
    for k in range(rules.legal_ids(games[i], ids)):
        if ids[k] == action:
            rules.apply(games[i], action)
            return 1 if games[i, rules.DEAL_DUE] else 0
    return -1


@compiled
def _encode_all(games: Any, rows: Any, seats: Any, out: Any) -> None:
    for k in range(rows.shape[0]):
        encode_row(games[rows[k]], seats[k], out[k])


@compiled
def _draw(states: Any, g: int, count: int) -> int:
    """A number below ``count`` from game ``g``'s generator (xorshift64*), advanced."""
    x = states[g]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    states[g] = x
    return int(((x * np.uint64(2685821657736338717)) >> np.uint64(33)) % np.uint64(count))


@compiled
def _random_choices(games: Any, states: Any, rows: Any, ids: Any, out: Any) -> None:
    """A legal id drawn uniformly in each of ``rows``, from the row's own generator
    (xorshift64*, seeded at the deal): reproducible whatever else the batch holds."""
    for k in range(rows.shape[0]):
        out[k] = ids[_draw(states, rows[k], rules.legal_ids(games[rows[k]], ids))]


@compiled
def _play_random(games: Any, states: Any, rows: Any, seats: Any, ids: Any) -> bool:
    """In each of ``rows``, play uniformly random legal actions while the seat to act
    is ``seats[k]`` and the game goes on; whether a sudden-death deal awaits its shuffle
    (a game stops there, to be settled and played on)."""
    due = False
    for k in range(rows.shape[0]):
        row = games[rows[k]]
        while not row[rules.OVER] and row[rules.TO_ACT] == seats[k]:
            rules.apply(row, ids[_draw(states, rows[k], rules.legal_ids(row, ids))])
            if row[rules.DEAL_DUE]:
                due = True
                break
    return due


class Games:
    """``n`` games as the rows of one int32 array, stepped together.

    Deal each row with :meth:`deal` (a seed, as :meth:`outlaws.engine.State.new` deals
    it, or an explicit :class:`~outlaws.engine.Setup`); then :meth:`masks`,
    :meth:`observations` and :meth:`apply` work on many rows at once. The fields of a
    row are read with :meth:`field` (``games.field(rules.WINNER)``)."""

    def __init__(self, n: int) -> None:
        self.rows = np.zeros((n, rules.WIDTH), dtype=np.int32)
        self.seeds: list[int] = [0] * n
        #: Each row's generator state for :meth:`random_actions`.
        self.generators = np.ones(n, dtype=np.uint64)
        self._ids = np.zeros(NUM_ACTIONS, dtype=np.int32)
        self._seen = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self._wide = np.zeros(BASE_SIZE, dtype=np.float64)

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    def deal(
        self,
        i: int,
        seed: int,
        turn_limit: int | None = None,
        setup: Setup | None = None,
        rng_seed: int = 0,
    ) -> None:
        """Start row ``i`` as ``State.new(seed, setup, turn_limit)`` starts a game.
        ``rng_seed`` seeds the row's generator for :meth:`random_actions`."""
        if setup is None:
            setup = Setup.random(seed)
        row = self.rows[i]
        row[:] = 0
        row[rules.STREET : rules.STREET + 16] = (*setup.streets[0], *setup.streets[1])
        row[rules.SALOON : rules.SALOON + 4] = (*setup.saloons[0], *setup.saloons[1])
        row[rules.SLOTS : rules.SLOTS + 8] = setup.tokens[:8]
        row[rules.FILLED] = 8
        reserve = setup.tokens[8:]
        row[rules.RESERVE : rules.RESERVE + len(reserve)] = reserve
        row[rules.RESERVE_N] = len(reserve)
        row[rules.STASH : rules.STASH + 12] = (1, 1, 0, 0, 0, 3) * 2
        row[rules.IMMOBILE : rules.IMMOBILE + 2] = NO_COL
        row[rules.ACTIVE] = row[rules.TO_ACT] = setup.first
        row[rules.ACTIONS_LEFT] = 2
        row[rules.TURN] = 1
        row[rules.WINNER] = -1
        row[rules.TURN_LIMIT] = turn_limit or 0
        row[rules.RECENT : rules.RECENT + 20] = -1
        self.generators[i] = (rng_seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % 2**64 or 1
        self.seeds[i] = seed

    def copy(self) -> Games:
        """An independent copy of every game."""
        other = Games.__new__(Games)
        other.rows = self.rows.copy()
        other.seeds = self.seeds[:]
        other.generators = self.generators.copy()
        # scratch space, only used within a call
        other._ids, other._seen, other._wide = self._ids, self._seen, self._wide
        return other

    def field(self, offset: int) -> IntArray:
        """One field of every row (a view: writing to it changes the games)."""
        return self.rows[:, offset]

    def _rows(self, rows: Sequence[int] | IntArray | None) -> IntArray:
        if rows is None:
            return np.arange(len(self), dtype=np.int32)
        return np.asarray(rows, dtype=np.int32).reshape(-1)

    def masks(
        self, rows: Sequence[int] | IntArray | None = None, out: npt.NDArray[Any] | None = None
    ) -> npt.NDArray[np.uint8]:
        """The legal-action masks of ``rows`` (default: every row), one row of 0/1 each."""
        index = self._rows(rows)
        if out is None:
            out = np.zeros((len(index), NUM_ACTIONS), dtype=np.uint8)
        else:
            out.fill(0)
        _masks(self.rows, index, self._ids, out)
        return out

    def observations(
        self,
        seats: Sequence[int] | IntArray,
        rows: Sequence[int] | IntArray | None = None,
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The observation of ``seats[k]`` in game ``rows[k]`` (default: every row)."""
        index = self._rows(rows)
        if out is None:  # each row is cleared as it is written
            out = np.empty((len(index), BASE_SIZE), dtype=np.float32)
        _encode_all(self.rows, index, np.asarray(seats, dtype=np.int32).reshape(-1), out)
        return out

    def apply(
        self, actions: Sequence[int] | IntArray, rows: Sequence[int] | IntArray | None = None
    ) -> None:
        """Apply ``actions[k]`` in game ``rows[k]``: ids the caller checked against
        :meth:`masks` (the kernel trusts them, as ``apply_id`` after its check)."""
        index = self._rows(rows)
        _apply_all(self.rows, index, np.asarray(actions, dtype=np.int32).reshape(-1))
        self.settle_deals()

    def apply_one(self, i: int, action: int) -> bool:
        """:meth:`apply` for one game, checked: apply ``action`` in row ``i`` if it is
        legal there (whether it was)."""
        done = _apply_to(self.rows, i, action, self._ids)
        if done > 0:
            self.settle_deals()
        return done >= 0

    def legal_one(self, i: int) -> list[int]:
        """Row ``i``'s legal ids, ascending."""
        ids: list[int] = self._ids[: _legal_of(self.rows, i, self._ids, self._seen)].tolist()
        return ids

    def observe_one(self, i: int, seat: int, out: npt.NDArray[np.float32]) -> None:
        """:meth:`observations` for one game: ``seat``'s vector of row ``i`` in
        ``out[:BASE_SIZE]``."""
        _encode_of(self.rows, i, seat, out[:BASE_SIZE])

    def observe_masked(
        self, i: int, seat: int, out: npt.NDArray[np.float32], mask: npt.NDArray[Any]
    ) -> None:
        """:meth:`observe_one`, and row ``i``'s legal ids set to 1 in ``mask`` (every
        other entry to 0), in one call."""
        _encode_masked(self.rows, i, seat, out[:BASE_SIZE], self._ids, mask)

    def observe_list(self, i: int, seat: int, out: npt.NDArray[np.float32]) -> list[float]:
        """:meth:`observe_one` (into ``out``), and the vector as a list of floats: the
        float32 values, read out of a float64 copy (quicker to turn into a list)."""
        wide = self._wide
        _encode_wide(self.rows, i, seat, out[:BASE_SIZE], wide)
        values: list[float] = wide.tolist()
        return values

    def random_actions(self, rows: Sequence[int] | IntArray) -> IntArray:
        """A legal id drawn uniformly in each of ``rows`` (from each row's generator)."""
        index = self._rows(rows)
        out = np.zeros(len(index), dtype=np.int32)
        _random_choices(self.rows, self.generators, index, self._ids, out)
        return out

    def play_random(self, rows: Sequence[int] | IntArray, seats: Sequence[int] | IntArray) -> None:
        """In game ``rows[k]``, play uniformly random actions (as :meth:`random_actions`
        draws them) for as long as ``seats[k]`` is to act and the game goes on."""
        index = self._rows(rows)
        who = np.asarray(seats, dtype=np.int32).reshape(-1)
        while _play_random(self.rows, self.generators, index, who, self._ids):
            self.settle_deals()

    def settle_deals(self) -> None:
        """Shuffle the sudden-death deals (R9.4) the rules just made, as the engine
        shuffles them: ``random.Random(f"{seed}/sudden-death/{n}")``."""
        due = np.flatnonzero(self.rows[:, rules.DEAL_DUE])
        for i in due:
            row = self.rows[i]
            deal = [int(t) for t in row[rules.SLOTS : rules.SLOTS + 8]]
            random.Random(f"{self.seeds[i]}/sudden-death/{row[rules.SUDDEN_N]}").shuffle(deal)
            row[rules.SLOTS : rules.SLOTS + 8] = deal
            row[rules.DEAL_DUE] = 0
