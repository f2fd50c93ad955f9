"""The shared message catalogue: the terminal reads the browser's own catalogues.

The words of the game log and the names of the players come from the package data
``outlaws/web/i18n/<lang>.json``, the files the server sends to the browser
(docs/i18n.md). They are read here through :mod:`importlib.resources`, as data, never
copied: a message changed there reads the same in both. The lookup follows the page's
``web/core/i18n.js``: the language's message, else the English one, else the key itself, and
``{name}`` placeholders filled from the parameters given (an unknown one is left as is).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from ..bots.ladder import rung_of

#: English: the reference catalogue, and the fallback of every other one.
ENGLISH = "en"
#: A placeholder: ``{name}``, the name made of ASCII letters, digits and ``_`` (the
#: page's ``\w``).
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_]+)\}")


def _folder() -> Traversable:
    return files("outlaws").joinpath("web", "i18n")


def languages() -> tuple[str, ...]:
    """The codes of the catalogues there are (``en`` first)."""
    codes = sorted(
        entry.name.removesuffix(".json")
        for entry in _folder().iterdir()
        if entry.name.endswith(".json")
    )
    return (ENGLISH, *(code for code in codes if code != ENGLISH))


@cache
def _messages(lang: str) -> dict[str, str]:
    """The messages of one catalogue (only its strings)."""
    data = json.loads(_folder().joinpath(f"{lang}.json").read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if isinstance(value, str)}


class Catalogue:
    """The messages of one language, with English under them."""

    def __init__(self, lang: str = ENGLISH) -> None:
        if lang not in languages():
            raise ValueError(f"no catalogue for {lang!r}: one of {', '.join(languages())}")
        self.lang = lang
        self._english = _messages(ENGLISH)
        self._own = self._english if lang == ENGLISH else _messages(lang)

    def _lookup(self, key: str) -> str | None:
        own = self._own.get(key)
        if own:
            return own
        return self._english.get(key)

    def has(self, key: str) -> bool:
        return self._lookup(key) is not None

    def t(self, key: str, **params: Any) -> str:
        """The message ``key`` with its ``{placeholders}`` filled from ``params``."""
        text = self._lookup(key)
        if text is None:
            return key

        def fill(match: re.Match[str]) -> str:
            name = match.group(1)
            return str(params[name]) if name in params else match.group(0)

        return PLACEHOLDER.sub(fill, text)

    def sentences(self, parts: list[str]) -> str:
        """Whole sentences one after the other, as ``web/core/i18n.js`` sets them: side by
        side in Japanese, a space between them in the other languages."""
        return ("" if self.lang == "ja" else " ").join(parts)

    def card(self, name: str) -> str:
        """A character's name."""
        return self.t(f"card.{name}")

    def token(self, name: str) -> str:
        """A token's name."""
        return self.t(f"token.{name}")

    def bot_label(self, spec: str) -> str:
        """How a bot is called, as the page calls it (``web/core/bots.js``, ``botLabel``): by
        the rank of its rung of the ladder ("Medium bot"), else by its spec."""
        if spec == "tutorial":
            return self.t("bot.tutorial")
        rank = bot_rank(spec)
        if rank is None:
            return self.t("bot.named", name=spec)
        return self.t("bot.ranked", rank=self.t(f"bot.rank.{rank}"))


def bot_rank(spec: str) -> str | None:
    """The rank a bot spec plays: a rung of the ladder, ``random``, or None (off it).
    ``search`` alone plays level 3."""
    rung = rung_of("search:3" if spec == "search" else spec)
    if rung is not None:
        return rung.name
    return "random" if spec == "random" else None
