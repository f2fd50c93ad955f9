"""The analysis of a game reads every hidden card of it, so only a finished game is
analysed: a game being placed or played is refused with the same answer whoever asks
(a seat with its token too), nothing is stored or judged for it, and the answer names
no card. Bogus game ids, tokens in the URL, oversized bodies and a flood of requests
get clear errors, never a server error."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select

from outlaws.engine import CHARACTERS
from outlaws.server.db.schema import analyses
from tests.server.analysis.analysiskit import analysing, short_record, workers_watched
from tests.server.serverkit import auth, create_bot_game, create_placing_friend_game


def _analyses_stored(path: Path) -> int:
    engine = create_engine(f"sqlite:///{path / 'outlaws.db'}")
    try:
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(analyses)).scalar_one())
    finally:
        engine.dispose()


def test_a_game_in_progress_is_not_analysed_and_its_cards_stay_hidden(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with analysing(tmp_path) as client:
        playing = create_bot_game(client)
        placing = create_placing_friend_game(client)
        answers = []
        with workers_watched(client) as judged:
            for game, token in ((playing["game"], playing["token"]), (placing["game"], None)):
                for headers in ({}, auth(token)):
                    answers.append(client.post(f"/games/{game}/analysis", headers=headers))
                    answers.append(client.get(f"/games/{game}/analysis", headers=headers))
        assert judged == []
    for answer in answers:
        assert answer.status_code == 409
        body = answer.json()
        assert set(body) == {"error"} and body["error"]["code"] == "not_finished"
        assert not [name for name in CHARACTERS if name in answer.text.lower()]
    # One answer whoever asks: a seat's token tells nothing more than none.
    assert len({answer.text.strip() for answer in answers}) == 1
    assert _analyses_stored(tmp_path) == 0
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/games/" + "x" * 5000 + "/analysis", "unknown_game"),
        ("/games/%00/analysis", "unknown_game"),
        ("/games/é✓/analysis", "unknown_game"),
        ("/games//analysis", "not_found"),
        ("/games/a/b/analysis", "not_found"),
    ],
)
def test_bogus_game_ids_are_unknown_games(tmp_path: Path, path: str, code: str) -> None:
    with analysing(tmp_path) as client:
        for answer in (client.post(path), client.get(path)):
            assert answer.status_code == 404, answer.text
            assert answer.json()["error"]["code"] == code
            assert len(answer.text.strip()) < 300  # a long id is not echoed back whole


def test_bad_requests_get_clear_errors(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with analysing(tmp_path) as client:
        game = client.post("/imports", json=short_record()).json()["game"]
        path = f"/games/{game}/analysis"
        in_url = client.get(f"{path}?token=secret")
        assert in_url.status_code == 400 and in_url.json()["error"]["code"] == "token_in_url"
        huge = client.post(path, content=b"{" * (2 * 1024 * 1024))
        assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
        assert client.put(path).json()["error"]["code"] == "method_not_allowed"
        # The request has no body: whatever is sent is not read.
        garbage = client.post(path, content=b"\xff{not json", headers={"Content-Type": "text/x"})
        assert garbage.status_code == 202, garbage.text
    assert _analyses_stored(tmp_path) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_flood_of_requests_is_limited(tmp_path: Path) -> None:
    with analysing(tmp_path) as client:
        codes = [client.post("/games/nosuchgame/analysis").status_code for _ in range(12)]
    assert codes[:10] == [404] * 10
    assert codes[10:] == [429, 429]
