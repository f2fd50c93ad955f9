"""Names and colours of the terminal table: how each card and token is written.

The table is 80 columns wide: a label column and eight cells of :data:`CELL` letters, so
every name here fits in a cell.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import CHARACTERS

#: Width of a table cell, in letters: 5 + 8 × 8 + the borders fit in 80 columns.
CELL = 8
#: Width of the row labels ("Them", "Slot", "You").
LABEL = 5

#: Character names in at most 8 letters, to fit a cell.
CARD_LABEL: dict[str, str] = {name: name.capitalize() for name in CHARACTERS}
CARD_LABEL["storekeep"] = "Storekp."
#: Three-letter names for the notebook's guesses ("Gov 62%").
CARD_ABBR: dict[str, str] = {name: name[:3].capitalize() for name in CHARACTERS}
CARD_STYLE: dict[str, str] = {
    "governor": "bold yellow",
    "hitman": "bold red",
    "sheriff": "bold cyan",
    "indian": "green",
    "storekeep": "magenta",
    "dancer": "bright_magenta",
    "reporter": "bright_blue",
    "bandit": "red",
    "reverend": "bold",
    "mayor": "cyan",
}
TOKEN_LABEL: dict[str, str] = {
    "bullet": "Bullet",
    "handcuffs": "Cuffs",
    "vote": "Vote",
    "bogus": "Bogus",
    "election": "Election",
}
TOKEN_STYLE: dict[str, str] = {
    "bullet": "bold red",
    "handcuffs": "bold cyan",
    "vote": "green",
    "bogus": "dim",
    "election": "bold yellow",
}
#: How a game was won (R9.1-R9.3), after "won".
HOW_WORDS: dict[str, str] = {
    "good": "by election",
    "bad": "by assassination",
    "ugly": "by arresting the Hitman",
}
#: A card or token the seat does not know.
UNKNOWN = Text("?", style="dim")


def card_text(
    name: str | None, *, immobile: bool = False, headline: bool = False, full: bool = False
) -> Text:
    """A character's name in its colour ('?' when unknown); ``full``: not shortened."""
    if name is None:
        return UNKNOWN.copy()
    style = CARD_STYLE[name]
    if immobile:
        style += " reverse"
    elif headline:
        style += " underline"
    return Text(name.capitalize() if full else CARD_LABEL[name], style=style)
