"""Player ratings: Mark Glickman's Glicko-2 system, pure arithmetic, no I/O.

A :class:`Rating` is three numbers on the familiar Glicko (Elo-like) scale: the ``rating``
itself, its ``deviation`` (how unsure we are of it: a 95% interval is about two deviations
either side) and its ``volatility`` (how erratic the player's results have been, which sets
how fast the deviation grows back). :func:`rate` applies one rating period of results;
:func:`rate_game` rates both players of a single game.

The published worked example (Glickman, *Example of the Glicko-2 system*): a 1500 player
with deviation 200 beats a 1400, then loses to a 1550 and to a 1700, in one period.

>>> from outlaws.ratings import Rating, Result, rate
>>> player = Rating(rating=1500, deviation=200, volatility=0.06)
>>> games = [
...     Result(Rating(1400, 30), score=1),
...     Result(Rating(1550, 100), score=0),
...     Result(Rating(1700, 300), score=0),
... ]
>>> after = rate(player, games)
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)
>>> after.provisional
True

**The algorithm** is that of the paper, steps 1 to 8, with the Illinois variant of regula
falsi for the new volatility (step 5), as the paper's revised edition gives it. The paper
prints 1464.06 for the example's new rating because it rounds its intermediate values;
carried in full precision the result is 1464.05.

**Rating periods.** Glicko-2 assumes results are batched into periods in which each
player plays several games. :func:`rate` is one such period: call it with the period's
results, or with none for a period without games (then only the deviation grows, by the
player's volatility: step 6 alone). :func:`rate_game` instead treats a single game as its
own period, the way online game sites apply Glicko-2 game by game: ratings move as soon as
a game ends, at the price of the per-period volatility estimate becoming a per-game one.
Deciding when an idle period has passed (a day, a week) is the caller's business.

**Bounds.** After every update the deviation is kept within [:data:`MIN_DEVIATION`,
:data:`MAX_DEVIATION`] and the volatility at most :data:`MAX_VOLATILITY` (the volatility as
soon as step 5 finds it); see those constants for why. So, between ratings within these
bounds, one game moves a rating by at most about 707 points (``350^2 / 173.7178``, plus the
little the capped volatility adds).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "CONVERGENCE_TOLERANCE",
    "DEFAULT_TAU",
    "GLICKO2_SCALE",
    "INITIAL_DEVIATION",
    "INITIAL_RATING",
    "INITIAL_VOLATILITY",
    "MAX_DEVIATION",
    "MAX_ITERATIONS",
    "MAX_VOLATILITY",
    "MIN_DEVIATION",
    "MIN_INFORMATION",
    "PROVISIONAL_DEVIATION",
    "Rating",
    "Result",
    "expected_score",
    "rate",
    "rate_game",
]

#: The rating a new player starts from, on the Glicko scale.
INITIAL_RATING = 1500.0
#: A new player's deviation: the paper's recommended start, and the most a deviation gets.
INITIAL_DEVIATION = 350.0
#: A new player's volatility, the paper's recommended start.
INITIAL_VOLATILITY = 0.06

#: Ratings with a deviation above this are *provisional*: too few recent games to trust
#: them (a 95% interval more than about 430 points wide). Displays may mark them ("1620?")
#: and matchmaking may treat them with care.
PROVISIONAL_DEVIATION = 110.0

#: The smallest deviation an update leaves. Glicko-2 alone lets an active player's
#: deviation shrink towards zero, and a rating that sure of itself barely moves whatever
#: the results: the floor keeps every rating responsive to new games.
MIN_DEVIATION = 30.0
#: The largest deviation an update leaves: that of a new player. A player back after a
#: long absence is no less known than one never seen, so the deviation (and with it the
#: size of a rating change) stays bounded.
MAX_DEVIATION = INITIAL_DEVIATION
#: The largest volatility an update leaves. A run of upsets raises the volatility, and a
#: high volatility makes the deviation grow fast between periods; the cap keeps a few freak
#: results (a disconnection, a friend's account) from making a rating erratic for long.
#: It applies as soon as step 5 has found the new volatility, before the deviation and
#: rating are updated with it: with a large tau, ten wins over players a thousand points
#: stronger would otherwise move a 1500 rating by tens of thousands of points.
MAX_VOLATILITY = 0.1

#: The system constant tau of the paper: how much the volatility may change in a period.
#: Glickman suggests 0.3 to 1.2; smaller values keep volatilities steadier.
DEFAULT_TAU = 0.5

#: Glicko-2 works on its own scale: ``mu = (rating - 1500) / GLICKO2_SCALE`` and
#: ``phi = deviation / GLICKO2_SCALE``. The scale is ``400 / ln 10``, which the paper
#: rounds to 173.7178: the one that turns Glicko's base-10 logistic into a natural one.
GLICKO2_SCALE = 400.0 / math.log(10.0)

#: When the volatility iteration (step 5) stops: the paper's epsilon.
CONVERGENCE_TOLERANCE = 1e-6
#: A bound on the volatility iteration's steps, only a guard: it converges in a handful.
MAX_ITERATIONS = 100
#: The least information (the paper's ``1 / v``) a period's results may carry. Below it the
#: volatility iteration's numbers overflow floating point; only absurd input gets there
#: (opponents some 20,000 rating points away, or with deviations like 1e27), and it is
#: refused with a ValueError rather than answered with an infinity or a NaN.
MIN_INFORMATION = 1e-50


@dataclass(frozen=True)
class Rating:
    """A player's rating on the Glicko scale (the one players see: 1500 for a newcomer).

    ``deviation`` is the rating's uncertainty (a standard deviation, in rating points) and
    ``volatility`` how erratic the player's results are (the paper's sigma); both must be
    positive.

    >>> newcomer = Rating()
    >>> newcomer.provisional, newcomer.interval95
    (True, (814.0, 2186.0))
    >>> Rating(1800, 60).interval95
    (1682.4, 1917.6)
    """

    rating: float = INITIAL_RATING
    deviation: float = INITIAL_DEVIATION
    volatility: float = INITIAL_VOLATILITY

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise ValueError(f"rating must be a finite number, not {self.rating!r}")
        if not (math.isfinite(self.deviation) and self.deviation > 0):
            raise ValueError(f"deviation must be positive and finite, not {self.deviation!r}")
        if not (math.isfinite(self.volatility) and self.volatility > 0):
            raise ValueError(f"volatility must be positive and finite, not {self.volatility!r}")
        # Stored as floats whatever number was given, so that equal ratings print alike.
        for name in ("rating", "deviation", "volatility"):
            object.__setattr__(self, name, float(getattr(self, name)))

    @property
    def provisional(self) -> bool:
        """True while the deviation is above :data:`PROVISIONAL_DEVIATION`: the rating
        rests on too few recent games to be trusted."""
        return self.deviation > PROVISIONAL_DEVIATION

    @property
    def interval95(self) -> tuple[float, float]:
        """The range the player's true strength lies in with about 95% confidence:
        ``rating`` minus and plus 1.96 deviations."""
        half_width = 1.96 * self.deviation
        return (self.rating - half_width, self.rating + half_width)


@dataclass(frozen=True)
class Result:
    """One game's result against ``opponent`` (the opponent's rating before the period):
    ``score`` 1 for a win, 0.5 for a draw, 0 for a loss.

    Any score between 0 and 1 is accepted, as Glicko-2 allows, but nothing outside.
    """

    opponent: Rating
    score: float

    def __post_init__(self) -> None:
        if not (0.0 <= self.score <= 1.0):  # also refuses NaN
            raise ValueError(
                f"score must be between 0 and 1 (1 win, 0.5 draw, 0 loss), not {self.score!r}"
            )


def expected_score(a: Rating, b: Rating) -> float:
    """``a``'s expected score against ``b``, between 0 and 1: Glicko-2's E.

    Only ``b``'s deviation counts, as in the paper's update (an unsure opponent pulls the
    expectation towards a draw), so ``expected_score(a, b) + expected_score(b, a)`` is 1
    only when both deviations are equal.

    >>> expected_score(Rating(1500), Rating(1500))
    0.5
    >>> round(expected_score(Rating(1700, 50), Rating(1500, 50)), 3)
    0.757
    """
    return _expected(_mu(a), _mu(b), _phi(b))


def rate(player: Rating, results: Sequence[Result], tau: float = DEFAULT_TAU) -> Rating:
    """``player``'s rating after one rating period with these ``results``.

    Every result's opponent is taken at their rating *before* the period, as Glicko-2
    requires. With no results only the deviation grows (``phi* = sqrt(phi^2 + sigma^2)``,
    step 6): the longer a player is away, the less we know of them. ``tau`` is the
    system constant (:data:`DEFAULT_TAU`). The new deviation and volatility are kept
    within the module's bounds (:data:`MIN_DEVIATION`, :data:`MAX_DEVIATION`,
    :data:`MAX_VOLATILITY`).

    >>> idle = rate(Rating(1620, 80, 0.06), [])
    >>> idle.rating, round(idle.deviation, 2)
    (1620.0, 80.68)
    """
    if not (math.isfinite(tau) and tau > 0):
        raise ValueError(f"tau must be positive and finite, not {tau!r}")
    # Step 2: onto the Glicko-2 scale.
    mu, phi, sigma = _mu(player), _phi(player), player.volatility
    if not results:
        # A period without games: only step 6.
        return _bounded(player.rating, math.sqrt(phi * phi + sigma * sigma), sigma)

    # Steps 3 and 4: the estimated variance v of the rating from the results alone, and
    # the estimated improvement delta (the sum is delta / v).
    information = 0.0
    improvement_sum = 0.0
    for result in results:
        mu_j, phi_j = _mu(result.opponent), _phi(result.opponent)
        weight = _g(phi_j)
        expected, unexpected = _expected_pair(mu, mu_j, phi_j)
        information += weight * weight * expected * unexpected
        improvement_sum += weight * (result.score - expected)
    if information < MIN_INFORMATION:
        raise ValueError(
            "these results carry next to no information: the opponents' ratings are too far "
            "from the player's rating (some 20,000 points) or their deviations absurdly large"
        )
    variance = 1.0 / information
    delta = variance * improvement_sum

    # Step 5: the new volatility, capped at once: steps 6 and 7 grow the deviation by it,
    # and an uncapped one (a run of wild upsets with a large tau) can make the deviation,
    # and with it the rating change, enormous.
    new_sigma = min(_new_volatility(sigma, phi, variance, delta, tau), MAX_VOLATILITY)
    # Step 6: the deviation grown by the new volatility (the "pre-period" deviation).
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    # Step 7: the new deviation and rating.
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + information)
    change = new_phi * new_phi * improvement_sum  # new mu = mu + change
    # Step 8: back onto the Glicko scale. The change is added to the rating itself rather
    # than the new mu converted whole: the same number, but a period that changes nothing
    # (a draw between equals) leaves the rating exactly as it was, and a change's sign is
    # never lost to rounding in the conversion.
    return _bounded(player.rating + GLICKO2_SCALE * change, new_phi, new_sigma)


def rate_game(
    a: Rating, b: Rating, score_a: float, tau: float = DEFAULT_TAU
) -> tuple[Rating, Rating]:
    """Both players' ratings after one game between them, ``a`` scoring ``score_a`` (1 a
    win, 0.5 a draw, 0 a loss) and ``b`` the rest.

    The game is its own rating period (see the module's notes): each player is rated
    against the other's rating from before the game, so the order of the two does not
    matter.

    >>> winner, loser = rate_game(Rating(), Rating(), score_a=1)
    >>> round(winner.rating), round(loser.rating), round(winner.deviation)
    (1662, 1338, 290)
    """
    return (
        rate(a, [Result(b, score_a)], tau),
        rate(b, [Result(a, 1.0 - score_a)], tau),
    )


# -- the Glicko-2 scale and functions -------------------------------------------------------


def _mu(rating: Rating) -> float:
    return (rating.rating - INITIAL_RATING) / GLICKO2_SCALE


def _phi(rating: Rating) -> float:
    return rating.deviation / GLICKO2_SCALE


def _g(phi: float) -> float:
    """The paper's g: how much a result against an opponent this unsure of counts."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """The paper's E: the expected score of ``mu`` against ``(mu_j, phi_j)``."""
    return _expected_pair(mu, mu_j, phi_j)[0]


def _expected_pair(mu: float, mu_j: float, phi_j: float) -> tuple[float, float]:
    """E and 1 - E, each computed directly: ``1 - E`` by subtraction would round to 0 for
    lopsided pairings and lose the little information their games carry."""
    x = _g(phi_j) * (mu - mu_j)
    # exp of a large positive number overflows; that of a large negative one is just 0.
    if x >= 0:
        e = math.exp(-x)
        return 1.0 / (1.0 + e), e / (1.0 + e)
    e = math.exp(x)
    return e / (1.0 + e), 1.0 / (1.0 + e)


def _new_volatility(sigma: float, phi: float, variance: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's f by the Illinois algorithm.

    ``x`` stands for ``ln(sigma'^2)``; the root is bracketed by ``[A, B]`` and each step
    replaces one end with the secant's root, halving the kept end's value when the same
    end is kept twice (what makes Illinois converge fast where plain regula falsi stalls).
    """
    a = math.log(sigma * sigma)
    phi2 = phi * phi
    delta2 = delta * delta

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - variance - ex) / (2.0 * (phi2 + variance + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    # The initial bracket.
    low = a
    if delta2 > phi2 + variance:
        high = math.log(delta2 - phi2 - variance)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(MAX_ITERATIONS):
        if abs(high - low) <= CONVERGENCE_TOLERANCE:
            break
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def _bounded(rating: float, phi: float, sigma: float) -> Rating:
    """Step 8's conversion back to the Glicko scale, with the module's bounds applied."""
    deviation = min(max(phi * GLICKO2_SCALE, MIN_DEVIATION), MAX_DEVIATION)
    return Rating(rating, deviation, min(sigma, MAX_VOLATILITY))
