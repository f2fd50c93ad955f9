"""The research interfaces pass their own frameworks' test suites (docs/research.md).

- **PettingZoo**: ``api_test``, ``seed_test`` and ``max_cycles_test`` from
  ``pettingzoo.test``; a random policy sampled through the mask finishes games; an
  observation never depends on what its seat cannot see (R8.3).
- **OpenSpiel**: ``pyspiel.random_sim_test`` with serialization, in both chance modes;
  OpenSpiel's own IS-MCTS, MCTS and random bots play whole games of ``python_outlaws``;
  ``resample_from_infostate`` gives states with the player's information-state string,
  legal actions and everything the player knows unchanged, reactions pending included.
- **Arena**: the ``openspiel-ismcts`` bot plays from views.

Random games are long: small turn limits keep the suite fast.
"""

from __future__ import annotations

import functools
import random
import types

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402
from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

import outlaws.adapters.openspiel as osp  # noqa: E402
import outlaws.adapters.pettingzoo as pz  # noqa: E402
from outlaws.adapters.features import encode_frame, observation_size  # noqa: E402
from outlaws.arena import run_arena  # noqa: E402
from outlaws.bots import make_bot  # noqa: E402
from outlaws.engine import (  # noqa: E402
    NUM_ACTIONS,
    Placement,
    Setup,
    State,
    View,
    seat_frame,
    seat_view,
)
from tests.scenario import play, table  # noqa: E402

# -- PettingZoo ---------------------------------------------------------------------------


# The frameworks' checkers warn about Dict observations (their own classic games do the
# same); those warnings are advice, not failures.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.slow
def test_pettingzoo_api_test() -> None:
    api_test(pz.env(turn_limit=60), num_cycles=1000)


def test_pettingzoo_seed_test() -> None:
    seed_test(functools.partial(pz.env, turn_limit=60), num_cycles=500)


def test_pettingzoo_max_cycles_test() -> None:
    # max_cycles_test samples actions from the unseeded action spaces, without the mask:
    # illegal ids are substituted, and a random game may end (or a reaction shift whose
    # turn it is) within its 4 cycles about once in 200 runs. Seeding the env (deal and
    # action spaces) makes the run reproducible; the module's own functions are used.
    for seed in (0, 1, 2):
        module = types.SimpleNamespace(
            env=functools.partial(pz.env, seed=seed),
            parallel_env=functools.partial(pz.parallel_env, seed=seed),
        )
        max_cycles_test(module)


def test_pettingzoo_masked_random_policy_finishes_games() -> None:
    env = pz.env(turn_limit=300)
    rng = np.random.default_rng(3)
    outcomes = set()
    for game in range(4):
        env.reset(seed=game)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,) and mask.any()
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert not env.agents  # both agents done: the game finished
        state = env.unwrapped.state_
        assert state.over
        if state.winner is None:
            assert totals == {"player_0": 0.0, "player_1": 0.0}
            outcomes.add("limit")
        else:
            assert totals[f"player_{state.winner}"] == 1.0
            assert totals[f"player_{1 - state.winner}"] == -1.0
            outcomes.add(state.how)
        assert steps > 0
    assert outcomes


def test_pettingzoo_illegal_action_modes() -> None:
    env = pz.env(illegal_action="raise", seed=1)
    env.reset()
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)
    env = pz.env(seed=1)
    env.reset()
    agent = env.agent_selection
    env.step(illegal)
    assert env.infos[agent].get("illegal_action") is True


def test_pettingzoo_render_and_spaces() -> None:
    env = pz.env(render_mode="ansi", belief=True)
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text and "governor" not in text.lower()
    agent = env.agent_selection
    space = env.observation_space(agent)
    observation = env.observe(agent)
    assert space.contains(observation)
    assert observation["observation"].shape == (observation_size(True),)
    assert env.action_space(agent).n == NUM_ACTIONS


def _twin_games() -> tuple[State, State]:
    """Two games that differ only in what seat 0 cannot see: seat 1's arrangement, the
    order of the reserve, and whether seat 1's moves were real swaps."""
    a = table(
        street1=("bandit", "reporter", "dancer", "storekeep", "indian", "sheriff", "hitman",
                 "governor"),
    )  # fmt: skip
    tokens = _default_tokens()
    tokens[8], tokens[9] = tokens[9], tokens[8]  # the reserve, never seen by anyone
    b = table(
        street1=("indian", "governor", "reporter", "bandit", "hitman", "storekeep", "dancer",
                 "sheriff"),
        tokens=tokens,
    )  # fmt: skip
    assert tokens != _default_tokens()
    play(a, "look 3", "move 2 5 swap", "move 1 2 swap", "move 3 4 swap", "look 4")
    play(b, "look 3", "move 2 5 swap", "move 1 2 pretend", "move 3 4 swap", "look 4")
    return a, b


