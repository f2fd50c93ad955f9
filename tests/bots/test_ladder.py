"""The difficulty ladder: one list, weakest first, that the table offers and
the ratings use; its lowest rungs err like people, not like dice."""

from __future__ import annotations

from itertools import pairwise

from outlaws.bots import make_bot, play_game
from outlaws.bots.ladder import LADDER, rung_of
from outlaws.bots.novice import LEVELS, NoviceBot
from outlaws.engine import State, record_of
from outlaws.server.games.rated import BOT_RATINGS


def test_every_rung_has_a_fixed_rating_rising_with_it() -> None:
    for rung in LADDER:
        assert rung_of(rung.spec) == rung
    ratings = [BOT_RATINGS[rung.spec] for rung in LADDER]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert BOT_RATINGS["random"] < ratings[0]
    assert rung_of("search:5") is None


def test_a_novice_plays_legal_games_reproducibly_from_its_seed() -> None:
    """Two games with the same seeds are the same game, to the last action."""
    records = []
    for _ in range(2):
        state = State.new(seed=3, turn_limit=60)
        play_game(state, [make_bot("novice:1", 5), make_bot("novice:3", 6)])
        records.append(record_of(state).to_json())
    assert records[0] == records[1] and records[0]["actions"]


def test_a_novice_errs_less_at_each_level() -> None:
    """Each level is hotter-headed, more distracted and less watchful than the next."""
    lapses = [LEVELS[level] for level in sorted(LEVELS)]
    for weaker, stronger in pairwise(lapses):
        assert weaker.temperature > stronger.temperature
        assert weaker.focus > stronger.focus
        assert weaker.watchful <= stronger.watchful
    assert NoviceBot(1, level=5).lapses.watchful == 1.0
