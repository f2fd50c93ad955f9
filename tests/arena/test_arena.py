"""The arena: schedule, seeds, counts, statistics (Wilson, Elo) and the ``arena`` command."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from outlaws import arena as arena_module
from outlaws.arena import (
    ArenaError,
    GameResult,
    PairResult,
    deal_seed,
    fit_elo,
    parse_bots,
    run_arena,
    schedule,
    tally,
    wilson,
)
from outlaws.bots import registry
from outlaws.bots.placement import bot_placement
from outlaws.cli.main import app
from outlaws.engine import Action, Placement, Record, Setup, State, View

#: Random games are long: a small turn limit keeps the tests fast.
LIMIT = 4
PAIR_KEYS = {"a", "b", "a_wins", "b_wins", "unfinished"}


def deterministic(result_json: dict[str, Any]) -> dict[str, Any]:
    """The parts of a result JSON that must not change between runs of one setting."""
    timing = ("a_ms_per_decision", "b_ms_per_decision")
    return {
        "settings": result_json["settings"],
        "pairs": [{k: v for k, v in p.items() if k not in timing} for p in result_json["pairs"]],
        "elo": result_json["elo"],
    }


class ShooterBot:
    """Random, but fires the Hitman or the Sheriff whenever it can: games end early."""

    name = "shooter"

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        shots = [action for action in legal if action.type in ("hitman", "sheriff")]
        return self.rng.choice(shots or legal)


@pytest.fixture
def shooter() -> Iterator[None]:
    """Register the ``shooter`` test bot for one test (in-process games only)."""
    registry.register("shooter", ShooterBot)
    yield
    registry.unregister("shooter")


# -- shape, counts, reproducibility ---------------------------------------------------------


@pytest.mark.parametrize("jobs", [1, 2])
def test_random_vs_random_shape_and_counts(jobs: int) -> None:
    progress: list[tuple[int, int]] = []
    result = run_arena(
        ["random", "random"],
        games=4,
        seed=5,
        turn_limit=LIMIT,
        jobs=jobs,
        progress=lambda done, total: progress.append((done, total)),
    )
    out = json.loads(result.dumps())
    assert {"pairs", "elo"} <= set(out)
    assert len(out["pairs"]) == 1
    pair = out["pairs"][0]
    assert set(pair) >= PAIR_KEYS
    assert (pair["a"], pair["b"]) == ("random", "random")
    for key in ("a_wins", "b_wins", "unfinished"):
        assert isinstance(pair[key], int) and pair[key] >= 0
    assert pair["a_wins"] + pair["b_wins"] + pair["unfinished"] == pair["games"] == 4
    assert sum(pair["how"].values()) == 4
    assert pair["how"]["limit"] == pair["unfinished"]
    # Who won each kind of ending: each side's wins add up to its wins.
    assert sum(pair["a_wins_by"].values()) == pair["a_wins"]
    assert sum(pair["b_wins_by"].values()) == pair["b_wins"]
    assert set(pair["a_wins_by"]) == {"good", "bad", "ugly"}
    assert pair["a_as_seat0"] == 2
    assert set(out["elo"]) == {"random"}
    assert out["elo"]["random"] == pytest.approx(1000.0)
    assert out["settings"]["turn_limit"] == LIMIT
    assert progress[0] == (0, 4) and progress[-1] == (4, 4)
    assert [done for done, _ in progress] == list(range(5))
    assert len(result.games) == 4
    assert all(game.turns <= LIMIT for game in result.games)
    assert all(game.a_decisions > 0 and game.b_decisions > 0 for game in result.games)


def test_round_robin_of_three() -> None:
    result = run_arena(["random", "random", "random"], games=2, seed=1, turn_limit=2)
    assert [(p.a, p.b, p.games) for p in result.pairs] == [("random", "random", 2)] * 3
    assert len(result.games) == 6
    assert [g.number for g in result.games] == list(range(6))
    assert [g.pair for g in result.games] == [0, 0, 1, 1, 2, 2]


def test_reproducible_and_independent_of_jobs() -> None:
    one = run_arena(["random", "random"], games=4, seed=11, turn_limit=LIMIT, jobs=1)
    again = run_arena(["random", "random"], games=4, seed=11, turn_limit=LIMIT, jobs=1)
    two = run_arena(["random", "random"], games=4, seed=11, turn_limit=LIMIT, jobs=2)
    assert deterministic(one.to_json()) == deterministic(again.to_json())
    assert deterministic(one.to_json()) == deterministic(two.to_json())
    assert [(g.seed, g.winner, g.turns, g.a_decisions) for g in one.games] == [
        (g.seed, g.winner, g.turns, g.a_decisions) for g in two.games
    ]
    other = run_arena(["random", "random"], games=4, seed=12, turn_limit=LIMIT)
    assert [g.seed for g in other.games] != [g.seed for g in one.games]


def test_seats_and_first_seat_alternate() -> None:
    games = schedule(["random", "heuristic"], games=8, seed=3, turn_limit=LIMIT)
    assert [g.a_seat for g in games] == [0, 1] * 4
    assert [g.first for g in games] == [0, 0, 1, 1] * 2
    # The first seat comes from the deal's own seed.
    assert all(Setup.random(g.seed).first == g.first for g in games)
    assert all(State.new(seed=g.seed).to_act == g.first for g in games)
    # Each pair of consecutive games: each bot moves first once, sits in each seat once.
    for k in range(0, 8, 2):
        movers_a = [g.first == g.a_seat for g in games[k : k + 2]]
        assert sorted(movers_a) == [False, True]
    # Every game has its own deal; the bots of one game have their own seeds.
    assert len({g.seed for g in games}) == 8
    assert all(g.a_seed != g.b_seed for g in games)
    # Same game index, same deal, whichever the pair (a pair does not depend on the others).
    three = schedule(["random", "heuristic", "search:1"], games=8, seed=3, turn_limit=LIMIT)
    assert [g.seed for g in three[8:16]] == [g.seed for g in games]
    assert deal_seed(3, 0, 1) == deal_seed(3, 0, 1)
    assert Setup.random(deal_seed(3, 0, 1)).first == 1


def test_played_games_follow_the_schedule(shooter: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots sit where the schedule says, and wins are credited to the right side."""
    finals: list[tuple[int, int | None, str | None, list[str]]] = []
    real_play_game = arena_module.play_game

    def spy(state: State, bots: Sequence[Any]) -> State:
        real_play_game(state, bots)
        finals.append((state.seed, state.winner, state.how, [bot.name for bot in bots]))
        return state

    monkeypatch.setattr(arena_module, "play_game", spy)
    result = run_arena(["shooter", "random"], games=16, seed=3, turn_limit=2)
    assert len(finals) == 16
    pair = result.pairs[0]
    assert pair.a_wins + pair.b_wins + pair.unfinished == 16
    assert pair.finished > 0, "shooters should win some games in two turns"
    first_mover_wins = 0
    for game, (seed, winner, how, names) in zip(result.games, finals, strict=True):
        assert game.seed == seed
        assert names[game.a_seat] == "shooter" and names[1 - game.a_seat] == "random"
        assert game.how == how
        if winner is None:
            assert game.winner is None
        else:
            assert game.winner == ("a" if names[winner] == "shooter" else "b")
            first_mover_wins += winner == game.first
    assert pair.first_mover_wins == first_mover_wins
    assert pair.how["limit"] == pair.unfinished
    if pair.a_wins > pair.b_wins:
        assert result.elo["shooter"] > result.elo["random"]