def _default_tokens() -> list[str]:
    from tests.scenario import TOKENS

    return list(TOKENS)


def test_observations_never_depend_on_hidden_information() -> None:
    """R8.3: seat 0's observation is a function of its view alone."""
    a, b = _twin_games()
    assert a.to_json() != b.to_json()
    assert seat_view(a, 0).to_json() == seat_view(b, 0).to_json()
    assert seat_frame(a, 0) == seat_frame(b, 0)
    assert np.array_equal(
        encode_frame(seat_frame(a, 0), seat_view(a, 0)),
        encode_frame(seat_frame(b, 0), seat_view(b, 0)),
    )
    # Seat 1 sees its own cards: there the twins must differ (the test is not vacuous).
    assert not np.array_equal(encode_frame(seat_frame(a, 1)), encode_frame(seat_frame(b, 1)))
    # The same through the environment and through pyspiel's strings and tensors.
    observations = []
    for state in (a, b):
        env = pz.raw_env()
        env.reset(seed=0)
        env.state_ = state
        observations.append(env.observe("player_0"))
    for key in ("observation", "action_mask"):
        assert np.array_equal(observations[0][key], observations[1][key])
    game = pyspiel.load_game("python_outlaws", {"explicit_chance": True})
    states = []
    for state in (a, b):
        spiel = game.new_initial_state()
        for outcome in _deal_outcomes(state):
            spiel.apply_action(outcome)
        for action in state.history:
            spiel.apply_action(action)
        states.append(spiel)
    for method in (
        "information_state_string",
        "information_state_tensor",
        "observation_string",
        "observation_tensor",
    ):
        assert getattr(states[0], method)(0) == getattr(states[1], method)(0), method
    assert states[0].information_state_string(1) != states[1].information_state_string(1)


def _deal_outcomes(state: State) -> list[int]:
    """The explicit-chance outcomes that deal ``state``'s setup."""
    setup = state.setup
    assert setup is not None
    out: list[int] = []
    for seat in (0, 1):
        out += [*setup.saloons[seat], *setup.streets[seat]]
    return [*out, *setup.tokens, setup.first]


# -- OpenSpiel ----------------------------------------------------------------------------


