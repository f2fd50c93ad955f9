"""The message catalogues of the browser table (src/outlaws/web/i18n): every key the code
names is in English, the other languages hold only known keys with the same
placeholders, and every event type of docs/events.md is written in words.

The first two read files only; the last one opens imported records' replays in Chromium.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "outlaws" / "web"
RECORDS = ROOT / "tests" / "records"
LANGUAGES = ("en", "pt", "it", "ja")


def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


CHARACTERS = words("governor hitman sheriff indian storekeep dancer reporter bandit reverend mayor")
TOKENS = words("bullet handcuffs vote bogus election")
ACTION_TYPES = words(
    "move saloon look take hitman sheriff indian storekeep dancer reporter bandit reverend"
)
#: Together these records hold every event type of docs/events.md.
EVENT_RECORDS = (
    "mayor", "bandit", "intercept_cancelled", "reverend_free", "sudden_death",
    "turn_limit", "dancer", "intercept_ugly", "saloon",
)  # fmt: skip


def catalogue(lang: str) -> dict[str, str]:
    path = WEB / "i18n" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def keys_named_by_the_code() -> set[str]:
    """Every literal key of a t("...") / tn("...") call and of a data-i18n attribute, and
    the keys built from names (cards, tokens, action types, events, error codes)."""
    keys: set[str] = set()
    plural: set[str] = set()
    for path in WEB.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\bt\(\s*\"([a-zA-Z0-9_.]+)\"", text))
        plural |= set(re.findall(r"\btn\(\s*\"([a-zA-Z0-9_.]+)\"", text))
        # a (condition ? "key.a" : "key.b") argument of t()
        for a, b in re.findall(r"\bt\(\s*[^()\"]*\?\s*\"([\w.]+)\"\s*:\s*\"([\w.]+)\"", text):
            keys |= {a, b}
    html = (WEB / "index.html").read_text(encoding="utf-8")
    keys |= set(re.findall(r"data-i18n(?:-[a-z-]+)?=\"([\w.]+)\"", html))
    for key in plural:
        keys |= {f"{key}.one", f"{key}.other"}
    keys |= {f"card.{c}" for c in CHARACTERS} | {f"card.short.{c}" for c in CHARACTERS}
    keys |= {f"token.{t}" for t in TOKENS}
    stash = ("bullet", "handcuffs", "vote", "election", "headline")
    keys |= {f"stash.{k}.{n}" for k in stash for n in ("one", "other")}
    keys |= {f"act.{t}" for t in ACTION_TYPES} | {f"act.help.{t}" for t in ACTION_TYPES}
    keys |= {f"react.{t}" for t in ("intercept", "cancel", "pass")}
    keys |= {f"prompt.{r}.{part}" for r in ("intercept", "cancel") for part in ("title", "text")}
    keys |= {f"how.{h}" for h in ("good", "bad", "ugly", "limit", "resign", "timeout")}
    keys |= {f"how.short.{h}" for h in ("good", "bad", "ugly")}
    keys |= {f"lang.{code}" for code in LANGUAGES}
    keys |= {f"step.call.{k}" for k in ("take", "sheriff", "reporter", "bandit")}
    events = words(
        "turn move saloon reveal hitman sheriff indian storekeep dancer reporter headline "
        "bandit steal reverend freed intercept cancel pass immobilized recovered win"
    )
    keys |= {f"log.{t}" for t in events}
    codes = words(
        "unknown_game unknown_invite not_found bad_token no_token not_a_seat malformed_json "
        "bad_message bad_action invalid bad_record illegal_action not_your_turn not_started "
        "game_over not_playable not_finished too_large rate_limited storage network http"
    )
    keys |= {f"error.{code}" for code in codes}
    return keys


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_every_key_the_code_names_is_in_the_english_catalogue() -> None:
    english = catalogue("en")
    missing = sorted(keys_named_by_the_code() - set(english))
    assert missing == [], f"keys missing from en.json: {missing}"
    assert all(isinstance(v, str) and v for v in english.values())


def test_the_other_catalogues_hold_known_keys_with_the_same_placeholders() -> None:
    english = catalogue("en")
    for lang in LANGUAGES[1:]:
        own = catalogue(lang)
        unknown = sorted(set(own) - set(english))
        assert unknown == [], f"{lang}.json: keys that en.json does not have: {unknown}"
        for key, text in own.items():
            assert isinstance(text, str), (lang, key)
            assert placeholders(text) == placeholders(english[key]), (lang, key, text)


def test_every_event_type_is_written_in_words(page: Page, api: httpx.Client) -> None:
    seen: set[str] = set()
    for name in EVENT_RECORDS:
        record: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
        made = api.post("/imports", json=record)
        assert made.status_code == 201, made.text
        game = made.json()["game"]
        steps = api.get(f"/games/{game}/replay").json()["steps"]
        count = sum(len(step["events"]) for step in steps)
        page.goto(f"/#/replay/{game}")
        lines = page.locator('[data-testid="replay-log"] li')
        # One line an event, but for a reveal said by its own action's line (log.js).
        expect(lines).not_to_have_count(0)
        reveals = sum(e["type"] == "reveal" for step in steps for e in step["events"])
        assert count - reveals <= lines.count() <= count, (name, lines.count(), count)
        for i, text in enumerate(lines.all_inner_texts()):
            assert "{" not in text and not re.search(r"\b(log|card|token|how)\.\w", text), (
                name,
                i,
                text,
            )
        seen |= {str(t) for t in lines.evaluate_all("els => els.map(e => e.dataset.type)")}
    assert {"win", "limit", "sudden_death", "intercept", "cancel", "freed", "steal"} <= seen
