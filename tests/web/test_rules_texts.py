"""What a player is told about the rules: the How-to-play page, the cards' tooltips, the
prompts and the log lines of every catalogue (src/outlaws/web/i18n/<lang>.json), and the
rules page itself (docs/rules.md). Each test states one thing the player must read right,
in every language, and names the rule it comes from.

Card and action names are taken from the catalogue itself (``card.bandit``, ``act.move``),
so that a test follows the words the player actually sees next to the card.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "src" / "outlaws" / "web" / "i18n"
RULES = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"

LANGUAGES = ("en", "pt", "it", "ja")


@cache
def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def card(lang: str, name: str) -> str:
    return catalogue(lang)[f"card.{name}"]


def contains(text: str, word: str) -> bool:
    return word.casefold() in text.casefold()


def rule(rule_id: str) -> str:
    """The text of one rule of docs/rules.md, from its bold id to the next rule's."""
    text = RULES.read_text(encoding="utf-8")
    start = text.index(f"**{rule_id}")
    following = re.compile(r"^- \*\*R\d", re.MULTILINE)
    end = following.search(text, start + 1)
    return text[start : end.start() if end else len(text)]


# -- docs/rules.md ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "choice"),
    [
        ("R6.3", "called *before* the card is revealed"),
        ("R6.5", "not a free\n  rearrangement of all three tokens"),
        ("R6.6", "up to two columns to either side"),
    ],
)
def test_the_rules_page_states_each_decision_of_the_sheriff_storekeep_and_dancer(
    rule_id: str, choice: str
) -> None:
    """R6.3 (the Sheriff calls before the reveal), R6.5 (the Storekeep makes one exchange)
    and R6.6 (the Dancer reaches two columns): each is written as a Decision under its
    rule, where a player reading the rule finds it."""
    text = rule(rule_id)
    assert "**Decision:**" in text
    assert choice in text


def test_r3_1_the_rules_page_keeps_the_governor_out_of_the_saloon_for_the_whole_game() -> None:
    """R3.1 (and R5.2): the Governor is never in the Saloon, not only at the start."""
    text = rule("R3.1")
    assert "never start" not in text
    assert "may never be in the Saloon" in text


def test_r3_1_the_readme_counts_eight_face_down_cards_and_two_in_the_saloon() -> None:
    """R3.1: of the ten characters, eight lie face down on Main Street, two face up in the
    Saloon; the README's first lines say so."""
    opening = README.read_text(encoding="utf-8")[:800]
    assert "ten face-down" not in opening
    assert "eight face-down characters" in opening
    assert "face up in the Saloon" in opening


# -- the How-to-play text --------------------------------------------------------------

