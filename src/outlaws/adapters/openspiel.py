"""Outlaws as an OpenSpiel game: importing this module registers ``python_outlaws``.

>>> import pyspiel
>>> import outlaws.adapters.openspiel  # registers the game
>>> game = pyspiel.load_game("python_outlaws", {"turn_limit": 100})
>>> state = game.new_initial_state()

**Type.** Sequential, imperfect information, zero-sum, terminal rewards (+1 / −1 for a
win / a loss; 0 / 0 when the turn limit ends the game, R9.5), two players. Actions are the
engine's fixed ids (``NUM_ACTIONS`` = 987, relative to the seat acting, docs/notation.md);
legal actions come sorted ascending. The player to act is the engine's ``to_act``: it
may be the seat whose turn it is not, for an interception or a cancel (R8.5).

**Parameters.** ``turn_limit`` (int, default 300): the game ends with no winner after that
many turns; ``explicit_chance`` (bool, default False); ``seed`` (int, default 0).

- ``explicit_chance=False`` (``DETERMINISTIC`` chance mode): every game of the game
  object starts from the deal of ``seed`` (``State.new(seed=seed)``, R3), hidden from the
  players all the same; load the game with another ``seed`` for another deal. The rare
  R9.4 re-deal is the engine's shuffle, seeded by ``seed`` too. (OpenSpiel cannot
  serialize a Python game with *sampled* chance: its random-number state is C++-only.)
- ``explicit_chance=True`` (``EXPLICIT_STOCHASTIC``): the deal is 34 chance nodes, each
  with at most 10 outcomes: seat 0's two Saloon cards then its street columns 1..8 (a
  character id each; the Governor never in the Saloon, R3.1), the same for seat 1, the 13
  tokens one by one (a token id each, slots 1..8 then the reserve, probabilities by what
  is left), then the first seat (0 or 1). An R9.4 sudden death is followed by 8 chance
  nodes dealing its tokens.

**Placement phase.** ``placement_phase`` (bool, default False): when on, every game
starts with the seats' placements (R3.1) as 20 player decisions, the seats taking turns
(seat 0 first); each pick puts one of the seat's characters at its next place (columns
1..8, then Saloon 1 and 2) and has the id ``987 + character id``
(:mod:`outlaws.adapters.placing`), so ``num_distinct_actions`` is 997. A player observes
its own picks and how many the other made, never which. Then the game is
``Setup.placed(seed, placements)`` (tokens and first seat from ``seed``); with
``explicit_chance`` the 13 tokens and the first seat are the 14 chance nodes that follow
the picks instead. Off, the game is exactly the one without the option.

**Information.** Strings and tensors for a player are built from that player's
:class:`~outlaws.engine.View` only (R8.3). The information-state string is the view
(without its log, as sorted JSON) followed by every event of the redacted log, one JSON
line each: perfect recall. The observation string is the view alone. The observation
tensor is the vector of :mod:`outlaws.adapters.features`; the information-state tensor is
that vector followed by the player's exact posterior marginals over the opponent's
arrangement (8 × 10), a summary of the whole log rather than the log itself.

**Serialization.** A state pickles as where it started (a deal seed, the explicit deal,
or a rebuilt position) and the list of actions applied since; deserializing replays them.

**Resampling.** :meth:`OutlawsState.resample_from_infostate` draws a hidden world from
the player's exact posterior (:class:`~outlaws.deduce.Belief`, driven by the given
probability sampler) and rebuilds a state on it, as :func:`~outlaws.deduce.world_state`
does. Such a *rebuilt* state has no history of its own (``history()`` is empty): it
carries the player's log up to the rebuild as a prefix, so that the player's
information-state string is the same as in the state it was resampled from, and its
future is played by the engine like any other. The other seat's history before the
rebuild is not known; its information-state string says so, and the state can be
resampled again only for the seat it was rebuilt for.

The ``openspiel-ismcts`` bot of the arena (:class:`OpenSpielISMCTSBot`) runs OpenSpiel's
own Python IS-MCTS on such states (docs/research.md).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..deduce import Belief, World
from ..deduce.arrangement import N_ARRANGEMENTS, PERMS
from ..engine import (
    COLUMNS,
    NUM_ACTIONS,
    Action,
    Event,
    Placement,
    Setup,
    State,
    View,
    event_tuple,
    seat_frame,
    seat_view,
)
from ..engine.actionspace import (
    ACTION_OF_ID,
    ACTION_TYPES,
    CHARACTERS,
    DEALT_TOKEN_COUNTS,
    EFFECT_ARREST,
    EFFECT_IMMOBILIZE,
    GOVERNOR,
    PENDING_CANCEL,
    PENDING_INTERCEPT,
    SPECS,
    TOKENS,
)
from .features import BELIEF_SIZE, COLUMN_WIDTH, SeatEncoder, encode_placing, observation_size
from .kernel.mirror import MirroredGame
from .placing import NUM_ACTIONS_PLACING, PHASE_PICKS, PLACE_BASE, Picks

SHORT_NAME = "python_outlaws"
DEFAULT_TURN_LIMIT = 300
#: At most this many player moves per turn: 2 actions, each possibly answered by an
#: interception and then a cancel (R8.5).
MOVES_PER_TURN = 6
#: The explicit deal: 2 × (2 Saloon + 8 street) cards, 13 tokens, the first seat.
SEAT_DEAL = 10
TOKEN_DEAL = sum(DEALT_TOKEN_COUNTS.values())
DEAL_STEPS = 2 * SEAT_DEAL + TOKEN_DEAL + 1
#: The R9.4 re-deal: 3 Bullets, 3 Handcuffs, 2 Bogus.
REDEAL_STEPS = COLUMNS
MAX_CHANCE_OUTCOMES = len(CHARACTERS)

_PARAMS: dict[str, Any] = {
    "turn_limit": DEFAULT_TURN_LIMIT,
    "explicit_chance": False,
    "seed": 0,
    "placement_phase": False,
}


def _game_type(explicit: bool) -> pyspiel.GameType:
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Outlaws: Last Man Standing",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if explicit else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMS,
    )


def _game_info(explicit: bool, turn_limit: int, placing: bool = False) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS_PLACING if placing else NUM_ACTIONS,
        max_chance_outcomes=MAX_CHANCE_OUTCOMES if explicit else 0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MOVES_PER_TURN * turn_limit + (PHASE_PICKS if placing else 0),
    )


GAME_TYPE = _game_type(explicit=False)


@dataclasses.dataclass(frozen=True)
class _Settings:
    explicit: bool
    turn_limit: int
    seed: int
    placing: bool = False


class OutlawsGame(pyspiel.Game):
    """The game object (see the module docstring for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMS, **(params or {})}
        explicit = bool(params["explicit_chance"])
        turn_limit = int(params["turn_limit"])
        if turn_limit < 1:
            raise ValueError("turn_limit must be at least 1 (R9.5)")
        placing = bool(params["placement_phase"])
        super().__init__(_game_type(explicit), _game_info(explicit, turn_limit, placing), params)
        self.settings = _Settings(explicit, turn_limit, int(params["seed"]), placing)

    def new_initial_state(self) -> OutlawsState:
        """A new game: dealing (explicit chance), or the deal of ``seed`` (made on first use)."""
        return OutlawsState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> OutlawsObserver:
        """The observer of strings and tensors (information state or observation)."""
        return OutlawsObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    def max_chance_nodes_in_history(self) -> int:
        """The deal, then 8 nodes per R9.4 re-deal: at most one a turn (each needs the 3
        Bullets and 3 Handcuffs spent again)."""
        if not self.settings.explicit:
            return 0
        return DEAL_STEPS + REDEAL_STEPS * self.settings.turn_limit

    def state_from_view(
        self,
        view: View,
        sampler: Callable[[], float],
        belief: Belief | None = None,
    ) -> OutlawsState:
        """An *information-state root* for ``view.viewer``: a state rebuilt on one hidden
        world drawn from the viewer's posterior, whose information-state string for the
        viewer is the one its view implies. ``belief`` (the viewer's up-to-date belief)
        saves rebuilding it from the log."""
        if view.viewer is None or view.over:
            raise ValueError("a root needs a seat's view of a game in progress")
        if belief is None:
            belief = Belief(view)
        elif belief.read < len(view.log):
            belief.update(view)
        core = _Core(self.settings)
        state = OutlawsState(self)
        state._core = core.rebuild(view.viewer, view, sampler, belief)
        # The root is resampled once per simulation: keep what that needs.
        state._core.cache.update(core.cache)
        state._core.cache[("belief", view.viewer)] = belief
        return state


