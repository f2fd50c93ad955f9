"""Arena runs played in chunks add up to one result (bench/arena_merge.py): a long
measurement of the bots' placement (R3.1) is resumed a chunk at a time."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "arena_merge.py"


def merge_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arena_merge", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def run(seed: int, a_wins: int, b_wins: int, unfinished: int = 0) -> dict[str, Any]:
    """What ``outlaws arena --json`` writes for one pair (the fields the merge reads)."""
    how = {"good": a_wins, "bad": b_wins, **({"limit": unfinished} if unfinished else {})}
    return {
        "settings": {"seed": seed},
        "pairs": [
            {
                "a": "search:3@bot",
                "b": "search:3@random",
                "games": a_wins + b_wins + unfinished,
                "a_wins": a_wins,
                "b_wins": b_wins,
                "unfinished": unfinished,
                "how": how,
            }
        ],
    }


def test_chunks_of_one_pairing_add_up_with_the_interval_of_the_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    merge = merge_module()
    files = []
    for seed, result in ((2001, run(2001, 8, 1, 1)), (2002, run(2002, 7, 3))):
        path = tmp_path / f"search3-{seed}.json"
        path.write_text(json.dumps(result), encoding="utf-8")
        files.append(str(path))
    assert merge.main(files) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    (pair,) = summary["pairs"]
    assert (pair["games"], pair["a_wins"], pair["b_wins"], pair["unfinished"]) == (20, 15, 4, 1)
    assert pair["a_win_rate"] == round(15 / 19, 4)
    low, high = pair["ci95"]
    assert 0.5 < low < 15 / 19 < high < 1
    assert pair["how"] == {"bad": 4, "good": 15, "limit": 1}
    assert pair["seeds"] == [2001, 2002]


def test_a_seed_run_twice_is_refused_rather_than_counted_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    merge = merge_module()
    path = tmp_path / "search3-2001.json"
    path.write_text(json.dumps(run(2001, 5, 5)), encoding="utf-8")
    assert merge.main([str(path), str(path)]) == 2
    assert "seed 2001 is used by two runs" in capsys.readouterr().err


def test_a_sample_kept_as_one_file_counts_as_the_chunks_it_was_played_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Once its last chunk is in, a sample is kept as one file, the list of its runs: it
    adds up to what its chunk files did, and a chunk counted again beside it is refused."""
    merge = merge_module()
    runs = [run(3001, 6, 4), run(3002, 5, 4, 1), run(3003, 7, 3)]
    chunks = []
    for result in runs:
        path = tmp_path / f"search3-{result['settings']['seed']}.json"
        path.write_text(json.dumps(result), encoding="utf-8")
        chunks.append(str(path))
    sample = tmp_path / "search3-fixed.json"
    sample.write_text(json.dumps(runs, indent=2), encoding="utf-8")
    assert merge.main(chunks) == 0
    from_chunks = capsys.readouterr().out
    assert merge.main([str(sample)]) == 0
    assert capsys.readouterr().out == from_chunks
    assert merge.main([str(sample), chunks[1]]) == 2
    assert "seed 3002 is used by two runs" in capsys.readouterr().err


def test_a_round_robin_played_in_runs_is_rated_as_one_with_intervals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs of a ladder (random against a novice, the novice against the heuristic)
    rate all three at once: random at 1000, each rung above the one below, each rating
    inside its interval."""
    merge = merge_module()
    files = []
    for seed, a, b, a_wins, b_wins in (
        (1, "novice:1", "random", 90, 10),
        (2, "heuristic", "novice:1", 80, 20),
    ):
        result = run(seed, a_wins, b_wins)
        result["pairs"][0].update({"a": a, "b": b})
        path = tmp_path / f"ladder-{seed}.json"
        path.write_text(json.dumps(result), encoding="utf-8")
        files.append(str(path))
    assert merge.main(["--elo", *files]) == 0
    elo = json.loads(capsys.readouterr().out.splitlines()[-1])["elo"]
    assert elo["random"]["elo"] == pytest.approx(1000.0)
    assert elo["random"]["elo"] < elo["novice:1"]["elo"] < elo["heuristic"]["elo"]
    for row in elo.values():
        low, high = row["ci95"]
        assert low <= row["elo"] + 1e-6 and row["elo"] - 1e-6 <= high
    low, high = elo["heuristic"]["ci95"]
    assert high - low > 50  # 200 games leave real uncertainty
