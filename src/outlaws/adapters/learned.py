"""A trained policy as an arena bot: ``learned:PATH``.

A policy is a small network saved as a NumPy ``.npz`` file (:func:`save_policy`): tanh
hidden layers, then one logit per action id. :class:`LearnedBot` runs it with NumPy
alone, on the vector of :mod:`outlaws.adapters.features`, so a policy trained with any
library (``examples/train_ppo.py`` uses PyTorch) plays in the arena, at the terminal and
against the other bots without that library. Like every bot it is handed its seat's
view only (R8.3): the view is turned back into the seat's frame
(:func:`~outlaws.engine.view_frame`) and encoded, and its actions are named by id from
what the seat knows of its own cards (:func:`~outlaws.engine.actionspace.encode_action`).

>>> import numpy as np, tempfile, os
>>> from outlaws.engine import State, seat_view
>>> rng = np.random.default_rng(0)
>>> path = os.path.join(tempfile.mkdtemp(), "policy.npz")
>>> hidden = [(rng.normal(size=(489, 16)), np.zeros(16))]
>>> save_policy(path, hidden, (rng.normal(size=(16, 987)), np.zeros(987)))
>>> bot = LearnedBot(seed=1, path=path)
>>> state = State.new(seed=3)
>>> bot.choose(seat_view(state, state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..engine import NUM_ACTIONS, Action, SeatFrame, View, view_frame
from ..engine.actionspace import encode_action
from .features import BASE_SIZE, SeatEncoder

#: What a policy file says it is (its ``format`` entry).
POLICY_FORMAT = "outlaws-policy-1"

Layer = tuple[npt.NDArray[np.floating], npt.NDArray[np.floating]]


def save_policy(path: str, hidden: Sequence[Layer], policy: Layer) -> None:
    """Write a policy: ``hidden`` (weights, biases) layers with tanh, then ``policy``, the
    layer of the action logits. Weights are ``(inputs, outputs)``, the first taking the
    observation vector (:data:`~outlaws.adapters.features.BASE_SIZE` entries)."""
    arrays: dict[str, npt.NDArray[np.generic]] = {"format": np.array(POLICY_FORMAT)}
    for i, (weights, biases) in enumerate(hidden):
        arrays[f"hidden_w{i}"] = np.asarray(weights, np.float32)
        arrays[f"hidden_b{i}"] = np.asarray(biases, np.float32)
    arrays["policy_w"] = np.asarray(policy[0], np.float32)
    arrays["policy_b"] = np.asarray(policy[1], np.float32)
    Policy(_layers(arrays))  # the same checks as loading
    with open(path, "wb") as out:
        np.savez(out, **arrays)  # type: ignore[arg-type]


def _layers(arrays: dict[str, npt.NDArray[np.generic]]) -> list[Layer]:
    count = sum(1 for key in arrays if key.startswith("hidden_w"))
    names = [(f"hidden_w{i}", f"hidden_b{i}") for i in range(count)]
    names.append(("policy_w", "policy_b"))
    layers: list[Layer] = []
    for weights, biases in names:
        if weights not in arrays or biases not in arrays:
            raise ValueError(f"the policy file has no {weights!r} and {biases!r}")
        layers.append((arrays[weights].astype(np.float32), arrays[biases].astype(np.float32)))
    return layers


class Policy:
    """The network of a policy file: observation vectors in, action logits out."""

    def __init__(self, layers: list[Layer]) -> None:
        width = BASE_SIZE
        for i, (weights, biases) in enumerate(layers):
            if weights.ndim != 2 or weights.shape[0] != width or biases.shape != weights.shape[1:]:
                raise ValueError(
                    f"layer {i} of the policy: weights {weights.shape} and biases {biases.shape}"
                    f" do not take {width} inputs"
                )
            width = weights.shape[1]
        if width != NUM_ACTIONS:
            raise ValueError(
                f"the policy gives {width} logits, not one per action id ({NUM_ACTIONS})"
            )
        self.layers = layers

    @classmethod
    def load(cls, path: str) -> Policy:
        """Read a policy file; ValueError, saying what is wrong, for anything else."""
        if not os.path.isfile(path):
            raise ValueError(f"no policy file at {path!r}")
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {key: data[key] for key in data.files}
        except (OSError, ValueError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path!r} is not a policy file (.npz): {error}") from None
        if "format" not in arrays or str(arrays["format"]) != POLICY_FORMAT:
            raise ValueError(f"{path!r} is not a policy file of format {POLICY_FORMAT!r}")
        return cls(_layers(arrays))

    def logits(self, observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """One row of action logits per row of observations."""
        x = np.asarray(observations, dtype=np.float32)
        for weights, biases in self.layers[:-1]:
            x = np.tanh(x @ weights + biases).astype(np.float32)
        weights, biases = self.layers[-1]
        return np.asarray(x @ weights + biases, dtype=np.float32)


class LearnedBot:
    """Plays a policy file: each decision drawn from the policy's probabilities over the
    legal actions (seeded), or the likeliest with ``greedy``."""

    def __init__(self, seed: int | None = None, *, path: str, greedy: bool = False) -> None:
        self.policy = Policy.load(path)
        self.name = f"learned:{os.path.basename(path)}"
        self.greedy = greedy
        self.rng = np.random.default_rng(seed)
        self._encoder: SeatEncoder | None = None
        self._first: object = None

    def _observe(self, view: View) -> tuple[npt.NDArray[np.float32], SeatFrame]:
        """The view's frame and vector, reading only the events since the last view of
        the game."""
        seat = view.viewer
        if seat is None:
            raise ValueError("a bot decides for a seat, not for a spectator")
        encoder = self._encoder
        first = view.log[0] if view.log else None
        if (
            encoder is None
            or encoder.seat != seat
            or encoder.read > len(view.log)
            or first != self._first
        ):
            encoder = self._encoder = SeatEncoder(seat)
            self._first = first
        frame = view_frame(view, since=encoder.read)
        return encoder.encode(frame), frame

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen by the policy from ``view`` alone."""
        if len(legal) == 1:
            return legal[0]
        observation, frame = self._observe(view)
        seat = frame.viewer
        assert seat is not None
        ids = [encode_action(action, frame.saloon[seat], frame.street[seat]) for action in legal]
        logits = self.policy.logits(observation[None, :])[0][ids].astype(np.float64)
        if self.greedy:
            return legal[int(np.argmax(logits))]
        weights = np.exp(logits - logits.max())
        return legal[int(self.rng.choice(len(legal), p=weights / weights.sum()))]


__all__ = ["POLICY_FORMAT", "LearnedBot", "Policy", "save_policy"]
