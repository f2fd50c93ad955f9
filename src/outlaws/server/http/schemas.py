"""Request and response bodies of the HTTP API (they make the OpenAPI document).

Views, events, actions and records are docs/format.md's and docs/events.md's JSON; they are
passed through as JSON objects and described here rather than modelled twice.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from ...bots import bot_kind, make_bot
from ...engine.actionspace import MASK_CHARS
from ..common.names import MAX_NAME, BadName, check_player_name

_KNOWN_GOOD: set[str] = set()


def check_bot_spec(spec: str) -> str:
    """A bot spec the registry knows and can build here (:func:`outlaws.bots.bot_specs`
    lists them, levels spelled out). The bot is built once, to be sure a game will not
    wait for a bot that cannot play."""
    if spec in _KNOWN_GOOD:
        return spec
    name = spec.strip().partition(":")[0]
    if bot_kind(name).path:  # a name the registry does not know: ValueError listing them
        # It would read a file of this machine named by whoever asks.
        raise ValueError(f"bot {name!r} is read from a file: the server offers only its own bots")
    # ValueError: an unknown bot (the known ones listed), a bad level, a missing extra.
    make_bot(spec, 0)
    _KNOWN_GOOD.add(spec)
    return spec


def _player_name(value: str) -> str:
    try:
        return check_player_name(value)
    except BadName as error:  # said as the rule, without pydantic's "Value error, "
        raise PydanticCustomError("bad_name", str(error)) from None


#: A player's name as every request that gives one checks it (:mod:`.names`).
PlayerName = Annotated[str, AfterValidator(_player_name)]
NAME_HELP = f"Your name, shown to all: 1 to {MAX_NAME} characters once trimmed."


class Strict(BaseModel):
    """Unknown fields are an error: a typo must not silently change a request."""

    model_config = ConfigDict(extra="forbid")


class ClockIn(Strict):
    """A turn clock: each seat's time bank, and the free time of each turn (seconds)."""

    bank: float = Field(300.0, ge=0, le=86400, description="Each seat's time bank.")
    per_turn: float = Field(
        30.0, ge=0, le=86400, description="Free time at each of a seat's turns (or reactions)."
    )
    on_timeout: Literal["lose", "bot"] = Field(
        "lose", description="When a seat's time runs out: it loses, or a bot plays that turn."
    )
    bot: str = Field("heuristic", description="The bot that stands in (on_timeout=bot).")

    @field_validator("bot")
    @classmethod
    def _bot(cls, value: str) -> str:
        return check_bot_spec(value)

    @model_validator(mode="after")
    def _some_time(self) -> ClockIn:
        if self.bank + self.per_turn <= 0:
            raise ValueError("a clock needs some time: bank + per_turn > 0")
        return self


class CreateGame(Strict):
    """A new game, against a bot or a friend."""

    opponent: Literal["bot", "friend"] = Field(
        ..., description="`bot`: play a bot now. `friend`: get an invite for the other seat."
    )
    bot: str | None = Field(
        None,
        description="The bot's spec: `random`, `novice:1`..`novice:5`, `heuristic`, "
        "`search:1`..`search:5`, `expert`.",
    )
    level: int | None = Field(
        None, ge=1, le=5, description="Shorthand for `bot: search:LEVEL` (1 easy, 5 strong)."
    )
    seat: Literal[0, 1] | None = Field(None, description="Your seat (default: drawn at random).")

    @field_validator("seat", mode="before")
    @classmethod
    def _seat_is_no_bool(cls, value: Any) -> Any:
        if isinstance(value, bool):  # true == 1 to a Literal: not a seat
            raise ValueError("a seat is 0 or 1, not true or false")
        return value

    name: PlayerName | None = Field(None, description=NAME_HELP)
    clock: ClockIn | None = Field(None, description="A turn clock (default: none).")
    turn_limit: int | None = Field(
        None, ge=1, le=10000, description="End the game with no winner after this many turns."
    )
    placement: Literal["choose", "random"] = Field(
        "choose",
        description="`choose`: each seat places its own cards before play (R3.1), a bot at "
        "once (`POST /games/{id}/placement`). `random`: the seed deals everything and play "
        "starts now.",
    )

    tutorial: bool = Field(
        False,
        description="The guided game: a fixed position, you in seat 0 and first, against "
        "the scripted bot `tutorial` (with `opponent: bot`, no `bot`, `level` or `seat` 1).",
    )
    rated: bool = Field(
        False,
        description="Its result moves the players' ratings: signed in only; a friend must "
        "be signed in to join, with another account; against a bot, one of fixed rating "
        "(`random`, `heuristic`, `search:3`), in the account's rating against bots. On fixed "
        "terms: a `clock` whose `on_timeout` is `lose`, and no `turn_limit` (422 "
        "`rated_terms`).",
    )

    open: bool = Field(
        False,
        description="With `opponent: friend`: list the game in the lobby while you are at "
        "its table, for anyone to join in one click (`POST /seeks/{id}`). The invite works "
        "too.",
    )

    @field_validator("bot")
    @classmethod
    def _bot(cls, value: str | None) -> str | None:
        return None if value is None else check_bot_spec(value)

    @model_validator(mode="after")
    def _opponent(self) -> CreateGame:
        if self.tutorial:
            if self.rated:
                raise ValueError("the tutorial is not rated")
            if self.opponent != "bot" or self.bot is not None or self.level is not None:
                raise ValueError("the tutorial is played against its own bot: opponent=bot alone")
            if self.seat == 1:
                raise ValueError("the tutorial's learner plays seat 0")
            self.bot = "tutorial"
            return self
        if self.bot == "tutorial":
            raise ValueError("the tutorial bot plays only the tutorial: give tutorial=true")
        if self.open and self.opponent != "friend":
            raise ValueError("open is for opponent=friend: a game in the lobby waits for a person")
        if self.opponent == "bot":
            if self.bot is not None and self.level is not None:
                raise ValueError("give bot or level, not both")
            if self.bot is None:
                self.bot = f"search:{self.level}" if self.level is not None else "heuristic"
        elif self.bot is not None or self.level is not None:
            raise ValueError("bot and level are for opponent=bot")
        return self


