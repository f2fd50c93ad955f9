// @ts-check
// The page state of a game at the table, reduced from the server's messages
// (docs/protocol.md): `reduce(state, message)` gives the next state, never touching the
// one it was given. No DOM, no socket here: what the page must do about a message
// (animate new events, ask for a gap, drop a choice) is said in `state.effects`.

import { legalActions } from "./actionspace.js";

/**
 * An object of the server's JSON (docs/format.md, docs/protocol.md): a view, an event, a
 * legal action, a message; its fields are the ones those documents give.
 * @typedef {Record<string, any>} Json
 */

/**
 * What a message asks of the page besides showing the new state.
 * @typedef {object} Effects
 * @property {Json[]} fresh events new to the page: shown one beat after another
 * @property {boolean} first the first view of this game: shown at once, nothing to animate
 * @property {number | null} sync a gap in the log: ask the server again from this index
 * @property {boolean} newChoice a new position (or a new legal list): the choice starts again
 * @property {boolean} refused the server refused the action this page was waiting for
 * @property {Json | null} error an `error` message's body, to show
 * @property {boolean} started the placement phase just ended: play begins (R3.1)
 */

/**
 * The page state of a game.
 * @typedef {object} PageState
 * @property {0 | 1 | null} seat this page's seat, null for a spectator
 * @property {Json | null} view the engine's view, without its log
 * @property {Json[]} events the log this page holds: the whole log, or its end from
 *   `logStart` on
 * @property {number} logStart the index in the whole log of `events[0]`: 0, or more when
 *   the server left the older events out of a long game's `hello` (`truncated`,
 *   docs/protocol.md); they are in the replay, and the notebook counts them
 * @property {Json[] | null} legal the legal actions as docs/format.md objects, null when it is
 *   not this seat's decision
 * @property {string | null} status waiting, placing, playing, over
 * @property {"placing" | "play" | null} phase placing: the seats arrange their cards
 *   (R3.1) and there is no view yet; play: the game proper
 * @property {{done: boolean[], mine: Json | null} | null} placement while placing: which
 *   seats are done, and this seat's own arrangement once made
 * @property {Json | null} result
 * @property {Json[]} players
 * @property {string | null} kind bot, friend, imported
 * @property {Json | null} clock
 * @property {number} clockOffset server time minus this browser's time, in seconds
 * @property {number} actions actions in the game's record
 * @property {string | null} position what identifies the position the legal list belongs to
 * @property {number} ref the last `ref` sent
 * @property {number | null} pendingRef the `ref` of the action or resignation awaiting its answer
 * @property {boolean} busy an action or a resignation was sent and is not settled yet
 * @property {number} sentAt `actions` when it was sent (Infinity for a resignation)
 * @property {{actor: number, now: boolean} | null} showing set only in the state as of a
 *   moment on screen (moment.js): the seat whose action the page waits for, and whether
 *   it is being shown now
 * @property {Effects} effects what the last message asks of the page
 */

/** @type {Effects} */
const NO_EFFECTS = Object.freeze({
  fresh: [],
  first: false,
  sync: null,
  newChoice: false,
  refused: false,
  error: null,
  started: false,
});

/** @returns {PageState} */
export function initialState() {
  return {
    seat: null,
    view: null,
    events: [],
    logStart: 0,
    legal: null,
    status: null,
    phase: null,
    placement: null,
    result: null,
    players: [],
    kind: null,
    clock: null,
    clockOffset: 0,
    actions: 0,
    position: null,
    ref: 0,
    pendingRef: null,
    busy: false,
    sentAt: -1,
    showing: null,
    effects: NO_EFFECTS,
  };
}

/**
 * The state after `message`. `receivedAt` (seconds since the epoch, this browser's time)
 * sets the clock's offset from the server's `now`; `templates`, the action space's
 * (actionspace.js, `loadActionSpace`), read a message's legal actions: it needs them
 * when it has some.
 * @param {PageState} state
 * @param {{type: string} & Record<string, any>} message
 * @param {{receivedAt?: number, templates?: Json[]}} [options]
 * @returns {PageState}
 */
export function reduce(state, message, options = {}) {
  const base = { ...state, effects: NO_EFFECTS };
  switch (message.type) {
    case "hello":
      return hello(base, message, options);
    case "events":
      return events(base, message, options);
    case "accepted":
      return message.ref === state.pendingRef ? { ...base, pendingRef: null } : base;
    case "resigned":
      return { ...base, busy: false };
    case "error":
      return refusal(base, message);
    case "placed":
      return placed(base, message);
    default:
      return base;
  }
}

/** How many events of the whole log the page holds (or stands for, when the server left
 * the oldest out): what it asks the server for from, as `since`. */
export function heldEvents(state) {
  return state.logStart + state.events.length;
}

function hello(state, message, options) {
  // While the seats place their cards there is no view, and no log yet.
  const { log = [], ...view } = message.view || {};
  const since = message.since || 0;
  const start = state.logStart;
  const held = heldEvents(state);
  // A hello past what the page holds left events out (`truncated`: a long game): its log
  // is the page's from there on, shown at once (hundreds of beats would replay nothing
  // useful). One from before what the page holds (a fresh start) replaces it too.
  const replaced = since > held || since < start;
  // Otherwise the events the page holds past `since` are the server's: the log is its.
  const fresh = since > held ? [] : log.slice(Math.max(0, held - since));
  const first = state.view === null;
  const next = common(
    {
      ...state,
      view: message.view ? view : null,
      events: replaced ? log : state.events.slice(0, since - start).concat(log),
      logStart: replaced ? since : start,
    },
    message,
    options,
  );
  return { ...next, effects: { ...next.effects, first: first && next.view !== null, fresh: first ? [] : fresh } };
}

