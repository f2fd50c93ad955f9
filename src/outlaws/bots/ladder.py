"""The difficulty ladder: the bots the table offers, weakest first, each measured
stronger than the one below (docs/bots.md, "The ladder").

A rung is a name the table shows (its catalogue key is ``bot.rank.<name>``), the bot
spec that plays it and its Elo measured in the arena (random anchored at 1000), which
rated games against it use as its fixed rating (``server/games/rated.py``). The browser
reads this list from ``GET /bots`` (``web/core/bots.js``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rung:
    """One step of the ladder: the name shown, the bot that plays it, its arena Elo."""

    name: str
    spec: str
    elo: float


#: Weakest first. The two lowest make a person's mistakes (``novice``), so that a
#: beginner can win and learn; the top plans over the hidden cards.
#: The Elo: ``python bench/arena_merge.py --elo bench/results/ladder.json
#: bench/results/expert.json`` (the round robin of docs/bots.md, "The ladder").
LADDER: tuple[Rung, ...] = (
    Rung("beginner", "novice:1", 1406.0),
    Rung("easy", "novice:3", 1734.0),
    Rung("medium", "heuristic", 1959.0),
    Rung("hard", "search:3", 2155.0),
    Rung("expert", "expert", 2290.0),
)
#: The floor of the ratings, off the ladder: the bot that plays at random.
RANDOM_ELO = 1000.0


def rung_of(spec: str) -> Rung | None:
    """The rung a bot spec plays (None: off the ladder)."""
    return next((rung for rung in LADDER if rung.spec == spec), None)
