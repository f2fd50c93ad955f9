"""The notebook: what a seat can deduce of its opponent's hidden cards, served by
``GET /games/{id}/notebook``.

Computed from the engine's view for that seat alone (:func:`notebook_of`), never from the
true state: the same security boundary as every bot.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...deduce import Belief, token_marginals
from ...engine import CHARACTERS, COLUMNS, TOKENS, View
from ..common.errors import ApiError
from .placing import NOT_PLACED
from .table import Table

log = logging.getLogger(__name__)

#: Notebooks kept in memory (a belief holds 8! probabilities: about 320 kB each).
NOTEBOOKS_KEPT = 64


class Notebooks:
    """The latest notebook of the recently asked (game, seat)s, with the belief behind
    each, least recently asked first out."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, int], _Notebook] = OrderedDict()

    async def of(self, table: Table, seat: int) -> dict[str, Any]:
        """What ``seat`` can deduce of its opponent's hidden cards: computed from the
        engine's view for that seat alone (:func:`notebook_of`), never the true state.

        The belief behind it is kept per (game, seat) and only reads the events that came
        since it was last asked; the work runs off the event loop (a long log costs tens
        of milliseconds the first time). Before play there is nothing to deduce yet:
        409 ``not_started`` (R3.1)."""
        if table.placing:
            raise ApiError(409, "not_started", NOT_PLACED, rule="R3.1")
        key = (table.id, seat)
        memo = self._kept.get(key)
        if memo is None or memo.table() is not table:
            # New, or the game was reloaded from the database: start over.
            memo = _Notebook(weakref.ref(table))
            self._kept[key] = memo
            while len(self._kept) > NOTEBOOKS_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        async with memo.lock:
            version = table.version
            if memo.body is not None and memo.version == version:
                return memo.body
            view = table.view(seat)  # the seat's own view: the security boundary
            head = {"game": table.id, "seat": seat, "actions": table.actions}
            try:
                belief, body = await asyncio.to_thread(notebook_of, view, memo.belief)
                exposure, mine = await asyncio.to_thread(exposure_of, view, memo.exposure)
            except ValueError as error:  # pragma: no cover - the engine's views are consistent
                memo.belief = memo.exposure = memo.body = None
                log.exception("deduction failed in game %s", table.id)
                raise ApiError(
                    500, "deduction", f"the notebook cannot be computed: {error}"
                ) from None
            memo.belief, memo.exposure, memo.version = belief, exposure, version
            memo.body = {**head, **body, "exposure": mine}
            return memo.body


@dataclass(eq=False)
class _Notebook:
    """The notebook of one seat of one table: its belief, kept up to date on demand."""

    table: weakref.ref[Table]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    belief: Belief | None = None
    exposure: Belief | None = None
    version: int = -1
    body: dict[str, Any] | None = None


def notebook_of(view: View, belief: Belief | None = None) -> tuple[Belief, dict[str, Any]]:
    """The notebook of ``view``'s seat, from that view alone, and the belief it read
    (``belief``, an earlier belief of the same seat and game, reads only the new events).

    ``columns``: for each opponent column 1..8, the probability of each character there
    (zeros left out; probabilities to 12 decimals); ``most_likely``: each character's
    likeliest column ``[col, p]`` (``null`` if it is in the opponent's Saloon);
    ``last_seen``: where each opponent character was last shown face up (a ``reveal`` or
    ``headline`` event: ``{col, turn}``, ``null`` if never); ``tokens``: for each slot
    1..8, the probability of each token (``{}`` for an empty slot)."""
    seat = view.viewer
    if seat is None:
        raise ValueError("a notebook belongs to a seat")
    if belief is None or belief.read > len(view.log):
        belief = Belief(view)
    else:
        belief.update(view)
    opponent = 1 - seat
    columns = _odds_by_column(belief.marginals(), CHARACTERS)
    most_likely: dict[str, list[int | float] | None] = {}
    for name in CHARACTERS:
        best = belief.most_likely(name, 1)
        most_likely[name] = [best[0][0], _rounded(best[0][1])] if best else None
    last_seen: dict[str, dict[str, int] | None] = dict.fromkeys(CHARACTERS)
    for event in view.log:
        if event.type in ("reveal", "headline") and event.seat == opponent:
            last_seen[event["card"]] = {"col": event["col"], "turn": event.turn}
    tokens = _odds_by_column(token_marginals(view), TOKENS)
    body = {
        "turn": view.turn,
        "events": len(view.log),
        "arrangements": belief.arrangements(),
        "saloon": list(view.seats[opponent].saloon),
        "columns": columns,
        "most_likely": most_likely,
        "last_seen": last_seen,
        "tokens": tokens,
    }
    return belief, body


def exposure_of(view: View, exposure: Belief | None = None) -> tuple[Belief, list[dict[str, Any]]]:
    """What the *opponent* of ``view``'s seat can deduce of that seat's own street, from
    public facts only (an exposure belief, ``Belief(view, about=seat)``, as the bots'
    evaluation and the terminal's notebook build it), and the belief it read
    (``exposure``, an earlier one of the same seat and game, reads only the new events).

    For each of the seat's columns 1..8: ``p``, the opponent's probability of each
    character standing there (zeros left out), and ``governor_if_shown``, the opponent's
    probability for the seat's Governor's column once the card there is shown (a Look, a
    Take or an ability reveals it): 1.0 says that showing it gives the Governor away."""
    seat = view.viewer
    if seat is None:
        raise ValueError("an exposure belongs to a seat")
    if exposure is None or exposure.read > len(view.log):
        exposure = Belief(view, about=seat)
    else:
        exposure.update(view)
    rows = _odds_by_column(exposure.marginals(), CHARACTERS)
    street = view.seats[seat].street
    governor = street.index("governor") + 1 if "governor" in street else None
    for row, card in zip(rows, street, strict=True):
        row["governor_if_shown"] = _governor_if_shown(exposure, governor, row["col"], card)
    return exposure, rows


def _governor_if_shown(exposure: Belief, governor: int | None, col: int, card: str | None) -> float:
    """P(the Governor is at ``governor``), as the opponent would reckon it once shown
    ``card`` at ``col``."""
    if governor is None or card is None:
        return 0.0
    if col == governor:
        return 1.0
    shown = exposure.probability((col, card))
    if shown <= 0:  # pragma: no cover - the truth is always among the possible worlds
        return _rounded(exposure.probability((governor, "governor")))
    return _rounded(exposure.probability((governor, "governor"), (col, card)) / shown)


def _odds_by_column(table: Any, names: Sequence[str]) -> list[dict[str, Any]]:
    """A (column × name) probability table as ``[{"col": 1.., "p": {name: p > 0}}]``."""
    rows = []
    for col in range(COLUMNS):
        odds = zip(names, table[col], strict=True)
        rows.append({"col": col + 1, "p": {name: _rounded(p) for name, p in odds if p > 0}})
    return rows


def _rounded(p: float) -> float:
    """A probability to 12 decimals: a certainty reads 1.0, not 0.9999999999999966."""
    return round(float(p), 12)
