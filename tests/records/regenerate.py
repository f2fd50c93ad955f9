"""Regenerate the golden outputs of the hand-made records in this folder.

Run ``python tests/records/regenerate.py`` (with the project's Python, e.g.
``.venv/bin/python``) after a deliberate change of the replay output: for every legal
record ``NAME.json`` it runs ``outlaws replay`` and writes

- ``NAME.state.json``: ``outlaws replay NAME.json`` (the whole state),
- ``NAME.view0.json`` and ``NAME.view1.json``: the same with ``--view 0`` / ``--view 1``.

Records named ``illegal_*`` or ``bad_*`` must fail and get no golden file; stale golden
files of records that no longer exist are deleted. A legal record that fails to replay
stops the script with exit status 1 and writes nothing for it.

The golden files are the CLI's bytes, unchecked: review ``git diff tests/records`` and
run ``pytest tests/cli/test_replay.py``, whose checks of each record's ``expect`` facts (set
by hand from docs/rules.md) do not depend on these files.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The golden outputs of a record: suffix -> extra ``outlaws replay`` arguments.
GOLDEN: dict[str, tuple[str, ...]] = {
    "state": (),
    "view0": ("--view", "0"),
    "view1": ("--view", "1"),
}
FAILING_PREFIXES = ("illegal_", "bad_")


def cli() -> list[str]:
    """The ``outlaws`` command of the running interpreter's environment."""
    script = Path(sys.executable).parent / "outlaws"
    return [str(script)] if script.exists() else [sys.executable, "-m", "outlaws.cli"]


def records() -> list[Path]:
    """Every record file of this folder (golden files excluded), sorted by name."""
    return sorted(p for p in HERE.glob("*.json") if p.name.count(".") == 1)


def is_legal(record: Path) -> bool:
    return not record.stem.startswith(FAILING_PREFIXES)


def main() -> int:
    command = cli()
    wanted: set[Path] = set()
    failed = 0
    for record in records():
        if not is_legal(record):
            continue
        outputs = {}
        for suffix, extra in GOLDEN.items():
            run = subprocess.run(
                [*command, "replay", str(record), *extra], capture_output=True, check=False
            )
            if run.returncode != 0:
                sys.stderr.write(f"{record.name}: {run.stderr.decode(errors='replace')}")
                failed += 1
                break
            outputs[suffix] = run.stdout
        else:
            for suffix, data in outputs.items():
                path = HERE / f"{record.stem}.{suffix}.json"
                wanted.add(path)
                if not path.exists() or path.read_bytes() != data:
                    path.write_bytes(data)
                    print(f"wrote {path.name}")
    for path in sorted(HERE.glob("*.*.json")):
        if path not in wanted and not failed:
            path.unlink()
            print(f"deleted {path.name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
