"""The exact posterior over the opponent's Main Street arrangement.

The opponent's eight street cards are known (the two others sit face up in its Saloon),
so an arrangement is one of the 8! = 40,320 ways to lay eight *labels* on columns 1..8.
:class:`ArrangementBelief` keeps one probability per arrangement and updates it event by
event, exactly:

- a move the viewer could not see (real or pretended, equally likely a priori) mixes the
  distribution with its image under the swap of the two columns; with a
  :class:`MoveModel` of the mover (the expert's), each arrangement is also weighed by how
  likely the mover was to pick those two cards, and to exchange them;
- a reveal keeps only the arrangements with that card in that column;
- a Dancer's slide permutes the columns;
- a Saloon exchange keeps the arrangements where the card that went in stood at one of
  the two columns, renames that label to the card that came out, and mixes the two
  columns (where the cards were put is private).

Labels, not characters, index the table so that a Saloon exchange only renames a label.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ..engine import COLUMNS

#: PERMS[k, col]: the label at column ``col`` in arrangement ``k`` (lexicographic order).
PERMS: npt.NDArray[np.int8] = np.array(list(itertools.permutations(range(COLUMNS))), dtype=np.int8)
N_ARRANGEMENTS = len(PERMS)
_CODES: npt.NDArray[np.int64] = (
    PERMS.astype(np.int64) * (COLUMNS ** np.arange(COLUMNS - 1, -1, -1))
).sum(axis=1)
#: _CELLS[k, col]: the (column, label) cell of arrangement k at col, as col * 8 + label.
_CELLS: npt.NDArray[np.intp] = PERMS.astype(np.intp) + COLUMNS * np.arange(COLUMNS)


@cache
def column_permutation_index(order: tuple[int, ...]) -> npt.NDArray[np.intp]:
    """For the column permutation ``order`` (new column j holds what old column
    ``order[j]`` held), the index of each arrangement's image: ``P_new = P[index]``
    where ``index[k]`` is the old arrangement that becomes arrangement ``k``."""
    inverse = [0] * COLUMNS
    for new, was in enumerate(order):
        inverse[was] = new
    # Arrangement k after the permutation came from the one whose column order[j] held
    # PERMS[k, j]: that old arrangement is PERMS[k] laid back through the inverse.
    old = PERMS[:, inverse]
    codes: npt.NDArray[np.int64] = (
        old.astype(np.int64) * (COLUMNS ** np.arange(COLUMNS - 1, -1, -1))
    ).sum(axis=1)
    return np.searchsorted(_CODES, codes)


@cache
def _label_pairs(a: int, b: int) -> npt.NDArray[np.intp]:
    """For each arrangement, its labels at columns a and b as one index, 8 * a's + b's."""
    return PERMS[:, a].astype(np.intp) * COLUMNS + PERMS[:, b]


def swap_order(a: int, b: int) -> tuple[int, ...]:
    order = list(range(COLUMNS))
    order[a], order[b] = order[b], order[a]
    return tuple(order)


def slide_order(to: int, frm: int) -> tuple[int, ...]:
    """R6.6: the card at ``frm`` moves to ``to``; the cards between shift toward the gap."""
    order = list(range(COLUMNS))
    order.insert(to, order.pop(frm))
    return tuple(order)


@dataclass(frozen=True, slots=True)
class MoveModel:
    """How a mover behaves when it moves two of its own cards out of sight (R5.1), as
    the opponent modelling of a search sees it: two symmetric 10 × 10 tables over
    character ids.

    ``pair[x, y]``: how much likelier the mover is to pick the two columns where ``x``
    and ``y`` stand than two columns at random (a likelihood ratio: only ratios matter);
    ``swap[x, y]``: the chance that such a move is real rather than pretended.

    The exact belief assumes a mover that picks its pair at random and swaps half the
    time (:meth:`ArrangementBelief.maybe_swap`), which no good player does: moves guard
    the Governor and the Hitman. A model learned from measured games
    (``bench/move_model.py``) sharpens the posterior; its likelihoods are floored above
    zero so that a mover that plays otherwise is only recognised more slowly, never
    ruled out.
    """

    pair: npt.NDArray[np.float64]
    swap: npt.NDArray[np.float64]


class ArrangementBelief:
    """Probabilities over the opponent's 8! arrangements. Columns are 0-based here."""

    __slots__ = ("_table", "_table_of", "labels", "p")

    def __init__(self, labels: Sequence[int]) -> None:
        #: labels[i]: the character id that label i stands for now.
        self.labels = list(labels)
        self.p: npt.NDArray[np.float64] = np.full(N_ARRANGEMENTS, 1.0 / N_ARRANGEMENTS)
        # The last marginal table and the (p, labels) it was computed from. Every update
        # assigns a new ``p`` array, so identity tells whether the table is still good.
        self._table: npt.NDArray[np.float64] | None = None
        self._table_of: tuple[npt.NDArray[np.float64], tuple[int, ...]] | None = None

    def copy(self) -> ArrangementBelief:
        other = ArrangementBelief(self.labels)
        other.p = self.p.copy()
        if self._fresh():
            other._table, other._table_of = self._table, (other.p, tuple(self.labels))
        return other

    # -- updates -----------------------------------------------------------------------
    def permute(self, order: tuple[int, ...]) -> None:
        """The cards moved by the known column permutation ``order``."""
        self.p = self.p[column_permutation_index(order)]

    def maybe_swap(self, a: int, b: int) -> None:
        """The cards at a and b were exchanged or not, each with probability 1/2."""
        self.p = 0.5 * (self.p + self.p[column_permutation_index(swap_order(a, b))])

    def modelled_swap(self, a: int, b: int, model: MoveModel) -> None:
        """The cards at a and b were exchanged or not, by a mover that ``model``
        describes: it picks the pair of cards it moves, and whether the move is real,
        by which two characters stand there (see :class:`MoveModel`)."""
        # The same two cards stand at a and b before the move and after it, only their
        # order differs, and both tables are symmetric: one lookup serves both origins.
        # The tables are read per pair of labels (8 × 8), then gathered per arrangement.
        names = np.array(self.labels, dtype=np.intp)
        cells = np.ix_(names, names)
        code = _label_pairs(a, b)
        real = model.swap[cells].ravel()[code]
        swapped = self.p[column_permutation_index(swap_order(a, b))]
        p = model.pair[cells].ravel()[code] * (real * swapped + (1.0 - real) * self.p)
        self.p = p / p.sum()

    def observe(self, col: int, character: int) -> None:
        """``character`` was seen at ``col``."""
        self._keep(PERMS[:, col] == self.labels.index(character))

    def enter_saloon(self, a: int, b: int, went_in: int, came_out: int) -> None:
        """R5.2: ``came_out`` left the Saloon, ``went_in`` entered it; the two cards
        now at a and b are in an order the viewer did not see."""
        if went_in != came_out:
            label = self.labels.index(went_in)
            self._keep((PERMS[:, a] == label) | (PERMS[:, b] == label))
            self.labels[label] = came_out
        self.maybe_swap(a, b)

    def _keep(self, mask: npt.NDArray[np.bool_]) -> None:
        p = np.where(mask, self.p, 0.0)
        total = p.sum()
        if total <= 0.0:
            raise ValueError("the observations contradict every arrangement")
        self.p = p / total

    # -- questions ---------------------------------------------------------------------
    def _fresh(self) -> bool:
        of = self._table_of
        return of is not None and of[0] is self.p and of[1] == tuple(self.labels)

    def marginals(self) -> npt.NDArray[np.float64]:
        """(8 columns × 10 characters): P(character at column). Read-only: the table is
        kept until the next update (a search asks for it far more often than it changes)."""
        if not self._fresh():
            self._table = self._marginals()
            self._table_of = (self.p, tuple(self.labels))
        assert self._table is not None
        return self._table

    def _marginals(self) -> npt.NDArray[np.float64]:
        # One weighted count over every (column, label) cell; late in a game few
        # arrangements remain, so count only those.
        if np.count_nonzero(self.p) < N_ARRANGEMENTS // 2:
            live = np.flatnonzero(self.p)
            cells, weights = _CELLS[live], self.p[live]
        else:
            cells, weights = _CELLS, self.p
        counts = np.bincount(
            cells.ravel(), weights=np.repeat(weights, COLUMNS), minlength=COLUMNS * COLUMNS
        )
        out = np.zeros((COLUMNS, 10))
        out[:, self.labels] = counts.reshape(COLUMNS, COLUMNS)
        out.flags.writeable = False
        return out

    def probability(self, *facts: tuple[int, int]) -> float:
        """P(every (column, character) of ``facts`` holds at once); a character not on
        the street makes it 0."""
        mask = np.ones(N_ARRANGEMENTS, dtype=bool)
        for col, character in facts:
            if character not in self.labels or not 0 <= col < COLUMNS:
                return 0.0
            mask &= PERMS[:, col] == self.labels.index(character)
        return float(self.p[mask].sum())

    def support(self) -> int:
        """How many arrangements are still possible."""
        return int(np.count_nonzero(self.p))

    def sample(self, rng: np.random.Generator, n: int) -> npt.NDArray[np.int8]:
        """``n`` arrangements drawn from the posterior, as (n × 8) character ids."""
        ks = rng.choice(N_ARRANGEMENTS, size=n, p=self.p)
        return np.array(self.labels, dtype=np.int8)[PERMS[ks]]
