"""The legal actions of the seat to act, as a message sends them: docs/format.md action
objects grouped by type (:func:`legal_json`), computed from the engine's action ids with
cached serializations (the list is long, mostly Saloon exchanges, and is sent at every
decision)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from ...engine import View
from ...engine.actionspace import ACTION_OF_ID, CHARACTER_ID, K_SALOON, SPECS, spec_to_action
from ..common.codec import dumps

# -- legal actions ---------------------------------------------------------------------
#
# The WebSocket sends a seat's legal actions grouped (docs/protocol.md, "legal"): one
# group for each action type and set of fields, in the order the engine's list first
# names them, each with its field names once and one row of values per action, in the
# engine's order. ``[{"type": "look", "fields": ["col"], "rows": [[1], [3]]}]`` stands
# for ``[{"type": "look", "col": 1}, {"type": "look", "col": 3}]``. The list is some 400
# actions, most of them Saloon exchanges; grouped, it is some 2.4 times shorter to send,
# to compress and to read.

#: A group: the action type and its field names, in docs/format.md's order.
GroupKey = tuple[str, tuple[str, ...]]


def _row(action: dict[str, Any]) -> tuple[GroupKey, str]:
    """An action's group and the JSON text of its row."""
    names = tuple(name for name in action if name != "type")
    return (action["type"], names), dumps([action[name] for name in names])


def _group_head(key: GroupKey) -> str:
    """The JSON text of a group up to its first row."""
    kind, names = key
    return dumps({"type": kind, "fields": list(names), "rows": []})[:-2]


#: The group and row text of every action id that means the same action in every
#: position (None for the Saloon exchanges, whose cards depend on it).
_ID_ROW: tuple[tuple[GroupKey, str] | None, ...] = tuple(
    None if action is None else _row(action.to_json()) for action in ACTION_OF_ID
)
_HEADS: dict[GroupKey, str] = {}


def _head_of(key: GroupKey) -> str:
    head = _HEADS.get(key)
    if head is None:
        head = _HEADS[key] = _group_head(key)
    return head


def _saloon_template(action_id: int) -> tuple[GroupKey, str, int, int, int]:
    """A Saloon exchange id as its group, a row template and where its three names
    (card, to_saloon, at_a) are read in the list (Saloon, street) of the seat's cards:
    indices 0..1 are its Saloon places, 2..9 its columns. :func:`spec_to_action` says
    which."""
    spec = SPECS[action_id]
    places = (spec[1], 2 + spec[2], 2 + spec[3])  # the Saloon card, the card at a, at b
    probe = spec_to_action(spec, (0, 1, 2)).to_json()
    key, template = _row(probe)
    named = ("card", "to_saloon", "at_a")
    # Each name is put in place of its first occurrence left: right only if the three
    # come in this order among the fields (the others are numbers).
    assert [name for name in key[1] if name in named] == list(named)
    for name in named:
        template = template.replace(dumps(probe[name]), '"%s"', 1)
    which = [places[CHARACTER_ID[probe[name]]] for name in named]
    return key, template, which[0], which[1], which[2]


_SALOON: dict[int, tuple[GroupKey, str, int, int, int]] = {
    i: _saloon_template(i) for i, spec in enumerate(SPECS) if spec[0] == K_SALOON
}
#: Every Saloon exchange is in one group.
(_SALOON_KEY,) = {entry[0] for entry in _SALOON.values()}


#: The Saloon exchange ids are one block of ids, below those of every other kind but the
#: Moves, and the engine lists a position's legal ids as its Moves, then its exchanges,
#: then the rest. :func:`legal_json` relies on it only after checking it, and otherwise
#: falls back on a plain walk.
_SALOON_LOW = min(_SALOON)
_SALOON_HIGH = max(_SALOON) + 1

_RunPlan = tuple[tuple[int, ...], bytes, Callable[[Sequence[bytes]], tuple[bytes, ...]]]

#: A run of exchange ids as one template of rows (bytes: their formatting is the faster)
#: and the places of the names it takes, in order (a few dozen runs occur: the run depends
#: on the Governor's column and on the immobilized one), with the run itself: the one tuple
#: a memo keeps (see :func:`_saloon_rows`). Bounded: a run is cheap to rebuild.
_RUNS: dict[tuple[int, ...], _RunPlan] = {}
_RUNS_KEPT = 128
#: Runs of other ids, as their groups' row texts, in the order of the groups (the Moves
#: depend on the same two columns; the rest varies more). Bounded as well.
_PLAIN: dict[tuple[int, ...], list[tuple[GroupKey, str]]] = {}
_PLAIN_KEPT = 4096
#: Each character's name as bytes.
_NAME_BYTES = {name: name.encode() for name in CHARACTER_ID}


