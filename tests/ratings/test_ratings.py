"""Glicko-2 ratings (outlaws.ratings): the paper's worked example, the direction and size of
rating changes, a game rated from both sides, the bounds, and refused input."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from outlaws.ratings import (
    GLICKO2_SCALE,
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    PROVISIONAL_DEVIATION,
    Rating,
    Result,
    expected_score,
    rate,
    rate_game,
)

WIN, DRAW, LOSS = 1.0, 0.5, 0.0
ESTABLISHED = Rating(1500, 60, 0.06)


# -- the published example --------------------------------------------------------------------


def test_the_papers_worked_example_is_reproduced() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats a 1400/30, loses to a
    # 1550/100 and to a 1700/300 in one period, tau 0.5. The paper prints 1464.06, 151.52
    # and 0.05999 from rounded intermediate values (1464.05 in full precision).
    player = Rating(1500, 200, 0.06)
    results = [
        Result(Rating(1400, 30), WIN),
        Result(Rating(1550, 100), LOSS),
        Result(Rating(1700, 300), LOSS),
    ]
    after = rate(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_order_of_a_periods_results_does_not_matter() -> None:
    results = [Result(Rating(1400, 30), WIN), Result(Rating(1700, 300), LOSS)]
    forward = rate(Rating(1500, 200), results)
    backward = rate(Rating(1500, 200), results[::-1])
    assert forward.rating == pytest.approx(backward.rating)
    assert forward.deviation == pytest.approx(backward.deviation)


# -- periods without games -------------------------------------------------------------------


def test_a_period_without_games_grows_the_deviation_only() -> None:
    player = Rating(1620, 80, 0.06)
    after = rate(player, [])
    assert after.rating == player.rating
    assert after.volatility == player.volatility
    assert after.deviation > player.deviation
    # Step 6 alone: phi* = sqrt(phi^2 + sigma^2), sigma on the Glicko-2 scale.
    expected = math.hypot(80, 0.06 * 400 / math.log(10))
    assert after.deviation == pytest.approx(expected)


def test_a_long_absence_brings_the_deviation_back_to_a_newcomers_but_no_further() -> None:
    player = ESTABLISHED
    for _ in range(10_000):
        player = rate(player, [])
    assert player.deviation == MAX_DEVIATION
    assert player.rating == ESTABLISHED.rating
    assert player.provisional


# -- direction and size of the changes -----------------------------------------------------------


def test_a_win_raises_the_rating_and_a_loss_lowers_it() -> None:
    opponent = Rating(1500, 60)
    assert rate(ESTABLISHED, [Result(opponent, WIN)]).rating > ESTABLISHED.rating
    assert rate(ESTABLISHED, [Result(opponent, LOSS)]).rating < ESTABLISHED.rating


def test_a_draw_between_equals_leaves_the_rating_unchanged() -> None:
    for player in (ESTABLISHED, Rating(1500, 200, 0.06)):
        after = rate(player, [Result(player, DRAW)])
        assert after.rating == pytest.approx(player.rating, abs=1e-9)


def test_a_game_makes_an_unsure_rating_surer() -> None:
    player = Rating(1500, 200, 0.06)
    assert rate(player, [Result(player, DRAW)]).deviation < player.deviation


def test_a_draw_against_a_stronger_player_gains_points() -> None:
    assert rate(ESTABLISHED, [Result(Rating(1700, 60), DRAW)]).rating > ESTABLISHED.rating


def test_an_upset_moves_the_rating_more_than_an_expected_result() -> None:
    stronger = Rating(1800, 60)
    upset = rate(ESTABLISHED, [Result(stronger, WIN)]).rating - ESTABLISHED.rating
    expected = ESTABLISHED.rating - rate(ESTABLISHED, [Result(stronger, LOSS)]).rating
    assert upset > 0 and expected > 0
    assert upset > 3 * expected


def test_a_provisional_player_moves_more_than_an_established_one() -> None:
    newcomer = Rating(1500, 300, 0.06)
    opponent = Rating(1500, 60)
    assert newcomer.provisional and not ESTABLISHED.provisional
    newcomer_gain = rate(newcomer, [Result(opponent, WIN)]).rating - newcomer.rating
    established_gain = rate(ESTABLISHED, [Result(opponent, WIN)]).rating - ESTABLISHED.rating
    assert newcomer_gain > 3 * established_gain > 0


def test_a_result_against_an_unsure_opponent_counts_for_less() -> None:
    known = rate(ESTABLISHED, [Result(Rating(1500, 50), WIN)]).rating
    unknown = rate(ESTABLISHED, [Result(Rating(1500, 350), WIN)]).rating
    assert ESTABLISHED.rating < unknown < known


def test_surprising_results_raise_the_volatility_and_expected_ones_lower_it() -> None:
    player = Rating(1500, 50, 0.06)
    upsets = [Result(Rating(1900, 50), WIN)] * 5
    routine = [Result(Rating(1100, 50), WIN)] * 5
    assert rate(player, upsets).volatility > player.volatility
    assert rate(player, routine).volatility < player.volatility


# -- expected score --------------------------------------------------------------------------


def test_expected_score_is_even_between_equals_and_favours_the_stronger() -> None:
    assert expected_score(Rating(1500), Rating(1500)) == pytest.approx(0.5)
    stronger, weaker = Rating(1700, 50), Rating(1500, 50)
    assert expected_score(stronger, weaker) > 0.5 > expected_score(weaker, stronger)
    # With equal deviations the two expectations are complementary.
    assert expected_score(stronger, weaker) + expected_score(weaker, stronger) == pytest.approx(1)


def test_an_unsure_opponent_pulls_the_expected_score_towards_even() -> None:
    player = Rating(1700, 50)
    assert expected_score(player, Rating(1500, 350)) < expected_score(player, Rating(1500, 50))


def test_a_huge_rating_gap_still_gives_a_finite_update() -> None:
    # E rounds to 1 here: 1 - E must not be computed by subtraction.
    after = rate(Rating(1500, 100), [Result(Rating(9000, 30), WIN)])
    assert math.isfinite(after.rating) and after.rating > 1500


@pytest.mark.parametrize("opponent", [Rating(100_000, 30), Rating(1500, 1e40)])
def test_an_absurd_opponent_alone_is_refused_rather_than_rated_infinite(opponent: Rating) -> None:
    with pytest.raises(ValueError, match="rating"):
        rate(Rating(1500, 350, 0.1), [Result(opponent, WIN)], tau=1.2)


# -- one game, both players ------------------------------------------------------------------


def test_rate_game_mirrors_when_players_and_score_are_swapped() -> None:
    a, b = Rating(1620, 90, 0.06), Rating(1480, 200, 0.07)
    a_after, b_after = rate_game(a, b, WIN)
    b_swapped, a_swapped = rate_game(b, a, LOSS)
    assert a_after == a_swapped
    assert b_after == b_swapped


def test_rate_game_rates_each_player_against_the_others_rating_from_before_the_game() -> None:
    a, b = Rating(1620, 90), Rating(1480, 200)
    a_after, b_after = rate_game(a, b, DRAW)
    assert a_after == rate(a, [Result(b, DRAW)])
    assert b_after == rate(b, [Result(a, DRAW)])


@pytest.mark.parametrize("score_a", [WIN, DRAW, LOSS])
def test_a_game_between_equal_deviations_moves_no_points_in_total(score_a: float) -> None:
    a, b = Rating(1600, 120, 0.06), Rating(1450, 120, 0.06)
    a_after, b_after = rate_game(a, b, score_a)
    gained = (a_after.rating - a.rating) + (b_after.rating - b.rating)
    assert gained == pytest.approx(0, abs=1e-9)


def test_two_newcomers_winner_and_loser_move_by_the_same_amount() -> None:
    winner, loser = rate_game(Rating(), Rating(), WIN)
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.rating > 1600


# -- the rating's own properties ---------------------------------------------------------------


def test_a_rating_is_provisional_while_its_deviation_is_above_the_threshold() -> None:
    assert Rating().provisional
    assert Rating(deviation=PROVISIONAL_DEVIATION + 0.1).provisional
    assert not Rating(deviation=PROVISIONAL_DEVIATION).provisional


def test_the_95_percent_interval_is_1_96_deviations_either_side() -> None:
    low, high = Rating(1800, 50).interval95
    assert low == pytest.approx(1702)
    assert high == pytest.approx(1898)


def test_updates_keep_the_deviation_above_its_floor() -> None:
    player = Rating(1500, 35, 0.03)
    for _ in range(200):
        player = rate(player, [Result(Rating(1500, 30), DRAW)] * 20)
    assert player.deviation == MIN_DEVIATION


def test_wild_upsets_hit_the_volatility_cap_without_a_wild_rating() -> None:
    erratic = Rating(1500, 50, 0.09)
    upsets = [Result(Rating(2500, 30), WIN)] * 10
    after = rate(erratic, upsets, tau=1.2)
    assert after.volatility == MAX_VOLATILITY
    # The cap applies before the rating moves (uncapped, this would be over 55000).
    assert 1500 < after.rating < 2000


# -- refused input -------------------------------------------------------------------------


@pytest.mark.parametrize("score", [-0.1, 1.01, 2, math.nan])
def test_a_score_outside_zero_to_one_is_refused(score: float) -> None:
    with pytest.raises(ValueError, match="score"):
        Result(Rating(), score)
    with pytest.raises(ValueError, match="score"):
        rate_game(Rating(), Rating(), score)


@pytest.mark.parametrize("deviation", [-1.0, 0.0, math.inf, math.nan])
def test_a_deviation_that_is_not_positive_and_finite_is_refused(deviation: float) -> None:
    with pytest.raises(ValueError, match="deviation"):
        Rating(1500, deviation)


@pytest.mark.parametrize("volatility", [-0.06, 0.0, math.nan])
def test_a_volatility_that_is_not_positive_and_finite_is_refused(volatility: float) -> None:
    with pytest.raises(ValueError, match="volatility"):
        Rating(1500, 200, volatility)


@pytest.mark.parametrize("rating", [math.inf, -math.inf, math.nan])
def test_a_rating_that_is_not_finite_is_refused(rating: float) -> None:
    with pytest.raises(ValueError, match="rating"):
        Rating(rating)


@pytest.mark.parametrize("tau", [0.0, -0.5, math.nan, math.inf])
def test_a_tau_that_is_not_positive_and_finite_is_refused(tau: float) -> None:
    with pytest.raises(ValueError, match="tau"):
        rate(Rating(), [Result(Rating(), WIN)], tau=tau)
    with pytest.raises(ValueError, match="tau"):
        rate(Rating(), [], tau=tau)
    with pytest.raises(ValueError, match="tau"):
        rate_game(Rating(), Rating(), DRAW, tau=tau)


# -- properties ----------------------------------------------------------------------------

ratings = st.builds(
    Rating,
    rating=st.floats(0, 3500),
    deviation=st.floats(MIN_DEVIATION, MAX_DEVIATION),
    volatility=st.floats(0.01, MAX_VOLATILITY),
)
games = st.lists(
    st.tuples(
        st.integers(0, 3),  # player a
        st.integers(0, 3),  # player b (a player never meets themself)
        st.sampled_from([WIN, DRAW, LOSS]),
    ),
    max_size=60,
)


#: The most one game can move a rating: a deviation of 350 grown by a volatility of 0.1.
MAX_GAME_CHANGE = (MAX_DEVIATION**2 / GLICKO2_SCALE + MAX_VOLATILITY**2 * GLICKO2_SCALE) * 1.001


def assert_bounded(rating: Rating) -> None:
    assert math.isfinite(rating.rating)
    assert MIN_DEVIATION <= rating.deviation <= MAX_DEVIATION
    assert 0 < rating.volatility <= MAX_VOLATILITY


@settings(max_examples=100, deadline=None)
@given(
    start=st.lists(ratings, min_size=4, max_size=4),
    games=games,
    tau=st.floats(0.3, 1.2),
)
def test_any_sequence_of_games_keeps_ratings_finite_and_bounded(
    start: list[Rating], games: list[tuple[int, int, float]], tau: float
) -> None:
    players = list(start)
    for a, b, score in games:
        if a == b:
            players[a] = rate(players[a], [], tau)  # an idle period instead
        else:
            before = players[a], players[b]
            players[a], players[b] = rate_game(players[a], players[b], score, tau)
            for old, new in zip(before, (players[a], players[b]), strict=True):
                assert abs(new.rating - old.rating) <= MAX_GAME_CHANGE
        assert_bounded(players[a])
        assert_bounded(players[b])


@settings(max_examples=100, deadline=None)
@given(
    player=ratings,
    results=st.lists(
        st.builds(Result, opponent=ratings, score=st.floats(0, 1)),
        max_size=30,
    ),
)
def test_any_period_gives_a_bounded_rating_that_follows_the_score(
    player: Rating, results: list[Result]
) -> None:
    after = rate(player, results)
    assert_bounded(after)
    # Scoring at least the expectation in every game never lowers the rating; scoring at
    # most the expectation in every game never raises it.
    surprises = [r.score - expected_score(player, r.opponent) for r in results]
    if all(surprise >= 0 for surprise in surprises):
        assert after.rating >= player.rating
    if all(surprise <= 0 for surprise in surprises):
        assert after.rating <= player.rating


@pytest.mark.parametrize("rating", [1.53125, 1.547674906664895, 1500.0, 2290.0])
def test_a_draw_between_equals_leaves_the_rating_exactly_as_it_was(rating: float) -> None:
    """Scoring exactly what was expected moves nothing, to the last bit (the change is
    added to the rating, not the rating converted to Glicko-2's scale and back)."""
    player = Rating(rating, 30.0, 0.0625)
    assert rate(player, [Result(opponent=player, score=0.5)]).rating == rating
