"""deploy/local.sh's whole topology for a test: PostgreSQL, Redis, N servers and HAProxy
on this machine, on free ports, under a folder of its own; stopped and deleted after.

Slow (some 10 s to start) and it needs Debian's postgresql, redis-server and haproxy:
the tests that use it carry :data:`NEEDS_DEPLOY`, and run only with
``OUTLAWS_TEST_DEPLOY=1`` (``.ci/run`` sets it and installs the packages)."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    """A module of bench/ (not a package), loaded by its path."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


#: deploy/local.sh driven from Python, shared with the server benchmark.
localdeploy = _load("localdeploy")

NEEDS_DEPLOY = [
    pytest.mark.deploy,
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("OUTLAWS_TEST_DEPLOY") != "1", reason="OUTLAWS_TEST_DEPLOY=1 is not set"
    ),
    pytest.mark.skipif(
        not (
            shutil.which("haproxy", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
            and shutil.which("redis-server")
            and Path("/usr/lib/postgresql").is_dir()
        ),
        reason="needs Debian's haproxy, redis-server and postgresql",
    ),
]


@dataclass
class Topology:
    """A running deploy/local.sh: its balancer, its servers, its folder."""

    lb: str
    servers: list[str]
    folder: Path
    env: dict[str, str]

    def pid(self, number: int) -> int:
        """The process id of server ``number`` (1, 2, ...)."""
        return int((self.folder / f"server-{number}.pid").read_text())

    def kill(self, number: int) -> list[int]:
        """``kill -9`` of server ``number``: no clean stop, nothing let go. The processes
        it had started (its bot workers), which must end by themselves."""
        pid = self.pid(number)
        children = localdeploy.descendants(pid)
        os.kill(pid, signal.SIGKILL)
        return children

    def start_missing(self) -> None:
        """``local.sh start`` again: the servers that are not running start."""
        done = localdeploy.local_sh("start", self.env, timeout=180)
        assert done.returncode == 0, done.stderr + done.stdout + localdeploy.logs(self.folder)


def alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie is not)."""
    out = []
    for pid in pids:
        with contextlib.suppress(OSError, IndexError):
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            if state != "Z":
                out.append(pid)
    return out


@contextlib.contextmanager
def local_topology(servers: int = 2, serve_args: str = "--bot-workers 1") -> Iterator[Topology]:
    """deploy/local.sh started with ``servers`` servers (``serve_args``: more options of
    each); stopped, and its folder deleted, afterwards."""
    with localdeploy.deployed(servers, serve_args) as deployment:
        yield Topology(
            lb=deployment.balancer,
            servers=deployment.server_urls,
            folder=deployment.folder,
            env=deployment.env,
        )
    assert not deployment.folder.exists()
