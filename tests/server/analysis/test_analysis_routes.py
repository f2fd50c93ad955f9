"""The analysis of a finished game over HTTP: asked for once, judged in the server's
workers decision by decision, shown as it comes, stored, stopped when nobody follows it
and resumed when asked again; the same analysis `outlaws analyse` computes in one
process."""

from __future__ import annotations

import time
from pathlib import Path

from outlaws.analysis import analyse
from outlaws.bots import make_bot, play_game
from outlaws.engine import Record, State, record_of
from outlaws.server.analysis.jobs import SEED
from tests.server.analysis.analysiskit import (
    TINY,
    analysing,
    finished_bot_game,
    follow,
    follow_until,
    short_record,
    until_done,
    workers_watched,
)
from tests.server.serverkit import create_friend_game, stored_record


def test_a_finished_bot_game_is_analysed_as_in_one_process(tmp_path: Path) -> None:
    with analysing(tmp_path) as client:
        game = finished_bot_game(client)
        assert follow(client, game) == {
            "game": game, "status": "none", "done": 0, "total": 0, "analysis": None
        }  # fmt: skip
        asked = client.post(f"/games/{game}/analysis")
        assert asked.status_code == 202, asked.text
        assert asked.json()["status"] in ("queued", "running")
        body = until_done(client, game)
    expected = analyse(stored_record(tmp_path, game), SEED, TINY)
    assert body["done"] == body["total"] == len(expected["decisions"]) > 0
    assert body["analysis"] == expected


def test_a_done_analysis_is_stored_and_never_judged_again(tmp_path: Path) -> None:
    with analysing(tmp_path) as client:
        game = finished_bot_game(client)
        with workers_watched(client) as asked:
            client.post(f"/games/{game}/analysis")
            first = until_done(client, game)
        assert sorted(asked) == [d["ply"] for d in first["analysis"]["decisions"]]
        with workers_watched(client) as again:
            second = client.post(f"/games/{game}/analysis")
            assert second.status_code == 200, second.text
            assert second.json() == first
        assert again == []
    # Stored: a new server on the same database shows it without judging anything.
    with analysing(tmp_path) as client, workers_watched(client) as asked:
        assert client.post(f"/games/{game}/analysis").json() == first
        assert asked == []


def test_the_progress_shows_each_decision_as_it_is_judged(tmp_path: Path) -> None:
    with analysing(tmp_path) as client:
        game = finished_bot_game(client)
        with workers_watched(client, delay=0.2):
            client.post(f"/games/{game}/analysis")
            partial = follow_until(client, game, lambda body: 0 < body["done"] < body["total"])
            assert partial["status"] == "running"
            final = until_done(client, game)
    shown = partial["analysis"]["decisions"]
    assert len(shown) == partial["done"]
    by_ply = {d["ply"]: d for d in final["analysis"]["decisions"]}
    assert all(d == by_ply[d["ply"]] for d in shown)
    assert [d["ply"] for d in shown] == sorted(d["ply"] for d in shown)


def test_an_analysis_nobody_follows_stops_and_resumes_when_asked_again(tmp_path: Path) -> None:
    with analysing(tmp_path, analysis_idle=0.4) as client:
        game = finished_bot_game(client)
        with workers_watched(client, delay=0.2) as asked:
            client.post(f"/games/{game}/analysis")
            time.sleep(2.0)  # nobody asks how it goes
            stopped = follow(client, game)
            assert stopped["status"] == "stopped"
            assert 0 < stopped["done"] < stopped["total"]
            time.sleep(0.6)  # asking how it goes does not start it again
            assert follow(client, game)["done"] == stopped["done"]
            resumed = client.post(f"/games/{game}/analysis")
            assert resumed.status_code == 202 and resumed.json()["status"] in ("queued", "running")
            final = until_done(client, game)
        # Each decision judged once: those stored before the stop were not judged again.
        assert sorted(asked) == [d["ply"] for d in final["analysis"]["decisions"]]
    assert final["analysis"] == analyse(stored_record(tmp_path, game), SEED, TINY)


def test_only_a_finished_game_is_analysed(tmp_path: Path) -> None:
    with analysing(tmp_path) as client:
        game, _ = create_friend_game(client)
        for answer in (
            client.post(f"/games/{game}/analysis"),
            client.get(f"/games/{game}/analysis"),
        ):
            assert answer.status_code == 409
            assert answer.json()["error"]["code"] == "not_finished"
        for answer in (
            client.post("/games/nosuchgame/analysis"),
            client.get("/games/nosuchgame/analysis"),
        ):
            assert answer.status_code == 404
            assert answer.json()["error"]["code"] == "unknown_game"


def test_an_imported_record_is_analysed(tmp_path: Path) -> None:
    record = short_record()
    with analysing(tmp_path) as client:
        imported = client.post("/imports", json=record)
        assert imported.status_code == 201, imported.text
        game = imported.json()["game"]
        assert client.post(f"/games/{game}/analysis").status_code == 202
        body = until_done(client, game)
    assert body["analysis"] == analyse(Record.from_json(record), SEED, TINY)


def test_an_answer_to_the_opponent_is_judged_in_the_workers_too(tmp_path: Path) -> None:
    """Game 38 of two heuristic bots: at action 7 a Reverend may cancel an arrest
    (R6.9.2, R8.5). The worker judges that answer from the question that asked it, as
    one process does."""
    state = State.new(seed=38)
    play_game(state, [make_bot("heuristic", seed=1), make_bot("heuristic", seed=38)])
    record = record_of(state).to_json()
    with analysing(tmp_path) as client:
        game = client.post("/imports", json=record).json()["game"]
        assert client.post(f"/games/{game}/analysis").status_code == 202
        body = until_done(client, game)
    answer = next(d for d in body["analysis"]["decisions"] if d["ply"] == 7)
    assert {option["action"]["type"] for option in answer["options"]} == {"cancel", "pass"}
    assert body["analysis"] == analyse(Record.from_json(record), SEED, TINY)


def test_the_openapi_document_describes_the_analysis(tmp_path: Path) -> None:
    with analysing(tmp_path) as client:
        spec = client.get("/openapi.json").json()
    paths = spec["paths"]["/games/{game_id}/analysis"]
    assert set(paths) == {"get", "post"}
    assert paths["post"]["tags"] == ["analysis"]
    progress = spec["components"]["schemas"]["AnalysisProgress"]
    assert set(progress["properties"]) == {"game", "status", "done", "total", "analysis"}
