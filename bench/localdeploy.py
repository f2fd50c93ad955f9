"""deploy/local.sh driven from Python: its whole topology (PostgreSQL, Redis, N servers,
HAProxy) started in a folder of its own and on free ports, then cleaned away.

Used by the server benchmark (``bench/server.py --topology deploy:N``) and by the tests
that run the topology (``tests/server/deploykit.py``), which load this file by its path.
"""

from __future__ import annotations

import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCAL_SH = ROOT / "deploy" / "local.sh"


@dataclass(frozen=True)
class Deployment:
    """A running deploy/local.sh: its folder, its ports and the environment it runs in
    (``local.sh`` called with it again acts on this deployment)."""

    folder: Path
    port: int  #: the balancer's; then stats, PostgreSQL, Redis and the servers'
    servers: int
    env: dict[str, str]

    @property
    def balancer(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def server_urls(self) -> list[str]:
        return [f"http://127.0.0.1:{self.port + 4 + n}" for n in range(self.servers)]

    def pid_file(self, number: int) -> Path:
        """The pid file of server ``number`` (1, 2, ...)."""
        return self.folder / f"server-{number}.pid"


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free loopback ports, below the ephemeral range
    (where the servers' own connections to PostgreSQL and Redis take their ports)."""
    low = 32768
    with contextlib.suppress(OSError, ValueError):
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    rng = random.Random()
    for _ in range(200):
        first = rng.randrange(20000, max(20001, low - count))
        taken = []
        try:
            for port in range(first, first + count):
                sock = socket.socket()
                taken.append(sock)
                sock.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            for sock in taken:
                sock.close()
        return first
    raise RuntimeError("no run of free ports")


def local_sh(command: str, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    """``deploy/local.sh COMMAND``, in a session of its own (a Ctrl-C at the terminal
    reaches the caller only, which then cleans up), waited for even through a Ctrl-C (or
    a SIGTERM), which is raised again once it has ended."""
    process = subprocess.Popen(
        [str(LOCAL_SH), command],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + timeout
    interrupted: BaseException | None = None
    while True:
        try:
            out, err = process.communicate(timeout=max(0.1, deadline - time.monotonic()))
            break
        except (KeyboardInterrupt, SystemExit) as stop:
            interrupted = stop
            print(f"(waiting for local.sh {command} to finish)", file=sys.stderr, flush=True)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            err += f"\nlocal.sh {command}: timed out after {timeout:.0f} s"
            break
    if interrupted is not None:
        raise interrupted
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def logs(folder: Path) -> str:
    """The ends of the topology's logs, to say why it did not start."""
    out = []
    for log in sorted(folder.rglob("*log")):
        if log.is_file():
            lines = log.read_text(errors="replace").splitlines()[-15:]
            out.append(f"--- {log.relative_to(folder)}:\n" + "\n".join(lines))
    return "\n".join(out)


def pid_in(file: Path) -> list[int]:
    """The pid on the first line of a pid file, if there is one."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return [int(file.read_text().split()[0])]
    return []


def children() -> dict[int, list[int]]:
    """The children of every process, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, those they started, and so on."""
    tree, found, todo = children(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@contextlib.contextmanager
def deployed(
    servers: int, serve_args: str, extra_env: dict[str, str] | None = None
) -> Iterator[Deployment]:
    """deploy/local.sh started with ``servers`` servers (``serve_args``: more options of
    each), in a temporary folder and on free ports; stopped, and the folder deleted, at
    the end. Fails (RuntimeError, with the logs) if it does not start."""
    # Not a private folder: PostgreSQL runs as its own user when this runs as root.
    top = Path(tempfile.mkdtemp(prefix="outlaws-deploy-"))
    top.chmod(0o755)
    folder = top / "local"
    port = free_ports(4 + servers)
    env = {
        **os.environ,
        "OUTLAWS_LOCAL_DIR": str(folder),
        "OUTLAWS_SERVERS": str(servers),
        "OUTLAWS_PORT": str(port),
        "OUTLAWS_STATS_PORT": str(port + 1),
        "OUTLAWS_PG_PORT": str(port + 2),
        "OUTLAWS_REDIS_PORT": str(port + 3),
        "OUTLAWS_SERVER_PORT": str(port + 4),
        "OUTLAWS_SERVE_ARGS": serve_args,
        **(extra_env or {}),
    }
    try:
        started = local_sh("start", env, timeout=300)
        if started.returncode != 0:
            raise RuntimeError(
                f"deploy/local.sh start failed ({started.returncode}):\n"
                f"{started.stderr}{started.stdout}{logs(folder)}"
            )
        yield Deployment(folder, port, servers, env)
    finally:
        cleaned = local_sh("clean", env, timeout=180)
        if cleaned.returncode != 0:
            print(f"deploy/local.sh clean failed: {cleaned.stderr}", file=sys.stderr, flush=True)
        with contextlib.suppress(OSError):
            top.rmdir()
