"""The integer action space: what code outside the engine may rely on about action ids.

Searches, the research interfaces and the server's encoders work on integers rather than
:class:`~outlaws.engine.Action` objects. This module is the engine's promise to them: the
names below keep their meaning; everything else in the engine's modules (the tables that
generate legal ids, the state's private fields) may change without notice. Import from
here or from :mod:`outlaws.engine`, never from the engine's other modules.

**Ids.** Every action a seat could ever take has an id in ``range(NUM_ACTIONS)``. Ids
are *relative to the seat acting*: columns are that seat's own (``col``, ``a``, ``b``) or
the opponent's (``target``, ``from``), as in the action's JSON. The space is fixed: the
same id means the same columns and options in every position, so an id can index a
policy vector or an action mask.

**Order.** Ids come grouped by kind, in :data:`ACTION_TYPES` order (``move`` from 0,
``saloon`` from 56, ..., then ``intercept``, ``cancel`` and ``pass`` last); within a
kind, by column, then by option. docs/notation.md lists where each kind starts.

>>> NUM_ACTIONS
987
>>> [ACTION_TYPES[SPECS[i][0]] for i in (0, 56, 392, 984, 985, 986)]
['move', 'saloon', 'look', 'intercept', 'cancel', 'pass']

**Specs.** ``SPECS[id]`` is the id's tuple: its kind (``K_MOVE`` ... ``K_PASS``, the
index of its type in :data:`ACTION_TYPES`) first, then 0-based columns and options, and
:data:`SPEC_ID` is the inverse. Calls are character or token ids (:data:`CHARACTER_ID`,
:data:`TOKEN_ID`)::

    (K_MOVE, a, b, swap)                 a < b; swap 1 for a real swap, 0 for a pretence
    (K_SALOON, k, a, b, role, order)     Saloon card k (0, 1), columns a < b, see below
    (K_LOOK, col)                        (K_TAKE, col, token)
    (K_HITMAN, col)                      (K_SHERIFF, col, call, target, mayor)
    (K_INDIAN, col, target, mayor)       (K_STOREKEEP, col, slot, slot2, mayor), slot2 -1: supply
    (K_DANCER, col, from)                (K_REPORTER, col, call, target, mayor)
    (K_BANDIT, col, call)                (K_REVEREND, col)
    (K_INTERCEPT,) (K_CANCEL,) (K_PASS,)

>>> SPECS[462], str(ACTION_OF_ID[462])
((5, 3, 1, 3, 0), 'sheriff 4 hitman')
>>> SPEC_ID[(K_SHERIFF, 3, HITMAN, 3, 0)]
462

**Position-dependent ids: the Saloon exchanges.** Every id but the 336 Saloon exchanges
(R5.2) stands for one :class:`~outlaws.engine.Action`, the same everywhere:
``ACTION_OF_ID[id]``. A Saloon id names places and roles, not cards: which of the seat's
two Saloon cards (``k``), the two columns, which of the three cards handled (the Saloon
card, the card at ``a``, the card at ``b``: ``role`` 0, 1, 2) goes to the Saloon, and
which of the other two lands at ``a`` (``order``). Its action needs the cards, hence the
position: ``ACTION_OF_ID`` holds None there, and :meth:`State.decode
<outlaws.engine.State.decode>` / :meth:`~outlaws.engine.State.encode` convert both ways
(or :func:`spec_to_action` given the three cards' ids).

>>> SPECS[58], ACTION_OF_ID[58]  # Saloon card 0 to column 1, the card at 1 to the Saloon
((1, 0, 0, 1, 1, 0), None)
>>> from outlaws.engine import State
>>> state = State.new(seed=42)  # the seat to act: Storekeep in the Saloon, Sheriff at 1
>>> str(state.decode(58))
'saloon storekeep 1 2 sheriff storekeep'
>>> state.encode(state.decode(58))
58
>>> str(spec_to_action(SPECS[58], (STOREKEEP, SHERIFF, DANCER)))
'saloon storekeep 1 2 sheriff storekeep'

**The names.**

- :data:`NUM_ACTIONS`: the number of ids; ids are ``range(NUM_ACTIONS)``.
- :data:`SPECS`, :data:`SPEC_ID`: id -> spec tuple, and back.
- :data:`ACTION_OF_ID`: id -> its shared, immutable :class:`~outlaws.engine.Action`
  (None for the Saloon exchanges); :func:`spec_to_action` builds one from a spec (a
  Saloon spec also needs the ids of the Saloon card, the card at ``a`` and at ``b``);
  :func:`encode_action` goes back, from an action and the acting seat's own Saloon and
  street (what the seat knows: a bot handed a view can name its actions by id).
- :data:`ACTION_TYPES`, :data:`KIND_OF_TYPE`: kind -> ``Action.type``, and back; the
  kinds ``K_MOVE``, ``K_SALOON``, ``K_LOOK``, ``K_TAKE``, ``K_HITMAN``, ``K_SHERIFF``,
  ``K_INDIAN``, ``K_STOREKEEP``, ``K_DANCER``, ``K_REPORTER``, ``K_BANDIT``,
  ``K_REVEREND``, then the reactions ``K_INTERCEPT``, ``K_CANCEL``, ``K_PASS``.
- :data:`INTERCEPT_ID`, :data:`CANCEL_ID`, :data:`PASS_ID`: the reactions' ids (R8.5).
- :func:`legal_mask`, :func:`mask_of_bits`, :func:`mask_ids`, :func:`actions_of_mask`,
  :func:`action_templates`, :data:`MASK_BYTES`, :data:`MASK_CHARS`: a set of ids as a
  mask of fixed length, the way the server sends a seat its legal actions
  (:mod:`outlaws.engine.legalmask`).
- :data:`TAKE_CALLS`, :data:`SHERIFF_CALLS`, :data:`BANDIT_CALLS`,
  :data:`REPORTER_CALLS`: the calls of each kind, in the order their ids come.

The ids inside specs and views' names:

- :data:`CHARACTERS` / :data:`CHARACTER_ID`: character id -> name, and back (R1.1);
  ``GOVERNOR``, ``HITMAN``, ``SHERIFF``, ``INDIAN``, ``STOREKEEP``, ``DANCER``,
  ``REPORTER``, ``BANDIT``, ``REVEREND``, ``MAYOR`` are the ids.
- :data:`TOKENS` / :data:`TOKEN_ID`: token id -> name, and back (R1.2); ``BULLET``,
  ``HANDCUFFS``, ``VOTE``, ``BOGUS``, ``ELECTION`` are the ids. :data:`TOKEN_COUNTS`:
  the tokens of the game by id; :data:`DEALT_TOKEN_COUNTS`: those the setup deals (R3.2).
- :data:`COLUMNS`: columns per street (specs hold ``0 .. COLUMNS - 1``).
- :data:`LEFT`, :data:`RIGHT`: R2.2's "immediately to the left / right" of a card as a
  column offset, indexed by seat (the seats face each other: their sides are mirrored).

>>> CHARACTERS[HITMAN], TOKEN_ID["election"] == ELECTION, COLUMNS
('hitman', True, 8)

For a compiled port of the legal-action generator (:mod:`outlaws.adapters.kernel`):
:data:`LEGAL_TABLES`, the tuples of ids that :meth:`State.legal_action_ids
<outlaws.engine.State.legal_action_ids>` adds up, one per feature of the position (a
``LegalTables``: which column the Governor stands at, which is immobilized, how many
slots are filled, ...), :data:`RANGED_TARGETS` (``[col][mayor_ok]``: the (target, mayor)
pairs of a ranged ability) and :data:`HEADLINE`, the index of the Headline markers in a
stash. Their layout follows the generator and may change with it: a port reads them
when it loads, and checks itself against the engine.

For code that rebuilds a position from a view (the OpenSpiel adapter's resampling), the
codes of a state awaiting a reaction: ``State.pending`` is :data:`PENDING_INTERCEPT`
(R6.3.3) or :data:`PENDING_CANCEL` (R6.9.2), and the first element of ``State.context``
of a cancel says what it would undo, :data:`EFFECT_ARREST` or :data:`EFFECT_IMMOBILIZE`.
"""

