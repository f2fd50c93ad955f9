"""A bot's turns: while a bot seat is to act, its move is chosen by the bot pool and
submitted like any other action, pinned to the position it was chosen for.

Apart from :mod:`.service` because it is the bots' side of a game, not the game's: it
knows the bot pool and the table's view, and submits through the function the service
hands in (:meth:`~.service.GameService.submit`), never the service itself.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from ...engine import Action
from ..common.errors import ApiError
from ..common.kinds import Actor
from .botpool import BotPool
from .table import Table

log = logging.getLogger(__name__)


class Submit(Protocol):
    """The service's :meth:`~.service.GameService.submit`."""

    async def __call__(
        self,
        table: Table,
        seat: int,
        action: Action,
        by: Actor = ...,
        period: int | None = ...,
        expect: int | None = ...,
        key: str | None = ...,
    ) -> int: ...


async def play_bots(table: Table, bots: BotPool, submit: Submit, shared: bool) -> None:
    """Play for the bot seat(s) of ``table`` while a bot is to act."""
    try:
        while table.status == "playing":
            seat = table.to_act
            bot = table.bot_for(seat) if seat is not None else None
            if seat is None or bot is None:
                return
            spec, by = bot
            version, seen = table.version, table.actions
            view = table.view(seat)
            legal = table.legal_actions(seat)
            action = await bots.choose(spec, table.bot_seed(seat), view, legal)
            if table.version != version:
                continue  # the game moved on meanwhile (a resignation): think again
            period = table.clock_state.period if by == "clock" and table.clock_state else None
            # Pinned to the position it was chosen for: if another process played
            # the bot there first, this move gets its answer or is stale, and is
            # never played at another position.
            await submit(table, seat, action, by=by, period=period, expect=seen)
    except asyncio.CancelledError:
        raise
    except ApiError as error:
        if shared and error.status == 409:
            # Another process played on (a bot's move, its end) first: wasted work.
            log.debug("bot move in game %s overtaken: %s", table.id, error.message)
        else:
            log.warning("bot move in game %s refused: %s", table.id, error.message)
    except Exception:
        log.exception("bot of game %s failed", table.id)
    finally:
        table.bot_task = None


__all__ = ["Submit", "play_bots"]
