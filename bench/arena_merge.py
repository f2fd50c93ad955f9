"""Add up arena runs: the JSON files of several ``outlaws arena --json`` runs of the same
pairing, played in chunks with distinct seeds (a long measurement, such as search:3
against itself at 25 seconds a game, is run a chunk at a time and resumed), as one result.

    python bench/arena_merge.py results/search3-*.json

A file holds one run, or a list of runs: a study's chunks kept as one file once all are in
(``bench/results/``), counted as the runs it holds.

For each pair (by its entries' names, e.g. ``search:3@bot`` against ``search:3@random``):
the games, the wins of each side, the unfinished ones, ``a``'s share of the finished games
with its 95% Wilson interval, how the games ended, and the seeds the runs used (a seed
used twice is refused: the same games would count twice). With ``--elo``, the ratings
of every entry fitted over all the pairs at once (Bradley–Terry, ``random`` = 1000 when
it plays) with 95% bootstrap intervals: a round robin played in several runs, such as
the difficulty ladder, rated as one. The last line printed is one JSON object.

    python bench/arena_merge.py --elo bench/results/ladder.json bench/results/expert.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlaws.arena import elo_anchor, elo_intervals, fit_elo, wilson


@dataclass
class Pair:
    """The summed games of one pair, from ``a``'s side."""

    a: str
    b: str
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    unfinished: int = 0
    how: Counter[str] = field(default_factory=Counter)
    #: Each side's wins by way of winning (runs made before the arena kept them add none).
    a_wins_by: Counter[str] = field(default_factory=Counter)
    b_wins_by: Counter[str] = field(default_factory=Counter)
    seeds: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        finished = self.a_wins + self.b_wins
        low, high = wilson(self.a_wins, finished)
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "unfinished": self.unfinished,
            "a_win_rate": round(self.a_wins / finished, 4) if finished else None,
            "ci95": [round(low, 4), round(high, 4)],
            "how": dict(sorted(self.how.items())),
            "a_wins_by": dict(sorted(self.a_wins_by.items())),
            "b_wins_by": dict(sorted(self.b_wins_by.items())),
            "runs": len(self.seeds),
            "seeds": sorted(self.seeds),
        }


def merge(results: list[dict[str, Any]]) -> list[Pair]:
    """The pairs of arena ``results`` (their parsed JSON), summed by pair."""
    pairs: dict[tuple[str, str], Pair] = {}
    for result in results:
        seed = int(result["settings"]["seed"])
        for row in result["pairs"]:
            pair = pairs.setdefault((row["a"], row["b"]), Pair(row["a"], row["b"]))
            if seed in pair.seeds:
                raise ValueError(f"seed {seed} is used by two runs of {pair.a} v {pair.b}")
            pair.seeds.append(seed)
            pair.games += row["games"]
            pair.a_wins += row["a_wins"]
            pair.b_wins += row["b_wins"]
            pair.unfinished += row["unfinished"]
            pair.how.update(row["how"])
            pair.a_wins_by.update(row.get("a_wins_by", {}))
            pair.b_wins_by.update(row.get("b_wins_by", {}))
    return list(pairs.values())


def runs_of(path: Path) -> list[dict[str, Any]]:
    """The runs of one file: a run as ``outlaws arena --json`` writes it, or a list of them."""
    loaded = json.loads(path.read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, list) else [loaded]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "files", nargs="+", type=Path, help="JSON files of `outlaws arena`, or lists of its runs"
    )
    parser.add_argument("--elo", action="store_true", help="rate every entry over all pairs")
    args = parser.parse_args(argv)
    try:
        pairs = merge([run for path in args.files for run in runs_of(path)])
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"arena_merge: {error}", file=sys.stderr)
        return 2
    for pair in pairs:
        row = pair.to_json()
        rate = row["a_win_rate"]
        shown = "-" if rate is None else f"{rate:.1%}"
        low, high = row["ci95"]
        print(
            f"{pair.a} v {pair.b}: {pair.a_wins}-{pair.b_wins} ({pair.unfinished} unfinished) "
            f"in {pair.games} games of {row['runs']} runs: {shown} (95% CI {low:.1%}-{high:.1%})"
        )
    out: dict[str, Any] = {"pairs": [pair.to_json() for pair in pairs]}
    if args.elo:
        out["elo"] = ratings(pairs)
        print(f"Elo ({elo_anchor(list(out['elo']))}), 95% bootstrap intervals:")
        for name, row in sorted(out["elo"].items(), key=lambda item: -item[1]["elo"]):
            print(f"  {name}: {row['elo']:.0f} ({row['ci95'][0]:.0f}-{row['ci95'][1]:.0f})")
    print(json.dumps(out))
    return 0


def ratings(pairs: list[Pair]) -> dict[str, dict[str, Any]]:
    """Every entry's Elo over all ``pairs`` at once, with its 95% interval."""
    players = sorted({name for pair in pairs for name in (pair.a, pair.b)})
    games = {(pair.a, pair.b): (pair.a_wins, pair.b_wins) for pair in pairs}
    wins: dict[tuple[str, str], float] = {}
    for (a, b), (a_wins, b_wins) in games.items():
        wins[(a, b)] = wins.get((a, b), 0.0) + a_wins
        wins[(b, a)] = wins.get((b, a), 0.0) + b_wins
    elo = fit_elo(players, wins)
    intervals = elo_intervals(players, games)
    return {
        name: {"elo": round(elo[name], 1), "ci95": [round(v, 1) for v in intervals[name]]}
        for name in players
    }


if __name__ == "__main__":
    sys.exit(main())