class Links(BaseModel):
    """Where to go next (paths on this server)."""

    play: str | None = Field(
        None, description="This seat's game: send the token in the Authorization header."
    )
    ws: str | None = Field(
        None, description="This seat's WebSocket: the token goes in its first message."
    )
    watch: str = Field(..., description="The public page of the game (spectators).")
    watch_ws: str = Field(..., description="The spectators' WebSocket.")
    invite: str | None = Field(None, description="Send this to your friend: it takes the seat.")


class CreatedGame(BaseModel):
    game: str = Field(..., description="The game's id.")
    seat: int = Field(..., description="Your seat, 0 or 1.")
    token: str = Field(..., description="Your seat's secret token: it alone acts and sees.")
    invite: str | None = Field(None, description="The invite token for the friend's seat.")
    links: Links


class JoinIn(Strict):
    name: PlayerName | None = Field(None, description=NAME_HELP)


class InviteStatus(BaseModel):
    open: bool = Field(..., description="The invite's seat is still free to take.")


class Joined(BaseModel):
    game: str
    seat: int
    token: str = Field(..., description="Your seat's secret token.")
    links: Links


class Player(BaseModel):
    kind: str = Field(..., description="`human`, `bot` or `none` (an imported game).")
    bot: str | None = None
    name: str | None = None
    joined: bool
    guest: bool = Field(
        False, description="A person no account vouches for plays the seat (a guest)."
    )


class PlacementOut(BaseModel):
    """One seat's placement (R3.1): docs/format.md's shape."""

    street: list[str] = Field(..., description="The 8 characters at columns 1..8.")
    saloon: list[str] = Field(..., description="The 2 characters in the Saloon.")


class PlacingOut(BaseModel):
    """Where the placing stands, as one seat may know it (R3.1)."""

    done: list[bool] = Field(..., description="Whether each seat (0, 1) has placed its cards.")
    mine: PlacementOut | None = Field(
        None, description="Your own placement once made; null for a spectator or before."
    )


class GameOut(BaseModel):
    """A game as one seat (with its token) or a spectator may see it."""

    game: str
    kind: str = Field(..., description="`bot`, `friend` or `imported`.")
    status: str = Field(
        ..., description="`waiting` (for the friend), `placing` (R3.1), `playing` or `over`."
    )
    mode: Literal["play", "watch", "replay"] = Field(
        ..., description="`play`: your seat; `watch`: public view; `replay`: a finished game."
    )
    seat: int | None
    players: list[Player]
    actions: int = Field(..., description="How many actions the record holds.")
    result: dict[str, Any] | None = Field(
        None,
        description="Once finished: `winner`, `how` (`good`, `bad`, `ugly`, `limit`, "
        "`resign`, `timeout`) and for a resignation or timeout the `loser`.",
    )
    clock: dict[str, Any] | None = Field(None, description="Banks, deadline and server time.")
    phase: Literal["placing", "play"] = Field(
        ..., description="`placing` while a seat has not placed its cards (R3.1), then `play`."
    )
    placement: PlacingOut | None = Field(
        None, description="While placing: who is done, and your own placement (else null)."
    )
    view: dict[str, Any] | None = Field(
        ...,
        description="The engine's view for this seat (or the public one): docs/format.md's "
        "state shape, with the redacted event log (docs/events.md): at most 24 of its "
        "events, from `log_from` on. Null while placing.",
    )
    log_from: int = Field(
        0, description="The index in the whole log of the view's first event (see `since`)."
    )
    log_size: int = Field(0, description="How many events the whole log holds.")
    legal: str | None = Field(
        None,
        description="Your legal actions when you are to act: a mask over the action space "
        "(`GET /actionspace`), base64 text of fixed length; bit i (least significant "
        "first) of byte i // 8 set when action id i is legal (docs/protocol.md).",
        min_length=MASK_CHARS,
        max_length=MASK_CHARS,
    )
    replay: dict[str, Any] | None = Field(
        None, description="A finished game: the record and the full state at each step."
    )