class _Core:
    """Everything an :class:`OutlawsState` holds, in one object: copied with the
    engine's fast ``clone()``, pickled as its origin and the moves since."""

    __slots__ = (
        "cache",
        "deal",
        "game",
        "moves",
        "origin",
        "picks",
        "position",
        "prefix",
        "prefix_events",
        "rebuilt_for",
        "redeal",
        "settings",
    )

    def __init__(self, settings: _Settings) -> None:
        self.settings = settings
        #: The game once dealt: on the compiled rules, which answer what a step needs at
        #: the engine's pace, with the engine's State of it brought up to date when read.
        self.game: MirroredGame | None = None
        #: Or a position rebuilt from a view, played by the engine alone (the compiled
        #: rules start from a deal).
        self.position: State | None = None
        self.deal: list[int] = []
        self.redeal: list[int] | None = None
        self.origin: tuple[Any, ...] = ("explicit",) if settings.explicit else ("seed",)
        self.moves: list[int] = []
        #: The placement phase's picks (None without the phase); kept once it is over.
        self.picks: Picks | None = Picks() if settings.placing else None
        #: Per seat: the information-state lines before the engine's log began.
        self.prefix: tuple[str, str] = ("", "")
        #: The events of ``rebuilt_for``'s log before the rebuild.
        self.prefix_events: tuple[Event, ...] = ()
        self.rebuilt_for: int | None = None
        self.cache: dict[Any, Any] = {}

    # -- life cycle ------------------------------------------------------------------------
    def ensure(self) -> None:
        """Deal the seeded game now if that is still to do (a new state's engine is made
        on first use: a clone never needs it)."""
        if self.game is None and self.origin[0] == "seed" and self.picks is None:
            self._begin(Setup.random(self.settings.seed))

    def _begin(self, setup: Setup) -> None:
        """Start the game of ``setup`` (``State.new(seed, setup, turn_limit)``)."""
        settings = self.settings
        self.game = MirroredGame(settings.seed, setup, settings.turn_limit)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        self.ensure()
        other = _Core.__new__(_Core)
        other.settings = self.settings
        other.game = None if self.game is None else self.game.copy()
        other.position = None if self.position is None else self.position.clone()
        other.deal = self.deal[:]
        other.redeal = None if self.redeal is None else self.redeal[:]
        other.origin = self.origin
        other.moves = self.moves[:]
        other.picks = None if self.picks is None else self.picks.copy()
        other.prefix = self.prefix
        other.prefix_events = self.prefix_events
        other.rebuilt_for = self.rebuilt_for
        other.cache = {}
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        self.ensure()
        settings = dataclasses.astuple(self.settings)
        events = [event.to_json() for event in self.prefix_events]
        return (
            _restore_core,
            (settings, self.origin, list(self.moves), self.prefix, events, self.rebuilt_for),
        )

    @property
    def placing(self) -> bool:
        """In the placement phase: the seats' picks are not all made."""
        return self.picks is not None and not self.picks.done and not self.started

    @property
    def dealing(self) -> bool:
        return (
            self.settings.explicit
            and self.origin[0] == "explicit"
            and not self.started
            and not self.placing
        )

    @property
    def started(self) -> bool:
        """Dealt (or rebuilt): a game is being played."""
        return self.game is not None or self.position is not None

    @property
    def state(self) -> State:
        """The engine's State of the game (brought up to date)."""
        self.ensure()
        if self.game is not None:
            return self.game.state
        assert self.position is not None, "the deal is not over"
        return self.position

    # -- a step: from the compiled rules when the game has them -----------------------------
    def to_act(self) -> int | None:
        """The seat to act, None once the game is over (the deal and the placement
        phase aside)."""
        self.ensure()
        game = self.game
        if game is not None:
            return None if game.over else game.to_act
        state = self.state
        return None if state.over else state.to_act

    @property
    def over(self) -> bool:
        self.ensure()
        return self.game.over if self.game is not None else self.state.over

    @property
    def winner(self) -> int | None:
        self.ensure()
        return self.game.winner if self.game is not None else self.state.winner

    def legal_ids(self) -> list[int]:
        """The legal ids of the seat to act, ascending."""
        self.ensure()
        if self.game is not None:
            return self.game.legal_ids()
        return sorted(self.state.legal_action_ids())

    # -- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node to come, with their probabilities."""
        if self.redeal is not None:
            pool = Counter(self.state.slots)
            pool.subtract(self.redeal)
            return _weighted(pool)
        step = len(self.deal)
        if step < 2 * SEAT_DEAL:
            seat, k = divmod(step, SEAT_DEAL)
            placed = set(self.deal[seat * SEAT_DEAL : step])
            left = [
                ch
                for ch in range(len(CHARACTERS))
                if ch not in placed and not (k < 2 and ch == GOVERNOR)
            ]
            return [(ch, 1.0 / len(left)) for ch in left]
        if step < 2 * SEAT_DEAL + TOKEN_DEAL:
            pool = Counter(DEALT_TOKEN_COUNTS)
            pool.subtract(self.deal[2 * SEAT_DEAL : step])
            return _weighted(pool)
        return [(0, 0.5), (1, 0.5)]

    def apply(self, move: int) -> None:
        """Apply a chance outcome or a player's action id."""
        self.ensure()
        game = self.game
        if game is not None and self.redeal is None:  # the common case, first: a move
            explicit = self.settings.explicit  # only then is a sudden death's deal chance's
            before = game.sudden_deaths if explicit else 0
            game.apply(move)
            self.moves.append(move)
            if explicit and game.sudden_deaths > before and not game.over:
                self.redeal = []  # its tokens are chance nodes (R9.4)
            return
        if self.placing:
            assert self.picks is not None
            self.picks.apply(move)
            self.moves.append(move)
            if self.picks.done:
                self._placed(self.picks.placements())
            return
        if self.dealing:
            if move not in dict(self.chance_outcomes()):
                raise ValueError(f"{move} is not a possible outcome of deal step {len(self.deal)}")
            self.deal.append(move)
            self.moves.append(move)
            if len(self.deal) == DEAL_STEPS:
                self._begin(_setup_of(self.deal))
            return
        if self.redeal is not None:
            if move not in dict(self.chance_outcomes()):
                raise ValueError(f"{move} is not a token left to re-deal (R9.4)")
            self.redeal.append(move)
            self.moves.append(move)
            if len(self.redeal) == REDEAL_STEPS:
                # the face-down R9.4 tokens, dealt explicitly
                if self.game is not None:
                    self.game.deal_tokens(self.redeal)
                else:
                    self.state.slots = self.redeal
                self.redeal = None
            return
        state = self.position  # a position rebuilt from a view: the engine alone plays it
        assert state is not None, "the deal is not over"
        before = state.sudden_deaths
        state.apply_id(move)
        self.moves.append(move)
        if self.settings.explicit and state.sudden_deaths > before and not state.over:
            self.redeal = []

    def _placed(self, placements: list[Placement]) -> None:
        """Both seats have placed (R3.1): the game of ``Setup.placed``, or, with explicit
        chance, the deal goes on from its token steps with the cards as placed."""
        settings = self.settings
        if settings.explicit:
            self.deal = [ch for p in placements for ch in (*p.saloon, *p.street)]
            return
        self._begin(Setup.placed(settings.seed, placements))

    # -- what a seat knows -----------------------------------------------------------------
    def full_view(self, seat: int) -> View:
        """``seat``'s view with its whole log (the prefix of a rebuilt state included).

        Raises ValueError for the seat a rebuilt state was not rebuilt for: its history
        before the rebuild is unknown."""
        view = seat_view(self.state, seat)
        if self.rebuilt_for is None:
            return view
        if seat != self.rebuilt_for:
            raise ValueError(
                f"this state was rebuilt from seat {self.rebuilt_for}'s information: seat"
                f" {seat}'s history before it is not known"
            )
        return dataclasses.replace(view, log=self.prefix_events + view.log)

    def known_view(self, seat: int) -> View:
        """The longest view of ``seat`` this state holds (:meth:`full_view` when known)."""
        if self.rebuilt_for is None or seat == self.rebuilt_for:
            return self.full_view(seat)
        return seat_view(self.state, seat)

    def lines(self, seat: int) -> list[str]:
        """The JSON lines of ``seat``'s redacted log since the engine began (cached)."""
        key = ("lines", seat)
        lines: list[str] = self.cache.setdefault(key, [])
        log = seat_view(self.state, seat).log
        for event in log[len(lines) :]:
            lines.append(_event_line(event))
        return lines

    def belief(self, seat: int) -> Belief:
        """``seat``'s belief over the opponent's arrangement, kept up to date."""
        view = self.known_view(seat)
        key = ("belief", seat)
        belief = self.cache.get(key)
        if belief is None or belief.read > len(view.log):
            belief = self.cache[key] = Belief(view)
        elif belief.read < len(view.log):
            belief.update(view)
        return belief

    # -- rebuilding ------------------------------------------------------------------------
    def rebuild(self, seat: int, view: View, sampler: Callable[[], float], belief: Belief) -> _Core:
        """A core rebuilt for ``seat`` from its full ``view`` on a world drawn from
        ``belief`` (the seat's, up to date with ``view``) with ``sampler`` (uniform floats
        in [0, 1))."""
        cdf_key = ("cdf", seat, belief.read)
        cdf = self.cache.get(cdf_key)
        if cdf is None:
            cdf = self.cache[cdf_key] = np.cumsum(belief.arrangement.p)
        world = _sample_world(belief, view, cdf, sampler)
        engine_seed = int(sampler() * 2**31)
        data, known, pending = _position(view, world, belief.their_slots)
        other = _Core(self.settings)
        other.picks = None  # a position: its placement phase, if any, is long over
        other.origin = ("position", json.dumps(data), tuple(known), pending, engine_seed)
        other.position = _position_state(self.settings, data, known, pending, engine_seed)
        text_key = ("prefix", seat, len(view.log))
        lines = self.cache.get(text_key)
        if lines is None:
            lines = self.cache[text_key] = "\n".join(_event_line(e) for e in view.log)
        prefix = ["", ""]
        prefix[seat] = lines
        prefix[1 - seat] = f"(seat {1 - seat}'s history before this position is not known)"
        other.prefix = (prefix[0], prefix[1])
        other.prefix_events = tuple(view.log)
        other.rebuilt_for = seat
        return other


