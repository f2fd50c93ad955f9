"""Bots against each other: a round-robin arena, win rates and Elo ratings. No printing.

>>> from outlaws.arena import run_arena
>>> result = run_arena(["random", "random"], games=2, seed=7, turn_limit=5)
>>> [pair.games for pair in result.pairs]
[2]

**Schedule.** Every pair of entries ``(a, b)`` of the bot list (``a`` listed first) plays
``games`` games. In the ``i``-th game of a pair, ``a`` sits in seat ``i % 2`` and seat
``(i // 2) % 2`` makes the first move, so over any two consecutive games each bot sits in
each seat once and moves first once. The same spec may appear twice (``random,random``):
the pair is then played like any other, its results are kept apart by position, and it
carries no information for the ratings.

**Seeds.** The ``i``-th game of every pair is dealt from the same seed, derived from
``seed`` and ``i`` alone (a hash), and the first seat of that deal is chosen through the
seed: the derivation tries ``attempt = 0, 1, ...`` until the deal's first seat is the one
the schedule wants. Each side's bot gets its own seed, derived the same way. So a run is
reproducible from its settings, and a pair's results do not depend on which other bots are
in the run, nor on ``jobs``.

**Placement (R3.1).** ``placement`` says where each entry's cards stand before the first
action: ``random`` (the default) deals both arrangements from the game's seed, as a game
made from a seed alone does; ``bot`` asks :func:`~outlaws.bots.placement.bot_placement`
for the bot's own placement (with a seed of its side), and the game starts from both
placements with ``Setup.placed``. One mode applies to every entry, or one mode per entry
(``["bot", "random"]``): a bot that places against the same bot placing uniformly at
random. Where the modes differ, an entry is named ``spec@mode`` in the pairs and ratings
(``search:3@bot``, ``search:3@random``), so the two are told apart and rated. In a game
where some side places by ``bot``, a ``random`` side gets a uniform placement drawn from a
seed of its own, and the tokens and first seat come from the deal's seed alone, whatever
either side placed.

**Turn limit.** Each game ends with no winner after ``turn_limit`` turns (R9.5); such a game
counts as *unfinished* and is left out of win rates and ratings.

**Statistics.** The win rate of ``a`` over ``b`` is taken among finished games, with a 95%
Wilson score interval. Ratings are Elo, fitted by maximum likelihood under the
Bradley–Terry model with Hunter's MM algorithm on the finished games between different
specs. **Anchor:** if ``random`` is among the bots it is rated 1000; otherwise the mean
rating is 1500. The plain maximum-likelihood fit is finite only when every group of bots
has won at least one game against the rest (the "beat" graph is strongly connected); when
it is not (someone won or lost every game, or no game finished), every pair of different
specs is given half a virtual win in each direction, a weak prior that keeps the ratings
finite and the order intact.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from .bots import Bot, make_bot, play_game
from .bots.placement import bot_placement
from .engine import Action, Placement, Setup, State, View, record_of

#: Turns after which a game ends unfinished, unless told otherwise.
DEFAULT_TURN_LIMIT = 300
#: The spec rated :data:`ANCHOR_RATING` when it takes part ...
ANCHOR_SPEC = "random"
ANCHOR_RATING = 1000.0
#: ... and the mean rating otherwise.
MEAN_RATING = 1500.0
#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: The ways a game ends (``State.how``), in display order.
HOWS = ("good", "bad", "ugly", "limit")
#: The ways a game is won (all but the turn limit).
WIN_HOWS = HOWS[:-1]
#: Half a virtual win each way per pair, when the plain maximum-likelihood fit diverges.
PRIOR_WINS = 0.5
#: Where an entry's cards stand before the first action (R3.1; the module docstring).
PLACEMENTS = ("random", "bot")

ProgressCallback = Callable[[int, int], None]


class ArenaError(ValueError):
    """Bad arena settings: an unknown bot, too few bots, fewer than one game..."""


class GameError(RuntimeError):
    """A game of the arena failed (a bot raised, or chose an illegal action)."""


# -- settings ------------------------------------------------------------------------------


def parse_bots(text: str) -> list[str]:
    """The specs of a comma-separated list (``"search:3, heuristic,random"``), stripped."""
    specs = [part.strip() for part in text.split(",")]
    if any(not spec for spec in specs):
        raise ArenaError(f"empty bot name in {text!r}; give specs like search:3,heuristic,random")
    return specs


def parse_placement(text: str | Sequence[str], count: int) -> list[str]:
    """One placement mode per entry of a list of ``count`` bots, from one mode for all
    (``"bot"``) or one per entry (``"bot,random"``)."""
    parts = text.split(",") if isinstance(text, str) else list(text)
    modes = [part.strip() for part in parts]
    for mode in modes:
        if mode not in PLACEMENTS:
            raise ArenaError(
                f"unknown placement {mode!r}: give {' or '.join(PLACEMENTS)},"
                " or one of them per bot (bot,random)"
            )
    if len(modes) == 1:
        return modes * count
    if len(modes) != count:
        raise ArenaError(
            f"{len(modes)} placements for {count} bots: give one for all, or one per bot"
        )
    return modes


def entry_names(bots: Sequence[str], placement: Sequence[str]) -> list[str]:
    """The names entries go by in pairs and ratings: the specs, or ``spec@mode`` when the
    entries do not all place the same way."""
    if len(set(placement)) <= 1:
        return list(bots)
    return [f"{spec}@{mode}" for spec, mode in zip(bots, placement, strict=True)]


def default_jobs() -> int:
    """The number of CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def check_settings(bots: Sequence[str], games: int, jobs: int, turn_limit: int) -> None:
    """Raise :class:`ArenaError` with one clear line unless the settings can run."""
    if len(bots) < 2:
        raise ArenaError(
            f"need at least 2 bots, got {len(bots)}: give e.g. --bots heuristic,random"
        )
    for spec in bots:
        try:
            make_bot(spec, 0)
        except ValueError as error:
            raise ArenaError(str(error).splitlines()[0]) from None
    if games < 1:
        raise ArenaError(f"games per pair must be at least 1, not {games}")
    if jobs < 1:
        raise ArenaError(f"jobs must be at least 1, not {jobs}")
    if turn_limit < 1:
        raise ArenaError(f"turn limit must be at least 1, not {turn_limit}")