def test_tally_counts_from_a_side() -> None:
    def game(pair: int, a_seat: int, winner: str | None) -> GameResult:
        how = "limit" if winner is None else "good"
        return GameResult(0, pair, 0, a_seat, 0, 1, winner, how, 5, 0.5, 10, 0.25, 10)

    games = [game(0, 0, "a"), game(0, 1, "a"), game(0, 0, "b"), game(0, 1, None)]
    games += [game(1, 0, "b"), game(2, 1, None)]
    pairs = tally(["x", "y", "z"], games)
    assert [(p.a, p.b) for p in pairs] == [("x", "y"), ("x", "z"), ("y", "z")]
    first = pairs[0]
    assert (first.a_wins, first.b_wins, first.unfinished, first.games) == (2, 1, 1, 4)
    assert first.a_win_rate == pytest.approx(2 / 3)
    assert first.ci95 == wilson(2, 3)
    assert first.a_ms == pytest.approx(50.0) and first.b_ms == pytest.approx(25.0)
    # Seat 0 moved first: only the first game was won by the first mover.
    assert first.first_mover_wins == 1
    assert pairs[2].a_win_rate is None
    assert pairs[2].to_json()["a_win_rate"] is None
    assert PairResult("p", "q").to_json()["how"] == {"good": 0, "bad": 0, "ugly": 0, "limit": 0}