def _restore_core(
    settings: tuple[Any, ...],
    origin: tuple[Any, ...],
    moves: list[int],
    prefix: tuple[str, str],
    events: list[dict[str, Any]],
    rebuilt_for: int | None,
) -> _Core:
    """Unpickle a core: its origin, then replay its moves."""
    core = _Core(_Settings(*settings))
    core.origin = tuple(origin)
    if origin[0] == "seed":
        core.ensure()
    elif origin[0] == "position":
        _, data, known, pending, engine_seed = origin
        core.position = _position_state(
            core.settings, json.loads(data), list(known), pending, engine_seed
        )
    for move in moves:
        core.apply(move)
    core.prefix = (prefix[0], prefix[1])
    core.prefix_events = tuple(_event_of(event) for event in events)
    core.rebuilt_for = rebuilt_for
    return core


def _event_of(data: dict[str, Any]) -> Event:
    """The :class:`Event` of its JSON (``Event.to_json``); fields keep their order."""
    fields = tuple(
        (key, tuple(value) if isinstance(value, list) else value)
        for key, value in data.items()
        if key not in ("turn", "type", "seat", "public")
    )
    return Event(data["turn"], data["type"], data["seat"], fields, data.get("public", True))


def _event_line(event: Event) -> str:
    out = event.to_json()
    if not event.public:
        out["public"] = False
    return json.dumps(out, separators=(",", ":"))


