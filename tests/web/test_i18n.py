"""The message catalogues of the browser table (src/outlaws/web/i18n/<lang>.json).

English (en.json) is the reference: every other catalogue has exactly its keys, the same
``{placeholders}`` in each message, and no empty message. The scripts of the page look
keys up with ``t("key")``, ``tn("key", n)`` (``key.one`` / ``key.other``), ``has("key")``,
``data-i18n="key"`` in the HTML, plain string constants handed to these (``"clock.none"``)
and template strings built from a prefix (`` `card.${card}` ``): every such key must exist
in en.json. See docs/i18n.md.
"""

from __future__ import annotations

import codecs
import json
import re
from functools import cache
from pathlib import Path

import pytest

from outlaws.bots.ladder import LADDER
from outlaws.engine.names import CHARACTERS, STASH_KEYS, TOKENS
from outlaws.engine.state import HOW_BAD, HOW_GOOD, HOW_LIMIT, HOW_UGLY

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "outlaws" / "web"
I18N = WEB / "i18n"

#: The placeholder syntax of i18n.js: ``text.replace(/\{(\w+)\}/g, ...)``.
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: A string constant shaped like a key (dotted words) between two equal quotes: "a.b",
#: 'a.b', `a.b`. Matched on its own, not by pairing every quote of a file, so apostrophes
#: in comments and nested template strings cannot hide a key.
QUOTED_KEY = re.compile(r"([\"'`])([A-Za-z]\w*(?:\.\w+)+)\1")
#: A template string that builds a key: `prefix.${expr}` or `prefix.${expr}.suffix`.
TEMPLATE_KEY = re.compile(r"`((?:[A-Za-z]\w*\.)+\$\{[^{}`]*\}(?:\.\w+)*)`")
#: The first argument of a count lookup, tn("info.reserve", n).
COUNT_CALL = re.compile(r"\btn\(\s*[\"'`]([^\"'`$]+)[\"'`]")


def read_catalogue(path: Path) -> dict[str, str]:
    """A catalogue, refusing a BOM, bad UTF-8, duplicate keys and non-string values."""
    raw = path.read_bytes()
    assert not raw.startswith(codecs.BOM_UTF8), f"{path.name} starts with a byte-order mark"
    text = raw.decode("utf-8")  # strict: raises on invalid UTF-8

    def no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [key for key, _ in pairs]
        doubled = sorted({key for key in keys if keys.count(key) > 1})
        assert not doubled, f"{path.name} repeats keys {doubled}"
        return dict(pairs)

    data = json.loads(text, object_pairs_hook=no_duplicates)
    assert isinstance(data, dict), f"{path.name} is not a JSON object"
    bad = sorted(key for key, value in data.items() if not isinstance(value, str))
    assert not bad, f"{path.name}: these values are not strings: {bad}"
    return data


@cache
def catalogue(lang: str) -> dict[str, str]:
    return read_catalogue(I18N / f"{lang}.json")


def english() -> dict[str, str]:
    return catalogue("en")


def catalogue_files() -> list[Path]:
    return sorted(I18N.glob("*.json"))


TRANSLATIONS = sorted(path.stem for path in catalogue_files() if path.stem != "en")


def scripts() -> list[Path]:
    return sorted(WEB.rglob("*.js"))


def page_sources() -> list[Path]:
    return scripts() + sorted(WEB.rglob("*.html"))


def js_string_list(path: Path, name: str) -> list[str]:
    """The strings of ``const NAME = ["a", "b", ...]`` in a script."""
    match = re.search(rf"\b{name}\s*=\s*\[([^\]]*)\]", path.read_text(encoding="utf-8"))
    assert match, f"{path.name} no longer defines {name} = [...]; update tests/web/test_i18n.py"
    return re.findall(r"[\"']([^\"']+)[\"']", match.group(1))


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# -- the catalogues themselves ---------------------------------------------------------


def test_there_is_an_english_catalogue_and_at_least_one_translation():
    assert (I18N / "en.json").is_file()
    assert TRANSLATIONS, "no catalogue besides en.json"


@pytest.mark.parametrize("path", catalogue_files(), ids=lambda p: p.name)
def test_every_catalogue_is_a_valid_utf8_json_object_of_strings(path):
    read_catalogue(path)


