"""One word for one thing: the terms each catalogue settled on (docs/i18n.md, Terminology).

A player who reads "bot" on the lobby's button and "robô" in an error, or 行動 in the
How-to-play page and アクション on the action panel, wonders whether they are two things.
For each language, every message uses the chosen word and never its rivals; and the
Japanese catalogue writes its punctuation full-width, its columns "{col}列目" and counts
its tokens in 枚.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

I18N = Path(__file__).resolve().parents[2] / "src" / "outlaws" / "web" / "i18n"

#: A placeholder, filled by the script: its braces and name are not the language's words.
PLACEHOLDER = re.compile(r"\{\w+\}")


class Term(NamedTuple):
    """The word a catalogue uses for a concept, and a pattern of the words it does not."""

    concept: str
    chosen: str
    rivals: str


SETTLED: dict[str, list[Term]] = {
    "en": [
        # The other side is "your opponent" (its Hitman too), never an "enemy".
        Term("opponent", "opponent", r"\benem(?:y|ies)\b"),
        # One Handcuffs is "a Handcuffs token", as Portuguese and Italian say "ficha" and
        # "gettone" ("a Handcuffs" alone reads like a grammar slip).
        Term("one-handcuffs", "a Handcuffs token", r"\ban? Handcuffs\b(?! token)"),
        # Counted Bogus are "Bogus tokens" (the name alone is the token's label).
        Term("counted-bogus", "Bogus tokens", r"\b\d+ Bogus\b(?! tokens?\b)"),
    ],
    "pt": [
        # What Brazilian players of online board games say.
        Term("bot", "bot", r"\brob[ôo]s?\b"),
        Term("opponent", "adversário", r"\boponentes?\b|\binimig[oa]s?\b"),
        # The page is named "Lobby" in the header: its texts say so too.
        Term("lobby", "lobby", r"\bsagu[ãa]o\b"),
    ],
    "it": [
        Term("opponent", "avversario", r"\bnemic[oi]\b"),
        # A rated game is "classificata" (the lobby's toggle), an unrated one "amichevole".
        Term("rated", "classificata", r"valid[ae] per la classifica|fuori classifica"),
    ],
    "ja": [
        # The two a turn holds, the four basic ones, the card that does one.
        Term("action", "アクション", r"行動"),
        # A match, as Japanese board-game sites say (対局 is for go and shogi).
        Term("game", "ゲーム", r"対局"),
        # A rated game and the number by which it ranks a player.
        Term("rated", "レート戦", r"レーティング(?:対局|戦)"),
        Term("rating", "レーティング", r"評価"),
        # A player's turn, as the status line says it.
        Term("turn", "手番", r"(?:あなた|相手|自分)の番"),
        Term("opponent", "相手", r"敵"),
        # Answering with the Sheriff or the Reverend, or passing.
        Term("react", "応答", r"対応"),
        # Swapping cards, slots or a Saloon card: the Move's own word.
        Term("swap", "入れ替え", r"交換"),
        # Paying a Bullet, a Handcuffs token or a Headline marker.
        Term("spend", "消費", r"払"),
        # "Only pretend" is the button's ふりだけ.
        Term("pretend", "ふり", r"振り"),
    ],
}


@cache
def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def words(message: str) -> str:
    """A message as the player reads it, less the placeholders the script fills."""
    return PLACEHOLDER.sub("", message)


def offenders(lang: str, pattern: str, *, in_placeholders: bool = False) -> dict[str, str]:
    """The messages of a catalogue where the pattern is found (in the words the player
    reads; with ``in_placeholders``, also around and in the placeholders)."""
    found = re.compile(pattern)
    return {
        key: value
        for key, value in catalogue(lang).items()
        if found.search(value if in_placeholders else words(value))
    }


SETTLED_CASES = [
    pytest.param(lang, term, id=f"{lang}-{term.concept}")
    for lang, terms in SETTLED.items()
    for term in terms
]


@pytest.mark.parametrize(("lang", "term"), SETTLED_CASES)
def test_each_concept_has_one_word_in_each_catalogue(lang: str, term: Term) -> None:
    assert any(term.chosen in value for value in catalogue(lang).values()), (
        f"{lang}: the settled word {term.chosen!r} is used nowhere: update this test"
    )
    assert offenders(lang, term.rivals) == {}, (
        f"{lang}: say {term.chosen!r}, as the rest of the catalogue does"
    )


#: The quotation marks of each language's running text (Japanese: 「」, checked below).
QUOTES = {"en": "“”", "pt": "“”", "it": "«»"}


@pytest.mark.parametrize("lang", sorted(QUOTES))
def test_quoted_words_take_the_languages_own_quotation_marks(lang: str) -> None:
    # “left” and “right”, «Di fronte»: never the typewriter's straight quote.
    assert offenders(lang, '"') == {}
    assert any(QUOTES[lang][0] in value for value in catalogue(lang).values())


def test_japanese_punctuation_is_full_width() -> None:
    # ：（）！？ in running text; the half-width forms only inside a placeholder.
    assert offenders("ja", r"[:()!?]") == {}


def test_japanese_columns_are_written_n_retsume() -> None:
    # "3列目", as on the action panel, never "列3".
    assert offenders("ja", r"列(?:\d|\{\w+\})", in_placeholders=True) == {}


def test_japanese_counts_tokens_in_mai_and_only_markers_in_ko() -> None:
    # A token, a card: 枚. The Headline marker alone is counted 個 (カメラマーカー3個).
    counted_ko = re.compile(r"(\S{0,8}?)(?:\d+|\{\w+\})個")
    wrong = {
        key: value
        for key, value in catalogue("ja").items()
        for before in counted_ko.findall(value)
        if "マーカー" not in before
    }
    assert wrong == {}