# -- seeds and schedule --------------------------------------------------------------------


def derive_seed(seed: int, *parts: object) -> int:
    """A 48-bit seed determined by ``seed`` and ``parts`` alone (stable across runs)."""
    text = "/".join(str(part) for part in ("outlaws-arena", seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=6).digest(), "big")


#: Any placement: a placed deal's first seat does not depend on the placements.
_ANY_PLACEMENT = Placement.random(random.Random(0))


def deal_seed(seed: int, index: int, first: int, placed: bool = False) -> int:
    """The seed of game ``index``'s deal: the first derived seed whose deal starts with
    seat ``first`` (a deal from the seed alone, or with ``placed``, ``Setup.placed``)."""
    attempt = 0
    while True:
        candidate = derive_seed(seed, "deal", index, attempt)
        if placed:
            deal_first = Setup.placed(candidate, [_ANY_PLACEMENT, _ANY_PLACEMENT]).first
        else:
            deal_first = Setup.random(candidate).first
        if deal_first == first:
            return candidate
        attempt += 1


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One scheduled game: everything a worker needs to play it."""

    number: int  #: index over the whole run
    pair: int  #: index of the pair
    index: int  #: index inside the pair
    a: str
    b: str
    a_seat: int
    first: int  #: the seat that moves first
    seed: int  #: the deal's seed
    a_seed: int
    b_seed: int
    turn_limit: int
    a_placement: str = "random"  #: a mode of :data:`PLACEMENTS`
    b_placement: str = "random"
    a_placement_seed: int = 0  #: the seed of ``a``'s placement
    b_placement_seed: int = 0
    keep_record: bool = False  #: whether the result carries the game's record

    def setup(self) -> Setup:
        """The game's deal (R3): from the seed alone when both sides place at random,
        else from both sides' placements (R3.1) with the tokens and first seat from the
        seed."""
        if self.a_placement == self.b_placement == "random":
            return Setup.random(self.seed)
        a = _placement(self.a, self.a_placement, self.a_placement_seed, self.a_seat)
        b = _placement(self.b, self.b_placement, self.b_placement_seed, 1 - self.a_seat)
        return Setup.placed(self.seed, [a, b] if self.a_seat == 0 else [b, a])


def _placement(spec: str, mode: str, seed: int, seat: int) -> Placement:
    """One side's placement: the bot's own (for its seat: left and right are the owner's,
    R2.2), or uniform among the legal ones."""
    if mode == "bot":
        return bot_placement(spec, seed, seat)
    return Placement.random(random.Random(seed))


def schedule(
    bots: Sequence[str],
    games: int,
    seed: int,
    turn_limit: int,
    placement: Sequence[str] | None = None,
) -> list[GameSpec]:
    """Every game of the round robin, in order (see the module docstring); ``placement``
    holds each entry's mode (all ``random`` when None)."""
    modes = list(placement) if placement is not None else ["random"] * len(bots)
    out: list[GameSpec] = []
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    for p, (i, j) in enumerate(pairs):
        placed = modes[i] != "random" or modes[j] != "random"
        for k in range(games):
            first = (k // 2) % 2
            out.append(
                GameSpec(
                    number=len(out),
                    pair=p,
                    index=k,
                    a=bots[i],
                    b=bots[j],
                    a_seat=k % 2,
                    first=first,
                    seed=deal_seed(seed, k, first, placed),
                    a_seed=derive_seed(seed, "bot", k, "a"),
                    b_seed=derive_seed(seed, "bot", k, "b"),
                    turn_limit=turn_limit,
                    a_placement=modes[i],
                    b_placement=modes[j],
                    a_placement_seed=derive_seed(seed, "placement", k, "a"),
                    b_placement_seed=derive_seed(seed, "placement", k, "b"),
                )
            )
    return out


# -- playing -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game went. ``winner`` is ``"a"``, ``"b"`` or None (unfinished)."""

    number: int
    pair: int
    index: int
    a_seat: int
    first: int
    seed: int
    winner: str | None
    how: str | None
    turns: int
    a_seconds: float
    a_decisions: int
    b_seconds: float
    b_decisions: int
    #: The game's record (docs/format.md), when the run keeps them (``records=True``).
    record: dict[str, Any] | None = None


class _Timed:
    """A bot that counts its decisions and the time they took."""

    def __init__(self, bot: Bot) -> None:
        """Wrap ``bot``."""
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The wrapped bot's choice, timed."""
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def play(game: GameSpec) -> GameResult:
    """Play one scheduled game (in whichever process calls it)."""
    try:
        a = _Timed(make_bot(game.a, game.a_seed))
        b = _Timed(make_bot(game.b, game.b_seed))
        seats = [a, b] if game.a_seat == 0 else [b, a]
        state = State.new(seed=game.seed, setup=game.setup(), turn_limit=game.turn_limit)
        play_game(state, seats)
    except Exception as error:
        raise GameError(
            f"game {game.index + 1} of {game.a} vs {game.b} (deal seed {game.seed}):"
            f" {type(error).__name__}: {error}"
        ) from None
    winner = None
    if state.winner is not None:
        winner = "a" if state.winner == game.a_seat else "b"
    record = record_of(state).to_json() if game.keep_record else None
    assert state.setup is not None  # a dealt game knows its deal
    return GameResult(
        number=game.number,
        pair=game.pair,
        index=game.index,
        a_seat=game.a_seat,
        first=state.setup.first,
        seed=game.seed,
        winner=winner,
        how=state.how,
        turns=state.turn,
        a_seconds=a.seconds,
        a_decisions=a.decisions,
        b_seconds=b.seconds,
        b_decisions=b.decisions,
        record=record,
    )


def ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: tasks still running would hold the exit until they end."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def play_all(
    games: Sequence[GameSpec], jobs: int = 1, progress: ProgressCallback | None = None
) -> list[GameResult]:
    """Play ``games`` (in-process for ``jobs == 1``, else in ``jobs`` worker processes);
    the results in schedule order. ``progress(done, total)`` is called after each game."""
    total = len(games)
    results: list[GameResult | None] = [None] * total
    if progress is not None:
        progress(0, total)
    if jobs == 1 or total <= 1:
        for done, game in enumerate(games, 1):
            results[game.number] = play(game)
            if progress is not None:
                progress(done, total)
        return [r for r in results if r is not None]
    pool = ProcessPoolExecutor(max_workers=min(jobs, total), initializer=ignore_sigint)
    try:
        futures: list[Future[GameResult]] = [pool.submit(play, game) for game in games]
        for done, future in enumerate(as_completed(futures), 1):
            result = future.result()
            results[result.number] = result
            if progress is not None:
                progress(done, total)
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()
    return [r for r in results if r is not None]


