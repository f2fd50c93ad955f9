"""CPU caps for the server benchmark (``bench/server.py --cap CORES``): every server
process in a cgroup of its own, capped at CORES of CPU.

A capped process joins its group before it does anything: it is started through this
file, ``python bench/cgroups.py PREFIX CORES -- COMMAND...``, which makes the group
PREFIX-<its pid>, writes the cap, moves itself in and only then executes COMMAND (same
pid), so that all it starts later (the bot worker processes) is in the group too.

The groups are made in the root of the hierarchy that has the ``cpu`` controller:

* cgroup v1: the hierarchy mounted with ``cpu`` (``cpu.cfs_quota_us``, ``cpu.cfs_period_us``);
* cgroup v2: the unified hierarchy, if its root's ``cgroup.subtree_control`` enables
  ``cpu`` (``cpu.max``).

Writing them takes root (or a delegated hierarchy): where that fails, ``capped`` says
so and the bench runs uncapped.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PERIOD_US = 100_000
#: The smallest quota the kernel takes.
MIN_QUOTA_US = 1_000


@dataclass(frozen=True)
class Hierarchy:
    """The root of the cgroup hierarchy with the ``cpu`` controller, and its version."""

    root: Path
    version: int

    def make(self, name: str, cores: float) -> Path:
        """A new group ``name``, capped at ``cores``."""
        group = self.root / name
        group.mkdir()
        quota = max(MIN_QUOTA_US, round(cores * PERIOD_US))
        if self.version == 1:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        else:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        return group


def hierarchy() -> Hierarchy | None:
    """The hierarchy with the ``cpu`` controller (v1 first: on a machine that mounts both,
    v2's holds no controller), from /proc/mounts; None without one."""
    mounts = [line.split()[1:4] for line in Path("/proc/mounts").read_text().splitlines()]
    for mount, kind, options in mounts:
        if kind == "cgroup" and "cpu" in options.split(","):
            return Hierarchy(Path(mount), 1)
    for mount, kind, _ in mounts:
        with contextlib.suppress(OSError):
            enabled = (Path(mount) / "cgroup.subtree_control").read_text().split()
            if kind == "cgroup2" and "cpu" in enabled:
                return Hierarchy(Path(mount), 2)
    return None


@dataclass(frozen=True)
class CpuCaps:
    """Groups ``PREFIX-<pid>``, one per capped process, in ``hierarchy``'s root."""

    hierarchy: Hierarchy
    cores: float
    prefix: str
    #: Where the wrapper scripts go.
    folder: Path

    def command(self, argv: list[str]) -> list[str]:
        """``argv``, run in a group of its own."""
        here = str(Path(__file__).resolve())
        return [sys.executable, here, self.prefix, str(self.cores), "--", *argv]

    def wrapper(self, argv: list[str]) -> Path:
        """An executable that runs ``argv`` and its own arguments in a group of its own
        (deploy/local.sh takes its ``outlaws`` as one program: OUTLAWS_BIN)."""
        script = self.folder / "outlaws-capped"
        script.write_text(f'#!/bin/sh\nexec {shlex.join(self.command(argv))} "$@"\n')
        script.chmod(0o755)
        return script

    def remove(self) -> None:
        """Removes the groups; a process still in one is moved back to the root first.
        A process that is exiting cannot be moved, but leaves its group soon: tried again
        for some seconds."""
        deadline = time.monotonic() + 5
        while groups := list(self.hierarchy.root.glob(f"{self.prefix}-*")):
            for group in groups:
                with contextlib.suppress(OSError):
                    for pid in (group / "cgroup.procs").read_text().split():
                        with contextlib.suppress(OSError):
                            (self.hierarchy.root / "cgroup.procs").write_text(pid)
                    group.rmdir()
            if time.monotonic() > deadline:
                names = " ".join(str(group) for group in groups)
                print(f"cgroups left behind (rmdir them): {names}", file=sys.stderr)
                return
            time.sleep(0.1)


@contextlib.contextmanager
def capped(cores: float) -> Iterator[CpuCaps | None]:
    """Caps of ``cores`` for the processes started through it, or None (said on stderr)
    where cgroups cannot be written; its groups are removed at the end."""
    with tempfile.TemporaryDirectory(prefix="outlaws-cap-") as folder:
        found = hierarchy()
        caps = None
        if found is None:
            reason = "no cgroup hierarchy with the cpu controller"
        else:
            caps = CpuCaps(found, cores, f"outlaws-bench-{os.getpid()}", Path(folder))
            try:
                caps.hierarchy.make(f"{caps.prefix}-probe", cores)
            except OSError as error:
                reason, caps = f"{found.root} cannot be written ({error})", None
        if caps is None:
            print(f"--cap {cores}: {reason}: the servers run UNCAPPED", file=sys.stderr)
        try:
            yield caps
        finally:
            if caps is not None:
                caps.remove()


def join(prefix: str, cores: float) -> None:
    """Moves this process into a new group ``prefix-<pid>`` capped at ``cores``."""
    found = hierarchy()
    if found is None:
        raise OSError("no cgroup hierarchy with the cpu controller")
    group = found.make(f"{prefix}-{os.getpid()}", cores)
    (group / "cgroup.procs").write_text(str(os.getpid()))


def main() -> None:
    prefix, cores, separator, *argv = sys.argv[1:]
    if separator != "--" or not argv:
        raise SystemExit("usage: cgroups.py PREFIX CORES -- COMMAND [ARG...]")
    try:
        join(prefix, float(cores))
    except OSError as error:
        print(f"cgroups.py: cannot cap ({error}): running uncapped", file=sys.stderr)
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main()