def _weighted(pool: Counter[int]) -> list[tuple[int, float]]:
    total = sum(n for n in pool.values() if n > 0)
    return [(k, n / total) for k, n in sorted(pool.items()) if n > 0]


def _setup_of(deal: Sequence[int]) -> Setup:
    seats = [deal[s * SEAT_DEAL : (s + 1) * SEAT_DEAL] for s in (0, 1)]
    return Setup(
        first=deal[-1],
        streets=(tuple(seats[0][2:]), tuple(seats[1][2:])),
        saloons=(tuple(seats[0][:2]), tuple(seats[1][:2])),
        tokens=tuple(deal[2 * SEAT_DEAL : 2 * SEAT_DEAL + TOKEN_DEAL]),
    )


def _active_seat(view: View) -> int:
    """The seat whose turn it is (the last ``turn`` event of the log)."""
    for event in reversed(view.log):
        if event.type == "turn":
            return _seat_of(event)
    assert view.to_act is not None
    return view.to_act


def _seat_of(event: Event) -> int:
    """The seat that took a seat's action (only the table's own events have none)."""
    assert event.seat is not None, event
    return event.seat


def _pending_of(view: View) -> tuple[int, tuple[int, ...], int] | None:
    """The engine's (pending, context, reacting seat) of a view awaiting a reaction,
    read back from its log (R8.5)."""
    if view.pending is None:
        return None
    assert view.to_act is not None
    if view.pending == "intercept":
        hit = next(e for e in reversed(view.log) if e.type == "hitman")
        return (PENDING_INTERCEPT, (hit["col"] - 1,), view.to_act)
    trigger = next(e for e in reversed(view.log) if e.type in ("sheriff", "intercept"))
    if trigger.type == "sheriff":
        effect = EFFECT_ARREST if trigger["call"] == "hitman" else EFFECT_IMMOBILIZE
        context = (effect, _seat_of(trigger), trigger["target"] - 1)
    else:
        hit = next(e for e in reversed(view.log) if e.type == "hitman")
        context = (EFFECT_ARREST, _seat_of(trigger), hit["col"] - 1)
    return (PENDING_CANCEL, context, view.to_act)