from __future__ import annotations

from .actions import (
    ACTION_OF_ID,
    ACTION_TYPES,
    BANDIT_CALLS,
    CANCEL_ID,
    INTERCEPT_ID,
    K_BANDIT,
    K_CANCEL,
    K_DANCER,
    K_HITMAN,
    K_INDIAN,
    K_INTERCEPT,
    K_LOOK,
    K_MOVE,
    K_PASS,
    K_REPORTER,
    K_REVEREND,
    K_SALOON,
    K_SHERIFF,
    K_STOREKEEP,
    K_TAKE,
    KIND_OF_TYPE,
    NUM_ACTIONS,
    PASS_ID,
    REPORTER_CALLS,
    SHERIFF_CALLS,
    SPEC_ID,
    SPECS,
    TAKE_CALLS,
    spec_to_action,
)
from .legalmask import (
    MASK_BYTES,
    MASK_CHARS,
    action_templates,
    actions_of_mask,
    legal_mask,
    mask_ids,
    mask_of_bits,
)
from .names import (
    BANDIT,
    BOGUS,
    BULLET,
    CHARACTER_ID,
    CHARACTERS,
    COLUMNS,
    DANCER,
    DEALT_TOKEN_COUNTS,
    ELECTION,
    GOVERNOR,
    HANDCUFFS,
    HEADLINE,
    HITMAN,
    INDIAN,
    LEFT,
    MAYOR,
    REPORTER,
    REVEREND,
    RIGHT,
    SHERIFF,
    STOREKEEP,
    TOKEN_COUNTS,
    TOKEN_ID,
    TOKENS,
    VOTE,
)
from .state import (
    EFFECT_ARREST,
    EFFECT_IMMOBILIZE,
    PENDING_CANCEL,
    PENDING_INTERCEPT,
    encode_action,
)
from .tables import AS_IDS as LEGAL_TABLES
from .tables import TARGETS as RANGED_TARGETS

