"""Reading how an opponent moves its cards (R5.1): the expert's move model.

A move names two columns and hides whether the cards changed places (R5.1, R8.3). The
exact belief treats the pair as drawn at random and the exchange as a coin flip; a
:class:`~outlaws.deduce.MoveModel` says instead how much likelier a mover is to pick the
columns of two given characters, and how often such a move is real. These tests check
the update against Bayes' rule written out arrangement by arrangement, that the model
never rules out how a different player really moved, and the model the package ships.
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from outlaws.arena import run_arena
from outlaws.bots import registry
from outlaws.bots.expert import ExpertBot, movers
from outlaws.bots.heuristic import HeuristicBot
from outlaws.bots.registry import make_bot
from outlaws.deduce import Belief, MoveModel
from outlaws.deduce.arrangement import PERMS, ArrangementBelief
from outlaws.engine import Action, State, seat_view
from outlaws.engine.names import CHARACTER_ID

GOV, HIT = CHARACTER_ID["governor"], CHARACTER_ID["hitman"]


def model(seed: int) -> MoveModel:
    """A symmetric model with arbitrary positive tables."""
    rng = np.random.default_rng(seed)
    pair = rng.uniform(0.05, 20.0, (10, 10))
    swap = rng.uniform(0.05, 0.95, (10, 10))
    return MoveModel((pair + pair.T) / 2, (swap + swap.T) / 2)


def prior(labels: list[int]) -> ArrangementBelief:
    """A belief that is not uniform: a seen card, then an exact-model move."""
    belief = ArrangementBelief(labels)
    belief.observe(2, labels[4])
    belief.maybe_swap(2, 6)
    return belief


@pytest.mark.parametrize(("a", "b"), [(0, 1), (2, 6), (7, 3)])
def test_a_modelled_move_is_bayes_rule_over_every_arrangement(a: int, b: int) -> None:
    """R5.1: P(after) ∝ Σ over before of P(before) · pair(cards at a, b) ·
    (swap if the cards changed places else 1 − swap), computed here one arrangement at a
    time from its street of characters."""
    labels = [0, 1, 2, 3, 5, 6, 8, 9]  # the Storekeep and the Bandit wait in the Saloon
    m = model(a * 8 + b)
    belief = prior(labels)
    before = belief.p.copy()
    index = {tuple(perm): k for k, perm in enumerate(PERMS.tolist())}
    expected = np.zeros_like(before)
    for k in np.flatnonzero(before):
        street = PERMS[k].tolist()
        x, y = labels[street[a]], labels[street[b]]
        weight = before[k] * m.pair[x, y]
        swapped = list(street)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        expected[index[tuple(swapped)]] += weight * m.swap[x, y]
        expected[k] += weight * (1 - m.swap[x, y])
    expected /= expected.sum()
    belief.modelled_swap(a, b, m)
    assert np.allclose(belief.p, expected, atol=1e-12)


def test_a_mover_who_picks_at_random_is_the_exact_belief() -> None:
    """A model with every pair alike and even odds of a real exchange is the rules'
    own posterior (R5.1)."""
    labels = [0, 1, 2, 3, 4, 5, 6, 7]
    flat = MoveModel(np.ones((10, 10)), np.full((10, 10), 0.5))
    exact, modelled = prior(labels), prior(labels)
    exact.maybe_swap(1, 5)
    modelled.modelled_swap(1, 5, flat)
    assert np.allclose(exact.p, modelled.p, atol=1e-15)


def test_moves_that_guard_the_governor_point_at_him() -> None:
    """A mover known to move its Governor points at the two columns: after a move of
    columns 3 and 4, the model puts him there far more often than the exact belief."""
    state = State.new(seed=3)
    shipped = movers()
    seat = state.to_act
    assert seat is not None
    viewer = 1 - seat
    street = state.street[seat]
    g = street.index(GOV)
    other = (g + 1) % 8
    state.apply(Action("move", a=g + 1, b=other + 1, swap=False))
    view = seat_view(state, viewer)
    exact, read = Belief(view), Belief(view, movers=shipped)
    at_pair = [g, other]
    assert exact.marginals()[at_pair, GOV].sum() == pytest.approx(2 / 8)
    assert read.marginals()[at_pair, GOV].sum() > 0.5


@pytest.mark.parametrize("seed", range(3))
def test_a_player_who_moves_otherwise_is_never_ruled_out(seed: int) -> None:
    """The model is a guess about the mover, not a rule: against a random player, who
    moves its Saloon cards' neighbours as often as its Governor, the true arrangement
    keeps a positive probability at every decision (R8.3: only the rules rule out)."""
    state = State.new(seed=seed, turn_limit=60)
    movers_read = movers()
    rng = random.Random(seed)
    belief: Belief | None = None
    checked = 0
    while not state.over:
        seat = state.to_act
        assert seat is not None
        if seat == 0 and not state.pending:
            view = seat_view(state, 0)
            if belief is None:
                belief = Belief(view, movers=movers_read)
            belief.update(view)
            labels = belief.arrangement.labels
            truth = tuple(labels.index(card) for card in state.street[1])
            k = int(np.flatnonzero((np.array(truth) == PERMS).all(axis=1))[0])
            assert belief.arrangement.p[k] > 0
            checked += 1
        legal = state.legal_actions()
        moves = [a for a in legal if a.type == "move"]
        state.apply(rng.choice(moves if seat == 1 and moves and rng.random() < 0.7 else legal))
    assert checked >= 10


def test_the_shipped_model_is_a_model() -> None:
    """The tables the expert reads are symmetric, positive and within their bounds, and
    they say what was measured: a move most often guards the Governor or the Hitman."""
    shipped = movers()
    assert np.array_equal(shipped.pair, shipped.pair.T)
    assert np.array_equal(shipped.swap, shipped.swap.T)
    assert shipped.pair.min() > 0 and 0 < shipped.swap.min() <= shipped.swap.max() < 1
    assert shipped.pair[GOV, HIT] > 5 * max(1.0, float(np.median(shipped.pair)))


def test_the_expert_reads_views_with_the_model() -> None:
    """The expert's beliefs carry the shipped model; its exposure (what the opponent
    can know of its own cards) stays the rules' exact one."""
    expert = make_bot("expert", 1)
    state = State.new(seed=1, turn_limit=4)
    seat = state.to_act
    assert seat is not None
    expert.choose(seat_view(state, seat), state.legal_actions())
    heuristic = expert.heuristic  # type: ignore[attr-defined]
    assert heuristic.belief.movers is movers()
    assert heuristic.exposure.movers is None
    assert math.isclose(float(heuristic.belief.marginals().sum()), 8.0)