# -- placement (R3.1) ---------------------------------------------------------------------


def spy_on_games(monkeypatch: pytest.MonkeyPatch) -> list[State]:
    """The states of the games the arena plays in-process, kept as they ended."""
    states: list[State] = []
    real_play_game = arena_module.play_game

    def spy(state: State, bots: Sequence[Any]) -> State:
        states.append(state)
        return real_play_game(state, bots)

    monkeypatch.setattr(arena_module, "play_game", spy)
    return states


def test_by_default_both_placements_are_dealt_from_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R3.1 Decision: a game made from a seed alone skips the placement phase, as before."""
    states = spy_on_games(monkeypatch)
    result = run_arena(["random", "heuristic"], games=2, seed=8, turn_limit=2)
    assert [state.setup for state in states] == [Setup.random(g.seed) for g in result.games]
    settings = result.to_json()["settings"]
    assert settings["placement"] == ["random", "random"]
    assert [p.a for p in result.pairs] == ["random"]


def test_bot_placement_each_side_places_its_own_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """R3.1: with ``bot``, each side's cards stand where its bot placed them, and the
    tokens and first seat come from the deal's seed as the schedule wants (R3.2, R3.3)."""
    states = spy_on_games(monkeypatch)
    result = run_arena(["heuristic", "random"], games=4, seed=8, turn_limit=2, placement="bot")
    games = schedule(["heuristic", "random"], 4, 8, 2, ["bot", "bot"])
    assert [p.a for p in result.pairs] == ["heuristic"]  # one mode for all: plain names
    for game, state in zip(games, states, strict=True):
        assert state.setup is not None
        a = bot_placement("heuristic", game.a_placement_seed, game.a_seat)
        b = bot_placement("random", game.b_placement_seed, 1 - game.a_seat)
        assert state.setup.placement(game.a_seat) == a
        assert state.setup.placement(1 - game.a_seat) == b
        assert state.setup == Setup.placed(game.seed, [a, b] if game.a_seat == 0 else [b, a])
        assert state.setup.first == game.first
    assert [g.first for g in games] == [0, 0, 1, 1]


