"""How a decision is graded: the chance of winning a simulation's leaf is worth, the
verdict a loss of chance earns, and a position where one action wins at once."""

from __future__ import annotations

import math

import numpy as np
import pytest

from outlaws.analysis import (
    CHANCE_SCALE,
    THRESHOLDS,
    VERDICTS,
    analyse,
    chance_of,
    decisions,
    judge,
    verdict_of,
)
from outlaws.deduce import Belief
from outlaws.engine import parse_notation
from tests.analysis.games import SMALL, bot_game, prefix

#: Game 1 of the bots ends at action 15 (0-based): seat 0's Governor, at column 2, takes
#: the Election from slot 2, a token seat 0 knows, holding more Votes than seat 1.
ELECTION_GAME, ELECTION_PLY, ELECTION = 1, 15, "take 2 election"


def test_the_verdicts_start_at_their_thresholds() -> None:
    """An inaccuracy gives away a tenth of the chance of winning, a mistake a fifth,
    a blunder three tenths; anything less is good."""
    assert verdict_of(0.0) == "good"
    for verdict, least in THRESHOLDS:
        assert verdict_of(least) == verdict
        assert verdict_of(least - 1e-9) != verdict
    assert verdict_of(1.0) == "blunder"


def test_a_greater_loss_never_earns_a_kinder_verdict() -> None:
    losses = [i / 1000 for i in range(1001)]
    ranks = [VERDICTS.index(verdict_of(loss)) for loss in losses]
    assert ranks == sorted(ranks)
    assert set(ranks) == set(range(len(VERDICTS)))


def test_the_chance_of_an_unfinished_leaf_follows_its_value() -> None:
    """An even position is a half; the chance rises with the value, one scale's worth
    of points above even is the logistic's 73%, and no value leaves 0..1."""
    assert chance_of(0.0) == 0.5
    values = [-5000.0, -1000.0, -CHANCE_SCALE, -1.0, 0.0, 1.0, CHANCE_SCALE, 1000.0]
    chances = [chance_of(value) for value in values]
    assert chances == sorted(chances) and len(set(chances)) == len(chances)
    assert chance_of(CHANCE_SCALE) == pytest.approx(1 / (1 + math.exp(-1)))
    assert chance_of(-CHANCE_SCALE) == pytest.approx(1 - chance_of(CHANCE_SCALE))
    assert 0.0 < chance_of(-1e12) < chance_of(1e12) <= 1.0


def test_a_finished_leaf_is_certain_and_a_draw_is_a_half() -> None:
    """R9.1-R9.3: a game won or lost is certain whatever its value; R9.5: a game the
    turn limit ended has no winner, and counts a half."""
    assert chance_of(-900.0, over=True, won=True) == 1.0
    assert chance_of(900.0, over=True, won=False) == 0.0
    assert chance_of(300.0, over=True, won=None) == 0.5


def test_an_election_within_reach_is_ranked_first() -> None:
    """R9.1, R5.4: seat 0's Governor stands at column 2, the token in slot 2 is the
    Election and seat 0 knows it, and it holds more Votes: taking it wins in the true
    position and in every world seat 0's belief allows. The judge ranks it first with
    a certain chance, and a pretended move instead gives chance away."""
    record = bot_game(ELECTION_GAME)
    decision = next(d for d in decisions(record) if d.ply == ELECTION_PLY)
    win = parse_notation(ELECTION)
    view, seat = decision.before, decision.seat
    assert win in decision.legal
    assert view.slots[1] == "election" and view.seats[seat].street[1] == "governor"
    assert view.seats[seat].stash["vote"] > view.seats[1 - seat].stash["vote"]
    state = record.replay(ELECTION_PLY)
    state.apply(win)
    assert state.over and state.winner == seat and state.how == "good"
    worlds = Belief(view).sample(np.random.default_rng(0), 20)
    assert all(world.slots[1] == "election" for world in worlds)

    judged = judge(view, decision.legal, win, seed=4, budget=SMALL)
    assert judged.options[0].action == win and judged.played == 0
    assert judged.chance_before == 1.0 and judged.verdict == "good"

    pretence = next(a for a in decision.legal if a.type == "move" and not a.swap)
    instead = judge(view, decision.legal, pretence, seed=4, budget=SMALL)
    assert instead.options[0].action == win
    assert instead.played > 0 and instead.loss > 0


def test_the_same_seed_gives_the_same_report() -> None:
    """A decision's worlds are drawn from the analysis's seed and the decision's place
    in the record: the same game and seed give the same report."""
    record = prefix(bot_game(2), 6)
    first = analyse(record, seed=11, budget=SMALL)
    assert first == analyse(record, seed=11, budget=SMALL)
    assert [d["ply"] for d in first["decisions"]] == [d.ply for d in decisions(record)]
