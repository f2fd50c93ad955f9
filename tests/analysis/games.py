"""Games for the analysis tests: seeded bot games, kept once played, and the small budget
that keeps a judgement to a fraction of a second."""

from __future__ import annotations

from functools import cache

from outlaws.analysis import Budget
from outlaws.bots import make_bot, play_game
from outlaws.engine import Record, State, record_of, seat_view

#: A judgement's budget in these tests: enough to rank a winning action first.
SMALL = Budget(candidates=4, worlds=8, steps=150)


@cache
def bot_game(seed: int) -> Record:
    """The record of a game between two heuristic bots, dealt and played from ``seed``."""
    state = State.new(seed=seed, turn_limit=200)
    play_game(state, [make_bot("heuristic", seed), make_bot("heuristic", seed + 1)])
    return record_of(state)


def prefix(record: Record, length: int) -> Record:
    """The same game stopped after its first ``length`` actions."""
    return Record(record.seed, record.setup, record.actions[:length], record.turn_limit)


#: The fields of an event that name one of its seat's cards: a card shown (R4.2, R6.7),
#: or the cards of a Saloon exchange (R5.2).
CARD_FIELDS = ("card", "to_saloon", "at_a")


def shown(record: Record, seat: int, since: int = 0) -> set[str]:
    """The cards of ``seat`` that events name from action ``since`` (0-based) to the end
    of ``record``, read in that seat's own log (which holds every public event and its
    own secrets)."""
    start = len(seat_view(record.replay(since), seat).log)
    log = seat_view(record.replay(), seat).log
    return {
        event[field]
        for event in log[start:]
        if event.seat == seat and event.type in ("reveal", "headline", "saloon")
        for field in CARD_FIELDS
        if field in event
    }


def street(record: Record, seat: int, upto: int) -> list[str]:
    """``seat``'s street, column 1 first, before action ``upto`` (0-based) of ``record``."""
    names: list[str] = record.replay(upto).to_json()["seats"][seat]["street"]
    return names
