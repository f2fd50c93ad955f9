"""What a rated game is: the fixed terms it is played on, and the bots it may be played
against (those of a fixed rating).

Apart from the ratings themselves (:mod:`outlaws.server.ratings`), which a game's end
moves: a game is checked against these terms when it is created, long before.
"""

from __future__ import annotations

from ...bots.ladder import LADDER, RANDOM_ELO
from ...ratings import Rating
from ..common.errors import ApiError
from .clocks import ClockConfig

#: The bots' fixed ratings in the ``bots`` pool: the difficulty ladder's arena Elo,
#: random anchored at 1000 (docs/bots.md, "The ladder"). A game against a bot not
#: measured yet cannot be rated.
BOT_RATINGS = {"random": RANDOM_ELO, **{rung.spec: rung.elo for rung in LADDER}}
#: How sure those are: about the arena's own uncertainty on them.
BOT_DEVIATION = 50.0


def bot_rating(spec: str | None) -> Rating | None:
    """The fixed rating of the bot ``spec`` (``search`` is level 3), or None."""
    if spec is None:
        return None
    known = BOT_RATINGS.get("search:3" if spec == "search" else spec)
    return None if known is None else Rating(known, BOT_DEVIATION)


def check_rated_terms(clock: ClockConfig | None, turn_limit: int | None) -> None:
    """Refuse (422 ``rated_terms``, naming the field) a rated game off the fixed terms:
    a clock whose seat that runs out of time loses it, and no turn limit."""
    if clock is None:
        raise ApiError(
            422,
            "rated_terms",
            "a rated game has a clock: a player who leaves it loses on time",
            field="clock",
        )
    if clock.on_timeout != "lose":
        raise ApiError(
            422,
            "rated_terms",
            "in a rated game a seat that runs out of time loses: no bot plays for it",
            field="clock.on_timeout",
        )
    if turn_limit is not None:
        raise ApiError(
            422,
            "rated_terms",
            "a rated game has no turn limit: it ends by the rules, never in a draw",
            field="turn_limit",
        )


__all__ = ["BOT_DEVIATION", "BOT_RATINGS", "bot_rating", "check_rated_terms"]