#: How each language says that both players use the same column numbers (R2.1, R2.2).
SHARED_NUMBERS = {
    "en": "both players use the same numbers",
    "pt": "os números são os mesmos para os dois jogadores",
    "it": "i numeri sono gli stessi per entrambi i giocatori",
    "ja": "番号は両プレイヤー共通",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r2_1_the_table_text_says_both_players_share_the_column_numbers(lang: str) -> None:
    """R2.1/R2.2: columns are numbered 1 to 8 once for the whole table; only left and
    right depend on where a player sits."""
    assert SHARED_NUMBERS[lang] in catalogue(lang)["howto.table.text"]


#: How each language says that an action reveals nothing (R5.1).
REVEALS_NOTHING = {
    "en": "reveals nothing",
    "pt": "não revela nada",
    "it": "non rivela nulla",
    "ja": "何も公開されず",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r4_2_the_turn_text_says_a_move_and_a_saloon_exchange_reveal_no_street_card(
    lang: str,
) -> None:
    """R4.2 with R5.1 and R5.2: only Look, Take and abilities reveal the acting card; the
    turn text names the Move and the Saloon exchange as the actions that do not."""
    text = catalogue(lang)["howto.turn.reveal"]
    assert contains(text, catalogue(lang)["act.move"])
    assert contains(text, catalogue(lang)["act.saloon"])
    assert REVEALS_NOTHING[lang] in text


# -- the characters' lines -------------------------------------------------------------

#: How each language names the Sheriff's interception (R6.3.3).
INTERCEPT = {"en": "intercept", "pt": "intercept", "it": "intercett", "ja": "阻止"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["howto.ability.hitman", "place.ability.hitman"])
def test_r6_2_the_hitman_lines_warn_that_a_sheriff_may_intercept(lang: str, key: str) -> None:
    """R6.2 and R6.3.3: a shot at the Governor wins unless the Sheriff beside him
    intercepts; both the How-to-play text and the tooltip say so."""
    text = catalogue(lang)[key]
    assert card(lang, "sheriff") in text
    assert contains(text, INTERCEPT[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "key", ["howto.ability.reporter", "place.ability.reporter", "act.help.reporter"]
)
def test_r6_7_the_reporter_lines_say_he_never_names_the_governor(lang: str, key: str) -> None:
    """R6.7: the Reporter may call out any character but the Governor."""
    assert card(lang, "governor") in catalogue(lang)[key]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "key", ["howto.intercept.text", "prompt.intercept.text", "prompt.why.passOnlyShot"]
)
def test_r6_3_3_interception_asks_for_a_sheriff_beside_the_governor_and_nothing_more(
    lang: str, key: str
) -> None:
    """R6.3.3 with R7.3 (rules-notes #18): only a Bandit is ever immobilized, so the
    interception texts do not suggest a Sheriff could be; they ask for the Sheriff on
    Main Street beside the Governor."""
    text = catalogue(lang)[key]
    assert card(lang, "sheriff") in text
    assert IMMOBILIZED[lang] not in text


#: How each language says "look at a token" and "take a token" in the Mayor's tooltip.
LOOK_AND_TAKE = {
    "en": ("look at", "take"),
    "pt": ("olhar", "pegar"),
    "it": ("guardare", "prendere"),
    "ja": ("確認", "宣言"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r6_10_the_mayor_tooltip_names_what_he_never_extends(lang: str) -> None:
    """R6.10: the Mayor never works with the Hitman, the Dancer or the Bandit, nor for
    looking at or taking a token; his tooltip names all of them."""
    text = catalogue(lang)["place.ability.mayor"]
    for name in ("hitman", "dancer", "bandit"):
        assert card(lang, name) in text, name
    for action in LOOK_AND_TAKE[lang]:
        assert contains(text, action), action


# -- the Bandit is immobilized ---------------------------------------------------------

#: Words that would put the Bandit in chains or under lock (never right for him), and
#: words of an arrest (right only for the Hitman), as each language spells them.
CHAINED = {
    "en": [r"\bchain", r"\block", r"\bjail"],
    "pt": [r"acorrent", r"trancad", r"bloque"],
    "it": [r"incaten", r"blocc", r"rinchius"],
    "ja": [r"鎖", r"監禁", r"拘束", r"ロック"],
}
ARRESTED = {
    "en": [r"\barrest"],
    "pt": [r"\bprend", r"\bpris[aã]o", r"\bpres[oa]\b"],
    "it": [r"\barrest"],
    "ja": [r"逮捕"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r7_3_no_message_chains_locks_or_arrests_the_bandit(lang: str) -> None:
    """R6.3 and R7.3: a Sheriff who names the Bandit right *immobilizes* him. No message
    that speaks of the Bandit chains him or locks him up, and one that speaks of him
    without the Hitman does not call it an arrest either."""
    bandit, hitman = card(lang, "bandit"), card(lang, "hitman")
    wrong = []
    for key, text in catalogue(lang).items():
        if bandit not in text:
            continue
        words = CHAINED[lang] + ([] if hitman in text else ARRESTED[lang])
        wrong += [(key, word) for word in words if re.search(word, text, re.IGNORECASE)]
    assert not wrong


#: The stem of each language's word for "immobilized" (docs/i18n.md's terminology).
IMMOBILIZED = {"en": "immobiliz", "pt": "imobiliz", "it": "immobilizz", "ja": "捕獲"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "key",
    [
        "howto.ability.sheriff",
        "place.ability.sheriff",
        "place.ability.reverend",
        "act.help.reverend",
        "prompt.why.passCuffs",
        "prompt.why.passOnlyCuffs",
        "log.immobilized",
    ],
)
def test_r7_3_what_the_sheriff_does_to_the_bandit_is_called_immobilized(
    lang: str, key: str
) -> None:
    """R7.3: every line about a Bandit caught by the Sheriff uses the one word the game
    has for it."""
    assert IMMOBILIZED[lang] in catalogue(lang)[key]


# -- the words of one language ---------------------------------------------------------


def test_handcuffs_stay_plural_in_portuguese() -> None:
    """R1.2: "Algemas" is a plural noun; one token is "uma ficha de Algemas", never
    "uma Algemas"."""
    wrong = {
        key: text for key, text in catalogue("pt").items() if re.search(r"\buma? Algemas", text)
    }
    assert not wrong


def test_r6_9_the_portuguese_reverend_cancels_an_arrest_or_an_immobilization() -> None:
    """R6.9.2: the Reverend cancels what the Sheriff does, said in the game's own words
    (prisão, imobilização), not as a vague "golpe"."""
    for key in ("place.ability.reverend", "howto.ability.reverend"):
        text = catalogue("pt")[key]
        assert "golpe" not in text
        assert "prisão" in text and "imobilização" in text


@pytest.mark.parametrize("how", ["good", "bad", "ugly"])
def test_r9_the_italian_win_message_reads_naturally(how: str) -> None:
    """R9.1-R9.3: the log's last line tells the winner how they won ("Hai vinto per
    elezione (il buono)."), not "in modo buono"."""
    italian = catalogue("it")
    line = italian["log.win.self"].format(how=italian[f"how.short.{how}"])
    assert "in modo" not in line
    assert line.startswith("Hai vinto per ")
