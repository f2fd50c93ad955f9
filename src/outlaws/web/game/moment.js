// @ts-check
// The moment on screen. The server's news comes at once (a bot answers within a blink)
// but is shown beat by beat (beats.js): the page draws everything (the board, the status
// bar, the action panel, the log, the end of the game) from the state as of the beat on
// screen, never from news not shown yet, so that they all tell the same moment.

import { beatActor } from "./beats.js";
import { heldEvents, isSeat } from "./gamestate.js";

/**
 * A beat: events shown together, the state the message that brought them made, and how
 * much of the log is shown once it has played (beats.js).
 * @typedef {{events: import("./gamestate.js").Json[], frame: import("./gamestate.js").PageState | null, upTo: number}} Beat
 */

/**
 * Does this beat hold the page back? Another seat's action does: its news waits until it
 * is shown. One's own action, or the table's own events, do not: this seat chose them
 * (or they follow from them), and the page may go on while they play. Unless one's own
 * action ends the game: then there is nothing to go on to, and the end waits for it to
 * be shown, as it waits for the other seat's last action.
 * @param {import("./gamestate.js").PageState} latest the state all the messages made
 * @param {Beat} beat
 */
export function holdsBack(latest, beat) {
  const actor = beatActor(beat);
  // A turn's start is no action: it waits for nothing.
  if (!beat.frame || actor === null || beat.events[0].type === "turn") return false;
  return !(isSeat(latest) && actor === latest.seat) || beat.frame.status === "over";
}

/**
 * The page state as of the moment on screen. `beats`: the beat on screen, then those
 * queued after it ([] once everything is shown).
 *
 * Up to the first beat that holds the page back (`holdsBack`), the news is the page's:
 * with none, the moment is the latest. While that beat is on screen, the moment is the
 * state its message made (`beat.frame`: its view, whose turn, its clock), with the log up
 * to the end of the beat. While this seat's own action still plays before it, the moment
 * is the last message shown whole. Either way nothing is to choose yet, a finished game
 * is still in play until its last action is shown, and `showing` names the seat whose
 * action the page waits for (`now`: it is on screen); what this page sent and awaits
 * stays the latest's.
 * @param {import("./gamestate.js").PageState} latest
 * @param {Beat[]} beats
 * @returns {import("./gamestate.js").PageState}
 */
export function shownState(latest, beats) {
  const gate = beats.findIndex((beat) => holdsBack(latest, beat));
  if (gate < 0) return latest;
  const held = beats[gate];
  const before = beats.slice(0, gate).findLast((beat) => beat.frame && beat.frame !== held.frame);
  // A message's view is where all its events lead: one shown in part is its held beat's.
  const frame = before ? before.frame : held.frame;
  const upTo = before ? heldEvents(before.frame) : beats[0].upTo;
  const over = frame.status === "over";
  // The view of the held beat's message may have passed to the next turn already.
  const turn = before ? null : held.events[0].turn;
  return {
    ...frame,
    view: frame.view && typeof turn === "number" ? { ...frame.view, turn } : frame.view,
    events: frame.events.slice(0, Math.max(0, upTo - frame.logStart)),
    legal: null,
    status: over ? "playing" : frame.status,
    result: over ? null : frame.result,
    showing: { actor: beatActor(held), now: gate === 0 },
    ref: latest.ref,
    pendingRef: latest.pendingRef,
    busy: latest.busy,
    sentAt: latest.sentAt,
    effects: latest.effects,
  };
}