def test_every_language_the_page_offers_has_a_catalogue_and_no_other():
    offered = js_string_list(WEB / "core" / "i18n.js", "LANGUAGES")
    files = [path.stem for path in catalogue_files()]
    assert sorted(offered) == sorted(files)
    names = english()
    assert [code for code in offered if f"lang.{code}" not in names] == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_catalogue_has_every_english_key(lang):
    missing = sorted(set(english()) - set(catalogue(lang)))
    assert missing == [], f"{lang}.json lacks {len(missing)} key(s) of en.json: {missing}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_catalogue_has_a_key_that_english_lacks(lang):
    extra = sorted(set(catalogue(lang)) - set(english()))
    assert extra == [], f"{lang}.json has keys that en.json does not: {extra}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_translation_keeps_the_placeholders_of_its_english_original(lang):
    wrong = {
        key: {"en": sorted(placeholders(text)), lang: sorted(placeholders(own))}
        for key, text in english().items()
        if (own := catalogue(lang).get(key)) is not None and placeholders(own) != placeholders(text)
    }
    assert wrong == {}, f"{lang}.json changes the placeholders of {wrong}"


@pytest.mark.parametrize("lang", ["en", *TRANSLATIONS])
def test_no_message_is_empty(lang):
    empty = sorted(key for key, text in catalogue(lang).items() if not text.strip())
    assert empty == [], f"{lang}.json has empty messages: {empty}"


@pytest.mark.parametrize("lang", ["en", *TRANSLATIONS])
def test_every_brace_in_a_message_belongs_to_a_placeholder(lang):
    stray = sorted(
        key
        for key, text in catalogue(lang).items()
        if "{" in PLACEHOLDER.sub("", text) or "}" in PLACEHOLDER.sub("", text)
    )
    assert stray == [], f"{lang}.json: braces that i18n.js would not fill in {stray}"


# -- the keys the page looks up ----------------------------------------------------------


def namespaces() -> set[str]:
    """The first words of the English keys ("card", "log", ...): a constant starting with
    one of them and shaped like a key is taken for a key."""
    return {key.split(".", 1)[0] for key in english()}


def count_bases() -> set[str]:
    """Keys given to tn(): the catalogue holds ``base.one`` and ``base.other``."""
    return {base for path in scripts() for base in COUNT_CALL.findall(path.read_text("utf-8"))}


def static_keys() -> dict[str, set[str]]:
    """Every string constant of the page that looks like a catalogue key, by file."""
    found: dict[str, set[str]] = {}
    known = namespaces()
    for path in page_sources():
        text = path.read_text(encoding="utf-8")
        for _, value in QUOTED_KEY.findall(text):
            if value.split(".", 1)[0] in known:
                found.setdefault(path.name, set()).add(value)
    return found


def test_every_key_the_page_names_exists_in_english():
    # A failure here means the UI (src/outlaws/web, which owns en.json) looks up a key that
    # en.json lacks: add the key to en.json (and its translations), or fix the script.
    names = english()
    bases = count_bases()
    missing = {
        file: sorted(
            key
            for key in keys
            if key not in names and not (key in bases and f"{key}.other" in names)
        )
        for file, keys in static_keys().items()
    }
    missing = {file: keys for file, keys in missing.items() if keys}
    assert missing == {}, f"keys used by the page but missing from en.json: {missing}"


def test_the_key_search_finds_the_keys_the_page_is_known_to_use():
    # Guards the regular expressions above: if the scripts change style, this says so.
    found = set().union(*static_keys().values())
    assert {"app.title", "lang.label", "log.title", "act.cancel", "replay.first"} <= found


def test_every_count_message_has_its_one_and_other_forms():
    names = english()
    stash = js_string_list(WEB / "game" / "table.js", "STASH")
    bases = count_bases() | {f"stash.{kind}" for kind in stash}
    assert bases, "no tn() call found: update tests/web/test_i18n.py"
    lacking = sorted(
        f"{base}.{form}"
        for base in bases
        for form in ("one", "other")
        if f"{base}.{form}" not in names
    )
    assert lacking == [], f"count messages missing from en.json: {lacking}"


def server_endings() -> list[str]:
    """The ``how`` of a result the server writes itself (resign, timeout)."""
    found: set[str] = set()
    for path in (ROOT / "src" / "outlaws" / "server").rglob("*.py"):
        found |= set(re.findall(r"\"how\": \"(\w+)\"", path.read_text(encoding="utf-8")))
    return sorted(found)


def log_event_types() -> list[str]:
    """The event types log.js turns into ``log.${event.type}``: the ``case`` labels that
    lead to that template."""
    text = (WEB / "game" / "log.js").read_text(encoding="utf-8")
    found: list[str] = []
    for run in re.findall(r"((?:case \"\w+\":\s*)+)return say\(`log\.\$\{event\.type\}`", text):
        found += re.findall(r"case \"(\w+)\":", run)
    return found