# -- statistics ----------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` ((0, 1) when ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # Rounding must not push an end past the observed rate (0 or 1 wins exactly).
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def _strongly_connected(players: Sequence[str], wins: Mapping[tuple[str, str], float]) -> bool:
    """Whether every player reaches every other along "beat at least once" edges."""
    if len(players) <= 1:
        return True
    forward: dict[str, set[str]] = {p: set() for p in players}
    backward: dict[str, set[str]] = {p: set() for p in players}
    for (winner, loser), count in wins.items():
        if count > 0 and winner != loser and winner in forward and loser in forward:
            forward[winner].add(loser)
            backward[loser].add(winner)

    def reach(graph: dict[str, set[str]]) -> int:
        """How many players the first one reaches in ``graph``."""
        seen = {players[0]}
        stack = [players[0]]
        while stack:
            for other in graph[stack.pop()]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return len(seen)

    return reach(forward) == len(players) and reach(backward) == len(players)


def fit_elo(
    players: Sequence[str],
    wins: Mapping[tuple[str, str], float],
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> dict[str, float]:
    """Elo ratings by maximum likelihood (Bradley–Terry, MM algorithm).

    ``wins[(x, y)]`` is how often ``x`` beat ``y``; games of a player against itself are
    ignored. Anchored at ``random`` = 1000 when it is a player, else at a mean of 1500; a
    half-win prior each way is added when the plain fit would diverge (module docstring).
    """
    names = list(dict.fromkeys(players))
    if not names:
        return {}
    w: dict[tuple[str, str], float] = {}
    for (x, y), count in wins.items():
        if x != y and x in names and y in names and count > 0:
            w[(x, y)] = w.get((x, y), 0.0) + float(count)
    if not _strongly_connected(names, w):
        for x in names:
            for y in names:
                if x != y:
                    w[(x, y)] = w.get((x, y), 0.0) + PRIOR_WINS
    index = {name: i for i, name in enumerate(names)}
    size = len(names)
    won = [0.0] * size
    played = [[0.0] * size for _ in range(size)]
    for (x, y), count in w.items():
        i, j = index[x], index[y]
        won[i] += count
        played[i][j] += count
        played[j][i] += count
    gamma = [1.0] * size
    for _ in range(max_iterations):
        new = []
        for i in range(size):
            denominator = sum(
                played[i][j] / (gamma[i] + gamma[j]) for j in range(size) if played[i][j]
            )
            new.append(won[i] / denominator if denominator else gamma[i])
        log_mean = sum(math.log(g) for g in new) / size
        new = [g / math.exp(log_mean) for g in new]
        change = max(abs(math.log(n / g)) for n, g in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    ratings = [400.0 * math.log10(g) for g in gamma]
    if ANCHOR_SPEC in index:
        shift = ANCHOR_RATING - ratings[index[ANCHOR_SPEC]]
    else:
        shift = MEAN_RATING - sum(ratings) / size
    return {name: ratings[index[name]] + shift for name in names}


def elo_intervals(
    players: Sequence[str],
    games: Mapping[tuple[str, str], tuple[int, int]],
    resamples: int = 200,
    seed: int = 0,
) -> dict[str, tuple[float, float]]:
    """95% intervals of :func:`fit_elo`'s ratings, by parametric bootstrap: each pair's
    ``games[(x, y)] = (x's wins, y's wins)`` drawn again from its observed rate, the
    ratings fitted again, ``resamples`` times; the 2.5th and 97.5th percentiles. With
    the anchor fixed (``random`` = 1000), an interval says how sure a rating is
    relative to it."""
    rng = random.Random(seed)
    fits: dict[str, list[float]] = {name: [] for name in players}
    for _ in range(resamples):
        wins: dict[tuple[str, str], float] = {}
        for (x, y), (x_wins, y_wins) in games.items():
            n = x_wins + y_wins
            p = x_wins / n if n else 0.5
            drawn = sum(rng.random() < p for _ in range(n))
            wins[(x, y)] = wins.get((x, y), 0.0) + drawn
            wins[(y, x)] = wins.get((y, x), 0.0) + n - drawn
        for name, rating in fit_elo(players, wins, tolerance=1e-8).items():
            fits[name].append(rating)
    out = {}
    for name, values in fits.items():
        values.sort()
        out[name] = (values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
    return out


def elo_anchor(players: Sequence[str]) -> str:
    """How :func:`fit_elo` anchors the ratings of ``players``, in words."""
    if ANCHOR_SPEC in players:
        return f"{ANCHOR_SPEC} = {ANCHOR_RATING:g}"
    return f"mean = {MEAN_RATING:g}"


# -- results -------------------------------------------------------------------------------


@dataclass(slots=True)
class PairResult:
    """The games of one pair, from ``a``'s side."""

    a: str
    b: str
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    unfinished: int = 0
    how: Counter[str] = field(default_factory=Counter)
    #: Each side's wins by way of winning (``State.how``): where its strength lies.
    a_wins_by: Counter[str] = field(default_factory=Counter)
    b_wins_by: Counter[str] = field(default_factory=Counter)
    first_mover_wins: int = 0
    a_as_seat0: int = 0
    turns: int = 0
    a_seconds: float = 0.0
    a_decisions: int = 0
    b_seconds: float = 0.0
    b_decisions: int = 0

    def add(self, game: GameResult) -> None:
        """Count one more game of this pair."""
        self.games += 1
        self.turns += game.turns
        self.a_as_seat0 += game.a_seat == 0
        if game.winner == "a":
            self.a_wins += 1
        elif game.winner == "b":
            self.b_wins += 1
        else:
            self.unfinished += 1
        if game.winner is not None:
            a_first = game.first == game.a_seat
            self.first_mover_wins += (game.winner == "a") == a_first
        if game.how is not None:
            self.how[game.how] += 1
            if game.winner == "a":
                self.a_wins_by[game.how] += 1
            elif game.winner == "b":
                self.b_wins_by[game.how] += 1
        self.a_seconds += game.a_seconds
        self.a_decisions += game.a_decisions
        self.b_seconds += game.b_seconds
        self.b_decisions += game.b_decisions

    @property
    def finished(self) -> int:
        """Games with a winner."""
        return self.a_wins + self.b_wins

    @property
    def a_win_rate(self) -> float | None:
        """``a``'s share of the finished games (None if none finished)."""
        return self.a_wins / self.finished if self.finished else None

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`a_win_rate`."""
        return wilson(self.a_wins, self.finished)

    @property
    def a_ms(self) -> float | None:
        """``a``'s mean decision time in milliseconds."""
        return 1000 * self.a_seconds / self.a_decisions if self.a_decisions else None

    @property
    def b_ms(self) -> float | None:
        """``b``'s mean decision time in milliseconds."""
        return 1000 * self.b_seconds / self.b_decisions if self.b_decisions else None

    def to_json(self) -> dict[str, Any]:
        """The pair as the result JSON holds it."""
        rate = self.a_win_rate
        low, high = self.ci95
        return {
            "a": self.a,
            "b": self.b,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "unfinished": self.unfinished,
            "games": self.games,
            "a_win_rate": None if rate is None else round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "how": {how: self.how.get(how, 0) for how in HOWS},
            "a_wins_by": {how: self.a_wins_by.get(how, 0) for how in WIN_HOWS},
            "b_wins_by": {how: self.b_wins_by.get(how, 0) for how in WIN_HOWS},
            "first_mover_wins": self.first_mover_wins,
            "a_as_seat0": self.a_as_seat0,
            "mean_turns": round(self.turns / self.games, 2) if self.games else None,
            "a_ms_per_decision": _round(self.a_ms, 4),
            "b_ms_per_decision": _round(self.b_ms, 4),
        }


def _round(value: float | None, digits: int) -> float | None:
    """``round(value, digits)``, None staying None."""
    return None if value is None else round(value, digits)


@dataclass(slots=True)
class ArenaResult:
    """A whole arena run: settings, pairs, ratings, the games, the time it took.

    ``bots`` are the entries' names (:func:`entry_names`: the specs, or ``spec@mode``);
    ``specs`` and ``placement`` the specs and placement modes as given."""

    bots: list[str]
    games_per_pair: int
    seed: int
    turn_limit: int
    jobs: int
    pairs: list[PairResult]
    elo: dict[str, float]
    games: list[GameResult]
    elapsed: float
    specs: list[str] = field(default_factory=list)
    placement: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time."""
        return len(self.games) / self.elapsed if self.elapsed > 0 else 0.0

    def decision_ms(self) -> dict[str, float | None]:
        """Each spec's mean decision time in milliseconds, over all its games."""
        seconds: dict[str, float] = dict.fromkeys(self.bots, 0.0)
        decisions: dict[str, int] = dict.fromkeys(self.bots, 0)
        for pair in self.pairs:
            seconds[pair.a] += pair.a_seconds
            decisions[pair.a] += pair.a_decisions
            seconds[pair.b] += pair.b_seconds
            decisions[pair.b] += pair.b_decisions
        return {
            spec: (1000 * seconds[spec] / decisions[spec] if decisions[spec] else None)
            for spec in seconds
        }

    def to_json(self) -> dict[str, Any]:
        """``{"settings", "pairs", "elo", "decision_ms", "run"}``: only ``decision_ms`` and
        ``run`` (and the pairs' ``*_ms_per_decision``) vary between runs of one setting."""
        return {
            "settings": {
                "bots": self.specs or self.bots,
                "placement": self.placement or ["random"] * len(self.bots),
                "names": self.bots,
                "games_per_pair": self.games_per_pair,
                "seed": self.seed,
                "turn_limit": self.turn_limit,
                "elo_anchor": elo_anchor(self.bots),
            },
            "pairs": [pair.to_json() for pair in self.pairs],
            "elo": {spec: round(rating, 1) for spec, rating in self.elo.items()},
            "decision_ms": {k: _round(v, 4) for k, v in self.decision_ms().items()},
            "run": {
                "jobs": self.jobs,
                "games": len(self.games),
                "elapsed_s": round(self.elapsed, 3),
                "games_per_s": round(self.games_per_second, 3),
            },
        }

    def dumps(self) -> str:
        """:meth:`to_json` as indented JSON text, with a final newline."""
        return json.dumps(self.to_json(), indent=2) + "\n"

    def record_lines(self) -> Iterator[str]:
        """Each kept game's record (docs/format.md) as one line of JSON, in schedule order,
        with an ``arena`` field (metadata a record may carry) naming the entries at each
        seat, the pair, the winner and how the game ended: the games can be replayed,
        and mined for what the bots did."""
        pairs = [(a, b) for i, a in enumerate(self.bots) for b in self.bots[i + 1 :]]
        for game in self.games:
            if game.record is None:
                continue
            a, b = pairs[game.pair]
            seats = [a, b] if game.a_seat == 0 else [b, a]
            winner = None if game.winner is None else (a if game.winner == "a" else b)
            arena = {"seats": seats, "pair": game.pair, "index": game.index, "winner": winner}
            arena |= {"how": game.how, "turns": game.turns}
            yield json.dumps({**game.record, "arena": arena}) + "\n"


def tally(bots: Sequence[str], games: Sequence[GameResult]) -> list[PairResult]:
    """The per-pair results of ``games`` (the pairs in schedule order)."""
    pairs = [
        PairResult(bots[i], bots[j]) for i in range(len(bots)) for j in range(i + 1, len(bots))
    ]
    for game in games:
        pairs[game.pair].add(game)
    return pairs


def ratings(bots: Sequence[str], pairs: Sequence[PairResult]) -> dict[str, float]:
    """Elo ratings of the distinct specs of ``bots`` from the pairs' finished games."""
    wins: Counter[tuple[str, str]] = Counter()
    for pair in pairs:
        wins[(pair.a, pair.b)] += pair.a_wins
        wins[(pair.b, pair.a)] += pair.b_wins
    return fit_elo(bots, wins)


def run_arena(
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    turn_limit: int = DEFAULT_TURN_LIMIT,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    placement: str | Sequence[str] = "random",
    records: bool = False,
) -> ArenaResult:
    """Play the round robin of ``bots`` (``games`` games per pair) and sum it up.

    ``placement``: one mode of :data:`PLACEMENTS` for every entry, or one per entry
    (a list, or ``"bot,random"``). ``records``: keep every game's record
    (:meth:`ArenaResult.record_lines`). Raises :class:`ArenaError` for bad settings and
    :class:`GameError` if a game fails.
    """
    specs = [spec.strip() for spec in bots]
    check_settings(specs, games, jobs, turn_limit)
    modes = parse_placement(placement, len(specs))
    names = entry_names(specs, modes)
    start = time.perf_counter()
    scheduled = schedule(specs, games, seed, turn_limit, modes)
    if records:
        scheduled = [replace(game, keep_record=True) for game in scheduled]
    results = play_all(scheduled, jobs, progress)
    elapsed = time.perf_counter() - start
    pairs = tally(names, results)
    return ArenaResult(
        bots=names,
        games_per_pair=games,
        seed=seed,
        turn_limit=turn_limit,
        jobs=jobs,
        pairs=pairs,
        elo=ratings(names, pairs),
        games=results,
        elapsed=elapsed,
        specs=specs,
        placement=modes,
    )