class Placed(BaseModel):
    placement: PlacementOut = Field(..., description="The placement your seat made.")
    game: GameOut


class Accepted(BaseModel):
    accepted: int = Field(..., description="The action's index in the game's record (from 0).")
    game: GameOut


class ActionSpace(BaseModel):
    size: int = Field(..., description="How many action ids there are (ids 0 .. size - 1).")
    mask_bytes: int = Field(..., description="The bytes of a `legal` mask, before base64.")
    actions: list[dict[str, Any]] = Field(
        ...,
        description="Each id's docs/format.md action object, in id order. In a Saloon "
        "exchange `card`, `to_saloon` and `at_a` hold a place instead of a name: "
        '`{"saloon": k}` (your Saloon card k, from 0) or `{"col": c}` (your card in '
        "column c): your view names the card there.",
    )


class Resigned(BaseModel):
    result: dict[str, Any]


class MineIn(Strict):
    tokens: list[str] = Field(..., max_length=100, description="Your seat tokens.")


class Summary(BaseModel):
    game: str
    kind: str
    seat: int | None
    status: str
    turn: int
    to_act: int | None
    your_turn: bool
    actions: int
    result: dict[str, Any] | None
    players: list[Player]
    created_at: float


class MyGames(BaseModel):
    games: list[Summary]


class Imported(BaseModel):
    game: str
    actions: int
    links: Links


class Odds(BaseModel):
    col: int = Field(..., description="A column of the opponent's street (or a slot), 1..8.")
    p: dict[str, float] = Field(
        ...,
        description="The probability of each name there; names that cannot be there are left out.",
    )


class Exposed(BaseModel):
    col: int = Field(..., description="A column of the seat's own street, 1..8.")
    p: dict[str, float] = Field(
        ...,
        description="The opponent's probability of each character there, from public facts "
        "only; names it can rule out are left out.",
    )
    governor_if_shown: float = Field(
        ...,
        description="The opponent's probability for the seat's Governor's column once the "
        "card there is shown (Look, Take, an ability): 1.0 gives the Governor away.",
    )


class Seen(BaseModel):
    col: int = Field(..., description="The column it was shown at.")
    turn: int = Field(..., description="The turn it was shown in.")


class Notebook(BaseModel):
    """What a seat can deduce of its opponent's hidden cards, from its own view alone."""

    game: str
    seat: int = Field(..., description="The seat whose notebook this is.")
    actions: int = Field(..., description="How many actions the record held: the position.")
    events: int = Field(..., description="How many events of the seat's log it has read.")
    turn: int
    arrangements: int = Field(
        ..., description="How many arrangements of the opponent's street are still possible."
    )
    saloon: list[str] = Field(..., description="The opponent's Saloon (face up).")
    columns: list[Odds] = Field(
        ..., description="For each opponent column 1..8: P(each character is there)."
    )
    most_likely: dict[str, tuple[int, float] | None] = Field(
        ...,
        description="Each character's likeliest column and its probability, `[col, p]` "
        "(`null`: it is in the opponent's Saloon).",
    )
    last_seen: dict[str, Seen | None] = Field(
        ...,
        description="Where each opponent character was last shown face up (a `reveal` or "
        "`headline` event), `null` if never. It may have moved since.",
    )
    tokens: list[Odds] = Field(
        ..., description="For each slot 1..8: P(each token is there); `{}`: an empty slot."
    )
    exposure: list[Exposed] = Field(
        ...,
        description="For each of the seat's own columns 1..8: what the opponent can deduce "
        "of the card there from public facts (the seat's exposure).",
    )


class ErrorBody(BaseModel):
    code: str = Field(..., description="A stable, machine-readable code.")
    message: str = Field(..., description="What was wrong, for people.")
    field: str | None = Field(None, description="The field at fault (dotted JSON path).")
    rule: str | None = Field(None, description="The docs/rules.md rule broken.")
    action: int | None = Field(None, description="In a record: the action at fault (from 1).")


class ErrorOut(BaseModel):
    error: ErrorBody


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in {
        400: "Malformed JSON",
        403: "Wrong token",
        404: "Unknown game or invite",
        409: "Illegal action, not your turn, or the game is over",
        413: "Request too large",
        422: "A field is missing or has a bad value",
    }.items()
}
