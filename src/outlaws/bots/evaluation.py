"""How good an action or a position is for a seat, in points: the bots' judgement.

An :class:`Evaluation` is what one decision needs, computed once from a seat's
:class:`~outlaws.engine.View` and two beliefs: where the opponent's cards are
(:class:`~outlaws.deduce.Belief`) and what the opponent can know of the seat's own cards
(its *exposure*: the same filter fed with public facts). A win is worth :data:`WIN`.

- :meth:`Evaluation.score` rates one legal action: the heuristic bot plays the best one,
  and the search bot plays its simulated turns greedily with it;
- :meth:`Evaluation.value` rates the whole position: the search bot values the positions
  its simulations reach with it.

What the scores weigh: it shoots where the enemy Governor most likely is, weighing the
risk of an interception; it arrests where the enemy Hitman most likely is; it takes the
tokens it has seen, and looks for the ones it has not; it keeps its Sheriff beside its
Governor, hides a Governor the opponent has located (a real swap and a pretended one look
the same, so it feints as often as it hides), and moves its Hitman and Sheriff opposite
the likeliest targets; it avoids revealing its Governor and Hitman where that would help
the opponent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..deduce import Belief, token_marginals
from ..deduce.arrangement import slide_order
from ..engine import Action, View
from ..engine.actionspace import CHARACTER_ID, COLUMNS, LEFT, RIGHT, TOKEN_COUNTS, TOKEN_ID

#: What a win is worth, in points; every other score is measured against it.
WIN = 1000.0
GOV, HIT, SHER, BANDIT, REV = (
    CHARACTER_ID[n] for n in ("governor", "hitman", "sheriff", "bandit", "reverend")
)
BULLET, HANDCUFFS, VOTE, ELECTION = (
    TOKEN_ID[n] for n in ("bullet", "handcuffs", "vote", "election")
)
#: What the opponent can know of my cards: ``seen(col, card)``, a probability.
Exposure = Callable[[int, int], float]


class Evaluation:
    """What one decision needs, computed once: marginals, stashes, threats.

    ``belief`` is the seat's belief about the opponent's cards, ``exposure`` the
    opponent's belief about the seat's (``Belief(view, about=view.viewer)``). To judge
    for the opponent instead, give the opponent's view and swap the two beliefs.
    """

    def __init__(self, view: View, belief: Belief, exposure: Belief) -> None:
        me = view.viewer
        assert me is not None, "an evaluation is a seat's: give it a seat's view"
        self.view = view
        self.me = me
        self.opp = opp = 1 - me
        self.belief = belief
        self.exposure = exposure
        self.enemy = belief.marginals()  # P(opponent's card at col is character)
        self.known_to_them = exposure.marginals()  # what they can deduce of mine
        self.tokens = token_marginals(view)
        # A seat sees its whole street (R8.3): every name is there.
        self.street = [_character(name) for name in view.seats[me].street]
        self.mine = view.seats[me].stash
        self.theirs = view.seats[opp].stash
        self.their_street = view.seats[opp].street
        # How much the opponent could do with my Governor's column: a Bullet in hand is an
        # immediate threat; Bullets still about (street, reserve) a slower one.
        unseen = belief.unseen_tokens()
        bullets_about = unseen.get("bullet", 0) + sum(1 for t in view.slots if t == "bullet")
        self.gov_threat = 450.0 if self.theirs["bullet"] else 120.0 if bullets_about else 25.0
        cuffs_about = unseen.get("handcuffs", 0) + sum(1 for t in view.slots if t == "handcuffs")
        self.hit_threat = 400.0 if self.theirs["handcuffs"] else 100.0 if cuffs_about else 20.0
        # Whether an Election can still be won (R9.1): not once the Votes are shared out
        # 3-3 or set aside by sudden death (R9.4). After that only a shot or an arrest
        # wins, and Bullets and Handcuffs are worth hunting for.
        votes_out = self.mine["vote"] + self.theirs["vote"] + view.aside.get("vote", 0)
        self.race_open = not view.sudden_death and (
            self.mine["vote"] != self.theirs["vote"] or votes_out < TOKEN_COUNTS[VOTE]
        )
        self.arms = 1.0 if self.race_open else 2.0  # how much a Bullet or Handcuffs weighs
        # Handcuffs arrest only a Hitman on Main Street: with the race over and the enemy
        # Hitman in its Saloon, mine are idle. If moreover no Bullet is left but in the
        # discard and I hold the last Handcuffs, nobody can win while I keep them
        # (a deadlock): paying them out with a Sheriff's call brings the sudden-death
        # deal (R9.4), fresh arms for both sides and a chance to win.
        self.cuffs_idle = not self.race_open and "hitman" in view.seats[opp].saloon
        self.deadlock = (
            self.cuffs_idle
            and not self.mine["bullet"]
            and not self.theirs["bullet"]
            and not self.theirs["handcuffs"]
            and not bullets_about
            and not cuffs_about
        )
        # A Hitman (or Sheriff) moved opposite its target is worth most when the turn
        # still has the action to fire: then the move and the shot come together.
        follow_up = view.to_act == me and view.actions_left == 2
        self.aim = 0.6 * WIN if follow_up else 120.0
        self.base = self.position_value(self.street, self._seen)

    def value(self) -> float:
        """How good the whole position is for me, in points: what each side holds, how
        safe and well placed my cards are, and how much I know of the opponent's."""
        arms = self.arms
        worth = {"vote": 45.0, "bullet": 70.0 * arms, "handcuffs": 60.0 * arms, "headline": 8.0}
        material = sum(w * (self.mine[k] - self.theirs[k]) for k, w in worth.items())
        if self.cuffs_idle:
            material -= worth["handcuffs"] * self.mine["handcuffs"]
        knowledge = 150.0 * float(np.sum(self.enemy[:, GOV] ** 2)) + 80.0 * float(
            np.sum(self.enemy[:, HIT] ** 2)
        )
        return material + knowledge + self.base + self.election_race()

    def election_race(self) -> float:
        """The Election race (R9.1) as it stands when my turn begins, which is where a
        search's lookahead stops. Ahead in Votes with the Election located, my Governor
        swaps in front of it and takes it this very turn. Behind, the opponent does the
        same next turn wherever it knows the Election to be (it looked there, or a missed
        Take showed it), unless my turn stops it."""
        lead = self.mine["vote"] - self.theirs["vote"]
        election = self.tokens[:, ELECTION]
        mine = float(election.max())  # below 1: the odds of a blind Take
        known = self.belief.their_slots
        theirs = float(max((election[c] for c in range(COLUMNS) if known[c]), default=0.0))
        if lead > 0:
            now = self.view.to_act == self.me and self.view.actions_left == 2
            return 100.0 + (0.8 if now else 0.4) * WIN * mine
        if lead < 0:
            return -100.0 - 0.5 * WIN * theirs
        if not self.race_open:
            return 0.0
        # Level: the next Vote decides who may go for an Election it knows of.
        return 0.1 * WIN * (mine - theirs)

    # -- evaluation of my own layout -----------------------------------------------------
    def _seen(self, col: int, card: int) -> float:
        """How sure the opponent is that ``card`` stands at ``col`` (my exposure)."""
        return self.known_to_them[col, card]  # type: ignore[no-any-return]

    def position_value(self, street: Sequence[int], seen: Exposure) -> float:
        """How safe and how well placed my cards are, given what the opponent knows:
        ``seen(col, card)``, how sure it is of ``card`` at ``col`` (only the Governor's
        and the Hitman's columns are asked, so a candidate's exposure is worked out for
        those two cells, not for a copied table)."""
        value = 0.0
        g = _index(street, GOV)
        value -= self.gov_threat * seen(g, GOV) ** 2
        # The Governor in front of the Election token wins once it holds more Votes.
        ahead = self.mine["vote"] > self.theirs["vote"]
        value += (self.aim if ahead else 30.0) * self.tokens[g, ELECTION]
        h = _index(street, HIT)
        s = _index(street, SHER)
        if s >= 0 and abs(s - g) == 1:
            value += 40.0 if self.mine["handcuffs"] else 10.0
        if h >= 0:
            value -= self.hit_threat * seen(h, HIT) ** 2
            if self.mine["bullet"]:
                value += self.aim * self.enemy[h, GOV]
            rev = h + RIGHT[self.me]
            if 0 <= rev < COLUMNS and street[rev] == REV:
                value += 15.0
        if s >= 0 and self.mine["handcuffs"]:
            value += 0.5 * self.aim * self.enemy[s, HIT]
        # An empty-handed Hitman (or Sheriff) in front of a slot that may hold his token
        # can take it next: the way out of a position where nobody can shoot or arrest.
        hunt = 25.0 * self.arms**2
        if h >= 0 and not self.mine["bullet"]:
            value += hunt * self.tokens[h, BULLET]
        if s >= 0 and not self.mine["handcuffs"]:
            value += hunt * self.tokens[s, HANDCUFFS]
        return float(value)

    def reveal_cost(self, col: int) -> float:
        """What showing my card at ``col`` gives away."""
        card = self.street[col]
        already = self.known_to_them[col, card]
        if card == GOV:
            return float(self.gov_threat * (1.0 - already**2))
        if card == HIT:
            return float(self.hit_threat * (1.0 - already**2))
        if card == SHER:
            return float(15.0 * (1.0 - already))
        return float(2.0 * (1.0 - already))

    def info_value(self, col: int) -> float:
        """What revealing the opponent's card at ``col`` would teach me."""
        row = self.enemy[col]
        gov, hit = row[GOV], row[HIT]
        value = (
            160.0 * gov * (1 - gov) + 90.0 * hit * (1 - hit) + 20.0 * row[SHER] * (1 - row[SHER])
        )
        entropy = -float(np.sum(row[row > 0] * np.log(row[row > 0])))
        return float(value + 4.0 * entropy)

    # -- scoring -------------------------------------------------------------------------
    def score(self, action: Action) -> float:
        """The score of ``action`` (one of the seat's legal actions), in points: what it
        gains over standing still. The reactions score 0: they are decided elsewhere."""
        scorer = _SCORERS.get(action.type)
        return scorer(self, action) if scorer is not None else 0.0

    def _score_move(self, action: Action) -> float:
        a, b = _at(action.a), _at(action.b)
        street = list(self.street)
        if action.swap:
            street[a], street[b] = street[b], street[a]
        # Real or pretended, the opponent sees the same possible swap: the two columns
        # share what it knew of each.
        known = self.known_to_them

        def seen(col: int, card: int) -> float:
            if col in (a, b):
                return (known[a, card] + known[b, card]) / 2  # type: ignore[no-any-return]
            return known[col, card]  # type: ignore[no-any-return]

        return self.position_value(street, seen) - self.base - 1.0

    def _score_saloon(self, action: Action) -> float:
        a, b = _at(action.a), _at(action.b)
        card, to_saloon = _character(action.card), _character(action.to_saloon)
        street = list(self.street)
        street[a] = _character(action.at_a)
        third = {card, self.street[a], self.street[b]}
        third -= {to_saloon, street[a]}
        street[b] = third.pop()
        # The opponent knows which two cards stand at a and b, not in which order.
        known, placed = self.known_to_them, (street[a], street[b])

        def seen(col: int, card: int) -> float:
            if col in (a, b):
                return 0.5 if card in placed else 0.0
            return known[col, card]  # type: ignore[no-any-return]

        bonus = 0.0
        if card in (SHER, HIT) and to_saloon not in (SHER, HIT):
            bonus = 25.0  # bring a piece that matters back into play
        return self.position_value(street, seen) - self.base + bonus - 4.0

    def _score_look(self, action: Action) -> float:
        c = _at(action.col)
        if self.view.slots[c] is not None:
            return -50.0
        row = self.tokens[c]
        race = (row[ELECTION] * 3 + row[VOTE]) if self.race_open else 0.0
        return float(
            12.0 * (race + self.arms * (row[BULLET] + row[HANDCUFFS])) - self.reveal_cost(c)
        )

    def _score_take(self, action: Action) -> float:
        c = _at(action.col)
        assert action.call is not None
        token = TOKEN_ID[action.call]
        p = self.tokens[c, token]
        if token == ELECTION:
            return float(p * WIN - self.reveal_cost(c))
        gain = {
            VOTE: 45.0 + 25.0 * self.mine["vote"],
            BULLET: 70.0 * self.arms,
            HANDCUFFS: 60.0 * self.arms,
        }[token]
        return float(p * gain - (1 - p) * 10.0 - self.reveal_cost(c))

    def _score_hitman(self, action: Action) -> float:
        c = _at(action.col)
        p_gov = self.enemy[c, GOV]
        if p_gov <= 0:
            return -100.0
        p_intercept = 0.0
        if self.theirs["handcuffs"]:
            both = self.belief.probability(
                (c + 1, "governor"), (c, "sheriff")
            ) + self.belief.probability((c + 1, "governor"), (c + 2, "sheriff"))
            p_intercept = both / p_gov
        rev = c + RIGHT[self.me]
        saved = 0 <= rev < COLUMNS and self.street[rev] == REV
        loss = 0.0 if saved else WIN
        return float(
            p_gov * ((1 - p_intercept) * WIN - p_intercept * loss) - 30.0 - self.reveal_cost(c)
        )

    def _score_sheriff(self, action: Action) -> float:
        c, target = _at(action.col), _at(action.target)
        # Paying the Handcuffs costs what they are worth; in a deadlock, less than nothing.
        pay = (
            -60.0
            if self.deadlock and self.mine["handcuffs"] == 1
            else 0.0
            if self.cuffs_idle
            else 35.0
        )
        cost = (
            pay
            + self.reveal_cost(c)
            + (self.reveal_cost(c + LEFT[self.me]) if action.mayor else 0.0)
        )
        if action.call == "hitman":
            p = self.enemy[target, HIT]
            rev = target + RIGHT[self.opp]
            p_cancel = (
                self.belief.probability((target + 1, "hitman"), (rev + 1, "reverend")) / p
                if p
                else 0.0
            )
            return float(p * (1 - p_cancel) * WIN + self.info_value(target) * 0.3 - cost)
        return float(self.enemy[target, BANDIT] * 40.0 + self.info_value(target) * 0.3 - cost)

    def _ranged_cost(self, action: Action) -> float:
        c = _at(action.col)
        cost = self.reveal_cost(c)
        if action.mayor:
            cost += self.reveal_cost(c + LEFT[self.me]) + 1.0
        return cost

    def _score_indian(self, action: Action) -> float:
        return self.info_value(_at(action.target)) - self._ranged_cost(action)

    def _score_reporter(self, action: Action) -> float:
        target, call = _at(action.target), _character(action.call)
        p = self.enemy[target, call]
        worth = {HIT: 160.0, SHER: 40.0, BANDIT: 25.0}.get(call, 8.0)
        return float(p * worth + self.info_value(target) - self._ranged_cost(action) - 12.0)

    def _score_bandit(self, action: Action) -> float:
        c = _at(action.col)
        key = "bullet" if action.call == "hitman" else "handcuffs"
        p = self.enemy[c, _character(action.call)]
        steal = 70.0 if self.theirs[key] else 0.0
        return float(p * steal + self.info_value(c) - self.reveal_cost(c))

    def _score_storekeep(self, action: Action) -> float:
        return 1.0 - self._ranged_cost(action)

    def _score_dancer(self, action: Action) -> float:
        # Pulling their likeliest Governor opposite my Hitman sets up a shot. The pulled
        # card lands opposite the Dancer (never the Hitman) and the cards between shift
        # one column toward the gap (R6.6): that shift can change who faces my Hitman.
        c, f = _at(action.col), _at(action.from_)
        h = _index(self.street, HIT)
        gain = 0.0
        if h >= 0 and self.mine["bullet"]:
            facing = slide_order(c, f)[h]  # their card that will stand opposite my Hitman
            gain = 150.0 * float(self.enemy[facing, GOV] - self.enemy[h, GOV])
        return gain + 2.0 - self.reveal_cost(c)

    def _score_reverend(self, action: Action) -> float:
        return 30.0 - self.reveal_cost(_at(action.col))


#: The scorer of each action type that has one (the reactions have none).
_SCORERS: dict[str, Callable[[Evaluation, Action], float]] = {
    "move": Evaluation._score_move,
    "saloon": Evaluation._score_saloon,
    "look": Evaluation._score_look,
    "take": Evaluation._score_take,
    "hitman": Evaluation._score_hitman,
    "sheriff": Evaluation._score_sheriff,
    "indian": Evaluation._score_indian,
    "storekeep": Evaluation._score_storekeep,
    "dancer": Evaluation._score_dancer,
    "reporter": Evaluation._score_reporter,
    "bandit": Evaluation._score_bandit,
    "reverend": Evaluation._score_reverend,
}


def _at(column: int | None) -> int:
    """An action's 1-based column field as a 0-based index (the field its type uses,
    hence set)."""
    assert column is not None
    return column - 1


def _character(name: str | None) -> int:
    """The character id of a name an action or a seat's own street holds."""
    assert name is not None
    return CHARACTER_ID[name]


def _index(street: Sequence[int], card: int) -> int:
    try:
        return street.index(card)
    except ValueError:
        return -1
