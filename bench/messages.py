"""What building a table's messages costs the server, per action, in one process.

    python bench/messages.py [--games 40] [--rounds 3] [--spectator]

Plays random games on the server's own :class:`~outlaws.server.games.table.Table` and,
after each action, has a hub :class:`~outlaws.server.live.hub.Room` build the ``events``
message of each seat (and a spectator's, with ``--spectator``), as a connection's sender
does: no socket, no database, only the messages. Prints the CPU time per action (the
best of ``--rounds`` passes, in microseconds) and the bytes per message, as JSON.

It is the part of an action's cost that the hub adds (see ``bench/server.py`` for the
whole server under load): the view of each seat, its events, its legal actions' mask,
the fixed-width writing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from outlaws.engine import State
from outlaws.server.games.table import SeatInfo, Table
from outlaws.server.live.hub import Room


def played(games: int, first: int = 0) -> list[tuple[int, list[int]]]:
    """The seeds and action ids of ``games`` random games, from seed ``first`` on: each
    pass plays games of its own, so that what the server keeps of the events it wrote
    (their texts but for the turn) is as warm as it is on a server that has been up a
    while, never warmer."""
    rng = random.Random(first)
    out = []
    for seed in range(first, first + games):
        state = State.new(seed=seed, turn_limit=60)
        ids = []
        while not state.over:
            action_id = rng.choice(state.legal_action_ids())
            ids.append(action_id)
            state.apply(state.decode(action_id))
        out.append((seed, ids))
    return out


def one_pass(
    games: list[tuple[int, list[int]]], readers: tuple[int | None, ...]
) -> tuple[float, int, int]:
    """CPU seconds spent building messages, the actions played and the bytes built."""
    spent = 0.0
    actions = size = 0
    seats = [
        SeatInfo("human", name="Ann", token_hash="a"),
        SeatInfo("human", name="Bob", token_hash="b"),
    ]
    for seed, ids in games:
        state = State.new(seed=seed, turn_limit=60)
        table = Table(
            id=f"g{seed}", kind="friend", created_at=0.0, state=state, seats=seats, status="playing"
        )
        room = Room(table)
        sent = dict.fromkeys(readers, 0)
        for action_id in ids:
            table.apply(state.decode(action_id), "human")
            table.changed()
            start = time.process_time()
            for reader in readers:
                text, sent[reader] = room.message("events", reader, sent[reader], 0.0)
                size += len(text)
            spent += time.process_time() - start
            actions += 1
    return spent, actions, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spectator", action="store_true")
    args = parser.parse_args()
    readers: tuple[int | None, ...] = (0, 1, None) if args.spectator else (0, 1)
    passes = [one_pass(played(args.games, r * args.games), readers) for r in range(args.rounds)]
    best = min(spent / actions for spent, actions, _ in passes)
    _, actions, size = passes[0]
    print(json.dumps({
        "bench": "messages", "games": args.games, "actions": actions, "readers": len(readers),
        "us_per_action": round(best * 1e6, 1),
        "us_per_action_median": round(statistics.median(s / a for s, a, _ in passes) * 1e6, 1),
        "bytes_per_message": round(size / actions / len(readers), 1),
    }))  # fmt: skip


if __name__ == "__main__":
    main()