function events(state, message, options) {
  const held = heldEvents(state);
  if (message.since > held) return { ...state, effects: { ...NO_EFFECTS, sync: held } };
  const fresh = (message.events || []).slice(Math.max(0, held - message.since));
  const next = common(
    { ...state, view: message.view || null, events: state.events.concat(fresh) },
    message,
    options,
  );
  // The first view after the placement is shown at once, like a hello's: the game starts
  // there, nothing moved to animate.
  if (state.view === null && next.view !== null) {
    return { ...next, effects: { ...next.effects, first: true, fresh: [] } };
  }
  return { ...next, effects: { ...next.effects, fresh } };
}

/** What `hello` and `events` both carry. */
function common(state, message, { receivedAt, templates }) {
  const clock = message.clock;
  const clockOffset = clock && typeof clock.now === "number" && typeof receivedAt === "number"
    ? clock.now - receivedAt
    : state.clockOffset;
  const view = message.view || null;
  const position = `${message.actions}:${message.status}:${view ? view.to_act : null}`;
  const legal = legalActions(message.legal, templates, view);
  const newChoice = position !== state.position || JSON.stringify(legal) !== JSON.stringify(state.legal);
  // Settled once the record has moved past the action sent (or the game ended).
  const settled = message.actions > state.sentAt || message.status === "over";
  // A server that knows no placement phase sends neither field: its games are in play.
  const phase = message.phase || (view ? "play" : state.phase);
  const started = state.phase === "placing" && phase === "play";
  return {
    ...state,
    phase,
    placement: phase === "placing" ? mergePlacement(state.placement, message.placement, message.seat) : null,
    seat: message.seat,
    actions: message.actions,
    status: message.status,
    result: message.result,
    players: message.players || state.players,
    clock,
    clockOffset,
    kind: message.kind || state.kind,
    position,
    legal,
    busy: state.busy && !settled,
    effects: { ...NO_EFFECTS, newChoice, started },
  };
}

/** The placement news of a message over what the page held: a seat once done stays done
 * (a late answer must not undo what a newer message said). A spectator's page never
 * holds a placement, whatever it is sent. */
function mergePlacement(held, news, seat) {
  if (!news) return held || null;
  const done = [0, 1].map((s) => Boolean((news.done || [])[s] || (held && held.done[s])));
  const mine = seat === null || seat === undefined ? null : news.mine || (held && held.mine) || null;
  return { done, mine };
}

/** This seat's placement was accepted over HTTP: `{type: "placed", game}` with the game
 * the server answered. The socket brings the same news (and, once both seats are done,
 * the view): this only spares the page the wait, and never takes it back to placing. */
function placed(state, message) {
  const game = message.game || {};
  if (state.phase !== "placing" || game.phase !== "placing") return state;
  return {
    ...state,
    status: game.status || state.status,
    placement: mergePlacement(state.placement, game.placement, state.seat),
  };
}

function refusal(state, message) {
  const error = message.error || {};
  if (message.ref === undefined || message.ref !== state.pendingRef) {
    return { ...state, effects: { ...NO_EFFECTS, error } };
  }
  return { ...state, pendingRef: null, busy: false, effects: { ...NO_EFFECTS, refused: true, error } };
}

/** The state once an action (or, with `resign`, a resignation) is sent: its `ref` is
 * `state.ref` of the result. */
export function sending(state, { resign = false } = {}) {
  const ref = state.ref + 1;
  return {
    ...state,
    ref,
    pendingRef: ref,
    busy: true,
    sentAt: resign ? Infinity : state.actions,
    effects: NO_EFFECTS,
  };
}

// -- questions about a state -------------------------------------------------------------

export function isSeat(state) {
  return state.seat !== null && state.seat !== undefined;
}

/** The seats are still placing their cards (R3.1): the placement screen is shown. */
export function placing(state) {
  return state.phase === "placing";
}

/** This seat has placed and waits for the other (false for a spectator). */
export function placedAndWaiting(state) {
  return placing(state) && isSeat(state) && Boolean(state.placement && state.placement.done[state.seat]);
}

/** This seat has a decision to make (an action or a reaction). */
export function myTurn(state) {
  return isSeat(state) && state.status === "playing" && Array.isArray(state.legal) && state.legal.length > 0;
}

/** The browser tab's title: marked while this seat has something to decide (an action,
 * a reaction, or its placement), so that a player busy in another tab sees it is their
 * move. `base`: the page's own title; `yourMove`: the mark, in the page's language. */
export function tabTitle(state, { base, yourMove }) {
  const decide = myTurn(state) || (placing(state) && isSeat(state) && !placedAndWaiting(state));
  return decide ? `${yourMove} · ${base}` : base;
}

/** What identifies whose move it is, to announce a turn once (turn, seat, reaction). */
export function turnKey(state) {
  const v = state.view;
  return v ? `${v.turn}:${v.to_act}:${v.pending}` : null;
}

/**
 * How a finished game ended, for the page: winner and loser (seat or null), how, and
 * the outcome for this page: "draw" (no winner), "won" (this seat won) or "lost" (any
 * other; a spectator's page too).
 */
export function outcome(state) {
  const result = state.result || {};
  const winner = result.winner ?? null;
  const loser = result.loser ?? (winner === null ? null : 1 - winner);
  let verdict = "lost";
  if (winner === null) verdict = "draw";
  else if (isSeat(state) && winner === state.seat) verdict = "won";
  return { winner, loser, how: result.how ?? null, verdict };
}