def _sample_world(
    belief: Belief, view: View, cdf: np.ndarray, sampler: Callable[[], float]
) -> World:
    """One hidden world: the arrangement by inverse CDF of one sampler draw, the unseen
    tokens shuffled (from a second draw) over the unknown slots and the reserve, as
    :meth:`Belief.sample` deals them."""
    u = float(sampler()) * float(cdf[-1])
    k = min(int(np.searchsorted(cdf, u, side="right")), N_ARRANGEMENTS - 1)
    while belief.arrangement.p[k] <= 0.0 and k > 0:  # never land on an impossible one
        k -= 1
    labels = belief.arrangement.labels
    street = tuple(CHARACTERS[labels[label]] for label in PERMS[k])
    pool = [name for name, n in sorted(belief.unseen_tokens().items()) for _ in range(n)]
    rng = random.Random(int(sampler() * 2**53))
    rng.shuffle(pool)
    slots: list[str | None] = list(view.slots)
    for slot in range(view.filled):
        if slots[slot] is None:
            slots[slot] = pool.pop()
    return World(street=street, slots=tuple(slots), reserve=tuple(pool))


def _position(
    view: View, world: World, their_slots: Sequence[bool] = ()
) -> tuple[dict[str, Any], list[int], tuple[int, tuple[int, ...], int] | None]:
    """The whole-state JSON ``world`` completes ``view`` into (as
    :func:`outlaws.deduce.world_state` builds it), the slots' knowledge bits (the
    viewer's, and the opponent's for the slots it looked at, ``Belief.their_slots``), and
    the reaction awaited, if any."""
    seat = view.viewer
    assert seat is not None
    pending = _pending_of(view)
    data = dataclasses.replace(view, log=()).to_json()
    del data["log"]
    if pending is not None:
        data["pending"] = None
        data["to_act"] = _active_seat(view)
    data["seats"][1 - seat]["street"] = list(world.street)
    data["slots"] = list(world.slots)
    data["reserve"] = list(world.reserve)
    known = [1 << seat if token is not None else 0 for token in view.slots]
    for slot, knows in enumerate(their_slots):
        if knows and slot < view.filled:
            known[slot] |= 1 << (1 - seat)
    return data, known, pending


def _position_state(
    settings: _Settings,
    data: dict[str, Any],
    known: Sequence[int],
    pending: Sequence[Any] | None,
    engine_seed: int,
) -> State:
    state = State.from_json(data, seed=engine_seed, turn_limit=settings.turn_limit, known=known)
    if pending is not None:
        # A position cannot start in a reaction (State.from_json): set it as the engine
        # leaves it when it asks for one (State._prompt).
        state.pending, context, state.to_act = pending[0], tuple(pending[1]), pending[2]
        state.context = context
    return state