@pytest.mark.parametrize("explicit", [False, True])
def test_openspiel_random_sim_test(explicit: bool) -> None:
    game = pyspiel.load_game("python_outlaws", {"turn_limit": 12, "explicit_chance": explicit})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_game_type_and_serialization() -> None:
    game = pyspiel.load_game("python_outlaws", {"turn_limit": 30, "seed": 9})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == NUM_ACTIONS
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(25):
        legal = state.legal_actions()
        assert legal == sorted(legal)
        state.apply_action(rng.choice(legal))
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    for player in (0, 1):
        assert copy.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize(
    ("explicit", "placing"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_python_callers_get_pyspiel_s_own_answers(explicit: bool, placing: bool) -> None:
    """``legal_actions`` and the tensors are answered in Python for Python callers (the
    crossings into C++ and back cost more than the answers): at every node of random
    games, chance, placement, rebuilt and terminal ones included, they equal what
    pyspiel's own methods compute through the game's callbacks and observers."""
    game = pyspiel.load_game(
        "python_outlaws",
        {"turn_limit": 40, "explicit_chance": explicit, "placement_phase": placing, "seed": 8},
    )
    observation = make_observation(game)
    rng = random.Random(3)
    nodes = 0
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            rebuilt = []
            if state.is_player_node() and not placing and rng.random() < 0.1:
                rebuilt = [state.resample_from_infostate(state.current_player(), rng.random)]
            for node in (state, *rebuilt):
                nodes += 1
                assert node.legal_actions() == pyspiel.State.legal_actions(node)
                for player in (0, 1):
                    assert node.legal_actions(player) == pyspiel.State.legal_actions(node, player)
                    if node.is_chance_node() or node.is_terminal():
                        continue
                    assert node.observation_tensor(player) == pyspiel.State.observation_tensor(
                        node, player
                    )
                    assert node.information_state_tensor(
                        player
                    ) == pyspiel.State.information_state_tensor(node, player)
                    observation.set_from(node, player)  # OpenSpiel's NumPy way, the same
                    assert observation.tensor.tolist() == node.observation_tensor(player)
                if node.is_player_node():
                    assert node.observation_tensor() == node.observation_tensor(
                        node.current_player()
                    )
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert nodes > 200
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(2)


def test_openspiel_bots_play_whole_games() -> None:
    game = pyspiel.load_game("python_outlaws", {"turn_limit": 10, "seed": 3})
    explicit = pyspiel.load_game(
        "python_outlaws", {"turn_limit": 8, "seed": 4, "explicit_chance": True}
    )
    for which, (g, makers) in enumerate(
        [
            (game, ("ismcts", "random")),
            (game, ("mcts", "ismcts")),
            (explicit, ("ismcts", "mcts")),
        ]
    ):
        rng = np.random.RandomState(which)
        evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=20)
        bots = []
        for maker in makers:
            if maker == "ismcts":
                bots.append(ismcts.ISMCTSBot(g, evaluator, 2.0, 8, random_state=rng))
            elif maker == "mcts":
                bots.append(mcts.MCTSBot(g, 2.0, 8, evaluator, random_state=rng))
            else:
                bots.append(pyspiel.make_uniform_random_bot(1, which))
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(int(action))
        assert sum(state.returns()) == 0.0


def _random_states(explicit: bool, games: int = 3) -> list[pyspiel.State]:
    """States met along random games: every 23rd move, every prompt to react (two legal
    actions or fewer), and with explicit chance a few states in the middle of the deal."""
    game = pyspiel.load_game(
        "python_outlaws", {"turn_limit": 80, "explicit_chance": explicit, "seed": 11}
    )
    rng = random.Random(5)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                if len(state.history()) in (5, 15, 25):
                    found.append(state.clone())
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            legal = state.legal_actions()
            if step % 23 == 5 or len(legal) <= 2:
                found.append(state.clone())
            state.apply_action(rng.choice(legal))
            step += 1
    return found


def _prompt_states() -> list[pyspiel.State]:
    """An interception prompt (seat 1 may intercept or pass), then the cancel prompt it
    leads to (seat 0 has no Reverend on the street: it may only pass, R8.5)."""
    engine = table(
        street1=("sheriff", "governor", "hitman", "indian", "storekeep", "dancer", "reporter",
                 "bandit"),
    )  # fmt: skip
    game = pyspiel.load_game("python_outlaws", {"explicit_chance": True})
    state = game.new_initial_state()
    for outcome in _deal_outcomes(engine):
        state.apply_action(outcome)
    play(engine, "hitman 2")
    state.apply_action(engine.history[-1])
    first = state.clone()
    play(engine, "intercept")
    state.apply_action(engine.history[-1])
    assert first.legal_actions() != state.legal_actions() and len(state.legal_actions()) == 1
    return [first, state]


@pytest.mark.parametrize("explicit", [False, True])
def test_resample_from_infostate_is_consistent(explicit: bool) -> None:
    sampler = random.Random(1).random
    states = _random_states(explicit) + (_prompt_states() if explicit else [])
    assert any(s.is_player_node() and len(s.legal_actions()) <= 2 for s in states)
    for state in states:
        player = state.current_player() if state.is_player_node() else 0
        key = state.information_state_string(player)
        for _ in range(2):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == key
            assert sample.current_player() == state.current_player()
            if not state.is_player_node():
                continue
            assert sample.legal_actions() == state.legal_actions()
            mine = state.engine_view(player).to_json()
            theirs = sample.engine_view(player).to_json()
            assert mine == theirs  # everything the player knows, the log included
            # The observation too: the rebuilt state's encoder reads the known past first.
            assert sample.observation_tensor(player) == state.observation_tensor(player)
            # Resampling a resampled state again, and playing on from it.
            again = sample.resample_from_infostate(player, sampler)
            assert again.information_state_string(player) == key
            child = again.child(again.legal_actions()[0])
            lines, child_lines = key.split("\n"), child.information_state_string(player).split("\n")
            assert child_lines[2 : len(lines)] == lines[2:]  # the log goes on from the prefix


def test_resampled_worlds_follow_the_posterior() -> None:
    """The hidden worlds drawn are consistent with every card the player saw."""
    state = table(
        street1=("bandit", "reporter", "dancer", "storekeep", "indian", "sheriff", "hitman",
                 "governor"),
    )  # fmt: skip
    play(state, "indian 4", "look 1")  # seat 0's Indian shows it seat 1's Storekeep at 4
    game = pyspiel.load_game("python_outlaws", {"explicit_chance": True})
    spiel = game.new_initial_state()
    for outcome in [*_deal_outcomes(state), *state.history]:
        spiel.apply_action(outcome)
    assert spiel.current_player() == 1
    sampler = random.Random(3).random
    for _ in range(20):
        sample = spiel.resample_from_infostate(0, sampler)
        assert sample.information_state_string(0) == spiel.information_state_string(0)
        truth = sample._core.state.to_json()
        assert truth["seats"][1]["street"][3] == "storekeep"
        assert truth["seats"][0] == state.to_json()["seats"][0]
        assert truth["slots"][0] == state.to_json()["slots"][0]  # seat 0 looked at slot 1


def test_information_state_root_from_a_view() -> None:
    state = State.new(seed=21)
    rng = random.Random(0)
    for _ in range(30):
        state.apply_id(rng.choice(state.legal_action_ids()))
    while state.pending:
        state.apply_id(state.legal_action_ids()[0])
    seat = state.to_act
    view: View = seat_view(state, seat)
    game = osp.load_game(seed=21)  # the deal of State.new(seed=21)
    root = game.state_from_view(view, random.Random(0).random)
    full = game.new_initial_state()
    for action in state.history:
        full.apply_action(action)
    assert root.information_state_string(seat) == full.information_state_string(seat)
    assert root.legal_actions() == full.legal_actions()


# -- the arena bot ------------------------------------------------------------------------


def test_openspiel_ismcts_bot_in_the_arena() -> None:
    bot = make_bot("openspiel-ismcts:1", 5)
    assert bot.name == "openspiel-ismcts:1"
    state = table()
    legal = state.legal_actions()
    bot.budget_ms = 50  # type: ignore[attr-defined]
    choice = bot.choose(seat_view(state, 0), legal)
    assert choice in legal and bot.simulations >= 2  # type: ignore[attr-defined]
    bot.budget_ms = 0  # type: ignore[attr-defined]  # out of time at once: still answers
    assert bot.choose(seat_view(state, 0), legal) in legal
    result = run_arena(["openspiel-ismcts:1", "random"], games=2, seed=3, turn_limit=2)
    assert result.pairs[0].games == 2


def test_reactions_are_taken_by_the_bot() -> None:
    # Seat 0's Hitman shoots seat 1's Governor opposite; seat 1's Sheriff stands beside it.
    state = table(
        street1=("sheriff", "governor", "hitman", "indian", "storekeep", "dancer", "reporter",
                 "bandit"),
    )  # fmt: skip
    play(state, "hitman 2")  # seat 0's Hitman stands at 2 (scenario.STREET)
    assert state.pending and state.to_act == 1
    bot = make_bot("openspiel-ismcts:1", 0)
    assert bot.choose(seat_view(state, 1), state.legal_actions()).type == "intercept"


def test_core_imports_stay_light() -> None:
    """The engine, the deduction and the bots never import the research frameworks."""
    import subprocess
    import sys

    code = (
        "import sys, outlaws.engine, outlaws.deduce, outlaws.bots, outlaws.arena;"
        "from outlaws.bots import make_bot; make_bot('search:1', 0);"
        "bad = [m for m in ('pyspiel', 'pettingzoo', 'gymnasium') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# -- the optional placement phase (R3.1) -------------------------------------------------

PICKS = 10
#: Seat 0's picks in two games that differ only there: the same Saloon, the street in
#: another order (by character id, place order: columns 1..8, then the Saloon).
ORDER_A = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
ORDER_B = (7, 6, 5, 4, 3, 2, 1, 0, 8, 9)
#: Seat 1's picks in both.
ORDER_1 = (2, 0, 1, 3, 4, 5, 6, 9, 7, 8)
GOVERNOR = 0


def test_pettingzoo_placement_phase_passes_api_and_seed_tests() -> None:
    api_test(pz.env(turn_limit=60, placement_phase=True), num_cycles=1000)
    seed_test(functools.partial(pz.env, turn_limit=60, placement_phase=True), num_cycles=500)


@pytest.mark.parametrize("explicit", [False, True])
def test_openspiel_placement_phase_random_sim_test(explicit: bool) -> None:
    game = pyspiel.load_game(
        "python_outlaws",
        {"turn_limit": 12, "explicit_chance": explicit, "placement_phase": True},
    )
    assert game.num_distinct_actions() == NUM_ACTIONS + PICKS
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_placement_phase_is_off_by_default() -> None:
    """Without the option the spaces are those of the game without a placement phase."""
    env = pz.env()
    env.reset(seed=0)
    assert env.action_space("player_0").n == NUM_ACTIONS
    assert env.unwrapped.state_ is not None
    game = pyspiel.load_game("python_outlaws")
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.new_initial_state().legal_actions()[-1] < NUM_ACTIONS


def test_placement_picks_obey_r3_1_and_start_the_placed_game() -> None:
    """R3.1: the seats pick in turns, seat 0 first; a character is placed once; the
    Governor is never offered for the Saloon, and is the only pick for column 8 while he
    is still to place. Then the game is Setup.placed(seed, placements)."""
    env = pz.env(placement_phase=True)
    env.reset(seed=5)
    raw = env.unwrapped
    assert env.action_space("player_0").n == NUM_ACTIONS + PICKS
    seat0 = (1, 2, 3, 4, 5, 6, 7, 0, 8, 9)  # the Governor left for column 8
    for k in range(PICKS):
        for seat, picks in ((0, seat0), (1, ORDER_1)):
            assert env.agent_selection == f"player_{seat}" and raw.state_ is None
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = {int(i) - NUM_ACTIONS for i in np.flatnonzero(mask)}
            expected = set(range(PICKS)) - set(picks[:k])
            if k >= 8:  # the Saloon
                expected.discard(GOVERNOR)
            elif k == 7 and GOVERNOR not in picks[:k]:
                expected = {GOVERNOR}
            assert legal == expected, (seat, k)
            other = env.observe(f"player_{1 - seat}")["action_mask"]
            assert not other.any()
            env.step(NUM_ACTIONS + picks[k])
    state = raw.state_
    assert state is not None and not state.over
    mine = Placement((1, 2, 3, 4, 5, 6, 7, 0), (8, 9))
    theirs = Placement(ORDER_1[:8], ORDER_1[8:])
    assert state.setup == Setup.placed(raw.deal_seed, [mine, theirs])
    assert env.agent_selection == f"player_{state.to_act}"
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask.shape == (NUM_ACTIONS + PICKS,) and not mask[NUM_ACTIONS:].any()


def _pz_observations(order0: tuple[int, ...]) -> list[dict[str, np.ndarray]]:
    """Seat 1's observation after every pick, then at the first decision of play."""
    env = pz.env(placement_phase=True, belief=True)
    env.reset(seed=8)
    seen = [env.observe("player_1")]
    for k in range(PICKS):
        env.step(NUM_ACTIONS + order0[k])
        seen.append(env.observe("player_1"))
        env.step(NUM_ACTIONS + ORDER_1[k])
        seen.append(env.observe("player_1"))
    return seen


def _spiel_observations(order0: tuple[int, ...]) -> list[tuple[object, ...]]:
    game = pyspiel.load_game("python_outlaws", {"seed": 8, "placement_phase": True})
    state = game.new_initial_state()
    seen = []

    def look() -> None:
        seen.append(
            (
                state.information_state_string(1),
                state.information_state_tensor(1),
                state.observation_string(1),
                state.observation_tensor(1),
                state.legal_actions(1),
            )
        )

    look()
    for k in range(PICKS):
        state.apply_action(NUM_ACTIONS + order0[k])
        look()
        state.apply_action(NUM_ACTIONS + ORDER_1[k])
        look()
    return seen


def test_placement_picks_are_hidden_from_the_other_seat() -> None:
    """R3.1 / R8.3: two games differing only in seat 0's picks (the same Saloon, seen by
    both once play starts, R2.4) give seat 1 the same observations, masks, strings and
    tensors at every pick and at the start of play."""
    a, b = _pz_observations(ORDER_A), _pz_observations(ORDER_B)
    assert len(a) == 2 * PICKS + 1
    for one, two in zip(a, b, strict=True):
        for key in ("observation", "action_mask"):
            assert np.array_equal(one[key], two[key]), key
    spiel_a, spiel_b = _spiel_observations(ORDER_A), _spiel_observations(ORDER_B)
    assert spiel_a == spiel_b
    # Seat 1's own picks are in its observation (the test is not vacuous).
    assert "column 1 sheriff" in spiel_a[2][0]
    assert not np.array_equal(a[0]["observation"], a[2]["observation"])


@pytest.mark.parametrize("explicit", [False, True])
def test_openspiel_bots_play_through_the_placement_phase(explicit: bool) -> None:
    """IS-MCTS resamples the other seat's picks while placing (never knowing them) and
    plays on; the resampled states keep the player's information-state string, also
    while the tokens are dealt after the picks (explicit chance)."""
    game = pyspiel.load_game(
        "python_outlaws",
        {"turn_limit": 4, "seed": 2, "placement_phase": True, "explicit_chance": explicit},
    )
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=10)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    state = game.new_initial_state()
    sampler = random.Random(4).random
    while not state.is_terminal():
        chance = state.is_chance_node()
        player = 1 if chance else state.current_player()
        key = state.information_state_string(player)
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == key
        assert sample.legal_actions() == state.legal_actions() or chance
        if chance:
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(bot.step(state)))
    assert len(state.history()) > 2 * PICKS
