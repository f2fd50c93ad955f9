"""Names and integer ids of the game's pieces (docs/rules.md R1, docs/format.md "Names").

The engine works on small integers for speed; these tables turn them into the names
that every record, view and message uses. Code outside the engine reaches them through
:mod:`outlaws.engine.actionspace` (or the names :mod:`outlaws.engine` exports).
"""

from __future__ import annotations

CHARACTERS: tuple[str, ...] = (
    "governor",
    "hitman",
    "sheriff",
    "indian",
    "storekeep",
    "dancer",
    "reporter",
    "bandit",
    "reverend",
    "mayor",
)
GOVERNOR, HITMAN, SHERIFF, INDIAN, STOREKEEP, DANCER, REPORTER, BANDIT, REVEREND, MAYOR = range(10)
CHARACTER_ID: dict[str, int] = {name: i for i, name in enumerate(CHARACTERS)}

TOKENS: tuple[str, ...] = ("bullet", "handcuffs", "vote", "bogus", "election")
BULLET, HANDCUFFS, VOTE, BOGUS, ELECTION = range(5)
TOKEN_ID: dict[str, int] = {name: i for i, name in enumerate(TOKENS)}

#: Index of the Headline markers in a stash list (stash lists are indexed by token id).
HEADLINE = 5
#: The stash keys in docs/format.md order, with their index in a stash list.
STASH_KEYS: tuple[tuple[str, int], ...] = (
    ("bullet", BULLET),
    ("handcuffs", HANDCUFFS),
    ("vote", VOTE),
    ("election", ELECTION),
    ("headline", HEADLINE),
)

#: R1.2: the 17 tokens of the game.
TOKEN_COUNTS: dict[int, int] = {BULLET: 3, HANDCUFFS: 3, VOTE: 6, BOGUS: 4, ELECTION: 1}
#: R3.2: the 13 tokens shuffled onto the street and into the reserve at setup.
DEALT_TOKEN_COUNTS: dict[int, int] = {BULLET: 1, HANDCUFFS: 1, VOTE: 6, BOGUS: 4, ELECTION: 1}

COLUMNS = 8
#: Knowledge bits of a token slot (R5.6, R8.2): seat 0 knows it, seat 1 knows it, and it
#: was shown to everyone (spectators included).
KNOWS: tuple[int, int] = (1, 2)
PUBLIC = 4
ALL_KNOW = KNOWS[0] | KNOWS[1] | PUBLIC
#: R2.2: "immediately to the left" of a card, as a column offset, for seat 0 and seat 1.
LEFT: tuple[int, int] = (-1, 1)
#: R2.2: "immediately to the right", the mirror of LEFT.
RIGHT: tuple[int, int] = (1, -1)

#: What each character may take (R5.5); the Governor's Election is gated by votes (R5.4).
TAKEABLE: tuple[tuple[int, ...], ...] = tuple(
    (ELECTION,)
    if ch == GOVERNOR
    else (VOTE, BULLET)
    if ch == HITMAN
    else (VOTE, HANDCUFFS)
    if ch == SHERIFF
    else (VOTE,)
    for ch in range(10)
)
