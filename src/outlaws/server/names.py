"""The names players give themselves, one rule wherever a name comes in.

A player's name is shown to everyone at the table, in the lobby and in the replay, so
it follows one rule whichever request brings it (a new game, an invite, an open game of
the lobby, a guest spectator's chat): NFC-normalised and trimmed, it has 1 to
:data:`MAX_NAME` characters (code points: ``é`` is one whether it came composed or not)
and nothing that is not shown as text (:func:`printable`). An account's name has its own,
stricter rule (:func:`outlaws.server.accounts.check_name`).
"""

from __future__ import annotations

import unicodedata

#: The most characters of a player's name, once normalised and trimmed.
MAX_NAME = 24
#: Unicode's control characters, and lone surrogates (no text: no database stores them).
_REFUSED = frozenset({"Cc", "Cs"})
#: Characters that are not control characters (Unicode's Cc) but still change how the
#: text around them is shown: the bidirectional embeddings, overrides and isolates (a
#: name or a message must not turn the words after it around), and the line and
#: paragraph separators.
_INVISIBLE = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")


class BadName(ValueError):
    """A name the rule refuses; its message says which part of the rule."""


def printable(text: str) -> bool:
    """Whether ``text`` is only characters shown as text, in the line it is written in."""
    return not any(ch in _INVISIBLE or unicodedata.category(ch) in _REFUSED for ch in text)


def check_player_name(name: str) -> str:
    """The name as it is kept and shown (NFC, trimmed); :class:`BadName` otherwise."""
    name = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise BadName(f"a name has 1 to {MAX_NAME} characters once trimmed ({len(name)} given)")
    if not printable(name):
        raise BadName("a name has no control characters or direction marks")
    return name