def bench_module(name: str = "move_model") -> ModuleType:
    """bench/``name``.py, imported from its path (the bench scripts are no package) under
    its own name, as the scripts import one another."""
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_moves_are_read_back_from_arena_records(tmp_path: Path) -> None:
    """R5.1: games kept by ``outlaws arena --records`` give their moves as the true
    positions had them (the street before each move, whether it was real), credited to
    the entry at the mover's seat, and fit a model."""
    bench = bench_module()
    result = run_arena(["heuristic", "random"], games=2, seed=3, turn_limit=40, records=True)
    path = tmp_path / "games.jsonl"
    path.write_text("".join(result.record_lines()), encoding="utf-8")
    moves = bench.moves_in_records(path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(moves) == sum(a["type"] == "move" for line in lines for a in line["actions"])
    assert "heuristic" in {move["spec"] for move in moves} <= {"heuristic", "random"}
    for move in moves:
        assert len(set(move["street"])) == 8 and set(move["street"]) <= set(range(10))
        assert move["street"][move["a"]] != move["street"][move["b"]]
    model, tables = bench.fit(moves, floor=0.05)
    assert np.array_equal(model.pair, model.pair.T) and model.pair.min() >= 0.05
    assert tables["swap"] == model.swap.tolist()


def disguised_moves(
    disguise: float, seed: int, margin: float | None = None
) -> list[tuple[bool, float]]:
    """The moves a level-1 expert with ``disguise`` (and ``margin``) makes against the
    heuristic in game ``seed``, each as (whether it named the expert's Governor, how likely
    the opponent's picture of the expert's cards, its exposure, made that: P(Governor at a
    or b)); each checked legal by the engine as it is applied."""
    state = State.new(seed=seed, turn_limit=60)
    expert = ExpertBot(seed, level=1, disguise=disguise, margin=margin)
    bots = (expert, HeuristicBot(seed))
    out: list[tuple[bool, float]] = []
    while not state.over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        action = bots[seat].choose(seat_view(state, seat), legal)
        assert action in legal
        if seat == 0 and action.type == "move":
            assert action.a is not None and action.b is not None
            assert expert.heuristic.exposure is not None
            seen = expert.heuristic.exposure.where("governor")
            named = GOV in (state.street[0][action.a - 1], state.street[0][action.b - 1])
            out.append((named, float(seen[action.a - 1] + seen[action.b - 1])))
        state.apply(action)
    return out


@pytest.mark.slow
def test_a_disguised_expert_s_moves_tell_the_opponent_nothing_it_did_not_know() -> None:
    """R5.1: the pair a move names is public. Undisguised, the expert's moves name its
    Governor's column far more often than the opponent's own picture of its cards (the
    exposure) makes likely: a watcher learns where he stands. Disguised in full, every
    pair is drawn from that picture alone, so the moves name him about as often as the
    picture says they would, whatever the search wanted. Either way the moves are legal
    and the same seed gives the same moves."""
    seeds = range(1, 13)
    plain = [m for seed in seeds for m in disguised_moves(0.0, seed)]
    by_seed = {seed: disguised_moves(1.0, seed) for seed in seeds}
    full = [m for seed in seeds for m in by_seed[seed]]
    assert len(plain) >= 20 and len(full) >= 20

    def surprise(moves: list[tuple[bool, float]]) -> float:
        """How many more times the moves named the Governor than the picture expected,
        in standard deviations of that count."""
        named = sum(n for n, _ in moves)
        expected = sum(p for _, p in moves)
        return float((named - expected) / np.sqrt(sum(p * (1 - p) for _, p in moves)))

    assert surprise(plain) > 2.5
    assert abs(surprise(full)) < 2.0
    assert disguised_moves(1.0, 3) == by_seed[3]


@pytest.mark.slow
def test_a_disguise_s_margin_keeps_the_search_s_move_only_where_it_is_worth_more() -> None:
    """R5.1: the search weighs the decoy's moves beside its own candidates. With a
    margin, the disguised expert keeps the search's own move where its value is more than
    the margin above the decoy's. A margin no move clears gives the full decoy's game;
    one every move clears, the search's own choices among candidates that include the
    decoy's; one in between, some moves of each."""
    seeds = range(1, 5)
    decoy = {seed: disguised_moves(1.0, seed) for seed in seeds}
    own = {seed: disguised_moves(1.0, seed, margin=-1e9) for seed in seeds}
    between = {seed: disguised_moves(1.0, seed, margin=20.0) for seed in seeds}
    for seed in (2, 3):
        assert disguised_moves(1.0, seed, margin=1e9) == decoy[seed]
    assert own != decoy and between != decoy and between != own


def test_a_reader_fitted_on_a_bot_s_moves_plays_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench/readable.py: the subject's self-play moves are gathered and fitted, and the
    same bot reading with that model plays the subject, as an arena result names them;
    with ``--opponent``, another bot plays it."""
    bench_module()  # bench/readable.py imports move_model
    readable = bench_module("readable")
    moves, out = tmp_path / "moves.jsonl", tmp_path / "result.json"
    argv = ["readable.py", "--bots", "heuristic", "--moves-file", str(moves), "--fit-games", "3"]
    argv += ["--games", "2", "--seed", "5", "--turn-limit", "60", "--json", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    try:
        readable.main()
    finally:
        registry.unregister("reader")
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["settings"]["names"] == ["reader", "heuristic"]
    assert result["pairs"][0]["games"] == 2
    gathered = moves.read_text(encoding="utf-8").splitlines()
    assert result["subject"]["moves"] == len(gathered) > 0
    assert {json.loads(line)["spec"] for line in gathered} == {"heuristic"}
    # Against another bot instead: no reader is made, nothing is fitted.
    argv = ["readable.py", "--bots", "heuristic", "--opponent", "random", "--games", "2"]
    monkeypatch.setattr(sys, "argv", [*argv, "--turn-limit", "60", "--json", str(out)])
    readable.main()
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["settings"]["names"] == ["random", "heuristic"]
    assert result["subject"] == {"spec": "heuristic", "disguise": None}


def test_the_pair_alone_takes_the_governor_out_of_a_rules_alone_watcher_s_sights() -> None:
    """R5.1: a watcher that reads by the rules alone gives the two columns a move names
    the mean of what it gave them; bench/line_of_fire.py asks whether the Governor then
    stands at its likeliest column (shared among ties), for the pair a bot played, the
    decoy's, and the pair that knows where he stands."""
    bench_module()  # bench/line_of_fire.py imports move_model
    fire = bench_module("line_of_fire")
    seen = np.array([0.6, 0.2, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0])
    assert fire.in_sights(seen, 0) == 1.0 and fire.in_sights(seen, 1) == 0.0
    # Naming his column with an unsuspected one halves him: a tie with the other half.
    after = fire.mixed(seen, 0, 3)
    assert after.tolist() == [0.3, 0.2, 0.2, 0.3, 0.0, 0.0, 0.0, 0.0]
    assert fire.in_sights(after, 0) == fire.in_sights(after, 3) == 0.5
    # Every pair that names his column leaves him level with one other (a shot hits him
    # half the time); every other pair leaves him alone at the top. So the least-exposed
    # pair always names him, and the decoy (0, 3) was already as good as the best.
    rng = random.Random(1)
    pairs = [(a, b) for a in range(8) for b in range(a + 1, 8)]
    played, public, guarded, private = fire.pairs_for(seen, 0, pairs, (4, 5), (0, 3), rng)
    assert played == (4, 5) and public == (0, 3)
    assert 0 in private and fire.in_sights(fire.mixed(seen, *private), 0) == 0.5
    assert guarded == public
    # A whole game: the least-exposed pair never leaves him more in sights than the
    # pair the bot played or the decoy's.
    sums = fire.game("heuristic", 1000)
    moves = sums[1]
    assert moves > 0
    in_sights = {policy: sums[2 + 4 * k] for k, policy in enumerate(fire.POLICIES)}
    assert in_sights["private"] == in_sights["guarded"]
    assert in_sights["private"] <= min(in_sights["played"], in_sights["public"])
