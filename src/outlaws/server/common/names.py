"""What players type for others to read, one rule wherever it comes in: their names, and
their chat messages.

A player's name is shown to everyone at the table, in the lobby and in the replay, so
it follows one rule whichever request brings it (a new game, an invite, an open game of
the lobby, a guest spectator's chat): NFC-normalised and trimmed, it has 1 to
:data:`MAX_NAME` characters (code points: ``é`` is one whether it came composed or not)
and only characters that read as what they are (:func:`shown_as_written`). A chat
message follows the same rule with its own length (:func:`check_typed`). An account's
name has a stricter rule still (:func:`outlaws.server.accounts.service.check_name`).

The rule goes by Unicode's categories, not by a list of known tricks, so that a name
cannot pass for another (``Ann`` and ``Ann`` with a zero-width space) and a message
cannot look empty or turn the words after it around.
"""

from __future__ import annotations

import unicodedata

#: The most characters of a player's name, once normalised and trimmed.
MAX_NAME = 24
#: The most combining marks in a row (accents on one letter): Vietnamese stacks two,
#: some scripts three; a pile of them spills over the lines around.
MAX_MARKS = 3
#: Unicode's categories never typed for others to read: controls (Cc), format characters
#: (Cf: direction marks, embeddings and isolates, zero-width spaces and joiners, the
#: word joiner, the byte order mark, the soft hyphen, tag characters), surrogates (Cs),
#: private use (Co), unassigned code points and noncharacters (Cn), and the line and
#: paragraph separators (Zl, Zp).
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Characters of other categories that are shown as nothing: the Hangul fillers, the
#: blank Braille pattern, the combining grapheme joiner and Khmer's inherent vowels.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
_MARKS = frozenset({"Mn", "Mc", "Me"})


class BadName(ValueError):
    """Text the rule refuses; its message says which part of the rule."""


def shown_as_written(text: str) -> bool:
    """Whether ``text`` reads as what it is: only characters shown as text, in the line
    it is written in, and no combining mark but on a letter, :data:`MAX_MARKS` at most."""
    marks = MAX_MARKS  # a mark first has nothing to sit on
    for ch in text:
        category = unicodedata.category(ch)
        if category in _REFUSED or ch in _BLANK:
            return False
        marks = marks + 1 if category in _MARKS else 0
        if marks > MAX_MARKS:
            return False
    return True


def check_typed(text: str, longest: int, what: str) -> str:
    """``text`` as it is kept and shown (NFC, trimmed) if it has 1 to ``longest``
    characters and reads as written; :class:`BadName` saying the rule of ``what`` (``a
    name``, ``a message``) otherwise."""
    text = unicodedata.normalize("NFC", text).strip()
    if not 1 <= len(text) <= longest:
        raise BadName(f"{what} has 1 to {longest} characters once trimmed ({len(text)} given)")
    if not shown_as_written(text):
        raise BadName(
            f"{what} has only characters shown as text: no control, format, private or "
            f"unassigned characters, no blank letters, at most {MAX_MARKS} accents on a letter"
        )
    return text


def check_player_name(name: str) -> str:
    """The name as it is kept and shown (NFC, trimmed); :class:`BadName` otherwise."""
    return check_typed(name, MAX_NAME, "a name")