class OutlawsState(pyspiel.State):
    """One game in progress (see the module docstring)."""

    def __init__(self, game: OutlawsGame) -> None:
        super().__init__(game)
        self._core = _Core(game.settings)

    # -- the game --------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL once over."""
        core = self._core
        game = core.game
        if game is not None and core.redeal is None:  # the common case, asked at every step
            return int(pyspiel.PlayerId.TERMINAL) if game.over else game.to_act
        if core.placing:
            assert core.picks is not None
            return core.picks.to_act
        if core.dealing or core.redeal is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = core.to_act()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """The engine's legal action ids for ``player``, sorted ascending."""
        core = self._core
        if core.placing:
            assert core.picks is not None
            return core.picks.legal() if player == core.picks.to_act else []
        if player != core.to_act():
            return []
        return core.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node and their probabilities."""
        assert self.is_chance_node()
        return self._core.chance_outcomes()

    # -- the step's questions, answered here ----------------------------------------------
    # pyspiel's own legal_actions and tensors cross into C++ and back into this class
    # (and, for a tensor, build a new initial state to size it on every call). Python
    # callers get the same answers from these, without the crossings; C++ callers still
    # go through pyspiel, which asks the methods above. tests/adapters/test_frameworks.py compares
    # the two.
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the player to act), as pyspiel's
        ``State.legal_actions``: none at the end, the outcomes at a chance node."""
        current = self.current_player()
        if current == pyspiel.PlayerId.TERMINAL:
            return []
        if current == pyspiel.PlayerId.CHANCE:
            return [outcome for outcome, _ in self._core.chance_outcomes()]
        if player is None or player == current:
            return self._legal_actions(current)
        if player < 0:
            raise pyspiel.SpielError(f"legal actions of pseudo-player {player}")
        return []

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (default: the player to act), as pyspiel's."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information-state tensor (default: the player to act), as
        pyspiel's."""
        return self._tensor(True, player)

    def _tensor(self, perfect_recall: bool, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < 2:
            raise pyspiel.SpielError(f"a tensor is for player 0 or 1, not {seat}")
        observer = _observer(perfect_recall)
        game = self._core.game
        if game is not None and not perfect_recall:  # set_from's own case, made quicker
            return game.games.observe_list(0, seat, observer.tensor)
        observer.set_from(self, seat)
        tensor: list[float] = observer.tensor.tolist()
        return tensor

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE:
            return _chance_to_string(core, int(action))
        if action >= PLACE_BASE:
            return f"place {CHARACTERS[action - PLACE_BASE]}"
        known = ACTION_OF_ID[action] if 0 <= action < NUM_ACTIONS else None
        if known is not None:
            return str(known)
        if core.started and core.state.active == player:
            return str(core.state.decode(int(action)))
        spec = SPECS[action]
        return f"{ACTION_TYPES[spec[0]]} {' '.join(str(x) for x in spec[1:])}"

    def is_terminal(self) -> bool:
        """Whether the game is over (won, or ended by the turn limit)."""
        core = self._core
        if core.game is not None:
            return core.redeal is None and core.game.over
        return not core.placing and not core.dealing and core.redeal is None and core.over

    def returns(self) -> list[float]:
        """+1 / −1 once won; 0 / 0 otherwise (the turn limit included)."""
        core = self._core
        winner = core.winner if core.started else None
        if winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == winner else -1.0 for seat in (0, 1)]

    def __str__(self) -> str:
        """The true state, as JSON (for debugging: it shows everything)."""
        core = self._core
        if core.placing:
            assert core.picks is not None
            return json.dumps({"placing": list(core.picks.own)})
        if core.dealing:
            return json.dumps({"deal": core.deal})
        state = core.state
        out = state.to_json()
        out["known"] = list(state.known)
        out["history"] = list(state.history)
        out["events"] = len(state.log)
        if core.redeal is not None:
            out["redeal"] = core.redeal
        if core.rebuilt_for is not None:
            out["rebuilt_for"] = core.rebuilt_for
            out["prefix_events"] = len(core.prefix_events)
        return json.dumps(out, sort_keys=True)

    # -- resampling ------------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> OutlawsState:
        """A state drawn from ``player_id``'s information state: same information-state
        string for that player, a hidden world drawn from its exact posterior.

        ``probability_sampler()`` must return uniform floats in [0, 1) (OpenSpiel's
        ``UniformProbabilitySampler``); by default Python's ``random``.
        """
        sampler = probability_sampler if probability_sampler is not None else random.random
        core = self._core
        game: OutlawsGame = self.get_game()  # pyspiel hands back the Python game object
        if core.placing or core.dealing:
            return _resample_deal(game, core, player_id, sampler)
        if core.redeal is not None:
            raise ValueError("resample at a player node, not during the R9.4 re-deal")
        if core.state.over:
            same: OutlawsState = self.clone()  # a Python state clones as its own class
            return same
        view = core.full_view(player_id)
        state = game.new_initial_state()
        state._core = core.rebuild(player_id, view, sampler, core.belief(player_id))
        return state

    # -- helpers for the bot and the tests -------------------------------------------------
    def engine_view(self, seat: int) -> View:
        """``seat``'s view (its whole log when this state knows it)."""
        return self._core.known_view(seat)

    @property
    def rebuilt_for(self) -> int | None:
        """The seat this state was rebuilt for by resampling, or None."""
        return self._core.rebuilt_for

    def encode(self, action: Action) -> int:
        """The id of ``action`` for the seat to act."""
        return self._core.state.encode(action)


def _resample_deal(
    game: OutlawsGame, core: _Core, player: int, sampler: Callable[[], float]
) -> OutlawsState:
    """During the explicit deal: the same steps, the player's own cards and the first
    seat kept, every other outcome (the opponent's cards, the face-down tokens) redrawn."""
    state = game.new_initial_state()
    new = state._core
    start = 0
    if core.picks is not None:
        _resample_picks(new, core.picks, player, sampler)
        if core.placing:
            return state
        start = 2 * SEAT_DEAL  # the cards are placed: the deal goes on with the tokens
    for step, outcome in enumerate(core.deal[start:], start):
        own = player * SEAT_DEAL <= step < (player + 1) * SEAT_DEAL
        if own or step == DEAL_STEPS - 1:
            new.apply(outcome)
            continue
        u = float(sampler())
        total = 0.0
        choices = new.chance_outcomes()
        pick = choices[-1][0]
        for value, p in choices:
            total += p
            if u < total:
                pick = value
                break
        new.apply(pick)
    return state


