"""Attacks with names and messages that deceive: a name that passes for another
(``Ann`` and ``Ann`` with a zero-width space), a name that turns the chat line around, a
message that looks empty, a pile of accents that spills over the lines around. One rule
refuses them wherever a person types something for others to read, by Unicode's
categories; and a name a guest chose is marked as a guest's wherever it is shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.common.test_player_names import DOORS
from tests.server.serverkit import Player, auth, create_friend_game, running

#: Characters that are not shown as what they are, each inside a name that looks like
#: ``Ann`` (or like nothing).
DECEPTIVE = {
    "a right-to-left override": "Ann\u202e",
    "a right-to-left mark": "Ann\u200f",
    "a left-to-right mark": "Ann\u200e",
    "an Arabic letter mark": "Ann\u061c",
    "a zero-width space": "An\u200bn",
    "a zero-width joiner": "An\u200dn",
    "a word joiner": "An\u2060n",
    "a byte order mark": "\ufeffAnn",
    "a soft hyphen": "An\u00adn",
    "tag characters": "Ann\U000e0041\U000e0042",
    "a noncharacter": "Ann\ufdd0",
    "a private-use character": "Ann\ue000",
    "an unassigned code point": "Ann\u0378",
    "a lone Hangul filler": "\u3164",
    "Hangul fillers around": "\u3164Ann\u3164",
    "a blank Braille pattern": "\u2800",
    "a pile of accents": "Ann" + "\u0301" * 8,
    "a line break": "Ann\nBob",
    "a NUL": "Ann\x00",
    "an escape": "Ann\x1b[31m",
}
#: Names and messages of real scripts that the rule must let through.
HONEST = ["Nguyễn Thị Ánh", "김철수", "名前", "Zoë", "Ἀθηνᾶ", "❤️ gg", "👍🏽", "नमस्ते"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with running(tmp_path_factory.mktemp("deceive"), rate_burst=1000.0) as client:
        yield client


def say(client: TestClient, game: str, text: str, **extra: Any) -> Any:
    body = {"room": "spectators", "text": text, "name": "Cleo", **extra}
    return client.post(f"/games/{game}/chat", json=body)


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("trick", DECEPTIVE)
def test_a_name_that_is_not_shown_as_written_is_refused_at_every_door(
    client: TestClient, door: str, trick: str
) -> None:
    send, code = DOORS[door]
    answer = send(client, DECEPTIVE[trick])
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == code
    assert answer.json()["error"]["field"] == "name"


def test_a_message_that_deceives_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    game, tokens = create_friend_game(client)
    tricks = [*DECEPTIVE.values(), "\u200b", "gg" + "\u0301" * 199, "\u200f\u200e\u2060"]
    for text in tricks:
        as_player = {"room": "players", "text": text}
        for answer in (
            say(client, game, text),
            client.post(f"/games/{game}/chat", json=as_player, headers=auth(tokens[0])),
        ):
            assert answer.status_code == 422, (repr(text), answer.text)
            error = answer.json()["error"]
            assert (error["code"], error["field"]) == ("bad_chat", "text"), error
    assert client.get(f"/games/{game}/chat").json()["messages"] == []


def test_names_and_messages_of_real_scripts_still_pass(client: TestClient) -> None:
    game, _ = create_friend_game(client)
    for text in HONEST:
        made = client.post("/games", json={"opponent": "friend", "name": text})
        assert made.status_code == 201, (text, made.text)
    # Four messages, each written under a name (an address writes 5 in a row at most).
    for name, text in zip(HONEST[:4], HONEST[4:], strict=True):
        assert say(client, game, text, name=name).is_success, (name, text)


def test_an_account_name_of_blank_letters_is_refused(client: TestClient) -> None:
    for name in ("\u3164\u3164\u3164", "Ann\u3164", "An\u200bn"):
        answer = client.post("/account", json={"name": name, "password": "long enough!"})
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_name"


def test_a_guest_is_marked_as_one_in_chat_and_at_the_table(tmp_path: Path) -> None:
    """A guest may call themself ``Ann`` (or ``Cleo``); the page then says ``Ann
    (guest)``, told apart from the account ``Ann``, because the server says who is a
    guest: at the table, and in the spectators' chat."""
    with running(tmp_path) as client:
        ann = Player(client, "Ann", "correct horse battery")
        made = client.post("/games", json={"opponent": "friend"}, headers=ann.headers())
        game, invite = made.json()["game"], made.json()["invite"]
        client.post(f"/invites/{invite}", json={"name": "Ann"})  # a guest, also "Ann"
        players = client.get(f"/games/{game}").json()["players"]
        seat = made.json()["seat"]
        assert [p["guest"] for p in players] == [seat != 0, seat != 1]
        assert say(client, game, "hi", name="Cleo").json()["guest"] is True
        cleo = Player(client, "Cleo", "correct horse battery")
        signed = client.post(
            f"/games/{game}/chat", json={"room": "spectators", "text": "hi"}, headers=cleo.headers()
        )
        assert signed.json()["guest"] is False and signed.json()["author"] == "Cleo"
        assert [m["guest"] for m in client.get(f"/games/{game}/chat").json()["messages"]] == [
            True,
            False,
        ]
