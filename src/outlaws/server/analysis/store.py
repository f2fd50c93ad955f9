"""The analyses' rows (revision 0010): one a game, where it stands and which process
computes it, and each decision judged in a row of its own.

Functions of a transaction's connection, as in :mod:`outlaws.server.chat.store`: the
writes go through the database's writer (:meth:`~outlaws.server.db.storage.Database.write`),
the reads run on its thread.

**Computed once, by several processes.** A process computes an analysis only while it
holds its claim (``server``, renewed at ``claimed_at``): a decision is stored only by the
process whose claim it is (:func:`store_decision`), and a claim not renewed within the
lease (its process died) may be taken by another (:func:`claim`), as a game's runner is
(``server/cluster/runners.py``).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal, cast, get_args

from sqlalchemy import Connection, insert, or_, select, update

from ...analysis import Budget
from ..db.schema import analyses, analysis_decisions

#: Where an analysis stands as stored: waiting for a place among the analyses its process
#: computes at once, computing, stopped (nobody asked for a while; asked again, it
#: resumes), or done. ``none`` (never asked) is no row.
Stored = Literal["queued", "running", "stopped", "done"]
Status = Literal["none", "queued", "running", "stopped", "done"]


@dataclass(frozen=True)
class AnalysisRow:
    game_id: str
    seed: int
    budget: Budget
    total: int
    status: Stored
    #: The claiming process (None: nobody), and when it last renewed its claim.
    server: str | None
    claimed_at: float | None
    #: When someone last asked how it goes.
    watched_at: float

    def shown(self, now: float, lease: float) -> Stored:
        """Where it stands, as told: a claim not renewed within ``lease`` seconds is a
        process that died, and its analysis stopped until someone asks again."""
        if self.status in ("queued", "running") and (
            self.server is None or self.claimed_at is None or self.claimed_at < now - lease
        ):
            return "stopped"
        return self.status


def _stored(value: str) -> Stored:
    if value not in get_args(Stored):
        raise ValueError(f"{value!r} is not the status of an analysis")
    return cast(Stored, value)


def analysis_of(conn: Connection, game_id: str) -> AnalysisRow | None:
    row = conn.execute(select(analyses).where(analyses.c.game_id == game_id)).first()
    if row is None:
        return None
    return AnalysisRow(
        row.game_id,
        int(row.seed),
        Budget(**json.loads(row.budget)),
        int(row.total),
        _stored(row.status),
        row.server,
        row.claimed_at,
        row.watched_at,
    )


def claim(
    conn: Connection,
    game_id: str,
    server: str,
    now: float,
    lease: float,
    fresh: tuple[int, Budget, int],
) -> bool:
    """Claim the analysis of ``game_id`` for ``server`` (status ``queued``): a new one
    (``fresh``: its seed, budget and total), or one not done that nobody holds, that
    ``server`` holds, or whose claim is older than ``lease``. Whether it was claimed
    (another process inserting the same new row at once is refused by the key:
    :class:`~outlaws.server.db.storage.Conflict`)."""
    found = conn.execute(select(analyses.c.game_id).where(analyses.c.game_id == game_id)).first()
    claimed = {"status": "queued", "server": server, "claimed_at": now, "watched_at": now}
    if found is None:
        seed, budget, total = fresh
        conn.execute(
            insert(analyses).values(
                game_id=game_id,
                seed=seed,
                budget=json.dumps(budget.to_json()),
                total=total,
                created_at=now,
                updated_at=now,
                **claimed,
            )
        )
        return True
    done = conn.execute(
        update(analyses)
        .where(
            analyses.c.game_id == game_id,
            analyses.c.status != "done",
            or_(
                analyses.c.server.is_(None),
                analyses.c.server == server,
                analyses.c.claimed_at < now - lease,
            ),
        )
        .values(updated_at=now, **claimed)
    )
    return done.rowcount == 1


def watch(conn: Connection, game_id: str, now: float) -> None:
    """Someone asked how the analysis goes (its process goes on computing it)."""
    conn.execute(update(analyses).where(analyses.c.game_id == game_id).values(watched_at=now))


def mark(conn: Connection, game_id: str, server: str, status: Stored, now: float) -> bool:
    """Set the status of an analysis ``server`` holds; whether it still held it."""
    done = conn.execute(
        update(analyses)
        .where(analyses.c.game_id == game_id, analyses.c.server == server)
        .values(status=status, claimed_at=now, updated_at=now)
    )
    return done.rowcount == 1


def store_decision(
    conn: Connection, game_id: str, server: str, ply: int, result: str, now: float
) -> bool:
    """Store one decision judged (``result``: its JSON) if ``server`` still holds the
    analysis (its claim renewed); whether it did. Nothing is stored otherwise: another
    process took the analysis over and computes it."""
    if not mark(conn, game_id, server, "running", now):
        return False
    conn.execute(insert(analysis_decisions).values(game_id=game_id, ply=ply, result=result, at=now))
    return True


def renew(conn: Connection, server: str, game_ids: Collection[str], now: float) -> dict[str, float]:
    """Renew ``server``'s claims on ``game_ids``: when each analysis it still holds was
    last asked about (one it lost is left out)."""
    ours = (analyses.c.game_id.in_(list(game_ids)), analyses.c.server == server)
    conn.execute(update(analyses).where(*ours).values(claimed_at=now))
    query = select(analyses.c.game_id, analyses.c.watched_at).where(*ours)
    return {row.game_id: row.watched_at for row in conn.execute(query)}


def release(conn: Connection, server: str, outcomes: Mapping[str, Stored], now: float) -> None:
    """Let go of analyses ``server`` held, each ``stopped`` or ``done``."""
    for game_id, status in outcomes.items():
        conn.execute(
            update(analyses)
            .where(analyses.c.game_id == game_id, analyses.c.server == server)
            .values(status=status, server=None, claimed_at=None, updated_at=now)
        )


def plies_of(conn: Connection, game_id: str) -> set[int]:
    """The decisions of the game stored so far, by their place in the record."""
    query = select(analysis_decisions.c.ply).where(analysis_decisions.c.game_id == game_id)
    return {int(ply) for ply in conn.scalars(query)}


def results_of(conn: Connection, game_id: str, plies: Collection[int]) -> dict[int, str]:
    """The stored JSON of those decisions of the game."""
    query = select(analysis_decisions.c.ply, analysis_decisions.c.result).where(
        analysis_decisions.c.game_id == game_id, analysis_decisions.c.ply.in_(list(plies))
    )
    return {int(row.ply): row.result for row in conn.execute(query)}


__all__ = [
    "AnalysisRow",
    "Status",
    "Stored",
    "analysis_of",
    "claim",
    "mark",
    "plies_of",
    "release",
    "renew",
    "results_of",
    "store_decision",
    "watch",
]
