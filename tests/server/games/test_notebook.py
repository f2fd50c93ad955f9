"""The notebook (``GET /games/{id}/notebook``): a seat's deductions on its opponent's
hidden cards, which must be exactly what that seat's own view allows (a fresh
:class:`~outlaws.deduce.Belief` of the engine's view, computed here independently from
the stored record), never more; and it refuses whoever holds no seat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from outlaws.deduce import Belief, token_marginals
from outlaws.engine import CHARACTERS, TOKENS, View, seat_view
from tests.server.serverkit import (
    PLACEMENT,
    STREET,
    auth,
    create_friend_game,
    create_placing_friend_game,
    http_game,
    join,
    legal_of,
    place,
    play_http,
    running,
    stored_record,
)


def notebook(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/games/{game_id}/notebook", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def engine_view(path: Path, game_id: str, seat: int) -> View:
    """The engine's view for ``seat`` of the stored game, replayed from the database."""
    return seat_view(stored_record(path, game_id).replay(), seat)


def check_against_engine(body: dict[str, Any], view: View) -> None:
    """``body`` is the notebook of ``view``'s seat: the same probabilities as a fresh
    belief of that view, a distribution on every column, every character and every
    filled slot, and no name where the view rules it out."""
    seat = view.viewer
    assert seat is not None
    opponent = 1 - seat
    assert body["seat"] == seat and body["events"] == len(view.log)
    belief = Belief(view)
    marginals = belief.marginals()
    saloon = set(view.seats[opponent].saloon)
    assert body["saloon"] == list(view.seats[opponent].saloon)
    assert body["arrangements"] == belief.arrangements()
    assert [c["col"] for c in body["columns"]] == list(range(1, 9))
    for column in body["columns"]:
        col, p = column["col"], column["p"]
        # Names the seat cannot place there never appear; the others all do.
        expected = {name for i, name in enumerate(CHARACTERS) if marginals[col - 1, i] > 0}
        assert set(p) == expected
        assert not saloon & set(p)
        assert sum(p.values()) == pytest.approx(1.0)
        for name, prob in p.items():
            assert prob == pytest.approx(marginals[col - 1, CHARACTERS.index(name)], abs=1e-11)
            assert 0.0 <= prob <= 1.0
    for name in CHARACTERS:
        total = sum(column["p"].get(name, 0.0) for column in body["columns"])
        assert total == pytest.approx(0.0 if name in saloon else 1.0)
        best = body["most_likely"][name]
        if name in saloon:
            assert best is None
        else:
            col, prob = best
            assert prob == pytest.approx(max(c["p"].get(name, 0.0) for c in body["columns"]))
            assert body["columns"][col - 1]["p"][name] == pytest.approx(prob)
    tokens = token_marginals(view)
    for slot in body["tokens"]:
        row = tokens[slot["col"] - 1]
        assert set(slot["p"]) == {name for j, name in enumerate(TOKENS) if row[j] > 0}
        if slot["col"] <= view.filled:
            assert sum(slot["p"].values()) == pytest.approx(1.0)
        else:
            assert slot["p"] == {}
    # Where each opponent card was last shown: the view's own log.
    seen: dict[str, Any] = dict.fromkeys(CHARACTERS)
    for event in view.log:
        if event.type in ("reveal", "headline") and event.seat == opponent:
            seen[event["card"]] = {"col": event["col"], "turn": event.turn}
    assert body["last_seen"] == seen


def test_the_notebook_is_what_the_seat_can_deduce(tmp_path: Path) -> None:
    rng = random.Random(7)
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        # At the deal: nothing seen, every arrangement possible.
        for seat in (0, 1):
            body = notebook(client, game_id, tokens[seat])
            assert body["arrangements"] == 40320 and body["actions"] == 0
            assert all(seen is None for seen in body["last_seen"].values())
            check_against_engine(body, engine_view(tmp_path, game_id, seat))
        # Asked again and again as the game goes on (the server's belief reads only the
        # new events each time): always the same as a fresh belief of the seat's view.
        for _ in range(6):
            if play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=8) == 0:
                break
            for seat in (0, 1):
                body = notebook(client, game_id, tokens[seat])
                view = engine_view(tmp_path, game_id, seat)
                assert body["actions"] == len(stored_record(tmp_path, game_id).actions)
                check_against_engine(body, view)
        # The Bearer header works as the query parameter does, and gives the same answer.
        by_header = client.get(
            f"/games/{game_id}/notebook", headers={"Authorization": f"Bearer {tokens[1]}"}
        )
        assert by_header.status_code == 200 and by_header.json() == notebook(
            client, game_id, tokens[1]
        )


