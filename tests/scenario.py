"""Building positions for scenario tests.

``table()`` deals an explicit setup (R3.4) from readable names, so a test can say
"seat 0's Sheriff stands at column 4" and mean it.
"""

from __future__ import annotations

from collections.abc import Sequence

from outlaws.engine import Action, Setup, State, parse_notation
from outlaws.engine.names import CHARACTER_ID, TOKEN_ID

#: A legal arrangement for either seat: Governor at column 1 ... Bandit at column 8.
STREET = ("governor", "hitman", "sheriff", "indian", "storekeep", "dancer", "reporter", "bandit")
SALOON = ("reverend", "mayor")
#: A street whose Sheriff (column 1) stands beside its Governor (column 2): a Hitman who
#: finds that Governor can be intercepted (R6.3.3).
SHERIFF_BY_GOVERNOR = (
    "sheriff", "governor", "hitman", "indian", "storekeep", "dancer", "reporter", "bandit",
)  # fmt: skip
TOKENS = (
    "vote", "bogus", "vote", "election", "bullet", "vote", "bogus", "handcuffs",
    "vote", "bogus", "vote", "bogus", "vote",
)  # fmt: skip


def table(
    street0: Sequence[str] = STREET,
    saloon0: Sequence[str] = SALOON,
    street1: Sequence[str] = STREET,
    saloon1: Sequence[str] = SALOON,
    tokens: Sequence[str] = TOKENS,
    first: int = 0,
    seed: int = 0,
    turn_limit: int | None = None,
) -> State:
    """A new game from explicit arrangements (column 1 first) and token order."""
    setup = Setup(
        first=first,
        streets=(tuple(CHARACTER_ID[c] for c in street0), tuple(CHARACTER_ID[c] for c in street1)),
        saloons=(tuple(CHARACTER_ID[c] for c in saloon0), tuple(CHARACTER_ID[c] for c in saloon1)),
        tokens=tuple(TOKEN_ID[t] for t in tokens),
    )
    return State.new(seed=seed, setup=setup, turn_limit=turn_limit)


def play(state: State, *moves: str) -> State:
    """Apply actions written in notation (docs/notation.md), in order."""
    for move in moves:
        state.apply(parse_notation(move))
    return state


def act(text: str) -> Action:
    return parse_notation(text)


def street(state: State, seat: int) -> list[str]:
    """Seat ``seat``'s true arrangement, column 1 first."""
    return state.to_json()["seats"][seat]["street"]


def events(state: State, viewer: int | str | None = "all") -> list[dict]:
    """The log as JSON dicts, for ``viewer`` (``"all"``: unredacted)."""
    from outlaws.engine.views import render_event

    return [render_event(raw, viewer).to_json() for raw in state.log]
