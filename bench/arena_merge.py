"""Add up arena runs: the JSON files of several ``outlaws arena --json`` runs of the same
pairing, played in chunks with distinct seeds (a long measurement, such as search:3
against itself at 25 seconds a game, is run a chunk at a time and resumed), as one result.

    python bench/arena_merge.py results/search3-*.json

For each pair (by its entries' names, e.g. ``search:3@bot`` against ``search:3@random``):
the games, the wins of each side, the unfinished ones, ``a``'s share of the finished games
with its 95% Wilson interval, how the games ended, and the seeds the runs used (a seed
used twice is refused: the same games would count twice). The last line printed is one
JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlaws.arena import wilson


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
    return list(pairs.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="JSON files of `outlaws arena`")
    args = parser.parse_args(argv)
    try:
        pairs = merge([json.loads(path.read_text(encoding="utf-8")) for path in args.files])
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
    print(json.dumps({"pairs": [pair.to_json() for pair in pairs]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
