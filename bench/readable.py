"""Can a bot be read? The same bot, having watched it (or not), plays against it.

    python bench/move_model.py --bots expert --games 100 --seed 5000 --placement bot \\
        --moves-file expert-moves.jsonl
    python bench/readable.py --bots expert --moves-file expert-moves.jsonl \\
        --games 200 --seed 8001 --json readable-expert.json
    python bench/readable.py --bots expert --model exact --games 200 --seed 8301

A move names two columns and hides whether the cards changed places (R5.1). A bot that
picks the pair by where its Governor and Hitman stand tells a watcher where they are.
How much that is worth to the watcher is measured here, in games. The *subject* is the
bot (``--bots``; with ``--disguise D``, the expert whose moves name a decoy's two columns,
drawn from what its opponent already knows, a share D of the time; with ``--margin M``
too, the search's own move where it is worth more than M points above the decoy's). Its
opponent is the same bot, same search and budget, with one difference, the model its
belief reads moves by (``--model``):

- ``fitted``: the ``reader``, whose model is fitted on the subject's own moves (as
  ``bench/move_model.py`` fits one) from ``--moves-file``; ``--fit-games N`` (with
  ``--fit-seed``) first plays N self-play games of the subject and adds their moves to
  the file (with ``--games 0``, that is all it does);
- ``exact``: ``exact``, which reads no move (the exact posterior of the rules).

``--opponent SPEC`` plays the subject against another bot instead (the disguised
expert's strength against ``search:3``, say), as ``outlaws arena --placement bot`` would.

Both place by the bot's strategy; seats and the first move alternate. The reader's share
of the finished games against ``exact``'s share is what reading the subject's moves is
worth against it: near nothing, it cannot be read. The result is the arena's JSON (as
``outlaws arena --json`` writes it, so ``bench/arena_merge.py`` adds up chunks run with
different seeds), with a ``subject`` field, and for a reader the moves fitted and the
fitted pair ratios of the key cards. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from move_model import fit, moves_of
from outlaws.arena import run_arena
from outlaws.bots import Bot, make_bot, registry
from outlaws.deduce import MoveModel
from outlaws.engine.actionspace import CHARACTER_ID

KEY_PAIRS = (("governor", "hitman"), ("governor", "sheriff"), ("hitman", "sheriff"))


def subject(spec: str, disguise: float | None, margin: float | None, seed: int | None) -> Bot:
    """Bot ``spec``, with its disguise (and the disguise's margin) set if given."""
    bot = make_bot(spec, seed)
    if disguise is not None:
        if not hasattr(bot, "disguise"):
            sys.exit(f"{spec} has no disguise to set")
        bot.disguise = disguise  # type: ignore[attr-defined]
        bot.margin = margin  # type: ignore[attr-defined]
    return bot


def reading(bot: Bot, model: MoveModel | None, name: str) -> Bot:
    """``bot``, reading its opponent's moves with ``model`` (None: the rules alone)."""
    heuristic = getattr(bot, "heuristic", bot)  # the search reads through its heuristic
    if not hasattr(heuristic, "movers"):
        sys.exit(f"{bot.name} keeps no belief that reads moves")
    heuristic.movers = model
    bot.name = name
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[2])
    parser.add_argument("--bots", default="expert", help="the spec to read")
    parser.add_argument("--disguise", type=float, help="the expert's disguise (0 to 1)")
    parser.add_argument("--margin", type=float, help="with --disguise: the decoy's margin")
    parser.add_argument("--model", choices=("fitted", "exact"), default="fitted")
    parser.add_argument("--opponent", help="play this spec instead of a reader or exact")
    parser.add_argument("--moves-file", type=Path, help="the subject's moves (JSON lines)")
    parser.add_argument("--fit-games", type=int, default=0, help="self-play games to add")
    parser.add_argument("--fit-seed", type=int, default=5000)
    parser.add_argument("--games", type=int, default=100, help="0: only gather moves")
    parser.add_argument("--seed", type=int, default=8001)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--floor", type=float, default=0.05, help="the least pair ratio")
    parser.add_argument("--json", type=Path, help="write the result here")
    args = parser.parse_args()

    name = args.bots
    if args.margin is not None and args.disguise is None:
        sys.exit("--margin needs --disguise")
    if args.disguise is not None:
        name = f"{args.bots.partition(':')[0]}-disguise{args.disguise}"
        if args.margin is not None:
            name += f"-margin{args.margin:g}"
        registry.register(name, lambda seed: subject(args.bots, args.disguise, args.margin, seed))
    about: dict[str, object] = {"spec": args.bots, "disguise": args.disguise}
    if args.margin is not None:
        about["margin"] = args.margin
    model: MoveModel | None = None
    opponent = "exact"
    if args.opponent is not None:
        opponent = args.opponent
    elif args.model == "fitted":
        if args.moves_file is None:
            sys.exit("a fitted reader needs --moves-file")
        with args.moves_file.open("a", encoding="utf-8") as out:
            for seed in range(args.fit_seed, args.fit_seed + args.fit_games):
                out.writelines(json.dumps(m) + "\n" for m in moves_of((name, seed, "bot")))
                out.flush()  # a long gathering keeps every finished game
        text = args.moves_file.read_text(encoding="utf-8")
        moves = [json.loads(line) for line in text.splitlines() if line.strip()]
        if not moves:
            sys.exit(f"no moves in {args.moves_file}: gather some with --fit-games")
        model, tables = fit(moves, args.floor)
        opponent = "reader"
        about["moves"] = len(moves)
        about["moves_sha256"] = hashlib.sha256(text.encode()).hexdigest()[:16]
        about["pair"] = {
            f"{x}-{y}": tables["pair"][CHARACTER_ID[x]][CHARACTER_ID[y]] for x, y in KEY_PAIRS
        }
    if args.games == 0:  # only gathering moves
        print(json.dumps({"subject": about}))
        return
    if args.opponent is None:
        registry.register(opponent, lambda seed: reading(make_bot(name, seed), model, opponent))
    result = run_arena(
        [opponent, name],
        args.games,
        seed=args.seed,
        turn_limit=args.turn_limit,
        jobs=args.jobs,
        placement="bot",
    ).to_json()
    result["subject"] = about
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
