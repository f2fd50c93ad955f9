"""Can a bot be read? The same bot, having watched it, plays against it.

    python bench/move_model.py --bots expert --games 100 --seed 5000 --placement bot \\
        --moves-file expert-moves.jsonl
    python bench/readable.py --bots expert --moves-file expert-moves.jsonl \\
        --games 200 --seed 8001 --json readable-expert.json

A move names two columns and hides whether the cards changed places (R5.1). A bot that
picks the pair by where its Governor and Hitman stand tells a watcher where they are.
How much that is worth to the watcher is measured here, in games:

1. the moves of the bot's self-play games (gathered by ``bench/move_model.py`` from the
   true positions) are fitted into a :class:`~outlaws.deduce.MoveModel`, as
   ``bench/move_model.py`` fits one: the *reader*'s knowledge of how this bot moves;
2. ``reader``, the same bot (same spec, same search, same budget) whose belief reads moves
   with that model instead of the one it ships with, plays the bot in an arena (seats
   and first move alternating, both placing by the bot's strategy).

The only difference between the two sides is the model they read moves by, so the
reader's share of the finished games above 50% is what watching the bot is worth against
it: near 50%, it cannot be read; well above, it can. The result is the arena's JSON (as
``outlaws arena --json`` writes it, so ``bench/arena_merge.py`` adds up chunks run with
different seeds and the same moves file), with a ``reader`` field: the moves fitted and the
fitted pair ratios of the key cards. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from move_model import fit
from outlaws.arena import run_arena
from outlaws.bots import Bot, make_bot, registry
from outlaws.deduce import MoveModel
from outlaws.engine.actionspace import CHARACTER_ID

READER = "reader"
KEY_PAIRS = (("governor", "hitman"), ("governor", "sheriff"), ("hitman", "sheriff"))


def reading(spec: str, model: MoveModel, seed: int | None) -> Bot:
    """Bot ``spec``, reading its opponent's moves with ``model``."""
    bot = make_bot(spec, seed)
    heuristic = getattr(bot, "heuristic", bot)  # the search reads through its heuristic
    if not hasattr(heuristic, "movers"):
        sys.exit(f"{spec} keeps no belief that reads moves: it cannot be given a reader")
    heuristic.movers = model
    bot.name = READER
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--bots", default="expert", help="the spec to read")
    parser.add_argument("--moves-file", type=Path, required=True, help="its moves (JSON lines)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=8001)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--floor", type=float, default=0.05, help="the least pair ratio")
    parser.add_argument("--json", type=Path, help="write the result here")
    args = parser.parse_args()

    text = args.moves_file.read_text(encoding="utf-8")
    moves = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not moves:
        sys.exit(f"no moves in {args.moves_file}")
    model, tables = fit(moves, args.floor)
    registry.register(READER, lambda seed: reading(args.bots, model, seed))
    result = run_arena(
        [READER, args.bots],
        args.games,
        seed=args.seed,
        turn_limit=args.turn_limit,
        jobs=args.jobs,
        placement="bot",
    ).to_json()
    pair = {f"{x}-{y}": tables["pair"][CHARACTER_ID[x]][CHARACTER_ID[y]] for x, y in KEY_PAIRS}
    result["reader"] = {
        "spec": args.bots,
        "moves": len(moves),
        "moves_sha256": hashlib.sha256(text.encode()).hexdigest()[:16],
        "pair": pair,
    }
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
