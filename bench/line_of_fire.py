"""What a move's pair is worth when it knows where the Governor stands, and what it tells.

    python bench/line_of_fire.py --bots heuristic --games 300 --seed 1000

A move names two columns; whether the cards changed places stays private (R5.1). A
watcher that reads by the rules alone (``Belief``, as ``search:3`` does) then gives the
two columns the mean of what it gave them before, whatever really happened. So where the
mover's Governor stands in the watcher's picture after the move depends on the pair
alone, and the pair is all a mover can choose to take him out of the line of fire.

For every move of a self-play game (``--bots`` against itself, both placing by its
strategy) made while the mover's Governor stands in its street, this script takes the
mover's exposure (what the opponent can know of its cards, from public facts: the
watcher's picture) and asks whether the Governor's column is the watcher's most suspected
(shared evenly among ties: the chance a shot at the likeliest column hits him):

- ``before``: with no move;
- ``played``: after the pair the bot named;
- ``public``: after the decoy's pair (``decoy_pair``, drawn from the exposure alone);
- ``private``: after a pair that knows where the Governor stands and leaves him least in
  sights, drawn evenly among equals;
- ``guarded``: after the decoy's pair, unless the private pair would leave him less in
  sights, when that one is named instead.

For each pair it also counts how often it names the Governor's column against how often
the exposure expects a pair to (the sum over the moves of its P(Governor at a or b)), in
standard deviations, as ``tests/deduce/test_move_model.py`` counts the expert's: what a watcher
who learned the habit reads. A measurement from the true position, not a bot. The last
line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from move_model import new_game
from outlaws.bots import make_bot
from outlaws.bots.expert import decoy_pair
from outlaws.deduce import Belief
from outlaws.engine import seat_view
from outlaws.engine.actionspace import CHARACTER_ID

GOV = CHARACTER_ID["governor"]
TIE = 1e-9


def mixed(seen: npt.NDArray[np.float64], a: int, b: int) -> npt.NDArray[np.float64]:
    """The watcher's P(Governor) over the columns after a move of columns a and b."""
    after = seen.copy()
    after[a] = after[b] = (seen[a] + seen[b]) / 2
    return after


def in_sights(after: npt.NDArray[np.float64], column: int) -> float:
    """The chance a shot at the watcher's likeliest column hits ``column``."""
    top = float(after.max())
    if after[column] < top - TIE:
        return 0.0
    return 1.0 / int(np.sum(after >= top - TIE))


POLICIES = ("played", "public", "guarded", "private")


def pairs_for(
    seen: npt.NDArray[np.float64],
    column: int,
    pairs: Sequence[tuple[int, int]],
    played: tuple[int, int],
    public: tuple[int, int],
    rng: random.Random,
) -> list[tuple[int, int]]:
    """Each policy's pair, in the order of ``POLICIES``: the bot's own (``played``); the
    decoy's (``public``); among the pairs that leave the Governor at ``column`` least in
    the watcher's sights, one drawn evenly (``private``); and the decoy's unless it
    leaves him more in sights than the private pair would (``guarded``)."""
    risk = {pair: in_sights(mixed(seen, *pair), column) for pair in pairs}
    least = min(risk.values())
    private = rng.choice([pair for pair in pairs if risk[pair] == least])
    guarded = public if risk[public] == least else private
    return [played, public, guarded, private]


def game(spec: str, seed: int) -> npt.NDArray[np.float64]:
    """Sums over the moves of one game where the mover's Governor stands in its street:
    in sights with no move, then for each policy in sights after its pair, the pair
    naming the Governor, the exposure's expectation of it and its variance; and the
    number of moves."""
    state = new_game(spec, seed, "bot")
    bots = [make_bot(spec, seed * 2), make_bot(spec, seed * 2 + 1)]
    rng = random.Random(f"line of fire {seed}")
    # Each seat's exposure, brought up to date at its moves (it reads the log onward).
    exposures: list[Belief | None] = [None, None]
    sums = np.zeros(2 + 4 * len(POLICIES))
    while not state.over:
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        legal = state.legal_actions()
        action = bots[seat].choose(view, legal)
        street = state.street[seat]
        if action.type == "move" and action.a and action.b and GOV in street:
            moves = sorted({(m.a - 1, m.b - 1) for m in legal if m.type == "move" and m.a and m.b})
            exposure = exposures[seat]
            if exposure is None:
                exposure = exposures[seat] = Belief(view, about=seat)
            else:
                exposure.update(view)
            seen = exposure.marginals()[:, GOV]
            column = street.index(GOV)
            decoy = decoy_pair(exposure, [(a + 1, b + 1) for a, b in moves], rng)
            played = (action.a - 1, action.b - 1)
            row = [in_sights(seen, column), 1.0]
            for pair in pairs_for(seen, column, moves, played, (decoy[0] - 1, decoy[1] - 1), rng):
                expected = float(seen[pair[0]] + seen[pair[1]])
                row += [
                    in_sights(mixed(seen, *pair), column),
                    column in pair,
                    expected,
                    expected * (1 - expected),
                ]
            sums += row
        state.apply(action)
    return sums


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--bots", default="heuristic", help="the spec that plays the games")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    sums = sum((game(args.bots, seed) for seed in range(args.seed, args.seed + args.games)),
               np.zeros(2 + 4 * len(POLICIES)))  # fmt: skip
    before, moves = sums[:2]
    result: dict[str, object] = {
        "bots": args.bots,
        "games": args.games,
        "seed": args.seed,
        "moves": int(moves),
        "in_sights_before": round(before / moves, 3),
    }
    for k, policy in enumerate(POLICIES):
        hit, named, expected, variance = sums[2 + 4 * k : 6 + 4 * k]
        result[policy] = {
            "in_sights": round(hit / moves, 3),
            "names_governor": int(named),
            "exposure_expects": round(expected, 1),
            "excess_sd": round((named - expected) / math.sqrt(variance), 1),
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