def _resample_picks(new: _Core, picks: Picks, player: int, sampler: Callable[[], float]) -> None:
    """Replay ``picks`` on ``new``: the player's own as made, the other seat's as many
    drawn from a placement drawn uniformly (R3.1) with one ``sampler`` draw."""
    other = Placement.random(random.Random(int(sampler() * 2**53)))
    theirs = [*other.street, *other.saloon]
    for i in range(picks.made):
        seat, k = i % 2, i // 2
        ch = picks.own[player][k] if seat == player else theirs[k]
        new.apply(PLACE_BASE + ch)


def _chance_to_string(core: _Core, outcome: int) -> str:
    if core.redeal is not None:
        return f"sudden death deal: {TOKENS[outcome]}"
    step = len(core.deal)
    if step < 2 * SEAT_DEAL:
        seat, k = divmod(step, SEAT_DEAL)
        where = f"saloon {k + 1}" if k < 2 else f"column {k - 1}"
        return f"deal seat {seat} {where}: {CHARACTERS[outcome]}"
    if step < 2 * SEAT_DEAL + TOKEN_DEAL:
        k = step - 2 * SEAT_DEAL
        where = f"slot {k + 1}" if k < COLUMNS else f"reserve {k - COLUMNS + 1}"
        return f"deal {where}: {TOKENS[outcome]}"
    return f"first seat: {outcome}"


@functools.lru_cache(maxsize=64)
def _dealt_features(settings: _Settings, player: int) -> npt.NDArray[np.float32]:
    """``player``'s feature vector at the start of the seeded game of ``settings``."""
    state = State.new(seed=settings.seed, turn_limit=settings.turn_limit)
    features = SeatEncoder(player).encode(seat_frame(state, player))
    features.setflags(write=False)
    return features


@functools.cache
def _observer(perfect_recall: bool) -> OutlawsObserver:
    """The observer of the game's default observation or information state (as
    pyspiel's game keeps one of each)."""
    return OutlawsObserver(pyspiel.IIGObservationType(perfect_recall=perfect_recall))