def test_a_revealed_card_is_certain_where_it_was_shown(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        actor = http_game(client, game_id)["view"]["to_act"]
        game = http_game(client, game_id, tokens[actor])
        look = next(a for a in legal_of(game) or [] if a["type"] == "look")
        card = game["view"]["seats"][actor]["street"][look["col"] - 1]
        before = notebook(client, game_id, tokens[1 - actor])
        assert before["columns"][look["col"] - 1]["p"].get(card, 0.0) < 1.0
        response = client.post(f"/games/{game_id}/actions", headers=auth(tokens[actor]), json=look)
        assert response.status_code == 200, response.text
        # The other seat saw the card the looker showed (R5.3): it is certain there.
        body = notebook(client, game_id, tokens[1 - actor])
        assert body["columns"][look["col"] - 1]["p"] == {card: 1.0}
        assert body["most_likely"][card] == [look["col"], 1.0]
        assert body["last_seen"][card] == {"col": look["col"], "turn": 1}
        assert body["arrangements"] == 5040
        for column in body["columns"]:
            if column["col"] != look["col"]:
                assert card not in column["p"]
        check_against_engine(body, engine_view(tmp_path, game_id, 1 - actor))
        # The looker's own notebook did not learn anything from its own reveal.
        mine = notebook(client, game_id, tokens[actor])
        assert mine["arrangements"] == 40320
        check_against_engine(mine, engine_view(tmp_path, game_id, actor))


def test_only_a_seat_has_a_notebook(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        url = f"/games/{game_id}/notebook"
        for response, status, code in (
            (client.get(url), 401, "no_token"),
            (client.get(url, headers=auth("forged")), 403, "bad_token"),
            (client.get(url, headers={"Authorization": "Bearer forged"}), 403, "bad_token"),
            (
                client.get("/games/no-such-game/notebook", headers=auth(tokens[0])),
                404,
                "unknown_game",
            ),
        ):
            assert response.status_code == status, response.text
            assert response.json()["error"]["code"] == code
        # A token of another game holds no seat here.
        _, other_tokens = create_friend_game(client)
        wrong = client.get(url, headers=auth(other_tokens[0]))
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
        assert "/games/{game_id}/notebook" in client.get("/openapi.json").json()["paths"]


def test_a_finished_game_has_its_notebook_too(tmp_path: Path) -> None:
    rng = random.Random(11)
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=1, turn_limit=6)
        play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=10_000)
        game = http_game(client, game_id, tokens[0])
        assert game["status"] == "over"
        for seat in (0, 1):
            body = notebook(client, game_id, tokens[seat])
            view = engine_view(tmp_path, game_id, seat)
            assert view.over
            check_against_engine(body, view)
            # Once the game is over every card is face up: nothing is left to guess.
            assert body["arrangements"] == 1
            assert all(max(c["p"].values()) == 1.0 for c in body["columns"])
        first = notebook(client, game_id, tokens[0])
    # After a restart the game is replayed from the database: the same notebook.
    with running(tmp_path) as client:
        assert notebook(client, game_id, tokens[0]) == first