def _run_plan(run: tuple[int, ...]) -> _RunPlan:
    plan = _RUNS.get(run)
    if plan is None:
        saloon = _SALOON
        if not all(action_id in saloon for action_id in run):
            raise ValueError("not a run of Saloon exchanges")
        places = [place for action_id in run for place in saloon[action_id][2:]]
        template = ",".join(saloon[action_id][1] for action_id in run).encode()
        # itemgetter of one place returns the name itself, not a 1-tuple.
        getter = itemgetter(*places) if len(places) > 1 else lambda cards: (cards[places[0]],)
        plan = (run, template, getter)
        if len(_RUNS) >= _RUNS_KEPT:
            _RUNS.clear()
        _RUNS[run] = plan
    return plan


def _plain(run: tuple[int, ...]) -> list[tuple[GroupKey, str]]:
    """The rows of a run of ids that are not Saloon exchanges, by group."""
    found = _PLAIN.get(run)
    if found is None:
        rows: dict[GroupKey, list[str]] = {}
        by_id = _ID_ROW
        for action_id in run:
            entry = by_id[action_id]
            if entry is None:
                raise ValueError("a Saloon exchange")
            rows.setdefault(entry[0], []).append(entry[1])
        found = [(key, ",".join(texts)) for key, texts in rows.items()]
        if len(_PLAIN) >= _PLAIN_KEPT:
            _PLAIN.clear()
        _PLAIN[run] = found
    return found


def legal_json(ids: Sequence[int], view: View, memo: dict[str, Any] | None = None) -> str:
    """The legal action ids ``ids`` (the engine's, in its order) grouped (see above), as
    JSON text: expanded, the same list as ``[a.to_json() for a in
    state.legal_actions()]``, but that the actions of a group come together. ``view`` is
    the view of the seat to act: it names the cards a Saloon exchange moves (the codec is
    never handed the true state).

    The Saloon exchanges are most of the list (some 300 of 400 actions); they come as one
    run of ids, whose rows depend only on those ids and the seat's cards: they are made by
    one formatting of a template kept per run. ``memo`` (one dict per seat) keeps the last
    run's text, which the seat's next decisions often share."""
    if not ids:
        return "[]"
    start = bisect_left(ids, _SALOON_LOW)
    end = bisect_left(ids, _SALOON_HIGH, start)
    # bisect is only right if the ids are in three blocks: Moves, exchanges, the rest
    # (a run's plan checks that it holds exchanges only, :func:`_plain` that the others
    # hold none).
    head, tail = ids[:start], ids[end:]
    groups: dict[GroupKey, list[str]] = {}
    try:
        if (head and max(head) >= _SALOON_LOW) or (tail and min(tail) < _SALOON_HIGH):
            raise ValueError("not in three blocks")
        if head:
            for key, rows in _plain(tuple(head)):
                groups.setdefault(key, []).append(rows)
        if start < end:
            text = _saloon_rows(tuple(ids[start:end]), view, memo)
            groups.setdefault(_SALOON_KEY, []).append(text)
        if tail:
            for key, rows in _plain(tuple(tail)):
                groups.setdefault(key, []).append(rows)
    except ValueError:
        groups = _legal_walk(ids, view)
    return (
        "[" + ",".join(_head_of(key) + ",".join(rows) + "]}" for key, rows in groups.items()) + "]"
    )


def _legal_walk(ids: Sequence[int], view: View) -> dict[GroupKey, list[str]]:
    """The rows of :func:`legal_json` by group, for ids in any order (each run of
    exchanges on its own, not memoized)."""
    by_id = _ID_ROW
    groups: dict[GroupKey, list[str]] = {}
    run: list[int] = []
    for action_id in ids:
        entry = by_id[action_id]
        if entry is None:
            run.append(action_id)
            continue
        if run:
            groups.setdefault(_SALOON_KEY, []).append(_saloon_rows(tuple(run), view, None))
            run = []
        groups.setdefault(entry[0], []).append(entry[1])
    if run:
        groups.setdefault(_SALOON_KEY, []).append(_saloon_rows(tuple(run), view, None))
    return groups


def _saloon_rows(run: tuple[int, ...], view: View, memo: dict[str, Any] | None) -> str:
    """The JSON text of the rows (without brackets) of a run of Saloon exchange ids.

    The memo keeps the run as the tuple its plan holds, not ``run``: the collector's
    youngest generation reads every item of every new container still alive, and a
    thousand seats' memos, each a new tuple of 300 ids, were over half of what it read."""
    assert view.viewer is not None and view.viewer == view.to_act, "needs the actor's view"
    side = view.seats[view.viewer]
    # The seat's own view names every card of its own street.
    cards = side.saloon + tuple(name or "" for name in side.street)
    if memo is not None and memo.get("cards") == cards and memo.get("run") == run:
        return str(memo["text"])
    kept, template, names = _run_plan(run)
    text = (template % names([_NAME_BYTES.get(name) or name.encode() for name in cards])).decode()
    if memo is not None:
        memo["cards"], memo["run"], memo["text"] = cards, kept, text
    return text
