"""The legal actions of a seat as a mask of fixed length: what a client is sent.

A seat's legal actions follow its hidden cards (after a real swap its Saloon exchanges
name other cards; its list grows and shrinks with them), so a list sent as text tells an
eavesdropper who compares lengths something of those cards. A mask over the fixed action
space (:mod:`outlaws.engine.actionspace`) is as long whatever it holds: bit ``i`` is set
when the action of id ``i`` is legal, and the mask is sent as base64 text of
:data:`MASK_CHARS` characters.

A Saloon exchange's id names places, not cards; the seat reading a mask has those cards
in its own view. :func:`action_templates` says, for every id, the action object with
places where the exchange names cards; :func:`actions_of_mask` reads a mask back into
actions from the seat's view.

>>> from outlaws.engine import State, seat_view
>>> state = State.new(seed=42)
>>> mask = legal_mask(state.legal_action_ids())
>>> len(mask) == MASK_CHARS, mask_ids(mask) == sorted(state.legal_action_ids())
(True, True)
>>> view = seat_view(state, state.to_act)
>>> sorted(map(str, actions_of_mask(mask, view))) == sorted(map(str, state.legal_actions()))
True
>>> action_templates()[58]  # doctest: +NORMALIZE_WHITESPACE
{'type': 'saloon', 'card': {'saloon': 0}, 'a': 1, 'b': 2, 'to_saloon': {'col': 1},
 'at_a': {'saloon': 0}}
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable
from functools import cache
from typing import Any

from .actions import ACTION_OF_ID, K_SALOON, NUM_ACTIONS, SPECS, Action, spec_to_action
from .names import CHARACTER_ID
from .views import View

#: The bytes of a mask: one bit per action id.
MASK_BYTES = (NUM_ACTIONS + 7) // 8
#: The characters of a mask's base64 text (with its ``=`` padding).
MASK_CHARS = 4 * ((MASK_BYTES + 2) // 3)

#: The fields of a Saloon exchange that name a card (R5.2).
_CARD_FIELDS = ("card", "to_saloon", "at_a")


def legal_mask(ids: Iterable[int]) -> str:
    """The base64 text of the mask of ``ids``: bit ``i % 8`` (least significant first) of
    byte ``i // 8`` is set for each id ``i``."""
    bits = 0
    for action_id in ids:
        bits |= 1 << action_id
    return mask_of_bits(bits)


def mask_of_bits(bits: int) -> str:
    """:func:`legal_mask` of the ids whose bits are set in ``bits`` (as
    :meth:`State.legal_action_mask <outlaws.engine.State.legal_action_mask>` gives them)."""
    return base64.b64encode(bits.to_bytes(MASK_BYTES, "little")).decode("ascii")


def mask_ids(mask: str) -> list[int]:
    """The ids a mask's text holds, in order. Raises :class:`ValueError` for text that is
    not a mask (not base64, not :data:`MASK_BYTES` long, or a bit past the last id)."""
    try:
        raw = base64.b64decode(mask, validate=True)
    except (binascii.Error, ValueError) as error:
        raise ValueError(f"a legal mask is base64 text: {error}") from None
    if len(raw) != MASK_BYTES:
        raise ValueError(f"a legal mask is {MASK_BYTES} bytes, not {len(raw)}")
    bits = int.from_bytes(raw, "little")
    if bits >> NUM_ACTIONS:
        raise ValueError(f"a legal mask has no bit past id {NUM_ACTIONS - 1}")
    ids = []
    while bits:
        low = bits & -bits
        ids.append(low.bit_length() - 1)
        bits ^= low
    return ids


@cache
def _templates() -> tuple[dict[str, Any], ...]:
    out = []
    for action_id, spec in enumerate(SPECS):
        action = ACTION_OF_ID[action_id]
        if action is not None:
            out.append(action.to_json())
            continue
        assert spec[0] == K_SALOON
        k, a, b = spec[1], spec[2] + 1, spec[3] + 1
        places: tuple[dict[str, int], ...] = ({"saloon": k}, {"col": a}, {"col": b})
        # The three cards handled, as character ids 0, 1, 2: each name read back is the
        # index of its place.
        probe = spec_to_action(spec, (0, 1, 2)).to_json()
        for name in _CARD_FIELDS:
            probe[name] = places[CHARACTER_ID[probe[name]]]
        out.append(probe)
    return tuple(out)


def action_templates() -> list[dict[str, Any]]:
    """Every action id's action object (docs/format.md), in id order. A Saloon exchange's
    ``card``, ``to_saloon`` and ``at_a`` hold a place of the acting seat's own instead of
    a name: ``{"saloon": k}`` (its Saloon card ``k``, from 0) or ``{"col": c}`` (the card
    in its column ``c``, from 1); the seat's view names the card there."""
    return [dict(template) for template in _templates()]


def actions_of_mask(mask: str, view: View) -> list[Action]:
    """The actions of a mask (:func:`mask_ids`), for the seat whose own ``view`` it is:
    its Saloon and street name the cards of its Saloon exchanges. Raises
    :class:`ValueError` for a bad mask or a view that does not name the cards needed."""
    if view.viewer is None:
        raise ValueError("a legal mask is read with the acting seat's own view")
    side = view.seats[view.viewer]
    actions = []
    for action_id in mask_ids(mask):
        action = ACTION_OF_ID[action_id]
        if action is None:
            _, k, a, b, *_ = SPECS[action_id]
            names = (side.saloon[k], side.street[a], side.street[b])
            if None in names:
                raise ValueError("the view does not name the cards of a Saloon exchange")
            ids = tuple(CHARACTER_ID[name] for name in names if name is not None)
            action = spec_to_action(SPECS[action_id], (ids[0], ids[1], ids[2]))
        actions.append(action)
    return actions


__all__ = [
    "MASK_BYTES",
    "MASK_CHARS",
    "action_templates",
    "actions_of_mask",
    "legal_mask",
    "mask_ids",
    "mask_of_bits",
]