__all__ = [
    "ACTION_OF_ID",
    "ACTION_TYPES",
    "BANDIT",
    "BANDIT_CALLS",
    "BOGUS",
    "BULLET",
    "CANCEL_ID",
    "CHARACTERS",
    "CHARACTER_ID",
    "COLUMNS",
    "DANCER",
    "DEALT_TOKEN_COUNTS",
    "EFFECT_ARREST",
    "EFFECT_IMMOBILIZE",
    "ELECTION",
    "GOVERNOR",
    "HANDCUFFS",
    "HEADLINE",
    "HITMAN",
    "INDIAN",
    "INTERCEPT_ID",
    "KIND_OF_TYPE",
    "K_BANDIT",
    "K_CANCEL",
    "K_DANCER",
    "K_HITMAN",
    "K_INDIAN",
    "K_INTERCEPT",
    "K_LOOK",
    "K_MOVE",
    "K_PASS",
    "K_REPORTER",
    "K_REVEREND",
    "K_SALOON",
    "K_SHERIFF",
    "K_STOREKEEP",
    "K_TAKE",
    "LEFT",
    "LEGAL_TABLES",
    "MASK_BYTES",
    "MASK_CHARS",
    "MAYOR",
    "NUM_ACTIONS",
    "PASS_ID",
    "PENDING_CANCEL",
    "PENDING_INTERCEPT",
    "RANGED_TARGETS",
    "REPORTER",
    "REPORTER_CALLS",
    "REVEREND",
    "RIGHT",
    "SHERIFF",
    "SHERIFF_CALLS",
    "SPECS",
    "SPEC_ID",
    "STOREKEEP",
    "TAKE_CALLS",
    "TOKENS",
    "TOKEN_COUNTS",
    "TOKEN_ID",
    "VOTE",
    "action_templates",
    "actions_of_mask",
    "encode_action",
    "legal_mask",
    "mask_ids",
    "mask_of_bits",
    "spec_to_action",
]
