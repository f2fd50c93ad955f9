"""The analyses of finished games, computed in the background (docs/analysis.md).

**Asked, computed, shown as it comes.** ``POST /games/{id}/analysis`` asks for a game's
analysis (:meth:`Analyses.request`): its decisions (:func:`outlaws.analysis.decisions`,
the one place that reads the true position) are sent to a worker process one or two at
a time, each with its seat's views only, and each judgement is stored as it arrives, so
that a poll (:meth:`Analyses.progress`) shows it at once and it is never computed twice.
A stopped analysis resumes after the decisions stored.

**Only while someone waits.** Every poll marks the analysis watched; one nobody asked
about for ``settings.analysis_idle`` seconds stops after the decision in hand (status
``stopped``), and asking again resumes it. A process computes ``settings.analysis_jobs``
analyses at once; the others wait their turn (``queued``).

**Bots first.** The analyses have a pool of worker processes of their own
(``settings.analysis_workers``), whose priority is lowered: a live game's bot, in the
bots' pool, never waits behind an analysis, neither for a worker nor for the CPU.

**Several processes.** The process that claims an analysis computes it, renewing its
claim every beat; another takes it over only once that claim is older than the lease
(:mod:`.store`). A poll reaching any process counts: the time it was last asked about
is the database's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...analysis import Analysed, Budget, Decision, report
from ..common.codec import dumps
from ..common.errors import ApiError
from ..common.settings import Settings
from ..db.storage import Conflict, Database
from ..games.botpool import BotPool
from ..http.quotas import ClientRates
from . import store
from .packing import analyse_in_worker, pack_decision, unstored
from .store import Status, Stored

log = logging.getLogger(__name__)

#: The seed of every analysis the server computes (``outlaws analyse``'s default: the
#: same record gives the same analysis here and there).
SEED = 0
#: The most actions a game analysed may hold (a longer one is refused, 422 ``too_long``):
#: its analysis would take minutes of a worker and every poll would carry megabytes.
MAX_ACTIONS = 500
#: Decisions of one analysis in the workers at once: one judged while the next waits, so
#: that a worker never idles between two, and a stop waits for two at most.
IN_FLIGHT = 2
#: The module of the workers' function, imported by each worker as it starts.
WORKER = "outlaws.server.analysis.packing"
#: Analyses waiting for their turn in one process at most (past it: 503 ``busy``).
MAX_QUEUED = 64
#: How much the analyses' workers lower their priority (``nice``).
NICE = 10
#: Requests for an analysis from one client address: a burst, then one every 2 seconds.
BURST, PER_SECOND = 10.0, 0.5
#: The games whose judged decisions a process keeps read (the latest polled).
KEPT = 32


@dataclass(frozen=True)
class Progress:
    """Where a game's analysis stands, with the report of the decisions judged so far."""

    game: str
    status: Status
    done: int
    total: int
    analysis: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "analysis": self.analysis,
        }


@dataclass(eq=False)
class Job:
    """An analysis this process holds: its decisions still to judge, in order."""

    game_id: str
    todo: list[Decision]
    seed: int
    budget: Budget
    #: Nobody waits for it any more (or another process took it): no decision is sent.
    stopping: bool = False
    task: asyncio.Task[None] | None = None


@dataclass
class _Read:
    """The judged decisions of a game this process has read, and its report of them."""

    analysed: dict[int, Analysed] = field(default_factory=dict)
    report: dict[str, Any] | None = None