def test_a_resigned_game_keeps_its_secrets(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        resigned = client.post(f"/games/{game_id}/resign", headers=auth(tokens[0]))
        assert resigned.status_code == 200, resigned.text
        # A resignation is not an engine event: the cards stay hidden.
        body = notebook(client, game_id, tokens[1])
        assert body["arrangements"] == 40320
        check_against_engine(body, engine_view(tmp_path, game_id, 1))


# -- the exposure: what the opponent can deduce of the seat's own cards ----------------
def check_exposure(body: dict[str, Any], view: View) -> None:
    """``body["exposure"]`` is an exposure belief of ``view`` (public facts only): the
    opponent's odds for each of the seat's columns, and the Governor's column once each
    card is shown."""
    seat = view.viewer
    assert seat is not None
    exposure = Belief(view, about=seat)
    marginals = exposure.marginals()
    street = view.seats[seat].street
    governor = street.index("governor") + 1
    assert [row["col"] for row in body["exposure"]] == list(range(1, 9))
    for row, card in zip(body["exposure"], street, strict=True):
        col = row["col"]
        expected = {
            n: marginals[col - 1, i] for i, n in enumerate(CHARACTERS) if marginals[col - 1, i] > 0
        }
        assert set(row["p"]) == set(expected)
        for name, prob in row["p"].items():
            assert prob == pytest.approx(expected[name], abs=1e-11)
        # The truth is always among the opponent's possible worlds.
        assert card in row["p"]
        shown = exposure.probability((col, str(card)))
        both = exposure.probability((governor, "governor"), (col, str(card)))
        assert row["governor_if_shown"] == pytest.approx(both / shown, abs=1e-11)


def test_the_exposure_is_what_the_opponent_deduces(tmp_path: Path) -> None:
    rng = random.Random(5)
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client, seat=0)
        for _ in range(5):
            if play_http(client, game_id, {0: tokens[0], 1: tokens[1]}, rng, steps=7) == 0:
                break
            bodies = [notebook(client, game_id, tokens[seat]) for seat in (0, 1)]
            for seat in (0, 1):
                check_exposure(bodies[seat], engine_view(tmp_path, game_id, seat))
                # A seat's exposure is, exactly, the other seat's notebook of its cards.
                theirs = bodies[1 - seat]["columns"]
                for mine, guess in zip(bodies[seat]["exposure"], theirs, strict=True):
                    assert mine["p"] == pytest.approx(guess["p"], abs=1e-11)


def test_a_governor_shown_by_a_look_is_certain_to_the_opponent(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create_placing_friend_game(client, seat=0)
        tokens = [made["token"], join(client, made["invite"])]
        for seat in (0, 1):
            assert place(client, made["game"], tokens[seat], PLACEMENT).status_code == 200
        game_id = made["game"]
        actor = http_game(client, game_id)["view"]["to_act"]
        governor = STREET.index("governor") + 1  # column 3; the Bandit stands at 4
        before = notebook(client, game_id, tokens[actor])["exposure"]
        assert before[governor - 1]["p"]["governor"] == pytest.approx(1 / 8)
        assert before[0]["governor_if_shown"] == pytest.approx(1 / 7)

        def act(action: dict[str, Any]) -> dict[str, Any]:
            response = client.post(
                f"/games/{game_id}/actions", headers=auth(tokens[actor]), json=action
            )
            assert response.status_code == 200, response.text
            return notebook(client, game_id, tokens[actor])

        # R5.3: the Look reveals the Governor: the opponent is certain of his column.
        body = act({"type": "look", "col": governor})
        assert body["exposure"][governor - 1]["p"] == {"governor": 1.0}
        assert all(row["governor_if_shown"] == 1.0 for row in body["exposure"])
        assert notebook(client, game_id, tokens[1 - actor])["columns"][governor - 1]["p"] == {
            "governor": 1.0
        }
        check_exposure(body, engine_view(tmp_path, game_id, actor))
        # A swap with column 4 (real or not: the opponent cannot tell, R5.1): the Governor
        # is at 3 or 4, even odds; showing the card at 3 (the Bandit now) gives him away:
        # it says the swap was real.
        body = act({"type": "move", "a": governor, "b": governor + 1, "swap": True})
        exposure = body["exposure"]
        assert exposure[governor]["p"]["governor"] == pytest.approx(0.5)
        assert exposure[governor - 1]["p"]["governor"] == pytest.approx(0.5)
        assert exposure[governor - 1]["governor_if_shown"] == 1.0
        assert exposure[governor]["governor_if_shown"] == 1.0
        assert exposure[0]["governor_if_shown"] == pytest.approx(0.5)
        check_exposure(body, engine_view(tmp_path, game_id, actor))
