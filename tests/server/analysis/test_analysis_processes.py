"""An analysis computed once by several server processes on one database: the process
that claims it judges every decision, a poll reaching another keeps it going, a claim
its process stopped renewing (it died) is taken over, after which the old process can
store nothing, and a process that stops lets its analyses go for the next to resume."""

from __future__ import annotations

from pathlib import Path

from outlaws.analysis import analyse
from outlaws.engine import Record
from outlaws.server.analysis import store
from outlaws.server.analysis.jobs import SEED
from outlaws.server.db.storage import Storage
from outlaws.server.games.records import imported
from tests.server.analysis.analysiskit import (
    TINY,
    analysing,
    follow,
    follow_until,
    short_record,
    two_analysing_servers,
    until_done,
    workers_watched,
)


def test_one_process_judges_the_analysis_while_the_other_shows_it(tmp_path: Path) -> None:
    record = short_record()
    with two_analysing_servers(tmp_path, analysis_idle=0.8) as (a, b):
        game = a.post("/imports", json=record).json()["game"]
        with workers_watched(a, delay=0.1) as judged_by_a, workers_watched(b) as judged_by_b:
            assert a.post(f"/games/{game}/analysis").status_code == 202
            # Asked again through the other process: it leaves the work to the first.
            assert b.post(f"/games/{game}/analysis").json()["status"] in ("queued", "running")
            # Followed through the other process only: the first goes on to the end.
            body = until_done(b, game)
        assert judged_by_b == []
        assert sorted(judged_by_a) == [d["ply"] for d in body["analysis"]["decisions"]]
        assert follow(a, game) == body
    assert body["analysis"] == analyse(Record.from_json(record), SEED, TINY)


def test_a_claim_not_renewed_within_the_lease_is_taken_over(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'outlaws.db'}")
    try:
        storage.migrate()
        _, row = imported(short_record(), 0.0)
        game, lease, fresh = row.id, 5.0, (SEED, TINY, 12)
        with storage.engine.begin() as conn:
            Storage.insert_game(conn, row)
            assert store.claim(conn, game, "a", 0.0, lease, fresh)
            assert store.store_decision(conn, game, "a", 0, '{"ply": 0}', 1.0)
            # Process a renews its claim; b may not take it while it is fresh.
            assert store.renew(conn, "a", [game], 3.0) == {game: 0.0}
            assert not store.claim(conn, game, "b", 7.0, lease, fresh)
            # a stops renewing (it died): its analysis shows as stopped, and b takes it.
            found = store.analysis_of(conn, game)
            assert found is not None and found.shown(9.0, lease) == "stopped"
            assert store.claim(conn, game, "b", 9.0, lease, fresh)
            # a, still alive after all, stores nothing more, and loses its claim.
            assert not store.store_decision(conn, game, "a", 1, '{"ply": 1}', 9.5)
            assert store.renew(conn, "a", [game], 9.5) == {}
            assert store.plies_of(conn, game) == {0}
            assert store.store_decision(conn, game, "b", 1, '{"ply": 1}', 10.0)
            store.release(conn, "b", {game: "done"}, 11.0)
            # Done: nobody claims it again.
            assert not store.claim(conn, game, "c", 99.0, lease, fresh)
    finally:
        storage.dispose()


def test_a_server_stopping_mid_analysis_stores_it_stopped_for_the_next_to_resume(
    tmp_path: Path,
) -> None:
    record = short_record()
    with analysing(tmp_path) as client:
        game = client.post("/imports", json=record).json()["game"]
        with workers_watched(client, delay=0.2):
            client.post(f"/games/{game}/analysis")
            follow_until(client, game, lambda body: body["done"] > 0)
    stopped = _row(tmp_path, game)
    assert stopped is not None and stopped.status == "stopped" and stopped.server is None
    with analysing(tmp_path) as client:
        assert follow(client, game)["status"] == "stopped"
        assert client.post(f"/games/{game}/analysis").status_code == 202
        body = until_done(client, game)
    assert body["analysis"] == analyse(Record.from_json(record), SEED, TINY)


def _row(path: Path, game: str) -> store.AnalysisRow | None:
    storage = Storage(f"sqlite:///{path / 'outlaws.db'}")
    try:
        with storage.engine.connect() as conn:
            return store.analysis_of(conn, game)
    finally:
        storage.dispose()