class Analyses:
    """The analyses this process computes, and what the routes ask of them."""

    def __init__(self, settings: Settings, db: Database, process_id: str) -> None:
        self.settings = settings
        self.now = settings.now
        self.db = db
        self.server = process_id
        self.pool = BotPool(settings.analysis_workers, nice=NICE, modules=[WORKER])
        #: Requests of each client address (``POST``).
        self.rates = ClientRates(BURST, PER_SECOND)
        self._jobs: dict[str, Job] = {}
        self._queue: deque[Job] = deque()
        self._running = 0
        self._warm = False
        self._asking = asyncio.Lock()
        self._beat: asyncio.Task[None] | None = None
        #: When this process last stored that each game was watched.
        self._watched: dict[str, float] = {}
        self._read: OrderedDict[str, _Read] = OrderedDict()

    @property
    def lease(self) -> float:
        return self.settings.lease

    @property
    def beat_every(self) -> float:
        """How often the claims are renewed and the watchers counted."""
        return min(1.0, self.lease / 3, self.settings.analysis_idle / 4)

    # -- life cycle --------------------------------------------------------------------
    def start(self) -> None:
        self._beat = asyncio.create_task(self._beating(), name="outlaws-analyses")

    async def stop(self) -> None:
        """Stop every analysis held here (each stored as stopped: another process, or
        this one restarted, resumes it when asked) and the workers."""
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beat
        queued = [job.game_id for job in self._queue]
        self._queue.clear()
        for game_id in queued:
            self._jobs.pop(game_id, None)
        tasks = [job.task for job in self._jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if queued:
            await self._release({game_id: "stopped" for game_id in queued})
        self.pool.shutdown()

    # -- what the routes ask -----------------------------------------------------------
    async def request(self, game_id: str, actions: int, todo: Callable[[], list[Decision]]) -> None:
        """Start or resume the analysis of the finished game ``game_id`` of ``actions``
        actions, whose decisions ``todo`` lists (called, in a thread, only if this
        process is to compute them)."""
        if actions > MAX_ACTIONS:
            raise ApiError(
                422,
                "too_long",
                f"a game of more than {MAX_ACTIONS} actions is not analysed here: "
                "export its record and run `outlaws analyse` on it",
            )
        async with self._asking:
            row = await self.db.read(lambda conn: store.analysis_of(conn, game_id))
            if row is not None and row.status == "done":
                return
            job = self._jobs.get(game_id)
            if job is not None:  # held here: on it goes
                job.stopping = False
                await self._watch(game_id, at_once=True)
                return
            if len(self._queue) >= MAX_QUEUED:
                raise ApiError(503, "busy", "too many analyses are waiting: ask again in a minute")
            decisions = await asyncio.to_thread(todo)
            budget = row.budget if row is not None else self.settings.analysis_budget
            seed = row.seed if row is not None else SEED
            now = self.now()
            fresh = (seed, budget, len(decisions))
            try:
                claimed = await self.db.write(
                    lambda conn: store.claim(conn, game_id, self.server, now, self.lease, fresh)
                )
            except Conflict:  # another process created it a moment ago: it computes it
                claimed = False
            if not claimed:  # another process computes it: this poll keeps it going
                await self._watch(game_id, at_once=True)
                return
            done = await self.db.read(lambda conn: store.plies_of(conn, game_id))
            job = Job(game_id, [d for d in decisions if d.ply not in done], seed, budget)
            self._jobs[game_id] = job
            self._queue.append(job)
            self._watched[game_id] = now
            self._launch()

    async def progress(self, game_id: str) -> Progress:
        """Where the analysis of ``game_id`` stands, with the report of the decisions
        judged so far; the asking counts as someone waiting for it."""
        row = await self.db.read(lambda conn: store.analysis_of(conn, game_id))
        if row is None:
            return Progress(game_id, "none", 0, 0, None)
        await self._watch(game_id)
        read = await self._judged(game_id)
        if read.analysed and read.report is None:
            judged = list(read.analysed.values())
            read.report = await asyncio.to_thread(report, judged, row.seed, row.budget)
        status = row.shown(self.now(), self.lease)
        return Progress(game_id, status, len(read.analysed), row.total, read.report)

    # -- computing ---------------------------------------------------------------------
    def _launch(self) -> None:
        """Start queued analyses while this process computes fewer than it may."""
        while self._queue and self._running < self.settings.analysis_jobs:
            job = self._queue.popleft()
            self._running += 1
            job.task = asyncio.create_task(self._run(job), name=f"analysis-{job.game_id}")

    async def _run(self, job: Job) -> None:
        outcome: Stored | None = "stopped"
        try:
            if not self._warm:  # the workers start in a thread: starting processes blocks
                await asyncio.to_thread(self.pool.warm)
                self._warm = True
            running = await self.db.write(
                lambda conn: store.mark(conn, job.game_id, self.server, "running", self.now())
            )
            outcome = await self._compute(job) if running else None
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the analysis of game %s failed", job.game_id)
        finally:
            # No pause between the last look at ``stopping`` and letting go: a request
            # that comes later finds no job here, and claims the analysis anew.
            self._jobs.pop(job.game_id, None)
            self._running -= 1
            self._launch()
            if outcome is not None:
                await self._release({job.game_id: outcome})

    async def _compute(self, job: Job) -> Stored | None:
        """Judge the job's decisions, :data:`IN_FLIGHT` at a time, storing each as it
        comes: ``done`` once all are stored, ``stopped`` when nobody waits any more,
        None if another process took the analysis over."""
        todo = deque(job.todo)
        judging: dict[asyncio.Future[dict[str, Any]], int] = {}
        try:
            while True:
                while todo and len(judging) < IN_FLIGHT and not job.stopping:
                    decision = todo.popleft()
                    work = self.pool.run(
                        analyse_in_worker, pack_decision(decision), job.seed, job.budget
                    )
                    judging[asyncio.ensure_future(work)] = decision.ply
                if not judging:
                    return "stopped" if todo else "done"
                finished, _ = await asyncio.wait(judging, return_when=asyncio.FIRST_COMPLETED)
                for future in finished:
                    ply = judging.pop(future)
                    stored = partial(
                        store.store_decision,
                        game_id=job.game_id,
                        server=self.server,
                        ply=ply,
                        result=dumps(future.result()),
                        now=self.now(),
                    )
                    if not await self.db.write(stored):
                        return None
        finally:
            for future in judging:
                future.cancel()

    async def _release(self, outcomes: dict[str, Stored]) -> None:
        now = self.now()
        await self.db.write(lambda conn: store.release(conn, self.server, outcomes, now))

    # -- who waits ---------------------------------------------------------------------
    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.beat_every)
            try:
                await self._count_watchers()
            except Exception:
                log.exception("the analyses' beat failed")

    async def _count_watchers(self) -> None:
        """Renew the claims held here; stop the analyses nobody asked about within
        ``settings.analysis_idle`` seconds (and those another process took over)."""
        held = list(self._jobs)
        if not held:
            return
        now = self.now()
        watched = await self.db.write(lambda conn: store.renew(conn, self.server, held, now))
        for game_id in held:
            job = self._jobs.get(game_id)
            if job is None:
                continue
            if game_id not in watched:  # another process took it over
                job.stopping = True
                continue
            # A request here a moment ago counts even if its write is not stored yet.
            seen = max(watched[game_id], self._watched.get(game_id, 0.0))
            if now - seen > self.settings.analysis_idle:
                job.stopping = True
        idle = [job for job in self._queue if job.stopping]
        for job in idle:
            self._queue.remove(job)
            self._jobs.pop(job.game_id, None)
        if idle:
            await self._release({job.game_id: "stopped" for job in idle if job.game_id in watched})

    async def _watch(self, game_id: str, at_once: bool = False) -> None:
        """Store that someone waits for the analysis: at most every quarter of the
        patience (a poll a second writes nothing most of the time)."""
        now = self.now()
        last = self._watched.get(game_id)
        if not at_once and last is not None and now - last < self.settings.analysis_idle / 4:
            return
        if len(self._watched) > 4096:
            self._watched.clear()
        self._watched[game_id] = now
        await self.db.write(lambda conn: store.watch(conn, game_id, now))

    async def _judged(self, game_id: str) -> _Read:
        """The game's judged decisions, reading only those new since the last poll."""
        read = self._read.pop(game_id, None) or _Read()
        self._read[game_id] = read
        while len(self._read) > KEPT:
            self._read.popitem(last=False)
        plies = await self.db.read(lambda conn: store.plies_of(conn, game_id))
        new = plies - read.analysed.keys()
        if new:
            texts = await self.db.read(lambda conn: store.results_of(conn, game_id, new))
            decoded = await asyncio.to_thread(_decode, texts)
            read.analysed.update(decoded)
            read.report = None
        return read


def _decode(texts: dict[int, str]) -> dict[int, Analysed]:
    return {ply: unstored(json.loads(text)) for ply, text in texts.items()}


__all__ = ["IN_FLIGHT", "MAX_ACTIONS", "SEED", "Analyses", "Job", "Progress"]
