"""A bot read from a file (``learned:PATH``) is for the arena and the terminal, never for
the server: a game request naming one would have the server open a file of its machine
that whoever asks chose."""

from __future__ import annotations

from pathlib import Path

from tests.server.serverkit import running


def test_the_server_refuses_a_bot_read_from_a_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.npz"
    secret.write_bytes(b"not for you")
    with running(tmp_path) as client:
        for spec in (f"learned:{secret}", "learned:/etc/passwd", "learned:"):
            answer = client.post("/games", json={"opponent": "bot", "bot": spec})
            assert answer.status_code == 422, answer.text
            assert "read from a file" in answer.text
            assert "not for you" not in answer.text
        listed = client.get("/bots").json()
        assert not any(spec.startswith("learned") for spec in listed["specs"])