class OutlawsObserver:
    """OpenSpiel's Python observer: strings and tensors from one player's view only.

    With ``perfect_recall`` (the information state): the string is the view and every
    event of its redacted log; the tensor is the feature vector and the belief
    marginals. Without: the view alone, and the feature vector.
    """

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: Any = None) -> None:
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("python_outlaws observes for a single player (its own view)")
        if not iig_obs_type.public_info:
            raise ValueError("python_outlaws has no private-only observation")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = observation_size(False)
        self.tensor = np.zeros(size + (BELIEF_SIZE if self.perfect_recall else 0), np.float32)
        self.dict = {"features": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["belief"] = self.tensor[size:].reshape(COLUMNS, len(CHARACTERS))

    def set_from(self, state: OutlawsState, player: int) -> None:
        """Write ``player``'s tensor for ``state``."""
        core = state._core
        self.tensor.fill(0.0)
        features = self.dict["features"]
        if core.placing:
            assert core.picks is not None
            own = core.picks.own[player]
            encode_placing(player, own, core.picks.to_act == player, out=features)
            return
        if core.dealing:
            features[COLUMNS * COLUMN_WIDTH + player] = 1.0
            placed = core.deal[player * SEAT_DEAL : (player + 1) * SEAT_DEAL][2:]
            for col, ch in enumerate(placed):
                features[col * COLUMN_WIDTH + ch] = 1.0
            return
        if (
            not self.perfect_recall
            and not core.started
            and core.origin[0] == "seed"
            and core.picks is None
        ):
            # A seeded state not yet dealt: pyspiel asks for one with every tensor it
            # reads (its size), so the deal's tensor is kept per game.
            features[:] = _dealt_features(core.settings, player)
            return
        if core.game is not None:
            core.game.observe(player, features)
        else:  # a rebuilt position: the encoder also reads what came before it
            encoder = core.cache.get(("encoder", player))
            if encoder is None:
                encoder = core.cache[("encoder", player)] = SeatEncoder(player)
                if player == core.rebuilt_for:  # what the player saw before the rebuild
                    encoder.follow(event_tuple(event) for event in core.prefix_events)
            encoder.encode(seat_frame(core.state, player, since=encoder.read), out=features)
        if self.perfect_recall:
            marginals = np.clip(core.belief(player).marginals(), 0.0, 1.0)
            self.dict["belief"][:] = marginals

    def string_from(self, state: OutlawsState, player: int) -> str:
        """``player``'s information-state (or observation) string for ``state``."""
        core = state._core
        if core.placing:
            assert core.picks is not None
            return f"seat {player}\n{core.picks.describe(player)}"
        if core.dealing:
            own = core.deal[player * SEAT_DEAL : (player + 1) * SEAT_DEAL]
            names = [CHARACTERS[ch] for ch in own]
            return (
                f"seat {player}\ndealing {len(core.deal)}/{DEAL_STEPS}\n"
                f"saloon {names[:2]} street {names[2:]}"
            )
        view = seat_view(core.state, player)
        head = dataclasses.replace(view, log=()).to_json()
        del head["log"]
        parts = [f"seat {player}", json.dumps(head, sort_keys=True, separators=(",", ":"))]
        if self.perfect_recall:
            if core.prefix[player]:
                parts.append(core.prefix[player])
            parts.extend(core.lines(player))
        return "\n".join(parts)


# -- the arena bot -------------------------------------------------------------------------


def load_game(**params: Any) -> OutlawsGame:
    """``pyspiel.load_game("python_outlaws", params)``."""
    game: OutlawsGame = pyspiel.load_game(SHORT_NAME, params)
    return game


#: CPU milliseconds per decision of ``openspiel-ismcts:N``: about what ``search:N`` spends
#: (its median CPU time per decision, docs/bots.md and ``bench/bots.py``: 86, 212, 419 and
#: 1364 ms for levels 1 to 4; level 5 is extrapolated from its cap on simulated actions).
BUDGET_MS: dict[int, float] = {1: 90.0, 2: 210.0, 3: 400.0, 4: 1400.0, 5: 4000.0}


class OpenSpielISMCTSBot:
    """The arena's ``openspiel-ismcts``: OpenSpiel's own Python IS-MCTS on a root built
    from the seat's view (it never sees the true state).

    Each decision builds an *information-state root* from the view
    (:meth:`OutlawsGame.state_from_view`: a world drawn from the seat's exact posterior
    completes the view; the seat's log rides along so that its information-state string
    is the true one). IS-MCTS then calls ``resample_from_infostate`` on that root once
    per simulation, so every simulation runs on a fresh world drawn from the posterior;
    its tree is keyed by information-state strings. Leaves are valued by random
    rollouts (``mcts.RandomRolloutEvaluator``) of at most ``rollout_limit`` moves; an
    unfinished rollout is worth 0. The search stops when it has used the CPU time of
    :data:`BUDGET_MS` for its level (about what our ``search`` bot of the same level
    spends on a decision; building the root counts), or after ``max_simulations``.
    Reactions (intercept, cancel) are taken whenever legal, as the other bots do: they
    never lose anything.
    """

    name = "openspiel-ismcts"

    def __init__(
        self,
        seed: int | None = None,
        level: int = 3,
        budget_ms: float | None = None,
        uct_c: float = 2.0,
        rollout_limit: int | None = 40,
        max_simulations: int = 100_000,
        turn_limit: int = DEFAULT_TURN_LIMIT,
    ) -> None:
        self.level = level
        self.name = f"openspiel-ismcts:{level}"
        self.budget_ms = BUDGET_MS[level] if budget_ms is None else budget_ms
        self.rng = random.Random(seed)
        np_rng = np.random.RandomState(self.rng.getrandbits(32))
        self.game = load_game(turn_limit=turn_limit, seed=self.rng.getrandbits(31))
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np_rng, max_length=rollout_limit
        )
        self.search = _TimedISMCTSBot(
            self.game, evaluator, uct_c, max_simulations, np_rng, self.budget_ms / 1000.0
        )
        self.search.set_resampler(
            lambda state, player: state.resample_from_infostate(player, self.rng.random)
        )
        self.belief: Belief | None = None
        #: Simulations run by the last search.
        self.simulations = 0

    def _observe(self, view: View) -> Belief:
        belief = self.belief
        if (
            belief is None
            or belief.seat != view.viewer
            or len(view.log) < belief.read
            or view.log[:1] != belief.view.log[:1]
        ):
            belief = self.belief = Belief(view)
        else:
            belief.update(view)
        return belief

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen by IS-MCTS knowing only ``view``."""
        if view.pending is not None:
            return next((a for a in legal if a.type != "pass"), legal[0])
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()
        belief = self._observe(view)
        root = self.game.state_from_view(view, self.rng.random, belief)
        by_id = {root.encode(action): action for action in legal}
        spent = time.process_time() - start
        self.search.budget_s = max(0.0, self.budget_ms / 1000.0 - spent)
        action_id = int(self.search.step(root))
        self.simulations = self.search.simulations
        return by_id[action_id]


class _TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS with a CPU-time budget per search: its own loop, cut at the
    deadline (after at least two simulations). CPU time, not wall-clock time, so that a
    busy machine does not starve it."""

    def __init__(
        self,
        game: pyspiel.Game,
        evaluator: mcts.Evaluator,
        uct_c: float,
        max_simulations: int,
        random_state: np.random.RandomState,
        budget_s: float,
    ) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations, random_state=random_state)
        self.budget_s = budget_s
        self.simulations = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        """``ISMCTSBot.run_search`` with the deadline."""
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.process_time() + self.budget_s
        n = 0
        # The first simulation only expands the root: two at least, so that the final
        # policy has visits to count.
        while n < self._max_simulations and (n < 2 or time.process_time() < deadline):
            self.run_simulation(self.sample_root_state(state))
            n += 1
        self.simulations = n
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


pyspiel.register_game(GAME_TYPE, OutlawsGame)

__all__ = [
    "BUDGET_MS",
    "GAME_TYPE",
    "SHORT_NAME",
    "OpenSpielISMCTSBot",
    "OutlawsGame",
    "OutlawsObserver",
    "OutlawsState",
    "load_game",
]