def call_kinds() -> list[str]:
    return re.findall(r"callStep\(\"(\w+)\"\)", (WEB / "game" / "actions.js").read_text("utf-8"))


def dynamic_names() -> dict[str, list[str] | None]:
    """Each template key of the page, with every value its ``${...}`` can take (None: the
    script falls back on its own when the key is missing, so nothing is required)."""
    actions = js_string_list(WEB / "game" / "actions.js", "ACTION_TYPES")
    reactions = js_string_list(WEB / "game" / "actions.js", "REACTIONS")
    stash = js_string_list(WEB / "game" / "table.js", "STASH")
    wins = [HOW_GOOD, HOW_BAD, HOW_UGLY]
    return {
        "card.${card}": list(CHARACTERS),
        "card.short.${card}": list(CHARACTERS),
        "card.narrow.${card}": list(CHARACTERS),
        "token.${token}": list(TOKENS),
        "lang.${code}": js_string_list(WEB / "core" / "i18n.js", "LANGUAGES"),
        "act.${type}": actions,
        "act.help.${type}": actions,
        "act.${this.chooser.type}": actions,
        "step.call.${kind}": call_kinds(),
        "prompt.${kind}.title": [r for r in reactions if r != "pass"],
        "prompt.${kind}.text": [r for r in reactions if r != "pass"],
        "react.${action.type}": reactions,
        "how.${how}": [*wins, HOW_LIMIT, *server_endings()],
        "how.${result.how}": [*wins, HOW_LIMIT, *server_endings()],
        "how.short.${event.how}": wins,
        "log.${event.type}": log_event_types(),
        # tn(): base.one / base.other, checked by the count test; here the base's .other.
        "stash.${kind}": [f"{kind}.other" for kind in stash],
        "stash.word.${kind}": stash,
        # core/bots.js: the ladder's rungs (GET /bots), then the bot off it.
        "bot.rank.${rung.name}": [*(rung.name for rung in LADDER), "random"],
        # profile.js: the rating pools, and every way a rated game ends.
        "profile.pool.${pool}": js_string_list(WEB / "lobby" / "profile.js", "POOLS"),
        "profile.how.${how}": [*wins, HOW_LIMIT, *server_endings()],
        # confirm.js: what an ability does, for every character that has one.
        "prompt.confirm.verb.${card}": [c for c in CHARACTERS if c not in ("governor", "mayor")],
        # ui.js shows error.generic for a code it has no message for.
        "error.${code}": None,
    }


def template_keys() -> dict[str, set[str]]:
    """The template strings of the scripts that build a catalogue key from a prefix."""
    found: dict[str, set[str]] = {}
    known = namespaces()
    for path in scripts():
        for value in TEMPLATE_KEY.findall(path.read_text(encoding="utf-8")):
            if value.split(".", 1)[0] in known:
                found.setdefault(value, set()).add(path.name)
    return found


def test_the_stash_kinds_of_the_table_are_the_engines():
    stash = js_string_list(WEB / "game" / "table.js", "STASH")
    assert sorted(stash) == sorted(k for k, _ in STASH_KEYS)


def test_every_key_built_from_a_prefix_is_known_to_this_test():
    # A new `prefix.${x}` in the scripts: add it to dynamic_names() with the values of x.
    unknown = {
        tpl: sorted(files) for tpl, files in template_keys().items() if tpl not in dynamic_names()
    }
    assert unknown == {}, (
        f"template keys this test cannot expand, add them to dynamic_names(): {unknown}"
    )


def test_every_key_built_from_a_prefix_exists_in_english_for_every_name():
    names = english()
    table = dynamic_names()
    assert all(table[tpl] for tpl in ("act.${type}", "step.call.${kind}", "log.${event.type}"))
    missing: dict[str, list[str]] = {}
    for tpl in template_keys():
        values = table.get(tpl)
        if not values:
            continue
        keys = [re.sub(r"\$\{[^}]*\}", value, tpl, count=1) for value in values]
        lacking = [key for key in keys if key not in names]
        if lacking:
            missing[tpl] = lacking
    assert missing == {}, f"keys built by the page but missing from en.json: {missing}"


def test_the_portuguese_placement_says_before_the_first_turn():
    # R3.1: the cards are placed before the first turn, not "before the first time".
    intro = catalogue("pt")["place.intro"]
    assert intro.startswith("Antes do primeiro turno"), intro
    assert "primeira vez" not in intro