def test_a_bot_placing_against_the_same_bot_placing_uniformly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R3.1: ``bot,random`` pits the bot's placement against a uniform one of the same bot;
    the two entries are named apart, and seats alternate as in every pair."""
    states = spy_on_games(monkeypatch)
    result = run_arena(
        ["heuristic", "heuristic"], games=2, seed=3, turn_limit=2, placement="bot,random"
    )
    assert result.bots == ["heuristic@bot", "heuristic@random"]
    pair = result.pairs[0]
    assert (pair.a, pair.b, pair.games, pair.a_as_seat0) == (
        "heuristic@bot",
        "heuristic@random",
        2,
        1,
    )
    assert set(result.elo) == {"heuristic@bot", "heuristic@random"}
    settings = result.to_json()["settings"]
    assert settings["bots"] == ["heuristic", "heuristic"]
    assert settings["placement"] == ["bot", "random"]
    assert settings["names"] == ["heuristic@bot", "heuristic@random"]
    games = schedule(["heuristic", "heuristic"], 2, 3, 2, ["bot", "random"])
    for game, state in zip(games, states, strict=True):
        assert state.setup is not None
        assert state.setup.placement(game.a_seat) == bot_placement(
            "heuristic", game.a_placement_seed, game.a_seat
        )
        uniform = Placement.random(random.Random(game.b_placement_seed))
        assert state.setup.placement(1 - game.a_seat) == uniform


def test_bad_placement_modes_raise_arena_error() -> None:
    with pytest.raises(ArenaError, match="unknown placement"):
        run_arena(["random", "random"], games=1, placement="sideways")
    with pytest.raises(ArenaError, match="3 placements for 2 bots"):
        run_arena(["random", "random"], games=1, placement="bot,random,bot")


# -- statistics --------------------------------------------------------------------------------


def test_wilson_hand_computed() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.236593, abs=1e-6)
    assert high == pytest.approx(0.763407, abs=1e-6)
    z2 = 1.959963984540054**2
    assert wilson(10, 10) == pytest.approx((10 / (10 + z2), 1.0))
    assert wilson(0, 10) == pytest.approx((0.0, z2 / (10 + z2)))
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(81, 100)
    assert (round(low, 4), round(high, 4)) == (0.7222, 0.8749)


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_wilson_properties(n: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(min_value=0, max_value=n))
    low, high = wilson(wins, n)
    assert 0.0 <= low <= wins / n <= high <= 1.0
    mirror_low, mirror_high = wilson(n - wins, n)
    assert low == pytest.approx(1 - mirror_high, abs=1e-12)
    assert high == pytest.approx(1 - mirror_low, abs=1e-12)


def test_elo_symmetric_results_give_equal_ratings() -> None:
    wins = {("A", "B"): 5, ("B", "A"): 5, ("B", "C"): 3, ("C", "B"): 3}
    wins |= {("A", "C"): 2, ("C", "A"): 2}
    ratings = fit_elo(["A", "B", "C"], wins)
    assert ratings == pytest.approx({"A": 1500.0, "B": 1500.0, "C": 1500.0})
    ratings = fit_elo(["random", "B"], {("random", "B"): 4, ("B", "random"): 4})
    assert ratings == pytest.approx({"random": 1000.0, "B": 1000.0})


def test_elo_two_players_hand_computed() -> None:
    gap = 400 * math.log10(3)  # 3 wins to 1: odds 3
    ratings = fit_elo(["A", "B"], {("A", "B"): 3, ("B", "A"): 1})
    assert ratings["A"] - ratings["B"] == pytest.approx(gap)
    assert (ratings["A"] + ratings["B"]) / 2 == pytest.approx(1500.0)
    anchored = fit_elo(["A", "random"], {("A", "random"): 3, ("random", "A"): 1})
    assert anchored == pytest.approx({"A": 1000.0 + gap, "random": 1000.0})


def test_elo_three_players_exact_strengths() -> None:
    # Strengths 1 : 2 : 4 and the exactly expected results: the fit recovers them.
    wins = {("A", "B"): 1, ("B", "A"): 2, ("A", "C"): 1, ("C", "A"): 4}
    wins |= {("B", "C"): 1, ("C", "B"): 2}
    ratings = fit_elo(["A", "B", "C"], wins)
    step = 400 * math.log10(2)
    assert ratings["B"] - ratings["A"] == pytest.approx(step)
    assert ratings["C"] - ratings["B"] == pytest.approx(step)
    assert sum(ratings.values()) / 3 == pytest.approx(1500.0)
    assert sorted(ratings, key=ratings.__getitem__) == ["A", "B", "C"]


def test_elo_without_a_finite_fit_stays_finite_and_ordered() -> None:
    # C won every game, A lost every game: the prior keeps the ratings finite.
    wins = {("C", "B"): 4, ("C", "A"): 4, ("B", "A"): 3, ("A", "B"): 1}
    ratings = fit_elo(["A", "B", "C"], wins)
    assert all(math.isfinite(r) for r in ratings.values())
    assert ratings["C"] > ratings["B"] > ratings["A"]
    # No games at all, and games against oneself: no information, equal ratings.
    assert fit_elo(["A", "B"], {}) == pytest.approx({"A": 1500.0, "B": 1500.0})
    assert fit_elo(["random", "B"], {("B", "B"): 7}) == pytest.approx(
        {"random": 1000.0, "B": 1000.0}
    )
    assert fit_elo(["random"], {}) == pytest.approx({"random": 1000.0})


def test_bad_settings_raise_arena_error() -> None:
    with pytest.raises(ArenaError, match="at least 2 bots"):
        run_arena(["random"], games=1)
    with pytest.raises(ArenaError, match="unknown bot"):
        run_arena(["random", "no-such-bot"], games=1)
    with pytest.raises(ArenaError, match="at least 1"):
        run_arena(["random", "random"], games=0)
    with pytest.raises(ArenaError, match="empty"):
        parse_bots("random,,random")
    assert parse_bots(" search:3, heuristic,random ") == ["search:3", "heuristic", "random"]


# -- the command -------------------------------------------------------------------------------


def test_cli_arena_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    args = ["arena", "--bots", "random,random", "--games", "2", "--jobs", "1"]
    args += ["--seed", "4", "--turn-limit", "2", "--json", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Elo" in result.stdout and "random" in result.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {"pairs", "elo"} <= set(data)
    assert set(data["pairs"][0]) >= PAIR_KEYS
    pair = data["pairs"][0]
    assert pair["a_wins"] + pair["b_wins"] + pair["unfinished"] == 2
    assert data["settings"]["seed"] == 4
    assert data["settings"]["turn_limit"] == 2


def test_cli_arena_keeps_each_games_record(tmp_path: Path) -> None:
    """--records writes one record a game (docs/format.md), in schedule order, that replays
    to the game the tables counted: the bots' placements (R3.1) and every action."""
    out = tmp_path / "games.jsonl"
    args = ["arena", "--bots", "heuristic,random", "--games", "4", "--jobs", "1", "--seed", "6"]
    args += ["--turn-limit", "60", "--placement", "bot", "--records", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Records written to" in result.stdout
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    scheduled = schedule(["heuristic", "random"], 4, seed=6, turn_limit=60, placement=["bot"] * 2)
    for line, game in zip(lines, scheduled, strict=True):
        data = json.loads(line)
        arena = data["arena"]
        assert arena["seats"] == (
            ["heuristic", "random"] if game.a_seat == 0 else ["random", "heuristic"]
        )
        record = Record.from_json(data)
        assert record.setup == game.setup()  # the placements the bots chose
        state = record.replay()
        winner = None if state.winner is None else arena["seats"][state.winner]
        assert (winner, state.how, state.turn) == (arena["winner"], arena["how"], arena["turns"])
    assert {game.a_seat for game in scheduled} == {0, 1}  # seats alternate
    again = tmp_path / "again.jsonl"
    rerun = CliRunner().invoke(app, [*args[:-1], str(again)])
    assert rerun.exit_code == 0 and again.read_text(encoding="utf-8") == out.read_text("utf-8")


def test_cli_arena_placement_per_bot(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    args = ["arena", "--bots", "random,random", "--games", "2", "--jobs", "1"]
    args += ["--turn-limit", "2", "--placement", "bot,random", "--json", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "random@bot" in words and "placement bot,random" in words
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"]["placement"] == ["bot", "random"]
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [("random@bot", "random@random")]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,random", "--placement", "sideways"], "unknown placement"),
        (["--bots", "random,random", "--placement", "bot,bot,bot"], "3 placements"),
        (["--bots", "random"], "at least 2 bots"),
        (["--bots", "random,nobody"], "unknown bot"),
        (["--bots", "random,random", "--games", "0"], "at least 1"),
        (["--bots", "random,random", "--jobs", "0"], "jobs"),
        (["--bots", "random,random", "--turn-limit", "0"], "turn limit"),
        (["--bots", "random,,random"], "empty"),
        ([], "--bots"),
        (["--bots", "random,random", "--json", "/no/such/folder/out.json"], "no such folder"),
        (["--bots", "random,random", "--records", "/no/such/folder/g.jsonl"], "--records: no such"),
        (["--bots", "random,random", "--records", "."], "--records: is a folder"),
    ],
)
def test_cli_arena_bad_input(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["arena", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith("arena: ")
    assert "Traceback" not in result.output


class CheaterBot:
    """Answers with an action that is never legal."""

    name = "cheater"

    def __init__(self, seed: int | None) -> None:
        self.seed = seed

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return Action("hitman", col=99)


@pytest.fixture
def cheater() -> Iterator[None]:
    """Register the ``cheater`` test bot for one test."""
    registry.register("cheater", CheaterBot)
    yield
    registry.unregister("cheater")


def test_a_failing_game_is_one_line_and_status_1(cheater: None) -> None:
    with pytest.raises(arena_module.GameError, match="cheater vs random"):
        run_arena(["cheater", "random"], games=1, turn_limit=2)
    args = ["arena", "--bots", "cheater,random", "--games", "1", "--jobs", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "cheater vs random" in lines[0]
    assert "Traceback" not in result.output
