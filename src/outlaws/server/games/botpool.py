"""Bot moves, computed in worker processes so that a thinking bot never stalls the tables
(and, in a pool of their own, the analyses of finished games: ``server/analysis/``).

A worker receives only the bot's spec, a seed, the seat's view (packed, see
:func:`~outlaws.server.games.packing.pack_view`) and the legal actions: never the state. It
answers with an action, which the game service then validates and commits like any
other.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ...bots import make_bot
from ...engine import Action, View
from .packing import PackedView, pack_view, unpack_view

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Modules a worker imports once, when the pool starts (the bots and their NumPy).
PRELOAD = [
    "outlaws.bots.heuristic",
    "outlaws.bots.search",
    "outlaws.bots.expert",
    "outlaws.server.games.botpool",
]


def choose_in_worker(
    spec: str, seed: int, packed: PackedView, legal: Sequence[Action]
) -> dict[str, Any]:
    """Runs in a worker: build the bot, let it choose, answer the action's JSON."""
    view = unpack_view(packed)
    bot = make_bot(spec, seed)
    action = bot.choose(view, list(legal))
    if action not in legal:
        raise ValueError(f"bot {spec} chose an action that is not legal: {action}")
    return action.to_json()


def _warm_up(server_pid: int, nice: int = 0, modules: Sequence[str] = ()) -> None:
    """Worker initializer: import the bots (and ``modules``) before the first move is
    asked for, yield the CPU by ``nice`` (a pool whose work may wait), and end with the
    server. A server killed outright (``kill -9``) runs no shutdown: its workers,
    children of the forkserver, would live on, so each watches the server's process and
    exits once it is gone."""
    for name in (*PRELOAD, *modules):
        __import__(name)
    if nice:
        os.nice(nice)
    threading.Thread(target=_exit_with, args=(server_pid,), daemon=True).start()


def _exit_with(server_pid: int, every: float = 1.0) -> None:
    while True:
        time.sleep(every)
        try:
            os.kill(server_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # pragma: no cover - another user's process has the pid
            os._exit(0)


def _ready() -> bool:
    return True


class BotPool:
    """A process pool for bot moves. :meth:`warm` starts its workers ahead of need (in a
    thread: starting processes blocks), so that the first bot move does not wait.

    ``nice`` lowers its workers' priority (the analyses' pool: live games' bots first),
    and ``modules`` are imported by each worker as it starts."""

    def __init__(self, workers: int, nice: int = 0, modules: Sequence[str] = ()) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.modules = tuple(modules)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(PRELOAD)
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=context,
                    initializer=_warm_up,
                    initargs=(os.getpid(), self.nice, self.modules),
                )
            return self._pool

    def warm(self) -> None:
        """Start every worker and wait until each has imported the bots (blocking)."""
        pool = self._executor()
        futures = [pool.submit(_ready) for _ in range(self.workers)]
        for future in futures:
            future.result()

    async def choose(self, spec: str, seed: int, view: View, legal: Sequence[Action]) -> Action:
        """The action the bot ``spec`` picks for ``view`` (computed in a worker)."""
        answer = await self.run(choose_in_worker, spec, seed, pack_view(view), tuple(legal))
        return Action.from_json(answer)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` computed in a worker (a module's function, picklable
        arguments and answer)."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, work, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): a new pool, and the question again.
            log.warning("a bot worker died: starting a new pool")
            self.shutdown(only=pool)
            return await loop.run_in_executor(self._executor(), work, *args)

    def shutdown(self, only: ProcessPoolExecutor | None = None) -> None:
        """Stop the workers now: a bot still thinking is not waited for. With ``only``,
        only if that is still the current pool."""
        with self._lock:
            if only is not None and self._pool is not only:
                return
            pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)
